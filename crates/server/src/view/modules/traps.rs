//! The Vodyanoy's and Solovei Razboynik's view: a follower freed from a trap instead of a
//! deployment, and the events of a follower trapped, freed, and of the Vodyanoy's cost at the
//! end. The traps and their captives are drawn with the tiles (a captive stands on its trap).

use carcassonne_engine::{Action, Event, FigureSpot, Game, Pending, Phase};
use serde_json::json;

use super::hooks::{Counted, Legal, Names, ViewModule};
use crate::view::anchors::{anchor, feature_name};
use crate::words;

pub(crate) struct Traps;

/// The trap of the tile at `pos`, in words: "the Vodyanoy's lake", "Solovei Razboynik's tree".
fn trap_at(game: &Game, pos: carcassonne_engine::Pos) -> &'static str {
    game.board().get(pos).map_or("the trap", |t| words::trap_words(game.design(t.tile)))
}

impl ViewModule for Traps {
    /// Freeing one's follower: the marker stands on the captive, on its trap.
    fn legal(&self, game: &Game, _pending: Pending, action: Action) -> Option<Legal> {
        let Action::ReturnFigure { figure, spot: FigureSpot::Feature { pos, feature } } = action else { return None };
        if words::feature_kind(game, pos, feature) != carcassonne_engine::FeatureKind::Trap {
            return None;
        }
        let label = format!(
            "free your {} from {} ({}) instead of deploying",
            words::figure_word(figure),
            trap_at(game, pos),
            words::place_words(pos)
        );
        Some((anchor(game, pos, feature), label))
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        match *event {
            Event::Trapped { player, figure, from, from_feature, pos, feature } => Some((
                json!({"type": "trapped", "seat": player, "figure": figure, "from_x": from.x, "from_y": from.y,
                    "from_feature": feature_name(game, from, from_feature), "x": pos.x, "y": pos.y,
                    "feature": feature_name(game, pos, feature)}),
                format!(
                    "{}'s {} is caught: it goes into {} on {}",
                    names.of(player),
                    words::figure_role_on(game, figure, from, from_feature),
                    trap_at(game, pos),
                    words::tile_at(pos)
                ),
            )),
            Event::Freed { player, figure, pos, feature } => Some((
                json!({"type": "freed", "seat": player, "figure": figure, "x": pos.x, "y": pos.y,
                    "feature": feature_name(game, pos, feature)}),
                format!("{} frees their {} from {}", names.of(player), words::figure_word(figure), trap_at(game, pos)),
            )),
            Event::VodyanoyPenalty { player, followers, points } => Some((
                json!({"type": "vodyanoy-penalty", "seat": player, "followers": followers, "points": points}),
                format!(
                    "{} loses {points} points for the Vodyanoy: {followers} follower{} in its lake, 2 each",
                    names.of(player),
                    if followers == 1 { "" } else { "s" }
                ),
            )),
            _ => None,
        }
    }

    fn counted(&self, event: &Event) -> Option<Counted> {
        matches!(event, Event::VodyanoyPenalty { .. }).then_some(Counted::As("vodyanoy", Phase::Final))
    }
}
