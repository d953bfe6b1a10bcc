//! The Tower (seed 001, THE TOWER, footnotes 99-112 and the FAQ 31-37 on towers; its rows of
//! the "Summary of rule sets & changes"; seed 004's step 2B). Each rule and each footnote or
//! FAQ answer that states one is a named test here; docs/rules.md's ruling table points to
//! them. The seed's two capture examples are also the scenarios
//! `seed001_tower_one_storey_red_takes_blue_on_tile_4.json` and
//! `seed001_tower_two_storeys_three_followers_within_reach.json`.

use std::collections::BTreeSet;

use carcassonne_bots::{Bot, GreedyBot, MctsBot, MctsSettings, RandomBot};
use carcassonne_engine::record::{decode_action, encode_action};
use carcassonne_engine::{
    Action, Color, Deck, Event, Expansion, FeatureKind, Figure, Game, GameSetup, Pending, Pos, Record, RecordAction,
    RecordDeck, RuleError, RuleSet, Rules, Variants, RANSOM,
};

use crate::princess_dragon::{apply, deploy, feature, figures_on, game_with, move_fairy, place, place_turned, step};

const F: Figure = Figure::Follower;
const RED: u8 = 0;
const BLUE: u8 = 1;

fn tower_rules(rule_set: RuleSet, others: &[Expansion]) -> Rules {
    let mut rules = Rules::with_rule_set(rule_set);
    rules.expansions = [Expansion::Tower].into_iter().chain(others.iter().copied()).collect();
    rules
}

/// A two-player game (red, blue) with The Tower under the Big Box rules.
fn game(deck: &[&str]) -> Game {
    game_with(tower_rules(RuleSet::HigBigBox, &[]), 2, deck)
}

fn build(game: &mut Game, x: i16, y: i16) -> Vec<Event> {
    apply(game, Action::BuildTower { pos: Pos::new(x, y) })
}

fn capture_of(game: &Game, x: i16, y: i16, name: &str) -> Action {
    Action::Capture { pos: Pos::new(x, y), feature: feature(game, x, y, name) }
}

fn take(game: &mut Game, x: i16, y: i16, name: &str) -> Vec<Event> {
    let action = capture_of(game, x, y, name);
    apply(game, action)
}

/// The tiles holding the figures a capture decision offers, in order.
fn targets(game: &Game) -> Vec<(i16, i16)> {
    game.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Capture { pos, .. } => Some((pos.x, pos.y)),
            Action::Pass => None,
            other => panic!("{other:?} offered in a capture decision"),
        })
        .collect()
}

fn height(game: &Game, x: i16, y: i16) -> u8 {
    game.towers().iter().find(|s| s.pos == Pos::new(x, y)).map_or(0, |s| s.height)
}

/// The prisoners as (captor, owner, figure).
fn prisoners(game: &Game) -> Vec<(u8, u8, Figure)> {
    game.prisoners().iter().map(|p| (p.captor, p.owner, p.figure)).collect()
}

/// Red completes a two-tile city (4 points), blue lays a tower foundation south of the start
/// tile, red puts `red_figure` on a cloister east of it, blue adds a cloister west of it and
/// builds the tower one piece high: the tower reaches red's monk. Returns the game at blue's
/// capture decision.
fn red_monk_within_reach(rules: Rules, red_figure: Figure) -> Game {
    let deck = ["base:E", "tower:02", "base:B", "base:B", "base:B", "base:B", "base:B", "base:B", "base:B"];
    let mut g = game_with(rules, 2, &deck);
    place_turned(&mut g, 0, -1, 180);
    deploy(&mut g, F, "city@S");
    assert_eq!(g.scores(), vec![4, 0]);
    place(&mut g, 0, 1);
    apply(&mut g, Action::Pass);
    place(&mut g, 1, 1);
    deploy(&mut g, red_figure, "cloister");
    place(&mut g, -1, 1);
    build(&mut g, 0, 1);
    assert_eq!(g.pending(), Pending::Capture { player: BLUE, pos: Pos::new(0, 1) });
    g
}

// ----- Preparation -----

/// Seed 001, Preparation (and seed 004): "two players: ten pieces each; three players: nine;
/// four players: seven; five players: six; six players: five".
#[test]
fn tower_pieces_per_player_depend_on_the_number_of_players() {
    for (players, each) in [(2, 10), (3, 9), (4, 7), (5, 6), (6, 5)] {
        let rules = tower_rules(RuleSet::HigBigBox, &[]);
        let g = Game::new(GameSetup { rules, players: Color::ALL[..players].to_vec(), deck: Deck::Seed(1) }).unwrap();
        for p in 0..players as u8 {
            assert_eq!(g.tower_pieces(p), each, "{players} players");
        }
    }
    let setup = GameSetup { rules: Rules::base(), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(1) };
    assert_eq!(Game::new(setup).unwrap().tower_pieces(RED), 0, "no tower pieces without the expansion");
}

/// The 18 tiles of THE TOWER's tile distribution join the pile, each with its foundation.
#[test]
fn the_towers_tiles_join_the_pile_with_their_foundations() {
    let two = vec![Color::Red, Color::Blue];
    let base = Game::new(GameSetup { rules: Rules::base(), players: two.clone(), deck: Deck::Seed(1) }).unwrap();
    let rules = tower_rules(RuleSet::HigBigBox, &[]);
    let g = Game::new(GameSetup { rules, players: two, deck: Deck::Seed(1) }).unwrap();
    assert_eq!(g.tiles_left(), base.tiles_left() + 18);
    let with_tower: u16 = g
        .observation(None)
        .remaining_tiles()
        .into_iter()
        .filter(|&(t, _)| g.design(t).features.iter().any(|f| f.kind == FeatureKind::Tower))
        .map(|(_, n)| n)
        .sum();
    assert_eq!(with_tower, 18);
}

// ----- Building and finishing towers -----

/// "Instead of moving the fairy or deploying a follower, builder or pig, a player may now decide
/// to place one of his or her tower pieces on any tile with a tower foundation which is already
/// in play, or on a tower which is already under construction": any foundation, not only on the
/// tile just placed; the piece is the turn's figure action.
#[test]
fn a_tower_piece_goes_on_any_foundation_in_play_instead_of_a_deployment() {
    let mut g = game(&["tower:02", "base:B", "base:B", "base:B"]);
    place(&mut g, 0, 1);
    assert!(g.legal_actions().contains(&Action::BuildTower { pos: Pos::new(0, 1) }), "on the tile just placed");
    apply(&mut g, Action::Pass);
    place(&mut g, 1, 1);
    let events = build(&mut g, 0, 1);
    assert!(events.contains(&Event::TowerBuilt { player: BLUE, pos: Pos::new(0, 1), height: 1 }));
    assert_eq!((g.tower_pieces(RED), g.tower_pieces(BLUE)), (10, 9));
    assert!(g.figures().is_empty(), "no figure deployed with the piece");
    assert!(matches!(g.pending(), Pending::PlaceTile { player: RED, .. }), "{:?}", g.pending());
    place(&mut g, -1, 1);
    let events = build(&mut g, 0, 1);
    assert!(events.contains(&Event::TowerBuilt { player: RED, pos: Pos::new(0, 1), height: 2 }));
    assert_eq!(height(&g, 0, 1), 2, "on a tower under construction");
    place(&mut g, 0, 2);
    assert_eq!(g.check(Action::BuildTower { pos: Pos::new(0, 2) }), Err(RuleError::NoTowerToBuild(Pos::new(0, 2))));
}

/// A player with no tower piece left cannot build ("one of his or her tower pieces").
#[test]
fn no_tower_piece_left_no_building() {
    let mut deck = vec!["tower:02"];
    deck.extend(std::iter::repeat_n("base:B", 21));
    let mut g = game(&deck);
    place(&mut g, 0, 1);
    build(&mut g, 0, 1);
    for x in 1..20 {
        place(&mut g, x, 1);
        build(&mut g, 0, 1);
    }
    assert_eq!((g.tower_pieces(RED), g.tower_pieces(BLUE)), (0, 0));
    assert_eq!(height(&g, 0, 1), 20, "no limit to how high a tower may be built");
    place(&mut g, 20, 1);
    assert!(!g.legal_actions().contains(&Action::BuildTower { pos: Pos::new(0, 1) }));
    assert_eq!(g.check(Action::BuildTower { pos: Pos::new(0, 1) }), Err(RuleError::NoTowerPiece));
}

/// "If a follower is deployed to the top of a tower, the construction of the tower is finished
/// and it may not be built any further. The follower remains on top of the tower until the end
/// of the game": it stands on no feature, is never scored and never comes back. A bare
/// foundation is not finished (the seed finishes "a tower which is already under
/// construction").
#[test]
fn a_follower_finishes_a_tower_and_stays_on_it_to_the_end() {
    let mut g = game(&["tower:02", "base:B", "base:B"]);
    place(&mut g, 0, 1);
    let finish = Action::FinishTower { pos: Pos::new(0, 1), figure: F };
    assert_eq!(g.check(finish), Err(RuleError::NoTowerToFinish(Pos::new(0, 1))), "no tower on a bare foundation");
    build(&mut g, 0, 1);
    place(&mut g, 1, 1);
    assert!(g.legal_actions().contains(&finish));
    let events = apply(&mut g, finish);
    let tower = feature(&g, 0, 1, "tower");
    assert!(events.contains(&Event::FigureDeployed { player: BLUE, figure: F, pos: Pos::new(0, 1), feature: tower }));
    assert!(g.towers()[0].finished);
    place(&mut g, -1, 1);
    assert_eq!(g.check(Action::BuildTower { pos: Pos::new(0, 1) }), Err(RuleError::NoTowerToBuild(Pos::new(0, 1))));
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::BuildTower { .. } | Action::FinishTower { .. })));
    apply(&mut g, Action::Pass);
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![0, 0], "the guard scores nothing");
    assert_eq!(figures_on(&g, 0, 1), vec![(BLUE, F)], "the guard stays on the tower");
    assert_eq!(g.player(BLUE).followers, 6);
}

