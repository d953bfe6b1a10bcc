//! Observations as fixed-shape arrays, and the fixed action space they index.
//!
//! Pure Rust on plain slices, so that a single game and a batch (one row per game, filled on
//! several threads) share it. docs/python.md documents every plane and field; the constants
//! below are the single place their order is defined.

use carcassonne_engine::catalog::{FeatureKind, Symbol, TileDesign};
use carcassonne_engine::{Action, CatapultToken, Figure, Game, MagicFigure, Pending, PlayerId, Pos, Terrain, Token};

/// Most seats a game has (the engine's six colours).
pub const MAX_SEATS: usize = carcassonne_engine::players::MAX_PLAYERS;

/// The window's side, in tiles, unless a game asks for another.
pub const DEFAULT_WINDOW: usize = 33;

/// Slots of the action space for actions that are not placements inside the window, unless a
/// game asks for another number.
pub const DEFAULT_OTHER_SLOTS: usize = 4096;

/// The terrains an edge plane tells apart, in plane order.
const TERRAINS: [Terrain; 5] = [Terrain::Field, Terrain::Road, Terrain::City, Terrain::River, Terrain::Abbey];

/// The planes that describe one tile (its design and rotation), after the occupancy plane:
/// four sides times five terrains, then what the tile shows.
pub const TILE_PLANES: [&str; 62] = [
    "edge_n_field",
    "edge_n_road",
    "edge_n_city",
    "edge_n_river",
    "edge_n_abbey",
    "edge_e_field",
    "edge_e_road",
    "edge_e_city",
    "edge_e_river",
    "edge_e_abbey",
    "edge_s_field",
    "edge_s_road",
    "edge_s_city",
    "edge_s_river",
    "edge_s_abbey",
    "edge_w_field",
    "edge_w_road",
    "edge_w_city",
    "edge_w_river",
    "edge_w_abbey",
    "cloister",
    "garden",
    "pennants",
    "inn",
    "cathedral",
    "wine",
    "grain",
    "cloth",
    "besieged",
    "princess",
    "pig_herd",
    "tower_foundation",
    "dragon_symbol",
    "volcano",
    "magic_gate",
    "mountain",
    "festival",
    "gold_symbol",
    "wind_rose",
    "rose_quarter",
    "labyrinth",
    "special_monastery",
    "darmstadtium",
    "shrine",
    "watchtower",
    "hut",
    "trap",
    "church",
    "porxada",
    "crop_circle",
    "magic_symbol",
    "flying_machine",
    "tunnel_openings",
    "ferry_lake",
    "plague_source",
    "hill",
    "vineyard",
    "circus",
    "acrobats",
    "bazaar",
    "bridge",
    "fair",
];

/// The board planes after the tile's own: pieces on the board.
const PIECE_PLANES: [&str; 16] = [
    "tower_height",
    "dragon",
    "fairy",
    "last_placed",
    "buildings",
    "gold",
    "wind_rose_sections",
    "priors",
    "mage",
    "witch",
    "tunnel_tokens",
    "ferries",
    "outbreaks",
    "fleas",
    "big_top",
    "castles",
];

/// Figure kinds, in plane order (one plane per seat and kind): the engine's order.
pub const FIGURES: [Figure; 11] = Figure::ALL;

/// Plane indices.
pub const PLANE_TILE: usize = 0;
pub const PLANE_TILE_FIRST: usize = 1;
pub const PLANE_PIECES: usize = PLANE_TILE_FIRST + TILE_PLANES.len();
pub const PLANE_FIGURES: usize = PLANE_PIECES + PIECE_PLANES.len();
pub const PLANE_PLACEMENTS: usize = PLANE_FIGURES + MAX_SEATS * FIGURES.len();
/// Planes in all.
pub const PLANES: usize = PLANE_PLACEMENTS + 4;

