//! Property tests over random games: every rule invariant that must hold whatever the deck, the
//! number of players, the rules variant and the choices made.
//!
//! Each case plays a whole game (seeded deck, 2-6 players, random rule set, farm scoring, tile
//! edition and farmers switch) with random bots, with a proptest-chosen sequence of action
//! indexes, or with a player who deploys farmers whenever possible (to exercise farm scoring),
//! and checks after every action:
//!
//! - followers are conserved (supply + figures on the board = 7 per player);
//! - the pending player is the seat whose turn it is, legal actions are non-empty until the
//!   game is over (and empty after), and every legal action passes `check()`;
//! - the placements offered are the geometric fits, and the deployments offered those allowed
//!   by an independent feature model (below), whose features partition the segments exactly as
//!   the engine's feature graph does (same kinds, same completed roads and cities);
//! - random actions that are not legal are refused by `check()` and `apply()` and change nothing;
//! - every completed road, city and cloister is scored exactly once, in the turn it is completed,
//!   with the points and the majority the independent model gives; the final scoring scores
//!   only incomplete features with followers, once each, and farms as the model does;
//! - scores only grow, and the points of the `Scored` events add up to the scores;
//! - tiles are conserved (board + discarded + drawn + face down = the edition's 72 tiles), and a
//!   tile is discarded only when it fits nowhere;
//! - a record written during the game replays to the same events and state;
//! - `sample_game` keeps the public state and the multiset of face-down tiles, and reorders
//!   them.
//!
//! The independent model ([`reference`], in `tests/perft/reference.rs`) recomputes fits and
//! features from the board and the catalog design data by flood fill (no union-find, no packed
//! edge views), so it checks the engine's incremental feature graph rather than restating it.
//! A separate property checks that the same seeds give the same game.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use carcassonne_bots::{Bot, RandomBot};
use carcassonne_engine::random::{below, rng_from_seed, GameRng};
use carcassonne_engine::record::RECORD_VERSION;
use carcassonne_engine::{
    Action, Color, Deck, Edition, Event, Expansion, FarmerScoring, FeatureKind, Figure, Game, GameSetup, Pending,
    Phase, PlayerId, Pos, Record, RecordDeck, Rotation, RuleSet, Rules, TileId,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use self::reference::{majority, Model};

/// The independent board model, shared with the perft tests.
#[path = "perft/reference.rs"]
pub(crate) mod reference;

// ----- Game parameters -----

#[derive(Clone, Debug)]
enum Driver {
    /// Random bots, each seeded from this seed plus its seat.
    Bots(u64),
    /// The action taken at step `i` is `legal[indexes[i] % legal.len()]` (the first legal action
    /// once the list runs out).
    Indexes(Vec<u16>),
    /// Random placements, and a farmer whenever one can be deployed (many farms with farmers,
    /// for the farm scoring checks), from this seed.
    Farmers(u64),
}

#[derive(Clone, Debug)]
struct Params {
    seed: u64,
    players: usize,
    rule_set: RuleSet,
    farmer_scoring: Option<FarmerScoring>,
    edition: Edition,
    farmers: bool,
    driver: Driver,
    /// Seeds the random illegal actions tried along the way.
    probe_seed: u64,
    /// The turn at which the deck sampling is checked.
    sample_turn: u32,
}

impl Params {
    fn rules(&self) -> Rules {
        let mut rules = Rules::with_rule_set(self.rule_set);
        if let Some(s) = self.farmer_scoring {
            rules.variants.farmer_scoring = s;
        }
        rules.variants.tile_edition = self.edition;
        rules.variants.farmers = self.farmers;
        rules
    }

    fn colors(&self) -> Vec<Color> {
        Color::ALL[..self.players].to_vec()
    }
}

fn params() -> impl Strategy<Value = Params> {
    let driver = prop_oneof![
        any::<u64>().prop_map(Driver::Bots),
        prop::collection::vec(any::<u16>(), 0..160).prop_map(Driver::Indexes),
        any::<u64>().prop_map(Driver::Farmers),
    ];
    let scoring = prop::option::of(prop::sample::select(vec![
        FarmerScoring::ThirdEdition,
        FarmerScoring::SecondEdition,
        FarmerScoring::FirstEdition,
    ]));
    (
        any::<u64>(),
        2usize..=6,
        prop::sample::select(RuleSet::ALL.to_vec()),
        scoring,
        prop::sample::select(vec![Edition::First, Edition::Second]),
        prop::bool::weighted(0.85),
        driver,
        any::<u64>(),
        3u32..25,
    )
        .prop_map(
            |(seed, players, rule_set, farmer_scoring, edition, farmers, driver, probe_seed, sample_turn)| Params {
                seed,
                players,
                rule_set,
                farmer_scoring,
                edition,
                farmers,
                driver,
                probe_seed,
                sample_turn,
            },
        )
}

fn new_game(p: &Params) -> Game {
    Game::new(GameSetup { rules: p.rules(), players: p.colors(), deck: Deck::Seed(p.seed) }).expect("valid setup")
}

// ----- The checks -----

/// A figure as (owner, placement index, local feature).
type Fig = (PlayerId, u16, u8);

fn figures_of(game: &Game) -> Vec<Fig> {
    let mut v: Vec<Fig> = game.figures().iter().map(|f| (f.owner, f.placement, f.feature)).collect();
    v.sort_unstable();
    v
}

/// Everything public that an action could change.
fn fingerprint(game: &Game) -> String {
    format!(
        "{:?} {:?} {:?} {:?} {:?} {} {} {:?} {:?}",
        game.players(),
        game.pending(),
        game.board().tiles(),
        game.board().frontier(),
        game.figures(),
        game.tiles_left(),
        game.turns(),
        game.discarded(),
        game.legal_actions()
    )
}

/// The edition's tiles, start tile included, as a sorted list.
fn all_tiles(game: &Game) -> Vec<TileId> {
    let catalog = game.catalog();
    let set = catalog.set("base").expect("base set");
    let mut tiles = vec![];
    for (id, n) in catalog.edition_designs(set, game.rules().variants.tile_edition) {
        tiles.extend(std::iter::repeat_n(id, n as usize));
    }
    tiles.sort_unstable();
    tiles
}

/// Tiles are neither created nor lost: the board, the discarded tiles, the tile in hand and the
/// face-down tiles make up the edition.
fn check_tile_conservation(game: &Game, expected: &[TileId]) -> Result<(), TestCaseError> {
    let mut tiles: Vec<TileId> = game.board().tiles().iter().map(|t| t.tile).collect();
    tiles.extend(game.discarded());
    if let Pending::PlaceTile { tile, .. } = game.pending() {
        tiles.push(tile);
    }
    for (id, n) in game.observation(None).remaining_tiles() {
        tiles.extend(std::iter::repeat_n(id, n as usize));
    }
    tiles.sort_unstable();
    prop_assert!(tiles == expected, "tiles are not conserved");
    let hidden: usize = game.observation(None).remaining_tiles().iter().map(|(_, n)| *n as usize).sum();
    // Hills & Sheep: the tiles under the hills are unseen but drawn no more.
    prop_assert_eq!(hidden, game.tiles_left() + game.hills_with_tiles_under().len());
    Ok(())
}

fn check_followers(game: &Game) -> Result<(), TestCaseError> {
    for (p, state) in game.players().iter().enumerate() {
        let on_board = game.figures().iter().filter(|f| f.owner as usize == p).count();
        prop_assert_eq!(
            state.followers as usize + on_board,
            7,
            "player {} has {} in supply and {} on the board",
            p,
            state.followers,
            on_board
        );
    }
    Ok(())
}

/// A random action, usually illegal: a placement at a frontier, occupied or nearby position
/// with a random rotation, a deployment on a random feature number, or a pass.
fn random_action(game: &Game, rng: &mut GameRng) -> Action {
    match below(rng, 5) {
        0 => Action::Pass,
        1 => Action::Deploy { figure: Figure::Follower, feature: below(rng, 14) as u8 },
        k => {
            let board = game.board();
            let pos = match k {
                2 => {
                    let frontier = reference::frontier(board);
                    frontier[below(rng, frontier.len() as u32) as usize]
                }
                3 => board.tiles()[below(rng, board.len() as u32) as usize].pos,
                _ => {
                    let (x0, y0, x1, y1) = reference::bounding_box(board);
                    let x = x0 - 2 + below(rng, (x1 - x0 + 5) as u32) as i16;
                    let y = y0 - 2 + below(rng, (y1 - y0 + 5) as u32) as i16;
                    Pos::new(x, y)
                }
            };
            Action::Place { pos, rotation: Rotation::ALL[below(rng, 4) as usize] }
        }
    }
}

/// Random actions not in `legal` are refused and leave the game exactly as it was.
fn probe_illegal(
    game: &mut Game,
    legal: &[Action],
    rng: &mut GameRng,
    full_compares: &mut usize,
) -> Result<(), TestCaseError> {
    for _ in 0..3 {
        let action = random_action(game, rng);
        if legal.contains(&action) {
            continue;
        }
        prop_assert!(game.check(action).is_err(), "check() accepts {:?}, which is not listed as legal", action);
        let debug = (*full_compares > 0).then(|| format!("{game:?}"));
        let before = fingerprint(game);
        let result = game.apply(action);
        prop_assert!(result.is_err(), "apply() accepts {:?}, which is not listed as legal", action);
        prop_assert_eq!(fingerprint(game), before, "a refused {:?} changed the game", action);
        if let Some(debug) = debug {
            *full_compares -= 1;
            prop_assert!(format!("{game:?}") == debug, "a refused {:?} changed the game's internals", action);
        }
    }
    Ok(())
}

/// `sample_game` gives a game with the same public state and the same face-down tiles, in an
/// order that depends on the generator.
fn check_sampling(game: &Game) -> Result<(), TestCaseError> {
    let viewer = game.pending().player();
    let obs = game.observation(viewer);
    let remaining = obs.remaining_tiles();
    let mut orders = BTreeSet::new();
    for s in 0..4u64 {
        let mut sample = obs.sample_game(&mut rng_from_seed(1000 + s));
        prop_assert_eq!(sample.observation(viewer).remaining_tiles(), remaining.clone());
        prop_assert_eq!(sample.board().tiles(), game.board().tiles());
        prop_assert_eq!(format!("{:?}", sample.board().frontier()), format!("{:?}", game.board().frontier()));
        prop_assert_eq!(sample.players(), game.players());
        prop_assert_eq!(sample.figures(), game.figures());
        prop_assert_eq!(sample.pending(), game.pending());
        prop_assert_eq!(sample.legal_actions(), game.legal_actions());
        prop_assert_eq!(sample.turns(), game.turns());
        prop_assert_eq!(sample.tiles_left(), game.tiles_left());
        prop_assert_eq!(sample.discarded(), game.discarded());
        // Reveal the order: play on with the first legal action and note the tiles drawn.
        let mut drawn = vec![];
        while drawn.len() < 12 && !sample.is_over() {
            let a = sample.legal_actions()[0];
            for e in sample.apply(a).map_err(|e| TestCaseError::fail(e.to_string()))? {
                if let Event::TileDrawn { tile, .. } | Event::TileDiscarded { tile, .. } = e {
                    drawn.push(tile);
                }
            }
        }
        orders.insert(drawn);
    }
    if game.tiles_left() >= 20 && remaining.len() >= 2 {
        prop_assert!(orders.len() >= 2, "four sampled decks all start in the same order");
    }
    Ok(())
}

/// Expected farm points per player, computed from the model, the farmers on the board and the
/// farm scoring method.
fn expected_farm_points(game: &Game, model: &Model, farmers: &[Fig]) -> Vec<u32> {
    let n = game.players().len();
    let (catalog, board) = (game.catalog(), game.board());
    let mut farms: BTreeMap<usize, Vec<u32>> = BTreeMap::new();
    for &(owner, pi, local) in farmers {
        let c = model.component_of[&(pi, local)];
        farms.entry(c).or_insert_with(|| vec![0; n])[owner as usize] += 1;
    }
    let cities: BTreeMap<usize, BTreeSet<usize>> =
        farms.keys().map(|&f| (f, model.cities_of_farm(catalog, board, f))).collect();
    let mut points = vec![0; n];
    match game.rules().variants.farmer_scoring {
        FarmerScoring::ThirdEdition => {
            for (farm, counts) in &farms {
                for p in majority(counts) {
                    points[p as usize] += 3 * cities[farm].len() as u32;
                }
            }
        }
        FarmerScoring::SecondEdition => {
            let mut owned: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); n];
            for (farm, counts) in &farms {
                for p in majority(counts) {
                    owned[p as usize].extend(&cities[farm]);
                }
            }
            for p in 0..n {
                points[p] = 3 * owned[p].len() as u32;
            }
        }
        FarmerScoring::FirstEdition => {
            let all: BTreeSet<usize> = cities.values().flatten().copied().collect();
            for city in all {
                let mut counts = vec![0; n];
                for (farm, farm_counts) in &farms {
                    if cities[farm].contains(&city) {
                        for p in 0..n {
                            counts[p] += farm_counts[p];
                        }
                    }
                }
                for p in majority(&counts) {
                    points[p as usize] += 4;
                }
            }
        }
    }
    points
}

