//! `carcassonne.Game`, `Action` and `Event`: one game, its legal actions as objects and as
//! indices, its record and its observations.

use carcassonne_engine::record::{decode_action, encode_action, RECORD_VERSION};
use carcassonne_engine::{
    Action, Catalog, Deck, Event, Game, GameSetup, Pending, PlayerId, Record, RecordAction, RecordDeck,
};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::encode::{self, ObservationOut, Shape, Window};
use crate::{build_rules, seat_colors, variant_values, RecordError, RuleError, SetupError};

/// The ids of the tile designs, indexed by the `tile` scalar and the `tiles_left` array.
pub fn design_ids() -> Vec<String> {
    // A bridged design is only ever a tile on the board, never one drawn or left to draw.
    Catalog::builtin().printed_designs().iter().map(|d| d.id.clone()).collect()
}

/// One game: the engine's state, its record so far, and the shape of its observations.
#[pyclass(name = "Game", module = "carcassonne._engine")]
#[derive(Clone)]
pub struct PyGame {
    pub game: Game,
    /// The record's rules, players and deck (its actions are written from `actions` when
    /// asked for); `None` for a determinized copy, whose hidden tiles are not the record's, and
    /// for a game made with `record=False`.
    pub record: Option<Record>,
    /// Every action applied since the set-up, in order: a record is written from them by
    /// replaying the game, which costs far less than encoding each action as it is taken.
    pub actions: Vec<Action>,
    pub shape: Shape,
    /// The events of the last action applied (or of the set-up).
    pub events: Vec<Event>,
    scratch_events: Vec<Event>,
    pub legal: Vec<Action>,
    pub ids: Vec<Option<u32>>,
}

impl PyGame {
    /// A new game; `keep_record` false keeps no record (`record=False`).
    pub fn start(setup: GameSetup, shape: Shape, keep_record: bool) -> PyResult<PyGame> {
        let record = Record {
            version: RECORD_VERSION,
            rules: setup.rules.clone(),
            players: setup.players.clone(),
            deck: match &setup.deck {
                Deck::Seed(seed) => RecordDeck::Seed(*seed),
                Deck::Order(order) => {
                    RecordDeck::Order(order.iter().map(|t| Catalog::builtin().design(*t).id.clone()).collect())
                }
            },
            actions: vec![],
        };
        let (game, events) =
            Game::with_catalog(Catalog::builtin(), setup).map_err(|e| SetupError::new_err(e.to_string()))?;
        Ok(PyGame {
            game,
            record: keep_record.then_some(record),
            actions: vec![],
            shape,
            events,
            scratch_events: vec![],
            legal: vec![],
            ids: vec![],
        })
    }

    /// Applies `action`, recording it; on error the game, its record and its events are as
    /// they were.
    pub fn apply_action(&mut self, action: Action) -> Result<(), String> {
        if self.game.is_over() {
            return Err("the game is over; no action is legal".into());
        }
        // Into a second buffer, so that a refused action leaves the last action's events.
        self.scratch_events.clear();
        self.game.apply_into(action, &mut self.scratch_events).map_err(|e| e.to_string())?;
        if self.record.is_some() {
            self.actions.push(action);
        }
        std::mem::swap(&mut self.events, &mut self.scratch_events);
        Ok(())
    }

    fn nth(&self, index: i64) -> PyResult<Action> {
        if self.game.is_over() {
            return Err(RuleError::new_err(format!("action index {index}: the game is over; no action is legal")));
        }
        let count = self.game.legal_action_count();
        usize::try_from(index)
            .ok()
            .and_then(|i| self.game.nth_legal_action(i))
            .ok_or_else(|| RuleError::new_err(format!("action index {index}: out of range (0 to {count} exclusive)")))
    }

    fn placement_window(&self) -> Window {
        Window::of(&self.game, self.shape)
    }

    /// The legal actions and their ids in this game's action space.
    fn refresh_ids(&mut self) {
        self.game.legal_actions_into(&mut self.legal);
        self.placement_window().action_ids(&self.legal, &mut self.ids);
    }

