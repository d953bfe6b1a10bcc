//! The raster of a tile (50 × 50 cells) on which the layout finds where symbols and figures
//! go: what covers each cell, the distance from each open cell to the nearest obstacle, the
//! widest spot of an area, and the field feature each open cell belongs to.

use super::*;

pub(super) const N: usize = 50;
pub(super) const CELL: f32 = TILE / N as f32;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cell {
    Field,
    Stone,
    Object,
    City(u8),
    Way(u8),
}

pub(super) struct Raster {
    pub(super) cells: Vec<Cell>,
}

pub(super) fn cell_centre(k: usize) -> Pt {
    pt((k % N) as f32 * CELL + CELL / 2.0, (k / N) as f32 * CELL + CELL / 2.0)
}

pub(super) fn cell_at(p: Pt) -> usize {
    let i = ((p.x / CELL) as isize).clamp(0, N as isize - 1) as usize;
    let j = ((p.y / CELL) as isize).clamp(0, N as isize - 1) as usize;
    j * N + i
}

impl Raster {
    pub(super) fn new() -> Raster {
        Raster { cells: vec![Cell::Field; N * N] }
    }

    pub(super) fn paint_polygon(&mut self, poly: &[Pt], cell: Cell) {
        for k in 0..N * N {
            if inside(poly, cell_centre(k)) {
                self.cells[k] = cell;
            }
        }
    }

    pub(super) fn paint_stroke(&mut self, line: &[Pt], half: f32, cell: Cell) {
        for k in 0..N * N {
            if dist_to_polyline(cell_centre(k), line) <= half {
                self.cells[k] = cell;
            }
        }
    }

    pub(super) fn paint_disc(&mut self, c: Pt, r: f32, cell: Cell) {
        for k in 0..N * N {
            if cell_centre(k).dist(c) <= r {
                self.cells[k] = cell;
            }
        }
    }

    pub(super) fn paint_area(&mut self, area: &Area) {
        match area {
            Area::City(i, s) => self.paint_polygon(&s.polygon(), Cell::City(*i as u8)),
            Area::Pocket(s) => self.paint_polygon(&s.polygon(), Cell::Field),
            Area::Stone(s) => self.paint_polygon(&s.polygon(), Cell::Stone),
        }
    }

    pub(super) fn paint_way(&mut self, way: &Way) {
        let half = if way.river { RIVER_HALF } else { ROAD_HALF };
        for arm in &way.arms {
            self.paint_stroke(&arm.points(), half, Cell::Way(way.feature as u8));
        }
    }
}

/// Distance (tile units) from every allowed cell to the nearest cell that is not allowed or to
/// the tile border (chamfer distance); 0 where not allowed.
pub(super) fn distance_map(allowed: &[bool]) -> Vec<f32> {
    const W: usize = N + 2;
    let big = 1e6f32;
    let mut d = vec![0f32; W * W];
    for j in 0..N {
        for i in 0..N {
            if allowed[j * N + i] {
                d[(j + 1) * W + i + 1] = big;
            }
        }
    }
    let diag = std::f32::consts::SQRT_2;
    for j in 1..W - 1 {
        for i in 1..W - 1 {
            let k = j * W + i;
            if d[k] > 0.0 {
                let best = (d[k - 1] + 1.0).min(d[k - W] + 1.0).min(d[k - W - 1] + diag).min(d[k - W + 1] + diag);
                d[k] = d[k].min(best);
            }
        }
    }
    for j in (1..W - 1).rev() {
        for i in (1..W - 1).rev() {
            let k = j * W + i;
            if d[k] > 0.0 {
                let best = (d[k + 1] + 1.0).min(d[k + W] + 1.0).min(d[k + W + 1] + diag).min(d[k + W - 1] + diag);
                d[k] = d[k].min(best);
            }
        }
    }
    let mut out = vec![0f32; N * N];
    for j in 0..N {
        for i in 0..N {
            // A cell's centre lies half a cell inside its boundary.
            let v = d[(j + 1) * W + i + 1];
            out[j * N + i] = if v > 0.0 { (v - 0.5) * CELL } else { 0.0 };
        }
    }
    out
}

/// The widest point of an area: the allowed cell farthest from everything else, ties broken
/// towards the area's centroid. Returns the point and its clearance, or `None` for an empty
/// area.
pub(super) fn widest(allowed: &[bool]) -> Option<(Pt, f32)> {
    let count = allowed.iter().filter(|&&a| a).count();
    if count == 0 {
        return None;
    }
    let centroid = allowed
        .iter()
        .enumerate()
        .filter(|(_, &a)| a)
        .fold(pt(0.0, 0.0), |acc, (k, _)| acc.add(cell_centre(k)))
        .scale(1.0 / count as f32);
    let d = distance_map(allowed);
    let mut best: Option<(Pt, f32, f32)> = None;
    for k in 0..N * N {
        if !allowed[k] {
            continue;
        }
        let p = cell_centre(k);
        let score = d[k] - 0.35 * p.dist(centroid);
        if best.is_none_or(|b| score > b.2 + 1e-4) {
            best = Some((p, d[k], score));
        }
    }
    best.map(|(p, d, _)| (p, d))
}

// ----- the layout -----

