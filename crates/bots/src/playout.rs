//! `playout`: how the searches play a game on at random, cheaply but like real play: the
//! placement and deployment policies of the tree search's playouts ([`crate::mcts`], whose
//! documentation says why and what they were measured to bring) and of the halving search's
//! ([`crate::halving`]).

use carcassonne_engine::board::PlacementIndex;
use carcassonne_engine::random::{below, GameRng};
use carcassonne_engine::{Action, FeatureKind, Game, Pending, PlayerId, Pos};

/// How a playout chooses where to place the tile it drew.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placements {
    /// Every legal placement equally likely.
    Uniform,
    /// [`COMPACT_DRAWS`] placements drawn uniformly; the one with the most tiles in the eight
    /// cells around it is played (the first drawn among equals).
    Compact,
}

/// Placements a [`Placements::Compact`] playout draws to choose from.
pub const COMPACT_DRAWS: u32 = 3;

/// How a playout chooses among the deployments (and the pass) after a placement (placements
/// follow [`Placements`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deployments {
    /// Every legal action equally likely.
    Uniform,
    /// Drawn in proportion to [`deployment_weight`]: a follower that scores at once and a monk
    /// are taken most often, then a road or a city or the pass, a farmer least.
    Weighted,
}

/// The placement policy of the levels' playouts (see the module documentation for why).
pub const DEFAULT_PLACEMENTS: Placements = Placements::Compact;

/// The deployment policy of the levels' playouts (see the module documentation for why).
pub const DEFAULT_DEPLOYMENTS: Deployments = Deployments::Weighted;

/// How playouts choose their actions ([`Placements`], [`Deployments`]; anything else uniformly
/// at random), with the buffers they reuse: the tree search's and the halving search's
/// playouts.
#[derive(Debug, Default)]
pub(crate) struct PlayoutPolicy {
    actions: Vec<Action>,
    weights: Vec<u32>,
}

impl PlayoutPolicy {
    /// The playout's action at `game`'s pending decision.
    pub(crate) fn choose(
        &mut self,
        game: &Game,
        placements: Placements,
        deployments: Deployments,
        rng: &mut GameRng,
    ) -> Action {
        match (placements, deployments, game.pending()) {
            (Placements::Compact, _, Pending::PlaceTile { .. }) => compact_placement(game, rng),
            (_, Deployments::Weighted, Pending::Deploy { pos, .. }) => self.weighted_deployment(game, pos, rng),
            (_, Deployments::Weighted, Pending::Capture { player, .. }) => self.capture(game, player, rng),
            // Bridges, Castles & Bazaars: a playout bids nothing (a random bid, up to the
            // player's score, throws points away): the first tile at 0, a pass, a sale.
            (_, _, Pending::BazaarSelect { .. } | Pending::BazaarBid { .. } | Pending::BazaarTrade { .. }) => {
                bazaar_choice(game)
            }
            _ => {
                let count = game.legal_action_count();
                let k = below(rng, count as u32) as usize;
                game.nth_legal_action(k).expect("k < count")
            }
        }
    }

    /// The Tower: a capture of one of the other players' figures, drawn uniformly among them, or
    /// a pass where there is none. A player does not take their own figure back with a tower
    /// (it costs them the feature it holds), and a random choice among all the figures the
    /// tower reaches takes one's own about as often as another's, which made playouts value
    /// towers unlike real play (docs/performance.md, "Bots with expansions").
    fn capture(&mut self, game: &Game, player: PlayerId, rng: &mut GameRng) -> Action {
        game.legal_actions_into(&mut self.actions);
        self.actions.retain(|&action| match action {
            Action::Capture { pos, feature } => {
                let Some(placement) = game.board().index_at(pos) else { return false };
                game.figures().iter().any(|f| f.placement == placement && f.feature == feature && f.owner != player)
            }
            _ => false,
        });
        if self.actions.is_empty() {
            return Action::Pass;
        }
        self.actions[below(rng, self.actions.len() as u32) as usize]
    }

    /// A deployment (or pass, or abbot recall) after the placement of the tile at `pos`, drawn
    /// in proportion to [`deployment_weight`].
    fn weighted_deployment(&mut self, game: &Game, pos: Pos, rng: &mut GameRng) -> Action {
        game.legal_actions_into(&mut self.actions);
        let placement = game.board().index_at(pos).expect("the tile being deployed on is on the board");
        self.weights.clear();
        self.weights.extend(self.actions.iter().map(|&action| deployment_weight(game, placement, action)));
        let total: u32 = self.weights.iter().sum();
        let mut draw = below(rng, total);
        for (&action, &weight) in self.actions.iter().zip(&self.weights) {
            if draw < weight {
                return action;
            }
            draw -= weight;
        }
        unreachable!("the draw is below the sum of the weights")
    }
}

/// A cheap choice at the bazaar: tile 0 for nothing when choosing, a pass when bidding, a sale
/// when trading (the last legal action of each).
fn bazaar_choice(game: &Game) -> Action {
    match game.pending() {
        Pending::BazaarSelect { .. } => game.nth_legal_action(0).expect("a tile on offer"),
        _ => {
            let count = game.legal_action_count();
            game.nth_legal_action(count - 1).expect("a pass or a sale")
        }
    }
}