    /// The index of the legal action with id `id`, if one has it now (`legal` then holds the
    /// legal actions).
    pub fn index_of_id(&mut self, id: i64) -> Option<usize> {
        self.refresh_ids();
        self.ids.iter().position(|x| x.map(i64::from) == Some(id))
    }

    fn action_object(&self, index: usize) -> PyAction {
        let action = self.legal[index];
        PyAction {
            action,
            index,
            id: self.ids.get(index).copied().flatten(),
            player: self.game.pending().player(),
            record: encode_action(&self.game, action),
        }
    }

    /// The action a Python value names: an `Action` of this position, an index into the legal
    /// actions, or a record action (a dict or its JSON text).
    fn resolve(&self, action: &Bound<'_, PyAny>) -> PyResult<Action> {
        if let Ok(a) = action.cast::<PyAction>() {
            return Ok(a.get().action);
        }
        if let Ok(index) = action.extract::<i64>() {
            return self.nth(index);
        }
        let text = if let Ok(s) = action.cast::<PyString>() {
            s.to_string()
        } else if action.is_instance_of::<PyDict>() {
            action.py().import("json")?.call_method1("dumps", (action,))?.extract::<String>()?
        } else {
            return Err(RuleError::new_err(format!(
                "an action is an Action, an index or a record action (dict or JSON), not {}",
                action.get_type().name()?
            )));
        };
        let record: RecordAction =
            serde_json::from_str(&text).map_err(|e| RuleError::new_err(format!("record action {text}: {e}")))?;
        decode_action(&self.game, &record).map_err(|e| RuleError::new_err(format!("record action {text}: {e}")))
    }

    /// Fills `out` as `viewer` sees the game.
    pub fn observe_into(&mut self, viewer: Option<PlayerId>, out: ObservationOut<'_>) {
        encode::observe(&self.game, viewer, self.shape, out, &mut self.legal, &mut self.ids);
    }

    fn viewer(&self, player: Option<i64>) -> PyResult<Option<PlayerId>> {
        match player {
            None => Ok(self.game.pending().player()),
            Some(p) if p < 0 => Ok(None),
            Some(p) if (p as usize) < self.game.players().len() => Ok(Some(p as PlayerId)),
            Some(p) => Err(RuleError::new_err(format!(
                "player {p}: no such seat (0 to {} exclusive, or -1 for a spectator)",
                self.game.players().len()
            ))),
        }
    }
}

/// Observation buffers for `rows` games of one shape.
pub struct Buffers {
    pub shape: Shape,
    pub rows: usize,
    pub board: Vec<u8>,
    pub players: Vec<f32>,
    pub tile: Vec<u8>,
    pub tiles_left: Vec<u16>,
    pub action_mask: Vec<bool>,
    pub scalars: Vec<i32>,
}

impl Buffers {
    pub fn new(shape: Shape, rows: usize) -> Buffers {
        let designs = Catalog::builtin().printed_designs().len();
        Buffers {
            shape,
            rows,
            board: vec![0; rows * shape.board_len()],
            players: vec![0.0; rows * encode::MAX_SEATS * encode::PLAYER_FIELDS.len()],
            tile: vec![0; rows * encode::TILE_PLANES.len()],
            tiles_left: vec![0; rows * designs],
            action_mask: vec![false; rows * shape.actions()],
            scalars: vec![0; rows * encode::SCALARS.len()],
        }
    }

