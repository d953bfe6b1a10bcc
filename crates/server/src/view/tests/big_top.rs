//! Tests of the views of Under the Big Top: the acrobat actions and the ringmaster's deployment
//! in words, the big top, the animal tokens, the acrobat spaces and the ringmasters in the view,
//! the five events' sentences and their points by kind, and the token under the big top hidden.

use carcassonne_engine::{Catalog, Color, Deck, Expansion, GameSetup, Pos};

use super::super::*;
use super::{event_text, seats, view_json};

/// Under the Big Top: places the drawn tile at (`x`, `y`) turned by `degrees`; then takes
/// `then` (an acrobat action, a deployment or a pass) and returns the events of both.
fn big_top_turn(game: &mut Game, x: i16, y: i16, degrees: i64, then: Action) -> Vec<carcassonne_engine::Event> {
    use carcassonne_engine::Rotation;
    let pos = Pos::new(x, y);
    let mut events = game.apply(Action::Place { pos, rotation: Rotation::from_degrees(degrees).unwrap() }).unwrap();
    events.extend(game.apply(then).unwrap());
    events
}

/// Under the Big Top: a two-player game (P0 red, P1 blue) with the draw order `deck` (catalog
/// ids of the set `under-the-big-top` by number) and the animal tokens drawn first `animals`.
fn big_top_game(deck: &[&str], animals: &[u8]) -> Game {
    let catalog = Catalog::builtin();
    let rules = Rules { expansions: vec![Expansion::BigTop], ..Rules::base() };
    let deck = deck.iter().map(|n| catalog.lookup(&format!("under-the-big-top:{n}")).unwrap()).collect();
    let mut game =
        Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck: Deck::Order(deck) }).unwrap();
    game.arrange_animals(animals).unwrap();
    game
}

