//! The assembled game reference (crates/reference, docs/reference.md): every selection prints
//! every line that applies to it and no empty step; the text output of a few selections is
//! kept as snapshots (`tests/fixtures/reference/`; `UPDATE_SNAPSHOTS=1` rewrites them); every
//! number the reference shares with the engine agrees with it; and every decision the engine
//! asks for in random games belongs to a step the reference lists, in the reference's order.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use carcassonne_engine::random::{below, rng_from_seed};
use carcassonne_engine::{
    Action, Catalog, CatapultToken, Color, Deck, Edition, Event, Expansion, Figure, Game, GameSetup,
    Phase as EnginePhase, RiverOrder, RuleSet, Rules, Token, Variants, ACROBAT_POINTS, ANIMAL_TOKENS, FLOCK_BAG,
    LABYRINTH_FOLLOWER_POINTS, PYRAMID_SIZE, RANSOM, RINGMASTER_POINTS, VINEYARD_POINTS, WIND_ROSE_POINTS,
};
use carcassonne_reference::{decision_of, render, Fact, Phase, Reference, Selection};

use crate::support::{carcassonne, fails, json_of, ok};

fn keys(expansions: &[Expansion]) -> Vec<String> {
    expansions.iter().map(|e| e.name().to_string()).collect()
}

/// The selections the issue names: the base game, each implemented expansion alone, all of
/// them together, each rule set (with every expansion), and the expansions not playable yet.
fn selections() -> Vec<(String, Selection)> {
    let r = Reference::builtin();
    let mut out = vec![("base".to_string(), Selection::new(r, &[], Variants::default(), None))];
    for e in Expansion::ALL {
        out.push((e.name().to_string(), Selection::new(r, &keys(&[e]), Variants::default(), None)));
    }
    for rs in RuleSet::ALL {
        out.push((
            format!("all, {}", rs.name()),
            Selection::new(r, &keys(&Expansion::ALL), Variants::preset(rs), None),
        ));
        out.push((format!("base, {}", rs.name()), Selection::new(r, &[], Variants::preset(rs), None)));
    }
    for x in r.expansions().iter().filter(|x| !x.playable()) {
        out.push((x.key.clone(), Selection::new(r, std::slice::from_ref(&x.key), Variants::default(), None)));
    }
    let every: Vec<String> = r.expansions().iter().map(|x| x.key.clone()).collect();
    for players in 2..=6 {
        out.push((
            format!("everything, {players} players"),
            Selection::new(r, &every, Variants::default(), Some(players)),
        ));
    }
    out
}

/// Whether an entry is shown: its condition and its parents' hold, and a heading has a line.
fn shown(r: &Reference, id: &str, selection: &Selection) -> bool {
    let entry = r.entry(id).unwrap();
    r.applies(entry, selection)
        && (!entry.heading || r.entries().iter().any(|c| c.under.as_deref() == Some(id) && shown(r, &c.id, selection)))
}

fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn every_selection_prints_every_line_that_applies_and_no_empty_step() {
    let r = Reference::builtin();
    for (name, selection) in selections() {
        let a = r.assemble(&selection);
        for step in a.sections.iter().flat_map(|s| &s.steps) {
            assert!(!step.lines.is_empty(), "{name}: step {} is empty", step.id);
        }
        let printed: BTreeSet<&str> = a.lines().iter().map(|l| l.id.as_str()).collect();
        for e in r.entries() {
            assert_eq!(printed.contains(e.id.as_str()), shown(r, &e.id, &selection), "{name}: line {}", e.id);
        }
        // The text shows every line (wrapping aside), and each turn step in order.
        let text = squeeze(&render::text(&a, 80, false));
        for line in a.lines() {
            assert!(text.contains(&squeeze(&line.text)), "{name}: {} missing from the text", line.id);
        }
        let turn: Vec<&str> = r.steps().iter().filter(|s| s.section == "turn").map(|s| s.title.as_str()).collect();
        let mut at = 0;
        for title in turn {
            let found = text[at..].find(title).unwrap_or_else(|| panic!("{name}: `{title}` missing or out of order"));
            at += found;
        }
    }
}

/// An order of the river from seed 000's house rules replaces the rules' preparation of the
/// river (the spring first, one spring and one lake kept) with its own line, and with The Count
/// of Carcassonne says who places the first river tile; the rules' order keeps the rules' lines.
#[test]
fn an_order_of_the_river_replaces_the_rules_preparation_of_the_river() {
    let r = Reference::builtin();
    let lines = |order: RiverOrder| {
        let variants = Variants { river_order: order, ..Variants::default() };
        let selection =
            Selection::new(r, &keys(&[Expansion::River, Expansion::River2, Expansion::Count]), variants, None);
        r.assemble(&selection).lines().iter().map(|l| l.id.clone()).collect::<BTreeSet<String>>()
    };
    let rules = lines(RiverOrder::SpringFirst);
    for id in ["start-river", "start-river-count", "start-aside-river-1-no-spring-lake"] {
        assert!(rules.contains(id), "{id}");
    }
    assert!(!rules.iter().any(|id| id.starts_with("start-river-") && id.ends_with("-first")), "{rules:?}");
    assert!(!rules.contains("start-river-count-first-tile"));
    for (order, line) in [
        (RiverOrder::LakeFirst, "start-river-lake-first"),
        (RiverOrder::Shuffled, "start-river-shuffled"),
        (RiverOrder::ForkFirst, "start-river-fork-first"),
        (RiverOrder::ForkFirstEndsLast, "start-river-fork-first-ends-last"),
        (RiverOrder::TwoSprings, "start-river-two-springs"),
    ] {
        let shown = lines(order);
        assert!(shown.contains(line) && shown.contains("start-river-count-first-tile"), "{order:?}: {shown:?}");
        assert!(!shown.contains("start-river") && !shown.contains("start-river-count"), "{order:?}: {shown:?}");
        // Two springs keep The River's spring: only the lakes go.
        assert_eq!(shown.contains("start-aside-river-1-no-spring-lake"), order != RiverOrder::TwoSprings, "{order:?}");
    }
}

