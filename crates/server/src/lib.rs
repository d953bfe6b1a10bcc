//! The Carcassonne game server: a JSON API and WebSocket updates (docs/api.md) over the engine,
//! bots that play on the server, games kept in SQLite, and the browser UI of `web/`.
//!
//! Data flow: a request (HTTP or WebSocket) reaches a [`room::Room`]; an accepted action is
//! stored in the database and then applied; the room's change counter wakes every WebSocket
//! task of that game, each of which sends its client a fresh view built for its own token
//! ([`view`]); if the next decision is a bot's, [`bots`] runs the bot on the blocking pool and
//! commits its action the same way.

pub mod api;
mod assets;
pub mod bots;
pub mod error;
pub mod options;
pub mod room;
pub mod seats;
pub mod store;
pub mod view;
mod ws;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use room::Room;
use store::Store;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    /// The SQLite database; `None` keeps games in memory only.
    pub db: Option<PathBuf>,
    /// A pause before each bot move, so that people can follow the game.
    pub bot_delay: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: Some(PathBuf::from("carcassonne.db")),
            bot_delay: Duration::from_millis(600),
        }
    }
}

/// What every request handler shares.
pub struct AppState {
    pub store: Store,
    pub rooms: RwLock<HashMap<String, Arc<Room>>>,
    pub config: Config,
}

impl AppState {
    /// Opens (or creates) the database and loads every game in it.
    pub fn open(config: Config) -> Result<Arc<AppState>, String> {
        let store = match &config.db {
            Some(path) => Store::open(path).map_err(|e| format!("{}: {e}", path.display()))?,
            None => Store::in_memory().map_err(|e| e.to_string())?,
        };
        let mut rooms = HashMap::new();
        for (stored, actions) in store.load_all().map_err(|e| e.to_string())? {
            let room = Room::load(&stored, &actions).map_err(|e| format!("game {}: {e}", stored.id))?;
            rooms.insert(stored.id.clone(), Arc::new(room));
        }
        Ok(Arc::new(AppState { store, rooms: RwLock::new(rooms), config }))
    }

    pub fn room(&self, id: &str) -> Option<Arc<Room>> {
        self.rooms.read().unwrap_or_else(|e| e.into_inner()).get(id).cloned()
    }

    pub fn all_rooms(&self) -> Vec<Arc<Room>> {
        self.rooms.read().unwrap_or_else(|e| e.into_inner()).values().cloned().collect()
    }
}

/// A server bound to its address, not yet serving.
pub struct Server {
    state: Arc<AppState>,
    listener: tokio::net::TcpListener,
}

impl Server {
    /// Opens the database and binds the address (port 0 picks a free port).
    pub async fn bind(config: Config) -> Result<Server, String> {
        let addr = config.addr;
        let state = AppState::open(config)?;
        let listener =
            tokio::net::TcpListener::bind(addr).await.map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        Ok(Server { state, listener })
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener.local_addr().expect("a bound listener has an address")
    }

    pub fn state(&self) -> Arc<AppState> {
        self.state.clone()
    }

    /// Serves until `shutdown` completes. Bots of unfinished games resume first.
    pub async fn run(self, shutdown: impl std::future::Future<Output = ()> + Send + 'static) -> std::io::Result<()> {
        for room in self.state.all_rooms() {
            bots::kick(self.state.clone(), room);
        }
        let app = api::router(self.state.clone());
        axum::serve(self.listener, app).with_graceful_shutdown(shutdown).await
    }
}
