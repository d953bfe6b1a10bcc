//! The Watchtowers' view: a deployment on a watchtower's road or city says what the tower would
//! pay now, and the event of a tower scored. The towers themselves are drawn with their tiles.

use carcassonne_engine::{Action, Event, FeatureKind, Game, Pending, Phase};
use serde_json::json;

use super::hooks::{Counted, Names, ViewModule};
use crate::words;

pub(crate) struct Watchtowers;

impl ViewModule for Watchtowers {
    /// A follower put on the road or city of a watchtower's tile will score the tower first
    /// when that feature is completed: the label says what it watches over and pays now.
    fn amend_label(&self, game: &Game, action: Action, label: &mut String) {
        let (Pending::Deploy { pos, .. }, Action::Deploy { figure, feature }) = (game.pending(), action) else {
            return;
        };
        if !figure.is_follower()
            || !matches!(words::feature_kind(game, pos, feature), FeatureKind::Road | FeatureKind::City)
        {
            return;
        }
        let Some((watches, count, points)) = game.watchtower_value(pos) else { return };
        let (things, per) = watches.watchtower().unwrap_or(("", 0));
        label.push_str(&format!(
            ", by the watchtower ({per} per {}: {count} around it, {points} points if completed now)",
            singular(things)
        ));
    }

    fn event(&self, _game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let Event::WatchtowerScored { player, pos, watches, count, points } = *event else { return None };
        let (things, per) = watches.watchtower().unwrap_or(("", 0));
        Some((
            json!({
                "type": "watchtower-scored", "seat": player, "x": pos.x, "y": pos.y,
                "watches": watches.name(), "count": count, "points": points,
            }),
            format!(
                "{} scores {points} points for the watchtower on {} first: {count} {things} around it, {per} each",
                names.of(player),
                words::tile_at(pos)
            ),
        ))
    }

    fn counted(&self, event: &Event) -> Option<Counted> {
        matches!(event, Event::WatchtowerScored { .. }).then_some(Counted::As("watchtower", Phase::Turn))
    }
}

/// One of the things a watchtower watches over ("followers": "follower").
fn singular(things: &str) -> &str {
    match things {
        "followers" => "follower",
        "coats of arms" => "coat of arms",
        "tiles with a road" => "tile with a road",
        "monasteries" => "monastery",
        "tiles with a city" => "tile with a city",
        other => other,
    }
}
