//! What happens in a game, as the events `apply` returns: UIs, logs, records and tests read
//! them. A score carries its breakdown so that every point can be explained.

mod breakdown;
mod changes;

pub use breakdown::{Breakdown, VINEYARD_POINTS};

use serde::{Deserialize, Serialize};

use crate::actions::CatapultToken;
use crate::catalog::{FeatureKind, LocalFeature, Quarter, Symbol, TileId, TradeGood};
use crate::geometry::{Axis, Corner, Pos, Rotation};
use crate::players::{BuildingKind, Figure, MagicFigure, PlayerId, PlayerSet};

/// When points were scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// During the game, when a feature was completed.
    Turn,
    /// In the final scoring.
    Final,
}

/// A feature scored: who scored how much, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Score {
    /// The kind of the feature scored (`Field` for farms).
    pub kind: FeatureKind,
    pub phase: Phase,
    /// Whether the feature was completed (always true in the `Turn` phase).
    pub completed: bool,
    /// One segment of the feature, to name it: a position and a feature of the tile there.
    pub pos: Pos,
    pub feature: LocalFeature,
    /// The players who scored (the majority; all of them on a tie). Empty when a completed
    /// feature held no follower.
    pub players: PlayerSet,
    /// Points each of `players` scored.
    pub points: u32,
    pub breakdown: Breakdown,
}

/// The king and the robber baron of King & Scout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Token {
    /// Held by the player who completed the largest city; 1 point per completed city at the end.
    King,
    /// Held by the player who completed the longest road; 1 point per completed road at the end.
    RobberBaron,
}

impl Token {
    pub const fn name(self) -> &'static str {
        match self {
            Token::King => "king",
            Token::RobberBaron => "robber-baron",
        }
    }
}

/// Points the fairy gives at the start of a turn of the owner of the follower it stands next to
/// (seed 001, THE PRINCESS AND THE DRAGON, "The fairy": "the player immediately scores a
/// point").
pub const FAIRY_TURN_POINTS: u32 = 1;

/// Points the fairy gives when the follower it stands next to is scored (seed 001, THE PRINCESS
/// AND THE DRAGON, "The fairy": "the owner of that follower receives 3 points"): the
/// `FairyBonus` comes right after the `Scored` event of that follower's feature.
pub const FAIRY_SCORE_POINTS: u32 = 3;

/// Points a tile removed under the variation "Rebuilding" costs its player (seed 001, SELECTED
/// VARIATIONS, "Rebuilding": "For every point deducted, the player may remove an unoccupied
/// tile").
pub const REBUILDING_COST: u32 = 1;

/// Points a further deployment or move costs under "The dash" (seed 001, SELECTED VARIATIONS,
/// "The dash": the player "may sacrifice a point on the scoreboard").
pub const DASH_COST: u32 = 1;

/// Points a quarter wind rose placed in its section scores (the Wikicarpedia page "Wind Roses
/// (1st edition)", "The 4 Quarter wind roses": "he or she immediately receives 3 points").
pub const WIND_ROSE_POINTS: u32 = 3;

