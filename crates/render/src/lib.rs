//! SVG drawings of Carcassonne tiles and boards, generated from the tile geometry of the
//! catalog: no design is drawn by hand. See docs/rendering.md for the rules.
//!
//! ```
//! use carcassonne_engine::{Catalog, Rotation};
//!
//! let catalog = Catalog::builtin();
//! let d = catalog.design(catalog.lookup("base:D").unwrap());
//! let svg = carcassonne_render::tile_svg(d, Rotation::R0, 128);
//! assert!(svg.starts_with("<svg"));
//! let (x, y) = carcassonne_render::feature_anchor(d, Rotation::R0, 0);
//! assert!((0.0..1.0).contains(&x) && (0.0..1.0).contains(&y));
//! ```
//!
//! A tile is drawn in a 100 × 100 box (`x` east, `y` south) and scaled; [`tile_group`] gives
//! the `<g>` fragment for composing, [`tile_svg`] a standalone document, [`board_svg`] a whole
//! board with its figures. Every drawn part carries a class (`city`, `road`, `river`,
//! `pennant`, `symbol tower`, `figure`, ...) so that callers and tests can find it.

mod geom;
mod icons;
mod layout;

/// The Ferries: where a lake's jetties lie, for the server's views of a ferry.
pub use layout::FERRY_JETTY;
/// Hills & Sheep: where a shepherd's flock token lies beside it, for the server's views.
pub use layout::FLOCK_OFFSET;
/// Under the Big Top: where the acrobats of a pyramid stand around their space's spot.
pub use layout::PYRAMID_SPOTS;
/// The Plague: where an outbreak token and a flea token lie on their tiles, for the server's
/// views.
pub use layout::{FLEA_AT, OUTBREAK_AT};

use std::collections::HashMap;
use std::fmt::Write as _;

use carcassonne_engine::{
    Color, Corner, FeatureKind, Figure, Game, MagicFigure, Quarter, Rotation, TileDesign, TileId,
};

use geom::{num, pt, Path, Pt, Shape, TILE};
use layout::{Area, Layout, RIVER_HALF, ROAD_HALF};

/// The colours of a tile.
struct Palette {
    field: &'static str,
    field_edge: &'static str,
    city: &'static str,
    wall: &'static str,
}

const SUMMER: Palette = Palette { field: "#8dbf5a", field_edge: "#5f8a3a", city: "#dcb57c", wall: "#7b5431" };
/// The Winter Edition: snowy fields.
const WINTER: Palette = Palette { field: "#e3ecee", field_edge: "#9fb3ba", city: "#d2b58c", wall: "#6f5136" };

const STONE: &str = "#b9b2a4";
const STONE_WALL: &str = "#5e584e";
const ROAD: (&str, &str) = ("#5b4a36", "#f3ead2");
const RIVER: (&str, &str) = ("#2f6ea8", "#63aee8");

/// The hex colour of a player colour.
pub fn color_hex(color: Color) -> &'static str {
    match color {
        Color::Red => "#d62828",
        Color::Blue => "#1f5fbf",
        Color::Green => "#2e9e3e",
        Color::Yellow => "#f2c81e",
        Color::Black => "#222222",
        Color::Gray => "#8a8a8a",
        Color::Pink => "#f08cc0",
    }
}

/// A standalone SVG document of one design at a rotation, `size` pixels square.
pub fn tile_svg(design: &TileDesign, rotation: Rotation, size: u32) -> String {
    format!(
        concat!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 100 100">"#,
            "<title>{title}</title>{body}</svg>\n"
        ),
        size = size,
        title = escape(&design.id),
        body = tile_group(design, rotation)
    )
}

/// The drawing of one design at a rotation as an SVG `<g>` in a 100 × 100 box (place it with
/// a `transform`).
pub fn tile_group(design: &TileDesign, rotation: Rotation) -> String {
    draw_tile(design, &layout::layout(design), rotation)
}

/// Where a figure on `feature` (an index into `design.features`) stands, in tile units: `(0,
/// 0)` is the tile's north-west corner and `(1, 1)` its south-east corner, at the given
/// rotation. A cloister's anchor is its building, a road's a point on its path, a city's and
/// a field's the widest point of its area.
pub fn feature_anchor(design: &TileDesign, rotation: Rotation, feature: usize) -> (f32, f32) {
    anchor_of(&layout::layout(design), rotation, feature)
}

