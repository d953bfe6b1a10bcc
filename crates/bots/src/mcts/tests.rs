//! Tests of the tree search.

use super::tree::centred_rewards;
use super::*;
use crate::bot_by_name;
use crate::halving::HalvingSettings;
use crate::tests::{new_game, play_checked, COLORS};
use carcassonne_engine::{Deck, Expansion, GameSetup, Rules};

#[test]
fn mcts_finishes_games_of_2_to_6_players() {
    for players in 2..=6 {
        let mut game = new_game(players, 20 + players as u64);
        let mut bots: Vec<_> = (0..players)
            .map(|k| bot_by_name(if k == 0 { "mcts:iters=12" } else { "random" }, k as u64).unwrap())
            .collect();
        play_checked(&mut game, &mut bots);
    }
}

/// A stopped signal ends every tree's search at its first check, after 32 iterations, and
/// the bot still plays a legal action; the timed levels are the levels with a time budget.
#[test]
fn a_stop_signal_ends_the_search_early() {
    let game = new_game(2, 5);
    let observation = game.observation(Some(0));
    for threads in [1, 2] {
        let settings = MctsSettings { threads, ..MctsSettings::level("hard").unwrap() };
        let mut bot = MctsBot::new(settings, 1);
        let signal = StopSignal::new();
        bot.set_stop_signal(signal.clone());
        signal.stop();
        let analysis = bot.analyse(&observation);
        let visits: u32 = analysis.ranked.iter().map(|r| r.visits).sum();
        assert_eq!(visits, 32 * threads as u32);
        assert!(game.legal_actions().contains(&analysis.best));
    }
    for (level, time) in LEVEL_TIMES {
        let timed = MctsSettings::timed_level(level).unwrap();
        assert_eq!(timed.budget, Budget::Time(time));
        assert_eq!((timed.level_name(), MctsSettings::level(level).unwrap().level_name()), (Some(level), Some(level)));
    }
    assert_eq!(MctsSettings::iterations(7).level_name(), None);
}

#[test]
fn mcts_is_reproducible_with_a_seed_and_an_iteration_budget() {
    let mut game = new_game(2, 3);
    // Get to a position with a few tiles down.
    let mut random = bot_by_name("random", 9).unwrap();
    for _ in 0..10 {
        let p = game.pending().player().unwrap();
        game.apply(random.choose_action(&game.observation(Some(p)))).unwrap();
    }
    let p = game.pending().player().unwrap();
    for (threads, playout) in [(1, DEFAULT_PLAYOUT), (2, DEFAULT_PLAYOUT), (1, Playout::Full), (2, Playout::Turns(0))] {
        let settings =
            MctsSettings { budget: Budget::Iterations(300), threads, playout, ..MctsSettings::iterations(1) };
        let a = MctsBot::new(settings.clone(), 5).analyse(&game.observation(Some(p)));
        let b = MctsBot::new(settings, 5).analyse(&game.observation(Some(p)));
        assert_eq!(a, b);
        assert_eq!(a.ranked.iter().map(|r| r.visits).sum::<u32>(), 300);
        assert!(a.value > 0.0 && a.value < 1.0);
        assert!(game.legal_actions().contains(&a.best));
    }
}

#[test]
fn the_deployment_after_the_bots_placement_continues_in_its_trees() {
    // Find a placement decision after which a deployment is open.
    let mut game = new_game(2, 4);
    let mut random = bot_by_name("random", 2).unwrap();
    for threads in [1, 2] {
        let settings = MctsSettings { threads, ..MctsSettings::iterations(400) };
        loop {
            let p = game.pending().player().unwrap();
            let mut bot = MctsBot::new(settings.clone(), 11);
            let placement = bot.analyse(&game.observation(Some(p)));
            let Action::Place { .. } = placement.best else { panic!("a placement decision") };
            let mut after = game.clone();
            after.apply(placement.best).unwrap();
            if !matches!(after.pending(), Pending::Deploy { .. }) || after.legal_action_count() < 2 {
                game.apply(random.choose_action(&game.observation(Some(p)))).unwrap();
                game.apply(random.choose_action(&game.observation(Some(p)))).unwrap();
                continue;
            }
            // What the placement search already spent on this deployment's actions (a node's
            // first visit, when it was added, went to a playout and to none of its edges).
            let searched: u32 = bot
                .trees
                .iter()
                .map(|tree| {
                    tree.nodes[tree.child_decision(placement.best, &after.legal_actions()).unwrap() as usize].visits - 1
                })
                .sum();
            assert!(searched > 0);
            let deploy = bot.analyse(&after.observation(Some(p)));
            let visits: u32 = deploy.ranked.iter().map(|r| r.visits).sum();
            assert_eq!(visits, searched + 400 / FOLLOW_UP_SHARE, "{threads} threads");
            assert!(after.legal_actions().contains(&deploy.best));
            // A fresh bot, or one whose placement was not the one played, searches afresh
            // with the whole budget.
            let fresh = MctsBot::new(settings.clone(), 11).analyse(&after.observation(Some(p)));
            assert_eq!(fresh.ranked.iter().map(|r| r.visits).sum::<u32>(), 400);
            let mut other = game.clone();
            let alternative = placement.ranked[1].action;
            other.apply(alternative).unwrap();
            if other.pending().player() == Some(p) {
                let mut bot = MctsBot::new(settings.clone(), 11);
                bot.analyse(&game.observation(Some(p)));
                let elsewhere = bot.analyse(&other.observation(Some(p)));
                assert_eq!(elsewhere.ranked.iter().map(|r| r.visits).sum::<u32>(), 400);
                assert!(other.legal_actions().contains(&elsewhere.best));
            }
            break;
        }
    }
}

