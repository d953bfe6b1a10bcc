//! The tile catalog: every tile design of every set, parsed from the text files under
//! `data/tiles/` that are embedded at compile time, and validated structurally.
//!
//! The file format is described at the top of `data/tiles/base.tiles`. A design is a list of
//! features; each feature has a kind, the ports it touches at rotation 0 and its attributes.
//! For speed, every design also carries its four rotated views: the packed edge terrains and
//! the feature found at each port.

use std::collections::HashMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::geometry::{Axis, Port, PortSet, Rotation, Terrain};

mod parse;

/// Index of a tile design in the [`Catalog`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileId(pub u16);

/// The kinds of feature a tile can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FeatureKind {
    Road,
    City,
    Field,
    Cloister,
    /// A garden (C2/C3 designs). Without The Abbot it is only scenery inside its field.
    Garden,
    /// A river segment (The River, The River II, GQ). It separates fields and holds no figure.
    River,
    /// A tower foundation (The Tower), where tower pieces are stacked and a follower may finish
    /// the tower. It touches no edge, is never completed and never scored: a follower on it
    /// stands on no road, city, cloister or farm. The catalog gives every design with the
    /// `tower` symbol this feature, as its last one.
    Tower,
    /// A mountain (the variation "Mountains"): a tile placed upside down. It touches no edge, is
    /// never completed and never scored; a follower on it is a miner, which stays until the end
    /// of the game. Only the catalog's synthesized mountain design has it.
    Mountain,
    /// A special monastery's other place (Monasteries in Germany, Monasteries in the
    /// Netherlands & Belgium, Japanese Buildings): a follower put on the monastery lying on its
    /// side, its abbot ("claustral prior" in the third edition), scored only at the end of the
    /// game for the monastery's row and column. It touches no edge; it and the monastery's
    /// cloister are one feature to occupy (a figure on either keeps the other free of others).
    /// The catalog gives every design whose cloister is `special` this feature, as its last one.
    Prior,
    /// Baba Yaga's hut (the Russian promotional tiles of 2013): an "anti-cloister" in the
    /// middle of its tile, which takes one follower (Baba Yaga). It touches no edge; it is
    /// completed when the eight tiles around it are down and is worth 1 point for itself and 1
    /// for each empty place around it.
    Hut,
    /// A trap (the Russian promotional tiles of 2016): the Vodyanoy's lake or Solovei
    /// Razboynik's tree (the tile's symbol says which), in the middle of its tile. It touches no
    /// edge, is never completed and never scored as a feature; no figure is deployed there, but
    /// the followers it traps stand on it until their owners free them (the Vodyanoy's cost 2
    /// points each at the end).
    Trap,
    /// An acrobat space (Under the Big Top): a place in the middle of its tile where up to three
    /// normal followers of any players stand as a pyramid. It touches no edge and is never
    /// completed; a full pyramid is scored by a player's action, and every acrobat scores at the
    /// end. The catalog gives every design with the `acrobats` symbol this feature, as its last
    /// one.
    Acrobats,
}

impl FeatureKind {
    pub const fn name(self) -> &'static str {
        match self {
            FeatureKind::Road => "road",
            FeatureKind::City => "city",
            FeatureKind::Field => "field",
            FeatureKind::Cloister => "cloister",
            FeatureKind::Garden => "garden",
            FeatureKind::River => "river",
            FeatureKind::Tower => "tower",
            FeatureKind::Mountain => "mountain",
            FeatureKind::Prior => "prior",
            FeatureKind::Hut => "hut",
            FeatureKind::Trap => "trap",
            FeatureKind::Acrobats => "acrobats",
        }
    }

    pub fn from_name(s: &str) -> Option<FeatureKind> {
        Some(match s {
            "road" => FeatureKind::Road,
            "city" => FeatureKind::City,
            "field" => FeatureKind::Field,
            "cloister" => FeatureKind::Cloister,
            "garden" => FeatureKind::Garden,
            "river" => FeatureKind::River,
            "tower" => FeatureKind::Tower,
            "mountain" => FeatureKind::Mountain,
            "prior" => FeatureKind::Prior,
            "hut" => FeatureKind::Hut,
            "trap" => FeatureKind::Trap,
            "acrobats" => FeatureKind::Acrobats,
            _ => return None,
        })
    }

    /// Features that occupy tile edges and so continue onto neighbouring tiles.
    pub const fn is_edge_feature(self) -> bool {
        matches!(self, FeatureKind::Road | FeatureKind::City | FeatureKind::Field | FeatureKind::River)
    }
}

