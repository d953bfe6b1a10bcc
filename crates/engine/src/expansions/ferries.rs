//! The Ferries (Hans im Glück 2012, Mini #3, reprinted for the second edition in Big Box 6 and
//! for the third in Big Box 7; the Wikicarpedia pages "The Ferries (1st edition)" and "The
//! Ferries" with their footnotes; the Assembled Game Reference's step 2C, "If a ferry lake was
//! on the placed tile, place a ferry" and "If placement of a tile extended a road with a ferry,
//! the ferry may be moved. Each ferry may only be moved once per turn", and step 3A, "Roads
//! completed by placement or movement of a ferry"; JCloisterZone's `PlaceFerryPhase` and
//! `ChangeFerriesPhase` as a second opinion): eight land tiles whose three or four roads end at
//! a lake (the catalog's `ferry-lake`), and eight ferries.
//!
//! - **Placing a ferry** ([`Pending::PlaceFerry`], [`Action::Ferry`]). After the figure phase
//!   of a turn whose tile has a lake (step 2C), the player must put a ferry on it joining two of
//!   its roads, which then form one road; "this step occurs whether or not a follower was
//!   placed". A follower deployed on one of the tile's roads was deployed before the ferry
//!   joined it, so it may end up on a road with others (the page's example 2).
//! - **The lake ends roads.** A road whose segment no ferry joins ends at the lake: that end is
//!   closed (the catalog gives each lake road a single edge port).
//! - **Moving ferries** ([`Pending::MoveFerry`]). When the tile placed extends a road that runs
//!   across a ferry, the player may move "the first ferry in the road", the one nearest the tile
//!   that way, to join another pair of its lake's roads (it always joins two; it may leave the
//!   road just extended). Following each road of the tile both ways, the first ferry reached on
//!   each is movable; a road that ends at a lake where no ferry joins it reaches no ferry. A
//!   ferry moves at most once a turn (a builder's second tile is a turn part of its own, with
//!   its own moves); the ferry of the tile just placed does not move. After a move the roads
//!   are followed again (a moved ferry still stops the search beyond it), and the player may
//!   move another, or stop ([`Action::Pass`]).
//! - **Scoring.** A road the ferry's placement or a move completed is scored in step 3A of that
//!   turn, as is a road a move left ending at the lake with its other end closed. A tile counts
//!   once however many of its roads a road runs along.
//!
//! Our readings where the sources are silent (docs/rules.md, "The Ferries"): a road followed
//! through the tunnels of The Tunnel leads on; a road made by a move is a new road, so a
//! segment of a road scored before may be scored again within it; a builder or pig left on a
//! road without its owner's follower by a move stays until its feature is scored (only a
//! follower's leaving sends it home); a ferry that joins a road to Solovei Razboynik's tree
//! springs it as a tile joining it would, and the tree's distances run across the lake at no
//! distance (`Ferries::links`); a ferry that joins the mage's road to the witch's makes one of
//! them move (Mage & Witch, at 2C).

use crate::actions::{Action, Pending};
use crate::board::PlacementIndex;
use crate::catalog::{FeatureKind, LocalFeature, Symbol};
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::PlayerId;
use crate::table::Table;

use super::hooks::{Hook, HookPoint, Hooks, Module};

/// A ferry on a lake: the lake tile (placed `placement`-th) and the two road segments it joins
/// (the lower first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ferry {
    pub(crate) placement: PlacementIndex,
    pub(crate) ends: [LocalFeature; 2],
}

