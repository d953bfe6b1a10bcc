//! The Count of Carcassonne (seed 001, THE COUNT OF CARCASSONNE, footnotes 49-60, "The Count of
//! Carcassonne: Official Variants"; seed 004's preparation and steps 3B and 3C). Each rule and
//! each footnote that states one is a named test here; docs/rules.md's ruling table points to
//! them. Worked examples are also scenarios under tests/scenarios (`seed001_count_*`).
//!
//! The city of Carcassonne lies at x -2..1, y -1..1 (tile 07 at the origin). Roads leave it
//! westwards from (-2, -1), northwards from (1, -1) and southwards from (0, 1); cities leave it
//! southwards from (-2, 1) and eastwards from (1, 1).

use carcassonne_engine::record::{decode_action, encode_action};
use carcassonne_engine::{
    Action, CarcassonneTrigger, Color, CountMoves, Deck, Event, Expansion, FeatureKind, Figure, Game, GameSetup,
    Pending, Phase, PlayerId, Pos, Quarter, Record, RuleError, Rules, Variants,
};

use crate::princess_dragon::{apply, deploy, feature, place};

const F: Figure = Figure::Follower;
const RED: PlayerId = 0;
const BLUE: PlayerId = 1;
const GREEN: PlayerId = 2;

fn rules(others: &[Expansion]) -> Rules {
    Rules { expansions: [Expansion::Count].into_iter().chain(others.iter().copied()).collect(), ..Rules::default() }
}

fn game_with(rules: Rules, players: usize, deck: &[&str]) -> Game {
    crate::princess_dragon::game_with(rules, players, deck)
}

fn game(players: usize, deck: &[&str]) -> Game {
    game_with(rules(&[]), players, deck)
}

fn pass(g: &mut Game) -> Vec<Event> {
    apply(g, Action::Pass)
}

fn to_quarter(g: &mut Game, figure: Figure, quarter: Quarter) -> Vec<Event> {
    apply(g, Action::DeployToQuarter { figure, quarter })
}

/// The redeployment of `figure` the pending decision offers (the feature being scored, or in
/// the final round the feature named `name` on the tile at `(x, y)`).
fn redeploy(g: &mut Game, figure: Figure) -> Vec<Event> {
    let Pending::Redeploy { pos, feature, .. } = g.pending() else { panic!("no redeployment: {:?}", g.pending()) };
    apply(g, Action::Redeploy { figure, pos, feature })
}

/// The redeployment of `figure` onto the feature named `name` on the tile at `(x, y)`, as the
/// legal actions name it (by the segment the figure will stand on).
fn redeploy_to(g: &mut Game, figure: Figure, x: i16, y: i16, name: &str) -> Vec<Event> {
    let root = root_of(g, x, y, name);
    let action = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(*a, Action::Redeploy { figure: f, pos, feature } if f == figure && root_at(g, pos, feature) == root))
        .unwrap_or_else(|| panic!("no redeployment of a {figure:?} onto {name} at ({x}, {y})"));
    apply(g, action)
}

fn root_at(g: &Game, pos: Pos, feature: u8) -> u32 {
    g.feature_root(g.board().index_at(pos).unwrap(), feature)
}

fn root_of(g: &Game, x: i16, y: i16, name: &str) -> u32 {
    root_at(g, Pos::new(x, y), feature(g, x, y, name))
}

/// Every score of `events` as (kind, phase, players, points).
fn scores(events: &[Event]) -> Vec<(FeatureKind, Phase, Vec<PlayerId>, u32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Scored(s) => Some((s.kind, s.phase, s.players.iter().collect(), s.points)),
            _ => None,
        })
        .collect()
}

fn residents(g: &Game) -> Vec<(PlayerId, Figure, Quarter)> {
    g.residents().iter().map(|r| (r.owner, r.figure, r.quarter)).collect()
}

/// With Abbey & Mayor the abbey is offered before the draws: declines it.
fn decline_abbey(g: &mut Game) {
    if let Pending::Abbey { .. } = g.pending() {
        pass(g);
    }
}

/// The road north of the city: RED's thief on base:U at (1, -2), then BLUE closes it with the
/// cloister base:A at (1, -3): 3 points for RED (the city's tile 04, U and A), none for BLUE,
/// who may then deploy to Carcassonne.
pub(crate) fn blue_closes_reds_road(g: &mut Game) -> Vec<Event> {
    decline_abbey(g);
    place(g, 1, -2);
    deploy(g, F, "road@N");
    decline_abbey(g);
    let mut events = place(g, 1, -3);
    events.extend(pass(g));
    events
}

// ----- Preparation -----

/// "the twelve city tiles are placed on the table so that they form a single city. This city -
/// Carcassonne itself - serves as the starting point for the game. As such, the normal starting
/// tile is not used. The wooden count figure should be placed on the castle quarter".
#[test]
fn preparation_the_city_starts_the_game_and_the_count_stands_in_the_castle() {
    let g = Game::new(GameSetup { rules: rules(&[]), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(3) })
        .unwrap();
    let tiles: Vec<(String, i16, i16)> =
        g.board().tiles().iter().map(|t| (g.design(t.tile).id.clone(), t.pos.x, t.pos.y)).collect();
    assert_eq!(tiles.len(), 12);
    for (i, (id, x, y)) in tiles.iter().enumerate() {
        assert_eq!(id, &format!("count:{:02}", i + 1));
        assert_eq!((*x, *y), ((i % 4) as i16 - 2, (i / 4) as i16 - 1), "{id}");
    }
    assert_eq!(g.count_quarter(), Some(Quarter::Castle));
    assert!(g.residents().is_empty());
    // The base start tile is not used: three of the four copies of base:D are face down, and
    // the 71 other base tiles.
    let observation = g.observation(None);
    let d = g.catalog().lookup("base:D").unwrap();
    let remaining = observation.remaining_tiles();
    assert_eq!(remaining.iter().find(|(t, _)| *t == d).map(|(_, n)| *n), Some(3));
    assert_eq!(g.tiles_left() + 1, 71, "the drawn tile and the 70 face down");
    // The city's parts are one completed city.
    let part = |x, y| {
        let placement = g.board().index_at(Pos::new(x, y)).unwrap();
        let design = g.design(g.board().placement(placement).tile);
        let f = design.features.iter().position(|f| f.kind == FeatureKind::City && f.inner != 0).unwrap();
        g.feature_root(placement, f as u8)
    };
    let city = part(0, 0);
    assert!(g.features().is_closed(city));
    for x in -2..=1 {
        for y in -1..=1 {
            assert_eq!(part(x, y), city, "the part of Carcassonne at ({x}, {y})");
        }
    }
}

/// "If the river is being used, then the spring tile should be placed next, and in such a way
/// that the river leads away from the city": above the city's second column, flowing north;
/// the river's tiles then continue it there.
#[test]
fn preparation_with_a_river_the_spring_leads_away_from_the_city() {
    for river in [Expansion::River, Expansion::River2] {
        let g = Game::new(GameSetup {
            rules: rules(&[river]),
            players: vec![Color::Red, Color::Blue],
            deck: Deck::Seed(8),
        })
        .unwrap();
        assert_eq!(g.board().len(), 13, "{river:?}");
        let spring = g.board().get(Pos::new(-1, -2)).expect("the spring above the city");
        let design = g.design(spring.tile);
        assert_eq!(design.river, Some(carcassonne_engine::catalog::RiverRole::Spring));
        let north = (design.view(spring.rotation).edges & 0xFF) as u8;
        assert_eq!(north, carcassonne_engine::Terrain::River as u8, "the river leaves northwards");
        let Pending::PlaceTile { tile, .. } = g.pending() else { panic!() };
        assert!(g.design(tile).has_river(), "river tiles come first");
        for a in g.legal_actions() {
            let Action::Place { pos, .. } = a else { panic!() };
            assert_eq!(pos, Pos::new(-1, -3), "the river continues where it leaves the spring");
        }
    }
}

// ----- Deploying to Carcassonne -----

