//! Tests of the views of Bridges, Castles & Bazaars: a placement that needs a bridge and a
//! bridge beside the figure phase in words, the bridges on the board and the bridges left; the
//! castle's choice, the castles in the view and their events; the bazaar's offer, the auction's
//! decisions and their words, the tile bought, and the events' sentences and points by kind.

use carcassonne_engine::geometry::{Axis, Side};
use carcassonne_engine::{BridgeSpot, Catalog, Color, Deck, Event, Expansion, Figure, GameSetup, Pos, Rotation};

use super::super::*;
use super::{event_text, seats, view_json};

/// A two-player game (P0 red, P1 blue) with the expansion and the draw order `deck` (catalog ids).
fn bcb_game(deck: &[&str]) -> Game {
    let catalog = Catalog::builtin();
    let rules = Rules { expansions: vec![Expansion::BridgesCastlesBazaars], ..Rules::base() };
    let deck = deck.iter().map(|n| catalog.lookup(n).unwrap_or_else(|| panic!("{n}"))).collect();
    Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck: Deck::Order(deck) }).unwrap()
}

fn at(x: i16, y: i16) -> Pos {
    Pos::new(x, y)
}

/// The legal action `action` as offered, with its words.
fn offered(game: &Game, action: Action) -> LegalView {
    let record = carcassonne_engine::record::encode_action(game, action).without_actor();
    legal_views(game).into_iter().find(|l| l.action == record).unwrap_or_else(|| panic!("{action:?} not offered"))
}

fn place(game: &mut Game, x: i16, y: i16, degrees: i64) -> Vec<Event> {
    game.apply(Action::Place { pos: at(x, y), rotation: Rotation::from_degrees(degrees).unwrap() }).unwrap()
}

fn deploy(game: &mut Game, pos: Pos, name: &str) -> Vec<Event> {
    let placed = *game.board().get(pos).unwrap();
    let feature =
        carcassonne_engine::game::parse_feature_name(game.design(placed.tile), placed.rotation, name).unwrap();
    game.apply(Action::Deploy { figure: Figure::Follower, feature }).unwrap()
}

fn find(events: &[Event], what: fn(&Event) -> bool) -> Event {
    *events.iter().find(|e| what(e)).expect("the event")
}

