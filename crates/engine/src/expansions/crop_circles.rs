//! The Crop Circles (Hans im Glück: Crop Circles I, 2010, and Crop Circles II, 2012, reprinted
//! as the mini expansion #7 of the second edition; the Wikicarpedia pages "Crop Circles (1st
//! edition)" and "Crop Circles"; the assembled reference's step 4A): twelve land tiles with a
//! crop circle showing a shield (knights), a club (thieves) or a pitchfork (farmers).
//!
//! - **The choice** (step 4A, after the tile's turn and its scoring): whoever placed the tile
//!   decides between A, every player *may* deploy a follower from supply next to one of their
//!   followers of the circle's kind, and B, every player *must* take one of their followers of
//!   that kind back to supply.
//! - **The order**: the players act one after the other, from the left of whoever placed the
//!   tile, who acts last. A player with no follower of the kind on the board is passed over.
//! - **The kinds**: a shield concerns the followers in cities ("any follower that can be put in
//!   a city is considered to be a knight", the publisher's clarification on the first edition's
//!   page), a club those on roads, a pitchfork those in fields.
//! - **Next to** (Hans im Glück's rules): the added follower stands on the same feature of the
//!   same tile as one of the player's followers of the kind. Any follower in supply that may
//!   stand on that feature may be added: a follower, a big follower, a mayor in a city, a
//!   wagon off the fields.
//! - **After it**, the turn goes on with what is still pending (the Cathars' escape, the
//!   builder's second tile: the clarification on the first edition's page).
//!
//! The variant `crop-circles-zmg` (the Z-Man Games rules, the footnotes of the page "Crop
//! Circles"): a player who can add a follower must, and may add it on any tile of a feature
//! where they have one.
//!
//! Our readings where the sources are silent (docs/rules.md, "The Crop Circles"): when no
//! player has a follower of the kind on the board, both actions would change nothing and no
//! choice is asked; only followers count and move (a builder, a pig or a barn is neither added
//! nor taken back); the fairy stays where it is; a builder or pig whose owner's last follower
//! left its feature goes home, as after any follower's leaving; no follower is added on the
//! dragon's tile.

use crate::actions::{Action, FigureSpot, Pending};
use crate::board::PlacementIndex;
use crate::catalog::{FeatureKind, LocalFeature};
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::{Figure, PlayerId};
use crate::rules::Rules;
use crate::table::Table;

use super::hooks::{Hook, HookPoint, Hooks, Module};

#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CropCircles {
    /// The Z-Man Games reading (`Variants::crop_circles_zmg`).
    zmg: bool,
}

impl CropCircles {
    pub(crate) fn new(rules: &Rules) -> CropCircles {
        CropCircles { zmg: rules.variants.crop_circles_zmg }
    }

    /// Whether figure `i` is one of `player`'s followers on a feature of `kind`.
    fn concerned(table: &Table, i: usize, player: PlayerId, kind: FeatureKind) -> bool {
        let f = &table.figures[i];
        f.owner == player && f.figure.is_follower() && table.features.kind(f.node) == kind
    }

    fn has_follower_of(table: &Table, player: PlayerId, kind: FeatureKind) -> bool {
        (0..table.figures.len()).any(|i| Self::concerned(table, i, player, kind))
    }

    /// The spots where `player` may add a follower: each feature of a tile where one of their
    /// followers of `kind` stands (under the Z-Man Games reading, every tile's part of a feature
    /// holding one), once each, in the figures' order; never on the dragon's tile.
    fn spots(
        &self,
        table: &Table,
        player: PlayerId,
        kind: FeatureKind,
        dragon: Option<Pos>,
    ) -> Vec<(PlacementIndex, LocalFeature)> {
        let mut spots: Vec<(PlacementIndex, LocalFeature)> = Vec::new();
        let mut add = |spot: (PlacementIndex, LocalFeature)| {
            if !spots.contains(&spot) && dragon != Some(table.pos_of(spot.0)) {
                spots.push(spot);
            }
        };
        for i in 0..table.figures.len() {
            if !Self::concerned(table, i, player, kind) {
                continue;
            }
            let f = &table.figures[i];
            if self.zmg {
                let root = table.features.find(f.node);
                for member in table.features.members(root) {
                    let (placement, feature) = table.features.segment(member);
                    if !table.design(table.board.placement(placement).tile).partial {
                        add((placement, feature));
                    }
                }
            } else {
                add((f.placement, f.feature));
            }
        }
        spots
    }