/// Footnote 99 (a big follower is treated like a small one) and footnote 104 with FAQ 36: only
/// a follower finishes a tower; builders and pigs only where they count as followers (the
/// original boxes); the abbot never (seed 000, The Abbot, note 27).
#[test]
fn footnotes_99_and_104_which_figures_finish_a_tower() {
    let others = [Expansion::InnsCathedrals, Expansion::TradersBuilders, Expansion::Abbot];
    for (rule_set, builders) in [(RuleSet::HigBigBox, false), (RuleSet::Hig, true)] {
        let mut g = game_with(tower_rules(rule_set, &others), 2, &["tower:02", "base:B", "base:B"]);
        place(&mut g, 0, 1);
        build(&mut g, 0, 1);
        place(&mut g, 1, 1);
        let pos = Pos::new(0, 1);
        for figure in [F, Figure::BigFollower] {
            assert_eq!(g.check(Action::FinishTower { pos, figure }), Ok(()), "{figure:?}");
        }
        let abbot = Action::FinishTower { pos, figure: Figure::Abbot };
        assert_eq!(g.check(abbot), Err(RuleError::CannotGuardTower("abbot")));
        for figure in [Figure::Builder, Figure::Pig] {
            let offered = g.legal_actions().contains(&Action::FinishTower { pos, figure });
            assert_eq!(offered, builders, "{rule_set:?} {figure:?}");
            assert_eq!(g.check(Action::FinishTower { pos, figure }).is_ok(), builders, "{rule_set:?} {figure:?}");
        }
    }
}

/// FAQ 32: "both are alternatives to deploying a follower, and since only one follower may be
/// deployed, only one alternative may be chosen": after a tower piece the fairy does not move.
#[test]
fn faq_32_a_tower_piece_is_instead_of_moving_the_fairy() {
    let rules = tower_rules(RuleSet::HigBigBox, &[Expansion::PrincessDragon]);
    let mut g = game_with(rules, 2, &["tower:02", "base:B", "base:B", "base:B"]);
    place(&mut g, 0, 1);
    deploy(&mut g, F, "field@NNW"); // red's farmer on the tower tile
    place(&mut g, 1, 1);
    deploy(&mut g, F, "cloister"); // blue's monk
    place(&mut g, -1, 1);
    assert!(g.legal_actions().iter().any(|a| matches!(a, Action::MoveFairy { .. })));
    build(&mut g, 0, 1);
    assert_eq!(g.pending(), Pending::Capture { player: RED, pos: Pos::new(0, 1) }, "only the capture is left");
    apply(&mut g, Action::Pass);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. }));
    assert_eq!(g.fairy(), None, "the fairy did not move");
}

// ----- Captures -----

/// "Whenever a player places a tower piece, he or she may take one big or small follower
/// prisoner" (footnote 99): another player's goes to the captor; "may", so passing is offered.
#[test]
fn footnote_99_a_tower_piece_takes_a_small_or_big_follower_prisoner() {
    for figure in [F, Figure::BigFollower] {
        let rules = tower_rules(RuleSet::HigBigBox, &[Expansion::InnsCathedrals]);
        let mut g = red_monk_within_reach(rules, figure);
        assert_eq!(targets(&g), vec![(1, 1)]);
        assert!(g.legal_actions().contains(&Action::Pass), "taking a prisoner is a choice");
        let capture = capture_of(&g, 1, 1, "cloister");
        let events = apply(&mut g, capture);
        let cloister = feature(&g, 1, 1, "cloister");
        let pos = Pos::new(1, 1);
        assert!(events.contains(&Event::Captured { player: BLUE, owner: RED, figure, pos, feature: cloister }));
        assert!(figures_on(&g, 1, 1).is_empty());
        assert_eq!(prisoners(&g), vec![(BLUE, RED, figure)]);
        assert_eq!(g.player(RED).in_supply(figure), if figure == F { 6 } else { 0 }, "a prisoner is out of supply");
    }
}

/// The reach: "If the tower has one storey, the player has a choice of five tiles ... the tower
/// tile itself, as well as the tiles which connect to it horizontally and vertically ... With
/// every piece placed on the tower, its range increases by four tiles. It is possible to take
/// prisoners over 'holes' in the tile placement, as well as over other towers of any height."
#[test]
fn the_reach_grows_by_a_tile_each_way_with_each_piece_across_holes_and_towers() {
    let mut deck = vec!["tower:02", "tower:02"];
    deck.extend(std::iter::repeat_n("base:B", 8));
    let mut g = game(&deck);
    place(&mut g, 0, 1); // red: the foundation at (0, 1)
    apply(&mut g, Action::Pass);
    place(&mut g, 1, 1); // blue: another tower at (1, 1), one piece high
    build(&mut g, 1, 1);
    place(&mut g, 1, 2);
    apply(&mut g, Action::Pass);
    place(&mut g, 1, 3);
    deploy(&mut g, F, "cloister"); // blue's monk at (1, 3): diagonal, never within reach
    place(&mut g, 0, 3);
    deploy(&mut g, F, "cloister"); // red's monk at (0, 3), beyond the hole at (0, 2)
    place(&mut g, 2, 1);
    deploy(&mut g, F, "cloister"); // blue's monk at (2, 1), beyond the tower at (1, 1)
    place(&mut g, -1, 1);
    build(&mut g, 0, 1);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. }), "nothing within one storey's reach");
    place(&mut g, -1, 2);
    apply(&mut g, Action::Pass);
    place(&mut g, -2, 1);
    build(&mut g, 0, 1);
    let mut reached = targets(&g);
    reached.sort_unstable();
    assert_eq!(reached, vec![(0, 3), (2, 1)], "two storeys: across the hole and over the other tower");
    let diagonal = capture_of(&g, 1, 3, "cloister");
    assert_eq!(g.check(diagonal), Err(RuleError::CannotCapture(Pos::new(1, 3), feature(&g, 1, 3, "cloister"))));
}

/// Footnote 101: "Builders and pigs cannot be taken prisoner" (The Big Box); the original
/// boxes' row "towers capture: followers (including builders & pigs)" and FAQ 31.
#[test]
fn footnote_101_builders_and_pigs_are_taken_only_under_the_original_rules() {
    // Red's thief at (1, 0), red's builder at (2, 0); blue's tower at (2, 1) reaches the
    // builder, not the thief.
    let deck = ["base:U", "base:B", "base:U", "tower:02", "base:B"];
    for (rule_set, taken) in
        [(RuleSet::HigBigBox, false), (RuleSet::RggBigBox, false), (RuleSet::Hig, true), (RuleSet::Rgg, true)]
    {
        let mut g = game_with(tower_rules(rule_set, &[Expansion::TradersBuilders]), 2, &deck);
        place(&mut g, 1, 0);
        deploy(&mut g, F, "road@E");
        place(&mut g, 1, 1);
        apply(&mut g, Action::Pass);
        place(&mut g, 2, 0);
        deploy(&mut g, Figure::Builder, "road@E");
        place(&mut g, 2, 1);
        build(&mut g, 2, 1);
        if taken {
            assert_eq!(g.pending(), Pending::Capture { player: BLUE, pos: Pos::new(2, 1) }, "{rule_set:?}");
            assert_eq!(targets(&g), vec![(2, 0)], "{rule_set:?}");
        } else {
            assert!(matches!(g.pending(), Pending::PlaceTile { player: RED, .. }), "{rule_set:?}: no capture");
        }
    }
}

/// Footnote 103: "Should the last thief, knight or farmer of a player be removed from a road,
/// city or farm which includes the player's builder or pig, then the builder or pig is also
/// removed and returned to the player" (the Big Box; under the original rules it stays).
#[test]
fn footnote_103_the_builder_goes_home_when_its_owners_last_thief_is_captured() {
    let deck = ["base:U", "tower:02", "base:U", "base:B", "base:B"];
    for (stays, expected) in [(false, vec![]), (true, vec![(RED, Figure::Builder)])] {
        let mut rules = tower_rules(RuleSet::HigBigBox, &[Expansion::TradersBuilders]);
        rules.variants.builder_and_pig_stay_without_follower = stays;
        let mut g = game_with(rules, 2, &deck);
        place(&mut g, 1, 0);
        deploy(&mut g, F, "road@E");
        place(&mut g, 1, 1);
        apply(&mut g, Action::Pass);
        place(&mut g, 2, 0);
        deploy(&mut g, Figure::Builder, "road@E");
        place(&mut g, 0, 1);
        build(&mut g, 1, 1);
        let capture = capture_of(&g, 1, 0, "road@E");
        let events = apply(&mut g, capture);
        assert_eq!(figures_on(&g, 2, 0), expected, "builder stays: {stays}");
        let returned = events.iter().any(|e| matches!(e, Event::FigureReturned { figure: Figure::Builder, .. }));
        assert_eq!(returned, !stays);
    }
}

