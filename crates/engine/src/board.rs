//! The board: placed tiles by position, in placement order, and the open frontier of empty
//! positions next to them.

use crate::catalog::{Catalog, TileDesign, TileId};
use crate::geometry::{Pos, Rotation, Side, Terrain};

/// A tile on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedTile {
    pub tile: TileId,
    pub rotation: Rotation,
    pub pos: Pos,
    /// Index of the feature-graph node of this tile's first feature; feature `i` of the design
    /// is node `first_node + i`.
    pub(crate) first_node: u32,
}

/// Index of a placed tile in placement order (the start tile is 0).
pub type PlacementIndex = u16;

/// One grid cell: the placement index plus one of its tile (0 if empty), and the frontier slot
/// plus one of the position (0 if it is not on the frontier).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Cell {
    tile: u16,
    slot: u16,
}

/// A dense grid that grows to fit the positions written to it.
#[derive(Debug)]
struct Grid {
    min_x: i32,
    min_y: i32,
    width: i32,
    height: i32,
    cells: Vec<Cell>,
}

impl Grid {
    const MARGIN: i32 = 8;

    fn new() -> Grid {
        let size = 2 * Self::MARGIN + 1;
        Grid {
            min_x: -Self::MARGIN,
            min_y: -Self::MARGIN,
            width: size,
            height: size,
            cells: vec![Cell::default(); (size * size) as usize],
        }
    }

    #[inline]
    fn index(&self, pos: Pos) -> Option<usize> {
        let dx = pos.x as i32 - self.min_x;
        let dy = pos.y as i32 - self.min_y;
        (dx >= 0 && dy >= 0 && dx < self.width && dy < self.height).then(|| (dy * self.width + dx) as usize)
    }

    #[inline]
    fn get(&self, pos: Pos) -> Cell {
        self.index(pos).map_or(Cell::default(), |i| self.cells[i])
    }

    /// How many of the eight cells around `pos` hold a tile: one bounds check where the 3×3
    /// block lies inside the grid (the usual case: the grid keeps a margin around the tiles),
    /// eight otherwise.
    #[inline]
    fn occupied_around(&self, pos: Pos) -> u8 {
        let dx = pos.x as i32 - self.min_x;
        let dy = pos.y as i32 - self.min_y;
        if dx >= 1 && dy >= 1 && dx + 1 < self.width && dy + 1 < self.height {
            let w = self.width as usize;
            let i = (dy as usize) * w + dx as usize;
            let cells = &self.cells;
            [i - w - 1, i - w, i - w + 1, i - 1, i + 1, i + w - 1, i + w, i + w + 1]
                .into_iter()
                .filter(|&j| cells[j].tile != 0)
                .count() as u8
        } else {
            pos.ring().iter().filter(|&&p| self.get(p).tile != 0).count() as u8
        }
    }

    /// The cell at `pos`, growing the grid so that `pos` and its neighbours are inside.
    fn cell_mut(&mut self, pos: Pos) -> &mut Cell {
        let (x, y) = (pos.x as i32, pos.y as i32);
        if x - 1 < self.min_x
            || y - 1 < self.min_y
            || x + 1 >= self.min_x + self.width
            || y + 1 >= self.min_y + self.height
        {
            self.grow_to(x, y);
        }
        let i = self.index(pos).expect("grid grown to fit");
        &mut self.cells[i]
    }

    fn grow_to(&mut self, x: i32, y: i32) {
        let min_x = self.min_x.min(x - Self::MARGIN);
        let min_y = self.min_y.min(y - Self::MARGIN);
        let max_x = (self.min_x + self.width).max(x + Self::MARGIN + 1);
        let max_y = (self.min_y + self.height).max(y + Self::MARGIN + 1);
        let (width, height) = (max_x - min_x, max_y - min_y);
        let mut cells = vec![Cell::default(); (width * height) as usize];
        for row in 0..self.height {
            let src = (row * self.width) as usize;
            let dst = ((row + self.min_y - min_y) * width + (self.min_x - min_x)) as usize;
            cells[dst..dst + self.width as usize].copy_from_slice(&self.cells[src..src + self.width as usize]);
        }
        *self = Grid { min_x, min_y, width, height, cells };
    }
}

