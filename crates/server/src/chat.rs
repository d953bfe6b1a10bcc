//! A game's chat (`POST /api/games/{id}/chat`, docs/api.md): short messages from the seats,
//! stored with the game and shown to everyone who views it. Spectators read, seats write; a
//! message is plain text (the browser shows it as text, never as markup).

use std::time::{Duration, Instant};

use carcassonne_engine::PlayerId;
use serde::Serialize;

use crate::error::ApiError;
use crate::store::{ChatLine, Store};

/// The longest message, in characters.
pub const MAX_CHARS: usize = 300;
/// The most messages a game keeps: a game is a few hundred turns, and a chat that long is a
/// flood.
pub const MAX_MESSAGES: usize = 1000;
/// The shortest time between two messages of one seat.
pub const MIN_INTERVAL: Duration = Duration::from_millis(700);
/// The messages a view carries when the client has none yet: the last ones.
pub const RECENT: usize = 50;

/// A game's chat in memory: the messages, and when each seat last wrote.
#[derive(Debug, Default)]
pub struct ChatLog {
    pub lines: Vec<ChatLine>,
    last_said: Vec<Option<Instant>>,
}

impl ChatLog {
    pub fn new(lines: Vec<ChatLine>) -> ChatLog {
        ChatLog { lines, last_said: vec![] }
    }

    /// The messages from `from` on, as clients see them.
    pub fn views(&self, from: usize) -> Vec<ChatView> {
        let from = from.min(self.lines.len());
        self.lines[from..]
            .iter()
            .enumerate()
            .map(|(i, l)| ChatView { index: from + i, seat: l.seat, time: l.time, text: l.text.clone() })
            .collect()
    }
}

/// One message as clients see it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ChatView {
    pub index: usize,
    pub seat: PlayerId,
    /// Seconds since the Unix epoch.
    pub time: i64,
    pub text: String,
}

/// A message's text as it will be kept: trimmed, one line or several, no control characters
/// but line breaks, at most [`MAX_CHARS`] characters, not empty.
pub fn checked_text(text: &str) -> Result<String, ApiError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ApiError::unprocessable("the message is empty").field("text"));
    }
    let chars = text.chars().count();
    if chars > MAX_CHARS {
        return Err(ApiError::unprocessable(format!(
            "the message has {chars} characters; at most {MAX_CHARS} are kept"
        ))
        .field("text"));
    }
    if let Some(c) = text.chars().find(|&c| c.is_control() && c != '\n') {
        return Err(ApiError::unprocessable(format!("the message holds the control character U+{:04X}", c as u32))
            .field("text"));
    }
    Ok(text.to_string())
}

impl ChatLog {
    /// `seat` says `text` at `time` in game `game_id`: checked, stored, then kept. Returns the
    /// message's index.
    pub fn say(
        &mut self,
        store: &Store,
        game_id: &str,
        seat: PlayerId,
        text: &str,
        time: i64,
    ) -> Result<usize, ApiError> {
        let text = checked_text(text)?;
        let index = self.lines.len();
        if index >= MAX_MESSAGES {
            return Err(ApiError::conflict(format!("this game's chat is full ({MAX_MESSAGES} messages)")));
        }
        if self.last_said.len() <= seat as usize {
            self.last_said.resize(seat as usize + 1, None);
        }
        if let Some(last) = self.last_said[seat as usize] {
            let since = last.elapsed();
            if since < MIN_INTERVAL {
                return Err(ApiError::too_many("one message at a time: wait a moment", MIN_INTERVAL - since));
            }
        }
        let line = ChatLine { seat, time, text };
        store.append_chat(game_id, index, &line).map_err(|e| {
            ApiError::unavailable(
                format!("the message could not be stored ({e}); try again later"),
                crate::error::DATABASE_RETRY,
            )
        })?;
        self.lines.push(line);
        self.last_said[seat as usize] = Some(Instant::now());
        Ok(index)
    }

    /// The messages from `from` on (`None`: the last [`RECENT`]).
    pub fn recent(&self, from: Option<usize>) -> Vec<ChatView> {
        self.views(from.unwrap_or(self.lines.len().saturating_sub(RECENT)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_trimmed_bounded_and_free_of_control_characters() {
        assert_eq!(checked_text("  good game!  ").unwrap(), "good game!");
        assert_eq!(checked_text("two\nlines").unwrap(), "two\nlines");
        assert_eq!(checked_text("   ").unwrap_err().field.as_deref(), Some("text"));
        assert!(checked_text(&"é".repeat(MAX_CHARS)).is_ok());
        assert!(checked_text(&"é".repeat(MAX_CHARS + 1)).unwrap_err().error.contains("301 characters"));
        assert!(checked_text("bell\u{7}").unwrap_err().error.contains("U+0007"));
    }
}
