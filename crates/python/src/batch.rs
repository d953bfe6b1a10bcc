//! `carcassonne.GameBatch` and `simulate`: many games stepped in one call, on Rust threads
//! (rayon) with the GIL released.

use carcassonne_bots::{mix_seed, Bot, BotSpec, RandomBot};
use carcassonne_engine::{Color, Deck, Game, GameSetup, Rules};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;

use crate::encode::{self, Shape};
use crate::game::{Buffers, PyGame};
use crate::{build_rules, seat_colors, variant_values, RuleError, SetupError};

/// The bots of `step_bot`: their name, their seed, and one per game (made when needed).
type StepBots = (String, u64, Vec<Option<Box<dyn Bot + Send>>>);

/// The games `reset_finished` dealt anew and their final scores.
type Finished<'py> = (Bound<'py, PyArray1<i64>>, Bound<'py, PyArray2<i64>>);

/// N games of the same rules and seats, game `i` first dealt with seed `seed + i`. A finished
/// game stays finished until `reset` (or `reset_finished`) deals it anew with the next seed.
#[pyclass(name = "GameBatch", module = "carcassonne._engine")]
pub struct PyGameBatch {
    games: Vec<PyGame>,
    rules: Rules,
    colors: Vec<Color>,
    shape: Shape,
    seeds: Vec<u64>,
    next_seed: u64,
    /// Whether the games keep records.
    record: bool,
    /// The bots of `step_bot`: its bot name and seed, and each game's bot (made when first
    /// needed, again after the game is dealt anew). A bot keeps its generator between decisions.
    bots: Mutex<StepBots>,
}

impl PyGameBatch {
    fn deal(&self, seed: u64) -> PyResult<PyGame> {
        PyGame::start(
            GameSetup { rules: self.rules.clone(), players: self.colors.clone(), deck: Deck::Seed(seed) },
            self.shape,
            self.record,
        )
    }

    fn check_index(&self, i: i64) -> PyResult<usize> {
        usize::try_from(i)
            .ok()
            .filter(|i| *i < self.games.len())
            .ok_or_else(|| RuleError::new_err(format!("game {i}: out of range (0 to {} exclusive)", self.games.len())))
    }

    /// Applies one chosen legal action per unfinished game, after checking them all: on any
    /// error no game changes. `choose` runs on the games' threads.
    fn apply_all(
        &mut self,
        py: Python<'_>,
        choose: impl Fn(&mut PyGame, usize) -> Result<Option<carcassonne_engine::Action>, String> + Sync,
    ) -> PyResult<()> {
        let games = &mut self.games;
        py.detach(|| {
            let actions: Vec<_> = games.par_iter_mut().enumerate().map(|(i, game)| choose(game, i)).collect();
            if let Some((i, Err(e))) = actions.iter().enumerate().find(|(_, a)| a.is_err()) {
                return Err(format!("game {i}: {e}"));
            }
            games.par_iter_mut().zip(actions.into_par_iter()).try_for_each(|(game, action)| match action {
                Ok(Some(a)) => game.apply_action(a),
                _ => Ok(()),
            })
        })
        .map_err(RuleError::new_err)
    }
}

