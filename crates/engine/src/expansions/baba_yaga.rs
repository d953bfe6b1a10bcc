//! Baba Yaga's Hut (the Russian promotional tiles of 2013, Hobby World; the Wikicarpedia page
//! "Russian Promos (1st edition)", "Baba Yaga's Hut"; the Assembled Game Reference's steps 3A
//! and 3B and its final scoring, "Baba Yaga's hut"): a tile with the witch's hut on chicken legs
//! in the middle of a field, and the 2013 companion tile, the Choice of Bogatyr (a crossroads
//! of no special rule).
//!
//! - "The person who places this tile may place a follower on Baba Yaga's hut. That follower
//!   becomes Baba Yaga!" The hut is the catalog's feature `hut` (`FeatureKind::Hut`): one
//!   follower, by the usual rule on the tile just placed (`base::check_follower`).
//! - "This tile acts as an 'anti-cloister.' At the end of the game, the player scores 1 point
//!   for each empty tile space surrounding Baba Yaga's hut. The hut itself is worth 1 point. If
//!   Baba Yaga's hut is completely surrounded, the follower is returned to the player's supply
//!   and the player scores only 1 point" (`base::feature_value`: 9 less the tiles around it).
//!   The module watches the hut as a cloister is watched (`Table::open_cloisters`): the turn
//!   that surrounds it completes it (the reference's step 3A), and it is scored then (1 point)
//!   and its follower goes home.
//!
//! Our readings (docs/rules.md, "Baba Yaga's Hut"): the hut is no cloister and no monastery for
//! any other rule (the abbot, a wagon's move, a shrine's race, a watchtower's count, the Count's
//! quarters); a follower reaches it only from the player who places its tile, in that turn (not
//! later through a magic gate or onto an earlier tile); The Gold Mines and Little Buildings look
//! at its tile and the eight around it, as for a cloister (JCloisterZone counts the buildings
//! too).

use crate::board::PlacementIndex;
use crate::features::NodeId;
use crate::table::Table;

use super::hooks::{Hook, Hooks, Module};

#[derive(Clone, Debug, Default)]
pub(crate) struct BabaYaga;

impl Module for BabaYaga {
    const HOOKS: Hooks = Hooks::of(&[Hook::TilePut]);

    /// A hut is watched until it is surrounded, like a cloister.
    fn tile_put(&mut self, table: &mut Table, placement: PlacementIndex) {
        let placed = *table.board.placement(placement);
        if let Some(hut) = table.design(placed.tile).hut {
            table.open_cloisters.push((placed.pos, placed.first_node + hut as NodeId));
        }
    }
}
