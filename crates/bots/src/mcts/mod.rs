//! `mcts`: determinized (information-set) Monte Carlo tree search.
//!
//! Everything in Carcassonne is public except the order of the face-down tiles (and, under the
//! variations with tiles in hand, the other players' hands), so a node of the tree stands for
//! the public history that reaches it: the actions taken and the tiles drawn. Every iteration
//! samples a possible world with [`Observation::sample_game`] (the face-down tiles reshuffled,
//! the hidden hands dealt anew; the real order is never seen) and walks the tree in it:
//! - at a decision node, UCT picks among the legal actions (they are the same in every world,
//!   since they depend on public information only); each node maximises the reward of the
//!   player deciding there;
//! - after an action that ends a turn, the world draws the next tile: the child is looked up
//!   by that tile (a chance outcome), so outcomes appear in the tree as often as the worlds
//!   produce them; a choice from a hand is looked up by the hand the world dealt (its actions
//!   are that hand's tiles);
//! - the first action not yet tried at a node (in a shuffled order) is expanded into a new
//!   node, and a playout follows to the end of the game ([`DEFAULT_PLAYOUT`]): random play,
//!   made cheaply more like real play ([`Placements::Compact`], [`Deployments::Weighted`];
//!   `:place=uniform` and `:deploy=uniform` make it uniform over the legal actions, drawn with
//!   `legal_action_count` + `nth_legal_action`); with `:playout=N` only N turns are played and
//!   the position is then valued with the evaluation ([`crate::eval`]); in a long game (more
//!   than [`LONG_GAME_TILES`] tiles) the levels play no playout at all: the evaluation values
//!   the new node (see "Long games" below);
//! - the rewards (one per player) are backed up along the path.
//!
//! Why not uniformly random playouts: random players scatter their tiles over the whole
//! frontier, so their roads, cities and cloisters seldom close, and they put a follower on
//! almost every tile, a farmer more often than anything else, and soon have none left; such
//! games value positions unlike real ones. Two nudges, for about a third more time per
//! iteration, fix much of that: of three random placements the playout plays the most
//! surrounded ([`compact_placement`]), and deployments are drawn with [`deployment_weight`].
//! On the same 200 games against greedy, `mcts:medium`
//! won 70.5% (mean margin +11.7) with uniform playouts, 84.8% (+19.1) with weighted
//! deployments alone, 84.8% (+21.3) with compact placements alone and 91.5% (+27.8) with both
//! (docs/performance.md), more than any budget of uniform playouts had reached.
//!
//! Why full playouts (measured with uniform ones): truncated ones (two random turns, then the
//! greedy evaluation) make five to seven times as many iterations per second, and looked
//! better in short samples (25 000 two-turn iterations won 78.5% of 100 games against
//! greedy), but the 200-game measurement with 100 000 two-turn iterations per decision won
//! only 69.3%, and on the same 50 deals (seed 1001) 25 000 full-playout iterations won 86%
//! where 100 000 two-turn ones won 62% (docs/performance.md). The random playout to the end
//! keeps the value of followers that wait on long-lived features, which the greedy evaluation
//! after two turns misjudges. Also tried and dropped (all with uniform playouts): a playout
//! policy that deploys by the greedy evaluation, greedy playouts, a progressive bias at the
//! root from greedy's values, exploration constants of 0.25 and 1 instead of 0.5, playout
//! deployments that pass outright half of the time, and a reward blended half and half with
//! the greedy evaluation of the playout's first position. With uniform playouts, from 25 000
//! to 62 000 iterations per decision, on one tree or two, the win rate against greedy stayed
//! between about 77% and 84% (docs/performance.md): more playouts of the same kind bought
//! nothing, better ones did.
//!
//! Long games (issue 36): with all twelve expansions a game has three times the tiles of a base
//! game and each tile costs about three times as much to play, so a playout to the end costs
//! about nine times as much; worse, random play of the expansions' decisions (the fairy moved
//! on every other turn, towers raised at random, followers sent to Carcassonne) makes games
//! unlike real ones. Against the greedy bot with all twelve expansions, full playouts lost
//! every game at every budget tried, and evaluation leaves (`:playout=0`) won only about half:
//! a new node of the other player tries its actions in a random order, so an action's value
//! is averaged over the other player's random replies, not over the replies it would play
//! (docs/performance.md, "Bots with expansions"). So the levels' search is [`Search::Auto`]:
//! in games of at most [`LONG_GAME_TILES`] tiles (the base game and any single expansion) this
//! tree with full playouts ([`Playout::Auto`]), and in longer ones sequential halving among the
//! evaluation's eight best actions, a placement together with its deployment, valued as the
//! greedy bot values them (a tower piece with the best capture it allows), the same move of a
//! symmetric tile taken once ([`crate::halving`], [`HalvingSettings::GREEDY_REPLIES`]): each
//! is tried in sampled worlds, the rest of its own turn played as the greedy bot plays (a
//! builder's second tile, the tower's capture), then the next player's turn played so too
//! (their tile drawn from the world, their best placement and deployment by the evaluation),
//! and valued by the evaluation after that reply; every candidate meets the same worlds. That asks, of each
//! action the evaluation likes, what the other player will make of it: whether they can join
//! the city, take over the farm, close the road for their own points. With all twelve
//! expansions at the server's 0.42 s it beat greedy where the tree search with evaluation
//! leaves was even with it (docs/performance.md). An iteration budget buys such a search one
//! reply per [`TREE_ITERATIONS_PER_REPLY`] iterations, so the levels take about as long as
//! with the tree. Its evaluation (candidates, replies and values alike) is the search's own,
//! [`Evaluation::SEARCH`]: the greedy bot's but for the followers in supply, valued as a
//! reserve whose last followers are worth the most ([`crate::eval::supply_worth`]); with
//! all twelve expansions it widened the search's mean margin over greedy by about 28 points
//! (docs/performance.md, "Followers in supply as a reserve"). `:search=tree` keeps the tree in long games too (with the rewards of its
//! evaluated iterations centred on the root's evaluated margin, `centred_rewards`, and the
//! margin scales of both kinds of reward growing with the game's length, `game_scale`).
//!
//! The reward of player `p` at the end of a full playout is `0.5 * win + 0.5 * (0.5 + 0.5 *
//! tanh(margin / (20 * scale)))`, where `win` is 1 for a sole first place, `1/k` for a first
//! place shared by `k` players and 0 otherwise, `margin` is `p`'s score minus the best other
//! score and `scale` is `game_scale` (1 in a base game) times `:scale=`; so it lies in 0..1,
//! and winning counts as much as the margin. After a truncated playout it is `0.5 + 0.5 *
//! tanh(gain / (20 * scale))`, `gain` being the evaluated margin less the root's
//! (`centred_rewards`). (Before issue 36 a truncated playout's `win` was a logistic function
//! of the evaluated margin, uncentred: the truncated-playout figures below were measured so.)
//!
//! Tree reuse within a turn: the search for a placement has already searched the deployments
//! that follow each placement (they are its children), so when the next decision is the
//! deployment right after the placement this bot chose, and the public state shows that this
//! placement was played, every tree is re-rooted at that deployment's node and the search goes on
//! with a quarter of the budget ([`FOLLOW_UP_SHARE`]). The time saved goes to the placements: in
//! 2-player base games the deployment is open on about 40% of the bot's turns, so a turn costs
//! about 1.1 budgets instead of 1.4. Any other decision starts new trees with the whole budget.
//!
//! Root parallelism: each thread grows its own tree from its own seed (derived from the move's
//! seed and the thread's index) for its share of the iterations; the root visit counts and
//! rewards are added up over the trees and the most visited action is chosen. With an
//! iteration budget the choice depends only on the seed, the budget and the thread count.

