//! Under the Big Top (the Wikicarpedia page "Under the Big Top", papageek's rules summary; the
//! Assembled Game Reference's steps 1C, 2B-1, 3B, 3C and the final scoring): the big top and its
//! animal tokens, the acrobat pyramids and the ringmaster. docs/rules.md, "Under the Big Top",
//! lists which test checks which rule.

use carcassonne_engine::{
    Action, Color, Deck, Event, Expansion, FeatureKind, Figure, Game, GameSetup, Pending, Pos, RuleError, Rules,
    SetupError, ANIMAL_TOKENS,
};

use crate::expansions::{every_bot_plays, feature, place, random_game_checked, turn, two_player, F};

fn rules(expansions: &[Expansion]) -> Rules {
    let mut all = vec![Expansion::BigTop];
    all.extend_from_slice(expansions);
    Rules { expansions: all, ..Rules::base() }
}

fn at(x: i16, y: i16) -> Pos {
    Pos::new(x, y)
}

const CIRCUS_CITY_ROAD: &str = "under-the-big-top:12";
const ACROBATS_ROAD: &str = "under-the-big-top:02";

fn acrobat(x: i16, y: i16) -> Action {
    Action::Acrobat { pos: at(x, y) }
}

fn circus_scores(events: &[Event]) -> Vec<(u8, u8, u32)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::CircusScored { player, followers, points, .. } => Some((player, followers, points)),
            _ => None,
        })
        .collect()
}

/// The first circus tile gets the big top over a face-down token at once (step 1C); the next
/// one moves it after the turn's features were scored (step 3C): the token is turned up and
/// every player scores its value for each of their followers on the big top's tile and the
/// eight around it, the follower deployed this turn included; the big top goes up on the new
/// tile over a new token, which is scored before the final scoring.
#[test]
fn the_big_top_scores_the_followers_around_it_and_moves() {
    let deck = [CIRCUS_CITY_ROAD, "base:U", CIRCUS_CITY_ROAD, "base:A", "base:B"];
    let mut g = two_player(rules(&[]), &deck);
    g.arrange_animals(&[5, 3]).unwrap();
    // Red: the circus tile north of the start tile (its city completes the start tile's), a
    // thief on its road.
    let events = turn(&mut g, 0, -1, 180, Some((F, "road@N")));
    assert!(events.contains(&Event::BigTopMoved { player: 0, from: None, to: at(0, -1) }));
    assert_eq!(g.big_top(), Some(at(0, -1)));
    // Nobody knows the token: the unseen tokens are all sixteen.
    let unseen: u8 = g.unseen_animals().iter().map(|&(_, n)| n).sum();
    assert_eq!(unseen, 16);
    // Blue: a straight road east of the start tile, a thief on it.
    turn(&mut g, 1, 0, 0, Some((F, "road@W")));
    // Red: the second circus tile west of the start tile, a farmer on it.
    let events = turn(&mut g, -1, 0, 270, Some((F, "field@NNW")));
    let revealed = events.iter().position(|e| *e == Event::CircusRevealed { pos: at(0, -1), animal: 5 });
    let moved =
        events.iter().position(|e| *e == Event::BigTopMoved { player: 0, from: Some(at(0, -1)), to: at(-1, 0) });
    assert!(revealed.is_some() && moved > revealed, "{events:?}");
    // Red: the thief and the new farmer; blue: the thief. 5 points each.
    assert_eq!(circus_scores(&events), vec![(0, 2, 10), (1, 1, 5)]);
    assert_eq!(g.scores(), vec![10, 5]);
    assert_eq!(g.big_top(), Some(at(-1, 0)));
    let unseen: u8 = g.unseen_animals().iter().map(|&(_, n)| n).sum();
    assert_eq!(unseen, 15, "the token turned up left the game");
    // Two cloisters, then the end: the circus at (-1, 0) is scored first, for red's farmer on
    // it and red's thief at (0, -1): 3 each.
    turn(&mut g, 2, 0, 90, None);
    let events = turn(&mut g, 3, 0, 0, None);
    assert!(g.is_over());
    let first = events.iter().position(|e| matches!(e, Event::CircusRevealed { .. })).unwrap();
    let features = events.iter().position(|e| matches!(e, Event::Scored(_))).unwrap();
    assert!(first < features, "the circus is scored before the final scoring's features");
    assert_eq!(circus_scores(&events), vec![(0, 2, 6)]);
    assert_eq!(g.big_top(), None, "the big top is removed");
}

