//! The dispatch of the scoring hooks (step 3B and the final scoring's features, the farms'
//! hooks for `base::farms`), kept apart from `mod.rs` so that the dispatch file stays short as
//! modules are added.

use super::dispatch::each_module;
use super::hooks::Module;
use super::{set_bits, Hook, Leaving, ModuleId, Modules};
use crate::base;
use crate::events::{Breakdown, Event};
use crate::features::NodeId;
use crate::players::{PlayerId, PlayerSet};

use super::miners;
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

/// The farm scoring's hooks, for `base::farms`.
impl base::farms::FarmRules for Modules {
    /// Each module's best bonus over the farms.
    #[inline]
    fn bonus(&self, table: &Table, farms: &[NodeId], player: PlayerId) -> u16 {
        let mut bonus = 0;
        each_module!(self, self.implementing(Hook::FarmBonus), |m| {
            bonus += farms.iter().map(|&farm| m.farm_bonus(table, farm, player)).max().unwrap_or(0)
        });
        bonus
    }

    #[inline]
    fn doubled(&self, table: &Table, city: NodeId) -> bool {
        each_module!(
            self,
            self.implementing(Hook::DoublesCityForFarms),
            |m| if m.doubles_city_for_farms(table, city) {
                return true;
            }
        );
        false
    }

    #[inline]
    fn city_farmers(&self, table: &Table, city: NodeId) -> [u8; crate::players::MAX_PLAYERS] {
        if table.rules.variants.mountains {
            miners::miners_for_city(table, city)
        } else {
            [0; crate::players::MAX_PLAYERS]
        }
    }

    #[inline]
    fn scored(&mut self, table: &mut Table, farm: NodeId, events: &mut Vec<Event>) {
        self.feature_scored(table, farm, Leaving::All, events);
    }

    #[inline]
    fn adjust(&self, table: &Table, farm: NodeId, value: &mut Breakdown) {
        self.adjust_value(table, farm, false, value);
    }
}
