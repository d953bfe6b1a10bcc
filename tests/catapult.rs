//! The Catapult (the Wikicarpedia page "The Catapult (1st edition)" with its FAQ; the Assembled
//! Game Reference's step 4A): after a fair tile's turn, its player chooses a kind of token and
//! every player flicks one; a knock-out sends home the followers it hits, a seduction lets the
//! flicker take the nearest follower's place, the target hurling pays 5 points to the token
//! nearest the fair, a catch pays 5 to the catcher. docs/rules.md, "The Catapult", lists which
//! test checks which rule.
//!
//! Where a token lands is drawn from the game's seed (0 for a deck order), the tiles on the
//! board, the turn and the flick's place in the round, never from the aim: a flick lands at the
//! aim plus an offset the scenario cannot choose. The scenarios find that offset on a copy of the
//! game (`offset`) and pad the board (`scenario`) until it is the one they need.

use carcassonne_engine::{
    Action, CatapultToken, Color, Deck, Event, Expansion, Figure, Game, GameSetup, Pending, Pos, RuleError, Rules,
};

use crate::expansions::{feature, place, random_game_checked, two_player, RecordedGame, F};

fn rules(expansions: &[Expansion]) -> Rules {
    let mut all = vec![Expansion::Catapult];
    all.extend_from_slice(expansions);
    Rules { expansions: all, ..Rules::base() }
}

fn pass(g: &mut Game) -> Vec<Event> {
    g.apply(Action::Pass).unwrap()
}

fn deploy(g: &mut Game, x: i16, y: i16, figure: Figure, name: &str) -> Vec<Event> {
    let action = Action::Deploy { figure, feature: feature(g, Pos::new(x, y), name) };
    g.apply(action).unwrap_or_else(|e| panic!("{action:?}: {e}"))
}

/// The board of every scenario, `pairs` pairs of cloisters first in a column south of the
/// start tile (each pair changes the draws): red's thief on the road at (-1, 0), blue's monk on
/// the cloister at (-1, -1), and red's fair tile (all field) at (-2, -1), just placed with
/// nothing deployed. The round waits for red's choice of token; two tiles are left to draw, so
/// that the game goes on after it.
fn scenario(pairs: usize, expansions: &[Expansion]) -> Game {
    let mut deck = vec!["base:B"; 2 * pairs];
    deck.extend_from_slice(&["base:U", "base:B", "catapult:06", "base:B", "base:B"]);
    let mut g = two_player(rules(expansions), &deck);
    for i in 0..2 * pairs as i16 {
        place(&mut g, 0, 1 + i, 0);
        pass(&mut g);
    }
    place(&mut g, -1, 0, 0);
    deploy(&mut g, -1, 0, F, "road@E");
    place(&mut g, -1, -1, 0);
    deploy(&mut g, -1, -1, F, "cloister");
    place(&mut g, -2, -1, 0);
    assert!(matches!(g.pending(), Pending::Deploy { .. }), "{:?}", g.pending());
    pass(&mut g);
    g
}

/// The flick in `events`: (aim, landed, on a tile).
fn flick(events: &[Event]) -> (Pos, Pos, bool) {
    events
        .iter()
        .find_map(|e| match *e {
            Event::Flicked { aim, landed, on_tile, .. } => Some((aim, landed, on_tile)),
            _ => None,
        })
        .expect("a flick")
}

/// Where the pending flick lands relative to its aim, found on a copy of the game.
fn offset(g: &Game) -> (i16, i16) {
    let mut copy = g.clone();
    let (aim, landed, _) = flick(&copy.apply(Action::Flick { at: Pos::new(0, 0) }).unwrap());
    (landed.x - aim.x, landed.y - aim.y)
}