    /// One row per game, to fill independently (on several threads).
    pub fn rows_mut(&mut self) -> Vec<ObservationOut<'_>> {
        let designs = self.tiles_left.len() / self.rows.max(1);
        let shape = self.shape;
        self.board
            .chunks_mut(shape.board_len())
            .zip(self.players.chunks_mut(encode::MAX_SEATS * encode::PLAYER_FIELDS.len()))
            .zip(self.tile.chunks_mut(encode::TILE_PLANES.len()))
            .zip(self.tiles_left.chunks_mut(designs.max(1)))
            .zip(self.action_mask.chunks_mut(shape.actions().max(1)))
            .zip(self.scalars.chunks_mut(encode::SCALARS.len()))
            .map(|(((((board, players), tile), tiles_left), action_mask), scalars)| ObservationOut {
                board,
                players,
                tile,
                tiles_left,
                action_mask,
                scalars,
            })
            .collect()
    }

    /// The arrays as a dict of numpy arrays, with a leading axis of `rows` when `batched`.
    pub fn into_dict(self, py: Python<'_>, batched: bool) -> PyResult<Bound<'_, PyDict>> {
        let Buffers { shape, rows, board, players, tile, tiles_left, action_mask, scalars } = self;
        let w = shape.window;
        let designs = tiles_left.len() / rows.max(1);
        let lead: &[usize] = if batched { &[rows] } else { &[] };
        let dims = |rest: &[usize]| -> Vec<usize> { lead.iter().chain(rest).copied().collect() };
        let dict = PyDict::new(py);
        dict.set_item("board", PyArray1::from_vec(py, board).reshape(dims(&[encode::PLANES, w, w]))?)?;
        dict.set_item(
            "players",
            PyArray1::from_vec(py, players).reshape(dims(&[encode::MAX_SEATS, encode::PLAYER_FIELDS.len()]))?,
        )?;
        dict.set_item("tile", PyArray1::from_vec(py, tile).reshape(dims(&[encode::TILE_PLANES.len()]))?)?;
        dict.set_item("tiles_left", PyArray1::from_vec(py, tiles_left).reshape(dims(&[designs]))?)?;
        dict.set_item("action_mask", PyArray1::from_vec(py, action_mask).reshape(dims(&[shape.actions()]))?)?;
        dict.set_item("scalars", PyArray1::from_vec(py, scalars).reshape(dims(&[encode::SCALARS.len()]))?)?;
        Ok(dict)
    }
}

