//! `carcassonne.Bot`: the engine's bots (random, greedy, MCTS at any level) for a game.

use std::sync::Mutex;

use carcassonne_bots::Bot;
use pyo3::prelude::*;

use crate::game::{PyAction, PyEvent, PyGame};
use crate::{RuleError, SetupError};

/// A bot by its command-line name (`random`, `greedy`, `mcts:hard`, `mcts:time=0.42`, ...),
/// seeded: the same seed and positions give the same choices.
#[pyclass(name = "Bot", module = "carcassonne._engine")]
pub struct PyBot {
    name: String,
    // A bot keeps its random generator and search tree between decisions; the lock makes the
    // object shareable between Python threads.
    bot: Mutex<Box<dyn Bot + Send>>,
}

impl PyBot {
    fn decide(&self, py: Python<'_>, game: &mut PyGame) -> PyResult<usize> {
        let Some(player) = game.game.pending().player() else {
            return Err(RuleError::new_err("the game is over; a bot has nothing to decide"));
        };
        let mut bot = self.bot.lock().map_err(|_| RuleError::new_err("the bot failed in an earlier decision"))?;
        let state = &game.game;
        // The search runs without the GIL, so other Python threads go on meanwhile.
        let bot: &mut Box<dyn Bot + Send> = &mut bot;
        let action = py.detach(|| bot.choose_action(&state.observation(Some(player))));
        game.game.legal_actions_into(&mut game.legal);
        game.legal
            .iter()
            .position(|a| *a == action)
            .ok_or_else(|| RuleError::new_err(format!("bot `{}` chose an illegal action {action:?}", self.name)))
    }
}

#[pymethods]
impl PyBot {
    #[new]
    #[pyo3(signature = (name="greedy", seed=0))]
    fn new(name: &str, seed: u64) -> PyResult<PyBot> {
        let bot = carcassonne_bots::bot_by_name(name, seed).map_err(SetupError::new_err)?;
        Ok(PyBot { name: name.to_string(), bot: Mutex::new(bot) })
    }

    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The bot's choice for the pending decision of `game` (not applied).
    fn choose(&self, py: Python<'_>, mut game: PyRefMut<'_, PyGame>) -> PyResult<PyAction> {
        let index = self.decide(py, &mut game)?;
        let action: PyAction = game.legal_action(index as i64)?;
        Ok(action)
    }

    /// Chooses and applies the bot's action; returns its events.
    fn play(&self, py: Python<'_>, mut game: PyRefMut<'_, PyGame>) -> PyResult<Vec<PyEvent>> {
        let index = self.decide(py, &mut game)?;
        let action = game.legal[index];
        game.apply_action(action).map_err(RuleError::new_err)?;
        Ok(game.events.iter().map(PyEvent::from).collect())
    }

    fn __repr__(&self) -> String {
        format!("Bot({:?})", self.name)
    }
}
