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
//! every game at every budget tried, while evaluation leaves (`:playout=0`) win about half
//! (docs/performance.md, "Bots with expansions"). So [`DEFAULT_PLAYOUT`] is
//! [`Playout::Auto`]: full playouts up to [`LONG_GAME_TILES`] tiles (the base game and any
//! single expansion), evaluation leaves beyond. The rewards of an evaluated search are centred
//! on the root's evaluated margin (`centred_rewards`), and the margin scales of both kinds of
//! reward grow with the game's length (`game_scale`).
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
    /// How a truncated playout values the position it stops at.
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
}

/// The end of an iteration, after the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playout {
    /// Random actions to the end of the game; the reward comes from the final scores.
    Full,
    /// Random actions for this many turns (0: none), then the position is scored with the
    /// evaluation instead of playing on.
    Turns(u32),
    /// Full playouts in a game of at most this many tiles in all (on the board, face down and
    /// to be drawn: [`game_tiles`]); in a longer one no playout, the evaluation values the
    /// tree's new node (`Turns(0)`). See the module documentation.
    Auto(u32),
}

impl Playout {
    /// The playout a search of this game uses: `Auto` resolved by the game's length.
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
        LEVELS.iter().find(|(level, _)| *level == name).map(|&(_, iterations)| MctsSettings {
            budget: Budget::Iterations(iterations),
            threads: 1,
            exploration: EXPLORATION,
            playout: DEFAULT_PLAYOUT,
            placements: DEFAULT_PLACEMENTS,
            deployments: DEFAULT_DEPLOYMENTS,
            evaluation: Evaluation::DEFAULT,
            search: Search::Tree,
            margin_scale: 1.0,
        })
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
            evaluation: Evaluation::DEFAULT,
            search: Search::Tree,
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
        if let Search::Halving(halving) = self.settings.search {
            return self.search_halving(observation, halving, move_seed);
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
    fn search_halving(&mut self, observation: &Observation<'_>, halving: HalvingSettings, seed: u64) -> Analysis {
        if let (Some(placed), Some(planned)) = (self.placed.take(), self.plan.take()) {
            if self.follows_placement(observation, &placed) && observation.legal_actions().contains(&planned) {
                let ranked = vec![Ranked { action: planned, value: f64::NAN, visits: 0 }];
                return Analysis { best: planned, value: f64::NAN, unit: "points", ranked };
            }
        }
        let (analysis, plan) = crate::halving::search(
            observation,
            halving,
            self.settings.evaluation,
            self.settings.budget,
            seed,
            &self.stop,
        );
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

/// What ends a search besides its iterations.
#[derive(Clone, Copy)]
struct Limits<'a> {
    deadline: Option<Instant>,
    stop: &'a StopSignal,
}

impl Limits<'_> {
    fn reached(&self) -> bool {
        self.stop.is_stopped() || self.deadline.is_some_and(|deadline| Instant::now() >= deadline)
    }
}

const NONE: u32 = u32::MAX;

/// A decision (or the end of the game).
#[derive(Clone, Copy, Debug)]
struct Node {
    /// Who decides here (unused at the end of the game).
    player: PlayerId,
    /// The chance outcome that led here from the parent edge: see [`outcome_key`].
    key: u32,
    /// The next child of the same parent edge (another outcome), or `NONE`.
    sibling: u32,
    /// The node's edges are `edges[first_edge..first_edge + edge_count]`.
    first_edge: u32,
    edge_count: u32,
    /// Edges not yet tried; the tried ones are the first `edge_count - untried`.
    untried: u32,
    visits: u32,
}

/// An action at a node, with its statistics for the deciding player.
#[derive(Clone, Copy, Debug)]
struct Edge {
    action: Action,
    visits: u32,
    /// Sum of the rewards of the node's deciding player.
    total: f64,
    /// The first child node (one per chance outcome), or `NONE`.
    child: u32,
}

/// One search tree, with buffers reused from move to move.
#[derive(Debug, Default)]
struct Tree {
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    path: Vec<(u32, u32)>,
    actions: Vec<Action>,
    events: Vec<Event>,
    rewards: Vec<f64>,
    policy: PlayoutPolicy,
    /// The node of the decision being searched (0 unless the tree was reused).
    root: u32,
    /// How much larger than a base game's this game's points are ([`game_scale`]).
    game_scale: f64,
    /// Each player's evaluated margin at the root: the centre of their rewards after truncated
    /// playouts (see [`centred_rewards`]).
    root_margins: Vec<f64>,
}

/// How a tree searches: the settings an iteration needs.
#[derive(Clone, Copy, Debug)]
struct Method {
    exploration: f64,
    playout: Playout,
    placements: Placements,
    deployments: Deployments,
    evaluation: Evaluation,
    scale: f64,
}

/// The outcome key of a decision within the turn (a deployment, an escape).
const WITHIN_TURN: u32 = 1 << 20;

/// The outcome keys of choices from a hand: this bit and a hash of the hand.
const HAND_CHOICE: u32 = 1 << 23;

/// What tells apart the children of an edge: the pending decision after the action (the tile
/// drawn, a deployment, or the end of the game). A choice from a hidden hand differs from world
/// to world with the hand sampled, so its node is looked up by the hand (as a tile drawn is),
/// and its actions are the same wherever it is reached.
fn outcome_key(game: &Game) -> u32 {
    match game.pending() {
        Pending::PlaceTile { tile, .. } => tile.0 as u32,
        Pending::ChooseTile { player } => {
            let mut hand = game.hand(player).to_vec();
            hand.sort_unstable();
            let hash = hand.iter().fold(0x811c_9dc5u32, |h, t| (h ^ t.0 as u32).wrapping_mul(0x0100_0193));
            HAND_CHOICE | (hash & (HAND_CHOICE - 1))
        }
        Pending::GameOver => 1 << 21,
        // A deployment, or any other decision within the turn.
        _ => WITHIN_TURN,
    }
}

impl Tree {
    fn root_edges(&self) -> &[Edge] {
        match self.nodes.get(self.root as usize) {
            Some(root) => &self.edges[root.first_edge as usize..(root.first_edge + root.edge_count) as usize],
            None => &[],
        }
    }