/// "Whenever a city, road or cloister is completed in which at least one player scores points,
/// but the player placing the final tile does not, this player may deploy a follower from their
/// supply to a city quarter of their choice." The offer comes after the scoring (footnote 54),
/// for each figure that may wait in a quarter; the follower leaves the supply.
#[test]
fn a_scoring_for_others_only_lets_the_placer_deploy_to_carcassonne() {
    let mut g = game(2, &["base:U", "base:A", "base:A"]);
    let events = blue_closes_reds_road(&mut g);
    assert_eq!(scores(&events), [(FeatureKind::Road, Phase::Turn, vec![RED], 3)]);
    assert_eq!(g.pending(), Pending::Carcassonne { player: BLUE });
    let offered = g.legal_actions();
    let mut expected: Vec<Action> =
        Quarter::ALL.iter().map(|&quarter| Action::DeployToQuarter { figure: F, quarter }).collect();
    expected.push(Action::Pass);
    assert_eq!(offered, expected);
    let supply = g.player(BLUE).followers;
    let events = to_quarter(&mut g, F, Quarter::Blacksmith);
    assert_eq!(events, [Event::FigureToQuarter { player: BLUE, figure: F, quarter: Quarter::Blacksmith }]);
    assert_eq!(g.player(BLUE).followers, supply - 1);
    assert_eq!(residents(&g), [(BLUE, F, Quarter::Blacksmith)]);
    // Then the count may move (or stay: pass).
    assert_eq!(g.pending(), Pending::MoveCount { player: BLUE });
    assert_eq!(
        g.legal_actions(),
        [
            Action::MoveCount { quarter: Quarter::Market },
            Action::MoveCount { quarter: Quarter::Blacksmith },
            Action::MoveCount { quarter: Quarter::Cathedral },
            Action::Pass
        ]
    );
    let events = apply(&mut g, Action::MoveCount { quarter: Quarter::Cathedral });
    assert_eq!(events[0], Event::CountMoved { player: BLUE, quarter: Quarter::Cathedral });
    assert_eq!(g.count_quarter(), Some(Quarter::Cathedral));
    assert!(matches!(g.pending(), Pending::PlaceTile { player: RED, .. }));
}

/// Declining: no figure goes to Carcassonne and the count does not move.
#[test]
fn the_placer_may_decline_carcassonne() {
    let mut g = game(2, &["base:U", "base:A", "base:A"]);
    blue_closes_reds_road(&mut g);
    pass(&mut g);
    assert!(g.residents().is_empty());
    assert_eq!(g.count_quarter(), Some(Quarter::Castle));
    assert!(matches!(g.pending(), Pending::PlaceTile { player: RED, .. }));
}

/// The road north-east of the city: RED's curve base:V at (1, -2) with a thief, BLUE's cloister
/// base:A at (2, -1) with a thief on its road; the curve base:V at (2, -2) then joins and closes
/// the two: 4 points each.
fn two_thieves_on_one_road(g: &mut Game) {
    crate::princess_dragon::place_turned(g, 1, -2, 270);
    deploy(g, F, "road@E");
    crate::princess_dragon::place_turned(g, 2, -1, 180);
    deploy(g, F, "road@N");
}

/// No offer when the placer scores too ("If several features are completed, the player must not
/// score points in any of them"; a tie is points), when nobody scores, or when the placer scores
/// alone; an offer to a third player whose tile pays the other two.
#[test]
fn no_carcassonne_when_the_placer_scores_or_nobody_does() {
    // Nobody: the empty road south of the city closed by a cloister tile.
    let mut g = game(2, &["base:A", "base:A"]);
    place(&mut g, 0, 2);
    let events = pass(&mut g);
    assert_eq!(scores(&events), [(FeatureKind::Road, Phase::Turn, vec![], 2)]);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. }));
    // The placer alone: RED closes RED's road.
    let mut g = game(2, &["base:U", "base:B", "base:A", "base:B"]);
    place(&mut g, 1, -2);
    deploy(&mut g, F, "road@N");
    place(&mut g, -1, -2);
    pass(&mut g);
    place(&mut g, 1, -3);
    let events = pass(&mut g);
    assert_eq!(scores(&events), [(FeatureKind::Road, Phase::Turn, vec![RED], 3)]);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. }));
    // A tie that pays the placer and another player: no offer.
    let mut g = game(2, &["base:V", "base:A", "base:B", "base:V", "base:B"]);
    two_thieves_on_one_road(&mut g);
    place(&mut g, -1, -2);
    pass(&mut g);
    crate::princess_dragon::place_turned(&mut g, 2, -2, 0);
    let events = pass(&mut g);
    assert_eq!(scores(&events), [(FeatureKind::Road, Phase::Turn, vec![RED, BLUE], 4)]);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: RED, .. }));
    // The same tile placed by a third player pays both others and not them: an offer.
    let mut g = game(3, &["base:V", "base:A", "base:V", "base:B"]);
    two_thieves_on_one_road(&mut g);
    crate::princess_dragon::place_turned(&mut g, 2, -2, 0);
    let events = pass(&mut g);
    assert_eq!(scores(&events), [(FeatureKind::Road, Phase::Turn, vec![RED, BLUE], 4)]);
    assert_eq!(g.pending(), Pending::Carcassonne { player: GREEN });
}

/// Issue 35, defect 2: only "a city, road or cloister [...] completed in which at least one player
/// scores points, but the player placing the final tile does not" opens Carcassonne. A barn
/// placed beside RED's farmer north of the city scores the farmer at once (3 points for the city
/// of Carcassonne, a completed city: footnote 49) although nothing was completed: BLUE, who
/// scored nothing, is not offered Carcassonne. Under the Assembled Game Reference's wording
/// ("If you did not score any points from placement of the tile this turn, but one or more
/// opponents did"), the variant `carcassonne-trigger: any-points`, the barn's points count.
#[test]
fn a_barns_farmers_scoring_completes_nothing_and_opens_no_carcassonne() {
    for (trigger, offered) in [(CarcassonneTrigger::CompletedFeatures, false), (CarcassonneTrigger::AnyPoints, true)] {
        let mut rules = rules(&[Expansion::AbbeyMayor]);
        rules.variants.carcassonne_trigger = trigger;
        let mut g = game_with(rules, 2, &["base:B", "base:B", "base:B"]);
        decline_abbey(&mut g);
        place(&mut g, -1, -2);
        deploy(&mut g, F, "field@NNW");
        decline_abbey(&mut g);
        place(&mut g, 0, -2);
        let events = apply(&mut g, Action::PlaceBarn { corner: carcassonne_engine::Corner::SouthWest });
        assert_eq!(scores(&events), [(FeatureKind::Field, Phase::Turn, vec![RED], 3)], "{trigger:?}");
        if offered {
            assert_eq!(g.pending(), Pending::Carcassonne { player: BLUE }, "{trigger:?}");
        } else {
            assert!(matches!(g.pending(), Pending::Abbey { player: RED } | Pending::PlaceTile { player: RED, .. }));
        }
    }
}

/// Issue 35, defect 2, and seed 000's The Abbot, note 19 ("Gardens do not count as monasteries in
/// relation to their interaction with other expansions"): BLUE's tile surrounds RED's abbot's
/// garden north of the city (9 points for RED), and completes no road, city or cloister, so BLUE
/// may not deploy to Carcassonne; under `carcassonne-trigger: any-points` the garden's points
/// count.
#[test]
fn a_garden_completed_for_others_opens_no_carcassonne() {
    use crate::princess_dragon::place_turned;
    for (trigger, offered) in [(CarcassonneTrigger::CompletedFeatures, false), (CarcassonneTrigger::AnyPoints, true)] {
        let mut rules = rules(&[Expansion::Abbot]);
        rules.variants.tile_edition = carcassonne_engine::Edition::Second;
        rules.variants.carcassonne_trigger = trigger;
        let deck = ["base:U-garden", "base:A", "base:A", "base:B", "base:B", "base:B", "base:B"];
        let mut g = game_with(rules, 2, &deck);
        place_turned(&mut g, -1, -2, 0);
        deploy(&mut g, Figure::Abbot, "garden");
        place_turned(&mut g, -2, -2, 270);
        pass(&mut g);
        // The cloister tile ends the garden tile's road: an empty road, nobody scores.
        place_turned(&mut g, 0, -2, 90);
        assert_eq!(scores(&pass(&mut g)), [(FeatureKind::Road, Phase::Turn, vec![], 3)]);
        for x in [-2, -1] {
            place_turned(&mut g, x, -3, 0);
            pass(&mut g);
        }
        place_turned(&mut g, 0, -3, 0);
        let events = pass(&mut g);
        assert_eq!(scores(&events), [(FeatureKind::Garden, Phase::Turn, vec![RED], 9)], "{trigger:?}");
        if offered {
            assert_eq!(g.pending(), Pending::Carcassonne { player: BLUE }, "{trigger:?}");
        } else {
            assert!(matches!(g.pending(), Pending::PlaceTile { player: RED, .. }), "{:?}", g.pending());
        }
    }
}

