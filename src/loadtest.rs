//! `carcassonne loadtest`: drives a running game server over real HTTP and WebSocket
//! connections with simulated people and games between bots, then checks every game against
//! its stored record (docs/performance.md, "Server under load").
//!
//! A simulated person plays one seat against one bot: thinks for a while, acts over the
//! WebSocket or HTTP, sometimes with a stale version (expects `409`), with a wrong token
//! (expects `403`), or drops and reopens the connection. Each game between bots is watched by
//! a spectator connection (so the server does not pause it) that reconnects now and then. A
//! reader asks for the game list and views. Measured: how long the person's actions take to be
//! acknowledged, how long the bot of a person's game takes per decision and per turn, how long
//! reads take, and unexpected answers by kind.

use std::collections::BTreeMap;
use std::net::ToSocketAddrs;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use carcassonne_engine::random::{below, rng_from_seed, GameRng};
use carcassonne_engine::{Record, RecordAction};
use carcassonne_server::room::Room;
use carcassonne_server::seats::Seat;
use clap::Args;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// Drive a running server with simulated people and games between bots, and measure it.
#[derive(Debug, Args)]
#[command(
    long_about = "Drive a running `carcassonne serve` over HTTP and WebSocket: GAMES games between \
        two bots, each watched by a spectator, and HUMANS simulated people each playing a bot \
        (thinking time, reconnections, stale versions, wrong tokens), for MINUTES. Reports the \
        latency of the people's actions (p50, p95, p99), the bots' answer times in games with \
        people, the reads' latency and every unexpected answer by kind; then checks that each \
        game's stored record replays to the state its clients last saw (finished games through \
        the API, running ones from the database given with --db). Exits with code 1 on any \
        unexpected answer or mismatch.\n\n\
        The server's limits must allow the load: e.g. `carcassonne serve --max-games 300 \
        --max-bot-seats 600 --games-per-minute 10000 --connections-per-address 1000`.",
    after_help = "Examples:\n  \
        carcassonne loadtest --addr 127.0.0.1:8080 --games 0 --humans 1 --minutes 2\n  \
        carcassonne loadtest --addr 127.0.0.1:8080 --games 100 --humans 1 --minutes 3 --db carcassonne.db"
)]
pub struct LoadtestArgs {
    /// The server's address.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    addr: String,
    /// Games between bots only, kept running.
    #[arg(long, value_name = "N", default_value_t = 10)]
    games: usize,
    /// Simulated people, each in a game against one bot.
    #[arg(long, value_name = "M", default_value_t = 1)]
    humans: usize,
    /// How long to run.
    #[arg(long, value_name = "T", default_value_t = 2.0)]
    minutes: f64,
    /// The bot of every seat that is not a person.
    #[arg(long, value_name = "BOT", default_value = "mcts:hard")]
    bot: String,
    /// A person's mean thinking time per decision, in milliseconds (each is drawn from half
    /// to one and a half times it).
    #[arg(long, value_name = "MS", default_value_t = 800)]
    think_ms: u64,
    /// The server's database, to check the games still running against their stored actions.
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,
    /// Seed of the simulated people's choices.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// An attack run beside the people, repeatable (issue 42; src/attacks.rs): `idle=N` (N idle
    /// TCP connections kept open), `hoard=N` (N games of a person who never acts and five
    /// bots), `starve=N` (N games of a person who answers at once and five bots), `flood=N` (N
    /// live connections sending binary messages and pings). The people's latency is measured
    /// beside it.
    #[arg(long, value_name = "KIND=N")]
    attack: Vec<crate::attacks::Attack>,
    /// The header the server reads a client's address from (its --client-address-header): the
    /// people then come from 10.1.0.1 and the attackers from 10.66.0.1.
    #[arg(long, value_name = "HEADER")]
    address_header: Option<String>,
    /// Print the results as one JSON object.
    #[arg(long)]
    json: bool,
}

