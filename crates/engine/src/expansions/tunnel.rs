//! The Tunnel (Spielbox 6/2009, with Hans im Glück's rules on their site; the Wikicarpedia page
//! "The Tunnel (1st edition)"; the Assembled Game Reference's preparation, "Tunnel tokens,
//! depending on the number of players", its "any time during your turn" line, "You may claim an
//! unclaimed tunnel portal by placing a tunnel token on it", and step 3A, "Roads completed by
//! placement of a tunnel token"; JCloisterZone's `TunnelCapability` as a second opinion): four
//! land tiles whose roads end in tunnel openings (the catalog's `portal`), and tunnel tokens.
//!
//! - **Tokens.** Each player has tokens in pairs of one colour: three pairs in a game of two,
//!   two in a game of three, one from four players on ([`TUNNEL_PAIRS`]).
//! - **Claiming** ([`Action::PlaceTunnel`]). During their turn a player may put one of their
//!   tokens on any unclaimed tunnel opening of the board, the tile just placed's included; "the
//!   rules for deploying a follower remain the same": the token comes beside the figure phase's
//!   action, not instead of it. One token a turn.
//! - **Joining.** A road that runs into an unclaimed opening is "broken off": not complete (the
//!   opening is one more open end of the road, `Features::add`). A single token leaves it so.
//!   The second token of a pair, on another opening, joins the two roads underground; the joined
//!   road is not completed by that, but where its other ends are closed the token completes it,
//!   and it is scored in step 3A of that turn. The tunnel is everybody's.
//! - **Scoring.** "Only the visible segments" count: a road scores its tiles as ever.
//!
//! Our readings where the sources are silent (docs/rules.md, "The Tunnel"): the token is offered
//! in the figure phase, once the tile is placed, beside that phase's actions, and placing it
//! leaves the phase open for the deployment (the turn applies it so, `game/turn.rs`); a pair's
//! two tokens are alike, so a token of an untouched pair is one choice, the lowest pair; a tile
//! holding a token stays where it is under "Rebuilding".

use crate::actions::Action;
use crate::board::PlacementIndex;
use crate::catalog::{FeatureKind, LocalFeature};
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::{PlayerId, MAX_PLAYERS};
use crate::rules::Rules;
use crate::table::Table;

use super::hooks::{Hook, Hooks, Module};

/// Pairs of tunnel tokens each player has, by the number of players: three in a game of two,
/// two in a game of three, one from four on.
pub const TUNNEL_PAIRS: [u8; MAX_PLAYERS + 1] = [0, 0, 3, 2, 1, 1, 1];

/// A pair's name for players: "A", "B", "C" for pairs 0, 1, 2 (the letter on its tokens in the
/// pictures and the words).
pub fn tunnel_pair_letter(pair: u8) -> char {
    (b'A' + pair) as char
}

/// A tunnel token on a tunnel opening: `owner`'s token of pair `pair`, on the road segment
/// `feature` of the tile at `pos`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TunnelToken {
    pub owner: PlayerId,
    pub pair: u8,
    pub pos: Pos,
    pub feature: LocalFeature,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Tunnel {
    /// The pairs each player has.
    pairs: u8,
    /// The tokens on the board, in the order they were placed.
    placed: Vec<TunnelToken>,
    /// The tunnel openings of the board that hold no token, in placement order (kept as tiles
    /// are put, and found again when "Rebuilding" moves one).
    open: Vec<(Pos, LocalFeature)>,
    /// A token was placed this turn (one a turn).
    placed_this_turn: bool,
    /// The roads a token joined this turn (nodes of the two openings), for step 3A.
    joined: Vec<NodeId>,
}

impl Tunnel {
    /// No tokens without the expansion.
    pub(crate) fn new(rules: &Rules, players: usize) -> Tunnel {
        let pairs = if rules.has(crate::rules::Expansion::Tunnel) { TUNNEL_PAIRS[players.min(MAX_PLAYERS)] } else { 0 };
        Tunnel { pairs, ..Tunnel::default() }
    }

    /// The tokens on the board.
    pub(crate) fn placed(&self) -> &[TunnelToken] {
        &self.placed
    }

    /// How many tokens of pair `pair` `player` has placed.
    fn used(&self, player: PlayerId, pair: u8) -> usize {
        self.placed.iter().filter(|t| t.owner == player && t.pair == pair).count()
    }

    /// The tokens `player` has left.
    pub(crate) fn left(&self, player: PlayerId) -> u8 {
        (2 * self.pairs as usize - self.placed.iter().filter(|t| t.owner == player).count()) as u8
    }