/// The scenario whose round of `token` has red's flick land `wanted` away from the aim (and,
/// for `then`, blue's the second offset too), with the padding found by trying.
fn scenario_with(token: CatapultToken, wanted: &[(i16, i16)], expansions: &[Expansion]) -> Game {
    for pairs in 0..60 {
        let mut g = scenario(pairs, expansions);
        g.apply(Action::ChooseToken { token }).unwrap();
        if offset(&g) != wanted[0] {
            continue;
        }
        if let Some(&second) = wanted.get(1) {
            let mut copy = g.clone();
            copy.apply(Action::Flick { at: Pos::new(0, 0) }).unwrap();
            if matches!(copy.pending(), Pending::Seduce { .. }) {
                copy.apply(Action::Pass).unwrap();
            }
            if offset(&copy) != second {
                continue;
            }
        }
        return g;
    }
    panic!("no padding gives the offsets {wanted:?}");
}

fn score(g: &Game, p: u8) -> u32 {
    g.player(p).score
}

fn followers_at(g: &Game, pos: Pos) -> Vec<(u8, Figure)> {
    let index = g.board().index_at(pos).unwrap();
    g.figures().iter().filter(|f| f.placement == index).map(|f| (f.owner, f.figure)).collect()
}

/// "When a land tile with a fair is drawn, it should be placed as usual and the player should
/// fully complete his or her turn. The game is then interrupted for a 'catapult round'": the
/// round waits until the tile's features are scored (step 4A), and its player chooses among
/// the four kinds of token.
#[test]
fn the_round_follows_the_fair_tiles_turn_and_its_player_chooses_the_token() {
    // The fair tile 01 (a city cap) closes the start tile's city, with red's knight on it.
    let mut g = two_player(rules(&[]), &["catapult:01"]);
    place(&mut g, 0, -1, 180);
    let events = deploy(&mut g, 0, -1, F, "city@S");
    let scored = events.iter().position(|e| matches!(e, Event::Scored(_))).expect("the city scores");
    assert_eq!(g.pending(), Pending::CatapultToken { player: 0, pos: Pos::new(0, -1) });
    assert!(scored < events.len());
    assert_eq!(score(&g, 0), 4);
    let offered = g.legal_actions();
    let tokens: Vec<_> = CatapultToken::ALL.iter().map(|&token| Action::ChooseToken { token }).collect();
    assert_eq!(offered, tokens);
    // Blue may not choose: it is red's decision.
    assert!(g.apply(Action::Pass).is_err());
}

/// A tile without a fair holds no round.
#[test]
fn no_round_without_a_fair() {
    let mut g = two_player(rules(&[]), &["base:B", "base:B"]);
    place(&mut g, 0, 1, 0);
    pass(&mut g);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }), "{:?}", g.pending());
}

/// Knock out: "every follower the token hits must be taken back at once by its owner", the
/// flicker's own included, without a score; each player flicks once, from the fair's player
/// clockwise; a token off the map does nothing.
#[test]
fn a_knock_out_sends_home_every_follower_on_the_tile_it_lands_on() {
    let mut g = scenario_with(CatapultToken::KnockOut, &[(0, 0)], &[]);
    assert_eq!(g.pending(), Pending::Flick { player: 0, token: CatapultToken::KnockOut });
    let blue_supply = g.player(1).in_supply(F);
    let events = g.apply(Action::Flick { at: Pos::new(-1, -1) }).unwrap();
    assert_eq!(flick(&events), (Pos::new(-1, -1), Pos::new(-1, -1), true));
    assert!(followers_at(&g, Pos::new(-1, -1)).is_empty());
    assert_eq!(g.player(1).in_supply(F), blue_supply + 1);
    assert!(events.iter().any(|e| matches!(e, Event::FigureReturned { player: 1, .. })));
    // Red's thief stays; nobody scored.
    assert_eq!(followers_at(&g, Pos::new(-1, 0)), vec![(0, F)]);
    assert_eq!((score(&g, 0), score(&g, 1)), (0, 0));
    assert_eq!(g.pending(), Pending::Flick { player: 1, token: CatapultToken::KnockOut });

    // The flicker's own follower is hit as well.
    let mut g = scenario_with(CatapultToken::KnockOut, &[(0, 0)], &[]);
    g.apply(Action::Flick { at: Pos::new(-1, 0) }).unwrap();
    assert!(followers_at(&g, Pos::new(-1, 0)).is_empty());
    assert_eq!(followers_at(&g, Pos::new(-1, -1)), vec![(1, F)]);
}

