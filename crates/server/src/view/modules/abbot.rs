//! The Abbot's view: taking the abbot back from its garden or cloister.

use carcassonne_engine::{Action, Figure, Game, Pending};

use super::hooks::{Legal, ViewModule};
use crate::view::anchors::anchor;
use crate::words;

pub(crate) struct Abbot;

impl ViewModule for Abbot {
    fn legal(&self, game: &Game, _pending: Pending, action: Action) -> Option<Legal> {
        let Action::RecallAbbot { pos } = action else { return None };
        let abbot =
            game.figures().iter().find(|f| f.figure == Figure::Abbot && game.board().placement(f.placement).pos == pos);
        let from = abbot.map_or_else(|| "the cloister".into(), |f| words::feature_words(game, pos, f.feature));
        Some((
            abbot.and_then(|f| anchor(game, pos, f.feature)),
            format!("take the abbot back from {from} {}", words::place_words(pos)),
        ))
    }
}
