//! Mage & Witch (the Wikicarpedia page "Mage and Witch", Hans im Glück's rules; the Assembled
//! Game Reference's steps 1C and 3B): a magic tile, or a tile joining the mage's road or city to
//! the witch's, moves one of them onto an unfinished road or city before the figure phase; the
//! mage adds 1 point per tile to its feature's score, the witch halves it (rounded up); a scored
//! feature sends its magic figure beside the board. docs/rules.md, "Mage & Witch", lists which
//! test checks which rule.

use carcassonne_engine::{
    Action, Breakdown, Color, Deck, Event, Expansion, FeatureKind, Game, GameSetup, MagicFigure, Pending, Phase, Pos,
    RuleError, Rules,
};

use crate::expansions::{
    bot_game, calm_rebuilding_games, feature, paid, place, random_game_checked, two_player, RecordedGame, F,
};

const MAGE: MagicFigure = MagicFigure::Mage;
const WITCH: MagicFigure = MagicFigure::Witch;

fn rules(expansions: &[Expansion]) -> Rules {
    let mut all = vec![Expansion::MageWitch];
    all.extend_from_slice(expansions);
    Rules { expansions: all, ..Rules::base() }
}

fn magic(g: &mut Game, figure: MagicFigure, x: i16, y: i16, name: &str) -> Vec<Event> {
    let pos = Pos::new(x, y);
    let action = Action::MoveMagic { figure, pos, feature: feature(g, pos, name) };
    g.apply(action).unwrap_or_else(|e| panic!("{action:?}: {e}"))
}

fn deploy(g: &mut Game, x: i16, y: i16, name: &str) -> Vec<Event> {
    let action = Action::Deploy { figure: F, feature: feature(g, Pos::new(x, y), name) };
    g.apply(action).unwrap_or_else(|e| panic!("{action:?}: {e}"))
}

fn pass(g: &mut Game) -> Vec<Event> {
    g.apply(Action::Pass).unwrap()
}

/// Where a magic figure stands, as `(x, y, feature name)`.
fn at(g: &Game, figure: MagicFigure) -> Option<(i16, i16, String)> {
    g.magic_figure(figure).map(|(pos, f)| (pos.x, pos.y, g.feature_name(pos, f).unwrap()))
}

/// The breakdowns of the scores in `events` that paid someone.
fn breakdowns(events: &[Event]) -> Vec<Breakdown> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Scored(s) if !s.players.is_empty() => Some(s.breakdown),
            _ => None,
        })
        .collect()
}

/// "If you draw a tile with the magic symbol on it on your turn, place it so it matches.
/// However, before continuing to 2. Place a Meeple, you must first place one of the magic
/// figures. The magic figures can be placed only on incomplete cities or roads": the city the
/// magic tile completes is no target ("The tile placement completed the feature before a magic
/// figure could be placed on it", the page's note), the tile's open city and the start tile's
/// road are, for either figure, anywhere on the board; a pass is refused, and so is a field.
#[test]
fn a_magic_tile_moves_a_figure_onto_an_unfinished_road_or_city_before_the_follower() {
    // The start tile (0, 0): a city cap north, a road east-west. Design 05: two city caps, north
    // and south; at (0, -1) its south cap closes the start tile's city.
    let mut g = two_player(rules(&[]), &["mage-witch:05", "base:E"]);
    place(&mut g, 0, -1, 0);
    assert_eq!(g.pending(), Pending::MageWitch { player: 0 });
    let road = feature(&g, Pos::new(0, 0), "road@E");
    let city = feature(&g, Pos::new(0, -1), "city@N");
    let expected: Vec<Action> = [(Pos::new(0, 0), road), (Pos::new(0, -1), city)]
        .into_iter()
        .flat_map(|(pos, feature)| [MAGE, WITCH].map(|figure| Action::MoveMagic { figure, pos, feature }))
        .collect();
    assert_eq!(g.legal_actions(), expected);
    let state = format!("{g:?}");
    let completed = feature(&g, Pos::new(0, -1), "city@S");
    assert_eq!(
        g.apply(Action::MoveMagic { figure: MAGE, pos: Pos::new(0, -1), feature: completed }),
        Err(RuleError::MagicNeedsOpenRoadOrCity(Pos::new(0, -1), completed))
    );
    let field = feature(&g, Pos::new(0, 0), "field@SSE");
    assert_eq!(
        g.apply(Action::MoveMagic { figure: WITCH, pos: Pos::new(0, 0), feature: field }),
        Err(RuleError::MagicNeedsOpenRoadOrCity(Pos::new(0, 0), field))
    );
    assert!(g.apply(Action::Pass).is_err(), "a magic figure must move");
    assert!(g.apply(Action::RemoveMagic { figure: MAGE }).is_err(), "the mage is not on the board");
    assert_eq!(format!("{g:?}"), state, "refusals change nothing");
    let events = magic(&mut g, WITCH, 0, 0, "road@E");
    assert_eq!(
        events,
        vec![Event::MagicMoved { player: 0, figure: WITCH, from: None, pos: Pos::new(0, 0), feature: road }]
    );
    assert_eq!(at(&g, WITCH), Some((0, 0, "road@E".into())));
    assert_eq!(at(&g, MAGE), None);
    // Then the figure phase on the magic tile.
    assert_eq!(g.pending(), Pending::Deploy { player: 0, pos: Pos::new(0, -1) });
}

