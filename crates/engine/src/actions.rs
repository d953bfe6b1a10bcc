//! The decisions of a game: what the game waits for ([`Pending`]) and what a player does
//! ([`Action`]). Actions are small `Copy` values; records name them in their own vocabulary
//! (`record/`).

use crate::catalog::{FeatureKind, LocalFeature, Quarter, TileId};
use crate::geometry::{Axis, Corner, Pos, Rotation, Side};
use crate::players::{BuildingKind, Figure, MagicFigure, PlayerId};

/// Where a figure of the board stands, for the actions that take one back (The Festival).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FigureSpot {
    /// On feature `feature` of the tile at `pos`.
    Feature { pos: Pos, feature: LocalFeature },
    /// In a quarter of the city of Carcassonne (The Count of Carcassonne).
    Quarter(Quarter),
    /// A barn, on corner `corner` of the tile at `pos` (Abbey & Mayor).
    Corner { pos: Pos, corner: Corner },
}

/// Bridges, Castles & Bazaars: where the bridge of a placement goes ([`Action::PlaceBridged`]):
/// on the tile placed (`on` none) or on the tile beside it on side `on`, along `axis` (as
/// seen on the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BridgeSpot {
    pub on: Option<Side>,
    pub axis: Axis,
}

/// The Catapult: the four kinds of catapult token, one of each per player (the Wikicarpedia
/// page "The Catapult (1st edition)", "The catapult").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CatapultToken {
    /// Knock out: the followers the token hits go back to their owners.
    KnockOut,
    /// Seduction: the follower nearest the token may be replaced by one of the flicker's.
    Seduction,
    /// Target hurling: the token nearest the fair tile wins 5 points.
    Target,
    /// Catch: each token is flicked to the next player, who tries to catch it.
    Catch,
}

impl CatapultToken {
    pub const ALL: [CatapultToken; 4] =
        [CatapultToken::KnockOut, CatapultToken::Seduction, CatapultToken::Target, CatapultToken::Catch];

    pub const fn name(self) -> &'static str {
        match self {
            CatapultToken::KnockOut => "knock-out",
            CatapultToken::Seduction => "seduction",
            CatapultToken::Target => "target",
            CatapultToken::Catch => "catch",
        }
    }

    pub fn from_name(s: &str) -> Option<CatapultToken> {
        CatapultToken::ALL.into_iter().find(|t| t.name() == s)
    }

    /// Whether the token is aimed at a tile (every kind but the catch).
    pub const fn aimed(self) -> bool {
        !matches!(self, CatapultToken::Catch)
    }
}

