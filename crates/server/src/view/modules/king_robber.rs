//! The King & Robber Baron's view: who holds the king and the robber baron, and their events.

use std::collections::BTreeMap;

use carcassonne_engine::{Event, Expansion, Game, Phase, PlayerId, Token};
use serde_json::json;

use super::hooks::{Counted, Names, ViewModule};
use crate::words;

pub(crate) struct KingRobber;

impl ViewModule for KingRobber {
    fn tokens(&self, game: &Game, tokens: &mut BTreeMap<&'static str, Option<PlayerId>>) {
        if game.rules().has(Expansion::KingRobber) {
            for token in [Token::King, Token::RobberBaron] {
                tokens.insert(token.name(), game.token_holder(token).map(|(p, _)| p));
            }
        }
    }

    fn event(&self, _game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let name = |p| names.of(p);
        Some(match *event {
            Event::TokenTaken { player, token, tiles } => (
                json!({"type": "token-taken", "seat": player, "token": token, "tiles": tiles}),
                format!(
                    "{} completes the {} so far ({tiles} tiles) and takes {}",
                    name(player),
                    match token {
                        Token::King => "largest city",
                        Token::RobberBaron => "longest road",
                    },
                    words::token_name(token)
                ),
            ),
            Event::TokenScored { player, token, count, points } => (
                json!({"type": "token-scored", "seat": player, "token": token, "count": count, "points": points}),
                format!(
                    "Final scoring: {} scores {points} with {}, 1 for each of the {count} completed {}",
                    name(player),
                    words::token_name(token),
                    match token {
                        Token::King => "cities",
                        Token::RobberBaron => "roads",
                    }
                ),
            ),
            _ => return None,
        })
    }

    fn counted(&self, event: &Event) -> Option<Counted> {
        match *event {
            Event::TokenScored { token, .. } => Some(Counted::As(token.name(), Phase::Final)),
            _ => None,
        }
    }
}
