//! Tests of the views of The Catapult: a seeded game (`--expansions catapult`) played to each
//! of the round's three decisions: the tile to place with its fair, the choice of the token
//! (`catapult`, the four kinds in words), the flick (`flick`, every tile to aim at, the token,
//! the opener and the fair tile) and the seduction (`seduce`, the candidates with the followers
//! that may replace them, and a pass); the five events' sentences and the points under
//! `catapult`.

use carcassonne_engine::{CatapultToken, Color, Deck, Event, Expansion, Figure, GameSetup};

use super::super::*;
use super::{event_text, seats, view_json};

/// The seed of the game: the first that reaches a seduction with the policy of `next_action`
/// (the seeds before end first: the seats' followers are all on the board by then).
const SEED: u64 = 6;

fn catapult_game(seed: u64) -> Game {
    let rules = Rules { expansions: vec![Expansion::Catapult], ..Rules::base() };
    Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck: Deck::Seed(seed) }).unwrap()
}

/// The policy of the test's game: the first place for a tile, a follower wherever one may go,
/// the catapult's `token`, a flick at the first tile that holds another player's follower, and
/// the first choice of every other decision.
fn next_action(game: &Game, token: CatapultToken) -> Action {
    let legal = game.legal_actions();
    let pick = |want: &dyn Fn(&Action) -> bool| legal.iter().copied().find(|a| want(a));
    match game.pending() {
        Pending::Deploy { .. } => pick(&|a| matches!(a, Action::Deploy { figure: Figure::Follower, .. })),
        Pending::CatapultToken { .. } => Some(Action::ChooseToken { token }),
        Pending::Flick { player, .. } => {
            let theirs = |at: carcassonne_engine::Pos| {
                game.figures().iter().any(|f| {
                    f.owner != player && f.figure.is_follower() && game.board().placement(f.placement).pos == at
                })
            };
            pick(&|a| matches!(*a, Action::Flick { at } if theirs(at)))
        }
        _ => None,
    }
    .unwrap_or(legal[0])
}

/// Plays on with `token` for the catapult rounds until `stop` holds, counting every event in
/// `tally`; returns the events since the last stop.
fn play_until(game: &mut Game, tally: &mut Tally, token: CatapultToken, stop: impl Fn(&Game) -> bool) -> Vec<Event> {
    let mut events = vec![];
    while !stop(game) {
        assert!(!game.is_over(), "the game ended first");
        let caused = game.apply(next_action(game, token)).unwrap();
        caused.iter().for_each(|e| tally.add(e));
        events.extend(caused);
    }
    events
}

