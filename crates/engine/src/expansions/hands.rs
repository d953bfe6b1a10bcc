//! The official variations that let a player choose the tile to place (seed 001, SELECTED
//! VARIATIONS), one module since they share the choice and its hidden tiles:
//!
//! - "More tiles in hand": "the players have two or three tiles in their hand at all times,
//!   from which they can select one for placement. [...] After the placement of a land tile,
//!   another is drawn into the hand." (`tiles-in-hand`)
//! - "The battle for completed cloisters" by Frank Rudloff: "1. During their turn, every player
//!   has two tiles to choose from in their hand. 2. During the final scoring, the score of every
//!   incomplete cloister is awarded to the opponent. In the case of more than two players, the
//!   player to the left receives the points" (`battle-for-cloisters`; the second point is
//!   [`left_neighbour`], read by the final scoring).
//! - "Collective planning" by Bernd Eisenstein: "Three tiles are placed on one side, face-up.
//!   The players can then decide to take any one of the face-up tiles or one from the stack. If
//!   any of the face-up tiles are used, they are replaced at the end of the turn, so that there
//!   are always three to choose from." (`collective-planning`)
//! - "The architects" by Tobias Stapelfeldt: "The tiles are divided among the players, who may
//!   select any tile from these individual stacks for placement. It may be strategically useful
//!   to distribute the cloisters separately." (`architects`)
//! - The house rule "Play with a three-tile hand. The abbey counts as part of your hand. Play your
//!   turn, including the builder, and then draw back up to three tiles. These tiles could be
//!   visible to all or hidden to the other players" (seeds 000 and 002, House rules, DavidP and
//!   youtch; `three-tile-hand`): a hand of three refilled when the player's turn passes on (after
//!   the builder's second tile and any other turn the player takes), a held abbey taking one of
//!   its places, hidden or visible.
//!
//! Our readings (docs/rules.md, "Official variations"):
//! - A hand, like an architect's stack, is seen by its owner only; the others see how many
//!   tiles it holds. The face-up row is public.
//! - The tiles come from the land tiles: the river (and a base start tile placed after it) is
//!   laid out first, drawn one by one, and the hands are dealt (the row laid out, the stacks
//!   divided) once it is done. Hands are dealt in seat order, one tile to each player per round;
//!   the architects' stacks likewise, the cloisters first (the seed's suggestion), then the
//!   others.
//! - A hand is refilled as soon as the tile chosen from it is placed (so a builder's second tile
//!   is chosen from a full hand); the row at the end of the turn. A tile that a module sets
//!   aside when it is drawn (a dragon tile before the volcano) is set aside as when drawn.
//! - Only a tile that fits somewhere can be chosen. Tiles that fit nowhere stay in hand while
//!   another one fits; when none of the player's tiles fits, they are all discarded and the
//!   hand refilled, as the standard game discards a tile that fits nowhere and draws another.
//!   Row tiles that fit nowhere stay in the row.
//! - The game ends when no player can place a tile any more: the pile is empty and every hand
//!   and stack too (or only tiles that fit nowhere are left). A player whose hand is empty while
//!   others still hold tiles misses their turn. With collective planning the game ends when the
//!   pile is empty and no tile of the row fits.
//! - Taking a tile from the row is choosing it; drawing from the pile is declining (`Pass`), and
//!   the drawn tile must then be placed as usual.
//! - Only one of these ways of choosing is played at a time (with `battle-for-cloisters` and
//!   `tiles-in-hand` the hand holds the larger number of tiles).

use crate::actions::Action;
use crate::catalog::TileId;
use crate::events::Event;
use crate::players::PlayerId;
use crate::rules::{OnlyOneCanChoose, Rules, ThreeTileHand};
use crate::table::Table;

/// Where the players choose their tiles from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Choosing {
    /// From a hidden hand of this many tiles, refilled after each placement.
    Hand(u8),
    /// From a hidden stack of their own, dealt at the start and never refilled.
    Stack,
    /// From the face-up row of three, or from the pile.
    Row,
    /// "Only one can choose": from the tiles handed out for the round (face up or down).
    Given { face_up: bool },
}

/// The size of the face-up row of collective planning.
pub(crate) const ROW: usize = 3;

/// Where the tile being placed was taken from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Taken {
    Hand,
    Row,
}

