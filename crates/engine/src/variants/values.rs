//! The values of the variants that are more than a switch: one enum per rule difference, each
//! value with the seed passage it comes from.

use serde::{Deserialize, Serialize};

/// With a river, what becomes of the base game's start tile (seed 001, THE RIVER, Preparation:
/// "The original starting tile can either be mixed into the stack of river tiles, or placed as
/// soon as the river has been completed, and is treated like a normal tile"; seed 003).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RiverStartTile {
    /// Placed as soon as the river is completed: the first tile drawn after the lake (seed 001;
    /// the default, as it keeps the river's stack all river and the tile comes at a known time).
    #[default]
    AfterRiver,
    /// Mixed into the stack of river tiles, and placed like a normal tile when drawn (seed 001).
    InRiverStack,
    /// Returned to the box (seed 003, The River, Components: "return the start tile to the box").
    Discarded,
    /// Shuffled into the land tiles: "Mix base starting tile with the rest of normal land tiles,
    /// if using the tile bag" (seed 004, Prepare start tile(s)) and "When playing with a bag for
    /// the tiles, the original starting tile may be put into the bag" (seeds 000 and 002, House
    /// rules, dwhitworth); also the reading of version 1 of the records.
    Shuffled,
}

/// Which spring and which lake make the one river when several river sets are in play (seed
/// 001, footnote 29: "One spring and one lake are discarded").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CombinedRivers {
    /// Seed 004, "Prepare start tile(s)": the GQ spring when the GQ tiles are in play (seed 001,
    /// GQ: "obviously intended as a replacement"), else the River II's; the River II's lake
    /// "(the one with the volcano)" when The River II is in play. The default.
    #[default]
    AssembledReference,
    /// The spring and the lake of the first river set (The River before The River II, the GQ
    /// spring never): the engine's reading before version 2 of the records.
    FirstSet,
}

/// The River II's volcano lake when The Princess & the Dragon is not in play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VolcanoLake {
    /// "If you don't possess the relevant expansions, the inn, volcano and pig-herd tiles have
    /// no particular significance" (seed 001, THE RIVER II). The default.
    #[default]
    NoSignificance,
    /// "you cannot place a meeple on that tile. Immediately after placing it, take another
    /// turn by drawing a normal tile" (seed 000, The River, "2. Placing a meeple").
    ExtraTurn,
}

/// Where Abbey & Mayor's wagon may move after its feature is scored (seed 004, step 3B, gives
/// both wordings: "to any adjoining unoccupied uncompleted feature" and "any unoccupied
/// uncompleted feature on the same tile or around it").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WagonMoves {
    /// "to a directly adjacent road, city or cloister" (seed 001, ABBEY AND MAYOR, the first
    /// edition): a feature the scored one leads into, by the tiles' wagon groups. The default.
    #[default]
    Adjacent,
    /// Any feature on the wagon's tile or the eight tiles around it (seed 004's other wording,
    /// the later editions).
    AroundTile,
}

/// Where the count goes when a follower is deployed to the city of Carcassonne (seed 001, THE
/// COUNT OF CARCASSONNE, "The count"; "The Count of Carcassonne: Official Variants").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CountMoves {
    /// "they may at the same time move the count to one of the city quarters": the player who
    /// deployed chooses a quarter, or leaves the count where it is. The default.
    #[default]
    Free,
    /// "whenever a new follower is deployed to the city of Carcassonne, the count is moved
    /// clockwise to the next city quarter" (official variant).
    Clockwise,
    /// "the count is moved to whichever city quarter the new follower is deployed to" (official
    /// variant).
    ToQuarter,
}

/// What opens the city of Carcassonne to the player whose turn it is (seed 001, THE COUNT OF
/// CARCASSONNE, "Deploying followers to and from Carcassonne"; seed 004, Step 3C).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CarcassonneTrigger {
    /// "Whenever a city, road or cloister is completed in which at least one player scores
    /// points, but the player placing the final tile does not": only the scoring of the roads,
    /// cities and cloisters the tile completed counts, and the placer must score in none of
    /// them. The default.
    #[default]
    CompletedFeatures,
    /// "If you did not score any points from placement of the tile this turn, but one or more
    /// opponents did" (the Assembled Game Reference): any points of the turn's scoring count,
    /// a barn's farmers or a fairy's bonus too.
    AnyPoints,
}

/// When the second tile of a builder's double turn is drawn (seed 001, "Summary of rule sets",
/// row "2nd tile (double turn)"; TRADERS AND BUILDERS, footnote 42).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DoubleTurn {
    /// "after performing the usual steps of deployment and scoring" (The Big Box; the default).
    #[default]
    AfterScoring,
    /// "drawn (and placed) 'immediately'" (the original boxes): the second tile is drawn after
    /// the first tile's figure phase, before any scoring; the features both tiles completed are
    /// scored together after the second tile's figure phase.
    Immediately,
}