#[pymethods]
impl PyGameBatch {
    /// `n` games with the choices of `Game(...)`; game `i` is dealt with seed `seed + i`.
    #[new]
    #[pyo3(signature = (n, players=2, *, expansions=vec![], rules="hig-big-box", edition=None, variants=None, seed=0, colors=None, window=encode::DEFAULT_WINDOW, other_slots=encode::DEFAULT_OTHER_SLOTS, record=true))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        n: usize,
        players: usize,
        expansions: Vec<String>,
        rules: &str,
        edition: Option<&str>,
        variants: Option<&Bound<'_, PyDict>>,
        seed: u64,
        colors: Option<Vec<String>>,
        window: usize,
        other_slots: usize,
        record: bool,
    ) -> PyResult<PyGameBatch> {
        let rules = build_rules(rules, edition, &expansions, &variant_values(variants)?)?;
        let colors = seat_colors(players, colors)?;
        let shape = Shape::new(window, other_slots).map_err(SetupError::new_err)?;
        let mut batch = PyGameBatch {
            games: vec![],
            rules,
            colors,
            shape,
            seeds: (0..n as u64).map(|i| seed.wrapping_add(i)).collect(),
            next_seed: seed.wrapping_add(n as u64),
            record,
            bots: Mutex::new((String::new(), 0, vec![])),
        };
        batch.games = batch.seeds.iter().map(|s| batch.deal(*s)).collect::<PyResult<_>>()?;
        Ok(batch)
    }

    fn __len__(&self) -> usize {
        self.games.len()
    }

    /// A copy of game `i`.
    fn game(&self, i: i64) -> PyResult<PyGame> {
        Ok(self.games[self.check_index(i)?].clone())
    }

    /// The deck seed of each game.
    fn seeds<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        PyArray1::from_slice(py, &self.seeds)
    }

    /// The number of legal actions of each game (0 once it is over).
    fn legal_counts<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let games = &self.games;
        let counts: Vec<i64> = py.detach(|| games.par_iter().map(|g| g.game.legal_action_count() as i64).collect());
        PyArray1::from_vec(py, counts)
    }

    /// The seat to move in each game (-1 once it is over).
    fn players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let seats: Vec<i64> = self.games.iter().map(|g| g.game.pending().player().map_or(-1, i64::from)).collect();
        PyArray1::from_vec(py, seats)
    }

    fn is_over<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        PyArray1::from_vec(py, self.games.iter().map(|g| g.game.is_over()).collect())
    }

    /// Scores, one row per game.
    fn scores<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i64>>> {
        let seats = self.colors.len();
        let flat: Vec<i64> = self.games.iter().flat_map(|g| g.game.scores().into_iter().map(i64::from)).collect();
        PyArray1::from_vec(py, flat).reshape([self.games.len(), seats])
    }

    /// Applies the legal action at `indices[i]` in each unfinished game `i` (finished games
    /// ignore theirs). Raises `RuleError` naming the first bad index; then no game changes.
    fn step(&mut self, py: Python<'_>, indices: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let indices = indices.as_slice()?.to_vec();
        if indices.len() != self.games.len() {
            return Err(RuleError::new_err(format!(
                "indices: {} values for {} games",
                indices.len(),
                self.games.len()
            )));
        }
        self.apply_all(py, |game, i| {
            if game.game.is_over() {
                return Ok(None);
            }
            let count = game.game.legal_action_count();
            usize::try_from(indices[i])
                .ok()
                .and_then(|k| game.game.nth_legal_action(k))
                .map(Some)
                .ok_or_else(|| format!("action index {}: out of range (0 to {count} exclusive)", indices[i]))
        })
    }

    /// Applies the action with id `ids[i]` (the action space of `observe`'s `action_mask`) in
    /// each unfinished game `i`. Raises `RuleError` naming the first bad id; then no game
    /// changes.
    fn step_ids(&mut self, py: Python<'_>, ids: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let ids = ids.as_slice()?.to_vec();
        if ids.len() != self.games.len() {
            return Err(RuleError::new_err(format!("ids: {} values for {} games", ids.len(), self.games.len())));
        }
        self.apply_all(py, |game, i| {
            if game.game.is_over() {
                return Ok(None);
            }
            game.index_of_id(ids[i])
                .map(|k| Some(game.legal[k]))
                .ok_or_else(|| format!("action id {}: no legal action has it now", ids[i]))
        })
    }

    /// Lets bot `name` (`random`, `greedy`, `mcts:...`) take the pending decision of every
    /// unfinished game, the games on Rust threads. Each game has its own bot, seeded from `seed`
    /// and the game's deck seed, which keeps its generator from one call to the next (a call
    /// with another name or seed starts new bots).
    #[pyo3(signature = (name, seed=0))]
    fn step_bot(&mut self, py: Python<'_>, name: &str, seed: u64) -> PyResult<()> {
        let spec = BotSpec::parse(name).map_err(SetupError::new_err)?;
        let n = self.games.len();
        let (bot_name, bot_seed, bots) = self.bots.get_mut().map_err(|_| RuleError::new_err("a bot failed earlier"))?;
        if *bot_name != name || *bot_seed != seed || bots.len() != n {
            *bot_name = name.to_string();
            *bot_seed = seed;
            *bots = (0..n).map(|_| None).collect();
        }
        let games = &mut self.games;
        let seeds = &self.seeds;
        py.detach(|| {
            games.par_iter_mut().zip(bots.par_iter_mut()).zip(seeds.par_iter()).try_for_each(
                |((game, bot), deck_seed)| {
                    let Some(player) = game.game.pending().player() else { return Ok(()) };
                    let bot = bot.get_or_insert_with(|| spec.build(mix_seed(seed ^ mix_seed(*deck_seed))));
                    let action = bot.choose_action(&game.game.observation(Some(player)));
                    game.apply_action(action)
                },
            )
        })
        .map_err(RuleError::new_err)
    }

    /// What the seat to move in each game sees (a spectator's view of a finished game), as
    /// the arrays of `Game.observe` with a leading axis of games; filled on Rust threads.
    fn observe<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let mut buffers = Buffers::new(self.shape, self.games.len());
        let games = &mut self.games;
        py.detach(|| {
            let rows = buffers.rows_mut();
            games.par_iter_mut().zip(rows.into_par_iter()).for_each(|(game, row)| {
                let viewer = game.game.pending().player();
                game.observe_into(viewer, row);
            });
        });
        buffers.into_dict(py, true)
    }

    /// Deals game `i` anew with the next seed (or `seed`).
    #[pyo3(signature = (i, seed=None))]
    fn reset(&mut self, i: i64, seed: Option<u64>) -> PyResult<()> {
        let i = self.check_index(i)?;
        let seed = seed.unwrap_or_else(|| {
            let s = self.next_seed;
            self.next_seed = self.next_seed.wrapping_add(1);
            s
        });
        self.games[i] = self.deal(seed)?;
        self.seeds[i] = seed;
        if let Some(bot) = self.bots.get_mut().ok().and_then(|(_, _, bots)| bots.get_mut(i)) {
            *bot = None;
        }
        Ok(())
    }

    /// Deals every finished game anew with the next seeds; returns the finished games'
    /// indices and final scores, `(indices, scores)`.
    fn reset_finished<'py>(&mut self, py: Python<'py>) -> PyResult<Finished<'py>> {
        let finished: Vec<usize> = (0..self.games.len()).filter(|i| self.games[*i].game.is_over()).collect();
        let mut scores = Vec::new();
        for &i in &finished {
            scores.extend(self.games[i].game.scores().into_iter().map(i64::from));
            self.reset(i as i64, None)?;
        }
        let indices = PyArray1::from_vec(py, finished.iter().map(|i| *i as i64).collect());
        let scores = PyArray1::from_vec(py, scores).reshape([finished.len(), self.colors.len()])?;
        Ok((indices, scores))
    }
}

