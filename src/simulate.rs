//! `carcassonne simulate`: games between random bots.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use anyhow::{bail, Context};
use carcassonne_bots::{Bot, RandomBot};
use carcassonne_engine::record::RECORD_VERSION;
use carcassonne_engine::{Color, Deck, Event, Game, GameSetup, Record, RecordDeck, Rules};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;

use crate::output::{self, SeatScores};
use crate::SimulateArgs;

/// Seat colours, in seat order.
pub const SEAT_COLORS: [Color; 6] = [Color::Red, Color::Blue, Color::Green, Color::Yellow, Color::Black, Color::Gray];

/// Games a worker takes at a time.
const BLOCK: u64 = 16;

/// Runs with at least this many games show a progress bar (on a terminal).
const PROGRESS_MIN_GAMES: u64 = 500;

/// The outcome of one game.
#[derive(Clone, Debug)]
struct GameResult {
    seed: u64,
    scores: Vec<u32>,
    turns: u32,
    discarded: usize,
}

/// One JSON line of `--json`.
#[derive(Serialize)]
struct GameLine<'a> {
    game: u64,
    seed: u64,
    players: Vec<&'static str>,
    final_scores: SeatScores<'a>,
    turns: u32,
    discarded: usize,
}

pub use carcassonne_bots::bot_seed;

/// Plays one game with random bots; fills `record` (which must hold no action) when given.
fn play(
    rules: &Rules,
    colors: &[Color],
    seed: u64,
    events: &mut Vec<Event>,
    mut record: Option<&mut Record>,
) -> GameResult {
    let setup = GameSetup { rules: rules.clone(), players: colors.to_vec(), deck: Deck::Seed(seed) };
    // The setup was checked once before any game started; only the seed differs here.
    let mut game = Game::new(setup).expect("the setup was validated");
    let mut bots: Vec<RandomBot> = (0..colors.len()).map(|seat| RandomBot::new(bot_seed(seed, seat))).collect();
    while let Some(p) = game.pending().player() {
        let action = bots[p as usize].choose_action(&game.observation(Some(p)));
        if let Some(record) = record.as_deref_mut() {
            record.push(&game, action);
        }
        events.clear();
        game.apply_into(action, events).expect("bots choose legal actions");
    }
    GameResult { seed, scores: game.scores(), turns: game.turns(), discarded: game.discarded().len() }
}

pub fn run(args: SimulateArgs) -> anyhow::Result<()> {
    if args.record_out.is_some() && args.games != 1 {
        let mut cmd = <crate::Cli as clap::CommandFactory>::command();
        cmd.error(clap::error::ErrorKind::ArgumentConflict, "--record-out can only be used with --games 1").exit();
    }
    let rules = args.rules.rules()?;
    let colors = &SEAT_COLORS[..args.players as usize];
    // Validate the setup once, so that the games themselves cannot fail.
    Game::new(GameSetup { rules: rules.clone(), players: colors.to_vec(), deck: Deck::Seed(args.seed) })
        .context("cannot set up the game")?;

    let mut out = output::stdout();
    let start = Instant::now();

    if let Some(path) = &args.record_out {
        let mut record = Record {
            version: RECORD_VERSION,
            rules: rules.clone(),
            players: colors.to_vec(),
            deck: RecordDeck::Seed(args.seed),
            actions: vec![],
        };
        let result = play(&rules, colors, args.seed, &mut Vec::new(), Some(&mut record));
        let mut text = record.to_json_pretty();
        text.push('\n');
        std::fs::write(path, text).with_context(|| format!("cannot write the record to `{}`", path.display()))?;
        let mut summary = Summary::new(colors.len());
        emit(&mut out, &args, colors, 0, &result, &mut summary)?;
        return finish(&mut out, &args, &rules, colors, &summary, start);
    }

    let threads = args
        .threads
        .map(|t| t.get())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(args.games.div_ceil(BLOCK).max(1) as usize);
    let progress = progress_bar(args.games);
    let mut summary = Summary::new(colors.len());
    let next = AtomicU64::new(0);
    let (sender, receiver) = mpsc::channel::<(u64, Vec<GameResult>)>();

    std::thread::scope(|scope| -> anyhow::Result<()> {
        for _ in 0..threads {
            let sender = sender.clone();
            let (next, rules) = (&next, &rules);
            let (games, seed) = (args.games, args.seed);
            scope.spawn(move || {
                let mut events = Vec::with_capacity(64);
                loop {
                    let first = next.fetch_add(BLOCK, Ordering::Relaxed);
                    if first >= games {
                        break;
                    }
                    let results: Vec<GameResult> = (first..games.min(first + BLOCK))
                        .map(|i| play(rules, colors, seed.wrapping_add(i), &mut events, None))
                        .collect();
                    if sender.send((first, results)).is_err() {
                        break; // The main thread stopped (e.g. stdout was closed).
                    }
                }
            });
        }
        drop(sender);
        // Blocks arrive in any order; print them in game order.
        let mut waiting: BTreeMap<u64, Vec<GameResult>> = BTreeMap::new();
        let mut next_game = 0;
        let stop_workers = || next.store(u64::MAX / 2, Ordering::Relaxed);
        for (first, results) in receiver.iter() {
            waiting.insert(first, results);
            while let Some(results) = waiting.remove(&next_game) {
                for (k, result) in results.iter().enumerate() {
                    if let Err(e) = emit(&mut out, &args, colors, next_game + k as u64, result, &mut summary) {
                        stop_workers();
                        return Err(e);
                    }
                }
                next_game += results.len() as u64;
                progress.set_position(next_game);
            }
        }
        Ok(())
    })?;
    progress.finish_and_clear();
    finish(&mut out, &args, &rules, colors, &summary, start)
}

