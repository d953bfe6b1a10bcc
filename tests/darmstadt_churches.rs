//! The Darmstadt Churches (the Wikicarpedia page "Darmstadt Promo (1st edition)", "Church
//! Tiles"; the Assembled Game Reference's steps 3A and 3B and its final scoring): two churches,
//! treated as cloisters, whose completion during the game pays 3 points more to the players with
//! the most followers on the church's tile and the eight around it. docs/rules.md, "The Darmstadt
//! Churches", lists which test checks which rule.
//!
//! The scenarios surround St. Mary Magdalene's church (02) south of the start tile (base D at the
//! origin: a city to the north, a road from west to east, a field to the south):
//!
//! ```text
//!   (-1,0) U   (0,0) D       (1,0) U
//!   (-1,1) B   (0,1) church  (1,1) V
//!   (-1,2) B   (0,2) U       (1,2) U   <- the last tile completes the church
//! ```

use carcassonne_engine::{
    Catalog, Color, Edition, Event, Expansion, FeatureKind, Figure, Game, Phase, Rules, CHURCH_BONUS,
};

use crate::expansions::{every_bot_plays, paid, random_games_of_configs, turn, two_player, F};

fn rules(expansions: &[Expansion]) -> Rules {
    Rules { expansions: expansions.to_vec(), ..Rules::default() }
}

/// The eight tiles of the scenarios, and one more so that the game goes on after them.
const DECK: [&str; 9] =
    ["darmstadt-churches:02", "base:U", "base:U", "base:B", "base:V", "base:U", "base:B", "base:U", "base:B"];

/// The church bonuses of `events`: (the players' colours, followers each, points each).
fn bonuses(g: &Game, events: &[Event]) -> Vec<(Vec<Color>, u8, u32)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::ChurchBonus { players, followers, points, .. } => {
                Some((players.iter().map(|p| g.player(p).color).collect(), followers, points))
            }
            _ => None,
        })
        .collect()
}

/// A turn of the scenarios: where the tile goes, turned how far, and the follower deployed.
type Turn = (i16, i16, i64, Option<(Figure, &'static str)>);

/// The first seven tiles around the church: red's monk on the church, then red has a thief at
/// (1,1) and a monk at (-1,2); blue a thief at (-1,0) and a monk at (-1,1).
const AROUND: [Turn; 7] = [
    (0, 1, 0, Some((F, "cloister"))),
    (-1, 0, 0, Some((F, "road@W"))),
    (1, 0, 0, None),
    (-1, 1, 0, Some((F, "cloister"))),
    (1, 1, 0, Some((F, "road@W"))),
    (0, 2, 90, None),
    (-1, 2, 0, Some((F, "cloister"))),
];

fn play(g: &mut Game, turns: &[Turn]) -> Vec<Event> {
    turns.iter().flat_map(|&(x, y, degrees, deploy)| turn(g, x, y, degrees, deploy)).collect()
}

/// Plays [`AROUND`]; without `monk`, red leaves the church empty.
fn surround_but_one(rules: Rules, monk: bool) -> Game {
    let mut g = two_player(rules, &DECK);
    let mut turns = AROUND;
    if !monk {
        turns[0].3 = None;
    }
    play(&mut g, &turns);
    g
}

/// "3 new landscape tiles": two of them are the churches (the Darmstadtium is a set of its
/// own), one each, first edition only: St. Louis of Toulouse, where "4 independent road segments"
/// end, and St. Mary Magdalene, beside "2 connected road segments".
#[test]
fn the_churches_are_two_cloisters_with_roads() {
    let catalog = Catalog::builtin();
    let set = catalog.set("darmstadt-churches").unwrap();
    assert_eq!(set.editions, vec![Edition::First]);
    let designs = catalog.edition_designs(set, Edition::First);
    assert_eq!(designs.iter().map(|d| d.1).collect::<Vec<_>>(), vec![1, 1]);
    let roads = |id: &str| {
        let design = catalog.design(catalog.lookup(id).unwrap());
        assert!(design.is_church() && design.cloister.is_some() && !design.is_shrine(), "{id}");
        design.features.iter().filter(|f| f.kind == FeatureKind::Road).map(|f| f.ports.count_ones()).collect::<Vec<_>>()
    };
    assert_eq!(roads("darmstadt-churches:01"), vec![1, 1, 1, 1]);
    assert_eq!(roads("darmstadt-churches:02"), vec![2]);
    assert_eq!(catalog.design(catalog.lookup("darmstadt-churches:01").unwrap()).edge_letters(), "rrrr");
    assert_eq!(catalog.design(catalog.lookup("darmstadt-churches:02").unwrap()).edge_letters(), "frrf");
    assert_eq!(catalog.printed_designs().iter().filter(|d| d.is_church()).count(), 2);
}

/// "These two church tiles are treated as cloisters", and when one is completed it is scored
/// as a cloister first (9 for red's monk), then the player with the most followers on its tile
/// and the eight around it scores 3 more: red, 3 followers (the monk, the thief at (1,1), the
/// monk at (-1,2)) against blue's 2.
#[test]
fn a_completed_church_pays_its_monk_then_3_to_the_most_followers_around_it() {
    let mut g = surround_but_one(rules(&[Expansion::DarmstadtChurches]), true);
    let events = turn(&mut g, 1, 2, 90, None);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Cloister, Phase::Turn, 9, vec![Color::Red])]);
    assert_eq!(bonuses(&g, &events), vec![(vec![Color::Red], 3, CHURCH_BONUS)]);
    let scored = events.iter().position(|e| matches!(e, Event::Scored(_))).unwrap();
    let bonus = events.iter().position(|e| matches!(e, Event::ChurchBonus { .. })).unwrap();
    let home = events.iter().position(|e| matches!(e, Event::FigureReturned { .. })).unwrap();
    assert!(scored < bonus && bonus < home, "scored as a cloister, then the bonus, then the monk goes home");
    assert_eq!((g.player(0).score, g.player(1).score), (12, 0));
}

