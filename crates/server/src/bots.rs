//! Bots on the server. When a bot's decision is pending, one task per room asks the bot for
//! its action on Tokio's blocking pool (a search can take seconds, and must not hold up the
//! async runtime), then commits it like a client's action. The bot's seed comes from the deck
//! seed and the version, so a game against bots replays the same way.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use carcassonne_bots::bot_by_name;

use crate::room::Room;
use crate::state::AppState;

/// Starts playing the room's bot seats, unless a task does already or no bot must decide.
pub fn kick(state: Arc<AppState>, room: Arc<Room>) {
    if room.bot_turn().is_none() || room.bot_running.swap(true, Ordering::AcqRel) {
        return;
    }
    tokio::spawn(async move {
        play_bot_turns(&state, &room).await;
        room.bot_running.store(false, Ordering::Release);
        // A human may have moved between the last check and the flag's reset.
        if room.bot_turn().is_some() {
            kick(state, room);
        }
    });
}

async fn play_bot_turns(state: &Arc<AppState>, room: &Arc<Room>) {
    while let Some(turn) = room.bot_turn() {
        if !state.config.bot_delay.is_zero() {
            tokio::time::sleep(state.config.bot_delay).await;
        }
        let chosen = tokio::task::spawn_blocking(move || {
            let mut bot = bot_by_name(&turn.bot, turn.seed)?;
            let action = bot.choose_action(&turn.game.observation(Some(turn.seat)));
            Ok::<_, String>((turn.version, action))
        })
        .await;
        let (version, action) = match chosen {
            Ok(Ok(chosen)) => chosen,
            Ok(Err(e)) => {
                eprintln!("game {}: bot cannot play: {e}", room.id);
                return;
            }
            Err(e) => {
                eprintln!("game {}: bot task failed: {e}", room.id);
                return;
            }
        };
        let (state2, room2) = (state.clone(), room.clone());
        let committed = tokio::task::spawn_blocking(move || room2.act_as_bot(&state2.store, version, action)).await;
        match committed {
            Ok(Ok(_)) => {}
            // The game moved on (cannot happen while bot seats are played by this task alone,
            // but a stale move must never be applied): look again.
            Ok(Err(e)) if e.status == axum::http::StatusCode::CONFLICT => continue,
            Ok(Err(e)) => {
                eprintln!("game {}: bot action refused: {}", room.id, e.error);
                return;
            }
            Err(e) => {
                eprintln!("game {}: bot task failed: {e}", room.id);
                return;
            }
        }
    }
}
