//! The variations "A new lease of life" and "The dash" (seed 001, SELECTED VARIATIONS, by
//! Tobias Stapelfeldt): each sentence of their passages, and each reading docs/rules.md records
//! where they are silent, is a named test here.
//!
//! The start tile (base:D) lies at the origin: a city to the north, a road from west to east,
//! a farm between them and a farm to the south (y grows southwards).

use carcassonne_engine::{
    Action, Color, Event, Expansion, FeatureKind, Game, Pending, Pos, RuleError, Rules, Variants,
};

use crate::expansions::{random_game_checked, two_player, F};
use crate::princess_dragon::{apply, place_turned};

const RED: u8 = 0;
const BLUE: u8 = 1;

fn lease() -> Rules {
    Rules { variants: Variants { new_lease_of_life: true, ..Variants::default() }, ..Rules::default() }
}

fn dash() -> Rules {
    Rules { variants: Variants { dash: true, ..Variants::default() }, ..Rules::default() }
}

/// The kind of feature `feature` of the tile at `pos`.
fn kind_at(g: &Game, pos: Pos, feature: u8) -> FeatureKind {
    let t = g.board().get(pos).unwrap();
    g.design(t.tile).features[feature as usize].kind
}

/// Deploys a follower on a feature of `kind` of the tile just placed.
fn deploy_on(g: &mut Game, kind: FeatureKind) -> Vec<Event> {
    let Pending::Deploy { pos, .. } = g.pending() else { panic!("no deployment: {:?}", g.pending()) };
    let action = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Deploy { figure: F, feature } if kind_at(g, pos, *feature) == kind))
        .unwrap_or_else(|| panic!("no {kind:?} to deploy on"));
    apply(g, action)
}

/// The moves offered now: (the moving figure's feature kind, the target's position and kind).
fn moves(g: &Game) -> Vec<(FeatureKind, (i16, i16), FeatureKind)> {
    g.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::MoveFollower { figure, pos, feature } => {
                let f = &g.figures()[figure as usize];
                let from = g.board().placement(f.placement).pos;
                Some((kind_at(g, from, f.feature), (pos.x, pos.y), kind_at(g, pos, feature)))
            }
            _ => None,
        })
        .collect()
}

fn first_move(g: &Game, from: FeatureKind, to: FeatureKind) -> Action {
    g.legal_actions()
        .into_iter()
        .find(|&a| match a {
            Action::MoveFollower { figure, pos, feature } => {
                let f = &g.figures()[figure as usize];
                kind_at(g, g.board().placement(f.placement).pos, f.feature) == from && kind_at(g, pos, feature) == to
            }
            _ => false,
        })
        .unwrap_or_else(|| panic!("no move from a {from:?} to a {to:?}: {:?}", moves(g)))
}

/// Red's follower's kind of feature and tile, for the checks after a move.
fn red_figures(g: &Game) -> Vec<(FeatureKind, (i16, i16))> {
    g.figures()
        .iter()
        .filter(|f| f.owner == RED)
        .map(|f| {
            let pos = g.board().placement(f.placement).pos;
            (kind_at(g, pos, f.feature), (pos.x, pos.y))
        })
        .collect()
}

/// "1. Settling down: a thief belonging to the player may be moved to an unoccupied farm
/// bordering the road": red's thief on the road east of the start tile may go to the farm north
/// of the road or to the farm south of it, instead of a deployment.
#[test]
fn settling_down_moves_a_thief_to_a_farm_beside_its_road() {
    let mut g = two_player(lease(), &["base:U", "base:B", "base:B", "base:B"]);
    place_turned(&mut g, 1, 0, 0);
    deploy_on(&mut g, FeatureKind::Road);
    place_turned(&mut g, 0, 1, 0);
    apply(&mut g, Action::Pass);
    place_turned(&mut g, 0, 2, 0);
    let thief_moves: Vec<_> = moves(&g).into_iter().filter(|m| m.0 == FeatureKind::Road).collect();
    assert_eq!(thief_moves.len(), 2, "one move per farm: {thief_moves:?}");
    assert!(thief_moves.iter().all(|m| m.2 == FeatureKind::Field));
    let events = {
        let m = first_move(&g, FeatureKind::Road, FeatureKind::Field);
        apply(&mut g, m)
    };
    assert!(events.iter().any(|e| matches!(e, Event::FollowerMoved { player: RED, figure: F, .. })));
    assert_eq!(red_figures(&g).iter().map(|f| f.0).collect::<Vec<_>>(), vec![FeatureKind::Field]);
    // Instead of deploying: the turn goes on to blue.
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. } | Pending::GameOver));
}

