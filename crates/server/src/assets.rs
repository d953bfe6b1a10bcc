//! The browser UI: the files of `web/`, embedded in release builds (so the binary serves them
//! from anywhere) and read from disk in debug builds (so an edit shows on reload).

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../web/"]
struct Web;

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "json" => "application/json",
        "ico" => "image/x-icon",
        _ => "application/octet-stream",
    }
}

/// The file at `path` (without the leading `/`), if `web/` has it.
pub fn file(path: &str) -> Option<Response> {
    let file = Web::get(path)?;
    Some(
        (
            StatusCode::OK,
            [(header::CONTENT_TYPE, content_type(path)), (header::CACHE_CONTROL, "no-cache")],
            file.data.into_owned(),
        )
            .into_response(),
    )
}

/// The single page of the UI, for `/`, `/play/...` and `/replay/...`.
pub fn index() -> Response {
    file("index.html").unwrap_or_else(|| {
        (StatusCode::INTERNAL_SERVER_ERROR, "the UI (web/index.html) is missing from this build").into_response()
    })
}

/// The page for an address that is neither a page of the UI nor a file: HTML for people,
/// with the status 404.
pub fn not_found() -> Response {
    match Web::get("404.html") {
        Some(page) => (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")],
            page.data.into_owned(),
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "page not found").into_response(),
    }
}
