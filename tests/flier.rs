//! The Flier (the Wikicarpedia page "The Flier" and its footnotes, Hans im Glück's rules; the
//! Assembled Game Reference's steps 2B-1 and 2B-2): after placing a tile with a flying machine
//! a player may put a follower on it instead of deploying; the die (1, 1, 2, 2, 3, 3) sends it
//! that many tiles the way the arrow points, where it lands on an unfinished road, city or
//! monastery, occupied or not, never in a field; with nothing there it goes back to the supply.
//! docs/rules.md, "The Flier", lists which test checks which rule.
//!
//! The die is drawn from the game's seed (0 for a deck order) and the number of tiles on the
//! board, so each scenario below rolls the same every time; the scenarios are laid out so that
//! every roll is checked against what the rules say for it.

use carcassonne_engine::{
    flight_direction, Action, Color, Deck, Event, Expansion, FeatureKind, Figure, Game, GameSetup, Pending, Phase, Pos,
    Rotation, RuleError, Rules, FLIGHT_DIE,
};

use crate::expansions::{feature, paid, place, random_game_checked, two_player, RecordedGame, F};

fn rules(expansions: &[Expansion]) -> Rules {
    let mut all = vec![Expansion::Flier];
    all.extend_from_slice(expansions);
    Rules { expansions: all, ..Rules::base() }
}

fn deploy(g: &mut Game, x: i16, y: i16, name: &str) -> Vec<Event> {
    let action = Action::Deploy { figure: F, feature: feature(g, Pos::new(x, y), name) };
    g.apply(action).unwrap_or_else(|e| panic!("{action:?}: {e}"))
}

fn pass(g: &mut Game) -> Vec<Event> {
    g.apply(Action::Pass).unwrap()
}

/// The flight in `events`: (distance, target, landed).
fn flight(events: &[Event]) -> (u8, Pos, bool) {
    events
        .iter()
        .find_map(|e| match *e {
            Event::Flew { distance, to, landed, .. } => Some((distance, to, landed)),
            _ => None,
        })
        .expect("a flight")
}

/// The landings offered, as `(x, y, feature name)`.
fn landings(g: &Game) -> Vec<(i16, i16, String)> {
    g.legal_actions()
        .into_iter()
        .map(|a| match a {
            Action::Land { pos, feature } => (pos.x, pos.y, g.feature_name(pos, feature).unwrap()),
            other => panic!("{other:?} offered at a landing"),
        })
        .collect()
}

fn spot(x: i16, y: i16, name: &str) -> (i16, i16, String) {
    (x, y, name.to_string())
}

/// Plays `setup` to its end, flying wherever a flight is offered and otherwise choosing at
/// random (seeded by `seed`); `look` sees each action's game after it, the action and its events.
fn play_flying(setup: GameSetup, seed: u64, mut look: impl FnMut(&Game, Action, &[Event])) -> Game {
    let mut g = Game::new(setup).unwrap();
    let mut rng = carcassonne_engine::random::rng_from_seed(seed);
    while !g.is_over() {
        let actions = g.legal_actions();
        let random = actions[carcassonne_engine::random::below(&mut rng, actions.len() as u32) as usize];
        let action = actions.iter().copied().find(|a| matches!(a, Action::Fly { .. })).unwrap_or(random);
        let events = g.apply(action).unwrap_or_else(|e| panic!("seed {seed}: {action:?}: {e}"));
        look(&g, action, &events);
    }
    g
}

/// A two-player game whose deck starts with `pairs` pairs of cloisters, placed south of the start
/// tile (out of every scenario's way) with nothing deployed: each pair changes how many tiles lie
/// on the board, so the scenario after it rolls another number.
fn padded(deck: &[&str], expansions: &[Expansion], pairs: usize) -> Game {
    let mut all = vec!["base:B"; 2 * pairs];
    all.extend_from_slice(deck);
    let mut g = two_player(rules(expansions), &all);
    for i in 0..2 * pairs as i16 {
        place(&mut g, 0, 1 + i, 0);
        pass(&mut g);
    }
    g
}

