//! The list behind `Variants::INFO`: every variant as the command line (`--variant NAME=VALUE`)
//! and the lobby offer it, with its label, seed passage and group.

use serde::Serialize;

/// Every variant, as offered by the command line and the lobby (`Variants::INFO`).
pub(super) const ALL: &[VariantInfo] = &[
    VariantInfo {
        name: "farmer-scoring",
        label: "Farm scoring",
        source: "seed 001, footnotes 27 and 28",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Choice(&[
            ("third-edition", "3 per city, each farm on its own (Hans im Glück)"),
            ("second-edition", "3 per city, each city once per player"),
            ("first-edition", "4 per city to the most farmers around it (Rio Grande)"),
        ]),
    },
    VariantInfo {
        name: "small-city",
        label: "Small city (2 tiles) scores 1 per tile and pennant",
        source: "seed 001, footnote 17 (Rio Grande)",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "farmers",
        label: "Farmers",
        source: "seeds 000 and 003",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "tile-edition",
        label: "Tile printing",
        source: "seed 000, tile distributions",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Choice(&[("first", "original artwork"), ("second", "C2/C3 artwork, with gardens")]),
    },
    VariantInfo {
        name: "river-start-tile",
        label: "Base start tile with a river",
        source: "seed 001, THE RIVER, Preparation; seed 003; the Assembled Game Reference; seeds 000 and 002, House rules",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Choice(&[
            ("after-river", "placed as soon as the river is completed"),
            ("in-river-stack", "mixed into the river tiles"),
            ("discarded", "back to the box"),
            ("shuffled", "shuffled into the land tiles, as from a bag (the Assembled Game Reference, and a house rule on the base game's wiki page)"),
        ]),
    },
    VariantInfo {
        name: "combined-rivers",
        label: "Spring and lake with several rivers",
        source: "the Assembled Game Reference, Preparation; seed 001, footnote 29",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Choice(&[
            ("assembled-reference", "GQ or River II spring, the volcano lake"),
            ("first-set", "The River's spring and lake"),
        ]),
    },
    VariantInfo {
        name: "volcano-lake",
        label: "Volcano lake without the dragon",
        source: "seed 001, THE RIVER II; seed 000, The River",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Choice(&[
            ("no-significance", "an ordinary lake"),
            ("extra-turn", "no figure on it, and another turn"),
        ]),
    },
    VariantInfo {
        name: "double-turn",
        label: "Builder's second tile",
        source: "seed 001, Summary of rule sets; footnote 42",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Choice(&[
            ("after-scoring", "drawn after scoring (The Big Box)"),
            ("immediately", "drawn immediately (original boxes)"),
        ]),
    },
    VariantInfo {
        name: "builders-and-pigs-are-followers",
        label: "Builders and pigs are followers (original boxes)",
        source: "seed 001, Summary of rule sets; footnote 39",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "builder-and-pig-stay-without-follower",
        label: "Builder and pig stay when the last follower leaves (original boxes)",
        source: "seed 001, Summary of rule sets; footnote 44",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "pig-herd-without-traders-builders",
        label: "The pig-herd counts without Traders & Builders",
        source: "seed 001, THE RIVER II, footnote 96",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "gq-pig-herd",
        label: "House rule: the GQ pigs are a pig-herd",
        source: "seed 001, GQ, footnotes 116 and 117",
        group: VariantGroup::HouseRule,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "sixth-player-in-winter",
        label: "A sixth player in the Winter Edition",
        source: "seed 002 (2 to 5 players); seed 001, footnote 4",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "dragon-moves-after-scoring",
        label: "The dragon moves after scoring (Rio Grande Big Box)",
        source: "seed 001, Summary of rule sets; footnotes 75 and 82",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "volcano-allows-builder-and-pig",
        label: "A builder or pig may go on a volcano",
        source: "seed 001, Summary of rule sets; footnote 73",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "volcano-allows-fairy",
        label: "The fairy may move on a volcano turn",
        source: "seed 001, Summary of rule sets; footnote 73",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "princess-must-remove",
        label: "The princess must remove a knight",
        source: "seed 001, Summary of rule sets; footnote 89",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "princess-big-follower-only-if-last",
        label: "The princess takes a big follower only as the last knight",
        source: "seed 001, Summary of rule sets; footnote 90",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "magic-gate-to-unscored-features",
        label: "A magic gate reaches completed, unscored features",
        source: "seed 001, Summary of rule sets; footnote 87",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "tower-captures-builders-and-pigs",
        label: "Towers capture builders and pigs (original boxes)",
        source: "seed 001, Summary of rule sets; footnote 101",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "tower-captures-guards",
        label: "Towers capture followers on other towers",
        source: "seed 001, Summary of rule sets; footnote 107",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "tower-captures-own-followers",
        label: "A tower may capture its builder's own follower",
        source: "seed 001, Summary of rule sets; footnote 100",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "unguarded-tower-reopens",
        label: "A tower whose guard was captured or eaten takes pieces and a guard again (Rio Grande)",
        source: "seed 001, INCORPORATED FAQ 32 (Rio Grande's text); THE TOWER, Deploy a follower to a tower",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "short-ransom",
        label: "A ransom with fewer than 3 points: the payer's marker goes to 0, the captor's forward 3",
        source: "seed 001, THE TOWER, Prisoners; footnotes 111 and 112",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "escape-after-each-tile",
        label: "A knight may escape a besieged city after each tile of a double turn (the Assembled Game Reference)",
        source: "the Assembled Game Reference, Steps 4A and 4B; seed 001, THE CATHARS, Escaping a besieged city; footnote 43",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "wagon-moves",
        label: "Where a wagon moves after scoring",
        source: "seed 001, ABBEY AND MAYOR, The wagon; the Assembled Game Reference, Step 3B",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Choice(&[
            ("adjacent", "to a feature directly adjacent to the scored one"),
            ("around-tile", "to any feature on its tile or the eight around it"),
        ]),
    },
    VariantInfo {
        name: "count-moves",
        label: "Where the count goes when a follower enters Carcassonne",
        source: "seed 001, THE COUNT OF CARCASSONNE, The count; Official Variants",
        group: VariantGroup::Variation,
        author: None,
        kind: VariantKind::Choice(&[
            ("free", "to any quarter the player chooses, or nowhere"),
            ("clockwise", "to the next quarter clockwise"),
            ("to-quarter", "to the quarter the follower entered"),
        ]),
    },
    VariantInfo {
        name: "carcassonne-trigger",
        label: "What lets a player put a follower into Carcassonne",
        source: "seed 001, THE COUNT OF CARCASSONNE, Deploying followers to and from Carcassonne; the Assembled Game Reference, Step 3C",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Choice(&[
            (
                "completed-features",
                "the tile completed roads, cities or cloisters that scored for others, none for the player",
            ),
            ("any-points", "the turn's scoring gave others points and the player none (the Assembled Game Reference)"),
        ]),
    },
    VariantInfo {
        name: "king-counts-carcassonne",
        label: "The king's bonus counts the city of Carcassonne as a completed city",
        source: "seed 001, KING AND SCOUT; THE COUNT OF CARCASSONNE, footnote 49",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "fewer-followers",
        label: "Fewer followers: 7, 6, 5 for 2, 3, 4 players",
        source: "seed 001, SELECTED VARIATIONS, Fewer followers",
        group: VariantGroup::Variation,
        author: Some("Holger Peine"),
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "follower-unpunctuality",
        label: "Follower unpunctuality: followers only onto tiles placed before",
        source: "seed 001, SELECTED VARIATIONS, Follower unpunctuality",
        group: VariantGroup::Variation,
        author: Some("Bernd Eisenstein"),
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "cloisters-for-everyone",
        label: "Cloisters for everyone: each player's own cloister, placed instead of a draw",
        source: "seed 001, SELECTED VARIATIONS, Cloisters for everyone!",
        group: VariantGroup::Variation,
        author: Some("Bernd Eisenstein"),
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "tiles-in-hand",
        label: "More tiles in hand: each player holds 2 or 3 tiles, hidden",
        source: "seed 001, SELECTED VARIATIONS, More tiles in hand",
        group: VariantGroup::Variation,
        author: None,
        kind: VariantKind::Choice(&[
            ("one", "one: the tile drawn is placed (the standard game)"),
            ("two", "two tiles in hand"),
            ("three", "three tiles in hand"),
        ]),
    },
    VariantInfo {
        name: "collective-planning",
        label: "Collective planning: three face-up tiles to take instead of a draw",
        source: "seed 001, SELECTED VARIATIONS, Collective planning",
        group: VariantGroup::Variation,
        author: Some("Bernd Eisenstein"),
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "architects",
        label: "The architects: the tiles dealt out, each player places from their own stack",
        source: "seed 001, SELECTED VARIATIONS, The architects",
        group: VariantGroup::Variation,
        author: Some("Tobias Stapelfeldt"),
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "prisoners",
        label: "Prisoners: a follower entering an occupied city may take one of the others prisoner",
        source: "seed 001, SELECTED VARIATIONS, Prisoners",
        group: VariantGroup::Variation,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "battle-for-cloisters",
        label: "The battle for completed cloisters: two tiles in hand, unfinished cloisters score for the player on the left",
        source: "seed 001, SELECTED VARIATIONS, The battle for completed cloisters",
        group: VariantGroup::Variation,
        author: Some("Frank Rudloff"),
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "new-lease-of-life",
        label: "A new lease of life: instead of deploying, move a thief, farmer or knights to a neighbouring feature",
        source: "seed 001, SELECTED VARIATIONS, A new lease of life",
        group: VariantGroup::Variation,
        author: Some("Tobias Stapelfeldt"),
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "dash",
        label: "The dash: a new lease of life, and a point buys another deployment or move",
        source: "seed 001, SELECTED VARIATIONS, The dash",
        group: VariantGroup::Variation,
        author: Some("Tobias Stapelfeldt"),
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "mountains",
        label: "Mountains: a tile may be placed upside down as a mountain; miners on it count near pennants",
        source: "seed 001, SELECTED VARIATIONS, Mountains",
        group: VariantGroup::Variation,
        author: Some("Tobias Stapelfeldt"),
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "rebuilding",
        label: "Rebuilding: instead of deploying, a point per tile moves unoccupied tiles elsewhere",
        source: "seed 001, SELECTED VARIATIONS, Rebuilding",
        group: VariantGroup::Variation,
        author: Some("Tobias Stapelfeldt"),
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "only-one-can-choose",
        label: "Only one can choose: the player whose turn it is draws a tile for everyone and hands them out",
        source: "seed 001, SELECTED VARIATIONS, Only one can choose",
        group: VariantGroup::Variation,
        author: Some("Robert Vötter"),
        kind: VariantKind::Choice(&[
            ("off", "not played"),
            ("face-down", "variation a): the tiles handed out face down"),
            ("face-up", "variation b): the tiles handed out face up"),
        ]),
    },
    VariantInfo {
        name: "incomplete-features-score-nothing",
        label: "House rule: unfinished roads, cities and cloisters score nothing at the end",
        source: "seeds 000 and 002, House rules",
        group: VariantGroup::HouseRule,
        author: Some("metoth"),
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "hole-filling-extra-turn",
        label: "House rule: a tile touching tiles on all four sides earns another turn",
        source: "seeds 000 and 002, House rules",
        group: VariantGroup::HouseRule,
        author: Some("viberunner"),
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "unplayable-tiles-back",
        label: "House rule: a tile that fits nowhere goes back into the pile",
        source: "seeds 000 and 002, House rules; seed 000, footnote 7",
        group: VariantGroup::HouseRule,
        author: Some("dwhitworth"),
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "three-tile-hand",
        label: "House rule: a hand of three tiles, the abbey one of them, refilled at the end of the turn",
        source: "seeds 000 and 002, House rules",
        group: VariantGroup::HouseRule,
        author: Some("DavidP and youtch"),
        kind: VariantKind::Choice(&[
            ("off", "not played"),
            ("hidden", "the hands hidden from the other players"),
            ("visible", "the hands visible to all"),
        ]),
    },
    VariantInfo {
        name: "no-figures-on-river",
        label: "House rule: no figures until the whole river is laid",
        source: "seed 000, House rules for The River",
        group: VariantGroup::HouseRule,
        author: Some("metoth"),
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "river-order",
        label: "House rule: the order in which the river is laid",
        source: "seed 000, House rules for The River and House rules for The River II",
        group: VariantGroup::HouseRule,
        author: Some("Scott, DavidP, Joff, dwhitworth"),
        kind: VariantKind::Choice(&[
            ("spring-first", "from the spring to the lake, as the rules say"),
            ("lake-first", "in reverse, from the lake to the spring (Scott)"),
            ("shuffled", "all river tiles shuffled, the first drawn starts: the river can be any size (DavidP)"),
            ("fork-first", "The River II's fork first, the lakes mixed in, the spring last (Joff)"),
            ("fork-first-ends-last", "the fork first, growing three branches, the spring and the lakes last (Scott)"),
            ("two-springs", "backwards from the River II's city lake, the fork in the first half, two springs (dwhitworth)"),
        ]),
    },
    VariantInfo {
        name: "little-buildings-values",
        label: "Little Buildings: towers add 3 points, houses 2, sheds 1",
        source: "Little Buildings (spielbox 5/2012), Variant; the Assembled Game Reference, preparation",
        group: VariantGroup::Variation,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "festival-followers-only",
        label: "The Festival: only followers may be taken back (the Rio Grande and CundCo wording)",
        source: "The Festival (Wikicarpedia), footnote on \"figures\" (Hans im Glück) against \"followers\" (Rio Grande, CundCo)",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "spiel-doch-start",
        label: "Spiel Doch! tiles: start the game with the two promotional tiles instead of the base start tile",
        source: "SPIEL DOCH! Promo (Wikicarpedia), Preparation; the Assembled Game Reference, 'if used as starting tiles'",
        group: VariantGroup::Variation,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "labyrinth-advanced",
        label: "The Labyrinths, advanced: the labyrinth's placer may join an occupied road there; 2 points a follower on the completed road",
        source: "The Labyrinths (Wikicarpedia), Hans im Glück's advanced variant",
        group: VariantGroup::Variation,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "wind-roses-spielbox",
        label: "Wind Roses as Spielbox printed them: two sections, north and south of the rose, instead of four",
        source: "Wind Roses (1st edition) (Wikicarpedia), the Spielbox version's rule differences",
        group: VariantGroup::RuleDifference,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "pig-herd-scores-nothing",
        label: "House rule: the River II's pig-herd gives no bonus",
        source: "seed 000, House rules for The River II",
        group: VariantGroup::HouseRule,
        author: Some("Joff"),
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "pig-herd-counts-for-barn",
        label: "House rule: the pig-herd adds 1 per city to a barn too",
        source: "seed 000, The River II, footnote 43",
        group: VariantGroup::HouseRule,
        author: None,
        kind: VariantKind::Bool,
    },
    VariantInfo {
        name: "table-size",
        label: "House rule: the edge of the table limits the playing area",
        source: "seeds 000 and 002, House rules; seed 000, Use of a table",
        group: VariantGroup::HouseRule,
        author: Some("metoth"),
        kind: VariantKind::Choice(&[
            ("unlimited", "no edge"),
            ("19x13", "19 × 13 tiles (a table of about 90 × 60 cm)"),
            ("25x17", "25 × 17 tiles (about 120 × 80 cm)"),
            ("35x19", "35 × 19 tiles (about 160 × 90 cm)"),
        ]),
    },
    VariantInfo {
        name: "table-borders-complete",
        label: "House rule: the edge of the table ends the roads and cities that reach it, as an abbey would",
        source: "seeds 000 and 002, House rules",
        group: VariantGroup::HouseRule,
        author: Some("PreGy"),
        kind: VariantKind::Bool,
    },
];

