//! The Gold Mines (Hans im Glück 2012, Mini #4; the assembled reference's step 1C, "If a gold
//! symbol is on the tile, you must place a gold piece on that tile and an adjacent tile", its
//! step 3B, "gold pieces are distributed to the controlling player(s)", and its final scoring,
//! "Remove gold pieces still on the game board" then "Score golden pieces"; the full rules on
//! the Wikicarpedia page "The Goldmines", with JCloisterZone as a second opinion): 8 land tiles
//! with a gold symbol and 16 gold ingots.
//!
//! - **Placing gold.** Whoever places a gold tile puts one ingot on it and one on "an adjacent
//!   tile of your choice (diagonal is allowed)", before deploying a figure. A tile may hold any
//!   number of ingots. The ingots belong to the tile, not to one of its features.
//! - **Taking gold.** When a feature is completed, the ingots on its tiles go to the player who
//!   controls it (the majority that scores it): every tile with a segment of a road or city, a
//!   cloister's tile and the eight around it. A feature nobody holds leaves its gold where it is.
//! - **Ties and several features.** Where several players control the features completed in
//!   the turn (a tie, or two features with different majorities sharing tiles), they take the
//!   ingots one at a time, beginning with the player whose turn it is and going clockwise, each
//!   from a tile one of their features reaches, until none is left.
//! - **Final scoring.** The ingots still on the board are removed. Each player's ingots are
//!   worth 1 point each for 1 to 3 ingots, 2 for 4 to 6, 3 for 7 to 9 and 4 for 10 or more (the
//!   scoring token of the box).
//!
//! Our readings where the sources are silent (docs/rules.md, "The Gold Mines"): the taking is
//! pooled over the features the turn completed (scored with one tile, or with a builder's two
//! before their scoring), once they were all scored; a player picks for themselves the tile
//! claimed by the most players first (gold that only they can take stays theirs anyway), then
//! the one that got gold first; a garden counts like a cloister (its tile and the eight around
//! it); farms are never completed, so a barn's farm takes no gold; a tile raised as a mountain
//! shows no symbol; a tile with gold is occupied for "Rebuilding" (it keeps its ingots in place).

use crate::actions::{Action, Pending};
use crate::catalog::{FeatureKind, Symbol};
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::{PlayerId, PlayerSet, MAX_PLAYERS};
use crate::table::Table;

use super::hooks::{Hook, HookPoint, Hooks, Module};

/// The eight positions around a tile, clockwise from the one above it (north-west first).
const AROUND: [(i16, i16); 8] = [(-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)];

/// What each of `count` ingots is worth at the end (the expansion's scoring token).
pub fn ingot_value(count: u8) -> u32 {
    match count {
        0..=3 => 1,
        4..=6 => 2,
        7..=9 => 3,
        _ => 4,
    }
}

#[derive(Clone, Debug, Default)]
pub(crate) struct GoldMines {
    /// The ingots on the board: each tile holding some, in the order it first got one.
    on_board: Vec<(Pos, u8)>,
    /// The ingots each player took.
    held: [u8; MAX_PLAYERS],
    /// The turn's claims: the tiles with gold that the features completed this turn reach, and
    /// the players controlling one of those features.
    claims: Vec<(Pos, PlayerSet)>,
}

impl GoldMines {
    pub(crate) fn on_board(&self) -> &[(Pos, u8)] {
        &self.on_board
    }

    pub(crate) fn held(&self, player: PlayerId) -> u8 {
        self.held[player as usize]
    }

    fn gold_at(&self, pos: Pos) -> u8 {
        self.on_board.iter().find(|(p, _)| *p == pos).map_or(0, |&(_, n)| n)
    }

    fn add(&mut self, pos: Pos) {
        match self.on_board.iter_mut().find(|(p, _)| *p == pos) {
            Some((_, n)) => *n += 1,
            None => self.on_board.push((pos, 1)),
        }
    }

    fn take(&mut self, pos: Pos) {
        if let Some(i) = self.on_board.iter().position(|(p, _)| *p == pos) {
            self.on_board[i].1 -= 1;
            if self.on_board[i].1 == 0 {
                self.on_board.remove(i);
            }
        }
    }

    /// The tiles around `pos` where the second ingot may go, clockwise from the north-west,
    /// until `visit` returns true.
    pub(crate) fn each_target(&self, table: &Table, pending: Pending, mut visit: impl FnMut(Action) -> bool) {
        let Pending::PlaceGold { pos, .. } = pending else { return };
        for (dx, dy) in AROUND {
            let target = Pos::new(pos.x + dx, pos.y + dy);
            if table.board.index_at(target).is_some() && visit(Action::PlaceGold { pos: target }) {
                return;
            }
        }
    }