/// A token that comes down where no tile lies is off the map and hits nothing.
#[test]
fn a_token_off_the_map_does_nothing() {
    // Aimed at the fair tile, it lands one place north of it, where no tile lies.
    let mut g = scenario_with(CatapultToken::KnockOut, &[(0, -1)], &[]);
    let before = g.figures().to_vec();
    let events = g.apply(Action::Flick { at: Pos::new(-2, -1) }).unwrap();
    assert_eq!(flick(&events), (Pos::new(-2, -1), Pos::new(-2, -2), false));
    assert_eq!(g.figures(), &before[..]);
}

/// Seduction: "Only the follower closest to the token can be exchanged. It does not matter if
/// the follower is yours or someone else's. The designated follower can be exchanged with one
/// of your followers": red's token comes down on the fair tile, whose nearest follower is
/// blue's monk one tile away (red's thief is a diagonal away); red's follower takes the monk's
/// place and the monk goes home.
#[test]
fn a_seduction_puts_the_flickers_follower_in_the_place_of_the_nearest() {
    let mut g = scenario_with(CatapultToken::Seduction, &[(0, 0)], &[]);
    g.apply(Action::Flick { at: Pos::new(-2, -1) }).unwrap();
    assert_eq!(g.pending(), Pending::Seduce { player: 0, at: Pos::new(-2, -1) });
    let monk = g.figures().iter().position(|f| f.owner == 1).unwrap() as u8;
    assert_eq!(g.legal_actions(), vec![Action::Seduce { figure: monk, with: F }, Action::Pass]);
    // Red's thief is not the nearest: refused, and nothing changed.
    let thief = g.figures().iter().position(|f| f.owner == 0).unwrap() as u8;
    let before = g.clone();
    assert!(matches!(g.apply(Action::Seduce { figure: thief, with: F }), Err(RuleError::NotTheNearestFollower(_))));
    assert_eq!(g.figures(), before.figures());
    let events = g.apply(Action::Seduce { figure: monk, with: F }).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::Seduced { player: 0, owner: 1, .. })));
    assert_eq!(followers_at(&g, Pos::new(-1, -1)), vec![(0, F)]);
    assert_eq!(g.player(1).in_supply(F), 7);
    assert_eq!(g.player(0).in_supply(F), 5);
    assert_eq!(g.pending(), Pending::Flick { player: 1, token: CatapultToken::Seduction });
}

/// Seduction with a big follower in supply (Inns & Cathedrals): either kind may take the place.
/// A seduction may be declined.
#[test]
fn a_seduction_may_use_any_follower_that_may_stand_there_or_none() {
    let mut g = scenario_with(CatapultToken::Seduction, &[(0, 0)], &[Expansion::InnsCathedrals]);
    g.apply(Action::Flick { at: Pos::new(-1, -1) }).unwrap();
    let withs: Vec<Figure> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Seduce { with, .. } => Some(with),
            _ => None,
        })
        .collect();
    assert_eq!(withs, vec![F, Figure::BigFollower]);
    let before = g.figures().to_vec();
    pass(&mut g);
    assert_eq!(g.figures(), &before[..]);
}