/// State carried along a checked game.
struct Tracker {
    /// Figures as the events describe them.
    figures: Vec<Fig>,
    /// Roots of the features scored during play.
    scored_turn: HashSet<u32>,
    /// Roots of the roads, cities and cloisters scored in the final scoring.
    scored_final: HashSet<u32>,
    /// The model of the board after the last placement.
    model: Option<Model>,
    /// Points of the `Scored` events, per player.
    points: Vec<u32>,
    /// Points of the farm scoring, per player, and the farmers it started with.
    farm_points: Vec<u32>,
    farmers_at_final: Option<Vec<Fig>>,
    games_ended: usize,
}

/// Checks the events of one action against the model and the figures before it.
fn check_events(game: &Game, events: &[Event], t: &mut Tracker) -> Result<(), TestCaseError> {
    let n = game.players().len();
    let rules = &game.rules().variants;
    for e in events {
        match *e {
            Event::TileDrawn { player, .. } => {
                prop_assert_eq!(player as usize, game.turns() as usize % n, "tile drawn for the wrong player");
            }
            Event::TileDiscarded { tile, .. } => {
                let fits = reference::fitting_placements(game.catalog(), game.board(), game.design(tile));
                prop_assert!(fits.is_empty(), "{} was discarded but fits at {:?}", game.design(tile).id, fits);
            }
            Event::TileBackToPile { tile, .. } => {
                prop_assert!(rules.unplayable_tiles_back, "a tile back to the pile without the house rule");
                let fits = reference::fitting_placements(game.catalog(), game.board(), game.design(tile));
                prop_assert!(fits.is_empty(), "{} went back to the pile but fits at {:?}", game.design(tile).id, fits);
            }
            Event::HoleFilled { .. } => {
                prop_assert!(rules.hole_filling_extra_turn, "a hole's extra turn without the house rule");
            }
            Event::TilePlaced { .. } | Event::Passed { .. } => {}
            Event::FollowerMoved { .. } | Event::PointSacrificed { .. } => {
                prop_assert!(rules.new_lease_of_life || rules.dash, "a follower's move without the variation");
            }
            Event::PrisonerTaken { .. } | Event::PrisonerReleased { .. } => {
                prop_assert!(rules.prisoners, "a prisoner without the variation");
            }
            Event::MountainRaised { .. } => {
                prop_assert!(rules.mountains, "a mountain without the variation");
            }
            Event::TileRemoved { .. } | Event::TileReplaced { .. } => {
                prop_assert!(rules.rebuilding, "a tile moved without the variation");
            }
            Event::FigureDeployed { player, pos, feature, .. } => {
                let pi = game.board().index_at(pos).expect("a tile at the deployment");
                t.figures.push((player, pi, feature));
            }
            Event::FigureReturned { player, pos, feature, .. } => {
                let pi = game.board().index_at(pos).expect("a tile under the returned figure");
                let i = t.figures.iter().position(|&f| f == (player, pi, feature));
                prop_assert!(i.is_some(), "returned a figure that was not on the board: {:?}", e);
                t.figures.remove(i.unwrap());
            }
            Event::GameEnded => t.games_ended += 1,
            Event::GoodsCollected { .. } | Event::DoubleTurn { .. } => {
                prop_assert!(game.rules().has(Expansion::TradersBuilders), "Traders & Builders events without it");
            }
            Event::GoodsScored { player, points, .. } => {
                prop_assert!(game.rules().has(Expansion::TradersBuilders), "Traders & Builders events without it");
                t.points[player as usize] += points;
            }
            Event::GoldScored { player, points, .. } => {
                prop_assert!(game.rules().has(Expansion::GoldMines), "The Gold Mines' events without it");
                t.points[player as usize] += points;
            }
            Event::WindRoseScored { player, pos, points } => {
                prop_assert!(game.rules().has(Expansion::WindRoses), "a wind rose's points without The Wind Roses");
                let placed = game.board().tiles().last().expect("a tile on the board");
                prop_assert_eq!(placed.pos, pos, "a wind rose's points for another tile than the one just placed");
                prop_assert!(
                    game.wind_rose_points(placed.tile, pos) == points,
                    "a wind rose's points out of its section"
                );
                t.points[player as usize] += points;
            }
            Event::Escaped { .. } => {
                prop_assert!(game.rules().has_sieges(), "an escape without besieged cities");
            }
            Event::RaceLost { .. } => {
                prop_assert!(game.rules().has(Expansion::Shrines), "a shrine's race without Heretics and Shrines");
            }
            Event::WatchtowerScored { player, pos, watches, count, points } => {
                prop_assert!(game.rules().has(Expansion::Watchtowers), "a watchtower scored without The Watchtowers");
                let placed = game.board().get(pos).expect("a watchtower's tile on the board");
                prop_assert!(game.design(placed.tile).symbols.contains(&watches), "a watchtower where none stands");
                prop_assert_eq!(points, u32::from(count) * watches.watchtower().map_or(0, |w| w.1));
                t.points[player as usize] += points;
            }
            Event::ChurchBonus { pos, players, points, .. } => {
                prop_assert!(game.rules().has(Expansion::DarmstadtChurches), "a church's bonus without the churches");
                let placed = game.board().get(pos).expect("a church's tile on the board");
                prop_assert!(game.design(placed.tile).is_church(), "a church's bonus where no church stands");
                prop_assert_eq!(game.board().neighbours_around(pos), 8, "a church's bonus for an incomplete church");
                for p in players.iter() {
                    t.points[p as usize] += points;
                }
            }
            Event::PorxadaBonusChosen { .. }
            | Event::FollowersSwapped { .. }
            | Event::SwapRefused { .. }
            | Event::PorxadaTokens { .. }
            | Event::PorxadaCityScored { .. } => {
                prop_assert!(game.rules().has(Expansion::LaPorxada), "a La Porxada event without it: {:?}", e);
            }
            Event::CropCircleChosen { .. } | Event::CropFollowerAdded { .. } | Event::CropFollowerRemoved { .. } => {
                prop_assert!(game.rules().has(Expansion::CropCircles), "a crop circle event without it: {:?}", e);
            }
            Event::ExtraTurn { .. } => {
                prop_assert!(game.rules().has(Expansion::River2), "a volcano lake's extra turn without The River II");
            }
            Event::TileSetAside { .. }
            | Event::TilesMixedIn { .. }
            | Event::DragonPlaced { .. }
            | Event::DragonMoved { .. }
            | Event::FigureEaten { .. }
            | Event::FairyMoved { .. }
            | Event::FairyBonus { .. }
            | Event::KnightRemoved { .. } => {
                prop_assert!(game.rules().has(Expansion::PrincessDragon), "a Princess & Dragon event without it");
            }
            Event::TokenTaken { .. } => {
                prop_assert!(game.rules().has(Expansion::KingRobber), "a King & Scout token without King & Scout");
            }
            Event::TowerBuilt { .. }
            | Event::Captured { .. }
            | Event::PrisonersExchanged { .. }
            | Event::RansomPaid { .. }
            | Event::ShortRansomPaid { .. } => {
                prop_assert!(game.rules().has(Expansion::Tower), "a Tower event without The Tower");
            }
            Event::GoldPlaced { .. } | Event::GoldTaken { .. } => {
                prop_assert!(game.rules().has(Expansion::GoldMines), "gold without The Gold Mines");
            }
            Event::MagicMoved { .. } | Event::MagicRemoved { .. } => {
                prop_assert!(game.rules().has(Expansion::MageWitch), "the mage or the witch without Mage & Witch");
            }
            Event::TunnelPlaced { .. } => {
                prop_assert!(game.rules().has(Expansion::Tunnel), "a tunnel token without The Tunnel");
            }
            Event::FerryPlaced { .. } | Event::FerryMoved { .. } => {
                prop_assert!(game.rules().has(Expansion::Ferries), "a ferry without The Ferries");
            }
            Event::ScoringFigureMoved { .. }
            | Event::MessageDrawn { .. }
            | Event::MessageScored { .. }
            | Event::MessengerJoined { .. } => {
                prop_assert!(game.rules().has(Expansion::Messages), "a message without The Messages");
            }
            Event::TileUnderHill { .. }
            | Event::SheepDrawn { .. }
            | Event::WolfDrawn { .. }
            | Event::FlockHerded { .. } => {
                prop_assert!(game.rules().has(Expansion::HillsSheep), "a hill or a flock without Hills & Sheep");
            }
            Event::BigTopMoved { .. }
            | Event::CircusRevealed { .. }
            | Event::CircusScored { .. }
            | Event::AcrobatsScored { .. }
            | Event::RingmasterBonus { .. } => {
                prop_assert!(game.rules().has(Expansion::BigTop), "a circus or an acrobat without Under the Big Top");
            }
            Event::BridgeBuilt { .. }
            | Event::CastleBuilt { .. }
            | Event::CastleScored { .. }
            | Event::CastleUnscored { .. }
            | Event::BazaarTileOffered { .. }
            | Event::BazaarTileChosen { .. }
            | Event::BazaarBid { .. }
            | Event::BazaarTileBought { .. }
            | Event::BoughtTileTaken { .. } => {
                prop_assert!(
                    game.rules().has(Expansion::BridgesCastlesBazaars),
                    "a bridge, castle or bazaar without Bridges, Castles & Bazaars"
                );
            }
            Event::CatapultRound { .. }
            | Event::Flicked { .. }
            | Event::Seduced { .. }
            | Event::CatchThrown { .. }
            | Event::CatapultScored { .. } => {
                prop_assert!(game.rules().has(Expansion::Catapult), "a catapult round without The Catapult");
            }
            Event::KnockedOutOfQuarter { .. } | Event::SeducedInQuarter { .. } => {
                let both = game.rules().has(Expansion::Catapult) && game.rules().has(Expansion::Count);
                prop_assert!(both, "a knock-out in Carcassonne without The Catapult and The Count");
            }
            Event::OutbreakStarted { .. }
            | Event::OutbreakEradicated { .. }
            | Event::FleaPlaced { .. }
            | Event::PlagueStruck { .. }
            | Event::Fled { .. } => {
                prop_assert!(game.rules().has(Expansion::Plague), "the plague without The Plague");
            }
            Event::Flew { distance, .. } => {
                prop_assert!(game.rules().has(Expansion::Flier), "a flight without The Flier");
                prop_assert!((1..=3).contains(&distance), "the flight die rolled {}", distance);
            }
            Event::BuildingPlaced { .. } => {
                prop_assert!(game.rules().has(Expansion::LittleBuildings), "a little building without the expansion");
            }
            Event::Trapped { player, from, from_feature, pos, feature, .. } => {
                let traps = game.rules().has(Expansion::Vodyanoy) || game.rules().has(Expansion::SoloveiRazboynik);
                prop_assert!(traps, "a follower trapped without the Russian traps");
                let from = game.board().index_at(from).expect("a tile under the trapped figure");
                let i = t.figures.iter().position(|&f| f == (player, from, from_feature));
                prop_assert!(i.is_some(), "trapped a figure that was not on the board: {:?}", e);
                t.figures.remove(i.unwrap());
                t.figures.push((player, game.board().index_at(pos).expect("a trap's tile"), feature));
            }
            Event::Freed { player, pos, feature, .. } => {
                let pi = game.board().index_at(pos).expect("a trap's tile");
                let i = t.figures.iter().position(|&f| f == (player, pi, feature));
                prop_assert!(i.is_some(), "freed a figure that was not trapped: {:?}", e);
                t.figures.remove(i.unwrap());
            }
            Event::VodyanoyPenalty { player, points, .. } => {
                prop_assert!(game.rules().has(Expansion::Vodyanoy), "the Vodyanoy's cost without it");
                t.points[player as usize] -= points;
            }
            Event::FestivalReturned { player, spot, .. } => {
                prop_assert!(game.rules().has(Expansion::Festival), "a festival return without the expansion");
                if let carcassonne_engine::FigureSpot::Feature { pos, feature } = spot {
                    let pi = game.board().index_at(pos).expect("a tile under the returned figure");
                    let i = t.figures.iter().position(|&f| f == (player, pi, feature));
                    prop_assert!(i.is_some(), "the festival took back a figure that was not on the board: {:?}", e);
                    t.figures.remove(i.unwrap());
                }
            }
            Event::BarnPlaced { .. } | Event::BarnScoring { .. } | Event::WagonMoved { .. } => {
                prop_assert!(game.rules().has(Expansion::AbbeyMayor), "an Abbey & Mayor event without it");
            }
            Event::FigureToQuarter { .. } | Event::CountMoved { .. } | Event::FigureRedeployed { .. } => {
                prop_assert!(game.rules().has(Expansion::Count), "a Count of Carcassonne event without it");
            }
            Event::HeldTilePlayed { .. } => {
                prop_assert!(rules.cloisters_for_everyone, "a held tile without the variation");
            }
            Event::TileToHand { .. }
            | Event::TileFaceUp { .. }
            | Event::TileChosen { .. }
            | Event::TileGiven { .. }
            | Event::CloisterToNeighbour { .. } => {
                prop_assert!(false, "a variation's event in the base game: {:?}", e);
            }
            Event::TokenScored { player, points, .. } => {
                prop_assert!(game.rules().has(Expansion::KingRobber), "a King & Scout bonus without King & Scout");
                t.points[player as usize] += points;
            }
            Event::Scored(s) => {
                prop_assert_eq!(s.breakdown.total(), s.points);
                for p in s.players.iter() {
                    prop_assert!((p as usize) < n);
                    t.points[p as usize] += s.points;
                }
                let model = t.model.as_ref().expect("scoring happens after a placement");
                if s.kind == FeatureKind::Field {
                    prop_assert_eq!(s.phase, Phase::Final, "a farm scored during play");
                    if t.farmers_at_final.is_none() {
                        t.farmers_at_final = Some(t.figures.clone());
                    }
                    for p in s.players.iter() {
                        t.farm_points[p as usize] += s.points;
                    }
                    continue;
                }
                prop_assert!(t.farmers_at_final.is_none(), "a {} scored after the farms", s.kind);
                let pi = game.board().index_at(s.pos).expect("a tile at the scored position");
                let root = game.feature_root(pi, s.feature);
                let c = model.component(pi, s.feature);
                prop_assert_eq!(c.kind, s.kind);
                // The majority of the figures standing on the feature (before they return).
                let mut counts = vec![0u32; n];
                for &(owner, fpi, fl) in &t.figures {
                    if model.component_of[&(fpi, fl)] == model.component_of[&(pi, s.feature)] {
                        counts[owner as usize] += 1;
                    }
                }
                let players: BTreeSet<u8> = s.players.iter().collect();
                prop_assert_eq!(players, majority(&counts), "wrong majority for {:?}", s);
                let expected = match (s.phase, s.kind) {
                    (Phase::Turn, FeatureKind::Road) => c.tiles,
                    (Phase::Turn, FeatureKind::City) if rules.small_city && c.tiles == 2 => c.tiles + c.pennants,
                    (Phase::Turn, FeatureKind::City) => 2 * c.tiles + 2 * c.pennants,
                    (Phase::Turn, FeatureKind::Cloister) => 9,
                    (Phase::Final, FeatureKind::Road) => c.tiles,
                    (Phase::Final, FeatureKind::City) => c.tiles + c.pennants,
                    (Phase::Final, FeatureKind::Cloister) => 1 + c.around,
                    _ => unreachable!(),
                };
                prop_assert_eq!(s.points, expected, "wrong points for {:?}", s);
                match s.phase {
                    Phase::Turn => {
                        prop_assert!(s.completed && c.is_complete(), "{:?} scored during play but incomplete", s);
                        prop_assert!(t.scored_turn.insert(root), "{:?} scored a second time", s);
                    }
                    Phase::Final => {
                        prop_assert!(!s.completed && !c.is_complete(), "{:?}: completed at the final scoring", s);
                        prop_assert!(
                            !s.players.is_empty(),
                            "{:?}: a feature without followers in the final scoring",
                            s
                        );
                        prop_assert!(!t.scored_turn.contains(&root), "{:?} was already scored during play", s);
                        prop_assert!(t.scored_final.insert(root), "{:?} scored twice in the final scoring", s);
                    }
                }
            }
        }
    }
    Ok(())
}

