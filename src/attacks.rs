//! The attacks `carcassonne loadtest --attack` runs beside its simulated people (issue 42), so
//! that a person's latency is measured while someone tries to lock the server up:
//! - `idle=N`: N TCP connections opened and left idle, opened again whenever the server closes
//!   one (the connection flood);
//! - `hoard=N`: N games of one person who never acts and five greedy bots, each read every
//!   10 s (bot seats hoarded);
//! - `starve=N`: N games of one person who answers at once and five bots of `--bot` (the bot
//!   workers starved);
//! - `flood=N`: N live connections sending binary messages and pings as fast as they can.
//!
//! Each attacker sends its own client address in `--address-header` when the server trusts
//! one, so that the server can tell it from the people.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use futures_util::SinkExt;
use serde_json::{json, Value};
use tokio::io::AsyncReadExt;
use tokio_tungstenite::tungstenite::Message;

/// One kind of attack and its strength.
#[derive(Clone, Debug, PartialEq)]
pub enum Attack {
    Idle(usize),
    Hoard(usize),
    Starve(usize),
    Flood(usize),
}

impl std::str::FromStr for Attack {
    type Err = String;

    fn from_str(text: &str) -> Result<Attack, String> {
        let (kind, n) = text.split_once('=').unwrap_or((text, "1"));
        let n: usize = n.parse().map_err(|_| format!("`{n}` is not a number (in --attack {text})"))?;
        match kind {
            "idle" => Ok(Attack::Idle(n)),
            "hoard" => Ok(Attack::Hoard(n)),
            "starve" => Ok(Attack::Starve(n)),
            "flood" => Ok(Attack::Flood(n)),
            _ => Err(format!("unknown attack `{kind}` (known: idle=N, hoard=N, starve=N, flood=N)")),
        }
    }
}

/// Adds `n` to the count of a kind of event.
pub type Counter = Box<dyn Fn(&str, usize) + Send + Sync>;

/// What the attacks need of the load test.
pub struct Target {
    pub http: reqwest::Client,
    pub base: String,
    pub ws_base: String,
    pub addr: SocketAddr,
    pub deadline: Instant,
    pub bot: String,
    /// The header that carries a client's address, and the attacker's address in it.
    pub address_header: Option<String>,
    /// Adds to the count of what happened ("idle: refused at once (503)", ...).
    pub count: Counter,
}

impl Target {
    fn post(&self, path: &str, body: &Value) -> reqwest::RequestBuilder {
        let mut request = self.http.post(format!("{}{path}", self.base)).json(body);
        if let Some(header) = &self.address_header {
            request = request.header(header.as_str(), "10.66.0.1");
        }
        request
    }

    fn get(&self, path: &str) -> reqwest::RequestBuilder {
        let mut request = self.http.get(format!("{}{path}", self.base));
        if let Some(header) = &self.address_header {
            request = request.header(header.as_str(), "10.66.0.1");
        }
        request
    }

    /// Creates a game for an attack; `None` (counted) when the server refuses it.
    async fn create(&self, what: &str, seats: Value) -> Option<Value> {
        match self.post("/api/games", &json!({ "seats": seats })).send().await {
            Ok(r) if r.status().as_u16() == 201 => {
                (self.count)(&format!("{what}: games created"), 1);
                r.json().await.ok()
            }
            Ok(r) => {
                (self.count)(&format!("{what}: creation refused ({})", r.status().as_u16()), 1);
                None
            }
            Err(_) => {
                (self.count)(&format!("{what}: creation failed"), 1);
                None
            }
        }
    }
}

/// Runs `attack` until the deadline.
pub async fn run(target: std::sync::Arc<Target>, attack: Attack) {
    let mut tasks = tokio::task::JoinSet::new();
    match attack {
        Attack::Idle(n) => {
            for _ in 0..n {
                tasks.spawn(idle(target.clone()));
            }
        }
        Attack::Hoard(n) => {
            tasks.spawn(hoard(target.clone(), n));
        }
        Attack::Starve(n) => {
            for _ in 0..n {
                tasks.spawn(starve(target.clone()));
            }
        }
        Attack::Flood(n) => {
            for _ in 0..n {
                tasks.spawn(flood(target.clone()));
            }
        }
    }
    while tasks.join_next().await.is_some() {}
}

