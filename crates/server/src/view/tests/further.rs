//! Tests of the views of the further expansions (the Assembled Game Reference's small
//! expansions), from Mage & Witch on: their decisions, pieces and events in words.

use carcassonne_engine::{Catalog, Color, Deck, Expansion, GameSetup, Pos};

use super::super::*;
use super::{event_text, seats, view_json};

/// Mage & Witch: after a magic tile the decision `magic` names the deciding seat, every legal
/// move is a marker with words ("bring the witch onto the road running east and west at the
/// start tile"), and once moved the view's `magic` shows the figure where it stands, in words; the
/// event's sentence says who moved it.
#[test]
fn the_mage_and_the_witch_are_offered_and_shown_in_words() {
    use carcassonne_engine::{MagicFigure, Rotation};
    let catalog = Catalog::builtin();
    let rules = Rules { expansions: vec![Expansion::MageWitch], ..Rules::base() };
    let deck = Deck::Order(["mage-witch:05", "base:U"].iter().map(|id| catalog.lookup(id).unwrap()).collect());
    let mut game = Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck }).unwrap();
    game.apply(Action::Place { pos: Pos::new(0, -1), rotation: Rotation::R0 }).unwrap();
    let pending = serde_json::to_value(pending_view(&game)).unwrap();
    assert_eq!((pending["decision"].as_str(), pending["seat"].as_i64()), (Some("magic"), Some(0)));
    let legal = legal_views(&game);
    let labels: Vec<&str> = legal.iter().map(|l| l.label.as_str()).collect();
    assert_eq!(labels.len(), 4, "{labels:?}");
    assert_eq!(labels[1], "bring the witch onto the road running east and west at the start tile", "{labels:?}");
    assert!(legal.iter().all(|l| l.at.is_some()), "a marker for every move");
    let witch = carcassonne_engine::record::decode_action(&game, &legal[1].action).unwrap();
    let events = game.apply(witch).unwrap();
    assert!(game.magic_figure(MagicFigure::Witch).is_some());
    let seats = seats(2);
    let tally = Tally::new(2);
    let input = ViewInput { id: "g", version: 1, game: &game, seats: &seats, online: &[0, 0], tally: &tally };
    let view = serde_json::to_value(game_view(&input, vec![], 0, vec![])).unwrap();
    let magic = view["magic"].as_array().expect("the magic figures");
    assert_eq!(magic.len(), 1, "{magic:?}");
    assert_eq!((magic[0]["figure"].as_str(), magic[0]["feature"].as_str()), (Some("witch"), Some("road@E")));
    assert_eq!(magic[0]["label"], "the witch on the road running east and west at the start tile");
    let names = ["P0".to_string(), "P1".to_string()];
    let sentence = event_view(&game, &names, 0, Some(1), &events[0]);
    let sentence = serde_json::to_value(sentence).unwrap();
    assert_eq!(sentence["text"], "P0 brings the witch onto the road running east and west at the start tile");
}

/// The Flier: the figure decision offers a flight for each kind of follower in supply, in words
/// naming where the machine points; the flight's sentence gives the roll and where the follower
/// went; the landing decision `land` names the seat, the figure and the tile, and every landing
/// is a marker with words.
#[test]
fn the_flight_and_the_landing_are_offered_in_words() {
    use carcassonne_engine::{Event, Rotation};
    let catalog = Catalog::builtin();
    let rules = Rules { expansions: vec![Expansion::Flier], ..Rules::base() };
    let deck =
        Deck::Order(["base:U", "base:U", "flier:05", "base:A"].iter().map(|id| catalog.lookup(id).unwrap()).collect());
    let mut game = Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck }).unwrap();
    for x in [-1, -2] {
        game.apply(Action::Place { pos: Pos::new(x, 0), rotation: Rotation::R0 }).unwrap();
        game.apply(Action::Pass).unwrap();
    }
    game.apply(Action::Place { pos: Pos::new(1, 0), rotation: Rotation::R0 }).unwrap();
    let legal = legal_views(&game);
    let fly = legal
        .iter()
        .find(|l| matches!(l.action, carcassonne_engine::record::RecordAction::Fly { .. }))
        .expect("a flight offered");
    assert_eq!(fly.label, "fly a follower from the flying machine west, 1 to 3 tiles by the die");
    let flight = carcassonne_engine::record::decode_action(&game, &fly.action).unwrap();
    let events = game.apply(flight).unwrap();
    let flew = events.iter().find(|e| matches!(e, Event::Flew { .. })).unwrap();
    let Event::Flew { distance, to, landed, .. } = *flew else { unreachable!() };
    assert!(landed, "every roll reaches the road");
    let names = ["P0".to_string(), "P1".to_string()];
    let sentence = serde_json::to_value(event_view(&game, &names, 0, Some(1), flew)).unwrap();
    let tiles = if distance == 1 { "1 tile".to_string() } else { format!("{distance} tiles") };
    let text = sentence["text"].as_str().unwrap();
    assert!(
        text.starts_with(&format!(
            "P0 puts a follower on the flying machine and rolls {distance}: it flies {tiles} west to "
        )),
        "{text}"
    );
    let pending = serde_json::to_value(pending_view(&game)).unwrap();
    assert_eq!((pending["decision"].as_str(), pending["seat"].as_i64()), (Some("land"), Some(0)));
    assert_eq!((pending["x"].as_i64(), pending["y"].as_i64()), (Some(to.x as i64), Some(0)));
    let legal = legal_views(&game);
    assert!(
        !legal.is_empty() && legal.iter().all(|l| l.at.is_some() && l.label.starts_with("land on ")),
        "{:?}",
        legal.iter().map(|l| &l.label).collect::<Vec<_>>()
    );
}