/// Footnotes 100 and 102: under the Big Box "It is now quite possible for a player to choose to
/// 'capture' his or her own followers" and "If the player takes one of their own followers
/// prisoner, it should be returned to the supply"; the original boxes' row "tower captures own
/// followers: no".
#[test]
fn footnote_100_ones_own_follower_goes_back_to_the_supply() {
    let deck = ["tower:02", "base:B", "base:B", "base:B", "base:B"];
    for (rule_set, allowed) in
        [(RuleSet::HigBigBox, true), (RuleSet::RggBigBox, true), (RuleSet::Hig, false), (RuleSet::Rgg, false)]
    {
        let mut g = game_with(tower_rules(rule_set, &[]), 2, &deck);
        place(&mut g, 0, 1);
        apply(&mut g, Action::Pass);
        place(&mut g, 1, 1);
        deploy(&mut g, F, "cloister"); // blue's monk
        place(&mut g, -1, 1);
        apply(&mut g, Action::Pass);
        place(&mut g, 0, 2);
        build(&mut g, 0, 1); // blue's own tower reaches blue's monk
        if !allowed {
            assert!(matches!(g.pending(), Pending::PlaceTile { player: RED, .. }), "{rule_set:?}");
            continue;
        }
        assert_eq!(targets(&g), vec![(1, 1)], "{rule_set:?}");
        let capture = capture_of(&g, 1, 1, "cloister");
        let events = apply(&mut g, capture);
        assert!(events.iter().any(|e| matches!(e, Event::Captured { player: BLUE, owner: BLUE, .. })));
        assert!(g.prisoners().is_empty(), "one's own follower is no prisoner");
        assert_eq!(g.player(BLUE).followers, 7, "back in the supply");
    }
}

/// Footnote 107 and FAQ 35: "followers on towers can indeed be captured" in every rule set but
/// the original print of The Tower by Rio Grande Games (the row "tower captures followers on
/// towers"). The guard leaves; its tower stays finished.
#[test]
fn footnote_107_a_follower_on_a_tower_is_captured_except_under_the_original_rgg_rules() {
    for (rule_set, allowed) in
        [(RuleSet::HigBigBox, true), (RuleSet::Hig, true), (RuleSet::RggBigBox, true), (RuleSet::Rgg, false)]
    {
        let mut g = guard_within_reach(tower_rules(rule_set, &[]));
        if !allowed {
            assert!(matches!(g.pending(), Pending::PlaceTile { .. }), "{rule_set:?}");
            continue;
        }
        assert_eq!(targets(&g), vec![(0, 1)], "{rule_set:?}");
        let capture = capture_of(&g, 0, 1, "tower");
        apply(&mut g, capture);
        assert_eq!(prisoners(&g), vec![(RED, BLUE, F)], "{rule_set:?}");
        assert!(g.towers()[0].finished, "the tower stays finished");
    }
}

/// Footnote 102 (THE TOWER) and footnote 74 (THE PRINCESS AND THE DRAGON): "Prisoners are taken
/// first; placing a tower piece is an alternative to deploying a follower, so occurs before
/// dragon movement."
#[test]
fn footnote_102_prisoners_are_taken_before_the_dragon_moves() {
    let rules = tower_rules(RuleSet::HigBigBox, &[Expansion::PrincessDragon]);
    let deck = ["princess-dragon:01", "tower:02", "base:B", "base:B", "princess-dragon:16", "base:B"];
    let mut g = game_with(rules, 2, &deck);
    place(&mut g, 0, 1); // the volcano: the dragon comes to (0, 1)
    apply(&mut g, Action::Pass);
    place(&mut g, 1, 1); // blue: the foundation
    apply(&mut g, Action::Pass);
    place(&mut g, 1, 2);
    apply(&mut g, Action::Pass);
    place(&mut g, 2, 1);
    deploy(&mut g, F, "cloister"); // blue's monk within reach of (1, 1)
    place(&mut g, -1, 0); // red's dragon tile, west of the start tile
    build(&mut g, 1, 1);
    assert_eq!(g.pending(), Pending::Capture { player: RED, pos: Pos::new(1, 1) });
    take(&mut g, 2, 1, "cloister");
    assert!(matches!(g.pending(), Pending::MoveDragon { player: RED }), "then the dragon: {:?}", g.pending());
}

/// FAQ 33 and 34, footnote 106: "The dragon can fly, and so also eats meeple on the tower"; "If
/// there are 2 followers on 1 tile (tower and city) does the dragon eat them both? [It eats
/// them] all."
#[test]
fn faq_33_the_dragon_eats_the_follower_on_a_tower_and_every_other_figure_there() {
    let rules = tower_rules(RuleSet::HigBigBox, &[Expansion::PrincessDragon]);
    let deck = ["princess-dragon:01", "tower:01", "base:B", "base:B", "princess-dragon:16", "base:B"];
    let mut g = game_with(rules, 2, &deck);
    place(&mut g, 0, 1); // the volcano
    apply(&mut g, Action::Pass);
    place_turned(&mut g, 1, 1, 180); // tower:01, its city facing south
    deploy(&mut g, F, "city@S"); // blue's knight on the tower tile
    place(&mut g, 2, 1);
    build(&mut g, 1, 1);
    apply(&mut g, Action::Pass); // red takes no prisoner
    place(&mut g, -1, 1);
    apply(&mut g, Action::FinishTower { pos: Pos::new(1, 1), figure: F }); // blue's guard
    assert_eq!(figures_on(&g, 1, 1).len(), 2);
    place(&mut g, -1, 0); // red's dragon tile
    apply(&mut g, Action::Pass);
    let events = step(&mut g, 1, 1);
    let tower = feature(&g, 1, 1, "tower");
    let eaten: Vec<_> = events.iter().filter(|e| matches!(e, Event::FigureEaten { player: BLUE, .. })).collect();
    assert_eq!(eaten.len(), 2, "the guard and the knight: {events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::FigureEaten { feature, .. } if *feature == tower)));
    assert!(figures_on(&g, 1, 1).is_empty());
}

/// Footnote 105: "Can you move the fairy to a tile, when the only follower on the tile is on a
/// tower? Answer: Yes."
#[test]
fn footnote_105_the_fairy_goes_next_to_a_follower_on_a_tower() {
    let rules = tower_rules(RuleSet::HigBigBox, &[Expansion::PrincessDragon]);
    let mut g = game_with(rules, 2, &["tower:02", "base:B", "base:B", "base:B"]);
    place(&mut g, 0, 1);
    build(&mut g, 0, 1);
    place(&mut g, 1, 1);
    apply(&mut g, Action::FinishTower { pos: Pos::new(0, 1), figure: F }); // blue's guard
    place(&mut g, -1, 1);
    apply(&mut g, Action::Pass);
    place(&mut g, 0, 2);
    let events = move_fairy(&mut g, 0, 1, "tower");
    assert!(events.iter().any(|e| matches!(e, Event::FairyMoved { player: BLUE, .. })));
    assert_eq!(g.fairy().map(|(pos, f)| (pos, f.map(|f| f.owner))), Some((Pos::new(0, 1), Some(BLUE))));
}

/// Footnote 108 (FAQ 37): "If the dragon can eat a follower on a tower, can the follower also be
/// seduced by a princess? The tower is not a part of the city: they are two separate areas."
#[test]
fn footnote_108_the_princess_does_not_reach_a_follower_on_a_tower() {
    let rules = tower_rules(RuleSet::HigBigBox, &[Expansion::PrincessDragon]);
    // tower:16 north of the start tile: a city open to the east and west, with the tower.
    let deck = ["tower:16", "base:B", "base:B", "princess-dragon:18", "base:B"];
    let mut g = game_with(rules, 2, &deck);
    place_turned(&mut g, 0, -1, 180);
    deploy(&mut g, F, "city@S"); // red's knight
    place(&mut g, 0, 1);
    build(&mut g, 0, -1);
    apply(&mut g, Action::Pass); // blue takes no prisoner
    place(&mut g, 1, 1);
    apply(&mut g, Action::FinishTower { pos: Pos::new(0, -1), figure: F }); // red's guard
    place(&mut g, 1, -1); // blue's princess extends the city
    let removals: Vec<Action> =
        g.legal_actions().into_iter().filter(|a| matches!(a, Action::RemoveKnight { .. })).collect();
    let knight = feature(&g, 0, -1, "city@S");
    assert_eq!(removals, vec![Action::RemoveKnight { pos: Pos::new(0, -1), feature: knight }], "the knight only");
    let guard = Action::RemoveKnight { pos: Pos::new(0, -1), feature: feature(&g, 0, -1, "tower") };
    assert!(g.check(guard).is_err());
}

/// No follower may stand on the dragon's tile (THE PRINCESS AND THE DRAGON): a tower there is
/// not finished with a follower, though pieces may still be added.
#[test]
fn no_follower_finishes_a_tower_on_the_dragons_tile() {
    let rules = tower_rules(RuleSet::HigBigBox, &[Expansion::PrincessDragon]);
    let deck = ["princess-dragon:01", "tower:02", "princess-dragon:16", "base:B", "base:B"];
    let mut g = game_with(rules, 2, &deck);
    place(&mut g, 0, 1); // the volcano
    apply(&mut g, Action::Pass);
    place(&mut g, 1, 1); // the foundation east of it
    build(&mut g, 1, 1);
    place(&mut g, -1, 0); // red's dragon tile
    apply(&mut g, Action::Pass);
    step(&mut g, 1, 1); // a dead end: the move is over on the tower tile
    assert_eq!(g.dragon(), Some(Pos::new(1, 1)));
    place(&mut g, 0, 2);
    let finish = Action::FinishTower { pos: Pos::new(1, 1), figure: F };
    assert_eq!(g.check(finish), Err(RuleError::DragonTile(Pos::new(1, 1))));
    assert!(!g.legal_actions().contains(&finish));
    assert!(g.legal_actions().contains(&Action::BuildTower { pos: Pos::new(1, 1) }));
}

/// Under the rule sets where the princess must remove a knight (footnote 89), nothing else is
/// offered, tower pieces included.
#[test]
fn a_princess_that_must_act_leaves_no_tower_piece() {
    let rules = tower_rules(RuleSet::Hig, &[Expansion::PrincessDragon]);
    let deck = ["tower:16", "base:B", "base:B", "princess-dragon:18", "base:B"];
    let mut g = game_with(rules, 2, &deck);
    place_turned(&mut g, 0, -1, 180);
    deploy(&mut g, F, "city@S");
    place(&mut g, 0, 1);
    apply(&mut g, Action::Pass);
    place(&mut g, 1, 1);
    apply(&mut g, Action::Pass);
    place(&mut g, 1, -1);
    assert!(g.legal_actions().iter().all(|a| matches!(a, Action::RemoveKnight { .. })), "{:?}", g.legal_actions());
    assert_eq!(g.check(Action::BuildTower { pos: Pos::new(0, -1) }), Err(RuleError::PrincessMustRemove));
}

// ----- Prisoners -----

/// Red holds blue's... no: blue holds red's big follower (and, with `two_kinds`, red's small
/// follower too); red's new tower then takes blue's monk, so the two exchange. Returns the game
/// after red's capture.
fn exchange_game(two_kinds: bool) -> Game {
    let rules = tower_rules(RuleSet::HigBigBox, &[Expansion::InnsCathedrals]);
    let mut deck = vec!["base:E", "tower:02", "base:B", "base:B"];
    if two_kinds {
        deck.extend(["base:B", "base:B"]);
    }
    deck.extend(["base:B", "base:B", "tower:02", "base:B"]);
    let mut g = game_with(rules, 2, &deck);
    place_turned(&mut g, 0, -1, 180);
    apply(&mut g, Action::Pass);
    place(&mut g, 0, 1); // blue: the foundation
    apply(&mut g, Action::Pass);
    place(&mut g, 1, 1);
    deploy(&mut g, Figure::BigFollower, "cloister"); // red's big follower
    place(&mut g, 2, 1);
    build(&mut g, 0, 1);
    take(&mut g, 1, 1, "cloister");
    if two_kinds {
        place(&mut g, -1, 1);
        deploy(&mut g, F, "cloister"); // red's follower
        place(&mut g, -2, 1);
        build(&mut g, 0, 1);
        take(&mut g, -1, 1, "cloister");
        assert_eq!(prisoners(&g), vec![(BLUE, RED, Figure::BigFollower), (BLUE, RED, F)]);
    }
    place(&mut g, 2, 2);
    apply(&mut g, Action::Pass);
    place(&mut g, 0, 2);
    deploy(&mut g, F, "cloister"); // blue's monk south of the tower
    place(&mut g, 0, 3); // red: a foundation south of blue's monk
    build(&mut g, 0, 3);
    assert_eq!(targets(&g), vec![(0, 2)]);
    take(&mut g, 0, 2, "cloister");
    g
}

/// Footnote 109: "Whenever two players have captured one of each other's followers, they are
/// immediately exchanged ... No negotiation is necessary or allowed. The exchange is automatic".
#[test]
fn footnote_109_prisoners_held_both_ways_are_exchanged_at_once() {
    let g = exchange_game(false);
    assert!(g.prisoners().is_empty(), "exchanged: {:?}", prisoners(&g));
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. }), "no decision: {:?}", g.pending());
    assert_eq!(g.player(RED).in_supply(Figure::BigFollower), 1);
    assert_eq!(g.player(BLUE).followers, 7);
}

