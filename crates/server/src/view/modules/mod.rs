//! The view modules: one per expansion or variation, as in the engine (`expansions/`), each
//! holding what clients see of it: its pending decisions, the words and anchors of its legal
//! actions, its event sentences, its pieces on and around the board and its fields of a seat.
//!
//! The core ([`super`]) builds the base game's view and asks every module of [`MODULES`], in
//! that order, to add its part. A module answers only for what is its own (its `Pending` and
//! `Action` variants, its events, its pieces, which it finds on the game: a module whose
//! expansion is not in play finds none and adds nothing). The registry's order is the order of
//! the fields in the JSON, and decides where two modules act on the same thing (the dash prices
//! a deployment before rebuilding names the pass after a moved tile).
//!
//! Adding an expansion's view: a file here with a unit struct implementing [`ViewModule`] (only
//! the methods it needs), one line in [`MODULES`], its words in `words.rs` where other modules
//! may share them, and its fields in docs/api.md.

use std::collections::BTreeMap;

use carcassonne_engine::{Action, Event, Game, Pending, Phase, PlayerId};

use super::fields::Fields;
use super::PendingView;
use crate::seats::Seat;

mod abbey_mayor;
mod abbot;
mod battle_for_cloisters;
mod cathars;
mod choosing;
mod count;
mod house_rules;
mod king_robber;
mod lease;
mod mountains;
mod own_cloisters;
mod princess_dragon;
mod prisoners;
mod rebuilding;
mod river;
mod tower;
mod traders_builders;
mod unpunctuality;

/// Every view module, in the order they add fields to a view and are asked about an action.
pub(crate) const MODULES: &[&dyn ViewModule] = &[
    &river::River,
    &traders_builders::TradersBuilders,
    &king_robber::KingRobber,
    &cathars::Cathars,
    &abbot::Abbot,
    &battle_for_cloisters::BattleForCloisters,
    // Before The Princess & the Dragon: the variation words a deployment to an earlier tile
    // that the magic gate would word otherwise.
    &unpunctuality::Unpunctuality,
    &princess_dragon::PrincessDragon,
    &tower::Tower,
    // After The Tower: its guards' prisoners follow the tower's in a seat's `prisoners`.
    &prisoners::Prisoners,
    &abbey_mayor::AbbeyMayor,
    &count::Count,
    &own_cloisters::OwnCloisters,
    &choosing::Choosing,
    // The dash before rebuilding: a pass in a bought round stops the dash.
    &lease::Lease,
    &rebuilding::Rebuilding,
    &mountains::Mountains,
    &house_rules::HouseRules,
];

/// What a module needs to build its part of a game's view.
pub(crate) struct ViewContext<'a> {
    pub game: &'a Game,
    pub seats: &'a [Seat],
    /// The seats the viewer's token controls.
    pub you: &'a [PlayerId],
}

impl ViewContext<'_> {
    /// A seat's name for the view's labels ("?" for a seat the game does not have).
    pub fn seat_name(&self, seat: PlayerId) -> &str {
        self.seats.get(seat as usize).map_or("?", |s| s.name.as_str())
    }
}

/// The seats' names for event sentences.
pub(crate) struct Names<'a>(pub &'a [String]);

impl Names<'_> {
    /// A seat's name ("Seat 3" for one without a name).
    pub fn of(&self, seat: PlayerId) -> String {
        self.0.get(seat as usize).cloned().unwrap_or_else(|| format!("Seat {}", seat + 1))
    }

    pub fn count(&self) -> usize {
        self.0.len()
    }
}

/// Where a legal action's figure or piece would stand (tile units on its tile, or on the board
/// for the Count's quarters), and the action in words.
pub(crate) type Legal = (Option<[f32; 2]>, String);

/// Under which kind (and in which phase) a tally counts an event's points.
pub(crate) enum Counted {
    /// Under `kind`, in `phase`.
    As(&'static str, Phase),
    /// Under `kind`, in the phase of the score just before (the fairy's bonus for a scored
    /// follower comes right after the score).
    WithLastScore(&'static str),
    /// The event scores nothing itself; the next score counts under `kind` (a barn's farm).
    NextScoreAs(&'static str),
}

/// One expansion's or variation's part of the views. Every method has a default that adds
/// nothing.
pub(crate) trait ViewModule: Sync {
    /// The view of `pending`, if it is one of this module's decisions.
    fn pending(&self, _game: &Game, _pending: Pending) -> Option<PendingView> {
        None
    }

    /// Fields this module adds to another module's (or the base game's) decision: the dash's
    /// `dash` on a deployment.
    fn pending_fields(&self, _game: &Game, _pending: Pending, _fields: &mut Fields) {}

    /// The anchor and words of `action`, legal in `pending`, if the action is this module's.
    fn legal(&self, _game: &Game, _pending: Pending, _action: Action) -> Option<Legal> {
        None
    }

    /// Amends the words of every legal action (the dash names its price).
    fn amend_label(&self, _game: &Game, _action: Action, _label: &mut String) {}

    /// The tokens some player holds or may hold (`tokens` of the view).
    fn tokens(&self, _game: &Game, _tokens: &mut BTreeMap<&'static str, Option<PlayerId>>) {}

    /// The module's pieces on and around the board: fields of the game's view.
    fn board(&self, _cx: &ViewContext<'_>, _fields: &mut Fields) {}

    /// The module's fields of one seat.
    fn seat(&self, _cx: &ViewContext<'_>, _seat: PlayerId, _fields: &mut Fields) {}

    /// The JSON and the sentence of `event`, if it is one of this module's. `game` is the game
    /// after the event.
    fn event(&self, _game: &Game, _names: &Names<'_>, _event: &Event) -> Option<(serde_json::Value, String)> {
        None
    }

    /// How a tally counts `event`'s points, if the event is this module's.
    fn counted(&self, _event: &Event) -> Option<Counted> {
        None
    }
}

/// A figure held prisoner, in the seat of the player who holds it (The Tower's prisoners and
/// those of the variation "Prisoners").
#[derive(Clone, Debug, serde::Serialize)]
pub struct PrisonerView {
    /// The figure's owner.
    pub seat: PlayerId,
    pub figure: carcassonne_engine::Figure,
    /// The prisoner in words ("Anna's big follower").
    pub label: String,
}
