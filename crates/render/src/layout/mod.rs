//! The geometry of one tile design at rotation 0, computed from its features alone: the shape
//! of every city segment, the path of every road and river, the areas of the city of
//! Carcassonne on partial tiles, where each symbol goes, and an anchor point per feature.
//!
//! Shapes follow a few rules (see docs/rendering.md): a city segment's shape depends on which
//! edges it occupies (cap, corner, band, three sides, full), adjusted so that an enclosed field
//! (`I`, `II`) stays open between segments. Where symbols and figures go is found on a raster
//! of the tile (50 × 50 cells): the fields are its connected open areas, matched to the field
//! features by the ports they touch, and a symbol or figure goes where its area is widest.

use carcassonne_engine::catalog::{RiverRole, Symbol, TradeGood};
use carcassonne_engine::{FeatureKind, Port, Terrain, TileDesign};

use crate::geom::{along, dist_to_polyline, inside, length, pt, Path, Pt, Seg, Shape, CENTRE, TILE};

/// Half the width of a road (its border included), in tile units.
pub const ROAD_HALF: f32 = 4.5;
/// Half the width of a river.
pub const RIVER_HALF: f32 = 5.5;

/// Something filled, in drawing order.
#[derive(Clone, Debug)]
pub enum Area {
    /// A city segment (its feature index).
    City(usize, Shape),
    /// An enclosed field drawn over the city around it.
    Pocket(Shape),
    /// The city of Carcassonne on the partial tiles of The Count (edges with no feature).
    Stone(Shape),
}

/// A road or river: one or more arms (paths), drawn with a border.
#[derive(Clone, Debug)]
pub struct Way {
    pub feature: usize,
    pub river: bool,
    pub arms: Vec<Path>,
    /// Drawn under the cities (a tunnel), with a dashed line where it is hidden.
    pub tunnel: bool,
    /// Arms meeting at the tile centre (a crossing of one feature).
    pub junction: bool,
}

/// A wooden bridge (Bridges, Castles & Bazaars) across a bridged design, from the middle of one
/// side to the middle of the opposite one: drawn over the plain tile, which it leaves as it is
/// (the fields under it stay whole).
#[derive(Clone, Copy, Debug)]
pub struct Bridge {
    /// Its road feature (the design's last).
    pub feature: usize,
    /// Its two ends, on the tile's sides.
    pub from: Pt,
    pub to: Pt,
}

/// Half the width of a bridge's deck, railings included, in tile units.
pub const BRIDGE_HALF: f32 = 8.5;

