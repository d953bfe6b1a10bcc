//! The HTTP routes (docs/api.md).

use std::sync::{Arc, OnceLock};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use carcassonne_engine::record::RECORD_VERSION;
use carcassonne_engine::{Catalog, Color, Game, Record, RecordDeck, Rotation, Rules};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::acting::{apply_client_action, blocking, parse_action, parse_query};
use crate::error::{ApiError, DATABASE_RETRY};
use crate::limits::{ClientAddr, FULL_RETRY};
use crate::options::SEAT_COLORS;
use crate::room::Room;
use crate::seats::{new_game_id, new_seed, new_token, Seat};
use crate::state::AppState;
use crate::{assets, bots, ws};

/// Largest request body accepted.
pub const MAX_BODY: usize = 64 * 1024;

pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/api/options", get(options))
        .route("/api/tiles", get(tiles))
        .route("/api/reference", get(reference))
        .route("/api/games", get(list_games).post(create_game))
        .route("/api/games/{id}", get(game_view))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/actions", post(act))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/chat", post(chat))
        .route("/api/games/{id}/hint", get(crate::hint::hint))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/replay", get(replay))
        .route("/api/games/{id}/reference", get(game_reference))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .fallback(static_file)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        // A request that takes longer (a client sending its body slowly) is dropped.
        .layer(axum::middleware::from_fn_with_state(state.clone(), request_timeout))
        // Views and the tile drawings are JSON and SVG text, which gzip shrinks several times.
        .layer(tower_http::compression::CompressionLayer::new())
        // Outermost, so that every answer has them, a timeout's too.
        .layer(axum::middleware::from_fn(security_headers))
        .with_state(state)
}

/// Answers `408` (an error like any other) to a request not done within the request timeout.
///
/// An action whose body was read and that is being applied and stored when the time runs out
/// is not refused: it may still be stored (a stalled disk that comes back), so the answer is
/// `202` with `"pending": true`, and its outcome shows in the game's view. A client is never
/// told that an action failed when it may have been applied.
async fn request_timeout(
    State(state): State<Arc<AppState>>,
    mut request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let limit = state.config.limits.request_timeout;
    let committing = Committing::default();
    request.extensions_mut().insert(committing.clone());
    let path = request.uri().path().to_string();
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) if committing.0.load(std::sync::atomic::Ordering::Acquire) => (
            StatusCode::ACCEPTED,
            Json(serde_json::json!({
                "pending": true,
                "message": format!(
                    "the action is being stored (the database is slow to answer); it is applied if it is stored, \
                     and then shows in the game's view ({}) and on its live connection",
                    path.trim_end_matches("/actions")
                ),
            })),
        )
            .into_response(),
        Err(_) => ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!("the request was not done within {} s (a body sent too slowly?)", limit.as_secs_f64()),
        )
        .into_response(),
    }
}

/// Set once an action's request has been read and the action goes to be applied and stored.
#[derive(Clone, Default)]
struct Committing(Arc<std::sync::atomic::AtomicBool>);

/// The pages' content security policy: scripts, styles and connections from this server only
/// (the UI has no inline script or style), no plugins, no framing by other sites. A name made
/// of HTML cannot run even if some code put it into the page as markup.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
    frame-ancestors 'none'";

/// The security headers of every answer (also of those hyper makes by itself:
/// `sockets::CountedStream`).
pub(crate) const SECURITY_HEADERS: [(header::HeaderName, &str); 4] = [
    (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "no-referrer"),
    (header::X_FRAME_OPTIONS, "DENY"),
];

/// Security headers on every answer; API answers (views and join answers carry tokens) are
/// never stored by browsers or proxies unless the route says otherwise (the tile drawings).
async fn security_headers(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let api = request.uri().path().starts_with("/api/");
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    if api && !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// A JSON body, with errors that name the field at fault. The body must say it is JSON
/// (`Content-Type: application/json`): a form of another site cannot send that without the
/// browser asking this server first, so no page elsewhere can create games or act in them
/// through a visitor's browser. Nothing may follow the JSON value but white space.
fn parse_body<T: DeserializeOwned>(headers: &HeaderMap, body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body.map_err(|e| match e.status() {
        StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, format!("the request body is over {MAX_BODY} bytes"))
        }
        status => ApiError::new(status, e.body_text()),
    })?;
    let media_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or("").trim().to_ascii_lowercase());
    if media_type.as_deref() != Some("application/json") {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!(
                "the request body must be JSON sent with `Content-Type: application/json`, not {}",
                media_type.map_or_else(|| "without a Content-Type".to_string(), |t| format!("`{t}`"))
            ),
        )
        .field("content-type"));
    }
    let mut deserializer = serde_json::Deserializer::from_slice(&bytes);
    let value = serde_path_to_error::deserialize(&mut deserializer).map_err(|e| {
        let path = e.path().to_string();
        let error = ApiError::bad_request(format!("malformed request body: {}", e.inner()));
        if path == "." || path == "?" {
            error
        } else {
            error.field(path)
        }
    })?;
    deserializer.end().map_err(|e| {
        ApiError::bad_request(format!("malformed request body: something follows the JSON value ({e})"))
    })?;
    Ok(value)
}