/// The paddings (`padded`) under which a scenario's flight rolls 1, 2 and 3, found by trying.
fn paddings_for_each_roll(mut roll: impl FnMut(usize) -> u8) -> [usize; 3] {
    let mut found = [usize::MAX; 3];
    for pairs in 0..12 {
        let d = roll(pairs) as usize;
        if found[d - 1] == usize::MAX {
            found[d - 1] = pairs;
        }
    }
    assert!(found.iter().all(|&p| p != usize::MAX), "some roll never came: {found:?}");
    found
}

/// The road of scenario A: a straight road from (-2, 0) through the start tile to the flying
/// machine's tile at (1, 0), whose arrow points west; blue's thief stands on it at (-2, 0).
/// Placed but not yet flown: red decides. `pairs`: the padding (`padded`).
fn road_line(extra: &[&str], expansions: &[Expansion], pairs: usize) -> Game {
    let mut deck = vec!["base:U", "base:U", "flier:05"];
    deck.extend_from_slice(extra);
    let mut g = padded(&deck, expansions, pairs);
    place(&mut g, -1, 0, 0);
    pass(&mut g);
    place(&mut g, -2, 0, 0);
    deploy(&mut g, -2, 0, "road@E");
    if let Pending::Phantom { .. } = g.pending() {
        pass(&mut g);
    }
    place(&mut g, 1, 0, 0);
    g
}

/// The distance red's follower flies in scenario A with `pairs` of padding.
fn road_line_roll(pairs: usize) -> u8 {
    let mut g = road_line(&[], &[], pairs);
    flight(&g.apply(Action::Fly { figure: F }).unwrap()).0
}

/// "Any incomplete feature on that tile, even if that feature is already occupied by other
/// meeples" (never a field): red's follower flies west along the road blue holds; one tile
/// away lies the start tile (its open city and the road), two and three tiles away the road
/// alone. Red lands on the road beside blue's thief, and when the road is completed both hold it
/// with one follower each: both score it.
#[test]
fn a_flier_lands_on_an_occupied_road_and_shares_its_points() {
    for pairs in paddings_for_each_roll(road_line_roll) {
        let mut g = road_line(&["base:A", "base:A"], &[], pairs);
        assert_eq!(g.pending(), Pending::Deploy { player: 0, pos: Pos::new(1, 0) });
        let legal = g.legal_actions();
        assert!(legal.contains(&Action::Fly { figure: F }), "{legal:?}");
        // The road the tile just placed continues is blue's: no deployment there, but a flight.
        assert!(!legal.contains(&Action::Deploy { figure: F, feature: feature(&g, Pos::new(1, 0), "road@W") }));
        let followers = g.player(0).followers;
        let events = g.apply(Action::Fly { figure: F }).unwrap();
        let (distance, to, landed) = flight(&events);
        assert!(FLIGHT_DIE.contains(&distance));
        assert_eq!(to, Pos::new(1 - distance as i16, 0), "west, {distance} tiles");
        assert!(landed);
        assert_eq!(g.pending(), Pending::FlierLanding { player: 0, figure: F, pos: to });
        let expected = match distance {
            1 => vec![spot(0, 0, "city@N"), spot(0, 0, "road@E")],
            _ => vec![spot(to.x, 0, "road@E")],
        };
        assert_eq!(landings(&g), expected, "rolled {distance}");
        let road = feature(&g, to, "road@E");
        let events = g.apply(Action::Land { pos: to, feature: road }).unwrap();
        assert!(events.contains(&Event::FigureDeployed { player: 0, figure: F, pos: to, feature: road }));
        assert_eq!(g.player(0).followers, followers - 1, "the flier left the supply when it landed");
        // Blue closes the west end, red the east: 6 tiles, one follower each, both score 6.
        place(&mut g, -3, 0, 270);
        pass(&mut g);
        let mut events = place(&mut g, 2, 0, 90);
        events.extend(pass(&mut g));
        assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, 6, vec![Color::Red, Color::Blue])]);
    }
}

