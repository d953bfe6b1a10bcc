//! The evaluation's tests.

use super::*;
use crate::bot_by_name;
use crate::tests::{new_game, COLORS};
use carcassonne_engine::{Action, Catalog, Deck, Edition, Expansion, GameSetup, Pending, Pos, Rules, Variants};

/// The farms kept from a position value every position a decision or two on exactly as the
/// farms walked anew do: in games with every expansion, by random and greedy players (random
/// ones put farmers on most farms), at every placement, for each placement and each
/// deployment after it (every fourth turn).
#[test]
fn kept_farms_value_the_positions_a_turn_on_as_the_farms_walked_anew() {
    let rules = Rules {
        expansions: Expansion::ALL[..12].to_vec(),
        variants: Variants { tile_edition: Edition::Second, ..Default::default() },
    };
    let mut hits = 0;
    for (seed, bot) in [(1, "random"), (2, "greedy"), (3, "random")] {
        let mut game =
            Game::new(GameSetup { rules: rules.clone(), players: COLORS[..3].to_vec(), deck: Deck::Seed(seed) })
                .unwrap();
        let mut bots: Vec<_> = (0..3).map(|k| bot_by_name(bot, seed * 10 + k).unwrap()).collect();
        while let Some(p) = game.pending().player() {
            // Every fourth turn (the test runs unoptimised).
            if matches!(game.pending(), Pending::PlaceTile { .. }) && game.turns().is_multiple_of(4) {
                let cache = FarmCache::new(&game);
                for placement in game.legal_actions() {
                    let mut next = game.clone();
                    next.apply(placement).unwrap();
                    let mut positions = vec![next.clone()];
                    if next.pending().player() == Some(p) {
                        for follow_up in next.legal_actions() {
                            let mut after = next.clone();
                            after.apply(follow_up).unwrap();
                            positions.push(after);
                        }
                    }
                    for position in &positions {
                        let fresh = Evaluation::DEFAULT.values(position);
                        assert_eq!(Evaluation::DEFAULT.values_with(position, Some(&cache)), fresh);
                    }
                    hits += cache.farms.len();
                }
            }
            let action = bots[p as usize].choose_action(&game.observation(Some(p)));
            game.apply(action).unwrap();
        }
    }
    assert!(hits > 300, "{hits} farm lookups");
}

#[test]
fn completion_chance_grows_with_the_tiles_left_and_falls_with_the_open_ends() {
    let w = Weights::UNIT;
    for kind in [FeatureKind::Road, FeatureKind::City] {
        let mut last = 0.0;
        for tiles in [0.0, 5.0, 20.0, 60.0, 150.0] {
            let chance = completion_chance(kind, 1.0, tiles, &w);
            assert!(chance >= last && chance <= 0.85, "{kind:?} {tiles}: {chance}");
            last = chance;
            assert!(completion_chance(kind, 2.0, tiles, &w) <= chance);
        }
        assert_eq!(completion_chance(kind, 1.0, 0.0, &w), 0.0);
        // No open end is counted as one (a feature about to be scored).
        assert_eq!(completion_chance(kind, 0.0, 30.0, &w), completion_chance(kind, 1.0, 30.0, &w));
    }
    // A road with one open end and 35 tiles left: 0.85 (1 - 1/e).
    let chance = completion_chance(FeatureKind::Road, 1.0, 35.0, &w);
    assert!((chance - 0.85 * (1.0 - (-1.0f64).exp())).abs() < 1e-12);
}

/// A knight in a city open on one edge is worth the city's tile by its chance of completion
/// (2 a tile if completed, 1 if not); the follower left the supply, worth `left` a follower.
#[test]
fn a_knight_in_an_open_city_counts_by_its_chance_of_completion() {
    let catalog = Catalog::builtin();
    let order = ["base:E", "base:U", "base:U", "base:U"].map(|t| catalog.lookup(t).unwrap()).to_vec();
    let mut game =
        Game::new(GameSetup { rules: Rules::base(), players: COLORS[..2].to_vec(), deck: Deck::Order(order) }).unwrap();
    let start = components(&game, &Weights::UNIT);
    assert_eq!(start[0], start[1], "the players start even");
    assert_eq!(Evaluation::DEFAULT.margin(&game, 0), 0.0);
    // E (a city cap) south of the start tile, its city facing away: open on one edge.
    let place = game
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Place { pos, .. } if *pos == Pos::new(0, 1)))
        .expect("E fits south of the start tile");
    game.apply(place).unwrap();
    let tile = game.board().get(Pos::new(0, 1)).unwrap().tile;
    let knight = game
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Deploy { feature, .. } if game.design(tile).features[*feature as usize].kind == FeatureKind::City))
        .expect("a knight on E's city");
    game.apply(knight).unwrap();
    assert!(matches!(game.pending(), Pending::PlaceTile { player: 1, .. }));
    let rows = components(&game, &Weights::UNIT);
    let chance = completion_chance(FeatureKind::City, 1.0, game.tiles_left() as f64, &Weights::UNIT);
    let left = (game.tiles_left() as f64 / 24.0).min(1.0);
    assert!((rows[0][Component::Cities as usize] - (2.0 * chance + (1.0 - chance))).abs() < 1e-9);
    assert_eq!(rows[1][Component::Cities as usize], 0.0);
    assert_eq!(rows[0][Component::Supply as usize], 6.0 * left);
    assert_eq!(rows[1][Component::Supply as usize], 7.0 * left);
    // Under the fitted weights (a follower in supply counts twice) the knight costs more
    // than a one-tile city is likely to bring.
    let fitted = Evaluation::DEFAULT.margin(&game, 0);
    let expected = 2.0 * chance + (1.0 - chance) - 2.0 * left;
    assert!((fitted - expected).abs() < 1e-9, "{fitted} {expected}");
}

