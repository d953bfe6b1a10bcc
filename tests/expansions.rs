//! The implemented expansions: The River I and II, Inns & Cathedrals, Traders & Builders, King &
//! Scout, The Cathars, The Abbot, the GQ tiles and the Winter Edition. Each worked example of the
//! seeds' expansion chapters and each ruling of their footnotes and FAQ is a named test here,
//! citing its passage; docs/rules.md's ruling table lists which test checks which ruling.

use carcassonne_bots::{Bot, RandomBot};
use carcassonne_engine::catalog::LocalFeature;
use carcassonne_engine::{
    Action, Catalog, Color, Deck, Event, Expansion, FeatureKind, Figure, Game, GameSetup, Phase, Rotation, Rules,
};
use carcassonne_engine::{Pos, RuleError};

pub(crate) fn rules(expansions: &[Expansion]) -> Rules {
    Rules { expansions: expansions.to_vec(), ..Rules::default() }
}

pub(crate) fn tile(id: &str) -> carcassonne_engine::TileId {
    Catalog::builtin().lookup(id).unwrap_or_else(|| panic!("tile {id}"))
}

/// A two-player game (red, blue) under `rules` with an explicit draw order.
pub(crate) fn two_player(rules: Rules, deck: &[&str]) -> Game {
    Game::new(GameSetup {
        rules,
        players: vec![Color::Red, Color::Blue],
        deck: Deck::Order(deck.iter().map(|id| tile(id)).collect()),
    })
    .unwrap()
}

/// Two checked random games ([`random_game_checked`]) for each configuration (rules, players),
/// the `i`-th's from deck seeds `base + 10 i` and `base + 10 i + 1`; the games, in order.
pub(crate) fn random_games_of_configs(configs: impl IntoIterator<Item = (Rules, usize)>, base: u64) -> Vec<Game> {
    let mut games = vec![];
    for (i, (rules, players)) in configs.into_iter().enumerate() {
        for s in 0..2u64 {
            games.push(random_game_checked(rules.clone(), players, base + i as u64 * 10 + s));
        }
    }
    games
}

/// Every bot (random, greedy, a small search) plays a two-player game to its end under `rules`,
/// from deck seed `seed`.
pub(crate) fn every_bot_plays(rules: &Rules, seed: u64) {
    for name in ["random", "greedy", "mcts:iters=30"] {
        let setup = GameSetup { rules: rules.clone(), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(seed) };
        bot_game(name, setup);
    }
}

/// Two-player random games of `expansion` under the variation "Rebuilding", from deck seeds
/// `0..games`, that seldom remove a tile (so that scores grow and pieces gather on the board);
/// `look` sees the game and its legal actions before each action.
pub(crate) fn calm_rebuilding_games(expansion: Expansion, games: u64, mut look: impl FnMut(&Game, &[Action])) {
    use carcassonne_engine::random::{below, rng_from_seed};
    let variants = carcassonne_engine::Variants { rebuilding: true, ..Default::default() };
    for seed in 0..games {
        let setup = GameSetup {
            rules: Rules { expansions: vec![expansion], variants: variants.clone() },
            players: vec![Color::Red, Color::Blue],
            deck: Deck::Seed(seed),
        };
        let mut g = Game::new(setup).unwrap();
        let mut rng = rng_from_seed(seed);
        while !g.is_over() {
            let actions = g.legal_actions();
            look(&g, &actions);
            let calm: Vec<Action> =
                actions.iter().copied().filter(|a| !matches!(a, Action::RemoveTile { .. })).collect();
            let pool = if calm.is_empty() || below(&mut rng, 10) == 0 { &actions } else { &calm };
            g.apply(pool[below(&mut rng, pool.len() as u32) as usize]).unwrap();
        }
    }
}

/// How many tiles of `set` are face down (the one drawn for the first turn included).
pub(crate) fn tiles_in_pile(g: &Game, set: &str) -> usize {
    let drawn = match g.pending() {
        carcassonne_engine::Pending::PlaceTile { tile, .. } => usize::from(g.design(tile).set == set),
        _ => 0,
    };
    g.observation(None)
        .remaining_tiles()
        .into_iter()
        .filter(|(t, _)| g.design(*t).set == set)
        .map(|(_, n)| n as usize)
        .sum::<usize>()
        + drawn
}

/// A two-player game (red, blue) with Inns & Cathedrals and an explicit deck.
fn game(deck: &[&str]) -> Game {
    two_player(rules(&[Expansion::InnsCathedrals]), deck)
}

/// The feature of the tile at `pos` that a record name (`road@E`, `cloister`) designates.
pub(crate) fn feature(game: &Game, pos: Pos, name: &str) -> LocalFeature {
    let placed = game.board().get(pos).unwrap_or_else(|| panic!("no tile at {pos:?}"));
    carcassonne_engine::game::parse_feature_name(game.design(placed.tile), placed.rotation, name)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Places the drawn tile at `(x, y)` turned by `degrees`.
pub(crate) fn place(game: &mut Game, x: i16, y: i16, degrees: i64) -> Vec<Event> {
    let rotation = Rotation::from_degrees(degrees).unwrap();
    game.apply(Action::Place { pos: Pos::new(x, y), rotation }).unwrap_or_else(|e| panic!("({x},{y}) {degrees}: {e}"))
}

/// Places the drawn tile and then deploys `figure` on the named feature (or passes).
pub(crate) fn turn(game: &mut Game, x: i16, y: i16, degrees: i64, deploy: Option<(Figure, &str)>) -> Vec<Event> {
    let mut events = place(game, x, y, degrees);
    let action = match deploy {
        None => Action::Pass,
        Some((figure, name)) => Action::Deploy { figure, feature: feature(game, Pos::new(x, y), name) },
    };
    events.extend(game.apply(action).unwrap_or_else(|e| panic!("{action:?}: {e}")));
    events
}

/// A two-player game (red, blue) with an explicit deck, beside its record: each action is
/// recorded, then applied (the command line's tests write the record and run the binary on it).
pub(crate) struct RecordedGame {
    pub(crate) game: Game,
    pub(crate) record: carcassonne_engine::record::Record,
}

impl RecordedGame {
    pub(crate) fn new(rules: Rules, deck: &[&str]) -> RecordedGame {
        use carcassonne_engine::record::{Record, RecordDeck, RECORD_VERSION};
        let record = Record {
            version: RECORD_VERSION,
            rules: rules.clone(),
            players: vec![Color::Red, Color::Blue],
            deck: RecordDeck::Order(deck.iter().map(|d| d.to_string()).collect()),
            actions: vec![],
        };
        RecordedGame { game: two_player(rules, deck), record }
    }

    /// Records `action`, then applies it; its events.
    pub(crate) fn play(&mut self, action: Action) -> Vec<Event> {
        self.record.push(&self.game, action);
        self.game.apply(action).unwrap_or_else(|e| panic!("{action:?}: {e}"))
    }

    /// Writes the record, as JSON, to `path`.
    pub(crate) fn write(&self, path: &std::path::Path) {
        std::fs::write(path, serde_json::to_string(&self.record).unwrap()).unwrap();
    }
}

/// A game played to its end by bot `name` in every seat (seeded by seat), from the bots'
/// choices alone.
pub(crate) fn bot_game(name: &str, setup: GameSetup) -> Game {
    let seats = setup.players.len() as u64;
    let mut g = Game::new(setup).unwrap();
    let mut bots: Vec<_> = (0..seats).map(|k| carcassonne_bots::bot_by_name(name, k).unwrap()).collect();
    while let Some(p) = g.pending().player() {
        let action = bots[p as usize].choose_action(&g.observation(Some(p)));
        g.apply(action).unwrap();
    }
    assert!(g.is_over(), "{name}");
    g
}

/// `(kind, phase, points, players)` of every score that paid someone.
pub(crate) fn paid(game: &Game, events: &[Event]) -> Vec<(FeatureKind, Phase, u32, Vec<Color>)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Scored(s) if !s.players.is_empty() => {
                Some((s.kind, s.phase, s.points, s.players.iter().map(|p| game.player(p).color).collect()))
            }
            _ => None,
        })
        .collect()
}

pub(crate) const F: Figure = Figure::Follower;
const BIG: Figure = Figure::BigFollower;

/// Seed 001, INNS AND CATHEDRALS, "A completed road": "If a road which has one or more inns
/// lining it is completed, then the thief scores 2 points for every road segment"; picture
/// caption "BLUE scores 6 points".
#[test]
fn inns_cathedrals_completed_road_with_an_inn_blue_scores_6() {
    // The junction with an inn on its east road west of the start tile, a plain junction east:
    // a three-tile road with an inn, completed by blue's tile and thief.
    let mut g = game(&["inns-cathedrals:14", "base:W"]);
    turn(&mut g, -1, 0, 0, None);
    let events = turn(&mut g, 1, 0, 0, Some((F, "road@W")));
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, 6, vec![Color::Blue])]);
    assert_eq!(g.scores(), vec![0, 6]);
}

/// Seed 001, INNS AND CATHEDRALS: "if such a road has not been completed at the end of the
/// game, it scores no points during the final scoring"; caption "Incomplete road at the end of
/// the game: BLUE scores 0 points".
#[test]
fn inns_cathedrals_incomplete_road_with_an_inn_scores_0() {
    let mut g = game(&["base:U", "inns-cathedrals:15"]);
    turn(&mut g, -1, 0, 0, None);
    let events = turn(&mut g, 1, 0, 0, Some((F, "road@W")));
    assert!(g.is_over());
    let scored: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::Scored(s) if s.phase == Phase::Final => Some((s.kind, s.points, s.players.len())),
            _ => None,
        })
        .collect();
    assert_eq!(scored, vec![(FeatureKind::Road, 0, 1)], "blue scores 0 for the road");
    assert_eq!(g.scores(), vec![0, 0]);
    assert_eq!(g.player(1).followers, 7, "the thief still comes back");
}

/// Seed 001, INNS AND CATHEDRALS, "A completed city": "the knight scores 3 points for every
/// city segment ... and 3 points for every pennant"; caption "BLUE scores 21 points" (footnote
/// 38: six tiles and one pennant, 7 × 3). Realised with the cathedral tile, a pennant corner and
/// four caps: six tiles, one pennant.
#[test]
fn inns_cathedrals_completed_city_with_a_cathedral_blue_scores_21() {
    let mut g = game(&["inns-cathedrals:01", "base:M", "base:E", "base:E", "base:E"]);
    turn(&mut g, 0, -1, 0, None);
    turn(&mut g, -1, -1, 90, Some((F, "city@N")));
    turn(&mut g, -1, -2, 180, None);
    turn(&mut g, 0, -2, 180, None);
    let events = turn(&mut g, 1, -1, 270, None);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 21, vec![Color::Blue])]);
    let breakdown = events.iter().find_map(|e| match e {
        Event::Scored(s) => Some(s.breakdown),
        _ => None,
    });
    assert_eq!(breakdown.map(|b| (b.tiles, b.tile_value, b.pennants, b.pennant_value)), Some((6, 3, 1, 3)));
}

/// Seed 001, INNS AND CATHEDRALS: "if such a city has not been completed at the end of the
/// game, it scores no points"; caption "Incomplete city at the end of the game: BLUE scores 0
/// points". Footnote 37: "Am I allowed to place cathedrals in other players' cities? Answer:
/// Yes" — here red's cathedral strips blue's city.
#[test]
fn footnote_37_a_cathedral_in_another_players_city_leaves_it_worth_0_if_incomplete() {
    let mut g = game(&["base:U", "inns-cathedrals:01"]);
    turn(&mut g, -1, 0, 0, None);
    // Blue's knight in the start tile's city is not possible (the start tile is not just
    // placed), so blue occupies the cathedral city directly; red could have placed it too.
    let events = turn(&mut g, 0, -1, 0, Some((F, "city@N")));
    assert!(g.is_over());
    let finals: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::Scored(s) if s.phase == Phase::Final && s.kind == FeatureKind::City => Some(s.points),
            _ => None,
        })
        .collect();
    assert_eq!(finals, vec![0]);
    assert_eq!(g.scores(), vec![0, 0]);
}

/// Seed 001, INNS AND CATHEDRALS, "2. Deploy a follower": the big follower "counts as if the
/// player had deployed two normal followers"; caption "Only BLUE scores points for the road".
#[test]
fn inns_cathedrals_big_follower_wins_the_majority_only_blue_scores_the_road() {
    let mut g = game(&["base:W", "base:V", "base:V", "base:V"]);
    turn(&mut g, -1, 0, 0, Some((F, "road@E")));
    turn(&mut g, 0, 1, 270, Some((BIG, "road@E")));
    turn(&mut g, 1, 0, 0, None);
    let events = turn(&mut g, 1, 1, 90, None);
    assert!(g.is_over());
    // Junction, start tile and three curves: five tiles, one follower against one big one.
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Final, 5, vec![Color::Blue])]);
    assert_eq!(g.scores(), vec![0, 5]);
    assert_eq!((g.player(1).followers, g.player(1).big_followers), (7, 1), "the big follower came back");
}

/// Seed 001, footnote 34: "a big follower is only one follower ... and it may only be deployed
/// instead of a normal follower".
#[test]
fn footnote_34_the_big_follower_is_deployed_instead_of_a_follower() {
    let mut g = game(&["base:U", "base:U"]);
    g.apply(Action::Place { pos: Pos::new(1, 0), rotation: Rotation::R0 }).unwrap();
    let actions = g.legal_actions();
    let deploys =
        |figure| actions.iter().filter(|a| matches!(a, Action::Deploy { figure: f, .. } if *f == figure)).count();
    // Road, two fields: each with a follower or the big follower.
    assert_eq!((deploys(F), deploys(BIG)), (3, 3));
    let Action::Deploy { feature, .. } = actions[1] else { panic!("{actions:?}") };
    g.apply(Action::Deploy { figure: BIG, feature }).unwrap();
    // One deployment per turn: the next decision is blue's tile.
    assert_eq!(g.pending().player(), Some(1));
    assert_eq!((g.player(0).followers, g.player(0).big_followers), (7, 0));
    // Red has no second big follower.
    g.apply(Action::Place { pos: Pos::new(-1, 0), rotation: Rotation::R0 }).unwrap();
    g.apply(Action::Pass).unwrap();
    assert!(g.is_over());
}

/// Seed 001, footnote 35: "in a cloister the big follower earns precisely the same number of
/// points as a smaller follower".
#[test]
fn footnote_35_the_big_follower_does_not_double_points() {
    let mut g = game(&["base:B"]);
    let events = turn(&mut g, 0, 1, 0, Some((BIG, "cloister")));
    // Incomplete cloister at the end: itself and the start tile.
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Cloister, Phase::Final, 2, vec![Color::Red])]);
}