/// A tile with a fair is named so and its placement says `fair`; the choice of the token names
/// the four kinds with their rules; a round of catch throws the tokens in words and scores the
/// catches under `catapult`; a round of target hurling offers every tile on the board with the
/// fair tile and the followers named, the flick's pending view has the token, the opener and the
/// fair tile, and the flicks and the points are told; a seduction offers the other players'
/// nearest followers with the followers that may take their place, and a pass.
#[test]
fn the_catapult_rounds_are_offered_and_shown_in_words() {
    let seats = seats(2);
    let mut tally = Tally::new(2);
    let mut game = catapult_game(SEED);
    let fair = |game: &Game, tile| game.design(tile).symbols.contains(&carcassonne_engine::catalog::Symbol::Fair);

    // The first fair tile to place: `fair` on the decision, ", with a fair" in its name.
    play_until(
        &mut game,
        &mut tally,
        CatapultToken::Catch,
        |g| matches!(g.pending(), Pending::PlaceTile { tile, .. } if fair(g, tile)),
    );
    let view = view_json(&game, &seats, &tally);
    assert_eq!(view["pending"]["fair"], true);
    assert!(view["pending"]["tile_name"].as_str().unwrap().ends_with(", with a fair"), "{}", view["pending"]);

    // The choice of the token, on the fair tile just placed.
    play_until(&mut game, &mut tally, CatapultToken::Catch, |g| matches!(g.pending(), Pending::CatapultToken { .. }));
    let Pending::CatapultToken { player, pos } = game.pending() else { unreachable!() };
    let view = view_json(&game, &seats, &tally);
    let pending = &view["pending"];
    assert_eq!(
        (pending["decision"].as_str(), pending["seat"].as_u64(), pending["x"].as_i64(), pending["y"].as_i64()),
        (Some("catapult"), Some(u64::from(player)), Some(i64::from(pos.x)), Some(i64::from(pos.y)))
    );
    let tokens: Vec<&str> =
        pending["tokens"].as_array().unwrap().iter().map(|t| t["token"].as_str().unwrap()).collect();
    assert_eq!(tokens, ["knock-out", "seduction", "target", "catch"]);
    let legal = legal_views(&game);
    let labels: Vec<&str> = legal.iter().map(|l| l.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "knock-out: every player in turn flicks a knock-out token at a tile; the followers on the tile it lands on go home without scoring",
            "seduction: every player in turn flicks a seduction token at a tile; the flicker may put a follower of theirs in the place of another player's follower nearest to where it lands",
            "target hurling: every player in turn flicks a target token at a tile; the tokens that land nearest the fair tile score 5 points",
            "catch: each player flicks a token to the player on their left, who catches it one time in two and then scores 5 points",
        ]
    );
    assert_eq!(pending["tokens"][0]["label"], labels[0]);
    let record = serde_json::to_value(&legal[3]).unwrap();
    assert_eq!((record["action"].as_str(), record["token"].as_str()), (Some("catapult"), Some("catch")));

    // A round of catch: each token thrown to the next player; a catch scores 5 under `catapult`.
    let events = game.apply(Action::ChooseToken { token: CatapultToken::Catch }).unwrap();
    events.iter().for_each(|e| tally.add(e));
    let texts: Vec<String> = events.iter().map(|e| event_text(&game, e)).collect();
    let opener = format!("P{player}");
    assert_eq!(
        texts[0],
        format!(
            "{opener} holds a catapult round with the catch tokens: each player flicks one to the player on their left"
        )
    );
    let caught = events.iter().filter(|e| matches!(e, Event::CatchThrown { caught: true, .. })).count() as i64;
    for (event, text) in events.iter().zip(&texts) {
        match *event {
            Event::CatchThrown { player: p, catcher, caught } => assert_eq!(
                *text,
                format!("P{p} flicks a token to P{catcher}, who {} it", if caught { "catches" } else { "misses" })
            ),
            Event::CatapultScored { player: p, .. } => assert_eq!(*text, format!("P{p} scores 5 points for the catch")),
            _ => {}
        }
    }
    let view = view_json(&game, &seats, &tally);
    let catapult_points: i64 =
        (0..2).map(|s| view["seats"][s]["points"]["turn"]["catapult"].as_i64().unwrap_or(0)).sum();
    assert_eq!(catapult_points, 5 * caught);
    let names = ["P0".to_string(), "P1".to_string()];
    let json = serde_json::to_value(event_view(&game, &names, 0, Some(0), &events[1])).unwrap();
    assert_eq!(json["type"], "catch-thrown");

    // A round of target hurling: the flick offers every tile, names the fair tile.
    play_until(&mut game, &mut tally, CatapultToken::Target, |g| matches!(g.pending(), Pending::Flick { .. }));
    let Pending::Flick { player, token } = game.pending() else { unreachable!() };
    assert_eq!(token, CatapultToken::Target);
    let fair_pos = game.board().tiles().last().unwrap().pos;
    let view = view_json(&game, &seats, &tally);
    assert_eq!(
        view["pending"],
        serde_json::json!({"decision": "flick", "seat": player, "token": "target", "opener": player,
            "fair": {"x": fair_pos.x, "y": fair_pos.y}, "flicked": 0, "players": 2})
    );
    let legal = legal_views(&game);
    assert_eq!(legal.len(), game.board().len(), "every tile may be aimed at");
    let at_fair = legal
        .iter()
        .find(|l| {
            serde_json::to_value(l).unwrap()["x"] == fair_pos.x && serde_json::to_value(l).unwrap()["y"] == fair_pos.y
        })
        .unwrap();
    assert!(
        at_fair.label.starts_with(&format!("aim at {} (the fair tile", words::tile_at(fair_pos))),
        "{}",
        at_fair.label
    );
    assert!(legal.iter().all(|l| l.label.starts_with("aim at ") && l.at.is_none()));
    let with_followers = legal.iter().find(|l| l.label.contains(" there: ")).expect("a tile with followers");
    assert!(with_followers.label.contains("follower"), "{}", with_followers.label);
    let events =
        play_until(&mut game, &mut tally, CatapultToken::Target, |g| !matches!(g.pending(), Pending::Flick { .. }));
    let mut flicks = 0;
    for event in &events {
        let text = event_text(&game, event);
        match *event {
            Event::Flicked { player: p, aim, landed, on_tile, .. } => {
                flicks += 1;
                let start = format!("P{p} flicks the target hurling token at {}: ", words::tile_at(aim));
                assert!(text.starts_with(&start), "{text}");
                let end = if !on_tile {
                    format!("it comes down off the map, {}, where no tile lies", words::place_words(landed))
                } else if landed == aim {
                    "it lands on it".into()
                } else {
                    format!("it lands beside it, on {}", words::tile_at(landed))
                };
                assert_eq!(text, format!("{start}{end}"));
                let json = serde_json::to_value(event_view(&game, &names, 0, Some(0), event)).unwrap();
                assert_eq!(
                    (json["type"].as_str(), json["aim_x"].as_i64(), json["x"].as_i64(), json["on_tile"].as_bool()),
                    (Some("flicked"), Some(i64::from(aim.x)), Some(i64::from(landed.x)), Some(on_tile))
                );
            }
            Event::CatapultScored { player: p, token: CatapultToken::Target, points } => {
                assert_eq!(text, format!("P{p}'s token came down nearest the fair tile: {points} points"));
            }
            _ => {}
        }
    }
    assert_eq!(flicks, 2, "each player flicks once");

    // Rounds of seduction until one offers a seduction.
    play_until(&mut game, &mut tally, CatapultToken::Seduction, |g| matches!(g.pending(), Pending::Seduce { .. }));
    let Pending::Seduce { player, at } = game.pending() else { unreachable!() };
    let view = view_json(&game, &seats, &tally);
    let pending = &view["pending"];
    assert_eq!(
        (pending["decision"].as_str(), pending["seat"].as_u64(), pending["x"].as_i64(), pending["y"].as_i64()),
        (Some("seduce"), Some(u64::from(player)), Some(i64::from(at.x)), Some(i64::from(at.y)))
    );
    let candidates = pending["candidates"].as_array().unwrap();
    assert!(!candidates.is_empty());
    for c in candidates {
        assert_ne!(c["owner"].as_u64(), Some(u64::from(player)), "another player's follower: {c}");
        assert!(c["with"].as_array().unwrap().contains(&serde_json::json!("follower")), "{c}");
        assert!(
            c["label"].as_str().unwrap().starts_with("The red player's ")
                || c["label"].as_str().unwrap().starts_with("The blue player's "),
            "{c}"
        );
    }
    let legal = legal_views(&game);
    let pass = legal.iter().find(|l| l.label.starts_with("pass")).expect("a pass");
    assert_eq!(pass.label, "pass: leave the followers where they stand");
    let seduce = legal.iter().find(|l| l.label.starts_with("put your ")).expect("a seduction");
    assert!(seduce.at.is_some(), "a seduction's marker stands on the follower");
    assert!(seduce.label.contains(" in the place of the "), "{}", seduce.label);
    assert!(seduce.label.ends_with(" player)"), "{}", seduce.label);
    let record = serde_json::to_value(seduce).unwrap();
    assert_eq!(record["action"], "seduce");
    assert_eq!(record["x"], candidates[0]["x"]);
    let Some(Action::Seduce { figure, with }) =
        game.legal_actions().into_iter().find(|a| matches!(a, Action::Seduce { .. }))
    else {
        unreachable!()
    };
    let owner = game.figures()[figure as usize].owner;
    let events = game.apply(Action::Seduce { figure, with }).unwrap();
    let seduced = events.iter().find(|e| matches!(e, Event::Seduced { .. })).expect("the seduction");
    let text = event_text(&game, seduced);
    assert!(text.starts_with(&format!("P{player} seduces P{owner}'s ")), "{text}");
    assert!(text.ends_with(&format!("takes its place, and it goes back to P{owner}")), "{text}");
    let json = serde_json::to_value(event_view(&game, &names, 0, Some(0), seduced)).unwrap();
    assert_eq!((json["type"].as_str(), json["owner"].as_u64()), (Some("seduced"), Some(u64::from(owner))));
}

