//! The Crop Circles' view: the choice after a crop circle tile (every player adds a follower or
//! takes one back), each player's addition or return in turn, and the module's events. The
//! circle itself is drawn with its tile.

use carcassonne_engine::catalog::LocalFeature;
use carcassonne_engine::{Action, Event, FeatureKind, Figure, FigureSpot, Game, Pending, PlayerId, Pos};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Legal, Names, ViewModule};
use crate::view::anchors::{anchor, feature_name};
use crate::view::parts::PendingView;
use crate::words;

pub(crate) struct CropCircles;

/// The followers a crop circle of `kind` concerns, in words: "knights (followers in cities)",
/// "thieves (followers on roads)", "farmers (followers on farms)".
fn followers_words(kind: FeatureKind) -> String {
    let role = match kind {
        FeatureKind::City => "knights",
        FeatureKind::Road => "thieves",
        _ => "farmers",
    };
    format!("{role} (followers {} {})", words::preposition(kind), words::kind_plural(kind))
}

/// An added or returned follower's event detail: its seat, kind and place.
fn follower_detail(
    game: &Game,
    kind: &str,
    seat: PlayerId,
    figure: Figure,
    pos: Pos,
    feature: LocalFeature,
) -> serde_json::Value {
    json!({"type": kind, "seat": seat, "figure": figure, "x": pos.x, "y": pos.y, "feature": feature_name(game, pos, feature)})
}

#[derive(Serialize)]
struct ChoiceDecision {
    seat: PlayerId,
    /// The kind of feature whose followers the circle concerns: `city`, `road` or `field`.
    kind: FeatureKind,
}

#[derive(Serialize)]
struct TurnDecision {
    seat: PlayerId,
    /// Who placed the crop circle and chose the action.
    by: PlayerId,
    kind: FeatureKind,
}

impl ViewModule for CropCircles {
    fn pending(&self, _game: &Game, pending: Pending) -> Option<PendingView> {
        Some(match pending {
            Pending::CropCircle { player, kind } => {
                PendingView::new("crop-circle", ChoiceDecision { seat: player, kind })
            }
            Pending::CropAdd { player, by, kind } => {
                PendingView::new("crop-add", TurnDecision { seat: player, by, kind })
            }
            Pending::CropRemove { player, by, kind } => {
                PendingView::new("crop-remove", TurnDecision { seat: player, by, kind })
            }
            _ => return None,
        })
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        Some(match (pending, action) {
            (Pending::CropCircle { kind, .. }, Action::CropCircle { add: true }) => {
                (None, format!("every player may add one of their {} beside one of theirs", followers_words(kind)))
            }
            (Pending::CropCircle { kind, .. }, Action::CropCircle { add: false }) => {
                (None, format!("every player takes one of their {} back", followers_words(kind)))
            }
            (Pending::CropAdd { .. }, Action::DeployAt { pos, figure, feature }) => (
                anchor(game, pos, feature),
                format!("add your {} {}", words::figure_role_on(game, figure, pos, feature), words::place_words(pos)),
            ),
            (Pending::CropAdd { .. }, Action::Pass) => (None, "add no follower".into()),
            (
                Pending::CropRemove { .. },
                Action::ReturnFigure { figure, spot: FigureSpot::Feature { pos, feature } },
            ) => (
                anchor(game, pos, feature),
                format!(
                    "take back your {} {}",
                    words::figure_role_on(game, figure, pos, feature),
                    words::place_words(pos)
                ),
            ),
            _ => return None,
        })
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        Some(match *event {
            Event::CropCircleChosen { player, kind, add } => (
                json!({"type": "crop-circle", "seat": player, "kind": kind, "add": add}),
                if add {
                    format!(
                        "{}'s crop circle: every player may add one of their {} beside one of theirs",
                        names.of(player),
                        followers_words(kind)
                    )
                } else {
                    format!(
                        "{}'s crop circle: every player takes one of their {} back",
                        names.of(player),
                        followers_words(kind)
                    )
                },
            ),
            Event::CropFollowerAdded { player, figure, pos, feature } => {
                let (what, on) = (words::figure_role_on(game, figure, pos, feature), words::place_words(pos));
                let detail = follower_detail(game, "crop-added", player, figure, pos, feature);
                (detail, format!("{} adds a {what} {on} (crop circle)", names.of(player)))
            }
            Event::CropFollowerRemoved { player, figure, pos, feature } => {
                let (what, on) = (words::figure_role_on(game, figure, pos, feature), words::place_words(pos));
                let detail = follower_detail(game, "crop-removed", player, figure, pos, feature);
                (detail, format!("{} takes back their {what} {on} (crop circle)", names.of(player)))
            }
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each kind's followers by their names, with their plural (the browser test once met
    /// "thiefs").
    #[test]
    fn each_kind_of_circle_names_its_followers() {
        assert_eq!(followers_words(FeatureKind::City), "knights (followers in cities)");
        assert_eq!(followers_words(FeatureKind::Road), "thieves (followers on roads)");
        assert_eq!(followers_words(FeatureKind::Field), "farmers (followers on farms)");
    }
}
