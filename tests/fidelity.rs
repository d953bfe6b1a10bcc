//! Issue 18, rules fidelity: one regression test per defect found (each failed before its
//! fix), the rule-set presets against seed 001's "Summary of rule sets & changes", the
//! `--variant` option, and records of earlier versions keeping the rules they were played with.

use carcassonne_engine::{
    Action, Catalog, Color, CombinedRivers, Deck, DoubleTurn, Event, Expansion, FarmerScoring, FeatureKind, Figure,
    Game, GameSetup, Pending, Phase, Pos, Record, RiverStartTile, RuleError, RuleSet, Rules, SetupError, Variants,
    VolcanoLake,
};

use crate::expansions::{abbot_game, paid, rules, tile, turn, two_player, ABBOT, F};
use crate::support::{ok, temp_path};

/// Plays a seeded game to the end with the first legal action each time, returning the tiles
/// drawn in order.
fn drawn_tiles(rules: Rules, seed: u64) -> Vec<String> {
    let (mut game, start) = Game::with_catalog(
        Catalog::builtin(),
        GameSetup { rules, players: vec![Color::Red, Color::Blue], deck: Deck::Seed(seed) },
    )
    .unwrap();
    let mut drawn = vec![];
    let mut note = |game: &Game, events: &[Event]| {
        for e in events {
            if let Event::TileDrawn { tile, .. } | Event::TileDiscarded { tile, .. } = e {
                drawn.push(game.design(*tile).id.clone());
            }
        }
    };
    note(&game, &start);
    while !game.is_over() {
        let action = game.legal_actions()[0];
        let events = game.apply(action).unwrap();
        note(&game, &events);
    }
    drawn
}

fn with_variants(expansions: &[Expansion], variants: Variants) -> Rules {
    Rules { expansions: expansions.to_vec(), variants }
}

/// Seed 001, THE RIVER, Preparation: "The original starting tile can either be mixed into the
/// stack of river tiles, or placed as soon as the river has been completed"; seed 003 returns
/// it to the box. By default it comes right after the lake; it was shuffled among the land
/// tiles before (a reading no seed gives).
#[test]
fn issue_18_the_base_start_tile_comes_after_the_river_or_in_its_stack_or_goes_back_to_the_box() {
    for seed in 0..6 {
        let after = drawn_tiles(rules(&[Expansion::River]), seed);
        let lake = after.iter().position(|t| t == "river:02").expect("the lake is drawn");
        assert_eq!(after[lake + 1], "base:D", "seed {seed}: the start tile right after the lake: {after:?}");
        assert_eq!(after.iter().filter(|t| *t == "base:D").count(), 4, "the three other D tiles as usual");

        let v = Variants { river_start_tile: RiverStartTile::InRiverStack, ..Variants::default() };
        let stack = drawn_tiles(with_variants(&[Expansion::River], v), seed);
        let lake = stack.iter().position(|t| t == "river:02").unwrap();
        assert!(stack[..lake].contains(&"base:D".to_string()), "seed {seed}: among the river tiles: {stack:?}");
        assert_eq!(stack[1..lake].iter().filter(|t| !t.starts_with("river:")).count(), 1);

        let v = Variants { river_start_tile: RiverStartTile::Discarded, ..Variants::default() };
        let boxed = drawn_tiles(with_variants(&[Expansion::River], v), seed);
        assert_eq!(boxed.iter().filter(|t| *t == "base:D").count(), 3, "seed {seed}: one D back in the box");
    }
}

