//! How often the roads and cities that hold followers are completed before the end of the game,
//! by their open ends (a city's counted in edges) and the tiles left: the table that the
//! evaluation's completion model (`carcassonne_bots::eval::completion_chance`) was fitted to.
//!
//! ```text
//! cargo run --release -p carcassonne-bots --example completion_table
//! ```
//!
//! 60 two-player games between greedy bots, in the base game and with all twelve expansions
//! (second-edition tiles); every sixth decision, each open road and city holding a figure is
//! recorded, and at the end it is looked up: completed or not. Printed per kind, open ends
//! (up to 5) and tiles left (in buckets up to 5, 10, 20, 40 and more), where there are at least
//! 15 samples: the share completed and the number of samples.
use carcassonne_bots::{Bot, Evaluation, GreedyBot};
use carcassonne_engine::features::NodeId;
use carcassonne_engine::{Color, Deck, Edition, Expansion, FeatureKind, Game, GameSetup, Rules, Variants};
use std::collections::BTreeMap;

fn main() {
    let all: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|e| *e != Expansion::Winter).collect();
    let policy = Evaluation::DEFAULT;
    for (label, exps) in [("base", vec![]), ("all", all)] {
        // (kind: 0 road, 1 city; open ends; tiles-left bucket) -> (samples, completed)
        let mut table: BTreeMap<(u8, u16, u16), (u32, u32)> = BTreeMap::new();
        for seed in 0..60u64 {
            let variants = Variants { tile_edition: Edition::Second, ..Variants::default() };
            let mut game = Game::new(GameSetup {
                rules: Rules { expansions: exps.clone(), variants },
                players: vec![Color::Red, Color::Blue],
                deck: Deck::Seed(seed),
            })
            .unwrap();
            let mut bots: Vec<GreedyBot> = (0..2).map(|k| GreedyBot::with_evaluation(seed * 2 + k, policy)).collect();
            let mut samples: Vec<(u8, u16, u16, NodeId)> = vec![];
            let mut d = 0;
            while !game.is_over() {
                if d % 6 == 0 {
                    let left = game.tiles_left() as u16;
                    let mut seen = vec![];
                    for f in game.figures() {
                        let root = game.feature_root(f.placement, f.feature);
                        if seen.contains(&root) {
                            continue;
                        }
                        seen.push(root);
                        let kind = game.features().kind(root);
                        let open = game.features().open_ports(root);
                        if game.features().is_closed(root) {
                            continue;
                        }
                        match kind {
                            FeatureKind::City => samples.push((1, open.div_ceil(3), left, root)),
                            FeatureKind::Road => samples.push((0, open, left, root)),
                            _ => {}
                        }
                    }
                }
                d += 1;
                let p = game.pending().player().unwrap();
                let a = bots[p as usize].choose_action(&game.observation(Some(p)));
                game.apply(a).unwrap();
            }
            for (kind, open, left, node) in samples {
                let done = game.features().is_closed(game.features().find(node));
                let bucket = match left {
                    0..=5 => 5,
                    6..=10 => 10,
                    11..=20 => 20,
                    21..=40 => 40,
                    _ => 80,
                };
                let e = table.entry((kind, open.min(5), bucket)).or_default();
                e.0 += 1;
                e.1 += done as u32;
            }
        }
        println!("{label}:");
        for ((kind, open, bucket), (n, done)) in table {
            if n >= 15 {
                println!(
                    "  {} open={open} left<={bucket}: {:.2} ({n})",
                    if kind == 1 { "city" } else { "road" },
                    done as f64 / n as f64
                );
            }
        }
    }
}