/// Followers of every kind count once for the circus: the big follower is one meeple ("each
/// meeple will be worth the value on the revealed animal token", papageek's summary).
#[test]
fn the_circus_counts_followers_once_each() {
    let deck = [CIRCUS_CITY_ROAD, "base:U", CIRCUS_CITY_ROAD, "base:B"];
    let mut g = two_player(rules(&[Expansion::InnsCathedrals]), &deck);
    g.arrange_animals(&[4]).unwrap();
    turn(&mut g, 0, -1, 180, Some((Figure::BigFollower, "road@N")));
    turn(&mut g, 1, 0, 0, Some((F, "road@W")));
    let events = turn(&mut g, -1, 0, 270, None);
    assert_eq!(circus_scores(&events), vec![(0, 1, 4), (1, 1, 4)]);
}

/// The acrobats: instead of deploying, a normal follower goes on the acrobat space of the tile
/// just placed or of one around it; the pyramid holds three, of any colours; a full pyramid is
/// scored instead of deploying, by a player whose tile is on or beside it, in a later turn: 5
/// points an acrobat to its owner, and the acrobats go home.
#[test]
fn acrobats_build_a_pyramid_and_score_it() {
    let deck = [ACROBATS_ROAD, "base:B", "base:B", "base:A", "base:B", "base:B"];
    let mut g = two_player(rules(&[]), &deck);
    // Red: the acrobat tile south of the start tile. A deployment on its acrobat space is
    // refused: acrobats come by their own action.
    place(&mut g, 0, 1, 0);
    let space = g.acrobat_space(at(0, 1)).unwrap();
    let deploy = Action::Deploy { figure: F, feature: space };
    assert!(!g.legal_actions().contains(&deploy));
    assert_eq!(g.check(deploy), Err(RuleError::AcrobatsByTheirAction));
    assert!(g.legal_actions().contains(&acrobat(0, 1)));
    g.apply(acrobat(0, 1)).unwrap();
    assert_eq!(g.player(0).followers, 6);
    // Blue: a cloister beside it, and a second acrobat; the ringmaster is no acrobat (only
    // the acrobat action puts a follower there, and it takes a normal follower).
    place(&mut g, 1, 1, 0);
    assert!(g.legal_actions().contains(&acrobat(0, 1)));
    g.apply(acrobat(0, 1)).unwrap();
    // Red: the third; the pyramid is full, and cannot be scored in the turn it was made full.
    place(&mut g, -1, 1, 0);
    g.apply(acrobat(0, 1)).unwrap();
    assert_eq!(g.figures().iter().filter(|f| g.board().placement(f.placement).pos == at(0, 1)).count(), 3);
    // Blue: a cloister whose road closes the acrobat tile's road; the pyramid is full.
    place(&mut g, 0, 2, 180);
    let legal = g.legal_actions();
    assert!(!legal.contains(&acrobat(0, 1)));
    assert_eq!(g.check(acrobat(0, 1)), Err(RuleError::PyramidFull(at(0, 1))));
    assert!(legal.contains(&Action::ScorePyramid { pos: at(0, 1) }));
    let events = g.apply(Action::ScorePyramid { pos: at(0, 1) }).unwrap();
    let paid: Vec<_> = events
        .iter()
        .filter_map(|e| match *e {
            Event::AcrobatsScored { scorer, player, acrobats, points, .. } => Some((scorer, player, acrobats, points)),
            _ => None,
        })
        .collect();
    assert_eq!(paid, vec![(Some(1), 0, 2, 10), (Some(1), 1, 1, 5)]);
    assert_eq!(g.scores(), vec![10, 5]);
    assert_eq!((g.player(0).followers, g.player(1).followers), (7, 7), "the acrobats went home");
}