/// A ferry on the board, as players see it: on the lake of the tile at `pos`, joining its road
/// segments `ends` (the lower first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedFerry {
    pub pos: Pos,
    pub ends: [LocalFeature; 2],
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Ferries {
    /// The ferries on the board, in the order they were put there.
    ferries: Vec<Ferry>,
    /// The lakes whose ferry moved in this turn part.
    moved: Vec<PlacementIndex>,
    /// Segments whose road a ferry changed this turn (the ends joined and left), checked at 3A.
    changed: Vec<NodeId>,
    /// The variant "ferry-needs-highwayman": a new lake gets its ferry only where its player
    /// deployed a follower on one of its roads.
    needs_highwayman: bool,
    /// The lakes whose ferry the pending `MoveFerry` decision offers (found once per decision:
    /// nothing changes while it waits).
    offer: Vec<PlacementIndex>,
}

/// Whether the tile design shows a ferry lake.
fn has_lake(table: &Table, placement: PlacementIndex) -> bool {
    table.design(table.board.placement(placement).tile).symbols.contains(&Symbol::FerryLake)
}

/// The road segments of the lake tile placed `placement`-th, in the tile's order.
fn lake_roads(table: &Table, placement: PlacementIndex) -> impl Iterator<Item = LocalFeature> + '_ {
    let design = table.design(table.board.placement(placement).tile);
    design.features.iter().enumerate().filter(|(_, f)| f.kind == FeatureKind::Road).map(|(i, _)| i as LocalFeature)
}

/// Every pair of the lake's roads (the lower first), in order.
fn each_pair(table: &Table, placement: PlacementIndex, mut visit: impl FnMut([LocalFeature; 2]) -> bool) -> bool {
    let roads: Vec<LocalFeature> = lake_roads(table, placement).collect();
    for (i, &a) in roads.iter().enumerate() {
        for &b in &roads[i + 1..] {
            if visit([a, b]) {
                return true;
            }
        }
    }
    false
}

impl Ferries {
    pub(crate) fn new(rules: &crate::rules::Rules) -> Ferries {
        Ferries { needs_highwayman: rules.variants.ferry_needs_highwayman, ..Ferries::default() }
    }

    /// The ferries on the board, in the order they were put there.
    pub(crate) fn placed(&self, table: &Table) -> Vec<PlacedFerry> {
        self.ferries.iter().map(|f| PlacedFerry { pos: table.pos_of(f.placement), ends: f.ends }).collect()
    }

    fn ferry_at(&self, placement: PlacementIndex) -> Option<&Ferry> {
        self.ferries.iter().find(|f| f.placement == placement)
    }

    /// The lake tile placed this turn part (the last placed) waiting for its ferry, if any (under the variant
    /// "ferry-needs-highwayman", only where the player has a follower on one of its roads).
    fn lake_waiting(&self, table: &Table) -> Option<PlacementIndex> {
        let highwayman = |p: PlacementIndex| {
            table.figures.iter().any(|f| {
                f.owner == table.current
                    && f.placement == p
                    && f.figure.is_follower()
                    && table.design(table.board.placement(p).tile).features[f.feature as usize].kind
                        == FeatureKind::Road
            })
        };
        Some(table.last_placement_index())
            .filter(|&p| has_lake(table, p) && self.ferry_at(p).is_none())
            .filter(|&p| !self.needs_highwayman || highwayman(p))
    }

