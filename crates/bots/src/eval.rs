//! The evaluation of a position: each player's expected final score, as a sum of components
//! (the points already scored, and what each kind of holding is expected to bring by the end of
//! the game), each component weighted ([`Weights`]).
//!
//! Every component is in points and is computed by a small model of its own (how likely a
//! feature is to be completed before the tiles run out, what a farm's cities are worth, ...);
//! the weights then scale the components. The default weights ([`Weights::FITTED`]) were chosen
//! by tournaments between greedy bots, not by hand alone: every component at its model's value,
//! except the farms' cities still open (left out) and the followers in supply (counted twice);
//! a big follower in supply counts as one follower (its strength shows where it wins a
//! majority; valued higher, the greedy bot kept it for good) and a builder on an open feature
//! 4 points (the double turns it brings; valued at 1, the greedy bot never placed one); a
//! figure waiting in Carcassonne counts three times its model's value, more than in supply (it
//! comes back onto a feature as it is scored; valued less, the greedy bot never went there).
//! A least-squares fit of the weights to the final scores of games between bots (`cargo run
//! --release -p carcassonne-bots --example fit_eval`, which prints the fit and how well each
//! evaluation predicts the final margins) predicts better but played worse: what a one-ply
//! player needs is not the best forecast of the score but values that keep it from spending its
//! followers too soon (docs/performance.md, "Bots with expansions").
//!
//! The search's weights ([`Weights::SEARCH`], [`Evaluation::SEARCH`]) differ in one respect:
//! the followers in supply are a reserve, each worth 0.7 of the one before it, the first 4
//! points ([`supply_worth`]), so that the search keeps a follower or two back for the next good
//! feature rather than locking all of them into long-lived cities and farms. Chosen with the
//! search in the loop against the greedy bot (its margin grew by about 28 points a game with
//! all twelve expansions); the greedy bot with the same weights was not measurably stronger, and
//! keeps [`Weights::FITTED`].
//!
//! Every expansion's points and prospects are counted:
//! - roads and cities with their inns, cathedrals, sieges and pennants, completed or not, by
//!   their chance of completion; a mayor counts its city's pennants, a big follower two;
//! - cloisters, abbeys and gardens by the tiles around them and the tiles still to come;
//! - farms: the completed cities they border (3 each, 4 under first-edition scoring; a pig or a
//!   pig-herd one more; a besieged city twice), and the cities still open by their chance;
//! - barns (4 per city of their farm); the king and the robber baron (1 per completed city or
//!   road); the gold ingots held and those on features held (The Gold Mines); the trade goods
//!   (10 for the most of each); the fairy (3 when its follower scores, a
//!   point a turn); prisoners held and followers held prisoner; tower pieces; figures waiting in
//!   Carcassonne; builders on open features (double turns to come); the abbey tile not yet
//!   placed; followers in supply, worth what they can still earn;
//! - the mage's point a tile on its road or city, the witch's half (Mage & Witch);
//! - a La Porxada token: its holder's incomplete cities at their completed value (a follower
//!   given up to refuse a swap is simply gone from the supply);
//! - the further expansions' prospects ([`crate::prospects`]): priors, traps, the hut, shrines'
//!   races, watchtowers, churches, gold;
//! - The Plague: a figure on a tile the next flea may reach costs [`PLAGUE_EXPOSURE`].
//! - Under the Big Top: 5 an acrobat, the ringmaster's 2 a show tile around him, and the
//!   followers around the big top at the mean unseen token ([`CIRCUS_STAYING`] of them).
//! - Bridges, Castles & Bazaars: a tile bought and not placed ([`BOUGHT_TILE_WORTH`]); a castle
//!   waiting, at the best feature open on its six tiles by its chance (at least
//!   [`CASTLE_PROSPECT`]), its town no city held; bridges are in the roads they make.
//! - The Messages need nothing here: a message's points are in the score once read, and
//!   `greedy` adds an extra tile's worth (`greedy::EXTRA_TILE_WORTH`) to the message that gives
//!   one.

use carcassonne_engine::features::NodeId;
use carcassonne_engine::{FarmerScoring, FeatureKind, Figure, Game, MagicFigure, PlayerId, Token};

use crate::prospects::{bcb_prospects, castle_roots, gold_prospect};
pub use crate::prospects::{
    church_prospects, hut_prospect, prior_prospect, race_share, trap_cost, watchtower_prospect, PRIOR_GROWTH_PER_TILE,
};
pub use crate::prospects::{BOUGHT_TILE_WORTH, CASTLE_PROSPECT};

