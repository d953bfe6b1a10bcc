//! The Ferries (the Wikicarpedia pages "The Ferries (1st edition)" and "The Ferries", after Hans
//! im Glück's rules, with their footnotes; the Assembled Game Reference's step 2C and 3A): a
//! ferry put on the lake of each lake tile joins two of its roads, the others end at the lake;
//! extending a road that crosses a ferry lets the player move the first ferry that way, once a
//! turn; roads a ferry's placement or move completes are scored at 3A. docs/rules.md, "The
//! Ferries", lists which test checks which rule.

use carcassonne_engine::{
    Action, Color, Event, Expansion, FeatureKind, Game, Pending, Phase, PlacedFerry, Pos, RuleError, Rules,
};

use crate::expansions::{every_bot_plays, feature, paid, random_game_checked, turn, two_player, RecordedGame, F};

fn rules(expansions: &[Expansion]) -> Rules {
    let mut all = vec![Expansion::Ferries];
    all.extend_from_slice(expansions);
    Rules { expansions: all, ..Rules::base() }
}

/// The ferry joining roads `a` and `b` (record names) of the lake at (x, y).
fn ferry(g: &Game, x: i16, y: i16, a: &str, b: &str) -> Action {
    let pos = Pos::new(x, y);
    let (a, b) = (feature(g, pos, a), feature(g, pos, b));
    Action::Ferry { pos, from: a.min(b), to: a.max(b) }
}

fn ferries_at(g: &Game, pos: Pos) -> Vec<PlacedFerry> {
    g.ferries().into_iter().filter(|f| f.pos == pos).collect()
}

/// The first three turns of the pages' examples: a junction west of the start tile, blue's thief
/// on the road east of it, and red's lake tile at (2, 0) with red's thief on its eastern road.
/// The ferry is red's to place.
fn lake_with_blue_road() -> (Game, Vec<Event>) {
    let mut g = two_player(rules(&[]), &["base:W", "base:U", "ferries:02", "base:W", "base:U", "base:U"]);
    turn(&mut g, -1, 0, 0, None);
    turn(&mut g, 1, 0, 0, Some((F, "road@W")));
    let events = turn(&mut g, 2, 0, 0, Some((F, "road@E")));
    (g, events)
}

/// The first edition's example 1: "RED places the tile with a lake. He places a follower (1) and
/// sets a ferry (2). The road that BLUE occupies is completed. BLUE receives 4 points (3)": the
/// ferry joins the lake's southern and eastern roads, and blue's road ends at the lake ("a road
/// segment without a ferry on a lake is closed at this end").
#[test]
fn example_1_a_road_the_ferry_leaves_ends_at_the_lake_blue_scores_4() {
    let (mut g, mut events) = lake_with_blue_road();
    assert_eq!(g.pending(), Pending::PlaceFerry { player: 0, pos: Pos::new(2, 0) });
    assert_eq!(paid(&g, &events), vec![]);
    let south_east = ferry(&g, 2, 0, "road@S", "road@E");
    events.extend(g.apply(south_east).unwrap());
    assert!(events.iter().any(|e| matches!(e, Event::FerryPlaced { player: 0, pos, .. } if *pos == Pos::new(2, 0))));
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, 4, vec![Color::Blue])]);
    assert_eq!(g.scores(), vec![0, 4]);
    assert_eq!(ferries_at(&g, Pos::new(2, 0)).len(), 1);
}

/// The first edition's example 2: "RED places the tile. He places a follower (1) and then sets
/// the ferry (2). RED and BLUE are now present on the same road" (the footnote: the order of play
/// lets a follower reach a road others hold). The ferry is placed whether or not a follower was
/// (footnote 2), and it must join two of the lake's roads: no pass, three pairs on a lake of
/// three roads.
#[test]
fn example_2_the_ferry_joins_a_new_thief_to_an_occupied_road() {
    let (mut g, _) = lake_with_blue_road();
    let legal = g.legal_actions();
    assert_eq!(legal.len(), 3, "{legal:?}");
    assert!(legal.iter().all(|a| matches!(a, Action::Ferry { .. })));
    assert!(g.check(Action::Pass).is_err(), "the ferry must be placed");
    let events = g.apply(ferry(&g, 2, 0, "road@W", "road@E")).unwrap();
    assert_eq!(paid(&g, &events), vec![]);
    let road = g.feature_root(g.board().index_at(Pos::new(1, 0)).unwrap(), feature(&g, Pos::new(1, 0), "road@W"));
    let east = g.feature_root(g.board().index_at(Pos::new(2, 0)).unwrap(), feature(&g, Pos::new(2, 0), "road@E"));
    assert_eq!(road, east, "one road from the junction across the lake");
    assert_eq!(g.features().figure_count(road), 2, "red and blue on it");
}

