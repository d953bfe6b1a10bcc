//! The Princess & the Dragon's view: the dragon and its move, the fairy, the set-aside dragon
//! tiles, the magic gate, the princess, and their events.

use carcassonne_engine::{Action, Event, Expansion, FeatureKind, Game, Pending};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Counted, Legal, Names, ViewContext, ViewModule};
use crate::view::anchors::{anchor, feature_name, figure_at, standing_on};
use crate::view::fields::Fields;
use crate::view::parts::{figure_detail, PendingView, SeatDecision};
use crate::words;

pub(crate) struct PrincessDragon;

/// The fairy: its tile and the follower it stands next to.
#[derive(Clone, Debug, Serialize)]
pub struct FairyView {
    pub x: i16,
    pub y: i16,
    /// Where on the tile it stands (beside its follower), in tile units.
    pub at: [f32; 2],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<carcassonne_engine::PlayerId>,
    /// The fairy and where it stands, in words.
    pub label: String,
}

/// A dragon's move in progress.
#[derive(Clone, Debug, Serialize)]
pub struct DragonMoveView {
    pub steps_left: u8,
    /// The tiles visited so far, from where the move began; it may not enter them again.
    pub visited: Vec<[i16; 2]>,
}

impl ViewModule for PrincessDragon {
    /// `dragon`: `seat` moves the dragon one step (`dragon_move` says how many are left and
    /// where it has been).
    fn pending(&self, _game: &Game, pending: Pending) -> Option<PendingView> {
        let Pending::MoveDragon { player } = pending else { return None };
        Some(PendingView::new("dragon", SeatDecision { seat: player }))
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        Some(match action {
            Action::DeployAt { pos, figure, feature } => (
                anchor(game, pos, feature),
                format!(
                    "through the magic gate: {}, {}",
                    words::figure_on(game, figure, pos, feature),
                    words::place_words(pos)
                ),
            ),
            Action::MoveFairy { pos, feature } => (
                anchor(game, pos, feature),
                format!(
                    "move the fairy next to your {}, {}",
                    words::figure_role_on(game, figure_at(game, pos, feature), pos, feature),
                    words::place_words(pos)
                ),
            ),
            Action::RemoveKnight { pos, feature } => {
                let owner = standing_on(game, pos, feature).map(|f| f.owner);
                // The princess may send home one's own knight too: then it is "your" knight.
                let whose = match owner {
                    Some(owner) if Some(owner) == pending.player() => "your".to_string(),
                    Some(owner) => format!("the {}", game.player(owner).color.name()),
                    None => "the".to_string(),
                };
                (
                    anchor(game, pos, feature),
                    format!(
                        "the princess sends {whose} {} home from the city {}",
                        words::figure_role(figure_at(game, pos, feature), FeatureKind::City),
                        words::place_words(pos)
                    ),
                )
            }
            Action::MoveDragon { pos } => (Some([0.5, 0.5]), format!("move the dragon onto {}", words::tile_at(pos))),
            _ => return None,
        })
    }