/// What the turn does at the draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HandTurn {
    /// The player chooses a tile (`Pending::ChooseTile`).
    Choose,
    /// The player draws from the pile as in the standard game.
    Draw,
    /// The player has no tile to place and none to draw.
    Nothing,
    /// "Only one can choose": the player hands out the round's tiles (`Pending::GiveTile`).
    Give,
    /// "Only one can choose": the player places the tile they were given (or kept).
    Place(TileId),
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Hands {
    choosing: Option<Choosing>,
    /// Each player's tiles (hand or stack), in the order they came.
    hands: Vec<Vec<TileId>>,
    /// Collective planning's face-up tiles.
    row: Vec<TileId>,
    dealt: bool,
    taken: Option<Taken>,
    /// "Only one can choose": the player who hands out (or handed out) the tiles of the round
    /// in progress, and whether they have drawn them yet.
    distributor: Option<PlayerId>,
    round_drawn: bool,
    /// House rule "a three-tile hand": the hand is refilled when the player's turn passes on,
    /// and a held abbey is one of its tiles.
    house_hand: bool,
    /// House rule "a three-tile hand", "visible to all".
    public_hand: bool,
}

/// Whether the rules let the players choose their tiles, and how.
pub(crate) fn choosing(rules: &Rules) -> Option<Choosing> {
    let v = &rules.variants;
    let house = if v.three_tile_hand == ThreeTileHand::Off { 1 } else { 3 };
    let hand = v.tiles_in_hand.count().max(if v.battle_for_cloisters { 2 } else { 1 }).max(house);
    if v.only_one_can_choose != OnlyOneCanChoose::Off {
        Some(Choosing::Given { face_up: v.only_one_can_choose == OnlyOneCanChoose::FaceUp })
    } else if v.architects {
        Some(Choosing::Stack)
    } else if v.collective_planning {
        Some(Choosing::Row)
    } else if hand > 1 {
        Some(Choosing::Hand(hand))
    } else {
        None
    }
}

/// The variations that give the players their own way of choosing a tile, by record name, when
/// more than one of those families is chosen (they cannot be played together).
pub(crate) fn conflicting(rules: &Rules) -> Option<(&'static str, &'static str)> {
    let v = &rules.variants;
    let hand = v.tiles_in_hand.count() > 1 || v.battle_for_cloisters;
    let hand_name = if v.tiles_in_hand.count() > 1 { "tiles-in-hand" } else { "battle-for-cloisters" };
    let given = v.only_one_can_choose != OnlyOneCanChoose::Off;
    let chosen: Vec<&'static str> = [
        (hand, hand_name),
        (v.three_tile_hand != ThreeTileHand::Off, "three-tile-hand"),
        (v.collective_planning, "collective-planning"),
        (v.architects, "architects"),
        (given, "only-one-can-choose"),
    ]
    .into_iter()
    .filter_map(|(on, name)| on.then_some(name))
    .collect();
    (chosen.len() > 1).then(|| (chosen[0], chosen[1]))
}

/// The player who receives the final points of `owner`'s incomplete cloister under "The battle
/// for completed cloisters": "the opponent", or with more than two players "the player to the
/// left", who plays next.
pub(crate) fn left_neighbour(owner: PlayerId, players: usize) -> PlayerId {
    (owner + 1) % players as PlayerId
}

impl Hands {
    pub(crate) fn new(rules: &Rules, players: usize) -> Hands {
        let choosing = choosing(rules);
        let house = rules.variants.three_tile_hand;
        Hands {
            choosing,
            hands: vec![vec![]; if choosing.is_some() { players } else { 0 }],
            house_hand: house != ThreeTileHand::Off,
            public_hand: house == ThreeTileHand::Visible,
            ..Hands::default()
        }
    }

    pub(crate) fn choosing(&self) -> Option<Choosing> {
        self.choosing
    }

    /// `player`'s hand or stack (empty without one).
    pub(crate) fn hand(&self, player: PlayerId) -> &[TileId] {
        self.hands.get(player as usize).map_or(&[], Vec::as_slice)
    }

    /// The face-up row.
    pub(crate) fn row(&self) -> &[TileId] {
        &self.row
    }

    /// Whether any player still holds a tile.
    pub(crate) fn any_held(&self) -> bool {
        self.hands.iter().any(|h| !h.is_empty())
    }

