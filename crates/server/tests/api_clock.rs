//! Turn clocks (`turn_clock` at creation, docs/api.md) through real HTTP: the view counts the
//! seconds down, the greedy bot decides for a person out of time, the event says so, and a
//! restart on the same database tells the same events.

mod support;

use support::*;

/// Waits (up to `within`) until the game's view satisfies `done`; answers that view.
async fn wait_for(server: &Running, path: &str, within: Duration, done: impl Fn(&Value) -> bool) -> Value {
    let until = std::time::Instant::now() + within;
    loop {
        let (_, view) = server.get(path).await;
        if done(&view) {
            return view;
        }
        assert!(std::time::Instant::now() < until, "not within {within:?}: {view}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_out_of_time_is_played_for_by_the_greedy_bot() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = Running::start(Some(db.clone())).await;
    for (seconds, _) in [(4, "too short"), (3601, "too long")] {
        let body = json!({"seats": [{"player": "human"}, {"player": "human"}], "turn_clock": seconds});
        let (status, error) = server.post("/api/games", &body.to_string()).await;
        assert_eq!((status, error["field"].as_str()), (422, Some("turn_clock")), "{error}");
    }
    // Without a clock the view has none.
    let plain = server.create(json!({"seats": [{"player": "human"}, {"player": "human"}]})).await;
    let (_, view) = server.get(&format!("/api/games/{}", plain["id"].as_str().unwrap())).await;
    assert_eq!(view["clock"], Value::Null);

    let created = server
        .create(
            json!({"seats": [{"name": "Ann", "player": "human"}, {"name": "Ben", "player": "human"}], "turn_clock": 5}),
        )
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}");
    let (_, view) = server.get(&path).await;
    assert_eq!((view["clock"]["seat"].as_u64(), view["clock"]["seconds"].as_u64()), (Some(0), Some(5)));
    assert!(view["clock"]["left"].as_u64().unwrap() <= 5);
    let version = view["version"].as_u64().unwrap();

    // Ann does not place her tile: after 5 s the greedy bot places it for her.
    let after = wait_for(&server, &path, Duration::from_secs(15), |v| v["version"].as_u64().unwrap() > version).await;
    let events = after["events"].as_array().unwrap();
    let told = events.iter().position(|e| e["type"] == "clock-ran-out").expect("the clock's event");
    assert_eq!(events[told]["seat"], 0);
    assert!(
        events[told]["text"].as_str().unwrap().starts_with("Ann's time ran out (5 s a decision)"),
        "{}",
        events[told]
    );
    assert_eq!(events[told + 1]["type"], "tile-placed", "the bot's placement follows");
    assert_eq!(after["version"].as_u64().unwrap(), version + 2, "the clock's mark and the action are two rows");
    assert_eq!(after["pending"]["seat"], 0, "Ann's figure decision is hers again, with a new clock");
    let ann = format!("{path}?token={}", created["seats"][0]["token"].as_str().unwrap());
    assert_eq!(server.get(&ann).await.1["undo"], Value::Null, "what the clock decided cannot be taken back");

    // A restart tells the same events.
    server.stop().await;
    let server = Running::start(Some(db)).await;
    let (_, again) = server.get(&path).await;
    assert_eq!(again["events"], after["events"]);
    assert_eq!(again["version"], after["version"]);
    assert_eq!(server.get(&ann).await.1["undo"], Value::Null, "nor after a restart");
    // Ann acts in time: her own decision, no clock event.
    let (_, view) = server.get(&format!("{path}?token={}", created["seats"][0]["token"].as_str().unwrap())).await;
    if view["version"] == after["version"] {
        let action = legal(&view)[0].clone();
        let body = json!({"token": created["seats"][0]["token"], "action": action, "version": view["version"]});
        let (status, answer) = server.post(&format!("{path}/actions"), &body.to_string()).await;
        assert_eq!(status, 200, "{answer}");
    }
    server.stop().await;
}