fn find(state: &AppState, id: &str) -> Result<Arc<Room>, ApiError> {
    state.room(id)
}

async fn options() -> Json<serde_json::Value> {
    Json(crate::options::options())
}

async fn tiles() -> Response {
    static TILES: OnceLock<String> = OnceLock::new();
    let body = TILES.get_or_init(|| {
        let tiles: serde_json::Map<String, serde_json::Value> = Catalog::builtin()
            .designs()
            .iter()
            .map(|d| (d.id.clone(), carcassonne_render::tile_group(d, Rotation::R0).into()))
            .collect();
        serde_json::json!({ "tiles": tiles }).to_string()
    });
    ([(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, "max-age=3600")], body.clone())
        .into_response()
}

/// The game reference for the query's selection; it changes only with the program.
async fn reference(RawQuery(query): RawQuery) -> Result<Response, ApiError> {
    let assembled = crate::reference::from_query(query.as_deref().unwrap_or(""))?;
    Ok(([(header::CACHE_CONTROL, "max-age=3600")], Json(assembled)).into_response())
}

/// The game reference for a game's rules, with the step of its pending decision.
async fn game_reference(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let room = find(&state, &id)?;
    Ok(Json(crate::reference::of_game(&room)).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateGame {
    #[serde(default)]
    rules: Rules,
    seats: Vec<SeatRequest>,
    #[serde(default)]
    hot_seat: bool,
    /// The seconds a person has for each decision (`clock.rs`); none by default.
    #[serde(default)]
    turn_clock: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatRequest {
    #[serde(default)]
    name: Option<String>,
    player: String,
    #[serde(default)]
    color: Option<Color>,
}

#[derive(Serialize)]
struct Created {
    id: String,
    watch: String,
    seats: Vec<CreatedSeat>,
}

#[derive(Serialize)]
struct CreatedSeat {
    seat: usize,
    name: String,
    color: Color,
    player: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    token: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    join: Option<String>,
}

fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// The invisible characters that reverse or isolate the direction of the text after them: in a
/// name they would make the rest of a line read backwards (and a name pretend to be another).
fn changes_direction(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Characters that show nothing or break the line: zero-width spaces and joiners, the byte
/// order mark, the soft hyphen, word joiners and invisible operators, line and paragraph
/// separators. A name made of them looks blank, and one with them looks like another name.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200D}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{2060}'..='\u{2064}'
            | '\u{3164}'
            | '\u{FEFF}'
            | '\u{FFA0}'
    )
}

/// How two names compare for "the same name": case and surrounding space ignored.
fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// Checks a game request and makes its seats and colours.
fn seats_of(request: &CreateGame, max_name: usize) -> Result<(Vec<Seat>, Vec<Color>), ApiError> {
    let n = request.seats.len();
    if !(2..=SEAT_COLORS.len()).contains(&n) {
        return Err(
            ApiError::unprocessable(format!("a game has 2 to {} seats, not {n}", SEAT_COLORS.len())).field("seats")
        );
    }
    let mut colors: Vec<Color> = vec![];
    for (i, s) in request.seats.iter().enumerate() {
        if let Some(c) = s.color.filter(|c| !SEAT_COLORS.contains(c)) {
            let offered: Vec<&str> = SEAT_COLORS.iter().map(|c| c.name()).collect();
            return Err(ApiError::unprocessable(format!("{c} is not a seat colour (they are {})", offered.join(", ")))
                .field(format!("seats[{i}].color")));
        }
        if let Some(c) = s.color {
            if colors.contains(&c) || request.seats[..i].iter().any(|o| o.color == Some(c)) {
                return Err(ApiError::unprocessable(format!("two seats are {c}")).field(format!("seats[{i}].color")));
            }
        }
        let color = s.color.unwrap_or_else(|| {
            *SEAT_COLORS
                .iter()
                .find(|c| !colors.contains(c) && !request.seats.iter().any(|o| o.color == Some(**c)))
                .expect("6 colours for at most 6 seats")
        });
        colors.push(color);
    }
    let hot_token = new_token();
    let mut seats = vec![];
    for (i, (s, color)) in request.seats.iter().zip(&colors).enumerate() {
        if s.player != "human" {
            bots::server_bot(&s.player).map_err(|e| {
                ApiError::unprocessable(format!("`{}` is neither `human` nor a bot: {e}", s.player))
                    .field(format!("seats[{i}].player"))
            })?;
        }
        let given = s.name.as_deref().map(str::trim).filter(|n| !n.is_empty());
        if let Some(name) = given {
            if name.chars().count() > max_name || name.chars().any(|c| c.is_control() || changes_direction(c)) {
                return Err(ApiError::unprocessable(format!(
                    "a seat name has at most {max_name} characters and no control or text-direction characters"
                ))
                .field(format!("seats[{i}].name")));
            }
            if name.chars().any(is_invisible) {
                return Err(ApiError::unprocessable(
                    "a seat name has no invisible characters (zero-width spaces or joiners, byte order marks, \
                     line or paragraph separators)",
                )
                .field(format!("seats[{i}].name")));
            }
            if let Some(j) =
                request.seats[..i].iter().position(|o| o.name.as_deref().is_some_and(|n| name_key(n) == name_key(name)))
            {
                return Err(ApiError::unprocessable(format!("seats {} and {} are both named {name}", j + 1, i + 1))
                    .field(format!("seats[{i}].name")));
            }
        }
        let name = given.map(str::to_string).unwrap_or_else(|| {
            // A seat without a name is named by its colour (a person) or its bot, and never like
            // a seat before it: a second "Bot (greedy)" is "Bot (greedy) 2".
            let base = if s.player == "human" {
                let mut name = color.name().to_string();
                name[..1].make_ascii_uppercase();
                name
            } else {
                format!("Bot ({})", s.player)
            };
            let taken = |n: &str| {
                seats.iter().any(|t: &Seat| name_key(&t.name) == name_key(n))
                    || request.seats.iter().any(|o| o.name.as_deref().is_some_and(|m| name_key(m) == name_key(n)))
            };
            (1..)
                .map(|k| if k == 1 { base.clone() } else { format!("{base} {k}") })
                .find(|n| !taken(n))
                .expect("a free name")
        });
        let token = match (s.player == "human", request.hot_seat) {
            (false, _) => None,
            (true, true) => Some(hot_token.clone()),
            (true, false) => Some(new_token()),
        };
        seats.push(Seat { name, player: s.player.clone(), token });
    }
    Ok((seats, colors))
}

async fn create_game(
    State(state): State<Arc<AppState>>,
    client: ClientAddr,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<(StatusCode, Json<Created>), ApiError> {
    let limits = &state.config.limits;
    let request: CreateGame = parse_body(&headers, body)?;
    if let Some(twice) =
        request.rules.expansions.iter().enumerate().find(|(i, e)| request.rules.expansions[..*i].contains(e))
    {
        return Err(ApiError::unprocessable(format!("the expansion `{}` is listed twice", twice.1.name()))
            .field(format!("rules.expansions[{}]", twice.0)));
    }
    if let Some(seconds) = request.turn_clock {
        if !(crate::clock::MIN_SECONDS..=crate::clock::MAX_SECONDS).contains(&seconds) {
            return Err(ApiError::unprocessable(format!(
                "a turn clock has {} to {} seconds a decision, not {seconds}",
                crate::clock::MIN_SECONDS,
                crate::clock::MAX_SECONDS
            ))
            .field("turn_clock"));
        }
    }
    let (seats, colors) = seats_of(&request, limits.max_name)?;
    let record = Record {
        version: RECORD_VERSION,
        rules: request.rules.clone(),
        players: colors.clone(),
        deck: RecordDeck::Seed(new_seed()),
        actions: vec![],
    };
    // The engine's own check of the rules and players.
    let catalog = Catalog::builtin();
    let setup = record.setup(catalog).map_err(|e| ApiError::unprocessable(e.to_string()).field("rules"))?;
    Game::new(setup).map_err(|e| ApiError::unprocessable(e.to_string()).field("rules"))?;
    let id = new_game_id();
    let room = Room::new(id.clone(), now(), seats.clone(), record).map_err(ApiError::internal)?;
    let room = Arc::new(room.with_clock(request.turn_clock));
    // One creation at a time from here, so that two cannot both take the last place.
    let creating = state.admission.creating.lock().await;
    let (running, bot_seats) = state.running();
    if running >= limits.max_games {
        return Err(ApiError::unavailable(
            format!("the server is full: {running} games are running, the most it runs at once; try again later"),
            FULL_RETRY,
        ));
    }
    let new_bots = seats.iter().filter(|s| s.is_bot()).count();
    if bot_seats + new_bots > limits.max_bot_seats {
        return Err(ApiError::unavailable(
            format!(
                "the server is full: its running games have {bot_seats} bot seats and it runs at most {}; \
                 try again later, or with fewer bots",
                limits.max_bot_seats
            ),
            FULL_RETRY,
        ));
    }
    let of_address = state.bot_seats_of(client.0);
    if new_bots > 0 && of_address + new_bots > limits.bot_seats_per_address {
        return Err(ApiError::too_many(
            format!(
                "this address's running games hold {of_address} bot seats, and one address may hold at most {}; \
                 play or finish one of them, or try again later",
                limits.bot_seats_per_address
            ),
            FULL_RETRY,
        ));
    }
    // Only a game that is created counts against the address's quota: a refused request
    // (malformed, or a full server) takes nothing from it.
    state.admission.create_game(client, limits)?;
    let stored = room.stored();
    let state2 = state.clone();
    blocking(move || {
        state2.store.insert_game(&stored).map_err(|e| {
            ApiError::unavailable(format!("the game could not be stored ({e}); try again later"), DATABASE_RETRY)
        })
    })
    .await?;
    let _ = room.creator.set(client.0);
    state.insert(room.clone());
    drop(creating);
    bots::kick(state.clone(), room);
    let created = Created {
        watch: format!("/play/{id}"),
        seats: seats
            .into_iter()
            .zip(colors)
            .enumerate()
            .map(|(i, (s, color))| CreatedSeat {
                seat: i,
                name: s.name,
                color,
                player: s.player,
                join: s.token.as_ref().map(|t| format!("/play/{id}#token={t}")),
                token: s.token,
            })
            .collect(),
        id,
    };
    Ok((StatusCode::CREATED, Json(created)))
}

/// Games in one page of the list, unless the request asks for fewer.
pub const LIST_PAGE: usize = 50;
/// The most games one page may hold.
pub const LIST_PAGE_MAX: usize = 200;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    limit: Option<usize>,
    /// The `next` of the page before.
    after: Option<String>,
    /// Only these games (comma-separated ids), for a browser's "your games".
    ids: Option<String>,
}

/// The game list, newest first, one page at a time: `next` continues it (docs/api.md).
async fn list_games(
    State(state): State<Arc<AppState>>,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let query = parse_query(query)?;
    if let Some(ids) = &query.ids {
        let ids: Vec<&str> = ids.split(',').filter(|id| !id.is_empty()).collect();
        if ids.len() > LIST_PAGE_MAX {
            return Err(
                ApiError::unprocessable(format!("at most {LIST_PAGE_MAX} ids at once, not {}", ids.len())).field("ids")
            );
        }
        return Ok(Json(serde_json::json!({ "games": state.summaries_of(&ids), "next": null })));
    }
    let limit = query.limit.unwrap_or(LIST_PAGE);
    if !(1..=LIST_PAGE_MAX).contains(&limit) {
        return Err(
            ApiError::unprocessable(format!("a page holds 1 to {LIST_PAGE_MAX} games, not {limit}")).field("limit")
        );
    }
    let after = match &query.after {
        None => None,
        Some(cursor) => Some(
            cursor
                .split_once('-')
                .and_then(|(created, id)| Some((created.parse::<i64>().ok()?, id)))
                .filter(|(_, id)| !id.is_empty())
                .ok_or_else(|| ApiError::bad_request(format!("`{cursor}` is not a page's `next`")).field("after"))?,
        ),
    };
    let (games, more) = state.page(after, limit);
    let next = more.then(|| games.last().map(|g| format!("{}-{}", g.created, g.id))).flatten();
    Ok(Json(serde_json::json!({ "games": games, "next": next })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ViewQuery {
    token: Option<String>,
    events_from: Option<usize>,
}

async fn game_view(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    query: Result<Query<ViewQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let mut query = parse_query(query)?;
    query.token = crate::acting::request_token(query.token.take(), &headers)?;
    let room = find(&state, &id)?;
    let you = room.seats_of(query.token.as_deref());
    if query.token.is_some() && you.is_empty() {
        return Err(ApiError::forbidden("this token belongs to no seat of this game").field("token"));
    }
    // Opening a paused game between bots sets it going again.
    bots::kick(state.clone(), room.clone());
    Ok(Json(room.view(you, query.events_from.unwrap_or(0))).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    token: String,
}

/// Checks a join link's token and says which seats it plays.
async fn join(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let room = find(&state, &id)?;
    let request: JoinRequest = parse_body(&headers, body)?;
    let you = room.seats_of(Some(&request.token));
    if you.is_empty() {
        return Err(ApiError::forbidden("this token belongs to no seat of this game").field("token"));
    }
    let view = room.view(you.clone(), usize::MAX);
    let seats: Vec<_> = you.iter().map(|&s| &view.seats[s as usize]).collect();
    Ok(Json(serde_json::json!({"id": id, "you": you, "seats": seats, "status": view.status})).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ActRequest {
    #[serde(default)]
    pub token: Option<String>,
    /// A record action; an entry of a view's `legal` list is accepted as it is (its `at` is
    /// ignored).
    pub action: serde_json::Value,
    #[serde(default)]
    pub version: Option<usize>,
}

async fn act(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    committing: Option<axum::Extension<Committing>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let room = find(&state, &id)?;
    let request: ActRequest = parse_body(&headers, body)?;
    let token = request.token.clone();
    let action = parse_action(request.action)?;
    if let Some(axum::Extension(committing)) = committing {
        committing.0.store(true, std::sync::atomic::Ordering::Release);
    }
    let first = apply_client_action(&state, &room, request.token, action, request.version).await?;
    Ok(Json(room.view(room.seats_of(token.as_deref()), first)).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoRequest {
    #[serde(default)]
    token: Option<String>,
    #[serde(default)]
    version: Option<usize>,
}

/// `POST /api/games/{id}/undo`: the seat takes back its last action (`Room::undo` says when it
/// may); answers the seat's view after it.
async fn undo(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: UndoRequest = parse_body(&headers, body)?;
    let version = request.version;
    seat_change(&state, &id, request.token, move |room, store, token| room.undo(store, token, version)).await
}

/// A change a seat's token asks for (an undo, a chat message), made on the blocking pool (it
/// writes to the database); answers the token's view with the events from the index `change`
/// returns.
async fn seat_change(
    state: &Arc<AppState>,
    id: &str,
    token: Option<String>,
    change: impl FnOnce(&Room, &crate::store::Store, Option<&str>) -> Result<usize, ApiError> + Send + 'static,
) -> Result<Response, ApiError> {
    let room = find(state, id)?;
    let (state2, room2, token2) = (state.clone(), room.clone(), token.clone());
    let first = blocking(move || change(&room2, &state2.store, token2.as_deref())).await?;
    room.person_acted();
    Ok(Json(room.view(room.seats_of(token.as_deref()), first)).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChatRequest {
    #[serde(default)]
    token: Option<String>,
    text: String,
}

/// `POST /api/games/{id}/chat`: a seat's message (`chat.rs`); answers the seat's view, whose
/// `chat` ends with it.
async fn chat(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: ChatRequest = parse_body(&headers, body)?;
    let text = request.text;
    seat_change(&state, &id, request.token, move |room, store, token| {
        room.say(store, token, &text, now()).map(|_| usize::MAX)
    })
    .await
}

async fn record(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let room = find(&state, &id)?;
    Ok(Json(room.record()?).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReplayQuery {
    step: Option<usize>,
}

async fn replay(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    query: Result<Query<ReplayQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let query = parse_query(query)?;
    let room = find(&state, &id)?;
    let step = query.step.unwrap_or(0);
    let view = blocking(move || room.replay_view(step)).await?;
    Ok(Json(view).into_response())
}

/// `405` for a method a route does not take, with the error's JSON like any other error.
async fn method_not_allowed(method: Method, uri: Uri) -> Response {
    ApiError::new(StatusCode::METHOD_NOT_ALLOWED, format!("{} does not take {method}", uri.path())).into_response()
}

async fn static_file(method: Method, uri: Uri) -> Response {
    let path = uri.path();
    // The pages and files are read, never changed: TRACE, OPTIONS, POST and the rest get `405`,
    // not a page.
    if method != Method::GET && method != Method::HEAD {
        let mut response = method_not_allowed(method, uri.clone()).await;
        response.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return response;
    }
    if path.starts_with("/api/") || path == "/api" {
        return ApiError::not_found(format!("no API route {path}")).into_response();
    }
    if path == "/" || path.starts_with("/play/") || path.starts_with("/replay/") {
        return assets::index();
    }
    let file = path.trim_start_matches('/');
    // Hidden files and climbing out of web/ are never served; unknown pages get the HTML 404.
    if file.split('/').any(|part| part == ".." || part.starts_with('.')) {
        return assets::not_found();
    }
    assets::file(file).unwrap_or_else(assets::not_found)
}