/// Hills & Sheep: the share of a flock's sheep its shepherds' owners expect to drive to the
/// stable, while their turns last (a flock still out at the end scores nothing).
pub const FLOCK_KEPT: f64 = 0.85;

/// Hills & Sheep: each shepherd's owner expects the sheep of its whole field (a field's flocks
/// are driven to the stable together, and each owner scores all of them), as long as they
/// still have turns to extend it.
fn flock_prospects(game: &Game, rows: &mut [[f64; Component::COUNT]], tiles_left: f64) {
    let turns = tiles_left / game.players().len() as f64;
    let kept = FLOCK_KEPT * (turns / 3.0).min(1.0);
    for (p, row) in rows.iter_mut().enumerate() {
        if let Some(field) = game.flock_field(p as PlayerId) {
            row[Component::Tokens as usize] += field.sheep as f64 * kept;
        }
    }
}

/// Under the Big Top: the share of the followers around the big top still there when its
/// circus is scored (some go home with their features first).
pub const CIRCUS_STAYING: f64 = 0.6;

/// Under the Big Top: every acrobat scores 5 (with its pyramid or at the end); the followers
/// around the big top expect the mean of the unseen animal tokens each; a ringmaster expects 2
/// points for each circus and acrobat tile around him now (his feature is scored by the end).
fn big_top_prospects(game: &Game, rows: &mut [[f64; Component::COUNT]]) {
    for f in game.figures() {
        let pos = game.board().placement(f.placement).pos;
        if game.acrobat_space(pos) == Some(f.feature) {
            rows[f.owner as usize][Component::Tokens as usize] += carcassonne_engine::ACROBAT_POINTS as f64;
        } else if f.figure == Figure::Ringmaster {
            let tiles = game.show_tiles_around(pos) as f64;
            rows[f.owner as usize][Component::Tokens as usize] += carcassonne_engine::RINGMASTER_POINTS as f64 * tiles;
        }
    }
    if let Some(tent) = game.big_top() {
        let unseen = game.unseen_animals();
        let count: u32 = unseen.iter().map(|&(_, n)| u32::from(n)).sum();
        let mean = unseen.iter().map(|&(v, n)| f64::from(v) * f64::from(n)).sum::<f64>() / f64::from(count.max(1));
        for (p, &n) in game.followers_around(tent).iter().enumerate().take(rows.len()) {
            rows[p][Component::Tokens as usize] += CIRCUS_STAYING * mean * f64::from(n);
        }
    }
}

/// The Plague: what a figure on a tile exposed to the next flea costs its owner (while many
/// tiles are left), in points: about a follower's worth and a share of its holding.
pub const PLAGUE_EXPOSURE: f64 = 3.0;

/// The components of a player's expected final score, in the order of [`Weights`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Component {
    /// The points already scored (weight 1).
    Score,
    /// The tiles still to come per player: what every player can still expect to score from
    /// features not yet begun (the same for all, so it changes no margin).
    Future,
    /// Roads held: per tile 1, with an inn 2 if completed and 0 if not, by the chance of
    /// completion.
    Roads,
    /// Cities held: completed 2 per tile and pennant (3 with a cathedral, 1 besieged), at the end
    /// 1 (0 with a cathedral or besieged), by the chance of completion.
    Cities,
    /// Cloisters, abbeys and gardens held: 1 and 1 per tile around, and the tiles still to
    /// come around them.
    Cloisters,
    /// Farms held: the completed cities they border.
    Farms,
    /// Farms held: the cities they border that are still open, by their chance of completion.
    FarmProspects,
    /// Followers (small and big, abbots, mayors, wagons) in supply, scaled down as the tiles run
    /// out.
    Supply,
    /// The king and the robber baron: 1 per completed city or road so far; the gold ingots held
    /// (The Gold Mines: what they score at the end) and those on the tiles of features held
    /// (about 1.5 points each, by the chance of completion).
    Tokens,
    /// The trade goods: 10 for the most counters of each good (ties in full).
    Goods,
    /// The fairy: 3 when its follower scores, and a point for each of its owner's turns to come
    /// (at most 10).
    Fairy,
    /// Prisoners held (a ransom to come, or an exchange).
    Prisoners,
    /// One's own followers held prisoner by others.
    Captives,
    /// Tower pieces in supply (captures to come), scaled down as the tiles run out.
    TowerPieces,
    /// Figures waiting in Carcassonne's quarters (halved in the count's), scaled down as the
    /// tiles run out.
    Residents,
    /// Barns: 4 per completed city of their farm, and the open ones by their chance.
    Barns,
    /// Builders on open roads and cities (double turns to come), scaled down as the tiles run
    /// out.
    Builders,
    /// The abbey tile not yet placed, scaled down as the tiles run out.
    Abbey,
}