#[test]
fn each_selection_has_the_lines_the_seeds_give_for_it() {
    let r = Reference::builtin();
    let expected: [(&[&str], &[&str]); 22] = [
        (
            &[],
            &[
                "1c-place",
                "2b1-deploy",
                "3b-return",
                "score-road",
                "score-city",
                "score-cloister",
                "players-followers",
                "final-value-farm-third",
                "4b-next",
            ],
        ),
        (
            &["river"],
            &[
                "start-aside-river-1",
                "start-river",
                "start-river-stack",
                "1c-river",
                "1b-river-first",
                "start-base-after-river",
            ],
        ),
        (
            &["river-2"],
            &[
                "start-river-fork",
                "start-river-stack-fork",
                "1c-river-2-branches",
                "start-river-lake-volcano",
                "1c-volcano-lake-plain",
                "1c-river-2-herd",
            ],
        ),
        (
            &["inns-cathedrals"],
            &[
                "players-big-follower",
                "2b1-deploy-big",
                "3b-control-big",
                "score-road-inn",
                "score-city-cathedral",
                "final-value-road-inn",
                "final-value-city-cathedral",
            ],
        ),
        (
            &["traders-builders"],
            &[
                "players-pig",
                "players-builder",
                "2b1-pig",
                "2b1-builder",
                "3b-goods",
                "4b-builder",
                "final-goods",
                "final-value-farm-pig",
                "tiles-bag",
                "figures-special",
            ],
        ),
        (
            &["king-robber"],
            &["tiles-king-robber", "aside-king-robber", "3b-king-robber", "final-king", "final-robber-baron"],
        ),
        (
            &["cathars"],
            &[
                "tiles-cathars",
                "4a-escape",
                "4a-escape-cathars",
                "score-city-besieged",
                "final-value-city-besieged",
                "final-value-farm-besieged",
            ],
        ),
        (
            &["abbot"],
            &[
                "players-abbot",
                "2b1-deploy-abbot",
                "2b1-abbot-recall",
                "score-garden",
                "final-incomplete-gardens",
                "tiles-abbot-no-gardens",
            ],
        ),
        (
            &["princess-dragon"],
            &[
                "1a-fairy",
                "1b-dragon-aside",
                "1c-volcano",
                "1c-princess",
                "2b1-fairy",
                "2c-dragon",
                "3b-fairy",
                "aside-dragon",
                "brief-dragon",
            ],
        ),
        (
            &["tower"],
            &[
                "players-tower-pieces-2",
                "players-tower-pieces-6",
                "2b1-tower-piece",
                "2b1-capture",
                "2b1-exchange",
                "2b1-tower-finish",
                "any-ransom",
                "score-ransom",
                "tiles-tower-dispenser",
            ],
        ),
        (&["gq11"], &["tiles-gq11", "tiles-remove-gq-river"]),
        (&["gq11", "river"], &["start-aside-gq-river", "start-aside-river-1-no-spring-gq"]),
        (&["winter"], &["start-aside-winter"]),
        (
            &["count"],
            &[
                "start-aside-count",
                "start-place-count",
                "start-base-discarded",
                "3b-count",
                "3c-count",
                "final-count",
                "figures-neutral-count",
            ],
        ),
        (
            &["abbey-mayor"],
            &[
                "tiles-abbeys",
                "1b-abbey",
                "1c-abbey",
                "2b1-deploy-mayor",
                "2b1-deploy-wagon",
                "2b1-barn",
                "3b-wagons",
                "3b-control-mayor",
                "final-barns",
                "players-mayor",
                "players-wagon",
                "players-barn",
                "brief-abbey",
            ],
        ),
        (
            &["plague"],
            &[
                "tiles-plague",
                "tiles-shuffle-plague",
                "aside-plague",
                "any-plague-flee",
                "any-plague-flea",
                "any-plague-flea-where",
                "1a-plague",
                "1c-plague-source",
                "1c-plague-source-no-spread",
                "2b1-deploy-plague",
            ],
        ),
        (
            &["messages"],
            &[
                "aside-messages",
                "players-messenger",
                "scoreboard-messengers",
                "any-messages",
                "any-messages-rounds",
                "any-message",
                "any-message-road",
                "any-message-tile",
                "any-message-follower",
                "3c-marker-messages",
                "final-messengers",
            ],
        ),
        (
            &["hills-sheep"],
            &[
                "tiles-hills-sheep",
                "tiles-vineyards",
                "aside-sheep",
                "players-shepherd",
                "1b-hill",
                "1c-hill",
                "2b1-shepherd",
                "2b1-deploy-shepherd-field",
                "2c-shepherd",
                "2c-shepherd-closed",
                "3b-control-hill",
                "3b-points-vineyards",
                "final-shepherds",
                "final-farms-hill",
                "final-value-cloister-vineyards",
            ],
        ),
        (&["vineyards"], &["tiles-vineyards", "3b-points-vineyards", "final-value-cloister-vineyards"]),
        (
            &["big-top"],
            &[
                "tiles-big-top",
                "aside-animals",
                "aside-big-top",
                "players-ringmaster",
                "1c-circus",
                "2b1-deploy-ringmaster",
                "2b1-acrobat",
                "2b1-acrobat-add",
                "2b1-acrobat-score",
                "3b-control-ringmaster",
                "3b-ringmaster",
                "3c-circus",
                "final-circus",
                "final-incomplete-ringmaster",
                "final-incomplete-acrobats",
                "final-end-ringmaster",
            ],
        ),
        (&["big-top", "princess-dragon"], &["1a-fairy-acrobats", "3b-fairy-acrobats"]),
        (
            &["catapult"],
            &[
                "tiles-catapult",
                "aside-catapult",
                "players-catapult-tokens",
                "1c-fair",
                "4a-catapult",
                "4a-catapult-flick",
                "4a-catapult-knock-out",
                "4a-catapult-seduction",
                "4a-catapult-target",
                "4a-catapult-catch",
                "score-catapult",
            ],
        ),
    ];
    for (expansions, ids) in expected {
        let keys: Vec<String> = expansions.iter().map(|s| s.to_string()).collect();
        let a = r.assemble(&Selection::new(r, &keys, Variants::default(), None));
        let printed: BTreeSet<&str> = a.lines().iter().map(|l| l.id.as_str()).collect();
        for id in ids {
            assert!(printed.contains(id), "{expansions:?}: no line {id}");
        }
    }
    // The Catapult's builder and pig go home with the last follower knocked out or seduced away,
    // only with Traders & Builders and not under the variant that keeps them; the quarters of
    // the city of Carcassonne are out of the tokens' reach, a line only with The Count.
    let catapult = |id: &str, expansions: &[&str], variant: Option<&str>| {
        let keys: Vec<String> = expansions.iter().map(|s| s.to_string()).collect();
        let mut variants = Variants::default();
        if let Some(v) = variant {
            variants.set(v, "true").unwrap();
        }
        let a = r.assemble(&Selection::new(r, &keys, variants, None));
        a.lines().iter().any(|l| l.id == id)
    };
    assert!(!catapult("4a-catapult-builder-pig", &["catapult"], None));
    assert!(catapult("4a-catapult-builder-pig", &["catapult", "traders-builders"], None));
    let stay = Some("builder-and-pig-stay-without-follower");
    assert!(!catapult("4a-catapult-builder-pig", &["catapult", "traders-builders"], stay));
    assert!(!catapult("4a-catapult-count", &["catapult"], None));
    assert!(catapult("4a-catapult-count", &["catapult", "count"], None));
    // The Vineyards alone bring neither hills nor shepherds.
    let a = r.assemble(&Selection::new(r, &["vineyards".to_string()], Variants::default(), None));
    let printed: BTreeSet<&str> = a.lines().iter().map(|l| l.id.as_str()).collect();
    for id in ["tiles-hills-sheep", "players-shepherd", "2c-shepherd", "3b-control-hill", "final-shepherds"] {
        assert!(!printed.contains(id), "The Vineyards alone: line {id}");
    }
    // Under the Big Top's acrobats score at the end even under the house rule that leaves the
    // unfinished features unscored (they are none of its roads, cities and cloisters).
    let mut house = Variants::default();
    house.set("incomplete-features-score-nothing", "true").unwrap();
    let a = r.assemble(&Selection::new(r, &["big-top".to_string()], house, None));
    let printed: BTreeSet<&str> = a.lines().iter().map(|l| l.id.as_str()).collect();
    assert!(printed.contains("final-incomplete-nothing-acrobats") && !printed.contains("final-incomplete-acrobats"));
    // The rule sets' rows, with every expansion.
    let by_rule_set: [(RuleSet, &[&str]); 4] = [
        (
            RuleSet::HigBigBox,
            &["2b1-volcano-builder-pig", "2b1-fairy-volcano", "2b1-capture-own", "2c-dragon", "first-player-youngest"],
        ),
        (
            RuleSet::Hig,
            &[
                "1c-princess-must",
                "1c-princess-big-follower",
                "2b1-capture-not-own",
                "2b1-capture-builders",
                "2c-double-turn-immediately",
                "figures-special-followers",
                "2b1-builder-pig-stay",
            ],
        ),
        (
            RuleSet::Rgg,
            &[
                "score-small-city",
                "final-value-farm-first",
                "2b1-capture-no-guards",
                "2b1-fairy-no-volcano",
                "2b1-volcano-no-builder-pig",
            ],
        ),
        (
            RuleSet::RggBigBox,
            &["3c-dragon", "first-player-agreed", "score-small-city", "final-value-farm-first", "4b-builder"],
        ),
    ];
    for (rs, ids) in by_rule_set {
        let a = r.assemble(&Selection::new(r, &keys(&Expansion::ALL), Variants::preset(rs), None));
        let printed: BTreeSet<&str> = a.lines().iter().map(|l| l.id.as_str()).collect();
        for id in ids {
            assert!(printed.contains(id), "{}: no line {id}", rs.name());
        }
        assert_eq!(printed.contains("2c-dragon"), rs != RuleSet::RggBigBox, "{}", rs.name());
    }
}