/// Under the Big Top: the acrobat actions of the figure decision in words (how full the pyramid
/// becomes, what scoring the full one pays to whom), a marker for each on its space; the view's
/// `acrobat_spaces` with the acrobats' seats, `big_top` where the big top stands with the
/// followers around it, `animals` (the unseen tokens by value) and each seat's `ringmaster`; the
/// ringmaster's deployment saying what he would earn; the five events' sentences, and their
/// points by kind (circus, acrobats, ringmaster).
#[test]
fn the_big_top_and_the_acrobats_are_offered_and_shown_in_words() {
    use carcassonne_engine::{Event, Figure};
    let seats = seats(2);
    let view_of = |game: &Game, tally: &Tally| view_json(game, &seats, tally);
    let names = ["P0".to_string(), "P1".to_string()];
    let text = event_text;
    let label_of = |game: &Game, action: Action| {
        let record = carcassonne_engine::record::encode_action(game, action).without_actor();
        legal_views(game).into_iter().find(|l| l.action == record).unwrap_or_else(|| panic!("{action:?} not offered"))
    };
    let find = |events: &[Event], what: fn(&Event) -> bool| *events.iter().find(|e| what(e)).expect("the event");
    let mut tally = Tally::new(2);
    let count = |events: &[Event], tally: &mut Tally| events.iter().for_each(|e| tally.add(e));
    let acrobat = |x, y| Action::Acrobat { pos: Pos::new(x, y) };

    // 01: an acrobat tile, all farm; 06: a circus tile with a road to the south.
    let mut game = big_top_game(&["01", "06", "01", "01", "06", "06", "01"], &[5, 7]);
    let view = view_of(&game, &tally);
    assert_eq!(view["seats"][0]["supply"]["ringmaster"], 1);
    assert_eq!(view["seats"][0]["ringmaster"]["label"], "the ringmaster in the supply");
    assert!(view["big_top"].is_null(), "no big top before the first circus tile");
    assert_eq!(
        view["animals"]["label"],
        "Animal tokens nobody has seen: 16 tokens: 1 worth 1 point, 4 worth 3, 5 worth 4, 3 worth 5, 2 worth 6 and 1 worth 7"
    );
    assert_eq!(view["acrobat_spaces"], serde_json::json!([]));
    assert_eq!(view["pending"]["acrobats"], true, "the tile to place has an acrobat space");
    assert!(view["pending"]["tile_name"].as_str().unwrap().ends_with(", with an acrobat space"));

    // Red: an acrobat tile south of the start tile, a follower on its space.
    game.apply(Action::Place { pos: Pos::new(0, 1), rotation: carcassonne_engine::Rotation::R0 }).unwrap();
    let first = label_of(&game, acrobat(0, 1));
    assert_eq!(
        first.label,
        "a follower onto the acrobat space 1 tile south of the start tile as an acrobat (the first acrobat of its pyramid; each acrobat scores 5 points when the full pyramid is scored, or at the end)"
    );
    assert_eq!(first.at, Some([0.5, 0.5]), "the marker on the space, in the middle of the tile");
    let events = game.apply(acrobat(0, 1)).unwrap();
    let deployed = find(&events, |e| matches!(e, Event::FigureDeployed { .. }));
    assert_eq!(text(&game, &deployed), "P0 deploys an acrobat on the acrobat space, 1 tile south of the start tile");

    // Blue: the circus tile east of it puts the big top up; a second acrobat on red's space.
    let mut events =
        game.apply(Action::Place { pos: Pos::new(1, 1), rotation: carcassonne_engine::Rotation::R0 }).unwrap();
    assert_eq!(
        label_of(&game, acrobat(0, 1)).label,
        "a follower onto the acrobat space 1 tile south of the start tile as an acrobat (its pyramid then holds 2 of 3 acrobats, 1 of them yours; each acrobat scores 5 points when the full pyramid is scored, or at the end)"
    );
    events.extend(game.apply(acrobat(0, 1)).unwrap());
    let raised = find(&events, |e| matches!(e, Event::BigTopMoved { .. }));
    assert_eq!(
        text(&game, &raised),
        "P1's circus tile 1 tile south-east of the start tile puts the big top up, over a face-down animal token nobody has seen"
    );
    let view = view_of(&game, &tally);
    assert_eq!(
        view["big_top"],
        serde_json::json!({"x": 1, "y": 1, "followers": [1, 1],
            "label": "The big top stands on the circus tile 1 tile south-east of the start tile, over a face-down animal token: when the big top moves on, the token pays its value for each follower on that tile and the eight around it (followers there now: P0 1 and P1 1)"})
    );
    assert_eq!(view["animals"]["unseen"], 16, "the token under the big top is unseen");
    assert_eq!(view["acrobat_spaces"][0]["acrobats"], serde_json::json!([0, 1]));
    assert_eq!(
        view["acrobat_spaces"][0]["label"],
        "The acrobat space 1 tile south of the start tile: a pyramid of 2 acrobats (P0's and P1's), 1 more to make it full"
    );

    // Red completes the pyramid from the west; blue scores it from the south.
    game.apply(Action::Place { pos: Pos::new(-1, 1), rotation: carcassonne_engine::Rotation::R0 }).unwrap();
    assert_eq!(
        label_of(&game, acrobat(0, 1)).label,
        "a follower onto the acrobat space 1 tile south of the start tile as an acrobat (it completes the pyramid: 3 of 3 acrobats, 2 of them yours; each acrobat scores 5 points when the full pyramid is scored, or at the end)"
    );
    game.apply(acrobat(0, 1)).unwrap();
    let view = view_of(&game, &tally);
    assert_eq!(
        (view["acrobat_spaces"][0]["full"].as_bool(), view["acrobat_spaces"][0]["x"].as_i64()),
        (Some(true), Some(0))
    );
    assert_eq!(view["acrobat_spaces"][0]["acrobats"], serde_json::json!([0, 1, 0]));
    assert_eq!(
        view["acrobat_spaces"][0]["label"],
        "The acrobat space 1 tile south of the start tile: a full pyramid of 3 acrobats (2 of P0's and P1's), which a player may score for 5 points an acrobat after placing a tile on it or around it"
    );
    let figures = view["figures"].as_array().unwrap();
    assert_eq!(figures.iter().filter(|f| f["feature"] == "acrobats").count(), 3);
    assert_eq!(figures[0]["label"], "P0's acrobat on the acrobat space, 1 tile south of the start tile");
    game.apply(Action::Place { pos: Pos::new(0, 2), rotation: carcassonne_engine::Rotation::R0 }).unwrap();
    let score = Action::ScorePyramid { pos: Pos::new(0, 1) };
    assert_eq!(
        label_of(&game, score).label,
        "score the full pyramid on the acrobat space 1 tile south of the start tile: you score 5 points (1 acrobat) and 1 other player 10 points (2 acrobats); its acrobats go home"
    );
    let events = game.apply(score).unwrap();
    count(&events, &mut tally);
    let paid: Vec<String> =
        events.iter().filter(|e| matches!(e, Event::AcrobatsScored { .. })).map(|e| text(&game, e)).collect();
    assert_eq!(
        paid,
        [
            "P1 scores the full pyramid on the acrobat space 1 tile south of the start tile: P0 scores 10 points for 2 acrobats, who go home",
            "P1 scores the full pyramid on the acrobat space 1 tile south of the start tile: 5 points for 1 acrobat of theirs, who goes home",
        ]
    );
    let scored = find(&events, |e| matches!(e, Event::AcrobatsScored { player: 0, .. }));
    let json = serde_json::to_value(event_view(&game, &names, 0, Some(1), &scored)).unwrap();
    assert_eq!(
        (json["type"].as_str(), json["scorer"].as_i64(), json["acrobats"].as_i64()),
        (Some("acrobats-scored"), Some(1), Some(2))
    );
    assert_eq!(json["score_changes"][0]["points"], 10);
    let view = view_of(&game, &tally);
    assert_eq!(
        (
            view["seats"][0]["points"]["turn"]["acrobats"].as_i64(),
            view["seats"][1]["points"]["turn"]["acrobats"].as_i64()
        ),
        (Some(10), Some(5))
    );
    assert_eq!(view["big_top"]["followers"], serde_json::json!([0, 0]), "the acrobats went home");

    // Red's circus tile east of the big top: the ringmaster on its road, then the big top moves.
    game.apply(Action::Place { pos: Pos::new(2, 1), rotation: carcassonne_engine::Rotation::R0 }).unwrap();
    let placed = *game.board().get(Pos::new(2, 1)).unwrap();
    let road =
        carcassonne_engine::game::parse_feature_name(game.design(placed.tile), placed.rotation, "road@S").unwrap();
    let ringmaster = Action::Deploy { figure: Figure::Ringmaster, feature: road };
    assert_eq!(
        label_of(&game, ringmaster).label,
        "the ringmaster (thief) on the road to the south (when his feature is scored he earns 2 points for each circus and acrobat tile on his tile and the eight around it: 2 now, 4 points)"
    );
    let events = game.apply(ringmaster).unwrap();
    count(&events, &mut tally);
    let texts: Vec<String> = events
        .iter()
        .filter(|e| matches!(e, Event::CircusRevealed { .. } | Event::CircusScored { .. } | Event::BigTopMoved { .. }))
        .map(|e| text(&game, e))
        .collect();
    assert_eq!(
        texts,
        [
            "The animal token under the big top 1 tile south-east of the start tile is turned up: 5 points for each follower on that tile and the eight around it",
            "P0 scores 5 points for 1 follower around the big top 1 tile south-east of the start tile (5 each)",
            "The big top moves from the tile 1 tile south-east of the start tile to P0's circus tile 1 tile south and 2 tiles east of the start tile, over a new face-down animal token",
        ]
    );
    let view = view_of(&game, &tally);
    assert_eq!(view["seats"][0]["points"]["turn"]["circus"], 5);
    assert_eq!((view["big_top"]["x"].as_i64(), view["big_top"]["y"].as_i64()), (Some(2), Some(1)));
    assert_eq!(view["animals"]["unseen"], 15, "the 5 turned up left the game");
    assert_eq!(view["animals"]["tokens"][3], serde_json::json!({"points": 5, "count": 2}));
    assert_eq!(view["seats"][0]["supply"]["ringmaster"], 0);
    assert_eq!(
        view["seats"][0]["ringmaster"],
        serde_json::json!({"spot": {"x": 2, "y": 1, "feature": "road@S", "tiles": 2, "bonus": 4},
            "label": "the ringmaster (thief) on the road to the south (1 tile south and 2 tiles east of the start tile): 2 circus and acrobat tiles around him, 4 points more when his road is scored"})
    );

    // Blue's circus tile ends the ringmaster's road: his bonus follows the road's score.
    let events = big_top_turn(&mut game, 2, 2, 180, Action::Pass);
    count(&events, &mut tally);
    let bonus = find(&events, |e| matches!(e, Event::RingmasterBonus { .. }));
    assert_eq!(
        text(&game, &bonus),
        "P0's ringmaster on the road to the south (1 tile south and 2 tiles east of the start tile) earns 6 points more: 3 circus and acrobat tiles on his tile and around it, 2 each"
    );
    let json = serde_json::to_value(event_view(&game, &names, 0, Some(1), &bonus)).unwrap();
    assert_eq!(
        (json["type"].as_str(), json["tiles"].as_i64(), json["points"].as_i64()),
        (Some("ringmaster-bonus"), Some(3), Some(6))
    );
    assert_eq!(view_of(&game, &tally)["seats"][0]["points"]["turn"]["ringmaster"], 6);

    // Red's last acrobat stays on its space to the end of the game.
    let events = big_top_turn(&mut game, -1, 2, 0, acrobat(-1, 2));
    assert!(game.is_over());
    let end = find(&events, |e| matches!(e, Event::AcrobatsScored { scorer: None, .. }));
    assert_eq!(
        text(&game, &end),
        "P0 scores 5 points for 1 acrobat still on the acrobat space 2 tiles south and 1 tile west of the start tile at the end of the game"
    );
    count(&events, &mut tally);
    let view = view_of(&game, &tally);
    assert_eq!(view["seats"][0]["points"]["final"]["acrobats"], 5);
    assert!(view["big_top"].is_null(), "the big top is removed for the final scoring");
}

