//! The server through real HTTP and WebSocket connections on loopback: full games between
//! clients and bots, every refusal of docs/api.md, restarts on the same database, and a check
//! that no message a client receives reveals the order of the face-down tiles.

mod support;

use support::*;

/// Bodies are read as strictly as docs/api.md describes them: JSON said to be JSON, nothing
/// after it, no expansion twice, only the offered colours, exactly 0/90/180/270 degrees, and
/// names that are visible and distinct. Each refusal names its field and creates nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_are_read_as_strictly_as_documented() {
    let server = Running::start(None).await;
    let two = json!({"seats": [{"player": "human"}, {"player": "human"}]}).to_string();
    // The media type: a form of another site sends text/plain or a form encoding.
    for content_type in [Some("text/plain"), Some("application/x-www-form-urlencoded"), None] {
        let mut request = server.http.post(server.url("/api/games"));
        if let Some(t) = content_type {
            request = request.header("content-type", t);
        }
        let response = request.body(two.clone()).send().await.unwrap();
        assert_eq!(response.status().as_u16(), 415, "{content_type:?}");
        let error: Value = response.json().await.unwrap();
        assert_eq!(error["field"], "content-type", "{error}");
        assert!(error["error"].as_str().unwrap().contains("application/json"), "{error}");
    }
    let charset = server
        .http
        .post(server.url("/api/games"))
        .header("content-type", "Application/JSON; charset=utf-8")
        .body(two.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(charset.status().as_u16(), 201, "a charset parameter is fine");
    let created = server.create(json!({"seats": [{"player": "human"}, {"player": "human"}], "hot_seat": true})).await;
    let id = created["id"].as_str().unwrap();
    let token = created["seats"][0]["token"].as_str().unwrap();
    let (_, view) = server.get(&format!("/api/games/{id}?token={token}")).await;
    let place = legal(&view)[0].clone();
    let mut turned = place.clone();
    turned["rotation"] = json!(place["rotation"].as_u64().unwrap() + 360);
    let games_before = server.state.game_count();
    let cases: Vec<(String, String, u16, Option<&str>, &str)> = vec![
        ("/api/games".into(), format!("{two} {{}}"), 400, None, "follows the JSON value"),
        (
            format!("/api/games/{id}/actions"),
            format!("{} x", json!({"token": token, "action": place})),
            400,
            None,
            "follows the JSON value",
        ),
        (
            format!("/api/games/{id}/actions"),
            json!({"token": token, "action": turned}).to_string(),
            422,
            Some("action"),
            "is not 0, 90, 180 or 270",
        ),
        (
            "/api/games".into(),
            json!({"rules": {"expansions": ["tower", "abbot", "tower"]}, "seats": [{"player": "human"}, {"player": "human"}]})
                .to_string(),
            422,
            Some("rules.expansions[2]"),
            "listed twice",
        ),
        (
            "/api/games".into(),
            json!({"seats": [{"player": "human", "color": "pink"}, {"player": "human"}]}).to_string(),
            422,
            Some("seats[0].color"),
            "not a seat colour",
        ),
        (
            "/api/games".into(),
            json!({"seats": [{"player": "human", "name": "Ann"}, {"player": "human", "name": " ann "}]}).to_string(),
            422,
            Some("seats[1].name"),
            "both named",
        ),
    ];
    let mut cases = cases;
    for invisible in ["\u{200B}", "Ann\u{FEFF}", "Be\u{2028}n", "Cleo\u{200D}", "\u{2060}"] {
        cases.push((
            "/api/games".into(),
            json!({"seats": [{"player": "human", "name": invisible}, {"player": "human"}]}).to_string(),
            422,
            Some("seats[0].name"),
            "invisible",
        ));
    }
    for (path, body, status, field, words) in cases {
        let (got, error) = server.post(&path, &body).await;
        assert_eq!(got, status, "{path} {body}: {error}");
        assert_eq!(error["field"].as_str(), field, "{path} {body}: {error}");
        assert!(error["error"].as_str().unwrap_or_default().contains(words), "{path}: {error} should say `{words}`");
    }
    assert_eq!(server.state.game_count(), games_before, "no refused request created a game");
    let (_, after) = server.get(&format!("/api/games/{id}?token={token}")).await;
    assert_eq!(after["version"], 0, "no refused action was applied");
    // Seats without names are named apart: a second bot of one kind, a person named like a colour.
    let created = server
        .create(json!({"seats": [{"player": "human", "name": "Blue"}, {"player": "greedy"}, {"player": "greedy"}, {"player": "human", "color": "blue"}]}))
        .await;
    let names: Vec<&str> = created["seats"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Blue", "Bot (greedy)", "Bot (greedy) 2", "Blue 2"]);
    server.stop().await;
}

/// Two people (one playing through the WebSocket, one through HTTP) and a bot play a whole
/// game; a spectator watches. Every client sees the same final scores, which are the scores
/// of the stored record replayed by the engine, and no message reveals the deck.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_and_a_bot_play_a_full_game() {
    // Ann's client answers as fast as the test runs, more often than a person's could: the
    // message limit (tested on its own below) is raised so that it never ignores her move.
    let limits = Limits { messages_per_second: 10_000, ..Limits::default() };
    let server = Running::with(Config { db: None, limits, bot_delay: Duration::ZERO, ..Config::default() }).await;
    let created = server
        .create(json!({
            "rules": {"expansions": ["inns-cathedrals", "traders-builders"]},
            "seats": [{"name": "Ann", "player": "human"}, {"name": "Ben", "player": "human"}, {"player": "greedy"}],
        }))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let ann = created["seats"][0]["token"].as_str().unwrap().to_string();
    let ben = created["seats"][1]["token"].as_str().unwrap().to_string();
    assert!(created["seats"][2].get("token").is_none(), "bots have no token");
    assert_eq!(created["seats"][0]["join"], format!("/play/{id}#token={ann}"));

    let (status, joined) = server.post(&format!("/api/games/{id}/join"), &json!({"token": ben}).to_string()).await;
    assert_eq!((status, &joined["you"], &joined["seats"][0]["name"]), (200, &json!([1]), &json!("Ben")), "{joined}");
    let (status, _) = server.post(&format!("/api/games/{id}/join"), &json!({"token": "nope"}).to_string()).await;
    assert_eq!(status, 403);
    let mut ann_ws = server.ws(&id, Some(&ann)).await;
    let mut spectator = server.ws(&id, None).await;
    let mut ben_http_messages = vec![];
    let first = ann_ws.next().await;
    assert_eq!(first["type"], "state");
    assert_eq!(first["you"], json!([0]));
    // Ann's WebSocket sees every change; Ben reads his view over HTTP when it is his turn.
    let mut ben_events = 0;
    let mut state = first;
    for n in 0.. {
        assert!(n < 2000, "the game ends");
        if state["status"] == "over" {
            break;
        }
        let version = state["version"].as_u64().unwrap();
        match state["pending"]["seat"].as_u64() {
            Some(0) => {
                ann_ws.send(json!({"type": "act", "action": pick(&state, n), "version": version})).await;
                state = ann_ws.state_at(version + 1).await;
            }
            Some(1) => {
                let (_, view) = server.get(&format!("/api/games/{id}?token={ben}&events_from={ben_events}")).await;
                ben_events = view["events_from"].as_u64().unwrap() + view["events"].as_array().unwrap().len() as u64;
                ben_http_messages.push(view.clone());
                let body = json!({"token": ben, "action": pick(&view, n), "version": view["version"]});
                let (status, after) = server.post(&format!("/api/games/{id}/actions"), &body.to_string()).await;
                assert_eq!(status, 200, "{after}");
                ben_http_messages.push(after);
                state = ann_ws.state_at(version + 1).await;
            }
            _ => state = ann_ws.state_at(version + 1).await, // the bot's turn
        }
    }
    let final_ann = ann_ws.until_over().await;
    let final_spectator = spectator.until_over().await;
    let (_, final_ben) = server.get(&format!("/api/games/{id}?token={ben}")).await;
    let scores =
        |v: &Value| v["seats"].as_array().unwrap().iter().map(|s| s["score"].as_u64().unwrap()).collect::<Vec<_>>();

    let (status, record) = server.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 200);
    let record: Record = serde_json::from_value(record).unwrap();
    let replayed = record.replay().unwrap().game.scores().iter().map(|&s| s as u64).collect::<Vec<_>>();
    assert_eq!(scores(&final_ann), replayed);
    assert_eq!(scores(&final_spectator), replayed);
    assert_eq!(scores(&final_ben), replayed);
    assert!(record.actions.iter().any(|a| matches!(a, carcassonne_engine::RecordAction::Deploy { .. })));
    // The per-kind points add up to each score.
    for seat in final_ann["seats"].as_array().unwrap() {
        let sum: u64 = ["turn", "final"]
            .iter()
            .flat_map(|phase| seat["points"][phase].as_object().unwrap().values())
            .map(|v| v.as_u64().unwrap())
            .sum();
        assert_eq!(sum, seat["score"].as_u64().unwrap(), "{seat}");
    }
    // Every client got the whole event log exactly once, in order.
    let indices: Vec<u64> = ann_ws
        .received
        .iter()
        .filter(|m| m["type"] == "state")
        .flat_map(|m| m["events"].as_array().unwrap().iter().map(|e| e["index"].as_u64().unwrap()))
        .collect();
    assert_eq!(indices, (0..indices.len() as u64).collect::<Vec<_>>());

    let order = draw_order(&record);
    for message in ann_ws.received.iter().chain(&spectator.received).chain(&ben_http_messages) {
        if message["status"] == "over" {
            continue;
        }
        assert_reveals_no_deck(message, &order);
    }
    assert!(ann_ws.received.len() > 50 && spectator.received.len() > 50);
    server.stop().await;
}

