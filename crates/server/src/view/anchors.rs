//! Where pieces are drawn on a tile, and what stands on a feature: the geometry and lookups
//! the core and the view modules share.

use std::sync::OnceLock;

use carcassonne_engine::{Catalog, Corner, Figure, Game, PlacedFigure, Pos, Rotation, TileId};
use carcassonne_render::feature_anchors;

/// Where figures stand on each feature of a design at each rotation: the drawing's geometry is
/// worked out once per design, when a view first needs that design (all of them at once took
/// seconds in a debug build, and held up the first view that showed a deployment).
fn anchors(tile: TileId) -> Option<&'static [Vec<[f32; 2]>; 4]> {
    type Anchors = [Vec<[f32; 2]>; 4];
    static ANCHORS: OnceLock<Vec<OnceLock<Anchors>>> = OnceLock::new();
    let designs = Catalog::builtin().designs();
    let cache = ANCHORS.get_or_init(|| designs.iter().map(|_| OnceLock::new()).collect());
    let design = designs.get(tile.0 as usize)?;
    Some(
        cache[tile.0 as usize].get_or_init(|| {
            Rotation::ALL.map(|r| feature_anchors(design, r).into_iter().map(|(x, y)| [x, y]).collect())
        }),
    )
}

/// Where a figure on `feature` of the tile at `pos` is drawn, in tile units from the tile's
/// north-west corner.
pub(crate) fn anchor(game: &Game, pos: Pos, feature: u8) -> Option<[f32; 2]> {
    let placed = game.board().get(pos)?;
    anchors(placed.tile)?[placed.rotation.index()].get(feature as usize).copied()
}

/// Where a tile's corner is drawn, in tile units from its north-west corner.
pub(crate) fn corner_anchor(corner: Corner) -> [f32; 2] {
    match corner {
        Corner::NorthEast => [1.0, 0.0],
        Corner::SouthEast => [1.0, 1.0],
        Corner::SouthWest => [0.0, 1.0],
        Corner::NorthWest => [0.0, 0.0],
    }
}

/// The (first) figure standing on `feature` of the tile at `pos`.
pub(crate) fn standing_on(game: &Game, pos: Pos, feature: u8) -> Option<&PlacedFigure> {
    game.figures().iter().find(|f| f.feature == feature && game.board().placement(f.placement).pos == pos)
}

/// The kind of figure standing on a feature of the tile at `pos` (a follower if none: the
/// words then still read right).
pub(crate) fn figure_at(game: &Game, pos: Pos, feature: u8) -> Figure {
    standing_on(game, pos, feature).map_or(Figure::Follower, |f| f.figure)
}

/// A feature's name in the record notation (`#3` for one the tile does not have).
pub(crate) fn feature_name(game: &Game, pos: Pos, feature: u8) -> String {
    game.feature_name(pos, feature).unwrap_or_else(|| format!("#{feature}"))
}
