//! The Gold Mines (the Wikicarpedia page "The Goldmines", Hans im Glück's rules; the Assembled
//! Game Reference's steps 1C and 3B and its final scoring): a gold tile puts one ingot on
//! itself and one on a tile around it; completing a feature hands the ingots on its tiles to the
//! players who control it, one at a time from the player whose turn it is where several do; at
//! the end each player's ingots score by how many they hold. docs/rules.md, "The Gold Mines",
//! lists which test checks which rule.

use carcassonne_engine::{
    ingot_value, Action, Color, Deck, Event, Expansion, FeatureKind, Game, GameSetup, Pending, Phase, Pos, Rotation,
    RuleError, Rules, Variants,
};

use crate::expansions::{bot_game, calm_rebuilding_games, feature, paid, random_game_checked, two_player, F};

fn rules(expansions: &[Expansion]) -> Rules {
    let mut all = vec![Expansion::GoldMines];
    all.extend_from_slice(expansions);
    Rules { expansions: all, ..Rules::base() }
}

fn place(g: &mut Game, x: i16, y: i16, degrees: i64) -> Vec<Event> {
    let rotation = Rotation::from_degrees(degrees).unwrap();
    g.apply(Action::Place { pos: Pos::new(x, y), rotation }).unwrap_or_else(|e| panic!("({x},{y}) {degrees}: {e}"))
}

fn gold(g: &mut Game, x: i16, y: i16) -> Vec<Event> {
    g.apply(Action::PlaceGold { pos: Pos::new(x, y) }).unwrap_or_else(|e| panic!("gold ({x},{y}): {e}"))
}

fn deploy(g: &mut Game, x: i16, y: i16, name: &str) -> Vec<Event> {
    let action = Action::Deploy { figure: F, feature: feature(g, Pos::new(x, y), name) };
    g.apply(action).unwrap_or_else(|e| panic!("{action:?}: {e}"))
}

fn pass(g: &mut Game) -> Vec<Event> {
    g.apply(Action::Pass).unwrap()
}

/// The ingots on the board, by position.
fn on_board(g: &Game) -> Vec<(i16, i16, u8)> {
    let mut all: Vec<(i16, i16, u8)> = g.gold_on_board().iter().map(|&(p, n)| (p.x, p.y, n)).collect();
    all.sort();
    all
}

/// The gold tiles on the board.
fn gold_tiles(g: &Game) -> u32 {
    let gold = |t: &&carcassonne_engine::PlacedTile| {
        g.design(t.tile).symbols.contains(&carcassonne_engine::catalog::Symbol::Gold)
    };
    g.board().tiles().iter().filter(gold).count() as u32
}

/// Who took an ingot, in order, and from where.
fn taken(events: &[Event]) -> Vec<(u8, (i16, i16))> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::GoldTaken { player, pos } => Some((player, (pos.x, pos.y))),
            _ => None,
        })
        .collect()
}

