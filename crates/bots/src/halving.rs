//! A search for long games: the evaluation picks the candidates, playouts decide among them.
//!
//! The evaluation ([`crate::eval`]) ranks every action of the pending decision (for a tile
//! placement, every placement together with each deployment that may follow it), as the greedy
//! bot ranks them, and keeps the best [`HalvingSettings::candidates`]. Sequential halving then
//! shares the budget among them in rounds: each round plays the same number of playouts from
//! each candidate still in, and the better half goes on to the next round, until one is left.
//! Every playout of a round is played in a world shared by all candidates: the same face-down
//! order and the same random choices (common random numbers), so that two candidates are
//! compared on the same tiles and the luck of the draw, which dominates a single playout,
//! cancels out of the comparison.

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

/// The evaluation's candidates for `me` in `game` (a sampled world), best first, at most `keep`,
/// each valued as the greedy bot values it ([`crate::greedy::rank_actions_with`]): so a tower
/// piece counts with the best capture it allows, a deployment to Carcassonne with its best move
/// of the count, and so on. (Valued by the evaluation of the position right after the
/// deployment, a tower piece lacked its capture, and the greedy bot's captures of the
/// search's followers went unanswered: with The Tower alone the search won 1 of 20 games
/// against greedy, docs/performance.md.)
///
/// Candidates that differ only by a turn of a symmetric tile (the four of a cloister surrounded
/// by fields, the two of a straight road) lead to the same position: only the first is kept, so
/// that they do not crowd out different ones (see [`same_outcome`]).
fn candidates(game: &Game, me: PlayerId, evaluation: Evaluation, keep: usize) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = vec![];
    let mut next = game.clone();
    for ranked in crate::greedy::rank_actions_with(game, evaluation) {
        if let Pending::PlaceTile { .. } = game.pending() {
            next.clone_from(game);
            next.apply(ranked.action).expect("a legal action");
            // A placement: with each deployment (or pass) that may follow it.
            if matches!(next.pending(), Pending::Deploy { player, .. } if player == me) {
                for follow_up in crate::greedy::rank_actions_with(&next, evaluation) {
                    let actions = vec![ranked.action, follow_up.action];
                    out.push(Candidate { actions, value: follow_up.value, total: 0.0, playouts: 0 });
                }
                continue;
            }
        }
        out.push(Candidate { actions: vec![ranked.action], value: ranked.value, total: 0.0, playouts: 0 });
    }
    // Stable: among equal values the first legal action comes first, as with the greedy bot.
    out.sort_by(|a, b| b.value.total_cmp(&a.value));
    let mut kept: Vec<Candidate> = vec![];
    for cand in out {
        if kept.len() >= keep.max(1) {
            break;
        }
        if !kept.iter().any(|k| same_outcome(k, &cand)) {
            kept.push(cand);
        }
    }
    kept
}