/// The Tunnel: the figure decision offers a token on each open tunnel opening, in words; once
/// placed, the view's `tunnels` shows it, the seat's `tunnel_tokens` counts one fewer, the event
/// says where it went, and the figure decision is still open.
#[test]
fn the_tunnel_tokens_are_offered_and_shown_in_words() {
    use carcassonne_engine::Rotation;
    let catalog = Catalog::builtin();
    let rules = Rules { expansions: vec![Expansion::Tunnel], ..Rules::base() };
    let deck = Deck::Order(["tunnel:02", "base:U"].iter().map(|id| catalog.lookup(id).unwrap()).collect());
    let mut game = Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck }).unwrap();
    game.apply(Action::Place { pos: Pos::new(1, 0), rotation: Rotation::R0 }).unwrap();
    let legal = legal_views(&game);
    let tokens: Vec<&str> = legal
        .iter()
        .filter(|l| matches!(l.action, carcassonne_engine::record::RecordAction::Tunnel { .. }))
        .map(|l| l.label.as_str())
        .collect();
    assert_eq!(tokens.len(), 2, "{tokens:?}");
    assert!(
        tokens.iter().all(|l| l.starts_with("put a tunnel token of pair A on the tunnel opening of the road")),
        "{tokens:?}"
    );
    let offered =
        legal.iter().find(|l| matches!(l.action, carcassonne_engine::record::RecordAction::Tunnel { .. })).unwrap();
    assert!(offered.at.is_some(), "a marker at the opening");
    let action = carcassonne_engine::record::decode_action(&game, &offered.action).unwrap();
    let events = game.apply(action).unwrap();
    let seats = seats(2);
    let tally = Tally::new(2);
    let input = ViewInput { id: "g", version: 1, game: &game, seats: &seats, online: &[0, 0], tally: &tally };
    let view = serde_json::to_value(game_view(&input, vec![], 0, vec![])).unwrap();
    let tunnels = view["tunnels"].as_array().expect("the tokens");
    assert_eq!(tunnels.len(), 1, "{tunnels:?}");
    assert_eq!((tunnels[0]["seat"].as_i64(), tunnels[0]["pair"].as_i64()), (Some(0), Some(0)));
    assert_eq!(view["seats"][0]["tunnel_tokens"], 5);
    assert_eq!(view["pending"]["decision"], "deploy", "the figure decision is still open");
    let names = ["P0".to_string(), "P1".to_string()];
    let sentence = serde_json::to_value(event_view(&game, &names, 0, Some(1), &events[0])).unwrap();
    assert!(
        sentence["text"]
            .as_str()
            .unwrap()
            .starts_with("P0 puts a tunnel token of pair A on the tunnel opening of the road"),
        "{sentence}"
    );
}

/// The Ferries: after a lake tile the `ferry` decision offers each pair of the lake's roads in
/// words, each at its own place on the lake; once put, the view's `ferries` shows the ferry from
/// jetty to jetty and the event says which roads it joins. A tile extending a road across it then
/// asks `move-ferry`, whose pass moves no ferry.
#[test]
fn the_ferries_are_offered_and_shown_in_words() {
    use carcassonne_engine::record::RecordAction;
    use carcassonne_engine::Rotation;
    let catalog = Catalog::builtin();
    let rules = Rules { expansions: vec![Expansion::Ferries], ..Rules::base() };
    let deck = Deck::Order(["ferries:02", "base:U", "base:U"].iter().map(|id| catalog.lookup(id).unwrap()).collect());
    let mut game = Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck }).unwrap();
    game.apply(Action::Place { pos: Pos::new(1, 0), rotation: Rotation::R0 }).unwrap();
    game.apply(Action::Pass).unwrap();
    let seats = seats(2);
    let tally = Tally::new(2);
    let view_of = |game: &Game| {
        let input = ViewInput { id: "g", version: 1, game, seats: &seats, online: &[0, 0], tally: &tally };
        serde_json::to_value(game_view(&input, vec![], 0, vec![])).unwrap()
    };
    let view = view_of(&game);
    assert_eq!(view["pending"]["decision"], "ferry");
    assert_eq!((view["pending"]["x"].as_i64(), view["pending"]["y"].as_i64()), (Some(1), Some(0)));
    let legal = legal_views(&game);
    assert_eq!(legal.len(), 3);
    assert!(legal.iter().all(|l| matches!(l.action, RecordAction::Ferry { .. })));
    assert!(
        legal.iter().all(|l| l
            .label
            .starts_with("put the ferry on the lake 1 tile east of the start tile, joining the road to the")),
        "{:?}",
        legal.iter().map(|l| &l.label).collect::<Vec<_>>()
    );
    let places: std::collections::BTreeSet<String> = legal.iter().map(|l| format!("{:?}", l.at)).collect();
    assert_eq!(places.len(), 3, "each pair at its own place: {places:?}");
    let west_east = legal.iter().find(|l| l.label.ends_with("the road to the west and the road to the east")).unwrap();
    let action = carcassonne_engine::record::decode_action(&game, &west_east.action).unwrap();
    let events = game.apply(action).unwrap();
    let view = view_of(&game);
    let ferries = view["ferries"].as_array().expect("the ferries");
    assert_eq!(ferries.len(), 1, "{ferries:?}");
    assert_eq!(ferries[0]["ends"], serde_json::json!(["road@W", "road@E"]));
    assert!(ferries[0]["from"][0].as_f64().unwrap() < 0.5 && ferries[0]["to"][0].as_f64().unwrap() > 0.5);
    let names = ["P0".to_string(), "P1".to_string()];
    let placed = events.iter().find(|e| matches!(e, carcassonne_engine::Event::FerryPlaced { .. })).unwrap();
    let sentence = serde_json::to_value(event_view(&game, &names, 0, Some(1), placed)).unwrap();
    assert_eq!(sentence["type"], "ferry-placed");
    assert!(sentence["text"].as_str().unwrap().starts_with("P0 puts a ferry on the lake 1 tile east of the start tile, joining the road to the west and the road to the east"), "{sentence}");
    // Blue extends the road east of the lake: the move is offered, or none.
    game.apply(Action::Place { pos: Pos::new(2, 0), rotation: Rotation::R0 }).unwrap();
    game.apply(Action::Pass).unwrap();
    assert_eq!(view_of(&game)["pending"]["decision"], "move-ferry");
    let legal = legal_views(&game);
    assert!(legal.iter().any(|l| l.label == "move no ferry"));
    assert!(legal
        .iter()
        .any(|l| l.label.starts_with("move the ferry of the lake 1 tile east of the start tile to join")));
}