/// "When you draw a tile with gold on it, place it normally. Then, place one gold ingot on it,
/// and one gold ingot on an adjacent tile of your choice (diagonal is allowed)", before the
/// follower ("After gold placement, you may still place a meeple"). The choice offers the tiles
/// around the gold tile and nothing else; a tile that is not next to it, the gold tile itself and
/// an empty place are refused in words, and the game stays as it was.
#[test]
fn a_gold_tile_puts_one_ingot_on_itself_and_one_on_a_tile_around_it() {
    // The start tile at (0, 0), a plain road west of it; the gold tile (two curved roads) east.
    let mut g = two_player(rules(&[]), &["base:U", "goldmines:05", "base:B"]);
    place(&mut g, -1, 0, 0);
    pass(&mut g);
    place(&mut g, 1, 0, 0); // blue's gold tile
    assert_eq!(g.pending(), Pending::PlaceGold { player: 1, pos: Pos::new(1, 0) });
    // Only the start tile touches it (the road tile at (-1, 0) is two away).
    assert_eq!(g.legal_actions(), vec![Action::PlaceGold { pos: Pos::new(0, 0) }]);
    let state = format!("{g:?}");
    for (x, y, error) in [
        (1, 0, RuleError::GoldNotBeside(Pos::new(1, 0), Pos::new(1, 0))),
        (-1, 0, RuleError::GoldNotBeside(Pos::new(1, 0), Pos::new(-1, 0))),
        (2, 1, RuleError::NoTileForGold(Pos::new(2, 1))),
    ] {
        assert_eq!(g.apply(Action::PlaceGold { pos: Pos::new(x, y) }), Err(error));
    }
    assert_eq!(
        RuleError::GoldNotBeside(Pos::new(1, 0), Pos::new(-1, 0)).to_string(),
        "the second gold ingot goes on one of the eight tiles around the gold tile at (1,0), and (-1,0) is not one of \
         them (The Gold Mines)"
    );
    assert!(g.apply(Action::Pass).is_err(), "the second ingot must be placed");
    assert_eq!(format!("{g:?}"), state);
    let events = gold(&mut g, 0, 0);
    assert_eq!(events, vec![Event::GoldPlaced { player: 1, pos: Pos::new(1, 0), beside: Pos::new(0, 0) }]);
    assert_eq!(on_board(&g), vec![(0, 0, 1), (1, 0, 1)]);
    // Then the figure phase on the gold tile.
    assert_eq!(g.pending(), Pending::Deploy { player: 1, pos: Pos::new(1, 0) });
}

/// Diagonal neighbours are allowed, and "You may also place a gold ingot on a tile that already
/// has one or more gold ingots": a second gold tile puts its ingot on the first gold tile, which
/// then holds two.
#[test]
fn the_second_ingot_may_go_diagonally_and_onto_gold_already_there() {
    let mut g = two_player(rules(&[]), &["goldmines:06", "goldmines:05", "base:B"]);
    place(&mut g, 0, -1, 180); // red: city south and east, roads north and west
    assert_eq!(g.legal_actions(), vec![Action::PlaceGold { pos: Pos::new(0, 0) }]);
    gold(&mut g, 0, 0);
    pass(&mut g);
    place(&mut g, -1, 0, 0); // blue: the second gold tile west of the start tile
    let targets = g.legal_actions();
    assert_eq!(targets, vec![Action::PlaceGold { pos: Pos::new(0, -1) }, Action::PlaceGold { pos: Pos::new(0, 0) }]);
    gold(&mut g, 0, -1); // diagonally, onto the first gold tile
    assert_eq!(on_board(&g), vec![(-1, 0, 1), (0, -1, 2), (0, 0, 1)]);
}

/// Example 2 of the rules: "You complete the city. Because you have control of the city, you
/// receive the three gold ingots from it" (every tile of a road or city counts). The ingot on a
/// tile the city does not reach stays.
#[test]
fn completing_a_city_gives_its_controller_the_gold_on_its_tiles() {
    let mut g = two_player(rules(&[]), &["goldmines:06", "goldmines:05", "base:E", "base:B"]);
    place(&mut g, 0, -1, 180); // red: the city runs south into the start tile and east
    gold(&mut g, 0, 0);
    deploy(&mut g, 0, -1, "city@S");
    place(&mut g, -1, 0, 0); // blue: a gold tile beside the start tile's road
    gold(&mut g, 0, -1);
    pass(&mut g);
    assert_eq!(on_board(&g), vec![(-1, 0, 1), (0, -1, 2), (0, 0, 1)]);
    let mut events = place(&mut g, 1, -1, 270); // red closes the city with its west edge
    events.extend(pass(&mut g));
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 6, vec![Color::Red])]);
    assert_eq!(taken(&events).len(), 3);
    assert!(taken(&events).iter().all(|(p, _)| *p == 0));
    assert_eq!(g.gold_held(0), 3);
    assert_eq!(g.gold_held(1), 0);
    assert_eq!(on_board(&g), vec![(-1, 0, 1)], "the road tile's ingot stays");
}

