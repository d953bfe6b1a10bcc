//! `carcassonne play`: a human seat driven through stdin against random bots.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::support::temp_path;

/// Runs the binary with `args`, feeding `input` on stdin.
fn run_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_string();
    // Write from a thread: the program may stop reading (and exit) before all input is taken.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().expect("the binary finishes");
    writer.join().unwrap();
    output
}

fn run_ok(args: &[&str], input: &str) -> String {
    let output = run_with_input(args, input);
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    assert!(
        output.status.success(),
        "`carcassonne {}` failed: {}\n{stdout}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// `n` answers that always choose the first legal action.
fn ones(n: usize) -> String {
    "1\n".repeat(n)
}

/// The scores of the `final scores: red 20, blue 23` line, as (colour, points).
fn final_scores(stdout: &str) -> Vec<(String, u64)> {
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix("final scores: "))
        .unwrap_or_else(|| panic!("no final scores line in:\n{stdout}"));
    line.split(", ")
        .map(|part| {
            let (color, points) = part.split_once(' ').expect("`colour points`");
            (color.to_string(), points.parse().expect("points are a number"))
        })
        .collect()
}

/// The scores sorted by colour name (JSON objects here do not keep their order).
fn sorted(mut scores: Vec<(String, u64)>) -> Vec<(String, u64)> {
    scores.sort();
    scores
}

/// The final scores of `carcassonne replay --json FILE` by colour name, and whether the game is
/// over.
fn replayed_scores(path: &str) -> (Vec<(String, u64)>, bool) {
    let output = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["replay", "--json", path])
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "replay failed: {}", String::from_utf8_lossy(&output.stderr));
    let json: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let scores = json["final_scores"]
        .as_object()
        .expect("final_scores is an object")
        .iter()
        .map(|(color, points)| (color.clone(), points.as_u64().expect("points")))
        .collect();
    (sorted(scores), json["game_over"] == Value::Bool(true))
}

fn record_actions(path: &str) -> Vec<Value> {
    let json: Value = serde_json::from_str(&std::fs::read_to_string(path).expect("the record exists")).unwrap();
    json["actions"].as_array().expect("actions").clone()
}

#[test]
fn a_human_plays_a_whole_game_against_a_bot_and_the_saved_record_replays_to_the_same_scores() {
    let save = temp_path("game.json");
    let save = save.to_str().unwrap();
    let stdout = run_ok(&["play", "--players", "human,random", "--seed", "3", "--save", save], &ones(200));
    // The human saw the board, the status and a numbered list.
    assert!(stdout.contains("red, your tile: base:"), "{stdout}");
    assert!(stdout.contains("  1. place at ("), "{stdout}");
    assert!(stdout.contains("tiles left: "), "{stdout}");
    assert!(stdout.contains("blue (random) places "), "bot moves are announced: {stdout}");
    assert!(stdout.contains("final scoring:"), "{stdout}");
    assert!(stdout.contains("winner"), "{stdout}");
    let scores = final_scores(&stdout);
    assert_eq!(scores.iter().map(|(c, _)| c.as_str()).collect::<Vec<_>>(), ["red", "blue"]);
    let (replayed, over) = replayed_scores(save);
    assert!(over, "the saved game is finished");
    assert_eq!(sorted(scores.clone()), replayed);

    // The same seed and answers give the same game.
    let again = run_ok(&["play", "--players", "human,random", "--seed", "3"], &ones(200));
    assert_eq!(final_scores(&again), scores);
    std::fs::remove_file(save).ok();
}

#[test]
fn a_human_finishes_a_game_with_expansions_against_the_search_and_greedy_bots() {
    // Traders & Builders and Inns & Cathedrals put builders, pigs and big followers among the
    // human's choices; the search bot plays with a small budget to keep the test quick.
    let args = [
        "play",
        "--players",
        "human,mcts:iters=30,greedy",
        "--seed",
        "11",
        "--expansions",
        "inns-cathedrals,traders-builders",
    ];
    let stdout = run_ok(&args, &ones(600));
    assert!(stdout.contains("blue (mcts:iters=30) places "), "{stdout}");
    assert!(stdout.contains("green (greedy) places "), "{stdout}");
    assert!(stdout.contains("builder"), "builders are offered: {stdout}");
    assert!(stdout.contains("final scoring:"), "{stdout}");
    let scores = final_scores(&stdout);
    assert_eq!(scores.iter().map(|(c, _)| c.as_str()).collect::<Vec<_>>(), ["red", "blue", "green"]);
    assert!(scores.iter().any(|&(_, points)| points > 0), "{scores:?}");
}