/// One decision a player makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Place the drawn tile at `pos`, turned clockwise by `rotation`.
    Place { pos: Pos, rotation: Rotation },
    /// Bridges, Castles & Bazaars: place the drawn tile at `pos`, turned by `rotation`, where
    /// only a bridge built with it lets it fit (a road of one tile meets a field of the other),
    /// and build that bridge at `bridge`.
    PlaceBridged { pos: Pos, rotation: Rotation, bridge: BridgeSpot },
    /// Bridges, Castles & Bazaars: beside the figure phase's action, build a bridge on the tile
    /// at `pos` (the tile just placed or one beside it) along `axis`, from one field edge to the
    /// opposite one.
    Bridge { pos: Pos, axis: Axis },
    /// Bridges, Castles & Bazaars: turn the town just completed, one's own, into a castle
    /// instead of scoring it (`Pass`: score it).
    BuildCastle,
    /// Bridges, Castles & Bazaars: at the bazaar, choose tile `index` of those on offer and bid
    /// `bid` points for it.
    BazaarSelect { index: u8, bid: u16 },
    /// Bridges, Castles & Bazaars: outbid the highest bid on the tile at auction with `bid`
    /// points (`Pass`: no bid).
    BazaarBid { bid: u16 },
    /// Bridges, Castles & Bazaars: the player who chose the tile at auction buys it, paying the
    /// highest bidder (`buy`), or sells it to them for their bid.
    BazaarTrade { buy: bool },
    /// The Catapult: after placing a fair tile, choose the kind of token every player flicks
    /// in the catapult round.
    ChooseToken { token: CatapultToken },
    /// The Catapult: flick one's token at the tile at `at` (it lands there or on a place
    /// around it, docs/rules.md, "The Catapult").
    Flick { at: Pos },
    /// The Catapult, seduction: put one's follower `with` (from supply) in the place of
    /// follower `figure` (an index into the game's figures, `Game::figures`), the one nearest
    /// the token, which goes back to its owner.
    Seduce { figure: u8, with: Figure },
    /// The Catapult, seduction in the city of Carcassonne (The Count): put one's follower
    /// `with` (from supply) in the place of `owner`'s `figure` waiting in `quarter`, which goes
    /// back to its owner (the FAQ of 10/2012: followers in the city "can be selected and
    /// swapped").
    SeduceInQuarter { owner: PlayerId, figure: Figure, quarter: Quarter, with: Figure },
    /// The variation "Mountains": instead of placing the drawn tile as usual, place it upside
    /// down at `pos` as a mountain (every tile it touches shows a field edge there).
    RaiseMountain { pos: Pos },
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
    /// The Tower: instead of deploying, put one of one's tower pieces on the tower foundation or
    /// unfinished tower of the tile at `pos`.
    BuildTower { pos: Pos },
    /// The Tower: instead of deploying, finish the tower on the tile at `pos` by putting a
    /// figure from one's supply on top of it.
    FinishTower { pos: Pos, figure: Figure },
    /// The Tower: after building, take the figure on feature `feature` of the tile at `pos`
    /// prisoner (a tower's guard stands on the tile's tower feature).
    Capture { pos: Pos, feature: LocalFeature },
    /// The Tower: in an exchange of prisoners, one's own figure of this kind is the one that
    /// comes back.
    Exchange { figure: Figure },
    /// The Tower: in the figure phase, pay `captor` 3 points to free one's figure of this kind.
    PayRansom { captor: PlayerId, figure: Figure },
    /// The variation "Prisoners": after a tile joined a part of a city holding one's follower
    /// to a part holding another player's, take the follower on feature `feature` of the tile at
    /// `pos` prisoner (one's own follower from the other part becomes its guard).
    TakePrisoner { pos: Pos, feature: LocalFeature },
    /// The variation "Prisoners": in the figure phase, release `owner`'s prisoner of this kind;
    /// its guard comes back to one's supply, to be deployed.
    ReleasePrisoner { owner: PlayerId, figure: Figure },
    /// "A new lease of life": instead of deploying, move one's follower `figure` (an index into
    /// the game's figures, `Game::figures`) onto feature `feature` of the tile at `pos` (a thief
    /// to a farm, a farmer to a city, a knight to a road).
    MoveFollower { figure: u8, pos: Pos, feature: LocalFeature },
    /// "A new lease of life", religious war: move one's two knights `knights` (indices into the
    /// game's figures) onto the cloister, feature `feature` of the tile at `pos`, whose
    /// opponent's monk goes home.
    ReligiousWar { pos: Pos, feature: LocalFeature, knights: [u8; 2] },
    /// The variation "Rebuilding": instead of deploying, give up a point and remove the
    /// unoccupied tile at `pos` from the board, to place it somewhere else (the next decision,
    /// [`Pending::ReplaceTile`], takes a [`Action::Place`]).
    RemoveTile { pos: Pos },
    /// Abbey & Mayor: instead of drawing, place one's abbey tile in the hole at `pos` (a
    /// position with a tile on each of its four sides).
    PlaceAbbey { pos: Pos },
    /// Abbey & Mayor: instead of deploying, place one's barn on corner `corner` of the tile just
    /// placed.
    PlaceBarn { corner: Corner },
    /// Little Buildings: instead of deploying, put one of one's little buildings on the tile
    /// just placed: of kind `kind` under the variant that tells the kinds apart, `None` under
    /// the expansion's rules, where "all three types of buildings are equivalent".
    PlaceBuilding { kind: Option<BuildingKind> },
    /// The Festival: with a festival tile just placed, instead of deploying, take one's own
    /// `figure` standing at `spot` back to one's supply, without a score.
    ReturnFigure { figure: Figure, spot: FigureSpot },
    /// The Gold Mines: with a gold tile just placed (which gets one ingot), put the second ingot
    /// on the tile at `pos`, one of the eight around it.
    PlaceGold { pos: Pos },
    /// Mage & Witch: put `figure` (from beside the board or from where it stands) on feature
    /// `feature` of the tile at `pos`, a segment of an unfinished road or city where neither
    /// magic figure stands.
    MoveMagic { figure: MagicFigure, pos: Pos, feature: LocalFeature },
    /// Mage & Witch: with no unfinished road or city for either, take `figure` off the board.
    RemoveMagic { figure: MagicFigure },
    /// The Flier: instead of deploying, put `figure` (a follower from supply) on the flying
    /// machine of the tile just placed; the flight die decides how far it flies.
    Fly { figure: Figure },
    /// The Flier: the flown follower lands on feature `feature` of the tile at `pos`, where the
    /// die sent it: an unfinished road, city or monastery (or what else that follower stands
    /// on), occupied or not.
    Land { pos: Pos, feature: LocalFeature },
    /// The Tunnel: beside the figure phase's action, put a token of pair `pair` on the tunnel
    /// opening that ends road segment `feature` of the tile at `pos` (the pair's second token
    /// joins the two roads).
    PlaceTunnel { pair: u8, pos: Pos, feature: LocalFeature },
    /// The Ferries: the ferry of the lake on the tile at `pos` joins its road segments `from`
    /// and `to` (`from < to`): a ferry put on the lake of the tile just placed, or a ferry
    /// moved to join another pair.
    Ferry { pos: Pos, from: LocalFeature, to: LocalFeature },
    /// The Plague: spread the plague, putting a flea on the tile at `to`: from the supply
    /// (`from` none), or, with the supply empty, the flea taken from the tile at `from`.
    Flea { from: Option<Pos>, to: Pos },
    /// The Plague: one's figure `figure` (an index into the game's figures, `Game::figures`)
    /// flees along its road, city or field onto feature `feature` of the tile at `pos`.
    Flee { figure: u8, pos: Pos, feature: LocalFeature },
    /// The Messages: the player who scored moves their messenger (`messenger`) or their
    /// scoring follower by the points of the scoring round.
    MoveScoringFigure { messenger: bool },
    /// The Messages: the message drawn is done (`perform`), or its 2 points taken instead.
    ReadMessage { perform: bool },
    /// The Messages, message 8: one's follower `figure` (an index into the game's figures,
    /// `Game::figures`) is scored as in the final scoring and goes home.
    MessageFollower { figure: u8 },
    /// Hills & Sheep: with the tile placed extending the field of one's shepherd, grow its
    /// flock by a token from the bag, or `herd` it to the stable (1 point a sheep).
    Flock { herd: bool },
    /// Under the Big Top: instead of deploying, put a follower (a normal one, from supply) on
    /// the acrobat space of the tile at `pos`, the tile just placed or one of the eight around
    /// it, whose pyramid is not full.
    Acrobat { pos: Pos },
    /// Under the Big Top: instead of deploying, score the full pyramid on the acrobat space of
    /// the tile at `pos` (the tile just placed or one of the eight around it): 5 points an
    /// acrobat to its owner; the acrobats go home.
    ScorePyramid { pos: Pos },
    /// La Porxada: with its tile just placed, choose the bonus at the end of the game (the
    /// players present in its city when it is completed score their incomplete cities as if
    /// completed).
    PorxadaBonus,
    /// La Porxada: with its tile just placed, choose the swap and name one's own follower
    /// `figure` (an index into the game's figures, `Game::figures`); then name the other
    /// player's follower it changes places with.
    SwapFollower { figure: u8 },
    /// La Porxada's swap, by the player whose follower was named: refuse it, and take one's
    /// other follower `figure` (an index into the game's figures) out of the game instead.
    RefuseSwap { figure: u8 },
    /// The Crop Circles: with a crop circle tile placed, after the turn's scoring, decide
    /// whether every player may add a follower of the circle's kind (`add`) or must take one
    /// back. The additions are [`Action::DeployAt`]s, the returns [`Action::ReturnFigure`]s.
    CropCircle { add: bool },
    /// Abbey & Mayor: after its feature was scored, move one's wagon onto feature `feature` of
    /// the tile at `pos`.
    MoveWagon { pos: Pos, feature: LocalFeature },
    /// The Count of Carcassonne: after a scoring that paid others but not oneself, deploy a
    /// figure from one's supply to a quarter of the city of Carcassonne.
    DeployToQuarter { figure: Figure, quarter: Quarter },
    /// The Count of Carcassonne: move the count to another quarter (after a deployment there).
    MoveCount { quarter: Quarter },
    /// The Count of Carcassonne: move one's figure of this kind from the quarter that feeds the
    /// feature onto feature `feature` of the tile at `pos` (the segment the feature's score is
    /// reported at): during the game the feature being scored, in the final scoring any
    /// incomplete road, city or cloister, or a farm.
    Redeploy { figure: Figure, pos: Pos, feature: LocalFeature },
    /// Place the tile one holds (the variation "Cloisters for everyone!": one's cloister) instead
    /// of drawing one; it is then placed like a drawn tile.
    PlayHeldTile,
    /// Take `tile` from one's hand or stack, or from the face-up row (the variations "More tiles
    /// in hand", "The architects", "Collective planning"); it is then placed like a drawn tile.
    ChooseTile { tile: TileId },
    /// "Only one can choose": give `tile`, one of the tiles drawn for the round, to player `to`
    /// (one tile to each other player; the last tile is kept).
    GiveTile { tile: TileId, to: PlayerId },
    /// Deploy nothing this turn (or, when an escape is offered, let no knight escape; when the
    /// abbey is offered, draw a tile instead; when a wagon may move, take it home; when
    /// Carcassonne is offered, deploy nothing there; when the count may move, leave it; when a
    /// redeployment is offered, redeploy no more; when a tile of the face-up row may be taken, draw
    /// one from the pile instead).
    Pass,
}

