//! Counting tests in the spirit of chess perft: from a position given as a deck order and a
//! record prefix, count the legal placements and the distinct action sequences of a few plies,
//! and compare them with numbers derived by hand (small positions, explained in the data file)
//! or pinned after a brute-force count (mid-game positions).
//!
//! Every count is made twice: by the engine's move generator (`legal_actions`) and by an
//! independent brute-force generator that tries every position of the bounding box grown by
//! one in all four rotations, and every feature number, through `check()`. At each placement
//! the brute-force set must also equal the geometric fits computed by comparing edges by hand
//! from the catalog design data ((`tests/perft/reference.rs`)). A differential test then
//! makes the same comparison at every decision of many random games.
//!
//! Data file format (`tests/perft/base.perft`): blocks separated by `id` lines; `#` starts a
//! comment. Keys:
//!
//! ```text
//! id <name>
//! players <n>                 seats, default 2 (red, blue, green, ...)
//! rules <rule set>            hig-big-box (default), hig, rgg, rgg-big-box
//! farmers off                 no farmers
//! deck <tile> ...             draw order after the start tile (`base:` may be left out); repeatable
//! actions <a>; <a>; ...       place X Y DEGREES | deploy FEATURE | pass; repeatable
//! placements <n>              legal placements of the pending tile
//! positions <n>               distinct positions among them
//! perft <depth> <n>           action sequences of that length (leaves of the game tree)
//! discarded <n>               tiles discarded so far
//! tiles-left <n>              tiles still face down
//! scores <n> <n> ...          scores by seat
//! supply <n>                  followers in the supply of the player to decide
//! ```

use std::collections::BTreeSet;

use carcassonne_bots::{Bot, RandomBot};
use carcassonne_engine::record::RECORD_VERSION;
use carcassonne_engine::{
    Action, Color, Deck, Event, Figure, Game, GameSetup, Pending, Pos, Record, RecordAction, RecordDeck, Rotation,
    RuleSet, Rules,
};

use crate::properties::reference;

const DATA: &str = include_str!("perft/base.perft");

/// One position of the data file and what is expected of it.
#[derive(Debug, Default)]
struct Block {
    id: String,
    line: usize,
    players: usize,
    rules: Rules,
    deck: Vec<String>,
    actions: Vec<RecordAction>,
    expect: Vec<(String, Vec<u64>)>,
}

fn parse_action(text: &str) -> Result<RecordAction, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["place", x, y, r] => Ok(RecordAction::Place {
            player: None,
            tile: None,
            x: x.parse().map_err(|_| format!("bad x in `{text}`"))?,
            y: y.parse().map_err(|_| format!("bad y in `{text}`"))?,
            rotation: r.parse().map_err(|_| format!("bad rotation in `{text}`"))?,
        }),
        ["deploy", feature] => Ok(RecordAction::Deploy {
            player: None,
            figure: Figure::Follower,
            feature: feature.to_string(),
            x: None,
            y: None,
        }),
        ["pass"] => Ok(RecordAction::Pass { player: None }),
        _ => Err(format!("cannot read the action `{text}`")),
    }
}

fn fail(line: usize, message: String) -> ! {
    panic!("base.perft:{line}: {message}")
}

fn parse_blocks(text: &str) -> Vec<Block> {
    let mut blocks: Vec<Block> = vec![];
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap().trim();
        if line.is_empty() {
            continue;
        }
        let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let fail = |m: String| fail(i + 1, m);
        if key == "id" {
            blocks.push(Block {
                id: rest.to_string(),
                line: i + 1,
                players: 2,
                rules: Rules::base(),
                ..Block::default()
            });
            continue;
        }
        let Some(block) = blocks.last_mut() else { fail(format!("`{key}` before any `id`")) };
        let numbers = || -> Vec<u64> {
            rest.split_whitespace().map(|w| w.parse().unwrap_or_else(|_| fail(format!("bad number `{w}`")))).collect()
        };
        match key {
            "players" => block.players = numbers()[0] as usize,
            "rules" => {
                let set = RuleSet::from_name(rest).unwrap_or_else(|| fail(format!("unknown rule set `{rest}`")));
                let farmers = block.rules.variants.farmers;
                block.rules = Rules::with_rule_set(set);
                block.rules.variants.farmers = farmers;
            }
            "farmers" => block.rules.variants.farmers = rest == "on",
            "deck" => block.deck.extend(rest.split_whitespace().map(|t| {
                if t.contains(':') {
                    t.to_string()
                } else {
                    format!("base:{t}")
                }
            })),
            "actions" => {
                for a in rest.split(';').map(str::trim).filter(|a| !a.is_empty()) {
                    block.actions.push(parse_action(a).unwrap_or_else(|e| fail(e)));
                }
            }
            "placements" | "positions" | "perft" | "discarded" | "tiles-left" | "scores" | "supply" => {
                block.expect.push((key.to_string(), numbers()))
            }
            other => fail(format!("unknown key `{other}`")),
        }
    }
    blocks
}