/// Seed 001, THE CATHARS: a player "may remove one knight from the city"; under The Big Box
/// "the builder and pig are no longer considered to be followers" (footnote 39), so a builder
/// in a besieged city does not escape (it was offered an escape before). Under the original
/// boxes' rows builders are followers (it escapes like a knight), and a builder stays when its
/// owner's last follower leaves.
#[test]
fn issue_18_only_knights_escape_a_besieged_city_under_the_big_box_rules() {
    let besieged = |variants: Variants| {
        let mut g = two_player(
            with_variants(&[Expansion::Cathars, Expansion::TradersBuilders], variants),
            &["cathars:03", "base:B", "base:G", "base:U"],
        );
        // Red's knight in the besieged corner city joined to the start tile's city; blue's
        // cloister beside the Cathar tile; red extends the city and deploys the builder.
        turn(&mut g, 0, -1, 180, Some((F, "city@E")));
        turn(&mut g, -1, -1, 0, None);
        turn(&mut g, 1, -1, 0, Some((Figure::Builder, "city@E")));
        assert_eq!(g.pending(), Pending::Escape { player: 0 });
        g
    };
    let escapes = |g: &Game| {
        g.legal_actions()
            .into_iter()
            .filter_map(|a| match a {
                Action::Escape { pos, feature } => Some(
                    g.figures()
                        .iter()
                        .find(|f| g.board().placement(f.placement).pos == pos && f.feature == feature)?
                        .figure,
                ),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    let mut g = besieged(Variants::default());
    assert_eq!(escapes(&g), vec![F], "the knight only, not the builder");
    let builder_at = Action::Escape { pos: Pos::new(1, -1), feature: 0 };
    assert_eq!(g.check(builder_at), Err(RuleError::NoEscape(Pos::new(1, -1), 0)));
    // The knight escapes; the builder cannot stay without it (footnote 44).
    let knight = g.legal_actions()[0];
    let events = g.apply(knight).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::FigureReturned { figure: Figure::Builder, .. })));
    assert_eq!(g.player(0).builders, 1);

    let original = Variants::preset(RuleSet::Hig);
    let mut g = besieged(original);
    assert_eq!(escapes(&g), vec![F, Figure::Builder], "builders are followers: knights too");
    let knight = g.legal_actions()[0];
    let events = g.apply(knight).unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::FigureReturned { .. })), "the builder stays: {events:?}");
    assert_eq!(g.player(0).builders, 0);
}

/// Seed 001, "Summary of rule sets & changes": each column of the table for the rows that
/// apply to the implemented expansions. The "starting player" row is not a rule of the engine
/// (the seat order is given); the rows of The Princess & the Dragon and The Tower come with
/// those expansions.
#[test]
fn issue_18_each_rule_set_preset_sets_every_row_of_the_table() {
    use DoubleTurn::*;
    use FarmerScoring::*;
    // (small city, farmer scoring, 2nd tile, builders and pigs are followers, builder or pig
    // stays when the last follower is removed)
    let table = [
        (RuleSet::Hig, (false, ThirdEdition, Immediately, true, true)),
        (RuleSet::Rgg, (true, FirstEdition, Immediately, true, true)),
        (RuleSet::HigBigBox, (false, ThirdEdition, AfterScoring, false, false)),
        (RuleSet::RggBigBox, (true, FirstEdition, AfterScoring, false, false)),
    ];
    for (rule_set, row) in table {
        let v = Variants::preset(rule_set);
        assert_eq!(
            (
                v.small_city,
                v.farmer_scoring,
                v.double_turn,
                v.builders_and_pigs_are_followers,
                v.builder_and_pig_stay_without_follower
            ),
            row,
            "{rule_set:?}"
        );
    }
    assert_eq!(Variants::default(), Variants::preset(RuleSet::HigBigBox));
}

/// Each row can be chosen on its own: `--variant NAME=VALUE` on top of a rule set.
#[test]
fn issue_18_the_command_line_sets_single_variants() {
    let path = temp_path("variant.json");
    ok(&[
        "simulate",
        "--games",
        "1",
        "--rules",
        "rgg",
        "--variant",
        "double-turn=after-scoring",
        "--variant",
        "small-city=false",
        "--record-out",
        path.to_str().unwrap(),
    ]);
    let record = Record::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let mut expected = Variants::preset(RuleSet::Rgg);
    expected.double_turn = DoubleTurn::AfterScoring;
    expected.small_city = false;
    assert_eq!(record.rules.variants, expected);
    let error = crate::support::fails(&["simulate", "--games", "1", "--variant", "double-turn=later"]);
    assert!(error.contains("has no value `later`") && error.contains("after-scoring, immediately"), "{error}");
}

