//! The parts of a view that the core and the view modules share: the pending decision's
//! view, the base game's decisions that modules reuse, points by kind, and the JSON of an event
//! about a figure. Below both, so that the modules never import the core.

use std::collections::BTreeMap;

use carcassonne_engine::{Figure, Game, PlayerId};
use serde::Serialize;
use serde_json::json;

use super::anchors::feature_name;
use super::fields::{Fields, Piece};

/// Points by kind; a ransom paid counts against its payer, so a kind may be negative.
#[derive(Clone, Debug, Default, Serialize)]
pub struct PointsView {
    pub turn: BTreeMap<&'static str, i64>,
    #[serde(rename = "final")]
    pub final_: BTreeMap<&'static str, i64>,
}

/// The decision the game waits for: `decision` names it (docs/api.md lists them), the fields
/// after it are the decision's own, then those other modules add (the dash's `dash` on a
/// deployment).
#[derive(Clone, Debug, Serialize)]
pub struct PendingView {
    pub decision: &'static str,
    #[serde(flatten)]
    detail: Piece,
    #[serde(flatten)]
    pub(crate) more: Fields,
}

impl PendingView {
    /// The decision `decision` with its fields (`detail`, a struct).
    pub fn new(decision: &'static str, detail: impl Serialize + Send + Sync + 'static) -> PendingView {
        PendingView { decision, detail: Piece::new(detail), more: Fields::default() }
    }
}

/// A decision that names only the seat that takes it.
#[derive(Serialize)]
pub(crate) struct SeatDecision {
    pub seat: PlayerId,
}

/// The base game's decision: `seat` places `tile` (the catalog id; `tile_name` in words).
#[derive(Serialize)]
pub(crate) struct PlaceDecision {
    pub seat: PlayerId,
    pub tile: String,
    pub tile_name: String,
}

/// The base game's decision: `seat` may deploy a figure on the tile at (`x`, `y`) or pass.
#[derive(Serialize)]
pub(crate) struct DeployDecision {
    pub seat: PlayerId,
    pub x: i16,
    pub y: i16,
}

/// The game is over: no decision.
#[derive(Serialize)]
pub(crate) struct NoDecision {}

/// The JSON of an event about a figure on a feature: `type`, the seat, the figure and where.
pub(crate) fn figure_detail(
    game: &Game,
    kind: &str,
    player: PlayerId,
    figure: Figure,
    pos: carcassonne_engine::Pos,
    feature: u8,
) -> serde_json::Value {
    json!({"type": kind, "seat": player, "figure": figure, "x": pos.x, "y": pos.y,
           "feature": feature_name(game, pos, feature)})
}
