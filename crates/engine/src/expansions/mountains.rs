//! The variation "Mountains" (seed 001, SELECTED VARIATIONS, by Tobias Stapelfeldt):
//!
//! > Instead of placing the tile as usual, the player may turn the tile into a mountain by
//! > placing it - upside down - next to a farm without a road. When placing a tile next to a
//! > mountain, the edge of the placed tile must always be farm without a road. Followers may be
//! > deployed to the mountain as miners, remaining there until the end of the game. If a pennant
//! > (smithy) lies within two tiles distance of a miner, then the miner 1. counts as a knight
//! > when for the purpose of scoring the city in question, and 2. counts as an additional farmer
//! > in relation to the city during final scoring.
//!
//! A mountain is the catalog's mountain design (`Catalog::mountain`): field edges with no field
//! behind them, so that the edge rule asks "farm without a road" of every tile beside it and
//! nothing joins across it, and one feature where a miner stands. The choices the passage
//! leaves open, documented in docs/rules.md ("Mountains"):
//! - every tile the mountain touches shows a field edge towards it (a mountain goes next to a
//!   farm, never next to a road, city or river); a river tile is never turned into a mountain;
//! - "within two tiles distance": the pennant's tile is at most two tiles away in each
//!   direction (the 5 × 5 square around the mountain, diagonals included);
//! - a miner counts with its figure's strength (a big follower as two knights), for every city
//!   with a pennant in its reach, completed during the game or scored at the end (a city with
//!   no knight but a miner is scored for the miner too);
//! - as a farmer, a miner counts for its city in every farm with a farmer that supplies that
//!   city, not in a farm with no farmer, and not for a barn;
//! - a mountain is a tile of the board (it counts among a cloister's eight neighbours), shows
//!   none of the drawn tile's symbols (no dragon, volcano, magic gate), and nothing takes a
//!   miner away: the dragon does not enter a mountain, a tower does not capture a miner.

use crate::actions::Action;
use crate::base;
use crate::catalog::TileId;
use crate::events::Event;
use crate::geometry::{Pos, Rotation};
use crate::players::PlayerId;
use crate::table::Table;

use super::Modules;

/// Calls `visit` with each mountain the drawn `tile` may become, in frontier order, until it
/// returns true (then returns true).
pub(crate) fn each_site(
    table: &Table,
    modules: &Modules,
    tile: TileId,
    visit: &mut impl FnMut(Action) -> bool,
) -> bool {
    let Some(mountain) = table.catalog.mountain() else { return false };
    if table.design(tile).has_river() {
        return false;
    }
    let design = table.design(mountain);
    let rules = modules.placement_rules(table, mountain);
    for cell in table.board.frontier() {
        if design.rotations_fitting(cell.code) == 0 {
            continue;
        }
        if !rules.is_empty() && modules.check_place(rules, table, mountain, cell.pos, Rotation::R0).is_err() {
            continue;
        }
        if visit(Action::RaiseMountain { pos: cell.pos }) {
            return true;
        }
    }
    false
}

/// Puts the drawn `tile` on the board upside down at `pos`, as a mountain (legality checked).
pub(crate) fn raise(
    table: &mut Table,
    modules: &mut Modules,
    player: PlayerId,
    tile: TileId,
    pos: Pos,
    events: &mut Vec<Event>,
) {
    let mountain = table.catalog.mountain().expect("the built-in catalog has the mountain");
    let placement = base::put_tile(table, mountain, Rotation::R0, pos);
    modules.tile_put(table, placement);
    events.push(Event::MountainRaised { player, tile, pos });
}

/// Whether the drawn `tile` may become a mountain somewhere.
pub(crate) fn has_site(table: &Table, modules: &Modules, tile: TileId) -> bool {
    each_site(table, modules, tile, &mut |_| true)
}