impl Component {
    pub const COUNT: usize = 18;

    pub const ALL: [Component; Component::COUNT] = [
        Component::Score,
        Component::Future,
        Component::Roads,
        Component::Cities,
        Component::Cloisters,
        Component::Farms,
        Component::FarmProspects,
        Component::Supply,
        Component::Tokens,
        Component::Goods,
        Component::Fairy,
        Component::Prisoners,
        Component::Captives,
        Component::TowerPieces,
        Component::Residents,
        Component::Barns,
        Component::Builders,
        Component::Abbey,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Component::Score => "score",
            Component::Future => "future",
            Component::Roads => "roads",
            Component::Cities => "cities",
            Component::Cloisters => "cloisters",
            Component::Farms => "farms",
            Component::FarmProspects => "farm-prospects",
            Component::Supply => "supply",
            Component::Tokens => "tokens",
            Component::Goods => "goods",
            Component::Fairy => "fairy",
            Component::Prisoners => "prisoners",
            Component::Captives => "captives",
            Component::TowerPieces => "tower-pieces",
            Component::Residents => "residents",
            Component::Barns => "barns",
            Component::Builders => "builders",
            Component::Abbey => "abbey",
        }
    }
}

/// The weight of each component, in the order of [`Component::ALL`], and the parameters of the
/// components' models.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    pub weights: [f64; Component::COUNT],
    /// The completion model's tiles per open end, squared, for cities and for roads (see
    /// [`completion_chance`]).
    pub city_tau: f64,
    pub road_tau: f64,
    /// What a big follower in supply counts for, in followers.
    pub big_follower: f64,
    /// What a builder on an open road or city counts for, in points (double turns to come).
    pub builder: f64,
    /// Followers in supply as a reserve: each counts this share of the one before it (1: all
    /// alike), so the last few are worth more than the seventh ([`supply_worth`]).
    pub supply_decay: f64,
    /// The last tiles of the game, over which the supply's value fades to nothing.
    pub supply_fade: f64,
}

impl Weights {
    /// Every component taken at its model's value.
    pub const UNIT: Weights = Weights {
        weights: [1.0; Component::COUNT],
        city_tau: 50.0,
        road_tau: 35.0,
        big_follower: 1.5,
        builder: 1.0,
        supply_decay: 1.0,
        supply_fade: 24.0,
    };

    /// The weights chosen by tournaments (see the module documentation).
    pub const FITTED: Weights = Weights {
        big_follower: 1.0,
        builder: 4.0,
        ..Weights::UNIT.with(Component::FarmProspects, 0.0).with(Component::Supply, 2.0).with(Component::Residents, 3.0)
    };

    /// The search's weights: [`Weights::FITTED`] with the followers in supply valued as a
    /// reserve, twice as much for the first follower and each further one 0.7 of the one
    /// before ([`supply_worth`]). Chosen by tournaments of the long-game search against the
    /// greedy bot, with the search in the loop; for the one-ply greedy bot the same weights
    /// made no difference beyond the noise, so it keeps [`Weights::FITTED`] (docs/performance.md,
    /// "Followers in supply as a reserve").
    pub const SEARCH: Weights = Weights { supply_decay: 0.7, ..Weights::FITTED.with(Component::Supply, 4.0) };

    pub fn get(&self, c: Component) -> f64 {
        self.weights[c as usize]
    }

    /// These weights with component `c`'s set to `weight`.
    pub const fn with(self, c: Component, weight: f64) -> Weights {
        let mut weights = self.weights;
        weights[c as usize] = weight;
        Weights { weights, ..self }
    }
}

/// What `followers` in supply are worth before the end of the game draws near, in followers
/// (the [`Component::Supply`] weight turns them into points): each counts `supply_decay` of the
/// one before, `1 + d + d^2 + ...`, so the last follower kept back is worth the most and the
/// seventh little. A player with few left cannot take the next good feature, and one whose
/// followers all wait on long-lived cities and farms takes none: with all twelve expansions
/// each greedy player deployed only about seven followers in a game of some 105 turns of its
/// own. `supply_decay` 1 counts every follower alike.
pub fn supply_worth(followers: f64, model: &Weights) -> f64 {
    if model.supply_decay == 1.0 {
        followers
    } else {
        (1.0 - model.supply_decay.powf(followers)) / (1.0 - model.supply_decay)
    }
}

