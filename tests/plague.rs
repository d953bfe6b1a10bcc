//! The Plague (the Wikicarpedia pages "The Plague (1st edition)" and "The Plague Diagrams (1st
//! edition)", after the Spielbox rules of Hans im Glück; the Assembled Game Reference's
//! preparation, steps 1A, 1C, 2B and its "at any time during your turn" lines): six plague
//! source tiles mixed in after 17 land tiles, an outbreak token on each source placed, a flea
//! spread next to an active plague region every turn, sending home every figure on its tile,
//! a flight along a feature once a turn, and outbreaks dying out once the fleas run out.
//! docs/rules.md, "The Plague", lists which test checks which rule.

use carcassonne_engine::random::{below, rng_from_seed};
use carcassonne_engine::{
    Action, Color, Deck, Event, Expansion, Figure, Game, GameSetup, Pending, Pos, RuleError, Rules, FLEAS,
};

use crate::expansions::{every_bot_plays, feature, place, random_game_checked, turn, two_player, RecordedGame, F};

fn rules(expansions: &[Expansion]) -> Rules {
    let mut all = vec![Expansion::Plague];
    all.extend_from_slice(expansions);
    Rules { expansions: all, ..Rules::base() }
}

fn at(x: i16, y: i16) -> Pos {
    Pos::new(x, y)
}

/// A spread from the supply onto the tile at (x, y).
fn flea(x: i16, y: i16) -> Action {
    Action::Flea { from: None, to: at(x, y) }
}

/// The flight of `player`'s first figure on the tile at `from` to feature `name` of the tile at
/// `to`.
fn flee(g: &Game, player: u8, from: Pos, to: Pos, name: &str) -> Action {
    let placement = g.board().index_at(from).unwrap();
    let figure = g.figures().iter().position(|f| f.owner == player && f.placement == placement).unwrap();
    Action::Flee { figure: figure as u8, pos: to, feature: feature(g, to, name) }
}

fn figures_at(g: &Game, pos: Pos) -> usize {
    let placement = g.board().index_at(pos).unwrap();
    g.figures().iter().filter(|f| f.placement == placement).count()
}

fn sorted(mut actions: Vec<Action>) -> Vec<Action> {
    actions.sort_by_key(|a| format!("{a:?}"));
    actions
}

/// Red's thief on the road west of the start tile, then blue's plague source (the four dead-end
/// roads) east of the start tile: outbreak 1 at (1, 0).
fn outbreak_east() -> (Game, Vec<Event>) {
    let mut g = two_player(rules(&[]), &["base:U", "plague:05", "base:U", "base:B", "base:B", "base:U", "base:B"]);
    turn(&mut g, -1, 0, 0, Some((F, "road@W")));
    let events = place(&mut g, 1, 0, 0);
    (g, events)
}

/// "When a plague source tile is placed, the lowest-numbered outbreak token not yet in play goes
/// on it" (step 1C); "no figure may be deployed on a tile with an active outbreak" (step 2B) and
/// the tile's player spreads no plague this turn (the diagrams' note 3: the source cancels the
/// spreading).
#[test]
fn a_source_breaks_out_bars_figures_and_spares_its_player_the_spread() {
    let (mut g, events) = outbreak_east();
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::OutbreakStarted { player: 1, pos, number: 1 } if *pos == at(1, 0))));
    assert_eq!(g.outbreaks().len(), 1);
    assert!(g.outbreaks()[0].active);
    // Blue has no figure out and owes no spread: straight to the figure phase.
    assert_eq!(g.pending(), Pending::Deploy { player: 1, pos: at(1, 0) });
    let road = feature(&g, at(1, 0), "road@E");
    let state = format!("{g:?}");
    assert_eq!(g.check(Action::Deploy { figure: F, feature: road }), Err(RuleError::NoFigureOnPlagueSource));
    assert!(g.apply(Action::Deploy { figure: F, feature: road }).is_err());
    assert_eq!(format!("{g:?}"), state, "a refused action changes nothing");
    assert_eq!(g.legal_actions(), vec![Action::Pass], "no deployment on the source");
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.fleas().len(), 0);
    assert_eq!(g.fleas_in_supply(), FLEAS);
}