/// Footnote 110: "If one of the players has several prisoners belonging to the other player,
/// the owner may decide which prisoner should be returned."
#[test]
fn footnote_110_the_owner_chooses_which_prisoner_comes_back() {
    let mut g = exchange_game(true);
    assert_eq!(g.pending(), Pending::Exchange { player: RED, other: BLUE });
    let offered = g.legal_actions();
    assert_eq!(offered, vec![Action::Exchange { figure: F }, Action::Exchange { figure: Figure::BigFollower }]);
    assert_eq!(g.check(Action::Exchange { figure: Figure::Abbot }), Err(RuleError::NoSuchPrisoner));
    assert!(g.check(Action::Pass).is_err(), "the exchange is not optional");
    let events = apply(&mut g, Action::Exchange { figure: Figure::BigFollower });
    let exchanged =
        Event::PrisonersExchanged { player: RED, figure: Figure::BigFollower, other: BLUE, other_figure: F };
    assert!(events.contains(&exchanged));
    assert_eq!(prisoners(&g), vec![(BLUE, RED, F)], "red's small follower stays with blue");
    assert_eq!(g.player(RED).in_supply(Figure::BigFollower), 1);
    assert_eq!(g.player(BLUE).followers, 7);
}

/// "During their turn a player may decide to pay the ransom and buy back one prisoner from one
/// opponent ... move their scoring marker on the scoreboard back three spaces, and the marker of
/// the opponent forward three. This follower may then be deployed in the same turn." Footnote
/// 111: "Is the ransom for the big follower doubled? No".
#[test]
fn footnote_111_a_ransom_costs_3_for_any_follower_which_may_be_deployed_at_once() {
    for figure in [F, Figure::BigFollower] {
        let rules = tower_rules(RuleSet::HigBigBox, &[Expansion::InnsCathedrals]);
        let mut g = red_monk_within_reach(rules, figure);
        take(&mut g, 1, 1, "cloister");
        place(&mut g, 0, 2);
        let ransom = Action::PayRansom { captor: BLUE, figure };
        assert!(g.legal_actions().contains(&ransom), "{figure:?}");
        let events = apply(&mut g, ransom);
        assert!(events.contains(&Event::RansomPaid { player: RED, captor: BLUE, figure, points: RANSOM }));
        assert_eq!(g.scores(), vec![1, 3], "{figure:?}: 3 points each way, not doubled");
        assert!(g.prisoners().is_empty());
        assert!(matches!(g.pending(), Pending::Deploy { player: RED, .. }), "the figure phase goes on");
        deploy(&mut g, figure, "cloister");
        assert_eq!(figures_on(&g, 0, 2), vec![(RED, figure)], "the freed follower is deployed in the same turn");
    }
}

/// A ransom needs a prisoner of one's own held by that player and 3 points to pay (a scoring
/// marker does not move back past the start); wrong ransoms are refused and change nothing.
#[test]
fn a_ransom_needs_a_prisoner_and_3_points() {
    let rules = tower_rules(RuleSet::HigBigBox, &[]);
    let mut g = red_monk_within_reach(rules.clone(), F);
    take(&mut g, 1, 1, "cloister");
    place(&mut g, 0, 2);
    let big = Action::PayRansom { captor: BLUE, figure: Figure::BigFollower };
    assert_eq!(g.check(big), Err(RuleError::NoSuchPrisoner));
    assert_eq!(g.check(Action::PayRansom { captor: RED, figure: F }), Err(RuleError::NoSuchPrisoner));
    let before = format!("{g:?}");
    assert!(g.apply(big).is_err());
    assert_eq!(format!("{g:?}"), before, "a refused ransom changes nothing");
    // Without 3 points: blue, whose monk red took, has none.
    let mut g = game_with(rules, 2, &["tower:02", "base:B", "base:B", "base:B", "base:B"]);
    place(&mut g, 0, 1);
    apply(&mut g, Action::Pass);
    place(&mut g, 1, 1);
    deploy(&mut g, F, "cloister");
    place(&mut g, -1, 1);
    build(&mut g, 0, 1);
    take(&mut g, 1, 1, "cloister");
    place(&mut g, 0, 2);
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::PayRansom { .. })));
    assert_eq!(g.check(Action::PayRansom { captor: RED, figure: F }), Err(RuleError::RansomTooDear(0)));
}

