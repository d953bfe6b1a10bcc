//! An independent model of the board for the property and perft tests, built from scratch
//! from the catalog's design data (rotation-0 ports and edges, rotated by hand): geometric fits
//! by comparing edge terrains, and features by flood fill over facing ports (no union-find, no
//! packed edge views), so that it checks the engine rather than restating it.
//!
//! Declared in `tests/properties.rs` (as `properties::reference`) and used by `tests/perft.rs`.

use std::collections::hash_map::Entry;
use std::collections::{BTreeSet, HashMap};

use carcassonne_engine::{Board, Catalog, FeatureKind, Pos, Rotation, Terrain, TileDesign};

/// Position steps of the sides N, E, S, W (`y` grows south).
pub const STEP: [(i16, i16); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

pub fn neighbour(pos: Pos, side: usize) -> Pos {
    Pos::new(pos.x + STEP[side].0, pos.y + STEP[side].1)
}

/// The eight positions around `pos`.
pub fn ring(pos: Pos) -> impl Iterator<Item = Pos> {
    (-1..=1)
        .flat_map(move |dy| (-1..=1).map(move |dx| (dx, dy)))
        .filter(|&d| d != (0, 0))
        .map(move |(dx, dy)| Pos::new(pos.x + dx, pos.y + dy))
}

/// The terrain on board side `side` (0 = N, clockwise) of `design` turned clockwise by
/// `rotation`: a clockwise quarter turn brings the west edge to the north.
pub fn edge(design: &TileDesign, rotation: Rotation, side: usize) -> Terrain {
    design.edges[(side + 4 - rotation.index()) % 4]
}

/// True if `design` turned by `rotation` may go to `pos`: empty, touching a tile along an
/// edge, every touching edge showing the same terrain on both sides.
pub fn fits(catalog: &Catalog, board: &Board, design: &TileDesign, rotation: Rotation, pos: Pos) -> bool {
    if board.get(pos).is_some() {
        return false;
    }
    let mut touches = false;
    for side in 0..4 {
        if let Some(n) = board.get(neighbour(pos, side)) {
            touches = true;
            if edge(design, rotation, side) != edge(catalog.design(n.tile), n.rotation, (side + 2) % 4) {
                return false;
            }
        }
    }
    touches
}

/// The empty positions next to a tile, in reading order.
pub fn frontier(board: &Board) -> Vec<Pos> {
    let mut out = BTreeSet::new();
    for t in board.tiles() {
        for side in 0..4 {
            let n = neighbour(t.pos, side);
            if board.get(n).is_none() {
                out.insert((n.y, n.x));
            }
        }
    }
    out.into_iter().map(|(y, x)| Pos::new(x, y)).collect()
}

/// The smallest rectangle holding every tile: (min x, min y, max x, max y).
pub fn bounding_box(board: &Board) -> (i16, i16, i16, i16) {
    let mut b = (i16::MAX, i16::MAX, i16::MIN, i16::MIN);
    for t in board.tiles() {
        b = (b.0.min(t.pos.x), b.1.min(t.pos.y), b.2.max(t.pos.x), b.3.max(t.pos.y));
    }
    b
}

/// Every (position, rotation) where the design fits, by trying the whole bounding box
/// grown by one.
pub fn fitting_placements(catalog: &Catalog, board: &Board, design: &TileDesign) -> BTreeSet<(Pos, Rotation)> {
    let (x0, y0, x1, y1) = bounding_box(board);
    let mut out = BTreeSet::new();
    for y in y0 - 1..=y1 + 1 {
        for x in x0 - 1..=x1 + 1 {
            for r in Rotation::ALL {
                if fits(catalog, board, design, r, Pos::new(x, y)) {
                    out.insert((Pos::new(x, y), r));
                }
            }
        }
    }
    out
}

/// The port of the neighbour that touches board port `port` (0 = NNW, clockwise).
pub fn facing(port: usize) -> usize {
    let (side, offset) = (port / 3, port % 3);
    ((side + 2) % 4) * 3 + (2 - offset)
}

/// The feature of `design` turned by `rotation` that touches board port `port`.
pub fn feature_at(design: &TileDesign, rotation: Rotation, port: usize) -> Option<u8> {
    let unrotated = (port + 12 - 3 * rotation.index()) % 12;
    design.features.iter().position(|f| f.ports & (1 << unrotated) != 0).map(|i| i as u8)
}

/// One connected feature.
#[derive(Clone, Debug)]
pub struct Component {
    pub kind: FeatureKind,
    /// (placement index, local feature) of every segment.
    pub members: Vec<(u16, u8)>,
    /// Ports of the feature that face an empty position.
    pub open_ports: usize,
    /// Distinct tiles covered.
    pub tiles: u32,
    pub pennants: u32,
    /// For cloisters: the tiles in the eight positions around it.
    pub around: u32,
}

impl Component {
    /// Completed road, city or cloister.
    pub fn is_complete(&self) -> bool {
        match self.kind {
            FeatureKind::Road | FeatureKind::City => self.open_ports == 0,
            FeatureKind::Cloister | FeatureKind::Hut => self.around == 8,
            FeatureKind::Field
            | FeatureKind::Garden
            | FeatureKind::River
            | FeatureKind::Tower
            | FeatureKind::Mountain
            | FeatureKind::Prior
            | FeatureKind::Trap
            | FeatureKind::Acrobats => false,
        }
    }
}

/// Every feature of a board.
pub struct Model {
    pub components: Vec<Component>,
    pub component_of: HashMap<(u16, u8), usize>,
}

impl Model {
    pub fn build(catalog: &Catalog, board: &Board) -> Model {
        let mut model = Model { components: vec![], component_of: HashMap::new() };
        for (i, placed) in board.tiles().iter().enumerate() {
            let design = catalog.design(placed.tile);
            for (f, spec) in design.features.iter().enumerate() {
                let start = (i as u16, f as u8);
                if model.component_of.contains_key(&start) {
                    continue;
                }
                let id = model.components.len();
                let mut c =
                    Component { kind: spec.kind, members: vec![], open_ports: 0, tiles: 0, pennants: 0, around: 0 };
                if matches!(spec.kind, FeatureKind::Cloister | FeatureKind::Hut) {
                    c.around = ring(placed.pos).filter(|&p| board.get(p).is_some()).count() as u32;
                }
                let mut stack = vec![start];
                model.component_of.insert(start, id);
                while let Some((pi, local)) = stack.pop() {
                    c.members.push((pi, local));
                    let here = board.placement(pi);
                    let d = catalog.design(here.tile);
                    let s = &d.features[local as usize];
                    assert_eq!(s.kind, c.kind, "a feature joins segments of different kinds");
                    c.pennants += s.pennants as u32;
                    for p in (0..12).filter(|p| s.ports & (1 << p) != 0) {
                        let port = (p + 3 * here.rotation.index()) % 12;
                        match board.index_at(neighbour(here.pos, port / 3)) {
                            None => c.open_ports += 1,
                            Some(j) => {
                                let there = board.placement(j);
                                let other = feature_at(catalog.design(there.tile), there.rotation, facing(port))
                                    .unwrap_or_else(|| {
                                        panic!("port {port} of the tile at {} faces no feature", here.pos)
                                    });
                                if let Entry::Vacant(slot) = model.component_of.entry((j, other)) {
                                    slot.insert(id);
                                    stack.push((j, other));
                                }
                            }
                        }
                    }
                }
                c.tiles = c.members.iter().map(|m| m.0).collect::<BTreeSet<_>>().len() as u32;
                model.components.push(c);
            }
        }
        model
    }

    pub fn component(&self, placement: u16, local: u8) -> &Component {
        &self.components[self.component_of[&(placement, local)]]
    }

    /// Completed cities the farm (a field component) borders.
    pub fn cities_of_farm(&self, catalog: &Catalog, board: &Board, farm: usize) -> BTreeSet<usize> {
        let mut cities = BTreeSet::new();
        for &(pi, local) in &self.components[farm].members {
            let spec = &catalog.design(board.placement(pi).tile).features[local as usize];
            for &city in &spec.borders {
                let c = self.component_of[&(pi, city)];
                if self.components[c].is_complete() {
                    cities.insert(c);
                }
            }
        }
        cities
    }
}

/// The players with the most figures (all of them on a tie; none without figures).
pub fn majority(counts: &[u32]) -> BTreeSet<u8> {
    let best = counts.iter().copied().max().unwrap_or(0);
    if best == 0 {
        return BTreeSet::new();
    }
    (0..counts.len()).filter(|&p| counts[p] == best).map(|p| p as u8).collect()
}
