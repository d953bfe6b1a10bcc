//! The mechanical house rules of seeds 000 and 002 ("House rules", "Common house rule or
//! variant"), each a variant that is off by default. Each sentence of a house rule, and each
//! reading docs/rules.md records where one is silent, is a named test here; the River II's
//! pig-herd rules are tested beside the pig-herd's own tests (tests/expansions.rs,
//! tests/abbey_mayor.rs).
//!
//! The start tile (base:D) lies at the origin: a city to the north, a road from west to east,
//! fields to the south (y grows southwards).

use carcassonne_engine::{
    Action, Color, Deck, Event, Expansion, FeatureKind, Game, GameSetup, Pending, Phase, Pos, RuleError, Rules,
    TableSize, Variants,
};

use crate::expansions::{random_game_checked, F};
use crate::princess_dragon::{apply, deploy, game_with, place};

const RED: u8 = 0;
const BLUE: u8 = 1;

fn with(expansions: &[Expansion], variants: Variants) -> Rules {
    Rules { expansions: expansions.to_vec(), variants }
}

fn seeded(rules: Rules, players: usize, seed: u64) -> Game {
    Game::new(GameSetup { rules, players: Color::ALL[..players].to_vec(), deck: Deck::Seed(seed) }).unwrap()
}

fn nothing_at_the_end() -> Variants {
    Variants { incomplete_features_score_nothing: true, ..Variants::default() }
}

fn holes() -> Variants {
    Variants { hole_filling_extra_turn: true, ..Variants::default() }
}

fn back_to_pile() -> Variants {
    Variants { unplayable_tiles_back: true, ..Variants::default() }
}

fn river_first() -> Variants {
    Variants { no_figures_on_river: true, ..Variants::default() }
}

/// Every house rule of this slice at once.
fn all() -> Variants {
    Variants {
        incomplete_features_score_nothing: true,
        hole_filling_extra_turn: true,
        unplayable_tiles_back: true,
        no_figures_on_river: true,
        pig_herd_scores_nothing: true,
        pig_herd_counts_for_barn: true,
        table_size: TableSize::Medium,
        table_borders_complete: true,
        ..Variants::default()
    }
}

/// The final scores of the game's last events: (kind, points) of each that paid someone.
fn final_scores(events: &[Event]) -> Vec<(FeatureKind, u32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Scored(s) if s.phase == Phase::Final && !s.players.is_empty() => Some((s.kind, s.points)),
            _ => None,
        })
        .collect()
}

// ----- Incomplete features score nothing -----

/// "Incomplete features at the end of the game do not score points at the end of the game":
/// red's road of two tiles scores nothing at the end, and red's follower stays on it; without
/// the house rule it scores 2.
#[test]
fn an_unfinished_road_scores_nothing_at_the_end() {
    for (variants, expected) in [(Variants::default(), vec![(FeatureKind::Road, 2)]), (nothing_at_the_end(), vec![])] {
        let on = variants.incomplete_features_score_nothing;
        let mut g = game_with(with(&[], variants), 2, &["base:U"]);
        place(&mut g, 1, 0);
        let events = deploy(&mut g, F, "road@E");
        assert!(g.is_over());
        assert_eq!(final_scores(&events), expected, "house rule {on}");
        assert_eq!(g.scores(), vec![expected.first().map_or(0, |s| s.1), 0]);
        assert_eq!(g.figures().len(), usize::from(on), "the follower stays only under the house rule");
    }
}

/// Our reading: the farms, which are scored only at the end, still score, and only they do.
/// Random games under the house rule: no road, city or cloister scores at the end, and farms
/// do in some of them.
#[test]
fn farms_still_score_at_the_end_and_nothing_else_does() {
    let mut farm_points = 0;
    for seed in 0..12u64 {
        let mut g = seeded(with(&[], nothing_at_the_end()), 2, 900 + seed);
        let mut bot = carcassonne_bots::bot_by_name("random", seed).unwrap();
        let mut last = vec![];
        while g.pending().player().is_some() {
            let action = bot.choose_action(&g.observation(g.pending().player()));
            last = g.apply(action).unwrap();
        }
        for (kind, points) in final_scores(&last) {
            assert_eq!(kind, FeatureKind::Field, "seed {seed}: an unfinished {kind:?} scored {points}");
            farm_points += points;
        }
    }
    assert!(farm_points > 0, "no farm scored in twelve games");
}

