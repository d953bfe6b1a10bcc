//! `carcassonne tiles`: the tile catalog.

use std::io::Write;

use anyhow::anyhow;
use carcassonne_engine::catalog::{TileSet, INNER_NAMES};
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
    /// `spring`, `lake` or `fork` for the special river tiles.
    #[serde(skip_serializing_if = "Option::is_none")]
    river: Option<&'static str>,
    /// Symbols on the tile: tower, dragon, volcano, magic-gate, garden.
    symbols: Vec<&'static str>,
    /// A tile of a unit placed whole at set-up (the Count's city): some edges face the unit.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    partial: bool,
    /// For partial tiles: the quarters of their unit, each with the kind of feature its
    /// followers may be redeployed to (the Count's city of Carcassonne).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    unit_quarters: Vec<QuarterJson>,
    /// A tile the players hold in supply (the abbeys, one per player), not in the pile.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    supply: bool,
    features: Vec<FeatureJson>,
}

#[derive(Serialize)]
struct QuarterJson {
    name: String,
    feeds: &'static str,
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
    /// An enclosed field's name on its tile (`I`, `II`).
    #[serde(skip_serializing_if = "Option::is_none")]
    inner: Option<&'static str>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    inn: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    cathedral: bool,
    /// Trade good: wine, grain or cloth.
    #[serde(skip_serializing_if = "Option::is_none")]
    good: Option<&'static str>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    besieged: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    princess: bool,
    #[serde(rename = "pig-herd", skip_serializing_if = "std::ops::Not::not")]
    pig_herd: bool,
    /// Pigs drawn on a field that is officially no pig-herd (the GQ tile).
    #[serde(rename = "pigs-drawn", skip_serializing_if = "std::ops::Not::not")]
    pigs_drawn: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    tunnel: bool,
    /// A labyrinth on the road (The Labyrinths).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    labyrinth: bool,
    /// A special monastery, which also takes a prior (the monastery sets).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    special: bool,
    /// A shrine (Heretics and Shrines).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    shrine: bool,
    /// A church (The Darmstadt Churches).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    church: bool,
    #[serde(skip_serializing_if = "is_zero")]
    wells: u8,
    /// First-edition wagon adjacency groups (Abbey & Mayor), as letters.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    wagon: Vec<char>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn feature_json(design: &TileDesign, spec: &FeatureSpec) -> FeatureJson {
    FeatureJson {
        kind: spec.kind.name(),
        ports: spec.ports().map(|p| p.name()).collect(),
        pennants: (spec.kind == FeatureKind::City).then_some(spec.pennants),
        borders: (spec.kind == FeatureKind::Field).then(|| border_names(design, spec)),
        inner: (spec.inner > 0).then(|| INNER_NAMES[spec.inner as usize - 1]),
        inn: spec.attrs.inn,
        cathedral: spec.attrs.cathedral,
        good: spec.attrs.good.map(|g| g.name()),
        besieged: spec.attrs.besieged,
        princess: spec.attrs.princess,
        pig_herd: spec.attrs.pig_herd,
        pigs_drawn: spec.attrs.pigs_drawn,
        tunnel: spec.attrs.tunnel,
        labyrinth: spec.attrs.labyrinth,
        special: spec.attrs.special,
        shrine: spec.attrs.shrine,
        church: spec.attrs.church,
        wells: spec.attrs.wells,
        wagon: (0..8u8).filter(|i| spec.attrs.wagon_groups & (1 << i) != 0).map(|i| (b'a' + i) as char).collect(),
    }
}

/// The tile's symbols, gardens included.
fn symbols(design: &TileDesign) -> Vec<&'static str> {
    let mut symbols: Vec<&'static str> = design.symbols.iter().map(|s| s.name()).collect();
    if design.features.iter().any(|f| f.kind == FeatureKind::Garden) {
        symbols.push("garden");
    }
    symbols
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
    if spec.inner > 0 {
        text.push(' ');
        text.push_str(INNER_NAMES[spec.inner as usize - 1]);
    }
    if spec.pennants > 0 {
        text.push_str(&format!(" +{} pennant{}", spec.pennants, if spec.pennants == 1 { "" } else { "s" }));
    }
    let a = &spec.attrs;
    for (on, name) in [
        (a.inn, "inn"),
        (a.cathedral, "cathedral"),
        (a.besieged, "besieged"),
        (a.princess, "princess"),
        (a.pig_herd, "pig-herd"),
        (a.pigs_drawn, "pigs drawn (no pig-herd)"),
        (a.tunnel, "tunnel"),
        (a.labyrinth, "labyrinth"),
        (a.special, "special monastery"),
        (a.shrine, "shrine"),
        (a.church, "church"),
    ] {
        if on {
            text.push_str(" +");
            text.push_str(name);
        }
    }
    if let Some(good) = a.good {
        text.push_str(" +");
        text.push_str(good.name());
    }
    if a.wells > 0 {
        text.push_str(&format!(" +{} well{}", a.wells, if a.wells == 1 { "" } else { "s" }));
    }
    if spec.kind == FeatureKind::Field && !spec.borders.is_empty() {
        text.push_str(&format!(" (borders {})", border_names(design, spec).join(", ")));
    }
    text
}

