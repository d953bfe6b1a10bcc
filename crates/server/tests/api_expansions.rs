//! Expansions and variations through real HTTP and WebSocket connections on loopback: The
//! Count's quarters, the held cloister, hands seen only by their owners.

mod support;

use support::*;

/// The Count of Carcassonne through HTTP and the WebSocket: the view shows the city's quarters
/// with the count in the castle; bots deploy to Carcassonne in a game and the view and its
/// events show who waits where; a deployment to Carcassonne out of its time and an unknown
/// quarter are refused with their field, the game unchanged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_count_of_carcassonne_shows_its_quarters_and_refuses_bad_actions() {
    let server = Running::start(None).await;
    let created = server
        .create(json!({"seats": [{"player": "human"}, {"player": "human"}], "rules": {"expansions": ["count"]}}))
        .await;
    let id = created["id"].as_str().unwrap();
    let red = created["seats"][0]["token"].as_str().unwrap();
    let (_, view) = server.get(&format!("/api/games/{id}?token={red}")).await;
    assert_eq!(view["board"].as_array().unwrap().len(), 12, "the city of Carcassonne starts the game");
    let city = &view["carcassonne"];
    assert_eq!(city["count"], "castle");
    let quarters: Vec<&str> =
        city["quarters"].as_array().unwrap().iter().map(|q| q["quarter"].as_str().unwrap()).collect();
    assert_eq!(quarters, ["castle", "market", "blacksmith", "cathedral"]);
    assert_eq!(city["quarters"][0]["feeds"], "city");
    assert_eq!(city["quarters"][0]["blocked"], true);
    assert!(city["quarters"].as_array().unwrap().iter().all(|q| q["residents"] == json!([])));
    let path = format!("/api/games/{id}/actions");
    let body = |action: Value| json!({"token": red, "action": action}).to_string();
    let early = json!({"action": "carcassonne", "figure": "follower", "quarter": "castle"});
    let (status, error) = server.post(&path, &body(early)).await;
    assert_eq!((status, error["field"].as_str()), (422, Some("action")), "{error}");
    assert!(error["error"].as_str().unwrap().contains("deployment to Carcassonne"), "{error}");
    let (status, error) = server.post(&path, &body(json!({"action": "move-count", "quarter": "palace"}))).await;
    assert_eq!(status, 400, "{error}");
    assert!(error["error"].as_str().unwrap().contains("palace"), "{error}");
    let (_, after) = server.get(&format!("/api/games/{id}?token={red}")).await;
    assert_eq!(after["version"], view["version"]);
    server.stop().await;
    // Bots: a game of greedy bots on a fixed deck sends a follower to Carcassonne. The server
    // deals new games from a secret seed, so the game is written to the database first and the
    // server resumes it; bots draw their own seeds from the deck's seed, so the game is the same
    // on every run.
    let seed = COUNT_BOTS_SEED;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let store = carcassonne_server::store::Store::open(&db).unwrap();
    let record = json!({"version": 2, "rules": {"expansions": ["count"]},
                        "players": ["red", "blue", "green"], "deck": {"seed": seed}});
    let seats = json!([{"name": "A", "player": "greedy"}, {"name": "B", "player": "greedy"},
                       {"name": "C", "player": "greedy"}]);
    let stored = carcassonne_server::store::StoredGame {
        id: "count-bots".into(),
        created: 1,
        record: record.to_string(),
        seats: seats.to_string(),
        chat: vec![],
        turn_clock: None,
    };
    store.insert_game(&stored).unwrap();
    drop(store);
    let server = Running::start(Some(db)).await;
    let mut spectator = server.ws("count-bots", None).await;
    let last = spectator.until_over().await;
    let (_, full) = server.get(&format!("/api/games/count-bots/replay?step={}", last["version"])).await;
    let events = full["events"].as_array().cloned().unwrap_or_default();
    let entered: Vec<&Value> = events.iter().filter(|e| e["type"] == "figure-to-quarter").collect();
    assert!(!entered.is_empty(), "deck seed {seed}: the greedy bots never went to Carcassonne");
    assert!(entered[0]["text"].as_str().unwrap().contains("quarter of Carcassonne"), "{}", entered[0]);
    assert!(last["carcassonne"]["quarters"].is_array());
    server.stop().await;
}

/// The deck seed of the stored game of greedy bots in
/// `the_count_of_carcassonne_shows_its_quarters_and_refuses_bad_actions`, one where a follower
/// goes to Carcassonne.
const COUNT_BOTS_SEED: u64 = 1;

