//! The players and their figures: seats and colours, the figures a player can deploy, what a
//! player has in supply, and a figure standing on the board.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::board::PlacementIndex;
use crate::catalog::{FeatureKind, LocalFeature};
use crate::features::NodeId;

/// A seat at the table, 0-based in turn order.
pub type PlayerId = u8;

/// Followers each player has in supply at the start (seed 001, PREPARATION: eight followers,
/// one of which marks the score).
pub const FOLLOWERS_PER_PLAYER: u8 = 7;

/// Most players a game can have.
pub const MAX_PLAYERS: usize = 6;

/// Player colours. A game uses 2 to 6 distinct colours; the seat order is the order given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    Red,
    Blue,
    Green,
    Yellow,
    Black,
    Gray,
    Pink,
}

impl Color {
    pub const ALL: [Color; 7] =
        [Color::Red, Color::Blue, Color::Green, Color::Yellow, Color::Black, Color::Gray, Color::Pink];

    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
            Color::Green => "green",
            Color::Yellow => "yellow",
            Color::Black => "black",
            Color::Gray => "gray",
            Color::Pink => "pink",
        }
    }

    pub fn from_name(s: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.name() == s)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The two neutral figures of Mage & Witch, which stand on an unfinished road or city (never
/// the same one) and change what it scores: the mage adds 1 point per tile, the witch halves
/// the points (rounded up).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MagicFigure {
    Mage,
    Witch,
}

impl MagicFigure {
    pub const ALL: [MagicFigure; 2] = [MagicFigure::Mage, MagicFigure::Witch];

    pub const fn name(self) -> &'static str {
        match self {
            MagicFigure::Mage => "mage",
            MagicFigure::Witch => "witch",
        }
    }

    pub fn from_name(s: &str) -> Option<MagicFigure> {
        MagicFigure::ALL.into_iter().find(|m| m.name() == s)
    }

    /// The other magic figure.
    pub const fn other(self) -> MagicFigure {
        match self {
            MagicFigure::Mage => MagicFigure::Witch,
            MagicFigure::Witch => MagicFigure::Mage,
        }
    }
}

/// A little building of Little Buildings: a tower, a house or a shed. Under the expansion's
/// rules "all three types of buildings are equivalent" and a building is placed without a kind
/// (`None` where a kind is optional); its variant (`Variants::little_buildings_values`) tells
/// them apart: a tower adds 3 points, a house 2, a shed 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BuildingKind {
    Tower,
    House,
    Shed,
}

impl BuildingKind {
    pub const ALL: [BuildingKind; 3] = [BuildingKind::Tower, BuildingKind::House, BuildingKind::Shed];

    pub const fn name(self) -> &'static str {
        match self {
            BuildingKind::Tower => "tower",
            BuildingKind::House => "house",
            BuildingKind::Shed => "shed",
        }
    }

    pub fn from_name(s: &str) -> Option<BuildingKind> {
        BuildingKind::ALL.into_iter().find(|k| k.name() == s)
    }

    /// The points a building of this kind adds to a feature scored under the variant that
    /// tells the kinds apart ("Tower +3, House +2, Shed +1").
    pub const fn points(self) -> u16 {
        match self {
            BuildingKind::Tower => 3,
            BuildingKind::House => 2,
            BuildingKind::Shed => 1,
        }
    }

    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

