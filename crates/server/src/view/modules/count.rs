//! The Count of Carcassonne's view: the city's quarters, the count, the figures waiting there,
//! deployments to the city, the count's moves and the redeployments out of it.

use carcassonne_engine::{Action, CountMoves, Event, FeatureKind, Figure, Game, Pending, PlayerId, Quarter};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Legal, Names, ViewContext, ViewModule};
use crate::view::anchors::{anchor, feature_name};
use crate::view::fields::Fields;
use crate::view::parts::{figure_detail, PendingView, SeatDecision};
use crate::words;

pub(crate) struct Count;

/// The city's four quarters, where the count stands, and who waits in each.
#[derive(Clone, Debug, Serialize)]
pub struct CarcassonneView {
    /// The quarter the count stands in; no figure is redeployed from it.
    pub count: Quarter,
    /// The quarters, clockwise from the castle.
    pub quarters: Vec<QuarterView>,
    /// Where the count stands, in words.
    pub label: String,
}

/// A quarter of Carcassonne.
#[derive(Clone, Debug, Serialize)]
pub struct QuarterView {
    pub quarter: Quarter,
    /// The kind of feature its figures may be redeployed to.
    pub feeds: FeatureKind,
    /// Where the quarter is drawn, in tile units on the board (x east, y south, from the
    /// north-west corner of the tile at (0, 0)).
    pub at: [f32; 2],
    /// The count stands here.
    pub blocked: bool,
    pub residents: Vec<ResidentView>,
    /// The quarter in words, with what it feeds and whether the count blocks it.
    pub label: String,
}

/// A figure waiting in a quarter of Carcassonne.
#[derive(Clone, Debug, Serialize)]
pub struct ResidentView {
    pub seat: PlayerId,
    pub figure: Figure,
    /// The figure in words ("Anna's big follower").
    pub label: String,
}

/// `redeploy`: the `kind` named by `feature` of the tile at (`x`, `y`) is about to be scored;
/// `seat` may move figures from the quarter that feeds it onto it, one at a time, or pass.
/// `label` names the feature in words.
#[derive(Serialize)]
struct RedeployDecision {
    seat: PlayerId,
    x: i16,
    y: i16,
    feature: String,
    kind: FeatureKind,
    label: String,
}

/// Where each quarter of Carcassonne is drawn, in board tile units: the four quadrants of the
/// city's block of tiles, clockwise from the castle at the top right.
fn quarter_anchor(game: &Game, quarter: Quarter) -> [f32; 2] {
    let city = game.board().tiles().iter().filter(|t| game.design(t.tile).partial);
    let (x0, y0, x1, y1) = city.fold((i16::MAX, i16::MAX, i16::MIN, i16::MIN), |(a, b, c, d), t| {
        (a.min(t.pos.x), b.min(t.pos.y), c.max(t.pos.x + 1), d.max(t.pos.y + 1))
    });
    if x0 > x1 {
        return [0.5, 0.5];
    }
    let (cx, cy) = ((x0 + x1) as f32 / 2.0, (y0 + y1) as f32 / 2.0);
    let (dx, dy) = ((x1 - x0) as f32 / 5.0, (y1 - y0) as f32 / 6.0);
    match quarter {
        Quarter::Castle => [cx + dx, cy - dy],
        Quarter::Market => [cx + dx, cy + dy],
        Quarter::Blacksmith => [cx - dx, cy + dy],
        Quarter::Cathedral => [cx - dx, cy - dy],
    }
}

