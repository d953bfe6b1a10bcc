//! `greedy`: one ply. Each legal action of the pending decision is applied to a sampled copy of
//! the game (for a tile placement: each placement followed by its best deployment or pass) and
//! the resulting position is scored with [`evaluate`] for the deciding player.

use carcassonne_engine::features::NodeId;
use carcassonne_engine::random::{rng_from_seed, GameRng};
use carcassonne_engine::{
    Action, FarmerScoring, FeatureKind, Figure, FlockToken, Game, MessageTile, Observation, Pending, PlayerId, TileId,
};

use crate::eval::{Evaluation, FarmCache, Weights};
use crate::{Analysis, Bot, Ranked};

/// Points a follower in supply is worth while many tiles are left (it falls to 0 as the deck
/// runs out: a follower is only worth what it can still earn).
pub const FOLLOWER_VALUE: f64 = 1.5;

/// The value of a position for player `me`: the default evaluation's margin over the best
/// other player ([`crate::eval`]). At the end of the game it is the exact final margin.
pub fn evaluate(game: &Game, me: PlayerId) -> f64 {
    crate::eval::Evaluation::DEFAULT.margin(game, me)
}

/// The legacy evaluation's value of the position for each player, as the search bot's
/// truncated playouts used it: the projected total and the followers in supply.
pub(crate) fn legacy_values(game: &Game) -> Vec<f64> {
    let left = (game.tiles_left() as f64 / 24.0).min(1.0);
    projected(game)
        .iter()
        .enumerate()
        .map(|(p, total)| total + FOLLOWER_VALUE * left * game.player(p as PlayerId).followers as f64)
        .collect()
}

/// The legacy evaluation for `me` (greedy's before issue 36): projected totals (score plus
/// [`projected`] points) of `me` minus the best projected total of the others, plus
/// [`FOLLOWER_VALUE`] per follower in supply (or on a completed feature being scored, about to
/// come back) and [`PRISONER_VALUE`] per prisoner held (scaled down over the last 24 tiles).
pub(crate) fn legacy_margin(game: &Game, me: PlayerId) -> f64 {
    let totals = projected(game);
    let best_other =
        totals.iter().enumerate().filter(|&(p, _)| p != me as usize).map(|(_, &t)| t).fold(f64::MIN, f64::max);
    let mut value = totals[me as usize] - best_other;
    if !game.is_over() {
        let left = (game.tiles_left() as f64 / 24.0).min(1.0);
        // The Count of Carcassonne: a follower redeployed onto the feature being scored is home
        // again once it is scored.
        let returning = game
            .figures()
            .iter()
            .filter(|f| f.owner == me && f.figure == Figure::Follower && is_completed(game, f))
            .count();
        value += FOLLOWER_VALUE * left * (game.player(me).followers as usize + returning) as f64;
        // The Tower: a prisoner held may bring a ransom or buy back one's own follower.
        let held = game.prisoners().iter().filter(|p| p.captor == me).count();
        value += PRISONER_VALUE * left * held as f64;
    }
    value
}

/// Whether the feature a figure stands on is completed (a road or city with no open edge, a
/// surrounded cloister): it is being scored, and the figure is about to come home.
fn is_completed(game: &Game, f: &carcassonne_engine::PlacedFigure) -> bool {
    let root = game.feature_root(f.placement, f.feature);
    match game.features().kind(root) {
        FeatureKind::Road | FeatureKind::City => game.features().is_closed(root),
        FeatureKind::Cloister => game.board().neighbours_around(game.board().placement(f.placement).pos) == 8,
        _ => false,
    }
}

/// What a prisoner held is worth to its captor while tiles are left (a possible ransom of 3, or
/// an exchange for one's own follower).
pub const PRISONER_VALUE: f64 = 1.0;

/// What a figure waiting in a quarter of Carcassonne is worth while many tiles are left (The
/// Count of Carcassonne): a share of some later scoring it may step into, a little more than a
/// follower in supply, so that a bot takes the offer; half as much while the count blocks its
/// quarter. It falls to 0 as the deck runs out, when the final round's redeployments are valued
/// by the features they reach.
pub const RESIDENT_VALUE: f64 = 2.0;

