//! The decisions of a game: what the game waits for ([`Pending`]) and what a player does
//! ([`Action`]). Actions are small `Copy` values; records name them in their own vocabulary
//! (`record.rs`).

use crate::catalog::{LocalFeature, TileId};
use crate::geometry::{Pos, Rotation};
use crate::players::{Figure, PlayerId};

/// One decision a player makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Place the drawn tile at `pos`, turned clockwise by `rotation`.
    Place { pos: Pos, rotation: Rotation },
    /// Deploy a figure on a feature of the tile just placed (`feature` indexes the design's
    /// features; records name it by kind and port, see [`crate::Game::feature_name`]).
    Deploy { figure: Figure, feature: LocalFeature },
    /// The Cathars: take a knight back from a besieged city at the end of the turn; it stands
    /// on feature `feature` of the tile at `pos`.
    Escape { pos: Pos, feature: LocalFeature },
    /// The Abbot: instead of deploying, take back the abbot standing on the tile at `pos` and
    /// score its cloister or garden as it stands.
    RecallAbbot { pos: Pos },
    /// Deploy nothing this turn (or, when an escape is offered, let no knight escape).
    Pass,
}

impl Action {
    /// What the action is, for messages ("a tile placement").
    pub(crate) const fn description(self) -> &'static str {
        match self {
            Action::Place { .. } => "a tile placement",
            Action::Deploy { .. } => "a deployment",
            Action::Escape { .. } => "an escape",
            Action::RecallAbbot { .. } => "an abbot's recall",
            Action::Pass => "a pass",
        }
    }
}

/// What the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    /// `player` must place the drawn `tile`.
    PlaceTile { player: PlayerId, tile: TileId },
    /// `player` may deploy a figure on the tile just placed at `pos`, or pass.
    Deploy { player: PlayerId, pos: Pos },
    /// The Cathars: at the end of the turn `player` may take one knight back from a besieged city
    /// that a cloister or abbey borders, or pass.
    Escape { player: PlayerId },
    /// The game is over; no action is legal.
    GameOver,
}

impl Pending {
    /// The player who must decide, unless the game is over.
    pub fn player(self) -> Option<PlayerId> {
        match self {
            Pending::PlaceTile { player, .. } | Pending::Deploy { player, .. } | Pending::Escape { player } => {
                Some(player)
            }
            Pending::GameOver => None,
        }
    }

    /// What the game waits for, for messages.
    pub(crate) const fn description(self) -> &'static str {
        match self {
            Pending::PlaceTile { .. } => "placing the drawn tile",
            Pending::Deploy { .. } => "deploying a figure or passing",
            Pending::Escape { .. } => "a knight's escape from a besieged city or a pass",
            Pending::GameOver => "nothing (the game is over)",
        }
    }
}