/// Columns of the players array, one row per seat (the viewer's first).
pub const PLAYER_FIELDS: [&str; 35] = [
    "present",
    "score",
    "followers",
    "big_followers",
    "abbots",
    "builders",
    "pigs",
    "mayors",
    "wagons",
    "barns",
    "wine",
    "grain",
    "cloth",
    "tower_pieces",
    "prisoners_held",
    "figures_imprisoned",
    "holds_abbey",
    "king",
    "robber_baron",
    "hand_size",
    "buildings",
    "to_move",
    "in_carcassonne",
    "figures_on_board",
    "gold",
    "porxada_token",
    "phantoms",
    "tunnel_tokens",
    "messenger_points",
    "shepherds",
    "flock_sheep",
    "ringmasters",
    "bridges",
    "castle_tokens",
    "bought_tile",
];

/// The kinds of pending decision, in the order of the `pending` field's values.
pub const PENDING_KINDS: [&str; 41] = [
    "place-tile",
    "deploy",
    "escape",
    "move-dragon",
    "capture",
    "exchange",
    "take-prisoner",
    "replace-tile",
    "abbey",
    "move-wagon",
    "carcassonne",
    "move-count",
    "redeploy",
    "final-redeploy",
    "held-tile",
    "choose-tile",
    "give-tile",
    "place-gold",
    "porxada",
    "swap",
    "swap-answer",
    "crop-circle",
    "crop-add",
    "crop-remove",
    "phantom",
    "mage-witch",
    "flier-landing",
    "place-ferry",
    "move-ferry",
    "plague",
    "scoring-figure",
    "message",
    "flock",
    "game-over",
    "castle",
    "bazaar-choose",
    "bazaar-bid",
    "bazaar-trade",
    "catapult",
    "flick",
    "seduce",
];

/// A step (dx, dy) of one tile at most each way as a compass point: 1 north, clockwise to 8
/// north-west (0 for none).
fn compass_point((dx, dy): (i16, i16)) -> u8 {
    match (dx.signum(), dy.signum()) {
        (0, -1) => 1,
        (1, -1) => 2,
        (1, 0) => 3,
        (1, 1) => 4,
        (0, 1) => 5,
        (-1, 1) => 6,
        (-1, 0) => 7,
        (-1, -1) => 8,
        _ => 0,
    }
}

/// The index of a pending decision's kind in [`PENDING_KINDS`].
pub fn pending_kind(pending: Pending) -> usize {
    match pending {
        Pending::PlaceTile { .. } => 0,
        Pending::Deploy { .. } => 1,
        Pending::Escape { .. } => 2,
        Pending::MoveDragon { .. } => 3,
        Pending::Capture { .. } => 4,
        Pending::Exchange { .. } => 5,
        Pending::TakePrisoner { .. } => 6,
        Pending::ReplaceTile { .. } => 7,
        Pending::Abbey { .. } => 8,
        Pending::MoveWagon { .. } => 9,
        Pending::Carcassonne { .. } => 10,
        Pending::MoveCount { .. } => 11,
        Pending::Redeploy { .. } => 12,
        Pending::FinalRedeploy { .. } => 13,
        Pending::HeldTile { .. } => 14,
        Pending::ChooseTile { .. } => 15,
        Pending::GiveTile { .. } => 16,
        Pending::PlaceGold { .. } => 17,
        Pending::Porxada { .. } => 18,
        Pending::SwapWith { .. } => 19,
        Pending::SwapAnswer { .. } => 20,
        Pending::CropCircle { .. } => 21,
        Pending::CropAdd { .. } => 22,
        Pending::CropRemove { .. } => 23,
        Pending::Phantom { .. } => 24,
        Pending::MageWitch { .. } => 25,
        Pending::FlierLanding { .. } => 26,
        Pending::PlaceFerry { .. } => 27,
        Pending::MoveFerry { .. } => 28,
        Pending::Plague { .. } => 29,
        Pending::ScoringFigure { .. } => 30,
        Pending::Message { .. } => 31,
        Pending::Flock { .. } => 32,
        Pending::GameOver => 33,
        Pending::Castle { .. } => 34,
        Pending::BazaarSelect { .. } => 35,
        Pending::BazaarBid { .. } => 36,
        Pending::BazaarTrade { .. } => 37,
        Pending::CatapultToken { .. } => 38,
        Pending::Flick { .. } => 39,
        Pending::Seduce { .. } => 40,
    }
}