/// Each player's score plus the points its followers on the board are expected to bring:
/// - roads: 1 per tile;
/// - cities: 1 per tile and pennant now, and up to 2 if completed, weighted by a chance of
///   completion that falls with each open edge and as the deck runs out;
/// - cloisters: 1 plus 1 per neighbour, plus half a point per empty neighbour while tiles last;
/// - farms: 3 (4 for first-edition farm scoring) per completed city the farm borders;
/// - barns (Abbey & Mayor): 4 per completed city of the barn's farm, for its owner;
/// - the fairy (The Princess & the Dragon): the 3 points its follower's owner gets when that
///   follower is scored, and half a point for each of that player's turns still to come (at
///   most 10), for the point at the start of each turn;
/// - figures waiting in Carcassonne (The Count): [`RESIDENT_VALUE`] each (a big follower one and a
///   half times as much), halved in the count's quarter, scaled down over the last 24 tiles.
///
/// A feature's points go to every player with the most followers on it (as in the scoring).
pub fn projected(game: &Game) -> Vec<f64> {
    let mut totals: Vec<f64> = game.players().iter().map(|p| p.score as f64).collect();
    if game.is_over() {
        return totals;
    }
    let left = (game.tiles_left() as f64 / 24.0).min(1.0);
    for r in game.residents() {
        let blocked = if Some(r.quarter) == game.count_quarter() { 0.5 } else { 1.0 };
        let weight = if r.figure == Figure::BigFollower { 1.5 } else { 1.0 };
        totals[r.owner as usize] += RESIDENT_VALUE * left * blocked * weight;
    }
    if let Some((_, Some(next_to))) = game.fairy() {
        let turns_left = game.tiles_left() as f64 / totals.len() as f64;
        totals[next_to.owner as usize] += 3.0 + 0.5 * turns_left.min(10.0);
    }
    let features = game.features();
    let tiles_left = game.tiles_left() as f64;
    let farm_city = if game.rules().variants.farmer_scoring == FarmerScoring::FirstEdition { 4.0 } else { 3.0 };
    // Distinct features holding figures, with the figures per player.
    let mut seen: Vec<(NodeId, [u8; 8])> = Vec::with_capacity(game.figures().len());
    let watchtowers = game.rules().has(carcassonne_engine::Expansion::Watchtowers);
    for f in game.figures() {
        // The Vodyanoy and Solovei Razboynik: a captive holds nothing, and the lake costs 2.
        if let Some(cost) = crate::eval::trap_cost(game, f) {
            totals[f.owner as usize] -= cost;
            continue;
        }
        // The Watchtowers: the tower a follower on its road or city will score first.
        if watchtowers {
            totals[f.owner as usize] += crate::eval::watchtower_prospect(game, f, tiles_left, &Weights::UNIT);
        }
        let root = game.feature_root(f.placement, f.feature);
        // Each figure counts one, but a mayor counts its city's pennants (Abbey & Mayor).
        let strength = if f.figure == Figure::Mayor { f.figure.strength_in(features.pennants(root)) } else { 1 };
        crate::eval::add_strength(&mut seen, root, f.owner, strength);
    }
    // The Darmstadt Churches: the bonus of the incomplete churches to the most followers around.
    for (p, bonus) in crate::eval::church_prospects(game, tiles_left).into_iter().enumerate().take(totals.len()) {
        totals[p] += bonus;
    }
    for barn in game.barns() {
        let placement = game.board().index_at(barn.pos).expect("a barn stands on a tile");
        let farm = game.feature_root(placement, barn.feature);
        totals[barn.owner as usize] += 4.0 * game.cities_of_farm(farm).len() as f64;
    }
    let mut scratch = Vec::with_capacity(32);
    // La Porxada: a token holder's incomplete cities score as completed at the end.
    let tokens = game.porxada_tokens();
    for (root, counts) in seen {
        let mut token_extra = 0.0;
        let points = match features.kind(root) {
            FeatureKind::Road => features.tile_count(root, &mut scratch) as f64,
            FeatureKind::City => {
                let base = (features.tile_count(root, &mut scratch) + features.pennants(root)) as f64;
                // A city edge has three ports (the edge centre and its two halves).
                let open_edges = (features.open_ports(root) as f64 / 3.0).ceil().max(1.0);
                let chance = 0.6f64.powf(open_edges - 1.0) * (tiles_left / 12.0).min(1.0);
                token_extra = base * (1.0 - 0.8 * chance);
                base * (1.0 + 0.8 * chance)
            }
            FeatureKind::Cloister => {
                let (placement, _) = features.segment(root);
                let pos = game.board().placement(placement).pos;
                let around = game.board().neighbours_around(pos) as f64;
                // Heretics and Shrines: a race's loser scores nothing.
                (1.0 + around + 0.5 * (8.0 - around) * (tiles_left / 16.0).min(1.0))
                    * crate::eval::race_share(game, pos, around)
            }
            FeatureKind::Field => farm_city * game.cities_of_farm(root).len() as f64,
            // The variation "Mountains": a miner is a knight (and a farmer at the end) of the
            // cities whose pennants it reaches; a rough share of each.
            FeatureKind::Mountain => {
                let (placement, _) = features.segment(root);
                3.0 * pennants_in_reach(game, game.board().placement(placement).pos) as f64
            }
            // A special monastery's prior: its row and column now, and the tiles they gain on
            // average as the board grows.
            FeatureKind::Prior => crate::eval::prior_prospect(game, root, tiles_left),
            // Baba Yaga's hut: 1 and the empty places around it that are likely to stay empty.
            FeatureKind::Hut => crate::eval::hut_prospect(game, root, (tiles_left / 24.0).min(1.0)),
            _ => 0.0,
        };
        let most = counts.iter().copied().max().unwrap_or(0);
        for (p, &n) in counts.iter().enumerate().take(totals.len()) {
            if n == most && n > 0 {
                totals[p] += points;
                if tokens.contains(p as carcassonne_engine::PlayerId) {
                    totals[p] += token_extra;
                }
            }
        }
    }
    totals
}

