//! The Games Quarterly tiles (seed 001, "THE GAMES QUARTERLY EXPANSION"): 10 land tiles join
//! the pile (its 2 river tiles only with a river); they bring no rule of their own.
//!
//! One house rule is offered: the pigs drawn on the GQ field tile are "just a field" officially
//! (footnote 116), but "this would be a house rule" (footnote 117) to count them as a pig-herd
//! (`Variants::gq_pig_herd`, off by default). Such a herd is scored as the River II's
//! (`river::pig_herd_bonus`, under the same condition); when a river is in play, the river
//! module scores it.

use crate::board::PlacementIndex;
use crate::features::NodeId;
use crate::players::PlayerId;
use crate::rules::Rules;
use crate::table::Table;

use super::hooks::{Hook, Hooks, Module};
use super::river::{pig_herd_bonus, pig_herds_count};

#[derive(Clone, Debug, Default)]
pub(crate) struct GamesQuarterly {
    /// The house rule: the GQ pigs are a pig-herd.
    pigs_are_a_herd: bool,
    /// Whether pig-herds score (with Traders & Builders, or by the variant).
    herds_count: bool,
}

impl GamesQuarterly {
    pub(crate) fn new(rules: &Rules) -> GamesQuarterly {
        GamesQuarterly { pigs_are_a_herd: rules.variants.gq_pig_herd, herds_count: pig_herds_count(rules) }
    }
}

impl Module for GamesQuarterly {
    const HOOKS: Hooks = Hooks::of(&[Hook::TilePut, Hook::FarmBonus]);

    fn tile_put(&mut self, table: &mut Table, placement: PlacementIndex) {
        if !self.pigs_are_a_herd {
            return;
        }
        let placed = *table.board.placement(placement);
        for (i, spec) in table.design(placed.tile).features.iter().enumerate() {
            if spec.attrs.pigs_drawn {
                let root = table.features.find_mut(placed.first_node + i as NodeId);
                table.features.add_pig_herd(root);
            }
        }
    }

    fn farm_bonus(&self, table: &Table, farm: NodeId, _player: PlayerId) -> u16 {
        if self.pigs_are_a_herd && self.herds_count && !table.rules.river_in_play() {
            pig_herd_bonus(table, farm)
        } else {
            0
        }
    }
}