    /// Whether the players' tiles (or the row) are dealt now: once, when the tiles laid out
    /// first are down.
    pub(crate) fn deal_now(&mut self, table: &Table) -> bool {
        if self.dealt || table.laying_out_start() {
            return false;
        }
        self.dealt = true;
        true
    }

    pub(crate) fn is_dealt(&self) -> bool {
        self.dealt
    }

    /// How many more tiles `player`'s hand takes (0 for stacks and the row).
    pub(crate) fn room(&self, player: PlayerId) -> usize {
        match self.choosing {
            Some(Choosing::Hand(size)) => (size as usize).saturating_sub(self.hand(player).len()),
            _ => 0,
        }
    }

    /// How many more tiles the row takes.
    pub(crate) fn row_room(&self) -> usize {
        match self.choosing {
            Some(Choosing::Row) => ROW.saturating_sub(self.row.len()),
            _ => 0,
        }
    }

    pub(crate) fn give(&mut self, player: PlayerId, tile: TileId) {
        self.hands[player as usize].push(tile);
    }

    pub(crate) fn lay_face_up(&mut self, tile: TileId) {
        self.row.push(tile);
    }

    /// The tiles `player` may choose among, each design once, in catalog order (whether each
    /// fits is for the caller to test): the hand, or the row.
    pub(crate) fn candidates(&self, player: PlayerId) -> Vec<TileId> {
        let mut tiles = match self.choosing {
            Some(Choosing::Row) => self.row.clone(),
            _ => self.hand(player).to_vec(),
        };
        tiles.sort_unstable();
        tiles.dedup();
        tiles
    }

    /// Whether declining the choice draws from the pile (collective planning).
    pub(crate) fn may_draw_instead(&self, table: &Table) -> bool {
        self.choosing == Some(Choosing::Row) && table.has_tiles_to_draw()
    }

    /// `player` takes `tile` to place it.
    pub(crate) fn take(&mut self, player: PlayerId, tile: TileId, events: &mut Vec<Event>) {
        let (from, taken) = match self.choosing {
            Some(Choosing::Row) => (&mut self.row, Taken::Row),
            _ => (&mut self.hands[player as usize], Taken::Hand),
        };
        remove_one(from, tile);
        self.taken = Some(taken);
        events.push(Event::TileChosen { player, tile, face_up: taken == Taken::Row });
    }

    /// Whether the tile just placed came from a hand to be refilled now (under the house rule
    /// the hand waits for the end of the player's turns).
    pub(crate) fn placed_from_hand(&mut self) -> bool {
        match self.taken {
            Some(Taken::Hand) => {
                self.taken = None;
                !self.house_hand
            }
            _ => false,
        }
    }

    /// House rule "a three-tile hand": the hand is refilled when the player's turn passes on,
    /// and a held abbey counts as one of its tiles.
    pub(crate) fn house_hand(&self) -> bool {
        self.house_hand
    }

    /// At the end of the turn: whether the row is to be refilled.
    pub(crate) fn end_turn(&mut self) -> bool {
        self.taken = None;
        self.choosing == Some(Choosing::Row)
    }

    /// When none of `player`'s tiles fits: they leave the game.
    pub(crate) fn discard_hand(&mut self, table: &mut Table, player: PlayerId, events: &mut Vec<Event>) {
        for tile in std::mem::take(&mut self.hands[player as usize]) {
            table.discarded.push(tile);
            events.push(Event::TileDiscarded { player, tile });
        }
    }

    /// The hidden tiles as a determinization sees them: every hand but `viewer`'s is put back
    /// among the face-down tiles, shuffled with them by the caller, and dealt again with
    /// [`Hands::redeal`].
    pub(crate) fn hidden_hands(&self, viewer: Option<PlayerId>) -> impl Iterator<Item = (PlayerId, &Vec<TileId>)> {
        let hidden = self.hidden();
        self.hands
            .iter()
            .enumerate()
            .map(|(p, h)| (p as PlayerId, h))
            .filter(move |&(p, _)| hidden && Some(p) != viewer)
    }

    /// Gives the hidden hands new tiles from `pool` (as many as each held), in seat order.
    pub(crate) fn redeal(&mut self, viewer: Option<PlayerId>, pool: &mut impl Iterator<Item = TileId>) {
        if !self.hidden() {
            return;
        }
        for (p, hand) in self.hands.iter_mut().enumerate() {
            if Some(p as PlayerId) != viewer {
                for tile in hand.iter_mut() {
                    *tile = pool.next().expect("the pool holds every hidden tile");
                }
            }
        }
    }