    /// The pairs `player` may take a token from now, without repeats: each pair with one token
    /// placed, and the lowest untouched pair (its two tokens are alike, and so are the untouched
    /// pairs, until one of them is begun).
    fn pairs_open(&self, player: PlayerId) -> impl Iterator<Item = u8> + '_ {
        let first_untouched = (0..self.pairs).find(|&p| self.used(player, p) == 0);
        (0..self.pairs).filter(move |&p| self.used(player, p) == 1 || Some(p) == first_untouched)
    }

    /// Notes the openings of the tile put at `placement` (none hold a token yet).
    fn note_openings(&mut self, table: &Table, placement: PlacementIndex) {
        let placed = table.board.placement(placement);
        for (i, spec) in table.design(placed.tile).features.iter().enumerate() {
            if spec.attrs.portal {
                self.open.push((placed.pos, i as LocalFeature));
            }
        }
    }

    /// The tokens `player` may place now (none once one was placed this turn).
    pub(crate) fn each_placement(&self, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) -> bool {
        if self.placed_this_turn || self.left(player) == 0 {
            return false;
        }
        for pair in self.pairs_open(player) {
            if self.open.iter().any(|&(pos, feature)| visit(Action::PlaceTunnel { pair, pos, feature })) {
                return true;
            }
        }
        false
    }

    /// Checks a token's placement.
    pub(crate) fn check(&self, table: &Table, player: PlayerId, action: Action) -> Result<(), RuleError> {
        let Action::PlaceTunnel { pair, pos, feature } = action else {
            unreachable!("the dispatch sends only this module's actions")
        };
        if self.placed_this_turn {
            return Err(RuleError::TunnelTokenPlaced);
        }
        if pair >= self.pairs || self.used(player, pair) >= 2 {
            return Err(RuleError::NoTunnelToken(pair));
        }
        // Untouched pairs are alike: the lowest stands for them all (as the listing offers).
        if let Some(next) = self.pairs_open(player).find(|&p| self.used(player, p) == 0) {
            if self.used(player, pair) == 0 && pair != next {
                return Err(RuleError::TunnelPairNotNext(pair, next));
            }
        }
        let opening = table.board.get(pos).and_then(|t| table.design(t.tile).features.get(feature as usize));
        if !opening.is_some_and(|spec| spec.attrs.portal) {
            return Err(RuleError::NotATunnelOpening(pos, feature));
        }
        if !self.open.contains(&(pos, feature)) {
            return Err(RuleError::TunnelOpeningTaken(pos, feature));
        }
        Ok(())
    }

    /// Places a checked token; with the second token of a pair, joins the two roads (and notes
    /// the two segments in `Table::underground`, for walks along the road).
    pub(crate) fn place(&mut self, table: &mut Table, player: PlayerId, action: Action, events: &mut Vec<Event>) {
        let Action::PlaceTunnel { pair, pos, feature } = action else {
            unreachable!("the dispatch sends only this module's actions")
        };
        let other = self.placed.iter().find(|t| t.owner == player && t.pair == pair).copied();
        self.placed.push(TunnelToken { owner: player, pair, pos, feature });
        self.open.retain(|&o| o != (pos, feature));
        self.placed_this_turn = true;
        if let Some(other) = other {
            let (a, b) = (node_at(table, pos, feature), node_at(table, other.pos, other.feature));
            table.features.connect(a, b);
            table.underground.push((a, b));
            self.joined.push(a);
        }
        events.push(Event::TunnelPlaced { player, pair, pos, feature, joined: other.map(|t| t.pos) });
    }

    /// Joins again the roads of every pair on the board, and finds the open openings again, after
    /// a tile moved and the feature graph was built anew ("Rebuilding").
    pub(crate) fn reconnect(&mut self, table: &mut Table) {
        self.open.clear();
        for placement in 0..table.board.len() as PlacementIndex {
            self.note_openings(table, placement);
        }
        let placed = &self.placed;
        self.open.retain(|&(pos, feature)| !placed.iter().any(|t| t.pos == pos && t.feature == feature));
        // The pairs' segments, noted as they were joined (tiles with tokens never move).
        for i in 0..table.underground.len() {
            let (a, b) = table.underground[i];
            table.features.connect(a, b);
        }
    }

    /// The tiles that hold a token (they stay under "Rebuilding").
    pub(crate) fn tiles_with_tokens(&self) -> impl Iterator<Item = Pos> + '_ {
        self.placed.iter().map(|t| t.pos)
    }
}

/// The feature-graph node of segment `feature` of the tile at `pos`.
fn node_at(table: &Table, pos: Pos, feature: LocalFeature) -> NodeId {
    table.node_of(table.board.index_at(pos).expect("a token lies on a tile"), feature)
}

impl Module for Tunnel {
    const HOOKS: Hooks = Hooks::of(&[Hook::TilePut, Hook::BeginTurn, Hook::FigureActions, Hook::IdentifyCompleted]);

    /// A tile's openings join the open ones.
    fn tile_put(&mut self, table: &mut Table, placement: PlacementIndex) {
        self.note_openings(table, placement);
    }

    /// One token a turn.
    fn begin_turn(&mut self, _table: &mut Table, _events: &mut Vec<Event>) {
        self.placed_this_turn = false;
    }

    fn figure_actions(&self, _table: &Table, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) -> bool {
        self.each_placement(player, visit)
    }

    /// Step 3A: "Roads completed by placement of a tunnel token".
    fn identify_completed(&mut self, table: &mut Table, _placed: std::ops::Range<PlacementIndex>) {
        for node in std::mem::take(&mut self.joined) {
            let root = table.features.find_mut(node);
            if table.features.kind(root) == FeatureKind::Road
                && table.features.is_closed(root)
                && !table.completed.contains(&root)
            {
                table.completed.push(root);
            }
        }
    }
}