/// The placement a [`Placements::Compact`] playout plays: of [`COMPACT_DRAWS`] legal placements
/// drawn uniformly (with repetition), the first with the most tiles around it. Random players
/// scatter tiles over the whole frontier, so their roads, cities and cloisters seldom
/// close; real players build where features can be completed, next to other tiles, and so do
/// these playouts, a little.
pub fn compact_placement(game: &Game, rng: &mut GameRng) -> Action {
    let count = game.legal_action_count() as u32;
    // The draws in their order, then found in one pass over the listing (by index), and tried
    // in the order drawn: the same choice as drawing and finding them one by one.
    let drawn: [usize; COMPACT_DRAWS as usize] = std::array::from_fn(|_| below(rng, count) as usize);
    let mut ascending = drawn;
    ascending.sort_unstable();
    let actions = game.nth_legal_actions(ascending);
    let mut best = None;
    let mut most_around = 0;
    for n in drawn {
        let k = ascending.iter().position(|&m| m == n).expect("drawn");
        let action = actions[k].expect("below the count");
        let (Action::Place { pos, .. } | Action::RaiseMountain { pos } | Action::PlaceBridged { pos, .. }) = action
        else {
            unreachable!("a placement is pending")
        };
        let around = game.board().neighbours_around(pos) + 1;
        if around > most_around {
            most_around = around;
            best = Some(action);
        }
    }
    best.expect("at least one draw")
}