// ----- snapshots -----

fn snapshot_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/reference")
}

/// Compares the command's output with a snapshot file, or writes it with `UPDATE_SNAPSHOTS=1`.
fn check_snapshot(name: &str, args: &[&str]) {
    let output = ok(args);
    let path = snapshot_dir().join(name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(snapshot_dir()).unwrap();
        std::fs::write(&path, &output).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_SNAPSHOTS=1 writes it)", path.display()));
    if output != expected {
        let line = output.lines().zip(expected.lines()).position(|(a, b)| a != b).unwrap_or(0);
        panic!(
            "`carcassonne {}` differs from {} from line {} on:\n  now:  {:?}\n  kept: {:?}\n(UPDATE_SNAPSHOTS=1 rewrites the snapshots after a deliberate change)",
            args.join(" "),
            path.display(),
            line + 1,
            output.lines().nth(line),
            expected.lines().nth(line)
        );
    }
}

#[test]
fn snapshots_of_the_text_output() {
    check_snapshot("base.txt", &["reference"]);
    check_snapshot("river-tower-4-players.txt", &["reference", "--expansions", "river,tower", "--players", "4"]);
    check_snapshot(
        "princess-dragon-traders-builders-rgg-big-box.txt",
        &["reference", "--expansions", "princess-dragon,traders-builders", "--rules", "rgg-big-box"],
    );
    check_snapshot(
        "abbey-mayor-count-river-3-players.txt",
        &["reference", "--expansions", "abbey-mayor,count,river", "--players", "3"],
    );
    check_snapshot(
        "all-implemented-5-players.md",
        &[
            "reference",
            "--expansions",
            "river,river-2,inns-cathedrals,traders-builders,king-robber,cathars,abbot,princess-dragon,tower,gq11,winter",
            "--players",
            "5",
            "--markdown",
        ],
    );
}