// ----- Filling a hole earns a turn -----

/// The hole at (0, 1): south of the start tile, closed by tiles at (1, 1), (0, 2) and (-1, 1).
/// Red, Blue, Red, Blue, Red, Blue place around it; the seventh tile, red's, fills it.
fn around_the_hole(variants: Variants, expansions: &[Expansion], extra: &[&str]) -> Game {
    let deck = [&["base:U", "base:B", "base:B", "base:B", "base:B", "base:B"][..], extra].concat();
    let mut g = game_with(with(expansions, variants), 2, &deck);
    for (x, y) in [(1, 0), (1, 1), (1, 2), (0, 2), (-1, 2), (-1, 1)] {
        if let Pending::Abbey { .. } = g.pending() {
            apply(&mut g, Action::Pass);
        }
        place(&mut g, x, y);
        apply(&mut g, Action::Pass);
    }
    g
}

/// "If you place a tile that fills a hole in the playing field by touching something on all
/// four adjacent sides, you get another turn": red fills the hole and plays again; without the
/// house rule blue is next.
#[test]
fn filling_a_hole_earns_another_turn() {
    for (variants, next) in [(Variants::default(), BLUE), (holes(), RED)] {
        let mut g = around_the_hole(variants.clone(), &[], &["base:B", "base:B", "base:B"]);
        assert_eq!(g.pending().player(), Some(RED));
        place(&mut g, 0, 1);
        let events = apply(&mut g, Action::Pass);
        assert_eq!(
            events.iter().any(|e| matches!(e, Event::HoleFilled { player: RED })),
            variants.hole_filling_extra_turn
        );
        assert_eq!(g.pending().player(), Some(next), "{variants:?}");
        // A tile that touches fewer than four tiles earns nothing.
        place(&mut g, 2, 1);
        apply(&mut g, Action::Pass);
        assert_eq!(g.pending().player(), Some(1 - next));
    }
}

/// A placement at (x, y) and the figure deployed on the named feature, if any.
type Turn<'a> = (i16, i16, Option<(carcassonne_engine::Figure, &'a str)>);