    /// The ferries the player may move now: the first ferry reached along each road of the tile
    /// placed, both ways, less the tile's own and those moved this turn part; in the order
    /// found, without repeats.
    fn movable(&self, table: &Table) -> Vec<PlacementIndex> {
        let placed = table.last_placement_index();
        if self.ferries.iter().all(|f| f.placement == placed) {
            return vec![];
        }
        let tile = *table.board.placement(placed);
        let design = table.design(tile.tile);
        let roads = || {
            design
                .features
                .iter()
                .enumerate()
                .filter(|(_, f)| f.kind == FeatureKind::Road)
                .map(|(i, _)| tile.first_node + i as NodeId)
        };
        // Most turns extend no road that crosses a ferry: a ferry on a road of the tile shares
        // its root with one of the tile's road segments (the search below walks only then).
        let reached = |f: &Ferry| {
            let end = table.features.find(table.node_of(f.placement, f.ends[0]));
            f.placement != placed && roads().any(|n| table.features.find(n) == end)
        };
        if !self.ferries.iter().any(reached) {
            return vec![];
        }
        // The segments seen (roads are short: a list is cheaper than a mark per node).
        let mut seen: Vec<NodeId> = roads().collect();
        let mut queue: std::collections::VecDeque<NodeId> = seen.iter().copied().collect();
        let mut found = vec![];
        while let Some(node) = queue.pop_front() {
            let (placement, local) = table.features.segment(node);
            // A ferry other than the tile's own ends the search this way.
            if placement != placed {
                if let Some(ferry) = self.ferry_at(placement).filter(|f| f.ends.contains(&local)) {
                    if !self.moved.contains(&ferry.placement) && !found.contains(&ferry.placement) {
                        found.push(ferry.placement);
                    }
                    continue;
                }
            }
            let mut visit = |next: NodeId| {
                if !seen.contains(&next) {
                    seen.push(next);
                    queue.push_back(next);
                }
            };
            // Across the tile's edges, the tile's own ferry (the tile just placed), and tunnels.
            table.segments_across(node).for_each(&mut visit);
            if let Some(ferry) = self.ferry_at(placement).filter(|f| f.ends.contains(&local)) {
                let other = if ferry.ends[0] == local { ferry.ends[1] } else { ferry.ends[0] };
                visit(table.node_of(placement, other));
            }
            for &(a, b) in &table.underground {
                if a == node {
                    visit(b);
                } else if b == node {
                    visit(a);
                }
            }
        }
        found
    }

    /// The decision of step 2C: the ferry for the lake just placed, else a move if one is open
    /// (the ferries it offers kept for the decision).
    pub(crate) fn next_decision(&mut self, table: &Table) -> Option<Pending> {
        let player = table.current;
        if let Some(placement) = self.lake_waiting(table) {
            return Some(Pending::PlaceFerry { player, pos: table.pos_of(placement) });
        }
        self.offer = self.movable(table);
        (!self.offer.is_empty()).then_some(Pending::MoveFerry { player })
    }

    /// The actions of a ferry decision.
    pub(crate) fn each_choice(&self, table: &Table, pending: Pending, mut visit: impl FnMut(Action) -> bool) {
        match pending {
            Pending::PlaceFerry { .. } => {
                if let Some(placement) = self.lake_waiting(table) {
                    let pos = table.pos_of(placement);
                    each_pair(table, placement, |[from, to]| visit(Action::Ferry { pos, from, to }));
                }
            }
            Pending::MoveFerry { .. } => {
                for &placement in &self.offer {
                    let pos = table.pos_of(placement);
                    let now = self.ferry_at(placement).expect("a movable ferry").ends;
                    if each_pair(table, placement, |ends| {
                        ends != now && visit(Action::Ferry { pos, from: ends[0], to: ends[1] })
                    }) {
                        return;
                    }
                }
                visit(Action::Pass);
            }
            _ => {}
        }
    }

    /// Checks a ferry decision's action.
    pub(crate) fn check(&self, table: &Table, pending: Pending, action: Action) -> Result<(), RuleError> {
        let (pos, from, to) = match (pending, action) {
            (Pending::MoveFerry { .. }, Action::Pass) => return Ok(()),
            (Pending::PlaceFerry { .. } | Pending::MoveFerry { .. }, Action::Ferry { pos, from, to }) => {
                (pos, from, to)
            }
            _ => return Err(RuleError::wrong_decision(pending, action)),
        };
        let placement = table.board.index_at(pos).filter(|&p| has_lake(table, p)).ok_or(RuleError::NoFerryLake(pos))?;
        let roads: Vec<LocalFeature> = lake_roads(table, placement).collect();
        if from >= to || !roads.contains(&from) || !roads.contains(&to) {
            return Err(RuleError::NotAFerryPair(pos, from, to));
        }
        match pending {
            Pending::PlaceFerry { pos: lake, .. } if lake != pos => Err(RuleError::FerryOnAnotherLake(lake)),
            Pending::PlaceFerry { .. } => Ok(()),
            _ => {
                let now = self.ferry_at(placement).map(|f| f.ends);
                if now.is_none() || !self.offer.contains(&placement) {
                    return Err(RuleError::FerryNotMovable(pos));
                }
                if now == Some([from, to]) {
                    return Err(RuleError::FerryAlreadyThere(pos, from, to));
                }
                Ok(())
            }
        }
    }

