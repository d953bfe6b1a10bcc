//! The Darmstadt Churches (Darmstadt Spielt 2014, first edition only; the Wikicarpedia page
//! "Darmstadt Promo (1st edition)", "Church Tiles"; the Assembled Game Reference's steps 3A,
//! "Darmstadt Promo churches completed by tile placement ...", and 3B, "Darmstadt churches"
//! among the points tallied for a completed feature).
//!
//! - The two church tiles "are treated as cloisters": placed, occupied (a monk, an abbot, a
//!   wagon), completed and scored as cloisters (the catalog's `cloister church`, a cloister for
//!   every rule of the engine), incomplete churches in the final scoring as incomplete
//!   cloisters. Whatever else treats cloisters (a shrine's race, a besieged city's escape, the
//!   watchtower of monasteries) treats them too.
//! - When a church is completed during the game, it is first scored as a cloister; then the
//!   player with the most followers on the church's tile and the eight tiles around it scores 3
//!   points more, every player tied for the most as well ([`CHURCH_BONUS`],
//!   `Event::ChurchBonus`). Nothing more for a church still incomplete at the end.
//!
//! Our readings (docs/rules.md, "The Darmstadt Churches"), with JCloisterZone's church rule as
//! the second opinion: followers are counted, one each (a big follower is one follower here, as
//! the rule speaks of followers, not of strength): every follower (not a builder, a pig or a
//! barn) of any player, on any feature of the nine tiles (a farmer too), the monk of the church
//! included, as they stand when the church is scored; the bonus is paid whether or not the
//! church itself is occupied.

use crate::catalog::FeatureKind;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::PlayerSet;
use crate::table::Table;

use super::hooks::{Hook, Hooks, Leaving, Module};

/// The points a completed church pays each player with the most followers around it.
pub const CHURCH_BONUS: u32 = 3;

#[derive(Clone, Debug, Default)]
pub(crate) struct Churches {
    /// The church completed this turn about to be scored (`before_payment`), whose bonus
    /// follows its score (`feature_scored`): only a church completed during the game pays it.
    completing: Option<NodeId>,
}

/// The players with the most followers on the tile at `pos` and the eight around it, and how
/// many each has (0 and nobody when none stands there).
pub(crate) fn most_followers_around(table: &Table, pos: Pos) -> (PlayerSet, u8) {
    let counts = table.followers_around(pos);
    let most = counts.iter().copied().max().unwrap_or(0);
    let players = PlayerSet::majority(&counts);
    (players, most)
}

impl Module for Churches {
    const HOOKS: Hooks = Hooks::of(&[Hook::BeforePayment, Hook::FeatureScored]);

    /// A church completed this turn is about to be scored.
    fn before_payment(&mut self, table: &mut Table, root: NodeId, _events: &mut Vec<Event>) {
        if table.features.kind(root) == FeatureKind::Cloister {
            let (pos, _) = table.locate(root);
            let church = table.board.get(pos).is_some_and(|placed| table.design(placed.tile).is_church());
            self.completing = church.then_some(root);
        }
    }

    /// The completed church was scored as a cloister: the bonus to the most followers around
    /// it, before its figures go home.
    fn feature_scored(&mut self, table: &mut Table, root: NodeId, _leaving: Leaving, events: &mut Vec<Event>) {
        if self.completing != Some(root) {
            return;
        }
        self.completing = None;
        let (pos, _) = table.locate(root);
        let (players, followers) = most_followers_around(table, pos);
        if players.is_empty() {
            return;
        }
        for p in players.iter() {
            table.players[p as usize].score += CHURCH_BONUS;
        }
        events.push(Event::ChurchBonus { pos, players, followers, points: CHURCH_BONUS });
    }
}