    /// The node of the decision that follows `action` at the root within the same turn, if the
    /// tree has one and its actions are exactly `legal` (they are, when the caller applied
    /// `action`: a decision within the turn depends on public information only).
    fn child_decision(&self, action: Action, legal: &[Action]) -> Option<u32> {
        let root = self.nodes.get(self.root as usize)?;
        let edge = self.edges[root.first_edge as usize..(root.first_edge + root.edge_count) as usize]
            .iter()
            .find(|edge| edge.action == action)?;
        let mut child = edge.child;
        while child != NONE && self.nodes[child as usize].key != WITHIN_TURN {
            child = self.nodes[child as usize].sibling;
        }
        let node = self.nodes.get(child as usize)?;
        let edges = &self.edges[node.first_edge as usize..(node.first_edge + node.edge_count) as usize];
        let same = edges.len() == legal.len() && legal.iter().all(|a| edges.iter().any(|e| e.action == *a));
        same.then_some(child)
    }

    /// Adds a node for the state of `game` and returns its index.
    fn add_node(&mut self, game: &Game, key: u32, rng: &mut GameRng) -> u32 {
        let index = self.nodes.len() as u32;
        let first_edge = self.edges.len() as u32;
        game.legal_actions_into(&mut self.actions);
        shuffle(&mut self.actions, rng);
        self.edges.extend(self.actions.iter().map(|&action| Edge { action, visits: 0, total: 0.0, child: NONE }));
        let count = self.actions.len() as u32;
        self.nodes.push(Node {
            player: game.pending().player().unwrap_or(0),
            key,
            sibling: NONE,
            first_edge,
            edge_count: count,
            untried: count,
            visits: 0,
        });
        index
    }