/// The shape of the observation and of the action space: the window's side and the number of
/// slots for the other actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub window: usize,
    pub other_slots: usize,
}

impl Default for Shape {
    fn default() -> Shape {
        Shape { window: DEFAULT_WINDOW, other_slots: DEFAULT_OTHER_SLOTS }
    }
}

impl Shape {
    pub fn new(window: usize, other_slots: usize) -> Result<Shape, String> {
        if !(3..=255).contains(&window) {
            return Err(format!("window: {window} tiles is out of range (3 to 255)"));
        }
        if other_slots > 1 << 20 {
            return Err(format!("other_slots: {other_slots} is out of range (0 to 1048576)"));
        }
        Ok(Shape { window, other_slots })
    }

    pub fn cells(self) -> usize {
        self.window * self.window
    }

    pub fn board_len(self) -> usize {
        PLANES * self.cells()
    }

    /// Placement ids come first, `(rotation, row, column)`, then the other slots.
    pub fn actions(self) -> usize {
        4 * self.cells() + self.other_slots
    }
}

/// Where the window lies on the board: the position of its top-left cell. The window is
/// centred on the middle of the board's bounding box, so a board narrower than the window (and
/// every position next to it) is seen whole.
#[derive(Clone, Copy, Debug)]
pub struct Window {
    shape: Shape,
    x0: i32,
    y0: i32,
}

impl Window {
    pub fn of(game: &Game, shape: Shape) -> Window {
        let tiles = game.board().tiles();
        let (mut min_x, mut max_x, mut min_y, mut max_y) = (0i32, 0i32, 0i32, 0i32);
        for (i, t) in tiles.iter().enumerate() {
            let (x, y) = (t.pos.x as i32, t.pos.y as i32);
            if i == 0 {
                (min_x, max_x, min_y, max_y) = (x, x, y, y);
            } else {
                (min_x, max_x, min_y, max_y) = (min_x.min(x), max_x.max(x), min_y.min(y), max_y.max(y));
            }
        }
        let half = (shape.window / 2) as i32;
        Window { shape, x0: (min_x + max_x).div_euclid(2) - half, y0: (min_y + max_y).div_euclid(2) - half }
    }

    /// The board position of the window's top-left cell (column 0, row 0).
    pub fn origin(self) -> (i32, i32) {
        (self.x0, self.y0)
    }

    /// The window cell (row-major index) of a board position, if it lies inside.
    pub fn cell(self, pos: Pos) -> Option<usize> {
        let (c, r) = (pos.x as i32 - self.x0, pos.y as i32 - self.y0);
        let w = self.shape.window as i32;
        ((0..w).contains(&c) && (0..w).contains(&r)).then(|| (r * w + c) as usize)
    }

    /// The id of every action of `legal`, in order: a placement inside the window by its
    /// rotation and cell, every other action by its rank among the others (`None` past the
    /// last slot).
    pub fn action_ids(self, legal: &[Action], out: &mut Vec<Option<u32>>) {
        out.clear();
        let cells = self.shape.cells();
        let mut next_slot = 0usize;
        for action in legal {
            let id = match *action {
                Action::Place { pos, rotation } if self.cell(pos).is_some() => {
                    Some((rotation.index() * cells + self.cell(pos).unwrap()) as u32)
                }
                _ => {
                    let slot = next_slot;
                    next_slot += 1;
                    (slot < self.shape.other_slots).then_some((4 * cells + slot) as u32)
                }
            };
            out.push(id);
        }
    }
}

/// The seats in the observation's order: the viewer first, then the others in turn order (a
/// spectator sees the seats in their own order).
pub fn seat_order(seats: usize, viewer: Option<PlayerId>) -> impl Iterator<Item = PlayerId> {
    let first = viewer.unwrap_or(0) as usize;
    (0..seats).map(move |k| ((first + k) % seats) as PlayerId)
}

/// The row of `player` in the observation's seat order.
fn relative_seat(seats: usize, viewer: Option<PlayerId>, player: PlayerId) -> usize {
    (player as usize + seats - viewer.unwrap_or(0) as usize) % seats
}