impl Action {
    /// What the action is, for messages ("a tile placement").
    pub(crate) const fn description(self) -> &'static str {
        match self {
            Action::Place { .. } => "a tile placement",
            Action::RaiseMountain { .. } => "a mountain",
            Action::PlaceBridged { .. } => "a tile placement with a bridge",
            Action::Bridge { .. } => "a bridge",
            Action::BuildCastle => "a castle",
            Action::BazaarSelect { .. } => "the choice of a tile at the bazaar and an opening bid",
            Action::BazaarBid { .. } => "a bid at the bazaar",
            Action::BazaarTrade { buy: true } => "buying the tile at auction",
            Action::BazaarTrade { buy: false } => "selling the tile at auction",
            Action::ChooseToken { .. } => "the choice of the catapult token",
            Action::Flick { .. } => "a flick of the catapult",
            Action::Seduce { .. } => "a seduction",
            Action::SeduceInQuarter { .. } => "a seduction in a quarter of Carcassonne",
            Action::Deploy { .. } => "a deployment",
            Action::Escape { .. } => "an escape",
            Action::RecallAbbot { .. } => "an abbot's recall",
            Action::DeployAt { .. } => "a deployment on a tile other than the one just placed",
            Action::MoveFairy { .. } => "a move of the fairy",
            Action::RemoveKnight { .. } => "a princess's removal of a knight",
            Action::MoveDragon { .. } => "a step of the dragon",
            Action::BuildTower { .. } => "a tower piece",
            Action::FinishTower { .. } => "a figure on top of a tower",
            Action::Capture { .. } => "a capture",
            Action::Exchange { .. } => "the choice of a prisoner to exchange",
            Action::PayRansom { .. } => "a ransom",
            Action::TakePrisoner { .. } => "taking a prisoner",
            Action::ReleasePrisoner { .. } => "releasing a prisoner",
            Action::MoveFollower { .. } => "a follower's move",
            Action::ReligiousWar { .. } => "a religious war",
            Action::RemoveTile { .. } => "the removal of a tile",
            Action::PlaceAbbey { .. } => "an abbey placement",
            Action::PlaceBarn { .. } => "a barn",
            Action::PlaceBuilding { .. } => "a little building",
            Action::ReturnFigure { .. } => "taking a figure back",
            Action::PlaceGold { .. } => "a gold ingot",
            Action::MoveMagic { .. } => "a move of the mage or the witch",
            Action::RemoveMagic { .. } => "taking the mage or the witch off the board",
            Action::Fly { .. } => "a flight from the flying machine",
            Action::Land { .. } => "the flown follower's landing",
            Action::PlaceTunnel { .. } => "a tunnel token",
            Action::Ferry { .. } => "a ferry",
            Action::Flea { .. } => "a flea spreading the plague",
            Action::Flee { .. } => "a figure's flight from the plague",
            Action::MoveScoringFigure { .. } => "the scoring figure that moves",
            Action::ReadMessage { .. } => "a message's action or its 2 points",
            Action::MessageFollower { .. } => "the follower a message scores",
            Action::Flock { herd: false } => "growing the flock",
            Action::Flock { herd: true } => "driving the flock to the stable",
            Action::Acrobat { .. } => "an acrobat",
            Action::ScorePyramid { .. } => "scoring an acrobat pyramid",
            Action::PorxadaBonus => "La Porxada's bonus",
            Action::SwapFollower { .. } => "a follower for La Porxada's swap",
            Action::RefuseSwap { .. } => "a refusal of La Porxada's swap",
            Action::CropCircle { .. } => "the crop circle's choice",
            Action::MoveWagon { .. } => "a move of the wagon",
            Action::DeployToQuarter { .. } => "a deployment to Carcassonne",
            Action::MoveCount { .. } => "a move of the count",
            Action::Redeploy { .. } => "a redeployment from Carcassonne",
            Action::PlayHeldTile => "playing one's own tile",
            Action::ChooseTile { .. } => "the choice of a tile",
            Action::GiveTile { .. } => "handing out a tile",
            Action::Pass => "a pass",
        }
    }
}

