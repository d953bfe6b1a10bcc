//! Bots on the server. When a bot's decision is pending, one task per room asks the bot pool
//! ([`crate::scheduler`]) for its action, then commits it like a client's action. The bot's
//! seed comes from the deck seed and the version.
//!
//! A game between bots only that nobody watches (no WebSocket open, no request for
//! [`crate::Config::pause_after`]) is paused: its bots stop before their next decision, and go
//! on when someone opens the game again. A bot whose action the database cannot store (full,
//! read-only) tries again later, so the game goes on once the database is back.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use carcassonne_bots::mcts::LEVELS;
use carcassonne_bots::{BotSpec, Budget, MctsSettings};
use carcassonne_engine::Action;

use crate::room::Room;
use crate::scheduler::{Class, Decision, NotDecided};
use crate::state::AppState;

/// The longest a bot may think per decision on the server (`mcts:time=S`).
pub const MAX_BOT_TIME: Duration = Duration::from_secs(5);

/// The bot a seat's name makes on the server: the levels (`mcts:easy|medium|hard`) think for
/// their time ([`carcassonne_bots::mcts::LEVEL_TIMES`]) rather than a number of iterations, so that
/// they answer in their usual time on a busy server; each search has one thread (the bot pool
/// shares the cores among the games); no bot thinks longer than [`MAX_BOT_TIME`] or more
/// iterations than `mcts:hard`.
pub fn server_bot(name: &str) -> Result<BotSpec, String> {
    let spec = BotSpec::parse(name)?;
    let BotSpec::Mcts(settings) = spec else { return Ok(spec) };
    if settings.threads != 1 {
        return Err("bots on this server search on one thread each (the server shares its cores among \
                    all games): leave out `threads`"
            .to_string());
    }
    let most = LEVELS.iter().map(|&(_, n)| n).max().unwrap_or(0);
    match settings.budget {
        Budget::Time(t) if t > MAX_BOT_TIME => {
            Err(format!("a bot thinks at most {} seconds per decision on this server", MAX_BOT_TIME.as_secs()))
        }
        Budget::Iterations(n) if n > most => {
            Err(format!("a bot searches at most {most} iterations per decision on this server"))
        }
        Budget::Iterations(_) => match settings.level_name().and_then(MctsSettings::timed_level) {
            Some(timed) => Ok(BotSpec::Mcts(MctsSettings { budget: timed.budget, ..settings })),
            None => Ok(BotSpec::Mcts(settings)),
        },
        Budget::Time(_) => Ok(BotSpec::Mcts(settings)),
    }
}

/// Whether the room's bots should play now: a bot's decision is pending and the game is not
/// paused.
fn wants_bot(state: &AppState, room: &Room) -> bool {
    room.bot_turn().is_some() && !paused(state, room) && !state.is_stopping()
}

/// A game between bots only that nobody watches.
pub fn paused(state: &AppState, room: &Room) -> bool {
    !room.has_person() && room.watchers() == 0 && room.idle_for() >= state.config.pause_after
}

/// Starts playing the room's bot seats, unless a task does already or no bot must decide.
pub fn kick(state: Arc<AppState>, room: Arc<Room>) {
    if !wants_bot(&state, &room) || room.bot_running.swap(true, Ordering::AcqRel) {
        return;
    }
    tokio::spawn(async move {
        play_bot_turns(&state, &room).await;
        room.bot_running.store(false, Ordering::Release);
        // A person may have moved, or someone opened the game, between the last check and the
        // flag's reset.
        if wants_bot(&state, &room) {
            kick(state, room);
        }
    });
}

/// How long a bot waits before trying again to store an action the database refused.
fn retry_delay(failures: u32) -> Duration {
    Duration::from_secs(1 << failures.min(5))
}

