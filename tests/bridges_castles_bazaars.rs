//! Bridges, Castles & Bazaars (the Wikicarpedia pages "Bridges, Castles and Bazaars" and its
//! first edition's, the rulebook as transcribed on papageek.com; the Assembled Game Reference's
//! preparation, steps 1B, 1C, 3A, 3B and 4A): bridges, castles and the bazaar's auction.
//! docs/rules.md, "Bridges, Castles & Bazaars", lists which test checks which rule.

use carcassonne_bots::Bot;
use carcassonne_engine::geometry::{Axis, Side};
use carcassonne_engine::{Action, BridgeSpot, Event, Expansion, Game, Pending, Pos, Rotation, RuleError, Rules};

use crate::expansions::{every_bot_plays, feature, place, random_game_checked, tile, turn, two_player, F};

fn rules(expansions: &[Expansion]) -> Rules {
    let mut all = vec![Expansion::BridgesCastlesBazaars];
    all.extend_from_slice(expansions);
    Rules { expansions: all, ..Rules::base() }
}

fn at(x: i16, y: i16) -> Pos {
    Pos::new(x, y)
}

const BAZAAR_FIELD: &str = "bridges-castles-and-bazaars:06";
const BAZAAR_ROAD_END: &str = "bridges-castles-and-bazaars:09";

fn board_id(g: &Game, pos: Pos) -> String {
    g.design(g.board().get(pos).expect("a tile").tile).id.clone()
}

fn apply(g: &mut Game, action: Action) -> Vec<Event> {
    g.apply(action).unwrap_or_else(|e| panic!("{action:?}: {e}"))
}

/// A tile whose field edge meets a road (the cloister east of the start tile's road) fits only
/// with a bridge across it: the placement is listed with its bridge, the plain one is refused;
/// the bridge is a road that continues the start tile's, scored like any road.
#[test]
fn a_road_meeting_a_field_needs_a_bridge() {
    let mut g = two_player(rules(&[]), &["base:B", "base:A", "base:A", "base:B"]);
    let bridged = Action::PlaceBridged {
        pos: at(1, 0),
        rotation: Rotation::R0,
        bridge: BridgeSpot { on: None, axis: Axis::EastWest },
    };
    assert!(g.legal_actions().contains(&bridged));
    assert!(g.apply(Action::Place { pos: at(1, 0), rotation: Rotation::R0 }).is_err());
    let events = apply(&mut g, bridged);
    assert!(events.contains(&Event::BridgeBuilt { player: 0, pos: at(1, 0), axis: Axis::EastWest }));
    assert_eq!(board_id(&g, at(1, 0)), "base:B+bridge-ew");
    assert_eq!(g.bridges_left(0), 2);
    // One bridge a turn: none is offered beside the figure phase's action now.
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Bridge { .. })));
    // A thief on the bridge of the tile just placed.
    let f = feature(&g, at(1, 0), "road@E");
    apply(&mut g, Action::Deploy { figure: F, feature: f });
    // Blue closes the east end, red the west end: four tiles.
    turn(&mut g, 2, 0, 90, None);
    let before = g.scores()[0];
    turn(&mut g, -1, 0, 270, None);
    assert_eq!(g.scores()[0] - before, 4);
}

/// A road that meets the field edge of a tile beside it is placed with a bridge on that tile
/// (the rulebook: on the tile placed or a tile touching it).
#[test]
fn a_bridge_beside_the_tile_placed() {
    let mut g = two_player(rules(&[]), &["base:B", "base:U", "base:B"]);
    turn(&mut g, 0, 1, 0, None);
    let beside = Action::PlaceBridged {
        pos: at(1, 1),
        rotation: Rotation::R0,
        bridge: BridgeSpot { on: Some(Side::West), axis: Axis::EastWest },
    };
    let legal = g.legal_actions();
    assert!(legal.contains(&beside), "{legal:?}");
    apply(&mut g, beside);
    assert_eq!(board_id(&g, at(0, 1)), "base:B+bridge-ew");
    assert_eq!(g.bridges_left(1), 2);
    assert_eq!(g.bridges_left(0), 3);
    // The bridge and the straight road are one road: a thief on the road of the tile placed
    // stands on the bridge's road too, so the cloister tile's bridge is occupied.
    let f = feature(&g, at(1, 1), "road@E");
    apply(&mut g, Action::Deploy { figure: F, feature: f });
    let bridge = g.design(g.board().get(at(0, 1)).unwrap().tile).bridge.unwrap();
    let name = g.feature_name(at(0, 1), bridge).unwrap();
    assert_eq!(name, "road@E");
}

/// A bridge spans its tile without cutting it: the fields under it stay one field (the
/// rulebook: bridges "do not separate cities or fields"), and it ends on field edges only.
#[test]
fn a_bridge_keeps_the_fields_whole() {
    let catalog = carcassonne_engine::Catalog::builtin();
    let plain = catalog.design(tile("base:B"));
    let bridged = catalog.design(catalog.bridged(tile("base:B"), Axis::NorthSouth).unwrap());
    assert_eq!(bridged.id, "base:B+bridge-ns");
    assert_eq!(bridged.features.len(), plain.features.len() + 1);
    assert_eq!(bridged.features[..plain.features.len()], plain.features[..]);
    assert_eq!(bridged.edge_letters(), "rfrf");
    assert_eq!(bridged.unbridged, Some(tile("base:B")));
    // A straight road's tile takes a bridge across the road (its field edges), not along it.
    assert!(catalog.bridged(tile("base:U"), Axis::NorthSouth).is_some());
    assert!(catalog.bridged(tile("base:U"), Axis::EastWest).is_none());
    // No bridge ends on a river edge (one may cross a river between two field edges).
    let river = catalog.set("river").unwrap();
    for &d in &river.designs {
        let design = catalog.design(d);
        for axis in Axis::ALL {
            let on_river =
                axis.sides().iter().any(|s| design.edges[s.index()] == carcassonne_engine::geometry::Terrain::River);
            assert!(!(on_river && design.bridged[axis.index()].is_some()), "{}", design.id);
        }
    }
}

