//! How each event changes the scores ([`Event::score_changes`]).

use super::{Event, DASH_COST, REBUILDING_COST};
use crate::players::{PlayerId, PlayerSet};

impl Event {
    /// How this event changed the scores: each player who scored, with the points (negative
    /// where the score went down; 0 for a feature worth nothing, such as an incomplete road with
    /// an inn at the end). Most events change no score.
    ///
    /// This is the one place that knows it; the engine changes a score only together with one
    /// of these events, so the changes of all the events of a game add up to its scores.
    pub fn score_changes(&self) -> impl Iterator<Item = (PlayerId, i64)> {
        let one = |player: PlayerId| PlayerSet(1 << player);
        let none = (PlayerSet::default(), 0);
        // Each set of players gains its points: two entries for the ransom, which moves points
        // from one player to another.
        let changes: [(PlayerSet, i64); 2] = match *self {
            // Every player of the majority scores the points (none when nobody held the
            // feature).
            Event::Scored(score) => [(score.players, i64::from(score.points)), none],
            Event::TokenScored { player, points, .. }
            | Event::GoodsScored { player, points, .. }
            | Event::GoldScored { player, points, .. }
            | Event::WindRoseScored { player, points, .. }
            | Event::WatchtowerScored { player, points, .. }
            | Event::PorxadaCityScored { player, points, .. }
            | Event::FairyBonus { player, points }
            | Event::MessageScored { player, points, .. }
            | Event::CircusScored { player, points, .. }
            | Event::AcrobatsScored { player, points, .. }
            | Event::RingmasterBonus { player, points, .. }
            | Event::CastleScored { player, points, .. }
            | Event::CatapultScored { player, points, .. } => [(one(player), i64::from(points)), none],
            // A bazaar's price moves points from the buyer to the one paid (to nobody: lost).
            Event::BazaarTileBought { player, price, paid_to, .. } => [
                (one(player), -i64::from(price)),
                paid_to.map_or(none, |to| (one(to), i64::from(price))),
            ],
            Event::RansomPaid { player, captor, points, .. } => {
                [(one(player), -i64::from(points)), (one(captor), i64::from(points))]
            }
            // A short ransom: the payer loses what they had, the captor gains the full ransom.
            Event::ShortRansomPaid { player, captor, paid, received, .. } => {
                [(one(player), -i64::from(paid)), (one(captor), i64::from(received))]
            }
            Event::TileRemoved { player, .. } => [(one(player), -i64::from(REBUILDING_COST)), none],
            Event::PointSacrificed { player } => [(one(player), -i64::from(DASH_COST)), none],
            Event::VodyanoyPenalty { player, points, .. } => [(one(player), -i64::from(points)), none],
            Event::ChurchBonus { players, points, .. } => [(players, i64::from(points)), none],
            Event::FlockHerded { players, sheep, .. } => [(players, i64::from(sheep)), none],
            Event::CatapultRound { .. }
            | Event::Flicked { .. }
            | Event::KnockedOutOfQuarter { .. }
            | Event::Seduced { .. }
            | Event::SeducedInQuarter { .. }
            | Event::CatchThrown { .. }
            | Event::TileDrawn { .. }
            | Event::TileDiscarded { .. }
            | Event::TileBackToPile { .. }
            | Event::TilePlaced { .. }
            | Event::MountainRaised { .. }
            | Event::FigureDeployed { .. }
            | Event::Passed { .. }
            | Event::FigureReturned { .. }
            | Event::TokenTaken { .. }
            | Event::Escaped { .. }
            | Event::RaceLost { .. }
            | Event::GoodsCollected { .. }
            | Event::DoubleTurn { .. }
            | Event::ExtraTurn { .. }
            | Event::HoleFilled { .. }
            | Event::TileSetAside { .. }
            | Event::TilesMixedIn { .. }
            | Event::DragonPlaced { .. }
            | Event::DragonMoved { .. }
            | Event::FigureEaten { .. }
            | Event::FairyMoved { .. }
            | Event::KnightRemoved { .. }
            | Event::TowerBuilt { .. }
            | Event::Captured { .. }
            | Event::FollowerMoved { .. }
            | Event::TileReplaced { .. }
            | Event::PrisonerTaken { .. }
            | Event::PrisonerReleased { .. }
            | Event::PrisonersExchanged { .. }
            | Event::BarnPlaced { .. }
            | Event::BuildingPlaced { .. }
            | Event::FestivalReturned { .. }
            | Event::GoldPlaced { .. }
            | Event::GoldTaken { .. }
            | Event::MagicMoved { .. }
            | Event::MagicRemoved { .. }
            | Event::Flew { .. }
            | Event::TunnelPlaced { .. }
            | Event::FerryPlaced { .. }
            | Event::FerryMoved { .. }
            | Event::OutbreakStarted { .. }
            | Event::OutbreakEradicated { .. }
            | Event::FleaPlaced { .. }
            | Event::PlagueStruck { .. }
            | Event::Fled { .. }
            // The barn's points are in the `Scored` event that follows.
            | Event::BarnScoring { .. }
            | Event::WagonMoved { .. }
            | Event::FigureToQuarter { .. }
            | Event::CountMoved { .. }
            | Event::FigureRedeployed { .. }
            | Event::HeldTilePlayed { .. }
            | Event::TileToHand { .. }
            | Event::TileFaceUp { .. }
            | Event::TileChosen { .. }
            | Event::TileGiven { .. }
            // The cloister's points are in the `Scored` event that follows.
            | Event::CloisterToNeighbour { .. }
            | Event::Trapped { .. }
            | Event::Freed { .. }
            | Event::PorxadaBonusChosen { .. }
            | Event::FollowersSwapped { .. }
            | Event::SwapRefused { .. }
            | Event::PorxadaTokens { .. }
            | Event::CropCircleChosen { .. }
            | Event::CropFollowerAdded { .. }
            | Event::CropFollowerRemoved { .. }
            | Event::ScoringFigureMoved { .. }
            | Event::MessageDrawn { .. }
            | Event::MessengerJoined { .. }
            | Event::TileUnderHill { .. }
            | Event::SheepDrawn { .. }
            | Event::WolfDrawn { .. }
            | Event::BigTopMoved { .. }
            | Event::CircusRevealed { .. }
            | Event::BridgeBuilt { .. }
            | Event::CastleBuilt { .. }
            | Event::CastleUnscored { .. }
            | Event::BazaarTileOffered { .. }
            | Event::BazaarTileChosen { .. }
            | Event::BazaarBid { .. }
            | Event::BoughtTileTaken { .. }
            | Event::GameEnded => [none, none],
        };
        changes.into_iter().flat_map(|(players, points)| players.iter().map(move |player| (player, points)))
    }
}
