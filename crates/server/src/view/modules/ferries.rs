//! The Ferries' view: the ferries on the board (`ferries`, each across its lake from one road's
//! jetty to the other's, with words), the ferry decisions (`ferry`: the lake of the tile just
//! placed; `move-ferry`: a move of the first ferry along a road the tile extended, or a pass),
//! each pair of roads offered in words with its own place on the lake, and the ferries' events.

use carcassonne_engine::catalog::LocalFeature;
use carcassonne_engine::{Action, Event, Expansion, Game, Pending, PlayerId, Pos};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Legal, Names, ViewContext, ViewModule};
use crate::view::anchors::feature_name;
use crate::view::fields::Fields;
use crate::view::parts::{PendingView, SeatDecision};
use crate::words;

pub(crate) struct Ferries;

/// How far from the middle of its tile a road's jetty lies on the lake, in tile units (the SVG
/// render's, `FERRY_JETTY`).
const JETTY: f32 = carcassonne_render::FERRY_JETTY / 100.0;

/// A ferry on the board: on the lake of the tile at (`x`, `y`), joining its roads `ends` (record
/// names, `road@W`), drawn from `from` to `to` (tile units on its tile: the two jetties).
#[derive(Clone, Debug, Serialize)]
pub struct FerryView {
    pub x: i16,
    pub y: i16,
    pub ends: [String; 2],
    pub from: [f32; 2],
    pub to: [f32; 2],
    pub label: String,
}

/// The ferry decision: `seat` puts a ferry on the lake of the tile at (`x`, `y`).
#[derive(Serialize)]
struct FerryDecision {
    seat: PlayerId,
    x: i16,
    y: i16,
}

/// The direction from the tile's middle to where road segment `feature` leaves it (as a unit
/// step on the board, y growing south).
fn road_direction(game: &Game, pos: Pos, feature: LocalFeature) -> Option<(f32, f32)> {
    let (dx, dy) = game.segment_side(pos, feature)?.delta();
    Some((f32::from(dx), f32::from(dy)))
}

/// The jetty of road segment `feature` on the lake of the tile at `pos`, in tile units.
fn jetty(game: &Game, pos: Pos, feature: LocalFeature) -> [f32; 2] {
    let (dx, dy) = road_direction(game, pos, feature).unwrap_or((0.0, 0.0));
    [0.5 + dx * JETTY, 0.5 + dy * JETTY]
}

/// Where the choice of a pair is shown on the lake: between its two jetties, toward their
/// corner; a pair of opposite roads, beside the middle (north of an east-west pair, east of a
/// north-south one), so that no two pairs of a lake share a place.
fn pair_at(game: &Game, pos: Pos, ends: [LocalFeature; 2]) -> Option<[f32; 2]> {
    let (ax, ay) = road_direction(game, pos, ends[0])?;
    let (bx, by) = road_direction(game, pos, ends[1])?;
    let (sx, sy) = (ax + bx, ay + by);
    if sx == 0.0 && sy == 0.0 {
        // Opposite roads: a quarter turn off their line.
        let (px, py) = (ay.abs(), -ax.abs());
        return Some([0.5 + px * 0.12, 0.5 + py * 0.12]);
    }
    let length = (sx * sx + sy * sy).sqrt();
    Some([0.5 + sx / length * 0.3, 0.5 + sy / length * 0.3])
}

/// "the road to the west and the road to the south".
fn pair_words(game: &Game, pos: Pos, ends: [LocalFeature; 2]) -> String {
    format!("{} and {}", words::feature_words(game, pos, ends[0]), words::feature_words(game, pos, ends[1]))
}

/// "the lake 2 tiles east of the start tile".
fn lake_words(pos: Pos) -> String {
    format!("the lake {}", words::place_words(pos))
}

impl ViewModule for Ferries {
    fn pending(&self, _game: &Game, pending: Pending) -> Option<PendingView> {
        match pending {
            Pending::PlaceFerry { player, pos } => {
                Some(PendingView::new("ferry", FerryDecision { seat: player, x: pos.x, y: pos.y }))
            }
            Pending::MoveFerry { player } => Some(PendingView::new("move-ferry", SeatDecision { seat: player })),
            _ => None,
        }
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        match (pending, action) {
            (Pending::MoveFerry { .. }, Action::Pass) => Some((None, "move no ferry".into())),
            (Pending::PlaceFerry { .. }, Action::Ferry { pos, from, to }) => Some((
                pair_at(game, pos, [from, to]),
                format!("put the ferry on {}, joining {}", lake_words(pos), pair_words(game, pos, [from, to])),
            )),
            (_, Action::Ferry { pos, from, to }) => Some((
                pair_at(game, pos, [from, to]),
                format!("move the ferry of {} to join {}", lake_words(pos), pair_words(game, pos, [from, to])),
            )),
            _ => None,
        }
    }

    /// `ferries`, the ferries on the board.
    fn board(&self, cx: &ViewContext<'_>, fields: &mut Fields) {
        if !cx.game.rules().has(Expansion::Ferries) {
            return;
        }
        let ferries: Vec<FerryView> = cx
            .game
            .ferries()
            .into_iter()
            .map(|f| FerryView {
                x: f.pos.x,
                y: f.pos.y,
                ends: f.ends.map(|e| feature_name(cx.game, f.pos, e)),
                from: jetty(cx.game, f.pos, f.ends[0]),
                to: jetty(cx.game, f.pos, f.ends[1]),
                label: format!("the ferry on {}, joining {}", lake_words(f.pos), pair_words(cx.game, f.pos, f.ends)),
            })
            .collect();
        fields.set("ferries", ferries);
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let names_of = |pos, ends: [LocalFeature; 2]| ends.map(|e| feature_name(game, pos, e));
        match *event {
            Event::FerryPlaced { player, pos, ends } => Some((
                json!({"type": "ferry-placed", "seat": player, "x": pos.x, "y": pos.y, "ends": names_of(pos, ends)}),
                format!(
                    "{} puts a ferry on {}, joining {}",
                    names.of(player),
                    lake_words(pos),
                    pair_words(game, pos, ends)
                ),
            )),
            Event::FerryMoved { player, pos, from, to } => Some((
                json!({"type": "ferry-moved", "seat": player, "x": pos.x, "y": pos.y,
                    "from": names_of(pos, from), "to": names_of(pos, to)}),
                format!(
                    "{} moves the ferry of {} from {} to {}",
                    names.of(player),
                    lake_words(pos),
                    pair_words(game, pos, from),
                    pair_words(game, pos, to)
                ),
            )),
            _ => None,
        }
    }
}
