//! The Phantom (the Wikicarpedia page "The Phantom (1st edition)"; the Assembled Game
//! Reference's steps 2B-1 and 2B-2): each player's phantom is a follower that may be deployed
//! alone or, after the figure phase's action, as a second follower on another feature of the
//! tile just placed. docs/rules.md, "The Phantom", lists which test checks which rule.
//!
//! The scenarios start from base D at the origin (a city to the north, a road from west to east,
//! a field on each side of the road).

use carcassonne_engine::{Action, Event, Expansion, Figure, Game, Pending, Pos, RuleError, Rules};

use crate::expansions::{every_bot_plays, random_games_of_configs, two_player};
use crate::princess_dragon::{feature, game_with, place_turned};

const F: Figure = Figure::Follower;
const P: Figure = Figure::Phantom;
const RED: u8 = 0;
const BLUE: u8 = 1;

fn rules(expansions: &[Expansion]) -> Rules {
    Rules {
        expansions: [Expansion::Phantom].into_iter().chain(expansions.iter().copied()).collect(),
        ..Rules::default()
    }
}

fn apply(g: &mut Game, action: Action) -> Vec<Event> {
    g.apply(action).unwrap_or_else(|e| panic!("{action:?}: {e}"))
}

fn deploy_on(g: &Game, figure: Figure, name: &str) -> Action {
    let pos = match g.pending() {
        Pending::Deploy { pos, .. } | Pending::Phantom { pos, .. } => pos,
        other => panic!("no deployment pending: {other:?}"),
    };
    Action::Deploy { figure, feature: feature(g, pos.x, pos.y, name) }
}

/// The figures of `player` of kind `figure` on the board.
fn on_board(g: &Game, player: u8, figure: Figure) -> usize {
    g.figures().iter().filter(|f| f.owner == player && f.figure == figure).count()
}

/// A turn: the tile at (x, y) turned by `degrees`, a knight on the named city, no phantom.
fn knight_turn(g: &mut Game, x: i16, y: i16, degrees: i64, city: &str) {
    place_turned(g, x, y, degrees);
    let knight = deploy_on(g, F, city);
    apply(g, knight);
    apply(g, Action::Pass);
}

/// Red places base U east of the start tile, continuing its road.
fn road_placed() -> Game {
    let mut g = two_player(rules(&[]), &["base:U", "base:U", "base:U"]);
    place_turned(&mut g, 1, 0, 0);
    g
}

/// "Every player receives the phantom of his or her color"; "After placing a tile, the player may
/// deploy the phantom to it as a second follower (on a second feature)": after red's thief, red
/// may put the phantom on either farm of the tile, not on the road the thief holds, or pass.
#[test]
fn the_phantom_follows_a_follower_on_a_second_feature() {
    let mut g = road_placed();
    assert_eq!((g.player(RED).phantoms, g.player(BLUE).phantoms), (1, 1));
    let thief = deploy_on(&g, F, "road@E");
    apply(&mut g, thief);
    assert_eq!(g.pending(), Pending::Phantom { player: RED, pos: Pos::new(1, 0) });
    let legal = g.legal_actions();
    let north = deploy_on(&g, P, "field@NNE");
    let south = deploy_on(&g, P, "field@SSE");
    assert_eq!(legal, vec![north, south, Action::Pass], "the two farms, then the pass");
    assert_eq!(
        g.check(deploy_on(&g, P, "road@E")),
        Err(RuleError::FeatureOccupied(carcassonne_engine::FeatureKind::Road))
    );
    let events = apply(&mut g, north);
    assert!(events.iter().any(|e| matches!(e, Event::FigureDeployed { player: RED, figure: P, .. })));
    assert_eq!((on_board(&g, RED, F), on_board(&g, RED, P)), (1, 1));
    assert_eq!((g.player(RED).followers, g.player(RED).phantoms), (6, 0));
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. }), "the turn goes on");
}