/// The variation "Mountains": the tiles with a pennant a miner on the mountain at `pos` reaches
/// (two tiles each way).
fn pennants_in_reach(game: &Game, pos: carcassonne_engine::Pos) -> usize {
    game.board()
        .tiles()
        .iter()
        .filter(|t| t.pos.x.abs_diff(pos.x) <= 2 && t.pos.y.abs_diff(pos.y) <= 2)
        .filter(|t| game.design(t.tile).features.iter().any(|f| f.pennants > 0))
        .count()
}

/// The one-ply bot.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: GameRng,
    evaluation: Evaluation,
}

impl GreedyBot {
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot::with_evaluation(seed, Evaluation::DEFAULT)
    }

    pub fn with_evaluation(seed: u64, evaluation: Evaluation) -> GreedyBot {
        GreedyBot { rng: rng_from_seed(seed), evaluation }
    }
}

/// Every legal action of `game`'s pending decision with its value for the deciding player, in
/// legal order. A placement is worth its best follow-up (deployment or pass).
pub fn rank_actions(game: &Game) -> Vec<Ranked> {
    rank_actions_with(game, Evaluation::DEFAULT)
}

/// [`rank_actions`] under evaluation `eval`.
pub fn rank_actions_with(game: &Game, eval: Evaluation) -> Vec<Ranked> {
    let eval = &Judge { evaluation: eval, farms: FarmCache::new(game) };
    let me = game.pending().player().expect("a pending decision");
    if let Pending::GiveTile { .. } = game.pending() {
        return rank_gifts(game, me, eval);
    }
    let mut out = vec![];
    for action in game.legal_actions() {
        let value = expected_after(game, action, |next| match (game.pending(), next.pending()) {
            (Pending::PlaceTile { .. }, Pending::Deploy { .. }) => best_follow_up(next, me, eval),
            // The Messages: points of 1C (a wind rose, the fairy's point) make a scoring round
            // before the figure phase; the placement is still worth its best deployment.
            (Pending::PlaceTile { .. }, Pending::ScoringFigure { player, .. }) if player == me => {
                best_over(next, |after| match after.pending() {
                    Pending::Deploy { player, .. } if player == me => best_follow_up(after, me, eval),
                    _ => eval.margin(after, me),
                })
            }
            // The Tower: a piece is worth its best capture; a ransom, the deployment it allows.
            (_, Pending::Capture { player, .. } | Pending::Exchange { player, .. }) if player == me => {
                best_follow_up(next, me, eval)
            }
            (_, Pending::Deploy { player, .. }) if player == me => best_follow_up(next, me, eval),
            // La Porxada: naming one's follower is worth its best swap; a swap named, what the
            // other player's answer leaves.
            (_, Pending::SwapWith { player, .. }) if player == me => {
                best_over(next, |after| after_swap(after, me, eval))
            }
            (Pending::SwapWith { .. }, _) => after_swap(next, me, eval),
            // The Crop Circles: adding or taking back is worth what the round of additions or
            // returns leaves, each player choosing what is best for them.
            (Pending::CropCircle { .. }, _) => after_crop_round(next, me, eval),
            // The Count: a deployment to Carcassonne is worth its best move of the count.
            (_, Pending::MoveCount { player }) if player == me => best_follow_up(next, me, eval),
            // Cloisters for everyone: one's own cloister, or a draw, each worth the best placement
            // of the tile with its best deployment.
            (Pending::HeldTile { .. }, Pending::PlaceTile { player, .. }) if player == me => {
                best_placement(next, me, eval)
            }
            // A tile chosen from a hand, a stack or the face-up row (or one drawn instead): worth
            // its best placement.
            (Pending::ChooseTile { .. }, Pending::PlaceTile { player, .. }) if player == me => {
                best_placement(next, me, eval)
            }
            // The Messages: a figure moved onto a dark space is worth the best answer to the
            // message it brings; a message read, what it scored (an extra tile, a turn's worth).
            (Pending::ScoringFigure { .. }, Pending::Message { player, .. }) if player == me => {
                best_message(next, me, eval)
            }
            (Pending::Message { message, .. }, _) => eval.margin(next, me) + extra_tile_worth(message, action),
            // Bridges, Castles & Bazaars: a tile chosen at the bazaar, before its auction, is
            // worth what it is worth to hold, less the opening bid (so greedy opens at 0 and
            // passes when others bid: a bid pays nothing until the auction is over).
            (Pending::BazaarSelect { .. }, _) => {
                let Action::BazaarSelect { bid, .. } = action else { unreachable!("a choice of tile") };
                eval.margin(next, me) + crate::eval::BOUGHT_TILE_WORTH - f64::from(bid)
            }
            (Pending::BazaarBid { .. }, _) => eval.margin(next, me) - action_bid(action),
            // The Catapult: a kind of token is worth one's best flick of it; a flick, the mean
            // of what its landings leave (`expected_after`, with the best seduction after each).
            (_, Pending::Flick { player, .. } | Pending::Seduce { player, .. }) if player == me => {
                best_over(next, |after| match after.pending() {
                    Pending::Seduce { player, .. } if player == me => best_over(after, |s| eval.margin(s, me)),
                    _ => eval.margin(after, me),
                })
            }
            _ => eval.margin(next, me),
        });
        out.push(Ranked { action, value, visits: 0 });
    }
    out
}