/// A lake of four roads offers its six pairs.
#[test]
fn a_lake_of_four_roads_offers_six_pairs() {
    let mut g = two_player(rules(&[]), &["ferries:03", "base:U"]);
    turn(&mut g, 1, 0, 0, None);
    assert_eq!(g.legal_actions().len(), 6);
}

/// Extending a road that crosses a ferry: "the player may move the ferry, but he or she is not
/// required to do so. The ferry must always connect 2 road ends. The player may move the ferry
/// such that it no longer connects to the road that has just been extended." Left where it is,
/// the ferry carries the road from the junction to blue's new junction at (3, 0): five tiles,
/// shared by red's and blue's thieves.
#[test]
fn extending_a_ferry_road_offers_the_move_and_leaving_it_scores_the_road() {
    let (mut g, _) = lake_with_blue_road();
    g.apply(ferry(&g, 2, 0, "road@W", "road@E")).unwrap();
    let mut events = turn(&mut g, 3, 0, 0, None);
    assert_eq!(g.pending(), Pending::MoveFerry { player: 1 });
    let mut legal = g.legal_actions();
    legal.sort_by_key(|a| format!("{a:?}"));
    let mut expected = vec![ferry(&g, 2, 0, "road@W", "road@S"), ferry(&g, 2, 0, "road@S", "road@E"), Action::Pass];
    expected.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(legal, expected);
    assert_eq!(
        g.check(ferry(&g, 2, 0, "road@W", "road@E")),
        Err(RuleError::FerryAlreadyThere(Pos::new(2, 0), 0, 2)),
        "a move joins another pair"
    );
    events.extend(g.apply(Action::Pass).unwrap());
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, 5, vec![Color::Red, Color::Blue])]);
}

/// The move completes what it leaves: blue moves the ferry to the southern and eastern roads, so
/// blue's road now ends at the lake and is complete (4 points), and red's thief's road runs on
/// south, unfinished. The Assembled Game Reference's step 3A: "Roads completed by placement or
/// movement of a ferry".
#[test]
fn a_move_that_leaves_a_road_at_the_lake_completes_it() {
    let (mut g, _) = lake_with_blue_road();
    g.apply(ferry(&g, 2, 0, "road@W", "road@E")).unwrap();
    let mut events = turn(&mut g, 3, 0, 0, None);
    let moved = ferry(&g, 2, 0, "road@S", "road@E");
    events.extend(g.apply(moved).unwrap());
    assert!(events.iter().any(|e| matches!(e, Event::FerryMoved { player: 1, .. })));
    let (south, east) = (feature(&g, Pos::new(2, 0), "road@S"), feature(&g, Pos::new(2, 0), "road@E"));
    assert_eq!(ferries_at(&g, Pos::new(2, 0))[0].ends, [south.min(east), south.max(east)]);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, 4, vec![Color::Blue])]);
    assert_eq!(g.scores(), vec![0, 4]);
    // Each ferry moves once a turn: nothing else was movable, so the turn went on.
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 0, .. }));
}

/// The other move: the ferry joins blue's road to the south, and red's thief's road, from the
/// lake to blue's junction, is complete: red scores 2.
#[test]
fn a_move_may_complete_the_other_road() {
    let (mut g, _) = lake_with_blue_road();
    g.apply(ferry(&g, 2, 0, "road@W", "road@E")).unwrap();
    let mut events = turn(&mut g, 3, 0, 0, None);
    events.extend(g.apply(ferry(&g, 2, 0, "road@W", "road@S")).unwrap());
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, 2, vec![Color::Red])]);
}

/// "Thus, if adding onto a road that ends at a lake without the wooden ferry connection, the
/// ferry cannot be moved": the lake at (1, 0) joins its southern and eastern roads; blue extends
/// the start tile's road, which ends at the lake's western road, and is offered no move.
#[test]
fn a_road_ending_at_the_lake_unjoined_moves_no_ferry() {
    let mut g = two_player(rules(&[]), &["ferries:02", "base:U", "base:U"]);
    turn(&mut g, 1, 0, 0, None);
    g.apply(ferry(&g, 1, 0, "road@S", "road@E")).unwrap();
    turn(&mut g, -1, 0, 0, None);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 0, .. }), "{:?}", g.pending());
    // Extending the eastern road, which the ferry joins, offers the move.
    turn(&mut g, 2, 0, 0, None);
    assert_eq!(g.pending(), Pending::MoveFerry { player: 0 });
}

