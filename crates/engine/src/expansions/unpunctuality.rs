//! The official variation "Follower unpunctuality" by Bernd Eisenstein (seed 001, SELECTED
//! VARIATIONS): "A player may not deploy a follower to the tile just placed, but only to one
//! which has already been placed (according to the usual rules for deployment, of course)."
//!
//! Our readings (docs/rules.md): the followers are the figures that are followers (small and
//! big followers, the abbot, the mayor, the wagon); the builder, the pig and the barn, which are
//! no followers, still go on the tile just placed. "The usual rules for deployment" apply on the
//! earlier tile: the feature holds no figure and the figure's own rule allows it (the abbot on a
//! cloister or garden, the mayor in a city, the wagon not on a farm, no farmer on a barn's
//! farm). A feature completed before this turn is not open to a deployment (it was scored and
//! will not be again); one the tile just placed completes is, and is scored this turn, as a
//! follower on the tile itself would be. No follower goes onto the dragon's tile nor onto a tile
//! of the city of Carcassonne (where no figure is deployed). The deployment is recorded as a
//! deployment with its tile (`Action::DeployAt`, as through a magic gate, which this variation
//! makes needless for followers).

use crate::actions::Action;
use crate::base;
use crate::board::PlacementIndex;
use crate::catalog::{FeatureKind, FeatureSpec, LocalFeature};
use crate::errors::RuleError;
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::{Figure, PlayerId};
use crate::table::Table;

use super::hooks::{Hook, Hooks, Module};

#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Unpunctuality;

impl Unpunctuality {
    /// Deploying `figure` on feature `feature` of the earlier tile `placement`, by the usual
    /// rules.
    pub(crate) fn check_earlier(
        table: &Table,
        placement: PlacementIndex,
        feature: LocalFeature,
        figure: Figure,
        dragon: Option<Pos>,
    ) -> Result<(), RuleError> {
        let placed = table.board.placement(placement);
        let pos = placed.pos;
        let design = table.design(placed.tile);
        if placement == table.last_placement_index() || dragon == Some(pos) || design.partial {
            return Err(RuleError::NotAnEarlierTile(pos));
        }
        if !figure.is_follower() {
            return Err(RuleError::NotAnEarlierTile(pos));
        }
        let spec = design.features.get(feature as usize).ok_or(RuleError::NoSuchFeature(feature))?;
        let root = table.features.find(placed.first_node + feature as NodeId);
        Self::figure_rule(table, figure, spec, root)?;
        if Self::completed_before(table, spec.kind, root) {
            return Err(RuleError::FeatureCompleted(spec.kind));
        }
        Ok(())
    }

    /// The figure's own deployment rule.
    fn figure_rule(table: &Table, figure: Figure, spec: &FeatureSpec, root: NodeId) -> Result<(), RuleError> {
        match figure {
            Figure::Abbot => super::abbot::check_deploy(table, spec, root),
            Figure::Mayor | Figure::Wagon => super::abbey_mayor::check_deploy(table, figure, spec, root),
            _ => base::check_follower(table, spec, root),
        }
    }

    /// Whether a feature was completed before this turn's tile: a road or city with no open edge
    /// and no segment on the tile just placed, a cloister or garden no longer watched.
    fn completed_before(table: &Table, kind: FeatureKind, root: NodeId) -> bool {
        match kind {
            FeatureKind::Road | FeatureKind::City => {
                let last = table.last_placement_index();
                table.features.is_closed(root)
                    && !table.features.members(root).any(|m| table.features.segment(m).0 == last)
            }
            FeatureKind::Cloister | FeatureKind::Garden => {
                !table.open_cloisters.iter().any(|&(_, node)| table.features.find(node) == root)
            }
            _ => false,
        }
    }

    /// The deployments to earlier tiles, by tile, feature and figure, until `visit` returns
    /// true (then returns true).
    pub(crate) fn actions(
        &self,
        table: &Table,
        player: PlayerId,
        dragon: Option<Pos>,
        visit: &mut impl FnMut(Action) -> bool,
    ) -> bool {
        let (figures, count) = table.players[player as usize].figures_in_supply(Figure::FOLLOWERS);
        if count == 0 {
            return false;
        }
        for placement in 0..table.last_placement_index() {
            let placed = table.board.placement(placement);
            let design = table.design(placed.tile);
            if dragon == Some(placed.pos) || design.partial {
                continue;
            }
            for (feature, spec) in design.features.iter().enumerate() {
                let root = table.features.find(placed.first_node + feature as NodeId);
                if table.features.figure_count(root) > 0 || Self::completed_before(table, spec.kind, root) {
                    continue;
                }
                for &figure in &figures[..count] {
                    if figure.may_stand_on(spec.kind)
                        && Self::figure_rule(table, figure, spec, root).is_ok()
                        && visit(Action::DeployAt { pos: placed.pos, figure, feature: feature as LocalFeature })
                    {
                        return true;
                    }
                }
            }
        }
        false
    }
}

impl Module for Unpunctuality {
    const HOOKS: Hooks = Hooks::of(&[Hook::RestrictDeploy]);

    /// No follower on the tile just placed.
    fn restrict_deploy(&self, _table: &Table, figure: Figure, _spec: &FeatureSpec) -> Result<(), RuleError> {
        if figure.is_follower() {
            return Err(RuleError::Unpunctual);
        }
        Ok(())
    }
}