#[test]
fn without_inns_cathedrals_there_is_no_big_follower_and_no_cathedral_tile() {
    let mut g = Game::new(GameSetup {
        rules: Rules::base(),
        players: vec![Color::Red, Color::Blue],
        deck: Deck::Order(vec![tile("base:U")]),
    })
    .unwrap();
    g.apply(Action::Place { pos: Pos::new(1, 0), rotation: Rotation::R0 }).unwrap();
    assert_eq!(
        g.check(Action::Deploy { figure: BIG, feature: 0 }),
        Err(RuleError::NoFigureInSupply(Color::Red, "big-follower"))
    );
    let bad = Game::new(GameSetup {
        rules: Rules::base(),
        players: vec![Color::Red, Color::Blue],
        deck: Deck::Order(vec![tile("inns-cathedrals:01")]),
    });
    assert!(bad.is_err(), "an expansion tile needs its expansion");
}

/// Plays random games to the end and checks that every figure comes home.
fn random_games(expansions: &[Expansion], players: usize, games: u64) -> Vec<Game> {
    (0..games).map(|seed| random_game_checked(rules(expansions), players, seed)).collect()
}

/// One random game, checking after every action the properties of the foundation's property
/// tests, extended to the expansions: every kind of figure conserved (followers, big followers,
/// abbots, builders, pigs), trade counters only growing, scores never falling, an illegal action
/// refused without changing anything, the events' score changes adding up to the scores, and the
/// record replaying to the same game.
pub(crate) fn random_game_checked(rules: Rules, players: usize, seed: u64) -> Game {
    let colors = &[Color::Red, Color::Blue, Color::Green, Color::Yellow, Color::Black, Color::Gray][..players];
    let setup = GameSetup { rules: rules.clone(), players: colors.to_vec(), deck: Deck::Seed(seed) };
    let mut g = Game::new(setup).unwrap();
    let each = |e: Expansion| rules.has(e) as usize;
    // Seven followers each, fewer with more players under the variation "Fewer followers".
    let followers = if rules.variants.fewer_followers { 9 - players as u8 } else { 7 };
    let expected = [
        (F, followers as usize),
        (BIG, each(Expansion::InnsCathedrals)),
        (ABBOT, each(Expansion::Abbot)),
        (Figure::Builder, each(Expansion::TradersBuilders)),
        (Figure::Pig, each(Expansion::TradersBuilders)),
    ];
    let mut record = carcassonne_engine::Record {
        version: carcassonne_engine::record::RECORD_VERSION,
        rules: rules.clone(),
        players: colors.to_vec(),
        deck: carcassonne_engine::RecordDeck::Seed(seed),
        actions: vec![],
    };
    let mut bots: Vec<RandomBot> = (0..players as u64).map(|p| RandomBot::new(seed * 10 + p)).collect();
    let mut step = 0u32;
    while let Some(p) = g.pending().player() {
        let legal = g.legal_actions();
        assert!(!legal.is_empty());
        // An action that is not legal (a placement far away) changes nothing.
        if step.is_multiple_of(7) {
            let before = format!("{g:?}");
            let bad = Action::Place { pos: Pos::new(500, 500), rotation: Rotation::R0 };
            assert!(g.apply(bad).is_err());
            assert_eq!(format!("{g:?}"), before);
        }
        let scores_before = g.scores();
        let goods_before: Vec<[u8; 3]> = g.players().iter().map(|s| s.goods).collect();
        let action = bots[p as usize].choose_action(&g.observation(Some(p)));
        assert!(legal.contains(&action));
        // The record names the action so that it stands for the same action in this state (two
        // like figures on one place are one choice).
        let named = carcassonne_engine::record::encode_action(&g, action);
        assert_eq!(carcassonne_engine::record::decode_action(&g, &named), Ok(action), "{named:?}");
        record.push(&g, action);
        let events = g.apply(action).unwrap();
        step += 1;
        // Every change of a score is an event that says so.
        let mut changed: Vec<i64> = scores_before.iter().map(|&s| i64::from(s)).collect();
        for (player, points) in events.iter().flat_map(Event::score_changes) {
            changed[player as usize] += points;
        }
        assert_eq!(g.scores().iter().map(|&s| i64::from(s)).collect::<Vec<_>>(), changed, "{events:?}");
        // Scores only grow, but for The Tower's ransom, which moves points between two players,
        // the points given up in a dash ("The dash") or for a tile moved ("Rebuilding"), and the
        // Vodyanoy's cost at the end.
        let given_up: u64 = events
            .iter()
            .map(|e| match *e {
                Event::PointSacrificed { .. } | Event::TileRemoved { .. } => 1,
                // A bazaar's price paid to nobody (Bridges, Castles & Bazaars).
                Event::BazaarTileBought { price, paid_to: None, .. } => u64::from(price),
                Event::VodyanoyPenalty { points, .. } => u64::from(points),
                _ => 0,
            })
            .sum();
        let total = |scores: &[u32]| scores.iter().map(|&s| u64::from(s)).sum::<u64>();
        assert!(total(&g.scores()) + given_up >= total(&scores_before), "points were lost");
        // A bazaar's price, too, moves points between players (Bridges, Castles & Bazaars).
        if !g.rules().has(Expansion::Tower) && !g.rules().has(Expansion::BridgesCastlesBazaars) {
            assert!(
                g.scores().iter().zip(&scores_before).all(|(a, b)| u64::from(*a) + given_up >= u64::from(*b)),
                "a score fell"
            );
        }
        for (i, state) in g.players().iter().enumerate() {
            for (g_i, before) in goods_before[i].iter().enumerate() {
                assert!(state.goods[g_i] >= *before, "trade counters only grow");
            }
            for (figure, count) in expected {
                assert_eq!(crate::support::owned(&g, i as u8, figure), count, "{figure:?} of seat {i}");
            }
        }
    }
    // Every figure is home at the end, but for the guards on towers (The Tower), the trapped
    // followers (The Vodyanoy, Solovei Razboynik) and, under the
    // house rule that scores no unfinished feature, the figures on unfinished roads, cities and
    // cloisters.
    let stays = |f: &&carcassonne_engine::PlacedFigure| {
        let kind = g.design(g.board().placement(f.placement).tile).features[f.feature as usize].kind;
        // The variation "Mountains": miners remain "until the end of the game".
        // The Vodyanoy and Solovei Razboynik: trapped followers stay in their traps.
        kind == FeatureKind::Tower
            || kind == FeatureKind::Mountain
            || kind == FeatureKind::Trap
            || (rules.variants.incomplete_features_score_nothing && kind != FeatureKind::Field)
    };
    assert_eq!(g.figures().iter().filter(stays).count(), g.figures().len(), "every figure is home at the end");
    let replay =
        carcassonne_engine::Record::from_json(&serde_json::to_string(&record).unwrap()).unwrap().replay().unwrap();
    assert_eq!(replay.game.scores(), g.scores(), "the record replays to the same scores");
    g
}

/// Issue 4: random games with every single expansion, and with all of them together, keep the
/// foundation's properties.
#[test]
fn random_games_with_each_expansion_and_all_together_keep_the_properties() {
    let second = |mut r: Rules| {
        r.variants.tile_edition = carcassonne_engine::Edition::Second;
        r
    };
    for (i, &e) in Expansion::ALL.iter().enumerate() {
        let r = if e == Expansion::Abbot { second(rules(&[e])) } else { rules(&[e]) };
        for seed in 0..3 {
            // The Winter Edition alone is for 2 to 5 players (seed 002; issue 18).
            let players = 2 + (i + seed as usize) % if e == Expansion::Winter { 4 } else { 5 };
            random_game_checked(r.clone(), players, 100 + seed);
        }
    }
    let all: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|e| *e != Expansion::Winter).collect();
    for seed in 0..4 {
        random_game_checked(second(rules(&all)), 4, 200 + seed);
        random_game_checked(rules(&Expansion::ALL), 6, 300 + seed);
    }
}

#[test]
fn inns_cathedrals_random_games_conserve_followers_and_big_followers() {
    for g in random_games(&[Expansion::InnsCathedrals], 3, 12) {
        assert_eq!(g.board().len() + g.discarded().len(), 72 + 18);
    }
}

/// Seed 001, THE GAMES QUARTERLY EXPANSION: 12 tiles, of which the spring (and the river tile)
/// belong with a river; without one, the 10 land tiles join the pile.
#[test]
fn gq_land_tiles_join_the_pile_without_their_river_tiles() {
    for g in random_games(&[Expansion::Gq11], 2, 6) {
        assert_eq!(g.board().len() + g.discarded().len(), 72 + 10);
        assert!(g.board().tiles().iter().all(|t| !g.design(t.tile).has_river()));
    }
}

/// Seed 002: the Winter Edition is the base game with 84 tiles.
#[test]
fn winter_edition_plays_84_tiles_with_the_base_rules() {
    for g in random_games(&[Expansion::Winter], 4, 6) {
        assert_eq!(g.board().len() + g.discarded().len(), 84);
        assert!(g.board().tiles().iter().all(|t| g.design(t.tile).set == "winter"));
    }
    let all = random_games(&[Expansion::Winter, Expansion::InnsCathedrals, Expansion::Gq11], 6, 6);
    assert!(all.iter().all(|g| g.board().len() + g.discarded().len() == 84 + 18 + 10));
}

#[test]
fn simulate_takes_expansions_and_records_them() {
    let dir = std::env::temp_dir().join(format!("carcassonne-expansions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.json");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["simulate", "--games", "1", "--players", "3", "--seed", "9", "--expansions", "inns-cathedrals,gq11"])
        .args(["--json", "--record-out", record.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&record).unwrap();
    let parsed = carcassonne_engine::Record::from_json(&text).unwrap();
    assert_eq!(parsed.rules.expansions, [Expansion::InnsCathedrals, Expansion::Gq11]);
    let replay = parsed.replay().unwrap();
    assert!(replay.game.is_over());
    assert_eq!(replay.game.board().len() + replay.game.discarded().len(), 72 + 18 + 10);
    let line: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let scores: Vec<u64> = ["red", "blue", "green"].iter().map(|c| line["final_scores"][c].as_u64().unwrap()).collect();
    assert_eq!(scores, replay.game.scores().iter().map(|&s| s as u64).collect::<Vec<_>>());
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["simulate", "--games", "1", "--expansions", "no-such"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown expansion `no-such`"));
    std::fs::remove_dir_all(&dir).ok();
}

fn king_robber_game(expansions: &[Expansion], deck: &[&str]) -> Game {
    two_player(rules(expansions), deck)
}

fn tokens(events: &[Event]) -> Vec<(carcassonne_engine::Token, u8, u16)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::TokenTaken { player, token, tiles } => Some((token, player, tiles)),
            _ => None,
        })
        .collect()
}

/// Seed 001, KING AND SCOUT, "A completed city": "As soon as a player completes the first city,
/// he or she should take the king tile. If ... another player completes a larger city ... then he
/// or she receives the king. At the end of the game, the player in possession of the king scores
/// 1 point for every completed city."
#[test]
fn king_goes_to_the_first_city_and_only_to_a_strictly_larger_one() {
    use carcassonne_engine::Token::King;
    let mut g =
        king_robber_game(&[Expansion::KingRobber], &["base:E", "base:E", "base:E", "base:G", "base:E", "base:E"]);
    assert_eq!(g.token_count(King), 0);
    assert_eq!(tokens(&turn(&mut g, 0, -1, 180, None)), vec![(King, 0, 2)], "red completes the first city");
    assert_eq!(g.token_count(King), 1, "what the king would pay now");
    turn(&mut g, 0, 1, 180, None);
    assert_eq!(tokens(&turn(&mut g, 0, 2, 0, None)), vec![], "a city of the same size does not take the king");
    turn(&mut g, 1, 2, 90, None);
    turn(&mut g, 1, 1, 180, None);
    let events = turn(&mut g, 1, 3, 0, None);
    assert_eq!(tokens(&events), vec![(King, 1, 3)], "blue completes a larger city");
    assert!(g.is_over());
    let bonus: Vec<_> = events
        .iter()
        .filter_map(|e| match *e {
            Event::TokenScored { player, token, count, points } => Some((token, player, count, points)),
            _ => None,
        })
        .collect();
    assert_eq!(bonus, vec![(King, 1, 3, 3)], "three completed cities");
    assert_eq!(g.scores(), vec![0, 3]);
}

/// Seed 001, KING AND SCOUT, footnote 47: "The player who completes the biggest city, that is,
/// the city which consists of the most land tiles, receives the king. This is still the case
/// when another smaller city earns more points ... The same is true of roads and the robber
/// baron." A two-tile road with an inn (4 points) does not take the robber baron from a
/// three-tile road (3 points).
#[test]
fn footnote_47_the_robber_baron_goes_by_tiles_not_points() {
    use carcassonne_engine::Token::RobberBaron;
    let mut g = king_robber_game(
        &[Expansion::KingRobber, Expansion::InnsCathedrals],
        &["base:W", "base:B", "base:W", "inns-cathedrals:14"],
    );
    turn(&mut g, -1, 0, 0, None);
    turn(&mut g, 0, 1, 0, None);
    assert_eq!(tokens(&turn(&mut g, 1, 0, 0, None)), vec![(RobberBaron, 0, 3)]);
    let events = turn(&mut g, 1, 1, 270, Some((F, "road@N")));
    assert_eq!(tokens(&events), vec![]);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, 4, vec![Color::Blue])]);
    assert_eq!(g.token_holder(RobberBaron), Some((0, 3)));
    // Red scores 1 for each of the two completed roads.
    assert_eq!(g.scores(), vec![2, 4]);
}

#[test]
fn king_robber_random_games_pay_the_holders_one_point_per_feature() {
    for g in random_games(&[Expansion::KingRobber], 3, 8) {
        assert_eq!(g.board().len() + g.discarded().len(), 72 + 5);
    }
}