/// A tie for the most followers: each tied player scores the 3 points (our reading, as for the
/// Darmstadtium's majority: "each of the players with the majority gets 3 points"). Blue's
/// farmer on the completing tile, deployed before the scoring, makes 3 against 3.
#[test]
fn players_tied_for_the_most_followers_each_score_3() {
    let mut g = surround_but_one(rules(&[Expansion::DarmstadtChurches]), true);
    let events = turn(&mut g, 1, 2, 90, Some((F, "field@ENE")));
    assert_eq!(bonuses(&g, &events), vec![(vec![Color::Red, Color::Blue], 3, 3)]);
    assert_eq!((g.player(0).score, g.player(1).score), (12, 3));
}

/// Our reading: the rule counts followers, not their strength, so a big follower is one
/// follower here: blue's big follower on the completing tile still only ties.
#[test]
fn a_big_follower_counts_as_one_follower_around_a_church() {
    let mut g = surround_but_one(rules(&[Expansion::DarmstadtChurches, Expansion::InnsCathedrals]), true);
    let events = turn(&mut g, 1, 2, 90, Some((Figure::BigFollower, "field@ENE")));
    assert_eq!(bonuses(&g, &events), vec![(vec![Color::Red, Color::Blue], 3, 3)]);
}

/// Our reading (JCloisterZone's as well): the bonus is for the followers around the church,
/// whether or not anyone stands on the church itself. Without red's monk it is 2 against 2.
#[test]
fn an_empty_church_still_pays_the_most_followers_around_it() {
    let mut g = surround_but_one(rules(&[Expansion::DarmstadtChurches]), false);
    let events = turn(&mut g, 1, 2, 90, None);
    assert_eq!(paid(&g, &events), vec![]);
    assert_eq!(bonuses(&g, &events), vec![(vec![Color::Red, Color::Blue], 2, 3)]);
}

/// A church still incomplete at the end scores as an incomplete cloister (the reference's
/// final scoring lists the churches with the cloisters), with no bonus: 1 for the church and 1
/// for each of its 7 neighbours.
#[test]
fn an_incomplete_church_scores_as_a_cloister_at_the_end_without_the_bonus() {
    let mut g = two_player(rules(&[Expansion::DarmstadtChurches]), &DECK[..7]);
    let mut turns = AROUND;
    turns[6].3 = None;
    let events = play(&mut g, &turns);
    assert!(g.is_over());
    let church = paid(&g, &events).into_iter().find(|p| p.0 == FeatureKind::Cloister && p.3 == vec![Color::Red]);
    assert_eq!(church, Some((FeatureKind::Cloister, Phase::Final, 8, vec![Color::Red])));
    assert_eq!(bonuses(&g, &events), vec![]);
}

/// Random games with the churches alone and with every expansion: figures conserved, every
/// score an event, records replay, legal == check.
#[test]
fn random_games_with_the_churches_keep_the_properties() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let configs = [
        (rules(&[Expansion::DarmstadtChurches]), 2),
        (rules(&[Expansion::DarmstadtChurches, Expansion::Shrines, Expansion::Abbot, Expansion::Siege]), 3),
        (rules(&every), 2),
    ];
    random_games_of_configs(configs, 470);
}

