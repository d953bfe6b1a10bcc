//! One test per ruling of the base game and the farmers: the footnotes & FAQ of seed 001 (the
//! Big Box rules translation, footnotes 1-28), its "INCORPORATED & DEPRECIATED FAQ" entries about
//! the base game, and the "Official clarification from the publisher" boxes of seed 000
//! (WikiCarpedia: Base Game, The Farmers). Each test is named after its source, quotes it briefly
//! in its doc comment and plays the situation on a small board, asserting the outcome: scores,
//! legal actions or the error the engine gives. docs/rules.md lists which test checks which rule.
//!
//! Geometry: x grows east, y grows south; the start tile (base:D: city north, road east-west)
//! stands at (0,0). Rotations are clockwise. Tiles are named by their letter in
//! data/tiles/base.tiles (A cloister with road, B cloister, C four-sided city, E one city edge,
//! G/F city across, H/I two city edges, J/K city and road curve, L city and junction, M/N city
//! corner, Q/R three city edges, U straight road, V road curve, W junction, X crossing).

use carcassonne_engine::game::{parse_feature_name, FOLLOWERS_PER_PLAYER};
use carcassonne_engine::{
    Action, Catalog, Color, Deck, Edition, Event, FarmerScoring, FeatureKind, Figure, Game, GameSetup, Pending, Phase,
    Pos, Record, Rotation, RuleError, RuleSet, Rules, SetupError, Variants,
};

use Color::{Black, Blue, Green, Red, Yellow};

// ----- A small driver for the tests -----

/// A game on an explicit deck, with every event kept.
struct Table {
    game: Game,
    log: Vec<Event>,
}

fn tile(letter: &str) -> carcassonne_engine::TileId {
    Catalog::builtin().lookup(&format!("base:{letter}")).unwrap_or_else(|| panic!("no tile base:{letter}"))
}

fn rotation(degrees: u16) -> Rotation {
    Rotation::from_degrees(degrees as i64).expect("0, 90, 180 or 270")
}

impl Table {
    fn new(players: &[Color], deck: &[&str]) -> Table {
        Table::with_rules(Rules::base(), players, deck)
    }

    fn with_rules(rules: Rules, players: &[Color], deck: &[&str]) -> Table {
        let game = Game::new(GameSetup {
            rules,
            players: players.to_vec(),
            deck: Deck::Order(deck.iter().map(|t| tile(t)).collect()),
        })
        .expect("valid setup");
        Table { game, log: vec![] }
    }

    fn apply(&mut self, action: Action) -> Vec<Event> {
        let events = self.game.apply(action).unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
        self.log.extend(events.iter().copied());
        events
    }

    fn place_action(x: i16, y: i16, degrees: u16) -> Action {
        Action::Place { pos: Pos::new(x, y), rotation: rotation(degrees) }
    }

    /// Places the drawn tile (which must be legal).
    fn place(&mut self, x: i16, y: i16, degrees: u16) -> Vec<Event> {
        self.apply(Table::place_action(x, y, degrees))
    }

    /// Whether placing the drawn tile there is legal, as `check` sees it.
    fn try_place(&self, x: i16, y: i16, degrees: u16) -> Result<(), RuleError> {
        let action = Table::place_action(x, y, degrees);
        let result = self.game.check(action);
        assert_eq!(result.is_ok(), self.game.legal_actions().contains(&action), "check and legal_actions disagree");
        result
    }

    /// The deploy action for a feature of the tile just placed, by its record name.
    fn deploy_action(&self, name: &str) -> Action {
        let Pending::Deploy { pos, .. } = self.game.pending() else {
            panic!("not deploying: {:?}", self.game.pending())
        };
        let placed = self.game.board().get(pos).expect("the tile just placed");
        let feature = parse_feature_name(self.game.design(placed.tile), placed.rotation, name)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        Action::Deploy { figure: Figure::Follower, feature }
    }

    fn deploy(&mut self, name: &str) -> Vec<Event> {
        let action = self.deploy_action(name);
        self.apply(action)
    }

    fn try_deploy(&self, name: &str) -> Result<(), RuleError> {
        let action = self.deploy_action(name);
        let result = self.game.check(action);
        assert_eq!(result.is_ok(), self.game.legal_actions().contains(&action), "check and legal_actions disagree");
        result
    }

    /// The record names of the features a follower may be deployed on now, sorted.
    fn deployable(&self) -> Vec<String> {
        deployable_names(&self.game, Figure::Follower)
    }

    fn pass(&mut self) -> Vec<Event> {
        self.apply(Action::Pass)
    }

    /// One whole turn: place, then deploy on `feature` or pass.
    fn turn(&mut self, x: i16, y: i16, degrees: u16, feature: Option<&str>) -> Vec<Event> {
        let mut events = self.place(x, y, degrees);
        events.extend(match feature {
            Some(name) => self.deploy(name),
            None => self.pass(),
        });
        events
    }

    fn scores(&self) -> Vec<u32> {
        self.game.scores()
    }

    fn color(&self, p: u8) -> Color {
        self.game.player(p).color
    }

    fn supply(&self, color: Color) -> u8 {
        self.game.players().iter().find(|p| p.color == color).expect("a player").followers
    }
}

/// The record names of the features of the tile just placed that `figure` may be deployed on
/// now, sorted (empty when the game is not waiting for a deployment). The expansion tests use it
/// for their figures too.
pub(crate) fn deployable_names(game: &Game, figure: Figure) -> Vec<String> {
    let Pending::Deploy { pos, .. } = game.pending() else { return vec![] };
    let mut names: Vec<String> = game
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Deploy { figure: f, feature } if f == figure => game.feature_name(pos, feature),
            _ => None,
        })
        .collect();
    names.sort();
    names
}

/// `(kind, phase, points, players)` of the score events that paid someone.
type Paid = (FeatureKind, Phase, u32, Vec<Color>);

fn paid(table: &Table, events: &[Event]) -> Vec<Paid> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Scored(s) if !s.players.is_empty() => {
                Some((s.kind, s.phase, s.points, s.players.iter().map(|p| table.color(p)).collect()))
            }
            _ => None,
        })
        .collect()
}

/// Score events of completed features that nobody occupied.
fn unclaimed(events: &[Event]) -> Vec<(FeatureKind, u32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Scored(s) if s.players.is_empty() => Some((s.kind, s.points)),
            _ => None,
        })
        .collect()
}

fn rules_with(variants: Variants) -> Rules {
    Rules { expansions: vec![], variants }
}

// ----- Game contents and preparation -----