/// One row of components per player.
pub type Components = Vec<[f64; Component::COUNT]>;

/// The chance that a road or city with `open` open ends (edges, for a city) is completed before
/// the `tiles_left` tiles run out: `0.85 (1 - exp(-tiles_left / (tau * open^2)))`, `tau` 35 tiles
/// for a road and 50 for a city. Fitted by eye to how often the roads and cities that held
/// followers in games between greedy bots were completed (from 7% of the roads with one open
/// end and 5 tiles left to about 80% with a hundred; a city with two open edges half as often as
/// with one, and far less late in the game): `cargo run --release -p carcassonne-bots --example
/// completion_table` prints the table.
pub fn completion_chance(kind: FeatureKind, open: f64, tiles_left: f64, model: &Weights) -> f64 {
    let tau = match kind {
        FeatureKind::City => model.city_tau,
        _ => model.road_tau,
    };
    let open = open.max(1.0);
    0.85 * (1.0 - (-tiles_left / (tau * open * open)).exp())
}

/// The cities bordering each farm that holds a figure or a barn in one position, kept to value
/// the positions a turn leads to (a greedy ranking values hundreds of them): walking a large
/// farm's segments is most of an evaluation's time with many expansions.
///
/// A farm of such a position is the farm of the kept one when its root and its size (segments)
/// are the same: union-find roots only ever lose that standing, and a farm that gained a
/// segment has grown. Its bordering cities are then the same, up to cities merged since (the
/// kept nodes are looked up again). So the cache is valid for every position reached from the
/// kept one by placing tiles, and never used where tiles can move (the variation "Rebuilding").
#[derive(Clone, Debug, Default)]
pub struct FarmCache {
    /// Farm root, its size, and its range of `cities`.
    farms: Vec<(NodeId, u16, u32, u32)>,
    cities: Vec<NodeId>,
}

impl FarmCache {
    /// The farms holding figures or barns in `game`, with their cities.
    pub fn new(game: &Game) -> FarmCache {
        let mut cache = FarmCache::default();
        if game.rules().variants.rebuilding || game.is_over() {
            return cache;
        }
        let features = game.features();
        let farms = game
            .figures()
            .iter()
            .map(|f| game.feature_root(f.placement, f.feature))
            .chain(game.barns().iter().filter_map(|b| {
                let placement = game.board().index_at(b.pos)?;
                Some(game.feature_root(placement, b.feature))
            }))
            .filter(|&root| features.kind(root) == FeatureKind::Field);
        for farm in farms {
            if cache.farms.iter().any(|&(f, ..)| f == farm) {
                continue;
            }
            let start = cache.cities.len() as u32;
            bordering_cities(game, farm, &mut cache.cities);
            let len = cache.cities.len() as u32 - start;
            cache.farms.push((farm, features.size(farm), start, len));
        }
        cache
    }

    /// The kept cities of `farm` (a root of `game`), if it is a kept farm unchanged.
    fn get(&self, game: &Game, farm: NodeId) -> Option<&[NodeId]> {
        let size = game.features().size(farm);
        let &(_, _, start, len) = self.farms.iter().find(|&&(f, s, ..)| f == farm && s == size)?;
        Some(&self.cities[start as usize..(start + len) as usize])
    }
}

/// Pushes onto `out` the roots of the cities farm `farm` borders, each once (among those it
/// pushes).
fn bordering_cities(game: &Game, farm: NodeId, out: &mut Vec<NodeId>) {
    let features = game.features();
    let start = out.len();
    for m in features.members(farm) {
        let (placement, local) = features.segment(m);
        let placed = game.board().placement(placement);
        for &city in &game.design(placed.tile).features[local as usize].borders {
            let root = game.feature_root(placement, city);
            if !out[start..].contains(&root) {
                out.push(root);
            }
        }
    }
}

/// Each player's components of the position (see [`Component`]), with the models' parameters
/// of `model`.
pub fn components(game: &Game, model: &Weights) -> Components {
    components_with(game, model, None)
}