/// What every task adds to.
#[derive(Default)]
struct Stats {
    /// From sending a person's action to its acknowledgement (the HTTP answer, or the state
    /// at the next version on the WebSocket), in milliseconds.
    ack: Vec<f64>,
    /// A bot's decision in a game with a person: from the state that asks it to the state
    /// that shows its action.
    bot_decision: Vec<f64>,
    /// A bot's whole turn in a game with a person: from the person's acknowledged action to
    /// the state that asks the person again (or ends the game).
    bot_turn: Vec<f64>,
    /// Reads: the game list and views over HTTP.
    read: Vec<f64>,
    actions_ws: usize,
    actions_http: usize,
    reconnects: usize,
    people_games_finished: usize,
    bot_games_finished: usize,
    /// Refusals the simulated people provoked on purpose, by kind.
    expected: BTreeMap<String, usize>,
    /// Everything else that went wrong, by kind.
    errors: BTreeMap<String, usize>,
    /// What the attacks did and met, by kind.
    attacks: BTreeMap<String, usize>,
    /// Each game's last state as its clients saw it.
    seen: BTreeMap<String, Value>,
}

type Shared = Arc<Mutex<Stats>>;

fn add(stats: &Shared, f: impl FnOnce(&mut Stats)) {
    f(&mut stats.lock().unwrap_or_else(|e| e.into_inner()));
}

fn error(stats: &Shared, kind: impl Into<String>) {
    let kind = kind.into();
    add(stats, |s| *s.errors.entry(kind).or_default() += 1);
}

fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
}

struct Client {
    http: reqwest::Client,
    /// The people's address in the server's client-address header, if it reads one.
    address: Option<(String, String)>,
    base: String,
    ws_base: String,
    stats: Shared,
    deadline: Instant,
    bot: String,
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

impl Client {
    /// Creates a game, waiting as the server asks when it is over a limit.
    async fn create(&self, seats: Value) -> Option<Value> {
        while Instant::now() < self.deadline {
            let sent = self.http.post(format!("{}/api/games", self.base)).json(&json!({ "seats": seats })).send().await;
            let response = match sent {
                Ok(response) => response,
                Err(e) => {
                    error(&self.stats, format!("create: {}", kind_of(&e)));
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                }
            };
            let status = response.status().as_u16();
            let body: Value = response.json().await.unwrap_or(Value::Null);
            match status {
                201 => return Some(body),
                429 | 503 => {
                    error(&self.stats, format!("create: {status} {}", body["error"].as_str().unwrap_or("")));
                    let wait = body["retry_after"].as_u64().unwrap_or(5);
                    tokio::time::sleep(Duration::from_secs(wait)).await;
                }
                _ => {
                    error(&self.stats, format!("create: {status} {body}"));
                    return None;
                }
            }
        }
        None
    }

    async fn connect(&self, id: &str, token: Option<&str>) -> Option<Socket> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let query = token.map(|t| format!("?token={t}")).unwrap_or_default();
        let Ok(mut request) = format!("{}/api/games/{id}/ws{query}", self.ws_base).into_client_request() else {
            error(&self.stats, "websocket: a bad address");
            return None;
        };
        if let Some((header, value)) = &self.address {
            if let (Ok(name), Ok(value)) =
                (tokio_tungstenite::tungstenite::http::HeaderName::from_bytes(header.as_bytes()), value.parse())
            {
                request.headers_mut().insert(name, value);
            }
        }
        match tokio_tungstenite::connect_async(request).await {
            Ok((socket, _)) => Some(socket),
            Err(e) => {
                error(&self.stats, format!("websocket connect: {e}"));
                None
            }
        }
    }

    /// The next JSON message of a socket, or `None` when it closed, failed or stayed silent
    /// for two minutes (each an error unless the run is over).
    async fn next(&self, socket: &mut Socket) -> Option<Value> {
        loop {
            let message = tokio::time::timeout(Duration::from_secs(120), socket.next()).await;
            let message = match message {
                Ok(Some(Ok(message))) => message,
                Ok(Some(Err(e))) => {
                    error(&self.stats, format!("websocket: {e}"));
                    return None;
                }
                Ok(None) => {
                    error(&self.stats, "websocket closed by the server");
                    return None;
                }
                Err(_) => {
                    error(&self.stats, "websocket silent for 2 minutes");
                    return None;
                }
            };
            if let Message::Text(text) = message {
                return serde_json::from_str(&text).ok();
            }
        }
    }
}

