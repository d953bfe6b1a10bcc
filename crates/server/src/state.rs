//! What every request handler shares: the configuration, the database, and the games, in
//! memory or (finished and idle) only in the database.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use crate::room::{Room, Summary};
use crate::store::Store;

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
            // A game that no longer replays (a stored action the rules now refuse, a damaged row)
            // is left out with a message; the others are served.
            let room = match Room::load(&stored, &actions) {
                Ok(room) => room,
                Err(e) => {
                    eprintln!("game {}: cannot replay it, left out: {e}", stored.id);
                    continue;
                }
            };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::StoredGame;

    /// A stored game that no longer replays is left out; the server still starts.
    #[test]
    fn a_game_that_does_not_replay_is_left_out_not_fatal() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("games.db");
        let store = Store::open(&db).unwrap();
        let broken = r#"{"version": 2, "players": ["red", "blue"], "deck": {"seed": 1}}"#;
        store
            .insert_game(&StoredGame { id: "g1".into(), created: 1, record: broken.into(), seats: "[]".into() })
            .unwrap();
        store.append_action("g1", 0, r#"{"action": "pass"}"#).unwrap();
        drop(store);
        let state = AppState::open(Config { db: Some(db), ..Config::default() }).expect("the server starts");
        assert_eq!(state.game_count(), 0);
    }
}