/// The official variations through HTTP: the options group them with their authors; a game with
/// "Cloisters for everyone!", "Follower unpunctuality" and "Fewer followers" shows each seat's
/// cloister and 6 followers for 3 seats, asks first for the held cloister, which the `held-tile`
/// action plays (the next decision places it); a follower onto the tile just placed is refused
/// with its field, the game unchanged; bots finish such a game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_official_variations_show_the_held_cloister_and_refuse_an_unpunctual_follower() {
    let server = Running::start(None).await;
    let (_, options) = server.get("/api/options").await;
    let variant = |id: &str| options["variants"].as_array().unwrap().iter().find(|v| v["id"] == id).cloned().unwrap();
    assert_eq!(variant("fewer-followers")["group"], "variation");
    assert_eq!(variant("fewer-followers")["author"], "Holger Peine");
    assert_eq!(variant("cloisters-for-everyone")["author"], "Bernd Eisenstein");
    assert_eq!(variant("farmer-scoring")["group"], "rule-difference");
    assert!(variant("farmer-scoring").get("author").is_none());
    let variants = json!({"cloisters-for-everyone": true, "follower-unpunctuality": true, "fewer-followers": true});
    let created = server
        .create(json!({"seats": [{"player": "human"}, {"player": "human"}, {"player": "human"}],
                       "rules": {"variants": variants}}))
        .await;
    let id = created["id"].as_str().unwrap();
    let red = created["seats"][0]["token"].as_str().unwrap();
    let (_, view) = server.get(&format!("/api/games/{id}?token={red}")).await;
    for seat in view["seats"].as_array().unwrap() {
        assert_eq!(seat["held_tile"], "base:B", "{seat}");
        assert_eq!(seat["supply"]["follower"], 6, "{seat}");
    }
    assert_eq!(view["pending"]["decision"], "held-tile", "{}", view["pending"]);
    assert_eq!(view["pending"]["tile"], "base:B");
    let actions: Vec<Value> = legal(&view).iter().map(|a| a["action"].clone()).collect();
    assert_eq!(actions, [json!("held-tile"), json!("pass")]);
    let path = format!("/api/games/{id}/actions");
    let body = |action: Value| json!({"token": red, "action": action}).to_string();
    let (status, view) = server.post(&path, &body(json!({"action": "held-tile"}))).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["pending"]["decision"], "place");
    assert_eq!(view["pending"]["tile"], "base:B");
    assert!(view["seats"][0].get("held_tile").is_none(), "{}", view["seats"][0]);
    assert!(view["events"].as_array().unwrap().iter().any(|e| e["type"] == "held-tile-played"));
    // The cloister south of the start tile; a monk on it is refused, the earlier tiles offered.
    let (status, view) = server.post(&path, &body(json!({"action": "place", "x": 0, "y": 1, "rotation": 0}))).await;
    assert_eq!(status, 200, "{view}");
    let (status, error) =
        server.post(&path, &body(json!({"action": "deploy", "figure": "follower", "feature": "cloister"}))).await;
    assert_eq!((status, error["field"].as_str()), (422, Some("action")), "{error}");
    assert!(error["error"].as_str().unwrap().contains("just placed"), "{error}");
    let (_, after) = server.get(&format!("/api/games/{id}?token={red}")).await;
    assert_eq!(after["version"], view["version"]);
    let earlier: Vec<Value> = legal(&after).into_iter().filter(|a| a["action"] == "deploy").collect();
    assert!(!earlier.is_empty());
    for a in &earlier {
        assert_eq!((a["x"].as_i64(), a["y"].as_i64()), (Some(0), Some(0)), "{a}");
        assert!(a["label"].as_str().unwrap().starts_with("onto an earlier tile"), "{a}");
    }
    // Bots play such a game to the end.
    let created = server
        .create(json!({"seats": [{"player": "greedy"}, {"player": "random"}], "rules": {"variants": variants}}))
        .await;
    let bots = created["id"].as_str().unwrap().to_owned();
    let mut spectator = server.ws(&bots, None).await;
    let last = spectator.until_over().await;
    assert_eq!(last["pending"]["decision"], "over");
    server.stop().await;
}

