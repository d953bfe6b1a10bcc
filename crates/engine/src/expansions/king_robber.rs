//! King & Scout (seed 001, "KING AND SCOUT"): 5 tiles, the king and the robber baron.
//!
//! The player who completes a city larger, in tiles, than every city completed before takes
//! the king; the robber baron goes likewise with roads (footnote 47: "the city which consists of
//! the most land tiles"; a feature only as large as the record does not take it). At the end
//! the king's holder scores 1 point per completed city, the robber baron's 1 per completed road.
//!
//! The cities the king counts are those completed in play ("As soon as a player completes the
//! first city, he or she should take the king tile"): the city of Carcassonne (The Count), laid
//! out whole at the start and completed by nobody, is not one of them. Footnote 49 makes it a
//! completed city for the farms only; the variant `king-counts-carcassonne` counts it for the
//! king too.

use crate::catalog::FeatureKind;
use crate::events::{Event, Token};
use crate::features::NodeId;
use crate::players::{PlayerId, PlayerSet};
use crate::rules::{Expansion, Rules};
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
    /// The city of Carcassonne is on the table and the king counts it (variant
    /// `king-counts-carcassonne`).
    counts_carcassonne: bool,
}

impl KingRobber {
    pub(crate) fn new(rules: &Rules) -> KingRobber {
        KingRobber {
            counts_carcassonne: rules.has(Expansion::Count) && rules.variants.king_counts_carcassonne,
            ..KingRobber::default()
        }
    }

    /// The holder of a token, with the size of the feature that won it.
    pub(crate) fn holder(&self, token: Token) -> Option<(PlayerId, u16)> {
        match token {
            Token::King => self.king,
            Token::RobberBaron => self.robber_baron,
        }
    }

    /// The completed cities (for the king) or roads (for the robber baron) the token pays a
    /// point for at the end of the game, as things stand: the city of Carcassonne counts as one
    /// more under `king-counts-carcassonne`.
    pub(crate) fn count(&self, token: Token) -> u16 {
        match token {
            Token::King => self.completed_cities + self.counts_carcassonne as u16,
            Token::RobberBaron => self.completed_roads,
        }
    }
}

impl Module for KingRobber {
    const HOOKS: Hooks = Hooks::of(&[Hook::FeatureCompleted, Hook::FinalScoring]);

    fn feature_completed(&mut self, table: &mut Table, root: NodeId, _players: PlayerSet, events: &mut Vec<Event>) {
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
        for token in [Token::King, Token::RobberBaron] {
            let count = self.count(token);
            if let Some((player, _)) = self.holder(token) {
                table.players[player as usize].score += count as u32;
                events.push(Event::TokenScored { player, token, count, points: count as u32 });
            }
        }
    }
}