/// After the outbreak, the next player must spread the plague: a flea next to the outbreak, not
/// diagonally, on a tile. At the first moment (after placing the tile) the spread and a flight
/// may wait; red's thief on the road may flee west along it, never onto the outbreak's tile.
#[test]
fn the_next_player_spreads_next_to_the_outbreak_or_flees_first() {
    let (mut g, _) = outbreak_east();
    g.apply(Action::Pass).unwrap();
    place(&mut g, -2, 0, 0);
    assert_eq!(g.pending(), Pending::Plague { player: 0, late: false });
    let legal = sorted(g.legal_actions());
    let expected = sorted(vec![
        flea(0, 0),
        flee(&g, 0, at(-1, 0), at(0, 0), "road@E"),
        flee(&g, 0, at(-1, 0), at(-2, 0), "road@E"),
        Action::Pass,
    ]);
    assert_eq!(legal, expected);
    // The outbreak's own tile is no refuge, nor is the diagonal a spot.
    let thief = flee(&g, 0, at(-1, 0), at(0, 0), "road@E");
    let Action::Flee { figure, .. } = thief else { unreachable!() };
    let onto_source = Action::Flee { figure, pos: at(1, 0), feature: feature(&g, at(1, 0), "road@W") };
    assert_eq!(g.check(onto_source), Err(RuleError::PlagueNoRefuge(at(1, 0), feature(&g, at(1, 0), "road@W"))));
    assert_eq!(g.check(flea(1, 0)), Err(RuleError::PlagueNoFleaSpot(at(1, 0))), "not on a source");
    assert_eq!(g.check(flea(-1, 0)), Err(RuleError::PlagueNoFleaSpot(at(-1, 0))), "not next to the outbreak");
    assert_eq!(g.check(flea(2, 0)), Err(RuleError::PlagueNoFleaSpot(at(2, 0))), "no tile there");
}

/// The flea sends every figure on its tile home, unscored; a figure that fled first is safe.
#[test]
fn a_flea_sends_the_figures_on_its_tile_home() {
    let (mut g, _) = outbreak_east();
    g.apply(Action::Pass).unwrap();
    // Red's thief flees onto the start tile; the flea then goes there: the thief goes home.
    place(&mut g, -2, 0, 0);
    g.apply(flee(&g, 0, at(-1, 0), at(0, 0), "road@E")).unwrap();
    assert_eq!(figures_at(&g, at(0, 0)), 1);
    assert_eq!(g.pending(), Pending::Plague { player: 0, late: false }, "the spread is still to come");
    assert_eq!(g.legal_actions(), vec![flea(0, 0), Action::Pass], "one flight a turn");
    assert_eq!(g.check(flee(&g, 0, at(0, 0), at(-1, 0), "road@E")), Err(RuleError::PlagueFledAlready));
    let events = g.apply(flea(0, 0)).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::FleaPlaced { player: 0, from: None, pos } if *pos == at(0, 0))));
    assert!(events.iter().any(
        |e| matches!(e, Event::PlagueStruck { player: 0, figure: Figure::Follower, pos, .. } if *pos == at(0, 0))
    ));
    assert_eq!(g.figures().len(), 0);
    assert_eq!(g.scores(), vec![0, 0], "no score for a figure struck");
    assert_eq!(g.fleas_in_supply(), FLEAS - 1);
    // Once a turn: the figure phase follows, and no further spread is asked.
    assert_eq!(g.pending(), Pending::Deploy { player: 0, pos: at(-2, 0) });
    g.apply(Action::Pass).unwrap();
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }));
}

