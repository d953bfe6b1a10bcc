//! The server's limits and failures through real HTTP and WebSocket connections on loopback:
//! creation quotas, connection and message limits, security headers and slow clients, a
//! database that cannot write, paused bot games, and stopping with clients connected.

mod support;

use support::*;

/// A script creating games in a loop gets `429` with `Retry-After` past the per-address limit,
/// other addresses can still create games, and the server answers all along; a full server
/// refuses new games with `503`, creating nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_creation_is_limited_per_address_and_by_the_servers_size() {
    let limits = Limits {
        games_per_minute: 5,
        max_games: 8,
        max_bot_seats: 3,
        client_address_header: Some("x-forwarded-for".into()),
        ..Limits::default()
    };
    let server = Running::with(Config { db: None, limits, bot_delay: Duration::ZERO, ..Config::default() }).await;
    let game = json!({"seats": [{"player": "human"}, {"player": "human"}]}).to_string();
    let mut statuses = vec![];
    for _ in 0..20 {
        let (status, headers, body) = server.post_from("/api/games", &game, Some("10.0.0.1")).await;
        if status == 429 {
            let retry: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
            assert!((1..=12).contains(&retry), "{retry}");
            assert_eq!(body["retry_after"], retry);
            assert!(body["error"].as_str().unwrap().contains("created 5 games within a minute"), "{body}");
        }
        statuses.push(status);
        let (status, _) = server.get("/api/games").await;
        assert_eq!(status, 200, "the server stays responsive");
    }
    assert_eq!(statuses[..5], [201; 5]);
    assert!(statuses[5..].iter().all(|&s| s == 429), "{statuses:?}");
    // The proxy's last address is the client's: another client is not limited.
    let (status, _, _) = server.post_from("/api/games", &game, Some("192.0.2.9, 10.0.0.2")).await;
    assert_eq!(status, 201);
    // Bot seats: 2 of 3 taken, then a game with 2 more is refused whole.
    let bots = json!({"seats": [{"player": "human"}, {"player": "greedy"}, {"player": "greedy"}]}).to_string();
    assert_eq!(server.post_from("/api/games", &bots, Some("10.0.0.3")).await.0, 201);
    let (status, headers, body) = server.post_from("/api/games", &bots, Some("10.0.0.3")).await;
    assert_eq!((status, headers["retry-after"].to_str().unwrap()), (503, "60"), "{body}");
    assert!(body["error"].as_str().unwrap().contains("bot seats"), "{body}");
    // Games: 8 running, the most; the ninth is refused, and nothing of it is kept.
    assert_eq!(server.post_from("/api/games", &game, Some("10.0.0.4")).await.0, 201);
    let (status, _, body) = server.post_from("/api/games", &game, Some("10.0.0.4")).await;
    assert_eq!(status, 503, "{body}");
    assert!(body["error"].as_str().unwrap().contains("the server is full: 8 games are running"), "{body}");
    assert_eq!(server.state.game_count(), 8);
    server.stop().await;
}