/// The start of the join scenarios: the mage on the start tile's city, which magic tile 02
/// (turned 180°, at (0, -1)) extends eastwards, where blue puts a knight; the witch on the city
/// cap of magic tile 01 at (1, 0). Both cities face the empty place (1, -1).
fn two_cities_facing(extra: &[&str]) -> Game {
    let mut deck = vec!["mage-witch:01", "mage-witch:02"];
    deck.extend_from_slice(extra);
    let mut g = two_player(rules(&[]), &deck);
    place(&mut g, 1, 0, 0); // red: 01, city cap north, roads east, south and west
    magic(&mut g, MAGE, 0, 0, "city@N");
    pass(&mut g);
    place(&mut g, 0, -1, 180); // blue: 02, its city south and east joins the mage's
                               // Moving is "following the same rules as for placing them": the mage must leave its city,
                               // and the witch may not join it there.
    let own = feature(&g, Pos::new(0, -1), "city@S");
    let state = format!("{g:?}");
    assert_eq!(
        g.apply(Action::MoveMagic { figure: MAGE, pos: Pos::new(0, -1), feature: own }),
        Err(RuleError::MagicFeatureTaken("mage", Pos::new(0, -1), own))
    );
    assert_eq!(
        g.apply(Action::MoveMagic { figure: WITCH, pos: Pos::new(0, -1), feature: own }),
        Err(RuleError::MagicFeatureTaken("witch", Pos::new(0, -1), own))
    );
    assert_eq!(format!("{g:?}"), state);
    magic(&mut g, WITCH, 1, 0, "city@N");
    deploy(&mut g, 0, -1, "city@S");
    g
}

