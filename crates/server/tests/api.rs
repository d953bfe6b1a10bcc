//! The server through real HTTP and WebSocket connections on loopback: full games between
//! clients and bots, every refusal of docs/api.md, restarts on the same database, and a check
//! that no message a client receives reveals the order of the face-down tiles.

use std::collections::HashSet;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use carcassonne_engine::{Catalog, Event, Record};
use carcassonne_server::limits::Limits;
use carcassonne_server::{Config, Server};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;

struct Running {
    addr: SocketAddr,
    state: std::sync::Arc<carcassonne_server::AppState>,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<()>,
    http: reqwest::Client,
}

impl Running {
    /// A server on a free port of loopback, bots without a pause.
    async fn start(db: Option<PathBuf>) -> Running {
        Running::with(Config { db, bot_delay: Duration::ZERO, ..Config::default() }).await
    }

    /// A server with `config` on a free port of loopback.
    async fn with(config: Config) -> Running {
        let config = Config { addr: "127.0.0.1:0".parse().unwrap(), ..config };
        let server = Server::bind(config).await.expect("server starts");
        let addr = server.local_addr();
        let state = server.state();
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            server
                .run(async {
                    let _ = stopped.await;
                })
                .await
                .unwrap();
        });
        Running { addr, state, stop: Some(stop), task, http: reqwest::Client::new() }
    }

    async fn stop(mut self) {
        self.stop.take().unwrap().send(()).unwrap();
        self.task.await.unwrap();
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    async fn get(&self, path: &str) -> (u16, Value) {
        let response = self.http.get(self.url(path)).send().await.unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    async fn post(&self, path: &str, body: &str) -> (u16, Value) {
        let (status, _, body) = self.post_from(path, body, None).await;
        (status, body)
    }

    /// A POST, from the client address `from` (the `x-forwarded-for` header) if given; with
    /// the answer's headers.
    async fn post_from(&self, path: &str, body: &str, from: Option<&str>) -> (u16, reqwest::header::HeaderMap, Value) {
        let mut request = self.http.post(self.url(path)).header("content-type", "application/json");
        if let Some(from) = from {
            request = request.header("x-forwarded-for", from);
        }
        let response = request.body(body.to_string()).send().await.unwrap();
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        (status, headers, response.json().await.unwrap_or(Value::Null))
    }

    async fn create(&self, request: Value) -> Value {
        let (status, created) = self.post("/api/games", &request.to_string()).await;
        assert_eq!(status, 201, "{created}");
        created
    }

    /// A new two-seat hot-seat game between people: its id and the token of both seats.
    async fn hot_seat_game(&self) -> (String, String) {
        let created = self.create(json!({"seats": [{"player": "human"}, {"player": "human"}], "hot_seat": true})).await;
        (created["id"].as_str().unwrap().to_string(), created["seats"][0]["token"].as_str().unwrap().to_string())
    }

    async fn ws(&self, id: &str, token: Option<&str>) -> Ws {
        let query = token.map(|t| format!("?token={t}")).unwrap_or_default();
        let (socket, _) =
            tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws{query}", self.addr)).await.unwrap();
        Ws { socket, received: vec![] }
    }
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A WebSocket client that keeps every message it receives.
struct Ws {
    socket: Socket,
    received: Vec<Value>,
}

impl Ws {
    async fn next(&mut self) -> Value {
        loop {
            let message = tokio::time::timeout(Duration::from_secs(30), self.socket.next())
                .await
                .expect("a message within 30 s")
                .expect("the socket is open")
                .unwrap();
            if let Message::Text(text) = message {
                let value: Value = serde_json::from_str(&text).unwrap();
                self.received.push(value.clone());
                return value;
            }
        }
    }

    /// Reads messages until a state at `version` or later arrives.
    async fn state_at(&mut self, version: u64) -> Value {
        if let Some(last) = self.received.iter().rev().find(|m| m["type"] == "state") {
            if last["version"].as_u64().unwrap() >= version {
                return last.clone();
            }
        }
        loop {
            let m = self.next().await;
            assert_ne!(m["type"], "error", "{m}");
            if m["type"] == "state" && m["version"].as_u64().unwrap() >= version {
                return m;
            }
        }
    }

    /// Reads until a state message shows the game over.
    async fn until_over(&mut self) -> Value {
        if let Some(over) = self.received.iter().find(|m| m["type"] == "state" && m["status"] == "over") {
            return over.clone();
        }
        loop {
            let m = self.next().await;
            if m["type"] == "state" && m["status"] == "over" {
                return m;
            }
        }
    }

    async fn send(&mut self, value: Value) {
        self.socket.send(Message::Text(value.to_string().into())).await.unwrap();
    }
}

fn legal(view: &Value) -> Vec<Value> {
    view["legal"].as_array().cloned().unwrap_or_default()
}

/// Picks a legal action, varied with `n`, as the view lists it (with its `at`, which the
/// server ignores).
fn pick(view: &Value, n: usize) -> Value {
    let actions = legal(view);
    assert!(!actions.is_empty(), "a pending decision has legal actions: {view}");
    actions[(n * 7919) % actions.len()].clone()
}

/// The tiles in the order they were drawn (those that fitted nowhere too), from a finished
/// game's record.
fn draw_order(record: &Record) -> Vec<String> {
    let replay = record.replay().unwrap();
    let catalog = Catalog::builtin();
    replay
        .start_events
        .iter()
        .chain(replay.events.iter().map(|(_, e)| e))
        .filter_map(|e| match e {
            Event::TileDrawn { tile, .. } | Event::TileDiscarded { tile, .. } => Some(catalog.design(*tile).id.clone()),
            _ => None,
        })
        .collect()
}

/// Every array of strings anywhere in a message.
fn string_lists(value: &Value, out: &mut Vec<Vec<String>>) {
    match value {
        Value::Array(items) => {
            let strings: Vec<String> = items.iter().filter_map(|i| i.as_str().map(str::to_string)).collect();
            if !strings.is_empty() {
                out.push(strings);
            }
            // Lists of objects: the `tile` of each, in order.
            let tiles: Vec<String> = items.iter().filter_map(|i| i["tile"].as_str().map(str::to_string)).collect();
            if tiles.len() > 1 {
                out.push(tiles);
            }
            items.iter().for_each(|i| string_lists(i, out));
        }
        Value::Object(map) => map.values().for_each(|v| string_lists(v, out)),
        _ => {}
    }
}

/// Checks that a message a client received while the game ran does not reveal the deck: no
/// deck or seed field, the remaining tiles in catalog order, and no list holding the next
/// face-down tiles in their draw order.
fn assert_reveals_no_deck(message: &Value, order: &[String]) {
    fn keys(value: &Value, out: &mut HashSet<String>) {
        match value {
            Value::Object(map) => {
                for (k, v) in map {
                    out.insert(k.clone());
                    keys(v, out);
                }
            }
            Value::Array(items) => items.iter().for_each(|i| keys(i, out)),
            _ => {}
        }
    }
    let mut all_keys = HashSet::new();
    keys(message, &mut all_keys);
    for forbidden in ["deck", "seed", "order"] {
        assert!(!all_keys.contains(forbidden), "a message has a `{forbidden}` field: {message}");
    }
    if message.get("remaining").is_none() {
        return;
    }
    let catalog = Catalog::builtin();
    let remaining: Vec<u16> = message["remaining"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| catalog.lookup(r["tile"].as_str().unwrap()).unwrap().0)
        .collect();
    assert!(remaining.windows(2).all(|w| w[0] < w[1]), "remaining tiles are listed in catalog order");
    // `order` lists every tile drawn in the game; the last `tiles_left` of them were face down
    // when the message was sent, and the next three must not appear as a run in any list.
    let tiles_left = message["tiles_left"].as_u64().unwrap() as usize;
    let hidden_start = order.len() - tiles_left;
    if tiles_left >= 3 {
        let secret = &order[hidden_start..hidden_start + 3];
        // The remaining tiles are in catalog order (checked above), whatever the draw order.
        let mut without_remaining = message.clone();
        without_remaining.as_object_mut().unwrap().remove("remaining");
        let mut lists = vec![];
        string_lists(&without_remaining, &mut lists);
        let board: Vec<String> = message["board"]
            .as_array()
            .map(|tiles| tiles.iter().filter_map(|t| t["tile"].as_str().map(str::to_string)).collect())
            .unwrap_or_default();
        for list in lists {
            // The board lists the tiles placed so far in their order, which is public: a run of
            // the next face-down tiles may repeat in it by chance (the same three designs drawn
            // twice before), so it is not a leak.
            if list == board {
                continue;
            }
            assert!(!list.windows(3).any(|w| w == secret), "a list holds the next face-down tiles in order: {list:?}");
        }
    }
}

/// Two people (one playing through the WebSocket, one through HTTP) and a bot play a whole
/// game; a spectator watches. Every client sees the same final scores, which are the scores
/// of the stored record replayed by the engine, and no message reveals the deck.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_and_a_bot_play_a_full_game() {
    // Ann's client answers as fast as the test runs, more often than a person's could: the
    // message limit (tested on its own below) is raised so that it never ignores her move.
    let limits = Limits { messages_per_second: 10_000, ..Limits::default() };
    let server = Running::with(Config { db: None, limits, bot_delay: Duration::ZERO, ..Config::default() }).await;
    let created = server
        .create(json!({
            "rules": {"expansions": ["inns-cathedrals", "traders-builders"]},
            "seats": [{"name": "Ann", "player": "human"}, {"name": "Ben", "player": "human"}, {"player": "greedy"}],
        }))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let ann = created["seats"][0]["token"].as_str().unwrap().to_string();
    let ben = created["seats"][1]["token"].as_str().unwrap().to_string();
    assert!(created["seats"][2].get("token").is_none(), "bots have no token");
    assert_eq!(created["seats"][0]["join"], format!("/play/{id}#token={ann}"));

    let (status, joined) = server.post(&format!("/api/games/{id}/join"), &json!({"token": ben}).to_string()).await;
    assert_eq!((status, &joined["you"], &joined["seats"][0]["name"]), (200, &json!([1]), &json!("Ben")), "{joined}");
    let (status, _) = server.post(&format!("/api/games/{id}/join"), &json!({"token": "nope"}).to_string()).await;
    assert_eq!(status, 403);
    let mut ann_ws = server.ws(&id, Some(&ann)).await;
    let mut spectator = server.ws(&id, None).await;
    let mut ben_http_messages = vec![];
    let first = ann_ws.next().await;
    assert_eq!(first["type"], "state");
    assert_eq!(first["you"], json!([0]));
    // Ann's WebSocket sees every change; Ben reads his view over HTTP when it is his turn.
    let mut ben_events = 0;
    let mut state = first;
    for n in 0.. {
        assert!(n < 2000, "the game ends");
        if state["status"] == "over" {
            break;
        }
        let version = state["version"].as_u64().unwrap();
        match state["pending"]["seat"].as_u64() {
            Some(0) => {
                ann_ws.send(json!({"type": "act", "action": pick(&state, n), "version": version})).await;
                state = ann_ws.state_at(version + 1).await;
            }
            Some(1) => {
                let (_, view) = server.get(&format!("/api/games/{id}?token={ben}&events_from={ben_events}")).await;
                ben_events = view["events_from"].as_u64().unwrap() + view["events"].as_array().unwrap().len() as u64;
                ben_http_messages.push(view.clone());
                let body = json!({"token": ben, "action": pick(&view, n), "version": view["version"]});
                let (status, after) = server.post(&format!("/api/games/{id}/actions"), &body.to_string()).await;
                assert_eq!(status, 200, "{after}");
                ben_http_messages.push(after);
                state = ann_ws.state_at(version + 1).await;
            }
            _ => state = ann_ws.state_at(version + 1).await, // the bot's turn
        }
    }
    let final_ann = ann_ws.until_over().await;
    let final_spectator = spectator.until_over().await;
    let (_, final_ben) = server.get(&format!("/api/games/{id}?token={ben}")).await;
    let scores =
        |v: &Value| v["seats"].as_array().unwrap().iter().map(|s| s["score"].as_u64().unwrap()).collect::<Vec<_>>();

    let (status, record) = server.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 200);
    let record: Record = serde_json::from_value(record).unwrap();
    let replayed = record.replay().unwrap().game.scores().iter().map(|&s| s as u64).collect::<Vec<_>>();
    assert_eq!(scores(&final_ann), replayed);
    assert_eq!(scores(&final_spectator), replayed);
    assert_eq!(scores(&final_ben), replayed);
    assert!(record.actions.iter().any(|a| matches!(a, carcassonne_engine::RecordAction::Deploy { .. })));
    // The per-kind points add up to each score.
    for seat in final_ann["seats"].as_array().unwrap() {
        let sum: u64 = ["turn", "final"]
            .iter()
            .flat_map(|phase| seat["points"][phase].as_object().unwrap().values())
            .map(|v| v.as_u64().unwrap())
            .sum();
        assert_eq!(sum, seat["score"].as_u64().unwrap(), "{seat}");
    }
    // Every client got the whole event log exactly once, in order.
    let indices: Vec<u64> = ann_ws
        .received
        .iter()
        .filter(|m| m["type"] == "state")
        .flat_map(|m| m["events"].as_array().unwrap().iter().map(|e| e["index"].as_u64().unwrap()))
        .collect();
    assert_eq!(indices, (0..indices.len() as u64).collect::<Vec<_>>());

    let order = draw_order(&record);
    for message in ann_ws.received.iter().chain(&spectator.received).chain(&ben_http_messages) {
        if message["status"] == "over" {
            continue;
        }
        assert_reveals_no_deck(message, &order);
    }
    assert!(ann_ws.received.len() > 50 && spectator.received.len() > 50);
    server.stop().await;
}