impl fmt::Display for FeatureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A printing of a set: the original artwork or the C2/C3 artwork (with gardens).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Edition {
    /// First edition designs, as in seed 001 (The Big Box). The default.
    First,
    /// Second and third edition (C2/C3) designs: some tiles carry a garden.
    Second,
}

impl Edition {
    pub const fn name(self) -> &'static str {
        match self {
            Edition::First => "first",
            Edition::Second => "second",
        }
    }

    pub fn from_name(s: &str) -> Option<Edition> {
        match s {
            "first" => Some(Edition::First),
            "second" => Some(Edition::Second),
            _ => None,
        }
    }
}

/// The trade goods of Traders & Builders, shown in city segments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TradeGood {
    Wine,
    Grain,
    Cloth,
}

impl TradeGood {
    pub const ALL: [TradeGood; 3] = [TradeGood::Wine, TradeGood::Grain, TradeGood::Cloth];

    pub const fn name(self) -> &'static str {
        match self {
            TradeGood::Wine => "wine",
            TradeGood::Grain => "grain",
            TradeGood::Cloth => "cloth",
        }
    }

    pub fn from_name(s: &str) -> Option<TradeGood> {
        TradeGood::ALL.into_iter().find(|g| g.name() == s)
    }
}

/// Symbols printed on a tile as a whole (not on one feature).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symbol {
    /// A tower foundation (The Tower).
    Tower,
    /// The dragon symbol (The Princess & the Dragon).
    Dragon,
    /// A volcano (The Princess & the Dragon; the River II lake).
    Volcano,
    /// A magic gate (The Princess & the Dragon).
    MagicGate,
    /// An abbey (Abbey & Mayor): the abbey tile's cloister.
    Abbey,
    /// The festival symbol (The Festival): placing the tile lets its player take a figure back.
    Festival,
    /// The gold symbol (The Gold Mines): placing the tile puts gold ingots on it and a neighbour.
    Gold,
    /// The orange wind rose (The Wind Roses): the start tile's full rose, which divides the
    /// playing area into four sections until the blue rose is placed.
    WindRoseOrange,
    /// The blue wind rose (The Wind Roses): once placed, its full rose divides the playing area
    /// in place of the orange one, for the rest of the game.
    WindRoseBlue,
    /// A quarter wind rose (The Wind Roses) naming the north-east section: the tile scores 3
    /// points when placed in that section.
    RoseNorthEast,
    /// A quarter wind rose naming the south-east section.
    RoseSouthEast,
    /// A quarter wind rose naming the south-west section.
    RoseSouthWest,
    /// A quarter wind rose naming the north-west section.
    RoseNorthWest,
    /// The Darmstadtium (the Darmstadt promotional tiles): a completed city holding it pays its
    /// majority 3 points more.
    Darmstadtium,
    /// A watchtower (The Watchtowers) paying 2 points per follower on its tile and the eight
    /// around it, when a follower on its tile's road or city is scored.
    WatchtowerFollowers,
    /// A watchtower paying 2 points per coat of arms on the nine tiles.
    WatchtowerArms,
    /// A watchtower paying 1 point per tile of the nine showing a road.
    WatchtowerRoads,
    /// A watchtower paying 3 points per monastery (cloister, shrine, abbey, special monastery)
    /// on the nine tiles.
    WatchtowerMonasteries,
    /// A watchtower paying 1 point per tile of the nine showing a city.
    WatchtowerCities,
    /// The Vodyanoy (the Russian promotional tiles of 2016): the tile's trap is the water
    /// spirit's lake, which pulls in the followers on the eight tiles around it.
    Vodyanoy,
    /// Solovei Razboynik (the Russian promotional tiles of 2016): the tile's trap is the
    /// robber's tree, which catches the followers on its road nearest to it.
    SoloveiRazboynik,
    /// La Porxada, the columned hall in the tile's city (La Porxada): its player chooses a
    /// swap of followers or the end-of-game bonus.
    Porxada,
    /// A crop circle with a shield (The Crop Circles): after the tile's turn, the knights (the
    /// followers in cities) are added to or taken back.
    CropShield,
    /// A crop circle with a club (The Crop Circles): the thieves (the followers on roads).
    CropClub,
    /// A crop circle with a pitchfork (The Crop Circles): the farmers (the followers in fields).
    CropPitchfork,
    /// The magic symbol (Mage & Witch): placing the tile moves the mage or the witch.
    Magic,
    /// A flying machine whose arrow points west when the tile is turned 0° (The Flier): a
    /// follower put on it flies 1 to 3 tiles that way.
    FlierWest,
    /// A flying machine whose arrow points north-west when the tile is turned 0° (The Flier):
    /// it flies diagonally.
    FlierNorthWest,
    /// A ferry lake (The Ferries): the tile's roads end at the lake, and a ferry put on it
    /// joins two of them.
    FerryLake,
    /// A plague doctor (The Plague): the tile is a plague source, where an outbreak breaks out
    /// when it is placed.
    PlagueSource,
    /// A hill (Hills & Sheep): the tile lies on a second tile, face down; followers on its
    /// features win a tie for the majority.
    Hill,
    /// A vineyard (Hills & Sheep): a completed monastery beside it scores 3 points more.
    Vineyard,
    /// A circus space (Under the Big Top): the big top moves onto the tile when it is placed,
    /// and scores the tile it leaves. No figure stands on the space.
    Circus,
    /// An acrobat space (Under the Big Top): the design's `acrobats` feature, where followers
    /// build a pyramid.
    Acrobats,
    /// A bazaar (Bridges, Castles & Bazaars): placing the tile (not bought at a bazaar) holds
    /// an auction of tiles at the end of the turn.
    Bazaar,
    /// A fair (The Catapult): placing the tile holds a catapult round at the end of the turn.
    /// The fair ends the roads that run into it; no figure stands on it.
    Fair,
}

