//! The base game's rules (seed 001, "PLAYING THE GAME"; seed 000 for the farmers): placing a
//! tile so that every edge continues its neighbour, deploying a follower on an unoccupied road,
//! city, cloister or field of that tile, which features a tile completes, what roads, cities
//! and cloisters are worth, and (in `farms`) the farms of the final scoring.
//!
//! These are functions on the [`Table`]; the turn (`game/turn.rs`) calls them in the order of
//! play, and the expansion modules build on them (the big follower deploys like a follower, the
//! abbot occupies like one).

pub(crate) mod farms;

use crate::board::PlacementIndex;
use crate::catalog::{FeatureKind, FeatureSpec, LocalFeature, Symbol, TileDesign, TileId, NO_FEATURE};
use crate::errors::RuleError;
use crate::events::Breakdown;
use crate::features::{Features, NodeId};
use crate::geometry::{Pos, Rotation, Side};
use crate::table::Table;

/// Puts a tile on the board and joins its features to the neighbours' across every shared
/// port (legality is the caller's business). A cloister is watched until it is surrounded.
pub(crate) fn put_tile(table: &mut Table, tile: TileId, rotation: Rotation, pos: Pos) -> PlacementIndex {
    let design = table.design(tile);
    let placement = table.board.len() as PlacementIndex;
    let first_node = table.features.len() as NodeId;
    for (i, f) in design.features.iter().enumerate() {
        table.features.add(placement, i as LocalFeature, f);
    }
    if table.bridge_slots && design.bridge.is_none() {
        reserve_bridge_node(&mut table.features, placement, design);
    }
    let view = design.view(rotation);
    table.board.place(tile, rotation, view.edges, pos, first_node);
    if let Some(cloister) = design.cloister {
        table.open_cloisters.push((pos, first_node + cloister as NodeId));
    }
    for side in Side::ALL {
        let Some(&n) = table.board.get(pos.step(side)) else { continue };
        let their_design = table.design(n.tile);
        let theirs = &their_design.view(n.rotation).port_feature;
        join_across(&mut table.features, side, &view.port_feature, first_node, theirs, n.first_node, their_design);
    }
    placement
}

/// Bridges, Castles & Bazaars: the node a bridge built on the tile later becomes, right after
/// its features (so that feature `i` of every design, the bridged one included, stays node
/// `first_node + i`). Until then it is a road of no port and no tile that nothing reaches: no
/// port of the design names it, and every walk of the tile's features stops at the design's.
fn reserve_bridge_node(features: &mut Features, placement: PlacementIndex, design: &TileDesign) {
    const UNBUILT: FeatureSpec = FeatureSpec {
        kind: crate::catalog::FeatureKind::Road,
        ports: 0,
        pennants: 0,
        borders: Vec::new(),
        inner: 0,
        attrs: crate::catalog::FeatureAttrs::NONE,
    };
    features.add(placement, design.features.len() as LocalFeature, &UNBUILT);
}

/// Bridges, Castles & Bazaars: builds a bridge on the placed tile `placement`, whose design
/// becomes `bridged` (the same design with the bridge's road, the last feature): the node kept
/// for it becomes the road, joined to the roads its two ends meet; the board's frontier learns
/// the two new road edges. Legality is the caller's.
pub(crate) fn build_bridge(table: &mut Table, placement: PlacementIndex, bridged: TileId) {
    let placed = *table.board.placement(placement);
    let design = table.design(bridged);
    let local = design.bridge.expect("a bridged design");
    let node = placed.first_node + local as NodeId;
    table.features.make_road(node, &design.features[local as usize]);
    table.board.redesign(table.catalog, placement, bridged);
    let view = design.view(placed.rotation);
    for side in Side::ALL {
        let Some(&n) = table.board.get(placed.pos.step(side)) else { continue };
        let centre = side.centre().index();
        if view.port_feature[centre] != local {
            continue;
        }
        let their_design = table.design(n.tile);
        let theirs = their_design.view(n.rotation).port_feature[side.opposite().centre().index()];
        if theirs != NO_FEATURE {
            table.features.connect(node, n.first_node + theirs as NodeId);
        } else {
            table.features.close_port(node);
        }
    }
}