/// The symbols and small buildings drawn on a tile.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum IconKind {
    Cloister,
    /// A shrine (Heretics and Shrines), where a cloister would stand.
    Shrine,
    /// A church (The Darmstadt Churches), where a cloister would stand.
    Church,
    Garden,
    /// A house where a road ends.
    House,
    /// A village square where three or more roads end.
    Village,
    /// Where a river starts or ends.
    Pond {
        lake: bool,
    },
    /// A ferry lake (The Ferries): a lake in the middle that the tile's roads run into, each
    /// ending at a jetty; the ferry on it is drawn with the pieces.
    FerryLake,
    Pennant,
    Cathedral,
    Good(TradeGood),
    Siege,
    Princess,
    Pig,
    Well,
    Inn,
    Tower,
    Dragon,
    Volcano,
    MagicGate,
    /// The festival symbol (The Festival): a starburst.
    Festival,
    /// The gold symbol (The Gold Mines): a gold ingot.
    Gold,
    /// The magic symbol (Mage & Witch): a gold star on a purple disc.
    Magic,
    /// A tunnel opening where a road ends (The Tunnel): a dark mouth in a stone arch.
    TunnelOpening,
    /// A flying machine (The Flier): winged, with an arrow pointing west, or north-west where
    /// `diagonal`, when the tile is turned 0°; it turns with its tile, as its flight does.
    FlyingMachine {
        diagonal: bool,
    },
    /// A full wind rose (The Wind Roses), orange or blue; it turns with its tile, its north
    /// point marked.
    WindRose {
        blue: bool,
    },
    /// A labyrinth where roads meet (The Labyrinths): a round maze.
    Labyrinth,
    /// The Darmstadtium (Darmstadtium): the congress centre, a low building with a slanted roof.
    Darmstadtium,
    /// La Porxada (La Porxada): the columned hall, a tiled roof on a row of stone columns.
    Porxada,
    /// A plague source (The Plague): the plague doctor, a beaked mask under a wide black hat.
    PlagueDoctor,
    /// A hill (Hills & Sheep): a green mound with a lighter crest and tufts of grass; the tile
    /// lies on a second one, face down.
    Hill,
    /// A vineyard (Hills & Sheep, The Vineyards): three rows of vines on stakes with purple
    /// grapes.
    Vineyard,
    /// A circus space (Under the Big Top), in the middle of its tile where its roads end: a ring
    /// of sawdust with a small striped tent, where the big top goes up.
    Circus,
    /// An acrobat space (Under the Big Top), in the middle of its tile where its roads end: a
    /// round blue stage with a gold rim and the three places of a pyramid, where the acrobats
    /// stand.
    AcrobatSpace,
    /// A bazaar (Bridges, Castles & Bazaars): a market stall, a striped awning over a counter
    /// laid with wares.
    Bazaar,
    /// A fair (The Catapult), in the middle of its tile where its roads end: a round pavilion
    /// striped blue and yellow under a pointed roof, a green swallow-tailed flag on its pole.
    Fair,
    /// A crop circle (The Crop Circles), in the middle of its tile where its roads and fields
    /// end: `kind` 0 a shield (knights), 1 a club (thieves), 2 a pitchfork (farmers).
    CropCircle {
        kind: u8,
    },
    /// A quarter wind rose (The Wind Roses): the quarter of a rose pointing to the corner of the
    /// section it names, `quarter` 0 to 3 for north-east, south-east, south-west and north-west.
    RoseQuarter {
        quarter: u8,
    },
    /// Baba Yaga's hut (Baba Yaga's Hut): a log hut on two chicken legs.
    Hut,
    /// A trap (the Russian promotional tiles of 2016): the Vodyanoy's lake with the water
    /// spirit's green head (`lake`), or Solovei Razboynik's oak with the robber in its crown.
    Trap {
        lake: bool,
    },
    /// A watchtower (The Watchtowers): a grey stone tower with a badge showing what it watches
    /// over, `watches` 0 to 4 for followers, coats of arms, roads, monasteries and cities.
    Watchtower {
        watches: u8,
    },
}

impl IconKind {
    /// Icons drawn turned with their tile (a wind rose's points), not upright.
    pub const fn turns_with_tile(self) -> bool {
        matches!(self, IconKind::WindRose { .. } | IconKind::RoseQuarter { .. } | IconKind::FlyingMachine { .. })
    }
}

mod cities;
mod symbols;
mod tokens;
pub use tokens::{FERRY_JETTY, FERRY_LAKE_RADIUS, FLEA_AT, FLOCK_OFFSET, OUTBREAK_AT, PYRAMID_SPOTS};

#[derive(Clone, Copy, Debug)]
pub struct Icon {
    pub kind: IconKind,
    pub at: Pt,
    /// Half its size, in tile units.
    pub r: f32,
}

/// Everything needed to draw a design, at rotation 0.
#[derive(Clone, Debug)]
pub struct Layout {
    pub areas: Vec<Area>,
    /// Sides (N, E, S, W) with an abbey wall.
    pub abbey_sides: [bool; 4],
    pub ways: Vec<Way>,
    pub icons: Vec<Icon>,
    /// One anchor per feature (where a figure on it stands), in tile units.
    pub anchors: Vec<Pt>,
    /// Hedges between fields that the drawing would otherwise join.
    pub hedges: Vec<Vec<Pt>>,
    /// The wooden bridge of a bridged design (Bridges, Castles & Bazaars), drawn last.
    pub bridge: Option<Bridge>,
    /// Features the drawing found no area for (their anchors are estimated); the tests want
    /// none.
    #[cfg_attr(not(test), allow(dead_code))]
    pub unplaced: Vec<usize>,
}