/// Writes what a tile design shows, turned by `rotation`, into `out[k]` for each of the
/// [`TILE_PLANES`] (`out` is indexed by plane; `stride` apart).
fn write_tile(design: &TileDesign, rotation: carcassonne_engine::Rotation, out: &mut [u8], at: usize, stride: usize) {
    let edges = design.view(rotation).edges;
    for side in 0..4 {
        let terrain = (edges >> (8 * side)) & 0xFF;
        if let Some(t) = TERRAINS.iter().position(|t| *t as u32 == terrain) {
            out[(side * 5 + t) * stride + at] = 1;
        }
    }
    let mut set = |plane: usize, value: u8| {
        let cell = &mut out[plane * stride + at];
        *cell = cell.saturating_add(value);
    };
    for feature in &design.features {
        match feature.kind {
            FeatureKind::Cloister => set(20, 1),
            FeatureKind::Garden => set(21, 1),
            FeatureKind::Tower => set(31, 1),
            FeatureKind::Mountain => set(35, 1),
            FeatureKind::Hut => set(45, 1),
            _ => {}
        }
        let attrs = &feature.attrs;
        set(22, feature.pennants);
        set(23, attrs.inn as u8);
        set(24, attrs.cathedral as u8);
        if let Some(good) = attrs.good {
            set(25 + good as usize, 1);
        }
        set(28, attrs.besieged as u8);
        set(29, attrs.princess as u8);
        set(30, attrs.pig_herd as u8);
        set(40, attrs.labyrinth as u8);
        set(41, attrs.special as u8);
        set(43, attrs.shrine as u8);
        set(47, attrs.church as u8);
        set(52, attrs.portal as u8);
        set(60, attrs.bridge as u8);
    }
    for symbol in &design.symbols {
        match symbol {
            Symbol::Dragon => set(32, 1),
            Symbol::Volcano => set(33, 1),
            Symbol::MagicGate => set(34, 1),
            Symbol::Abbey => set(20, 1),
            Symbol::Festival => set(36, 1),
            Symbol::Gold => set(37, 1),
            Symbol::WindRoseOrange => set(38, 1),
            Symbol::WindRoseBlue => set(38, 2),
            Symbol::RoseNorthEast => set(39, 1),
            Symbol::RoseSouthEast => set(39, 2),
            Symbol::RoseSouthWest => set(39, 3),
            Symbol::RoseNorthWest => set(39, 4),
            Symbol::Darmstadtium => set(42, 1),
            // What the watchtower watches over: 1 followers, 2 coats of arms, 3 roads,
            // 4 monasteries, 5 cities.
            Symbol::WatchtowerFollowers => set(44, 1),
            Symbol::WatchtowerArms => set(44, 2),
            Symbol::WatchtowerRoads => set(44, 3),
            Symbol::WatchtowerMonasteries => set(44, 4),
            Symbol::WatchtowerCities => set(44, 5),
            // A trap: 1 the Vodyanoy's lake, 2 Solovei Razboynik's tree.
            Symbol::Vodyanoy => set(46, 1),
            Symbol::SoloveiRazboynik => set(46, 2),
            Symbol::Porxada => set(48, 1),
            // A crop circle: 1 a shield (knights), 2 a club (thieves), 3 a pitchfork (farmers).
            Symbol::CropShield => set(49, 1),
            Symbol::CropClub => set(49, 2),
            Symbol::CropPitchfork => set(49, 3),
            Symbol::Magic => set(50, 1),
            // The flying machine, by where its arrow points as the tile lies: 1 north, then
            // clockwise to 8 north-west.
            Symbol::FlierWest | Symbol::FlierNorthWest => {
                let direction = carcassonne_engine::flight_direction(&design.symbols, rotation);
                set(51, direction.map_or(0, compass_point));
            }
            Symbol::FerryLake => set(53, 1),
            Symbol::PlagueSource => set(54, 1),
            Symbol::Hill => set(55, 1),
            Symbol::Vineyard => set(56, 1),
            Symbol::Circus => set(57, 1),
            Symbol::Acrobats => set(58, 1),
            Symbol::Bazaar => set(59, 1),
            Symbol::Fair => set(61, 1),
            Symbol::Tower => {}
        }
    }
}