/// Live connections are limited per game and per address, and messages per connection; a
/// refused upgrade is `429`, a message over the rate an error message on an open connection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_connections_and_their_messages_are_limited() {
    let limits =
        Limits { connections_per_game: 2, connections_per_address: 3, messages_per_second: 3, ..Limits::default() };
    let server = Running::with(Config { db: None, limits, ..Config::default() }).await;
    let (id, token) = server.hot_seat_game().await;
    let (other, _) = server.hot_seat_game().await;
    let mut first = server.ws(&id, Some(&token)).await;
    let _second = server.ws(&id, None).await;
    let refused = tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws", server.addr)).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 429);
            assert!(response.headers().contains_key("retry-after"));
        }
        other => panic!("a third connection to the game is refused: {other:?}"),
    }
    let _third = server.ws(&other, None).await;
    let refused = tokio_tungstenite::connect_async(format!("ws://{}/api/games/{other}/ws", server.addr)).await;
    assert!(matches!(refused, Err(tokio_tungstenite::tungstenite::Error::Http(r)) if r.status() == 429));
    first.next().await;
    for _ in 0..10 {
        first.send(json!({"type": "act", "action": {"action": "pass"}, "version": 0})).await;
    }
    let mut statuses = vec![];
    while statuses.len() < 10 {
        let message = first.next().await;
        if message["type"] == "error" {
            statuses.push(message["status"].as_u64().unwrap());
        }
    }
    assert_eq!(statuses.iter().filter(|&&s| s == 422).count(), 3, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|&&s| s == 429).count(), 7, "{statuses:?}");
    // A client that keeps flooding is cut off.
    // (The server may close the connection before the last of these are sent.)
    for _ in 0..150 {
        let flood = json!({"type": "act", "action": {"action": "pass"}}).to_string();
        if first.socket.send(Message::Text(flood.into())).await.is_err() {
            break;
        }
    }
    let closed = loop {
        match tokio::time::timeout(Duration::from_secs(30), first.socket.next()).await.unwrap() {
            Some(Ok(Message::Close(frame))) => break frame,
            Some(Ok(_)) => continue,
            other => panic!("a close frame: {other:?}"),
        }
    };
    assert_eq!(closed.map(|f| u16::from(f.code)), Some(1008));
    // Reading on sends the client's close frame back, which ends the closing handshake.
    let end = tokio::time::timeout(Duration::from_secs(30), first.socket.next()).await.unwrap();
    assert!(end.is_none(), "{end:?}");
    server.stop().await;
}

/// Pages carry a content security policy; answers with tokens are never cached; a client that
/// does not finish its request headers is disconnected, one that does not finish its body gets
/// `408`, and a live connection that answers nothing, not even pings, is closed while one that
/// answers stays open.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_carry_security_headers_and_slow_clients_time_out() {
    let limits = Limits {
        header_timeout: Duration::from_millis(300),
        request_timeout: Duration::from_millis(500),
        idle_timeout: Duration::from_secs(1),
        ..Limits::default()
    };
    let server = Running::with(Config { db: None, limits, ..Config::default() }).await;
    let page = server.http.get(server.url("/")).send().await.unwrap();
    let csp = page.headers()["content-security-policy"].to_str().unwrap().to_string();
    assert!(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"), "{csp}");
    assert_eq!(page.headers()["x-content-type-options"], "nosniff");
    let (status, headers, created) = server
        .post_from("/api/games", &json!({"seats": [{"player": "human"}, {"player": "human"}]}).to_string(), None)
        .await;
    assert_eq!((status, headers["cache-control"].to_str().unwrap()), (201, "no-store"));
    let id = created["id"].as_str().unwrap();
    let token = created["seats"][0]["token"].as_str().unwrap();
    let view = server.http.get(server.url(&format!("/api/games/{id}?token={token}"))).send().await.unwrap();
    assert_eq!(view.headers()["cache-control"], "no-store");
    let tiles = server.http.get(server.url("/api/tiles")).send().await.unwrap();
    assert_eq!(tiles.headers()["cache-control"], "max-age=3600");

    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut slow = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    slow.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    let mut rest = vec![];
    let closed = tokio::time::timeout(Duration::from_secs(20), slow.read_to_end(&mut rest)).await;
    assert!(closed.is_ok(), "the server closes a connection whose headers do not end");
    let mut silent = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let closed = tokio::time::timeout(Duration::from_secs(20), silent.read_to_end(&mut rest)).await;
    assert!(closed.is_ok(), "the server closes a connection that sends nothing");

    // A body that never ends: 408, an error like the others, with the security headers.
    let mut slow = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let head = "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n";
    slow.write_all(format!("{head}{{\"seats\"").as_bytes()).await.unwrap();
    let mut answer = vec![0; 4096];
    let n = tokio::time::timeout(Duration::from_secs(20), slow.read(&mut answer)).await.unwrap().unwrap();
    let answer = String::from_utf8_lossy(&answer[..n]).to_string();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("content-security-policy") && answer.contains("not done within 0.5 s"), "{answer}");
    assert_eq!(server.state.game_count(), 1, "the slow request created nothing");

    // A live connection that never reads (so never answers a ping) is closed after the idle
    // timeout; a client that reads, and so answers the pings, stays connected meanwhile.
    let mut answering = server.ws(id, None).await;
    let answers = tokio::spawn(async move {
        // Past three idle timeouts' worth of pings, reading all along.
        let mut pings = 0;
        while pings < 10 {
            match tokio::time::timeout(Duration::from_secs(30), answering.socket.next()).await {
                Ok(Some(Ok(Message::Ping(_)))) => pings += 1,
                Ok(Some(Ok(Message::Text(_)))) => {}
                other => return Err(format!("the answering client was disconnected: {other:?}")),
            }
        }
        Ok(answering)
    });
    let mut silent = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let upgrade = format!(
        "GET /api/games/{id}/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    silent.write_all(upgrade.as_bytes()).await.unwrap();
    let mut received = vec![];
    let closed = tokio::time::timeout(Duration::from_secs(30), silent.read_to_end(&mut received)).await;
    assert!(closed.is_ok(), "the server closes a live connection that answers nothing");
    let received = String::from_utf8_lossy(&received).to_string();
    assert!(received.starts_with("HTTP/1.1 101"), "{received}");
    let _answering = answers.await.unwrap().unwrap();
    server.stop().await;
}

