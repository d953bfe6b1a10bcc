//! Every rule difference the engine knows, as the fields of [`Variants`], each with its default
//! and the seed passage it comes from; the four columns of seed 001's "SUMMARY OF RULE SETS &
//! CHANGES" as [`RuleSet`] presets; and [`Variants::INFO`], the list the command line
//! (`--variant NAME=VALUE`) and the lobby offer.
//!
//! Defaults follow the Hans im Glueck Big Box column (see docs/rules.md). Defaults never change
//! silently: a record stores the complete configuration it was played with, and a record of an
//! earlier version is read with that version's defaults ([`Variants::version_1`]).

use serde::{Deserialize, Serialize};

use crate::catalog::Edition;

mod values;
pub use values::{
    CarcassonneTrigger, CombinedRivers, CountMoves, DoubleTurn, OnlyOneCanChoose, RiverOrder, RiverStartTile,
    TableSize, ThreeTileHand, TilesInHand, VolcanoLake, WagonMoves,
};

/// How farms score at the end of the game (seed 001, footnotes 27 and 28, and the first two
/// "INCORPORATED (HiG only)" FAQ entries).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FarmerScoring {
    /// Each farm is scored on its own: its owners score 3 points per completed city it
    /// borders, so a city can pay the same player once per farm (Hans im Glueck, the default).
    #[default]
    ThirdEdition,
    /// As the third edition, but a player scores each completed city at most once, however
    /// many of the farms around it the player owns.
    SecondEdition,
    /// Scored per city: the player(s) with the most farmers on the farms bordering a completed
    /// city score 4 points for it (Rio Grande Games).
    FirstEdition,
}

/// The four rule sets of seed 001's "Summary of rule sets & changes".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RuleSet {
    /// Hans im Glueck, The Big Box (the default).
    #[default]
    HigBigBox,
    /// Hans im Glueck, original boxes.
    Hig,
    /// Rio Grande Games, original boxes.
    Rgg,
    /// Rio Grande Games, The Big Box.
    RggBigBox,
}

impl RuleSet {
    pub const ALL: [RuleSet; 4] = [RuleSet::HigBigBox, RuleSet::Hig, RuleSet::Rgg, RuleSet::RggBigBox];

    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::HigBigBox => "hig-big-box",
            RuleSet::Hig => "hig",
            RuleSet::Rgg => "rgg",
            RuleSet::RggBigBox => "rgg-big-box",
        }
    }

    pub fn from_name(s: &str) -> Option<RuleSet> {
        RuleSet::ALL.into_iter().find(|r| r.name() == s)
    }

    /// Whether the column is an original box (the Big Box changed the Traders & Builders rows).
    const fn original_boxes(self) -> bool {
        matches!(self, RuleSet::Hig | RuleSet::Rgg)
    }

    const fn rio_grande(self) -> bool {
        matches!(self, RuleSet::Rgg | RuleSet::RggBigBox)
    }
}

