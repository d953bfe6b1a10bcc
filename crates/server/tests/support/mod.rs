//! What the server's HTTP and WebSocket tests share: a server on loopback with a fresh
//! database, a WebSocket client, and the check that no message reveals the deck. Each test file
//! uses part of it.
#![allow(dead_code, unused_imports)]

pub use std::collections::HashSet;
pub use std::net::SocketAddr;
pub use std::path::PathBuf;
pub use std::time::Duration;

pub use carcassonne_engine::{Catalog, Event, Record};
pub use carcassonne_server::limits::Limits;
pub use carcassonne_server::{Config, Server};
pub use futures_util::{SinkExt, StreamExt};
pub use serde_json::{json, Value};
pub use tokio::sync::oneshot;
pub use tokio_tungstenite::tungstenite::Message;

pub struct Running {
    pub addr: SocketAddr,
    pub state: std::sync::Arc<carcassonne_server::AppState>,
    pub stop: Option<oneshot::Sender<()>>,
    pub task: tokio::task::JoinHandle<()>,
    pub http: reqwest::Client,
}

impl Running {
    /// A server on a free port of loopback, bots without a pause.
    pub async fn start(db: Option<PathBuf>) -> Running {
        Running::with(Config { db, bot_delay: Duration::ZERO, ..Config::default() }).await
    }

    /// A server with `config` on a free port of loopback.
    pub async fn with(config: Config) -> Running {
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

    pub async fn stop(mut self) {
        self.stop.take().unwrap().send(()).unwrap();
        self.task.await.unwrap();
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        let response = self.http.get(self.url(path)).send().await.unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    pub async fn post(&self, path: &str, body: &str) -> (u16, Value) {
        let (status, _, body) = self.post_from(path, body, None).await;
        (status, body)
    }

    /// A POST, from the client address `from` (the `x-forwarded-for` header) if given; with
    /// the answer's headers.
    pub async fn post_from(
        &self,
        path: &str,
        body: &str,
        from: Option<&str>,
    ) -> (u16, reqwest::header::HeaderMap, Value) {
        let mut request = self.http.post(self.url(path)).header("content-type", "application/json");
        if let Some(from) = from {
            request = request.header("x-forwarded-for", from);
        }
        let response = request.body(body.to_string()).send().await.unwrap();
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        (status, headers, response.json().await.unwrap_or(Value::Null))
    }

    pub async fn create(&self, request: Value) -> Value {
        let (status, created) = self.post("/api/games", &request.to_string()).await;
        assert_eq!(status, 201, "{created}");
        created
    }

    /// A new two-seat hot-seat game between people: its id and the token of both seats.
    pub async fn hot_seat_game(&self) -> (String, String) {
        let created = self.create(json!({"seats": [{"player": "human"}, {"player": "human"}], "hot_seat": true})).await;
        (created["id"].as_str().unwrap().to_string(), created["seats"][0]["token"].as_str().unwrap().to_string())
    }

    pub async fn ws(&self, id: &str, token: Option<&str>) -> Ws {
        let query = token.map(|t| format!("?token={t}")).unwrap_or_default();
        let (socket, _) =
            tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws{query}", self.addr)).await.unwrap();
        Ws { socket, received: vec![] }
    }
}

pub type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A WebSocket client that keeps every message it receives.
pub struct Ws {
    pub socket: Socket,
    pub received: Vec<Value>,
}

impl Ws {
    pub async fn next(&mut self) -> Value {
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
    pub async fn state_at(&mut self, version: u64) -> Value {
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
    pub async fn until_over(&mut self) -> Value {
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

    pub async fn send(&mut self, value: Value) {
        self.socket.send(Message::Text(value.to_string().into())).await.unwrap();
    }
}

pub fn legal(view: &Value) -> Vec<Value> {
    view["legal"].as_array().cloned().unwrap_or_default()
}

/// Picks a legal action, varied with `n`, as the view lists it (with its `at`, which the
/// server ignores).
pub fn pick(view: &Value, n: usize) -> Value {
    let actions = legal(view);
    assert!(!actions.is_empty(), "a pending decision has legal actions: {view}");
    actions[(n * 7919) % actions.len()].clone()
}

/// The tiles in the order they were drawn (those that fitted nowhere too), from a finished
/// game's record.
pub fn draw_order(record: &Record) -> Vec<String> {
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
pub fn string_lists(value: &Value, out: &mut Vec<Vec<String>>) {
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
pub fn assert_reveals_no_deck(message: &Value, order: &[String]) {
    pub fn keys(value: &Value, out: &mut HashSet<String>) {
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

/// A server on a new database in `dir` with a hot-seat game: the server, the database, the
/// game's id and the body of a request for an action of its first decision.
pub async fn first_action_on_disk(dir: &std::path::Path) -> (Running, PathBuf, String, String) {
    let db = dir.join("games.db");
    let server = Running::start(Some(db.clone())).await;
    let (id, token) = server.hot_seat_game().await;
    let (_, view) = server.get(&format!("/api/games/{id}?token={token}")).await;
    let body = json!({"token": token, "action": pick(&view, 0), "version": 0}).to_string();
    (server, db, id, body)
}
