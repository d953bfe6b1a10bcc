//! The Gold Mines' view: the ingots on the tiles, the ingots a seat holds, the choice of the
//! tile for a gold tile's second ingot, and the ingots' events.

use carcassonne_engine::{ingot_value, Action, Event, Expansion, Game, Pending, PlayerId};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Counted, Legal, Names, ViewContext, ViewModule};
use crate::view::fields::Fields;
use crate::view::parts::PendingView;
use crate::words;

pub(crate) struct GoldMines;

/// Where on its tile the ingots are drawn (tile units from the north-west): low on the right,
/// opposite the little buildings.
pub const GOLD_AT: [f32; 2] = [0.8, 0.84];

/// The gold ingots on the tile at (`x`, `y`).
#[derive(Clone, Debug, Serialize)]
pub struct GoldView {
    pub x: i16,
    pub y: i16,
    pub count: u8,
    pub at: [f32; 2],
    pub label: String,
}

/// The decision after a gold tile: `seat` puts the second ingot on one of the tiles around the
/// gold tile at (`x`, `y`), which has its first.
#[derive(Serialize)]
struct GoldDecision {
    seat: PlayerId,
    x: i16,
    y: i16,
}

/// The ingots a seat holds and what each is worth now.
#[derive(Serialize)]
struct GoldHeld {
    count: u8,
    each: u32,
}

fn ingots(n: u8) -> String {
    format!("{n} gold ingot{}", if n == 1 { "" } else { "s" })
}

impl ViewModule for GoldMines {
    fn pending(&self, _game: &Game, pending: Pending) -> Option<PendingView> {
        let Pending::PlaceGold { player, pos } = pending else { return None };
        Some(PendingView::new("gold", GoldDecision { seat: player, x: pos.x, y: pos.y }))
    }

    /// The tile in words; the gold tile it is beside is the decision's own (and marked on the
    /// board as the tile just placed).
    fn legal(&self, _game: &Game, _pending: Pending, action: Action) -> Option<Legal> {
        let Action::PlaceGold { pos } = action else { return None };
        Some((Some(GOLD_AT), format!("put the second gold ingot on {}", words::tile_at(pos))))
    }

    /// `gold`, each tile's ingots.
    fn board(&self, cx: &ViewContext<'_>, fields: &mut Fields) {
        let gold: Vec<GoldView> = cx
            .game
            .gold_on_board()
            .iter()
            .map(|&(pos, count)| GoldView {
                x: pos.x,
                y: pos.y,
                count,
                at: GOLD_AT,
                label: format!("{} on {}", ingots(count), words::tile_at(pos)),
            })
            .collect();
        if !gold.is_empty() {
            fields.set("gold", gold);
        }
    }

    /// `gold`: the ingots the seat holds and what each is worth at the end as things stand.
    fn seat(&self, cx: &ViewContext<'_>, seat: PlayerId, fields: &mut Fields) {
        if !cx.game.rules().has(Expansion::GoldMines) {
            return;
        }
        let count = cx.game.gold_held(seat);
        fields.set("gold", GoldHeld { count, each: if count == 0 { 0 } else { ingot_value(count) } });
    }

    fn event(&self, _game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        Some(match *event {
            Event::GoldPlaced { player, pos, beside } => (
                json!({"type": "gold-placed", "seat": player, "x": pos.x, "y": pos.y,
                    "beside_x": beside.x, "beside_y": beside.y}),
                format!(
                    "{} puts a gold ingot on the gold tile {} and one on {}",
                    names.of(player),
                    words::place_words(pos),
                    words::tile_at(beside)
                ),
            ),
            Event::GoldTaken { player, pos } => (
                json!({"type": "gold-taken", "seat": player, "x": pos.x, "y": pos.y}),
                format!("{} takes a gold ingot from {}", names.of(player), words::tile_at(pos)),
            ),
            Event::GoldScored { player, count, points } => (
                json!({"type": "gold-scored", "seat": player, "count": count, "points": points}),
                format!(
                    "{} scores {points} point{} for {} ({} each)",
                    names.of(player),
                    if points == 1 { "" } else { "s" },
                    ingots(count),
                    ingot_value(count)
                ),
            ),
            _ => return None,
        })
    }

    fn counted(&self, event: &Event) -> Option<Counted> {
        matches!(event, Event::GoldScored { .. }).then_some(Counted::As("gold", carcassonne_engine::Phase::Final))
    }
}
