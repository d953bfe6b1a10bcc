//! Hostile input (issue 25): the parsers and the engine's entry points fed arbitrary and mutated
//! input by proptest. Nothing may panic; a refused action leaves the game exactly as it was
//! (compared through the game's full `Debug` state); a parse error names where it was.
//!
//! CI runs a fixed number of cases per target; `FUZZ_CASES=N` runs N instead, e.g.
//! `FUZZ_CASES=20000 cargo test --release --test tests fuzz` (docs/performance.md).

use carcassonne_bots::{Bot, RandomBot};
use carcassonne_engine::random::{below, rng_from_seed};
use carcassonne_engine::record::{decode_action, encode_action, RECORD_VERSION};
use carcassonne_engine::{
    Action, Catalog, Color, Corner, Deck, Edition, Expansion, Figure, Game, GameSetup, Pos, Quarter, Record,
    RecordAction, RecordDeck, RiverOrder, Rotation, Rules, Variants,
};
use proptest::prelude::*;
use serde_json::{json, Value};

/// Cases per target: `FUZZ_CASES`, or `default`.
fn cases(default: u32) -> ProptestConfig {
    let n = std::env::var("FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(default);
    ProptestConfig { cases: n, failure_persistence: None, ..ProptestConfig::default() }
}

/// One change to a text.
#[derive(Clone, Debug)]
enum Mutation {
    Delete {
        at: usize,
        len: usize,
    },
    Insert {
        at: usize,
        text: String,
    },
    /// A copy of the line at `from` inserted before the line at `to`.
    CopyLine {
        from: usize,
        to: usize,
    },
    Swap {
        a: usize,
        b: usize,
    },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 1..40usize).prop_map(|(at, len)| Mutation::Delete { at, len }),
        (any::<usize>(), "[ -~\n\t]{1,12}|[{}\\[\\]\",:0-9-]{1,6}|\\PC{1,3}")
            .prop_map(|(at, text)| Mutation::Insert { at, text }),
        (any::<usize>(), any::<usize>()).prop_map(|(from, to)| Mutation::CopyLine { from, to }),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Swap { a, b }),
    ]
}

