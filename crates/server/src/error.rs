//! API errors: a status and `{"error": "...", "field": "..."}` (docs/api.md, Errors).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ApiError {
    #[serde(skip)]
    pub status: StatusCode,
    pub error: String,
    /// The part of the request at fault, as a path (`seats[1].player`, `token`, `action`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

impl ApiError {
    pub fn new(status: StatusCode, error: impl Into<String>) -> ApiError {
        ApiError { status, error: error.into(), field: None }
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

    /// Names the part of the request at fault.
    pub fn field(mut self, field: impl Into<String>) -> ApiError {
        self.field = Some(field.into());
        self
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(&self)).into_response()
    }
}