/// Footnote 112: "How often does prisoner buy-back occur in a 'double turn' ...? It happens once
/// per turn. The double-turn is also only a 'single' turn." And the next turn may pay again.
#[test]
fn footnote_112_one_ransom_in_a_double_turn() {
    let rules = tower_rules(RuleSet::HigBigBox, &[Expansion::TradersBuilders]);
    let deck = [
        "base:G", "tower:02", "base:E", "base:B", "base:B", "base:B", "base:B", "base:B", "base:U", "base:B", "base:U",
        "base:B", "base:U", "base:B", "base:B", "base:B",
    ];
    let mut g = game_with(rules, 2, &deck);
    place_turned(&mut g, 0, -1, 90); // red: a city running north and south
    deploy(&mut g, F, "city@S");
    place(&mut g, 0, 1); // blue: the foundation
    apply(&mut g, Action::Pass);
    place_turned(&mut g, 0, -2, 180); // red closes the 3-tile city: 6 points
    apply(&mut g, Action::Pass);
    assert_eq!(g.scores(), vec![6, 0]);
    place(&mut g, -1, 1);
    apply(&mut g, Action::Pass);
    place(&mut g, 1, 1);
    deploy(&mut g, F, "cloister"); // red's first monk
    place(&mut g, -2, 1);
    build(&mut g, 0, 1);
    take(&mut g, 1, 1, "cloister");
    place(&mut g, 0, 2);
    deploy(&mut g, F, "cloister"); // red's second monk
    place(&mut g, -1, 2);
    build(&mut g, 0, 1);
    take(&mut g, 0, 2, "cloister");
    assert_eq!(prisoners(&g), vec![(BLUE, RED, F), (BLUE, RED, F)]);
    place(&mut g, 1, 0);
    deploy(&mut g, F, "road@E"); // red's thief
    place(&mut g, 2, 1);
    apply(&mut g, Action::Pass);
    place(&mut g, 2, 0);
    deploy(&mut g, Figure::Builder, "road@E"); // red's builder
    place(&mut g, -3, 1);
    apply(&mut g, Action::Pass);
    // Red extends the builder's road: a double turn. The ransom in the first figure phase...
    place(&mut g, 3, 0);
    apply(&mut g, Action::PayRansom { captor: BLUE, figure: F });
    assert_eq!(g.scores(), vec![3, 3]);
    let events = apply(&mut g, Action::Pass);
    assert!(events.iter().any(|e| matches!(e, Event::DoubleTurn { player: RED })));
    // ... and none in the second, though red still has 3 points and a prisoner to free.
    place(&mut g, 3, 1);
    let ransom = Action::PayRansom { captor: BLUE, figure: F };
    assert!(!g.legal_actions().contains(&ransom));
    assert_eq!(g.check(ransom), Err(RuleError::RansomAlreadyPaid));
    apply(&mut g, Action::Pass);
    place(&mut g, -4, 1);
    apply(&mut g, Action::Pass);
    place(&mut g, 4, 1);
    assert!(g.legal_actions().contains(&ransom), "a new turn, a new ransom");
}

// ----- Issue 35: the open readings -----

/// A ruling of issue 35. THE TOWER, "Prisoners": "the player should move their scoring marker on
/// the scoreboard back three spaces, and the marker of the opponent forward three". Red pays a
/// first ransom with 4 points (1 left), and blue takes red's next monk. By default red cannot pay
/// again: a marker does not move back past the start of the track. Under `short-ransom` red
/// pays with the 1 point left (to 0) and blue's marker moves forward 3: the event says both
/// amounts, and the freed follower may be deployed at once.
#[test]
fn ruling_a_ransom_needs_3_points_unless_short_ransoms_are_played() {
    for short in [false, true] {
        let mut rules = tower_rules(RuleSet::HigBigBox, &[]);
        rules.variants.short_ransom = short;
        let mut g = red_monk_within_reach(rules, F);
        take(&mut g, 1, 1, "cloister");
        place(&mut g, 0, 2);
        let ransom = Action::PayRansom { captor: BLUE, figure: F };
        // With 3 points or more the ransom is the usual one under both readings.
        let events = apply(&mut g, ransom);
        assert!(events.contains(&Event::RansomPaid { player: RED, captor: BLUE, figure: F, points: RANSOM }));
        assert_eq!(g.scores(), vec![1, 3], "short {short}");
        deploy(&mut g, F, "cloister"); // red's freed monk
        place(&mut g, -1, 2);
        build(&mut g, 0, 1);
        take(&mut g, 0, 2, "cloister");
        assert_eq!(prisoners(&g), vec![(BLUE, RED, F)]);
        place(&mut g, 1, 2);
        if !short {
            assert!(!g.legal_actions().contains(&ransom), "1 point cannot pay a ransom");
            assert_eq!(g.check(ransom), Err(RuleError::RansomTooDear(1)));
            continue;
        }
        assert!(g.legal_actions().contains(&ransom), "offered with 1 point");
        let events = apply(&mut g, ransom);
        let paid = Event::ShortRansomPaid { player: RED, captor: BLUE, figure: F, paid: 1, received: RANSOM };
        assert!(events.contains(&paid), "{events:?}");
        assert!(!events.iter().any(|e| matches!(e, Event::RansomPaid { .. })));
        assert_eq!(g.scores(), vec![0, 6], "red's marker to the start, blue's forward 3");
        assert!(g.prisoners().is_empty());
        deploy(&mut g, F, "cloister");
        assert_eq!(figures_on(&g, 1, 2), vec![(RED, F)], "the freed follower is deployed in the same turn");
    }
}

/// Under `short-ransom` a player with no points at all pays too: nothing leaves their marker,
/// the captor's moves forward 3 (the passage moves each marker on its own). A record replays it.
#[test]
fn ruling_a_short_ransom_from_no_points_moves_only_the_captors_marker() {
    let mut rules = tower_rules(RuleSet::HigBigBox, &[]);
    rules.variants.short_ransom = true;
    let deck = ["tower:02", "base:B", "base:B", "base:B", "base:B"];
    let mut g = game_with(rules.clone(), 2, &deck);
    let mut record = Record {
        version: carcassonne_engine::record::RECORD_VERSION,
        rules,
        players: vec![Color::Red, Color::Blue],
        deck: RecordDeck::Order(deck.iter().map(|s| s.to_string()).collect()),
        actions: vec![],
    };
    let mut play = |g: &mut Game, action: Action| {
        record.push(g, action);
        apply(g, action)
    };
    let at = |x, y| Pos::new(x, y);
    let a = first_place_at(&g, at(0, 1));
    play(&mut g, a);
    play(&mut g, Action::Pass);
    let a = first_place_at(&g, at(1, 1));
    play(&mut g, a);
    let cloister = Action::Deploy { figure: F, feature: feature(&g, 1, 1, "cloister") };
    play(&mut g, cloister); // blue's monk
    let a = first_place_at(&g, at(-1, 1));
    play(&mut g, a);
    play(&mut g, Action::BuildTower { pos: at(0, 1) });
    let capture = capture_of(&g, 1, 1, "cloister");
    play(&mut g, capture);
    let a = first_place_at(&g, at(0, 2));
    play(&mut g, a);
    assert_eq!(g.scores(), vec![0, 0]);
    let events = play(&mut g, Action::PayRansom { captor: RED, figure: F });
    assert!(events.contains(&Event::ShortRansomPaid { player: BLUE, captor: RED, figure: F, paid: 0, received: 3 }));
    assert_eq!(g.scores(), vec![3, 0]);
    let json = serde_json::to_string(&record).unwrap();
    let replay = Record::from_json(&json).unwrap().replay().unwrap();
    assert_eq!(replay.game.scores(), vec![3, 0]);
}

/// The first placement of the drawn tile at `pos`, as an action.
fn first_place_at(game: &Game, pos: Pos) -> Action {
    game.legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Place { pos: p, .. } if *p == pos))
        .unwrap_or_else(|| panic!("the drawn tile fits nowhere at {pos:?}"))
}

/// Blue finishes the tower at (0, 1) with a guard; red raises its tower at (1, 1), which now
/// reaches (0, 1).
fn guard_within_reach(rules: Rules) -> Game {
    let deck = ["tower:02", "tower:02", "base:B", "base:B", "base:B", "base:B", "base:B", "base:B"];
    let mut g = game_with(rules, 2, &deck);
    place(&mut g, 0, 1);
    build(&mut g, 0, 1);
    place(&mut g, 1, 1);
    apply(&mut g, Action::FinishTower { pos: Pos::new(0, 1), figure: F }); // blue's guard
    place(&mut g, -1, 1);
    apply(&mut g, Action::Pass);
    place(&mut g, 0, 2);
    apply(&mut g, Action::Pass);
    place(&mut g, -1, 2);
    build(&mut g, 1, 1); // red's tower at (1, 1) reaches (0, 1)
    g
}

/// Blue finishes the tower at (0, 1); red's tower at (1, 1) takes blue's guard prisoner.
fn guard_captured(rules: Rules) -> Game {
    let mut g = guard_within_reach(rules);
    take(&mut g, 0, 1, "tower");
    assert_eq!(prisoners(&g), vec![(RED, BLUE, F)]);
    g
}

/// A ruling of issue 35. THE TOWER, "Deploy a follower to a tower": "If a follower is deployed
/// to the top of a tower, the construction of the tower is finished and it may not be built any
/// further." Hans im Glueck's reading, the default: the tower stays finished when its guard is
/// captured or eaten; no piece and no new guard go on it.
#[test]
fn ruling_a_tower_whose_guard_was_captured_or_eaten_stays_finished() {
    let mut g = guard_captured(tower_rules(RuleSet::HigBigBox, &[]));
    assert!(g.towers()[0].finished, "the tower stays finished");
    place(&mut g, 2, 1);
    let (piece, guard) =
        (Action::BuildTower { pos: Pos::new(0, 1) }, Action::FinishTower { pos: Pos::new(0, 1), figure: F });
    assert_eq!(g.check(piece), Err(RuleError::NoTowerToBuild(Pos::new(0, 1))));
    assert_eq!(g.check(guard), Err(RuleError::NoTowerToFinish(Pos::new(0, 1))));
    assert!(!g.legal_actions().contains(&piece) && !g.legal_actions().contains(&guard));
    // Eaten by the dragon: the same.
    let g = guard_eaten(tower_rules(RuleSet::HigBigBox, &[Expansion::PrincessDragon]));
    let site = g.towers().iter().find(|t| t.pos == Pos::new(1, 1)).unwrap();
    assert!(site.finished, "the tower stays finished once its guard is eaten");
    assert_eq!(g.check(Action::BuildTower { pos: Pos::new(1, 1) }), Err(RuleError::NoTowerToBuild(Pos::new(1, 1))));
}