/// Joins the segments of a tile placed and a tile already there that meet along `side` of the
/// first: `ours` and `theirs` are their rotated port features, `our_first` and `their_first`
/// their first nodes, `their_design` the design of the tile already there.
#[inline(always)]
fn join_across(
    features: &mut Features,
    side: Side,
    ours: &[LocalFeature; 12],
    our_first: NodeId,
    theirs: &[LocalFeature; 12],
    their_first: NodeId,
    their_design: &TileDesign,
) {
    for port in side.ports() {
        let ours = ours[port.index()];
        let other = theirs[port.facing().index()];
        if ours != NO_FEATURE && other != NO_FEATURE {
            features.connect(our_first + ours as NodeId, their_first + other as NodeId);
        } else if other != NO_FEATURE {
            // An edge with no feature (an abbey's wall, seed 001 ABBEY AND MAYOR) ends what
            // touches it: "all four of the adjoining tiles are completed".
            features.close_port(their_first + other as NodeId);
        } else if ours != NO_FEATURE && their_design.symbols.contains(&Symbol::Abbey) {
            // The same for a tile placed beside an abbey (a place next to one that the
            // variation "Rebuilding" emptied).
            features.close_port(our_first + ours as NodeId);
        }
    }
}

/// The variation "Rebuilding": builds the feature graph again from the board, after a tile
/// moved (a union cannot be undone). Every placement keeps its nodes; the segments are joined
/// across every shared edge as if the tiles had been placed where they now stand, in their
/// order. The figures' counts are added back here; what the modules add (a pig-herd, the city
/// of Carcassonne, a barn, the table's edge) is the caller's (`Modules::refeature`).
pub(crate) fn rebuild_features(table: &mut Table) {
    let mut features = Features::new();
    for (index, placed) in table.board.tiles().iter().enumerate() {
        let design = table.design(placed.tile);
        debug_assert_eq!(features.len(), placed.first_node as usize, "nodes are numbered in placement order");
        for (i, f) in design.features.iter().enumerate() {
            features.add(index as PlacementIndex, i as LocalFeature, f);
        }
        if table.bridge_slots && design.bridge.is_none() {
            reserve_bridge_node(&mut features, index as PlacementIndex, design);
        }
        let view = design.view(placed.rotation);
        for side in Side::ALL {
            let Some(n) = table.board.index_at(placed.pos.step(side)).filter(|&n| (n as usize) < index) else {
                continue;
            };
            let n = table.board.placement(n);
            let their_design = table.design(n.tile);
            let theirs = &their_design.view(n.rotation).port_feature;
            join_across(&mut features, side, &view.port_feature, placed.first_node, theirs, n.first_node, their_design);
        }
    }
    for f in table.figures.iter().filter(|f| f.figure.occupies()) {
        let root = features.find_mut(f.node);
        features.add_figure(root);
    }
    table.features = features;
}

/// Whether `tile` turned by `rotation` may be placed at `pos` by the edge rule (seed 001, "1.
/// Place a tile": the tile must continue every road, city and field it touches, and touch the
/// tiles in play along at least one edge); the error says which edge breaks it.
#[inline]
pub(crate) fn check_fit(table: &Table, tile: TileId, pos: Pos, rotation: Rotation) -> Result<(), RuleError> {
    let design = table.design(tile);
    if let Some(code) = table.board.frontier_code(pos) {
        if design.rotations_fitting(code) & (1 << rotation.index()) != 0 {
            return Ok(());
        }
    }
    why_it_does_not_fit(table, tile, pos, rotation)
}