/// The figures a player can deploy. Each belongs to the module of the rules that brings it
/// (the dispatch in `expansions/mod.rs` sends a deployment to its module).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Figure {
    /// A follower: thief on a road, knight in a city, monk in a cloister, farmer in a field.
    Follower,
    /// The big follower of Inns & Cathedrals: one follower that counts as two for majorities
    /// (seed 001, INNS AND CATHEDRALS, "2. Deploy a follower", footnotes 34 and 35).
    BigFollower,
    /// The abbot (The Abbot): only on a cloister or a garden.
    Abbot,
    /// The builder (Traders & Builders): not a follower; on a road or city holding one of its
    /// owner's followers; extending that feature gives a double turn.
    Builder,
    /// The pig (Traders & Builders): not a follower; on a farm holding one of its owner's
    /// farmers; its owner scores 4 instead of 3 per city there.
    Pig,
    /// The mayor (Abbey & Mayor): a follower, only in a city; its strength is the city's
    /// pennants (seed 001, ABBEY AND MAYOR, "The mayor", footnotes 118 and 128).
    Mayor,
    /// The wagon (Abbey & Mayor): counts as a follower on a road, city or cloister; after its
    /// feature is scored it may move on (seed 001, "The wagon", footnotes 118 and 131).
    Wagon,
    /// The barn (Abbey & Mayor): a special figure on the corner where four farm tiles meet; it
    /// never leaves the board (seed 001, "The barn"). It is never a [`PlacedFigure`]: the
    /// expansion's module keeps the barns.
    Barn,
    /// The phantom (The Phantom): a follower in every respect (it counts one for majorities
    /// and scores as "a normal meeple"), which may also be deployed as a second follower after
    /// the figure phase's action (the Wikicarpedia page "The Phantom (1st edition)", "Placing a
    /// meeple"; the Assembled Game Reference's step 2B-2).
    Phantom,
    /// The shepherd (Hills & Sheep): a special figure, not a follower, on a field of the tile
    /// just placed that holds no other shepherd (farmers may be there, and may come later); it
    /// never counts for a majority, and its flock of sheep tokens scores when driven to the
    /// stable (the Wikicarpedia page "Hills & Sheep", "2. Placing a meeple").
    Shepherd,
    /// The ringmaster (Under the Big Top): a follower in every respect (one for majorities),
    /// but never an acrobat; when the feature he stands on is scored, his owner earns 2 points
    /// for each circus and acrobat tile on his tile and the eight around it, majority or not
    /// (the Wikicarpedia page "Under the Big Top"; the Assembled Game Reference's step 3B).
    Ringmaster,
}

impl Figure {
    pub const ALL: [Figure; 11] = [
        Figure::Follower,
        Figure::BigFollower,
        Figure::Abbot,
        Figure::Builder,
        Figure::Pig,
        Figure::Mayor,
        Figure::Wagon,
        Figure::Barn,
        Figure::Phantom,
        Figure::Shepherd,
        Figure::Ringmaster,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Figure::Follower => "follower",
            Figure::BigFollower => "big-follower",
            Figure::Abbot => "abbot",
            Figure::Builder => "builder",
            Figure::Pig => "pig",
            Figure::Mayor => "mayor",
            Figure::Wagon => "wagon",
            Figure::Barn => "barn",
            Figure::Phantom => "phantom",
            Figure::Shepherd => "shepherd",
            Figure::Ringmaster => "ringmaster",
        }
    }

    pub fn from_name(s: &str) -> Option<Figure> {
        Figure::ALL.into_iter().find(|f| f.name() == s)
    }

    /// Followers (small and big; the abbot is a follower only for cloisters and gardens; the
    /// mayor, and the wagon, which counts as one: seed 001 footnotes 118 and 131), as opposed to
    /// the builder and the pig, which depend on followers (Big Box rules), and the barn, "a
    /// special figure" (footnotes 118 and 134).
    pub const fn is_follower(self) -> bool {
        !matches!(self, Figure::Builder | Figure::Pig | Figure::Barn | Figure::Shepherd)
    }

    /// Whether the figure occupies its feature, so that no follower (and no other figure but
    /// the builder and the pig) may join it: every figure but the shepherd, which shares its
    /// field with farmers "and vice versa" (the Wikicarpedia page "Hills & Sheep").
    pub const fn occupies(self) -> bool {
        !matches!(self, Figure::Shepherd)
    }

    /// The figures that are followers ([`Figure::is_follower`]), in the order moves list them.
    pub const FOLLOWERS: [Figure; 7] = [
        Figure::Follower,
        Figure::BigFollower,
        Figure::Abbot,
        Figure::Mayor,
        Figure::Wagon,
        Figure::Phantom,
        Figure::Ringmaster,
    ];

    /// Whether the figure goes onto a feature beside one of its owner's followers (the builder
    /// and the pig); every other figure needs a feature with no figure on it.
    pub const fn joins_a_follower(self) -> bool {
        matches!(self, Figure::Builder | Figure::Pig)
    }

    /// Whether the figure can ever stand on a feature of `kind` by its module's rule (a
    /// necessary condition only: the listing of deployments skips the other kinds at once, and
    /// the full check decides the rest).
    #[inline]
    pub const fn may_stand_on(self, kind: FeatureKind) -> bool {
        use FeatureKind::*;
        match self {
            Figure::Follower | Figure::BigFollower | Figure::Phantom | Figure::Ringmaster => {
                matches!(kind, Road | City | Cloister | Field | Mountain | Prior | Hut)
            }
            Figure::Abbot => matches!(kind, Cloister | Garden | Prior),
            Figure::Builder => matches!(kind, Road | City),
            Figure::Pig | Figure::Shepherd => matches!(kind, Field),
            Figure::Mayor => matches!(kind, City),
            Figure::Wagon => matches!(kind, Road | City | Cloister | Prior),
            Figure::Barn => false,
        }
    }

    /// Whether the figure is deployed on a feature of the tile just placed (`Action::Deploy`);
    /// the barn goes on a corner instead (`Action::PlaceBarn`).
    pub const fn stands_on_features(self) -> bool {
        !matches!(self, Figure::Barn)
    }

    /// How many followers the figure counts as when the majority on a feature is decided (the
    /// mayor's strength depends on its city: [`Figure::strength_in`]).
    pub const fn strength(self) -> u8 {
        match self {
            // Seed 001, ABBEY AND MAYOR: "If a feature occupied by a wagon is scored, the wagon
            // counts as a normal follower".
            // The Phantom: "the phantom follower always counts as a normal follower".
            // Under the Big Top: the ringmaster is a follower with one vote (the Assembled Game
            // Reference's step 3B, "Ringmaster (1 vote)").
            Figure::Follower | Figure::Abbot | Figure::Wagon | Figure::Phantom | Figure::Ringmaster => 1,
            Figure::BigFollower => 2,
            // Seed 001, TRADERS AND BUILDERS: "The builder is not counted when calculating the
            // majority"; "The pig does not count when calculating the majority".
            Figure::Builder | Figure::Pig => 0,
            // Hills & Sheep: the shepherd is "a special figure, not a meeple".
            Figure::Mayor | Figure::Barn | Figure::Shepherd => 0,
        }
    }

    /// The figure's strength on a feature with `pennants` pennants: "The strength of the mayor
    /// is the same as the number of pennants in the city. If the city has no pennants, then the
    /// mayor has a strength of zero" (seed 001, ABBEY AND MAYOR, "The mayor").
    #[inline]
    pub fn strength_in(self, pennants: u16) -> u8 {
        match self {
            Figure::Mayor => pennants.min(u8::MAX as u16) as u8,
            _ => self.strength(),
        }
    }
}