/// The midpoint of a tile side.
fn side_point(side: usize) -> Pt {
    [pt(50.0, 0.0), pt(100.0, 50.0), pt(50.0, 100.0), pt(0.0, 50.0)][side & 3]
}

/// The midpoint of a half-edge port (by port index).
fn half_point(port: usize) -> Pt {
    match port {
        0 => pt(25.0, 0.0),
        2 => pt(75.0, 0.0),
        3 => pt(100.0, 25.0),
        5 => pt(100.0, 75.0),
        6 => pt(75.0, 100.0),
        8 => pt(25.0, 100.0),
        9 => pt(0.0, 75.0),
        11 => pt(0.0, 25.0),
        _ => side_point(port / 3),
    }
}

/// The sides (0..4) whose centre port a feature has.
fn sides_of(spec: &carcassonne_engine::FeatureSpec) -> Vec<usize> {
    spec.ports().filter(|p| p.is_centre()).map(|p| p.side().index()).collect()
}

/// Computes the layout of a design at rotation 0.
pub fn layout(design: &TileDesign) -> Layout {
    let feats = &design.features;
    let mut areas = cities::stone_areas(design);
    areas.extend(cities::city_areas(design));
    let city_polys: Vec<(usize, Vec<Pt>)> =
        areas.iter().filter_map(|a| if let Area::City(i, s) = a { Some((*i, s.polygon())) } else { None }).collect();
    let in_city = |p: Pt| city_polys.iter().any(|(_, poly)| inside(poly, p));
    let mut abbey_sides = [false; 4];
    for (s, t) in design.edges.iter().enumerate() {
        abbey_sides[s] = *t == Terrain::Abbey;
    }

    // Ways through the tile (two or more sides) first: they decide where a cloister fits.
    let mut ways: Vec<Way> = vec![];
    let mut single: Vec<(usize, usize)> = vec![]; // (feature, side) of one-sided ways
                                                  // Bridges, Castles & Bazaars: a bridge is no printed road; the tile under it is laid out as
                                                  // if it were not there.
    let mut bridge: Option<Bridge> = None;
    for (i, f) in feats.iter().enumerate() {
        if f.kind == FeatureKind::Road && f.attrs.bridge {
            if let [a, b] = sides_of(f)[..] {
                bridge = Some(Bridge { feature: i, from: side_point(a), to: side_point(b) });
            }
            continue;
        }
        let river = match f.kind {
            FeatureKind::Road => false,
            FeatureKind::River => true,
            _ => continue,
        };
        let sides = sides_of(f);
        let arms = match sides.len() {
            0 => continue,
            1 => {
                single.push((i, sides[0]));
                continue;
            }
            2 if (sides[0] + 2) % 4 == sides[1] => vec![Path::line(side_point(sides[0]), side_point(sides[1]))],
            2 => vec![Path { start: side_point(sides[0]), segs: vec![Seg::Quad(CENTRE, side_point(sides[1]))] }],
            _ => sides.iter().map(|&s| Path::line(side_point(s), CENTRE)).collect(),
        };
        let junction = sides.len() > 2;
        ways.push(Way { feature: i, river, arms, tunnel: f.attrs.tunnel, junction });
    }
    let centre_blocked =
        ways.iter().any(|w| w.arms.iter().any(|a| dist_to_polyline(CENTRE, &a.points()) < 10.0) && !w.junction);

    let mut raster = Raster::new();
    let paint_all = |raster: &mut Raster, ways: &[Way]| {
        for w in ways.iter().filter(|w| w.tunnel) {
            raster.paint_way(w);
        }
        for a in &areas {
            raster.paint_area(a);
        }
        for w in ways.iter().filter(|w| !w.tunnel) {
            raster.paint_way(w);
        }
    };
    paint_all(&mut raster, &ways);

    // The cloister: at the centre unless a road or river runs through it.
    let mut icons: Vec<Icon> = vec![];
    let mut anchors: Vec<Option<Pt>> = vec![None; feats.len()];
    let cloister_r = 12.0;
    let cloister_at = design.cloister.map(|c| {
        // A bridge (Bridges, Castles & Bazaars) passes over the middle of its tile: the
        // cloister under it is drawn beside it, in sight.
        let deck = bridge.map(|b| [b.from, b.to]);
        let off_deck = |k: usize| deck.is_none_or(|d| dist_to_polyline(cell_centre(k), &d) > BRIDGE_HALF + 2.0);
        let at = if centre_blocked || deck.is_some() {
            let allowed: Vec<bool> =
                raster.cells.iter().enumerate().map(|(k, &c)| c == Cell::Field && off_deck(k)).collect();
            widest(&allowed).map_or(CENTRE, |w| w.0)
        } else {
            CENTRE
        };
        anchors[c as usize] = Some(at);
        let kind = if design.is_shrine() {
            IconKind::Shrine
        } else if design.is_church() {
            IconKind::Church
        } else {
            IconKind::Cloister
        };
        icons.push(Icon { kind, at, r: cloister_r });
        at
    });
    // Baba Yaga's hut: in the middle of its field.
    if let Some(hut) = design.hut {
        anchors[hut as usize] = Some(CENTRE);
        icons.push(Icon { kind: IconKind::Hut, at: CENTRE, r: cloister_r });
    }
    // The Vodyanoy's lake in the middle of its field; Solovei Razboynik's tree beside its road
    // (on the north side as printed), where the followers it traps stand.
    if let Some(trap) = design.trap {
        let lake = design.symbols.contains(&Symbol::Vodyanoy);
        let at = if lake { CENTRE } else { pt(CENTRE.x, CENTRE.y - 24.0) };
        anchors[trap as usize] = Some(at);
        icons.push(Icon { kind: IconKind::Trap { lake }, at, r: if lake { 16.0 } else { cloister_r } });
    }

    // Ways on one side: where does each end?
    let wall_points: Vec<Pt> = areas
        .iter()
        .filter_map(|a| if let Area::City(_, s) = a { Some(s.wall_points()) } else { None })
        .flatten()
        .collect();
    let near_city =
        !wall_points.is_empty() && wall_points.iter().map(|p| p.dist(CENTRE)).fold(f32::MAX, f32::min) < 18.0;
    // The Ferries: the tile's roads end at the lake's jetties, as a river's at its pond.
    let ferry_lake = design.symbols.contains(&Symbol::FerryLake);
    let pond = design
        .river
        .filter(|_| single.iter().any(|&(i, _)| feats[i].kind == FeatureKind::River))
        .map(|r| if r == RiverRole::Lake { 13.0 } else { 8.0 })
        .or(ferry_lake.then_some(FERRY_LAKE_RADIUS));
    // Where does each one-sided way end? A cloister, a city it runs into, the gate of a city
    // close to the centre, or the tile centre.
    #[derive(Clone, Copy, PartialEq)]
    enum End {
        Cloister(Pt),
        City(Pt),
        Gate,
        Short,
        Centre,
    }
    let straight_hit = |side: usize, limit: f32| -> Option<Pt> {
        let p = side_point(side);
        let dir = side_point(side + 2).sub(p).unit();
        (1..100).map(|s| p.add(dir.scale(s as f32))).take_while(|q| q.dist(p) <= limit).find(|&q| in_city(q))
    };
    // The Watchtowers: the tower stands in the middle, where its tile's roads end.
    let watchtower = design.symbols.iter().copied().find(|s| s.is_watchtower());
    // Under the Big Top: the circus or acrobat space in the middle, where its tile's roads end;
    // The Catapult: the fair, unless the tile's cloister stands there (beside it then).
    let show =
        design.symbols.iter().copied().find(|&s| symbols::show_icon(s).is_some()).filter(|_| design.cloister.is_none());
    let mut plans: Vec<End> = single
        .iter()
        .map(|&(i, side)| {
            let river_end = feats[i].kind == FeatureKind::River && design.river.is_some();
            if river_end {
                return End::Centre;
            }
            // The Tunnel: a road ending in a tunnel opening stops short, at the opening.
            if feats[i].attrs.portal {
                return End::Short;
            }
            if feats[i].kind == FeatureKind::River {
                // A river with no spring or lake flows into a city.
                return straight_hit(side, 100.0).map_or(End::Centre, End::City);
            }
            if let (Some(k), FeatureKind::Road) = (cloister_at, feats[i].kind) {
                return End::Cloister(k);
            }
            // The roads of a watchtower's tile end at the tower in the middle, those of a circus
            // or acrobat tile at its space.
            if (watchtower.is_some() || show.is_some()) && feats[i].kind == FeatureKind::Road && !centre_blocked {
                return End::Centre;
            }
            if let Some(h) = straight_hit(side, if centre_blocked { 100.0 } else { 50.0 }) {
                End::City(h)
            } else if centre_blocked {
                End::Short
            } else if near_city && !design.partial {
                End::Gate
            } else {
                End::Centre
            }
        })
        .collect();
    // A road ending alone at the centre leaves the fields on its two sides joined around its
    // end; when they are different fields, it runs into a city instead.
    let centre_roads: Vec<usize> = (0..single.len())
        .filter(|_| watchtower.is_none() && show.is_none())
        .filter(|&k| plans[k] == End::Centre && feats[single[k].0].kind == FeatureKind::Road)
        .collect();
    if let [k] = centre_roads[..] {
        let side = single[k].1;
        let left = design.feature_at(carcassonne_engine::Rotation::R0, Port::from_index(side * 3));
        let right = design.feature_at(carcassonne_engine::Rotation::R0, Port::from_index(side * 3 + 2));
        if left != right && !wall_points.is_empty() && !design.partial {
            plans[k] = match straight_hit(side, 100.0) {
                Some(h) => End::City(h),
                None => End::Gate,
            };
        }
    }
    let centre_ends =
        (0..single.len()).filter(|&k| plans[k] == End::Centre && feats[single[k].0].kind == FeatureKind::Road).count();
    let mut end_arms: Vec<(usize, Path)> = vec![];
    for (&(i, side), &plan) in single.iter().zip(&plans) {
        let p = side_point(side);
        let dir = side_point(side + 2).sub(p).unit();
        let river = feats[i].kind == FeatureKind::River;
        let arm = match plan {
            End::Cloister(k) => Path::line(p, k.add(p.sub(k).unit().scale(cloister_r * 0.5))),
            End::City(h) => Path::line(p, h.add(dir.scale(1.5))),
            End::Short => {
                end_arms.push((i, Path::line(p, p.add(dir.scale(30.0)))));
                continue;
            }
            End::Gate => {
                // Turn towards the nearest city wall, entering it by a gate of its own.
                let q = p.lerp(CENTRE, 0.6);
                let g = wall_points.iter().copied().min_by(|a, b| a.dist(q).total_cmp(&b.dist(q))).unwrap();
                let g = g.add(g.sub(q).unit().scale(2.0));
                Path { start: p, segs: vec![Seg::Quad(q, g)] }
            }
            End::Centre => match pond {
                Some(r) if !river => Path::line(p, CENTRE.add(p.sub(CENTRE).unit().scale(r + 8.0))),
                _ => Path::line(p, CENTRE),
            },
        };
        ways.push(Way { feature: i, river, arms: vec![arm], tunnel: false, junction: false });
    }
    // Roads that stop short of a blocked centre end at a house, or at their tunnel opening.
    for (i, arm) in end_arms {
        let kind = if feats[i].attrs.portal { IconKind::TunnelOpening } else { IconKind::House };
        icons.push(Icon { kind, at: arm.end(), r: 6.0 });
        ways.push(Way { feature: i, river: false, arms: vec![arm], tunnel: false, junction: false });
    }
    // Rivers first, so that roads cross them on bridges.
    ways.sort_by_key(|w| (!w.river, w.feature));

    // Where the tower foundation is drawn: its feature's anchor, where a tower's guard stands.
    let mut tower_at = None;
    if ferry_lake {
        icons.push(Icon { kind: IconKind::FerryLake, at: CENTRE, r: FERRY_LAKE_RADIUS });
    } else if let Some(r) = pond {
        icons.push(Icon { kind: IconKind::Pond { lake: design.river == Some(RiverRole::Lake) }, at: CENTRE, r });
        if centre_ends > 0 {
            let p = single.iter().find(|&&(i, _)| feats[i].kind == FeatureKind::Road).map(|&(_, s)| side_point(s));
            if let Some(p) = p {
                let at = CENTRE.add(p.sub(CENTRE).unit().scale(r + 8.0));
                icons.push(Icon { kind: IconKind::House, at, r: 6.0 });
            }
        }
    } else if feats.iter().any(|f| f.attrs.labyrinth) {
        icons.push(Icon { kind: IconKind::Labyrinth, at: CENTRE, r: 13.0 });
    } else if let Some(kind) = show.and_then(symbols::show_icon).filter(|_| !centre_blocked) {
        icons.push(Icon { kind, at: CENTRE, r: 13.0 });
    } else if let Some(symbol) = watchtower.filter(|_| !centre_blocked) {
        icons.push(Icon { kind: symbols::watchtower_icon(symbol), at: CENTRE, r: 11.0 });
    } else if centre_ends > 0 && !design.partial {
        if design.symbols.contains(&Symbol::Tower) {
            tower_at = Some(CENTRE);
            icons.push(Icon { kind: IconKind::Tower, at: CENTRE, r: 10.0 });
        } else if centre_ends >= 3 {
            icons.push(Icon { kind: IconKind::Village, at: CENTRE, r: 10.0 });
        } else {
            icons.push(Icon { kind: IconKind::House, at: CENTRE, r: 7.0 });
        }
    }

    // The full raster, then the fields as its connected open areas.
    let mut raster = Raster::new();
    paint_all(&mut raster, &ways);
    for icon in &icons {
        raster.paint_disc(icon.at, icon.r * 0.8, Cell::Object);
    }
    let (field_cells, hedges) = assign_fields(design, &raster);

    // Symbols and icons, each where its area is widest.
    let mut occupied = vec![false; N * N];
    for icon in &icons {
        mark(&mut occupied, icon.at, icon.r + 1.0);
    }
    // A bridge's deck: the symbols of the tile under it, and a figure on a city or field
    // there, go beside it where there is room; a figure on the bridge stands on the deck, a
    // little off the middle of the tile.
    if let Some(b) = bridge {
        let deck = [b.from, b.to];
        for (k, o) in occupied.iter_mut().enumerate() {
            if dist_to_polyline(cell_centre(k), &deck) <= BRIDGE_HALF {
                *o = true;
            }
        }
        anchors[b.feature] = Some(b.from.lerp(b.to, 0.3));
    }
    let is_field: Vec<bool> = raster.cells.iter().map(|&c| c == Cell::Field).collect();
    let is_open: Vec<bool> = raster.cells.iter().map(|&c| matches!(c, Cell::Field | Cell::City(_))).collect();
    for (i, f) in feats.iter().enumerate().filter(|(_, f)| f.kind == FeatureKind::City) {
        let allowed: Vec<bool> = raster.cells.iter().map(|&c| c == Cell::City(i as u8)).collect();
        let a = &f.attrs;
        let mut kinds = vec![IconKind::Pennant; f.pennants as usize];
        kinds.extend(a.cathedral.then_some(IconKind::Cathedral));
        kinds.extend(a.good.map(IconKind::Good));
        kinds.extend(a.besieged.then_some(IconKind::Siege));
        kinds.extend(a.princess.then_some(IconKind::Princess));
        for kind in kinds {
            let size = match kind {
                IconKind::Cathedral => (14.0, 8.0),
                IconKind::Pennant => (8.5, 5.5),
                _ => (9.0, 6.0),
            };
            place(&mut icons, &mut occupied, kind, size, &allowed, None);
        }
    }
    for (i, f) in feats.iter().enumerate() {
        if f.kind == FeatureKind::Road && f.attrs.inn {
            let at = inn_spot(&ways, i, &is_field, &occupied);
            mark(&mut occupied, at, 10.0);
            icons.push(Icon { kind: IconKind::Inn, at, r: 9.0 });
        }
        if f.attrs.wells > 0 {
            let way = ways.iter().find(|w| w.feature == i);
            let at = match way {
                Some(w) if w.junction => CENTRE,
                Some(w) => {
                    let line = w.arms[0].points();
                    along(&line, length(&line) / 2.0).0
                }
                None => CENTRE,
            };
            mark(&mut occupied, at, 6.0);
            icons.push(Icon { kind: IconKind::Well, at, r: 5.0 });
        }
        if f.kind == FeatureKind::Field && (f.attrs.pig_herd || f.attrs.pigs_drawn) {
            let allowed: Vec<bool> = (0..N * N).map(|k| field_cells[k] == Some(i)).collect();
            place(&mut icons, &mut occupied, IconKind::Pig, (9.0, 6.0), &allowed, Some(&is_field));
        }
        if f.kind == FeatureKind::Garden {
            let at = place(&mut icons, &mut occupied, IconKind::Garden, (11.0, 7.0), &is_field, Some(&is_open));
            anchors[i] = Some(at);
        }
    }
    for &symbol in &design.symbols {
        // A crop circle fills the middle of its tile, where its roads and fields end.
        if let Some(kind) = symbol.crop_circle() {
            let kind = match kind {
                FeatureKind::City => 0,
                FeatureKind::Road => 1,
                _ => 2,
            };
            mark(&mut occupied, CENTRE, 17.0);
            icons.push(Icon { kind: IconKind::CropCircle { kind }, at: CENTRE, r: 15.0 });
            continue;
        }
        let (kind, size) = match symbol {
            Symbol::Tower if tower_at.is_some() => continue,
            // A watchtower, a circus or acrobat space stands in the middle (above) unless
            // something blocks it.
            _ if symbol.is_watchtower() && !centre_blocked => continue,
            _ if show == Some(symbol) && !centre_blocked => continue,
            // The abbey is drawn as its walls around a cloister.
            _ => match symbols::symbol_icon(symbol) {
                Some(icon) => icon,
                None => continue,
            },
        };
        let at = place(&mut icons, &mut occupied, kind, size, &is_field, Some(&is_open));
        if symbol == Symbol::Tower {
            tower_at = Some(at);
        }
    }

    // Anchors of cities and fields: their widest point away from the symbols (unless that
    // leaves too little room), of roads and rivers: on their path.
    let widest_of = |allowed: Vec<bool>| -> Option<Pt> {
        let free: Vec<bool> = allowed.iter().zip(&occupied).map(|(&a, &o)| a && !o).collect();
        match (widest(&free), widest(&allowed)) {
            (Some(f), Some(a)) if f.1 >= 0.6 * a.1 || f.1 >= 7.0 => Some(f.0),
            (_, a) => a.map(|a| a.0),
        }
    };
    for (i, f) in feats.iter().enumerate() {
        if anchors[i].is_some() {
            continue;
        }
        anchors[i] = match f.kind {
            // A partial tile's part of the unit's own city (`city I` of The Count): its stone.
            FeatureKind::City if design.partial && f.ports == 0 => {
                widest_of(raster.cells.iter().map(|&c| c == Cell::Stone).collect())
            }
            FeatureKind::City => widest_of(raster.cells.iter().map(|&c| c == Cell::City(i as u8)).collect()),
            FeatureKind::Field => widest_of((0..N * N).map(|k| field_cells[k] == Some(i)).collect()),
            FeatureKind::Road | FeatureKind::River => ways.iter().find(|w| w.feature == i).map(|w| {
                let line = w.arms[0].points();
                let total = length(&line);
                let mut visible = total;
                let mut s = 0.0;
                while s < total {
                    if matches!(raster.cells[cell_at(along(&line, s).0)], Cell::City(_)) {
                        visible = s;
                        break;
                    }
                    s += 1.0;
                }
                along(&line, (visible * 0.5).min(20.0)).0
            }),
            FeatureKind::Cloister | FeatureKind::Garden | FeatureKind::Hut | FeatureKind::Trap => Some(CENTRE),
            FeatureKind::Tower => tower_at,
            FeatureKind::Mountain | FeatureKind::Acrobats => Some(CENTRE),
            // A special monastery's prior lies beside the monastery, east of the monk's place.
            FeatureKind::Prior => Some(pt(CENTRE.x + 20.0, CENTRE.y + 6.0)),
        };
    }
    let unplaced: Vec<usize> = (0..feats.len()).filter(|&i| anchors[i].is_none()).collect();
    let anchors =
        anchors.iter().enumerate().map(|(i, a)| a.unwrap_or_else(|| fallback_anchor(design, i, &anchors))).collect();
    Layout { areas, abbey_sides, ways, icons, anchors, hedges, bridge, unplaced }
}