/// A transport error in a few words.
fn kind_of(e: &reqwest::Error) -> &'static str {
    if e.is_timeout() {
        "timeout"
    } else if e.is_connect() {
        "cannot connect"
    } else {
        "transport error"
    }
}

/// The part of a view that the stored record decides: the board, the figures, the scores, the
/// tiles left and the pending decision.
fn decided(view: &Value) -> Value {
    let scores: Vec<Value> =
        view["seats"].as_array().map(|s| s.iter().map(|s| s["score"].clone()).collect()).unwrap_or_default();
    json!({
        "version": view["version"], "board": view["board"], "figures": view["figures"],
        "scores": scores, "tiles_left": view["tiles_left"], "pending": view["pending"],
    })
}

/// One simulated person: games against one bot until the time is up.
async fn person(client: Arc<Client>, k: usize, mut rng: GameRng, think: Duration) {
    while Instant::now() < client.deadline {
        let seats = json!([{"name": format!("Person {k}"), "player": "human"}, {"player": client.bot}]);
        let Some(created) = client.create(seats).await else { return };
        let id = created["id"].as_str().unwrap_or_default().to_string();
        let token = created["seats"][0]["token"].as_str().unwrap_or_default().to_string();
        if play(&client, &id, &token, &mut rng, think).await {
            add(&client.stats, |s| s.people_games_finished += 1);
        }
    }
}