/// The flight's figure must land where that figure may stand: "The mayor can only land on an
/// unfinished city" (2/2013), "The abbot can only land on a monastery or a garden" (3/2015), the
/// wagon on a road, city or monastery; with none there it goes back to the supply.
#[test]
fn each_kind_of_follower_lands_where_it_may_stand() {
    let figures = [Figure::Follower, Figure::Abbot, Figure::Mayor, Figure::Wagon];
    let rolls = paddings_for_each_roll(|pairs| {
        let mut g = road_line(&["base:A"], &[Expansion::AbbeyMayor, Expansion::Abbot], pairs);
        flight(&g.apply(Action::Fly { figure: F }).unwrap()).0
    });
    for (figure, pairs) in figures.into_iter().flat_map(|f| rolls.map(|p| (f, p))) {
        let g = road_line(&["base:A"], &[Expansion::AbbeyMayor, Expansion::Abbot], pairs);
        let flights: Vec<Action> = g.legal_actions().into_iter().filter(|a| matches!(a, Action::Fly { .. })).collect();
        assert_eq!(flights, figures.map(|figure| Action::Fly { figure }).to_vec(), "the followers in supply");
        let mut g = g.clone();
        let events = g.apply(Action::Fly { figure }).unwrap();
        let (distance, to, landed) = flight(&events);
        let expected: Vec<(i16, i16, String)> = match (figure, distance) {
            (Figure::Abbot, _) => vec![],
            (Figure::Mayor, 1) => vec![spot(0, 0, "city@N")],
            (Figure::Mayor, _) => vec![],
            (_, 1) => vec![spot(0, 0, "city@N"), spot(0, 0, "road@E")],
            _ => vec![spot(to.x, 0, "road@E")],
        };
        assert_eq!(landed, !expected.is_empty(), "{figure:?} rolled {distance}");
        if landed {
            assert_eq!(landings(&g), expected, "{figure:?} rolled {distance}");
        } else {
            // Back to the supply; the turn goes on to blue.
            assert_eq!(g.player(0).in_supply(figure), 1, "{figure:?}");
            assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }), "{:?}", g.pending());
        }
    }
}

/// "If you cannot place your meeple on the designated tile (... because there simply isn't a
/// tile in the designated location), the meeple is returned to your supply. You do not get to
/// place another meeple this turn": a flying machine pointing at empty land, whatever the roll.
#[test]
fn a_flier_with_no_tile_to_land_on_goes_back_to_the_supply() {
    // flier:02 (fields only, arrow west) south of the start tile: west of it lies nothing.
    let mut g = two_player(rules(&[]), &["flier:02", "base:E"]);
    place(&mut g, 0, 1, 0);
    let before = g.player(0).followers;
    let events = g.apply(Action::Fly { figure: F }).unwrap();
    let (distance, to, landed) = flight(&events);
    assert_eq!(to, Pos::new(-(distance as i16), 1));
    assert!(!landed);
    assert!(!events.iter().any(|e| matches!(e, Event::FigureDeployed { .. })), "{events:?}");
    assert_eq!(g.player(0).followers, before);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }), "no other deployment this turn");
}

/// "A player cannot place a flier on a structure that was finished by the tile that was just
/// placed" (2012), nor in a field: the flying machine's tile closes the road it lies on, which
/// runs west through the start tile (whose city is closed too) to a cloister's road end.
/// One tile west, the start tile holds only completed features and fields: nothing to land on.
/// Two tiles west, the cloister is unfinished: the only landing. Three: no tile.
#[test]
fn a_flier_never_lands_on_what_is_complete_nor_in_a_field() {
    let scenario = |pairs: usize| {
        let deck = ["base:A", "base:E", "base:B", "base:B", "base:A", "flier:05"];
        let mut g = padded(&deck, &[], pairs);
        place(&mut g, -1, 0, 270); // the road's west end, a cloister
        pass(&mut g);
        place(&mut g, 0, -1, 180); // the start tile's city closed
        pass(&mut g);
        place(&mut g, 1, -1, 0);
        pass(&mut g);
        place(&mut g, 2, -1, 0);
        pass(&mut g);
        place(&mut g, 2, 0, 90); // the road's east end, waiting at (2, 0)
        pass(&mut g);
        let events = place(&mut g, 1, 0, 0); // blue's flying machine closes the road
        assert_eq!(paid(&g, &events), vec![]);
        let events = g.apply(Action::Fly { figure: F }).unwrap();
        (g, flight(&events))
    };
    for pairs in paddings_for_each_roll(|pairs| scenario(pairs).1 .0) {
        let (g, (distance, to, landed)) = scenario(pairs);
        match distance {
            2 => {
                assert!(landed);
                assert_eq!(landings(&g), vec![spot(-1, 0, "cloister")]);
            }
            _ => assert!(!landed, "rolled {distance}: to {to:?}"),
        }
    }
}