/// Beside the figure phase's action a player may build one bridge on the tile placed or one
/// beside it, each end facing an empty place or a road; the phase stays open, so a follower
/// may go on the bridge of the tile just placed.
#[test]
fn a_follower_on_the_bridge_of_the_tile_placed() {
    let mut g = two_player(rules(&[]), &["base:B", "base:B"]);
    place(&mut g, 0, 1, 0);
    let bridges: Vec<Action> = g.legal_actions().into_iter().filter(|a| matches!(a, Action::Bridge { .. })).collect();
    // North-south would end against the start tile's field edge.
    assert_eq!(bridges, vec![Action::Bridge { pos: at(0, 1), axis: Axis::EastWest }]);
    assert!(matches!(
        g.apply(Action::Bridge { pos: at(0, 1), axis: Axis::NorthSouth }),
        Err(RuleError::NoBridgeThere(_))
    ));
    apply(&mut g, bridges[0]);
    assert!(matches!(g.pending(), Pending::Deploy { player: 0, .. }));
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Bridge { .. })), "one bridge a turn");
    let f = feature(&g, at(0, 1), "road@E");
    apply(&mut g, Action::Deploy { figure: F, feature: f });
    assert_eq!(g.figures().len(), 1);
}

/// One bridge a turn, three a player in a game of two to four, two in a game of five or six.
#[test]
fn one_bridge_a_turn() {
    let mut g = two_player(rules(&[]), &["base:B", "base:B", "base:B"]);
    place(&mut g, 0, 1, 0);
    apply(&mut g, Action::Bridge { pos: at(0, 1), axis: Axis::EastWest });
    assert_eq!(g.apply(Action::Bridge { pos: at(0, 1), axis: Axis::EastWest }), Err(RuleError::BridgeBuiltThisTurn));
    use carcassonne_engine::{Color, Deck, GameSetup};
    let colors = [Color::Red, Color::Blue, Color::Green, Color::Yellow, Color::Black, Color::Gray];
    for (players, bridges) in [(2, 3), (4, 3), (5, 2), (6, 2)] {
        let setup = GameSetup { rules: rules(&[]), players: colors[..players].to_vec(), deck: Deck::Seed(1) };
        let g = Game::new(setup).unwrap();
        assert_eq!(g.bridges_left(0), bridges, "{players} players");
        assert_eq!(g.castle_tokens(0), bridges, "{players} players");
    }
}

/// Red's town of two tiles (the start tile's city and a city cap facing it), completed with a
/// knight, becomes a castle instead of scoring 4; the next road completed on one of its six
/// tiles gives red its points too, unoccupied as it is, and the knight goes home.
#[test]
fn a_town_becomes_a_castle() {
    let mut g = two_player(rules(&[]), &["base:E", "base:A", "base:A", "base:B"]);
    place(&mut g, 0, -1, 180);
    let f = feature(&g, at(0, -1), "city@S");
    apply(&mut g, Action::Deploy { figure: F, feature: f });
    assert!(matches!(g.pending(), Pending::Castle { player: 0, .. }), "{:?}", g.pending());
    assert_eq!(g.legal_actions(), vec![Action::BuildCastle, Action::Pass]);
    let events = apply(&mut g, Action::BuildCastle);
    assert!(!events.iter().any(|e| matches!(e, Event::Scored(_))), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::CastleBuilt { player: 0, .. })));
    assert_eq!(g.castle_tokens(0), 2);
    assert_eq!(g.castles().len(), 1);
    assert_eq!(g.figures().len(), 1, "the knight stays in the castle");
    assert_eq!(g.scores(), vec![0, 0]);
    // Blue and red close the start tile's road, east and west of it, on the castle's tiles.
    turn(&mut g, 1, 0, 90, None);
    let events = turn(&mut g, -1, 0, 270, None);
    let castle = events.iter().find_map(|e| match *e {
        Event::CastleScored { player, points, .. } => Some((player, points)),
        _ => None,
    });
    assert_eq!(castle, Some((0, 3)), "{events:?}");
    assert_eq!(g.scores(), vec![3, 0]);
    assert!(g.figures().is_empty(), "the knight went home");
    assert!(g.castles()[0].scored);
}

/// The castle takes the points of an unoccupied feature, and only from a later turn: a town
/// turned down (a pass) scores as usual.
#[test]
fn the_castle_scores_an_unoccupied_feature() {
    let mut g = two_player(rules(&[]), &["base:E", "base:A"]);
    place(&mut g, 0, -1, 180);
    let f = feature(&g, at(0, -1), "city@S");
    apply(&mut g, Action::Deploy { figure: F, feature: f });
    apply(&mut g, Action::Pass);
    assert_eq!(g.scores(), vec![4, 0]);
    assert!(g.castles().is_empty());
}