/// The spread put off at the first moment is owed at the second (after the figure phase): no
/// pass then; and no figure goes onto a tile with a flea (the tile just placed).
#[test]
fn the_spread_is_owed_after_the_figure_phase() {
    let (mut g, _) = outbreak_east();
    g.apply(Action::Pass).unwrap();
    place(&mut g, -2, 0, 0);
    g.apply(Action::Pass).unwrap();
    assert!(matches!(g.pending(), Pending::Deploy { player: 0, .. }));
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.pending(), Pending::Plague { player: 0, late: true });
    let state = format!("{g:?}");
    assert_eq!(g.check(Action::Pass), Err(RuleError::PlagueMustSpread));
    assert!(g.apply(Action::Pass).is_err());
    assert_eq!(format!("{g:?}"), state);
    assert!(!g.legal_actions().contains(&Action::Pass));
    // The spread ends the moment: a flight meant to come first is taken first.
    g.apply(flea(0, 0)).unwrap();
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }), "{:?}", g.pending());
    // Blue places a cloister south of the start tile and may spread onto it, the tile just
    // placed: then blue's monk may not go there.
    place(&mut g, 0, 1, 0);
    assert_eq!(g.pending(), Pending::Plague { player: 1, late: false });
    let legal = sorted(g.legal_actions());
    assert_eq!(legal, sorted(vec![flea(-1, 0), flea(0, 1), Action::Pass]), "next to the red region");
    g.apply(flea(0, 1)).unwrap();
    let cloister = feature(&g, at(0, 1), "cloister");
    assert_eq!(g.check(Action::Deploy { figure: F, feature: cloister }), Err(RuleError::NoFigureOnFlea(at(0, 1))));
    assert_eq!(g.legal_actions(), vec![Action::Pass]);
}

/// A second source placed takes the next number; its player spreads nothing that turn even with
/// another outbreak active.
#[test]
fn outbreaks_are_numbered_in_order_and_each_source_cancels_its_turns_spread() {
    let mut g = two_player(rules(&[]), &["plague:06", "plague:05", "base:B"]);
    // plague:06, a road curve west-south, west of the start tile: its west road... any fitting
    // rotation.
    let mut placed = false;
    for degrees in [0, 90, 180, 270] {
        let rotation = carcassonne_engine::Rotation::from_degrees(degrees).unwrap();
        if g.check(Action::Place { pos: at(-1, 0), rotation }).is_ok() {
            g.apply(Action::Place { pos: at(-1, 0), rotation }).unwrap();
            placed = true;
            break;
        }
    }
    assert!(placed);
    g.apply(Action::Pass).unwrap();
    let events = place(&mut g, 1, 0, 0);
    assert!(events.iter().any(|e| matches!(e, Event::OutbreakStarted { player: 1, number: 2, .. })));
    assert_eq!(g.outbreaks().iter().map(|o| o.number).collect::<Vec<_>>(), vec![1, 2]);
    assert!(matches!(g.pending(), Pending::Deploy { player: 1, .. }), "no spread in a source's turn");
    g.apply(Action::Pass).unwrap();
    // Red spreads next to either outbreak: the start tile is next to both.
    place(&mut g, 0, 1, 0);
    assert_eq!(sorted(g.legal_actions()), sorted(vec![flea(0, 0), Action::Pass]));
}

/// Seventeen land tiles come before any plague source: in shuffled decks the first source is the
/// 18th land tile or later, and all six come.
#[test]
fn the_sources_come_after_seventeen_land_tiles() {
    for seed in 0..12u64 {
        let setup = GameSetup { rules: rules(&[]), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(seed) };
        let mut g = Game::new(setup).unwrap();
        // Held back, the sources still count among the tiles face down.
        assert_eq!(crate::expansions::tiles_in_pile(&g, "plague"), 6);
        let mut rng = rng_from_seed(seed);
        let (mut land, mut first, mut sources, mut mixed) = (0, None, 0, 0);
        while !g.is_over() {
            let legal = g.legal_actions();
            let action = legal[below(&mut rng, legal.len() as u32) as usize];
            let tile = match g.pending() {
                Pending::PlaceTile { tile, .. } if matches!(action, Action::Place { .. }) => Some(tile),
                _ => None,
            };
            land += usize::from(tile.is_some());
            for e in g.apply(action).unwrap() {
                if matches!(e, Event::TilesMixedIn { count: 6 }) {
                    mixed += 1;
                    assert_eq!(land, 17, "mixed in after the 17th land tile");
                }
            }
            if let Some(tile) = tile {
                if g.design(tile).set == "plague" {
                    sources += 1;
                    first.get_or_insert(land);
                }
            }
        }
        assert_eq!(mixed, 1);
        assert!(first.unwrap() >= 18, "seed {seed}: the first source was land tile {first:?}");
        assert_eq!(sources, 6, "seed {seed}");
        assert_eq!(g.outbreaks().len(), 6);
    }
}