/// The engine's feature graph agrees with the model: the same partition of segments, the same
/// kinds, the same closed roads and cities.
fn check_feature_graph(game: &Game, model: &Model) -> Result<(), TestCaseError> {
    let mut roots = HashSet::new();
    for c in &model.components {
        let root = game.feature_root(c.members[0].0, c.members[0].1);
        prop_assert!(roots.insert(root), "two separate features share the root {}", root);
        for &(pi, local) in &c.members {
            prop_assert_eq!(
                game.feature_root(pi, local),
                root,
                "segment {:?} is not joined to its feature",
                (pi, local)
            );
        }
        prop_assert_eq!(game.features().kind(root), c.kind);
        prop_assert_eq!(game.features().members(root).count(), c.members.len());
        if matches!(c.kind, FeatureKind::Road | FeatureKind::City) {
            prop_assert_eq!(game.features().is_closed(root), c.open_ports == 0, "closedness of {:?}", c);
        }
    }
    Ok(())
}

/// Plays and checks one game.
fn check_game(p: &Params) -> Result<(), TestCaseError> {
    let mut game = new_game(p);
    let n = p.players;
    let tiles = all_tiles(&game);
    let mut record = Record {
        version: RECORD_VERSION,
        rules: p.rules(),
        players: p.colors(),
        deck: RecordDeck::Seed(p.seed),
        actions: vec![],
    };
    let mut bots: Vec<RandomBot> = match p.driver {
        Driver::Bots(seed) => (0..n as u64).map(|i| RandomBot::new(seed.wrapping_add(i))).collect(),
        Driver::Indexes(_) | Driver::Farmers(_) => vec![],
    };
    let mut chooser = rng_from_seed(match p.driver {
        Driver::Farmers(seed) => seed,
        _ => 0,
    });
    let mut probe = rng_from_seed(p.probe_seed);
    let mut full_compares = 3;
    let mut sampled = false;
    let mut all_events = vec![];
    let mut t = Tracker {
        figures: vec![],
        scored_turn: HashSet::new(),
        scored_final: HashSet::new(),
        model: Some(Model::build(game.catalog(), game.board())),
        points: vec![0; n],
        farm_points: vec![0; n],
        farmers_at_final: None,
        games_ended: 0,
    };
    let mut step = 0;
    while !game.is_over() {
        let pending = game.pending();
        let legal = game.legal_actions();
        prop_assert!(!legal.is_empty(), "no legal action while {:?}", pending);
        prop_assert_eq!(pending.player(), Some((game.turns() as usize % n) as PlayerId));
        prop_assert_eq!(legal.iter().collect::<HashSet<_>>().len(), legal.len(), "legal actions repeat");
        for &a in &legal {
            prop_assert!(game.check(a).is_ok(), "{:?} is listed as legal but check() refuses it", a);
        }
        match pending {
            Pending::PlaceTile { tile, .. } => {
                check_tile_conservation(&game, &tiles)?;
                let listed: BTreeSet<(Pos, Rotation)> = legal
                    .iter()
                    .map(|a| match *a {
                        Action::Place { pos, rotation } => Ok((pos, rotation)),
                        other => Err(TestCaseError::fail(format!("{other:?} offered for a placement"))),
                    })
                    .collect::<Result<_, _>>()?;
                let fits = reference::fitting_placements(game.catalog(), game.board(), game.design(tile));
                prop_assert_eq!(listed, fits);
                if !sampled && game.turns() >= p.sample_turn {
                    check_sampling(&game)?;
                    sampled = true;
                }
            }
            Pending::Deploy { player, .. } => {
                // The deployments an independent reading of the rules allows.
                let model = t.model.as_ref().expect("built after the placement");
                let pi = (game.board().len() - 1) as u16;
                let design = game.design(game.board().placement(pi).tile);
                let occupied: HashSet<usize> =
                    t.figures.iter().map(|&(_, fp, fl)| model.component_of[&(fp, fl)]).collect();
                let mut expected = vec![];
                if game.player(player).followers > 0 {
                    for (i, spec) in design.features.iter().enumerate() {
                        let allowed = match spec.kind {
                            FeatureKind::Road | FeatureKind::City | FeatureKind::Cloister => true,
                            // The variation "Mountains": a miner. A special monastery's prior.
                            // Baba Yaga, on the hut of the tile just placed.
                            FeatureKind::Mountain | FeatureKind::Prior | FeatureKind::Hut => true,
                            FeatureKind::Field => p.farmers,
                            FeatureKind::Garden
                            | FeatureKind::River
                            | FeatureKind::Tower
                            | FeatureKind::Trap
                            | FeatureKind::Acrobats => false,
                        };
                        if allowed && !occupied.contains(&model.component_of[&(pi, i as u8)]) {
                            expected.push(Action::Deploy { figure: Figure::Follower, feature: i as u8 });
                        }
                    }
                }
                expected.push(Action::Pass);
                prop_assert_eq!(legal.last(), Some(&Action::Pass), "pass comes last");
                let listed: HashSet<Action> = legal.iter().copied().collect();
                prop_assert_eq!(listed, expected.into_iter().collect::<HashSet<_>>(), "deployments at {:?}", pending);
            }
            Pending::Escape { .. } => {
                prop_assert!(game.rules().has_sieges(), "an escape without besieged cities");
            }
            Pending::MoveDragon { .. } => {
                prop_assert!(game.rules().has(Expansion::PrincessDragon), "a dragon's step without the dragon");
            }
            Pending::Capture { .. } | Pending::Exchange { .. } => {
                prop_assert!(game.rules().has(Expansion::Tower), "a tower's decision without The Tower");
            }
            Pending::Abbey { .. } | Pending::MoveWagon { .. } => {
                prop_assert!(game.rules().has(Expansion::AbbeyMayor), "an Abbey & Mayor decision without it");
            }
            Pending::Carcassonne { .. }
            | Pending::MoveCount { .. }
            | Pending::Redeploy { .. }
            | Pending::FinalRedeploy { .. } => {
                prop_assert!(game.rules().has(Expansion::Count), "a Count of Carcassonne decision without it");
            }
            Pending::HeldTile { .. } => {
                prop_assert!(game.rules().variants.cloisters_for_everyone, "a held tile without the variation");
            }
            Pending::ChooseTile { .. } | Pending::GiveTile { .. } => {
                prop_assert!(false, "a choice of tiles in the base game")
            }
            Pending::TakePrisoner { .. } => {
                prop_assert!(game.rules().variants.prisoners, "a prisoner offered without the variation");
            }
            Pending::ReplaceTile { .. } => {
                prop_assert!(game.rules().variants.rebuilding, "a tile to place again without the variation");
            }
            Pending::PlaceGold { .. } => {
                prop_assert!(game.rules().has(Expansion::GoldMines), "gold to place without The Gold Mines");
            }
            Pending::Porxada { .. } | Pending::SwapWith { .. } | Pending::SwapAnswer { .. } => {
                prop_assert!(game.rules().has(Expansion::LaPorxada), "La Porxada's choice without it");
            }
            Pending::CropCircle { .. } | Pending::CropAdd { .. } | Pending::CropRemove { .. } => {
                prop_assert!(game.rules().has(Expansion::CropCircles), "a crop circle's decision without it");
            }
            Pending::Phantom { .. } => {
                prop_assert!(game.rules().has(Expansion::Phantom), "the phantom's step without The Phantom");
            }
            Pending::MageWitch { .. } => {
                prop_assert!(game.rules().has(Expansion::MageWitch), "a magic figure's move without Mage & Witch");
            }
            Pending::FlierLanding { .. } => {
                prop_assert!(game.rules().has(Expansion::Flier), "a landing without The Flier");
            }
            Pending::PlaceFerry { .. } | Pending::MoveFerry { .. } => {
                prop_assert!(game.rules().has(Expansion::Ferries), "a ferry's decision without The Ferries");
            }
            Pending::Plague { .. } => {
                prop_assert!(game.rules().has(Expansion::Plague), "a plague decision without The Plague");
            }
            Pending::ScoringFigure { .. } | Pending::Message { .. } => {
                prop_assert!(game.rules().has(Expansion::Messages), "a decision of The Messages without it");
            }
            Pending::Flock { .. } => {
                prop_assert!(game.rules().has(Expansion::HillsSheep), "a flock's decision without Hills & Sheep");
            }
            Pending::Castle { .. }
            | Pending::BazaarSelect { .. }
            | Pending::BazaarBid { .. }
            | Pending::BazaarTrade { .. } => {
                prop_assert!(
                    game.rules().has(Expansion::BridgesCastlesBazaars),
                    "a castle or bazaar decision without Bridges, Castles & Bazaars"
                );
            }
            Pending::CatapultToken { .. } | Pending::Flick { .. } | Pending::Seduce { .. } => {
                prop_assert!(game.rules().has(Expansion::Catapult), "a catapult decision without The Catapult");
            }
            Pending::GameOver => unreachable!(),
        }
        probe_illegal(&mut game, &legal, &mut probe, &mut full_compares)?;

        let action = match &p.driver {
            Driver::Bots(_) => {
                let player = pending.player().unwrap();
                bots[player as usize].choose_action(&game.observation(Some(player)))
            }
            Driver::Indexes(indexes) => legal[indexes.get(step).copied().unwrap_or(0) as usize % legal.len()],
            Driver::Farmers(_) => {
                let farmers: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| match (*a, pending) {
                        (Action::Deploy { feature, .. }, Pending::Deploy { pos, .. }) => {
                            let placed = game.board().get(pos).unwrap();
                            game.design(placed.tile).features[feature as usize].kind == FeatureKind::Field
                        }
                        _ => false,
                    })
                    .collect();
                let pool = if farmers.is_empty() { &legal } else { &farmers };
                pool[below(&mut chooser, pool.len() as u32) as usize]
            }
        };
        prop_assert!(legal.contains(&action));
        record.push(&game, action);
        let before = game.scores();
        let events = game.apply(action).map_err(|e| TestCaseError::fail(format!("{action:?}: {e}")))?;
        if matches!(action, Action::Place { .. }) {
            let model = Model::build(game.catalog(), game.board());
            check_feature_graph(&game, &model)?;
            t.model = Some(model);
        }
        let points_before = t.points.clone();
        check_events(&game, &events, &mut t)?;
        prop_assert_eq!(&figures_of(&game), &{
            let mut f = t.figures.clone();
            f.sort_unstable();
            f
        });
        check_followers(&game)?;
        // Scores only grow, by the points of the events.
        let after = game.scores();
        for i in 0..n {
            prop_assert!(after[i] >= before[i], "a score went down");
            prop_assert_eq!(after[i] - before[i], t.points[i] - points_before[i], "score change of player {}", i);
        }
        // Every completed road, city and cloister on the board has been scored, and nothing else.
        if !matches!(action, Action::Place { .. }) {
            let model = t.model.as_ref().unwrap();
            let completed: HashSet<u32> = model
                .components
                .iter()
                .filter(|c| c.is_complete())
                .map(|c| game.feature_root(c.members[0].0, c.members[0].1))
                .collect();
            prop_assert_eq!(&completed, &t.scored_turn, "completed features vs features scored during play");
        }
        all_events.extend(events.into_iter().map(|e| (step, e)));
        step += 1;
    }

    // The end.
    prop_assert_eq!(t.games_ended, 1);
    prop_assert_eq!(all_events.last().map(|e| e.1), Some(Event::GameEnded));
    prop_assert_eq!(game.tiles_left(), 0);
    prop_assert!(game.legal_actions().is_empty());
    prop_assert_eq!(game.pending().player(), None);
    prop_assert!(game.figures().is_empty());
    prop_assert!(game.players().iter().all(|s| s.followers == 7));
    check_tile_conservation(&game, &tiles)?;
    prop_assert_eq!(&t.points, &game.scores());
    let model = t.model.as_ref().unwrap();
    let farmers = t.farmers_at_final.clone().unwrap_or_default();
    prop_assert_eq!(&t.farm_points, &expected_farm_points(&game, model, &farmers), "farm points");
    // Every incomplete road, city and cloister that held a follower was scored at the end.
    let before_end = game.board().tiles().len();
    prop_assert_eq!(before_end + game.discarded().len(), tiles.len());
    let before = format!("{game:?}");
    for a in [Action::Pass, Action::Place { pos: Pos::new(0, 1), rotation: Rotation::R0 }] {
        prop_assert_eq!(game.check(a), Err(carcassonne_engine::RuleError::GameOver));
        prop_assert!(game.apply(a).is_err());
    }
    prop_assert!(format!("{game:?}") == before, "an action after the end changed the game");

    // The record replays to the same game.
    let replay = record.replay().map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(replay.game.scores(), game.scores());
    prop_assert!(replay.events == all_events, "the replay gives other events");
    prop_assert!(format!("{:?}", replay.game) == before, "the replay ends in another state");
    let json = record.to_json_pretty();
    prop_assert_eq!(Record::from_json(&json).map_err(|e| TestCaseError::fail(e.to_string()))?, record);
    Ok(())
}

