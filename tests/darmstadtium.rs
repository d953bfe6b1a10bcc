//! Darmstadtium (the Wikicarpedia page "Darmstadt Promo (1st edition)"; the Assembled Game
//! Reference's step 3B): a city tile whose completed city pays its majority 3 points more.
//! docs/rules.md, "Darmstadtium", lists which test checks which rule.

use carcassonne_engine::catalog::Symbol;
use carcassonne_engine::{Catalog, Color, Edition, Event, Expansion, FeatureKind, Phase, Rules};

use crate::expansions::{every_bot_plays, paid, random_games_of_configs, turn, two_player, F};

fn rules() -> Rules {
    Rules { expansions: vec![Expansion::Darmstadtium], ..Rules::default() }
}

/// "3 new landscape tiles": the Darmstadtium is one of them (the churches are a set of their
/// own), a city on all four sides with the Darmstadtium and no pennant, first edition only.
#[test]
fn the_darmstadtium_is_a_city_on_all_four_sides() {
    let catalog = Catalog::builtin();
    let set = catalog.set("darmstadtium").unwrap();
    assert_eq!(set.editions, vec![Edition::First]);
    let designs = catalog.edition_designs(set, Edition::First);
    assert_eq!(designs.len(), 1);
    let design = catalog.design(designs[0].0);
    assert_eq!(designs[0].1, 1);
    assert!(design.symbols.contains(&Symbol::Darmstadtium));
    assert_eq!(design.features.len(), 1);
    assert_eq!(design.features[0].kind, FeatureKind::City);
    assert_eq!(design.features[0].ports().count(), 4);
    assert_eq!(design.features[0].pennants, 0);
}

/// The Darmstadtium north of the start tile, red's knight in its city, and three city edges
/// (base E) that close it: 5 tiles.
const DECK: [&str; 4] = ["darmstadtium:01", "base:E", "base:E", "base:E"];

/// "If the Darmstadtium is present in a completed city, the player who has the majority of
/// followers in that city earns 3 extra points, in addition to the usual points scored for that
/// city": 5 tiles × 2 + 3 = 13 for red.
#[test]
fn a_completed_city_with_the_darmstadtium_pays_3_more() {
    let mut g = two_player(rules(), &DECK);
    turn(&mut g, 0, -1, 0, Some((F, "city@N")));
    turn(&mut g, 0, -2, 180, None);
    turn(&mut g, 1, -1, 270, None);
    let events = turn(&mut g, -1, -1, 90, None);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 13, vec![Color::Red])]);
    let breakdown = events
        .iter()
        .find_map(|e| match e {
            Event::Scored(s) => Some(s.breakdown.to_string()),
            _ => None,
        })
        .unwrap();
    assert_eq!(breakdown, "5 tiles × 2 + the Darmstadtium 3 = 13");
}

/// Our reading: only "a completed city" pays the 3 points; at the end an incomplete one scores
/// as any city (2 tiles × 1).
#[test]
fn an_incomplete_city_with_the_darmstadtium_scores_as_any_city() {
    let mut g = two_player(rules(), &DECK[..1]);
    let events = turn(&mut g, 0, -1, 0, Some((F, "city@N")));
    assert!(g.is_over());
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Final, 2, vec![Color::Red])]);
}

/// Random games with the Darmstadtium alone and with every expansion: figures conserved, every
/// score an event, records replay, legal == check.
#[test]
fn random_games_with_the_darmstadtium_keep_the_properties() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let configs = [
        (rules(), 2),
        (
            Rules {
                expansions: vec![Expansion::Darmstadtium, Expansion::InnsCathedrals, Expansion::Cathars],
                ..rules()
            },
            3,
        ),
        (Rules { expansions: every, ..rules() }, 2),
    ];
    random_games_of_configs(configs, 410);
}

/// Every bot plays with the Darmstadtium.
#[test]
fn every_bot_plays_with_the_darmstadtium() {
    every_bot_plays(&rules(), 210);
}