/// A database that cannot write (full, read-only) refuses actions and new games with `503` and
/// a message, the game unchanged; when it can write again, people's actions go through and the
/// bots, which waited, go on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_that_cannot_write_refuses_cleanly_and_the_server_recovers() {
    let dir = tempfile::tempdir().unwrap();
    let server = Running::start(Some(dir.path().join("games.db"))).await;
    let (id, token) = server.hot_seat_game().await;
    let bots = server.create(json!({"seats": [{"player": "random"}, {"player": "random"}]})).await;
    let bots = bots["id"].as_str().unwrap().to_string();
    let mut watcher = server.ws(&bots, None).await;
    let path = format!("/api/games/{id}/actions");
    let view_path = format!("/api/games/{id}?token={token}");
    let store = &server.state.store;
    for (case, words) in [("read-only", "readonly"), ("full", "full")] {
        match case {
            "read-only" => store.simulate_read_only(true).unwrap(),
            _ => store.simulate_full_disk(true).unwrap(),
        }
        // A full database refuses once its free pages are used up: play until it does.
        let mut refusal = None;
        for n in 0..200 {
            let (_, view) = server.get(&view_path).await;
            let body = json!({"token": token, "action": pick(&view, n), "version": view["version"]});
            let (status, answer) = server.post(&path, &body.to_string()).await;
            if status != 200 {
                refusal = Some((status, answer, view, body));
                break;
            }
        }
        let (status, answer, before, body) = refusal.unwrap_or_else(|| panic!("{case}: no action was refused"));
        assert_eq!(status, 503, "{case}: {answer}");
        let message = answer["error"].as_str().unwrap();
        assert!(message.contains("could not be stored") && message.contains(words), "{case}: {message}");
        assert_eq!(answer["retry_after"], 5);
        assert_eq!(server.get(&view_path).await.1, before, "{case}: the game is unchanged");
        if case == "read-only" {
            let new_game = json!({"seats": [{"player": "human"}, {"player": "human"}]}).to_string();
            let (status, answer) = server.post("/api/games", &new_game).await;
            assert_eq!(status, 503, "{answer}");
            assert!(answer["error"].as_str().unwrap().contains("could not be stored"), "{answer}");
        }
        // The bots' game stalls too. A move it stored just before the database stopped writing
        // may reach its summary a moment later (a loaded machine delays that thread), so one
        // step is allowed to arrive late; after that nothing moves.
        let version = || server.state.summaries().into_iter().find(|s| s.id == bots).unwrap().version;
        let before = version();
        tokio::time::sleep(Duration::from_millis(300)).await;
        let stalled = version();
        assert!(stalled <= before + 1, "{case}: the bots' game went on from {before} to {stalled}");
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(version(), stalled, "{case}: the bots' game went on");
        match case {
            "read-only" => store.simulate_read_only(false).unwrap(),
            _ => store.simulate_full_disk(false).unwrap(),
        }
        assert_eq!(server.post(&path, &body.to_string()).await.0, 200, "{case}: the same action now goes through");
    }
    let over = watcher.until_over().await;
    assert_eq!(over["status"], "over", "the bots went on once the database could write");
    server.stop().await;
}