/// The phantom (5/2013): "if you first use a normal follower as a flier then the second figure
/// (the Phantom) cannot also use the flying machine"; the reference's step 2B-2: "The flier, if
/// present on the tile, can be used as long as it was not used in Step 2B-1". After a follower
/// deployed on the tile, the phantom may fly.
#[test]
fn the_phantom_flies_only_where_the_first_figure_did_not() {
    // A follower flew: the phantom's step offers no flight.
    let mut g = road_line(&["base:A"], &[Expansion::Phantom], 0);
    let events = g.apply(Action::Fly { figure: F }).unwrap();
    if flight(&events).2 {
        let first = g.legal_actions()[0];
        g.apply(first).unwrap();
    }
    assert!(matches!(g.pending(), Pending::Phantom { player: 0, .. }), "{:?}", g.pending());
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Fly { .. })), "{:?}", g.legal_actions());
    assert_eq!(g.check(Action::Fly { figure: Figure::Phantom }), Err(RuleError::FlierUsed));
    // A follower deployed on the tile's field: the phantom may fly, and lands at once.
    let mut g = road_line(&["base:A"], &[Expansion::Phantom], 0);
    deploy(&mut g, 1, 0, "field@NNW");
    assert_eq!(g.pending(), Pending::Phantom { player: 0, pos: Pos::new(1, 0) });
    let flight_action = Action::Fly { figure: Figure::Phantom };
    assert!(g.legal_actions().contains(&flight_action), "{:?}", g.legal_actions());
    assert_eq!(g.check(Action::Fly { figure: F }), Err(RuleError::OnlyThePhantomNow("follower")));
    let events = g.apply(flight_action).unwrap();
    let (_, to, landed) = flight(&events);
    assert!(landed, "every roll reaches the road");
    assert!(matches!(g.pending(), Pending::FlierLanding { player: 0, figure: Figure::Phantom, .. }));
    let road = feature(&g, to, "road@E");
    g.apply(Action::Land { pos: to, feature: road }).unwrap();
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }), "{:?}", g.pending());
}

/// Errors: no flying machine on the tile, a figure that is no follower, a landing elsewhere than
/// offered; each leaves the game as it was.
#[test]
fn wrong_flights_and_landings_are_refused() {
    let deck = ["base:U", "base:U", "flier:05", "base:U"];
    let mut g = two_player(rules(&[Expansion::TradersBuilders]), &deck);
    place(&mut g, -1, 0, 0);
    assert_eq!(g.check(Action::Fly { figure: F }), Err(RuleError::NoFlyingMachine));
    pass(&mut g);
    place(&mut g, -2, 0, 0);
    pass(&mut g);
    place(&mut g, 1, 0, 0);
    assert_eq!(g.check(Action::Fly { figure: Figure::Builder }), Err(RuleError::CannotFly("builder")));
    let state = format!("{g:?}");
    let events = g.apply(Action::Fly { figure: F }).unwrap();
    let (_, to, landed) = flight(&events);
    assert!(landed);
    let field = feature(&g, to, "field@NNW");
    assert_eq!(
        g.apply(Action::Land { pos: to, feature: field }),
        Err(RuleError::CannotLandThere("follower", to, field))
    );
    let elsewhere = Pos::new(to.x, 5);
    assert!(matches!(g.apply(Action::Land { pos: elsewhere, feature: 0 }), Err(RuleError::CannotLandThere(..))));
    assert_ne!(format!("{g:?}"), state, "the flight itself was applied");
    let before = format!("{g:?}");
    let _ = g.apply(Action::Land { pos: to, feature: field });
    assert_eq!(format!("{g:?}"), before, "a refused landing changes nothing");
}

/// The machine's arrow turns with its tile: west at 0°, north at 90°, east at 180°, south at
/// 270°; the diagonal one north-west, north-east, south-east, south-west.
#[test]
fn the_arrow_turns_with_the_tile() {
    use carcassonne_engine::catalog::Symbol;
    let expected = [
        (Symbol::FlierWest, [(-1, 0), (0, -1), (1, 0), (0, 1)]),
        (Symbol::FlierNorthWest, [(-1, -1), (1, -1), (1, 1), (-1, 1)]),
    ];
    for (symbol, steps) in expected {
        for (rotation, step) in Rotation::ALL.into_iter().zip(steps) {
            assert_eq!(flight_direction(&[symbol], rotation), Some(step), "{symbol:?} {rotation:?}");
        }
    }
}