/// "If there are two ferries on the road that was just extended, the player may only move the
/// first ferry in the road – the ferry that is closest to" the tile; and the ferry of the tile
/// just placed does not move (its placement is its own step). Lakes at (1, 0) and (2, 0), each
/// ferry joining west and east; a road tile east of them moves only the nearer.
#[test]
fn only_the_first_ferry_along_the_road_moves() {
    let mut g = two_player(rules(&[]), &["ferries:02", "ferries:02", "base:U", "base:U"]);
    turn(&mut g, 1, 0, 0, None);
    g.apply(ferry(&g, 1, 0, "road@W", "road@E")).unwrap();
    // The second lake extends the first's road: its own ferry first, then the move of the first.
    turn(&mut g, 2, 0, 0, None);
    assert_eq!(g.pending(), Pending::PlaceFerry { player: 1, pos: Pos::new(2, 0) });
    g.apply(ferry(&g, 2, 0, "road@W", "road@E")).unwrap();
    assert_eq!(g.pending(), Pending::MoveFerry { player: 1 });
    assert!(g
        .legal_actions()
        .iter()
        .all(|a| matches!(a, Action::Pass) || matches!(a, Action::Ferry { pos, .. } if *pos == Pos::new(1, 0))));
    assert_eq!(
        g.check(ferry(&g, 2, 0, "road@W", "road@S")),
        Err(RuleError::FerryNotMovable(Pos::new(2, 0))),
        "the tile's own ferry"
    );
    g.apply(Action::Pass).unwrap();
    // East of both: only the nearer, at (2, 0).
    turn(&mut g, 3, 0, 0, None);
    let movable: std::collections::BTreeSet<Pos> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Ferry { pos, .. } => Some(pos),
            _ => None,
        })
        .collect();
    assert_eq!(movable.into_iter().collect::<Vec<_>>(), [Pos::new(2, 0)]);
    assert_eq!(g.check(ferry(&g, 1, 0, "road@W", "road@S")), Err(RuleError::FerryNotMovable(Pos::new(1, 0))));
    // Moved off the road, the ferry at (2, 0) leaves the nearer end of the road at its lake;
    // moved once, it moves no more this turn, and the one beyond is not reached: the step ends.
    g.apply(ferry(&g, 2, 0, "road@S", "road@E")).unwrap();
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }), "{:?}", g.pending());
}

/// Bad input is refused with the reason and changes nothing: a pair on another lake, a feature
/// that is not one of the lake's roads, the pair's order.
#[test]
fn refused_ferries_say_why_and_change_nothing() {
    let (mut g, _) = lake_with_blue_road();
    let state = format!("{g:?}");
    assert_eq!(
        g.check(Action::Ferry { pos: Pos::new(0, 0), from: 0, to: 1 }),
        Err(RuleError::NoFerryLake(Pos::new(0, 0)))
    );
    let field = g.design(g.board().get(Pos::new(2, 0)).unwrap().tile).features.len() as u8 - 1;
    let lake = Pos::new(2, 0);
    assert_eq!(g.check(Action::Ferry { pos: lake, from: 0, to: field }), Err(RuleError::NotAFerryPair(lake, 0, field)));
    assert_eq!(g.check(Action::Ferry { pos: lake, from: 2, to: 0 }), Err(RuleError::NotAFerryPair(lake, 2, 0)));
    assert!(g.apply(Action::Ferry { pos: lake, from: 1, to: 1 }).is_err());
    assert_eq!(format!("{g:?}"), state);
}

/// Records: `ferry` names the lake's tile and the two roads joined.
#[test]
fn records_name_the_ferry() {
    use carcassonne_engine::record::{decode_action, encode_action};
    let (g, _) = lake_with_blue_road();
    let action = ferry(&g, 2, 0, "road@S", "road@E");
    let named = encode_action(&g, action);
    assert_eq!(
        serde_json::to_value(&named).unwrap(),
        serde_json::json!({"action": "ferry", "player": "red", "x": 2, "y": 0, "from": "road@S", "to": "road@E"})
    );
    assert_eq!(decode_action(&g, &named), Ok(action));
    // Either order reads the same.
    let swapped = serde_json::json!({"action": "ferry", "x": 2, "y": 0, "from": "road@E", "to": "road@S"});
    assert_eq!(decode_action(&g, &serde_json::from_value(swapped).unwrap()), Ok(action));
}