/// [`components`], with the farms' cities of `cache` where they still hold.
pub fn components_with(game: &Game, model: &Weights, cache: Option<&FarmCache>) -> Components {
    let players = game.players().len();
    let mut rows = vec![[0.0; Component::COUNT]; players];
    for (p, row) in rows.iter_mut().enumerate() {
        row[Component::Score as usize] = game.players()[p].score as f64;
    }
    if game.is_over() {
        return rows;
    }
    let tiles_left = game.tiles_left() as f64;
    // What is still to be earned fades over the last two dozen tiles.
    let left = (tiles_left / 24.0).min(1.0);
    let features = game.features();
    let rules = game.rules();
    let farm_city = if rules.variants.farmer_scoring == FarmerScoring::FirstEdition { 4.0 } else { 3.0 };
    let herd_counts = !rules.variants.pig_herd_scores_nothing;

    // Supply, the abbey, tower pieces.
    for (p, row) in rows.iter_mut().enumerate() {
        row[Component::Future as usize] = tiles_left / players as f64;
        let state = &game.players()[p];
        // The phantom is a follower in supply like any other (The Phantom).
        // So is the ringmaster (Under the Big Top).
        let followers = (state.followers + state.phantoms + state.ringmasters) as f64
            + model.big_follower * state.big_followers as f64
            + 0.5 * (state.abbots + state.mayors + state.wagons) as f64;
        row[Component::Supply as usize] = supply_worth(followers, model) * (tiles_left / model.supply_fade).min(1.0);
        if game.holds_abbey(p as PlayerId) {
            row[Component::Abbey as usize] = left;
        }
        row[Component::TowerPieces as usize] = game.tower_pieces(p as PlayerId) as f64 * left;
    }

    // The Plague: a figure on a tile a flea may reach next is likely sent home by someone's
    // spread; it counts as a share of a follower lost (and of what it holds: its feature still
    // counts below, so the share stands for both).
    let exposed = if rules.has(carcassonne_engine::Expansion::Plague) { game.plague_exposed() } else { vec![] };
    if !exposed.is_empty() {
        for f in game.figures() {
            if exposed.contains(&game.board().placement(f.placement).pos) {
                rows[f.owner as usize][Component::Tokens as usize] -= PLAGUE_EXPOSURE * left;
            }
        }
    }

    // The features holding figures: their owners by strength.
    let mut seen: Vec<(NodeId, [u8; 8])> = Vec::with_capacity(game.figures().len());
    let watchtowers = rules.has(carcassonne_engine::Expansion::Watchtowers);
    for f in game.figures() {
        if let Some(cost) = trap_cost(game, f) {
            rows[f.owner as usize][Component::Tokens as usize] -= cost;
            continue;
        }
        if watchtowers {
            rows[f.owner as usize][Component::Tokens as usize] += watchtower_prospect(game, f, tiles_left, model);
        }
        let root = game.feature_root(f.placement, f.feature);
        let strength = f.figure.strength_in(features.pennants(root));
        add_strength(&mut seen, root, f.owner, strength);
        // A builder on an open road or city: double turns to come.
        if f.figure == Figure::Builder && !features.is_closed(root) {
            rows[f.owner as usize][Component::Builders as usize] += model.builder * left;
        }
    }
    for (p, bonus) in church_prospects(game, tiles_left).into_iter().enumerate().take(players) {
        rows[p][Component::Tokens as usize] += bonus;
    }
    let vineyards = rules.has_vineyards();
    flock_prospects(game, &mut rows, tiles_left);
    if rules.has(carcassonne_engine::Expansion::BigTop) {
        big_top_prospects(game, &mut rows);
    }
    if rules.has(carcassonne_engine::Expansion::BridgesCastlesBazaars) {
        bcb_prospects(game, &mut rows, tiles_left, model);
    }
    let mut scratch = Vec::with_capacity(32);
    let with_buildings = !game.little_buildings().is_empty();
    let with_gold = !game.gold_on_board().is_empty();
    // La Porxada: a token holder's incomplete cities score as completed at the end.
    let tokens = game.porxada_tokens();
    // Mage & Witch: the road or city each stands on.
    let magic = |figure| {
        let (pos, feature) = game.magic_figure(figure)?;
        Some(game.feature_root(game.board().index_at(pos)?, feature))
    };
    let (mage, witch) = (magic(MagicFigure::Mage), magic(MagicFigure::Witch));
    // Bridges, Castles & Bazaars: a castle's town is no city to hold (`bcb_prospects`).
    let castles =
        if rules.has(carcassonne_engine::Expansion::BridgesCastlesBazaars) { castle_roots(game) } else { vec![] };
    for (root, counts) in &seen {
        if castles.contains(root) {
            continue;
        }
        let mut token_extra = 0.0;
        let most = counts.iter().copied().max().unwrap_or(0);
        if most == 0 {
            continue;
        }
        // The component, the points it gives each holder now, and a farm's prospects.
        let (component, points, prospects) = match features.kind(*root) {
            FeatureKind::Road => {
                let tiles = features.tile_count(*root, &mut scratch) as f64;
                let value = if features.inns(*root) > 0 {
                    let chance =
                        completion_chance(FeatureKind::Road, features.open_ports(*root) as f64, tiles_left, model);
                    2.0 * tiles * chance
                } else {
                    tiles
                };
                (Component::Roads, value, 0.0)
            }
            FeatureKind::City => {
                let base = (features.tile_count(*root, &mut scratch) + features.pennants(*root)) as f64;
                let (done, open) = match (features.cathedrals(*root) > 0, features.is_besieged(*root)) {
                    (true, true) => (2.0, 0.0),
                    (true, false) => (3.0, 0.0),
                    (false, true) => (1.0, 0.0),
                    (false, false) => (2.0, 1.0),
                };
                // A city edge has three ports (the edge centre and its two halves).
                let edges = (features.open_ports(*root) as f64 / 3.0).ceil().max(1.0);
                let chance = completion_chance(FeatureKind::City, edges, tiles_left, model);
                token_extra = base * (1.0 - chance) * (done - open);
                (Component::Cities, base * (chance * done + (1.0 - chance) * open), 0.0)
            }
            FeatureKind::Cloister | FeatureKind::Garden => {
                let (placement, _) = features.segment(*root);
                let pos = game.board().placement(placement).pos;
                let around = game.board().neighbours_around(pos) as f64;
                let mut value = 1.0 + around + 0.5 * (8.0 - around) * (tiles_left / 16.0).min(1.0);
                // The Vineyards: 3 a vineyard around, if the cloister is completed (about as
                // likely as its places are filled or still to fill).
                if vineyards && features.kind(*root) == FeatureKind::Cloister {
                    let chance = (around + (8.0 - around) * (tiles_left / 24.0).min(1.0) * 0.7) / 8.0;
                    value += 3.0 * game.vineyards_around(pos) as f64 * chance;
                }
                (Component::Cloisters, value * race_share(game, pos, around), 0.0)
            }
            // A special monastery's prior: its row and column now, and the tiles they may gain.
            FeatureKind::Prior => (Component::Cloisters, prior_prospect(game, *root, tiles_left), 0.0),
            // Baba Yaga's hut: 1 and the empty places around it, which the tiles still to come
            // tend to fill.
            FeatureKind::Hut => (Component::Cloisters, hut_prospect(game, *root, left), 0.0),
            FeatureKind::Field => {
                let (done, open) = farm_cities(game, *root, tiles_left, model, cache);
                let herd = if herd_counts && features.has_pig_herd(*root) { 1.0 } else { 0.0 };
                // A pig: one more per city for its owner, added below.
                for (p, &n) in counts.iter().enumerate().take(players) {
                    if n == most && has_pig(game, *root, p as PlayerId) {
                        rows[p][Component::Farms as usize] += done;
                        rows[p][Component::FarmProspects as usize] += open;
                    }
                }
                (Component::Farms, (farm_city + herd) * done, (farm_city + herd) * open)
            }
            _ => continue,
        };
        // Mage & Witch: the mage's point a tile whenever the feature is scored (finished or
        // not), the witch's half.
        let points =
            if mage == Some(*root) { points + features.tile_count(*root, &mut scratch) as f64 } else { points };
        let points = if witch == Some(*root) { 0.5 * points } else { points };
        // Little Buildings: the buildings on the feature's tiles (a cloister's area) pay their
        // points to its holders whenever it is scored, finished or not.
        let points = if with_buildings { points + game.building_points(*root).1 as f64 } else { points };
        let gold = if with_gold { gold_prospect(game, *root, tiles_left, model) } else { 0.0 };
        for (p, &n) in counts.iter().enumerate().take(players) {
            if n == most {
                rows[p][component as usize] += points;
                rows[p][Component::FarmProspects as usize] += prospects;
                rows[p][Component::Tokens as usize] += gold;
                if tokens.contains(p as PlayerId) {
                    rows[p][Component::Tokens as usize] += token_extra;
                }
            }
        }
    }

    // The Gold Mines: the ingots held score at the end by how many.
    for (p, row) in rows.iter_mut().enumerate() {
        let held = game.gold_held(p as PlayerId);
        if held > 0 {
            row[Component::Tokens as usize] += held as f64 * carcassonne_engine::ingot_value(held) as f64;
        }
    }

    // Barns: 4 per city of their farm.
    for barn in game.barns() {
        let placement = game.board().index_at(barn.pos).expect("a barn stands on a tile");
        let farm = game.feature_root(placement, barn.feature);
        let (done, open) = farm_cities(game, farm, tiles_left, model, cache);
        rows[barn.owner as usize][Component::Barns as usize] += 4.0 * (done + open);
    }

    // The king and the robber baron: 1 per completed city or road so far.
    for token in [Token::King, Token::RobberBaron] {
        if let Some((p, _)) = game.token_holder(token) {
            rows[p as usize][Component::Tokens as usize] += game.token_count(token) as f64;
        }
    }

    // The trade goods: 10 for the most of each good, ties in full.
    for g in 0..3 {
        let best = game.players().iter().map(|s| s.goods[g]).max().unwrap_or(0);
        if best > 0 {
            for (p, state) in game.players().iter().enumerate() {
                if state.goods[g] == best {
                    rows[p][Component::Goods as usize] += 10.0;
                }
            }
        }
    }

    // The fairy.
    if let Some((_, Some(next_to))) = game.fairy() {
        let turns_left = tiles_left / players as f64;
        rows[next_to.owner as usize][Component::Fairy as usize] += 3.0 + 0.5 * turns_left.min(10.0);
    }

    // Prisoners.
    for prisoner in game.prisoners() {
        rows[prisoner.captor as usize][Component::Prisoners as usize] += left;
        rows[prisoner.owner as usize][Component::Captives as usize] += 1.0;
    }

    // Figures waiting in Carcassonne.
    for r in game.residents() {
        let blocked = if Some(r.quarter) == game.count_quarter() { 0.5 } else { 1.0 };
        let weight = if r.figure == Figure::BigFollower { 1.5 } else { 1.0 };
        rows[r.owner as usize][Component::Residents as usize] += left * blocked * weight;
    }
    rows
}

