//! The golden views: what clients receive must not change when the code that builds it is
//! reshaped. Random games under every expansion and every variant are played step by step, and
//! at each step the spectator's view and the deciding seat's view (with its legal actions and
//! the step's events, as the server sends them) are hashed. `tests/fixtures/golden-views.txt`
//! holds, per configuration, the hash of every view of the game and a short hash per step, so a
//! difference is reported at the first step it appears.
//!
//! A change that is meant to change the views rewrites the file with
//! `GOLDEN_VIEWS=update cargo test -p carcassonne-server --test golden_views`; the diff of the
//! file then shows which configurations changed, and the commit says why. To see what changed,
//! `GOLDEN_VIEWS_DUMP=DIR` writes every view at each of the two commits, and
//! `scripts/compare-golden-views.py` compares them view by view.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use carcassonne_engine::random::{below, rng_from_seed};
use carcassonne_engine::{Color, Deck, Expansion, Game, GameSetup, PlayerId, Rules, Variants};
use carcassonne_server::seats::Seat;
use carcassonne_server::view::{event_view, game_view, EventView, Tally, ViewInput};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/golden-views.txt");

/// Every expansion (alone and together) and every variant at a value other than its default
/// (`every_variant_is_covered` checks it): name, expansions, variants (`name=value`), players.
const CONFIGS: &[(&str, &str, &str, usize, usize)] = &[
    ("base", "", "", 2, 0),
    ("base-3", "", "farmer-scoring=second-edition,small-city=true", 3, 1),
    ("base-no-farmers-first", "", "farmers=false,tile-edition=first", 2, 2),
    ("river", "river", "river-start-tile=discarded,no-figures-on-river=true", 2, 3),
    ("rivers", "river,river-2", "combined-rivers=first-set,river-order=shuffled", 3, 4),
    ("inns-cathedrals", "inns-cathedrals", "incomplete-features-score-nothing=true", 2, 5),
    ("traders-builders", "traders-builders", "builders-and-pigs-are-followers=true,farmer-scoring=first-edition", 2, 6),
    ("traders-builders-stay", "traders-builders", "builder-and-pig-stay-without-follower=true", 3, 7),
    ("king-robber", "king-robber", "", 2, 8),
    ("count", "count", "count-moves=clockwise,carcassonne-trigger=any-points", 2, 9),
    ("count-king", "count,king-robber,river-2", "king-counts-carcassonne=true,count-moves=to-quarter", 3, 10),
    ("cathars", "cathars", "escape-after-each-tile=true", 2, 11),
    ("abbot", "abbot", "battle-for-cloisters=true,tile-edition=second", 2, 12),
    ("gq11", "gq11,river-2", "gq-pig-herd=true,pig-herd-scores-nothing=true", 2, 13),
    ("gq11-alone", "gq11", "pig-herd-without-traders-builders=true", 2, 14),
    ("winter", "winter,inns-cathedrals", "sixth-player-in-winter=true", 3, 15),
    ("princess-dragon", "princess-dragon", "dragon-moves-after-scoring=true,princess-must-remove=true", 2, 16),
    (
        "princess-dragon-volcano",
        "princess-dragon,traders-builders,river",
        "volcano-allows-builder-and-pig=true,volcano-allows-fairy=true,volcano-lake=extra-turn,double-turn=immediately",
        3, 17),
    (
        "princess-dragon-gates",
        "princess-dragon,abbot",
        "princess-big-follower-only-if-last=true,magic-gate-to-unscored-features=true",
        2, 18),
    ("tower", "tower", "tower-captures-own-followers=true", 2, 19),
    (
        "tower-readings",
        "tower,traders-builders,princess-dragon",
        "tower-captures-builders-and-pigs=true,unguarded-tower-reopens=true,short-ransom=true",
        3, 20),
    ("abbey-mayor", "abbey-mayor", "wagon-moves=around-tile,pig-herd-counts-for-barn=true", 2, 21),
    ("abbey-mayor-3", "abbey-mayor,inns-cathedrals,traders-builders", "", 3, 22),
    (
        "every-expansion",
        "river,river-2,inns-cathedrals,traders-builders,king-robber,count,cathars,abbot,princess-dragon,tower,gq11,abbey-mayor",
        "tile-edition=second",
        2, 23),
    (
        "every-expansion-4",
        "river,river-2,inns-cathedrals,traders-builders,king-robber,count,cathars,abbot,princess-dragon,tower,gq11,abbey-mayor",
        "",
        4, 24),
    ("fewer-followers-unpunctuality", "abbot,traders-builders", "fewer-followers=true,follower-unpunctuality=true", 2, 25),
    ("cloisters-for-everyone", "", "cloisters-for-everyone=true", 3, 26),
    ("tiles-in-hand", "", "tiles-in-hand=three", 2, 27),
    ("collective-planning", "river", "collective-planning=true", 2, 28),
    ("architects", "tower,abbey-mayor,count", "architects=true", 2, 29),
    ("prisoners", "tower", "prisoners=true,tower-captures-guards=true", 2, 30),
    ("new-lease-of-life", "", "new-lease-of-life=true", 2, 31),
    ("dash-mountains", "princess-dragon,abbey-mayor", "dash=true,mountains=true", 2, 32),
    ("rebuilding", "count", "rebuilding=true", 2, 33),
    ("only-one-can-choose", "river,abbot", "only-one-can-choose=face-down", 3, 34),
    ("only-one-face-up", "tower,count", "only-one-can-choose=face-up", 2, 35),
    ("house-rules", "inns-cathedrals", "hole-filling-extra-turn=true,unplayable-tiles-back=true", 2, 36),
    ("three-tile-hand", "princess-dragon,tower", "three-tile-hand=visible", 2, 37),
    ("table-small", "traders-builders", "table-size=19x13,table-borders-complete=true", 2, 38),
    ("little-buildings", "little-buildings,abbot", "", 2, 39),
    ("little-buildings-values", "little-buildings,abbey-mayor,inns-cathedrals", "little-buildings-values=true", 3, 40),
    ("festival", "festival,count,abbey-mayor,abbot,traders-builders", "", 3, 41),
    ("festival-followers-only", "festival,traders-builders", "festival-followers-only=true", 2, 42),
    ("goldmines", "goldmines,abbot,inns-cathedrals", "", 3, 43),
    ("spiel-doch-start", "spiel-doch,abbot", "spiel-doch-start=true,tile-edition=second", 2, 44),
    ("wind-roses", "wind-roses,abbot", "", 2, 45),
    ("wind-roses-spielbox", "wind-roses,traders-builders", "wind-roses-spielbox=true", 3, 46),
    ("sieges", "siege,besiegers,cathars,inns-cathedrals", "", 3, 47),
    ("labyrinth-advanced", "labyrinths,inns-cathedrals", "labyrinth-advanced=true", 2, 48),
    ("monasteries", "german-monasteries,dutch-belgian-monasteries,japanese-buildings,abbot,abbey-mayor", "", 3, 49),
    ("darmstadtium", "darmstadtium,inns-cathedrals,cathars", "", 2, 50),
    ("shrines", "shrines,abbot,abbey-mayor", "shrines-sixth-tile=true", 2, 51),
    ("watchtowers", "watchtowers,inns-cathedrals,abbey-mayor", "", 2, 52),
    ("baba-yaga", "baba-yaga,goldmines,little-buildings", "", 2, 53),
    ("traps", "vodyanoy,solovei-razboynik,traders-builders", "", 2, 54),
    ("traps-whole-road", "solovei-razboynik,abbey-mayor", "solovei-whole-road=true", 3, 55),
    ("churches", "darmstadt-churches,abbot,shrines", "", 2, 131),
    ("la-porxada", "la-porxada", "", 2, 56),
    ("crop-circles", "crop-circles,inns-cathedrals,abbey-mayor", "", 3, 58),
    ("crop-circles-zmg", "crop-circles,traders-builders", "crop-circles-zmg=true", 2, 59),
    ("phantom", "phantom,princess-dragon,tower", "", 3, 60),
    ("mage-witch", "mage-witch,inns-cathedrals,cathars", "", 3, 61),
    ("flier", "flier,phantom,abbey-mayor,abbot", "", 3, 65),
    ("tunnel", "tunnel,traders-builders", "rebuilding=true", 2, 63),
    ("ferries", "ferries,tunnel", "", 3, 66),
    ("ferries-highwayman", "ferries,traders-builders", "ferry-needs-highwayman=true", 2, 67),
    ("plague", "plague", "", 2, 68),
    ("plague-builders", "plague,traders-builders,tunnel", "", 3, 69),
    ("messages", "messages", "", 2, 70),
    ("messages-4", "messages,inns-cathedrals,traders-builders,king-robber", "messages-zmg=true", 4, 78),
    ("hills-sheep", "hills-sheep", "", 2, 82),
    ("hills-sheep-4", "hills-sheep,abbey-mayor,traders-builders", "", 4, 79),
    // The Vineyards alone: a monastery completed beside two vineyards.
    ("vineyards", "vineyards", "", 2, 76),
    // Under the Big Top: games where a full pyramid is scored (seldom in random play), in the
    // second a pyramid of three seats' acrobats, with the dragon and the builders.
    ("big-top", "big-top", "", 2, 3001),
    ("big-top-4", "big-top,princess-dragon,traders-builders", "", 4, 3226),
    // Bridges, Castles & Bazaars: games with a castle scored and a bazaar's tile bought from the
    // highest bidder (the trade), the second with four seats bidding.
    ("bridges-castles-bazaars", "bridges-castles-bazaars", "", 2, 3013),
    ("bridges-castles-bazaars-4", "bridges-castles-bazaars,inns-cathedrals,traders-builders", "", 4, 3008),
    // The fairy never next to a castle's follower (the Assembled Game Reference's reading).
    ("bridges-castles-bazaars-fairy", "bridges-castles-bazaars,princess-dragon", "no-fairy-in-castle=true", 3, 3015),
    // The Catapult: a game with rounds of every kind (a knock-out sending followers home,
    // seductions made and one passed, catches and the target hurling scored).
    ("catapult", "catapult", "", 3, 5005),
    // Games chosen for decisions and events that random play seldom reaches.
    ("cathars-escape", "cathars", "escape-after-each-tile=true", 2, 4011),
    ("abbot-neighbour", "abbot", "battle-for-cloisters=true,tile-edition=second", 2, 2012),
    ("princess-removes", "princess-dragon", "dragon-moves-after-scoring=true,princess-must-remove=true", 2, 7016),
    ("architects-exchange", "tower,abbey-mayor,count", "architects=true", 2, 8029),
    ("prisoners-taken", "tower", "prisoners=true,tower-captures-guards=true", 2, 1030),
    ("la-porxada-refused", "la-porxada", "", 2, 57),
    ("la-porxada-bonus", "la-porxada", "", 2, 673),
];