/// Seed 001, GAME CONTENTS: "72 land tiles (including one with a dark reverse)", "48 followers in
/// six colours"; footnote 4: the sixth set of followers is part of the basic game (seed 000,
/// footnote 2: the pink player of Big Box 6).
#[test]
fn contents_72_tiles_and_two_to_six_players() {
    let catalog = Catalog::builtin();
    let base = catalog.set("base").expect("the base set");
    for edition in [Edition::First, Edition::Second] {
        let total: u32 = catalog.edition_designs(base, edition).iter().map(|&(_, n)| n as u32).sum();
        assert_eq!(total, 72, "{edition:?} edition");
    }
    let six = [Red, Blue, Green, Yellow, Black, Color::Pink];
    let game = Game::new(GameSetup { rules: Rules::base(), players: six.to_vec(), deck: Deck::Seed(1) }).unwrap();
    assert_eq!(game.players().len(), 6);
    // 71 tiles besides the start tile; the first player has drawn one.
    assert_eq!(game.tiles_left(), 70);
    let setup = |players: Vec<Color>| Game::new(GameSetup { rules: Rules::base(), players, deck: Deck::Seed(1) });
    assert_eq!(setup(vec![Red]).unwrap_err(), SetupError::PlayerCount(1));
    let mut seven = six.to_vec();
    seven.push(Color::Gray);
    assert_eq!(setup(seven).unwrap_err(), SetupError::PlayerCount(7));
    assert_eq!(setup(vec![Red, Red]).unwrap_err(), SetupError::DuplicateColor(Red));
}

/// Seed 001, PREPARATION: "The starting tile is placed in the middle of the table"; footnote 6:
/// the youngest player (RGG: any method) decides who begins. The engine takes the seats in the
/// order given; seat 0 begins and play passes clockwise (seat order).
#[test]
fn preparation_start_tile_placed_and_first_seat_begins() {
    let mut t = Table::new(&[Blue, Red, Yellow], &["B", "B", "B", "B"]);
    let start = t.game.board().get(Pos::ORIGIN).expect("the start tile");
    assert_eq!(t.game.design(start.tile).id, "base:D");
    assert_eq!(start.rotation, Rotation::R0);
    let mut order = vec![];
    for x in 0..3 {
        order.push(t.color(t.game.pending().player().unwrap()));
        t.turn(x, 1, 0, None);
    }
    assert_eq!(order, vec![Blue, Red, Yellow]);
    assert_eq!(t.color(t.game.pending().player().unwrap()), Blue);
}

/// Seed 001, PREPARATION: each player receives eight followers, one marks the score, "The
/// remaining seven followers stay with the player ... as his or her supply"; footnote 3 ("Too few
/// followers ... A certain shortage of followers is entirely intentional"; also seed 000's
/// clarification); PLAYING THE GAME: "If a player runs out of followers ... he or she may only
/// place tiles."
#[test]
fn footnote_03_seven_followers_and_running_out() {
    // Red deploys a monk on each of its cloisters (none can be completed), blue passes.
    let mut t = Table::new(&[Red, Blue], &["B"; 15]);
    assert_eq!(FOLLOWERS_PER_PLAYER, 7);
    assert!(t.game.players().iter().all(|p| p.followers == 7));
    for x in 0..7 {
        t.turn(x, 1, 0, Some("cloister"));
        t.turn(x, 2, 0, None);
    }
    assert_eq!(t.supply(Red), 0);
    assert_eq!(t.game.figures().len(), 7);
    t.place(7, 1, 0);
    assert_eq!(t.game.legal_actions(), vec![Action::Pass], "with an empty supply a player may only place tiles");
    let err = t.try_deploy("cloister").unwrap_err();
    assert_eq!(err, RuleError::NoFigureInSupply(Red, "follower"));
    assert_eq!(err.to_string(), "red has no follower left in supply");
    t.pass();
}

// ----- Placing tiles -----

/// Seed 001, footnote 7: "The new land tile must fit the adjacent terrain on all edges. During
/// placement it is not enough to look for only one side that fits." (Seed 000, footnote 5.)
#[test]
fn footnote_07_a_tile_must_fit_on_all_edges() {
    let mut t = Table::new(&[Red, Blue], &["U", "B", "E", "E"]);
    t.turn(1, 0, 0, None); // a straight road east of the start tile
    t.turn(0, 1, 0, None); // a cloister south of the start tile
                           // (1,1) touches the road tile (field to the north) and the cloister (field to the west).
                           // base:E with its city north fits the cloister's edge but not the road tile's.
    let err = t.try_place(1, 1, 0).unwrap_err();
    assert!(matches!(err, RuleError::EdgeMismatch { side: "north", ours: "city", theirs: "field", .. }), "{err}");
    assert!(err.to_string().contains("does not continue"), "{err}");
    // Turned so that the city faces west it fits the road tile but not the cloister.
    assert!(matches!(t.try_place(1, 1, 270).unwrap_err(), RuleError::EdgeMismatch { side: "west", .. }));
    // Turned east or south it fits both neighbours.
    t.try_place(1, 1, 90).unwrap();
    t.try_place(1, 1, 180).unwrap();
    t.turn(1, 1, 90, None);
}

/// Seed 001, footnote 8: "'Corner to corner' is not a connection! Segments can only be
/// connected on the edges. In the example shown there are two cities at the moment." (Seed
/// 000, official clarification in 'The cities'.) Also PLAYING THE GAME: "Corner-to-corner
/// placement is not permitted."
#[test]
fn footnote_08_corner_contact_is_no_connection() {
    let mut t = Table::new(&[Red, Blue], &["U", "U", "N", "B", "B", "N", "R"]);
    t.turn(-1, 0, 0, None);
    t.turn(1, 0, 0, None);
    t.turn(-1, -1, 90, Some("city@N")); // red: city corner open north and east
    t.turn(1, -1, 0, None);
    // A tile touching the board only at a corner is refused.
    assert_eq!(t.try_place(2, -3, 0).unwrap_err(), RuleError::NotAdjacent(Pos::new(2, -3)));
    assert!(t.try_place(2, -3, 0).unwrap_err().to_string().contains("corner contact is not enough"));
    t.turn(1, -2, 0, None);
    // Blue's city corner at (0,-2) (open south and west) touches red's city at one corner only:
    // it is another city, so blue may put a knight in it.
    t.place(0, -2, 270);
    assert_eq!(t.try_deploy("city@W"), Ok(()));
    t.deploy("city@W");
    let roots: Vec<_> = t.game.figures().iter().map(|f| t.game.feature_root(f.placement, f.feature)).collect();
    assert_ne!(roots[0], roots[1], "two cities at the moment");
    // A tile joining them along edges (the last tile) makes one city of them: in the final
    // scoring both knights share it (start tile, the two corners and the joining tile).
    let events = t.turn(0, -1, 270, None);
    assert_eq!(paid(&t, &events), vec![(FeatureKind::City, Phase::Final, 4, vec![Red, Blue])]);
}

/// Seed 001, footnote 9: "Can cloisters be placed directly next to each other ...? Answer: Why
/// ever not? ... every monk occupies its own cloister, which will be scored independently of the
/// neighbouring cloisters." (Seed 000, footnote 12.)
#[test]
fn footnote_09_cloisters_may_touch() {
    let mut t = Table::new(&[Red, Blue], &["B", "B", "U", "U", "E", "E", "E", "E"]);
    t.turn(0, 1, 0, Some("cloister"));
    t.place(1, 1, 0); // right next to red's cloister
    assert_eq!(t.try_deploy("cloister"), Ok(()), "a neighbouring cloister is a feature of its own");
    t.deploy("cloister");
    t.turn(-1, 0, 0, None);
    t.turn(1, 0, 0, None);
    t.turn(-1, 1, 270, None);
    t.turn(-1, 2, 180, None);
    t.turn(0, 2, 180, None);
    // The eighth tile around red's cloister (and the last tile): red's cloister scores 9;
    // blue's, with five neighbours, is scored on its own in the final scoring.
    let events = t.turn(1, 2, 180, None);
    assert!(t.game.is_over());
    assert_eq!(
        paid(&t, &events),
        vec![(FeatureKind::Cloister, Phase::Turn, 9, vec![Red]), (FeatureKind::Cloister, Phase::Final, 6, vec![Blue])]
    );
    assert_eq!(t.scores(), vec![9, 6]);
}