/// With King & Scout, `replay --json` lists the token bonuses among the score events, so the
/// score events still add up to the final scores.
#[test]
fn replay_json_score_events_include_the_king_and_robber_baron() {
    let dir = std::env::temp_dir().join(format!("carcassonne-king-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.json");
    let bin = env!("CARGO_BIN_EXE_carcassonne");
    let status = std::process::Command::new(bin)
        .args(["simulate", "--games", "1", "--seed", "4", "--expansions", "king-robber", "--json"])
        .args(["--record-out", record.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(status.status.success());
    let out = std::process::Command::new(bin).args(["replay", "--json", record.to_str().unwrap()]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut totals = std::collections::BTreeMap::<String, u64>::new();
    let mut kinds = std::collections::BTreeSet::new();
    for e in value["score_events"].as_array().unwrap() {
        kinds.insert(e["kind"].as_str().unwrap().to_string());
        for p in e["players"].as_array().unwrap() {
            *totals.entry(p.as_str().unwrap().to_string()).or_default() += e["points"].as_u64().unwrap();
        }
    }
    assert!(kinds.contains("king") && kinds.contains("robber-baron"), "{kinds:?}");
    for (color, score) in value["final_scores"].as_object().unwrap() {
        assert_eq!(totals.get(color).copied().unwrap_or(0), score.as_u64().unwrap(), "{color}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

fn cathars_game(expansions: &[Expansion], deck: &[&str], variants: Option<carcassonne_engine::Variants>) -> Game {
    let mut rules = rules(expansions);
    if let Some(v) = variants {
        rules.variants = v;
    }
    two_player(rules, deck)
}

/// Seed 001, THE CATHARS, "A completed city": "Whenever a besieged city is completed during
/// the course of play, each tile scores only 1 point instead of the usual 2"; footnote 62:
/// "Every city tile and every pennant ... earns one point".
#[test]
fn footnote_62_a_completed_besieged_city_scores_1_per_tile_and_pennant() {
    let mut g = cathars_game(&[Expansion::Cathars], &["base:F", "cathars:01"], None);
    turn(&mut g, 0, -1, 90, Some((F, "city@N")));
    let events = turn(&mut g, 0, -2, 180, None);
    // The start tile, the pennant band and the siege cap: 3 tiles and 1 pennant.
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 4, vec![Color::Red])]);
}

/// Seed 001, THE CATHARS: "Should the city remain incomplete at the end of the game, it scores
/// no points during the final scoring."
#[test]
fn cathars_an_incomplete_besieged_city_scores_0() {
    let mut g = cathars_game(&[Expansion::Cathars], &["cathars:03"], None);
    let events = turn(&mut g, 0, -1, 180, Some((F, "city@E")));
    let finals: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::Scored(s) if s.phase == Phase::Final => Some((s.kind, s.points)),
            _ => None,
        })
        .collect();
    assert_eq!(finals, vec![(FeatureKind::City, 0)]);
    assert_eq!(g.scores(), vec![0, 0]);
}

/// Seed 001, THE CATHARS: "If the city contains a cathedral, it scores only 2 points for every
/// tile."
#[test]
fn cathars_a_besieged_city_with_a_cathedral_scores_2_per_tile() {
    let mut g = cathars_game(
        &[Expansion::Cathars, Expansion::InnsCathedrals],
        &["inns-cathedrals:01", "cathars:01", "base:E", "base:E"],
        None,
    );
    turn(&mut g, 0, -1, 0, Some((F, "city@N")));
    turn(&mut g, 0, -2, 180, None);
    turn(&mut g, -1, -1, 90, None);
    let events = turn(&mut g, 1, -1, 270, None);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 10, vec![Color::Red])]);
}

/// Seed 001, THE CATHARS, "Scoring farms": "every completed besieged city scores double points
/// in relation to farms - 6 points for a normal farm". With first-edition farm scoring the
/// city's 4 points double to 8.
#[test]
fn cathars_a_completed_besieged_city_is_worth_double_to_farms() {
    for (scoring, expected) in [
        (carcassonne_engine::FarmerScoring::ThirdEdition, 6),
        (carcassonne_engine::FarmerScoring::SecondEdition, 6),
        (carcassonne_engine::FarmerScoring::FirstEdition, 8),
    ] {
        let variants = carcassonne_engine::Variants { farmer_scoring: scoring, ..Default::default() };
        let mut g = cathars_game(&[Expansion::Cathars], &["cathars:01"], Some(variants));
        // The siege cap completes the start tile's city; the farmer lies in its field.
        let events = turn(&mut g, 0, -1, 180, Some((F, "field@NNW")));
        assert_eq!(
            paid(&g, &events),
            vec![(FeatureKind::Field, Phase::Final, expected, vec![Color::Red])],
            "{scoring:?}"
        );
    }
}

#[test]
fn cathars_random_games_conserve_followers() {
    for g in random_games(&[Expansion::Cathars, Expansion::InnsCathedrals, Expansion::KingRobber], 4, 8) {
        assert_eq!(g.board().len() + g.discarded().len(), 72 + 4 + 18 + 5);
    }
}

/// Seed 001, THE CATHARS, "Escaping a besieged city": "If a cloister directly borders a Cathar
/// tile - even diagonally - then at the end of a player's turn, he or she may remove one knight
/// from the city and return it to the supply"; footnote 64: "A player is not obliged to build
/// onto the city, nor onto the cloister."
#[test]
fn cathars_a_knight_escapes_via_a_neighbouring_cloister() {
    for (cloister, x, y, degrees) in [("base:B", -1, -1, 0), ("base:A", -1, 0, 270)] {
        let mut g = cathars_game(&[Expansion::Cathars], &["cathars:03", cloister, "base:U", "base:U"], None);
        // Red's knight in the besieged corner city: no cloister yet, so no escape.
        turn(&mut g, 0, -1, 180, Some((F, "city@E")));
        assert_eq!(g.pending().player(), Some(1), "no escape without a cloister");
        // Blue places the cloister beside (or diagonally to) the Cathar tile; blue has no knight.
        turn(&mut g, x, y, degrees, None);
        assert_eq!(g.pending().player(), Some(0), "{cloister}: the escape is red's, not blue's");
        // At the end of red's next turn (built elsewhere), the knight may escape.
        turn(&mut g, 0, 1, 0, None);
        assert_eq!(g.pending(), carcassonne_engine::Pending::Escape { player: 0 }, "{cloister}");
        let legal = g.legal_actions();
        assert_eq!(legal.len(), 2, "{legal:?}");
        let Action::Escape { pos, feature } = legal[0] else { panic!("{legal:?}") };
        assert_eq!((pos, g.feature_name(pos, feature).unwrap().as_str()), (Pos::new(0, -1), "city@E"));
        let mut kept = g.clone();
        let events = g.apply(legal[0]).unwrap();
        assert!(matches!(events[0], Event::Escaped { player: 0, figure: Figure::Follower, .. }));
        assert_eq!(g.player(0).followers, 7);
        assert!(g.figures().is_empty());
        // Passing keeps the knight in the city.
        kept.apply(Action::Pass).unwrap();
        assert_eq!(kept.figures().len(), 1);
        assert_eq!(kept.pending().player(), Some(1));
    }
}

#[test]
fn cathars_escape_is_refused_for_a_knight_that_cannot_escape_and_records_replay_it() {
    let mut g = cathars_game(&[Expansion::Cathars], &["cathars:03", "base:B", "base:U", "base:U"], None);
    let mut record = carcassonne_engine::Record {
        version: carcassonne_engine::record::RECORD_VERSION,
        rules: g.rules().clone(),
        players: vec![Color::Red, Color::Blue],
        deck: carcassonne_engine::RecordDeck::Order(
            ["cathars:03", "base:B", "base:U", "base:U"].iter().map(|s| s.to_string()).collect(),
        ),
        actions: vec![],
    };
    let feature_e = |g: &Game| {
        let placed = g.board().get(Pos::new(0, -1)).unwrap();
        carcassonne_engine::game::parse_feature_name(g.design(placed.tile), placed.rotation, "city@E").unwrap()
    };
    let script = |g: &Game, step: usize| match step {
        0 => Action::Place { pos: Pos::new(0, -1), rotation: Rotation::R180 },
        1 => Action::Deploy { figure: F, feature: feature_e(g) },
        2 => Action::Place { pos: Pos::new(-1, -1), rotation: Rotation::R0 },
        3 => Action::Pass,
        4 => Action::Place { pos: Pos::new(0, 1), rotation: Rotation::R0 },
        5 => Action::Pass,
        _ => Action::Escape { pos: Pos::new(0, -1), feature: feature_e(g) },
    };
    for step in 0..7 {
        if step == 6 {
            // Not a knight of red's: the start tile's road.
            let bad = Action::Escape { pos: Pos::new(0, 0), feature: 1 };
            assert_eq!(g.check(bad), Err(RuleError::NoEscape(Pos::new(0, 0), 1)));
            assert!(g.apply(bad).is_err());
        }
        let action = script(&g, step);
        record.push(&g, action);
        g.apply(action).unwrap();
    }
    let json = serde_json::to_string(&record).unwrap();
    assert!(json.contains(r#""action":"escape""#), "{json}");
    let replay = carcassonne_engine::Record::from_json(&json).unwrap().replay().unwrap();
    assert_eq!(replay.game.scores(), g.scores());
    assert!(replay.events.iter().any(|(i, e)| *i == 6 && matches!(e, Event::Escaped { .. })));
}

pub(crate) fn abbot_game(deck: &[&str]) -> Game {
    let mut rules = rules(&[Expansion::Abbot]);
    rules.variants.tile_edition = carcassonne_engine::Edition::Second;
    two_player(rules, deck)
}

pub(crate) const ABBOT: Figure = Figure::Abbot;

/// Seed 000, The Abbot, "2. Placing a Meeple": "you may place your abbot onto the monastery or
/// onto the garden ... You may not place a regular meeple onto the garden."
#[test]
fn abbot_goes_only_on_cloisters_and_gardens_and_followers_never_on_gardens() {
    let mut g = abbot_game(&["base:U-garden", "base:B"]);
    g.apply(Action::Place { pos: Pos::new(1, 0), rotation: Rotation::R0 }).unwrap();
    let placed = *g.board().get(Pos::new(1, 0)).unwrap();
    let design = g.design(placed.tile);
    let garden = design.garden.unwrap();
    let road = carcassonne_engine::game::parse_feature_name(design, placed.rotation, "road@W").unwrap();
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::Deploy { figure: ABBOT, feature: garden }));
    assert!(!legal.contains(&Action::Deploy { figure: F, feature: garden }));
    assert!(!legal.contains(&Action::Deploy { figure: ABBOT, feature: road }));
    assert_eq!(
        g.check(Action::Deploy { figure: F, feature: garden }),
        Err(RuleError::CannotDeployOn(FeatureKind::Garden))
    );
    assert_eq!(
        g.check(Action::Deploy { figure: ABBOT, feature: road }),
        Err(RuleError::AbbotOnlyOnCloisterOrGarden(FeatureKind::Road))
    );
    // On a cloister both may go.
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Place { pos: Pos::new(0, 1), rotation: Rotation::R0 }).unwrap();
    let cloister = g.design(g.board().get(Pos::new(0, 1)).unwrap().tile).cloister.unwrap();
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::Deploy { figure: ABBOT, feature: cloister }));
    assert!(legal.contains(&Action::Deploy { figure: F, feature: cloister }));
}

/// Seed 000, The Abbot, "3. Scoring with the Abbot": "if you do not place a meeple ... you may
/// instead return your already-placed abbot to your supply. If you do so, you score immediately
/// as many points as the garden or monastery your abbot occupied is worth at that time";
/// example: "You score 6 points (1 for the garden, and 5 for the tiles surrounding it)".
#[test]
fn abbot_taken_back_from_a_garden_with_five_neighbours_scores_6() {
    let mut g = abbot_game(&["base:U-garden", "base:U", "base:B", "base:B", "base:B"]);
    turn(&mut g, 1, 0, 0, Some((ABBOT, "garden")));
    assert_eq!(g.player(0).abbots, 0);
    turn(&mut g, 2, 0, 0, None);
    turn(&mut g, 0, 1, 0, None);
    turn(&mut g, 1, 1, 0, None);
    g.apply(Action::Place { pos: Pos::new(2, 1), rotation: Rotation::R0 }).unwrap();
    // Not a pass: the recall replaces the deployment.
    assert!(g.legal_actions().contains(&Action::RecallAbbot { pos: Pos::new(1, 0) }));
    assert_eq!(g.check(Action::RecallAbbot { pos: Pos::new(2, 0) }), Err(RuleError::NoAbbotThere(Pos::new(2, 0))));
    let events = g.apply(Action::RecallAbbot { pos: Pos::new(1, 0) }).unwrap();
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Garden, Phase::Turn, 6, vec![Color::Red])]);
    assert_eq!(g.player(0).abbots, 1, "the abbot is back");
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![6, 0]);
}

/// Seed 000, The Abbot, "Final scoring": "incomplete monasteries or gardens occupied by abbots
/// are scored the same way as those occupied by monks".
#[test]
fn abbot_on_an_incomplete_garden_scores_like_a_monk_at_the_end() {
    let mut g = abbot_game(&["base:U-garden"]);
    let events = turn(&mut g, 1, 0, 0, Some((ABBOT, "garden")));
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Garden, Phase::Final, 2, vec![Color::Red])]);
    assert_eq!(g.player(0).abbots, 1);
}

#[test]
fn abbot_random_games_conserve_abbots() {
    for seed in 0..8 {
        let mut rules = rules(&[Expansion::Abbot, Expansion::InnsCathedrals]);
        rules.variants.tile_edition = carcassonne_engine::Edition::Second;
        let mut g = Game::new(GameSetup {
            rules,
            players: vec![Color::Red, Color::Blue, Color::Green],
            deck: Deck::Seed(seed),
        })
        .unwrap();
        let mut bots: Vec<RandomBot> = (0..3).map(|p| RandomBot::new(seed * 7 + p)).collect();
        while let Some(p) = g.pending().player() {
            let action = bots[p as usize].choose_action(&g.observation(Some(p)));
            g.apply(action).unwrap();
            for (i, state) in g.players().iter().enumerate() {
                let on_board = g.figures().iter().filter(|f| f.owner as usize == i && f.figure == ABBOT).count();
                assert_eq!(state.abbots as usize + on_board, 1);
            }
        }
        assert!(g.players().iter().all(|s| s.abbots == 1 && s.followers == 7));
    }
}

fn river_game(deck: &[&str]) -> Game {
    two_player(rules(&[Expansion::River]), deck)
}

/// Seed 001, THE RIVER: "A U-turn with the river tiles is not possible"; footnote 31: "Only
/// immediate U-turns are explicitly forbidden". The spring starts at (0,0) with its river east.
#[test]
fn footnote_31_the_river_makes_no_immediate_u_turn() {
    let mut g = river_game(&["river:10", "river:10", "river:02"]);
    assert_eq!(g.design(g.board().tiles()[0].tile).id, "river:01", "the spring is the start tile");
    // A curve turning right (east to south) at the river's end: the only places are there.
    assert!(g.legal_actions().iter().all(|a| matches!(a, Action::Place { pos, .. } if *pos == Pos::new(1, 0))));
    turn(&mut g, 1, 0, 0, None);
    // Turning right again (south to west) would be a U-turn: only the left turn is legal.
    assert_eq!(g.legal_actions(), vec![Action::Place { pos: Pos::new(1, 1), rotation: Rotation::R180 }]);
    assert_eq!(g.check(Action::Place { pos: Pos::new(1, 1), rotation: Rotation::R90 }), Err(RuleError::RiverUTurn));
    turn(&mut g, 1, 1, 180, None);
    // The lake closes the river at its open end, east of (1,1).
    assert!(g.legal_actions().iter().all(|a| matches!(a, Action::Place { pos, .. } if *pos == Pos::new(2, 1))));
}

