//! Baba Yaga's Hut (the Wikicarpedia page "Russian Promos (1st edition)", "Baba Yaga's Hut";
//! the Assembled Game Reference's steps 3A and 3B and its final scoring). docs/rules.md, "Baba
//! Yaga's Hut", lists which test checks which rule.
//!
//! The scenarios put the hut south of the start tile (base D at the origin: a city to the north,
//! a road from west to east, a field to the south), at (0,1).

use carcassonne_engine::{
    Action, Catalog, Color, Deck, Edition, Event, Expansion, FeatureKind, Figure, Game, GameSetup, Phase, Pos,
    RuleError, Rules, Variants,
};

use crate::expansions::{every_bot_plays, feature, paid, random_games_of_configs, tiles_in_pile, turn, two_player, F};

fn rules(expansions: &[Expansion]) -> Rules {
    Rules { expansions: expansions.to_vec(), ..Rules::default() }
}

fn baba_yaga() -> Rules {
    rules(&[Expansion::BabaYaga])
}

/// The 2013 pair, one of each, first edition: the hut alone in a field (a feature of its own,
/// no cloister) and the Choice of Bogatyr, a crossroads whose three branches are one road and
/// whose fourth ends at the stone.
#[test]
fn the_set_is_the_hut_and_the_choice_of_bogatyr() {
    let catalog = Catalog::builtin();
    let set = catalog.set("baba-yaga").unwrap();
    assert_eq!(set.editions, vec![Edition::First]);
    let designs = catalog.edition_designs(set, Edition::First);
    assert_eq!(designs.len(), 2);
    let hut = catalog.design(catalog.lookup("baba-yaga:hut").unwrap());
    assert_eq!(hut.edge_letters(), "ffff");
    assert!(hut.hut.is_some() && hut.cloister.is_none() && hut.garden.is_none());
    assert_eq!(hut.features.iter().filter(|f| f.kind == FeatureKind::Hut).count(), 1);
    let bogatyr = catalog.design(catalog.lookup("baba-yaga:bogatyr").unwrap());
    assert_eq!(bogatyr.edge_letters(), "rrrr");
    let roads: Vec<u32> =
        bogatyr.features.iter().filter(|f| f.kind == FeatureKind::Road).map(|f| f.ports.count_ones()).collect();
    assert_eq!(roads, vec![1, 3]);
    assert_eq!(catalog.printed_designs().iter().filter(|d| d.hut.is_some()).count(), 1);
    let g = Game::new(GameSetup { rules: baba_yaga(), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(2) })
        .unwrap();
    assert_eq!(tiles_in_pile(&g, "baba-yaga"), 2);
}

/// "At the end of the game, the player scores 1 point for each empty tile space surrounding Baba
/// Yaga's hut. The hut itself is worth 1 point": beside the start tile only, 1 + 7 = 8.
#[test]
fn at_the_end_baba_yaga_scores_the_hut_and_each_empty_place_around_it() {
    let mut g = two_player(baba_yaga(), &["baba-yaga:hut"]);
    let events = turn(&mut g, 0, 1, 0, Some((F, "hut")));
    assert!(g.is_over());
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Hut, Phase::Final, 8, vec![Color::Red])]);
    assert_eq!(g.scores(), vec![8, 0]);
}

/// "If Baba Yaga's hut is completely surrounded, the follower is returned to the player's
/// supply and the player scores only 1 point": the eighth tile around it completes it (the
/// reference's step 3A), and it is scored then.
#[test]
fn a_surrounded_hut_scores_1_and_baba_yaga_goes_home() {
    let deck = ["baba-yaga:hut", "base:U", "base:U", "base:B", "base:B", "base:B", "base:B", "base:B", "base:B"];
    let mut g = two_player(baba_yaga(), &deck);
    turn(&mut g, 0, 1, 0, Some((F, "hut")));
    assert_eq!(g.player(0).followers, 6);
    for (x, y) in [(-1, 0), (1, 0), (-1, 1), (1, 1), (-1, 2), (0, 2)] {
        let events = turn(&mut g, x, y, 0, None);
        assert!(paid(&g, &events).is_empty(), "({x},{y})");
    }
    let events = turn(&mut g, 1, 2, 0, None);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Hut, Phase::Turn, 1, vec![Color::Red])]);
    assert!(events.iter().any(|e| matches!(e, Event::FigureReturned { player: 0, pos, .. } if *pos == Pos::new(0, 1))));
    assert_eq!(g.player(0).followers, 7);
    assert_eq!(g.scores(), vec![1, 0]);
}