    /// Whether the players hold tiles of their own (a hand, a stack, tiles handed out), as
    /// opposed to the public face-up row or the standard draw.
    pub(crate) fn own_tiles(&self) -> bool {
        matches!(self.choosing, Some(Choosing::Hand(_) | Choosing::Stack | Choosing::Given { .. }))
    }

    /// Whether the players' tiles are hidden from the others (not the face-up row, nor tiles
    /// handed out face up).
    pub(crate) fn hidden(&self) -> bool {
        !self.public_hand && !matches!(self.choosing, Some(Choosing::Row | Choosing::Given { face_up: true }) | None)
    }

    // ----- "Only one can choose" -----

    /// At the start of a turn (not an extra one): when nobody holds a tile, this player hands
    /// out the next round's tiles.
    pub(crate) fn begin_turn(&mut self, table: &Table) {
        if matches!(self.choosing, Some(Choosing::Given { .. })) && !self.any_held() {
            self.distributor = Some(table.current);
            self.round_drawn = false;
        }
    }

    /// Whether `player` draws the round's tiles now.
    pub(crate) fn draws_round(&self, player: PlayerId) -> bool {
        self.distributor == Some(player) && !self.round_drawn && !self.any_held()
    }

    pub(crate) fn round_drawn(&mut self) {
        self.round_drawn = true;
    }

    /// Whether `player` still has tiles to hand out: more than the one they keep, and a player
    /// without a tile to give one to.
    pub(crate) fn giving(&self, player: PlayerId) -> bool {
        self.distributor == Some(player) && self.hand(player).len() > 1 && self.recipients(player).next().is_some()
    }

    /// The players `player` may give a tile to: each other player without one.
    pub(crate) fn recipients(&self, player: PlayerId) -> impl Iterator<Item = PlayerId> + '_ {
        (0..self.hands.len() as PlayerId).filter(move |&p| p != player && self.hand(p).is_empty())
    }

    /// `from` gives `tile` to `to`.
    pub(crate) fn give_away(&mut self, from: PlayerId, tile: TileId, to: PlayerId, events: &mut Vec<Event>) {
        remove_one(&mut self.hands[from as usize], tile);
        self.hands[to as usize].push(tile);
        let face_up = matches!(self.choosing, Some(Choosing::Given { face_up: true }));
        events.push(Event::TileGiven { from, to, tile: face_up.then_some(tile) });
    }

    /// The player who takes the turn after a round's last: the one after its distributor.
    pub(crate) fn after_round(&self, players: usize) -> Option<PlayerId> {
        let distributor = self.distributor.filter(|_| !self.any_held())?;
        Some((distributor + 1) % players as PlayerId)
    }

    /// Whether `player` holds a tile given for the round (no offer replaces the draw then: the
    /// tile is theirs to place).
    pub(crate) fn holds_given_tile(&self, player: PlayerId) -> bool {
        matches!(self.choosing, Some(Choosing::Given { .. })) && !self.hand(player).is_empty()
    }

    /// `player` takes the tile they hold to place it.
    pub(crate) fn take_given(&mut self, player: PlayerId, tile: TileId, events: &mut Vec<Event>) {
        remove_one(&mut self.hands[player as usize], tile);
        events.push(Event::TileChosen { player, tile, face_up: false });
    }

    /// Whether `action` is a choice the pending decision of `player` takes (the tile's fit is
    /// for the caller).
    pub(crate) fn holds(&self, player: PlayerId, action: Action) -> bool {
        match action {
            Action::ChooseTile { tile } => match self.choosing {
                Some(Choosing::Row) => self.row.contains(&tile),
                Some(Choosing::Given { .. }) => false,
                _ => self.hand(player).contains(&tile),
            },
            Action::GiveTile { tile, .. } => self.giving(player) && self.hand(player).contains(&tile),
            _ => false,
        }
    }
}

/// Removes one copy of `tile`, which the caller checked is there.
fn remove_one(tiles: &mut Vec<TileId>, tile: TileId) {
    let at = tiles.iter().position(|&t| t == tile).expect("checked: the tile is there");
    tiles.remove(at);
}