/// Seed 000, The River, official clarification: "Turning river the same way three times should
/// also be considered prohibited" (a straight tile between the turns does not help).
#[test]
fn river_does_not_turn_the_same_way_a_third_time() {
    let mut g = river_game(&["river:10", "river:07", "river:10", "river:07", "river:09", "river:02"]);
    turn(&mut g, 1, 0, 0, None); // right: east to south
    turn(&mut g, 1, 1, 90, None); // straight south
    turn(&mut g, 1, 2, 90, None); // right again, after a straight: south to west
    turn(&mut g, 0, 2, 0, None); // straight west
    assert_eq!(
        g.check(Action::Place { pos: Pos::new(-1, 2), rotation: Rotation::R180 }),
        Err(RuleError::RiverThirdTurn)
    );
    assert_eq!(g.legal_actions(), vec![Action::Place { pos: Pos::new(-1, 2), rotation: Rotation::R270 }]);
}

/// Seed 001, THE RIVER, Preparation: the river tiles are drawn first and "When the river is
/// finished, the lake tile is placed"; the original start tile "can either be mixed into the stack
/// ... or placed as soon as the river has been completed, and is treated like a normal tile"
/// (default: shuffled in); seed 003 returns it to the box (variant).
#[test]
fn river_tiles_come_first_then_the_lake_then_the_land_tiles() {
    for (variant, land) in
        [(carcassonne_engine::RiverStartTile::Shuffled, 72), (carcassonne_engine::RiverStartTile::Discarded, 71)]
    {
        for seed in 0..10 {
            let mut rules = rules(&[Expansion::River]);
            rules.variants.river_start_tile = variant;
            let mut g = Game::new(GameSetup {
                rules,
                players: vec![Color::Red, Color::Blue, Color::Green],
                deck: Deck::Seed(seed),
            })
            .unwrap();
            let mut bots: Vec<RandomBot> = (0..3).map(|p| RandomBot::new(seed * 3 + p)).collect();
            while let Some(p) = g.pending().player() {
                let action = bots[p as usize].choose_action(&g.observation(Some(p)));
                g.apply(action).unwrap();
            }
            let sets: Vec<&str> = g.board().tiles().iter().map(|t| g.design(t.tile).set.as_str()).collect();
            let river_placed = sets.iter().take_while(|s| **s == "river").count();
            let river_discarded = g.discarded().iter().filter(|t| g.design(**t).set == "river").count();
            assert_eq!(river_placed + river_discarded, 12, "seed {seed}: {sets:?}");
            assert!(sets[river_placed..].iter().all(|s| *s == "base"));
            assert_eq!(g.board().len() + g.discarded().len(), 12 + land, "{variant:?}");
        }
    }
}

/// Seed 001, GQ footnote 115 (and THE RIVER, footnote 29): combined rivers keep one spring and
/// one lake; the GQ river tile joins the river.
#[test]
fn gq_river_tile_joins_the_river_and_its_spring_stays_out() {
    let g = Game::new(GameSetup {
        rules: rules(&[Expansion::River, Expansion::Gq11]),
        players: vec![Color::Red, Color::Blue],
        deck: Deck::Seed(5),
    })
    .unwrap();
    let total = g.tiles_left() + g.board().len() + g.discarded().len() + 1;
    assert_eq!(total, 12 + 1 + 72 + 10);
}

fn traders_game(deck: &[&str]) -> Game {
    two_player(rules(&[Expansion::TradersBuilders]), deck)
}

/// Seed 001, TRADERS AND BUILDERS, "A city with trade goods is completed": "The player who
/// completed the city receives one trade counter for each related trade symbol ... It is
/// irrelevant whether this player had a knight in the city" (example: "RED completed the city.
/// BLUE scores 10 points. RED receives two grain counters and one wine counter"); FINAL SCORING:
/// "The player who has collected the most wine counters scores 10 points". Realised smaller:
/// a three-tile city with one wine, blue's knight, completed by red.
#[test]
fn traders_goods_go_to_the_player_who_completes_the_city() {
    let mut g = traders_game(&["base:U", "traders-builders:15", "base:E"]);
    turn(&mut g, 1, 0, 0, None);
    turn(&mut g, 0, -1, 90, Some((F, "city@N")));
    let events = turn(&mut g, 0, -2, 180, None);
    assert!(events.contains(&Event::GoodsCollected { player: 0, goods: [1, 0, 0] }), "{events:?}");
    assert_eq!(paid(&g, &events)[0], (FeatureKind::City, Phase::Turn, 6, vec![Color::Blue]));
    let bonus: Vec<_> = events
        .iter()
        .filter_map(|e| match *e {
            Event::GoodsScored { player, good, count, points } => Some((player, good.name(), count, points)),
            _ => None,
        })
        .collect();
    assert_eq!(bonus, vec![(0, "wine", 1, 10)]);
    assert_eq!(g.scores(), vec![10, 6]);
}

/// Seed 001, TRADERS AND BUILDERS, "The pig": "the player scores 4 rather than 3 points for every
/// city on the farm ... only when the player owns the farm"; the example "BLUE owns the farm.
/// Since BLUE has a pig on the farm, he or she scores 4 points for every completed city".
#[test]
fn traders_the_pig_raises_its_owners_farm_to_4_per_city() {
    let mut g = traders_game(&["base:E", "base:U", "base:U", "base:U"]);
    turn(&mut g, 0, -1, 180, None); // red completes the start tile's city
    turn(&mut g, 1, 0, 0, Some((F, "field@NNW"))); // blue's farmer north of the road
    turn(&mut g, -1, 0, 0, None);
    let placed = turn(&mut g, 2, 0, 0, Some((Figure::Pig, "field@NNW")));
    let farms: Vec<_> = paid(&g, &placed).into_iter().filter(|p| p.0 == FeatureKind::Field).collect();
    assert_eq!(farms, vec![(FeatureKind::Field, Phase::Final, 4, vec![Color::Blue])]);
    assert_eq!((g.player(1).pigs, g.player(1).followers), (1, 7), "the pig goes home with the farmer");
}

/// Seed 001, TRADERS AND BUILDERS, "The builder": deployed "only to a road or city which already
/// includes one of the player's followers"; "Whenever the player places a tile that extends the
/// road or city which includes their builder, they may take a double turn ... There is no chain
/// reaction"; "The builder is not counted when calculating the majority".
#[test]
fn traders_the_builder_gives_a_double_turn_without_a_chain() {
    let mut g = traders_game(&["base:U", "base:B", "base:U", "base:B", "base:U", "base:W", "base:B"]);
    turn(&mut g, 1, 0, 0, Some((F, "road@E")));
    // Blue has no follower on that road: no builder for blue there.
    g.apply(Action::Place { pos: Pos::new(0, 1), rotation: Rotation::R0 }).unwrap();
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Deploy { figure: Figure::Builder, .. })));
    g.apply(Action::Pass).unwrap();
    turn(&mut g, 2, 0, 0, Some((Figure::Builder, "road@E")));
    assert_eq!(g.player(0).builders, 0);
    turn(&mut g, 0, 2, 0, None);
    // Red extends the builder's road: after scoring, red draws again.
    let events = turn(&mut g, 3, 0, 0, None);
    assert!(events.contains(&Event::DoubleTurn { player: 0 }));
    assert_eq!(g.pending().player(), Some(0), "the second tile is red's");
    // The second tile extends the road again, but there is no third tile.
    let events = turn(&mut g, 4, 0, 0, None);
    assert!(!events.contains(&Event::DoubleTurn { player: 0 }));
    assert_eq!(g.pending().player(), Some(1));
    let events = turn(&mut g, 0, 3, 0, None);
    // The incomplete road: five tiles for red's thief alone (the builder is no follower).
    assert!(paid(&g, &events).contains(&(FeatureKind::Road, Phase::Final, 5, vec![Color::Red])));
    assert_eq!((g.player(0).builders, g.player(0).followers), (1, 7));
}

#[test]
fn traders_builder_and_pig_need_the_players_own_follower() {
    let mut g = traders_game(&["base:U"]);
    g.apply(Action::Place { pos: Pos::new(1, 0), rotation: Rotation::R0 }).unwrap();
    let road = carcassonne_engine::game::parse_feature_name(
        g.design(g.board().get(Pos::new(1, 0)).unwrap().tile),
        Rotation::R0,
        "road@E",
    )
    .unwrap();
    assert_eq!(
        g.check(Action::Deploy { figure: Figure::Builder, feature: road }),
        Err(RuleError::NeedsOwnFollower("builder", FeatureKind::Road))
    );
}

#[test]
fn traders_random_games_conserve_every_figure() {
    for g in random_games(&[Expansion::TradersBuilders, Expansion::InnsCathedrals], 3, 10) {
        assert_eq!(g.board().len() + g.discarded().len(), 72 + 24 + 18);
        assert!(g.players().iter().all(|p| p.builders == 1 && p.pigs == 1 && p.followers == 7));
        assert!(g.figures().is_empty());
    }
}

fn river2_game(deck: &[&str]) -> Game {
    river2_game_with(deck, &[])
}

fn river2_game_with(deck: &[&str], others: &[Expansion]) -> Game {
    two_player(rules(&[&[Expansion::River2], others].concat()), deck)
}

/// Seed 001, THE RIVER II: "The youngest player then places the fork. Then each player takes
/// turns placing a tile either on left or right branches of the river ... the two river
/// branches must not be connected."
#[test]
fn river_2_the_two_branches_may_not_be_connected() {
    let mut g = river2_game(&["river-2:04", "river-2:09", "river-2:12", "river-2:03"]);
    turn(&mut g, 1, 0, 0, None); // the fork: branches north and east
    turn(&mut g, 1, -1, 270, None); // the north branch turns east, heading for (2,-1)
                                    // The east branch turning north would meet the other branch at (2,-1).
    assert_eq!(
        g.check(Action::Place { pos: Pos::new(2, 0), rotation: Rotation::R90 }),
        Err(RuleError::RiverBranchesJoin)
    );
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::Place { pos: Pos::new(2, 0), rotation: Rotation::R0 }), "turning south is fine");
    assert!(!legal.contains(&Action::Place { pos: Pos::new(2, 0), rotation: Rotation::R90 }));
    // The north branch itself may go on to (2,-1).
    assert!(legal.contains(&Action::Place { pos: Pos::new(2, -1), rotation: Rotation::R90 }));
}

#[test]
fn river_2_the_fork_comes_right_after_the_spring_and_the_volcano_lake_last() {
    for seed in 0..6 {
        let g = random_game_checked(rules(&[Expansion::River2]), 3, seed);
        let roles: Vec<_> = g.board().tiles().iter().map(|t| g.design(t.tile).river).collect();
        use carcassonne_engine::catalog::RiverRole::*;
        assert_eq!(roles[0], Some(Spring));
        assert_eq!(roles[1], Some(Fork), "seed {seed}");
        // The volcano lake, when it could be placed, is the last river tile.
        let river_count = g.board().tiles().iter().take_while(|t| g.design(t.tile).has_river()).count();
        if let Some(lake) = roles.iter().position(|r| *r == Some(Lake)) {
            assert_eq!(lake, river_count - 1, "seed {seed}");
        }
    }
}

/// Seed 001, THE RIVER II: "The pig-herd tile earns the farmer who owns this farm an extra 1
/// point per city"; footnote 97: "the pig herd is a neutral pig, so to speak" (no pig needed).
/// It counts with Traders & Builders (issue 18: without "the relevant expansions" it has "no
/// particular significance").
#[test]
fn river_2_a_pig_herd_adds_a_point_per_city() {
    let mut g = river2_game_with(&["river-2:11", "base:E", "base:E"], &[Expansion::TradersBuilders]);
    turn(&mut g, 1, 0, 0, Some((F, "field@NNE")));
    turn(&mut g, 2, 0, 0, None);
    let events = turn(&mut g, 2, -1, 180, None);
    let farms: Vec<_> = paid(&g, &events).into_iter().filter(|p| p.0 == FeatureKind::Field).collect();
    assert_eq!(farms, vec![(FeatureKind::Field, Phase::Final, 4, vec![Color::Red])]);
}

/// Seed 001, THE RIVER II: "If you don't possess the relevant expansions, the inn ... [has] no
/// particular significance"; likewise the Winter Edition's inn under the base rules.
#[test]
fn an_inn_counts_only_with_inns_and_cathedrals() {
    for (expansions, expected) in
        [(vec![Expansion::Winter], 3), (vec![Expansion::Winter, Expansion::InnsCathedrals], 6)]
    {
        let mut g = Game::new(GameSetup {
            rules: rules(&expansions),
            players: vec![Color::Red, Color::Blue],
            deck: Deck::Order(vec![tile("winter:W"), tile("winter:05")]),
        })
        .unwrap();
        turn(&mut g, -1, 0, 0, None);
        let events = turn(&mut g, 1, 0, 90, Some((F, "road@W")));
        assert_eq!(
            paid(&g, &events)[0],
            (FeatureKind::Road, Phase::Turn, expected, vec![Color::Blue]),
            "{expansions:?}"
        );
    }
}

/// Seed 001, GQ, footnote 116: the field with pigs "is just a field - no special points for the
/// pigs"; footnote 117: using it as a pig-herd "would be a house rule" (variant `gq-pig-herd`).
#[test]
fn gq_pigs_are_a_plain_field_unless_the_house_rule_makes_them_a_pig_herd() {
    // The GQ pig field is a full ffff field; beside a city cap closed by another cap.
    for (house_rule, expected) in [(false, 3), (true, 4)] {
        // A pig-herd counts with Traders & Builders (seed 001, THE RIVER II; issue 18).
        let mut r = rules(&[Expansion::Gq11, Expansion::TradersBuilders]);
        r.variants.gq_pig_herd = house_rule;
        let pigs = Catalog::builtin()
            .set("gq11")
            .unwrap()
            .designs
            .iter()
            .copied()
            .find(|&id| Catalog::builtin().design(id).features.iter().any(|f| f.attrs.pigs_drawn))
            .unwrap();
        let mut g = Game::new(GameSetup {
            rules: r,
            players: vec![Color::Red, Color::Blue],
            deck: Deck::Order(vec![pigs, tile("base:E"), tile("base:E")]),
        })
        .unwrap();
        // Below the start tile (a field edge), the pig field; red's farmer on it.
        turn(&mut g, 0, 1, 0, Some((F, "field@NNW")));
        // East of it a city cap whose field joins the pig field, closed by a second cap below.
        turn(&mut g, 1, 1, 180, None);
        let events = turn(&mut g, 1, 2, 0, None);
        let farms: Vec<_> = paid(&g, &events).into_iter().filter(|p| p.0 == FeatureKind::Field).collect();
        assert_eq!(
            farms,
            vec![(FeatureKind::Field, Phase::Final, expected, vec![Color::Red])],
            "house rule {house_rule}"
        );
    }
}

