//! The house rules' view: a hole filled earns another turn, an unplayable tile goes back into
//! the pile.

use carcassonne_engine::{Event, Game};
use serde_json::json;

use super::hooks::{Names, ViewModule};
use crate::words;

pub(crate) struct HouseRules;

impl ViewModule for HouseRules {
    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let name = |p| names.of(p);
        Some(match *event {
            Event::HoleFilled { player } => (
                json!({"type": "hole-filled", "seat": player}),
                format!("{} filled a hole: {} plays again", name(player), name(player)),
            ),
            Event::TileBackToPile { player, tile } => (
                json!({"type": "tile-back-to-pile", "seat": player, "tile": game.design(tile).id.clone()}),
                format!(
                    "{} cannot place {} anywhere; it goes back into the pile and {} draws again",
                    name(player),
                    words::tile_name(game.design(tile)),
                    name(player)
                ),
            ),
            _ => return None,
        })
    }
}