/// Abbey & Mayor in the terminal: the human is offered the mayor, the wagon and the barn, and
/// the abbey before a draw when a hole is open; answering the first choice each time plays
/// the game to the end.
#[test]
fn a_human_finishes_a_game_with_abbey_and_mayor() {
    let args = ["play", "--players", "human,greedy", "--seed", "5", "--expansions", "abbey-mayor"];
    let stdout = run_ok(&args, &ones(800));
    assert!(stdout.contains("deploy mayor on city"), "the mayor is offered: {stdout}");
    assert!(stdout.contains("deploy wagon on"), "the wagon is offered: {stdout}");
    assert!(stdout.contains("final scoring:"), "{stdout}");
    assert_eq!(final_scores(&stdout).len(), 2);
}

/// The Phantom in the terminal: the phantom is in the supply line and among the figure
/// decision's figures, and after a follower its own step is asked in words; answering 1
/// throughout deploys it as a second follower, and the game ends.
#[test]
fn a_human_finishes_a_game_with_the_phantom() {
    let save = temp_path("phantom.json");
    let args = [
        "play",
        "--players",
        "human,greedy",
        "--seed",
        "3",
        "--expansions",
        "phantom",
        "--save",
        save.to_str().unwrap(),
    ];
    let stdout = run_ok(&args, &ones(800));
    assert!(stdout.contains("in supply: 7 followers, the phantom"), "{stdout}");
    assert!(stdout.contains("deploy phantom on road@S"), "the phantom among the figures: {stdout}");
    assert!(stdout.contains("you may deploy your phantom as a second follower"), "{stdout}");
    assert!(stdout.contains("red (human) deploys a phantom on field@NNW"), "{stdout}");
    assert!(stdout.contains("final scoring:"), "{stdout}");
}

/// Mage & Witch in the terminal: a magic tile asks for the move in words, the status line says
/// where the two stand, the log tells each move; answering 1 throughout finishes the game.
#[test]
fn a_human_finishes_a_game_with_mage_and_witch() {
    let save = temp_path("mage-witch.json");
    let args = [
        "play",
        "--players",
        "human,greedy",
        "--seed",
        "4",
        "--expansions",
        "mage-witch",
        "--save",
        save.to_str().unwrap(),
    ];
    let stdout = run_ok(&args, &ones(800));
    assert!(stdout.contains("move the mage or the witch onto an unfinished road or city"), "{stdout}");
    assert!(stdout.contains("the mage is beside the board; the witch is beside the board"), "{stdout}");
    assert!(stdout.contains("brings the mage onto the"), "{stdout}");
    assert!(stdout.contains("final scoring:"), "{stdout}");
}