/// Seduction where the nearest follower is the flicker's own ("It does not matter if the
/// follower is yours or someone else's. The designated follower can be exchanged with one of
/// your followers", the FAQ): with only normal followers in supply, an exchange would change
/// nothing, so there is no decision; with a big follower in supply (Inns & Cathedrals), red may
/// put it in the place of their thief, who goes back to red's supply.
#[test]
fn a_seduction_nearest_ones_own_follower_changes_only_its_kind() {
    let mut g = scenario_with(CatapultToken::Seduction, &[(0, 0)], &[]);
    let before = g.figures().to_vec();
    g.apply(Action::Flick { at: Pos::new(-1, 0) }).unwrap();
    assert_eq!(g.pending(), Pending::Flick { player: 1, token: CatapultToken::Seduction });
    assert_eq!(g.figures(), &before[..]);

    let mut g = scenario_with(CatapultToken::Seduction, &[(0, 0)], &[Expansion::InnsCathedrals]);
    g.apply(Action::Flick { at: Pos::new(-1, 0) }).unwrap();
    assert!(matches!(g.pending(), Pending::Seduce { player: 0, .. }), "{:?}", g.pending());
    let offered: Vec<Action> = g.legal_actions();
    let thief = g.figures().iter().position(|f| f.owner == 0 && f.figure == F).unwrap() as u8;
    assert_eq!(offered, [Action::Seduce { figure: thief, with: Figure::BigFollower }, Action::Pass]);
    let (followers, big) = (g.player(0).followers, g.player(0).big_followers);
    g.apply(offered[0]).unwrap();
    assert_eq!(followers_at(&g, Pos::new(-1, 0)), [(0, Figure::BigFollower)]);
    assert_eq!((g.player(0).followers, g.player(0).big_followers), (followers + 1, big - 1));
}

/// Target hurling: "Whoever hurls the token closest to that fair tile wins the target practice
/// and immediately scores 5 points ... in the case of a tie, each tied player earns 5 points".
#[test]
fn the_target_pays_the_nearest_token_and_every_tie() {
    // Both tokens land on the fair tile itself: a tie, 5 each.
    let mut g = scenario_with(CatapultToken::Target, &[(0, 0), (0, 0)], &[]);
    g.apply(Action::Flick { at: Pos::new(-2, -1) }).unwrap();
    let events = g.apply(Action::Flick { at: Pos::new(-2, -1) }).unwrap();
    let paid: Vec<u8> = events
        .iter()
        .filter_map(|e| match *e {
            Event::CatapultScored { player, points: 5, token: CatapultToken::Target } => Some(player),
            _ => None,
        })
        .collect();
    assert_eq!(paid, vec![0, 1]);
    assert_eq!((score(&g, 0), score(&g, 1)), (5, 5));
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }), "{:?}", g.pending());

    // Red on the fair tile, blue a tile away: red alone.
    let mut g = scenario_with(CatapultToken::Target, &[(0, 0), (0, 0)], &[]);
    g.apply(Action::Flick { at: Pos::new(-2, -1) }).unwrap();
    g.apply(Action::Flick { at: Pos::new(-1, -1) }).unwrap();
    assert_eq!((score(&g, 0), score(&g, 1)), (5, 0));
}

/// Target hurling: a token off the map does not count, even where it is nearer.
#[test]
fn the_target_ignores_tokens_off_the_map() {
    let mut g = scenario_with(CatapultToken::Target, &[(0, -1), (0, 0)], &[]);
    // Red aims at the fair tile and comes down north of it, off the map; blue lands on (0, 0).
    let events = g.apply(Action::Flick { at: Pos::new(-2, -1) }).unwrap();
    assert!(!flick(&events).2);
    g.apply(Action::Flick { at: Pos::new(0, 0) }).unwrap();
    assert_eq!((score(&g, 0), score(&g, 1)), (0, 5));
}

