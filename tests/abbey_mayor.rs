//! Abbey & Mayor (seed 001, ABBEY AND MAYOR, footnotes 118-140; its lines in "ORDER OF PLAY &
//! SCORING"; seed 004's steps 1B, 2B, 3A and 3B). Each rule and each footnote or FAQ answer that
//! states one is a named test here; docs/rules.md's ruling table points to them. The seed's
//! worked examples are also scenarios under tests/scenarios (`seed001_abbey_*`,
//! `seed001_mayor_*`, `seed001_wagon_*`, `seed001_barn_*`).

use std::collections::BTreeSet;

use carcassonne_engine::record::{decode_action, encode_action};
use carcassonne_engine::{
    Action, Color, Corner, Deck, Event, Expansion, FeatureKind, Figure, Game, GameSetup, Pending, Phase, PlayerId, Pos,
    Record, RecordAction, RuleError, RuleSet, Rules, Variants,
};

use crate::princess_dragon::{apply, deploy, feature, figures_on, game_with};
use crate::support::owned;

const F: Figure = Figure::Follower;
const RED: PlayerId = 0;
const BLUE: PlayerId = 1;
const YELLOW: PlayerId = 3;

fn am_rules(others: &[Expansion]) -> Rules {
    Rules {
        expansions: [Expansion::AbbeyMayor].into_iter().chain(others.iter().copied()).collect(),
        ..Rules::default()
    }
}

fn game(players: usize, deck: &[&str]) -> Game {
    game_with(am_rules(&[]), players, deck)
}

/// Declines the abbey if it is offered, then places the drawn tile at `(x, y)` turned by
/// `degrees`.
fn put(g: &mut Game, x: i16, y: i16, degrees: i64) -> Vec<Event> {
    if let Pending::Abbey { .. } = g.pending() {
        apply(g, Action::Pass);
    }
    let rotation = carcassonne_engine::Rotation::from_degrees(degrees).unwrap();
    apply(g, Action::Place { pos: Pos::new(x, y), rotation })
}

fn pass(g: &mut Game) -> Vec<Event> {
    apply(g, Action::Pass)
}

/// Every score event of `events` as (kind, phase, players, points).
/// (kind, phase, seats paid, points) of a score.
type ScoreRow = (FeatureKind, Phase, Vec<PlayerId>, u32);

fn scores(events: &[Event]) -> Vec<ScoreRow> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Scored(s) => Some((s.kind, s.phase, s.players.iter().collect(), s.points)),
            _ => None,
        })
        .collect()
}

/// The wagon moves offered, as (x, y, feature kind).
fn wagon_targets(g: &Game) -> BTreeSet<(i16, i16, FeatureKind)> {
    g.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::MoveWagon { pos, feature } => {
                let placed = g.board().get(pos).unwrap();
                Some((pos.x, pos.y, g.design(placed.tile).features[feature as usize].kind))
            }
            Action::Pass => None,
            other => panic!("{other:?} offered for a wagon"),
        })
        .collect()
}

/// The kinds of feature of the tile just placed (at `(x, y)`) that `figure` is offered.
fn offered_on(g: &Game, x: i16, y: i16, figure: Figure) -> Vec<FeatureKind> {
    let design = g.design(g.board().get(Pos::new(x, y)).unwrap().tile);
    g.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Deploy { figure: f, feature } if f == figure => Some(design.features[feature as usize].kind),
            _ => None,
        })
        .collect()
}

// ----- The abbey -----

/// Seed 001's example: "BLUE places the abbey and so completes the road with the RED follower.
/// RED scores 1 point and returns the follower to the supply. The city below the abbey and the
/// road to the right are still open." The hole at (0,1) is bordered by the start tile (field),
/// a city to the west that goes on westwards, a road to the east that goes on eastwards, and
/// red's one-tile road from a cloister to the south.
fn red_road_into_a_hole() -> Game {
    let deck = ["base:U", "base:U", "base:F", "base:U", "base:B", "base:B", "base:A", "base:E"];
    let mut g = game(2, &deck);
    put(&mut g, -1, 0, 0);
    pass(&mut g);
    put(&mut g, 1, 0, 0);
    pass(&mut g);
    put(&mut g, -1, 1, 0);
    pass(&mut g);
    put(&mut g, 1, 1, 0);
    pass(&mut g);
    put(&mut g, 1, 2, 0);
    pass(&mut g);
    put(&mut g, 2, 2, 0);
    pass(&mut g);
    // Three sides of (0,1) are built, and the diagonals (1,2) and (-1,0), (1,0): no hole yet.
    assert!(matches!(g.pending(), Pending::PlaceTile { player: RED, .. }), "{:?}", g.pending());
    put(&mut g, 0, 2, 180);
    deploy(&mut g, F, "road@N");
    g
}

#[test]
fn the_seeds_abbey_completes_reds_road_for_1_point() {
    let mut g = red_road_into_a_hole();
    assert_eq!(g.pending(), Pending::Abbey { player: BLUE });
    assert_eq!(g.legal_actions(), vec![Action::PlaceAbbey { pos: Pos::new(0, 1) }, Action::Pass]);
    let events = apply(&mut g, Action::PlaceAbbey { pos: Pos::new(0, 1) });
    assert!(matches!(events[0], Event::TilePlaced { player: BLUE, pos: Pos { x: 0, y: 1 }, .. }));
    assert!(!events.iter().any(|e| matches!(e, Event::TileDrawn { .. })), "no tile is drawn");
    assert!(!g.holds_abbey(BLUE) && g.holds_abbey(RED));
    assert_eq!(g.pending(), Pending::Deploy { player: BLUE, pos: Pos::new(0, 1) });
    let events = pass(&mut g);
    assert_eq!(scores(&events), vec![(FeatureKind::Road, Phase::Turn, vec![RED], 1)]);
    assert_eq!(g.scores(), vec![1, 0]);
    assert!(figures_on(&g, 0, 2).is_empty(), "red's thief went home");
    // The city to the west and the road to the east go on: still open.
    let open = |x, y, name| {
        let placement = g.board().index_at(Pos::new(x, y)).unwrap();
        !g.features().is_closed(g.feature_root(placement, feature(&g, x, y, name)))
    };
    assert!(open(-1, 1, "city@E") && open(1, 1, "road@W"));
}

/// Footnote 120 ("not the diagonals") and "only there": a position bordered on three sides is
/// no hole, and the abbey is refused there with a message.
#[test]
fn footnote120_the_abbey_goes_only_into_a_hole_bordered_on_all_four_sides() {
    let mut g = red_road_into_a_hole();
    assert_eq!(g.check(Action::PlaceAbbey { pos: Pos::new(-1, 2) }), Err(RuleError::NotAHole(Pos::new(-1, 2))));
    assert_eq!(g.check(Action::PlaceAbbey { pos: Pos::new(0, 0) }), Err(RuleError::NotAHole(Pos::new(0, 0))));
    let before = format!("{g:?}");
    assert!(g.apply(Action::PlaceAbbey { pos: Pos::new(5, 5) }).is_err());
    assert_eq!(format!("{g:?}"), before, "a refused abbey changes nothing");
    // Declining draws the next tile as usual.
    let events = pass(&mut g);
    assert!(matches!(events[0], Event::TileDrawn { player: BLUE, .. }));
    assert!(g.holds_abbey(BLUE));
}

