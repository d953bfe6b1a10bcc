//! The legal actions of the pending decision, in a deterministic order, and the check that
//! `apply` makes. The two agree: an action is listed iff `check` accepts it.

use crate::actions::{Action, Pending};
use crate::base;
use crate::board::PlacedTile;
use crate::catalog::LocalFeature;
use crate::errors::RuleError;
use crate::expansions::Modules;
use crate::features::NodeId;
use crate::geometry::Rotation;
use crate::players::Figure;
use crate::table::Table;

/// Calls `visit` with every legal action in order until it returns true: placements by
/// frontier position then rotation; deployments by feature then figure, the modules' actions,
/// then `Pass`; a module's decision in the module's order.
pub(crate) fn each_legal_action(
    table: &Table,
    modules: &Modules,
    pending: Pending,
    mut visit: impl FnMut(Action) -> bool,
) {
    match pending {
        Pending::PlaceTile { tile, .. } => {
            let design = table.design(tile);
            let rules = modules.placement_rules(table, tile);
            for cell in table.board.frontier() {
                let mut rotations = design.rotations_fitting(cell.code);
                if rotations != 0 && !rules.is_empty() && !modules.allows_position(rules, table, tile, cell.pos) {
                    continue;
                }
                while rotations != 0 {
                    let rotation = Rotation::ALL[rotations.trailing_zeros() as usize];
                    rotations &= rotations - 1;
                    if !rules.is_empty() && modules.check_place(rules, table, tile, cell.pos, rotation).is_err() {
                        continue;
                    }
                    if visit(Action::Place { pos: cell.pos, rotation }) {
                        return;
                    }
                }
            }
            if table.rules.variants.mountains
                && crate::expansions::mountains::each_site(table, modules, tile, &mut visit)
            {
                return;
            }
            // Bridges, Castles & Bazaars: the placements only a bridge makes legal.
            modules.each_bridged_placement(table, tile, &mut visit);
        }
        Pending::Deploy { player, .. } => {
            // The figures in supply, in `Figure::ALL` order, found once for every feature.
            let state = &table.players[player as usize];
            let (mut available, mut count) = ([Figure::Follower; Figure::ALL.len()], 0);
            // "The dash": a round bought deploys a follower only.
            let followers_only = modules.dashing();
            for figure in Figure::ALL {
                if state.in_supply(figure) > 0
                    && figure.stands_on_features()
                    && (!followers_only || figure.is_follower())
                {
                    available[count] = figure;
                    count += 1;
                }
            }
            // A princess that must remove a knight leaves only the modules' actions.
            let only_modules = modules.only_figure_actions(table, player);
            let placement = table.board.placement(modules.deploy_target(table));
            if only_modules {
                count = 0;
            }
            if count > 0 {
                for (i, spec) in table.design(placement.tile).features.iter().enumerate() {
                    // The feature is found once for all the figures; on an occupied feature only
                    // the figures that join their owner's follower (builder, pig) are tried, on
                    // an empty one only the others, and each only on the kinds it stands on.
                    let root = table.features.find(placement.first_node + i as NodeId);
                    let occupied = table.features.figure_count(root) > 0;
                    // The Labyrinths' advanced variant: followers may join an occupied road on
                    // the labyrinth just placed (the dispatch's check decides).
                    let labyrinth = occupied && spec.attrs.labyrinth;
                    for &figure in &available[..count] {
                        // Hills & Sheep: the shepherd occupies nothing and may share its field with
                        // farmers, so it is tried on every field.
                        if (occupied == figure.joins_a_follower()
                            || (labyrinth && figure.is_follower())
                            || !figure.occupies())
                            && figure.may_stand_on(spec.kind)
                            && modules.check_deploy(table, figure, spec, root).is_ok()
                            && visit(Action::Deploy { figure, feature: i as LocalFeature })
                        {
                            return;
                        }
                    }
                }
            }
            if modules.figure_actions(table, player, only_modules, &mut visit) || only_modules {
                return;
            }
            visit(Action::Pass);
        }
        Pending::GameOver => {}
        decision => modules.each_decision(table, decision, visit),
    }
}

/// The number of legal actions, without listing them where it can be counted directly (the
/// placements of a tile without placement rules of its own, or whose rules depend on the
/// position alone). The base game's arm comes first and stays as it is: folding the two
/// arms into one, with the tile's rules found once, made the base game's random games
/// about a sixth slower.
#[inline]
pub(crate) fn legal_action_count(table: &Table, modules: &Modules, pending: Pending) -> usize {
    match pending {
        Pending::PlaceTile { tile, .. }
            if modules.placement_rules(table, tile).is_empty() && !modules.may_bridge(table) =>
        {
            let design = table.design(tile);
            let placements: usize =
                table.board.frontier().iter().map(|cell| design.placements_fitting(cell.code)).sum();
            placements + mountain_sites(table, modules, tile)
        }
        Pending::PlaceTile { tile, .. }
            if modules.position_only(modules.placement_rules(table, tile)) && !modules.may_bridge(table) =>
        {
            let rules = modules.placement_rules(table, tile);
            let design = table.design(tile);
            table
                .board
                .frontier()
                .iter()
                .filter(|cell| {
                    design.placements_fitting(cell.code) != 0 && modules.allows_position(rules, table, tile, cell.pos)
                })
                .map(|cell| design.placements_fitting(cell.code))
                .sum::<usize>()
                + mountain_sites(table, modules, tile)
        }
        _ => {
            let mut n = 0;
            each_legal_action(table, modules, pending, |_| {
                n += 1;
                false
            });
            n
        }
    }
}