/// A game between bots only that nobody watches pauses, and goes on when someone opens it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unwatched_game_between_bots_pauses_until_someone_opens_it() {
    let config = Config { db: None, pause_after: Duration::from_millis(400), ..Config::default() };
    let server = Running::with(Config { bot_delay: Duration::from_millis(20), ..config }).await;
    let created = server.create(json!({"seats": [{"player": "random"}, {"player": "random"}]})).await;
    let id = created["id"].as_str().unwrap();
    let version = || server.state.summaries()[0].version;
    let mut last = version();
    // It plays on for the pause time, then stops (the summary does not wake it). A second with
    // no move is the pause: a game that plays moves every 20 ms, even on a busy machine.
    loop {
        tokio::time::sleep(Duration::from_millis(1000)).await;
        let now = version();
        if now == last {
            break;
        }
        last = now;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(version(), last, "paused");
    assert!(last > 0 && server.state.summaries()[0].status == "playing");
    let mut watcher = server.ws(id, None).await;
    assert_eq!(watcher.until_over().await["status"], "over");
    server.stop().await;
}

/// Stopping the server tells every live client, closes its connection as "going away", and
/// returns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopping_server_tells_its_live_clients() {
    let server = Running::start(None).await;
    let (id, token) = server.hot_seat_game().await;
    let mut player = server.ws(&id, Some(&token)).await;
    player.next().await;
    let stopping = tokio::spawn(server.stop());
    let goodbye = player.next().await;
    assert_eq!(goodbye["type"], "closing", "{goodbye}");
    assert!(goodbye["message"].as_str().unwrap().contains("stopping"));
    let close = tokio::time::timeout(Duration::from_secs(30), player.socket.next()).await.unwrap();
    match close {
        Some(Ok(Message::Close(Some(frame)))) => assert_eq!(u16::from(frame.code), 1001),
        other => panic!("a close frame: {other:?}"),
    }
    tokio::time::timeout(Duration::from_secs(30), stopping).await.unwrap().unwrap();
}

/// Stopping the server while an action is being stored (held up by another writer of the
/// database): the action is stored and acknowledged before the server returns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopping_server_finishes_the_actions_in_flight() {
    let dir = tempfile::tempdir().unwrap();
    let (server, db, id, body) = first_action_on_disk(dir.path()).await;
    let state = server.state.clone();
    // Another connection takes the database's write lock: the action waits for it.
    let blocker = rusqlite::Connection::open(&db).unwrap();
    blocker.execute_batch("BEGIN IMMEDIATE").unwrap();
    let (http, url) = (server.http.clone(), server.url(&format!("/api/games/{id}/actions")));
    let acting = tokio::spawn(async move {
        let response = http.post(url).header("content-type", "application/json").body(body).send().await.unwrap();
        (response.status().as_u16(), response.json::<Value>().await.unwrap())
    });
    while state.store.writes_in_progress() == 0 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let stopping = tokio::spawn(server.stop());
    while !state.is_stopping() {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    // (Time for a server that did not wait for the action to return.)
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(!stopping.is_finished(), "the server returned with an action in flight");
    blocker.execute_batch("COMMIT").unwrap();
    let (status, answer) = acting.await.unwrap();
    assert_eq!((status, &answer["version"]), (200, &json!(1)), "{answer}");
    tokio::time::timeout(Duration::from_secs(30), stopping).await.unwrap().unwrap();
    drop(state);
    let store = carcassonne_server::store::Store::open(&db).unwrap();
    let (_, actions) = store.load_game(&id).unwrap().unwrap().unwrap();
    assert_eq!(actions.len(), 1, "the action in flight was stored");
}

