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

use room::{Room, Summary};
use store::Store;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    /// The SQLite database; `None` keeps games in memory only.
    pub db: Option<PathBuf>,
    /// A pause before each bot move, so that people can follow the game.
    pub bot_delay: Duration,
    /// A finished game nobody has looked at for this long leaves memory (it stays in the
    /// database and is loaded again when asked for).
    pub unload_after: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: Some(PathBuf::from("carcassonne.db")),
            bot_delay: Duration::from_millis(600),
            unload_after: Duration::from_secs(600),
        }
    }
}

/// A game as the server holds it: in memory, or (finished and idle) only in the database, with
/// the summary the game list shows.
enum Entry {
    Loaded(Arc<Room>),
    Stored(Summary),
}

/// What every request handler shares.
pub struct AppState {
    pub store: Store,
    rooms: RwLock<HashMap<String, Entry>>,
    pub config: Config,
}

impl AppState {
    /// Opens (or creates) the database and loads every game in it; finished games keep only
    /// their summary in memory.
    pub fn open(config: Config) -> Result<Arc<AppState>, String> {
        let store = match &config.db {
            Some(path) => Store::open(path).map_err(|e| format!("{}: {e}", path.display()))?,
            None => Store::in_memory().map_err(|e| e.to_string())?,
        };
        let mut rooms = HashMap::new();
        for (stored, actions) in store.load_all().map_err(|e| e.to_string())? {
            let room = Room::load(&stored, &actions).map_err(|e| format!("game {}: {e}", stored.id))?;
            let entry = if room.is_over() { Entry::Stored(room.summary()) } else { Entry::Loaded(Arc::new(room)) };
            rooms.insert(stored.id.clone(), entry);
        }
        Ok(Arc::new(AppState { store, rooms: RwLock::new(rooms), config }))
    }

    fn rooms(&self) -> std::sync::RwLockReadGuard<'_, HashMap<String, Entry>> {
        self.rooms.read().unwrap_or_else(|e| e.into_inner())
    }

    fn rooms_mut(&self) -> std::sync::RwLockWriteGuard<'_, HashMap<String, Entry>> {
        self.rooms.write().unwrap_or_else(|e| e.into_inner())
    }

    /// A game by id, loaded from the database if it was unloaded. (A single game's rows are
    /// read and replayed in about a millisecond, so this runs on the caller's thread.)
    pub fn room(&self, id: &str) -> Option<Arc<Room>> {
        match self.rooms().get(id)? {
            Entry::Loaded(room) => {
                room.touch();
                return Some(room.clone());
            }
            Entry::Stored(_) => {}
        }
        let (stored, actions) = match self.store.load_game(id) {
            Ok(Some(rows)) => rows,
            Ok(None) => return None,
            Err(e) => {
                eprintln!("game {id}: cannot load it: {e}");
                return None;
            }
        };
        let room = match Room::load(&stored, &actions) {
            Ok(room) => Arc::new(room),
            Err(e) => {
                eprintln!("game {id}: cannot replay it: {e}");
                return None;
            }
        };
        let mut rooms = self.rooms_mut();
        // Another request may have loaded it meanwhile: keep one room per game.
        let entry = rooms.entry(id.to_string()).or_insert_with(|| Entry::Stored(room.summary()));
        if let Entry::Stored(_) = entry {
            *entry = Entry::Loaded(room);
        }
        match entry {
            Entry::Loaded(room) => Some(room.clone()),
            Entry::Stored(_) => None,
        }
    }

    /// Adds a new game.
    pub fn insert(&self, room: Arc<Room>) {
        self.rooms_mut().insert(room.id.clone(), Entry::Loaded(room));
    }

    /// The games in memory.
    pub fn loaded_rooms(&self) -> Vec<Arc<Room>> {
        self.rooms()
            .values()
            .filter_map(|e| match e {
                Entry::Loaded(room) => Some(room.clone()),
                Entry::Stored(_) => None,
            })
            .collect()
    }

    /// How many games the server has (in memory or not).
    pub fn game_count(&self) -> usize {
        self.rooms().len()
    }

    /// Every game's summary, for the game list.
    pub fn summaries(&self) -> Vec<Summary> {
        self.rooms()
            .values()
            .map(|e| match e {
                Entry::Loaded(room) => room.summary(),
                Entry::Stored(summary) => summary.clone(),
            })
            .collect()
    }

    /// Unloads the finished games that no client watches and nobody has asked for during
    /// `idle`; returns how many.
    pub fn unload_idle(&self, idle: Duration) -> usize {
        let mut rooms = self.rooms_mut();
        let mut unloaded = 0;
        for entry in rooms.values_mut() {
            if let Entry::Loaded(room) = entry {
                if room.is_over() && room.watchers() == 0 && room.idle_for() >= idle {
                    *entry = Entry::Stored(room.summary());
                    unloaded += 1;
                }
            }
        }
        unloaded
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
        for room in self.state.loaded_rooms() {
            bots::kick(self.state.clone(), room);
        }
        let state = self.state.clone();
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(Duration::from_secs(60));
            loop {
                ticks.tick().await;
                state.unload_idle(state.config.unload_after);
            }
        });
        let app = api::router(self.state.clone());
        axum::serve(self.listener, app).with_graceful_shutdown(shutdown).await
    }
}
