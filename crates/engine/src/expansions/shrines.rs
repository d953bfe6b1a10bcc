//! Heretics and Shrines ("The Cult": Hans im Glück's Count, King & Robber 2007 and the Spielbox
//! Almanac 2008, five tiles; Rio Grande's Cult, Siege & Creativity 2008, six; the Wikicarpedia
//! page "Heretics and Shrines (1st edition)", "Placing a tile" and "Deploying a follower"; the
//! Assembled Game Reference's step 3B, "If a heretic or monk completes its feature, determine
//! if a 'race to completion' has been won. If so, return the losing follower to its owner").
//!
//! - A shrine is placed and scored as a cloister (the catalog's `cloister shrine`: a cloister
//!   for every rule of the engine); a follower on it is a heretic.
//! - "A shrine may not be placed adjacent to more than one cloister", nor "a cloister adjacent
//!   to more than one shrine" (the eight tiles around it): a tile with a shrine or a cloister
//!   goes only where it would face at most one building of the other kind, and where that one
//!   faces no other building of the new one's kind ([`cloister_allowed`]; JCloisterZone's
//!   reading, which keeps each building in one race). Shrines beside shrines and cloisters
//!   beside cloisters are no concern. The abbey of Abbey & Mayor is a cloister here too.
//! - The race: a shrine and a cloister next to each other, both occupied, race to completion.
//!   When one is completed and scored with its followers, the other, still incomplete, "loses":
//!   its followers go home and score nothing (`Event::RaceLost`). Both completed by the same
//!   tile: both score. Both incomplete at the end: each scores as an incomplete cloister. One
//!   player may race against themselves ("a player may challenge his or her own monk").
//!
//! Our readings (docs/rules.md, "Heretics and Shrines"): every "cloister" counts as the
//! shrine's rival, the special monasteries and the abbey included, gardens not; a special
//! monastery's prior lies outside the race (it is scored only at the end: only monks race);
//! a race is decided by the state at the winner's completion, however the followers came
//! there (deployed, a wagon, a magic gate, the Count).

use crate::board::PlacementIndex;
use crate::catalog::{FeatureKind, TileId};
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::{Pos, Rotation};
use crate::players::PlayerSet;
use crate::table::Table;

use super::hooks::{Hook, Hooks, Module};

#[derive(Clone, Debug, Default)]
pub(crate) struct Shrines {
    /// Rio Grande's sixth shrine is in the box (`Variants::shrines_sixth_tile`).
    sixth_tile: bool,
    /// Where the cloisters (`[0]`) and the shrines (`[1]`) stand: a dozen at most, so the
    /// placement rule looks through these instead of the eight tiles around every position a
    /// listing tries.
    positions: [Vec<Pos>; 2],
}

impl Shrines {
    pub(crate) fn new(rules: &crate::rules::Rules) -> Shrines {
        Shrines { sixth_tile: rules.variants.shrines_sixth_tile, ..Shrines::default() }
    }

    /// Finds the buildings anew on the board (after "Rebuilding" moved a tile).
    pub(crate) fn refresh(&mut self, table: &Table) {
        self.positions = Default::default();
        for placed in table.board.tiles() {
            let design = table.design(placed.tile);
            if design.cloister.is_some() {
                self.positions[design.is_shrine() as usize].push(placed.pos);
            }
        }
    }

    /// [`cloister_allowed`], from the buildings' positions: the same rule as [`allowed_with`],
    /// written as plain loops over the two short lists (listings call it for every position
    /// they try, and the nested iterators of a shared version were left uninlined once more
    /// modules joined the build, costing a quarter of the time of games with every expansion).
    fn allowed(&self, pos: Pos, shrine: bool) -> bool {
        let near = |a: Pos, b: Pos| a != b && (a.x - b.x).abs() <= 1 && (a.y - b.y).abs() <= 1;
        let mut rival = None;
        for &p in &self.positions[!shrine as usize] {
            if near(p, pos) {
                if rival.is_some() {
                    return false;
                }
                rival = Some(p);
            }
        }
        let Some(rival) = rival else { return true };
        !self.positions[shrine as usize].iter().any(|&p| p != pos && near(p, rival))
    }
}

/// The sixth shrine, Rio Grande's only (the catalog's `shrines:06`).
const RIO_GRANDE_SHRINE: &str = "06";

/// Whether `design` is Rio Grande's sixth shrine and the rules leave it in the box.
pub(crate) fn left_out(rules: &crate::rules::Rules, design: &crate::catalog::TileDesign) -> bool {
    !rules.variants.shrines_sixth_tile && is_sixth_shrine(design)
}

fn is_sixth_shrine(design: &crate::catalog::TileDesign) -> bool {
    design.set == "shrines" && design.name == RIO_GRANDE_SHRINE
}

