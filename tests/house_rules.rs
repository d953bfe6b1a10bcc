//! The mechanical house rules of seeds 000 and 002 ("House rules", "Common house rule or
//! variant"), each a variant that is off by default. Each sentence of a house rule, and each
//! reading docs/rules.md records where one is silent, is a named test here; the River II's
//! pig-herd rules are tested beside the pig-herd's own tests (tests/expansions.rs,
//! tests/abbey_mayor.rs).
//!
//! The start tile (base:D) lies at the origin: a city to the north, a road from west to east,
//! fields to the south (y grows southwards).

use carcassonne_engine::{
    Action, Color, Deck, Event, Expansion, FeatureKind, Game, GameSetup, Pending, Phase, Pos, RiverOrder, RuleError,
    Rules, SetupError, TableSize, ThreeTileHand, Variants,
};

use crate::expansions::{random_game_checked, F};
use crate::princess_dragon::{apply, deploy, game_with, place, place_turned};

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
        let g = played_by(seeded(with(&[Expansion::River, Expansion::AbbeyMayor], all()), 3, 41), name);
        assert!(g.is_over(), "{name}");
    }
}

/// `game` played by bots of the kind `name` (one per seat) until no decision is pending.
fn played_by(mut game: Game, name: &str) -> Game {
    let seats = game.players().len() as u64;
    let mut bots: Vec<_> = (0..seats).map(|k| carcassonne_bots::bot_by_name(name, k).unwrap()).collect();
    while let Some(p) = game.pending().player() {
        let action = bots[p as usize].choose_action(&game.observation(Some(p)));
        game.apply(action).unwrap();
    }
    game
}

/// Every bot plays each order of the river to the end, with the river sets it needs (and The
/// Count of Carcassonne for the orders whose first tile a player places by the city).
#[test]
fn every_bot_plays_every_order_of_the_river() {
    use Expansion::{Count, River, River2};
    let orders = [
        (RiverOrder::LakeFirst, &[River, Count][..]),
        (RiverOrder::Shuffled, &[River, River2][..]),
        (RiverOrder::ForkFirst, &[River2][..]),
        (RiverOrder::ForkFirstEndsLast, &[River2, Count][..]),
        (RiverOrder::TwoSprings, &[River, River2][..]),
    ];
    for (order, sets) in orders {
        for name in ["random", "greedy", "mcts:iters=10"] {
            let g = played_by(seeded(with(sets, ordered(order)), 2, 43), name);
            assert!(g.is_over(), "{name}, {order:?}");
        }
    }
}