/// The tile the pending decision places (a drawn tile, one removed by "Rebuilding", one held
/// under "Cloisters for everyone!"), if any.
pub fn tile_to_place(game: &Game) -> Option<carcassonne_engine::TileId> {
    match game.pending() {
        Pending::PlaceTile { tile, .. } | Pending::ReplaceTile { tile, .. } | Pending::HeldTile { tile, .. } => {
            Some(tile)
        }
        _ => None,
    }
}

/// One observation's arrays, as slices of the caller's buffers (one row of a batch).
pub struct ObservationOut<'a> {
    pub board: &'a mut [u8],
    pub players: &'a mut [f32],
    pub tile: &'a mut [u8],
    pub tiles_left: &'a mut [u16],
    pub action_mask: &'a mut [bool],
    /// The [`SCALARS`], in order.
    pub scalars: &'a mut [i32],
}

/// Scalars of an observation, in order: the tile to place's design, the pending kind, the seat
/// to move (relative to the viewer), the tiles left, the turn, the window's origin; then Bridges,
/// Castles & Bazaars' auction (the design at auction, the highest bid, its bidder and the seat
/// that chose the tile, relative) and the bazaar's tiles on offer (designs), -1 where none; then
/// The Catapult's token of the round under way ([`catapult_token`]).
pub const SCALARS: [&str; 18] = [
    "tile",
    "pending",
    "to_move",
    "tiles_left",
    "turn",
    "window_x",
    "window_y",
    "auction_tile",
    "auction_bid",
    "auction_bidder",
    "auction_chooser",
    "bazaar_0",
    "bazaar_1",
    "bazaar_2",
    "bazaar_3",
    "bazaar_4",
    "bazaar_5",
    "catapult_token",
];

/// The Catapult: the kind of token every player flicks in the round under way, as its index in
/// `CatapultToken::ALL` (0 knock-out, 1 seduction, 2 target, 3 catch), while a flick or a
/// seduction is pending; -1 otherwise (the choice of the token included).
pub fn catapult_token(pending: Pending) -> i32 {
    let token = match pending {
        Pending::Flick { token, .. } => token,
        Pending::Seduce { .. } => CatapultToken::Seduction,
        _ => return -1,
    };
    CatapultToken::ALL.iter().position(|t| *t == token).map_or(-1, |i| i as i32)
}

