//! `carcassonne`: serve games to browsers, play in the terminal, simulate games between bots,
//! replay and inspect game records, list and draw the tiles.
//!
//! Every command writes its results to stdout (text, or JSON with `--json`) and reports bad
//! input as a single `error: ...` line on stderr with exit code 1; usage errors exit with
//! clap's code 2. The record format is described in docs/record-format.md.

mod attacks;
mod hint;
mod legal;
mod loadtest;
mod output;
mod play;
mod reference;
mod render;
mod replay;
mod rules_args;
mod serve;
mod simulate;
mod tiles;
mod tournament;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use carcassonne_engine::Record;
use clap::{Args, Parser, Subcommand};
use rules_args::{EditionArg, RulesArgs};

/// Play, replay and inspect games of Carcassonne.
#[derive(Debug, Parser)]
#[command(
    name = "carcassonne",
    version,
    about = "Play, replay and inspect games of Carcassonne",
    long_about = "Play, replay and inspect games of Carcassonne and its expansions.\n\n\
        `serve` runs the game server with the browser UI; `play` plays in the terminal against \
        bots; `simulate` and `tournament` play games between bots; `replay` and `legal` read game \
        records (JSON, see docs/record-format.md); `tiles` and `render` list and draw the tiles; \
        `hint` asks a bot; `reference` prints the game reference for a selection of expansions. Bad input is reported as one `error: ...` line on stderr with exit \
        code 1.",
    after_help = "Examples:\n  \
        carcassonne serve   (then open http://127.0.0.1:8080)\n  \
        carcassonne simulate --games 1000 --players 3 --seed 7\n  \
        carcassonne simulate --games 1 --seed 42 --record-out game.json\n  \
        carcassonne replay game.json\n  \
        carcassonne legal game.json --json\n  \
        carcassonne tiles --edition second\n  \
        carcassonne reference --expansions river,tower --players 4"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Simulate(SimulateArgs),
    Replay(ReplayArgs),
    Legal(LegalArgs),
    Tiles(TilesArgs),
    Render(render::RenderArgs),
    Tournament(tournament::TournamentArgs),
    Hint(hint::HintArgs),
    Play(play::PlayArgs),
    Reference(reference::ReferenceArgs),
    Serve(serve::ServeArgs),
    Loadtest(loadtest::LoadtestArgs),
}

/// Play games between random bots and summarise the results.
#[derive(Debug, Args)]
#[command(
    long_about = "Play games between random bots and summarise the results.\n\n\
        Game i (counting from 0) uses the deck seed SEED + i (wrapping), and the bot in seat k \
        is seeded from the game's deck seed and k only, so `--games 1 --seed S` replays game \
        i of any longer run whose seed plus i is S. The same arguments always give the same \
        games, whatever the number of threads.\n\n\
        Without --json a summary is printed: mean score and share of wins per seat (a tie \
        splits the win), mean turns, discarded tiles and the speed in games per second. With \
        --json exactly one JSON object per game is printed, one per line:\n  \
        {\"game\": i, \"seed\": s, \"players\": [...], \"final_scores\": {...}, \"turns\": t, \"discarded\": d}\n\n\
        A progress bar is drawn on stderr for long runs when stderr is a terminal.",
    after_help = "Examples:\n  \
        carcassonne simulate --games 2000 --players 2 --seed 1\n  \
        carcassonne simulate --games 10 --players 4 --rules rgg --json\n  \
        carcassonne simulate --games 1 --seed 1005 --record-out game.json"
)]
struct SimulateArgs {
    /// How many games to play.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 100)]
    games: u64,
    /// Players per game (2 to 6), seated as red, blue, green, yellow, black, gray.
    #[arg(long, short = 'p', value_name = "P", default_value_t = 2,
          value_parser = clap::value_parser!(u8).range(2..=6))]
    players: u8,
    /// Deck seed of the first game; game i uses SEED + i.
    #[arg(long, short = 's', value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Print one JSON object per game instead of a summary.
    #[arg(long)]
    json: bool,
    /// Write the game's record (pretty JSON) to FILE; only with --games 1.
    #[arg(long, value_name = "FILE")]
    record_out: Option<PathBuf>,
    #[command(flatten)]
    rules: RulesArgs,
    /// Worker threads (default: one per core). The results do not depend on it.
    #[arg(long, value_name = "T")]
    threads: Option<std::num::NonZeroUsize>,
}

