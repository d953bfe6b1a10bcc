//! The expansions' prospects in the evaluation ([`crate::eval`]): what a special monastery's
//! prior, a trap's captive, Baba Yaga's hut, a shrine's race, a watchtower, the Darmstadt
//! churches, the gold on a held feature, a tile bought at a bazaar and a castle waiting are
//! expected to bring by the end of the game. Kept
//! apart from `eval.rs`, which sums them with the base game's components.

use carcassonne_engine::features::NodeId;
use carcassonne_engine::{FeatureKind, Game, PlayerId};

use crate::eval::{completion_chance, Component, Weights};

/// How many tiles a special monastery's row and column gain, on average, for each tile still to
/// be placed (a prior is scored only at the end): 0.3, measured over 316 priors of 60 games
/// between greedy bots with Monasteries in Germany and Japanese Buildings (from 0.24 to 0.31 a
/// tile whatever the number left, in buckets of ten).
pub const PRIOR_GROWTH_PER_TILE: f64 = 0.3;

/// What a special monastery's prior at feature `root` is expected to score at the end: its
/// monastery's row and column now, and the tiles they gain on average as the board grows.
pub fn prior_prospect(game: &Game, root: NodeId, tiles_left: f64) -> f64 {
    let (placement, _) = game.features().segment(root);
    game.prior_points(game.board().placement(placement).pos) as f64 + PRIOR_GROWTH_PER_TILE * tiles_left
}

/// A figure caught in a trap (The Vodyanoy, Solovei Razboynik): what it costs its owner at the
/// end, 2 points in the Vodyanoy's lake and nothing on Solovei Razboynik's tree; `None` for a
/// figure that stands in no trap. A captive holds no feature.
pub fn trap_cost(game: &Game, f: &carcassonne_engine::PlacedFigure) -> Option<f64> {
    let design = game.design(game.board().placement(f.placement).tile);
    if design.trap != Some(f.feature) {
        return None;
    }
    let lake = design.symbols.contains(&carcassonne_engine::catalog::Symbol::Vodyanoy);
    Some(if lake { carcassonne_engine::VODYANOY_PENALTY as f64 } else { 0.0 })
}

/// Baba Yaga's hut at feature `root`: what Baba Yaga is expected to score, 1 for the hut and the
/// empty places around it now, those counted in full at the end and less the more tiles are to
/// come (`left`: the share of the last two dozen tiles still to come, as in [`components`]).
pub fn hut_prospect(game: &Game, root: NodeId, left: f64) -> f64 {
    let (placement, _) = game.features().segment(root);
    let empty = 8.0 - game.board().neighbours_around(game.board().placement(placement).pos) as f64;
    1.0 + empty * (1.0 - left)
}

/// Heretics and Shrines: the share of its value that a cloister or shrine at `pos`, with
/// `around` of its eight neighbours down, keeps when it races an occupied rival (1 without a
/// race). The one with fewer tiles missing is likelier to be completed first; the loser scores
/// nothing. Missing tiles `m` against the rival's `r`: `(r + ½) / (m + r + 1)`.
pub fn race_share(game: &Game, pos: carcassonne_engine::Pos, around: f64) -> f64 {
    let Some(rival) = game.race_rival(pos) else { return 1.0 };
    let mine = 8.0 - around;
    let theirs = 8.0 - game.board().neighbours_around(rival) as f64;
    (theirs + 0.5) / (mine + theirs + 1.0)
}

/// The Watchtowers: what the watchtower of the tile follower `f` stands on would pay its owner
/// were the follower's road or city completed now, by that feature's chance of completion (0
/// for any other figure, feature or tile).
pub fn watchtower_prospect(game: &Game, f: &carcassonne_engine::PlacedFigure, tiles_left: f64, model: &Weights) -> f64 {
    if !f.figure.is_follower() {
        return 0.0;
    }
    let Some((_, _, points)) = game.watchtower_value(game.board().placement(f.placement).pos) else { return 0.0 };
    let features = game.features();
    let root = game.feature_root(f.placement, f.feature);
    let kind = features.kind(root);
    let open = match kind {
        FeatureKind::Road => features.open_ports(root) as f64,
        // A city edge has three ports (the edge centre and its two halves).
        FeatureKind::City => (features.open_ports(root) as f64 / 3.0).ceil(),
        _ => return 0.0,
    };
    points as f64 * completion_chance(kind, open, tiles_left, model)
}

/// The Darmstadt Churches: for each player, the bonuses the incomplete churches on the board
/// are expected to pay: 3 points to the most followers around each church now, by the chance
/// that the church is completed (each missing neighbour filled as a cloister's prospect
/// assumes); nothing without the expansion.
pub fn church_prospects(game: &Game, tiles_left: f64) -> [f64; carcassonne_engine::players::MAX_PLAYERS] {
    let mut prospects = [0.0; carcassonne_engine::players::MAX_PLAYERS];
    if !game.rules().has(carcassonne_engine::Expansion::DarmstadtChurches) {
        return prospects;
    }
    let fill = 0.5 * (tiles_left / 16.0).min(1.0);
    for pos in game.open_churches() {
        let missing = 8 - game.board().neighbours_around(pos) as i32;
        if missing == 0 {
            continue;
        }
        let (players, _) = game.church_majority(pos);
        let value = carcassonne_engine::CHURCH_BONUS as f64 * fill.powi(missing.min(4));
        for p in players.iter() {
            prospects[p as usize] += value;
        }
    }
    prospects
}