    /// The kinds of follower `player` may add on a feature of `kind`, from their supply.
    fn addable(table: &Table, player: PlayerId, kind: FeatureKind) -> impl Iterator<Item = Figure> + '_ {
        let state = &table.players[player as usize];
        Figure::FOLLOWERS.into_iter().filter(move |&f| state.in_supply(f) > 0 && f.may_stand_on(kind))
    }

    /// Whether `player` has anything to do in the action: a follower of `kind` on the board and,
    /// for an addition, a follower in supply that may join it.
    fn acts(&self, table: &Table, player: PlayerId, kind: FeatureKind, add: bool, dragon: Option<Pos>) -> bool {
        if !Self::has_follower_of(table, player, kind) {
            return false;
        }
        // For an addition, a follower of the supply that fits one of the places (no farmer on a
        // farm with a barn), so that the decision always offers an addition or a pass.
        !add || {
            let spots = self.spots(table, player, kind, dragon);
            Self::addable(table, player, kind).any(|figure| {
                spots.iter().any(|&(placement, feature)| Self::fits(table, figure, placement, feature).is_ok())
            })
        }
    }

    /// The next player to act, clockwise from the left of `by` (who chose) and ending with
    /// `by`, after `acted` (`None` when the choice was just made): the decision they are asked
    /// for, or `None` when every player has acted.
    pub(crate) fn next(
        &self,
        table: &Table,
        by: PlayerId,
        acted: Option<PlayerId>,
        kind: FeatureKind,
        add: bool,
        dragon: Option<Pos>,
    ) -> Option<Pending> {
        if acted == Some(by) {
            return None;
        }
        let n = table.players.len();
        let start = acted.unwrap_or(by) as usize;
        // The seats after `start`, up to `by`: every seat, `by` last, right after the choice.
        let count = match (by as usize + n - start) % n {
            0 => n,
            left => left,
        };
        for step in 1..=count {
            let player = ((start + step) % n) as PlayerId;
            if self.acts(table, player, kind, add, dragon) {
                return Some(if add {
                    Pending::CropAdd { player, by, kind }
                } else {
                    Pending::CropRemove { player, by, kind }
                });
            }
        }
        None
    }

    /// The legal actions of the crop circle's decisions, until `visit` returns true.
    pub(crate) fn each_choice(
        &self,
        table: &Table,
        pending: Pending,
        dragon: Option<Pos>,
        mut visit: impl FnMut(Action) -> bool,
    ) {
        match pending {
            Pending::CropCircle { .. } => {
                let _ = visit(Action::CropCircle { add: true }) || visit(Action::CropCircle { add: false });
            }
            Pending::CropAdd { player, kind, .. } => {
                for (placement, feature) in self.spots(table, player, kind, dragon) {
                    let pos = table.pos_of(placement);
                    for figure in Self::addable(table, player, kind) {
                        if Self::fits(table, figure, placement, feature).is_ok()
                            && visit(Action::DeployAt { pos, figure, feature })
                        {
                            return;
                        }
                    }
                }
                if !self.zmg {
                    visit(Action::Pass);
                }
            }
            Pending::CropRemove { player, kind, .. } => {
                for i in 0..table.figures.len() {
                    let f = &table.figures[i];
                    if Self::concerned(table, i, player, kind)
                        && !table.earlier_on_segment(i, |_, e| e.owner == player && e.figure == f.figure)
                    {
                        let spot = FigureSpot::Feature { pos: table.pos_of(f.placement), feature: f.feature };
                        if visit(Action::ReturnFigure { figure: f.figure, spot }) {
                            return;
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// The added figure's own rule on the feature: the mayor in a city, the wagon off the
    /// fields (both by `may_stand_on`), no farmer on a farm with a barn.
    fn fits(table: &Table, figure: Figure, placement: PlacementIndex, feature: LocalFeature) -> Result<(), RuleError> {
        let node = table.board.placement(placement).first_node + feature as NodeId;
        let kind = table.features.kind(node);
        if !figure.may_stand_on(kind) {
            return Err(RuleError::CropFigureDoesNotFit(figure.name(), kind));
        }
        if kind == FeatureKind::Field && table.features.has_barn(table.features.find(node)) {
            return Err(RuleError::FarmHasBarn);
        }
        Ok(())
    }

    pub(crate) fn check(
        &self,
        table: &Table,
        pending: Pending,
        action: Action,
        dragon: Option<Pos>,
    ) -> Result<(), RuleError> {
        match (pending, action) {
            (Pending::CropCircle { .. }, Action::CropCircle { .. }) => Ok(()),
            (Pending::CropAdd { .. }, Action::Pass) if self.zmg => Err(RuleError::CropAdditionRequired),
            (Pending::CropAdd { .. }, Action::Pass) => Ok(()),
            (Pending::CropAdd { player, kind, .. }, Action::DeployAt { pos, figure, feature }) => {
                let state = &table.players[player as usize];
                if !figure.is_follower() {
                    return Err(RuleError::CropFigureDoesNotFit(figure.name(), kind));
                }
                if state.in_supply(figure) == 0 {
                    return Err(RuleError::NoFigureInSupply(state.color, figure.name()));
                }
                let placement =
                    table.board.index_at(pos).ok_or(RuleError::NotBesideYourFollower(kind, pos, feature))?;
                if !self.spots(table, player, kind, dragon).contains(&(placement, feature)) {
                    return Err(RuleError::NotBesideYourFollower(kind, pos, feature));
                }
                Self::fits(table, figure, placement, feature)
            }
            (
                Pending::CropRemove { player, kind, .. },
                Action::ReturnFigure { figure, spot: FigureSpot::Feature { pos, feature } },
            ) => {
                let found = table.figure_at_where(pos, feature, |f| f.owner == player && f.figure == figure);
                match found {
                    Some(i) if Self::concerned(table, i, player, kind) => Ok(()),
                    _ => Err(RuleError::NoCropFollowerThere(figure.name(), kind, pos, feature)),
                }
            }
            _ => Err(RuleError::wrong_decision(pending, action)),
        }
    }

    /// Applies a checked action: the next decision of the crop circle, and for a follower taken
    /// back, the feature it left with its owner (for `Modules::follower_left`).
    pub(crate) fn apply(
        &self,
        table: &mut Table,
        pending: Pending,
        action: Action,
        dragon: Option<Pos>,
        events: &mut Vec<Event>,
    ) -> (Option<Pending>, Option<(NodeId, PlayerId)>) {
        match (pending, action) {
            (Pending::CropCircle { player, kind }, Action::CropCircle { add }) => {
                events.push(Event::CropCircleChosen { player, kind, add });
                (self.next(table, player, None, kind, add, dragon), None)
            }
            (Pending::CropAdd { player, by, kind }, Action::DeployAt { pos, figure, feature }) => {
                let placement = table.board.index_at(pos).expect("checked: a tile");
                table.deploy(player, figure, placement, feature);
                events.push(Event::CropFollowerAdded { player, figure, pos, feature });
                (self.next(table, by, Some(player), kind, true, dragon), None)
            }
            (Pending::CropAdd { player, by, kind }, _) => {
                (self.next(table, by, Some(player), kind, true, dragon), None)
            }
            (
                Pending::CropRemove { player, by, kind },
                Action::ReturnFigure { figure, spot: FigureSpot::Feature { pos, feature } },
            ) => {
                let i = table.figure_at_where(pos, feature, |f| f.owner == player && f.figure == figure);
                let f = table.take_figure(i.expect("checked: the follower"));
                events.push(Event::CropFollowerRemoved { player, figure, pos, feature });
                let left = (table.features.find(f.node), player);
                (self.next(table, by, Some(player), kind, false, dragon), Some(left))
            }
            _ => (None, None),
        }
    }
}

impl Module for CropCircles {
    const HOOKS: Hooks = Hooks::of(&[Hook::At]);

    /// 4A: a crop circle on the tile just placed asks its player for the choice, unless no
    /// player has a follower of its kind on the board (both actions would change nothing).
    fn at(
        &mut self,
        point: HookPoint,
        table: &mut Table,
        _dragon: Option<Pos>,
        _events: &mut Vec<Event>,
    ) -> Option<Pending> {
        if point != HookPoint::TileActions {
            return None;
        }
        let placed = table.last_placement();
        let kind = table.design(placed.tile).symbols.iter().find_map(|s| s.crop_circle())?;
        let anyone = table.figures.iter().any(|f| f.figure.is_follower() && table.features.kind(f.node) == kind);
        anyone.then_some(Pending::CropCircle { player: table.current, kind })
    }
}
