//! The Phantom's view: step 2B-2, the phantom deployed as a second follower (decision `phantom`,
//! with the tile just placed like the base game's `deploy`), and the words of its choices. The
//! phantom itself is one more figure of a seat's supply and of the board (`phantom`).

use carcassonne_engine::{Action, Game, Pending};

use super::hooks::{Legal, ViewModule};
use crate::view::anchors::anchor;
use crate::view::parts::{DeployDecision, PendingView};
use crate::words;

pub(crate) struct Phantom;

impl ViewModule for Phantom {
    fn pending(&self, _game: &Game, pending: Pending) -> Option<PendingView> {
        let Pending::Phantom { player, pos } = pending else { return None };
        Some(PendingView::new("phantom", DeployDecision { seat: player, x: pos.x, y: pos.y }))
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        let Pending::Phantom { pos, .. } = pending else { return None };
        match action {
            Action::Deploy { figure, feature } => {
                Some((anchor(game, pos, feature), words::figure_on(game, figure, pos, feature)))
            }
            Action::Pass => Some((None, "no phantom".into())),
            // Through the magic gate, on top of a tower: those modules' words.
            _ => None,
        }
    }
}
