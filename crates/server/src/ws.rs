//! Live updates over WebSocket (docs/api.md). Each connection is one task: it sends its client
//! a view built for the client's own token whenever the game changes (only the events the
//! client has not had yet), and takes `act` messages like `POST /actions`. It pings an idle
//! client and closes a connection that stays silent past the idle timeout or does not take a
//! message within [`SEND_TIMEOUT`]; when the server stops, it says so and closes.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::rejection::QueryRejection;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use carcassonne_engine::PlayerId;
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use tokio::sync::watch;

use crate::acting::{apply_client_action, parse_action};
use crate::error::ApiError;
use crate::limits::{ClientAddr, MessageRate};
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

/// Sent to every connection when the server stops.
#[derive(Serialize)]
struct ClosingMessage {
    #[serde(rename = "type")]
    kind: &'static str,
    message: &'static str,
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
    client: ClientAddr,
    headers: HeaderMap,
    query: Result<Query<WsQuery>, QueryRejection>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()).field("query"))?;
    let token = crate::acting::request_token(query.token, &headers)?;
    let room = state.room(&id)?;
    let you = room.seats_of(token.as_deref());
    if token.is_some() && you.is_empty() {
        return Err(ApiError::forbidden("this token belongs to no seat of this game").field("token"));
    }
    let limits = &state.config.limits;
    let guard = state.admission.connect(client, limits)?;
    let Some(changes) = room.watch(limits.connections_per_game) else {
        return Err(ApiError::too_many(
            format!("this game has {} live connections open, the most a game may have", limits.connections_per_game),
            Duration::from_secs(10),
        ));
    };
    Ok(upgrade
        .max_message_size(MAX_MESSAGE)
        .on_upgrade(move |socket| async move {
            session(socket, state, room, changes, token, you).await;
            drop(guard);
        })
        .into_response())
}

/// How often the server pings an idle connection (browsers answer by themselves): every 30 s,
/// or a third of the idle timeout if that is shorter, so that a client that answers is never
/// taken for idle.
fn ping_every(idle_timeout: Duration) -> Duration {
    (idle_timeout / 3).clamp(Duration::from_millis(10), Duration::from_secs(30))
}

/// A client whose messages are refused this many times in a row for the rate is flooding the
/// server: its connection is closed (code 1008) rather than answered message by message.
const FLOOD: u32 = 100;

/// A client that does not take a message within this time is gone.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// What a connection's task does next.
enum Next {
    Go,
    Close,
}

async fn send(sink: &mut SplitSink<WebSocket, Message>, message: Message) -> Next {
    match tokio::time::timeout(SEND_TIMEOUT, sink.send(message)).await {
        Ok(Ok(())) => Next::Go,
        _ => Next::Close,
    }
}