/// The edge rule's refusal of a placement, for the message.
#[cold]
fn why_it_does_not_fit(table: &Table, tile: TileId, pos: Pos, rotation: Rotation) -> Result<(), RuleError> {
    let design = table.design(tile);
    if table.board.is_occupied(pos) {
        return Err(RuleError::Occupied(pos));
    }
    let edges = design.view(rotation).edges;
    let mut touches = false;
    for side in Side::ALL {
        let Some(n) = table.board.get(pos.step(side)) else { continue };
        touches = true;
        let theirs = (table.design(n.tile).view(n.rotation).edges >> (8 * side.opposite().index())) & 0xFF;
        let ours = (edges >> (8 * side.index())) & 0xFF;
        if ours != theirs {
            return Err(RuleError::EdgeMismatch {
                pos,
                degrees: rotation.degrees(),
                side: ["north", "east", "south", "west"][side.index()],
                ours: terrain_name(ours),
                theirs: terrain_name(theirs),
                neighbour: n.pos,
            });
        }
    }
    if !touches {
        return Err(RuleError::NotAdjacent(pos));
    }
    Ok(())
}

fn terrain_name(code: u32) -> &'static str {
    match code {
        1 => "field",
        2 => "road",
        3 => "city",
        4 => "river",
        5 => "abbey wall",
        _ => "nothing",
    }
}

/// Deploying a follower (seed 001, "2. Deploy a follower"): only on a road, city, cloister or
/// (with farmers) field segment of the tile just placed whose whole feature holds no figure,
/// however far away.
pub(crate) fn check_follower(table: &Table, spec: &FeatureSpec, root: NodeId) -> Result<(), RuleError> {
    match spec.kind {
        FeatureKind::Road | FeatureKind::City | FeatureKind::Cloister => {}
        // The variation "Mountains": "Followers may be deployed to the mountain as miners".
        FeatureKind::Mountain => {}
        // A special monastery (Monasteries in Germany and its sister sets): a follower may be
        // put on it lying, as its prior (`expansions::monasteries`).
        FeatureKind::Prior => {}
        // Baba Yaga's hut: "The person who places this tile may place a follower on Baba Yaga's
        // hut" (`expansions::baba_yaga`): then only, not later through a magic gate or onto an
        // earlier tile.
        FeatureKind::Hut if table.features.segment(root).0 != table.last_placement_index() => {
            return Err(RuleError::HutOnlyWhenPlaced)
        }
        FeatureKind::Hut => {}
        // Abbey & Mayor: "No farmer may be deployed to a farm with a barn" (seed 001, "The
        // barn", footnote 138).
        FeatureKind::Field if table.rules.variants.farmers && table.features.has_barn(root) => {
            return Err(RuleError::FarmHasBarn)
        }
        FeatureKind::Field if table.rules.variants.farmers => {}
        FeatureKind::Field => return Err(RuleError::FarmersNotInPlay),
        kind @ (FeatureKind::Garden | FeatureKind::River | FeatureKind::Tower | FeatureKind::Trap) => {
            return Err(RuleError::CannotDeployOn(kind))
        }
        // Under the Big Top: a follower joins a pyramid by the acrobat action
        // (`expansions::big_top`), on this tile or one around it.
        FeatureKind::Acrobats => return Err(RuleError::AcrobatsByTheirAction),
    }
    check_unoccupied(table, spec.kind, root)
}

/// A feature takes a follower only while no figure stands on it (a special monastery's cloister
/// and prior's place count as one feature: `Table::occupied`).
pub(crate) fn check_unoccupied(table: &Table, kind: FeatureKind, root: NodeId) -> Result<(), RuleError> {
    if table.occupied(root) {
        return Err(RuleError::FeatureOccupied(kind));
    }
    Ok(())
}