    fn search(
        &mut self,
        observation: &Observation<'_>,
        seed: u64,
        iterations: u32,
        limits: Limits<'_>,
        method: Method,
        reused: bool,
    ) {
        let mut rng = rng_from_seed(seed);
        self.game_scale = game_scale(observation);
        if !reused {
            self.nodes.clear();
            self.edges.clear();
            let root_game = observation.sample_game(&mut rng);
            self.root = self.add_node(&root_game, 0, &mut rng);
            // The centre of the rewards stays that of the first search of the tree: a reused
            // tree's statistics were gathered with it.
            let values = method.evaluation.values(&root_game);
            self.root_margins.clear();
            self.root_margins.extend((0..values.len()).map(|p| eval::margin(&values, p)));
        }
        let players = observation.players().len();
        for i in 0..iterations {
            // Checked every 32 iterations (half a millisecond): the clock is not free.
            if i % 32 == 0 && i > 0 && limits.reached() {
                break;
            }
            // A fresh world: the same public state, the face-down tiles reshuffled.
            let mut game = observation.sample_game(&mut rng);
            self.iterate(&mut game, &mut rng, method, players);
        }
    }

    /// One iteration in the world `game` (at the root state).
    fn iterate(&mut self, game: &mut Game, rng: &mut GameRng, method: Method, players: usize) {
        self.path.clear();
        let mut node = self.root;
        // Selection and expansion.
        loop {
            let n = self.nodes[node as usize];
            if n.edge_count == 0 {
                break; // The end of the game.
            }
            let edge = if n.untried > 0 {
                let e = n.first_edge + n.edge_count - n.untried;
                self.nodes[node as usize].untried -= 1;
                e
            } else {
                self.select(n, method.exploration)
            };
            self.events.clear();
            // Two hands may share a hash: an action of the other hand is refused (the game
            // unchanged), and the iteration plays out from here.
            if game.apply_into(self.edges[edge as usize].action, &mut self.events).is_err() {
                break;
            }
            self.path.push((node, edge));
            let key = outcome_key(game);
            // Find the child for this outcome, or add it and stop descending.
            let mut child = self.edges[edge as usize].child;
            while child != NONE && self.nodes[child as usize].key != key {
                child = self.nodes[child as usize].sibling;
            }
            if child == NONE {
                let new = self.add_node(game, key, rng);
                self.nodes[new as usize].sibling = self.edges[edge as usize].child;
                self.edges[edge as usize].child = new;
                self.path.push((new, NONE));
                break;
            }
            node = child;
        }
        // Playout.
        let stop = match method.playout {
            Playout::Turns(n) => game.turns().saturating_add(n),
            // `Auto` was resolved when the search began.
            Playout::Full | Playout::Auto(_) => u32::MAX,
        };
        while !game.is_over() && game.turns() < stop {
            let action = self.policy.choose(game, method.placements, method.deployments, rng);
            self.events.clear();
            game.apply_into(action, &mut self.events).expect("legal");
        }
        // A full playout ends with the game; a truncated one (or one that reached the end within
        // its turns) is valued by the evaluation.
        let scale = method.scale * self.game_scale;
        match method.playout {
            Playout::Turns(_) => centred_rewards(game, method.evaluation, &self.root_margins, scale, &mut self.rewards),
            Playout::Full | Playout::Auto(_) => rewards(game, players, scale, &mut self.rewards),
        }
        // Backup.
        for &(node, edge) in &self.path {
            let n = &mut self.nodes[node as usize];
            n.visits += 1;
            if edge != NONE {
                let player = n.player as usize;
                let e = &mut self.edges[edge as usize];
                e.visits += 1;
                e.total += self.rewards[player];
            }
        }
    }

