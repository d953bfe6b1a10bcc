//! Little Buildings (spielbox 5/2012; the rules as the expansion's Wikicarpedia page gives them;
//! the Assembled Game Reference's preparation and steps 2B-1 and 3B): a building instead of a
//! follower on the tile just placed; every road, city, cloister and farm scored pays a point
//! more per building on its tiles (a tower 3, a house 2, a shed 1 under the variant).
//! docs/rules.md, "Little Buildings", lists which test checks which rule.

use carcassonne_engine::{
    Action, BuildingKind, Event, Expansion, FeatureKind, Figure, Game, Phase, Pos, RuleError, Rules, Variants,
};

use crate::expansions::{bot_game, paid, random_game_checked, turn, two_player, F};

fn rules(values: bool) -> Rules {
    let variants = Variants { little_buildings_values: values, ..Variants::default() };
    Rules { expansions: vec![Expansion::LittleBuildings], variants }
}

/// Places the drawn tile at `(x, y)` turned by `degrees`, then puts a building on it.
fn place_with_building(game: &mut Game, x: i16, y: i16, degrees: i64, kind: Option<BuildingKind>) -> Vec<Event> {
    let rotation = carcassonne_engine::Rotation::from_degrees(degrees).unwrap();
    let mut events = game.apply(Action::Place { pos: Pos::new(x, y), rotation }).unwrap();
    events.extend(game.apply(Action::PlaceBuilding { kind }).unwrap_or_else(|e| panic!("{kind:?}: {e}")));
    events
}

/// The feature of the tile at `pos` of kind `kind` (the first one).
fn feature_of(game: &Game, pos: Pos, kind: FeatureKind) -> u8 {
    let placed = game.board().get(pos).unwrap();
    game.design(placed.tile).features.iter().position(|f| f.kind == kind).unwrap() as u8
}

/// The position of the Wikicarpedia page's example, built from base tiles: a road of 5 tiles
/// from the cloister at (-1, 0) to the crossing at (3, 0), and a city of 3 tiles with 1 pennant
/// from (3, 0) up to (3, -2). Red has a thief on the road, a knight in the city and a farmer on
/// the farm around the road; blue a monk on the cloister at (2, -1). Buildings stand on (1, 0)
/// and (3, -2) (`first`, `second`); red's last tile (3, 0) completes the road and the city and
/// takes the third (`third`), which ends the game.
fn example(values: bool, [first, second, third]: [Option<BuildingKind>; 3]) -> (Game, Vec<Event>) {
    let deck = ["base:A", "base:U", "base:U", "base:B", "base:F", "base:E", "base:L"];
    let mut g = two_player(rules(values), &deck);
    // Red: the cloister tile ends the road; a farmer on its field, which wraps around the road's
    // end and so joins the fields on both sides of the road.
    let rotation = carcassonne_engine::Rotation::from_degrees(270).unwrap();
    g.apply(Action::Place { pos: Pos::new(-1, 0), rotation }).unwrap();
    let field = feature_of(&g, Pos::new(-1, 0), FeatureKind::Field);
    g.apply(Action::Deploy { figure: F, feature: field }).unwrap();
    place_with_building(&mut g, 1, 0, 0, first); // blue
    turn(&mut g, 2, 0, 0, Some((F, "road@E"))); // red's thief
    turn(&mut g, 2, -1, 0, Some((F, "cloister"))); // blue's monk
    turn(&mut g, 3, -1, 90, Some((F, "city@N"))); // red's knight, by the pennant
    place_with_building(&mut g, 3, -2, 180, second); // blue
    let events = place_with_building(&mut g, 3, 0, 0, third); // red
    (g, events)
}

/// The Wikicarpedia page's example: "RED scores 7 points for the road (5 tiles and 2
/// buildings). RED scores 10 points for the city (3 city segments and 1 pennant for 2 points each
/// plus 2 buildings)" — the building just put on the completing tile counts for both. In the
/// final scoring the cloister counts the buildings of its 3 × 3 area (all three here) and the
/// farm the buildings on its tiles, each tile once although the farm has two segments on each
/// of them (JCloisterZone issue 149).
#[test]
fn the_example_red_scores_7_for_the_road_and_10_for_the_city() {
    let (g, events) = example(false, [None; 3]);
    let red = carcassonne_engine::Color::Red;
    let blue = carcassonne_engine::Color::Blue;
    assert_eq!(
        paid(&g, &events),
        vec![
            (FeatureKind::City, Phase::Turn, 10, vec![red]),
            (FeatureKind::Road, Phase::Turn, 7, vec![red]),
            // The cloister: itself and 5 tiles around it, and the 3 buildings in its area.
            (FeatureKind::Cloister, Phase::Final, 6 + 3, vec![blue]),
            // The farm: 1 completed city at 3, and the buildings at (1, 0) and (3, 0).
            (FeatureKind::Field, Phase::Final, 3 + 2, vec![red]),
        ]
    );
    let road = events.iter().find_map(|e| match e {
        Event::Scored(s) if s.kind == FeatureKind::Road => Some(s.breakdown),
        _ => None,
    });
    assert_eq!(road.map(|b| (b.tiles, b.buildings, b.building_points)), Some((5, 2, 2)));
    assert_eq!(road.unwrap().to_string(), "5 tiles × 1 + 2 little buildings = 7");
    assert_eq!(g.little_buildings().len(), 3);
}

