//! The city areas of a design at rotation 0: the shape of each city segment by the sides it
//! occupies (cap, corner, band, three sides, full), adjusted so that an enclosed field stays
//! open between segments, and the city of Carcassonne's stone on the partial tiles of The Count.

use carcassonne_engine::{FeatureKind, Port, Terrain, TileDesign};

use super::{side_point, sides_of, Area};
use crate::geom::{pt, Pt, Seg, Shape, CENTRE, TILE};

/// The class of a city segment by the sides it occupies.
#[derive(Clone, Copy, Debug, PartialEq)]
enum CityClass {
    None,
    Cap(usize),
    /// Two adjacent sides `s` and `s + 1`.
    Corner(usize),
    /// Two opposite sides: 0 for N–S, 1 for E–W.
    Band(usize),
    /// Three sides, open on side `s`.
    Three(usize),
    Full,
}

fn classify(sides: &[usize]) -> CityClass {
    let mut mask = 0u8;
    for &s in sides {
        mask |= 1 << s;
    }
    match mask.count_ones() {
        0 => CityClass::None,
        1 => CityClass::Cap(mask.trailing_zeros() as usize),
        2 => {
            if mask == 0b0101 {
                CityClass::Band(0)
            } else if mask == 0b1010 {
                CityClass::Band(1)
            } else {
                let s = (0..4).find(|&s| mask & (1 << s) != 0 && mask & (1 << ((s + 1) % 4)) != 0).unwrap();
                CityClass::Corner(s)
            }
        }
        3 => CityClass::Three((0..4).find(|&s| mask & (1 << s) == 0).unwrap()),
        _ => CityClass::Full,
    }
}

/// A cap on the north side reaching `depth` into the tile, its ends `left` and `right` away
/// from the corners (where it meets another city segment at a corner).
fn cap_n(depth: f32, left: f32, right: f32) -> Shape {
    let k = depth / 0.75;
    let w = 100.0 - left - right;
    Shape::new(pt(left, 0.0))
        .to(Seg::Line(pt(100.0 - right, 0.0)), false)
        .to(Seg::Cubic(pt(100.0 - right - 0.15 * w, k), pt(left + 0.15 * w, k), pt(left, 0.0)), true)
}

/// A corner city on the west and north sides; `c` sets how far its diagonal bulges.
fn corner_wn(c: f32) -> Shape {
    Shape::new(pt(0.0, 100.0))
        .to(Seg::Line(pt(0.0, 0.0)), false)
        .to(Seg::Line(pt(100.0, 0.0)), false)
        .to(Seg::Quad(pt(c, c), pt(0.0, 100.0)), true)
}

/// A band from west to east; `top` and `bottom` are how far the fields on the north and south
/// reach into the tile.
fn band_we(top: f32, bottom: f32) -> Shape {
    let (kt, kb) = (top / 0.75, bottom / 0.75);
    Shape::new(pt(0.0, 0.0))
        .to(Seg::Cubic(pt(25.0, kt), pt(75.0, kt), pt(100.0, 0.0)), true)
        .to(Seg::Line(pt(100.0, 100.0)), false)
        .to(Seg::Cubic(pt(75.0, 100.0 - kb), pt(25.0, 100.0 - kb), pt(0.0, 100.0)), true)
        .to(Seg::Line(pt(0.0, 0.0)), false)
}

/// A city on the west, north and east sides; the field on the south reaches `rise` into it.
fn three_open_s(rise: f32) -> Shape {
    let k = rise / 0.75;
    Shape::new(pt(0.0, 100.0))
        .to(Seg::Line(pt(0.0, 0.0)), false)
        .to(Seg::Line(pt(100.0, 0.0)), false)
        .to(Seg::Line(pt(100.0, 100.0)), false)
        .to(Seg::Cubic(pt(85.0, 100.0 - k), pt(15.0, 100.0 - k), pt(0.0, 100.0)), true)
}

