//! The miners of the variation "Mountains" (`mountains.rs`) and what they count for: a knight
//! in each city with a pennant within their reach, and a farmer for that city at the end. Apart
//! from the mountains' placement, so that the dispatch's farm scoring and the game's city
//! scoring read them without a cycle through the dispatch.

use crate::catalog::FeatureKind;
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::{PlayerSet, MAX_PLAYERS};
use crate::table::Table;

/// How far a miner reaches: "within two tiles distance".
pub(crate) const MINER_REACH: u16 = 2;

/// Whether `miner` reaches a pennant on the tile at `pennant`.
pub(crate) fn in_reach(miner: Pos, pennant: Pos) -> bool {
    miner.x.abs_diff(pennant.x) <= MINER_REACH && miner.y.abs_diff(pennant.y) <= MINER_REACH
}

/// The followers standing on mountains.
fn miners(table: &Table) -> impl Iterator<Item = &crate::players::PlacedFigure> {
    table.figures.iter().filter(|f| table.features.kind(f.node) == FeatureKind::Mountain)
}

/// The players with the most knights in city `root`, its miners counted.
pub(crate) fn city_majority(table: &Table, root: NodeId) -> PlayerSet {
    let mut counts = table.strengths(root);
    for (count, miners) in counts.iter_mut().zip(miners_for_city(table, root)) {
        *count += miners;
    }
    PlayerSet::majority(&counts)
}

/// The miners of each player that reach a pennant of city `root` (by their strength).
pub(crate) fn miners_for_city(table: &Table, root: NodeId) -> [u8; MAX_PLAYERS] {
    let mut counts = [0u8; MAX_PLAYERS];
    if miners(table).next().is_none() {
        return counts;
    }
    let mut pennants: Vec<Pos> = vec![];
    for m in table.features.members(root) {
        let (placement, local) = table.features.segment(m);
        let placed = table.board.placement(placement);
        if table.design(placed.tile).features[local as usize].pennants > 0 && !pennants.contains(&placed.pos) {
            pennants.push(placed.pos);
        }
    }
    for miner in miners(table) {
        let at = table.pos_of(miner.placement);
        if pennants.iter().any(|&p| in_reach(at, p)) {
            counts[miner.owner as usize] += miner.figure.strength();
        }
    }
    counts
}

/// The incomplete cities with no knight left at the end of the game that a miner reaches (they
/// are scored for the miners), as roots, in the order of the board's tiles.
pub(crate) fn knightless_cities_of_miners(table: &Table) -> Vec<NodeId> {
    let mut cities = vec![];
    let miners: Vec<Pos> = miners(table).map(|f| table.pos_of(f.placement)).collect();
    if miners.is_empty() {
        return cities;
    }
    for placed in table.board.tiles() {
        if !miners.iter().any(|&m| in_reach(m, placed.pos)) {
            continue;
        }
        for (i, spec) in table.design(placed.tile).features.iter().enumerate() {
            if spec.kind != FeatureKind::City || spec.pennants == 0 {
                continue;
            }
            let root = table.features.find(placed.first_node + i as NodeId);
            if !table.features.is_closed(root) && table.features.figure_count(root) == 0 && !cities.contains(&root) {
                cities.push(root);
            }
        }
    }
    cities
}
