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

use std::hint::black_box;

use carcassonne_bots::mcts::{DEFAULT_DEPLOYMENTS, DEFAULT_PLACEMENTS, DEFAULT_PLAYOUT};
use carcassonne_bots::{Bot, Budget, Deployments, GreedyBot, MctsBot, MctsSettings, Placements, Playout, RandomBot};
use carcassonne_engine::{Color, Deck, Game, GameSetup, Pending, Rules};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// A 2-player game after 35 placed tiles (36 on the board), waiting for a placement.
fn midgame() -> Game {
    let mut game =
        Game::new(GameSetup { rules: Rules::base(), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(2024) })
            .expect("valid setup");
    let mut bot = RandomBot::new(7);
    while !(game.board().len() >= 36 && matches!(game.pending(), Pending::PlaceTile { .. })) {
        let p = game.pending().player().expect("the game is not over");
        let action = bot.choose_action(&game.observation(Some(p)));
        game.apply(action).expect("legal");
    }
    game
}

const ITERATIONS: u32 = 1_000;

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
}

criterion_group!(bots, benches);
criterion_main!(bots);
