//! The variation "Rebuilding" (seed 001, SELECTED VARIATIONS, by Tobias Stapelfeldt): each
//! sentence of its passage, and each reading docs/rules.md records where it is silent, is a
//! named test here.
//!
//! The start tile (base:D) lies at the origin: a city to the north, a road from west to east,
//! a farm between them and a farm to the south (y grows southwards). Red opens every game by
//! closing the start tile's city with a knight (4 points), which pays for the rebuilding.

use carcassonne_engine::{
    Action, Color, Event, Expansion, FeatureKind, Game, Pending, Pos, RuleError, Rules, Variants,
};

use crate::expansions::{paid, random_game_checked, two_player, F};
use crate::princess_dragon::{apply, deploy, feature, place_turned};

const RED: u8 = 0;
const BLUE: u8 = 1;

fn rebuilding() -> Rules {
    Rules { variants: Variants { rebuilding: true, ..Variants::default() }, ..Rules::default() }
}

/// Red closes the start tile's city with a city cap and a knight: 4 points.
fn red_opens(g: &mut Game) {
    place_turned(g, 0, -1, 180);
    deploy(g, F, "city@S");
    assert_eq!(g.scores(), vec![4, 0]);
}

/// The tiles offered for removal now.
fn removable(g: &Game) -> Vec<(i16, i16)> {
    g.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::RemoveTile { pos } => Some((pos.x, pos.y)),
            _ => None,
        })
        .collect()
}

/// Why the tile at `(x, y)` may not be removed now.
fn refusal(g: &Game, x: i16, y: i16) -> String {
    match g.check(Action::RemoveTile { pos: Pos::new(x, y) }) {
        Err(RuleError::CannotRemoveTile(_, why)) => why.to_string(),
        other => panic!("expected a refused removal at ({x}, {y}), got {other:?}"),
    }
}

const DECK: [&str; 7] = ["base:E", "base:A", "base:U", "base:V", "base:A", "base:B", "base:B"];

/// Applies `action`, writing it into `record` first.
fn play(g: &mut Game, record: &mut carcassonne_engine::Record, action: Action) {
    record.push(g, action);
    apply(g, action);
}

fn turned(x: i16, y: i16, degrees: i64) -> Action {
    Action::Place { pos: Pos::new(x, y), rotation: carcassonne_engine::Rotation::from_degrees(degrees).unwrap() }
}

/// The game of the passage's example below, with its record: after blue's curve south of the
/// start tile, red closes the west end of the road with a cloister and may move the curve to
/// close its east end.
fn road_to_close_recorded() -> (Game, carcassonne_engine::Record) {
    let mut g = two_player(rebuilding(), &DECK);
    let mut record = carcassonne_engine::Record {
        version: carcassonne_engine::record::RECORD_VERSION,
        rules: rebuilding(),
        players: vec![Color::Red, Color::Blue],
        deck: carcassonne_engine::RecordDeck::Order(DECK.iter().map(|s| s.to_string()).collect()),
        actions: vec![],
    };
    let on = |g: &Game, x, y, name| Action::Deploy { figure: F, feature: feature(g, x, y, name) };
    // Red closes the start tile's city with a knight: 4 points.
    play(&mut g, &mut record, turned(0, -1, 180));
    let knight = on(&g, 0, -1, "city@S");
    play(&mut g, &mut record, knight);
    assert_eq!(g.scores(), vec![4, 0]);
    // Blue: a cloister north-east, its road pointing south at (1, 0).
    play(&mut g, &mut record, turned(1, -1, 0));
    play(&mut g, &mut record, Action::Pass);
    // Red: a road west of the start tile, with a thief.
    play(&mut g, &mut record, turned(-1, 0, 0));
    let thief = on(&g, -1, 0, "road@E");
    play(&mut g, &mut record, thief);
    // Blue: a curve south of the start tile, touching it on one side only.
    play(&mut g, &mut record, turned(0, 1, 0));
    play(&mut g, &mut record, Action::Pass);
    // Red: a cloister at the west end of the road (its road turned east).
    play(&mut g, &mut record, turned(-2, 0, 270));
    (g, record)
}

fn road_to_close() -> Game {
    road_to_close_recorded().0
}