/// Every rule difference the engine knows, each with its default.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct Variants {
    /// Farm scoring method (default: third edition).
    pub farmer_scoring: FarmerScoring,
    /// The RGG 'small city' rule: a completed city of two tiles scores 1 point per tile and per
    /// pennant (seed 001, footnote 17). Off by default.
    pub small_city: bool,
    /// Whether followers may be deployed as farmers. On by default: seed 000 treats the farmers
    /// as part of the base game, and C2/C3 print them as a supplement (seed 003).
    pub farmers: bool,
    /// Which printing of the tiles is used (default: the first edition, as in The Big Box).
    pub tile_edition: Edition,
    /// With a river, what becomes of the base start tile.
    pub river_start_tile: RiverStartTile,
    /// With several river sets, which spring and lake are kept.
    pub combined_rivers: CombinedRivers,
    /// The River II's volcano lake without The Princess & the Dragon.
    pub volcano_lake: VolcanoLake,
    /// When a builder's double turn draws its second tile.
    pub double_turn: DoubleTurn,
    /// Whether builders and pigs count as followers (seed 001, "Summary of rule sets", row
    /// "builders and pigs"; footnote 39). With The Cathars this decides whether a builder in a
    /// besieged city may escape like a knight (as the princess could remove one under the
    /// original rules, footnote 92). Off by default (The Big Box).
    pub builders_and_pigs_are_followers: bool,
    /// Whether a builder or pig stays when its owner's last follower leaves the feature other
    /// than by scoring (seed 001, row "last knight/thief/farmer is removed"; footnote 44: under
    /// the old rules "the builder or pig remained in play"). Off by default (The Big Box: it
    /// goes home).
    pub builder_and_pig_stay_without_follower: bool,
    /// Whether The River II's pig-herd counts without Traders & Builders (seed 001, THE RIVER
    /// II: without "the relevant expansions" it has "no particular significance"; footnote 96
    /// suggests using it anyway). Off by default.
    pub pig_herd_without_traders_builders: bool,
    /// House rule: the GQ tile's pigs count as a pig-herd (seed 001, GQ: officially "just a
    /// field", footnote 116; "this would be a house rule", footnote 117). Off by default.
    pub gq_pig_herd: bool,
    /// A sixth player with the Winter Edition, with followers of a sixth colour from another
    /// box (seed 002 is "for 2 to 5 players"; The Big Box's sixth colour belongs to its base
    /// game, seed 001 footnote 4). Off by default.
    pub sixth_player_in_winter: bool,
    /// The dragon moves after the turn's scoring (seed 001, row "the dragon moves": Rio Grande
    /// Big Box; footnote 75) instead of before it (Hans im Glueck, footnote 82). Off by default.
    pub dragon_moves_after_scoring: bool,
    /// On a volcano turn a builder or pig may still be deployed on the volcano tile (row
    /// "volcano / deployment": Hans im Glueck Big Box; footnote 73). On by default.
    pub volcano_allows_builder_and_pig: bool,
    /// On a volcano turn the fairy may still be moved (row "volcano / fairy": Hans im Glueck Big
    /// Box; footnote 73). On by default.
    pub volcano_allows_fairy: bool,
    /// A princess tile extending an occupied city must remove a knight (row "princess tile":
    /// every column but the Hans im Glueck Big Box's "may", footnote 89). Off by default.
    pub princess_must_remove: bool,
    /// The princess removes a big follower only when it is the last knight in the city (row
    /// "princess / big follower": the original Hans im Glueck FAQ, footnote 90). Off by default.
    pub princess_big_follower_only_if_last: bool,
    /// A magic gate reaches a feature completed but not yet scored (row "magic gate to unscored
    /// feature": the original Hans im Glueck text, which its FAQ and footnote 87 correct). Off
    /// by default.
    pub magic_gate_to_unscored_features: bool,
    /// A tower captures builders and pigs too (row "towers capture": the original boxes'
    /// "followers (including builders & pigs)"; footnote 101, FAQ 31). Off by default (The Big
    /// Box: "Builders and pigs cannot be taken prisoner").
    pub tower_captures_builders_and_pigs: bool,
    /// A tower captures a follower standing on another tower (row "tower captures followers on
    /// towers": every column but the original Rio Grande rules; footnote 107, FAQ 35). On by
    /// default.
    pub tower_captures_guards: bool,
    /// A player may capture their own follower, which goes back to their supply (row "tower
    /// captures own followers": The Big Box; footnote 100). On by default.
    pub tower_captures_own_followers: bool,
    /// Where a wagon may move after its feature is scored (Abbey & Mayor).
    pub wagon_moves: WagonMoves,
    /// Where the count goes when a follower is deployed to Carcassonne (The Count of
    /// Carcassonne).
    pub count_moves: CountMoves,
    /// What opens the city of Carcassonne to the player whose turn it is (The Count of
    /// Carcassonne): a scoring of completed roads, cities and cloisters for others only (the
    /// default), or any points of the turn for others only (the Assembled Game Reference).
    pub carcassonne_trigger: CarcassonneTrigger,
    /// The king's final bonus counts the city of Carcassonne as a completed city (King & Scout
    /// with The Count of Carcassonne; footnote 49 answers only for farms). Off by default: the
    /// king counts the cities completed in play.
    pub king_counts_carcassonne: bool,
    /// Official variation "Fewer followers" (seed 001, SELECTED VARIATIONS): 7, 6, 5 followers
    /// for 2, 3, 4 players (and one fewer for each further player). Off by default.
    pub fewer_followers: bool,
    /// Official variation "Follower unpunctuality": followers are deployed only to tiles placed
    /// before the one just placed. Off by default.
    pub follower_unpunctuality: bool,
    /// Official variation "Cloisters for everyone!": each player holds a cloister tile to place
    /// instead of drawing, once. Off by default.
    pub cloisters_for_everyone: bool,
    /// Official variation "More tiles in hand": each player holds two or three tiles, hidden
    /// from the others, places one of them and draws another. One (the standard game) by
    /// default.
    pub tiles_in_hand: TilesInHand,
    /// Official variation "Collective planning": three tiles lie face up; a player takes one of
    /// them or draws from the pile. Off by default.
    pub collective_planning: bool,
    /// Official variation "The architects": the tiles are dealt among the players, each of whom
    /// places any tile of their own stack. Off by default.
    pub architects: bool,
    /// Official variation "The battle for completed cloisters": two tiles in hand, and every
    /// incomplete cloister's final points go to the player on the left. Off by default.
    pub battle_for_cloisters: bool,
    /// Official variation "Only one can choose": the tiles of a round are drawn by one player
    /// and distributed among the others. Off by default.
    pub only_one_can_choose: OnlyOneCanChoose,
    /// Official variation "Prisoners": a follower that enters an occupied city through the tile
    /// just placed may take one of the others prisoner, and guard it. Off by default.
    pub prisoners: bool,
    /// Official variation "A new lease of life": instead of deploying, a follower may move
    /// (thief to farm, farmer to city, two knights to an opponent's cloister, knight to road).
    /// Off by default.
    pub new_lease_of_life: bool,
    /// Official variation "The dash": "A new lease of life", and after each deployment of a
    /// follower or move the player may pay a point for another. Off by default.
    pub dash: bool,
    /// Official variation "Mountains": a drawn tile may be placed upside down as a mountain next
    /// to a field edge, and followers on mountains are miners that count near pennants. Off by
    /// default.
    pub mountains: bool,
    /// Official variation "Rebuilding": after placing a tile, instead of deploying, a player may
    /// give up points to move unoccupied tiles, one per point. Off by default.
    pub rebuilding: bool,
    /// House rule (seeds 000 and 002, "House rules", metoth): "Incomplete features at the end of
    /// the game do not score points at the end of the game." Off by default.
    pub incomplete_features_score_nothing: bool,
    /// House rule (seeds 000 and 002, viberunner): a tile that touches tiles on all four sides
    /// earns another turn ("Does not apply to the abbey tile"). Off by default.
    pub hole_filling_extra_turn: bool,
    /// House rule (seeds 000 and 002, dwhitworth; seed 000's footnote 7): a tile that fits
    /// nowhere goes back into the pile rather than out of the game. Off by default.
    pub unplayable_tiles_back: bool,
    /// House rule (seeds 000 and 002, DavidP and youtch): "Play with a three-tile hand. The abbey
    /// counts as part of your hand. Play your turn, including the builder, and then draw back up
    /// to three tiles", hidden or visible to all. Off by default.
    pub three_tile_hand: ThreeTileHand,
    /// House rule for The River (seed 000, metoth): "You are not permitted to lay down any
    /// meeples until the entire river is down." Off by default.
    pub no_figures_on_river: bool,
    /// House rules for The River and The River II (seed 000): the order in which the river is
    /// laid (from the lake, shuffled, from the fork, with two springs). The rules' order, from
    /// the spring, by default.
    pub river_order: RiverOrder,
    /// House rule for The River II (seed 000, Joff): "Pig-herd tiles do not score a bonus."
    /// Off by default.
    pub pig_herd_scores_nothing: bool,
    /// House rule (seed 000, The River II's footnote 43): "The pig-herd tile can still score an
    /// extra point per city when there is a barn on the field" (the FAQ, seed 001 footnote 98:
    /// it "only counts in connection with farmers, not the barn"). Off by default.
    pub pig_herd_counts_for_barn: bool,
    /// House rule (seeds 000 and 002, metoth): the edge of the table limits the playing area.
    /// Unlimited by default.
    pub table_size: TableSize,
    /// House rule (seeds 000 and 002, PreGy): "Table borders COMPLETE features as an abbey
    /// would" (with a `table_size`). Off by default.
    pub table_borders_complete: bool,
}