/// Our reading: when one tile earns both the builder's second tile and a hole's turn, the player
/// takes both: first the builder's tile, then the hole's turn. Red's thief and builder stand on
/// the road (1, 1)-(2, 1); red's straight road at (0, 1) extends it and fills the hole beside the
/// start tile.
#[test]
fn a_hole_and_a_builder_give_two_more_turns() {
    let rules = with(&[Expansion::TradersBuilders], holes());
    let (u, b) = ("base:U", "base:B");
    let mut g = game_with(rules, 2, &[u, u, u, b, u, b, u, b, u, b, b, b, b]);
    let turns: [Turn; 8] = [
        (1, 0, None),
        (-1, 0, None),
        (1, 1, Some((F, "road@E"))),
        (1, 2, None),
        (2, 1, Some((carcassonne_engine::Figure::Builder, "road@E"))),
        (0, 2, None),
        (-1, 1, None),
        (2, 2, None),
    ];
    for (x, y, figure) in turns {
        place(&mut g, x, y);
        match figure {
            Some((figure, name)) => deploy(&mut g, figure, name),
            None => apply(&mut g, Action::Pass),
        };
    }
    assert_eq!(g.pending().player(), Some(RED));
    place(&mut g, 0, 1);
    let events = apply(&mut g, Action::Pass);
    assert!(events.iter().any(|e| matches!(e, Event::DoubleTurn { player: RED })), "{events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::HoleFilled { .. })), "the builder's tile comes first");
    let anywhere = |g: &Game| g.legal_actions().into_iter().find(|a| matches!(a, Action::Place { .. })).unwrap();
    let second = anywhere(&g);
    apply(&mut g, second);
    let events = apply(&mut g, Action::Pass);
    assert!(events.iter().any(|e| matches!(e, Event::HoleFilled { player: RED })), "{events:?}");
    assert_eq!(g.pending().player(), Some(RED), "the hole's turn");
    let third = anywhere(&g);
    apply(&mut g, third);
    apply(&mut g, Action::Pass);
    assert_eq!(g.pending().player(), Some(BLUE));
}

/// "(Does not apply to the abbey tile.)": blue's abbey placed in the hole earns no turn.
#[test]
fn the_abbey_in_a_hole_earns_no_turn() {
    let mut g = around_the_hole(holes(), &[Expansion::AbbeyMayor], &["base:B", "base:B"]);
    // Red declines the abbey, places elsewhere; blue places the abbey in the hole.
    apply(&mut g, Action::Pass);
    place(&mut g, 2, 1);
    apply(&mut g, Action::Pass);
    assert_eq!(g.pending(), Pending::Abbey { player: BLUE });
    apply(&mut g, Action::PlaceAbbey { pos: Pos::new(0, 1) });
    let events = apply(&mut g, Action::Pass);
    assert!(!events.iter().any(|e| matches!(e, Event::HoleFilled { .. })), "{events:?}");
    assert_eq!(g.pending().player(), Some(RED));
}

/// Our reading: each hole filled earns a turn, also in a turn that was itself earned. Two
/// holes, at (0, 1) and (2, 1); red fills the first, then in the turn it earns the second,
/// and plays a third turn.
#[test]
fn a_hole_filled_in_an_earned_turn_earns_another() {
    let b = "base:B";
    let deck = ["base:U", b, b, b, b, b, "base:U", b, b, b, b, b, b, b];
    let mut g = game_with(with(&[], holes()), 2, &deck);
    let around = [(1, 0), (1, 1), (1, 2), (0, 2), (-1, 2), (-1, 1), (2, 0), (2, 2), (3, 2), (3, 1)];
    for (i, (x, y)) in around.into_iter().enumerate() {
        assert_eq!(g.pending().player(), Some(i as u8 % 2));
        place(&mut g, x, y);
        apply(&mut g, Action::Pass);
    }
    let mut earned = 0;
    for (x, y) in [(0, 1), (2, 1)] {
        assert_eq!(g.pending().player(), Some(RED));
        place(&mut g, x, y);
        let events = apply(&mut g, Action::Pass);
        earned += events.iter().filter(|e| matches!(e, Event::HoleFilled { player: RED })).count();
    }
    assert_eq!(earned, 2);
    assert_eq!(g.pending().player(), Some(RED), "red's third turn");
    place(&mut g, 4, 1);
    apply(&mut g, Action::Pass);
    assert_eq!(g.pending().player(), Some(BLUE));
}

// ----- Unplayable tiles back into the pile -----

/// "unplayable tiles can be put back into the bag rather than set to one side": the four-sided
/// city fits nowhere once the start tile's city is closed; it goes back under the pile while a
/// tile there fits, and leaves the game only when none does.
#[test]
fn a_tile_that_fits_nowhere_goes_back_while_another_fits() {
    let deck = ["base:E", "base:C", "base:B", "base:B"];
    for variants in [Variants::default(), back_to_pile()] {
        let on = variants.unplayable_tiles_back;
        let mut g = game_with(with(&[], variants), 2, &deck);
        // Red closes the start tile's city with a city cap at (0, -1).
        let cap = g
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Place { pos, .. } if *pos == Pos::new(0, -1)))
            .unwrap();
        let events = [apply(&mut g, cap), apply(&mut g, Action::Pass)].concat();
        let back = events.iter().filter(|e| matches!(e, Event::TileBackToPile { player: BLUE, .. })).count();
        let gone = events.iter().filter(|e| matches!(e, Event::TileDiscarded { player: BLUE, .. })).count();
        assert_eq!((back, gone), if on { (1, 0) } else { (0, 1) }, "house rule {on}: {events:?}");
        assert_eq!(g.discarded().len(), usize::from(!on));
        // Both cloisters are placed; then the city, drawn again, fits nowhere and no tile is
        // left that fits: it leaves the game, and the game ends.
        place(&mut g, 0, 1);
        apply(&mut g, Action::Pass);
        place(&mut g, 1, 1);
        let events = apply(&mut g, Action::Pass);
        assert!(g.is_over());
        assert_eq!(g.discarded().len(), 1);
        assert_eq!(events.iter().any(|e| matches!(e, Event::TileDiscarded { .. })), on, "{events:?}");
    }
}