/// A game between bots only runs to the end by itself, and its replay steps through it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_play_alone_and_the_replay_steps_through_the_game() {
    let server = Running::start(None).await;
    let created = server
        .create(json!({"seats": [{"player": "random"}, {"player": "greedy"}, {"player": "mcts:iters=20"}]}))
        .await;
    let id = created["id"].as_str().unwrap();
    let mut spectator = server.ws(id, None).await;
    let last = spectator.until_over().await;
    let steps = last["version"].as_u64().unwrap();
    let (status, start) = server.get(&format!("/api/games/{id}/replay?step=0")).await;
    assert_eq!(status, 200);
    assert_eq!(start["steps"], steps);
    assert_eq!(start["board"].as_array().unwrap().len(), 1, "only the start tile");
    let (_, middle) = server.get(&format!("/api/games/{id}/replay?step={}", steps / 2)).await;
    assert_eq!(middle["version"], steps / 2);
    let (_, end) = server.get(&format!("/api/games/{id}/replay?step={steps}")).await;
    assert_eq!(end["seats"], {
        let mut seats = last["seats"].clone();
        for s in seats.as_array_mut().unwrap() {
            s["online"] = json!(0);
        }
        seats
    });
    let (status, error) = server.get(&format!("/api/games/{id}/replay?step={}", steps + 1)).await;
    assert_eq!((status, error["field"].as_str()), (422, Some("step")));
    let (_, list) = server.get("/api/games").await;
    assert_eq!(list["games"][0]["id"], id);
    assert_eq!(list["games"][0]["status"], "over");
    server.stop().await;
}