/// The original boxes drew a double turn's second tile "immediately" (footnote 42): before the
/// first tile's scoring, which then comes together with the second tile's. Under The Big Box the
/// first tile's features are scored before the second tile is drawn.
#[test]
fn issue_18_the_original_double_turn_draws_the_second_tile_before_scoring() {
    // A road with red's thief and builder, closed by red's tile: a five-tile road.
    let deck = ["base:U", "base:A", "base:U", "base:B", "base:A", "base:B", "base:U"];
    let play = |timing: DoubleTurn| {
        let v = Variants { double_turn: timing, ..Variants::default() };
        let mut g = two_player(with_variants(&[Expansion::TradersBuilders], v), &deck);
        turn(&mut g, 1, 0, 0, Some((F, "road@E")));
        turn(&mut g, -1, 0, 270, None);
        turn(&mut g, 2, 0, 0, Some((Figure::Builder, "road@E")));
        turn(&mut g, 0, 1, 0, None);
        let first = turn(&mut g, 3, 0, 90, None);
        assert_eq!(g.pending().player(), Some(0), "{timing:?}: red's second tile");
        let second = turn(&mut g, 1, 1, 0, None);
        (first, second, g)
    };
    let road = |events: &[Event]| {
        events.iter().position(|e| matches!(e, Event::Scored(s) if s.kind == FeatureKind::Road && s.points == 5))
    };
    let double = |events: &[Event]| events.iter().position(|e| matches!(e, Event::DoubleTurn { player: 0 }));

    let (first, second, g) = play(DoubleTurn::AfterScoring);
    assert!(road(&first).unwrap() < double(&first).unwrap(), "scored, then the second tile: {first:?}");
    assert_eq!(road(&second), None);
    assert_eq!(g.scores(), vec![5, 0]);

    let (first, second, g) = play(DoubleTurn::Immediately);
    assert!(double(&first).is_some() && road(&first).is_none(), "the second tile first: {first:?}");
    assert!(road(&second).is_some(), "the first tile's road is scored after the second tile: {second:?}");
    assert_eq!(g.scores(), vec![5, 0]);
    assert_eq!(g.pending().player(), Some(1), "then blue's turn");
}

/// Seed 001, THE RIVER II: "If you don't possess the relevant expansions, the inn, volcano and
/// pig-herd tiles have no particular significance"; footnote 96 would use the pig-herd anyway
/// (a variant). It counted without Traders & Builders before.
#[test]
fn issue_18_the_pig_herd_counts_only_with_traders_and_builders_by_default() {
    for (extra, variant, expected) in
        [(vec![], false, 3), (vec![], true, 4), (vec![Expansion::TradersBuilders], false, 4)]
    {
        let v = Variants { pig_herd_without_traders_builders: variant, ..Variants::default() };
        let expansions = [&[Expansion::River2], &extra[..]].concat();
        let mut g = two_player(with_variants(&expansions, v), &["river-2:11", "base:E", "base:E"]);
        turn(&mut g, 1, 0, 0, Some((F, "field@NNE")));
        turn(&mut g, 2, 0, 0, None);
        let events = turn(&mut g, 2, -1, 180, None);
        let farms: Vec<_> = paid(&g, &events).into_iter().filter(|p| p.0 == FeatureKind::Field).collect();
        assert_eq!(farms, vec![(FeatureKind::Field, Phase::Final, expected, vec![Color::Red])], "{extra:?} {variant}");
    }
}

/// Seed 002: the Winter Edition is "for 2 to 5 players", with followers in five colours; the
/// sixth colour came with Inns & Cathedrals before The Big Box (seed 001, footnote 32), or from
/// another box by a variant. Six players were accepted before.
#[test]
fn issue_18_the_winter_edition_is_for_two_to_five_players() {
    let six = || Color::ALL[..6].to_vec();
    let setup = |rules: Rules| Game::new(GameSetup { rules, players: six(), deck: Deck::Seed(1) });
    let refused = setup(rules(&[Expansion::Winter])).unwrap_err();
    assert_eq!(refused, SetupError::WinterPlayerCount(6));
    assert!(refused.to_string().contains("2 to 5 players"), "{refused}");
    assert!(setup(rules(&[Expansion::Winter, Expansion::InnsCathedrals])).is_ok());
    let v = Variants { sixth_player_in_winter: true, ..Variants::default() };
    assert!(setup(with_variants(&[Expansion::Winter], v)).is_ok());
    assert!(setup(rules(&[])).is_ok(), "the base game takes six");
}