/// A progress bar on stderr for long runs, hidden unless stderr is a terminal.
fn progress_bar(games: u64) -> ProgressBar {
    if games < PROGRESS_MIN_GAMES || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr_with_hz(10));
    let style = ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} elapsed, {eta} left")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// Prints one game's JSON line (with `--json`) and adds it to the summary.
fn emit(
    out: &mut impl Write,
    args: &SimulateArgs,
    colors: &[Color],
    index: u64,
    result: &GameResult,
    summary: &mut Summary,
) -> anyhow::Result<()> {
    if args.json {
        let line = GameLine {
            game: index,
            seed: result.seed,
            players: colors.iter().map(|c| c.name()).collect(),
            final_scores: SeatScores { colors, scores: &result.scores },
            turns: result.turns,
            discarded: result.discarded,
        };
        output::write_json_line(out, &line)?;
    }
    summary.add(result);
    Ok(())
}

/// Totals over the games played.
struct Summary {
    games: u64,
    score_sum: Vec<u64>,
    wins: Vec<f64>,
    turns: u64,
    discarded: u64,
    best: Option<u32>,
}

impl Summary {
    fn new(seats: usize) -> Summary {
        Summary { games: 0, score_sum: vec![0; seats], wins: vec![0.0; seats], turns: 0, discarded: 0, best: None }
    }

    fn add(&mut self, result: &GameResult) {
        self.games += 1;
        let top = result.scores.iter().copied().max().unwrap_or(0);
        let winners = result.scores.iter().filter(|&&s| s == top).count() as f64;
        for (seat, &score) in result.scores.iter().enumerate() {
            self.score_sum[seat] += score as u64;
            if score == top {
                self.wins[seat] += 1.0 / winners;
            }
        }
        self.turns += result.turns as u64;
        self.discarded += result.discarded as u64;
        self.best = self.best.max(Some(top));
    }
}

/// Prints the summary (without `--json`).
fn finish(
    out: &mut impl Write,
    args: &SimulateArgs,
    rules: &Rules,
    colors: &[Color],
    summary: &Summary,
    start: Instant,
) -> anyhow::Result<()> {
    if !args.json {
        let elapsed = start.elapsed().as_secs_f64();
        let n = summary.games.max(1) as f64;
        let last_seed = args.seed.wrapping_add(args.games.saturating_sub(1));
        writeln!(
            out,
            "{} games of {} players, deck seeds {}..={}, rules {}, {} edition tiles, expansions: {}",
            summary.games,
            colors.len(),
            args.seed,
            last_seed,
            args.rules.rules.rule_set().name(),
            rules.variants.tile_edition.name(),
            if rules.expansions.is_empty() {
                "none".to_string()
            } else {
                rules.expansions.iter().map(|e| e.name()).collect::<Vec<_>>().join(", ")
            }
        )?;
        writeln!(out, "seat  player  mean score  win share")?;
        for (seat, color) in colors.iter().enumerate() {
            writeln!(
                out,
                "{:<4}  {:<6}  {:>10.2}  {:>8.1}%",
                seat + 1,
                color.name(),
                summary.score_sum[seat] as f64 / n,
                100.0 * summary.wins[seat] / n
            )?;
        }
        writeln!(out, "mean turns: {:.2}", summary.turns as f64 / n)?;
        writeln!(out, "discarded tiles: {} in all, {:.4} per game", summary.discarded, summary.discarded as f64 / n)?;
        writeln!(out, "best score: {}", summary.best.unwrap_or(0))?;
        writeln!(
            out,
            "{} games in {:.3} s: {:.0} games/s",
            summary.games,
            elapsed,
            summary.games as f64 / elapsed.max(1e-9)
        )?;
    }
    out.flush()?;
    if summary.games != args.games {
        bail!("only {} of {} games were played", summary.games, args.games);
    }
    Ok(())
}