/// Adds `strength` for `owner` to feature `root`'s entry of `seen` (the features holding
/// figures, with each player's strength there), adding the entry if need be.
pub(crate) fn add_strength(seen: &mut Vec<(NodeId, [u8; 8])>, root: NodeId, owner: PlayerId, strength: u8) {
    match seen.iter_mut().find(|(r, _)| *r == root) {
        Some((_, counts)) => counts[owner as usize] += strength,
        None => {
            let mut counts = [0u8; 8];
            counts[owner as usize] = strength;
            seen.push((root, counts));
        }
    }
}

/// Whether `player` has a pig on farm `farm`.
fn has_pig(game: &Game, farm: NodeId, player: PlayerId) -> bool {
    game.figures()
        .iter()
        .any(|f| f.owner == player && f.figure == Figure::Pig && game.feature_root(f.placement, f.feature) == farm)
}

/// The cities a farm borders: the completed ones (a besieged one twice) and the open ones
/// weighted by their chance of completion (a besieged one twice).
fn farm_cities(game: &Game, farm: NodeId, tiles_left: f64, model: &Weights, cache: Option<&FarmCache>) -> (f64, f64) {
    let features = game.features();
    let mut cities: Vec<NodeId> = Vec::with_capacity(8);
    match cache.and_then(|c| c.get(game, farm)) {
        Some(kept) => {
            for &city in kept {
                let root = features.find(city);
                if !cities.contains(&root) {
                    cities.push(root);
                }
            }
        }
        None => bordering_cities(game, farm, &mut cities),
    }
    let (mut done, mut open) = (0.0, 0.0);
    for city in cities {
        let worth = if features.is_besieged(city) { 2.0 } else { 1.0 };
        if features.is_closed(city) {
            done += worth;
        } else {
            let edges = (features.open_ports(city) as f64 / 3.0).ceil().max(1.0);
            open += worth * completion_chance(FeatureKind::City, edges, tiles_left, model);
        }
    }
    (done, open)
}