impl Symbol {
    pub const ALL: [Symbol; 36] = [
        Symbol::Tower,
        Symbol::Dragon,
        Symbol::Volcano,
        Symbol::MagicGate,
        Symbol::Abbey,
        Symbol::Festival,
        Symbol::Gold,
        Symbol::WindRoseOrange,
        Symbol::WindRoseBlue,
        Symbol::RoseNorthEast,
        Symbol::RoseSouthEast,
        Symbol::RoseSouthWest,
        Symbol::RoseNorthWest,
        Symbol::Darmstadtium,
        Symbol::WatchtowerFollowers,
        Symbol::WatchtowerArms,
        Symbol::WatchtowerRoads,
        Symbol::WatchtowerMonasteries,
        Symbol::WatchtowerCities,
        Symbol::Vodyanoy,
        Symbol::SoloveiRazboynik,
        Symbol::Porxada,
        Symbol::CropShield,
        Symbol::CropClub,
        Symbol::CropPitchfork,
        Symbol::Magic,
        Symbol::FlierWest,
        Symbol::FlierNorthWest,
        Symbol::FerryLake,
        Symbol::PlagueSource,
        Symbol::Hill,
        Symbol::Vineyard,
        Symbol::Circus,
        Symbol::Acrobats,
        Symbol::Bazaar,
        Symbol::Fair,
    ];

    /// Whether the symbol is a flying machine (The Flier).
    pub const fn is_flying_machine(self) -> bool {
        matches!(self, Symbol::FlierWest | Symbol::FlierNorthWest)
    }

    /// The watchtowers (The Watchtowers), one per thing they watch over.
    pub const WATCHTOWERS: [Symbol; 5] = [
        Symbol::WatchtowerFollowers,
        Symbol::WatchtowerArms,
        Symbol::WatchtowerRoads,
        Symbol::WatchtowerMonasteries,
        Symbol::WatchtowerCities,
    ];

    /// For a watchtower, what it watches over, in words ("followers", "coats of arms", "tiles
    /// with a road", "monasteries", "tiles with a city"), and the points each is worth, as
    /// printed on the tower (the Wikicarpedia page "The Watchtowers", "3. Scoring a feature": 2
    /// points per meeple, 2 per coat of arms, 1 per tile showing a road, 3 per monastery, 1 per
    /// tile showing a city); `None` for every other symbol.
    pub const fn watchtower(self) -> Option<(&'static str, u32)> {
        Some(match self {
            Symbol::WatchtowerFollowers => ("followers", 2),
            Symbol::WatchtowerArms => ("coats of arms", 2),
            Symbol::WatchtowerRoads => ("tiles with a road", 1),
            Symbol::WatchtowerMonasteries => ("monasteries", 3),
            Symbol::WatchtowerCities => ("tiles with a city", 1),
            _ => return None,
        })
    }