/// Random games with The Ferries alone, with more players, with The Tunnel and with every other
/// expansion: figures conserved, every score an event, records replay, legal == check
/// (`random_game_checked`); ferries are placed and moved; every bot plays it.
#[test]
fn random_games_with_the_ferries_keep_the_properties() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let configs = [
        (rules(&[]), 2),
        (rules(&[]), 4),
        (rules(&[Expansion::Tunnel]), 2),
        (Rules { expansions: every, ..Rules::base() }, 2),
    ];
    let mut ferries = 0;
    for (i, (rules, players)) in configs.into_iter().enumerate() {
        for s in 0..2u64 {
            let g = random_game_checked(rules.clone(), players, 700 + i as u64 * 10 + s);
            ferries += g.ferries().len();
        }
    }
    assert!(ferries >= 40, "{ferries} ferries");
    every_bot_plays(&rules(&[]), 170);
}

/// "Rebuilding": a lake tile moved keeps its ferry joining the same roads (the graph built again
/// joins them: the records replay, `random_game_checked`'s property).
#[test]
fn rebuilding_keeps_the_ferries() {
    let variants = carcassonne_engine::Variants { rebuilding: true, ..Default::default() };
    for seed in [78, 79] {
        random_game_checked(Rules { expansions: vec![Expansion::Ferries], variants: variants.clone() }, 2, seed);
    }
}

/// Moves happen in random games, and every road completed by one is scored once then: a record
/// of random play replays to the same scores (`random_game_checked`), and some turns move
/// ferries.
#[test]
fn random_play_moves_ferries() {
    use carcassonne_engine::random::{below, rng_from_seed};
    let mut moves = 0;
    for seed in 0..6u64 {
        let setup = carcassonne_engine::GameSetup {
            rules: rules(&[]),
            players: vec![Color::Red, Color::Blue],
            deck: carcassonne_engine::Deck::Seed(seed),
        };
        let mut g = Game::new(setup).unwrap();
        let mut rng = rng_from_seed(seed);
        while !g.is_over() {
            let legal = g.legal_actions();
            // Prefer a move where one is offered, so that moves are many.
            let action = legal
                .iter()
                .copied()
                .find(|a| matches!(g.pending(), Pending::MoveFerry { .. }) && matches!(a, Action::Ferry { .. }))
                .unwrap_or_else(|| legal[below(&mut rng, legal.len() as u32) as usize]);
            for e in g.apply(action).unwrap() {
                if matches!(e, Event::FerryMoved { .. }) {
                    moves += 1;
                }
            }
        }
    }
    assert!(moves >= 5, "{moves} moves");
}

/// The command line: `legal` lists the ferry's pairs; `replay` tells the placement and the move.
#[test]
fn the_command_line_lists_and_replays_the_ferries() {
    use crate::support::{json_of, ok, temp_path};
    let deck = ["base:W", "base:U", "ferries:02", "base:W"];
    let mut r = RecordedGame::new(rules(&[]), &deck);
    let at = |x, y| Action::Place { pos: Pos::new(x, y), rotation: carcassonne_engine::Rotation::R0 };
    r.play(at(-1, 0));
    r.play(Action::Pass);
    r.play(at(1, 0));
    r.play(Action::Pass);
    r.play(at(2, 0));
    r.play(Action::Pass);
    let path = temp_path("ferries-step.json");
    let file = path.to_str().unwrap();
    r.write(&path);
    let legal = json_of(&ok(&["legal", "--json", file]));
    let actions = legal["actions"].as_array().unwrap();
    let expected =
        serde_json::json!({"action": "ferry", "player": "red", "x": 2, "y": 0, "from": "road@W", "to": "road@E"});
    assert!(actions.contains(&expected), "{actions:?}");
    r.play(ferry(&r.game, 2, 0, "road@W", "road@E"));
    r.play(at(3, 0));
    r.play(Action::Pass);
    r.play(ferry(&r.game, 2, 0, "road@S", "road@E"));
    r.write(&path);
    let text = ok(&["replay", file]);
    assert!(text.contains("puts a ferry on the lake at (2,0), joining road@W and road@E"), "{text}");
    assert!(text.contains("moves the ferry at (2,0) from road@W and road@E to road@S and road@E"), "{text}");
    std::fs::remove_file(&path).ok();
}