impl Default for Variants {
    fn default() -> Self {
        Variants::preset(RuleSet::HigBigBox)
    }
}

impl Variants {
    /// The variants of one column of seed 001's "Summary of rule sets & changes"; the fields
    /// the table has no row for take their defaults. (The table's "starting player" row is not
    /// a rule of the engine: the seat order is given when a game is set up; "dragons eat
    /// everything" is the same in every column.)
    pub fn preset(rule_set: RuleSet) -> Variants {
        let original = rule_set.original_boxes();
        Variants {
            farmer_scoring: if rule_set.rio_grande() {
                FarmerScoring::FirstEdition
            } else {
                FarmerScoring::ThirdEdition
            },
            small_city: rule_set.rio_grande(),
            farmers: true,
            tile_edition: Edition::First,
            river_start_tile: RiverStartTile::AfterRiver,
            combined_rivers: CombinedRivers::AssembledReference,
            volcano_lake: VolcanoLake::NoSignificance,
            double_turn: if original { DoubleTurn::Immediately } else { DoubleTurn::AfterScoring },
            builders_and_pigs_are_followers: original,
            builder_and_pig_stay_without_follower: original,
            pig_herd_without_traders_builders: false,
            gq_pig_herd: false,
            sixth_player_in_winter: false,
            dragon_moves_after_scoring: rule_set == RuleSet::RggBigBox,
            volcano_allows_builder_and_pig: rule_set == RuleSet::HigBigBox,
            volcano_allows_fairy: rule_set == RuleSet::HigBigBox,
            princess_must_remove: rule_set != RuleSet::HigBigBox,
            princess_big_follower_only_if_last: rule_set == RuleSet::Hig,
            magic_gate_to_unscored_features: false,
            tower_captures_builders_and_pigs: original,
            tower_captures_guards: rule_set != RuleSet::Rgg,
            tower_captures_own_followers: !original,
            wagon_moves: WagonMoves::Adjacent,
            count_moves: CountMoves::Free,
            carcassonne_trigger: CarcassonneTrigger::CompletedFeatures,
            king_counts_carcassonne: false,
            fewer_followers: false,
            follower_unpunctuality: false,
            cloisters_for_everyone: false,
            tiles_in_hand: TilesInHand::One,
            collective_planning: false,
            architects: false,
            battle_for_cloisters: false,
            only_one_can_choose: OnlyOneCanChoose::Off,
            prisoners: false,
            new_lease_of_life: false,
            dash: false,
            mountains: false,
            rebuilding: false,
            incomplete_features_score_nothing: false,
            hole_filling_extra_turn: false,
            unplayable_tiles_back: false,
            three_tile_hand: ThreeTileHand::Off,
            no_figures_on_river: false,
            river_order: RiverOrder::SpringFirst,
            pig_herd_scores_nothing: false,
            pig_herd_counts_for_barn: false,
            table_size: TableSize::Unlimited,
            table_borders_complete: false,
        }
    }

