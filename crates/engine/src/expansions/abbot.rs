//! The Abbot (seeds 000 and 003, "The Abbot"): one abbot per player, for cloisters and gardens.
//! Gardens are printed on the second-edition tiles (`tile-edition: second`); without this
//! expansion they are scenery.
//!
//! - "2. Placing a Meeple": the abbot goes only on a cloister or a garden, and no other figure
//!   goes on a garden.
//! - Gardens are scored like cloisters: 9 points when surrounded, 1 per tile at the end.
//! - "3. Scoring with the Abbot": instead of deploying, a player may take the abbot back and
//!   score what its cloister or garden is worth now, like a monk in the final scoring; footnote
//!   32: "you always score the abbot (on the feature), never the feature itself", and only
//!   "before the feature is completely surrounded": a cloister or garden the tile just placed
//!   surrounds is scored as completed, with the abbot. The turn's scoring follows as usual.

use crate::actions::Action;
use crate::base;
use crate::board::PlacementIndex;
use crate::catalog::{FeatureKind, FeatureSpec};
use crate::errors::RuleError;
use crate::events::{Breakdown, Event, Phase, Score};
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::{Figure, PlayerId, PlayerSet};
use crate::table::Table;

use super::hooks::{Hook, Hooks, Module};

#[derive(Clone, Debug, Default)]
pub(crate) struct Abbot;

impl Abbot {
    /// Where `player`'s abbot stands, if it is on the board as a monk or in a garden (an abbot
    /// lying on a special monastery as its prior stays there until the end of the game: our
    /// reading, `expansions::monasteries`; one caught in a trap is freed by the trap's rule,
    /// `expansions::traps`).
    fn on_board(table: &Table, player: PlayerId) -> Option<Pos> {
        table
            .figures
            .iter()
            .find(|f| {
                f.owner == player
                    && f.figure == Figure::Abbot
                    && matches!(table.features.kind(f.node), FeatureKind::Cloister | FeatureKind::Garden)
            })
            .map(|f| table.pos_of(f.placement))
    }

    /// Where `player`'s abbot may be recalled from: its cloister or garden is not yet
    /// surrounded.
    fn recallable(table: &Table, player: PlayerId) -> Option<Pos> {
        Self::on_board(table, player).filter(|&pos| table.board.neighbours_around(pos) < 8)
    }

    pub(crate) fn check_recall(table: &Table, player: PlayerId, pos: Pos) -> Result<(), RuleError> {
        match Self::on_board(table, player) {
            Some(at) if at == pos && table.board.neighbours_around(pos) == 8 => {
                Err(RuleError::AbbotFeatureComplete(pos))
            }
            Some(at) if at == pos => Ok(()),
            _ => Err(RuleError::NoAbbotThere(pos)),
        }
    }

    /// Scores the cloister or garden of `player`'s abbot as it stands (checked by
    /// `check_recall`); returns the feature, for the hooks of a scored feature, before
    /// [`Abbot::take_back`] returns the abbot.
    /// `adjust` is the modules' change to the value of a feature scored (`Modules::adjust_value`:
    /// the little buildings of the cloister's area).
    pub(crate) fn score_recall(
        table: &mut Table,
        player: PlayerId,
        adjust: impl Fn(&Table, NodeId, &mut Breakdown),
        events: &mut Vec<Event>,
    ) -> NodeId {
        let f = *table.figures.iter().find(|f| f.owner == player && f.figure == Figure::Abbot).expect("checked");
        let pos = table.pos_of(f.placement);
        let mut breakdown =
            Breakdown { tiles: 1 + table.board.neighbours_around(pos) as u16, tile_value: 1, ..Default::default() };
        adjust(table, table.features.find(f.node), &mut breakdown);
        let mut players = PlayerSet::default();
        players.insert(player);
        let kind = table.features.kind(f.node);
        let score = Score {
            kind,
            phase: Phase::Turn,
            completed: false,
            pos,
            feature: f.feature,
            players,
            points: breakdown.total(),
            breakdown,
        };
        table.pay(score, events);
        table.features.find(f.node)
    }

    /// Returns `player`'s recalled abbot to the supply.
    pub(crate) fn take_back(table: &mut Table, player: PlayerId, events: &mut Vec<Event>) {
        let i = table.figures.iter().position(|f| f.owner == player && f.figure == Figure::Abbot).expect("checked");
        let f = table.take_figure(i);
        events.push(table.returned(&f));
    }
}

/// Deploying the abbot: only on a cloister or a garden that holds no figure.
pub(crate) fn check_deploy(table: &Table, spec: &FeatureSpec, root: NodeId) -> Result<(), RuleError> {
    match spec.kind {
        // A special monastery takes the abbot as a monk or as its prior (the Wikicarpedia page
        // "Monasteries": the abbot figure is one that may be put on it either way).
        FeatureKind::Cloister | FeatureKind::Garden | FeatureKind::Prior => {
            base::check_unoccupied(table, spec.kind, root)
        }
        kind => Err(RuleError::AbbotOnlyOnCloisterOrGarden(kind)),
    }
}

impl Module for Abbot {
    const HOOKS: Hooks = Hooks::of(&[Hook::Supply, Hook::TilePut, Hook::FigureActions]);

    fn supply(&self, figure: Figure) -> u8 {
        (figure == Figure::Abbot) as u8
    }

    /// A garden is watched until it is surrounded, like a cloister.
    fn tile_put(&mut self, table: &mut Table, placement: PlacementIndex) {
        let placed = *table.board.placement(placement);
        if let Some(garden) = table.design(placed.tile).garden {
            table.open_cloisters.push((placed.pos, placed.first_node + garden as NodeId));
        }
    }

    fn figure_actions(&self, table: &Table, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) -> bool {
        Self::recallable(table, player).is_some_and(|pos| visit(Action::RecallAbbot { pos }))
    }
}
