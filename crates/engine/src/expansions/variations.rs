//! The official variations of seed 001's SELECTED VARIATIONS ("from the official home page")
//! that need no module of their own: each is a variant of the rules, off by default, read where
//! the rule it changes lives. The others are modules of their own (`unpunctuality.rs`,
//! `own_cloisters.rs`).
//!
//! - "Fewer followers" by Holger Peine: "The number of followers is determined in connection
//!   with the number of players: two players: seven followers; three players: six followers;
//!   four players: five followers." The list stops at four players (the base game's box had
//!   five colours); our reading goes on as it goes, one fewer for each further player: four
//!   for five players, three for six ([`followers_per_player`]).

use crate::players::FOLLOWERS_PER_PLAYER;
use crate::rules::Rules;

/// The followers each player has in supply at the start.
pub(crate) fn followers_per_player(rules: &Rules, players: usize) -> u8 {
    if rules.variants.fewer_followers {
        FOLLOWERS_PER_PLAYER.saturating_sub(players.saturating_sub(2) as u8)
    } else {
        FOLLOWERS_PER_PLAYER
    }
}
