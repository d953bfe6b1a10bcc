//! Live updates over WebSocket (docs/api.md). Each connection is one task: it sends its client
//! a view built for the client's own token whenever the game changes (only the events the
//! client has not had yet), and takes `act` messages like `POST /actions`.

use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use carcassonne_engine::PlayerId;
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};

use crate::acting::{apply_client_action, parse_action};
use crate::error::ApiError;
use crate::room::Room;
use crate::state::AppState;
use crate::view::GameView;

/// Largest message a client may send.
const MAX_MESSAGE: usize = 64 * 1024;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WsQuery {
    token: Option<String>,
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum ClientMessage {
    Act {
        action: serde_json::Value,
        #[serde(default)]
        version: Option<usize>,
    },
}

#[derive(Serialize)]
struct StateMessage<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(flatten)]
    view: &'a GameView,
}

#[derive(Serialize)]
struct ErrorMessage<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    status: u16,
    #[serde(flatten)]
    error: &'a ApiError,
}

pub async fn upgrade(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    query: Result<Query<WsQuery>, QueryRejection>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()).field("query"))?;
    let room = state.room(&id).ok_or_else(|| ApiError::not_found(format!("no game `{id}`")).field("id"))?;
    let you = room.seats_of(query.token.as_deref());
    if query.token.is_some() && you.is_empty() {
        return Err(ApiError::forbidden("this token belongs to no seat of this game").field("token"));
    }
    Ok(upgrade
        .max_message_size(MAX_MESSAGE)
        .on_upgrade(move |socket| session(socket, state, room, query.token, you))
        .into_response())
}

async fn session(socket: WebSocket, state: Arc<AppState>, room: Arc<Room>, token: Option<String>, you: Vec<PlayerId>) {
    let (mut sink, mut stream) = socket.split();
    let mut changes = room.subscribe();
    room.connection(&you, 1);
    changes.borrow_and_update();
    let mut sent_events = 0;
    let send_state = |sent_events: &mut usize| {
        let view = room.view(you.clone(), *sent_events);
        *sent_events = view.events_from + view.events.len();
        serde_json::to_string(&StateMessage { kind: "state", view: &view }).expect("views serialize")
    };
    let first = send_state(&mut sent_events);
    if sink.send(Message::Text(first.into())).await.is_err() {
        room.connection(&you, -1);
        return;
    }
    loop {
        tokio::select! {
            changed = changes.changed() => {
                if changed.is_err() {
                    break;
                }
                changes.borrow_and_update();
                let message = send_state(&mut sent_events);
                if sink.send(Message::Text(message.into())).await.is_err() {
                    break;
                }
            }
            incoming = stream.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => continue,
                };
                let reply = match serde_json::from_str::<ClientMessage>(&text) {
                    Err(e) => Some(ApiError::bad_request(format!("malformed message: {e}"))),
                    Ok(ClientMessage::Act { action, version }) => match parse_action(action) {
                        Ok(action) => apply_client_action(&state, &room, token.clone(), action, version).await.err(),
                        Err(e) => Some(e),
                    },
                };
                if let Some(error) = reply {
                    let message = ErrorMessage { kind: "error", status: error.status.as_u16(), error: &error };
                    let text = serde_json::to_string(&message).expect("errors serialize");
                    if sink.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                }
            }
        }
    }
    room.connection(&you, -1);
}