/// The corner city on the east and south sides that touches a north cap of depth `cap` at the
/// middle, leaving an enclosed field between them near the north-east corner.
fn corner_es_touching_cap(cap: f32) -> Shape {
    Shape::new(pt(100.0, 0.0))
        .to(Seg::Line(pt(100.0, 100.0)), false)
        .to(Seg::Line(pt(0.0, 100.0)), false)
        .to(Seg::Quad(pt(22.0, 45.0), pt(50.0, cap - 2.5)), true)
        .to(Seg::Quad(pt(90.0, 62.0), pt(100.0, 0.0)), true)
}

/// The city areas of a design, in drawing order.
pub(super) fn city_areas(design: &TileDesign) -> Vec<Area> {
    let cities: Vec<(usize, CityClass)> = design
        .features
        .iter()
        .enumerate()
        .filter(|(_, f)| f.kind == FeatureKind::City)
        .map(|(i, f)| (i, classify(&sides_of(f))))
        .collect();
    let caps: Vec<usize> =
        cities.iter().filter_map(|&(_, c)| if let CityClass::Cap(s) = c { Some(s) } else { None }).collect();
    let has_cap = |s: usize| caps.contains(&(s % 4));
    let big = cities.iter().any(|&(_, c)| matches!(c, CityClass::Band(_) | CityClass::Three(_)));
    let corners = cities.iter().filter(|&&(_, c)| matches!(c, CityClass::Corner(_))).count();
    let bands: Vec<usize> = cities.iter().filter(|(_, c)| matches!(c, CityClass::Band(_))).map(|&(i, _)| i).collect();
    let cap_depth = if big { 22.0 } else { 26.0 };
    let enclosed = design.features.iter().any(|f| f.kind == FeatureKind::Field && f.inner > 0);
    let city_side = |side: usize| design.edges[side] == Terrain::City;

    // A cap and a corner sharing one tile corner, with an enclosed field bordering both: the
    // corner's wall touches the cap (index of the corner feature -> (cap side, mirrored)).
    let mut touching: Vec<(usize, usize, bool)> = vec![];
    for f in design.features.iter().filter(|f| f.kind == FeatureKind::Field && f.inner > 0) {
        for &a in &f.borders {
            for &b in &f.borders {
                let ca = cities.iter().find(|(i, _)| *i == a as usize).map(|x| x.1);
                let cb = cities.iter().find(|(i, _)| *i == b as usize).map(|x| x.1);
                if let (Some(CityClass::Cap(s)), Some(CityClass::Corner(c))) = (ca, cb) {
                    // Corner sides relative to the cap's side.
                    let rel = (c + 4 - s) % 4;
                    if rel == 1 {
                        touching.push((b as usize, s, false));
                    } else if rel == 2 {
                        touching.push((b as usize, s, true));
                    }
                }
            }
        }
    }

    let mut areas = vec![];
    let mut pockets = vec![];
    // Caps first: where a cap meets another segment at a tile corner, the other one's wall is
    // drawn over it.
    let mut cities = cities;
    cities.sort_by_key(|&(i, c)| (!matches!(c, CityClass::Cap(_)), i));
    for &(i, class) in &cities {
        let shape = match class {
            CityClass::None => continue,
            CityClass::Full => Shape::rect(0.0, 0.0, TILE, TILE),
            CityClass::Cap(s) => {
                // Set back from a corner shared with another segment (unless an enclosed field
                // needs the segments to meet there).
                let inset = |other: usize| if city_side(other % 4) && !enclosed { 9.0 } else { 0.0 };
                cap_n(cap_depth, inset(s + 3), inset(s + 1)).map(&|p| p.turned(s))
            }
            CityClass::Corner(c) => {
                if let Some(&(_, s, mirrored)) = touching.iter().find(|t| t.0 == i) {
                    let shape = corner_es_touching_cap(cap_depth);
                    let shape = if mirrored { shape.map(&|p| p.mirrored()) } else { shape };
                    shape.map(&|p| p.turned(s))
                } else {
                    let bulge = if corners > 1 { 30.0 } else { 38.0 };
                    // The canonical corner is west + north (c = 3).
                    corner_wn(bulge).map(&|p| p.turned((c + 1) % 4))
                }
            }
            CityClass::Band(axis) => {
                if bands.len() == 2 && bands[0] == i {
                    // Two bands crossing: the first lies under the second and fills the tile.
                    Shape::rect(0.0, 0.0, TILE, TILE)
                } else if bands.len() == 2 {
                    // The upper band, with the enclosed fields against its walls.
                    let turn = if axis == 1 { 0 } else { 1 };
                    for c in [pt(50.0, 29.0), pt(50.0, 71.0)] {
                        pockets.push(Shape::circle(c, 13.0).map(&|p| p.turned(turn)));
                    }
                    band_we(30.0, 30.0).map(&|p| p.turned(turn))
                } else {
                    // Canonical band: west-east (axis 1); fields north (side 0) and south (2).
                    let turn = if axis == 1 { 0 } else { 1 };
                    let dip = |side: usize| if has_cap(side + turn) { 42.0 } else { 30.0 };
                    band_we(dip(0), dip(2)).map(&|p| p.turned(turn))
                }
            }
            CityClass::Three(open) => {
                let rise = if has_cap(open) { 42.0 } else { 28.0 };
                three_open_s(rise).map(&|p| p.turned((open + 2) % 4))
            }
        };
        if bands.len() == 2 && bands[1] == i {
            areas.extend(pockets.drain(..).map(Area::Pocket));
        }
        areas.push(Area::City(i, shape));
    }
    areas
}

