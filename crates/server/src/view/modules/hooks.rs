//! The interface between the view core and the view modules: the trait each module implements
//! and what it is given. Apart from the registry (`mod.rs`), which names every module, so that
//! the modules import this file and never the registry.

use std::collections::BTreeMap;

use carcassonne_engine::{Action, Event, Game, Pending, Phase, PlayerId};

use crate::seats::Seat;
use crate::view::fields::Fields;
use crate::view::parts::PendingView;

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
