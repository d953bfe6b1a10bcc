//! Mage & Witch (Hans im Glück 2012, Mini #5; the assembled reference's step 1C, "If a mage and
//! witch symbol is on the tile, or if the tile joins the features with the Mage and Witch, you
//! must move the Mage or the Witch", its step 3B, whose tally lists "Mage" and "Witch" after the
//! Cathars and before Little Buildings, then "Remove the mage or witch if they were involved in
//! the scoring of this feature"; the full rules on the Wikicarpedia page "Mage and Witch", with
//! JCloisterZone's `MageAndWitchPhase` as a second opinion): 8 land tiles with the magic symbol,
//! the mage and the witch (neutral figures).
//!
//! - **Moving.** Whoever places a tile with the magic symbol must, before the figure phase,
//!   put one of the two figures onto a segment of an unfinished road or city anywhere on the
//!   board: one beside the board comes into play, one on the board moves to another feature.
//!   Either figure may be chosen. The two never share a road or city, so the feature of
//!   either is no target ("they can never occupy the same feature as each other").
//! - **Joined.** A tile (with the symbol or not) that joins the mage's road or city to the
//!   witch's sets off the same move at once, before the features are scored ("you must move one
//!   of the magic figures ... before scoring the feature", the page's clarification).
//! - **Nowhere to go.** With no unfinished road or city left for them, the player takes one of
//!   the figures on the board off it (their choice where both stand there; the one there
//!   otherwise); it comes back with a later magic tile.
//! - **Scoring.** A road or city scored with the mage is worth 1 point more per tile; with the
//!   witch, half its points, rounded up (inns and cathedrals first, then halved). In the final
//!   scoring the same holds for the incomplete features: an incomplete road with an inn (0
//!   points) still pays 1 per tile with the mage, who does nothing for coats of arms.
//! - **Leaving.** A road or city completed with a magic figure on it loses the figure after its
//!   scoring (whether or not anybody held it): the figure waits beside the board.
//!
//! Our readings where the sources are silent (docs/rules.md, "Mage & Witch"): the figures are
//! neutral, so nothing that takes followers touches them (the dragon, a tower's capture, a crop
//! circle, the festival); a tile holding one is occupied for "Rebuilding"; the points of the
//! modules the reference tallies after the witch (little buildings, Darmstadtium, churches,
//! the advanced labyrinth) are not halved, nor is a watchtower's bonus, paid before the feature.

use crate::actions::{Action, Pending};
use crate::catalog::{FeatureKind, LocalFeature, Symbol};
use crate::errors::RuleError;
use crate::events::{Breakdown, Event};
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::{MagicFigure, PlayerId, PlayerSet};
use crate::table::Table;

use super::hooks::{Hook, HookPoint, Hooks, Module};

/// Where the mage and the witch stand.
#[derive(Clone, Debug, Default)]
pub(crate) struct MageWitch {
    /// The segment each stands on (`[mage, witch]`): the tile's position and its feature, kept
    /// by position so that "Rebuilding", which renumbers the placements, keeps it.
    at: [Option<(Pos, LocalFeature)>; 2],
}

impl MageWitch {
    /// Where `figure` stands, if on the board.
    pub(crate) fn position(&self, figure: MagicFigure) -> Option<(Pos, LocalFeature)> {
        self.at[figure as usize]
    }

    /// The feature of segment `feature` of the tile at `pos`, if a tile lies there.
    fn root_at(table: &Table, pos: Pos, feature: LocalFeature) -> Option<NodeId> {
        let index = table.board.index_at(pos)?;
        Some(table.features.find(table.node_of(index, feature)))
    }

    /// The features the mage and the witch stand on (`[mage, witch]`).
    fn taken(&self, table: &Table) -> [Option<NodeId>; 2] {
        self.at.map(|at| at.and_then(|(pos, feature)| Self::root_at(table, pos, feature)))
    }

    /// Every segment a magic figure may go onto, in the board's order, until `visit` returns
    /// true (then returns true).
    fn each_target(&self, table: &Table, mut visit: impl FnMut(Pos, LocalFeature) -> bool) -> bool {
        let taken = self.taken(table);
        for placed in table.board.tiles() {
            let design = table.design(placed.tile);
            for (local, spec) in design.features.iter().enumerate() {
                if !matches!(spec.kind, FeatureKind::Road | FeatureKind::City) {
                    continue;
                }
                // A segment's root is of the segment's kind: unfinished and neither figure's.
                let root = table.features.find(placed.first_node + local as NodeId);
                let free = !table.features.is_closed(root) && !taken.contains(&Some(root));
                if free && visit(placed.pos, local as LocalFeature) {
                    return true;
                }
            }
        }
        false
    }

    fn has_target(&self, table: &Table) -> bool {
        self.each_target(table, |_, _| true)
    }

