//! The Festival (the Wikicarpedia page "The Festival" and its footnotes, Hans im Glück's
//! rulings; the Assembled Game Reference's step 2B-1): after placing a tile with the festival
//! symbol a player may, instead of deploying, take one of their own figures back from anywhere in
//! the playing area, without a score. docs/rules.md, "The Festival", lists which test checks
//! which rule.

use carcassonne_engine::random::{below, rng_from_seed};
use carcassonne_engine::{
    Action, Color, Deck, Event, Expansion, Figure, FigureSpot, Game, GameSetup, Pending, Pos, RuleError, Rules,
    Variants,
};

use crate::expansions::{bot_game, feature, paid, random_game_checked, turn, two_player, F};

fn rules(expansions: &[Expansion], followers_only: bool) -> Rules {
    let mut all = vec![Expansion::Festival];
    all.extend_from_slice(expansions);
    Rules { expansions: all, variants: Variants { festival_followers_only: followers_only, ..Variants::default() } }
}

/// The returns the pending decision offers, as (figure, spot).
/// The festival's returns offered now (not the freeing of a trapped follower, The Vodyanoy's and
/// Solovei Razboynik's, which is a return from a trap).
fn returns(g: &Game) -> Vec<(Figure, FigureSpot)> {
    g.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::ReturnFigure { figure, spot } if !in_trap(g, spot) => Some((figure, spot)),
            _ => None,
        })
        .collect()
}

/// Whether `spot` is a trap (The Vodyanoy, Solovei Razboynik), whose captives the festival
/// leaves to the trap's own rule.
fn in_trap(g: &Game, spot: FigureSpot) -> bool {
    match spot {
        FigureSpot::Feature { pos, feature } => {
            g.board().get(pos).is_some_and(|t| g.design(t.tile).trap == Some(feature))
        }
        _ => false,
    }
}

fn on(g: &Game, x: i16, y: i16, name: &str) -> FigureSpot {
    let pos = Pos::new(x, y);
    FigureSpot::Feature { pos, feature: feature(g, pos, name) }
}

fn place(g: &mut Game, x: i16, y: i16) {
    g.apply(Action::Place { pos: Pos::new(x, y), rotation: carcassonne_engine::Rotation::R0 }).unwrap();
}

/// "Return one of your own figures being already on the tiles of the playing area to your
/// supply", instead of deploying on the festival tile (which is still offered, as is doing
/// neither): one return per figure of the player's, none of another player's ("A player cannot
/// return a meeple from another player"). The figure comes back without a score.
#[test]
fn a_festival_tile_offers_each_own_figure_back_instead_of_a_deployment() {
    let mut g = two_player(rules(&[], false), &["base:U", "base:B", "festival:10", "base:B"]);
    turn(&mut g, 1, 0, 0, Some((F, "road@E"))); // red's thief
    turn(&mut g, 0, 1, 0, Some((F, "cloister"))); // blue's monk
    place(&mut g, 2, 0); // red: the festival tile, roads N-W and S-E
    let thief = on(&g, 1, 0, "road@E");
    assert_eq!(returns(&g), vec![(F, thief)]);
    let actions = g.legal_actions();
    assert!(actions.contains(&Action::Pass), "doing neither is allowed");
    assert!(actions.iter().any(|a| matches!(a, Action::Deploy { .. })), "a deployment on the tile is still offered");
    let supply = g.player(0).followers;
    let events = g.apply(Action::ReturnFigure { figure: F, spot: thief }).unwrap();
    assert!(events.contains(&Event::FestivalReturned { player: 0, figure: F, spot: thief }));
    assert!(paid(&g, &events).is_empty(), "no score for the figure taken back");
    assert_eq!(g.player(0).followers, supply + 1);
    assert!(g.figures().iter().all(|f| f.owner != 0), "red has no figure on the board");
    assert!(g.figures().iter().any(|f| f.owner == 1), "blue's monk stays");
    // The return was the figure phase's one action: the turn goes on to blue.
    assert_eq!(g.pending().player(), Some(1));
}