#[test]
fn the_command_gives_json_html_and_errors() {
    let json = json_of(&ok(&["reference", "--expansions", "tower", "--players", "3", "--json"]));
    assert_eq!(json["selection"]["players"], 3);
    assert_eq!(json["selection"]["expansions"][0]["key"], "tower");
    assert_eq!(json["decisions"]["capture"], "2B-1");
    let text = json.to_string();
    assert!(text.contains("3 players: 9 each") && !text.contains("2 players: 10 each"));
    // An expansion the program does not play yet (the first the reference lists, while there is
    // one) is marked so.
    let waiting = Reference::builtin().expansions().iter().find(|x| !x.playable()).map(|x| x.key.as_str());
    let html = ok(&["reference", "--expansions", waiting.unwrap_or("tower"), "--html"]);
    assert!(html.starts_with("<!doctype html>") && (waiting.is_none() || html.contains("not playable yet")));
    assert!(!html.contains("<script") && !html.contains("<link"), "self-contained");
    let sources = squeeze(&ok(&["reference", "--sources"]));
    assert!(sources.contains(
        "(the annotated Big Box rules, PLAYING THE GAME, 1. Place a tile, footnote 7; the Assembled Game Reference, \
         Step 1C)"
    ));
    // Players read the sources: documents by what they are, never by seed number.
    assert!(!sources.contains("seed 0"), "a seed number in the sources");
    // Bad input: an unknown expansion is a usage error; a bad variant names the option.
    let output = carcassonne(&["reference", "--expansions", "towers"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown expansion `towers`"));
    let e = fails(&["reference", "--variant", "small-city=maybe"]);
    assert!(e.contains("--variant") && e.contains("`true` or `false`"), "{e}");
    assert_eq!(carcassonne(&["reference", "--players", "7"]).status.code(), Some(2));
}

// ----- the numbers the engine also knows -----

const COLORS: [Color; 6] = [Color::Red, Color::Blue, Color::Green, Color::Yellow, Color::Black, Color::Gray];

fn facts<'a>(r: &'a Reference, selection: &Selection) -> Vec<&'a Fact> {
    r.entries().iter().filter(|e| shown(r, &e.id, selection)).filter_map(|e| e.fact.as_ref()).collect()
}

fn game(rules: &Rules, players: usize, seed: u64) -> Game {
    Game::new(GameSetup { rules: rules.clone(), players: COLORS[..players].to_vec(), deck: Deck::Seed(seed) }).unwrap()
}

#[test]
fn the_figures_each_player_receives_agree_with_the_engine() {
    let r = Reference::builtin();
    let mut configs: Vec<Vec<Expansion>> = Expansion::ALL.iter().map(|&e| vec![e]).collect();
    configs.push(vec![]);
    configs.push(Expansion::ALL.to_vec());
    // Each with the standard supply and with the official variation "Fewer followers".
    let configs = configs.into_iter().flat_map(|e| [(e.clone(), false), (e, true)]);
    for (expansions, fewer_followers) in configs {
        let variants = Variants { fewer_followers, ..Rules::base().variants };
        let rules = Rules { expansions: expansions.clone(), variants };
        for players in 2..=6usize {
            if rules.check_player_count(players).is_err() {
                continue;
            }
            let selection = Selection::of_rules(r, &rules, Some(players as u8));
            let g = game(&rules, players, 1);
            let stated = facts(r, &selection);
            for figure in Figure::ALL {
                let count = stated.iter().find_map(|f| match f {
                    Fact::Supply { figure: name, count } if name == figure.name() => Some(*count),
                    _ => None,
                });
                for p in 0..players as u8 {
                    assert_eq!(
                        Some(g.player(p).in_supply(figure)).filter(|&n| n > 0),
                        count,
                        "{expansions:?}, {players} players (fewer followers: {fewer_followers}): {}",
                        figure.name()
                    );
                }
            }
            let pieces = stated.iter().find_map(|f| match f {
                Fact::TowerPieces { players: n, count } if *n as usize == players => Some(*count),
                _ => None,
            });
            assert_eq!(Some(g.tower_pieces(0)).filter(|&n| n > 0), pieces, "{expansions:?}, {players} players");
        }
    }
}

/// Little Buildings: the buildings each player receives, under the expansion's rules and under
/// its variant that tells the kinds apart, for every number of players.
#[test]
fn the_little_buildings_each_player_receives_agree_with_the_engine() {
    let r = Reference::builtin();
    for per_kind in [false, true] {
        let variants = Variants { little_buildings_values: per_kind, ..Rules::base().variants };
        let rules = Rules { expansions: vec![Expansion::LittleBuildings], variants };
        for players in 2..=6usize {
            let selection = Selection::of_rules(r, &rules, Some(players as u8));
            let stated: Vec<(u8, bool)> = facts(r, &selection)
                .iter()
                .filter_map(|f| match f {
                    Fact::Buildings { count, per_kind } => Some((*count, *per_kind)),
                    _ => None,
                })
                .collect();
            assert_eq!(stated.len(), 1, "{players} players, kinds told apart {per_kind}: {stated:?}");
            let (count, stated_per_kind) = stated[0];
            assert_eq!(stated_per_kind, per_kind);
            let g = game(&rules, players, 1);
            for p in 0..players as u8 {
                let left = g.buildings_left(p);
                if per_kind {
                    assert_eq!((left.any, left.by_kind), (0, [count; 3]), "{players} players");
                } else {
                    assert_eq!((left.any, left.by_kind), (count, [0; 3]), "{players} players");
                }
            }
        }
    }
}