/// Records: `fly` names the figure, `land` the tile and the feature; a record replays to the
/// same game, rolls included.
#[test]
fn records_name_the_flight_and_the_landing() {
    use carcassonne_engine::record::{decode_action, encode_action};
    let mut g = road_line(&[], &[], 0);
    let fly = Action::Fly { figure: F };
    let named = encode_action(&g, fly);
    assert_eq!(
        serde_json::to_value(&named).unwrap(),
        serde_json::json!({"action": "fly", "player": "red", "figure": "follower"})
    );
    assert_eq!(decode_action(&g, &named), Ok(fly));
    let (_, to, _) = flight(&g.apply(fly).unwrap());
    let land = Action::Land { pos: to, feature: feature(&g, to, "road@E") };
    let named = encode_action(&g, land);
    assert_eq!(
        serde_json::to_value(&named).unwrap(),
        serde_json::json!({"action": "land", "player": "red", "x": to.x, "y": 0, "feature": "road@E"})
    );
    assert_eq!(decode_action(&g, &named), Ok(land));
}

/// The die: the same seed rolls the same (records replay); over many games each face comes up
/// about as often; a game sampled for a bot rolls from another seed, so that no bot foresees a
/// roll.
#[test]
fn the_die_is_seeded_fair_and_hidden_from_bots() {
    let mut counts = [0u32; 3];
    let mut sampled_differ = 0;
    for seed in 0..60u64 {
        let setup = GameSetup { rules: rules(&[]), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(seed) };
        let mut g = Game::new(setup.clone()).unwrap();
        let mut rng = carcassonne_engine::random::rng_from_seed(seed);
        let mut rolls = vec![];
        while !g.is_over() {
            let actions = g.legal_actions();
            let fly = actions.iter().copied().find(|a| matches!(a, Action::Fly { .. }));
            if let Some(fly) = fly {
                // Sampled worlds (as a bot sees them) roll the die anew.
                let observation = g.observation(Some(g.pending().player().unwrap()));
                let mut mine = g.clone();
                let real = flight(&mine.apply(fly).unwrap()).0;
                let mut sample_rng = carcassonne_engine::random::rng_from_seed(seed + 1000);
                for _ in 0..4 {
                    let mut world = observation.sample_game(&mut sample_rng);
                    if flight(&world.apply(fly).unwrap()).0 != real {
                        sampled_differ += 1;
                    }
                }
            }
            let action =
                fly.unwrap_or(actions[carcassonne_engine::random::below(&mut rng, actions.len() as u32) as usize]);
            let events = g.apply(action).unwrap();
            if matches!(action, Action::Fly { .. }) {
                let d = flight(&events).0;
                counts[d as usize - 1] += 1;
                rolls.push(d);
            }
        }
        // The same seed and choices roll the same.
        let mut rolls_again = vec![];
        play_flying(setup, seed, |_, action, events| {
            if matches!(action, Action::Fly { .. }) {
                rolls_again.push(flight(events).0);
            }
        });
        assert_eq!(rolls, rolls_again, "seed {seed}");
    }
    let total: u32 = counts.iter().sum();
    assert!(total >= 120, "{counts:?}");
    for (face, &n) in counts.iter().enumerate() {
        assert!(n * 4 > total && n * 2 < total, "face {} came up {n} times of {total}: {counts:?}", face + 1);
    }
    assert!(sampled_differ > 0, "a sampled game rolled as the real one every time");
}