/// A game between bots only runs to the end by itself, and its replay steps through it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_play_alone_and_the_replay_steps_through_the_game() {
    let server = Running::start(None).await;
    let created = server
        .create(json!({"seats": [{"player": "random"}, {"player": "greedy"}, {"player": "mcts:iters=20"}]}))
        .await;
    let id = created["id"].as_str().unwrap();
    let mut spectator = server.ws(id, None).await;
    let last = spectator.until_over().await;
    let steps = last["version"].as_u64().unwrap();
    let (status, start) = server.get(&format!("/api/games/{id}/replay?step=0")).await;
    assert_eq!(status, 200);
    assert_eq!(start["steps"], steps);
    assert_eq!(start["board"].as_array().unwrap().len(), 1, "only the start tile");
    let (_, middle) = server.get(&format!("/api/games/{id}/replay?step={}", steps / 2)).await;
    assert_eq!(middle["version"], steps / 2);
    let (_, end) = server.get(&format!("/api/games/{id}/replay?step={steps}")).await;
    assert_eq!(end["seats"], {
        let mut seats = last["seats"].clone();
        for s in seats.as_array_mut().unwrap() {
            s["online"] = json!(0);
        }
        seats
    });
    let (status, error) = server.get(&format!("/api/games/{id}/replay?step={}", steps + 1)).await;
    assert_eq!((status, error["field"].as_str()), (422, Some("step")));
    let (_, list) = server.get("/api/games").await;
    assert_eq!(list["games"][0]["id"], id);
    assert_eq!(list["games"][0]["status"], "over");
    server.stop().await;
}

