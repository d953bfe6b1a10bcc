//! The rules options the game-playing commands share: `--rules`, `--edition`, `--expansions`
//! and `--variant NAME=VALUE`.

use anyhow::Context;
use carcassonne_engine::{Edition, Expansion, RuleSet, Rules, VariantKind, Variants};
use clap::{Args, ValueEnum};

/// The rules of the games a command plays.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Rule set: Hans im Glueck or Rio Grande Games, original boxes or The Big Box (its column
    /// of the rules' "Summary of rule sets" sets the variants below).
    #[arg(long, value_enum, value_name = "RULES", default_value_t = RulesArg::HigBigBox)]
    pub rules: RulesArg,
    /// Tile edition (default: the rule set's, the first edition).
    #[arg(long, value_enum, value_name = "EDITION")]
    pub edition: Option<EditionArg>,
    /// Expansions in play, comma-separated (river, inns-cathedrals, hills-sheep, ...; the whole
    /// list in --help).
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = parse_expansion, long_help = expansions_help())]
    pub expansions: Vec<Expansion>,
    /// A rule variant, NAME=VALUE, applied after the rule set; repeatable.
    #[arg(long = "variant", value_name = "NAME=VALUE", long_help = variant_help())]
    pub variants: Vec<String>,
}

impl RulesArgs {
    /// The rules: the rule set's variants, then the edition and each `--variant` in turn.
    pub fn rules(&self) -> anyhow::Result<Rules> {
        let mut rules = Rules::with_rule_set(self.rules.rule_set());
        rules.expansions = self.expansions.clone();
        rules.expansions.sort();
        rules.expansions.dedup();
        if let Some(edition) = self.edition {
            rules.variants.tile_edition = edition.edition();
        }
        apply_variants(&mut rules.variants, &self.variants)?;
        Ok(rules)
    }
}

/// Applies `--variant NAME=VALUE` settings in turn.
pub fn apply_variants(variants: &mut Variants, settings: &[String]) -> anyhow::Result<()> {
    for setting in settings {
        let (name, value) = setting
            .split_once('=')
            .with_context(|| format!("--variant `{setting}`: expected NAME=VALUE, e.g. small-city=true"))?;
        variants.set(name.trim(), value.trim()).map_err(anyhow::Error::msg).context("--variant")?;
    }
    Ok(())
}

/// The `--variant` help: every variant with its values and the seed passage behind it.
/// The `--expansions` help: every expansion's key.
pub fn expansions_help() -> String {
    let keys: Vec<&str> = Expansion::ALL.iter().map(|e| e.name()).collect();
    format!(
        "Expansions in play, comma-separated: {} (the Abbot's gardens are on the second-edition \
         tiles: --edition second; `carcassonne reference` describes each)",
        keys.join(", ")
    )
}

pub fn variant_help() -> String {
    let mut help = String::from(
        "A rule variant, NAME=VALUE, applied after the rule set (so it overrides the rule set's \
         value); repeatable. The variants (default first):\n",
    );
    let defaults = serde_json::to_value(Variants::default()).expect("variants serialize");
    for info in Variants::INFO {
        let default = match &defaults[info.name] {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        let values = match info.kind {
            VariantKind::Bool => format!("true|false (default {default})"),
            VariantKind::Choice(values) => {
                let names: Vec<&str> = values.iter().map(|(v, _)| *v).collect();
                format!("{} (default {default})", names.join("|"))
            }
        };
        help.push_str(&format!(
            "  {}={values}\n      {}; {}\n",
            info.name,
            info.label,
            carcassonne_engine::sources::for_players(info.source)
        ));
    }
    help
}

/// Rule sets, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    /// Hans im Glueck, The Big Box (default).
    HigBigBox,
    /// Hans im Glueck, original boxes (double turn drawn immediately, builders and pigs are followers).
    Hig,
    /// Rio Grande Games, original boxes (small cities, first edition farmers, and as hig).
    Rgg,
    /// Rio Grande Games, The Big Box (small cities, first edition farmers).
    RggBigBox,
}

impl RulesArg {
    pub fn rule_set(self) -> RuleSet {
        match self {
            RulesArg::HigBigBox => RuleSet::HigBigBox,
            RulesArg::Hig => RuleSet::Hig,
            RulesArg::Rgg => RuleSet::Rgg,
            RulesArg::RggBigBox => RuleSet::RggBigBox,
        }
    }
}

/// Tile editions, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EditionArg {
    /// The original artwork (The Big Box).
    First,
    /// The C2/C3 artwork, some tiles with gardens.
    Second,
}

impl EditionArg {
    pub fn edition(self) -> Edition {
        match self {
            EditionArg::First => Edition::First,
            EditionArg::Second => Edition::Second,
        }
    }
}

/// An expansion by its record name (`inns-cathedrals`).
pub fn parse_expansion(name: &str) -> Result<Expansion, String> {
    Expansion::from_name(name).ok_or_else(|| {
        let known: Vec<&str> = Expansion::ALL.iter().map(|e| e.name()).collect();
        format!("unknown expansion `{name}` (known: {})", known.join(", "))
    })
}