/// Plays a person's game to its end (true) or to the deadline.
async fn play(client: &Client, id: &str, token: &str, rng: &mut GameRng, think: Duration) -> bool {
    let Some(mut socket) = client.connect(id, Some(token)).await else { return false };
    let mut last: Option<(Value, Instant)> = None;
    let mut bot_turn_since: Option<Instant> = None;
    // The acknowledgement of an action over the WebSocket is also the next state to act on.
    let mut carried: Option<Value> = None;
    // The newest version known (from the WebSocket or an HTTP answer): a state the server sent
    // before an action over HTTP may still be queued on the socket, and acting on it would be a
    // stale action of the tool's own making.
    let mut newest = 0u64;
    loop {
        let message = match carried.take() {
            Some(message) => message,
            None => match client.next(&mut socket).await {
                Some(message) => message,
                None => return false,
            },
        };
        if message["type"] != "state" {
            error(&client.stats, format!("unexpected message: {}", message["type"]));
            continue;
        }
        // `last` is the state at which the version last changed (a connection coming or going
        // sends the same version again).
        let arrived = Instant::now();
        let moved =
            last.as_ref().is_none_or(|(previous, _)| message["version"].as_u64() > previous["version"].as_u64());
        if let Some((previous, at)) = last.as_ref().filter(|_| moved) {
            if previous["pending"]["seat"] == 1 {
                let took = (arrived - *at).as_secs_f64() * 1000.0;
                add(&client.stats, |s| s.bot_decision.push(took));
            }
        }
        add(&client.stats, |s| {
            s.seen.insert(id.to_string(), decided(&message));
        });
        if moved {
            last = Some((message.clone(), arrived));
        }
        let version = message["version"].as_u64().unwrap_or(0);
        if version < newest {
            continue;
        }
        newest = version;
        if message["status"] == "over" {
            if let Some(since) = bot_turn_since.take() {
                add(&client.stats, |s| s.bot_turn.push(ms(since)));
            }
            return true;
        }
        let Some(legal) = message["legal"].as_array().filter(|l| !l.is_empty()) else { continue };
        if let Some(since) = bot_turn_since.take() {
            add(&client.stats, |s| s.bot_turn.push(ms(since)));
        }
        if Instant::now() >= client.deadline {
            return false;
        }
        let thinking = think.mul_f64(0.5 + below(rng, 1000) as f64 / 1000.0);
        tokio::time::sleep(thinking).await;
        let action = legal[below(rng, legal.len() as u32) as usize].clone();
        let url = format!("{}/api/games/{id}/actions", client.base);
        match below(rng, 100) {
            // A stale version: the server must refuse it and change nothing.
            0..=4 if version > 0 => {
                let stale = json!({"type": "act", "action": action, "version": version - 1});
                if socket.send(Message::Text(stale.to_string().into())).await.is_err() {
                    return false;
                }
                match client.next(&mut socket).await {
                    Some(m) if m["type"] == "error" && m["status"] == 409 => {
                        add(&client.stats, |s| *s.expected.entry("409 stale version".into()).or_default() += 1)
                    }
                    Some(m) => error(&client.stats, format!("a stale version was answered with {}", m["type"])),
                    None => return false,
                }
            }
            // Someone else's token: refused.
            5..=7 => {
                let body = json!({"token": "0".repeat(32), "action": action, "version": version});
                match client.http.post(&url).json(&body).send().await {
                    Ok(r) if r.status() == 403 => {
                        add(&client.stats, |s| *s.expected.entry("403 wrong token".into()).or_default() += 1)
                    }
                    Ok(r) => error(&client.stats, format!("a wrong token was answered with {}", r.status())),
                    Err(e) => error(&client.stats, format!("actions: {}", kind_of(&e))),
                }
            }
            // The page reloads: a new connection, which starts with the whole state.
            8..=10 => {
                let _ = socket.close(None).await;
                let Some(again) = client.connect(id, Some(token)).await else { return false };
                socket = again;
                add(&client.stats, |s| s.reconnects += 1);
                continue; // The state that the new connection sends decides again.
            }
            _ => {}
        }
        let sent = Instant::now();
        if below(rng, 10) < 7 {
            let act = json!({"type": "act", "action": action, "version": version});
            if socket.send(Message::Text(act.to_string().into())).await.is_err() {
                return false;
            }
            // The acknowledgement is the state at the next version.
            loop {
                let Some(m) = client.next(&mut socket).await else { return false };
                if m["type"] == "error" {
                    error(&client.stats, format!("act: {} {}", m["status"], m["error"]));
                    break;
                }
                if m["type"] == "state" && m["version"].as_u64() > Some(version) {
                    add(&client.stats, |s| {
                        s.ack.push(ms(sent));
                        s.actions_ws += 1;
                        s.seen.insert(id.to_string(), decided(&m));
                    });
                    if m["pending"]["seat"] == 1 {
                        bot_turn_since = Some(Instant::now());
                    }
                    last = Some((m.clone(), Instant::now()));
                    carried = Some(m);
                    break;
                }
            }
        } else {
            let body = json!({"token": token, "action": action, "version": version});
            match client.http.post(&url).json(&body).send().await {
                Ok(r) if r.status() == 200 => {
                    let took = ms(sent);
                    let view: Value = r.json().await.unwrap_or(Value::Null);
                    newest = newest.max(view["version"].as_u64().unwrap_or(0));
                    add(&client.stats, |s| {
                        s.ack.push(took);
                        s.actions_http += 1;
                    });
                    if view["pending"]["seat"] == 1 {
                        bot_turn_since = Some(Instant::now());
                    }
                }
                Ok(r) => error(&client.stats, format!("act over HTTP: {}", r.status())),
                Err(e) => error(&client.stats, format!("act over HTTP: {}", kind_of(&e))),
            }
        }
    }
}

/// One game between bots at a time, watched to its end, until the time is up.
async fn bot_games(client: Arc<Client>, k: usize) {
    while Instant::now() < client.deadline {
        let seats = json!([{"name": format!("Bot {k}a"), "player": client.bot}, {"name": format!("Bot {k}b"), "player": client.bot}]);
        let Some(created) = client.create(seats).await else { return };
        let id = created["id"].as_str().unwrap_or_default().to_string();
        let Some(mut socket) = client.connect(&id, None).await else { return };
        let mut connected = Instant::now();
        loop {
            if Instant::now() >= client.deadline {
                return;
            }
            // A spectator reloads the page now and then.
            if connected.elapsed() > Duration::from_secs(60) {
                let _ = socket.close(None).await;
                let Some(again) = client.connect(&id, None).await else { return };
                socket = again;
                connected = Instant::now();
                add(&client.stats, |s| s.reconnects += 1);
            }
            let next = tokio::time::timeout(
                client.deadline.saturating_duration_since(Instant::now()),
                client.next(&mut socket),
            );
            let Ok(Some(message)) = next.await else { return };
            if message["type"] != "state" {
                continue;
            }
            add(&client.stats, |s| {
                s.seen.insert(id.clone(), decided(&message));
            });
            if message["status"] == "over" {
                add(&client.stats, |s| s.bot_games_finished += 1);
                break;
            }
        }
    }
}