/// The Plague: a plague source placed breaks out (outbreak 1, shown on its tile); the next
/// player is asked `plague` after their tile, with the spread optional ("not now" passes) and
/// offered on whole tiles in words; after the figure phase the spread is owed (no pass) and
/// their thief may flee along its road; the flea then sends the thief home. The view shows the
/// outbreak, the red flea and the supply, and each event is told in words.
#[test]
fn the_plague_is_offered_and_shown_in_words() {
    use carcassonne_engine::{Event, FeatureKind, Figure, Rotation};
    let catalog = Catalog::builtin();
    let rules = Rules { expansions: vec![Expansion::Plague], ..Rules::base() };
    let deck = Deck::Order(["plague:05", "base:U", "base:U"].iter().map(|id| catalog.lookup(id).unwrap()).collect());
    let mut game = Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck }).unwrap();
    let seats = seats(2);
    let tally = Tally::new(2);
    let view_of = |game: &Game| view_json(game, &seats, &tally);
    let names = ["P0".to_string(), "P1".to_string()];
    let text = event_text;
    let labels = |game: &Game| legal_views(game).into_iter().map(|l| l.label).collect::<Vec<_>>();
    // Red places the source east of the start tile: outbreak 1 breaks out there.
    let events = game.apply(Action::Place { pos: Pos::new(1, 0), rotation: Rotation::R0 }).unwrap();
    let started = events.iter().find(|e| matches!(e, Event::OutbreakStarted { .. })).expect("an outbreak");
    assert_eq!(
        text(&game, started),
        "P0 places a plague source 1 tile east of the start tile: outbreak 1 breaks out there, and from now on every turn spreads the plague"
    );
    let view = view_of(&game);
    assert_eq!(view["outbreaks"][0]["number"], 1);
    assert_eq!(view["outbreaks"][0]["active"], true);
    assert_eq!(view["outbreaks"][0]["label"], "outbreak 1 on the plague source 1 tile east of the start tile, active");
    assert_eq!(view["fleas"], serde_json::json!([]));
    assert_eq!(view["fleas_in_supply"], 18);
    game.apply(Action::Pass).unwrap();
    // Blue extends the road west of the start tile: the plague decision, the spread optional.
    let place = game
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Place { pos, .. } if *pos == Pos::new(-1, 0)))
        .expect("a place west of the start tile");
    game.apply(place).unwrap();
    let view = view_of(&game);
    let pending = &view["pending"];
    assert_eq!((pending["decision"].as_str(), pending["seat"].as_i64()), (Some("plague"), Some(1)));
    assert_eq!((pending["late"].as_bool(), pending["spread"].as_str()), (Some(false), Some("optional")));
    assert!(pending["spread_words"].as_str().unwrap().starts_with("A flea is spread this turn"), "{pending}");
    assert_eq!(
        labels(&game),
        ["spread the plague: put a flea on the start tile", "not now: spread the plague after the figure phase"]
    );
    let flea = legal_views(&game).into_iter().find(|l| matches!(l.action, RecordAction::Flea { .. })).unwrap();
    assert!(flea.at.is_some(), "where the flea would lie");
    game.apply(Action::Pass).unwrap();
    // Blue's thief on the new road; after the figure phase the spread is owed, and the thief may
    // flee along its road onto the start tile.
    let thief = game
        .legal_actions()
        .into_iter()
        .find(|a| {
            matches!(a, Action::Deploy { figure: Figure::Follower, feature }
                if crate::words::feature_kind(&game, Pos::new(-1, 0), *feature) == FeatureKind::Road)
        })
        .expect("a thief");
    game.apply(thief).unwrap();
    let view = view_of(&game);
    assert_eq!((view["pending"]["late"].as_bool(), view["pending"]["spread"].as_str()), (Some(true), Some("owed")));
    let late = labels(&game);
    assert_eq!(late.len(), 2, "{late:?}");
    assert_eq!(late[0], "spread the plague: put a flea on the start tile");
    assert_eq!(
        late[1],
        "let your thief on the road running east and west 1 tile west of the start tile flee onto the road running east and west at the start tile"
    );
    let flight = legal_views(&game).into_iter().find(|l| matches!(l.action, RecordAction::Flee { .. })).unwrap();
    assert!(flight.at.is_some(), "a marker where the thief would stand");
    let events = game.apply(carcassonne_engine::record::decode_action(&game, &flight.action).unwrap()).unwrap();
    let fled = events.iter().find(|e| matches!(e, Event::Fled { .. })).expect("the flight");
    assert_eq!(
        text(&game, fled),
        "P1's thief 1 tile west of the start tile flees the plague onto the road running east and west at the start tile"
    );
    assert_eq!(
        serde_json::to_value(event_view(&game, &names, 0, Some(1), fled)).unwrap()["feature"],
        "road@E",
        "the road it reached"
    );
    // The flea still owed, now on the thief's tile: it sends the thief home.
    assert_eq!(labels(&game), ["spread the plague: put a flea on the start tile, sending home your figure on it"]);
    let events = game.apply(Action::Flea { from: None, to: Pos::new(0, 0) }).unwrap();
    let placed = events.iter().find(|e| matches!(e, Event::FleaPlaced { .. })).expect("the flea");
    assert_eq!(text(&game, placed), "P1 spreads the plague: a flea on the start tile");
    let struck = events.iter().find(|e| matches!(e, Event::PlagueStruck { .. })).expect("the thief struck");
    assert_eq!(
        text(&game, struck),
        "The plague sends home P1's thief on the road running east and west, at the start tile (no score)"
    );
    let view = view_of(&game);
    assert_eq!(view["fleas"][0]["label"], "a red flea (active) on the start tile");
    assert_eq!((view["fleas"][0]["x"].as_i64(), view["fleas"][0]["active"].as_bool()), (Some(0), Some(true)));
    assert_eq!(view["fleas_in_supply"], 17);
}