/// Something that happened, in order.
///
/// Every change of a player's score is an event, and [`Event::score_changes`] says what each
/// event did to the scores: added up over a game's events they give `Game::scores`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// A tile was drawn for `player`.
    TileDrawn {
        player: PlayerId,
        tile: TileId,
    },
    /// A drawn tile fitted nowhere and was removed from the game; the same player draws again.
    TileDiscarded {
        player: PlayerId,
        tile: TileId,
    },
    /// House rule "unplayable tiles back": a drawn tile fitted nowhere and went back among the
    /// face-down tiles; the same player draws again.
    TileBackToPile {
        player: PlayerId,
        tile: TileId,
    },
    TilePlaced {
        player: PlayerId,
        tile: TileId,
        pos: Pos,
        rotation: Rotation,
    },
    /// The variation "Mountains": `player` placed the drawn `tile` upside down at `pos`, as a
    /// mountain.
    MountainRaised {
        player: PlayerId,
        tile: TileId,
        pos: Pos,
    },
    FigureDeployed {
        player: PlayerId,
        figure: Figure,
        pos: Pos,
        feature: LocalFeature,
    },
    /// The player deployed nothing.
    Passed {
        player: PlayerId,
    },
    Scored(Score),
    FigureReturned {
        player: PlayerId,
        figure: Figure,
        pos: Pos,
        feature: LocalFeature,
    },
    /// `player` completed a city (king) or road (robber baron) of `tiles` tiles, larger than any
    /// before, and takes the token.
    TokenTaken {
        player: PlayerId,
        token: Token,
        tiles: u16,
    },
    /// At the end, the token's holder scores 1 point for each of `count` completed cities or roads.
    TokenScored {
        player: PlayerId,
        token: Token,
        count: u16,
        points: u32,
    },
    /// Heretics and Shrines: the shrine or cloister at `winner` was completed first, so its
    /// incomplete rival next to it, feature `feature` of the tile at `pos`, lost the race: its
    /// followers go home unscored (the `FigureReturned` events that follow).
    RaceLost {
        pos: Pos,
        feature: LocalFeature,
        winner: Pos,
    },
    /// The Cathars: a knight escaped a besieged city and is back in its owner's supply.
    Escaped {
        player: PlayerId,
        figure: Figure,
        pos: Pos,
        feature: LocalFeature,
    },
    /// Traders & Builders: `player` completed a city and takes its trade goods (wine, grain,
    /// cloth counters).
    GoodsCollected {
        player: PlayerId,
        goods: [u8; 3],
    },
    /// Traders & Builders, final scoring: `player` has the most counters of `good` (`count`).
    GoodsScored {
        player: PlayerId,
        good: TradeGood,
        count: u8,
        points: u32,
    },
    /// Traders & Builders: the builder lets `player` draw and place a second tile this turn.
    DoubleTurn {
        player: PlayerId,
    },
    /// The volcano lake (seed 000's reading of The River II, or with the dragon) gives `player`
    /// another turn.
    ExtraTurn {
        player: PlayerId,
    },
    /// House rule "hole-filling-extra-turn": a tile `player` placed touched tiles on all four
    /// sides, and the turn earned begins.
    HoleFilled {
        player: PlayerId,
    },
    /// The Princess & the Dragon: a dragon tile drawn before the dragon is in play is set aside.
    TileSetAside {
        player: PlayerId,
        tile: TileId,
    },
    /// The tiles set aside are mixed into the face-down tiles (the dragon came into play).
    TilesMixedIn {
        count: u16,
    },
    /// The dragon comes to a volcano at `pos`.
    DragonPlaced {
        pos: Pos,
    },
    /// `player` moved the dragon one step, onto the tile at `pos`.
    DragonMoved {
        player: PlayerId,
        pos: Pos,
    },
    /// The dragon ate a figure: it goes back to `player`, its owner.
    FigureEaten {
        player: PlayerId,
        figure: Figure,
        pos: Pos,
        feature: LocalFeature,
    },
    /// `player` moved the fairy next to their follower on feature `feature` of the tile at `pos`.
    FairyMoved {
        player: PlayerId,
        pos: Pos,
        feature: LocalFeature,
    },
    /// The fairy earns `player` points: [`FAIRY_TURN_POINTS`] at the start of the turn,
    /// [`FAIRY_SCORE_POINTS`] when the follower it stands next to is scored.
    FairyBonus {
        player: PlayerId,
        points: u32,
    },
    /// `player`'s princess sent the knight of `owner` on feature `feature` of the tile at `pos`
    /// home.
    KnightRemoved {
        player: PlayerId,
        owner: PlayerId,
        figure: Figure,
        pos: Pos,
        feature: LocalFeature,
    },
    /// The Tower: `player` put a tower piece on the tower at `pos`, now `height` pieces high.
    TowerBuilt {
        player: PlayerId,
        pos: Pos,
        height: u8,
    },
    /// The Tower: `player` took `owner`'s figure on feature `feature` of the tile at `pos`
    /// prisoner (one's own figure goes back to one's supply instead).
    Captured {
        player: PlayerId,
        owner: PlayerId,
        figure: Figure,
        pos: Pos,
        feature: LocalFeature,
    },
    /// "A new lease of life": `player`'s `figure` moved from feature `from_feature` of the tile
    /// at `from` onto feature `feature` of the tile at `pos`.
    FollowerMoved {
        player: PlayerId,
        figure: Figure,
        from: Pos,
        from_feature: LocalFeature,
        pos: Pos,
        feature: LocalFeature,
    },
    /// The variation "Rebuilding": `player` gave up a point and removed `tile`, turned by
    /// `rotation`, from `pos`.
    TileRemoved {
        player: PlayerId,
        tile: TileId,
        pos: Pos,
        rotation: Rotation,
    },
    /// The variation "Rebuilding": `player` placed the removed `tile` from `from` at `pos`,
    /// turned by `rotation`.
    TileReplaced {
        player: PlayerId,
        tile: TileId,
        from: Pos,
        pos: Pos,
        rotation: Rotation,
    },
    /// "The dash": `player` gave up a point for another deployment or move.
    PointSacrificed {
        player: PlayerId,
    },
    /// The variation "Prisoners": `player` took `owner`'s `figure` on feature `feature` of the
    /// tile at `pos` prisoner; `player`'s `guard`, from feature `guard_feature` of the tile at
    /// `guard_pos`, guards it.
    PrisonerTaken {
        player: PlayerId,
        owner: PlayerId,
        figure: Figure,
        pos: Pos,
        feature: LocalFeature,
        guard: Figure,
        guard_pos: Pos,
        guard_feature: LocalFeature,
    },
    /// The variation "Prisoners": `player` released `owner`'s `figure`; both it and `player`'s
    /// `guard` went back to their owners' supplies.
    PrisonerReleased {
        player: PlayerId,
        guard: Figure,
        owner: PlayerId,
        figure: Figure,
    },
    /// The Tower: `player` and `other` held each other's figures and exchanged them: `player`'s
    /// `figure` and `other`'s `other_figure` went back to their owners.
    PrisonersExchanged {
        player: PlayerId,
        figure: Figure,
        other: PlayerId,
        other_figure: Figure,
    },
    /// The Tower: `player` paid `points` to `captor` and has their `figure` back.
    RansomPaid {
        player: PlayerId,
        captor: PlayerId,
        figure: Figure,
        points: u32,
    },
    /// The Tower under `short-ransom`: `player`, with fewer points than the ransom, paid all
    /// they had (`paid`, their score now 0), `captor` gained `received` (the full ransom), and
    /// `player` has their `figure` back. The two amounts differ: `player` loses `paid`, `captor`
    /// gains `received`.
    ShortRansomPaid {
        player: PlayerId,
        captor: PlayerId,
        figure: Figure,
        paid: u32,
        received: u32,
    },
    /// Abbey & Mayor: `player` placed their barn on corner `corner` of the tile at `pos`.
    BarnPlaced {
        player: PlayerId,
        pos: Pos,
        corner: Corner,
    },
    /// Little Buildings: `player` put a little building (of kind `kind` under the variant that
    /// tells the kinds apart) on the tile at `pos`, the tile just placed.
    BuildingPlaced {
        player: PlayerId,
        pos: Pos,
        kind: Option<BuildingKind>,
    },
    /// The Festival: `player` took their `figure` standing at `spot` back to their supply.
    FestivalReturned {
        player: PlayerId,
        figure: Figure,
        spot: crate::actions::FigureSpot,
    },
    /// The Gold Mines: `player` placed the gold tile at `pos`, which received one ingot, and put
    /// the second on the tile at `beside`.
    GoldPlaced {
        player: PlayerId,
        pos: Pos,
        beside: Pos,
    },
    /// The Gold Mines: `player`, who controls a feature completed this turn with a part on or
    /// (a cloister) around the tile at `pos`, took one gold ingot from it.
    GoldTaken {
        player: PlayerId,
        pos: Pos,
    },
    /// The Gold Mines, final scoring: `player`'s `count` ingots are worth `points` (each worth
    /// 1 point for 1 to 3 ingots, 2 for 4 to 6, 3 for 7 to 9, 4 for 10 or more).
    GoldScored {
        player: PlayerId,
        count: u8,
        points: u32,
    },
    /// Mage & Witch: `player` put `figure` on feature `feature` of the tile at `pos`, from
    /// `from` (where it stood before; `None` from beside the board).
    MagicMoved {
        player: PlayerId,
        figure: MagicFigure,
        from: Option<(Pos, LocalFeature)>,
        pos: Pos,
        feature: LocalFeature,
    },
    /// Mage & Witch: `figure` left the board from feature `feature` of the tile at `pos`:
    /// the road or city it stood on was scored (`scored`), or it had nowhere to go.
    MagicRemoved {
        figure: MagicFigure,
        pos: Pos,
        feature: LocalFeature,
        scored: bool,
    },
    /// The Flier: `player` put `figure` on the flying machine of the tile at `from` and rolled
    /// `distance` (1 to 3): it flies to the tile at `to` (`landed` false: no tile is there, or
    /// nothing there takes it, and it goes back to the supply; otherwise a `FigureDeployed`
    /// follows, once the player chose where it lands).
    Flew {
        player: PlayerId,
        figure: Figure,
        from: Pos,
        distance: u8,
        to: Pos,
        landed: bool,
    },
    /// The Tunnel: `player` put a token of pair `pair` on the tunnel opening of road segment
    /// `feature` of the tile at `pos`; `joined`: the tile of the pair's other token, whose road
    /// this one's now continues underground.
    TunnelPlaced {
        player: PlayerId,
        pair: u8,
        pos: Pos,
        feature: LocalFeature,
        joined: Option<Pos>,
    },
    /// The Ferries: `player` put a ferry on the lake of the tile at `pos`, joining its road
    /// segments `ends` (the lower first).
    FerryPlaced {
        player: PlayerId,
        pos: Pos,
        ends: [LocalFeature; 2],
    },
    /// The Ferries: `player` moved the ferry of the lake at `pos` from joining road segments
    /// `from` to joining `to`.
    FerryMoved {
        player: PlayerId,
        pos: Pos,
        from: [LocalFeature; 2],
        to: [LocalFeature; 2],
    },
    /// The Plague: `player` placed a plague source at `pos`, and outbreak token `number` went
    /// on it.
    OutbreakStarted {
        player: PlayerId,
        pos: Pos,
        number: u8,
    },
    /// The Plague: at the start of a turn with no flea in the supply, outbreak `number` at `pos`
    /// died out (red fleas no longer joined to an active outbreak turned pink).
    OutbreakEradicated {
        pos: Pos,
        number: u8,
    },
    /// The Plague: `player` spread the plague, putting a flea on the tile at `pos` (from the
    /// supply, or taken from the tile at `from`).
    FleaPlaced {
        player: PlayerId,
        from: Option<Pos>,
        pos: Pos,
    },
    /// The Plague: the flea put on the tile at `pos` sent `player`'s `figure`, on feature
    /// `feature` there, home without a score.
    PlagueStruck {
        player: PlayerId,
        figure: Figure,
        pos: Pos,
        feature: LocalFeature,
    },
    /// The Plague: `player`'s `figure` fled from feature `from_feature` of the tile at `from`
    /// along its feature to feature `feature` of the tile at `pos`.
    Fled {
        player: PlayerId,
        figure: Figure,
        from: Pos,
        from_feature: LocalFeature,
        pos: Pos,
        feature: LocalFeature,
    },
    /// The Wind Roses: `player` placed a quarter wind rose at `pos` in the section it names and
    /// scores `points` ([`WIND_ROSE_POINTS`]).
    WindRoseScored {
        player: PlayerId,
        pos: Pos,
        points: u32,
    },
    /// The Watchtowers: `player`'s follower on the tile at `pos`, on the road or city about to
    /// be scored (the `Scored` event that follows), first scores that tile's watchtower, which
    /// watches over `watches`: `count` of them on its tile and the eight around it, `points`
    /// in all.
    WatchtowerScored {
        player: PlayerId,
        pos: Pos,
        watches: Symbol,
        count: u16,
        points: u32,
    },
    /// Abbey & Mayor: the `Scored` event that follows is the barn's final score (its farm's
    /// completed cities at 4 points each), not a farmers' score.
    BarnScoring {
        player: PlayerId,
        pos: Pos,
        corner: Corner,
    },
    /// Abbey & Mayor: `player` moved their wagon onto feature `feature` of the tile at `pos`.
    WagonMoved {
        player: PlayerId,
        pos: Pos,
        feature: LocalFeature,
    },
    /// The Count of Carcassonne: `player` deployed `figure` from supply to `quarter`.
    FigureToQuarter {
        player: PlayerId,
        figure: Figure,
        quarter: Quarter,
    },
    /// The Count of Carcassonne: the count moved to `quarter` (`player` moved it, or it moved by
    /// the variant's rule after `player`'s deployment).
    CountMoved {
        player: PlayerId,
        quarter: Quarter,
    },
    /// The Count of Carcassonne: `player` moved `figure` from `quarter` onto feature `feature`
    /// of the tile at `pos`.
    FigureRedeployed {
        player: PlayerId,
        figure: Figure,
        quarter: Quarter,
        pos: Pos,
        feature: LocalFeature,
    },
    /// The variation "Cloisters for everyone!": `player` places the tile they held, `tile`,
    /// instead of drawing (its placement follows).
    HeldTilePlayed {
        player: PlayerId,
        tile: TileId,
    },
    /// The variations with tiles in hand: `player` drew a tile into their hand or stack (which
    /// one, only they know).
    TileToHand {
        player: PlayerId,
    },
    /// Collective planning: `tile` was laid face up in the row.
    TileFaceUp {
        tile: TileId,
    },
    /// `player` took `tile` from their hand or stack, or from the face-up row (`face_up`), to
    /// place it.
    TileChosen {
        player: PlayerId,
        tile: TileId,
        face_up: bool,
    },
    /// "Only one can choose": `from` gave `to` a tile; which one is told (`tile`) when the tiles
    /// are handed out face up.
    TileGiven {
        from: PlayerId,
        to: PlayerId,
        tile: Option<TileId>,
    },
    /// "The battle for completed cloisters": the final points of `owners`' incomplete cloister
    /// go to the players on their left (the `Scored` event that follows names them).
    CloisterToNeighbour {
        owners: PlayerSet,
    },
    /// The Vodyanoy or Solovei Razboynik: `player`'s `figure` on feature `from_feature` of the
    /// tile at `from` was trapped and moved onto the trap, feature `feature` of the tile at
    /// `pos`.
    Trapped {
        player: PlayerId,
        figure: Figure,
        from: Pos,
        from_feature: LocalFeature,
        pos: Pos,
        feature: LocalFeature,
    },
    /// The Vodyanoy or Solovei Razboynik: instead of deploying, `player` freed their `figure`
    /// from the trap, feature `feature` of the tile at `pos`; it is back in their supply.
    Freed {
        player: PlayerId,
        figure: Figure,
        pos: Pos,
        feature: LocalFeature,
    },
    /// The Vodyanoy, in the final scoring: `player` had `followers` in its lake and lost
    /// `points` (2 each, down to a score of 0).
    VodyanoyPenalty {
        player: PlayerId,
        followers: u8,
        points: u32,
    },
    /// The Darmstadt Churches: the church at `pos` was completed and scored as a cloister (the
    /// `Scored` event before this one); `players`, who have the most followers (`followers`
    /// each) on its tile and the eight around it, score `points` each.
    ChurchBonus {
        pos: Pos,
        players: PlayerSet,
        followers: u8,
        points: u32,
    },
    /// La Porxada: `player`, who placed its tile, chose the bonus at the end of the game.
    PorxadaBonusChosen {
        player: PlayerId,
    },
    /// La Porxada's swap: `player`'s `figure`, which stood on feature `feature` of the tile at
    /// `pos`, and `other`'s `other_figure`, on feature `other_feature` of the tile at
    /// `other_pos`, changed places.
    FollowersSwapped {
        player: PlayerId,
        figure: Figure,
        pos: Pos,
        feature: LocalFeature,
        other: PlayerId,
        other_figure: Figure,
        other_pos: Pos,
        other_feature: LocalFeature,
    },
    /// La Porxada's swap refused: `player`, whose follower `by` named, took their `figure` on
    /// feature `feature` of the tile at `pos` out of the game instead.
    SwapRefused {
        player: PlayerId,
        by: PlayerId,
        figure: Figure,
        pos: Pos,
        feature: LocalFeature,
    },
    /// La Porxada's bonus: its city, at `pos`, was completed with followers of `players`, who
    /// each take a token: in the final scoring they score their incomplete cities as if
    /// completed.
    PorxadaTokens {
        pos: Pos,
        players: PlayerSet,
    },
    /// La Porxada's bonus in the final scoring: `player`, who holds a token, scores the
    /// incomplete city reported at feature `feature` of the tile at `pos` as if completed:
    /// `points` more than its final score (the `Scored` event before this one).
    PorxadaCityScored {
        player: PlayerId,
        pos: Pos,
        feature: LocalFeature,
        points: u32,
    },
    /// The Crop Circles: `player` placed a tile whose crop circle concerns the followers on
    /// features of `kind`, and chose that every player adds one (`add`) or takes one back.
    CropCircleChosen {
        player: PlayerId,
        kind: crate::catalog::FeatureKind,
        add: bool,
    },
    /// The Crop Circles: `player` added their `figure` from supply on feature `feature` of the
    /// tile at `pos`, beside one of their followers.
    CropFollowerAdded {
        player: PlayerId,
        figure: Figure,
        pos: Pos,
        feature: LocalFeature,
    },
    /// The Crop Circles: `player` took their `figure` on feature `feature` of the tile at `pos`
    /// back to supply.
    CropFollowerRemoved {
        player: PlayerId,
        figure: Figure,
        pos: Pos,
        feature: LocalFeature,
    },
    /// The Messages: `player` moved their messenger (`messenger`) or their scoring follower
    /// by `points`, to `to` points in all on that figure.
    ScoringFigureMoved {
        player: PlayerId,
        messenger: bool,
        points: u32,
        to: u32,
    },
    /// The Messages: `player`'s figure stopped on a dark space and they drew `message`.
    MessageDrawn {
        player: PlayerId,
        message: crate::players::MessageTile,
    },
    /// The Messages: `player` did what `message` says (`performed`) or took its 2 points,
    /// scoring `points`.
    MessageScored {
        player: PlayerId,
        message: crate::players::MessageTile,
        performed: bool,
        points: u32,
    },
    /// The Messages: before the final scoring, `player`'s messenger's `points` joined their
    /// scoring follower (the score does not change).
    MessengerJoined {
        player: PlayerId,
        points: u32,
    },
    /// Hills & Sheep: the hill tile `player` placed at `pos` took the next tile of the pile face
    /// down beneath it.
    TileUnderHill {
        player: PlayerId,
        pos: Pos,
    },
    /// Hills & Sheep: `player`'s shepherd, on field `feature` of the tile at `pos`, drew a token
    /// of `sheep` sheep for its flock.
    SheepDrawn {
        player: PlayerId,
        pos: Pos,
        feature: LocalFeature,
        sheep: u8,
    },
    /// Hills & Sheep: `player`'s shepherd drew the wolf: the flock of its field is lost, and the
    /// shepherds there (of `shepherds`) go home (the `FigureReturned` events that follow).
    WolfDrawn {
        player: PlayerId,
        pos: Pos,
        feature: LocalFeature,
        shepherds: PlayerSet,
    },
    /// Hills & Sheep: the flock of the field with a shepherd on feature `feature` of the tile at
    /// `pos` was driven to the stable, by the choice of the player whose turn it is or, the
    /// field being `closed`, at once: each of `players` (the shepherds' owners) scores `sheep`
    /// points, and the shepherds go home (the `FigureReturned` events that follow).
    FlockHerded {
        players: PlayerSet,
        pos: Pos,
        feature: LocalFeature,
        sheep: u32,
        closed: bool,
    },
    /// Under the Big Top: the big top went up on the circus tile `player` placed at `to`, over a
    /// new face-down animal token; it left the tile at `from` (none for the first circus tile).
    BigTopMoved {
        player: PlayerId,
        from: Option<Pos>,
        to: Pos,
    },
    /// Under the Big Top: the animal token under the big top at `pos` was turned up: it is worth
    /// `animal` points a follower (the circus is scored: the `CircusScored` events that follow).
    CircusRevealed {
        pos: Pos,
        animal: u8,
    },
    /// Under the Big Top: `player` had `followers` followers on the big top's tile at `pos` and
    /// the eight around it, and scored `animal` points for each.
    CircusScored {
        player: PlayerId,
        pos: Pos,
        followers: u8,
        animal: u8,
        points: u32,
    },
    /// Under the Big Top: the pyramid on the acrobat space at `pos` was scored, by `scorer`'s
    /// action or (`scorer` none) at the end: `player` had `acrobats` acrobats there and scored
    /// 5 points each.
    AcrobatsScored {
        scorer: Option<PlayerId>,
        player: PlayerId,
        pos: Pos,
        acrobats: u8,
        points: u32,
    },
    /// Under the Big Top: `player`'s ringmaster, on feature `feature` of the tile at `pos`, was
    /// scored with his feature: 2 points for each of the `tiles` circus and acrobat tiles on his
    /// tile and the eight around it.
    RingmasterBonus {
        player: PlayerId,
        pos: Pos,
        feature: LocalFeature,
        tiles: u8,
        points: u32,
    },
    /// Bridges, Castles & Bazaars: `player` built a bridge on the tile at `pos`, along `axis`.
    BridgeBuilt {
        player: PlayerId,
        pos: Pos,
        axis: Axis,
    },
    /// Bridges, Castles & Bazaars: `player` turned the town of the tiles at `pos` and `other`,
    /// just completed, into a castle instead of scoring it; their followers there stay in it.
    CastleBuilt {
        player: PlayerId,
        pos: Pos,
        other: Pos,
    },
    /// Bridges, Castles & Bazaars: the castle at `pos` (one of its two tiles) took the points of
    /// the feature completed beside it, reported at the tile at `from` (another castle's tile
    /// for a castle scored just before): `player`, its owner, scores `points`, and their
    /// followers in it go home (the `FigureReturned` events that follow).
    CastleScored {
        player: PlayerId,
        pos: Pos,
        from: Pos,
        points: u32,
    },
    /// Bridges, Castles & Bazaars: the game ended before a feature beside `player`'s castle at
    /// `pos` was completed: it scores nothing, and the followers in it go home.
    CastleUnscored {
        player: PlayerId,
        pos: Pos,
    },
    /// Bridges, Castles & Bazaars: the bazaar opened by `player`'s tile offers `tile` as its
    /// tile `index` (one event a tile, in order).
    BazaarTileOffered {
        player: PlayerId,
        index: u8,
        tile: TileId,
    },
    /// Bridges, Castles & Bazaars: `player` chose the bazaar's tile `index`, `tile`, and opened
    /// its auction with a bid of `bid` points.
    BazaarTileChosen {
        player: PlayerId,
        index: u8,
        tile: TileId,
        bid: u16,
    },
    /// Bridges, Castles & Bazaars: `player` bid `bid` points (`None`: passed) for the tile at
    /// auction.
    BazaarBid {
        player: PlayerId,
        bid: Option<u16>,
    },
    /// Bridges, Castles & Bazaars: `player` got `tile` at the bazaar for `price` points, paid to
    /// `paid_to` (the highest bidder when the player who chose it buys, the player who chose it
    /// when the highest bidder buys; nobody when nobody outbid the opening bid, or for the last
    /// tile, which costs nothing).
    BazaarTileBought {
        player: PlayerId,
        tile: TileId,
        price: u32,
        paid_to: Option<PlayerId>,
    },
    /// Bridges, Castles & Bazaars: `player` takes `tile`, bought at the bazaar, to place it
    /// instead of drawing one.
    BoughtTileTaken {
        player: PlayerId,
        tile: TileId,
    },
    /// The Catapult: `player`, who placed a fair tile, holds a catapult round with tokens of
    /// kind `token`.
    CatapultRound {
        player: PlayerId,
        token: CatapultToken,
    },
    /// The Catapult: `player` flicked their `token` at the tile at `aim`; it came down at
    /// `landed`, on a tile (`on_tile`) or off the map. A knock-out's followers hit go home (the
    /// `FigureReturned` events that follow).
    Flicked {
        player: PlayerId,
        token: CatapultToken,
        aim: Pos,
        landed: Pos,
        on_tile: bool,
    },
    /// The Catapult, knock-out: `owner`'s `figure` waiting in `quarter` of the city of
    /// Carcassonne was hit (the token came down on one of the city's tiles) and went back to its
    /// owner's supply (the FAQ of 10/2012: followers in the city can be hit; the count stays).
    KnockedOutOfQuarter {
        owner: PlayerId,
        figure: Figure,
        quarter: Quarter,
    },
    /// The Catapult, seduction: `player` put their `figure` in the place of `owner`'s
    /// `replaced` on feature `feature` of the tile at `pos`, which went back to its owner.
    Seduced {
        player: PlayerId,
        figure: Figure,
        owner: PlayerId,
        replaced: Figure,
        pos: Pos,
        feature: LocalFeature,
    },
    /// The Catapult, seduction in the city of Carcassonne: `player` put their `figure` in
    /// `quarter` in the place of `owner`'s `replaced`, which went back to its owner.
    SeducedInQuarter {
        player: PlayerId,
        figure: Figure,
        owner: PlayerId,
        replaced: Figure,
        quarter: Quarter,
    },
    /// The Catapult, catch: `player` flicked their token to `catcher`, who caught it
    /// (`caught`) or not.
    CatchThrown {
        player: PlayerId,
        catcher: PlayerId,
        caught: bool,
    },
    /// The Catapult: `player` won `points` in the round of `token` (the target hurling's
    /// nearest token, a catch).
    CatapultScored {
        player: PlayerId,
        token: CatapultToken,
        points: u32,
    },
    /// The final scoring is over.
    GameEnded,
}