/// Every refusal of docs/api.md, each with its status, its field and an unchanged game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_refused_clearly_and_change_nothing() {
    let server = Running::start(None).await;
    let created = server.create(json!({"seats": [{"player": "human"}, {"player": "human"}], "hot_seat": false})).await;
    let id = created["id"].as_str().unwrap();
    let red = created["seats"][0]["token"].as_str().unwrap();
    let blue = created["seats"][1]["token"].as_str().unwrap();
    let (_, before) = server.get(&format!("/api/games/{id}?token={red}")).await;
    let act = |token: &str, action: Value, version: Option<u64>| {
        let mut body = json!({"token": token, "action": action});
        if let Some(v) = version {
            body["version"] = json!(v);
        }
        body.to_string()
    };
    let place = legal(&before)[0].clone();
    let path = format!("/api/games/{id}/actions");
    let cases: Vec<(String, String, u16, Option<&str>, &str)> = vec![
        ("/api/games/nosuchgame/actions".into(), act(red, place.clone(), None), 404, Some("id"), "no game"),
        (path.clone(), act(blue, place.clone(), None), 403, Some("token"), "decision, not Blue's"),
        (path.clone(), act("0123", place.clone(), None), 403, Some("token"), "not Red's"),
        (path.clone(), json!({"action": place}).to_string(), 403, Some("token"), "only Red's link"),
        (path.clone(), act(red, place.clone(), Some(5)), 409, Some("version"), "version 5"),
        (
            path.clone(),
            act(red, json!({"action": "place", "x": 40, "y": 40, "rotation": 0}), None),
            422,
            Some("action"),
            "touches no tile",
        ),
        (
            path.clone(),
            act(red, json!({"action": "place", "x": 1, "y": 0, "rotation": 45}), None),
            422,
            Some("action"),
            "rotation 45",
        ),
        (path.clone(), act(red, json!({"action": "pass"}), None), 422, Some("action"), "waiting for"),
        (path.clone(), "{not json".into(), 400, None, "malformed"),
        (path.clone(), json!({"token": red}).to_string(), 400, None, "missing field `action`"),
        (
            path.clone(),
            json!({"token": red, "action": place, "extra": 1}).to_string(),
            400,
            Some("extra"),
            "unknown field",
        ),
        (path.clone(), format!("{{\"token\": \"{}\"}}", "x".repeat(70_000)), 413, None, "over 65536 bytes"),
        ("/api/games".into(), json!({"seats": [{"player": "human"}]}).to_string(), 422, Some("seats"), "2 to 6"),
        (
            "/api/games".into(),
            json!({"seats": [{"player": "human"}, {"player": "wizard"}]}).to_string(),
            422,
            Some("seats[1].player"),
            "neither",
        ),
        (
            "/api/games".into(),
            json!({"seats": [{"player": "human", "color": "red"}, {"player": "human", "color": "red"}]}).to_string(),
            422,
            Some("seats[1].color"),
            "two seats are red",
        ),
        (
            "/api/games".into(),
            json!({"rules": {"expansions": ["dragons"]}, "seats": []}).to_string(),
            400,
            Some("rules.expansions[0]"),
            "unknown variant",
        ),
        (
            "/api/games".into(),
            json!({"seats": [{"player": "human", "name": "x".repeat(41)}, {"player": "human"}]}).to_string(),
            422,
            Some("seats[0].name"),
            "at most 40",
        ),
        (
            "/api/games".into(),
            json!({"seats": [{"player": "human"}, {"player": "human", "name": "Ann\u{202E}nnA"}]}).to_string(),
            422,
            Some("seats[1].name"),
            "text-direction",
        ),
    ];
    for (path, body, status, field, words) in cases {
        let (got, error) = server.post(&path, &body).await;
        let text = error["error"].as_str().unwrap_or_default();
        assert_eq!(got, status, "{path} {}: {error}", &body[..body.len().min(120)]);
        assert_eq!(error["field"].as_str(), field, "{path}: {error}");
        assert!(text.contains(words), "{path}: `{text}` should say `{words}`");
    }
    let (status, error) = server.get(&format!("/api/games/{id}?token=wrong")).await;
    assert_eq!((status, error["field"].as_str()), (403, Some("token")));
    let (status, _) = server.get(&format!("/api/games/{id}?events_from=x")).await;
    assert_eq!(status, 400);
    let (status, error) = server.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 409, "{error}");
    assert!(error["error"].as_str().unwrap().contains("order of the face-down tiles"));
    let (status, _) = server.get(&format!("/api/games/{id}/replay")).await;
    assert_eq!(status, 409);
    let (status, _) = server.get("/api/nothing").await;
    assert_eq!(status, 404);
    let (status, _) = server.get("/../Cargo.toml").await;
    assert_eq!(status, 404);
    // A WebSocket with a wrong token is refused before the upgrade; a bad message gets an
    // error message and the connection stays open.
    assert!(tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws?token=wrong", server.addr))
        .await
        .is_err());
    let mut ws = server.ws(id, Some(blue)).await;
    ws.next().await;
    ws.send(json!({"type": "act", "action": place})).await;
    let refusal = ws.next().await;
    assert_eq!((refusal["type"].as_str(), refusal["status"].as_u64()), (Some("error"), Some(403)), "{refusal}");
    ws.send(json!({"type": "dance"})).await;
    let refusal = ws.next().await;
    assert_eq!(refusal["status"], 400, "{refusal}");

    let (_, after) = server.get(&format!("/api/games/{id}?token={red}")).await;
    assert_eq!(before["version"], after["version"]);
    assert_eq!(before["board"], after["board"]);
    assert_eq!(before["pending"], after["pending"]);
    // And the game still takes a good action.
    let (status, _) = server.post(&path, &act(red, place, Some(0))).await;
    assert_eq!(status, 200);
    server.stop().await;
}

/// Hot seat: one token acts for every human seat of the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hot_seat_token_acts_for_every_human_seat() {
    let server = Running::start(None).await;
    let created = server
        .create(json!({"seats": [{"player": "human"}, {"player": "random"}, {"player": "human"}], "hot_seat": true}))
        .await;
    let id = created["id"].as_str().unwrap();
    let token = created["seats"][0]["token"].as_str().unwrap();
    assert_eq!(created["seats"][2]["token"].as_str(), Some(token));
    let mut ws = server.ws(id, Some(token)).await;
    let mut seats_played = HashSet::new();
    let mut n = 0;
    let mut state = ws.next().await;
    while state["status"] != "over" && seats_played.len() < 2 {
        n += 1;
        if state["type"] == "state" && state.get("legal").is_some() {
            seats_played.insert(state["pending"]["seat"].as_u64().unwrap());
            ws.send(json!({"type": "act", "action": pick(&state, n), "version": state["version"]})).await;
        }
        state = ws.next().await;
    }
    assert_eq!(state["you"], json!([0, 2]));
    assert_eq!(seats_played, HashSet::from([0, 2]));
    server.stop().await;
}

/// Stopping the server and starting it again on the same database loses nothing: the views
/// are the same, and the game goes on to its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_on_the_same_database_resumes_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = Running::start(Some(db.clone())).await;
    let (id, token) = server.hot_seat_game().await;
    let path = format!("/api/games/{id}/actions");
    let view_path = format!("/api/games/{id}?token={token}");
    for n in 0..25 {
        let (_, view) = server.get(&view_path).await;
        let body = json!({"token": token, "action": pick(&view, n)});
        assert_eq!(server.post(&path, &body.to_string()).await.0, 200);
    }
    let (_, before) = server.get(&view_path).await;
    server.stop().await;

    let server = Running::start(Some(db)).await;
    let (_, after) = server.get(&view_path).await;
    assert_eq!(after, before, "the same view after a restart");
    let mut n = 25;
    loop {
        let (_, view) = server.get(&view_path).await;
        if view["status"] == "over" {
            break;
        }
        let body = json!({"token": token, "action": pick(&view, n), "version": view["version"]});
        assert_eq!(server.post(&path, &body.to_string()).await.0, 200);
        n += 1;
    }
    let (status, record) = server.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 200);
    assert_eq!(record["actions"].as_array().unwrap().len(), n);
    server.stop().await;
}

