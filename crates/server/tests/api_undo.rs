//! Taking back one's own last action (`POST /api/games/{id}/undo`, docs/api.md) through real
//! HTTP: who may, when, what the views and events say, and that a restart on the same database
//! brings back the game exactly as its clients saw it.

mod support;

use support::*;

/// The first legal action of a kind in a view.
fn first_of(view: &Value, kind: &str) -> Value {
    let action = legal(view).into_iter().find(|a| a["action"] == kind).unwrap_or_else(|| panic!("no {kind} in {view}"));
    let mut action = action.clone();
    action.as_object_mut().unwrap().remove("label");
    action.as_object_mut().unwrap().remove("at");
    action
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_takes_back_a_placement_until_the_next_tile_is_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let server = Running::start(Some(db.clone())).await;
    let created = server.create(json!({"seats": [{"player": "human"}, {"player": "human"}]})).await;
    let id = created["id"].as_str().unwrap().to_string();
    let token = |seat: usize| created["seats"][seat]["token"].as_str().unwrap().to_string();
    let view_of = |seat: Option<usize>| match seat {
        Some(s) => format!("/api/games/{id}?token={}", token(s)),
        None => format!("/api/games/{id}"),
    };
    let undo_path = format!("/api/games/{id}/undo");
    let act_path = format!("/api/games/{id}/actions");

    // Nothing to take back before the first action.
    let (_, start) = server.get(&view_of(Some(0))).await;
    assert_eq!(start["undo"], Value::Null, "no undo offered at the start");
    let (status, refused) = server.post(&undo_path, &json!({"token": token(0)}).to_string()).await;
    assert_eq!(status, 409, "{refused}");
    assert!(refused["error"].as_str().unwrap().contains("nothing to take back"), "{refused}");

    // Seat 0 places its tile: its decision on figures is pending, so it may take the placement back.
    let place = first_of(&start, "place");
    let body = json!({"token": token(0), "action": place, "version": start["version"]});
    let (status, placed) = server.post(&act_path, &body.to_string()).await;
    assert_eq!(status, 200, "{placed}");
    assert_eq!(placed["pending"]["decision"], "deploy");
    assert_eq!(placed["undo"], true, "the placing seat is offered the undo");
    let (_, placed_seen) = server.get(&view_of(Some(0))).await;
    assert_eq!(server.get(&view_of(Some(1))).await.1["undo"], Value::Null, "the other seat is not");
    assert_eq!(server.get(&view_of(None)).await.1["undo"], Value::Null, "a spectator is not");

    // Only the placing seat's link may, and only at the version shown.
    let (status, refused) = server.post(&undo_path, &json!({"token": token(1)}).to_string()).await;
    assert_eq!((status, refused["field"].as_str()), (403, Some("token")), "{refused}");
    let (status, refused) = server.post(&undo_path, "{}").await;
    assert_eq!((status, refused["field"].as_str()), (403, Some("token")), "{refused}");
    let stale = json!({"token": token(0), "version": start["version"]});
    let (status, refused) = server.post(&undo_path, &stale.to_string()).await;
    assert_eq!((status, refused["field"].as_str()), (409, Some("version")), "{refused}");
    let (status, refused) = server.post(&undo_path, &json!({"token": token(0), "colour": 1}).to_string()).await;
    assert_eq!(status, 400, "an unknown field is refused: {refused}");
    assert_eq!(server.get(&view_of(Some(0))).await.1, placed_seen, "the refusals changed nothing");

    // The undo: the same tile to place again, the board as before, and an event that says so.
    let body = json!({"token": token(0), "version": placed["version"]});
    let (status, undone) = server.post(&undo_path, &body.to_string()).await;
    assert_eq!(status, 200, "{undone}");
    assert_eq!(undone["pending"], start["pending"], "the same decision as before the placement");
    assert_eq!(undone["board"], start["board"]);
    assert_eq!(undone["legal"], start["legal"]);
    assert!(undone["version"].as_u64() > placed["version"].as_u64(), "the version only grows");
    assert_eq!(undone["undo"], Value::Null, "one action is taken back, not two");
    let last = undone["events"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["type"], "undone");
    assert!(last["text"].as_str().unwrap().contains("takes back their last action"), "{last}");
    let (status, refused) = server.post(&undo_path, &json!({"token": token(0)}).to_string()).await;
    assert_eq!(status, 409, "{refused}");

    // Placed again elsewhere (the last legal place), then the turn ends: the next tile is drawn,
    // which nothing takes back.
    let places: Vec<Value> = legal(&undone).into_iter().filter(|a| a["action"] == "place").collect();
    let mut again = places.last().unwrap().clone();
    again.as_object_mut().unwrap().remove("label");
    let body = json!({"token": token(0), "action": again, "version": undone["version"]});
    let (status, placed) = server.post(&act_path, &body.to_string()).await;
    assert_eq!(status, 200, "{placed}");
    let body = json!({"token": token(0), "action": first_of(&placed, "pass"), "version": placed["version"]});
    let (status, passed) = server.post(&act_path, &body.to_string()).await;
    assert_eq!(status, 200, "{passed}");
    assert_eq!(passed["undo"], Value::Null);
    let (status, refused) = server.post(&undo_path, &json!({"token": token(0)}).to_string()).await;
    assert_eq!(status, 409, "{refused}");

    // A restart on the same database shows both seats the game as it was, events included,
    // and it goes on.
    let before: Vec<Value> = [server.get(&view_of(Some(0))).await.1, server.get(&view_of(Some(1))).await.1].into();
    server.stop().await;
    let server = Running::start(Some(db)).await;
    let after: Vec<Value> = [server.get(&view_of(Some(0))).await.1, server.get(&view_of(Some(1))).await.1].into();
    assert_eq!(after, before, "the same views after a restart");
    let view = &after[1];
    let body = json!({"token": token(1), "action": first_of(view, "place"), "version": view["version"]});
    let (status, answer) = server.post(&act_path, &body.to_string()).await;
    assert_eq!(status, 200, "{answer}");
    server.stop().await;
}