/// Fills `out` with what `viewer` sees of `game`. `legal` and `ids` are scratch buffers.
pub fn observe(
    game: &Game,
    viewer: Option<PlayerId>,
    shape: Shape,
    out: ObservationOut<'_>,
    legal: &mut Vec<Action>,
    ids: &mut Vec<Option<u32>>,
) {
    let ObservationOut { board, players, tile, tiles_left, action_mask, scalars } = out;
    board.fill(0);
    players.fill(0.0);
    tile.fill(0);
    tiles_left.fill(0);
    action_mask.fill(false);
    let window = Window::of(game, shape);
    let cells = shape.cells();
    let seats = game.players().len();
    let catalog = game.catalog();
    let b = game.board();

    for placed in b.tiles() {
        let Some(cell) = window.cell(placed.pos) else { continue };
        board[PLANE_TILE * cells + cell] = 1;
        write_tile(catalog.design(placed.tile), placed.rotation, &mut board[PLANE_TILE_FIRST * cells..], cell, cells);
    }
    let piece = |plane: usize| (PLANE_PIECES + plane) * cells;
    for tower in game.towers() {
        if let Some(cell) = window.cell(tower.pos) {
            board[piece(0) + cell] = tower.height;
        }
    }
    if let Some(cell) = game.dragon().and_then(|p| window.cell(p)) {
        board[piece(1) + cell] = 1;
    }
    if let Some(cell) = game.fairy().and_then(|(p, _)| window.cell(p)) {
        board[piece(2) + cell] = 1;
    }
    if let Some(cell) = b.tiles().last().and_then(|t| window.cell(t.pos)) {
        board[piece(3) + cell] = 1;
    }
    for building in game.little_buildings() {
        if let Some(cell) = window.cell(building.pos) {
            board[piece(4) + cell] += 1;
        }
    }
    for &(pos, count) in game.gold_on_board() {
        if let Some(cell) = window.cell(pos) {
            board[piece(5) + cell] = count;
        }
    }
    if game.wind_rose().is_some() {
        let (x0, y0) = window.origin();
        let w = shape.window;
        for cell in 0..cells {
            let pos = Pos::new((x0 + (cell % w) as i32) as i16, (y0 + (cell / w) as i32) as i16);
            board[piece(6) + cell] = game.wind_rose_sections(pos);
        }
    }
    for (plane, figure) in [(8, MagicFigure::Mage), (9, MagicFigure::Witch)] {
        if let Some(cell) = game.magic_figure(figure).and_then(|(p, _)| window.cell(p)) {
            board[piece(plane) + cell] = 1;
        }
    }
    for token in game.tunnel_tokens() {
        if let Some(cell) = window.cell(token.pos) {
            board[piece(10) + cell] += 1;
        }
    }
    // The Ferries: on a lake tile, the sides (as the tile lies) whose roads its ferry joins:
    // 1 north, 2 east, 4 south, 8 west, added up.
    for ferry in game.ferries() {
        let Some(cell) = window.cell(ferry.pos) else { continue };
        let sides: u8 =
            ferry.ends.iter().filter_map(|&e| game.segment_side(ferry.pos, e)).map(|s| 1 << s.index()).sum();
        board[piece(11) + cell] = sides;
    }
    // The Plague: an outbreak token, 1 active or 2 died out; a flea, 1 red (active) or 2 pink
    // (latent).
    for outbreak in game.outbreaks() {
        if let Some(cell) = window.cell(outbreak.pos) {
            board[piece(12) + cell] = if outbreak.active { 1 } else { 2 };
        }
    }
    for flea in game.fleas() {
        if let Some(cell) = window.cell(flea.pos) {
            board[piece(13) + cell] = if flea.active { 1 } else { 2 };
        }
    }
    // Under the Big Top: the big top's tile.
    if let Some(cell) = game.big_top().and_then(|pos| window.cell(pos)) {
        board[piece(14) + cell] = 1;
    }
    // Bridges, Castles & Bazaars: both tiles of a castle not scored yet, 1 + its owner's seat
    // relative to the viewer (its followers are in the figure planes).
    for castle in game.castles().iter().filter(|c| !c.scored) {
        let value = 1 + relative_seat(seats, viewer, castle.owner) as u8;
        for cell in castle.tiles.iter().filter_map(|&pos| window.cell(pos)) {
            board[piece(15) + cell] = value;
        }
    }
    let figure_plane = |owner: PlayerId, figure: Figure| {
        let kind = FIGURES.iter().position(|f| *f == figure).unwrap_or(0);
        (PLANE_FIGURES + relative_seat(seats, viewer, owner) * FIGURES.len() + kind) * cells
    };
    for f in game.figures() {
        let placed = b.placement(f.placement);
        if let Some(cell) = window.cell(placed.pos) {
            board[figure_plane(f.owner, f.figure) + cell] += 1;
            // A follower lying on a special monastery as its prior (the figure planes say whose).
            if catalog.design(placed.tile).prior == Some(f.feature) {
                board[piece(7) + cell] += 1;
            }
        }
    }
    for barn in game.barns() {
        if let Some(cell) = window.cell(barn.pos) {
            board[figure_plane(barn.owner, Figure::Barn) + cell] += 1;
        }
    }

    game.legal_actions_into(legal);
    window.action_ids(legal, ids);
    for (action, id) in legal.iter().zip(ids.iter()) {
        let Some(id) = id else { continue };
        action_mask[*id as usize] = true;
        // Placement ids are (rotation, row, column): the placement planes in the same order. A
        // placement outside the window has an id among the other slots instead.
        if matches!(action, Action::Place { .. }) && (*id as usize) < 4 * cells {
            board[PLANE_PLACEMENTS * cells + *id as usize] = 1;
        }
    }

    let fields = PLAYER_FIELDS.len();
    let to_move = game.pending().player();
    let king = game.token_holder(Token::King).map(|(p, _)| p);
    let robber = game.token_holder(Token::RobberBaron).map(|(p, _)| p);
    let scoring_figures = game.scoring_figures();
    for (row, p) in seat_order(seats, viewer).enumerate() {
        let s = game.player(p);
        let buildings = game.buildings_left(p).total();
        let values = [
            1.0,
            s.score as f32,
            s.followers as f32,
            s.big_followers as f32,
            s.abbots as f32,
            s.builders as f32,
            s.pigs as f32,
            s.mayors as f32,
            s.wagons as f32,
            s.barns as f32,
            s.goods[0] as f32,
            s.goods[1] as f32,
            s.goods[2] as f32,
            game.tower_pieces(p) as f32,
            game.prisoners().iter().filter(|x| x.captor == p).count() as f32,
            game.prisoners().iter().filter(|x| x.owner == p).count() as f32,
            game.holds_abbey(p) as u8 as f32,
            (king == Some(p)) as u8 as f32,
            (robber == Some(p)) as u8 as f32,
            game.hand(p).len() as f32,
            buildings as f32,
            (to_move == Some(p)) as u8 as f32,
            game.residents().iter().filter(|r| r.owner == p).count() as f32,
            game.figures().iter().filter(|f| f.owner == p).count() as f32,
            game.gold_held(p) as f32,
            game.porxada_tokens().contains(p) as u8 as f32,
            s.phantoms as f32,
            game.tunnel_tokens_left(p) as f32,
            scoring_figures[p as usize].messenger as f32,
            s.shepherds as f32,
            game.flock(p).iter().map(|&n| n as f32).sum(),
            s.ringmasters as f32,
            game.bridges_left(p) as f32,
            game.castle_tokens(p) as f32,
            // 1 + the design's index (the players array holds no negative values), 0 for none.
            game.bought_tile(p).map_or(0.0, |t| t.0 as f32 + 1.0),
        ];
        players[row * fields..(row + 1) * fields].copy_from_slice(&values);
    }

    let design = tile_to_place(game);
    if let Some(t) = design {
        write_tile(catalog.design(t), carcassonne_engine::Rotation::R0, tile, 0, 1);
    }
    for (t, n) in game.observation(viewer).remaining_tiles() {
        tiles_left[t.0 as usize] = n;
    }
    let (x0, y0) = window.origin();
    let offer = game.bazaar_offer();
    let offered = |index: usize| offer.get(index).copied().flatten().map_or(-1, |t| t.0 as i32);
    let auction = game.auction();
    let seat = |p: PlayerId| relative_seat(seats, viewer, p) as i32;
    let values = [
        design.map_or(-1, |t| t.0 as i32),
        pending_kind(game.pending()) as i32,
        to_move.map_or(-1, seat),
        game.tiles_left() as i32,
        game.turns() as i32,
        x0,
        y0,
        auction.map_or(-1, |a| offered(a.index as usize)),
        auction.map_or(-1, |a| a.bid as i32),
        auction.map_or(-1, |a| seat(a.bidder)),
        auction.map_or(-1, |a| seat(a.chooser)),
        offered(0),
        offered(1),
        offered(2),
        offered(3),
        offered(4),
        offered(5),
        catapult_token(game.pending()),
    ];
    scalars.copy_from_slice(&values);
}

/// The names of the board planes, in order.
pub fn plane_names() -> Vec<String> {
    let mut names = vec!["tile".to_string()];
    names.extend(TILE_PLANES.iter().map(|s| s.to_string()));
    names.extend(PIECE_PLANES.iter().map(|s| s.to_string()));
    for seat in 0..MAX_SEATS {
        for f in FIGURES {
            names.push(format!("seat{seat}_{}", f.name().replace('-', "_")));
        }
    }
    names.extend((0..4).map(|r| format!("legal_placement_r{}", r * 90)));
    debug_assert_eq!(names.len(), PLANES);
    names
}