/// Catch: each player flicks to the player on their left, who catches it or not; a catch pays
/// the catcher 5 points. The round needs no more decisions.
#[test]
fn a_catch_pays_the_catcher() {
    for pairs in 0..6 {
        let mut g = scenario(pairs, &[]);
        let events = g.apply(Action::ChooseToken { token: CatapultToken::Catch }).unwrap();
        let throws: Vec<(u8, u8, bool)> = events
            .iter()
            .filter_map(|e| match *e {
                Event::CatchThrown { player, catcher, caught } => Some((player, catcher, caught)),
                _ => None,
            })
            .collect();
        assert_eq!(throws.iter().map(|t| (t.0, t.1)).collect::<Vec<_>>(), vec![(0, 1), (1, 0)]);
        for p in 0..2u8 {
            let caught = throws.iter().any(|&(_, catcher, c)| catcher == p && c);
            assert_eq!(score(&g, p), if caught { 5 } else { 0 }, "padding {pairs}");
        }
        assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }), "{:?}", g.pending());
    }
}

/// Aims: any tile on the board, none elsewhere; a wrong aim is refused with the state unchanged.
#[test]
fn a_token_is_aimed_at_a_tile_on_the_board() {
    let mut g = scenario(0, &[]);
    g.apply(Action::ChooseToken { token: CatapultToken::KnockOut }).unwrap();
    let aims = g.legal_actions();
    assert_eq!(aims.len(), g.board().len());
    assert!(aims.iter().all(|a| matches!(a, Action::Flick { at } if g.board().get(*at).is_some())));
    let before = format!("{:?}", g.pending());
    assert!(matches!(g.apply(Action::Flick { at: Pos::new(9, 9) }), Err(RuleError::NoTileToAimAt(_))));
    assert_eq!(format!("{:?}", g.pending()), before);
}

/// Where tokens land: on the aim about half the time, and on each of the eight places around it
/// otherwise; a game sampled for a bot draws otherwise than the real one.
#[test]
fn landings_are_seeded_spread_and_hidden_from_bots() {
    let mut on_aim = 0;
    let mut around = std::collections::BTreeSet::new();
    let mut sampled_differ = 0;
    let total = 60;
    for seed in 0..total {
        let setup = GameSetup { rules: rules(&[]), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(seed) };
        let mut g = Game::new(setup).unwrap();
        // Play to the first flick with the first legal action each time.
        let mut rng = carcassonne_engine::random::rng_from_seed(seed);
        while !g.is_over() && !matches!(g.pending(), Pending::Flick { .. }) {
            let a = match g.pending() {
                Pending::CatapultToken { .. } => Action::ChooseToken { token: CatapultToken::KnockOut },
                _ => g.legal_actions()[0],
            };
            g.apply(a).unwrap();
        }
        if g.is_over() {
            continue;
        }
        let d = offset(&g);
        if d == (0, 0) {
            on_aim += 1;
        } else {
            around.insert(d);
        }
        let observation = g.observation(g.pending().player());
        let sampled = observation.sample_game(&mut rng);
        if offset(&sampled) != d {
            sampled_differ += 1;
        }
    }
    assert!(on_aim * 4 > total && on_aim * 4 < 3 * total, "{on_aim} of {total} on the aim");
    assert!(around.len() >= 6, "{around:?}");
    assert!(sampled_differ > 0);
}