/// Only games that are created count against an address's quota: refused requests (malformed,
/// invalid) take nothing from it, and the `429` then counts games truly created.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_creations_do_not_count_against_the_quota() {
    let limits =
        Limits { games_per_minute: 3, client_address_header: Some("x-forwarded-for".into()), ..Limits::default() };
    let server = Running::with(Config { db: None, limits, bot_delay: Duration::ZERO, ..Config::default() }).await;
    let refused = [
        json!({"seats": [{"player": "human"}]}).to_string(),
        json!({"seats": [{"player": "human"}, {"player": "wizard"}]}).to_string(),
        "{not json".to_string(),
    ];
    for _ in 0..3 {
        for body in &refused {
            let (status, _, error) = server.post_from("/api/games", body, Some("10.0.0.7")).await;
            assert!(status == 400 || status == 422, "{status} {error}");
        }
    }
    let game = json!({"seats": [{"player": "human"}, {"player": "human"}]}).to_string();
    for _ in 0..3 {
        assert_eq!(server.post_from("/api/games", &game, Some("10.0.0.7")).await.0, 201);
    }
    let (status, _, body) = server.post_from("/api/games", &game, Some("10.0.0.7")).await;
    assert_eq!(status, 429, "{body}");
    assert!(body["error"].as_str().unwrap().contains("created 3 games within a minute"), "{body}");
    assert_eq!(server.state.game_count(), 3);
    server.stop().await;
}

/// Reads a live connection until its close frame, and answers the close code.
async fn close_code_of(ws: &mut Ws) -> Option<u16> {
    loop {
        match tokio::time::timeout(Duration::from_secs(30), ws.socket.next()).await.expect("a close within 30 s") {
            Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
            Some(Ok(_)) => continue,
            other => panic!("a close frame: {other:?}"),
        }
    }
}

/// What bypassed the message limit no longer does: a binary message closes the connection with
/// 1003, a message over 64 KiB with 1009 (with a close frame, not a dropped connection), and a
/// flood of pings with 1008, like a flood of text messages. Upgrades at once never exceed a
/// game's limit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn binary_messages_pings_and_large_messages_are_limited_and_closed_cleanly() {
    let limits =
        Limits { connections_per_game: 4, connections_per_address: 100, messages_per_second: 5, ..Limits::default() };
    let server = Running::with(Config { db: None, limits, ..Config::default() }).await;
    let (id, token) = server.hot_seat_game().await;

    let mut binary = server.ws(&id, Some(&token)).await;
    binary.next().await;
    binary.socket.send(Message::Binary(vec![0u8; 1000].into())).await.unwrap();
    assert_eq!(close_code_of(&mut binary).await, Some(1003));
    drop(binary);

    let mut large = server.ws(&id, Some(&token)).await;
    large.next().await;
    let text = json!({"type": "act", "action": {"action": "pass"}, "pad": "x".repeat(70_000)}).to_string();
    let _ = large.socket.send(Message::Text(text.into())).await;
    assert_eq!(close_code_of(&mut large).await, Some(1009));
    drop(large);

    let mut pings = server.ws(&id, None).await;
    pings.next().await;
    for _ in 0..300 {
        if pings.socket.send(Message::Ping(vec![1, 2, 3].into())).await.is_err() {
            break;
        }
    }
    assert_eq!(close_code_of(&mut pings).await, Some(1008));
    drop(pings);
    // Let the server see the closed connections go.
    tokio::time::sleep(Duration::from_millis(300)).await;

    // Ten upgrades at once to a game that takes four: exactly four are accepted.
    let url = format!("ws://{}/api/games/{id}/ws", server.addr);
    let attempts = futures_util::future::join_all((0..10).map(|_| tokio_tungstenite::connect_async(url.clone()))).await;
    let accepted = attempts.iter().filter(|a| a.is_ok()).count();
    assert_eq!(
        accepted,
        4,
        "{:?}",
        attempts.iter().map(|a| a.as_ref().map(|_| ()).map_err(|e| e.to_string())).collect::<Vec<_>>()
    );
    drop(attempts);
    server.stop().await;
}

