//! Why an action or a setup was refused. Every message says what was wrong and where; the game
//! is unchanged.

use crate::actions::{Action, Pending};
use crate::catalog::{FeatureKind, LocalFeature, Quarter};
use crate::geometry::{Corner, Pos};
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
    #[error("no figure may be deployed on the volcano lake (The River II as the base game's wiki pages read it)")]
    NoFigureOnVolcanoLake,
    #[error("no figure may be deployed until the whole river is laid (house rule no-figures-on-river)")]
    NoFigureWhileRiverIsLaid,
    #[error("{0} is past the edge of the table (house rule table-size)")]
    OffTheTable(Pos),
    #[error("no mountain may be raised at {0}: a mountain goes on an empty position next to the tiles, every tile it touches showing a field edge without a road there, and never from a river tile (variation Mountains)")]
    NoMountainThere(Pos),
    #[error("no follower of yours may move onto feature {1} of the tile at {0}: a thief goes to an unoccupied farm beside its road, a farmer to an incomplete city beside its farm, a knight to an unoccupied, incomplete road on a tile of its city (variation A new lease of life)")]
    CannotMoveThere(Pos, u8),
    #[error("no religious war at {0}: two of your knights may go to a cloister where an opponent's monk stands (variation A new lease of life)")]
    NoReligiousWar(Pos),
    #[error("a dash buys only another deployment of a follower or another move (variation The dash)")]
    DashOnlyFollowers,
    #[error("the tile at {0} cannot be removed: {1} (variation Rebuilding)")]
    CannotRemoveTile(Pos, &'static str),
    #[error("the removed tile cannot go at {0} turned so: it goes on another empty position next to the other tiles, continuing every edge it touches (variation Rebuilding)")]
    NoReplacementThere(Pos),
    #[error("after rebuilding, a figure may only be deployed on the tile moved, or another tile removed (variation Rebuilding)")]
    OnlyTheMovedTile,
    #[error("the figure on feature {1} of the tile at {0} cannot be taken prisoner: only another player's follower in a part of a city that the tile just placed joined to a part holding one of your followers (variation Prisoners)")]
    NoPrisonerThere(Pos, u8),
    #[error("you hold no prisoner {0} of that player (variation Prisoners)")]
    NotYourPrisoner(&'static str),
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
        "a follower goes to another tile only through a magic gate placed this turn, never onto the dragon's tile nor a tile of the city of Carcassonne"
    )]
    NoMagicGate,
    #[error("the {0} is completed: a magic gate does not reach completed features")]
    FeatureCompleted(FeatureKind),
    #[error("a river tile must continue the river at its open end, at {0}")]
    RiverMustContinue(Pos),
    #[error("a {building} may not go at {pos}: a shrine may border only one cloister, and a cloister only one shrine")]
    ShrineRivals { building: &'static str, pos: Pos },
    #[error("Baba Yaga's hut takes a follower only from the player who places its tile, in that turn")]
    HutOnlyWhenPlaced,
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
    #[error("you have no tower piece left")]
    NoTowerPiece,
    #[error("the tile at {0} has no tower foundation or unfinished tower")]
    NoTowerToBuild(Pos),
    #[error("the tile at {0} has no unfinished tower to finish (a tower is at least one piece high)")]
    NoTowerToFinish(Pos),
    #[error("a {0} cannot finish a tower: only a follower (small or big) goes on top")]
    CannotGuardTower(&'static str),
    #[error("no follower may stand on the dragon's tile at {0}")]
    DragonTile(Pos),
    #[error("the figure at {0} feature {1} cannot be taken prisoner: it is not within the tower's reach or these rules spare it")]
    CannotCapture(Pos, LocalFeature),
    #[error("the abbey goes only into a hole with a tile on each of its four sides, which {0} is not")]
    NotAHole(Pos),
    #[error("you have no abbey tile left")]
    NoAbbey,
    #[error("the mayor goes only into a city, not onto a {0}")]
    MayorOnlyInCity(FeatureKind),
    #[error("the wagon goes only onto a road, city or cloister, not onto a {0}")]
    WagonOnlyOnRoadCityCloister(FeatureKind),
    #[error("the barn is placed on a corner (`PlaceBarn`), not deployed on a feature")]
    BarnOnCorner,
    #[error("the barn cannot stand on corner {1} of the tile at {0}: four tiles must meet there, all four showing farm at that corner, on a farm without a barn")]
    NoBarnCorner(Pos, Corner),
    #[error("you have no little building left (Little Buildings)")]
    NoBuildingLeft,
    #[error("the tile just placed shows no festival symbol, so no figure may be taken back (The Festival)")]
    NoFestival,
    #[error("under this variant the festival takes back followers only, not a {0} (The Festival)")]
    FestivalFollowersOnly(&'static str),
    #[error("you have no {0} there to take back (The Festival)")]
    NoOwnFigureThere(&'static str),
    #[error("you have no {0} in that trap to free (The Vodyanoy, Solovei Razboynik)")]
    NoTrappedFigure(&'static str),
    #[error("the trap at {0} was placed this turn: its followers may be freed from the next turn on (The Vodyanoy, Solovei Razboynik)")]
    TrapJustPlaced(Pos),
    #[error("no figure is deployed on the Vodyanoy's tile: its lake would take it (The Vodyanoy)")]
    OnTheVodyanoy,
    #[error("the second gold ingot goes on one of the eight tiles around the gold tile at {0}, and {1} is not one of them (The Gold Mines)")]
    GoldNotBeside(Pos, Pos),
    #[error("there is no tile at {0} to put the gold ingot on (The Gold Mines)")]
    NoTileForGold(Pos),
    #[error("the shepherd goes on a field of the tile just placed (Hills & Sheep)")]
    ShepherdOnField,
    #[error("a shepherd already stands in that field: one shepherd a field (Hills & Sheep)")]
    FieldHasShepherd,
    #[error("there is no acrobat space on the tile at {0} (Under the Big Top)")]
    NoAcrobatSpace(Pos),
    #[error(
        "the acrobat space at {0} is not on the tile just placed or one of the eight around it (Under the Big Top)"
    )]
    AcrobatsNotNear(Pos),
    #[error("the pyramid at {0} is full: three acrobats (Under the Big Top)")]
    PyramidFull(Pos),
    #[error("the pyramid at {0} is not full: it has {1} acrobats of 3 (Under the Big Top)")]
    PyramidNotFull(Pos, usize),
    #[error("only a normal follower may be an acrobat, and you have none in supply (Under the Big Top)")]
    NoFollowerForAcrobats,
    #[error("a follower goes onto an acrobat space by the acrobat action, not as a deployment on a feature (Under the Big Top)")]
    AcrobatsByTheirAction,
    #[error("figure {0} is not one of your followers that may change places (La Porxada: a follower on a road, city, farm, cloister, garden or hut)")]
    NotYourFollowerToSwap(u8),
    #[error("no follower of another player may change places with that follower (La Porxada)")]
    NoFollowerToSwapWith,
    #[error("figure {0} is not another player's follower that may change places (La Porxada: a follower on a road, city, farm, cloister, garden or hut)")]
    NotAnotherPlayersFollower(u8),
    #[error("the two followers may not change places: each must be allowed on the other's feature (La Porxada)")]
    FollowersDoNotFit,
    #[error("figure {0} is not another of your followers on the board, to take out of the game instead of the swap (La Porxada)")]
    NotAFollowerToGiveUp(u8),
    #[error("there is no tile at {0} to aim the catapult at (The Catapult: a token is aimed at a tile on the board)")]
    NoTileToAimAt(Pos),
    #[error("figure {0} is not another player's follower nearest to the seduction token, or your follower may not stand in its place (The Catapult)")]
    NotTheNearestFollower(u8),
    #[error("no other player's figure waiting in that quarter of Carcassonne is nearest to the seduction token, or your follower may not wait there (The Catapult with The Count)")]
    NotTheNearestInQuarter,
    #[error("a follower added by the crop circle goes beside one of your followers on a {0}, and you have none on feature {2} of the tile at {1} (The Crop Circles)")]
    NotBesideYourFollower(crate::catalog::FeatureKind, Pos, LocalFeature),
    #[error("a {0} may not stand on a {1} (The Crop Circles: the added follower joins the feature of one of yours)")]
    CropFigureDoesNotFit(&'static str, crate::catalog::FeatureKind),
    #[error("you have no {0} on a {1} at feature {3} of the tile at {2} to take back (The Crop Circles)")]
    NoCropFollowerThere(&'static str, crate::catalog::FeatureKind, Pos, LocalFeature),
    #[error("under the Z-Man Games reading a player who can add a follower must (The Crop Circles)")]
    CropAdditionRequired,
    #[error("only the phantom may be deployed now, not a {0} (The Phantom: step 2B-2 deploys the phantom as a second follower)")]
    OnlyThePhantomNow(&'static str),
    #[error("the magic gate was used in the figure phase's first step; the phantom may not take it too (The Phantom)")]
    PhantomGateUsed,
    #[error("the phantom cannot go there: it goes on the tile just placed, on top of a tower, or through the magic gate (The Phantom)")]
    PhantomCannotGoThere,
    #[error("the mage and the witch go only onto an unfinished road or city, and feature {1} of the tile at {0} is not one (Mage & Witch)")]
    MagicNeedsOpenRoadOrCity(Pos, LocalFeature),
    #[error("the mage and the witch never share a road or city, and the {0} must leave the one it stands on: feature {2} of the tile at {1} is theirs (Mage & Witch)")]
    MagicFeatureTaken(&'static str, Pos, LocalFeature),
    #[error("the {0} is not on the board to be taken off (Mage & Witch)")]
    MagicNotOnBoard(&'static str),
    #[error("the mage or the witch is taken off the board only where neither can move onto an unfinished road or city; one of them can (Mage & Witch)")]
    MagicCanStillMove,
    #[error("the tile just placed has no flying machine (The Flier)")]
    NoFlyingMachine,
    #[error("only a follower flies from the flying machine, not the {0} (The Flier)")]
    CannotFly(&'static str),
    #[error("the flying machine was used this turn (The Flier)")]
    FlierUsed,
    #[error("the flown {0} cannot land on feature {2} of the tile at {1}: it lands on an unfinished road, city or monastery of that tile that it may stand on, never in a field (The Flier)")]
    CannotLandThere(&'static str, Pos, LocalFeature),
    #[error("the tile at {0} has no ferry lake (The Ferries)")]
    NoFerryLake(Pos),
    #[error("features {1} and {2} of the tile at {0} are not two of its lake's roads, the lower first (The Ferries)")]
    NotAFerryPair(Pos, LocalFeature, LocalFeature),
    #[error("the ferry goes on the lake of the tile just placed, at {0} (The Ferries)")]
    FerryOnAnotherLake(Pos),
    #[error("the ferry at {0} may not move now: only the first ferry along a road the tile just placed extended moves, once a turn, and not the tile's own (The Ferries)")]
    FerryNotMovable(Pos),
    #[error("the ferry at {0} joins roads {1} and {2} already: a move joins another pair (The Ferries)")]
    FerryAlreadyThere(Pos, LocalFeature, LocalFeature),
    #[error("no figure may be deployed on a tile with an active outbreak (The Plague)")]
    NoFigureOnPlagueSource,
    #[error("no figure may be deployed on the tile at {0}: a flea is on it (The Plague)")]
    NoFigureOnFlea(Pos),
    #[error("the plague must be spread now: put a flea next to an active plague region (The Plague)")]
    PlagueMustSpread,
    #[error("no flea is spread now: only once a turn, once an outbreak is active, and not in a turn whose tile was a plague source (The Plague)")]
    PlagueNoSpreadNow,
    #[error("no flea is left in the supply: take one from the board, a pink one if there is any (The Plague)")]
    PlagueNoFleaInSupply,
    #[error("fleas are left in the supply: the flea comes from there, not from the tile at {0} (The Plague)")]
    PlagueFleaFromBoard(Pos),
    #[error("the flea at {0} cannot be taken: with the supply empty, a pink flea is taken, or a red one where no flea is pink (The Plague)")]
    PlagueFleaNotTakeable(Pos),
    #[error("no flea can go on the tile at {0}: a flea goes on a tile next to (not diagonally) an active outbreak or a red flea joined to one, never on a plague source or a tile with a flea (The Plague)")]
    PlagueNoFleaSpot(Pos),
    #[error("a figure fled the plague this turn already: one flight a turn (The Plague)")]
    PlagueFledAlready,
    #[error("there is no figure of yours with that number (The Plague)")]
    PlagueNoSuchFigure,
    #[error("a figure on a {0} cannot flee the plague: only a figure on a road, city or field flees, along it (monks and the abbot stay) (The Plague)")]
    PlagueCannotFlee(FeatureKind),
    #[error("the figure cannot flee to feature {1} of the tile at {0}: it flees along its own road, city or field onto another tile, never onto or across a tile with a flea or an active outbreak (The Plague)")]
    PlagueNoRefuge(Pos, LocalFeature),
    #[error("message 8 scores one of your followers: name it (The Messages)")]
    MessageNeedsFollower,
    #[error("you have no follower on a {0}: this message has nothing to score, take its 2 points (The Messages)")]
    MessageNothingToScore(FeatureKind),
    #[error("figure {0} is not one of your followers on a road, city, monastery, garden or farm (The Messages)")]
    MessageNoSuchFollower(u8),
    #[error("only message 8 scores a follower you name (The Messages)")]
    MessageNotScoreFollower,
    #[error("a tunnel token was placed this turn already: one a turn (The Tunnel)")]
    TunnelTokenPlaced,
    #[error("you have no token of tunnel pair {0} left (The Tunnel)")]
    NoTunnelToken(u8),
    #[error("your untouched tunnel pairs are alike: begin pair {1} before pair {0} (The Tunnel)")]
    TunnelPairNotNext(u8, u8),
    #[error("feature {1} of the tile at {0} is no tunnel opening (The Tunnel)")]
    NotATunnelOpening(Pos, LocalFeature),
    #[error("the tunnel opening of feature {1} of the tile at {0} holds a token already (The Tunnel)")]
    TunnelOpeningTaken(Pos, LocalFeature),
    #[error("you have no little {0} left (Little Buildings)")]
    NoBuildingOfKind(&'static str),
    #[error("under this variant a little building is a tower, a house or a shed: say which (Little Buildings)")]
    BuildingKindNeeded,
    #[error("all little buildings are equivalent under the expansion's rules: place one without a kind, or play the variant that tells them apart (Little Buildings)")]
    BuildingsAreEquivalent,
    #[error("no farmer may be deployed on a farm with a barn")]
    FarmHasBarn,
    #[error("the wagon cannot move to {0} feature {1}: only to an incomplete, unoccupied road, city or cloister adjacent to the feature it left")]
    NoWagonMove(Pos, LocalFeature),
    #[error("no figure of yours of that kind is held by the other player")]
    NoSuchPrisoner,
    #[error("a ransom is paid once per turn")]
    RansomAlreadyPaid,
    #[error("a ransom costs 3 points and you have {0}")]
    RansomTooDear(u32),
    #[error("a {0} cannot go to the {1} quarter of Carcassonne (the mayor waits only in the castle, the wagon not in the market, the abbot never; the market only with farmers)")]
    NotForQuarter(&'static str, Quarter),
    #[error("the count is already in the {0} quarter")]
    CountAlreadyThere(Quarter),
    #[error("the count blocks the {0} quarter: no follower is redeployed from it")]
    QuarterBlocked(Quarter),
    #[error("{0} has no {1} in the {2} quarter that may go there")]
    NotInQuarter(Color, &'static str, Quarter),
    #[error("followers are deployed only onto tiles placed before the one just placed (Follower unpunctuality); a builder or pig still goes on it")]
    Unpunctual,
    #[error("a follower cannot go to the tile at {0}: only to a feature of a tile placed before this turn's, unoccupied and not completed before this turn, never the dragon's tile nor one of the city of Carcassonne's")]
    NotAnEarlierTile(Pos),
    #[error("you hold no tile to play, or it fits nowhere")]
    NoHeldTile,
    #[error("that tile is not yours to choose, or it fits nowhere: choose one of the tiles offered (your hand, your stack or the face-up row)")]
    NotYourTile,
    #[error("no bridge may be built on the tile at {0} along that line: a bridge goes on the tile just placed or one beside it, from a field edge to the opposite field edge, on a tile without one, each end facing an empty place or a road (Bridges, Castles & Bazaars)")]
    NoBridgeThere(Pos),
    #[error("you have no bridge left (Bridges, Castles & Bazaars)")]
    NoBridgeLeft,
    #[error("one bridge a turn: you built yours this turn (Bridges, Castles & Bazaars)")]
    BridgeBuiltThisTurn,
    #[error("the bazaar offers no tile {0}: choose one of the tiles still on offer")]
    NoBazaarTile(u8),
    #[error("a bid of {0} is more points than you have (Bridges, Castles & Bazaars: a player bids with the points they hold)")]
    BidOverScore(u16),
    #[error("a bid of {0} does not beat the highest bid, {1}")]
    BidTooLow(u16, u16),
    #[error("no tile can be drawn instead: take one of the face-up tiles")]
    NothingToDraw,
    #[error("seat {0} cannot receive a tile: give one to each other player who has none yet")]
    NotARecipient(u8),
    #[error("a follower from Carcassonne cannot go to {0} feature {1}: during the game only to the feature being scored; in the final scoring to an incomplete road, city or cloister or a farm, named by the segment the scores name it by")]
    NotARedeployTarget(Pos, LocalFeature),
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
    #[error(
        "the variations {0} and {1} cannot be played together: each gives the players their own way of choosing a tile"
    )]
    IncompatibleVariations(&'static str, &'static str),
    #[error(
        "the river order `{0}` cannot be laid with these river sets: `fork-first` and `fork-first-ends-last` need The River II (river-2), `two-springs` needs The River II and a second spring (river or gq11)"
    )]
    RiverOrderNeeds(&'static str),
    #[error("the message tiles can only be arranged in a game with The Messages (messages)")]
    MessagesNotInPlay,
    #[error("the message tiles are arranged before any is drawn, each of the eight once, not {0}")]
    MessageOrder(String),
    #[error("a catapult landing can only be arranged in a game with The Catapult (catapult)")]
    CatapultNotInPlay,
    #[error("a flicked token lands on its aim or one place around it, not {0} places east and {1} south of it")]
    LandingOffset(i16, i16),
    #[error("the flock bag can only be arranged in a game with Hills & Sheep (hills-sheep)")]
    FlockNotInPlay,
    #[error("the flock bag cannot give those tokens: {0}")]
    FlockOrder(String),
    #[error("the animal tokens can only be arranged in a game with Under the Big Top (big-top)")]
    BigTopNotInPlay,
    #[error("the animal tokens cannot come in that order: {0}")]
    AnimalOrder(String),
}