/// Footnote 122: "the abbey covers the whole tile": only its cloister takes a figure (a monk,
/// the abbot, a wagon), never a mayor; footnote 123: it "has all the characteristics of a
/// cloister".
#[test]
fn footnote122_the_abbey_is_one_cloister_for_a_monk_or_a_wagon() {
    let mut g = red_road_into_a_hole();
    apply(&mut g, Action::PlaceAbbey { pos: Pos::new(0, 1) });
    let legal = g.legal_actions();
    let deployments: Vec<(Figure, FeatureKind)> = legal
        .iter()
        .filter_map(|a| match *a {
            Action::Deploy { figure, feature } => {
                Some((figure, g.design(g.board().get(Pos::new(0, 1)).unwrap().tile).features[feature as usize].kind))
            }
            _ => None,
        })
        .collect();
    assert_eq!(deployments, vec![(F, FeatureKind::Cloister), (Figure::Wagon, FeatureKind::Cloister)]);
    assert_eq!(
        g.check(Action::Deploy { figure: Figure::Mayor, feature: 0 }),
        Err(RuleError::MayorOnlyInCity(FeatureKind::Cloister))
    );
}

/// A monk in the abbey scores as in a cloister: 9 when surrounded, 1 per tile at the end.
#[test]
fn a_monk_in_the_abbey_scores_like_one_in_a_cloister() {
    let mut g = red_road_into_a_hole();
    apply(&mut g, Action::PlaceAbbey { pos: Pos::new(0, 1) });
    deploy(&mut g, F, "cloister");
    // The last tile (base:E) goes somewhere; then the final scoring counts the abbey and its
    // neighbours: (0,0), (1,0), (-1,0)... 1 + 7 surrounding tiles in play.
    let tile_spot = g.legal_actions()[0];
    apply(&mut g, tile_spot);
    pass(&mut g);
    assert!(g.is_over());
    let around = g.board().neighbours_around(Pos::new(0, 1)) as u32;
    let monk = g.scores()[BLUE as usize];
    assert_eq!(monk, 1 + around, "the abbey's monk scores 1 per tile at the end");
}

// ----- The mayor -----

/// Seed 001's example: "The mayor has a strength of three (for the three pennants). As such,
/// BLUE scores 18 points for the city." Red's knight came first, in the part of the city with
/// one pennant; blue's mayor stood in another part, which the last tiles join: six tiles and
/// three pennants, 2 × (6 + 3) = 18, all to blue (3 against red's 1).
#[test]
fn the_seeds_mayor_of_three_pennants_scores_18() {
    let deck = ["base:F", "base:K", "base:G", "base:M", "base:M", "base:E"];
    let mut g = game(2, &deck);
    put(&mut g, 0, -1, 90);
    deploy(&mut g, F, "city@N");
    put(&mut g, 1, 0, 0);
    deploy(&mut g, Figure::Mayor, "city@N");
    put(&mut g, 1, -1, 90);
    pass(&mut g);
    put(&mut g, 0, -2, 180);
    pass(&mut g);
    put(&mut g, 1, -2, 270);
    let events = pass(&mut g);
    assert_eq!(scores(&events), vec![(FeatureKind::City, Phase::Turn, vec![BLUE], 18)]);
    assert_eq!(g.player(BLUE).in_supply(Figure::Mayor), 1, "the mayor goes home");
    assert_eq!(g.player(RED).followers, 7);
}

/// "If the city has no pennants, then the mayor has a strength of zero": alone, it wins
/// nothing (the city pays nobody); against a knight, the knight wins.
#[test]
fn a_mayor_without_pennants_has_no_strength() {
    // Red's mayor closes the start tile's city with a cap: two tiles, no pennant.
    let mut g = game(2, &["base:E", "base:E"]);
    put(&mut g, 0, -1, 180);
    let events = deploy(&mut g, Figure::Mayor, "city@S");
    assert_eq!(scores(&events), vec![(FeatureKind::City, Phase::Turn, vec![], 4)]);
    assert_eq!(g.scores(), vec![0, 0]);
    assert_eq!(g.player(RED).in_supply(Figure::Mayor), 1);
}

/// "It may only be deployed to a city in which there is currently no knight or mayor": never on
/// a road, farm or cloister, never into an occupied city.
#[test]
fn the_mayor_goes_only_into_an_unoccupied_city() {
    let mut g = game(2, &["base:D", "base:D"]);
    put(&mut g, 1, 0, 0);
    assert_eq!(offered_on(&g, 1, 0, Figure::Mayor), vec![FeatureKind::City]);
    let road = feature(&g, 1, 0, "road@E");
    assert_eq!(
        g.check(Action::Deploy { figure: Figure::Mayor, feature: road }),
        Err(RuleError::MayorOnlyInCity(FeatureKind::Road))
    );
}

/// Footnote 118: "The mayor is a follower ... and affects the majority"; the wagon "I'd
/// nevertheless count as a follower": a builder may join one's own mayor (Traders & Builders).
#[test]
fn footnote118_the_mayor_and_the_wagon_are_followers_the_barn_is_not() {
    assert!(Figure::Mayor.is_follower() && Figure::Wagon.is_follower() && !Figure::Barn.is_follower());
    assert_eq!(Figure::Wagon.strength(), 1);
    assert_eq!(Figure::Mayor.strength_in(3), 3);
    // Red's mayor in a city north of the start tile (open northwards); blue plays elsewhere;
    // red extends the city and may put the builder beside the mayor.
    let mut g = game_with(am_rules(&[Expansion::TradersBuilders]), 2, &["base:F", "base:U", "base:G", "base:U"]);
    put(&mut g, 0, -1, 90);
    deploy(&mut g, Figure::Mayor, "city@S");
    put(&mut g, 1, 0, 0);
    pass(&mut g);
    put(&mut g, 0, -2, 90);
    let city = feature(&g, 0, -2, "city@S");
    assert!(g.legal_actions().contains(&Action::Deploy { figure: Figure::Builder, feature: city }));
}

// ----- The wagon -----

/// Seed 001's first wagon example: "BLUE scores 4 points for the road and may immediately move
/// the wagon to the cloister or road segment at the bottom. It may not be moved to the road
/// segment occupied by RED, and naturally not to the farm." The road runs from a cloister
/// (base:A at (-2,0)) over (-1,0) and the start tile to a three-way junction (base:W at (1,0)),
/// where red holds the eastern road.
fn blue_wagon_on_a_road_to_a_junction() -> Game {
    let mut g = game(2, &["base:W", "base:U", "base:A", "base:E"]);
    put(&mut g, 1, 0, 0);
    deploy(&mut g, F, "road@E");
    put(&mut g, -1, 0, 0);
    deploy(&mut g, Figure::Wagon, "road@E");
    g
}

#[test]
fn the_seeds_wagon_scores_4_and_may_move_to_the_cloister_or_the_free_road() {
    let mut g = blue_wagon_on_a_road_to_a_junction();
    put(&mut g, -2, 0, 270);
    let events = pass(&mut g);
    assert_eq!(scores(&events), vec![(FeatureKind::Road, Phase::Turn, vec![BLUE], 4)]);
    // The wagon's owner decides, in red's turn.
    assert!(matches!(g.pending(), Pending::MoveWagon { player: BLUE, pos: Pos { x: -1, y: 0 }, .. }));
    let offered = wagon_targets(&g);
    assert_eq!(offered, BTreeSet::from([(-2, 0, FeatureKind::Cloister), (1, 0, FeatureKind::Road)]));
    // Red's road is refused, with a message.
    let reds = feature(&g, 1, 0, "road@E");
    assert_eq!(
        g.check(Action::MoveWagon { pos: Pos::new(1, 0), feature: reds }),
        Err(RuleError::NoWagonMove(Pos::new(1, 0), reds))
    );
    let cloister = feature(&g, -2, 0, "cloister");
    let events = apply(&mut g, Action::MoveWagon { pos: Pos::new(-2, 0), feature: cloister });
    assert!(events.iter().any(|e| matches!(e, Event::WagonMoved { player: BLUE, .. })));
    assert_eq!(figures_on(&g, -2, 0), vec![(BLUE, Figure::Wagon)]);
    assert_eq!(g.player(BLUE).in_supply(Figure::Wagon), 0);
}