/// The small things: a method a route does not take gets `405` with the error's JSON (and the
/// pages answer only GET and HEAD); a seat token is taken from an `Authorization: Bearer`
/// header as well as from the query, for the view and the live connection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn methods_and_token_headers_are_answered_as_documented() {
    let server = Running::start(None).await;
    for (method, path) in
        [("DELETE", "/api/games"), ("PUT", "/api/options"), ("TRACE", "/"), ("OPTIONS", "/"), ("POST", "/play/x")]
    {
        let response = server
            .http
            .request(reqwest::Method::from_bytes(method.as_bytes()).unwrap(), server.url(path))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 405, "{method} {path}");
        assert!(response.headers().contains_key("x-content-type-options"), "{method} {path}: security headers");
        let error: Value = response.json().await.unwrap();
        assert!(error["error"].as_str().unwrap().contains(method), "{method} {path}: {error}");
    }
    let (id, token) = server.hot_seat_game().await;
    let bearer = |t: &str| format!("Bearer {t}");
    let view: Value = server
        .http
        .get(server.url(&format!("/api/games/{id}")))
        .header("authorization", bearer(&token))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(view["you"], json!([0, 1]), "{}", view["you"]);
    assert!(view["legal"].is_array());
    for (query, header, status, field) in
        [(Some("0123"), Some(token.as_str()), 400, "token"), (None, Some("0123"), 403, "token")]
    {
        let path = match query {
            Some(q) => format!("/api/games/{id}?token={q}"),
            None => format!("/api/games/{id}"),
        };
        let mut request = server.http.get(server.url(&path));
        if let Some(h) = header {
            request = request.header("authorization", bearer(h));
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status().as_u16(), status, "{path}");
        let error: Value = response.json().await.unwrap();
        assert_eq!(error["field"], field, "{error}");
    }
    let response = server
        .http
        .get(server.url(&format!("/api/games/{id}")))
        .header("authorization", "Basic abc")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 400);
    // The live connection with the header: the seats' view, with its legal actions.
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{}/api/games/{id}/ws", server.addr).into_client_request().unwrap();
    request.headers_mut().insert("authorization", bearer(&token).parse().unwrap());
    let (socket, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    let mut ws = Ws { socket, received: vec![] };
    let state = ws.next().await;
    assert_eq!(state["you"], json!([0, 1]), "{state}");
    server.stop().await;
}

/// A database that cannot be opened stops the start with a message that names the file and
/// what to check, not SQLite's bare "unable to open database file".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_that_cannot_be_opened_is_named_with_what_to_check() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-folder").join("games.db");
    let folder = dir.path().join("a-folder");
    std::fs::create_dir(&folder).unwrap();
    for (db, words) in [(missing, "does not exist"), (folder, "is a folder")] {
        let config = Config { db: Some(db.clone()), addr: "127.0.0.1:0".parse().unwrap(), ..Config::default() };
        let error = match Server::bind(config).await {
            Ok(_) => panic!("{} opened", db.display()),
            Err(e) => e,
        };
        assert!(error.contains(&db.display().to_string()) && error.contains(words), "{error}");
        assert!(error.contains("SQLite says"), "{error}");
    }
}

/// While the server runs, the database is copied to `<db>.backup` at the configured interval;
/// the copy is a whole database a server starts from, with the games it held.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_database_is_backed_up_while_the_server_runs() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let config = Config {
        db: Some(db.clone()),
        backup_every: Some(Duration::from_millis(300)),
        bot_delay: Duration::ZERO,
        ..Config::default()
    };
    let backup = config.backup_path().unwrap();
    assert_eq!(backup, dir.path().join("games.db.backup"));
    let server = Running::with(config).await;
    let (id, _) = server.hot_seat_game().await;
    let (other, _) = server.hot_seat_game().await;
    // The next backup after both games exist holds them.
    tokio::time::sleep(Duration::from_millis(1000)).await;
    server.stop().await;
    assert!(backup.is_file(), "no backup at {}", backup.display());
    let restored = Running::with(Config { db: Some(backup), backup_every: None, ..Config::default() }).await;
    assert_eq!(restored.state.game_count(), 2);
    for game in [&id, &other] {
        assert_eq!(restored.get(&format!("/api/games/{game}")).await.0, 200);
    }
    restored.stop().await;
}