/// Reads the game list and a view once a second, as a lobby and a page would.
async fn reader(client: Arc<Client>) {
    let mut ticks = tokio::time::interval(Duration::from_secs(1));
    while Instant::now() < client.deadline {
        ticks.tick().await;
        let sent = Instant::now();
        let list = match client.http.get(format!("{}/api/games", client.base)).send().await {
            Ok(r) if r.status() == 200 => r.json::<Value>().await.unwrap_or(Value::Null),
            Ok(r) => {
                error(&client.stats, format!("game list: {}", r.status()));
                continue;
            }
            Err(e) => {
                error(&client.stats, format!("game list: {}", kind_of(&e)));
                continue;
            }
        };
        add(&client.stats, |s| s.read.push(ms(sent)));
        let Some(game) = list["games"].as_array().and_then(|g| g.first()) else { continue };
        let sent = Instant::now();
        let url = format!("{}/api/games/{}", client.base, game["id"].as_str().unwrap_or_default());
        match client.http.get(url).send().await {
            Ok(r) if r.status() == 200 => add(&client.stats, |s| s.read.push(ms(sent))),
            Ok(r) => error(&client.stats, format!("view: {}", r.status())),
            Err(e) => error(&client.stats, format!("view: {}", kind_of(&e))),
        }
    }
}