/// `simulate --variant river-order=...` lays the river in that order, its record keeps the order,
/// and `replay` reads it; an order the sets cannot lay is refused with what it needs.
#[test]
fn the_command_line_plays_and_replays_an_order_of_the_river() {
    let path = crate::support::temp_path("river-order.json");
    let file = path.to_str().unwrap();
    // With the base start tile put into the bag too (dwhitworth: "the original starting tile may
    // be put into the bag").
    let args = "simulate --games 1 --seed 3 --expansions river,river-2 --variant river-order=two-springs \
                --variant river-start-tile=shuffled";
    crate::support::ok(&[args.split_whitespace().collect::<Vec<_>>(), vec!["--record-out", file]].concat());
    let json = crate::support::json_of(&std::fs::read_to_string(&path).unwrap());
    assert_eq!(json["rules"]["variants"]["river-order"], "two-springs");
    assert_eq!(json["rules"]["variants"]["river-start-tile"], "shuffled");
    let text = crate::support::ok(&["replay", file]);
    assert!(text.contains("final"), "{text}");
    std::fs::remove_file(&path).ok();
    let refused = "simulate --games 1 --expansions river --variant river-order=fork-first";
    let refused = crate::support::fails(&refused.split(' ').collect::<Vec<_>>());
    assert!(refused.contains("river order `fork-first`") && refused.contains("river-2"), "{refused}");
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
    Variants { river_order: RiverOrder::LakeFirst, ..Variants::default() }
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

/// Every order of the river keeps every property of random games, alone (each with the river
/// sets it needs, and with all three river sets) and with every expansion. Our reading with
/// The River II laid from the lake: the fork comes right after the lake, as it comes right
/// after the spring.
#[test]
fn random_games_in_every_order_of_the_river_keep_the_properties() {
    use Expansion::{Gq11, River, River2};
    let orders = [
        (RiverOrder::LakeFirst, &[River][..]),
        (RiverOrder::Shuffled, &[River][..]),
        (RiverOrder::ForkFirst, &[River2][..]),
        (RiverOrder::ForkFirstEndsLast, &[River2][..]),
        (RiverOrder::TwoSprings, &[River, River2][..]),
    ];
    for (n, (order, sets)) in orders.into_iter().enumerate() {
        let variants = Variants { river_order: order, ..Variants::default() };
        for seed in 0..3 {
            let seed = 800 + 10 * n as u64 + seed;
            random_game_checked(with(sets, variants.clone()), 2 + seed as usize % 3, seed);
        }
        random_game_checked(with(&[River, River2, Gq11], variants.clone()), 3, 850 + n as u64);
        random_game_checked(with(&Expansion::ALL, variants), 4, 860 + n as u64);
    }
}

/// The river tiles of a game played by random players in the order they were drawn, each with
/// whether it was placed (a river tile is placed as it is drawn, or leaves the game), after the
/// start tile.
fn river_log(rules: Rules, players: usize, seed: u64) -> (String, Vec<(String, bool)>) {
    let mut g = seeded(rules, players, seed);
    let mut bot = carcassonne_bots::RandomBot::new(seed);
    let mut log = vec![];
    let name = |g: &Game, t| g.design(t).id.clone();
    while let Some(p) = g.pending().player() {
        if let Pending::PlaceTile { tile, .. } = g.pending() {
            if g.design(tile).has_river() {
                log.push((name(&g, tile), true));
            }
        }
        let action = carcassonne_bots::Bot::choose_action(&mut bot, &g.observation(Some(p)));
        for event in g.apply(action).unwrap() {
            if let Event::TileDiscarded { tile, .. } = event {
                if g.design(tile).has_river() {
                    log.push((name(&g, tile), false));
                }
            }
        }
    }
    (name(&g, g.board().tiles()[0].tile), log)
}

fn ordered(order: RiverOrder) -> Variants {
    Variants { river_order: order, ..Variants::default() }
}

/// The River (seed 000, "House rules for The River", DavidP): "Instead of starting with the
/// spring and setting aside the lake, put all of the river pieces into the bag. In this way the
/// river can be any size and there is usually more than one option for placing a river tile."
/// The first river tile drawn starts the game, whichever it is; the others follow in random
/// order; a river tile drawn once the spring and the lake have closed both ends fits nowhere and
/// leaves the game, so the river is shorter.
#[test]
fn all_river_tiles_shuffled_make_a_river_of_any_size() {
    let mut starts = std::collections::BTreeSet::new();
    let mut shortened = 0;
    for seed in 0..24 {
        let (start, log) = river_log(with(&[Expansion::River], ordered(RiverOrder::Shuffled)), 2, seed);
        assert!(start.starts_with("river:"), "a river tile starts: {start}");
        starts.insert(start.clone());
        // The twelve river tiles: the start and eleven drawn.
        let mut all: Vec<&str> = log.iter().map(|(t, _)| t.as_str()).chain([start.as_str()]).collect();
        all.sort();
        assert_eq!(all.len(), 12, "seed {seed}: {log:?}");
        assert!(all.contains(&"river:01") && all.contains(&"river:02"), "the spring and the lake are in the bag");
        // Each river tile is placed until both ends are closed, and none after.
        let closers = ["river:01", "river:02"];
        let ends_at_start = if closers.contains(&start.as_str()) { 1 } else { 2 };
        let mut open = ends_at_start;
        for (tile, placed) in &log {
            if open == 0 {
                assert!(!placed, "seed {seed}: {tile} placed after the river was closed: {log:?}");
                continue;
            }
            if closers.contains(&tile.as_str()) && *placed {
                open -= 1;
            }
        }
        if log.iter().any(|(_, placed)| !placed) {
            shortened += 1;
        }
    }
    assert!(starts.len() >= 4, "the start varies: {starts:?}");
    assert!(shortened > 0, "some river ends early");
}

/// The river laid from the lake with The River II and The Princess & the Dragon: the volcano
/// lake as the start tile is placed by nobody, so it brings no dragon (the dragon comes with the
/// next volcano); with The Count of Carcassonne the first player places it by the city, and it
/// is a volcano as any other: the dragon goes on it and the player takes another tile.
#[test]
fn the_volcano_lake_brings_the_dragon_only_when_a_player_places_it() {
    use Expansion::{Count, PrincessDragon, River2};
    let g = seeded(with(&[River2, PrincessDragon], ordered(RiverOrder::LakeFirst)), 2, 1);
    assert_eq!(g.design(g.board().tiles()[0].tile).id, "river-2:03", "the volcano lake starts");
    assert_eq!(g.dragon(), None);

    let mut g = seeded(with(&[River2, PrincessDragon, Count], ordered(RiverOrder::LakeFirst)), 2, 1);
    let Pending::PlaceTile { player: 0, tile } = g.pending() else { panic!("{:?}", g.pending()) };
    assert_eq!(g.design(tile).id, "river-2:03");
    let place = g.legal_actions()[0];
    let Action::Place { pos, .. } = place else { panic!("{place:?}") };
    let mut events = g.apply(place).unwrap();
    while !matches!(g.pending(), Pending::PlaceTile { .. }) {
        events.extend(g.apply(Action::Pass).unwrap());
    }
    assert_eq!(g.dragon(), Some(pos), "the dragon on the volcano: {events:?}");
    assert!(events.contains(&Event::ExtraTurn { player: 0 }), "{events:?}");
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 0, .. }), "another tile for the first player");
}

