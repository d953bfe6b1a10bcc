//! The search tree of [`super`]: its nodes and edges, one iteration (selection, expansion,
//! playout or evaluation, backup), the chance outcomes and the rewards.

use super::*;

/// What ends a search besides its iterations.
#[derive(Clone, Copy)]
pub(super) struct Limits<'a> {
    pub(super) deadline: Option<Instant>,
    pub(super) stop: &'a StopSignal,
}

impl Limits<'_> {
    pub(super) fn reached(&self) -> bool {
        self.stop.is_stopped() || self.deadline.is_some_and(|deadline| Instant::now() >= deadline)
    }
}

pub(super) const NONE: u32 = u32::MAX;

/// A decision (or the end of the game).
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// Who decides here (unused at the end of the game).
    pub(super) player: PlayerId,
    /// The chance outcome that led here from the parent edge: see [`outcome_key`].
    pub(super) key: u32,
    /// The next child of the same parent edge (another outcome), or `NONE`.
    pub(super) sibling: u32,
    /// The node's edges are `edges[first_edge..first_edge + edge_count]`.
    pub(super) first_edge: u32,
    pub(super) edge_count: u32,
    /// Edges not yet tried; the tried ones are the first `edge_count - untried`.
    pub(super) untried: u32,
    pub(super) visits: u32,
}

/// An action at a node, with its statistics for the deciding player.
#[derive(Clone, Copy, Debug)]
pub(super) struct Edge {
    pub(super) action: Action,
    pub(super) visits: u32,
    /// Sum of the rewards of the node's deciding player.
    pub(super) total: f64,
    /// The first child node (one per chance outcome), or `NONE`.
    pub(super) child: u32,
}

/// One search tree, with buffers reused from move to move.
#[derive(Debug, Default)]
pub(super) struct Tree {
    pub(super) nodes: Vec<Node>,
    pub(super) edges: Vec<Edge>,
    pub(super) path: Vec<(u32, u32)>,
    pub(super) actions: Vec<Action>,
    pub(super) events: Vec<Event>,
    pub(super) rewards: Vec<f64>,
    pub(super) policy: PlayoutPolicy,
    /// The node of the decision being searched (0 unless the tree was reused).
    pub(super) root: u32,
    /// How much larger than a base game's this game's points are ([`game_scale`]).
    pub(super) game_scale: f64,
    /// Each player's evaluated margin at the root: the centre of their rewards after truncated
    /// playouts (see [`centred_rewards`]).
    pub(super) root_margins: Vec<f64>,
}

/// How a tree searches: the settings an iteration needs.
#[derive(Clone, Copy, Debug)]
pub(super) struct Method {
    pub(super) exploration: f64,
    pub(super) playout: Playout,
    pub(super) placements: Placements,
    pub(super) deployments: Deployments,
    pub(super) evaluation: Evaluation,
    pub(super) scale: f64,
}

/// The outcome key of a decision within the turn (a deployment, an escape).
pub(super) const WITHIN_TURN: u32 = 1 << 20;

/// The outcome keys of choices from a hand: this bit and a hash of the hand.
pub(super) const HAND_CHOICE: u32 = 1 << 23;

/// What tells apart the children of an edge: the pending decision after the action (the tile
/// drawn, a deployment, or the end of the game). A choice from a hidden hand differs from world
/// to world with the hand sampled, so its node is looked up by the hand (as a tile drawn is),
/// and its actions are the same wherever it is reached.
pub(super) fn outcome_key(game: &Game) -> u32 {
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
    pub(super) fn root_edges(&self) -> &[Edge] {
        match self.nodes.get(self.root as usize) {
            Some(root) => &self.edges[root.first_edge as usize..(root.first_edge + root.edge_count) as usize],
            None => &[],
        }
    }

    /// The node of the decision that follows `action` at the root within the same turn, if the
    /// tree has one and its actions are exactly `legal` (they are, when the caller applied
    /// `action`: a decision within the turn depends on public information only).
    pub(super) fn child_decision(&self, action: Action, legal: &[Action]) -> Option<u32> {
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
    pub(super) fn add_node(&mut self, game: &Game, key: u32, rng: &mut GameRng) -> u32 {
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

    pub(super) fn search(
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
    pub(super) fn iterate(&mut self, game: &mut Game, rng: &mut GameRng, method: Method, players: usize) {
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
    pub(super) fn select(&self, n: Node, exploration: f64) -> u32 {
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
pub(super) fn centred_rewards(game: &Game, evaluation: Evaluation, centres: &[f64], scale: f64, out: &mut Vec<f64>) {
    out.clear();
    let values = evaluation.values(game);
    for (p, centre) in centres.iter().enumerate() {
        let gain = eval::margin(&values, p) - centre;
        out.push(0.5 + 0.5 * (gain / (20.0 * scale)).tanh());
    }
}

/// Tiles in a base game (the start tile and 71 more).
pub(super) const BASE_GAME_TILES: f64 = 72.0;

/// How much larger than a base game's the points of this game are, by its number of tiles (at
/// least 1): a margin that decides a base game decides nothing in a game three times as long,
/// so the rewards' margin scales grow with it. Without this, every playout of a long game
/// with many expansions ends far beyond the margins the reward tells apart, and the search
/// sees no difference between its actions.
pub(super) fn game_scale(observation: &Observation<'_>) -> f64 {
    (game_tiles(observation) as f64 / BASE_GAME_TILES).max(1.0)
}

/// The reward of each player at the end of a game (see the module documentation).
pub(super) fn rewards(game: &Game, players: usize, scale: f64, out: &mut Vec<f64>) {
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