    /// Whether the symbol is a watchtower.
    pub const fn is_watchtower(self) -> bool {
        self.watchtower().is_some()
    }

    pub const fn name(self) -> &'static str {
        match self {
            Symbol::Tower => "tower",
            Symbol::Dragon => "dragon",
            Symbol::Volcano => "volcano",
            Symbol::MagicGate => "magic-gate",
            Symbol::Abbey => "abbey",
            Symbol::Festival => "festival",
            Symbol::Gold => "gold",
            Symbol::WindRoseOrange => "wind-rose-orange",
            Symbol::WindRoseBlue => "wind-rose-blue",
            Symbol::RoseNorthEast => "rose-ne",
            Symbol::RoseSouthEast => "rose-se",
            Symbol::RoseSouthWest => "rose-sw",
            Symbol::RoseNorthWest => "rose-nw",
            Symbol::Darmstadtium => "darmstadtium",
            Symbol::WatchtowerFollowers => "watchtower-followers",
            Symbol::WatchtowerArms => "watchtower-arms",
            Symbol::WatchtowerRoads => "watchtower-roads",
            Symbol::WatchtowerMonasteries => "watchtower-monasteries",
            Symbol::WatchtowerCities => "watchtower-cities",
            Symbol::Vodyanoy => "vodyanoy",
            Symbol::SoloveiRazboynik => "solovei-razboynik",
            Symbol::Porxada => "porxada",
            Symbol::CropShield => "crop-shield",
            Symbol::CropClub => "crop-club",
            Symbol::CropPitchfork => "crop-pitchfork",
            Symbol::Magic => "magic",
            Symbol::FlierWest => "flier-w",
            Symbol::FlierNorthWest => "flier-nw",
            Symbol::FerryLake => "ferry-lake",
            Symbol::PlagueSource => "plague",
            Symbol::Hill => "hill",
            Symbol::Vineyard => "vineyard",
            Symbol::Circus => "circus",
            Symbol::Acrobats => "acrobats",
            Symbol::Bazaar => "bazaar",
            Symbol::Fair => "fair",
        }
    }

    /// For a crop circle, the kind of feature whose followers it concerns (The Crop Circles:
    /// the shield knights in cities, the club thieves on roads, the pitchfork farmers in
    /// fields); `None` for every other symbol.
    pub const fn crop_circle(self) -> Option<FeatureKind> {
        match self {
            Symbol::CropShield => Some(FeatureKind::City),
            Symbol::CropClub => Some(FeatureKind::Road),
            Symbol::CropPitchfork => Some(FeatureKind::Field),
            _ => None,
        }
    }

    /// The quarter wind roses, in the order of the sections' bits
    /// (`Game::wind_rose_sections`).
    pub const QUARTER_ROSES: [Symbol; 4] =
        [Symbol::RoseNorthEast, Symbol::RoseSouthEast, Symbol::RoseSouthWest, Symbol::RoseNorthWest];

    /// A full wind rose (The Wind Roses), which sets the four sections once placed.
    pub const fn is_full_rose(self) -> bool {
        matches!(self, Symbol::WindRoseOrange | Symbol::WindRoseBlue)
    }

    /// For a quarter wind rose, the corner of the section it names, as steps east and south
    /// (north-east is `(1, -1)`) in the frame of the full rose that sets the sections.
    pub const fn rose_quarter(self) -> Option<(i16, i16)> {
        match self {
            Symbol::RoseNorthEast => Some((1, -1)),
            Symbol::RoseSouthEast => Some((1, 1)),
            Symbol::RoseSouthWest => Some((-1, 1)),
            Symbol::RoseNorthWest => Some((-1, -1)),
            _ => None,
        }
    }

    pub fn from_name(s: &str) -> Option<Symbol> {
        Symbol::ALL.into_iter().find(|g| g.name() == s)
    }
}

/// The special role of a river tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RiverRole {
    /// Where a river starts (placed first).
    Spring,
    /// Where a river ends (placed last).
    Lake,
    /// The River II fork (placed first of River II's tiles).
    Fork,
}