/// The River II (seed 000, "House rules for The River II", Joff): "Play the fork of the river
/// first, and lay the spring last. The lakes are mixed in with the other river tiles." The fork
/// starts with three open branches; the lakes (the volcano lake and the river into a city) come
/// among the other tiles and the spring is the last river tile drawn, so it ends the third.
#[test]
fn the_fork_starts_and_the_spring_comes_last() {
    let mut lake_not_last = false;
    for seed in 0..6 {
        let (start, log) = river_log(with(&[Expansion::River2], ordered(RiverOrder::ForkFirst)), 3, seed);
        assert_eq!(start, "river-2:04", "the fork starts");
        // (It ends the last branch unless the tiles around that end leave it no fit.)
        assert_eq!(log.last().map(|(t, _)| t.as_str()), Some("river-2:01"), "seed {seed}: {log:?}");
        assert_eq!(log.len(), 11, "every other River II tile: {log:?}");
        let lakes: Vec<usize> = log
            .iter()
            .enumerate()
            .filter(|(_, (t, _))| t == "river-2:03" || t == "river-2:02")
            .map(|(i, _)| i)
            .collect();
        assert_eq!(lakes.len(), 2);
        lake_not_last |= lakes.iter().any(|&i| i < 8);
    }
    assert!(lake_not_last, "the lakes are mixed in");
}

/// The River II (seed 000, Scott): "Start from the fork, playing tiles on all three branches.
/// Play the spring and lake tiles at the end": the fork starts and the last three river tiles
/// are the spring and the two lakes, which end the three branches (each where it fits: a branch
/// hemmed in by the others may be left open); in these games every river tile before them finds
/// an open end.
#[test]
fn from_the_fork_the_spring_and_the_lakes_come_last() {
    for seed in 0..6 {
        let (start, log) = river_log(with(&[Expansion::River2], ordered(RiverOrder::ForkFirstEndsLast)), 2, seed);
        assert_eq!(start, "river-2:04");
        let mut last: Vec<&str> = log[log.len() - 3..].iter().map(|(t, _)| t.as_str()).collect();
        last.sort();
        assert_eq!(last, ["river-2:01", "river-2:02", "river-2:03"], "seed {seed}: {log:?}");
        assert!(log[..log.len() - 3].iter().all(|(_, placed)| *placed), "seed {seed}: three ends stay open: {log:?}");
    }
}

