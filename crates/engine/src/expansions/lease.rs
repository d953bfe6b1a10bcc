//! The variations "A new lease of life" and "The dash" (seed 001, SELECTED VARIATIONS, both by
//! Tobias Stapelfeldt):
//!
//! > Instead of deploying a follower, a player may choose to perform one of the following
//! > actions: 1. Settling down: a thief belonging to the player may be moved to an unoccupied
//! > farm bordering the road. 2. The call of the city: a farmer may be moved to an incomplete
//! > city bordering the farm. 3. Religious war: two of the player's knights may be moved to a
//! > cloister occupied by a monk of an opponent, and the monk returned to the supply. 4. The
//! > highwayman: one of the player's knights may be moved to a road segment on any of the tiles
//! > of the city formerly containing the knight.
//! >
//! > The dash: The same rules apply as for 'A new lease of life'. After every action or
//! > deployment of a follower, the player may sacrifice a point on the scoreboard in order to
//! > carry out a further action or deploy another follower.
//!
//! The moves are figure-phase actions (`Action::MoveFollower`, `Action::ReligiousWar`) offered
//! beside the deployments; the dash keeps the figure phase open for another deployment of a
//! follower or move, each costing a point (`Modules::dash_continues`, `game/turn.rs`). The
//! readings where the passages are silent are listed in docs/rules.md ("A new lease of life",
//! "The dash").

use crate::actions::Action;
use crate::catalog::{FeatureKind, LocalFeature};
use crate::errors::RuleError;
use crate::events::{Event, DASH_COST};
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::{Figure, PlayerId};
use crate::rules::Rules;
use crate::table::Table;

/// The state of the two variations.
#[derive(Clone, Debug, Default)]
pub(crate) struct Lease {
    /// "The dash" is in play (it includes the moves).
    dash: bool,
    /// The current figure phase is a dash round: its deployment or move costs a point.
    dashing: bool,
}

/// The figures a move may take: the player's small and big followers and the phantom (the
/// figures that stand as thieves, farmers, knights and monks alike).
fn movable(figure: Figure) -> bool {
    matches!(figure, Figure::Follower | Figure::BigFollower | Figure::Phantom | Figure::Ringmaster)
}

impl Lease {
    pub(crate) fn new(rules: &Rules) -> Lease {
        Lease { dash: rules.variants.dash, dashing: false }
    }

    pub(crate) fn dash(&self) -> bool {
        self.dash
    }

    pub(crate) fn dashing(&self) -> bool {
        self.dashing
    }

    pub(crate) fn set_dashing(&mut self, dashing: bool) {
        self.dashing = dashing;
    }

