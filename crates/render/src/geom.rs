//! Plane geometry in tile units (a tile is 100 × 100, `x` east, `y` south): points, paths made
//! of lines and Bézier curves, their flattening into polylines, and SVG path data.

use std::fmt::Write as _;

/// The side of a tile in drawing units.
pub const TILE: f32 = 100.0;
/// The centre of a tile.
pub const CENTRE: Pt = Pt { x: 50.0, y: 50.0 };

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pt {
    pub x: f32,
    pub y: f32,
}

pub const fn pt(x: f32, y: f32) -> Pt {
    Pt { x, y }
}

impl Pt {
    pub fn add(self, o: Pt) -> Pt {
        pt(self.x + o.x, self.y + o.y)
    }

    pub fn sub(self, o: Pt) -> Pt {
        pt(self.x - o.x, self.y - o.y)
    }

    pub fn scale(self, k: f32) -> Pt {
        pt(self.x * k, self.y * k)
    }

    pub fn lerp(self, o: Pt, t: f32) -> Pt {
        pt(self.x + (o.x - self.x) * t, self.y + (o.y - self.y) * t)
    }

    pub fn len(self) -> f32 {
        (self.x * self.x + self.y * self.y).sqrt()
    }

    pub fn dist(self, o: Pt) -> f32 {
        self.sub(o).len()
    }

    /// The unit vector in this direction (zero stays zero).
    pub fn unit(self) -> Pt {
        let l = self.len();
        if l < 1e-6 {
            self
        } else {
            self.scale(1.0 / l)
        }
    }

    /// Turned clockwise (on screen, `y` down) by `quarters` quarter turns about the tile centre.
    pub fn turned(self, quarters: usize) -> Pt {
        let mut p = self;
        for _ in 0..quarters % 4 {
            p = pt(TILE - p.y, p.x);
        }
        p
    }

    /// Mirrored left to right about the tile's vertical axis.
    pub fn mirrored(self) -> Pt {
        pt(TILE - self.x, self.y)
    }
}

/// One piece of a path, from the previous point to its last point.
#[derive(Clone, Copy, Debug)]
pub enum Seg {
    Line(Pt),
    Quad(Pt, Pt),
    Cubic(Pt, Pt, Pt),
}

impl Seg {
    pub fn end(self) -> Pt {
        match self {
            Seg::Line(p) | Seg::Quad(_, p) | Seg::Cubic(_, _, p) => p,
        }
    }

    pub fn map(self, f: &impl Fn(Pt) -> Pt) -> Seg {
        match self {
            Seg::Line(p) => Seg::Line(f(p)),
            Seg::Quad(c, p) => Seg::Quad(f(c), f(p)),
            Seg::Cubic(c1, c2, p) => Seg::Cubic(f(c1), f(c2), f(p)),
        }
    }

    /// The point at parameter `t` (0..1) of the piece starting at `from`.
    pub fn at(self, from: Pt, t: f32) -> Pt {
        let u = 1.0 - t;
        match self {
            Seg::Line(p) => from.lerp(p, t),
            Seg::Quad(c, p) => from.scale(u * u).add(c.scale(2.0 * u * t)).add(p.scale(t * t)),
            Seg::Cubic(c1, c2, p) => from
                .scale(u * u * u)
                .add(c1.scale(3.0 * u * u * t))
                .add(c2.scale(3.0 * u * t * t))
                .add(p.scale(t * t * t)),
        }
    }

    /// Appends the points of this piece after `from` (not `from` itself) to `out`.
    pub fn flatten(self, from: Pt, out: &mut Vec<Pt>) {
        let steps = match self {
            Seg::Line(_) => 1,
            _ => 16,
        };
        for i in 1..=steps {
            out.push(self.at(from, i as f32 / steps as f32));
        }
    }

