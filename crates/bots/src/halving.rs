//! A search for long games: the evaluation picks the candidates, playouts decide among them.
//!
//! The evaluation ([`crate::eval`]) ranks every action of the pending decision (for a tile
//! placement, every placement together with each deployment that may follow it) and keeps the
//! best [`HalvingSettings::candidates`]. Sequential halving then shares the budget among them in
//! rounds: each round plays the same number of playouts from each candidate still in, and the
//! better half goes on to the next round, until one is left. Every playout of a round is played
//! in a world shared by all candidates: the same face-down order and the same random choices
//! (common random numbers), so that two candidates are compared on the same tiles and the luck
//! of the draw, which dominates a single playout, cancels out of the comparison.

use std::time::Instant;

use carcassonne_engine::random::{rng_from_seed, GameRng};
use carcassonne_engine::{Action, Game, Observation, Pending, PlayerId};

use crate::eval::Evaluation;
use crate::mcts::Budget;
use crate::playout::{PlayoutPolicy, DEFAULT_DEPLOYMENTS, DEFAULT_PLACEMENTS};
use crate::{mix_seed, Analysis, Ranked, StopSignal};

/// Settings of the halving search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HalvingSettings {
    /// How many of the evaluation's best actions the playouts decide among.
    pub candidates: usize,
    /// Turns a playout plays before the evaluation values its position (`None`: to the end).
    pub horizon: Option<u32>,
    /// Playouts play as the greedy bot does (every decision by the evaluation) rather than
    /// at random.
    pub greedy_playouts: bool,
}

impl HalvingSettings {
    /// Eight candidates, random playouts to the end.
    pub const DEFAULT: HalvingSettings = HalvingSettings { candidates: 8, horizon: None, greedy_playouts: false };

    /// The levels' search in long games: the evaluation's eight best actions, each followed by
    /// the next player's turn played as the greedy bot would, then the evaluation (`:halving=8:
    /// greedy-horizon=1`). See "Long games" in [`crate::mcts`].
    pub const GREEDY_REPLIES: HalvingSettings =
        HalvingSettings { candidates: 8, horizon: Some(1), greedy_playouts: true };
}

/// One candidate: the actions it plays (a placement and its deployment, or one action), the
/// evaluation's value, and the playouts' rewards.
#[derive(Clone, Debug)]
struct Candidate {
    actions: Vec<Action>,
    value: f64,
    total: f64,
    playouts: u32,
}

/// The evaluation's candidates for `me` in `game` (a sampled world), best first, at most `keep`.
fn candidates(game: &Game, me: PlayerId, evaluation: Evaluation, keep: usize) -> Vec<Candidate> {
    let mut out = vec![];
    let mut next = game.clone();
    let mut after = game.clone();
    for action in game.legal_actions() {
        next.clone_from(game);
        next.apply(action).expect("a legal action");
        match (game.pending(), next.pending()) {
            // A placement: with each deployment (or pass) that may follow it.
            (Pending::PlaceTile { .. }, Pending::Deploy { player, .. }) if player == me => {
                for follow_up in next.legal_actions() {
                    after.clone_from(&next);
                    after.apply(follow_up).expect("a legal action");
                    let value = evaluation.margin(&after, me);
                    out.push(Candidate { actions: vec![action, follow_up], value, total: 0.0, playouts: 0 });
                }
            }
            _ => {
                let value = evaluation.margin(&next, me);
                out.push(Candidate { actions: vec![action], value, total: 0.0, playouts: 0 });
            }
        }
    }
    out.sort_by(|a, b| b.value.total_cmp(&a.value));
    out.truncate(keep.max(1));
    out
}

/// A playout's reward for `me`: the margin in points (the final one, or the evaluated one after
/// a truncated playout). Linear, not the tree search's bounded reward: candidates are compared
/// by their mean over the same worlds, and a bounded reward saturates once one player leads by
/// a few dozen points, as they soon do in a long game, hiding every difference between them.
fn reward(game: &Game, me: PlayerId, evaluation: Evaluation) -> f64 {
    let values: Vec<f64> =
        if game.is_over() { game.players().iter().map(|p| p.score as f64).collect() } else { evaluation.values(game) };
    crate::eval::margin(&values, me as usize)
}