/// Puts an icon where the allowed area (less the occupied cells) is widest, or where the fallback
/// area is when the allowed one has too little room; returns where it went.
/// The icon is `size.0` in radius, smaller (down to `size.1`) where there is less room.
fn place(
    icons: &mut Vec<Icon>,
    occupied: &mut [bool],
    kind: IconKind,
    size: (f32, f32),
    allowed: &[bool],
    fallback: Option<&[bool]>,
) -> Pt {
    let (r, r_min) = size;
    let free: Vec<bool> = allowed.iter().zip(occupied.iter()).map(|(&a, &o)| a && !o).collect();
    let mut spot = widest(&free);
    if let Some(fb) = fallback {
        if spot.is_none_or(|s| s.1 < r * 0.7) {
            let free: Vec<bool> = fb.iter().zip(occupied.iter()).map(|(&a, &o)| a && !o).collect();
            spot = widest(&free).or(spot);
        }
    }
    let (at, r) = spot.map_or((CENTRE, r), |s| (s.0, (s.1 - 3.0).clamp(r_min, r)));
    mark(occupied, at, r + 1.0);
    icons.push(Icon { kind, at, r });
    at
}

fn mark(occupied: &mut [bool], c: Pt, r: f32) {
    for (k, o) in occupied.iter_mut().enumerate() {
        if cell_centre(k).dist(c) <= r {
            *o = true;
        }
    }
}