/// What stands at `pos`: `Some(true)` a shrine, `Some(false)` a cloister of any other kind,
/// `None` neither (or no tile).
fn building_at(table: &Table, pos: Pos) -> Option<bool> {
    let placed = table.board.get(pos)?;
    let design = table.design(placed.tile);
    design.cloister.map(|_| design.is_shrine())
}

/// Whether a shrine (`shrine`) or another cloister may stand at `pos`: it would border at most
/// one building of the other kind, and that one no other building of the new one's kind.
pub(crate) fn cloister_allowed(table: &Table, pos: Pos, shrine: bool) -> bool {
    allowed_with(
        |at| at.ring().into_iter().filter_map(move |p| building_at(table, p).map(|kind| (p, kind))),
        pos,
        shrine,
    )
}

/// The placement rule, given `near(p)`: the buildings on the eight tiles around `p`, with their
/// kinds.
fn allowed_with<I: Iterator<Item = (Pos, bool)>>(near: impl Fn(Pos) -> I, pos: Pos, shrine: bool) -> bool {
    let mut rivals = near(pos).filter(|&(_, kind)| kind != shrine).map(|(p, _)| p);
    let Some(rival) = rivals.next() else { return true };
    rivals.next().is_none() && !near(rival).any(|(p, kind)| p != pos && kind == shrine)
}

/// The occupied, unfinished building of the other kind that the shrine or cloister at `pos`
/// races, if any (its tile and its cloister's root).
pub(crate) fn rival(table: &Table, pos: Pos) -> Option<(Pos, NodeId)> {
    let shrine = building_at(table, pos)?;
    table
        .open_cloisters
        .iter()
        .filter(|&&(at, _)| pos.ring().contains(&at) && building_at(table, at) == Some(!shrine))
        .map(|&(at, node)| (at, table.features.find(node)))
        .find(|&(_, node)| table.features.figure_count(node) > 0)
}

/// [`rival`]'s tile, with the expansion in play (`None` without it).
pub(crate) fn race_rival(table: &Table, pos: Pos) -> Option<Pos> {
    if !table.rules.has(crate::rules::Expansion::Shrines) {
        return None;
    }
    rival(table, pos).map(|(at, _)| at)
}

/// The refusal of a placement that breaks the shrines' rule.
fn refusal(pos: Pos, shrine: bool) -> RuleError {
    RuleError::ShrineRivals { building: if shrine { "shrine" } else { "cloister" }, pos }
}

impl Module for Shrines {
    const HOOKS: Hooks = Hooks::of(&[
        Hook::TakesTile,
        Hook::TilePut,
        Hook::Restricts,
        Hook::AllowsPosition,
        Hook::CheckPlace,
        Hook::PositionOnly,
        Hook::FeatureCompleted,
    ]);

    /// Hans im Glück's box has five shrines; the sixth is Rio Grande's.
    fn takes_tile(&mut self, _id: TileId, design: &crate::catalog::TileDesign, count: u8) -> u8 {
        if !self.sixth_tile && is_sixth_shrine(design) {
            count
        } else {
            0
        }
    }

    fn tile_put(&mut self, table: &mut Table, placement: PlacementIndex) {
        let placed = table.board.placement(placement);
        let design = table.design(placed.tile);
        if design.cloister.is_some() {
            self.positions[design.is_shrine() as usize].push(placed.pos);
        }
    }

    /// A tile with a shrine or a cloister, once a building of the other kind is on the board
    /// (before, the edge rule alone decides, and listings count fast).
    fn restricts(&self, table: &Table, tile: TileId) -> bool {
        let design = table.design(tile);
        design.cloister.is_some() && !self.positions[!design.is_shrine() as usize].is_empty()
    }

    fn allows_position(&self, table: &Table, tile: TileId, pos: Pos) -> bool {
        self.allowed(pos, table.design(tile).is_shrine())
    }

    fn check_place(&self, table: &Table, tile: TileId, pos: Pos, _rotation: Rotation) -> Result<(), RuleError> {
        let shrine = table.design(tile).is_shrine();
        if self.allowed(pos, shrine) {
            Ok(())
        } else {
            Err(refusal(pos, shrine))
        }
    }

    /// The race: a shrine or cloister completed and scored with followers on it sends home
    /// the followers of the incomplete building of the other kind next to it.
    fn feature_completed(&mut self, table: &mut Table, root: NodeId, players: PlayerSet, events: &mut Vec<Event>) {
        if players.is_empty() || table.features.kind(root) != FeatureKind::Cloister {
            return;
        }
        let (winner, _) = table.locate(root);
        // The placement rule leaves each building one rival at most; a layout that broke it
        // (an explicit record of an older engine) would see every rival lose, one by one.
        while let Some((pos, loser)) = rival(table, winner) {
            let (_, feature) = table.locate(loser);
            events.push(Event::RaceLost { pos, feature, winner });
            table.return_figures(loser, events);
        }
    }
}