/// Each player's expected final score under `weights`.
pub fn expected_scores(game: &Game, weights: &Weights) -> Vec<f64> {
    expected_scores_with(game, weights, None)
}

/// [`expected_scores`], with the farms' cities of `cache` where they still hold.
pub fn expected_scores_with(game: &Game, weights: &Weights, cache: Option<&FarmCache>) -> Vec<f64> {
    components_with(game, weights, cache)
        .iter()
        .map(|row| row.iter().zip(weights.weights.iter()).map(|(c, w)| c * w).sum())
        .collect()
}

/// Player `p`'s margin among the players' `values`: theirs minus the best other.
pub fn margin(values: &[f64], p: usize) -> f64 {
    let best_other = values.iter().enumerate().filter(|&(q, _)| q != p).map(|(_, &v)| v).fold(f64::MIN, f64::max);
    values[p] - best_other
}

/// How a bot values a position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Evaluation {
    /// The greedy bot's evaluation before the components ([`crate::greedy::projected`], the
    /// followers in supply and the prisoners): kept to compare against.
    Legacy,
    /// The weighted components.
    Weighted(Weights),
}

impl Evaluation {
    /// The default: the components with the fitted weights.
    pub const DEFAULT: Evaluation = Evaluation::Weighted(Weights::FITTED);