/// The variant: "Tower +3, House +2, Shed +1" — the same position with a tower at (1, 0), a
/// house at (3, -2) and the shed on the completing tile.
#[test]
fn the_variant_values_a_tower_3_a_house_2_a_shed_1() {
    let kinds = [Some(BuildingKind::Tower), Some(BuildingKind::House), Some(BuildingKind::Shed)];
    let (g, events) = example(true, kinds);
    let points: Vec<u32> = paid(&g, &events).iter().map(|p| p.2).collect();
    // City 8 + house + shed; road 5 + tower + shed; cloister 6 + all three; farm 3 + tower + shed.
    assert_eq!(points, vec![8 + 2 + 1, 5 + 3 + 1, 6 + 3 + 2 + 1, 3 + 3 + 1]);
    let city = events.iter().find_map(|e| match e {
        Event::Scored(s) if s.kind == FeatureKind::City => Some(s.breakdown.to_string()),
        _ => None,
    });
    assert_eq!(city.as_deref(), Some("3 tiles × 2 + 1 pennant × 2 + 2 little buildings worth 3 = 11"));
}

/// "If the player is not able, or willing, to deploy a follower on the landscape tile, they can
/// instead place one of the new little buildings on that tile": one action beside the
/// deployments and the pass, on the tile just placed; under the variant one per kind left.
#[test]
fn a_building_is_offered_instead_of_a_deployment_one_per_kind_under_the_variant() {
    for (values, expected) in [
        (false, vec![None]),
        (true, vec![Some(BuildingKind::Tower), Some(BuildingKind::House), Some(BuildingKind::Shed)]),
    ] {
        let mut g = two_player(rules(values), &["base:U", "base:U"]);
        let rotation = carcassonne_engine::Rotation::R0;
        g.apply(Action::Place { pos: Pos::new(1, 0), rotation }).unwrap();
        let offered: Vec<Option<BuildingKind>> = g
            .legal_actions()
            .iter()
            .filter_map(|a| match a {
                Action::PlaceBuilding { kind } => Some(*kind),
                _ => None,
            })
            .collect();
        assert_eq!(offered, expected);
        assert!(g.legal_actions().contains(&Action::Pass));
        assert!(g.legal_actions().iter().any(|a| matches!(a, Action::Deploy { .. })));
        // The building ends the figure phase: the next player places.
        let events = g.apply(Action::PlaceBuilding { kind: expected[0] }).unwrap();
        assert!(events.contains(&Event::BuildingPlaced { player: 0, pos: Pos::new(1, 0), kind: expected[0] }));
        assert!(matches!(g.pending(), carcassonne_engine::Pending::PlaceTile { player: 1, .. }));
    }
}

/// A building that breaks the rules is refused with its reason, and the game is unchanged: a
/// kind where the buildings are equivalent, none under the variant, a kind or a building the
/// player has no more of (two players: 9 buildings, or 3 of each kind).
#[test]
fn wrong_buildings_are_refused_and_change_nothing() {
    let deck = ["base:U"; 24];
    let mut g = two_player(rules(false), &deck);
    let before = format!("{g:?}");
    let place = |g: &mut Game, x: i16| {
        g.apply(Action::Place { pos: Pos::new(x, 0), rotation: carcassonne_engine::Rotation::R0 }).unwrap();
    };
    place(&mut g, 1);
    let state = format!("{g:?}");
    assert_ne!(state, before);
    assert_eq!(
        g.apply(Action::PlaceBuilding { kind: Some(BuildingKind::Tower) }),
        Err(RuleError::BuildingsAreEquivalent)
    );
    assert_eq!(format!("{g:?}"), state);
    // Red's nine buildings, one every other turn (blue passes).
    for i in 0..9 {
        g.apply(Action::PlaceBuilding { kind: None }).unwrap();
        place(&mut g, -1 - i as i16);
        g.apply(Action::Pass).unwrap();
        place(&mut g, 2 + i as i16);
    }
    assert_eq!(g.buildings_left(0).any, 0);
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::PlaceBuilding { .. })));
    let state = format!("{g:?}");
    assert_eq!(g.apply(Action::PlaceBuilding { kind: None }), Err(RuleError::NoBuildingLeft));
    assert_eq!(format!("{g:?}"), state);

    let mut g = two_player(rules(true), &deck);
    place(&mut g, 1);
    assert_eq!(g.apply(Action::PlaceBuilding { kind: None }), Err(RuleError::BuildingKindNeeded));
    for i in 0..3 {
        g.apply(Action::PlaceBuilding { kind: Some(BuildingKind::Tower) }).unwrap();
        place(&mut g, -1 - i as i16);
        g.apply(Action::Pass).unwrap();
        place(&mut g, 2 + i as i16);
    }
    assert_eq!(g.buildings_left(0).by_kind, [0, 3, 3]);
    let state = format!("{g:?}");
    assert_eq!(
        g.apply(Action::PlaceBuilding { kind: Some(BuildingKind::Tower) }),
        Err(RuleError::NoBuildingOfKind("tower"))
    );
    assert_eq!(format!("{g:?}"), state);
    assert!(g.apply(Action::PlaceBuilding { kind: Some(BuildingKind::Shed) }).is_ok());
}

