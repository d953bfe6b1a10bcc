//! The Wind Roses (Hans im Glück 2012; the Wikicarpedia page "Wind Roses (1st edition)"; the
//! assembled reference's preparation, "Orange wind rose tile", and its step 1C, "If there is a
//! quarter-wind rose on the tile and you place the tile in the appropriate quadrant ... you
//! score 3 points"): six land tiles.
//!
//! - **The orange rose** "is used as the starting tile" instead of the base start tile; it
//!   "divides the playing area into four sections (NE, SE, SW, NW)", as the rose on it points.
//! - **A quarter rose** placed "using the normal rules" in the section it names scores 3 points
//!   for its player at once, "independent of any other scoring". The tiles in the start tile's
//!   row and column "are a part of two sections". The roses are no features and change none.
//! - **The blue rose**, once placed, "takes over the function of the orange starting wind rose"
//!   for the rest of the game: the sections are counted around it, as it points ("entirely new
//!   directions of the cardinal points arise").
//! - **Spielbox** (`Variants::wind_roses_spielbox`): its roses show only N and S, so the
//!   playing area has two sections, north and south of the rose's row (both including it).
//!
//! Our readings where the sources are silent (docs/rules.md, "The Wind Roses"): the way a
//! quarter tile is turned does not matter, only where it lies (as JCloisterZone counts it);
//! with a river or the Count, whose tiles start the game, or the Spiel Doch! tiles as the start,
//! the orange rose is shuffled in with the land tiles (JCloisterZone offers it as the start only
//! without a river or the Count), and a quarter rose placed before any full rose is on the board
//! scores nothing; a quarter rose raised as a mountain shows no rose; a full rose moved by
//! "Rebuilding" takes its sections with it, and a quarter rose moved so scores nothing (it was
//! not drawn and placed).

use crate::board::PlacementIndex;
use crate::catalog::{Catalog, Symbol, TileDesign, TileId};
use crate::events::{Event, WIND_ROSE_POINTS};
use crate::geometry::{Pos, Rotation};
use crate::players::PlayerId;
use crate::random::GameRng;
use crate::rules::{Expansion, Rules};
use crate::table::Table;

use super::hooks::{BaseStartTile, DeckPlan, Hook, Hooks, Module, StartTiles};

#[derive(Clone, Debug, Default)]
pub(crate) struct WindRoses {
    /// The orange rose, taken out of the land tiles to start the game where no river, city of
    /// Carcassonne or Spiel Doch! tiles start it.
    start: StartTiles,
    /// The full rose that sets the sections: the last one put on the board.
    reference: Option<PlacementIndex>,
    /// Two sections, north and south (Spielbox), instead of four.
    halves: bool,
}

impl WindRoses {
    pub(crate) fn new(rules: &Rules) -> WindRoses {
        let other_start =
            StartTiles::another_start(rules) || (rules.has(Expansion::SpielDoch) && rules.variants.spiel_doch_start);
        WindRoses { start: StartTiles::new(!other_start), reference: None, halves: rules.variants.wind_roses_spielbox }
    }

    /// The full rose that divides the playing area now: its position and how it is turned.
    pub(crate) fn reference(&self, table: &Table) -> Option<(Pos, Rotation)> {
        self.reference.map(|i| {
            let placed = table.board.placement(i);
            (placed.pos, placed.rotation)
        })
    }

    /// Whether a tile showing `symbol` at `pos` lies in the section its quarter rose names,
    /// around the rose at `rose` turned by `rotation`.
    fn in_section(&self, symbol: Symbol, pos: Pos, rose: (Pos, Rotation)) -> bool {
        let Some((mut east, mut south)) = symbol.rose_quarter() else { return false };
        if self.halves {
            // Spielbox: the rose's N or S only.
            east = 0;
        }
        // Turn the section's corner as the rose is turned: a quarter turn clockwise takes north
        // to east, (x, y) to (-y, x) with y growing southwards.
        for _ in 0..rose.1.index() {
            (east, south) = (-south, east);
        }
        let (dx, dy) = (pos.x - rose.0.x, pos.y - rose.0.y);
        dx * east >= 0 && dy * south >= 0
    }

    /// The sections the tile at `pos` lies in: bit `i` for [`Symbol::QUARTER_ROSES`]`[i]` (0
    /// before a full rose is on the board).
    pub(crate) fn sections(&self, table: &Table, pos: Pos) -> u8 {
        let Some(rose) = self.reference(table) else { return 0 };
        Symbol::QUARTER_ROSES
            .iter()
            .enumerate()
            .filter(|(_, &s)| self.in_section(s, pos, rose))
            .fold(0, |bits, (i, _)| bits | 1 << i)
    }

    /// What a tile of `tile` placed at `pos` scores at once for its quarter rose: 3 in the
    /// section it names, else 0.
    pub(crate) fn points(&self, table: &Table, tile: TileId, pos: Pos) -> u32 {
        let Some(rose) = self.reference(table) else { return 0 };
        if table.design(tile).symbols.iter().any(|&s| self.in_section(s, pos, rose)) {
            WIND_ROSE_POINTS
        } else {
            0
        }
    }
}

impl Module for WindRoses {
    const HOOKS: Hooks =
        Hooks::of(&[Hook::TakesTile, Hook::BaseStartTile, Hook::ArrangeDeck, Hook::TilePut, Hook::TilePlaced]);

    fn takes_tile(&mut self, id: TileId, design: &TileDesign, count: u8) -> u8 {
        self.start.take(id, design.symbols.contains(&Symbol::WindRoseOrange), count, 1)
    }

    /// "Instead of the normal starting tile, the orange wind rose tile is used."
    fn base_start_tile(&self) -> BaseStartTile {
        self.start.base_start_tile()
    }

    fn arrange_deck(&mut self, _catalog: &Catalog, plan: &mut DeckPlan, _rng: Option<&mut GameRng>) {
        if let (true, Some(&orange)) = (self.start.start, self.start.taken.first()) {
            plan.start = Some(orange);
        }
    }

    /// A full rose put on the board (the orange one at the start, the blue one later) sets the
    /// sections from now on.
    fn tile_put(&mut self, table: &mut Table, placement: PlacementIndex) {
        let design = table.design(table.board.placement(placement).tile);
        if design.symbols.iter().any(|s| s.is_full_rose()) && self.reference.is_none_or(|r| placement > r) {
            self.reference = Some(placement);
        }
    }

    /// A quarter rose just placed in its section scores its player 3 points.
    fn tile_placed(&mut self, table: &mut Table, player: PlayerId, events: &mut Vec<Event>) {
        let placed = *table.last_placement();
        let points = self.points(table, placed.tile, placed.pos);
        if points > 0 {
            table.players[player as usize].score += points;
            events.push(Event::WindRoseScored { player, pos: placed.pos, points });
        }
    }
}
