//! The record's vocabulary of actions: each action by kind, place and feature names, as
//! docs/record-format.md describes them.

use serde::{Deserialize, Serialize};

use crate::actions::CatapultToken;
use crate::catalog::Quarter;
use crate::game::{Color, Figure};
use crate::players::MagicFigure;

/// A figure on the board, in a record: its kind, its tile and its feature there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FigureAt {
    pub figure: Figure,
    pub x: i16,
    pub y: i16,
    pub feature: String,
}

/// One action, with the acting player and (for placements) the tile, both optional and
/// checked when present.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum RecordAction {
    Place {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tile: Option<String>,
        x: i16,
        y: i16,
        /// Clockwise, in degrees: 0, 90, 180 or 270.
        rotation: u16,
    },
    Deploy {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        figure: Figure,
        /// The feature of the tile just placed, e.g. `city@N`, `field@SSE`, `cloister`, or of
        /// the tile at (`x`, `y`) when given (The Princess & the Dragon: through a magic gate;
        /// The Tower: `tower`, a figure finishing the tower there).
        feature: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        x: Option<i16>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        y: Option<i16>,
    },
    /// The Cathars: a knight escapes the besieged city it stands in, on the tile at (x, y).
    Escape {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
        /// The city of that tile the knight stands in, e.g. `city@N`.
        feature: String,
    },
    /// The Abbot: take back the abbot standing on the tile at (x, y), scoring it.
    #[serde(rename = "recall-abbot")]
    RecallAbbot {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
    },
    /// The Princess & the Dragon: move the fairy next to one's follower on feature `feature` of
    /// the tile at (x, y).
    #[serde(rename = "move-fairy")]
    MoveFairy {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
        feature: String,
    },
    /// The Princess & the Dragon: the princess removes the knight on feature `feature` of the
    /// tile at (x, y).
    #[serde(rename = "remove-knight")]
    RemoveKnight {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
        feature: String,
    },
    /// The Princess & the Dragon: one step of the dragon, onto the tile at (x, y).
    #[serde(rename = "move-dragon")]
    MoveDragon {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
    },
    /// The Tower: a tower piece on the tower foundation or tower of the tile at (x, y).
    #[serde(rename = "build-tower")]
    BuildTower {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
    },
    /// The Tower: take the figure on feature `feature` of the tile at (x, y) prisoner (`tower`
    /// for a tower's guard).
    Capture {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
        feature: String,
    },
    /// The Tower: in an exchange of prisoners, one's own `figure` is the one that comes back.
    Exchange {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        figure: Figure,
    },
    /// The Tower: pay 3 points to `captor` to free one's `figure`.
    Ransom {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        captor: Color,
        figure: Figure,
    },
    /// The variation "Prisoners": take the follower on feature `feature` of the tile at (x, y)
    /// prisoner.
    #[serde(rename = "take-prisoner")]
    TakePrisoner {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
        feature: String,
    },
    /// The variation "Prisoners": release `owner`'s prisoner `figure`; the guard comes back.
    #[serde(rename = "release-prisoner")]
    ReleasePrisoner {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        owner: Color,
        figure: Figure,
    },
    /// "A new lease of life": the player's `figure` on feature `from_feature` of the tile at
    /// (`from_x`, `from_y`) moves onto feature `feature` of the tile at (x, y).
    #[serde(rename = "move-follower")]
    MoveFollower {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        figure: Figure,
        from_x: i16,
        from_y: i16,
        from_feature: String,
        x: i16,
        y: i16,
        feature: String,
    },
    /// "A new lease of life", religious war: the player's two `knights` move onto the cloister,
    /// feature `feature` of the tile at (x, y); the opponent's monk goes home.
    #[serde(rename = "religious-war")]
    ReligiousWar {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
        feature: String,
        knights: Vec<FigureAt>,
    },
    /// Abbey & Mayor: instead of drawing, the player's abbey tile goes into the hole at (x, y).
    Abbey {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
    },
    /// The Gold Mines: after a gold tile, the second ingot goes on the tile at (x, y), one of the
    /// eight around it.
    Gold {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
    },
    /// Mage & Witch: after a magic tile (or one joining their features), the mage or the witch
    /// goes onto feature `feature` of the tile at (x, y), an unfinished road or city.
    Magic {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        figure: MagicFigure,
        x: i16,
        y: i16,
        feature: String,
    },
    /// Mage & Witch: with no unfinished road or city for them, the mage or the witch leaves the
    /// board.
    #[serde(rename = "magic-off")]
    MagicOff {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        figure: MagicFigure,
    },
    /// The Flier: instead of a deployment, a follower of kind `figure` goes onto the flying
    /// machine of the tile just placed and flies (the die decides how far).
    Fly {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        figure: Figure,
    },
    /// The Flier: the flown follower lands on feature `feature` of the tile at (x, y), where the
    /// die sent it.
    Land {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
        feature: String,
    },
    /// The Tunnel: beside the figure phase's action, a token of pair `pair` (0, 1, 2) goes on the
    /// tunnel opening of road segment `feature` of the tile at (x, y).
    Tunnel {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        pair: u8,
        x: i16,
        y: i16,
        feature: String,
    },
    /// The Ferries: the ferry of the lake on the tile at (x, y) joins its road segments `from`
    /// and `to` (either order): put on the lake of the tile just placed, or moved there.
    Ferry {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
        from: String,
        to: String,
    },
    /// The Plague: the player spreads the plague with a flea on the tile at (x, y), from the
    /// supply, or (with the supply empty) taken from the tile at (`from_x`, `from_y`).
    Flea {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from_x: Option<i16>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from_y: Option<i16>,
    },
    /// The Plague: the player's `figure` on feature `from_feature` of the tile at (`from_x`,
    /// `from_y`) flees along its feature to feature `feature` of the tile at (x, y).
    Flee {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        figure: Figure,
        from_x: i16,
        from_y: i16,
        from_feature: String,
        x: i16,
        y: i16,
        feature: String,
    },
    /// The Messages: the player moves their messenger (`messenger`) or their scoring follower
    /// by the points of the scoring round.
    #[serde(rename = "scoring-figure")]
    ScoringFigure {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        messenger: bool,
    },
    /// The Messages: the player does what the message drawn says (`perform`) or takes its 2
    /// points.
    Message {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        perform: bool,
    },
    /// The Messages, message 8: the player's `figure` on feature `feature` of the tile at
    /// (x, y) is scored as in the final scoring and goes home.
    #[serde(rename = "message-follower")]
    MessageFollower {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        figure: Figure,
        x: i16,
        y: i16,
        feature: String,
    },
    /// Hills & Sheep: with the tile placed extending the field of their shepherd, the player
    /// grows its flock, or drives it to the stable (`herd`).
    Flock {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        herd: bool,
    },
    /// Bridges, Castles & Bazaars: the drawn tile placed where only a bridge lets it fit, with
    /// that bridge, on the tile at (bridge_x, bridge_y) along `axis` (`ns` or `ew`).
    #[serde(rename = "place-bridged")]
    PlaceBridged {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tile: Option<String>,
        x: i16,
        y: i16,
        rotation: u16,
        bridge_x: i16,
        bridge_y: i16,
        axis: String,
    },
    /// Bridges, Castles & Bazaars: beside the figure phase's action, a bridge on the tile at
    /// (x, y) along `axis` (`ns` or `ew`).
    Bridge {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
        axis: String,
    },
    /// Bridges, Castles & Bazaars: the town just completed becomes a castle.
    Castle {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
    },
    /// Bridges, Castles & Bazaars: the bazaar's tile `index` (0 for the first laid out) chosen,
    /// with an opening bid; `tile` names it, for reading.
    #[serde(rename = "bazaar-choose")]
    BazaarChoose {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        index: u8,
        bid: u16,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tile: Option<String>,
    },
    /// Bridges, Castles & Bazaars: a higher bid for the tile at auction.
    Bid {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        bid: u16,
    },
    /// Bridges, Castles & Bazaars: the chooser of the tile at auction buys it (`buy`) or sells
    /// it to the highest bidder.
    #[serde(rename = "bazaar-trade")]
    BazaarTrade {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        buy: bool,
    },
    /// The Catapult: after a fair tile, the kind of token for the catapult round (`knock-out`,
    /// `seduction`, `target` or `catch`).
    Catapult {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        token: CatapultToken,
    },
    /// The Catapult: the player's token flicked at the tile at (x, y).
    Flick {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
    },
    /// The Catapult, seduction: the player's `with` from supply takes the place of `owner`'s
    /// `figure` on feature `feature` of the tile at (x, y), the follower nearest the token.
    Seduce {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        owner: Color,
        figure: Figure,
        x: i16,
        y: i16,
        feature: String,
        with: Figure,
    },
    /// The Catapult with The Count, seduction in the city of Carcassonne: the player's `with`
    /// from supply takes the place of `owner`'s `figure` waiting in `quarter`.
    #[serde(rename = "seduce-quarter")]
    SeduceQuarter {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        owner: Color,
        figure: Figure,
        quarter: Quarter,
        with: Figure,
    },
    /// Under the Big Top: instead of deploying, a follower goes onto the acrobat space of the
    /// tile at (x, y).
    Acrobat {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
    },
    /// Under the Big Top: instead of deploying, the full pyramid on the acrobat space of the
    /// tile at (x, y) is scored.
    Pyramid {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
    },
    /// La Porxada: after its tile, the player chooses the bonus at the end of the game.
    #[serde(rename = "porxada-bonus")]
    PorxadaBonus {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
    },
    /// La Porxada's swap: the follower `figure` of `owner` on feature `feature` of the tile at
    /// (x, y); first the player's own, then another player's, which change places.
    #[serde(rename = "swap-follower")]
    SwapFollower {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        owner: Color,
        figure: Figure,
        x: i16,
        y: i16,
        feature: String,
    },
    /// La Porxada's swap refused: the player's `figure` on feature `feature` of the tile at
    /// (x, y) leaves the game instead.
    #[serde(rename = "refuse-swap")]
    RefuseSwap {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        figure: Figure,
        x: i16,
        y: i16,
        feature: String,
    },
    /// The Crop Circles: after a crop circle tile, its player's choice: `add` (every player may
    /// add a follower of the circle's kind) or `remove` (every player takes one back).
    #[serde(rename = "crop-circle")]
    CropCircle {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        choice: String,
    },
    /// The Crop Circles: the player takes their `figure` on feature `feature` of the tile at
    /// (x, y) back to supply (the additions are `deploy`s with a place).
    #[serde(rename = "take-back")]
    TakeBack {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        figure: Figure,
        x: i16,
        y: i16,
        feature: String,
    },
    /// Abbey & Mayor: the player's barn on corner `corner` (`NE`, `SE`, `SW`, `NW`) of the tile
    /// just placed.
    Barn {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        corner: String,
    },
    /// Little Buildings: the player's little building on the tile just placed, of kind `kind`
    /// (`tower`, `house` or `shed`) under the variant that tells the kinds apart, without one
    /// under the expansion's rules.
    #[serde(rename = "little-building")]
    LittleBuilding {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<String>,
    },
    /// The Festival: the player takes their `figure` back to their supply: from feature
    /// `feature` of the tile at (x, y), from a `quarter` of Carcassonne, or (a barn) from corner
    /// `corner` of the tile at (x, y).
    Festival {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        figure: Figure,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        x: Option<i16>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        y: Option<i16>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        feature: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        quarter: Option<Quarter>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        corner: Option<String>,
    },
    /// The Vodyanoy or Solovei Razboynik: instead of deploying, the player frees their
    /// `figure` from the trap, feature `feature` (`trap`) of the tile at (x, y).
    Free {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        figure: Figure,
        x: i16,
        y: i16,
        feature: String,
    },
    /// Abbey & Mayor: after its feature was scored, the player's wagon moves onto feature
    /// `feature` of the tile at (x, y).
    #[serde(rename = "move-wagon")]
    MoveWagon {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        x: i16,
        y: i16,
        feature: String,
    },
    /// The Count of Carcassonne: the player's `figure` from supply to `quarter` (`castle`,
    /// `market`, `blacksmith` or `cathedral`) of Carcassonne.
    Carcassonne {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        figure: Figure,
        quarter: Quarter,
    },
    /// The Count of Carcassonne: the count moves to `quarter`.
    #[serde(rename = "move-count")]
    MoveCount {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        quarter: Quarter,
    },
    /// The Count of Carcassonne: the player's `figure` moves from the quarter that feeds the
    /// feature onto feature `feature` of the tile at (x, y).
    Redeploy {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        figure: Figure,
        x: i16,
        y: i16,
        feature: String,
    },
    /// The variation "Mountains": the drawn tile (`tile`, given for checking) is placed upside
    /// down at (x, y) as a mountain.
    Mountain {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tile: Option<String>,
        x: i16,
        y: i16,
    },
    /// The variation "Rebuilding": instead of deploying, the player gives up a point and removes
    /// the tile at (x, y) (`tile`, given for checking); the next action places it elsewhere
    /// (`place`).
    #[serde(rename = "remove-tile")]
    RemoveTile {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tile: Option<String>,
        x: i16,
        y: i16,
    },
    /// The variation "Cloisters for everyone!": instead of drawing, the player places the tile
    /// they hold (their cloister); the `place` of that tile follows.
    #[serde(rename = "held-tile")]
    HeldTile {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
    },
    /// The variations that let a player choose the tile to place: the player takes `tile` from
    /// their hand or stack, or from the face-up row; the `place` of that tile follows.
    #[serde(rename = "choose-tile")]
    ChooseTile {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        tile: String,
    },
    /// "Only one can choose": the player hands `tile` out to the player of colour `to`.
    #[serde(rename = "give-tile")]
    GiveTile {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
        tile: String,
        to: Color,
    },
    Pass {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<Color>,
    },
}