impl RiverRole {
    pub const fn name(self) -> &'static str {
        match self {
            RiverRole::Spring => "spring",
            RiverRole::Lake => "lake",
            RiverRole::Fork => "fork",
        }
    }

    pub fn from_name(s: &str) -> Option<RiverRole> {
        [RiverRole::Spring, RiverRole::Lake, RiverRole::Fork].into_iter().find(|r| r.name() == s)
    }
}

/// The attributes a feature segment can carry.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct FeatureAttrs {
    /// An inn on this road segment (Inns & Cathedrals).
    pub inn: bool,
    /// A labyrinth on this road segment (The Labyrinths): the roads that enter it are one road.
    pub labyrinth: bool,
    /// A special monastery (Monasteries in Germany, in the Netherlands & Belgium, Japanese
    /// Buildings): this cloister may also take a follower as its prior (`FeatureKind::Prior`).
    pub special: bool,
    /// A shrine (Heretics and Shrines, "The Cult"): a cloister for every rule, save that it
    /// races the cloister next to it (`expansions::shrines`). A follower on it is a heretic.
    pub shrine: bool,
    /// A church (the Darmstadt churches): a cloister for every rule, save that its completion
    /// during the game pays 3 points to the players with the most followers around it
    /// (`expansions::churches`).
    pub church: bool,
    /// A cathedral in this city segment (Inns & Cathedrals).
    pub cathedral: bool,
    /// A trade good in this city segment (Traders & Builders).
    pub good: Option<TradeGood>,
    /// A Cathar siege in this city segment (The Cathars).
    pub besieged: bool,
    /// A princess in this city segment (The Princess & the Dragon).
    pub princess: bool,
    /// A pig-herd in this field segment (River II).
    pub pig_herd: bool,
    /// Pigs drawn in a field that is officially not a pig-herd (the GQ tile: seed 001, GQ
    /// footnote 116); a house rule may count it as one.
    pub pigs_drawn: bool,
    /// A tunnel on this road segment (The Princess & the Dragon, Abbey & Mayor): the road runs
    /// on under a city; nothing to do with The Tunnel's openings (`portal`).
    pub tunnel: bool,
    /// The road segment ends in a tunnel opening (The Tunnel): an open end until a tunnel token
    /// pair joins it to another opening's road.
    pub portal: bool,
    /// Wells on this road segment (Abbey & Mayor's well crossing).
    pub wells: u8,
    /// The groups of features of this tile that count as adjacent for the first-edition wagon
    /// rule (Abbey & Mayor): bit `i` for group letter `a + i`; features sharing a group are
    /// adjacent.
    pub wagon_groups: u8,
    /// A city segment that cannot be half of a castle (Bridges, Castles & Bazaars: a castle is
    /// built on a town of two semicircular segments; this segment's wall is drawn otherwise).
    pub no_castle: bool,
    /// The road of a wooden bridge (Bridges, Castles & Bazaars): only the catalog's bridged
    /// designs have one, the last feature.
    pub bridge: bool,
}

impl FeatureAttrs {
    /// No attribute (the `Default`, usable in a constant).
    pub const NONE: FeatureAttrs = FeatureAttrs {
        inn: false,
        labyrinth: false,
        special: false,
        shrine: false,
        church: false,
        cathedral: false,
        good: None,
        besieged: false,
        princess: false,
        pig_herd: false,
        pigs_drawn: false,
        tunnel: false,
        portal: false,
        wells: 0,
        wagon_groups: 0,
        no_castle: false,
        bridge: false,
    };
}

/// Index of a feature within its tile design (0-based, in catalog order).
pub type LocalFeature = u8;

/// One feature of a tile design at rotation 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureSpec {
    pub kind: FeatureKind,
    /// The ports the feature touches at rotation 0 (empty for cloisters and gardens).
    pub ports: PortSet,
    /// Pennants (coats of arms) on this city segment.
    pub pennants: u8,
    /// For fields: the city features of the same tile that the field touches.
    pub borders: Vec<LocalFeature>,
    /// For a field enclosed between city segments, touching no edge: its name on the tile
    /// (1 for `I`, 2 for `II`, ...). On a partial tile of the Count's unit, `city I` is the
    /// tile's part of the city of Carcassonne itself. 0 otherwise.
    pub inner: u8,
    pub attrs: FeatureAttrs,
}