/// How many tiles each player holds in hand (seed 001, SELECTED VARIATIONS, "More tiles in
/// hand": "two or three tiles in their hand at all times"). One is the standard game: the tile
/// drawn is the tile placed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TilesInHand {
    #[default]
    One,
    Two,
    Three,
}

/// House rule "Play with a three-tile hand" (seeds 000 and 002, House rules, DavidP and youtch):
/// "The abbey counts as part of your hand. Play your turn, including the builder, and then draw
/// back up to three tiles. These tiles could be visible to all or hidden to the other players."
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ThreeTileHand {
    /// Not played. The default.
    #[default]
    Off,
    /// The hands are hidden from the other players, who see how many tiles each holds.
    Hidden,
    /// The hands are visible to all.
    Visible,
}

impl TilesInHand {
    pub const fn count(self) -> u8 {
        match self {
            TilesInHand::One => 1,
            TilesInHand::Two => 2,
            TilesInHand::Three => 3,
        }
    }
}

/// "Only one can choose" (seed 001, SELECTED VARIATIONS, by Robert Vötter): the player whose
/// turn it is draws as many tiles as there are players and distributes them among the others,
/// keeping one; "Variation a): Distribute the tiles face down. Variation b): Distribute the
/// tiles face up".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OnlyOneCanChoose {
    /// Not played (the standard game).
    #[default]
    Off,
    /// Variation a): the tiles are given face down; each player sees only their own.
    FaceDown,
    /// Variation b): the tiles are given face up, for all to see.
    FaceUp,
}

/// House rule "the edge of the table limits the playing area" (seeds 000 and 002): how many
/// tiles the table holds, the start tile in its middle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TableSize {
    /// No edge: the rules' endless table. The default.
    #[default]
    Unlimited,
    /// 19 × 13 tiles (a table of about 90 × 60 cm).
    #[serde(rename = "19x13")]
    Small,
    /// 25 × 17 tiles (about 120 × 80 cm).
    #[serde(rename = "25x17")]
    Medium,
    /// 35 × 19 tiles (about 160 × 90 cm).
    #[serde(rename = "35x19")]
    Large,
}

impl TableSize {
    /// Columns and rows, or `None` for no edge.
    pub const fn tiles(self) -> Option<(i16, i16)> {
        match self {
            TableSize::Unlimited => None,
            TableSize::Small => Some((19, 13)),
            TableSize::Medium => Some((25, 17)),
            TableSize::Large => Some((35, 19)),
        }
    }
}

/// The order in which the river is laid: the rules' order or one of the house rules of seed 000
/// ("House rules for The River" and "House rules for The River II"). Each reading is in
/// docs/rules.md, "The order of the river".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RiverOrder {
    /// The spring is the start tile and the lake is drawn last (seed 001, THE RIVER,
    /// Preparation). The default.
    #[default]
    SpringFirst,
    /// "Lay the river in reverse order, from lake to spring" (The River, Scott): the lake starts
    /// and the spring is drawn last.
    LakeFirst,
    /// "Instead of starting with the spring and setting aside the lake, put all of the river
    /// pieces into the bag. In this way the river can be any size" (The River, DavidP): the
    /// river tiles, spring and lake among them, are shuffled; the first starts the river.
    Shuffled,
    /// "Play the fork of the river first, and lay the spring last. The lakes are mixed in with
    /// the other river tiles" (The River II, Joff; Scott's "mix two of the three with the rest
    /// of the river"): the fork starts, the spring is drawn last.
    ForkFirst,
    /// "Start from the fork, playing tiles on all three branches. Play the spring and lake tiles
    /// at the end" (The River II, Scott): the fork starts; the tiles that end a branch (the
    /// spring and the lakes) are drawn last, in random order.
    ForkFirstEndsLast,
    /// "Play both rivers backwards starting with the city/lake [...] two springs producing
    /// rivers that join and flow 'down' to a lake" (The River II, dwhitworth; Scott's "one lake
    /// tile and two spring tiles"): the River II's river ending in a city starts, the lakes are
    /// discarded, the fork is in the first half of the river tiles and a spring in the second,
    /// and the other spring is drawn last.
    TwoSprings,
}

impl RiverOrder {
    /// The record name of the value.
    pub const fn name(self) -> &'static str {
        match self {
            RiverOrder::SpringFirst => "spring-first",
            RiverOrder::LakeFirst => "lake-first",
            RiverOrder::Shuffled => "shuffled",
            RiverOrder::ForkFirst => "fork-first",
            RiverOrder::ForkFirstEndsLast => "fork-first-ends-last",
            RiverOrder::TwoSprings => "two-springs",
        }
    }
}