// ----- No figures until the river is laid -----

/// "You are not permitted to lay down any meeples until the entire river is down": on a river
/// tile no deployment is offered and one is refused; after the lake the first land tile takes
/// a monk.
#[test]
fn no_figure_goes_down_until_the_river_is_laid() {
    let deck = ["river:04", "river:07", "river:02", "base:B"];
    let mut g = game_with(with(&[Expansion::River], river_first()), 2, &deck);
    for x in 1..=3 {
        place(&mut g, x, 0);
        assert_eq!(g.legal_actions(), vec![Action::Pass], "at ({x}, 0)");
        let field = 0;
        let before = format!("{g:?}");
        assert_eq!(g.apply(Action::Deploy { figure: F, feature: field }), Err(RuleError::NoFigureWhileRiverIsLaid));
        assert_eq!(format!("{g:?}"), before);
        apply(&mut g, Action::Pass);
    }
    place(&mut g, 0, 1);
    let events = deploy(&mut g, F, "cloister");
    assert!(events.iter().any(|e| matches!(e, Event::FigureDeployed { .. })), "{events:?}");
    // Without the house rule the first river tile takes a farmer.
    let mut g = game_with(with(&[Expansion::River], Variants::default()), 2, &deck);
    place(&mut g, 1, 0);
    apply(&mut g, Action::Deploy { figure: F, feature: 0 });
}

/// Our reading: the base start tile mixed into the river's tiles is placed "while the river is
/// not down" and takes no figure either.
#[test]
fn the_start_tile_mixed_into_the_river_takes_no_figure_either() {
    let variants =
        Variants { river_start_tile: carcassonne_engine::rules::RiverStartTile::InRiverStack, ..river_first() };
    let mut g = game_with(with(&[Expansion::River], variants), 2, &["river:04", "base:D", "river:02", "base:B"]);
    place(&mut g, 1, 0);
    apply(&mut g, Action::Pass);
    let Pending::PlaceTile { tile, .. } = g.pending() else { panic!("{:?}", g.pending()) };
    assert_eq!(g.design(tile).id, "base:D");
    let at = g
        .legal_actions()
        .into_iter()
        .find_map(|a| match a {
            Action::Place { pos, .. } => Some(pos),
            _ => None,
        })
        .unwrap();
    place(&mut g, at.x, at.y);
    assert_eq!(g.legal_actions(), vec![Action::Pass]);
}

// ----- The edge of the table -----

fn table(size: TableSize) -> Variants {
    Variants { table_size: size, ..Variants::default() }
}

/// "The edge of the table limits the playing area. Thus, a player may not place a tile past the
/// edge of the table": on the 19 × 13 table the start tile's road reaches the east edge at
/// x = 9; the tenth road tile is offered nowhere past it, and a placement there is refused.
#[test]
fn no_tile_goes_past_the_edge_of_the_table() {
    let mut g = game_with(with(&[], table(TableSize::Small)), 2, &["base:U"; 11]);
    for x in 1..=9 {
        place(&mut g, x, 0);
        apply(&mut g, Action::Pass);
    }
    let legal = g.legal_actions();
    assert!(legal.iter().all(|a| matches!(a, Action::Place { pos, .. } if pos.x.abs() <= 9)), "{legal:?}");
    assert!(!legal.is_empty(), "the west end is still open");
    let past = Action::Place { pos: Pos::new(10, 0), rotation: carcassonne_engine::Rotation::R0 };
    let before = format!("{g:?}");
    assert_eq!(g.apply(past), Err(RuleError::OffTheTable(Pos::new(10, 0))));
    assert_eq!(format!("{g:?}"), before);
    // Without the house rule the road goes on.
    let mut g = game_with(with(&[], Variants::default()), 2, &["base:U"; 11]);
    for x in 1..=10 {
        place(&mut g, x, 0);
        apply(&mut g, Action::Pass);
    }
}

