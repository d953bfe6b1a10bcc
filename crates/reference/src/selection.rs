//! A selection: the expansions chosen (any the reference knows, playable or not), the engine's
//! variants, and the number of players if known. Built from a game's rules or from the
//! command line's or API's text, whose mistakes name the field at fault.

use std::collections::BTreeMap;

use carcassonne_engine::{RuleSet, Rules, Variants};

use crate::condition::Facts;
use crate::Reference;

/// What a reference is assembled for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    /// Expansion keys, in the reference's order.
    pub expansions: Vec<String>,
    pub variants: Variants,
    /// `None`: any number of players (every player-count line is shown).
    pub players: Option<u8>,
    /// The variants' values as text, by name.
    values: BTreeMap<String, String>,
    /// The rule set whose rows the variants match, if any.
    rule_set: Option<RuleSet>,
}

/// A selection that cannot be made: the field at fault (`expansions`, `rules`, `variant`,
/// `players`) and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct SelectionError {
    pub field: &'static str,
    pub message: String,
}

impl Selection {
    /// A selection of expansion keys (checked against the reference by the callers that take
    /// text) with these variants.
    pub fn new(reference: &Reference, expansions: &[String], variants: Variants, players: Option<u8>) -> Selection {
        let order = |key: &String| reference.expansions().iter().position(|e| &e.key == key);
        let mut expansions = expansions.to_vec();
        expansions.sort_by_key(order);
        expansions.dedup();
        let json = serde_json::to_value(&variants).expect("variants serialize");
        let values = json
            .as_object()
            .expect("an object")
            .iter()
            .map(|(k, v)| (k.clone(), v.as_str().map_or_else(|| v.to_string(), str::to_string)))
            .collect();
        let rule_set = rule_set_of(&variants);
        Selection { expansions, variants, players, values, rule_set }
    }

    /// The selection a game is played with.
    pub fn of_rules(reference: &Reference, rules: &Rules, players: Option<u8>) -> Selection {
        let keys: Vec<String> = rules.expansions.iter().map(|e| e.name().to_string()).collect();
        Selection::new(reference, &keys, rules.variants.clone(), players)
    }

    /// A selection from text: expansion keys, a rule set's name, `NAME=VALUE` variant settings
    /// applied after the rule set, and a number of players.
    pub fn parse(
        reference: &Reference,
        expansions: &[String],
        rules: Option<&str>,
        variants: &[String],
        players: Option<&str>,
    ) -> Result<Selection, SelectionError> {
        for key in expansions {
            if reference.expansion(key).is_none() {
                let known: Vec<&str> = reference.expansions().iter().map(|e| e.key.as_str()).collect();
                return Err(SelectionError {
                    field: "expansions",
                    message: format!("unknown expansion `{key}` (known: {})", known.join(", ")),
                });
            }
        }
        let rule_set = match rules {
            None | Some("") => RuleSet::default(),
            Some(name) => RuleSet::from_name(name).ok_or_else(|| {
                let known: Vec<&str> = RuleSet::ALL.iter().map(|r| r.name()).collect();
                SelectionError {
                    field: "rules",
                    message: format!("unknown rule set `{name}` (known: {})", known.join(", ")),
                }
            })?,
        };
        let mut values = Variants::preset(rule_set);
        for setting in variants {
            let (name, value) = setting.split_once('=').ok_or_else(|| SelectionError {
                field: "variant",
                message: format!("`{setting}`: expected NAME=VALUE, e.g. small-city=true"),
            })?;
            values.set(name.trim(), value.trim()).map_err(|message| SelectionError { field: "variant", message })?;
        }
        let players = match players {
            None | Some("") => None,
            Some(text) => match text.trim().parse::<u8>() {
                Ok(n) if (2..=6).contains(&n) => Some(n),
                _ => {
                    return Err(SelectionError {
                        field: "players",
                        message: format!("`{text}` is not a number of players from 2 to 6"),
                    })
                }
            },
        };
        Ok(Selection::new(reference, expansions, values, players))
    }

    /// The rule set whose every row the variants follow, if any.
    pub fn rule_set(&self) -> Option<RuleSet> {
        self.rule_set
    }