/// Bridges, Castles & Bazaars: the bridges and castle tokens each player receives, for every
/// number of players (3 each with two to four players, 2 with five or six).
#[test]
fn the_bridges_and_castles_each_player_receives_agree_with_the_engine() {
    let r = Reference::builtin();
    for expansions in [vec![Expansion::BridgesCastlesBazaars], Expansion::ALL.to_vec()] {
        let rules = Rules { expansions: expansions.clone(), ..Rules::base() };
        for players in 2..=6usize {
            if rules.check_player_count(players).is_err() {
                continue;
            }
            let selection = Selection::of_rules(r, &rules, Some(players as u8));
            let stated = facts(r, &selection);
            let bridges: Vec<u8> = stated
                .iter()
                .filter_map(|f| match f {
                    Fact::Bridges { count } => Some(*count),
                    _ => None,
                })
                .collect();
            let castles: Vec<u8> = stated
                .iter()
                .filter_map(|f| match f {
                    Fact::Castles { count } => Some(*count),
                    _ => None,
                })
                .collect();
            assert_eq!(bridges.len(), 1, "{players} players: {bridges:?}");
            assert_eq!(castles.len(), 1, "{players} players: {castles:?}");
            let expected = if players <= 4 { 3 } else { 2 };
            assert_eq!((bridges[0], castles[0]), (expected, expected), "{players} players");
            let g = game(&rules, players, 1);
            for p in 0..players as u8 {
                assert_eq!(g.bridges_left(p), bridges[0], "{expansions:?}, {players} players");
                assert_eq!(g.castle_tokens(p), castles[0], "{expansions:?}, {players} players");
            }
        }
    }
    // Without the expansion, neither line is shown and nobody has any.
    let rules = Rules::base();
    let selection = Selection::of_rules(r, &rules, Some(4));
    assert!(!facts(r, &selection).iter().any(|f| matches!(f, Fact::Bridges { .. } | Fact::Castles { .. })));
    let g = game(&rules, 4, 1);
    assert_eq!((g.bridges_left(0), g.castle_tokens(0)), (0, 0));
}

#[test]
fn the_tile_counts_and_trade_goods_agree_with_the_catalog() {
    let r = Reference::builtin();
    let catalog = Catalog::builtin();
    let mut checked = 0;
    for e in r.entries() {
        match &e.fact {
            Some(Fact::Tiles { set, count }) => {
                let set = catalog.set(set).unwrap_or_else(|| panic!("{}: no tile set {set}", e.id));
                let n: u32 =
                    catalog.edition_designs(set, set.edition_for(Edition::First)).iter().map(|&(_, c)| c as u32).sum();
                assert_eq!(n, *count, "{}", e.id);
                checked += 1;
            }
            Some(Fact::TradeGoods { wine, grain, cloth }) => {
                let set = catalog.set("traders-builders").unwrap();
                let mut goods = [0u32; 3];
                for (id, n) in catalog.edition_designs(set, Edition::First) {
                    for feature in &catalog.design(id).features {
                        if let Some(good) = feature.attrs.good {
                            goods[carcassonne_engine::catalog::TradeGood::ALL
                                .iter()
                                .position(|g| *g == good)
                                .unwrap()] += n as u32;
                        }
                    }
                }
                assert_eq!(goods, [*wine, *grain, *cloth], "{}", e.id);
                checked += 1;
            }
            Some(Fact::Ransom { points }) => {
                assert_eq!(*points, RANSOM, "{}", e.id);
                checked += 1;
            }
            Some(Fact::WindRose { points }) => {
                assert_eq!(*points, WIND_ROSE_POINTS, "{}", e.id);
                checked += 1;
            }
            Some(Fact::Labyrinth { points }) => {
                assert_eq!(*points, u32::from(LABYRINTH_FOLLOWER_POINTS), "{}", e.id);
                checked += 1;
            }
            Some(Fact::Watchtower { watches, per }) => {
                let symbol = carcassonne_engine::catalog::Symbol::from_name(watches)
                    .unwrap_or_else(|| panic!("{}: no symbol {watches}", e.id));
                assert_eq!(symbol.watchtower().map(|w| w.1), Some(*per), "{}", e.id);
                checked += 1;
            }
            Some(Fact::FlockBag { wolves, one, two, three, four }) => {
                assert_eq!([*wolves, *one, *two, *three, *four], FLOCK_BAG, "{}", e.id);
                checked += 1;
            }
            Some(Fact::Vineyard { points }) => {
                assert_eq!(*points, u32::from(VINEYARD_POINTS), "{}", e.id);
                checked += 1;
            }
            Some(Fact::Animals { tokens }) => {
                assert_eq!(tokens[..], ANIMAL_TOKENS[..], "{}", e.id);
                checked += 1;
            }
            Some(Fact::Acrobat { points }) => {
                assert_eq!(*points, ACROBAT_POINTS, "{}", e.id);
                checked += 1;
            }
            Some(Fact::Ringmaster { points }) => {
                assert_eq!(*points, RINGMASTER_POINTS, "{}", e.id);
                checked += 1;
            }
            // The Catapult: only the rounds that score have a fact (their points are checked
            // against the engine's events in random games).
            Some(Fact::Catapult { token, .. }) => {
                let token = CatapultToken::from_name(token).unwrap_or_else(|| panic!("{}: no token {token}", e.id));
                assert!(matches!(token, CatapultToken::Target | CatapultToken::Catch), "{}", e.id);
                checked += 1;
            }
            _ => {}
        }
    }
    assert!(checked >= 34, "{checked} facts checked");
}

/// Plays a random game (uniform legal actions, from a seed), calling `f` with the decision
/// pending before each action, the action and the events it caused.
fn play_random(rules: &Rules, players: usize, seed: u64, mut f: impl FnMut(&Game, Action, &[Event])) -> Game {
    let mut g = game(rules, players, seed);
    let mut rng = rng_from_seed(seed ^ 0x5eed);
    // The game before each action, copied into the same buffers (`clone_from`) every time.
    let mut before = g.clone();
    while g.pending().player().is_some() {
        let n = g.legal_action_count();
        let action = g.nth_legal_action(below(&mut rng, n as u32) as usize).unwrap();
        before.clone_from(&g);
        let events = g.apply(action).unwrap();
        f(&before, action, &events);
    }
    g
}