/// Records name the choice, the flicks and the seduction, and replay them.
#[test]
fn records_name_the_round() {
    let deck = ["base:U", "base:B", "catapult:06"];
    let mut r = RecordedGame::new(rules(&[]), &deck);
    r.play(Action::Place { pos: Pos::new(-1, 0), rotation: carcassonne_engine::Rotation::R0 });
    let thief = feature(&r.game, Pos::new(-1, 0), "road@E");
    r.play(Action::Deploy { figure: F, feature: thief });
    r.play(Action::Place { pos: Pos::new(-1, -1), rotation: carcassonne_engine::Rotation::R0 });
    let cloister = feature(&r.game, Pos::new(-1, -1), "cloister");
    r.play(Action::Deploy { figure: F, feature: cloister });
    r.play(Action::Place { pos: Pos::new(-2, -1), rotation: carcassonne_engine::Rotation::R0 });
    r.play(Action::Pass);
    r.play(Action::ChooseToken { token: CatapultToken::Seduction });
    r.play(Action::Flick { at: Pos::new(-2, -1) });
    while let Pending::Seduce { .. } | Pending::Flick { .. } = r.game.pending() {
        let a = r.game.legal_actions()[0];
        r.play(a);
    }
    let text = serde_json::to_string(&r.record).unwrap();
    assert!(text.contains(r#""token":"seduction""#), "{text}");
    assert!(text.contains(r#""action":"flick""#), "{text}");
    let replayed = r.record.replay().unwrap().game;
    assert_eq!(replayed.figures(), r.game.figures());
    assert_eq!(replayed.pending(), r.game.pending());
}

/// Random games with The Catapult alone and with every other expansion: figures conserved,
/// every score an event, records replay, legal == check (`random_game_checked`).
#[test]
fn random_games_with_the_catapult_keep_the_properties() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let configs = [(rules(&[]), 2), (rules(&[]), 5), (Rules { expansions: every, ..Rules::base() }, 3)];
    let mut rounds = 0;
    for (i, (rules, players)) in configs.into_iter().enumerate() {
        for s in 0..2u64 {
            let g = random_game_checked(rules.clone(), players, 900 + i as u64 * 10 + s);
            assert!(g.is_over());
            rounds += 1;
        }
    }
    assert_eq!(rounds, 6);
}

/// Every bot plays the expansion: games finish from the bots' choices alone.
#[test]
fn every_bot_plays_the_catapult() {
    crate::expansions::every_bot_plays(&rules(&[Expansion::InnsCathedrals]), 160);
}

/// The twelve tiles, one of each, every one with a fair; the fair ends the roads that run into
/// it (the FAQ of 10/2013: "The fair is a 'feature', so the wagon cannot pass through it").
#[test]
fn the_catapult_brings_twelve_fair_tiles() {
    let setup = GameSetup { rules: rules(&[]), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(1) };
    let g = Game::new(setup).unwrap();
    assert_eq!(crate::expansions::tiles_in_pile(&g, "catapult"), 12);
    let catalog = carcassonne_engine::Catalog::builtin();
    let fairs = catalog
        .designs()
        .iter()
        .filter(|d| d.id.starts_with("catapult:") && d.bridge.is_none())
        .inspect(|d| assert!(d.symbols.contains(&carcassonne_engine::catalog::Symbol::Fair), "{}", d.id))
        .count();
    assert_eq!(fairs, 12);
    // Design 08: two roads, north and south, each ending at the fair.
    let mut g = two_player(rules(&[]), &["catapult:08"]);
    place(&mut g, 1, 0, 90);
    assert_ne!(feature(&g, Pos::new(1, 0), "road@E"), feature(&g, Pos::new(1, 0), "road@W"));
}

/// Bots weigh a flick by its landings: a landing can be arranged on a copy of the game, only
/// among the nine places (`CATAPULT_LANDINGS`, the aim at 8 in 16, each place around it at 1).
#[test]
fn a_landing_can_be_arranged_for_bots_among_the_nine_places() {
    assert_eq!(carcassonne_engine::CATAPULT_LANDINGS.iter().map(|l| l.1).sum::<u32>(), 16);
    let mut g = scenario(0, &[]);
    g.apply(Action::ChooseToken { token: CatapultToken::KnockOut }).unwrap();
    assert!(g.arrange_landing((2, 0)).is_err());
    g.arrange_landing((1, 0)).unwrap();
    let events = g.apply(Action::Flick { at: Pos::new(-2, -1) }).unwrap();
    assert_eq!(flick(&events), (Pos::new(-2, -1), Pos::new(-1, -1), true));
    assert!(followers_at(&g, Pos::new(-1, -1)).is_empty());
    let mut base = two_player(Rules::base(), &["base:B"]);
    assert!(base.arrange_landing((0, 0)).is_err());
}

/// Followers caught in a trap stay there "until the end of the game" (the Vodyanoy): a
/// knock-out landing on the lake leaves them (our reading).
#[test]
fn a_knock_out_leaves_the_followers_caught_in_a_trap() {
    let deck = ["base:E", "base:U", "base:U", "vodyanoy:vodyanoy", "catapult:06", "base:B"];
    let mut g = two_player(rules(&[Expansion::Vodyanoy]), &deck);
    crate::expansions::turn(&mut g, 0, -1, 180, Some((F, "city@S")));
    crate::expansions::turn(&mut g, 1, 0, 0, Some((F, "road@E")));
    crate::expansions::turn(&mut g, -1, 0, 0, Some((F, "field@NNW")));
    place(&mut g, 0, 1, 0);
    pass(&mut g);
    let lake = Pos::new(0, 1);
    assert_eq!(followers_at(&g, lake).len(), 2);
    // Red's fair tile, anywhere it fits away from the lake's neighbours.
    let spot = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Place { pos, .. } if (pos.x - lake.x).abs() > 1 || (pos.y - lake.y).abs() > 1))
        .expect("a place for the fair tile");
    g.apply(spot).unwrap();
    pass(&mut g);
    g.apply(Action::ChooseToken { token: CatapultToken::KnockOut }).unwrap();
    g.arrange_landing((0, 0)).unwrap();
    g.apply(Action::Flick { at: lake }).unwrap();
    assert_eq!(followers_at(&g, lake).len(), 2);
}

/// The round of the scenarios in the city of Carcassonne (The Count with The Catapult): blue's
/// follower waits in the castle quarter (blue closed red's road north of the city and deployed
/// there; the count stays in the castle), red's fair tile lies west of the city, and red's
/// round of `token` waits for red's flick, arranged to land where it is aimed. With `farmer`,
/// red put a farmer on the fair tile. Returns the game and blue's followers in supply.
fn city_round(token: CatapultToken, farmer: bool) -> (Game, u8) {
    use carcassonne_engine::Quarter;
    let rules = Rules { expansions: vec![Expansion::Count, Expansion::Catapult], ..Rules::base() };
    let mut g = crate::princess_dragon::game_with(rules, 2, &["base:U", "base:A", "catapult:06", "base:B"]);
    crate::count::blue_closes_reds_road(&mut g);
    g.apply(Action::DeployToQuarter { figure: F, quarter: Quarter::Castle }).unwrap();
    g.apply(Action::Pass).unwrap(); // the count stays in the castle
    let supply = g.player(1).followers;
    let spot = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Place { pos, .. } if pos.x < -2))
        .expect("a place for the fair tile west of the city");
    g.apply(spot).unwrap();
    let deploy = g.legal_actions().into_iter().find(|a| matches!(a, Action::Deploy { .. }));
    g.apply(if farmer { deploy.expect("a field to deploy on") } else { Action::Pass }).unwrap();
    g.apply(Action::ChooseToken { token }).unwrap();
    g.arrange_landing((0, 0)).unwrap();
    (g, supply)
}

