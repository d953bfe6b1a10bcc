//! The house rules of seeds 000 and 002 ("House rules", "Common house rule or variant") that
//! change the game mechanically, each a variant of the rules, off by default. Those that change
//! one rule of an expansion live in its module (the river's in `river.rs`); the others are read
//! where the rule they change lives, and this module holds what they need:
//!
//! - "If you place a tile that fills a hole in the playing field by touching something on all
//!   four adjacent sides, you get another turn. [...] (Does not apply to the abbey tile.)"
//!   (viberunner; `hole-filling-extra-turn`): [`HouseRules`].
//! - "The pig-herd tile can still score an extra point per city when there is a barn on the
//!   field." (seed 000, The River II, footnote 43; `pig-herd-counts-for-barn`): [`barn_city_value`].
//! - "Incomplete features at the end of the game do not score points at the end of the game."
//!   (metoth; `incomplete-features-score-nothing`): read by the final scoring
//!   (`game/scoring.rs`).
//! - "unplayable tiles can be put back into the bag rather than set to one side" (dwhitworth;
//!   seed 000's footnote 7: "a tile that cannot be placed could be returned to the bag for later
//!   use"; `unplayable-tiles-back`): read by the draw (`game/turn.rs`).
//!
//! Our readings (docs/rules.md, "House rules"):
//! - A hole is filled when the four places beside the tile all hold tiles (the Count's city
//!   counts). Each hole filled earns one turn more, also in a turn that was itself earned, and
//!   after the builder's second tile when a turn earns both. The abbey is placed instead of a
//!   drawn tile and earns nothing, by the passage.
//! - With the barn, the pig-herd's point is added to each city the barn's farm supplies, so a
//!   barn scores 5 per city (the FAQ's "barn+pig-herd = 5 points", which the FAQ itself refuses)
//!   wherever the pig-herd scores for farmers.

use crate::catalog::Symbol;
use crate::events::Event;
use crate::features::NodeId;
use crate::rules::Rules;
use crate::table::Table;

/// The state of the house rules that have one.
#[derive(Clone, Debug, Default)]
pub(crate) struct HouseRules {
    hole_filling: bool,
    /// Turns earned by filling holes and not yet taken.
    owed_turns: u8,
}

impl HouseRules {
    pub(crate) fn new(rules: &Rules) -> HouseRules {
        HouseRules { hole_filling: rules.variants.hole_filling_extra_turn, owed_turns: 0 }
    }

    /// After a placement: a tile with tiles on its four sides earns a turn (not the abbey).
    #[inline]
    pub(crate) fn tile_placed(&mut self, table: &Table) {
        if self.hole_filling {
            self.note_hole(table);
        }
    }

    #[cold]
    fn note_hole(&mut self, table: &Table) {
        let placed = table.last_placement();
        if table.design(placed.tile).symbols.contains(&Symbol::Abbey) {
            return;
        }
        if crate::geometry::Side::ALL.into_iter().all(|side| table.board.is_occupied(placed.pos.step(side))) {
            self.owed_turns += 1;
        }
    }

    /// At the end of a turn that no module extends: a turn earned by a hole, if any.
    #[inline]
    pub(crate) fn take_extra_turn(&mut self, table: &Table, events: &mut Vec<Event>) -> bool {
        if self.owed_turns == 0 {
            return false;
        }
        self.owed_turns -= 1;
        events.push(Event::HoleFilled { player: table.current });
        true
    }
}

/// The points per city of a barn's farm at the final scoring: Abbey & Mayor's 4, and the
/// pig-herd's 1 under `pig-herd-counts-for-barn` where the pig-herd scores.
pub(crate) fn barn_city_value(table: &Table, farm: NodeId) -> u16 {
    let rules = &table.rules;
    let herd = rules.variants.pig_herd_counts_for_barn
        && super::river::pig_herds_count(rules)
        && super::river::pig_herd_bonus(table, farm) > 0;
    super::abbey_mayor::BARN_CITY_VALUE + herd as u16
}