/// Seed 001, footnote 15: "Can a road end in nothing? Answer: No, like all the usual land tiles,
/// a road segment must continue to another road segment on all edges." (Seed 000, official
/// clarification in 'The roads'.)
#[test]
fn footnote_15_no_road_ends_in_nothing() {
    let t = Table::new(&[Red, Blue], &["B"]);
    // A cloister has fields on every edge: it cannot go where the start tile's road leaves.
    for degrees in [0, 90, 180, 270] {
        for x in [-1, 1] {
            let err = t.try_place(x, 0, degrees).unwrap_err();
            assert!(matches!(err, RuleError::EdgeMismatch { ours: "field", theirs: "road", .. }), "{err}");
        }
    }
    let positions: Vec<Pos> = t
        .game
        .legal_actions()
        .into_iter()
        .map(|a| match a {
            Action::Place { pos, .. } => pos,
            other => panic!("{other:?}"),
        })
        .collect();
    assert!(!positions.is_empty());
    assert!(positions.iter().all(|p| *p == Pos::new(0, 1)), "only south of the start tile: {positions:?}");
}

/// Seed 001, PLAYING THE GAME: "In the rare case that a tile cannot be placed anywhere, it is
/// removed from the game, and the player draws another"; INCORPORATED FAQ: "it is discarded from
/// the game. The only occasion where this circumstance could conceivably arise is with the
/// placement of purely city cards"; seed 000: "simply return the tile to the box and draw a new
/// one".
#[test]
fn faq_unplaceable_tile_is_discarded_and_redrawn() {
    // While the start tile's city is open, the four-sided city tile fits there.
    let open = Table::new(&[Red, Blue], &["C"]);
    assert_eq!(open.game.pending(), Pending::PlaceTile { player: 0, tile: tile("C") });
    assert!(!open.game.legal_actions().is_empty());

    // Red closes the only city; no city edge is left open, so base:C fits nowhere.
    let mut t = Table::new(&[Red, Blue], &["E", "C", "U", "C"]);
    let events = t.turn(0, -1, 180, None);
    let discarded = Event::TileDiscarded { player: 1, tile: tile("C") };
    let redrawn = Event::TileDrawn { player: 1, tile: tile("U") };
    let i = events.iter().position(|e| *e == discarded).expect("base:C discarded");
    assert_eq!(events[i + 1], redrawn, "the same player draws another tile");
    assert_eq!(t.game.pending(), Pending::PlaceTile { player: 1, tile: tile("U") });
    assert_eq!(t.game.discarded(), &[tile("C")]);
    // The last tile cannot be placed either: it is discarded and the game ends.
    let events = t.turn(1, 0, 0, None);
    assert!(events.contains(&Event::TileDiscarded { player: 0, tile: tile("C") }));
    assert!(t.game.is_over());
    assert_eq!(t.game.discarded(), &[tile("C"), tile("C")]);
    assert_eq!(t.game.board().len(), 3);
}

// ----- Deploying followers -----

/// Seed 001, 2. Deploy a follower: "Only one follower may be deployed each turn", "The follower
/// must come from the player's supply", "The follower may only be deployed to the tile just
/// placed"; and the turn order "must draw one new land tile and place it" then "may" deploy.
#[test]
fn deploy_one_follower_only_on_the_tile_just_placed() {
    let mut t = Table::new(&[Red, Blue], &["U", "U"]);
    // No deployment (and no pass) before the tile is placed.
    assert!(matches!(t.game.check(Action::Pass), Err(RuleError::WrongDecision { .. })));
    t.place(1, 0, 0);
    // Features are those of the tile just placed: base:U has a road and two fields, no cloister.
    assert_eq!(t.deployable(), vec!["field@ESE", "field@NNW", "road@E"]);
    assert_eq!(t.game.check(Action::Deploy { figure: Figure::Follower, feature: 9 }), Err(RuleError::NoSuchFeature(9)));
    assert!(matches!(t.game.check(Table::place_action(2, 0, 0)), Err(RuleError::WrongDecision { .. })));
    t.deploy("road@E");
    // The turn is over after one deployment: the next player must place a tile.
    assert_eq!(t.game.pending(), Pending::PlaceTile { player: 1, tile: tile("U") });
    assert!(matches!(t.game.check(Action::Pass), Err(RuleError::WrongDecision { .. })));
    assert_eq!(t.supply(Red), 6);

    // In a record, a feature the tile does not have is refused with the reason.
    let record = Record::from_json(
        r#"{"players": ["red", "blue"], "deck": {"order": ["base:U"]},
            "actions": [{"action": "place", "x": 1, "y": 0, "rotation": 0},
                        {"action": "deploy", "figure": "follower", "feature": "cloister"}]}"#,
    )
    .unwrap();
    let err = record.replay().unwrap_err().to_string();
    assert!(err.starts_with("action 1:") && err.contains("no cloister"), "{err}");
}

/// Seed 001, 2. Deploy a follower: "There must be no other follower (not even one belonging to
/// the same player) on the road, city or farm segments connected to the tile just placed. It does
/// not matter how far away the follower is." Seed 000, Summary: "You may not place a meeple in a
/// feature where there already is at least one other meeple, including one of yours."
#[test]
fn deploy_refused_on_an_occupied_feature_even_ones_own() {
    let mut t = Table::new(&[Red, Blue], &["N", "B", "M"]);
    t.turn(0, -1, 180, Some("city@S")); // red's knight in the start tile's city
    t.turn(0, 1, 0, None);
    t.place(1, -1, 270); // red extends its own city
    let err = t.try_deploy("city@W").unwrap_err();
    assert_eq!(err, RuleError::FeatureOccupied(FeatureKind::City));
    assert!(err.to_string().contains("already occupied"), "{err}");
    assert_eq!(t.deployable(), vec!["field@NNW"]);
}

/// Seed 001, 2. Deploy a follower, first example: "BLUE can only deploy a farmer: there is
/// already a knight in the connecting city."
#[test]
fn seed001_example_blue_can_only_deploy_a_farmer() {
    let mut t = Table::new(&[Red, Blue], &["N", "M"]);
    t.turn(0, -1, 180, Some("city@S"));
    t.place(1, -1, 270); // blue's city corner joins red's city
    let field = t.deploy_action("field@NNW");
    assert_eq!(t.game.legal_actions(), vec![field, Action::Pass]);
}