#[test]
fn levels_search_the_tree_in_short_games_and_greedy_replies_in_long_ones() {
    for level in ["easy", "medium", "hard"] {
        assert_eq!(MctsSettings::level(level).unwrap().search, Search::Auto(LONG_GAME_TILES));
    }
    let base = new_game(2, 1);
    assert_eq!(Search::Auto(LONG_GAME_TILES).for_game(&base.observation(Some(0))), Search::Tree);
    let twelve = Rules { expansions: Expansion::ALL[..12].to_vec(), ..Rules::base() };
    let mut game = Game::new(GameSetup { rules: twelve, players: COLORS[..2].to_vec(), deck: Deck::Seed(3) }).unwrap();
    let long = game.observation(Some(0));
    assert_eq!(Search::Auto(LONG_GAME_TILES).for_game(&long), Search::Halving(HalvingSettings::GREEDY_REPLIES));
    assert_eq!(Search::Tree.for_game(&long), Search::Tree);
    // Past the river, at a placement with a choice: an iteration budget buys one greedy reply
    // for every `TREE_ITERATIONS_PER_REPLY` iterations (each candidate plays at least one).
    let mut random = bot_by_name("random", 4).unwrap();
    while game.turns() < 30 || !matches!(game.pending(), Pending::PlaceTile { .. }) || game.legal_action_count() < 9 {
        let p = game.pending().player().unwrap();
        game.apply(random.choose_action(&game.observation(Some(p)))).unwrap();
    }
    let p = game.pending().player().unwrap();
    let settings = MctsSettings::iterations(20 * TREE_ITERATIONS_PER_REPLY);
    let analysis = MctsBot::new(settings.clone(), 2).analyse(&game.observation(Some(p)));
    let replies: u32 = analysis.ranked.iter().map(|r| r.visits).sum();
    assert!((20..=20 + 8).contains(&replies), "{replies} replies");
    assert_eq!(analysis.unit, "points");
    assert_eq!(MctsBot::new(settings, 2).analyse(&game.observation(Some(p))), analysis);
    assert!(game.legal_actions().contains(&analysis.best));
}

#[test]
fn the_tree_uses_full_playouts_in_short_games_and_evaluation_leaves_in_long_ones() {
    for level in ["easy", "medium", "hard"] {
        assert_eq!(MctsSettings::level(level).unwrap().playout, DEFAULT_PLAYOUT);
    }
    assert_eq!(DEFAULT_PLAYOUT, Playout::Auto(LONG_GAME_TILES));
    let base = new_game(2, 1);
    assert_eq!(DEFAULT_PLAYOUT.for_game(&base.observation(Some(0))), Playout::Full);
    for expansion in Expansion::ALL {
        let rules = Rules { expansions: vec![expansion], ..Rules::base() };
        let game = Game::new(GameSetup { rules, players: COLORS[..2].to_vec(), deck: Deck::Seed(1) }).unwrap();
        let observation = game.observation(Some(0));
        assert!(game_tiles(&observation) <= LONG_GAME_TILES as usize, "{expansion:?}");
        assert_eq!(DEFAULT_PLAYOUT.for_game(&observation), Playout::Full, "{expansion:?}");
    }
    let all = Rules { expansions: Expansion::ALL.to_vec(), ..Rules::base() };
    let game = Game::new(GameSetup { rules: all, players: COLORS[..2].to_vec(), deck: Deck::Seed(1) }).unwrap();
    assert!(game_tiles(&game.observation(Some(0))) > 200);
    assert_eq!(DEFAULT_PLAYOUT.for_game(&game.observation(Some(0))), Playout::Turns(0));
    assert_eq!(Playout::Turns(3).for_game(&game.observation(Some(0))), Playout::Turns(3));
    assert_eq!(Playout::Full.for_game(&game.observation(Some(0))), Playout::Full);
    // The centred rewards of the root position are even for every player, and a gain for
    // one is a reward above one half.
    let values = Evaluation::DEFAULT.values(&game);
    let centres: Vec<f64> = (0..2).map(|p| eval::margin(&values, p)).collect();
    let mut out = vec![];
    centred_rewards(&game, Evaluation::DEFAULT, &centres, 1.0, &mut out);
    assert_eq!(out, vec![0.5, 0.5]);
    centred_rewards(&game, Evaluation::DEFAULT, &[centres[0] - 10.0, centres[1] + 10.0], 1.0, &mut out);
    assert!(out[0] > 0.7 && out[1] < 0.3, "{out:?}");
    let crate::BotSpec::Mcts(s) = crate::BotSpec::parse("mcts:hard:playout=2").unwrap() else { panic!() };
    assert_eq!((s.playout, s.budget), (Playout::Turns(2), Budget::Iterations(25_000)));
    // Whole games with full playouts still finish with legal actions only.
    let mut game = new_game(2, 12);
    let mut bots: Vec<_> = (0..2).map(|k| bot_by_name("mcts:iters=10:playout=full", k).unwrap()).collect();
    play_checked(&mut game, &mut bots);
    assert!(game.is_over());
}

#[test]
fn mcts_plays_whole_games_reproducibly() {
    let play = || {
        let mut game = new_game(2, 8);
        let mut bots: Vec<_> = (0..2).map(|k| bot_by_name("mcts:iters=8:threads=2", k).unwrap()).collect();
        play_checked(&mut game, &mut bots)
    };
    assert_eq!(play(), play());
}
