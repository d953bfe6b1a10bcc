//! The worked examples of the rules, replayed: one JSON file per example under
//! `tests/scenarios/`, each a short game record that realises on a board what an example of the
//! seeds describes, with the scores the seed gives. The pictures of the seeds are not in their
//! text, so every board is built to match the words (smaller equivalent boards where the picture
//! is large); the `source` field quotes the passage and says how the board realises it.
//!
//! # Scenario file format
//!
//! ```json
//! {
//!   "source": "seed 001, PLAYING THE GAME, 'A completed city': 'RED scores 8 points ...' Board: ...",
//!   "record": { "players": ["red", "blue"], "deck": {"order": ["base:N", ...]}, "actions": [...] },
//!   "expect": {
//!     "final_scores": {"red": 8, "blue": 0},
//!     "score_events": [
//!       {"action": 9, "kind": "city", "phase": "turn", "points": 8, "players": ["red"]}
//!     ],
//!     "discarded": ["base:C"]
//!   }
//! }
//! ```
//!
//! - `source` (required): the seed, section, a short quote and how the board realises it.
//! - `record` (required): a game record (docs/record-format.md). With an explicit deck order the
//!   game ends, with the final scoring, when the order runs out, so a scenario stops right after
//!   the example; players take turns in seat order, so the other players' turns place filler
//!   tiles or set up rivals.
//! - `expect.final_scores` (required): every player's score at the end.
//! - `expect.score_events` (required): every `Event::Scored` that paid at least one player (events
//!   of completed features without followers are not listed), matched in any order by `kind`
//!   (`road`, `city`, `cloister`, `field` for farms), `phase` (`turn` or `final`), `points` (per
//!   player) and `players` (the set of players paid). The optional `action` is the index, in
//!   `record.actions`, of the action whose application caused the event (a turn's scoring follows
//!   its deploy or pass action; the final scoring follows the last action).
//! - `expect.discarded` (optional, default none): the tiles removed from the game because they fit
//!   nowhere, in order.
//! - `expect.dragon_steps` (optional, default none; The Princess & the Dragon): every step of the
//!   dragon in order, as `{"player", "x", "y"}` (the seat that moved it and the tile it entered).
//! - `expect.eaten` (optional, default none): every figure the dragon ate, in order, as
//!   `{"action", "player", "figure", "x", "y"}` (its owner and its tile).
//!
//! - `expect.captured` (optional, default none; The Tower): every capture, in order, as
//!   `{"action", "player", "owner", "figure", "x", "y"}` (the captor, the figure's owner and its
//!   tile).
//! - `expect.capture_choices` (optional, default none; The Tower): for each capture decision in
//!   order, the tiles of the figures the tower could take, as `[[x, y], ...]` sorted.
//!
//! Every scenario must replay without error and end the game, and at the end every follower must
//! be back in its owner's supply (the final scoring returns them all), but for the followers
//! standing on towers and those held prisoner (The Tower) and those left in Carcassonne (The
//! Count), which stay where they are.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use carcassonne_engine::game::FOLLOWERS_PER_PLAYER;
use carcassonne_engine::{Color, Event, FeatureKind, Figure, Phase, Record};
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Scenario {
    source: String,
    record: Record,
    expect: Expect,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    final_scores: BTreeMap<Color, u32>,
    score_events: Vec<ExpectedScore>,
    #[serde(default)]
    discarded: Vec<String>,
    /// The Princess & the Dragon: every step of the dragon, in order.
    #[serde(default)]
    dragon_steps: Vec<ExpectedStep>,
    /// The Princess & the Dragon: every figure the dragon ate, in order.
    #[serde(default)]
    eaten: Vec<ExpectedEaten>,
    /// The Tower: every capture, in order.
    #[serde(default)]
    captured: Vec<ExpectedCapture>,
    /// The Tower: the tiles within reach holding figures, at each capture decision.
    #[serde(default)]
    capture_choices: Vec<Vec<[i16; 2]>>,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct ExpectedCapture {
    action: usize,
    player: Color,
    owner: Color,
    figure: carcassonne_engine::Figure,
    x: i16,
    y: i16,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct ExpectedStep {
    player: Color,
    x: i16,
    y: i16,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct ExpectedEaten {
    action: usize,
    player: Color,
    figure: carcassonne_engine::Figure,
    x: i16,
    y: i16,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct ExpectedScore {
    #[serde(default)]
    action: Option<usize>,
    kind: FeatureKind,
    phase: Phase,
    points: u32,
    players: Vec<Color>,
}

/// One score event as replayed, in the comparable form.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ActualScore {
    action: usize,
    kind: FeatureKind,
    phase: Phase,
    points: u32,
    players: Vec<Color>,
}

impl ExpectedScore {
    fn matches(&self, actual: &ActualScore) -> bool {
        self.action.is_none_or(|a| a == actual.action)
            && self.kind == actual.kind
            && self.phase == actual.phase
            && self.points == actual.points
            && sorted(&self.players) == actual.players
    }
}

fn sorted(colors: &[Color]) -> Vec<Color> {
    let mut v = colors.to_vec();
    v.sort();
    v
}

fn scenario_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("scenarios")
}

fn scenario_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(scenario_dir())
        .expect("tests/scenarios exists")
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

/// Replays one scenario file and returns every way it differs from its expectations.
fn check_scenario(path: &Path) -> Vec<String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return vec![format!("cannot read the file: {e}")],
    };
    let scenario: Scenario = match serde_json::from_str(&text) {
        Ok(s) => s,
        Err(e) => return vec![format!("not a valid scenario: {e}")],
    };
    let mut problems = vec![];
    if !scenario.source.starts_with("seed ") {
        problems.push("`source` must name the seed passage it realises (\"seed NNN, ...\")".to_string());
    }
    let replay = match scenario.record.replay() {
        Ok(r) => r,
        Err(e) => return vec![format!("the record does not replay: {e}")],
    };
    let game = &replay.game;
    if !game.is_over() {
        problems.push(format!("the game is not over after the last action ({} tiles left)", game.tiles_left()));
    }

    // Final scores.
    let colors: Vec<Color> = game.players().iter().map(|p| p.color).collect();
    let actual_scores: BTreeMap<Color, u32> = game.players().iter().map(|p| (p.color, p.score)).collect();
    if actual_scores != scenario.expect.final_scores {
        problems.push(format!("final scores: expected {:?}, got {:?}", scenario.expect.final_scores, actual_scores));
    }

    // Score events, matched in any order.
    let mut actual: Vec<ActualScore> = replay
        .events
        .iter()
        .filter_map(|(action, event)| match event {
            Event::Scored(s) if !s.players.is_empty() => Some(ActualScore {
                action: *action,
                kind: s.kind,
                phase: s.phase,
                points: s.points,
                players: sorted(&s.players.iter().map(|p| colors[p as usize]).collect::<Vec<_>>()),
            }),
            _ => None,
        })
        .collect();
    let all_actual = actual.clone();
    let mut missing = vec![];
    for expected in &scenario.expect.score_events {
        match actual.iter().position(|a| expected.matches(a)) {
            Some(i) => {
                actual.remove(i);
            }
            None => missing.push(expected),
        }
    }
    if !missing.is_empty() || !actual.is_empty() {
        problems.push(format!(
            "score events differ:\n    expected but not found: {missing:?}\n    found but not expected: {actual:?}\n    all scored events: {all_actual:?}"
        ));
    }

    // Discarded tiles.
    let discarded: Vec<String> = game.discarded().iter().map(|&t| game.design(t).id.clone()).collect();
    if discarded != scenario.expect.discarded {
        problems.push(format!("discarded tiles: expected {:?}, got {:?}", scenario.expect.discarded, discarded));
    }

    // The dragon's steps and meals.
    let steps: Vec<ExpectedStep> = replay
        .events
        .iter()
        .filter_map(|(_, event)| match *event {
            Event::DragonMoved { player, pos } => {
                Some(ExpectedStep { player: colors[player as usize], x: pos.x, y: pos.y })
            }
            _ => None,
        })
        .collect();
    if steps != scenario.expect.dragon_steps {
        problems.push(format!("dragon steps: expected {:?}, got {steps:?}", scenario.expect.dragon_steps));
    }
    let eaten: Vec<ExpectedEaten> = replay
        .events
        .iter()
        .filter_map(|&(action, ref event)| match *event {
            Event::FigureEaten { player, figure, pos, .. } => {
                Some(ExpectedEaten { action, player: colors[player as usize], figure, x: pos.x, y: pos.y })
            }
            _ => None,
        })
        .collect();
    if eaten != scenario.expect.eaten {
        problems.push(format!("figures eaten: expected {:?}, got {eaten:?}", scenario.expect.eaten));
    }

    // The Tower's captures, and what each capture decision offered.
    let captured: Vec<ExpectedCapture> = replay
        .events
        .iter()
        .filter_map(|&(action, ref event)| match *event {
            Event::Captured { player, owner, figure, pos, .. } => Some(ExpectedCapture {
                action,
                player: colors[player as usize],
                owner: colors[owner as usize],
                figure,
                x: pos.x,
                y: pos.y,
            }),
            _ => None,
        })
        .collect();
    if captured != scenario.expect.captured {
        problems.push(format!("captures: expected {:?}, got {captured:?}", scenario.expect.captured));
    }
    let choices = capture_choices(&scenario.record);
    if choices != scenario.expect.capture_choices {
        problems.push(format!("capture choices: expected {:?}, got {choices:?}", scenario.expect.capture_choices));
    }

    // Every follower is back in its supply, but for guards on towers, prisoners and followers
    // left in Carcassonne (The Count: they score nothing and stay, footnote 60).
    let on_towers = |p: usize| {
        game.figures()
            .iter()
            .filter(|f| {
                f.owner as usize == p
                    && game.feature_name(game.board().placement(f.placement).pos, f.feature).as_deref() == Some("tower")
            })
            .count()
    };
    let held = |p: usize| {
        game.prisoners().iter().filter(|q| q.owner as usize == p).count()
            + game.residents().iter().filter(|r| r.owner as usize == p && r.figure == Figure::Follower).count()
    };
    let guards: usize = (0..game.players().len()).map(on_towers).sum();
    if game.figures().len() != guards {
        problems.push(format!("{} figure(s) still on the board at the end", game.figures().len() - guards));
    }
    for (i, p) in game.players().iter().enumerate() {
        if p.followers as usize + on_towers(i) + held(i) != FOLLOWERS_PER_PLAYER as usize {
            problems.push(format!(
                "{} has {} followers in supply at the end, not {FOLLOWERS_PER_PLAYER}",
                p.color, p.followers
            ));
        }
    }
    problems
}

