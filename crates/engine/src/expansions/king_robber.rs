//! King & Scout (seed 001, "KING AND SCOUT"): 5 tiles, the king and the robber baron.
//!
//! The player who completes a city larger, in tiles, than every city completed before takes
//! the king; the robber baron goes likewise with roads (footnote 47: "the city which consists of
//! the most land tiles"; a feature only as large as the record does not take it). At the end
//! the king's holder scores 1 point per completed city, the robber baron's 1 per completed road.

use crate::catalog::FeatureKind;
use crate::events::{Event, Token};
use crate::features::NodeId;
use crate::players::PlayerId;
use crate::table::Table;

use super::hooks::{Hook, Hooks, Module};

/// The tokens and the completed features they pay for.
#[derive(Clone, Debug, Default)]
pub(crate) struct KingRobber {
    /// The holder of the king (robber baron) with the size of the city (road) that won it.
    king: Option<(PlayerId, u16)>,
    robber_baron: Option<(PlayerId, u16)>,
    completed_cities: u16,
    completed_roads: u16,
}

impl KingRobber {
    /// The holder of a token, with the size of the feature that won it.
    pub(crate) fn holder(&self, token: Token) -> Option<(PlayerId, u16)> {
        match token {
            Token::King => self.king,
            Token::RobberBaron => self.robber_baron,
        }
    }
}

impl Module for KingRobber {
    const HOOKS: Hooks = Hooks::of(&[Hook::FeatureCompleted, Hook::FinalScoring]);

    fn feature_completed(&mut self, table: &mut Table, root: NodeId, events: &mut Vec<Event>) {
        let (holder, token) = match table.features.kind(root) {
            FeatureKind::City => {
                self.completed_cities += 1;
                (&mut self.king, Token::King)
            }
            FeatureKind::Road => {
                self.completed_roads += 1;
                (&mut self.robber_baron, Token::RobberBaron)
            }
            _ => return,
        };
        let tiles = table.features.tile_count(root, &mut table.scratch.0);
        let player = table.current;
        if holder.is_none_or(|(_, best)| tiles > best) {
            *holder = Some((player, tiles));
            events.push(Event::TokenTaken { player, token, tiles });
        }
    }

    fn final_scoring(&mut self, table: &mut Table, events: &mut Vec<Event>) {
        for (token, count) in [(Token::King, self.completed_cities), (Token::RobberBaron, self.completed_roads)] {
            if let Some((player, _)) = self.holder(token) {
                table.players[player as usize].score += count as u32;
                events.push(Event::TokenScored { player, token, count, points: count as u32 });
            }
        }
    }
}