fn anchor_of(layout: &Layout, rotation: Rotation, feature: usize) -> (f32, f32) {
    let p = layout.anchors.get(feature).copied().unwrap_or(geom::CENTRE).turned(rotation.index());
    (p.x / TILE, p.y / TILE)
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn way_path(arms: &[Path], turn: &impl Fn(Pt) -> Pt) -> String {
    arms.iter().map(|a| a.map(turn).svg()).collect::<Vec<_>>().join("")
}

fn draw_tile(design: &TileDesign, layout: &Layout, rotation: Rotation) -> String {
    let q = rotation.index();
    let turn = |p: Pt| p.turned(q);
    let palette = if design.set == "winter" { &WINTER } else { &SUMMER };
    let mut s = String::new();
    let _ =
        write!(s, r#"<g class="tile-art" data-tile="{}" data-rotation="{}">"#, escape(&design.id), rotation.degrees());
    let _ = write!(
        s,
        r#"<rect class="field" x="0" y="0" width="100" height="100" fill="{}" stroke="{}" stroke-width="0.8"/>"#,
        palette.field, palette.field_edge
    );
    // The variation "Mountains": a tile upside down, its back showing a mountain.
    if design.is_mountain() {
        s.push_str(concat!(
            r#"<g class="mountain" data-feature="0">"#,
            r##"<rect x="0" y="0" width="100" height="100" fill="#8d8477"/>"##,
            r##"<path d="M8 84L36 30L50 52L64 22L92 84Z" fill="#6b6258" stroke="#4a433b" stroke-width="1.5" stroke-linejoin="round"/>"##,
            r##"<path d="M36 30L29 44L36 41L42 46ZM64 22L56 38L64 35L71 40Z" fill="#f2f0ea"/>"##,
            "</g></g>"
        ));
        return s;
    }
    // Abbey walls along the sides.
    if layout.abbey_sides.iter().any(|&a| a) {
        s.push_str(r#"<g class="symbol abbey">"#);
        for (side, _) in layout.abbey_sides.iter().enumerate().filter(|(_, &a)| a) {
            let band = Shape::rect(0.0, 0.0, 100.0, 9.0).map(&|p| p.turned(side + q));
            let _ =
                write!(s, r#"<path d="{}" fill="{STONE}" stroke="{STONE_WALL}" stroke-width="1.2"/>"#, band.fill_svg());
        }
        let _ = write!(
            s,
            r#"<path d="M9 9H91V91H9Z" fill="none" stroke="{STONE_WALL}" stroke-width="1.6" stroke-dasharray="4 2"/>"#
        );
        s.push_str("</g>");
    }
    let draw_way = |s: &mut String, w: &layout::Way| {
        let (border, fill, half) = if w.river { (RIVER.0, RIVER.1, RIVER_HALF) } else { (ROAD.0, ROAD.1, ROAD_HALF) };
        let class = if w.river { "river" } else { "road" };
        let d = way_path(&w.arms, &turn);
        let inner = if w.river { half * 2.0 - 2.6 } else { half * 2.0 - 3.2 };
        let _ = write!(
            s,
            r#"<g class="{class}" data-feature="{}"><path d="{d}" fill="none" stroke="{border}" stroke-width="{}" stroke-linejoin="round"/>"#,
            w.feature,
            num(half * 2.0)
        );
        if w.junction {
            let c = turn(geom::CENTRE);
            let _ = write!(s, r#"<circle cx="{}" cy="{}" r="{}" fill="{border}"/>"#, num(c.x), num(c.y), num(half));
            let _ = write!(
                s,
                r#"<path d="{d}" fill="none" stroke="{fill}" stroke-width="{}" stroke-linejoin="round"/>"#,
                num(inner)
            );
            let _ =
                write!(s, r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}"/>"#, num(c.x), num(c.y), num(inner / 2.0));
        } else {
            let _ = write!(
                s,
                r#"<path d="{d}" fill="none" stroke="{fill}" stroke-width="{}" stroke-linejoin="round"/>"#,
                num(inner)
            );
        }
        s.push_str("</g>");
    };
    for w in layout.ways.iter().filter(|w| w.tunnel) {
        draw_way(&mut s, w);
    }
    for area in &layout.areas {
        match area {
            Area::Stone(shape) => {
                let shape = shape.map(&turn);
                let _ = write!(
                    s,
                    r#"<g class="carcassonne"><path d="{}" fill="{STONE}"/><path d="{}" fill="none" stroke="{STONE_WALL}" stroke-width="2.2" stroke-dasharray="3.5 1.5"/></g>"#,
                    shape.fill_svg(),
                    shape.wall_svg()
                );
            }
            Area::City(i, shape) => {
                let shape = shape.map(&turn);
                let wall = shape.wall_svg();
                if !wall.is_empty() {
                    // Battlements: a thick dashed line half hidden under the city.
                    let _ = write!(
                        s,
                        r#"<path class="battlements" d="{wall}" fill="none" stroke="{}" stroke-width="5.6" stroke-dasharray="2.4 2.4"/>"#,
                        palette.wall
                    );
                }
                let _ = write!(
                    s,
                    r#"<path class="city" data-feature="{i}" d="{}" fill="{}"/>"#,
                    shape.fill_svg(),
                    palette.city
                );
                if !wall.is_empty() {
                    let _ = write!(
                        s,
                        r#"<path class="wall" d="{wall}" fill="none" stroke="{}" stroke-width="2.6" stroke-linejoin="round"/>"#,
                        palette.wall
                    );
                }
            }
            Area::Pocket(shape) => {
                let shape = shape.map(&turn);
                let _ = write!(
                    s,
                    r#"<path class="enclosed-field" d="{}" fill="{}" stroke="{}" stroke-width="2.6"/>"#,
                    shape.fill_svg(),
                    palette.field,
                    palette.wall
                );
            }
        }
    }
    for w in layout.ways.iter().filter(|w| !w.tunnel) {
        draw_way(&mut s, w);
    }
    // Tunnels: dashed where a city hides them.
    for w in layout.ways.iter().filter(|w| w.tunnel) {
        let polys: Vec<Vec<Pt>> = layout
            .areas
            .iter()
            .filter_map(|a| if let Area::City(_, sh) = a { Some(sh.polygon()) } else { None })
            .collect();
        for arm in &w.arms {
            let pts = arm.points();
            let mut runs: Vec<Vec<Pt>> = vec![];
            let mut current: Vec<Pt> = vec![];
            let n = (geom::length(&pts) / 1.0) as usize;
            for k in 0..=n {
                let p = geom::along(&pts, k as f32).0;
                if polys.iter().any(|poly| geom::inside(poly, p)) {
                    current.push(p);
                } else if current.len() > 1 {
                    runs.push(std::mem::take(&mut current));
                } else {
                    current.clear();
                }
            }
            if current.len() > 1 {
                runs.push(current);
            }
            for run in runs {
                let d = polyline_data(&run, turn);
                let _ = write!(
                    s,
                    r#"<path class="tunnel" d="{d}" fill="none" stroke="{}" stroke-width="2.4" stroke-dasharray="3 2.5"/>"#,
                    ROAD.0
                );
            }
        }
    }
    for hedge in &layout.hedges {
        let d = polyline_data(hedge, turn);
        let _ = write!(
            s,
            concat!(
                r##"<g class="hedge"><path d="{d}" fill="none" stroke="#2f5a1f" stroke-width="1.4" stroke-linejoin="round"/>"##,
                r##"<path d="{d}" fill="none" stroke="#3f7a2a" stroke-width="3.4" stroke-linecap="round" stroke-dasharray="0.1 3.2"/></g>"##
            ),
            d = d
        );
    }
    for icon in &layout.icons {
        if icon.kind.turns_with_tile() {
            s.push_str(&icons::icon_turned(icon.kind, turn(icon.at), icon.r, u32::from(rotation.degrees())));
        } else {
            s.push_str(&icons::icon(icon.kind, turn(icon.at), icon.r));
        }
    }
    // Bridges, Castles & Bazaars: the wooden bridge over everything printed on the tile.
    if let Some(b) = &layout.bridge {
        s.push_str(&icons::bridge(turn(b.from), turn(b.to), layout::BRIDGE_HALF, b.feature));
    }
    s.push_str("</g>");
    s
}

/// How to draw a board.
#[derive(Clone, Debug)]
pub struct BoardOptions {
    /// Pixels per tile.
    pub tile_size: u32,
    /// Write each tile's coordinates in its corner.
    pub coordinates: bool,
    /// Mark the last placed tile with a highlight border.
    pub highlight_last: bool,
}

impl Default for BoardOptions {
    fn default() -> BoardOptions {
        BoardOptions { tile_size: 80, coordinates: false, highlight_last: true }
    }
}

/// The board of a game as a standalone SVG document: every placed tile, every figure in its
/// owner's colour on its feature (farmers lying down), the last placed tile highlighted; with
/// The Count of Carcassonne the city's quarters, the count and the figures waiting there.
pub fn board_svg(game: &Game, options: &BoardOptions) -> String {
    let catalog = game.catalog();
    let tiles = game.board().tiles();
    let margin = 20.0;
    let (mut x0, mut y0, mut x1, mut y1) = (0i32, 0i32, 0i32, 0i32);
    for t in tiles {
        x0 = x0.min(t.pos.x as i32);
        y0 = y0.min(t.pos.y as i32);
        x1 = x1.max(t.pos.x as i32);
        y1 = y1.max(t.pos.y as i32);
    }
    let (vx, vy) = (x0 as f32 * TILE - margin, y0 as f32 * TILE - margin);
    let (vw, vh) = ((x1 - x0 + 1) as f32 * TILE + 2.0 * margin, (y1 - y0 + 1) as f32 * TILE + 2.0 * margin);
    let scale = options.tile_size as f32 / TILE;
    let mut s = format!(
        concat!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="{} {} {} {}">"#,
            r#"<title>Carcassonne board: {} tiles, {} figures</title>"#,
            r##"<rect class="background" x="{}" y="{}" width="{}" height="{}" fill="#efe8d8"/>"##
        ),
        (vw * scale).round(),
        (vh * scale).round(),
        num(vx),
        num(vy),
        num(vw),
        num(vh),
        tiles.len(),
        game.figures().len(),
        num(vx),
        num(vy),
        num(vw),
        num(vh)
    );
    let mut layouts: HashMap<TileId, Layout> = HashMap::new();
    for t in tiles {
        let design = catalog.design(t.tile);
        let layout = layouts.entry(t.tile).or_insert_with(|| layout::layout(design));
        let _ = write!(
            s,
            r#"<g class="tile" data-x="{}" data-y="{}" transform="translate({} {})">{}</g>"#,
            t.pos.x,
            t.pos.y,
            t.pos.x as i32 * 100,
            t.pos.y as i32 * 100,
            draw_tile(design, layout, t.rotation)
        );
    }
    draw_quarters(&mut s, game);
    if options.coordinates {
        for t in tiles {
            let (x, y) = (t.pos.x as f32 * TILE, t.pos.y as f32 * TILE);
            let _ = write!(
                s,
                concat!(
                    r##"<g class="coord"><rect x="{}" y="{}" width="30" height="13" rx="2" fill="#ffffff" fill-opacity="0.75"/>"##,
                    r##"<text x="{}" y="{}" font-family="sans-serif" font-size="10" fill="#222">{},{}</text></g>"##
                ),
                num(x + 2.0),
                num(y + 2.0),
                num(x + 4.0),
                num(y + 12.0),
                t.pos.x,
                t.pos.y
            );
        }
    }
    if options.highlight_last {
        // The city of Carcassonne (The Count) is laid out at set-up: no player placed it.
        if let Some(t) = tiles.last().filter(|t| !catalog.design(t.tile).partial) {
            let _ = write!(
                s,
                r##"<rect class="last-tile" x="{}" y="{}" width="96" height="96" fill="none" stroke="#ffd000" stroke-width="4" stroke-dasharray="none"/>"##,
                t.pos.x as i32 * 100 + 2,
                t.pos.y as i32 * 100 + 2
            );
        }
    }
    // The Tower: each tower on its foundation, with its height; its guard is drawn on top.
    for tower in game.towers().iter().filter(|t| t.height > 0) {
        let Some(t) = tiles.get(tower.placement as usize) else { continue };
        let layout = layouts.entry(t.tile).or_insert_with(|| layout::layout(catalog.design(t.tile)));
        let (ax, ay) = anchor_of(layout, t.rotation, tower.feature as usize);
        let at = pt((t.pos.x as f32 + ax) * TILE, (t.pos.y as f32 + ay) * TILE);
        s.push_str(&icons::tower_piece(at, tower.height, tower.finished));
    }
    // Under the Big Top: the big top on its circus tile, over the circus space, under the
    // figures of that tile.
    if let Some(pos) = game.big_top() {
        s.push_str(&icons::big_top_piece(pt((pos.x as f32 + 0.5) * TILE, (pos.y as f32 + 0.5) * TILE), 40.0));
    }
    // Bridges, Castles & Bazaars: each castle on the edge between the two tiles of its town,
    // under the followers standing in it; a scored one (its token stays) faded.
    for castle in game.castles() {
        let [a, b] = castle.tiles;
        let at = pt(((a.x as f32 + b.x as f32) / 2.0 + 0.5) * TILE, ((a.y as f32 + b.y as f32) / 2.0 + 0.5) * TILE);
        let player = game.players().get(castle.owner as usize);
        let colour = player.map_or("#ffffff", |p| color_hex(p.color));
        let owner = player.map_or("", |p| p.color.name());
        s.push_str(&icons::castle_piece(at, colour, owner, castle.scored, 32.0));
    }
    // Under the Big Top: how many acrobats of each acrobat space are drawn so far (the next one
    // stands in the pyramid's next place).
    let mut acrobats: HashMap<(u16, u8), usize> = HashMap::new();
    for f in game.figures() {
        let Some(t) = tiles.get(f.placement as usize) else { continue };
        let design = catalog.design(t.tile);
        let layout = layouts.entry(t.tile).or_insert_with(|| layout::layout(design));
        let (mut ax, mut ay) = anchor_of(layout, t.rotation, f.feature as usize);
        let kind = design.features.get(f.feature as usize).map(|s| s.kind);
        if kind == Some(FeatureKind::Acrobats) {
            let drawn = acrobats.entry((f.placement, f.feature)).or_insert(0);
            let (dx, dy) = layout::PYRAMID_SPOTS[*drawn % layout::PYRAMID_SPOTS.len()];
            *drawn += 1;
            (ax, ay) = (ax + dx, ay + dy);
        }
        let at = pt((t.pos.x as f32 + ax) * TILE, (t.pos.y as f32 + ay) * TILE);
        let colour = game.players().get(f.owner as usize).map_or("#ffffff", |p| color_hex(p.color));
        // Farmers lie in their fields, and a special monastery's prior lies on its side.
        let lying = matches!(kind, Some(FeatureKind::Field | FeatureKind::Prior));
        let size = if f.figure == Figure::BigFollower { 30.0 } else { 23.0 };
        let class = format!(
            "figure {} {}",
            f.figure.name(),
            kind.map_or("unknown", |k| match k {
                FeatureKind::Field => "farmer",
                FeatureKind::Road => "thief",
                FeatureKind::City => "knight",
                FeatureKind::Cloister => "monk",
                FeatureKind::Tower => "guard",
                FeatureKind::Mountain => "miner",
                FeatureKind::Prior => "prior",
                FeatureKind::Acrobats => "acrobat",
                _ => "other",
            })
        );
        if f.figure == Figure::Phantom {
            s.push_str(&icons::phantom(at, colour, lying, size, &class));
        } else if f.figure == Figure::Ringmaster {
            // Under the Big Top: the ringmaster in his top hat.
            s.push_str(&icons::ringmaster(at, colour, lying, size, &class));
        } else if f.figure == Figure::Shepherd {
            // Hills & Sheep: the shepherd with its crook, standing, and its flock beside it.
            s.push_str(&icons::shepherd(at, colour, size, "figure shepherd"));
            let sheep: u32 = game.flock(f.owner).iter().map(|&n| u32::from(n)).sum();
            s.push_str(&icons::flock_token(flock_at(t.pos, (ax, ay)), sheep, colour));
        } else {
            s.push_str(&icons::meeple(at, colour, lying, size, &class));
        }
    }
    // Abbey & Mayor: each barn on the corner of its tile where four farms meet.
    for barn in game.barns() {
        let (cx, cy) = match barn.corner {
            Corner::NorthEast => (1.0, 0.0),
            Corner::SouthEast => (1.0, 1.0),
            Corner::SouthWest => (0.0, 1.0),
            Corner::NorthWest => (0.0, 0.0),
        };
        let colour = game.players().get(barn.owner as usize).map_or("#ffffff", |p| color_hex(p.color));
        s.push_str(&icons::barn(pt((barn.pos.x as f32 + cx) * TILE, (barn.pos.y as f32 + cy) * TILE), colour));
    }
    // Little Buildings: each building low on the left of its tile, off the middle where the
    // features and figures are drawn ("so that no information is covered, if possible").
    for b in game.little_buildings() {
        let colour = game.players().get(b.owner as usize).map_or("#ffffff", |p| color_hex(p.color));
        let at = pt((b.pos.x as f32 + 0.16) * TILE, (b.pos.y as f32 + 0.82) * TILE);
        s.push_str(&icons::little_building(at, b.kind, colour));
    }
    // The Tunnel: each token on its opening, where the road stops short of the middle.
    for t in game.tunnel_tokens() {
        let Some((dx, dy)) = game.segment_side(t.pos, t.feature).map(|side| side.delta()) else { continue };
        // The opening lies 0.3 of a tile in from the edge's middle.
        let (ox, oy) = (0.5 + f32::from(dx) * 0.2, 0.5 + f32::from(dy) * 0.2);
        let colour = game.players().get(t.owner as usize).map_or("#ffffff", |p| color_hex(p.color));
        let at = pt((t.pos.x as f32 + ox) * TILE, (t.pos.y as f32 + oy) * TILE);
        s.push_str(&icons::tunnel_token(at, t.pair, colour));
    }
    // The Ferries: each ferry across its lake, from one road's jetty to the other's.
    for f in game.ferries() {
        let jetty = |feature: u8| {
            let (dx, dy) = game.segment_side(f.pos, feature)?.delta();
            let out = layout::FERRY_JETTY / TILE;
            Some(pt(
                (f.pos.x as f32 + 0.5 + f32::from(dx) * out) * TILE,
                (f.pos.y as f32 + 0.5 + f32::from(dy) * out) * TILE,
            ))
        };
        if let (Some(a), Some(b)) = (jetty(f.ends[0]), jetty(f.ends[1])) {
            s.push_str(&icons::ferry(a, b));
        }
    }
    // The Gold Mines: a tile's ingots low on its right, opposite the little buildings.
    for &(pos, count) in game.gold_on_board() {
        let at = pt((pos.x as f32 + 0.8) * TILE, (pos.y as f32 + 0.84) * TILE);
        s.push_str(&icons::gold_ingots(at, count));
    }
    // The Plague: each outbreak token high on the right of its source, each flea high on the
    // left of its tile.
    for o in game.outbreaks() {
        let (ox, oy) = layout::OUTBREAK_AT;
        let at = pt((o.pos.x as f32 + ox) * TILE, (o.pos.y as f32 + oy) * TILE);
        s.push_str(&icons::outbreak_token(at, o.number, o.active));
    }
    for f in game.fleas() {
        let (fx, fy) = layout::FLEA_AT;
        let at = pt((f.pos.x as f32 + fx) * TILE, (f.pos.y as f32 + fy) * TILE);
        s.push_str(&icons::flea_token(at, f.active));
    }
    // Mage & Witch: each beside a follower's spot on its road or city.
    for (figure, witch) in [(MagicFigure::Mage, false), (MagicFigure::Witch, true)] {
        let Some((pos, feature)) = game.magic_figure(figure) else { continue };
        let Some(t) = game.board().get(pos) else { continue };
        let layout = layouts.entry(t.tile).or_insert_with(|| layout::layout(catalog.design(t.tile)));
        let (x, y) = anchor_of(layout, t.rotation, feature as usize);
        let at = pt((pos.x as f32 + (x + 0.17).min(0.92)) * TILE, (pos.y as f32 + (y - 0.06).max(0.1)) * TILE);
        s.push_str(&icons::magic_piece(at, witch, 24.0));
    }
    // The Princess & the Dragon: the fairy beside its follower, the dragon on its tile.
    if let Some((pos, next_to)) = game.fairy() {
        let (ax, ay) = next_to
            .and_then(|f| {
                let t = tiles.get(f.placement as usize)?;
                let layout = layouts.entry(t.tile).or_insert_with(|| layout::layout(catalog.design(t.tile)));
                Some(anchor_of(layout, t.rotation, f.feature as usize))
            })
            .map_or((0.3, 0.3), |(x, y)| ((x + 0.16).min(0.92), (y - 0.12).max(0.08)));
        s.push_str(&icons::fairy_piece(pt((pos.x as f32 + ax) * TILE, (pos.y as f32 + ay) * TILE), 22.0));
    }
    if let Some(pos) = game.dragon() {
        s.push_str(&icons::dragon_piece(pt((pos.x as f32 + 0.5) * TILE, (pos.y as f32 + 0.5) * TILE), 44.0));
    }
    s.push_str("</svg>\n");
    s
}

/// Hills & Sheep: where on its tile the flock token of a shepherd standing at `anchor` lies
/// (tile units, as [`feature_anchor`]): [`FLOCK_OFFSET`] from it, kept inside the tile. The
/// server's views give the same point.
pub fn flock_spot(anchor: (f32, f32)) -> (f32, f32) {
    let (dx, dy) = layout::FLOCK_OFFSET;
    ((anchor.0 + dx).clamp(0.08, 0.92), (anchor.1 + dy).clamp(0.08, 0.92))
}

fn flock_at(pos: carcassonne_engine::Pos, anchor: (f32, f32)) -> Pt {
    let (x, y) = flock_spot(anchor);
    pt((pos.x as f32 + x) * TILE, (pos.y as f32 + y) * TILE)
}

/// The Count of Carcassonne: the four quarters of the city drawn on its stone (the block of the
/// partial tiles, from the middle of its outer tiles inwards), split into quadrants: the castle
/// top right, then clockwise the market, the blacksmith and the cathedral, each labelled with
/// its name and the features its figures may go to. The count stands in its quarter (a purple
/// figure with a crown, the quarter tinted) and each figure waiting in a quarter in its owner's
/// colour, big followers larger, in the order they came.
fn draw_quarters(s: &mut String, game: &Game) {
    let Some(count) = game.count_quarter() else { return };
    let catalog = game.catalog();
    let city: Vec<_> = game.board().tiles().iter().filter(|t| catalog.design(t.tile).partial).map(|t| t.pos).collect();
    let Some(first) = city.first() else { return };
    let (mut x0, mut y0, mut x1, mut y1) = (first.x as f32, first.y as f32, first.x as f32, first.y as f32);
    for p in &city {
        x0 = x0.min(p.x as f32);
        y0 = y0.min(p.y as f32);
        x1 = x1.max(p.x as f32);
        y1 = y1.max(p.y as f32);
    }
    // The stone runs through the centres of the outer tiles.
    let (left, top) = (x0 * TILE + TILE / 2.0, y0 * TILE + TILE / 2.0);
    let (right, bottom) = ((x1 + 1.0) * TILE - TILE / 2.0, (y1 + 1.0) * TILE - TILE / 2.0);
    let (right, bottom) = (right.max(left + TILE / 2.0), bottom.max(top + TILE / 2.0));
    let (mx, my) = ((left + right) / 2.0, (top + bottom) / 2.0);
    s.push_str(r#"<g class="quarters">"#);
    for quarter in Quarter::ALL {
        let (bx, by) = match quarter {
            Quarter::Castle => (mx, top),
            Quarter::Market => (mx, my),
            Quarter::Blacksmith => (left, my),
            Quarter::Cathedral => (left, top),
        };
        let (bw, bh) = (mx - left, my - top);
        let here = quarter == count;
        let (tint, opacity) = if here { (icons::COUNT_COLOUR, "0.16") } else { ("#ffffff", "0.12") };
        let to = match catalog.quarter_feeds(quarter) {
            Some(FeatureKind::City) => "cities",
            Some(FeatureKind::Road) => "roads",
            Some(FeatureKind::Cloister) => "cloisters",
            Some(FeatureKind::Field) => "farms",
            _ => "",
        };
        let _ = write!(
            s,
            concat!(
                r#"<g class="quarter {name}" data-quarter="{name}" data-feeds="{to}">"#,
                r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="{tint}" fill-opacity="{opacity}" "#,
                r#"stroke="{wall}" stroke-width="1" stroke-dasharray="4 3"/>"#,
                r##"<text x="{tx}" y="{ty}" font-family="sans-serif" font-size="12" font-weight="bold" fill="#2f2a22">{name}"##,
                r#"<tspan font-size="9" font-weight="normal"> · {to}</tspan></text>"#
            ),
            name = quarter.name(),
            to = to,
            x = num(bx + 3.0),
            y = num(by + 3.0),
            w = num(bw - 6.0),
            h = num(bh - 6.0),
            tint = tint,
            opacity = opacity,
            wall = STONE_WALL,
            tx = num(bx + 8.0),
            ty = num(by + 17.0),
        );
        // The count first, then the figures waiting here, on a grid below the label, as dense
        // as their number needs.
        let residents: Vec<_> = game.residents().iter().filter(|r| r.quarter == quarter).collect();
        let n = residents.len() + usize::from(here);
        let (ax, ay, aw, ah) = (bx + 6.0, by + 25.0, bw - 12.0, bh - 29.0);
        let step = [30.0f32, 24.0, 20.0, 16.0, 12.0, 9.0, 7.0]
            .into_iter()
            .find(|&step| ((aw / step).floor() * (ah / step).floor()) as usize >= n)
            .unwrap_or(6.0);
        let cols = ((aw / step).floor() as usize).max(1);
        let slot = |k: usize| pt(ax + step * ((k % cols) as f32 + 0.5), ay + step * ((k / cols) as f32 + 0.5));
        if here {
            s.push_str(&icons::count_piece(slot(0), step, quarter.name()));
        }
        for (k, r) in residents.iter().enumerate() {
            let colour = game.players().get(r.owner as usize).map_or("#ffffff", |p| color_hex(p.color));
            let owner = game.players().get(r.owner as usize).map_or("", |p| p.color.name());
            let size = if r.figure == Figure::BigFollower { step } else { step * 0.8 };
            let _ = write!(
                s,
                r#"<g class="resident {}" data-quarter="{}" data-owner="{owner}">{}</g>"#,
                r.figure.name(),
                quarter.name(),
                icons::meeple(slot(k + usize::from(here)), colour, false, size, "meeple")
            );
        }
        s.push_str("</g>");
    }
    s.push_str("</g>");
}

/// The anchors of every feature of a design at a rotation, in tile units (as
/// [`feature_anchor`], computing the tile's geometry once).
pub fn feature_anchors(design: &TileDesign, rotation: Rotation) -> Vec<(f32, f32)> {
    let layout = layout::layout(design);
    (0..design.features.len()).map(|i| anchor_of(&layout, rotation, i)).collect()
}

/// SVG path data of an open polyline (`M x y L x y ...`), its points turned by `turn`.
fn polyline_data(points: &[Pt], turn: impl Fn(Pt) -> Pt) -> String {
    points
        .iter()
        .enumerate()
        .map(|(k, &p)| {
            let p = turn(p);
            format!("{}{} {}", if k == 0 { "M" } else { "L" }, num(p.x), num(p.y))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_engine::{Catalog, Port};

    /// The drawing turns the way the engine does: at every rotation, the city or road the
    /// engine finds at an edge's centre port is the one drawn there.
    #[test]
    fn rotation_matches_the_engine() {
        let catalog = Catalog::builtin();
        let inset = [pt(50.0, 3.0), pt(97.0, 50.0), pt(50.0, 97.0), pt(3.0, 50.0)];
        for design in catalog.designs() {
            let l = layout::layout(design);
            for r in Rotation::ALL {
                let q = r.index();
                for (side, &at) in inset.iter().enumerate() {
                    let port = Port::from_index(side * 3 + 1);
                    let Some(f) = design.feature_at(r, port) else { continue };
                    let f = f as usize;
                    match design.features[f].kind {
                        FeatureKind::City => {
                            let drawn = l.areas.iter().rev().find_map(|a| match a {
                                Area::City(i, shape) if geom::inside(&shape.map(&|p| p.turned(q)).polygon(), at) => {
                                    Some(*i)
                                }
                                Area::Pocket(shape) if geom::inside(&shape.map(&|p| p.turned(q)).polygon(), at) => {
                                    Some(usize::MAX)
                                }
                                _ => None,
                            });
                            assert_eq!(drawn, Some(f), "{} {r:?} {}", design.id, port);
                        }
                        // A bridge (Bridges, Castles & Bazaars): its deck joins the two sides.
                        FeatureKind::Road if design.features[f].attrs.bridge => {
                            let b = l.bridge.expect("a bridged design has its bridge");
                            assert_eq!(b.feature, f, "{}", design.id);
                            let d = geom::dist_to_polyline(at, &[b.from.turned(q), b.to.turned(q)]);
                            assert!(d < 4.0, "{} {r:?} {}: {d}", design.id, port);
                        }
                        FeatureKind::Road | FeatureKind::River => {
                            let way = l.ways.iter().find(|w| w.feature == f).unwrap();
                            let d = way
                                .arms
                                .iter()
                                .map(|a| geom::dist_to_polyline(at, &a.map(&|p| p.turned(q)).points()))
                                .fold(f32::MAX, f32::min);
                            assert!(d < 1.0, "{} {r:?} {}: {d}", design.id, port);
                        }
                        _ => {}
                    }
                }
            }
        }
        assert_eq!(pt(50.0, 0.0).turned(Rotation::R90.index()), pt(100.0, 50.0));
    }

    /// Every feature gets an area of its own in the drawing: every field touching an edge is an
    /// open area reaching its half-edges, every enclosed field a pocket between cities, every
    /// city segment visible.
    #[test]
    fn every_feature_has_an_area_in_the_drawing() {
        let mut missing = vec![];
        for design in Catalog::builtin().designs() {
            let l = layout::layout(design);
            assert_eq!(l.anchors.len(), design.features.len(), "{}", design.id);
            for &i in &l.unplaced {
                missing.push(format!("{} feature {i} ({})", design.id, design.features[i].kind));
            }
        }
        assert!(missing.is_empty(), "{missing:#?}");
    }

    /// Bridges, Castles & Bazaars: a bridged design is its plain design with a wooden bridge
    /// over it, along the engine's axis at every rotation: the plain tile's cities, roads and
    /// rivers as they were (the bridge no printed road, the fields under it whole), its roads'
    /// figures where they were, a cloister beside the deck in sight, one bridge on top with its
    /// figure on the deck.
    #[test]
    fn a_bridged_design_is_its_plain_design_under_a_wooden_bridge() {
        let catalog = Catalog::builtin();
        let bridged: Vec<&TileDesign> = catalog.designs().iter().filter(|d| d.bridge.is_some()).collect();
        assert!(bridged.len() > 100, "every design with two opposite field edges, once per axis");
        for design in bridged {
            let plain = catalog.design(design.unbridged.expect("the plain design"));
            let bridge = design.bridge.unwrap() as usize;
            assert_eq!(bridge, design.features.len() - 1, "{}", design.id);
            let (l, p) = (layout::layout(design), layout::layout(plain));
            let b = l.bridge.unwrap_or_else(|| panic!("{}: no bridge", design.id));
            assert_eq!(b.feature, bridge);
            assert!(p.bridge.is_none());
            assert_eq!(l.areas.len(), p.areas.len(), "{}: the cities as they were", design.id);
            // The fields under it whole: no hedge of its own; a cloister moved beside the deck
            // may leave the hedges that ended at it one (The Catapult's 07).
            if plain.cloister.is_some() {
                assert!(l.hedges.len() <= p.hedges.len(), "{}: the fields under it whole", design.id);
                assert_eq!(l.hedges.is_empty(), p.hedges.is_empty(), "{}", design.id);
            } else {
                assert_eq!(l.hedges.len(), p.hedges.len(), "{}: the fields under it whole", design.id);
            }
            let ways = |l: &Layout| l.ways.iter().map(|w| (w.feature, w.arms.len())).collect::<Vec<_>>();
            assert_eq!(ways(&l), ways(&p), "{}: its roads and rivers as they were", design.id);
            // A cloister goes beside the bridge (a road ending there with it); the other roads
            // and the rivers stay.
            let deck = [b.from, b.to];
            for (i, f) in plain.features.iter().enumerate() {
                match f.kind {
                    FeatureKind::Cloister => {
                        let d = geom::dist_to_polyline(l.anchors[i], &deck);
                        assert!(d > layout::BRIDGE_HALF, "{}: the cloister in sight ({d})", design.id);
                    }
                    FeatureKind::Road | FeatureKind::River if plain.cloister.is_none() => {
                        assert_eq!(l.anchors[i], p.anchors[i], "{} feature {i}", design.id);
                    }
                    _ => {}
                }
            }
            for r in Rotation::ALL {
                let g = tile_group(design, r);
                assert_eq!(g.matches(r#"class="bridge""#).count(), 1, "{} {r:?}", design.id);
                assert!(g.contains(&format!(r#"class="bridge" data-feature="{bridge}""#)), "{}", design.id);
                assert!(g.rfind(r#"class="bridge""#) > g.rfind("<g class=\"symbol"), "{}: on top", design.id);
                // Its ends at the middles of the two sides of the engine's bridge ports.
                let q = r.index();
                let ends: Vec<Pt> = [b.from, b.to].iter().map(|p| p.turned(q)).collect();
                let sides: Vec<Pt> = Port::all()
                    .filter(|&port| port.is_centre() && design.feature_at(r, port) == Some(bridge as u8))
                    .map(|port| [pt(50.0, 0.0), pt(100.0, 50.0), pt(50.0, 100.0), pt(0.0, 50.0)][port.side().index()])
                    .collect();
                assert_eq!(sides.len(), 2, "{}", design.id);
                for end in ends {
                    assert!(sides.iter().any(|s| s.dist(end) < 0.01), "{} {r:?}: {end:?} {sides:?}", design.id);
                }
                let (x, y) = anchor_of(&l, r, bridge);
                let deck = [b.from.turned(q), b.to.turned(q)];
                assert!(geom::dist_to_polyline(pt(x * TILE, y * TILE), &deck) < 0.01, "{}: on the deck", design.id);
            }
        }
    }

    /// Bridges, Castles & Bazaars: each bazaar tile shows its market stall once, at every
    /// rotation, bridged or not.
    #[test]
    fn the_bazaar_is_a_market_stall() {
        let catalog = Catalog::builtin();
        let set = catalog.set("bridges-castles-and-bazaars").expect("the set");
        let with: Vec<&TileDesign> = catalog
            .designs()
            .iter()
            .filter(|d| d.symbols.contains(&carcassonne_engine::catalog::Symbol::Bazaar))
            .collect();
        // Seven designs, eight tiles (01 twice).
        let plain: Vec<_> = with.iter().filter(|d| d.bridge.is_none()).collect();
        assert_eq!(plain.len(), 7, "{}", set.id);
        assert!(plain.iter().all(|d| d.set == set.id));
        for design in with {
            for r in Rotation::ALL {
                let g = tile_group(design, r);
                assert_eq!(g.matches(r#"class="symbol bazaar""#).count(), 1, "{} {r:?}", design.id);
            }
        }
    }

    /// Bridges, Castles & Bazaars: a castle is a piece of its own, in its owner's colour, faded
    /// once it scored.
    #[test]
    fn a_castle_is_a_keep_in_its_owners_colour() {
        let red = color_hex(Color::Red);
        let c = icons::castle_piece(pt(50.0, 0.0), red, "red", false, 26.0);
        assert!(
            c.starts_with(r#"<g class="piece castle" data-owner="red" data-scored="false" transform="translate(50 0)"#)
        );
        assert!(c.contains(&format!(r#"fill="{red}""#)) && !c.contains("opacity=\"0.6\""), "{c}");
        let scored = icons::castle_piece(pt(50.0, 0.0), red, "red", true, 26.0);
        assert!(scored.contains(r#"data-scored="true""#) && scored.contains(r#"opacity="0.6""#), "{scored}");
    }

    /// The Plague's tokens show their side: an outbreak active (dark red) or died out (its
    /// field side, green), with its number; a flea red (active) or pink (latent).
    #[test]
    fn the_plague_tokens_show_their_side() {
        let at = pt(150.0, 20.0);
        let active = icons::outbreak_token(at, 3, true);
        assert!(active.contains(r#"class="piece outbreak active" data-number="3""#), "{active}");
        assert!(active.contains(">3</text>") && active.contains("#7f1416"), "{active}");
        let eradicated = icons::outbreak_token(at, 3, false);
        assert!(eradicated.contains(r#"class="piece outbreak eradicated""#), "{eradicated}");
        assert!(!eradicated.contains("#7f1416"), "{eradicated}");
        assert!(icons::flea_token(at, true).contains(r#"class="piece flea active""#));
        let latent = icons::flea_token(at, false);
        assert!(latent.contains(r#"class="piece flea latent""#) && latent.contains("#f4a3c4"), "{latent}");
    }
}