async fn session(
    socket: WebSocket,
    state: Arc<AppState>,
    room: Arc<Room>,
    mut changes: watch::Receiver<u64>,
    token: Option<String>,
    you: Vec<PlayerId>,
) {
    let (mut sink, mut stream) = socket.split();
    let mut stopping = state.stopping();
    if *stopping.borrow_and_update() {
        return;
    }
    room.connection(&you, 1);
    changes.borrow_and_update();
    let limits = &state.config.limits;
    let rate = MessageRate::new(limits);
    let every = ping_every(limits.idle_timeout);
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    let mut last_heard = Instant::now();
    // Messages refused in a row for the rate.
    let mut refused = 0;
    // What the client has had: the events, and the chat's messages (the last few at first).
    let mut sent = (0, None);
    let send_state = |(sent_events, sent_chat): &mut (usize, Option<usize>)| {
        let view = room.view_with_chat(you.clone(), *sent_events, *sent_chat);
        *sent_events = view.events_from + view.events.len();
        *sent_chat = Some(view.chat.last().map_or(sent_chat.unwrap_or(0), |c| c.index + 1));
        serde_json::to_string(&StateMessage { kind: "state", view: &view }).expect("views serialize")
    };
    // A paused game between bots goes on while someone watches.
    crate::bots::kick(state.clone(), room.clone());
    let first = send_state(&mut sent);
    let mut next = send(&mut sink, Message::Text(first.into())).await;
    while let Next::Go = next {
        next = tokio::select! {
            _ = stopping.changed() => {
                let goodbye = ClosingMessage { kind: "closing", message: "The server is stopping; the game is saved \
                    and goes on when the server is back." };
                let text = serde_json::to_string(&goodbye).expect("messages serialize");
                if let Next::Go = send(&mut sink, Message::Text(text.into())).await {
                    let frame = CloseFrame { code: close_code::AWAY, reason: "server stopping".into() };
                    let _ = send(&mut sink, Message::Close(Some(frame))).await;
                }
                Next::Close
            }
            _ = ping.tick() => {
                if last_heard.elapsed() >= limits.idle_timeout {
                    Next::Close
                } else {
                    send(&mut sink, Message::Ping(Default::default())).await
                }
            }
            changed = changes.changed() => {
                if changed.is_err() {
                    Next::Close
                } else {
                    changes.borrow_and_update();
                    let message = send_state(&mut sent);
                    send(&mut sink, Message::Text(message.into())).await
                }
            }
            incoming = stream.next() => {
                last_heard = Instant::now();
                match incoming {
                    Some(Ok(Message::Text(text))) => {
                        let reply = match rate.check(limits) {
                            Err(e) => {
                                refused += 1;
                                Some(e)
                            }
                            Ok(()) => {
                                refused = 0;
                                act(&state, &room, &token, &text).await.err()
                            }
                        };
                        if refused >= FLOOD {
                            close(&mut sink, &mut stream, close_code::POLICY, "too many messages").await;
                            break;
                        }
                        match reply {
                            Some(error) => {
                                let message = ErrorMessage { kind: "error", status: error.status.as_u16(), error: &error };
                                let text = serde_json::to_string(&message).expect("errors serialize");
                                send(&mut sink, Message::Text(text.into())).await
                            }
                            None => Next::Go,
                        }
                    }
                    // Pings (axum answers them) and pongs are messages too: they count against
                    // the rate, silently, and a flood of them closes the connection.
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => {
                        refused = if rate.check(limits).is_err() { refused + 1 } else { 0 };
                        if refused >= FLOOD {
                            close(&mut sink, &mut stream, close_code::POLICY, "too many messages").await;
                            break;
                        }
                        Next::Go
                    }
                    Some(Ok(Message::Binary(_))) => {
                        close(&mut sink, &mut stream, close_code::UNSUPPORTED, "text messages only").await;
                        break;
                    }
                    Some(Err(e)) => {
                        // A message over the size limit: say so before closing (RFC 6455's 1009).
                        let too_big = e
                            .into_inner()
                            .downcast::<tungstenite::Error>()
                            .is_ok_and(|e| matches!(*e, tungstenite::Error::Capacity(_)));
                        if too_big {
                            let reason = format!("a message is over {MAX_MESSAGE} bytes");
                            let frame = CloseFrame { code: close_code::SIZE, reason: reason.into() };
                            let _ = send(&mut sink, Message::Close(Some(frame))).await;
                        }
                        Next::Close
                    }
                    Some(Ok(Message::Close(_))) | None => Next::Close,
                }
            }
        };
    }
    room.connection(&you, -1);
}

/// Closes the connection with `code` and `reason`, then reads and drops what the client sent
/// meanwhile until its own close frame (the closing handshake), so that the connection is not
/// reset before the client has read why it was closed.
async fn close(
    sink: &mut SplitSink<WebSocket, Message>,
    stream: &mut futures_util::stream::SplitStream<WebSocket>,
    code: u16,
    reason: &'static str,
) {
    let frame = CloseFrame { code, reason: reason.into() };
    if let Next::Go = send(sink, Message::Close(Some(frame))).await {
        let _ = tokio::time::timeout(SEND_TIMEOUT, async {
            while let Some(Ok(message)) = stream.next().await {
                if let Message::Close(_) = message {
                    break;
                }
            }
        })
        .await;
    }
}

/// A client's `act` message.
async fn act(state: &Arc<AppState>, room: &Arc<Room>, token: &Option<String>, text: &str) -> Result<usize, ApiError> {
    match serde_json::from_str::<ClientMessage>(text) {
        Err(e) => Err(ApiError::bad_request(format!("malformed message: {e}"))),
        Ok(ClientMessage::Act { action, version }) => {
            let action = parse_action(action)?;
            apply_client_action(state, room, token.clone(), action, version).await
        }
    }
}