/// "the player may return the wagon to his or her supply": passing takes it home.
#[test]
fn the_wagon_may_go_home_instead() {
    let mut g = blue_wagon_on_a_road_to_a_junction();
    put(&mut g, -2, 0, 270);
    pass(&mut g);
    pass(&mut g);
    assert_eq!(g.player(BLUE).in_supply(Figure::Wagon), 1);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. } | Pending::GameOver));
}

/// Seed 001's second example: the wagon in a completed city may move to the road leading out of
/// it (base:T's road and city share a wagon group); the third: "not to the completed road
/// segment": with that road completed, the wagon has nowhere to go and "must return" (no
/// decision).
fn blue_wagon_in_a_city_with_a_gate(close_the_road: bool) -> (Game, Vec<Event>) {
    let deck = if close_the_road {
        vec!["base:U", "base:T", "base:A", "base:E", "base:E"]
    } else {
        vec!["base:U", "base:T", "base:E", "base:E"]
    };
    let mut g = game(2, &deck);
    put(&mut g, 1, 0, 0);
    pass(&mut g);
    put(&mut g, 0, -1, 180);
    deploy(&mut g, Figure::Wagon, "city@S");
    if close_the_road {
        put(&mut g, 0, -2, 0);
        pass(&mut g);
    }
    put(&mut g, 1, -1, 270);
    pass(&mut g);
    put(&mut g, -1, -1, 90);
    let events = pass(&mut g);
    (g, events)
}

#[test]
fn the_seeds_wagon_leaves_a_completed_city_by_its_road() {
    let (g, events) = blue_wagon_in_a_city_with_a_gate(false);
    assert_eq!(scores(&events), vec![(FeatureKind::City, Phase::Turn, vec![BLUE], 8)]);
    assert!(matches!(g.pending(), Pending::MoveWagon { player: BLUE, .. }));
    assert_eq!(wagon_targets(&g), BTreeSet::from([(0, -1, FeatureKind::Road)]));
}

#[test]
fn footnote131_the_wagon_never_moves_to_a_completed_feature_and_goes_home_with_nowhere_to_go() {
    let (g, events) = blue_wagon_in_a_city_with_a_gate(true);
    assert!(scores(&events).contains(&(FeatureKind::City, Phase::Turn, vec![BLUE], 8)));
    assert!(!matches!(g.pending(), Pending::MoveWagon { .. }), "no decision: {:?}", g.pending());
    assert_eq!(g.player(BLUE).in_supply(Figure::Wagon), 1, "the wagon went home");
}

/// "The wagon may never be deployed to a farm"; footnote 129: "no other figure" means no other
/// follower.
#[test]
fn footnote129_the_wagon_goes_on_an_unoccupied_road_city_or_cloister_never_a_farm() {
    let mut g = game(2, &["base:A", "base:E"]);
    put(&mut g, 0, 1, 0);
    let wagons: BTreeSet<FeatureKind> = offered_on(&g, 0, 1, Figure::Wagon).into_iter().collect();
    assert_eq!(wagons, BTreeSet::from([FeatureKind::Road, FeatureKind::Cloister]));
    let field = feature(&g, 0, 1, "field@NNW");
    assert_eq!(
        g.check(Action::Deploy { figure: Figure::Wagon, feature: field }),
        Err(RuleError::WagonOnlyOnRoadCityCloister(FeatureKind::Field))
    );
}

/// Footnote 132: "each player decides ... beginning with the player whose turn it is and
/// continuing clockwise". Red's and blue's wagons stand on two roads from cloisters that red's
/// tile joins and completes: both score 3, then red's wagon moves first, then blue's, which can
/// no longer take the cloister red's wagon took.
#[test]
fn footnote132_several_wagons_decide_from_the_current_player_clockwise() {
    let deck = ["base:A", "base:B", "base:U", "base:A", "base:V", "base:E", "base:E"];
    let mut g = game(2, &deck);
    put(&mut g, 0, 1, 0);
    deploy(&mut g, Figure::Wagon, "road@S");
    put(&mut g, 1, 1, 0);
    pass(&mut g);
    put(&mut g, 1, 0, 0);
    pass(&mut g);
    put(&mut g, 1, 2, 90);
    deploy(&mut g, Figure::Wagon, "road@W");
    put(&mut g, 0, 2, 180);
    let events = pass(&mut g);
    assert_eq!(scores(&events), vec![(FeatureKind::Road, Phase::Turn, vec![RED, BLUE], 3)]);
    assert!(matches!(g.pending(), Pending::MoveWagon { player: RED, pos: Pos { x: 0, y: 1 }, .. }));
    assert_eq!(wagon_targets(&g), BTreeSet::from([(0, 1, FeatureKind::Cloister), (1, 2, FeatureKind::Cloister)]));
    let cloister = feature(&g, 1, 2, "cloister");
    apply(&mut g, Action::MoveWagon { pos: Pos::new(1, 2), feature: cloister });
    assert!(matches!(g.pending(), Pending::MoveWagon { player: BLUE, pos: Pos { x: 1, y: 2 }, .. }));
    assert_eq!(wagon_targets(&g), BTreeSet::from([(0, 1, FeatureKind::Cloister)]));
    pass(&mut g);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. }));
    assert_eq!(g.player(BLUE).in_supply(Figure::Wagon), 1);
    assert_eq!(figures_on(&g, 1, 2), vec![(RED, Figure::Wagon)]);
}

/// Footnote 132 across features: one tile completes two roads, red's wagon on the one scored
/// first and blue's on the other. Blue, whose turn it is, decides first even so, and only once
/// both roads are scored: "If several wagons are involved during scoring, then each player
/// decides whether to retrieve or move his or her wagon, beginning with the player whose turn it
/// is and continuing clockwise." Both wagons reach the same three open roads (the crossing's
/// west and south roads, the junction's east road), so the order decides who gets which.
#[test]
fn footnote132_the_wagons_of_every_feature_the_tile_completed_decide_together_from_the_current_player() {
    // The crossing X east of the start tile; a curve north of it (blue's wagon, road A) and one
    // east of it (red's wagon, road B); the junction W where both curves meet ends both roads.
    let deck = ["base:X", "base:V", "base:V", "base:W", "base:B"];
    let mut g = game(2, &deck);
    put(&mut g, 1, 0, 0);
    pass(&mut g);
    put(&mut g, 1, -1, 270);
    deploy(&mut g, Figure::Wagon, "road@S");
    put(&mut g, 2, 0, 90);
    deploy(&mut g, Figure::Wagon, "road@W");
    put(&mut g, 2, -1, 0);
    let events = pass(&mut g);
    // Red's road is the junction's south road, scored before blue's west road.
    assert_eq!(
        scores(&events),
        vec![(FeatureKind::Road, Phase::Turn, vec![RED], 3), (FeatureKind::Road, Phase::Turn, vec![BLUE], 3)]
    );
    assert!(
        !events.iter().any(|e| matches!(e, Event::WagonMoved { .. })),
        "no wagon moves before both roads are scored"
    );
    assert!(
        matches!(g.pending(), Pending::MoveWagon { player: BLUE, pos: Pos { x: 1, y: -1 }, .. }),
        "{:?}",
        g.pending()
    );
    let moves = |g: &Game| -> BTreeSet<(i16, i16, carcassonne_engine::catalog::LocalFeature)> {
        g.legal_actions()
            .into_iter()
            .filter_map(|a| match a {
                Action::MoveWagon { pos, feature } => Some((pos.x, pos.y, feature)),
                _ => None,
            })
            .collect()
    };
    let (west, south, east) = (feature(&g, 1, 0, "road@W"), feature(&g, 1, 0, "road@S"), feature(&g, 2, -1, "road@E"));
    assert_eq!(moves(&g), BTreeSet::from([(1, 0, west), (1, 0, south), (2, -1, east)]));
    // Blue takes the junction's east road; red, deciding second, no longer can.
    apply(&mut g, Action::MoveWagon { pos: Pos::new(2, -1), feature: east });
    assert!(
        matches!(g.pending(), Pending::MoveWagon { player: RED, pos: Pos { x: 2, y: 0 }, .. }),
        "{:?}",
        g.pending()
    );
    assert_eq!(moves(&g), BTreeSet::from([(1, 0, west), (1, 0, south)]));
    apply(&mut g, Action::MoveWagon { pos: Pos::new(1, 0), feature: west });
    assert_eq!(figures_on(&g, 2, -1), vec![(BLUE, Figure::Wagon)]);
    assert_eq!(figures_on(&g, 1, 0), vec![(RED, Figure::Wagon)]);
}

