//! `GET /api/games/{id}/hint`: a bot's advice for the pending decision of one's own seat, as
//! the command line's `carcassonne hint` gives it. The bot thinks in the bot pool, like the
//! bots that play seats, and the answer is kept per game state, so asking again costs nothing.

use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use carcassonne_engine::Action;
use serde::{Deserialize, Serialize};

use crate::bots::server_bot;
use crate::error::{ApiError, DATABASE_RETRY};
use crate::scheduler::{Class, Decision, NotDecided};
use crate::state::AppState;
use crate::view::{legal_views, LegalView};

/// The bot that gives hints: the medium level, which thinks for its usual time (85 ms) on the
/// server and plays far better than greedy in a game of one expansion.
pub const HINT_BOT: &str = "mcts:medium";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct HintQuery {
    token: Option<String>,
}

/// The answer: the state it is for (`version`), the bot, and its choice as a legal action
/// (record form, `label` in words, `at` for a figure) exactly as `legal` lists it.
#[derive(Serialize)]
struct HintView {
    version: usize,
    bot: &'static str,
    action: LegalView,
}

pub(crate) async fn hint(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    query: Result<Query<HintQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let query = crate::acting::parse_query(query)?;
    let token = crate::acting::request_token(query.token, &headers)?;
    let room = state.room(&id)?;
    let you = room.seats_of(token.as_deref());
    if you.is_empty() {
        return Err(ApiError::forbidden("a hint is for a seat of the game: give its token").field("token"));
    }
    let (game, version, cached) = room.hint_state();
    let Some(seat) = game.pending().player() else {
        return Err(ApiError::conflict("the game is over: there is nothing to decide"));
    };
    if !you.contains(&seat) {
        return Err(ApiError::conflict(format!(
            "the pending decision is not yours: {} decides",
            room.seats[seat as usize].name
        )));
    }
    let action = match cached {
        Some(action) => action,
        None => {
            let bot = server_bot(HINT_BOT).map_err(ApiError::internal)?;
            let seed = carcassonne_bots::mix_seed(version as u64 ^ 0x6869_6e74);
            let decision = Decision {
                class: Class::PersonWaiting,
                client: room.creator.get().copied(),
                bot,
                seed,
                game: game.clone(),
                seat,
            };
            let action = match state.bots.decide(decision).await {
                Ok((action, _)) => action,
                Err(NotDecided::Stopping) => {
                    return Err(ApiError::unavailable("the server is stopping", DATABASE_RETRY))
                }
                Err(NotDecided::Failed(e)) => return Err(ApiError::internal(format!("the bot failed: {e}"))),
            };
            room.keep_hint(version, action);
            action
        }
    };
    Ok(Json(HintView { version, bot: HINT_BOT, action: legal_view_of(&game, action)? }).into_response())
}

/// The legal action's view, as the game view's `legal` lists it.
fn legal_view_of(game: &carcassonne_engine::Game, action: Action) -> Result<LegalView, ApiError> {
    let index = game
        .legal_actions()
        .iter()
        .position(|a| *a == action)
        .ok_or_else(|| ApiError::internal("the bot chose an action that is not legal"))?;
    Ok(legal_views(game).swap_remove(index))
}
