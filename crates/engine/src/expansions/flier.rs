//! The Flier (Hans im Glück 2012, Mini #1, reprinted in Big Box 6; the Wikicarpedia page "The
//! Flier" with its footnotes; the Assembled Game Reference's steps 2B-1, "The flier and magic
//! portal can be used, if present on the tile", and 2B-2, the phantom's use of "the flier ... as
//! long as [it was] not used in Step 2B-1"; JCloisterZone's `FlierCapability` and
//! `FlierActionPhase` as a second opinion): 8 land tiles with a flying machine, and a flight die
//! showing 1, 1, 2, 2, 3 and 3.
//!
//! - **Flying** (step 2B-1, [`Action::Fly`]). After placing a tile with a flying machine, the
//!   player may, instead of deploying normally, put a follower from their supply on the machine
//!   ("Any meeple (regular meeple, large meeple, mayor, wagon, ringmaster, abbot, phantom) can be
//!   a flier"). The die is rolled: the follower flies that many tiles (1 to 3) in a straight line
//!   the way the machine's arrow points, along a row or column or diagonally.
//! - **Landing** ([`Pending::FlierLanding`], [`Action::Land`]). On the tile it reaches it must
//!   land, where it can, on "any incomplete feature ... even if that feature is already occupied
//!   by other meeples", but "never ... in a field"; a feature the tile just placed completed is
//!   complete (2012 ruling). It lands where that follower may stand: the mayor in a city only
//!   (2/2013), the abbot on a monastery or garden only (3/2015), the wagon on a road, city or
//!   monastery. Not in the city of Carcassonne itself (its tiles), nor on the dragon's tile.
//! - **Crashing.** With no tile there, or nothing there it may land on, the follower goes back
//!   to the supply, and the player deploys nothing else this turn (the phantom's own step aside).
//! - **The phantom.** The phantom may fly like any follower; "if you first use a normal
//!   follower as a flier then the second figure (the Phantom) cannot also use the flying
//!   machine" (5/2013): step 2B-2 offers the flight only where step 2B-1 did not fly.
//! - **Scoring** is the base game's: several followers landed on one monastery or other
//!   one-follower feature share it, and the majority scores it.
//!
//! The die (this program's reading, docs/rules.md, "The Flier"): a roll is drawn from the game's
//! seed, mixed with how many tiles lie on the board, so that a seed gives the same rolls on
//! every machine; a game sampled for a bot (`Observation::sample_game`) takes another seed, so
//! bots cannot foresee a roll. A game dealt from an explicit order rolls from seed 0 the same
//! way. The flying machine is offered whenever the player has a follower that could fly, even
//! where no tile lies within reach (the rules put no condition on it; JCloisterZone offers it
//! only where some landing is within reach).

use crate::actions::{Action, Pending};
use crate::catalog::{FeatureKind, LocalFeature, Symbol};
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::{Pos, Side};
use crate::players::{Figure, PlayerId};
use crate::table::Table;

use super::hooks::{Hook, HookPoint, Hooks, Module};

/// The flight die's faces: two each of 1, 2 and 3.
pub const FLIGHT_DIE: [u8; 6] = [1, 1, 2, 2, 3, 3];

/// The flights of the current tile.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Flier {
    /// The flying machine of the tile just placed was used this turn (step 2B-1's flight leaves
    /// none for the phantom's step).
    used: bool,
    /// A flight of step 2B-1 whose follower waits to land (asked at step 2C).
    landing: Option<Pending>,
}

/// The direction the flying machine of a tile shows, turned with the tile, as a step (dx, dy);
/// `None` for a tile without one.
pub fn flight_direction(symbols: &[Symbol], rotation: crate::geometry::Rotation) -> Option<(i16, i16)> {
    let sides: &[Side] = if symbols.contains(&Symbol::FlierWest) {
        &[Side::West]
    } else if symbols.contains(&Symbol::FlierNorthWest) {
        &[Side::North, Side::West]
    } else {
        return None;
    };
    Some(sides.iter().fold((0, 0), |(x, y), side| {
        let (dx, dy) = side.rotated(rotation).delta();
        (x + dx, y + dy)
    }))
}

impl Flier {
    /// Whether the tile just placed has a flying machine not yet used this turn.
    pub(crate) fn machine_free(&self, table: &Table) -> bool {
        !self.used && has_machine(table)
    }

    /// The flights `player` may take from the tile just placed (`phantom_only`: step 2B-2's),
    /// one per kind of follower in supply, in `Figure::FOLLOWERS` order.
    pub(crate) fn each_flight(
        &self,
        table: &Table,
        player: PlayerId,
        phantom_only: bool,
        visit: &mut impl FnMut(Action) -> bool,
    ) -> bool {
        if !self.machine_free(table) {
            return false;
        }
        let state = &table.players[player as usize];
        Figure::FOLLOWERS
            .into_iter()
            .filter(|&f| state.in_supply(f) > 0 && (!phantom_only || f == Figure::Phantom))
            .any(|figure| visit(Action::Fly { figure }))
    }

    /// Checks a flight of `player`'s `figure` from the tile just placed.
    pub(crate) fn check_flight(&self, table: &Table, player: PlayerId, figure: Figure) -> Result<(), RuleError> {
        if !has_machine(table) {
            return Err(RuleError::NoFlyingMachine);
        }
        if self.used {
            return Err(RuleError::FlierUsed);
        }
        if !figure.is_follower() {
            return Err(RuleError::CannotFly(figure.name()));
        }
        let state = &table.players[player as usize];
        if state.in_supply(figure) == 0 {
            return Err(RuleError::NoFigureInSupply(state.color, figure.name()));
        }
        Ok(())
    }

