//! What the server spends per request and per start: building and serializing a client's view
//! (every WebSocket update does this once per connection), and loading a stored game (replaying
//! its record, once per game at start-up). Figures in docs/performance.md.

use carcassonne_engine::{Color, Deck, Expansion, Game, GameSetup, Record, RecordDeck, Rules};
use carcassonne_server::room::Room;
use carcassonne_server::seats::Seat;
use criterion::{criterion_group, criterion_main, Criterion};

/// A 3-player game with Inns & Cathedrals and Traders & Builders, played by always taking the
/// action in the middle of the legal list, stopped after `actions` actions (or at its end).
fn record(actions: usize) -> Record {
    let rules = Rules { expansions: vec![Expansion::InnsCathedrals, Expansion::TradersBuilders], ..Rules::base() };
    let players = vec![Color::Red, Color::Blue, Color::Green];
    let mut game =
        Game::new(GameSetup { rules: rules.clone(), players: players.clone(), deck: Deck::Seed(7) }).unwrap();
    let mut record = Record { version: 1, rules, players, deck: RecordDeck::Seed(7), actions: vec![] };
    while !game.is_over() && record.actions.len() < actions {
        let legal = game.legal_actions();
        let action = legal[legal.len() / 2];
        record.push(&game, action);
        game.apply(action).unwrap();
    }
    record
}

fn seats() -> Vec<Seat> {
    (0..3).map(|i| Seat { name: format!("P{i}"), player: "human".into(), token: Some(format!("t{i}")) }).collect()
}

fn benches(c: &mut Criterion) {
    let midgame = Room::new("bench".into(), 0, seats(), record(120)).unwrap();
    c.bench_function("view_midgame_json_all_events", |b| {
        b.iter(|| serde_json::to_string(&midgame.view(vec![0], 0)).unwrap().len())
    });
    let events = midgame.view(vec![], 0).events.len();
    c.bench_function("view_midgame_json_update", |b| {
        b.iter(|| serde_json::to_string(&midgame.view(vec![0], events)).unwrap().len())
    });
    let finished = record(usize::MAX);
    c.bench_function("load_finished_game", |b| {
        b.iter(|| Room::new("bench".into(), 0, seats(), finished.clone()).unwrap().version())
    });
}

criterion_group!(server, benches);
criterion_main!(server);