/// Plays `games` whole games between random bots on Rust threads, the games and the bots
/// seeded as `carcassonne simulate --seed SEED` seeds them (game `i`: deck seed `seed + i`), and
/// returns the final scores, one row per game.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (games, players=2, *, expansions=vec![], rules="hig-big-box", edition=None, variants=None, seed=0))]
pub fn simulate<'py>(
    py: Python<'py>,
    games: usize,
    players: usize,
    expansions: Vec<String>,
    rules: &str,
    edition: Option<&str>,
    variants: Option<&Bound<'_, PyDict>>,
    seed: u64,
) -> PyResult<Bound<'py, PyArray2<i64>>> {
    let rules = build_rules(rules, edition, &expansions, &variant_values(variants)?)?;
    let colors = seat_colors(players, None)?;
    let setup = |s: u64| GameSetup { rules: rules.clone(), players: colors.clone(), deck: Deck::Seed(s) };
    Game::new(setup(seed)).map_err(|e| SetupError::new_err(e.to_string()))?;
    let scores: Vec<Vec<u32>> = py.detach(|| {
        (0..games as u64)
            .into_par_iter()
            .map(|i| {
                let s = seed.wrapping_add(i);
                let mut game = Game::new(setup(s)).expect("the setup was checked");
                let mut bots: Vec<RandomBot> =
                    (0..colors.len()).map(|seat| RandomBot::new(carcassonne_bots::bot_seed(s, seat))).collect();
                let mut events = Vec::new();
                while let Some(p) = game.pending().player() {
                    let action = bots[p as usize].choose_action(&game.observation(Some(p)));
                    events.clear();
                    game.apply_into(action, &mut events).expect("bots choose legal actions");
                }
                game.scores()
            })
            .collect()
    });
    let flat: Vec<i64> = scores.iter().flatten().map(|s| i64::from(*s)).collect();
    PyArray1::from_vec(py, flat).reshape([games, colors.len()])
}