/// Issue 35, a reading to rule on: the abbey that closes the road of its player's builder. The
/// builder's double turn comes "when a player extends a road or city that contains their
/// builder" (seed 001, TRADERS AND BUILDERS; seed 004, 4B: "a road or city that was extended by
/// the placement of the tile"); the abbey is no part of any road or city ("the abbey covers the
/// whole tile", footnote 122; its wall ends what touches it), so it extends nothing and earns no
/// double turn. A land tile in the same hole that continues the road does.
#[test]
fn ruling_an_abbey_closing_the_builders_road_earns_no_double_turn() {
    for abbey in [true, false] {
        let deck = ["base:U", "base:B", "base:U", "base:B", "base:E", "base:B", "base:B", "base:B", "base:A", "base:B"];
        let mut g = game_with(am_rules(&[Expansion::TradersBuilders]), 2, &deck);
        // RED's thief and builder on the road west of the start tile.
        put(&mut g, -1, 0, 0);
        deploy(&mut g, F, "road@E");
        put(&mut g, 0, 1, 0);
        pass(&mut g);
        put(&mut g, -2, 0, 0);
        deploy(&mut g, Figure::Builder, "road@E");
        // The hole east of the start tile, bordered on all four sides.
        for (x, y, degrees) in [(1, 1, 0), (0, -1, 180), (2, 1, 0), (1, -1, 0), (2, 0, 0)] {
            put(&mut g, x, y, degrees);
            pass(&mut g);
        }
        assert_eq!(g.pending(), Pending::Abbey { player: RED });
        let events = if abbey {
            let mut events = apply(&mut g, Action::PlaceAbbey { pos: Pos::new(1, 0) });
            events.extend(pass(&mut g));
            events
        } else {
            put(&mut g, 1, 0, 90);
            pass(&mut g)
        };
        let double_turn = events.iter().any(|e| matches!(e, Event::DoubleTurn { player: RED }));
        assert_eq!(double_turn, !abbey, "abbey: {abbey}");
        let next = g.pending().player();
        assert_eq!(next, Some(if abbey { BLUE } else { RED }), "abbey: {abbey}: {:?}", g.pending());
    }
}

// ----- The barn -----

/// Seed 001's barn examples. Two completed cities of two tiles each lie north of the start tile
/// (the start tile's city capped at (0,-1), and a cap at (1,-1) on a city tile at (1,0)); the
/// farm north of the caps touches both, and yellow has a farmer on it (on the cloister tile at
/// (0,-2)). Red has a farmer on another farm that touches the same cities, west of the start
/// tile. Blue's tile at (1,-2) makes four tiles meet, all farm, at its south-west corner.
fn farms_beside_two_cities() -> Game {
    let mut g = yellows_farmer_beside_two_cities(am_rules(&[]), "base:E", "base:B", &["base:U", "base:B", "base:B"]);
    put(&mut g, -1, 0, 0);
    deploy(&mut g, F, "field@NNW");
    put(&mut g, 1, -2, 0);
    g
}

/// The first four turns of the barn examples, for four players under `rules`: `cap` closes the
/// start tile's city at (0,-1), a city tile at (1,0) and its cap at (1,-1) make the second
/// completed city, and yellow's farmer stands on `farm_tile` at (0,-2). The deck goes on with
/// `rest`; red's turn comes next.
fn yellows_farmer_beside_two_cities(rules: Rules, cap: &str, farm_tile: &str, rest: &[&str]) -> Game {
    let deck: Vec<&str> = [cap, "base:K", "base:E", farm_tile].into_iter().chain(rest.iter().copied()).collect();
    let mut g = game_with(rules, 4, &deck);
    for (x, y, r) in [(0, -1, 180), (1, 0, 0), (1, -1, 180)] {
        put(&mut g, x, y, r);
        pass(&mut g);
    }
    put(&mut g, 0, -2, 0);
    deploy(&mut g, F, "field@SSE");
    g
}

#[test]
fn the_seeds_barn_yellow_scores_6_red_joins_for_2_and_the_barn_scores_8() {
    let mut g = farms_beside_two_cities();
    assert!(g.legal_actions().contains(&Action::PlaceBarn { corner: Corner::SouthWest }));
    // "The BLUE barn is placed; YELLOW scores 6 points for the two completed cities and returns
    // the farmer to the supply."
    let events = apply(&mut g, Action::PlaceBarn { corner: Corner::SouthWest });
    assert!(matches!(events[0], Event::BarnPlaced { player: BLUE, corner: Corner::SouthWest, .. }));
    assert_eq!(scores(&events), vec![(FeatureKind::Field, Phase::Turn, vec![YELLOW], 6)]);
    assert_eq!(g.player(YELLOW).followers, 7);
    assert_eq!(g.player(BLUE).in_supply(Figure::Barn), 0);
    // "Through the placement of the new tile, the RED farmer is connected with the farm
    // belonging to the BLUE barn. RED scores 2 points for the two completed cities and
    // retrieves the farmer."
    put(&mut g, -1, -1, 0);
    let events = pass(&mut g);
    let scored = scores(&events);
    assert_eq!(scored[0], (FeatureKind::Field, Phase::Turn, vec![RED], 2));
    assert_eq!(g.player(RED).followers, 7);
    // That was the last tile: the final scoring. "the owner of a barn scores 4 points for every
    // completed city adjacent to the farm."
    assert!(g.is_over());
    assert_eq!(scored[1..], [(FeatureKind::Field, Phase::Final, vec![BLUE], 8)]);
    let barn_scoring = events.iter().position(|e| matches!(e, Event::BarnScoring { player: BLUE, .. })).unwrap();
    assert!(matches!(events[barn_scoring + 1], Event::Scored(s) if s.points == 8), "the barn's score follows");
    assert_eq!(g.scores(), vec![2, 8, 0, 6]);
    assert_eq!(g.barns().len(), 1, "the barn stays to the end");
}

/// "The four land tiles must only consist of farms at this intersection point" and "one of
/// which has just been placed": no barn where a city touches the corner, nor where fewer than
/// four tiles meet; the refusal names the corner.
#[test]
fn a_barn_needs_four_tiles_of_farm_meeting_at_a_corner_of_the_tile_just_placed() {
    let g = farms_beside_two_cities();
    let corners: Vec<Corner> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::PlaceBarn { corner } => Some(corner),
            _ => None,
        })
        .collect();
    assert_eq!(corners, vec![Corner::SouthWest]);
    let refused = g.check(Action::PlaceBarn { corner: Corner::NorthEast });
    assert_eq!(refused, Err(RuleError::NoBarnCorner(Pos::new(1, -2), Corner::NorthEast)));
}

/// Footnote 138: "No farmer may be deployed to a farm with a barn"; footnote 133: nor another
/// barn.
#[test]
fn footnote138_no_farmer_and_footnote133_no_second_barn_on_a_farm_with_a_barn() {
    let mut g = farms_beside_two_cities();
    apply(&mut g, Action::PlaceBarn { corner: Corner::SouthWest });
    // Green's tile at (-1,-1) joins the barn's farm: no farmer there, and no second barn.
    put(&mut g, -1, -1, 0);
    let field = feature(&g, -1, -1, "field@NNW");
    assert_eq!(g.check(Action::Deploy { figure: F, feature: field }), Err(RuleError::FarmHasBarn));
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::PlaceBarn { .. })));
}

