//! Connected features, kept incrementally as tiles are placed.
//!
//! Every feature segment of every placed tile is a node. Segments joined across tile edges are
//! merged with union-find (union by size); each root carries the aggregates that scoring and
//! deployment need, and every node sits on a circular list of its feature's members so that a
//! feature can be walked (to count its distinct tiles, or the cities a field borders).

use crate::board::PlacementIndex;
use crate::catalog::{FeatureKind, FeatureSpec, LocalFeature, TradeGood};

/// Index of a segment node.
pub type NodeId = u32;

#[derive(Clone, Copy, Debug)]
struct Node {
    parent: NodeId,
    /// Next member of the same feature (circular).
    next: NodeId,
    placement: PlacementIndex,
    local: LocalFeature,
    kind: FeatureKind,
    // Aggregates, valid at roots only:
    /// Number of member segments.
    size: u16,
    /// Ports of the feature that face an empty position; a road or city is complete at zero.
    open: u16,
    pennants: u16,
    /// Inns on a road, cathedrals in a city (Inns & Cathedrals).
    inns: u8,
    cathedrals: u8,
    /// Segments with a Cathar siege (The Cathars).
    besieged: u8,
    /// Pig-herds in a field (The River II).
    pig_herds: u8,
    /// Trade goods in a city: wine, grain, cloth (Traders & Builders).
    goods: [u8; 3],
    /// Figures standing on the feature.
    figures: u8,
    /// Barns on a farm (Abbey & Mayor).
    barns: u8,
}

/// The feature graph.
#[derive(Debug, Default)]
pub struct Features {
    nodes: Vec<Node>,
}

// `clone_from` reuses the copy's buffer (see `Board`'s).
impl Clone for Features {
    fn clone(&self) -> Features {
        Features { nodes: self.nodes.clone() }
    }

    fn clone_from(&mut self, source: &Features) {
        self.nodes.clone_from(&source.nodes);
    }
}

impl Features {
    pub fn new() -> Features {
        Features { nodes: Vec::with_capacity(320) }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Adds a segment as a feature of its own and returns its node.
    pub(crate) fn add(&mut self, placement: PlacementIndex, local: LocalFeature, spec: &FeatureSpec) -> NodeId {
        let id = self.nodes.len() as NodeId;
        self.nodes.push(Node {
            parent: id,
            next: id,
            placement,
            local,
            kind: spec.kind,
            size: 1,
            // A tunnel opening (The Tunnel) is one more open end, until a token pair joins it.
            open: spec.ports.count_ones() as u16 + spec.attrs.portal as u16,
            pennants: spec.pennants as u16,
            inns: spec.attrs.inn as u8,
            cathedrals: spec.attrs.cathedral as u8,
            besieged: spec.attrs.besieged as u8,
            pig_herds: spec.attrs.pig_herd as u8,
            goods: TradeGood::ALL.map(|g| (spec.attrs.good == Some(g)) as u8),
            figures: 0,
            barns: 0,
        });
        id
    }

    /// Bridges, Castles & Bazaars: the node kept for a bridge (`base::put_tile`), alone in its
    /// feature, becomes the bridge's road `spec`, with its ports open.
    pub(crate) fn make_road(&mut self, node: NodeId, spec: &FeatureSpec) {
        let n = &mut self.nodes[node as usize];
        debug_assert!(n.parent == node && n.next == node && n.size == 1, "an unbuilt bridge is alone");
        n.kind = spec.kind;
        n.open = spec.ports.count_ones() as u16;
    }

    /// The root of a node's feature, without path compression (usable through `&self`; union by
    /// size keeps the trees shallow).
    #[inline]
    pub fn find(&self, mut node: NodeId) -> NodeId {
        while self.nodes[node as usize].parent != node {
            node = self.nodes[node as usize].parent;
        }
        node
    }

    /// The root of a node's feature, compressing the path on the way.
    #[inline]
    pub(crate) fn find_mut(&mut self, node: NodeId) -> NodeId {
        let root = self.find(node);
        let mut n = node;
        while self.nodes[n as usize].parent != root {
            let next = self.nodes[n as usize].parent;
            self.nodes[n as usize].parent = root;
            n = next;
        }
        root
    }

    /// Joins two segments that touch across a shared edge port: the port is no longer open on
    /// either side.
    #[inline]
    pub(crate) fn connect(&mut self, a: NodeId, b: NodeId) {
        let root = self.join(a, b);
        self.nodes[root as usize].open -= 2;
    }

    /// Makes two segments one feature without closing a port (the parts of the city of
    /// Carcassonne on the Count's tiles, which meet across no edge port); returns its root.
    #[inline]
    pub(crate) fn join(&mut self, a: NodeId, b: NodeId) -> NodeId {
        let ra = self.find_mut(a);
        let rb = self.find_mut(b);
        if ra == rb {
            ra
        } else {
            let (big, small) =
                if self.nodes[ra as usize].size >= self.nodes[rb as usize].size { (ra, rb) } else { (rb, ra) };
            let s = self.nodes[small as usize];
            let g = &mut self.nodes[big as usize];
            g.size += s.size;
            g.open += s.open;
            g.pennants += s.pennants;
            g.inns += s.inns;
            g.cathedrals += s.cathedrals;
            g.besieged += s.besieged;
            g.pig_herds += s.pig_herds;
            for (a, b) in g.goods.iter_mut().zip(s.goods) {
                *a += b;
            }
            g.figures += s.figures;
            g.barns += s.barns;
            self.nodes[small as usize].parent = big;
            // Splice the two circular member lists into one.
            let big_next = self.nodes[big as usize].next;
            self.nodes[big as usize].next = s.next;
            self.nodes[small as usize].next = big_next;
            big
        }
    }

    /// Closes a port of a segment that faces a tile edge with no feature (an abbey's wall).
    pub(crate) fn close_port(&mut self, node: NodeId) {
        let root = self.find_mut(node);
        self.nodes[root as usize].open -= 1;
    }

    pub fn kind(&self, node: NodeId) -> FeatureKind {
        self.nodes[node as usize].kind
    }

    /// The placed tile and local feature of a segment.
    pub fn segment(&self, node: NodeId) -> (PlacementIndex, LocalFeature) {
        let n = &self.nodes[node as usize];
        (n.placement, n.local)
    }

    pub fn open_ports(&self, root: NodeId) -> u16 {
        self.nodes[root as usize].open
    }

    /// True for a road or city whose every port is joined to a neighbour.
    pub fn is_closed(&self, root: NodeId) -> bool {
        self.nodes[root as usize].open == 0
    }

    /// The number of segments a feature has (`root` must be a root). A feature only ever grows
    /// while tiles are placed, so a root with the same size is the same feature.
    pub fn size(&self, root: NodeId) -> u16 {
        self.nodes[root as usize].size
    }

    pub fn pennants(&self, root: NodeId) -> u16 {
        self.nodes[root as usize].pennants
    }

    /// Inns along a road.
    pub fn inns(&self, root: NodeId) -> u8 {
        self.nodes[root as usize].inns
    }

    /// Cathedrals in a city.
    pub fn cathedrals(&self, root: NodeId) -> u8 {
        self.nodes[root as usize].cathedrals
    }

    /// The trade goods of a city, counted per kind in the order of `TradeGood::ALL`.
    pub fn goods(&self, root: NodeId) -> [u8; 3] {
        self.nodes[root as usize].goods
    }

    /// Counts a segment as a pig-herd (the GQ house rule).
    pub(crate) fn add_pig_herd(&mut self, node: NodeId) {
        self.nodes[node as usize].pig_herds += 1;
    }

    /// True for a farm with a pig-herd (The River II).
    pub fn has_pig_herd(&self, root: NodeId) -> bool {
        self.nodes[root as usize].pig_herds > 0
    }

    /// True for a besieged city (it holds a Cathar siege).
    pub fn is_besieged(&self, root: NodeId) -> bool {
        self.nodes[root as usize].besieged > 0
    }

    pub fn figure_count(&self, root: NodeId) -> u8 {
        self.nodes[root as usize].figures
    }

    pub(crate) fn add_figure(&mut self, root: NodeId) {
        self.nodes[root as usize].figures += 1;
    }

    pub(crate) fn remove_figure(&mut self, root: NodeId) {
        self.nodes[root as usize].figures -= 1;
    }

    /// Whether a barn stands on the farm (Abbey & Mayor).
    pub fn has_barn(&self, root: NodeId) -> bool {
        self.nodes[root as usize].barns > 0
    }

    pub(crate) fn add_barn(&mut self, root: NodeId) {
        self.nodes[root as usize].barns += 1;
    }

    pub(crate) fn remove_barn(&mut self, root: NodeId) {
        self.nodes[root as usize].barns -= 1;
    }

    /// The member segments of a feature (any member may be given).
    pub fn members(&self, node: NodeId) -> Members<'_> {
        Members { features: self, start: node, next: Some(node) }
    }

