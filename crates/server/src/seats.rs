//! Seats: who plays each colour of a game, and the secret token of each human seat.

use serde::{Deserialize, Serialize};

/// One seat as stored in the database.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub name: String,
    /// `human`, or the name of a bot (`random`, `greedy`, `mcts:medium`, ...).
    pub player: String,
    /// The token that acts for this seat (human seats only). Hot-seat games give all their
    /// human seats the same token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

impl Seat {
    pub fn is_bot(&self) -> bool {
        self.player != "human"
    }
}

/// A new random secret: 128 bits as 32 hex digits, from the operating system's generator.
pub fn new_token() -> String {
    hex(&random_bytes::<16>())
}

/// A new game id: 12 characters of `[a-z0-9]` (about 62 bits).
pub fn new_game_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    random_bytes::<12>().iter().map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char).collect()
}

/// A new deck seed.
pub fn new_seed() -> u64 {
    u64::from_le_bytes(random_bytes::<8>())
}

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    // The operating system's generator does not fail on the platforms we run on; if it ever
    // did, a server that cannot make secrets must not go on.
    getrandom::fill(&mut bytes).expect("the operating system's random generator failed");
    bytes
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Compares two secrets in time independent of where they first differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_ids_have_their_documented_shape() {
        let t = new_token();
        assert_eq!(t.len(), 32);
        assert!(t.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(new_token(), t);
        let id = new_game_id();
        assert_eq!(id.len(), 12);
        assert!(id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()));
    }

    #[test]
    fn secrets_compare_exactly() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abc", "abd"));
        assert!(!same_secret("abc", "abcd"));
    }
}