/// "the phantom can also be deployed as the only follower on a turn": in the figure phase; then
/// no second step follows (the phantom is on the board). After a pass, no second step either
/// (our reading, as JCloisterZone's: the phantom could have gone alone in the first).
#[test]
fn the_phantom_alone_or_a_pass_leaves_no_second_step() {
    let mut g = road_placed();
    let alone = deploy_on(&g, P, "road@E");
    assert!(g.legal_actions().contains(&alone), "the phantom is one of the figure phase's figures");
    apply(&mut g, alone);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. }));
    assert_eq!(on_board(&g, RED, P), 1);
    place_turned(&mut g, 2, 0, 0);
    apply(&mut g, Action::Pass);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: RED, .. }), "a pass ends the figure phase");
}

/// Step 2B-2 only where the phantom has somewhere to go: a city tile with one feature, taken by
/// red's knight, leaves it none, and the turn goes on at once.
#[test]
fn no_second_step_where_the_phantom_has_nowhere_to_go() {
    let mut g = two_player(rules(&[]), &["base:C", "base:U"]);
    place_turned(&mut g, 0, -1, 0);
    // The whole-city tile joins the start tile's city: one feature, and red's knight takes it.
    let knight = deploy_on(&g, F, "city@N");
    apply(&mut g, knight);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. }), "{:?}", g.pending());
}

/// Step 2B-2 deploys the phantom and nothing else; a wrong action is refused with what is wrong
/// and changes nothing.
#[test]
fn the_second_step_takes_only_the_phantom() {
    let mut g = road_placed();
    let thief = deploy_on(&g, F, "road@E");
    apply(&mut g, thief);
    let before = format!("{g:?}");
    assert_eq!(g.check(deploy_on(&g, F, "field@NNE")), Err(RuleError::OnlyThePhantomNow("follower")));
    assert!(g.apply(deploy_on(&g, F, "field@NNE")).is_err());
    assert!(g.apply(Action::Place { pos: Pos::new(2, 0), rotation: carcassonne_engine::Rotation::R0 }).is_err());
    assert_eq!(format!("{g:?}"), before, "the state stays as it was");
    apply(&mut g, Action::Pass);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. }));
    assert_eq!(g.player(RED).phantoms, 1);
}

/// "The phantom follower is scored as if it were a normal meeple", and comes back to be
/// deployed again "in the same way in a later turn": red's phantom on a road closed by a cloister
/// tile and a curve scores it, then goes home.
#[test]
fn the_phantom_scores_like_a_follower_and_comes_back() {
    // The start road runs west-east; red's U east of it holds the phantom; blue closes the road
    // at both ends with road-ending tiles (a cloister with its road, then another).
    let mut g = two_player(rules(&[]), &["base:U", "base:A", "base:A", "base:U"]);
    place_turned(&mut g, 1, 0, 0);
    let phantom = deploy_on(&g, P, "road@E");
    apply(&mut g, phantom);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. }), "no second step after the phantom");
    // base A: a cloister with a road leaving south; turned so that the road leaves west at (2, 0).
    let east_end = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Place { pos, .. } if *pos == Pos::new(2, 0)))
        .expect("a cloister closing the road's east end");
    apply(&mut g, east_end);
    apply(&mut g, Action::Pass);
    let west_end = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Place { pos, .. } if *pos == Pos::new(-1, 0)))
        .expect("a cloister closing the road's west end");
    let events = apply(&mut g, west_end);
    let events = [events, apply(&mut g, Action::Pass)].concat();
    assert!(
        events.iter().any(|e| matches!(e, Event::Scored(s) if s.points == 4 && s.players.contains(RED))),
        "a road of four tiles pays red's phantom 4: {events:?}"
    );
    assert_eq!((g.player(RED).score, g.player(RED).phantoms), (4, 1), "the phantom is home");
}

/// Red's road tile east of the start tile (no figure), then Blue's magic gate tile (the second
/// of `deck`) south of the start tile, its figure phase pending.
fn gate_placed(deck: &[&str]) -> Game {
    let mut g = game_with(rules(&[Expansion::PrincessDragon]), 2, deck);
    place_turned(&mut g, 1, 0, 0);
    apply(&mut g, Action::Pass);
    let gate = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Place { pos, .. } if *pos == Pos::new(0, 1)))
        .unwrap();
    apply(&mut g, gate);
    g
}