/// "If multiple players are tied for control ... each tied player (starting with the active
/// player and going clockwise) takes one ingot at a time until all gold has been distributed":
/// five ingots in a city that red and blue share, completed by blue, go blue, red, blue, red,
/// blue. At the end the ingots still on the board are removed and each player's score by their
/// count (1 to 3 ingots: 1 point each).
#[test]
fn tied_players_take_the_ingots_one_at_a_time_from_the_active_player() {
    let mut g = two_player(rules(&[]), &["goldmines:06", "base:K", "goldmines:05", "goldmines:03"]);
    place(&mut g, 0, -1, 180); // red: city south and east
    gold(&mut g, 0, 0);
    deploy(&mut g, 0, -1, "city@S");
    place(&mut g, 1, 0, 0); // blue: a city of its own facing north, east of the start
    deploy(&mut g, 1, 0, "city@N");
    place(&mut g, -1, 0, 0); // red: a gold tile beside the start
    gold(&mut g, 0, -1);
    pass(&mut g);
    place(&mut g, 1, -1, 270); // blue: a gold tile joining both cities and closing them
    gold(&mut g, 0, 0);
    assert_eq!(on_board(&g), vec![(-1, 0, 1), (0, -1, 2), (0, 0, 2), (1, -1, 1)]);
    let events = pass(&mut g);
    let city = paid(&g, &events);
    assert_eq!(city[0], (FeatureKind::City, Phase::Turn, 8, vec![Color::Red, Color::Blue]));
    let order: Vec<u8> = taken(&events).iter().map(|(p, _)| *p).collect();
    assert_eq!(order, vec![1, 0, 1, 0, 1]);
    assert_eq!((g.gold_held(0), g.gold_held(1)), (2, 3));
    // The pile is empty: the final scoring. "all as yet unclaimed gold bars are removed" (the
    // one on the road tile west of the start), and the ingots held score.
    assert!(g.is_over());
    assert!(g.gold_on_board().is_empty());
    let scored: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::GoldScored { .. })).collect();
    assert_eq!(
        scored,
        [&Event::GoldScored { player: 0, count: 2, points: 2 }, &Event::GoldScored { player: 1, count: 3, points: 3 }]
    );
    assert_eq!(g.scores(), vec![8 + 2, 8 + 3]);
}

/// Several features completed at once share the tiles they reach: a tile that red's city and
/// blue's road both cross is claimed by both, and they take from it in turn, from the player
/// whose turn it is; a tile only red's city reaches is red's. The road's tiles count whole ("the
/// gold ingots ... always apply to all the features on a tile").
#[test]
fn features_completed_together_share_the_gold_of_their_common_tiles() {
    let deck = ["goldmines:06", "base:V", "base:W", "base:L", "base:B"];
    let mut g = two_player(rules(&[]), &deck);
    place(&mut g, 0, -1, 180); // red: the gold tile north of the start, city south and east
    gold(&mut g, 0, 0);
    deploy(&mut g, 0, -1, "city@S");
    place(&mut g, 1, 0, 90); // blue: a road curve from the start's road north
    deploy(&mut g, 1, 0, "road@W");
    place(&mut g, -1, 0, 0); // red: a junction ends the road in the west
    pass(&mut g);
    // Blue's tile ends the road in the north and closes red's city in the east.
    place(&mut g, 1, -1, 270);
    let events = pass(&mut g);
    let scores = paid(&g, &events);
    assert!(scores.contains(&(FeatureKind::City, Phase::Turn, 6, vec![Color::Red])), "{scores:?}");
    assert!(scores.contains(&(FeatureKind::Road, Phase::Turn, 4, vec![Color::Blue])), "{scores:?}");
    // The start tile's ingot is both players'; blue, whose turn it is, takes it first; red then
    // takes the one only its city reaches.
    assert_eq!(taken(&events), vec![(1, (0, 0)), (0, (0, -1))]);
    assert_eq!((g.gold_held(0), g.gold_held(1)), (1, 1));
}