/// The placed tiles and the frontier.
#[derive(Debug)]
pub struct Board {
    tiles: Vec<PlacedTile>,
    grid: Grid,
    /// Empty positions next to at least one tile, with what each requires of a tile's edges
    /// (kept up to date as tiles are placed). The order is a function of the placement history.
    frontier: Vec<FrontierCell>,
}

/// An empty position next to the placed tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrontierCell {
    pub pos: Pos,
    /// The edge constraint as a base-5 number (one digit per side, N first: 0 for no neighbour,
    /// else the neighbour's terrain code), the index into [`TileDesign::fit_table`].
    pub code: u16,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

/// What a position requires of a tile's edges: the terrain byte of each side that has a
/// neighbour (`pattern`), and which bytes are constrained (`mask`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeConstraint {
    pub pattern: u32,
    pub mask: u32,
}

const POWERS_OF_5: [u16; 4] = [1, 5, 25, 125];

/// Bridges, Castles & Bazaars: the constraint `code` of an empty position once the tile on its
/// `side`, which shows it a field edge, shows a road edge instead (a bridge built on that tile
/// ends there).
pub(crate) const fn field_to_road(code: u16, side: Side) -> u16 {
    code + (Terrain::Road as u16 - Terrain::Field as u16) * POWERS_OF_5[side as usize]
}

impl EdgeConstraint {
    /// Decodes a base-5 constraint code (see [`FrontierCell::code`]).
    pub fn from_code(code: u16) -> EdgeConstraint {
        let (mut pattern, mut mask, mut rest) = (0u32, 0u32, code as u32);
        for side in 0..4 {
            let terrain = rest % 5;
            rest /= 5;
            if terrain != 0 {
                pattern |= terrain << (8 * side);
                mask |= 0xFF << (8 * side);
            }
        }
        EdgeConstraint { pattern, mask }
    }

    #[inline]
    pub fn accepts(self, edges: u32) -> bool {
        edges & self.mask == self.pattern
    }
}

impl Board {
    pub fn new() -> Board {
        Board { tiles: Vec::with_capacity(80), grid: Grid::new(), frontier: Vec::with_capacity(64) }
    }

    /// Placed tiles in placement order.
    pub fn tiles(&self) -> &[PlacedTile] {
        &self.tiles
    }

    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    #[inline]
    pub fn index_at(&self, pos: Pos) -> Option<PlacementIndex> {
        self.grid.get(pos).tile.checked_sub(1)
    }

    #[inline]
    pub fn get(&self, pos: Pos) -> Option<&PlacedTile> {
        self.index_at(pos).map(|i| &self.tiles[i as usize])
    }

    /// The constraint code of an empty position next to the tiles (`None` elsewhere).
    #[inline]
    pub fn frontier_code(&self, pos: Pos) -> Option<u16> {
        let slot = self.grid.get(pos).slot.checked_sub(1)?;
        Some(self.frontier[slot as usize].code)
    }

    pub fn is_occupied(&self, pos: Pos) -> bool {
        self.grid.get(pos).tile != 0
    }

    pub fn placement(&self, index: PlacementIndex) -> &PlacedTile {
        &self.tiles[index as usize]
    }

    /// Empty positions adjacent to a tile, with their edge constraints.
    pub fn frontier(&self) -> &[FrontierCell] {
        &self.frontier
    }

    /// How many of the eight positions around `pos` hold a tile.
    pub fn neighbours_around(&self, pos: Pos) -> u8 {
        self.grid.occupied_around(pos)
    }

    /// The edge terrains an empty position requires.
    #[inline]
    pub fn constraint(&self, catalog: &Catalog, pos: Pos) -> EdgeConstraint {
        let mut pattern = 0;
        let mut mask = 0;
        for side in Side::ALL {
            if let Some(n) = self.get(pos.step(side)) {
                let edges = catalog.design(n.tile).view(n.rotation).edges;
                let theirs = (edges >> (8 * side.opposite().index())) & 0xFF;
                pattern |= theirs << (8 * side.index());
                mask |= 0xFF << (8 * side.index());
            }
        }
        EdgeConstraint { pattern, mask }
    }

