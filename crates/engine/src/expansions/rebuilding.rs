//! The variation "Rebuilding" (seed 001, SELECTED VARIATIONS, by Tobias Stapelfeldt):
//!
//! > After a player has placed a tile as usual, rather than following the usual procedure, he
//! > or she may do this instead: 1. Move his or her score marker back a given number of points.
//! > 2. For every point deducted, the player may remove an unoccupied tile from the playing
//! > field and must then place it somewhere else. The tile removed may not be touching other
//! > tiles on more than two of its sides, and its removal must not divide the playing field
//! > into unconnected parts. 3. A follower may be deployed to the removed and replaced tile as
//! > usual. 4. Scoring proceeds as usual.
//!
//! In the figure phase, instead of deploying, `Action::RemoveTile` costs a point and lifts a
//! tile; `Pending::ReplaceTile` then takes its new placement, after which the figure phase
//! comes back for a deployment on the moved tile, another removal, or a pass. The moved tile
//! keeps its placement index and its features their nodes; the board and the feature graph
//! are built again around it (`Board::relocate`, `base::rebuild_features`, `refeature`).
//!
//! Our readings where the passage is silent (docs/rules.md, "Rebuilding"): the points are paid
//! one at a time, as each tile is removed, and only while the player has one; the tile placed
//! this turn stays where it is, and so does a tile moved this turn; a tile of a completed road or city, a completed cloister or a
//! tile around one stays (their points were counted, and "scoring proceeds as usual" only for
//! what the turn completes); river tiles, the tiles of the city of Carcassonne and abbeys stay
//! (they are not placed by the edge rule); "unoccupied" means no figure, no barn on a corner,
//! no dragon, no fairy, no tower piece, no little building, no gold ingot, no mage and no witch, no tunnel token on the tile; the tile must have a place somewhere
//! else; the follower goes on the last tile moved; the turn's scoring also looks at the moved
//! tiles.

use crate::actions::{Action, Pending};
use crate::board::PlacementIndex;
use crate::catalog::{FeatureKind, Symbol};
use crate::errors::RuleError;
use crate::events::{Event, REBUILDING_COST};
use crate::features::NodeId;
use crate::geometry::{Pos, Rotation, Side};
use crate::players::{MagicFigure, PlayerId};
use crate::table::Table;

use super::hooks::Module;
use super::{ModuleId, Modules};

/// What the removal tests read of the whole table, gathered once for a listing.
struct Survey {
    /// By placement: a figure, a barn on a corner, the dragon, the fairy, a tower piece, a
    /// little building, a gold ingot, the mage or the witch, a tunnel token, an outbreak or a
    /// flea is on the tile.
    occupied: Vec<bool>,
    /// The surrounded (so scored) cloisters and gardens: no tile on or around them may go.
    done_cloisters: Vec<Pos>,
    /// The tiles that hold the playing field together, found when first needed.
    cuts: Option<Vec<bool>>,
}

