//! The rules configuration: which expansions are in play and which reading of each documented
//! rule difference applies.
//!
//! Defaults follow the Hans im Glueck Big Box column of seed 001's "Summary of rule sets &
//! changes" (see docs/rules.md); every other column is a [`RuleSet`] preset, and each single
//! difference is a field of [`Variants`]. Defaults never change silently: a record stores the
//! complete configuration it was played with.

use serde::{Deserialize, Serialize};

use crate::catalog::Edition;

/// An expansion (or edition) that can be switched on. The base game with farmers is always in
/// play; each expansion adds its tiles, figures and rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Expansion {
    /// The River (seeds 000, 001, 003): 12 river tiles placed first, from the spring to the lake.
    River,
    /// The River II (seed 001 "THE RIVER II"): 12 river tiles with a fork (two branches), the
    /// volcano lake, an inn and a pig-herd.
    #[serde(rename = "river-2")]
    River2,
    /// Inns & Cathedrals (seed 001): 18 tiles, inns and cathedrals, the big follower.
    InnsCathedrals,
    /// Traders & Builders (seed 001, Big Box rules): 24 tiles, the builder, the pig, trade goods.
    TradersBuilders,
    /// King & Scout (seed 001 "KING AND SCOUT"): 5 tiles, the king and the robber baron.
    KingRobber,
    /// The Cathars (seed 001 "THE CATHARS"): 4 tiles with a siege.
    Cathars,
    /// The Abbot (seeds 000 and 003): one abbot per player, for cloisters and gardens (gardens
    /// are on the second-edition tiles: `tile-edition: second`).
    Abbot,
    /// The Games Quarterly tiles (seed 001): its 10 land tiles join the pile (its river tiles
    /// only with a river).
    Gq11,
    /// The Winter Edition (seed 002): its 84 tiles replace the base tiles; the rules are the
    /// base game's.
    Winter,
}

impl Expansion {
    pub const ALL: [Expansion; 9] = [
        Expansion::River,
        Expansion::River2,
        Expansion::InnsCathedrals,
        Expansion::TradersBuilders,
        Expansion::KingRobber,
        Expansion::Cathars,
        Expansion::Abbot,
        Expansion::Gq11,
        Expansion::Winter,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Expansion::River => "river",
            Expansion::River2 => "river-2",
            Expansion::InnsCathedrals => "inns-cathedrals",
            Expansion::TradersBuilders => "traders-builders",
            Expansion::KingRobber => "king-robber",
            Expansion::Cathars => "cathars",
            Expansion::Abbot => "abbot",
            Expansion::Gq11 => "gq11",
            Expansion::Winter => "winter",
        }
    }

    pub fn from_name(s: &str) -> Option<Expansion> {
        Expansion::ALL.into_iter().find(|e| e.name() == s)
    }
}

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
    /// House rule: the GQ tile's pigs count as a pig-herd (seed 001, GQ: officially "just a
    /// field", footnote 116; "this would be a house rule", footnote 117). Off by default.
    pub gq_pig_herd: bool,
}

/// The base game's start tile when a river is in play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RiverStartTile {
    /// Shuffled into the land tiles and "treated like a normal tile" (seed 001, THE RIVER,
    /// Preparation; the default).
    #[default]
    Shuffled,
    /// Returned to the box (seed 003, The River, Components: "return the start tile to the box").
    Discarded,
}

impl Default for Variants {
    fn default() -> Self {
        Variants::preset(RuleSet::HigBigBox)
    }
}

impl Variants {
    /// The variants of one column of seed 001's "Summary of rule sets & changes".
    pub fn preset(rule_set: RuleSet) -> Variants {
        let rgg = matches!(rule_set, RuleSet::Rgg | RuleSet::RggBigBox);
        Variants {
            farmer_scoring: if rgg { FarmerScoring::FirstEdition } else { FarmerScoring::ThirdEdition },
            small_city: rgg,
            farmers: true,
            tile_edition: Edition::First,
            river_start_tile: RiverStartTile::Shuffled,
            gq_pig_herd: false,
        }
    }
}

/// The complete rules configuration of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    pub expansions: Vec<Expansion>,
    pub variants: Variants,
}

impl Rules {
    /// The base game with farmers under the default (HiG Big Box) rules.
    pub fn base() -> Rules {
        Rules::default()
    }

    pub fn with_rule_set(rule_set: RuleSet) -> Rules {
        Rules { expansions: vec![], variants: Variants::preset(rule_set) }
    }

    pub fn has(&self, expansion: Expansion) -> bool {
        self.expansions.contains(&expansion)
    }

    /// The tile sets in play, by catalog set id: the base tiles (or the Winter Edition's), then
    /// each expansion's.
    pub fn tile_sets(&self) -> Vec<&'static str> {
        let mut sets = vec![if self.has(Expansion::Winter) { "winter" } else { "base" }];
        for (expansion, set) in [
            (Expansion::River, "river"),
            (Expansion::River2, "river-2"),
            (Expansion::InnsCathedrals, "inns-cathedrals"),
            (Expansion::TradersBuilders, "traders-builders"),
            (Expansion::KingRobber, "king-robber"),
            (Expansion::Cathars, "cathars"),
            (Expansion::Gq11, "gq11"),
        ] {
            if self.has(expansion) {
                sets.push(set);
            }
        }
        sets
    }

    /// Whether a river is in play (otherwise river tiles, such as the GQ spring, stay out).
    pub fn river_in_play(&self) -> bool {
        self.has(Expansion::River) || self.has(Expansion::River2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_expansion_round_trips_through_its_name() {
        for e in Expansion::ALL {
            assert_eq!(Expansion::from_name(e.name()), Some(e));
            let json = serde_json::to_string(&e).unwrap();
            assert_eq!(json, format!("\"{}\"", e.name()), "serde and name() agree");
        }
        // Every expansion but the Abbot (whose gardens are on the base tiles) brings a tile set;
        // the Winter Edition's replaces the base set.
        let sets = Rules { expansions: Expansion::ALL.to_vec(), ..Rules::default() }.tile_sets();
        assert_eq!(sets.len(), Expansion::ALL.len() - 1, "{sets:?}");
    }

    #[test]
    fn defaults_are_the_hig_big_box_column() {
        let v = Variants::default();
        assert_eq!(v.farmer_scoring, FarmerScoring::ThirdEdition);
        assert!(!v.small_city);
        assert!(v.farmers);
        assert_eq!(v.tile_edition, Edition::First);
    }

    #[test]
    fn rgg_presets_use_small_cities_and_first_edition_farmers() {
        for rs in [RuleSet::Rgg, RuleSet::RggBigBox] {
            let v = Variants::preset(rs);
            assert!(v.small_city);
            assert_eq!(v.farmer_scoring, FarmerScoring::FirstEdition);
        }
    }

    #[test]
    fn missing_fields_take_defaults_and_unknown_fields_are_rejected() {
        let r: Rules = serde_json::from_str(r#"{"variants": {"small-city": true}}"#).unwrap();
        assert!(r.variants.small_city);
        assert_eq!(r.variants.farmer_scoring, FarmerScoring::ThirdEdition);
        assert!(serde_json::from_str::<Rules>(r#"{"variants": {"smal-city": true}}"#).is_err());
        assert!(serde_json::from_str::<Rules>(r#"{"expansions": ["no-such-expansion"]}"#).is_err());
        let r: Rules = serde_json::from_str(r#"{"expansions": ["inns-cathedrals", "winter"]}"#).unwrap();
        assert_eq!(r.tile_sets(), ["winter", "inns-cathedrals"]);
    }
}