    /// The variants that differ from the defaults, as (name, value), in the engine's order.
    pub fn changed_variants(&self) -> Vec<(&'static str, String)> {
        let defaults = serde_json::to_value(Variants::default()).expect("variants serialize");
        Variants::INFO
            .iter()
            .filter_map(|info| {
                let value = self.values.get(info.name)?;
                let default = &defaults[info.name];
                let default = default.as_str().map_or_else(|| default.to_string(), str::to_string);
                (value != &default).then(|| (info.name, value.clone()))
            })
            .collect()
    }
}

impl Facts for Selection {
    fn has_expansion(&self, key: &str) -> bool {
        self.expansions.iter().any(|e| e == key)
    }

    fn variant(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    fn rule_set(&self) -> Option<RuleSet> {
        self.rule_set
    }

    fn players(&self) -> Option<u8> {
        self.players
    }
}

/// The rule set whose preset the variants equal on every row where the presets differ (the
/// rows of seed 001's summary); other variants (the tile printing, the river's start tile) do
/// not matter.
fn rule_set_of(variants: &Variants) -> Option<RuleSet> {
    let presets: Vec<(RuleSet, serde_json::Value)> = RuleSet::ALL
        .iter()
        .map(|&r| (r, serde_json::to_value(Variants::preset(r)).expect("variants serialize")))
        .collect();
    let mine = serde_json::to_value(variants).expect("variants serialize");
    let rows: Vec<&String> = presets[0]
        .1
        .as_object()
        .expect("an object")
        .keys()
        .filter(|k| presets.iter().any(|(_, p)| p[k.as_str()] != presets[0].1[k.as_str()]))
        .collect();
    presets.iter().find(|(_, p)| rows.iter().all(|k| p[k.as_str()] == mine[k.as_str()])).map(|(r, _)| *r)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(s: &[&str]) -> Vec<String> {
        s.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_selection_from_text_follows_the_rule_set_then_each_variant() {
        let r = Reference::builtin();
        let s = Selection::parse(r, &strings(&["tower", "river"]), Some("rgg"), &[], Some("4")).unwrap();
        assert_eq!(s.expansions, ["river", "tower"], "in the reference's order");
        assert_eq!(s.rule_set(), Some(RuleSet::Rgg));
        assert_eq!(s.players, Some(4));
        assert_eq!(s.variant("small-city"), Some("true"));
        let s = Selection::parse(r, &[], Some("rgg"), &strings(&["small-city=false"]), None).unwrap();
        assert_eq!(s.rule_set(), None, "a row changed: no rule set any more");
        assert_eq!(s.variant("small-city"), Some("false"));
        // Variants outside the summary's rows keep the rule set.
        let s = Selection::parse(r, &[], None, &strings(&["tile-edition=second"]), None).unwrap();
        assert_eq!(s.rule_set(), Some(RuleSet::HigBigBox));
        assert_eq!(s.changed_variants(), [("tile-edition", "second".to_string())]);
    }

    #[test]
    fn each_bad_field_is_named() {
        let r = Reference::builtin();
        /// Expansions, rule set, variants, players; the field named and the message.
        type Case<'a> = (&'a [&'a str], Option<&'a str>, &'a [&'a str], Option<&'a str>, &'a str, &'a str);
        let cases: [Case; 6] = [
            (&["towers"], None, &[], None, "expansions", "unknown expansion `towers`"),
            (&[], Some("zmg"), &[], None, "rules", "unknown rule set `zmg`"),
            (&[], None, &["small-city"], None, "variant", "expected NAME=VALUE"),
            (&[], None, &["smal-city=true"], None, "variant", "unknown variant"),
            (&[], None, &[], Some("7"), "players", "from 2 to 6"),
            (&[], None, &[], Some("two"), "players", "from 2 to 6"),
        ];
        for (expansions, rules, variants, players, field, message) in cases {
            let e = Selection::parse(r, &strings(expansions), rules, &strings(variants), players).unwrap_err();
            assert_eq!(e.field, field, "{e}");
            assert!(e.message.contains(message), "{e}");
        }
    }

    #[test]
    fn every_rule_set_is_recognised_from_its_variants() {
        for rs in RuleSet::ALL {
            assert_eq!(rule_set_of(&Variants::preset(rs)), Some(rs));
        }
    }
}