/// "Move his or her score marker back a given number of points. For every point deducted, the
/// player may remove an unoccupied tile from the playing field and must then place it somewhere
/// else. [...] 4. Scoring proceeds as usual": red gives up a point to move blue's curve to the
/// east end of the road, which closes it; red's thief scores the five tiles of the road that
/// the moved tile completed.
#[test]
fn a_point_moves_an_unoccupied_tile_and_the_turn_scores_what_it_completes() {
    let mut g = road_to_close();
    assert_eq!(removable(&g), vec![(1, -1), (0, 1)], "blue's cloister and blue's curve");
    let events = apply(&mut g, Action::RemoveTile { pos: Pos::new(0, 1) });
    assert!(events.contains(&Event::TileRemoved {
        rotation: carcassonne_engine::Rotation::R0,
        player: RED,
        tile: crate::expansions::tile("base:V"),
        pos: Pos::new(0, 1)
    }));
    assert_eq!(g.scores(), vec![3, 0], "a point given up");
    let Pending::ReplaceTile { player: RED, from, .. } = g.pending() else { panic!("{:?}", g.pending()) };
    assert_eq!(from, Pos::new(0, 1));
    // The curve must go somewhere else: not back where it was.
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Place { pos, .. } if *pos == from)));
    let events = apply(&mut g, turned(1, 0, 90));
    assert!(events.iter().any(
        |e| matches!(e, Event::TileReplaced { from, pos, .. } if *from == Pos::new(0, 1) && *pos == Pos::new(1, 0))
    ));
    assert!(g.board().get(Pos::new(0, 1)).is_none() && g.board().get(Pos::new(1, 0)).is_some());
    // "3. A follower may be deployed to the removed and replaced tile as usual."
    assert_eq!(g.pending(), Pending::Deploy { player: RED, pos: Pos::new(1, 0) });
    assert!(g.after_rebuilding());
    let events = apply(&mut g, Action::Pass);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, carcassonne_engine::Phase::Turn, 5, vec![Color::Red])]);
    assert_eq!(g.scores(), vec![8, 0]);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. }));
}

/// Our reading: after a rebuilding the figure phase offers a deployment on the tile moved
/// last, another removal (for another point) or a pass, and nothing on the tile placed this
/// turn; a follower deployed there stands on the moved tile.
#[test]
fn after_rebuilding_a_follower_goes_on_the_moved_tile_only() {
    let mut g = road_to_close();
    apply(&mut g, Action::RemoveTile { pos: Pos::new(0, 1) });
    apply(&mut g, turned(1, 0, 90));
    let legal = g.legal_actions();
    assert!(
        legal.iter().all(|a| matches!(a, Action::Deploy { .. } | Action::RemoveTile { .. } | Action::Pass)),
        "{legal:?}"
    );
    // The cloister's road is now complete (it is scored at the end of the turn): the cloister
    // stays.
    assert!(removable(&g).is_empty(), "{:?}", removable(&g));
    assert!(refusal(&g, 1, -1).contains("completed"));
    // The curve's fields: a farmer on the moved tile.
    let farm = legal
        .iter()
        .copied()
        .find(|a| matches!(a, Action::Deploy { figure: F, feature } if g.design(g.board().get(Pos::new(1, 0)).unwrap().tile).features[*feature as usize].kind == FeatureKind::Field))
        .expect("a farm on the moved curve");
    apply(&mut g, farm);
    let red_tiles: Vec<Pos> =
        g.figures().iter().filter(|f| f.owner == RED).map(|f| g.board().placement(f.placement).pos).collect();
    assert!(red_tiles.contains(&Pos::new(1, 0)), "{red_tiles:?}");
    assert!(!red_tiles.contains(&Pos::new(-2, 0)));
}

/// Several points, several tiles: red moves blue's cloister, then the curve, 2 points in all.
#[test]
fn every_point_deducted_removes_one_more_tile() {
    let mut g = road_to_close();
    apply(&mut g, Action::RemoveTile { pos: Pos::new(1, -1) });
    let place = g.legal_actions()[0];
    apply(&mut g, place);
    assert_eq!(removable(&g), vec![(0, 1)], "the curve, for another point");
    // Our reading: a tile moved this turn stays where it now is.
    let Action::Place { pos: moved, .. } = place else { panic!("{place:?}") };
    assert_eq!(refusal(&g, moved.x, moved.y), "a tile moved this turn stays where it now is");
    apply(&mut g, Action::RemoveTile { pos: Pos::new(0, 1) });
    let place = g.legal_actions()[0];
    apply(&mut g, place);
    assert_eq!(g.scores()[RED as usize], 2);
    assert_eq!(g.board().len(), 6, "no tile was lost");
    apply(&mut g, Action::Pass);
}