/// Seed 001, TRADERS AND BUILDERS, FINAL SCORING: "As usual, in the case of a draw all players
/// involved score the full 10 points" (footnote 46's example).
#[test]
fn traders_tied_goods_majorities_pay_every_tied_player() {
    let deck = ["traders-builders:15", "base:E", "base:B", "traders-builders:15", "base:E", "base:B", "base:E"];
    let mut g = traders_game(&deck);
    turn(&mut g, 0, -1, 90, None); // red: a wine band above the start tile's city
    turn(&mut g, 0, -2, 180, None); // blue closes it and takes the wine
    turn(&mut g, 1, -1, 0, None);
    turn(&mut g, 2, -1, 90, None); // blue: a second wine band
    turn(&mut g, 2, -2, 180, None);
    turn(&mut g, 1, -2, 0, None);
    let events = turn(&mut g, 2, 0, 0, None); // red closes the second band and takes its wine
    let bonus: Vec<_> = events
        .iter()
        .filter_map(|e| match *e {
            Event::GoodsScored { player, count, points, .. } => Some((player, count, points)),
            _ => None,
        })
        .collect();
    assert_eq!(bonus, vec![(0, 1, 10), (1, 1, 10)]);
}

/// Seed 001, THE RIVER, footnote 30 (and GQ footnote 114, River II footnote 93): "Officially,
/// the farm goes around the spring. So it is a connected farm"; the RGG Big Box: "The field space
/// on the lake and spring tiles wraps around those features."
#[test]
fn footnote_30_the_field_goes_around_the_spring_and_the_lake() {
    use carcassonne_engine::catalog::RiverRole;
    let catalog = Catalog::builtin();
    let ends: Vec<_> = catalog
        .printed_designs()
        .iter()
        .filter(|d| matches!(d.river, Some(RiverRole::Spring | RiverRole::Lake)) && d.set != "gq11")
        .collect();
    assert_eq!(ends.len(), 4, "the springs and lakes of The River and The River II");
    for d in ends {
        let fields: Vec<_> = d.features.iter().filter(|f| f.kind == FeatureKind::Field).collect();
        assert_eq!(fields.len(), 1, "{}: one field", d.id);
        assert_eq!(fields[0].ports.count_ones(), 8, "{}: the field touches all eight half-edges", d.id);
    }
}

/// Seed 000, The Abbot, footnotes 28 and 29: the abbot may be taken back when the player does
/// not place a meeple "because you have decided not to, or you don't have any left in your
/// supply".
#[test]
fn abbot_can_be_taken_back_with_an_empty_supply() {
    let deck: Vec<&str> = std::iter::repeat_n("base:B", 17).collect();
    let mut g = abbot_game(&deck);
    turn(&mut g, 0, 1, 0, Some((ABBOT, "cloister")));
    for x in 1..16 {
        let red = x % 2 == 0;
        turn(&mut g, x, 1, 0, if red { Some((F, "cloister")) } else { None });
    }
    assert_eq!(g.player(0).followers, 0, "red's seven followers are monks");
    g.apply(Action::Place { pos: Pos::new(16, 1), rotation: Rotation::R0 }).unwrap();
    let legal = g.legal_actions();
    assert!(!legal.iter().any(|a| matches!(a, Action::Deploy { .. })), "{legal:?}");
    assert!(legal.contains(&Action::RecallAbbot { pos: Pos::new(0, 1) }));
    let events = g.apply(Action::RecallAbbot { pos: Pos::new(0, 1) }).unwrap();
    // The abbot's cloister: itself, the start tile above and the cloister beside it.
    assert_eq!(paid(&g, &events)[0], (FeatureKind::Cloister, Phase::Turn, 3, vec![Color::Red]));
}

// ----- Inns & Cathedrals: the rulings of its chapter and footnotes -----

/// Seed 001, INNS AND CATHEDRALS, "2. Deploy a follower": "the big follower counts as if the
/// player had deployed two normal followers to the road, city, cloister or farm in question" -
/// on a farm too, under every farm-scoring edition: one big farmer beats one farmer and ties
/// with two.
#[test]
fn inns_cathedrals_the_big_follower_counts_as_two_farmers() {
    let deck = ["base:U", "base:E", "base:B", "base:X", "base:A"];
    let play = |farmer_scoring, tiles: usize| {
        let mut r = rules(&[Expansion::InnsCathedrals]);
        r.variants.farmer_scoring = farmer_scoring;
        let mut g = two_player(r, &deck[..tiles]);
        turn(&mut g, 1, 0, 0, Some((BIG, "field@NNW"))); // red's big farmer north of the road
        turn(&mut g, 0, -1, 180, Some((F, "field@NNW"))); // blue closes the city, farmer beyond it
        turn(&mut g, 1, -1, 0, None); // a cloister joins the two farms
        if tiles == deck.len() {
            // Blue's second farmer on a corner field of a crossing, then a tile joining it.
            turn(&mut g, 2, 0, 0, Some((F, "field@NNE")));
            turn(&mut g, 2, -1, 0, None);
        }
        assert!(g.is_over());
        g.scores()
    };
    use carcassonne_engine::FarmerScoring::{FirstEdition, SecondEdition, ThirdEdition};
    for (edition, per_city) in [(ThirdEdition, 3), (SecondEdition, 3), (FirstEdition, 4)] {
        assert_eq!(play(edition, 3), vec![per_city, 0], "{edition:?}: big farmer against one farmer");
        assert_eq!(play(edition, 5), vec![per_city, per_city], "{edition:?}: big farmer against two");
    }
}

/// Seed 001, INNS AND CATHEDRALS, "A completed road": "If a road which has one or more inns
/// lining it is completed, then the thief scores 2 points for every road segment" - a second inn
/// adds nothing.
#[test]
fn inns_cathedrals_two_inns_on_one_road_still_score_2_per_tile() {
    let mut g = game(&["base:W", "inns-cathedrals:15", "inns-cathedrals:15", "base:W"]);
    turn(&mut g, -1, 0, 0, None); // a junction ends the road in the west
    turn(&mut g, 1, 0, 0, Some((F, "road@E"))); // blue's thief beside the first inn
    turn(&mut g, 2, 0, 0, None); // the second inn
    let events = turn(&mut g, 3, 0, 180, None); // a junction ends the road in the east
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, 10, vec![Color::Blue])]);
    assert_eq!(breakdown_of(&events, FeatureKind::Road).map(|b| (b.tiles, b.tile_value)), Some((5, 2)));
}

/// Seed 001, INNS AND CATHEDRALS, "A completed city": "If a city which contains one or more
/// cathedrals is completed, then the knight scores 3 points for every city segment" - two
/// cathedrals in one city still make it 3 per tile.
#[test]
fn inns_cathedrals_two_cathedrals_in_one_city_still_score_3_per_tile() {
    let cathedral = "inns-cathedrals:01";
    let mut g = game(&[cathedral, cathedral, "base:E", "base:E", "base:E", "base:E", "base:E"]);
    turn(&mut g, 0, -1, 0, Some((F, "city@N"))); // red's knight in the first cathedral
    turn(&mut g, 0, -2, 0, None); // the second cathedral above it
                                  // Caps close every open city edge: west and east of both cathedrals, then the top.
    turn(&mut g, -1, -1, 90, None);
    turn(&mut g, 1, -1, 270, None);
    turn(&mut g, -1, -2, 90, None);
    turn(&mut g, 1, -2, 270, None);
    let events = turn(&mut g, 0, -3, 180, None);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 24, vec![Color::Red])]);
    assert_eq!(breakdown_of(&events, FeatureKind::City).map(|b| (b.tiles, b.tile_value)), Some((8, 3)));
}

/// Seed 001, INNS AND CATHEDRALS, footnote 37: cathedrals may go into other players' cities, "The
/// same goes for roads with inns": blue's inn leaves red's road worth nothing when it stays
/// incomplete.
#[test]
fn footnote_37_an_inn_on_another_players_road_leaves_it_worth_0_if_incomplete() {
    for (second_tile, expected) in [("base:U", 3), ("inns-cathedrals:15", 0)] {
        let mut g = game(&["base:U", second_tile]);
        turn(&mut g, 1, 0, 0, Some((F, "road@E"))); // red's thief
        let events = turn(&mut g, 2, 0, 0, None); // blue extends red's road
        assert!(g.is_over());
        assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Final, expected, vec![Color::Red])]);
    }
}

/// Seed 001, INNS AND CATHEDRALS, "1. Place a tile", the tiles to take care with: "This tile has
/// four unconnected city segments", "The cloister divides the road into two segments", "The
/// crossing divides the road into two segments", "The farm comes to an end here". Each shows as
/// separate features to deploy on.
#[test]
fn inns_cathedrals_tiles_to_take_care_with() {
    let mut g = game(&["inns-cathedrals:03", "inns-cathedrals:02", "inns-cathedrals:05", "inns-cathedrals:07"]);
    let deployable = |g: &Game| crate::faq::deployable_names(g, F);
    place(&mut g, 0, -1, 0); // four cities around an inner field, above the start tile
    assert_eq!(deployable(&g), vec!["city@E", "city@N", "city@S", "city@W", "field@I"]);
    g.apply(Action::Pass).unwrap();
    place(&mut g, 1, 0, 0); // the cloister between two roads, east of the start tile
    assert_eq!(deployable(&g), vec!["cloister", "field@ESE", "field@NNW", "road@E", "road@W"]);
    g.apply(Action::Pass).unwrap();
    place(&mut g, -1, 0, 0); // two cities and the junction between them, west of the start tile
    assert_eq!(
        deployable(&g),
        vec!["city@N", "city@S", "field@ENE", "field@ESE", "field@WNW", "field@WSW", "road@E", "road@W"]
    );
    g.apply(Action::Pass).unwrap();
    place(&mut g, 0, 1, 180); // the city cap whose farm ends beside it, below the start tile
    assert_eq!(deployable(&g), vec!["city@S", "field@NNW", "field@WSW"]);
}

/// Seed 001, INNS AND CATHEDRALS, footnote 33: on the tile with two cities and a junction "the
/// road which leads between the cities is broken by the junction ... all junctions are
/// considered to be ends of roads": a junction on the west closes red's road at three tiles.
#[test]
fn footnote_33_the_junction_between_two_cities_ends_the_road() {
    let mut g = game(&["inns-cathedrals:05", "base:W"]);
    turn(&mut g, 1, 0, 0, Some((F, "road@W"))); // red's thief on the road into the junction
    let events = turn(&mut g, -1, 0, 0, None);
    assert_eq!(paid(&g, &events)[0], (FeatureKind::Road, Phase::Turn, 3, vec![Color::Red]));
}

/// Seed 001, INNS AND CATHEDRALS, "1. Place a tile": "The inn lies on the right-hand road
/// segment" of the junction tile: the road through its other arm is an ordinary road.
#[test]
fn inns_cathedrals_the_inn_lies_on_one_arm_of_its_junction() {
    let mut g = game(&["inns-cathedrals:14", "base:W", "base:W"]);
    // The junction turned so that its inn arm leads south; red's thief on the west arm.
    turn(&mut g, 1, 0, 90, Some((F, "road@W")));
    let events = turn(&mut g, -1, 0, 0, None);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, 3, vec![Color::Red])], "1 point per tile");
    // The inn arm: red's next thief, closed at once by a second junction below: 2 per tile.
    let events = turn(&mut g, 1, 1, 90, Some((F, "road@N")));
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, 4, vec![Color::Red])]);
}

/// Seed 000, The Base Game, footnote 10 (and seed 002, footnote 14): "a coat of arms only affects
/// the city segment it is in, not the whole tile (if there is more than one segment on a single
/// tile)". The Inns & Cathedrals tile with a pennant corner and a separate cap: the cap's city
/// scores without the pennant.
#[test]
fn seed000_footnote_10_a_pennant_counts_only_for_its_own_city_segment() {
    let mut g = game(&["inns-cathedrals:06", "base:E"]);
    // Turned so that the pennant city joins the start tile's city and the cap opens north.
    turn(&mut g, 0, -1, 180, Some((F, "city@N")));
    let events = turn(&mut g, 0, -2, 180, None);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 4, vec![Color::Red])]);
    assert_eq!(breakdown_of(&events, FeatureKind::City).map(|b| (b.tiles, b.pennants)), Some((2, 0)));
}

/// The breakdown of the first score event of `kind` among `events`.
fn breakdown_of(events: &[Event], kind: FeatureKind) -> Option<carcassonne_engine::Breakdown> {
    events.iter().find_map(|e| match e {
        Event::Scored(s) if s.kind == kind => Some(s.breakdown),
        _ => None,
    })
}

// ----- Traders & Builders: the rulings of its chapter, footnotes and FAQ -----

/// Seed 001, TRADERS AND BUILDERS, "The builder": "A builder may never be deployed to a farm";
/// "The pig": "only to a farm which already contains one of the player's farmers". Red's thief
/// and farmer both lie on the tile red extends: the builder may only take the road, the pig
/// only the farm with red's farmer.
#[test]
fn traders_a_builder_may_never_stand_on_a_farm() {
    let mut g = traders_game(&["base:U", "base:B", "base:U", "base:B", "base:U"]);
    turn(&mut g, 1, 0, 0, Some((F, "road@E"))); // red's thief
    turn(&mut g, 0, 1, 0, None);
    turn(&mut g, 2, 0, 0, Some((F, "field@NNW"))); // red's farmer north of the road
    turn(&mut g, 1, 1, 0, None);
    place(&mut g, 3, 0, 0);
    let at = Pos::new(3, 0);
    let builder_on = |name| Action::Deploy { figure: Figure::Builder, feature: feature(&g, at, name) };
    let pig_on = |name| Action::Deploy { figure: Figure::Pig, feature: feature(&g, at, name) };
    assert_eq!(g.check(builder_on("field@NNW")), Err(RuleError::CannotDeployOn(FeatureKind::Field)));
    assert_eq!(g.check(builder_on("field@ESE")), Err(RuleError::CannotDeployOn(FeatureKind::Field)));
    assert_eq!(g.check(pig_on("road@E")), Err(RuleError::CannotDeployOn(FeatureKind::Road)));
    assert_eq!(g.check(pig_on("field@ESE")), Err(RuleError::NeedsOwnFollower("pig", FeatureKind::Field)));
    assert_eq!(crate::faq::deployable_names(&g, Figure::Builder), vec!["road@E"]);
    assert_eq!(crate::faq::deployable_names(&g, Figure::Pig), vec!["field@NNW"]);
}