fn record_of(block: &Block) -> Record {
    Record {
        version: RECORD_VERSION,
        rules: block.rules.clone(),
        players: Color::ALL[..block.players].to_vec(),
        deck: RecordDeck::Order(block.deck.clone()),
        actions: block.actions.clone(),
    }
}

// ----- Counting -----

/// Leaves of the game tree `depth` plies deep, by the engine's move generator.
fn perft(game: &Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let actions = game.legal_actions();
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .into_iter()
        .map(|a| {
            let mut next = game.clone();
            next.apply(a).expect("a legal action applies");
            perft(&next, depth - 1)
        })
        .sum()
}

/// Every action worth trying: all positions of the bounding box grown by one in all rotations,
/// deployments on feature numbers 0 to 15, and a pass (whatever the pending decision).
fn candidates(game: &Game) -> Vec<Action> {
    let (x0, y0, x1, y1) = reference::bounding_box(game.board());
    let mut out = vec![Action::Pass];
    out.extend((0..16).map(|feature| Action::Deploy { figure: Figure::Follower, feature }));
    for y in y0 - 1..=y1 + 1 {
        for x in x0 - 1..=x1 + 1 {
            out.extend(Rotation::ALL.map(|rotation| Action::Place { pos: Pos::new(x, y), rotation }));
        }
    }
    out
}

/// The legal actions by brute force: the candidates that `check()` accepts. At a placement they
/// must also be exactly the geometric fits of the hand-written edge comparison.
fn brute_force_legal(game: &Game) -> BTreeSet<ActionKey> {
    let legal: BTreeSet<ActionKey> =
        candidates(game).into_iter().filter(|&a| game.check(a).is_ok()).map(ActionKey::from).collect();
    if let Pending::PlaceTile { tile, .. } = game.pending() {
        let fits: BTreeSet<ActionKey> = reference::fitting_placements(game.catalog(), game.board(), game.design(tile))
            .into_iter()
            .map(|(pos, rotation)| ActionKey::from(Action::Place { pos, rotation }))
            .collect();
        assert_eq!(legal, fits, "check() and the edge comparison disagree");
    }
    legal
}

/// Leaves of the game tree by brute force (independent of `legal_actions`).
fn perft_brute(game: &Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let legal = brute_force_legal(game);
    if depth == 1 {
        return legal.len() as u64;
    }
    legal
        .into_iter()
        .map(|k| {
            let mut next = game.clone();
            next.apply(k.action()).expect("an action check() accepts applies");
            perft_brute(&next, depth - 1)
        })
        .sum()
}

/// An action with a total order, for sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum ActionKey {
    Place(i16, i16, usize),
    Deploy(u8),
    Pass,
}