/// The tiles within reach holding figures at each capture decision of a record's game.
fn capture_choices(record: &Record) -> Vec<Vec<[i16; 2]>> {
    let mut game = record.start().expect("the record starts");
    let mut choices = vec![];
    for action in &record.actions {
        if let carcassonne_engine::Pending::Capture { .. } = game.pending() {
            let mut tiles: Vec<[i16; 2]> = game
                .legal_actions()
                .into_iter()
                .filter_map(|a| match a {
                    carcassonne_engine::Action::Capture { pos, .. } => Some([pos.x, pos.y]),
                    _ => None,
                })
                .collect();
            tiles.sort_unstable();
            choices.push(tiles);
        }
        let Ok(decoded) = carcassonne_engine::record::decode_action(&game, action) else { break };
        if game.apply(decoded).is_err() {
            break;
        }
    }
    choices
}

#[test]
fn every_worked_example_replays_with_the_scores_of_the_seeds() {
    let files = scenario_files();
    assert!(files.len() >= 20, "expected the scenario files under {}, found {}", scenario_dir().display(), files.len());
    let mut failures = vec![];
    for path in &files {
        let problems = check_scenario(path);
        if !problems.is_empty() {
            let name = path.file_name().unwrap().to_string_lossy();
            failures.push(format!("{name}:\n  {}", problems.join("\n  ")));
        }
    }
    assert!(failures.is_empty(), "{} of {} scenarios failed:\n{}", failures.len(), files.len(), failures.join("\n"));
}