/// "Table borders COMPLETE features as an abbey would": red's road from the cloister at (-1, 0)
/// runs east to the edge of the 19 × 13 table at (9, 0): the edge ends it, and red's thief
/// scores its 11 tiles at once; without the house rule the road stays open.
#[test]
fn the_edge_of_the_table_completes_a_road() {
    for complete in [false, true] {
        let variants = Variants { table_borders_complete: complete, ..table(TableSize::Small) };
        let mut deck = vec!["base:U"; 9];
        deck.extend(["base:A", "base:B"]);
        let mut g = game_with(with(&[], variants), 2, &deck);
        place(&mut g, 1, 0);
        deploy(&mut g, F, "road@E");
        for x in 2..=9 {
            place(&mut g, x, 0);
            apply(&mut g, Action::Pass);
        }
        place(&mut g, -1, 0);
        let events = apply(&mut g, Action::Pass);
        let roads: Vec<u32> = events
            .iter()
            .filter_map(|e| match e {
                Event::Scored(s) if s.kind == FeatureKind::Road && s.phase == Phase::Turn => Some(s.points),
                _ => None,
            })
            .collect();
        assert_eq!(roads, if complete { vec![11] } else { vec![] }, "borders complete: {complete}");
    }
}

/// Random games on each table keep every tile on it (the Count's city and the river too) and
/// keep the expansions' properties.
#[test]
fn random_games_stay_on_the_table() {
    for (i, size) in [TableSize::Small, TableSize::Medium, TableSize::Large].into_iter().enumerate() {
        let (w, h) = size.tiles().unwrap();
        for expansions in [vec![], Expansion::ALL.to_vec()] {
            let g = random_game_checked(with(&expansions, table(size)), 2 + i, 820 + i as u64);
            for t in g.board().tiles() {
                assert!(t.pos.x.abs() <= w / 2 && t.pos.y.abs() <= h / 2, "{size:?}: a tile at {}", t.pos);
            }
        }
    }
}

// ----- Random games, bots, records -----

/// Random games under each house rule alone and with every expansion keep the properties of
/// the expansions' random games (figures conserved, scores never falling, illegal actions
/// refused without a change, records replaying).
#[test]
fn random_games_with_the_house_rules_keep_the_properties() {
    let each = [
        nothing_at_the_end(),
        holes(),
        back_to_pile(),
        river_first(),
        Variants { pig_herd_scores_nothing: true, ..Variants::default() },
        Variants { pig_herd_counts_for_barn: true, ..Variants::default() },
    ];
    for (i, variants) in each.into_iter().enumerate() {
        random_game_checked(with(&[], variants.clone()), 2 + i % 3, 800 + i as u64);
        random_game_checked(with(&Expansion::ALL, variants), 3 + i % 3, 850 + i as u64);
    }
    for seed in 0..3u64 {
        random_game_checked(with(&Expansion::ALL, all()), 2 + seed as usize, 870 + seed);
    }
}

/// Every bot plays a game with every house rule to the end, and filling holes earns turns.
#[test]
fn every_bot_plays_the_house_rules() {
    for name in ["random", "greedy", "mcts:iters=30"] {
        let mut g = seeded(with(&[Expansion::River, Expansion::AbbeyMayor], all()), 3, 41);
        let mut bots: Vec<_> = (0..3u64).map(|k| carcassonne_bots::bot_by_name(name, k).unwrap()).collect();
        while let Some(p) = g.pending().player() {
            let action = bots[p as usize].choose_action(&g.observation(Some(p)));
            g.apply(action).unwrap();
        }
        assert!(g.is_over(), "{name}");
    }
}