impl From<Action> for ActionKey {
    fn from(a: Action) -> ActionKey {
        match a {
            Action::Place { pos, rotation } => ActionKey::Place(pos.x, pos.y, rotation.index()),
            Action::Deploy { feature, .. } => ActionKey::Deploy(feature),
            Action::Pass => ActionKey::Pass,
            Action::Escape { .. }
            | Action::RaiseMountain { .. }
            | Action::RemoveTile { .. }
            | Action::TakePrisoner { .. }
            | Action::MoveFollower { .. }
            | Action::ReligiousWar { .. }
            | Action::ReleasePrisoner { .. }
            | Action::RecallAbbot { .. }
            | Action::DeployAt { .. }
            | Action::MoveFairy { .. }
            | Action::RemoveKnight { .. }
            | Action::MoveDragon { .. }
            | Action::BuildTower { .. }
            | Action::FinishTower { .. }
            | Action::Capture { .. }
            | Action::Exchange { .. }
            | Action::PayRansom { .. }
            | Action::ChooseTile { .. }
            | Action::GiveTile { .. }
            | Action::PlaceAbbey { .. }
            | Action::PlaceBarn { .. }
            | Action::PlaceBuilding { .. }
            | Action::ReturnFigure { .. }
            | Action::PlaceGold { .. }
            | Action::MoveMagic { .. }
            | Action::RemoveMagic { .. }
            | Action::Fly { .. }
            | Action::Land { .. }
            | Action::PlaceTunnel { .. }
            | Action::Ferry { .. }
            | Action::Flea { .. }
            | Action::Flee { .. }
            | Action::MoveScoringFigure { .. }
            | Action::ReadMessage { .. }
            | Action::MessageFollower { .. }
            | Action::Flock { .. }
            | Action::Acrobat { .. }
            | Action::ScorePyramid { .. }
            | Action::PlaceBridged { .. }
            | Action::Bridge { .. }
            | Action::BuildCastle
            | Action::BazaarSelect { .. }
            | Action::BazaarBid { .. }
            | Action::BazaarTrade { .. }
            | Action::ChooseToken { .. }
            | Action::Flick { .. }
            | Action::Seduce { .. }
            | Action::SeduceInQuarter { .. }
            | Action::PorxadaBonus
            | Action::SwapFollower { .. }
            | Action::RefuseSwap { .. }
            | Action::CropCircle { .. }
            | Action::MoveWagon { .. }
            | Action::DeployToQuarter { .. }
            | Action::MoveCount { .. }
            | Action::Redeploy { .. }
            | Action::PlayHeldTile => {
                unreachable!("the perft positions are base games: no expansion's actions")
            }
        }
    }
}

impl ActionKey {
    fn action(self) -> Action {
        match self {
            ActionKey::Place(x, y, r) => Action::Place { pos: Pos::new(x, y), rotation: Rotation::ALL[r] },
            ActionKey::Deploy(feature) => Action::Deploy { figure: Figure::Follower, feature },
            ActionKey::Pass => Action::Pass,
        }
    }
}

/// The engine's legal actions equal the brute-force ones, and the counting shortcuts agree with
/// the list.
fn assert_generator_matches(game: &Game, context: &str) {
    let legal = game.legal_actions();
    let listed: BTreeSet<ActionKey> = legal.iter().map(|&a| ActionKey::from(a)).collect();
    assert_eq!(listed.len(), legal.len(), "{context}: legal actions repeat");
    assert_eq!(listed, brute_force_legal(game), "{context}: legal_actions() differs from the brute-force set");
    assert_eq!(game.legal_action_count(), legal.len(), "{context}: legal_action_count()");
    for (i, &a) in legal.iter().enumerate() {
        assert_eq!(game.nth_legal_action(i), Some(a), "{context}: nth_legal_action({i})");
    }
    assert_eq!(game.nth_legal_action(legal.len()), None, "{context}: nth_legal_action past the end");
    if let Pending::PlaceTile { tile, .. } = game.pending() {
        // The public fit test agrees too.
        let design = game.design(tile);
        for a in candidates(game) {
            if let Action::Place { pos, rotation } = a {
                assert_eq!(
                    game.board().fits(game.catalog(), design, rotation, pos),
                    listed.contains(&ActionKey::from(a)),
                    "{context}: Board::fits at {pos} turned {}",
                    rotation.degrees()
                );
            }
        }
    }
}

fn position(block: &Block) -> Game {
    let replay = record_of(block).replay().unwrap_or_else(|e| panic!("{} (line {}): {e}", block.id, block.line));
    replay.game
}

