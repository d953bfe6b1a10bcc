//! Traders & Builders' view: trade goods collected and scored, the builder's second tile.

use carcassonne_engine::{Event, Game, Phase};
use serde_json::json;

use super::hooks::{Counted, Names, ViewModule};
use crate::words;

pub(crate) struct TradersBuilders;

impl ViewModule for TradersBuilders {
    fn event(&self, _game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let name = |p| names.of(p);
        Some(match *event {
            Event::GoodsCollected { player, goods } => (
                json!({"type": "goods-collected", "seat": player, "goods": goods}),
                format!("{} collects {}", name(player), words::goods_words(goods)),
            ),
            Event::GoodsScored { player, good, count, points } => (
                json!({"type": "goods-scored", "seat": player, "good": good, "count": count, "points": points}),
                format!(
                    "Final scoring: {} has the most {} ({count}) and scores {points}",
                    name(player),
                    words::good_word(good)
                ),
            ),
            Event::DoubleTurn { player } => (
                json!({"type": "double-turn", "seat": player}),
                format!("{}'s builder earns a second tile: {} plays again", name(player), name(player)),
            ),
            _ => return None,
        })
    }

    fn counted(&self, event: &Event) -> Option<Counted> {
        match *event {
            Event::GoodsScored { good, .. } => Some(Counted::As(good.name(), Phase::Final)),
            _ => None,
        }
    }
}