/// Every refusal of docs/api.md, each with its status, its field and an unchanged game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_refused_clearly_and_change_nothing() {
    let server = Running::start(None).await;
    let created = server.create(json!({"seats": [{"player": "human"}, {"player": "human"}], "hot_seat": false})).await;
    let id = created["id"].as_str().unwrap();
    let red = created["seats"][0]["token"].as_str().unwrap();
    let blue = created["seats"][1]["token"].as_str().unwrap();
    let (_, before) = server.get(&format!("/api/games/{id}?token={red}")).await;
    let act = |token: &str, action: Value, version: Option<u64>| {
        let mut body = json!({"token": token, "action": action});
        if let Some(v) = version {
            body["version"] = json!(v);
        }
        body.to_string()
    };
    let place = legal(&before)[0].clone();
    let path = format!("/api/games/{id}/actions");
    let cases: Vec<(String, String, u16, Option<&str>, &str)> = vec![
        ("/api/games/nosuchgame/actions".into(), act(red, place.clone(), None), 404, Some("id"), "no game"),
        (path.clone(), act(blue, place.clone(), None), 403, Some("token"), "decision, not Blue's"),
        (path.clone(), act("0123", place.clone(), None), 403, Some("token"), "not Red's"),
        (path.clone(), json!({"action": place}).to_string(), 403, Some("token"), "only Red's link"),
        (path.clone(), act(red, place.clone(), Some(5)), 409, Some("version"), "version 5"),
        (
            path.clone(),
            act(red, json!({"action": "place", "x": 40, "y": 40, "rotation": 0}), None),
            422,
            Some("action"),
            "touches no tile",
        ),
        (
            path.clone(),
            act(red, json!({"action": "place", "x": 1, "y": 0, "rotation": 45}), None),
            422,
            Some("action"),
            "rotation 45",
        ),
        (path.clone(), act(red, json!({"action": "pass"}), None), 422, Some("action"), "waiting for"),
        (path.clone(), "{not json".into(), 400, None, "malformed"),
        (path.clone(), json!({"token": red}).to_string(), 400, None, "missing field `action`"),
        (
            path.clone(),
            json!({"token": red, "action": place, "extra": 1}).to_string(),
            400,
            Some("extra"),
            "unknown field",
        ),
        (path.clone(), format!("{{\"token\": \"{}\"}}", "x".repeat(70_000)), 413, None, "over 65536 bytes"),
        ("/api/games".into(), json!({"seats": [{"player": "human"}]}).to_string(), 422, Some("seats"), "2 to 6"),
        (
            "/api/games".into(),
            json!({"seats": [{"player": "human"}, {"player": "wizard"}]}).to_string(),
            422,
            Some("seats[1].player"),
            "neither",
        ),
        (
            "/api/games".into(),
            json!({"seats": [{"player": "human", "color": "red"}, {"player": "human", "color": "red"}]}).to_string(),
            422,
            Some("seats[1].color"),
            "two seats are red",
        ),
        (
            "/api/games".into(),
            json!({"rules": {"expansions": ["dragons"]}, "seats": []}).to_string(),
            400,
            Some("rules.expansions[0]"),
            "unknown variant",
        ),
        (
            "/api/games".into(),
            json!({"seats": [{"player": "human", "name": "x".repeat(41)}, {"player": "human"}]}).to_string(),
            422,
            Some("seats[0].name"),
            "at most 40",
        ),
        (
            "/api/games".into(),
            json!({"seats": [{"player": "human"}, {"player": "human", "name": "Ann\u{202E}nnA"}]}).to_string(),
            422,
            Some("seats[1].name"),
            "text-direction",
        ),
    ];
    for (path, body, status, field, words) in cases {
        let (got, error) = server.post(&path, &body).await;
        let text = error["error"].as_str().unwrap_or_default();
        assert_eq!(got, status, "{path} {}: {error}", &body[..body.len().min(120)]);
        assert_eq!(error["field"].as_str(), field, "{path}: {error}");
        assert!(text.contains(words), "{path}: `{text}` should say `{words}`");
    }
    let (status, error) = server.get(&format!("/api/games/{id}?token=wrong")).await;
    assert_eq!((status, error["field"].as_str()), (403, Some("token")));
    let (status, _) = server.get(&format!("/api/games/{id}?events_from=x")).await;
    assert_eq!(status, 400);
    let (status, error) = server.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 409, "{error}");
    assert!(error["error"].as_str().unwrap().contains("order of the face-down tiles"));
    let (status, _) = server.get(&format!("/api/games/{id}/replay")).await;
    assert_eq!(status, 409);
    let (status, _) = server.get("/api/nothing").await;
    assert_eq!(status, 404);
    let (status, _) = server.get("/../Cargo.toml").await;
    assert_eq!(status, 404);
    // A WebSocket with a wrong token is refused before the upgrade; a bad message gets an
    // error message and the connection stays open.
    assert!(tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws?token=wrong", server.addr))
        .await
        .is_err());
    let mut ws = server.ws(id, Some(blue)).await;
    ws.next().await;
    ws.send(json!({"type": "act", "action": place})).await;
    let refusal = ws.next().await;
    assert_eq!((refusal["type"].as_str(), refusal["status"].as_u64()), (Some("error"), Some(403)), "{refusal}");
    ws.send(json!({"type": "dance"})).await;
    let refusal = ws.next().await;
    assert_eq!(refusal["status"], 400, "{refusal}");

    let (_, after) = server.get(&format!("/api/games/{id}?token={red}")).await;
    assert_eq!(before["version"], after["version"]);
    assert_eq!(before["board"], after["board"]);
    assert_eq!(before["pending"], after["pending"]);
    // And the game still takes a good action.
    let (status, _) = server.post(&path, &act(red, place, Some(0))).await;
    assert_eq!(status, 200);
    server.stop().await;
}