/// "If you cause both magic figures to be occupying the same feature, you must immediately move
/// one of the magic figures. If this same tile placement would also cause a feature to be
/// scored, you must move the magic figure before scoring the feature" (the page's
/// clarification; the assembled reference's 1C: "or if the tile joins the features with the
/// Mage and Witch"): a plain tile joining the two cities asks for the move, the joined city is
/// no target, and after the witch leaves, the city scores with the mage alone: 4 tiles × 2 + the
/// mage 4 = 12 for blue's knight; the mage then leaves the board ("After modifying a scored
/// feature, the magic figure is removed").
#[test]
fn a_plain_tile_joining_their_cities_moves_one_before_the_scoring() {
    let mut g = two_cities_facing(&["base:A", "base:N"]);
    place(&mut g, 2, 0, 90); // red: a cloister ending 01's east road
    pass(&mut g);
    place(&mut g, 1, -1, 270); // blue: a plain city corner joining both cities, completing them
    assert_eq!(g.pending(), Pending::MageWitch { player: 1 });
    let joined = feature(&g, Pos::new(1, -1), "city@W");
    for figure in [MAGE, WITCH] {
        let on_joined = Action::MoveMagic { figure, pos: Pos::new(1, -1), feature: joined };
        assert!(!g.legal_actions().contains(&on_joined));
    }
    // 02's road (its north and west ends open) is a target.
    assert!(g.legal_actions().contains(&Action::MoveMagic {
        figure: WITCH,
        pos: Pos::new(0, -1),
        feature: feature(&g, Pos::new(0, -1), "road@N")
    }));
    let events = magic(&mut g, WITCH, 0, -1, "road@N");
    assert!(matches!(events[..], [Event::MagicMoved { figure: WITCH, from: Some(_), .. }]), "{events:?}");
    let events = pass(&mut g);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 12, vec![Color::Blue])]);
    assert_eq!(breakdowns(&events)[0].mage, 4);
    assert_eq!(breakdowns(&events)[0].to_string(), "4 tiles × 2 + the mage 4 = 12");
    assert!(events.iter().any(|e| matches!(e, Event::MagicRemoved { figure: MAGE, scored: true, .. })));
    assert_eq!(at(&g, MAGE), None);
    assert_eq!(at(&g, WITCH), Some((0, -1, "road@N".into())));
}

/// "If you cannot place or move either magic figure (because there are no eligible locations),
/// you must remove one of them from a tile and set it aside": with every road closed, the join
/// leaves no unfinished road or city, so blue chooses which figure leaves; a removal where a
/// move is possible, or of a figure beside the board, is refused.
#[test]
fn with_nowhere_to_go_the_player_takes_one_of_them_off() {
    // Cloisters end 01's east and south roads, the start tile's west road and 02's road.
    let mut g = two_cities_facing(&["base:A", "base:A", "base:A", "base:A", "base:A", "base:N"]);
    for (x, y, degrees) in [(2, 0, 90), (1, 1, 180), (-1, 0, 270), (0, -2, 0), (-1, -1, 270)] {
        place(&mut g, x, y, degrees);
        pass(&mut g);
    }
    place(&mut g, 1, -1, 270); // blue: the city corner joining both cities
    assert_eq!(g.pending(), Pending::MageWitch { player: 1 });
    assert_eq!(g.legal_actions(), vec![Action::RemoveMagic { figure: MAGE }, Action::RemoveMagic { figure: WITCH }]);
    let events = g.apply(Action::RemoveMagic { figure: WITCH }).unwrap();
    assert_eq!(
        events,
        vec![Event::MagicRemoved {
            figure: WITCH,
            pos: Pos::new(1, 0),
            feature: feature(&g, Pos::new(1, 0), "city@N"),
            scored: false
        }]
    );
    // The city pays the mage's points and the mage leaves too.
    let events = pass(&mut g);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 12, vec![Color::Blue])]);
    assert_eq!((at(&g, MAGE), at(&g, WITCH)), (None, None));
}

/// A removal is refused while a figure can move, and for a figure beside the board.
#[test]
fn a_removal_needs_nowhere_to_go() {
    let mut g = two_player(rules(&[]), &["mage-witch:05", "base:E"]);
    place(&mut g, 0, -1, 0);
    assert_eq!(g.apply(Action::RemoveMagic { figure: MAGE }), Err(RuleError::MagicNotOnBoard("mage")));
    magic(&mut g, MAGE, 0, 0, "road@E");
    pass(&mut g);
    let mut other = two_player(rules(&[]), &["mage-witch:05", "mage-witch:03"]);
    place(&mut other, 0, -1, 0);
    magic(&mut other, MAGE, 0, 0, "road@E");
    pass(&mut other);
    place(&mut other, 1, 0, 90); // blue: 03's road meets the start tile's, its cities open
    assert_eq!(other.pending(), Pending::MageWitch { player: 1 });
    assert_eq!(other.apply(Action::RemoveMagic { figure: MAGE }), Err(RuleError::MagicCanStillMove));
}