/// Seed 001, 2. Deploy a follower, second example: "BLUE can deploy the follower as a knight or a
/// thief, or as a farmer on the small farm segment: the large farm is already occupied."
#[test]
fn seed001_example_blue_may_deploy_knight_thief_or_small_farm() {
    let mut t = Table::new(&[Red, Blue], &["U", "J"]);
    t.turn(-1, 0, 0, Some("field@SSW")); // red's farmer on the large farm south of the road
    t.place(0, 1, 90); // blue: city east, road south-west, its large field joins red's farm
    assert_eq!(t.deployable(), vec!["city@E", "field@SSW", "road@S"]);
    assert_eq!(t.try_deploy("field@NNW"), Err(RuleError::FeatureOccupied(FeatureKind::Field)));
}

/// Seed 001, 'Farms', picture: "After the placement of the new tile, the farms of the three
/// farmers are joined to form one. Be careful: The player who placed the new tile may not deploy
/// a farmer, since the (now connected) farm is already occupied by farmers."
#[test]
fn seed001_farms_joined_by_a_new_tile_are_occupied() {
    let mut t = Table::new(&[Red, Blue], &["U", "B", "B", "B", "B", "U", "U"]);
    t.turn(1, 0, 0, Some("field@NNW")); // red: farm north of the road, east
    t.turn(0, 1, 0, None);
    t.turn(-1, 1, 0, None);
    t.turn(-2, 1, 0, None);
    t.turn(-3, 1, 0, None);
    t.turn(-2, 0, 0, Some("field@NNW")); // blue: a separate farm north of the road, west
    t.place(-1, 0, 0); // red joins both northern farms and both roads
    assert_eq!(t.try_deploy("field@NNW"), Err(RuleError::FeatureOccupied(FeatureKind::Field)));
    // The southern farm and the road are free.
    assert_eq!(t.deployable(), vec!["field@ESE", "road@E"]);
    let farmers: Vec<_> = t.game.figures().iter().map(|f| t.game.feature_root(f.placement, f.feature)).collect();
    assert_eq!(farmers[0], farmers[1], "one farm now");
}

/// Seed 002 (Winter Edition), 2. Deploy a follower, first example: "BLUE may not place a thief,
/// as the road is already occupied. He may play a monk or place a follower on the field."
#[test]
fn seed002_example_blue_may_not_place_a_thief_but_a_monk_or_a_farmer() {
    let mut t = Table::new(&[Red, Blue], &["U", "A"]);
    t.turn(1, 0, 0, Some("road@E")); // red's thief on the start tile's road
    t.place(2, 0, 90); // blue's cloister tile: its road runs west into red's road
    assert_eq!(t.try_deploy("road@W"), Err(RuleError::FeatureOccupied(FeatureKind::Road)));
    assert_eq!(t.deployable(), vec!["cloister", "field@NNW"]);
}

/// Seed 002 (Winter Edition), 2. Deploy a follower, second example: "BLUE may not place a knight
/// in the city, as the city is already claimed. He may place a thief on the road or place a
/// follower on the field."
#[test]
fn seed002_example_blue_may_not_place_a_knight_but_a_thief_or_a_farmer() {
    let mut t = Table::new(&[Red, Blue], &["N", "J"]);
    t.turn(0, -1, 270, Some("city@S")); // red's knight: the start tile's city turns west
    t.place(-1, -1, 90); // blue's city and road curve: its city joins red's from the west
    assert_eq!(t.try_deploy("city@E"), Err(RuleError::FeatureOccupied(FeatureKind::City)));
    // The road and both fields (inside and outside the road's curve) are free.
    assert_eq!(t.deployable(), vec!["field@NNW", "field@SSW", "road@S"]);
}

/// Seed 002 (Winter Edition), "How can multiple followers stand on one feature?": "Turn 2: RED
/// places the tile at the upper right and places a farmer on the field. He may do this because
/// the fields are not yet connected ... the fields are not connected at the corners! Turn 3: Now
/// the two field segments are connected as part of a larger field."
#[test]
fn seed002_example_fields_touching_at_a_corner_are_two_farms_until_joined() {
    let mut t = Table::new(&[Blue, Red], &["U", "E", "B", "B"]);
    // Turn 1: blue's farmer north of the road.
    t.turn(1, 0, 0, Some("field@NNW"));
    // Turn 2: red closes the start tile's city; the cap's field meets blue's farm only at the
    // corner between (0,-1) and (1,0).
    t.place(0, -1, 180);
    assert_eq!(t.try_deploy("field@NNW"), Ok(()), "not connected at the corner");
    t.deploy("field@NNW");
    let farm = |t: &Table, i: usize| {
        let f = t.game.figures()[i];
        t.game.feature_root(f.placement, f.feature)
    };
    assert_ne!(farm(&t, 0), farm(&t, 1), "two farms after turn 2");
    // Turn 3: a cloister touching both along edges makes one farm with both farmers.
    t.turn(1, -1, 0, None);
    assert_eq!(farm(&t, 0), farm(&t, 1), "one farm after turn 3");
    t.turn(0, 1, 0, None);
    // The farm borders the completed city: both farmers tie for it and score 3 each.
    assert!(t.game.is_over());
    assert_eq!(paid(&t, &t.log), vec![(FeatureKind::Field, Phase::Final, 3, vec![Blue, Red])]);
}

/// Seed 001, footnote 10: "A player may only deploy one follower per turn ... and it must be
/// before any scoring. If the player already occupies the small, now-completed city, he or she
/// may deploy a second follower to the other city segment ... If the follower is deployed to the
/// small city, it will be returned immediately and the player will earn four points, but the
/// follower cannot be redeployed." (Seed 000, official clarification in 'Use a meeple...'.)
#[test]
fn footnote_10_one_follower_per_turn_before_scoring() {
    // Red already occupies the city that base:H completes: it may deploy on the other segment.
    let mut t = Table::new(&[Red, Blue], &["E", "B", "H", "B"]);
    t.turn(0, 1, 180, Some("city@S"));
    t.turn(1, 1, 0, None);
    t.place(0, 2, 0);
    assert_eq!(t.try_deploy("city@N"), Err(RuleError::FeatureOccupied(FeatureKind::City)));
    assert_eq!(t.deployable(), vec!["city@S", "field@ENE"]);
    let events = t.deploy("city@S");
    assert_eq!(paid(&t, &events), vec![(FeatureKind::City, Phase::Turn, 4, vec![Red])]);
    assert_eq!(t.game.figures().len(), 1, "the first knight came back, the new one stays");
    assert_eq!(t.supply(Red), 6);

    // Red does not occupy it yet: either segment may take the follower.
    let mut t = Table::new(&[Red, Blue], &["E", "B", "H", "B"]);
    t.turn(0, 1, 180, None);
    t.turn(1, 1, 0, None);
    t.place(0, 2, 0);
    assert_eq!(t.deployable(), vec!["city@N", "city@S", "field@ENE"]);
    let events = t.deploy("city@N");
    let deployed = events.iter().position(|e| matches!(e, Event::FigureDeployed { .. })).unwrap();
    let scored = events.iter().position(|e| matches!(e, Event::Scored(_))).unwrap();
    let returned = events.iter().position(|e| matches!(e, Event::FigureReturned { .. })).unwrap();
    assert!(deployed < scored && scored < returned);
    assert_eq!(t.scores(), vec![4, 0]);
    assert_eq!(t.supply(Red), 7, "returned immediately");
    // ... but it cannot be redeployed: the turn is over.
    assert_eq!(t.game.pending(), Pending::PlaceTile { player: 1, tile: tile("B") });
}