/// The River and The River II (seed 000, dwhitworth): "Play both rivers backwards starting with
/// the city/lake [...] Discard two lakes—the plain one from River I and the volcano. To set up,
/// place the lake tile, put one spring tile aside as a final ending tile, and then split the
/// balance of the river tiles into two stacks. The junction tile is shuffled into stack 1 and
/// the other spring into stack 2. Then the stack 1 is placed on stack 2—so that the junction
/// will be drawn sometime before the spring."
#[test]
fn two_springs_feed_the_river_laid_backwards() {
    for seed in 0..6 {
        let rules = with(&[Expansion::River, Expansion::River2], ordered(RiverOrder::TwoSprings));
        let (start, log) = river_log(rules, 2, seed);
        assert_eq!(start, "river-2:02", "the River II's river into a city starts");
        let tiles: Vec<&str> = log.iter().map(|(t, _)| t.as_str()).collect();
        assert!(!tiles.contains(&"river:02") && !tiles.contains(&"river-2:03"), "no lake: {tiles:?}");
        // 10 + 8 plain tiles, the fork and two springs.
        assert_eq!(tiles.len(), 21, "{tiles:?}");
        let fork = tiles.iter().position(|t| *t == "river-2:04").unwrap();
        assert!(fork < 10, "seed {seed}: the fork is in the first stack: {tiles:?}");
        // Seed 004's spring (the River II's) is the final tile, The River's is in the second stack.
        assert_eq!(tiles.last(), Some(&"river-2:01"), "{tiles:?}");
        let other = tiles.iter().position(|t| *t == "river:01").unwrap();
        assert!((10..20).contains(&other), "seed {seed}: the other spring is in the second stack: {tiles:?}");
    }
}

/// The orders that need The River II refuse river sets without it, and say what they need; without
/// a river the order has nothing to act on.
#[test]
fn an_order_the_river_sets_cannot_lay_is_refused() {
    let setup = |expansions: &[Expansion], order| GameSetup {
        rules: with(expansions, ordered(order)),
        players: vec![Color::Red, Color::Blue],
        deck: Deck::Seed(1),
    };
    for (sets, order) in [
        (&[Expansion::River][..], RiverOrder::ForkFirst),
        (&[Expansion::River][..], RiverOrder::ForkFirstEndsLast),
        (&[Expansion::River2][..], RiverOrder::TwoSprings),
        (&[Expansion::River, Expansion::Gq11][..], RiverOrder::TwoSprings),
    ] {
        let Err(error) = Game::new(setup(sets, order)) else { panic!("{order:?} with {sets:?} is refused") };
        assert_eq!(error, SetupError::RiverOrderNeeds(order.name()));
        assert!(error.to_string().contains("river-2"), "{error}");
    }
    assert!(Game::new(setup(&[Expansion::River2, Expansion::Gq11], RiverOrder::TwoSprings)).is_ok());
    assert!(Game::new(setup(&[], RiverOrder::TwoSprings)).is_ok());
    assert!(Game::new(setup(&[Expansion::InnsCathedrals], RiverOrder::ForkFirst)).is_ok());
}

/// The Count of Carcassonne with the river laid from the lake (seed 000, Scott: "might be more
/// desirable, when playing the Count of Carcassonne expansion, to have the lake near the City
/// of Carcassonne"): the city alone is laid out; the first player draws the lake and places it
/// where it fits (next to the city), and the river then runs from it.
#[test]
fn with_the_count_the_first_player_places_the_lake_by_the_city() {
    let rules = with(&[Expansion::River, Expansion::Count], ordered(RiverOrder::LakeFirst));
    let mut g = seeded(rules, 2, 3);
    assert_eq!(g.board().tiles().len(), 12, "the city of Carcassonne alone");
    assert!(g.board().tiles().iter().all(|t| !g.design(t.tile).has_river()));
    let Pending::PlaceTile { player: 0, tile } = g.pending() else { panic!("{:?}", g.pending()) };
    assert_eq!(g.design(tile).id, "river:02", "the first player draws the lake");
    let places = g.legal_actions();
    assert!(!places.is_empty(), "the lake fits by the city");
    let first = places[0];
    g.apply(first).unwrap();
    // The river continues from the lake: the next river tile goes only where the lake's river
    // leaves it.
    while !matches!(g.pending(), Pending::PlaceTile { .. }) {
        g.apply(Action::Pass).unwrap();
    }
    let Pending::PlaceTile { tile, .. } = g.pending() else { unreachable!() };
    assert!(g.design(tile).has_river());
    let lake = *g.board().tiles().last().unwrap();
    let allowed: std::collections::BTreeSet<Pos> = g
        .legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::Place { pos, .. } => Some(*pos),
            _ => None,
        })
        .collect();
    assert_eq!(allowed.len(), 1, "{allowed:?}");
    let next = *allowed.iter().next().unwrap();
    assert_eq!((next.x - lake.pos.x).abs() + (next.y - lake.pos.y).abs(), 1, "beside the lake");
}