/// The Messages: places the drawn tile at (`x`, `y`) turned by `degrees`, then deploys a
/// follower on the feature named `feature` (or passes).
fn messages_turn(
    game: &mut Game,
    x: i16,
    y: i16,
    degrees: i64,
    feature: Option<&str>,
) -> Vec<carcassonne_engine::Event> {
    use carcassonne_engine::{Figure, Rotation};
    let pos = Pos::new(x, y);
    let mut events = game.apply(Action::Place { pos, rotation: Rotation::from_degrees(degrees).unwrap() }).unwrap();
    let action = match feature {
        None => Action::Pass,
        Some(name) => {
            let placed = game.board().get(pos).unwrap();
            let feature =
                carcassonne_engine::game::parse_feature_name(game.design(placed.tile), placed.rotation, name).unwrap();
            Action::Deploy { figure: Figure::Follower, feature }
        }
    };
    events.extend(game.apply(action).unwrap());
    events
}

/// The Messages: a two-player game (P0 red, P1 blue) with The Messages and the draw order `deck`.
fn messages_game(deck: &[&str]) -> Game {
    let catalog = Catalog::builtin();
    let rules = Rules { expansions: vec![Expansion::Messages], ..Rules::base() };
    let deck = Deck::Order(deck.iter().map(|id| catalog.lookup(id).unwrap()).collect());
    Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck }).unwrap()
}

/// The Messages: red's opening of tests/messages.rs (a thief, a knight, a monk, a thief on a
/// curve, blue passing) up to red's ninth tile, which completes red's road of five tiles (a
/// farmer on it): red's figure to move, in red's turn, `top` the first message.
fn road_of_five(top: carcassonne_engine::MessageTile) -> Game {
    use carcassonne_engine::{FeatureKind, Figure, MessageTile};
    let deck = ["base:U", "base:A", "base:C", "base:U", "base:B", "base:B", "base:V", "base:B", "base:A"];
    let mut game = messages_game(&deck);
    let mut order = vec![top];
    order.extend(MessageTile::ALL.iter().copied().filter(|&m| m != top));
    game.arrange_messages(&order).unwrap();
    messages_turn(&mut game, 1, 0, 0, Some("road@E"));
    messages_turn(&mut game, -1, 0, 270, None);
    messages_turn(&mut game, 0, -1, 0, Some("city@N"));
    messages_turn(&mut game, 2, 0, 0, None);
    messages_turn(&mut game, 0, 1, 0, Some("cloister"));
    messages_turn(&mut game, -1, 1, 0, None);
    messages_turn(&mut game, 1, 1, 270, Some("road@E"));
    messages_turn(&mut game, -2, 0, 0, None);
    game.apply(Action::Place { pos: Pos::new(3, 0), rotation: carcassonne_engine::Rotation::R90 }).unwrap();
    let farmer = game
        .legal_actions()
        .into_iter()
        .find(|a| {
            matches!(a, Action::Deploy { figure: Figure::Follower, feature }
            if crate::words::feature_kind(&game, Pos::new(3, 0), *feature) == FeatureKind::Field)
        })
        .unwrap();
    game.apply(farmer).unwrap();
    game
}