/// The stored record of a game: through the API once it is over, else from the database.
async fn stored_record(
    client: &Client,
    id: &str,
    over: bool,
    db: Option<&carcassonne_server::store::Store>,
) -> anyhow::Result<Option<(Record, Vec<Seat>)>> {
    let seats_of = |view: &Value| -> Vec<Seat> {
        view["seats"]
            .as_array()
            .map(|seats| {
                seats
                    .iter()
                    .map(|s| Seat {
                        name: s["name"].as_str().unwrap_or_default().into(),
                        player: s["player"].as_str().unwrap_or_default().into(),
                        token: None,
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    let view: Value = client.http.get(format!("{}/api/games/{id}", client.base)).send().await?.json().await?;
    if over {
        let record: Record =
            client.http.get(format!("{}/api/games/{id}/record", client.base)).send().await?.json().await?;
        return Ok(Some((record, seats_of(&view))));
    }
    let Some(store) = db else { return Ok(None) };
    let Some(rows) = store.load_game(id)? else { bail!("not in the database") };
    let (stored, actions) = rows.map_err(anyhow::Error::msg)?;
    let mut record = Record::from_json(&stored.record)?;
    record.actions = actions.iter().map(|a| serde_json::from_str::<RecordAction>(a)).collect::<Result<_, _>>()?;
    let seats: Vec<Seat> = serde_json::from_str(&stored.seats)?;
    Ok(Some((record, seats)))
}

/// Checks every game's last seen state against its stored record replayed to that version.
/// Returns (checked, not checked, mismatches).
async fn check_records(
    client: &Client,
    seen: &BTreeMap<String, Value>,
    db: Option<&PathBuf>,
) -> (usize, usize, Vec<String>) {
    let store = db.map(|path| carcassonne_server::store::Store::open(path));
    let store = match store.transpose() {
        Ok(store) => store,
        Err(e) => return (0, seen.len(), vec![format!("cannot open the database: {e}")]),
    };
    let (mut checked, mut unchecked, mut mismatches) = (0, 0, vec![]);
    for (id, last) in seen {
        let over = last["pending"]["decision"] == "over";
        let (mut record, seats) = match stored_record(client, id, over, store.as_ref()).await {
            Ok(Some(found)) => found,
            Ok(None) => {
                unchecked += 1;
                continue;
            }
            Err(e) => {
                mismatches.push(format!("game {id}: cannot read its record: {e}"));
                continue;
            }
        };
        let version = last["version"].as_u64().unwrap_or(0) as usize;
        if record.actions.len() < version {
            mismatches.push(format!(
                "game {id}: clients saw version {version}, the record has {} actions",
                record.actions.len()
            ));
            continue;
        }
        record.actions.truncate(version);
        // Through the text, as the clients got it (the figures' anchors are f32).
        let replayed = Room::new(id.clone(), 0, seats, record).map(|room| {
            serde_json::to_string(&room.view(vec![], usize::MAX)).and_then(|text| serde_json::from_str::<Value>(&text))
        });
        match replayed {
            Ok(Ok(view)) if decided(&view) == *last => checked += 1,
            Ok(Ok(view)) => {
                let replayed = decided(&view);
                let differ: Vec<&String> = replayed
                    .as_object()
                    .into_iter()
                    .flatten()
                    .filter(|(k, v)| last[k.as_str()] != **v)
                    .map(|(k, _)| k)
                    .collect();
                mismatches.push(format!(
                    "game {id} at version {version}: the clients saw other {differ:?} than the record gives"
                ));
            }
            Ok(Err(e)) => mismatches.push(format!("game {id}: {e}")),
            Err(e) => mismatches.push(format!("game {id}: the record does not replay: {e}")),
        }
    }
    (checked, unchecked, mismatches)
}

/// p50, p95, p99 and the maximum of a sample, in milliseconds.
fn percentiles(sample: &[f64]) -> Value {
    if sample.is_empty() {
        return json!({"n": 0});
    }
    let mut sorted = sample.to_vec();
    sorted.sort_by(f64::total_cmp);
    let at = |q: f64| {
        let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
        (sorted[rank - 1] * 10.0).round() / 10.0
    };
    json!({"n": sorted.len(), "p50": at(0.5), "p95": at(0.95), "p99": at(0.99), "max": at(1.0)})
}

fn line(label: &str, p: &Value) -> String {
    if p["n"] == 0 {
        return format!("{label}: none");
    }
    format!("{label}: n={} p50 {} ms, p95 {} ms, p99 {} ms, max {} ms", p["n"], p["p50"], p["p95"], p["p99"], p["max"])
}

pub fn run(args: LoadtestArgs) -> anyhow::Result<()> {
    if !(args.minutes > 0.0 && args.minutes.is_finite()) {
        bail!("--minutes must be a positive number, not {}", args.minutes);
    }
    let runtime =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().context("cannot start the runtime")?;
    let failed = runtime.block_on(drive(args))?;
    if failed {
        std::process::exit(1);
    }
    Ok(())
}

/// Runs the load; true if anything unexpected happened.
async fn drive(args: LoadtestArgs) -> anyhow::Result<bool> {
    let base = if args.addr.starts_with("http") { args.addr.clone() } else { format!("http://{}", args.addr) };
    let address = args.address_header.clone().map(|h| (h, "10.1.0.1".to_string()));
    let mut headers = reqwest::header::HeaderMap::new();
    if let Some((header, value)) = &address {
        headers.insert(reqwest::header::HeaderName::from_bytes(header.as_bytes())?, value.parse()?);
    }
    let http = reqwest::Client::builder().timeout(Duration::from_secs(60)).default_headers(headers).build()?;
    http.get(format!("{base}/api/options")).send().await.with_context(|| format!("no server answers at {base}"))?;
    let started = Instant::now();
    let client = Arc::new(Client {
        ws_base: base.replacen("http", "ws", 1),
        base: base.clone(),
        http,
        address,
        stats: Shared::default(),
        deadline: started + Duration::from_secs_f64(args.minutes * 60.0),
        bot: args.bot.clone(),
    });
    let mut tasks = tokio::task::JoinSet::new();
    for k in 0..args.games {
        tasks.spawn(bot_games(client.clone(), k));
    }
    for k in 0..args.humans {
        let rng = rng_from_seed(carcassonne_bots::mix_seed(args.seed.wrapping_add(k as u64)));
        tasks.spawn(person(client.clone(), k, rng, Duration::from_millis(args.think_ms)));
    }
    tasks.spawn(reader(client.clone()));
    if !args.attack.is_empty() {
        let addr = base
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_socket_addrs()
            .ok()
            .and_then(|mut a| a.next())
            .with_context(|| format!("the attacks need the server's address as HOST:PORT, not {base}"))?;
        let stats = client.stats.clone();
        let target = Arc::new(crate::attacks::Target {
            http: reqwest::Client::builder().timeout(Duration::from_secs(60)).build()?,
            base: base.clone(),
            ws_base: client.ws_base.clone(),
            addr,
            deadline: client.deadline,
            bot: args.bot.clone(),
            address_header: args.address_header.clone(),
            count: Box::new(move |what, n| add(&stats, |s| *s.attacks.entry(what.to_string()).or_default() += n)),
        });
        for attack in &args.attack {
            tasks.spawn(crate::attacks::run(target.clone(), attack.clone()));
        }
    }
    while let Some(done) = tasks.join_next().await {
        if let Err(e) = done {
            error(&client.stats, format!("task failed: {e}"));
        }
    }
    let seen = client.stats.lock().unwrap_or_else(|e| e.into_inner()).seen.clone();
    let (checked, unchecked, mismatches) = check_records(&client, &seen, args.db.as_ref()).await;
    let stats = client.stats.lock().unwrap_or_else(|e| e.into_inner());
    let report = json!({
        "server": base, "games_between_bots": args.games, "people": args.humans, "bot": args.bot,
        "minutes": args.minutes, "think_ms": args.think_ms,
        "action_ack_ms": percentiles(&stats.ack),
        "bot_decision_ms": percentiles(&stats.bot_decision),
        "bot_turn_ms": percentiles(&stats.bot_turn),
        "read_ms": percentiles(&stats.read),
        "actions": {"websocket": stats.actions_ws, "http": stats.actions_http},
        "games_finished": {"people": stats.people_games_finished, "bots": stats.bot_games_finished},
        "reconnects": stats.reconnects,
        "expected_refusals": stats.expected,
        "errors": stats.errors,
        "attacks": stats.attacks,
        "records": {"checked": checked, "not_checked": unchecked, "mismatches": mismatches},
    });
    if args.json {
        println!("{report}");
    } else {
        println!(
            "loadtest: {} games between bots ({}), {} simulated people each against {}, {} minutes, {base}",
            args.games, args.bot, args.humans, args.bot, args.minutes
        );
        println!("{}", line("people's actions acknowledged", &report["action_ack_ms"]));
        println!("{}", line("bot decisions in games with people", &report["bot_decision_ms"]));
        println!("{}", line("bot turns in games with people", &report["bot_turn_ms"]));
        println!("{}", line("reads (game list, views)", &report["read_ms"]));
        println!(
            "actions: {} over WebSocket, {} over HTTP; games finished: {} with people, {} between bots; {} reconnections",
            stats.actions_ws, stats.actions_http, stats.people_games_finished, stats.bot_games_finished, stats.reconnects
        );
        println!("expected refusals: {}", counts(&stats.expected));
        println!("errors: {}", counts(&stats.errors));
        if !args.attack.is_empty() {
            println!(
                "attacks ({}): {}",
                args.attack.iter().map(|a| format!("{a:?}")).collect::<Vec<_>>().join(", "),
                counts(&stats.attacks)
            );
        }
        println!(
            "records: {checked} games match their stored records{}{}",
            if unchecked > 0 { format!(", {unchecked} running games not checked (no --db)") } else { String::new() },
            if mismatches.is_empty() { String::new() } else { format!("; {} MISMATCHES:", mismatches.len()) }
        );
        for m in &mismatches {
            println!("  {m}");
        }
    }
    Ok(!stats.errors.is_empty() || !mismatches.is_empty())
}

fn counts(map: &BTreeMap<String, usize>) -> String {
    if map.is_empty() {
        return "none".to_string();
    }
    map.iter().map(|(k, n)| format!("{k}: {n}")).collect::<Vec<_>>().join(", ")
}
