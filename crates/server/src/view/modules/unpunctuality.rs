//! The variation "Follower unpunctuality": a follower deployed onto an earlier tile, without a
//! magic gate (the same action as The Princess & the Dragon's gate, in other words).

use carcassonne_engine::{Action, Game, Pending};

use super::hooks::{Legal, ViewModule};
use crate::view::anchors::anchor;
use crate::words;

pub(crate) struct Unpunctuality;

impl ViewModule for Unpunctuality {
    fn legal(&self, game: &Game, _pending: Pending, action: Action) -> Option<Legal> {
        let Action::DeployAt { pos, figure, feature } = action else { return None };
        if !game.rules().variants.follower_unpunctuality {
            return None;
        }
        Some((
            anchor(game, pos, feature),
            format!(
                "onto an earlier tile: {}, {}",
                words::figure_on(game, figure, pos, feature),
                words::place_words(pos)
            ),
        ))
    }
}
