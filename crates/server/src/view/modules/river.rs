//! The River's view: the volcano lake's extra turn (the variant `volcano-lake=extra-turn`).

use carcassonne_engine::Event;
use serde_json::json;

use super::hooks::{Names, ViewModule};

pub(crate) struct River;

impl ViewModule for River {
    fn event(
        &self,
        _game: &carcassonne_engine::Game,
        names: &Names<'_>,
        event: &Event,
    ) -> Option<(serde_json::Value, String)> {
        let Event::ExtraTurn { player } = *event else { return None };
        Some((
            json!({"type": "extra-turn", "seat": player}),
            format!("The volcano lake gives {} another turn", names.of(player)),
        ))
    }
}
