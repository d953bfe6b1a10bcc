//! One game on the server: its record, the engine state, the event log and who is watching.
//!
//! Every change goes through [`Room::commit`]: the action is applied to a copy of the game,
//! stored in the database, and only then does the copy replace the game, so a refused action
//! (by the engine or by the database) leaves the game as it was, and the database always holds
//! every action clients have seen.

use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::Instant;

use carcassonne_engine::record::{decode_action, encode_action};
use carcassonne_engine::{Action, Game, Pending, PlayerId, Record, RecordAction, RecordDeck, Rules};
use tokio::sync::watch;

use crate::error::ApiError;
use crate::seats::{same_secret, Seat};
use crate::store::{Store, StoredGame};
use crate::view::{event_view, game_view, EventView, GameView, Tally, ViewInput};

pub struct Room {
    pub id: String,
    pub created: i64,
    pub seats: Vec<Seat>,
    state: Mutex<RoomState>,
    /// Held by a commit from its checks to its swap (see [`Room::commit`]).
    commit_lock: Mutex<()>,
    /// Bumped on every change a client should see (an action, a connection); WebSocket tasks
    /// wait on it.
    changes: watch::Sender<u64>,
    /// Whether a task is playing this room's bot seats.
    pub(crate) bot_running: AtomicBool,
    /// When a request last asked for this room.
    last_used: Mutex<Instant>,
    /// When a person last acted in this game (its creation until then): a game whose people
    /// have not acted for a while holds no bot seats (`AppState::running`).
    person_acted: Mutex<Instant>,
    /// The address that created the game (not stored: a game loaded at start has none), for
    /// each address's share of the bot seats.
    pub creator: std::sync::OnceLock<std::net::IpAddr>,
    /// The last hint given (`GET .../hint`) and the version it is for.
    hint: Mutex<Option<(usize, Action)>>,
    /// The game's chat (`chat.rs`).
    pub(crate) chat: Mutex<crate::chat::ChatLog>,
    /// The turn clock (`clock.rs`): the seconds a person has for each decision.
    pub turn_clock: Option<u32>,
    /// Since when the pending decision waits (the clock counts from here).
    pub(crate) decision_since: Mutex<Instant>,
    /// Whether a bot is deciding for a person whose clock ran out.
    pub(crate) clock_running: AtomicBool,
}

struct RoomState {
    /// The record: rules, colours, deck and every accepted action (an action taken back is no
    /// longer in it).
    record: Record,
    game: Game,
    events: Vec<EventView>,
    tally: Tally,
    /// Open WebSocket connections per seat.
    online: Vec<u32>,
    /// The game's version: the rows stored for it, each an action or the taking back of the one
    /// before ([`UNDO_ROW`]). It only grows, so a client's view of an older version is never
    /// taken for the current one; without undos it is the number of actions.
    rows: usize,
    /// The last action, while its player may still take it back.
    undoable: Option<Undoable>,
}

/// The stored row that takes back the action before it (a JSON string: an action's row is
/// always a JSON object).
pub const UNDO_ROW: &str = "\"undo\"";

/// The stored row that says the turn clock ran out and a bot decided the next row's action.
pub const CLOCK_ROW: &str = "\"clock\"";

/// An action its player may take back: their own, with their decision still pending after it,
/// and having shown nothing hidden (no tile drawn) and scored nothing.
#[derive(Clone, Debug)]
struct Undoable {
    seat: PlayerId,
    /// The action's first event in words ("Ann places …"), for the event that takes it back.
    what: String,
}

/// `503` for a change the database refused to store (the game is unchanged).
fn not_stored(what: &str, e: crate::store::StoreError) -> ApiError {
    ApiError::unavailable(
        format!("{what} could not be stored ({e}); the game is unchanged, try again later"),
        crate::error::DATABASE_RETRY,
    )
}

/// `409` (`version`) when a request made at `version` finds the game at `current`.
fn stale_version(what: &str, version: Option<usize>, current: usize) -> Result<(), ApiError> {
    match version {
        Some(v) if v != current => {
            Err(ApiError::conflict(format!("{what} at version {v}, but the game is at version {current}"))
                .field("version"))
        }
        _ => Ok(()),
    }
}

