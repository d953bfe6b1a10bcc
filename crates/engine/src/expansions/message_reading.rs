//! The Messages' decisions ([`Pending::ScoringFigure`], [`Pending::Message`]): what each
//! message scores, their legal actions, checks and effects. They read the other modules (a
//! feature's value with the modules' adjustments, a farm's rate, the figures a follower leaves
//! behind), so they are methods of [`Modules`], apart from the module's state
//! (`expansions::messages`) that the dispatch calls.

use crate::actions::{Action, Pending};
use crate::catalog::FeatureKind;
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::players::{MessageTile, PlayerId};
use crate::table::Table;

use super::messages::{
    smallest_of, Messages, ScoringFigures, FARMER_POINTS, KNIGHT_POINTS, PENNANT_POINTS, SEAL_POINTS,
};
use super::Modules;

impl Modules {
    /// The Messages: what message `message` is worth to `player` now (0 where it has nothing
    /// to score, which its checks do not let happen for messages 1 to 3; messages 4 and 8 score
    /// elsewhere).
    fn message_points(&self, table: &mut Table, player: PlayerId, message: MessageTile) -> u32 {
        if let Some(kind) = smallest_of(message) {
            let roots = Messages::features_with_follower(table, player, kind);
            return roots.into_iter().map(|root| self.final_value(table, root, player)).min().unwrap_or(0);
        }
        match message {
            MessageTile::Pennants => {
                let cities = Messages::features_with_follower(table, player, FeatureKind::City);
                PENNANT_POINTS * cities.iter().map(|&c| u32::from(table.features.pennants(c))).sum::<u32>()
            }
            MessageTile::Knights => KNIGHT_POINTS * Messages::followers_on(table, player, FeatureKind::City),
            MessageTile::Farmers => FARMER_POINTS * Messages::followers_on(table, player, FeatureKind::Field),
            _ => 0,
        }
    }

    /// What feature `root` would pay `player` in the final scoring now, whoever holds it (a
    /// farm: its completed cities at `player`'s rate, 4 each under the first edition's farmers).
    fn final_value(&self, table: &mut Table, root: NodeId, player: PlayerId) -> u32 {
        if table.features.kind(root) == FeatureKind::Field {
            use crate::base::farms::{self, FarmRules};
            let cities = farms::cities_of_farm(table, root);
            let base = match table.rules.variants.farmer_scoring {
                crate::rules::FarmerScoring::FirstEdition => farms::FIRST_EDITION_CITY_VALUE,
                _ => farms::CITY_VALUE,
            };
            let per_city = base + self.bonus(table, &[root], player);
            return farms::farm_breakdown(table, root, &cities, per_city, self).total();
        }
        let mut breakdown = crate::base::feature_value(table, root, false);
        self.adjust_value(table, root, false, &mut breakdown);
        breakdown.total()
    }

    /// The Messages' decisions' legal actions.
    pub(crate) fn each_message_choice(&self, table: &Table, pending: Pending, mut visit: impl FnMut(Action) -> bool) {
        match pending {
            Pending::ScoringFigure { .. } => {
                let _ = visit(Action::MoveScoringFigure { messenger: false })
                    || visit(Action::MoveScoringFigure { messenger: true });
            }
            Pending::Message { player, message } => {
                if visit(Action::ReadMessage { perform: false }) {
                    return;
                }
                match message {
                    MessageTile::ScoreFollower => {
                        // Two like followers on one place are one choice (the record names a
                        // follower by its place).
                        for i in 0..table.figures.len() {
                            let f = &table.figures[i];
                            let twin = table.figures[..i]
                                .iter()
                                .any(|g| g.owner == f.owner && g.figure == f.figure && g.node == f.node);
                            if !twin
                                && Messages::follower_scorable(table, player, i)
                                && visit(Action::MessageFollower { figure: i as u8 })
                            {
                                return;
                            }
                        }
                    }
                    // Messages 1 to 3 need a feature of the kind with one of the player's
                    // followers.
                    m if smallest_of(m)
                        .is_some_and(|kind| Messages::features_with_follower(table, player, kind).is_empty()) => {}
                    _ => {
                        visit(Action::ReadMessage { perform: true });
                    }
                }
            }
            _ => {}
        }
    }

    pub(crate) fn check_message_choice(
        &self,
        table: &Table,
        pending: Pending,
        action: Action,
    ) -> Result<(), RuleError> {
        match (pending, action) {
            (Pending::ScoringFigure { .. }, Action::MoveScoringFigure { .. }) => Ok(()),
            (Pending::Message { .. }, Action::ReadMessage { perform: false }) => Ok(()),
            (Pending::Message { message: MessageTile::ScoreFollower, .. }, Action::ReadMessage { perform: true }) => {
                Err(RuleError::MessageNeedsFollower)
            }
            (Pending::Message { player, message }, Action::ReadMessage { perform: true }) => {
                match smallest_of(message) {
                    Some(kind) if Messages::features_with_follower(table, player, kind).is_empty() => {
                        Err(RuleError::MessageNothingToScore(kind))
                    }
                    _ => Ok(()),
                }
            }
            (Pending::Message { player, message: MessageTile::ScoreFollower }, Action::MessageFollower { figure }) => {
                if Messages::follower_scorable(table, player, figure as usize) {
                    Ok(())
                } else {
                    Err(RuleError::MessageNoSuchFollower(figure))
                }
            }
            (Pending::Message { .. }, Action::MessageFollower { .. }) => Err(RuleError::MessageNotScoreFollower),
            _ => Err(RuleError::wrong_decision(pending, action)),
        }
    }

    /// Applies a decision of The Messages; the round's next decision, if any.
    pub(crate) fn apply_message_choice(
        &mut self,
        table: &mut Table,
        pending: Pending,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Option<Pending> {
        match (pending, action) {
            (Pending::ScoringFigure { player, points }, Action::MoveScoringFigure { messenger }) => {
                let f = &mut self.messages.figures[player as usize];
                let carried = if messenger { &mut f.messenger } else { &mut f.follower };
                *carried += points;
                let to = *carried;
                events.push(Event::ScoringFigureMoved { player, messenger, points, to });
                // Only the player whose turn it is reads messages, one a round; under the Z-Man
                // Games rules, not where another player's scoring figure stands.
                if player == table.current && ScoringFigures::dark(to) && !self.messages.shared_space(table, player, to)
                {
                    self.messages.owed = true;
                }
            }
            (Pending::Message { player, message }, action) => {
                self.messages.stack.push(message);
                let (performed, points) = match action {
                    Action::ReadMessage { perform: false } => (false, SEAL_POINTS),
                    Action::MessageFollower { figure } => {
                        let root = table.features.find(table.figures[figure as usize].node);
                        (true, self.final_value(table, root, player))
                    }
                    _ if message == MessageTile::ExtraTile => {
                        self.messages.extra_tiles += 1;
                        (true, 0)
                    }
                    _ => (true, self.message_points(table, player, message)),
                };
                table.players[player as usize].score += points;
                events.push(Event::MessageScored { player, message, performed, points });
                // Message 8: the follower scored goes home (and a builder or pig left alone).
                if let Action::MessageFollower { figure } = action {
                    let f = table.take_figure(figure as usize);
                    let root = table.features.find(f.node);
                    events.push(table.returned(&f));
                    self.follower_left(table, root, player, events);
                }
            }
            _ => unreachable!("checked: a decision of The Messages"),
        }
        self.messages.next_decision(table, events)
    }
}
