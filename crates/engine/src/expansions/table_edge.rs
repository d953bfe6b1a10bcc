//! House rule (seed 000, "House rules", metoth and SkullOne; seed 002 likewise): "The edge of
//! the table limits the playing area. Thus, a player may not place a tile past the edge of the
//! table or move the playing area to place a tile that would have been past the edge of the
//! table." Seed 000's "Use of a table" (Georg Wild, Hans im Glück): "The edge of the table is
//! the limit for the game [...] the starting tile is placed in the middle of the table [...] in
//! principle, total shifting of the tiles is not allowed."
//!
//! Variant `table-size`: the table holds a fixed rectangle of tiles, the start tile in its
//! middle (for the Count of Carcassonne, the city's tile at the origin). Our sizes, in tiles
//! (a tile is 4.5 cm): `19x13` (a table of about 90 × 60 cm), `25x17` (120 × 80 cm), `35x19`
//! (160 × 90 cm); `unlimited`, the default, is the rules' endless table. A tile that fits
//! nowhere on the table is discarded as any tile that fits nowhere.
//!
//! House rule `table-borders-complete` (seeds 000 and 002, PreGy): "Table borders COMPLETE
//! features as an abbey would." With a table size, a road or city running into the edge of the
//! table ends there, as at an abbey's wall ("all four of the adjoining tiles are completed",
//! seed 001, ABBEY AND MAYOR). Our reading: the border is no tile, so a cloister by the edge
//! still needs its eight neighbours (an abbey beside it counts as one because it is a tile).

use crate::board::PlacementIndex;
use crate::catalog::{TileId, NO_FEATURE};
use crate::errors::RuleError;
use crate::features::NodeId;
use crate::geometry::{Pos, Rotation, Side};
use crate::rules::Rules;
use crate::table::Table;

use super::hooks::{Hook, Hooks, Module};

/// The play area's half sizes (columns and rows each side of the middle).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TableEdge {
    half_width: i16,
    half_height: i16,
    /// The edge closes the roads and cities that run into it.
    borders_complete: bool,
}

impl TableEdge {
    pub(crate) fn new(rules: &Rules) -> TableEdge {
        let (width, height) = rules.variants.table_size.tiles().unwrap_or((0, 0));
        TableEdge {
            half_width: width / 2,
            half_height: height / 2,
            borders_complete: rules.variants.table_borders_complete,
        }
    }

    /// Whether `pos` lies on the table.
    pub(crate) fn on_table(&self, pos: Pos) -> bool {
        pos.x.abs() <= self.half_width && pos.y.abs() <= self.half_height
    }
}

impl Module for TableEdge {
    const HOOKS: Hooks =
        Hooks::of(&[Hook::Restricts, Hook::AllowsPosition, Hook::CheckPlace, Hook::PositionOnly, Hook::TilePut]);

    fn restricts(&self, _table: &Table, _tile: TileId) -> bool {
        true
    }

    fn allows_position(&self, _table: &Table, _tile: TileId, pos: Pos) -> bool {
        self.on_table(pos)
    }

    fn check_place(&self, _table: &Table, _tile: TileId, pos: Pos, _rotation: Rotation) -> Result<(), RuleError> {
        if self.on_table(pos) {
            Ok(())
        } else {
            Err(RuleError::OffTheTable(pos))
        }
    }

    /// With `table-borders-complete`: the ports of the new tile that face the edge are closed.
    fn tile_put(&mut self, table: &mut Table, placement: PlacementIndex) {
        if !self.borders_complete {
            return;
        }
        let placed = *table.board.placement(placement);
        let view = table.design(placed.tile).view(placed.rotation);
        for side in Side::ALL {
            if self.on_table(placed.pos.step(side)) {
                continue;
            }
            for port in side.ports() {
                let ours = view.port_feature[port.index()];
                if ours != NO_FEATURE {
                    table.features.close_port(placed.first_node + ours as NodeId);
                }
            }
        }
    }
}
