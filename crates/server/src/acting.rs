//! A client's action, from HTTP (`POST /api/games/{id}/actions`) or a WebSocket `act` message:
//! read from its JSON, committed on the blocking pool, and the bots set going.

use std::sync::Arc;

use carcassonne_engine::RecordAction;

use crate::bots;
use crate::error::ApiError;
use crate::room::Room;
use crate::state::AppState;

/// Runs `work` (database writes, replays) on the blocking pool, off the async runtime.
pub(crate) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work).await.map_err(|e| ApiError::internal(e.to_string()))?
}

/// The record action of a request, from a `legal` entry or a bare record action.
pub(crate) fn parse_action(mut value: serde_json::Value) -> Result<RecordAction, ApiError> {
    if let Some(map) = value.as_object_mut() {
        // What a view adds to a legal action for people: where the figure stands, the words.
        map.remove("at");
        map.remove("label");
    }
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let field = if path == "." || path == "?" { "action".to_string() } else { format!("action.{path}") };
        ApiError::bad_request(format!("malformed action: {}", e.inner())).field(field)
    })
}

/// Applies a client's action on the blocking pool (the database write waits for the disk)
/// and sets the bots going. Returns the index of the action's first event.
pub(crate) async fn apply_client_action(
    state: &Arc<AppState>,
    room: &Arc<Room>,
    token: Option<String>,
    action: RecordAction,
    version: Option<usize>,
) -> Result<usize, ApiError> {
    let (state2, room2) = (state.clone(), room.clone());
    let first = blocking(move || room2.act(&state2.store, token.as_deref(), &action, version)).await?;
    room.person_acted();
    bots::kick(state.clone(), room.clone());
    Ok(first)
}

/// The seat token of a request: the `token` of its query, or its `Authorization: Bearer`
/// header (which keeps the token out of addresses that proxies and browsers log). Both at once
/// must agree.
pub(crate) fn request_token(
    query: Option<String>,
    headers: &axum::http::HeaderMap,
) -> Result<Option<String>, ApiError> {
    let header = match headers.get(axum::http::header::AUTHORIZATION) {
        None => None,
        Some(value) => {
            let token = value.to_str().ok().and_then(|v| v.strip_prefix("Bearer ")).map(str::trim);
            match token {
                Some(t) if !t.is_empty() => Some(t.to_string()),
                _ => {
                    return Err(ApiError::bad_request("the Authorization header is not `Bearer <seat token>`")
                        .field("authorization"))
                }
            }
        }
    };
    match (query, header) {
        (Some(q), Some(h)) if q != h => {
            Err(ApiError::bad_request("the query's token and the Authorization header's differ").field("token"))
        }
        (q, h) => Ok(q.or(h)),
    }
}

/// A query string as its struct, or `400` naming the query.
pub(crate) fn parse_query<T>(
    query: Result<axum::extract::Query<T>, axum::extract::rejection::QueryRejection>,
) -> Result<T, ApiError> {
    query.map(|axum::extract::Query(q)| q).map_err(|e| ApiError::bad_request(e.body_text()).field("query"))
}