/// The FAQ of 10/2012 (Wikicarpedia, Knock out): "followers within ... the City of Carcassonne
/// ... can be hit and removed. The special characters such as the count ... stay in their
/// area": a knock-out coming down on any of the city's twelve tiles sends home every figure
/// waiting in its quarters; the count stays where it is. Off the city, they stay.
#[test]
fn a_knock_out_on_the_city_of_carcassonne_hits_the_followers_in_its_quarters() {
    use carcassonne_engine::Quarter;
    // Tile 01 of the city, at its north-west corner, far from the castle quarter's marker.
    let (mut g, supply) = city_round(CatapultToken::KnockOut, false);
    let events = g.apply(Action::Flick { at: Pos::new(-2, -1) }).unwrap();
    let knocked = Event::KnockedOutOfQuarter { owner: 1, figure: F, quarter: Quarter::Castle };
    assert!(events.contains(&knocked), "{events:?}");
    assert!(g.residents().is_empty());
    assert_eq!(g.player(1).followers, supply + 1);
    assert_eq!(g.count_quarter(), Some(Quarter::Castle), "the count stays in its quarter");
    // The cloister north of the city is no tile of it: the quarters keep their followers.
    let (mut g, _) = city_round(CatapultToken::KnockOut, false);
    let events = g.apply(Action::Flick { at: Pos::new(1, -3) }).unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::KnockedOutOfQuarter { .. })), "{events:?}");
    assert_eq!(g.residents().len(), 1);
}