/// "The Mage is worth 1 point per tile in the scored feature": a road of 3 tiles pays 3 + 3.
/// "The Witch halves the points of the scored feature (rounded up)": the same road pays 2.
#[test]
fn the_mage_adds_a_point_a_tile_and_the_witch_halves_rounding_up() {
    for (figure, points, text) in
        [(MAGE, 6, "3 tiles × 1 + the mage 3 = 6"), (WITCH, 2, "3 tiles × 1 − the witch 1 = 2")]
    {
        let mut g = two_player(rules(&[]), &["mage-witch:05", "base:A", "base:A"]);
        place(&mut g, 0, -1, 0);
        magic(&mut g, figure, 0, 0, "road@E");
        pass(&mut g);
        place(&mut g, 1, 0, 90); // blue: a cloister ends the road east, a thief on it
        deploy(&mut g, 1, 0, "road@W");
        place(&mut g, -1, 0, 270); // red ends it west
        let events = pass(&mut g);
        assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, points, vec![Color::Blue])]);
        assert_eq!(breakdowns(&events)[0].to_string(), text);
        assert!(events.iter().any(|e| matches!(e, Event::MagicRemoved { scored: true, .. })));
        assert_eq!(at(&g, figure), None);
    }
}

/// "When scoring roads with inns and cities with cathedrals where the witch is present, first
/// add the bonus points from the inn or cathedral, then halve the sum": a road of 4 tiles with
/// an inn pays 4 × 2 = 8, halved to 4.
#[test]
fn the_witch_halves_after_the_inn() {
    let deck = ["mage-witch:05", "inns-cathedrals:15", "base:A", "base:A"];
    let mut g = two_player(rules(&[Expansion::InnsCathedrals]), &deck);
    place(&mut g, 0, -1, 0);
    magic(&mut g, WITCH, 0, 0, "road@E");
    pass(&mut g);
    place(&mut g, 1, 0, 0); // blue: the inn's straight road, a thief on it
    deploy(&mut g, 1, 0, "road@E");
    place(&mut g, -1, 0, 270);
    pass(&mut g);
    let events = place(&mut g, 2, 0, 90);
    let events = [events, pass(&mut g)].concat();
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, 4, vec![Color::Blue])]);
    assert_eq!(breakdowns(&events)[0].to_string(), "4 tiles × 2 − the witch 4 = 4");
}

/// "In the final scoring, the mage and witch affect scoring of roads and cities as they did
/// during the game. An unfinished road with an inn and an unfinished city with a cathedral,
/// which normally score 0 points, instead score 1 point per tile at the end of the game when
/// the Mage is on the feature" (the Big Box 4 rules as the publisher's forum gives them).
#[test]
fn in_the_final_scoring_the_mage_pays_a_point_a_tile_even_beside_an_inn() {
    let mut g = two_player(rules(&[Expansion::InnsCathedrals]), &["mage-witch:05", "inns-cathedrals:15"]);
    place(&mut g, 0, -1, 0);
    magic(&mut g, MAGE, 0, 0, "road@E");
    pass(&mut g);
    place(&mut g, 1, 0, 0);
    let events = deploy(&mut g, 1, 0, "road@E");
    assert!(g.is_over());
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Final, 2, vec![Color::Blue])]);
    let road = breakdowns(&events)[0];
    assert_eq!((road.tile_value, road.mage), (0, 2), "{road}");
}