/// Seed 001, footnote 11: "If you complete a previously unoccupied city ..., do you have to
/// occupy this city ...? Or can you close the city without it being occupied and deploy a
/// farmer? Answer: So long as the farm is unoccupied you may deploy a follower to it. The city
/// does not necessarily require a knight."
#[test]
fn footnote_11_completing_a_city_needs_no_knight() {
    let mut t = Table::new(&[Red, Blue], &["E", "B"]);
    t.place(0, -1, 180);
    assert_eq!(t.deployable(), vec!["city@S", "field@NNW"]);
    let events = t.deploy("field@NNW");
    assert_eq!(unclaimed(&events), vec![(FeatureKind::City, 4)], "the city is scored, for nobody");
    assert!(paid(&t, &events).is_empty());
    assert_eq!(t.scores(), vec![0, 0]);
    assert_eq!(t.game.figures().len(), 1, "the farmer stays");
}

/// Seed 001, footnote 12: "On cloister tiles, are we allowed to deploy a follower on the
/// surrounding farm segment? Answer: Yes! ... In this case the cloister remains unoccupied for the
/// rest of the game." (Seed 000, official clarification in 'The Farmers'.)
#[test]
fn footnote_12_farmer_beside_a_cloister() {
    let mut t = Table::new(&[Red, Blue], &["B", "U", "U", "E", "E", "E", "E", "E"]);
    t.place(0, 1, 0);
    assert_eq!(t.deployable(), vec!["cloister", "field@NNW"]);
    t.deploy("field@NNW");
    t.turn(-1, 0, 0, None);
    t.turn(1, 0, 0, None);
    t.turn(-1, 1, 270, None);
    t.turn(1, 1, 90, None);
    t.turn(-1, 2, 180, None);
    t.turn(0, 2, 180, None);
    let events = t.turn(1, 2, 180, None); // completes the cloister
    assert_eq!(unclaimed(&events), vec![(FeatureKind::Cloister, 9)], "nobody's monk");
    // The farmer was not on the cloister: it stays until the final scoring (no completed city).
    assert!(paid(&t, &events).iter().all(|(kind, phase, _, _)| *kind == FeatureKind::Field && *phase == Phase::Final));
    assert_eq!(t.scores(), vec![0, 0]);
}

// ----- Roads -----

/// Seed 001, footnotes 13 and 14: "all crossings have the same effect - namely, to bring a road
/// to an end"; "Every crossing (or junction) ends a road, irrespective of which direction they
/// reach the junction from ... every thief is on its own road." Seed 000: the end of a road is
/// closed "when it meets a village".
#[test]
fn footnote_13_14_every_junction_ends_a_road() {
    let mut t = Table::new(&[Red, Blue], &["W", "A", "X", "B"]);
    t.place(1, 0, 0); // a junction east of the start tile: roads east, south and west
                      // Its three roads are three features: each can take a thief.
    assert_eq!(t.deployable(), vec!["field@ESE", "field@NNW", "field@SSW", "road@E", "road@S", "road@W"]);
    t.deploy("road@W"); // the road through the start tile, ending at the junction
                        // Blue ends the road's other side at a cloister: cloister - start tile - junction.
    let events = t.turn(-1, 0, 270, None);
    assert_eq!(paid(&t, &events), vec![(FeatureKind::Road, Phase::Turn, 3, vec![Red])]);
    // A crossing below the junction: the road between the two villages is complete.
    t.place(1, 1, 0);
    let events = t.deploy("road@N");
    assert_eq!(paid(&t, &events), vec![(FeatureKind::Road, Phase::Turn, 2, vec![Red])]);
    assert_eq!(t.scores(), vec![5, 0]);
}

/// Seed 001, INCORPORATED FAQ 11: "How many points does this crossing / circle earn? Answer: A
/// thief on this circle earns 4 points. Although it consists of five road segments each land tile
/// scores only once, just as in the case of cities." Seed 000: a road is closed when "it loops
/// onto itself".
#[test]
fn faq_11_road_circle_scores_each_tile_once() {
    let mut t = Table::new(&[Red, Blue], &["X", "B", "V", "V", "V"]);
    t.turn(1, 0, 0, None);
    t.turn(0, 1, 0, None);
    t.turn(2, 0, 0, Some("road@W")); // from the crossing's east exit...
    t.turn(2, 1, 90, None);
    let events = t.turn(1, 1, 180, None); // ...back into its south exit
    assert_eq!(paid(&t, &events), vec![(FeatureKind::Road, Phase::Turn, 4, vec![Red])]);
    let Some(Event::Scored(score)) = events.iter().find(|e| matches!(e, Event::Scored(_))) else { panic!() };
    assert_eq!(score.breakdown.tiles, 4, "five segments on four tiles");
}

// ----- Cities -----

/// Seed 001, footnote 16 and 'A completed city': "A city is completed when its segments are fully
/// encompassed by a city wall and there are no gaps within the city." A city with one open edge is
/// not scored; the tile that closes the last gap completes it.
#[test]
fn footnote_16_a_city_with_a_gap_is_not_complete() {
    let mut t = Table::new(&[Red, Blue], &["N", "M", "K"]);
    t.turn(0, -1, 180, Some("city@S"));
    let events = t.turn(1, -1, 270, None); // the city now only lacks its south-east edge
    assert!(events.iter().all(|e| !matches!(e, Event::Scored(_))));
    let events = t.turn(1, 0, 0, None);
    assert_eq!(paid(&t, &events), vec![(FeatureKind::City, Phase::Turn, 10, vec![Red])]);
}

/// Seed 001, footnote 17: "the so-called 'small city' rule has not been used in German editions
/// for some time ... small cities are now scored in the same way as every other city ... The RGG
/// edition of the Big Box still uses the 'small city' rule"; INCORPORATED FAQ "'Small city' rule
/// revoked" (HiG: 4 points; RGG: 2 points).
#[test]
fn footnote_17_no_small_city_rule_by_default() {
    let small_city = |rules: Rules| {
        let mut t = Table::with_rules(rules, &[Red, Blue], &["E"]);
        t.turn(0, -1, 180, Some("city@S"));
        t.scores()[0]
    };
    assert_eq!(small_city(Rules::base()), 4);
    assert_eq!(small_city(Rules::with_rule_set(RuleSet::HigBigBox)), 4);
    assert_eq!(small_city(Rules::with_rule_set(RuleSet::Hig)), 4);
    assert_eq!(small_city(Rules::with_rule_set(RuleSet::Rgg)), 2);
    assert_eq!(small_city(Rules::with_rule_set(RuleSet::RggBigBox)), 2);
    assert_eq!(small_city(rules_with(Variants { small_city: true, ..Variants::default() })), 2);
    // Under the small-city rule a three-tile city still scores 2 per tile.
    let mut t = Table::with_rules(Rules::with_rule_set(RuleSet::Rgg), &[Red, Blue], &["G", "E"]);
    t.turn(0, -1, 90, Some("city@S"));
    t.turn(0, -2, 180, None);
    assert_eq!(t.scores(), vec![6, 0]);
}

