//! Optional turn clocks (a game created with `turn_clock`, docs/api.md): each decision of a
//! person has that many seconds; when they run out, the greedy bot decides for the seat, as on
//! Board Game Arena where a player out of time is played for. Bots' decisions have no clock.
//! The clock counts from when the decision became pending (after a restart of the server, from
//! the restart). A ticker looks at the games in memory every second.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use carcassonne_engine::{Game, PlayerId};

use crate::room::Room;
use crate::scheduler::Class;
use crate::state::AppState;
use crate::view::ClockView;

/// The shortest and the longest clock a game may have, in seconds.
pub const MIN_SECONDS: u32 = 5;
pub const MAX_SECONDS: u32 = 3600;

/// How often the ticker looks for clocks that ran out.
pub const TICK: Duration = Duration::from_secs(1);

impl Room {
    /// The pending decision's clock: for a person's decision in a game with a clock.
    pub(crate) fn clock_view(&self, game: &Game) -> Option<ClockView> {
        let seconds = self.turn_clock?;
        let seat = game.pending().player()?;
        if self.seats[seat as usize].is_bot() {
            return None;
        }
        let waited = self.decision_since.lock().unwrap_or_else(|e| e.into_inner()).elapsed();
        let left = (f64::from(seconds) - waited.as_secs_f64()).max(0.0).ceil() as u32;
        Some(ClockView { seat, seconds, left })
    }

    /// The game to decide in for a person whose clock ran out: its version, the seat and a
    /// copy of the game; `None` while time is left (or without a clock).
    fn ran_out(&self) -> Option<(usize, PlayerId, Game)> {
        let (version, game) = self.snapshot();
        let clock = self.clock_view(&game)?;
        (clock.left == 0).then_some((version, clock.seat, game))
    }
}

/// Plays out every clock that ran out among the games in memory (the ticker's work).
pub fn expire(state: &Arc<AppState>) {
    for room in state.loaded_rooms() {
        if room.turn_clock.is_none() || room.clock_running.swap(true, Ordering::AcqRel) {
            continue;
        }
        let Some((version, seat, game)) = room.ran_out() else {
            room.clock_running.store(false, Ordering::Release);
            continue;
        };
        let (state, room) = (state.clone(), room.clone());
        tokio::spawn(async move {
            decide_for(&state, &room, version, seat, game).await;
            room.clock_running.store(false, Ordering::Release);
            crate::bots::kick(state, room);
        });
    }
}

/// The greedy bot's decision for `seat`, committed as the clock's.
async fn decide_for(state: &Arc<AppState>, room: &Arc<Room>, version: usize, seat: PlayerId, game: Game) {
    let seed = carcassonne_bots::mix_seed(version as u64 ^ 0x00c1_0c4e);
    let Some(action) = crate::bots::decide(state, room, "greedy", Class::PersonWaiting, seed, game, seat).await else {
        return;
    };
    let (state2, room2) = (state.clone(), room.clone());
    match tokio::task::spawn_blocking(move || room2.act_on_clock(&state2.store, version, action)).await {
        Ok(Ok(_)) => {}
        // The person decided meanwhile: nothing to do.
        Ok(Err(e)) if e.status == StatusCode::CONFLICT => {}
        // The database refused: the next tick tries again.
        Ok(Err(e)) => eprintln!("game {}: the clock's decision was not stored: {}", room.id, e.error),
        Err(e) => eprintln!("game {}: the clock's task failed: {e}", room.id),
    }
}