/// Replay a game record and print what happened, turn by turn.
#[derive(Debug, Args)]
#[command(
    long_about = "Replay a game record and print what happened: every turn (who placed which \
        tile where, deployments by feature name), every change of a score with its points and \
        breakdown, and the scores. A record need not be finished: the scores are then the \
        current ones.\n\n\
        With --json one object is printed:\n  \
        {\"final_scores\": {...}, \"score_events\": [{\"kind\", \"points\", \"players\", \"phase\", \
        \"completed\", \"breakdown\", \"at\": {\"x\", \"y\", \"feature\"}, \"action\"}...], \
        \"turns\", \"discarded\", \"actions\", \"game_over\"}\n\
        The score events are every change of a score (features, farms and barns, trade goods, \
        king and robber baron, the fairy, both sides of a ransom, rebuilding, the dash; points \
        negative where a score went down): per player they add up to final_scores.\n\n\
        An action that cannot be applied is reported as `error: FILE: action I: reason`.",
    after_help = "Examples:\n  carcassonne replay game.json\n  carcassonne replay --json - < game.json"
)]
struct ReplayArgs {
    /// The record (JSON); `-` reads stdin.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Print JSON instead of a log.
    #[arg(long)]
    json: bool,
}

/// List the legal actions after a record's last action.
#[derive(Debug, Args)]
#[command(
    long_about = "Replay a record and list the pending decision and its legal actions, each in \
        record form (ready to append to the record's `actions`).\n\n\
        With --json one object is printed:\n  \
        {\"pending\": {\"kind\": \"place\"|\"deploy\"|\"escape\"|\"move-dragon\"|\"capture\"|\"exchange\"|\"game-over\", \"player\", \"tile\", ...}, \"actions\": [...]}",
    after_help = "Example:\n  carcassonne legal game.json --json"
)]
struct LegalArgs {
    /// The record (JSON); `-` reads stdin.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// List the tile designs of a set.
#[derive(Debug, Args)]
#[command(
    long_about = "List the tile designs of a set in one edition, with their counts, edges \
        (north, east, south, west at rotation 0: c city, r road, f field, s river) and \
        features (kind and ports at rotation 0; pennants; the cities each field borders).",
    after_help = "Examples:\n  carcassonne tiles\n  carcassonne tiles --set base --edition second --json\n  \
        carcassonne tiles --set base --svg tiles/   (then open tiles/index.html)"
)]
struct TilesArgs {
    /// The tile set (base, river, river-2, inns-cathedrals, traders-builders, king-robber, count,
    /// cathars, princess-dragon, tower, gq11, abbey-mayor, winter); every set if left out.
    #[arg(long, value_name = "SET")]
    set: Option<String>,
    /// The edition of the designs (a set printed only once is listed in its one edition).
    #[arg(long, value_enum, value_name = "EDITION", default_value_t = EditionArg::First)]
    edition: EditionArg,
    /// Print a JSON array instead of a table.
    #[arg(long)]
    json: bool,
    /// Write one SVG picture per design and an index.html contact sheet to DIR instead.
    #[arg(long, value_name = "DIR", conflicts_with = "json")]
    svg: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Simulate(args) => simulate::run(args),
        Command::Replay(args) => replay::run_replay(&args.file, args.json),
        Command::Legal(args) => legal::run_legal(&args.file, args.json),
        Command::Tiles(args) => match &args.svg {
            Some(dir) => render::run_tiles(dir, args.set.as_deref(), args.edition.edition()),
            None => tiles::run(args.set.as_deref(), args.edition.edition(), args.json),
        },
        Command::Render(args) => render::run(args),
        Command::Tournament(args) => tournament::run(args),
        Command::Hint(args) => hint::run(args),
        Command::Play(args) => play::run(args),
        Command::Reference(args) => reference::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Loadtest(args) => loadtest::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if output::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let message = format!("{e:#}").replace('\n', " ");
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Reads and parses a record file (`-` for stdin).
fn read_record(path: &Path) -> anyhow::Result<Record> {
    let name = path.display();
    let text = if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).context("cannot read the record from stdin")?;
        text
    } else {
        std::fs::read_to_string(path).with_context(|| format!("cannot read `{name}`"))?
    };
    Record::from_json(&text).with_context(|| format!("{name}"))
}