/// Hidden hands through HTTP and the WebSocket ("More tiles in hand"): each seat's view shows
/// its own tiles and only the number of the others'; a spectator sees none; the seat to play is
/// offered its own tiles, and a tile not in its hand is refused with its field, the game
/// unchanged; the chosen tile is then placed like a drawn one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hands_are_seen_only_by_their_owners() {
    let server = Running::start(None).await;
    let created = server
        .create(json!({"seats": [{"player": "human"}, {"player": "human"}, {"player": "human"}],
                       "rules": {"variants": {"tiles-in-hand": "three"}}}))
        .await;
    let id = created["id"].as_str().unwrap();
    let token = |seat: usize| created["seats"][seat]["token"].as_str().unwrap().to_owned();
    let (red, blue) = (token(0), token(1));
    let (_, red_view) = server.get(&format!("/api/games/{id}?token={red}")).await;
    let (_, blue_view) = server.get(&format!("/api/games/{id}?token={blue}")).await;
    let (_, spectator) = server.get(&format!("/api/games/{id}")).await;
    let red_hand: Vec<String> =
        red_view["seats"][0]["hand"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_owned()).collect();
    assert_eq!(red_hand.len(), 3);
    for view in [&red_view, &blue_view, &spectator] {
        for (seat, s) in view["seats"].as_array().unwrap().iter().enumerate() {
            assert_eq!(s["hand_size"], 3, "{s}");
            let own = view == &red_view && seat == 0 || view == &blue_view && seat == 1;
            assert_eq!(s.get("hand").is_some(), own, "seat {seat}'s hand in another's view: {s}");
        }
    }
    assert_eq!(red_view["pending"], json!({"decision": "choose-tile", "seat": 0, "from": "hand"}));
    assert!(blue_view.get("legal").is_none(), "blue is not offered red's choices");
    let offered: Vec<String> = legal(&red_view).iter().map(|a| a["tile"].as_str().unwrap().to_owned()).collect();
    assert!(offered.iter().all(|t| red_hand.contains(t)), "{offered:?} from {red_hand:?}");
    // Blue's live view never carries red's hand.
    let mut blue_ws = server.ws(id, Some(&blue)).await;
    let first = blue_ws.state_at(0).await;
    assert!(first["seats"][0].get("hand").is_none());
    let path = format!("/api/games/{id}/actions");
    let body = |action: Value| json!({"token": red, "action": action}).to_string();
    let missing =
        ["base:A", "base:B", "base:C", "base:X"].into_iter().find(|t| !red_hand.iter().any(|h| h == t)).unwrap();
    let (status, error) = server.post(&path, &body(json!({"action": "choose-tile", "tile": missing}))).await;
    assert_eq!((status, error["field"].as_str()), (422, Some("action")), "{error}");
    assert!(error["error"].as_str().unwrap().contains("not yours to choose"), "{error}");
    let (_, after) = server.get(&format!("/api/games/{id}?token={red}")).await;
    assert_eq!(after["version"], red_view["version"]);
    let (status, view) = server.post(&path, &body(json!({"action": "choose-tile", "tile": offered[0]}))).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["pending"]["decision"], "place");
    assert_eq!(view["pending"]["tile"], offered[0].as_str());
    assert_eq!(view["seats"][0]["hand_size"], 2);
    let seen = blue_ws.state_at(view["version"].as_u64().unwrap()).await;
    assert!(seen["seats"][0].get("hand").is_none());
    assert_eq!(seen["seats"][0]["hand_size"], 2);
    let texts: Vec<&str> = seen["events"].as_array().unwrap().iter().filter_map(|e| e["text"].as_str()).collect();
    assert!(texts.iter().any(|t| t.contains("takes")), "{texts:?}");
    server.stop().await;
}

/// "Only one can choose" face down: the distributor's tiles and each tile handed out are seen by
/// their holder only (the others see how many), the hand-out is offered to the distributor
/// alone, a gift to a player who may not receive one is refused with the field named, and the
/// log says who received a tile but not which. Face up, every view shows every hand.
#[tokio::test]
async fn tiles_handed_out_face_down_are_seen_only_by_their_holders() {
    let server = Running::start(None).await;
    let created = server
        .create(json!({"seats": [{"player": "human"}, {"player": "human"}, {"player": "human"}],
                       "rules": {"variants": {"only-one-can-choose": "face-down"}}}))
        .await;
    let id = created["id"].as_str().unwrap();
    let token = |seat: usize| created["seats"][seat]["token"].as_str().unwrap().to_owned();
    let (red, blue, green) = (token(0), token(1), token(2));
    let (_, red_view) = server.get(&format!("/api/games/{id}?token={red}")).await;
    assert_eq!(red_view["pending"], json!({"decision": "give-tile", "seat": 0, "recipients": [1, 2]}));
    let red_hand: Vec<String> =
        red_view["seats"][0]["hand"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_owned()).collect();
    assert_eq!(red_hand.len(), 3);
    let (_, green_view) = server.get(&format!("/api/games/{id}?token={green}")).await;
    assert!(green_view["seats"][0].get("hand").is_none(), "{}", green_view["seats"][0]);
    assert_eq!(green_view["seats"][0]["hand_size"], 3);
    assert!(green_view.get("legal").is_none(), "green is not offered red's hand-out");
    let path = format!("/api/games/{id}/actions");
    let body = |action: Value| json!({"token": red, "action": action}).to_string();
    let (status, error) =
        server.post(&path, &body(json!({"action": "give-tile", "tile": red_hand[0], "to": "red"}))).await;
    assert_eq!((status, error["field"].as_str()), (422, Some("action")), "{error}");
    assert!(error["error"].as_str().unwrap().contains("cannot receive a tile"), "{error}");
    let (status, view) =
        server.post(&path, &body(json!({"action": "give-tile", "tile": red_hand[0], "to": "blue"}))).await;
    assert_eq!(status, 200, "{view}");
    let (_, blue_view) = server.get(&format!("/api/games/{id}?token={blue}")).await;
    assert_eq!(blue_view["seats"][1]["hand"], json!([red_hand[0]]));
    let (_, green_view) = server.get(&format!("/api/games/{id}?token={green}")).await;
    assert!(green_view["seats"][1].get("hand").is_none());
    assert_eq!(green_view["seats"][1]["hand_size"], 1);
    let given: Vec<&Value> =
        green_view["events"].as_array().unwrap().iter().filter(|e| e["type"] == "tile-given").collect();
    assert_eq!(given.len(), 1, "{}", green_view["events"]);
    assert!(given[0]["tile"].is_null(), "{}", given[0]);
    assert!(given[0]["text"].as_str().unwrap().contains("hands a tile to"), "{}", given[0]);
    server.stop().await;

    let server = Running::start(None).await;
    let created = server
        .create(json!({"seats": [{"player": "human"}, {"player": "human"}],
                       "rules": {"variants": {"only-one-can-choose": "face-up"}}}))
        .await;
    let id = created["id"].as_str().unwrap();
    let (_, spectator) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(spectator["seats"][0]["hand"].as_array().map(Vec::len), Some(2), "{}", spectator["seats"][0]);
    server.stop().await;
}

