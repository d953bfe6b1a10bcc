//! Heretics and Shrines (the Wikicarpedia page "Heretics and Shrines (1st edition)"; the
//! Assembled Game Reference's step 3B, "If a heretic or monk completes its feature, determine
//! if a 'race to completion' has been won"). docs/rules.md, "Heretics and Shrines", lists which
//! test checks which rule.

use carcassonne_engine::{
    Action, Catalog, Color, Deck, Edition, Event, Expansion, FeatureKind, Game, GameSetup, Pending, Phase, Pos,
    Rotation, RuleError, Rules, SetupError, Variants,
};

use crate::expansions::{every_bot_plays, paid, random_games_of_configs, tile, tiles_in_pile, turn, two_player, F};

fn rules(expansions: &[Expansion]) -> Rules {
    Rules { expansions: expansions.to_vec(), ..Rules::default() }
}

fn shrines() -> Rules {
    rules(&[Expansion::Shrines])
}

/// The race's losers in `events`: the tile of the building that lost, and the winner's.
fn races_lost(events: &[Event]) -> Vec<(Pos, Pos)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::RaceLost { pos, winner, .. } => Some((pos, winner)),
            _ => None,
        })
        .collect()
}

/// The followers sent home by `events`, by owner's colour and tile.
fn returned(g: &Game, events: &[Event]) -> Vec<(Color, Pos)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::FigureReturned { player, pos, .. } => Some((g.player(player).color, pos)),
            _ => None,
        })
        .collect()
}

/// Hans im Glück's five shrines, one of each, first edition only (Count, King & Robber, the
/// Spielbox Almanac); Rio Grande's sixth is in the catalog for the variant. Each is a cloister
/// that is a shrine, in the middle of the tile.
#[test]
fn the_set_is_five_shrines_and_rio_grandes_sixth() {
    let catalog = Catalog::builtin();
    let set = catalog.set("shrines").unwrap();
    assert_eq!(set.editions, vec![Edition::First]);
    let designs = catalog.edition_designs(set, Edition::First);
    assert_eq!(designs.len(), 6);
    let edges: Vec<String> = designs.iter().map(|&(id, _)| catalog.design(id).edge_letters()).collect();
    assert_eq!(edges, ["ffff", "cfff", "ffrf", "cfrf", "rfrf", "crfr"]);
    for (id, count) in designs {
        let d = catalog.design(id);
        assert_eq!(count, 1);
        assert!(d.is_shrine(), "{}", d.id);
        assert_eq!(d.features.iter().filter(|f| f.kind == FeatureKind::Cloister).count(), 1);
    }
    // No other tile has a shrine.
    assert_eq!(catalog.printed_designs().iter().filter(|d| d.is_shrine()).count(), 6);

    for (variants, expected) in
        [(Variants::default(), 5), (Variants { shrines_sixth_tile: true, ..Variants::default() }, 6)]
    {
        let g = Game::new(GameSetup {
            rules: Rules { expansions: vec![Expansion::Shrines], variants },
            players: vec![Color::Red, Color::Blue],
            deck: Deck::Seed(3),
        })
        .unwrap();
        assert_eq!(tiles_in_pile(&g, "shrines"), expected);
    }
}

/// An explicit order may not bring Rio Grande's sixth shrine without its variant.
#[test]
fn an_explicit_order_takes_the_sixth_shrine_only_with_its_variant() {
    let setup = |variants| GameSetup {
        rules: Rules { expansions: vec![Expansion::Shrines], variants },
        players: vec![Color::Red, Color::Blue],
        deck: Deck::Order(vec![tile("shrines:06")]),
    };
    assert!(matches!(Game::new(setup(Variants::default())), Err(SetupError::TileNotInPlay(id)) if id == "shrines:06"));
    assert!(Game::new(setup(Variants { shrines_sixth_tile: true, ..Variants::default() })).is_ok());
}

// The scenarios below lay out, south of the start tile (base D: its south a field), a cloister
// (base B) at (0,1) and a shrine at (1,1); straight roads (base U) east of the start tile
// and city edges (base E) fill the rings around them.

/// Red's monk at (0,1), blue's heretic at (1,1), then the six tiles that surround the shrine
/// while the cloister's west side stays open: the eighth tile completes the shrine.
const SHRINE_FIRST: [&str; 8] = ["base:B", "shrines:01", "base:U", "base:U", "base:E", "base:E", "base:E", "base:E"];

fn fill_around_the_shrine(g: &mut Game) -> Vec<Event> {
    turn(g, 1, 0, 0, None);
    turn(g, 2, 0, 0, None);
    turn(g, 2, 1, 180, None);
    turn(g, 0, 2, 180, None);
    turn(g, 1, 2, 180, None);
    turn(g, 2, 2, 0, None)
}