/// A finished game's record holds only the actions that stood: the one taken back is gone, and
/// the record replays to the game's final scores.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_leaves_out_what_was_taken_back() {
    let server = Running::start(None).await;
    let (id, token) = server.hot_seat_game().await;
    let act_path = format!("/api/games/{id}/actions");
    let view_path = format!("/api/games/{id}?token={token}");
    let mut undos = 0;
    let mut n = 0;
    loop {
        let (_, view) = server.get(&view_path).await;
        if view["status"] == "over" {
            break;
        }
        // Every few turns a placement is taken back before it is placed again.
        if view["undo"] == true && n % 5 == 0 {
            let body = json!({"token": token, "version": view["version"]});
            let (status, answer) = server.post(&format!("/api/games/{id}/undo"), &body.to_string()).await;
            assert_eq!(status, 200, "{answer}");
            undos += 1;
            n += 1;
            continue;
        }
        let body = json!({"token": token, "action": pick(&view, n), "version": view["version"]});
        assert_eq!(server.post(&act_path, &body.to_string()).await.0, 200);
        n += 1;
    }
    assert!(undos > 3, "{undos} undos");
    let (_, view) = server.get(&view_path).await;
    let (status, record) = server.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 200);
    let record: Record = serde_json::from_value(record).unwrap();
    let replay = record.replay().unwrap();
    let scores: Vec<u64> = replay.game.players().iter().map(|p| p.score as u64).collect();
    let shown: Vec<u64> = view["seats"].as_array().unwrap().iter().map(|s| s["score"].as_u64().unwrap()).collect();
    assert_eq!(scores, shown);
    assert_eq!(view["version"].as_u64().unwrap() as usize, record.actions.len() + 2 * undos);
    server.stop().await;
}