#[pymethods]
impl PyGame {
    /// A new game. `players` is the number of seats (coloured red, blue, green, yellow, black,
    /// gray in turn) unless `colors` names them; `rules`, `edition`, `expansions` and `variants`
    /// are the command line's `--rules`, `--edition`, `--expansions` and `--variant`; `seed`
    /// shuffles the tiles. `window` and `other_slots` shape the observations and the action
    /// space (docs/python.md). `record=False` keeps no record (a little faster).
    #[new]
    #[pyo3(signature = (players=2, *, expansions=vec![], rules="hig-big-box", edition=None, variants=None, seed=0, colors=None, window=encode::DEFAULT_WINDOW, other_slots=encode::DEFAULT_OTHER_SLOTS, record=true))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        players: usize,
        expansions: Vec<String>,
        rules: &str,
        edition: Option<&str>,
        variants: Option<&Bound<'_, PyDict>>,
        seed: u64,
        colors: Option<Vec<String>>,
        window: usize,
        other_slots: usize,
        record: bool,
    ) -> PyResult<PyGame> {
        let rules = build_rules(rules, edition, &expansions, &variant_values(variants)?)?;
        let players = seat_colors(players, colors)?;
        let shape = Shape::new(window, other_slots).map_err(SetupError::new_err)?;
        PyGame::start(GameSetup { rules, players, deck: Deck::Seed(seed) }, shape, record)
    }

    /// The game a record (JSON text, as the command line writes it) describes, with every
    /// action replayed. Raises `RecordError` with the action's index when one cannot be applied.
    #[staticmethod]
    #[pyo3(signature = (text, *, window=encode::DEFAULT_WINDOW, other_slots=encode::DEFAULT_OTHER_SLOTS))]
    fn from_record(text: &str, window: usize, other_slots: usize) -> PyResult<PyGame> {
        let shape = Shape::new(window, other_slots).map_err(SetupError::new_err)?;
        let record = Record::from_json(text).map_err(|e| RecordError::new_err(e.to_string()))?;
        let setup = record.setup(Catalog::builtin()).map_err(|e| RecordError::new_err(e.to_string()))?;
        let mut game = PyGame::start(setup, shape, true).map_err(|e| RecordError::new_err(e.to_string()))?;
        for (index, action) in record.actions.iter().enumerate() {
            let decoded = decode_action(&game.game, action)
                .map_err(|message| RecordError::new_err(format!("action {index}: {message}")))?;
            game.apply_action(decoded).map_err(|e| RecordError::new_err(format!("action {index}: {e}")))?;
        }
        Ok(game)
    }

    /// The game's record as JSON text, byte for byte what `carcassonne simulate --record-out`
    /// writes for the same game.
    fn record_json(&self) -> PyResult<String> {
        let header = self.record.as_ref().ok_or_else(|| {
            RecordError::new_err(
                "this game keeps no record: it was made with record=False, or it is a determinized copy, whose \
                 hidden tiles are not the game's",
            )
        })?;
        // Replayed from the start, each action encoded in the position it was taken in.
        let mut record = header.clone();
        let mut game = record.start().map_err(|e| RecordError::new_err(e.to_string()))?;
        let mut events = Vec::new();
        for action in &self.actions {
            record.push(&game, *action);
            game.apply_into(*action, &mut events).expect("the actions were applied to this game before");
        }
        Ok(record.to_json_pretty() + "\n")
    }

    /// The rules in play, as the record's JSON.
    #[getter]
    fn rules_json(&self) -> String {
        serde_json::to_string(self.game.rules()).expect("rules serialize")
    }

    /// The kind of decision the game waits for (one of `PENDING_KINDS`).
    #[getter]
    fn pending(&self) -> &'static str {
        encode::PENDING_KINDS[encode::pending_kind(self.game.pending())]
    }

    /// The seat whose decision is pending (`None` once the game is over).
    #[getter]
    fn player(&self) -> Option<u8> {
        self.game.pending().player()
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    #[getter]
    fn scores(&self) -> Vec<u32> {
        self.game.scores()
    }

    /// The seats' colours, in seat order.
    #[getter]
    fn colors(&self) -> Vec<&'static str> {
        self.game.players().iter().map(|p| p.color.name()).collect()
    }

    #[getter]
    fn num_players(&self) -> usize {
        self.game.players().len()
    }

    /// Turns begun so far.
    #[getter]
    fn turn(&self) -> u32 {
        self.game.turns()
    }

    /// Face-down tiles left.
    #[getter]
    fn tiles_left(&self) -> usize {
        self.game.tiles_left()
    }

    /// The design id of the tile to place (`base:D`), if a placement is pending.
    #[getter]
    fn tile(&self) -> Option<String> {
        encode::tile_to_place(&self.game).map(|t| self.game.design(t).id.clone())
    }

    /// Each seat's supply: `{"followers": 6, "builders": 1, ...}`, in seat order.
    fn supplies(&self) -> Vec<std::collections::BTreeMap<&'static str, u32>> {
        (0..self.game.players().len() as PlayerId)
            .map(|p| {
                let s = self.game.player(p);
                [
                    ("followers", s.followers as u32),
                    ("big_followers", s.big_followers as u32),
                    ("abbots", s.abbots as u32),
                    ("builders", s.builders as u32),
                    ("pigs", s.pigs as u32),
                    ("mayors", s.mayors as u32),
                    ("wagons", s.wagons as u32),
                    ("barns", s.barns as u32),
                    ("phantoms", s.phantoms as u32),
                    ("wine", s.goods[0] as u32),
                    ("grain", s.goods[1] as u32),
                    ("cloth", s.goods[2] as u32),
                    ("tower_pieces", self.game.tower_pieces(p) as u32),
                    ("buildings", self.game.buildings_left(p).total() as u32),
                ]
                .into_iter()
                .collect()
            })
            .collect()
    }

    /// The legal actions of the pending decision, in the engine's order (an action's `index`).
    fn legal_actions(&mut self) -> Vec<PyAction> {
        self.refresh_ids();
        (0..self.legal.len()).map(|i| self.action_object(i)).collect()
    }

    fn legal_action_count(&self) -> usize {
        self.game.legal_action_count()
    }

    /// The legal action at `index`.
    pub(crate) fn legal_action(&mut self, index: i64) -> PyResult<PyAction> {
        let count = self.game.legal_action_count();
        self.refresh_ids();
        match usize::try_from(index).ok().filter(|i| *i < count) {
            Some(i) => Ok(self.action_object(i)),
            None => Err(RuleError::new_err(format!("action index {index}: out of range (0 to {count} exclusive)"))),
        }
    }

    /// Raises `RuleError` if `action` (an `Action`, an index, or a record action as a dict or
    /// JSON) may not be applied now.
    fn check(&self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let action = self.resolve(action)?;
        self.game.check(action).map_err(|e| RuleError::new_err(e.to_string()))
    }

    /// Applies `action` (an `Action`, an index into the legal actions, or a record action as a
    /// dict or JSON) and returns its events. Raises `RuleError` and changes nothing if the
    /// rules do not allow it.
    fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<Vec<PyEvent>> {
        let action = self.resolve(action)?;
        self.apply_action(action).map_err(RuleError::new_err)?;
        Ok(self.events.iter().map(PyEvent::from).collect())
    }

    /// Applies the legal action at `index` (the fast path: no objects are built).
    fn apply_index(&mut self, index: i64) -> PyResult<()> {
        let action = self.nth(index)?;
        self.apply_action(action).map_err(RuleError::new_err)
    }

    /// Applies the action with id `id` in the action space (`action_mask`'s index).
    fn apply_id(&mut self, id: i64) -> PyResult<()> {
        let action = self.action_from_id(id)?.action;
        self.apply_action(action).map_err(RuleError::new_err)
    }

    /// The legal action with id `id` in the action space.
    fn action_from_id(&mut self, id: i64) -> PyResult<PyAction> {
        let index = self.index_of_id(id).ok_or_else(|| {
            RuleError::new_err(format!("action id {id}: no legal action has it now ({})", self.pending_text()))
        })?;
        Ok(self.action_object(index))
    }

    /// The events of the last action applied (of the set-up, before any).
    fn events(&self) -> Vec<PyEvent> {
        self.events.iter().map(PyEvent::from).collect()
    }

    /// An independent copy.
    fn clone(&self) -> PyGame {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyGame {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        Clone::clone(self)
    }

    /// A copy as `player` may imagine it: the face-down tiles (and the hands hidden from
    /// `player`) reshuffled from what `player` can know, by `seed`. For search; it has no record.
    fn determinize(&self, player: i64, seed: u64) -> PyResult<PyGame> {
        let viewer = self.viewer(Some(player))?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let game = self.game.observation(viewer).sample_game(&mut rng);
        Ok(PyGame {
            game,
            record: None,
            actions: vec![],
            shape: self.shape,
            events: vec![],
            scratch_events: vec![],
            legal: vec![],
            ids: vec![],
        })
    }

    /// What `player` sees, as numpy arrays (`board`, `players`, `tile`, `tiles_left`,
    /// `action_mask`, `scalars`; docs/python.md). `player` defaults to the seat to move; -1 is
    /// a spectator.
    #[pyo3(signature = (player=None))]
    fn observe<'py>(&mut self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyDict>> {
        let viewer = self.viewer(player)?;
        let mut buffers = Buffers::new(self.shape, 1);
        let row = buffers.rows_mut().pop().expect("one row");
        self.observe_into(viewer, row);
        buffers.into_dict(py, false)
    }

    /// The legal actions as a boolean mask over the action space.
    fn action_mask<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.refresh_ids();
        let mut mask = vec![false; self.shape.actions()];
        for id in self.ids.iter().flatten() {
            mask[*id as usize] = true;
        }
        PyArray1::from_vec(py, mask)
    }

    /// The size of the action space: `4 * window * window + other_slots`.
    #[getter]
    fn action_space_size(&self) -> usize {
        self.shape.actions()
    }

    #[getter]
    fn window(&self) -> usize {
        self.shape.window
    }

    #[getter]
    fn other_slots(&self) -> usize {
        self.shape.other_slots
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(players={:?}, turn={}, tiles_left={}, pending={:?}, scores={:?})",
            self.colors(),
            self.game.turns(),
            self.game.tiles_left(),
            self.pending(),
            self.game.scores()
        )
    }
}

