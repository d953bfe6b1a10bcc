//! The variation "Cloisters for everyone!": each player holds a cloister to place instead of
//! drawing.

use carcassonne_engine::{Action, Event, Game, Pending, PlayerId};
use serde_json::json;

use super::hooks::{Legal, Names, ViewContext, ViewModule};
use crate::view::fields::Fields;
use crate::view::parts::{PendingView, PlaceDecision};
use crate::words;

pub(crate) struct OwnCloisters;

impl ViewModule for OwnCloisters {
    /// `held-tile`: before drawing, `seat` may place the tile it holds (`tile`, the catalog id;
    /// `tile_name` in words) instead.
    fn pending(&self, game: &Game, pending: Pending) -> Option<PendingView> {
        let Pending::HeldTile { player, tile } = pending else { return None };
        Some(PendingView::new(
            "held-tile",
            PlaceDecision {
                seat: player,
                tile: game.design(tile).id.clone(),
                tile_name: words::tile_name(game.design(tile)),
            },
        ))
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        Some(match (pending, action) {
            (Pending::HeldTile { tile, .. }, Action::PlayHeldTile) => (
                None,
                format!("place the tile you hold ({}) instead of drawing one", words::tile_name(game.design(tile))),
            ),
            (_, Action::PlayHeldTile) => (None, "place the tile you hold".into()),
            (Pending::HeldTile { .. }, Action::Pass) => (None, "draw a tile".into()),
            _ => return None,
        })
    }

    /// `held_tile`: the tile the seat still holds (catalog id).
    fn seat(&self, cx: &ViewContext<'_>, seat: PlayerId, fields: &mut Fields) {
        if let Some(tile) = cx.game.held_tile(seat) {
            fields.set("held_tile", cx.game.design(tile).id.clone());
        }
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let Event::HeldTilePlayed { player, tile } = *event else { return None };
        Some((
            json!({"type": "held-tile-played", "seat": player, "tile": game.design(tile).id.clone()}),
            format!(
                "{} places the tile they held ({}) instead of drawing one",
                names.of(player),
                words::tile_name(game.design(tile))
            ),
        ))
    }
}
