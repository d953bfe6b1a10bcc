//! The variations "A new lease of life" and "The dash": moving one's figures instead of
//! deploying (settling down, the call of the city, religious war, the highwayman), and rounds
//! bought for a point.

use carcassonne_engine::{Action, Event, Game, Pending, Phase};
use serde_json::json;

use super::hooks::{Counted, Legal, Names, ViewModule};
use crate::view::anchors::{anchor, feature_name};
use crate::view::fields::Fields;
use crate::words;

pub(crate) struct Lease;

impl ViewModule for Lease {
    /// `dash` on a deployment: a round bought with a point (a deployment or move now costs 1
    /// point).
    fn pending_fields(&self, game: &Game, pending: Pending, fields: &mut Fields) {
        if matches!(pending, Pending::Deploy { .. }) && game.in_dash_round() {
            fields.set("dash", true);
        }
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        Some(match (pending, action) {
            (_, Action::MoveFollower { figure, pos, feature }) => {
                let label = match game.figures().get(figure as usize) {
                    Some(f) => {
                        let from = game.board().placement(f.placement).pos;
                        format!(
                            "move your {} {} onto {} {}",
                            words::figure_role_on(game, f.figure, from, f.feature),
                            words::place_words(from),
                            words::feature_words(game, pos, feature),
                            words::place_words(pos)
                        )
                    }
                    None => "a follower's move".into(),
                };
                (anchor(game, pos, feature), label)
            }
            (_, Action::ReligiousWar { pos, feature, knights }) => {
                let knight = |k: u8| {
                    game.figures().get(k as usize).map_or_else(String::new, |f| {
                        let from = game.board().placement(f.placement).pos;
                        format!(
                            "{} {}",
                            words::figure_role_on(game, f.figure, from, f.feature),
                            words::place_words(from)
                        )
                    })
                };
                (
                    anchor(game, pos, feature),
                    format!(
                        "religious war: your {} and your {} drive the monk out of the cloister {}",
                        knight(knights[0]),
                        knight(knights[1]),
                        words::place_words(pos)
                    ),
                )
            }
            (Pending::Deploy { .. }, Action::Pass) if game.in_dash_round() => (None, "stop the dash".into()),
            _ => return None,
        })
    }

    /// "The dash": a round's deployment or move costs a point.
    fn amend_label(&self, game: &Game, action: Action, label: &mut String) {
        if game.in_dash_round() && action != Action::Pass {
            label.push_str(" (1 point)");
        }
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let name = |p| names.of(p);
        Some(match *event {
            Event::FollowerMoved { player, figure, from, from_feature, pos, feature } => (
                json!({"type": "follower-moved", "seat": player, "figure": figure, "from_x": from.x, "from_y": from.y,
                       "from_feature": feature_name(game, from, from_feature), "x": pos.x, "y": pos.y,
                       "feature": feature_name(game, pos, feature)}),
                format!(
                    "{} moves their {} {} onto {} {}",
                    name(player),
                    words::figure_word(figure),
                    words::place_words(from),
                    words::feature_words(game, pos, feature),
                    words::place_words(pos)
                ),
            ),
            Event::PointSacrificed { player } => (
                json!({"type": "point-sacrificed", "seat": player, "points": 1}),
                format!("{} gives up a point for another move (the dash)", name(player)),
            ),
            _ => return None,
        })
    }

    /// A point given up for another deployment or move.
    fn counted(&self, event: &Event) -> Option<Counted> {
        matches!(event, Event::PointSacrificed { .. }).then_some(Counted::As("dash", Phase::Turn))
    }
}
