//! The Vineyards (the eight vineyard tiles of the Hills & Sheep box, Hans im Glück 2014, which
//! the Assembled Game Reference also names on their own; the Wikicarpedia page "Hills & Sheep",
//! "Vineyards"; the reference's step 3B, "Vineyards", among the points of a completed feature):
//! "when a monastery is completed, its owner scores 3 additional points for each vineyard on the
//! 8 tiles surrounding it". One vineyard may count for several monasteries.
//!
//! - Only a completed monastery: at the end of the game an incomplete one scores its tiles
//!   alone (the page's "Final scoring").
//! - "Monastery": every cloister the engine scores as one when completed, so also an abbey
//!   (Abbey & Mayor), a shrine (Heretics and Shrines, as JCloisterZone counts it), a Darmstadt
//!   church and a special monastery's cloister; not a garden (JCloisterZone's optional rule
//!   only) nor Baba Yaga's hut (docs/rules.md, "The Vineyards", our reading).

use crate::catalog::{FeatureKind, Symbol};
use crate::events::Breakdown;
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::table::Table;

use super::hooks::{Hook, Hooks, Module};

pub use crate::events::VINEYARD_POINTS;

#[derive(Clone, Debug, Default)]
pub(crate) struct Vineyards;

/// The vineyard tiles among the eight around `at`.
pub(crate) fn vineyards_around(table: &Table, at: Pos) -> u16 {
    let vineyard =
        |pos: &Pos| table.board.get(*pos).is_some_and(|p| table.design(p.tile).symbols.contains(&Symbol::Vineyard));
    at.ring().iter().filter(|pos| vineyard(pos)).count() as u16
}

impl Module for Vineyards {
    const HOOKS: Hooks = Hooks::of(&[Hook::AdjustValue]);

    /// A completed monastery: 3 points more per vineyard around it.
    fn adjust_value(&self, table: &Table, root: NodeId, completed: bool, value: &mut Breakdown) {
        if completed && table.features.kind(root) == FeatureKind::Cloister {
            let (at, _) = table.locate(root);
            value.vineyards = vineyards_around(table, at);
        }
    }
}
