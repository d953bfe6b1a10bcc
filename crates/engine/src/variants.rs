//! Every rule difference the engine knows, as the fields of [`Variants`], each with its default
//! and the seed passage it comes from; the four columns of seed 001's "SUMMARY OF RULE SETS &
//! CHANGES" as [`RuleSet`] presets; and [`Variants::INFO`], the list the command line
//! (`--variant NAME=VALUE`) and the lobby offer.
//!
//! Defaults follow the Hans im Glueck Big Box column (see docs/rules.md). Defaults never change
//! silently: a record stores the complete configuration it was played with, and a record of an
//! earlier version is read with that version's defaults ([`Variants::version_1`],
//! [`Variants::version_2`]).

use serde::{Deserialize, Serialize};

use crate::catalog::Edition;

mod info;
mod values;
pub use info::{VariantGroup, VariantInfo, VariantKind};
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
    /// A tower whose guard was captured or eaten is open again: it takes tower pieces and a new
    /// guard (seed 001, INCORPORATED FAQ 32, the Rio Grande text: a piece goes "on top of any
    /// already placed tower (without a guard)"). Off by default: Hans im Glueck's "the
    /// construction of the tower is finished and it may not be built any further" (THE TOWER,
    /// "Deploy a follower to a tower"). The summary of rule sets has no row for it, so no preset
    /// sets it.
    pub unguarded_tower_reopens: bool,
    /// A player with fewer than 3 points may pay a ransom: their marker goes back to 0 and the
    /// captor's forward 3, the passage moving the two markers separately (seed 001, THE TOWER,
    /// "Prisoners": "back three spaces, and the marker of the opponent forward three"). Off by
    /// default: a marker cannot go back past the start of the track, so the ransom needs 3
    /// points.
    pub short_ransom: bool,
    /// A knight may escape a besieged city after each tile of a builder's double turn (seed
    /// 004, Step 4B: "repeat Steps 1B through 4A once more", 4A holding the escape). Off by
    /// default: the escape comes "at the end of a player's turn" (seed 001, THE CATHARS), and
    /// "The double-turn is also only a 'single' turn" (footnotes 43 and 112; FAQ 27), so it is
    /// offered once, after the second tile. Records of versions 1 and 2 played it on.
    pub escape_after_each_tile: bool,
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
    /// Little Buildings' variant (the Wikicarpedia page of the expansion, "Variant"; the
    /// assembled reference's preparation, "Variant rules (distinction between building types)"):
    /// a tower adds 3 points, a house 2, a shed 1, and every player gets as many of each kind.
    /// Off by default: the buildings are equivalent, 1 point each.
    pub little_buildings_values: bool,
    /// The Festival's other wording (the Rio Grande tenth-anniversary rules and CundCo's
    /// tiles say "followers"; Hans im Glück's reading is "figures", the Wikicarpedia page of the
    /// expansion, its footnotes on the return): only followers may be taken back, not builders,
    /// pigs or barns. Off by default: any of one's figures.
    pub festival_followers_only: bool,
    /// Solovei Razboynik's older wording (the Assembled Game Reference's step 1C: "all the
    /// thieves on the road must move onto the Solovei Razboynik tile"; JCloisterZone plays it
    /// so): every follower on the tree's road is trapped at once, and a builder left alone there
    /// goes home. Off by default: the tile's author's clarification (2021), which the
    /// Wikicarpedia page "Russian Promos (1st edition)" and its order of play follow, traps only
    /// the followers and special figures nearest to the tree, each time the road grows or a
    /// figure joins it.
    pub solovei_whole_road: bool,
    /// The Spiel Doch! promotional tiles as the start (the Wikicarpedia page "SPIEL DOCH!
    /// Promo", preparation: "If used as starting tiles, remove the regular starting tile from
    /// the game and place both ... on the table"; the assembled reference's "if used as starting
    /// tiles"). Off by default: they are shuffled in with the land tiles, the promo's other use.
    pub spiel_doch_start: bool,
    /// The Wind Roses as Spielbox reprinted them (the Wikicarpedia page "Wind Roses (1st
    /// edition)", the Spielbox version's differences: its roses are marked only N and S, so a
    /// rose divides the playing area into two sections, north and south): a quarter rose scores
    /// when placed in the half of its letter. Off by default: Hans im Glück's four sections.
    pub wind_roses_spielbox: bool,
    /// The Labyrinths' advanced variant (Hans im Glück's, on the Wikicarpedia page "The
    /// Labyrinths"): the player who places the labyrinth may put a follower on it though its
    /// road is occupied, and a completed road through it pays its majority 2 points more for
    /// each follower on it. Off by default: Spiel Doch!'s basic rules, a road like any other.
    pub labyrinth_advanced: bool,
    /// Heretics and Shrines as Rio Grande boxed them in Cult, Siege & Creativity: six shrines,
    /// the five of Hans im Glück's Count, King & Robber and a sixth with a city and two roads
    /// (the Wikicarpedia page "Heretics and Shrines (1st edition)", contents). Off by default:
    /// Hans im Glück's five.
    pub shrines_sixth_tile: bool,
    /// The Crop Circles as the Z-Man Games rules give them (the Wikicarpedia page "Crop
    /// Circles", footnotes on action A: "placing the meeple is mandatory unless not possible",
    /// and "a feature where you already have a meeple", any tile of it): a player who can add a
    /// follower must, anywhere in a feature where they have a follower of the circle's kind.
    /// Off by default: Hans im Glück's rules, where each player may add one, next to one of
    /// theirs on its tile.
    pub crop_circles_zmg: bool,
    /// The Ferries as Rio Grande's first edition and the second edition's rules word it (the
    /// Wikicarpedia pages "The Ferries (1st edition)", footnote on placing a ferry, and "The
    /// Ferries", 2.): a ferry goes on a new lake only when its player deployed a follower on one
    /// of the lake's roads; a lake left without one ends all its roads for good. Off by default:
    /// Hans im Glück's first and third editions, where the ferry is placed "no matter if you
    /// placed a meeple or not".
    pub ferry_needs_highwayman: bool,
    /// The Messages as the Z-Man Games rules word them (the Assembled Game Reference's note on
    /// the Messages, "ZMG rules only"; the Wikicarpedia page "The Messages", footnote on the
    /// dark spaces): a figure stopping on a dark space brings a message only where no other
    /// player's scoring figure stands on that space. Off by default: Hans im Glück's rules,
    /// without that condition.
    pub messages_zmg: bool,
    /// Bridges, Castles & Bazaars as the Assembled Game Reference words the fairy (step 2B-1:
    /// "not allowed if on a castle"): the fairy never moves next to a follower in a castle. Off
    /// by default: the Big Box 3 rules, cited on the Wikicarpedia page "Bridges, Castles and
    /// Bazaars (1st edition)", allow it.
    pub no_fairy_in_castle: bool,
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
            unguarded_tower_reopens: false,
            short_ransom: false,
            escape_after_each_tile: false,
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
            little_buildings_values: false,
            festival_followers_only: false,
            solovei_whole_road: false,
            spiel_doch_start: false,
            wind_roses_spielbox: false,
            labyrinth_advanced: false,
            shrines_sixth_tile: false,
            crop_circles_zmg: false,
            ferry_needs_highwayman: false,
            messages_zmg: false,
            no_fairy_in_castle: false,
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
            ..Variants::version_2()
        }
    }

    /// The defaults of version 2 of the records: the Cathars' escape was offered after each
    /// tile of a double turn, and any points of the turn's scoring opened Carcassonne. A record
    /// of that version (which names every variant of its day) replays with them wherever it
    /// leaves a field out.
    pub fn version_2() -> Variants {
        Variants {
            escape_after_each_tile: true,
            carcassonne_trigger: CarcassonneTrigger::AnyPoints,
            ..Variants::default()
        }
    }

    /// Every variant, as offered by the command line and the lobby.
    pub const INFO: &'static [VariantInfo] = info::ALL;

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

#[cfg(test)]
mod tests;