/// The city scenario of The Count with The Catapult (and `others`): blue's follower waits in the
/// castle quarter, red's seduction round is under way and red's token came down on the city.
fn quarter_round(others: &[Expansion]) -> Game {
    use carcassonne_engine::{Pos, Quarter};
    let mut expansions = vec![Expansion::Count, Expansion::Catapult];
    expansions.extend_from_slice(others);
    let rules = Rules { expansions, ..Rules::base() };
    let catalog = carcassonne_engine::Catalog::builtin();
    let deck = ["base:U", "base:A", "catapult:06", "base:B"].iter().map(|id| catalog.lookup(id).unwrap()).collect();
    let mut game =
        Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck: Deck::Order(deck) }).unwrap();
    let place_at = |game: &mut Game, pos: Pos| {
        let a = game.legal_actions().into_iter().find(|a| matches!(a, Action::Place { pos: p, .. } if *p == pos));
        game.apply(a.expect("the tile fits there")).unwrap();
    };
    // Red's thief north of the city, closed by blue, who deploys to the castle quarter.
    place_at(&mut game, Pos::new(1, -2));
    let road = game.legal_actions().into_iter().find(|a| match *a {
        Action::Deploy { figure: Figure::Follower, feature } => {
            let t = game.board().get(Pos::new(1, -2)).unwrap();
            game.design(t.tile).features[feature as usize].kind == carcassonne_engine::FeatureKind::Road
        }
        _ => false,
    });
    game.apply(road.expect("a thief")).unwrap();
    place_at(&mut game, Pos::new(1, -3));
    game.apply(Action::Pass).unwrap();
    game.apply(Action::DeployToQuarter { figure: Figure::Follower, quarter: Quarter::Castle }).unwrap();
    game.apply(Action::Pass).unwrap();
    // Red's fair tile west of the city; a seduction round; red's token lands on the city.
    let west = game.legal_actions().into_iter().find(|a| matches!(a, Action::Place { pos, .. } if pos.x < -2));
    game.apply(west.expect("a place west of the city")).unwrap();
    game.apply(Action::Pass).unwrap();
    game.apply(Action::ChooseToken { token: CatapultToken::Seduction }).unwrap();
    game.arrange_landing((0, 0)).unwrap();
    game.apply(Action::Flick { at: Pos::new(-2, -1) }).unwrap();
    assert!(matches!(game.pending(), Pending::Seduce { player: 0, .. }), "{:?}", game.pending());
    game
}