/// A castle never scored by the end of the game is worth nothing; its knight goes home.
#[test]
fn a_castle_left_at_the_end_scores_nothing() {
    let mut g = two_player(rules(&[]), &["base:E"]);
    place(&mut g, 0, -1, 180);
    let f = feature(&g, at(0, -1), "city@S");
    apply(&mut g, Action::Deploy { figure: F, feature: f });
    let events = apply(&mut g, Action::BuildCastle);
    assert!(g.is_over());
    assert!(events.iter().any(|e| matches!(e, Event::CastleUnscored { player: 0, .. })), "{events:?}");
    assert_eq!(g.scores(), vec![0, 0]);
    assert!(g.figures().is_empty());
}

/// Red 4 (a town scored), blue 3 (a road): blue's bazaar tile lays out two tiles; red, on
/// blue's left, chooses first and bids 1, blue outbids with 2; red buys, paying blue, or sells.
fn bazaar_game() -> Game {
    let deck = ["base:E", "base:A", "base:A", BAZAAR_FIELD, BAZAAR_ROAD_END, "base:B", "base:B", "base:B"];
    let mut g = two_player(rules(&[]), &deck);
    place(&mut g, 0, -1, 180);
    let f = feature(&g, at(0, -1), "city@S");
    apply(&mut g, Action::Deploy { figure: F, feature: f });
    apply(&mut g, Action::Pass);
    turn(&mut g, 1, 0, 90, Some((F, "road@W")));
    turn(&mut g, -1, 0, 270, None);
    assert_eq!(g.scores(), vec![4, 3]);
    let events = turn(&mut g, 0, 1, 0, None);
    let offered: Vec<(u8, String)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::BazaarTileOffered { index, tile, .. } => Some((index, g.design(tile).id.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(offered, vec![(0, BAZAAR_ROAD_END.to_string()), (1, "base:B".to_string())]);
    assert_eq!(g.pending(), Pending::BazaarSelect { player: 0 });
    // Red holds 4 points: each of the two tiles with a bid of 0 to 4.
    assert_eq!(g.legal_actions().len(), 10);
    apply(&mut g, Action::BazaarSelect { index: 0, bid: 1 });
    assert_eq!(g.pending(), Pending::BazaarBid { player: 1 });
    assert_eq!(g.apply(Action::BazaarBid { bid: 1 }), Err(RuleError::BidTooLow(1, 1)));
    assert_eq!(g.apply(Action::BazaarBid { bid: 4 }), Err(RuleError::BidOverScore(4)));
    apply(&mut g, Action::BazaarBid { bid: 2 });
    assert_eq!(g.pending(), Pending::BazaarTrade { player: 0 });
    g
}

/// The chooser buys, paying the highest bidder; the last player takes the last tile for
/// nothing; the bought tiles are placed in the order of play from the bazaar's opener's left,
/// instead of drawing, and a bought bazaar tile opens no bazaar.
#[test]
fn the_bazaar_auction_buy_and_sell() {
    let mut g = bazaar_game();
    let events = apply(&mut g, Action::BazaarTrade { buy: true });
    assert!(events.contains(&Event::BazaarTileBought {
        player: 0,
        tile: tile(BAZAAR_ROAD_END),
        price: 2,
        paid_to: Some(1)
    }));
    assert!(events.contains(&Event::BazaarTileBought { player: 1, tile: tile("base:B"), price: 0, paid_to: None }));
    assert_eq!(g.scores(), vec![2, 5]);
    // Red places the bought tile first (a bazaar tile, which opens nothing), then blue.
    assert_eq!(g.pending(), Pending::PlaceTile { player: 0, tile: tile(BAZAAR_ROAD_END) });
    let events = turn(&mut g, 1, 1, 0, None);
    assert!(!events.iter().any(|e| matches!(e, Event::BazaarTileOffered { .. })), "{events:?}");
    assert_eq!(g.pending(), Pending::PlaceTile { player: 1, tile: tile("base:B") });
    turn(&mut g, 0, 2, 0, None);
    // Then the pile again.
    assert_eq!(g.pending(), Pending::PlaceTile { player: 0, tile: tile("base:B") });
    assert!(g.bazaar_offer().iter().all(Option::is_none));

    // Selling: blue pays red and takes the tile; red takes the other for nothing.
    let mut g = bazaar_game();
    apply(&mut g, Action::BazaarTrade { buy: false });
    assert_eq!(g.scores(), vec![6, 1]);
    assert_eq!(g.bought_tile(1), Some(tile(BAZAAR_ROAD_END)));
    assert_eq!(g.pending(), Pending::PlaceTile { player: 0, tile: tile("base:B") });
}

/// With nobody outbidding the chooser, they pay their own bid to nobody; a player without
/// points may only pass.
#[test]
fn the_last_player_takes_the_last_tile_free() {
    let deck = ["base:E", BAZAAR_FIELD, "base:B", "base:B", "base:B"];
    let mut g = two_player(rules(&[]), &deck);
    place(&mut g, 0, -1, 180);
    let f = feature(&g, at(0, -1), "city@S");
    apply(&mut g, Action::Deploy { figure: F, feature: f });
    apply(&mut g, Action::Pass);
    turn(&mut g, 0, 1, 0, None);
    assert_eq!(g.pending(), Pending::BazaarSelect { player: 0 });
    apply(&mut g, Action::BazaarSelect { index: 1, bid: 3 });
    assert_eq!(g.legal_actions(), vec![Action::Pass], "blue has no point to bid");
    let events = apply(&mut g, Action::Pass);
    assert!(events.contains(&Event::BazaarBid { player: 1, bid: None }));
    assert!(events.contains(&Event::BazaarTileBought { player: 0, tile: tile("base:B"), price: 3, paid_to: None }));
    assert_eq!(g.scores(), vec![1, 0]);
    assert_eq!(g.bought_tile(1), Some(tile("base:B")));
}

/// No bazaar with fewer tiles left than players.
#[test]
fn no_bazaar_with_too_few_tiles() {
    let mut g = two_player(rules(&[]), &[BAZAAR_FIELD, "base:B"]);
    let events = turn(&mut g, 0, 1, 0, None);
    assert!(!events.iter().any(|e| matches!(e, Event::BazaarTileOffered { .. })));
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }));
}

