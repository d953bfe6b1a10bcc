//! Players that choose actions for the Carcassonne engine. A bot sees the game only through an
//! [`Observation`], which hides the order of the face-down tiles, and chooses among the legal
//! actions of the pending decision, whatever kind of decision it is.

use carcassonne_engine::random::{below, rng_from_seed, GameRng};
use carcassonne_engine::{Action, Observation};

/// A player that decides.
pub trait Bot {
    /// A short name for listings, e.g. `random`.
    fn name(&self) -> &str;

    /// Chooses one of the legal actions of the pending decision. Called only while the game is
    /// not over, for the player whose decision is pending.
    fn choose_action(&mut self, observation: &Observation<'_>) -> Action;
}

/// Chooses uniformly among the legal actions, from its own seeded generator.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: rng_from_seed(seed) }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose_action(&mut self, observation: &Observation<'_>) -> Action {
        // Legal actions are never empty while a decision is pending (a pass is always legal
        // when deploying, and a drawn tile always has a place). Picking the k-th action
        // directly is the same choice as indexing `legal_actions()`, without building it.
        let count = observation.legal_action_count();
        let k = below(&mut self.rng, count as u32) as usize;
        observation.nth_legal_action(k).expect("k < count")
    }
}

/// Builds a bot from its name (`random`), seeded.
pub fn bot_by_name(name: &str, seed: u64) -> Result<Box<dyn Bot + Send>, String> {
    match name {
        "random" => Ok(Box::new(RandomBot::new(seed))),
        other => Err(format!("unknown bot `{other}` (available: random)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_engine::{Color, Deck, Game, GameSetup, Rules};

    fn play(seed: u64) -> Vec<u32> {
        let mut game = Game::new(GameSetup {
            rules: Rules::base(),
            players: vec![Color::Red, Color::Blue],
            deck: Deck::Seed(seed),
        })
        .unwrap();
        let mut bots = [RandomBot::new(seed), RandomBot::new(seed + 1)];
        while let Some(p) = game.pending().player() {
            let action = bots[p as usize].choose_action(&game.observation(Some(p)));
            game.apply(action).unwrap();
        }
        game.scores()
    }

    #[test]
    fn random_bots_finish_games_reproducibly() {
        assert_eq!(play(3), play(3));
        assert!(bot_by_name("nobody", 1).is_err());
    }
}