#[test]
fn perft_file_counts() {
    let blocks = parse_blocks(DATA);
    assert!(blocks.len() >= 10, "the data file holds {} positions", blocks.len());
    let mut checked = 0;
    for block in &blocks {
        let game = position(block);
        let name = format!("{} (base.perft:{})", block.id, block.line);
        assert_generator_matches(&game, &name);
        for (key, values) in &block.expect {
            let legal = game.legal_actions();
            let got: Vec<u64> = match key.as_str() {
                "placements" => {
                    vec![legal.iter().filter(|a| matches!(a, Action::Place { .. })).count() as u64]
                }
                "positions" => vec![legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Place { pos, .. } => Some((pos.x, pos.y)),
                        _ => None,
                    })
                    .collect::<BTreeSet<_>>()
                    .len() as u64],
                "perft" => {
                    let depth = values[0] as u32;
                    let engine = perft(&game, depth);
                    let brute = perft_brute(&game, depth);
                    assert_eq!(engine, brute, "{name}: perft {depth}: engine {engine}, brute force {brute}");
                    vec![depth as u64, engine]
                }
                "discarded" => vec![game.discarded().len() as u64],
                "tiles-left" => vec![game.tiles_left() as u64],
                "scores" => game.scores().iter().map(|&s| s as u64).collect(),
                "supply" => vec![game.pending().player().map_or(0, |p| game.player(p).followers as u64)],
                _ => unreachable!(),
            };
            assert_eq!(&got, values, "{name}: {key}");
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} expectations checked");
}

/// At every decision of random games (every rule set, 2-6 players, both editions), the engine's
/// legal actions are exactly the brute-force ones.
#[test]
fn legal_actions_equal_brute_force_in_random_games() {
    for seed in 0..48u64 {
        let players = 2 + (seed % 5) as usize;
        let mut rules = Rules::with_rule_set(RuleSet::ALL[seed as usize % 4]);
        rules.variants.farmers = seed % 6 != 5;
        if seed % 2 == 1 {
            rules.variants.tile_edition = carcassonne_engine::Edition::Second;
        }
        let mut game =
            Game::new(GameSetup { rules, players: Color::ALL[..players].to_vec(), deck: Deck::Seed(seed) }).unwrap();
        let mut bots: Vec<RandomBot> = (0..players as u64).map(|i| RandomBot::new(100 * seed + i)).collect();
        while let Some(p) = game.pending().player() {
            assert_generator_matches(&game, &format!("seed {seed}, turn {}", game.turns()));
            let action = bots[p as usize].choose_action(&game.observation(Some(p)));
            game.apply(action).unwrap();
        }
        assert_generator_matches(&game, &format!("seed {seed}, game over"));
    }
}

/// perft 2 (a placement and a deployment) by the engine and by brute force agree at random
/// mid-game positions.
#[test]
fn perft_2_equals_brute_force_at_random_positions() {
    for seed in 0..12u64 {
        let mut game = Game::new(GameSetup {
            rules: Rules::base(),
            players: vec![Color::Red, Color::Blue, Color::Green],
            deck: Deck::Seed(500 + seed),
        })
        .unwrap();
        let mut bot = RandomBot::new(seed);
        let stop = 5 + 5 * seed as u32;
        while game.turns() < stop && !game.is_over() {
            let action = bot.choose_action(&game.observation(None));
            game.apply(action).unwrap();
        }
        assert_eq!(perft(&game, 2), perft_brute(&game, 2), "seed {seed}");
    }
}