/// The variation "Mountains": how many mountains the drawn `tile` may become (none without it).
#[inline]
fn mountain_sites(table: &Table, modules: &Modules, tile: crate::catalog::TileId) -> usize {
    if !table.rules.variants.mountains {
        return 0;
    }
    let mut n = 0;
    crate::expansions::mountains::each_site(table, modules, tile, &mut |_| {
        n += 1;
        false
    });
    n
}

/// The `n`-th legal action, skipping whole positions where placements can be counted.
#[inline]
pub(crate) fn nth_legal_action(table: &Table, modules: &Modules, pending: Pending, n: usize) -> Option<Action> {
    let [action] = nth_legal_actions(table, modules, pending, [n]);
    action
}

/// The legal actions at indices `ns` of the listing (ascending, repeats allowed), found in one
/// pass: `[nth_legal_action(n) for n in ns]` for a playout that draws several actions at once.
pub(crate) fn nth_legal_actions<const N: usize>(
    table: &Table,
    modules: &Modules,
    pending: Pending,
    ns: [usize; N],
) -> [Option<Action>; N] {
    debug_assert!(ns.windows(2).all(|w| w[0] <= w[1]), "ascending indices");
    let mut found = [None; N];
    let mut next = 0;
    if let Pending::PlaceTile { tile, .. } = pending {
        let rules = modules.placement_rules(table, tile);
        if (rules.is_empty() || modules.position_only(rules))
            && !table.rules.variants.mountains
            && !modules.may_bridge(table)
        {
            let design = table.design(tile);
            let mut before = 0;
            for cell in table.board.frontier() {
                let count = design.placements_fitting(cell.code);
                // No test of `count == 0` where there are no rules: a position without
                // placements adds nothing and matches no index (`ns[next] >= before`), and a
                // branch on it, taken about half of the time at random, cost more than the
                // rest of the walk.
                if !rules.is_empty() && (count == 0 || !modules.allows_position(rules, table, tile, cell.pos)) {
                    continue;
                }
                let rotations = design.rotations_fitting(cell.code);
                while next < N && ns[next] < before + count {
                    let mut left = rotations;
                    for _ in 0..ns[next] - before {
                        left &= left - 1;
                    }
                    let rotation = Rotation::ALL[left.trailing_zeros() as usize];
                    found[next] = Some(Action::Place { pos: cell.pos, rotation });
                    next += 1;
                }
                if next == N {
                    break;
                }
                before += count;
            }
            return found;
        }
    }
    let mut index = 0;
    each_legal_action(table, modules, pending, |action| {
        while next < N && ns[next] == index {
            found[next] = Some(action);
            next += 1;
        }
        index += 1;
        next == N
    });
    found
}

/// Whether `action` is legal for the pending decision (the test `apply` makes first).
pub(crate) fn check(table: &Table, modules: &Modules, pending: Pending, action: Action) -> Result<(), RuleError> {
    match (pending, action) {
        (Pending::GameOver, _) => Err(RuleError::GameOver),
        (Pending::PlaceTile { tile, .. }, Action::Place { pos, rotation }) => {
            base::check_fit(table, tile, pos, rotation)?;
            modules.check_place(modules.placement_rules(table, tile), table, tile, pos, rotation)
        }
        (Pending::PlaceTile { tile, .. }, Action::RaiseMountain { pos }) if table.rules.variants.mountains => {
            let mut found = false;
            crate::expansions::mountains::each_site(table, modules, tile, &mut |a| {
                found = a == action;
                found
            });
            if found {
                Ok(())
            } else {
                Err(RuleError::NoMountainThere(pos))
            }
        }
        (Pending::PlaceTile { tile, .. }, Action::PlaceBridged { .. }) => {
            modules.check_bridged_placement(table, tile, action)
        }
        (Pending::PlaceTile { .. }, _) => Err(RuleError::wrong_decision(pending, action)),
        (Pending::Deploy { player, .. }, Action::Deploy { .. } | Action::Pass)
            if modules.only_figure_actions(table, player) =>
        {
            Err(RuleError::PrincessMustRemove)
        }
        (Pending::Deploy { player, .. }, Action::Deploy { figure, feature }) => {
            let state = &table.players[player as usize];
            if state.in_supply(figure) == 0 {
                return Err(RuleError::NoFigureInSupply(state.color, figure.name()));
            }
            if modules.dashing() && !figure.is_follower() {
                return Err(RuleError::DashOnlyFollowers);
            }
            check_deploy(table, modules, table.board.placement(modules.deploy_target(table)), feature, figure)
        }
        (Pending::Deploy { .. }, Action::Pass) => Ok(()),
        (decision, action) => modules.check_decision(table, decision, action),
    }
}

/// Deploying `figure` on feature `feature` of the tile just placed, by its module's rules.
fn check_deploy(
    table: &Table,
    modules: &Modules,
    placement: &PlacedTile,
    feature: LocalFeature,
    figure: Figure,
) -> Result<(), RuleError> {
    let spec = table.design(placement.tile).features.get(feature as usize).ok_or(RuleError::NoSuchFeature(feature))?;
    let root = table.features.find(placement.first_node + feature as NodeId);
    modules.check_deploy(table, figure, spec, root)
}