/// The Count of Carcassonne in the terminal. Three people share the keyboard, so that the game
/// depends on the deck and the answers only; answering 2, then 1 when 2 is no choice, keeps
/// some followers in supply. The first deck seed whose game offers someone a deployment to
/// Carcassonne is played to the end: the city is drawn with its quarters, the status lists
/// them, the deployment and the count's move are offered in words, and the saved record
/// replays to the same scores.
#[test]
fn people_finish_a_game_of_the_count_with_its_decisions_and_the_city_shown() {
    let answers = "2\n1\n".repeat(1000);
    let save = temp_path("count.json");
    let save = save.to_str().unwrap();
    let play = |seed: &str, variant: &[&str]| {
        let mut args = vec!["play", "--players", "human,human,human", "--seed", seed, "--expansions", "count"];
        args.extend_from_slice(variant);
        args.extend_from_slice(&["--save", save]);
        run_ok(&args, &answers)
    };
    let offer = "but not you: deploy a figure from your supply to a quarter of Carcassonne, or pass";
    let (seed, stdout) = (1..=40)
        .map(|seed| seed.to_string())
        .find_map(|seed| {
            let stdout = play(&seed, &[]);
            stdout.contains(offer).then_some((seed, stdout))
        })
        .expect("a deck seed in 1..=40 offers a deployment to Carcassonne");
    // The board: the city as stone with the quarters' names in its quadrants, the count (@)
    // in the castle at first.
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.iter().any(|l| l.contains("=cathe-%castle.")), "cathedral and castle on top:\n{stdout}");
    assert!(lines.iter().any(|l| l.contains(".dral%%%@%%%%%.")), "the count in the castle:\n{stdout}");
    assert!(lines.iter().any(|l| l.contains(".black-%market.")), "blacksmith and market below:\n{stdout}");
    // The status: each quarter, what it feeds and who waits there.
    assert!(stdout.contains("% the city of Carcassonne"), "{stdout}");
    assert!(stdout.contains("the city of Carcassonne: the count stands in the castle quarter"), "{stdout}");
    for quarter in ["castle     -> cities", "market     -> farms", "blacksmith -> roads", "cathedral  -> cloisters"] {
        assert!(stdout.contains(&format!("  {quarter}")), "{quarter}: {stdout}");
    }
    // The deployment to Carcassonne and the count's move, offered as numbered choices.
    assert!(stdout.contains("  1. Carcassonne: follower to the castle quarter, later onto a city"), "{stdout}");
    assert!(stdout.contains("deploy nothing to Carcassonne"), "{stdout}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("(human) deploys a follower to the ") && l.ends_with(" quarter of Carcassonne")),
        "{stdout}"
    );
    assert!(stdout.contains(", move the count to another quarter"), "{stdout}");
    assert!(stdout.contains("  1. count: to the "), "{stdout}");
    assert!(stdout.contains("(human) moves the count to the "), "{stdout}");
    assert!(stdout.contains("market     -> farms, only at the end   "), "{stdout}");
    assert!(stdout.contains("final scoring:"), "{stdout}");
    let scores = final_scores(&stdout);
    assert_eq!(scores.len(), 3);
    let (replayed, over) = replayed_scores(save);
    assert!(over, "the saved game is finished");
    assert_eq!(sorted(scores), replayed);
    let actions = record_actions(save);
    assert!(actions.iter().any(|a| a["action"] == "carcassonne"), "the deployment is in the record");
    assert!(actions.iter().any(|a| a["action"] == "move-count"), "the count's move is in the record");

    // With the count moving clockwise by itself, nobody is asked where it goes: the move is
    // announced.
    let stdout = play(&seed, &["--variant", "count-moves=clockwise"]);
    assert!(stdout.contains(offer), "{stdout}");
    assert!(stdout.contains("    the count moves to the market quarter"), "{stdout}");
    assert!(!stdout.contains(", move the count to another quarter"), "{stdout}");
    assert!(stdout.contains("final scores: "), "{stdout}");
    std::fs::remove_file(save).ok();
}

#[test]
fn invalid_answers_re_prompt_without_crashing() {
    let mut input = String::from("x\n999\n0\n\n-3\n");
    input.push_str(&ones(200));
    let stdout = run_ok(&["play", "--players", "human,random", "--seed", "3"], &input);
    assert!(stdout.contains("`x` is not a choice"), "{stdout}");
    assert!(stdout.contains("there is no action 999"), "{stdout}");
    assert!(stdout.contains("there is no action 0"), "{stdout}");
    assert!(stdout.contains("type the number of an action"), "{stdout}");
    assert!(stdout.contains("`-3` is not a choice"), "{stdout}");
    // After the bad answers the game goes on to the end as if they had not been typed.
    let clean = run_ok(&["play", "--players", "human,random", "--seed", "3"], &ones(200));
    assert_eq!(final_scores(&stdout), final_scores(&clean));
}

