//! The castles of Bridges, Castles & Bazaars: which completed towns may become one, the
//! castle's six tiles, and what it scores. The module's state and hooks are in
//! `bridges_castles_bazaars.rs`; the rules and their sources are in its doc comment.

use crate::catalog::FeatureKind;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::{Pos, Side};
use crate::players::{PlacedFigure, PlayerId, MAX_PLAYERS};
use crate::table::Table;

/// Castle tokens each player has, by the number of players: three in a game of two to four,
/// two in a game of five or six (the Assembled Game Reference's preparation).
pub const CASTLES: [u8; MAX_PLAYERS + 1] = [0, 0, 3, 3, 3, 2, 2];

/// A castle on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castle {
    pub owner: PlayerId,
    /// Its two tiles, in the order of their segments in the town.
    pub tiles: [Pos; 2],
    /// A node of the town it was built on (its root may change when the feature graph is built
    /// again: a ferry moved, a tile rebuilt).
    pub node: NodeId,
    /// The turn it was built in (`Table::turns`): it scores from the next turn on.
    pub(crate) built: u32,
    /// It scored (or the game ended): its token stays on the board, worth nothing more.
    pub scored: bool,
}

impl Castle {
    /// The castle's six tiles (its "fief", the rulebook's six-tile neighbourhood): its own two
    /// and the two on either side of them, across the line they form.
    pub fn fief(&self) -> [Pos; 6] {
        let [a, b] = self.tiles;
        let across = if a.x == b.x { [Side::East, Side::West] } else { [Side::North, Side::South] };
        [a, b, a.step(across[0]), b.step(across[0]), a.step(across[1]), b.step(across[1])]
    }

    /// Whether `f` is one of the followers standing in the castle.
    pub(crate) fn holds(&self, table: &Table, f: &PlacedFigure) -> bool {
        f.owner == self.owner && f.figure.is_follower() && table.features.find(f.node) == table.features.find(self.node)
    }

    /// Whether the castle still waits for its score: not scored, and its owner's follower is
    /// still in it (one taken away leaves an empty castle, which scores nothing).
    pub(crate) fn waiting(&self, table: &Table) -> bool {
        !self.scored && table.figures.iter().any(|f| self.holds(table, f))
    }
}

/// Whether follower `f` stands in a castle: on a city closed before this turn's tiles. The
/// followers of a city that closes go home when it is scored, in the same turn; only a castle
/// keeps them. Read from the board alone, for the rules of other modules (the dragon spares a
/// castle's followers; the variant `no-fairy-in-castle` keeps the fairy away from them).
pub(crate) fn stands_in_castle(table: &Table, f: &PlacedFigure) -> bool {
    let root = table.features.find(f.node);
    table.features.kind(root) == FeatureKind::City
        && table.features.is_closed(root)
        && table.features.members(root).all(|n| table.features.segment(n).0 < table.unscored_from)
}

/// The town at `root`, a city completed this turn, if it may become a castle: two segments on
/// two tiles, each touching one edge of its tile only (a semicircular segment; the catalog's
/// `no-castle` marks one drawn otherwise), holding followers of one player only. Returns that
/// player and the two tiles.
pub(crate) fn town(table: &Table, root: NodeId) -> Option<(PlayerId, [Pos; 2])> {
    if table.features.kind(root) != FeatureKind::City || table.features.size(root) != 2 {
        return None;
    }
    let mut tiles = [Pos::new(0, 0); 2];
    for (i, node) in table.features.members(root).enumerate() {
        let (design, spec) = table.segment_spec(node);
        let one_edge = Side::ALL.iter().any(|s| {
            let side_ports = s.ports().iter().fold(0, |bits, p| bits | p.bit());
            spec.ports & !side_ports == 0 && spec.ports & s.centre().bit() != 0
        });
        if !one_edge || spec.attrs.no_castle || design.partial {
            return None;
        }
        tiles[i] = table.pos_of(table.features.segment(node).0);
    }
    let mut owner = None;
    for f in table.figures.iter().filter(|f| f.figure.is_follower() && table.features.find(f.node) == root) {
        match owner {
            None => owner = Some(f.owner),
            Some(o) if o != f.owner => return None,
            Some(_) => {}
        }
    }
    owner.map(|o| (o, tiles))
}

/// The points of the feature at `root` just scored, from its `Scored` event (the full value,
/// whoever held it).
pub(crate) fn points_scored(table: &Table, root: NodeId, events: &[Event]) -> Option<u32> {
    let (pos, feature) = table.locate(root);
    events.iter().rev().find_map(|e| match e {
        Event::Scored(s) if s.completed && s.pos == pos && s.feature == feature => Some(s.points),
        _ => None,
    })
}

/// Whether feature `root`, completed this turn, lies on one of `fief`'s tiles: a road or city
/// by any segment, a cloister by its own tile (the rulebook: a cloister counts where it stands,
/// not by the tiles around it).
pub(crate) fn touches(table: &Table, root: NodeId, fief: &[Pos; 6]) -> bool {
    if !matches!(table.features.kind(root), FeatureKind::Road | FeatureKind::City | FeatureKind::Cloister) {
        return false;
    }
    table.features.members(root).any(|node| fief.contains(&table.pos_of(table.features.segment(node).0)))
}
