//! The tile catalog checked against seed 001's consolidated tile reference
//! (`tests/fixtures/consolidated-tile-reference.txt`: edge signatures and symbol counts per set),
//! the tile distributions, and structurally.

use std::collections::BTreeMap;

use carcassonne_engine::catalog::{FeatureKind, Symbol, TradeGood};
use carcassonne_engine::{Catalog, Edition, Port, Rotation};

/// The edge letters turned so that they read alphabetically smallest, as the consolidated tile
/// reference names its sections ("City, farm, road, road" is `cfrr`).
fn canonical_signature(edges: &str) -> String {
    (0..4).map(|r| format!("{}{}", &edges[r..], &edges[..r])).min().expect("four rotations")
}

/// `(kind, set) -> {key -> count}` from the fixture, kind `tiles` or `symbol`.
fn reference(kind: &str) -> BTreeMap<String, BTreeMap<String, u32>> {
    let text = include_str!("fixtures/consolidated-tile-reference.txt");
    let mut table: BTreeMap<String, BTreeMap<String, u32>> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 4, "fixture line `{line}`");
        if f[0] == kind {
            *table.entry(f[2].to_string()).or_default().entry(f[1].to_string()).or_default() +=
                f[3].parse::<u32>().unwrap();
        }
    }
    table
}

/// The land tiles of a set (without the tiles players hold in supply, such as abbeys).
fn designs(set: &str, edition: Edition) -> Vec<(&'static carcassonne_engine::TileDesign, u32)> {
    all_designs(set, edition).into_iter().filter(|(d, _)| !d.supply).collect()
}

fn all_designs(set: &str, edition: Edition) -> Vec<(&'static carcassonne_engine::TileDesign, u32)> {
    let catalog = Catalog::builtin();
    let set = catalog.set(set).unwrap_or_else(|| panic!("set {set} in the catalog"));
    catalog.edition_designs(set, edition).into_iter().map(|(id, n)| (catalog.design(id), n as u32)).collect()
}

fn editions(set: &str) -> Vec<Edition> {
    Catalog::builtin().set(set).unwrap().editions.clone()
}

/// Every set of the seeds, with its number of tiles (seed 001 "Overview" of the consolidated
/// tile reference; seed 002 for the Winter Edition; the Wikicarpedia tile distributions for the
/// further expansions of the Assembled Game Reference).
const SETS: [(&str, u32); 43] = [
    ("base", 72),
    ("river", 12),
    ("river-2", 12),
    ("inns-cathedrals", 18),
    ("traders-builders", 24),
    ("king-robber", 5),
    ("count", 12),
    ("cathars", 4),
    ("princess-dragon", 30),
    ("tower", 18),
    ("gq11", 12),
    ("abbey-mayor", 12),
    ("winter", 84),
    ("festival", 10),
    ("goldmines", 8),
    ("spiel-doch", 2),
    ("wind-roses", 6),
    ("siege", 4),
    ("besiegers", 6),
    ("labyrinths", 1),
    ("german-monasteries", 6),
    ("dutch-belgian-monasteries", 6),
    ("japanese-buildings", 6),
    ("darmstadtium", 1),
    ("shrines", 6),
    ("watchtowers", 12),
    ("baba-yaga", 2),
    ("vodyanoy", 1),
    ("solovei-razboynik", 1),
    ("darmstadt-churches", 2),
    ("la-porxada", 1),
    ("crop-circles", 6),
    ("crop-circles-i", 6),
    ("mage-witch", 8),
    ("flier", 8),
    ("tunnel", 4),
    ("ferries", 8),
    ("plague", 6),
    ("hills-sheep", 10),
    ("vineyards", 8),
    ("under-the-big-top", 20),
    ("bridges-castles-and-bazaars", 12),
    ("catapult", 12),
];

#[test]
fn every_set_has_its_number_of_tiles_in_every_edition() {
    let catalog = Catalog::builtin();
    let ids: Vec<&str> = catalog.sets().iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, SETS.map(|(id, _)| id));
    for (set, total) in SETS {
        for edition in editions(set) {
            let n: u32 = designs(set, edition).iter().map(|(_, n)| n).sum();
            assert_eq!(n, total, "{set} {edition:?}");
        }
    }
}