/// The witch halves a besieged city's points too: The Cathars value it first (1 a tile), as the
/// assembled reference's tally lists "Cathars / Siege / Besiegers" before "Mage", "Witch": a
/// besieged city of 2 tiles pays 2, halved to 1.
#[test]
fn the_witch_halves_a_besieged_city_after_the_cathars() {
    let mut g = two_player(rules(&[Expansion::Cathars]), &["mage-witch:01", "cathars:01"]);
    place(&mut g, 1, 0, 0);
    magic(&mut g, WITCH, 0, 0, "city@N");
    pass(&mut g);
    place(&mut g, 0, -1, 180); // blue: the besieged cap closes the start tile's city
    let events = deploy(&mut g, 0, -1, "city@S");
    assert_eq!(paid(&g, &events)[0], (FeatureKind::City, Phase::Turn, 1, vec![Color::Blue]));
    assert_eq!(breakdowns(&events)[0].to_string(), "2 tiles × 1 − the witch 1 = 1");
}

/// The points the reference tallies after the witch are not halved (little buildings): our
/// reading of the order, written in docs/rules.md.
#[test]
fn the_witch_halves_before_little_buildings_add_their_points() {
    let deck = ["mage-witch:05", "base:A", "base:A"];
    let mut g = two_player(rules(&[Expansion::LittleBuildings]), &deck);
    place(&mut g, 0, -1, 0);
    magic(&mut g, WITCH, 0, 0, "road@E");
    pass(&mut g);
    place(&mut g, 1, 0, 90);
    deploy(&mut g, 1, 0, "road@W");
    place(&mut g, -1, 0, 270); // red puts a little building instead of a follower
    let events = g.apply(Action::PlaceBuilding { kind: None }).unwrap();
    // 3 tiles × 1 = 3, halved to 2, then the building's point: 3.
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, 3, vec![Color::Blue])]);
    assert_eq!(breakdowns(&events)[0].witch, 1);
}

/// Records name a move `magic` (the figure, x, y and the feature's name) and a removal
/// `magic-off`; decoding gives the same actions back (whole games replay in
/// `random_games_with_mage_and_witch_keep_the_properties`).
#[test]
fn records_name_the_moves_and_removals() {
    use carcassonne_engine::record::{decode_action, encode_action};
    let mut g = two_cities_facing(&["base:A", "base:A", "base:A", "base:A", "base:A", "base:N"]);
    for (x, y, degrees) in [(2, 0, 90), (1, 1, 180), (-1, 0, 270), (0, -2, 0), (-1, -1, 270)] {
        place(&mut g, x, y, degrees);
        pass(&mut g);
    }
    place(&mut g, 1, -1, 270);
    let off = Action::RemoveMagic { figure: MAGE };
    let named = encode_action(&g, off);
    assert_eq!(
        serde_json::to_value(&named).unwrap(),
        serde_json::json!({"action": "magic-off", "player": "blue", "figure": "mage"})
    );
    assert_eq!(decode_action(&g, &named), Ok(off));
    let mut g = two_player(rules(&[]), &["mage-witch:05", "base:E"]);
    place(&mut g, 0, -1, 0);
    let on = Action::MoveMagic { figure: WITCH, pos: Pos::new(0, -1), feature: feature(&g, Pos::new(0, -1), "city@N") };
    let named = encode_action(&g, on);
    assert_eq!(
        serde_json::to_value(&named).unwrap(),
        serde_json::json!({"action": "magic", "player": "red", "figure": "witch", "x": 0, "y": -1, "feature": "city@N"})
    );
    assert_eq!(decode_action(&g, &named), Ok(on));
}