/// Footnote 134 (no fairy beside the barn) and "A barn cannot be removed by the dragon ...
/// nor taken prisoner by a tower": the barn is never among the figures those rules reach.
#[test]
fn footnote134_the_barn_is_no_follower_and_stands_outside_the_figures() {
    let mut g = farms_beside_two_cities();
    apply(&mut g, Action::PlaceBarn { corner: Corner::SouthWest });
    assert!(g.figures().iter().all(|f| f.figure != Figure::Barn));
    assert_eq!(g.barns()[0].owner, BLUE);
    assert_eq!((g.barns()[0].pos, g.barns()[0].corner), (Pos::new(1, -2), Corner::SouthWest));
}

/// RED's farmer south of the start tile's road, on the farm of a completed city: U east of the
/// start tile (the farmer), a city cap south of the start tile turned south, and another below it
/// closing that city. Then `fourth` (a tile with farm on its north-west corner) at (1, 1) makes
/// four tiles meet, all farm, at its north-west corner. `before` runs before the fourth tile.
fn farmer_beside_a_completed_city(rules: Rules, fourth: &str, before: impl FnOnce(&mut Game)) -> Game {
    let deck = ["base:U", "base:E", "base:E", fourth, "princess-dragon:02", "base:B"];
    let mut g = game_with(rules, 2, &deck);
    put(&mut g, 1, 0, 0);
    deploy(&mut g, F, "field@SSE");
    put(&mut g, 0, 1, 180);
    pass(&mut g);
    put(&mut g, 0, 2, 0);
    before(&mut g);
    put(&mut g, 1, 1, 0);
    g
}

/// Issue 35, a reading to rule on: the barn on a corner of a volcano tile. The barn is a figure
/// put on the tile just placed (at its corner) and no follower: under the Hans im Glueck Big Box,
/// where a builder or pig may be deployed on the volcano tile (footnote 73), so may the barn; the
/// other rule sets bar every figure there ("he may not place any followers (or any other figure,
/// except the dragon) on the volcano tile", the RGG proof under FAQ 17; the row "volcano /
/// deployment", variant `volcano-allows-builder-and-pig`).
#[test]
fn ruling_a_barn_on_a_volcano_corner_only_where_builders_and_pigs_may_stand_there() {
    for (rule_set, allowed) in [(RuleSet::HigBigBox, true), (RuleSet::RggBigBox, false), (RuleSet::Rgg, false)] {
        let rules = Rules {
            expansions: vec![Expansion::AbbeyMayor, Expansion::PrincessDragon],
            variants: Variants::preset(rule_set),
        };
        let mut g = farmer_beside_a_completed_city(rules, "princess-dragon:01", |g| {
            pass(g);
        });
        assert_eq!(g.dragon(), Some(Pos::new(1, 1)), "{rule_set:?}: the volcano brought the dragon");
        let barn = Action::PlaceBarn { corner: Corner::NorthWest };
        assert_eq!(g.legal_actions().contains(&barn), allowed, "{rule_set:?}");
        if allowed {
            let events = apply(&mut g, barn);
            assert_eq!(scores(&events), vec![(FeatureKind::Field, Phase::Turn, vec![RED], 3)], "{rule_set:?}");
        } else {
            assert_eq!(g.check(barn), Err(RuleError::NoFigureOnVolcano), "{rule_set:?}");
        }
    }
}

/// Issue 35, checked with no change: the fairy beside a farmer pays its 3 points when a barn
/// scores that farmer at once ("When a follower next to the fairy is scored, the owner of that
/// follower receives 3 points", THE PRINCESS AND THE DRAGON; the barn's farmers are scored in step
/// 3B like any feature, seed 004); and no magic gate leads a farmer onto the barn's farm
/// afterwards (footnote 138: "No farmer may be deployed to a farm with a barn"; the gate follows
/// "the usual rules").
#[test]
fn the_fairy_pays_when_a_barn_scores_its_farmer_and_no_gate_leads_onto_the_barns_farm() {
    let rules = am_rules(&[Expansion::PrincessDragon]);
    let mut g = farmer_beside_a_completed_city(rules, "base:B", |g| {
        let farmer = feature(g, 1, 0, "field@SSE");
        apply(g, Action::MoveFairy { pos: Pos::new(1, 0), feature: farmer });
    });
    let events = apply(&mut g, Action::PlaceBarn { corner: Corner::NorthWest });
    assert_eq!(scores(&events), vec![(FeatureKind::Field, Phase::Turn, vec![RED], 3)]);
    assert!(events.contains(&Event::FairyBonus { player: RED, points: 3 }), "{events:?}");
    assert_eq!(g.player(RED).score, 6);
    // RED's magic gate east of the road: a farmer through it onto the barn's farm is refused.
    put(&mut g, 2, 0, 0);
    let field = feature(&g, 0, 1, "field@NNW");
    let gate = Action::DeployAt { pos: Pos::new(0, 1), figure: F, feature: field };
    assert_eq!(g.check(gate), Err(RuleError::FarmHasBarn));
    assert!(!g.legal_actions().contains(&gate));
}

/// Footnote 137: with Traders & Builders, "a farmer with a pig receives the usual 4 points for
/// every completed city. The pig is then also returned to the player's supply."
#[test]
fn footnote137_a_pig_makes_the_barns_farmers_score_4_and_goes_home() {
    let rest = ["base:U", "base:B", "base:B", "base:B", "base:B", "base:B", "base:E"];
    let rules = am_rules(&[Expansion::TradersBuilders]);
    let mut g = yellows_farmer_beside_two_cities(rules, "base:E", "base:B", &rest);
    for (x, y) in [(-1, 0), (-1, -2), (2, 0)] {
        put(&mut g, x, y, 0);
        pass(&mut g);
    }
    // Yellow's pig joins its farmer on the farm.
    put(&mut g, 0, -3, 0);
    deploy(&mut g, Figure::Pig, "field@SSE");
    put(&mut g, -1, -1, 0);
    pass(&mut g);
    put(&mut g, 1, -2, 0);
    let events = apply(&mut g, Action::PlaceBarn { corner: Corner::SouthWest });
    assert_eq!(scores(&events), vec![(FeatureKind::Field, Phase::Turn, vec![YELLOW], 8)]);
    assert_eq!(g.player(YELLOW).in_supply(Figure::Pig), 1, "the pig went home");
    assert_eq!(g.player(YELLOW).followers, 7);
}

// ----- Random games -----

fn is_abbey_mayor_action(a: &Action) -> bool {
    matches!(
        a,
        Action::PlaceAbbey { .. }
            | Action::PlaceBarn { .. }
            | Action::MoveWagon { .. }
            | Action::Deploy { figure: Figure::Mayor | Figure::Wagon, .. }
    )
}