/// Seed 001's introduction: with first-edition farm scoring "the pig giving a bonus point and
/// bringing the total to 5" (the Rio Grande Traders & Builders). A pig counted nothing in the
/// first edition before.
#[test]
fn issue_18_first_edition_farms_count_the_pig() {
    for (pig, expected) in [(false, 4), (true, 5)] {
        let v = Variants { farmer_scoring: FarmerScoring::FirstEdition, ..Variants::default() };
        let mut g = two_player(with_variants(&[Expansion::TradersBuilders], v), &["base:E", "base:U", "base:B"]);
        // Red closes the start tile's city with a cap and puts a farmer beside it; later a pig
        // on the same farm.
        turn(&mut g, 0, -1, 180, Some((F, "field@NNE")));
        turn(&mut g, 1, 0, 0, None);
        let events = turn(&mut g, 1, -1, 0, pig.then_some((Figure::Pig, "field@NNW")));
        let farms: Vec<_> = paid(&g, &events).into_iter().filter(|p| p.0 == FeatureKind::Field).collect();
        assert_eq!(farms, vec![(FeatureKind::Field, Phase::Final, expected, vec![Color::Red])], "pig {pig}");
    }
}

/// Seed 004's preparation keeps the River II's lake "(the one with the volcano)" and the GQ
/// spring; the engine kept The River's spring and lake before (now the variant `first-set`).
#[test]
fn issue_18_combined_rivers_keep_the_volcano_lake_and_the_gq_spring() {
    let all_tiles = |rules: Rules, seed| drawn_tiles(rules.clone(), seed);
    let start = |rules: Rules| {
        let g = Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck: Deck::Seed(2) }).unwrap();
        g.design(g.board().placement(0).tile).id.clone()
    };
    let rivers = [Expansion::River, Expansion::River2];
    assert_eq!(start(rules(&rivers)), "river-2:01");
    assert_eq!(start(rules(&[&rivers[..], &[Expansion::Gq11]].concat())), "gq11:11");
    for seed in 0..3 {
        let drawn = all_tiles(rules(&rivers), seed);
        assert!(drawn.contains(&"river-2:03".to_string()) && !drawn.contains(&"river:02".to_string()), "{drawn:?}");
        let last_river = drawn.iter().rposition(|t| t.starts_with("river")).unwrap();
        assert_eq!(drawn[last_river], "river-2:03", "seed {seed}: the volcano lake ends the river");
    }
    let v = Variants { combined_rivers: CombinedRivers::FirstSet, ..Variants::default() };
    assert_eq!(start(with_variants(&[&rivers[..], &[Expansion::Gq11]].concat(), v.clone())), "river:01");
    let drawn = all_tiles(with_variants(&rivers, v), 0);
    assert!(drawn.contains(&"river:02".to_string()) && !drawn.contains(&"river-2:03".to_string()));
}

/// The River II's volcano lake without The Princess & the Dragon: "no particular significance"
/// (seed 001, the default), or by seed 000 (The River, "2. Placing a meeple") no meeple on it
/// and "Immediately after placing it, take another turn".
#[test]
fn issue_18_the_volcano_lake_without_the_dragon_follows_the_chosen_reading() {
    let lake = |reading: VolcanoLake| {
        let v = Variants { volcano_lake: reading, ..Variants::default() };
        let mut g = two_player(with_variants(&[Expansion::River2], v), &["river-2:03", "base:B", "base:B"]);
        g.apply(Action::Place { pos: Pos::new(1, 0), rotation: carcassonne_engine::Rotation::R0 }).unwrap();
        g
    };
    let mut g = lake(VolcanoLake::NoSignificance);
    assert!(g.legal_actions().len() > 1, "a farmer may go on the lake");
    let events = g.apply(Action::Pass).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::TileDrawn { player: 1, .. })));

    let mut g = lake(VolcanoLake::ExtraTurn);
    assert_eq!(g.legal_actions(), vec![Action::Pass]);
    assert_eq!(g.check(Action::Deploy { figure: F, feature: 0 }), Err(RuleError::NoFigureOnVolcanoLake));
    let events = g.apply(Action::Pass).unwrap();
    assert!(events.contains(&Event::ExtraTurn { player: 0 }), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::TileDrawn { player: 0, .. })), "red again: {events:?}");
}

