//! Game records: the rules, the players, the deck and the actions, as JSON. Replaying a record
//! reproduces the game exactly; an action that cannot be applied is reported with its index
//! and the reason. The format is documented in docs/record-format.md.

use serde::{Deserialize, Serialize};

use crate::catalog::Catalog;
use crate::game::{Action, Color, Deck, Event, Game, GameSetup};
use crate::rules::{Rules, Variants};

mod codec;
mod vocabulary;
pub use codec::{decode_action, encode_action};
pub use vocabulary::{FigureAt, RecordAction};

/// Version written into new records. Version 2 added variants whose defaults differ from how
/// version 1 played (`Variants::version_1`); version 3 added `escape-after-each-tile`, which
/// versions 1 and 2 played on (`Variants::version_2`). A record of an earlier version is read
/// with its version's defaults for the variants it leaves out.
pub const RECORD_VERSION: u32 = 3;

/// The defaults a record of format `version` takes for the variants it leaves out: those of the
/// engine that wrote it (`None` for the current version, whose defaults are today's, and for a
/// version no record was written in).
fn earlier_defaults(version: u32) -> Option<Variants> {
    match version {
        1 => Some(Variants::version_1()),
        2 => Some(Variants::version_2()),
        _ => None,
    }
}

/// The variants of an earlier version's record: its version's defaults, overridden by what the
/// record gives.
fn earlier_variants(defaults: Variants, given: Option<&serde_json::Value>) -> serde_json::Value {
    let mut variants = serde_json::to_value(defaults).expect("variants serialize");
    if let (Some(all), Some(given)) = (variants.as_object_mut(), given.and_then(|g| g.as_object())) {
        all.extend(given.iter().map(|(k, v)| (k.clone(), v.clone())));
    }
    variants
}

/// A game record. Reading one of an earlier version makes it a current record that plays the
/// same game (see [`RECORD_VERSION`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RecordText")]
pub struct Record {
    pub version: u32,
    pub rules: Rules,
    /// Player colours in seat order.
    pub players: Vec<Color>,
    pub deck: RecordDeck,
    pub actions: Vec<RecordAction>,
}

/// A record as written, before the rules are read by its version's defaults.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordText {
    #[serde(default = "default_version")]
    version: u32,
    #[serde(default)]
    rules: serde_json::Value,
    players: Vec<Color>,
    deck: RecordDeck,
    #[serde(default)]
    actions: Vec<RecordAction>,
}

/// A record without a version is of version 1 (the format's first promise).
fn default_version() -> u32 {
    1
}

impl TryFrom<RecordText> for Record {
    type Error = String;

    /// An earlier version's record's rules take that version's variants for what they leave
    /// out, and the record becomes a current one.
    fn try_from(text: RecordText) -> Result<Record, String> {
        let RecordText { mut version, mut rules, players, deck, actions } = text;
        if rules.is_null() {
            rules = serde_json::json!({});
        }
        if let Some(defaults) = earlier_defaults(version) {
            let variants = earlier_variants(defaults, rules.get("variants"));
            if let Some(rules) = rules.as_object_mut() {
                rules.insert("variants".into(), variants);
            }
            version = RECORD_VERSION;
        }
        let rules = serde_json::from_value(rules).map_err(|e| format!("rules: {e}"))?;
        Ok(Record { version, rules, players, deck, actions })
    }
}

/// The deck: `{"seed": 42}` or `{"order": ["base:U", ...]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RecordDeck {
    Seed(u64),
    Order(Vec<String>),
}

/// Why a record could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("the record is not valid JSON for a game record (line {line}, column {column}): {message}")]
    Syntax { line: usize, column: usize, message: String },
    #[error("the record's setup is invalid: {0}")]
    Setup(String),
    #[error("action {index}: {message}")]
    Action { index: usize, message: String },
}

/// A replayed game and the events of each action.
#[derive(Clone, Debug)]
pub struct Replay {
    pub game: Game,
    /// Events before the first action: the first draw and any tiles discarded before it.
    pub start_events: Vec<Event>,
    /// `(action index, event)` for every event, in order.
    pub events: Vec<(usize, Event)>,
}

impl Record {
    /// Parses a record from JSON text. A record of an earlier version becomes a current one that
    /// plays the same game: the variants it leaves out take its version's defaults.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        let syntax =
            |e: serde_json::Error| RecordError::Syntax { line: e.line(), column: e.column(), message: e.to_string() };
        // Reading the record (`TryFrom<RecordText>`) brings an earlier version up to date.
        serde_json::from_str(text).map_err(syntax)
    }

    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("records always serialize")
    }

    /// The setup the record describes.
    pub fn setup(&self, catalog: &Catalog) -> Result<GameSetup, RecordError> {
        if self.version != RECORD_VERSION {
            return Err(RecordError::Setup(format!(
                "record version {} is not supported (expected {RECORD_VERSION})",
                self.version
            )));
        }
        let deck = match &self.deck {
            RecordDeck::Seed(seed) => Deck::Seed(*seed),
            RecordDeck::Order(ids) => Deck::Order(
                ids.iter()
                    .enumerate()
                    .map(|(i, id)| {
                        catalog
                            .lookup(id)
                            .ok_or_else(|| RecordError::Setup(format!("deck.order[{i}]: unknown tile `{id}`")))
                    })
                    .collect::<Result<_, _>>()?,
            ),
        };
        Ok(GameSetup { rules: self.rules.clone(), players: self.players.clone(), deck })
    }

    /// Starts the game the record describes, with no action applied.
    pub fn start(&self) -> Result<Game, RecordError> {
        self.start_with_events().map(|(game, _)| game)
    }

    fn start_with_events(&self) -> Result<(Game, Vec<Event>), RecordError> {
        let catalog = Catalog::builtin();
        Game::with_catalog(catalog, self.setup(catalog)?).map_err(|e| RecordError::Setup(e.to_string()))
    }

    /// Replays every action.
    pub fn replay(&self) -> Result<Replay, RecordError> {
        let (mut game, start_events) = self.start_with_events()?;
        let mut events = vec![];
        let mut buffer = vec![];
        for (index, action) in self.actions.iter().enumerate() {
            let decoded = decode_action(&game, action).map_err(|message| RecordError::Action { index, message })?;
            buffer.clear();
            game.apply_into(decoded, &mut buffer).map_err(|e| RecordError::Action { index, message: e.to_string() })?;
            events.extend(buffer.iter().map(|e| (index, *e)));
        }
        Ok(Replay { game, start_events, events })
    }

    /// Appends an action taken in `game` (before it is applied), with player and tile filled in.
    pub fn push(&mut self, game: &Game, action: Action) {
        self.actions.push(encode_action(game, action));
    }
}