/// "The tile removed may not be touching other tiles on more than two of its sides, and its
/// removal must not divide the playing field into unconnected parts"; and our readings: an
/// occupied tile, the tile placed this turn and a tile of a completed city stay.
#[test]
fn the_tiles_that_stay_are_refused_with_the_reason() {
    let mut g = road_to_close();
    assert_eq!(refusal(&g, -2, 0), "the tile placed this turn stays where it is");
    assert_eq!(refusal(&g, -1, 0), "it is occupied", "red's thief");
    assert_eq!(refusal(&g, 0, 0), "it touches other tiles on more than two of its sides");
    assert!(refusal(&g, 0, -1).contains("completed"), "the closed city's cap");
    assert_eq!(refusal(&g, 5, 5), "there is no tile there");
    // A refused action leaves the game as it was.
    let before = format!("{g:?}");
    assert!(g.apply(Action::RemoveTile { pos: Pos::new(-1, 0) }).is_err());
    assert_eq!(format!("{g:?}"), before);

    // A chain: the middle tile of three in a row holds the field together.
    let mut g = two_player(rebuilding(), &["base:E", "base:U", "base:U", "base:U"]);
    red_opens(&mut g);
    place_turned(&mut g, 1, 0, 0);
    apply(&mut g, Action::Pass);
    place_turned(&mut g, 2, 0, 0);
    assert_eq!(refusal(&g, 1, 0), "removing it would divide the playing field");
    assert!(removable(&g).is_empty());
}

/// "Move his or her score marker back": only with a point to give (our reading: the marker
/// does not go below zero), so a player without points is offered no removal.
#[test]
fn a_player_without_points_cannot_rebuild() {
    let mut g = two_player(rebuilding(), &["base:E", "base:U", "base:U", "base:U"]);
    red_opens(&mut g);
    place_turned(&mut g, 1, 0, 0);
    assert_eq!(g.scores()[BLUE as usize], 0);
    assert!(removable(&g).is_empty());
    assert_eq!(refusal(&g, 0, -1), "each tile removed costs a point, and you have none");
}

/// The new place follows the edge rule on the board without the removed tile, and is another
/// position: a refused placement leaves the tile waiting, and the game as it was.
#[test]
fn the_removed_tile_goes_elsewhere_by_the_edge_rule() {
    let mut g = road_to_close();
    apply(&mut g, Action::RemoveTile { pos: Pos::new(0, 1) });
    let before = format!("{g:?}");
    let r0 = carcassonne_engine::Rotation::R0;
    for (x, y, rotation) in [(0, 1, r0), (1, -1, r0), (1, 0, r0), (9, 9, r0)] {
        let err = g.apply(Action::Place { pos: Pos::new(x, y), rotation }).unwrap_err();
        assert_eq!(format!("{g:?}"), before, "{err}");
    }
    assert!(matches!(
        g.check(Action::Place { pos: Pos::new(0, 1), rotation: r0 }),
        Err(RuleError::NoReplacementThere(_))
    ));
    assert!(matches!(g.check(Action::Pass), Err(RuleError::WrongDecision { .. })));
    // Every place offered is one the edge rule allows once the curve is lifted: none of them
    // touches the curve's old position only.
    for a in g.legal_actions() {
        let Action::Place { pos, .. } = a else { panic!("{a:?}") };
        let touching = [(0, -1), (1, 0), (0, 1), (-1, 0)]
            .iter()
            .filter(|(dx, dy)| {
                let n = Pos::new(pos.x + dx, pos.y + dy);
                n != Pos::new(0, 1) && g.board().get(n).is_some()
            })
            .count();
        assert!(touching > 0, "{pos:?} touches only the lifted tile");
    }
}

/// A record with a rebuilding replays to the same game, and names the removal `remove-tile`.
#[test]
fn a_rebuilding_replays_from_its_record() {
    let (mut g, mut record) = road_to_close_recorded();
    play(&mut g, &mut record, Action::RemoveTile { pos: Pos::new(0, 1) });
    play(&mut g, &mut record, turned(1, 0, 90));
    play(&mut g, &mut record, Action::Pass);
    let json = serde_json::to_string(&record).unwrap();
    assert!(json.contains("\"remove-tile\""), "{json}");
    let replay = carcassonne_engine::Record::from_json(&json).unwrap().replay().unwrap();
    assert_eq!(format!("{:?}", replay.game), format!("{g:?}"));
    assert_eq!(replay.game.scores(), vec![8, 0]);
    // A record that removes a tile that is not there, or names another tile, is refused with
    // the action's index.
    let mut wrong = record.clone();
    let removal = wrong.actions.len() - 3;
    wrong.actions[removal] =
        carcassonne_engine::RecordAction::RemoveTile { player: None, tile: Some("base:C".into()), x: 0, y: 1 };
    let err = wrong.replay().unwrap_err().to_string();
    assert!(err.contains(&removal.to_string()) && err.contains("base:C"), "{err}");
}