/// The UI's pages and files are served, and the tile drawings cover the catalog.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ui_and_the_tile_drawings_are_served() {
    let server = Running::start(None).await;
    for path in ["/", "/play/abc", "/replay/abc"] {
        let response = server.http.get(server.url(path)).send().await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
        assert!(response.text().await.unwrap().contains("<html"), "{path}");
    }
    // Unknown pages are a page for people; unknown API routes stay JSON.
    for path in ["/nosuch", "/play", "/.git/config", "/style.css/x"] {
        let response = server.http.get(server.url(path)).send().await.unwrap();
        assert_eq!(response.status(), 404, "{path}");
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/html"), "{path}");
        assert!(response.text().await.unwrap().contains("Page not found"), "{path}");
    }
    let (status, error) = server.get("/api/nosuch").await;
    assert_eq!(status, 404);
    assert!(error["error"].as_str().unwrap().contains("no API route"));
    let (status, tiles) = server.get("/api/tiles").await;
    assert_eq!(status, 200);
    let tiles = tiles["tiles"].as_object().unwrap();
    assert_eq!(tiles.len(), Catalog::builtin().designs().len());
    assert!(tiles["base:D"].as_str().unwrap().starts_with("<g"));
    let (status, options) = server.get("/api/options").await;
    assert_eq!(status, 200);
    assert!(options["bots"].as_array().unwrap().contains(&json!("mcts:medium")));
    server.stop().await;
}

/// `GET /api/reference` follows its query and refuses a bad one naming the parameter;
/// `GET /api/games/{id}/reference` follows the game's rules and says which step it is at.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_reference_follows_the_query_and_a_games_rules() {
    let server = Running::start(None).await;
    let (status, r) = server.get("/api/reference?expansions=tower,river&players=4&variant=small-city%3Dtrue").await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["selection"]["players"], 4);
    let keys: Vec<&str> =
        r["selection"]["expansions"].as_array().unwrap().iter().map(|e| e["key"].as_str().unwrap()).collect();
    assert_eq!(keys, ["river", "tower"]);
    assert_eq!(r["selection"]["variants"], json!([{"name": "small-city", "value": "true"}]));
    assert_eq!(r["decisions"]["capture"], "2B-1");
    let text = r.to_string();
    assert!(text.contains("4 players: 7 each") && !text.contains("5 players: 6 each"));
    let (status, r) = server.get("/api/reference?expansions=goldmines&rules=rgg-big-box").await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["selection"]["rules"], "rgg-big-box");
    assert!(r.to_string().contains("\"playable\":false"));
    for (query, field, message) in [
        ("expansions=towers", "expansions", "unknown expansion `towers`"),
        ("players=9", "players", "from 2 to 6"),
        ("rules=zmg", "rules", "unknown rule set `zmg`"),
        ("variant=small-city", "variant", "NAME=VALUE"),
        ("variants=small-city%3Dmaybe", "variant", "`true` or `false`"),
        ("colour=red", "colour", "unknown parameter `colour`"),
    ] {
        let (status, e) = server.get(&format!("/api/reference?{query}")).await;
        assert_eq!(status, 400, "{query}: {e}");
        assert_eq!(e["field"], field, "{query}: {e}");
        assert!(e["error"].as_str().unwrap().contains(message), "{query}: {e}");
    }
    let created = server
        .create(json!({
            "rules": {"expansions": ["princess-dragon"], "variants": {"dragon-moves-after-scoring": true}},
            "seats": [{"player": "human"}, {"player": "human"}, {"player": "human"}],
        }))
        .await;
    let id = created["id"].as_str().unwrap();
    let (status, r) = server.get(&format!("/api/games/{id}/reference")).await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["selection"]["players"], 3);
    assert_eq!(r["selection"]["expansions"][0]["key"], "princess-dragon");
    assert_eq!(r["step"], "1C", "the game waits for the first tile's placement");
    assert_eq!(r["decisions"]["dragon"], "3C");
    let (status, _) = server.get("/api/games/nosuch/reference").await;
    assert_eq!(status, 404);
    server.stop().await;
}

/// A server on a new database in `dir` with a hot-seat game: the server, the database, the
/// game's id and the body of a request for an action of its first decision.
async fn first_action_on_disk(dir: &std::path::Path) -> (Running, PathBuf, String, String) {
    let db = dir.join("games.db");
    let server = Running::start(Some(db.clone())).await;
    let (id, token) = server.hot_seat_game().await;
    let (_, view) = server.get(&format!("/api/games/{id}?token={token}")).await;
    let body = json!({"token": token, "action": pick(&view, 0), "version": 0}).to_string();
    (server, db, id, body)
}

/// Racing clients: the same action sent ten times at once with the same version is applied
/// exactly once; the others are told the game moved on, and nothing is stored twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_actions_are_applied_once() {
    let dir = tempfile::tempdir().unwrap();
    let (server, db, id, body) = first_action_on_disk(dir.path()).await;
    let path = format!("/api/games/{id}/actions");
    let answers = futures_util::future::join_all((0..10).map(|_| server.post(&path, &body))).await;
    let statuses: Vec<u16> = answers.iter().map(|(s, _)| *s).collect();
    assert_eq!(statuses.iter().filter(|&&s| s == 200).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|&&s| s == 409).count(), 9, "{statuses:?}");
    server.stop().await;
    let server = Running::start(Some(db)).await;
    let (_, after) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(after["version"], 1, "one stored action");
    server.stop().await;
}

/// A finished game nobody watches leaves memory and comes back, unchanged, when asked for; a
/// watched one stays. A restart keeps finished games out of memory until they are asked for.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_games_leave_memory_and_come_back_when_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = Running::start(Some(db.clone())).await;
    let created = server.create(json!({"seats": [{"player": "random"}, {"player": "random"}]})).await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut spectator = server.ws(&id, None).await;
    spectator.until_over().await;
    assert_eq!(server.state.unload_idle(Duration::ZERO), 0, "a watched game stays in memory");
    let (_, before) = server.get(&format!("/api/games/{id}")).await;
    let (_, list_before) = server.get("/api/games").await;
    spectator.socket.close(None).await.unwrap();
    // The server notices the closed connection in its own time (up to 10 s on a busy machine).
    let mut unloaded = 0;
    for _ in 0..500 {
        unloaded = server.state.unload_idle(Duration::ZERO);
        if unloaded > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(unloaded, 1);
    assert!(server.state.loaded_rooms().is_empty());
    let (_, list) = server.get("/api/games").await;
    assert_eq!(list, list_before, "the list still shows it");
    let (_, after) = server.get(&format!("/api/games/{id}")).await;
    let without_online = |mut v: Value| {
        v["seats"].as_array_mut().unwrap().iter_mut().for_each(|s| s["online"] = json!(0));
        v
    };
    assert_eq!(without_online(after), without_online(before.clone()));
    assert_eq!(server.state.loaded_rooms().len(), 1, "loaded again");
    server.stop().await;

    let server = Running::start(Some(db)).await;
    assert!(server.state.loaded_rooms().is_empty(), "finished games are not loaded at start");
    assert_eq!(server.state.game_count(), 1);
    let (status, record) = server.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 200);
    assert_eq!(record["actions"].as_array().unwrap().len() as u64, before["version"].as_u64().unwrap());
    server.stop().await;
}