/// Prints data-file blocks for mid-game positions of random games, with their counts (run with
/// `cargo test --test tests print_midgame_blocks -- --ignored --nocapture`). The numbers were
/// pinned from this output after checking that the engine and the brute force agree.
#[test]
#[ignore]
fn print_midgame_blocks() {
    for (seed, players, turns) in
        [(5u64, 2usize, 8u32), (23, 3, 35), (37, 4, 35), (29, 5, 30), (41, 2, 50), (53, 6, 60)]
    {
        let setup =
            || GameSetup { rules: Rules::base(), players: Color::ALL[..players].to_vec(), deck: Deck::Seed(seed) };
        // The whole draw order: play the game to the end once.
        let mut game = Game::new(setup()).unwrap();
        let mut bots: Vec<RandomBot> = (0..players as u64).map(|i| RandomBot::new(seed + i)).collect();
        let first = match game.pending() {
            Pending::PlaceTile { tile, .. } => tile,
            _ => unreachable!(),
        };
        let mut order = vec![first];
        let mut prefix = vec![];
        let mut stop = None;
        while let Some(p) = game.pending().player() {
            if game.turns() == turns && stop.is_none() {
                stop = Some(game.clone());
            }
            let action = bots[p as usize].choose_action(&game.observation(Some(p)));
            if stop.is_none() {
                prefix.push(match (game.pending(), action) {
                    (_, Action::Place { pos, rotation }) => format!("place {} {} {}", pos.x, pos.y, rotation.degrees()),
                    (Pending::Deploy { pos, .. }, Action::Deploy { feature, .. }) => {
                        format!("deploy {}", game.feature_name(pos, feature).unwrap())
                    }
                    _ => "pass".to_string(),
                });
            }
            for e in game.apply(action).unwrap() {
                if let Event::TileDrawn { tile, .. } | Event::TileDiscarded { tile, .. } = e {
                    order.push(tile);
                }
            }
        }
        let stop = stop.unwrap();
        let names: Vec<&str> = order.iter().map(|&t| stop.design(t).name.as_str()).collect();
        println!("id midgame-seed{seed}-{players}p-turn{turns}");
        println!("players {players}");
        for chunk in names.chunks(24) {
            println!("deck {}", chunk.join(" "));
        }
        for chunk in prefix.chunks(8) {
            println!("actions {}", chunk.join("; "));
        }
        let legal = stop.legal_actions();
        let positions: BTreeSet<_> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Place { pos, .. } => Some((pos.x, pos.y)),
                _ => None,
            })
            .collect();
        println!("placements {}", legal.len());
        println!("positions {}", positions.len());
        for depth in 1..=3 {
            let (engine, brute) = (perft(&stop, depth), perft_brute(&stop, depth));
            assert_eq!(engine, brute);
            println!("perft {depth} {engine}");
        }
        println!("scores {}", stop.scores().iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" "));
        println!("tiles-left {}", stop.tiles_left());
        println!("supply {}", stop.player(stop.pending().player().unwrap()).followers);
        println!();
    }
}

/// `nth_legal_actions` (and `nth_legal_action`, one index of it) finds in one pass what the
/// listing holds at those indices, at every decision of random games (placements, river tiles,
/// deployments, mountains, modules' decisions), for ascending indices with repeats and past the
/// end.
#[test]
fn nth_legal_actions_agree_with_the_listing() {
    use carcassonne_engine::random::{below, rng_from_seed};
    use carcassonne_engine::Expansion;
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let mountains = carcassonne_engine::Variants { mountains: true, ..Default::default() };
    let mut checked = 0;
    for (rules, seed) in [
        (Rules::base(), 1u64),
        (Rules { expansions: vec![Expansion::River, Expansion::Ferries], ..Rules::base() }, 2),
        (Rules { expansions: vec![Expansion::Plague, Expansion::TradersBuilders], ..Rules::base() }, 5),
        (Rules { expansions: vec![Expansion::Messages, Expansion::Abbot], ..Rules::base() }, 6),
        (Rules { expansions: every, ..Rules::base() }, 3),
        (Rules { expansions: vec![], variants: mountains }, 4),
    ] {
        let setup = GameSetup { rules, players: vec![Color::Red, Color::Blue], deck: Deck::Seed(seed) };
        let mut game = Game::new(setup).unwrap();
        let mut rng = rng_from_seed(seed);
        while !game.is_over() {
            let count = game.legal_action_count();
            let mut ns = [0; 4].map(|_| below(&mut rng, count as u32 + 1) as usize);
            ns.sort_unstable();
            let legal = game.legal_actions();
            assert_eq!(game.nth_legal_actions(ns), ns.map(|n| legal.get(n).copied()), "{:?}", game.pending());
            assert_eq!(game.nth_legal_action(ns[0]), legal.get(ns[0]).copied());
            checked += 1;
            let action = game.nth_legal_action(below(&mut rng, count as u32) as usize).unwrap();
            game.apply(action).unwrap();
        }
    }
    assert!(checked > 1_000, "{checked} decisions");
}