/// Only a tile with the festival symbol offers the return; a return asked for after another
/// tile, of another player's figure or of a figure that is not there is refused in words and
/// changes nothing.
#[test]
fn returns_without_a_festival_or_of_figures_not_ones_own_are_refused() {
    let mut g = two_player(rules(&[], false), &["base:U", "base:B", "base:U", "festival:10"]);
    turn(&mut g, 1, 0, 0, Some((F, "road@E"))); // red's thief
    turn(&mut g, 0, 1, 0, Some((F, "cloister"))); // blue's monk
    place(&mut g, -1, 0); // red: a tile without the symbol
    assert!(returns(&g).is_empty());
    let thief = on(&g, 1, 0, "road@E");
    let state = format!("{g:?}");
    assert_eq!(g.apply(Action::ReturnFigure { figure: F, spot: thief }), Err(RuleError::NoFestival));
    assert_eq!(format!("{g:?}"), state);
    g.apply(Action::Pass).unwrap();
    place(&mut g, 2, 0); // blue: the festival tile
    assert_eq!(returns(&g), vec![(F, on(&g, 0, 1, "cloister"))]);
    let state = format!("{g:?}");
    let refused = g.apply(Action::ReturnFigure { figure: F, spot: thief }).unwrap_err();
    assert_eq!(refused, RuleError::NoOwnFigureThere("follower"));
    assert_eq!(refused.to_string(), "you have no follower there to take back (The Festival)");
    let not_there = FigureSpot::Quarter(carcassonne_engine::Quarter::Market);
    assert_eq!(
        g.apply(Action::ReturnFigure { figure: F, spot: not_there }),
        Err(RuleError::NoOwnFigureThere("follower"))
    );
    assert_eq!(format!("{g:?}"), state);
}

/// "No scoring would be applicable to any meeple or special figure, including the abbot": the
/// abbot comes back without its cloister's points (its own recall would score them).
#[test]
fn the_abbot_comes_back_without_a_score() {
    let mut g = two_player(rules(&[Expansion::Abbot], false), &["base:B", "base:U", "festival:10", "base:B"]);
    turn(&mut g, 0, 1, 0, Some((Figure::Abbot, "cloister"))); // red's abbot
    turn(&mut g, 1, 0, 0, None); // blue
    place(&mut g, 2, 0); // red: the festival tile
    let abbot = on(&g, 0, 1, "cloister");
    assert!(returns(&g).contains(&(Figure::Abbot, abbot)));
    let events = g.apply(Action::ReturnFigure { figure: Figure::Abbot, spot: abbot }).unwrap();
    assert!(paid(&g, &events).is_empty() && !events.iter().any(|e| matches!(e, Event::Scored(_))));
    assert_eq!(g.player(0).abbots, 1);
    assert!(g.figures().is_empty());
}

/// "All of your own figures are meant here, including ... builder, pig": the builder may come
/// back alone; a builder whose owner's last thief the festival takes back goes home with it (as
/// after any departure). Under the Rio Grande and CundCo wording ("followers") the builder is not
/// offered and a return of it is refused.
#[test]
fn builders_come_back_too_unless_only_followers_may() {
    let deck = ["base:U", "base:B", "base:U", "base:B", "festival:10"];
    let setup = |followers_only: bool| {
        let mut g = two_player(rules(&[Expansion::TradersBuilders], followers_only), &deck);
        turn(&mut g, 1, 0, 0, Some((F, "road@E"))); // red's thief
        turn(&mut g, 0, 1, 0, None); // blue
        turn(&mut g, 2, 0, 0, Some((Figure::Builder, "road@E"))); // red's builder on the same road
        turn(&mut g, 1, 1, 0, None); // blue
        place(&mut g, 3, 0); // red: the festival tile extends the road
        g
    };
    let mut g = setup(false);
    let thief = on(&g, 1, 0, "road@E");
    let builder = on(&g, 2, 0, "road@E");
    assert_eq!(returns(&g), vec![(F, thief), (Figure::Builder, builder)]);
    let events = g.apply(Action::ReturnFigure { figure: F, spot: thief }).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::FigureReturned { figure: Figure::Builder, .. })));
    assert!(g.figures().iter().all(|f| f.owner != 0));
    assert_eq!((g.player(0).followers, g.player(0).builders), (7, 1));

    let mut g = setup(true);
    assert_eq!(returns(&g), vec![(F, thief)]);
    let state = format!("{g:?}");
    let refused = g.apply(Action::ReturnFigure { figure: Figure::Builder, spot: builder });
    assert_eq!(refused, Err(RuleError::FestivalFollowersOnly("builder")));
    assert_eq!(format!("{g:?}"), state);
}

/// Plays random legal actions from deck seeds `seeds` until `found` holds in a figure phase
/// after a festival tile, and returns that game.
fn find(rules: &Rules, players: usize, seeds: std::ops::Range<u64>, found: impl Fn(&Game) -> bool) -> Option<Game> {
    let colors = &[Color::Red, Color::Blue, Color::Green, Color::Yellow][..players];
    for seed in seeds {
        let setup = GameSetup { rules: rules.clone(), players: colors.to_vec(), deck: Deck::Seed(seed) };
        let mut g = Game::new(setup).unwrap();
        let mut rng = rng_from_seed(seed);
        while !g.is_over() {
            if matches!(g.pending(), Pending::Deploy { .. }) && found(&g) {
                return Some(g);
            }
            let actions = g.legal_actions();
            // Deploy often, return seldom, so that figures gather on the board and in the quarters.
            let deploys: Vec<Action> =
                actions.iter().copied().filter(|a| !matches!(a, Action::ReturnFigure { .. } | Action::Pass)).collect();
            let pool = if deploys.is_empty() { &actions } else { &deploys };
            g.apply(pool[below(&mut rng, pool.len() as u32) as usize]).unwrap();
        }
    }
    None
}