/// The field feature each open cell belongs to: connected open areas, matched to the fields by
/// the half-edges they touch; an area touching no edge is an enclosed field (`I`, `II`, in
/// reading order). An area touching the half-edges of several fields is split between them by
/// the nearest of their half-edges.
pub(super) fn assign_fields(design: &TileDesign, raster: &Raster) -> (Vec<Option<usize>>, Vec<Vec<Pt>>) {
    let mut comp = vec![usize::MAX; N * N];
    let mut comps: Vec<Vec<usize>> = vec![];
    for start in 0..N * N {
        if raster.cells[start] != Cell::Field || comp[start] != usize::MAX {
            continue;
        }
        let id = comps.len();
        let mut cells = vec![start];
        comp[start] = id;
        let mut head = 0;
        while head < cells.len() {
            let k = cells[head];
            head += 1;
            let (i, j) = (k % N, k / N);
            let mut next = |n: usize| {
                if raster.cells[n] == Cell::Field && comp[n] == usize::MAX {
                    comp[n] = id;
                    cells.push(n);
                }
            };
            if i > 0 {
                next(k - 1);
            }
            if i + 1 < N {
                next(k + 1);
            }
            if j > 0 {
                next(k - N);
            }
            if j + 1 < N {
                next(k + N);
            }
        }
        comps.push(cells);
    }
    let touched = |k: usize| -> Vec<usize> {
        let (i, j) = (k % N, k / N);
        let left = i < N / 2;
        let top = j < N / 2;
        let mut out = vec![];
        if j == 0 {
            out.push(if left { 0 } else { 2 });
        }
        if i == N - 1 {
            out.push(if top { 3 } else { 5 });
        }
        if j == N - 1 {
            out.push(if left { 8 } else { 6 });
        }
        if i == 0 {
            out.push(if top { 11 } else { 9 });
        }
        out
    };
    let fields: Vec<(usize, &carcassonne_engine::FeatureSpec)> =
        design.features.iter().enumerate().filter(|(_, f)| f.kind == FeatureKind::Field).collect();
    let mut inner: Vec<usize> = fields.iter().filter(|(_, f)| f.inner > 0).map(|&(i, _)| i).collect();
    inner.sort_by_key(|&i| design.features[i].inner);
    let mut inner = inner.into_iter();
    let mut out = vec![None; N * N];
    let mut hedges = vec![];
    for cells in &comps {
        let mut ports = 0u16;
        for &k in cells {
            for p in touched(k) {
                ports |= 1 << p;
            }
        }
        let candidates: Vec<usize> = fields.iter().filter(|(_, f)| f.ports & ports != 0).map(|&(i, _)| i).collect();
        // An area touching no edge, or only where no field is (a corner point between two
        // city segments), is an enclosed field.
        if ports == 0 || candidates.is_empty() {
            if cells.len() >= 4 {
                if let Some(f) = inner.next() {
                    for &k in cells {
                        out[k] = Some(f);
                    }
                }
            }
            continue;
        }
        match candidates.len() {
            0 => {}
            1 => {
                for &k in cells {
                    out[k] = Some(candidates[0]);
                }
            }
            _ => {
                let targets: Vec<(usize, Pt)> = candidates
                    .iter()
                    .flat_map(|&f| {
                        design.features[f]
                            .ports()
                            .filter(|p| ports & p.bit() != 0)
                            .map(move |p| (f, half_point(p.index())))
                    })
                    .collect();
                for &k in cells {
                    let c = cell_centre(k);
                    let f = targets.iter().min_by(|a, b| a.1.dist(c).total_cmp(&b.1.dist(c))).unwrap().0;
                    out[k] = Some(f);
                }
                // A hedge where the split runs.
                let mut mids = vec![];
                for &k in cells {
                    let (i, j) = (k % N, k / N);
                    for n in [(i + 1 < N).then_some(k + 1), (j + 1 < N).then_some(k + N)].into_iter().flatten() {
                        if out[n].is_some() && out[n] != out[k] && comp[n] == comp[k] {
                            mids.push(cell_centre(k).lerp(cell_centre(n), 0.5));
                        }
                    }
                }
                hedges.extend(chains(mids));
            }
        }
    }
    (out, hedges)
}

/// Joins points one cell apart into polylines, simplified.
pub(super) fn chains(mut points: Vec<Pt>) -> Vec<Vec<Pt>> {
    let near = CELL * 1.05;
    let mut out = vec![];
    while !points.is_empty() {
        // Start at an end: the point with the fewest neighbours.
        let degree = |p: Pt, pts: &[Pt]| pts.iter().filter(|q| q.dist(p) <= near && q.dist(p) > 0.0).count();
        let start = (0..points.len()).min_by_key(|&k| degree(points[k], &points)).unwrap();
        let mut chain = vec![points.swap_remove(start)];
        loop {
            let last = *chain.last().unwrap();
            let next = (0..points.len())
                .filter(|&k| points[k].dist(last) <= near)
                .min_by(|&a, &b| points[a].dist(last).total_cmp(&points[b].dist(last)));
            match next {
                Some(k) => chain.push(points.swap_remove(k)),
                None => break,
            }
        }
        if chain.len() >= 3 {
            out.push(simplify(&chain, 1.0));
        }
    }
    out
}

/// Ramer–Douglas–Peucker simplification.
pub(super) fn simplify(line: &[Pt], eps: f32) -> Vec<Pt> {
    if line.len() < 3 {
        return line.to_vec();
    }
    let (a, b) = (line[0], line[line.len() - 1]);
    let (k, d) = (1..line.len() - 1)
        .map(|k| (k, crate::geom::dist_to_segment(line[k], a, b)))
        .fold((0, -1.0f32), |best, x| if x.1 > best.1 { x } else { best });
    if d > eps {
        let mut left = simplify(&line[..=k], eps);
        let right = simplify(&line[k..], eps);
        left.pop();
        left.extend(right);
        left
    } else {
        vec![a, b]
    }
}