/// Issue 35, a reading to rule on: seed 004's step 3A, "Each player receiving points chooses the
/// order in which his or her features resolve". Seed 001 (the default rules) has no such choice,
/// and after footnote 132's ruling the order changes nothing for the wagons, which all decide
/// once every feature is scored; for the redeployments from Carcassonne every player is asked
/// again for each feature in turn, so a player who wants a later feature passes on the earlier
/// ones: the engine scores the features in a fixed order and no outcome is lost. RED's junction
/// south of the city ends three empty roads at once; BLUE, waiting in the blacksmith, passes on
/// the first and takes the second.
#[test]
fn ruling_a_fixed_order_of_features_lets_each_player_choose_where_to_redeploy() {
    use crate::princess_dragon::place_turned;
    let mut g = game(2, &["base:U", "base:A", "base:A", "base:A", "base:W", "base:B"]);
    blue_closes_reds_road(&mut g);
    to_quarter(&mut g, F, Quarter::Blacksmith);
    pass(&mut g);
    place_turned(&mut g, 1, 2, 90);
    pass(&mut g);
    place_turned(&mut g, -1, 2, 270);
    pass(&mut g);
    place_turned(&mut g, 0, 2, 180);
    let events = pass(&mut g);
    assert!(scores(&events).is_empty(), "nothing is scored before BLUE's decision: {events:?}");
    let Pending::Redeploy { player: BLUE, pos, feature: first } = g.pending() else { panic!("{:?}", g.pending()) };
    let events = pass(&mut g);
    assert_eq!(scores(&events), [(FeatureKind::Road, Phase::Turn, vec![], 2)], "the first road scores for nobody");
    let Pending::Redeploy { player: BLUE, pos: at, feature: second } = g.pending() else { panic!("{:?}", g.pending()) };
    assert_ne!((pos, first), (at, second), "the second road is offered after the first");
    let events = redeploy(&mut g, F);
    let paid = scores(&events);
    assert_eq!(paid[0].2, vec![BLUE], "{paid:?}");
    assert_eq!(paid[1].2, Vec::<PlayerId>::new(), "the third road pays nobody: {paid:?}");
    assert!(g.residents().is_empty());
}

/// Issue 35, a reading to rule on: the abbot and the quarters of Carcassonne. Seed 000 calls the
/// abbot a meeple (The Abbot, note 25) "but he has limitations": it "can only end up on an
/// unfinished monastery or garden". A redeployment during the game goes onto a completed
/// feature being scored, and no quarter feeds gardens, so the abbot is never deployed to a
/// quarter ("a follower from their supply" is read with that limitation).
#[test]
fn ruling_the_abbot_never_waits_in_carcassonne() {
    let mut g = game_with(rules(&[Expansion::Abbot]), 2, &["base:U", "base:A", "base:A"]);
    blue_closes_reds_road(&mut g);
    assert_eq!(g.pending(), Pending::Carcassonne { player: BLUE });
    for quarter in Quarter::ALL {
        let abbot = Action::DeployToQuarter { figure: Figure::Abbot, quarter };
        assert!(!g.legal_actions().contains(&abbot), "{quarter:?}");
        assert!(matches!(g.check(abbot), Err(RuleError::NotForQuarter(..))), "{quarter:?}");
    }
}

/// Issue 35, a reading to rule on: does the king's final bonus count the city of Carcassonne?
/// The king counts the cities completed in play ("As soon as a player completes the first city,
/// he or she should take the king tile"; seed 001, KING AND SCOUT); Carcassonne, laid out whole at
/// the start, is a completed city only for the farms (footnote 49). RED closes the small city
/// south of Carcassonne's west corner, takes the king and scores 1 for it at the end; under the
/// variant `king-counts-carcassonne`, 2.
#[test]
fn ruling_the_kings_bonus_counts_the_cities_completed_in_play_not_carcassonne() {
    for (counts, expected) in [(false, 1u16), (true, 2)] {
        let mut rules = rules(&[Expansion::KingRobber]);
        rules.variants.king_counts_carcassonne = counts;
        let mut g = game_with(rules, 2, &["base:E"]);
        crate::princess_dragon::place_turned(&mut g, -2, 2, 0);
        let events = pass(&mut g);
        assert!(events.contains(&Event::TokenTaken { player: RED, token: carcassonne_engine::Token::King, tiles: 2 }));
        assert_eq!(g.token_count(carcassonne_engine::Token::King), expected);
        assert!(g.is_over());
        let king = events.iter().find_map(|e| match e {
            Event::TokenScored { player: RED, token: carcassonne_engine::Token::King, count, points } => {
                Some((*count, *points))
            }
            _ => None,
        });
        assert_eq!(king, Some((expected, u32::from(expected))), "king-counts-carcassonne: {counts}");
    }
}

/// The figures that may wait in Carcassonne: followers and big followers in any quarter, the
/// mayor and the wagon "in the appropriate quarter" (footnote 53: the mayor only goes into
/// cities, so the castle; the wagon never onto a farm, so not the market), never the barn
/// (footnote 53) nor the abbot (a follower only for cloisters and gardens; no seed sends it
/// there). Without farmers the market takes nobody.
#[test]
fn footnotes_53_and_125_the_mayor_and_the_wagon_may_go_to_carcassonne_the_barn_may_not() {
    let all = [Expansion::InnsCathedrals, Expansion::AbbeyMayor, Expansion::Abbot];
    let mut g = game_with(rules(&all), 2, &["base:U", "base:A", "base:A"]);
    blue_closes_reds_road(&mut g);
    assert_eq!(g.pending(), Pending::Carcassonne { player: BLUE });
    let offered: Vec<(Figure, Quarter)> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::DeployToQuarter { figure, quarter } => Some((figure, quarter)),
            Action::Pass => None,
            other => panic!("{other:?} offered for Carcassonne"),
        })
        .collect();
    use Quarter::*;
    let expected: Vec<(Figure, Quarter)> = [
        (F, Castle),
        (F, Market),
        (F, Blacksmith),
        (F, Cathedral),
        (Figure::BigFollower, Castle),
        (Figure::BigFollower, Market),
        (Figure::BigFollower, Blacksmith),
        (Figure::BigFollower, Cathedral),
        (Figure::Mayor, Castle),
        (Figure::Wagon, Castle),
        (Figure::Wagon, Blacksmith),
        (Figure::Wagon, Cathedral),
    ]
    .into();
    assert_eq!(offered, expected);
    for (figure, quarter) in
        [(Figure::Mayor, Market), (Figure::Wagon, Market), (Figure::Barn, Castle), (Figure::Abbot, Cathedral)]
    {
        let err = g.check(Action::DeployToQuarter { figure, quarter }).unwrap_err();
        assert!(matches!(err, RuleError::NotForQuarter(..)), "{figure:?} to {quarter:?}: {err}");
    }
    // Without farmers the market takes nobody.
    let no_farmers = Rules { variants: Variants { farmers: false, ..Variants::default() }, ..rules(&[]) };
    let mut g = game_with(no_farmers, 2, &["base:U", "base:A", "base:A"]);
    blue_closes_reds_road(&mut g);
    assert!(!g.legal_actions().contains(&Action::DeployToQuarter { figure: F, quarter: Market }));
    assert!(g.legal_actions().contains(&Action::DeployToQuarter { figure: F, quarter: Castle }));
}

/// Footnote 54: "Scoring takes place first, and then, should the occasion arise, a follower may
/// be deployed to the city of Carcassonne": the events come in that order.
#[test]
fn footnote_54_the_deployment_to_carcassonne_comes_after_the_scoring() {
    let mut g = game(2, &["base:U", "base:A", "base:A"]);
    let events = blue_closes_reds_road(&mut g);
    let scored = events.iter().position(|e| matches!(e, Event::Scored(_))).unwrap();
    let returned = events.iter().position(|e| matches!(e, Event::FigureReturned { .. })).unwrap();
    assert!(scored < returned);
    assert_eq!(g.pending(), Pending::Carcassonne { player: BLUE }, "after the scoring, the offer");
}