/// A script creating games in a loop gets `429` with `Retry-After` past the per-address limit,
/// other addresses can still create games, and the server answers all along; a full server
/// refuses new games with `503`, creating nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_creation_is_limited_per_address_and_by_the_servers_size() {
    let limits = Limits {
        games_per_minute: 5,
        max_games: 8,
        max_bot_seats: 3,
        client_address_header: Some("x-forwarded-for".into()),
        ..Limits::default()
    };
    let server = Running::with(Config { db: None, limits, bot_delay: Duration::ZERO, ..Config::default() }).await;
    let game = json!({"seats": [{"player": "human"}, {"player": "human"}]}).to_string();
    let mut statuses = vec![];
    for _ in 0..20 {
        let (status, headers, body) = server.post_from("/api/games", &game, Some("10.0.0.1")).await;
        if status == 429 {
            let retry: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
            assert!((1..=12).contains(&retry), "{retry}");
            assert_eq!(body["retry_after"], retry);
            assert!(body["error"].as_str().unwrap().contains("created 5 games within a minute"), "{body}");
        }
        statuses.push(status);
        let (status, _) = server.get("/api/games").await;
        assert_eq!(status, 200, "the server stays responsive");
    }
    assert_eq!(statuses[..5], [201; 5]);
    assert!(statuses[5..].iter().all(|&s| s == 429), "{statuses:?}");
    // The proxy's last address is the client's: another client is not limited.
    let (status, _, _) = server.post_from("/api/games", &game, Some("192.0.2.9, 10.0.0.2")).await;
    assert_eq!(status, 201);
    // Bot seats: 2 of 3 taken, then a game with 2 more is refused whole.
    let bots = json!({"seats": [{"player": "human"}, {"player": "greedy"}, {"player": "greedy"}]}).to_string();
    assert_eq!(server.post_from("/api/games", &bots, Some("10.0.0.3")).await.0, 201);
    let (status, headers, body) = server.post_from("/api/games", &bots, Some("10.0.0.3")).await;
    assert_eq!((status, headers["retry-after"].to_str().unwrap()), (503, "60"), "{body}");
    assert!(body["error"].as_str().unwrap().contains("bot seats"), "{body}");
    // Games: 8 running, the most; the ninth is refused, and nothing of it is kept.
    assert_eq!(server.post_from("/api/games", &game, Some("10.0.0.4")).await.0, 201);
    let (status, _, body) = server.post_from("/api/games", &game, Some("10.0.0.4")).await;
    assert_eq!(status, 503, "{body}");
    assert!(body["error"].as_str().unwrap().contains("the server is full: 8 games are running"), "{body}");
    assert_eq!(server.state.game_count(), 8);
    server.stop().await;
}

/// Live connections are limited per game and per address, and messages per connection; a
/// refused upgrade is `429`, a message over the rate an error message on an open connection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_connections_and_their_messages_are_limited() {
    let limits =
        Limits { connections_per_game: 2, connections_per_address: 3, messages_per_second: 3, ..Limits::default() };
    let server = Running::with(Config { db: None, limits, ..Config::default() }).await;
    let (id, token) = server.hot_seat_game().await;
    let (other, _) = server.hot_seat_game().await;
    let mut first = server.ws(&id, Some(&token)).await;
    let _second = server.ws(&id, None).await;
    let refused = tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws", server.addr)).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 429);
            assert!(response.headers().contains_key("retry-after"));
        }
        other => panic!("a third connection to the game is refused: {other:?}"),
    }
    let _third = server.ws(&other, None).await;
    let refused = tokio_tungstenite::connect_async(format!("ws://{}/api/games/{other}/ws", server.addr)).await;
    assert!(matches!(refused, Err(tokio_tungstenite::tungstenite::Error::Http(r)) if r.status() == 429));
    first.next().await;
    for _ in 0..10 {
        first.send(json!({"type": "act", "action": {"action": "pass"}, "version": 0})).await;
    }
    let mut statuses = vec![];
    while statuses.len() < 10 {
        let message = first.next().await;
        if message["type"] == "error" {
            statuses.push(message["status"].as_u64().unwrap());
        }
    }
    assert_eq!(statuses.iter().filter(|&&s| s == 422).count(), 3, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|&&s| s == 429).count(), 7, "{statuses:?}");
    // A client that keeps flooding is cut off.
    // (The server may close the connection before the last of these are sent.)
    for _ in 0..150 {
        let flood = json!({"type": "act", "action": {"action": "pass"}}).to_string();
        if first.socket.send(Message::Text(flood.into())).await.is_err() {
            break;
        }
    }
    let closed = loop {
        match tokio::time::timeout(Duration::from_secs(30), first.socket.next()).await.unwrap() {
            Some(Ok(Message::Close(frame))) => break frame,
            Some(Ok(_)) => continue,
            other => panic!("a close frame: {other:?}"),
        }
    };
    assert_eq!(closed.map(|f| u16::from(f.code)), Some(1008));
    // Reading on sends the client's close frame back, which ends the closing handshake.
    let end = tokio::time::timeout(Duration::from_secs(30), first.socket.next()).await.unwrap();
    assert!(end.is_none(), "{end:?}");
    server.stop().await;
}

/// Pages carry a content security policy; answers with tokens are never cached; a client that
/// does not finish its request headers is disconnected, one that does not finish its body gets
/// `408`, and a live connection that answers nothing, not even pings, is closed while one that
/// answers stays open.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_carry_security_headers_and_slow_clients_time_out() {
    let limits = Limits {
        header_timeout: Duration::from_millis(300),
        request_timeout: Duration::from_millis(500),
        idle_timeout: Duration::from_secs(1),
        ..Limits::default()
    };
    let server = Running::with(Config { db: None, limits, ..Config::default() }).await;
    let page = server.http.get(server.url("/")).send().await.unwrap();
    let csp = page.headers()["content-security-policy"].to_str().unwrap().to_string();
    assert!(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"), "{csp}");
    assert_eq!(page.headers()["x-content-type-options"], "nosniff");
    let (status, headers, created) = server
        .post_from("/api/games", &json!({"seats": [{"player": "human"}, {"player": "human"}]}).to_string(), None)
        .await;
    assert_eq!((status, headers["cache-control"].to_str().unwrap()), (201, "no-store"));
    let id = created["id"].as_str().unwrap();
    let token = created["seats"][0]["token"].as_str().unwrap();
    let view = server.http.get(server.url(&format!("/api/games/{id}?token={token}"))).send().await.unwrap();
    assert_eq!(view.headers()["cache-control"], "no-store");
    let tiles = server.http.get(server.url("/api/tiles")).send().await.unwrap();
    assert_eq!(tiles.headers()["cache-control"], "max-age=3600");

    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut slow = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    slow.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    let mut rest = vec![];
    let closed = tokio::time::timeout(Duration::from_secs(20), slow.read_to_end(&mut rest)).await;
    assert!(closed.is_ok(), "the server closes a connection whose headers do not end");
    let mut silent = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let closed = tokio::time::timeout(Duration::from_secs(20), silent.read_to_end(&mut rest)).await;
    assert!(closed.is_ok(), "the server closes a connection that sends nothing");

    // A body that never ends: 408, an error like the others, with the security headers.
    let mut slow = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let head = "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n";
    slow.write_all(format!("{head}{{\"seats\"").as_bytes()).await.unwrap();
    let mut answer = vec![0; 4096];
    let n = tokio::time::timeout(Duration::from_secs(20), slow.read(&mut answer)).await.unwrap().unwrap();
    let answer = String::from_utf8_lossy(&answer[..n]).to_string();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("content-security-policy") && answer.contains("not done within 0.5 s"), "{answer}");
    assert_eq!(server.state.game_count(), 1, "the slow request created nothing");

    // A live connection that never reads (so never answers a ping) is closed after the idle
    // timeout; a client that reads, and so answers the pings, stays connected meanwhile.
    let mut answering = server.ws(id, None).await;
    let answers = tokio::spawn(async move {
        // Past three idle timeouts' worth of pings, reading all along.
        let mut pings = 0;
        while pings < 10 {
            match tokio::time::timeout(Duration::from_secs(30), answering.socket.next()).await {
                Ok(Some(Ok(Message::Ping(_)))) => pings += 1,
                Ok(Some(Ok(Message::Text(_)))) => {}
                other => return Err(format!("the answering client was disconnected: {other:?}")),
            }
        }
        Ok(answering)
    });
    let mut silent = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let upgrade = format!(
        "GET /api/games/{id}/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    silent.write_all(upgrade.as_bytes()).await.unwrap();
    let mut received = vec![];
    let closed = tokio::time::timeout(Duration::from_secs(30), silent.read_to_end(&mut received)).await;
    assert!(closed.is_ok(), "the server closes a live connection that answers nothing");
    let received = String::from_utf8_lossy(&received).to_string();
    assert!(received.starts_with("HTTP/1.1 101"), "{received}");
    let _answering = answers.await.unwrap().unwrap();
    server.stop().await;
}