/// Whether two candidates are taken for the same move: a placement on the same spot with the
/// same kind of follow-up (the same figure deployed, a pass, a tower piece on the same tower),
/// valued exactly alike. A tile the same after a turn (all four turns of a cloister among
/// fields, two of a straight road) lists each turn as its own placement and its features under
/// other numbers; two really different moves of a spot that the evaluation values alike to the
/// last bit are rare, and the evaluation could not tell them apart anyway.
fn same_outcome(a: &Candidate, b: &Candidate) -> bool {
    let same_spot = match (a.actions[0], b.actions[0]) {
        (Action::Place { pos: p, .. }, Action::Place { pos: q, .. }) => p == q,
        _ => false,
    };
    let same_follow_up = match (a.actions.get(1), b.actions.get(1)) {
        (Some(Action::Deploy { figure: f, .. }), Some(Action::Deploy { figure: g, .. })) => f == g,
        // Anything else must be the very same action (a tower piece on the same tower, a pass).
        (x, y) => x == y,
    };
    a.value.to_bits() == b.value.to_bits() && same_spot && same_follow_up
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

/// The count of completed turns at which the playouts of a search from `root` (a sampled world
/// at the decision of `me`) stop, for `horizon` turns (`None`: never, they play to the end).
///
/// The turn in progress at the decision always ends first: whatever is left of it after a
/// candidate (the builder's second tile, a tower's capture, the dragon's flight, a wagon's
/// move) is part of what the candidate leads to. Then `horizon` more turns if that turn is
/// `me`'s; one fewer if it is another player's, whose own continuation of it is then the first
/// reply. Counting the horizon from the position after the candidate instead stopped a
/// candidate that leaves its turn open (as every builder's extension does) at the end of `me`'s
/// own turn, before any reply, so the other player's answer was subtracted from every
/// candidate but those.
fn stop_turns(root: &Game, me: PlayerId, horizon: Option<u32>) -> u32 {
    let Some(horizon) = horizon else { return u32::MAX };
    let after_root_turn = root.turns().saturating_add(1);
    if root.turn_player() == Some(me) {
        after_root_turn.saturating_add(horizon)
    } else {
        after_root_turn.saturating_add(horizon.saturating_sub(1))
    }
}

/// Plays `game` on until `stop` turns are completed or to the end: as the greedy bot would
/// (each decision the best by `evaluation` for the player deciding), or with the tree search's
/// playout policy.
fn play_out(
    game: &mut Game,
    rng: &mut GameRng,
    stop: u32,
    settings: HalvingSettings,
    evaluation: Evaluation,
    policy: &mut PlayoutPolicy,
) {
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
    let stop_at = stop_turns(&world, me, settings.horizon);
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
                play_out(&mut game, &mut playout_rng, stop_at, settings, evaluation, &mut policy);
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
    use crate::tests::{new_game, COLORS};
    use carcassonne_engine::{Deck, Expansion, GameSetup, Rules};

    /// The twelve expansions of the annotated rules, second-edition tiles.
    fn all_twelve() -> Rules {
        let variants =
            carcassonne_engine::Variants { tile_edition: carcassonne_engine::Edition::Second, ..Default::default() };
        Rules { expansions: Expansion::ALL[..12].to_vec(), variants }
    }

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
        assert!(all.len() > placements / 4, "{} candidates, {placements} placements", all.len());
        assert!(all.windows(2).all(|w| w[0].value >= w[1].value));
        for c in &all {
            let mut after = game.clone();
            for &a in &c.actions {
                after.apply(a).unwrap();
            }
            // In the base game the greedy bot values a deployment by the position it leaves.
            assert_eq!(c.value, Evaluation::DEFAULT.margin(&after, p));
        }
        // The best is greedy's choice of placement, at greedy's value.
        let greedy = crate::greedy::rank_actions(&game);
        let best = greedy.iter().map(|r| r.value).fold(f64::MIN, f64::max);
        assert_eq!(all[0].value, best);
        assert_eq!(candidates(&game, p, Evaluation::DEFAULT, 5).len(), 5);
        // No two candidates are the same move of a symmetric tile.
        for (i, a) in all.iter().enumerate() {
            assert!(all[..i].iter().all(|b| !same_outcome(a, b)), "{:?}", a.actions);
        }
    }

    /// The candidates are valued as the greedy bot values the moves, follow-ups included: with
    /// every expansion (a tower piece with its best capture, a deployment to Carcassonne with
    /// its move of the count), the best candidate is greedy's best action at greedy's value.
    /// A tower piece valued before its capture kept the search from ever raising a tower to
    /// capture (1 of 20 games won against greedy with The Tower alone).
    #[test]
    fn the_best_candidate_is_greedys_best_move_with_every_expansion() {
        let rules = all_twelve();
        let mut towers_raised = 0;
        for seed in 0..3 {
            let setup = GameSetup { rules: rules.clone(), players: COLORS[..2].to_vec(), deck: Deck::Seed(seed) };
            let mut game = Game::new(setup).unwrap();
            let mut greedy = bot_by_name("greedy", seed).unwrap();
            let mut decisions = 0;
            while let Some(p) = game.pending().player() {
                if decisions % 7 == 0 {
                    let best = candidates(&game, p, Evaluation::DEFAULT, 8);
                    let ranked = crate::greedy::rank_actions(&game);
                    let top = ranked.iter().map(|r| r.value).fold(f64::MIN, f64::max);
                    assert_eq!(best[0].value, top, "decision {decisions} of deck {seed}: {:?}", best[0].actions);
                    let first = ranked.iter().find(|r| r.value == top).unwrap().action;
                    assert_eq!(best[0].actions[0], first);
                    towers_raised += usize::from(matches!(best[0].actions.get(1), Some(Action::BuildTower { .. })));
                }
                decisions += 1;
                let action = greedy.choose_action(&game.observation(Some(p)));
                game.apply(action).unwrap();
            }
        }
        assert!(towers_raised > 0, "no best move raised a tower");
    }

    /// Greedy replies end after the next player's turn, also when a candidate leaves its own
    /// turn open (a builder's second tile, a tower's capture, the dragon's flight): the rest of
    /// the turn is played first. Decisions within another player's turn end with that turn.
    #[test]
    fn replies_end_after_the_next_players_turn_even_when_the_candidate_leaves_its_turn_open() {
        let rules = all_twelve();
        let setup = GameSetup { rules, players: COLORS[..2].to_vec(), deck: Deck::Seed(4) };
        let mut game = Game::new(setup).unwrap();
        let mut greedy = bot_by_name("greedy", 4).unwrap();
        let (mut left_open, mut checked) = (0, 0);
        let mut policy = PlayoutPolicy::default();
        let mut rng = rng_from_seed(1);
        let mut decisions = 0;
        while let Some(me) = game.pending().player() {
            if decisions % 5 == 0 {
                let stop = stop_turns(&game, me, Some(1));
                let own_turn = game.turn_player() == Some(me);
                assert_eq!(stop, game.turns() + if own_turn { 2 } else { 1 });
                for cand in candidates(&game, me, Evaluation::DEFAULT, 8) {
                    let mut after = game.clone();
                    for &a in &cand.actions {
                        after.apply(a).unwrap();
                    }
                    left_open += usize::from(own_turn && after.turns() == game.turns());
                    play_out(
                        &mut after,
                        &mut rng,
                        stop,
                        HalvingSettings::GREEDY_REPLIES,
                        Evaluation::DEFAULT,
                        &mut policy,
                    );
                    assert!(after.is_over() || after.turns() == stop, "{} turns, {stop} asked", after.turns());
                    checked += 1;
                }
            }
            decisions += 1;
            let action = greedy.choose_action(&game.observation(Some(me)));
            game.apply(action).unwrap();
        }
        assert!(checked > 100 && left_open > 0, "{checked} candidates, {left_open} left their turn open");
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