/// Random games with Mage & Witch alone and with every other expansion: figures conserved,
/// every score an event, records replay, legal == check (`random_game_checked`); the figures
/// only ever stand on unfinished roads and cities, never on the same one, and moves happen.
#[test]
fn random_games_with_mage_and_witch_keep_the_properties() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let configs = [(rules(&[]), 2), (rules(&[]), 4), (Rules { expansions: every, ..Rules::base() }, 3)];
    for (i, (rules, players)) in configs.into_iter().enumerate() {
        for s in 0..2u64 {
            random_game_checked(rules.clone(), players, 300 + i as u64 * 10 + s);
        }
    }
    let mut moves = 0;
    for seed in 0..6u64 {
        let setup = GameSetup {
            rules: rules(&[Expansion::InnsCathedrals, Expansion::Cathars]),
            players: vec![Color::Red, Color::Blue, Color::Green],
            deck: Deck::Seed(seed),
        };
        let mut g = Game::new(setup).unwrap();
        let mut rng = carcassonne_engine::random::rng_from_seed(seed);
        while !g.is_over() {
            let actions = g.legal_actions();
            let action = actions[carcassonne_engine::random::below(&mut rng, actions.len() as u32) as usize];
            moves += matches!(action, Action::MoveMagic { .. }) as u32;
            g.apply(action).unwrap();
            let spots: Vec<(Pos, u8)> = [MAGE, WITCH].into_iter().filter_map(|f| g.magic_figure(f)).collect();
            let roots: Vec<_> =
                spots.iter().map(|&(pos, f)| g.feature_root(g.board().index_at(pos).unwrap(), f)).collect();
            for (&(pos, f), &root) in spots.iter().zip(&roots) {
                let kind = g.design(g.board().get(pos).unwrap().tile).features[f as usize].kind;
                assert!(matches!(kind, FeatureKind::Road | FeatureKind::City), "seed {seed}: on a {kind:?}");
                // Between a placement and its scoring a figure may stand on what the tile closed.
                let turn_start = matches!(g.pending(), Pending::PlaceTile { .. });
                assert!(!turn_start || !g.features().is_closed(root), "seed {seed}: on a completed feature");
            }
            if roots.len() == 2 && !matches!(g.pending(), Pending::MageWitch { .. }) {
                assert_ne!(roots[0], roots[1], "seed {seed}: both on one feature");
            }
        }
    }
    assert!(moves >= 6, "{moves} moves");
}

/// Every bot plays the expansion: games finish from the bots' choices alone.
#[test]
fn every_bot_plays_mage_and_witch() {
    for name in ["random", "greedy", "mcts:iters=30"] {
        let setup = GameSetup {
            rules: rules(&[Expansion::InnsCathedrals]),
            players: vec![Color::Red, Color::Blue],
            deck: Deck::Seed(140),
        };
        bot_game(name, setup);
    }
}