/// A database that cannot write (full, read-only) refuses actions and new games with `503` and
/// a message, the game unchanged; when it can write again, people's actions go through and the
/// bots, which waited, go on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_that_cannot_write_refuses_cleanly_and_the_server_recovers() {
    let dir = tempfile::tempdir().unwrap();
    let server = Running::start(Some(dir.path().join("games.db"))).await;
    let (id, token) = server.hot_seat_game().await;
    let bots = server.create(json!({"seats": [{"player": "random"}, {"player": "random"}]})).await;
    let bots = bots["id"].as_str().unwrap().to_string();
    let mut watcher = server.ws(&bots, None).await;
    let path = format!("/api/games/{id}/actions");
    let view_path = format!("/api/games/{id}?token={token}");
    let store = &server.state.store;
    for (case, words) in [("read-only", "readonly"), ("full", "full")] {
        match case {
            "read-only" => store.simulate_read_only(true).unwrap(),
            _ => store.simulate_full_disk(true).unwrap(),
        }
        // A full database refuses once its free pages are used up: play until it does.
        let mut refusal = None;
        for n in 0..200 {
            let (_, view) = server.get(&view_path).await;
            let body = json!({"token": token, "action": pick(&view, n), "version": view["version"]});
            let (status, answer) = server.post(&path, &body.to_string()).await;
            if status != 200 {
                refusal = Some((status, answer, view, body));
                break;
            }
        }
        let (status, answer, before, body) = refusal.unwrap_or_else(|| panic!("{case}: no action was refused"));
        assert_eq!(status, 503, "{case}: {answer}");
        let message = answer["error"].as_str().unwrap();
        assert!(message.contains("could not be stored") && message.contains(words), "{case}: {message}");
        assert_eq!(answer["retry_after"], 5);
        assert_eq!(server.get(&view_path).await.1, before, "{case}: the game is unchanged");
        if case == "read-only" {
            let new_game = json!({"seats": [{"player": "human"}, {"player": "human"}]}).to_string();
            let (status, answer) = server.post("/api/games", &new_game).await;
            assert_eq!(status, 503, "{answer}");
            assert!(answer["error"].as_str().unwrap().contains("could not be stored"), "{answer}");
        }
        // The bots' game stalls too. A move it stored just before the database stopped writing
        // may reach its summary a moment later (a loaded machine delays that thread), so one
        // step is allowed to arrive late; after that nothing moves.
        let version = || server.state.summaries().into_iter().find(|s| s.id == bots).unwrap().version;
        let before = version();
        tokio::time::sleep(Duration::from_millis(300)).await;
        let stalled = version();
        assert!(stalled <= before + 1, "{case}: the bots' game went on from {before} to {stalled}");
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(version(), stalled, "{case}: the bots' game went on");
        match case {
            "read-only" => store.simulate_read_only(false).unwrap(),
            _ => store.simulate_full_disk(false).unwrap(),
        }
        assert_eq!(server.post(&path, &body.to_string()).await.0, 200, "{case}: the same action now goes through");
    }
    let over = watcher.until_over().await;
    assert_eq!(over["status"], "over", "the bots went on once the database could write");
    server.stop().await;
}

/// A game between bots only that nobody watches pauses, and goes on when someone opens it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unwatched_game_between_bots_pauses_until_someone_opens_it() {
    let config = Config { db: None, pause_after: Duration::from_millis(400), ..Config::default() };
    let server = Running::with(Config { bot_delay: Duration::from_millis(20), ..config }).await;
    let created = server.create(json!({"seats": [{"player": "random"}, {"player": "random"}]})).await;
    let id = created["id"].as_str().unwrap();
    let version = || server.state.summaries()[0].version;
    let mut last = version();
    // It plays on for the pause time, then stops (the summary does not wake it). A second with
    // no move is the pause: a game that plays moves every 20 ms, even on a busy machine.
    loop {
        tokio::time::sleep(Duration::from_millis(1000)).await;
        let now = version();
        if now == last {
            break;
        }
        last = now;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(version(), last, "paused");
    assert!(last > 0 && server.state.summaries()[0].status == "playing");
    let mut watcher = server.ws(id, None).await;
    assert_eq!(watcher.until_over().await["status"], "over");
    server.stop().await;
}

/// Stopping the server tells every live client, closes its connection as "going away", and
/// returns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopping_server_tells_its_live_clients() {
    let server = Running::start(None).await;
    let (id, token) = server.hot_seat_game().await;
    let mut player = server.ws(&id, Some(&token)).await;
    player.next().await;
    let stopping = tokio::spawn(server.stop());
    let goodbye = player.next().await;
    assert_eq!(goodbye["type"], "closing", "{goodbye}");
    assert!(goodbye["message"].as_str().unwrap().contains("stopping"));
    let close = tokio::time::timeout(Duration::from_secs(30), player.socket.next()).await.unwrap();
    match close {
        Some(Ok(Message::Close(Some(frame)))) => assert_eq!(u16::from(frame.code), 1001),
        other => panic!("a close frame: {other:?}"),
    }
    tokio::time::timeout(Duration::from_secs(30), stopping).await.unwrap().unwrap();
}

/// Stopping the server while an action is being stored (held up by another writer of the
/// database): the action is stored and acknowledged before the server returns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopping_server_finishes_the_actions_in_flight() {
    let dir = tempfile::tempdir().unwrap();
    let (server, db, id, body) = first_action_on_disk(dir.path()).await;
    let state = server.state.clone();
    // Another connection takes the database's write lock: the action waits for it.
    let blocker = rusqlite::Connection::open(&db).unwrap();
    blocker.execute_batch("BEGIN IMMEDIATE").unwrap();
    let (http, url) = (server.http.clone(), server.url(&format!("/api/games/{id}/actions")));
    let acting = tokio::spawn(async move {
        let response = http.post(url).header("content-type", "application/json").body(body).send().await.unwrap();
        (response.status().as_u16(), response.json::<Value>().await.unwrap())
    });
    while state.store.writes_in_progress() == 0 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let stopping = tokio::spawn(server.stop());
    while !state.is_stopping() {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    // (Time for a server that did not wait for the action to return.)
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(!stopping.is_finished(), "the server returned with an action in flight");
    blocker.execute_batch("COMMIT").unwrap();
    let (status, answer) = acting.await.unwrap();
    assert_eq!((status, &answer["version"]), (200, &json!(1)), "{answer}");
    tokio::time::timeout(Duration::from_secs(30), stopping).await.unwrap().unwrap();
    drop(state);
    let store = carcassonne_server::store::Store::open(&db).unwrap();
    let (_, actions) = store.load_game(&id).unwrap().unwrap().unwrap();
    assert_eq!(actions.len(), 1, "the action in flight was stored");
}