// ----- A three-tile hand -----

fn three_tile_hand(visibility: ThreeTileHand) -> Variants {
    Variants { three_tile_hand: visibility, ..Variants::default() }
}

/// Seeds 000 and 002 (House rules, DavidP and youtch): "Play with a three-tile hand. [...] Play
/// your turn [...] and then draw back up to three tiles": the tile placed leaves a hand of two
/// until the turn passes on, when the hand is refilled; the variation "More tiles in hand"
/// refills it as soon as the tile is placed ("After the placement of a land tile, another is
/// drawn into the hand").
#[test]
fn a_three_tile_hand_is_refilled_when_the_turn_passes_on() {
    let mut g = seeded(with(&[], three_tile_hand(ThreeTileHand::Hidden)), 2, 1);
    assert_eq!((g.hand(0).len(), g.hand(1).len()), (3, 3), "three tiles dealt to each");
    let Pending::ChooseTile { player: 0, .. } = g.pending() else { panic!("{:?}", g.pending()) };
    let choice = g.legal_actions()[0];
    apply(&mut g, choice);
    let place = g.legal_actions()[0];
    apply(&mut g, place);
    assert!(matches!(g.pending(), Pending::Deploy { player: 0, .. }), "{:?}", g.pending());
    assert_eq!(g.hand(0).len(), 2, "no refill before the turn passes on");
    let events = apply(&mut g, Action::Pass);
    assert!(events.contains(&Event::TileToHand { player: 0 }), "{events:?}");
    assert_eq!(g.hand(0).len(), 3);
    assert!(matches!(g.pending(), Pending::ChooseTile { player: 1, .. }));

    // The official variation, for comparison: refilled at once.
    let official = Variants { tiles_in_hand: carcassonne_engine::TilesInHand::Three, ..Variants::default() };
    let mut g = seeded(with(&[], official), 2, 1);
    let choice = g.legal_actions()[0];
    apply(&mut g, choice);
    let place = g.legal_actions()[0];
    apply(&mut g, place);
    assert_eq!(g.hand(0).len(), 3);
}

/// "Play your turn, including the builder, and then draw back up to three tiles": the builder's
/// second tile is chosen from what is left of the hand, and the hand is refilled after it.
#[test]
fn the_builders_second_tile_comes_from_the_hand_before_it_is_refilled() {
    let rules = with(&[Expansion::TradersBuilders], three_tile_hand(ThreeTileHand::Hidden));
    // Dealt one a round: red the straight roads, blue the cloisters; then the refills in turn.
    let deck = [
        "base:U", "base:B", "base:U", "base:B", "base:U", "base:B", "base:U", "base:B", "base:U", "base:B", "base:U",
        "base:U", "base:B", "base:B",
    ];
    let mut g = game_with(rules, 2, &deck);
    let road = crate::expansions::tile("base:U");
    let cloister = crate::expansions::tile("base:B");
    let choose = |g: &mut Game, tile| apply(g, Action::ChooseTile { tile });
    // Red: a thief on the road east of the start tile; blue: a cloister south of it.
    choose(&mut g, road);
    place_turned(&mut g, 1, 0, 0);
    deploy(&mut g, F, "road@W");
    choose(&mut g, cloister);
    place_turned(&mut g, 0, 1, 0);
    apply(&mut g, Action::Pass);
    // Red: the builder on the road; blue: another cloister.
    choose(&mut g, road);
    place_turned(&mut g, 2, 0, 0);
    deploy(&mut g, carcassonne_engine::Figure::Builder, "road@W");
    choose(&mut g, cloister);
    place_turned(&mut g, 0, 2, 0);
    apply(&mut g, Action::Pass);
    // Red extends the builder's road: a second tile, from the two left in hand.
    assert_eq!(g.hand(0).len(), 3);
    choose(&mut g, road);
    place_turned(&mut g, 3, 0, 0);
    let events = apply(&mut g, Action::Pass);
    assert!(events.iter().any(|e| matches!(e, Event::DoubleTurn { .. })), "{events:?}");
    assert!(!events.contains(&Event::TileToHand { player: 0 }), "{events:?}");
    assert!(matches!(g.pending(), Pending::ChooseTile { player: 0, .. }), "{:?}", g.pending());
    assert_eq!(g.hand(0).len(), 2);
    choose(&mut g, road);
    place_turned(&mut g, 4, 0, 0);
    assert_eq!(g.hand(0).len(), 1);
    let events = apply(&mut g, Action::Pass);
    assert_eq!(events.iter().filter(|e| **e == Event::TileToHand { player: 0 }).count(), 2, "{events:?}");
    assert_eq!(g.hand(0).len(), 3);
}

