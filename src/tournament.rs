//! `carcassonne tournament`: seat-rotated games between bots, with win rates, confidence
//! intervals, Elo estimates and an optional HTML report.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Instant;

use anyhow::{bail, Context};
use carcassonne_bots::{BotSpec, BOT_NAMES};
use carcassonne_engine::{Deck, Event, Game, GameSetup, Rules};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;

use crate::rules_args::RulesArgs;
use crate::simulate::{bot_seed, SEAT_COLORS};

/// The long help of `tournament`, before the list of bot names ([`BOT_NAMES`]).
const ABOUT: &str = "Play games between bots with the seats rotated, and compare the bots.\n\n\
        With P players, the bots listed fill the seats in order (repeated cyclically when there \
        are fewer bots than seats), and every deck is played P times with the line-up rotated \
        by one seat each time, so that every bot plays every seat with the same tiles. Game i \
        (from 0) uses the deck seed SEED + i / P and rotation i % P; the bot in seat k is \
        seeded from the deck seed and k, so the results do not depend on the number of \
        threads.\n\n\
        Per bot: games (seats played), wins (a first place shared by k players counts 1/k), win \
        rate with a 95% Wilson interval, mean score, mean margin (own score minus the best other \
        score of the game) and an Elo estimate: a Bradley-Terry maximum-likelihood fit over \
        every pair of seats held by different bots in every game (higher score wins, equal \
        scores are half a win each), with one virtual draw per pair of bots so that a clean \
        sweep stays finite, centred on a mean of 0; its 95% interval comes from the inverse \
        Fisher information.\n\n\
        A progress bar is drawn on stderr when stderr is a terminal.";

/// Play seat-rotated games between bots and compare them.
#[derive(Debug, Args)]
#[command(
    long_about = format!(
        "{ABOUT}\n\nBots: {BOT_NAMES} (mcts alone is mcts:medium; the playout options are \
         explained in docs/performance.md)."
    ),
    after_help = "Examples:\n  \
        carcassonne tournament --bots greedy,random --games 200 --seed 1\n  \
        carcassonne tournament --bots mcts:hard,greedy --games 200 --seed 1 --report report.html\n  \
        carcassonne tournament --bots mcts:iters=2000,greedy,random --players 3 --games 30 --json"
)]
pub struct TournamentArgs {
    /// The bots, separated by commas (at least two entries; see below for names).
    #[arg(long, value_name = "BOTS", value_delimiter = ',', required = true)]
    bots: Vec<String>,
    /// Players per game (2 to 6).
    #[arg(long, short = 'p', value_name = "P", default_value_t = 2,
          value_parser = clap::value_parser!(u8).range(2..=6))]
    players: u8,
    /// Games in all: a multiple of P (each deck is played in every seat rotation).
    #[arg(long, short = 'n', value_name = "N", default_value_t = 100)]
    games: u64,
    /// Deck seed of the first deck; deck d uses SEED + d.
    #[arg(long, short = 's', value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Print one JSON object (per-bot statistics and every game) instead of a table.
    #[arg(long)]
    json: bool,
    /// Also write a self-contained HTML report (table and charts) to FILE.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    #[command(flatten)]
    rules: RulesArgs,
    /// Games played at the same time (default: one per core). The results do not depend on it.
    #[arg(long, value_name = "T")]
    threads: Option<std::num::NonZeroUsize>,
}

/// One finished game.
#[derive(Clone, Debug, Serialize)]
struct GameResult {
    game: u64,
    seed: u64,
    /// The bot entry (index into the bot list) in each seat.
    #[serde(skip)]
    entries: Vec<usize>,
    /// The bot names in seat order.
    seats: Vec<String>,
    scores: Vec<u32>,
}

/// Per-bot statistics.
#[derive(Clone, Debug, Serialize)]
struct BotStats {
    name: String,
    games: u64,
    wins: f64,
    win_rate: f64,
    win_rate_ci95: [f64; 2],
    mean_score: f64,
    mean_margin: f64,
    elo: f64,
    elo_ci95: [f64; 2],
    #[serde(skip)]
    scores: Vec<u32>,
}

#[derive(Serialize)]
struct TournamentJson<'a> {
    games: u64,
    players: u8,
    decks: u64,
    first_seed: u64,
    rules: &'static str,
    elo_method: &'static str,
    bots: &'a [BotStats],
    results: &'a [GameResult],
}