/// Where the acrobat actions may be taken: only on or around the tile just placed; a pyramid
/// not full cannot be scored; a tile far from every acrobat space offers no acrobat action.
#[test]
fn acrobat_actions_need_the_tile_beside_them() {
    let deck = [ACROBATS_ROAD, "base:U", "base:A"];
    let mut g = two_player(rules(&[]), &deck);
    place(&mut g, 0, 1, 0);
    g.apply(acrobat(0, 1)).unwrap();
    // Blue: a road two tiles east, far from the acrobat tile.
    place(&mut g, 1, 0, 0);
    place_far_check(&mut g);
}

fn place_far_check(g: &mut Game) {
    assert_eq!(g.check(acrobat(0, 1)), Ok(()), "(1, 0) is beside (0, 1)");
    assert_eq!(g.check(Action::ScorePyramid { pos: at(0, 1) }), Err(RuleError::PyramidNotFull(at(0, 1), 1)));
    assert_eq!(g.check(acrobat(0, 0)), Err(RuleError::NoAcrobatSpace(at(0, 0))));
    g.apply(Action::Pass).unwrap();
    place(g, 2, 0, 90);
    assert_eq!(g.check(acrobat(0, 1)), Err(RuleError::AcrobatsNotNear(at(0, 1))));
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Acrobat { .. })));
}

/// At the end of the game every acrobat still standing scores 5 points, full pyramid or not.
#[test]
fn acrobats_score_at_the_end() {
    let deck = [ACROBATS_ROAD, "base:B"];
    let mut g = two_player(rules(&[]), &deck);
    place(&mut g, 0, 1, 0);
    g.apply(acrobat(0, 1)).unwrap();
    place(&mut g, 1, 1, 0);
    let events = g.apply(acrobat(0, 1)).unwrap();
    assert!(g.is_over());
    let paid: Vec<_> = events
        .iter()
        .filter_map(|e| match *e {
            Event::AcrobatsScored { scorer: None, player, acrobats, points, .. } => Some((player, acrobats, points)),
            _ => None,
        })
        .collect();
    assert_eq!(paid, vec![(0, 1, 5), (1, 1, 5)]);
    assert_eq!(g.scores(), vec![5, 5]);
}

/// The ringmaster: a follower who, when his feature is scored, earns his owner 2 points for each
/// circus and acrobat tile on his tile and the eight around it (the reference's step 3B), and
/// who counts for the majority as one follower.
#[test]
fn the_ringmaster_earns_two_points_a_show_tile_around_him() {
    let deck = [ACROBATS_ROAD, CIRCUS_CITY_ROAD, "base:A", "base:B"];
    let mut g = two_player(rules(&[]), &deck);
    assert_eq!(g.player(0).ringmasters, 1);
    // Red: the acrobat tile, the ringmaster on its road.
    turn(&mut g, 0, 1, 0, Some((Figure::Ringmaster, "road@S")));
    // Blue: a circus tile beside it (the big top goes up there).
    turn(&mut g, 1, 1, 0, None);
    assert_eq!(g.show_tiles_around(at(0, 1)), 2);
    // Red: a cloister closes the road: 2 points, and 4 for the two show tiles around him.
    let events = turn(&mut g, 0, 2, 180, None);
    let road: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::Scored(s) if s.kind == FeatureKind::Road => Some((s.players.iter().collect::<Vec<_>>(), s.points)),
            _ => None,
        })
        .collect();
    assert_eq!(road, vec![(vec![0], 2)]);
    assert!(events.iter().any(|e| matches!(*e, Event::RingmasterBonus { player: 0, tiles: 2, points: 4, .. })));
    assert_eq!(g.scores(), vec![6, 0]);
    assert_eq!(g.player(0).ringmasters, 1, "the ringmaster went home");
}

