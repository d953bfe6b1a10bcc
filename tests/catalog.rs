//! The tile catalog checked against seed 001's consolidated tile reference
//! (`tests/fixtures/consolidated-tile-reference.txt`) and the "TILE DISTRIBUTION" of the basic
//! game.

use std::collections::BTreeMap;

use carcassonne_engine::{Catalog, Edition};

/// The edge letters turned so that they read alphabetically smallest, as the consolidated tile
/// reference names its sections ("City, farm, road, road" is `cfrr`).
fn canonical_signature(edges: &str) -> String {
    (0..4).map(|r| format!("{}{}", &edges[r..], &edges[..r])).min().expect("four rotations")
}

fn reference() -> BTreeMap<(String, String), u32> {
    let text = include_str!("fixtures/consolidated-tile-reference.txt");
    let mut table = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields.len(), 3, "fixture line `{line}`");
        table.insert((fields[1].to_string(), fields[0].to_string()), fields[2].parse().expect("count"));
    }
    table
}

fn signatures(set: &str, edition: Edition) -> BTreeMap<(String, String), u32> {
    let catalog = Catalog::builtin();
    let set = catalog.set(set).expect("set in catalog");
    let mut table = BTreeMap::new();
    for (id, count) in catalog.edition_designs(set, edition) {
        let design = catalog.design(id);
        *table.entry((set.id.clone(), canonical_signature(&design.edge_letters()))).or_default() += count as u32;
    }
    table
}

#[test]
fn base_edge_signatures_match_the_consolidated_tile_reference_in_both_editions() {
    let reference = reference();
    for edition in [Edition::First, Edition::Second] {
        assert_eq!(signatures("base", edition), reference, "{edition:?} edition");
    }
    assert_eq!(reference.values().sum::<u32>(), 72, "seed 001 Overview: 72 BASIC GAME");
}

#[test]
fn base_set_has_24_designs_of_72_tiles_and_one_start_tile() {
    let catalog = Catalog::builtin();
    let base = catalog.set("base").unwrap();
    let first = catalog.edition_designs(base, Edition::First);
    assert_eq!(first.len(), 24);
    let letters: String = first.iter().map(|&(id, _)| catalog.design(id).name.clone()).collect();
    assert_eq!(letters, "ABCDEFGHIJKLMNOPQRSTUVWX");
    // Seed 000, C3 distribution, in letter order.
    let counts: Vec<u8> = first.iter().map(|&(_, n)| n).collect();
    assert_eq!(counts, [2, 4, 1, 4, 5, 2, 1, 3, 2, 3, 3, 3, 2, 3, 2, 3, 1, 3, 2, 1, 8, 9, 4, 1]);
    let starts: Vec<&str> =
        base.designs.iter().map(|&id| catalog.design(id)).filter(|d| d.start).map(|d| d.id.as_str()).collect();
    assert_eq!(starts, ["base:D"]);
    assert_eq!(catalog.design(catalog.lookup("base:D").unwrap()).edge_letters(), "crfr");
}

#[test]
fn second_edition_moves_eight_tiles_to_garden_designs() {
    // Seed 000, "The Abbot", tile distribution: the base game has eight garden tiles.
    let catalog = Catalog::builtin();
    let base = catalog.set("base").unwrap();
    let gardens: Vec<String> = catalog
        .edition_designs(base, Edition::Second)
        .iter()
        .filter(|&&(id, _)| {
            catalog.design(id).features.iter().any(|f| f.kind == carcassonne_engine::FeatureKind::Garden)
        })
        .map(|&(id, n)| format!("{}×{n}", catalog.design(id).name))
        .collect();
    assert_eq!(
        gardens,
        [
            "E-garden×1",
            "H-garden×1",
            "I-garden×1",
            "M-garden×1",
            "N-garden×1",
            "R-garden×1",
            "U-garden×1",
            "V-garden×1"
        ]
    );
}

#[test]
fn pennant_and_cloister_counts_of_the_basic_game() {
    // Seed 001, consolidated tile reference, "Symbols & Features": the basic game has
    // 10 pennants and 6 cloisters.
    let catalog = Catalog::builtin();
    let base = catalog.set("base").unwrap();
    for edition in [Edition::First, Edition::Second] {
        let designs = catalog.edition_designs(base, edition);
        let pennants: u32 = designs
            .iter()
            .map(|&(id, n)| n as u32 * catalog.design(id).features.iter().map(|f| f.pennants as u32).sum::<u32>())
            .sum();
        let cloisters: u32 =
            designs.iter().filter(|&&(id, _)| catalog.design(id).has_cloister()).map(|&(_, n)| n as u32).sum();
        assert_eq!((pennants, cloisters), (10, 6), "{edition:?}");
    }
}
