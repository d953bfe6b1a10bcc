//! The SQLite database: one row per game (its record's header and its seats) and one row per
//! accepted action. An action is stored in its own transaction before the game in memory
//! changes, so whatever the server was doing when it stopped, the games it loads on the next
//! start are exactly the games its clients last saw.

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{params, Connection, OptionalExtension};

/// The stored form of a game: everything but the actions.
#[derive(Clone, Debug)]
pub struct StoredGame {
    pub id: String,
    /// Seconds since the Unix epoch.
    pub created: i64,
    /// The game record (docs/record-format.md) without its actions, as JSON.
    pub record: String,
    /// The seats (`Seat`s), as JSON.
    pub seats: String,
}

/// Why the database failed.
#[derive(Debug, thiserror::Error)]
#[error("database: {0}")]
pub struct StoreError(#[from] rusqlite::Error);

pub struct Store {
    conn: Mutex<Connection>,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id      TEXT PRIMARY KEY,
    created INTEGER NOT NULL,
    record  TEXT NOT NULL,
    seats   TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    idx     INTEGER NOT NULL,
    action  TEXT NOT NULL,
    PRIMARY KEY (game_id, idx)
);
";

impl Store {
    /// Opens the database at `path`, creating it (and its tables) on first use.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let conn = Connection::open(path)?;
        Store::init(conn)
    }

    /// A database in memory (for tests that need no restart).
    pub fn in_memory() -> Result<Store, StoreError> {
        Store::init(Connection::open_in_memory()?)
    }

    fn init(conn: Connection) -> Result<Store, StoreError> {
        // WAL: a committed action survives a crash of the process; `synchronous = FULL` makes
        // it survive a crash of the machine too, at the cost of an fsync per action (a few per
        // second at most, so it is cheap).
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.execute_batch(SCHEMA)?;
        Ok(Store { conn: Mutex::new(conn) })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a half-written transaction behind
        // (SQLite rolls it back), so a poisoned lock is still usable.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn insert_game(&self, game: &StoredGame) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO games (id, created, record, seats) VALUES (?1, ?2, ?3, ?4)",
            params![game.id, game.created, game.record, game.seats],
        )?;
        Ok(())
    }

    /// Stores action number `index` of a game, in its own transaction. Fails (and stores
    /// nothing) unless `index` is the next index of that game.
    pub fn append_action(&self, game_id: &str, index: usize, action: &str) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let count: i64 = tx.query_row("SELECT COUNT(*) FROM actions WHERE game_id = ?1", [game_id], |r| r.get(0))?;
        if count != index as i64 {
            return Err(StoreError(rusqlite::Error::ToSqlConversionFailure(
                format!("game {game_id} has {count} stored actions; cannot store action {index}").into(),
            )));
        }
        tx.execute("INSERT INTO actions (game_id, idx, action) VALUES (?1, ?2, ?3)", params![game_id, index, action])?;
        tx.commit()?;
        Ok(())
    }

    /// Every game with its actions in order, oldest game first.
    pub fn load_all(&self) -> Result<Vec<(StoredGame, Vec<String>)>, StoreError> {
        let conn = self.conn();
        let mut games = conn.prepare("SELECT id, created, record, seats FROM games ORDER BY created, id")?;
        let games: Vec<StoredGame> = games.query_map([], stored_game)?.collect::<Result<_, _>>()?;
        games
            .into_iter()
            .map(|game| {
                let actions = actions_of(&conn, &game.id)?;
                Ok((game, actions))
            })
            .collect()
    }

    /// One game with its actions in order (`None` for an unknown game).
    pub fn load_game(&self, game_id: &str) -> Result<Option<(StoredGame, Vec<String>)>, StoreError> {
        let conn = self.conn();
        let game = conn
            .query_row("SELECT id, created, record, seats FROM games WHERE id = ?1", [game_id], stored_game)
            .optional()?;
        let Some(game) = game else { return Ok(None) };
        let actions = actions_of(&conn, game_id)?;
        Ok(Some((game, actions)))
    }
}

/// A `games` row read as `SELECT id, created, record, seats`.
fn stored_game(r: &rusqlite::Row<'_>) -> rusqlite::Result<StoredGame> {
    Ok(StoredGame { id: r.get(0)?, created: r.get(1)?, record: r.get(2)?, seats: r.get(3)? })
}

/// A game's stored actions in order.
fn actions_of(conn: &Connection, game_id: &str) -> Result<Vec<String>, StoreError> {
    let mut actions = conn.prepare_cached("SELECT action FROM actions WHERE game_id = ?1 ORDER BY idx")?;
    let list = actions.query_map([game_id], |r| r.get(0))?.collect::<Result<Vec<String>, _>>()?;
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &str) -> StoredGame {
        StoredGame { id: id.into(), created: 1, record: "{}".into(), seats: "[]".into() }
    }

    #[test]
    fn actions_are_stored_in_order_and_survive_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        {
            let store = Store::open(&path).unwrap();
            store.insert_game(&game("a")).unwrap();
            store.append_action("a", 0, "first").unwrap();
            store.append_action("a", 1, "second").unwrap();
            assert!(store.append_action("a", 1, "again").is_err(), "an index is stored once");
            assert!(store.append_action("a", 3, "gap").is_err(), "no gaps");
        }
        let store = Store::open(&path).unwrap();
        let all = store.load_all().unwrap();
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].1, vec!["first".to_string(), "second".to_string()]);
        assert_eq!(store.load_game("a").unwrap().unwrap().1.len(), 2);
        assert!(store.load_game("b").unwrap().is_none());
    }
}
