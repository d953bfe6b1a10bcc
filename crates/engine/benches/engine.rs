//! Engine benchmarks (criterion). Quick run:
//!
//! ```text
//! cargo bench -p carcassonne-engine --bench engine -- --warm-up-time 1 --measurement-time 3
//! ```
//!
//! - `random_game_2p`: a whole 2-player base game with farmers (HiG Big Box rules) played with
//!   uniformly random legal actions from a seeded generator, through `legal_actions_into` and
//!   `apply_into` with reused buffers; a new deck seed each iteration. 1 / time = games per
//!   second on one core.
//! - `random_game_2p_nth`: the same, drawing each action with `legal_action_count` and
//!   `nth_legal_action` instead of building the list.
//! - `random_game_4p_expansions`: a whole 4-player game with Inns & Cathedrals, King & Scout, The
//!   Cathars and the GQ tiles, same method as `random_game_2p` (the base-game figure to compare
//!   with).
//! - `random_game_2p_all_expansions`: a whole 2-player game with every expansion the engine
//!   implements (both rivers, Inns & Cathedrals, Traders & Builders, King & Scout, The Cathars,
//!   The Abbot, the GQ tiles), same method; its cost per tile against `random_game_2p`'s is the
//!   figure docs/performance.md tracks.
//! - `legal_actions_midgame`: the legal placements of the drawn tile on a fixed board of 36
//!   tiles (the start tile and 35 placed), into a reused buffer.
//! - `legal_action_count_midgame`: the same count without building the list.
//! - `apply_turn_midgame`: one turn on that board (place the first legal placement, pass, score,
//!   draw the next tile), the game cloned outside the measurement.
//! - `sample_game_midgame`: a possible world for a bot (a clone with the face-down tiles
//!   reshuffled).

use std::hint::black_box;

use carcassonne_engine::random::{below, rng_from_seed};
use carcassonne_engine::{Action, Color, Deck, Event, Expansion, Game, GameSetup, Pending, Rules};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

fn new_game(seed: u64) -> Game {
    Game::new(GameSetup { rules: Rules::base(), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(seed) })
        .expect("valid setup")
}

/// Plays random legal actions until `stop` says so (or the game ends).
fn play(game: &mut Game, rng_seed: u64, mut stop: impl FnMut(&Game) -> bool) {
    let mut rng = rng_from_seed(rng_seed);
    let mut actions = Vec::with_capacity(128);
    let mut events = Vec::with_capacity(64);
    while !game.is_over() && !stop(game) {
        game.legal_actions_into(&mut actions);
        let action = actions[below(&mut rng, actions.len() as u32) as usize];
        events.clear();
        game.apply_into(action, &mut events).expect("legal");
    }
}

/// A 2-player game after 35 placed tiles (36 on the board), waiting for a placement.
fn midgame() -> Game {
    let mut game = new_game(2024);
    play(&mut game, 7, |g| g.board().len() >= 36 && matches!(g.pending(), Pending::PlaceTile { .. }));
    assert_eq!(game.board().len(), 36);
    game
}

/// Benchmarks whole random games under `rules`, a new deck each (from `seed` on).
fn random_games(c: &mut Criterion, name: &str, rules: &Rules, players: &[Color], seed: &mut u64) {
    c.bench_function(name, |b| {
        b.iter(|| {
            *seed += 1;
            let setup = GameSetup { rules: rules.clone(), players: players.to_vec(), deck: Deck::Seed(*seed) };
            let mut game = Game::new(setup).expect("valid setup");
            play(&mut game, *seed, |_| false);
            black_box(game.scores())
        })
    });
}

