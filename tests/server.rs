//! `carcassonne serve` as a process: killed with SIGKILL in the middle of a game against a bot,
//! or of several games at once, and started again on the same database, it has lost no action
//! anyone saw, and the games go on; stopped with SIGTERM, it exits cleanly without writing a
//! token anywhere.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use serde_json::{json, Value};

struct ServerProcess {
    child: Child,
    base: String,
}

impl ServerProcess {
    fn start(db: &Path) -> ServerProcess {
        ServerProcess::start_with(db, Stdio::inherit(), &[])
    }

    /// The server on `db`, its error output to `stderr`, with flags `more`.
    fn start_with(db: &Path, stderr: Stdio, more: &[&str]) -> ServerProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
            .args(["serve", "--addr", "127.0.0.1:0", "--bot-delay-ms", "0", "--db"])
            .arg(db)
            .args(more)
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("the binary starts");
        // The first line is `listening on http://ADDR`.
        let mut line = String::new();
        BufReader::new(child.stdout.as_mut().unwrap()).read_line(&mut line).unwrap();
        let base =
            line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("first line: {line}")).to_string();
        ServerProcess { child, base }
    }

    fn get(&self, path: &str) -> Value {
        client().get(format!("{}{path}", self.base)).send().unwrap().json().unwrap()
    }

    fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let response = client().post(format!("{}{path}", self.base)).json(&body).send().unwrap();
        (response.status().as_u16(), response.json().unwrap())
    }

    fn kill(mut self) {
        self.child.kill().unwrap(); // SIGKILL: no shutdown code runs.
        self.child.wait().unwrap();
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Plays the human seat (the first legal action it is offered) until the game is over or
/// `turns` actions were played; returns the last view seen.
fn play(server: &ServerProcess, id: &str, token: &str, turns: usize) -> Value {
    let mut view = server.get(&format!("/api/games/{id}?token={token}"));
    let mut played = 0;
    while view["status"] != "over" && played < turns {
        match view["legal"].as_array() {
            Some(legal) => {
                let action = legal[played % legal.len()].clone();
                let (status, after) = server.post(
                    &format!("/api/games/{id}/actions"),
                    json!({"token": token, "action": action, "version": view["version"]}),
                );
                // 409: the bot moved in between; read the view again.
                assert!(status == 200 || status == 409, "{status} {after}");
                played += 1;
            }
            None => std::thread::sleep(std::time::Duration::from_millis(5)),
        }
        view = server.get(&format!("/api/games/{id}?token={token}"));
    }
    view
}

#[test]
fn a_killed_server_loses_no_action_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = ServerProcess::start(&db);
    let (status, created) =
        server.post("/api/games", json!({"seats": [{"player": "human", "name": "Ann"}, {"player": "greedy"}]}));
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["seats"][0]["token"].as_str().unwrap().to_string();
    let seen = play(&server, &id, &token, 20);
    assert!(seen["version"].as_u64().unwrap() >= 20);
    server.kill();

    let server = ServerProcess::start(&db);
    let after = server.get(&format!("/api/games/{id}?token={token}"));
    // Everything seen before the kill is there (the bot may have moved once more since).
    assert!(after["version"].as_u64() >= seen["version"].as_u64());
    let board_before = seen["board"].as_array().unwrap();
    assert_eq!(&after["board"].as_array().unwrap()[..board_before.len()], &board_before[..]);
    assert_eq!(
        after["events"].as_array().unwrap()[..seen["events"].as_array().unwrap().len()],
        seen["events"].as_array().unwrap()[..]
    );

    let last = play(&server, &id, &token, usize::MAX);
    assert_eq!(last["status"], "over");
    let record = server.get(&format!("/api/games/{id}/record"));
    let record: carcassonne_engine::Record = serde_json::from_value(record).unwrap();
    let scores: Vec<u64> = record.replay().unwrap().game.scores().iter().map(|&s| s as u64).collect();
    let shown: Vec<u64> = last["seats"].as_array().unwrap().iter().map(|s| s["score"].as_u64().unwrap()).collect();
    assert_eq!(scores, shown);
}