/// `simulate --variant` plays the house rules, its record keeps them, and `replay` reads it.
#[test]
fn the_command_line_plays_and_replays_the_house_rules() {
    let path = crate::support::temp_path("house-rules.json");
    let file = path.to_str().unwrap();
    let mut args = vec!["simulate", "--games", "1", "--players", "3", "--seed", "5", "--record-out", file];
    args.extend(["--expansions", "river,abbey-mayor"]);
    for name in [
        "incomplete-features-score-nothing",
        "hole-filling-extra-turn",
        "unplayable-tiles-back",
        "no-figures-on-river",
        "pig-herd-scores-nothing",
        "pig-herd-counts-for-barn",
    ] {
        args.extend(["--variant", Box::leak(format!("{name}=true").into_boxed_str())]);
    }
    args.extend(["--variant", "table-size=19x13", "--variant", "table-borders-complete=true"]);
    crate::support::ok(&args);
    let json = crate::support::json_of(&std::fs::read_to_string(&path).unwrap());
    assert_eq!(json["rules"]["variants"]["hole-filling-extra-turn"], true);
    assert_eq!(json["rules"]["variants"]["incomplete-features-score-nothing"], true);
    assert_eq!(json["rules"]["variants"]["table-size"], "19x13");
    let text = crate::support::ok(&["replay", file]);
    assert!(text.contains("final"), "{text}");
    std::fs::remove_file(&path).ok();
}

fn reversed() -> Variants {
    Variants { river_reversed: true, ..Variants::default() }
}

/// The start tile of a game played by random players, and its river tiles in the order they
/// were placed (the order they were drawn: each river tile is placed as it is drawn).
fn river_draws(rules: Rules, seed: u64) -> (String, Vec<String>) {
    let mut g = seeded(rules, 2, seed);
    let mut bot = carcassonne_bots::RandomBot::new(seed);
    while let Some(p) = g.pending().player() {
        let action = carcassonne_bots::Bot::choose_action(&mut bot, &g.observation(Some(p)));
        g.apply(action).unwrap();
    }
    let ids: Vec<String> = g.board().tiles().iter().map(|t| g.design(t.tile).id.clone()).collect();
    let river = g.board().tiles()[1..].iter().filter(|t| g.design(t.tile).has_river());
    (ids[0].clone(), river.map(|t| g.design(t.tile).id.clone()).collect())
}

/// The River (seed 000, "House rules for The River", Scott): "Lay the river in reverse order,
/// from lake to spring": the lake is the start tile, the spring the last river tile drawn, and
/// the river is laid whole between them (each tile continuing it, as from the spring).
#[test]
fn the_river_is_laid_from_the_lake_to_the_spring() {
    for seed in 0..4 {
        let (start, drawn) = river_draws(with(&[Expansion::River], reversed()), seed);
        assert_eq!(start, "river:02", "the lake starts");
        assert_eq!(drawn.last().map(String::as_str), Some("river:01"), "the spring ends: {drawn:?}");
        assert!(!drawn.contains(&"river:02".to_string()), "one lake: {drawn:?}");
        // Without the house rule, the other way round.
        let (start, drawn) = river_draws(with(&[Expansion::River], Variants::default()), seed);
        assert_eq!(start, "river:01");
        assert_eq!(drawn.last().map(String::as_str), Some("river:02"));
    }
}

/// The river laid in reverse keeps every property of random games, alone, with The River II and
/// with every expansion (our reading with The River II: the fork comes right after the lake, as
/// it comes right after the spring).
#[test]
fn random_games_with_the_river_reversed_keep_the_properties() {
    for seed in 0..4 {
        random_game_checked(with(&[Expansion::River], reversed()), 2 + seed as usize % 3, 800 + seed);
        random_game_checked(with(&[Expansion::River, Expansion::River2], reversed()), 3, 810 + seed);
    }
    random_game_checked(with(&Expansion::ALL, reversed()), 4, 820);
}