/// FNV-1a, 64 bits: stable across builds and toolchains.
#[derive(Clone, Copy)]
struct Fnv(u64);

impl Fnv {
    const START: Fnv = Fnv(0xcbf2_9ce4_8422_2325);

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= byte as u64;
            self.0 = self.0.wrapping_mul(0x100_0000_01b3);
        }
    }
}

fn rules_of(expansions: &str, variants: &str) -> Rules {
    let expansions = expansions
        .split(',')
        .filter(|e| !e.is_empty())
        .map(|e| Expansion::from_name(e).unwrap_or_else(|| panic!("unknown expansion {e}")))
        .collect();
    let mut set = Variants::default();
    for pair in variants.split(',').filter(|v| !v.is_empty()) {
        let (name, value) = pair.split_once('=').expect("name=value");
        set.set(name, value).unwrap_or_else(|e| panic!("{e}"));
    }
    Rules { expansions, variants: set }
}

/// The views of one random game, as JSON text per step: the spectator's, then the deciding
/// seat's (the same step's events in both).
fn play(index: usize, expansions: &str, variants: &str, players: usize, mut each_step: impl FnMut(usize, &[String])) {
    let colors = [Color::Red, Color::Blue, Color::Green, Color::Yellow, Color::Black, Color::Gray];
    let setup = GameSetup {
        rules: rules_of(expansions, variants),
        players: colors[..players].to_vec(),
        deck: Deck::Seed(index as u64 * 7 + 1),
    };
    let (mut game, start) = Game::with_catalog(carcassonne_engine::Catalog::builtin(), setup).expect("a valid setup");
    let seats: Vec<Seat> = ["Anna", "Ben", "Cleo", "Dara"][..players]
        .iter()
        .enumerate()
        .map(|(i, name)| Seat {
            name: name.to_string(),
            player: if i == 1 { "greedy".into() } else { "human".into() },
            token: None,
        })
        .collect();
    let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
    let online: Vec<u32> = (0..players as u32).map(|i| i % 2).collect();
    let mut tally = Tally::new(players);
    let mut events: Vec<EventView> = vec![];
    for e in &start {
        tally.add(e);
        events.push(event_view(&game, &names, events.len(), None, e));
    }
    let mut rng = rng_from_seed(index as u64 ^ 0x601d);
    let mut step_events_from = 0;
    let mut step = 0;
    loop {
        let input =
            ViewInput { id: "golden", version: step, game: &game, seats: &seats, online: &online, tally: &tally };
        let step_events = || events[step_events_from..].to_vec();
        let mut texts =
            vec![serde_json::to_string(&game_view(&input, vec![], step_events_from, step_events())).unwrap()];
        if let Some(p) = game.pending().player() {
            let view = game_view(&input, vec![p as PlayerId], step_events_from, step_events());
            texts.push(serde_json::to_string(&view).unwrap());
        }
        each_step(step, &texts);
        if game.is_over() {
            break;
        }
        let actions = game.legal_actions();
        let action = actions[below(&mut rng, actions.len() as u32) as usize];
        let caused = game.apply(action).expect("a legal action");
        step_events_from = events.len();
        for e in &caused {
            tally.add(e);
            events.push(event_view(&game, &names, events.len(), Some(step), e));
        }
        step += 1;
    }
}

