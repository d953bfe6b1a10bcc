//! The Carcassonne engine as a Python module, `carcassonne._engine` (re-exported by the
//! `carcassonne` package, python/carcassonne/__init__.py).
//!
//! A thin layer: games, actions and events as Python objects ([`game`]); observations as numpy
//! arrays written straight from the engine's state ([`encode`]); many games stepped on Rust
//! threads with the GIL released ([`batch`]); the built-in bots ([`bots`]). Every rule stays in
//! the engine crate, so a game played from Python is the game the command line plays: same
//! seeds, same records. docs/python.md is the user's guide.

use std::collections::HashMap;

use carcassonne_engine::{Color, Edition, Expansion, RuleSet, Rules, Variants};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBool;

mod batch;
mod bots;
mod encode;
mod game;

create_exception!(
    carcassonne,
    RuleError,
    PyValueError,
    "An action the rules do not allow, or one that names no legal action; the game is unchanged."
);
create_exception!(
    carcassonne,
    SetupError,
    PyValueError,
    "Choices that do not make a game (rules, players, expansions, variants)."
);
create_exception!(carcassonne, RecordError, PyValueError, "A game record that cannot be read or replayed.");

/// The rules from the same choices as the command line's `--rules`, `--edition`,
/// `--expansions` and `--variant NAME=VALUE` (src/rules_args.rs), in the same order: the rule
/// set's variants, then the edition, then each variant.
pub(crate) fn build_rules(
    rules: &str,
    edition: Option<&str>,
    expansions: &[String],
    variants: &HashMap<String, String>,
) -> PyResult<Rules> {
    let rule_set = RuleSet::from_name(rules).ok_or_else(|| {
        let known: Vec<&str> = RuleSet::ALL.iter().map(|r| r.name()).collect();
        SetupError::new_err(format!("rules: unknown rule set `{rules}` (known: {})", known.join(", ")))
    })?;
    let mut built = Rules::with_rule_set(rule_set);
    for name in expansions {
        let expansion = Expansion::from_name(name).ok_or_else(|| {
            let known: Vec<&str> = Expansion::ALL.iter().map(|e| e.name()).collect();
            SetupError::new_err(format!("expansions: unknown expansion `{name}` (known: {})", known.join(", ")))
        })?;
        built.expansions.push(expansion);
    }
    built.expansions.sort();
    built.expansions.dedup();
    if let Some(edition) = edition {
        built.variants.tile_edition = Edition::from_name(edition).ok_or_else(|| {
            SetupError::new_err(format!("edition: unknown edition `{edition}` (known: first, second)"))
        })?;
    }
    // Sorted, so that the same dict gives the same rules whatever its order.
    let mut names: Vec<&String> = variants.keys().collect();
    names.sort();
    for name in names {
        built
            .variants
            .set(name, &variants[name])
            .map_err(|e| SetupError::new_err(format!("variants[{name:?}]: {e}")))?;
    }
    Ok(built)
}

/// A variant value from Python: `True`/`False` as the command line's `true`/`false`, anything
/// else by its `str()`.
pub(crate) fn variant_values(values: Option<&Bound<'_, pyo3::types::PyDict>>) -> PyResult<HashMap<String, String>> {
    let mut out = HashMap::new();
    if let Some(values) = values {
        for (k, v) in values.iter() {
            let value = if v.is_instance_of::<PyBool>() {
                if v.extract::<bool>()? { "true" } else { "false" }.to_string()
            } else {
                v.str()?.to_string()
            };
            out.insert(k.str()?.to_string(), value);
        }
    }
    Ok(out)
}

/// The seat colours of an `n`-player game: the command line's order (red, blue, green, yellow,
/// black, gray).
pub(crate) fn seat_colors(players: usize, colors: Option<Vec<String>>) -> PyResult<Vec<Color>> {
    match colors {
        Some(names) => names
            .iter()
            .map(|n| Color::from_name(n).ok_or_else(|| SetupError::new_err(format!("colors: unknown colour `{n}`"))))
            .collect(),
        None => {
            if !(1..=encode::MAX_SEATS).contains(&players) {
                return Err(SetupError::new_err(format!("players: {players} seats (2 to {})", encode::MAX_SEATS)));
            }
            Ok(Color::ALL[..players].to_vec())
        }
    }
}

/// The seed of the bot in `seat` of the game with deck seed `game_seed`, as the command line's
/// `simulate`, `play` and `tournament` seed their bots.
#[pyfunction]
fn bot_seed(game_seed: u64, seat: usize) -> u64 {
    carcassonne_bots::bot_seed(game_seed, seat)
}

/// The expansions the engine plays, by the names `Game(expansions=...)` takes.
#[pyfunction]
fn expansions() -> Vec<&'static str> {
    Expansion::ALL.iter().map(|e| e.name()).collect()
}

/// The rule variants: `{name: (values, default, label)}`, values `["true", "false"]` for a
/// switch.
#[pyfunction]
fn variants() -> HashMap<&'static str, (Vec<&'static str>, String, &'static str)> {
    let defaults = serde_json::to_value(Variants::default()).expect("variants serialize");
    Variants::INFO
        .iter()
        .map(|info| {
            let default = match &defaults[info.name] {
                serde_json::Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            let values = match info.kind {
                carcassonne_engine::VariantKind::Bool => vec!["true", "false"],
                carcassonne_engine::VariantKind::Choice(values) => values.iter().map(|(v, _)| *v).collect(),
            };
            (info.name, (values, default, info.label))
        })
        .collect()
}

#[pymodule]
fn _engine(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("RuleError", py.get_type::<RuleError>())?;
    m.add("SetupError", py.get_type::<SetupError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<game::PyAction>()?;
    m.add_class::<game::PyEvent>()?;
    m.add_class::<batch::PyGameBatch>()?;
    m.add_class::<bots::PyBot>()?;
    m.add_function(wrap_pyfunction!(bot_seed, m)?)?;
    m.add_function(wrap_pyfunction!(batch::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(expansions, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add("PLANES", encode::plane_names())?;
    m.add("PLAYER_FIELDS", encode::PLAYER_FIELDS.to_vec())?;
    m.add("TILE_FIELDS", encode::TILE_PLANES.to_vec())?;
    m.add("SCALARS", encode::SCALARS.to_vec())?;
    m.add("PENDING_KINDS", encode::PENDING_KINDS.to_vec())?;
    m.add("MAX_SEATS", encode::MAX_SEATS)?;
    m.add("DEFAULT_WINDOW", encode::DEFAULT_WINDOW)?;
    m.add("DEFAULT_OTHER_SLOTS", encode::DEFAULT_OTHER_SLOTS)?;
    m.add("TILE_DESIGNS", game::design_ids())?;
    Ok(())
}
