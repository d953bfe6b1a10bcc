//! The SQLite database: one row per game (its record's header and its seats) and one row per
//! accepted action. An action is stored in its own transaction before the game in memory
//! changes, so whatever the server was doing when it stopped, the games it loads on the next
//! start are exactly the games its clients last saw.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};

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
    /// The game's chat, oldest first (empty for a new game).
    pub chat: Vec<ChatLine>,
    /// The turn clock: the seconds a person has for each decision (`None`: no clock).
    pub turn_clock: Option<u32>,
}

/// One message of a game's chat as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    pub seat: u8,
    /// Seconds since the Unix epoch.
    pub time: i64,
    pub text: String,
}

/// Why the database failed.
#[derive(Debug, thiserror::Error)]
#[error("database: {0}")]
pub struct StoreError(#[from] rusqlite::Error);

pub struct Store {
    conn: Mutex<Connection>,
    /// The flushing chosen for the database.
    sync: Sync,
    /// Whether the connection flushes as [`Sync::Normal`] now (changed only with `conn` held).
    normal_now: AtomicBool,
    /// Actions being stored now (waiting for the connection, the write lock or the disk).
    writing: AtomicUsize,
    /// Tests only: how long each write stalls, as on a frozen disk.
    stall_ms: AtomicU64,
}

/// Counts an action being stored until it drops.
struct Writing<'a>(&'a AtomicUsize);

impl Drop for Writing<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// When the database flushes what it writes to the disk (SQLite's `synchronous`, in WAL mode).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sync {
    /// Every action of a game with a person before it is acknowledged (an fsync per action):
    /// an acknowledged action survives a power cut. On a disk that other programs keep busy an
    /// fsync can take seconds, and the action waits for it. Games between bots only are
    /// written as with `Normal` ([`Store::append_bots_action`]), so they add no fsyncs for
    /// people's actions to queue behind.
    Full,
    /// At checkpoints only: an acknowledged action survives a crash or a kill of the server,
    /// but a power cut or a crash of the system may lose the last ones (never corrupting the
    /// database). Actions do not wait for the disk.
    Normal,
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
CREATE TABLE IF NOT EXISTS chat (
    game_id TEXT NOT NULL REFERENCES games(id),
    idx     INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    time    INTEGER NOT NULL,
    text    TEXT NOT NULL,
    PRIMARY KEY (game_id, idx)
);
";