/// The Count of Carcassonne through HTTP and the WebSocket: the view shows the city's quarters
/// with the count in the castle; bots deploy to Carcassonne in a game and the view and its
/// events show who waits where; a deployment to Carcassonne out of its time and an unknown
/// quarter are refused with their field, the game unchanged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_count_of_carcassonne_shows_its_quarters_and_refuses_bad_actions() {
    let server = Running::start(None).await;
    let created = server
        .create(json!({"seats": [{"player": "human"}, {"player": "human"}], "rules": {"expansions": ["count"]}}))
        .await;
    let id = created["id"].as_str().unwrap();
    let red = created["seats"][0]["token"].as_str().unwrap();
    let (_, view) = server.get(&format!("/api/games/{id}?token={red}")).await;
    assert_eq!(view["board"].as_array().unwrap().len(), 12, "the city of Carcassonne starts the game");
    let city = &view["carcassonne"];
    assert_eq!(city["count"], "castle");
    let quarters: Vec<&str> =
        city["quarters"].as_array().unwrap().iter().map(|q| q["quarter"].as_str().unwrap()).collect();
    assert_eq!(quarters, ["castle", "market", "blacksmith", "cathedral"]);
    assert_eq!(city["quarters"][0]["feeds"], "city");
    assert_eq!(city["quarters"][0]["blocked"], true);
    assert!(city["quarters"].as_array().unwrap().iter().all(|q| q["residents"] == json!([])));
    let path = format!("/api/games/{id}/actions");
    let body = |action: Value| json!({"token": red, "action": action}).to_string();
    let early = json!({"action": "carcassonne", "figure": "follower", "quarter": "castle"});
    let (status, error) = server.post(&path, &body(early)).await;
    assert_eq!((status, error["field"].as_str()), (422, Some("action")), "{error}");
    assert!(error["error"].as_str().unwrap().contains("deployment to Carcassonne"), "{error}");
    let (status, error) = server.post(&path, &body(json!({"action": "move-count", "quarter": "palace"}))).await;
    assert_eq!(status, 400, "{error}");
    assert!(error["error"].as_str().unwrap().contains("palace"), "{error}");
    let (_, after) = server.get(&format!("/api/games/{id}?token={red}")).await;
    assert_eq!(after["version"], view["version"]);
    server.stop().await;
    // Bots: a game of greedy bots on a fixed deck sends a follower to Carcassonne. The server
    // deals new games from a secret seed, so the game is written to the database first and the
    // server resumes it; bots draw their own seeds from the deck's seed, so the game is the same
    // on every run.
    let seed = COUNT_BOTS_SEED;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let store = carcassonne_server::store::Store::open(&db).unwrap();
    let record = json!({"version": 2, "rules": {"expansions": ["count"]},
                        "players": ["red", "blue", "green"], "deck": {"seed": seed}});
    let seats = json!([{"name": "A", "player": "greedy"}, {"name": "B", "player": "greedy"},
                       {"name": "C", "player": "greedy"}]);
    let stored = carcassonne_server::store::StoredGame {
        id: "count-bots".into(),
        created: 1,
        record: record.to_string(),
        seats: seats.to_string(),
    };
    store.insert_game(&stored).unwrap();
    drop(store);
    let server = Running::start(Some(db)).await;
    let mut spectator = server.ws("count-bots", None).await;
    let last = spectator.until_over().await;
    let (_, full) = server.get(&format!("/api/games/count-bots/replay?step={}", last["version"])).await;
    let events = full["events"].as_array().cloned().unwrap_or_default();
    let entered: Vec<&Value> = events.iter().filter(|e| e["type"] == "figure-to-quarter").collect();
    assert!(!entered.is_empty(), "deck seed {seed}: the greedy bots never went to Carcassonne");
    assert!(entered[0]["text"].as_str().unwrap().contains("quarter of Carcassonne"), "{}", entered[0]);
    assert!(last["carcassonne"]["quarters"].is_array());
    server.stop().await;
}

/// The deck seed of the stored game of greedy bots in
/// `the_count_of_carcassonne_shows_its_quarters_and_refuses_bad_actions`, one where a follower
/// goes to Carcassonne.
const COUNT_BOTS_SEED: u64 = 1;

/// The official variations through HTTP: the options group them with their authors; a game with
/// "Cloisters for everyone!", "Follower unpunctuality" and "Fewer followers" shows each seat's
/// cloister and 6 followers for 3 seats, asks first for the held cloister, which the `held-tile`
/// action plays (the next decision places it); a follower onto the tile just placed is refused
/// with its field, the game unchanged; bots finish such a game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_official_variations_show_the_held_cloister_and_refuse_an_unpunctual_follower() {
    let server = Running::start(None).await;
    let (_, options) = server.get("/api/options").await;
    let variant = |id: &str| options["variants"].as_array().unwrap().iter().find(|v| v["id"] == id).cloned().unwrap();
    assert_eq!(variant("fewer-followers")["group"], "variation");
    assert_eq!(variant("fewer-followers")["author"], "Holger Peine");
    assert_eq!(variant("cloisters-for-everyone")["author"], "Bernd Eisenstein");
    assert_eq!(variant("farmer-scoring")["group"], "rule-difference");
    assert!(variant("farmer-scoring").get("author").is_none());
    let variants = json!({"cloisters-for-everyone": true, "follower-unpunctuality": true, "fewer-followers": true});
    let created = server
        .create(json!({"seats": [{"player": "human"}, {"player": "human"}, {"player": "human"}],
                       "rules": {"variants": variants}}))
        .await;
    let id = created["id"].as_str().unwrap();
    let red = created["seats"][0]["token"].as_str().unwrap();
    let (_, view) = server.get(&format!("/api/games/{id}?token={red}")).await;
    for seat in view["seats"].as_array().unwrap() {
        assert_eq!(seat["held_tile"], "base:B", "{seat}");
        assert_eq!(seat["supply"]["follower"], 6, "{seat}");
    }
    assert_eq!(view["pending"]["decision"], "held-tile", "{}", view["pending"]);
    assert_eq!(view["pending"]["tile"], "base:B");
    let actions: Vec<Value> = legal(&view).iter().map(|a| a["action"].clone()).collect();
    assert_eq!(actions, [json!("held-tile"), json!("pass")]);
    let path = format!("/api/games/{id}/actions");
    let body = |action: Value| json!({"token": red, "action": action}).to_string();
    let (status, view) = server.post(&path, &body(json!({"action": "held-tile"}))).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["pending"]["decision"], "place");
    assert_eq!(view["pending"]["tile"], "base:B");
    assert!(view["seats"][0].get("held_tile").is_none(), "{}", view["seats"][0]);
    assert!(view["events"].as_array().unwrap().iter().any(|e| e["type"] == "held-tile-played"));
    // The cloister south of the start tile; a monk on it is refused, the earlier tiles offered.
    let (status, view) = server.post(&path, &body(json!({"action": "place", "x": 0, "y": 1, "rotation": 0}))).await;
    assert_eq!(status, 200, "{view}");
    let (status, error) =
        server.post(&path, &body(json!({"action": "deploy", "figure": "follower", "feature": "cloister"}))).await;
    assert_eq!((status, error["field"].as_str()), (422, Some("action")), "{error}");
    assert!(error["error"].as_str().unwrap().contains("just placed"), "{error}");
    let (_, after) = server.get(&format!("/api/games/{id}?token={red}")).await;
    assert_eq!(after["version"], view["version"]);
    let earlier: Vec<Value> = legal(&after).into_iter().filter(|a| a["action"] == "deploy").collect();
    assert!(!earlier.is_empty());
    for a in &earlier {
        assert_eq!((a["x"].as_i64(), a["y"].as_i64()), (Some(0), Some(0)), "{a}");
        assert!(a["label"].as_str().unwrap().starts_with("onto an earlier tile"), "{a}");
    }
    // Bots play such a game to the end.
    let created = server
        .create(json!({"seats": [{"player": "greedy"}, {"player": "random"}], "rules": {"variants": variants}}))
        .await;
    let bots = created["id"].as_str().unwrap().to_owned();
    let mut spectator = server.ws(&bots, None).await;
    let last = spectator.until_over().await;
    assert_eq!(last["pending"]["decision"], "over");
    server.stop().await;
}

