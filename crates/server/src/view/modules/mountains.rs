//! The variation "Mountains": a drawn tile placed upside down as a mountain.

use carcassonne_engine::{Action, Event, Game, Pending};
use serde_json::json;

use super::hooks::{Legal, Names, ViewModule};
use crate::words;

pub(crate) struct Mountains;

impl ViewModule for Mountains {
    fn legal(&self, _game: &Game, _pending: Pending, action: Action) -> Option<Legal> {
        let Action::RaiseMountain { pos } = action else { return None };
        Some((None, format!("upside down as a mountain {}", words::place_words(pos))))
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let Event::MountainRaised { player, tile, pos } = *event else { return None };
        Some((
            json!({"type": "mountain-raised", "seat": player, "tile": game.design(tile).id.clone(), "x": pos.x,
                   "y": pos.y}),
            format!(
                "{} turns {} upside down: a mountain {}",
                names.of(player),
                words::tile_name(game.design(tile)),
                words::place_words(pos)
            ),
        ))
    }
}