/// Counts of each figure a player owns wherever it is: supply, board, prisons, barns.
/// Plays one game with random choices (half of them among Abbey & Mayor's actions when there
/// are any) and checks, after every action: every figure conserved (supply, board, prisons,
/// barns); barns never move or leave; an abbey goes only into a hole, once per player; the
/// wagon's decision is its owner's; no farmer stands on a farm with a barn at the start of a
/// turn; listed actions pass `check`; a refused action changes nothing; and the record replays
/// to the same events and scores.
fn checked_game(rules: Rules, players: usize, seed: u64) -> (usize, usize, usize, usize) {
    use carcassonne_engine::random::{below, rng_from_seed};
    let colors = Color::ALL[..players].to_vec();
    let mut g = Game::new(GameSetup { rules: rules.clone(), players: colors.clone(), deck: Deck::Seed(seed) }).unwrap();
    let mut record = Record {
        version: carcassonne_engine::record::RECORD_VERSION,
        rules,
        players: colors,
        deck: carcassonne_engine::RecordDeck::Seed(seed),
        actions: vec![],
    };
    let initial: Vec<Vec<usize>> =
        (0..players as PlayerId).map(|p| Figure::ALL.iter().map(|&f| owned(&g, p, f)).collect()).collect();
    let mut rng = rng_from_seed(seed ^ 0xabbe);
    let mut all_events = vec![];
    let (mut abbeys, mut barns, mut wagon_moves, mut mayors) = (0, 0, 0, 0);
    let mut n = 0usize;
    while let Some(player) = g.pending().player() {
        let pending = g.pending();
        let legal = g.legal_actions();
        assert!(!legal.is_empty(), "seed {seed}: nothing legal at {pending:?}");
        if n.is_multiple_of(3) {
            for &a in &legal {
                assert_eq!(g.check(a), Ok(()), "seed {seed}: {a:?} listed but refused");
            }
            let before = format!("{g:?}");
            for bad in [Action::PlaceAbbey { pos: Pos::new(0, 0) }, Action::PlaceBarn { corner: Corner::NorthEast }] {
                if !legal.contains(&bad) {
                    assert!(g.apply(bad).is_err(), "seed {seed}: {bad:?} at {pending:?}");
                    assert_eq!(format!("{g:?}"), before, "seed {seed}: a refused action changed the game");
                }
            }
        }
        if let Pending::MoveWagon { player: owner, pos, feature } = pending {
            assert_eq!(player, owner);
            assert!(g.board().get(pos).is_some() && (feature as usize) < 16);
        }
        if matches!(pending, Pending::PlaceTile { .. } | Pending::Abbey { .. }) {
            for b in g.barns() {
                let placement = g.board().index_at(b.pos).unwrap();
                let farm = g.feature_root(placement, b.feature);
                // A pig is no farmer: one left alone when its farmer went home (the rule sets where
                // it stays without a follower) stays on the barn's farm too.
                let farmers = g
                    .figures()
                    .iter()
                    .any(|f| f.figure.is_follower() && g.feature_root(f.placement, f.feature) == farm);
                assert!(!farmers, "seed {seed}: a farmer stands on the farm of the barn {b:?}");
            }
        }
        let special: Vec<Action> = legal.iter().copied().filter(is_abbey_mayor_action).collect();
        let action = if !special.is_empty() && below(&mut rng, 2) == 0 {
            special[below(&mut rng, special.len() as u32) as usize]
        } else {
            legal[below(&mut rng, legal.len() as u32) as usize]
        };
        if let Action::PlaceAbbey { pos } = action {
            assert!(g.holds_abbey(player));
            let sides = [(0, -1), (1, 0), (0, 1), (-1, 0)];
            assert!(sides.iter().all(|(dx, dy)| g.board().get(Pos::new(pos.x + dx, pos.y + dy)).is_some()));
            abbeys += 1;
        }
        let barns_before = g.barns().to_vec();
        let held_before: Vec<bool> = (0..players as PlayerId).map(|p| g.holds_abbey(p)).collect();
        record.push(&g, action);
        let events = g.apply(action).unwrap_or_else(|e| panic!("seed {seed}: {action:?}: {e}"));
        n += 1;
        // A barn never leaves the board, but for The Festival's return of it (tests/festival.rs).
        if let Action::ReturnFigure { figure: Figure::Barn, .. } = action {
            assert_eq!(g.barns().len() + 1, barns_before.len(), "seed {seed}: the festival took back one barn");
        } else {
            assert_eq!(g.barns()[..barns_before.len()], barns_before[..], "seed {seed}: a barn moved");
            barns += g.barns().len() - barns_before.len();
        }
        for p in 0..players as PlayerId {
            assert!(held_before[p as usize] || !g.holds_abbey(p), "seed {seed}: an abbey came back");
        }
        for (p, counts) in initial.iter().enumerate() {
            for (&f, &count) in Figure::ALL.iter().zip(counts) {
                assert_eq!(owned(&g, p as PlayerId, f), count, "seed {seed}: {f:?} of seat {p} not conserved");
            }
        }
        wagon_moves += events.iter().filter(|e| matches!(e, Event::WagonMoved { .. })).count();
        mayors += events.iter().filter(|e| matches!(e, Event::FigureDeployed { figure: Figure::Mayor, .. })).count();
        all_events.extend(events);
    }
    // The record replays to the same events and scores.
    let replay = record.replay().unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    let replayed: Vec<Event> = replay.events.iter().map(|(_, e)| *e).collect();
    assert_eq!(replayed, all_events, "seed {seed}: the replay differs");
    assert_eq!(replay.game.scores(), g.scores());
    // Every record action decodes back to the same action in its position.
    let mut again = record.start().unwrap();
    for (i, ra) in record.actions.iter().enumerate() {
        let action = decode_action(&again, ra).unwrap_or_else(|e| panic!("seed {seed}: action {i}: {e}"));
        assert_eq!(&encode_action(&again, action), ra);
        again.apply(action).unwrap();
    }
    (abbeys, barns, wagon_moves, mayors)
}

#[test]
fn random_games_with_abbey_and_mayor_keep_the_properties() {
    let mut totals = (0, 0, 0, 0);
    for seed in 0..24u64 {
        let (a, b, w, m) = checked_game(am_rules(&[]), 2 + (seed % 5) as usize, 31_000 + seed);
        totals = (totals.0 + a, totals.1 + b, totals.2 + w, totals.3 + m);
    }
    let (abbeys, barns, wagon_moves, mayors) = totals;
    assert!(abbeys > 10 && barns > 10 && wagon_moves > 5 && mayors > 10, "{totals:?}");
}

#[test]
fn random_games_with_every_expansion_and_abbey_and_mayor_keep_the_properties() {
    let rules = Rules {
        expansions: Expansion::ALL.to_vec(),
        variants: Variants { tile_edition: carcassonne_engine::Edition::Second, ..Variants::default() },
    };
    for seed in 0..6u64 {
        checked_game(rules.clone(), 2 + (seed % 5) as usize, 32_000 + seed);
    }
    // And under the other rule sets' readings.
    for (i, rule_set) in [RuleSet::Hig, RuleSet::Rgg, RuleSet::RggBigBox].into_iter().enumerate() {
        let rules = Rules { expansions: Expansion::ALL.to_vec(), variants: Variants::preset(rule_set) };
        checked_game(rules, 3, 33_000 + i as u64);
    }
}

/// Every bot plays the new decisions: games with the expansion finish from the bots' choices
/// alone, and every bot uses the abbey, the mayor, the wagon and the barn in some game.
#[test]
fn every_bot_plays_abbey_and_mayor() {
    for name in ["random", "greedy", "mcts:iters=30"] {
        let mut used = BTreeSet::new();
        for seed in 0..6u64 {
            let setup =
                GameSetup { rules: am_rules(&[]), players: Color::ALL[..3].to_vec(), deck: Deck::Seed(40 + seed) };
            let mut g = Game::new(setup).unwrap();
            let mut bots: Vec<_> = (0..3u64).map(|k| carcassonne_bots::bot_by_name(name, k).unwrap()).collect();
            while let Some(p) = g.pending().player() {
                let action = bots[p as usize].choose_action(&g.observation(Some(p)));
                for e in g.apply(action).unwrap() {
                    match e {
                        Event::TilePlaced { tile, .. } if g.design(tile).id == "abbey-mayor:abbey" => {
                            used.insert("abbey");
                        }
                        Event::FigureDeployed { figure: Figure::Mayor, .. } => {
                            used.insert("mayor");
                        }
                        Event::FigureDeployed { figure: Figure::Wagon, .. } => {
                            used.insert("wagon");
                        }
                        Event::BarnPlaced { .. } => {
                            used.insert("barn");
                        }
                        _ => {}
                    }
                }
            }
            if used.len() == 4 {
                break;
            }
        }
        assert_eq!(used, BTreeSet::from(["abbey", "barn", "mayor", "wagon"]), "{name}");
    }
}

