//! Issue 35, "Every point in the records": every change of a score is told, with its points, in
//! the three accounts of a game, and they add up to the final scores: the JSON of
//! `carcassonne replay --json`, the readable log of `carcassonne replay`, and the server's event
//! log (what a client receives). Random games with every expansion, some with the variations
//! that take points away, steered so that the fairy, ransoms, rebuilding and the dash all
//! happen.

use std::collections::BTreeMap;

use carcassonne_engine::random::{below, rng_from_seed};
use carcassonne_engine::record::RECORD_VERSION;
use carcassonne_engine::{Action, Color, Deck, Event, Expansion, Game, GameSetup, Record, RecordDeck, Rules, Variants};
use carcassonne_server::room::Room;
use carcassonne_server::seats::Seat;
use serde_json::Value;

use crate::support::{json_of, ok, temp_path};

/// A random game and its record, taking the actions that move points other than by scoring a
/// feature (the fairy, a ransom, a tile removed, a follower moved in the dash, a castle built)
/// whenever a coin says so.
fn steered_game(rules: Rules, players: usize, seed: u64) -> (Game, Record) {
    let colors = Color::ALL[..players].to_vec();
    let setup = GameSetup { rules: rules.clone(), players: colors.clone(), deck: Deck::Seed(seed) };
    let mut game = Game::new(setup).unwrap();
    let mut record =
        Record { version: RECORD_VERSION, rules, players: colors, deck: RecordDeck::Seed(seed), actions: vec![] };
    let mut rng = rng_from_seed(seed);
    while !game.is_over() {
        let actions = game.legal_actions();
        let steered: Vec<Action> = actions
            .iter()
            .copied()
            .filter(|a| {
                matches!(
                    a,
                    Action::MoveFairy { .. }
                        | Action::PayRansom { .. }
                        | Action::Capture { .. }
                        | Action::RemoveTile { .. }
                        | Action::MoveFollower { .. }
                        | Action::PorxadaBonus
                        | Action::BuildCastle
                )
            })
            .collect();
        let action = if !steered.is_empty() && below(&mut rng, 2) == 0 {
            steered[below(&mut rng, steered.len() as u32) as usize]
        } else {
            actions[below(&mut rng, actions.len() as u32) as usize]
        };
        record.push(&game, action);
        game.apply(action).unwrap();
    }
    (game, record)
}

/// Adds `points` to `color`'s total.
fn credit(totals: &mut BTreeMap<String, i64>, color: &str, points: i64) {
    *totals.entry(color.to_string()).or_default() += points;
}

/// The points of the score events of `replay --json`, by colour, and the number of events of
/// each kind.
fn json_points(replay: &Value) -> (BTreeMap<String, i64>, BTreeMap<String, usize>) {
    let (mut totals, mut kinds) = (BTreeMap::new(), BTreeMap::new());
    for event in replay["score_events"].as_array().unwrap() {
        let points = event["points"].as_i64().unwrap_or_else(|| panic!("points: {event}"));
        let players = event["players"].as_array().unwrap();
        // A feature scored may be worth nothing (an incomplete road with an inn): its players
        // still scored.
        assert!(!players.is_empty(), "a score event names its players: {event}");
        for field in ["kind", "phase", "breakdown"] {
            assert!(event[field].is_string(), "{field}: {event}");
        }
        assert!(event["completed"].is_boolean() && event["action"].is_u64(), "{event}");
        for player in players {
            credit(&mut totals, player.as_str().unwrap(), points);
        }
        *kinds.entry(event["kind"].as_str().unwrap().to_string()).or_default() += 1;
    }
    (totals, kinds)
}