/// Plays two-seat games of `expansions` between two human seats, `choose` picking each action
/// among the legal ones (placements as near the start as they go, for a crowded board), until
/// an action taken is one `decisive` marks (given the action, the seat and the view after it):
/// then checks that no undo is offered and that one asked for is refused. Panics when no such
/// action comes in `games` games (the server deals at random).
async fn no_undo_after(
    expansions: &[&str],
    games: usize,
    choose: impl Fn(&[Value]) -> Value,
    decisive: impl Fn(&Value, usize, &Value) -> bool,
) {
    let server = Running::start(None).await;
    for _game in 0..games {
        let created = server
            .create(json!({"seats": [{"player": "human"}, {"player": "human"}], "rules": {"expansions": expansions}}))
            .await;
        let id = created["id"].as_str().unwrap().to_string();
        let tokens: Vec<String> = (0..2).map(|s| created["seats"][s]["token"].as_str().unwrap().to_string()).collect();
        loop {
            let (_, view) = server.get(&format!("/api/games/{id}")).await;
            if view["status"] == "over" {
                break;
            }
            let seat = view["pending"]["seat"].as_u64().unwrap() as usize;
            let (_, view) = server.get(&format!("/api/games/{id}?token={}", tokens[seat])).await;
            let actions = legal(&view);
            let near = |a: &&Value| a["x"].as_i64().unwrap_or(0).abs() + a["y"].as_i64().unwrap_or(0).abs();
            let mut action = if actions[0]["action"] == "place" {
                actions.iter().min_by_key(near).unwrap().clone()
            } else {
                choose(&actions)
            };
            action.as_object_mut().unwrap().remove("label");
            action.as_object_mut().unwrap().remove("at");
            let body = json!({"token": tokens[seat], "action": action, "version": view["version"]});
            let (status, after) = server.post(&format!("/api/games/{id}/actions"), &body.to_string()).await;
            assert_eq!(status, 200, "{after}");
            if decisive(&action, seat, &after) {
                assert_eq!(after["undo"], Value::Null, "no undo is offered: {after}");
                let undo = json!({"token": tokens[seat]});
                let (status, refused) = server.post(&format!("/api/games/{id}/undo"), &undo.to_string()).await;
                assert_eq!(status, 409, "{refused}");
                server.stop().await;
                return;
            }
        }
    }
    panic!("no decisive action in {games} games of {expansions:?}");
}

/// The Flier: a flight rolls the die, which taken back would let the player decide again knowing
/// the roll; so while the flown follower waits to land, no undo is offered, and one asked for is
/// refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flight_is_never_taken_back() {
    // A flight wherever one is offered, else a pass.
    let choose = |actions: &[Value]| {
        let flight = actions.iter().find(|a| a["action"] == "fly");
        flight.or_else(|| actions.iter().find(|a| a["action"] == "pass")).unwrap_or(&actions[0]).clone()
    };
    let landing = |action: &Value, _seat: usize, after: &Value| {
        action["action"] == "fly" && after["pending"]["decision"] == "land"
    };
    no_undo_after(&["flier"], 6, choose, landing).await;
}

/// The Catapult: a flick that lands next to another player's follower leaves its player a
/// seduction to decide; the flick is never taken back (its landing would be known).
#[tokio::test]
async fn a_flick_is_never_taken_back() {
    // A follower wherever one goes (a crowded board, where seductions land near followers);
    // seduction tokens.
    let choose = |actions: &[Value]| {
        let wanted = |a: &&Value| a["action"] == "deploy" || a["token"] == "seduction" || a["action"] == "flick";
        actions.iter().find(wanted).unwrap_or(&actions[0]).clone()
    };
    let seduction = |action: &Value, seat: usize, after: &Value| {
        action["action"] == "flick"
            && after["pending"]["decision"] == "seduce"
            && after["pending"]["seat"].as_u64() == Some(seat as u64)
    };
    no_undo_after(&["catapult"], 10, choose, seduction).await;
}