use std::time::{Duration, Instant};

use carcassonne_engine::random::{rng_from_seed, shuffle, GameRng};
use carcassonne_engine::{Action, Event, Game, Observation, Pending, PlayerId, Pos, Rotation};

use crate::eval::{self, Evaluation};
use crate::halving::HalvingSettings;
use crate::playout::PlayoutPolicy;
pub use crate::playout::{
    compact_placement, deployment_weight, Deployments, Placements, COMPACT_DRAWS, DEFAULT_DEPLOYMENTS,
    DEFAULT_PLACEMENTS,
};
use crate::{mix_seed, Analysis, Bot, Ranked, StopSignal};

/// How much search a move gets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// This many iterations (playouts) per decision in all, shared among the threads:
    /// reproducible. A deployment that continues the bot's own placement search gets a quarter
    /// (see the module documentation).
    Iterations(u32),
    /// Search on every thread until this much time has passed (a quarter of it for a
    /// deployment that continues the placement search): not reproducible.
    Time(Duration),
}

/// Settings of [`MctsBot`].
#[derive(Clone, Debug, PartialEq)]
pub struct MctsSettings {
    pub budget: Budget,
    /// Threads, one tree each (root parallelism).
    pub threads: usize,
    /// The UCT exploration constant `c` in `mean + c * sqrt(ln N / n)` (rewards lie in 0..1).
    pub exploration: f64,
    /// How an iteration ends after the tree.
    pub playout: Playout,
    /// How playouts choose placements.
    pub placements: Placements,
    /// How playouts choose deployments.
    pub deployments: Deployments,
    /// How a truncated playout values the position it stops at, and how the halving search
    /// picks, answers and values its candidates (the levels: [`Evaluation::SEARCH`]).
    pub evaluation: Evaluation,
    /// The tree search, or sequential halving among the evaluation's best actions.
    pub search: Search,
    /// Multiplies the margins the rewards tell apart (20 points in a base game, more in a
    /// longer one: see the module documentation).
    pub margin_scale: f64,
}