/// Hot seat: one token acts for every human seat of the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hot_seat_token_acts_for_every_human_seat() {
    let server = Running::start(None).await;
    let created = server
        .create(json!({"seats": [{"player": "human"}, {"player": "random"}, {"player": "human"}], "hot_seat": true}))
        .await;
    let id = created["id"].as_str().unwrap();
    let token = created["seats"][0]["token"].as_str().unwrap();
    assert_eq!(created["seats"][2]["token"].as_str(), Some(token));
    let mut ws = server.ws(id, Some(token)).await;
    let mut seats_played = HashSet::new();
    let mut n = 0;
    let mut state = ws.next().await;
    while state["status"] != "over" && seats_played.len() < 2 {
        n += 1;
        if state["type"] == "state" && state.get("legal").is_some() {
            seats_played.insert(state["pending"]["seat"].as_u64().unwrap());
            ws.send(json!({"type": "act", "action": pick(&state, n), "version": state["version"]})).await;
        }
        state = ws.next().await;
    }
    assert_eq!(state["you"], json!([0, 2]));
    assert_eq!(seats_played, HashSet::from([0, 2]));
    server.stop().await;
}

/// Stopping the server and starting it again on the same database loses nothing: the views
/// are the same, and the game goes on to its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_on_the_same_database_resumes_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = Running::start(Some(db.clone())).await;
    let (id, token) = server.hot_seat_game().await;
    let path = format!("/api/games/{id}/actions");
    let view_path = format!("/api/games/{id}?token={token}");
    for n in 0..25 {
        let (_, view) = server.get(&view_path).await;
        let body = json!({"token": token, "action": pick(&view, n)});
        assert_eq!(server.post(&path, &body.to_string()).await.0, 200);
    }
    let (_, before) = server.get(&view_path).await;
    server.stop().await;

    let server = Running::start(Some(db)).await;
    let (_, after) = server.get(&view_path).await;
    assert_eq!(after, before, "the same view after a restart");
    let mut n = 25;
    loop {
        let (_, view) = server.get(&view_path).await;
        if view["status"] == "over" {
            break;
        }
        let body = json!({"token": token, "action": pick(&view, n), "version": view["version"]});
        assert_eq!(server.post(&path, &body.to_string()).await.0, 200);
        n += 1;
    }
    let (status, record) = server.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 200);
    assert_eq!(record["actions"].as_array().unwrap().len(), n);
    server.stop().await;
}