/// The SVG render draws the mage (purple) and the witch (orange) where they stand, and the
/// magic symbol on its tiles.
#[test]
fn the_render_draws_the_figures_and_the_symbol() {
    let g = two_cities_facing(&[]);
    let svg = carcassonne_render::board_svg(&g, &carcassonne_render::BoardOptions::default());
    assert_eq!(svg.matches(r#"class="piece mage""#).count(), 1, "{svg}");
    assert_eq!(svg.matches(r#"class="piece witch""#).count(), 1);
    assert_eq!(svg.matches(r#"class="symbol magic""#).count(), 2, "the two magic tiles");
}

/// The command line: `legal` names the step and lists the moves in record form (each figure on
/// each free segment); a move appended replays, and `replay` tells the move and the figure
/// leaving with its scored road; `hint` advises on the step.
#[test]
fn the_command_line_lists_replays_and_advises_the_magic_step() {
    use crate::support::{json_of, ok, temp_path};
    let deck = ["mage-witch:05", "base:A", "base:A"];
    let mut r = RecordedGame::new(rules(&[]), &deck);
    r.play(Action::Place { pos: Pos::new(0, -1), rotation: carcassonne_engine::Rotation::R0 });
    let path = temp_path("magic-step.json");
    let file = path.to_str().unwrap();
    r.write(&path);
    let legal = json_of(&ok(&["legal", "--json", file]));
    assert_eq!(legal["pending"]["kind"], "magic");
    let actions = legal["actions"].as_array().unwrap();
    assert_eq!(actions.len(), 4, "{actions:?}");
    assert_eq!(
        actions[1],
        serde_json::json!({"action": "magic", "player": "red", "figure": "witch", "x": 0, "y": 0, "feature": "road@E"})
    );
    let text = ok(&["legal", file]);
    assert!(text.contains("red must move the mage or the witch onto an unfinished road or city"), "{text}");
    let hint = json_of(&ok(&["hint", "--json", "--bot", "greedy", file]));
    assert_eq!(hint["decision"], "magic");
    // The witch on the road, which blue's and red's cloisters then close.
    let road = feature(&r.game, Pos::new(0, 0), "road@E");
    r.play(Action::MoveMagic { figure: WITCH, pos: Pos::new(0, 0), feature: road });
    r.play(Action::Pass);
    r.play(Action::Place { pos: Pos::new(1, 0), rotation: carcassonne_engine::Rotation::R90 });
    let thief = Action::Deploy { figure: F, feature: feature(&r.game, Pos::new(1, 0), "road@W") };
    r.play(thief);
    r.play(Action::Place { pos: Pos::new(-1, 0), rotation: carcassonne_engine::Rotation::R270 });
    r.play(Action::Pass);
    r.write(&path);
    let text = ok(&["replay", file]);
    assert!(text.contains("red brings the witch onto the road at (0,0)"), "{text}");
    assert!(text.contains("the witch leaves the board: the road at (0,0) was scored"), "{text}");
    assert!(text.contains("3 tiles × 1 − the witch 1 = 2"), "{text}");
    let replay = json_of(&ok(&["replay", "--json", file]));
    assert_eq!(replay["final_scores"]["blue"], 2, "{replay}");
    std::fs::remove_file(&path).ok();
}

/// The city of Carcassonne itself (The Count; the partial tiles' `city I`) is never a target:
/// it is no unfinished city of the board (The Flier's clarification says as much of fliers:
/// "features outside the City of Carcassonne (but not in the City itself)"); the features on its
/// outer edges are.
#[test]
fn the_city_of_carcassonne_is_no_target() {
    let (mut moves, mut onto_its_tiles) = (0, 0);
    for seed in 0..20u64 {
        let setup = GameSetup {
            rules: rules(&[Expansion::Count]),
            players: vec![Color::Red, Color::Blue],
            deck: Deck::Seed(seed),
        };
        let mut g = Game::new(setup).unwrap();
        let mut rng = carcassonne_engine::random::rng_from_seed(seed);
        while !g.is_over() {
            let actions = g.legal_actions();
            for a in &actions {
                if let Action::MoveMagic { pos, feature, .. } = *a {
                    let design = g.design(g.board().get(pos).unwrap().tile);
                    let inner_city = design.partial && design.features[feature as usize].inner != 0;
                    assert!(!inner_city, "seed {seed}: a move into the city of Carcassonne at {pos:?}");
                    moves += 1;
                    onto_its_tiles += design.partial as u32;
                }
            }
            g.apply(actions[carcassonne_engine::random::below(&mut rng, actions.len() as u32) as usize]).unwrap();
        }
    }
    // The outer roads and cities of the city's tiles are offered.
    assert!(moves > 1000 && onto_its_tiles > 0, "{moves} moves, {onto_its_tiles} onto the city's tiles");
}

/// Our reading: a tile holding the mage or the witch is occupied for the variation
/// "Rebuilding" (as one holding the fairy or gold), so no removal of one is offered, in random
/// games where removals are.
#[test]
fn rebuilding_never_moves_a_tile_with_a_magic_figure() {
    let (mut removals, mut guarded) = (0, 0);
    calm_rebuilding_games(Expansion::MageWitch, 8, |g, actions| {
        let magic: Vec<Pos> = [MAGE, WITCH].into_iter().filter_map(|f| g.magic_figure(f)).map(|(p, _)| p).collect();
        guarded += magic.len() * actions.iter().any(|a| matches!(a, Action::RemoveTile { .. })) as usize;
        for a in actions {
            if let Action::RemoveTile { pos } = a {
                removals += 1;
                assert!(!magic.contains(pos), "the tile at {pos:?} holds a magic figure");
            }
        }
    });
    assert!(removals > 0 && guarded > 0, "{removals} removals offered, {guarded} times beside a magic figure");
}
