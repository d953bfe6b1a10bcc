//! Where the expansions' tokens lie on their tiles: the points the server's views share with
//! the render.

/// The radius of a ferry lake (The Ferries), in tile units: its roads end 8 units short of it,
/// and a ferry joins two of them from jetty to jetty, [`FERRY_JETTY`] from the middle.
pub const FERRY_LAKE_RADIUS: f32 = 22.0;

/// Where a plague source's outbreak token lies on its tile (The Plague), in tile units (0 to
/// 1, x east, y south): high on the right, clear of the middle where figures stand. The
/// server's views give the same point (`outbreaks`).
pub const OUTBREAK_AT: (f32, f32) = (0.8, 0.2);

/// Where a flea token lies on its tile (The Plague), in tile units: high on the left, so that a
/// flea and an outbreak token never share a place.
pub const FLEA_AT: (f32, f32) = (0.2, 0.2);

/// How far from the tile's middle a ferry lake's jetties lie (tile units): where a ferry's ends
/// are drawn (the server's views give the same points, `ferries`).
pub const FERRY_JETTY: f32 = 26.0;

/// Where a shepherd's flock token lies (Hills & Sheep), from the shepherd's spot, in tile units:
/// up and to the right of the figure, so that the count stays in sight beside it. The server's
/// views give the same point (`flock` of a seat, `at`), kept inside the tile.
pub const FLOCK_OFFSET: (f32, f32) = (0.21, -0.06);

/// Where the acrobats of a pyramid stand (Under the Big Top), from the acrobat space's spot in
/// the middle of its tile, in tile units, in the order they came: the first two side by side
/// below, the third on their shoulders. The browser's board stands them the same way.
pub const PYRAMID_SPOTS: [(f32, f32); 3] = [(-0.085, 0.07), (0.085, 0.07), (0.0, -0.08)];
