//! The Watchtowers (Hans im Glück through CundCo 2016, second edition only; the Wikicarpedia
//! page "The Watchtowers", "Scoring a feature" and "Final Scoring"; the Assembled Game
//! Reference's step 3B, "Perform watchtower scoring for completed roads or cities for you and
//! any other players with followers on a watchtower (no majority applied)").
//!
//! - Twelve tiles, each with a watchtower in its middle. The tower is no feature: no figure
//!   stands on it (the page's "2. Placing a meeple").
//! - When a completed road or city is scored and a follower stands on its segment of a
//!   watchtower's tile, that follower's owner scores the tower first, then the feature is
//!   scored as usual. The tower counts what it watches over on its own tile and the eight around
//!   it, "as in a monastery scoring": 2 points per follower, 2 per coat of arms, 1 per tile
//!   showing a road, 3 per monastery, or 1 per tile showing a city (the catalog's watchtower
//!   symbols). No majority applies: every such follower scores it for its owner.
//! - Farmers never set a tower off ("Farmers do not trigger scoring for watchtowers"), nor does
//!   anything at the end of the game ("Watchtowers do not provide points after the game").
//! - Gardens are no monasteries (seed 000's footnote 19 on The Abbot, whose community reading
//!   names the watchtowers' bonus for monasteries); shrines, abbeys and the special monasteries
//!   are.
//!
//! Our readings (docs/rules.md, "The Watchtowers"): "a meeple" is a follower, any follower (a
//! big follower, a mayor, a wagon; not a builder, a pig or a barn), of any player, wherever it
//! stands on the nine tiles (the followers of the feature being scored included: the tower is
//! scored before they go home); each follower on the feature's segments of a watchtower's tile
//! scores that tower once; a tower scored when the feature is scored sees the board of that
//! moment (step 3B is taken feature by feature, so the followers of a feature scored before it
//! in the same turn have gone home).

use crate::catalog::{FeatureKind, Symbol, TileDesign};
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::table::Table;

use super::hooks::{Hook, Hooks, Module};

#[derive(Clone, Debug, Default)]
pub(crate) struct Watchtowers;

/// The watchtower of a tile, if it has one: what it watches over.
pub(crate) fn watchtower(design: &TileDesign) -> Option<Symbol> {
    design.symbols.iter().copied().find(|s| s.is_watchtower())
}

/// Points per thing a watchtower watching over `watches` counts (the tower's own symbol).
pub(crate) const fn points_per(watches: Symbol) -> u32 {
    match watches.watchtower() {
        Some((_, points)) => points,
        None => 0,
    }
}

/// How many of the things a watchtower at `pos` watches over stand on its tile and the eight
/// around it now.
pub(crate) fn watched(table: &Table, pos: Pos, watches: Symbol) -> u16 {
    let near = |at: Pos| (at.x - pos.x).abs() <= 1 && (at.y - pos.y).abs() <= 1;
    if watches == Symbol::WatchtowerFollowers {
        let followers = table.figures.iter().filter(|f| f.figure.is_follower() && near(table.pos_of(f.placement)));
        return followers.count() as u16;
    }
    let has = |design: &TileDesign, kind: FeatureKind| design.features.iter().any(|f| f.kind == kind);
    std::iter::once(pos)
        .chain(pos.ring())
        .filter_map(|at| table.board.get(at).map(|placed| table.design(placed.tile)))
        .map(|design| match watches {
            Symbol::WatchtowerArms => {
                design.features.iter().filter(|f| f.kind == FeatureKind::City).map(|f| u16::from(f.pennants)).sum()
            }
            Symbol::WatchtowerRoads => u16::from(has(design, FeatureKind::Road)),
            Symbol::WatchtowerMonasteries => u16::from(design.cloister.is_some()),
            _ => u16::from(has(design, FeatureKind::City)),
        })
        .sum()
}

impl Module for Watchtowers {
    const HOOKS: Hooks = Hooks::of(&[Hook::BeforePayment]);

    /// Each follower on the completed road's or city's segment of a watchtower's tile scores
    /// that tower for its owner, before the feature pays.
    fn before_payment(&mut self, table: &mut Table, root: NodeId, events: &mut Vec<Event>) {
        if !matches!(table.features.kind(root), FeatureKind::Road | FeatureKind::City)
            || table.features.figure_count(root) == 0
        {
            return;
        }
        for i in 0..table.figures.len() {
            let f = table.figures[i];
            if !f.figure.is_follower() || table.features.find(f.node) != root {
                continue;
            }
            let placed = table.board.placement(f.placement);
            let Some(watches) = watchtower(table.design(placed.tile)) else { continue };
            let pos = placed.pos;
            let count = watched(table, pos, watches);
            let points = u32::from(count) * points_per(watches);
            if points > 0 {
                table.players[f.owner as usize].score += points;
                events.push(Event::WatchtowerScored { player: f.owner, pos, watches, count, points });
            }
        }
    }
}