/// A placement that fits only with a bridge is offered with its bridge in words, in record form
/// with the bridge's place and axis; the bridge is on the board (`bridges`, the bridged design)
/// and the seat has a bridge fewer; a bridge beside the figure phase is offered on the tile just
/// placed with a marker, in words.
#[test]
fn bridges_are_offered_and_shown_in_words() {
    let seats = seats(2);
    let tally = Tally::new(2);
    let mut game = bcb_game(&["base:B", "base:B", "base:U", "base:B"]);
    let view = view_json(&game, &seats, &tally);
    assert_eq!(view["bridges"], serde_json::json!([]));
    assert_eq!(view["castles"], serde_json::json!([]));
    assert!(view["bazaar"].is_null());
    assert_eq!(
        (view["seats"][0]["bridges_left"].as_i64(), view["seats"][0]["castle_tokens"].as_i64()),
        (Some(3), Some(3))
    );
    assert!(view["seats"][1]["bought_tile"].is_null());

    // Red: the cloister east of the start tile's road fits only with a bridge across it.
    let bridged = Action::PlaceBridged {
        pos: at(1, 0),
        rotation: Rotation::R0,
        bridge: BridgeSpot { on: None, axis: Axis::EastWest },
    };
    let legal = offered(&game, bridged);
    assert_eq!(
        legal.label,
        "1 tile east of the start tile, turned 0°, with a bridge from east to west across it (it fits only so)"
    );
    let record = serde_json::to_value(&legal).unwrap();
    assert_eq!(
        (record["action"].as_str(), record["bridge_x"].as_i64(), record["bridge_y"].as_i64(), record["axis"].as_str()),
        (Some("place-bridged"), Some(1), Some(0), Some("ew"))
    );
    let events = game.apply(bridged).unwrap();
    let built = find(&events, |e| matches!(e, Event::BridgeBuilt { .. }));
    assert_eq!(
        event_text(&game, &built),
        "P0 builds a bridge from east to west across the tile 1 tile east of the start tile"
    );
    let names = ["P0".to_string(), "P1".to_string()];
    let json = serde_json::to_value(event_view(&game, &names, 0, Some(0), &built)).unwrap();
    assert_eq!((json["type"].as_str(), json["axis"].as_str()), (Some("bridge-built"), Some("ew")));
    let view = view_json(&game, &seats, &tally);
    assert_eq!(
        view["bridges"],
        serde_json::json!([{"x": 1, "y": 0, "axis": "ew",
            "label": "A wooden bridge from east to west across the tile 1 tile east of the start tile"}])
    );
    assert_eq!(view["board"][1]["tile"], "base:B+bridge-ew");
    assert_eq!(view["seats"][0]["bridges_left"], 2);
    game.apply(Action::Pass).unwrap();

    // Blue: a cloister south of the start tile; a bridge may cross it east to west, beside the
    // figure phase, which stays open.
    place(&mut game, 0, 1, 0);
    let bridge = Action::Bridge { pos: at(0, 1), axis: Axis::EastWest };
    let legal = offered(&game, bridge);
    assert_eq!(
        legal.label,
        "build a bridge from east to west across the tile just placed, a road over its farms (2 bridges left after it)"
    );
    assert_eq!(legal.at, Some([0.78, 0.5]));
    game.apply(bridge).unwrap();
    assert!(matches!(game.pending(), Pending::Deploy { player: 1, .. }));
    let view = view_json(&game, &seats, &tally);
    assert_eq!(view["bridges"][1]["axis"], "ew");
    assert_eq!(view["seats"][1]["bridges_left"], 2);
    let bridge_road = offered(&game, {
        let placed = *game.board().get(at(0, 1)).unwrap();
        let feature = game.design(placed.tile).bridge.unwrap();
        Action::Deploy { figure: Figure::Follower, feature }
    });
    assert!(bridge_road.label.contains("road"), "{}", bridge_road.label);
    // The tile names its bridge in words.
    assert!(words::tile_name(game.design(game.board().get(at(0, 1)).unwrap().tile)).ends_with("a wooden bridge"));
    let _ = Side::North;
}

/// The castle's choice (`castle`, with the town's two tiles), its two actions in words; the
/// castle in the view with its fief; its events, and its points under `castle`.
#[test]
fn a_castle_is_offered_and_shown_in_words() {
    let seats = seats(2);
    let names = ["P0".to_string(), "P1".to_string()];
    let mut tally = Tally::new(2);
    let mut game = bcb_game(&["base:E", "base:A", "base:A", "base:B"]);
    place(&mut game, 0, -1, 180);
    deploy(&mut game, at(0, -1), "city@S");
    let view = view_json(&game, &seats, &tally);
    assert_eq!(
        view["pending"],
        serde_json::json!({"decision": "castle", "seat": 0, "x": 0, "y": -1, "other": {"x": 0, "y": 0}})
    );
    assert_eq!(
        offered(&game, Action::BuildCastle).label,
        "build a castle on the town: it scores nothing now and your follower stays in it; the castle takes the points of the next road, city, cloister or castle completed on its six tiles"
    );
    assert_eq!(offered(&game, Action::Pass).label, "score the town as usual");
    let events = game.apply(Action::BuildCastle).unwrap();
    let built = find(&events, |e| matches!(e, Event::CastleBuilt { .. }));
    assert!(event_text(&game, &built).starts_with("P0 turns the town of the tiles "), "{}", event_text(&game, &built));
    let view = view_json(&game, &seats, &tally);
    let castle = &view["castles"][0];
    assert_eq!((castle["seat"].as_i64(), castle["scored"].as_bool()), (Some(0), Some(false)));
    assert_eq!(castle["fief"].as_array().unwrap().len(), 6);
    assert!(castle["label"].as_str().unwrap().starts_with("P0's castle on the town of the tiles"));
    assert_eq!(view["seats"][0]["castle_tokens"], 2);

    // Blue and red close the start tile's road on the castle's tiles: the castle takes 3.
    place(&mut game, 1, 0, 90);
    game.apply(Action::Pass).unwrap();
    place(&mut game, -1, 0, 270);
    let events = game.apply(Action::Pass).unwrap();
    events.iter().for_each(|e| tally.add(e));
    let scored = find(&events, |e| matches!(e, Event::CastleScored { .. }));
    assert_eq!(
        event_text(&game, &scored),
        "P0's castle 1 tile north of the start tile takes the points of the feature completed 1 tile east of the start tile: 3 points; its follower goes home"
    );
    let json = serde_json::to_value(event_view(&game, &names, 0, Some(0), &scored)).unwrap();
    assert_eq!((json["type"].as_str(), json["points"].as_i64()), (Some("castle-scored"), Some(3)));
    let view = view_json(&game, &seats, &tally);
    assert_eq!(view["seats"][0]["points"]["turn"]["castle"], 3);
    assert_eq!(view["castles"][0]["scored"], true);
}

