//! Inns & Cathedrals (seed 001, "INNS AND CATHEDRALS"): 18 tiles, inns on roads, cathedrals in
//! cities, and one big follower per player.
//!
//! - The big follower is deployed like a follower and "counts as two followers" when the
//!   majority is decided (footnotes 34 and 35): `Figure::BigFollower`, whose deployment the
//!   dispatch sends to the base rule.
//! - A completed road with an inn scores 2 points per tile; one left incomplete at the end
//!   scores nothing. A completed city with a cathedral scores 3 points per tile and per pennant;
//!   one left incomplete scores nothing ("3. Scoring").
//! - Inns and cathedrals count only with this expansion: seed 001, THE RIVER II, "If you don't
//!   possess the relevant expansions, the inn ... [has] no particular significance"; the
//!   Winter Edition's inn likewise.

use crate::catalog::FeatureKind;
use crate::events::Breakdown;
use crate::features::NodeId;
use crate::players::Figure;
use crate::rules::Expansion;
use crate::table::Table;

use super::hooks::{Hook, Hooks, Module};

#[derive(Clone, Debug, Default)]
pub(crate) struct InnsCathedrals;

impl Module for InnsCathedrals {
    const HOOKS: Hooks = Hooks::of(&[Hook::Supply, Hook::AdjustValue]);

    fn supply(&self, figure: Figure) -> u8 {
        (figure == Figure::BigFollower) as u8
    }

    fn adjust_value(&self, table: &Table, root: NodeId, completed: bool, value: &mut Breakdown) {
        let kind = table.features.kind(root);
        let (tile_value, pennant_value) = match kind {
            FeatureKind::Road if table.features.inns(root) > 0 => (if completed { 2 } else { 0 }, 0),
            FeatureKind::City if table.features.cathedrals(root) > 0 => {
                let v = if completed { 3 } else { 0 };
                (v, v)
            }
            _ => return,
        };
        value.tile_value = tile_value;
        value.pennant_value = pennant_value;
    }
}

/// Whether a city holds a cathedral that counts (Inns & Cathedrals in play), for the rules of
/// other expansions that refer to it (a besieged city with a cathedral, The Cathars).
pub(crate) fn has_cathedral(table: &Table, city: NodeId) -> bool {
    table.rules.has(Expansion::InnsCathedrals) && table.features.cathedrals(city) > 0
}