/// What an ingot on a held feature's tiles is worth to its holder before it is taken: most
/// players end with 1 to 6 ingots, each worth 1 or 2 points.
const GOLD_INGOT: f64 = 1.5;

/// The Gold Mines: the ingots a road, city or cloister held at `root` reaches (every tile of a
/// road or city, a cloister's 3 × 3 area), at [`GOLD_INGOT`] each, by its chance of completion.
pub(crate) fn gold_prospect(game: &Game, root: NodeId, tiles_left: f64, model: &Weights) -> f64 {
    let features = game.features();
    let kind = features.kind(root);
    let board = game.board();
    let (reached, chance) = match kind {
        FeatureKind::Road | FeatureKind::City => {
            let reaches = |pos| {
                let Some(index) = board.index_at(pos) else { return false };
                let parts = game.design(board.placement(index).tile).features.len() as u8;
                (0..parts).any(|i| game.feature_root(index, i) == root)
            };
            let reached: u32 =
                game.gold_on_board().iter().filter(|&&(pos, _)| reaches(pos)).map(|&(_, n)| n as u32).sum();
            let open = features.open_ports(root) as f64;
            let open = if kind == FeatureKind::City { (open / 3.0).ceil() } else { open };
            (reached, completion_chance(kind, open, tiles_left, model))
        }
        FeatureKind::Cloister | FeatureKind::Garden => {
            let (placement, _) = features.segment(root);
            let at = board.placement(placement).pos;
            let near = |pos: carcassonne_engine::Pos| (pos.x - at.x).abs() <= 1 && (pos.y - at.y).abs() <= 1;
            let reached: u32 = game.gold_on_board().iter().filter(|&&(pos, _)| near(pos)).map(|&(_, n)| n as u32).sum();
            let around = board.neighbours_around(at) as f64;
            (reached, if around >= 8.0 { 1.0 } else { around / 8.0 * (tiles_left / 16.0).min(1.0) })
        }
        _ => return 0.0,
    };
    reached as f64 * GOLD_INGOT * chance
}

/// Bridges, Castles & Bazaars: what a tile bought at a bazaar and not yet placed is worth to
/// its holder, about a turn's points.
pub const BOUGHT_TILE_WORTH: f64 = 3.0;

/// Bridges, Castles & Bazaars: what a castle waiting for a feature beside it expects at least,
/// with no open feature on its six tiles yet: the tiles to come will bring one.
pub const CASTLE_PROSPECT: f64 = 2.0;

/// Bridges, Castles & Bazaars: what a waiting castle expects: the most a road, city or
/// cloister open on its six tiles is worth completed, by its chance of completion (at least
/// [`CASTLE_PROSPECT`]), while turns are left.
fn castle_prospect(game: &Game, castle: &carcassonne_engine::Castle, tiles_left: f64, model: &Weights) -> f64 {
    let features = game.features();
    let mut scratch = Vec::new();
    let mut best: f64 = CASTLE_PROSPECT;
    for pos in castle.fief() {
        let Some(placement) = game.board().index_at(pos) else { continue };
        let placed = game.board().placement(placement);
        for (local, spec) in game.design(placed.tile).features.iter().enumerate() {
            let root = game.feature_root(placement, local as u8);
            let open = features.open_ports(root) as f64;
            let value = match spec.kind {
                FeatureKind::Road if open > 0.0 => {
                    features.tile_count(root, &mut scratch) as f64
                        * completion_chance(FeatureKind::Road, open, tiles_left, model)
                }
                FeatureKind::City if open > 0.0 => {
                    let tiles = (features.tile_count(root, &mut scratch) + features.pennants(root)) as f64;
                    let edges = (open / 3.0).ceil().max(1.0);
                    2.0 * tiles * completion_chance(FeatureKind::City, edges, tiles_left, model)
                }
                FeatureKind::Cloister => {
                    let around = game.board().neighbours_around(pos) as f64;
                    if around >= 8.0 {
                        continue;
                    }
                    9.0 * (around / 8.0).powi(2)
                }
                _ => continue,
            };
            best = best.max(value);
        }
    }
    let turns = tiles_left / game.players().len() as f64;
    best * (turns / 3.0).min(1.0)
}

/// Bridges, Castles & Bazaars: a tile bought and not placed, and a castle still waiting (see
/// [`castle_prospect`]; its town's city is then left out of the cities held).
pub(crate) fn bcb_prospects(game: &Game, rows: &mut [[f64; Component::COUNT]], tiles_left: f64, model: &Weights) {
    for (p, row) in rows.iter_mut().enumerate() {
        if game.bought_tile(p as PlayerId).is_some() {
            row[Component::Tokens as usize] += BOUGHT_TILE_WORTH;
        }
    }
    for castle in game.castles().iter().filter(|c| !c.scored) {
        let held = game.figures().iter().any(|f| {
            f.owner == castle.owner && game.feature_root(f.placement, f.feature) == game.features().find(castle.node)
        });
        if let (true, Some(row)) = (held, rows.get_mut(castle.owner as usize)) {
            row[Component::Tokens as usize] += castle_prospect(game, castle, tiles_left, model);
        }
    }
}

/// The roots of the towns the castles waiting stand on: no city to hold any more.
pub(crate) fn castle_roots(game: &Game) -> Vec<NodeId> {
    game.castles().iter().filter(|c| !c.scored).map(|c| game.features().find(c.node)).collect()
}