/// An occupied farm is no place to settle: with blue's farmer on the south farm only the north
/// farm is offered.
#[test]
fn a_thief_settles_only_on_an_unoccupied_farm() {
    let mut g = two_player(lease(), &["base:U", "base:B", "base:B", "base:B"]);
    place_turned(&mut g, 1, 0, 0);
    deploy_on(&mut g, FeatureKind::Road);
    place_turned(&mut g, 0, 1, 0);
    deploy_on(&mut g, FeatureKind::Field);
    place_turned(&mut g, 0, 2, 0);
    let thief_moves: Vec<_> = moves(&g).into_iter().filter(|m| m.0 == FeatureKind::Road).collect();
    assert_eq!(thief_moves.len(), 1, "{thief_moves:?}");
}

/// "2. The call of the city: a farmer may be moved to an incomplete city bordering the farm":
/// red's farmer on the farm between the road and the start tile's city goes into the city.
#[test]
fn the_call_of_the_city_moves_a_farmer_into_a_city_beside_its_farm() {
    let mut g = two_player(lease(), &["base:U", "base:B", "base:B", "base:B"]);
    place_turned(&mut g, 1, 0, 0);
    // U's field north of its road is the start tile's farm beside the city.
    let farm = g
        .legal_actions()
        .into_iter()
        .find(|&a| match a {
            Action::Deploy { figure: F, feature } => {
                kind_at(&g, Pos::new(1, 0), feature) == FeatureKind::Field
                    && g.feature_name(Pos::new(1, 0), feature).is_some_and(|n| n.contains('N'))
            }
            _ => false,
        })
        .unwrap();
    apply(&mut g, farm);
    place_turned(&mut g, 0, 1, 0);
    apply(&mut g, Action::Pass);
    place_turned(&mut g, 0, 2, 0);
    let farmer_moves: Vec<_> = moves(&g).into_iter().filter(|m| m.0 == FeatureKind::Field).collect();
    assert_eq!(farmer_moves, vec![(FeatureKind::Field, (0, 0), FeatureKind::City)]);
    {
        let m = first_move(&g, FeatureKind::Field, FeatureKind::City);
        apply(&mut g, m)
    };
    assert_eq!(red_figures(&g), vec![(FeatureKind::City, (0, 0))]);
}

/// "4. The highwayman: one of the player's knights may be moved to a road segment on any of
/// the tiles of the city formerly containing the knight": red's knight in the city of base:F
/// and the start tile goes onto the start tile's road.
#[test]
fn the_highwayman_moves_a_knight_onto_a_road_of_its_city() {
    let mut g = two_player(lease(), &["base:F", "base:B", "base:B", "base:B"]);
    place_turned(&mut g, 0, -1, 90);
    deploy_on(&mut g, FeatureKind::City);
    place_turned(&mut g, 0, 1, 0);
    apply(&mut g, Action::Pass);
    place_turned(&mut g, 0, 2, 0);
    let knight_moves: Vec<_> = moves(&g).into_iter().filter(|m| m.0 == FeatureKind::City).collect();
    assert_eq!(knight_moves, vec![(FeatureKind::City, (0, 0), FeatureKind::Road)]);
    {
        let m = first_move(&g, FeatureKind::City, FeatureKind::Road);
        apply(&mut g, m)
    };
    assert_eq!(red_figures(&g), vec![(FeatureKind::Road, (0, 0))]);
}