    /// The number of distinct tiles a feature covers: a tile counts once even if two of its
    /// segments belong to the feature. `scratch` is a reusable buffer.
    pub fn tile_count(&self, node: NodeId, scratch: &mut Vec<PlacementIndex>) -> u16 {
        scratch.clear();
        scratch.extend(self.members(node).map(|m| self.nodes[m as usize].placement));
        scratch.sort_unstable();
        scratch.dedup();
        scratch.len() as u16
    }
}

/// Iterator over the members of a feature.
pub struct Members<'a> {
    features: &'a Features,
    start: NodeId,
    next: Option<NodeId>,
}

impl Iterator for Members<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        let current = self.next?;
        let following = self.features.nodes[current as usize].next;
        self.next = (following != self.start).then_some(following);
        Some(current)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(kind: FeatureKind, open: u32, pennants: u8) -> FeatureSpec {
        FeatureSpec {
            kind,
            ports: ((1u32 << open) - 1) as u16,
            pennants,
            borders: vec![],
            inner: 0,
            attrs: Default::default(),
        }
    }

    #[test]
    fn union_keeps_aggregates_and_member_lists() {
        let mut f = Features::new();
        let a = f.add(0, 0, &spec(FeatureKind::City, 1, 1));
        let b = f.add(1, 0, &spec(FeatureKind::City, 2, 0));
        let c = f.add(2, 0, &spec(FeatureKind::City, 1, 1));
        f.connect(a, b);
        assert_eq!(f.open_ports(f.find(a)), 1);
        f.connect(b, c);
        let root = f.find(c);
        assert!(f.is_closed(root));
        assert_eq!(f.pennants(root), 2);
        let mut members: Vec<_> = f.members(a).collect();
        members.sort();
        assert_eq!(members, vec![a, b, c]);
        let mut scratch = vec![];
        assert_eq!(f.tile_count(c, &mut scratch), 3);
    }

    #[test]
    fn joining_a_feature_to_itself_closes_a_loop() {
        let mut f = Features::new();
        let a = f.add(0, 0, &spec(FeatureKind::Road, 2, 0));
        let b = f.add(1, 0, &spec(FeatureKind::Road, 2, 0));
        f.connect(a, b);
        f.connect(a, b);
        assert!(f.is_closed(f.find(a)));
        assert_eq!(f.members(b).count(), 2);
    }
}