/// Seed 001, TRADERS AND BUILDERS, "The builder": "A builder can be deployed even if there are
/// thieves, knights or builders of other players on the road or city. It does not matter how
/// many tiles there are between the builder and the thief"; INCORPORATED FAQ 14 ("irrespective of
/// any followers of other players"). Only the builder's owner earns a double turn from it, and
/// builders do not count in the majority.
#[test]
fn traders_faq_14_builders_join_roads_with_other_players_thieves_and_builders() {
    let mut g = traders_game(&["base:U", "base:U", "base:V", "base:V", "base:U", "base:U"]);
    turn(&mut g, 1, 0, 0, Some((F, "road@E"))); // red's thief on the start tile's road
    turn(&mut g, 1, 1, 0, Some((F, "road@E"))); // blue's thief on a road of its own below
    turn(&mut g, 2, 1, 90, None); // red: blue's road turns north...
    let events = turn(&mut g, 2, 0, 0, Some((Figure::Builder, "road@S"))); // ...blue joins both roads
    assert!(!events.iter().any(|e| matches!(e, Event::DoubleTurn { .. })));
    // Red's builder on the far end of the road, beside blue's thief and builder.
    let events = turn(&mut g, -1, 0, 0, Some((Figure::Builder, "road@E")));
    assert!(!events.iter().any(|e| matches!(e, Event::DoubleTurn { .. })), "blue's builder is no use to red");
    assert_eq!((g.player(0).builders, g.player(1).builders), (0, 0));
    // Blue extends the road: a double turn for blue (the pile is then empty, so the game ends).
    let events = turn(&mut g, -2, 0, 0, None);
    assert!(events.contains(&Event::DoubleTurn { player: 1 }));
    // Seven tiles, one thief each: a tie, whatever the builders.
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Final, 7, vec![Color::Red, Color::Blue])]);
    assert!(g.players().iter().all(|p| p.builders == 1 && p.followers == 7));
}

/// Seed 001, TRADERS AND BUILDERS, "The pig": "There can already be farmers or pigs of other
/// players on the farm"; INCORPORATED FAQ 14. Red and blue share a farm and each put a pig on
/// it; tied for the farm, both score 4 for its city.
#[test]
fn traders_faq_14_pigs_join_farms_with_other_players_farmers_and_pigs() {
    let mut g = traders_game(&["base:U", "base:E", "base:B", "base:B"]);
    turn(&mut g, 1, 0, 0, Some((F, "field@NNW"))); // red's farmer north of the road
    turn(&mut g, 0, -1, 180, Some((F, "field@NNW"))); // blue closes the city; farmer beyond it
    turn(&mut g, 1, -1, 0, Some((Figure::Pig, "field@NNW"))); // joins the farms; red's pig
    let events = turn(&mut g, 2, -1, 0, Some((Figure::Pig, "field@NNW"))); // blue's pig beside it
    assert_eq!(
        paid(&g, &events),
        vec![
            (FeatureKind::Field, Phase::Final, 4, vec![Color::Red]),
            (FeatureKind::Field, Phase::Final, 4, vec![Color::Blue])
        ]
    );
    assert!(g.players().iter().all(|p| p.pigs == 1 && p.followers == 7));
}

/// Seed 001, TRADERS AND BUILDERS, "The pig": "the player scores 4 rather than 3 points for every
/// city on the farm. This is true only when the player owns the farm. As before, only farmers
/// determine ownership"; the example "BLUE owns the farm ... 8 points in total. RED does not own
/// the farm, since he or she does not have the majority of farmers on it. RED scores 0 points."
#[test]
fn traders_the_pig_scores_nothing_for_a_farm_its_owner_does_not_win() {
    let mut g = traders_game(&["base:U", "base:E", "base:B", "base:X", "base:A", "base:E", "base:E"]);
    turn(&mut g, 1, 0, 0, Some((F, "field@NNW"))); // red's farmer
    turn(&mut g, 0, -1, 180, Some((F, "field@NNW"))); // blue's farmer; city A is complete
    turn(&mut g, 1, -1, 0, Some((Figure::Pig, "field@NNW"))); // one farm; red's pig
    turn(&mut g, 2, 0, 0, Some((F, "field@NNE"))); // blue's second farmer, on a corner field
    turn(&mut g, 2, -1, 0, None); // red joins it to the farm: blue 2 farmers, red 1
    turn(&mut g, 2, -2, 0, Some((Figure::Pig, "field@SSW"))); // blue's pig; city B begins
    let events = turn(&mut g, 2, -3, 180, None); // city B is complete
    let farms: Vec<_> = paid(&g, &events).into_iter().filter(|p| p.0 == FeatureKind::Field).collect();
    assert_eq!(farms, vec![(FeatureKind::Field, Phase::Final, 8, vec![Color::Blue])]);
    assert_eq!(breakdown_of(&events, FeatureKind::Field).map(|b| (b.cities, b.city_value)), Some((2, 4)));
    assert_eq!(g.scores(), vec![0, 8]);
    assert_eq!((g.player(0).pigs, g.player(0).followers), (1, 7), "red's pig goes home with its farmer");
}

/// Seed 001, TRADERS AND BUILDERS, "A city with trade goods is completed": "It is irrelevant
/// whether this player had a knight in the city, or indeed whether there were any knights in the
/// city at all."
#[test]
fn traders_goods_go_to_whoever_completes_the_city_even_with_no_knight_in_it() {
    let mut g = traders_game(&["traders-builders:15", "base:E"]);
    turn(&mut g, 0, -1, 90, None); // red: the wine city above the start tile's, no knight
    let events = turn(&mut g, 0, -2, 180, None); // blue closes it, no knight either
    assert!(paid(&g, &events).is_empty(), "nobody scores the city");
    assert!(events.contains(&Event::GoodsCollected { player: 1, goods: [1, 0, 0] }), "{events:?}");
    assert_eq!(g.scores(), vec![0, 10], "blue has the most wine");
}

/// Seed 001, TRADERS AND BUILDERS, the example "RED completed the city. BLUE scores 10 points. RED
/// receives two grain counters and one wine counter": a five-tile city with two grain and one
/// wine symbol, blue's knight, closed by red.
#[test]
fn traders_example_red_completes_the_city_blue_scores_10_red_takes_two_grain_and_one_wine() {
    let mut g =
        traders_game(&["traders-builders:17", "traders-builders:15", "traders-builders:01", "base:B", "base:E"]);
    turn(&mut g, 0, -1, 90, None); // red: grain, the city runs north
    turn(&mut g, 0, -2, 90, Some((F, "city@N"))); // blue: wine, and blue's knight
    turn(&mut g, 0, -3, 180, None); // red: a grain corner turning east
    turn(&mut g, 0, 1, 0, None);
    let events = turn(&mut g, 1, -3, 270, None); // red closes the city
    assert_eq!(paid(&g, &events)[0], (FeatureKind::City, Phase::Turn, 10, vec![Color::Blue]));
    assert!(events.contains(&Event::GoodsCollected { player: 0, goods: [1, 2, 0] }), "{events:?}");
    // The final scoring: red has the most wine and the most grain.
    assert_eq!(g.scores(), vec![20, 10]);
}

/// Seed 001, TRADERS AND BUILDERS, FINAL SCORING, "Trade counters", the example "for a game with
/// two players: BLUE scores 20 points, while RED scores 30": red and blue each hold one wine and
/// one grain (ties score in full), red alone one cloth.
#[test]
fn traders_example_trade_counters_blue_scores_20_red_30() {
    let deck = [
        "traders-builders:15",
        "traders-builders:02",
        "traders-builders:17",
        "traders-builders:01",
        "base:E",
        "base:E",
        "traders-builders:03",
        "base:B",
        "base:E",
    ];
    let mut g = traders_game(&deck);
    turn(&mut g, 0, 1, 0, None); // red: a wine city below the start tile, running east-west
    turn(&mut g, 0, -1, 270, None); // blue: a wine corner on the start tile's city
    turn(&mut g, 1, 1, 0, None); // red: grain, east of the wine
    turn(&mut g, -1, -1, 90, None); // blue: a grain corner west of the wine corner
    turn(&mut g, -1, 1, 90, None); // red caps the west end of the lower city
    let events = turn(&mut g, -1, -2, 180, None); // blue closes the upper city
    assert!(events.contains(&Event::GoodsCollected { player: 1, goods: [1, 1, 0] }), "{events:?}");
    turn(&mut g, 2, 1, 0, None); // red: cloth, east of the grain
    turn(&mut g, 0, 2, 0, None);
    let events = turn(&mut g, 3, 1, 270, None); // red closes the lower city
    assert!(events.contains(&Event::GoodsCollected { player: 0, goods: [1, 1, 1] }), "{events:?}");
    assert_eq!(g.scores(), vec![30, 20]);
}

/// Seed 001, TRADERS AND BUILDERS, "The builder": "after performing the usual steps of deployment
/// and scoring, the player draws another land tile" (footnote 42, INCORPORATED FAQ 15: "After
/// scoring"); the second example "3a) Complete the road and place a knight in the city segment of
/// the tile. (The road is now scored - the thief and builder are returned to the player) 3b) Place
/// the second tile and deploy the builder."
#[test]
fn footnote_42_the_second_tile_is_drawn_after_scoring_and_may_take_the_returned_builder() {
    let mut g = traders_game(&["base:U", "base:B", "base:U", "base:W", "base:L", "base:N", "base:B"]);
    turn(&mut g, 1, 0, 0, Some((F, "road@E"))); // 1) the thief
    turn(&mut g, 0, 1, 0, None);
    turn(&mut g, 2, 0, 0, Some((Figure::Builder, "road@E"))); // 2) the builder
    turn(&mut g, -1, 0, 0, None); // blue ends the road in the west
                                  // 3a) Red's junction ends the road in the east; red's knight in its city.
    let events = turn(&mut g, 3, 0, 0, Some((F, "city@N")));
    let position = |wanted: &dyn Fn(&Event) -> bool| events.iter().position(wanted).expect("the event");
    let scored = position(&|e| matches!(e, Event::Scored(s) if s.kind == FeatureKind::Road && s.points == 5));
    let builder_home = position(&|e| matches!(e, Event::FigureReturned { figure: Figure::Builder, .. }));
    let double = position(&|e| *e == Event::DoubleTurn { player: 0 });
    let drawn = position(&|e| matches!(e, Event::TileDrawn { player: 0, .. }));
    assert!(scored < builder_home && builder_home < double && double < drawn, "{events:?}");
    assert_eq!(g.player(0).builders, 1);
    // 3b) The second tile extends the knight's city, and the builder goes there.
    place(&mut g, 3, -1, 270);
    assert!(crate::faq::deployable_names(&g, Figure::Builder).contains(&"city@S".to_string()));
    g.apply(Action::Deploy { figure: Figure::Builder, feature: feature(&g, Pos::new(3, -1), "city@S") }).unwrap();
    assert_eq!(g.player(0).builders, 0);
    assert_eq!(g.pending().player(), Some(1), "then the turn is over");
}

/// Seed 001, TRADERS AND BUILDERS, "The builder": "There is no chain reaction"; "If the road or
/// city is not completed during the course of the double turn, the builder remains in play. The
/// player may take double turns for as long as the road or city remains incomplete. If it is
/// completed, the builder and thief or knight are returned to the player after it has been
/// scored." Footnote 43: "The double-turn is also only a 'single' turn" (one turn counted).
#[test]
fn traders_the_builder_gives_double_turns_until_its_road_is_completed() {
    let deck = ["base:U", "base:B", "base:U", "base:B", "base:U", "base:B", "base:B", "base:W", "base:W"];
    let mut g = traders_game(&deck);
    turn(&mut g, 1, 0, 0, Some((F, "road@E")));
    turn(&mut g, 0, 1, 0, None);
    turn(&mut g, 2, 0, 0, Some((Figure::Builder, "road@E")));
    turn(&mut g, 0, 2, 0, None);
    let turns_before = g.turns();
    assert!(turn(&mut g, 3, 0, 0, None).contains(&Event::DoubleTurn { player: 0 }));
    turn(&mut g, 1, 1, 0, None); // the second tile, elsewhere
    assert_eq!(g.turns(), turns_before + 1, "the double turn is one turn");
    turn(&mut g, 0, 3, 0, None);
    // The road is still open: the builder gives red another double turn.
    assert!(turn(&mut g, -1, 0, 0, None).contains(&Event::DoubleTurn { player: 0 }));
    // The second tile completes the road (six tiles): it extends the builder's road but earns no
    // third tile; thief and builder come home after the scoring.
    let events = turn(&mut g, 4, 0, 180, None);
    assert!(!events.contains(&Event::DoubleTurn { player: 0 }));
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, 6, vec![Color::Red])]);
    assert_eq!((g.player(0).builders, g.player(0).followers), (1, 7));
}

/// Seed 001, TRADERS AND BUILDERS, footnote 44: builders and pigs "cannot remain in play without"
/// their owner's followers - "it also applies when the last thief or knight is removed from a road
/// or city which includes the builder"; the table row "last knight/thief/farmer is removed: builder
/// or pig removed" (Big Box). Red's only knight escapes a besieged city (The Cathars): red's
/// builder there goes home too.
#[test]
fn footnote_44_the_builder_goes_home_when_its_owners_last_knight_escapes() {
    let mut g = cathars_game(
        &[Expansion::Cathars, Expansion::TradersBuilders],
        &["cathars:03", "base:B", "base:N", "base:U"],
        None,
    );
    turn(&mut g, 0, -1, 180, Some((F, "city@E"))); // red's knight in the besieged corner
    turn(&mut g, -1, -1, 0, None); // blue's cloister beside the Cathar tile
    turn(&mut g, 1, -1, 270, Some((Figure::Builder, "city@W"))); // red's builder in the city
    assert_eq!(g.pending(), carcassonne_engine::Pending::Escape { player: 0 });
    let events =
        g.apply(Action::Escape { pos: Pos::new(0, -1), feature: feature(&g, Pos::new(0, -1), "city@E") }).unwrap();
    assert!(matches!(events[0], Event::Escaped { player: 0, figure: Figure::Follower, .. }), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::FigureReturned { player: 0, figure: Figure::Builder, .. })));
    assert!(g.figures().is_empty());
    assert_eq!((g.player(0).followers, g.player(0).builders), (7, 1));
}