/// `text` with the mutations applied (positions taken modulo the length, on char boundaries).
fn mutate(text: &str, mutations: &[Mutation]) -> String {
    let mut text = text.to_string();
    let boundary = |text: &str, at: usize| {
        let mut at = at % (text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    for m in mutations {
        match m {
            Mutation::Delete { at, len } => {
                let start = boundary(&text, *at);
                let end = boundary(&text, start + len);
                if end > start {
                    text.replace_range(start..end, "");
                }
            }
            Mutation::Insert { at, text: inserted } => {
                let at = boundary(&text, *at);
                text.insert_str(at, inserted);
            }
            Mutation::CopyLine { from, to } | Mutation::Swap { a: from, b: to } => {
                let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
                if lines.is_empty() {
                    continue;
                }
                let (from, to) = (from % lines.len(), to % lines.len());
                if matches!(m, Mutation::Swap { .. }) {
                    lines.swap(from, to);
                } else {
                    let line = lines[from].clone();
                    lines.insert(to, line);
                }
                text = lines.join("\n");
            }
        }
    }
    text
}

/// A game with random rules (some expansions, variants), played for `steps` random actions,
/// with its record.
fn random_game(seed: u64, steps: usize) -> Option<(Game, Record)> {
    let mut rng = rng_from_seed(seed);
    let expansions: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|_| below(&mut rng, 3) == 0).collect();
    let edition = if below(&mut rng, 2) == 0 { Edition::First } else { Edition::Second };
    // The official variations that bring actions of their own, now and then.
    let (unpunctual, cloisters) = (below(&mut rng, 4) == 0, below(&mut rng, 4) == 0);
    let mut variants = Variants {
        tile_edition: edition,
        follower_unpunctuality: unpunctual,
        cloisters_for_everyone: cloisters,
        ..Variants::default()
    };
    // One way of choosing tiles, now and then.
    match below(&mut rng, 12) {
        0 => variants.tiles_in_hand = carcassonne_engine::TilesInHand::Three,
        1 => variants.collective_planning = true,
        2 => variants.architects = true,
        3 => variants.battle_for_cloisters = true,
        4 => variants.only_one_can_choose = carcassonne_engine::OnlyOneCanChoose::FaceDown,
        5 => variants.only_one_can_choose = carcassonne_engine::OnlyOneCanChoose::FaceUp,
        6 => variants.three_tile_hand = carcassonne_engine::ThreeTileHand::Hidden,
        7 => variants.three_tile_hand = carcassonne_engine::ThreeTileHand::Visible,
        _ => {}
    }
    // The house rules, now and then.
    variants.hole_filling_extra_turn = below(&mut rng, 4) == 0;
    variants.unplayable_tiles_back = below(&mut rng, 4) == 0;
    variants.incomplete_features_score_nothing = below(&mut rng, 4) == 0;
    variants.mountains = below(&mut rng, 4) == 0;
    variants.prisoners = below(&mut rng, 4) == 0;
    variants.new_lease_of_life = below(&mut rng, 4) == 0;
    variants.dash = below(&mut rng, 6) == 0;
    variants.rebuilding = below(&mut rng, 4) == 0;
    // An order of the river the sets in play can lay, now and then.
    if below(&mut rng, 4) == 0 {
        let orders = [
            RiverOrder::LakeFirst,
            RiverOrder::Shuffled,
            RiverOrder::ForkFirst,
            RiverOrder::ForkFirstEndsLast,
            RiverOrder::TwoSprings,
        ];
        variants.river_order = orders[below(&mut rng, orders.len() as u32) as usize];
    }
    let mut rules = Rules { expansions, variants };
    if rules.check_river_order().is_err() {
        rules.variants.river_order = RiverOrder::SpringFirst;
    }
    let players = 2 + below(&mut rng, 4) as usize;
    let colors = [Color::Red, Color::Blue, Color::Green, Color::Yellow, Color::Black];
    let setup = GameSetup { rules: rules.clone(), players: colors[..players].to_vec(), deck: Deck::Seed(seed) };
    let mut game = Game::new(setup).ok()?;
    let mut record = Record {
        version: RECORD_VERSION,
        rules,
        players: colors[..players].to_vec(),
        deck: RecordDeck::Seed(seed),
        actions: vec![],
    };
    let mut bot = RandomBot::new(seed ^ 0x5eed);
    for _ in 0..steps {
        let Some(player) = game.pending().player() else { break };
        let action = bot.choose_action(&game.observation(Some(player)));
        record.actions.push(encode_action(&game, action));
        game.apply(action).expect("legal actions apply");
    }
    Some((game, record))
}

fn position() -> impl Strategy<Value = Pos> {
    let coordinate = prop_oneof![-12i16..12, any::<i16>()];
    (coordinate.clone(), coordinate).prop_map(|(x, y)| Pos::new(x, y))
}

/// Any action the engine's type can hold, legal or not.
fn any_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (position(), 0..4usize).prop_map(|(pos, r)| Action::Place { pos, rotation: Rotation::ALL[r] }),
        (0..Figure::ALL.len(), any::<u8>()).prop_map(|(f, feature)| Action::Deploy { figure: Figure::ALL[f], feature }),
        (position(), any::<u8>()).prop_map(|(pos, feature)| Action::Escape { pos, feature }),
        position().prop_map(|pos| Action::RecallAbbot { pos }),
        (position(), 0..Figure::ALL.len(), any::<u8>()).prop_map(|(pos, f, feature)| Action::DeployAt {
            pos,
            figure: Figure::ALL[f],
            feature
        }),
        (position(), any::<u8>()).prop_map(|(pos, feature)| Action::MoveFairy { pos, feature }),
        (position(), any::<u8>()).prop_map(|(pos, feature)| Action::RemoveKnight { pos, feature }),
        position().prop_map(|pos| Action::MoveDragon { pos }),
        position().prop_map(|pos| Action::BuildTower { pos }),
        (position(), 0..Figure::ALL.len()).prop_map(|(pos, f)| Action::FinishTower { pos, figure: Figure::ALL[f] }),
        (position(), any::<u8>()).prop_map(|(pos, feature)| Action::Capture { pos, feature }),
        (0..Figure::ALL.len()).prop_map(|f| Action::Exchange { figure: Figure::ALL[f] }),
        (any::<u8>(), 0..Figure::ALL.len())
            .prop_map(|(captor, f)| Action::PayRansom { captor, figure: Figure::ALL[f] }),
        position().prop_map(|pos| Action::PlaceAbbey { pos }),
        (0..4usize).prop_map(|c| Action::PlaceBarn { corner: Corner::ALL[c] }),
        (position(), any::<u8>()).prop_map(|(pos, feature)| Action::MoveWagon { pos, feature }),
        (0..Figure::ALL.len(), 0..4usize)
            .prop_map(|(f, q)| Action::DeployToQuarter { figure: Figure::ALL[f], quarter: Quarter::ALL[q] }),
        (0..4usize).prop_map(|q| Action::MoveCount { quarter: Quarter::ALL[q] }),
        (0..Figure::ALL.len(), position(), any::<u8>()).prop_map(|(f, pos, feature)| Action::Redeploy {
            figure: Figure::ALL[f],
            pos,
            feature
        }),
        Just(Action::PlayHeldTile),
        position().prop_map(|pos| Action::RaiseMountain { pos }),
        (any::<u8>(), position(), any::<u8>()).prop_map(|(figure, pos, feature)| Action::MoveFollower {
            figure,
            pos,
            feature
        }),
        (position(), any::<u8>(), any::<u8>(), any::<u8>()).prop_map(|(pos, feature, a, b)| Action::ReligiousWar {
            pos,
            feature,
            knights: [a, b]
        }),
        (position(), any::<u8>()).prop_map(|(pos, feature)| Action::TakePrisoner { pos, feature }),
        (any::<u8>(), 0..Figure::ALL.len())
            .prop_map(|(owner, f)| Action::ReleasePrisoner { owner, figure: Figure::ALL[f] }),
        (0..400u16).prop_map(|t| Action::ChooseTile { tile: carcassonne_engine::TileId(t) }),
        (0..400u16, 0..8u8).prop_map(|(t, to)| Action::GiveTile { tile: carcassonne_engine::TileId(t), to }),
        Just(Action::Pass),
    ]
}

