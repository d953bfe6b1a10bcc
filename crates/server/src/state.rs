//! What every request handler shares: the configuration, the database, and the games, in
//! memory or (finished and idle) only in the database.

use std::cmp::Reverse;
use std::collections::{BTreeSet, HashMap};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use tokio::sync::watch;

use crate::error::{ApiError, DATABASE_RETRY};
use crate::limits::{Admission, ClientAddr, Limits};
use crate::room::{Room, Summary};
use crate::scheduler::BotPool;
use crate::store::{Store, Sync};

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    /// The SQLite database; `None` keeps games in memory only.
    pub db: Option<PathBuf>,
    /// When the database flushes to the disk.
    pub sync: Sync,
    /// A pause before each bot move, so that people can follow the game.
    pub bot_delay: Duration,
    /// A finished game nobody has looked at for this long leaves memory (it stays in the
    /// database and is loaded again when asked for).
    pub unload_after: Duration,
    /// Threads that run bot decisions ([`crate::scheduler`]); by default one per core.
    pub bot_workers: usize,
    /// A game between bots only pauses when nobody has watched it or asked for it for this
    /// long ([`crate::bots`]).
    pub pause_after: Duration,
    /// What clients may ask of the server.
    pub limits: Limits,
    /// How often the database is copied to its backup (`<db>.backup`, replaced each time);
    /// `None` for never.
    pub backup_every: Option<Duration>,
}

impl Config {
    /// Where the database's backup goes: beside it, `.backup` added to its name.
    pub fn backup_path(&self) -> Option<PathBuf> {
        let db = self.db.as_ref()?;
        let mut name = db.file_name()?.to_os_string();
        name.push(".backup");
        Some(db.with_file_name(name))
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: Some(PathBuf::from("carcassonne.db")),
            sync: Sync::Normal,
            bot_delay: Duration::from_millis(600),
            unload_after: Duration::from_secs(600),
            bot_workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            pause_after: Duration::from_secs(30),
            limits: Limits::default(),
            backup_every: Some(Duration::from_secs(3600)),
        }
    }
}

/// A game as the server holds it: in memory, or (idle) only in the database, with the summary
/// the game list shows; or a game whose rows no longer make a game, with the reason.
enum Entry {
    Loaded(Arc<Room>),
    Stored(Summary),
    Failed(Summary),
}

impl Entry {
    fn summary(&self) -> Summary {
        match self {
            Entry::Loaded(room) => room.summary(),
            Entry::Stored(summary) | Entry::Failed(summary) => summary.clone(),
        }
    }
}

/// The error of a game whose rows no longer make a game.
fn failed(id: &str, summary: &Summary) -> ApiError {
    let reason = summary.error.as_deref().unwrap_or("");
    ApiError::internal(format!("game {id} is damaged in the database and cannot be played: {reason}")).field("id")
}

/// What every request handler shares.
pub struct AppState {
    pub store: Store,
    rooms: RwLock<HashMap<String, Entry>>,
    /// Every game's id, newest first (creation time, then id): the order of the game list,
    /// kept as games are added so that a page of the list costs its own size.
    order: RwLock<BTreeSet<(Reverse<i64>, String)>>,
    pub config: Config,
    /// The bot workers.
    pub bots: BotPool,
    /// Set once when the server begins to stop; WebSocket tasks wait on it.
    stopping: watch::Sender<bool>,
    /// The limits' counters.
    pub admission: Admission,
}

/// Why the database at `path` cannot be opened, in words a person starting the server can act
/// on: SQLite's own message ("unable to open database file", "attempt to write a readonly
/// database") names neither the file nor what to check.
fn cannot_open(path: &std::path::Path, error: &crate::store::StoreError) -> String {
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    let hint = if !folder.is_dir() {
        format!("its folder {} does not exist", folder.display())
    } else if path.is_dir() {
        "it is a folder, not a file".to_string()
    } else if std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly())
        || std::fs::metadata(folder).is_ok_and(|m| m.permissions().readonly())
    {
        "the file or its folder is read-only".to_string()
    } else {
        "check that the server may read and write it".to_string()
    };
    format!(
        "cannot open the database {}: {hint} (the server writes the file and, beside it, its -wal and -shm \
         files; SQLite says: {error})",
        path.display()
    )
}