/// How the consolidated tile reference files a river tile: the special sections `spring`,
/// `lake` (every tile where a river ends) and `fork`, else its signature.
fn river_section(design: &carcassonne_engine::TileDesign) -> String {
    use carcassonne_engine::catalog::RiverRole;
    let river_edges = design.edges.iter().filter(|&&t| t == carcassonne_engine::Terrain::River).count();
    match design.river {
        Some(RiverRole::Spring) => "spring".into(),
        Some(RiverRole::Fork) => "fork".into(),
        Some(RiverRole::Lake) => "lake".into(),
        None if river_edges == 1 => "lake".into(),
        None => canonical_signature(&design.edge_letters()),
    }
}

#[test]
fn edge_signatures_match_the_consolidated_tile_reference() {
    let land = reference("tiles");
    let river = reference("river");
    assert_eq!(land.keys().count(), 9, "every set of the reference but the Count and the two rivers");
    assert_eq!(river.keys().map(String::as_str).collect::<Vec<_>>(), ["gq11", "river", "river-2"]);
    for set in land.keys().chain(river.keys()) {
        for edition in editions(set) {
            let (mut actual_land, mut actual_river) = (BTreeMap::new(), BTreeMap::new());
            for (design, n) in designs(set, edition) {
                if design.features.iter().any(|f| f.kind == FeatureKind::River) {
                    *actual_river.entry(river_section(design)).or_default() += n;
                } else {
                    *actual_land.entry(canonical_signature(&design.edge_letters())).or_default() += n;
                }
            }
            assert_eq!(actual_land, land.get(set).cloned().unwrap_or_default(), "land tiles of {set} {edition:?}");
            assert_eq!(actual_river, river.get(set).cloned().unwrap_or_default(), "river tiles of {set} {edition:?}");
        }
    }
}

#[test]
fn winter_edition_has_the_base_layouts_and_twelve_animal_tiles() {
    let winter = designs("winter", Edition::First);
    let base: BTreeMap<String, (String, u32)> =
        designs("base", Edition::First).into_iter().map(|(d, n)| (d.name.clone(), (d.edge_letters(), n))).collect();
    let mut animals = 0;
    for (design, n) in &winter {
        match base.get(&design.name) {
            Some((edges, count)) => assert_eq!((&design.edge_letters(), n), (edges, count), "winter:{}", design.name),
            None => animals += n,
        }
    }
    assert_eq!(animals, 12, "seed 002: 12 tiles with winter animals");
    assert_eq!(winter.iter().filter(|(d, _)| d.start).map(|(d, _)| d.id.as_str()).collect::<Vec<_>>(), ["winter:D"]);
}

/// How many times a set shows a symbol, counted the way seed 001's "Symbols & Features" counts:
/// pennants one by one, everything else once per feature segment or per tile.
fn symbol_count(set: &str, edition: Edition, symbol: &str) -> u32 {
    all_designs(set, edition)
        .iter()
        // The abbey tiles count as abbeys, not as cloisters of the land tiles.
        .filter(|(design, _)| !design.supply || symbol == "abbey")
        .map(|(design, n)| {
            let per_tile: u32 = design
                .features
                .iter()
                .map(|f| match symbol {
                    "pennant" => f.pennants as u32,
                    "cloister" => (f.kind == FeatureKind::Cloister) as u32,
                    "cathedral" => f.attrs.cathedral as u32,
                    "inn" => f.attrs.inn as u32,
                    "princess" => f.attrs.princess as u32,
                    "pig-herd" => f.attrs.pig_herd as u32,
                    "tunnel" => f.attrs.tunnel as u32,
                    good => f.attrs.good.is_some_and(|g| g.name() == good) as u32,
                })
                .sum::<u32>()
                + design.symbols.iter().filter(|s| s.name() == symbol).count() as u32;
            per_tile * n
        })
        .sum()
}