/// With The Count: a seduction token that comes down on the city of Carcassonne offers the
/// figures waiting in its quarters (`quarters` of the pending view, each with the followers that
/// may take its place, and a worded legal action `seduce-quarter`); the swap is worded too.
#[test]
fn a_seduction_in_the_quarters_of_carcassonne_is_offered_and_worded() {
    use carcassonne_engine::Quarter;
    let mut game = quarter_round(&[]);
    let (seats, tally) = (seats(2), Tally::new(2));
    let view = view_json(&game, &seats, &tally);
    let quarters = view["pending"]["quarters"].as_array().unwrap();
    assert_eq!(quarters.len(), 1, "{quarters:?}");
    assert_eq!(
        (quarters[0]["owner"].as_u64(), quarters[0]["figure"].as_str(), quarters[0]["quarter"].as_str()),
        (Some(1), Some("follower"), Some("castle"))
    );
    assert_eq!(quarters[0]["label"], "The blue player's follower in the castle quarter of Carcassonne");
    assert!(view["pending"]["candidates"].as_array().unwrap().is_empty());
    let legal = legal_views(&game);
    let seduce = legal.iter().find(|l| l.label.starts_with("put your ")).expect("a seduction");
    assert_eq!(
        seduce.label,
        "put your follower in the place of the blue player's follower in the castle quarter of Carcassonne (it goes back to the blue player)"
    );
    let record = serde_json::to_value(seduce).unwrap();
    assert_eq!((record["action"].as_str(), record["quarter"].as_str()), (Some("seduce-quarter"), Some("castle")));

    let action = Action::SeduceInQuarter {
        owner: 1,
        figure: Figure::Follower,
        quarter: Quarter::Castle,
        with: Figure::Follower,
    };
    let events = game.apply(action).unwrap();
    let seduced = events.iter().find(|e| matches!(e, Event::SeducedInQuarter { .. })).expect("the seduction");
    assert_eq!(
        event_text(&game, seduced),
        "P0 seduces P1's follower in the castle quarter of Carcassonne: P0's follower takes its place, and it goes back to P1"
    );
}

/// One's own nearest follower may be exchanged for another kind (the FAQ: "It does not matter
/// if the follower is yours"): the words say "your" and "your supply". Red passes; blue's token
/// comes down on the city, where blue's own follower waits, and blue has a big follower.
#[test]
fn a_seduction_of_ones_own_follower_says_your() {
    use carcassonne_engine::Pos;
    let mut game = quarter_round(&[Expansion::InnsCathedrals]);
    game.apply(Action::Pass).unwrap();
    game.arrange_landing((0, 0)).unwrap();
    game.apply(Action::Flick { at: Pos::new(-2, -1) }).unwrap();
    assert!(matches!(game.pending(), Pending::Seduce { player: 1, .. }), "{:?}", game.pending());
    let (seats, tally) = (seats(2), Tally::new(2));
    let view = view_json(&game, &seats, &tally);
    let quarters = view["pending"]["quarters"].as_array().unwrap();
    assert_eq!(quarters.len(), 1, "{quarters:?}");
    assert_eq!(quarters[0]["with"], serde_json::json!(["big-follower"]));
    assert_eq!(quarters[0]["label"], "Your follower in the castle quarter of Carcassonne");
    let legal = legal_views(&game);
    let seduce = legal.iter().find(|l| l.label.starts_with("put your ")).expect("a seduction");
    assert_eq!(
        seduce.label,
        "put your big follower in the place of your follower in the castle quarter of Carcassonne (it goes back to your supply)"
    );
}