/// The SVG render draws each ferry across its lake.
#[test]
fn the_render_draws_the_ferries() {
    let (mut g, _) = lake_with_blue_road();
    let svg = carcassonne_render::board_svg(&g, &carcassonne_render::BoardOptions::default());
    assert_eq!(svg.matches(r#"class="symbol ferry-lake""#).count(), 1, "the lake");
    assert_eq!(svg.matches(r#"class="piece ferry""#).count(), 0);
    g.apply(ferry(&g, 2, 0, "road@S", "road@E")).unwrap();
    let svg = carcassonne_render::board_svg(&g, &carcassonne_render::BoardOptions::default());
    assert_eq!(svg.matches(r#"class="piece ferry""#).count(), 1, "{svg}");
}

/// The variant `ferry-needs-highwayman` (Rio Grande's first edition, the second edition's
/// wording): a lake gets its ferry only when its player put a follower on one of its roads; a
/// pass leaves it without one, and all its roads end there. By default the ferry comes either way.
#[test]
fn the_variant_places_the_ferry_only_with_a_highwayman() {
    let variants = carcassonne_engine::Variants { ferry_needs_highwayman: true, ..Default::default() };
    let with = Rules { expansions: vec![Expansion::Ferries], variants };
    let mut g = two_player(with.clone(), &["ferries:02", "ferries:02", "base:U"]);
    turn(&mut g, 1, 0, 0, None);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }), "no ferry without a highwayman");
    assert!(g.ferries().is_empty());
    turn(&mut g, 1, -1, 180, Some((F, "road@N")));
    assert_eq!(g.pending(), Pending::PlaceFerry { player: 1, pos: Pos::new(1, -1) });
    let mut g = two_player(rules(&[]), &["ferries:02", "base:U"]);
    turn(&mut g, 1, 0, 0, None);
    assert_eq!(g.pending(), Pending::PlaceFerry { player: 0, pos: Pos::new(1, 0) }, "the default: always");
}

/// "If a road on which a builder has been placed is extended only through moving a ferry, the
/// player may not perform a double turn": red's builder's road (west of the lake at (1, 0)) is
/// joined to red's new tile east of the lake only by the ferry's move, and the turn passes to
/// blue.
#[test]
fn a_builders_road_joined_only_by_a_move_gives_no_double_turn() {
    let deck = ["ferries:02", "base:U", "base:U", "base:U", "base:U", "base:U"];
    let mut g = two_player(rules(&[Expansion::TradersBuilders]), &deck);
    turn(&mut g, 1, 0, 0, Some((F, "road@W")));
    g.apply(ferry(&g, 1, 0, "road@S", "road@E")).unwrap();
    turn(&mut g, -1, 0, 0, None);
    turn(&mut g, -2, 0, 0, Some((carcassonne_engine::Figure::Builder, "road@E")));
    turn(&mut g, -3, 0, 0, None);
    turn(&mut g, 2, 0, 0, None);
    assert_eq!(g.pending(), Pending::MoveFerry { player: 0 });
    g.apply(ferry(&g, 1, 0, "road@W", "road@E")).unwrap();
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }), "{:?}", g.pending());
}

/// Our reading: The Tunnel's joined pair makes one road, and the search for the first ferry goes
/// through it. The lake at (1, 0) joins its western and eastern roads; its eastern road runs into
/// a tunnel opening at (2, 0), whose pair's other token is at (0, 1). Blue's curve at (1, 1)
/// extends the road of that second opening (and, north, the lake's unjoined southern road): the
/// ferry is reached only through the tunnel, and offered.
#[test]
fn the_search_for_the_first_ferry_goes_through_a_tunnel() {
    let deck = ["ferries:02", "tunnel:03", "tunnel:03", "base:U", "base:U", "base:V", "base:U"];
    let mut g = two_player(rules(&[Expansion::Tunnel]), &deck);
    turn(&mut g, 1, 0, 0, None);
    g.apply(ferry(&g, 1, 0, "road@W", "road@E")).unwrap();
    turn(&mut g, 2, 0, 180, None);
    // That tile extends the lake's eastern road: the ferry may move; blue leaves it.
    assert_eq!(g.pending(), Pending::MoveFerry { player: 1 });
    g.apply(Action::Pass).unwrap();
    crate::expansions::place(&mut g, 0, 1, 0);
    let opening = |g: &Game, x, y, name| Action::PlaceTunnel {
        pair: 0,
        pos: Pos::new(x, y),
        feature: feature(g, Pos::new(x, y), name),
    };
    g.apply(opening(&g, 2, 0, "road@W")).unwrap();
    g.apply(Action::Pass).unwrap();
    // Two tiles extend the start tile's road, which the ferry carries on: no move.
    turn(&mut g, -1, 0, 0, None);
    g.apply(Action::Pass).unwrap();
    crate::expansions::place(&mut g, -2, 0, 0);
    g.apply(opening(&g, 0, 1, "road@E")).unwrap();
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    turn(&mut g, 1, 1, 90, None);
    assert_eq!(g.pending(), Pending::MoveFerry { player: 1 });
    assert!(g.legal_actions().iter().any(|a| matches!(a, Action::Ferry { pos, .. } if *pos == Pos::new(1, 0))));
}