/// A three-player game in which GREEN, then RED, then BLUE deploy followers to the blacksmith
/// quarter, each after closing a road that paid another player only; the roads are then
/// redeployed to in seat order from the placer's left, the placer last.
#[test]
fn redeploying_goes_from_the_placers_left_round_to_the_placer() {
    let mut g = game(3, &["base:U", "base:U", "base:A", "base:W", "base:A", "base:A", "base:B"]);
    // RED's thief south of the city, BLUE's west of it.
    place(&mut g, 0, 2);
    deploy(&mut g, F, "road@N");
    place(&mut g, -3, -1);
    deploy(&mut g, F, "road@E");
    // GREEN closes RED's road: RED 3, GREEN to the blacksmith.
    crate::princess_dragon::place_turned(&mut g, 0, 3, 180);
    assert_eq!(scores(&pass(&mut g)), [(FeatureKind::Road, Phase::Turn, vec![RED], 3)]);
    to_quarter(&mut g, F, Quarter::Blacksmith);
    pass(&mut g);
    // RED closes BLUE's road with a junction (two new roads leave it). GREEN, who waits in the
    // blacksmith, may step in first (BLUE, left of RED, has nobody there): GREEN declines. BLUE
    // 3, RED to the blacksmith.
    crate::princess_dragon::place_turned(&mut g, -4, -1, 0);
    pass(&mut g);
    assert!(matches!(g.pending(), Pending::Redeploy { player: GREEN, .. }), "{:?}", g.pending());
    assert_eq!(scores(&pass(&mut g)), [(FeatureKind::Road, Phase::Turn, vec![BLUE], 3)]);
    to_quarter(&mut g, F, Quarter::Blacksmith);
    pass(&mut g);
    assert_eq!(residents(&g), [(GREEN, F, Quarter::Blacksmith), (RED, F, Quarter::Blacksmith)]);
    // BLUE closes the empty road north of the city: GREEN (left of BLUE) decides first, then RED;
    // BLUE has nobody there.
    place(&mut g, 1, -2);
    pass(&mut g);
    assert!(matches!(g.pending(), Pending::Redeploy { player: GREEN, .. }), "{:?}", g.pending());
    assert_eq!(g.legal_actions().len(), 2, "one kind of figure, or none");
    pass(&mut g);
    assert!(matches!(g.pending(), Pending::Redeploy { player: RED, .. }));
    let events = redeploy(&mut g, F);
    assert!(matches!(events[0], Event::FigureRedeployed { player: RED, figure: F, quarter: Quarter::Blacksmith, .. }));
    assert_eq!(scores(&events), [(FeatureKind::Road, Phase::Turn, vec![RED], 2)]);
    // BLUE's tile paid RED only: BLUE may now deploy there too.
    assert_eq!(g.pending(), Pending::Carcassonne { player: BLUE });
    to_quarter(&mut g, F, Quarter::Blacksmith);
    pass(&mut g);
    // GREEN closes the road south of the junction: RED has nobody left there, BLUE decides, then
    // GREEN last; both move in and share the road.
    crate::princess_dragon::place_turned(&mut g, -4, 0, 180);
    pass(&mut g);
    assert!(matches!(g.pending(), Pending::Redeploy { player: BLUE, .. }), "{:?}", g.pending());
    redeploy(&mut g, F);
    assert!(matches!(g.pending(), Pending::Redeploy { player: GREEN, .. }));
    let events = redeploy(&mut g, F);
    assert_eq!(scores(&events), [(FeatureKind::Road, Phase::Turn, vec![BLUE, GREEN], 2)]);
    assert!(g.residents().is_empty());
    // GREEN scored: no offer to GREEN; RED's turn.
    assert!(matches!(g.pending(), Pending::PlaceTile { player: RED, .. }));
}

/// "From the quarter in which the count is currently residing, no followers may be
/// redeployed": BLUE moves the count onto its own follower's quarter, and the next road closed
/// offers nobody a redeployment; once the count moves on, the quarter opens again.
#[test]
fn the_count_blocks_its_quarter() {
    let mut g = game(2, &["base:U", "base:A", "base:A", "base:U", "base:W", "base:A", "base:B"]);
    blue_closes_reds_road(&mut g);
    to_quarter(&mut g, F, Quarter::Blacksmith);
    apply(&mut g, Action::MoveCount { quarter: Quarter::Blacksmith });
    // RED closes the empty road south of the city: the blacksmith is blocked, no decision.
    place(&mut g, 0, 2);
    let events = pass(&mut g);
    assert_eq!(scores(&events), [(FeatureKind::Road, Phase::Turn, vec![], 2)]);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. }), "{:?}", g.pending());
    assert_eq!(residents(&g), [(BLUE, F, Quarter::Blacksmith)]);
    let err = g.check(Action::Redeploy { figure: F, pos: Pos::new(0, 2), feature: 0 }).unwrap_err();
    assert!(matches!(err, RuleError::WrongDecision { .. }), "{err}");
    // BLUE puts a thief west of the city; RED's junction closes it (still blocked: BLUE scores
    // alone) and RED deploys to the blacksmith, moving the count to the market.
    place(&mut g, -3, -1);
    deploy(&mut g, F, "road@E");
    crate::princess_dragon::place_turned(&mut g, -4, -1, 0);
    let events = pass(&mut g);
    assert_eq!(scores(&events), [(FeatureKind::Road, Phase::Turn, vec![BLUE], 3)]);
    to_quarter(&mut g, F, Quarter::Blacksmith);
    apply(&mut g, Action::MoveCount { quarter: Quarter::Market });
    // BLUE closes the empty road south of the junction: the blacksmith is open again, RED (left
    // of BLUE) decides first.
    crate::princess_dragon::place_turned(&mut g, -4, 0, 180);
    pass(&mut g);
    assert!(matches!(g.pending(), Pending::Redeploy { player: RED, .. }), "the blacksmith is open again");
    pass(&mut g);
    assert!(matches!(g.pending(), Pending::Redeploy { player: BLUE, .. }));
}

/// The official variants: "whenever a new follower is deployed to the city of Carcassonne, the
/// count is moved clockwise to the next city quarter; or the count is moved to whichever city
/// quarter the new follower is deployed to". The count then moves by itself.
#[test]
fn official_variants_the_count_moves_clockwise_or_to_the_quarter_used() {
    for (moves, quarter, expected) in [
        (CountMoves::Clockwise, Quarter::Cathedral, Quarter::Market),
        (CountMoves::ToQuarter, Quarter::Cathedral, Quarter::Cathedral),
        (CountMoves::ToQuarter, Quarter::Castle, Quarter::Castle),
    ] {
        let r = Rules { variants: Variants { count_moves: moves, ..Variants::default() }, ..rules(&[]) };
        let mut g = game_with(r, 2, &["base:U", "base:A", "base:A"]);
        blue_closes_reds_road(&mut g);
        let events = to_quarter(&mut g, F, quarter);
        assert_eq!(g.count_quarter(), Some(expected), "{moves:?}");
        let moved = events.contains(&Event::CountMoved { player: BLUE, quarter: expected });
        assert_eq!(moved, expected != Quarter::Castle, "{moves:?}: {events:?}");
        assert!(matches!(g.pending(), Pending::PlaceTile { player: RED, .. }), "no choice of the count's quarter");
    }
}

/// Footnote 56: "when an empty road, city, or cloister is completed, followers in the
/// appropriate quarter of the city may be redeployed and the scored immediately ... this option
/// is mostly useful for returning followers from the city of Carcassonne to a player's supply".
#[test]
fn footnote_56_redeploying_to_an_empty_feature_brings_the_follower_home() {
    let mut g = game(2, &["base:U", "base:A", "base:A", "base:B"]);
    blue_closes_reds_road(&mut g);
    to_quarter(&mut g, F, Quarter::Blacksmith);
    pass(&mut g);
    let supply = g.player(BLUE).followers;
    place(&mut g, 0, 2);
    pass(&mut g);
    assert!(matches!(g.pending(), Pending::Redeploy { player: BLUE, .. }));
    let events = redeploy(&mut g, F);
    assert_eq!(scores(&events), [(FeatureKind::Road, Phase::Turn, vec![BLUE], 2)]);
    assert!(events.iter().any(|e| matches!(e, Event::FigureReturned { player: BLUE, .. })));
    assert_eq!(g.player(BLUE).followers, supply + 1);
    assert!(g.residents().is_empty());
}