/// A JSON value shaped somewhat like a record action (any field may be wrong).
fn record_action_json() -> impl Strategy<Value = Value> {
    let kind = prop_oneof![
        Just("place".to_string()),
        Just("deploy".to_string()),
        Just("escape".to_string()),
        Just("recall-abbot".to_string()),
        Just("move-fairy".to_string()),
        Just("remove-knight".to_string()),
        Just("move-dragon".to_string()),
        Just("build-tower".to_string()),
        Just("capture".to_string()),
        Just("exchange".to_string()),
        Just("ransom".to_string()),
        Just("abbey".to_string()),
        Just("barn".to_string()),
        Just("move-wagon".to_string()),
        Just("carcassonne".to_string()),
        Just("move-count".to_string()),
        Just("redeploy".to_string()),
        Just("held-tile".to_string()),
        Just("choose-tile".to_string()),
        Just("give-tile".to_string()),
        Just("mountain".to_string()),
        Just("take-prisoner".to_string()),
        Just("release-prisoner".to_string()),
        Just("move-follower".to_string()),
        Just("religious-war".to_string()),
        Just("pass".to_string()),
        "[a-z-]{0,12}",
    ];
    let number = prop_oneof![(-10i64..10).prop_map(Value::from), any::<i64>().prop_map(Value::from), Just(json!(1.5))];
    let rotation = prop_oneof![
        prop::sample::select(vec![0, 90, 180, 270]).prop_map(Value::from),
        any::<i32>().prop_map(Value::from)
    ];
    let name = prop_oneof![
        prop::sample::select(vec![
            "follower",
            "big-follower",
            "abbot",
            "builder",
            "pig",
            "mayor",
            "wagon",
            "red",
            "blue",
            "green",
            "castle",
            "market",
            "NE",
            "SW"
        ])
        .prop_map(|s| s.to_string()),
        "(city|road|field|cloister|garden)@[NESW]{0,3}",
        Just("tower".to_string()),
        "\\PC{0,10}",
    ];
    (kind, number.clone(), number, rotation, name.clone(), name.clone(), name, any::<u8>()).prop_map(
        |(kind, x, y, rotation, figure, feature, player, drop)| {
            let mut value = json!({"action": kind, "x": x, "y": y, "rotation": rotation, "figure": figure,
                "feature": feature, "player": player, "captor": player, "corner": feature, "quarter": figure});
            // Only a ransom names a captor, a barn a corner, The Count's actions a quarter
            // (records refuse unknown fields).
            if kind != "ransom" {
                value.as_object_mut().unwrap().remove("captor");
            }
            if kind != "barn" {
                value.as_object_mut().unwrap().remove("corner");
            }
            if kind != "carcassonne" && kind != "move-count" {
                value.as_object_mut().unwrap().remove("quarter");
            }
            // A choice of tile names a tile, known or not.
            if kind == "choose-tile" || kind == "give-tile" {
                value["tile"] = json!(if drop & 64 == 0 { "base:U" } else { "base:?" });
            }
            if kind == "give-tile" {
                value["to"] = json!(if drop & 128 == 0 { "blue" } else { "purple" });
            }
            // A release names the prisoner's owner.
            if kind == "release-prisoner" {
                value["owner"] = json!(if drop & 128 == 0 { "blue" } else { "purple" });
            }
            // Leave some fields out.
            for (bit, field) in ["x", "y", "rotation", "figure", "feature", "player"].iter().enumerate() {
                if drop & (1 << bit) != 0 {
                    value.as_object_mut().unwrap().remove(*field);
                }
            }
            value
        },
    )
}