/// Which search the bot runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Search {
    /// Monte Carlo tree search (this module).
    Tree,
    /// Sequential halving among the evaluation's best actions ([`crate::halving`]).
    Halving(HalvingSettings),
    /// The levels' search: the tree in games of at most this many tiles ([`game_tiles`]), and
    /// in longer ones sequential halving among the evaluation's best actions, each tried
    /// against the greedy replies of the next player ([`HalvingSettings::GREEDY_REPLIES`]),
    /// an iteration budget counting [`TREE_ITERATIONS_PER_REPLY`] iterations for each reply
    /// played. See "Long games" in the module documentation.
    Auto(u32),
}

impl Search {
    /// The search of this game: `Auto` resolved by the game's length.
    pub fn for_game(self, observation: &Observation<'_>) -> Search {
        match self {
            Search::Auto(tiles) if game_tiles(observation) <= tiles as usize => Search::Tree,
            Search::Auto(_) => Search::Halving(HalvingSettings::GREEDY_REPLIES),
            search => search,
        }
    }
}

/// What one greedy reply of the halving search costs, in iterations of the tree search with
/// evaluation leaves: the levels' iteration budgets buy a long game's halving search this many
/// times fewer replies. (With all twelve expansions, at the mid-game position of the bots'
/// benchmark, a search of 25 000 tree iterations takes about 0.13 s and one reply about 3 ms on
/// one core; at 200, `hard`'s 25 000 iterations buy 125 replies, about as long as the server's
/// 0.42 s.)
pub const TREE_ITERATIONS_PER_REPLY: u32 = 200;

/// The end of an iteration, after the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playout {
    /// Random actions to the end of the game; the reward comes from the final scores.
    Full,
    /// Random actions for this many turns (0: none), then the position is scored with the
    /// evaluation instead of playing on.
    Turns(u32),
    /// Full playouts in a game of at most this many tiles in all (on the board, face down and
    /// to be drawn: [`game_tiles`]); in a longer one no playout: the evaluation values the
    /// tree's new node (`Turns(0)`). See the module documentation.
    Auto(u32),
}

impl Playout {
    /// The playout a search of this game uses: `Auto` resolved by the game's length.
    ///
    /// Games with The Tower are no exception since the playouts' captures take only the other
    /// players' figures ([`crate::playout`]): at `mcts:time=0.42` against greedy with The
    /// Tower alone, full playouts with random captures had won 3 of 20 games and evaluation
    /// leaves 19.5 of 30; with those captures full playouts won 24 of 30 (docs/performance.md,
    /// "Bots with expansions").
    pub fn for_game(self, observation: &Observation<'_>) -> Playout {
        match self {
            Playout::Auto(tiles) if game_tiles(observation) <= tiles as usize => Playout::Full,
            Playout::Auto(_) => Playout::Turns(0),
            playout => playout,
        }
    }
}