/// Footnote 57: "There was no rule that said only one monk could occupy a cloister ... This is
/// the first opportunity for stealing a cloister away from a player": BLUE's follower from the
/// cathedral quarter joins RED's monk; both score the cloister. The cloister completed beside it
/// at the same time is empty, and BLUE has nobody left for it.
#[test]
fn footnote_57_a_second_monk_joins_a_cloister() {
    let deck = ["base:U", "base:A", "base:B", "base:B", "base:B", "base:B", "base:B", "base:B", "base:B"];
    let mut g = game(2, &deck);
    blue_closes_reds_road(&mut g);
    to_quarter(&mut g, F, Quarter::Cathedral);
    pass(&mut g);
    place(&mut g, -1, -2);
    deploy(&mut g, F, "cloister");
    for (x, y) in [(0, -2), (-2, -2), (-1, -3), (-2, -3)] {
        place(&mut g, x, y);
        pass(&mut g);
    }
    // BLUE's tile surrounds RED's cloister (and the empty one at (0, -2)).
    place(&mut g, 0, -3);
    pass(&mut g);
    assert_eq!(g.pending(), Pending::Redeploy { player: BLUE, pos: Pos::new(-1, -2), feature: 0 });
    let events = redeploy(&mut g, F);
    assert_eq!(
        scores(&events),
        [(FeatureKind::Cloister, Phase::Turn, vec![RED, BLUE], 9), (FeatureKind::Cloister, Phase::Turn, vec![], 9)]
    );
    assert!(matches!(g.pending(), Pending::PlaceTile { player: RED, .. }), "BLUE scored: no offer");
}

/// "Big followers may also be deployed to Carcassonne; as usual, they count as two followers as
/// far as the calculation of the majority in a feature is concerned."
#[test]
fn a_big_follower_from_carcassonne_counts_two() {
    let deck = ["base:V", "base:A", "base:V", "base:U", "base:A", "base:B"];
    let mut g = game_with(rules(&[Expansion::InnsCathedrals]), 3, &deck);
    // GREEN closes the road RED and BLUE share, and sends the big follower to the blacksmith.
    two_thieves_on_one_road(&mut g);
    crate::princess_dragon::place_turned(&mut g, 2, -2, 0);
    pass(&mut g);
    to_quarter(&mut g, Figure::BigFollower, Quarter::Blacksmith);
    pass(&mut g);
    // RED puts a thief south of the city; BLUE closes that road; GREEN's big follower outweighs
    // RED's thief.
    place(&mut g, 0, 2);
    deploy(&mut g, F, "road@N");
    crate::princess_dragon::place_turned(&mut g, 0, 3, 180);
    pass(&mut g);
    assert!(matches!(g.pending(), Pending::Redeploy { player: GREEN, .. }));
    assert_eq!(g.legal_actions().len(), 2);
    let events = redeploy(&mut g, Figure::BigFollower);
    assert_eq!(scores(&events), [(FeatureKind::Road, Phase::Turn, vec![GREEN], 3)]);
}

/// "However, if a player has a double turn - because of the builder - in both these turns a
/// follower may be deployed to Carcassonne": RED's junction closes BLUE's western road and
/// extends RED's road with the builder; RED deploys to Carcassonne, then the second tile closes
/// BLUE's northern road and RED deploys again.
#[test]
fn a_builders_double_turn_may_deploy_to_carcassonne_in_both_halves() {
    let deck = ["base:B", "base:U", "base:V", "base:U", "base:V", "base:B", "base:W", "base:A", "base:B", "base:B"];
    let mut g = game_with(rules(&[Expansion::TradersBuilders]), 2, &deck);
    place(&mut g, -1, -2);
    pass(&mut g);
    place(&mut g, -3, -1);
    deploy(&mut g, F, "road@E");
    crate::princess_dragon::place_turned(&mut g, -3, 0, 0);
    deploy(&mut g, F, "road@S");
    place(&mut g, 1, -2);
    deploy(&mut g, F, "road@N");
    crate::princess_dragon::place_turned(&mut g, -4, 0, 180);
    deploy(&mut g, Figure::Builder, "road@N");
    place(&mut g, 0, -2);
    pass(&mut g);
    // RED's junction.
    crate::princess_dragon::place_turned(&mut g, -4, -1, 0);
    let events = pass(&mut g);
    assert_eq!(scores(&events), [(FeatureKind::Road, Phase::Turn, vec![BLUE], 3)]);
    assert_eq!(g.pending(), Pending::Carcassonne { player: RED });
    to_quarter(&mut g, F, Quarter::Castle);
    let events = pass(&mut g);
    assert!(events.contains(&Event::DoubleTurn { player: RED }), "{events:?}");
    // The second tile: BLUE's northern road.
    place(&mut g, 1, -3);
    let events = pass(&mut g);
    assert_eq!(scores(&events), [(FeatureKind::Road, Phase::Turn, vec![BLUE], 3)]);
    assert_eq!(g.pending(), Pending::Carcassonne { player: RED });
    to_quarter(&mut g, F, Quarter::Market);
    assert_eq!(residents(&g), [(RED, F, Quarter::Castle), (RED, F, Quarter::Market)]);
}

/// BLUE waits in the market (after closing RED's northern road), RED in the castle (after
/// closing BLUE's southern road, the last tile), and RED moves the count to the cathedral.
fn both_wait_when_the_tiles_run_out(g: &mut Game) {
    blue_closes_reds_road(g);
    to_quarter(g, F, Quarter::Market);
    pass(g);
    place(g, -1, -2);
    pass(g);
    place(g, 0, 2);
    deploy(g, F, "road@N");
    crate::princess_dragon::place_turned(g, 0, 3, 180);
    assert_eq!(scores(&pass(g)), [(FeatureKind::Road, Phase::Turn, vec![BLUE], 3)]);
    to_quarter(g, F, Quarter::Castle);
    apply(g, Action::MoveCount { quarter: Quarter::Cathedral });
}

/// Footnote 59: "The 'trigger' for the final scoring is the player who placed the last tile ...
/// Beginning with the player on the left of the 'trigger' player, each player redeploys one of
/// his or her followers from the city of Carcassonne to an appropriate feature ... Followers can
/// also be redeployed to incomplete roads, cities, cloisters or farms ... This process continues
/// until no player can redeploy any more players from Carcassonne." The market quarter empties
/// now: "Followers in the market quarter may only be redeployed at the end of the game".
#[test]
fn footnote_59_the_final_round_goes_one_figure_at_a_time_from_the_triggers_left() {
    let mut g = game(2, &["base:U", "base:A", "base:B", "base:U", "base:A"]);
    both_wait_when_the_tiles_run_out(&mut g);
    // RED placed the last tile: BLUE (on RED's left) begins.
    assert_eq!(g.pending(), Pending::FinalRedeploy { player: BLUE });
    // BLUE's farmer may go to any farm, and only to farms.
    let targets: Vec<FeatureKind> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Redeploy { figure: F, pos, feature } => {
                Some(g.design(g.board().get(pos).unwrap().tile).features[feature as usize].kind)
            }
            Action::Pass => None,
            other => panic!("{other:?}"),
        })
        .collect();
    // (The cloister and junction tiles join the city's outer fields into one farm here.)
    assert!(!targets.is_empty() && targets.iter().all(|k| *k == FeatureKind::Field), "{targets:?}");
    // A completed road takes nobody; nor a road from the market.
    let road = feature(&g, 1, -2, "road@N");
    let err = g.check(Action::Redeploy { figure: F, pos: Pos::new(1, -2), feature: road }).unwrap_err();
    assert!(matches!(err, RuleError::NotARedeployTarget(..)), "{err}");
    // BLUE's farmer onto the fields north of the city, which run along Carcassonne's walls.
    let events = redeploy_to(&mut g, F, -1, -2, "field@NNW");
    assert!(matches!(events[0], Event::FigureRedeployed { player: BLUE, quarter: Quarter::Market, .. }));
    // One at a time: RED next, whose knight may go to either unfinished city leaving Carcassonne.
    assert_eq!(g.pending(), Pending::FinalRedeploy { player: RED });
    let cities: Vec<(i16, i16)> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Redeploy { pos, .. } => Some((pos.x, pos.y)),
            _ => None,
        })
        .collect();
    assert_eq!(cities.len(), 2, "{cities:?}");
    let events = redeploy_to(&mut g, F, 1, 1, "city@E");
    // Nobody is left in Carcassonne: the final scoring follows. RED's knight scores the one-tile
    // city, BLUE's farmer the city of Carcassonne (footnote 49).
    assert!(g.is_over());
    let finals: Vec<_> = scores(&events).into_iter().filter(|s| s.1 == Phase::Final).collect();
    assert_eq!(
        finals,
        [(FeatureKind::City, Phase::Final, vec![RED], 1), (FeatureKind::Field, Phase::Final, vec![BLUE], 3)]
    );
}