/// "By specifying 'entire playing area', this allows removal of followers from the City of
/// Carcassonne (even if the Count is in the same space)": a figure waiting in a quarter is
/// offered and comes back to the supply.
#[test]
fn a_figure_in_a_quarter_of_carcassonne_comes_back() {
    let r = rules(&[Expansion::Count], false);
    let mut g = find(&r, 3, 1..400, |g| returns(g).iter().any(|(_, s)| matches!(s, FigureSpot::Quarter(_))))
        .expect("a festival tile placed by a player with a figure in Carcassonne");
    let player = g.pending().player().unwrap();
    let (figure, spot) = *returns(&g).iter().find(|(_, s)| matches!(s, FigureSpot::Quarter(_))).unwrap();
    let FigureSpot::Quarter(quarter) = spot else { unreachable!() };
    let waiting = |g: &Game| g.residents().iter().filter(|r| r.owner == player && r.quarter == quarter).count();
    let before = (waiting(&g), g.player(player).in_supply(figure));
    g.apply(Action::ReturnFigure { figure, spot }).unwrap();
    assert_eq!((waiting(&g), g.player(player).in_supply(figure)), (before.0 - 1, before.1 + 1));
}

/// "... wagon, mayor, builder, pig, and barn": a barn comes back from its corner, and its farm
/// no longer has one; under "followers" only, no barn is offered.
#[test]
fn a_barn_comes_back_from_its_corner() {
    let r = rules(&[Expansion::AbbeyMayor], false);
    let mut g = find(&r, 2, 1..400, |g| returns(g).iter().any(|(f, _)| *f == Figure::Barn))
        .expect("a festival tile placed by a player with a barn");
    let player = g.pending().player().unwrap();
    let (_, spot) = *returns(&g).iter().find(|(f, _)| *f == Figure::Barn).unwrap();
    let FigureSpot::Corner { pos, corner } = spot else { panic!("a barn stands on a corner: {spot:?}") };
    g.apply(Action::ReturnFigure { figure: Figure::Barn, spot }).unwrap();
    assert!(!g.barns().iter().any(|b| b.pos == pos && b.corner == corner));
    assert_eq!(g.player(player).barns, 1);

    let only = rules(&[Expansion::AbbeyMayor], true);
    let none = find(&only, 2, 1..60, |g| returns(g).iter().any(|(f, _)| !f.is_follower()));
    assert!(none.is_none(), "followers only: no builder, pig or barn offered");
}

/// A figure held prisoner by a tower is no figure on the board ("Captured meeples ... cannot be
/// returned"), and the dragon and the fairy are nobody's: every return offered names the
/// player's own figure, in random games with every expansion.
#[test]
fn every_return_offered_is_of_the_players_own_figure_on_the_board() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let r = Rules { expansions: every, ..rules(&[], false) };
    let mut seen = 0;
    for seed in 0..6 {
        let found = find(&r, 3, seed..seed + 1, |g| !returns(g).is_empty());
        let Some(g) = found else { continue };
        let player = g.pending().player().unwrap();
        for (figure, spot) in returns(&g) {
            seen += 1;
            let own = match spot {
                FigureSpot::Feature { pos, feature } => g.figures().iter().any(|f| {
                    f.owner == player
                        && f.figure == figure
                        && f.feature == feature
                        && g.board().placement(f.placement).pos == pos
                }),
                FigureSpot::Quarter(q) => g.residents().iter().any(|r| r.owner == player && r.quarter == q),
                FigureSpot::Corner { pos, corner } => {
                    g.barns().iter().any(|b| b.owner == player && b.pos == pos && b.corner == corner)
                }
            };
            assert!(own, "{figure:?} at {spot:?} is not the player's");
        }
        // And every figure of the player's is offered once (like figures on one segment or in
        // one quarter are one choice); figures held prisoner are on no tile, so not among them.
        let mut places = std::collections::BTreeSet::new();
        for f in g.figures().iter().filter(|f| f.owner == player) {
            let pos = g.board().placement(f.placement).pos;
            if !in_trap(&g, FigureSpot::Feature { pos, feature: f.feature }) {
                places.insert(format!("{:?} {} {}", f.figure, f.placement, f.feature));
            }
        }
        for r in g.residents().iter().filter(|r| r.owner == player) {
            places.insert(format!("{:?} {:?}", r.figure, r.quarter));
        }
        let barns = g.barns().iter().filter(|b| b.owner == player).count();
        assert_eq!(returns(&g).len(), places.len() + barns, "seed {seed}: one return per figure");
    }
    assert!(seen > 0, "no festival return was offered in six games");
}