impl FeatureSpec {
    pub fn ports(&self) -> impl Iterator<Item = Port> + '_ {
        Port::all().filter(move |p| self.ports & p.bit() != 0)
    }

    /// The first port of the feature (its name in records), if it has any.
    pub fn first_port(&self) -> Option<Port> {
        self.ports().next()
    }
}

/// A tile design seen at one rotation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RotatedView {
    /// Terrain codes of the four sides (N, E, S, W), one byte each, as compared by placement.
    pub edges: u32,
    /// The feature at each port (board orientation), or [`NO_FEATURE`].
    pub port_feature: [LocalFeature; 12],
}

/// Number of edge constraint codes: five states per side (no neighbour, or one of the four
/// terrains).
pub const FIT_TABLE_SIZE: usize = 625;

/// Marks a port that belongs to no feature.
pub const NO_FEATURE: LocalFeature = u8::MAX;

/// One tile design: its features, counts per edition, and rotated views.
#[derive(Clone, Debug)]
pub struct TileDesign {
    /// Catalog id, `set:name`, e.g. `base:D`.
    pub id: String,
    pub set: String,
    /// The design's name within its set, e.g. `D`.
    pub name: String,
    /// How many copies each edition has (0 if the design is not in that edition).
    pub counts: Vec<(Edition, u8)>,
    /// True for the start tile; its count includes the copy used to start the game.
    pub start: bool,
    /// The role of a special river tile.
    pub river: Option<RiverRole>,
    /// Symbols printed on the tile.
    pub symbols: Vec<Symbol>,
    /// A tile of a unit placed whole at set-up (The Count of Carcassonne): edges that face the
    /// other tiles of the unit carry no feature, so the edge-coverage check is relaxed.
    pub partial: bool,
    /// For a `partial` design, its column and row in its unit, turned as printed (the city of
    /// Carcassonne is 4 tiles wide and 3 high; docs/rules.md).
    pub unit_at: Option<(u8, u8)>,
    /// A tile each player holds in supply instead of shuffling it into the pile (the abbey
    /// tiles of Abbey & Mayor, one per player); `count` is the number in the box.
    pub supply: bool,
    pub features: Vec<FeatureSpec>,
    /// Terrain on N, E, S, W at rotation 0.
    pub edges: [Terrain; 4],
    pub rotations: [RotatedView; 4],
    /// Bit `r` set when rotation `r` looks different from every smaller rotation.
    pub distinct_rotations: u8,
    /// For every edge constraint code (see `board::FrontierCell::code`), the rotations whose
    /// edges satisfy it (bit `r`, the low four bits) and how many they are (the high four):
    /// placement tests become one table load, and counting the placements needs no population
    /// count (which the baseline x86-64 target does in software: it was a fifth of a random
    /// playout). Read through [`TileDesign::rotations_fitting`] and
    /// [`TileDesign::placements_fitting`].
    fits_by_code: Vec<u8>,
    /// The cloister feature, if the tile has one.
    pub cloister: Option<LocalFeature>,
    /// The garden feature, if the tile has one (C2/C3 designs).
    pub garden: Option<LocalFeature>,
    /// Baba Yaga's hut (`FeatureKind::Hut`), if the tile has one.
    pub hut: Option<LocalFeature>,
    /// The Vodyanoy's lake or Solovei Razboynik's tree (`FeatureKind::Trap`), if the tile has
    /// one.
    pub trap: Option<LocalFeature>,
    /// The acrobat space (`FeatureKind::Acrobats`, Under the Big Top), if the tile has one.
    pub acrobats: Option<LocalFeature>,
    /// The prior's place of a special monastery (`FeatureKind::Prior`), if the tile has one.
    pub prior: Option<LocalFeature>,
    /// The road of a wooden bridge (Bridges, Castles & Bazaars) on a bridged design, the last
    /// feature.
    pub bridge: Option<LocalFeature>,
    /// The same design with a bridge across it, by [`Axis`] at rotation 0 (north-south, then
    /// east-west), where one may be built: both ends on field edges (`Catalog::add_bridges`).
    pub bridged: [Option<TileId>; 2],
    /// For a bridged design, the design without the bridge.
    pub unbridged: Option<TileId>,
}

impl TileDesign {
    /// The rotations (bit `r` for rotation `r`) whose edges satisfy the edge constraint `code`
    /// of a frontier position (`board::FrontierCell::code`).
    #[inline]
    pub fn rotations_fitting(&self, code: u16) -> u8 {
        self.fits_by_code[code as usize] & 0x0F
    }