/// Bridges, Castles & Bazaars' tiles (the tile facts' bridges-castles-and-bazaars sets,
/// JCloisterZone's bridges_castles_and_bazaars.xml): twelve, eight with a bazaar.
#[test]
fn the_box_holds_twelve_tiles_eight_with_a_bazaar() {
    use carcassonne_engine::catalog::Symbol;
    let catalog = carcassonne_engine::Catalog::builtin();
    let set = catalog.set("bridges-castles-and-bazaars").unwrap();
    for edition in [carcassonne_engine::Edition::First, carcassonne_engine::Edition::Second] {
        let designs = catalog.edition_designs(set, edition);
        let count = |f: &dyn Fn(&carcassonne_engine::TileDesign) -> bool| {
            designs.iter().filter(|(d, _)| f(catalog.design(*d))).map(|(_, n)| *n as usize).sum::<usize>()
        };
        assert_eq!(count(&|_| true), 12);
        assert_eq!(count(&|d| d.symbols.contains(&Symbol::Bazaar)), 8);
    }
}

/// Random games with the expansion, alone and with others: figures conserved, every score
/// change an event (a price paid too), the record replays; bridges, castles and bazaars happen.
#[test]
fn random_games_with_bridges_castles_and_bazaars() {
    let (mut bridges, mut castles, mut bazaars) = (0, 0, 0);
    for (expansions, players, seed) in [
        (vec![], 2, 1u64),
        (vec![], 4, 2),
        (vec![], 6, 3),
        (vec![Expansion::TradersBuilders, Expansion::PrincessDragon, Expansion::Tower], 3, 4),
        (vec![Expansion::Count, Expansion::AbbeyMayor, Expansion::HillsSheep], 2, 5),
        (vec![Expansion::River, Expansion::InnsCathedrals, Expansion::Messages, Expansion::BigTop], 2, 6),
    ] {
        for s in 0..3 {
            let g = random_game_checked(rules(&expansions), players, seed * 10 + s);
            assert!(g.is_over());
            bridges += (0..players).map(|p| 3 - g.bridges_left(p as u8).min(3) as usize).sum::<usize>();
            castles += g.castles().len();
            bazaars += usize::from(!g.bazaar_offer().is_empty());
        }
    }
    eprintln!("{bridges} bridges, {castles} castles, {bazaars} games with a bazaar");
    assert!(bridges > 0 && castles > 0 && bazaars > 0);
}

#[test]
fn every_bot_plays_bridges_castles_and_bazaars() {
    every_bot_plays(&rules(&[]), 7);
}

/// A castle takes the full points of the first feature completed with a segment on one of its
/// six tiles, however far the feature runs beyond them.
#[test]
fn the_castle_scores_the_next_feature_beside_it() {
    // Red's castle on the start tile's city and a cap north of it (its six tiles: x -1 to 1,
    // y -1 to 0); the start tile's road grows west beyond them, then is closed.
    let deck = ["base:E", "base:U", "base:A", "base:A", "base:A"];
    let mut g = two_player(rules(&[]), &deck);
    place(&mut g, 0, -1, 180);
    let f = feature(&g, at(0, -1), "city@S");
    apply(&mut g, Action::Deploy { figure: F, feature: f });
    apply(&mut g, Action::BuildCastle);
    // Blue: a straight road at (-1, 0); red ends it at (-2, 0), off the castle's tiles; blue
    // closes its east end at (1, 0).
    turn(&mut g, -1, 0, 0, None);
    turn(&mut g, -2, 0, 270, None);
    let events = turn(&mut g, 1, 0, 90, None);
    // The start tile's road runs from (-2, 0) to (1, 0): (1, 0), (0, 0) and (-1, 0) are the
    // castle's; completed, it pays red's castle its 4 points.
    let castle = events.iter().find_map(|e| match *e {
        Event::CastleScored { player, points, from, .. } => Some((player, points, from)),
        _ => None,
    });
    assert!(matches!(castle, Some((0, 4, _))), "{events:?}");
}

/// A castle scored is a feature completed for the castles beside it: red's castle takes a
/// road's 3 points, and blue's castle, whose six tiles hold one of red's castle's, takes them
/// too (the first edition's FAQ).
#[test]
fn castles_in_a_chain() {
    let deck = ["base:E", "base:E", "base:E", "base:A", "base:A"];
    let mut g = two_player(rules(&[]), &deck);
    // Red's castle: the start tile's city and a cap north of it.
    place(&mut g, 0, -1, 180);
    let f = feature(&g, at(0, -1), "city@S");
    apply(&mut g, Action::Deploy { figure: F, feature: f });
    apply(&mut g, Action::BuildCastle);
    // Blue: a cap at (1, -1) facing north with a knight; red closes it from (1, -2): blue's
    // town, which blue turns into a castle.
    turn(&mut g, 1, -1, 0, Some((F, "city@N")));
    place(&mut g, 1, -2, 180);
    apply(&mut g, Action::Pass);
    assert!(matches!(g.pending(), Pending::Castle { player: 1, .. }), "{:?}", g.pending());
    apply(&mut g, Action::BuildCastle);
    assert_eq!(g.castles().len(), 2);
    // Blue and red close the start tile's road: red's castle scores 3, then blue's.
    turn(&mut g, 1, 0, 90, None);
    let events = turn(&mut g, -1, 0, 270, None);
    let scored: Vec<(u8, u32)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::CastleScored { player, points, .. } => Some((player, points)),
            _ => None,
        })
        .collect();
    assert_eq!(scored, vec![(0, 3), (1, 3)], "{events:?}");
    assert_eq!(g.scores(), vec![3, 3]);
}