    /// Flies `player`'s `figure` (checked): rolls the die and finds where it comes down. The
    /// landing to decide, if it has somewhere to land (kept for step 2C unless `now`, the
    /// phantom's step, which asks at once).
    pub(crate) fn fly(
        &mut self,
        table: &Table,
        player: PlayerId,
        figure: Figure,
        dragon: Option<Pos>,
        now: bool,
        events: &mut Vec<Event>,
    ) -> Option<Pending> {
        self.used = true;
        let placed = table.last_placement();
        let (dx, dy) = flight_direction(&table.design(placed.tile).symbols, placed.rotation)
            .expect("checked: the tile has a flying machine");
        let distance = roll(table);
        let to = Pos::new(placed.pos.x + dx * distance as i16, placed.pos.y + dy * distance as i16);
        let landed = each_landing(table, figure, to, dragon, |_| true);
        events.push(Event::Flew { player, figure, from: placed.pos, distance, to, landed });
        let landing = landed.then_some(Pending::FlierLanding { player, figure, pos: to });
        if now {
            return landing;
        }
        self.landing = landing;
        None
    }

    /// The landings of the pending flight.
    pub(crate) fn each_landing(
        &self,
        table: &Table,
        pending: Pending,
        dragon: Option<Pos>,
        mut visit: impl FnMut(Action) -> bool,
    ) {
        let Pending::FlierLanding { figure, pos, .. } = pending else { return };
        each_landing(table, figure, pos, dragon, |feature| visit(Action::Land { pos, feature }));
    }

    /// Checks a landing.
    pub(crate) fn check_landing(
        &self,
        table: &Table,
        pending: Pending,
        action: Action,
        dragon: Option<Pos>,
    ) -> Result<(), RuleError> {
        let (Pending::FlierLanding { figure, pos: to, .. }, Action::Land { pos, feature }) = (pending, action) else {
            return Err(RuleError::wrong_decision(pending, action));
        };
        let mut found = false;
        if pos == to {
            each_landing(table, figure, to, dragon, |f| {
                found = f == feature;
                found
            });
        }
        if found {
            Ok(())
        } else {
            Err(RuleError::CannotLandThere(figure.name(), pos, feature))
        }
    }

    /// Lands the flown follower (checked).
    pub(crate) fn land(&mut self, table: &mut Table, pending: Pending, action: Action, events: &mut Vec<Event>) {
        let (Pending::FlierLanding { player, figure, .. }, Action::Land { pos, feature }) = (pending, action) else {
            unreachable!("checked: a landing")
        };
        let placement = table.board.index_at(pos).expect("checked: a tile lies there");
        table.deploy(player, figure, placement, feature);
        events.push(Event::FigureDeployed { player, figure, pos, feature });
    }
}

/// Whether the tile just placed shows a flying machine.
fn has_machine(table: &Table) -> bool {
    table.design(table.last_placement().tile).symbols.iter().any(|s| s.is_flying_machine())
}

/// The die's roll for the tile just placed: from the game's seed (0 for an explicit order) and
/// the number of tiles on the board, so that the same game rolls the same everywhere.
fn roll(table: &Table) -> u8 {
    let seed = table.deck_seed.unwrap_or(0) ^ 0x666c_6965_725f_6469 ^ ((table.board.len() as u64) << 20);
    let mut rng = crate::random::rng_from_seed(seed);
    FLIGHT_DIE[crate::random::below(&mut rng, FLIGHT_DIE.len() as u32) as usize]
}

/// The features of the tile at `to` where `figure` may land, in the tile's order, until `visit`
/// returns true; true if it did.
fn each_landing(
    table: &Table,
    figure: Figure,
    to: Pos,
    dragon: Option<Pos>,
    mut visit: impl FnMut(LocalFeature) -> bool,
) -> bool {
    let Some(index) = table.board.index_at(to) else { return false };
    let placed = table.board.placement(index);
    let design = table.design(placed.tile);
    // The city of Carcassonne takes no flier (the page's footnote); the dragon's tile no figure.
    if design.partial || dragon == Some(to) {
        return false;
    }
    for (i, spec) in design.features.iter().enumerate() {
        let root = table.features.find(placed.first_node + i as NodeId);
        if lands_on(figure, spec.kind) && !table.is_complete(spec.kind, root, to) && visit(i as LocalFeature) {
            return true;
        }
    }
    false
}

/// Whether a flown `figure` may land on a feature of `kind` (occupied or not): where it could be
/// deployed, but never in a field (nor on a mountain or Baba Yaga's hut, which a follower takes
/// only from the tile just placed).
fn lands_on(figure: Figure, kind: FeatureKind) -> bool {
    use FeatureKind::*;
    figure.is_follower() && figure.may_stand_on(kind) && !matches!(kind, Field | Mountain | Hut)
}

impl Module for Flier {
    const HOOKS: Hooks = Hooks::of(&[Hook::TilePlaced, Hook::FigureActions, Hook::At]);

    /// A new tile's flying machine is unused.
    fn tile_placed(&mut self, _table: &mut Table, _player: PlayerId, _events: &mut Vec<Event>) {
        self.used = false;
        self.landing = None;
    }

    fn figure_actions(&self, table: &Table, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) -> bool {
        self.each_flight(table, player, false, visit)
    }

    /// Step 2C: the landing of step 2B-1's flight.
    fn at(
        &mut self,
        point: HookPoint,
        _table: &mut Table,
        _dragon: Option<Pos>,
        _events: &mut Vec<Event>,
    ) -> Option<Pending> {
        if point != HookPoint::AfterFigures {
            return None;
        }
        self.landing.take()
    }
}