#[test]
fn symbol_counts_match_the_symbols_and_features_table() {
    let reference = reference("symbol");
    let symbols: Vec<&str> = ["cathedral", "cloister", "inn", "pennant", "princess", "pig-herd", "tunnel"]
        .into_iter()
        .chain(TradeGood::ALL.map(|g| g.name()))
        .chain(Symbol::ALL.map(|s| s.name()))
        .collect();
    // Seed 001's table covers its own sets (the further expansions have their own tests).
    for (set, _) in SETS.into_iter().filter(|(s, _)| {
        !matches!(
            *s,
            "count"
                | "winter"
                | "festival"
                | "goldmines"
                | "spiel-doch"
                | "wind-roses"
                | "siege"
                | "besiegers"
                | "labyrinths"
                | "german-monasteries"
                | "dutch-belgian-monasteries"
                | "japanese-buildings"
                | "darmstadtium"
                | "darmstadt-churches"
                | "shrines"
                | "watchtowers"
                | "baba-yaga"
                | "vodyanoy"
                | "solovei-razboynik"
                | "la-porxada"
                | "crop-circles"
                | "crop-circles-i"
                | "mage-witch"
                | "flier"
                | "tunnel"
                | "ferries"
                | "plague"
                | "hills-sheep"
                | "vineyards"
                | "under-the-big-top"
                | "bridges-castles-and-bazaars"
                | "catapult"
        )
    }) {
        for edition in editions(set) {
            for symbol in &symbols {
                let expected = reference.get(set).and_then(|m| m.get(*symbol)).copied().unwrap_or(0);
                assert_eq!(symbol_count(set, edition, symbol), expected, "{symbol} in {set} {edition:?}");
            }
        }
    }
}

#[test]
fn abbey_tiles_are_held_one_per_player() {
    // Seed 001, ABBEY AND MAYOR: "every player receives one abbey tile"; placed "only ... in a
    // 'hole' in which all four sides are already bordered"; "Monks in abbeys are scored in the
    // same way as in cloisters."
    let supply: Vec<_> = all_designs("abbey-mayor", Edition::First).into_iter().filter(|(d, _)| d.supply).collect();
    assert_eq!(supply.len(), 1);
    let (abbey, count) = supply[0];
    assert_eq!((abbey.id.as_str(), count, abbey.edge_letters().as_str()), ("abbey-mayor:abbey", 6, "aaaa"));
    assert!(abbey.has_cloister());
    assert_eq!(abbey.symbols, [Symbol::Abbey]);
    // A seeded game never shuffles supply tiles into the pile.
    let total: u32 = designs("abbey-mayor", Edition::First).iter().map(|(_, n)| n).sum();
    assert_eq!(total, 12);
}

#[test]
fn the_cathars_besiege_four_cities() {
    for (design, n) in designs("cathars", Edition::First) {
        assert_eq!(n, 1);
        assert_eq!(design.features.iter().filter(|f| f.attrs.besieged).count(), 1, "{}", design.id);
    }
}

#[test]
fn river_sets_have_one_spring_and_one_lake_and_river_2_a_fork() {
    use carcassonne_engine::catalog::RiverRole::*;
    for (set, roles) in [("river", vec![Spring, Lake]), ("river-2", vec![Spring, Fork, Lake]), ("gq11", vec![Spring])] {
        for edition in editions(set) {
            let mut found: Vec<_> = designs(set, edition).iter().filter_map(|(d, _)| d.river).collect();
            found.sort();
            let mut expected = roles.clone();
            expected.sort();
            assert_eq!(found, expected, "{set} {edition:?}");
        }
    }
    // Seed 001, The River II: the lake has the volcano.
    let lake = designs("river-2", Edition::First).into_iter().find(|(d, _)| d.river == Some(Lake)).unwrap().0;
    assert_eq!(lake.symbols, [Symbol::Volcano]);
}

#[test]
fn the_gq_pig_tile_is_not_a_pig_herd() {
    // Seed 001, GQ footnote 116: "this is just a field - no special points for the pigs".
    let with_pigs: Vec<_> = designs("gq11", Edition::First)
        .into_iter()
        .filter(|(d, _)| d.features.iter().any(|f| f.attrs.pigs_drawn))
        .collect();
    assert_eq!(with_pigs.len(), 1);
    assert!(with_pigs[0].0.features.iter().all(|f| !f.attrs.pig_herd));
}