/// A tile bought at the bazaar opens no bazaar, bazaar symbol or not.
#[test]
fn a_bought_bazaar_tile_opens_no_bazaar() {
    let mut g = bazaar_game();
    apply(&mut g, Action::BazaarTrade { buy: true });
    assert_eq!(g.pending(), Pending::PlaceTile { player: 0, tile: tile(BAZAAR_ROAD_END) });
    let events = turn(&mut g, 1, 1, 0, None);
    assert!(!events.iter().any(|e| matches!(e, Event::BazaarTileOffered { .. })), "{events:?}");
}

/// In a game of three, the bazaar of the player in seat 1 lets seat 2 choose first, then seat
/// 0; the bought tiles are placed by seats 2, 0 and 1, then seat 2 draws as usual.
#[test]
fn bought_tiles_are_placed_in_turn_order() {
    use carcassonne_engine::{Color, Deck, GameSetup};
    let deck = ["base:B", BAZAAR_FIELD, "base:B", "base:B", "base:B", "base:B"];
    let setup = GameSetup {
        rules: rules(&[]),
        players: vec![Color::Red, Color::Blue, Color::Green],
        deck: Deck::Order(deck.iter().map(|d| tile(d)).collect()),
    };
    let mut g = Game::new(setup).unwrap();
    turn(&mut g, 0, 1, 0, None);
    turn(&mut g, 0, 2, 0, None);
    assert_eq!(g.pending(), Pending::BazaarSelect { player: 2 });
    apply(&mut g, Action::BazaarSelect { index: 0, bid: 0 });
    apply(&mut g, Action::Pass);
    apply(&mut g, Action::Pass);
    assert_eq!(g.pending(), Pending::BazaarSelect { player: 0 });
    apply(&mut g, Action::BazaarSelect { index: 1, bid: 0 });
    apply(&mut g, Action::Pass);
    // Seat 1 took the last tile for nothing; seat 2 places first.
    let mut placers = vec![];
    for y in 3..7 {
        let Pending::PlaceTile { player, .. } = g.pending() else { panic!("{:?}", g.pending()) };
        placers.push(player);
        turn(&mut g, 0, y, 0, None);
        if g.is_over() {
            break;
        }
    }
    assert_eq!(placers, vec![2, 0, 1, 2]);
}

/// The builder's second tile of the player whose bazaar tile extended their builder's road
/// comes after the bazaar's round (the assembled reference: the auction and its round at 4A,
/// the builder at 4B).
#[test]
fn the_builder_waits_for_the_bazaar_round() {
    let deck = ["base:U", "base:B", "base:U", "base:B", BAZAAR_ROAD_END, "base:B", "base:B", "base:B", "base:B"];
    let mut g = two_player(rules(&[Expansion::TradersBuilders]), &deck);
    turn(&mut g, 1, 0, 0, Some((F, "road@W")));
    turn(&mut g, 0, 1, 0, None);
    turn(&mut g, -1, 0, 0, Some((carcassonne_engine::Figure::Builder, "road@E")));
    turn(&mut g, 0, 2, 0, None);
    // Red's bazaar tile ends the road at (-2, 0): the builder's road grew, and a bazaar opens.
    turn(&mut g, -2, 0, 270, None);
    assert_eq!(g.pending(), Pending::BazaarSelect { player: 1 });
    apply(&mut g, Action::BazaarSelect { index: 0, bid: 0 });
    apply(&mut g, Action::Pass);
    let mut placers = vec![];
    for y in 3..7 {
        let Pending::PlaceTile { player, .. } = g.pending() else { panic!("{:?}", g.pending()) };
        placers.push(player);
        turn(&mut g, 0, y, 0, None);
    }
    // Blue's bought tile, red's, red's builder tile, then blue.
    assert_eq!(placers, vec![1, 0, 0, 1]);
}

/// The dragon does not eat a follower in a castle (the first edition's FAQ): it passes over
/// red's castle and red's knight stays.
#[test]
fn the_dragon_spares_a_castle() {
    let deck = ["base:E", "princess-dragon:01", "princess-dragon:16", "base:B", "base:B"];
    let mut g = two_player(rules(&[Expansion::PrincessDragon]), &deck);
    place(&mut g, 0, -1, 180);
    let f = feature(&g, at(0, -1), "city@S");
    apply(&mut g, Action::Deploy { figure: F, feature: f });
    apply(&mut g, Action::BuildCastle);
    // Blue: the volcano south of the start tile, where the dragon appears; red: a dragon tile
    // west of the start tile, and the dragon moves.
    turn(&mut g, 0, 1, 0, None);
    place(&mut g, -1, 0, 0);
    apply(&mut g, Action::Pass);
    let mut events = vec![];
    for to in [at(0, 0), at(0, -1)] {
        let Pending::MoveDragon { .. } = g.pending() else { panic!("{:?}", g.pending()) };
        events.extend(apply(&mut g, Action::MoveDragon { pos: to }));
    }
    assert!(!events.iter().any(|e| matches!(e, Event::FigureEaten { .. })), "{events:?}");
    assert_eq!(g.figures().len(), 1, "the knight in the castle stays");
}