/// A game played with random bots: its events and final state.
fn bot_game(p: &Params, bot_seed: u64) -> (Vec<Event>, String) {
    let mut game = new_game(p);
    let mut bots: Vec<RandomBot> = (0..p.players as u64).map(|i| RandomBot::new(bot_seed + i)).collect();
    let mut events = vec![];
    while let Some(player) = game.pending().player() {
        let action = bots[player as usize].choose_action(&game.observation(Some(player)));
        game.apply_into(action, &mut events).expect("bots choose legal actions");
    }
    (events, format!("{game:?}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_keep_every_invariant(p in params()) {
        check_game(&p)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn the_same_seeds_give_the_same_game(p in params(), bot_seed in 0u64..u64::MAX / 2) {
        let (events, state) = bot_game(&p, bot_seed);
        let (again, state_again) = bot_game(&p, bot_seed);
        prop_assert!(events == again, "the same seeds gave different events");
        prop_assert!(state == state_again, "the same seeds gave different final states");
        // Another deck seed gives another game (the draws differ).
        let other = Params { seed: p.seed ^ 0x9E37_79B9_7F4A_7C15, ..p.clone() };
        let (other_events, _) = bot_game(&other, bot_seed);
        let draws = |ev: &[Event]| -> Vec<Event> {
            ev.iter().filter(|e| matches!(e, Event::TileDrawn { .. })).copied().collect()
        };
        prop_assert!(draws(&events) != draws(&other_events), "two deck seeds gave the same draws");
    }
}

/// Plays `game` on with random bots seeded from `bot_seed` for at most `actions` actions (to the
/// end if `None`), returning the events.
fn play_on(game: &mut Game, bot_seed: u64, actions: Option<usize>) -> Vec<Event> {
    let players = game.players().len() as u64;
    let mut bots: Vec<RandomBot> = (0..players).map(|i| RandomBot::new(bot_seed + i)).collect();
    let mut events = vec![];
    let mut played = 0;
    while let Some(player) = game.pending().player() {
        if actions.is_some_and(|n| played >= n) {
            break;
        }
        let action = bots[player as usize].choose_action(&game.observation(Some(player)));
        game.apply_into(action, &mut events).expect("bots choose legal actions");
        played += 1;
    }
    events
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// `Game::clone_from` (which copies into the buffers of the game it overwrites, for the
    /// search bots) gives the game `clone` gives, whatever the overwritten game was: another
    /// game of other rules, further on or further back; and both play on alike.
    #[test]
    fn a_game_copied_into_another_plays_on_as_the_original(
        p in params(), q in params(), bot_seed in 0u64..u64::MAX / 2, at in 0usize..200, other_at in 0usize..400,
    ) {
        let mut original = new_game(&p);
        play_on(&mut original, bot_seed, Some(at));
        let mut copy = new_game(&q);
        play_on(&mut copy, bot_seed ^ 1, Some(other_at));
        copy.clone_from(&original);
        prop_assert_eq!(format!("{copy:?}"), format!("{:?}", original.clone()));
        let events = play_on(&mut original, bot_seed ^ 2, None);
        let again = play_on(&mut copy, bot_seed ^ 2, None);
        prop_assert!(events == again, "the copy played on differently");
        prop_assert_eq!(format!("{copy:?}"), format!("{original:?}"));
    }
}

/// The variation "Rebuilding": a game with random players who move tiles, checked after every
/// move against the independent model (the feature graph built again must partition the
/// segments as a flood fill of the new board does, with the same closed roads and cities), with
/// every figure counted on its feature once; the record replays to the same state.
fn check_rebuilding_game(seed: u64, players: usize, bot_seed: u64) -> Result<usize, TestCaseError> {
    let mut rules = Rules::default();
    rules.variants.rebuilding = true;
    let colors = Color::ALL[..players].to_vec();
    let setup = GameSetup { rules: rules.clone(), players: colors.clone(), deck: Deck::Seed(seed) };
    let mut game = Game::new(setup).expect("valid setup");
    let mut record =
        Record { version: RECORD_VERSION, rules, players: colors, deck: RecordDeck::Seed(seed), actions: vec![] };
    let mut bots: Vec<RandomBot> = (0..players as u64).map(|i| RandomBot::new(bot_seed + i)).collect();
    let mut moved = 0;
    while let Some(player) = game.pending().player() {
        let action = bots[player as usize].choose_action(&game.observation(Some(player)));
        record.push(&game, action);
        let events = game.apply(action).map_err(|e| TestCaseError::fail(e.to_string()))?;
        if events.iter().any(|e| matches!(e, Event::TileReplaced { .. })) {
            moved += 1;
            check_feature_graph(&game, &Model::build(game.catalog(), game.board()))?;
            for f in game.figures() {
                let root = game.feature_root(f.placement, f.feature);
                let on_it = game.figures().iter().filter(|g| game.feature_root(g.placement, g.feature) == root).count();
                prop_assert_eq!(game.features().figure_count(root) as usize, on_it, "figures counted on {}", root);
            }
        }
    }
    check_feature_graph(&game, &Model::build(game.catalog(), game.board()))?;
    let replay = record.replay().map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert!(format!("{:?}", replay.game) == format!("{game:?}"), "the replay ends in another state");
    Ok(moved)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn rebuilt_feature_graphs_match_the_board(seed in any::<u64>(), players in 2usize..=5, bot_seed in 0u64..u64::MAX / 2) {
        check_rebuilding_game(seed, players, bot_seed)?;
    }
}

/// The property above does move tiles.
#[test]
fn random_players_move_tiles_in_rebuilding_games() {
    let moved: usize = (0..6).map(|s| check_rebuilding_game(s, 3, 40 + s).expect("the checks hold")).sum();
    assert!(moved > 0);
}