impl RecordAction {
    /// The action without the acting player and the drawn tile, for a reader who knows both
    /// (the server's list of legal actions for the seat whose turn it is).
    pub fn without_actor(self) -> RecordAction {
        match self {
            RecordAction::Place { x, y, rotation, .. } => {
                RecordAction::Place { player: None, tile: None, x, y, rotation }
            }
            RecordAction::Mountain { x, y, .. } => RecordAction::Mountain { player: None, tile: None, x, y },
            RecordAction::RemoveTile { x, y, .. } => RecordAction::RemoveTile { player: None, tile: None, x, y },
            RecordAction::Deploy { figure, feature, x, y, .. } => {
                RecordAction::Deploy { player: None, figure, feature, x, y }
            }
            RecordAction::Escape { x, y, feature, .. } => RecordAction::Escape { player: None, x, y, feature },
            RecordAction::RecallAbbot { x, y, .. } => RecordAction::RecallAbbot { player: None, x, y },
            RecordAction::MoveFairy { x, y, feature, .. } => RecordAction::MoveFairy { player: None, x, y, feature },
            RecordAction::RemoveKnight { x, y, feature, .. } => {
                RecordAction::RemoveKnight { player: None, x, y, feature }
            }
            RecordAction::MoveDragon { x, y, .. } => RecordAction::MoveDragon { player: None, x, y },
            RecordAction::BuildTower { x, y, .. } => RecordAction::BuildTower { player: None, x, y },
            RecordAction::Capture { x, y, feature, .. } => RecordAction::Capture { player: None, x, y, feature },
            RecordAction::TakePrisoner { x, y, feature, .. } => {
                RecordAction::TakePrisoner { player: None, x, y, feature }
            }
            RecordAction::MoveFollower { figure, from_x, from_y, from_feature, x, y, feature, .. } => {
                RecordAction::MoveFollower { player: None, figure, from_x, from_y, from_feature, x, y, feature }
            }
            RecordAction::ReligiousWar { x, y, feature, knights, .. } => {
                RecordAction::ReligiousWar { player: None, x, y, feature, knights }
            }
            RecordAction::ReleasePrisoner { owner, figure, .. } => {
                RecordAction::ReleasePrisoner { player: None, owner, figure }
            }
            RecordAction::Exchange { figure, .. } => RecordAction::Exchange { player: None, figure },
            RecordAction::Ransom { captor, figure, .. } => RecordAction::Ransom { player: None, captor, figure },
            RecordAction::Abbey { x, y, .. } => RecordAction::Abbey { player: None, x, y },
            RecordAction::Barn { corner, .. } => RecordAction::Barn { player: None, corner },
            RecordAction::Gold { x, y, .. } => RecordAction::Gold { player: None, x, y },
            RecordAction::Magic { figure, x, y, feature, .. } => {
                RecordAction::Magic { player: None, figure, x, y, feature }
            }
            RecordAction::MagicOff { figure, .. } => RecordAction::MagicOff { player: None, figure },
            RecordAction::Fly { figure, .. } => RecordAction::Fly { player: None, figure },
            RecordAction::Land { x, y, feature, .. } => RecordAction::Land { player: None, x, y, feature },
            RecordAction::Tunnel { pair, x, y, feature, .. } => {
                RecordAction::Tunnel { player: None, pair, x, y, feature }
            }
            RecordAction::Ferry { x, y, from, to, .. } => RecordAction::Ferry { player: None, x, y, from, to },
            RecordAction::PorxadaBonus { .. } => RecordAction::PorxadaBonus { player: None },
            RecordAction::ScoringFigure { messenger, .. } => RecordAction::ScoringFigure { player: None, messenger },
            RecordAction::Flock { herd, .. } => RecordAction::Flock { player: None, herd },
            RecordAction::Acrobat { x, y, .. } => RecordAction::Acrobat { player: None, x, y },
            RecordAction::Catapult { token, .. } => RecordAction::Catapult { player: None, token },
            RecordAction::Flick { x, y, .. } => RecordAction::Flick { player: None, x, y },
            RecordAction::Seduce { owner, figure, x, y, feature, with, .. } => {
                RecordAction::Seduce { player: None, owner, figure, x, y, feature, with }
            }
            RecordAction::SeduceQuarter { owner, figure, quarter, with, .. } => {
                RecordAction::SeduceQuarter { player: None, owner, figure, quarter, with }
            }
            RecordAction::PlaceBridged { x, y, rotation, bridge_x, bridge_y, axis, .. } => {
                RecordAction::PlaceBridged { player: None, tile: None, x, y, rotation, bridge_x, bridge_y, axis }
            }
            RecordAction::Bridge { x, y, axis, .. } => RecordAction::Bridge { player: None, x, y, axis },
            RecordAction::Castle { .. } => RecordAction::Castle { player: None },
            RecordAction::BazaarChoose { index, bid, .. } => {
                RecordAction::BazaarChoose { player: None, index, bid, tile: None }
            }
            RecordAction::Bid { bid, .. } => RecordAction::Bid { player: None, bid },
            RecordAction::BazaarTrade { buy, .. } => RecordAction::BazaarTrade { player: None, buy },
            RecordAction::Pyramid { x, y, .. } => RecordAction::Pyramid { player: None, x, y },
            RecordAction::Message { perform, .. } => RecordAction::Message { player: None, perform },
            RecordAction::MessageFollower { figure, x, y, feature, .. } => {
                RecordAction::MessageFollower { player: None, figure, x, y, feature }
            }
            RecordAction::Flea { x, y, from_x, from_y, .. } => {
                RecordAction::Flea { player: None, x, y, from_x, from_y }
            }
            RecordAction::Flee { figure, from_x, from_y, from_feature, x, y, feature, .. } => {
                RecordAction::Flee { player: None, figure, from_x, from_y, from_feature, x, y, feature }
            }
            RecordAction::CropCircle { choice, .. } => RecordAction::CropCircle { player: None, choice },
            RecordAction::TakeBack { figure, x, y, feature, .. } => {
                RecordAction::TakeBack { player: None, figure, x, y, feature }
            }
            RecordAction::RefuseSwap { figure, x, y, feature, .. } => {
                RecordAction::RefuseSwap { player: None, figure, x, y, feature }
            }
            RecordAction::SwapFollower { owner, figure, x, y, feature, .. } => {
                RecordAction::SwapFollower { player: None, owner, figure, x, y, feature }
            }
            RecordAction::LittleBuilding { kind, .. } => RecordAction::LittleBuilding { player: None, kind },
            RecordAction::Festival { figure, x, y, feature, quarter, corner, .. } => {
                RecordAction::Festival { player: None, figure, x, y, feature, quarter, corner }
            }
            RecordAction::Free { figure, x, y, feature, .. } => {
                RecordAction::Free { player: None, figure, x, y, feature }
            }
            RecordAction::MoveWagon { x, y, feature, .. } => RecordAction::MoveWagon { player: None, x, y, feature },
            RecordAction::Carcassonne { figure, quarter, .. } => {
                RecordAction::Carcassonne { player: None, figure, quarter }
            }
            RecordAction::MoveCount { quarter, .. } => RecordAction::MoveCount { player: None, quarter },
            RecordAction::Redeploy { figure, x, y, feature, .. } => {
                RecordAction::Redeploy { player: None, figure, x, y, feature }
            }
            RecordAction::HeldTile { .. } => RecordAction::HeldTile { player: None },
            RecordAction::ChooseTile { tile, .. } => RecordAction::ChooseTile { player: None, tile },
            RecordAction::GiveTile { tile, to, .. } => RecordAction::GiveTile { player: None, tile, to },
            RecordAction::Pass { .. } => RecordAction::Pass { player: None },
        }
    }
}