/// The relative chance that a playout with [`Deployments::Weighted`] takes `action` when it
/// decides what to deploy on the tile just placed (placement `placement`). Uniformly random
/// players put a follower on nearly every tile, most often on a field (a tile has more fields
/// than anything else), run out of followers early and rarely take the points a completed
/// feature offers; games played that way value positions badly. These weights make playouts
/// look more like real play while staying about as cheap:
/// - a follower on a road or city that the placement completed (it scores and comes back at
///   the end of the turn), a monk on a cloister, an abbot on a garden: 16;
/// - a follower on an unfinished road or city, or any other deployment: 4; the pass: 4;
/// - a farmer: 1;
/// - The Tower: a tower piece 2, a follower on top of a tower or a ransom 1;
/// - The Festival: a figure taken back 1.
pub fn deployment_weight(game: &Game, placement: PlacementIndex, action: Action) -> u32 {
    match action {
        Action::Deploy { feature, .. } => {
            let root = game.feature_root(placement, feature);
            let features = game.features();
            match features.kind(root) {
                FeatureKind::Field => 1,
                FeatureKind::Cloister | FeatureKind::Garden => 16,
                // A prior is scored only at the end, and Baba Yaga mostly then: like a follower
                // on an open feature.
                FeatureKind::Prior | FeatureKind::Hut => 4,
                _ if features.is_closed(root) => 16,
                _ => 4,
            }
        }
        // The Tower: a follower on top of a tower is out of the game for good and a ransom
        // costs 3 points, so a playout rarely chooses them; a tower piece, offered once per
        // tower in play, half as often as a pass.
        Action::FinishTower { .. } | Action::PayRansom { .. } => 1,
        Action::BuildTower { .. } => 2,
        // The variation "Rebuilding": a point for a tile moved at random almost never pays, and
        // each removal rebuilds the feature graph; playouts leave rebuilding to the tree.
        Action::RemoveTile { .. } => 0,
        // The Festival: a figure taken back gives up its feature's prospects; a random return
        // among the many a festival tile offers (one per figure on the board) is seldom a good
        // one, so a playout takes one a quarter as often as a pass.
        Action::ReturnFigure { .. } => 1,
        _ => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot_by_name;
    use crate::tests::{new_game, COLORS};
    use carcassonne_engine::random::rng_from_seed;
    use carcassonne_engine::{Catalog, Deck, GameSetup, PlayerId, Rotation, Rules};

    #[test]
    fn compact_playout_placements_are_legal_and_more_surrounded_than_uniform_ones() {
        let mut game = new_game(2, 31);
        let mut bots: Vec<_> = (0..2).map(|k| bot_by_name("random", k).unwrap()).collect();
        while !(game.board().len() >= 30 && matches!(game.pending(), Pending::PlaceTile { .. })) {
            let p = game.pending().player().unwrap() as usize;
            let action = bots[p].choose_action(&game.observation(Some(p as PlayerId)));
            game.apply(action).unwrap();
        }
        let legal = game.legal_actions();
        let around = |action: Action| match action {
            Action::Place { pos, .. } => game.board().neighbours_around(pos) as f64,
            _ => unreachable!(),
        };
        let uniform = legal.iter().map(|&a| around(a)).sum::<f64>() / legal.len() as f64;
        let mut rng = rng_from_seed(3);
        let draws = 3_000;
        let mut total = 0.0;
        for _ in 0..draws {
            let action = compact_placement(&game, &mut rng);
            assert!(legal.contains(&action), "{action:?}");
            total += around(action);
        }
        let compact = total / draws as f64;
        assert!(compact > uniform + 0.3, "compact {compact:.2}, uniform {uniform:.2}");
    }

    #[test]
    fn playout_deployments_favour_points_now_and_shun_farmers() {
        // The start tile (D) has a city on its north edge; E (a city cap) placed north of it,
        // turned 180 degrees, completes a two-tile city: a knight there scores at once.
        let catalog = Catalog::builtin();
        let order = ["base:E", "base:U", "base:U"].map(|t| catalog.lookup(t).unwrap()).to_vec();
        let mut game =
            Game::new(GameSetup { rules: Rules::base(), players: COLORS[..2].to_vec(), deck: Deck::Order(order) })
                .unwrap();
        let pos = Pos::new(0, -1);
        game.apply(Action::Place { pos, rotation: Rotation::R180 }).unwrap();
        let placement = game.board().index_at(pos).unwrap();
        let tile = game.board().placement(placement).tile;
        let legal = game.legal_actions();
        let weight_of = |kind: Option<FeatureKind>| {
            let action = *legal
                .iter()
                .find(|a| match (a, kind) {
                    (Action::Deploy { feature, .. }, Some(kind)) => {
                        game.design(tile).features[*feature as usize].kind == kind
                    }
                    (Action::Pass, None) => true,
                    _ => false,
                })
                .unwrap();
            (action, deployment_weight(&game, placement, action))
        };
        let (city, city_weight) = weight_of(Some(FeatureKind::City));
        let (field, field_weight) = weight_of(Some(FeatureKind::Field));
        let (pass, pass_weight) = weight_of(None);
        assert_eq!((city_weight, field_weight, pass_weight), (16, 1, 4));
        assert_eq!(legal.len(), 3, "{legal:?}");

        // The playout's draws follow the weights.
        let mut policy = PlayoutPolicy::default();
        let mut rng = rng_from_seed(7);
        let mut counts = [0u32; 3];
        for _ in 0..21_000 {
            let action = policy.weighted_deployment(&game, pos, &mut rng);
            counts[[city, field, pass].iter().position(|&a| a == action).unwrap()] += 1;
        }
        for (count, expected) in counts.into_iter().zip([16_000, 1_000, 4_000]) {
            assert!(count.abs_diff(expected) < expected / 10, "{counts:?}");
        }

        // Next turn: a straight road (U) extending the start tile's road west; the road is
        // open at both ends, so a thief there weighs as much as the pass.
        game.apply(pass).unwrap();
        let pos = Pos::new(-1, 0);
        let place = game.legal_actions().into_iter().find(|a| matches!(a, Action::Place { pos: p, .. } if *p == pos));
        game.apply(place.unwrap()).unwrap();
        let placement = game.board().index_at(pos).unwrap();
        let tile = game.board().placement(placement).tile;
        let road = game
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Deploy { feature, .. } if game.design(tile).features[*feature as usize].kind == FeatureKind::Road))
            .unwrap();
        assert_eq!(deployment_weight(&game, placement, road), 4);
    }

    /// The Tower: a playout's capture takes one of the other players' figures, never the
    /// captor's own, and passes where the tower reaches only the captor's; checked at every
    /// capture of random games with The Tower.
    #[test]
    fn playout_captures_take_other_players_figures_only() {
        let rules = Rules { expansions: vec![carcassonne_engine::Expansion::Tower], ..Rules::base() };
        let owner_at = |game: &Game, action: Action| match action {
            Action::Capture { pos, feature } => {
                let placement = game.board().index_at(pos).unwrap();
                Some(game.figures().iter().find(|f| f.placement == placement && f.feature == feature).unwrap().owner)
            }
            _ => None,
        };
        let (mut with_other, mut own_only) = (0, 0);
        for seed in 0..40 {
            let mut game =
                Game::new(GameSetup { rules: rules.clone(), players: COLORS[..3].to_vec(), deck: Deck::Seed(seed) })
                    .unwrap();
            let mut random = bot_by_name("random", seed).unwrap();
            let mut policy = PlayoutPolicy::default();
            let mut rng = rng_from_seed(seed);
            while let Some(p) = game.pending().player() {
                if let Pending::Capture { player, .. } = game.pending() {
                    let others = game
                        .legal_actions()
                        .into_iter()
                        .filter(|&a| owner_at(&game, a).is_some_and(|o| o != player))
                        .count();
                    for _ in 0..8 {
                        let action = policy.choose(&game, DEFAULT_PLACEMENTS, DEFAULT_DEPLOYMENTS, &mut rng);
                        assert!(game.legal_actions().contains(&action), "{action:?}");
                        match owner_at(&game, action) {
                            Some(owner) => assert_ne!(owner, player, "{action:?}"),
                            None => assert_eq!((action, others), (Action::Pass, 0)),
                        }
                    }
                    if others > 0 {
                        with_other += 1;
                    } else {
                        own_only += 1;
                    }
                }
                let action = random.choose_action(&game.observation(Some(p)));
                game.apply(action).unwrap();
            }
        }
        assert!(with_other > 0 && own_only > 0, "{with_other} captures of others, {own_only} of one's own only");
    }
}