/// Under the Big Top: the animal token face down under the big top is in no view and no event
/// (two games with another token there look the same to every seat until it is turned up), and a
/// game without the expansion has no ringmaster, no big top and no animal tokens.
#[test]
fn the_token_under_the_big_top_is_hidden() {
    let seats = seats(2);
    let names = ["P0".to_string(), "P1".to_string()];
    let views = |animal: u8| {
        let mut game = big_top_game(&["06", "01", "06"], &[animal]);
        let mut events = vec![];
        let mut texts = vec![];
        for (x, y) in [(0, 1), (1, 1)] {
            events.extend(big_top_turn(&mut game, x, y, 0, Action::Pass));
            let tally = Tally::new(2);
            let input = ViewInput { id: "g", version: 1, game: &game, seats: &seats, online: &[0, 0], tally: &tally };
            let shown: Vec<EventView> =
                events.iter().enumerate().map(|(i, e)| event_view(&game, &names, i, Some(i), e)).collect();
            for you in [vec![], vec![0], vec![1]] {
                texts.push(serde_json::to_string(&game_view(&input, you, 0, shown.clone())).unwrap());
            }
        }
        texts
    };
    let (flea, elephant) = (views(1), views(7));
    assert!(flea[0].contains(r#""big_top":{"x":0,"y":1"#), "{}", flea[0]);
    assert_eq!(flea, elephant);

    let game =
        Game::new(GameSetup { rules: Rules::base(), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(1) })
            .unwrap();
    let tally = Tally::new(2);
    let input = ViewInput { id: "g", version: 1, game: &game, seats: &seats, online: &[0, 0], tally: &tally };
    let view = serde_json::to_value(game_view(&input, vec![], 0, vec![])).unwrap();
    assert!(view["seats"][0]["supply"].get("ringmaster").is_none() && view["seats"][0].get("ringmaster").is_none());
    assert!(view.get("big_top").is_none() && view.get("animals").is_none() && view.get("acrobat_spaces").is_none());
}