    /// Applies a checked action: the ferry put (its two roads joined) or moved, or the end of
    /// the moves. True when a ferry moved: a road was split, and the caller builds the feature
    /// graph anew (`Modules::refeature`) before asking [`Ferries::next_decision`] again.
    pub(crate) fn apply(
        &mut self,
        table: &mut Table,
        pending: Pending,
        action: Action,
        events: &mut Vec<Event>,
    ) -> bool {
        let Action::Ferry { pos, from, to } = action else {
            // The pass: no more moves this turn part (the step goes on to the next module).
            return false;
        };
        let player = pending.player().expect("a player decides");
        let placement = table.board.index_at(pos).expect("checked: a lake tile");
        let ends = [from, to];
        self.changed.extend(ends.iter().map(|&e| table.node_of(placement, e)));
        match self.ferries.iter_mut().find(|f| f.placement == placement) {
            Some(ferry) => {
                let old = std::mem::replace(&mut ferry.ends, ends);
                self.moved.push(placement);
                self.changed.extend(old.iter().map(|&e| table.node_of(placement, e)));
                events.push(Event::FerryMoved { player, pos, from: old, to: ends });
                true
            }
            None => {
                self.ferries.push(Ferry { placement, ends });
                table.features.join(table.node_of(placement, from), table.node_of(placement, to));
                events.push(Event::FerryPlaced { player, pos, ends });
                false
            }
        }
    }

    /// The two segments each ferry joins, at no distance (for Solovei Razboynik's tree).
    pub(crate) fn links(&self, table: &Table) -> Vec<(NodeId, NodeId, u16)> {
        self.ferries
            .iter()
            .map(|f| (table.node_of(f.placement, f.ends[0]), table.node_of(f.placement, f.ends[1]), 0))
            .collect()
    }

    /// Joins every ferry's roads again, after the feature graph was built anew (a ferry moved,
    /// or "Rebuilding" moved a tile).
    pub(crate) fn reconnect(&self, table: &mut Table) {
        for ferry in &self.ferries {
            let (a, b) = (table.node_of(ferry.placement, ferry.ends[0]), table.node_of(ferry.placement, ferry.ends[1]));
            table.features.join(a, b);
        }
    }
}

impl Module for Ferries {
    const HOOKS: Hooks = Hooks::of(&[Hook::TilePlaced, Hook::At, Hook::IdentifyCompleted]);

    /// A new turn part: every ferry may move once (its tile, the last placed, decides which).
    fn tile_placed(&mut self, _table: &mut Table, _player: PlayerId, _events: &mut Vec<Event>) {
        self.moved.clear();
    }

    /// Step 2C: the ferry of the lake just placed, then the moves.
    fn at(
        &mut self,
        point: HookPoint,
        table: &mut Table,
        _dragon: Option<Pos>,
        _events: &mut Vec<Event>,
    ) -> Option<Pending> {
        if point != HookPoint::AfterFigures {
            return None;
        }
        self.next_decision(table)
    }

    /// Step 3A: "Roads completed by placement or movement of a ferry".
    fn identify_completed(&mut self, table: &mut Table, _placed: std::ops::Range<PlacementIndex>) {
        for node in std::mem::take(&mut self.changed) {
            let root = table.features.find_mut(node);
            if table.features.is_closed(root) && !table.completed.contains(&root) {
                table.completed.push(root);
            }
        }
    }
}