/// The UI's pages and files are served, and the tile drawings cover the catalog.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ui_and_the_tile_drawings_are_served() {
    let server = Running::start(None).await;
    for path in ["/", "/play/abc", "/replay/abc"] {
        let response = server.http.get(server.url(path)).send().await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
        assert!(response.text().await.unwrap().contains("<html"), "{path}");
    }
    // Unknown pages are a page for people; unknown API routes stay JSON.
    for path in ["/nosuch", "/play", "/.git/config", "/style.css/x"] {
        let response = server.http.get(server.url(path)).send().await.unwrap();
        assert_eq!(response.status(), 404, "{path}");
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/html"), "{path}");
        assert!(response.text().await.unwrap().contains("Page not found"), "{path}");
    }
    let (status, error) = server.get("/api/nosuch").await;
    assert_eq!(status, 404);
    assert!(error["error"].as_str().unwrap().contains("no API route"));
    let (status, tiles) = server.get("/api/tiles").await;
    assert_eq!(status, 200);
    let tiles = tiles["tiles"].as_object().unwrap();
    assert_eq!(tiles.len(), Catalog::builtin().designs().len());
    assert!(tiles["base:D"].as_str().unwrap().starts_with("<g"));
    let (status, options) = server.get("/api/options").await;
    assert_eq!(status, 200);
    assert!(options["bots"].as_array().unwrap().contains(&json!("mcts:medium")));
    server.stop().await;
}