impl Store {
    /// Opens the database at `path`, creating it (and its tables) on first use, with every
    /// action flushed to the disk ([`Sync::Full`]).
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Store::open_with(path, Sync::Full)
    }

    /// Opens the database at `path` with the given flushing.
    pub fn open_with(path: &Path, sync: Sync) -> Result<Store, StoreError> {
        let conn = Connection::open(path)?;
        Store::init(conn, sync)
    }

    /// A database in memory (for tests that need no restart).
    pub fn in_memory() -> Result<Store, StoreError> {
        Store::init(Connection::open_in_memory()?, Sync::Full)
    }

    fn init(conn: Connection, sync: Sync) -> Result<Store, StoreError> {
        // WAL: a committed action survives a crash of the process in either mode.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        let synchronous = match sync {
            Sync::Full => "FULL",
            Sync::Normal => "NORMAL",
        };
        conn.pragma_update(None, "synchronous", synchronous)?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.execute_batch(SCHEMA)?;
        // Columns added since the first schema, for databases made before them.
        let has_clock =
            conn.prepare("SELECT 1 FROM pragma_table_info('games') WHERE name = 'turn_clock'")?.exists([])?;
        if !has_clock {
            conn.execute_batch("ALTER TABLE games ADD COLUMN turn_clock INTEGER")?;
        }
        Ok(Store {
            conn: Mutex::new(conn),
            sync,
            normal_now: AtomicBool::new(sync == Sync::Normal),
            writing: AtomicUsize::new(0),
            stall_ms: AtomicU64::new(0),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a half-written transaction behind
        // (SQLite rolls it back), so a poisoned lock is still usable.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn insert_game(&self, game: &StoredGame) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO games (id, created, record, seats, turn_clock) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![game.id, game.created, game.record, game.seats, game.turn_clock],
        )?;
        Ok(())
    }

    /// Stores action number `index` of a game, in its own transaction, flushed as the database
    /// is set to. Fails (and stores nothing) unless `index` is the next index of that game.
    pub fn append_action(&self, game_id: &str, index: usize, action: &str) -> Result<(), StoreError> {
        self.append(game_id, index, &[action], self.sync)
    }

    /// Stores rows `index`, `index + 1`, ... of a game's actions in one transaction (a turn
    /// clock's mark and the action decided for the seat), as [`Store::append_action`] does one.
    pub fn append_actions(&self, game_id: &str, index: usize, rows: &[&str]) -> Result<(), StoreError> {
        self.append(game_id, index, rows, self.sync)
    }

    /// [`Store::append_action`] for a game between bots only: never waits for an fsync (no
    /// person acknowledged the action; a power cut may cost the game its last moves, which its
    /// bots then play again). The next flushed write flushes it too.
    pub fn append_bots_action(&self, game_id: &str, index: usize, action: &str) -> Result<(), StoreError> {
        self.append(game_id, index, &[action], Sync::Normal)
    }

    fn append(&self, game_id: &str, index: usize, rows: &[&str], sync: Sync) -> Result<(), StoreError> {
        self.writing.fetch_add(1, Ordering::AcqRel);
        let _writing = Writing(&self.writing);
        let mut conn = self.conn();
        let stall = self.stall_ms.load(Ordering::Relaxed);
        if stall > 0 {
            std::thread::sleep(std::time::Duration::from_millis(stall));
        }
        let normal = sync == Sync::Normal;
        if self.normal_now.load(Ordering::Relaxed) != normal {
            conn.pragma_update(None, "synchronous", if normal { "NORMAL" } else { "FULL" })?;
            self.normal_now.store(normal, Ordering::Relaxed);
        }
        // The write lock first: another writer (say a maintenance script) is waited for, up to
        // SQLite's busy timeout, rather than refused at the first write.
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let count: i64 = tx.query_row("SELECT COUNT(*) FROM actions WHERE game_id = ?1", [game_id], |r| r.get(0))?;
        if count != index as i64 {
            return Err(StoreError(rusqlite::Error::ToSqlConversionFailure(
                format!("game {game_id} has {count} stored actions; cannot store action {index}").into(),
            )));
        }
        for (i, row) in rows.iter().enumerate() {
            tx.execute(
                "INSERT INTO actions (game_id, idx, action) VALUES (?1, ?2, ?3)",
                params![game_id, index + i, row],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Stores message number `index` of a game's chat (flushed as actions of games with people
    /// are). Fails, storing nothing, unless `index` is the next one.
    pub fn append_chat(&self, game_id: &str, index: usize, line: &ChatLine) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let count: i64 = tx.query_row("SELECT COUNT(*) FROM chat WHERE game_id = ?1", [game_id], |r| r.get(0))?;
        if count != index as i64 {
            return Err(StoreError(rusqlite::Error::ToSqlConversionFailure(
                format!("game {game_id} has {count} chat messages; cannot store message {index}").into(),
            )));
        }
        tx.execute(
            "INSERT INTO chat (game_id, idx, seat, time, text) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![game_id, index, line.seat, line.time, line.text],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Every game's id with its rows (or why they do not make a game), oldest game first. A
    /// damaged row fails its own game only.
    ///
    /// A damaged database (a page SQLite finds malformed) does not stop the others: the ids
    /// are read from the games' primary-key index, or, where that is damaged too, row by row;
    /// a game whose rows cannot be read is listed with the reason, and the rows nothing can
    /// reach are counted in the second value (their ids are lost with their page).
    pub fn load_all(&self) -> Result<Loaded, StoreError> {
        let conn = self.conn();
        let mut unreadable = vec![];
        let ids = match game_ids(&conn) {
            Ok(ids) => ids,
            Err(e) => {
                let (ids, lost) = game_ids_row_by_row(&conn)?;
                unreadable.push(format!("the list of games cannot be read whole ({e})"));
                if lost > 0 {
                    unreadable.push(format!("{lost} game rows cannot be read at all, not even their ids"));
                }
                ids
            }
        };
        let games = ids
            .into_iter()
            .map(|id| {
                let rows = match game_rows(&conn, &id) {
                    Ok(Some(rows)) => rows,
                    Ok(None) => Err("the game's row vanished".into()),
                    Err(e) => Err(format!("its rows are on a damaged part of the database ({e})")),
                };
                (id, rows)
            })
            .collect();
        Ok((games, unreadable))
    }

    /// Copies the database at `db` to `to` while the server runs (SQLite's online backup,
    /// through a connection of its own so that actions are not held up), a consistent copy of
    /// one moment: written beside `to` first and renamed over it, so that `to` is always a
    /// whole backup. Restoring one: stop the server, put the backup in the database's place
    /// (and remove the database's `-wal` and `-shm` files), start it again.
    pub fn backup(db: &Path, to: &Path) -> Result<(), String> {
        let copied = (|| -> Result<(), StoreError> {
            let source = Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)?;
            let _ = std::fs::remove_file(partial(to));
            let mut copy = Connection::open(partial(to))?;
            let backup = rusqlite::backup::Backup::new(&source, &mut copy)?;
            // 256 pages a step, a short pause between steps for the server's writes.
            backup.run_to_completion(256, std::time::Duration::from_millis(5), None)?;
            Ok(())
        })();
        copied.map_err(|e| e.to_string())?;
        std::fs::rename(partial(to), to).map_err(|e| format!("cannot move the backup into place: {e}"))
    }

    /// One game's rows (or why they do not make a game); `None` for an unknown game.
    pub fn load_game(&self, game_id: &str) -> Result<Option<GameRows>, StoreError> {
        game_rows(&self.conn(), game_id)
    }

    /// Actions being stored at this moment (for tests of what happens to them).
    #[doc(hidden)]
    pub fn writes_in_progress(&self) -> usize {
        self.writing.load(Ordering::Acquire)
    }

    /// Makes every write fail as on a full disk (`SQLITE_FULL`) while `full`, for the tests of
    /// what the server does then: the database may not grow past its present size.
    #[doc(hidden)]
    pub fn simulate_full_disk(&self, full: bool) -> Result<(), StoreError> {
        let conn = self.conn();
        let pages: i64 =
            if full { conn.query_row("PRAGMA page_count", [], |r| r.get(0))? } else { i64::from(u32::MAX) };
        conn.pragma_update(None, "max_page_count", pages)?;
        Ok(())
    }

    /// Makes every write of an action take `stall` longer, holding the connection, as on a
    /// frozen disk (for the tests of what clients are told then).
    #[doc(hidden)]
    pub fn simulate_stall(&self, stall: std::time::Duration) {
        self.stall_ms.store(stall.as_millis() as u64, Ordering::Relaxed);
    }

    /// Makes every write fail as on a read-only database (`SQLITE_READONLY`) while `read_only`.
    #[doc(hidden)]
    pub fn simulate_read_only(&self, read_only: bool) -> Result<(), StoreError> {
        self.conn().pragma_update(None, "query_only", read_only)?;
        Ok(())
    }
}

/// Where a backup to `to` is written before it is renamed over `to`.
fn partial(to: &Path) -> std::path::PathBuf {
    to.with_extension("partial")
}

/// The rows of one game (its `games` row and its actions in order), or why they do not make a
/// game (a column of the wrong type, a missing action).
pub type GameRows = Result<(StoredGame, Vec<String>), String>;

/// What [`Store::load_all`] reads: each game's id and rows, and what of the database could
/// not be read at all.
pub type Loaded = (Vec<(String, GameRows)>, Vec<String>);

/// A game's rows, read column by column so that a damaged one is named. Errors of the database
/// itself (it cannot be read) are `Err`; damaged rows are `Ok(Some(Err(_)))`.
/// Every game's id, from the primary key's index (not the table's pages), oldest first.
fn game_ids(conn: &Connection) -> Result<Vec<String>, StoreError> {
    let mut ids = conn.prepare("SELECT CAST(id AS TEXT) FROM games WHERE id IS NOT NULL ORDER BY id")?;
    let ids: Vec<String> = ids.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
    Ok(ids)
}

/// The ids of the game rows that can be read, one row at a time by rowid, and how many rows
/// cannot: the way around a damaged page that stops a scan.
fn game_ids_row_by_row(conn: &Connection) -> Result<(Vec<String>, usize), StoreError> {
    let last: i64 = conn.query_row("SELECT coalesce(max(rowid), 0) FROM games", [], |r| r.get(0))?;
    let mut ids = vec![];
    let mut lost = 0;
    let mut query = conn.prepare("SELECT CAST(id AS TEXT) FROM games WHERE rowid = ?1")?;
    for rowid in 1..=last {
        match query.query_row([rowid], |r| r.get::<_, Option<String>>(0)).optional() {
            Ok(Some(Some(id))) => ids.push(id),
            Ok(_) => {}
            Err(_) => lost += 1,
        }
    }
    Ok((ids, lost))
}

fn game_rows(conn: &Connection, game_id: &str) -> Result<Option<GameRows>, StoreError> {
    let game = conn
        .query_row("SELECT id, created, record, seats, turn_clock FROM games WHERE id = ?1", [game_id], |r| {
            Ok([0, 1, 2, 3, 4].map(|i| r.get::<_, rusqlite::types::Value>(i)))
        })
        .optional()?;
    let Some([id, created, record, seats, clock]) = game else { return Ok(None) };
    // A clock that cannot be read leaves the game without one.
    let turn_clock = match clock {
        Ok(rusqlite::types::Value::Integer(n)) => u32::try_from(n).ok(),
        _ => None,
    };
    let text = |value: rusqlite::Result<rusqlite::types::Value>, column: &str| match value {
        Ok(rusqlite::types::Value::Text(text)) => Ok(text),
        Ok(other) => Err(format!("the `{column}` column holds {:?}, not text", other.data_type())),
        Err(e) => Err(format!("the `{column}` column cannot be read: {e}")),
    };
    let created = match created {
        Ok(rusqlite::types::Value::Integer(n)) => Ok(n),
        Ok(other) => Err(format!("the `created` column holds {:?}, not an integer", other.data_type())),
        Err(e) => Err(format!("the `created` column cannot be read: {e}")),
    };
    let stored = (|| {
        Ok::<_, String>(StoredGame {
            id: text(id, "id")?,
            created: created?,
            record: text(record, "record")?,
            seats: text(seats, "seats")?,
            chat: vec![],
            turn_clock,
        })
    })();
    let stored = match stored {
        Ok(stored) => stored,
        Err(e) => return Ok(Some(Err(e))),
    };
    let mut query = conn.prepare_cached("SELECT idx, action FROM actions WHERE game_id = ?1 ORDER BY idx")?;
    let rows = query
        .query_map([game_id], |r| Ok((r.get::<_, rusqlite::types::Value>(0)?, r.get::<_, rusqlite::types::Value>(1)?)))?
        .collect::<Result<Vec<_>, _>>()?;
    let mut actions = Vec::with_capacity(rows.len());
    for (i, (idx, action)) in rows.into_iter().enumerate() {
        if idx != rusqlite::types::Value::Integer(i as i64) {
            return Ok(Some(Err(format!("stored action {i} is missing (the next stored row has index {idx:?})"))));
        }
        match action {
            rusqlite::types::Value::Text(text) => actions.push(text),
            other => return Ok(Some(Err(format!("stored action {i} holds {:?}, not text", other.data_type())))),
        }
    }
    // The chat is a convenience: rows it cannot read leave the game playable without them.
    let chat =
        conn.prepare_cached("SELECT seat, time, text FROM chat WHERE game_id = ?1 ORDER BY idx").and_then(|mut q| {
            q.query_map([game_id], |r| Ok(ChatLine { seat: r.get(0)?, time: r.get(1)?, text: r.get(2)? }))?
                .collect::<Result<Vec<_>, _>>()
        });
    let stored = match chat {
        Ok(chat) => StoredGame { chat, ..stored },
        Err(e) => {
            eprintln!("game {game_id}: its chat cannot be read, left out: {e}");
            stored
        }
    };
    Ok(Some(Ok((stored, actions))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &str) -> StoredGame {
        StoredGame {
            id: id.into(),
            created: 1,
            record: "{}".into(),
            seats: "[]".into(),
            chat: vec![],
            turn_clock: None,
        }
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
        let all = store.load_all().unwrap().0;
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].1.as_ref().unwrap().1, vec!["first".to_string(), "second".to_string()]);
        assert_eq!(store.load_game("a").unwrap().unwrap().unwrap().1.len(), 2);
        assert!(store.load_game("b").unwrap().is_none());
    }
}