    /// True if `design` turned by `rotation` may be placed at `pos`: the position is empty,
    /// touches a tile along an edge, and every touching edge matches.
    pub fn fits(&self, catalog: &Catalog, design: &TileDesign, rotation: Rotation, pos: Pos) -> bool {
        if self.is_occupied(pos) {
            return false;
        }
        let c = self.constraint(catalog, pos);
        c.mask != 0 && c.accepts(design.view(rotation).edges)
    }

    /// True if the tile fits somewhere on the board.
    pub fn has_place_for(&self, design: &TileDesign) -> bool {
        self.frontier.iter().any(|cell| design.rotations_fitting(cell.code) != 0)
    }

    /// Puts a tile whose rotated edge terrains are `edges` on the board (legality is the
    /// caller's business) and returns its index.
    #[inline]
    pub(crate) fn place(
        &mut self,
        tile: TileId,
        rotation: Rotation,
        edges: u32,
        pos: Pos,
        first_node: u32,
    ) -> PlacementIndex {
        let index = self.tiles.len() as PlacementIndex;
        self.tiles.push(PlacedTile { tile, rotation, pos, first_node });
        let cell = self.grid.cell_mut(pos);
        cell.tile = index + 1;
        if let Some(slot) = std::mem::take(&mut cell.slot).checked_sub(1) {
            self.remove_from_frontier(slot);
        }
        for side in Side::ALL {
            let n = pos.step(side);
            let cell = self.grid.cell_mut(n);
            if cell.tile != 0 {
                continue;
            }
            let slot = match cell.slot.checked_sub(1) {
                Some(slot) => slot as usize,
                None => {
                    cell.slot = self.frontier.len() as u16 + 1;
                    self.frontier.push(FrontierCell { pos: n, code: 0 });
                    self.frontier.len() - 1
                }
            };
            // The new tile lies on the neighbour's opposite side and shows it its `side` edge.
            let theirs = side.opposite().index();
            let terrain = (edges >> (8 * side.index())) & 0xFF;
            // Only the four land terrains constrain a position (an abbey wall never faces one).
            if terrain > Terrain::River as u32 {
                continue;
            }
            self.frontier[slot].code += terrain as u16 * POWERS_OF_5[theirs];
        }
        index
    }
}

impl Board {
    /// The variation "Rebuilding": moves placed tile `index` to the empty position `pos`, turned
    /// by `rotation`, keeping its placement index (so its features keep their nodes). The
    /// frontier around both positions is brought up to date.
    pub(crate) fn relocate(&mut self, catalog: &Catalog, index: PlacementIndex, pos: Pos, rotation: Rotation) {
        let from = self.tiles[index as usize].pos;
        self.grid.cell_mut(from).tile = 0;
        self.tiles[index as usize].pos = pos;
        self.tiles[index as usize].rotation = rotation;
        let cell = self.grid.cell_mut(pos);
        cell.tile = index + 1;
        if let Some(slot) = std::mem::take(&mut cell.slot).checked_sub(1) {
            self.remove_from_frontier(slot);
        }
        // The lifted position and the empty positions around both places.
        for at in std::iter::once(from).chain(Side::ALL.map(|s| from.step(s))).chain(Side::ALL.map(|s| pos.step(s))) {
            if !self.is_occupied(at) {
                self.refresh_frontier_cell(catalog, at);
            }
        }
    }

    /// Bridges, Castles & Bazaars: placed tile `index` shows design `tile` from now on (a bridge
    /// built on it turned two field edges into road edges); the empty positions beside it learn
    /// its new edges.
    pub(crate) fn redesign(&mut self, catalog: &Catalog, index: PlacementIndex, tile: TileId) {
        self.tiles[index as usize].tile = tile;
        let pos = self.tiles[index as usize].pos;
        for side in Side::ALL {
            let at = pos.step(side);
            if !self.is_occupied(at) {
                self.refresh_frontier_cell(catalog, at);
            }
        }
    }