/// The rules the scoring facts are checked under: each expansion alone, all together, each
/// rule set, and the variants that change a value.
fn scoring_configs() -> Vec<Rules> {
    let mut out: Vec<Rules> = Expansion::ALL.iter().map(|&e| Rules { expansions: vec![e], ..Rules::base() }).collect();
    for rs in RuleSet::ALL {
        out.push(Rules { expansions: Expansion::ALL.to_vec(), variants: Variants::preset(rs) });
    }
    let all = |variants: &[&str]| {
        let mut v = Variants::default();
        for s in variants {
            let (name, value) = s.split_once('=').unwrap();
            v.set(name, value).unwrap();
        }
        Rules { expansions: Expansion::ALL.to_vec(), variants: v }
    };
    out.push(all(&["farmer-scoring=second-edition"]));
    out.push(all(&["gq-pig-herd=true", "tile-edition=second"]));
    out.push(Rules {
        expansions: vec![Expansion::River2, Expansion::Gq11, Expansion::River],
        variants: {
            let mut v = Variants::default();
            v.set("pig-herd-without-traders-builders", "true").unwrap();
            v.set("gq-pig-herd", "true").unwrap();
            v
        },
    });
    out
}

#[test]
fn every_score_the_engine_pays_is_one_the_reference_states() {
    let r = Reference::builtin();
    let mut seen = BTreeSet::new();
    for (i, rules) in scoring_configs().into_iter().enumerate() {
        let selection = Selection::of_rules(r, &rules, None);
        let stated = facts(r, &selection);
        let bonuses: Vec<u16> = stated
            .iter()
            .filter_map(|f| match f {
                Fact::FarmBonus { points, .. } => Some(*points),
                _ => None,
            })
            .collect();
        // A completed city with a cathedral is rare in random play: Inns & Cathedrals alone
        // plays more games.
        let games = match rules.expansions[..] {
            [Expansion::InnsCathedrals] => 150,
            [_] => 6,
            _ => 12,
        };
        for seed in 0..games {
            play_random(&rules, 2 + (seed as usize % 3), seed * 31 + i as u64, |_, _, events| {
                for event in events {
                    check_event(event, &stated, &bonuses, &rules, &mut seen);
                }
            });
        }
    }
    // The games reached the values that matter (so the check above is not empty).
    for shape in [
        "road turn 1/0/0",
        "road turn 2/0/0",
        "road final 0/0/0",
        "city turn 2/2/0",
        // A cathedral's 3 per tile (with pennants too is rarer still in random play).
        "city turn 3/",
        "city turn 1/1/0",
        "city final 1/1/0",
        "city final 0/0/0",
        "cloister turn 1/0/0",
        "cloister final 1/0/0",
        "field final 0/0/3",
        "field final 0/0/4",
        "field final 0/0/5",
        "fairy 1",
        "fairy 3",
        "goods 10",
        "token",
        "wind rose 3",
        "flock",
        "vineyards",
        "circus",
        "acrobats",
        "ringmaster",
        "catapult target",
        "catapult catch",
    ] {
        assert!(seen.iter().any(|s: &String| s.starts_with(shape)), "no random game scored {shape}: {seen:?}");
    }
}