/// Every bot plays with the churches.
#[test]
fn every_bot_plays_with_the_churches() {
    every_bot_plays(&rules(&[Expansion::DarmstadtChurches]), 230);
}

/// The reference's step 3A: a church is also "completed ... by abbey placement" (Abbey &
/// Mayor). Four tiles more leave a hole at (1,2), the church's last neighbour; blue's abbey fills
/// it, and the church pays its monk and then its bonus as when a drawn tile completes it.
#[test]
fn a_church_completed_by_the_abbey_pays_its_bonus() {
    let deck = [
        "darmstadt-churches:02",
        "base:U",
        "base:U",
        "base:B",
        "base:V",
        "base:U",
        "base:B",
        "base:B",
        "base:A",
        "base:U",
        "base:B",
        "base:E",
    ];
    let mut g = two_player(rules(&[Expansion::DarmstadtChurches, Expansion::AbbeyMayor]), &deck);
    play(&mut g, &AROUND);
    play(&mut g, &[(2, 1, 0, None), (2, 2, 0, None), (0, 3, 90, None), (1, 3, 0, None)]);
    assert!(matches!(g.pending(), carcassonne_engine::Pending::Abbey { player: 1 }), "{:?}", g.pending());
    let mut events =
        g.apply(carcassonne_engine::Action::PlaceAbbey { pos: carcassonne_engine::Pos::new(1, 2) }).unwrap();
    events.extend(g.apply(carcassonne_engine::Action::Pass).unwrap());
    assert!(paid(&g, &events).contains(&(FeatureKind::Cloister, Phase::Turn, 9, vec![Color::Red])));
    assert_eq!(bonuses(&g, &events), vec![(vec![Color::Red], 3, CHURCH_BONUS)]);
}

/// A church is a cloister for Heretics and Shrines too: red's heretic on the shrine beside the
/// church races the church's monk. The church completed first scores its monk, then the bonus
/// (the heretic, still there, counts among red's 3 followers around it), and then the shrine
/// loses the race: the heretic goes home unscored.
#[test]
fn a_church_races_the_shrine_beside_it() {
    let deck =
        ["darmstadt-churches:02", "base:U", "base:U", "base:B", "shrines:03", "base:U", "base:B", "base:E", "base:B"];
    let mut g = two_player(rules(&[Expansion::DarmstadtChurches, Expansion::Shrines]), &deck);
    let mut turns = AROUND;
    // Red's heretic on the shrine where red's thief stood: the shrine's road meets the church's.
    turns[4] = (1, 1, 90, Some((F, "cloister")));
    play(&mut g, &turns);
    let events = turn(&mut g, 1, 2, 180, None);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Cloister, Phase::Turn, 9, vec![Color::Red])]);
    assert_eq!(bonuses(&g, &events), vec![(vec![Color::Red], 3, CHURCH_BONUS)]);
    let bonus = events.iter().position(|e| matches!(e, Event::ChurchBonus { .. })).unwrap();
    let lost = events.iter().position(|e| matches!(e, Event::RaceLost { .. })).expect("the shrine lost the race");
    assert!(bonus < lost);
    assert_eq!((g.player(0).score, g.player(1).score), (12, 0));
}

/// The reference's step 4A: a knight may leave a besieged city when "a cloister / ... /
/// Darmstadt church directly borders" its Cathar tile, diagonals too (seed 001, THE CATHARS,
/// "Escaping a besieged city"). A church diagonal to the Cathar tile lets red's knight escape at
/// the end of red's next turn.
#[test]
fn a_church_beside_a_besieged_city_lets_a_knight_escape() {
    let deck = ["cathars:03", "darmstadt-churches:02", "base:U", "base:U"];
    let mut g = two_player(rules(&[Expansion::Cathars, Expansion::DarmstadtChurches]), &deck);
    turn(&mut g, 0, -1, 180, Some((F, "city@E")));
    assert_eq!(g.pending().player(), Some(1), "no escape without a cloister or church");
    turn(&mut g, -1, -1, 90, None);
    turn(&mut g, 0, 1, 0, None);
    assert_eq!(g.pending(), carcassonne_engine::Pending::Escape { player: 0 });
    let escape = g.legal_actions()[0];
    assert!(matches!(escape, carcassonne_engine::Action::Escape { .. }), "{escape:?}");
    let events = g.apply(escape).unwrap();
    assert!(matches!(events[0], Event::Escaped { player: 0, figure: Figure::Follower, .. }));
    assert!(g.figures().is_empty());
}