/// Whether the action that led from `before` to `after` with `events` may be taken back, and
/// by whom. The rule (issue 43, as on Board Game Arena): one's own last action, until
/// the next player acts, where no hidden information was revealed. A tile drawn (for the next
/// turn, a builder's second tile, a refilled hand) is hidden information revealed; a score
/// would have to be told and then untold, so those actions stay; so does a roll of a die (The
/// Flier's flight) or a flicked token's landing (The Catapult's flick, a catch round), which
/// taken back would let the player decide again knowing it.
fn undoable(before: &Game, after: &Game, events: &[EventView]) -> Option<Undoable> {
    let seat = before.pending().player()?;
    let still_deciding = after.pending().player() == Some(seat) && !after.is_over();
    let nothing_drawn = after.tiles_left() == before.tiles_left();
    let nothing_scored = events.iter().all(|e| e.score_changes.is_empty() && e.detail["type"] != "scored");
    let nothing_rolled =
        events.iter().all(|e| !matches!(e.detail["type"].as_str(), Some("flew" | "flicked" | "catch-thrown")));
    (still_deciding && nothing_drawn && nothing_scored && nothing_rolled)
        .then(|| Undoable { seat, what: events.first().map(|e| e.text.clone()).unwrap_or_default() })
}

/// What a bot needs to choose its next action, taken without holding the room's lock while it
/// thinks.
pub struct BotTurn {
    pub version: usize,
    pub seat: PlayerId,
    pub bot: String,
    pub game: Game,
    pub seed: u64,
}

/// A game for listings, without its tokens.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Summary {
    pub id: String,
    pub created: i64,
    pub status: &'static str,
    pub version: usize,
    pub tiles_left: usize,
    /// The seat whose decision is pending (`None` once the game is over).
    pub turn: Option<PlayerId>,
    pub seats: Vec<SeatSummary>,
    /// The expansions in play, by record name (a browser's "your games" names them).
    pub expansions: Vec<&'static str>,
    /// Why a `failed` game cannot be played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Summary {
    /// A game whose stored rows no longer make a game.
    pub fn failed(id: &str, error: String) -> Summary {
        Summary {
            id: id.to_string(),
            created: 0,
            status: "failed",
            version: 0,
            tiles_left: 0,
            turn: None,
            seats: vec![],
            expansions: vec![],
            error: Some(error),
        }
    }
}

#[derive(Clone, Debug, serde::Serialize)]
pub struct SeatSummary {
    pub name: String,
    pub color: &'static str,
    pub player: String,
    pub score: u32,
}

fn replayed(record: &Record, names: &[String]) -> Result<(Game, Vec<EventView>, Tally), String> {
    let replay = record.replay().map_err(|e| e.to_string())?;
    let game = replay.game;
    let mut tally = Tally::new(game.players().len());
    let mut events = Vec::with_capacity(replay.start_events.len() + replay.events.len());
    for e in &replay.start_events {
        tally.add(e);
        events.push(event_view(&game, names, events.len(), None, e));
    }
    for (action, e) in &replay.events {
        tally.add(e);
        events.push(event_view(&game, names, events.len(), Some(*action), e));
    }
    Ok((game, events, tally))
}