/// Random games with The Flier alone and with every other expansion: figures conserved, every
/// score an event, records replay, legal == check (`random_game_checked`); flights happen and
/// land; several followers share a monastery where fliers came down on it.
#[test]
fn random_games_with_the_flier_keep_the_properties() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let configs = [(rules(&[]), 2), (rules(&[]), 4), (Rules { expansions: every, ..Rules::base() }, 3)];
    let mut flights = 0;
    let mut landed = 0;
    for (i, (rules, players)) in configs.into_iter().enumerate() {
        for s in 0..2u64 {
            let g = random_game_checked(rules.clone(), players, 400 + i as u64 * 10 + s);
            assert!(g.is_over());
        }
    }
    for seed in 0..20u64 {
        let setup = GameSetup {
            rules: rules(&[Expansion::AbbeyMayor, Expansion::Abbot, Expansion::Phantom]),
            players: vec![Color::Red, Color::Blue, Color::Green],
            deck: Deck::Seed(seed),
        };
        play_flying(setup, seed, |g, _, events| {
            for e in events {
                match *e {
                    Event::Flew { landed: l, .. } => {
                        flights += 1;
                        landed += l as u32;
                    }
                    Event::FigureDeployed { pos, feature, .. }
                        if matches!(g.pending(), Pending::FlierLanding { .. }) =>
                    {
                        panic!("seed {seed}: a deployment at {pos:?} {feature} while a landing waits")
                    }
                    _ => {}
                }
            }
        });
    }
    assert!(flights >= 60 && landed >= 10, "{flights} flights, {landed} landed");
}

/// Every bot plays the expansion: games finish from the bots' choices alone.
#[test]
fn every_bot_plays_the_flier() {
    crate::expansions::every_bot_plays(&rules(&[Expansion::Phantom]), 150);
}

/// The eight tiles of each edition, one of each, every one with a flying machine.
#[test]
fn the_flier_brings_eight_tiles_with_flying_machines() {
    for edition in [carcassonne_engine::Edition::First, carcassonne_engine::Edition::Second] {
        let variants = carcassonne_engine::Variants { tile_edition: edition, ..Default::default() };
        let setup = GameSetup {
            rules: Rules { expansions: vec![Expansion::Flier], variants },
            players: vec![Color::Red, Color::Blue],
            deck: Deck::Seed(1),
        };
        let g = Game::new(setup).unwrap();
        let fliers = crate::expansions::tiles_in_pile(&g, "flier");
        assert_eq!(fliers, 8, "{edition:?}");
        let machines: usize = g
            .observation(None)
            .remaining_tiles()
            .into_iter()
            .filter(|(t, _)| g.design(*t).symbols.iter().any(|s| s.is_flying_machine()))
            .map(|(_, n)| n as usize)
            .sum();
        assert!(machines >= 7, "{edition:?}: {machines}");
    }
}

/// "The flier can land on features outside the City of Carcassonne (but not in the City
/// itself)": with The Count, a flight reaching one of the city's tiles finds nothing to land on.
#[test]
fn the_city_of_carcassonne_takes_no_flier() {
    let mut into_the_city = 0;
    for seed in 0..30u64 {
        let setup = GameSetup {
            rules: rules(&[Expansion::Count]),
            players: vec![Color::Red, Color::Blue],
            deck: Deck::Seed(seed),
        };
        play_flying(setup, seed, |g, _, events| {
            for e in events {
                if let Event::Flew { to, landed, .. } = *e {
                    if g.board().get(to).is_some_and(|t| g.design(t.tile).partial) {
                        into_the_city += 1;
                        assert!(!landed, "seed {seed}: a flier landed in the city at {to:?}");
                    }
                }
            }
        });
    }
    assert!(into_the_city > 0, "no flight reached the city");
}