/// `GET /api/reference` follows its query and refuses a bad one naming the parameter;
/// `GET /api/games/{id}/reference` follows the game's rules and says which step it is at.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_reference_follows_the_query_and_a_games_rules() {
    let server = Running::start(None).await;
    let (status, r) = server.get("/api/reference?expansions=tower,river&players=4&variant=small-city%3Dtrue").await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["selection"]["players"], 4);
    let keys: Vec<&str> =
        r["selection"]["expansions"].as_array().unwrap().iter().map(|e| e["key"].as_str().unwrap()).collect();
    assert_eq!(keys, ["river", "tower"]);
    assert_eq!(r["selection"]["variants"], json!([{"name": "small-city", "value": "true"}]));
    assert_eq!(r["decisions"]["capture"], "2B-1");
    let text = r.to_string();
    assert!(text.contains("4 players: 7 each") && !text.contains("5 players: 6 each"));
    let (status, r) = server.get("/api/reference?expansions=wheel-of-fortune&rules=rgg-big-box").await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["selection"]["rules"], "rgg-big-box");
    assert!(r.to_string().contains("\"playable\":false"));
    for (query, field, message) in [
        ("expansions=towers", "expansions", "unknown expansion `towers`"),
        ("players=9", "players", "from 2 to 6"),
        ("rules=zmg", "rules", "unknown rule set `zmg`"),
        ("variant=small-city", "variant", "NAME=VALUE"),
        ("variants=small-city%3Dmaybe", "variant", "`true` or `false`"),
        ("colour=red", "colour", "unknown parameter `colour`"),
    ] {
        let (status, e) = server.get(&format!("/api/reference?{query}")).await;
        assert_eq!(status, 400, "{query}: {e}");
        assert_eq!(e["field"], field, "{query}: {e}");
        assert!(e["error"].as_str().unwrap().contains(message), "{query}: {e}");
    }
    let created = server
        .create(json!({
            "rules": {"expansions": ["princess-dragon"], "variants": {"dragon-moves-after-scoring": true}},
            "seats": [{"player": "human"}, {"player": "human"}, {"player": "human"}],
        }))
        .await;
    let id = created["id"].as_str().unwrap();
    let (status, r) = server.get(&format!("/api/games/{id}/reference")).await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["selection"]["players"], 3);
    assert_eq!(r["selection"]["expansions"][0]["key"], "princess-dragon");
    assert_eq!(r["step"], "1C", "the game waits for the first tile's placement");
    assert_eq!(r["decisions"]["dragon"], "3C");
    let (status, _) = server.get("/api/games/nosuch/reference").await;
    assert_eq!(status, 404);
    server.stop().await;
}

/// Racing clients: the same action sent ten times at once with the same version is applied
/// exactly once; the others are told the game moved on, and nothing is stored twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_actions_are_applied_once() {
    let dir = tempfile::tempdir().unwrap();
    let (server, db, id, body) = first_action_on_disk(dir.path()).await;
    let path = format!("/api/games/{id}/actions");
    let answers = futures_util::future::join_all((0..10).map(|_| server.post(&path, &body))).await;
    let statuses: Vec<u16> = answers.iter().map(|(s, _)| *s).collect();
    assert_eq!(statuses.iter().filter(|&&s| s == 200).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|&&s| s == 409).count(), 9, "{statuses:?}");
    server.stop().await;
    let server = Running::start(Some(db)).await;
    let (_, after) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(after["version"], 1, "one stored action");
    server.stop().await;
}

