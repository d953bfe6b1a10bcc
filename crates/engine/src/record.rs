//! Game records: the rules, the players, the deck and the actions, as JSON. Replaying a record
//! reproduces the game exactly; an action that cannot be applied is reported with its index
//! and the reason. The format is documented in docs/record-format.md.

use serde::{Deserialize, Serialize};

use crate::catalog::Catalog;
use crate::catalog::Quarter;
use crate::game::{parse_feature_name, Action, Color, Deck, Event, Figure, Game, GameSetup, Pending, PlayerId};
use crate::geometry::{Corner, Pos, Rotation};
use crate::players::BuildingKind;
use crate::rules::{Rules, Variants};

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

/// A figure on the board, in a record: its kind, its tile and its feature there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FigureAt {
    pub figure: Figure,
    pub x: i16,
    pub y: i16,
    pub feature: String,
}

/// The deck: `{"seed": 42}` or `{"order": ["base:U", ...]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RecordDeck {
    Seed(u64),
    Order(Vec<String>),
}

/// One action, with the acting player and (for placements) the tile, both optional and
/// checked when present.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum RecordAction {
    Place {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tile: Option<String>,
        x: i16,
        y: i16,
        /// Clockwise, in degrees: 0, 90, 180 or 270.
        rotation: u16,
    },
    Deploy {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        figure: Figure,
        /// The feature of the tile just placed, e.g. `city@N`, `field@SSE`, `cloister`, or of
        /// the tile at (`x`, `y`) when given (The Princess & the Dragon: through a magic gate;
        /// The Tower: `tower`, a figure finishing the tower there).
        feature: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        x: Option<i16>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        y: Option<i16>,
    },
    /// The Cathars: a knight escapes the besieged city it stands in, on the tile at (x, y).
    Escape {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
        /// The city of that tile the knight stands in, e.g. `city@N`.
        feature: String,
    },
    /// The Abbot: take back the abbot standing on the tile at (x, y), scoring it.
    #[serde(rename = "recall-abbot")]
    RecallAbbot {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
    },
    /// The Princess & the Dragon: move the fairy next to one's follower on feature `feature` of
    /// the tile at (x, y).
    #[serde(rename = "move-fairy")]
    MoveFairy {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
        feature: String,
    },
    /// The Princess & the Dragon: the princess removes the knight on feature `feature` of the
    /// tile at (x, y).
    #[serde(rename = "remove-knight")]
    RemoveKnight {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
        feature: String,
    },
    /// The Princess & the Dragon: one step of the dragon, onto the tile at (x, y).
    #[serde(rename = "move-dragon")]
    MoveDragon {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
    },
    /// The Tower: a tower piece on the tower foundation or tower of the tile at (x, y).
    #[serde(rename = "build-tower")]
    BuildTower {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
    },
    /// The Tower: take the figure on feature `feature` of the tile at (x, y) prisoner (`tower`
    /// for a tower's guard).
    Capture {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
        feature: String,
    },
    /// The Tower: in an exchange of prisoners, one's own `figure` is the one that comes back.
    Exchange {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        figure: Figure,
    },
    /// The Tower: pay 3 points to `captor` to free one's `figure`.
    Ransom {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        captor: Color,
        figure: Figure,
    },
    /// The variation "Prisoners": take the follower on feature `feature` of the tile at (x, y)
    /// prisoner.
    #[serde(rename = "take-prisoner")]
    TakePrisoner {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
        feature: String,
    },
    /// The variation "Prisoners": release `owner`'s prisoner `figure`; the guard comes back.
    #[serde(rename = "release-prisoner")]
    ReleasePrisoner {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        owner: Color,
        figure: Figure,
    },
    /// "A new lease of life": the player's `figure` on feature `from_feature` of the tile at
    /// (`from_x`, `from_y`) moves onto feature `feature` of the tile at (x, y).
    #[serde(rename = "move-follower")]
    MoveFollower {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        figure: Figure,
        from_x: i16,
        from_y: i16,
        from_feature: String,
        x: i16,
        y: i16,
        feature: String,
    },
    /// "A new lease of life", religious war: the player's two `knights` move onto the cloister,
    /// feature `feature` of the tile at (x, y); the opponent's monk goes home.
    #[serde(rename = "religious-war")]
    ReligiousWar {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
        feature: String,
        knights: Vec<FigureAt>,
    },
    /// Abbey & Mayor: instead of drawing, the player's abbey tile goes into the hole at (x, y).
    Abbey {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
    },
    /// Abbey & Mayor: the player's barn on corner `corner` (`NE`, `SE`, `SW`, `NW`) of the tile
    /// just placed.
    Barn {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        corner: String,
    },
    /// Little Buildings: the player's little building on the tile just placed, of kind `kind`
    /// (`tower`, `house` or `shed`) under the variant that tells the kinds apart, without one
    /// under the expansion's rules.
    #[serde(rename = "little-building")]
    LittleBuilding {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<String>,
    },
    /// Abbey & Mayor: after its feature was scored, the player's wagon moves onto feature
    /// `feature` of the tile at (x, y).
    #[serde(rename = "move-wagon")]
    MoveWagon {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
        feature: String,
    },
    /// The Count of Carcassonne: the player's `figure` from supply to `quarter` (`castle`,
    /// `market`, `blacksmith` or `cathedral`) of Carcassonne.
    Carcassonne {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        figure: Figure,
        quarter: Quarter,
    },
    /// The Count of Carcassonne: the count moves to `quarter`.
    #[serde(rename = "move-count")]
    MoveCount {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        quarter: Quarter,
    },
    /// The Count of Carcassonne: the player's `figure` moves from the quarter that feeds the
    /// feature onto feature `feature` of the tile at (x, y).
    Redeploy {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        figure: Figure,
        x: i16,
        y: i16,
        feature: String,
    },
    /// The variation "Mountains": the drawn tile (`tile`, given for checking) is placed upside
    /// down at (x, y) as a mountain.
    Mountain {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tile: Option<String>,
        x: i16,
        y: i16,
    },
    /// The variation "Rebuilding": instead of deploying, the player gives up a point and removes
    /// the tile at (x, y) (`tile`, given for checking); the next action places it elsewhere
    /// (`place`).
    #[serde(rename = "remove-tile")]
    RemoveTile {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tile: Option<String>,
        x: i16,
        y: i16,
    },
    /// The variation "Cloisters for everyone!": instead of drawing, the player places the tile
    /// they hold (their cloister); the `place` of that tile follows.
    #[serde(rename = "held-tile")]
    HeldTile {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
    },
    /// The variations that let a player choose the tile to place: the player takes `tile` from
    /// their hand or stack, or from the face-up row; the `place` of that tile follows.
    #[serde(rename = "choose-tile")]
    ChooseTile {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        tile: String,
    },
    /// "Only one can choose": the player hands `tile` out to the player of colour `to`.
    #[serde(rename = "give-tile")]
    GiveTile {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        tile: String,
        to: Color,
    },
    Pass {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
    },
}