/// The FAQ of 10/2012 (Wikicarpedia, the seduction's footnote): "followers on the tiles
/// corresponding to ... the City of Carcassonne ... can be selected and swapped. The special
/// characters such as The Count ... stay in their area": when the city is the nearest place
/// holding followers, the figures in its quarters are the seduction's candidates; the
/// flicker's follower waits in the quarter in their place. The record names the quarter.
#[test]
fn a_seduction_nearest_the_city_of_carcassonne_swaps_a_follower_in_its_quarters() {
    use carcassonne_engine::record::{decode_action, encode_action};
    use carcassonne_engine::Quarter;
    let (mut g, supply) = city_round(CatapultToken::Seduction, false);
    g.apply(Action::Flick { at: Pos::new(-2, -1) }).unwrap();
    assert!(matches!(g.pending(), Pending::Seduce { player: 0, .. }), "{:?}", g.pending());
    let seduction = Action::SeduceInQuarter { owner: 1, figure: F, quarter: Quarter::Castle, with: F };
    assert_eq!(g.legal_actions(), [seduction, Action::Pass]);
    // Another quarter, or a figure not there, is refused and changes nothing.
    let wrong = Action::SeduceInQuarter { owner: 1, figure: F, quarter: Quarter::Market, with: F };
    assert_eq!(g.check(wrong), Err(RuleError::NotTheNearestInQuarter));
    assert!(g.apply(wrong).is_err());
    assert_eq!(g.residents().len(), 1);
    // The record's action, and back.
    let recorded = encode_action(&g, seduction);
    let text = serde_json::to_string(&recorded).unwrap();
    assert!(text.contains(r#""action":"seduce-quarter""#) && text.contains(r#""quarter":"castle""#), "{text}");
    assert_eq!(decode_action(&g, &recorded), Ok(seduction));
    let red = g.player(0).followers;
    let events = g.apply(seduction).unwrap();
    let swapped = Event::SeducedInQuarter { player: 0, figure: F, owner: 1, replaced: F, quarter: Quarter::Castle };
    assert!(events.contains(&swapped), "{events:?}");
    let residents: Vec<_> = g.residents().iter().map(|r| (r.owner, r.figure, r.quarter)).collect();
    assert_eq!(residents, [(0, F, Quarter::Castle)]);
    assert_eq!((g.player(0).followers, g.player(1).followers), (red - 1, supply + 1));
    assert_eq!(g.count_quarter(), Some(Quarter::Castle), "the count stays in its quarter");
    // On red's fair tile beside the city, red's own farmer there is nearer than the city: it
    // is the nearest follower, red's own, so nothing happens and blue's follower stays.
    let (mut g, _) = city_round(CatapultToken::Seduction, true);
    let fair = g.board().tiles().last().unwrap().pos;
    g.apply(Action::Flick { at: fair }).unwrap();
    assert!(!matches!(g.pending(), Pending::Seduce { .. }), "{:?}", g.pending());
    assert_eq!(g.residents().len(), 1);
    // Without the farmer, the city beside the fair tile is the nearest place with followers.
    let (mut g, _) = city_round(CatapultToken::Seduction, false);
    g.apply(Action::Flick { at: fair }).unwrap();
    assert!(matches!(g.pending(), Pending::Seduce { player: 0, .. }), "{:?}", g.pending());
}