/// The Messages: points scored in another player's turn are the scorer's decision
/// (`scoring-figure` for their seat), each figure's move in words with "no message"; the seat's
/// `scoring_figures` and the event's sentence show the move. In the scorer's own turn a dark
/// space brings a message: the decision `message` names it, message 8 offers each follower with
/// what it would score (a marker on it) and the seal; the sentences of the message drawn and
/// scored, and of the messengers joining before the final scoring.
#[test]
fn the_messages_are_offered_and_shown_in_words() {
    use carcassonne_engine::{Event, MessageTile};
    let seats = seats(2);
    let tally = Tally::new(2);
    let view_of = |game: &Game| view_json(game, &seats, &tally);
    let names = ["P0".to_string(), "P1".to_string()];
    let text = event_text;
    let labels = |game: &Game| legal_views(game).into_iter().map(|l| l.label).collect::<Vec<_>>();
    let find = |events: &[Event], what: fn(&Event) -> bool| *events.iter().find(|e| what(e)).expect("the event");

    // Blue completes red's road of five tiles: red moves a figure in blue's turn.
    let mut game = messages_game(&["base:U", "base:A", "base:U", "base:A", "base:U"]);
    messages_turn(&mut game, 1, 0, 0, Some("road@E"));
    messages_turn(&mut game, -1, 0, 270, None);
    messages_turn(&mut game, 2, 0, 0, None);
    messages_turn(&mut game, 3, 0, 90, None);
    let view = view_of(&game);
    let pending = &view["pending"];
    assert_eq!((pending["decision"].as_str(), pending["seat"].as_i64()), (Some("scoring-figure"), Some(0)));
    assert_eq!((pending["points"].as_i64(), pending["draws"].as_bool()), (Some(5), Some(false)));
    assert_eq!(view["turn_seat"], 1);
    assert_eq!(
        labels(&game),
        [
            "move your scoring follower 0 → 5 (a dark space, but not in your turn: no message)",
            "move your messenger 0 → 5 (a dark space, but not in your turn: no message)"
        ]
    );
    assert_eq!(view["seats"][0]["scoring_figures"]["unmoved"], 5);
    assert_eq!(view["messages"]["left"], 8);
    let events = game.apply(Action::MoveScoringFigure { messenger: true }).unwrap();
    let moved = find(&events, |e| matches!(e, Event::ScoringFigureMoved { .. }));
    assert_eq!(text(&game, &moved), "P0 moves their messenger on by 5, to 5, a dark space");
    assert!(!events.iter().any(|e| matches!(e, Event::MessageDrawn { .. })));
    let figures = &view_of(&game)["seats"][0]["scoring_figures"];
    assert_eq!(
        (figures["messenger"]["points"].as_i64(), figures["messenger"]["dark"].as_bool()),
        (Some(5), Some(true))
    );
    assert_eq!(
        figures["label"],
        "scoring follower 0 points (space 0, a dark space), messenger 5 points (space 5, a dark space)"
    );

    // Red completes their own road of five tiles (red's opening of tests/messages.rs): a
    // message, message 8 on top.
    let mut game = road_of_five(MessageTile::ScoreFollower);
    let pending = &view_of(&game)["pending"];
    assert_eq!((pending["decision"].as_str(), pending["draws"].as_bool()), (Some("scoring-figure"), Some(true)));
    assert_eq!(labels(&game)[1], "move your messenger 0 → 5 (a dark space: you will draw a message)");
    let events = game.apply(Action::MoveScoringFigure { messenger: true }).unwrap();
    let drawn = find(&events, |e| matches!(e, Event::MessageDrawn { .. }));
    assert_eq!(
        text(&game, &drawn),
        "P0's figure stopped on a dark space: P0 draws message 8 (score one of your followers and take it home)"
    );
    let view = view_of(&game);
    let pending = &view["pending"];
    assert_eq!((pending["decision"].as_str(), pending["number"].as_i64()), (Some("message"), Some(8)));
    assert_eq!(
        pending["words"],
        "Message 8: score one of your followers and take it home. Do it, or take 2 points instead."
    );
    assert_eq!(view["messages"]["left"], 7);
    let legal = legal_views(&game);
    assert_eq!(legal[0].label, "take 2 points instead (the seal)");
    let followers: Vec<&str> = legal[1..].iter().map(|l| l.label.as_str()).collect();
    assert_eq!(followers.len(), 4, "{followers:?}");
    assert!(legal[1..].iter().all(|l| l.at.is_some()), "a marker on each follower");
    let monk = "score your monk in the cloister, 1 tile south of the start tile (6 points), and take it home";
    assert!(followers.contains(&monk), "{followers:?}");
    let chosen = legal.iter().find(|l| l.label == monk).unwrap();
    let events = game.apply(carcassonne_engine::record::decode_action(&game, &chosen.action).unwrap()).unwrap();
    let scored = find(&events, |e| matches!(e, Event::MessageScored { .. }));
    assert_eq!(
        text(&game, &scored),
        "P0 does what message 8 says (score one of your followers and take it home) and scores 6 points"
    );
    game.apply(Action::MoveScoringFigure { messenger: false }).unwrap();
    assert_eq!(view_of(&game)["messages"]["left"], 8);

    // Message 6 traded for its seal; the last tile was red's, so the messengers join.
    let mut game = road_of_five(MessageTile::Knights);
    game.apply(Action::MoveScoringFigure { messenger: true }).unwrap();
    assert_eq!(labels(&game), ["take 2 points instead (the seal)", "do it: 2 points per knight (2 points)"]);
    let events = game.apply(Action::ReadMessage { perform: false }).unwrap();
    let sealed = find(&events, |e| matches!(e, Event::MessageScored { .. }));
    assert_eq!(text(&game, &sealed), "P0 scores 2 points with the seal of message 6 instead of doing what it says");
    assert_eq!(
        serde_json::to_value(event_view(&game, &names, 0, Some(1), &sealed)).unwrap()["score_changes"][0]["points"],
        2
    );
    let events = game.apply(Action::MoveScoringFigure { messenger: false }).unwrap();
    assert!(game.is_over());
    let joined = find(&events, |e| matches!(e, Event::MessengerJoined { .. }));
    assert_eq!(
        text(&game, &joined),
        "Before the final scoring P0's messenger brings its 5 points to their scoring follower (the score stays the same)"
    );
}