/// The dragon eats blue's guard on the tower at (1, 1) (the layout of FAQ 33's test), and moves
/// on; blue then places a tile. Returns the game at blue's figure phase.
fn guard_eaten(rules: Rules) -> Game {
    let deck = ["princess-dragon:01", "tower:01", "base:B", "base:B", "princess-dragon:16", "base:B", "base:B"];
    let mut g = game_with(rules, 2, &deck);
    place(&mut g, 0, 1); // the volcano
    apply(&mut g, Action::Pass);
    place_turned(&mut g, 1, 1, 180); // tower:01
    apply(&mut g, Action::Pass);
    place(&mut g, 2, 1);
    build(&mut g, 1, 1); // red's piece, with nobody within reach
    place(&mut g, -1, 1);
    apply(&mut g, Action::FinishTower { pos: Pos::new(1, 1), figure: F }); // blue's guard
    place(&mut g, -1, 0); // red's dragon tile
    apply(&mut g, Action::Pass);
    let events = step(&mut g, 1, 1);
    assert!(events.iter().any(|e| matches!(e, Event::FigureEaten { player: BLUE, .. })), "{events:?}");
    while matches!(g.pending(), Pending::MoveDragon { .. }) {
        let next = g.legal_actions()[0];
        apply(&mut g, next);
    }
    assert_ne!(g.dragon(), Some(Pos::new(1, 1)), "the dragon moved on");
    assert!(matches!(g.pending(), Pending::PlaceTile { player: BLUE, .. }), "{:?}", g.pending());
    let place_anywhere = g.legal_actions()[0];
    apply(&mut g, place_anywhere);
    g
}

/// The variant `unguarded-tower-reopens`, the Rio Grande text of seed 001's INCORPORATED FAQ 32:
/// a piece goes "on top of any already placed tower (without a guard), or close a tower by
/// placing one of his followers on top of it". A tower whose guard was captured or eaten is open
/// again: it takes pieces (and reaches further) and a new guard, which finishes it once more.
#[test]
fn ruling_unguarded_tower_reopens_after_its_guard_is_captured_or_eaten() {
    let mut rules = tower_rules(RuleSet::HigBigBox, &[]);
    rules.variants.unguarded_tower_reopens = true;
    let mut g = guard_captured(rules);
    assert!(!g.towers()[0].finished, "open again");
    place(&mut g, 2, 1);
    let piece = Action::BuildTower { pos: Pos::new(0, 1) };
    let guard = Action::FinishTower { pos: Pos::new(0, 1), figure: F };
    assert!(g.legal_actions().contains(&piece) && g.legal_actions().contains(&guard));
    let events = apply(&mut g, piece);
    assert!(events.contains(&Event::TowerBuilt { player: BLUE, pos: Pos::new(0, 1), height: 2 }));
    place(&mut g, -2, 1);
    apply(&mut g, guard); // red guards it now
    assert!(g.towers()[0].finished);
    assert_eq!(figures_on(&g, 0, 1), vec![(RED, F)]);
    place(&mut g, 3, 1);
    assert_eq!(g.check(piece), Err(RuleError::NoTowerToBuild(Pos::new(0, 1))), "guarded: finished again");
    // Eaten by the dragon: open again too.
    let mut rules = tower_rules(RuleSet::HigBigBox, &[Expansion::PrincessDragon]);
    rules.variants.unguarded_tower_reopens = true;
    let g = guard_eaten(rules);
    let site = g.towers().iter().find(|t| t.pos == Pos::new(1, 1)).unwrap();
    assert!(!site.finished && site.height == 1);
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::BuildTower { pos: Pos::new(1, 1) }), "{legal:?}");
    assert!(legal.contains(&Action::FinishTower { pos: Pos::new(1, 1), figure: F }), "{legal:?}");
}

/// The rule-set presets follow the rows of seed 001's summary table, which has none for these
/// readings: every preset keeps the defaults (no short ransom, a finished tower stays finished).
#[test]
fn ruling_the_presets_keep_the_towers_issue_35_defaults() {
    for rs in RuleSet::ALL {
        let v = Variants::preset(rs);
        assert!(!v.short_ransom && !v.unguarded_tower_reopens, "{rs:?}");
    }
}

// ----- The end of the game, rule sets and records -----

/// A follower on a tower is on no feature: it counts for no majority and scores nothing at the
/// end; prisoners never freed stay out of the game.
#[test]
fn guards_and_prisoners_score_nothing_at_the_end() {
    let rules = tower_rules(RuleSet::HigBigBox, &[]);
    let mut g = red_monk_within_reach(rules, F);
    take(&mut g, 1, 1, "cloister");
    place(&mut g, 0, 2);
    apply(&mut g, Action::FinishTower { pos: Pos::new(0, 1), figure: F });
    while !g.is_over() {
        let a = g.legal_actions().into_iter().find(|a| matches!(a, Action::Place { .. } | Action::Pass)).unwrap();
        apply(&mut g, a);
    }
    assert_eq!(g.scores(), vec![4, 0], "neither the guard nor the prisoner scored");
    assert_eq!(prisoners(&g), vec![(BLUE, RED, F)]);
    assert_eq!(g.player(RED).followers, 5, "one on the tower, one in blue's prison");
}

/// Each rule-set preset sets the three rows of The Tower.
#[test]
fn each_rule_set_preset_sets_the_rows_of_the_tower() {
    let rows = |rs| {
        let v = Variants::preset(rs);
        (v.tower_captures_builders_and_pigs, v.tower_captures_guards, v.tower_captures_own_followers)
    };
    assert_eq!(rows(RuleSet::Hig), (true, true, false));
    assert_eq!(rows(RuleSet::Rgg), (true, false, false));
    assert_eq!(rows(RuleSet::HigBigBox), (false, true, true));
    assert_eq!(rows(RuleSet::RggBigBox), (false, true, true));
}

/// The record form of an action survives JSON and decodes to the same action.
fn round_trip(game: &Game, action: Action) -> serde_json::Value {
    let encoded = encode_action(game, action);
    let json = serde_json::to_value(&encoded).unwrap();
    let decoded: RecordAction = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(decode_action(game, &decoded), Ok(action), "{json}");
    json
}

/// Records name the new actions (`build-tower`, `deploy` with `feature: tower` and `x`, `y`,
/// `capture`, `exchange`, `ransom`); bad ones are refused with what was wrong.
#[test]
fn tower_actions_round_trip_through_records_and_bad_ones_are_refused() {
    let rules = tower_rules(RuleSet::HigBigBox, &[Expansion::InnsCathedrals]);
    let mut g = red_monk_within_reach(rules, F);
    let capture = capture_of(&g, 1, 1, "cloister");
    assert_eq!(round_trip(&g, capture)["action"], "capture");
    apply(&mut g, capture);
    place(&mut g, 0, 2);
    let json = round_trip(&g, Action::PayRansom { captor: BLUE, figure: F });
    assert_eq!(json, serde_json::json!({"action": "ransom", "player": "red", "captor": "blue", "figure": "follower"}));
    assert_eq!(round_trip(&g, Action::BuildTower { pos: Pos::new(0, 1) })["action"], "build-tower");
    let json = round_trip(&g, Action::FinishTower { pos: Pos::new(0, 1), figure: F });
    assert_eq!((&json["action"], &json["feature"], &json["x"]), (&"deploy".into(), &"tower".into(), &0.into()));
    let bad: RecordAction =
        serde_json::from_value(serde_json::json!({"action": "ransom", "captor": "pink", "figure": "follower"}))
            .unwrap();
    assert_eq!(decode_action(&g, &bad), Err("no player is pink".to_string()));
    let bad: RecordAction =
        serde_json::from_value(serde_json::json!({"action": "capture", "x": 9, "y": 9, "feature": "cloister"}))
            .unwrap();
    assert!(decode_action(&g, &bad).unwrap_err().contains("no tile at"));
    let g = exchange_game(true);
    assert_eq!(round_trip(&g, Action::Exchange { figure: Figure::BigFollower })["action"], "exchange");
}

// ----- Bots -----