/// The magic gate "can be used as long as it was not used in Step 2B-1" (the assembled
/// reference's step 2B-2; the publisher: "one or the other through the portal, but not both"):
/// after a follower on the gate tile itself, the phantom may take the gate; after a follower
/// through the gate, it may not.
#[test]
fn the_magic_gate_carries_the_phantom_unless_the_first_step_used_it() {
    // Blue's gate tile south of the start tile; a follower on it, then the phantom
    // through the gate onto red's untouched road tile.
    let mut g = gate_placed(&["base:U", "princess-dragon:08", "base:U", "princess-dragon:08", "base:U"]);
    let on_tile = g.legal_actions().into_iter().find(|a| matches!(a, Action::Deploy { figure: F, .. })).unwrap();
    apply(&mut g, on_tile);
    assert!(matches!(g.pending(), Pending::Phantom { player: BLUE, .. }));
    let through = Action::DeployAt { pos: Pos::new(1, 0), figure: P, feature: feature(&g, 1, 0, "road@E") };
    assert!(g.legal_actions().contains(&through), "the gate is still unused");
    apply(&mut g, through);
    assert_eq!(on_board(&g, BLUE, P), 1);
    // Red's turn: a plain tile; then blue's second gate tile, a follower through the gate: the
    // phantom step has no gate left (and the phantom is on the board anyway for blue; red's turn
    // shows the rule with red's own phantom instead).
    place_turned(&mut g, 2, 0, 0);
    apply(&mut g, Action::Pass);
    let gate = g.legal_actions().into_iter().find(|a| matches!(a, Action::Place { .. })).unwrap();
    apply(&mut g, gate);
    let away = g.legal_actions().into_iter().find(|a| matches!(a, Action::DeployAt { figure: F, .. })).unwrap();
    apply(&mut g, away);
    // Blue's phantom is on the board: no second step.
    assert!(matches!(g.pending(), Pending::PlaceTile { player: RED, .. }), "{:?}", g.pending());
}

/// With the gate used in step 2B-1, step 2B-2 offers no deployment elsewhere and refuses one.
#[test]
fn after_the_gate_in_the_first_step_the_phantom_stays_on_the_tile() {
    let mut g = gate_placed(&["base:U", "princess-dragon:08", "base:U"]);
    let through = Action::DeployAt { pos: Pos::new(1, 0), figure: F, feature: feature(&g, 1, 0, "road@E") };
    apply(&mut g, through);
    assert!(matches!(g.pending(), Pending::Phantom { player: BLUE, .. }));
    let legal = g.legal_actions();
    assert!(legal.iter().all(|a| matches!(a, Action::Deploy { figure: P, .. } | Action::Pass)), "{legal:?}");
    let again = Action::DeployAt { pos: Pos::new(1, 0), figure: P, feature: feature(&g, 1, 0, "field@NNE") };
    assert_eq!(g.check(again), Err(RuleError::PhantomGateUsed));
}

/// "Skip this step if you removed a knight with a princess symbol" (the assembled reference's
/// step 2B-2; its step 1C skips 2B-1 and 2B-2).
#[test]
fn no_phantom_after_the_princess() {
    let deck = ["base:G", "base:E", "base:N", "princess-dragon:18", "base:U"];
    let mut g = game_with(rules(&[Expansion::PrincessDragon]), 2, &deck);
    knight_turn(&mut g, 0, -1, 90, "city@N");
    knight_turn(&mut g, 1, -1, 0, "city@N");
    place_turned(&mut g, 0, -2, 180);
    apply(&mut g, Action::Pass);
    place_turned(&mut g, 1, -2, 270);
    let remove = g.legal_actions().into_iter().find(|a| matches!(a, Action::RemoveKnight { .. })).unwrap();
    apply(&mut g, remove);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: RED, .. }), "{:?}", g.pending());
}

