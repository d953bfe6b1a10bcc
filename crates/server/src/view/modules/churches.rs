//! The Darmstadt Churches' view: the bonus a completed church pays the most followers around
//! it. The churches themselves are drawn and named with their tiles ("a church"), and their
//! monks are monks: a church is a cloister for every rule.

use carcassonne_engine::{Event, Game, Phase, PlayerId};
use serde_json::json;

use super::hooks::{Counted, Names, ViewModule};
use crate::words;

pub(crate) struct Churches;

impl ViewModule for Churches {
    fn event(&self, _game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let Event::ChurchBonus { pos, players, followers, points } = *event else { return None };
        let seats: Vec<PlayerId> = players.iter().collect();
        let who: Vec<String> = seats.iter().map(|&s| names.of(s)).collect();
        let verb = if seats.len() == 1 { "scores" } else { "each score" };
        let s = if followers == 1 { "" } else { "s" };
        Some((
            json!({
                "type": "church-bonus", "seats": seats, "x": pos.x, "y": pos.y,
                "followers": followers, "points": points,
            }),
            format!(
                "{} {verb} {points} more for the church on {}: the most followers on its tile and the eight around it ({followers} follower{s})",
                words::join_and(&who),
                words::tile_at(pos)
            ),
        ))
    }

    fn counted(&self, event: &Event) -> Option<Counted> {
        matches!(event, Event::ChurchBonus { .. }).then_some(Counted::As("church", Phase::Turn))
    }
}