/// One idle connection, opened again whenever the server closes it.
async fn idle(target: std::sync::Arc<Target>) {
    while Instant::now() < target.deadline {
        let Ok(mut stream) = tokio::net::TcpStream::connect(target.addr).await else {
            (target.count)("idle: cannot connect", 1);
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        (target.count)("idle: opened", 1);
        let mut answer = vec![];
        let left = target.deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, stream.read_to_end(&mut answer)).await {
            Ok(_) if answer.starts_with(b"HTTP/1.1 503") => {
                (target.count)("idle: refused at once (503)", 1);
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Ok(_) => (target.count)("idle: closed by the server", 1),
            Err(_) => return,
        }
    }
}

/// Games whose person never acts, each read every 10 s.
async fn hoard(target: std::sync::Arc<Target>, n: usize) {
    let mut games = vec![];
    let bots = vec![json!({"player": "greedy"}); 5];
    while Instant::now() < target.deadline {
        if games.len() < n {
            let mut seats = bots.clone();
            seats.push(json!({"player": "human"}));
            if let Some(created) = target.create("hoard", Value::Array(seats)).await {
                games.push(created["id"].as_str().unwrap_or_default().to_string());
                continue;
            }
        }
        for id in &games {
            let _ = target.get(&format!("/api/games/{id}")).send().await;
        }
        tokio::time::sleep(Duration::from_secs(10)).await;
    }
}

/// A game whose person answers at once, against five bots of `--bot`.
async fn starve(target: std::sync::Arc<Target>) {
    while Instant::now() < target.deadline {
        let mut seats = vec![json!({"player": "human"})];
        seats.extend(std::iter::repeat_n(json!({"player": target.bot}), 5));
        let Some(created) = target.create("starve", Value::Array(seats)).await else {
            tokio::time::sleep(Duration::from_secs(5)).await;
            continue;
        };
        let id = created["id"].as_str().unwrap_or_default().to_string();
        let token = created["seats"][0]["token"].as_str().unwrap_or_default().to_string();
        while Instant::now() < target.deadline {
            let Ok(view) = target.get(&format!("/api/games/{id}?token={token}")).send().await else { break };
            let Ok(view) = view.json::<Value>().await else { break };
            if view["status"] == "over" {
                break;
            }
            match view["legal"].as_array().and_then(|l| l.first()) {
                Some(action) => {
                    let body = json!({"token": token, "action": action, "version": view["version"]});
                    if target.post(&format!("/api/games/{id}/actions"), &body).send().await.is_ok() {
                        (target.count)("starve: actions", 1);
                    }
                }
                None => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    }
}

/// A live connection sending binary messages and pings as fast as it can, opened again when
/// the server closes it.
async fn flood(target: std::sync::Arc<Target>) {
    let Some(created) = target.create("flood", json!([{"player": "human"}, {"player": "human"}])).await else { return };
    let id = created["id"].as_str().unwrap_or_default().to_string();
    while Instant::now() < target.deadline {
        let Ok((mut socket, _)) =
            tokio_tungstenite::connect_async(format!("{}/api/games/{id}/ws", target.ws_base)).await
        else {
            (target.count)("flood: cannot connect", 1);
            tokio::time::sleep(Duration::from_millis(500)).await;
            continue;
        };
        let mut sent = 0usize;
        loop {
            let frame = if sent.is_multiple_of(2) {
                Message::Ping(vec![0; 16].into())
            } else {
                Message::Binary(vec![0; 4096].into())
            };
            if socket.send(frame).await.is_err() || Instant::now() >= target.deadline {
                break;
            }
            sent += 1;
        }
        (target.count)("flood: frames sent", sent);
        (target.count)("flood: connections ended", 1);
    }
}