/// Four people (each against a bot, over HTTP, each in a thread) and two games between bots
/// (followed by a reader) play at once; the server is killed with SIGKILL in the middle. After
/// the restart every game holds every action a client had been shown: its version is at least
/// the last one acknowledged, and the board begins with the board then seen.
#[test]
fn a_server_killed_under_load_loses_no_acknowledged_action() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = ServerProcess::start(&db);
    let mut games = vec![];
    for k in 0..4 {
        let seats = json!([{"player": "human", "name": format!("P{k}")}, {"player": "greedy"}]);
        let (status, created) = server.post("/api/games", json!({ "seats": seats }));
        assert_eq!(status, 201, "{created}");
        games.push((
            created["id"].as_str().unwrap().to_string(),
            created["seats"][0]["token"].as_str().map(str::to_string),
        ));
    }
    for _ in 0..2 {
        let (status, created) =
            server.post("/api/games", json!({"seats": [{"player": "mcts:iters=100"}, {"player": "mcts:iters=100"}]}));
        assert_eq!(status, 201, "{created}");
        games.push((created["id"].as_str().unwrap().to_string(), None));
    }
    // What the clients were shown, per game: the version and the board.
    let acknowledged: Arc<Mutex<std::collections::HashMap<String, (u64, Value)>>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let threads: Vec<_> = games
        .iter()
        .cloned()
        .map(|(id, token)| {
            let (base, acknowledged, stop) = (server.base.clone(), acknowledged.clone(), stop.clone());
            std::thread::spawn(move || {
                let query = token.as_ref().map(|t| format!("?token={t}")).unwrap_or_default();
                let mut n = 0;
                while !stop.load(Ordering::Relaxed) {
                    let Some(view) = try_get(&base, &format!("/api/games/{id}{query}")) else { return };
                    let mut shown = view.clone();
                    if let (Some(token), Some(legal)) = (&token, view["legal"].as_array()) {
                        let body =
                            json!({"token": token, "action": legal[n % legal.len()], "version": view["version"]});
                        n += 1;
                        match try_post(&base, &format!("/api/games/{id}/actions"), &body) {
                            Some((200, after)) => shown = after,
                            Some((409, _)) => {}
                            Some((status, answer)) => panic!("{status} {answer}"),
                            None => return,
                        }
                    }
                    if shown["version"].is_u64() {
                        let seen = (shown["version"].as_u64().unwrap(), shown["board"].clone());
                        acknowledged.lock().unwrap().insert(id.clone(), seen);
                    }
                    if view["status"] == "over" {
                        return;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(5));
                }
            })
        })
        .collect();
    // Kill it once every game has been shown to a client, in the middle of the load.
    for _ in 0..6000 {
        if acknowledged.lock().unwrap().len() == games.len() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    std::thread::sleep(std::time::Duration::from_secs(1));
    server.kill();
    stop.store(true, Ordering::Relaxed);
    for thread in threads {
        thread.join().unwrap();
    }

    let server = ServerProcess::start(&db);
    let acknowledged = acknowledged.lock().unwrap();
    assert_eq!(acknowledged.len(), games.len(), "every game was shown before the kill");
    for (id, (version, board)) in acknowledged.iter() {
        let after = server.get(&format!("/api/games/{id}"));
        assert!(after["version"].as_u64().unwrap() >= *version, "game {id}: {} < {version}", after["version"]);
        let board = board.as_array().unwrap();
        assert_eq!(&after["board"].as_array().unwrap()[..board.len()], &board[..], "game {id}");
    }
}

/// SIGTERM: the server finishes, says so and exits with code 0; a game played before goes on
/// after a restart; no token appears in anything the server wrote.
#[test]
fn a_terminated_server_exits_cleanly_and_writes_no_token() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let mut server = ServerProcess::start_with(&db, Stdio::piped(), &[]);
    let (status, created) =
        server.post("/api/games", json!({"seats": [{"player": "human", "name": "Ann"}, {"player": "greedy"}]}));
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["seats"][0]["token"].as_str().unwrap().to_string();
    // A wrong token and a malformed action, so that the server has refusals to report.
    server.post(&format!("/api/games/{id}/actions"), json!({"token": "f".repeat(32), "action": {"action": "pass"}}));
    server.post(&format!("/api/games/{id}/actions"), json!({"token": token, "action": {"action": "fly"}}));
    let seen = play(&server, &id, &token, 6);
    let child = &mut server.child;
    let terminated = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(terminated.success());
    let mut waited = 0;
    let exit = loop {
        if let Some(exit) = child.try_wait().unwrap() {
            break exit;
        }
        assert!(waited < 3000, "the server exits within 30 s of SIGTERM");
        std::thread::sleep(std::time::Duration::from_millis(10));
        waited += 1;
    };
    assert!(exit.success(), "{exit:?}");
    let mut output = String::new();
    std::io::Read::read_to_string(child.stdout.as_mut().unwrap(), &mut output).unwrap();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut output).unwrap();
    assert!(output.contains("terminated: stopping") && output.contains("stopped"), "{output}");
    assert!(!output.contains(&token), "the server wrote a token: {output}");

    drop(server);
    let server = ServerProcess::start(&db);
    let after = server.get(&format!("/api/games/{id}?token={token}"));
    assert!(after["version"].as_u64() >= seen["version"].as_u64());
}

/// `carcassonne loadtest` against a running server for a few seconds (a person against a bot,
/// games between bots, stale versions, wrong tokens, reloads): no unexpected answer, and every
/// game it played replays from the database to what its clients saw.
#[test]
fn the_load_tool_finds_every_game_as_its_clients_saw_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = ServerProcess::start_with(&db, Stdio::inherit(), &["--games-per-minute", "1000"]);
    let addr = server.base.strip_prefix("http://").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["loadtest", "--addr", addr, "--games", "1", "--humans", "1", "--minutes", "0.15"])
        .args(["--bot", "greedy", "--think-ms", "20", "--json", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    let report: Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(report["errors"], json!({}), "{report}");
    assert_eq!(report["records"]["mismatches"], json!([]), "{report}");
    assert_eq!(report["records"]["not_checked"], 0, "{report}");
    assert!(report["records"]["checked"].as_u64().unwrap() >= 2, "{report}");
    assert!(report["action_ack_ms"]["n"].as_u64().unwrap() > 0, "{report}");
    assert!(report["bot_decision_ms"]["n"].as_u64().unwrap() > 0, "{report}");
}

/// A POST to the server at `base` that may fail (the server may be gone).
fn try_post(base: &str, path: &str, body: &Value) -> Option<(u16, Value)> {
    let response = client().post(format!("{base}{path}")).json(body).send().ok()?;
    Some((response.status().as_u16(), response.json().ok()?))
}

fn try_get(base: &str, path: &str) -> Option<Value> {
    client().get(format!("{base}{path}")).send().ok()?.json().ok()
}

/// A client that waits longer than reqwest's default 30 s: on a loaded 2-core machine the
/// server's bot searches and fsyncs can take a while, and a slow answer is not a failure here.
fn client() -> reqwest::blocking::Client {
    reqwest::blocking::Client::builder().timeout(std::time::Duration::from_secs(300)).build().unwrap()
}
