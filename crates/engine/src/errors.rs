//! Why an action or a setup was refused. Every message says what was wrong and where; the game
//! is unchanged.

use crate::actions::{Action, Pending};
use crate::catalog::{FeatureKind, LocalFeature};
use crate::geometry::Pos;
use crate::players::{Color, PlayerId};

/// Why an action was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("the game is waiting for {expected}, not for {got}")]
    WrongDecision { expected: &'static str, got: &'static str },
    #[error("it is {expected}'s decision, not {got}'s")]
    NotYourTurn { expected: Color, got: Color },
    #[error("there is no player in seat {0}")]
    NoSuchPlayer(PlayerId),
    #[error("position {0} already holds a tile")]
    Occupied(Pos),
    #[error("position {0} touches no tile along an edge (corner contact is not enough)")]
    NotAdjacent(Pos),
    #[error("at {pos} turned {degrees}°, the {side} edge ({ours}) does not continue the {theirs} of the tile at {neighbour}")]
    EdgeMismatch {
        pos: Pos,
        degrees: u16,
        side: &'static str,
        ours: &'static str,
        theirs: &'static str,
        neighbour: Pos,
    },
    #[error("{0} has no {1} left in supply")]
    NoFigureInSupply(Color, &'static str),
    #[error("the tile just placed has no feature number {0}")]
    NoSuchFeature(LocalFeature),
    #[error("a follower cannot be deployed on a {0}")]
    CannotDeployOn(FeatureKind),
    #[error("no knight of yours at {0} feature {1} can escape a besieged city")]
    NoEscape(Pos, LocalFeature),
    #[error("the abbot goes only on a cloister or a garden, not on a {0}")]
    AbbotOnlyOnCloisterOrGarden(FeatureKind),
    #[error("you have no abbot on the tile at {0}")]
    NoAbbotThere(Pos),
    #[error("the abbot's feature at {0} is surrounded: it is scored this turn as completed, so the abbot cannot be recalled")]
    AbbotFeatureComplete(Pos),
    #[error("no figure may be deployed on the volcano lake (seed 000's reading of The River II)")]
    NoFigureOnVolcanoLake,
    #[error("no follower may be deployed on a volcano tile: the dragon is there")]
    NoFollowerOnVolcano,
    #[error("nothing may be deployed on a volcano tile under these rules")]
    NoFigureOnVolcano,
    #[error("the dragon cannot move to {0}: it moves one step across an edge, onto a tile it has not visited in this move and not onto the fairy's tile")]
    DragonCannotMove(Pos),
    #[error("the fairy cannot move next to the figure at {0} feature {1}: it goes next to one of your followers, not the one it stands by")]
    NoFairyMove(Pos, LocalFeature),
    #[error("no knight at {0} feature {1} can be removed by the princess: only a knight in the city the princess tile extended")]
    NoKnightToRemove(Pos, LocalFeature),
    #[error("the princess must remove a knight from the city (these rules say must, not may)")]
    PrincessMustRemove,
    #[error(
        "a follower goes to another tile only through a magic gate placed this turn, and never onto the dragon's tile"
    )]
    NoMagicGate,
    #[error("the {0} is completed: a magic gate does not reach completed features")]
    FeatureCompleted(FeatureKind),
    #[error("a river tile must continue the river at its open end, at {0}")]
    RiverMustContinue(Pos),
    #[error("the river has no open end")]
    RiverClosed,
    #[error("the river may not turn the same way twice in a row (a U-turn)")]
    RiverUTurn,
    #[error("the river may not turn the same way a third time")]
    RiverThirdTurn,
    #[error("the river would run into a tile")]
    RiverBlocked,
    #[error("the two branches of the river may not be connected")]
    RiverBranchesJoin,
    #[error("a {0} goes only on a {1} that already holds one of your followers")]
    NeedsOwnFollower(&'static str, FeatureKind),
    #[error("farmers are not in play in this game")]
    FarmersNotInPlay,
    #[error("the {0} is already occupied (a follower stands on a connected segment)")]
    FeatureOccupied(FeatureKind),
}

impl RuleError {
    /// The action is not one the pending decision takes.
    pub(crate) fn wrong_decision(pending: Pending, action: Action) -> RuleError {
        match pending {
            Pending::GameOver => RuleError::GameOver,
            _ => RuleError::WrongDecision { expected: pending.description(), got: action.description() },
        }
    }
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("a game needs 2 to 6 players, not {0}")]
    PlayerCount(usize),
    #[error("the Winter Edition is for 2 to 5 players, not {0} (a sixth player needs the sixth colour of Inns & Cathedrals or the variant sixth-player-in-winter)")]
    WinterPlayerCount(usize),
    #[error("colour {0} is taken by two players")]
    DuplicateColor(Color),
    #[error("tile `{0}` of the deck order is not in the sets in play")]
    TileNotInPlay(String),
    #[error("the sets in play have no start tile")]
    NoStartTile,
}