/// The areas of the city of Carcassonne on a partial tile: every run of half-edges that no
/// feature claims, closed through the tile centre.
pub(super) fn stone_areas(design: &TileDesign) -> Vec<Area> {
    if !design.partial {
        return vec![];
    }
    const HALVES: [usize; 8] = [0, 2, 3, 5, 6, 8, 9, 11];
    let corners = [pt(0.0, 0.0), pt(100.0, 0.0), pt(100.0, 100.0), pt(0.0, 100.0)];
    // Perimeter piece of each half-edge, clockwise.
    let piece = |h: usize| -> (Pt, Pt) {
        let side = h / 3;
        let start = if h.is_multiple_of(3) { corners[side] } else { side_point(side) };
        let end = if h.is_multiple_of(3) { side_point(side) } else { corners[(side + 1) % 4] };
        (start, end)
    };
    let claimed = |h: usize| {
        design.features.iter().any(|f| {
            f.ports & Port::from_index(h).bit() != 0
                || (f.kind == FeatureKind::City && f.ports & Port::from_index(h / 3 * 3 + 1).bit() != 0)
        })
    };
    let free: Vec<bool> = HALVES.iter().map(|&h| !claimed(h)).collect();
    if free.iter().all(|&f| f) {
        return vec![Area::Stone(Shape::rect(0.0, 0.0, TILE, TILE))];
    }
    let mut areas = vec![];
    // Start the walk after a claimed half-edge so that runs do not wrap.
    let first = (0..8).find(|&i| !free[i]).unwrap();
    let mut i = 1;
    while i <= 8 {
        let k = (first + i) % 8;
        if free[k] {
            let start = piece(HALVES[k]).0;
            let mut shape = Shape::new(start);
            let mut j = i;
            while j <= 8 && free[(first + j) % 8] {
                shape = shape.to(Seg::Line(piece(HALVES[(first + j) % 8]).1), false);
                j += 1;
            }
            shape = shape.to(Seg::Line(CENTRE), true).to(Seg::Line(start), true);
            areas.push(Area::Stone(shape));
            i = j;
        } else {
            i += 1;
        }
    }
    areas
}
