//! The Wind Roses (the Wikicarpedia page "Wind Roses (1st edition)", Hans im Glück's rules and
//! the Spielbox version's differences; the Assembled Game Reference's preparation and step 1C):
//! the orange rose starts the game and divides the playing area into four sections; a quarter
//! rose placed in the section it names scores 3 points at once; the blue rose, once placed, sets
//! the sections instead. docs/rules.md, "The Wind Roses", lists which test checks which rule.

use carcassonne_engine::catalog::Symbol;
use carcassonne_engine::{
    Action, Color, Deck, Event, Expansion, Game, GameSetup, Pending, Pos, Rotation, Rules, Variants,
};

use crate::expansions::{every_bot_plays, random_game_checked, random_games_of_configs, tiles_in_pile, two_player};

fn rules(expansions: &[Expansion]) -> Rules {
    let mut all = vec![Expansion::WindRoses];
    all.extend_from_slice(expansions);
    Rules { expansions: all, ..Rules::base() }
}

fn spielbox() -> Rules {
    Rules { variants: Variants { wind_roses_spielbox: true, ..Variants::default() }, ..rules(&[]) }
}

fn place(g: &mut Game, x: i16, y: i16, degrees: i64) -> Vec<Event> {
    let rotation = Rotation::from_degrees(degrees).unwrap();
    let events =
        g.apply(Action::Place { pos: Pos::new(x, y), rotation }).unwrap_or_else(|e| panic!("({x},{y}) {degrees}: {e}"));
    // The figure phase: nobody deploys in these tests.
    let mut all = events;
    if let Pending::Deploy { .. } = g.pending() {
        all.extend(g.apply(Action::Pass).unwrap());
    }
    all
}

/// The wind rose points among `events`: (player, position, points).
fn rose_points(events: &[Event]) -> Vec<(u8, (i16, i16), u32)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::WindRoseScored { player, pos, points } => Some((player, (pos.x, pos.y), points)),
            _ => None,
        })
        .collect()
}

/// The board's tiles: (design id, position, rotation).
fn tiles(g: &Game) -> Vec<(String, Pos, Rotation)> {
    g.board().tiles().iter().map(|t| (g.design(t.tile).id.clone(), t.pos, t.rotation)).collect()
}

/// "Instead of the normal starting tile, the orange wind rose tile is used as the starting tile.
/// The remaining 5 tiles with wind roses are mixed in with the normal landscape tiles": the
/// orange rose at the origin, as printed; the base start tile nowhere; 71 base tiles and 5 roses
/// face down.
#[test]
fn the_orange_rose_starts_the_game_in_place_of_the_base_start_tile() {
    let g = Game::new(GameSetup { rules: rules(&[]), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(4) })
        .unwrap();
    assert_eq!(tiles(&g), vec![("wind-roses:orange".to_string(), Pos::new(0, 0), Rotation::R0)]);
    assert_eq!(g.wind_rose(), Some((Pos::new(0, 0), Rotation::R0)));
    assert_eq!(tiles_in_pile(&g, "wind-roses"), 5);
    assert_eq!(tiles_in_pile(&g, "base"), 71);
    assert_eq!(g.tiles_left() + 1, 76);
}