/// An empty hut scores nobody, surrounded or not.
#[test]
fn an_empty_hut_scores_nobody() {
    let mut g = two_player(baba_yaga(), &["baba-yaga:hut"]);
    let events = turn(&mut g, 0, 1, 0, None);
    assert!(g.is_over());
    assert!(paid(&g, &events).is_empty());
    assert_eq!(g.scores(), vec![0, 0]);
}

/// Our reading: "The person who places this tile may place a follower on Baba Yaga's hut", then
/// only. Under follower unpunctuality (deployments onto earlier tiles only) no follower reaches
/// the hut; nor does the abbot, which goes only on cloisters and gardens.
#[test]
fn only_the_player_placing_the_hut_puts_baba_yaga_there() {
    let variants = Variants { follower_unpunctuality: true, ..Variants::default() };
    let rules = Rules { expansions: vec![Expansion::BabaYaga, Expansion::Abbot], variants };
    let mut g = two_player(rules, &["baba-yaga:hut", "base:U", "base:B"]);
    turn(&mut g, 0, 1, 0, None);
    let hut = feature(&g, Pos::new(0, 1), "hut");
    crate::expansions::place(&mut g, 1, 0, 0);
    let onto_hut = g
        .legal_actions()
        .into_iter()
        .any(|a| matches!(a, Action::DeployAt { pos, feature, .. } if pos == Pos::new(0, 1) && feature == hut));
    assert!(!onto_hut, "a follower offered the hut of an earlier tile");
    let refused = g.apply(Action::DeployAt { pos: Pos::new(0, 1), figure: Figure::Follower, feature: hut });
    assert_eq!(refused, Err(RuleError::HutOnlyWhenPlaced));

    let mut g = two_player(rules_with_abbot(), &["baba-yaga:hut", "base:B"]);
    crate::expansions::place(&mut g, 0, 1, 0);
    let hut = feature(&g, Pos::new(0, 1), "hut");
    assert!(g.apply(Action::Deploy { figure: Figure::Abbot, feature: hut }).is_err());
    assert!(g.legal_actions().contains(&Action::Deploy { figure: F, feature: hut }));
}

fn rules_with_abbot() -> Rules {
    rules(&[Expansion::BabaYaga, Expansion::Abbot])
}

/// Our reading: the hut is no monastery: a watchtower watching monasteries beside it counts
/// none.
#[test]
fn the_hut_is_no_monastery_for_a_watchtower() {
    let mut g = two_player(
        rules(&[Expansion::BabaYaga, Expansion::Watchtowers]),
        &["baba-yaga:hut", "watchtowers:09", "base:A", "base:B"],
    );
    turn(&mut g, 0, 1, 0, None);
    turn(&mut g, 1, 0, 0, Some((F, "road@W")));
    let events = turn(&mut g, -1, 0, 270, None);
    assert!(!events.iter().any(|e| matches!(e, Event::WatchtowerScored { .. })), "{events:?}");
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, 3, vec![Color::Blue])]);
}

/// Random games with the hut, alone and with every expansion: figures conserved, every score
/// change an event, records replaying the same game; every bot plays it to the end.
#[test]
fn random_games_and_every_bot_play_baba_yagas_hut() {
    let every: Vec<Expansion> = Expansion::ALL.into_iter().filter(|&e| e != Expansion::Winter).collect();
    let configs = [
        (baba_yaga(), 2),
        (rules(&[Expansion::BabaYaga, Expansion::PrincessDragon, Expansion::GoldMines, Expansion::LittleBuildings]), 3),
        (Rules { expansions: every, ..Rules::default() }, 4),
    ];
    random_games_of_configs(configs, 950);
    every_bot_plays(&baba_yaga(), 41);
}