/// A cloister counts for a castle by its own tile only (the first edition's FAQ): a cloister
/// completed beside the castle's tiles, but not on them, leaves the castle waiting.
#[test]
fn a_cloister_counts_by_its_own_tile() {
    // Red's castle on the start tile's city and a cap north of it: its tiles x -1 to 1, y -1
    // to 0. A cloister at (2, 1), off them, is surrounded by tiles of which (1, 0) is one.
    let mut deck = vec!["base:E", "base:B", "base:A"];
    deck.extend(["base:B"; 10]);
    let mut g = two_player(rules(&[]), &deck);
    place(&mut g, 0, -1, 180);
    let f = feature(&g, at(0, -1), "city@S");
    apply(&mut g, Action::Deploy { figure: F, feature: f });
    apply(&mut g, Action::BuildCastle);
    // The eight tiles around (2, 1), one of them (1, 0), a castle tile (a cloister ending the
    // start tile's road); the last one completes the cloister at (2, 1).
    let places = [(0, 1, 0), (1, 0, 90), (1, 1, 0), (1, 2, 0), (2, 2, 0), (3, 2, 0), (3, 1, 0), (2, 1, 0), (3, 0, 0)];
    for (x, y, degrees) in places {
        turn(&mut g, x, y, degrees, None);
    }
    let events = turn(&mut g, 2, 0, 0, None);
    assert!(events.iter().any(|e| matches!(e, Event::Scored(s) if s.pos == at(2, 1))), "{events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::CastleScored { .. })), "{events:?}");
    assert!(!g.is_over() && !g.castles()[0].scored);
}

/// The first edition's bazaar example (the Wikicarpedia page "Bridges, Castles and Bazaars (1st
/// edition)", the example with three players): red's bazaar lays out three tiles; blue chooses
/// one and bids 2, green passes, red bids 3, and blue keeps it, paying red 3; green chooses one
/// and bids 2, red bids 3 (blue, who has a tile, cannot bid), and green gives it to red for 3;
/// the last tile goes to green for nothing.
#[test]
fn the_first_editions_bazaar_example() {
    use carcassonne_engine::{Color, Deck, GameSetup};
    let deck = [
        "base:E",
        "base:A",
        "base:A",
        "base:E",
        "base:B",
        "base:E",
        BAZAAR_FIELD,
        "base:B",
        "base:B",
        "base:B",
        "base:B",
    ];
    let setup = GameSetup {
        rules: rules(&[]),
        players: vec![Color::Red, Color::Blue, Color::Green],
        deck: Deck::Order(deck.iter().map(|d| tile(d)).collect()),
    };
    let mut g = Game::new(setup).unwrap();
    // Red 4 (a town), blue 3 (a road), green 4 (a town).
    place(&mut g, 0, -1, 180);
    let f = feature(&g, at(0, -1), "city@S");
    apply(&mut g, Action::Deploy { figure: F, feature: f });
    apply(&mut g, Action::Pass);
    turn(&mut g, 1, 0, 90, Some((F, "road@W")));
    turn(&mut g, -1, 0, 270, None);
    turn(&mut g, 1, -1, 0, None);
    turn(&mut g, 0, 1, 0, None);
    place(&mut g, 1, -2, 180);
    let f = feature(&g, at(1, -2), "city@S");
    apply(&mut g, Action::Deploy { figure: F, feature: f });
    apply(&mut g, Action::Pass);
    assert_eq!(g.scores(), vec![4, 3, 4]);
    // Red's bazaar.
    turn(&mut g, 0, 2, 0, None);
    assert_eq!(g.bazaar_offer().len(), 3);
    assert_eq!(g.pending(), Pending::BazaarSelect { player: 1 });
    apply(&mut g, Action::BazaarSelect { index: 0, bid: 2 });
    assert_eq!(g.pending(), Pending::BazaarBid { player: 2 });
    apply(&mut g, Action::Pass);
    assert_eq!(g.pending(), Pending::BazaarBid { player: 0 });
    apply(&mut g, Action::BazaarBid { bid: 3 });
    assert_eq!(g.pending(), Pending::BazaarTrade { player: 1 });
    apply(&mut g, Action::BazaarTrade { buy: true });
    assert_eq!(g.scores(), vec![7, 0, 4]);
    // Green chooses next; only red may bid.
    assert_eq!(g.pending(), Pending::BazaarSelect { player: 2 });
    apply(&mut g, Action::BazaarSelect { index: 1, bid: 2 });
    assert_eq!(g.pending(), Pending::BazaarBid { player: 0 });
    apply(&mut g, Action::BazaarBid { bid: 3 });
    assert_eq!(g.pending(), Pending::BazaarTrade { player: 2 });
    let events = apply(&mut g, Action::BazaarTrade { buy: false });
    assert_eq!(g.scores(), vec![4, 0, 7]);
    assert!(events.contains(&Event::BazaarTileBought { player: 2, tile: tile("base:B"), price: 0, paid_to: None }));
    // The round begins with blue, on red's left, who has taken the tile bought; red and green
    // hold theirs.
    assert_eq!(g.pending(), Pending::PlaceTile { player: 1, tile: tile("base:B") });
    assert_eq!(
        (g.bought_tile(0), g.bought_tile(1), g.bought_tile(2)),
        (Some(tile("base:B")), None, Some(tile("base:B")))
    );
}

/// Red and blue each with a thief and a builder on a road; red's bazaar tile extends red's
/// builder's road (a second tile earned, and a bazaar of a straight road and a cloister); blue
/// chooses the road for nothing, red passes. Blue then places it, extending blue's builder's
/// road; `blue_second` is the tile blue draws for that second tile.
fn builders_at_a_bazaar(blue_second: &str) -> Game {
    use carcassonne_engine::Figure;
    let mut deck = vec!["base:U", "base:U", "base:U", "base:U", BAZAAR_ROAD_END, "base:U", "base:B", blue_second];
    deck.extend(["base:B"; 4]);
    let mut g = two_player(rules(&[Expansion::TradersBuilders]), &deck);
    turn(&mut g, 1, 0, 0, Some((F, "road@W")));
    turn(&mut g, 0, 1, 0, Some((F, "road@E")));
    turn(&mut g, -1, 0, 0, Some((Figure::Builder, "road@E")));
    turn(&mut g, 1, 1, 0, Some((Figure::Builder, "road@W")));
    // Red's bazaar tile extends red's builder's road.
    turn(&mut g, -2, 0, 270, None);
    assert_eq!(g.pending(), Pending::BazaarSelect { player: 1 });
    apply(&mut g, Action::BazaarSelect { index: 0, bid: 0 });
    apply(&mut g, Action::Pass);
    g
}

/// A player of the bazaar's round whose bought tile extends their builder's road plays their
/// second tile before the next player's turn (the Assembled Game Reference, step 4A: "Carry out
/// the two parts of the double turn normally before the next player's bazaar turn"), while the
/// opener's own second tile still waits for the round's end.
#[test]
fn a_double_turn_inside_the_bazaar_round() {
    let mut g = builders_at_a_bazaar("base:B");
    assert_eq!(g.pending(), Pending::PlaceTile { player: 1, tile: tile("base:U") });
    // Blue's bought road extends blue's builder's road: blue's second tile comes at once.
    turn(&mut g, 2, 1, 0, None);
    let mut placers = vec![1];
    for y in 2..6 {
        let Pending::PlaceTile { player, .. } = g.pending() else { panic!("{:?}", g.pending()) };
        placers.push(player);
        turn(&mut g, 0, y, 0, None);
    }
    assert_eq!(placers, vec![1, 1, 0, 0, 1]);
}

/// A bazaar tile drawn during a bazaar's round (a builder's second tile) holds its auction once
/// the round is over (the Assembled Game Reference, step 4A: "delay the associated auction until
/// the current bazaar round is finished").
#[test]
fn a_bazaar_drawn_in_a_round_waits_for_its_end() {
    let mut g = builders_at_a_bazaar(BAZAAR_FIELD);
    // Blue's bought road earns blue's second tile: the bazaar tile, drawn during the round.
    turn(&mut g, 2, 1, 0, None);
    let events = turn(&mut g, 0, 2, 0, None);
    assert!(!events.iter().any(|e| matches!(e, Event::BazaarTileOffered { .. })), "red still holds a bought tile");
    // Red places the last bought tile: the round is over, and blue's bazaar opens.
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 0, .. }));
    let events = turn(&mut g, 0, 3, 0, None);
    assert!(events.iter().any(|e| matches!(e, Event::BazaarTileOffered { player: 1, .. })), "{events:?}");
    assert_eq!(g.pending(), Pending::BazaarSelect { player: 0 });
}