impl Survey {
    fn new(modules: &Modules, table: &Table) -> Survey {
        let board = &table.board;
        let mut occupied = vec![false; board.len()];
        for f in &table.figures {
            occupied[f.placement as usize] = true;
        }
        let mut mark = |pos: Pos| {
            if let Some(i) = board.index_at(pos) {
                occupied[i as usize] = true;
            }
        };
        modules.princess_dragon.dragon().into_iter().for_each(&mut mark);
        modules.princess_dragon.fairy(table).into_iter().for_each(|(pos, _)| mark(pos));
        modules.tower.sites().iter().filter(|s| s.height > 0 || s.finished).for_each(|s| mark(s.pos));
        modules.little_buildings.placed().iter().for_each(|b| mark(b.pos));
        modules.gold_mines.on_board().iter().for_each(|&(pos, _)| mark(pos));
        MagicFigure::ALL.into_iter().filter_map(|f| modules.mage_witch.position(f)).for_each(|(pos, _)| mark(pos));
        modules.tunnel.tiles_with_tokens().for_each(&mut mark);
        // The Plague's tokens stay with their tile: an outbreak (either side) or a flea.
        modules.plague.outbreaks().iter().for_each(|o| mark(o.pos));
        modules.plague.fleas().iter().for_each(|f| mark(f.pos));
        for barn in modules.abbey_mayor.barns() {
            let [a, b] = barn.corner.sides();
            [barn.pos, barn.pos.step(a), barn.pos.step(b), barn.pos.step(a).step(b)].into_iter().for_each(&mut mark);
        }
        let gardens_watched = modules.in_play(ModuleId::Abbot);
        let done_cloisters = board
            .tiles()
            .iter()
            .filter(|t| {
                let design = table.design(t.tile);
                let mut watched = design.cloister.into_iter().chain(design.garden.filter(|_| gardens_watched));
                watched.any(|local| {
                    let node = t.first_node + local as NodeId;
                    !table.open_cloisters.iter().any(|&(_, n)| n == node)
                })
            })
            .map(|t| t.pos)
            .collect();
        Survey { occupied, done_cloisters, cuts: None }
    }
}

impl Modules {
    /// The tile the figure phase deploys on: the last tile moved by rebuilding, else the tile
    /// just placed.
    #[inline]
    pub(crate) fn deploy_target(&self, table: &Table) -> PlacementIndex {
        self.rebuilt.unwrap_or_else(|| table.last_placement_index())
    }

    /// Whether the figure phase follows a rebuilding (it then offers only a deployment on the
    /// moved tile, another removal, or a pass).
    #[inline]
    pub(crate) fn after_rebuilding(&self) -> bool {
        self.rebuilt.is_some()
    }

    /// The figure phase is over.
    #[inline]
    pub(crate) fn end_figure_phase(&mut self) {
        self.rebuilt = None;
    }

    /// The removals `player` may make, in placement order, until `visit` returns true.
    pub(crate) fn rebuild_actions(
        &self,
        table: &Table,
        player: PlayerId,
        visit: &mut impl FnMut(Action) -> bool,
    ) -> bool {
        if !self.rebuilding_in_play
            || table.players[player as usize].score == 0
            || self.only_figure_actions(table, player)
        {
            return false;
        }
        let mut survey = Survey::new(self, table);
        (0..table.unscored_from).any(|placement| {
            self.why_it_stays(table, placement, &mut survey).is_none()
                && visit(Action::RemoveTile { pos: table.pos_of(placement) })
        })
    }

    /// Checks a removal in the figure phase.
    pub(crate) fn check_removal(&self, table: &Table, player: PlayerId, pos: Pos) -> Result<(), RuleError> {
        if !self.rebuilding_in_play {
            return Err(RuleError::wrong_decision(Pending::Deploy { player, pos }, Action::RemoveTile { pos }));
        }
        if self.only_figure_actions(table, player) {
            return Err(RuleError::PrincessMustRemove);
        }
        if table.players[player as usize].score == 0 {
            return Err(RuleError::CannotRemoveTile(pos, "each tile removed costs a point, and you have none"));
        }
        let placement = table.board.index_at(pos).ok_or(RuleError::CannotRemoveTile(pos, "there is no tile there"))?;
        match self.why_it_stays(table, placement, &mut Survey::new(self, table)) {
            Some(why) => Err(RuleError::CannotRemoveTile(pos, why)),
            None => Ok(()),
        }
    }