/// Reads what the server sends on a raw connection within `wait` (empty if nothing).
async fn read_raw(stream: &mut tokio::net::TcpStream, wait: Duration) -> String {
    use tokio::io::AsyncReadExt;
    let mut answer = vec![];
    let _ = tokio::time::timeout(wait, stream.read_to_end(&mut answer)).await;
    String::from_utf8_lossy(&answer).into_owned()
}

/// The connection flood, bounded: idle connections past the caps (in all, and per address
/// without a proxy) are answered `503` at once and closed, the idle ones within the caps are
/// closed after the header timeout, and the server answers again as soon as they are gone.
/// Cleartext HTTP/2 is not spoken: a client's HTTP/2 preface gets no HTTP/2 connection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_past_the_caps_are_refused_at_once() {
    for (max, per_address) in [(6, 100), (100, 6)] {
        let limits = Limits {
            max_connections: max,
            max_connections_per_address: per_address,
            header_timeout: Duration::from_secs(2),
            ..Limits::default()
        };
        let server = Running::with(Config { db: None, limits, bot_delay: Duration::ZERO, ..Config::default() }).await;
        let mut idle = vec![];
        for _ in 0..6 {
            idle.push(tokio::net::TcpStream::connect(server.addr).await.unwrap());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
        let started = std::time::Instant::now();
        let mut extra = tokio::net::TcpStream::connect(server.addr).await.unwrap();
        let answer = read_raw(&mut extra, Duration::from_secs(5)).await;
        assert!(answer.starts_with("HTTP/1.1 503"), "({max}, {per_address}): {answer}");
        assert!(answer.contains("connections open"), "{answer}");
        assert!(started.elapsed() < Duration::from_secs(1), "refused at once: {:?}", started.elapsed());
        // The idle ones go after the header timeout; then the server answers.
        for stream in &mut idle {
            let _ = read_raw(stream, Duration::from_secs(5)).await;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
        let (status, _) = server.get("/api/options").await;
        assert_eq!(status, 200, "({max}, {per_address})");
        server.stop().await;
    }
    // An HTTP/2 preface (cleartext, "prior knowledge") is not answered as HTTP/2.
    let server = Running::start(None).await;
    let mut h2 = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    use tokio::io::AsyncWriteExt;
    h2.write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n").await.unwrap();
    let answer = read_raw(&mut h2, Duration::from_secs(5)).await;
    assert!(answer.is_empty() || answer.starts_with("HTTP/1.1 4"), "{answer:?}");
    server.stop().await;
}

/// Bot seats cannot be hoarded: one address's running games hold at most its share of them,
/// and a game whose people never act stops holding its bot seats after a while, however often
/// it is read, so one address cannot keep the server "full" for others.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_seats_cannot_be_hoarded() {
    let limits = Limits {
        max_bot_seats: 8,
        bot_seats_per_address: 4,
        bot_seats_released_after: Duration::from_millis(1500),
        client_address_header: Some("x-forwarded-for".into()),
        ..Limits::default()
    };
    let server = Running::with(Config { db: None, limits, bot_delay: Duration::ZERO, ..Config::default() }).await;
    // The person sits last, so that the bots' first moves are made before anyone's turn.
    let game = json!({"seats": [{"player": "greedy"}, {"player": "greedy"}, {"player": "human"}]}).to_string();
    let mut hoarded = vec![];
    for _ in 0..2 {
        let (status, _, created) = server.post_from("/api/games", &game, Some("10.1.0.1")).await;
        assert_eq!(status, 201, "{created}");
        hoarded.push(created["id"].as_str().unwrap().to_string());
    }
    let (status, headers, body) = server.post_from("/api/games", &game, Some("10.1.0.1")).await;
    assert_eq!(status, 429, "{body}");
    assert!(headers.contains_key("retry-after"));
    assert!(body["error"].as_str().unwrap().contains("hold 4 bot seats"), "{body}");
    // Another address has its own share.
    let (status, _, body) = server.post_from("/api/games", &game, Some("10.1.0.2")).await;
    assert_eq!(status, 201, "{body}");
    // The hoarder's people never act; reading the games does not keep their seats held.
    for _ in 0..4 {
        for id in &hoarded {
            assert_eq!(server.get(&format!("/api/games/{id}")).await.0, 200);
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    for address in ["10.1.0.1", "10.1.0.3", "10.1.0.3"] {
        let (status, _, body) = server.post_from("/api/games", &game, Some(address)).await;
        assert_eq!(status, 201, "{address}: {body}");
    }
    server.stop().await;
}

/// A stalled disk: an action whose write hangs is answered `202` with `"pending": true` when
/// the request time runs out (not `408`, since it may still be stored), and it is applied when
/// the write completes; meanwhile another game's view answers at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_action_stuck_on_a_stalled_disk_is_pending_not_refused() {
    let limits = Limits { request_timeout: Duration::from_millis(800), ..Limits::default() };
    let dir = tempfile::tempdir().unwrap();
    let config =
        Config { db: Some(dir.path().join("games.db")), limits, bot_delay: Duration::ZERO, ..Config::default() };
    let server = Running::with(config).await;
    let (id, token) = server.hot_seat_game().await;
    let (other, _) = server.hot_seat_game().await;
    let (_, view) = server.get(&format!("/api/games/{id}?token={token}")).await;
    let place = legal(&view)[0].clone();
    server.state.store.simulate_stall(Duration::from_millis(2500));
    let body = json!({"token": token, "action": place, "version": 0}).to_string();
    let started = std::time::Instant::now();
    let (status, answer) = server.post(&format!("/api/games/{id}/actions"), &body).await;
    assert_eq!(status, 202, "{answer}");
    assert_eq!(answer["pending"], true, "{answer}");
    assert!(started.elapsed() < Duration::from_millis(2000), "{:?}", started.elapsed());
    // Another game's view does not wait for the stuck write.
    let read = std::time::Instant::now();
    assert_eq!(server.get(&format!("/api/games/{other}")).await.0, 200);
    assert!(read.elapsed() < Duration::from_millis(500), "{:?}", read.elapsed());
    // The write completes: the action is applied and shows in the view.
    server.state.store.simulate_stall(Duration::ZERO);
    let mut version = 0;
    for _ in 0..50 {
        version = server.get(&format!("/api/games/{id}")).await.1["version"].as_u64().unwrap();
        if version == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(version, 1, "the pending action was applied once its write completed");
    server.stop().await;
}

/// The answers hyper makes by itself, before the router sees the request (a request it cannot
/// parse: `400`; too many headers: `431`), carry the same security headers as every other
/// answer, and a good request on the same server is answered as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_made_by_the_http_layer_carry_the_security_headers() {
    use tokio::io::AsyncWriteExt;
    let server = Running::start(None).await;
    let many_headers: String = (0..150).map(|i| format!("x-h{i}: {i}\r\n")).collect();
    for (request, status) in [
        ("GET / HTTP/1.1\r\nhost: a\r\nno colon here\r\n\r\n".to_string(), "400"),
        ("GET /\x01 HTTP/1.1\r\nhost: a\r\n\r\n".to_string(), "400"),
        (format!("GET / HTTP/1.1\r\nhost: a\r\n{many_headers}\r\n"), "431"),
    ] {
        let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
        stream.write_all(request.as_bytes()).await.unwrap();
        let answer = read_raw(&mut stream, Duration::from_secs(5)).await;
        let head = answer.split("\r\n\r\n").next().unwrap().to_ascii_lowercase();
        assert!(head.starts_with(&format!("http/1.1 {status}")), "{request:?}: {answer:?}");
        for header in [
            "x-content-type-options: nosniff",
            "x-frame-options: deny",
            "content-security-policy:",
            "referrer-policy: no-referrer",
        ] {
            assert!(head.contains(header), "{request:?}: {header} missing from {head:?}");
        }
        assert_eq!(head.matches("x-content-type-options").count(), 1, "{head}");
    }
    let page = server.http.get(server.url("/")).send().await.unwrap();
    assert_eq!(page.status().as_u16(), 200);
    assert_eq!(page.headers().get_all("x-content-type-options").iter().count(), 1);
    let body = page.text().await.unwrap();
    assert!(
        body.contains("<html") || body.contains("<!DOCTYPE") || body.contains("<!doctype"),
        "{}",
        &body[..100.min(body.len())]
    );
    server.stop().await;
}
