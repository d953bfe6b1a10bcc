//! The variation "The battle for completed cloisters": an unfinished cloister scores for the
//! owner's left-hand neighbour.

use carcassonne_engine::{Event, Game, PlayerId};
use serde_json::json;

use super::hooks::{Names, ViewModule};

pub(crate) struct BattleForCloisters;

impl ViewModule for BattleForCloisters {
    fn event(&self, _game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let Event::CloisterToNeighbour { owners } = *event else { return None };
        let owners: Vec<PlayerId> = owners.iter().collect();
        let left: Vec<String> = owners.iter().map(|&p| names.of((p + 1) % names.count().max(1) as PlayerId)).collect();
        Some((
            json!({"type": "cloister-to-neighbour", "seats": owners}),
            format!(
                "The battle for completed cloisters: the unfinished cloister of {} scores for {}",
                owners.iter().map(|&p| names.of(p)).collect::<Vec<_>>().join(" and "),
                left.join(" and ")
            ),
        ))
    }
}