    /// Why the tile of `placement` may not be removed, or `None` if it may (the cheap tests
    /// first).
    fn why_it_stays(&self, table: &Table, placement: PlacementIndex, survey: &mut Survey) -> Option<&'static str> {
        let placed = *table.board.placement(placement);
        let pos = placed.pos;
        if placement >= table.unscored_from {
            return Some("the tile placed this turn stays where it is");
        }
        if table.rebuilt.contains(&placement) {
            return Some("a tile moved this turn stays where it now is");
        }
        let touching = table.board.sides_touching(pos);
        let sides = touching.iter().filter(|&&t| t).count();
        if sides > 2 {
            return Some("it touches other tiles on more than two of its sides");
        }
        let design = table.design(placed.tile);
        if design.has_river() || design.partial || design.symbols.contains(&Symbol::Abbey) {
            return Some("river tiles, the city of Carcassonne and abbeys stay where they are");
        }
        if survey.occupied[placement as usize] {
            return Some("it is occupied");
        }
        let closed = design.features.iter().enumerate().any(|(i, spec)| {
            matches!(spec.kind, FeatureKind::Road | FeatureKind::City)
                && table.features.is_closed(table.features.find(placed.first_node + i as NodeId))
        });
        let by_a_cloister = survey.done_cloisters.iter().any(|c| (c.x - pos.x).abs() <= 1 && (c.y - pos.y).abs() <= 1);
        if closed || by_a_cloister {
            return Some("it belongs to a completed road, city or cloister");
        }
        // Two neighbours meeting at a corner with a tile in it stay joined through that tile;
        // otherwise the search over the whole field decides.
        let corner = (0..4).any(|i| {
            let (a, b) = (Side::ALL[i], Side::ALL[(i + 1) % 4]);
            touching[a.index()] && touching[b.index()] && table.board.is_occupied(pos.step(a).step(b))
        });
        if sides == 2 && !corner && survey.cuts.get_or_insert_with(|| table.board.cut_tiles())[placement as usize] {
            return Some("removing it would divide the playing field");
        }
        if !self.has_another_place(table, pos) {
            return Some("it fits nowhere else");
        }
        None
    }

    /// Whether the tile at `from` fits on another position once lifted.
    fn has_another_place(&self, table: &Table, from: Pos) -> bool {
        let mut found = false;
        self.each_place_without(table, from, &mut |_| {
            found = true;
            true
        });
        found
    }

    /// The placements of the tile at `from` elsewhere, with the tile lifted: by frontier
    /// position, then rotation, until `visit` returns true.
    fn each_place_without(&self, table: &Table, from: Pos, visit: &mut impl FnMut(Action) -> bool) {
        let tile = table.board.get(from).expect("a tile to move").tile;
        let design = table.design(tile);
        let rules = self.placement_rules(table, tile);
        for cell in table.board.frontier() {
            // Only the positions beside the lifted tile read it.
            let beside = (cell.pos.x - from.x).abs() + (cell.pos.y - from.y).abs() == 1;
            let code = if beside {
                let Some(code) = table.board.code_without(table.catalog, from, cell.pos) else { continue };
                code
            } else {
                cell.code
            };
            let mut rotations = design.rotations_fitting(code);
            if rotations != 0 && !rules.is_empty() && !self.allows_position(rules, table, tile, cell.pos) {
                continue;
            }
            while rotations != 0 {
                let rotation = Rotation::ALL[rotations.trailing_zeros() as usize];
                rotations &= rotations - 1;
                if !rules.is_empty() && self.check_place(rules, table, tile, cell.pos, rotation).is_err() {
                    continue;
                }
                if visit(Action::Place { pos: cell.pos, rotation }) {
                    return;
                }
            }
        }
    }

    /// Gives up a point and lifts the tile at `pos` (checked): its new place is the next
    /// decision.
    pub(crate) fn remove_tile(
        &mut self,
        table: &mut Table,
        player: PlayerId,
        pos: Pos,
        events: &mut Vec<Event>,
    ) -> Pending {
        let placed = *table.board.get(pos).expect("checked: a tile");
        let score = &mut table.players[player as usize].score;
        *score = score.saturating_sub(REBUILDING_COST);
        events.push(Event::TileRemoved { player, tile: placed.tile, pos, rotation: placed.rotation });
        let tile = placed.tile;
        Pending::ReplaceTile { player, tile, from: pos }
    }

    /// The places of the removed tile.
    pub(crate) fn each_replacement(&self, table: &Table, pending: Pending, mut visit: impl FnMut(Action) -> bool) {
        if let Pending::ReplaceTile { from, .. } = pending {
            self.each_place_without(table, from, &mut visit);
        }
    }

    /// Checks the new place of the removed tile.
    pub(crate) fn check_replacement(&self, table: &Table, pending: Pending, action: Action) -> Result<(), RuleError> {
        let (Pending::ReplaceTile { tile, from, .. }, Action::Place { pos, rotation }) = (pending, action) else {
            return Err(RuleError::wrong_decision(pending, action));
        };
        if table.board.is_occupied(pos) && pos != from {
            return Err(RuleError::Occupied(pos));
        }
        if !Side::ALL.into_iter().any(|s| pos.step(s) == from) && pos != from {
            // Away from the lifted tile, the edge rule reads as for any placement.
            crate::base::check_fit(table, tile, pos, rotation)?;
        } else {
            let code = table.board.code_without(table.catalog, from, pos).ok_or(RuleError::NoReplacementThere(pos))?;
            if table.design(tile).rotations_fitting(code) & (1 << rotation.index()) == 0 {
                return Err(RuleError::NoReplacementThere(pos));
            }
        }
        self.check_place(self.placement_rules(table, tile), table, tile, pos, rotation)
    }

    /// Puts the removed tile at its new place (checked) and builds the board's features again;
    /// the figure phase then offers a deployment on it.
    pub(crate) fn replace_tile(
        &mut self,
        table: &mut Table,
        pending: Pending,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Pending {
        let (Pending::ReplaceTile { player, tile, from }, Action::Place { pos, rotation }) = (pending, action) else {
            unreachable!("checked: the placement of the removed tile")
        };
        let placement = table.board.index_at(from).expect("checked: the removed tile");
        table.board.relocate(table.catalog, placement, pos, rotation);
        crate::base::rebuild_features(table);
        self.refeature(table);
        let first = table.board.placement(placement).first_node;
        let nodes = first..first + table.design(tile).features.len() as u32;
        for watched in table.open_cloisters.iter_mut() {
            if nodes.contains(&watched.1) {
                watched.0 = pos;
            }
        }
        if self.in_play(ModuleId::Tower) {
            self.tower.tile_moved(placement, pos);
        }
        if self.in_play(ModuleId::Shrines) {
            // A shrine or cloister moved, or a position next to one filled or emptied.
            self.shrines.refresh(table);
        }
        table.rebuilt.push(placement);
        self.rebuilt = Some(placement);
        events.push(Event::TileReplaced { player, tile, from, pos, rotation });
        Pending::Deploy { player, pos }
    }

    /// What the modules add to a feature graph built again: the GQ pig-herds, the city of
    /// Carcassonne, the table's edge, the barns.
    pub(crate) fn refeature(&mut self, table: &mut Table) {
        for placement in 0..table.board.len() as PlacementIndex {
            if self.in_play(ModuleId::GamesQuarterly) {
                self.games_quarterly.tile_put(table, placement);
            }
            if self.in_play(ModuleId::Count) {
                self.the_count.tile_put(table, placement);
            }
            if self.in_play(ModuleId::TableEdge) {
                self.table_edge.tile_put(table, placement);
            }
        }
        for barn in self.abbey_mayor.barns() {
            let root = table.features.find_mut(barn.node);
            table.features.add_barn(root);
        }
        // The Tunnel: the pairs' roads joined underground again.
        if self.in_play(ModuleId::Tunnel) {
            self.tunnel.reconnect(table);
        }
        // The Ferries: each ferry's two roads joined again.
        self.ferries.reconnect(table);
    }
}
