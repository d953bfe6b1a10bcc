//! The variation "Mountains" (seed 001, SELECTED VARIATIONS, by Tobias Stapelfeldt): each
//! sentence of its passage, and each reading docs/rules.md ("Mountains") records where the
//! passage is silent, is a named test here.
//!
//! The start tile (base:D) lies at the origin: a city to the north, a road from west to east,
//! fields to the south (y grows southwards).

use carcassonne_engine::{
    Action, Color, Event, Expansion, FeatureKind, Game, Pending, Phase, Pos, RuleError, Rules, Side, Terrain, Variants,
};

use crate::expansions::{paid, random_game_checked, tile, turn, two_player, F};
use crate::princess_dragon::{apply, deploy};

fn mountains() -> Rules {
    Rules { variants: Variants { mountains: true, ..Variants::default() }, ..Rules::default() }
}

fn mountain_sites(g: &Game) -> Vec<(i16, i16)> {
    g.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::RaiseMountain { pos } => Some((pos.x, pos.y)),
            _ => None,
        })
        .collect()
}

fn raise(g: &mut Game, x: i16, y: i16) -> Vec<Event> {
    apply(g, Action::RaiseMountain { pos: Pos::new(x, y) })
}

/// Red turns the first tile into a mountain south of the start tile and puts a miner on it.
fn miner_south_of_the_start(deck: &[&str]) -> Game {
    let mut g = two_player(mountains(), deck);
    raise(&mut g, 0, 1);
    deploy(&mut g, F, "mountain");
    g
}

/// "the player may turn the tile into a mountain by placing it - upside down - next to a farm
/// without a road": at the start only the start tile's south side shows a farm without a road;
/// the tile placed there is a mountain, and the drawn tile is named in the event.
#[test]
fn a_mountain_goes_only_next_to_a_farm_without_a_road() {
    let mut g = two_player(mountains(), &["base:B", "base:U"]);
    assert_eq!(mountain_sites(&g), vec![(0, 1)]);
    let events = raise(&mut g, 0, 1);
    assert!(events.iter().any(|e| matches!(e, Event::MountainRaised { player: 0, pos, tile } if *pos == Pos::new(0, 1) && *tile == crate::expansions::tile("base:B"))));
    let placed = g.board().get(Pos::new(0, 1)).unwrap();
    assert!(g.design(placed.tile).is_mountain());
    // A mountain next to the city or the road is refused, with the reason.
    let mut g = two_player(mountains(), &["base:B", "base:U"]);
    let err = g.apply(Action::RaiseMountain { pos: Pos::new(0, -1) }).unwrap_err();
    assert_eq!(err, RuleError::NoMountainThere(Pos::new(0, -1)));
    assert!(err.to_string().contains("field edge"), "{err}");
    let before = format!("{g:?}");
    assert!(g.apply(Action::RaiseMountain { pos: Pos::new(1, 0) }).is_err());
    assert_eq!(format!("{g:?}"), before, "a refused mountain changes nothing");
}

/// Without the variation no tile is turned into a mountain.
#[test]
fn without_the_variation_there_are_no_mountains() {
    let mut g = two_player(Rules::default(), &["base:B", "base:U"]);
    assert!(mountain_sites(&g).is_empty());
    assert!(g.apply(Action::RaiseMountain { pos: Pos::new(0, 1) }).is_err());
}

/// "When placing a tile next to a mountain, the edge of the placed tile must always be farm
/// without a road": every placement beside the mountain shows a field edge towards it, and a
/// road turned towards it is refused.
#[test]
fn a_tile_next_to_a_mountain_shows_a_farm_without_a_road() {
    let mut g = miner_south_of_the_start(&["base:B", "base:U", "base:U"]);
    let mountain = Pos::new(0, 1);
    let mut beside = 0;
    for action in g.legal_actions() {
        let Action::Place { pos, rotation } = action else { continue };
        for side in Side::ALL {
            if pos.step(side) == mountain {
                beside += 1;
                let design = g.design(tile("base:U"));
                let edge = (design.view(rotation).edges >> (8 * side.index())) & 0xFF;
                assert_eq!(edge, Terrain::Field as u32, "{action:?}");
            }
        }
    }
    assert!(beside > 0, "the mountain has free sides");
    // base:U unturned runs its road east to west: at (1, 1) its west side is a road.
    let err = g.apply(Action::Place { pos: Pos::new(1, 1), rotation: carcassonne_engine::Rotation::R0 }).unwrap_err();
    assert!(matches!(err, RuleError::EdgeMismatch { .. }), "{err}");
}

/// "Followers may be deployed to the mountain as miners, remaining there until the end of the
/// game": the miner is still on its mountain after the final scoring, and scores nothing itself.
#[test]
fn a_miner_stays_on_its_mountain_to_the_end() {
    let g = miner_south_of_the_start(&["base:B"]);
    assert_eq!(g.pending(), Pending::GameOver);
    let miners: Vec<_> = g.figures().iter().filter(|f| f.placement == 1).collect();
    assert_eq!(miners.len(), 1);
    assert_eq!(g.design(g.board().placement(1).tile).features[miners[0].feature as usize].kind, FeatureKind::Mountain);
    assert_eq!(g.scores(), vec![0, 0]);
}