/// A castle never scored: the event at the end of the game.
#[test]
fn a_castle_left_at_the_end_is_said() {
    let mut game = bcb_game(&["base:E"]);
    place(&mut game, 0, -1, 180);
    deploy(&mut game, at(0, -1), "city@S");
    let events = game.apply(Action::BuildCastle).unwrap();
    let left = find(&events, |e| matches!(e, Event::CastleUnscored { .. }));
    assert_eq!(
        event_text(&game, &left),
        "P0's castle 1 tile north of the start tile scores nothing: no feature beside it was completed before the end; its follower goes home"
    );
}

/// The bazaar: the tile to place says it opens one; the offer and the auction in the view; the
/// choice, the bids and the trade in words with their bounds; the tile bought per seat; the
/// events' sentences, and the price under `bazaar`.
#[test]
fn the_bazaar_is_offered_and_shown_in_words() {
    let seats = seats(2);
    let mut tally = Tally::new(2);
    let count = |events: &[Event], tally: &mut Tally| events.iter().for_each(|e| tally.add(e));
    let deck = [
        "base:E",
        "base:A",
        "base:A",
        "bridges-castles-and-bazaars:06",
        "bridges-castles-and-bazaars:09",
        "base:B",
        "base:B",
        "base:B",
    ];
    let mut game = bcb_game(&deck);
    place(&mut game, 0, -1, 180);
    count(&deploy(&mut game, at(0, -1), "city@S"), &mut tally);
    count(&game.apply(Action::Pass).unwrap(), &mut tally);
    count(&place(&mut game, 1, 0, 90), &mut tally);
    count(&deploy(&mut game, at(1, 0), "road@W"), &mut tally);
    count(&place(&mut game, -1, 0, 270), &mut tally);
    count(&game.apply(Action::Pass).unwrap(), &mut tally);
    let view = view_json(&game, &seats, &tally);
    assert_eq!(view["pending"]["bazaar"], true);
    assert_eq!(view["pending"]["tile_name"], "a plain farm, with a bazaar");

    // Blue's bazaar tile: two tiles on offer; red chooses first.
    let mut events = place(&mut game, 0, 1, 0);
    events.extend(game.apply(Action::Pass).unwrap());
    count(&events, &mut tally);
    let texts: Vec<String> =
        events.iter().filter(|e| matches!(e, Event::BazaarTileOffered { .. })).map(|e| event_text(&game, e)).collect();
    assert_eq!(
        texts,
        [
            "The bazaar of P1's tile offers a road end with an inn, with a bazaar as tile 1",
            "The bazaar of P1's tile offers a cloister as tile 2"
        ]
    );
    let view = view_json(&game, &seats, &tally);
    assert_eq!(view["pending"], serde_json::json!({"decision": "bazaar-choose", "seat": 0, "most": 4}));
    assert_eq!(view["bazaar"]["offer"][0]["tile"], "bridges-castles-and-bazaars:09");
    assert!(view["bazaar"]["auction"].is_null());
    assert_eq!(
        view["bazaar"]["label"],
        "P1's bazaar offers 2 tiles: a road end with an inn, with a bazaar (tile 1) and a cloister (tile 2)"
    );
    assert_eq!(view["bazaar"]["opener"], 1);
    assert_eq!(legal_views(&game).len(), 10);
    let choose = Action::BazaarSelect { index: 0, bid: 1 };
    assert_eq!(
        offered(&game, choose).label,
        "choose a road end with an inn, with a bazaar (tile 1) and open its auction with a bid of 1 point"
    );
    let events = game.apply(choose).unwrap();
    assert_eq!(
        event_text(&game, &events[0]),
        "P0 chooses a road end with an inn, with a bazaar (tile 1) at the bazaar and bids 1 point"
    );

    // Blue outbids: 2 or 3 points, or a pass.
    let view = view_json(&game, &seats, &tally);
    assert_eq!(
        view["pending"],
        serde_json::json!({"decision": "bazaar-bid", "seat": 1, "chooser": 0, "index": 0,
            "tile": "bridges-castles-and-bazaars:09", "bid": 1, "bidder": 0, "least": 2, "most": 3})
    );
    assert_eq!(
        view["bazaar"]["auction"]["label"],
        "P0 chose a road end with an inn, with a bazaar (tile 1); the highest bid is P0's, 1 point"
    );
    assert_eq!(
        offered(&game, Action::BazaarBid { bid: 2 }).label,
        "bid 2 points for a road end with an inn, with a bazaar (tile 1)"
    );
    assert_eq!(offered(&game, Action::Pass).label, "pass: no bid for a road end with an inn, with a bazaar (tile 1)");
    let events = game.apply(Action::BazaarBid { bid: 2 }).unwrap();
    assert_eq!(event_text(&game, &events[0]), "P1 bids 2 points");

    // Red buys, paying blue.
    let view = view_json(&game, &seats, &tally);
    assert_eq!(view["pending"]["decision"], "bazaar-trade");
    assert_eq!((view["pending"]["bid"].as_i64(), view["pending"]["bidder"].as_i64()), (Some(2), Some(1)));
    assert_eq!(
        offered(&game, Action::BazaarTrade { buy: true }).label,
        "buy a road end with an inn, with a bazaar (tile 1): you pay the blue player 2 points"
    );
    assert_eq!(
        offered(&game, Action::BazaarTrade { buy: false }).label,
        "sell a road end with an inn, with a bazaar (tile 1) to the blue player: they pay you 2 points"
    );
    let events = game.apply(Action::BazaarTrade { buy: true }).unwrap();
    count(&events, &mut tally);
    let bought: Vec<String> =
        events.iter().filter(|e| matches!(e, Event::BazaarTileBought { .. })).map(|e| event_text(&game, e)).collect();
    assert_eq!(
        bought,
        [
            "P0 buys a road end with an inn, with a bazaar for 2 points, paid to P1",
            "P1 takes a cloister from the bazaar for nothing"
        ]
    );
    let view = view_json(&game, &seats, &tally);
    assert_eq!(
        (view["seats"][0]["points"]["turn"]["bazaar"].as_i64(), view["seats"][1]["points"]["turn"]["bazaar"].as_i64()),
        (Some(-2), Some(2))
    );
    assert_eq!(view["seats"][1]["bought_tile"]["tile"], "base:B");
    assert!(view["bazaar"].is_null(), "every tile is bought");
    let taken = find(&events, |e| matches!(e, Event::BoughtTileTaken { .. }));
    assert_eq!(
        event_text(&game, &taken),
        "P0 takes a road end with an inn, with a bazaar, bought at the bazaar, instead of drawing"
    );
}
