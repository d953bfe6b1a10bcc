//! `carcassonne tiles`: the tile catalog.

use std::io::Write;

use anyhow::anyhow;
use carcassonne_engine::game::feature_name;
use carcassonne_engine::{Catalog, Edition, FeatureKind, FeatureSpec, Rotation, TileDesign};
use serde::Serialize;

use crate::output;

#[derive(Serialize)]
struct TileJson<'a> {
    id: &'a str,
    set: &'a str,
    count: u8,
    edges: String,
    start: bool,
    features: Vec<FeatureJson>,
}

#[derive(Serialize)]
struct FeatureJson {
    kind: &'static str,
    ports: Vec<&'static str>,
    /// Cities only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pennants: Option<u8>,
    /// Fields only: the cities of the same tile the field touches, by name.
    #[serde(skip_serializing_if = "Option::is_none")]
    borders: Option<Vec<String>>,
}

fn feature_json(design: &TileDesign, spec: &FeatureSpec) -> FeatureJson {
    FeatureJson {
        kind: spec.kind.name(),
        ports: spec.ports().map(|p| p.name()).collect(),
        pennants: (spec.kind == FeatureKind::City).then_some(spec.pennants),
        borders: (spec.kind == FeatureKind::Field).then(|| border_names(design, spec)),
    }
}

fn border_names(design: &TileDesign, spec: &FeatureSpec) -> Vec<String> {
    spec.borders
        .iter()
        .map(|&city| feature_name(design, Rotation::R0, city).unwrap_or_else(|| format!("#{city}")))
        .collect()
}

/// `city N E S W +1 pennant`, `field ENE WNW (borders city@N)`.
fn feature_text(design: &TileDesign, spec: &FeatureSpec) -> String {
    let mut text = spec.kind.name().to_string();
    for port in spec.ports() {
        text.push(' ');
        text.push_str(port.name());
    }
    if spec.pennants > 0 {
        text.push_str(&format!(" +{} pennant{}", spec.pennants, if spec.pennants == 1 { "" } else { "s" }));
    }
    if spec.kind == FeatureKind::Field && !spec.borders.is_empty() {
        text.push_str(&format!(" (borders {})", border_names(design, spec).join(", ")));
    }
    text
}

pub fn run(set_id: &str, edition: Edition, json: bool) -> anyhow::Result<()> {
    let catalog = Catalog::builtin();
    let set = catalog.set(set_id).ok_or_else(|| {
        let known: Vec<&str> = catalog.sets().iter().map(|s| s.id.as_str()).collect();
        anyhow!("unknown tile set `{set_id}` (known sets: {})", known.join(", "))
    })?;
    let designs = catalog.edition_designs(set, edition);
    let mut out = output::stdout();
    if json {
        let tiles: Vec<TileJson> = designs
            .iter()
            .map(|&(id, count)| {
                let d = catalog.design(id);
                TileJson {
                    id: &d.id,
                    set: &d.set,
                    count,
                    edges: d.edge_letters(),
                    start: d.start,
                    features: d.features.iter().map(|f| feature_json(d, f)).collect(),
                }
            })
            .collect();
        output::write_json_pretty(&mut out, &tiles)?;
    } else {
        let width = designs.iter().map(|&(id, _)| catalog.design(id).id.len()).max().unwrap_or(2) + 2;
        writeln!(out, "{:<width$}  count  edges  features", "id")?;
        for &(id, count) in &designs {
            let d = catalog.design(id);
            let features: Vec<String> = d.features.iter().map(|f| feature_text(d, f)).collect();
            let id_text = if d.start { format!("{} *", d.id) } else { d.id.clone() };
            writeln!(out, "{:<width$}  {count:>5}  {:<5}  {}", id_text, d.edge_letters(), features.join("; "))?;
        }
        let total: u32 = designs.iter().map(|&(_, n)| n as u32).sum();
        writeln!(
            out,
            "{} designs, {total} tiles ({} edition of set {}); * marks the start tile, counted in its count",
            designs.len(),
            edition.name(),
            set.id
        )?;
    }
    out.flush()?;
    Ok(())
}
