//! The dispatch of the scoring hooks (step 3B and the final scoring's features), kept apart
//! from `mod.rs` so that the dispatch file stays short as modules are added.

use super::dispatch::each_module;
use super::hooks::Module;
use super::{set_bits, Hook, Leaving, ModuleId, Modules};
use crate::events::{Breakdown, Event};
use crate::features::NodeId;
use crate::players::PlayerSet;
use crate::table::Table;

impl Modules {
    /// 3B, a road, city or cloister completed this turn is about to pay its majority (The
    /// Watchtowers).
    #[inline]
    pub(crate) fn before_payment(&mut self, table: &mut Table, root: NodeId, events: &mut Vec<Event>) {
        each_module!(self, self.implementing(Hook::BeforePayment), |mut m| m.before_payment(table, root, events));
    }

    #[inline]
    pub(crate) fn adjust_value(&self, table: &Table, root: NodeId, completed: bool, value: &mut Breakdown) {
        each_module!(self, self.implementing(Hook::AdjustValue), |m| m.adjust_value(table, root, completed, value));
    }

    #[inline]
    pub(crate) fn feature_scored(
        &mut self,
        table: &mut Table,
        root: NodeId,
        leaving: Leaving,
        events: &mut Vec<Event>,
    ) {
        each_module!(self, self.implementing(Hook::FeatureScored), |mut m| m
            .feature_scored(table, root, leaving, events));
    }

    #[inline]
    pub(crate) fn feature_completed(
        &mut self,
        table: &mut Table,
        root: NodeId,
        players: PlayerSet,
        events: &mut Vec<Event>,
    ) {
        each_module!(self, self.implementing(Hook::FeatureCompleted), |mut m| m
            .feature_completed(table, root, players, events));
    }
}