/// What the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    /// `player` must place the drawn `tile` (with the variation "Mountains", or place it upside
    /// down as a mountain).
    PlaceTile { player: PlayerId, tile: TileId },
    /// `player` may deploy a figure on the tile just placed at `pos`, or pass.
    Deploy { player: PlayerId, pos: Pos },
    /// The Cathars: at the end of the turn `player` may take one knight back from a besieged city
    /// that a cloister or abbey borders, or pass.
    Escape { player: PlayerId },
    /// The Princess & the Dragon: `player` moves the dragon one step (each player in turn, six
    /// steps in all).
    MoveDragon { player: PlayerId },
    /// The Tower: `player` built on the tower at `pos` and may take one figure within its reach
    /// prisoner, or pass.
    Capture { player: PlayerId, pos: Pos },
    /// The Tower: prisoners are exchanged with `other`, who holds figures of more than one kind
    /// of `player`'s: `player` chooses which comes back.
    Exchange { player: PlayerId, other: PlayerId },
    /// The variation "Prisoners": the tile `player` placed joined a part of a city holding one of
    /// their followers to a part holding another player's; they may take one prisoner, or pass.
    TakePrisoner { player: PlayerId },
    /// The variation "Rebuilding": `player` removed `tile` from `from` and must place it
    /// somewhere else ([`Action::Place`], by the edge rule, on another position).
    ReplaceTile { player: PlayerId, tile: TileId, from: Pos },
    /// Abbey & Mayor: before drawing, `player` may place their abbey tile in a hole instead
    /// (`Pass` draws).
    Abbey { player: PlayerId },
    /// Abbey & Mayor: `player`'s wagon stood on feature `feature` of the tile at `pos`, which was
    /// just scored; it may move to an adjacent incomplete, unoccupied feature (`Pass` takes it
    /// home).
    MoveWagon { player: PlayerId, pos: Pos, feature: LocalFeature },
    /// The Count of Carcassonne: the turn's scoring paid other players but not `player`, who
    /// may deploy a figure from supply to a quarter of Carcassonne (`Pass`: none).
    Carcassonne { player: PlayerId },
    /// The Count of Carcassonne: `player` just deployed to Carcassonne and may move the count to
    /// another quarter (`Pass` leaves it).
    MoveCount { player: PlayerId },
    /// The Count of Carcassonne: the feature whose score is reported at feature `feature` of the
    /// tile at `pos` is about to be scored; `player` may move figures from the quarter that
    /// feeds it onto it, one at a time (`Pass`: no more).
    Redeploy { player: PlayerId, pos: Pos, feature: LocalFeature },
    /// The Count of Carcassonne, before the final scoring: `player` may move one figure from a
    /// quarter onto an incomplete feature or a farm (`Pass`: no more this game).
    FinalRedeploy { player: PlayerId },
    /// The variation "Cloisters for everyone!": before drawing, `player` may place the tile they
    /// hold, `tile`, instead (`Pass` draws).
    HeldTile { player: PlayerId, tile: TileId },
    /// The variations that let a player choose the tile to place: `player` takes a tile from
    /// their hand or stack, or one of the face-up row (`Pass`: draw from the pile, where the row
    /// allows it).
    ChooseTile { player: PlayerId },
    /// "Only one can choose": `player` hands out the tiles drawn for the round, one at a time.
    GiveTile { player: PlayerId },
    /// The Gold Mines: `player` placed the gold tile at `pos`; its first ingot goes on it and
    /// `player` chooses one of the eight tiles around it for the second (step 1C).
    PlaceGold { player: PlayerId, pos: Pos },
    /// La Porxada: `player` placed its tile at `pos` and chooses the swap (naming one of their
    /// followers), the bonus at the end of the game, or neither (`Pass`), before the figure
    /// phase.
    Porxada { player: PlayerId, pos: Pos },
    /// La Porxada's swap: `player`'s follower `own` (an index into the game's figures) changes
    /// places with another player's follower that `player` names (`Pass`: no swap after all).
    SwapWith { player: PlayerId, own: u8 },
    /// La Porxada's swap: `by` named `player`'s follower `other` to change places with their
    /// own follower `own` (indices into the game's figures); `player` accepts (`Pass`) or
    /// refuses, taking another of their followers on the board out of the game.
    SwapAnswer { player: PlayerId, by: PlayerId, own: u8, other: u8 },
    /// The Crop Circles: `player` placed a tile whose crop circle concerns the followers on
    /// features of `kind`, and decides whether every player adds one or takes one back (step 4A).
    CropCircle { player: PlayerId, kind: FeatureKind },
    /// The Crop Circles, addition chosen by `by`: `player` may deploy a follower from supply
    /// beside one of their followers on a feature of `kind` ([`Action::DeployAt`]), or pass.
    CropAdd { player: PlayerId, by: PlayerId, kind: FeatureKind },
    /// The Crop Circles, return chosen by `by`: `player` must take one of their followers on a
    /// feature of `kind` back to supply ([`Action::ReturnFigure`]).
    CropRemove { player: PlayerId, by: PlayerId, kind: FeatureKind },
    /// The Phantom, step 2B-2: after the figure phase's action on the tile just placed at
    /// `pos`, `player` may deploy their phantom as a second follower ([`Action::Deploy`] on that
    /// tile, [`Action::DeployAt`] through its magic gate, [`Action::FinishTower`]), or pass.
    Phantom { player: PlayerId, pos: Pos },
    /// Mage & Witch, step 1C: `player` placed a tile with the magic symbol, or one that joined
    /// the features of the mage and the witch, and must move one of them
    /// ([`Action::MoveMagic`]), or take one off the board where neither has anywhere to go
    /// ([`Action::RemoveMagic`]).
    MageWitch { player: PlayerId },
    /// The Flier: `player`'s `figure` flew from the flying machine to the tile at `pos` and
    /// lands on one of its unfinished features there ([`Action::Land`]).
    FlierLanding { player: PlayerId, figure: Figure, pos: Pos },
    /// The Ferries, step 2C: `player` placed the lake tile at `pos` and puts a ferry on its
    /// lake, joining two of its roads ([`Action::Ferry`]).
    PlaceFerry { player: PlayerId, pos: Pos },
    /// The Ferries, step 2C: the tile `player` placed extended a road that crosses a ferry;
    /// they may move the first ferry along it, each way, to join another pair of its lake's
    /// roads ([`Action::Ferry`]), or stop ([`Action::Pass`]).
    MoveFerry { player: PlayerId },
    /// The Plague: `player` spreads the plague ([`Action::Flea`]) and may let one of their
    /// figures flee ([`Action::Flee`]); after the tile is placed (`late` false) both may wait
    /// ([`Action::Pass`]); after the figure phase (`late`) the spread is owed where a flea has
    /// somewhere to go.
    Plague { player: PlayerId, late: bool },
    /// The Messages: `player` scored `points` in the scoring round just over and moves one of
    /// their two scoring figures by all of them ([`Action::MoveScoringFigure`]).
    ScoringFigure { player: PlayerId, points: u32 },
    /// The Messages: `player` drew `message` and does what it says ([`Action::ReadMessage`],
    /// [`Action::MessageFollower`] for message 8) or takes its 2 points.
    Message { player: PlayerId, message: crate::players::MessageTile },
    /// Hills & Sheep: `player`'s tile extended the field where their shepherd stands: they grow
    /// the flock or drive it to the stable ([`Action::Flock`]).
    Flock { player: PlayerId },
    /// Bridges, Castles & Bazaars: the town of two segments just completed at `pos` (one of its
    /// tiles) holds only `player`'s followers: they turn it into a castle
    /// ([`Action::BuildCastle`]) or let it score ([`Action::Pass`]).
    Castle { player: PlayerId, pos: Pos },
    /// Bridges, Castles & Bazaars: at the bazaar `player` chooses one of the tiles on offer and
    /// bids for it ([`Action::BazaarSelect`]).
    BazaarSelect { player: PlayerId },
    /// Bridges, Castles & Bazaars: `player` may outbid the highest bid on the tile at auction
    /// ([`Action::BazaarBid`]) or pass.
    BazaarBid { player: PlayerId },
    /// Bridges, Castles & Bazaars: `player`, who chose the tile at auction, buys it or sells it
    /// to the highest bidder ([`Action::BazaarTrade`]).
    BazaarTrade { player: PlayerId },
    /// The Catapult, step 4A: `player` placed the fair tile at `pos` and chooses the kind of
    /// token for the catapult round ([`Action::ChooseToken`]).
    CatapultToken { player: PlayerId, pos: Pos },
    /// The Catapult: `player` flicks their token of kind `token` ([`Action::Flick`]), each
    /// player in turn from the one who placed the fair tile.
    Flick { player: PlayerId, token: CatapultToken },
    /// The Catapult: `player`'s seduction token came down at `at`; they may put one of their
    /// followers in the place of the nearest follower ([`Action::Seduce`]) or pass.
    Seduce { player: PlayerId, at: Pos },
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
            | Pending::MoveDragon { player }
            | Pending::Capture { player, .. }
            | Pending::Exchange { player, .. }
            | Pending::TakePrisoner { player }
            | Pending::ReplaceTile { player, .. }
            | Pending::Abbey { player }
            | Pending::MoveWagon { player, .. }
            | Pending::Carcassonne { player }
            | Pending::MoveCount { player }
            | Pending::Redeploy { player, .. }
            | Pending::FinalRedeploy { player }
            | Pending::HeldTile { player, .. }
            | Pending::ChooseTile { player }
            | Pending::GiveTile { player }
            | Pending::PlaceGold { player, .. }
            | Pending::Porxada { player, .. }
            | Pending::SwapWith { player, .. }
            | Pending::SwapAnswer { player, .. }
            | Pending::CropCircle { player, .. }
            | Pending::CropAdd { player, .. }
            | Pending::CropRemove { player, .. }
            | Pending::Phantom { player, .. }
            | Pending::MageWitch { player }
            | Pending::FlierLanding { player, .. }
            | Pending::PlaceFerry { player, .. }
            | Pending::MoveFerry { player }
            | Pending::Plague { player, .. }
            | Pending::ScoringFigure { player, .. }
            | Pending::Message { player, .. }
            | Pending::Flock { player }
            | Pending::Castle { player, .. }
            | Pending::BazaarSelect { player }
            | Pending::BazaarBid { player }
            | Pending::BazaarTrade { player }
            | Pending::CatapultToken { player, .. }
            | Pending::Flick { player, .. }
            | Pending::Seduce { player, .. } => Some(player),
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
            Pending::Capture { .. } => "a capture or a pass",
            Pending::Exchange { .. } => "the choice of a prisoner to exchange",
            Pending::TakePrisoner { .. } => "taking a prisoner or a pass",
            Pending::ReplaceTile { .. } => "placing the removed tile somewhere else",
            Pending::Abbey { .. } => "placing the abbey or drawing a tile",
            Pending::MoveWagon { .. } => "a move of the wagon or taking it home",
            Pending::Carcassonne { .. } => "a deployment to Carcassonne or a pass",
            Pending::MoveCount { .. } => "a move of the count or leaving it",
            Pending::Redeploy { .. } => "a redeployment from Carcassonne onto the feature being scored, or a pass",
            Pending::PlaceGold { .. } => "the tile for the second gold ingot, one of the eight around the gold tile",
            Pending::Porxada { .. } => "La Porxada's choice: a follower to swap, the bonus, or a pass",
            Pending::SwapWith { .. } => "another player's follower to swap with, or a pass",
            Pending::SwapAnswer { .. } => {
                "accepting the swap (a pass) or refusing it by taking another follower out of the game"
            }
            Pending::CropCircle { .. } => "the crop circle's choice: every player adds a follower, or takes one back",
            Pending::CropAdd { .. } => "a follower added beside one of one's own of the crop circle's kind, or a pass",
            Pending::CropRemove { .. } => "one of one's followers of the crop circle's kind taken back",
            Pending::Phantom { .. } => "the phantom deployed as a second follower, or a pass",
            Pending::MageWitch { .. } => "the mage or the witch moved onto an unfinished road or city",
            Pending::FlierLanding { .. } => {
                "the flown follower's landing on an unfinished feature of the tile it reached"
            }
            Pending::PlaceFerry { .. } => "a ferry put on the lake of the tile just placed, joining two of its roads",
            Pending::MoveFerry { .. } => "a ferry moved to join another pair of its lake's roads, or a pass",
            Pending::Plague { late: false, .. } => {
                "a flea spreading the plague, a figure's flight from it, or a pass (later)"
            }
            Pending::Plague { late: true, .. } => {
                "a flea spreading the plague, a figure's flight from it, or a pass where no flea is owed"
            }
            Pending::ScoringFigure { .. } => {
                "the scoring figure (follower or messenger) that moves by the points scored"
            }
            Pending::Message { .. } => "a message's action, or its 2 points",
            Pending::Flock { .. } => "growing the flock or driving it to the stable",
            Pending::Castle { .. } => "turning the town just completed into a castle, or scoring it (a pass)",
            Pending::BazaarSelect { .. } => "the choice of a tile at the bazaar with an opening bid",
            Pending::BazaarBid { .. } => "a higher bid for the tile at auction, or a pass",
            Pending::BazaarTrade { .. } => "buying the tile at auction from the highest bidder, or selling it to them",
            Pending::CatapultToken { .. } => "the choice of the catapult token",
            Pending::Flick { .. } => "a flick of the catapult",
            Pending::Seduce { .. } => "a seduction, or a pass",
            Pending::FinalRedeploy { .. } => "a redeployment from Carcassonne before the final scoring, or a pass",
            Pending::HeldTile { .. } => "playing one's own tile or drawing one",
            Pending::ChooseTile { .. } => "the choice of a tile to place",
            Pending::GiveTile { .. } => "handing out the round's tiles",
            Pending::GameOver => "nothing (the game is over)",
        }
    }
}