    /// Takes frontier slot `slot` out, moving the last cell into it.
    #[inline]
    fn remove_from_frontier(&mut self, slot: u16) {
        self.frontier.swap_remove(slot as usize);
        if let Some(moved) = self.frontier.get(slot as usize) {
            self.grid.cell_mut(moved.pos).slot = slot + 1;
        }
    }

    /// Puts the empty position `pos` on the frontier with its constraint from the tiles around
    /// it, or takes it off if no tile touches it any more.
    fn refresh_frontier_cell(&mut self, catalog: &Catalog, pos: Pos) {
        let (code, touches) = self.code_around(catalog, pos, None);
        let slot = self.grid.get(pos).slot.checked_sub(1);
        match (slot, touches) {
            (Some(slot), true) => self.frontier[slot as usize].code = code,
            (Some(slot), false) => {
                self.grid.cell_mut(pos).slot = 0;
                self.remove_from_frontier(slot);
            }
            (None, true) => {
                self.frontier.push(FrontierCell { pos, code });
                self.grid.cell_mut(pos).slot = self.frontier.len() as u16;
            }
            (None, false) => {}
        }
    }

    /// Which of the four sides of the tile at `pos` (N, E, S, W) touch another tile, read
    /// straight from the grid (a tile's neighbours' cells are always inside it).
    #[inline]
    pub(crate) fn sides_touching(&self, pos: Pos) -> [bool; 4] {
        let Some(i) = self.grid.index(pos) else { return [false; 4] };
        let w = self.grid.width as usize;
        let cells = &self.grid.cells;
        [cells[i - w].tile != 0, cells[i + 1].tile != 0, cells[i + w].tile != 0, cells[i - 1].tile != 0]
    }

    /// The constraint code of the empty position `pos` from the tiles on its four sides (the tile
    /// at `ignoring` left out), and whether any tile touches it.
    fn code_around(&self, catalog: &Catalog, pos: Pos, ignoring: Option<Pos>) -> (u16, bool) {
        let mut code = 0u16;
        let mut touches = false;
        for side in Side::ALL {
            let at = pos.step(side);
            let Some(n) = self.get(at).filter(|_| Some(at) != ignoring) else { continue };
            touches = true;
            let edges = catalog.design(n.tile).view(n.rotation).edges;
            let terrain = (edges >> (8 * side.opposite().index())) & 0xFF;
            // Only the four land terrains constrain a position (an abbey wall never faces one).
            if terrain <= Terrain::River as u32 {
                code += terrain as u16 * POWERS_OF_5[side.index()];
            }
        }
        (code, touches)
    }

    /// The variation "Rebuilding": the constraint code of the empty position `pos` once the tile
    /// at `removed` is lifted off the board, or `None` if `pos` would then touch no tile along
    /// an edge (or is not on the frontier, or is `removed` itself: the tile goes somewhere else).
    pub(crate) fn code_without(&self, catalog: &Catalog, removed: Pos, pos: Pos) -> Option<u16> {
        if pos == removed || self.frontier_code(pos).is_none() {
            return None;
        }
        let (code, touches) = self.code_around(catalog, pos, Some(removed));
        touches.then_some(code)
    }