/// The record names a building as `little-building` (with its kind under the variant); an
/// unknown kind is refused in words.
#[test]
fn records_name_buildings_and_refuse_unknown_kinds() {
    let mut g = two_player(rules(true), &["base:U", "base:U"]);
    g.apply(Action::Place { pos: Pos::new(1, 0), rotation: carcassonne_engine::Rotation::R0 }).unwrap();
    let action = Action::PlaceBuilding { kind: Some(BuildingKind::House) };
    let named = carcassonne_engine::record::encode_action(&g, action);
    let json = serde_json::to_value(&named).unwrap();
    assert_eq!(json, serde_json::json!({"action": "little-building", "player": "red", "kind": "house"}));
    assert_eq!(carcassonne_engine::record::decode_action(&g, &named), Ok(action));
    let bad: carcassonne_engine::RecordAction =
        serde_json::from_value(serde_json::json!({"action": "little-building", "kind": "castle"})).unwrap();
    let e = carcassonne_engine::record::decode_action(&g, &bad).unwrap_err();
    assert!(e.contains("unknown little building `castle`"), "{e}");
}

/// Random games with Little Buildings alone, under its variant, with every other expansion and
/// with figures redeployed: figures and buildings conserved, every score an event, records
/// replay, legal == check (`random_game_checked`); every building placed stays on the board.
#[test]
fn random_games_with_little_buildings_keep_the_properties() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let configs = [
        (rules(false), 2),
        (rules(true), 3),
        (Rules { expansions: every.clone(), ..rules(false) }, 2),
        (Rules { expansions: every, ..rules(true) }, 4),
    ];
    for (seed, (rules, players)) in configs.into_iter().enumerate() {
        for s in 0..3u64 {
            let g = random_game_checked(rules.clone(), players, 40 + seed as u64 * 10 + s);
            let placed = g.little_buildings().len();
            let left: usize = (0..players as u8).map(|p| g.buildings_left(p).total() as usize).sum();
            let each = if rules.variants.little_buildings_values {
                [0, 18, 9, 6, 3, 3, 3][players]
            } else {
                [0, 18, 9, 6, 4, 3, 3][players]
            };
            assert_eq!(placed + left, each * players, "buildings conserved");
            assert!(placed > 0, "random bots placed no building in {rules:?}");
        }
    }
}

/// A building counts for every feature scored on its tile, whoever put it there: the abbot's
/// recall scores its cloister with the buildings of its area too.
#[test]
fn the_abbot_recalled_scores_the_buildings_of_the_cloister_area() {
    let r = Rules { expansions: vec![Expansion::Abbot, Expansion::LittleBuildings], ..Rules::default() };
    let mut g = two_player(r, &["base:B", "base:U", "base:U"]);
    turn(&mut g, 0, 1, 0, Some((Figure::Abbot, "cloister"))); // red's abbot below the start tile
    place_with_building(&mut g, 1, 0, 0, None); // blue's building beside it
    g.apply(Action::Place { pos: Pos::new(-1, 0), rotation: carcassonne_engine::Rotation::R0 }).unwrap();
    let events = g.apply(Action::RecallAbbot { pos: Pos::new(0, 1) }).unwrap();
    // The cloister, the start tile, (1, 0) and (-1, 0): 4 tiles, and the building at (1, 0).
    assert_eq!(paid(&g, &events)[0].2, 4 + 1);
}

/// Every bot plays the expansion: games finish from the bots' choices alone and each bot puts
/// buildings on the board (the evaluation counts what a building adds to the features of its
/// tile for their holders).
#[test]
fn every_bot_places_little_buildings() {
    for name in ["random", "greedy", "mcts:iters=30"] {
        let mut placed = 0;
        for seed in 0..2u64 {
            let setup = carcassonne_engine::GameSetup {
                rules: rules(seed == 1),
                players: vec![carcassonne_engine::Color::Red, carcassonne_engine::Color::Blue],
                deck: carcassonne_engine::Deck::Seed(60 + seed),
            };
            placed += bot_game(name, setup).little_buildings().len();
        }
        assert!(placed > 0, "{name} placed no building in two games");
    }
}