/// The SVG render draws the flying machines on their tiles, turned with them.
#[test]
fn the_render_draws_the_flying_machines() {
    let g = road_line(&[], &[], 0);
    let svg = carcassonne_render::board_svg(&g, &carcassonne_render::BoardOptions::default());
    assert_eq!(svg.matches(r#"class="symbol flier-w""#).count(), 1, "{svg}");
}

/// The command line: `legal` lists the flight in record form beside the deployments and names
/// the landing step with its landings; `replay` tells the roll and the landing; `hint` advises
/// on both steps.
#[test]
fn the_command_line_lists_replays_and_advises_the_flight() {
    use crate::support::{json_of, ok, temp_path};
    let deck = ["base:U", "base:U", "flier:05", "base:A"];
    let mut r = RecordedGame::new(rules(&[]), &deck);
    for x in [-1, -2] {
        r.play(Action::Place { pos: Pos::new(x, 0), rotation: Rotation::R0 });
        r.play(Action::Pass);
    }
    r.play(Action::Place { pos: Pos::new(1, 0), rotation: Rotation::R0 });
    let path = temp_path("flier-step.json");
    let file = path.to_str().unwrap();
    r.write(&path);
    let legal = json_of(&ok(&["legal", "--json", file]));
    assert_eq!(legal["pending"]["kind"], "deploy");
    let actions = legal["actions"].as_array().unwrap();
    assert!(
        actions.contains(&serde_json::json!({"action": "fly", "player": "red", "figure": "follower"})),
        "{actions:?}"
    );
    let hint = ok(&["hint", "--bot", "greedy", file]);
    assert!(!hint.is_empty());
    let events = r.play(Action::Fly { figure: F });
    let (distance, to, _) = flight(&events);
    r.write(&path);
    let legal = json_of(&ok(&["legal", "--json", file]));
    assert_eq!(legal["pending"]["kind"], "land");
    assert_eq!((legal["pending"]["x"].as_i64(), legal["pending"]["y"].as_i64()), (Some(to.x as i64), Some(0)));
    let text = ok(&["legal", file]);
    assert!(
        text.contains(&format!("red's flown follower lands on an unfinished feature of the tile at {to}")),
        "{text}"
    );
    let hint = json_of(&ok(&["hint", "--json", "--bot", "greedy", file]));
    assert_eq!(hint["decision"], "land");
    let road = feature(&r.game, to, "road@E");
    r.play(Action::Land { pos: to, feature: road });
    r.write(&path);
    let text = ok(&["replay", file]);
    let expected =
        format!("puts a follower on the flying machine and rolls {distance}: it flies to {to} and lands on road@E");
    assert!(text.contains(&expected), "{text}");
    std::fs::remove_file(&path).ok();
}

/// A flier may share a cloister with an abbot (the abbot is a follower; "even if that feature is
/// already occupied"). When the abbot is recalled the cloister is scored for it alone and only
/// the abbot leaves (the Wikicarpedia page "The Abbot"): a wagon flown there stays, with no move
/// to make, as if nothing had been scored under it.
#[test]
fn a_recalled_abbot_leaves_a_flown_wagon_on_its_cloister() {
    let expansions = [Expansion::Abbot, Expansion::AbbeyMayor];
    // Red's abbot on the cloister east of the start tile; blue's flying machine east of it,
    // pointing west: a roll of 1 reaches the cloister.
    let scenario = |pairs: usize| {
        let mut g = padded(&["base:A", "flier:02", "base:B"], &expansions, pairs);
        place(&mut g, 1, 0, 90);
        let abbot = Action::Deploy { figure: Figure::Abbot, feature: feature(&g, Pos::new(1, 0), "cloister") };
        g.apply(abbot).unwrap();
        place(&mut g, 2, 0, 0);
        let events = g.apply(Action::Fly { figure: Figure::Wagon }).unwrap();
        (g, flight(&events))
    };
    let pairs = paddings_for_each_roll(|p| scenario(p).1 .0)[0];
    let (mut g, (distance, to, landed)) = scenario(pairs);
    assert_eq!((distance, to, landed), (1, Pos::new(1, 0), true));
    let cloister = feature(&g, to, "cloister");
    assert_eq!(landings(&g), vec![spot(1, 0, "cloister"), spot(1, 0, "road@W")]);
    g.apply(Action::Land { pos: to, feature: cloister }).unwrap();
    // Red places the last tile and recalls the abbot instead of deploying.
    place(&mut g, 2, 1, 0);
    let events = g.apply(Action::RecallAbbot { pos: Pos::new(1, 0) }).unwrap();
    // The last tile: red's recall scores the cloister for red; the wagon stayed, and the final
    // scoring pays blue for it.
    let paid = paid(&g, &events);
    let kinds: Vec<(FeatureKind, Phase, Vec<Color>)> = paid.iter().map(|p| (p.0, p.1, p.3.clone())).collect();
    assert_eq!(
        kinds,
        [
            (FeatureKind::Cloister, Phase::Turn, vec![Color::Red]),
            (FeatureKind::Cloister, Phase::Final, vec![Color::Blue])
        ]
    );
    assert!(!events.iter().any(|e| matches!(e, Event::WagonMoved { .. })), "{events:?}");
}
