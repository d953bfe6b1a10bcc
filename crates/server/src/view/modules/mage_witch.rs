//! Mage & Witch's view: where the mage and the witch stand (`magic`), the decision after a
//! magic tile or a join (`magic`: move one of them, or take one off where neither can move), the
//! words of its choices and its events.

use carcassonne_engine::{Action, Event, Expansion, Game, MagicFigure, Pending, PlayerId, Pos};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Legal, Names, ViewContext, ViewModule};
use crate::view::anchors::{anchor, feature_name};
use crate::view::fields::Fields;
use crate::view::parts::PendingView;
use crate::words;

pub(crate) struct MageWitch;

/// How far a magic figure stands from a follower's spot on the same feature (tile units), so
/// that both show.
const BESIDE_FOLLOWER: [f32; 2] = [0.17, -0.06];

/// A magic figure on the board: the segment it stands on and where it is drawn.
#[derive(Clone, Debug, Serialize)]
pub struct MagicView {
    pub figure: MagicFigure,
    pub x: i16,
    pub y: i16,
    /// The feature's name in the record notation (`city@N`).
    pub feature: String,
    pub at: Option<[f32; 2]>,
    pub label: String,
}

/// The decision after a magic tile or a join: `seat` moves the mage or the witch.
#[derive(Serialize)]
struct MagicDecision {
    seat: PlayerId,
}

/// Where a magic figure on `feature` of the tile at `pos` is drawn.
fn magic_anchor(game: &Game, pos: Pos, feature: u8) -> Option<[f32; 2]> {
    anchor(game, pos, feature).map(|[x, y]| [x + BESIDE_FOLLOWER[0], y + BESIDE_FOLLOWER[1]])
}

/// "the road running east and west, at (1, 0)".
fn spot_words(game: &Game, pos: Pos, feature: u8) -> String {
    format!("{} {}", words::feature_words(game, pos, feature), words::place_words(pos))
}

impl ViewModule for MageWitch {
    fn pending(&self, _game: &Game, pending: Pending) -> Option<PendingView> {
        let Pending::MageWitch { player } = pending else { return None };
        Some(PendingView::new("magic", MagicDecision { seat: player }))
    }

    fn legal(&self, game: &Game, _pending: Pending, action: Action) -> Option<Legal> {
        match action {
            Action::MoveMagic { figure, pos, feature } => {
                let verb = if game.magic_figure(figure).is_some() { "move" } else { "bring" };
                let label = format!("{verb} the {} onto {}", figure.name(), spot_words(game, pos, feature));
                Some((magic_anchor(game, pos, feature), label))
            }
            Action::RemoveMagic { figure } => Some((None, format!("take the {} off the board", figure.name()))),
            _ => None,
        }
    }

    /// `magic`, the figures on the board (none beside it).
    fn board(&self, cx: &ViewContext<'_>, fields: &mut Fields) {
        if !cx.game.rules().has(Expansion::MageWitch) {
            return;
        }
        let magic: Vec<MagicView> = MagicFigure::ALL
            .into_iter()
            .filter_map(|figure| {
                let (pos, feature) = cx.game.magic_figure(figure)?;
                Some(MagicView {
                    figure,
                    x: pos.x,
                    y: pos.y,
                    feature: feature_name(cx.game, pos, feature),
                    at: magic_anchor(cx.game, pos, feature),
                    label: format!("the {} on {}", figure.name(), spot_words(cx.game, pos, feature)),
                })
            })
            .collect();
        fields.set("magic", magic);
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        Some(match *event {
            Event::MagicMoved { player, figure, from, pos, feature } => (
                json!({"type": "magic-moved", "seat": player, "figure": figure, "x": pos.x, "y": pos.y,
                    "feature": feature_name(game, pos, feature),
                    "from_x": from.map(|(p, _)| p.x), "from_y": from.map(|(p, _)| p.y)}),
                format!(
                    "{} {} the {} onto {}",
                    names.of(player),
                    if from.is_some() { "moves" } else { "brings" },
                    figure.name(),
                    spot_words(game, pos, feature)
                ),
            ),
            Event::MagicRemoved { figure, pos, scored, .. } => (
                json!({"type": "magic-removed", "figure": figure, "x": pos.x, "y": pos.y, "scored": scored}),
                if scored {
                    format!(
                        "The {} leaves the board with the feature scored {}",
                        figure.name(),
                        words::place_words(pos)
                    )
                } else {
                    format!("The {} leaves the board: no unfinished road or city is left for it", figure.name())
                },
            ),
            _ => return None,
        })
    }
}
