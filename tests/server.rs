//! `carcassonne serve` as a process: killed with SIGKILL in the middle of a game against a bot
//! and started again on the same database, it has lost no action anyone saw, and the game goes
//! on to its end.

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
        let mut child = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
            .args(["serve", "--addr", "127.0.0.1:0", "--bot-delay-ms", "0", "--db"])
            .arg(db)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
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

/// A client that waits longer than reqwest's default 30 s: on a loaded 2-core machine the
/// server's bot searches and fsyncs can take a while, and a slow answer is not a failure here.
fn client() -> reqwest::blocking::Client {
    reqwest::blocking::Client::builder().timeout(std::time::Duration::from_secs(300)).build().unwrap()
}