/// "The first of the two to be completed scores; the other's follower goes back to its owner
/// without points": blue's shrine is surrounded first, blue scores 9, red's monk goes home and
/// red scores nothing for the cloister, then or at the end.
#[test]
fn the_shrine_completed_first_sends_the_monk_home_unscored() {
    let mut g = two_player(shrines(), &SHRINE_FIRST);
    turn(&mut g, 0, 1, 0, Some((F, "cloister")));
    turn(&mut g, 1, 1, 0, Some((F, "cloister")));
    let events = fill_around_the_shrine(&mut g);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Cloister, Phase::Turn, 9, vec![Color::Blue])]);
    assert_eq!(races_lost(&events), vec![(Pos::new(0, 1), Pos::new(1, 1))]);
    let home = returned(&g, &events);
    assert!(home.contains(&(Color::Red, Pos::new(0, 1))) && home.contains(&(Color::Blue, Pos::new(1, 1))), "{home:?}");
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![0, 9]);
}

/// The other way round: red's cloister is surrounded first (by blue's tile), red scores 9 and
/// blue's heretic goes home unscored.
#[test]
fn the_cloister_completed_first_sends_the_heretic_home_unscored() {
    let deck = ["base:B", "shrines:01", "base:U", "base:U", "base:E", "base:E", "base:E", "base:E"];
    let mut g = two_player(shrines(), &deck);
    turn(&mut g, 0, 1, 0, Some((F, "cloister")));
    turn(&mut g, 1, 1, 0, Some((F, "cloister")));
    turn(&mut g, 1, 0, 0, None);
    turn(&mut g, -1, 0, 0, None);
    turn(&mut g, -1, 1, 180, None);
    turn(&mut g, -1, 2, 0, None);
    turn(&mut g, 0, 2, 180, None);
    let events = turn(&mut g, 1, 2, 180, None);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Cloister, Phase::Turn, 9, vec![Color::Red])]);
    assert_eq!(races_lost(&events), vec![(Pos::new(1, 1), Pos::new(0, 1))]);
    assert!(returned(&g, &events).contains(&(Color::Blue, Pos::new(1, 1))));
    assert_eq!(g.scores(), vec![9, 0]);
}

/// Completed by the same tile, "neither was finished first": both score 9.
#[test]
fn both_completed_by_one_tile_both_score() {
    let deck = [
        "base:B",
        "shrines:01",
        "base:U",
        "base:U",
        "base:U",
        "base:E",
        "base:E",
        "base:E",
        "base:E",
        "base:E",
        "base:E",
    ];
    let mut g = two_player(shrines(), &deck);
    turn(&mut g, 0, 1, 0, Some((F, "cloister")));
    turn(&mut g, 1, 1, 0, Some((F, "cloister")));
    turn(&mut g, -1, 0, 0, None);
    turn(&mut g, 1, 0, 0, None);
    turn(&mut g, 2, 0, 0, None);
    turn(&mut g, -1, 1, 180, None);
    turn(&mut g, -1, 2, 0, None);
    turn(&mut g, 2, 1, 180, None);
    turn(&mut g, 0, 2, 180, None);
    turn(&mut g, 2, 2, 0, None);
    let events = turn(&mut g, 1, 2, 180, None);
    let mut scores = paid(&g, &events);
    scores.sort_by_key(|(_, _, _, players)| players[0] as u8);
    assert_eq!(
        scores,
        vec![
            (FeatureKind::Cloister, Phase::Turn, 9, vec![Color::Red]),
            (FeatureKind::Cloister, Phase::Turn, 9, vec![Color::Blue])
        ]
    );
    assert!(races_lost(&events).is_empty());
}

/// An unoccupied shrine races nobody: completing it leaves the monk beside it alone, and the
/// cloister scores at the end as usual (1 + its 5 neighbours).
#[test]
fn an_empty_shrine_races_nobody() {
    let mut g = two_player(shrines(), &SHRINE_FIRST);
    turn(&mut g, 0, 1, 0, Some((F, "cloister")));
    turn(&mut g, 1, 1, 0, None);
    let events = fill_around_the_shrine(&mut g);
    assert!(races_lost(&events).is_empty());
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Cloister, Phase::Final, 6, vec![Color::Red])]);
}

/// "A player may challenge his or her own monk": red's own heretic wins, red's monk goes home.
#[test]
fn a_player_may_race_their_own_monk() {
    let deck = ["base:B", "base:U", "shrines:01", "base:U", "base:E", "base:E", "base:E", "base:E"];
    let mut g = two_player(shrines(), &deck);
    turn(&mut g, 0, 1, 0, Some((F, "cloister")));
    turn(&mut g, 1, 0, 0, None);
    turn(&mut g, 1, 1, 0, Some((F, "cloister")));
    turn(&mut g, 2, 0, 0, None);
    turn(&mut g, 2, 1, 180, None);
    turn(&mut g, 0, 2, 180, None);
    turn(&mut g, 1, 2, 180, None);
    let events = turn(&mut g, 2, 2, 0, None);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Cloister, Phase::Turn, 9, vec![Color::Red])]);
    assert_eq!(races_lost(&events), vec![(Pos::new(0, 1), Pos::new(1, 1))]);
    assert_eq!(g.scores(), vec![9, 0]);
}