/// Applies `action`: a legal action is applied; any other is refused by `check` and `apply`
/// and leaves the game exactly as it was.
fn apply_checked(game: &mut Game, action: Action) -> Result<(), TestCaseError> {
    let legal = game.legal_actions().contains(&action);
    let before = format!("{game:?}");
    prop_assert_eq!(game.check(action).is_ok(), legal, "check and the legal list disagree on {:?}", action);
    match game.apply(action) {
        Ok(_) => prop_assert!(legal, "an action outside the legal list was applied: {:?}", action),
        Err(e) => {
            prop_assert!(!legal, "a legal action was refused: {:?}: {}", action, e);
            prop_assert!(!e.to_string().is_empty());
            prop_assert_eq!(format!("{game:?}"), before, "a refused action changed the game");
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(cases(48))]

    /// The catalog parser on mutated catalog files: a result or an error that names the file
    /// and a line of it, never a panic.
    #[test]
    fn the_catalog_parser_survives_mutated_files(
        file in 0..3usize,
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let files = carcassonne_engine::catalog::BUILTIN_FILES;
        let (name, text) = files[file];
        let mut catalog = Catalog::default();
        // The expansions' and the Winter files refer to nothing else, but parse after the base
        // file as the built-in catalog does.
        if file > 0 {
            catalog.add_file(files[0].0, files[0].1).unwrap();
        }
        let mutated = mutate(text, &mutations);
        if let Err(e) = catalog.add_file(name, &mutated) {
            prop_assert_eq!(&e.file, name);
            prop_assert!(e.line <= mutated.lines().count() + 1, "line {} of {}", e.line, mutated.lines().count());
            prop_assert!(!e.message.is_empty());
        }
    }
}

proptest! {
    #![proptest_config(cases(256))]

    /// Records: arbitrary text, and mutations of a real game's record, either parse and replay
    /// or are refused with an error; never a panic.
    #[test]
    fn records_parse_and_replay_or_are_refused(
        seed in any::<u64>(),
        steps in 0..120usize,
        mutations in prop::collection::vec(mutation(), 0..5),
        noise in "\\PC{0,64}",
    ) {
        let _ = Record::from_json(&noise);
        let Some((_, record)) = random_game(seed, steps) else { return Ok(()) };
        let text = serde_json::to_string_pretty(&record).unwrap();
        let mutated = mutate(&text, &mutations);
        if let Ok(parsed) = Record::from_json(&mutated) {
            match parsed.replay() {
                Ok(replay) => prop_assert!(!replay.game.board().is_empty(), "the start tile is on the board"),
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }
    }

    /// The action decoder on JSON shaped like record actions: a decoded action is one the
    /// engine applies; a refused one changes nothing.
    #[test]
    fn the_action_decoder_survives_arbitrary_actions(
        seed in any::<u64>(),
        steps in 0..150usize,
        actions in prop::collection::vec(record_action_json(), 1..8),
    ) {
        let Some((mut game, _)) = random_game(seed, steps) else { return Ok(()) };
        for value in actions {
            let Ok(action) = serde_json::from_value::<RecordAction>(value) else { continue };
            match decode_action(&game, &action) {
                Ok(decoded) => apply_checked(&mut game, decoded)?,
                Err(message) => prop_assert!(!message.is_empty()),
            }
        }
    }

    /// `Game::apply` with arbitrary actions at random positions of random games: legal ones
    /// apply, every other one is refused and changes nothing.
    #[test]
    fn apply_refuses_arbitrary_actions_without_a_trace(
        seed in any::<u64>(),
        steps in 0..150usize,
        actions in prop::collection::vec(any_action(), 1..12),
    ) {
        let Some((mut game, _)) = random_game(seed, steps) else { return Ok(()) };
        for action in actions {
            apply_checked(&mut game, action)?;
        }
    }
}