/// Random games with rebuilding, alone and with every expansion, keep every property of the
/// random-game checks (figures conserved, scores, the record replays), and the random players
/// do rebuild.
#[test]
fn random_games_with_rebuilding_keep_the_properties() {
    for seed in 0..8 {
        random_game_checked(rebuilding(), 2 + (seed as usize % 4), 600 + seed);
    }
    for seed in 0..5 {
        let mut every = Rules { expansions: Expansion::ALL.to_vec(), ..rebuilding() };
        every.variants.mountains = seed % 2 == 0;
        every.variants.dash = seed % 3 == 0;
        random_game_checked(every, 2 + (seed as usize % 4), 700 + seed);
    }
}

/// How many decisions the search takes in its game with every expansion and rebuilding (400
/// took 63 s of the suite once every set of the further expansions had joined).
const SEARCHED_DECISIONS: usize = 200;

/// Every bot plays games with rebuilding to the end; the random players move tiles (rarely:
/// they seldom have a point to give). The search with every expansion decides the first
/// [`SEARCHED_DECISIONS`] decisions of its game and random players finish it: with every
/// expansion each figure phase offers the removal of any of hundreds of tiles, which the search
/// weighs one by one (a whole game took five minutes of the suite).
#[test]
fn every_bot_plays_rebuilding() {
    let mut moved = 0;
    for (name, expansions, seeds) in [
        ("random", vec![], 10..16),
        ("greedy", vec![], 14..15),
        ("mcts:iters=10", vec![], 14..15),
        ("mcts:iters=4", Expansion::ALL.to_vec(), 14..15),
    ] {
        for seed in seeds {
            let rules = Rules { expansions: expansions.clone(), ..rebuilding() };
            let setup = carcassonne_engine::GameSetup {
                rules,
                players: vec![Color::Red, Color::Blue, Color::Green],
                deck: carcassonne_engine::Deck::Seed(seed),
            };
            let mut g = Game::new(setup).unwrap();
            let mut bots: Vec<_> = (0..3u64).map(|k| carcassonne_bots::bot_by_name(name, seed + k).unwrap()).collect();
            let mut finishers: Vec<_> =
                (0..3u64).map(|k| carcassonne_bots::bot_by_name("random", k).unwrap()).collect();
            let mut decisions = 0;
            while let Some(p) = g.pending().player() {
                let searched = expansions.is_empty() || decisions < SEARCHED_DECISIONS;
                let bot = if searched { &mut bots[p as usize] } else { &mut finishers[p as usize] };
                let action = bot.choose_action(&g.observation(Some(p)));
                decisions += 1;
                let events = g.apply(action).unwrap_or_else(|e| panic!("{name}: {action:?}: {e}"));
                if name == "random" {
                    moved += events.iter().filter(|e| matches!(e, Event::TileReplaced { .. })).count();
                }
            }
            assert!(g.is_over(), "{name}");
        }
    }
    assert!(moved > 0, "the random players moved no tile");
}