impl PyGame {
    fn pending_text(&self) -> String {
        match self.game.pending() {
            Pending::GameOver => "the game is over".into(),
            p => {
                format!("seat {} decides: {}", p.player().unwrap_or(0), encode::PENDING_KINDS[encode::pending_kind(p)])
            }
        }
    }
}

/// One legal action: its index among the legal actions, its id in the action space, and its
/// record form (`data`: the dict a record holds, e.g. `{"action": "place", "x": 1, ...}`).
#[pyclass(name = "Action", module = "carcassonne._engine", frozen)]
#[derive(Clone)]
pub struct PyAction {
    pub action: Action,
    pub index: usize,
    pub id: Option<u32>,
    pub player: Option<PlayerId>,
    pub record: RecordAction,
}

#[pymethods]
impl PyAction {
    /// The action's position in `Game.legal_actions()`.
    #[getter]
    fn index(&self) -> usize {
        self.index
    }

    /// The action's id in the action space (`None` past the last slot for other actions).
    #[getter]
    fn id(&self) -> Option<u32> {
        self.id
    }

    /// The seat taking the action.
    #[getter]
    fn player(&self) -> Option<PlayerId> {
        self.player
    }

    /// The record's name of the action: `place`, `deploy`, `pass`, `move-dragon`, ...
    #[getter]
    fn kind(&self) -> String {
        let value = serde_json::to_value(&self.record).expect("record actions serialize");
        value["action"].as_str().unwrap_or_default().to_string()
    }