/// With Traders & Builders: red's thief west of the start tile, blue's outbreak east of it, then
/// red's builder on the thief's road one tile further west, the spread put off until after the
/// figure phase, where red is now asked. `rest`: the tiles drawn after.
fn builder_behind_the_thief(rest: &[&str]) -> Game {
    let mut deck = vec!["base:U", "plague:05", "base:U"];
    deck.extend_from_slice(rest);
    let mut g = two_player(rules(&[Expansion::TradersBuilders]), &deck);
    turn(&mut g, -1, 0, 0, Some((F, "road@W")));
    place(&mut g, 1, 0, 0);
    g.apply(Action::Pass).unwrap();
    place(&mut g, -2, 0, 0);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Deploy { figure: Figure::Builder, feature: feature(&g, at(-2, 0), "road@W") }).unwrap();
    assert_eq!(g.pending(), Pending::Plague { player: 0, late: true });
    g
}

/// A flea struck tile's builder: the builder's follower goes home, and with no follower of its
/// owner left on the road the builder goes too (the 8/2021 ruling on special figures; the
/// builder's rule). A builder extended earns its double turn, in which the spread owed may wait
/// for the second tile (the diagrams' note 2: once in the double turn).
#[test]
fn builders_go_home_with_their_followers_and_a_double_turn_spreads_once() {
    let mut g = builder_behind_the_thief(&["base:B", "base:U", "base:B", "base:B", "base:B"]);
    assert_eq!(g.check(Action::Pass), Err(RuleError::PlagueMustSpread), "no double turn earned yet");
    g.apply(flea(0, 0)).unwrap();
    // Blue: a cloister south of the start, the flea onto it.
    place(&mut g, 0, 1, 0);
    g.apply(flea(0, 1)).unwrap();
    g.apply(Action::Pass).unwrap();
    // Red extends the builder's road: a double turn; the spread may wait for the second tile.
    place(&mut g, -3, 0, 0);
    assert_eq!(g.pending(), Pending::Plague { player: 0, late: false });
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.pending(), Pending::Plague { player: 0, late: true });
    assert_eq!(g.check(Action::Pass), Ok(()), "the second tile comes");
    g.apply(Action::Pass).unwrap();
    // The second tile: now the spread is owed; the flea on red's follower sends it home, and the
    // builder with it.
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 0, .. }));
    place(&mut g, -1, 1, 0);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.pending(), Pending::Plague { player: 0, late: true });
    assert_eq!(g.check(Action::Pass), Err(RuleError::PlagueMustSpread));
    let events = g.apply(flea(-1, 0)).unwrap();
    let struck = events.iter().filter(|e| matches!(e, Event::PlagueStruck { .. })).count();
    assert_eq!(struck, 1, "the follower on the struck tile");
    assert!(
        events.iter().any(|e| matches!(e, Event::FigureReturned { figure: Figure::Builder, .. })),
        "the builder, left alone on the road, goes home: {events:?}"
    );
    assert_eq!(g.figures().len(), 0);
    // Once in the double turn: blue's turn follows.
    assert!(
        matches!(g.pending(), Pending::PlaceTile { player: 1, .. }),
        "{:?} {:?} {:?}",
        g.pending(),
        g.figures(),
        g.legal_actions()
    );
}