impl ViewModule for Count {
    /// `carcassonne` (the turn's scoring paid others but not `seat`, who may deploy a figure to
    /// a quarter), `count` (`seat` just deployed there and may move the count), `redeploy` and
    /// `final-redeploy` (before the final scoring, one figure out of Carcassonne onto an
    /// incomplete feature or a farm, or pass).
    fn pending(&self, game: &Game, pending: Pending) -> Option<PendingView> {
        Some(match pending {
            Pending::Carcassonne { player } => PendingView::new("carcassonne", SeatDecision { seat: player }),
            Pending::MoveCount { player } => PendingView::new("count", SeatDecision { seat: player }),
            Pending::Redeploy { player, pos, feature } => PendingView::new(
                "redeploy",
                RedeployDecision {
                    seat: player,
                    x: pos.x,
                    y: pos.y,
                    feature: feature_name(game, pos, feature),
                    kind: words::feature_kind(game, pos, feature),
                    label: format!("{} {}", words::feature_words(game, pos, feature), words::place_words(pos)),
                },
            ),
            Pending::FinalRedeploy { player } => PendingView::new("final-redeploy", SeatDecision { seat: player }),
            _ => return None,
        })
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        Some(match (pending, action) {
            // The quarters are drawn where `carcassonne.quarters[].at` says.
            (_, Action::DeployToQuarter { figure, quarter }) => (
                None,
                format!(
                    "deploy your {} to {} of Carcassonne",
                    words::figure_word(figure),
                    words::quarter_words(quarter)
                ),
            ),
            (_, Action::MoveCount { quarter }) => {
                (Some(quarter_anchor(game, quarter)), format!("move the count to {}", words::quarter_words(quarter)))
            }
            (_, Action::Redeploy { figure, pos, feature }) => {
                let kind = words::feature_kind(game, pos, feature);
                (
                    anchor(game, pos, feature),
                    format!(
                        "move your {} from Carcassonne {} {} {}",
                        words::figure_role(figure, kind),
                        words::preposition_of_motion(kind),
                        words::feature_words(game, pos, feature),
                        words::place_words(pos)
                    ),
                )
            }
            (Pending::Carcassonne { .. }, Action::Pass) => (None, "deploy nothing to Carcassonne".into()),
            (Pending::MoveCount { .. }, Action::Pass) => (
                None,
                format!(
                    "leave the count in {}",
                    game.count_quarter().map_or_else(|| "its quarter".into(), words::quarter_words)
                ),
            ),
            (Pending::Redeploy { .. }, Action::Pass) => (None, "none: redeploy no more".into()),
            (Pending::FinalRedeploy { .. }, Action::Pass) => {
                (None, "none: leave the rest in Carcassonne (they score nothing)".into())
            }
            _ => return None,
        })
    }

    /// `carcassonne`: the quarters of the city, the count and the figures waiting there.
    fn board(&self, cx: &ViewContext<'_>, fields: &mut Fields) {
        let game = cx.game;
        let Some(count) = game.count_quarter() else { return };
        let quarters = Quarter::ALL
            .into_iter()
            .filter_map(|quarter| {
                let feeds = game.catalog().quarter_feeds(quarter)?;
                let residents: Vec<ResidentView> = game
                    .residents()
                    .iter()
                    .filter(|r| r.quarter == quarter)
                    .map(|r| ResidentView {
                        seat: r.owner,
                        figure: r.figure,
                        label: format!("{}'s {}", cx.seat_name(r.owner), words::figure_word(r.figure)),
                    })
                    .collect();
                let blocked = quarter == count;
                let mut label =
                    format!("{} (to {})", words::capitalized(words::quarter_words(quarter)), words::kind_plural(feeds));
                if blocked {
                    label.push_str(", blocked by the count");
                }
                Some(QuarterView { quarter, feeds, at: quarter_anchor(game, quarter), blocked, residents, label })
            })
            .collect();
        fields.set(
            "carcassonne",
            CarcassonneView { count, quarters, label: format!("The count, in {}", words::quarter_words(count)) },
        );
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let name = |p| names.of(p);
        Some(match *event {
            Event::FigureToQuarter { player, figure, quarter } => (
                json!({"type": "figure-to-quarter", "seat": player, "figure": figure, "quarter": quarter}),
                format!(
                    "{} deploys a {} to {} of Carcassonne",
                    name(player),
                    words::figure_word(figure),
                    words::quarter_words(quarter)
                ),
            ),
            Event::CountMoved { player, quarter } => (
                json!({"type": "count-moved", "seat": player, "quarter": quarter}),
                // Under the official variants the count moves by itself with the deployment.
                if game.rules().variants.count_moves == CountMoves::Free {
                    format!("{} moves the count to {}", name(player), words::quarter_words(quarter))
                } else {
                    format!("The count moves to {}", words::quarter_words(quarter))
                },
            ),
            Event::FigureRedeployed { player, figure, quarter, pos, feature } => {
                let mut detail = figure_detail(game, "figure-redeployed", player, figure, pos, feature);
                detail["quarter"] = json!(quarter);
                let kind = words::feature_kind(game, pos, feature);
                (
                    detail,
                    format!(
                        "{} moves a {} from {} of Carcassonne {} {} {}",
                        name(player),
                        words::figure_role(figure, kind),
                        words::quarter_words(quarter),
                        words::preposition_of_motion(kind),
                        words::feature_words(game, pos, feature),
                        words::place_words(pos)
                    ),
                )
            }
            _ => return None,
        })
    }
}