/// The tiles of the game: on the board and still face down.
pub fn game_tiles(observation: &Observation<'_>) -> usize {
    observation.board().len() + observation.tiles_left()
}

/// The longest game (in tiles, [`game_tiles`]) that the levels search with full playouts; in
/// longer ones they search with evaluation leaves. A base game has 72 tiles and every single
/// expansion of the annotated rules adds fewer than 40 (The Princess & the Dragon the most:
/// 30, with the River 12 more); all twelve together make 213.
pub const LONG_GAME_TILES: u32 = 120;

/// Iterations per decision of the levels, with [`DEFAULT_PLAYOUT`].
pub const LEVELS: [(&str, u32); 3] = [("easy", 500), ("medium", 5_000), ("hard", 25_000)];

/// The time the levels' iteration budgets take on one core of the 2-core machine of
/// docs/performance.md (about 60 000 iterations per second from a mid-game position): the
/// budgets the game server gives them, so that a bot answers in its usual time whatever else
/// the machine does ([`MctsSettings::timed_level`]).
pub const LEVEL_TIMES: [(&str, Duration); 3] =
    [("easy", Duration::from_millis(10)), ("medium", Duration::from_millis(85)), ("hard", Duration::from_millis(420))];

/// The playout of the levels and of [`MctsSettings::iterations`]: random play to the end of
/// games of at most [`LONG_GAME_TILES`] tiles, evaluation leaves in longer ones (see the module
/// documentation for why).
pub const DEFAULT_PLAYOUT: Playout = Playout::Auto(LONG_GAME_TILES);

/// The default exploration constant.
pub const EXPLORATION: f64 = 0.5;

impl MctsSettings {
    /// The settings of a level (`easy`, `medium`, `hard`): an iteration budget, one thread.
    pub fn level(name: &str) -> Option<MctsSettings> {
        LEVELS.iter().find(|(level, _)| *level == name).map(|&(_, iterations)| MctsSettings::iterations(iterations))
    }

    /// The settings of a level with its time budget ([`LEVEL_TIMES`]) instead of its
    /// iterations: the same search for about the same time, not reproducible.
    pub fn timed_level(name: &str) -> Option<MctsSettings> {
        let (_, time) = LEVEL_TIMES.iter().find(|(level, _)| *level == name)?;
        MctsSettings::level(name).map(|settings| MctsSettings { budget: Budget::Time(*time), ..settings })
    }

    /// The level these settings' budget is, by its iterations or its time.
    pub fn level_name(&self) -> Option<&'static str> {
        match self.budget {
            Budget::Iterations(n) => LEVELS.iter().find(|(_, i)| *i == n).map(|(level, _)| *level),
            Budget::Time(t) => LEVEL_TIMES.iter().find(|(_, time)| *time == t).map(|(level, _)| *level),
        }
    }

    pub fn iterations(iterations: u32) -> MctsSettings {
        MctsSettings {
            budget: Budget::Iterations(iterations.max(1)),
            threads: 1,
            exploration: EXPLORATION,
            playout: DEFAULT_PLAYOUT,
            placements: DEFAULT_PLACEMENTS,
            deployments: DEFAULT_DEPLOYMENTS,
            evaluation: Evaluation::SEARCH,
            search: Search::Auto(LONG_GAME_TILES),
            margin_scale: 1.0,
        }
    }
}

/// The search bot.
#[derive(Debug)]
pub struct MctsBot {
    settings: MctsSettings,
    seed: u64,
    moves: u64,
    name: String,
    trees: Vec<Tree>,
    /// The placement this bot chose at its last search, if that search was for a placement:
    /// the deployment that follows it can continue in the same trees.
    placed: Option<Placed>,
    /// Ends the searches early when another thread says so.
    stop: StopSignal,
    /// The halving search's deployment planned with its placement.
    plan: Option<Action>,
}