    /// The UCT choice among a fully tried node's edges.
    fn select(&self, n: Node, exploration: f64) -> u32 {
        let log_n = (n.visits.max(1) as f64).ln();
        let mut best = n.first_edge;
        let mut best_score = f64::MIN;
        for e in n.first_edge..n.first_edge + n.edge_count {
            let edge = &self.edges[e as usize];
            let visits = edge.visits.max(1) as f64;
            let score = edge.total / visits + exploration * (log_n / visits).sqrt();
            if score > best_score {
                best_score = score;
                best = e;
            }
        }
        best
    }
}

/// The reward of each player after a truncated playout (or at the end of the game, in a search
/// whose iterations end in the evaluation): `0.5 + 0.5 tanh((margin - root margin) / (20 *
/// scale))`, the evaluated margin measured from the player's evaluated margin at the root.
///
/// Why centred: a reward of the margin itself saturates once one player leads by a few dozen
/// points, as they soon do in a long game with expansions, and then every action looks the
/// same to the search; what the search must tell apart is how much an action gains or loses
/// from where the game stands. (A full playout's final rewards are not centred: their win
/// share is what the tree search was tuned on in the base game.)
fn centred_rewards(game: &Game, evaluation: Evaluation, centres: &[f64], scale: f64, out: &mut Vec<f64>) {
    out.clear();
    let values = evaluation.values(game);
    for (p, centre) in centres.iter().enumerate() {
        let gain = eval::margin(&values, p) - centre;
        out.push(0.5 + 0.5 * (gain / (20.0 * scale)).tanh());
    }
}

/// Tiles in a base game (the start tile and 71 more).
const BASE_GAME_TILES: f64 = 72.0;

/// How much larger than a base game's the points of this game are, by its number of tiles (at
/// least 1): a margin that decides a base game decides nothing in a game three times as long,
/// so the rewards' margin scales grow with it. Without this, every playout of a long game
/// with many expansions ends far beyond the margins the reward tells apart, and the search
/// sees no difference between its actions.
fn game_scale(observation: &Observation<'_>) -> f64 {
    (game_tiles(observation) as f64 / BASE_GAME_TILES).max(1.0)
}

/// The reward of each player at the end of a game (see the module documentation).
fn rewards(game: &Game, players: usize, scale: f64, out: &mut Vec<f64>) {
    out.clear();
    let scores = game.players();
    let top = scores.iter().map(|p| p.score).max().unwrap_or(0);
    let winners = scores.iter().filter(|p| p.score == top).count() as f64;
    for p in 0..players {
        let mine = scores[p].score as f64;
        let best_other =
            scores.iter().enumerate().filter(|&(q, _)| q != p).map(|(_, s)| s.score as f64).fold(f64::MIN, f64::max);
        let win = if scores[p].score == top { 1.0 / winners } else { 0.0 };
        out.push(0.5 * win + 0.25 * (1.0 + ((mine - best_other) / (20.0 * scale)).tanh()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot_by_name;
    use crate::tests::{new_game, play_checked, COLORS};
    use carcassonne_engine::{Deck, Expansion, GameSetup, Rules};

    #[test]
    fn mcts_finishes_games_of_2_to_6_players() {
        for players in 2..=6 {
            let mut game = new_game(players, 20 + players as u64);
            let mut bots: Vec<_> = (0..players)
                .map(|k| bot_by_name(if k == 0 { "mcts:iters=12" } else { "random" }, k as u64).unwrap())
                .collect();
            play_checked(&mut game, &mut bots);
        }
    }

    /// A stopped signal ends every tree's search at its first check, after 32 iterations, and
    /// the bot still plays a legal action; the timed levels are the levels with a time budget.
    #[test]
    fn a_stop_signal_ends_the_search_early() {
        let game = new_game(2, 5);
        let observation = game.observation(Some(0));
        for threads in [1, 2] {
            let settings = MctsSettings { threads, ..MctsSettings::level("hard").unwrap() };
            let mut bot = MctsBot::new(settings, 1);
            let signal = StopSignal::new();
            bot.set_stop_signal(signal.clone());
            signal.stop();
            let analysis = bot.analyse(&observation);
            let visits: u32 = analysis.ranked.iter().map(|r| r.visits).sum();
            assert_eq!(visits, 32 * threads as u32);
            assert!(game.legal_actions().contains(&analysis.best));
        }
        for (level, time) in LEVEL_TIMES {
            let timed = MctsSettings::timed_level(level).unwrap();
            assert_eq!(timed.budget, Budget::Time(time));
            assert_eq!(
                (timed.level_name(), MctsSettings::level(level).unwrap().level_name()),
                (Some(level), Some(level))
            );
        }
        assert_eq!(MctsSettings::iterations(7).level_name(), None);
    }

    #[test]
    fn mcts_is_reproducible_with_a_seed_and_an_iteration_budget() {
        let mut game = new_game(2, 3);
        // Get to a position with a few tiles down.
        let mut random = bot_by_name("random", 9).unwrap();
        for _ in 0..10 {
            let p = game.pending().player().unwrap();
            game.apply(random.choose_action(&game.observation(Some(p)))).unwrap();
        }
        let p = game.pending().player().unwrap();
        for (threads, playout) in
            [(1, DEFAULT_PLAYOUT), (2, DEFAULT_PLAYOUT), (1, Playout::Full), (2, Playout::Turns(0))]
        {
            let settings =
                MctsSettings { budget: Budget::Iterations(300), threads, playout, ..MctsSettings::iterations(1) };
            let a = MctsBot::new(settings.clone(), 5).analyse(&game.observation(Some(p)));
            let b = MctsBot::new(settings, 5).analyse(&game.observation(Some(p)));
            assert_eq!(a, b);
            assert_eq!(a.ranked.iter().map(|r| r.visits).sum::<u32>(), 300);
            assert!(a.value > 0.0 && a.value < 1.0);
            assert!(game.legal_actions().contains(&a.best));
        }
    }

    #[test]
    fn the_deployment_after_the_bots_placement_continues_in_its_trees() {
        // Find a placement decision after which a deployment is open.
        let mut game = new_game(2, 4);
        let mut random = bot_by_name("random", 2).unwrap();
        for threads in [1, 2] {
            let settings = MctsSettings { threads, ..MctsSettings::iterations(400) };
            loop {
                let p = game.pending().player().unwrap();
                let mut bot = MctsBot::new(settings.clone(), 11);
                let placement = bot.analyse(&game.observation(Some(p)));
                let Action::Place { .. } = placement.best else { panic!("a placement decision") };
                let mut after = game.clone();
                after.apply(placement.best).unwrap();
                if !matches!(after.pending(), Pending::Deploy { .. }) || after.legal_action_count() < 2 {
                    game.apply(random.choose_action(&game.observation(Some(p)))).unwrap();
                    game.apply(random.choose_action(&game.observation(Some(p)))).unwrap();
                    continue;
                }
                // What the placement search already spent on this deployment's actions (a node's
                // first visit, when it was added, went to a playout and to none of its edges).
                let searched: u32 = bot
                    .trees
                    .iter()
                    .map(|tree| {
                        tree.nodes[tree.child_decision(placement.best, &after.legal_actions()).unwrap() as usize].visits
                            - 1
                    })
                    .sum();
                assert!(searched > 0);
                let deploy = bot.analyse(&after.observation(Some(p)));
                let visits: u32 = deploy.ranked.iter().map(|r| r.visits).sum();
                assert_eq!(visits, searched + 400 / FOLLOW_UP_SHARE, "{threads} threads");
                assert!(after.legal_actions().contains(&deploy.best));
                // A fresh bot, or one whose placement was not the one played, searches afresh
                // with the whole budget.
                let fresh = MctsBot::new(settings.clone(), 11).analyse(&after.observation(Some(p)));
                assert_eq!(fresh.ranked.iter().map(|r| r.visits).sum::<u32>(), 400);
                let mut other = game.clone();
                let alternative = placement.ranked[1].action;
                other.apply(alternative).unwrap();
                if other.pending().player() == Some(p) {
                    let mut bot = MctsBot::new(settings.clone(), 11);
                    bot.analyse(&game.observation(Some(p)));
                    let elsewhere = bot.analyse(&other.observation(Some(p)));
                    assert_eq!(elsewhere.ranked.iter().map(|r| r.visits).sum::<u32>(), 400);
                    assert!(other.legal_actions().contains(&elsewhere.best));
                }
                break;
            }
        }
    }

    #[test]
    fn levels_use_full_playouts_in_short_games_and_evaluation_leaves_in_long_ones() {
        for level in ["easy", "medium", "hard"] {
            assert_eq!(MctsSettings::level(level).unwrap().playout, DEFAULT_PLAYOUT);
        }
        assert_eq!(DEFAULT_PLAYOUT, Playout::Auto(LONG_GAME_TILES));
        let base = new_game(2, 1);
        assert_eq!(DEFAULT_PLAYOUT.for_game(&base.observation(Some(0))), Playout::Full);
        for expansion in Expansion::ALL {
            let rules = Rules { expansions: vec![expansion], ..Rules::base() };
            let game = Game::new(GameSetup { rules, players: COLORS[..2].to_vec(), deck: Deck::Seed(1) }).unwrap();
            let observation = game.observation(Some(0));
            assert!(game_tiles(&observation) <= LONG_GAME_TILES as usize, "{expansion:?}");
            assert_eq!(DEFAULT_PLAYOUT.for_game(&observation), Playout::Full);
        }
        let all = Rules { expansions: Expansion::ALL.to_vec(), ..Rules::base() };
        let game = Game::new(GameSetup { rules: all, players: COLORS[..2].to_vec(), deck: Deck::Seed(1) }).unwrap();
        assert!(game_tiles(&game.observation(Some(0))) > 200);
        assert_eq!(DEFAULT_PLAYOUT.for_game(&game.observation(Some(0))), Playout::Turns(0));
        assert_eq!(Playout::Turns(3).for_game(&game.observation(Some(0))), Playout::Turns(3));
        assert_eq!(Playout::Full.for_game(&game.observation(Some(0))), Playout::Full);
        // The centred rewards of the root position are even for every player, and a gain for
        // one is a reward above one half.
        let values = Evaluation::DEFAULT.values(&game);
        let centres: Vec<f64> = (0..2).map(|p| eval::margin(&values, p)).collect();
        let mut out = vec![];
        centred_rewards(&game, Evaluation::DEFAULT, &centres, 1.0, &mut out);
        assert_eq!(out, vec![0.5, 0.5]);
        centred_rewards(&game, Evaluation::DEFAULT, &[centres[0] - 10.0, centres[1] + 10.0], 1.0, &mut out);
        assert!(out[0] > 0.7 && out[1] < 0.3, "{out:?}");
        let crate::BotSpec::Mcts(s) = crate::BotSpec::parse("mcts:hard:playout=2").unwrap() else { panic!() };
        assert_eq!((s.playout, s.budget), (Playout::Turns(2), Budget::Iterations(25_000)));
        // Whole games with full playouts still finish with legal actions only.
        let mut game = new_game(2, 12);
        let mut bots: Vec<_> = (0..2).map(|k| bot_by_name("mcts:iters=10:playout=full", k).unwrap()).collect();
        play_checked(&mut game, &mut bots);
        assert!(game.is_over());
    }

    #[test]
    fn mcts_plays_whole_games_reproducibly() {
        let play = || {
            let mut game = new_game(2, 8);
            let mut bots: Vec<_> = (0..2).map(|k| bot_by_name("mcts:iters=8:threads=2", k).unwrap()).collect();
            play_checked(&mut game, &mut bots)
        };
        assert_eq!(play(), play());
    }
}