fn check_event(event: &Event, stated: &[&Fact], bonuses: &[u16], rules: &Rules, seen: &mut BTreeSet<String>) {
    match event {
        Event::Scored(score) => {
            let b = score.breakdown;
            // Little Buildings: a building adds 1 point (a tower 3, a house 2, a shed 1 under
            // the variant) on top of what the lines state; a farm scored city by city pays its
            // buildings in a score of their own, which no per-city line states.
            if b.buildings > 0 {
                assert!(rules.has(Expansion::LittleBuildings), "{score:?}");
                let most = if rules.variants.little_buildings_values { 3 } else { 1 };
                assert!((b.buildings..=b.buildings * most).contains(&b.building_points), "{score:?}");
                if b.tiles == 0 && b.pennants == 0 && b.cities == 0 && b.besieged_cities == 0 {
                    seen.insert("little buildings".into());
                    return;
                }
            }
            let phase = match score.phase {
                EnginePhase::Turn => Phase::Turn,
                EnginePhase::Final => Phase::Final,
            };
            // The Vineyards: 3 points a vineyard around a completed monastery, on top of what
            // the lines of the features state.
            if b.vineyards > 0 {
                let per = stated.iter().find_map(|f| match f {
                    Fact::Vineyard { points } => Some(*points),
                    _ => None,
                });
                assert_eq!(per, Some(u32::from(VINEYARD_POINTS)), "{rules:?}: {score:?}");
                assert!(score.completed && score.kind == carcassonne_engine::FeatureKind::Cloister, "{score:?}");
                seen.insert("vineyards".into());
            }
            let feature = score.kind.name();
            let ok = stated.iter().any(|f| match f {
                Fact::Score { feature: name, phase: p, completed, tile, pennant, city } => {
                    let completed = completed.unwrap_or(*p == Phase::Turn);
                    let city_ok = if feature == "field" {
                        // The farm's base value plus any of the bonuses the reference states.
                        (0..1u32 << bonuses.len()).any(|mask| {
                            let extra: u16 =
                                bonuses.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, b)| b).sum();
                            city + extra == b.city_value
                        })
                    } else {
                        *city == b.city_value
                    };
                    name == feature
                        && *p == phase
                        && completed == score.completed
                        && (b.tiles == 0 || *tile == b.tile_value)
                        && (b.pennants == 0 || *pennant == b.pennant_value)
                        && city_ok
                }
                _ => false,
            });
            assert!(ok, "{rules:?}: the engine scored {score:?}, which no line of the reference states");
            seen.insert(format!(
                "{feature} {} {}/{}/{}",
                if phase == Phase::Turn { "turn" } else { "final" },
                if b.tiles > 0 { b.tile_value } else { 0 },
                if b.pennants > 0 { b.pennant_value } else { 0 },
                b.city_value
            ));
        }
        Event::FairyBonus { points, .. } => {
            // Under the Big Top: beside an acrobat the fairy pays each acrobat of its owner in
            // the pyramid (lines `1a-fairy-acrobats`, `3b-fairy-acrobats`).
            let most = if rules.has(Expansion::BigTop) { PYRAMID_SIZE as u32 } else { 1 };
            let ok = stated.iter().any(|f| match f {
                Fact::Fairy { points: p, .. } => (1..=most).any(|n| p * n == *points),
                _ => false,
            });
            assert!(ok, "{rules:?}: the fairy paid {points}");
            seen.insert(format!("fairy {points}"));
        }
        // Under the Big Top: the circus pays each player the token's value for each of their
        // followers around the big top; a pyramid 5 points an acrobat; a ringmaster 2 points a
        // circus or acrobat tile around him.
        Event::CircusScored { followers, animal, points, .. } => {
            let ok = stated.iter().any(|f| match f {
                Fact::Animals { tokens } => tokens.iter().any(|&(value, _)| value == *animal),
                _ => false,
            });
            assert!(ok && *points == u32::from(*animal) * u32::from(*followers), "{rules:?}: {event:?}");
            seen.insert("circus".into());
        }
        Event::AcrobatsScored { acrobats, points, .. } => {
            let per = stated.iter().find_map(|f| match f {
                Fact::Acrobat { points } => Some(*points),
                _ => None,
            });
            assert_eq!(per.map(|p| p * u32::from(*acrobats)), Some(*points), "{rules:?}: {event:?}");
            seen.insert("acrobats".into());
        }
        Event::RingmasterBonus { tiles, points, .. } => {
            let per = stated.iter().find_map(|f| match f {
                Fact::Ringmaster { points } => Some(*points),
                _ => None,
            });
            assert_eq!(per.map(|p| p * u32::from(*tiles)), Some(*points), "{rules:?}: {event:?}");
            seen.insert("ringmaster".into());
        }
        // The Catapult: a target round's nearest tokens and a catch pay the points stated.
        Event::CatapultScored { token, points, .. } => {
            let ok = stated
                .iter()
                .any(|f| matches!(f, Fact::Catapult { token: t, points: p } if t == token.name() && p == points));
            assert!(ok, "{rules:?}: the catapult's {} paid {points}", token.name());
            seen.insert(format!("catapult {}", token.name()));
        }
        Event::GoodsScored { points, .. } => {
            assert!(
                stated.iter().any(|f| matches!(f, Fact::Goods { points: p } if p == points)),
                "goods paid {points}"
            );
            seen.insert(format!("goods {points}"));
        }
        Event::TokenScored { token, count, points, .. } => {
            let name = match token {
                Token::King => "king",
                Token::RobberBaron => "robber-baron",
            };
            let per = stated.iter().find_map(|f| match f {
                Fact::Token { token: t, per } if t == name => Some(*per),
                _ => None,
            });
            assert_eq!(per.map(|p| p * *count as u32), Some(*points), "{name}: {count} for {points}");
            seen.insert("token".into());
        }
        Event::RansomPaid { points, .. } => {
            assert!(stated.iter().any(|f| matches!(f, Fact::Ransom { points: p } if p == points)), "ransom {points}");
        }
        Event::WatchtowerScored { watches, count, points, .. } => {
            let per = stated.iter().find_map(|f| match f {
                Fact::Watchtower { watches: w, per } if w == watches.name() => Some(*per),
                _ => None,
            });
            assert_eq!(per.map(|p| p * u32::from(*count)), Some(*points), "{rules:?}: a watchtower paid {points}");
            seen.insert(format!("watchtower {}", watches.name()));
        }
        // Hills & Sheep: a flock guided to the stable pays each shepherd's owner its sheep.
        Event::FlockHerded { sheep, .. } => {
            let per = stated.iter().find_map(|f| match f {
                Fact::Sheep { points } => Some(*points),
                _ => None,
            });
            let paid: Vec<i64> = event.score_changes().map(|(_, points)| points).collect();
            assert!(per.is_some_and(|per| paid.iter().all(|&p| p == i64::from(per * sheep))), "{rules:?}: {event:?}");
            seen.insert("flock".into());
        }
        Event::WindRoseScored { points, .. } => {
            let ok = stated.iter().any(|f| matches!(f, Fact::WindRose { points: p } if p == points));
            assert!(ok, "{rules:?}: a wind rose paid {points}");
            seen.insert(format!("wind rose {points}"));
        }
        // `short-ransom`: the captor gains the full ransom, the payer loses what they had.
        Event::ShortRansomPaid { paid, received, .. } => {
            assert!(
                stated.iter().any(|f| matches!(f, Fact::Ransom { points: p } if p == received)),
                "ransom {received}"
            );
            assert!(paid < received, "a short ransom pays less than the ransom");
        }
        _ => {}
    }
}

// ----- the engine's decisions and the reference's steps -----