#[test]
fn every_design_is_structurally_sound() {
    let catalog = Catalog::builtin();
    for design in catalog.designs() {
        for (i, f) in design.features.iter().enumerate() {
            for &city in &f.borders {
                assert_eq!(design.features[city as usize].kind, FeatureKind::City, "{} feature {i}", design.id);
            }
        }
        // Rotations are consistent: each view is the first one turned.
        for r in Rotation::ALL {
            for p in Port::all() {
                assert_eq!(
                    design.feature_at(r, p.rotated(r)),
                    design.feature_at(Rotation::R0, p),
                    "{} {r:?} {p}",
                    design.id
                );
            }
            for side in carcassonne_engine::Side::ALL {
                let turned = (design.view(r).edges >> (8 * side.rotated(r).index())) & 0xFF;
                assert_eq!(turned, design.edges[side.index()] as u32, "{} {r:?}", design.id);
            }
        }
        // Every port of a complete tile belongs to a feature of the side's terrain (a
        // mountain's field edges have no field behind them: the variation "Mountains").
        if !design.partial && !design.is_mountain() {
            for side in carcassonne_engine::Side::ALL {
                for p in side.ports() {
                    let f = design.feature_at(Rotation::R0, p).map(|f| design.features[f as usize].kind);
                    let centre_terrain = design.edges[side.index()];
                    let expected = match (p.is_centre(), centre_terrain) {
                        (true, carcassonne_engine::Terrain::Field)
                        | (_, carcassonne_engine::Terrain::Abbey)
                        | (false, carcassonne_engine::Terrain::City) => None,
                        (true, carcassonne_engine::Terrain::City) => Some(FeatureKind::City),
                        (true, carcassonne_engine::Terrain::Road) => Some(FeatureKind::Road),
                        (true, carcassonne_engine::Terrain::River) => Some(FeatureKind::River),
                        (false, _) => Some(FeatureKind::Field),
                    };
                    assert_eq!(f, expected, "{} port {p}", design.id);
                }
            }
        }
    }
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
    let gardens: Vec<String> = designs("base", Edition::Second)
        .iter()
        .filter(|(d, _)| d.features.iter().any(|f| f.kind == FeatureKind::Garden))
        .map(|(d, n)| format!("{}×{n}", d.name))
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

/// The Count of Carcassonne (issue 22's groundwork): the twelve tiles of the city of
/// Carcassonne fit together as the catalog places them (`at=` column and row, turned as
/// printed), 4 tiles wide and 3 high: across every edge between two of them each port shows
/// the same feature on both sides or none on either, and every edge facing out of the city
/// shows features along its whole length (its two half edges; its centre for a road or city).
#[test]
fn the_city_of_carcassonne_fits_together_in_its_one_arrangement() {
    let catalog = Catalog::builtin();
    let set = catalog.set("count").unwrap();
    let mut grid = BTreeMap::new();
    for &id in &set.designs {
        let design = catalog.design(id);
        let at = design.unit_at.unwrap_or_else(|| panic!("{} has no place in the city", design.id));
        assert!(grid.insert(at, design).is_none(), "two tiles at {at:?}");
    }
    let places: Vec<(u8, u8)> = grid.keys().copied().collect();
    let mut block: Vec<(u8, u8)> = (0..3u8).flat_map(|r| (0..4u8).map(move |c| (c, r))).collect();
    block.sort();
    assert_eq!(places, block, "a 4 x 3 block");
    let kind_at = |d: &carcassonne_engine::TileDesign, port: Port| {
        d.feature_at(Rotation::R0, port).map(|f| d.features[f as usize].kind)
    };
    for (&(c, r), design) in &grid {
        for (side, (dc, dr)) in [(0usize, (0i8, -1i8)), (1, (1, 0)), (2, (0, 1)), (3, (-1, 0))] {
            let ports: Vec<Port> = (0..3).map(|k| Port::from_index(side * 3 + k)).collect();
            let neighbour = (c as i8 + dc, r as i8 + dr);
            let there = (neighbour.0 >= 0 && neighbour.1 >= 0)
                .then(|| grid.get(&(neighbour.0 as u8, neighbour.1 as u8)))
                .flatten();
            match there {
                Some(other) => {
                    for &p in &ports {
                        assert_eq!(
                            kind_at(design, p),
                            kind_at(other, p.facing()),
                            "{} port {p} against {} port {}",
                            design.id,
                            other.id,
                            p.facing()
                        );
                    }
                }
                None => {
                    // Facing out, the side is a whole edge of its terrain, as on any tile: a city
                    // at its centre; a road at its centre between two field halves; a field's
                    // two halves.
                    let (a, centre, b) = (ports[0], ports[1], ports[2]);
                    use carcassonne_engine::Terrain::{City, Field, Road};
                    let whole = match design.edges[side] {
                        City => kind_at(design, centre) == Some(FeatureKind::City),
                        Road => {
                            kind_at(design, centre) == Some(FeatureKind::Road)
                                && kind_at(design, a) == Some(FeatureKind::Field)
                                && kind_at(design, b) == Some(FeatureKind::Field)
                        }
                        Field => {
                            kind_at(design, a) == Some(FeatureKind::Field)
                                && kind_at(design, b) == Some(FeatureKind::Field)
                        }
                        _ => false,
                    };
                    assert!(whole, "{} side {side} faces out of the city but is not a whole edge", design.id);
                }
            }
        }
    }
}

/// The Festival's 10 tiles (the Wikicarpedia tile distribution, one of each; JCloisterZone's
/// festival.xml): their edges (N E S W at rotation 0), and the festival symbol on every one;
/// one cloister, no pennant.
#[test]
fn the_festival_has_ten_tiles_each_with_the_symbol() {
    let designs = designs("festival", Edition::First);
    let edges: Vec<String> = designs.iter().map(|(d, _)| d.edge_letters()).collect();
    assert_eq!(edges, ["fccc", "cccc", "cfrf", "crff", "crcr", "crrf", "ffrr", "cffr", "cfrr", "rrrr"]);
    assert!(designs.iter().all(|(d, n)| *n == 1 && d.symbols == [Symbol::Festival]));
    assert_eq!(symbol_count("festival", Edition::First, "cloister"), 1);
    assert_eq!(symbol_count("festival", Edition::First, "pennant"), 0);
    let ids = |e: Edition| designs_ids("festival", e);
    assert_eq!(ids(Edition::First), ids(Edition::Second), "the same tiles in both editions");
}

/// The Gold Mines' 8 tiles (the Wikicarpedia contents, one of each; JCloisterZone's
/// goldmines.xml): their edges, the gold symbol on every one, four cloisters, no pennant; the
/// bridge-like crossings of 07 and 08 keep their two features apart.
#[test]
fn the_gold_mines_have_eight_tiles_each_with_the_symbol() {
    let designs = designs("goldmines", Edition::First);
    let edges: Vec<String> = designs.iter().map(|(d, _)| d.edge_letters()).collect();
    assert_eq!(edges, ["frrf", "cffc", "crrc", "rrrr", "rrrr", "crrc", "rcrc", "rrrr"]);
    assert!(designs.iter().all(|(d, n)| *n == 1 && d.symbols == [Symbol::Gold]));
    assert_eq!(symbol_count("goldmines", Edition::First, "cloister"), 4);
    assert_eq!(symbol_count("goldmines", Edition::First, "pennant"), 0);
    let kinds =
        |d: &carcassonne_engine::TileDesign, kind: FeatureKind| d.features.iter().filter(|f| f.kind == kind).count();
    // 07: one road north-south over one city west-east, four corner fields.
    assert_eq!((kinds(designs[6].0, FeatureKind::Road), kinds(designs[6].0, FeatureKind::City)), (1, 1));
    assert_eq!(kinds(designs[6].0, FeatureKind::Field), 4);
    // 08: two roads crossing without meeting, four corner fields.
    assert_eq!((kinds(designs[7].0, FeatureKind::Road), kinds(designs[7].0, FeatureKind::Field)), (2, 4));
    let ids = |e: Edition| designs_ids("goldmines", e);
    assert_eq!(ids(Edition::First), ids(Edition::Second), "the same tiles in both editions");
}

/// Mage & Witch's 8 tiles (the Wikicarpedia contents, one of each; the tile facts and
/// JCloisterZone's mage_and_witch.xml): their edges, the magic symbol on every one, no pennant,
/// no cloister; the second printing's CCRr shows a garden, the first's none.
#[test]
fn mage_and_witch_have_eight_tiles_each_with_the_magic_symbol() {
    let first = designs("mage-witch", Edition::First);
    let edges: Vec<String> = first.iter().map(|(d, _)| d.edge_letters()).collect();
    assert_eq!(edges, ["crrr", "crrc", "ccrc", "rcrc", "cfcf", "ccrc", "crrr", "crrc"]);
    assert!(first.iter().all(|(d, n)| *n == 1 && d.symbols == [Symbol::Magic]));
    assert_eq!(symbol_count("mage-witch", Edition::First, "pennant"), 0);
    assert_eq!(symbol_count("mage-witch", Edition::First, "cloister"), 0);
    let kinds =
        |d: &carcassonne_engine::TileDesign, kind: FeatureKind| d.features.iter().filter(|f| f.kind == kind).count();
    // 03: three city caps and a road; 04: one city west-east between two roads ending at it.
    assert_eq!((kinds(first[2].0, FeatureKind::City), kinds(first[2].0, FeatureKind::Road)), (3, 1));
    assert_eq!((kinds(first[3].0, FeatureKind::City), kinds(first[3].0, FeatureKind::Road)), (1, 2));
    let gardens = |e: Edition| -> Vec<usize> {
        designs("mage-witch", e).iter().map(|(d, _)| kinds(d, FeatureKind::Garden)).collect()
    };
    assert_eq!(gardens(Edition::First), [0; 8]);
    assert_eq!(gardens(Edition::Second), [0, 0, 0, 0, 0, 0, 0, 1]);
}

/// The Flier's 8 tiles (the Wikicarpedia contents, one of each; the tile facts' flier:1 and :2
/// and JCloisterZone's flier.xml): their edges, a flying machine on every one (five pointing
/// west at 0°, three north-west), no city, no cloister; the second printing's field tile with
/// the diagonal machine shows a garden, the first's none.
#[test]
fn the_flier_has_eight_tiles_each_with_a_flying_machine() {
    let first = designs("flier", Edition::First);
    let edges: Vec<String> = first.iter().map(|(d, _)| d.edge_letters()).collect();
    assert_eq!(edges, ["ffff", "ffff", "frfr", "rfrf", "frfr", "frrf", "rffr", "ffrr"]);
    let machines: Vec<Symbol> = first.iter().map(|(d, _)| d.symbols[0]).collect();
    use Symbol::{FlierNorthWest as D, FlierWest as W};
    assert_eq!(machines, [D, W, D, W, W, D, W, W]);
    assert!(first.iter().all(|(d, n)| *n == 1 && d.symbols.len() == 1));
    let kinds =
        |d: &carcassonne_engine::TileDesign, kind: FeatureKind| d.features.iter().filter(|f| f.kind == kind).count();
    assert!(first.iter().all(|(d, _)| kinds(d, FeatureKind::City) == 0 && kinds(d, FeatureKind::Cloister) == 0));
    // One road on the six road tiles, two fields beside it; one field on the two others.
    let roads: Vec<usize> = first.iter().map(|(d, _)| kinds(d, FeatureKind::Road)).collect();
    assert_eq!(roads, [0, 0, 1, 1, 1, 1, 1, 1]);
    let gardens =
        |e: Edition| -> Vec<usize> { designs("flier", e).iter().map(|(d, _)| kinds(d, FeatureKind::Garden)).collect() };
    assert_eq!(gardens(Edition::First), [0; 8]);
    assert_eq!(gardens(Edition::Second), [1, 0, 0, 0, 0, 0, 0, 0]);
}

/// The Tunnel's 4 tiles (the Wikicarpedia contents, one of each; the tile facts' tunnel set and
/// JCloisterZone's tunnel.xml): their edges, and which roads end in tunnel openings: all three
/// of 01, both of 02 and 03, three of the four of 04 (its north road ends at the houses).
#[test]
fn the_tunnel_has_four_tiles_with_tunnel_openings() {
    let tiles = designs("tunnel", Edition::First);
    let edges: Vec<String> = tiles.iter().map(|(d, _)| d.edge_letters()).collect();
    assert_eq!(edges, ["crrr", "crfr", "frrf", "rrrr"]);
    assert!(tiles.iter().all(|(_, n)| *n == 1));
    let openings: Vec<usize> =
        tiles.iter().map(|(d, _)| d.features.iter().filter(|f| f.attrs.portal).count()).collect();
    assert_eq!(openings, [3, 2, 2, 3]);
    let roads: Vec<usize> =
        tiles.iter().map(|(d, _)| d.features.iter().filter(|f| f.kind == FeatureKind::Road).count()).collect();
    assert_eq!(roads, [3, 2, 2, 4]);
    assert!(tiles.iter().all(|(d, _)| d.features.iter().all(|f| !f.attrs.portal || f.ports.count_ones() == 1)));
}

/// The Ferries' 8 tiles (the Wikicarpedia contents: 8 land tiles with a lake; JCloisterZone's
/// ferries.xml and the tile facts' ferries set: 3 + 4 + 1): every road ends at the lake (one
/// edge port each), the lake shown by its symbol.
#[test]
fn the_ferries_have_eight_lake_tiles_whose_roads_end_at_the_lake() {
    for edition in [Edition::First, Edition::Second] {
        let tiles = designs("ferries", edition);
        let edges: Vec<(String, u32)> = tiles.iter().map(|(d, n)| (d.edge_letters(), *n)).collect();
        assert_eq!(edges, [("crrr".to_string(), 3), ("frrr".to_string(), 4), ("rrrr".to_string(), 1)]);
        for (d, _) in &tiles {
            assert_eq!(d.symbols, [Symbol::FerryLake], "{}", d.id);
            let roads: Vec<_> = d.features.iter().filter(|f| f.kind == FeatureKind::Road).collect();
            assert_eq!(roads.len(), d.edge_letters().matches('r').count(), "{}", d.id);
            assert!(roads.iter().all(|f| f.ports.count_ones() == 1 && !f.attrs.portal), "{}", d.id);
        }
    }
}

/// The Wind Roses' 6 tiles (the Wikicarpedia contents, one of each; JCloisterZone's
/// wind_roses.xml): their edges, one rose each (the orange and blue full roses, the four
/// quarters), no pennant, no cloister; the north-west quarter's city runs from north to south
/// between two fields, the south-east quarter's two cities stay apart.
#[test]
fn the_wind_roses_have_six_tiles_each_with_one_rose() {
    let designs = designs("wind-roses", Edition::First);
    let edges: Vec<String> = designs.iter().map(|(d, _)| d.edge_letters()).collect();
    assert_eq!(edges, ["fcfr", "ffrr", "cffc", "cffc", "cfcf", "cfrr"]);
    let roses: Vec<Vec<Symbol>> = designs.iter().map(|(d, _)| d.symbols.clone()).collect();
    assert_eq!(
        roses,
        [
            vec![Symbol::WindRoseOrange],
            vec![Symbol::WindRoseBlue],
            vec![Symbol::RoseNorthEast],
            vec![Symbol::RoseSouthEast],
            vec![Symbol::RoseNorthWest],
            vec![Symbol::RoseSouthWest]
        ]
    );
    assert!(designs.iter().all(|(_, n)| *n == 1));
    assert_eq!(symbol_count("wind-roses", Edition::First, "pennant"), 0);
    assert_eq!(symbol_count("wind-roses", Edition::First, "cloister"), 0);
    let cities = |d: &carcassonne_engine::TileDesign| d.features.iter().filter(|f| f.kind == FeatureKind::City).count();
    assert_eq!(cities(designs[3].0), 2, "the south-east quarter's two cities");
    assert_eq!(cities(designs[4].0), 1, "the north-west quarter's city through the tile");
    let ids = |e: Edition| designs_ids("wind-roses", e);
    assert_eq!(ids(Edition::First), ids(Edition::Second), "the same tiles in both editions");
}

fn designs_ids(set: &str, edition: Edition) -> Vec<(String, u32)> {
    designs(set, edition).into_iter().map(|(d, n)| (d.id.clone(), n)).collect()
}

/// The Plague's 6 source tiles (the Wikicarpedia contents: six land tiles with the plague
/// doctor, one of each; JCloisterZone's plague.xml): the doctor marks each as a source, and a
/// road given one edge ends at his house.
#[test]
fn the_plague_has_six_source_tiles_one_of_each() {
    for edition in [Edition::First, Edition::Second] {
        let tiles = designs("plague", edition);
        let edges: Vec<(String, u32)> = tiles.iter().map(|(d, n)| (d.edge_letters(), *n)).collect();
        let expected = ["fccf", "fccf", "rccr", "rcfr", "rrrr", "ffrr"].map(|e| (e.to_string(), 1));
        assert_eq!(edges, expected);
        for (d, _) in &tiles {
            assert_eq!(d.symbols, [Symbol::PlagueSource], "{}", d.id);
            let cities = d.features.iter().filter(|f| f.kind == FeatureKind::City).count();
            assert!(cities <= 2, "{}", d.id);
        }
        let pennants: u32 =
            tiles.iter().map(|(d, _)| d.features.iter().map(|f| u32::from(f.pennants)).sum::<u32>()).sum();
        assert_eq!(pennants, 1, "the first tile's city has a coat of arms");
    }
}

/// Hills & Sheep's 18 tiles (the Wikicarpedia page "Hills & Sheep", tile distribution;
/// JCloisterZone's hills_and_sheep.xml, checked against the tile facts' hills-and-sheep sets):
/// 8 hills, 8 vineyards (2 + 2 + 1 + 1 + 1 + 1) and 2 monasteries, no tile with both; the second
/// printing gives one hill tile, with two roads ending at the hill, a garden.
#[test]
fn hills_and_sheep_have_eight_hills_eight_vineyards_and_two_monasteries() {
    for edition in [Edition::First, Edition::Second] {
        let hills = designs("hills-sheep", edition);
        let edges: Vec<(String, u32)> = hills.iter().map(|(d, n)| (d.edge_letters(), *n)).collect();
        let expected = ["cffc", "cffc", "cfcf", "cfrf", "crrf", "crrf", "rrrf", "rfrf", "ffrr", "cfrr"];
        assert_eq!(edges, expected.map(|e| (e.to_string(), 1)), "{edition:?}");
        let with = |s: Symbol| hills.iter().filter(|(d, _)| d.symbols.contains(&s)).map(|(_, n)| n).sum::<u32>();
        assert_eq!(with(Symbol::Hill), 8);
        assert_eq!(with(Symbol::Vineyard), 0);
        let cloisters = hills.iter().filter(|(d, _)| d.features.iter().any(|f| f.kind == FeatureKind::Cloister));
        assert_eq!(cloisters.clone().count(), 2);
        assert!(cloisters.clone().all(|(d, _)| d.symbols.is_empty()));
        let gardens = hills.iter().filter(|(d, _)| d.features.iter().any(|f| f.kind == FeatureKind::Garden)).count();
        assert_eq!(gardens, (edition == Edition::Second) as usize);
        let vineyards = designs("vineyards", edition);
        let edges: Vec<(String, u32)> = vineyards.iter().map(|(d, n)| (d.edge_letters(), *n)).collect();
        let expected = [("cfff", 2), ("ccfc", 2), ("cffc", 1), ("fcfc", 1), ("cfrc", 1), ("frrr", 1)];
        assert_eq!(edges, expected.map(|(e, n)| (e.to_string(), n)));
        assert!(vineyards.iter().all(|(d, _)| d.symbols == [Symbol::Vineyard]));
    }
}