const ELO_METHOD: &str = "Bradley-Terry maximum likelihood over all pairs of seats held by different bots \
    (higher score wins, a tie is half a win), one virtual draw per pair of bots, centred on 0; \
    95% interval from the inverse Fisher information";

pub fn run(args: TournamentArgs) -> anyhow::Result<()> {
    let players = args.players as usize;
    if args.bots.len() < 2 {
        bail!("--bots needs at least two bots, separated by commas (available: {BOT_NAMES})");
    }
    if args.bots.len() > players {
        bail!("{} bots do not fit in {} seats (raise --players)", args.bots.len(), players);
    }
    let specs: Vec<BotSpec> = args
        .bots
        .iter()
        .map(|name| BotSpec::parse(name.trim()))
        .collect::<Result<_, _>>()
        .map_err(anyhow::Error::msg)?;
    if args.games == 0 || !args.games.is_multiple_of(players as u64) {
        bail!(
            "--games must be a positive multiple of --players ({players}): each deck is played once per seat rotation"
        );
    }
    // Entry names: a bot listed twice becomes `name#2`.
    let names: Vec<String> = args
        .bots
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let name = name.trim();
            let before = args.bots[..i].iter().filter(|n| n.trim() == name).count();
            if before == 0 {
                name.to_string()
            } else {
                format!("{name}#{}", before + 1)
            }
        })
        .collect();
    let rules = args.rules.rules()?;
    let colors = &SEAT_COLORS[..players];
    Game::new(GameSetup { rules: rules.clone(), players: colors.to_vec(), deck: Deck::Seed(args.seed) })
        .context("cannot set up the game")?;

    let start = Instant::now();
    let threads = args
        .threads
        .map(|t| t.get())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(args.games as usize);
    let progress = progress_bar(args.games);
    let next = AtomicU64::new(0);
    let results: Mutex<Vec<Option<GameResult>>> = Mutex::new(vec![None; args.games as usize]);
    let (sender, receiver) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let (next, results, rules, specs, names) = (&next, &results, &rules, &specs, &names);
            let (games, seed) = (args.games, args.seed);
            scope.spawn(move || {
                let mut events = Vec::with_capacity(64);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let result = play(rules, colors, specs, names, seed, i, &mut events);
                    results.lock().expect("no worker panicked")[i as usize] = Some(result);
                    if sender.send(()).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for _ in receiver.iter() {
            progress.inc(1);
        }
    });
    progress.finish_and_clear();
    let results: Vec<GameResult> = results
        .into_inner()
        .expect("no worker panicked")
        .into_iter()
        .map(|r| r.expect("every game was played"))
        .collect();
    let stats = statistics(&names, &results);
    let elapsed = start.elapsed().as_secs_f64();

    let mut out = crate::output::stdout();
    let decks = args.games / players as u64;
    if args.json {
        let json = TournamentJson {
            games: args.games,
            players: args.players,
            decks,
            first_seed: args.seed,
            rules: args.rules.rules.rule_set().name(),
            elo_method: ELO_METHOD,
            bots: &stats,
            results: &results,
        };
        crate::output::write_json_line(&mut out, &json)?;
    } else {
        let mut title = format!(
            "{} games of {} players ({} decks x {} seat rotations), deck seeds {}..={}, rules {}",
            args.games,
            players,
            decks,
            players,
            args.seed,
            args.seed.wrapping_add(decks - 1),
            args.rules.rules.rule_set().name()
        );
        if !rules.expansions.is_empty() {
            let names: Vec<&str> = rules.expansions.iter().map(|e| e.name()).collect();
            title.push_str(&format!(", expansions: {}", names.join(", ")));
        }
        writeln!(out, "{title}")?;
        write!(out, "{}", table(&stats))?;
        writeln!(out, "Elo: {ELO_METHOD}.")?;
        writeln!(out, "{} games in {:.1} s", args.games, elapsed)?;
    }
    out.flush()?;
    if let Some(path) = &args.report {
        let title = format!(
            "{} vs: {} games of {} players, deck seeds from {}",
            names.join(", "),
            args.games,
            players,
            args.seed
        );
        std::fs::write(path, html_report(&title, &stats, &results))
            .with_context(|| format!("cannot write the report to `{}`", path.display()))?;
    }
    Ok(())
}

