//! The official variation "Cloisters for everyone!" by Bernd Eisenstein (seed 001, SELECTED
//! VARIATIONS): "At the start of the game, every player receives a cloister and places it
//! face-up in front of him or herself. This tile may be placed at any time during the game
//! instead of drawing one from the stack."
//!
//! Our readings (docs/rules.md): the cloisters are the game's own, taken out of the pile before
//! it is shuffled, one per player in seat order: the plain cloisters (base:B, or the Winter
//! Edition's) while they last, then the cloisters with a road (base:A). "At any time ... instead
//! of drawing" is at the start of each of the player's draws while tiles are left to draw (as
//! the abbey of Abbey & Mayor, and again after a drawn tile fitted nowhere), and only where the
//! cloister fits somewhere; not while the river is laid (its tiles are a stack of their own,
//! placed first: the cloister replaces a draw from the land tiles); the cloister is then placed like a drawn tile, with the figure phase
//! and the scoring of a turn. It lies face up: every player sees who still holds one.

use crate::actions::{Action, Pending};
use crate::catalog::{Catalog, TileDesign, TileId};
use crate::errors::RuleError;
use crate::events::Event;
use crate::geometry::Terrain;
use crate::players::PlayerId;
use crate::rules::Rules;
use crate::table::Table;

use super::hooks::{Hook, Hooks, Module};

#[derive(Clone, Debug, Default)]
pub(crate) struct OwnCloisters {
    /// The tile each player holds, by seat (`None` once placed).
    held: Vec<Option<TileId>>,
    /// At preparation: how many copies of each cloister design are still to be taken.
    wanted: Vec<(TileId, u8)>,
}

impl OwnCloisters {
    pub(crate) fn new(rules: &Rules, players: usize, catalog: &Catalog) -> OwnCloisters {
        if !rules.variants.cloisters_for_everyone {
            return OwnCloisters::default();
        }
        // The cloisters of the land set in play (the base tiles or the Winter Edition's), the
        // plain ones first.
        let mut cloisters: Vec<(TileId, u8, bool)> = vec![];
        // With special monasteries the base cloisters stay in the box: the monasteries are
        // the game's cloisters then (our reading).
        let monasteries = super::monasteries::special_monastery_designs(rules, catalog);
        if !monasteries.is_empty() {
            for (id, count) in monasteries {
                let plain = catalog.design(id).edges.iter().all(|&t| t == Terrain::Field);
                cloisters.push((id, count, plain));
            }
        } else if let Some(set) = rules.tile_sets().first().and_then(|id| catalog.set(id)) {
            let edition = set.edition_for(rules.variants.tile_edition);
            for (id, count) in catalog.edition_designs(set, edition) {
                let design = catalog.design(id);
                if design.has_cloister() && !design.start {
                    let plain = design.edges.iter().all(|&t| t == Terrain::Field);
                    cloisters.push((id, count, plain));
                }
            }
        }
        cloisters.sort_by_key(|&(_, _, plain)| !plain);
        let mut need = players as u8;
        let mut wanted = vec![];
        let mut held = vec![];
        for (id, count, _) in cloisters {
            let take = count.min(need);
            if take > 0 {
                wanted.push((id, take));
                held.extend(std::iter::repeat_n(Some(id), take as usize));
                need -= take;
            }
        }
        OwnCloisters { held, wanted }
    }

    /// The tile `player` holds (public: it lies face up in front of them).
    pub(crate) fn held(&self, player: PlayerId) -> Option<TileId> {
        self.held.get(player as usize).copied().flatten()
    }

    pub(crate) fn each_choice(&self, pending: Pending, mut visit: impl FnMut(Action) -> bool) {
        if let Pending::HeldTile { .. } = pending {
            if visit(Action::PlayHeldTile) {
                return;
            }
        }
        visit(Action::Pass);
    }

    pub(crate) fn check_choice(&self, table: &Table, pending: Pending, action: Action) -> Result<(), RuleError> {
        let Pending::HeldTile { player, .. } = pending else { unreachable!("dispatched by pending") };
        match action {
            Action::Pass => Ok(()),
            Action::PlayHeldTile if self.may_play(table, player).is_some() => Ok(()),
            Action::PlayHeldTile => Err(RuleError::NoHeldTile),
            _ => Err(RuleError::wrong_decision(pending, action)),
        }
    }

    /// `player` places their tile: it leaves their hand (the placement follows).
    pub(crate) fn play(&mut self, player: PlayerId, events: &mut Vec<Event>) {
        if let Some(tile) = self.held.get_mut(player as usize).and_then(Option::take) {
            events.push(Event::HeldTilePlayed { player, tile });
        }
    }

    /// The tile `player` may play now: held, and fitting somewhere on the board.
    fn may_play(&self, table: &Table, player: PlayerId) -> Option<TileId> {
        let tile = self.held(player)?;
        table.board.has_place_for(table.design(tile)).then_some(tile)
    }
}

impl Module for OwnCloisters {
    const HOOKS: Hooks = Hooks::of(&[Hook::TakesTile, Hook::BeforeDraw]);

    /// The cloisters the players hold leave the pile.
    fn takes_tile(&mut self, id: TileId, _design: &TileDesign, count: u8) -> u8 {
        match self.wanted.iter_mut().find(|(t, _)| *t == id) {
            Some((_, want)) => std::mem::take(want).min(count),
            None => 0,
        }
    }

    fn before_draw(&self, table: &Table) -> Option<Pending> {
        // The river is laid first, from a stack of its own (seed 001, THE RIVER): the cloister
        // replaces a draw from the land tiles.
        if table.laying_out_start() {
            return None;
        }
        let player = table.current;
        self.may_play(table, player).map(|tile| Pending::HeldTile { player, tile })
    }
}
