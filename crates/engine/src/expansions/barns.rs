//! The dispatch's scoring of Abbey & Mayor's barns and of the farms that meet them: a child of
//! the dispatch that `mod.rs` does not import, like `state.rs`.

use super::{house_rules, Modules};
use crate::base;
use crate::events::Event;
use crate::features::NodeId;
use crate::table::Table;

impl Modules {
    /// 3B: a farm whose farmers meet a barn (Abbey & Mayor), scored at once.
    pub(crate) fn score_farm_now(&mut self, table: &mut Table, root: NodeId, events: &mut Vec<Event>) {
        let rate = self.abbey_mayor.farm_rate(root);
        base::farms::score_farm_now(table, self, root, rate, crate::events::Phase::Turn, events);
    }

    /// The final scoring of the barns (Abbey & Mayor, "Scoring barns"): each barn's owner scores
    /// 4 points per completed city of its farm (a besieged city twice), every barn in full.
    pub(crate) fn score_barns(&mut self, table: &mut Table, events: &mut Vec<Event>) {
        if !self.abbey_mayor_in_play {
            return;
        }
        for (barn, farm) in self.abbey_mayor.final_barns(table) {
            let cities = base::farms::cities_of_farm(table, farm);
            let breakdown =
                base::farms::farm_breakdown(table, farm, &cities, house_rules::barn_city_value(table, farm), self);
            let mut players = crate::players::PlayerSet::default();
            players.insert(barn.owner);
            let (_, feature) = table.features.segment(barn.node);
            let mut score = base::farms::farm_score_in(table, farm, players, breakdown, crate::events::Phase::Final);
            (score.pos, score.feature) = (barn.pos, feature);
            events.push(Event::BarnScoring { player: barn.owner, pos: barn.pos, corner: barn.corner });
            table.pay(score, events);
        }
    }
}