/// Plays game `i` of the tournament.
fn play(
    rules: &Rules,
    colors: &[carcassonne_engine::Color],
    specs: &[BotSpec],
    names: &[String],
    first_seed: u64,
    i: u64,
    events: &mut Vec<Event>,
) -> GameResult {
    let players = colors.len();
    let seed = first_seed.wrapping_add(i / players as u64);
    let rotation = (i % players as u64) as usize;
    // Line-up: the bots in order, repeated to fill the seats, rotated by `rotation`.
    let entries: Vec<usize> = (0..players).map(|seat| ((seat + rotation) % players) % specs.len()).collect();
    let mut bots: Vec<_> =
        entries.iter().enumerate().map(|(seat, &entry)| specs[entry].build(bot_seed(seed, seat))).collect();
    let setup = GameSetup { rules: rules.clone(), players: colors.to_vec(), deck: Deck::Seed(seed) };
    let mut game = Game::new(setup).expect("the setup was validated");
    while let Some(p) = game.pending().player() {
        let action = bots[p as usize].choose_action(&game.observation(Some(p)));
        events.clear();
        game.apply_into(action, events).expect("bots choose legal actions");
    }
    GameResult {
        game: i,
        seed,
        seats: entries.iter().map(|&e| names[e].clone()).collect(),
        entries,
        scores: game.scores(),
    }
}

/// A progress bar on stderr, hidden unless stderr is a terminal.
fn progress_bar(games: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr_with_hz(4));
    let style = ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} elapsed, {eta} left")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// The 95% Wilson score interval of a proportion of `successes` in `n` trials.