/// Seed 001, 'A completed city', picture caption: "When both city segments on a tile are in a
/// single city, they only count as one segment"; seed 000, footnote 10 interpretation: "a coat of
/// arms only affects the city segment it is in".
#[test]
fn two_segments_of_one_tile_in_one_city_count_once() {
    let mut t = Table::new(&[Red, Blue], &["N", "N", "N", "I"]);
    t.turn(0, 1, 180, Some("city@E"));
    t.turn(1, 1, 270, None);
    t.turn(0, 2, 90, None);
    let events = t.turn(1, 2, 0, None); // both city segments of base:I join the same city
    assert_eq!(paid(&t, &events), vec![(FeatureKind::City, Phase::Turn, 8, vec![Red])]);
}

// ----- Several followers on one feature -----

/// Seed 001, footnote 18: "Do you score double in these cases? Answer: No! ... Two knights do not
/// double the points. The number of followers is only important in establishing who has the
/// majority." Also INCORPORATED FAQ 7, 10 and 12, and seed 000, footnote 13 (also for farms).
#[test]
fn footnote_18_two_followers_do_not_double_points() {
    // Two red knights, joined into one completed city of four tiles and a pennant.
    let mut t = Table::new(&[Red, Blue], &["N", "B", "K", "M"]);
    t.turn(0, -1, 180, Some("city@S"));
    t.turn(0, 1, 0, None);
    t.turn(1, 0, 0, Some("city@N"));
    let events = t.turn(1, -1, 270, None);
    assert_eq!(paid(&t, &events), vec![(FeatureKind::City, Phase::Turn, 10, vec![Red])]);
    assert_eq!(t.scores(), vec![10, 0]);
    assert_eq!(t.supply(Red), 7, "both knights come back");

    // Two red farmers on one farm bordering one completed city: 3 points, not 6.
    let mut t = Table::new(&[Red, Blue], &["U", "B", "B", "B", "U", "E", "U"]);
    t.turn(1, 0, 0, Some("field@NNW"));
    t.turn(0, 1, 0, None);
    t.turn(-1, 1, 0, None);
    t.turn(-2, 1, 0, None);
    t.turn(-2, 0, 0, Some("field@NNW"));
    t.turn(0, -1, 180, None); // closes the start tile's city, which the farm borders
    t.turn(-1, 0, 0, None); // joins the two farms
    assert!(t.game.is_over());
    assert_eq!(paid(&t, &t.log), vec![(FeatureKind::Field, Phase::Final, 3, vec![Red])]);
    assert_eq!(t.scores(), vec![3, 0]);
}

/// Seed 001, 'What happens if there are several followers...': "In the case of a draw, all players
/// involved score the full number of points"; INCORPORATED FAQ 6 ("The newly-created road is now
/// occupied by both thieves and both players earn the same points"), 9 ("Both earn the same
/// points") and 13; seed 000, example 4b ("both you and the other player score 4 points").
#[test]
fn faq_6_9_13_joined_roads_pay_every_tied_owner_in_full() {
    let mut t = Table::new(&[Red, Blue], &["B", "A", "A", "B", "V"]);
    t.turn(0, 1, 0, None);
    t.turn(-1, 0, 270, Some("road@E")); // blue: road from a cloister through the start tile
    t.place(1, 1, 180); // red: a separate road ending at another cloister
    assert_eq!(t.try_deploy("road@N"), Ok(()), "not connected to blue's road");
    t.deploy("road@N");
    t.turn(0, 2, 0, None);
    let events = t.turn(1, 0, 0, None); // a curve joins and completes both
    assert_eq!(paid(&t, &events), vec![(FeatureKind::Road, Phase::Turn, 4, vec![Red, Blue])]);
    assert_eq!(t.scores(), vec![4, 4]);
}

/// Seed 001, INCORPORATED FAQ 8: "When establishing a majority only the followers in the city,
/// road or cloister in question are relevant. In the example shown, yellow and black draw ... The
/// yellow thief on the bottom left tile is on a different road, which is separated from the other
/// by the crossing, and earns the points for that road alone."
#[test]
fn faq_8_majority_counts_only_the_feature_in_question() {
    let mut t = Table::new(&[Yellow, Black], &["X", "B", "U", "B", "B", "A", "V"]);
    t.turn(1, 0, 0, Some("road@S")); // yellow: thief on the crossing's southern road
    t.turn(0, 1, 0, None);
    t.turn(-1, 0, 0, Some("road@E")); // yellow: thief on the road west of the crossing
    t.turn(-1, 1, 0, None);
    t.turn(-1, 2, 0, None);
    t.turn(-2, 1, 180, Some("road@N")); // black: thief on a separate road
                                        // Yellow joins and completes it (five tiles) with the last tile; the southern road is
                                        // scored alone in the final scoring (one tile).
    let events = t.turn(-2, 0, 270, None);
    assert!(t.game.is_over());
    assert_eq!(
        paid(&t, &events),
        vec![
            (FeatureKind::Road, Phase::Turn, 5, vec![Yellow, Black]),
            (FeatureKind::Road, Phase::Final, 1, vec![Yellow])
        ]
    );
    assert_eq!(t.scores(), vec![6, 5]);
}

// ----- Scoring during the game -----

/// Seed 001, 'Returning followers to their owners': "It is possible to deploy a follower, score
/// immediately, and have the follower returned, all in the same turn" (complete, deploy, score,
/// return); INCORPORATED FAQ: "the same is true of cities and the stroke of luck when such a thing
/// happens with a cloister". Seed 000: 'Use a meeple, score a feature, and get the meeple back'.
#[test]
fn faq_deploy_score_and_return_in_the_same_turn() {
    // The stroke of luck: a cloister placed into a hole with eight neighbours.
    let mut t = Table::new(&[Red, Blue], &["U", "U", "E", "E", "E", "E", "E", "B"]);
    t.turn(-1, 0, 0, None);
    t.turn(1, 0, 0, None);
    t.turn(-1, 1, 270, None);
    t.turn(1, 1, 90, None);
    t.turn(-1, 2, 180, None);
    t.turn(0, 2, 180, None);
    t.turn(1, 2, 180, None);
    t.place(0, 1, 0);
    let events = t.deploy("cloister");
    let kinds: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::FigureDeployed { .. } => Some("deploy"),
            Event::Scored(_) => Some("score"),
            Event::FigureReturned { .. } => Some("return"),
            _ => None,
        })
        .collect();
    assert_eq!(kinds, vec!["deploy", "score", "return"]);
    assert_eq!(paid(&t, &events), vec![(FeatureKind::Cloister, Phase::Turn, 9, vec![Blue])]);
    assert_eq!(t.supply(Blue), 7);

    // A city: the knight placed on the closing tile scores at once.
    let mut t = Table::new(&[Red, Blue], &["E"]);
    t.place(0, -1, 180);
    let events = t.deploy("city@S");
    assert_eq!(paid(&t, &events), vec![(FeatureKind::City, Phase::Turn, 4, vec![Red])]);
}