    /// The record form as JSON text.
    #[getter]
    fn json(&self) -> String {
        serde_json::to_string(&self.record).expect("record actions serialize")
    }

    /// The record form as a dict.
    #[getter]
    fn data<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (self.json(),))
    }

    fn __repr__(&self) -> String {
        format!("Action(index={}, {})", self.index, self.json())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyAction>().is_ok_and(|o| o.get().action == self.action && o.get().record == self.record)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.action.hash(&mut h);
        h.finish()
    }
}

/// Something that happened: `kind` (e.g. `tile-placed`, `scored`), a full `text`, and what it
/// did to the scores (`score_changes`: `[(seat, points)]`).
#[pyclass(name = "Event", module = "carcassonne._engine", frozen)]
pub struct PyEvent {
    event: Event,
}

impl From<&Event> for PyEvent {
    fn from(event: &Event) -> PyEvent {
        PyEvent { event: *event }
    }
}

#[pymethods]
impl PyEvent {
    /// The event's kind, in the record vocabulary's style (`figure-deployed`).
    #[getter]
    fn kind(&self) -> String {
        let text = format!("{:?}", self.event);
        let name = text.split(|c: char| !c.is_alphanumeric()).next().unwrap_or_default();
        let mut kebab = String::new();
        for (i, c) in name.chars().enumerate() {
            if c.is_uppercase() && i > 0 {
                kebab.push('-');
            }
            kebab.push(c.to_ascii_lowercase());
        }
        kebab
    }

    /// Every field of the event.
    #[getter]
    fn text(&self) -> String {
        format!("{:?}", self.event)
    }

    /// The points the event gave each seat (`[(seat, points)]`; a ransom takes points).
    #[getter]
    fn score_changes(&self) -> Vec<(PlayerId, i64)> {
        self.event.score_changes().collect()
    }

    fn __repr__(&self) -> String {
        format!("Event({})", self.text())
    }
}