/// Greedy bots use the expansion: bridges, castles and the bazaar's tiles.
#[test]
fn greedy_bots_build_bridges_and_castles() {
    use carcassonne_engine::{Color, Deck, GameSetup};
    let (mut bridges, mut castles, mut bought) = (0, 0, 0);
    for seed in 0..3u64 {
        let setup = GameSetup { rules: rules(&[]), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(seed) };
        let mut g = Game::new(setup).unwrap();
        let mut bots: Vec<_> = (0..2).map(|k| carcassonne_bots::bot_by_name("greedy", seed * 2 + k).unwrap()).collect();
        while let Some(p) = g.pending().player() {
            let action = bots[p as usize].choose_action(&g.observation(Some(p)));
            for e in g.apply(action).unwrap() {
                match e {
                    Event::BridgeBuilt { .. } => bridges += 1,
                    Event::CastleBuilt { .. } => castles += 1,
                    Event::BazaarTileBought { .. } => bought += 1,
                    _ => {}
                }
            }
        }
    }
    eprintln!("greedy: {bridges} bridges, {castles} castles, {bought} tiles bought in three games");
    assert!(bridges >= 1 && bought >= 2, "{bridges} bridges, {castles} castles, {bought} tiles bought");
}

/// The placements with a bridge agree with a count by hand from the tiles' edges, at every
/// placement of random games: for every empty place beside the tiles and every rotation where
/// the drawn tile does not fit, a bridge on it (both ends on its field edges) or on a tile
/// beside it (both ends on that tile's field edges, the far end facing nothing or a road) that
/// makes every edge match; none while the player has no bridge or built one this turn.
#[test]
fn bridged_placements_agree_with_a_count_by_hand() {
    use carcassonne_engine::geometry::Terrain;
    use carcassonne_engine::{Color, Deck, GameSetup, TileDesign};
    use std::collections::BTreeSet;
    // The terrain `design`, turned by `rotation`, shows on board side `side`.
    let edge =
        |design: &TileDesign, rotation: Rotation, side: Side| design.edges[(side.index() + 4 - rotation.index()) % 4];
    let mut checked = 0;
    for seed in 0..12u64 {
        let players = 2 + (seed % 3) as usize;
        let colors = [Color::Red, Color::Blue, Color::Green, Color::Yellow];
        let setup = GameSetup { rules: rules(&[]), players: colors[..players].to_vec(), deck: Deck::Seed(seed) };
        let mut g = Game::new(setup).unwrap();
        let mut bots: Vec<carcassonne_bots::RandomBot> =
            (0..players as u64).map(|p| carcassonne_bots::RandomBot::new(seed * 7 + p)).collect();
        let mut bridge_turn = None;
        while let Some(p) = g.pending().player() {
            if let Pending::PlaceTile { player, tile: drawn } = g.pending() {
                let listed: BTreeSet<String> = g
                    .legal_actions()
                    .into_iter()
                    .filter(|a| matches!(a, Action::PlaceBridged { .. }))
                    .map(|a| format!("{a:?}"))
                    .collect();
                let mut expected = BTreeSet::new();
                let design = g.design(drawn);
                let at = |pos: Pos| g.board().get(pos).map(|t| (g.design(t.tile), t.rotation));
                let may = g.bridges_left(player) > 0 && bridge_turn != Some(g.turns());
                for cell in g.board().frontier() {
                    let pos = cell.pos;
                    for rotation in Rotation::ALL {
                        let mine = |side: Side| edge(design, rotation, side);
                        let theirs = |side: Side| at(pos.step(side)).map(|(d, r)| edge(d, r, side.opposite()));
                        let fits = |mine: &dyn Fn(Side) -> Terrain, theirs: &dyn Fn(Side) -> Option<Terrain>| {
                            Side::ALL.iter().all(|&s| theirs(s).is_none_or(|t| t == mine(s)))
                        };
                        if !may || fits(&mine, &theirs) {
                            continue;
                        }
                        for axis in Axis::ALL {
                            // On the tile placed: both ends on its field edges, then road edges.
                            let [a, b] = axis.sides();
                            if mine(a) == Terrain::Field && mine(b) == Terrain::Field {
                                let bridged = |s: Side| if s == a || s == b { Terrain::Road } else { mine(s) };
                                if fits(&bridged, &theirs) {
                                    expected.insert(format!(
                                        "{:?}",
                                        Action::PlaceBridged { pos, rotation, bridge: BridgeSpot { on: None, axis } }
                                    ));
                                }
                            }
                        }
                        for side in Side::ALL {
                            // On the tile beside it, across the edge they share.
                            let beside = pos.step(side);
                            let Some((d, r)) = at(beside) else { continue };
                            let far = beside.step(side);
                            let far_ok = at(far).is_none_or(|(fd, fr)| edge(fd, fr, side.opposite()) == Terrain::Road);
                            let ends_field =
                                edge(d, r, side.opposite()) == Terrain::Field && edge(d, r, side) == Terrain::Field;
                            if d.bridge.is_some() || !ends_field || !far_ok {
                                continue;
                            }
                            let theirs_now = |s: Side| if s == side { Some(Terrain::Road) } else { theirs(s) };
                            if fits(&mine, &theirs_now) {
                                let axis = Axis::through(side);
                                expected.insert(format!(
                                    "{:?}",
                                    Action::PlaceBridged { pos, rotation, bridge: BridgeSpot { on: Some(side), axis } }
                                ));
                            }
                        }
                    }
                }
                assert_eq!(listed, expected, "seed {seed}");
                checked += listed.len();
            }
            let action = bots[p as usize].choose_action(&g.observation(Some(p)));
            let events = g.apply(action).unwrap();
            // The figure phase is still open after the action that built a bridge: the turn's
            // number is the bridge's.
            if events.iter().any(|e| matches!(e, Event::BridgeBuilt { .. })) {
                bridge_turn = Some(g.turns());
            }
        }
    }
    eprintln!("{checked} placements with a bridge checked");
    assert!(checked > 50, "only {checked} placements with a bridge in the games");
}