/// Neither completed by the end: each scores as an incomplete cloister (1 + 2 neighbours).
#[test]
fn at_the_end_both_score_as_incomplete_cloisters() {
    let mut g = two_player(shrines(), &SHRINE_FIRST[..2]);
    turn(&mut g, 0, 1, 0, Some((F, "cloister")));
    let events = turn(&mut g, 1, 1, 0, Some((F, "cloister")));
    let mut scores = paid(&g, &events);
    scores.sort_by_key(|(_, _, _, players)| players[0] as u8);
    assert_eq!(
        scores,
        vec![
            (FeatureKind::Cloister, Phase::Final, 3, vec![Color::Red]),
            (FeatureKind::Cloister, Phase::Final, 3, vec![Color::Blue])
        ]
    );
}

/// Whether the drawn tile may go at `pos` in some rotation.
fn may_place_at(g: &Game, pos: Pos) -> bool {
    g.legal_actions().iter().any(|a| matches!(a, Action::Place { pos: p, .. } if *p == pos))
}

/// "A shrine may not be placed adjacent to more than one cloister": with cloisters at (0,1) and
/// (2,1), the shrine may not go at (1,1) between them; the refusal says why.
#[test]
fn a_shrine_may_not_border_two_cloisters() {
    let deck = ["base:B", "base:U", "base:U", "base:B", "shrines:01"];
    let mut g = two_player(shrines(), &deck);
    turn(&mut g, 0, 1, 0, None);
    turn(&mut g, 1, 0, 0, None);
    turn(&mut g, 2, 0, 0, None);
    turn(&mut g, 2, 1, 0, None);
    assert!(!may_place_at(&g, Pos::new(1, 1)));
    let err = g.apply(Action::Place { pos: Pos::new(1, 1), rotation: Rotation::R0 }).unwrap_err();
    assert_eq!(err, RuleError::ShrineRivals { building: "shrine", pos: Pos::new(1, 1) });
    assert!(err.to_string().contains("a shrine may border only one cloister"), "{err}");
    // Elsewhere next to one cloister it may go: (3,1) touches only the cloister at (2,1).
    assert!(may_place_at(&g, Pos::new(3, 1)));
}

/// "Likewise, a cloister may not be placed adjacent to more than one shrine", and (JCloisterZone's
/// reading, which keeps every building in one race) not next to a shrine that already has a
/// cloister beside it: with the cloister at (0,1) and the shrine at (1,1), a second cloister may
/// not go at (2,1). Cloisters beside cloisters and shrines beside shrines are no concern.
#[test]
fn a_cloister_may_not_give_a_shrine_a_second_rival() {
    let deck = ["base:B", "shrines:01", "base:U", "base:U", "base:B"];
    let mut g = two_player(shrines(), &deck);
    turn(&mut g, 0, 1, 0, None);
    turn(&mut g, 1, 1, 0, None);
    turn(&mut g, 1, 0, 0, None);
    turn(&mut g, 2, 0, 0, None);
    assert!(!may_place_at(&g, Pos::new(2, 1)));
    let err = g.apply(Action::Place { pos: Pos::new(2, 1), rotation: Rotation::R0 }).unwrap_err();
    assert_eq!(err, RuleError::ShrineRivals { building: "cloister", pos: Pos::new(2, 1) });
    // Beside the first cloister, away from the shrine, a cloister may go.
    assert!(may_place_at(&g, Pos::new(-1, 1)));

    let deck = ["shrines:01", "base:U", "shrines:01"];
    let mut g = two_player(shrines(), &deck);
    turn(&mut g, 0, 1, 0, None);
    turn(&mut g, 1, 0, 0, None);
    assert!(may_place_at(&g, Pos::new(1, 1)), "a shrine beside a shrine");
}