/// "3. Religious war: two of the player's knights may be moved to a cloister occupied by a monk
/// of an opponent, and the monk returned to the supply": red's two knights take blue's
/// cloister; blue's monk goes home.
#[test]
fn religious_war_drives_an_opponents_monk_out_of_its_cloister() {
    let mut g = two_player(lease(), &["base:F", "base:B", "base:E", "base:U", "base:B", "base:B"]);
    place_turned(&mut g, 0, -1, 90);
    deploy_on(&mut g, FeatureKind::City);
    place_turned(&mut g, 0, 1, 0);
    deploy_on(&mut g, FeatureKind::Cloister);
    place_turned(&mut g, 1, -1, 0);
    deploy_on(&mut g, FeatureKind::City);
    place_turned(&mut g, -1, 0, 0);
    apply(&mut g, Action::Pass);
    place_turned(&mut g, -1, 1, 0);
    let wars: Vec<Action> =
        g.legal_actions().into_iter().filter(|a| matches!(a, Action::ReligiousWar { .. })).collect();
    assert_eq!(wars.len(), 1, "one cloister, one pair of knights: {wars:?}");
    let blue_before = g.player(BLUE).followers;
    let events = apply(&mut g, wars[0]);
    assert!(events.iter().any(|e| matches!(e, Event::FigureReturned { player: BLUE, .. })));
    assert_eq!(g.player(BLUE).followers, blue_before + 1);
    assert_eq!(red_figures(&g), vec![(FeatureKind::Cloister, (0, 1)), (FeatureKind::Cloister, (0, 1))]);
}

/// A religious war needs two knights: with one, none is offered; and a move onto a feature the
/// rules do not give is refused with the reason, the game unchanged.
#[test]
fn moves_outside_the_four_are_refused() {
    let mut g = two_player(lease(), &["base:F", "base:B", "base:B", "base:B"]);
    place_turned(&mut g, 0, -1, 90);
    deploy_on(&mut g, FeatureKind::City);
    place_turned(&mut g, 0, 1, 0);
    deploy_on(&mut g, FeatureKind::Cloister);
    place_turned(&mut g, 0, 2, 0);
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::ReligiousWar { .. })));
    let before = format!("{g:?}");
    let knight = g.figures().iter().position(|f| f.owner == RED).unwrap() as u8;
    // Onto the cloister (a knight goes only onto a road).
    let err = g.apply(Action::MoveFollower { figure: knight, pos: Pos::new(0, 1), feature: 0 }).unwrap_err();
    assert!(matches!(err, RuleError::CannotMoveThere(..)), "{err}");
    let err = g.apply(Action::ReligiousWar { pos: Pos::new(0, 1), feature: 0, knights: [knight, knight] }).unwrap_err();
    assert!(matches!(err, RuleError::NoReligiousWar(..)), "{err}");
    assert_eq!(format!("{g:?}"), before);
}

/// Without the variations no follower moves.
#[test]
fn without_the_variations_no_follower_moves() {
    let mut g = two_player(Rules::default(), &["base:U", "base:B", "base:B"]);
    place_turned(&mut g, 1, 0, 0);
    deploy_on(&mut g, FeatureKind::Road);
    place_turned(&mut g, 0, 1, 0);
    apply(&mut g, Action::Pass);
    place_turned(&mut g, 0, 2, 0);
    assert!(moves(&g).is_empty());
}

/// "The dash: ... After every action or deployment of a follower, the player may sacrifice a
/// point on the scoreboard in order to carry out a further action or deploy another follower":
/// red, with 4 points from a city, deploys a thief and then, for a point, a farmer; then
/// stops.
#[test]
fn the_dash_buys_another_deployment_for_a_point() {
    let mut g = two_player(dash(), &["base:E", "base:B", "base:U", "base:B"]);
    place_turned(&mut g, 0, -1, 180);
    deploy_on(&mut g, FeatureKind::City);
    // The city is scored after the figure phase: red had no point to give during it.
    assert_eq!(g.scores()[RED as usize], 4);
    place_turned(&mut g, 0, 1, 0);
    apply(&mut g, Action::Pass);
    place_turned(&mut g, 1, 0, 0);
    deploy_on(&mut g, FeatureKind::Road);
    // Another round: still red's figure phase.
    assert!(matches!(g.pending(), Pending::Deploy { player: RED, .. }), "{:?}", g.pending());
    let events = deploy_on(&mut g, FeatureKind::Field);
    assert!(events.iter().any(|e| matches!(e, Event::PointSacrificed { player: RED })));
    assert_eq!(g.scores()[RED as usize], 3);
    assert!(matches!(g.pending(), Pending::Deploy { player: RED, .. }));
    apply(&mut g, Action::Pass);
    assert_eq!(g.scores()[RED as usize], 3, "a pass costs nothing");
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. }));
}

/// No point, no dash: with 0 points the deployment ends the figure phase.
#[test]
fn the_dash_needs_a_point_to_give() {
    let mut g = two_player(dash(), &["base:U", "base:B"]);
    place_turned(&mut g, 1, 0, 0);
    deploy_on(&mut g, FeatureKind::Road);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. }), "{:?}", g.pending());
}