/// The bid an action makes at the bazaar (0 for a pass).
fn action_bid(action: Action) -> f64 {
    match action {
        Action::BazaarBid { bid } => f64::from(bid),
        _ => 0.0,
    }
}

/// "Only one can choose": a gift is worth the best placement of the best tile it leaves to keep,
/// less a quarter of what the tile given would be worth to us (a good tile helps whoever gets
/// it). A tile's worth is its best placement once every other tile is given away.
fn rank_gifts(game: &Game, me: PlayerId, eval: &Judge) -> Vec<Ranked> {
    let mut hand: Vec<TileId> = game.hand(me).to_vec();
    hand.sort_unstable();
    hand.dedup();
    let keep: Vec<(TileId, f64)> = hand.iter().map(|&t| (t, keep_value(game, me, t, eval))).collect();
    let worth = |t: TileId| keep.iter().find(|k| k.0 == t).map_or(0.0, |k| k.1);
    game.legal_actions()
        .into_iter()
        .map(|action| {
            let Action::GiveTile { tile, .. } = action else { unreachable!("a hand-out offers gifts only") };
            let mut left = game.hand(me).to_vec();
            left.remove(left.iter().position(|&t| t == tile).expect("a tile of the hand"));
            let best_kept = left.iter().map(|&t| worth(t)).fold(f64::MIN, f64::max);
            Ranked { action, value: best_kept - 0.25 * worth(tile), visits: 0 }
        })
        .collect()
}

/// The worth of keeping `tile`: every other tile given away, its best placement.
fn keep_value(game: &Game, me: PlayerId, tile: TileId, eval: &Judge) -> f64 {
    let mut next = game.clone();
    while let Pending::GiveTile { .. } = next.pending() {
        let gift = next
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::GiveTile { tile: t, .. } if *t != tile))
            .or_else(|| next.legal_actions().into_iter().next())
            .expect("a gift");
        next.apply(gift).expect("a legal action");
    }
    match next.pending() {
        Pending::PlaceTile { player, .. } if player == me => best_placement(&next, me, eval),
        _ => eval.margin(&next, me),
    }
}