impl Room {
    /// A room for a record (new, or loaded from the database with its actions).
    pub fn new(id: String, created: i64, seats: Vec<Seat>, record: Record) -> Result<Room, String> {
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let (game, events, tally) = replayed(&record, &names)?;
        if seats.len() != game.players().len() {
            return Err(format!("{} seats for {} players", seats.len(), game.players().len()));
        }
        let online = vec![0; seats.len()];
        let rows = record.actions.len();
        // A game loaded with its last action still open to an undo offers it again.
        let undoable = match rows {
            0 => None,
            _ if game.is_over() => None,
            n => {
                let earlier = Record { actions: record.actions[..n - 1].to_vec(), ..record.clone() };
                let (before, _, _) = replayed(&earlier, &names)?;
                let last: Vec<EventView> = events.iter().filter(|e| e.action == Some(n - 1)).cloned().collect();
                undoable(&before, &game, &last)
            }
        };
        Ok(Room {
            id,
            created,
            seats,
            state: Mutex::new(RoomState { record, game, events, tally, online, rows, undoable }),
            commit_lock: Mutex::new(()),
            changes: watch::Sender::new(0),
            bot_running: AtomicBool::new(false),
            last_used: Mutex::new(Instant::now()),
            person_acted: Mutex::new(Instant::now()),
            creator: std::sync::OnceLock::new(),
            hint: Mutex::new(None),
            chat: Mutex::new(crate::chat::ChatLog::default()),
            turn_clock: None,
            decision_since: Mutex::new(Instant::now()),
            clock_running: AtomicBool::new(false),
        })
    }

    /// A room from its database rows.
    pub fn load(stored: &StoredGame, actions: &[String]) -> Result<Room, String> {
        let mut record = Record::from_json(&stored.record).map_err(|e| e.to_string())?;
        let parse = |i: usize, a: &String| -> Result<RecordAction, String> {
            serde_json::from_str(a).map_err(|e| format!("stored action {i}: {e}"))
        };
        let seats: Vec<Seat> = serde_json::from_str(&stored.seats).map_err(|e| format!("stored seats: {e}"))?;
        let chat = || Mutex::new(crate::chat::ChatLog::new(stored.chat.clone()));
        let turn_clock = stored.turn_clock;
        if !actions.iter().any(|a| a == UNDO_ROW || a == CLOCK_ROW) {
            record.actions = actions.iter().enumerate().map(|(i, a)| parse(i, a)).collect::<Result<_, _>>()?;
            let room = Room::new(stored.id.clone(), stored.created, seats, record)?;
            return Ok(Room { chat: chat(), turn_clock, ..room });
        }
        // Actions were taken back: the rows are played in the order they were stored, so that
        // the events (which clients number) come out as they were told.
        record.actions.clear();
        let room = Room::new(stored.id.clone(), stored.created, seats, record)?;
        let room = Room { chat: chat(), turn_clock, ..room };
        let mut clocked = false;
        for (i, row) in actions.iter().enumerate() {
            let mut state = room.lock();
            if row == UNDO_ROW {
                room.take_back(&mut state).map_err(|e| format!("stored row {i}: {e}"))?;
                continue;
            }
            if row == CLOCK_ROW {
                room.tell_clock_ran_out(&mut state);
                clocked = true;
                continue;
            }
            let encoded = parse(i, row)?;
            let action = decode_action(&state.game, &encoded).map_err(|e| format!("stored action {i}: {e}"))?;
            let mut next = state.game.clone();
            let mut events = vec![];
            next.apply_into(action, &mut events).map_err(|e| format!("stored action {i}: {e}"))?;
            room.record_applied(&mut state, encoded, next, &events);
            if std::mem::take(&mut clocked) {
                state.undoable = None;
            }
        }
        Ok(room)
    }

    /// A seat of the token says `text` at `time` in the game's chat (`chat.rs`), which every
    /// viewer is then shown. Returns the message's index.
    pub fn say(&self, store: &Store, token: Option<&str>, text: &str, time: i64) -> Result<usize, ApiError> {
        let Some(&seat) = self.seats_of(token).first() else {
            let why = if token.is_some() {
                "this token belongs to no seat of this game"
            } else {
                "spectators read the chat; a seat's link writes"
            };
            return Err(ApiError::forbidden(why).field("token"));
        };
        let index = self.chat.lock().unwrap_or_else(|e| e.into_inner()).say(store, &self.id, seat, text, time)?;
        self.notify();
        Ok(index)
    }

    /// The chat's messages from `from` on (`None`: the last few).
    pub fn chat_views(&self, from: Option<usize>) -> Vec<crate::chat::ChatView> {
        self.chat.lock().unwrap_or_else(|e| e.into_inner()).recent(from)
    }