/// For a cloister, "the monastery and each of its 8 surrounding tiles are all included": the
/// monk's owner takes the gold of the 3 × 3 area when the cloister is completed, though another
/// player completed it.
#[test]
fn a_completed_cloister_gives_the_gold_of_its_area() {
    let deck = ["base:B", "goldmines:01", "base:U", "base:B", "base:B", "base:B", "base:B", "base:B"];
    let mut g = two_player(rules(&[]), &deck);
    place(&mut g, 0, 1, 0); // red: the cloister south of the start tile
    deploy(&mut g, 0, 1, "cloister");
    place(&mut g, 1, 0, 180); // blue: the gold tile east of the start
    gold(&mut g, 0, 0);
    pass(&mut g);
    for (x, y) in [(-1, 0), (-1, 1), (1, 1), (-1, 2), (0, 2)] {
        place(&mut g, x, y, 0);
        pass(&mut g);
    }
    place(&mut g, 1, 2, 0); // blue surrounds red's cloister
    let events = pass(&mut g);
    assert!(paid(&g, &events).contains(&(FeatureKind::Cloister, Phase::Turn, 9, vec![Color::Red])));
    assert_eq!(taken(&events).len(), 2);
    assert!(taken(&events).iter().all(|(p, _)| *p == 0), "the monk's owner takes it all");
    assert_eq!((g.gold_held(0), g.gold_held(1)), (2, 0));
}

/// A feature completed with nobody on it gives nobody its gold: the ingots stay.
#[test]
fn a_feature_nobody_holds_leaves_its_gold() {
    let mut g = two_player(rules(&[]), &["goldmines:06", "base:E", "base:B"]);
    place(&mut g, 0, -1, 180);
    gold(&mut g, 0, 0);
    pass(&mut g);
    place(&mut g, 1, -1, 270); // blue closes the empty city
    let events = pass(&mut g);
    assert!(taken(&events).is_empty());
    assert_eq!(on_board(&g), vec![(0, -1, 1), (0, 0, 1)]);
}

/// The scoring token: "1 to 3 ingots: 1 point each, 4 to 6: 2 points each, 7 to 9: 3 points
/// each, 10 or more: 4 points each".
#[test]
fn ingots_are_worth_more_the_more_a_player_holds() {
    let points: Vec<(u8, u32)> = [1u8, 3, 4, 6, 7, 9, 10, 16].iter().map(|&n| (n, n as u32 * ingot_value(n))).collect();
    assert_eq!(points, vec![(1, 1), (3, 3), (4, 8), (6, 12), (7, 21), (9, 27), (10, 40), (16, 64)]);
}

/// A tile raised as a mountain shows its back: no gold symbol, no ingots (variation
/// "Mountains").
#[test]
fn a_gold_tile_raised_as_a_mountain_places_no_gold() {
    let variants = Variants { mountains: true, ..Variants::default() };
    let r = Rules { expansions: vec![Expansion::GoldMines], variants };
    let mut g = two_player(r, &["goldmines:05", "base:B"]);
    let mountain = g.legal_actions().into_iter().find(|a| matches!(a, Action::RaiseMountain { .. }));
    let Some(mountain) = mountain else { return };
    g.apply(mountain).unwrap();
    assert!(matches!(g.pending(), Pending::Deploy { .. }), "{:?}", g.pending());
    assert!(g.gold_on_board().is_empty());
}

/// The record names the second ingot's tile as `gold` with x and y; replaying it gives the
/// same ingots.
#[test]
fn records_name_the_second_ingot() {
    let mut g = two_player(rules(&[]), &["goldmines:06", "base:E"]);
    place(&mut g, 0, -1, 180);
    let action = Action::PlaceGold { pos: Pos::new(0, 0) };
    let named = carcassonne_engine::record::encode_action(&g, action);
    assert_eq!(
        serde_json::to_value(&named).unwrap(),
        serde_json::json!({"action": "gold", "player": "red", "x": 0, "y": 0})
    );
    assert_eq!(carcassonne_engine::record::decode_action(&g, &named), Ok(action));
    let far: carcassonne_engine::RecordAction =
        serde_json::from_value(serde_json::json!({"action": "gold", "x": 5, "y": 5})).unwrap();
    let decoded = carcassonne_engine::record::decode_action(&g, &far).unwrap();
    assert_eq!(g.apply(decoded), Err(RuleError::GoldNotBeside(Pos::new(0, -1), Pos::new(5, 5))));
}