/// Our readings with the dash: no removal in a round of the dash, and a deployment on the moved
/// tile ends the figure phase (no round is bought after a rebuilding).
#[test]
fn no_dash_round_before_or_after_a_rebuilding() {
    let rules =
        Rules { variants: Variants { rebuilding: true, dash: true, ..Variants::default() }, ..Rules::default() };
    let mut g = two_player(rules, &DECK);
    let on = |g: &Game, x, y, name| Action::Deploy { figure: F, feature: feature(g, x, y, name) };
    apply(&mut g, turned(0, -1, 180));
    let knight = on(&g, 0, -1, "city@S");
    apply(&mut g, knight);
    apply(&mut g, turned(1, -1, 0));
    apply(&mut g, Action::Pass);
    apply(&mut g, turned(-1, 0, 0));
    let thief = on(&g, -1, 0, "road@E");
    apply(&mut g, thief);
    // Red has 4 points: a round of the dash, which offers no removal.
    assert!(g.in_dash_round());
    assert!(removable(&g).is_empty(), "{:?}", removable(&g));
    assert!(matches!(g.check(Action::RemoveTile { pos: Pos::new(1, -1) }), Err(RuleError::DashOnlyFollowers)));
    apply(&mut g, Action::Pass);
    apply(&mut g, turned(0, 1, 0));
    apply(&mut g, Action::Pass);
    apply(&mut g, turned(-2, 0, 270));
    apply(&mut g, Action::RemoveTile { pos: Pos::new(0, 1) });
    apply(&mut g, turned(1, 0, 90));
    let farmer = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Deploy { figure: F, feature } if g.design(g.board().get(Pos::new(1, 0)).unwrap().tile).features[*feature as usize].kind == FeatureKind::Field))
        .expect("a farm on the moved curve");
    apply(&mut g, farmer);
    assert!(!g.in_dash_round());
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. }), "{:?}", g.pending());
}

/// Our reading: river tiles stay where they are (the river is laid before the land and by its
/// own rules, which a move would break). Red, with a point from a city closed earlier, is offered
/// neither the river tile nor the lake, and is told why.
#[test]
fn river_tiles_stay_where_they_are() {
    let rules = Rules { expansions: vec![Expansion::River], ..rebuilding() };
    let mut g = two_player(rules, &["river:07", "river:02", "base:E", "base:E", "base:B", "base:B"]);
    // The spring at the origin runs east: a plain stretch, then the lake.
    place_turned(&mut g, 1, 0, 0);
    apply(&mut g, Action::Pass);
    place_turned(&mut g, 2, 0, 0);
    apply(&mut g, Action::Pass);
    // Red's knight in a city south of the spring, which blue closes: 4 points for red.
    place_turned(&mut g, 0, 1, 180);
    deploy(&mut g, F, "city@S");
    place_turned(&mut g, 0, 2, 0);
    apply(&mut g, Action::Pass);
    assert_eq!(g.scores(), vec![4, 0]);
    place_turned(&mut g, -1, 0, 0);
    let reason = "river tiles, the city of Carcassonne and abbeys stay where they are";
    assert_eq!(refusal(&g, 1, 0), reason, "the stretch between the spring and the lake");
    assert_eq!(refusal(&g, 2, 0), reason, "the lake");
    assert!(removable(&g).is_empty(), "{:?}", removable(&g));
}

/// Our reading of "an unoccupied tile": the dragon on its volcano and a tower piece occupy
/// their tiles as a follower does. Blue puts the volcano (the dragon on it) or a tower tile
/// with a piece of tower south of the start tile; red, with 4 points, may move neither.
#[test]
fn the_dragon_and_a_tower_piece_occupy_their_tiles() {
    let dragon = Rules { expansions: vec![Expansion::PrincessDragon], ..rebuilding() };
    let mut g = two_player(dragon, &["base:E", "princess-dragon:01", "base:B", "base:B"]);
    red_opens(&mut g);
    place_turned(&mut g, 0, 1, 0);
    assert_eq!(g.dragon(), Some(Pos::new(0, 1)), "the dragon on the volcano");
    apply(&mut g, Action::Pass);
    place_turned(&mut g, 1, 1, 0);
    assert_eq!(refusal(&g, 0, 1), "it is occupied");

    let tower = Rules { expansions: vec![Expansion::Tower], ..rebuilding() };
    let mut g = two_player(tower, &["base:E", "tower:03", "base:B", "base:B"]);
    red_opens(&mut g);
    place_turned(&mut g, 0, 1, 0);
    apply(&mut g, Action::BuildTower { pos: Pos::new(0, 1) });
    while !matches!(g.pending(), Pending::PlaceTile { player: RED, .. }) {
        apply(&mut g, Action::Pass);
    }
    place_turned(&mut g, 1, 1, 0);
    assert!(g.figures().iter().all(|f| g.board().placement(f.placement).pos != Pos::new(0, 1)), "no follower there");
    assert_eq!(refusal(&g, 0, 1), "it is occupied");
}

