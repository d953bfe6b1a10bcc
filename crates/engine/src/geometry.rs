//! Positions, sides, rotations and the twelve ports of a tile.
//!
//! Every tile edge has a centre port (`N E S W`: a road or river crossing the edge, or a city
//! occupying it) and two half-edge ports (`NNW NNE ENE ESE SSE SSW WSW WNW`: the field on each
//! side of the centre). Ports are numbered clockwise from the north-west half of the north edge,
//! so a clockwise quarter turn adds 3 to a port's index.

use std::fmt;
use std::str::FromStr;

/// A board position: `x` grows east, `y` grows south; the start tile stands at `(0, 0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    pub x: i16,
    pub y: i16,
}

impl Pos {
    pub const ORIGIN: Pos = Pos { x: 0, y: 0 };

    pub const fn new(x: i16, y: i16) -> Pos {
        Pos { x, y }
    }

    /// The neighbouring position across `side`.
    pub fn step(self, side: Side) -> Pos {
        let (dx, dy) = side.delta();
        // Wrapping, as release builds do anyway: an illegal position at the edge of the i16
        // range must be refused with an error, not overflow in debug builds.
        Pos::new(self.x.wrapping_add(dx), self.y.wrapping_add(dy))
    }

    /// The eight positions around this one (the cloister neighbourhood), in reading order.
    pub fn ring(self) -> [Pos; 8] {
        let Pos { x, y } = self;
        [
            Pos::new(x - 1, y - 1),
            Pos::new(x, y - 1),
            Pos::new(x + 1, y - 1),
            Pos::new(x - 1, y),
            Pos::new(x + 1, y),
            Pos::new(x - 1, y + 1),
            Pos::new(x, y + 1),
            Pos::new(x + 1, y + 1),
        ]
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// One of the four edges of a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    North = 0,
    East = 1,
    South = 2,
    West = 3,
}

impl Side {
    pub const ALL: [Side; 4] = [Side::North, Side::East, Side::South, Side::West];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Side {
        Side::ALL[i & 3]
    }

    pub const fn opposite(self) -> Side {
        Side::from_index(self as usize + 2)
    }

    /// The side this one becomes after turning the tile by `rotation`.
    pub const fn rotated(self, rotation: Rotation) -> Side {
        Side::from_index(self as usize + rotation as usize)
    }

    pub const fn delta(self) -> (i16, i16) {
        match self {
            Side::North => (0, -1),
            Side::East => (1, 0),
            Side::South => (0, 1),
            Side::West => (-1, 0),
        }
    }

    /// The centre port of this side.
    pub const fn centre(self) -> Port {
        Port(self as u8 * 3 + 1)
    }

    /// The three ports of this side, clockwise (first half, centre, second half).
    pub const fn ports(self) -> [Port; 3] {
        let base = self as u8 * 3;
        [Port(base), Port(base + 1), Port(base + 2)]
    }
}

/// A straight line across a tile from the centre of one edge to the centre of the opposite
/// one (the wooden bridges of Bridges, Castles & Bazaars span a tile so).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Axis {
    NorthSouth = 0,
    EastWest = 1,
}

impl Axis {
    pub const ALL: [Axis; 2] = [Axis::NorthSouth, Axis::EastWest];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The record's name: `ns` or `ew`.
    pub const fn name(self) -> &'static str {
        match self {
            Axis::NorthSouth => "ns",
            Axis::EastWest => "ew",
        }
    }

    pub fn from_name(s: &str) -> Option<Axis> {
        Axis::ALL.into_iter().find(|a| a.name() == s)
    }

    /// The two sides the axis joins (north and south, or east and west).
    pub const fn sides(self) -> [Side; 2] {
        match self {
            Axis::NorthSouth => [Side::North, Side::South],
            Axis::EastWest => [Side::East, Side::West],
        }
    }

    /// The axis through `side`.
    pub const fn through(side: Side) -> Axis {
        match side {
            Side::North | Side::South => Axis::NorthSouth,
            Side::East | Side::West => Axis::EastWest,
        }
    }

    /// The axis this one becomes after turning the tile by `rotation`.
    pub const fn rotated(self, rotation: Rotation) -> Axis {
        if (rotation as usize).is_multiple_of(2) {
            self
        } else {
            match self {
                Axis::NorthSouth => Axis::EastWest,
                Axis::EastWest => Axis::NorthSouth,
            }
        }
    }
}

