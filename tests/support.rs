//! Helpers shared by the test modules: running the `carcassonne` binary as a real process,
//! temporary files, and counting a player's figures wherever they are.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

use carcassonne_engine::{Figure, Game, PlayerId};
use serde_json::Value;

/// How many of `figure` player `p` owns, wherever they are: in supply, on the board, held
/// prisoner (The Tower), standing as barns (Abbey & Mayor), waiting in Carcassonne (The
/// Count), on guard duty and held prisoner (the variation "Prisoners"), or out of the game after a refused
/// swap (La Porxada). Every rule moves figures between these places; none creates or loses one.
pub fn owned(g: &Game, p: PlayerId, figure: Figure) -> usize {
    g.player(p).in_supply(figure) as usize
        + g.figures().iter().filter(|x| x.owner == p && x.figure == figure).count()
        + g.prisoners().iter().filter(|x| x.owner == p && x.figure == figure).count()
        + g.barns().iter().filter(|b| b.owner == p && figure == Figure::Barn).count()
        + g.residents().iter().filter(|r| r.owner == p && r.figure == figure).count()
        + g.guards().iter().filter(|x| x.captor == p && x.guard == figure).count()
        + g.guards().iter().filter(|x| x.owner == p && x.prisoner == figure).count()
        + g.figures_out_of_game(p, figure) as usize
}

/// Runs the binary with `args`.
pub fn carcassonne(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_carcassonne")).args(args).output().expect("the binary runs")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

/// Runs a command that must succeed and returns its stdout.
pub fn ok(args: &[&str]) -> String {
    let output = carcassonne(args);
    assert!(
        output.status.success(),
        "`carcassonne {}` failed: {}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    stdout(&output)
}

/// Runs a command that must fail with exit code 1 and a one-line `error: ...` on stderr, and
/// returns that line.
pub fn fails(args: &[&str]) -> String {
    let output = carcassonne(args);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(1), "`carcassonne {}`: {stderr}", args.join(" "));
    assert!(output.stdout.is_empty(), "nothing on stdout on error");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "one line: {stderr}");
    stderr
}

pub fn json_of(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// A fresh path in cargo's scratch directory for integration tests (under `target/`, so test
/// runs do not litter the system's temp directory), unique to this process and call.
pub fn temp_path(name: &str) -> PathBuf {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("carcassonne-test-{}-{n}-{name}", std::process::id()))
}