/// Our reading with Mage & Witch ("they can never occupy the same feature as each other"): a
/// ferry's move that joins the mage's road to the witch's asks for one of them to move, as a tile
/// joining their features does. The mage stands on the start tile's road, which ends at the lake
/// at (1, 0); the witch on the road beyond the lake's eastern jetty; red moves the ferry to join
/// the two.
#[test]
fn a_ferry_joining_the_mage_and_the_witch_moves_one() {
    let deck = ["mage-witch:05", "ferries:02", "mage-witch:02", "base:U", "base:U"];
    let mut g = two_player(rules(&[Expansion::MageWitch]), &deck);
    crate::expansions::place(&mut g, 0, -1, 0);
    let magic = |g: &Game, figure, x, y, name| Action::MoveMagic {
        figure,
        pos: Pos::new(x, y),
        feature: feature(g, Pos::new(x, y), name),
    };
    g.apply(magic(&g, carcassonne_engine::MagicFigure::Mage, 0, 0, "road@E")).unwrap();
    g.apply(Action::Pass).unwrap();
    turn(&mut g, 1, 0, 0, None);
    g.apply(ferry(&g, 1, 0, "road@S", "road@E")).unwrap();
    crate::expansions::place(&mut g, 2, 0, 180);
    g.apply(magic(&g, carcassonne_engine::MagicFigure::Witch, 2, 0, "road@W")).unwrap();
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.pending(), Pending::MoveFerry { player: 0 });
    g.apply(ferry(&g, 1, 0, "road@W", "road@E")).unwrap();
    assert_eq!(g.pending(), Pending::MageWitch { player: 0 }, "the two share a road now");
}

/// Our reading with Solovei Razboynik (its tree takes the follower on its road nearest to it,
/// "counted in tiles along the road", when a tile joins the road): a ferry that joins a road to
/// the tree's springs it as a tile would, and the road runs on across the lake at no distance.
/// The tree at (1, 0) ends at the lake at (2, 0), whose ferry joins its southern and eastern
/// roads; east of it red's thief at (3, 0) and, round a bend, blue's at (3, -1). Blue moves the
/// ferry to join the tree's road: red's thief, 2 tiles from the tree, is taken; blue's, 5 tiles
/// away, stays.
#[test]
fn a_ferry_joining_a_road_to_solovei_razboynik_springs_the_tree_along_the_road() {
    let deck = ["solovei-razboynik:solovei", "ferries:02", "base:U", "base:U", "base:V", "base:V", "base:U"];
    let mut g = two_player(rules(&[Expansion::SoloveiRazboynik]), &deck);
    turn(&mut g, 1, 0, 0, None);
    turn(&mut g, 2, 0, 0, None);
    g.apply(ferry(&g, 2, 0, "road@S", "road@E")).unwrap();
    turn(&mut g, 3, 0, 0, Some((F, "road@W")));
    g.apply(Action::Pass).unwrap();
    turn(&mut g, 3, -1, 0, Some((F, "road@W")));
    turn(&mut g, 4, -1, 0, None);
    turn(&mut g, 4, 0, 90, None);
    assert_eq!(g.pending(), Pending::MoveFerry { player: 1 });
    assert!(g.figures().len() == 2, "no trap sprang yet");
    let events = g.apply(ferry(&g, 2, 0, "road@W", "road@E")).unwrap();
    let trapped: Vec<(u8, Pos)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::Trapped { player, from, .. } => Some((player, from)),
            _ => None,
        })
        .collect();
    assert_eq!(trapped, [(0, Pos::new(3, 0))], "{events:?}");
    let at = |x, y| g.figures().iter().any(|f| g.board().placement(f.placement).pos == Pos::new(x, y));
    assert!(at(3, -1), "blue's thief stays");
}