/// "The abbey counts as part of your hand": while a player holds their abbey (Abbey & Mayor) the
/// hand holds two land tiles, three once the abbey is played; the hands are hidden or, by the
/// other reading, "visible to all". Random games check it at every decision.
#[test]
fn the_abbey_counts_as_part_of_the_hand_and_the_hands_are_hidden_or_visible() {
    for (visibility, seed) in [(ThreeTileHand::Hidden, 3), (ThreeTileHand::Visible, 4)] {
        let mut g = seeded(with(&[Expansion::AbbeyMayor], three_tile_hand(visibility)), 3, seed);
        let mut bot = carcassonne_bots::RandomBot::new(seed);
        let mut full = 0;
        let mut last = g.pending().player();
        while let Some(p) = g.pending().player() {
            for q in 0..3u8 {
                let held = g.hand(q).len() + g.holds_abbey(q) as usize;
                assert!(held <= 3, "{visibility:?}: player {q} holds {held}");
                let seen = g.observation(Some((q + 1) % 3)).hand(q).is_some();
                assert_eq!(seen, visibility == ThreeTileHand::Visible, "{visibility:?}");
                assert!(g.observation(Some(q)).hand(q).is_some());
            }
            // When the turn has passed on, the player who had it holds three again (while the pile
            // lasts).
            if let (Some(before), Pending::ChooseTile { .. } | Pending::Abbey { .. }) = (last, g.pending()) {
                if before != p && g.tiles_left() > 0 {
                    assert_eq!(g.hand(before).len() + g.holds_abbey(before) as usize, 3, "{visibility:?}");
                    full += 1;
                }
            }
            last = Some(p);
            let action = carcassonne_bots::Bot::choose_action(&mut bot, &g.observation(Some(p)));
            g.apply(action).unwrap();
        }
        assert!(full > 20, "{visibility:?}: {full}");
    }
}

/// A three-tile hand is a way of choosing tiles: it cannot be played with the variations that
/// give another (the refusal names both).
#[test]
fn a_three_tile_hand_refuses_the_other_ways_of_choosing() {
    let variants = Variants {
        three_tile_hand: ThreeTileHand::Visible,
        tiles_in_hand: carcassonne_engine::TilesInHand::Two,
        ..Variants::default()
    };
    let setup = GameSetup { rules: with(&[], variants), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(1) };
    let Err(error) = Game::new(setup) else { panic!("refused") };
    assert_eq!(error, SetupError::IncompatibleVariations("tiles-in-hand", "three-tile-hand"));
}

/// Random games with a three-tile hand, hidden and visible, alone and with every expansion, keep
/// the properties, and every bot plays one to the end.
#[test]
fn random_games_with_a_three_tile_hand_keep_the_properties() {
    for (i, visibility) in [ThreeTileHand::Hidden, ThreeTileHand::Visible].into_iter().enumerate() {
        random_game_checked(with(&[], three_tile_hand(visibility)), 2 + i, 900 + i as u64);
        random_game_checked(with(&Expansion::ALL, three_tile_hand(visibility)), 3 + i, 910 + i as u64);
    }
    for name in ["random", "greedy", "mcts:iters=10"] {
        let rules = with(&[Expansion::TradersBuilders, Expansion::AbbeyMayor], three_tile_hand(ThreeTileHand::Hidden));
        let g = played_by(seeded(rules, 2, 47), name);
        assert!(g.is_over(), "{name}");
    }
}