/// An anchor for a feature the raster found no room for: inside the tile near its first port,
/// or between the cities an enclosed field borders.
fn fallback_anchor(design: &TileDesign, i: usize, anchors: &[Option<Pt>]) -> Pt {
    let f = &design.features[i];
    if let Some(port) = f.first_port() {
        let p = half_point(port.index());
        return p.lerp(CENTRE, 0.35);
    }
    let cities: Vec<Pt> = f.borders.iter().filter_map(|&b| anchors.get(b as usize).copied().flatten()).collect();
    if cities.is_empty() {
        CENTRE.add(pt(6.0 * f.inner as f32, 6.0 * f.inner as f32))
    } else {
        cities.iter().fold(pt(0.0, 0.0), |a, &p| a.add(p)).scale(1.0 / cities.len() as f32)
    }
}

/// Where an inn goes: beside its road, on the side with more room.
fn inn_spot(ways: &[Way], feature: usize, is_field: &[bool], occupied: &[bool]) -> Pt {
    let Some(way) = ways.iter().find(|w| w.feature == feature) else { return CENTRE };
    let line = way.arms[0].points();
    let total = length(&line);
    let free: Vec<bool> = is_field.iter().zip(occupied).map(|(&a, &o)| a && !o).collect();
    let d = distance_map(&free);
    let mut best = (CENTRE, -1.0f32);
    for frac in [0.5, 0.35, 0.65, 0.25, 0.75] {
        let (p, dir) = along(&line, total * frac);
        let normal = pt(-dir.y, dir.x);
        for sign in [1.0, -1.0] {
            let q = p.add(normal.scale(13.0 * sign));
            if !(6.0..=94.0).contains(&q.x) || !(6.0..=94.0).contains(&q.y) {
                continue;
            }
            let v = d[cell_at(q)];
            if v > best.1 + 0.5 {
                best = (q, v);
            }
        }
        if best.1 >= 8.0 {
            break;
        }
    }
    best.0
}

mod raster;

use raster::*;
