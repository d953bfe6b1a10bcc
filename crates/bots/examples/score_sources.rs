//! Where two bots' points come from, and how often they deploy: seat-rotated 2-player games
//! with all twelve expansions of the annotated rules (second-edition tiles), or the base game.
//!
//! ```text
//! cargo run --release -p carcassonne-bots --example score_sources -- BOT_A BOT_B DEALS SEED [base]
//! cargo run --release -p carcassonne-bots --example score_sources -- mcts:medium greedy 10 3000
//! ```
//!
//! Each deal (deck seeds SEED to SEED + DEALS - 1) is played twice, the bots swapping seats.
//! Printed per bot, per game: the points of each kind of scoring (a completed city, a farm at
//! the end, the trade goods...) with how many such scorings, the figures deployed by kind, and
//! (in the first column) how often each other kind of event happened, the features completed
//! with no figure on them among them. It showed, for
//! example, that with all twelve expansions each greedy player deployed only about seven
//! followers in a game (docs/performance.md, "Followers in supply as a reserve").
use std::collections::{BTreeMap, BTreeSet};

use carcassonne_bots::bot_by_name;
use carcassonne_engine::{Color, Deck, Edition, Event, Expansion, Game, GameSetup, Phase, Rules, Variants};

/// Points and occurrences per game, by kind.
type Tally = BTreeMap<String, (i64, u32)>;

fn usage() -> ! {
    eprintln!("usage: score_sources BOT_A BOT_B DEALS SEED [base]");
    std::process::exit(2)
}

/// The kind an event is tallied under.
fn kind(event: &Event) -> String {
    match event {
        Event::Scored(s) => format!(
            "{:?}{}{}",
            s.kind,
            if s.completed { "" } else { "-open" },
            if s.phase == Phase::Final { "-final" } else { "" }
        ),
        Event::FigureDeployed { figure, .. } => format!("deploy-{figure:?}"),
        other => {
            let debug = format!("{other:?}");
            format!("event-{}", debug.split([' ', '{', '(']).next().unwrap_or_default())
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 {
        usage();
    }
    let names = [args[0].as_str(), args[1].as_str()];
    let (Ok(deals), Ok(first_seed)) = (args[2].parse::<u64>(), args[3].parse::<u64>()) else { usage() };
    let expansions =
        if args.get(4).map(String::as_str) == Some("base") { vec![] } else { Expansion::ALL[..12].to_vec() };
    let mut tallies: [Tally; 2] = Default::default();
    let mut events = Tally::new();
    let mut totals = [0i64; 2];
    for seed in first_seed..first_seed + deals {
        for rotation in 0..2usize {
            let variants = Variants { tile_edition: Edition::Second, ..Variants::default() };
            let mut game = Game::new(GameSetup {
                rules: Rules { expansions: expansions.clone(), variants },
                players: vec![Color::Red, Color::Blue],
                deck: Deck::Seed(seed),
            })
            .expect("a valid setup");
            // Seat k holds bot (k + rotation) % 2.
            let bot_of = |seat: usize| (seat + rotation) % 2;
            let mut bots: Vec<_> = (0..2)
                .map(|seat| bot_by_name(names[bot_of(seat)], seed * 7 + seat as u64).unwrap_or_else(|e| panic!("{e}")))
                .collect();
            while let Some(p) = game.pending().player() {
                let action = bots[p as usize].choose_action(&game.observation(Some(p)));
                for event in game.apply(action).expect("a bot's action is legal") {
                    let key = kind(&event);
                    if let Event::FigureDeployed { player, .. } = event {
                        tallies[bot_of(player as usize)].entry(key.clone()).or_default().1 += 1;
                    }
                    let mut changes = event.score_changes().peekable();
                    if changes.peek().is_none() && !matches!(event, Event::FigureDeployed { .. }) {
                        let key =
                            if let Event::Scored(_) = event { format!("held by nobody: {key}") } else { key.clone() };
                        events.entry(key).or_default().1 += 1;
                    }
                    for (player, points) in changes {
                        let entry = tallies[bot_of(player as usize)].entry(key.clone()).or_default();
                        entry.0 += points;
                        entry.1 += 1;
                        totals[bot_of(player as usize)] += points;
                    }
                }
            }
            let scores = game.scores();
            // With two seats the rotation is its own inverse: bot b sits in seat bot_of(b).
            eprintln!("deck {seed}, {} {} - {} {}", names[0], scores[bot_of(0)], names[1], scores[bot_of(1)]);
        }
    }
    let games = (deals * 2) as f64;
    let keys: BTreeSet<&String> = tallies.iter().flat_map(|t| t.keys()).collect();
    println!("{:<28} {:>16} {:>16}   (per game: points, times)", "", names[0], names[1]);
    for key in keys {
        let [a, b] = [0, 1].map(|k| tallies[k].get(key).copied().unwrap_or_default());
        let (ap, an, bp, bn) = (a.0 as f64 / games, a.1 as f64 / games, b.0 as f64 / games, b.1 as f64 / games);
        println!("{key:<28} {ap:>10.1} {an:>5.1} {bp:>10.1} {bn:>5.1}");
    }
    println!("{:<28} {:>10.1} {:>16.1}", "total", totals[0] as f64 / games, totals[1] as f64 / games);
    for (key, (_, n)) in events {
        println!("{key:<28} {:>16.1}", n as f64 / games);
    }
}