/// A flight runs along the feature as far as the player likes, but never onto or across a tile
/// with a flea or an active outbreak (the Spielbox rules, "Flucht"); monks cannot flee.
#[test]
fn a_flight_never_crosses_an_infested_tile_and_monks_stay() {
    let deck = ["base:U", "base:U", "base:U", "plague:06", "base:B", "base:B", "base:B"];
    let mut g = two_player(rules(&[]), &deck);
    turn(&mut g, -1, 0, 0, None);
    turn(&mut g, 1, 0, 0, Some((F, "road@E")));
    turn(&mut g, -2, 0, 0, None);
    // Blue's source north of (-1, 0): the curve turned so that its field faces the road.
    place(&mut g, -1, -1, 180);
    // No spread is due in a source's turn: blue's thief may flee after the figure phase only.
    assert!(matches!(g.pending(), Pending::Deploy { player: 1, .. }), "{:?}", g.pending());
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.pending(), Pending::Plague { player: 1, late: true });
    assert!(g.legal_actions().iter().all(|a| matches!(a, Action::Flee { .. } | Action::Pass)));
    assert!(g.legal_actions().contains(&Action::Pass), "no spread in a source's turn");
    g.apply(Action::Pass).unwrap();
    // Red: the only spot next to the outbreak is the road tile (-1, 0).
    place(&mut g, 0, 1, 0);
    assert_eq!(sorted(g.legal_actions()), sorted(vec![flea(-1, 0), Action::Pass]));
    g.apply(flea(-1, 0)).unwrap();
    g.apply(Action::Pass).unwrap();
    // Blue: its thief at (1, 0) reaches the start tile, not (-1, 0) with its flea nor (-2, 0)
    // beyond it.
    place(&mut g, 1, 1, 0);
    let flights: Vec<Action> = g.legal_actions().into_iter().filter(|a| matches!(a, Action::Flee { .. })).collect();
    assert_eq!(flights, vec![flee(&g, 1, at(1, 0), at(0, 0), "road@E")]);
    let across = flee(&g, 1, at(1, 0), at(-2, 0), "road@E");
    let Action::Flee { pos, feature: beyond, .. } = across else { unreachable!() };
    assert_eq!(g.check(across), Err(RuleError::PlagueNoRefuge(pos, beyond)));
    // Blue's monk on the cloister just placed cannot flee.
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Deploy { figure: F, feature: feature(&g, at(1, 1), "cloister") }).unwrap();
    assert_eq!(g.pending(), Pending::Plague { player: 1, late: true });
    let monk = flee(&g, 1, at(1, 1), at(0, 0), "road@E");
    assert_eq!(g.check(monk), Err(RuleError::PlagueCannotFlee(carcassonne_engine::FeatureKind::Cloister)));
    assert_eq!(g.check(Action::Flee { figure: 9, pos: at(0, 0), feature: 0 }), Err(RuleError::PlagueNoSuchFigure));
}

/// Records: `flea` names the tile (and, with the supply empty, the tile the flea comes from);
/// `flee` names the figure by its place and the place it flees to.
#[test]
fn records_name_the_flea_and_the_flight() {
    use carcassonne_engine::record::{decode_action, encode_action};
    let (mut g, _) = outbreak_east();
    g.apply(Action::Pass).unwrap();
    place(&mut g, -2, 0, 0);
    let spread = encode_action(&g, flea(0, 0));
    assert_eq!(
        serde_json::to_value(&spread).unwrap(),
        serde_json::json!({"action": "flea", "player": "red", "x": 0, "y": 0})
    );
    assert_eq!(decode_action(&g, &spread), Ok(flea(0, 0)));
    let flight = flee(&g, 0, at(-1, 0), at(-2, 0), "road@W");
    let named = encode_action(&g, flight);
    let value = serde_json::to_value(&named).unwrap();
    assert_eq!(value["action"], "flee");
    assert_eq!(value["figure"], "follower");
    assert_eq!((value["from_x"].as_i64(), value["from_y"].as_i64()), (Some(-1), Some(0)));
    assert_eq!((value["x"].as_i64(), value["y"].as_i64()), (Some(-2), Some(0)));
    assert_eq!(decode_action(&g, &named), Ok(flight));
    // A flight from a place where the player has no figure is refused by name.
    let mut wrong = value.clone();
    wrong["from_x"] = serde_json::json!(5);
    assert!(decode_action(&g, &serde_json::from_value(wrong).unwrap()).is_err());
}