/// Seed 001, TRADERS AND BUILDERS, "1. Place a tile", the tiles to take care with: "The bridge is
/// not a crossing. One road runs continuously from left to right, while the other runs from top
/// to bottom. However, the farm segments are separate" (four on this tile); "The cloister divides
/// the road into three segments"; "This tile has three separate city segments"; "One road ends at
/// a city, the other at a house".
#[test]
fn traders_tiles_to_take_care_with() {
    let deck = ["traders-builders:24", "traders-builders:20", "traders-builders:06", "traders-builders:23"];
    let mut g = traders_game(&deck);
    let deployable = |g: &Game| crate::faq::deployable_names(g, F);
    place(&mut g, 1, 0, 0); // the bridge, east of the start tile
    assert_eq!(deployable(&g), vec!["field@ESE", "field@NNE", "field@NNW", "field@SSW", "road@E", "road@N"]);
    // The east-west road runs on from the start tile's; the north-south one is another road.
    let road = |g: &Game, pos: Pos, name| {
        let placement = g.board().index_at(pos).unwrap();
        g.feature_root(placement, feature(g, pos, name))
    };
    assert_eq!(road(&g, Pos::new(1, 0), "road@E"), road(&g, Pos::ORIGIN, "road@E"));
    assert_ne!(road(&g, Pos::new(1, 0), "road@N"), road(&g, Pos::ORIGIN, "road@E"));
    g.apply(Action::Pass).unwrap();
    place(&mut g, -1, 0, 0); // the cloister where three roads end, west of the start tile
    assert_eq!(deployable(&g), vec!["cloister", "field@ESE", "field@NNW", "field@SSW", "road@E", "road@S", "road@W"]);
    g.apply(Action::Pass).unwrap();
    place(&mut g, 0, -1, 0); // three cities, above the start tile
    assert_eq!(deployable(&g), vec!["city@E", "city@N", "city@S", "field@I"]);
    g.apply(Action::Pass).unwrap();
    place(&mut g, 0, 1, 270); // a city and two roads, below the start tile
    assert_eq!(deployable(&g), vec!["city@W", "field@ESE", "field@NNW", "field@SSW", "road@E", "road@S"]);
}

// ----- The Cathars -----

/// Seed 001, THE CATHARS, "Scoring farms": "every completed besieged city scores double points in
/// relation to farms - 6 points for a normal farm, or 8 points for a farm with a pig".
#[test]
fn cathars_a_completed_besieged_city_is_worth_8_to_a_farm_with_a_pig() {
    let mut g =
        cathars_game(&[Expansion::Cathars, Expansion::TradersBuilders], &["cathars:01", "base:B", "base:B"], None);
    turn(&mut g, 0, -1, 180, Some((F, "field@NNW"))); // the siege cap closes the city; red's farmer
    turn(&mut g, 0, 1, 0, None);
    let events = turn(&mut g, 1, -1, 0, Some((Figure::Pig, "field@NNW"))); // red's pig on that farm
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Field, Phase::Final, 8, vec![Color::Red])]);
    let farm = breakdown_of(&events, FeatureKind::Field).unwrap();
    assert_eq!((farm.cities, farm.besieged_cities, farm.city_value), (0, 1, 4));
}

/// Seed 001, THE CATHARS, "Escaping a besieged city": "If a cloister directly borders a Cathar
/// tile - even diagonally": a cloister beside other tiles of the besieged city does not free
/// anyone; one diagonal to the Cathar tile does.
#[test]
fn cathars_escape_needs_a_cloister_beside_the_cathar_tile_itself() {
    let deck = ["cathars:03", "base:G", "base:G", "base:B", "base:B", "base:B", "base:B"];
    let mut g = cathars_game(&[Expansion::Cathars], &deck, None);
    turn(&mut g, 0, -1, 180, Some((F, "city@E"))); // red's knight; the city runs east
    turn(&mut g, 1, -1, 0, None);
    turn(&mut g, 2, -1, 0, None);
    turn(&mut g, 2, -2, 0, None); // blue's cloister beside (2,-1), diagonal to (1,-1)
    turn(&mut g, 0, 1, 0, None); // red's turn ends: no escape
    assert_eq!(g.pending().player(), Some(1), "{:?}", g.pending());
    turn(&mut g, 1, -2, 0, None); // blue's cloister diagonal to the Cathar tile
    turn(&mut g, 0, 2, 0, None);
    assert_eq!(g.pending(), carcassonne_engine::Pending::Escape { player: 0 });
}

/// Seed 001, THE CATHARS: at the end of a player's turn "he or she may remove one knight from the
/// city" - one, even when two of the player's knights could escape (the interpretation of
/// docs/rules.md: one knight per turn).
#[test]
fn cathars_one_knight_escapes_per_turn() {
    let deck = ["cathars:03", "base:B", "base:K", "base:R", "base:B", "base:B"];
    let mut g = cathars_game(&[Expansion::Cathars], &deck, None);
    turn(&mut g, 0, -1, 180, Some((F, "city@E"))); // red's first knight, in the besieged corner
    turn(&mut g, -1, -1, 0, None); // blue's cloister beside the Cathar tile
    turn(&mut g, 1, 0, 0, Some((F, "city@N"))); // red's second knight, in a city of its own
    let escapes = |g: &Game| g.legal_actions().into_iter().filter(|a| matches!(a, Action::Escape { .. })).count();
    assert_eq!(escapes(&g), 1, "only the knight in the besieged city");
    g.apply(Action::Pass).unwrap();
    turn(&mut g, 1, -1, 180, None); // blue joins both cities: two red knights besieged
    turn(&mut g, 0, 1, 0, None);
    assert_eq!(escapes(&g), 2);
    let first = g.legal_actions()[0];
    g.apply(first).unwrap();
    assert_eq!(g.pending().player(), Some(1), "one escape, then the turn is over");
    assert_eq!(g.figures().len(), 1);
}

/// A ruling of issue 35 (the escape's figures). THE CATHARS: "he or she may remove one knight
/// from the city"; ABBEY AND MAYOR, footnote 118: "The mayor is a follower ... I'd nevertheless
/// count [the wagon] as a follower"; footnote 124: the mayor and the wagon can be "eaten by the
/// dragon, captured by the tower, or seduced by a princess" (whose text, too, says "knight").
/// So a mayor or a wagon in a besieged city escapes like a knight.
#[test]
fn ruling_a_mayor_or_a_wagon_escapes_a_besieged_city_like_a_knight() {
    for figure in [Figure::Mayor, Figure::Wagon] {
        let mut g = cathars_game(
            &[Expansion::Cathars, Expansion::AbbeyMayor],
            &["cathars:03", "base:B", "base:U", "base:B", "base:B"],
            None,
        );
        turn(&mut g, 0, -1, 180, Some((figure, "city@E"))); // red's figure in the besieged corner
        turn(&mut g, -1, -1, 0, None); // blue's cloister beside the Cathar tile
        turn(&mut g, 0, 1, 0, None);
        assert_eq!(g.pending(), carcassonne_engine::Pending::Escape { player: 0 }, "{figure:?}");
        let city = feature(&g, Pos::new(0, -1), "city@E");
        let escape = Action::Escape { pos: Pos::new(0, -1), feature: city };
        assert_eq!(g.legal_actions(), vec![escape, Action::Pass], "{figure:?}");
        let events = g.apply(escape).unwrap();
        assert!(matches!(events[0], Event::Escaped { player: 0, figure: f, .. } if f == figure), "{events:?}");
        assert_eq!(g.player(0).in_supply(figure), 1, "{figure:?} back in the supply");
        assert!(g.figures().is_empty());
    }
}

/// Red's big follower holds a besieged city beside blue's cloister; red's thief and builder hold
/// the start tile's road, and red's tile at (3, 0) extends it: a double turn, with `rest` the
/// tiles after it. Returns the game after that tile's figure phase (red passed it) and the
/// events of that pass.
fn escape_in_a_double_turn(variants: carcassonne_engine::Variants, rest: &[&str]) -> (Game, Vec<Event>) {
    let mut deck = vec!["cathars:03", "base:B", "base:U", "base:B", "base:U", "base:B", "base:U"];
    deck.extend_from_slice(rest);
    let expansions = [Expansion::Cathars, Expansion::TradersBuilders, Expansion::InnsCathedrals];
    let mut g = cathars_game(&expansions, &deck, Some(variants));
    let pass_escape = |g: &mut Game| {
        assert_eq!(g.pending(), carcassonne_engine::Pending::Escape { player: 0 });
        g.apply(Action::Pass).unwrap();
    };
    turn(&mut g, 0, -1, 180, Some((BIG, "city@E"))); // red's big follower, besieged
    turn(&mut g, -1, -1, 0, None); // blue's cloister beside the Cathar tile
    turn(&mut g, 1, 0, 0, Some((F, "road@E"))); // red's thief
    pass_escape(&mut g);
    turn(&mut g, 0, 1, 0, None);
    turn(&mut g, 2, 0, 0, Some((Figure::Builder, "road@E"))); // red's builder
    pass_escape(&mut g);
    turn(&mut g, 0, 2, 0, None);
    let events = turn(&mut g, 3, 0, 0, None); // extends the builder's road
    (g, events)
}

/// A ruling of issue 35 (the escape in a double turn). THE CATHARS: "at the end of a player's
/// turn, he or she may remove one knight"; footnotes 43 and 112: "The double-turn is also only a
/// 'single' turn"; FAQ 27: "the builder makes ONE double turn, not two single turns". Hans im
/// Glueck's reading, the default: the escape is offered once, after the second tile, under both
/// timings of the second tile. The big follower in the city is not in the supply for the second
/// tile. When no tile is left for the second tile, the turn ends with the first, and so does the
/// escape's chance.
#[test]
fn ruling_the_escape_comes_once_at_the_end_of_a_double_turn() {
    use carcassonne_engine::{DoubleTurn, Pending, Variants};
    for timing in [DoubleTurn::AfterScoring, DoubleTurn::Immediately] {
        let variants = Variants { double_turn: timing, ..Variants::default() };
        let (mut g, events) = escape_in_a_double_turn(variants, &["base:B", "base:B"]);
        assert!(events.contains(&Event::DoubleTurn { player: 0 }), "{timing:?}: {events:?}");
        assert!(!events.iter().any(|e| matches!(e, Event::Escaped { .. })));
        assert!(
            matches!(g.pending(), Pending::PlaceTile { player: 0, .. }),
            "{timing:?}: no escape yet: {:?}",
            g.pending()
        );
        place(&mut g, -1, 1, 0); // the second tile
        let big = Action::Deploy { figure: BIG, feature: feature(&g, Pos::new(-1, 1), "cloister") };
        assert!(g.check(big).is_err() && !g.legal_actions().contains(&big), "{timing:?}: the big follower is besieged");
        g.apply(Action::Pass).unwrap();
        assert_eq!(g.pending(), Pending::Escape { player: 0 }, "{timing:?}: at the end of the double turn");
        let escape = g.legal_actions()[0];
        let events = g.apply(escape).unwrap();
        assert!(matches!(events[0], Event::Escaped { player: 0, figure: BIG, .. }), "{events:?}");
        assert_eq!(g.pending().player(), Some(1), "{timing:?}: then blue's turn");
    }
    // The double turn earned with the last tile: no second tile, the escape after the first.
    let (g, _) = escape_in_a_double_turn(Variants::default(), &[]);
    assert_eq!(g.pending(), Pending::Escape { player: 0 });
}

/// The variant `escape-after-each-tile`, the Assembled Game Reference's reading (seed 004, Step
/// 4A: "You may remove one knight from a besieged city"; Step 4B: "repeat Steps 1B through 4A
/// once more"): the escape is offered after each tile of the double turn. A knight that escaped
/// after the first tile is back in the supply, and may be deployed on the second; one that stayed
/// may escape after the second.
#[test]
fn ruling_escape_after_each_tile_offers_it_after_both_tiles_and_the_knight_may_be_deployed_again() {
    use carcassonne_engine::{Pending, Variants};
    let variants = Variants { escape_after_each_tile: true, ..Variants::default() };
    let (mut g, _) = escape_in_a_double_turn(variants.clone(), &["base:B", "base:B"]);
    assert_eq!(g.pending(), Pending::Escape { player: 0 }, "after the first tile");
    let escape = g.legal_actions()[0];
    let events = g.apply(escape).unwrap();
    assert!(matches!(events[0], Event::Escaped { player: 0, figure: BIG, .. }), "{events:?}");
    assert!(events.contains(&Event::DoubleTurn { player: 0 }), "then the second tile: {events:?}");
    assert_eq!(g.player(0).in_supply(BIG), 1);
    place(&mut g, -1, 1, 0);
    let big = Action::Deploy { figure: BIG, feature: feature(&g, Pos::new(-1, 1), "cloister") };
    assert!(g.legal_actions().contains(&big), "the escaped big follower is deployed on the second tile");
    g.apply(big).unwrap();
    assert_eq!(g.player(0).in_supply(BIG), 0);
    assert_eq!(g.pending().player(), Some(1), "no knight left to escape: blue's turn");
    // Passed after the first tile, the escape comes again after the second.
    let (mut g, _) = escape_in_a_double_turn(variants, &["base:B", "base:B"]);
    g.apply(Action::Pass).unwrap();
    place(&mut g, -1, 1, 0);
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.pending(), Pending::Escape { player: 0 }, "after the second tile too");
}

/// Seed 000, The Abbot, footnote 19 (official): "Gardens do not count as monasteries in relation
/// to their interaction with other expansions". A garden beside the Cathar tile frees no knight;
/// a cloister there does (seed 001, THE CATHARS, "Escaping a besieged city").
#[test]
fn seed000_footnote_19_a_garden_is_no_cloister_for_an_escape() {
    let mut r = rules(&[Expansion::Cathars, Expansion::Abbot]);
    r.variants.tile_edition = carcassonne_engine::Edition::Second;
    let mut g = two_player(r, &["cathars:03", "base:U-garden", "base:B", "base:B", "base:B"]);
    turn(&mut g, 0, -1, 180, Some((F, "city@E"))); // red's knight in the besieged corner
    turn(&mut g, -1, -1, 90, None); // blue: a road with a garden, beside the Cathar tile
    turn(&mut g, 0, 1, 0, None);
    assert_eq!(g.pending().player(), Some(1), "no escape past a garden: {:?}", g.pending());
    turn(&mut g, 0, -2, 0, None); // blue: a cloister above the Cathar tile
    turn(&mut g, 0, 2, 0, None);
    assert_eq!(g.pending(), carcassonne_engine::Pending::Escape { player: 0 });
}

// ----- King & Scout -----

/// Seed 001, KING AND SCOUT, footnote 47: the king goes to "the city which consists of the most
/// land tiles ... This is still the case when another smaller city earns more points through
/// pennants". A four-tile city with two pennants (12 points) does not take the king from a
/// five-tile city (10 points).
#[test]
fn footnote_47_the_king_goes_by_tiles_not_points() {
    use carcassonne_engine::Token::King;
    let deck = ["base:N", "base:N", "base:M", "base:N", "base:E", "base:M", "base:N", "base:N"];
    let mut g = king_robber_game(&[Expansion::KingRobber], &deck);
    // The five-tile city grows from the start tile's, in a ring to the north-west; a four-tile
    // ring of corners, two with pennants, grows south of the start tile.
    turn(&mut g, 0, -1, 270, None);
    turn(&mut g, -1, -1, 90, None);
    turn(&mut g, 0, 1, 180, None);
    turn(&mut g, -1, -2, 180, None);
    assert_eq!(tokens(&turn(&mut g, 0, -2, 270, None)), vec![(King, 0, 5)]);
    turn(&mut g, 1, 1, 270, None);
    turn(&mut g, 0, 2, 90, None);
    let events = turn(&mut g, 1, 2, 0, None);
    let city = events.iter().find_map(|e| match e {
        Event::Scored(s) if s.kind == FeatureKind::City => Some((s.breakdown.tiles, s.points)),
        _ => None,
    });
    assert_eq!(city, Some((4, 12)), "the smaller city is worth more points");
    assert_eq!(tokens(&events), vec![]);
    assert_eq!(g.token_holder(King), Some((0, 5)));
}