/// Little Buildings through HTTP: each seat shows the buildings it has left (by kind under the
/// variant); after a placement the building is offered with its words and its anchor; putting
/// it there shows it on the board, in the seat's count and in the event's text; a building of a
/// kind under the expansion's rules is refused with its field, the game unchanged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn little_buildings_show_on_the_board_and_in_the_seats() {
    let server = Running::start(None).await;
    let created = server
        .create(
            json!({"seats": [{"player": "human"}, {"player": "human"}], "rules": {"expansions": ["little-buildings"]}}),
        )
        .await;
    let id = created["id"].as_str().unwrap();
    let red = created["seats"][0]["token"].as_str().unwrap();
    let (_, view) = server.get(&format!("/api/games/{id}?token={red}")).await;
    assert_eq!(view["seats"][0]["little_buildings"], json!({"left": 9}));
    assert!(view.get("little_buildings").is_none(), "no building on the board yet");
    let path = format!("/api/games/{id}/actions");
    let place = view["legal"].as_array().unwrap().iter().find(|a| a["action"] == "place").unwrap().clone();
    let mut place = place.as_object().unwrap().clone();
    place.remove("at");
    place.remove("label");
    let (status, view) = server.post(&path, &json!({"token": red, "action": place}).to_string()).await;
    assert_eq!(status, 200, "{view}");
    let offered: Vec<&Value> =
        view["legal"].as_array().unwrap().iter().filter(|a| a["action"] == "little-building").collect();
    assert_eq!(offered.len(), 1, "{}", view["legal"]);
    assert!(offered[0]["label"].as_str().unwrap().starts_with("put a little building on "), "{}", offered[0]);
    assert_eq!(offered[0]["at"], json!([0.16, 0.82]));
    let version = view["version"].clone();
    let (status, error) = server
        .post(&path, &json!({"token": red, "action": {"action": "little-building", "kind": "tower"}}).to_string())
        .await;
    assert_eq!((status, error["field"].as_str()), (422, Some("action")), "{error}");
    assert!(error["error"].as_str().unwrap().contains("equivalent"), "{error}");
    let (_, same) = server.get(&format!("/api/games/{id}?token={red}")).await;
    assert_eq!(same["version"], version);
    let (status, view) =
        server.post(&path, &json!({"token": red, "action": {"action": "little-building"}}).to_string()).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["seats"][0]["little_buildings"], json!({"left": 8}));
    let on_board = view["little_buildings"].as_array().unwrap();
    assert_eq!(on_board.len(), 1);
    assert_eq!((on_board[0]["seat"].as_u64(), &on_board[0]["kind"]), (Some(0), &Value::Null));
    let event = view["events"].as_array().unwrap().iter().find(|e| e["type"] == "building-placed").unwrap();
    assert!(event["text"].as_str().unwrap().contains("puts a little building on"), "{event}");
    server.stop().await;
    // Under the variant a seat has 3 of each kind.
    let server = Running::start(None).await;
    let created = server
        .create(json!({"seats": [{"player": "human"}, {"player": "human"}],
                       "rules": {"expansions": ["little-buildings"], "variants": {"little-buildings-values": true}}}))
        .await;
    let id = created["id"].as_str().unwrap();
    let (_, view) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(view["seats"][1]["little_buildings"], json!({"left": 9, "tower": 3, "house": 3, "shed": 3}));
    server.stop().await;
}