/// The animal tokens: sixteen, worth 1 (one), 3 (four), 4 (five), 5 (three), 6 (two) and 7 (one);
/// a scenario may arrange them only from what the stack holds, and only with the expansion.
#[test]
fn the_animal_tokens() {
    let total: u32 = ANIMAL_TOKENS.iter().map(|&(v, n)| u32::from(v) * u32::from(n)).sum();
    assert_eq!((ANIMAL_TOKENS.iter().map(|&(_, n)| n).sum::<u8>(), total), (16, 67));
    let mut g = two_player(rules(&[]), &[CIRCUS_CITY_ROAD]);
    assert!(matches!(g.arrange_animals(&[2]), Err(SetupError::AnimalOrder(_))));
    assert!(matches!(g.arrange_animals(&[7, 7]), Err(SetupError::AnimalOrder(_))));
    assert!(g.arrange_animals(&[7, 1]).is_ok());
    let mut base = two_player(Rules::base(), &["base:B"]);
    assert_eq!(base.arrange_animals(&[7]), Err(SetupError::BigTopNotInPlay));
}

/// The big top's token is hidden: a search bot's sampled world draws its own.
#[test]
fn a_sampled_world_does_not_know_the_token() {
    let mut values = std::collections::BTreeSet::new();
    for seed in 0..12u64 {
        let setup = GameSetup {
            rules: rules(&[]),
            players: vec![Color::Red, Color::Blue],
            deck: Deck::Order(vec![crate::expansions::tile(CIRCUS_CITY_ROAD), crate::expansions::tile("base:U")]),
        };
        let mut g = Game::new(setup).unwrap();
        g.arrange_animals(&[7]).unwrap();
        turn(&mut g, 0, -1, 180, Some((F, "road@N")));
        let mut rng = carcassonne_engine::random::rng_from_seed(seed);
        let mut world = g.observation(Some(1)).sample_game(&mut rng);
        // End the sampled game: its circus is scored with its own token.
        place(&mut world, 1, 0, 0);
        let events = world.apply(Action::Pass).unwrap();
        for e in events {
            if let Event::CircusRevealed { animal, .. } = e {
                values.insert(animal);
            }
        }
    }
    assert!(values.len() > 1, "the sampled worlds turned up {values:?}");
}

/// Random games with Under the Big Top, alone and with other expansions: figures conserved,
/// every score change an event, the record replays.
#[test]
fn random_games_with_the_big_top() {
    for (expansions, players, seed) in [
        (vec![], 2, 1u64),
        (vec![], 5, 2),
        (vec![Expansion::PrincessDragon, Expansion::Tower, Expansion::Count], 3, 3),
        (vec![Expansion::HillsSheep, Expansion::Phantom, Expansion::Messages, Expansion::AbbeyMayor], 2, 4),
    ] {
        let g = random_game_checked(rules(&expansions), players, seed);
        assert!(g.is_over());
        assert!(matches!(g.pending(), Pending::GameOver));
    }
}

#[test]
fn every_bot_plays_under_the_big_top() {
    every_bot_plays(&rules(&[]), 12);
}

/// Greedy bots use the expansion: acrobats, pyramids scored and ringmasters deployed.
#[test]
fn greedy_bots_play_the_circus() {
    let (mut acrobats, mut pyramids, mut ringmasters) = (0, 0, 0);
    for seed in 0..3u64 {
        let setup = GameSetup { rules: rules(&[]), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(seed) };
        let mut g = Game::new(setup).unwrap();
        let mut bots: Vec<_> = (0..2).map(|k| carcassonne_bots::bot_by_name("greedy", seed * 2 + k).unwrap()).collect();
        while let Some(p) = g.pending().player() {
            let action = bots[p as usize].choose_action(&g.observation(Some(p)));
            match action {
                Action::Acrobat { .. } => acrobats += 1,
                Action::ScorePyramid { .. } => pyramids += 1,
                Action::Deploy { figure: Figure::Ringmaster, .. } => ringmasters += 1,
                _ => {}
            }
            g.apply(action).unwrap();
        }
    }
    eprintln!("greedy: {acrobats} acrobats, {pyramids} pyramids scored, {ringmasters} ringmasters in three games");
    assert!(acrobats >= 3 && ringmasters >= 3, "{acrobats} acrobats, {ringmasters} ringmasters");
}