#[test]
fn the_end_of_input_saves_and_resume_continues_the_game() {
    let half = temp_path("half.json");
    let half = half.to_str().unwrap();
    // 30 answers, then the input ends in the middle of the game: saved, exit code 0.
    let stdout = run_ok(&["play", "--players", "human,random", "--seed", "5", "--save", half], &ones(30));
    assert!(stdout.contains("end of input: game saved to"), "{stdout}");
    assert!(!stdout.contains("final scores:"), "{stdout}");
    let saved = record_actions(half);
    assert!(saved.len() >= 30, "30 human actions and the bot's: {}", saved.len());
    let (_, over) = replayed_scores(half);
    assert!(!over);

    // `q` saves and quits too.
    let quit = temp_path("quit.json");
    let quit = quit.to_str().unwrap();
    let stdout = run_ok(&["play", "--players", "human,random", "--seed", "5", "--save", quit], "1\n1\nq\n1\n");
    assert!(stdout.contains("game saved to"), "{stdout}");
    assert_eq!(record_actions(quit), saved[..record_actions(quit).len()].to_vec());

    // Resuming plays the rest of the game; the first actions are those of the saved half.
    let full = temp_path("full.json");
    let full = full.to_str().unwrap();
    let stdout = run_ok(&["play", "--players", "human,random", "--resume", half, "--save", full], &ones(200));
    assert!(stdout.contains(&format!("resuming after {} actions", saved.len())), "{stdout}");
    let actions = record_actions(full);
    assert!(actions.len() > saved.len());
    assert_eq!(actions[..saved.len()], saved[..]);
    let (replayed, over) = replayed_scores(full);
    assert!(over);
    assert_eq!(sorted(final_scores(&stdout)), replayed);

    // A record with another number of players is refused with one error line.
    let output = run_with_input(&["play", "--players", "human,random,random", "--resume", half], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("error: "));
    for path in [half, quit, full] {
        std::fs::remove_file(path).ok();
    }
}

#[test]
fn bad_seats_are_refused() {
    let output = run_with_input(&["play", "--players", "human,nobody"], "");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("error: ") && stderr.contains("nobody"), "{stderr}");
    let output = run_with_input(&["play", "--players", "human"], "");
    assert_eq!(output.status.code(), Some(1));
}

/// "More tiles in hand" in the terminal: the human sees their own three tiles (never the bot's)
/// and picks one by number, then places it; the game runs to the end and its record replays.
#[test]
fn a_human_hands_out_tiles_when_only_one_can_choose() {
    let save = temp_path("only-one.json");
    let save = save.to_str().unwrap();
    let args = [
        "play",
        "--players",
        "human,greedy,random",
        "--seed",
        "8",
        "--variant",
        "only-one-can-choose=face-down",
        "--save",
        save,
    ];
    let stdout = run_ok(&args, &ones(800));
    let drew = stdout.lines().find(|l| l.starts_with("red, you drew ")).unwrap_or_else(|| panic!("{stdout}"));
    assert_eq!(drew.matches("base:").count(), 3, "{drew}");
    assert!(stdout.contains("  1. give base:"), "{stdout}");
    assert!(stdout.contains("hands a tile to"), "{stdout}");
    assert!(!stdout.contains("blue, you drew"), "the bots' tiles are never shown: {stdout}");
    assert!(stdout.contains("final scoring:"), "{stdout}");
    let (replayed, over) = replayed_scores(save);
    assert!(over);
    assert_eq!(sorted(final_scores(&stdout)), replayed);
}

#[test]
fn a_human_chooses_from_a_hand_of_three() {
    let save = temp_path("hand.json");
    let save = save.to_str().unwrap();
    let args = ["play", "--players", "human,greedy", "--seed", "8", "--variant", "tiles-in-hand=three", "--save", save];
    let stdout = run_ok(&args, &ones(800));
    let hand_line = stdout.lines().find(|l| l.starts_with("red, your tiles: ")).unwrap_or_else(|| panic!("{stdout}"));
    assert_eq!(hand_line.matches("base:").count(), 3, "{hand_line}");
    assert!(!stdout.contains("blue, your tiles"), "the bot's hand is never shown: {stdout}");
    assert!(stdout.contains("  1. take base:"), "{stdout}");
    assert!(stdout.contains("final scoring:"), "{stdout}");
    let (replayed, over) = replayed_scores(save);
    assert!(over);
    assert_eq!(sorted(final_scores(&stdout)), replayed);
}