pub fn wilson(successes: f64, n: f64) -> [f64; 2] {
    if n <= 0.0 {
        return [0.0, 1.0];
    }
    let z = 1.959_964;
    let p = successes / n;
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

fn statistics(names: &[String], results: &[GameResult]) -> Vec<BotStats> {
    let b = names.len();
    let mut stats: Vec<BotStats> = names
        .iter()
        .map(|name| BotStats {
            name: name.clone(),
            games: 0,
            wins: 0.0,
            win_rate: 0.0,
            win_rate_ci95: [0.0, 1.0],
            mean_score: 0.0,
            mean_margin: 0.0,
            elo: 0.0,
            elo_ci95: [0.0, 0.0],
            scores: vec![],
        })
        .collect();
    // wins[i][j]: points of i against j over pairs of seats; played[i][j]: such pairs.
    let mut wins = vec![vec![0.0; b]; b];
    let mut played = vec![vec![0.0; b]; b];
    for r in results {
        let top = r.scores.iter().copied().max().unwrap_or(0);
        let winners = r.scores.iter().filter(|&&s| s == top).count() as f64;
        for (seat, (&entry, &score)) in r.entries.iter().zip(&r.scores).enumerate() {
            let s = &mut stats[entry];
            s.games += 1;
            if score == top {
                s.wins += 1.0 / winners;
            }
            let best_other =
                r.scores.iter().enumerate().filter(|&(k, _)| k != seat).map(|(_, &x)| x).max().unwrap_or(0);
            s.mean_margin += score as f64 - best_other as f64;
            s.mean_score += score as f64;
            s.scores.push(score);
            for (other_seat, (&other, &other_score)) in r.entries.iter().zip(&r.scores).enumerate() {
                if other_seat == seat || other == entry {
                    continue;
                }
                played[entry][other] += 1.0;
                wins[entry][other] += match score.cmp(&other_score) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
            }
        }
    }
    for s in &mut stats {
        let n = s.games.max(1) as f64;
        s.win_rate = s.wins / n;
        s.win_rate_ci95 = wilson(s.wins, s.games as f64);
        s.mean_score /= n;
        s.mean_margin /= n;
    }
    let (elo, half) = elo_fit(&wins, &played);
    for (s, (e, h)) in stats.iter_mut().zip(elo.iter().zip(&half)) {
        s.elo = *e;
        s.elo_ci95 = [e - h, e + h];
    }
    stats
}

/// Bradley-Terry ratings (Elo scale, mean 0) and the half-width of their 95% intervals, from
/// pairwise points `wins[i][j]` in `played[i][j]` comparisons, with one virtual draw added to
/// every pair that met. Newton's method on the log-likelihood with the first rating fixed at 0;
/// the covariance of the free ratings is the inverse of the observed information, then the
/// ratings are centred (and the covariance with them).
pub fn elo_fit(wins: &[Vec<f64>], played: &[Vec<f64>]) -> (Vec<f64>, Vec<f64>) {
    let b = wins.len();
    let mut w = wins.to_vec();
    let mut n = played.to_vec();
    for i in 0..b {
        for j in 0..b {
            if i != j && (played[i][j] > 0.0 || played[j][i] > 0.0) {
                w[i][j] += 0.5;
                n[i][j] += 1.0;
            }
        }
    }
    // Comparisons counted from both sides: use n[i][j] + n[j][i] over 2 as the pair's count,
    // and i's points as (w[i][j] + n[j][i] - w[j][i]) / 2.
    let pairs = |i: usize, j: usize| (n[i][j] + n[j][i]) / 2.0;
    let points = |i: usize, j: usize| (w[i][j] + n[j][i] - w[j][i]) / 2.0;
    let sigmoid = |x: f64| 1.0 / (1.0 + (-x).exp());
    let mut r = vec![0.0f64; b];
    let m = b - 1;
    let mut information = vec![vec![0.0; m]; m];
    for _ in 0..100 {
        let mut gradient = vec![0.0; m];
        information = vec![vec![0.0; m]; m];
        for i in 1..b {
            for j in 0..b {
                if i == j || pairs(i, j) == 0.0 {
                    continue;
                }
                let p = sigmoid(r[i] - r[j]);
                gradient[i - 1] += points(i, j) - pairs(i, j) * p;
                let h = pairs(i, j) * p * (1.0 - p);
                information[i - 1][i - 1] += h;
                if j > 0 {
                    information[i - 1][j - 1] -= h;
                }
            }
        }
        let Some(step) = solve(&information, &gradient) else { break };
        let mut largest = 0.0f64;
        for i in 1..b {
            let s = step[i - 1].clamp(-2.0, 2.0);
            r[i] += s;
            largest = largest.max(s.abs());
        }
        if largest < 1e-10 {
            break;
        }
    }
    let scale = 400.0 / std::f64::consts::LN_10;
    // Covariance of (0, r_1, ..., r_m), then of the centred ratings.
    let mut cov = vec![vec![0.0; b]; b];
    if let Some(inverse) = invert(&information) {
        for i in 1..b {
            for j in 1..b {
                cov[i][j] = inverse[i - 1][j - 1];
            }
        }
    }
    let mean = r.iter().sum::<f64>() / b as f64;
    let bf = b as f64;
    let row_mean: Vec<f64> = (0..b).map(|i| cov[i].iter().sum::<f64>() / bf).collect();
    let all_mean = row_mean.iter().sum::<f64>() / bf;
    let ratings = r.iter().map(|x| (x - mean) * scale).collect();
    let half = (0..b)
        .map(|i| {
            let var = cov[i][i] - 2.0 * row_mean[i] + all_mean;
            1.959_964 * var.max(0.0).sqrt() * scale
        })
        .collect();
    (ratings, half)
}

/// Solves `a x = y` by Gaussian elimination with partial pivoting (None if singular).
fn solve(a: &[Vec<f64>], y: &[f64]) -> Option<Vec<f64>> {
    let n = y.len();
    let mut m: Vec<Vec<f64>> = a.iter().zip(y).map(|(row, &v)| row.iter().copied().chain([v]).collect()).collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &z| m[x][col].abs().total_cmp(&m[z][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        let pivot_row = m[col].clone();
        for (row, values) in m.iter_mut().enumerate() {
            if row != col {
                let f = values[col] / pivot_row[col];
                for (v, p) in values.iter_mut().zip(&pivot_row).skip(col) {
                    *v -= f * p;
                }
            }
        }
    }
    Some((0..n).map(|i| m[i][n] / m[i][i]).collect())
}

fn invert(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let columns: Vec<Vec<f64>> = (0..n)
        .map(|k| solve(a, &(0..n).map(|i| f64::from(u8::from(i == k))).collect::<Vec<_>>()))
        .collect::<Option<_>>()?;
    Some((0..n).map(|i| (0..n).map(|j| columns[j][i]).collect()).collect())
}

fn table(stats: &[BotStats]) -> String {
    let width = stats.iter().map(|s| s.name.len()).max().unwrap_or(3).max(3);
    let mut t = String::new();
    let _ = writeln!(
        t,
        "{:<width$}  {:>5}  {:>6}  {:>22}  {:>10}  {:>11}  {:>16}",
        "bot", "games", "wins", "win rate (95% CI)", "mean score", "mean margin", "Elo (95% CI)"
    );
    for s in stats {
        let _ = writeln!(
            t,
            "{:<width$}  {:>5}  {:>6.1}  {:>6.1}% [{:>5.1}%, {:>5.1}%]  {:>10.1}  {:>+11.1}  {:>+6.0} [{:+.0}, {:+.0}]",
            s.name,
            s.games,
            s.wins,
            100.0 * s.win_rate,
            100.0 * s.win_rate_ci95[0],
            100.0 * s.win_rate_ci95[1],
            s.mean_score,
            s.mean_margin,
            s.elo,
            s.elo_ci95[0],
            s.elo_ci95[1]
        );
    }
    t
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A self-contained HTML page: the table, the Elo ratings with their intervals and the score
/// distribution of each bot (box plots), as inline SVG.
fn html_report(title: &str, stats: &[BotStats], results: &[GameResult]) -> String {
    const COLORS: [&str; 6] = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#7f7f7f", "#9467bd"];
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t}</title>\n<style>\
         body{{font-family:sans-serif;margin:2em;color:#222}} table{{border-collapse:collapse}} \
         td,th{{padding:4px 10px;border-bottom:1px solid #ccc;text-align:right}} td:first-child,th:first-child{{text-align:left}} \
         .note{{color:#555;max-width:50em}}</style></head><body>\n<h1>Carcassonne tournament</h1>\n<p>{t}</p>\n",
        t = escape(title)
    );
    h.push_str(
        "<table><tr><th>bot</th><th>games</th><th>wins</th><th>win rate</th><th>95% interval</th>\
         <th>mean score</th><th>mean margin</th><th>Elo</th><th>95% interval</th></tr>\n",
    );
    for s in stats {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{:.1}</td><td>{:.1}%</td><td>{:.1}% – {:.1}%</td><td>{:.1}</td>\
             <td>{:+.1}</td><td>{:+.0}</td><td>{:+.0} – {:+.0}</td></tr>",
            escape(&s.name),
            s.games,
            s.wins,
            100.0 * s.win_rate,
            100.0 * s.win_rate_ci95[0],
            100.0 * s.win_rate_ci95[1],
            s.mean_score,
            s.mean_margin,
            s.elo,
            s.elo_ci95[0],
            s.elo_ci95[1]
        );
    }
    h.push_str("</table>\n");
    let _ = writeln!(h, "<p class=\"note\">Elo: {}. Wins: a shared first place counts 1/k.</p>", escape(ELO_METHOD));

    // Elo chart.
    let (w, row, left, right) = (640.0, 36.0, 140.0, 40.0);
    let height = 50.0 + row * stats.len() as f64;
    let lo = stats.iter().map(|s| s.elo_ci95[0]).fold(0.0f64, f64::min);
    let hi = stats.iter().map(|s| s.elo_ci95[1]).fold(0.0f64, f64::max);
    let span = (hi - lo).max(1.0);
    let (lo, hi) = (lo - 0.05 * span, hi + 0.05 * span);
    let x = |v: f64| left + (v - lo) / (hi - lo) * (w - left - right);
    h.push_str("<h2>Elo with 95% intervals</h2>\n");
    let _ =
        writeln!(h, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{height}\" font-size=\"12\">");
    let _ = writeln!(
        h,
        "<line x1=\"{0:.1}\" y1=\"10\" x2=\"{0:.1}\" y2=\"{1:.1}\" stroke=\"#aaa\" stroke-dasharray=\"4 3\"/>\
         <text x=\"{0:.1}\" y=\"{2:.1}\" text-anchor=\"middle\">0</text>",
        x(0.0),
        height - 30.0,
        height - 14.0
    );
    for (k, s) in stats.iter().enumerate() {
        let y = 30.0 + row * k as f64;
        let color = COLORS[k % COLORS.len()];
        let _ = writeln!(
            h,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\
             <line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"{color}\" stroke-width=\"3\"/>\
             <circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"6\" fill=\"{color}\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{:+.0}</text>",
            left - 10.0,
            y + 4.0,
            escape(&s.name),
            x(s.elo_ci95[0]),
            x(s.elo_ci95[1]),
            x(s.elo),
            x(s.elo),
            y - 10.0,
            s.elo
        );
    }
    h.push_str("</svg>\n");

    // Score distributions (box plots: min, quartiles, median, max; the mean as a diamond).
    let max_score = results.iter().flat_map(|r| r.scores.iter().copied()).max().unwrap_or(0).max(1) as f64;
    let hi = (max_score / 20.0).ceil() * 20.0;
    let xs = |v: f64| left + v / hi * (w - left - right);
    let height = 60.0 + row * stats.len() as f64;
    h.push_str("<h2>Score distributions</h2>\n");
    let _ =
        writeln!(h, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{height}\" font-size=\"12\">");
    let mut tick = 0.0;
    while tick <= hi {
        let _ = writeln!(
            h,
            "<line x1=\"{0:.1}\" y1=\"10\" x2=\"{0:.1}\" y2=\"{1:.1}\" stroke=\"#eee\"/>\
             <text x=\"{0:.1}\" y=\"{2:.1}\" text-anchor=\"middle\">{3}</text>",
            xs(tick),
            height - 35.0,
            height - 20.0,
            tick
        );
        tick += 20.0;
    }
    for (k, s) in stats.iter().enumerate() {
        let mut sorted = s.scores.clone();
        sorted.sort_unstable();
        if sorted.is_empty() {
            continue;
        }
        let q = |f: f64| sorted[((sorted.len() - 1) as f64 * f).round() as usize] as f64;
        let y = 30.0 + row * k as f64;
        let color = COLORS[k % COLORS.len()];
        let _ = writeln!(
            h,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\
             <line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"{color}\"/>\
             <rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"16\" fill=\"{color}\" fill-opacity=\"0.3\" stroke=\"{color}\"/>\
             <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{color}\" stroke-width=\"2\"/>\
             <path d=\"M{:.1} {:.1} l5 5 l-5 5 l-5 -5 z\" fill=\"#222\"/>",
            left - 10.0,
            y + 4.0,
            escape(&s.name),
            xs(q(0.0)),
            xs(q(1.0)),
            xs(q(0.25)),
            y - 8.0,
            (xs(q(0.75)) - xs(q(0.25))).max(1.0),
            xs(q(0.5)),
            y - 8.0,
            xs(q(0.5)),
            y + 8.0,
            xs(s.mean_score),
            y - 5.0
        );
    }
    h.push_str("</svg>\n<p class=\"note\">Boxes: quartiles; thick line: median; whiskers: lowest and highest score; diamond: mean.</p>\n");

    // Every game.
    h.push_str("<details><summary>Every game</summary><table><tr><th>game</th><th>deck seed</th><th>seats and scores</th></tr>\n");
    for r in results {
        let seats: Vec<String> =
            r.seats.iter().zip(&r.scores).map(|(name, score)| format!("{} {score}", escape(name))).collect();
        let _ = writeln!(h, "<tr><td>{}</td><td>{}</td><td>{}</td></tr>", r.game, r.seed, seats.join(", "));
    }
    h.push_str("</table></details>\n</body></html>\n");
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals() {
        let [lo, hi] = wilson(50.0, 100.0);
        assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3, "{lo} {hi}");
        let [lo, hi] = wilson(100.0, 100.0);
        assert!((lo - 0.9630).abs() < 1e-3 && hi == 1.0, "{lo} {hi}");
    }

    #[test]
    fn elo_of_two_bots_matches_the_logistic_formula() {
        // 75 points of 100 (plus the virtual draw: 75.5 of 101) -> 400 log10(75.5/25.5) apart.
        let wins = vec![vec![0.0, 75.0], vec![25.0, 0.0]];
        let played = vec![vec![0.0, 100.0], vec![100.0, 0.0]];
        let (elo, half) = elo_fit(&wins, &played);
        let difference = 400.0 * (75.5f64 / 25.5).log10();
        assert!((elo[0] - elo[1] - difference).abs() < 1e-6, "{elo:?}");
        assert!((elo[0] + elo[1]).abs() < 1e-9);
        // A clean sweep stays finite.
        let (elo, _) = elo_fit(&[vec![0.0, 10.0], vec![0.0, 0.0]], &[vec![0.0, 10.0], vec![10.0, 0.0]]);
        assert!(elo[0].is_finite() && elo[0] > 0.0);
        assert!(half[0] > 0.0 && half[0] == half[1]);
    }
}