/// A set of players as a bit mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PlayerSet(pub u8);

impl PlayerSet {
    pub fn contains(self, p: PlayerId) -> bool {
        self.0 & (1 << p) != 0
    }

    pub fn insert(&mut self, p: PlayerId) {
        self.0 |= 1 << p;
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn iter(self) -> impl Iterator<Item = PlayerId> {
        (0..8u8).filter(move |&p| self.contains(p))
    }

    /// The players with the highest count (all of them on a tie; nobody if every count is 0).
    pub fn majority(counts: &[u8; MAX_PLAYERS]) -> PlayerSet {
        let best = *counts.iter().max().unwrap_or(&0);
        let mut set = PlayerSet::default();
        if best > 0 {
            for (p, &n) in counts.iter().enumerate() {
                if n == best {
                    set.insert(p as PlayerId);
                }
            }
        }
        set
    }
}

/// A player's supply and score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerState {
    pub color: Color,
    pub score: u32,
    /// Followers in supply.
    pub followers: u8,
    /// Big followers in supply (Inns & Cathedrals: one each).
    pub big_followers: u8,
    /// Abbots in supply (The Abbot: one each).
    pub abbots: u8,
    /// Builders and pigs in supply (Traders & Builders: one each).
    pub builders: u8,
    pub pigs: u8,
    /// Mayors, wagons and barns in supply (Abbey & Mayor: one each).
    pub mayors: u8,
    pub wagons: u8,
    pub barns: u8,
    /// Phantoms in supply (The Phantom: one each).
    pub phantoms: u8,
    /// Shepherds in supply (Hills & Sheep: one each).
    pub shepherds: u8,
    /// Ringmasters in supply (Under the Big Top: one each).
    pub ringmasters: u8,
    /// Trade counters: wine, grain, cloth (Traders & Builders).
    pub goods: [u8; 3],
}

impl PlayerState {
    /// A player at the start: `followers` followers (seven unless a variation says otherwise),
    /// no score, and `supply(figure)` of each other figure.
    pub(crate) fn new(color: Color, followers: u8, supply: impl Fn(Figure) -> u8) -> PlayerState {
        PlayerState {
            color,
            score: 0,
            followers,
            big_followers: supply(Figure::BigFollower),
            abbots: supply(Figure::Abbot),
            builders: supply(Figure::Builder),
            pigs: supply(Figure::Pig),
            mayors: supply(Figure::Mayor),
            wagons: supply(Figure::Wagon),
            barns: supply(Figure::Barn),
            phantoms: supply(Figure::Phantom),
            shepherds: supply(Figure::Shepherd),
            ringmasters: supply(Figure::Ringmaster),
            goods: [0; 3],
        }
    }