/// Hidden hands through HTTP and the WebSocket ("More tiles in hand"): each seat's view shows
/// its own tiles and only the number of the others'; a spectator sees none; the seat to play is
/// offered its own tiles, and a tile not in its hand is refused with its field, the game
/// unchanged; the chosen tile is then placed like a drawn one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hands_are_seen_only_by_their_owners() {
    let server = Running::start(None).await;
    let created = server
        .create(json!({"seats": [{"player": "human"}, {"player": "human"}, {"player": "human"}],
                       "rules": {"variants": {"tiles-in-hand": "three"}}}))
        .await;
    let id = created["id"].as_str().unwrap();
    let token = |seat: usize| created["seats"][seat]["token"].as_str().unwrap().to_owned();
    let (red, blue) = (token(0), token(1));
    let (_, red_view) = server.get(&format!("/api/games/{id}?token={red}")).await;
    let (_, blue_view) = server.get(&format!("/api/games/{id}?token={blue}")).await;
    let (_, spectator) = server.get(&format!("/api/games/{id}")).await;
    let red_hand: Vec<String> =
        red_view["seats"][0]["hand"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_owned()).collect();
    assert_eq!(red_hand.len(), 3);
    for view in [&red_view, &blue_view, &spectator] {
        for (seat, s) in view["seats"].as_array().unwrap().iter().enumerate() {
            assert_eq!(s["hand_size"], 3, "{s}");
            let own = view == &red_view && seat == 0 || view == &blue_view && seat == 1;
            assert_eq!(s.get("hand").is_some(), own, "seat {seat}'s hand in another's view: {s}");
        }
    }
    assert_eq!(red_view["pending"], json!({"decision": "choose-tile", "seat": 0, "from": "hand"}));
    assert!(blue_view.get("legal").is_none(), "blue is not offered red's choices");
    let offered: Vec<String> = legal(&red_view).iter().map(|a| a["tile"].as_str().unwrap().to_owned()).collect();
    assert!(offered.iter().all(|t| red_hand.contains(t)), "{offered:?} from {red_hand:?}");
    // Blue's live view never carries red's hand.
    let mut blue_ws = server.ws(id, Some(&blue)).await;
    let first = blue_ws.state_at(0).await;
    assert!(first["seats"][0].get("hand").is_none());
    let path = format!("/api/games/{id}/actions");
    let body = |action: Value| json!({"token": red, "action": action}).to_string();
    let missing =
        ["base:A", "base:B", "base:C", "base:X"].into_iter().find(|t| !red_hand.iter().any(|h| h == t)).unwrap();
    let (status, error) = server.post(&path, &body(json!({"action": "choose-tile", "tile": missing}))).await;
    assert_eq!((status, error["field"].as_str()), (422, Some("action")), "{error}");
    assert!(error["error"].as_str().unwrap().contains("not yours to choose"), "{error}");
    let (_, after) = server.get(&format!("/api/games/{id}?token={red}")).await;
    assert_eq!(after["version"], red_view["version"]);
    let (status, view) = server.post(&path, &body(json!({"action": "choose-tile", "tile": offered[0]}))).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["pending"]["decision"], "place");
    assert_eq!(view["pending"]["tile"], offered[0].as_str());
    assert_eq!(view["seats"][0]["hand_size"], 2);
    let seen = blue_ws.state_at(view["version"].as_u64().unwrap()).await;
    assert!(seen["seats"][0].get("hand").is_none());
    assert_eq!(seen["seats"][0]["hand_size"], 2);
    let texts: Vec<&str> = seen["events"].as_array().unwrap().iter().filter_map(|e| e["text"].as_str()).collect();
    assert!(texts.iter().any(|t| t.contains("takes")), "{texts:?}");
    server.stop().await;
}

/// "Only one can choose" face down: the distributor's tiles and each tile handed out are seen by
/// their holder only (the others see how many), the hand-out is offered to the distributor
/// alone, a gift to a player who may not receive one is refused with the field named, and the
/// log says who received a tile but not which. Face up, every view shows every hand.
#[tokio::test]
async fn tiles_handed_out_face_down_are_seen_only_by_their_holders() {
    let server = Running::start(None).await;
    let created = server
        .create(json!({"seats": [{"player": "human"}, {"player": "human"}, {"player": "human"}],
                       "rules": {"variants": {"only-one-can-choose": "face-down"}}}))
        .await;
    let id = created["id"].as_str().unwrap();
    let token = |seat: usize| created["seats"][seat]["token"].as_str().unwrap().to_owned();
    let (red, blue, green) = (token(0), token(1), token(2));
    let (_, red_view) = server.get(&format!("/api/games/{id}?token={red}")).await;
    assert_eq!(red_view["pending"], json!({"decision": "give-tile", "seat": 0, "recipients": [1, 2]}));
    let red_hand: Vec<String> =
        red_view["seats"][0]["hand"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_owned()).collect();
    assert_eq!(red_hand.len(), 3);
    let (_, green_view) = server.get(&format!("/api/games/{id}?token={green}")).await;
    assert!(green_view["seats"][0].get("hand").is_none(), "{}", green_view["seats"][0]);
    assert_eq!(green_view["seats"][0]["hand_size"], 3);
    assert!(green_view.get("legal").is_none(), "green is not offered red's hand-out");
    let path = format!("/api/games/{id}/actions");
    let body = |action: Value| json!({"token": red, "action": action}).to_string();
    let (status, error) =
        server.post(&path, &body(json!({"action": "give-tile", "tile": red_hand[0], "to": "red"}))).await;
    assert_eq!((status, error["field"].as_str()), (422, Some("action")), "{error}");
    assert!(error["error"].as_str().unwrap().contains("cannot receive a tile"), "{error}");
    let (status, view) =
        server.post(&path, &body(json!({"action": "give-tile", "tile": red_hand[0], "to": "blue"}))).await;
    assert_eq!(status, 200, "{view}");
    let (_, blue_view) = server.get(&format!("/api/games/{id}?token={blue}")).await;
    assert_eq!(blue_view["seats"][1]["hand"], json!([red_hand[0]]));
    let (_, green_view) = server.get(&format!("/api/games/{id}?token={green}")).await;
    assert!(green_view["seats"][1].get("hand").is_none());
    assert_eq!(green_view["seats"][1]["hand_size"], 1);
    let given: Vec<&Value> =
        green_view["events"].as_array().unwrap().iter().filter(|e| e["type"] == "tile-given").collect();
    assert_eq!(given.len(), 1, "{}", green_view["events"]);
    assert!(given[0]["tile"].is_null(), "{}", given[0]);
    assert!(given[0]["text"].as_str().unwrap().contains("hands a tile to"), "{}", given[0]);
    server.stop().await;

    let server = Running::start(None).await;
    let created = server
        .create(json!({"seats": [{"player": "human"}, {"player": "human"}],
                       "rules": {"variants": {"only-one-can-choose": "face-up"}}}))
        .await;
    let id = created["id"].as_str().unwrap();
    let (_, spectator) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(spectator["seats"][0]["hand"].as_array().map(Vec::len), Some(2), "{}", spectator["seats"][0]);
    server.stop().await;
}