/// A clockwise rotation of a tile by a multiple of 90 degrees.
/// A corner of a tile, where it meets three other positions (Abbey & Mayor's barn stands on
/// one). Named clockwise from the north-east, as seen on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Corner {
    NorthEast = 0,
    SouthEast = 1,
    SouthWest = 2,
    NorthWest = 3,
}

impl Corner {
    pub const ALL: [Corner; 4] = [Corner::NorthEast, Corner::SouthEast, Corner::SouthWest, Corner::NorthWest];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Corner {
        Corner::ALL[i & 3]
    }

    pub const fn name(self) -> &'static str {
        ["NE", "SE", "SW", "NW"][self as usize]
    }

    pub fn from_name(s: &str) -> Option<Corner> {
        Corner::ALL.into_iter().find(|c| c.name() == s)
    }

    /// The two sides that meet at the corner, clockwise (north-east: north, then east).
    pub const fn sides(self) -> [Side; 2] {
        [Side::from_index(self as usize), Side::from_index(self as usize + 1)]
    }

    /// The two half-edge ports of a tile that touch the corner (north-east: NNE and ENE).
    pub const fn ports(self) -> [Port; 2] {
        [Port::from_index(3 * self as usize + 2), Port::from_index(3 * self as usize + 3)]
    }

    /// The four tiles that meet at this corner of the tile at `pos`, each with its own corner
    /// there: the tile itself, its neighbours across the corner's two sides, and the diagonal.
    pub fn meeting(self, pos: Pos) -> [(Pos, Corner); 4] {
        let [a, b] = self.sides();
        let i = self as usize;
        [
            (pos, self),
            (pos.step(a), Corner::from_index(i + 1)),
            (pos.step(b), Corner::from_index(i + 3)),
            (pos.step(a).step(b), Corner::from_index(i + 2)),
        ]
    }
}

impl fmt::Display for Corner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rotation {
    R0 = 0,
    R90 = 1,
    R180 = 2,
    R270 = 3,
}

impl Rotation {
    pub const ALL: [Rotation; 4] = [Rotation::R0, Rotation::R90, Rotation::R180, Rotation::R270];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn degrees(self) -> u16 {
        self as u16 * 90
    }

    pub fn from_degrees(degrees: i64) -> Option<Rotation> {
        match degrees.rem_euclid(360) {
            0 => Some(Rotation::R0),
            90 => Some(Rotation::R90),
            180 => Some(Rotation::R180),
            270 => Some(Rotation::R270),
            _ => None,
        }
    }

    /// The rotation that undoes this one.
    pub const fn inverse(self) -> Rotation {
        Rotation::ALL[(4 - self as usize) & 3]
    }
}

/// One of the twelve connection points on the border of a tile (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Port(u8);

const PORT_NAMES: [&str; 12] = ["NNW", "N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW"];

impl Port {
    pub const COUNT: usize = 12;

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn from_index(i: usize) -> Port {
        Port((i % 12) as u8)
    }

    pub fn all() -> impl Iterator<Item = Port> {
        (0..12).map(|i| Port(i as u8))
    }

    pub const fn bit(self) -> u16 {
        1 << self.0
    }

    pub const fn side(self) -> Side {
        Side::from_index(self.0 as usize / 3)
    }

    /// True for the centre ports `N E S W`.
    pub const fn is_centre(self) -> bool {
        self.0 % 3 == 1
    }

    pub const fn rotated(self, rotation: Rotation) -> Port {
        Port((self.0 + 3 * rotation as u8) % 12)
    }

    /// The port of the neighbouring tile that touches this one across its side:
    /// `N` meets `S`, `NNW` meets `SSW`, `NNE` meets `SSE`.
    pub const fn facing(self) -> Port {
        let side = self.0 / 3;
        let offset = self.0 % 3;
        let other = (side + 2) % 4;
        Port(other * 3 + (2 - offset))
    }

    pub const fn name(self) -> &'static str {
        PORT_NAMES[self.0 as usize]
    }
}