/// "If the Festival is used to remove a follower, the Fairy cannot be moved, as an action was
/// still taken": the return and the fairy's move are alternatives of one figure phase, and
/// after the return the turn goes on without a move of the fairy.
#[test]
fn after_a_return_the_fairy_does_not_move() {
    let r = rules(&[Expansion::PrincessDragon], false);
    let both = |g: &Game| {
        let actions = g.legal_actions();
        actions.iter().any(|a| matches!(a, Action::MoveFairy { .. }))
            && actions.iter().any(|a| matches!(a, Action::ReturnFigure { .. }))
    };
    let mut g = find(&r, 2, 1..400, both).expect("a festival tile placed by a player who may also move the fairy");
    let player = g.pending().player().unwrap();
    let fairy = g.fairy().map(|(pos, _)| pos);
    let (figure, spot) = returns(&g)[0];
    g.apply(Action::ReturnFigure { figure, spot }).unwrap();
    // It stays on its tile (beside no follower, should it have stood beside the one taken back).
    assert_eq!(g.fairy().map(|(pos, _)| pos), fairy, "the fairy stays where it was");
    let fairy_move = g.legal_actions().iter().any(|a| matches!(a, Action::MoveFairy { .. }));
    assert!(!(g.pending().player() == Some(player) && fairy_move), "no move of the fairy after the return");
}

/// The record names a return as `festival` with the figure and where it stood; a return that
/// names no place, or a place two ways, is refused in words.
#[test]
fn records_name_returns_and_refuse_incomplete_ones() {
    let mut g = two_player(rules(&[], false), &["base:U", "base:B", "festival:10"]);
    turn(&mut g, 1, 0, 0, Some((F, "road@E")));
    turn(&mut g, 0, 1, 0, None);
    place(&mut g, 2, 0);
    let action = Action::ReturnFigure { figure: F, spot: on(&g, 1, 0, "road@E") };
    let named = carcassonne_engine::record::encode_action(&g, action);
    let json = serde_json::to_value(&named).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"action": "festival", "player": "red", "figure": "follower", "x": 1, "y": 0, "feature": "road@E"})
    );
    assert_eq!(carcassonne_engine::record::decode_action(&g, &named), Ok(action));
    for bad in [
        serde_json::json!({"action": "festival", "figure": "follower"}),
        serde_json::json!({"action": "festival", "figure": "follower", "x": 1, "y": 0, "feature": "road@E", "quarter": "market"}),
    ] {
        let bad: carcassonne_engine::RecordAction = serde_json::from_value(bad).unwrap();
        let e = carcassonne_engine::record::decode_action(&g, &bad).unwrap_err();
        assert!(e.contains("a festival return names x, y and a feature"), "{e}");
    }
    let quarter: carcassonne_engine::RecordAction =
        serde_json::from_value(serde_json::json!({"action": "festival", "figure": "follower", "quarter": "market"}))
            .unwrap();
    assert_eq!(
        carcassonne_engine::record::decode_action(&g, &quarter),
        Ok(Action::ReturnFigure { figure: F, spot: FigureSpot::Quarter(carcassonne_engine::Quarter::Market) })
    );
}

/// Random games with The Festival alone, under its variant, and with every other expansion:
/// figures conserved, every score an event, records replay, legal == check
/// (`random_game_checked`); ten festival tiles in the pile.
#[test]
fn random_games_with_the_festival_keep_the_properties() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let configs = [
        (rules(&[], false), 2),
        (rules(&[], true), 3),
        (Rules { expansions: every.clone(), ..rules(&[], false) }, 2),
        (Rules { expansions: every, ..rules(&[], true) }, 4),
    ];
    for (i, (rules, players)) in configs.into_iter().enumerate() {
        for s in 0..3u64 {
            let g = random_game_checked(rules.clone(), players, 70 + i as u64 * 10 + s);
            let festivals = g
                .board()
                .tiles()
                .iter()
                .filter(|t| g.design(t.tile).symbols.contains(&carcassonne_engine::catalog::Symbol::Festival))
                .count();
            assert!((8..=10).contains(&festivals), "{festivals} festival tiles placed");
        }
    }
}

/// Every bot plays the expansion: games finish from the bots' choices alone.
#[test]
fn every_bot_plays_the_festival() {
    for name in ["random", "greedy", "mcts:iters=30"] {
        for seed in 0..2u64 {
            let setup = GameSetup {
                rules: rules(&[Expansion::TradersBuilders], seed == 1),
                players: vec![Color::Red, Color::Blue],
                deck: Deck::Seed(80 + seed),
            };
            bot_game(name, setup);
        }
    }
}