/// Issue 35, defect 3: footnote 59's round "continues until no player can redeploy any more".
/// BLUE passes at first, RED redeploys, and BLUE, whose farmer can still go somewhere, is asked
/// again; the round ends only when every player in turn passed or had nothing left.
#[test]
fn footnote_59_a_player_who_passed_is_asked_again_until_a_whole_round_passes() {
    let mut g = game(2, &["base:U", "base:A", "base:B", "base:U", "base:A"]);
    both_wait_when_the_tiles_run_out(&mut g);
    assert_eq!(g.pending(), Pending::FinalRedeploy { player: BLUE });
    pass(&mut g);
    assert_eq!(g.pending(), Pending::FinalRedeploy { player: RED });
    redeploy_to(&mut g, F, 1, 1, "city@E");
    assert_eq!(g.pending(), Pending::FinalRedeploy { player: BLUE }, "BLUE passed once and is asked again");
    redeploy_to(&mut g, F, -1, -2, "field@NNW");
    assert!(g.is_over(), "nobody is left in Carcassonne");
    // Passing again after a redeployment: RED redeploys, BLUE passes, RED has nothing left, so
    // BLUE is asked once more, and a second pass (a whole round of passes) ends the game.
    let mut g = game(2, &["base:U", "base:A", "base:B", "base:U", "base:A"]);
    both_wait_when_the_tiles_run_out(&mut g);
    pass(&mut g);
    redeploy_to(&mut g, F, 1, 1, "city@E");
    assert_eq!(g.pending(), Pending::FinalRedeploy { player: BLUE });
    pass(&mut g);
    assert!(g.is_over(), "BLUE passed and RED has nothing left: a whole round passed");
    assert_eq!(residents(&g), [(BLUE, F, Quarter::Market)]);
}

/// Footnote 60: "How are the followers in the city of Carcassonne scored? They're not!" A
/// player who passes in the final round leaves their figures there, and they score nothing.
#[test]
fn footnote_60_followers_left_in_carcassonne_score_nothing() {
    let mut g = game(2, &["base:U", "base:A", "base:B", "base:U", "base:A"]);
    both_wait_when_the_tiles_run_out(&mut g);
    let before = g.scores();
    pass(&mut g);
    assert_eq!(g.pending(), Pending::FinalRedeploy { player: RED });
    let events = pass(&mut g);
    assert!(g.is_over());
    assert!(scores(&events).is_empty(), "{events:?}");
    assert_eq!(g.scores(), before);
    assert_eq!(residents(&g), [(BLUE, F, Quarter::Market), (RED, F, Quarter::Castle)]);
}

/// Footnote 59: "The count still blocks the city quarter in which he is resident" in the final
/// round too.
#[test]
fn footnote_59_the_count_still_blocks_its_quarter_at_the_end() {
    let mut g = game(2, &["base:U", "base:A", "base:B", "base:U", "base:A"]);
    blue_closes_reds_road(&mut g);
    to_quarter(&mut g, F, Quarter::Market);
    apply(&mut g, Action::MoveCount { quarter: Quarter::Market });
    for _ in 0..3 {
        let Pending::PlaceTile { .. } = g.pending() else { break };
        let first = g.legal_actions()[0];
        apply(&mut g, first);
        while !matches!(g.pending(), Pending::PlaceTile { .. } | Pending::GameOver | Pending::FinalRedeploy { .. }) {
            pass(&mut g);
        }
    }
    assert!(g.is_over(), "BLUE's farmer is blocked: no final round: {:?}", g.pending());
    assert_eq!(residents(&g), [(BLUE, F, Quarter::Market)]);
}

/// Footnote 49: "Does the city of Carcassonne count when scoring farm at the end of the game?
/// Yes." A farm along its walls scores it as a completed city: 3 points (4 with the first
/// edition's farm scoring).
#[test]
fn footnote_49_the_city_of_carcassonne_counts_for_farms() {
    for (scoring, points) in [
        (carcassonne_engine::FarmerScoring::ThirdEdition, 3),
        (carcassonne_engine::FarmerScoring::SecondEdition, 3),
        (carcassonne_engine::FarmerScoring::FirstEdition, 4),
    ] {
        let r = Rules { variants: Variants { farmer_scoring: scoring, ..Variants::default() }, ..rules(&[]) };
        let mut g = game_with(r, 2, &["base:B"]);
        place(&mut g, 0, -2);
        let events = deploy(&mut g, F, "field@NNW");
        assert!(g.is_over());
        assert_eq!(
            scores(&events),
            [(FeatureKind::Field, Phase::Final, vec![RED], points)],
            "{scoring:?}: the farm north of the city"
        );
    }
}

/// Footnote 58: "Can a follower be moved from Carcassonne City to a farm with a barn - and if so,
/// how many points does a player earn (1 or 3)? Yes ... the farmer will then be scored
/// immediately, and so scores only 1 point per city and is (importantly) not on farm during the
/// final scoring proper." BLUE's barn stands on the farm north of the city; BLUE's farmer from
/// the market scores 1 (the city of Carcassonne) at once, then the barn its 4.
#[test]
fn footnotes_58_and_139_a_farmer_from_carcassonne_on_a_barns_farm_scores_1_per_city_at_once() {
    let mut g = game_with(rules(&[Expansion::AbbeyMayor]), 2, &["base:U", "base:A", "base:B", "base:B"]);
    blue_closes_reds_road(&mut g);
    to_quarter(&mut g, F, Quarter::Market);
    pass(&mut g);
    decline_abbey(&mut g);
    place(&mut g, -1, -2);
    pass(&mut g);
    decline_abbey(&mut g);
    place(&mut g, 0, -2);
    apply(&mut g, Action::PlaceBarn { corner: carcassonne_engine::Corner::SouthWest });
    // The tiles ran out with BLUE's tile: RED begins the final round but has nobody there.
    assert_eq!(g.pending(), Pending::FinalRedeploy { player: BLUE });
    let events = redeploy_to(&mut g, F, -1, -2, "field@NNW");
    assert!(g.is_over());
    let all = scores(&events);
    assert_eq!(all[0], (FeatureKind::Field, Phase::Final, vec![BLUE], 1), "the farmer at once: {all:?}");
    let barn = events.iter().position(|e| matches!(e, Event::BarnScoring { player: BLUE, .. })).unwrap();
    let Event::Scored(s) = events[barn + 1] else { panic!() };
    assert_eq!((s.players.iter().collect::<Vec<_>>(), s.points), (vec![BLUE], 4), "the barn at the end");
    assert_eq!(all.len(), 2, "the farmer is not on the farm in the final scoring proper: {all:?}");
}

fn pd_rules() -> Rules {
    rules(&[Expansion::PrincessDragon])
}

/// The tile a move of the dragon is offered, as positions.
fn dragon_steps(g: &Game) -> Vec<Pos> {
    g.legal_actions()
        .into_iter()
        .map(|a| match a {
            Action::MoveDragon { pos } => pos,
            other => panic!("{other:?} offered during a dragon's move"),
        })
        .collect()
}

fn in_the_city(pos: Pos) -> bool {
    (-2..=1).contains(&pos.x) && (-1..=1).contains(&pos.y)
}

/// Footnotes 50 and 51: "the dragon may not enter Carcassonne"; "Can it fly around the outside
/// of the city to reach a normal tile? ... that must also be forbidden. The dragon clears out the
/// whole tile": it never steps onto one of the city's twelve tiles, whose followers and count
/// are safe, so it cannot pass through them either.
#[test]
fn footnotes_50_51_77_78_the_dragon_never_enters_the_city() {
    // RED's volcano above the city, BLUE's cloister beside it, RED's dragon tile: the dragon's
    // only step is the cloister; from there only back the way it came, which it may not.
    let deck = ["princess-dragon:01", "base:B", "princess-dragon:16", "base:B"];
    let mut g = game_with(pd_rules(), 2, &deck);
    place(&mut g, -1, -2);
    pass(&mut g);
    assert_eq!(g.dragon(), Some(Pos::new(-1, -2)));
    place(&mut g, 0, -2);
    pass(&mut g);
    place(&mut g, 1, -2);
    pass(&mut g);
    assert_eq!(g.pending(), Pending::MoveDragon { player: RED });
    assert_eq!(dragon_steps(&g), [Pos::new(0, -2)], "never onto the city's tile below it");
    let err = g.check(Action::MoveDragon { pos: Pos::new(-1, -1) }).unwrap_err();
    assert_eq!(err, RuleError::DragonCannotMove(Pos::new(-1, -1)));
    apply(&mut g, Action::MoveDragon { pos: Pos::new(0, -2) });
    // From the cloister: the dragon tile east of it, not the city below.
    assert_eq!(dragon_steps(&g), [Pos::new(1, -2)]);
    apply(&mut g, Action::MoveDragon { pos: Pos::new(1, -2) });
    // A dead end: the city below, the cloister visited. The move is over.
    assert!(!matches!(g.pending(), Pending::MoveDragon { .. }), "{:?}", g.pending());
    assert!(!in_the_city(g.dragon().unwrap()));
}

