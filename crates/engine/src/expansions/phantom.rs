//! The Phantom (Hans im Glück, 2011; the Wikicarpedia page "The Phantom (1st edition)", with its
//! footnotes and its section on other expansions; the Assembled Game Reference's steps 2B-1 and
//! 2B-2): no tiles, one translucent follower per player.
//!
//! - **A follower.** "The phantom follower always counts as a normal follower": it deploys on
//!   the tile just placed like one (an unoccupied feature), counts one for a majority, and is
//!   scored "as if it were a normal meeple", during the game and at its end. Everything a
//!   follower may do, it may: go through a magic gate, finish a tower, be captured, escape, go to
//!   Carcassonne, be added by a crop circle ([`Figure::Phantom`] is one of [`Figure::FOLLOWERS`]).
//! - **Alone** (step 2B-1): "the phantom can also be deployed as the only follower on a turn":
//!   it is one more figure of the figure phase.
//! - **Second** (step 2B-2, [`Pending::Phantom`]): after the figure phase's action, "the player
//!   may deploy the phantom to it as a second follower (on a second feature)": on the tile just
//!   placed, on top of a tower (the page's section on The Tower), or through the tile's magic
//!   gate "as long as it was not used in Step 2B-1" (the reference; the publisher's answer that
//!   the gate sends "one or the other through the portal, but not both").
//! - **Not second** where the reference's step 2B-2 says so: after a princess sent a knight home
//!   ("Skip this step if you removed a knight with a princess symbol"), and on a volcano's turn
//!   ("This step is forbidden if a volcano ... tile was played").
//!
//! Our readings where the sources are silent (docs/rules.md, "The Phantom"): a player who passed
//! in step 2B-1 is not asked again (they could have deployed the phantom alone then, as
//! JCloisterZone reads it too); the magic gate used in step 2B-1 leaves none for step 2B-2, but
//! under follower unpunctuality the phantom goes onto an earlier tile like any follower, in step
//! 2B-2 too (there is no gate to use up); after a "Rebuilding" the
//! moved tile's figure phase has no second step (it is done "rather than following the usual
//! procedure"); the Tower's capture, which the reference puts in step 2B-1, comes before the
//! phantom's step; step 2B-2 is asked only where the phantom has somewhere to go.

use crate::actions::{Action, Pending};
use crate::catalog::Symbol;
use crate::events::Event;
use crate::geometry::Pos;
use crate::players::Figure;
use crate::rules::Expansion;
use crate::table::Table;

use super::hooks::{Hook, HookPoint, Hooks, Module};

/// What the figure phase's action (step 2B-1) was, as far as step 2B-2 cares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct FirstStep {
    /// An action other than a pass was taken.
    acted: bool,
    /// A princess sent a knight home.
    princess: bool,
    /// A figure went onto an earlier tile (the magic gate, or follower unpunctuality).
    elsewhere: bool,
    /// The figure phase followed a "Rebuilding".
    rebuilt: bool,
}

#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Phantom {
    /// The current figure phase's first step, noted as its actions are taken.
    first: FirstStep,
    /// In step 2B-2: whether the phantom may still take a deployment elsewhere (the gate was
    /// not used in step 2B-1).
    elsewhere_open: bool,
}

impl Phantom {
    /// Notes an action of the figure phase (`rebuilt`: the phase follows a "Rebuilding";
    /// `unpunctual`: follower unpunctuality is in play, whose deployments onto earlier tiles are
    /// where followers go, not a magic gate used up).
    pub(crate) fn note(&mut self, action: Action, rebuilt: bool, unpunctual: bool) {
        let first = &mut self.first;
        match action {
            Action::Pass => {}
            Action::RemoveKnight { .. } => {
                first.acted = true;
                first.princess = true;
            }
            Action::DeployAt { .. } => {
                first.acted = true;
                first.elsewhere = !unpunctual;
            }
            _ => first.acted = true,
        }
        first.rebuilt |= rebuilt;
    }

    /// In step 2B-2: whether the phantom may still go onto an earlier tile (step 2B-1 did not).
    pub(crate) fn elsewhere_open(&self) -> bool {
        self.elsewhere_open
    }
}

/// Whether the tile just placed is a volcano (with The Princess & the Dragon, whose dragon it
/// brings; the River II's volcano lake among them), or a plague source (with The Plague: the
/// Assembled Game Reference's step 2B-2, "forbidden if a plague source tile was played").
fn volcano_turn(table: &Table) -> bool {
    let symbols = &table.design(table.last_placement().tile).symbols;
    (table.rules.has(Expansion::PrincessDragon) && symbols.contains(&Symbol::Volcano))
        || (table.rules.has(Expansion::Plague) && symbols.contains(&Symbol::PlagueSource))
}

impl Module for Phantom {
    const HOOKS: Hooks = Hooks::of(&[Hook::Supply, Hook::At]);

    /// "Every player receives the phantom of his or her color".
    fn supply(&self, figure: Figure) -> u8 {
        (figure == Figure::Phantom) as u8
    }

    /// Step 2B-2, once the figure phase's action is taken (and the Tower's capture that follows
    /// a tower piece): the phantom's deployment, where the first step allows one. Whether the
    /// phantom has anywhere to go is the dispatch's to decide (`Modules::at`).
    fn at(
        &mut self,
        point: HookPoint,
        table: &mut Table,
        _dragon: Option<Pos>,
        _events: &mut Vec<Event>,
    ) -> Option<Pending> {
        if point != HookPoint::AfterFigures {
            return None;
        }
        let first = std::mem::take(&mut self.first);
        self.elsewhere_open = !first.elsewhere;
        let player = table.current;
        let due = first.acted
            && !first.princess
            && !first.rebuilt
            && table.players[player as usize].phantoms > 0
            && !volcano_turn(table);
        due.then(|| Pending::Phantom { player, pos: table.last_placement().pos })
    }
}

// The step's listing, check and application need the other modules (the magic gate, the
// towers, the traps): they are `Modules`' (`decisions.rs`).