    /// The moves of feature kind `from` for `player`'s figure `index`, until `visit` returns
    /// true: settling down (a thief to a farm), the call of the city (a farmer to a city), the
    /// highwayman (a knight to a road), each target feature once, at its first segment found.
    fn each_move_of(table: &Table, index: usize, dragon: Option<Pos>, visit: &mut impl FnMut(Action) -> bool) -> bool {
        let f = &table.figures[index];
        let kind = table.features.kind(f.node);
        let root = table.features.find(f.node);
        let mut targets: Vec<NodeId> = vec![];
        for m in table.features.members(root) {
            let (placement, local) = table.features.segment(m);
            let placed = table.board.placement(placement);
            if Some(placed.pos) == dragon {
                continue;
            }
            let design = table.design(placed.tile);
            let spec = &design.features[local as usize];
            let mut candidates: Vec<LocalFeature> = vec![];
            match kind {
                // Settling down: the fields beside the road's edges on this tile.
                FeatureKind::Road if table.rules.variants.farmers => {
                    for port in spec.ports().filter(|p| p.is_centre()) {
                        for half in port.side().ports() {
                            if let Some(field) = design.feature_at(crate::geometry::Rotation::R0, half) {
                                if design.features[field as usize].kind == FeatureKind::Field {
                                    candidates.push(field);
                                }
                            }
                        }
                    }
                }
                // The call of the city: the cities the farm's segment borders.
                FeatureKind::Field => candidates.extend(spec.borders.iter().copied()),
                // The highwayman: the roads of the city's tiles.
                FeatureKind::City => candidates.extend(
                    design
                        .features
                        .iter()
                        .enumerate()
                        .filter(|(_, s)| s.kind == FeatureKind::Road)
                        .map(|(i, _)| i as u8),
                ),
                _ => {}
            }
            for local in candidates {
                let target = table.features.find(placed.first_node + local as NodeId);
                if targets.contains(&target) || !Self::may_enter(table, kind, target) {
                    continue;
                }
                targets.push(target);
                if visit(Action::MoveFollower { figure: index as u8, pos: placed.pos, feature: local }) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a follower moving off a feature of kind `from` may enter feature `target`: an
    /// unoccupied farm without a barn, an incomplete city, an incomplete unoccupied road.
    fn may_enter(table: &Table, from: FeatureKind, target: NodeId) -> bool {
        let f = &table.features;
        match from {
            FeatureKind::Road => f.figure_count(target) == 0 && !f.has_barn(target),
            FeatureKind::Field => !f.is_closed(target),
            FeatureKind::City => !f.is_closed(target) && f.figure_count(target) == 0,
            _ => false,
        }
    }

    /// The cloisters where religious war may be waged: occupied by an opponent's monk, not on
    /// the dragon's tile, as (tile, feature), each once.
    fn contested_cloisters(table: &Table, player: PlayerId, dragon: Option<Pos>) -> Vec<(Pos, LocalFeature)> {
        let mut cloisters: Vec<(Pos, LocalFeature)> = vec![];
        for f in &table.figures {
            let pos = table.pos_of(f.placement);
            if f.owner != player
                && f.figure.is_follower()
                && table.features.kind(f.node) == FeatureKind::Cloister
                && Some(pos) != dragon
                && !cloisters.contains(&(pos, f.feature))
            {
                cloisters.push((pos, f.feature));
            }
        }
        cloisters
    }

    /// The player's knights (movable followers in cities), as indices into the table's figures.
    fn knights(table: &Table, player: PlayerId) -> Vec<u8> {
        (0..table.figures.len())
            .filter(|&i| {
                let f = &table.figures[i];
                f.owner == player && movable(f.figure) && table.features.kind(f.node) == FeatureKind::City
            })
            .map(|i| i as u8)
            .collect()
    }

    /// Every move `player` may make instead of a deployment, until `visit` returns true: each
    /// figure's moves in the order of the table's figures, then the religious wars by cloister
    /// and pair of knights.
    pub(crate) fn each_action(
        &self,
        table: &Table,
        player: PlayerId,
        dragon: Option<Pos>,
        visit: &mut impl FnMut(Action) -> bool,
    ) -> bool {
        for i in 0..table.figures.len() {
            let f = &table.figures[i];
            if f.owner == player
                && movable(f.figure)
                && first_of_its_kind(table, i, None)
                && Self::each_move_of(table, i, dragon, visit)
            {
                return true;
            }
        }
        let knights = Self::knights(table, player);
        if knights.len() < 2 {
            return false;
        }
        for (pos, feature) in Self::contested_cloisters(table, player, dragon) {
            for (a, &first) in knights.iter().enumerate() {
                if !first_of_its_kind(table, first as usize, None) {
                    continue;
                }
                for &second in &knights[a + 1..] {
                    if !first_of_its_kind(table, second as usize, Some(first as usize)) {
                        continue;
                    }
                    if visit(Action::ReligiousWar { pos, feature, knights: [first, second] }) {
                        return true;
                    }
                }
            }
        }
        false
    }

    pub(crate) fn check(
        &self,
        table: &Table,
        player: PlayerId,
        dragon: Option<Pos>,
        action: Action,
    ) -> Result<(), RuleError> {
        let mut found = false;
        self.each_action(table, player, dragon, &mut |a| {
            found = a == action;
            found
        });
        if found {
            return Ok(());
        }
        Err(match action {
            Action::ReligiousWar { pos, .. } => RuleError::NoReligiousWar(pos),
            Action::MoveFollower { pos, feature, .. } => RuleError::CannotMoveThere(pos, feature),
            _ => unreachable!("dispatched by action"),
        })
    }

    /// A checked move: the figures change features (a monk driven out goes home). Returns the
    /// features followers left, with their owners, for the modules that follow followers.
    pub(crate) fn apply(
        &mut self,
        table: &mut Table,
        player: PlayerId,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Vec<(NodeId, PlayerId)> {
        match action {
            Action::MoveFollower { figure, pos, feature } => {
                vec![(Self::move_figure(table, figure as usize, pos, feature, events), player)]
            }
            Action::ReligiousWar { pos, feature, knights } => {
                let placement = table.board.index_at(pos).expect("checked: a tile");
                let cloister = table.features.find(table.node_of(placement, feature));
                // The knights by serial, before the indices move.
                let knights = knights.map(|k| table.figures[k as usize].serial);
                // The monks go home.
                while let Some(i) =
                    table.figures.iter().position(|f| f.owner != player && table.features.find(f.node) == cloister)
                {
                    let f = table.take_figure(i);
                    events.push(table.returned(&f));
                }
                let mut left = vec![];
                for serial in knights {
                    let i = table.figures.iter().position(|f| f.serial == serial).expect("a knight on the board");
                    left.push((Self::move_figure(table, i, pos, feature, events), player));
                }
                left
            }
            _ => unreachable!("dispatched by action"),
        }
    }

    /// Moves figure `index` onto feature `feature` of the tile at `pos`; returns the feature it
    /// left.
    fn move_figure(
        table: &mut Table,
        index: usize,
        pos: Pos,
        feature: LocalFeature,
        events: &mut Vec<Event>,
    ) -> NodeId {
        let from = table.figures[index];
        let left = table.features.find(from.node);
        let f = table.lift_figure(index);
        let placement = table.board.index_at(pos).expect("checked: a tile");
        table.put_figure(f.owner, f.figure, placement, feature);
        events.push(Event::FollowerMoved {
            player: f.owner,
            figure: f.figure,
            from: table.pos_of(from.placement),
            from_feature: from.feature,
            pos,
            feature,
        });
        left
    }

    /// The dash: `player` pays the point of a dash round's deployment or move.
    pub(crate) fn sacrifice_point(table: &mut Table, player: PlayerId, events: &mut Vec<Event>) {
        let score = &mut table.players[player as usize].score;
        *score = score.saturating_sub(DASH_COST);
        events.push(Event::PointSacrificed { player });
    }
}

/// Whether figure `index` is the first of the figures like it (the same owner and kind on the
/// same feature of the same tile), figure `besides` left aside. Figures like each other are one
/// choice: a record names a figure by its owner, kind and place, and the first one found there
/// is the one that moves, so the engine offers only that one (two knights of a player can share
/// a segment after a call of the city or a religious war).
fn first_of_its_kind(table: &Table, index: usize, besides: Option<usize>) -> bool {
    let f = table.figures[index];
    !table.earlier_on_segment(index, |i, e| Some(i) != besides && (e.owner, e.figure) == (f.owner, f.figure))
}
