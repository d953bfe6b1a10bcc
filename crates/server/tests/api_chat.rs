//! A game's chat (`POST /api/games/{id}/chat`, docs/api.md) through real HTTP and WebSocket
//! connections: seats write, everyone reads, bad messages are refused by field, and the chat
//! survives a restart.

mod support;

use support::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_chat_spectators_read_and_the_chat_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = Running::start(Some(db.clone())).await;
    let created =
        server.create(json!({"seats": [{"name": "Ann", "player": "human"}, {"name": "Ben", "player": "human"}]})).await;
    let id = created["id"].as_str().unwrap().to_string();
    let token = |seat: usize| created["seats"][seat]["token"].as_str().unwrap().to_string();
    let chat_path = format!("/api/games/{id}/chat");
    let say = |seat: Option<usize>, text: &str| match seat {
        Some(s) => json!({"token": token(s), "text": text}).to_string(),
        None => json!({"text": text}).to_string(),
    };

    // No chat yet: the view leaves the field out. A spectator's socket waits for news.
    let (_, view) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(view["chat"], Value::Null);
    let mut watcher = server.ws(&id, None).await;
    let first = watcher.next().await;
    assert_eq!(first["chat"], Value::Null);

    // Ann writes: her answer and every view end with the message, the socket brings it.
    let (status, answer) = server.post(&chat_path, &say(Some(0), "  Good luck, Ben!  ")).await;
    assert_eq!(status, 200, "{answer}");
    let message = answer["chat"].as_array().unwrap().last().unwrap().clone();
    assert_eq!((message["index"].as_u64(), message["seat"].as_u64()), (Some(0), Some(0)));
    assert_eq!(message["text"], "Good luck, Ben!");
    assert!(message["time"].as_i64().unwrap() > 1_700_000_000);
    let (_, spectator) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(spectator["chat"], json!([message]));
    let pushed = loop {
        let m = watcher.next().await;
        if m["type"] == "state" && m["chat"].is_array() {
            break m;
        }
    };
    assert_eq!(pushed["chat"], json!([message]), "the socket sends the new message only");

    // Refusals, each naming its field, storing nothing.
    let refusals = [
        (say(None, "hello"), 403, "token"),
        (json!({"token": "0".repeat(32), "text": "hello"}).to_string(), 403, "token"),
        (say(Some(1), "   "), 422, "text"),
        (say(Some(1), &"x".repeat(301)), 422, "text"),
        (say(Some(1), "a\u{1b}[31m"), 422, "text"),
    ];
    for (body, status, field) in refusals {
        let (got, error) = server.post(&chat_path, &body).await;
        assert_eq!((got, error["field"].as_str()), (status, Some(field)), "{body}: {error}");
    }
    let (status, error) = server.post(&chat_path, r#"{"token": "x"}"#).await;
    assert_eq!(status, 400, "a message without text: {error}");
    // One message at a time per seat: Ann again at once is asked to wait; Ben may write.
    let (status, error) = server.post(&chat_path, &say(Some(0), "and have fun")).await;
    assert_eq!(status, 429, "{error}");
    let (status, answer) = server.post(&chat_path, &say(Some(1), "Thanks, Ann\nyou too")).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["chat"].as_array().unwrap().len(), 2);
    assert_eq!(answer["chat"][1]["text"], "Thanks, Ann\nyou too");
    tokio::time::sleep(Duration::from_millis(800)).await;
    let (status, _) = server.post(&chat_path, &say(Some(0), "and have fun")).await;
    assert_eq!(status, 200);

    let (_, before) = server.get(&format!("/api/games/{id}?token={}", token(1))).await;
    drop(watcher);
    server.stop().await;
    let server = Running::start(Some(db)).await;
    let (_, after) = server.get(&format!("/api/games/{id}?token={}", token(1))).await;
    assert_eq!(after["chat"], before["chat"], "the chat after a restart");
    assert_eq!(after["chat"].as_array().unwrap().len(), 3);
    let (status, _) = server.post(&chat_path, &say(Some(1), "still here")).await;
    assert_eq!(status, 200);
    server.stop().await;
}