    /// Those of `figures` the player has in supply, in their order: a fixed array and how many
    /// of it are filled (no allocation while moves are listed).
    pub(crate) fn figures_in_supply<const N: usize>(&self, figures: [Figure; N]) -> ([Figure; N], usize) {
        let (mut found, mut count) = ([Figure::Follower; N], 0);
        for figure in figures {
            if self.in_supply(figure) > 0 {
                found[count] = figure;
                count += 1;
            }
        }
        (found, count)
    }

    /// How many of a figure the player has in supply.
    pub fn in_supply(&self, figure: Figure) -> u8 {
        match figure {
            Figure::Follower => self.followers,
            Figure::BigFollower => self.big_followers,
            Figure::Abbot => self.abbots,
            Figure::Builder => self.builders,
            Figure::Pig => self.pigs,
            Figure::Mayor => self.mayors,
            Figure::Wagon => self.wagons,
            Figure::Barn => self.barns,
            Figure::Phantom => self.phantoms,
            Figure::Shepherd => self.shepherds,
            Figure::Ringmaster => self.ringmasters,
        }
    }

    pub(crate) fn supply_mut(&mut self, figure: Figure) -> &mut u8 {
        match figure {
            Figure::Follower => &mut self.followers,
            Figure::BigFollower => &mut self.big_followers,
            Figure::Abbot => &mut self.abbots,
            Figure::Builder => &mut self.builders,
            Figure::Pig => &mut self.pigs,
            Figure::Mayor => &mut self.mayors,
            Figure::Wagon => &mut self.wagons,
            Figure::Barn => &mut self.barns,
            Figure::Phantom => &mut self.phantoms,
            Figure::Shepherd => &mut self.shepherds,
            Figure::Ringmaster => &mut self.ringmasters,
        }
    }
}

/// A figure on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedFigure {
    pub owner: PlayerId,
    pub figure: Figure,
    pub placement: PlacementIndex,
    pub feature: LocalFeature,
    pub(crate) node: NodeId,
    /// Tells this figure apart from every other deployed in the game (the fairy stands next to
    /// one follower, which may leave).
    pub(crate) serial: FigureSerial,
}

/// The number of a deployment in the game. Two bytes keep `PlacedFigure` at 12 bytes; a game
/// deploys at most a few hundred figures.
pub(crate) type FigureSerial = u16;

/// The Messages (`expansions::messages`): the eight message tiles, by the number printed on
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MessageTile {
    /// 1: score the smallest road with one of your followers, as in the final scoring.
    SmallestRoad,
    /// 2: the same for a city.
    SmallestCity,
    /// 3: the same for a monastery (never a garden, seed 000's footnote 19).
    SmallestMonastery,
    /// 4: draw and place one more tile (the turn's steps 1B to 4A once more).
    ExtraTile,
    /// 5: 2 points per pennant in every city where you have a knight.
    Pennants,
    /// 6: 2 points per knight.
    Knights,
    /// 7: 3 points per farmer.
    Farmers,
    /// 8: score one of your followers as in the final scoring, and take it home.
    ScoreFollower,
}

impl MessageTile {
    pub const ALL: [MessageTile; 8] = [
        MessageTile::SmallestRoad,
        MessageTile::SmallestCity,
        MessageTile::SmallestMonastery,
        MessageTile::ExtraTile,
        MessageTile::Pennants,
        MessageTile::Knights,
        MessageTile::Farmers,
        MessageTile::ScoreFollower,
    ];

    /// The number printed on the tile, 1 to 8.
    pub fn number(self) -> u8 {
        self as u8 + 1
    }

    pub fn from_number(number: u8) -> Option<MessageTile> {
        MessageTile::ALL.get(usize::from(number).checked_sub(1)?).copied()
    }

    /// What the message says, in words.
    pub fn text(self) -> &'static str {
        match self {
            MessageTile::SmallestRoad => "score your smallest road",
            MessageTile::SmallestCity => "score your smallest city",
            MessageTile::SmallestMonastery => "score your smallest monastery",
            MessageTile::ExtraTile => "place one more tile",
            MessageTile::Pennants => "2 points per pennant in your cities",
            MessageTile::Knights => "2 points per knight",
            MessageTile::Farmers => "3 points per farmer",
            MessageTile::ScoreFollower => "score one of your followers and take it home",
        }
    }
}