impl AppState {
    /// Opens (or creates) the database and loads every game in it; finished games keep only
    /// their summary in memory.
    pub fn open(config: Config) -> Result<Arc<AppState>, String> {
        let store = match &config.db {
            Some(path) => Store::open_with(path, config.sync).map_err(|e| cannot_open(path, &e))?,
            None => Store::in_memory().map_err(|e| e.to_string())?,
        };
        let mut rooms = HashMap::new();
        let mut order = BTreeSet::new();
        let (games, unreadable) = store.load_all().map_err(|e| e.to_string())?;
        for problem in &unreadable {
            eprintln!("the database is damaged: {problem}; every game that can be read is served");
        }
        for (id, rows) in games {
            // A game that no longer replays (a stored action the rules now refuse, a damaged row)
            // is listed as failed, with the reason; the others are served.
            let entry = match rows.and_then(|(stored, actions)| Room::load(&stored, &actions)) {
                Ok(room) if room.is_over() => Entry::Stored(room.summary()),
                Ok(room) => Entry::Loaded(Arc::new(room)),
                Err(e) => {
                    eprintln!("game {id}: cannot replay it, listed as failed: {e}");
                    Entry::Failed(Summary::failed(&id, e))
                }
            };
            let created = match &entry {
                Entry::Loaded(room) => room.created,
                Entry::Stored(summary) | Entry::Failed(summary) => summary.created,
            };
            order.insert((Reverse(created), id.clone()));
            rooms.insert(id, entry);
        }
        let bots = BotPool::new(config.bot_workers);
        let admission = Admission::new(&config.limits);
        Ok(Arc::new(AppState {
            store,
            rooms: RwLock::new(rooms),
            order: RwLock::new(order),
            config,
            bots,
            stopping: watch::Sender::new(false),
            admission,
        }))
    }

    /// Begins stopping: bots stop thinking and WebSocket tasks say goodbye to their clients.
    pub fn begin_stopping(&self) {
        self.stopping.send_replace(true);
        self.bots.close();
    }

    pub fn is_stopping(&self) -> bool {
        *self.stopping.borrow()
    }

    /// Changes when the server begins to stop. Each WebSocket task holds one until it ends.
    pub fn stopping(&self) -> watch::Receiver<bool> {
        self.stopping.subscribe()
    }

    /// WebSocket tasks running.
    pub fn open_sessions(&self) -> usize {
        self.stopping.receiver_count()
    }