/// The points the readable log shows, by colour, and how many changes of a score it tells (a
/// ransom is two: its payer's and its captor's). The forms: `red scores 8: ...`,
/// `red, blue each score 4: ...`, `red scores 3 with the fairy`, `red loses 2 for the
/// Vodyanoy`, `... gives up 1 point ...` and `... pays blue 3 points of ransom ...`, the last two
/// with the line's subject (after `turn N: `) as the player; The Messages' `red does message 6
/// (...): 4 points` and `red takes the 2 points of message 6 instead`.
fn text_points(text: &str) -> (BTreeMap<String, i64>, usize) {
    let number = |s: &str| -> Option<i64> {
        let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    };
    let (mut totals, mut changes) = (BTreeMap::new(), 0);
    for line in text.lines() {
        let body = line.trim_start();
        let body = match body.strip_prefix("turn ") {
            Some(rest) => rest.split_once(": ").map_or(rest, |(_, after)| after),
            None => body,
        };
        let subject = body.split([' ', ',']).next().unwrap_or_default();
        for verb in [" scores ", " each score "] {
            if let Some((who, rest)) = body.split_once(verb) {
                if let Some(points) = number(rest) {
                    for color in who.split(", ") {
                        credit(&mut totals, color, points);
                    }
                    changes += 1;
                }
            }
        }
        // The Vodyanoy's cost at the end: "red loses 2 for the Vodyanoy: ..." (a shrine that
        // "loses the race" loses no points).
        if let Some((who, rest)) = body.split_once(" loses ").filter(|(_, rest)| number(rest).is_some()) {
            let points = number(rest).expect("digits");
            credit(&mut totals, who, -points);
            changes += 1;
        }
        // The Messages: "red does message 6 (2 points per knight): 4 points" (message 4's extra
        // tile: 0 points) and the seal, "red takes the 2 points of message 6 instead".
        if let Some((who, rest)) = body.split_once(" does message ") {
            let (_, after) = rest.rsplit_once("): ").unwrap_or_else(|| panic!("message: {line}"));
            let points = number(after).unwrap_or_else(|| panic!("points: {line}"));
            credit(&mut totals, who, points);
            changes += 1;
        }
        if let Some((who, rest)) =
            body.split_once(" takes the ").filter(|(_, rest)| rest.contains(" points of message "))
        {
            let points = number(rest).unwrap_or_else(|| panic!("points: {line}"));
            credit(&mut totals, who, points);
            changes += 1;
        }
        // Bridges, Castles & Bazaars: "blue buys base:E at the bazaar for 4 points, paid to
        // green" (or "paid to nobody").
        if let Some((who, rest)) = body.split_once(" buys ").filter(|(_, rest)| rest.contains(" at the bazaar for ")) {
            let (_, after) = rest.split_once(" at the bazaar for ").expect("checked");
            let points = number(after).unwrap_or_else(|| panic!("points: {line}"));
            credit(&mut totals, who, -points);
            changes += 1;
            let (_, to) = after.split_once(", paid to ").unwrap_or_else(|| panic!("paid to: {line}"));
            if to != "nobody" {
                credit(&mut totals, to, points);
                changes += 1;
            }
        }
        for (at, _) in body.match_indices("gives up ") {
            let points = number(&body[at + "gives up ".len()..]).unwrap_or_else(|| panic!("points: {line}"));
            credit(&mut totals, subject, -points);
            changes += 1;
        }
        for (at, _) in body.match_indices("pays ") {
            let rest = &body[at + "pays ".len()..];
            let (captor, rest) = rest.split_once(' ').unwrap();
            // A short ransom (variant `short-ransom`): "pays blue all their 1 points for a
            // ransom of 3", the payer losing what they had and the captor gaining the ransom.
            let (paid, received) = match rest.strip_prefix("all their ") {
                Some(short) => {
                    let paid = number(short).unwrap_or_else(|| panic!("points: {line}"));
                    let (_, after) = short.split_once("for a ransom of ").unwrap_or_else(|| panic!("ransom: {line}"));
                    (paid, number(after).unwrap_or_else(|| panic!("points: {line}")))
                }
                None => {
                    let points = number(rest).unwrap_or_else(|| panic!("points: {line}"));
                    assert!(rest[points.to_string().len()..].starts_with(" points of ransom"), "{line}");
                    (points, points)
                }
            };
            credit(&mut totals, subject, -paid);
            credit(&mut totals, captor, received);
            changes += 2;
        }
    }
    (totals, changes)
}

/// The points of the server's event log, by seat, from the view a client receives.
fn server_points(game: &Game, record: &Record) -> Vec<i64> {
    let seats: Vec<Seat> = (0..game.players().len())
        .map(|i| Seat { name: format!("Seat {}", i + 1), player: "random".into(), token: None })
        .collect();
    let room = Room::new("g".into(), 0, seats, record.clone()).unwrap();
    let view = serde_json::to_value(room.view(vec![], 0)).unwrap();
    let mut totals = vec![0i64; game.players().len()];
    for event in view["events"].as_array().unwrap() {
        let changes = event["score_changes"].as_array().into_iter().flatten();
        // A change of a score is put in words by its view module, never by the fallback.
        if changes.clone().next().is_some() {
            assert_ne!(event["type"], "other", "a score change without its words: {event}");
        }
        for change in changes {
            totals[change["seat"].as_u64().unwrap() as usize] += change["points"].as_i64().unwrap();
        }
    }
    // The seats' points by kind add up to their scores too.
    for (seat, view) in view["seats"].as_array().unwrap().iter().enumerate() {
        let by_kind: i64 = ["turn", "final"]
            .iter()
            .flat_map(|phase| view["points"][phase].as_object().unwrap().values())
            .map(|points| points.as_i64().unwrap())
            .sum();
        assert_eq!(by_kind, view["score"].as_i64().unwrap(), "seat {seat}: {}", view["points"]);
    }
    totals
}