/// The command line: `legal` offers the spread and the flights; `replay` tells the outbreak,
/// the flight and the flea.
#[test]
fn the_command_line_lists_and_replays_the_plague() {
    use crate::support::{json_of, ok, temp_path};
    let deck = ["base:U", "plague:05", "base:U", "base:B"];
    let mut r = RecordedGame::new(rules(&[]), &deck);
    let put = |x, y| Action::Place { pos: Pos::new(x, y), rotation: carcassonne_engine::Rotation::R0 };
    r.play(put(-1, 0));
    r.play(Action::Deploy { figure: F, feature: feature(&r.game, at(-1, 0), "road@W") });
    r.play(put(1, 0));
    r.play(Action::Pass);
    r.play(put(-2, 0));
    let path = temp_path("plague-step.json");
    let file = path.to_str().unwrap();
    r.write(&path);
    let legal = json_of(&ok(&["legal", "--json", file]));
    let actions = legal["actions"].as_array().unwrap();
    assert!(actions.contains(&serde_json::json!({"action": "flea", "player": "red", "x": 0, "y": 0})), "{actions:?}");
    assert!(actions.iter().any(|a| a["action"] == "flee"), "{actions:?}");
    let text = ok(&["legal", file]);
    assert!(text.contains("spread the plague with a flea"), "{text}");
    r.play(flee(&r.game, 0, at(-1, 0), at(0, 0), "road@E"));
    r.play(flea(0, 0));
    r.write(&path);
    let text = ok(&["replay", file]);
    assert!(text.contains("outbreak 1 breaks out on the plague source at (1,0)"), "{text}");
    assert!(text.contains("red's follower flees the plague from (-1,0) to"), "{text}");
    assert!(text.contains("red spreads the plague: a flea on (0,0)"), "{text}");
    assert!(text.contains("the flea sends red's follower on"), "{text}");
    std::fs::remove_file(&path).ok();
}

/// The plague's invariants after every action of random play that prefers spreading and
/// fleeing: at most 18 fleas, never two on a tile nor one on a plague source; every red flea
/// joined to an active outbreak; no figure on a tile with a flea; outbreaks numbered in order.
/// With the supply empty, a turn begins by eradicating the lowest-numbered active outbreak while
/// two or more are active (step 1A), and spreads move a flea, pink first.
#[test]
fn random_plague_keeps_its_invariants_and_runs_out_of_fleas() {
    let (mut eradicated, mut moved, mut fled) = (0, 0, 0);
    for seed in 0..10u64 {
        let players = 2 + (seed % 3) as usize;
        let colors = [Color::Red, Color::Blue, Color::Green, Color::Yellow][..players].to_vec();
        let setup = GameSetup { rules: rules(&[]), players: colors, deck: Deck::Seed(seed) };
        let mut g = Game::new(setup).unwrap();
        let mut rng = rng_from_seed(seed);
        while !g.is_over() {
            let legal = g.legal_actions();
            let eager: Vec<Action> =
                legal.iter().copied().filter(|a| matches!(a, Action::Flea { .. } | Action::Flee { .. })).collect();
            let pool = if eager.is_empty() || below(&mut rng, 4) == 0 { &legal } else { &eager };
            let action = pool[below(&mut rng, pool.len() as u32) as usize];
            let supply_before = g.fleas_in_supply();
            let active_before: Vec<u8> = g.outbreaks().iter().filter(|o| o.active).map(|o| o.number).collect();
            let pink_before = g.fleas().iter().any(|f| !f.active);
            let taken = match action {
                Action::Flea { from: Some(from), .. } => g.fleas().iter().find(|f| f.pos == from).copied(),
                _ => None,
            };
            for e in g.apply(action).unwrap() {
                match e {
                    Event::OutbreakEradicated { number, .. } => {
                        eradicated += 1;
                        assert_eq!(supply_before, 0, "only with the supply empty");
                        assert!(active_before.len() >= 2, "never the last active outbreak");
                        assert_eq!(Some(&number), active_before.first(), "the oldest");
                    }
                    Event::FleaPlaced { from: Some(_), .. } => {
                        moved += 1;
                        assert_eq!(supply_before, 0);
                        let taken = taken.expect("a flea there");
                        assert_eq!(taken.active, !pink_before, "a pink flea first");
                    }
                    Event::FleaPlaced { from: None, .. } => assert!(supply_before > 0),
                    Event::Fled { .. } => fled += 1,
                    _ => {}
                }
            }
            check_invariants(&g);
        }
    }
    assert!(eradicated >= 1, "{eradicated} outbreaks eradicated");
    assert!(moved >= 5, "{moved} fleas moved");
    assert!(fled >= 10, "{fled} flights");
}