    /// How many rotations satisfy the edge constraint `code`: `rotations_fitting(code)`'s bits.
    #[inline]
    pub fn placements_fitting(&self, code: u16) -> usize {
        (self.fits_by_code[code as usize] >> 4) as usize
    }

    pub fn count(&self, edition: Edition) -> u8 {
        self.counts.iter().find(|(e, _)| *e == edition).map_or(0, |(_, n)| *n)
    }

    /// The edge letters N, E, S, W at rotation 0 (`c` city, `r` road, `f` field, `s` river).
    pub fn edge_letters(&self) -> String {
        self.edges.iter().map(|t| t.letter()).collect()
    }

    /// Whether the tile's cloister is a shrine (Heretics and Shrines).
    #[inline]
    pub fn is_shrine(&self) -> bool {
        self.cloister.is_some_and(|c| self.features[c as usize].attrs.shrine)
    }

    /// Whether the tile's cloister is a church (the Darmstadt churches).
    #[inline]
    pub fn is_church(&self) -> bool {
        self.cloister.is_some_and(|c| self.features[c as usize].attrs.church)
    }

    pub fn view(&self, rotation: Rotation) -> &RotatedView {
        &self.rotations[rotation.index()]
    }

    /// The feature that touches `port` when the tile is turned by `rotation`.
    pub fn feature_at(&self, rotation: Rotation, port: Port) -> Option<LocalFeature> {
        let f = self.rotations[rotation.index()].port_feature[port.index()];
        (f != NO_FEATURE).then_some(f)
    }

    /// True if the tile shows a river. Validation guarantees that a river feature always
    /// reaches an edge, so the four edge terrains answer it (this runs on the playout path).
    pub fn has_river(&self) -> bool {
        self.edges.contains(&Terrain::River)
    }

    /// True if the tile shows a cloister.
    pub fn has_cloister(&self) -> bool {
        self.cloister.is_some()
    }

    /// True for the mountain of the variation "Mountains" (a tile placed upside down).
    pub fn is_mountain(&self) -> bool {
        matches!(self.features.as_slice(), [only] if only.kind == FeatureKind::Mountain)
    }

    /// Whether `rotation` shows the tile differently from every smaller rotation.
    pub fn is_distinct_rotation(&self, rotation: Rotation) -> bool {
        self.distinct_rotations & (1 << rotation.index()) != 0
    }
}

/// A set of tiles: its designs and the editions it was printed in.
#[derive(Clone, Debug)]
pub struct TileSet {
    pub id: String,
    pub editions: Vec<Edition>,
    pub designs: Vec<TileId>,
    /// The quarters of the unit its `partial` tiles form (The Count of Carcassonne), in the
    /// order the catalog lists them; empty for other sets.
    pub quarters: Vec<QuarterSpec>,
}

/// A quarter of the city of Carcassonne (seed 001, THE COUNT OF CARCASSONNE): followers wait
/// there and may be redeployed only to features of one kind. The quarters belong to the city
/// as a whole, not to single tiles: "the followers in Carcassonne aren't unambiguously on the
/// tiles as such" (footnote 50). Listed clockwise from the castle, where the count starts: the
/// seeds do not draw the city; the order is the printed city's (castle top right, then market,
/// blacksmith and cathedral), which the count's "clockwise" variant follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Quarter {
    Castle,
    Market,
    Blacksmith,
    Cathedral,
}

impl Quarter {
    /// Clockwise, from the castle.
    pub const ALL: [Quarter; 4] = [Quarter::Castle, Quarter::Market, Quarter::Blacksmith, Quarter::Cathedral];

    pub const fn name(self) -> &'static str {
        match self {
            Quarter::Castle => "castle",
            Quarter::Market => "market",
            Quarter::Blacksmith => "blacksmith",
            Quarter::Cathedral => "cathedral",
        }
    }

    pub fn from_name(s: &str) -> Option<Quarter> {
        Quarter::ALL.into_iter().find(|q| q.name() == s)
    }

    /// The next quarter clockwise.
    pub const fn clockwise(self) -> Quarter {
        Quarter::ALL[(self as usize + 1) % 4]
    }
}