impl fmt::Display for Port {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Port {
    type Err = String;
    fn from_str(s: &str) -> Result<Port, String> {
        PORT_NAMES
            .iter()
            .position(|name| *name == s)
            .map(|i| Port(i as u8))
            .ok_or_else(|| format!("unknown port `{s}` (expected one of {})", PORT_NAMES.join(" ")))
    }
}

/// A set of ports as a 12-bit mask.
pub type PortSet = u16;

/// Rotates every port of a set.
pub const fn rotate_ports(set: PortSet, rotation: Rotation) -> PortSet {
    let shift = 3 * rotation as u32;
    if shift == 0 {
        return set;
    }
    ((set << shift) | (set >> (12 - shift))) & 0x0FFF
}

/// The terrain on one side of a tile: what the neighbour must continue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Terrain {
    Field = 1,
    Road = 2,
    City = 3,
    River = 4,
    /// The wall of an abbey tile (Abbey & Mayor), which borders any terrain. An abbey is only
    /// placed in a hole closed on all four sides, so this terrain never constrains a frontier
    /// position.
    Abbey = 5,
}

impl Terrain {
    pub const fn letter(self) -> char {
        match self {
            Terrain::Field => 'f',
            Terrain::Road => 'r',
            Terrain::City => 'c',
            Terrain::River => 's',
            Terrain::Abbey => 'a',
        }
    }

    pub fn from_letter(c: char) -> Option<Terrain> {
        match c {
            'f' => Some(Terrain::Field),
            'r' => Some(Terrain::Road),
            'c' => Some(Terrain::City),
            's' => Some(Terrain::River),
            'a' => Some(Terrain::Abbey),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facing_ports_pair_up_across_every_edge() {
        let pairs = [("N", "S"), ("NNW", "SSW"), ("NNE", "SSE"), ("E", "W"), ("ENE", "WNW"), ("ESE", "WSW")];
        for (a, b) in pairs {
            let a: Port = a.parse().unwrap();
            let b: Port = b.parse().unwrap();
            assert_eq!(a.facing(), b, "{a} faces {b}");
            assert_eq!(b.facing(), a, "{b} faces {a}");
        }
    }

    #[test]
    fn four_tiles_meet_at_a_corner_and_agree_on_where() {
        let pos = Pos::new(3, -2);
        for corner in Corner::ALL {
            let meeting = corner.meeting(pos);
            // The four tiles form a 2x2 block; every one names the same point of the board,
            // which in doubled coordinates is the tile's centre moved half a tile each way.
            let point = |(p, c): (Pos, Corner)| {
                let dx = if matches!(c, Corner::NorthEast | Corner::SouthEast) { 1 } else { -1 };
                let dy = if matches!(c, Corner::SouthEast | Corner::SouthWest) { 1 } else { -1 };
                (2 * p.x + dx, 2 * p.y + dy)
            };
            for m in meeting {
                assert_eq!(point(m), point(meeting[0]), "{corner}: {m:?}");
            }
            let mut tiles: Vec<Pos> = meeting.iter().map(|m| m.0).collect();
            tiles.sort();
            tiles.dedup();
            assert_eq!(tiles.len(), 4);
            // The corner's two ports lie on its two sides.
            let [a, b] = corner.sides();
            assert_eq!(corner.ports().map(|p| p.side()), [a, b]);
            assert_eq!(Corner::from_name(corner.name()), Some(corner));
        }
        assert_eq!(Corner::NorthEast.ports().map(|p| p.name()), ["NNE", "ENE"]);
        assert_eq!(Corner::NorthWest.ports().map(|p| p.name()), ["WNW", "NNW"]);
    }

    #[test]
    fn a_quarter_turn_maps_north_to_east() {
        let n: Port = "N".parse().unwrap();
        let nnw: Port = "NNW".parse().unwrap();
        assert_eq!(n.rotated(Rotation::R90).name(), "E");
        assert_eq!(nnw.rotated(Rotation::R90).name(), "ENE");
        assert_eq!(nnw.rotated(Rotation::R270).name(), "WSW");
        for p in Port::all() {
            for r in Rotation::ALL {
                assert_eq!(p.rotated(r).rotated(r.inverse()), p);
                assert_eq!(rotate_ports(p.bit(), r), p.rotated(r).bit());
            }
        }
    }
}
