//! The Labyrinths (Spiel Doch! magazine 1/2016; the Wikicarpedia page "The Labyrinths"; the
//! Assembled Game Reference's step 3B, "labyrinths"): a tile whose four roads meet in a
//! labyrinth and are one road.
//!
//! - **Basic rules** (Spiel Doch!'s, the default): the tile is placed, occupied and scored as
//!   any road ("The labyrinth is not a crossing; all outgoing roads are interconnected"), so a
//!   thief goes on it only where the whole road is free. The catalog makes it one road; no
//!   module is needed.
//! - **Advanced variant** (Hans im Glück's, `Variants::labyrinth_advanced`): "If you place the
//!   labyrinth, you may place a meeple on it even if there is already a meeple on one or more
//!   connected roads. It does not matter who owns those meeples" (the dispatch's deployment
//!   check, `labyrinth_admits`); and when the road is completed its majority scores, besides 1
//!   point a tile, "2 points for each meeple standing on the labyrinth or on a connected road",
//!   whoever's, each of several tied players in full (this module).
//!
//! Our readings where the sources are silent (docs/rules.md, "The Labyrinths"): a meeple is any
//! follower on the road, a big follower or a wagon counting one; the bonus is for the completed
//! road only (an incomplete one scores as any road at the end); the exception to the occupied
//! road is for the follower deployed on the labyrinth tile just placed, not for one deployed
//! later through a magic gate or onto an earlier tile.

use crate::catalog::{FeatureKind, FeatureSpec};
use crate::events::Breakdown;
use crate::features::NodeId;
use crate::table::Table;

use super::hooks::{Hook, Hooks, Module};

/// Points the majority of a completed labyrinth road scores for each follower on it (the
/// advanced variant).
pub const LABYRINTH_FOLLOWER_POINTS: u16 = 2;

#[derive(Clone, Debug, Default)]
pub(crate) struct Labyrinths;

/// Under the advanced variant, whether a follower may go on road segment `spec` of the tile
/// just placed though its road is occupied: the segment is the labyrinth.
pub(crate) fn labyrinth_admits(table: &Table, spec: &FeatureSpec) -> bool {
    spec.attrs.labyrinth && table.rules.variants.labyrinth_advanced
}

impl Module for Labyrinths {
    const HOOKS: Hooks = Hooks::of(&[Hook::AdjustValue]);

    /// A completed road through a labyrinth: 2 points more to its majority for each follower
    /// on it.
    fn adjust_value(&self, table: &Table, root: NodeId, completed: bool, value: &mut Breakdown) {
        if !completed || table.features.kind(root) != FeatureKind::Road {
            return;
        }
        let through_labyrinth = table.features.members(root).any(|m| table.segment_spec(m).1.attrs.labyrinth);
        if through_labyrinth {
            let followers =
                table.figures.iter().filter(|f| f.figure.is_follower() && table.features.find(f.node) == root).count()
                    as u16;
            value.labyrinth_followers = followers;
            value.labyrinth_value = LABYRINTH_FOLLOWER_POINTS;
        }
    }
}