/// The fairy beside a follower in a castle: allowed by default (the Big Box 3 rules, cited on
/// the first edition's page), refused under the variant `no-fairy-in-castle` (the Assembled Game
/// Reference, step 2B-1: "not allowed if on a castle").
#[test]
fn the_fairy_beside_a_castle_and_its_variant() {
    for refused in [false, true] {
        let variants = carcassonne_engine::Variants { no_fairy_in_castle: refused, ..Default::default() };
        let rules = Rules { expansions: vec![Expansion::BridgesCastlesBazaars, Expansion::PrincessDragon], variants };
        let mut g = two_player(rules, &["base:E", "base:B", "base:B", "base:B"]);
        place(&mut g, 0, -1, 180);
        let f = feature(&g, at(0, -1), "city@S");
        apply(&mut g, Action::Deploy { figure: F, feature: f });
        apply(&mut g, Action::BuildCastle);
        turn(&mut g, 0, 1, 0, None);
        // Red's next turn: the fairy next to the knight in the castle?
        place(&mut g, 0, 2, 0);
        let fairy = Action::MoveFairy { pos: at(0, -1), feature: f };
        assert_eq!(g.legal_actions().contains(&fairy), !refused, "variant {refused}");
        assert_eq!(g.check(fairy).is_ok(), !refused);
    }
}