/// Our reading: a moved tile is no placement for the other rules. With the house rule "a filled
/// hole earns a turn", red moves a tile into a hole surrounded on all four sides, and the turn
/// passes to blue all the same.
#[test]
fn a_moved_tile_that_fills_a_hole_earns_no_turn() {
    let rules = Rules {
        variants: Variants { rebuilding: true, hole_filling_extra_turn: true, ..Variants::default() },
        ..Rules::default()
    };
    let deck = ["base:E", "base:U", "base:U", "base:B", "base:B", "base:B", "base:B", "base:B", "base:B", "base:B"];
    let mut g = two_player(rules, &deck);
    red_opens(&mut g);
    // Around the hole at (0, 1): the start tile north of it, cloister tiles west, east and south.
    for (x, y) in [(-1, 0), (1, 0), (-1, 1), (1, 1), (-1, 2), (0, 2), (1, 2)] {
        place_turned(&mut g, x, y, 0);
        apply(&mut g, Action::Pass);
    }
    assert!(matches!(g.pending(), Pending::PlaceTile { player: RED, .. }));
    place_turned(&mut g, -2, 1, 0);
    apply(&mut g, Action::RemoveTile { pos: Pos::new(-1, 2) });
    let events = apply(&mut g, turned(0, 1, 0));
    let sides = [(0, 0), (-1, 1), (1, 1), (0, 2)];
    assert!(sides.iter().all(|&(x, y)| g.board().is_occupied(Pos::new(x, y))), "the moved tile fills a hole");
    let events: Vec<Event> = events.into_iter().chain(apply(&mut g, Action::Pass)).collect();
    assert!(!events.iter().any(|e| matches!(e, Event::HoleFilled { .. })), "{events:?}");
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. }), "{:?}", g.pending());
}

/// With `princess-must-remove` the princess's removal is the turn's usual procedure only while
/// it is one: red places the princess beside no knight and rebuilds instead, moving a city
/// corner that joins her city to blue's knight's. She does not act again ("rather than following
/// the usual procedure"): the figure phase still offers the moved tile, another removal and the
/// pass, and no removal of a knight. Found by a random sweep in which the game offered nothing.
#[test]
fn a_princess_does_not_act_after_a_rebuilding_joins_her_city_to_a_knight() {
    let mut rules = rebuilding();
    rules.expansions = [Expansion::PrincessDragon].into_iter().collect();
    rules.variants.princess_must_remove = true;
    let deck = ["base:E", "base:E", "base:N", "base:B", "princess-dragon:18", "base:U", "base:U"];
    let mut g = two_player(rules, &deck);
    red_opens(&mut g);
    // Blue: a city cap at (1, -1), open to the north, with a knight.
    place_turned(&mut g, 1, -1, 0);
    deploy(&mut g, F, "city@N");
    // Red: a city corner south of the start tile, touching it alone; blue: a cloister east of
    // blue's city cap.
    place_turned(&mut g, 0, 1, 180);
    apply(&mut g, Action::Pass);
    place_turned(&mut g, 2, -1, 0);
    apply(&mut g, Action::Pass);
    // Red: the princess at (0, -2), her city open to the north and east; no knight in it.
    place_turned(&mut g, 0, -2, 90);
    let legal = g.legal_actions();
    assert!(!legal.iter().any(|a| matches!(a, Action::RemoveKnight { .. })), "{legal:?}");
    assert!(legal.contains(&Action::Pass), "{legal:?}");
    assert_eq!(removable(&g), vec![(0, 1), (2, -1)], "the city corner and blue's cloister");
    // Red gives up a point and moves the corner between the princess's city and blue's cap.
    apply(&mut g, Action::RemoveTile { pos: Pos::new(0, 1) });
    apply(&mut g, turned(1, -2, 270));
    let joined = |g: &Game, x, y, name| {
        let placement = g.board().index_at(Pos::new(x, y)).unwrap();
        g.feature_root(placement, feature(g, x, y, name))
    };
    assert_eq!(joined(&g, 0, -2, "city@N"), joined(&g, 1, -1, "city@N"), "the princess's city reaches blue's knight");
    assert_eq!(g.pending(), Pending::Deploy { player: RED, pos: Pos::new(1, -2) });
    let legal = g.legal_actions();
    assert!(!legal.iter().any(|a| matches!(a, Action::RemoveKnight { .. })), "{legal:?}");
    assert!(legal.contains(&Action::Pass), "{legal:?}");
    assert_eq!(g.check(Action::Pass), Ok(()));
    apply(&mut g, Action::Pass);
    assert_eq!(g.scores(), vec![3, 0], "one point for the move");
    assert_eq!(g.player(BLUE).followers, 6, "blue's knight stays in the city");
}