/// Under the Big Top's tiles (the tile facts' under-the-big-top sets, JCloisterZone's
/// under_the_big_top.xml): 12 circus tiles and 8 acrobat tiles in each printing, the acrobat
/// space a feature of its own; the second printing's two gardens.
#[test]
fn the_box_holds_twelve_circus_and_eight_acrobat_tiles() {
    use carcassonne_engine::catalog::Symbol;
    use carcassonne_engine::{Catalog, Edition};
    let catalog = Catalog::builtin();
    for (edition, gardens) in [(Edition::First, 0), (Edition::Second, 2)] {
        let (mut circus, mut acrobats, mut garden) = (0, 0, 0);
        for d in catalog.printed_designs().iter().filter(|d| d.set == "under-the-big-top") {
            let n = d.counts.iter().find(|(e, _)| *e == edition).map_or(0, |&(_, n)| n);
            circus += n * d.symbols.contains(&Symbol::Circus) as u8;
            let space = d.features.iter().filter(|f| f.kind == FeatureKind::Acrobats).count() as u8;
            assert_eq!(space, d.symbols.contains(&Symbol::Acrobats) as u8, "{}", d.id);
            acrobats += n * space;
            garden += n * d.garden.is_some() as u8;
        }
        assert_eq!((circus, acrobats, garden), (12, 8, gardens), "{edition:?}");
    }
}

/// The fairy beside an acrobat: its point at the start of its owner's turn and its 3 points
/// when the pyramid is scored come once for each of the owner's acrobats in the pyramid (the
/// Assembled Game Reference's steps 1A and 3B).
#[test]
fn the_fairy_beside_an_acrobat_pays_each_of_its_owners_acrobats() {
    let deck = [ACROBATS_ROAD, "base:B", "base:B", "base:B", "base:B", "base:B", "base:A"];
    let mut g = two_player(rules(&[Expansion::PrincessDragon]), &deck);
    let space = |g: &Game| g.acrobat_space(at(0, 1)).unwrap();
    place(&mut g, 0, 1, 0);
    g.apply(acrobat(0, 1)).unwrap();
    place(&mut g, 1, 1, 0);
    g.apply(acrobat(0, 1)).unwrap();
    place(&mut g, -1, 1, 0);
    g.apply(acrobat(0, 1)).unwrap();
    // Blue: a cloister below the pyramid's west neighbour, nothing else.
    turn(&mut g, -1, 2, 0, None);
    // Red: a cloister beside it, the fairy beside red's acrobats instead of a deployment.
    place(&mut g, 1, 2, 0);
    let fairy = Action::MoveFairy { pos: at(0, 1), feature: space(&g) };
    assert!(g.legal_actions().contains(&fairy), "{:?}", g.legal_actions());
    g.apply(fairy).unwrap();
    // Blue's turn, then red's: red's two acrobats get the fairy's point each.
    let events = turn(&mut g, 2, 1, 0, None);
    let bonus: u32 = events
        .iter()
        .filter_map(|e| match *e {
            Event::FairyBonus { player: 0, points } => Some(points),
            _ => None,
        })
        .sum();
    assert_eq!(bonus, 2, "{events:?}");
    // Red scores the pyramid: 10 and 5, and the fairy's 3 for each of red's two acrobats.
    place(&mut g, 0, 2, 180);
    let events = g.apply(Action::ScorePyramid { pos: at(0, 1) }).unwrap();
    assert!(events.contains(&Event::FairyBonus { player: 0, points: 6 }), "{events:?}");
    assert_eq!(g.scores(), vec![2 + 10 + 6, 5]);
}

#[test]
fn feature_names_of_the_acrobat_tile() {
    let mut g = two_player(rules(&[]), &[ACROBATS_ROAD, "base:B"]);
    place(&mut g, 0, 1, 0);
    let space = g.acrobat_space(at(0, 1)).unwrap();
    assert_eq!(feature(&g, at(0, 1), "acrobats"), space);
}