/// Every bot plays every decision of The Tower (pieces, guards, captures, exchanges, ransoms),
/// alone and with every other expansion (there, the first 400 decisions); records of their games
/// replay to the same state.
#[test]
fn every_bot_finishes_games_with_the_tower() {
    let all: Vec<Expansion> = Expansion::ALL.into_iter().filter(|&e| e != Expansion::Winter).collect();
    let mut kinds = BTreeSet::new();
    for (i, expansions) in [vec![Expansion::Tower], vec![Expansion::Tower], all].into_iter().enumerate() {
        let rules = Rules { expansions, ..Rules::base() };
        let mut bots: Vec<Box<dyn Bot>> = vec![
            Box::new(RandomBot::new(1 + i as u64)),
            Box::new(GreedyBot::new(2)),
            Box::new(MctsBot::new(MctsSettings::iterations(30), 3)),
        ];
        let setup =
            GameSetup { rules, players: vec![Color::Red, Color::Blue, Color::Green], deck: Deck::Seed(i as u64) };
        let mut g = Game::new(setup.clone()).unwrap();
        let mut record = Record {
            version: carcassonne_engine::record::RECORD_VERSION,
            rules: setup.rules.clone(),
            players: setup.players.clone(),
            deck: RecordDeck::Seed(i as u64),
            actions: vec![],
        };
        // With every expansion a game has about 450 tiles: the bots decide its first 400
        // decisions and random players finish it (the whole game took most of a minute).
        let mut finisher = RandomBot::new(9);
        let mut decisions = 0;
        while !g.is_over() {
            let player = g.pending().player().unwrap();
            let bot: &mut dyn Bot =
                if i == 2 && decisions >= 400 { &mut finisher } else { bots[player as usize].as_mut() };
            let action = bot.choose_action(&g.observation(Some(player)));
            decisions += 1;
            kinds.insert(serde_json::to_value(encode_action(&g, action)).unwrap()["action"].to_string());
            record.push(&g, action);
            g.apply(action).unwrap();
        }
        let replayed = Record::from_json(&record.to_json_pretty()).unwrap().replay().unwrap().game;
        assert_eq!(format!("{replayed:?}"), format!("{g:?}"));
    }
    for kind in ["\"build-tower\"", "\"capture\""] {
        assert!(kinds.contains(kind), "{kind} never played: {kinds:?}");
    }
}

// ----- Property tests -----

/// What the property games saw, summed.
#[derive(Default, Debug)]
struct Seen {
    games: usize,
    pieces: usize,
    guards: usize,
    captures: usize,
    own_captures: usize,
    guard_captures: usize,
    exchanges: usize,
    exchange_choices: usize,
    ransoms: usize,
    /// Ransoms paid with fewer than 3 points (`short-ransom`).
    short_ransoms: usize,
    /// Towers open again once their guard left (`unguarded-tower-reopens`).
    reopened: usize,
}

/// Whether an action is one of this expansion's (chosen more often by the property driver).
fn is_tower_action(action: &Action) -> bool {
    matches!(
        action,
        Action::BuildTower { .. }
            | Action::FinishTower { .. }
            | Action::Capture { .. }
            | Action::Exchange { .. }
            | Action::PayRansom { .. }
    )
}

/// One random game with The Tower, checking after every action: every kind of figure conserved
/// across supplies, the board and the prisons; tower pieces conserved across supplies and
/// towers; towers only grow, a finished tower stays finished and takes no piece; every capture
/// takes a figure within reach of the tower just built, of a kind the rules allow, and only a
/// prisoner of another player is kept; two players never hold each other's figures; scores move
/// only by the points of the events (a ransom moves 3 from payer to captor); a refused action
/// changes nothing; legal actions and `check` agree; the record replays to the same events and
/// state.
fn checked_tower_game(rules: Rules, players: usize, seed: u64, seen: &mut Seen) {
    use carcassonne_engine::random::{below, rng_from_seed};
    let colors = Color::ALL[..players].to_vec();
    let setup = GameSetup { rules: rules.clone(), players: colors.clone(), deck: Deck::Seed(seed) };
    let mut g = Game::new(setup).unwrap();
    let mut record = Record {
        version: carcassonne_engine::record::RECORD_VERSION,
        rules: rules.clone(),
        players: colors,
        deck: RecordDeck::Seed(seed),
        actions: vec![],
    };
    let count = |g: &Game, p: usize, f: Figure| crate::support::owned(g, p as u8, f);
    let initial: Vec<Vec<usize>> =
        (0..players).map(|p| Figure::ALL.iter().map(|&f| count(&g, p, f)).collect()).collect();
    let pieces = |g: &Game| {
        (0..players as u8).map(|p| g.tower_pieces(p) as usize).sum::<usize>()
            + g.towers().iter().map(|t| t.height as usize).sum::<usize>()
    };
    let all_pieces = pieces(&g);
    let v = rules.variants.clone();
    let mut rng = rng_from_seed(seed ^ 0x70e5);
    let mut all_events = vec![];
    let mut n = 0usize;
    seen.games += 1;
    while let Some(player) = g.pending().player() {
        let legal = g.legal_actions();
        assert!(!legal.is_empty());
        let pending = g.pending();
        if seed.is_multiple_of(4) {
            for &a in &legal {
                assert_eq!(g.check(a), Ok(()), "seed {seed}: {a:?} listed but refused");
            }
            // Every tower action on every tile, every capture of every figure, every ransom:
            // accepted exactly when listed.
            let mut probes = vec![];
            for t in g.board().tiles() {
                probes.push(Action::BuildTower { pos: t.pos });
                for figure in [Figure::Follower, Figure::BigFollower, Figure::Builder, Figure::Abbot] {
                    probes.push(Action::FinishTower { pos: t.pos, figure });
                }
            }
            for f in g.figures() {
                probes.push(Action::Capture { pos: g.board().placement(f.placement).pos, feature: f.feature });
            }
            for captor in 0..players as u8 {
                for figure in Figure::ALL {
                    probes.push(Action::PayRansom { captor, figure });
                    probes.push(Action::Exchange { figure });
                }
            }
            for a in probes {
                assert_eq!(g.check(a).is_ok(), legal.contains(&a), "seed {seed}: {a:?} at {pending:?}");
            }
        }
        // A refused action changes nothing (every 35th action: the game's whole `Debug` text,
        // written twice, cost most of these games' time).
        if n.is_multiple_of(35) {
            let before = format!("{g:?}");
            let bad = Action::BuildTower { pos: Pos::new(99, 99) };
            assert!(g.apply(bad).is_err(), "{bad:?} at {pending:?}");
            assert_eq!(format!("{g:?}"), before);
        }
        let special: Vec<Action> = legal.iter().copied().filter(is_tower_action).collect();
        let action = if !special.is_empty() && below(&mut rng, 3) > 0 {
            special[below(&mut rng, special.len() as u32) as usize]
        } else {
            legal[below(&mut rng, legal.len() as u32) as usize]
        };
        let towers_before = g.towers().to_vec();
        let scores_before = g.scores();
        let figures_before = g.figures().to_vec();
        record.push(&g, action);
        let events = g.apply(action).unwrap_or_else(|e| panic!("seed {seed}: {action:?}: {e}"));
        n += 1;
        let mut paid = vec![0i64; players];
        for e in &events {
            match *e {
                Event::Scored(s) => s.players.iter().for_each(|p| paid[p as usize] += i64::from(s.points)),
                Event::TokenScored { player, points, .. }
                | Event::GoodsScored { player, points, .. }
                | Event::GoldScored { player, points, .. }
                | Event::WindRoseScored { player, points, .. }
                | Event::WatchtowerScored { player, points, .. }
                // La Porxada's bonus: an incomplete city of its holders scored as completed.
                | Event::PorxadaCityScored { player, points, .. }
                // The Messages: a message done, or its seal.
                | Event::MessageScored { player, points, .. }
                // Under the Big Top: the circus, the pyramids, the ringmaster.
                | Event::CircusScored { player, points, .. }
                | Event::AcrobatsScored { player, points, .. }
                | Event::RingmasterBonus { player, points, .. }
                | Event::FairyBonus { player, points } => paid[player as usize] += i64::from(points),
                // The Vodyanoy's cost at the end.
                Event::VodyanoyPenalty { player, points, .. } => paid[player as usize] -= i64::from(points),
                // A Darmstadt church's bonus to each of the most followers around it.
                Event::ChurchBonus { players, points, .. } => {
                    players.iter().for_each(|p| paid[p as usize] += i64::from(points))
                }
                // Bridges, Castles & Bazaars: a castle's points, a bazaar's price.
                Event::CastleScored { player, points, .. } => paid[player as usize] += i64::from(points),
                Event::CatapultScored { player, points, .. } => paid[player as usize] += i64::from(points),
                Event::BazaarTileBought { player, price, paid_to, .. } => {
                    paid[player as usize] -= i64::from(price);
                    if let Some(to) = paid_to {
                        paid[to as usize] += i64::from(price);
                    }
                }
                // Hills & Sheep: a flock driven to the stable pays every shepherd's owner.
                Event::FlockHerded { players, sheep, .. } => {
                    players.iter().for_each(|p| paid[p as usize] += i64::from(sheep))
                }
                Event::RansomPaid { player: payer, captor, points, .. } => {
                    seen.ransoms += 1;
                    assert_eq!((payer, points), (player, RANSOM));
                    paid[payer as usize] -= i64::from(points);
                    paid[captor as usize] += i64::from(points);
                }
                Event::ShortRansomPaid { player: payer, captor, paid: given, received, .. } => {
                    seen.short_ransoms += 1;
                    assert!(v.short_ransom, "seed {seed}: a short ransom under these rules");
                    assert_eq!((payer, received), (player, RANSOM));
                    assert!(given < RANSOM && scores_before[payer as usize] == given, "seed {seed}: all the payer had");
                    paid[payer as usize] -= i64::from(given);
                    paid[captor as usize] += i64::from(received);
                }
                Event::TowerBuilt { pos, height, .. } => {
                    seen.pieces += 1;
                    let before = towers_before.iter().find(|t| t.pos == pos).expect("a foundation");
                    assert!(!before.finished && height == before.height + 1, "seed {seed}");
                }
                Event::FigureDeployed { pos, feature, .. } if matches!(action, Action::FinishTower { .. }) => {
                    seen.guards += 1;
                    let site = g.towers().iter().find(|t| t.pos == pos).unwrap();
                    assert!(site.finished && site.feature == feature && site.height > 0);
                }
                Event::Captured { player: captor, owner, figure, pos, feature } => {
                    seen.captures += 1;
                    let Pending::Capture { pos: tower, .. } = pending else { panic!("a capture outside its decision") };
                    let height = g.towers().iter().find(|t| t.pos == tower).unwrap().height;
                    let (dx, dy) = ((pos.x - tower.x).abs(), (pos.y - tower.y).abs());
                    assert!((dx == 0 || dy == 0) && dx.max(dy) <= height as i16, "seed {seed}: out of reach");
                    assert!(figure.is_follower() || v.tower_captures_builders_and_pigs, "seed {seed}: {figure:?}");
                    // Several figures may share a feature (the acrobats of a pyramid).
                    let taken = figures_before.iter().find(|f| {
                        f.feature == feature
                            && g.board().placement(f.placement).pos == pos
                            && f.owner == owner
                            && f.figure == figure
                    });
                    assert!(taken.is_some(), "seed {seed}: {e:?}");
                    let on_tower = g.towers().iter().any(|t| t.pos == pos && t.feature == feature);
                    if on_tower {
                        seen.guard_captures += 1;
                        assert!(v.tower_captures_guards, "seed {seed}: a guard taken under these rules");
                    }
                    if owner == captor {
                        seen.own_captures += 1;
                        assert!(v.tower_captures_own_followers, "seed {seed}: one's own taken under these rules");
                    }
                }
                Event::PrisonersExchanged { .. } => seen.exchanges += 1,
                _ => {}
            }
        }
        if matches!(action, Action::Exchange { .. }) {
            seen.exchange_choices += 1;
        }
        for (i, (after, before)) in g.scores().iter().zip(&scores_before).enumerate() {
            assert_eq!(i64::from(*after) - i64::from(*before), paid[i], "seed {seed}: score of seat {i}");
        }
        for (before, after) in towers_before.iter().zip(g.towers()) {
            assert!(after.height >= before.height, "seed {seed}");
            // A finished tower stays finished, unless its guard left under `unguarded-tower-reopens`.
            let guarded = g.figures().iter().any(|f| f.placement == after.placement && f.feature == after.feature);
            if before.finished && !after.finished {
                seen.reopened += 1;
                assert!(v.unguarded_tower_reopens && !guarded, "seed {seed}: {after:?} open again");
            }
            if v.unguarded_tower_reopens {
                assert_eq!(after.finished, guarded, "seed {seed}: {after:?} finished while guarded");
            }
        }
        // No two players hold each other's figures (once an exchange's choice is made).
        if !matches!(g.pending(), Pending::Exchange { .. }) {
            for p in g.prisoners() {
                assert!(p.owner != p.captor, "seed {seed}: one's own figure held");
                let mutual = g.prisoners().iter().any(|q| q.captor == p.owner && q.owner == p.captor);
                assert!(!mutual, "seed {seed}: {:?} and the reverse both held", p);
            }
        }
        for (p, counts) in initial.iter().enumerate() {
            for (&f, &c) in Figure::ALL.iter().zip(counts) {
                assert_eq!(count(&g, p, f), c, "seed {seed}: {f:?} of seat {p} not conserved");
            }
        }
        assert_eq!(pieces(&g), all_pieces, "seed {seed}: tower pieces not conserved");
        let _ = player;
        all_events.extend(events);
    }
    let json = serde_json::to_string(&record).unwrap();
    let replay = Record::from_json(&json).unwrap().replay().unwrap();
    let replayed: Vec<Event> = replay.events.iter().map(|(_, e)| *e).collect();
    assert!(replayed[replayed.len() - all_events.len()..] == all_events[..], "seed {seed}: other events");
    assert_eq!(format!("{:?}", replay.game), format!("{g:?}"), "seed {seed}: the replay ends in another state");
}