/// Footnotes 52 and 55 (seed 001's numbering in this chapter; 86 and 88 in THE PRINCESS AND THE
/// DRAGON): no follower reaches the farms, cities and roads on the city's tiles through a magic
/// gate ("that would just cause trouble"), nor Carcassonne's quarters ("The magic gate only
/// allows followers to be deployed to tiles that can be legally occupied according to the usual
/// rules").
#[test]
fn footnotes_52_55_86_88_no_magic_gate_leads_into_the_city() {
    let mut g = game_with(pd_rules(), 2, &["princess-dragon:02", "base:B"]);
    place(&mut g, 1, -2);
    let gates: Vec<Pos> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::DeployAt { pos, .. } => Some(pos),
            _ => None,
        })
        .collect();
    assert!(gates.iter().all(|p| !in_the_city(*p)), "{gates:?}");
    // The road leaving the city northwards is open, its segment on tile 04 is not reachable.
    let road = feature(&g, 1, -1, "road@N");
    let err = g.check(Action::DeployAt { pos: Pos::new(1, -1), figure: F, feature: road }).unwrap_err();
    assert_eq!(err, RuleError::NoMagicGate);
    let field = feature(&g, -1, -1, "field@WNW");
    assert_eq!(
        g.check(Action::DeployAt { pos: Pos::new(-1, -1), figure: F, feature: field }),
        Err(RuleError::NoMagicGate)
    );
    // Nor is Carcassonne itself a place for a deployment in the figure phase.
    let err = g.check(Action::DeployToQuarter { figure: F, quarter: Quarter::Castle }).unwrap_err();
    assert!(matches!(err, RuleError::WrongDecision { .. }), "{err}");
}

/// A game's actions in the record vocabulary replay to the same game; the new actions decode
/// from their record names and bad ones are refused with the reason, the game unchanged.
#[test]
fn records_round_trip_and_bad_input_changes_nothing() {
    let deck = ["base:U", "base:A", "base:A", "base:B"];
    let mut g = game(2, &deck);
    let mut record = Record {
        version: carcassonne_engine::record::RECORD_VERSION,
        rules: rules(&[]),
        players: vec![Color::Red, Color::Blue],
        deck: carcassonne_engine::RecordDeck::Order(deck.iter().map(|s| s.to_string()).collect()),
        actions: vec![],
    };
    let mut act = |g: &mut Game, action: Action| {
        let encoded = encode_action(g, action);
        assert_eq!(decode_action(g, &encoded).unwrap(), action, "{encoded:?}");
        record.actions.push(encoded);
        apply(g, action)
    };
    let u = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Place { pos, .. } if *pos == Pos::new(1, -2)))
        .unwrap();
    act(&mut g, u);
    let thief = Action::Deploy { figure: F, feature: feature(&g, 1, -2, "road@N") };
    act(&mut g, thief);
    let a = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Place { pos, .. } if *pos == Pos::new(1, -3)))
        .unwrap();
    act(&mut g, a);
    act(&mut g, Action::Pass);
    // Refusals, each naming what was wrong, the game unchanged.
    let before = format!("{g:?}");
    for (action, wanted) in [
        (Action::DeployToQuarter { figure: Figure::Mayor, quarter: Quarter::Castle }, "no mayor left"),
        (Action::DeployToQuarter { figure: Figure::Barn, quarter: Quarter::Castle }, "cannot go to the castle quarter"),
        (Action::MoveCount { quarter: Quarter::Market }, "not for a move of the count"),
        (Action::Redeploy { figure: F, pos: Pos::new(1, -2), feature: 0 }, "not for a redeployment"),
    ] {
        let err = g.apply(action).unwrap_err().to_string();
        assert!(err.contains(wanted), "{action:?}: {err}");
        assert_eq!(format!("{g:?}"), before);
    }
    act(&mut g, Action::DeployToQuarter { figure: F, quarter: Quarter::Blacksmith });
    let err = g.apply(Action::MoveCount { quarter: Quarter::Castle }).unwrap_err();
    assert_eq!(err, RuleError::CountAlreadyThere(Quarter::Castle));
    act(&mut g, Action::MoveCount { quarter: Quarter::Market });
    // RED closes the empty south road; BLUE's follower steps in.
    let a = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Place { pos, .. } if *pos == Pos::new(0, 2)))
        .unwrap();
    act(&mut g, a);
    act(&mut g, Action::Pass);
    let Pending::Redeploy { pos, feature, .. } = g.pending() else { panic!("{:?}", g.pending()) };
    let before = format!("{g:?}");
    let wrong = [
        (Action::Redeploy { figure: Figure::BigFollower, pos, feature }, "has no big-follower in the blacksmith"),
        (Action::Redeploy { figure: F, pos: Pos::new(1, -2), feature: 0 }, "cannot go to"),
        (Action::Redeploy { figure: F, pos: Pos::new(40, 40), feature: 0 }, "cannot go to"),
        (Action::Redeploy { figure: F, pos, feature: 99 }, "cannot go to"),
    ];
    for (action, wanted) in wrong {
        let err = g.apply(action).unwrap_err().to_string();
        assert!(err.contains(wanted), "{action:?}: {err}");
        assert_eq!(format!("{g:?}"), before);
    }
    act(&mut g, Action::Redeploy { figure: F, pos, feature });
    while !g.is_over() {
        let first = g.legal_actions()[0];
        act(&mut g, first);
    }
    let json = record.to_json_pretty();
    assert!(json.contains("\"action\": \"carcassonne\"") && json.contains("\"action\": \"move-count\""), "{json}");
    assert!(json.contains("\"action\": \"redeploy\""), "{json}");
    let replayed = Record::from_json(&json).unwrap().replay().unwrap();
    assert_eq!(replayed.game.scores(), g.scores());
    assert_eq!(replayed.game.residents(), g.residents());
    assert_eq!(replayed.game.count_quarter(), g.count_quarter());
    // A record naming an unknown quarter is refused at its line.
    let bad = json.replace("\"quarter\": \"blacksmith\"", "\"quarter\": \"palace\"");
    let err = Record::from_json(&bad).unwrap_err().to_string();
    assert!(err.contains("palace") && err.contains("line"), "{err}");
}

// ----- Random games -----

fn is_count_action(a: &Action) -> bool {
    matches!(a, Action::DeployToQuarter { .. } | Action::MoveCount { .. } | Action::Redeploy { .. })
}

/// What random games with The Count did, summed.
#[derive(Debug, Default)]
struct Seen {
    to_quarter: usize,
    redeployed: usize,
    final_redeployed: usize,
    count_moves: usize,
}