/// "This step is forbidden if a volcano ... tile was played": the fairy may move on a volcano
/// turn (the Big Box rules), and the phantom may not follow it onto a tower it could otherwise
/// finish.
#[test]
fn no_phantom_on_a_volcano_turn() {
    let deck = ["tower:02", "base:U", "base:U", "base:U", "princess-dragon:03", "base:U"];
    let mut g = two_player(rules(&[Expansion::PrincessDragon, Expansion::Tower]), &deck);
    place_first(&mut g);
    let build = g.legal_actions().into_iter().find(|a| matches!(a, Action::BuildTower { .. })).unwrap();
    apply(&mut g, build);
    while !matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. }) {
        apply(&mut g, Action::Pass);
    }
    place_first(&mut g);
    apply(&mut g, Action::Pass);
    // Red's thief on a plain tile: the phantom step offers the tower's top.
    place_first(&mut g);
    let thief = g.legal_actions().into_iter().find(|a| matches!(a, Action::Deploy { figure: F, .. })).unwrap();
    apply(&mut g, thief);
    assert!(matches!(g.pending(), Pending::Phantom { player: RED, .. }));
    assert!(g.legal_actions().iter().any(|a| matches!(a, Action::FinishTower { figure: P, .. })));
    apply(&mut g, Action::Pass);
    place_first(&mut g);
    apply(&mut g, Action::Pass);
    // Red's volcano: the fairy moves next to red's thief; no phantom step follows.
    place_first(&mut g);
    let fairy = g.legal_actions().into_iter().find(|a| matches!(a, Action::MoveFairy { .. })).expect("the fairy");
    apply(&mut g, fairy);
    assert!(!matches!(g.pending(), Pending::Phantom { .. }), "{:?}", g.pending());
}

/// Places the drawn tile at its first legal placement.
fn place_first(g: &mut Game) {
    let place = g.legal_actions().into_iter().find(|a| matches!(a, Action::Place { .. })).unwrap();
    apply(g, place);
}

/// The Tower: "it can be placed on top of a stack of Tower Floors to close the tower" (the page's
/// section on other expansions): after a follower on the tile just placed, the phantom finishes a
/// tower.
#[test]
fn the_phantom_finishes_a_tower_in_the_second_step() {
    let deck = ["tower:02", "base:U", "base:U"];
    let mut g = two_player(rules(&[Expansion::Tower]), &deck);
    let foundation = g.legal_actions().into_iter().find(|a| matches!(a, Action::Place { .. })).unwrap();
    apply(&mut g, foundation);
    let build = g.legal_actions().into_iter().find(|a| matches!(a, Action::BuildTower { .. })).unwrap();
    let Action::BuildTower { pos: tower } = build else { unreachable!() };
    apply(&mut g, build);
    // Red built the first piece (capturing nothing); the phantom may now guard it.
    if matches!(g.pending(), Pending::Capture { .. }) {
        apply(&mut g, Action::Pass);
    }
    assert!(matches!(g.pending(), Pending::Phantom { player: RED, .. }), "{:?}", g.pending());
    let guard = Action::FinishTower { pos: tower, figure: P };
    assert!(g.legal_actions().contains(&guard));
    assert_eq!(g.check(Action::FinishTower { pos: tower, figure: F }), Err(RuleError::OnlyThePhantomNow("follower")));
    apply(&mut g, guard);
    assert_eq!(on_board(&g, RED, P), 1);
}

/// Random games with the phantom and every implemented expansion keep the engine's properties
/// (figures conserved, features scored once, replays reproduce the game), and the phantom's
/// second step comes up.
#[test]
fn random_games_with_the_phantom_keep_the_properties() {
    let configs = [
        (rules(&[]), 2),
        (rules(&[Expansion::PrincessDragon, Expansion::Tower, Expansion::InnsCathedrals]), 3),
        (rules(&[Expansion::AbbeyMayor, Expansion::Count, Expansion::TradersBuilders]), 4),
    ];
    let games = random_games_of_configs(configs, 930);
    assert!(games.iter().all(Game::is_over));
}