    /// The room with a turn clock of `seconds` a decision (`clock.rs`), or none.
    pub fn with_clock(self, seconds: Option<u32>) -> Room {
        Room { turn_clock: seconds, ..self }
    }

    /// The database row of a new room.
    pub fn stored(&self) -> StoredGame {
        let state = self.lock();
        let header = Record { actions: vec![], ..state.record.clone() };
        StoredGame {
            id: self.id.clone(),
            created: self.created,
            record: serde_json::to_string(&header).expect("records serialize"),
            seats: serde_json::to_string(&self.seats).expect("seats serialize"),
            chat: vec![],
            turn_clock: self.turn_clock,
        }
    }

    fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, RoomState> {
        // Every change is made on a copy and swapped in at the end, so even a panic in the
        // middle of one leaves a consistent state behind.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Notes that a request asked for this room.
    pub fn touch(&self) {
        *self.last_used.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
    }

    pub fn idle_for(&self) -> std::time::Duration {
        self.last_used.lock().unwrap_or_else(|e| e.into_inner()).elapsed()
    }

    /// A person of this game acted now.
    pub fn person_acted(&self) {
        *self.person_acted.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
    }

    /// How long since a person of this game last acted (since its creation if none has).
    pub fn since_person_acted(&self) -> std::time::Duration {
        self.person_acted.lock().unwrap_or_else(|e| e.into_inner()).elapsed()
    }

    /// Whether a seat is a person's.
    pub fn has_person(&self) -> bool {
        self.seats.iter().any(|s| !s.is_bot())
    }

    /// Whether a person is waiting for this game's bots: the game has a person's seat, and
    /// someone watches it or asked for it within `recently`.
    pub fn person_waiting(&self, recently: std::time::Duration) -> bool {
        self.has_person() && (self.watchers() > 0 || self.idle_for() < recently)
    }

    /// Open WebSocket connections to this game.
    pub fn watchers(&self) -> usize {
        self.changes.receiver_count()
    }

    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.changes.subscribe()
    }

    /// A live connection's subscription to the game's changes, if the game has fewer than
    /// `limit` connections: counted and taken under the room's lock, so that two upgrades at
    /// once cannot both take the last place.
    pub fn watch(&self, limit: usize) -> Option<watch::Receiver<u64>> {
        let _one_at_a_time = self.lock();
        (self.changes.receiver_count() < limit).then(|| self.changes.subscribe())
    }

    pub(crate) fn notify(&self) {
        self.changes.send_modify(|n| *n += 1);
    }