fn check_invariants(g: &Game) {
    let fleas = g.fleas();
    assert_eq!(fleas.len() + g.fleas_in_supply(), FLEAS);
    let numbers: Vec<u8> = g.outbreaks().iter().map(|o| o.number).collect();
    assert_eq!(numbers, (1..=numbers.len() as u8).collect::<Vec<_>>());
    if !g.outbreaks().is_empty() && g.fleas_in_supply() == 0 {
        assert!(g.outbreaks().iter().any(|o| o.active), "one outbreak stays active");
    }
    for (i, f) in fleas.iter().enumerate() {
        assert!(fleas[..i].iter().all(|e| e.pos != f.pos), "two fleas on {:?}", f.pos);
        let tile = g.board().get(f.pos).expect("a flea on a tile");
        assert_ne!(g.design(tile.tile).set, "plague", "a flea on a source");
        let placement = g.board().index_at(f.pos).unwrap();
        assert!(g.figures().iter().all(|fig| fig.placement != placement), "a figure beside the flea at {:?}", f.pos);
    }
    // Red fleas are joined to an active outbreak through red fleas.
    let mut region: Vec<Pos> = g.outbreaks().iter().filter(|o| o.active).map(|o| o.pos).collect();
    let mut i = 0;
    while i < region.len() {
        let here = region[i];
        for f in fleas {
            if f.active && (f.pos.x - here.x).abs() + (f.pos.y - here.y).abs() == 1 && !region.contains(&f.pos) {
                region.push(f.pos);
            }
        }
        i += 1;
    }
    assert!(fleas.iter().filter(|f| f.active).all(|f| region.contains(&f.pos)), "a red flea cut off: {fleas:?}");
}

/// Random games with The Plague alone, with more players, beside Traders & Builders, The
/// Tunnel, The Flier, the Princess & Dragon and with every other expansion: figures conserved,
/// every score an event, records replay, legal == check (`random_game_checked`); every bot plays.
#[test]
fn random_games_with_the_plague_keep_the_properties() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let configs = [
        (rules(&[]), 2),
        (rules(&[]), 5),
        (rules(&[Expansion::TradersBuilders]), 2),
        (rules(&[Expansion::Tunnel, Expansion::Flier]), 3),
        (rules(&[Expansion::PrincessDragon]), 2),
        (Rules { expansions: every, ..Rules::base() }, 2),
    ];
    let mut fleas = 0;
    for (i, (rules, players)) in configs.into_iter().enumerate() {
        for s in 0..2u64 {
            let g = random_game_checked(rules.clone(), players, 900 + i as u64 * 10 + s);
            fleas += g.fleas().len();
        }
    }
    assert!(fleas >= 60, "{fleas} fleas");
    every_bot_plays(&rules(&[]), 171);
}

