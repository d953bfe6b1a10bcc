//! The dispatch's part of the variations of `hands.rs`, kept apart from the module's own state
//! so that the module does not reach back into the dispatch: dealing and refilling draw through
//! the other modules, and a tile may be chosen only where their placement rules allow it.

use super::hands::{Choosing, HandTurn, Hands};
use super::Modules;
use crate::actions::Action;
use crate::catalog::TileId;
use crate::events::Event;
use crate::players::PlayerId;
use crate::table::Table;

/// The dispatch's part of these variations: dealing and refilling draw through the other
/// modules (a dragon tile is set aside from a hand's draw as from the pile), and a tile may be
/// chosen only where it fits by their placement rules.
impl Modules {
    /// Whether the players choose their tiles (a variation of `hands.rs` is played).
    #[inline]
    pub(crate) fn hands_in_play(&self) -> bool {
        self.hands.choosing().is_some()
    }

    /// The tiles `player` holds in hand or in their stack.
    pub(crate) fn hand(&self, player: PlayerId) -> &[TileId] {
        self.hands.hand(player)
    }

    /// Collective planning's face-up row.
    pub(crate) fn tile_row(&self) -> &[TileId] {
        self.hands.row()
    }

    pub(crate) fn hands_mut(&mut self) -> &mut Hands {
        &mut self.hands
    }

    pub(crate) fn hands(&self) -> &Hands {
        &self.hands
    }

    /// Whether `player` holds tiles they could still place (so an empty pile does not end
    /// their turns).
    pub(crate) fn holds_tiles(&self, player: PlayerId) -> bool {
        !self.hands.hand(player).is_empty()
    }

    /// Whether every rule of `rules` depends on the position alone (`Hook::PositionOnly`): a
    /// position that `allows_position` accepts then takes every rotation that fits it.
    #[inline]
    pub(crate) fn position_only(&self, rules: super::PlacementRules) -> bool {
        rules.0 & !self.implementing(super::Hook::PositionOnly) == 0
    }

    /// Whether a tile with placement rules of its own can be placed anywhere.
    pub(crate) fn restricted_placement_exists(
        &self,
        rules: super::PlacementRules,
        table: &Table,
        tile: TileId,
    ) -> bool {
        let design = table.design(tile);
        let position_only = self.position_only(rules);
        table.board.frontier().iter().any(|cell| {
            design.rotations_fitting(cell.code) != 0
                && self.allows_position(rules, table, tile, cell.pos)
                && (position_only
                    || crate::geometry::Rotation::ALL.iter().any(|&r| {
                        design.rotations_fitting(cell.code) & (1 << r.index()) != 0
                            && self.check_place(rules, table, tile, cell.pos, r).is_ok()
                    }))
        })
    }

    /// Whether `tile` fits somewhere, by the edges and the modules' placement rules.
    #[inline]
    pub(crate) fn placeable(&self, table: &Table, tile: TileId) -> bool {
        let rules = self.placement_rules(table, tile);
        let fits = if rules.is_empty() {
            table.board.has_place_for(table.design(tile))
        } else {
            self.restricted_placement_exists(rules, table, tile)
        };
        // The variation "Mountains": a tile that fits nowhere may still become a mountain.
        fits || table.rules.variants.mountains && super::mountains::has_site(table, self, tile)
            // Bridges, Castles & Bazaars: or fit with a bridge.
            || self.may_bridge(table) && self.each_bridged_placement(table, tile, &mut |_| true)
    }

    /// The next face-down tile that no module sets aside, if any.
    pub(crate) fn take_from_pile(&mut self, table: &mut Table, events: &mut Vec<Event>) -> Option<TileId> {
        while let Some(tile) = table.draw() {
            if !self.sets_aside(table, tile, events) {
                return Some(tile);
            }
        }
        None
    }

    /// How many more tiles `player`'s hand takes: up to its size, less a held abbey under the
    /// house rule "a three-tile hand" ("The abbey counts as part of your hand").
    fn hand_room(&self, player: PlayerId) -> usize {
        let abbey = self.hands.house_hand() && self.abbey_mayor.holds_abbey(player);
        self.hands.room(player).saturating_sub(abbey as usize)
    }

    /// Fills `player`'s hand from the pile up to its size.
    pub(crate) fn fill_hand(&mut self, table: &mut Table, player: PlayerId, events: &mut Vec<Event>) {
        for _ in 0..self.hand_room(player) {
            let Some(tile) = self.take_from_pile(table, events) else { return };
            self.hands.give(player, tile);
            events.push(Event::TileToHand { player });
        }
    }

    /// Fills the face-up row from the pile up to three tiles.
    pub(crate) fn fill_row(&mut self, table: &mut Table, events: &mut Vec<Event>) {
        for _ in 0..self.hands.row_room() {
            let Some(tile) = self.take_from_pile(table, events) else { return };
            self.hands.lay_face_up(tile);
            events.push(Event::TileFaceUp { tile });
        }
    }

    /// Deals the tiles once the river is laid: the hands one tile a round in seat order, the
    /// row, or the whole pile into the stacks (the cloisters first, then the others).
    pub(crate) fn deal(&mut self, table: &mut Table, events: &mut Vec<Event>) {
        let players = table.players.len() as PlayerId;
        match self.hands.choosing() {
            Some(Choosing::Hand(size)) => {
                for _ in 0..size {
                    for player in 0..players {
                        if self.hand_room(player) == 0 {
                            continue;
                        }
                        if let Some(tile) = self.take_from_pile(table, events) {
                            self.hands.give(player, tile);
                            events.push(Event::TileToHand { player });
                        }
                    }
                }
            }
            Some(Choosing::Stack) => {
                let mut pile = vec![];
                while let Some(tile) = self.take_from_pile(table, events) {
                    pile.push(tile);
                }
                // "It may be strategically useful to distribute the cloisters separately."
                pile.sort_by_key(|&t| !table.design(t).has_cloister());
                for (i, tile) in pile.into_iter().enumerate() {
                    let player = (i % players as usize) as PlayerId;
                    self.hands.give(player, tile);
                    events.push(Event::TileToHand { player });
                }
            }
            Some(Choosing::Row) => self.fill_row(table, events),
            Some(Choosing::Given { .. }) | None => {}
        }
    }

