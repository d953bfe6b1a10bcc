//! Abbey & Mayor's view: the abbey tile in hand, the barns, the wagon's move.

use carcassonne_engine::{Action, Event, Expansion, Figure, Game, Pending, PlayerId};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Counted, Legal, Names, ViewContext, ViewModule};
use crate::view::anchors::{anchor, corner_anchor, feature_name};
use crate::view::fields::Fields;
use crate::view::parts::{figure_detail, PendingView, SeatDecision};
use crate::words;

pub(crate) struct AbbeyMayor;

/// A barn on corner `corner` (`NE`, `SE`, `SW`, `NW`) of the tile at (`x`, `y`).
#[derive(Clone, Debug, Serialize)]
pub struct BarnView {
    pub seat: PlayerId,
    pub x: i16,
    pub y: i16,
    pub corner: &'static str,
    /// Where on the tile it is drawn (the corner, in tile units from the north-west).
    pub at: [f32; 2],
    pub label: String,
}

/// `wagon`: `seat`'s wagon stood on `feature` of the tile at (`x`, `y`), just scored; it may
/// move to an adjacent feature (the legal actions) or go home.
#[derive(Serialize)]
struct WagonDecision {
    seat: PlayerId,
    x: i16,
    y: i16,
    feature: String,
}

impl ViewModule for AbbeyMayor {
    /// `abbey`: before drawing, `seat` may place its abbey tile in a hole (the legal actions
    /// list the holes) or draw; and `wagon`.
    fn pending(&self, game: &Game, pending: Pending) -> Option<PendingView> {
        match pending {
            Pending::Abbey { player } => Some(PendingView::new("abbey", SeatDecision { seat: player })),
            Pending::MoveWagon { player, pos, feature } => Some(PendingView::new(
                "wagon",
                WagonDecision { seat: player, x: pos.x, y: pos.y, feature: feature_name(game, pos, feature) },
            )),
            _ => None,
        }
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        Some(match (pending, action) {
            (_, Action::PlaceAbbey { pos }) => {
                (Some([0.5, 0.5]), format!("place your abbey in the hole {}", words::place_words(pos)))
            }
            (Pending::Deploy { pos, .. }, Action::PlaceBarn { corner }) => (
                Some(corner_anchor(corner)),
                format!("place your barn on the {} corner of {}", words::corner_words(corner), words::tile_at(pos)),
            ),
            (_, Action::PlaceBarn { .. }) => (None, "a barn".into()),
            (_, Action::MoveWagon { pos, feature }) => (
                anchor(game, pos, feature),
                format!(
                    "move your wagon onto {} {}",
                    words::feature_words(game, pos, feature),
                    words::place_words(pos)
                ),
            ),
            (Pending::Abbey { .. }, Action::Pass) => (None, "draw a tile".into()),
            (Pending::MoveWagon { .. }, Action::Pass) => (None, "take the wagon home".into()),
            _ => return None,
        })
    }

    /// `barns`, each on a corner of a tile.
    fn board(&self, cx: &ViewContext<'_>, fields: &mut Fields) {
        let barns: Vec<BarnView> = cx
            .game
            .barns()
            .iter()
            .map(|b| BarnView {
                seat: b.owner,
                x: b.pos.x,
                y: b.pos.y,
                corner: b.corner.name(),
                at: corner_anchor(b.corner),
                label: format!(
                    "{}'s barn on the {} corner of {}",
                    cx.seat_name(b.owner),
                    words::corner_words(b.corner),
                    words::tile_at(b.pos)
                ),
            })
            .collect();
        if !barns.is_empty() {
            fields.set("barns", barns);
        }
    }

    /// `abbey`: whether the seat still holds its abbey tile.
    fn seat(&self, cx: &ViewContext<'_>, seat: PlayerId, fields: &mut Fields) {
        if cx.game.rules().has(Expansion::AbbeyMayor) {
            fields.set("abbey", cx.game.holds_abbey(seat));
        }
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let name = |p| names.of(p);
        Some(match *event {
            Event::BarnPlaced { player, pos, corner } => (
                json!({"type": "barn-placed", "seat": player, "x": pos.x, "y": pos.y, "corner": corner.name()}),
                format!(
                    "{} places a barn on the {} corner of {}",
                    name(player),
                    words::corner_words(corner),
                    words::tile_at(pos)
                ),
            ),
            Event::BarnScoring { player, pos, corner } => (
                json!({"type": "barn-scoring", "seat": player, "x": pos.x, "y": pos.y, "corner": corner.name()}),
                format!("{}'s barn {} scores its farm", name(player), words::place_words(pos)),
            ),
            Event::WagonMoved { player, pos, feature } => (
                figure_detail(game, "wagon-moved", player, Figure::Wagon, pos, feature),
                format!(
                    "{} moves their wagon onto {} {}",
                    name(player),
                    words::feature_words(game, pos, feature),
                    words::place_words(pos)
                ),
            ),
            _ => return None,
        })
    }

    /// The score after a barn's scoring is the barn's.
    fn counted(&self, event: &Event) -> Option<Counted> {
        matches!(event, Event::BarnScoring { .. }).then_some(Counted::NextScoreAs("barn"))
    }
}