/// A variant as the command line and the lobby offer it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantInfo {
    /// The record name (`farmer-scoring`).
    pub name: &'static str,
    pub label: &'static str,
    /// The seed passage it comes from.
    pub source: &'static str,
    /// What kind of difference it is (the lobby groups them).
    pub group: VariantGroup,
    /// Who made the variation, as the seed names them (seed 001's SELECTED VARIATIONS).
    pub author: Option<&'static str>,
    pub kind: VariantKind,
}

/// What kind of rule difference a variant is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum VariantGroup {
    /// A difference between publishers, editions or boxes (seed 001's "Summary of rule sets",
    /// the FAQ's corrections, the expansions' readings).
    RuleDifference,
    /// An official variation from the publisher's home page (seed 001, SELECTED VARIATIONS;
    /// The Count's official variants).
    Variation,
    /// A house rule of the seeds (seeds 000 and 002, the GQ tile's footnote 117).
    HouseRule,
}

impl VariantGroup {
    pub const fn name(self) -> &'static str {
        match self {
            VariantGroup::RuleDifference => "rule-difference",
            VariantGroup::Variation => "variation",
            VariantGroup::HouseRule => "house-rule",
        }
    }
}

/// A variant's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantKind {
    /// On or off.
    Bool,
    /// One of the values, each with a label (values of earlier records that are no longer
    /// offered are left out).
    Choice(&'static [(&'static str, &'static str)]),
}