/// Our reading: a river, the city of Carcassonne or the Spiel Doch! tiles as the start start the
/// game as they do without the roses, and the orange rose is shuffled in with the other five.
/// Until a full rose is on the board there are no sections, and a quarter rose scores nothing.
#[test]
fn with_another_start_the_orange_rose_is_shuffled_in() {
    for (extra, variants) in [
        (Expansion::River, Variants::default()),
        (Expansion::River2, Variants::default()),
        (Expansion::Count, Variants::default()),
        (Expansion::SpielDoch, Variants { spiel_doch_start: true, ..Variants::default() }),
    ] {
        let r = Rules { variants, ..rules(&[extra]) };
        let g = Game::new(GameSetup { rules: r, players: vec![Color::Red, Color::Blue], deck: Deck::Seed(6) }).unwrap();
        assert!(tiles(&g).iter().all(|(id, _, _)| !id.starts_with("wind-roses")), "{extra:?}");
        assert_eq!(tiles_in_pile(&g, "wind-roses"), 6, "{extra:?}");
        assert_eq!(g.wind_rose(), None, "{extra:?}");
    }
    // The river's spring starts (laid out at set-up); a quarter rose placed before any full rose
    // scores nothing.
    let mut g = two_player(
        rules(&[Expansion::River]),
        &["wind-roses:north-east", "wind-roses:orange", "wind-roses:south-east"],
    );
    assert_eq!(g.design(g.board().tiles()[0].tile).id, "river:01");
    let spot = first_placement(&g);
    let events = place(&mut g, spot.0.x, spot.0.y, i64::from(spot.1.degrees()));
    assert!(rose_points(&events).is_empty());
    assert_eq!(g.wind_rose(), None);
    // The orange rose placed during the game sets the sections from then on.
    let spot = first_placement(&g);
    place(&mut g, spot.0.x, spot.0.y, i64::from(spot.1.degrees()));
    assert_eq!(g.wind_rose(), Some(spot));
}

/// The first legal placement of the drawn tile.
fn first_placement(g: &Game) -> (Pos, Rotation) {
    g.legal_actions()
        .into_iter()
        .find_map(|a| match a {
            Action::Place { pos, rotation } => Some((pos, rotation)),
            _ => None,
        })
        .expect("a placement")
}

/// "If a player draws one of the 4 tiles with a quarter-wind rose and, using the normal rules,
/// places it in the corresponding section, he or she immediately receives 3 points ... These
/// points are independent of any other scoring": the north-east rose north of the start tile
/// (its column is in the north-east section) scores 3 for its player, with no figure anywhere;
/// the same tile south of the start tile scores nothing.
#[test]
fn a_quarter_rose_in_its_section_scores_three_points() {
    let mut g = two_player(rules(&[]), &["wind-roses:north-east", "wind-roses:south-east"]);
    let events = place(&mut g, 0, -1, 0); // red: north of the rose
    assert_eq!(rose_points(&events), vec![(0, (0, -1), 3)]);
    assert_eq!(g.scores(), vec![3, 0]);
    // Blue's south-east rose north-east of the start tile (turned so that its field meets the
    // north-east tile's): north is not south-east.
    let events = place(&mut g, 1, -1, 90);
    assert!(rose_points(&events).is_empty());
    assert_eq!(g.scores(), vec![3, 0]);
}

/// "The fields in the horizontal and vertical rows of the starting tile are a part of two
/// sections": each quarter rose scores in the start tile's row and column on its side, and
/// nowhere on the other side.
#[test]
fn the_start_tiles_row_and_column_belong_to_two_sections() {
    let g = two_player(rules(&[]), &["base:B"]);
    let rose = |s: Symbol| Symbol::QUARTER_ROSES.iter().position(|&q| q == s).unwrap();
    let sections = |x: i16, y: i16| g.wind_rose_sections(Pos::new(x, y));
    let ne = 1 << rose(Symbol::RoseNorthEast);
    let se = 1 << rose(Symbol::RoseSouthEast);
    let sw = 1 << rose(Symbol::RoseSouthWest);
    let nw = 1 << rose(Symbol::RoseNorthWest);
    assert_eq!(sections(0, -3), ne | nw);
    assert_eq!(sections(4, 0), ne | se);
    assert_eq!(sections(0, 2), se | sw);
    assert_eq!(sections(-1, 0), sw | nw);
    assert_eq!(sections(2, -5), ne);
    assert_eq!(sections(3, 1), se);
    assert_eq!(sections(-2, 7), sw);
    assert_eq!(sections(-1, -1), nw);
    // The rose's own square is in all four.
    assert_eq!(sections(0, 0), ne | se | sw | nw);
}

