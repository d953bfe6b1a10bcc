//! The Siege and The Besiegers (the Wikicarpedia page "Besiegers Cathars Siege (1st edition)",
//! with its clarifications; the Assembled Game Reference's steps 3B and 4A): more tiles with
//! besieged cities, scored and escaped as The Cathars' (seed 001), but for where a cloister lets a
//! knight escape: next to a siege tile (The Besiegers, as The Cathars), next to any tile of the
//! besieged city (Rio Grande's The Siege). docs/rules.md, "The Siege and The Besiegers", lists
//! which test checks which rule.

use carcassonne_engine::{Color, Deck, Event, Expansion, FeatureKind, Figure, GameSetup, Pending, Phase, Rules};

use crate::expansions::{every_bot_plays, paid, random_games_of_configs, tiles_in_pile, turn, two_player, F};

fn rules(expansions: &[Expansion]) -> Rules {
    Rules { expansions: expansions.to_vec(), ..Rules::base() }
}

/// The tiles: the Siege's four are the Cathars' layouts, the Besiegers' six are new, every city
/// segment of both under siege; both are shuffled in with the land tiles.
#[test]
fn the_siege_has_four_tiles_and_the_besiegers_six_every_city_besieged() {
    let catalog = carcassonne_engine::Catalog::builtin();
    for (set, n) in [("siege", 4u32), ("besiegers", 6)] {
        let designs = catalog.edition_designs(catalog.set(set).unwrap(), carcassonne_engine::Edition::First);
        assert_eq!(designs.iter().map(|&(_, c)| u32::from(c)).sum::<u32>(), n, "{set}");
        for (id, _) in designs {
            let design = catalog.design(id);
            let cities: Vec<_> = design.features.iter().filter(|f| f.kind == FeatureKind::City).collect();
            assert!(!cities.is_empty() && cities.iter().all(|c| c.attrs.besieged), "{}", design.id);
        }
    }
    // The Siege's layouts are the Cathars'.
    let edges = |set: &str| -> Vec<String> {
        let designs = catalog.edition_designs(catalog.set(set).unwrap(), carcassonne_engine::Edition::First);
        designs.iter().map(|&(id, _)| catalog.design(id).edge_letters()).collect()
    };
    assert_eq!(edges("siege"), edges("cathars"));
    for (expansion, set, n) in [(Expansion::Siege, "siege", 4), (Expansion::Besiegers, "besiegers", 6)] {
        let g = carcassonne_engine::Game::new(GameSetup {
            rules: rules(&[expansion]),
            players: vec![Color::Red, Color::Blue],
            deck: Deck::Seed(3),
        })
        .unwrap();
        assert_eq!(tiles_in_pile(&g, set), n);
    }
}

/// "Whenever a besieged city is completed during the course of play, each tile and each pennant
/// in that city score only 1 point instead of the usual 2" (the Besiegers' rules are the
/// Cathars'): the start tile's city closed by a Besiegers tile pays 2 for its 2 tiles.
#[test]
fn a_city_besieged_by_the_besiegers_scores_1_per_tile() {
    let mut g = two_player(rules(&[Expansion::Besiegers]), &["besiegers:03"]);
    // The city cap with a road, turned so that its city meets the start tile's.
    let events = turn(&mut g, 0, -1, 180, Some((F, "city@S")));
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 2, vec![Color::Red])]);
}

/// Red's knight in the city the siege tile at (0, -1) besieges with the start tile; blue places
/// a cloister at (`x`, `y`); red builds elsewhere. Whether red may then escape.
pub(crate) fn escape_after_cloister(expansions: &[Expansion], siege: &str, cloister: &str, x: i16, y: i16) -> bool {
    let mut g = two_player(rules(expansions), &[siege, cloister, "base:U", "base:U"]);
    turn(&mut g, 0, -1, 180, Some((F, "city@E")));
    turn(&mut g, x, y, 0, None);
    turn(&mut g, 1, 0, 0, None);
    let escape = g.pending() == Pending::Escape { player: 0 };
    if escape {
        let legal = g.legal_actions();
        let events = g.apply(legal[0]).unwrap();
        assert!(matches!(events[0], Event::Escaped { player: 0, figure: Figure::Follower, .. }));
        assert!(g.figures().is_empty());
    }
    escape
}

/// The Besiegers and The Cathars: "a cloister must be placed directly adjacent to a
/// Besieger/Cathars tile to allow a knight to escape"; Rio Grande's The Siege: "a cloister
/// allowing escape can be placed adjacent to any tile of a besieged city (even diagonally)". A
/// cloister south of the start tile touches the city's start tile, not its siege tile: only under
/// the Siege's rule does the knight escape; beside the siege tile every set lets it escape.
#[test]
fn the_siege_lets_a_knight_escape_next_to_any_tile_of_the_city() {
    // The corner city over the start tile's city, the cloister two rows below the siege tile.
    assert!(escape_after_cloister(&[Expansion::Siege], "siege:03", "base:B", 0, 1));
    assert!(!escape_after_cloister(&[Expansion::Besiegers], "besiegers:05", "base:B", 0, 1));
    assert!(!escape_after_cloister(&[Expansion::Cathars], "cathars:03", "base:B", 0, 1));
    // Diagonally beside the siege tile, every set lets the knight escape.
    for (expansion, siege) in
        [(Expansion::Siege, "siege:03"), (Expansion::Besiegers, "besiegers:05"), (Expansion::Cathars, "cathars:03")]
    {
        assert!(escape_after_cloister(&[expansion], siege, "base:B", -1, -1), "{siege}");
    }
}

/// Our reading where the sets are mixed (the page: "it would be useful to select only one of these
/// rules when combining tiles"; the Assembled Game Reference names the rule by the set): a city
/// besieged by a Siege tile lets its knights escape by a cloister next to any of its tiles; a
/// city besieged by Cathars or Besiegers tiles only, by a cloister next to one of those.
#[test]
fn with_the_sets_mixed_the_rule_follows_the_citys_siege_tiles() {
    let all = [Expansion::Cathars, Expansion::Siege, Expansion::Besiegers];
    assert!(escape_after_cloister(&all, "siege:03", "base:B", 0, 1));
    assert!(!escape_after_cloister(&all, "besiegers:05", "base:B", 0, 1));
    assert!(!escape_after_cloister(&all, "cathars:03", "base:B", 0, 1));
}

/// Random games with each set alone and with every expansion: figures conserved, every score an
/// event, records replay, legal == check.
#[test]
fn random_games_with_the_sieges_keep_the_properties() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let configs = [
        (rules(&[Expansion::Siege]), 2),
        (rules(&[Expansion::Besiegers, Expansion::InnsCathedrals]), 3),
        (rules(&[Expansion::Siege, Expansion::Besiegers, Expansion::Cathars]), 2),
        (Rules { expansions: every, ..Rules::base() }, 4),
    ];
    random_games_of_configs(configs, 210);
}

/// Every bot plays with the sieges.
#[test]
fn every_bot_plays_with_the_sieges() {
    every_bot_plays(&rules(&[Expansion::Siege, Expansion::Besiegers]), 160);
}