/// An evaluation with the farms of the position being ranked kept ([`FarmCache`]): every
/// position it values is that one a decision or two on.
struct Judge {
    evaluation: Evaluation,
    farms: FarmCache,
}

impl Judge {
    fn margin(&self, game: &Game, me: PlayerId) -> f64 {
        self.evaluation.margin_with(game, me, Some(&self.farms))
    }
}

/// The best of `value` over the positions after each legal action.
/// The Messages: what an extra tile (message 4) is worth beyond the points of the moment, about
/// what a turn scores in a two-player game.
pub const EXTRA_TILE_WORTH: f64 = 3.0;

fn extra_tile_worth(message: MessageTile, action: Action) -> f64 {
    match (message, action) {
        (MessageTile::ExtraTile, Action::ReadMessage { perform: true }) => EXTRA_TILE_WORTH,
        _ => 0.0,
    }
}

/// The Messages: the best answer to the message `game` waits for.
fn best_message(game: &Game, me: PlayerId, eval: &Judge) -> f64 {
    let Pending::Message { message, .. } = game.pending() else { return eval.margin(game, me) };
    let mut best = f64::MIN;
    let mut next = game.clone();
    for action in game.legal_actions() {
        next.clone_from(game);
        next.apply(action).expect("a legal action");
        best = best.max(eval.margin(&next, me) + extra_tile_worth(message, action));
    }
    best
}

fn best_over(game: &Game, value: impl Fn(&Game) -> f64) -> f64 {
    let mut best = f64::MIN;
    let mut next = game.clone();
    for action in game.legal_actions() {
        if draws_from_the_flock_bag(action) || matches!(action, Action::Flick { .. }) {
            best = best.max(expected_after(game, action, &value));
            continue;
        }
        next.clone_from(game);
        next.apply(action).expect("a legal action");
        best = best.max(value(&next));
    }
    best
}

/// Hills & Sheep: whether `action` draws a token from the flock bag (a shepherd deployed, a
/// flock grown).
fn draws_from_the_flock_bag(action: Action) -> bool {
    matches!(action, Action::Flock { herd: false } | Action::Deploy { figure: Figure::Shepherd, .. })
}

/// The value of the position after `action`: for an action that draws from the flock bag,
/// the mean over the tokens the bag may give (each token arranged to come next), so that the
/// bot weighs the wolf by its chance instead of by the one draw of its sampled world.
fn expected_after(game: &Game, action: Action, value: impl Fn(&Game) -> f64) -> f64 {
    let mut next = game.clone();
    // The Catapult: a flick is worth the mean over where the token may land, by their chances.
    if let Action::Flick { .. } = action {
        let (mut sum, mut total) = (0.0, 0.0);
        for (offset, weight) in carcassonne_engine::CATAPULT_LANDINGS {
            next.clone_from(game);
            next.arrange_landing(offset).expect("The Catapult is in play");
            next.apply(action).expect("a legal action");
            sum += f64::from(weight) * value(&next);
            total += f64::from(weight);
        }
        return sum / total;
    }
    if !draws_from_the_flock_bag(action) {
        next.apply(action).expect("a legal action");
        return value(&next);
    }
    let bag = game.flock_bag();
    let (mut sum, mut total) = (0.0, 0.0);
    for (i, &count) in bag.iter().enumerate().filter(|&(_, &n)| n > 0) {
        let token = if i == 0 { FlockToken::Wolf } else { FlockToken::Sheep(i as u8) };
        next.clone_from(game);
        next.arrange_flock(&[token]).expect("a token the bag holds");
        next.apply(action).expect("a legal action");
        sum += count as f64 * value(&next);
        total += count as f64;
    }
    sum / total
}

/// La Porxada: the value of a position after a swap was named. The player whose follower was
/// named answers as is best for them (accepting, or giving up another follower); then the
/// turn's figure phase is worth its best deployment.
fn after_swap(game: &Game, me: PlayerId, eval: &Judge) -> f64 {
    let then = |next: &Game| match next.pending() {
        Pending::Deploy { player, .. } if player == me => best_follow_up(next, me, eval),
        _ => eval.margin(next, me),
    };
    let Pending::SwapAnswer { player: other, .. } = game.pending() else { return then(game) };
    let mut answer = (f64::MIN, 0.0);
    let mut next = game.clone();
    for action in game.legal_actions() {
        next.clone_from(game);
        next.apply(action).expect("a legal action");
        let theirs = eval.margin(&next, other);
        if theirs > answer.0 {
            answer = (theirs, then(&next));
        }
    }
    answer.1
}