    /// Step 1B with a variation of `hands.rs`: deals the tiles when the river is laid, then
    /// what the current player does: choose a tile, draw one, or nothing (no tile left to
    /// them). Tiles of a hand or stack of which none fits are discarded and replaced first.
    #[cold]
    #[inline(never)]
    pub(crate) fn hand_turn(&mut self, table: &mut Table, events: &mut Vec<Event>) -> HandTurn {
        let player = table.current;
        if self.hands.deal_now(table) {
            self.deal(table, events);
        }
        if !self.hands.is_dealt() {
            return HandTurn::Draw;
        }
        match self.hands.choosing() {
            Some(Choosing::Row) => {
                if self.hands.row().iter().any(|&t| self.placeable(table, t)) {
                    HandTurn::Choose
                } else if table.has_tiles_to_draw() {
                    HandTurn::Draw
                } else {
                    HandTurn::Nothing
                }
            }
            Some(Choosing::Given { .. }) => self.given_turn(table, events),
            Some(Choosing::Hand(_) | Choosing::Stack) => loop {
                // Tiles put back into the pile (a volcano's dragon tiles) go to the stacks.
                if self.hands.choosing() == Some(Choosing::Stack) && table.has_tiles_to_draw() {
                    self.deal(table, events);
                }
                // Under the house rule the hand is refilled when the turn passes on; an empty one
                // (every tile discarded, or used up in extra turns) takes tiles now.
                if !self.hands.house_hand() || self.hands.hand(player).is_empty() {
                    self.fill_hand(table, player, events);
                }
                if self.hands.hand(player).is_empty() {
                    return HandTurn::Nothing;
                }
                if self.hands.hand(player).iter().any(|&t| self.placeable(table, t)) {
                    return HandTurn::Choose;
                }
                self.hands.discard_hand(table, player, events);
            },
            None => HandTurn::Draw,
        }
    }

    /// After a placement: a hand the tile came from takes another ("After the placement of a
    /// land tile, another is drawn into the hand").
    #[cold]
    #[inline(never)]
    pub(crate) fn after_placement(&mut self, table: &mut Table, player: PlayerId, events: &mut Vec<Event>) {
        if self.hands.placed_from_hand() {
            self.fill_hand(table, player, events);
        }
    }

    /// Whether any player still holds tiles (the game goes on while one does).
    pub(crate) fn tiles_held(&self) -> bool {
        self.hands.any_held()
    }

    /// The choices of `Pending::ChooseTile`: each tile of the hand, stack or row that fits
    /// somewhere, then drawing from the pile where the row allows it.
    pub(crate) fn each_tile_choice(&self, table: &Table, player: PlayerId, mut visit: impl FnMut(Action) -> bool) {
        for tile in self.hands.candidates(player) {
            if self.placeable(table, tile) && visit(Action::ChooseTile { tile }) {
                return;
            }
        }
        if self.hands.may_draw_instead(table) {
            visit(Action::Pass);
        }
    }

    /// Step 1B under "Only one can choose": the round's distributor draws a tile for each
    /// player and hands them out; then each player places the tile they hold, as a drawn tile
    /// (one that fits nowhere is discarded, and the player draws from the pile as usual), and a
    /// player without one (a builder's second tile) draws.
    fn given_turn(&mut self, table: &mut Table, events: &mut Vec<Event>) -> HandTurn {
        let player = table.current;
        if self.hands.draws_round(player) {
            for _ in 0..table.players.len() {
                let Some(tile) = self.take_from_pile(table, events) else { break };
                self.hands.give(player, tile);
                events.push(Event::TileToHand { player });
            }
            self.hands.round_drawn();
        }
        if self.hands.giving(player) {
            return HandTurn::Give;
        }
        if let Some(&tile) = self.hands.hand(player).first() {
            if self.placeable(table, tile) {
                self.hands.take_given(player, tile, events);
                return HandTurn::Place(tile);
            }
            self.hands.discard_hand(table, player, events);
        }
        if table.has_tiles_to_draw() {
            HandTurn::Draw
        } else {
            HandTurn::Nothing
        }
    }

    /// The choices of `Pending::GiveTile`: each tile design of the hand to each player
    /// without a tile.
    pub(crate) fn each_give_choice(&self, player: PlayerId, mut visit: impl FnMut(Action) -> bool) {
        let mut tiles = self.hands.hand(player).to_vec();
        tiles.sort_unstable();
        tiles.dedup();
        for tile in tiles {
            for to in self.hands.recipients(player) {
                if visit(Action::GiveTile { tile, to }) {
                    return;
                }
            }
        }
    }

    /// Whether `player` holds a tile handed out to them for the round.
    #[inline]
    pub(crate) fn holds_given_tile(&self, player: PlayerId) -> bool {
        self.hands.holds_given_tile(player)
    }

    /// The player who takes the next turn: after a round of "Only one can choose", the one after
    /// its distributor; else the player on the left.
    #[inline]
    pub(crate) fn next_player(&self, table: &Table) -> PlayerId {
        self.hands.after_round(table.players.len()).unwrap_or_else(|| table.next_player())
    }
}