    /// The defaults of version 1 of the records (before these rows became variants): a record
    /// of that version replays with them wherever it leaves a field out.
    pub fn version_1() -> Variants {
        Variants {
            river_start_tile: RiverStartTile::Shuffled,
            combined_rivers: CombinedRivers::FirstSet,
            pig_herd_without_traders_builders: true,
            sixth_player_in_winter: true,
            ..Variants::default()
        }
    }

    /// Every variant, as offered by the command line and the lobby.
    pub const INFO: &'static [VariantInfo] = &[
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
                ("shuffled", "shuffled into the land tiles, as from a bag (seed 004; dwhitworth's house rule)"),
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

    /// Sets one variant by its record name from text (`true`/`false` for a switch, a value name
    /// for a choice), as `--variant NAME=VALUE` does. The error names the known variants or
    /// values.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let info = Variants::INFO.iter().find(|i| i.name == name).ok_or_else(|| {
            let known: Vec<&str> = Variants::INFO.iter().map(|i| i.name).collect();
            format!("unknown variant `{name}` (known: {})", known.join(", "))
        })?;
        let json = match info.kind {
            VariantKind::Bool => match value {
                "true" | "on" | "yes" => serde_json::Value::Bool(true),
                "false" | "off" | "no" => serde_json::Value::Bool(false),
                _ => return Err(format!("variant `{name}` is on or off: `true` or `false`, not `{value}`")),
            },
            VariantKind::Choice(values) => {
                if !values.iter().any(|(v, _)| *v == value) {
                    let known: Vec<&str> = values.iter().map(|(v, _)| *v).collect();
                    return Err(format!("variant `{name}` has no value `{value}` (values: {})", known.join(", ")));
                }
                serde_json::Value::String(value.to_string())
            }
        };
        let mut all = serde_json::to_value(&*self).expect("variants serialize");
        all[name] = json;
        *self = serde_json::from_value(all).map_err(|e| format!("variant `{name}`: {e}"))?;
        Ok(())
    }
}

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

#[cfg(test)]
mod tests;