/// One fixture line: the configuration, the hash of all its views, and 4 hex digits per step.
fn line_of(
    &(name, expansions, variants, players, game): &(&str, &str, &str, usize, usize),
    seen: &mut BTreeSet<String>,
) -> String {
    let mut all = Fnv::START;
    let mut steps = String::new();
    play(game, expansions, variants, players, |_, texts| {
        let view: serde_json::Value = serde_json::from_str(&texts[0]).unwrap();
        seen.insert(format!("decision {}", view["pending"]["decision"].as_str().unwrap_or("?")));
        for event in view["events"].as_array().into_iter().flatten() {
            seen.insert(format!("event {}", event["type"].as_str().unwrap_or("?")));
        }
        let mut one = Fnv::START;
        for text in texts {
            all.write(text.as_bytes());
            one.write(text.as_bytes());
        }
        write!(steps, "{:04x}", (one.0 ^ (one.0 >> 32)) as u16).unwrap();
    });
    format!("{name} {:016x} {steps}", all.0)
}

#[test]
fn every_variant_is_covered() {
    for info in Variants::INFO {
        assert!(
            CONFIGS.iter().any(|c| c.2.split(',').any(|v| v.split('=').next() == Some(info.name))),
            "no golden configuration sets the variant {}",
            info.name
        );
    }
    for expansion in Expansion::ALL {
        assert!(
            CONFIGS.iter().any(|c| c.1.split(',').any(|e| e == expansion.name())),
            "no golden configuration plays {}",
            expansion.name()
        );
    }
}