/// "If a pennant (smithy) lies within two tiles distance of a miner, then the miner counts as a
/// knight when for the purpose of scoring the city in question": the pennant two tiles north
/// of red's miner makes red's miner a knight beside blue's, and both score the city's 8 points.
#[test]
fn a_miner_near_a_pennant_counts_as_a_knight() {
    let mut g = miner_south_of_the_start(&["base:B", "base:F", "base:E"]);
    turn(&mut g, 0, -1, 90, Some((F, "city@N")));
    let events = turn(&mut g, 0, -2, 180, None);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 8, vec![Color::Red, Color::Blue])]);
}

/// Two tiles, no further: with blue's miner three tiles from the pennant, red's knight alone
/// scores the city.
#[test]
fn a_miner_three_tiles_away_does_not_count() {
    let mut g = two_player(mountains(), &["base:U", "base:B", "base:F", "base:E"]);
    turn(&mut g, 0, 1, 0, None);
    raise(&mut g, 0, 2);
    deploy(&mut g, F, "mountain");
    turn(&mut g, 0, -1, 90, Some((F, "city@N")));
    let events = turn(&mut g, 0, -2, 180, None);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 8, vec![Color::Red])]);
}

/// The miner counts for an unfinished city at the end of the game too, even one no knight
/// stands in (our reading): red's miner scores the two-tile city with its pennant, 3 points.
#[test]
fn a_miner_scores_an_unfinished_city_without_knights_at_the_end() {
    let mut g = miner_south_of_the_start(&["base:B", "base:F"]);
    let events = turn(&mut g, 0, -1, 90, None);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Final, 3, vec![Color::Red])]);
}

/// "counts as an additional farmer in relation to the city during final scoring": blue's
/// farmer beside the completed city and red's miner near its pennant tie for it, 3 points
/// each. (Red's miner also made red the city's knight when it was completed.)
#[test]
fn a_miner_near_a_pennant_counts_as_a_farmer_for_that_city() {
    let mut g = miner_south_of_the_start(&["base:B", "base:F", "base:E"]);
    turn(&mut g, 0, -1, 90, Some((F, "field@WNW")));
    let events = turn(&mut g, 0, -2, 180, None);
    assert_eq!(
        paid(&g, &events),
        vec![
            (FeatureKind::City, Phase::Turn, 8, vec![Color::Red]),
            (FeatureKind::Field, Phase::Final, 3, vec![Color::Red]),
            (FeatureKind::Field, Phase::Final, 3, vec![Color::Blue]),
        ]
    );
}

/// A mountain is a tile of the board: it counts among the eight neighbours of a cloister.
#[test]
fn a_mountain_counts_as_a_neighbour_of_a_cloister() {
    let mut g = two_player(mountains(), &["base:B", "base:B"]);
    turn(&mut g, 0, 1, 0, Some((F, "cloister")));
    raise(&mut g, 0, 2);
    apply(&mut g, Action::Pass);
    assert!(g.board().neighbours_around(Pos::new(0, 1)) >= 2);
    assert_eq!(g.board().get(Pos::new(0, 2)).map(|t| g.design(t.tile).is_mountain()), Some(true));
}

/// The record of a game with mountains replays, and names the mountain as `mountain`.
#[test]
fn mountains_are_recorded_and_replayed() {
    let mut g = two_player(mountains(), &["base:B", "base:F", "base:E"]);
    let mut record = carcassonne_engine::Record {
        version: carcassonne_engine::record::RECORD_VERSION,
        rules: mountains(),
        players: vec![Color::Red, Color::Blue],
        deck: carcassonne_engine::RecordDeck::Order(vec!["base:B".into(), "base:F".into(), "base:E".into()]),
        actions: vec![],
    };
    let raise_it = Action::RaiseMountain { pos: Pos::new(0, 1) };
    record.push(&g, raise_it);
    apply(&mut g, raise_it);
    let deploy_miner = g.legal_actions().into_iter().find(|a| matches!(a, Action::Deploy { .. })).unwrap();
    record.push(&g, deploy_miner);
    apply(&mut g, deploy_miner);
    let json = serde_json::to_string(&record).unwrap();
    assert!(json.contains(r#""action":"mountain","player":"red","tile":"base:B","x":0,"y":1"#), "{json}");
    assert!(json.contains(r#""feature":"mountain""#), "{json}");
    let replay = carcassonne_engine::Record::from_json(&json).unwrap().replay().unwrap();
    assert_eq!(format!("{:?}", replay.game.figures()), format!("{:?}", g.figures()));
}

/// Random games with mountains, alone and with every expansion, keep every property of the
/// random-game checks (figures conserved, illegal actions refused, the record replays).
#[test]
fn random_games_with_mountains_keep_the_properties() {
    let mut raised = 0;
    for seed in 0..12 {
        let g = random_game_checked(mountains(), 2 + (seed as usize % 4), seed);
        raised += g.board().tiles().iter().filter(|t| g.design(t.tile).is_mountain()).count();
    }
    assert!(raised > 0, "random players raise mountains");
    let every = Rules { expansions: Expansion::ALL.to_vec(), ..mountains() };
    for seed in 0..6 {
        random_game_checked(every.clone(), 2 + (seed as usize % 4), seed);
    }
}