/// The Messages under the variant `messages-zmg`: a move onto a dark space where another
/// player's scoring figure stands says that no message comes of it, and none does. Greedy
/// three-player games are played until such a move is offered in its player's own turn.
#[test]
fn the_zmg_variant_says_a_shared_dark_space_brings_no_message() {
    use carcassonne_engine::{Event, ScoringFigures, Variants};
    let variants = Variants { messages_zmg: true, ..Variants::default() };
    for seed in 0..10u64 {
        let rules = Rules { expansions: vec![Expansion::Messages], variants: variants.clone() };
        let players = vec![Color::Red, Color::Blue, Color::Green];
        let mut game = Game::new(GameSetup { rules, players, deck: Deck::Seed(seed) }).unwrap();
        let mut bots: Vec<_> = (0..3).map(|k| carcassonne_bots::bot_by_name("greedy", seed * 3 + k).unwrap()).collect();
        while let Some(p) = game.pending().player() {
            if let carcassonne_engine::Pending::ScoringFigure { player, points } = game.pending() {
                let figures = game.scoring_figures();
                for messenger in [false, true] {
                    let mine = figures[player as usize];
                    let to = points + if messenger { mine.messenger } else { mine.follower };
                    let shared = figures.iter().enumerate().any(|(q, f)| {
                        q != player as usize
                            && (ScoringFigures::space(f.follower) == ScoringFigures::space(to)
                                || ScoringFigures::space(f.messenger) == ScoringFigures::space(to))
                    });
                    if game.turn_player() == Some(player) && ScoringFigures::dark(to) && shared {
                        let action = Action::MoveScoringFigure { messenger };
                        let label = legal_views(&game)
                            .into_iter()
                            .find(|l| carcassonne_engine::record::decode_action(&game, &l.action) == Ok(action))
                            .unwrap()
                            .label;
                        assert!(
                            label.ends_with("(a dark space, but another player's figure stands there: no message)"),
                            "{label}"
                        );
                        let events = game.apply(action).unwrap();
                        assert!(!events.iter().any(|e| matches!(e, Event::MessageDrawn { .. })));
                        return;
                    }
                }
            }
            let action = bots[p as usize].choose_action(&game.observation(Some(p)));
            game.apply(action).unwrap();
        }
    }
    panic!("no move onto a shared dark space in ten games");
}

/// Hills & Sheep: places the drawn tile at (`x`, `y`) turned by `degrees`, then deploys `figure`
/// on the feature named (or passes).
fn hills_turn(
    game: &mut Game,
    x: i16,
    y: i16,
    degrees: i64,
    deploy: Option<(carcassonne_engine::Figure, &str)>,
) -> Vec<carcassonne_engine::Event> {
    use carcassonne_engine::Rotation;
    let pos = Pos::new(x, y);
    let mut events = game.apply(Action::Place { pos, rotation: Rotation::from_degrees(degrees).unwrap() }).unwrap();
    let action = match deploy {
        None => Action::Pass,
        Some((figure, name)) => {
            let placed = game.board().get(pos).unwrap();
            let feature =
                carcassonne_engine::game::parse_feature_name(game.design(placed.tile), placed.rotation, name).unwrap();
            Action::Deploy { figure, feature }
        }
    };
    events.extend(game.apply(action).unwrap());
    events
}

/// Hills & Sheep: a two-player game (P0 red, P1 blue) with the expansion (or `expansion`), the
/// draw order `deck` and the flock tokens drawn first `flock`.
fn hills_game(expansion: Expansion, deck: &[&str], flock: &[carcassonne_engine::FlockToken]) -> Game {
    let catalog = Catalog::builtin();
    let rules = Rules { expansions: vec![expansion], ..Rules::base() };
    let deck = Deck::Order(deck.iter().map(|id| catalog.lookup(id).unwrap()).collect());
    let mut game = Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck }).unwrap();
    if !flock.is_empty() {
        game.arrange_flock(flock).unwrap();
    }
    game
}