#[test]
fn views_are_unchanged() {
    // The configurations are independent games: they are played on every core, each thread
    // taking every n-th, and their lines put back in order.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(CONFIGS.len());
    let mut seen = BTreeSet::new();
    let mut lines = vec![String::new(); CONFIGS.len()];
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut seen = BTreeSet::new();
                    let lines: Vec<(usize, String)> =
                        (t..CONFIGS.len()).step_by(threads).map(|i| (i, line_of(&CONFIGS[i], &mut seen))).collect();
                    (lines, seen)
                })
            })
            .collect();
        for worker in workers {
            let (done, kinds) = worker.join().expect("a golden game");
            for (i, line) in done {
                lines[i] = line;
            }
            seen.extend(kinds);
        }
    });
    // The games reach every decision a client is asked, and the events of every expansion.
    // The engine's decisions, by the names the views use (as the reference lists them), and
    // the end of the game.
    for kind in carcassonne_reference::DECISIONS.iter().chain(&["over"]) {
        assert!(seen.contains(&format!("decision {kind}")), "no golden game reaches the decision {kind}");
    }
    let events = seen.iter().filter(|s| s.starts_with("event ")).count();
    assert!(events >= 60, "the golden games show {events} kinds of events: {seen:?}");
    if std::env::var("GOLDEN_VIEWS").as_deref() == Ok("update") {
        std::fs::create_dir_all(std::path::Path::new(FIXTURE).parent().unwrap()).unwrap();
        std::fs::write(FIXTURE, lines.join("\n") + "\n").unwrap();
        return;
    }
    let stored = std::fs::read_to_string(FIXTURE).expect("the golden views (GOLDEN_VIEWS=update writes them)");
    let stored: Vec<&str> = stored.lines().collect();
    assert_eq!(
        stored.len(),
        lines.len(),
        "the fixture has {} configurations, the test {}",
        stored.len(),
        CONFIGS.len()
    );
    let mut failures = vec![];
    for ((line, old), config) in lines.iter().zip(&stored).zip(CONFIGS) {
        if line == old {
            continue;
        }
        let steps = |l: &str| l.split(' ').nth(2).unwrap_or("").to_string();
        let (new, old) = (steps(line), steps(old));
        let first = (0..new.len().max(old.len()) / 4).find(|&s| new.get(s * 4..s * 4 + 4) != old.get(s * 4..s * 4 + 4));
        // The views of the first step that differs, for comparison with the same from the old code.
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("golden-views");
        std::fs::create_dir_all(&dir).unwrap();
        let wanted = first.unwrap_or(usize::MAX);
        play(config.4, config.1, config.2, config.3, |step, texts| {
            if step == wanted {
                for (k, text) in texts.iter().enumerate() {
                    std::fs::write(dir.join(format!("{}-{step}-{k}.json", config.0)), text).unwrap();
                }
            }
        });
        failures.push(format!(
            "{}: the views differ first at step {} (written to {})",
            config.0,
            first.map_or("?".into(), |s| s.to_string()),
            dir.display()
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `GOLDEN_VIEWS_DUMP=DIR` writes every view of every configuration to `DIR/<name>.jsonl` (one
/// view a line, in the order they are hashed), so that two commits can be compared view by view
/// with `scripts/compare-golden-views.py` when the hashes differ (for instance to show that a new
/// variant adds only its key to every view's rules). Without the variable it does nothing.
#[test]
fn dump_views_when_asked() {
    let Ok(dir) = std::env::var("GOLDEN_VIEWS_DUMP") else { return };
    std::fs::create_dir_all(&dir).unwrap();
    for &(name, expansions, variants, players, game) in CONFIGS {
        let mut out = String::new();
        play(game, expansions, variants, players, |_, texts| {
            for text in texts {
                out.push_str(text);
                out.push('\n');
            }
        });
        std::fs::write(std::path::Path::new(&dir).join(format!("{name}.jsonl")), out).unwrap();
    }
}