#[test]
fn every_decision_of_random_games_belongs_to_a_step_of_the_reference_in_its_order() {
    let r = Reference::builtin();
    let order: Vec<&str> = r.steps().iter().map(|s| s.id.as_str()).collect();
    let index = |step: &str| order.iter().position(|s| *s == step).unwrap();
    let mut kinds = BTreeSet::new();
    // The decisions of The Catapult's own games (every expansion's games reach them too).
    let mut catapult_kinds = BTreeSet::new();
    // (rules, games, players): every expansion under each rule set; the base game; and The
    // Tower with two kinds of follower between two players, where prisoners get exchanged.
    let mut configs: Vec<(Rules, u64, Option<usize>)> = RuleSet::ALL
        .iter()
        .map(|&rs| (Rules { expansions: Expansion::ALL.to_vec(), variants: Variants::preset(rs) }, 8, None))
        .collect();
    configs.push((Rules::base(), 4, None));
    let prisoners = vec![Expansion::InnsCathedrals, Expansion::Tower];
    configs.push((Rules { expansions: prisoners, ..Rules::base() }, 30, Some(2)));
    // The official variations that bring decisions of their own: every player's cloister in
    // hand, followers deployed late onto earlier tiles, tiles chosen from a hand or the face-up
    // row.
    let variations = Variants {
        cloisters_for_everyone: true,
        follower_unpunctuality: true,
        fewer_followers: true,
        tiles_in_hand: carcassonne_engine::TilesInHand::Three,
        ..Variants::default()
    };
    configs.push((Rules { expansions: Expansion::ALL.to_vec(), variants: variations }, 8, None));
    let row = Variants { collective_planning: true, ..Variants::default() };
    configs.push((Rules { expansions: Expansion::ALL.to_vec(), variants: row }, 4, None));
    let given = Variants { only_one_can_choose: carcassonne_engine::OnlyOneCanChoose::FaceDown, ..Variants::default() };
    configs.push((Rules { expansions: Expansion::ALL.to_vec(), variants: given }, 4, None));
    // The house rule "a three-tile hand", the abbey part of it.
    let house = Variants { three_tile_hand: carcassonne_engine::ThreeTileHand::Visible, ..Variants::default() };
    configs.push((Rules { expansions: Expansion::ALL.to_vec(), variants: house }, 4, None));
    // The variation "Prisoners": a capture needs two occupied parts of a city joined, which
    // random play makes about once in twenty games.
    let captive = Variants { prisoners: true, ..Variants::default() };
    configs.push((Rules { expansions: vec![], variants: captive }, 100, Some(4)));
    // The variation "Rebuilding": a removal needs a point, and then brings the new place.
    let rebuild = Variants { rebuilding: true, ..Variants::default() };
    configs.push((Rules { expansions: Expansion::ALL.to_vec(), variants: rebuild }, 4, Some(3)));
    // The Catapult alone, between four players: every fair tile opens a round (`catapult`), each
    // aimed token is flicked (`flick`), and a seduction token that comes down nearest another
    // player's follower offers the seduction (`seduce`: 13, 1, 1 and 8 times in these games).
    configs.push((Rules { expansions: vec![Expansion::Catapult], ..Rules::base() }, 4, Some(4)));
    for (i, (rules, games, players)) in configs.iter().enumerate() {
        for seed in 0..*games {
            let players = players.unwrap_or(2 + (seed as usize % 5));
            let selection = Selection::of_rules(r, rules, Some(players as u8));
            let a = r.assemble(&selection);
            // The step reached so far in the current tile's turn.
            let mut reached = 0;
            // Each kind of decision's step in this game's reference, looked up once a game (the
            // rules and players do not change within it).
            let mut steps: BTreeMap<&str, &str> = BTreeMap::new();
            play_random(rules, players, seed * 7 + i as u64, |before, action, events| {
                let pending = before.pending();
                let kind = decision_of(pending).expect("a decision");
                kinds.insert(kind);
                if rules.expansions == [Expansion::Catapult] {
                    catapult_kinds.insert(kind);
                }
                let step = *steps.entry(kind).or_insert_with(|| {
                    let step = a
                        .step_of_decision(kind)
                        .unwrap_or_else(|| panic!("{rules:?}: no step of the reference for the decision `{kind}`"));
                    assert_eq!(r.step_of(pending, rules, Some(players as u8)).as_deref(), Some(step));
                    step
                });
                // A tile's turn begins with its placement, or with the choice of the abbey, of
                // the held cloister, of a tile from a hand or of the round's hand-out before the draw.
                if ["place", "abbey", "held-tile", "choose-tile", "give-tile"].contains(&kind) {
                    reached = 0;
                }
                // The phantom's own flight (step 2B-2: "The flier ... can be used as long as [it
                // was] not used in Step 2B-1") lands within that step.
                let phantom_landing = kind == "land" && order[reached] == "2B-2";
                // Mage & Witch: features joined in the figure phase or at 2C (a tunnel token, a
                // ferry, a tile moved by rebuilding) move a figure at 2C (line `2c-mage-witch-joined`).
                let joined_magic = kind == "magic" && index(step) < reached && reached <= index("2C");
                // The Plague: the spread and the flight stand "at any time during your turn"
                // (this program asks them after the placement and after the figure phase); The
                // Messages: the scoring figure and the message come after each scoring round
                // (1C, 2C, 3C, 4A), as the note heading the order of play says.
                let any_time = step == "any-time";
                assert!(
                    index(step) >= reached || phantom_landing || joined_magic || any_time,
                    "{rules:?}: `{kind}` ({step}) after step {}",
                    order[reached]
                );
                reached = reached.max(index(step));
                // The features this action completed are scored at 3B (an abbot's recall scores
                // in the figure phase, 2B-1).
                let recall = matches!(action, Action::RecallAbbot { .. });
                if !recall && events.iter().any(|e| matches!(e, Event::Scored(s) if s.phase == EnginePhase::Turn)) {
                    reached = reached.max(index("3B"));
                }
            });
        }
    }
    for kind in ["catapult", "flick", "seduce"] {
        assert!(catapult_kinds.contains(kind), "The Catapult's games never asked for `{kind}`");
    }
    for kind in carcassonne_reference::DECISIONS {
        assert!(kinds.contains(kind), "the random games never asked for `{kind}`");
    }
}

#[test]
fn docs_list_every_adaptation_and_deviation() {
    let docs = std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/reference.md")).unwrap();
    for e in Reference::builtin().entries().iter().filter(|e| e.kind != carcassonne_reference::Kind::Default) {
        assert!(docs.contains(&format!("| `{}` |", e.id)), "docs/reference.md does not list `{}` ({:?})", e.id, e.kind);
    }
}
