//! Heretics and Shrines' view: the race between a shrine and the cloister beside it.

use carcassonne_engine::{Event, Game, Pos};
use serde_json::json;

use super::hooks::{Names, ViewModule};
use crate::words;

pub(crate) struct Shrines;

/// "shrine" or "cloister": the building at `pos`.
fn building(game: &Game, pos: Pos) -> &'static str {
    match game.board().get(pos) {
        Some(placed) if game.design(placed.tile).is_shrine() => "shrine",
        _ => "cloister",
    }
}

impl ViewModule for Shrines {
    fn event(&self, game: &Game, _names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let Event::RaceLost { pos, feature, winner } = *event else { return None };
        let (won, lost) = (building(game, winner), building(game, pos));
        Some((
            json!({
                "type": "race-lost",
                "x": pos.x, "y": pos.y, "feature": feature,
                "winner": {"x": winner.x, "y": winner.y},
            }),
            format!(
                "The {won} {} was completed first: the {lost} {} loses the race, and its followers go home with nothing",
                words::place_words(winner),
                words::place_words(pos)
            ),
        ))
    }
}