    fn rooms(&self) -> std::sync::RwLockReadGuard<'_, HashMap<String, Entry>> {
        self.rooms.read().unwrap_or_else(|e| e.into_inner())
    }

    fn rooms_mut(&self) -> std::sync::RwLockWriteGuard<'_, HashMap<String, Entry>> {
        self.rooms.write().unwrap_or_else(|e| e.into_inner())
    }

    /// A game by id, loaded from the database if it was unloaded: `404` for an unknown game,
    /// `500` for a game whose rows no longer make a game, `503` when the database cannot be
    /// read. (A single game's rows are read and replayed in about a millisecond, so this runs
    /// on the caller's thread.)
    pub fn room(&self, id: &str) -> Result<Arc<Room>, ApiError> {
        let unknown = || ApiError::not_found(format!("no game `{id}`")).field("id");
        match self.rooms().get(id) {
            None => return Err(unknown()),
            Some(Entry::Loaded(room)) => {
                room.touch();
                return Ok(room.clone());
            }
            Some(Entry::Failed(summary)) => return Err(failed(id, summary)),
            Some(Entry::Stored(_)) => {}
        }
        let rows = match self.store.load_game(id) {
            Ok(Some(rows)) => rows,
            Ok(None) => return Err(unknown()),
            Err(e) => {
                eprintln!("game {id}: cannot load it: {e}");
                return Err(ApiError::unavailable(format!("game {id} cannot be read now: {e}"), DATABASE_RETRY));
            }
        };
        let loaded = rows.and_then(|(stored, actions)| Room::load(&stored, &actions));
        let mut rooms = self.rooms_mut();
        // Another request may have loaded it meanwhile: keep one room per game.
        let entry = rooms.entry(id.to_string()).or_insert_with(|| Entry::Failed(Summary::failed(id, String::new())));
        if let Entry::Stored(_) = entry {
            *entry = match loaded {
                Ok(room) => Entry::Loaded(Arc::new(room)),
                Err(e) => {
                    eprintln!("game {id}: cannot replay it, listed as failed: {e}");
                    Entry::Failed(Summary::failed(id, e))
                }
            };
        }
        match entry {
            Entry::Loaded(room) => Ok(room.clone()),
            Entry::Failed(summary) => Err(failed(id, summary)),
            Entry::Stored(_) => Err(unknown()),
        }
    }

    /// Adds a new game.
    pub fn insert(&self, room: Arc<Room>) {
        self.order.write().unwrap_or_else(|e| e.into_inner()).insert((Reverse(room.created), room.id.clone()));
        self.rooms_mut().insert(room.id.clone(), Entry::Loaded(room));
    }

    /// A page of the game list, newest first: at most `limit` games after the game `after`
    /// (creation time and id, the last of the page before), and whether more follow.
    pub fn page(&self, after: Option<(i64, &str)>, limit: usize) -> (Vec<Summary>, bool) {
        use std::ops::Bound;
        let order = self.order.read().unwrap_or_else(|e| e.into_inner());
        let start = match after {
            Some((created, id)) => Bound::Excluded((Reverse(created), id.to_string())),
            None => Bound::Unbounded,
        };
        let mut ids = order.range((start, Bound::Unbounded)).map(|(_, id)| id);
        let page: Vec<&String> = ids.by_ref().take(limit).collect();
        let more = ids.next().is_some();
        let rooms = self.rooms();
        let games = page.into_iter().filter_map(|id| rooms.get(id).map(Entry::summary)).collect();
        (games, more)
    }

    /// The games of `ids` that the server has, in that order.
    pub fn summaries_of(&self, ids: &[&str]) -> Vec<Summary> {
        let rooms = self.rooms();
        ids.iter().filter_map(|id| rooms.get(*id).map(Entry::summary)).collect()
    }

    /// The games running (unfinished, in memory) and the bot seats they hold.
    pub fn running(&self) -> (usize, usize) {
        self.rooms().values().fold((0, 0), |(games, bots), entry| match entry {
            Entry::Loaded(room) if !room.is_over() => (games + 1, bots + self.bot_seats_held(room)),
            _ => (games, bots),
        })
    }

    /// The bot seats a running game holds: all of them in a game between bots, and in a game
    /// with people only while its people play (one of them acted within `bot_seats_released_after`,
    /// or it is younger than that). A game whose people never act holds none, however often
    /// it is read, so it cannot keep the server full (issue 42).
    fn bot_seats_held(&self, room: &Room) -> usize {
        let bots = room.seats.iter().filter(|s| s.is_bot()).count();
        if room.has_person() && room.since_person_acted() >= self.config.limits.bot_seats_released_after {
            0
        } else {
            bots
        }
    }

    /// The bot seats that `address`'s running games hold.
    pub fn bot_seats_of(&self, address: std::net::IpAddr) -> usize {
        self.rooms()
            .values()
            .map(|entry| match entry {
                Entry::Loaded(room) if !room.is_over() && room.creator.get() == Some(&address) => {
                    self.bot_seats_held(room)
                }
                _ => 0,
            })
            .sum()
    }

    /// The games in memory.
    pub fn loaded_rooms(&self) -> Vec<Arc<Room>> {
        self.rooms()
            .values()
            .filter_map(|e| match e {
                Entry::Loaded(room) => Some(room.clone()),
                Entry::Stored(_) | Entry::Failed(_) => None,
            })
            .collect()
    }

    /// How many games the server has (in memory or not).
    pub fn game_count(&self) -> usize {
        self.rooms().len()
    }

    /// Every game's summary, for the game list.
    pub fn summaries(&self) -> Vec<Summary> {
        self.rooms().values().map(Entry::summary).collect()
    }

    /// Unloads the games that no client watches, nobody has asked for during `idle` and no
    /// bot is playing (a game between bots only is paused by then); returns how many. An
    /// unfinished game comes back when someone asks for it, and no longer counts as running.
    pub fn unload_idle(&self, idle: Duration) -> usize {
        let mut rooms = self.rooms_mut();
        let mut unloaded = 0;
        for entry in rooms.values_mut() {
            if let Entry::Loaded(room) = entry {
                let bot_playing = room.bot_running.load(std::sync::atomic::Ordering::Acquire);
                if !bot_playing && room.watchers() == 0 && room.idle_for() >= idle {
                    *entry = Entry::Stored(room.summary());
                    unloaded += 1;
                }
            }
        }
        unloaded
    }
}

