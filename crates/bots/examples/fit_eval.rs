//! Fits the weights of the evaluation's components (`carcassonne_bots::eval`) to the final
//! scores of games between bots, and reports how well the evaluation predicts them.
//!
//! ```text
//! cargo run --release -p carcassonne-bots --example fit_eval [GAMES_PER_CONFIGURATION] [POLICY]
//! ```
//!
//! Games between greedy bots (valuing positions with the evaluation POLICY, `fitted` by default:
//! see `Evaluation::from_name`) that play a random action one time in ten (so that positions vary)
//! are played under several rule configurations: the base game, each expansion of seed 001
//! alone, and all twelve. Every fourth decision, each player's components are recorded; at the
//! end, the points each player scored after that position are the target. The weights are the
//! ridge least-squares fit (pulled towards 1, the models' own values) of the difference of two
//! players' points on the difference of their components; the score already scored keeps
//! weight 1. The error of the predicted margin (a
//! player's final score minus the best other) is printed for the old greedy evaluation, the
//! components at weight 1 and the fitted weights, on the games of every other deck seed (the
//! weights are fitted on the others).

use carcassonne_bots::eval::{components, Component, Evaluation, Weights};
use carcassonne_bots::{Bot, GreedyBot, RandomBot};
use carcassonne_engine::random::{below, rng_from_seed};
use carcassonne_engine::{Color, Deck, Edition, Expansion, Game, GameSetup, Rules, Variants};

/// A recorded position: each player's components and old projected total, and the game's final
/// scores.
struct Sample {
    rows: Vec<[f64; Component::COUNT]>,
    old: Vec<f64>,
    finals: Vec<f64>,
    /// Held out for the test of the fit.
    test: bool,
}

fn configurations() -> Vec<(String, Rules)> {
    let twelve: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|e| *e != Expansion::Winter).collect();
    let second = Variants { tile_edition: Edition::Second, ..Variants::default() };
    let mut out = vec![("base".to_string(), Rules::base())];
    for e in &twelve {
        let variants = if *e == Expansion::Abbot { second.clone() } else { Variants::default() };
        out.push((e.name().to_string(), Rules { expansions: vec![*e], variants }));
    }
    out.push(("all-twelve".to_string(), Rules { expansions: twelve, variants: second }));
    out
}

fn play(rules: &Rules, players: usize, seed: u64, test: bool, policy: Evaluation, samples: &mut Vec<Sample>) {
    let colors = Color::ALL[..players].to_vec();
    let mut game = Game::new(GameSetup { rules: rules.clone(), players: colors, deck: Deck::Seed(seed) }).unwrap();
    let mut greedy: Vec<GreedyBot> =
        (0..players).map(|k| GreedyBot::with_evaluation(seed * 10 + k as u64, policy)).collect();
    let mut random = RandomBot::new(seed);
    let mut rng = rng_from_seed(seed ^ 0x5eed);
    let first = samples.len();
    let mut decision = 0u32;
    while !game.is_over() {
        let p = game.pending().player().unwrap();
        if decision.is_multiple_of(4) {
            let rows = components(&game, &Weights::FITTED);
            let old = carcassonne_bots::greedy::projected(&game);
            samples.push(Sample { rows, old, finals: vec![], test });
        }
        decision += 1;
        let observation = game.observation(Some(p));
        let action = if below(&mut rng, 10) == 0 {
            random.choose_action(&observation)
        } else {
            greedy[p as usize].choose_action(&observation)
        };
        game.apply(action).unwrap();
    }
    let finals: Vec<f64> = game.scores().iter().map(|&s| s as f64).collect();
    for s in &mut samples[first..] {
        s.finals = finals.clone();
    }
}

/// Solves `a x = b` (a symmetric positive definite) by Gaussian elimination with pivoting.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs())).unwrap();
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..n {
            let f = a[row][col] / a[col][col];
            let (upper, lower) = a.split_at_mut(row);
            for (x, &p) in lower[0][col..].iter_mut().zip(&upper[col][col..]) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    x
}

/// Ridge fit of the difference between two players' points still to come on the difference of
/// their components (what is common to all players, such as the tiles to come, cancels out:
/// only margins matter to a bot), pulled towards weight 1 with strength `lambda` per pair. The
/// score keeps weight 1.
fn fit(samples: &[Sample], lambda: f64) -> Weights {
    let n = Component::COUNT;
    let mut a = vec![vec![0.0; n]; n];
    let mut b = vec![0.0; n];
    let mut pairs = 0.0;
    for s in samples.iter().filter(|s| !s.test) {
        for p in 0..s.rows.len() {
            for q in p + 1..s.rows.len() {
                let x: Vec<f64> = (0..n).map(|k| s.rows[p][k] - s.rows[q][k]).collect();
                let y = (s.finals[p] - s.rows[p][0]) - (s.finals[q] - s.rows[q][0]);
                for i in 1..n {
                    b[i] += x[i] * y;
                    for j in 1..n {
                        a[i][j] += x[i] * x[j];
                    }
                }
                pairs += 1.0;
            }
        }
    }
    a[0][0] = 1.0;
    b[0] = 1.0;
    for i in 1..n {
        a[i][i] += lambda * pairs;
        b[i] += lambda * pairs;
    }
    let mut w = [0.0; Component::COUNT];
    w.copy_from_slice(&solve(a, b));
    Weights { weights: w, ..Weights::FITTED }
}

/// Root mean square error of the predicted margins on the held-out samples.
fn margin_error(samples: &[Sample], predict: impl Fn(&Sample) -> Vec<f64>) -> f64 {
    let (mut total, mut n) = (0.0, 0.0);
    for s in samples.iter().filter(|s| s.test) {
        let predicted = predict(s);
        for p in 0..s.finals.len() {
            let best = |v: &[f64]| (0..v.len()).filter(|&q| q != p).map(|q| v[q]).fold(f64::MIN, f64::max);
            let error = (predicted[p] - best(&predicted)) - (s.finals[p] - best(&s.finals));
            total += error * error;
            n += 1.0;
        }
    }
    (total / n).sqrt()
}

fn main() {
    let games: u64 = std::env::args().nth(1).map_or(20, |a| a.parse().expect("a number of games"));
    let policy = std::env::args()
        .nth(2)
        .map_or(Evaluation::DEFAULT, |name| Evaluation::from_name(&name).expect("an evaluation name"));
    let mut samples = vec![];
    for (name, rules) in configurations() {
        let start = samples.len();
        for seed in 0..games {
            play(&rules, 2 + (seed % 3) as usize, 90_000 + seed, seed % 2 == 1, policy, &mut samples);
        }
        eprintln!("{name}: {} positions", samples.len() - start);
    }
    let weights = fit(&samples, 0.02);
    let apply = |w: Weights| {
        move |s: &Sample| -> Vec<f64> {
            s.rows.iter().map(|row| row.iter().zip(w.weights.iter()).map(|(c, k)| c * k).sum()).collect()
        }
    };
    println!("margin error (RMS, held-out positions):");
    println!("  old greedy evaluation: {:.2}", margin_error(&samples, |s| s.old.clone()));
    println!("  components at weight 1: {:.2}", margin_error(&samples, apply(Weights::UNIT)));
    println!("  fitted weights:         {:.2}", margin_error(&samples, apply(weights)));
    println!("fitted weights:");
    for c in Component::ALL {
        println!("  {:<15} {:.3}", c.name(), weights.get(c));
    }
    println!("as code: [{}]", weights.weights.iter().map(|w| format!("{w:.3}")).collect::<Vec<_>>().join(", "));
}