impl RecordAction {
    /// The action without the acting player and the drawn tile, for a reader who knows both
    /// (the server's list of legal actions for the seat whose turn it is).
    pub fn without_actor(self) -> RecordAction {
        match self {
            RecordAction::Place { x, y, rotation, .. } => {
                RecordAction::Place { player: None, tile: None, x, y, rotation }
            }
            RecordAction::Mountain { x, y, .. } => RecordAction::Mountain { player: None, tile: None, x, y },
            RecordAction::RemoveTile { x, y, .. } => RecordAction::RemoveTile { player: None, tile: None, x, y },
            RecordAction::Deploy { figure, feature, x, y, .. } => {
                RecordAction::Deploy { player: None, figure, feature, x, y }
            }
            RecordAction::Escape { x, y, feature, .. } => RecordAction::Escape { player: None, x, y, feature },
            RecordAction::RecallAbbot { x, y, .. } => RecordAction::RecallAbbot { player: None, x, y },
            RecordAction::MoveFairy { x, y, feature, .. } => RecordAction::MoveFairy { player: None, x, y, feature },
            RecordAction::RemoveKnight { x, y, feature, .. } => {
                RecordAction::RemoveKnight { player: None, x, y, feature }
            }
            RecordAction::MoveDragon { x, y, .. } => RecordAction::MoveDragon { player: None, x, y },
            RecordAction::BuildTower { x, y, .. } => RecordAction::BuildTower { player: None, x, y },
            RecordAction::Capture { x, y, feature, .. } => RecordAction::Capture { player: None, x, y, feature },
            RecordAction::TakePrisoner { x, y, feature, .. } => {
                RecordAction::TakePrisoner { player: None, x, y, feature }
            }
            RecordAction::MoveFollower { figure, from_x, from_y, from_feature, x, y, feature, .. } => {
                RecordAction::MoveFollower { player: None, figure, from_x, from_y, from_feature, x, y, feature }
            }
            RecordAction::ReligiousWar { x, y, feature, knights, .. } => {
                RecordAction::ReligiousWar { player: None, x, y, feature, knights }
            }
            RecordAction::ReleasePrisoner { owner, figure, .. } => {
                RecordAction::ReleasePrisoner { player: None, owner, figure }
            }
            RecordAction::Exchange { figure, .. } => RecordAction::Exchange { player: None, figure },
            RecordAction::Ransom { captor, figure, .. } => RecordAction::Ransom { player: None, captor, figure },
            RecordAction::Abbey { x, y, .. } => RecordAction::Abbey { player: None, x, y },
            RecordAction::Barn { corner, .. } => RecordAction::Barn { player: None, corner },
            RecordAction::LittleBuilding { kind, .. } => RecordAction::LittleBuilding { player: None, kind },
            RecordAction::MoveWagon { x, y, feature, .. } => RecordAction::MoveWagon { player: None, x, y, feature },
            RecordAction::Carcassonne { figure, quarter, .. } => {
                RecordAction::Carcassonne { player: None, figure, quarter }
            }
            RecordAction::MoveCount { quarter, .. } => RecordAction::MoveCount { player: None, quarter },
            RecordAction::Redeploy { figure, x, y, feature, .. } => {
                RecordAction::Redeploy { player: None, figure, x, y, feature }
            }
            RecordAction::HeldTile { .. } => RecordAction::HeldTile { player: None },
            RecordAction::ChooseTile { tile, .. } => RecordAction::ChooseTile { player: None, tile },
            RecordAction::GiveTile { tile, to, .. } => RecordAction::GiveTile { player: None, tile, to },
            RecordAction::Pass { .. } => RecordAction::Pass { player: None },
        }
    }
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

/// The record form of an action about to be applied to `game`.
pub fn encode_action(game: &Game, action: Action) -> RecordAction {
    let player = game.pending().player().map(|p| game.player(p).color);
    let name = |pos: Pos, feature| game.feature_name(pos, feature).unwrap_or_else(|| format!("#{feature}"));
    match (game.pending(), action) {
        (Pending::PlaceTile { tile, .. } | Pending::ReplaceTile { tile, .. }, Action::Place { pos, rotation }) => {
            RecordAction::Place {
                player,
                tile: Some(game.design(tile).id.clone()),
                x: pos.x,
                y: pos.y,
                rotation: rotation.degrees(),
            }
        }
        (_, Action::Place { pos, rotation }) => {
            RecordAction::Place { player, tile: None, x: pos.x, y: pos.y, rotation: rotation.degrees() }
        }
        (pending, Action::RaiseMountain { pos }) => {
            let tile = match pending {
                Pending::PlaceTile { tile, .. } => Some(game.design(tile).id.clone()),
                _ => None,
            };
            RecordAction::Mountain { player, tile, x: pos.x, y: pos.y }
        }
        (Pending::Deploy { pos, .. }, Action::Deploy { figure, feature }) => {
            RecordAction::Deploy { player, figure, feature: name(pos, feature), x: None, y: None }
        }
        (_, Action::Deploy { figure, feature }) => {
            RecordAction::Deploy { player, figure, feature: format!("#{feature}"), x: None, y: None }
        }
        (_, Action::DeployAt { pos, figure, feature }) => {
            RecordAction::Deploy { player, figure, feature: name(pos, feature), x: Some(pos.x), y: Some(pos.y) }
        }
        (_, Action::Pass) => RecordAction::Pass { player },
        (_, Action::RemoveTile { pos }) => {
            let tile = game.board().get(pos).map(|t| game.design(t.tile).id.clone());
            RecordAction::RemoveTile { player, tile, x: pos.x, y: pos.y }
        }
        (_, Action::PlaceAbbey { pos }) => RecordAction::Abbey { player, x: pos.x, y: pos.y },
        (_, Action::PlaceBarn { corner }) => RecordAction::Barn { player, corner: corner.name().into() },
        (_, Action::PlaceBuilding { kind }) => {
            RecordAction::LittleBuilding { player, kind: kind.map(|k| k.name().to_string()) }
        }
        (_, Action::MoveWagon { pos, feature }) => {
            RecordAction::MoveWagon { player, x: pos.x, y: pos.y, feature: name(pos, feature) }
        }
        (_, Action::RecallAbbot { pos }) => RecordAction::RecallAbbot { player, x: pos.x, y: pos.y },
        (_, Action::Escape { pos, feature }) => {
            RecordAction::Escape { player, x: pos.x, y: pos.y, feature: name(pos, feature) }
        }
        (_, Action::MoveFairy { pos, feature }) => {
            RecordAction::MoveFairy { player, x: pos.x, y: pos.y, feature: name(pos, feature) }
        }
        (_, Action::RemoveKnight { pos, feature }) => {
            RecordAction::RemoveKnight { player, x: pos.x, y: pos.y, feature: name(pos, feature) }
        }
        (_, Action::MoveDragon { pos }) => RecordAction::MoveDragon { player, x: pos.x, y: pos.y },
        (_, Action::BuildTower { pos }) => RecordAction::BuildTower { player, x: pos.x, y: pos.y },
        (_, Action::FinishTower { pos, figure }) => {
            RecordAction::Deploy { player, figure, feature: "tower".into(), x: Some(pos.x), y: Some(pos.y) }
        }
        (_, Action::Capture { pos, feature }) => {
            RecordAction::Capture { player, x: pos.x, y: pos.y, feature: name(pos, feature) }
        }
        (_, Action::Exchange { figure }) => RecordAction::Exchange { player, figure },
        (_, Action::MoveFollower { figure, pos, feature }) => {
            let f = game.figures().get(figure as usize);
            let from = f.map_or(Pos::new(0, 0), |f| game.board().placement(f.placement).pos);
            RecordAction::MoveFollower {
                player,
                figure: f.map_or(Figure::Follower, |f| f.figure),
                from_x: from.x,
                from_y: from.y,
                from_feature: f.map_or_else(String::new, |f| name(from, f.feature)),
                x: pos.x,
                y: pos.y,
                feature: name(pos, feature),
            }
        }
        (_, Action::ReligiousWar { pos, feature, knights }) => RecordAction::ReligiousWar {
            player,
            x: pos.x,
            y: pos.y,
            feature: name(pos, feature),
            knights: knights
                .iter()
                .filter_map(|&k| game.figures().get(k as usize))
                .map(|f| {
                    let at = game.board().placement(f.placement).pos;
                    FigureAt { figure: f.figure, x: at.x, y: at.y, feature: name(at, f.feature) }
                })
                .collect(),
        },
        (_, Action::TakePrisoner { pos, feature }) => {
            RecordAction::TakePrisoner { player, x: pos.x, y: pos.y, feature: name(pos, feature) }
        }
        (_, Action::ReleasePrisoner { owner, figure }) => {
            let owner = game.players().get(owner as usize).map_or(Color::Red, |p| p.color);
            RecordAction::ReleasePrisoner { player, owner, figure }
        }
        (_, Action::DeployToQuarter { figure, quarter }) => RecordAction::Carcassonne { player, figure, quarter },
        (_, Action::PlayHeldTile) => RecordAction::HeldTile { player },
        (_, Action::ChooseTile { tile }) => RecordAction::ChooseTile { player, tile: game.design(tile).id.clone() },
        (_, Action::GiveTile { tile, to }) => {
            let to = game.players().get(to as usize).map_or(Color::Red, |p| p.color);
            RecordAction::GiveTile { player, tile: game.design(tile).id.clone(), to }
        }
        (_, Action::MoveCount { quarter }) => RecordAction::MoveCount { player, quarter },
        (_, Action::Redeploy { figure, pos, feature }) => {
            RecordAction::Redeploy { player, figure, x: pos.x, y: pos.y, feature: name(pos, feature) }
        }
        (_, Action::PayRansom { captor, figure }) => {
            let captor = game.players().get(captor as usize).map_or(Color::Red, |p| p.color);
            RecordAction::Ransom { player, captor, figure }
        }
    }
}

/// The index (into `Game::figures`) of the deciding player's figure a record names (other than
/// figure `besides`: two knights may stand on one segment).
fn own_figure_at(game: &Game, at: &FigureAt, besides: Option<u8>) -> Result<u8, String> {
    let pos = Pos::new(at.x, at.y);
    let feature = feature_at(game, pos, &at.feature)?;
    let player = game.pending().player();
    game.figures()
        .iter()
        .enumerate()
        .position(|(i, f)| {
            Some(i as u8) != besides
                && Some(f.owner) == player
                && f.figure == at.figure
                && f.feature == feature
                && game.board().placement(f.placement).pos == pos
        })
        .map(|i| i as u8)
        .ok_or_else(|| format!("no {} of the player's stands on {} at {pos}", at.figure.name(), at.feature))
}

/// The engine action a record action stands for in the current state of `game`.
pub fn decode_action(game: &Game, action: &RecordAction) -> Result<Action, String> {
    let expected = game.pending().player().map(|p| game.player(p).color);
    let player = match action {
        RecordAction::Place { player, .. }
        | RecordAction::Deploy { player, .. }
        | RecordAction::Escape { player, .. }
        | RecordAction::RecallAbbot { player, .. }
        | RecordAction::MoveFairy { player, .. }
        | RecordAction::RemoveKnight { player, .. }
        | RecordAction::MoveDragon { player, .. }
        | RecordAction::BuildTower { player, .. }
        | RecordAction::Capture { player, .. }
        | RecordAction::TakePrisoner { player, .. }
        | RecordAction::MoveFollower { player, .. }
        | RecordAction::ReligiousWar { player, .. }
        | RecordAction::ReleasePrisoner { player, .. }
        | RecordAction::Exchange { player, .. }
        | RecordAction::Ransom { player, .. }
        | RecordAction::Abbey { player, .. }
        | RecordAction::Barn { player, .. }
        | RecordAction::LittleBuilding { player, .. }
        | RecordAction::MoveWagon { player, .. }
        | RecordAction::Carcassonne { player, .. }
        | RecordAction::MoveCount { player, .. }
        | RecordAction::Redeploy { player, .. }
        | RecordAction::HeldTile { player }
        | RecordAction::Mountain { player, .. }
        | RecordAction::RemoveTile { player, .. }
        | RecordAction::ChooseTile { player, .. }
        | RecordAction::GiveTile { player, .. }
        | RecordAction::Pass { player } => *player,
    };
    if let (Some(given), Some(expected)) = (player, expected) {
        if given != expected {
            return Err(format!("it is {expected}'s decision, not {given}'s"));
        }
    }
    if expected.is_none() {
        return Err("the game is over; no further action is possible".into());
    }
    match action {
        RecordAction::Place { tile, x, y, rotation, .. } => {
            // Exactly one of the four: 450 is not read as 90 (docs/record-format.md).
            let rotation = Rotation::ALL
                .into_iter()
                .find(|r| r.degrees() == *rotation)
                .ok_or_else(|| format!("rotation {rotation} is not 0, 90, 180 or 270"))?;
            // The tile to place: the one drawn, or the one a rebuilding removed.
            let expected = match game.pending() {
                Pending::PlaceTile { tile, .. } => Some((tile, "drawn")),
                Pending::ReplaceTile { tile, .. } => Some((tile, "removed")),
                _ => None,
            };
            if let (Some(tile), Some((expected, how))) = (tile, expected) {
                let id = &game.design(expected).id;
                if tile != id {
                    return Err(format!("the record places `{tile}` but the tile {how} is `{id}`"));
                }
            }
            Ok(Action::Place { pos: Pos::new(*x, *y), rotation })
        }
        RecordAction::Deploy { figure, feature, x, y, .. } => {
            let Pending::Deploy { pos: placed, .. } = game.pending() else {
                return Err("the game is waiting for a tile placement, not a deployment".into());
            };
            let at = match (x, y) {
                (Some(x), Some(y)) => Pos::new(*x, *y),
                (None, None) => placed,
                _ => return Err("a deployment elsewhere gives both `x` and `y`".into()),
            };
            let local = feature_at(game, at, feature)?;
            let kind = game.board().get(at).and_then(|t| game.design(t.tile).features.get(local as usize));
            if kind.is_some_and(|spec| spec.kind == crate::catalog::FeatureKind::Tower) {
                return Ok(Action::FinishTower { pos: at, figure: *figure });
            }
            Ok(if at == placed {
                Action::Deploy { figure: *figure, feature: local }
            } else {
                Action::DeployAt { pos: at, figure: *figure, feature: local }
            })
        }
        RecordAction::Escape { x, y, feature, .. } => {
            let pos = Pos::new(*x, *y);
            Ok(Action::Escape { pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::MoveFairy { x, y, feature, .. } => {
            let pos = Pos::new(*x, *y);
            Ok(Action::MoveFairy { pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::RemoveKnight { x, y, feature, .. } => {
            let pos = Pos::new(*x, *y);
            Ok(Action::RemoveKnight { pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::MoveDragon { x, y, .. } => Ok(Action::MoveDragon { pos: Pos::new(*x, *y) }),
        RecordAction::RecallAbbot { x, y, .. } => Ok(Action::RecallAbbot { pos: Pos::new(*x, *y) }),
        RecordAction::BuildTower { x, y, .. } => Ok(Action::BuildTower { pos: Pos::new(*x, *y) }),
        RecordAction::Capture { x, y, feature, .. } => {
            let pos = Pos::new(*x, *y);
            Ok(Action::Capture { pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::Exchange { figure, .. } => Ok(Action::Exchange { figure: *figure }),
        RecordAction::MoveFollower { figure, from_x, from_y, from_feature, x, y, feature, .. } => {
            let at = FigureAt { figure: *figure, x: *from_x, y: *from_y, feature: from_feature.clone() };
            let index = own_figure_at(game, &at, None)?;
            let pos = Pos::new(*x, *y);
            Ok(Action::MoveFollower { figure: index, pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::ReligiousWar { x, y, feature, knights, .. } => {
            let [first, second] = knights.as_slice() else {
                return Err(format!("a religious war moves two knights, not {}", knights.len()));
            };
            let pos = Pos::new(*x, *y);
            let a = own_figure_at(game, first, None)?;
            let b = own_figure_at(game, second, Some(a))?;
            // The engine names the pair in the order of its figures.
            let knights = [a.min(b), a.max(b)];
            Ok(Action::ReligiousWar { pos, feature: feature_at(game, pos, feature)?, knights })
        }
        RecordAction::TakePrisoner { x, y, feature, .. } => {
            let pos = Pos::new(*x, *y);
            Ok(Action::TakePrisoner { pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::ReleasePrisoner { owner, figure, .. } => {
            let owner =
                game.players().iter().position(|p| p.color == *owner).ok_or_else(|| format!("no player is {owner}"))?;
            Ok(Action::ReleasePrisoner { owner: owner as PlayerId, figure: *figure })
        }
        RecordAction::Ransom { captor, figure, .. } => {
            let captor = game
                .players()
                .iter()
                .position(|p| p.color == *captor)
                .ok_or_else(|| format!("no player is {captor}"))?;
            Ok(Action::PayRansom { captor: captor as PlayerId, figure: *figure })
        }
        RecordAction::Abbey { x, y, .. } => Ok(Action::PlaceAbbey { pos: Pos::new(*x, *y) }),
        RecordAction::Barn { corner, .. } => Corner::from_name(corner)
            .map(|corner| Action::PlaceBarn { corner })
            .ok_or_else(|| format!("unknown corner `{corner}` (expected NE, SE, SW or NW)")),
        RecordAction::LittleBuilding { kind: None, .. } => Ok(Action::PlaceBuilding { kind: None }),
        RecordAction::LittleBuilding { kind: Some(kind), .. } => BuildingKind::from_name(kind)
            .map(|k| Action::PlaceBuilding { kind: Some(k) })
            .ok_or_else(|| format!("unknown little building `{kind}` (expected tower, house or shed)")),
        RecordAction::MoveWagon { x, y, feature, .. } => {
            let pos = Pos::new(*x, *y);
            Ok(Action::MoveWagon { pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::Carcassonne { figure, quarter, .. } => {
            Ok(Action::DeployToQuarter { figure: *figure, quarter: *quarter })
        }
        RecordAction::MoveCount { quarter, .. } => Ok(Action::MoveCount { quarter: *quarter }),
        RecordAction::Redeploy { figure, x, y, feature, .. } => {
            let pos = Pos::new(*x, *y);
            Ok(Action::Redeploy { figure: *figure, pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::HeldTile { .. } => Ok(Action::PlayHeldTile),
        RecordAction::Mountain { tile, x, y, .. } => {
            if let (Some(tile), Pending::PlaceTile { tile: drawn, .. }) = (tile, game.pending()) {
                let drawn = &game.design(drawn).id;
                if tile != drawn {
                    return Err(format!("the record turns `{tile}` into a mountain but the tile drawn is `{drawn}`"));
                }
            }
            Ok(Action::RaiseMountain { pos: Pos::new(*x, *y) })
        }
        RecordAction::RemoveTile { tile, x, y, .. } => {
            let pos = Pos::new(*x, *y);
            let placed = game.board().get(pos).ok_or_else(|| format!("no tile at {pos} to remove"))?;
            let there = &game.design(placed.tile).id;
            match tile {
                Some(tile) if tile != there => {
                    Err(format!("the record removes `{tile}` but the tile at {pos} is `{there}`"))
                }
                _ => Ok(Action::RemoveTile { pos }),
            }
        }
        RecordAction::ChooseTile { tile, .. } => game
            .catalog()
            .lookup(tile)
            .map(|tile| Action::ChooseTile { tile })
            .ok_or_else(|| format!("unknown tile `{tile}`")),
        RecordAction::GiveTile { tile, to, .. } => {
            let tile = game.catalog().lookup(tile).ok_or_else(|| format!("unknown tile `{tile}`"))?;
            let to = game
                .players()
                .iter()
                .position(|p| p.color == *to)
                .ok_or_else(|| format!("no {to} player in this game"))?;
            Ok(Action::GiveTile { tile, to: to as PlayerId })
        }
        RecordAction::Pass { .. } => Ok(Action::Pass),
    }
}

/// The feature a record names on the tile at `pos`.
fn feature_at(game: &Game, pos: Pos, name: &str) -> Result<crate::catalog::LocalFeature, String> {
    let placed = game.board().get(pos).ok_or_else(|| format!("no tile at {pos}"))?;
    parse_feature_name(game.design(placed.tile), placed.rotation, name)
}