    fn write_svg(self, d: &mut String) {
        match self {
            Seg::Line(p) => {
                let _ = write!(d, "L{} {}", num(p.x), num(p.y));
            }
            Seg::Quad(c, p) => {
                let _ = write!(d, "Q{} {} {} {}", num(c.x), num(c.y), num(p.x), num(p.y));
            }
            Seg::Cubic(c1, c2, p) => {
                let _ = write!(d, "C{} {} {} {} {} {}", num(c1.x), num(c1.y), num(c2.x), num(c2.y), num(p.x), num(p.y));
            }
        }
    }
}

/// A number for SVG: at most two decimals, no trailing zeros.
pub fn num(v: f32) -> String {
    let r = (v * 100.0).round() / 100.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let s = format!("{r:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// An open path: a start point and pieces.
#[derive(Clone, Debug)]
pub struct Path {
    pub start: Pt,
    pub segs: Vec<Seg>,
}

impl Path {
    pub fn line(a: Pt, b: Pt) -> Path {
        Path { start: a, segs: vec![Seg::Line(b)] }
    }

    pub fn end(&self) -> Pt {
        self.segs.last().map_or(self.start, |s| s.end())
    }

    pub fn map(&self, f: &impl Fn(Pt) -> Pt) -> Path {
        Path { start: f(self.start), segs: self.segs.iter().map(|s| s.map(f)).collect() }
    }

    /// The path as a polyline.
    pub fn points(&self) -> Vec<Pt> {
        let mut out = vec![self.start];
        let mut from = self.start;
        for s in &self.segs {
            s.flatten(from, &mut out);
            from = s.end();
        }
        out
    }

    /// SVG path data (`M ... `).
    pub fn svg(&self) -> String {
        let mut d = format!("M{} {}", num(self.start.x), num(self.start.y));
        for s in &self.segs {
            s.write_svg(&mut d);
        }
        d
    }
}

/// A closed outline whose pieces are marked as wall (drawn with the wall line) or not (the
/// parts that run along the tile border).
#[derive(Clone, Debug)]
pub struct Shape {
    pub start: Pt,
    pub segs: Vec<(Seg, bool)>,
}

impl Shape {
    pub fn new(start: Pt) -> Shape {
        Shape { start, segs: vec![] }
    }

    pub fn to(mut self, seg: Seg, wall: bool) -> Shape {
        self.segs.push((seg, wall));
        self
    }

    /// A square `[x0, x1] × [y0, y1]` with no wall.
    pub fn rect(x0: f32, y0: f32, x1: f32, y1: f32) -> Shape {
        Shape::new(pt(x0, y0))
            .to(Seg::Line(pt(x1, y0)), false)
            .to(Seg::Line(pt(x1, y1)), false)
            .to(Seg::Line(pt(x0, y1)), false)
            .to(Seg::Line(pt(x0, y0)), false)
    }

    /// A circle as four cubic pieces, all wall.
    pub fn circle(c: Pt, r: f32) -> Shape {
        let k = 0.5523 * r;
        Shape::new(pt(c.x + r, c.y))
            .to(Seg::Cubic(pt(c.x + r, c.y + k), pt(c.x + k, c.y + r), pt(c.x, c.y + r)), true)
            .to(Seg::Cubic(pt(c.x - k, c.y + r), pt(c.x - r, c.y + k), pt(c.x - r, c.y)), true)
            .to(Seg::Cubic(pt(c.x - r, c.y - k), pt(c.x - k, c.y - r), pt(c.x, c.y - r)), true)
            .to(Seg::Cubic(pt(c.x + k, c.y - r), pt(c.x + r, c.y - k), pt(c.x + r, c.y)), true)
    }

    pub fn map(&self, f: &impl Fn(Pt) -> Pt) -> Shape {
        Shape { start: f(self.start), segs: self.segs.iter().map(|&(s, w)| (s.map(f), w)).collect() }
    }

    /// The outline as a polygon.
    pub fn polygon(&self) -> Vec<Pt> {
        let mut out = vec![self.start];
        let mut from = self.start;
        for &(s, _) in &self.segs {
            s.flatten(from, &mut out);
            from = s.end();
        }
        out
    }

    /// The points of the wall pieces only.
    pub fn wall_points(&self) -> Vec<Pt> {
        let mut out = vec![];
        let mut from = self.start;
        for &(s, wall) in &self.segs {
            if wall {
                out.push(from);
                s.flatten(from, &mut out);
            }
            from = s.end();
        }
        out
    }

    /// SVG path data of the filled outline.
    pub fn fill_svg(&self) -> String {
        let mut d = format!("M{} {}", num(self.start.x), num(self.start.y));
        for &(s, _) in &self.segs {
            s.write_svg(&mut d);
        }
        d.push('Z');
        d
    }

    /// SVG path data of the wall pieces (empty when there are none).
    pub fn wall_svg(&self) -> String {
        let mut d = String::new();
        let mut from = self.start;
        let mut open = false;
        for &(s, wall) in &self.segs {
            if wall {
                if !open {
                    let _ = write!(d, "M{} {}", num(from.x), num(from.y));
                    open = true;
                }
                s.write_svg(&mut d);
            } else {
                open = false;
            }
            from = s.end();
        }
        d
    }
}

/// Even-odd point-in-polygon test.
pub fn inside(poly: &[Pt], p: Pt) -> bool {
    let mut hit = false;
    let n = poly.len();
    let mut j = n - 1;
    for i in 0..n {
        let (a, b) = (poly[i], poly[j]);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            hit = !hit;
        }
        j = i;
    }
    hit
}

/// Distance from `p` to the segment `a`–`b`.
pub fn dist_to_segment(p: Pt, a: Pt, b: Pt) -> f32 {
    let ab = b.sub(a);
    let l2 = ab.x * ab.x + ab.y * ab.y;
    let t = if l2 < 1e-9 { 0.0 } else { ((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / l2 };
    p.dist(a.lerp(b, t.clamp(0.0, 1.0)))
}

/// Distance from `p` to a polyline.
pub fn dist_to_polyline(p: Pt, line: &[Pt]) -> f32 {
    match line.len() {
        0 => f32::INFINITY,
        1 => p.dist(line[0]),
        _ => line.windows(2).map(|w| dist_to_segment(p, w[0], w[1])).fold(f32::INFINITY, f32::min),
    }
}

/// The point at arc length `s` along a polyline (clamped to its ends), and the direction there.
pub fn along(line: &[Pt], s: f32) -> (Pt, Pt) {
    let mut left = s.max(0.0);
    for w in line.windows(2) {
        let l = w[0].dist(w[1]);
        if left <= l && l > 1e-6 {
            return (w[0].lerp(w[1], left / l), w[1].sub(w[0]).unit());
        }
        left -= l;
    }
    let n = line.len();
    let dir = if n >= 2 { line[n - 1].sub(line[n - 2]).unit() } else { pt(0.0, 0.0) };
    (line[n - 1], dir)
}

/// The length of a polyline.
pub fn length(line: &[Pt]) -> f32 {
    line.windows(2).map(|w| w[0].dist(w[1])).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(50.0), "50");
        assert_eq!(num(12.345), "12.35");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(0.5), "0.5");
    }

    #[test]
    fn a_quarter_turn_takes_north_to_east() {
        assert_eq!(pt(50.0, 0.0).turned(1), pt(100.0, 50.0));
        assert_eq!(pt(0.0, 0.0).turned(1), pt(100.0, 0.0));
        assert_eq!(pt(20.0, 30.0).turned(4), pt(20.0, 30.0));
    }

    #[test]
    fn polygons_contain_their_inside() {
        let square = Shape::rect(0.0, 0.0, 10.0, 10.0).polygon();
        assert!(inside(&square, pt(5.0, 5.0)));
        assert!(!inside(&square, pt(15.0, 5.0)));
        assert!((dist_to_polyline(pt(5.0, 3.0), &[pt(0.0, 0.0), pt(10.0, 0.0)]) - 3.0).abs() < 1e-5);
    }
}