/// The barn stands on a corner of four tiles and no flea strikes it (the FAQ of 11/2013): it may
/// go at a corner of a plague source just placed. The phantom takes no step in a source's turn
/// (the Assembled Game Reference's step 2B-2, "forbidden if a plague source tile was played").
#[test]
fn the_barn_and_the_phantom_after_a_source() {
    use carcassonne_engine::Corner;
    let rules = rules(&[Expansion::AbbeyMayor, Expansion::Phantom]);
    let mut g = two_player(rules, &["base:U", "base:B", "plague:06", "base:B"]);
    turn(&mut g, 1, 0, 0, None);
    turn(&mut g, 0, 1, 0, None);
    // The curve turned so that its fields face north and west: four field corners meet at its
    // north-western corner.
    place(&mut g, 1, 1, 270);
    assert!(matches!(g.pending(), Pending::Deploy { player: 0, .. }), "{:?}", g.pending());
    let barn = Action::PlaceBarn { corner: Corner::NorthWest };
    assert_eq!(g.check(barn), Ok(()));
    let road = feature(&g, at(1, 1), "road@E");
    assert_eq!(g.check(Action::Deploy { figure: F, feature: road }), Err(RuleError::NoFigureOnPlagueSource));
    g.apply(barn).unwrap();
    assert!(!matches!(g.pending(), Pending::Phantom { .. }), "no phantom step: {:?}", g.pending());
    // The next spread goes next to the source: the barn's tiles lose no barn.
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }), "{:?}", g.pending());
    place(&mut g, 0, 2, 0);
    assert_eq!(sorted(g.legal_actions()), sorted(vec![flea(1, 0), flea(0, 1), Action::Pass]));
    g.apply(flea(1, 0)).unwrap();
    assert_eq!(g.barns().len(), 1);
}

/// The builder and the pig may flee (the 2021 thread with the author); "Rebuilding" moves no
/// tile with a flea or an outbreak token: the tokens stay with their tile.
#[test]
fn builders_and_pigs_flee_and_rebuilding_keeps_plague_tiles() {
    let mut g = builder_behind_the_thief(&["base:B"]);
    let builder = g.figures().iter().position(|f| f.figure == Figure::Builder).unwrap() as u8;
    let flight = Action::Flee { figure: builder, pos: at(0, 0), feature: feature(&g, at(0, 0), "road@E") };
    assert!(g.legal_actions().contains(&flight));
    let events = g.apply(flight).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::Fled { figure: Figure::Builder, .. })));
    assert_eq!(g.figures()[builder as usize].placement, g.board().index_at(at(0, 0)).unwrap());
    // The builder now stands on the only spot: the flea there sends it home, the follower stays.
    g.apply(flea(0, 0)).unwrap();
    assert_eq!(g.figures().len(), 1);

    let mut seen = 0;
    crate::expansions::calm_rebuilding_games(Expansion::Plague, 3, |g, actions| {
        for a in actions {
            if let Action::RemoveTile { pos } = a {
                seen += 1;
                assert!(g.fleas().iter().all(|f| f.pos != *pos), "a tile with a flea offered at {pos:?}");
                assert!(g.outbreaks().iter().all(|o| o.pos != *pos), "an outbreak's tile offered at {pos:?}");
            }
        }
    });
    assert!(seen > 0);
}

/// The fairy belongs to no player (the program's reading; the sources are silent): a flea on its
/// tile sends its follower home and leaves the fairy where it stands, protecting nobody.
#[test]
fn the_fairy_stays_when_its_follower_is_struck() {
    let deck = ["base:U", "plague:05", "base:U", "base:B", "base:B"];
    let mut g = two_player(rules(&[Expansion::PrincessDragon]), &deck);
    turn(&mut g, -1, 0, 0, Some((F, "road@W")));
    place(&mut g, 1, 0, 0);
    g.apply(Action::Pass).unwrap();
    // Red: the fairy beside its thief; the flea owed goes onto the start tile.
    place(&mut g, -2, 0, 0);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::MoveFairy { pos: at(-1, 0), feature: feature(&g, at(-1, 0), "road@W") }).unwrap();
    g.apply(flea(0, 0)).unwrap();
    // Blue spreads onto the thief's tile.
    place(&mut g, 0, 1, 0);
    let events = g.apply(flea(-1, 0)).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::PlagueStruck { player: 0, .. })));
    assert_eq!(g.figures().len(), 0);
    let (pos, next_to) = g.fairy().expect("the fairy is on the board");
    assert_eq!((pos, next_to), (at(-1, 0), None));
}