/// A placement chosen by the search, and the public facts that tell whether the next decision
/// is the deployment right after it (see [`MctsBot::follows_placement`]).
#[derive(Clone, Copy, Debug)]
struct Placed {
    action: Action,
    player: PlayerId,
    pos: Pos,
    rotation: Rotation,
    tiles_on_board: usize,
    tiles_left: usize,
}

impl Placed {
    /// The record of `action` chosen at `observation`'s decision, if it places the drawn tile.
    fn of(observation: &Observation<'_>, action: Action) -> Option<Placed> {
        let (Pending::PlaceTile { player, .. }, Action::Place { pos, rotation }) = (observation.pending(), action)
        else {
            return None;
        };
        Some(Placed {
            action,
            player,
            pos,
            rotation,
            tiles_on_board: observation.board().len(),
            tiles_left: observation.tiles_left(),
        })
    }
}

impl MctsBot {
    pub fn new(settings: MctsSettings, seed: u64) -> MctsBot {
        let name = match settings.budget {
            Budget::Iterations(n) => match LEVELS.iter().find(|(_, i)| *i == n) {
                Some((level, _)) => format!("mcts:{level}"),
                None => format!("mcts:iters={n}"),
            },
            Budget::Time(t) => format!("mcts:time={}", t.as_secs_f64()),
        };
        let threads = settings.threads.max(1);
        MctsBot {
            settings,
            seed,
            moves: 0,
            name,
            trees: (0..threads).map(|_| Tree::default()).collect(),
            placed: None,
            stop: StopSignal::new(),
            plan: None,
        }
    }

    pub fn settings(&self) -> &MctsSettings {
        &self.settings
    }

    /// Searches the pending decision and returns the root statistics merged over the trees.
    fn search(&mut self, observation: &Observation<'_>) -> Analysis {
        let move_seed = mix_seed(self.seed ^ mix_seed(self.moves));
        self.moves += 1;
        match (self.settings.search, self.settings.search.for_game(observation)) {
            (Search::Auto(_), Search::Halving(halving)) => {
                let budget = match self.settings.budget {
                    Budget::Iterations(n) => Budget::Iterations((n / TREE_ITERATIONS_PER_REPLY).max(1)),
                    time => time,
                };
                return self.search_halving(observation, halving, budget, move_seed);
            }
            (_, Search::Halving(halving)) => {
                return self.search_halving(observation, halving, self.settings.budget, move_seed)
            }
            _ => {}
        }
        let threads = self.trees.len();
        // The deployment after this bot's own placement continues in the placement's trees
        // (which already searched it) with a quarter of the budget; any other decision starts
        // new trees with the whole budget.
        let reused = match self.placed.take() {
            Some(placed) if self.follows_placement(observation, &placed) => {
                let legal = observation.legal_actions();
                let roots: Option<Vec<u32>> =
                    self.trees.iter().map(|tree| tree.child_decision(placed.action, &legal)).collect();
                roots.map(|roots| {
                    for (tree, root) in self.trees.iter_mut().zip(roots) {
                        tree.root = root;
                    }
                })
            }
            _ => None,
        }
        .is_some();
        let budget = match (reused, self.settings.budget) {
            (false, budget) => budget,
            (true, Budget::Iterations(n)) => Budget::Iterations((n / FOLLOW_UP_SHARE).max(1)),
            (true, Budget::Time(t)) => Budget::Time(t / FOLLOW_UP_SHARE),
        };
        let method = Method {
            exploration: self.settings.exploration,
            playout: self.settings.playout.for_game(observation),
            placements: self.settings.placements,
            deployments: self.settings.deployments,
            evaluation: self.settings.evaluation,
            scale: self.settings.margin_scale,
        };
        let deadline = match budget {
            Budget::Time(t) => Some(Instant::now() + t),
            Budget::Iterations(_) => None,
        };
        let share = |k: usize| match budget {
            Budget::Iterations(n) => {
                let n = n as usize;
                (n / threads + usize::from(k < n % threads)) as u32
            }
            Budget::Time(_) => u32::MAX,
        };
        let limits = Limits { deadline, stop: &self.stop };
        if threads == 1 {
            self.trees[0].search(observation, mix_seed(move_seed), share(0), limits, method, reused);
        } else {
            std::thread::scope(|scope| {
                for (k, tree) in self.trees.iter_mut().enumerate() {
                    let iterations = share(k);
                    let seed = mix_seed(move_seed.wrapping_add(k as u64));
                    scope.spawn(move || tree.search(observation, seed, iterations, limits, method, reused));
                }
            });
        }
        // Merge the root edges by action, in the order of the legal actions.
        let mut ranked: Vec<(Ranked, f64)> = observation
            .legal_actions()
            .into_iter()
            .map(|action| (Ranked { action, value: 0.0, visits: 0 }, 0.0))
            .collect();
        for tree in &self.trees {
            for edge in tree.root_edges() {
                if let Some((r, total)) = ranked.iter_mut().find(|(r, _)| r.action == edge.action) {
                    r.visits += edge.visits;
                    *total += edge.total;
                }
            }
        }
        let mut ranked: Vec<Ranked> = ranked
            .into_iter()
            .map(|(mut r, total)| {
                r.value = if r.visits > 0 { total / r.visits as f64 } else { f64::NAN };
                r
            })
            .collect();
        // Most visits first; then the better mean; then legal order (the sort is stable).
        ranked.sort_by(|a, b| {
            b.visits.cmp(&a.visits).then_with(|| b.value.partial_cmp(&a.value).unwrap_or(std::cmp::Ordering::Equal))
        });
        self.placed = Placed::of(observation, ranked[0].action);
        Analysis { best: ranked[0].action, value: ranked[0].value, unit: "reward", ranked }
    }