/// The moves and the dash are recorded and replayed.
#[test]
fn moves_are_recorded_and_replayed() {
    let deck = ["base:F", "base:B", "base:E", "base:U", "base:B", "base:B"];
    let rules = Rules { variants: Variants { dash: true, ..Variants::default() }, ..Rules::default() };
    let mut g = two_player(rules.clone(), &deck);
    let mut record = carcassonne_engine::Record {
        version: carcassonne_engine::record::RECORD_VERSION,
        rules,
        players: vec![Color::Red, Color::Blue],
        deck: carcassonne_engine::RecordDeck::Order(deck.iter().map(|s| s.to_string()).collect()),
        actions: vec![],
    };
    let mut rng = carcassonne_engine::random::rng_from_seed(5);
    // Red and blue play the opening of the religious war, then random legal actions, preferring
    // moves.
    while let Some(_p) = g.pending().player() {
        let legal = g.legal_actions();
        let action = legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::ReligiousWar { .. } | Action::MoveFollower { .. }))
            .unwrap_or_else(|| legal[carcassonne_engine::random::below(&mut rng, legal.len() as u32) as usize]);
        record.push(&g, action);
        apply(&mut g, action);
    }
    let json = serde_json::to_string(&record).unwrap();
    let replay = carcassonne_engine::Record::from_json(&json).unwrap().replay().unwrap();
    assert_eq!(replay.game.scores(), g.scores());
    assert_eq!(format!("{:?}", replay.game.figures()), format!("{:?}", g.figures()));
    assert!(json.contains(r#""action":"move-follower""#) || json.contains(r#""action":"religious-war""#), "{json}");
}

/// Random games with the moves and with the dash, alone and with every expansion, keep every
/// property of the random-game checks.
#[test]
fn random_games_with_moves_and_the_dash_keep_the_properties() {
    for seed in 0..8 {
        random_game_checked(lease(), 2 + (seed as usize % 4), 300 + seed);
        random_game_checked(dash(), 2 + (seed as usize % 4), 400 + seed);
    }
    for seed in 0..5 {
        let mut every = Rules { expansions: Expansion::ALL.to_vec(), ..dash() };
        every.variants.prisoners = seed % 2 == 0;
        every.variants.mountains = seed % 3 == 0;
        random_game_checked(every, 2 + (seed as usize % 4), 500 + seed);
    }
}

/// How many decisions the search takes in its game with every expansion, mountains, prisoners
/// and the dash before random players finish it: each of its iterations plays a whole random
/// game of about four hundred tiles with rounds of the dash, and searching the whole game took
/// 270 s of the test suite (`cargo test --test tests lease::every_bot_plays_mountains_prisoners_and_the_dash`).
const SEARCHED_DECISIONS: usize = 300;

/// Every bot plays games with mountains, prisoners and the dash (which brings the moves) to the
/// end, and the search with every expansion too, for its first [`SEARCHED_DECISIONS`] decisions
/// (the random games with every expansion are above); the random players raise mountains, move
/// followers and give up points for the dash.
#[test]
fn every_bot_plays_mountains_prisoners_and_the_dash() {
    let variants = Variants { mountains: true, prisoners: true, dash: true, ..Variants::default() };
    for (name, expansions) in
        [("random", vec![]), ("greedy", vec![]), ("mcts:iters=20", vec![]), ("mcts:iters=4", Expansion::ALL.to_vec())]
    {
        let searched_all = expansions.is_empty();
        let rules = Rules { expansions, variants: variants.clone() };
        let setup = carcassonne_engine::GameSetup {
            rules,
            players: vec![Color::Red, Color::Blue, Color::Green],
            deck: carcassonne_engine::Deck::Seed(12),
        };
        let mut g = Game::new(setup).unwrap();
        let mut bots: Vec<_> = (0..3u64).map(|k| carcassonne_bots::bot_by_name(name, k).unwrap()).collect();
        let mut finishers: Vec<_> = (0..3u64).map(|k| carcassonne_bots::bot_by_name("random", k).unwrap()).collect();
        let (mut mountains, mut moves, mut dashes, mut decisions) = (0, 0, 0, 0);
        while let Some(p) = g.pending().player() {
            let searched = searched_all || decisions < SEARCHED_DECISIONS;
            let bot = if searched { &mut bots[p as usize] } else { &mut finishers[p as usize] };
            let action = bot.choose_action(&g.observation(Some(p)));
            decisions += 1;
            for e in g.apply(action).unwrap_or_else(|e| panic!("{name}: {action:?}: {e}")) {
                match e {
                    Event::MountainRaised { .. } => mountains += 1,
                    Event::FollowerMoved { .. } => moves += 1,
                    Event::PointSacrificed { .. } => dashes += 1,
                    _ => {}
                }
            }
        }
        assert!(g.is_over(), "{name}");
        if name == "random" {
            assert!(mountains > 0 && moves > 0 && dashes > 0, "{mountains} mountains, {moves} moves, {dashes} dashes");
        }
    }
}

/// `simulate --variant` plays the four variations, its record keeps them, and `replay` tells
/// the mountains and the moves in words.
#[test]
fn the_command_line_plays_and_replays_mountains_and_moves() {
    let path = crate::support::temp_path("mountains-moves.json");
    let file = path.to_str().unwrap();
    let variants =
        ["--variant", "mountains=true", "--variant", "prisoners=true", "--variant", "new-lease-of-life=true"];
    let args =
        [&["simulate", "--games", "1", "--players", "3", "--seed", "4", "--record-out", file][..], &variants].concat();
    crate::support::ok(&args);
    let record = std::fs::read_to_string(&path).unwrap();
    let json = crate::support::json_of(&record);
    assert_eq!(json["rules"]["variants"]["mountains"], true);
    assert_eq!(json["rules"]["variants"]["prisoners"], true);
    assert_eq!(json["rules"]["variants"]["new-lease-of-life"], true);
    let text = crate::support::ok(&["replay", file]);
    assert!(text.contains("upside down: a mountain"), "{text}");
    assert!(text.contains(" moves their "), "{text}");
    std::fs::remove_file(&path).ok();
}

/// The call of the city with The Cathars and Traders & Builders: red's farmer, called into the
/// besieged city, joins red's builder on the Cathar tile's segment. At the end of the turn the
/// knight escapes past the builder beside it (seed 001, THE CATHARS: "he or she may remove one
/// knight from the city"; a builder is not a knight under the Big Box rules). Found by a random
/// sweep in which the engine offered this escape and then refused it.
#[test]
fn a_knight_called_into_a_besieged_city_escapes_past_the_builder_beside_it() {
    let mut rules = lease();
    rules.expansions = [Expansion::Cathars, Expansion::TradersBuilders].into_iter().collect();
    let deck = ["base:G", "base:B", "cathars:03", "base:B", "base:B", "base:U", "base:U", "base:U"];
    let mut g = two_player(rules, &deck);
    let named = |g: &Game, x, y, name| crate::princess_dragon::feature(g, x, y, name);
    // Red: a city band north of the start tile's city, with a knight.
    place_turned(&mut g, 0, -1, 90);
    deploy_on(&mut g, FeatureKind::City);
    // Blue: a cloister at (1, -1), diagonal to where the Cathar tile goes.
    place_turned(&mut g, 1, -1, 0);
    apply(&mut g, Action::Pass);
    // Red: the Cathar tile closes nothing; red's builder joins the knight's city on it. The
    // knight could escape at once (the cloister borders the Cathar tile); red keeps it there.
    place_turned(&mut g, 0, -2, 180);
    let city = named(&g, 0, -2, "city@S");
    apply(&mut g, Action::Deploy { figure: carcassonne_engine::Figure::Builder, feature: city });
    assert_eq!(g.pending(), Pending::Escape { player: RED });
    apply(&mut g, Action::Pass);
    // Blue: a cloister south of the start tile.
    place_turned(&mut g, 0, 1, 0);
    apply(&mut g, Action::Pass);
    // Red: a farmer west of the Cathar tile, on a farm that borders the besieged city only on
    // the Cathar tile.
    place_turned(&mut g, -1, -2, 0);
    deploy_on(&mut g, FeatureKind::Field);
    apply(&mut g, Action::Pass);
    // Blue: a road east of the start tile.
    place_turned(&mut g, 1, 0, 0);
    apply(&mut g, Action::Pass);
    // Red: a road west of the start tile, and the call of the city onto the Cathar tile.
    place_turned(&mut g, -1, 0, 0);
    let call = first_move(&g, FeatureKind::Field, FeatureKind::City);
    assert!(matches!(call, Action::MoveFollower { pos, .. } if pos == Pos::new(0, -2)), "{call:?}");
    apply(&mut g, call);
    let on_the_cathar_tile: Vec<_> = g
        .figures()
        .iter()
        .filter(|f| g.board().placement(f.placement).pos == Pos::new(0, -2))
        .map(|f| f.figure)
        .collect();
    assert_eq!(on_the_cathar_tile, vec![carcassonne_engine::Figure::Builder, F], "the builder first");
    // Both knights may escape: the one on the city band and the one beside the builder.
    assert_eq!(g.pending(), Pending::Escape { player: RED });
    let escape = Action::Escape { pos: Pos::new(0, -2), feature: city };
    assert!(g.legal_actions().contains(&escape), "{:?}", g.legal_actions());
    let followers = g.player(RED).followers;
    let events = apply(&mut g, escape);
    assert!(events.contains(&Event::Escaped { player: RED, figure: F, pos: Pos::new(0, -2), feature: city }));
    assert_eq!(g.player(RED).followers, followers + 1);
    // The builder stays: red's knight on the city band is still in the city.
    assert_eq!(red_figures(&g).len(), 2, "the builder and the knight on the city band");
    assert!(g.figures().iter().any(|f| f.figure == carcassonne_engine::Figure::Builder));
}

/// Two of red's knights on one segment (two farmers called into the start tile's city) are one
/// choice: the highwayman is offered once, for the first of them, since a record names a knight
/// by its place and the first one found there is the one that moves. Every move offered is
/// named by the record as itself. Found by random mixtures whose records replayed another game.
#[test]
fn two_like_knights_on_one_segment_are_one_choice() {
    let deck = ["base:U", "base:B", "base:B", "base:B", "base:U", "base:B", "base:B", "base:B", "base:B", "base:B"];
    let mut g = two_player(lease(), &deck);
    let north_farm = |g: &Game, x: i16| {
        g.legal_actions()
            .into_iter()
            .find(|&a| match a {
                Action::Deploy { figure: F, feature } => {
                    kind_at(g, Pos::new(x, 0), feature) == FeatureKind::Field
                        && g.feature_name(Pos::new(x, 0), feature).is_some_and(|n| n.contains('N'))
                }
                _ => false,
            })
            .unwrap()
    };
    // Red's first farmer, east of the start tile, called into the city two turns later.
    place_turned(&mut g, 1, 0, 0);
    let farm = north_farm(&g, 1);
    apply(&mut g, farm);
    place_turned(&mut g, 0, 1, 0);
    apply(&mut g, Action::Pass);
    place_turned(&mut g, 0, 2, 0);
    let call = first_move(&g, FeatureKind::Field, FeatureKind::City);
    apply(&mut g, call);
    place_turned(&mut g, 1, 1, 0);
    apply(&mut g, Action::Pass);
    // The second, west of the start tile, on the same farm and into the same city.
    place_turned(&mut g, -1, 0, 0);
    let farm = north_farm(&g, -1);
    apply(&mut g, farm);
    place_turned(&mut g, -1, 1, 0);
    apply(&mut g, Action::Pass);
    place_turned(&mut g, 0, 3, 0);
    let call = first_move(&g, FeatureKind::Field, FeatureKind::City);
    apply(&mut g, call);
    assert_eq!(red_figures(&g), vec![(FeatureKind::City, (0, 0)), (FeatureKind::City, (0, 0))]);
    place_turned(&mut g, 1, 2, 0);
    apply(&mut g, Action::Pass);
    place_turned(&mut g, -1, 2, 0);
    let knight_moves: Vec<_> = moves(&g).into_iter().filter(|m| m.0 == FeatureKind::City).collect();
    assert_eq!(knight_moves, vec![(FeatureKind::City, (0, 0), FeatureKind::Road)], "once, not once per knight");
    assert!(g.legal_actions().contains(&Action::MoveFollower {
        figure: 0,
        pos: Pos::new(0, 0),
        feature: crate::princess_dragon::feature(&g, 0, 0, "road@W")
    }));
    for action in g.legal_actions() {
        let named = carcassonne_engine::record::encode_action(&g, action);
        assert_eq!(carcassonne_engine::record::decode_action(&g, &named), Ok(action), "{named:?}");
    }
}
