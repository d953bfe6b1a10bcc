//! The Festival's view: the returns offered instead of a deployment after a festival tile, and
//! their event. The festival has no pieces of its own: the symbol is drawn with the tile.

use carcassonne_engine::{Action, Event, Figure, FigureSpot, Game, Pending};
use serde_json::json;

use super::hooks::{Legal, Names, ViewModule};
use crate::view::anchors::{anchor, corner_anchor, feature_name};
use crate::words;

pub(crate) struct Festival;

/// Where the figure stood, in words: "on the road running east and west, 2 tiles east of the
/// start tile", "in the market quarter of Carcassonne", "on the north-east corner of the start
/// tile".
fn spot_words(game: &Game, figure: Figure, spot: FigureSpot) -> String {
    match spot {
        FigureSpot::Feature { pos, feature } => {
            format!("{}, {}", words::figure_role_on(game, figure, pos, feature), words::place_words(pos))
        }
        FigureSpot::Quarter(quarter) => {
            format!("{} in {} of Carcassonne", words::figure_word(figure), words::quarter_words(quarter))
        }
        FigureSpot::Corner { pos, corner } => {
            format!("barn on the {} corner of {}", words::corner_words(corner), words::tile_at(pos))
        }
    }
}

impl ViewModule for Festival {
    /// The return's marker stands on the figure (on its tile; a quarter's return is listed in
    /// the panel, where Carcassonne's quarters are named).
    fn legal(&self, game: &Game, _pending: Pending, action: Action) -> Option<Legal> {
        let Action::ReturnFigure { figure, spot } = action else { return None };
        let at = match spot {
            FigureSpot::Feature { pos, feature } => anchor(game, pos, feature),
            FigureSpot::Quarter(_) => None,
            FigureSpot::Corner { corner, .. } => Some(corner_anchor(corner)),
        };
        Some((at, format!("festival: take back your {}", spot_words(game, figure, spot))))
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let Event::FestivalReturned { player, figure, spot } = *event else { return None };
        let detail = match spot {
            FigureSpot::Feature { pos, feature } => json!({"type": "festival-return", "seat": player,
                "figure": figure, "x": pos.x, "y": pos.y, "feature": feature_name(game, pos, feature)}),
            FigureSpot::Quarter(quarter) => {
                json!({"type": "festival-return", "seat": player, "figure": figure, "quarter": quarter})
            }
            FigureSpot::Corner { pos, corner } => json!({"type": "festival-return", "seat": player,
                "figure": figure, "x": pos.x, "y": pos.y, "corner": corner.name()}),
        };
        let text = format!(
            "{} celebrates the festival and takes back their {}",
            names.of(player),
            spot_words(game, figure, spot)
        );
        Some((detail, text))
    }
}