/// Over whole games with every expansion, the evaluation is finite, its score component is
/// the score, and at the end it is exactly the final scores.
#[test]
fn at_the_end_of_a_game_the_evaluation_is_the_final_score() {
    let rules = Rules {
        expansions: Expansion::ALL.to_vec(),
        variants: Variants { tile_edition: Edition::Second, ..Default::default() },
    };
    for seed in 0..2 {
        let mut game =
            Game::new(GameSetup { rules: rules.clone(), players: COLORS[..3].to_vec(), deck: Deck::Seed(seed) })
                .unwrap();
        let mut bots: Vec<_> = (0..3).map(|k| bot_by_name("random", seed * 3 + k).unwrap()).collect();
        let mut steps = 0;
        while let Some(p) = game.pending().player() {
            if steps % 7 == 0 {
                let rows = components(&game, &Weights::FITTED);
                for (q, row) in rows.iter().enumerate() {
                    assert!(row.iter().all(|c| c.is_finite()), "{row:?}");
                    assert_eq!(row[Component::Score as usize], game.players()[q].score as f64);
                }
            }
            let action = bots[p as usize].choose_action(&game.observation(Some(p)));
            game.apply(action).unwrap();
            steps += 1;
        }
        let scores: Vec<f64> = game.scores().iter().map(|&s| s as f64).collect();
        assert_eq!(Evaluation::DEFAULT.values(&game), scores);
        assert_eq!(Evaluation::Legacy.margin(&game, 0), scores[0] - scores[1].max(scores[2]));
        assert_eq!(Evaluation::DEFAULT.margin(&game, 0), scores[0] - scores[1].max(scores[2]));
    }
}

/// The search's supply is a reserve: each follower kept back is worth more than the one
/// before it was, the first four points and the seventh under one; the greedy bot's counts
/// every follower alike.
#[test]
fn the_last_followers_in_supply_are_worth_the_most_to_the_search() {
    let worth = |n: f64, w: &Weights| w.get(Component::Supply) * supply_worth(n, w);
    let marginal: Vec<f64> =
        (1..=7).map(|n| worth(n as f64, &Weights::SEARCH) - worth(n as f64 - 1.0, &Weights::SEARCH)).collect();
    assert!((marginal[0] - 4.0).abs() < 1e-9, "{marginal:?}");
    assert!(marginal.windows(2).all(|m| m[1] < m[0]), "{marginal:?}");
    assert!(marginal[6] < 1.0, "{marginal:?}");
    for n in 1..=7 {
        let n = n as f64;
        assert_eq!(worth(n, &Weights::FITTED) - worth(n - 1.0, &Weights::FITTED), 2.0);
    }
    // In a base game's first position: seven followers, many tiles left (the component in
    // followers, before its weight).
    let game = new_game(2, 3);
    let supply = components(&game, &Weights::SEARCH)[0][Component::Supply as usize];
    assert!((supply - (1.0 - 0.7f64.powi(7)) / 0.3).abs() < 1e-9, "{supply}");
    assert_eq!(components(&game, &Weights::FITTED)[0][Component::Supply as usize], 7.0);
}

#[test]
fn evaluations_parse_from_their_names() {
    assert_eq!(Evaluation::from_name("legacy"), Some(Evaluation::Legacy));
    assert_eq!(Evaluation::from_name("fitted"), Some(Evaluation::DEFAULT));
    assert_eq!(Evaluation::from_name("unit"), Some(Evaluation::Weighted(Weights::UNIT)));
    assert_eq!(Evaluation::from_name("search"), Some(Evaluation::SEARCH));
    assert_eq!(Evaluation::from_name("fitted/supply=4/supply-decay=0.7"), Some(Evaluation::SEARCH));
    for e in [Evaluation::Legacy, Evaluation::DEFAULT, Evaluation::SEARCH, Evaluation::Weighted(Weights::UNIT)] {
        assert_eq!(Evaluation::from_name(e.name()), Some(e));
    }
    let Some(Evaluation::Weighted(w)) = Evaluation::from_name("fitted/goods=0.5/city-tau=20/builder=3") else {
        panic!()
    };
    assert_eq!((w.get(Component::Goods), w.city_tau, w.builder), (0.5, 20.0, 3.0));
    assert_eq!(w.get(Component::Supply), Weights::FITTED.get(Component::Supply));
    let Some(Evaluation::Weighted(w)) = Evaluation::from_name("search/supply-fade=60") else { panic!() };
    assert_eq!((w.supply_decay, w.supply_fade), (0.7, 60.0));
    for bad in [
        "",
        "best",
        "legacy/goods=1",
        "unit/goods",
        "unit/goods=x",
        "unit/city-tau=0",
        "unit/x=1",
        "unit/supply-decay=0",
    ] {
        assert_eq!(Evaluation::from_name(bad), None, "{bad}");
    }
    // Every component has a distinct name.
    for (i, a) in Component::ALL.iter().enumerate() {
        assert_eq!(*a as usize, i);
        assert!(Component::ALL[..i].iter().all(|b| b.name() != a.name()));
    }
    let _ = new_game(2, 1);
}