/// A finished game nobody watches leaves memory and comes back, unchanged, when asked for; a
/// watched one stays. A restart keeps finished games out of memory until they are asked for.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_games_leave_memory_and_come_back_when_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = Running::start(Some(db.clone())).await;
    let created = server.create(json!({"seats": [{"player": "random"}, {"player": "random"}]})).await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut spectator = server.ws(&id, None).await;
    spectator.until_over().await;
    assert_eq!(server.state.unload_idle(Duration::ZERO), 0, "a watched game stays in memory");
    let (_, before) = server.get(&format!("/api/games/{id}")).await;
    let (_, list_before) = server.get("/api/games").await;
    spectator.socket.close(None).await.unwrap();
    // The server notices the closed connection in its own time (up to 10 s on a busy machine).
    let mut unloaded = 0;
    for _ in 0..500 {
        unloaded = server.state.unload_idle(Duration::ZERO);
        if unloaded > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(unloaded, 1);
    assert!(server.state.loaded_rooms().is_empty());
    let (_, list) = server.get("/api/games").await;
    assert_eq!(list, list_before, "the list still shows it");
    let (_, after) = server.get(&format!("/api/games/{id}")).await;
    let without_online = |mut v: Value| {
        v["seats"].as_array_mut().unwrap().iter_mut().for_each(|s| s["online"] = json!(0));
        v
    };
    assert_eq!(without_online(after), without_online(before.clone()));
    assert_eq!(server.state.loaded_rooms().len(), 1, "loaded again");
    server.stop().await;

    let server = Running::start(Some(db)).await;
    assert!(server.state.loaded_rooms().is_empty(), "finished games are not loaded at start");
    assert_eq!(server.state.game_count(), 1);
    let (status, record) = server.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 200);
    assert_eq!(record["actions"].as_array().unwrap().len() as u64, before["version"].as_u64().unwrap());
    server.stop().await;
}

/// The game list comes a page at a time, newest first: `next` continues it until it is `null`,
/// the pages together hold every game once, and `ids` asks for given games (a browser's "your
/// games"). A bad `limit` or `after` is refused with its field.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_list_comes_in_pages() {
    let server = Running::start(None).await;
    let mut ids = vec![];
    for _ in 0..7 {
        ids.push(server.hot_seat_game().await.0);
    }
    let (status, first) = server.get("/api/games?limit=3").await;
    assert_eq!(status, 200);
    let mut seen: Vec<String> = vec![];
    let mut page = first;
    let mut pages = 0;
    loop {
        pages += 1;
        let games = page["games"].as_array().unwrap();
        assert!(games.len() <= 3);
        seen.extend(games.iter().map(|g| g["id"].as_str().unwrap().to_string()));
        let Some(next) = page["next"].as_str() else { break };
        page = server.get(&format!("/api/games?limit=3&after={next}")).await.1;
    }
    assert_eq!(pages, 3);
    let mut sorted = seen.clone();
    sorted.sort();
    sorted.dedup();
    let mut all = ids.clone();
    all.sort();
    assert_eq!(sorted, all, "every game once");
    // Newest first: creation times never increase down the list.
    let (_, whole) = server.get("/api/games").await;
    let created: Vec<i64> = whole["games"].as_array().unwrap().iter().map(|g| g["created"].as_i64().unwrap()).collect();
    assert!(created.windows(2).all(|w| w[0] >= w[1]), "{created:?}");
    assert_eq!(whole["next"], Value::Null);
    let (_, chosen) = server.get(&format!("/api/games?ids={},{},nosuchgame", ids[1], ids[4])).await;
    let chosen: Vec<&str> = chosen["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(chosen, [ids[1].as_str(), ids[4].as_str()]);
    for (query, status, field) in [
        ("limit=0", 422, "limit"),
        ("limit=500", 422, "limit"),
        ("after=yesterday", 400, "after"),
        ("page=2", 400, "query"),
    ] {
        let (got, error) = server.get(&format!("/api/games?{query}")).await;
        assert_eq!((got, error["field"].as_str()), (status, Some(field)), "{query}: {error}");
    }
    server.stop().await;
}