/// Random games with The Gold Mines alone and with every other expansion: figures conserved,
/// every score an event, records replay, legal == check (`random_game_checked`); the 16 ingots
/// are all placed (8 gold tiles), none is lost, and the final scoring pays what the token says.
#[test]
fn random_games_with_the_gold_mines_keep_the_properties() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let configs = [(rules(&[]), 2), (rules(&[]), 4), (Rules { expansions: every, ..Rules::base() }, 3)];
    let mut taken_somewhere = false;
    for (i, (rules, players)) in configs.into_iter().enumerate() {
        for s in 0..3u64 {
            let g = random_game_checked(rules.clone(), players, 90 + i as u64 * 10 + s);
            let held: u32 = (0..players as u8).map(|p| g.gold_held(p) as u32).sum();
            let gold_tiles = gold_tiles(&g);
            assert!(held <= 2 * gold_tiles, "{held} ingots held from {gold_tiles} gold tiles");
            taken_somewhere |= held > 0;
            assert!(g.gold_on_board().is_empty(), "the ingots left are removed at the end");
        }
    }
    assert!(taken_somewhere, "no random game handed out gold");
}

/// Ingots are never lost or made during a game: on the board plus held is twice the gold tiles
/// placed, after every action.
#[test]
fn ingots_are_conserved_in_random_games() {
    use carcassonne_engine::random::{below, rng_from_seed};
    for seed in 0..4u64 {
        let setup = GameSetup {
            rules: rules(&[Expansion::Abbot, Expansion::AbbeyMayor]),
            players: vec![Color::Red, Color::Blue, Color::Green],
            deck: Deck::Seed(seed),
        };
        let mut g = Game::new(setup).unwrap();
        let mut rng = rng_from_seed(seed);
        while !g.is_over() {
            let actions = g.legal_actions();
            g.apply(actions[below(&mut rng, actions.len() as u32) as usize]).unwrap();
            if g.is_over() {
                break;
            }
            let gold_tiles = gold_tiles(&g);
            let on: u32 = g.gold_on_board().iter().map(|&(_, n)| n as u32).sum();
            let held: u32 = (0..3).map(|p| g.gold_held(p) as u32).sum();
            // The tile just placed waits for its ingots while its placement is pending.
            let waiting = matches!(g.pending(), Pending::PlaceGold { .. }) as u32;
            assert_eq!(on + held, 2 * (gold_tiles - waiting), "seed {seed}");
        }
    }
}

/// Every bot plays the expansion: games finish from the bots' choices alone.
#[test]
fn every_bot_plays_the_gold_mines() {
    for name in ["random", "greedy", "mcts:iters=30"] {
        for seed in 0..2u64 {
            let setup = GameSetup {
                rules: rules(&[Expansion::TradersBuilders]),
                players: vec![Color::Red, Color::Blue],
                deck: Deck::Seed(120 + seed),
            };
            bot_game(name, setup);
        }
    }
}

/// Our reading: a tile with gold on it is occupied for the variation "Rebuilding" (its ingots
/// stay in place), so no removal of one is offered, in random games where removals are.
#[test]
fn rebuilding_never_moves_a_tile_with_gold() {
    let mut removals = 0;
    calm_rebuilding_games(Expansion::GoldMines, 6, |g, actions| {
        for a in actions {
            if let Action::RemoveTile { pos } = a {
                removals += 1;
                assert!(!g.gold_on_board().iter().any(|(p, _)| p == pos), "{pos:?} holds gold");
            }
        }
    });
    assert!(removals > 0, "no removal was offered");
}