/// The Crop Circles: the value of a position after the choice, once every player has added
/// or taken back the follower best for them (by their own margin).
fn after_crop_round(game: &Game, me: PlayerId, eval: &Judge) -> f64 {
    let mut game = game.clone();
    let mut next = game.clone();
    while let Pending::CropAdd { player, .. } | Pending::CropRemove { player, .. } = game.pending() {
        let mut best = (f64::MIN, None);
        for action in game.legal_actions() {
            next.clone_from(&game);
            next.apply(action).expect("a legal action");
            let value = eval.margin(&next, player);
            if value > best.0 {
                best = (value, Some(action));
            }
        }
        let Some(action) = best.1 else { break };
        game.apply(action).expect("a legal action");
    }
    eval.margin(&game, me)
}

/// The value of the best placement of the tile to place, each with its best deployment.
fn best_placement(game: &Game, me: PlayerId, eval: &Judge) -> f64 {
    best_over(game, |next| match next.pending() {
        Pending::Deploy { player, .. } if player == me => best_follow_up(next, me, eval),
        _ => eval.margin(next, me),
    })
}

/// The value of the best deployment or pass after a placement (with The Tower, a tower piece
/// counts with its best capture).
fn best_follow_up(game: &Game, me: PlayerId, eval: &Judge) -> f64 {
    best_over(game, |next| match next.pending() {
        Pending::Capture { player, .. } | Pending::Exchange { player, .. } if player == me => {
            best_over(next, |after| eval.margin(after, me))
        }
        _ => eval.margin(next, me),
    })
}

impl Bot for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose_action(&mut self, observation: &Observation<'_>) -> Action {
        self.analyse(observation).best
    }

    fn analyse(&mut self, observation: &Observation<'_>) -> Analysis {
        // The hidden deck matters only for the tile drawn after the turn, which the evaluation
        // does not look at; any consistent world will do.
        let game = observation.sample_game(&mut self.rng);
        let mut ranked = rank_actions_with(&game, self.evaluation);
        // Stable: among equal values the first legal action wins.
        ranked.sort_by(|a, b| b.value.total_cmp(&a.value));
        Analysis { best: ranked[0].action, value: ranked[0].value, unit: "points", ranked }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot_by_name;
    use crate::tests::{new_game, play_checked, COLORS};
    use carcassonne_engine::{Deck, GameSetup, Pos, Rotation, Rules};

    #[test]
    fn greedy_finishes_games_of_2_to_6_players() {
        for players in 2..=6 {
            let mut game = new_game(players, 10 + players as u64);
            let mut bots: Vec<_> = (0..players)
                .map(|k| bot_by_name(if k == 0 { "greedy" } else { "random" }, k as u64).unwrap())
                .collect();
            play_checked(&mut game, &mut bots);
        }
    }

    #[test]
    fn greedy_completes_an_obvious_city() {
        // The start tile (D) has a city on its north edge; E is a city cap: placed north of
        // the start tile, turned 180 degrees, it closes a two-tile city worth 4 points.
        let catalog = carcassonne_engine::Catalog::builtin();
        let order = ["base:E", "base:E", "base:U", "base:U"].map(|t| catalog.lookup(t).unwrap()).to_vec();
        let mut game =
            Game::new(GameSetup { rules: Rules::base(), players: COLORS[..2].to_vec(), deck: Deck::Order(order) })
                .unwrap();
        let mut bot = GreedyBot::new(1);
        let place = bot.choose_action(&game.observation(Some(0)));
        assert_eq!(place, Action::Place { pos: Pos::new(0, -1), rotation: Rotation::R180 });
        game.apply(place).unwrap();
        let deploy = bot.choose_action(&game.observation(Some(0)));
        assert!(matches!(deploy, Action::Deploy { .. }), "{deploy:?}");
        game.apply(deploy).unwrap();
        assert_eq!(game.scores(), vec![4, 0]);
        assert_eq!(game.player(0).followers, 7, "the knight came back");
    }

    #[test]
    fn evaluation_of_a_finished_game_is_the_final_margin() {
        let mut game = new_game(3, 5);
        let mut bots: Vec<_> = (0..3).map(|k| bot_by_name("random", k).unwrap()).collect();
        let scores = play_checked(&mut game, &mut bots);
        let margin = scores[1] as f64 - scores[0].max(scores[2]) as f64;
        assert_eq!(evaluate(&game, 1), margin);
    }
}
