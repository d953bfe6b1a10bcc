//! The wooden bridges of Bridges, Castles & Bazaars: where one may stand, the placements only a
//! bridge makes legal, and building one. The module's state and hooks are in
//! `bridges_castles_bazaars.rs`; the rules and their sources are in its doc comment.

use crate::actions::{Action, BridgeSpot};
use crate::base;
use crate::board::{field_to_road, PlacementIndex};
use crate::catalog::TileId;
use crate::geometry::{Axis, Pos, Rotation, Side, Terrain};
use crate::players::MAX_PLAYERS;
use crate::table::Table;

/// Bridges each player has, by the number of players: three in a game of two to four, two in
/// a game of five or six (the Assembled Game Reference's preparation; the rulebook).
pub const BRIDGES: [u8; MAX_PLAYERS + 1] = [0, 0, 3, 3, 3, 2, 2];

/// The terrain the tile at `pos` shows towards its `side`, if a tile is there.
fn terrain_towards(table: &Table, pos: Pos, side: Side) -> Option<u32> {
    let placed = table.board.get(pos)?;
    let edges = table.design(placed.tile).view(placed.rotation).edges;
    Some((edges >> (8 * side.index())) & 0xFF)
}

/// The tile at `pos` with a bridge along `axis` (as seen on the board), if one may be built
/// there now: the tile has no bridge, both ends of the axis are field edges of it (the
/// catalog's bridged design), and each end faces an empty position or a road edge, so that
/// the tile still continues everything it touches. Returns its placement and its bridged
/// design.
pub(crate) fn bridgeable(table: &Table, pos: Pos, axis: Axis) -> Option<(PlacementIndex, TileId)> {
    let index = table.board.index_at(pos)?;
    let placed = table.board.placement(index);
    // A board axis is the design's axis turned by the tile's rotation (a quarter turn swaps them).
    let bridged = table.catalog.bridged(placed.tile, axis.rotated(placed.rotation))?;
    for side in axis.sides() {
        let facing = terrain_towards(table, pos.step(side), side.opposite());
        if facing.is_some_and(|t| t != Terrain::Road as u32) {
            return None;
        }
    }
    Some((index, bridged))
}

/// Calls `visit` with each bridge a player may build beside the figure phase's action, on the
/// tile at `placed` (the tile just placed) or one of the four beside it, until it returns true
/// (then returns true).
pub(crate) fn each_bridge(table: &Table, placed: Pos, visit: &mut impl FnMut(Action) -> bool) -> bool {
    for pos in std::iter::once(placed).chain(Side::ALL.map(|s| placed.step(s))) {
        for axis in Axis::ALL {
            if bridgeable(table, pos, axis).is_some() && visit(Action::Bridge { pos, axis }) {
                return true;
            }
        }
    }
    false
}

/// Calls `visit` with each placement of the drawn `tile` that only a bridge makes legal, with
/// that bridge, until it returns true (then returns true): the tile, turned so that it does not
/// fit by the edge rule, fits once a bridge turns two of its field edges into road edges, or
/// once a bridge on the tile beside it turns that tile's field edge into a road edge where the
/// tile shows a road. `allowed` is the other modules' placement rules for the tile as it lies.
pub(crate) fn each_bridged_placement(
    table: &Table,
    tile: TileId,
    allowed: impl Fn(Pos, Rotation) -> bool,
    visit: &mut impl FnMut(Action) -> bool,
) -> bool {
    let design = table.design(tile);
    for cell in table.board.frontier() {
        let fitting = design.rotations_fitting(cell.code);
        for rotation in Rotation::ALL {
            if fitting & (1 << rotation.index()) != 0 {
                continue;
            }
            let mut spots = [None; 6];
            let mut found = 0;
            // The bridge on the tile placed: its bridged design fits as it lies.
            for design_axis in Axis::ALL {
                let Some(bridged) = design.bridged[design_axis.index()] else { continue };
                if table.design(bridged).rotations_fitting(cell.code) & (1 << rotation.index()) != 0 {
                    spots[found] = Some(BridgeSpot { on: None, axis: design_axis.rotated(rotation) });
                    found += 1;
                }
            }
            // The bridge on a tile beside it, whose field edge facing it becomes a road edge.
            for side in Side::ALL {
                let beside = cell.pos.step(side);
                let axis = Axis::through(side);
                if terrain_towards(table, beside, side.opposite()) != Some(Terrain::Field as u32)
                    || bridgeable(table, beside, axis).is_none()
                {
                    continue;
                }
                let code = field_to_road(cell.code, side);
                if design.rotations_fitting(code) & (1 << rotation.index()) != 0 {
                    spots[found] = Some(BridgeSpot { on: Some(side), axis });
                    found += 1;
                }
            }
            if found == 0 || !allowed(cell.pos, rotation) {
                continue;
            }
            for bridge in spots.into_iter().flatten() {
                if visit(Action::PlaceBridged { pos: cell.pos, rotation, bridge }) {
                    return true;
                }
            }
        }
    }
    false
}

/// Builds a bridge along `axis` on the tile at `pos` (checked by [`bridgeable`]). Returns the
/// node of its road.
pub(crate) fn build(table: &mut Table, pos: Pos, axis: Axis) -> crate::features::NodeId {
    let (index, bridged) = bridgeable(table, pos, axis).expect("a bridge checked");
    base::build_bridge(table, index, bridged);
    let placed = table.board.placement(index);
    placed.first_node + table.design(bridged).bridge.expect("a bridged design") as crate::features::NodeId
}