/// Step 3A: the features the turn's tiles completed, in the order they are scored: the roads
/// and cities of each tile placed since the last scoring with no open edge left, in the tile's
/// feature order (a feature reached twice once), then the cloisters on or around those tiles
/// that are now surrounded (seed 001, "3. Score completed roads, cities or cloisters"). Usually
/// one tile; two when a double turn's second tile came before the first one's scoring.
/// Returns those tiles' placements, for the modules' own step 3A.
pub(crate) fn find_completed(table: &mut Table) -> std::ops::Range<PlacementIndex> {
    let placed = table.unscored_from..table.board.len() as PlacementIndex;
    table.unscored_from = placed.end;
    table.completed.clear();
    // Only cloisters on or around the new tiles can have just been surrounded (any other was
    // surrounded, and scored, before): those within one step of the tiles' bounding box. The
    // variation "Rebuilding": the tiles moved this turn are looked at as placed ones, after them.
    let (mut low, mut high) = (Pos::new(i16::MAX, i16::MAX), Pos::new(i16::MIN, i16::MIN));
    let moved = std::mem::take(&mut table.rebuilt);
    for placement in placed.clone().chain(moved) {
        note_closed(table, placement);
        let at = table.board.placement(placement).pos;
        (low.x, low.y, high.x, high.y) = (low.x.min(at.x), low.y.min(at.y), high.x.max(at.x), high.y.max(at.y));
    }
    let mut i = 0;
    while i < table.open_cloisters.len() {
        let (pos, node) = table.open_cloisters[i];
        let near = pos.x >= low.x - 1 && pos.x <= high.x + 1 && pos.y >= low.y - 1 && pos.y <= high.y + 1;
        if near && table.board.neighbours_around(pos) == 8 {
            table.open_cloisters.remove(i);
            table.completed.push(node);
        } else {
            i += 1;
        }
    }
    placed
}

/// Step 3A for one tile: its roads and cities that are closed join the completed features, each
/// once.
#[inline]
fn note_closed(table: &mut Table, placement: PlacementIndex) {
    let tile = *table.board.placement(placement);
    for (i, spec) in table.design(tile.tile).features.iter().enumerate() {
        if matches!(spec.kind, FeatureKind::Road | FeatureKind::City) {
            let root = table.features.find_mut(tile.first_node + i as NodeId);
            if table.features.is_closed(root) && !table.completed.contains(&root) {
                table.completed.push(root);
            }
        }
    }
}

/// What a special monastery's prior on the monastery at `pos` is worth in tiles (the
/// Wikicarpedia page "Monasteries (1st edition)", "Scoring of Monasteries with an Abbot"): the
/// monastery itself and, in each of the four directions, the tiles that follow it without a
/// gap ("Any empty spaces in the monastery's row or column interrupt the series of tiles").
/// Here rather than in `expansions::monasteries` because a prior's value is a feature's value.
pub(crate) fn prior_tiles(table: &Table, pos: Pos) -> u16 {
    let mut tiles = 1;
    for side in Side::ALL {
        let mut at = pos.step(side);
        while table.board.is_occupied(at) {
            tiles += 1;
            at = at.step(side);
        }
    }
    tiles
}

/// What a road, city or cloister is worth under the base rules (seed 001, "3. Score completed
/// roads, cities or cloisters" and "Final Scoring"): a completed road 1 per tile, a completed
/// city 2 per tile and per pennant, a cloister (or garden) 1 for itself and each tile around
/// it; in the final scoring an incomplete city 1 per tile and pennant. With the RGG small-city
/// rule a completed city of two tiles is worth 1 per tile and pennant (seed 001, footnote 17).
/// Expansion modules adjust the values afterwards (inns, cathedrals, sieges).
pub(crate) fn feature_value(table: &mut Table, root: NodeId, completed: bool) -> Breakdown {
    let kind = table.features.kind(root);
    let tiles = match kind {
        FeatureKind::Cloister | FeatureKind::Garden => {
            let (pos, _) = table.locate(root);
            1 + table.board.neighbours_around(pos) as u16
        }
        FeatureKind::Prior => prior_tiles(table, table.locate(root).0),
        // Baba Yaga's hut, "an anti-cloister": 1 for itself and 1 for each empty place around it
        // (`expansions::baba_yaga`); surrounded, 1.
        FeatureKind::Hut => {
            let (pos, _) = table.locate(root);
            9 - table.board.neighbours_around(pos) as u16
        }
        _ => table.features.tile_count(root, &mut table.scratch.0),
    };
    match kind {
        FeatureKind::City => {
            let pennants = table.features.pennants(root);
            let value = match completed {
                true if table.rules.variants.small_city && tiles == 2 => 1,
                true => 2,
                false => 1,
            };
            Breakdown { tiles, tile_value: value, pennants, pennant_value: value, ..Default::default() }
        }
        _ => Breakdown { tiles, tile_value: 1, ..Default::default() },
    }
}