    /// The halving search; a deployment planned with the bot's own placement is played without
    /// a new search.
    fn search_halving(
        &mut self,
        observation: &Observation<'_>,
        halving: HalvingSettings,
        budget: Budget,
        seed: u64,
    ) -> Analysis {
        if let (Some(placed), Some(planned)) = (self.placed.take(), self.plan.take()) {
            if self.follows_placement(observation, &placed) && observation.legal_actions().contains(&planned) {
                let ranked = vec![Ranked { action: planned, value: f64::NAN, visits: 0 }];
                return Analysis { best: planned, value: f64::NAN, unit: "points", ranked };
            }
        }
        let (analysis, plan) =
            crate::halving::search(observation, halving, self.settings.evaluation, budget, seed, &self.stop);
        if let [placement, deploy] = plan[..] {
            self.placed = Placed::of(observation, placement);
            self.plan = self.placed.is_some().then_some(deploy);
        }
        analysis
    }

    /// Whether the pending decision is the deployment right after `placed` was applied: the
    /// same player deploys on the tile at the same place and turned the same way, one tile
    /// more on the board and no tile drawn since. (A caller that asked for an analysis and
    /// then played something else fails these checks, and the search starts afresh.)
    fn follows_placement(&self, observation: &Observation<'_>, placed: &Placed) -> bool {
        observation.pending() == Pending::Deploy { player: placed.player, pos: placed.pos }
            && observation.board().len() == placed.tiles_on_board + 1
            && observation.tiles_left() == placed.tiles_left
            && observation.board().get(placed.pos).is_some_and(|tile| tile.rotation == placed.rotation)
    }
}

/// The deployment after the bot's own placement gets `1 / FOLLOW_UP_SHARE` of the budget, on
/// top of what the placement's search already spent on it.
pub const FOLLOW_UP_SHARE: u32 = 4;

impl Bot for MctsBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose_action(&mut self, observation: &Observation<'_>) -> Action {
        // A forced move needs no search.
        if observation.legal_action_count() == 1 {
            self.moves += 1;
            self.placed = None;
            return observation.nth_legal_action(0).expect("one legal action");
        }
        self.search(observation).best
    }

    fn analyse(&mut self, observation: &Observation<'_>) -> Analysis {
        self.search(observation)
    }

    fn set_stop_signal(&mut self, signal: StopSignal) {
        self.stop = signal;
    }
}

#[cfg(test)]
mod tests;
mod tree;

use tree::{Limits, Method, Tree};