    pub(crate) fn check(&self, table: &Table, pending: Pending, action: Action) -> Result<(), RuleError> {
        match (pending, action) {
            (Pending::PlaceGold { pos, .. }, Action::PlaceGold { pos: target }) => {
                let (dx, dy) = (target.x - pos.x, target.y - pos.y);
                if dx.abs() > 1 || dy.abs() > 1 || (dx, dy) == (0, 0) {
                    return Err(RuleError::GoldNotBeside(pos, target));
                }
                if table.board.index_at(target).is_none() {
                    return Err(RuleError::NoTileForGold(target));
                }
                Ok(())
            }
            _ => Err(RuleError::wrong_decision(pending, action)),
        }
    }

    /// Puts the gold tile's two ingots down (checked).
    pub(crate) fn place(&mut self, pending: Pending, action: Action, events: &mut Vec<Event>) {
        let (Pending::PlaceGold { player, pos }, Action::PlaceGold { pos: beside }) = (pending, action) else {
            unreachable!("checked: the second ingot's tile")
        };
        self.add(pos);
        self.add(beside);
        events.push(Event::GoldPlaced { player, pos, beside });
    }

    /// The players of the turn take the claimed ingots one at a time, from the player whose turn
    /// it is, clockwise; each takes from the tile the most players claim (then the one that got
    /// gold first) among those they claim.
    fn hand_out(&mut self, table: &Table, events: &mut Vec<Event>) {
        let players = table.players.len() as PlayerId;
        let mut player = table.current;
        let mut idle = 0;
        while idle < players {
            let best = self
                .claims
                .iter()
                .filter(|(pos, claimants)| claimants.contains(player) && self.gold_at(*pos) > 0)
                .map(|&(pos, claimants)| (pos, claimants.len(), self.on_board.iter().position(|(p, _)| *p == pos)))
                .min_by_key(|&(_, claimants, order)| (std::cmp::Reverse(claimants), order));
            match best {
                Some((pos, _, _)) => {
                    self.take(pos);
                    self.held[player as usize] += 1;
                    events.push(Event::GoldTaken { player, pos });
                    idle = 0;
                }
                None => idle += 1,
            }
            player = (player + 1) % players;
        }
        self.claims.clear();
    }
}

impl Module for GoldMines {
    const HOOKS: Hooks = Hooks::of(&[Hook::At, Hook::FeatureCompleted, Hook::FinalScoring]);

    /// 1C: a gold tile just placed asks for its second ingot's tile; 3C, before any other
    /// module's step: the turn's claims are handed out.
    fn at(
        &mut self,
        point: HookPoint,
        table: &mut Table,
        _dragon: Option<Pos>,
        events: &mut Vec<Event>,
    ) -> Option<Pending> {
        match point {
            HookPoint::AfterPlacement => {
                let placed = table.last_placement();
                let gold = table.design(placed.tile).symbols.contains(&Symbol::Gold);
                gold.then_some(Pending::PlaceGold { player: table.current, pos: placed.pos })
            }
            HookPoint::AfterScoring if !self.claims.is_empty() => {
                self.hand_out(table, events);
                None
            }
            _ => None,
        }
    }

    fn feature_completed(&mut self, table: &mut Table, root: NodeId, players: PlayerSet, _events: &mut Vec<Event>) {
        if players.is_empty() || self.on_board.is_empty() {
            return;
        }
        let cloister = match table.features.kind(root) {
            FeatureKind::Road | FeatureKind::City => None,
            FeatureKind::Cloister | FeatureKind::Garden | FeatureKind::Hut => Some(table.locate(root).0),
            _ => return,
        };
        for &(pos, _) in &self.on_board {
            let reached = match cloister {
                Some(at) => (pos.x - at.x).abs() <= 1 && (pos.y - at.y).abs() <= 1,
                None => table.board.index_at(pos).is_some_and(|i| table.feature_on_tile(root, i)),
            };
            if !reached {
                continue;
            }
            match self.claims.iter_mut().find(|(p, _)| *p == pos) {
                Some((_, claimants)) => players.iter().for_each(|p| claimants.insert(p)),
                None => self.claims.push((pos, players)),
            }
        }
    }

    /// The ingots left on the board are removed; each player's score by how many they hold.
    fn final_scoring(&mut self, table: &mut Table, events: &mut Vec<Event>) {
        self.on_board.clear();
        for player in 0..table.players.len() as PlayerId {
            let count = self.held[player as usize];
            if count > 0 {
                let points = count as u32 * ingot_value(count);
                table.players[player as usize].score += points;
                events.push(Event::GoldScored { player, count, points });
            }
        }
    }
}