/// Seed 000, footnote 16 (official clarification): "Note that features are considered to be
/// complete as soon as the tile is placed, although meeple placement and scoring only occur
/// afterwards."
#[test]
fn clarification_features_complete_as_soon_as_the_tile_is_placed() {
    let mut t = Table::new(&[Red, Blue], &["E", "B"]);
    let events = t.place(0, -1, 180);
    assert!(events.iter().all(|e| !matches!(e, Event::Scored(_))), "no scoring before the deployment");
    let placement = (t.game.board().len() - 1) as u16;
    let city = t.game.feature_root(placement, 0);
    assert!(t.game.features().is_closed(city), "complete as soon as the tile is placed");
    assert!(matches!(t.game.pending(), Pending::Deploy { player: 0, .. }));
    let events = t.deploy("city@S");
    assert_eq!(paid(&t, &events), vec![(FeatureKind::City, Phase::Turn, 4, vec![Red])]);
}

// ----- The end of the game -----

/// Seed 001, THE END OF THE GAME: "The game ends at the end of the turn in which the last land
/// tile is placed. And roads, cities and cloisters completed in this round are scored as usual.
/// This is followed by the final scoring." Seed 000, footnote 14.
#[test]
fn end_of_game_turn_scoring_then_final_scoring() {
    let mut t = Table::new(&[Red, Blue], &["U", "E"]);
    t.turn(1, 0, 0, Some("road@E"));
    assert!(!t.game.is_over());
    let events = t.turn(0, -1, 180, Some("city@S")); // the last tile completes a city
    assert_eq!(
        paid(&t, &events),
        vec![(FeatureKind::City, Phase::Turn, 4, vec![Blue]), (FeatureKind::Road, Phase::Final, 2, vec![Red])]
    );
    assert_eq!(events.last(), Some(&Event::GameEnded));
    assert!(t.game.is_over());
    assert_eq!(t.game.legal_actions(), vec![]);
    assert_eq!(t.game.check(Action::Pass), Err(RuleError::GameOver));
}

/// Seed 001, footnote 23: "During the final scoring roads earn exactly as much as during the
/// game, that is, 1 point per road segment. In the example shown, blue earns four points ... When
/// there are five tiles surrounding the cloister it earns 6 in total." Final Scoring: "Pennants
/// also now score only 1 point." Seed 000: an incomplete city "is worth 1 point per tile and 1
/// point per coat of arms".
#[test]
fn footnote_23_final_scoring_of_incomplete_features() {
    let mut t = Table::new(&[Red, Blue], &["B", "U", "U", "U", "E", "E", "M"]);
    t.turn(0, 1, 0, Some("cloister"));
    t.turn(-1, 0, 0, Some("road@W"));
    t.turn(1, 0, 0, None);
    t.turn(-2, 0, 0, None);
    t.turn(-1, 1, 270, None);
    t.turn(1, 1, 90, None);
    t.turn(0, -1, 180, Some("city@S")); // a pennant corner on the start tile's city, left open
    assert!(t.game.is_over());
    let mut finals = paid(&t, &t.log);
    finals.sort_by_key(|p| p.0);
    assert_eq!(
        finals,
        vec![
            (FeatureKind::Road, Phase::Final, 4, vec![Blue]),
            (FeatureKind::City, Phase::Final, 3, vec![Red]),
            (FeatureKind::Cloister, Phase::Final, 6, vec![Red]),
        ]
    );
    let city = t
        .log
        .iter()
        .find_map(|e| match e {
            Event::Scored(s) if s.kind == FeatureKind::City => Some(s.breakdown),
            _ => None,
        })
        .unwrap();
    assert_eq!((city.tiles, city.tile_value, city.pennants, city.pennant_value), (2, 1, 1, 1));
    assert_eq!(t.scores(), vec![9, 4]);
    assert!(t.game.figures().is_empty(), "every follower is removed (footnote 24)");
}

/// Seed 001, 'Scoring farms': "Only the farmers and their farms are left, and these will be
/// scored now" - the incomplete roads, cities and cloisters come first.
#[test]
fn final_scoring_scores_features_before_farms() {
    let mut t = Table::new(&[Red, Blue], &["E", "U"]);
    t.turn(0, -1, 180, Some("field@NNW"));
    t.turn(1, 0, 0, Some("road@E"));
    assert_eq!(
        paid(&t, &t.log),
        vec![(FeatureKind::Road, Phase::Final, 2, vec![Blue]), (FeatureKind::Field, Phase::Final, 3, vec![Red])]
    );
}

// ----- Farms -----

/// Seed 001, 'Farms': "farmers remain on the farm for the duration of the game and are never
/// returned to their owner!"; seed 000, official clarification (1/2021): "Fields are never
/// considered completed. Because of that you will never get your farmers back until the final
/// scoring."
#[test]
fn faq_fields_never_complete() {
    let mut t = Table::new(&[Red, Blue], &["X", "B", "V", "V", "V", "B", "B"]);
    t.turn(1, 0, 0, None);
    t.turn(0, 1, 0, None);
    t.turn(2, 0, 0, None);
    t.turn(2, 1, 90, None);
    // The curve that closes the road circle also encloses the field inside it.
    t.turn(1, 1, 180, Some("field@NNE"));
    let farmer = t.game.figures()[0];
    let farm = t.game.feature_root(farmer.placement, farmer.feature);
    assert_eq!(t.game.features().open_ports(farm), 0, "no edge of the field is open");
    t.turn(0, 2, 0, None);
    assert_eq!(t.game.figures().len(), 1, "the farmer stays on the enclosed field");
    assert_eq!(t.supply(Red), 6);
    t.turn(-1, 1, 0, None);
    assert!(t.game.is_over());
    assert_eq!(t.supply(Red), 7, "back only after the final scoring");
}

/// Seed 001, footnote 19: "It can certainly happen that a farm covers almost the entire playing
/// field"; 2. Deploy a follower: "It does not matter how far away the follower is"; 'Farms':
/// "Farms are separated from each other by roads, cities and the edge of the playing field".
/// Seed 000, footnote 17.
#[test]
fn footnote_19_farms_can_be_large() {
    let mut t = Table::new(&[Red, Blue], &["U", "U", "U", "U", "U", "U"]);
    t.turn(1, 0, 0, Some("field@NNW"));
    for x in 2..6 {
        t.turn(x, 0, 0, None);
    }
    t.place(6, 0, 0); // six tiles from red's farmer, on the same farm north of the road
    assert_eq!(t.try_deploy("field@NNW"), Err(RuleError::FeatureOccupied(FeatureKind::Field)));
    // The road separates the farm south of it, which is free.
    assert_eq!(t.deployable(), vec!["field@ESE", "road@E"]);
}