fn benches(c: &mut Criterion) {
    let mut seed = 0u64;
    let mut actions: Vec<Action> = Vec::with_capacity(128);
    let mut events: Vec<Event> = Vec::with_capacity(64);
    let mut rng = rng_from_seed(1);
    c.bench_function("random_game_2p", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = new_game(seed);
            while !game.is_over() {
                game.legal_actions_into(&mut actions);
                let action = actions[below(&mut rng, actions.len() as u32) as usize];
                events.clear();
                game.apply_into(action, &mut events).expect("legal");
            }
            black_box(game.scores())
        })
    });

    // The same, drawing the random action with `legal_action_count` and `nth_legal_action`
    // (no list built), as random playouts can.
    let mut seed = 0u64;
    let mut rng = rng_from_seed(2);
    c.bench_function("random_game_2p_nth", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = new_game(seed);
            while !game.is_over() {
                let n = game.legal_action_count() as u32;
                let action = game.nth_legal_action(below(&mut rng, n) as usize).expect("n < count");
                events.clear();
                game.apply_into(action, &mut events).expect("legal");
            }
            black_box(game.scores())
        })
    });

    let game = midgame();
    let tile = match game.pending() {
        Pending::PlaceTile { tile, .. } => game.design(tile).id.clone(),
        _ => unreachable!(),
    };
    eprintln!(
        "mid-game position: {} tiles on the board, {} empty neighbouring positions, tile {tile} drawn, {} legal placements",
        game.board().len(),
        game.board().frontier().len(),
        game.legal_actions().len()
    );
    let expansions = Rules {
        expansions: vec![Expansion::InnsCathedrals, Expansion::KingRobber, Expansion::Cathars, Expansion::Gq11],
        ..Rules::default()
    };
    let four = vec![Color::Red, Color::Blue, Color::Green, Color::Yellow];
    random_games(c, "random_game_4p_expansions", &expansions, &four, &mut seed);
    let all = Rules {
        expansions: vec![
            Expansion::River,
            Expansion::River2,
            Expansion::InnsCathedrals,
            Expansion::TradersBuilders,
            Expansion::KingRobber,
            Expansion::Cathars,
            Expansion::Abbot,
            Expansion::Gq11,
        ],
        ..Rules::default()
    };
    let two = vec![Color::Red, Color::Blue];
    let tiles = |rules: &Rules| {
        let game =
            Game::new(GameSetup { rules: rules.clone(), players: two.clone(), deck: Deck::Seed(1) }).expect("setup");
        game.tiles_left() + 1
    };
    eprintln!("tiles per game: base {}, every expansion {}", tiles(&Rules::base()), tiles(&all));
    random_games(c, "random_game_2p_all_expansions", &all, &two, &mut seed);
    // Every implemented expansion (but the Winter Edition, which replaces the base tiles): the
    // run of the 3x-per-tile requirement (docs/performance.md).
    let every = Rules {
        expansions: Expansion::ALL.into_iter().filter(|&e| e != Expansion::Winter).collect(),
        ..Rules::default()
    };
    // Little Buildings alone: the same 71 tiles as the base game, a building offered in every
    // figure phase (docs/performance.md, issue 39).
    let buildings = Rules { expansions: vec![Expansion::LittleBuildings], ..Rules::default() };
    random_games(c, "random_game_2p_little_buildings", &buildings, &two, &mut seed);
    random_games(c, "random_game_2p_every_expansion", &every, &two, &mut seed);
    c.bench_function("legal_actions_midgame", |b| {
        b.iter(|| {
            black_box(&game).legal_actions_into(&mut actions);
            black_box(actions.len())
        })
    });
    c.bench_function("legal_action_count_midgame", |b| b.iter(|| black_box(&game).legal_action_count()));

    let first = game.legal_actions()[0];
    c.bench_function("apply_turn_midgame", |b| {
        b.iter_batched_ref(
            || game.clone(),
            |g| {
                events.clear();
                g.apply_into(first, &mut events).expect("legal");
                g.apply_into(Action::Pass, &mut events).expect("legal");
                black_box(events.len())
            },
            BatchSize::SmallInput,
        )
    });

    let mut rng = rng_from_seed(3);
    c.bench_function("sample_game_midgame", |b| {
        b.iter(|| black_box(game.observation(Some(0)).sample_game(&mut rng).tiles_left()))
    });
}

criterion_group!(engine, benches);
criterion_main!(engine);