/// Hills & Sheep: a shepherd's deployment says it draws a token at once; the seat's `flock` and
/// the view's `flock_bag` follow the tokens drawn; the decision `flock` says in words what
/// growing risks (the bag's wolves) and what herding pays to whom (two buttons: grow, or drive to
/// the stable with the points, alone or with another player's shepherd in the field); the
/// sentences of a sheep drawn, a wolf, a flock driven to the stable by choice or by a closed
/// field; a hill's hidden tile in the view (`hills`) and its sentence; a completed monastery's
/// vineyards in its score's words.
#[test]
fn hills_and_sheep_are_offered_and_shown_in_words() {
    use carcassonne_engine::{Event, Figure, FlockToken};
    const SHEPHERD: Figure = Figure::Shepherd;
    let seats = seats(2);
    let view_of = |game: &Game, tally: &Tally| view_json(game, &seats, tally);
    let names = ["P0".to_string(), "P1".to_string()];
    let text = event_text;
    let labels = |game: &Game| legal_views(game).into_iter().map(|l| l.label).collect::<Vec<_>>();
    let find = |events: &[Event], what: fn(&Event) -> bool| *events.iter().find(|e| what(e)).expect("the event");
    let mut tally = Tally::new(2);

    // Red's road south of the start tile: the shepherd's deployment draws a token at once.
    let mut game = hills_game(Expansion::HillsSheep, &["base:U"; 5], &[FlockToken::Sheep(3), FlockToken::Sheep(2)]);
    let view = view_of(&game, &tally);
    assert_eq!(view["seats"][0]["supply"]["shepherd"], 1);
    assert_eq!(view["seats"][0]["flock"]["label"], "the shepherd in the supply");
    assert_eq!(view["flock_bag"]["label"], "The flock bag: 18 tokens: 2 wolves and 16 sheep tokens (4 of one sheep, 5 of two, 5 of three, 2 of four; 37 sheep)");
    game.apply(Action::Place { pos: Pos::new(0, 1), rotation: carcassonne_engine::Rotation::R0 }).unwrap();
    let shepherd = labels(&game).into_iter().find(|l| l.starts_with("the shepherd")).expect("a shepherd offered");
    assert_eq!(
        shepherd,
        "the shepherd on the farm to the north, east and west (it draws a token at once: 2 wolves among the bag's 18 tokens)"
    );
    let mut game = hills_game(Expansion::HillsSheep, &["base:U"; 5], &[FlockToken::Sheep(3), FlockToken::Sheep(2)]);
    let events = hills_turn(&mut game, 0, 1, 0, Some((SHEPHERD, "field@NNW")));
    let drawn = find(&events, |e| matches!(e, Event::SheepDrawn { .. }));
    assert_eq!(
        text(&game, &drawn),
        "P0's shepherd on the farm to the north, east and west (1 tile south of the start tile) draws 3 sheep from the bag for its flock"
    );
    let view = view_of(&game, &tally);
    let flock = &view["seats"][0]["flock"];
    assert_eq!((flock["sheep"].as_i64(), flock["tokens"][0].as_i64()), (Some(3), Some(3)));
    assert_eq!((flock["shepherd"]["x"].as_i64(), flock["shepherd"]["y"].as_i64()), (Some(0), Some(1)));
    assert_eq!(
        flock["label"],
        "the shepherd on the farm to the north, east and west (1 tile south of the start tile) with a flock of 3 sheep"
    );
    let at = &flock["shepherd"]["at"];
    assert!((0.0..1.0).contains(&at[0].as_f64().unwrap()) && (0.0..1.0).contains(&at[1].as_f64().unwrap()), "{at}");
    assert_eq!(view["seats"][0]["supply"]["shepherd"], 0);
    assert_eq!((view["flock_bag"]["tokens"].as_i64(), view["flock_bag"]["sheep"].as_i64()), (Some(17), Some(34)));
    assert_eq!(view["flock_bag"]["sheep_tokens"], serde_json::json!([4, 5, 4, 2]));

    // Blue extends the field (nothing for red); red extends it: grow or herd.
    hills_turn(&mut game, -1, 1, 0, None);
    hills_turn(&mut game, 1, 1, 0, None);
    let pending = &view_of(&game, &tally)["pending"];
    assert_eq!((pending["decision"].as_str(), pending["seat"].as_i64()), (Some("flock"), Some(0)));
    assert_eq!((pending["flock"].as_i64(), pending["field_sheep"].as_i64()), (Some(3), Some(3)));
    assert_eq!((pending["wolves"].as_i64(), pending["tokens"].as_i64()), (Some(2), Some(17)));
    assert_eq!((pending["shepherds"].clone(), pending["closed"].as_bool()), (serde_json::json!([0]), Some(false)));
    assert_eq!(
        pending["words"],
        "Your tile extended the farm of your shepherd (1 tile south of the start tile). Your flock has 3 sheep. Grow it: draw a token from the bag (2 wolves among the bag's 17 tokens would lose the flock and send the shepherd home); or drive it to the stable: you score 3 points."
    );
    assert_eq!(
        labels(&game),
        [
            "grow the flock: draw a token from the bag (a wolf in 2 of its 17 tokens loses the flock)",
            "drive the flock to the stable: you score 3 points"
        ]
    );
    assert!(legal_views(&game).iter().all(|l| l.at.is_some()), "both at the shepherd");
    game.apply(Action::Flock { herd: false }).unwrap();
    assert_eq!(view_of(&game, &tally)["seats"][0]["flock"]["label"], "the shepherd on the farm to the north, east and west (1 tile south of the start tile) with a flock of 5 sheep (tokens of 2 and 3)");
    hills_turn(&mut game, -2, 1, 0, None);
    hills_turn(&mut game, 2, 1, 0, None);
    assert_eq!(labels(&game)[1], "drive the flock to the stable: you score 5 points");
    let events = game.apply(Action::Flock { herd: true }).unwrap();
    let herded = find(&events, |e| matches!(e, Event::FlockHerded { .. }));
    assert_eq!(
        text(&game, &herded),
        "The flock on the farm to the north, east and west (1 tile south of the start tile) goes to the stable: P0 scores 5 points (5 sheep)"
    );
    let json = serde_json::to_value(event_view(&game, &names, 0, Some(1), &herded)).unwrap();
    assert_eq!((json["type"].as_str(), json["points"].as_i64()), (Some("flock-herded"), Some(5)));
    assert_eq!(json["score_changes"][0]["points"], 5);
    for e in &events {
        tally.add(e);
    }
    let view = view_of(&game, &tally);
    assert_eq!(view["seats"][0]["points"]["turn"]["flock"], 5);
    assert_eq!(view["seats"][0]["flock"]["label"], "the shepherd in the supply");
    assert_eq!(view["flock_bag"]["tokens"], 18);

    // The wolf: the flock lost, the shepherd home.
    let mut game = hills_game(Expansion::HillsSheep, &["base:U"; 4], &[FlockToken::Sheep(4), FlockToken::Wolf]);
    hills_turn(&mut game, 0, 1, 0, Some((SHEPHERD, "field@NNW")));
    hills_turn(&mut game, -1, 1, 0, None);
    hills_turn(&mut game, 1, 1, 0, None);
    let events = game.apply(Action::Flock { herd: false }).unwrap();
    let wolf = find(&events, |e| matches!(e, Event::WolfDrawn { .. }));
    assert_eq!(
        text(&game, &wolf),
        "P0's shepherd on the farm to the north, east and west (1 tile south of the start tile) draws the wolf: the flock is lost, its sheep go back into the bag and P0's shepherd goes home"
    );

    // Blue closes the ring of roads around red's field: its flock goes to the stable at once.
    let deck = ["base:V", "base:V", "base:U", "base:V", "base:B", "base:V", "base:B"];
    let mut game = hills_game(Expansion::HillsSheep, &deck, &[FlockToken::Sheep(3)]);
    hills_turn(&mut game, 1, 0, 0, None);
    hills_turn(&mut game, -1, 0, 270, None);
    hills_turn(&mut game, 0, 1, 0, Some((SHEPHERD, "field@NNW")));
    hills_turn(&mut game, 1, 1, 90, None);
    hills_turn(&mut game, 2, 0, 0, None);
    let events = hills_turn(&mut game, -1, 1, 180, None);
    let herded = find(&events, |e| matches!(e, Event::FlockHerded { closed: true, .. }));
    assert_eq!(
        text(&game, &herded),
        "The farm to the north, east and west (1 tile south of the start tile) is closed: its flock goes to the stable, and P0 scores 3 points (3 sheep)"
    );

    // Two flocks joined by red's cloister: both shepherds' owners score every sheep.
    let mut game = hills_game(
        Expansion::HillsSheep,
        &["base:U", "base:V", "base:A", "base:B"],
        &[FlockToken::Sheep(3), FlockToken::Sheep(2)],
    );
    hills_turn(&mut game, 0, 1, 0, Some((SHEPHERD, "field@SSE")));
    hills_turn(&mut game, -1, 0, 270, Some((SHEPHERD, "field@ESE")));
    hills_turn(&mut game, 1, 1, 90, None);
    let pending = &view_of(&game, &tally)["pending"];
    assert_eq!((pending["field_sheep"].as_i64(), pending["shepherds"].clone()), (Some(5), serde_json::json!([0, 1])));
    assert!(
        pending["words"].as_str().unwrap().contains("The farm holds 2 flocks, 5 sheep in all (3 of them yours)"),
        "{pending}"
    );
    assert_eq!(labels(&game)[1], "drive the flock to the stable: you and 1 other player each score 5 points");
    let events = game.apply(Action::Flock { herd: true }).unwrap();
    let herded = find(&events, |e| matches!(e, Event::FlockHerded { .. }));
    assert!(text(&game, &herded).ends_with(": P0 and P1 each score 5 points (5 sheep)"), "{}", text(&game, &herded));

    // A hill takes the next tile face down beneath it.
    let mut game = hills_game(Expansion::HillsSheep, &["hills-sheep:04", "base:B", "base:K", "base:V"], &[]);
    assert!(view_of(&game, &tally)["pending"]["tile_name"].as_str().unwrap().ends_with(", with a hill"));
    let events = hills_turn(&mut game, -1, 0, 270, None);
    let under = find(&events, |e| matches!(e, Event::TileUnderHill { .. }));
    assert_eq!(
        text(&game, &under),
        "P0's hill tile 1 tile west of the start tile takes the next tile of the pile face down beneath it (nobody sees it)"
    );
    let hills = &view_of(&game, &tally)["hills"];
    assert_eq!(
        hills,
        &serde_json::json!([{"x": -1, "y": 0, "label": "a tile lies face down under the hill 1 tile west of the start tile"}])
    );

    // The Vineyards alone: no shepherd, no bag; a completed monastery with three vineyards.
    let deck = ["base:B", "base:U", "base:U", "vineyards:01", "vineyards:01", "vineyards:06", "base:U", "base:U"];
    let mut game = hills_game(Expansion::Vineyards, &deck, &[]);
    let view = view_of(&game, &tally);
    assert!(view.get("flock_bag").is_none() && view["seats"][0].get("flock").is_none());
    assert!(view["seats"][0]["supply"].get("shepherd").is_none());
    hills_turn(&mut game, 0, 1, 0, Some((Figure::Follower, "cloister")));
    let mut events = vec![];
    for (x, y, degrees) in [(1, 0, 0), (-1, 0, 0), (-1, 1, 270), (1, 1, 90), (0, 2, 0), (-1, 2, 0), (1, 2, 0)] {
        events = hills_turn(&mut game, x, y, degrees, None);
    }
    let scored =
        find(&events, |e| matches!(e, Event::Scored(s) if s.kind == carcassonne_engine::FeatureKind::Cloister));
    assert_eq!(
        text(&game, &scored),
        "P0 scores 18 for the completed cloister 1 tile south of the start tile (9 tiles × 1 + 3 vineyards × 3 = 18; each vineyard around the completed monastery adds 3)"
    );
}
