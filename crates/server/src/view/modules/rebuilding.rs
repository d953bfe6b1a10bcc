//! The variation "Rebuilding": a tile removed for a point and placed elsewhere.

use carcassonne_engine::{Action, Event, Game, Pending, Phase, PlayerId};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Counted, Legal, Names, ViewModule};
use crate::view::fields::Fields;
use crate::view::parts::PendingView;
use crate::words;

pub(crate) struct Rebuilding;

/// `replace-tile`: `seat` removed `tile` from (`from_x`, `from_y`), where it still lies in
/// `board`, and places it somewhere else (the legal actions list the places); `from_label`
/// names the old place in words.
#[derive(Serialize)]
struct ReplaceDecision {
    seat: PlayerId,
    tile: String,
    tile_name: String,
    from_x: i16,
    from_y: i16,
    from_label: String,
}

impl ViewModule for Rebuilding {
    fn pending(&self, game: &Game, pending: Pending) -> Option<PendingView> {
        let Pending::ReplaceTile { player, tile, from } = pending else { return None };
        Some(PendingView::new(
            "replace-tile",
            ReplaceDecision {
                seat: player,
                tile: game.design(tile).id.clone(),
                tile_name: words::tile_name(game.design(tile)),
                from_x: from.x,
                from_y: from.y,
                from_label: words::place_words(from),
            },
        ))
    }

    /// On a deployment, `rebuilt` (the tile at (`x`, `y`) was just moved: a figure may go on
    /// it, or another tile be removed) and `may_rebuild` (the deciding seat may give up a point
    /// to remove a tile now; public, since it follows from the board and the scores).
    fn pending_fields(&self, game: &Game, pending: Pending, fields: &mut Fields) {
        if !matches!(pending, Pending::Deploy { .. }) {
            return;
        }
        if game.after_rebuilding() {
            fields.set("rebuilt", true);
        }
        if game.rules().variants.rebuilding
            && game.legal_actions().iter().any(|a| matches!(a, Action::RemoveTile { .. }))
        {
            fields.set("may_rebuild", true);
        }
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        Some(match (pending, action) {
            (_, Action::RemoveTile { pos }) => {
                let tile = game.board().get(pos).map_or_else(String::new, |t| words::tile_name(game.design(t.tile)));
                (None, format!("rebuild: remove {tile} {} to place it elsewhere (1 point)", words::place_words(pos)))
            }
            (Pending::Deploy { .. }, Action::Pass) if game.after_rebuilding() => {
                (None, "no figure on the moved tile".into())
            }
            _ => return None,
        })
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let name = |p| names.of(p);
        let tile_id = |t| game.design(t).id.clone();
        let tile_words = |t| words::tile_name(game.design(t));
        Some(match *event {
            Event::TileRemoved { player, tile, pos, rotation } => (
                json!({"type": "tile-removed", "seat": player, "tile": tile_id(tile), "x": pos.x, "y": pos.y,
                       "rotation": rotation.degrees(), "points": 1}),
                format!(
                    "{} gives up a point and removes {} {} (rebuilding)",
                    name(player),
                    tile_words(tile),
                    words::place_words(pos)
                ),
            ),
            Event::TileReplaced { player, tile, from, pos, rotation } => (
                json!({"type": "tile-replaced", "seat": player, "tile": tile_id(tile), "from_x": from.x,
                       "from_y": from.y, "x": pos.x, "y": pos.y, "rotation": rotation.degrees()}),
                format!(
                    "{} moves {} from {} to {} (rebuilding)",
                    name(player),
                    tile_words(tile),
                    words::place_words(from).trim_start_matches("at "),
                    words::place_words(pos).trim_start_matches("at ")
                ),
            ),
            _ => return None,
        })
    }

    /// A point given up for each tile removed.
    fn counted(&self, event: &Event) -> Option<Counted> {
        matches!(event, Event::TileRemoved { .. }).then_some(Counted::As("rebuilding", Phase::Turn))
    }
}
