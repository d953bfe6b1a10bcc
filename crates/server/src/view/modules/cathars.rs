//! The Cathars' view: a knight's escape from a besieged city.

use carcassonne_engine::{Action, Event, FeatureKind, Game, Pending};

use super::hooks::{Legal, Names, ViewModule};
use crate::view::anchors::anchor;
use crate::view::parts::{figure_detail, PendingView, SeatDecision};
use crate::words;

pub(crate) struct Cathars;

impl ViewModule for Cathars {
    fn pending(&self, _game: &Game, pending: Pending) -> Option<PendingView> {
        let Pending::Escape { player } = pending else { return None };
        Some(PendingView::new("escape", SeatDecision { seat: player }))
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        match (pending, action) {
            (_, Action::Escape { pos, feature }) => Some((
                anchor(game, pos, feature),
                format!("the knight escapes the besieged city {}", words::place_words(pos)),
            )),
            (Pending::Escape { .. }, Action::Pass) => Some((None, "no knight escapes".into())),
            _ => None,
        }
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let Event::Escaped { player, figure, pos, feature } = *event else { return None };
        Some((
            figure_detail(game, "escaped", player, figure, pos, feature),
            format!(
                "{}'s {} escapes the besieged city {} and returns to the supply",
                names.of(player),
                words::figure_role(figure, FeatureKind::City),
                words::place_words(pos)
            ),
        ))
    }
}