/// Seed 000, The Abbot, footnote 32: the abbot may be taken back only "before the feature is
/// completely surrounded". The recall was offered (and scored as incomplete) on a cloister the
/// tile just placed surrounds; now the cloister is scored as completed with the abbot.
#[test]
fn issue_18_no_abbot_recall_from_a_cloister_the_tile_surrounds() {
    let mut g = abbot_game(&["base:B", "base:E", "base:U", "base:U", "base:B", "base:B", "base:B", "base:B", "base:B"]);
    turn(&mut g, 0, 1, 0, Some((ABBOT, "cloister")));
    turn(&mut g, 0, -1, 180, None);
    turn(&mut g, -1, 0, 0, None);
    turn(&mut g, 1, 0, 0, None);
    turn(&mut g, -1, 1, 0, None);
    turn(&mut g, 1, 1, 0, None);
    g.apply(Action::Place { pos: Pos::new(-1, 2), rotation: carcassonne_engine::Rotation::R0 }).unwrap();
    assert!(g.legal_actions().contains(&Action::RecallAbbot { pos: Pos::new(0, 1) }), "6 neighbours: it may");
    g.apply(Action::Pass).unwrap();
    turn(&mut g, 0, 2, 0, None);
    g.apply(Action::Place { pos: Pos::new(1, 2), rotation: carcassonne_engine::Rotation::R0 }).unwrap();
    assert!(!g.legal_actions().contains(&Action::RecallAbbot { pos: Pos::new(0, 1) }), "surrounded: no recall");
    assert_eq!(
        g.check(Action::RecallAbbot { pos: Pos::new(0, 1) }),
        Err(RuleError::AbbotFeatureComplete(Pos::new(0, 1)))
    );
    let events = g.apply(Action::Pass).unwrap();
    let cloister = events.iter().find_map(|e| match e {
        Event::Scored(s) if s.kind == FeatureKind::Cloister => Some((s.phase, s.completed, s.points)),
        _ => None,
    });
    assert_eq!(cloister, Some((Phase::Turn, true, 9)));
    assert_eq!(g.player(0).abbots, 1);
}

/// `carcassonne replay` printed the turn of an abbot's recall after the final scores as "the
/// deployment is pending" and called the recall's score "completed".
#[test]
fn issue_18_the_replay_log_shows_the_abbots_recall() {
    let deck = ["base:U-garden", "base:U", "base:B", "base:B", "base:B"];
    let mut g = abbot_game(&deck);
    let mut record = Record {
        version: carcassonne_engine::record::RECORD_VERSION,
        rules: g.rules().clone(),
        players: vec![Color::Red, Color::Blue],
        deck: carcassonne_engine::RecordDeck::Order(deck.iter().map(|s| s.to_string()).collect()),
        actions: vec![],
    };
    let mut act = |g: &mut Game, action: Action| {
        record.push(g, action);
        g.apply(action).unwrap();
    };
    let place = |x, y| Action::Place { pos: Pos::new(x, y), rotation: carcassonne_engine::Rotation::R0 };
    act(&mut g, place(1, 0));
    let garden = g.design(g.board().get(Pos::new(1, 0)).unwrap().tile).garden.unwrap();
    act(&mut g, Action::Deploy { figure: ABBOT, feature: garden });
    for (x, y) in [(2, 0), (0, 1), (1, 1)] {
        act(&mut g, place(x, y));
        act(&mut g, Action::Pass);
    }
    act(&mut g, place(2, 1));
    act(&mut g, Action::RecallAbbot { pos: Pos::new(1, 0) });
    let path = temp_path("recall.json");
    std::fs::write(&path, record.to_json_pretty()).unwrap();
    let log = ok(&["replay", path.to_str().unwrap()]);
    let recall = log.lines().position(|l| l.contains("turn 5:") && l.contains("takes back the abbot at (1,0)"));
    let score = log.lines().position(|l| l.contains("red scores 6: incomplete garden"));
    assert!(recall.is_some() && score == recall.map(|r| r + 1), "{log}");
    assert!(!log.contains("pending"), "{log}");
}