/// Our reading (as JCloisterZone counts it): where the quarter tile lies decides, not how it is
/// turned: the north-east rose north of the start tile scores turned either way it fits.
#[test]
fn how_a_quarter_tile_is_turned_does_not_matter() {
    for degrees in [0, 90] {
        let mut g = two_player(rules(&[]), &["wind-roses:north-east"]);
        let events = place(&mut g, 0, -1, degrees);
        assert_eq!(rose_points(&events), vec![(0, (0, -1), 3)], "{degrees}");
    }
}

/// "The blue wind rose now, and for the rest of the game, takes over the function of the orange
/// starting wind rose ... As a result, entirely new directions of the cardinal points arise":
/// the blue rose south of the start tile, turned so that its north points west, makes the
/// north-east section the tiles west of and above it. The north-east rose east of the start tile
/// scored under the orange rose and scores nothing under the blue one; north of the start tile
/// it scores under both.
#[test]
fn the_blue_rose_takes_over_the_sections() {
    // Before the blue rose: east of the start tile is in the orange rose's north-east section.
    let mut g = two_player(rules(&[]), &["wind-roses:north-east"]);
    assert_eq!(rose_points(&place(&mut g, 1, 0, 0)), vec![(0, (1, 0), 3)]);

    let mut g = two_player(rules(&[]), &["wind-roses:blue", "wind-roses:north-east", "wind-roses:south-east"]);
    place(&mut g, 0, 1, 270); // red: the blue rose, its north pointing west
    assert_eq!(g.wind_rose(), Some((Pos::new(0, 1), Rotation::R270)));
    // Blue: east of the start tile, x = 1 is east of the blue rose's column: not its north-east.
    let events = place(&mut g, 1, 0, 0);
    assert!(rose_points(&events).is_empty(), "{events:?}");
    // Red: the south-east rose. South-east of a rose whose north points west is north-east on
    // the board: north of the north-east tile, at (1, -1), it scores.
    let events = place(&mut g, 1, -1, 180);
    assert_eq!(rose_points(&events), vec![(0, (1, -1), 3)]);
    assert_eq!(g.scores(), vec![3, 0]);
}

/// The sections around a turned blue rose, every quarter: its north pointing west, its
/// north-east is the board's north-west, and so on round.
#[test]
fn a_turned_rose_turns_the_sections() {
    let mut g = two_player(rules(&[]), &["wind-roses:blue", "base:B"]);
    place(&mut g, 0, 1, 270);
    let rose = |s: Symbol| 1u8 << Symbol::QUARTER_ROSES.iter().position(|&q| q == s).unwrap();
    // Around (0, 1), north pointing west.
    let at = |x: i16, y: i16| g.wind_rose_sections(Pos::new(x, y));
    assert_eq!(at(-3, -2), rose(Symbol::RoseNorthEast)); // the board's north-west
    assert_eq!(at(-3, 4), rose(Symbol::RoseNorthWest)); // the board's south-west
    assert_eq!(at(2, 5), rose(Symbol::RoseSouthWest)); // the board's south-east
    assert_eq!(at(2, -2), rose(Symbol::RoseSouthEast)); // the board's north-east
}