#[test]
fn every_change_of_a_score_is_in_the_json_replay_the_text_log_and_the_servers_log() {
    let every = |variants: Variants| Rules { expansions: Expansion::ALL.to_vec(), variants };
    let games = [
        (every(Variants::default()), 3, 11),
        (every(Variants::default()), 5, 12),
        (every(Variants { rebuilding: true, ..Variants::default() }), 2, 13),
        (every(Variants { new_lease_of_life: true, dash: true, ..Variants::default() }), 4, 14),
        (
            every(Variants { rebuilding: true, dash: true, tower_captures_own_followers: true, ..Variants::default() }),
            3,
            15,
        ),
        // A seed whose game has short ransoms and a church's bonus: the games change as
        // expansions join `ALL` (seed 20 had a short ransom before The Watchtowers, seed 39
        // before the Vodyanoy, seed 43 before the Darmstadt churches, 40 before La Porxada, 42
        // before The Crop Circles, 43 before The Phantom, 40 before Mage & Witch, 23 before The
        // Flier, 40 before The Tunnel, 0 and 16 before The Ferries, 34 before The Plague, 42
        // before The Messages, 93 before Hills & Sheep, 104 before Under the Big Top, 172 before
        // Bridges, Castles & Bazaars; seed 162 had both before The Catapult, since when it has
        // short ransoms only, and the church's bonus comes from a game of its own below).
        (every(Variants { short_ransom: true, unguarded_tower_reopens: true, ..Variants::default() }), 4, 162),
        // A church's bonus (The Darmstadt Churches alone; seed 41 gets one).
        (Rules { expansions: vec![Expansion::DarmstadtChurches], ..Rules::default() }, 2, 41),
        // La Porxada's bonus chosen, its city completed and an incomplete city scored as
        // completed (one random game in about 400 gets there).
        (Rules { expansions: vec![Expansion::LaPorxada], ..Rules::default() }, 2, 214),
    ];
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    let mut events = BTreeMap::<&str, usize>::new();
    for (rules, players, seed) in games {
        let (game, record) = steered_game(rules, players, seed);
        for (_, event) in record.replay().unwrap().events {
            let name = match event {
                Event::FairyBonus { .. } => "fairy",
                Event::RansomPaid { .. } => "ransom",
                Event::ShortRansomPaid { .. } => "short ransom",
                Event::TileRemoved { .. } => "rebuilding",
                Event::PointSacrificed { .. } => "dash",
                Event::ChurchBonus { .. } => "church",
                Event::PorxadaCityScored { .. } => "porxada",
                _ => continue,
            };
            *events.entry(name).or_default() += 1;
        }
        let scores: BTreeMap<String, i64> =
            game.players().iter().map(|p| (p.color.name().to_string(), i64::from(p.score))).collect();
        let path = temp_path("score-events.json");
        std::fs::write(&path, serde_json::to_string(&record).unwrap()).unwrap();
        let path = path.to_str().unwrap();

        let replay = json_of(&ok(&["replay", "--json", path]));
        let final_scores: BTreeMap<String, i64> = replay["final_scores"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(color, score)| (color.clone(), score.as_i64().unwrap()))
            .collect();
        assert_eq!(final_scores, scores, "seed {seed}");
        let (json_totals, json_kinds) = json_points(&replay);
        let nonzero = |totals: BTreeMap<String, i64>| -> BTreeMap<String, i64> {
            totals.into_iter().filter(|&(_, points)| points != 0).collect()
        };
        let scored = nonzero(scores.clone());
        assert_eq!(nonzero(json_totals), scored, "seed {seed}: the JSON's score events");

        let text = ok(&["replay", path]);
        let (text_totals, text_changes) = text_points(&text);
        assert_eq!(nonzero(text_totals), scored, "seed {seed}: the text log\n{text}");
        let json_events: usize = json_kinds.values().sum();
        assert_eq!(text_changes, json_events, "seed {seed}: one change in the text for each score event");

        let seats: Vec<i64> = game.players().iter().map(|p| i64::from(p.score)).collect();
        assert_eq!(server_points(&game, &record), seats, "seed {seed}: the server's log");
        for (kind, n) in json_kinds {
            *kinds.entry(kind).or_default() += n;
        }
        std::fs::remove_file(path).ok();
    }
    assert!(events.get("short ransom").is_some_and(|&n| n > 0), "no short ransom: {events:?}");
    for name in ["fairy", "ransom", "rebuilding", "dash", "church", "porxada"] {
        assert!(events.get(name).is_some_and(|&n| n > 0), "no {name} event: {events:?}");
        assert!(kinds.get(name).is_some_and(|&n| n > 0), "no {name} score event: {kinds:?}");
    }
    for kind in ["road", "city", "cloister", "field", "king", "robber-baron", "castle", "bazaar", "catapult"] {
        assert!(kinds.contains_key(kind), "no {kind} score event: {kinds:?}");
    }
    assert!(["wine", "grain", "cloth"].iter().any(|good| kinds.contains_key(*good)), "no trade goods: {kinds:?}");
}