/// Plays `game` on for `horizon` turns or to the end: as the greedy bot would (each decision
/// the best by `evaluation` for the player deciding), or with the tree search's playout policy.
fn play_out(
    game: &mut Game,
    rng: &mut GameRng,
    settings: HalvingSettings,
    evaluation: Evaluation,
    policy: &mut PlayoutPolicy,
) {
    let stop = settings.horizon.map_or(u32::MAX, |h| game.turns().saturating_add(h));
    let mut events = Vec::with_capacity(16);
    while !game.is_over() && game.turns() < stop {
        let action = if settings.greedy_playouts {
            let ranked = crate::greedy::rank_actions_with(game, evaluation);
            ranked.iter().max_by(|a, b| a.value.total_cmp(&b.value)).expect("a legal action").action
        } else {
            policy.choose(game, DEFAULT_PLACEMENTS, DEFAULT_DEPLOYMENTS, rng)
        };
        events.clear();
        game.apply_into(action, &mut events).expect("a legal action");
    }
}

/// Searches the pending decision of `observation` for its player.
pub(crate) fn search(
    observation: &Observation<'_>,
    settings: HalvingSettings,
    evaluation: Evaluation,
    budget: Budget,
    seed: u64,
    stop: &StopSignal,
) -> (Analysis, Vec<Action>) {
    let me = observation.pending().player().expect("a pending decision");
    let mut rng = rng_from_seed(seed);
    let world = observation.sample_game(&mut rng);
    let mut cands = candidates(&world, me, evaluation, settings.candidates);
    let start = Instant::now();
    let rounds = (cands.len() as f64).log2().ceil().max(1.0) as u32;
    let mut alive = cands.len();
    let mut world_index = 0u64;
    let mut policy = PlayoutPolicy::default();
    let mut spent = 0u64;
    // The playouts' game, a buffer reused from one to the next.
    let mut game = world.clone();
    for round in 0..rounds {
        if alive <= 1 {
            break;
        }
        // This round's playouts per candidate: an equal share of what is left of the budget.
        let per_candidate = match budget {
            Budget::Iterations(n) => {
                let left = (n as u64).saturating_sub(spent);
                (left / ((rounds - round) as u64 * alive as u64)).max(1)
            }
            Budget::Time(t) => {
                let elapsed = start.elapsed();
                if elapsed >= t {
                    break;
                }
                // The cost of a playout, from the rounds so far (a guess for the first).
                let per_playout = if spent > 0 { elapsed.as_secs_f64() / spent as f64 } else { 0.0005 };
                let left = (t - elapsed).as_secs_f64();
                ((left / per_playout) as u64 / ((rounds - round) as u64 * alive as u64)).max(1)
            }
        };
        for _ in 0..per_candidate {
            if stop.is_stopped() {
                break;
            }
            // One world for all candidates: the same face-down order and the same choices.
            let world_seed = mix_seed(seed ^ mix_seed(world_index));
            world_index += 1;
            let mut world_rng = rng_from_seed(world_seed);
            let shared = observation.sample_game(&mut world_rng);
            for cand in cands.iter_mut().take(alive) {
                game.clone_from(&shared);
                // A candidate's actions depend on public information only, so they are legal in
                // every world; should one not be, the playout starts where it stopped.
                for &a in &cand.actions {
                    if game.apply(a).is_err() {
                        break;
                    }
                }
                let mut playout_rng = rng_from_seed(world_seed ^ 0x9e37_79b9_7f4a_7c15);
                play_out(&mut game, &mut playout_rng, settings, evaluation, &mut policy);
                cand.total += reward(&game, me, evaluation);
                cand.playouts += 1;
                spent += 1;
            }
            if let Budget::Time(t) = budget {
                if start.elapsed() >= t {
                    break;
                }
            }
        }
        // The better half goes on (by mean reward; the evaluation breaks ties).
        cands[..alive].sort_by(|a, b| {
            let mean = |c: &Candidate| if c.playouts > 0 { c.total / c.playouts as f64 } else { f64::MIN };
            mean(b).total_cmp(&mean(a)).then(b.value.total_cmp(&a.value))
        });
        alive = alive.div_ceil(2);
    }
    let best = cands[0].actions.clone();
    let ranked = cands
        .iter()
        .map(|c| Ranked {
            action: c.actions[0],
            value: if c.playouts > 0 { c.total / c.playouts as f64 } else { f64::NAN },
            visits: c.playouts,
        })
        .collect::<Vec<_>>();
    // One entry per first action (a placement may appear with several deployments): the value
    // of its best candidate, the playouts of all of them.
    let mut unique: Vec<Ranked> = vec![];
    for r in ranked {
        match unique.iter_mut().find(|u| u.action == r.action) {
            Some(u) => u.visits += r.visits,
            None => unique.push(r),
        }
    }
    let analysis = Analysis { best: best[0], value: unique[0].value, unit: "points", ranked: unique };
    (analysis, best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot_by_name;
    use crate::tests::new_game;

    /// A position a few turns in, at a placement of player `p`.
    fn midgame(seed: u64) -> (Game, PlayerId) {
        let mut game = new_game(2, seed);
        let mut random = bot_by_name("random", seed).unwrap();
        while game.turns() < 8 || !matches!(game.pending(), Pending::PlaceTile { .. }) {
            let p = game.pending().player().unwrap();
            game.apply(random.choose_action(&game.observation(Some(p)))).unwrap();
        }
        let p = game.pending().player().unwrap();
        (game, p)
    }

    #[test]
    fn candidates_pair_each_placement_with_its_deployments_best_first() {
        let (game, p) = midgame(3);
        let all = candidates(&game, p, Evaluation::DEFAULT, usize::MAX);
        let placements = game.legal_action_count();
        assert!(all.len() > placements, "{} candidates, {placements} placements", all.len());
        assert!(all.windows(2).all(|w| w[0].value >= w[1].value));
        for c in &all {
            let mut after = game.clone();
            for &a in &c.actions {
                after.apply(a).unwrap();
            }
            assert_eq!(c.value, Evaluation::DEFAULT.margin(&after, p));
        }
        // The best is greedy's choice of placement, at greedy's value.
        let greedy = crate::greedy::rank_actions(&game);
        let best = greedy.iter().map(|r| r.value).fold(f64::MIN, f64::max);
        assert_eq!(all[0].value, best);
        assert_eq!(candidates(&game, p, Evaluation::DEFAULT, 5).len(), 5);
    }

    #[test]
    fn halving_is_reproducible_within_its_budget_and_plans_a_legal_deployment() {
        let (game, p) = midgame(5);
        let observation = game.observation(Some(p));
        for settings in [
            HalvingSettings { candidates: 6, horizon: Some(3), greedy_playouts: false },
            HalvingSettings { candidates: 4, horizon: Some(1), greedy_playouts: true },
            HalvingSettings { candidates: 3, horizon: None, greedy_playouts: false },
        ] {
            let stop = StopSignal::new();
            let run = || search(&observation, settings, Evaluation::DEFAULT, Budget::Iterations(60), 9, &stop);
            let (analysis, plan) = run();
            assert_eq!(run(), (analysis.clone(), plan.clone()));
            let spent: u32 = analysis.ranked.iter().map(|r| r.visits).sum();
            assert!(spent > 0 && spent <= 60 + settings.candidates as u32, "{spent}");
            assert_eq!(plan[0], analysis.best);
            let mut after = game.clone();
            for &a in &plan {
                assert!(after.legal_actions().contains(&a), "{a:?}");
                after.apply(a).unwrap();
            }
            assert!(after.pending().player() != Some(p) || after.turns() > game.turns());
        }
    }

    #[test]
    fn the_halving_bot_plays_whole_games() {
        let mut game = new_game(2, 14);
        let mut bots: Vec<_> = (0..2).map(|k| bot_by_name("mcts:iters=16:halving=4:horizon=2", k).unwrap()).collect();
        crate::tests::play_checked(&mut game, &mut bots);
        assert!(game.is_over());
    }
}
