//! API errors: a status and `{"error": "...", "field": "..."}` (docs/api.md, Errors).

use std::time::Duration;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

/// How long a client waits before trying again when the database cannot be read or written.
pub const DATABASE_RETRY: Duration = Duration::from_secs(5);

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ApiError {
    #[serde(skip)]
    pub status: StatusCode,
    pub error: String,
    /// The part of the request at fault, as a path (`seats[1].player`, `token`, `action`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// For a limit or a server that cannot serve now: the seconds after which to try again
    /// (also the `Retry-After` header).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, error: impl Into<String>) -> ApiError {
        ApiError { status, error: error.into(), field: None, retry_after: None }
    }

    pub fn bad_request(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, error)
    }

    pub fn forbidden(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, error)
    }

    pub fn not_found(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, error)
    }

    pub fn conflict(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, error)
    }

    pub fn unprocessable(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, error)
    }

    pub fn internal(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, error)
    }

    /// A limit of the server was reached (`429`); try again after `retry_after`.
    pub fn too_many(error: impl Into<String>, retry_after: Duration) -> ApiError {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, error).retry_after(retry_after)
    }

    /// The server cannot serve this now (`503`: full, or its database refuses to write); try
    /// again after `retry_after`.
    pub fn unavailable(error: impl Into<String>, retry_after: Duration) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, error).retry_after(retry_after)
    }

    /// Whole seconds, at least one.
    fn retry_after(mut self, after: Duration) -> ApiError {
        self.retry_after = Some(after.as_secs_f64().ceil().max(1.0) as u64);
        self
    }

    /// Names the part of the request at fault.
    pub fn field(mut self, field: impl Into<String>) -> ApiError {
        self.field = Some(field.into());
        self
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(&self)).into_response();
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}