/// The harness itself must notice a wrong expectation (so that the scenarios really check
/// something): the road example with a wrong score, a wrong event and a follower left out.
#[test]
fn the_scenario_check_reports_wrong_expectations() {
    let path = scenario_dir().join("seed001_road_completed_red_4.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value["expect"]["final_scores"]["red"] = 5.into();
    value["expect"]["score_events"][0]["points"] = 5.into();
    let dir = std::env::temp_dir().join(format!("carcassonne-scenario-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let wrong = dir.join("wrong.json");
    std::fs::write(&wrong, value.to_string()).unwrap();
    let problems = check_scenario(&wrong);
    std::fs::remove_dir_all(&dir).ok();
    assert!(problems.iter().any(|p| p.starts_with("final scores")), "{problems:?}");
    assert!(problems.iter().any(|p| p.starts_with("score events differ")), "{problems:?}");
    assert!(check_scenario(&path).is_empty(), "{:?}", check_scenario(&path));
}

/// Each worked example the brief of the test suite names has its scenario file.
#[test]
fn the_named_worked_examples_are_all_present() {
    let names: Vec<String> =
        scenario_files().iter().map(|p| p.file_stem().unwrap().to_string_lossy().into_owned()).collect();
    for expected in [
        "seed001_road_completed_red_4",
        "seed001_road_deploy_then_score_red_3",
        "seed001_city_completed_red_8",
        "seed001_city_two_segments_of_one_tile_count_once",
        "seed001_city_tie_blue_and_red_10",
        "seed001_cloister_completed_9",
        "seed001_final_scoring_road_3_cloister_5_cities_3_and_8",
        "seed000_final_scoring_city_8_monastery_4_city_3_road_3",
        "seed001_footnote23_incomplete_road_4_cloister_6",
        "seed001_farms_blue_6_red_3_incomplete_city_no_points",
        "seed001_farms_blue_9",
        "seed001_farms_red_6_blue_3",
        "seed001_farms_red_and_yellow_6_blue_3",
        "seed001_example_of_farmer_scoring_farms_1_2_3",
        "seed003_farmers_red_blue_9_yellow_12_black_6",
        "seed001_faq11_road_circle_red_4",
        "seed001_small_city_hig_4",
        "seed001_small_city_rgg_2",
        "seed001_footnote28_first_edition_farm_scoring",
        "seed001_footnote28_second_edition_farm_scoring",
        "seed001_footnote28_third_edition_farm_scoring",
        "seed001_dragon_example_four_players_blue_and_red_eaten",
        "seed001_tower_one_storey_red_takes_blue_on_tile_4",
        "seed001_tower_two_storeys_three_followers_within_reach",
    ] {
        assert!(names.iter().any(|n| n == expected), "missing scenario {expected}.json");
    }
}