/// One damaged page of the database (SQLite's "database disk image is malformed") does not stop
/// the server: it starts with every game it can read, lists the games on the damaged page as
/// failed with the reason, and serves the others.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_page_of_the_database_leaves_the_other_games_playable() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let limits = Limits { games_per_minute: 1000, ..Limits::default() };
    let config = Config { db: Some(db.clone()), limits, bot_delay: Duration::ZERO, ..Config::default() };
    let server = Running::with(config).await;
    let mut ids = vec![];
    for _ in 0..40 {
        ids.push(server.hot_seat_game().await.0);
    }
    server.stop().await;
    // Every page in the file itself, not in the write-ahead log.
    rusqlite::Connection::open(&db).unwrap().query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())).unwrap();
    let mut bytes = std::fs::read(&db).unwrap();
    let page_size = match u16::from_be_bytes([bytes[16], bytes[17]]) {
        1 => 65536,
        n => n as usize,
    };
    let contains = |page: &[u8], needle: &[u8]| page.windows(needle.len()).any(|w| w == needle);
    // A leaf page of the `games` table (type 13; its rows hold the records, with their "deck").
    let target = (1..bytes.len() / page_size)
        .find(|&p| {
            let page = &bytes[p * page_size..(p + 1) * page_size];
            page[0] == 0x0D && contains(page, b"\"deck\"")
        })
        .expect("a leaf page of the games table");
    let page = bytes[target * page_size..(target + 1) * page_size].to_vec();
    let damaged: Vec<&String> = ids.iter().filter(|id| contains(&page, id.as_bytes())).collect();
    assert!(!damaged.is_empty() && damaged.len() < ids.len(), "{} of {} games on the page", damaged.len(), ids.len());
    for byte in &mut bytes[target * page_size + 8..(target + 1) * page_size] {
        *byte = 0xA5;
    }
    std::fs::write(&db, bytes).unwrap();

    let server = Running::start(Some(db)).await;
    let (status, list) = server.get("/api/games?limit=200").await;
    assert_eq!(status, 200);
    let games = list["games"].as_array().unwrap();
    for id in &ids {
        let game = games.iter().find(|g| g["id"] == id.as_str());
        if damaged.contains(&id) {
            let game = game.expect("a damaged game is listed");
            assert_eq!(game["status"], "failed", "{game}");
            assert!(game["error"].as_str().unwrap().contains("damaged"), "{game}");
            assert_eq!(server.get(&format!("/api/games/{id}")).await.0, 500);
        } else {
            assert_eq!(game.map(|g| g["status"].as_str()), Some(Some("playing")), "{id}");
            let (status, view) = server.get(&format!("/api/games/{id}")).await;
            assert_eq!((status, view["status"].as_str()), (200, Some("playing")));
        }
    }
    server.stop().await;
}

/// A hint (`GET /api/games/{id}/hint`) is a bot's choice among the seat's legal actions, as the
/// view lists them; it is only for the seat that decides, and the same state gives the same
/// hint.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_one_of_the_deciding_seats_legal_actions() {
    let server = Running::start(None).await;
    let created = server.create(json!({"seats": [{"player": "human"}, {"player": "human"}]})).await;
    let id = created["id"].as_str().unwrap();
    let token = |seat: usize| created["seats"][seat]["token"].as_str().unwrap().to_string();
    let hint_path = |t: &str| format!("/api/games/{id}/hint?token={t}");
    // Seat 0 places and deploys (or passes), then seat 1.
    for step in 0..4 {
        let seat = step / 2;
        let (status, view) = server.get(&format!("/api/games/{id}?token={}", token(seat))).await;
        assert_eq!(status, 200);
        let (status, hint) = server.get(&hint_path(&token(seat))).await;
        assert_eq!(status, 200, "{hint}");
        assert_eq!(hint["version"], view["version"]);
        assert_eq!(hint["bot"], "mcts:medium");
        let legal = view["legal"].as_array().unwrap();
        assert!(legal.contains(&hint["action"]), "{} not among {}", hint["action"], view["legal"]);
        assert!(!hint["action"]["label"].as_str().unwrap().is_empty());
        let (_, again) = server.get(&hint_path(&token(seat))).await;
        assert_eq!(again, hint, "the same state gives the same hint");
        // The other seat may not ask, nor may a spectator.
        let (status, refused) = server.get(&hint_path(&token(1 - seat))).await;
        assert_eq!(status, 409, "{refused}");
        assert!(refused["error"].as_str().unwrap().contains("not yours"), "{refused}");
        let (status, refused) = server.get(&format!("/api/games/{id}/hint")).await;
        assert_eq!((status, refused["field"].as_str()), (403, Some("token")), "{refused}");
        // The hint is sent back as the action.
        let mut action = hint["action"].clone();
        action.as_object_mut().unwrap().remove("label");
        action.as_object_mut().unwrap().remove("at");
        let body = json!({"token": token(seat), "action": action, "version": view["version"]});
        let (status, answer) = server.post(&format!("/api/games/{id}/actions"), &body.to_string()).await;
        assert_eq!(status, 200, "{answer}");
    }
    let (status, _) = server.get("/api/games/nosuchgame/hint?token=x").await;
    assert_eq!(status, 404);
    server.stop().await;
}