/// The client's address: from the configured proxy header, else the connection's.
impl FromRequestParts<Arc<AppState>> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<ClientAddr, Self::Rejection> {
        let forwarded = state.config.limits.client_address_header.as_deref().and_then(|name| {
            let value = parts.headers.get_all(name).iter().next_back()?.to_str().ok()?;
            value.rsplit(',').next()?.trim().parse::<IpAddr>().ok()
        });
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|ConnectInfo(addr)| addr.ip());
        Ok(ClientAddr::of(forwarded.or(peer).unwrap_or(IpAddr::from([0, 0, 0, 0]))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::StoredGame;

    /// Stored games that no longer make a game (an action the rules refuse, a column of the
    /// wrong type, a missing action) are listed as failed with the reason, each on its own; the
    /// server still starts and serves the sound game.
    #[test]
    fn damaged_games_are_listed_as_failed_and_the_others_served() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("games.db");
        let store = Store::open(&db).unwrap();
        let record = r#"{"version": 2, "players": ["red", "blue"], "deck": {"seed": 1}}"#;
        let seats = r#"[{"name": "A", "player": "random"}, {"name": "B", "player": "random"}]"#;
        for id in ["sound", "refused", "gap", "typed"] {
            let game = StoredGame {
                id: id.into(),
                created: 1,
                record: record.into(),
                seats: seats.into(),
                chat: vec![],
                turn_clock: None,
            };
            store.insert_game(&game).unwrap();
        }
        store.append_action("refused", 0, r#"{"action": "pass"}"#).unwrap();
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute("INSERT INTO actions (game_id, idx, action) VALUES ('gap', 1, '{}')", []).unwrap();
        conn.execute("UPDATE games SET created = 'yesterday' WHERE id = 'typed'", []).unwrap();
        drop((store, conn));
        let state = AppState::open(Config { db: Some(db), ..Config::default() }).expect("the server starts");
        assert_eq!(state.game_count(), 4);
        assert!(state.room("sound").is_ok());
        let mut summaries = state.summaries();
        summaries.sort_by(|a, b| a.id.cmp(&b.id));
        let failed: Vec<(&str, &str)> = summaries
            .iter()
            .filter(|s| s.status == "failed")
            .map(|s| (s.id.as_str(), s.error.as_deref().unwrap()))
            .collect();
        assert_eq!(failed.len(), 3, "{failed:?}");
        assert!(failed[0].1.contains("stored action 0 is missing"), "{failed:?}");
        assert!(failed[1].1.contains("action 0"), "{failed:?}");
        assert!(failed[2].1.contains("`created` column holds Text"), "{failed:?}");
        let error = state.room("gap").err().unwrap();
        assert_eq!(error.status.as_u16(), 500);
        assert!(error.error.contains("game gap is damaged in the database"), "{}", error.error);
        assert_eq!(state.room("nosuch").err().unwrap().status.as_u16(), 404);
    }
}