    /// `dragon` (its tile) and `dragon_label`, `fairy`, `dragon_move` during a move, and the
    /// dragon tiles `set_aside` until the dragon comes into play (catalog ids).
    fn board(&self, cx: &ViewContext<'_>, fields: &mut Fields) {
        let game = cx.game;
        if let Some(p) = game.dragon() {
            fields.set("dragon", [p.x, p.y]);
            fields.set("dragon_label", format!("The dragon, on {}", words::tile_at(p)));
        }
        if let Some((pos, next_to)) = game.fairy() {
            let at = next_to.and_then(|f| anchor(game, pos, f.feature)).map_or([0.3, 0.3], |[x, y]| {
                // Beside the follower, not on it.
                [(x + 0.16).min(0.92), (y - 0.12).max(0.08)]
            });
            let label = match next_to {
                Some(f) => format!(
                    "the fairy, next to {}",
                    words::owned_figure_on(game, cx.seat_name(f.owner), f.figure, pos, f.feature)
                ),
                None => format!("the fairy, alone {}", words::place_words(pos)),
            };
            fields.set("fairy", FairyView { x: pos.x, y: pos.y, at, seat: next_to.map(|f| f.owner), label });
        }
        if let Some((steps_left, visited)) = game.dragon_move() {
            fields.set(
                "dragon_move",
                DragonMoveView { steps_left, visited: visited.iter().map(|p| [p.x, p.y]).collect() },
            );
        }
        let set_aside: Vec<String> = game.tiles_set_aside().iter().map(|&t| game.design(t).id.clone()).collect();
        if !set_aside.is_empty() {
            fields.set("set_aside", set_aside);
        }
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let name = |p| names.of(p);
        let tile_words = |t| words::tile_name(game.design(t));
        Some(match *event {
            Event::TileSetAside { player, tile } => (
                json!({"type": "tile-set-aside", "seat": player, "tile": game.design(tile).id.clone()}),
                format!(
                    "{} draws {}; the dragon is not in play yet, so it is set aside and {} draws again",
                    name(player),
                    tile_words(tile),
                    name(player)
                ),
            ),
            Event::TilesMixedIn { count } => {
                // The Plague mixes its sources in too (after 17 land tiles); the event does not
                // say whose tiles they are, so with both expansions the words name neither.
                let rules = game.rules();
                let kind = match (rules.has(Expansion::PrincessDragon), rules.has(Expansion::Plague)) {
                    (false, true) => "plague source tile",
                    (true, true) => "tile",
                    _ => "dragon tile",
                };
                (
                    json!({"type": "tiles-mixed-in", "count": count}),
                    format!(
                        "The {} set aside {} mixed into the face-down tiles",
                        if count == 1 { kind.to_string() } else { format!("{count} {kind}s") },
                        if count == 1 { "is" } else { "are" }
                    ),
                )
            }
            Event::DragonPlaced { pos } => (
                json!({"type": "dragon-placed", "x": pos.x, "y": pos.y}),
                format!("The dragon comes to the volcano {}", words::place_words(pos)),
            ),
            Event::DragonMoved { player, pos } => (
                json!({"type": "dragon-moved", "seat": player, "x": pos.x, "y": pos.y}),
                format!("{} moves the dragon onto {}", name(player), words::tile_at(pos)),
            ),
            Event::FigureEaten { player, figure, pos, feature } => (
                figure_detail(game, "figure-eaten", player, figure, pos, feature),
                format!(
                    "The dragon eats {}'s {}; it returns to the supply",
                    name(player),
                    words::figure_role(figure, words::feature_kind(game, pos, feature))
                ),
            ),
            Event::FairyMoved { player, pos, feature } => (
                json!({"type": "fairy-moved", "seat": player, "x": pos.x, "y": pos.y,
                       "feature": feature_name(game, pos, feature)}),
                format!(
                    "{} moves the fairy next to their {}, {}",
                    name(player),
                    words::figure_role_on(game, figure_at(game, pos, feature), pos, feature),
                    words::place_words(pos)
                ),
            ),
            Event::FairyBonus { player, points } => (
                json!({"type": "fairy-bonus", "seat": player, "points": points}),
                if points == 1 {
                    format!("The fairy gives {} 1 point at the start of the turn", name(player))
                } else {
                    format!("The fairy gives {} {points} points as their follower beside it is scored", name(player))
                },
            ),
            Event::KnightRemoved { player, owner, figure, pos, feature } => (
                json!({"type": "knight-removed", "seat": player, "owner": owner, "figure": figure, "x": pos.x,
                       "y": pos.y, "feature": feature_name(game, pos, feature)}),
                format!(
                    "{}'s princess sends {}'s {} home from the city {}",
                    name(player),
                    name(owner),
                    words::figure_role(figure, FeatureKind::City),
                    words::place_words(pos)
                ),
            ),
            _ => return None,
        })
    }

    /// The point at the start of a turn comes before any final score; the bonus for a scored
    /// follower comes in the phase of its score.
    fn counted(&self, event: &Event) -> Option<Counted> {
        matches!(event, Event::FairyBonus { .. }).then_some(Counted::WithLastScore("fairy"))
    }
}