/// Issue 20: random games with The Tower alone (every rule set, two to six players) keep the
/// properties of `checked_tower_game` and exercise every rule of the expansion.
#[test]
fn random_games_with_the_tower_keep_the_properties() {
    let mut seen = Seen::default();
    for seed in 0..600u64 {
        let rule_set = RuleSet::ALL[seed as usize % RuleSet::ALL.len()];
        let others: &[Expansion] =
            if seed % 3 == 0 { &[Expansion::TradersBuilders, Expansion::InnsCathedrals] } else { &[] };
        checked_tower_game(tower_rules(rule_set, others), 2 + (seed as usize / 4) % 5, seed, &mut seen);
    }
    eprintln!("{seen:?}");
    assert!(seen.pieces > 5000 && seen.guards > 500 && seen.captures > 1000, "{seen:?}");
    assert!(seen.own_captures > 50 && seen.guard_captures > 50, "{seen:?}");
    assert!(seen.exchanges > 50 && seen.exchange_choices > 0 && seen.ransoms > 50, "{seen:?}");
}

/// Issue 35: random games with the variants `short-ransom` and `unguarded-tower-reopens` (and The
/// Princess & the Dragon, whose dragon eats guards) keep the properties; towers open again and
/// short ransoms are paid.
#[test]
fn random_games_with_short_ransoms_and_reopening_towers_keep_the_properties() {
    let mut seen = Seen::default();
    for seed in 0..160u64 {
        let rule_set = RuleSet::ALL[seed as usize % RuleSet::ALL.len()];
        let others: &[Expansion] = if seed % 2 == 0 { &[Expansion::PrincessDragon] } else { &[] };
        let mut rules = tower_rules(rule_set, others);
        rules.variants.short_ransom = true;
        rules.variants.unguarded_tower_reopens = true;
        checked_tower_game(rules, 2 + seed as usize % 4, 35_000 + seed, &mut seen);
    }
    eprintln!("{seen:?}");
    assert!(seen.short_ransoms > 5 && seen.reopened > 5 && seen.ransoms > 5, "{seen:?}");
}

/// Issue 20: random games with every implemented expansion and The Tower keep the properties.
#[test]
fn random_games_with_every_expansion_and_the_tower_keep_the_properties() {
    let mut seen = Seen::default();
    let all: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|e| *e != Expansion::Winter).collect();
    // 100 games: the every-expansion games grow longer with each expansion added, and 100 still
    // meet every count below twice over.
    for seed in 0..100u64 {
        let mut rules = Rules::with_rule_set(RuleSet::ALL[seed as usize % RuleSet::ALL.len()]);
        rules.expansions = if seed % 4 == 3 { Expansion::ALL.to_vec() } else { all.clone() };
        checked_tower_game(rules, 2 + seed as usize % 5, 20_000 + seed, &mut seen);
    }
    eprintln!("{seen:?}");
    assert!(seen.pieces > 1000 && seen.captures > 200 && seen.ransoms > 5, "{seen:?}");
}

// ----- Pictures -----

/// The board picture draws each tower with its height (battlements once finished) on its
/// foundation, and its guard on top; every tower design has a place for them on the tile.
#[test]
fn the_board_picture_draws_towers_with_their_height_and_guard() {
    use carcassonne_render::{board_svg, feature_anchor, BoardOptions};
    let mut g = game(&["tower:02", "base:B", "base:B", "base:B"]);
    place(&mut g, 0, 1);
    build(&mut g, 0, 1);
    place(&mut g, 1, 1);
    build(&mut g, 0, 1);
    place(&mut g, -1, 1);
    apply(&mut g, Action::FinishTower { pos: Pos::new(0, 1), figure: F });
    let svg = board_svg(&g, &BoardOptions::default());
    assert!(svg.contains(r#"class="piece tower" data-height="2""#), "the tower and its height");
    assert!(svg.contains(">2</text>"), "the height written beside it");
    assert!(svg.contains("figure follower guard"), "the guard on top");
    let catalog = carcassonne_engine::Catalog::builtin();
    for design in catalog.designs().iter().filter(|d| d.features.iter().any(|f| f.kind == FeatureKind::Tower)) {
        let tower = design.features.iter().position(|f| f.kind == FeatureKind::Tower).unwrap();
        for rotation in carcassonne_engine::Rotation::ALL {
            let (x, y) = feature_anchor(design, rotation, tower);
            assert!((0.05..0.95).contains(&x) && (0.05..0.95).contains(&y), "{} {rotation:?}: {x}, {y}", design.id);
        }
    }
}

/// The command line plays, replays and lists The Tower's decisions.
#[test]
fn the_command_line_replays_and_lists_the_towers_decisions() {
    use crate::support::{json_of, ok, temp_path};
    let text = ok(&["simulate", "--games", "4", "--players", "3", "--seed", "7", "--expansions", "tower", "--json"]);
    assert_eq!(text.lines().count(), 4);
    let scenario: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/scenarios/seed001_tower_one_storey_red_takes_blue_on_tile_4.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let mut record = scenario["record"].clone();
    let path = temp_path("tower-record.json");
    std::fs::write(&path, record.to_string()).unwrap();
    let replay = ok(&["replay", path.to_str().unwrap()]);
    assert!(replay.contains("builds the tower at (0,1) to 1 piece(s)"), "{replay}");
    assert!(replay.contains("red's tower takes blue's follower on cloister at (-1,1) prisoner"), "{replay}");
    record["actions"].as_array_mut().unwrap().truncate(10);
    std::fs::write(&path, record.to_string()).unwrap();
    let legal = json_of(&ok(&["legal", path.to_str().unwrap(), "--json"]));
    assert_eq!(legal["pending"]["kind"], "capture");
    assert_eq!(legal["actions"][0]["action"], "capture");
    let _ = std::fs::remove_file(path);
}