/// The abbey of Abbey & Mayor is a cloister too (our reading, as JCloisterZone's): a hole beside
/// a shrine that already races a cloister takes no abbey, and the abbey decision is not offered
/// for it; with no cloister beside the shrine the same hole takes one.
#[test]
fn an_abbey_follows_the_shrines_rule() {
    let expansions = [Expansion::Shrines, Expansion::AbbeyMayor];
    let layout = |first: &'static str, degrees: i64| {
        let deck = [first, "shrines:01", "base:U", "base:U", "base:U", "base:E", "base:E", "base:E", "base:E"];
        let mut g = two_player(rules(&expansions), &deck);
        for (x, y, d) in
            [(0, 1, degrees), (1, 1, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0), (3, 1, 180), (1, 2, 180), (2, 2, 180)]
        {
            if matches!(g.pending(), Pending::Abbey { .. }) {
                g.apply(Action::Pass).unwrap();
            }
            turn(&mut g, x, y, d, None);
        }
        g
    };
    // (2,1) is now a hole: the tiles north, east, south and the shrine west of it.
    let g = layout("base:B", 0);
    assert!(!matches!(g.pending(), Pending::Abbey { .. }), "{:?}", g.pending());
    let mut g = layout("base:E", 180);
    assert!(matches!(g.pending(), Pending::Abbey { .. }), "{:?}", g.pending());
    assert!(g.legal_actions().contains(&Action::PlaceAbbey { pos: Pos::new(2, 1) }));
    g.apply(Action::PlaceAbbey { pos: Pos::new(2, 1) }).unwrap();
}

/// Random games with the shrines alone, with the sixth tile and other cloister expansions, and
/// with every expansion: figures conserved, every score an event, records replay, legal ==
/// check.
#[test]
fn random_games_with_shrines_keep_the_properties() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let configs = [
        (shrines(), 2),
        (
            Rules {
                expansions: vec![
                    Expansion::Shrines,
                    Expansion::Abbot,
                    Expansion::AbbeyMayor,
                    Expansion::GermanMonasteries,
                ],
                variants: Variants { shrines_sixth_tile: true, ..Variants::default() },
            },
            3,
        ),
        (Rules { expansions: every, ..Rules::default() }, 2),
    ];
    random_games_of_configs(configs, 430);
}

/// Every bot plays with the shrines.
#[test]
fn every_bot_plays_with_shrines() {
    every_bot_plays(&shrines(), 230);
}

/// The Assembled Game Reference's step 4A: a shrine lets a knight escape a besieged city as a
/// cloister does (diagonally beside The Cathars' siege tile).
#[test]
fn a_shrine_lets_a_besieged_knight_escape() {
    let expansions = [Expansion::Cathars, Expansion::Shrines];
    assert!(crate::siege::escape_after_cloister(&expansions, "cathars:03", "shrines:01", -1, -1));
}

/// "The abbot may be placed on a shrine ... and may withdraw from a challenge" (the official
/// clarification on The Abbot's page): blue's abbot on the shrine racing red's monk is called
/// back and paid for the shrine as it stands (1 + 4 tiles); red's monk stays, no race lost, and
/// scores its incomplete cloister at the end (1 + 3).
#[test]
fn the_abbot_may_race_and_withdraw() {
    let mut g =
        two_player(rules(&[Expansion::Shrines, Expansion::Abbot]), &["base:B", "shrines:01", "base:U", "base:U"]);
    turn(&mut g, 0, 1, 0, Some((F, "cloister")));
    turn(&mut g, 1, 1, 0, Some((carcassonne_engine::Figure::Abbot, "cloister")));
    turn(&mut g, 1, 0, 0, None);
    let mut events = crate::expansions::place(&mut g, 2, 0, 0);
    events.extend(g.apply(Action::RecallAbbot { pos: Pos::new(1, 1) }).unwrap());
    assert!(races_lost(&events).is_empty());
    let paid = paid(&g, &events);
    assert_eq!(paid[0], (FeatureKind::Cloister, Phase::Turn, 5, vec![Color::Blue]));
    assert_eq!(paid[1], (FeatureKind::Cloister, Phase::Final, 4, vec![Color::Red]));
}

/// Our reading: only monks race. A special monastery's prior, scored only at the end, is no
/// rival: blue's shrine completed first leaves red's prior beside it, which scores its row and
/// column at the end (the monastery, the start tile above it, the tile below, and the shrine
/// and the tile beyond it to the east: 5).
#[test]
fn a_prior_does_not_race() {
    let deck =
        ["german-monasteries:eberbach", "shrines:01", "base:U", "base:U", "base:E", "base:E", "base:E", "base:E"];
    let mut g = two_player(rules(&[Expansion::Shrines, Expansion::GermanMonasteries]), &deck);
    turn(&mut g, 0, 1, 0, Some((F, "prior")));
    turn(&mut g, 1, 1, 0, Some((F, "cloister")));
    let events = fill_around_the_shrine(&mut g);
    assert!(races_lost(&events).is_empty());
    assert_eq!(
        paid(&g, &events),
        vec![
            (FeatureKind::Cloister, Phase::Turn, 9, vec![Color::Blue]),
            (FeatureKind::Prior, Phase::Final, 5, vec![Color::Red])
        ]
    );
}