    /// The seats a token controls (none for a spectator or an unknown token).
    pub fn seats_of(&self, token: Option<&str>) -> Vec<PlayerId> {
        let Some(token) = token else { return vec![] };
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.token.as_deref().is_some_and(|t| same_secret(t, token)))
            .map(|(i, _)| i as PlayerId)
            .collect()
    }

    pub fn version(&self) -> usize {
        self.lock().rows
    }

    pub fn is_over(&self) -> bool {
        self.lock().game.is_over()
    }

    /// The view for the seats `you`, with the events from `events_from` and the chat's last
    /// messages.
    pub fn view(&self, you: Vec<PlayerId>, events_from: usize) -> GameView {
        self.view_with_chat(you, events_from, None)
    }

    /// The view for the seats `you`, with the events from `events_from` and the chat's
    /// messages from `chat_from` (`None`: the last few).
    pub fn view_with_chat(&self, you: Vec<PlayerId>, events_from: usize, chat_from: Option<usize>) -> GameView {
        let chat = self.chat_views(chat_from);
        let state = self.lock();
        let from = events_from.min(state.events.len());
        let input = ViewInput {
            id: &self.id,
            version: state.rows,
            game: &state.game,
            seats: &self.seats,
            online: &state.online,
            tally: &state.tally,
        };
        let undo = state.undoable.as_ref().is_some_and(|u| you.contains(&u.seat));
        let clock = self.clock_view(&state.game);
        let mut view = game_view(&input, you, from, state.events[from..].to_vec());
        view.undo = undo;
        view.chat = chat;
        view.clock = clock;
        view
    }

    pub fn summary(&self) -> Summary {
        let state = self.lock();
        Summary {
            id: self.id.clone(),
            created: self.created,
            status: if state.game.is_over() { "over" } else { "playing" },
            version: state.rows,
            tiles_left: state.game.tiles_left(),
            turn: state.game.pending().player(),
            seats: self
                .seats
                .iter()
                .zip(state.game.players())
                .map(|(s, p)| SeatSummary {
                    name: s.name.clone(),
                    color: p.color.name(),
                    player: s.player.clone(),
                    score: p.score,
                })
                .collect(),
            expansions: state.game.rules().expansions.iter().map(|e| e.name()).collect(),
            error: None,
        }
    }

    /// A client's action: checks the token and the version, then commits. Returns the index of
    /// the first event the action caused.
    pub fn act(
        &self,
        store: &Store,
        token: Option<&str>,
        action: &RecordAction,
        version: Option<usize>,
    ) -> Result<usize, ApiError> {
        let committing = self.committing();
        let state = self.lock();
        let Some(seat) = state.game.pending().player() else {
            return Err(ApiError::conflict("the game is over; no action is possible"));
        };
        // People know the seats by their names, not by the engine's colours.
        let owner = &self.seats[seat as usize];
        let name = &owner.name;
        if owner.is_bot() {
            return Err(ApiError::forbidden(format!("it is {name}'s decision, and {name} is played by a bot")));
        }
        let Some(token) = token else {
            return Err(
                ApiError::forbidden(format!("it is {name}'s decision; only {name}'s link may act")).field("token")
            );
        };
        if !owner.token.as_deref().is_some_and(|t| same_secret(t, token)) {
            if let Some(&other) = self.seats_of(Some(token)).first() {
                let other = &self.seats[other as usize].name;
                return Err(ApiError::forbidden(format!("it is {name}'s decision, not {other}'s")).field("token"));
            }
            return Err(
                ApiError::forbidden(format!("it is {name}'s decision, and this link is not {name}'s")).field("token")
            );
        }
        let current = state.rows;
        stale_version("the action was chosen", version, current)?;
        let decoded = decode_action(&state.game, action).map_err(|m| ApiError::unprocessable(m).field("action"))?;
        self.commit(store, committing, state, decoded, false)
    }

    /// What the room's bot must decide now, if the pending decision is a bot's.
    pub fn bot_turn(&self) -> Option<BotTurn> {
        let state = self.lock();
        let seat = state.game.pending().player()?;
        let owner = &self.seats[seat as usize];
        if !owner.is_bot() {
            return None;
        }
        let deck_seed = match state.record.deck {
            RecordDeck::Seed(s) => s,
            RecordDeck::Order(_) => 0,
        };
        let version = state.rows;
        Some(BotTurn {
            version,
            seat,
            bot: owner.player.clone(),
            game: state.game.clone(),
            seed: carcassonne_bots::mix_seed(deck_seed ^ (version as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)),
        })
    }

    /// The version and a copy of the game.
    pub fn snapshot(&self) -> (usize, Game) {
        let state = self.lock();
        (state.rows, state.game.clone())
    }

    /// A copy of the game, its version and the hint kept for that version (`GET .../hint`).
    pub fn hint_state(&self) -> (Game, usize, Option<Action>) {
        let state = self.lock();
        let version = state.rows;
        let kept = self.hint.lock().unwrap_or_else(|e| e.into_inner());
        let cached = kept.filter(|(v, _)| *v == version).map(|(_, a)| a);
        (state.game.clone(), version, cached)
    }

    /// Keeps the hint for `version`, so that asking again costs no search.
    pub fn keep_hint(&self, version: usize, action: Action) {
        *self.hint.lock().unwrap_or_else(|e| e.into_inner()) = Some((version, action));
    }

    /// A bot's action, chosen at `version`.
    pub fn act_as_bot(&self, store: &Store, version: usize, action: Action) -> Result<usize, ApiError> {
        let committing = self.committing();
        let state = self.lock();
        if state.rows != version {
            return Err(ApiError::conflict("the game moved on while the bot was thinking"));
        }
        self.commit(store, committing, state, action, false)
    }

    /// A bot's action for a person whose turn clock ran out (`clock.rs`), chosen at `version`:
    /// stored after a [`CLOCK_ROW`], told after an event that says so.
    pub fn act_on_clock(&self, store: &Store, version: usize, action: Action) -> Result<usize, ApiError> {
        let committing = self.committing();
        let state = self.lock();
        if state.rows != version {
            return Err(ApiError::conflict("the game moved on before the clock ran out"));
        }
        self.commit(store, committing, state, action, true)
    }

    /// Tells that the pending seat's clock ran out (the event before the bot's action).
    fn tell_clock_ran_out(&self, state: &mut RoomState) {
        let seat = state.game.pending().player().unwrap_or(0);
        let name = &self.seats[seat as usize].name;
        let seconds = self.turn_clock.unwrap_or(0);
        let text = format!("{name}'s time ran out ({seconds} s a decision): the greedy bot decides for {name}");
        let detail = serde_json::json!({"type": "clock-ran-out", "seat": seat, "seconds": seconds});
        let index = state.events.len();
        state.events.push(EventView { index, action: None, detail, score_changes: vec![], text });
        state.rows += 1;
    }

    fn committing(&self) -> std::sync::MutexGuard<'_, ()> {
        self.commit_lock.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Applies `action` to a copy of the game, stores it, and only then swaps the copy in. The
    /// state's lock is let go while the database writes (which may wait seconds for a busy
    /// disk), so views of the game are not held up; the commit lock keeps other commits out
    /// until the swap, so the state checked before is still the state swapped out.
    fn commit(
        &self,
        store: &Store,
        _committing: std::sync::MutexGuard<'_, ()>,
        state: std::sync::MutexGuard<'_, RoomState>,
        action: Action,
        by_clock: bool,
    ) -> Result<usize, ApiError> {
        let encoded = encode_action(&state.game, action);
        let mut next = state.game.clone();
        let row = state.rows;
        drop(state);
        let mut events = vec![];
        next.apply_into(action, &mut events).map_err(|e| ApiError::unprocessable(e.to_string()).field("action"))?;
        let json = serde_json::to_string(&encoded).expect("record actions serialize");
        let stored = if by_clock {
            store.append_actions(&self.id, row, &[CLOCK_ROW, &json])
        } else if self.has_person() {
            store.append_action(&self.id, row, &json)
        } else {
            store.append_bots_action(&self.id, row, &json)
        };
        stored.map_err(|e| not_stored("the action", e))?;
        let mut state = self.lock();
        let told = state.events.len();
        if by_clock {
            self.tell_clock_ran_out(&mut state);
        }
        self.record_applied(&mut state, encoded, next, &events);
        if by_clock {
            // What the clock decided stays: taking it back would give the seat a new clock.
            state.undoable = None;
        }
        drop(state);
        self.notify();
        Ok(told)
    }

    /// Swaps in the game after an action (`next`, with the action's `events`): the record, the
    /// events told to clients, the tally, the version, and whether the action may be taken
    /// back. Returns the index of the first event.
    fn record_applied(
        &self,
        state: &mut RoomState,
        encoded: RecordAction,
        next: Game,
        events: &[carcassonne_engine::Event],
    ) -> usize {
        let index = state.record.actions.len();
        let names = self.names();
        let first = state.events.len();
        for e in events {
            state.tally.add(e);
            let view = event_view(&next, &names, state.events.len(), Some(index), e);
            state.events.push(view);
        }
        state.undoable = undoable(&state.game, &next, &state.events[first..]);
        state.record.actions.push(encoded);
        state.game = next;
        state.rows += 1;
        *self.decision_since.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        first
    }

    /// A person takes back their last action (`POST /api/games/{id}/undo`): allowed while
    /// [`undoable`] says so, with the token of the seat that took it. The taking back is stored
    /// as a row of its own and told as an event; the action's events stay in the log.
    pub fn undo(&self, store: &Store, token: Option<&str>, version: Option<usize>) -> Result<usize, ApiError> {
        let _committing = self.committing();
        let state = self.lock();
        let Some(undoable) = state.undoable.clone() else {
            let why = if state.game.is_over() {
                "the game is over"
            } else if state.rows == 0 {
                "no action has been taken yet"
            } else {
                "only one's own last action can be taken back, while one's decision is still pending, and not once it drew a tile or scored points"
            };
            return Err(ApiError::conflict(format!("there is nothing to take back: {why}")));
        };
        let name = &self.seats[undoable.seat as usize].name;
        if !self.seats_of(token).contains(&undoable.seat) {
            return Err(ApiError::forbidden(format!("only {name}'s link may take back {name}'s action")).field("token"));
        }
        stale_version("the undo was asked for", version, state.rows)?;
        let row = state.rows;
        drop(state);
        store.append_action(&self.id, row, UNDO_ROW).map_err(|e| not_stored("the undo", e))?;
        let mut state = self.lock();
        let first = state.events.len();
        self.take_back(&mut state).map_err(ApiError::internal)?;
        drop(state);
        self.notify();
        Ok(first)
    }

    /// Takes back the last action: the game as the record without it replays, the tally with
    /// it, and an event that says so.
    fn take_back(&self, state: &mut RoomState) -> Result<(), String> {
        let undoable = state.undoable.take().ok_or("no action may be taken back here")?;
        let mut record = state.record.clone();
        record.actions.pop().ok_or("no action to take back")?;
        let (game, _, tally) = replayed(&record, &self.names())?;
        let name = &self.seats[undoable.seat as usize].name;
        let index = state.events.len();
        let text = if undoable.what.is_empty() {
            format!("{name} takes back their last action")
        } else {
            format!("{name} takes back their last action ({})", undoable.what)
        };
        let detail = serde_json::json!({"type": "undone", "seat": undoable.seat, "undone": record.actions.len()});
        state.events.push(EventView { index, action: None, detail, score_changes: vec![], text });
        state.record = record;
        state.game = game;
        state.tally = tally;
        state.rows += 1;
        *self.decision_since.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        Ok(())
    }

    /// The game's rules, its number of players and the decision it waits for.
    pub fn rules(&self) -> (Rules, usize, Pending) {
        let state = self.lock();
        (state.game.rules().clone(), state.game.players().len(), state.game.pending())
    }

    /// The full record; only for finished games, since it names the deck.
    pub fn record(&self) -> Result<Record, ApiError> {
        let state = self.lock();
        if !state.game.is_over() {
            return Err(ApiError::conflict(
                "the game is not over, and its record would reveal the order of the face-down tiles",
            ));
        }
        Ok(state.record.clone())
    }

    /// A spectator's view of a finished game after `step` actions.
    pub fn replay_view(&self, step: usize) -> Result<GameView, ApiError> {
        let record = self.record()?;
        let steps = record.actions.len();
        if step > steps {
            return Err(ApiError::unprocessable(format!("step {step} is beyond the last step, {steps}")).field("step"));
        }
        let partial = Record { actions: record.actions[..step].to_vec(), ..record };
        let (game, events, tally) = replayed(&partial, &self.names()).map_err(ApiError::internal)?;
        let online = vec![0; self.seats.len()];
        let input =
            ViewInput { id: &self.id, version: step, game: &game, seats: &self.seats, online: &online, tally: &tally };
        let mut view = game_view(&input, vec![], 0, events);
        view.steps = Some(steps);
        Ok(view)
    }

    /// A WebSocket connection of `seats` opened (`+1`) or closed (`-1`).
    pub fn connection(&self, seats: &[PlayerId], delta: i32) {
        {
            let mut state = self.lock();
            for &s in seats {
                if let Some(n) = state.online.get_mut(s as usize) {
                    *n = n.saturating_add_signed(delta);
                }
            }
        }
        self.notify();
    }
}
