//! The bot commands of the `carcassonne` binary (`tournament`, `hint`), run as a real process
//! with tiny game counts and search budgets.

use std::path::PathBuf;

use crate::support::{fails, json_of, ok, temp_path};

#[test]
fn tournament_rotates_seats_and_summarises_per_bot() {
    let args = ["tournament", "--bots", "greedy,random", "--games", "4", "--seed", "3", "--json"];
    let json = json_of(&ok(&args));
    assert_eq!(json["games"], 4);
    assert_eq!(json["decks"], 2);
    let results = json["results"].as_array().unwrap();
    assert_eq!(results.len(), 4);
    // Each deck is played twice, with the seats swapped.
    assert_eq!(results[0]["seed"], 3);
    assert_eq!(results[1]["seed"], 3);
    assert_eq!(results[2]["seed"], 4);
    assert_eq!(results[0]["seats"], serde_json::json!(["greedy", "random"]));
    assert_eq!(results[1]["seats"], serde_json::json!(["random", "greedy"]));
    let bots = json["bots"].as_array().unwrap();
    assert_eq!(bots.len(), 2);
    let wins: f64 = bots.iter().map(|b| b["wins"].as_f64().unwrap()).sum();
    assert_eq!(wins, 4.0, "every game has one win to share");
    for b in bots {
        assert_eq!(b["games"], 4);
        let [lo, hi] = [b["win_rate_ci95"][0].as_f64().unwrap(), b["win_rate_ci95"][1].as_f64().unwrap()];
        let rate = b["win_rate"].as_f64().unwrap();
        assert!(lo <= rate && rate <= hi);
    }
    let elo: f64 = bots.iter().map(|b| b["elo"].as_f64().unwrap()).sum();
    assert!(elo.abs() < 1e-6, "Elo ratings are centred");
    // The same arguments give the same games, whatever the number of threads.
    let mut one_thread = args.to_vec();
    one_thread.extend(["--threads", "1"]);
    assert_eq!(json_of(&ok(&one_thread))["results"], json["results"]);
}

#[test]
fn tournament_with_mcts_and_three_players_writes_a_report() {
    let report = temp_path("report.html");
    let out = ok(&[
        "tournament",
        "--bots",
        "mcts:iters=10,greedy,random",
        "--players",
        "3",
        "--games",
        "3",
        "--seed",
        "1",
        "--report",
        report.to_str().unwrap(),
    ]);
    assert!(out.starts_with("3 games of 3 players (1 decks x 3 seat rotations)"), "{out}");
    for bot in ["mcts:iters=10", "greedy", "random"] {
        assert!(out.lines().any(|l| l.starts_with(bot)), "{bot} in {out}");
    }
    let html = std::fs::read_to_string(&report).unwrap();
    std::fs::remove_file(&report).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<svg") && html.contains("mcts:iters=10"));
}

#[test]
fn tournament_rejects_bad_input() {
    let e = fails(&["tournament", "--bots", "greedy,nobody", "--games", "2"]);
    assert!(e.contains("unknown bot `nobody`"), "{e}");
    let e = fails(&["tournament", "--bots", "greedy,random", "--games", "3"]);
    assert!(e.contains("multiple"), "{e}");
    fails(&["tournament", "--bots", "greedy", "--games", "2"]);
    fails(&["tournament", "--bots", "greedy,random,mcts", "--players", "2", "--games", "2"]);
}

/// A record of the first turns of a seeded game, written by `simulate`'s record format.
fn short_record() -> PathBuf {
    let path = temp_path("hint.json");
    let record = serde_json::json!({
        "version": 1,
        "players": ["red", "blue"],
        "deck": {"order": ["base:E", "base:U", "base:B", "base:V"]},
        "actions": []
    });
    std::fs::write(&path, record.to_string()).unwrap();
    path
}

#[test]
fn hint_advises_the_pending_decision() {
    let record = short_record();
    let file = record.to_str().unwrap();
    // E closes the start tile's city: greedy's advice.
    let json = json_of(&ok(&["hint", file, "--bot", "greedy", "--json"]));
    assert_eq!(json["player"], "red");
    assert_eq!(json["decision"], "place");
    assert_eq!(json["unit"], "points");
    assert_eq!(
        json["best"]["action"],
        serde_json::json!({"action": "place", "player": "red", "tile": "base:E", "x": 0, "y": -1, "rotation": 180})
    );
    assert!(!json["alternatives"].as_array().unwrap().is_empty());
    // mcts, reproducibly for a seed and an iteration budget.
    let args = ["hint", file, "--bot", "mcts:iters=200", "--threads", "2", "--json"];
    let a = json_of(&ok(&args));
    assert_eq!(a, json_of(&ok(&args)));
    assert_eq!(a["unit"], "reward");
    assert!(a["best"]["visits"].as_u64().unwrap() > 0);
    let text = ok(&["hint", file, "--bot", "mcts:iters=50"]);
    assert!(text.starts_with("red to place base:E;"), "{text}");
    assert!(text.contains("best: place base:E at") && text.contains("runners-up:"), "{text}");
    std::fs::remove_file(&record).unwrap();
}

#[test]
fn hint_rejects_bad_input() {
    let record = short_record();
    let file = record.to_str().unwrap();
    let e = fails(&["hint", file, "--bot", "mcts:super"]);
    assert!(e.contains("unknown bot"), "{e}");
    fails(&["hint", "/nonexistent/record.json"]);
    let bad = temp_path("bad.json");
    std::fs::write(&bad, "{not json").unwrap();
    fails(&["hint", bad.to_str().unwrap(), "--bot", "greedy"]);
    std::fs::remove_file(&bad).unwrap();
    std::fs::remove_file(&record).unwrap();
    // A finished game has no decision to advise on.
    let finished = temp_path("finished.json");
    ok(&["simulate", "--games", "1", "--seed", "4", "--record-out", finished.to_str().unwrap()]);
    let e = fails(&["hint", finished.to_str().unwrap(), "--bot", "greedy"]);
    assert!(e.contains("the game is over"), "{e}");
    std::fs::remove_file(&finished).unwrap();
}