impl fmt::Display for Quarter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A quarter of a set's unit of partial tiles and the kind of feature its followers may be
/// redeployed to (`quarter <name> feeds=<kind>` in the catalog).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuarterSpec {
    pub quarter: Quarter,
    pub feeds: FeatureKind,
}

impl TileSet {
    /// The edition used for this set when `wanted` is asked for: `wanted` if the set was printed
    /// in it, else the set's first printing.
    pub fn edition_for(&self, wanted: Edition) -> Edition {
        if self.editions.contains(&wanted) {
            wanted
        } else {
            self.editions[0]
        }
    }
}

/// An error in a catalog file: which file, which line, what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {message}")]
pub struct CatalogError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

/// The id of the mountain design (the variation "Mountains"), which the built-in catalog adds to
/// the designs of its files: no set holds it and no deck contains it; a drawn tile turned upside
/// down is put on the board as this design.
pub const MOUNTAIN_ID: &str = "variations:mountain";

/// Every tile design the engine knows.
#[derive(Clone, Debug, Default)]
pub struct Catalog {
    designs: Vec<TileDesign>,
    sets: Vec<TileSet>,
    by_id: HashMap<String, TileId>,
}

/// The catalog files embedded in the engine.
pub const BUILTIN_FILES: &[(&str, &str)] = &[
    ("base.tiles", include_str!("../../../../data/tiles/base.tiles")),
    ("expansions.tiles", include_str!("../../../../data/tiles/expansions.tiles")),
    ("winter.tiles", include_str!("../../../../data/tiles/winter.tiles")),
    ("further.tiles", include_str!("../../../../data/tiles/further.tiles")),
];

impl Catalog {
    pub fn designs(&self) -> &[TileDesign] {
        &self.designs
    }

    /// The designs of the catalog's files and the mountain, without the bridged designs that
    /// follow them (`Catalog::add_bridges`): the designs a tile drawn, held or bought can have,
    /// indexed by their `TileId` as in [`Catalog::designs`].
    pub fn printed_designs(&self) -> &[TileDesign] {
        let end = self.designs.iter().position(|d| d.unbridged.is_some()).unwrap_or(self.designs.len());
        &self.designs[..end]
    }

    pub fn design(&self, id: TileId) -> &TileDesign {
        &self.designs[id.0 as usize]
    }

    pub fn sets(&self) -> &[TileSet] {
        &self.sets
    }

    pub fn set(&self, id: &str) -> Option<&TileSet> {
        self.sets.iter().find(|s| s.id == id)
    }

    /// The mountain design of the variation "Mountains" (the built-in catalog has it).
    pub fn mountain(&self) -> Option<TileId> {
        self.lookup(MOUNTAIN_ID)
    }

    /// The design `tile` with a wooden bridge across it along `axis` (at rotation 0), if one may
    /// be built there (Bridges, Castles & Bazaars).
    #[inline]
    pub fn bridged(&self, tile: TileId, axis: Axis) -> Option<TileId> {
        self.design(tile).bridged[axis.index()]
    }

    /// Looks a design up by its id (`base:D`).
    pub fn lookup(&self, id: &str) -> Option<TileId> {
        self.by_id.get(id).copied()
    }

    /// The Count of Carcassonne: the kind of feature the figures waiting in `quarter` may be
    /// redeployed to (the `quarter` lines of the set whose unit has quarters).
    pub fn quarter_feeds(&self, quarter: Quarter) -> Option<FeatureKind> {
        self.sets.iter().flat_map(|s| &s.quarters).find(|q| q.quarter == quarter).map(|q| q.feeds)
    }

    /// The Count of Carcassonne: the quarter whose figures may be redeployed to features of
    /// `kind`.
    pub fn quarter_feeding(&self, kind: FeatureKind) -> Option<Quarter> {
        self.sets.iter().flat_map(|s| &s.quarters).find(|q| q.feeds == kind).map(|q| q.quarter)
    }

    /// The designs of a set in one edition with their counts (designs absent from the edition
    /// are left out).
    pub fn edition_designs(&self, set: &TileSet, edition: Edition) -> Vec<(TileId, u8)> {
        set.designs.iter().map(|&id| (id, self.design(id).count(edition))).filter(|&(_, n)| n > 0).collect()
    }
}

/// Names of fields enclosed inside a tile (touching no edge).
pub const INNER_NAMES: [&str; 4] = ["I", "II", "III", "IV"];
