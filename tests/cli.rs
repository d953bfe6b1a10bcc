//! The `carcassonne` command line tool, run as a real process.

use std::path::PathBuf;

use serde_json::{json, Value};

use crate::support::{carcassonne, fails, json_of, ok, temp_path};

fn write_temp(name: &str, contents: &str) -> PathBuf {
    let path = temp_path(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn simulate_json(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["simulate", "--json"];
    all.extend_from_slice(args);
    ok(&all).lines().map(json_of).collect()
}

/// A short explicit-order game (the worked example of docs/record-format.md): red 7, blue 7.
fn example_record() -> Value {
    json!({
        "version": 1,
        "players": ["red", "blue"],
        "deck": {"order": ["base:U", "base:E", "base:B", "base:V"]},
        "actions": [
            {"action": "place", "player": "red", "tile": "base:U", "x": 1, "y": 0, "rotation": 0},
            {"action": "deploy", "player": "red", "figure": "follower", "feature": "road@E"},
            {"action": "place", "player": "blue", "tile": "base:E", "x": 0, "y": -1, "rotation": 180},
            {"action": "deploy", "player": "blue", "figure": "follower", "feature": "city@S"},
            {"action": "place", "player": "red", "tile": "base:B", "x": 1, "y": -1, "rotation": 0},
            {"action": "deploy", "player": "red", "figure": "follower", "feature": "cloister"},
            {"action": "place", "player": "blue", "tile": "base:V", "x": -1, "y": 0, "rotation": 180},
            {"action": "deploy", "player": "blue", "figure": "follower", "feature": "field@NNE"}
        ]
    })
}

fn record_file(record: &Value) -> PathBuf {
    write_temp("record.json", &serde_json::to_string_pretty(record).unwrap())
}

#[test]
fn simulate_json_is_deterministic_and_game_i_can_be_replayed_alone() {
    let args = ["simulate", "--json", "--games", "5", "--players", "3", "--seed", "100"];
    let text = ok(&args);
    assert_eq!(text, ok(&args), "the same arguments print the same games");
    assert_eq!(text, ok(&[&args[..], &["--threads", "1"]].concat()), "whatever the number of threads");
    let games: Vec<Value> = text.lines().map(json_of).collect();
    assert_eq!(games.len(), 5);
    for (i, (line, game)) in text.lines().zip(&games).enumerate() {
        // Keys in the documented order, scores in seat order.
        let keys = ["\"game\":", "\"seed\":", "\"players\":", "\"final_scores\":", "\"turns\":", "\"discarded\":"];
        let at: Vec<usize> = keys.iter().map(|k| line.find(k).unwrap_or_else(|| panic!("{k} in {line}"))).collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{line}");
        let seats: Vec<usize> = ["\"red\":", "\"blue\":", "\"green\":"].iter().map(|k| line.find(k).unwrap()).collect();
        assert!(seats.windows(2).all(|w| w[0] < w[1]), "{line}");
        assert_eq!(game.as_object().unwrap().len(), 6);
        assert_eq!(game["game"], i);
        assert_eq!(game["seed"], 100 + i);
        assert_eq!(game["players"], json!(["red", "blue", "green"]));
        let scores = game["final_scores"].as_object().unwrap();
        assert_eq!(scores.len(), 3);
        assert!(scores.values().all(|s| s.is_u64()));
        // 71 tiles to draw: every one is either placed (one turn each) or discarded.
        assert_eq!(game["turns"].as_u64().unwrap() + game["discarded"].as_u64().unwrap(), 71);
    }
    let mut alone = simulate_json(&["--games", "1", "--players", "3", "--seed", "103"]).remove(0);
    assert_eq!(alone["game"], 0);
    alone["game"] = json!(3);
    assert_eq!(alone, games[3]);

    // Seeds wrap around.
    let wrapped = simulate_json(&["--games", "2", "--seed", &u64::MAX.to_string()]);
    assert_eq!(wrapped[1]["seed"], 0);
    let mut zero = simulate_json(&["--games", "1", "--seed", "0"]).remove(0);
    zero["game"] = json!(1);
    assert_eq!(zero, wrapped[1]);
}

#[test]
fn simulate_prints_a_summary_and_checks_its_arguments() {
    let text = ok(&["simulate", "--games", "3", "--players", "6", "--seed", "9", "--rules", "rgg"]);
    for colour in ["red", "blue", "green", "yellow", "black", "gray"] {
        assert!(text.contains(colour), "{text}");
    }
    assert!(text.lines().last().unwrap().ends_with("games/s"), "{text}");
    assert!(ok(&["simulate", "--games", "2", "--edition", "second", "--rules", "hig"]).contains("second edition"));

    for players in ["1", "7"] {
        let output = carcassonne(&["simulate", "--players", players]);
        assert_eq!(output.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&output.stderr).contains("2..=6"));
    }
    let path = temp_path("never-written.json");
    let output = carcassonne(&["simulate", "--games", "2", "--record-out", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(!path.exists());
}

#[test]
fn a_simulated_record_replays_to_the_same_scores() {
    let path = temp_path("simulated.json");
    let line = ok(&["simulate", "--games", "1", "--seed", "77", "--json", "--record-out", path.to_str().unwrap()]);
    let game = json_of(&line);
    let record = json_of(&std::fs::read_to_string(&path).unwrap());
    assert_eq!(record["deck"], json!({"seed": 77}));
    assert_eq!(record["players"], json!(["red", "blue"]));
    let actions = record["actions"].as_array().unwrap();
    assert!(actions.iter().all(|a| a["player"].is_string()));
    assert!(actions.iter().filter(|a| a["action"] == "place").all(|a| a["tile"].is_string()));

    let replay = json_of(&ok(&["replay", "--json", path.to_str().unwrap()]));
    assert_eq!(replay["final_scores"], game["final_scores"]);
    assert_eq!(replay["turns"], game["turns"]);
    assert_eq!(replay["discarded"], game["discarded"]);
    assert_eq!(replay["actions"], actions.len());
    assert_eq!(replay["game_over"], true);
    // Every point comes from a score event.
    let mut totals = serde_json::Map::new();
    for event in replay["score_events"].as_array().unwrap() {
        for player in event["players"].as_array().unwrap() {
            let total = totals.entry(player.as_str().unwrap()).or_insert(json!(0));
            *total = json!(total.as_u64().unwrap() + event["points"].as_u64().unwrap());
        }
    }
    for (player, score) in replay["final_scores"].as_object().unwrap() {
        assert_eq!(totals.get(player).unwrap_or(&json!(0)), score, "{player}");
    }
    let text = ok(&["replay", path.to_str().unwrap()]);
    assert!(text.contains("turn 1: red places"), "{text}");
    assert!(text.contains("final scores: red "), "{text}");
}

#[test]
fn replay_of_the_worked_example() {
    let path = record_file(&example_record());
    let replay = json_of(&ok(&["replay", "--json", path.to_str().unwrap()]));
    assert_eq!(
        replay,
        json!({
            "final_scores": {"red": 7, "blue": 7},
            "score_events": [
                {"kind": "city", "points": 4, "players": ["blue"], "phase": "turn", "completed": true,
                 "breakdown": "2 tiles × 2 = 4", "at": {"x": 0, "y": -1, "feature": "city@S"}, "action": 3},
                {"kind": "road", "points": 3, "players": ["red"], "phase": "final", "completed": false,
                 "breakdown": "3 tiles × 1 = 3", "at": {"x": 1, "y": 0, "feature": "road@E"}, "action": 7},
                {"kind": "cloister", "points": 4, "players": ["red"], "phase": "final", "completed": false,
                 "breakdown": "4 tiles × 1 = 4", "at": {"x": 1, "y": -1, "feature": "cloister"}, "action": 7},
                {"kind": "field", "points": 3, "players": ["blue"], "phase": "final", "completed": false,
                 "breakdown": "1 completed city × 3 = 3", "at": {"x": 1, "y": 0, "feature": "field@NNW"}, "action": 7}
            ],
            "turns": 4,
            "discarded": 0,
            "actions": 8,
            "game_over": true
        })
    );
    let text = ok(&["replay", path.to_str().unwrap()]);
    assert!(
        text.contains("turn 2: blue places base:E at (0,-1) turned 180° and deploys a follower on city@S"),
        "{text}"
    );
    assert!(text.contains("blue scores 4: completed city@S at (0,-1), 2 tiles × 2 = 4"), "{text}");
    assert!(text.contains("final scores: red 7, blue 7"), "{text}");
}

#[test]
fn legal_lists_the_pending_decision_in_record_form() {
    let mut record = example_record();
    record["actions"].as_array_mut().unwrap().truncate(2);
    let path = record_file(&record);
    let legal = json_of(&ok(&["legal", "--json", path.to_str().unwrap()]));
    assert_eq!(legal["pending"], json!({"kind": "place", "player": "blue", "tile": "base:E"}));
    let actions = legal["actions"].as_array().unwrap();
    assert!(!actions.is_empty());
    for action in actions {
        assert_eq!(action["action"], "place");
        assert_eq!(action["player"], "blue");
        assert_eq!(action["tile"], "base:E");
    }
    assert!(actions
        .contains(&json!({"action": "place", "player": "blue", "tile": "base:E", "x": 0, "y": -1, "rotation": 180})));
    let text = ok(&["legal", path.to_str().unwrap()]);
    assert_eq!(text.lines().count(), actions.len() + 1, "{text}");

    // Every listed action can be appended to the record and replayed.
    for action in actions {
        let mut extended = record.clone();
        extended["actions"].as_array_mut().unwrap().push(action.clone());
        let extended_path = record_file(&extended);
        let replay = json_of(&ok(&["replay", "--json", extended_path.to_str().unwrap()]));
        assert_eq!(replay["game_over"], false);
        assert_eq!(replay["actions"], 3);
    }

    // After a placement: deployments by feature name, then the pass.
    record["actions"].as_array_mut().unwrap().push(example_record()["actions"][2].clone());
    let legal = json_of(&ok(&["legal", "--json", record_file(&record).to_str().unwrap()]));
    assert_eq!(legal["pending"], json!({"kind": "deploy", "player": "blue", "tile": "base:E", "x": 0, "y": -1}));
    let actions = legal["actions"].as_array().unwrap();
    assert!(actions.contains(&json!({"action": "deploy", "player": "blue", "figure": "follower", "feature": "city@S"})));
    assert_eq!(actions.last().unwrap(), &json!({"action": "pass", "player": "blue"}));

    let over = json_of(&ok(&["legal", "--json", record_file(&example_record()).to_str().unwrap()]));
    assert_eq!(over, json!({"pending": {"kind": "game-over"}, "actions": []}));
}

#[test]
fn an_unfinished_record_reports_the_current_scores() {
    let mut record = example_record();
    record["actions"].as_array_mut().unwrap().truncate(5);
    let replay = json_of(&ok(&["replay", "--json", record_file(&record).to_str().unwrap()]));
    assert_eq!(replay["final_scores"], json!({"red": 0, "blue": 4}));
    assert_eq!(replay["game_over"], false);
    assert_eq!(replay["actions"], 5);
    assert_eq!(replay["turns"], 2);
    let text = ok(&["replay", record_file(&record).to_str().unwrap()]);
    assert!(text.contains("the deployment is pending"), "{text}");
    assert!(text.contains("game not over"), "{text}");
}

#[test]
fn bad_records_are_reported_with_the_action_index() {
    let missing = temp_path("missing.json");
    for command in ["replay", "legal"] {
        let error = fails(&[command, missing.to_str().unwrap()]);
        assert!(error.contains("cannot read"), "{error}");
    }

    let text = serde_json::to_string_pretty(&example_record()).unwrap();
    let truncated = write_temp("truncated.json", &text[..text.len() / 2]);
    let error = fails(&["replay", truncated.to_str().unwrap()]);
    assert!(error.contains("line ") && error.contains("column "), "{error}");

    // Each edit of the good record breaks it at one action.
    type Edit = fn(&mut Value);
    let cases: [(&str, Edit, &str); 7] = [
        ("unknown tile", |r| r["actions"][2]["tile"] = json!("base:ZZ"), "action 2: the record places `base:ZZ`"),
        ("edge mismatch", |r| r["actions"][2]["rotation"] = json!(0), "action 2: at (0,-1) turned 0°"),
        ("not adjacent", |r| r["actions"][4]["x"] = json!(5), "action 4: position (5,-1) touches no tile"),
        ("occupied position", |r| r["actions"][6]["x"] = json!(0), "action 6: position (0,0) already holds a tile"),
        (
            "occupied feature",
            |r| r["actions"][7]["feature"] = json!("road@N"),
            "action 7: the road is already occupied",
        ),
        ("wrong player", |r| r["actions"][4]["player"] = json!("blue"), "action 4: it is red's decision, not blue's"),
        ("unknown feature", |r| r["actions"][5]["feature"] = json!("city@N"), "action 5:"),
    ];
    for (what, edit, expected) in cases {
        let mut record = example_record();
        edit(&mut record);
        let path = record_file(&record);
        for command in ["replay", "legal"] {
            let error = fails(&[command, path.to_str().unwrap()]);
            assert!(error.contains(expected), "{what}: {error}");
        }
    }

    // Far off the board, and after the end of the game.
    let mut record = example_record();
    record["actions"][0]["x"] = json!(i16::MAX);
    assert!(fails(&["replay", record_file(&record).to_str().unwrap()]).contains("action 0:"));
    let mut record = example_record();
    record["actions"].as_array_mut().unwrap().push(json!({"action": "pass"}));
    assert!(fails(&["replay", record_file(&record).to_str().unwrap()]).contains("action 8: the game is over"));
    let mut record = example_record();
    record["deck"] = json!({"order": ["base:U", "base:nope"]});
    assert!(fails(&["replay", record_file(&record).to_str().unwrap()]).contains("unknown tile `base:nope`"));
}

#[test]
fn tiles_lists_the_catalog() {
    let tiles = json_of(&ok(&["tiles", "--set", "base", "--json"]));
    let tiles = tiles.as_array().unwrap();
    assert_eq!(tiles.len(), 24);
    assert_eq!(tiles.iter().map(|t| t["count"].as_u64().unwrap()).sum::<u64>(), 72);
    let starts: Vec<&Value> = tiles.iter().filter(|t| t["start"] == true).collect();
    assert_eq!(starts.len(), 1);
    let d = starts[0];
    assert_eq!(d["id"], "base:D");
    assert_eq!(d["set"], "base");
    assert_eq!(d["edges"], "crfr");
    assert_eq!(d["count"], 4);
    assert_eq!(
        d["features"],
        json!([
            {"kind": "city", "ports": ["N"], "pennants": 0},
            {"kind": "road", "ports": ["E", "W"]},
            {"kind": "field", "ports": ["ENE", "WNW"], "borders": ["city@N"]},
            {"kind": "field", "ports": ["ESE", "SSE", "SSW", "WSW"], "borders": []}
        ])
    );

    let second = json_of(&ok(&["tiles", "--set", "base", "--edition", "second", "--json"]));
    let second = second.as_array().unwrap();
    assert_eq!(second.iter().map(|t| t["count"].as_u64().unwrap()).sum::<u64>(), 72);
    assert!(second.iter().any(|t| t["features"].as_array().unwrap().iter().any(|f| f["kind"] == "garden")));

    // Without --set, every set: 43 sets, 504 land tiles in their first printings plus the 6
    // abbey tiles held in supply.
    let all = json_of(&ok(&["tiles", "--json"]));
    let all = all.as_array().unwrap();
    let mut sets: Vec<&str> = all.iter().map(|t| t["set"].as_str().unwrap()).collect();
    sets.dedup();
    assert_eq!(sets.len(), 43, "{sets:?}");
    let land = all.iter().filter(|t| t.get("supply").is_none());
    assert_eq!(land.map(|t| t["count"].as_u64().unwrap()).sum::<u64>(), 504);
    assert_eq!(all.iter().filter(|t| t["supply"] == true).map(|t| t["count"].as_u64().unwrap()).sum::<u64>(), 6);
    let has = |attr: &str| all.iter().any(|t| t["features"].as_array().unwrap().iter().any(|f| f.get(attr).is_some()));
    for attr in
        ["inn", "cathedral", "good", "besieged", "princess", "pig-herd", "pigs-drawn", "tunnel", "wells", "inner"]
    {
        assert!(has(attr), "some feature has `{attr}`");
    }
    let symbols: Vec<&str> =
        all.iter().flat_map(|t| t["symbols"].as_array().unwrap().iter().map(|s| s.as_str().unwrap())).collect();
    for symbol in ["tower", "dragon", "volcano", "magic-gate"] {
        assert!(symbols.contains(&symbol), "symbol {symbol}");
    }
    assert_eq!(all.iter().filter(|t| t["river"] == "spring").count(), 3);

    let text = ok(&["tiles"]);
    assert!(text.lines().any(|l| l.starts_with("base:D") && l.contains("crfr")), "{text}");
    assert!(text.lines().any(|l| l.starts_with("tower:")), "{text}");
    assert!(fails(&["tiles", "--set", "nowhere"]).contains("unknown tile set `nowhere`"));
}

#[test]
fn every_command_has_help() {
    for command in [
        &["--help"][..],
        &["simulate", "--help"],
        &["replay", "--help"],
        &["legal", "--help"],
        &["tiles", "--help"],
        &["reference", "--help"],
    ] {
        let text = ok(command);
        assert!(text.contains("Usage: carcassonne"), "{text}");
        assert!(text.contains("Example"), "{text}");
    }
    let output = carcassonne(&["frobnicate"]);
    assert_eq!(output.status.code(), Some(2));
}

/// The Count of Carcassonne through the game-playing commands: `simulate` and `tournament` play
/// it and name it in their summaries; a record of it replays, and `legal` and `replay` put the
/// deployment to Carcassonne in words.
#[test]
fn the_count_of_carcassonne_is_played_by_simulate_and_tournament_and_read_back() {
    let text = ok(&["simulate", "--games", "20", "--expansions", "count"]);
    assert!(text.starts_with("20 games of 2 players") && text.contains("expansions: count"), "{text}");
    let text = ok(&["tournament", "--bots", "greedy,random", "--expansions", "count", "-n", "4"]);
    assert!(text.starts_with("4 games of 2 players") && text.contains(", expansions: count"), "{text}");
    assert!(text.contains("greedy ") && text.contains("random "), "{text}");
    let text = ok(&["tournament", "--bots", "greedy,random", "-n", "2"]);
    assert!(!text.contains("expansions"), "{text}");

    // The first four-player game between random bots with a deployment to Carcassonne.
    let path = temp_path("count.json");
    let (record, at) = (0..40)
        .find_map(|seed| {
            let seed = seed.to_string();
            let args = ["simulate", "--games", "1", "--players", "4", "--seed", &seed, "--expansions", "count"];
            ok(&[&args[..], &["--record-out", path.to_str().unwrap()]].concat());
            let record = json_of(&std::fs::read_to_string(&path).unwrap());
            let at = record["actions"].as_array().unwrap().iter().position(|a| a["action"] == "carcassonne")?;
            Some((record, at))
        })
        .expect("a game of seeds 0..40 deploys to Carcassonne");
    assert_eq!(record["rules"]["expansions"], json!(["count"]));
    let replay = json_of(&ok(&["replay", "--json", path.to_str().unwrap()]));
    assert_eq!(replay["game_over"], true);
    let action = &record["actions"][at];
    let text = ok(&["replay", path.to_str().unwrap()]);
    let words = format!(
        "{} deploys a {} to the {} quarter of Carcassonne",
        action["player"].as_str().unwrap(),
        action["figure"].as_str().unwrap(),
        action["quarter"].as_str().unwrap()
    );
    assert!(text.contains(&words), "{words}: {text}");

    let mut before = record.clone();
    before["actions"].as_array_mut().unwrap().truncate(at);
    let before = record_file(&before);
    let legal = json_of(&ok(&["legal", "--json", before.to_str().unwrap()]));
    assert_eq!(legal["pending"]["kind"], "carcassonne");
    let offered = legal["actions"].as_array().unwrap();
    assert!(offered.contains(action), "{action} among {offered:?}");
    assert_eq!(offered.last().unwrap()["action"], "pass");
    let text = ok(&["legal", before.to_str().unwrap()]);
    assert!(text.contains("may deploy a figure to a quarter of Carcassonne or pass"), "{text}");
    for p in [path, before] {
        let _ = std::fs::remove_file(p);
    }
}