    /// The legal actions of [`Pending::MageWitch`]: each free segment, in the board's order, for
    /// the mage then the witch (one walk over the board for both); where there is none, taking
    /// either figure on the board off it.
    pub(crate) fn each_choice(&self, table: &Table, mut visit: impl FnMut(Action) -> bool) {
        let mut any = false;
        self.each_target(table, |pos, feature| {
            any = true;
            MagicFigure::ALL.into_iter().any(|figure| visit(Action::MoveMagic { figure, pos, feature }))
        });
        if !any {
            for figure in MagicFigure::ALL {
                if self.position(figure).is_some() && visit(Action::RemoveMagic { figure }) {
                    return;
                }
            }
        }
    }

    pub(crate) fn check(&self, table: &Table, pending: Pending, action: Action) -> Result<(), RuleError> {
        match action {
            Action::MoveMagic { figure, pos, feature } => {
                let not_open = || RuleError::MagicNeedsOpenRoadOrCity(pos, feature);
                let placed = table.board.get(pos).ok_or_else(not_open)?;
                if feature as usize >= table.design(placed.tile).features.len() {
                    return Err(RuleError::NoSuchFeature(feature));
                }
                let root = Self::root_at(table, pos, feature).ok_or_else(not_open)?;
                if !matches!(table.features.kind(root), FeatureKind::Road | FeatureKind::City)
                    || table.features.is_closed(root)
                {
                    return Err(not_open());
                }
                if self.taken(table).contains(&Some(root)) {
                    return Err(RuleError::MagicFeatureTaken(figure.name(), pos, feature));
                }
                Ok(())
            }
            Action::RemoveMagic { figure } => {
                if self.position(figure).is_none() {
                    return Err(RuleError::MagicNotOnBoard(figure.name()));
                }
                if self.has_target(table) {
                    return Err(RuleError::MagicCanStillMove);
                }
                Ok(())
            }
            _ => Err(RuleError::wrong_decision(pending, action)),
        }
    }

    /// Applies a checked move or removal.
    pub(crate) fn apply(&mut self, player: PlayerId, action: Action, events: &mut Vec<Event>) {
        match action {
            Action::MoveMagic { figure, pos, feature } => {
                let from = self.at[figure as usize].replace((pos, feature));
                events.push(Event::MagicMoved { player, figure, from, pos, feature });
            }
            Action::RemoveMagic { figure } => self.remove(figure, false, events),
            _ => unreachable!("checked: a magic figure's move or removal"),
        }
    }

    fn remove(&mut self, figure: MagicFigure, scored: bool, events: &mut Vec<Event>) {
        if let Some((pos, feature)) = self.at[figure as usize].take() {
            events.push(Event::MagicRemoved { figure, pos, feature, scored });
        }
    }
}

impl Module for MageWitch {
    const HOOKS: Hooks = Hooks::of(&[Hook::At, Hook::AdjustValue, Hook::FeatureCompleted]);

    /// 1C: a magic tile, or a tile that joined the two figures' features, asks for a move; with
    /// nowhere to go, for the removal of one of two figures on the board, or the one there
    /// leaves at once. 2C, after the modules before this one: the same where their features were
    /// joined since (a tunnel token, a ferry put or moved, a tile moved by "Rebuilding"): "they
    /// can never occupy the same feature as each other" (our reading of the joins the page does
    /// not name).
    fn at(
        &mut self,
        point: HookPoint,
        table: &mut Table,
        _dragon: Option<Pos>,
        events: &mut Vec<Event>,
    ) -> Option<Pending> {
        if !matches!(point, HookPoint::AfterPlacement | HookPoint::AfterFigures) {
            return None;
        }
        let magic = point == HookPoint::AfterPlacement
            && table.design(table.last_placement().tile).symbols.contains(&Symbol::Magic);
        // Their features are joined only where both stand on the board.
        let joined = self.at.iter().all(Option::is_some) && {
            let [mage, witch] = self.taken(table);
            mage == witch
        };
        if !magic && !joined {
            return None;
        }
        let pending = Pending::MageWitch { player: table.current };
        if self.has_target(table) {
            return Some(pending);
        }
        // Nowhere to go: the player chooses which of two leaves; one alone leaves by itself.
        if self.at.iter().all(Option::is_some) {
            return Some(pending);
        }
        for figure in MagicFigure::ALL {
            self.remove(figure, false, events);
        }
        None
    }

    /// The mage adds 1 point per tile to its road or city; the witch then takes half the points
    /// off, the half kept rounded up.
    fn adjust_value(&self, table: &Table, root: NodeId, _completed: bool, value: &mut Breakdown) {
        // Their features are roads and cities: any other `root` matches neither.
        if self.at == [None, None] {
            return;
        }
        let [mage, witch] = self.taken(table);
        if mage == Some(root) {
            value.mage = value.tiles;
        }
        if witch == Some(root) {
            value.witch = (value.total() / 2) as u16;
        }
    }

    /// A completed road or city sends its magic figure beside the board.
    fn feature_completed(&mut self, table: &mut Table, root: NodeId, _players: PlayerSet, events: &mut Vec<Event>) {
        if self.at == [None, None] {
            return;
        }
        let taken = self.taken(table);
        for figure in MagicFigure::ALL {
            if taken[figure as usize] == Some(root) {
                self.remove(figure, true, events);
            }
        }
    }
}
