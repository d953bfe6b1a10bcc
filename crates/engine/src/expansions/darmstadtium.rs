//! Darmstadtium (the Darmstadt promotional tiles, Darmstadt Spielt 2014; the Wikicarpedia page
//! "Darmstadt Promo (1st edition)"; the Assembled Game Reference's step 3B, "Darmstadtium"): a
//! tile whose city on all four sides holds the Darmstadtium congress centre.
//!
//! - It is placed by the usual rules ("The Darmstadtium tile must be placed in a city": a city
//!   on all four sides can go nowhere else) and its city is occupied and scored as any city.
//! - "If the Darmstadtium is present in a completed city, the player who has the majority of
//!   followers in that city earns 3 extra points, in addition to the usual points scored for
//!   that city"; on a tie, "each of the players with the majority gets 3 points" (the page's
//!   footnote, a ruling of 3/2015). Every player of the majority is paid the city's points, so
//!   the 3 points are part of the city's value (`Breakdown::darmstadtium`).
//!
//! Our reading (docs/rules.md, "Darmstadtium"): nothing extra for a city still incomplete at
//! the end ("a completed city").

use crate::catalog::{FeatureKind, Symbol};
use crate::events::Breakdown;
use crate::features::NodeId;
use crate::table::Table;

use super::hooks::{Hook, Hooks, Module};

/// The points a completed city holding the Darmstadtium pays its majority on top.
pub const DARMSTADTIUM_POINTS: u16 = 3;

#[derive(Clone, Debug, Default)]
pub(crate) struct Darmstadtium;

/// Whether city `root` holds the Darmstadtium.
pub(crate) fn holds_darmstadtium(table: &Table, root: NodeId) -> bool {
    table.features.members(root).any(|m| table.segment_spec(m).0.symbols.contains(&Symbol::Darmstadtium))
}

impl Module for Darmstadtium {
    const HOOKS: Hooks = Hooks::of(&[Hook::AdjustValue]);

    /// A completed city holding the Darmstadtium: 3 points more to its majority.
    fn adjust_value(&self, table: &Table, root: NodeId, completed: bool, value: &mut Breakdown) {
        if completed && table.features.kind(root) == FeatureKind::City && holds_darmstadtium(table, root) {
            value.darmstadtium = DARMSTADTIUM_POINTS;
        }
    }
}