    /// The tiles whose removal would divide the playing field (the articulation points of the
    /// graph of tiles joined along edges), by placement index: one depth-first search, over the
    /// grid's cells (every tile has its four neighbours' cells inside the grid).
    pub(crate) fn cut_tiles(&self) -> Vec<bool> {
        let n = self.tiles.len();
        let mut cut = vec![false; n];
        if n < 3 {
            return cut;
        }
        const UNSEEN: u16 = u16::MAX;
        let grid = &self.grid;
        let cell_of = |t: u16| grid.index(self.tiles[t as usize].pos).expect("a tile's cell");
        let w = grid.width as usize;
        let (mut order, mut low) = (vec![UNSEEN; n], vec![0u16; n]);
        // (tile, its cell, parent, the next of the four steps to take)
        let mut stack: Vec<(u16, usize, u16, u8)> = Vec::with_capacity(n);
        stack.push((0, cell_of(0), UNSEEN, 0));
        order[0] = 0;
        let (mut next, mut root_children) = (1u16, 0);
        while let Some(top) = stack.last_mut() {
            let (tile, cell, parent) = (top.0, top.1, top.2);
            if top.3 < 4 {
                let neighbour = [cell - w, cell + 1, cell + w, cell - 1][top.3 as usize];
                top.3 += 1;
                let Some(m) = grid.cells[neighbour].tile.checked_sub(1) else { continue };
                if order[m as usize] == UNSEEN {
                    order[m as usize] = next;
                    low[m as usize] = next;
                    next += 1;
                    if tile == 0 {
                        root_children += 1;
                    }
                    stack.push((m, neighbour, tile, 0));
                } else if m != parent {
                    low[tile as usize] = low[tile as usize].min(order[m as usize]);
                }
                continue;
            }
            stack.pop();
            if parent != UNSEEN {
                low[parent as usize] = low[parent as usize].min(low[tile as usize]);
                if parent != 0 && low[tile as usize] >= order[parent as usize] {
                    cut[parent as usize] = true;
                }
            }
        }
        cut[0] = root_children > 1;
        cut
    }
}

/// Orders positions by row, then column.
#[inline]
pub fn reading_order(a: Pos, b: Pos) -> std::cmp::Ordering {
    (a.y, a.x).cmp(&(b.y, b.x))
}

// `clone_from` copies into the buffers already there: search bots copy games into the same
// scratch game thousands of times a decision, and a derived `clone_from` allocates each time.
impl Clone for Grid {
    fn clone(&self) -> Grid {
        Grid { cells: self.cells.clone(), ..*self }
    }

    fn clone_from(&mut self, source: &Grid) {
        let Grid { min_x, min_y, width, height, cells } = source;
        (self.min_x, self.min_y, self.width, self.height) = (*min_x, *min_y, *width, *height);
        self.cells.clone_from(cells);
    }
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board { tiles: self.tiles.clone(), grid: self.grid.clone(), frontier: self.frontier.clone() }
    }

    fn clone_from(&mut self, source: &Board) {
        let Board { tiles, grid, frontier } = source;
        self.tiles.clone_from(tiles);
        self.grid.clone_from(grid);
        self.frontier.clone_from(frontier);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tiles around a position, counted the fast way inside the grid and the slow way at
    /// its edges and beyond, agree with a count of the eight positions one by one.
    #[test]
    fn neighbours_around_counts_the_eight_positions_anywhere() {
        let mut board = Board::new();
        let positions = [(0, 0), (1, 0), (1, 1), (-1, -1), (0, 1), (-9, 0), (-9, 1), (12, -12)];
        for (i, &(x, y)) in positions.iter().enumerate() {
            board.place(TileId(0), Rotation::R0, 0x01010101, Pos::new(x, y), i as u32);
        }
        for y in -16..16 {
            for x in -16..16 {
                let pos = Pos::new(x, y);
                let slow = pos.ring().iter().filter(|&&p| board.is_occupied(p)).count() as u8;
                assert_eq!(board.neighbours_around(pos), slow, "{pos:?}");
            }
        }
    }

    #[test]
    fn grid_grows_in_every_direction_and_keeps_its_cells() {
        let mut board = Board::new();
        let positions = [Pos::new(0, 0), Pos::new(-20, 3), Pos::new(15, -30), Pos::new(40, 40)];
        for (i, &p) in positions.iter().enumerate() {
            board.place(TileId(0), Rotation::R0, 0x01010101, p, i as u32);
        }
        for (i, &p) in positions.iter().enumerate() {
            assert_eq!(board.index_at(p), Some(i as u16));
        }
        assert_eq!(board.index_at(Pos::new(1, 1)), None);
        assert_eq!(board.frontier().len(), 16);
        for (slot, cell) in board.frontier().iter().enumerate() {
            assert_eq!(board.grid.get(cell.pos).slot as usize, slot + 1);
            assert!(!board.is_occupied(cell.pos));
            let c = EdgeConstraint::from_code(cell.code);
            assert!(c.mask != 0 && c.pattern == c.mask & 0x01010101, "every neighbour shows a field edge");
        }
    }
}