async fn play_bot_turns(state: &Arc<AppState>, room: &Arc<Room>) {
    while let Some(turn) = room.bot_turn() {
        if paused(state, room) || state.is_stopping() {
            return;
        }
        if !state.config.bot_delay.is_zero() {
            tokio::time::sleep(state.config.bot_delay).await;
        }
        let class = if room.person_waiting(state.config.pause_after) { Class::PersonWaiting } else { Class::BotsOnly };
        let Some(action) = decide(state, room, &turn.bot, class, turn.seed, turn.game, turn.seat).await else {
            return;
        };
        if !commit(state, room, turn.version, action).await {
            return;
        }
    }
}

/// The action the bot named `bot` chooses for `seat` in `game`, from the bot pool; `None` (said
/// on the server's output) when it cannot play or fails, or the server stops.
pub(crate) async fn decide(
    state: &Arc<AppState>,
    room: &Room,
    bot: &str,
    class: Class,
    seed: u64,
    game: carcassonne_engine::Game,
    seat: carcassonne_engine::PlayerId,
) -> Option<Action> {
    let spec = match server_bot(bot) {
        Ok(spec) => spec,
        Err(e) => {
            eprintln!("game {}: bot `{bot}` cannot play: {e}", room.id);
            return None;
        }
    };
    let decision = Decision { class, client: room.creator.get().copied(), bot: spec, seed, game, seat };
    match state.bots.decide(decision).await {
        Ok((action, _)) => Some(action),
        Err(NotDecided::Stopping) => None,
        Err(NotDecided::Failed(e)) => {
            eprintln!("game {}: bot `{bot}` failed: {e}", room.id);
            None
        }
    }
}

/// Commits a bot's action; while the database cannot store it, waits and tries the same
/// action again (the game waits with it). False when the bots must stop.
async fn commit(state: &Arc<AppState>, room: &Arc<Room>, version: usize, action: Action) -> bool {
    for failures in 0.. {
        let (state2, room2) = (state.clone(), room.clone());
        let committed = tokio::task::spawn_blocking(move || room2.act_as_bot(&state2.store, version, action)).await;
        match committed {
            Ok(Ok(_)) => return true,
            // The game moved on (cannot happen while bot seats are played by this task alone,
            // but a stale move must never be applied): look again.
            Ok(Err(e)) if e.status == StatusCode::CONFLICT => return true,
            Ok(Err(e)) if e.status == StatusCode::SERVICE_UNAVAILABLE => {
                if failures == 0 {
                    eprintln!("game {}: {}; the bot tries again", room.id, e.error);
                }
                tokio::time::sleep(retry_delay(failures)).await;
                if state.is_stopping() {
                    return false;
                }
            }
            Ok(Err(e)) => {
                eprintln!("game {}: bot action refused: {}", room.id, e.error);
                return false;
            }
            Err(e) => {
                eprintln!("game {}: bot task failed: {e}", room.id);
                return false;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_bots::Evaluation;

    #[test]
    fn server_bots_think_for_a_time_within_the_servers_bounds() {
        let BotSpec::Mcts(hard) = server_bot("mcts:hard").unwrap() else { panic!() };
        assert_eq!(hard.budget, MctsSettings::timed_level("hard").unwrap().budget);
        let BotSpec::Mcts(custom) = server_bot("mcts:hard:c=0.7").unwrap() else { panic!() };
        assert_eq!((custom.budget, custom.exploration), (hard.budget, 0.7));
        assert_eq!(server_bot("mcts:iters=20").unwrap(), BotSpec::parse("mcts:iters=20").unwrap());
        assert_eq!(server_bot("greedy").unwrap(), BotSpec::Greedy(Evaluation::DEFAULT));
        for (name, words) in [
            ("mcts:hard:threads=64", "one thread"),
            ("mcts:time=100000", "at most 5 seconds"),
            ("mcts:iters=4000000000", "at most 25000 iterations"),
            ("wizard", "unknown bot"),
        ] {
            let error = server_bot(name).unwrap_err();
            assert!(error.contains(words), "{name}: {error}");
        }
    }
}