/// A version-1 record leaves out the variants that came later; it replays with version 1's
/// defaults (`Variants::version_1`), so the same game: here The River's spring, not the River
/// II's.
#[test]
fn issue_18_version_1_records_replay_with_the_rules_they_were_played_with() {
    let v1 = r#"{"version": 1, "rules": {"expansions": ["river", "river-2"], "variants": {"small-city": true}},
                 "players": ["red", "blue"], "deck": {"seed": 3}}"#;
    let record = Record::from_json(v1).unwrap();
    assert_eq!(record.version, carcassonne_engine::record::RECORD_VERSION);
    let v = &record.rules.variants;
    assert!(v.small_city, "what the record gives is kept");
    assert_eq!(v.combined_rivers, CombinedRivers::FirstSet);
    assert_eq!(v.river_start_tile, RiverStartTile::Shuffled);
    assert!(v.pig_herd_without_traders_builders && v.sixth_player_in_winter);
    let game = record.start().unwrap();
    assert_eq!(game.design(game.board().placement(0).tile).id, "river:01");
    let v2 = Record::from_json(&v1.replace(r#""version": 1"#, r#""version": 2"#)).unwrap();
    assert_eq!(v2.rules.variants.combined_rivers, CombinedRivers::AssembledReference);
    assert_eq!(tile("river:01"), Catalog::builtin().lookup("river:01").unwrap());
}

/// A scripted turn: the tile's place `(x, y)`, its rotation in degrees, and the deployment.
type Step = (i16, i16, i64, Option<(Figure, &'static str)>);

/// Issue 35 changed a default: the Cathars' escape no longer comes between the two tiles of a
/// builder's double turn (`escape-after-each-tile`). A record of version 2, which names every
/// variant of its day but not this one, replays with version 2's reading (`Variants::version_2`),
/// the escape after the first tile included; the same actions under today's default are refused
/// at that escape.
#[test]
fn issue_35_version_2_records_replay_with_the_escape_after_each_tile() {
    let deck = ["cathars:03", "base:B", "base:U", "base:B", "base:U", "base:B", "base:U", "base:B", "base:B"];
    let expansions = [Expansion::Cathars, Expansion::TradersBuilders];
    let played = with_variants(&expansions, Variants { escape_after_each_tile: true, ..Variants::default() });
    let mut g = two_player(played.clone(), &deck);
    let mut record = Record {
        version: carcassonne_engine::record::RECORD_VERSION,
        rules: played,
        players: vec![Color::Red, Color::Blue],
        deck: carcassonne_engine::RecordDeck::Order(deck.iter().map(|s| s.to_string()).collect()),
        actions: vec![],
    };
    let mut escape_at = None;
    // (x, y, degrees, deployment): the layout of `expansions::escape_in_a_double_turn`.
    let script: [Step; 8] = [
        (0, -1, 180, Some((F, "city@E"))),
        (-1, -1, 0, None),
        (1, 0, 0, Some((F, "road@E"))),
        (0, 1, 0, None),
        (2, 0, 0, Some((Figure::Builder, "road@E"))),
        (0, 2, 0, None),
        (3, 0, 0, None),
        (-1, 1, 0, None),
    ];
    for (x, y, degrees, deployment) in script {
        let rotation = carcassonne_engine::Rotation::from_degrees(degrees).unwrap();
        let place = Action::Place { pos: Pos::new(x, y), rotation };
        record.push(&g, place);
        g.apply(place).unwrap();
        let action = match deployment {
            None => Action::Pass,
            Some((figure, name)) => {
                let placed = g.board().get(Pos::new(x, y)).unwrap();
                let feature =
                    carcassonne_engine::game::parse_feature_name(g.design(placed.tile), placed.rotation, name).unwrap();
                Action::Deploy { figure, feature }
            }
        };
        record.push(&g, action);
        g.apply(action).unwrap();
        // The knight escapes after the double turn's first tile; other escapes are declined.
        if let Pending::Escape { .. } = g.pending() {
            let action = if (x, y) == (3, 0) { g.legal_actions()[0] } else { Action::Pass };
            if (x, y) == (3, 0) {
                escape_at = Some(record.actions.len());
            }
            record.push(&g, action);
            g.apply(action).unwrap();
        }
    }
    let escape_at = escape_at.expect("an escape after the first tile");
    let mut json: serde_json::Value = serde_json::to_value(&record).unwrap();
    json["rules"]["variants"].as_object_mut().unwrap().remove("escape-after-each-tile");
    json["version"] = 2.into();
    let v2 = Record::from_json(&json.to_string()).unwrap();
    assert_eq!(v2.version, carcassonne_engine::record::RECORD_VERSION);
    assert!(v2.rules.variants.escape_after_each_tile, "version 2's reading");
    let replay = v2.replay().unwrap();
    assert_eq!(format!("{:?}", replay.game), format!("{g:?}"), "the same game");
    // A version-3 record that leaves the variant out takes today's default.
    json["version"] = 3.into();
    let v3 = Record::from_json(&json.to_string()).unwrap();
    assert!(!v3.rules.variants.escape_after_each_tile);
    match v3.replay() {
        Err(carcassonne_engine::record::RecordError::Action { index, .. }) => assert_eq!(index, escape_at),
        other => panic!("the escape after the first tile is refused today: {:?}", other.map(|r| r.game.scores())),
    }
    // Version 1 reads version 2's reading too.
    assert!(Variants::version_1().escape_after_each_tile);
}