/// The Spielbox version (variant `wind-roses-spielbox`): its roses are marked only N and S, so
/// a rose divides the playing area into two sections, north and south of its row (both holding
/// the row): the north-east rose scores anywhere north, the south-east rose in the start tile's
/// row.
#[test]
fn the_spielbox_version_has_two_sections() {
    let mut g = two_player(spielbox(), &["wind-roses:north-east", "wind-roses:south-east"]);
    let events = place(&mut g, 0, -1, 0);
    assert_eq!(rose_points(&events), vec![(0, (0, -1), 3)]);
    // East of the start tile, in the rose's row, which the southern half holds too.
    let events = place(&mut g, 1, 0, 0);
    assert_eq!(rose_points(&events), vec![(1, (1, 0), 3)], "{:?}", tiles(&g));
    // Under Hans im Glück's rules the north-east rose west of the column would not score.
    let g = two_player(rules(&[]), &["base:B"]);
    let ne = 1u8 << Symbol::QUARTER_ROSES.iter().position(|&q| q == Symbol::RoseNorthEast).unwrap();
    assert_eq!(g.wind_rose_sections(Pos::new(-2, -2)) & ne, 0);
    let g = two_player(spielbox(), &["base:B"]);
    assert_ne!(g.wind_rose_sections(Pos::new(-2, -2)) & ne, 0);
}

/// Our reading: a quarter rose raised as a mountain (the variation "Mountains") shows no rose
/// and scores nothing.
#[test]
fn a_quarter_rose_raised_as_a_mountain_scores_nothing() {
    let r = Rules { variants: Variants { mountains: true, ..Variants::default() }, ..rules(&[]) };
    let mut g = two_player(r, &["wind-roses:north-east", "base:B"]);
    let raise = g.legal_actions().into_iter().find(|a| matches!(a, Action::RaiseMountain { .. }));
    let Some(raise) = raise else { panic!("no mountain: {:?}", g.legal_actions()) };
    let events = g.apply(raise).unwrap();
    assert!(rose_points(&events).is_empty());
    assert_eq!(g.scores(), vec![0, 0]);
}

/// The roses are no features: the quarter and full rose tiles hold only their roads, cities and
/// fields, and the rose symbols are on the six tiles, one each.
#[test]
fn the_six_tiles_and_their_roses() {
    let catalog = carcassonne_engine::Catalog::builtin();
    let set = catalog.set("wind-roses").unwrap();
    let designs = catalog.edition_designs(set, carcassonne_engine::Edition::First);
    assert_eq!(designs.iter().map(|&(_, n)| u32::from(n)).sum::<u32>(), 6);
    let mut symbols: Vec<&str> =
        designs.iter().flat_map(|&(id, _)| catalog.design(id).symbols.iter().map(|s| s.name())).collect();
    symbols.sort();
    assert_eq!(symbols, ["rose-ne", "rose-nw", "rose-se", "rose-sw", "wind-rose-blue", "wind-rose-orange"]);
}

/// A game's record replays to the same scores, the roses' points included.
#[test]
fn records_replay_the_roses_points() {
    let g = random_game_checked(rules(&[]), 2, 11);
    assert!(g.is_over());
}

/// Random games with the roses alone, under the Spielbox variant, with "Rebuilding" and
/// "Mountains", with every expansion and with the other starts: figures conserved, every score
/// an event, records replay, legal == check.
#[test]
fn random_games_with_the_wind_roses_keep_the_properties() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let without_starts: Vec<Expansion> = every
        .iter()
        .copied()
        .filter(|e| !matches!(e, Expansion::River | Expansion::River2 | Expansion::Count))
        .collect();
    // "Rebuilding" may move a full rose (its sections move with it) and "Mountains" may raise a
    // rose tile face down.
    let moving = Variants { rebuilding: true, mountains: true, ..Variants::default() };
    let configs = [
        (rules(&[]), 2),
        (spielbox(), 3),
        (Rules { variants: moving, ..rules(&[]) }, 2),
        (Rules { expansions: every, ..rules(&[]) }, 2),
        (Rules { expansions: without_starts, ..rules(&[]) }, 4),
    ];
    let scored: u32 = random_games_of_configs(configs, 170).iter().map(|g| g.scores().iter().sum::<u32>()).sum();
    assert!(scored > 0);
}

/// Every bot plays a game with the roses.
#[test]
fn every_bot_plays_with_the_wind_roses() {
    every_bot_plays(&rules(&[]), 150);
}