    /// The search bot's: the components with [`Weights::SEARCH`].
    pub const SEARCH: Evaluation = Evaluation::Weighted(Weights::SEARCH);

    /// Each player's value of the position (in points; comparable between players).
    pub fn values(&self, game: &Game) -> Vec<f64> {
        self.values_with(game, None)
    }

    /// [`Evaluation::values`], with the farms' cities of `cache` where they still hold (the
    /// same values, sooner).
    pub fn values_with(&self, game: &Game, cache: Option<&FarmCache>) -> Vec<f64> {
        match self {
            Evaluation::Legacy => crate::greedy::legacy_values(game),
            Evaluation::Weighted(weights) => expected_scores_with(game, weights, cache),
        }
    }

    /// The value of the position for `me`: its value minus the best other player's.
    pub fn margin(&self, game: &Game, me: PlayerId) -> f64 {
        self.margin_with(game, me, None)
    }

    /// [`Evaluation::margin`], with the farms' cities of `cache` where they still hold.
    pub fn margin_with(&self, game: &Game, me: PlayerId, cache: Option<&FarmCache>) -> f64 {
        if let Evaluation::Legacy = self {
            return crate::greedy::legacy_margin(game, me);
        }
        margin(&self.values_with(game, cache), me as usize)
    }

    /// The name in a bot's options (`eval=...`).
    pub fn name(&self) -> &'static str {
        match self {
            Evaluation::Legacy => "legacy",
            Evaluation::Weighted(w) if *w == Weights::UNIT => "unit",
            Evaluation::Weighted(w) if *w == Weights::SEARCH => "search",
            Evaluation::Weighted(_) => "fitted",
        }
    }

    /// Parses `legacy`, `unit`, `fitted` or `search`, the last three optionally followed by
    /// weights set by hand, `/COMPONENT=WEIGHT` each (`fitted/farm-prospects=0.5`), or the
    /// models' parameters (`city-tau`, `road-tau`, `big-follower`, `builder`, `supply-decay`,
    /// `supply-fade`), for experiments.
    pub fn from_name(name: &str) -> Option<Evaluation> {
        let mut parts = name.split('/');
        let mut weights = match parts.next()? {
            "legacy" => return parts.next().is_none().then_some(Evaluation::Legacy),
            "unit" => Weights::UNIT,
            "fitted" => Weights::FITTED,
            "search" => Weights::SEARCH,
            _ => return None,
        };
        for part in parts {
            let (key, value) = part.split_once('=')?;
            let value: f64 = value.parse().ok().filter(|w: &f64| w.is_finite())?;
            match key {
                "city-tau" if value > 0.0 => weights.city_tau = value,
                "road-tau" if value > 0.0 => weights.road_tau = value,
                "big-follower" if value >= 0.0 => weights.big_follower = value,
                "builder" if value >= 0.0 => weights.builder = value,
                "supply-decay" if value > 0.0 => weights.supply_decay = value,
                "supply-fade" if value > 0.0 => weights.supply_fade = value,
                _ => {
                    let c = Component::ALL.iter().find(|c| c.name() == key)?;
                    weights.weights[*c as usize] = value;
                }
            }
        }
        Some(Evaluation::Weighted(weights))
    }
}

#[cfg(test)]
mod tests;