/// Every bot plays with the phantom.
#[test]
fn every_bot_plays_with_the_phantom() {
    every_bot_plays(&rules(&[]), 260);
}

/// The SVG render draws the phantom as a clear follower (translucent, its outline dashed) in its
/// player's colour, apart from the followers.
#[test]
fn the_render_draws_the_phantom_as_a_clear_follower() {
    let mut g = road_placed();
    let thief = deploy_on(&g, F, "road@E");
    apply(&mut g, thief);
    let phantom = deploy_on(&g, P, "field@NNE");
    apply(&mut g, phantom);
    let svg = carcassonne_render::board_svg(&g, &carcassonne_render::BoardOptions::default());
    assert_eq!(svg.matches(r#"class="figure phantom farmer""#).count(), 1, "{svg}");
    assert_eq!(svg.matches(r#"class="figure follower thief""#).count(), 1);
    assert_eq!(svg.matches(r#"fill-opacity="0.45""#).count(), 1, "the phantom alone is clear");
}

/// The command line: `legal` names the phantom's step and lists its deployments in record form
/// (the phantom on each free feature, then the pass), each of which replays; `replay` tells the
/// phantom's deployment; `hint` advises on the step.
#[test]
fn the_command_line_lists_replays_and_advises_the_phantom_s_step() {
    use carcassonne_engine::record::{Record, RecordDeck, RECORD_VERSION};
    use carcassonne_engine::Color;
    let mut g = road_placed();
    let mut record = Record {
        version: RECORD_VERSION,
        rules: rules(&[]),
        players: vec![Color::Red, Color::Blue],
        deck: RecordDeck::Order(vec!["base:U".into(), "base:U".into(), "base:U".into()]),
        actions: vec![],
    };
    // `road_placed` placed the first tile: the record says so too.
    let mut fresh = two_player(rules(&[]), &["base:U", "base:U", "base:U"]);
    let place = Action::Place { pos: Pos::new(1, 0), rotation: carcassonne_engine::Rotation::R0 };
    record.push(&fresh, place);
    apply(&mut fresh, place);
    let thief = deploy_on(&g, F, "road@E");
    record.push(&fresh, thief);
    apply(&mut g, thief);
    let path = crate::support::temp_path("phantom-step.json");
    std::fs::write(&path, serde_json::to_string(&record).unwrap()).unwrap();
    let file = path.to_str().unwrap();
    let legal = crate::support::json_of(&crate::support::ok(&["legal", "--json", file]));
    assert_eq!(legal["pending"]["kind"], "phantom");
    assert_eq!((legal["pending"]["x"].as_i64(), legal["pending"]["y"].as_i64()), (Some(1), Some(0)));
    let actions = legal["actions"].as_array().unwrap();
    assert_eq!(actions.len(), 3, "{actions:?}");
    assert!(
        actions.contains(
            &serde_json::json!({"action": "deploy", "player": "red", "figure": "phantom", "feature": "field@NNW"})
        ),
        "{actions:?}"
    );
    assert_eq!(actions[2], serde_json::json!({"action": "pass", "player": "red"}));
    // The phantom on the north farm, appended and replayed.
    let mut extended = serde_json::to_value(&record).unwrap();
    extended["actions"].as_array_mut().unwrap().push(actions[0].clone());
    std::fs::write(&path, serde_json::to_string(&extended).unwrap()).unwrap();
    let text = crate::support::ok(&["replay", file]);
    assert!(text.contains("phantom"), "{text}");
    let replay = crate::support::json_of(&crate::support::ok(&["replay", "--json", file]));
    assert_eq!(replay["actions"], 3);
    // The advice on the step itself.
    std::fs::write(&path, serde_json::to_string(&record).unwrap()).unwrap();
    let hint = crate::support::json_of(&crate::support::ok(&["hint", "--json", "--bot", "greedy", file]));
    assert_eq!(hint["decision"], "phantom");
    std::fs::remove_file(&path).ok();
}

/// The phantom "always counts as a normal follower": a crop circle's addition may be the phantom
/// (The Crop Circles adds "a follower from supply").
#[test]
fn a_crop_circle_may_add_the_phantom() {
    let deck = ["base:F", "base:E", "crop-circles-i:02", "base:U", "base:U"];
    let mut g = two_player(rules(&[Expansion::CropCircles]), &deck);
    knight_turn(&mut g, 0, -1, 90, "city@S");
    knight_turn(&mut g, 1, -1, 0, "city@N");
    // Red's shield south of the start tile, no figure; then the crop circle's round.
    place_turned(&mut g, 0, 1, 180);
    apply(&mut g, Action::Pass);
    apply(&mut g, Action::CropCircle { add: true });
    assert!(matches!(g.pending(), Pending::CropAdd { player: BLUE, .. }), "{:?}", g.pending());
    let phantom = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::DeployAt { figure: P, .. }))
        .expect("the phantom among the figures a crop circle adds");
    apply(&mut g, phantom);
    assert_eq!((on_board(&g, BLUE, P), g.player(BLUE).phantoms), (1, 0));
}

/// The phantom may follow the fairy's move (the community's summary of the annotated rules, and
/// the assembled reference's step 2B-2, which bars only the princess's removal and the volcano):
/// a move of the fairy is step 2B-1's action, and the phantom's step comes after it.
#[test]
fn the_phantom_may_follow_the_fairy() {
    let mut g = game_with(rules(&[Expansion::PrincessDragon]), 2, &["base:U", "base:U", "base:U", "base:U"]);
    place_turned(&mut g, 1, 0, 0);
    let thief = deploy_on(&g, F, "road@E");
    apply(&mut g, thief);
    apply(&mut g, Action::Pass);
    place_turned(&mut g, 2, 0, 0);
    apply(&mut g, Action::Pass);
    place_turned(&mut g, -1, 0, 0);
    let fairy = Action::MoveFairy { pos: Pos::new(1, 0), feature: feature(&g, 1, 0, "road@E") };
    apply(&mut g, fairy);
    assert_eq!(g.pending(), Pending::Phantom { player: RED, pos: Pos::new(-1, 0) });
    assert!(g.legal_actions().iter().any(|a| matches!(a, Action::Deploy { figure: P, .. })));
}

/// With the variation "Follower unpunctuality" followers go only onto earlier tiles, and the
/// phantom goes "in the same way as a normal follower": after a follower deployed onto an earlier
/// tile, the phantom's step offers the earlier tiles too (there is no gate to use up; our
/// reading), and nothing on the tile just placed.
#[test]
fn under_follower_unpunctuality_the_phantom_follows_onto_an_earlier_tile() {
    let mut rules = rules(&[]);
    rules.variants.follower_unpunctuality = true;
    let mut g = two_player(rules, &["base:U", "base:U", "base:U", "base:U"]);
    place_turned(&mut g, 1, 0, 0);
    apply(&mut g, Action::Pass);
    place_turned(&mut g, 2, 0, 0);
    apply(&mut g, Action::Pass);
    // Red's thief onto an earlier tile; the phantom may follow onto another earlier one.
    place_turned(&mut g, -1, 0, 0);
    let late = g.legal_actions().into_iter().find(|a| matches!(a, Action::DeployAt { figure: F, .. })).unwrap();
    apply(&mut g, late);
    assert_eq!(g.pending(), Pending::Phantom { player: RED, pos: Pos::new(-1, 0) });
    let legal = g.legal_actions();
    assert!(legal.iter().any(|a| matches!(a, Action::DeployAt { figure: P, .. })), "{legal:?}");
    assert!(!legal.iter().any(|a| matches!(a, Action::Deploy { .. })), "nothing on the tile just placed: {legal:?}");
    let phantom = legal.into_iter().find(|a| matches!(a, Action::DeployAt { figure: P, .. })).unwrap();
    apply(&mut g, phantom);
    assert_eq!(on_board(&g, RED, P), 1);
}