/// Seed 001, KING AND SCOUT, "A completed road": "The robber baron functions in the same way as
/// the king" - only "another player" completing a "larger" road takes it: a road as long as the
/// robber baron's does not, a longer one does.
#[test]
fn king_robber_a_road_as_long_as_the_robber_barons_does_not_take_it() {
    use carcassonne_engine::Token::RobberBaron;
    let deck = ["base:W", "base:W", "base:U", "base:B", "base:W", "base:U", "base:U", "base:B", "base:W"];
    let mut g = king_robber_game(&[Expansion::KingRobber], &deck);
    turn(&mut g, -1, 0, 0, None);
    assert_eq!(tokens(&turn(&mut g, 1, 0, 0, None)), vec![(RobberBaron, 1, 3)], "blue: junction to junction");
    turn(&mut g, 2, 0, 0, None);
    turn(&mut g, 0, 1, 0, None);
    assert_eq!(tokens(&turn(&mut g, 3, 0, 180, None)), vec![], "red's road of three tiles is not larger");
    assert_eq!(g.token_holder(RobberBaron), Some((1, 3)));
    turn(&mut g, 1, 1, 90, None);
    turn(&mut g, 1, 2, 90, None);
    turn(&mut g, 0, 2, 0, None);
    assert_eq!(tokens(&turn(&mut g, 1, 3, 90, None)), vec![(RobberBaron, 0, 4)], "red's road of four is");
    // Red holds it at the end: 1 point for each of the three completed roads.
    assert_eq!(g.scores(), vec![3, 0]);
}

/// Seed 001, KING AND SCOUT, "1. Placing a tile": "This tile has two separate city segments.
/// During the course of play they can nevertheless become connected, and then count as only one
/// segment." Both segments end up in one six-tile city: 12 points, not 14.
#[test]
fn king_and_scout_the_two_city_segments_of_its_tile_count_once_when_joined() {
    let deck = ["king-robber:05", "base:N", "base:N", "base:N", "base:E"];
    let mut g = king_robber_game(&[Expansion::KingRobber], &deck);
    turn(&mut g, 0, -1, 0, Some((F, "city@S"))); // red's knight on the north-south segment
                                                 // Three corners lead the north end round to the east end; a cap closes the west end.
    turn(&mut g, 0, -2, 180, None);
    turn(&mut g, 1, -2, 270, None);
    turn(&mut g, 1, -1, 0, None);
    let events = turn(&mut g, -1, -1, 90, None);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 12, vec![Color::Red])]);
    assert_eq!(breakdown_of(&events, FeatureKind::City).map(|b| b.tiles), Some(6));
}

// ----- The River and The River II -----

/// Seed 000, The River, footnote 37 (official): "river segments separate fields"; footnote 40 and
/// seed 001, footnote 30: the field goes around the spring and the lake. Beyond a tile whose city
/// and road reach the river, the two banks are separate farms, each with a farmer; the lake
/// joins them.
#[test]
fn seed000_footnote_37_the_river_separates_fields_until_the_lake_joins_them() {
    let mut g = river_game(&["river:04", "river:07", "river:07", "river:02", "base:B"]);
    place(&mut g, 1, 0, 0); // the river with a city to the north and a road to the south
    let design = g.design(g.board().get(Pos::new(1, 0)).unwrap().tile);
    let river = design.features.iter().position(|f| f.kind == FeatureKind::River).unwrap() as LocalFeature;
    assert_eq!(
        g.check(Action::Deploy { figure: F, feature: river }),
        Err(RuleError::CannotDeployOn(FeatureKind::River)),
        "no follower on the river itself"
    );
    g.apply(Action::Pass).unwrap();
    turn(&mut g, 2, 0, 0, Some((F, "field@NNW"))); // blue's farmer on the north bank
    turn(&mut g, 3, 0, 0, Some((F, "field@SSE"))); // red's on the south bank: another farm
    let farm = |g: &Game, i: usize| {
        let f = g.figures()[i];
        g.feature_root(f.placement, f.feature)
    };
    assert_ne!(farm(&g, 0), farm(&g, 1));
    turn(&mut g, 4, 0, 0, None); // the lake: its field goes around the river's end
    assert_eq!(farm(&g, 0), farm(&g, 1));
}

/// Seed 000, The River: "You cannot place a river curve in a direction where there are already
/// river tiles" - here a tile already lies where the curve would lead; the curve the other way
/// is fine.
#[test]
fn seed000_a_river_curve_may_not_lead_into_a_placed_tile() {
    let mut g = river_game(&["base:B", "base:B", "river:10"]);
    turn(&mut g, 0, 1, 0, None);
    turn(&mut g, 1, 1, 0, None); // the tile south of the river's next position
    assert!(g.check(Action::Place { pos: Pos::new(1, 0), rotation: Rotation::R0 }).is_err(), "leads south into it");
    assert_eq!(g.legal_actions(), vec![Action::Place { pos: Pos::new(1, 0), rotation: Rotation::R90 }]);
}

/// Seed 001, THE RIVER II: "no 180° turns are allowed" (footnote 95: no immediate U-turn) - on
/// either branch after the fork.
#[test]
fn river_2_each_branch_keeps_the_u_turn_rule() {
    let mut g = river2_game(&["river-2:04", "river-2:09", "river-2:12"]);
    turn(&mut g, 1, 0, 0, None); // the fork: branches north and east
    turn(&mut g, 2, 0, 0, None); // the east branch turns right, to the south
    let at = Pos::new(2, 1);
    assert_eq!(g.check(Action::Place { pos: at, rotation: Rotation::R90 }), Err(RuleError::RiverUTurn));
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::Place { pos: at, rotation: Rotation::R180 }), "turning left is fine");
    assert!(legal.iter().any(|a| matches!(a, Action::Place { pos, .. } if *pos == Pos::new(1, -1))), "north");
}

/// Seed 001, THE RIVER II: the pig-herd's extra point "is in addition to that of the regular pig
/// from the Traders and Builders expansion"; seed 000, The River, footnote 42. A farm with the
/// herd and its owner's pig: 5 points per city.
#[test]
fn river_2_a_pig_herd_and_a_pig_make_5_points_per_city() {
    let mut g = two_player(
        rules(&[Expansion::River2, Expansion::TradersBuilders]),
        &["river-2:11", "base:E", "base:B", "base:E"],
    );
    turn(&mut g, 1, 0, 0, Some((F, "field@NNE"))); // red's farmer on the pig-herd's field
    turn(&mut g, 2, 0, 0, None); // a city cap beside it, open to the north
    turn(&mut g, 1, 1, 0, Some((Figure::Pig, "field@NNW"))); // red's pig on the same farm
    let events = turn(&mut g, 2, -1, 180, None); // the city is complete
    let farms: Vec<_> = paid(&g, &events).into_iter().filter(|p| p.0 == FeatureKind::Field).collect();
    assert_eq!(farms, vec![(FeatureKind::Field, Phase::Final, 5, vec![Color::Red])]);
}

/// Seed 001, THE RIVER II, footnote 97: "Do you receive the bonus from the the pig-herd tile even if
/// you don't have a pig on the farm? Answer: Yes, the pig herd is a neutral pig, so to speak" -
/// with Traders & Builders in play and no pig on the farm: 4 points per city.
#[test]
fn footnote_97_the_pig_herd_counts_without_a_pig() {
    let mut g =
        two_player(rules(&[Expansion::River2, Expansion::TradersBuilders]), &["river-2:11", "base:E", "base:E"]);
    turn(&mut g, 1, 0, 0, Some((F, "field@NNE"))); // red's farmer on the pig-herd's field
    turn(&mut g, 2, 0, 0, None);
    let events = turn(&mut g, 2, -1, 180, None);
    let farms: Vec<_> = paid(&g, &events).into_iter().filter(|p| p.0 == FeatureKind::Field).collect();
    assert_eq!(farms, vec![(FeatureKind::Field, Phase::Final, 4, vec![Color::Red])]);
    assert_eq!(g.player(0).pigs, 1, "red's pig never left the supply");
}

/// House rule for The River II (seed 000, Joff): "Pig-herd tiles do not score a bonus" - the
/// farm of footnote 97's example scores 3 points a city, with Traders & Builders in play.
#[test]
fn house_rule_the_pig_herd_scores_nothing() {
    let variants = carcassonne_engine::Variants { pig_herd_scores_nothing: true, ..Default::default() };
    let rules = Rules { variants, ..rules(&[Expansion::River2, Expansion::TradersBuilders]) };
    let mut g = two_player(rules, &["river-2:11", "base:E", "base:E"]);
    turn(&mut g, 1, 0, 0, Some((F, "field@NNE")));
    turn(&mut g, 2, 0, 0, None);
    let events = turn(&mut g, 2, -1, 180, None);
    let farms: Vec<_> = paid(&g, &events).into_iter().filter(|p| p.0 == FeatureKind::Field).collect();
    assert_eq!(farms, vec![(FeatureKind::Field, Phase::Final, 3, vec![Color::Red])]);
}

/// Seed 000, The River, "Clarifications for new landscape tiles" (footnotes 40 and 41, official)
/// and seed 001, THE RIVER: which river tiles split their fields, read off the catalog by their
/// edges: the spring and lake have one field; the small bridges (the road over the river, the
/// River II inn) leave four fields and one road that the bridge's houses do not end; the city and
/// road on either bank make four; the cloister with its road makes one field north and two south;
/// the River II city bridge does not split the field under it (two fields). The GQ spring's road
/// "divides the farm" (seed 001, THE GAMES QUARTERLY EXPANSION): two fields.
#[test]
fn seed000_river_clarifications_which_tiles_split_their_fields() {
    let catalog = Catalog::builtin();
    let count = |id: &str, kind: FeatureKind| {
        let design = catalog.design(tile(id));
        design.features.iter().filter(|f| f.kind == kind).count()
    };
    for (id, fields, roads) in [
        ("river:01", 1, 0),
        ("river:02", 1, 0),
        ("river:06", 4, 1),
        ("river-2:07", 4, 1),
        ("river:04", 4, 1),
        ("river-2:08", 4, 1),
        ("river:05", 3, 1),
        ("river-2:05", 2, 0),
        ("gq11:11", 2, 1),
    ] {
        assert_eq!((count(id, FeatureKind::Field), count(id, FeatureKind::Road)), (fields, roads), "{id}");
    }
}

// ----- The Abbot -----

/// Seed 000, The Abbot, "3. Scoring with the Abbot": "When the monastery or garden occupied by your
/// abbot is surrounded by eight tiles, you score 9 points (just like a regular monastery
/// scoring)"; seed 003 likewise.
#[test]
fn abbot_on_a_surrounded_cloister_scores_9() {
    let mut g = abbot_game(&["base:B", "base:U", "base:U", "base:B", "base:B", "base:B", "base:B", "base:B"]);
    turn(&mut g, 0, 1, 0, Some((ABBOT, "cloister")));
    for (x, y, degrees) in [(-1, 0, 0), (1, 0, 0), (-1, 1, 0), (1, 1, 0), (-1, 2, 0), (0, 2, 0)] {
        turn(&mut g, x, y, degrees, None);
    }
    let events = turn(&mut g, 1, 2, 0, None); // blue's tile surrounds red's abbot
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Cloister, Phase::Turn, 9, vec![Color::Red])]);
    assert!(events.iter().any(|e| matches!(e, Event::FigureReturned { player: 0, figure: ABBOT, .. })));
    assert_eq!(g.player(0).abbots, 1);
}

/// Seed 000, The Abbot, footnote 31 (official): "This scoring occurs immediately during the
/// 2. Placing a meeple phase when the abbot is removed ... Afterwards, the normal scoring phase
/// occurs." Red takes the abbot back on the turn its tile closes a city: the abbot's points come
/// first.
#[test]
fn footnote_31_the_abbots_score_comes_before_the_turns_scoring() {
    let mut g = abbot_game(&["base:B", "base:B", "base:E"]);
    turn(&mut g, 0, 1, 0, Some((ABBOT, "cloister")));
    turn(&mut g, 1, 1, 0, None);
    place(&mut g, 0, -1, 180); // closes the start tile's city
    let events = g.apply(Action::RecallAbbot { pos: Pos::new(0, 1) }).unwrap();
    let scores: Vec<(FeatureKind, u32, usize)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Scored(s) if s.phase == Phase::Turn => Some((s.kind, s.points, s.players.len())),
            _ => None,
        })
        .collect();
    // The cloister with the start tile and one more neighbour: 3; then the city, nobody's.
    assert_eq!(scores, vec![(FeatureKind::Cloister, 3, 1), (FeatureKind::City, 4, 0)]);
}

/// Seed 000, The Abbot, footnote 30: not placing a meeple refers to "not performing any other 2.
/// Placing a meeple action at all" - special figures such as the builder included. Taking the
/// abbot back uses up the turn's deployment.
#[test]
fn footnote_30_taking_the_abbot_back_replaces_every_deployment_builders_included() {
    let mut rules = rules(&[Expansion::Abbot, Expansion::TradersBuilders]);
    rules.variants.tile_edition = carcassonne_engine::Edition::Second;
    let mut g = two_player(rules, &["base:B", "base:B", "base:U", "base:B", "base:U", "base:B"]);
    turn(&mut g, 0, 1, 0, Some((ABBOT, "cloister")));
    turn(&mut g, 1, 1, 0, None);
    turn(&mut g, 1, 0, 0, Some((F, "road@E"))); // red's thief
    turn(&mut g, -1, 1, 0, None);
    place(&mut g, 2, 0, 0); // extends red's road: the builder could go here
    let builder = Action::Deploy { figure: Figure::Builder, feature: feature(&g, Pos::new(2, 0), "road@E") };
    let recall = Action::RecallAbbot { pos: Pos::new(0, 1) };
    assert!(g.legal_actions().contains(&builder) && g.legal_actions().contains(&recall));
    g.apply(recall).unwrap();
    assert!(matches!(g.check(builder), Err(RuleError::WrongDecision { .. })));
    assert_eq!(g.pending().player(), Some(1));
    assert_eq!((g.player(0).abbots, g.player(0).builders), (1, 1));
}