/// Records name the new actions in their own words and refuse bad ones with a message.
#[test]
fn abbey_and_mayor_actions_round_trip_through_records_and_bad_ones_are_refused() {
    let mut g = red_road_into_a_hole();
    let abbey = encode_action(&g, Action::PlaceAbbey { pos: Pos::new(0, 1) });
    assert_eq!(abbey, RecordAction::Abbey { player: Some(Color::Blue), x: 0, y: 1 });
    assert_eq!(serde_json::to_string(&abbey).unwrap(), r#"{"action":"abbey","player":"blue","x":0,"y":1}"#);
    assert_eq!(decode_action(&g, &abbey), Ok(Action::PlaceAbbey { pos: Pos::new(0, 1) }));
    apply(&mut g, Action::PlaceAbbey { pos: Pos::new(0, 1) });
    let barn: RecordAction = serde_json::from_str(r#"{"action":"barn","corner":"north-east"}"#).unwrap();
    let refused = decode_action(&g, &barn).unwrap_err();
    assert!(refused.contains("unknown corner `north-east`"), "{refused}");
    let barn = encode_action(&g, Action::PlaceBarn { corner: Corner::SouthWest });
    assert_eq!(serde_json::to_string(&barn).unwrap(), r#"{"action":"barn","player":"blue","corner":"SW"}"#);
    let wagon: RecordAction =
        serde_json::from_str(r#"{"action":"move-wagon","x":1,"y":2,"feature":"cloister"}"#).unwrap();
    assert_eq!(decode_action(&g, &wagon), Ok(Action::MoveWagon { pos: Pos::new(1, 2), feature: 0 }));
    assert!(g.check(Action::MoveWagon { pos: Pos::new(1, 2), feature: 0 }).is_err());
}

// ----- More footnotes -----

/// Footnote 119: the well tile's three roads are one road: "all the 'roads' have to be completed
/// before scoring".
#[test]
fn footnote119_the_wells_three_roads_score_only_when_all_three_are_finished() {
    let deck = ["abbey-mayor:11", "base:A", "base:A", "base:A", "base:E"];
    let mut g = game(2, &deck);
    put(&mut g, 1, 0, 0);
    deploy(&mut g, F, "road@W");
    put(&mut g, -1, 0, 270);
    assert!(scores(&pass(&mut g)).is_empty());
    put(&mut g, 1, -1, 0);
    assert!(scores(&pass(&mut g)).is_empty(), "one end is still open");
    put(&mut g, 2, 0, 90);
    let events = pass(&mut g);
    assert_eq!(scores(&events)[0], (FeatureKind::Road, Phase::Turn, vec![RED], 5));
}

/// Footnote 135: "Does a player still score double points for a besieged city if it lies on a
/// farm with a barn? Yes." The barn example with the start tile's city besieged (a Cathar cap):
/// yellow's farmer scores 3 for the plain city and 6 for the besieged one.
#[test]
fn footnote135_a_besieged_city_counts_double_when_a_barn_scores_the_farmers() {
    let rest = ["base:U", "base:B", "base:B"];
    let mut g = yellows_farmer_beside_two_cities(am_rules(&[Expansion::Cathars]), "cathars:01", "base:B", &rest);
    put(&mut g, -1, 0, 0);
    pass(&mut g);
    put(&mut g, 1, -2, 0);
    let events = apply(&mut g, Action::PlaceBarn { corner: Corner::SouthWest });
    assert_eq!(scores(&events), vec![(FeatureKind::Field, Phase::Turn, vec![YELLOW], 9)]);
}

/// Footnote 140 and "Scoring barns": "If several barns lie on a single farm through the
/// placement of connecting tiles, each player receives the full score." Red's barn south of a
/// road, blue's north of it; the road's end joins the farms, which border one completed city:
/// 4 points each at the end.
#[test]
fn footnote140_every_barn_on_a_joined_farm_scores_in_full() {
    let deck = ["base:U", "base:U", "base:B", "base:E", "base:B", "base:B", "base:B", "base:U", "base:A"];
    let mut g = game(2, &deck);
    put(&mut g, 1, 0, 0);
    pass(&mut g);
    put(&mut g, -1, 0, 0);
    pass(&mut g);
    put(&mut g, 0, 1, 0);
    pass(&mut g);
    put(&mut g, 0, -1, 180);
    pass(&mut g);
    put(&mut g, 1, 1, 0);
    apply(&mut g, Action::PlaceBarn { corner: Corner::NorthWest });
    put(&mut g, -1, -1, 0);
    pass(&mut g);
    put(&mut g, -2, -1, 0);
    pass(&mut g);
    put(&mut g, -2, 0, 0);
    apply(&mut g, Action::PlaceBarn { corner: Corner::NorthEast });
    let barns_before = g.barns().to_vec();
    put(&mut g, 2, 0, 90);
    let events = pass(&mut g);
    assert!(g.is_over());
    assert_eq!(g.barns(), &barns_before[..], "barns never move");
    let finals: Vec<_> = scores(&events).into_iter().filter(|s| s.0 == FeatureKind::Field).collect();
    assert_eq!(
        finals,
        vec![(FeatureKind::Field, Phase::Final, vec![RED], 4), (FeatureKind::Field, Phase::Final, vec![BLUE], 4)]
    );
    assert_eq!(g.scores(), vec![4, 4]);
}

/// Footnote 124: "Can the mayor or the wagon be eaten by the dragon, captured by the tower, or
/// seduced by a princess? Yes"; footnote 126: "Can the mayor, the wagon and the barn use a
/// magic portal? Mayor and wagon: Yes; barn: no." Random games with the three expansions see
/// each of these happen, and never a barn through a gate.
#[test]
fn footnotes124_and_126_dragon_tower_princess_and_magic_gate_treat_mayor_and_wagon_as_followers() {
    use carcassonne_engine::random::{below, rng_from_seed};
    let rules = am_rules(&[Expansion::PrincessDragon, Expansion::Tower]);
    let mut seen = BTreeSet::new();
    for seed in 0..60u64 {
        let setup = GameSetup { rules: rules.clone(), players: Color::ALL[..3].to_vec(), deck: Deck::Seed(seed) };
        let mut g = Game::new(setup).unwrap();
        let mut rng = rng_from_seed(seed);
        while g.pending().player().is_some() {
            let legal = g.legal_actions();
            // Prefer the new figures and the actions that take figures away.
            let wanted: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| {
                    matches!(
                        a,
                        Action::Deploy { figure: Figure::Mayor | Figure::Wagon, .. }
                            | Action::DeployAt { figure: Figure::Mayor | Figure::Wagon, .. }
                            | Action::RemoveKnight { .. }
                            | Action::Capture { .. }
                            | Action::BuildTower { .. }
                    )
                })
                .collect();
            let pool = if wanted.is_empty() { &legal } else { &wanted };
            let action = pool[below(&mut rng, pool.len() as u32) as usize];
            if let Action::Pass = action {
                if let Pending::Deploy { .. } = g.pending() {
                    let barn_gate = Action::DeployAt { pos: Pos::new(0, 0), figure: Figure::Barn, feature: 0 };
                    assert!(g.check(barn_gate).is_err());
                }
            }
            for e in g.apply(action).unwrap() {
                match e {
                    Event::FigureEaten { figure: Figure::Mayor | Figure::Wagon, .. } => {
                        seen.insert("eaten");
                    }
                    Event::Captured { figure: Figure::Mayor | Figure::Wagon, .. } => {
                        seen.insert("captured");
                    }
                    Event::KnightRemoved { figure: Figure::Mayor | Figure::Wagon, .. } => {
                        seen.insert("removed");
                    }
                    Event::FigureDeployed { figure: Figure::Mayor | Figure::Wagon, pos, .. }
                        if matches!(action, Action::DeployAt { .. }) =>
                    {
                        assert!(g.board().get(pos).is_some());
                        seen.insert("gate");
                    }
                    _ => {}
                }
            }
        }
        if seen.len() == 4 {
            break;
        }
    }
    assert_eq!(seen, BTreeSet::from(["captured", "eaten", "gate", "removed"]));
}

/// Footnote 123: "Can a knight in a besieged city escape via an abbey, or only via a cloister?
/// Yes: the abbey has all the characteristics of a cloister." Red's knight is in a besieged city
/// at (1,-1) with no cloister around; red's abbey in the hole at (0,-1), beside it, opens the
/// escape at the end of the same turn.
#[test]
fn footnote123_a_knight_escapes_a_siege_by_an_abbey() {
    let deck = ["base:U", "base:U", "cathars:01", "base:E", "base:E", "base:E", "base:E", "base:E"];
    let mut g = game_with(am_rules(&[Expansion::Cathars]), 2, &deck);
    put(&mut g, 1, 0, 0);
    pass(&mut g);
    put(&mut g, -1, 0, 0);
    pass(&mut g);
    put(&mut g, 1, -1, 0);
    deploy(&mut g, F, "city@N");
    put(&mut g, -1, -1, 270);
    pass(&mut g);
    put(&mut g, -1, -2, 0);
    pass(&mut g);
    put(&mut g, 0, -2, 0);
    assert!(!matches!(pass(&mut g).last(), Some(Event::Escaped { .. })));
    assert_eq!(g.pending(), Pending::Abbey { player: RED });
    apply(&mut g, Action::PlaceAbbey { pos: Pos::new(0, -1) });
    pass(&mut g);
    assert_eq!(g.pending(), Pending::Escape { player: RED });
    let city = feature(&g, 1, -1, "city@N");
    assert!(g.legal_actions().contains(&Action::Escape { pos: Pos::new(1, -1), feature: city }));
}

/// Footnote 98's example: yellow's farmer on a field that counts as a pig-herd (the GQ pigs under
/// the house rule) meets red's barn, then blue's barn is scored at the end; the scores of the
/// barn's placement and of the last turn.
fn barn_beside_a_pig_herd(counts_for_barn: bool) -> (Vec<ScoreRow>, Vec<ScoreRow>) {
    let variants = Variants {
        gq_pig_herd: true,
        pig_herd_without_traders_builders: true,
        pig_herd_counts_for_barn: counts_for_barn,
        ..Variants::default()
    };
    let rules = Rules { variants, ..am_rules(&[Expansion::Gq11]) };
    let mut g = yellows_farmer_beside_two_cities(rules, "base:E", "gq11:02", &["base:U", "base:B", "base:B"]);
    put(&mut g, -1, 0, 0);
    deploy(&mut g, F, "field@NNW");
    put(&mut g, 1, -2, 0);
    let placed = scores(&apply(&mut g, Action::PlaceBarn { corner: Corner::SouthWest }));
    put(&mut g, -1, -1, 0);
    (placed, scores(&pass(&mut g)))
}

/// Seed 001, THE RIVER II, footnote 98 (and seed 000, The River, Abbey & Mayor notes 43, 44):
/// "The pig-herd tile only counts in connection with farmers, not the barn": the farmers the
/// barn scores get 3 + 1 and 1 + 1 per city, the barn itself only 4.
#[test]
fn footnote98_the_pig_herd_counts_for_farmers_not_for_the_barn() {
    let (placed, last) = barn_beside_a_pig_herd(false);
    assert_eq!(placed, vec![(FeatureKind::Field, Phase::Turn, vec![YELLOW], 8)]);
    assert_eq!(
        last,
        vec![(FeatureKind::Field, Phase::Turn, vec![RED], 4), (FeatureKind::Field, Phase::Final, vec![BLUE], 8)]
    );
}

/// Seed 000, The River II, footnote 43 ("Common house rule or variant"): "The pig-herd tile can
/// still score an extra point per city when there is a barn on the field" - footnote 98's
/// example under the house rule: the barn scores 5 per city, 10 for its two cities; the
/// farmers as before.
#[test]
fn house_rule_the_pig_herd_counts_for_the_barn_too() {
    let (placed, last) = barn_beside_a_pig_herd(true);
    assert_eq!(placed, vec![(FeatureKind::Field, Phase::Turn, vec![YELLOW], 8)]);
    assert_eq!(
        last,
        vec![(FeatureKind::Field, Phase::Turn, vec![RED], 4), (FeatureKind::Field, Phase::Final, vec![BLUE], 10)]
    );
}

/// Seed 000, base game footnote 6 (official clarification): when a drawn tile fits nowhere and
/// is removed, "the player could place the abbey tile instead of drawing another tile". With no
/// city edge open on the board, the four-sided city base:C fits nowhere: blue declines the
/// abbey, draws it, and is offered the abbey again before the next draw.
#[test]
fn seed000_footnote6_the_abbey_is_offered_again_after_a_tile_that_fits_nowhere() {
    let deck = ["base:E", "base:U", "base:U", "base:B", "base:U", "base:B", "base:A", "base:C", "base:E", "base:E"];
    let mut g = game(2, &deck);
    for (x, y, r) in [(0, -1, 180), (-1, 0, 0), (1, 0, 0), (-1, 1, 0), (1, 1, 0), (1, 2, 0), (0, 2, 180)] {
        put(&mut g, x, y, r);
        pass(&mut g);
    }
    assert_eq!(g.pending(), Pending::Abbey { player: BLUE });
    let events = pass(&mut g);
    assert!(events.iter().any(|e| matches!(e, Event::TileDiscarded { player: BLUE, .. })), "{events:?}");
    assert_eq!(g.pending(), Pending::Abbey { player: BLUE }, "offered again after the discard");
    apply(&mut g, Action::PlaceAbbey { pos: Pos::new(0, 1) });
    assert_eq!(g.discarded().len(), 1);
}

/// `render` draws each barn on its tile corner, in its owner's colour.
#[test]
fn the_board_picture_shows_the_barn_on_its_corner() {
    let mut g = farms_beside_two_cities();
    apply(&mut g, Action::PlaceBarn { corner: Corner::SouthWest });
    let svg = carcassonne_render::board_svg(&g, &carcassonne_render::BoardOptions::default());
    assert_eq!(svg.matches(r#"class="piece barn""#).count(), 1);
    // The south-west corner of (1,-2) is the point (100, -100) of the picture.
    assert!(svg.contains(r#"class="piece barn" transform="translate(100 -100)""#), "{svg}");
    assert!(svg.contains(carcassonne_render::color_hex(Color::Blue)));
}

/// Seed 004's later wording of the wagon's move (variant `wagon-moves: around-tile`): "any
/// unoccupied uncompleted feature on the same tile or around it". In the seed's first wagon
/// example the wagon stood at (-1,0): the cloister at (-2,0) and the start tile's open city at
/// (0,0) are around it; the junction's free road at (1,0) is two tiles away.
#[test]
fn seed004_the_wagon_moves_around_its_tile_under_the_later_wording() {
    let mut g = game_with(
        Rules {
            variants: Variants { wagon_moves: carcassonne_engine::WagonMoves::AroundTile, ..Variants::default() },
            ..am_rules(&[])
        },
        2,
        &["base:W", "base:U", "base:A", "base:E"],
    );
    put(&mut g, 1, 0, 0);
    deploy(&mut g, F, "road@E");
    put(&mut g, -1, 0, 0);
    deploy(&mut g, Figure::Wagon, "road@E");
    put(&mut g, -2, 0, 270);
    pass(&mut g);
    assert!(matches!(g.pending(), Pending::MoveWagon { player: BLUE, .. }));
    assert_eq!(wagon_targets(&g), BTreeSet::from([(-2, 0, FeatureKind::Cloister), (0, 0, FeatureKind::City)]));
    let mut v = Variants::default();
    v.set("wagon-moves", "around-tile").unwrap();
    assert_eq!(v.wagon_moves, carcassonne_engine::WagonMoves::AroundTile);
}