/// One set by id (`Some(id)`), or every set.
pub fn selected_sets<'c>(catalog: &'c Catalog, set_id: Option<&str>) -> anyhow::Result<Vec<&'c TileSet>> {
    Ok(match set_id {
        Some(id) => vec![catalog.set(id).ok_or_else(|| {
            let known: Vec<&str> = catalog.sets().iter().map(|s| s.id.as_str()).collect();
            anyhow!("unknown tile set `{id}` (known sets: {})", known.join(", "))
        })?],
        None => catalog.sets().iter().collect(),
    })
}

/// Lists one set (`Some(id)`) or every set.
pub fn run(set_id: Option<&str>, edition: Edition, json: bool) -> anyhow::Result<()> {
    let catalog = Catalog::builtin();
    let sets = selected_sets(catalog, set_id)?;
    let mut out = output::stdout();
    if json {
        let mut tiles: Vec<TileJson> = vec![];
        for set in &sets {
            for (id, count) in catalog.edition_designs(set, set.edition_for(edition)) {
                let d = catalog.design(id);
                tiles.push(TileJson {
                    id: &d.id,
                    set: &d.set,
                    count,
                    edges: d.edge_letters(),
                    start: d.start,
                    river: d.river.map(|r| r.name()),
                    symbols: symbols(d),
                    partial: d.partial,
                    unit_quarters: if d.partial {
                        set.quarters
                            .iter()
                            .map(|q| QuarterJson { name: q.quarter.name().into(), feeds: q.feeds.name() })
                            .collect()
                    } else {
                        vec![]
                    },
                    supply: d.supply,
                    features: d.features.iter().map(|f| feature_json(d, f)).collect(),
                });
            }
        }
        output::write_json_pretty(&mut out, &tiles)?;
    } else {
        for set in &sets {
            print_table(&mut out, catalog, set, set.edition_for(edition))?;
        }
    }
    out.flush()?;
    Ok(())
}

fn print_table(out: &mut impl Write, catalog: &Catalog, set: &TileSet, edition: Edition) -> anyhow::Result<()> {
    let designs = catalog.edition_designs(set, edition);
    let width = designs.iter().map(|&(id, _)| catalog.design(id).id.len()).max().unwrap_or(2) + 2;
    writeln!(out, "{:<width$}  count  edges  features", "id")?;
    for &(id, count) in &designs {
        let d = catalog.design(id);
        let mut features: Vec<String> = d.features.iter().map(|f| feature_text(d, f)).collect();
        let mut marks: Vec<&str> = d.symbols.iter().map(|s| s.name()).collect();
        marks.extend(d.river.map(|r| r.name()));
        if d.partial {
            marks.push("partial");
        }
        if d.supply {
            marks.push("held in supply, one per player");
        }
        if !marks.is_empty() {
            features.push(format!("[{}]", marks.join(", ")));
        }
        let id_text = if d.start { format!("{} *", d.id) } else { d.id.clone() };
        writeln!(out, "{:<width$}  {count:>5}  {:<5}  {}", id_text, d.edge_letters(), features.join("; "))?;
    }
    if !set.quarters.is_empty() {
        let quarters: Vec<String> =
            set.quarters.iter().map(|q| format!("{} ({})", q.quarter, q.feeds.name())).collect();
        writeln!(out, "the partial tiles form one unit with the quarters {}", quarters.join(", "))?;
    }
    let total: u32 = designs.iter().map(|&(_, n)| n as u32).sum();
    writeln!(
        out,
        "{} designs, {total} tiles ({} edition of set {}); * marks the start tile, counted in its count\n",
        designs.len(),
        edition.name(),
        set.id
    )?;
    Ok(())
}