/// Seed 001, footnote 25: "It is unclear whether incomplete farms earn points during the final
/// scoring. Answer: ... completed cities count, on incomplete farms as well." (Seed 000,
/// official clarification in 'The Farmers'.) An incomplete city gives nothing.
#[test]
fn footnote_25_incomplete_farms_score_completed_cities() {
    let mut t = Table::new(&[Red, Blue], &["E", "E", "E", "E"]);
    t.turn(0, -1, 180, None); // closes the start tile's city
    t.turn(1, -1, 90, Some("field@NNW")); // blue's open farm beyond it
    t.turn(2, -1, 270, Some("field@NNE")); // closes a second city; red's farm behind it
    t.turn(-1, -1, 270, None); // an incomplete city on blue's farm
                               // Placement 2 is blue's base:E at (1,-1); its feature 1 is the field blue's farmer is on.
    let blue_farm = t.game.features().open_ports(t.game.feature_root(2, 1));
    assert!(blue_farm > 0, "blue's farm is open");
    assert_eq!(
        paid(&t, &t.log),
        vec![(FeatureKind::Field, Phase::Final, 6, vec![Blue]), (FeatureKind::Field, Phase::Final, 3, vec![Red])]
    );
    assert_eq!(t.scores(), vec![3, 6]);
}

/// Seed 001, footnote 26: "do we score farms which are completely closed off by roads, but which
/// don't have any adjacent cities? ... Strictly speaking, they should be scored exactly like every
/// other farm, with 3 points for every completed city. In this case, that makes a total of zero
/// points. And the farmer is nevertheless unable to leave the farm." (Seed 000, clarification.)
#[test]
fn footnote_26_closed_farm_without_cities_scores_zero() {
    let mut t = Table::new(&[Red, Blue], &["X", "B", "V", "V", "V"]);
    t.turn(1, 0, 0, None);
    t.turn(0, 1, 0, None);
    t.turn(2, 0, 0, None);
    t.turn(2, 1, 90, None);
    t.turn(1, 1, 180, Some("field@NNE")); // inside the road circle
    assert!(t.game.is_over());
    assert_eq!(paid(&t, &t.log), vec![(FeatureKind::Field, Phase::Final, 0, vec![Red])]);
    assert_eq!(t.scores(), vec![0, 0]);
}

/// Seed 001, footnotes 27 and 28 and the first two INCORPORATED FAQ entries: third edition
/// (HiG, default) - "the owner(s) of each farm score 3 points for the city", so "blue even earns
/// points twice"; second edition - each city once per player; first edition (RGG) - per city, "The
/// player with the majority of adjacent farmers supplying a city would earn four points for it ...
/// blue would be the only one to score points".
#[test]
fn footnote_27_28_farm_scoring_editions() {
    // A three-tile city bordered by four farms: blue on two, yellow on one.
    let play = |rules: Rules| {
        let mut t = Table::with_rules(rules, &[Blue, Yellow], &["G", "E", "U"]);
        t.turn(0, -1, 90, Some("field@ENE"));
        t.turn(0, -2, 180, Some("field@NNW"));
        t.turn(-1, 0, 0, Some("field@NNW"));
        assert!(t.game.is_over());
        t.scores()
    };
    let edition = |farmer_scoring| rules_with(Variants { farmer_scoring, ..Variants::default() });
    assert_eq!(play(Rules::base()), vec![6, 3]);
    assert_eq!(play(edition(FarmerScoring::ThirdEdition)), vec![6, 3]);
    assert_eq!(play(edition(FarmerScoring::SecondEdition)), vec![3, 3]);
    assert_eq!(play(edition(FarmerScoring::FirstEdition)), vec![4, 0]);
    assert_eq!(play(Rules::with_rule_set(RuleSet::Hig)), vec![6, 3]);
    assert_eq!(play(Rules::with_rule_set(RuleSet::Rgg)), vec![4, 0]);
    assert_eq!(play(Rules::with_rule_set(RuleSet::RggBigBox)), vec![4, 0]);
}

/// Seed 001, 'Scoring farms': "If several players have farmers on a given farm, then the player
/// with the most farmers is the owner. In the case of a draw, all the players with the most
/// farmers are considered to be owners"; first edition: a tie for the majority around a city pays
/// every tied player 4.
#[test]
fn farm_majority_and_ties() {
    // Red and blue each have a farmer on the same farm, which borders one completed city.
    let play = |rules: Rules| {
        let mut t = Table::with_rules(rules, &[Red, Blue], &["U", "B", "B", "B", "E", "U", "U"]);
        t.turn(1, 0, 0, Some("field@NNW"));
        t.turn(0, 1, 0, None);
        t.turn(-1, 1, 0, None);
        t.turn(-2, 1, 0, None);
        t.turn(0, -1, 180, None); // closes the start tile's city
        t.turn(-2, 0, 0, Some("field@NNW")); // not yet connected: (-1,0) is empty
        t.turn(-1, 0, 0, None); // joins them
        t.scores()
    };
    assert_eq!(play(Rules::base()), vec![3, 3]);
    assert_eq!(play(Rules::with_rule_set(RuleSet::Rgg)), vec![4, 4]);
}

/// Seed 003 ("farmers ... as a supplement") and seed 000 ("farmers were separated as a
/// supplement"): without farmers, fields take no follower.
#[test]
fn variant_without_farmers_refuses_field_deployments() {
    let rules = rules_with(Variants { farmers: false, ..Variants::default() });
    let mut t = Table::with_rules(rules, &[Red, Blue], &["U"]);
    t.place(1, 0, 0);
    assert_eq!(t.deployable(), vec!["road@E"]);
    assert_eq!(t.try_deploy("field@ENE"), Err(RuleError::FarmersNotInPlay));
}

/// Seed 001, SUMMARY OF RULE SETS & CHANGES: "'small city' rule: no / yes / no / yes" and
/// "farmer scoring: 3rd edition / 1st edition / 3rd edition / 1st edition" for HiG, RGG, Big Box
/// (HiG), Big Box (RGG). The default is the HiG Big Box column.
#[test]
fn rule_set_table_of_seed_001() {
    let cases = [
        (RuleSet::Hig, false, FarmerScoring::ThirdEdition),
        (RuleSet::Rgg, true, FarmerScoring::FirstEdition),
        (RuleSet::HigBigBox, false, FarmerScoring::ThirdEdition),
        (RuleSet::RggBigBox, true, FarmerScoring::FirstEdition),
    ];
    for (rule_set, small_city, farmer_scoring) in cases {
        let v = Variants::preset(rule_set);
        assert_eq!((v.small_city, v.farmer_scoring, v.farmers), (small_city, farmer_scoring, true), "{rule_set:?}");
        assert_eq!(RuleSet::from_name(rule_set.name()), Some(rule_set));
    }
    assert_eq!(Rules::base(), Rules::with_rule_set(RuleSet::HigBigBox));
}

/// Seed 000, 'The Abbot': gardens on C2/C3 tiles are "scored exactly like monastery, with the
/// exception that only an abbot may be placed on them" (also seed 003). Without The Abbot a
/// garden takes no follower and lies inside its field.
#[test]
fn abbot_gardens_are_scenery_without_the_abbot() {
    let rules = rules_with(Variants { tile_edition: Edition::Second, ..Variants::default() });
    let mut t = Table::with_rules(rules, &[Red, Blue], &["E-garden"]);
    t.place(0, -1, 180);
    assert_eq!(t.deployable(), vec!["city@S", "field@NNW"]);
    assert_eq!(t.try_deploy("garden"), Err(RuleError::CannotDeployOn(FeatureKind::Garden)));
    t.deploy("field@NNW");
    assert_eq!(t.scores(), vec![3, 0], "the farmer next to the garden scores the completed city");
}