/// Plays one game with random choices (half of them among The Count's actions when there are
/// any) and checks after every action: every figure conserved (supply, board, quarters, and the
/// other expansions' places); the count in a quarter; residents only where they may wait; a
/// deployment to Carcassonne only after a scoring of the turn paid someone else but not the
/// placer, once per tile; a redeployment never from the count's quarter, onto a feature of the
/// kind its quarter feeds, in seat order from the placer's left; no figure on a tile of the city
/// unless its whole feature lies there; listed actions pass `check`; refused actions change
/// nothing; and the record replays to the same events and scores.
fn checked_game(rules: Rules, players: usize, seed: u64, seen: &mut Seen) {
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
    let owned = crate::support::owned;
    let initial: Vec<Vec<usize>> =
        (0..players as PlayerId).map(|p| Figure::ALL.iter().map(|&f| owned(&g, p, f)).collect()).collect();
    let mut rng = rng_from_seed(seed ^ 0xc0c0);
    let mut all_events = vec![];
    // Since the last tile placed: who placed it, the scores paid, deployments to Carcassonne.
    let (mut placer, mut paid, mut deployed) = (0, vec![], 0);
    // The redeployments of the feature being scored, by player, in order.
    let mut round: Vec<PlayerId> = vec![];
    let mut n = 0usize;
    while !g.is_over() {
        let pending = g.pending();
        let legal = g.legal_actions();
        assert!(!legal.is_empty(), "seed {seed}: nothing legal at {pending:?}");
        if n.is_multiple_of(3) {
            for &a in &legal {
                assert_eq!(g.check(a), Ok(()), "seed {seed}: {a:?} listed but refused");
            }
            let before = format!("{g:?}");
            let probes = [
                Action::DeployToQuarter { figure: Figure::Barn, quarter: Quarter::Castle },
                Action::MoveCount { quarter: g.count_quarter().unwrap() },
                Action::Redeploy { figure: F, pos: Pos::new(0, 0), feature: 0 },
            ];
            for bad in probes {
                if !legal.contains(&bad) {
                    assert!(g.apply(bad).is_err(), "seed {seed}: {bad:?} at {pending:?}");
                    assert_eq!(format!("{g:?}"), before, "seed {seed}: a refused action changed the game");
                }
            }
        }
        if let Pending::Redeploy { player: p, .. } = pending {
            // Seat order from the placer's left, the placer last; each may go again.
            let step = |q: PlayerId| (q + players as PlayerId - placer - 1) % players as PlayerId;
            if let Some(&last) = round.last() {
                assert!(step(p) >= step(last), "seed {seed}: {p} decides after {last}");
            }
            round.push(p);
        }
        let special: Vec<Action> = legal.iter().copied().filter(is_count_action).collect();
        let action = if !special.is_empty() && below(&mut rng, 2) == 0 {
            special[below(&mut rng, special.len() as u32) as usize]
        } else {
            legal[below(&mut rng, legal.len() as u32) as usize]
        };
        let count_before = g.count_quarter();
        record.push(&g, action);
        let events = g.apply(action).unwrap_or_else(|e| panic!("seed {seed}: {action:?}: {e}"));
        n += 1;
        for e in &events {
            match *e {
                Event::TilePlaced { player, .. } => (placer, paid, deployed) = (player, vec![], 0),
                // The abbot's recall scores in the figure phase, not in the turn's scoring, which
                // alone opens Carcassonne; a garden is no road, city or cloister (the engine's
                // reading, `Count::feature_completed`).
                Event::Scored(s)
                    if s.phase == Phase::Turn
                        && s.points > 0
                        && matches!(s.kind, FeatureKind::Road | FeatureKind::City | FeatureKind::Cloister)
                        && (s.completed || !matches!(action, Action::RecallAbbot { .. })) =>
                {
                    paid.extend(s.players.iter());
                    round.clear();
                }
                Event::FairyBonus { player, points: 3 } => paid.push(player),
                // The Watchtowers: a tower is scored with its road or city (our reading).
                Event::WatchtowerScored { player, .. } => paid.push(player),
                Event::FigureToQuarter { player, .. } => {
                    assert_eq!(player, placer, "seed {seed}");
                    assert!(paid.iter().any(|&p| p != placer), "seed {seed}: nobody else scored");
                    assert!(!paid.contains(&placer), "seed {seed}: the placer scored");
                    deployed += 1;
                    assert_eq!(deployed, 1, "seed {seed}: twice for one tile");
                    seen.to_quarter += 1;
                }
                Event::CountMoved { .. } => seen.count_moves += 1,
                Event::FigureRedeployed { quarter, pos, feature, .. } => {
                    assert_ne!(Some(quarter), count_before, "seed {seed}: out of the count's quarter");
                    let kind = g.design(g.board().get(pos).unwrap().tile).features[feature as usize].kind;
                    let feeds =
                        g.catalog().set("count").unwrap().quarters.iter().find(|q| q.quarter == quarter).unwrap().feeds;
                    assert_eq!(kind, feeds, "seed {seed}");
                    if matches!(pending, Pending::FinalRedeploy { .. }) {
                        seen.final_redeployed += 1;
                    } else {
                        seen.redeployed += 1;
                    }
                }
                _ => {}
            }
        }
        for (p, counts) in initial.iter().enumerate() {
            for (&f, &count) in Figure::ALL.iter().zip(counts) {
                assert_eq!(owned(&g, p as PlayerId, f), count, "seed {seed}: {f:?} of seat {p} not conserved");
            }
        }
        assert!(g.count_quarter().is_some());
        for r in g.residents() {
            let ok = match r.figure {
                // The Phantom: "a normal follower" in every respect.
                // Under the Big Top: the ringmaster is one too.
                Figure::Follower | Figure::BigFollower | Figure::Phantom | Figure::Ringmaster => {
                    g.rules().variants.farmers || r.quarter != Quarter::Market
                }
                Figure::Mayor => r.quarter == Quarter::Castle,
                Figure::Wagon => r.quarter != Quarter::Market,
                _ => false,
            };
            assert!(ok, "seed {seed}: {r:?}");
        }
        for f in g.figures() {
            let on_city = |placement| g.design(g.board().placement(placement).tile).partial;
            if on_city(f.placement) {
                let root = g.feature_root(f.placement, f.feature);
                let all = g.features().members(root).all(|m| on_city(g.features().segment(m).0));
                assert!(all, "seed {seed}: {f:?} stands on a tile of Carcassonne");
            }
        }
        all_events.extend(events);
    }
    let replay = record.replay().unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    let replayed: Vec<Event> = replay.events.iter().map(|(_, e)| *e).collect();
    assert_eq!(replayed, all_events, "seed {seed}: the replay differs");
    assert_eq!(replay.game.scores(), g.scores());
    assert_eq!(replay.game.residents(), g.residents());
}

#[test]
fn random_games_with_the_count_keep_the_properties() {
    let mut seen = Seen::default();
    for seed in 0..30u64 {
        checked_game(rules(&[]), 2 + (seed % 5) as usize, 41_000 + seed, &mut seen);
    }
    let variants = [
        Variants { count_moves: CountMoves::Clockwise, ..Variants::default() },
        Variants { count_moves: CountMoves::ToQuarter, farmers: false, ..Variants::default() },
    ];
    for (i, v) in variants.into_iter().enumerate() {
        checked_game(Rules { variants: v, ..rules(&[Expansion::River]) }, 3, 42_000 + i as u64, &mut seen);
    }
    assert!(
        seen.to_quarter > 20 && seen.redeployed > 5 && seen.final_redeployed > 5 && seen.count_moves > 5,
        "{seen:?}"
    );
}

#[test]
fn random_games_with_every_expansion_and_the_count_keep_the_properties() {
    let mut seen = Seen::default();
    let all = Rules {
        expansions: Expansion::ALL.to_vec(),
        variants: Variants { tile_edition: carcassonne_engine::Edition::Second, ..Variants::default() },
    };
    for seed in 0..6u64 {
        checked_game(all.clone(), 2 + (seed % 5) as usize, 43_000 + seed, &mut seen);
    }
    for (i, rule_set) in carcassonne_engine::RuleSet::ALL.into_iter().enumerate() {
        let rules = Rules { expansions: Expansion::ALL.to_vec(), variants: Variants::preset(rule_set) };
        checked_game(rules, 3, 44_000 + i as u64, &mut seen);
    }
    assert!(seen.to_quarter > 3 && seen.redeployed > 0, "{seen:?}");
}

/// Every bot plays the new decisions: games with the expansion finish from the bots' choices
/// alone, and every bot deploys to Carcassonne and redeploys from it in some game.
#[test]
fn every_bot_plays_the_count() {
    for name in ["random", "greedy", "mcts:iters=30"] {
        let mut used = std::collections::BTreeSet::new();
        for seed in 0..8u64 {
            let setup = GameSetup { rules: rules(&[]), players: Color::ALL[..3].to_vec(), deck: Deck::Seed(50 + seed) };
            let mut g = Game::new(setup).unwrap();
            let mut bots: Vec<_> = (0..3u64).map(|k| carcassonne_bots::bot_by_name(name, k).unwrap()).collect();
            while let Some(p) = g.pending().player() {
                let action = bots[p as usize].choose_action(&g.observation(Some(p)));
                for e in g.apply(action).unwrap() {
                    match e {
                        Event::FigureToQuarter { .. } => used.insert("carcassonne"),
                        Event::FigureRedeployed { .. } => used.insert("redeploy"),
                        _ => false,
                    };
                }
            }
            if used.len() == 2 {
                break;
            }
        }
        assert_eq!(used, std::collections::BTreeSet::from(["carcassonne", "redeploy"]), "{name}");
    }
}
