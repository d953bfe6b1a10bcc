//! MCTS benchmarks (criterion). Quick run:
//!
//! ```text
//! cargo bench -p carcassonne-bots --bench mcts -- --warm-up-time 1 --measurement-time 5
//! ```
//!
//! - `mcts_1000_iterations_1_thread`: one search of 1 000 iterations (each: a sampled world,
//!   UCT descent, expansion, the default playout to the end of the game: compact random
//!   placements and weighted random deployments; backup) from a mid-game position: a 2-player
//!   base game after 35 placed tiles (36 on the board), seeded random play, waiting for a
//!   placement. Iterations per second = 1 000 / time.
//! - `mcts_1000_iterations_all_threads`: the same 1 000 iterations shared among one tree per
//!   core (root parallelism).
//! - `mcts_1000_iterations_1_thread_uniform_playouts`: as the first, with uniformly random
//!   playouts (`:place=uniform:deploy=uniform`, the playouts before the nudged ones).
//! - `mcts_1000_iterations_1_thread_two_turn_playouts`: as the first, with playouts of two
//!   random turns ending in the greedy evaluation (`:playout=2`, tried for issue 5).
//! - `greedy_move_midgame`: one greedy decision (every placement with its best follow-up,
//!   evaluated) on that position.
//! - `all12/...` (issue 36): the same measures in a 2-player game with all twelve expansions
//!   (second-edition tiles) after 100 placed tiles, waiting for a placement: 1 000 iterations
//!   with full playouts (the levels' playouts in short games) and with evaluation leaves
//!   (`:playout=0`, the levels' search in long games), one greedy decision, and one evaluation
//!   of the position (`Evaluation::DEFAULT.values`); and `greedy_replies_125`, the levels'
//!   search in long games at `hard`'s budget: sequential halving among the evaluation's eight
//!   best actions, 125 greedy replies of the next player in all (replies per second = 125 /
//!   time).

use std::hint::black_box;

use carcassonne_bots::mcts::{
    Search, DEFAULT_DEPLOYMENTS, DEFAULT_PLACEMENTS, DEFAULT_PLAYOUT, LONG_GAME_TILES, TREE_ITERATIONS_PER_REPLY,
};
use carcassonne_bots::{
    Bot, Budget, Deployments, Evaluation, GreedyBot, MctsBot, MctsSettings, Placements, Playout, RandomBot,
};
use carcassonne_engine::{Color, Deck, Edition, Expansion, Game, GameSetup, Pending, Rules, Variants};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// A 2-player game after 35 placed tiles (36 on the board), waiting for a placement.
fn midgame() -> Game {
    position(Rules::base(), 36)
}

/// A 2-player game with all twelve expansions after 100 placed tiles, waiting for a placement.
fn midgame_all12() -> Game {
    // The twelve of the annotated rules (`Expansion::ALL` also holds Little Buildings and the
    // Winter Edition).
    let twelve = &Expansion::ALL[..12];
    assert_eq!(twelve.last(), Some(&Expansion::AbbeyMayor));
    let rules = Rules {
        expansions: twelve.to_vec(),
        variants: Variants { tile_edition: Edition::Second, ..Default::default() },
    };
    position(rules, 101)
}

/// A 2-player game played at random (deck seed 2024, bot seed 7) until `tiles` are on the board
/// and a placement is pending.
fn position(rules: Rules, tiles: usize) -> Game {
    let mut game = Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck: Deck::Seed(2024) })
        .expect("valid setup");
    let mut bot = RandomBot::new(7);
    while !(game.board().len() >= tiles && matches!(game.pending(), Pending::PlaceTile { .. })) {
        let p = game.pending().player().expect("the game is not over");
        let action = bot.choose_action(&game.observation(Some(p)));
        game.apply(action).expect("legal");
    }
    game
}

const ITERATIONS: u32 = 1_000;

/// Greedy replies of one search of the levels' long-game search (`hard`'s budget).
const REPLIES: u32 = 125;

fn benches(c: &mut Criterion) {
    let game = midgame();
    let player = game.pending().player().expect("pending");
    println!(
        "mid-game position: {} tiles on the board, {} left face down, {} legal placements",
        game.board().len(),
        game.tiles_left(),
        game.legal_action_count()
    );
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut group = c.benchmark_group("mcts");
    group.throughput(Throughput::Elements(ITERATIONS as u64));
    for (label, threads, playout, placements, deployments) in [
        ("1_thread", 1, DEFAULT_PLAYOUT, DEFAULT_PLACEMENTS, DEFAULT_DEPLOYMENTS),
        ("all_threads", cores, DEFAULT_PLAYOUT, DEFAULT_PLACEMENTS, DEFAULT_DEPLOYMENTS),
        ("1_thread_uniform_playouts", 1, DEFAULT_PLAYOUT, Placements::Uniform, Deployments::Uniform),
        ("1_thread_two_turn_playouts", 1, Playout::Turns(2), DEFAULT_PLACEMENTS, DEFAULT_DEPLOYMENTS),
    ] {
        let settings = MctsSettings {
            threads,
            playout,
            placements,
            deployments,
            budget: Budget::Iterations(ITERATIONS),
            ..MctsSettings::iterations(1)
        };
        let mut bot = MctsBot::new(settings, 1);
        group.bench_function(format!("mcts_{ITERATIONS}_iterations_{label}"), |b| {
            b.iter(|| black_box(bot.choose_action(&game.observation(Some(player)))))
        });
    }
    group.finish();
    let mut greedy = GreedyBot::new(1);
    c.bench_function("greedy_move_midgame", |b| {
        b.iter(|| black_box(greedy.choose_action(&game.observation(Some(player)))))
    });

    let game = midgame_all12();
    let player = game.pending().player().expect("pending");
    println!(
        "all twelve expansions: {} tiles on the board, {} left face down, {} legal placements",
        game.board().len(),
        game.tiles_left(),
        game.legal_action_count()
    );
    let mut group = c.benchmark_group("all12");
    group.sample_size(10);
    group.throughput(Throughput::Elements(ITERATIONS as u64));
    for (label, playout) in [("full_playouts", Playout::Full), ("evaluation_leaves", Playout::Turns(0))] {
        let settings = MctsSettings {
            playout,
            search: Search::Tree,
            budget: Budget::Iterations(ITERATIONS),
            ..MctsSettings::iterations(1)
        };
        let mut bot = MctsBot::new(settings, 1);
        group.bench_function(format!("mcts_{ITERATIONS}_iterations_{label}"), |b| {
            b.iter(|| black_box(bot.choose_action(&game.observation(Some(player)))))
        });
    }
    // The levels' search in long games: `hard`'s budget buys 125 greedy replies.
    group.throughput(Throughput::Elements(REPLIES as u64));
    let settings =
        MctsSettings { budget: Budget::Iterations(REPLIES * TREE_ITERATIONS_PER_REPLY), ..MctsSettings::iterations(1) };
    assert_eq!(settings.search, Search::Auto(LONG_GAME_TILES));
    let mut bot = MctsBot::new(settings, 1);
    group.bench_function(format!("greedy_replies_{REPLIES}"), |b| {
        b.iter(|| black_box(bot.choose_action(&game.observation(Some(player)))))
    });
    group.throughput(Throughput::Elements(1));
    let mut greedy = GreedyBot::new(1);
    group
        .bench_function("greedy_move", |b| b.iter(|| black_box(greedy.choose_action(&game.observation(Some(player))))));
    group.bench_function("evaluation", |b| b.iter(|| black_box(Evaluation::DEFAULT.values(&game))));
    group.finish();
}

criterion_group!(bots, benches);
criterion_main!(bots);
