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
    /// The Princess & the Dragon, a magic gate: deploy a figure on feature `feature` of the
    /// tile at `pos`, a tile in play other than the one just placed.
    DeployAt { pos: Pos, figure: Figure, feature: LocalFeature },
    /// The Princess & the Dragon: instead of deploying, move the fairy next to one's follower
    /// standing on feature `feature` of the tile at `pos`.
    MoveFairy { pos: Pos, feature: LocalFeature },
    /// The Princess & the Dragon: with a princess tile, remove the knight standing on feature
    /// `feature` of the tile at `pos` from the city the tile extended.
    RemoveKnight { pos: Pos, feature: LocalFeature },
    /// The Princess & the Dragon: move the dragon one step, onto the tile at `pos`.
    MoveDragon { pos: Pos },
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
            Action::DeployAt { .. } => "a deployment through a magic gate",
            Action::MoveFairy { .. } => "a move of the fairy",
            Action::RemoveKnight { .. } => "a princess's removal of a knight",
            Action::MoveDragon { .. } => "a step of the dragon",
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
    /// The Princess & the Dragon: `player` moves the dragon one step (each player in turn, six
    /// steps in all).
    MoveDragon { player: PlayerId },
    /// The game is over; no action is legal.
    GameOver,
}

impl Pending {
    /// The player who must decide, unless the game is over.
    pub fn player(self) -> Option<PlayerId> {
        match self {
            Pending::PlaceTile { player, .. }
            | Pending::Deploy { player, .. }
            | Pending::Escape { player }
            | Pending::MoveDragon { player } => Some(player),
            Pending::GameOver => None,
        }
    }

    /// What the game waits for, for messages.
    pub(crate) const fn description(self) -> &'static str {
        match self {
            Pending::PlaceTile { .. } => "placing the drawn tile",
            Pending::Deploy { .. } => "deploying a figure or passing",
            Pending::Escape { .. } => "a knight's escape from a besieged city or a pass",
            Pending::MoveDragon { .. } => "a step of the dragon",
            Pending::GameOver => "nothing (the game is over)",
        }
    }
}
