//! The game as a state machine: it always waits for exactly one decision ([`Game::pending`]),
//! lists the legal actions for it ([`Game::legal_actions`]) and applies one
//! ([`Game::apply`]), which returns the events it caused or an error that leaves the state as
//! it was.
//!
//! A turn follows the order of play of seed 001 ("PLAYING THE GAME"): the engine draws a tile
//! (removing tiles that fit nowhere, after which the same player draws again), the player
//! places it, then deploys at most one follower on it or passes, then completed roads, cities
//! and cloisters are scored and their followers returned. After the turn that places the last
//! tile comes the final scoring.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::board::{Board, PlacedTile, PlacementIndex};
use crate::catalog::{Catalog, FeatureKind, LocalFeature, RiverRole, TileDesign, TileId, TradeGood};
use crate::features::{Features, NodeId};
use crate::geometry::{Port, Pos, Rotation, Side, Terrain};
use crate::random::{rng_from_seed, shuffle};
use crate::rules::{Expansion, FarmerScoring, RiverStartTile, Rules};

/// A seat at the table, 0-based in turn order.
pub type PlayerId = u8;

/// Followers each player has in supply at the start (seed 001, PREPARATION: eight followers,
/// one of which marks the score).
pub const FOLLOWERS_PER_PLAYER: u8 = 7;

/// Most players a game can have.
pub const MAX_PLAYERS: usize = 6;

/// Player colours. A game uses 2 to 6 distinct colours; the seat order is the order given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    Red,
    Blue,
    Green,
    Yellow,
    Black,
    Gray,
    Pink,
}

impl Color {
    pub const ALL: [Color; 7] =
        [Color::Red, Color::Blue, Color::Green, Color::Yellow, Color::Black, Color::Gray, Color::Pink];

    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
            Color::Green => "green",
            Color::Yellow => "yellow",
            Color::Black => "black",
            Color::Gray => "gray",
            Color::Pink => "pink",
        }
    }

    pub fn from_name(s: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.name() == s)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The figures a player can deploy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Figure {
    /// A follower: thief on a road, knight in a city, monk in a cloister, farmer in a field.
    Follower,
    /// The big follower of Inns & Cathedrals: one follower that counts as two for majorities
    /// (seed 001, INNS AND CATHEDRALS, "2. Deploy a follower", footnotes 34 and 35).
    BigFollower,
    /// The abbot (The Abbot): only on a cloister or a garden.
    Abbot,
    /// The builder (Traders & Builders): not a follower; on a road or city holding one of its
    /// owner's followers; extending that feature gives a double turn.
    Builder,
    /// The pig (Traders & Builders): not a follower; on a farm holding one of its owner's
    /// farmers; its owner scores 4 instead of 3 per city there.
    Pig,
}

impl Figure {
    pub const ALL: [Figure; 5] = [Figure::Follower, Figure::BigFollower, Figure::Abbot, Figure::Builder, Figure::Pig];

    pub const fn name(self) -> &'static str {
        match self {
            Figure::Follower => "follower",
            Figure::BigFollower => "big-follower",
            Figure::Abbot => "abbot",
            Figure::Builder => "builder",
            Figure::Pig => "pig",
        }
    }

    pub fn from_name(s: &str) -> Option<Figure> {
        Figure::ALL.into_iter().find(|f| f.name() == s)
    }

    /// Followers (small and big; the abbot is a follower only for cloisters and gardens), as
    /// opposed to the builder and the pig, which depend on followers (Big Box rules).
    pub const fn is_follower(self) -> bool {
        !matches!(self, Figure::Builder | Figure::Pig)
    }

    /// How many followers the figure counts as when the majority on a feature is decided.
    pub const fn strength(self) -> u8 {
        match self {
            Figure::Follower | Figure::Abbot => 1,
            Figure::BigFollower => 2,
            // Seed 001, TRADERS AND BUILDERS: "The builder is not counted when calculating the
            // majority"; "The pig does not count when calculating the majority".
            Figure::Builder | Figure::Pig => 0,
        }
    }
}

/// One decision a player makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Place the drawn tile at `pos`, turned clockwise by `rotation`.
    Place { pos: Pos, rotation: Rotation },
    /// Deploy a figure on a feature of the tile just placed (`feature` indexes the design's
    /// features; records name it by kind and port, see [`Game::feature_name`]).
    Deploy { figure: Figure, feature: LocalFeature },
    /// The Cathars: take a knight back from a besieged city at the end of the turn; it stands
    /// on feature `feature` of the tile at `pos`.
    Escape { pos: Pos, feature: LocalFeature },
    /// The Abbot: instead of deploying, take back the abbot standing on the tile at `pos` and
    /// score its cloister or garden as it stands.
    RecallAbbot { pos: Pos },
    /// Deploy nothing this turn (or, when an escape is offered, let no knight escape).
    Pass,
}

/// What the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    /// `player` must place the drawn `tile`.
    PlaceTile { player: PlayerId, tile: TileId },
    /// `player` may deploy a figure on the tile just placed at `pos`, or pass.
    Deploy { player: PlayerId, pos: Pos },
    /// The Cathars: at the end of the turn `player` may take one knight back from a besieged city
    /// that a cloister or abbey borders, or pass.
    Escape { player: PlayerId },
    /// The game is over; no action is legal.
    GameOver,
}

impl Pending {
    /// The player who must decide, unless the game is over.
    pub fn player(self) -> Option<PlayerId> {
        match self {
            Pending::PlaceTile { player, .. } | Pending::Deploy { player, .. } | Pending::Escape { player } => {
                Some(player)
            }
            Pending::GameOver => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Pending::PlaceTile { .. } => "placing the drawn tile",
            Pending::Deploy { .. } => "deploying a figure or passing",
            Pending::Escape { .. } => "a knight's escape from a besieged city or a pass",
            Pending::GameOver => "nothing (the game is over)",
        }
    }
}

/// When points were scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// During the game, when a feature was completed.
    Turn,
    /// In the final scoring.
    Final,
}

/// A set of players as a bit mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PlayerSet(pub u8);

impl PlayerSet {
    pub fn contains(self, p: PlayerId) -> bool {
        self.0 & (1 << p) != 0
    }

    pub fn insert(&mut self, p: PlayerId) {
        self.0 |= 1 << p;
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn iter(self) -> impl Iterator<Item = PlayerId> {
        (0..8u8).filter(move |&p| self.contains(p))
    }
}

/// How a score was computed: `tiles × tile_value + pennants × pennant_value + cities ×
/// city_value`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Breakdown {
    pub tiles: u16,
    pub tile_value: u16,
    pub pennants: u16,
    pub pennant_value: u16,
    /// Completed cities (farm scoring).
    pub cities: u16,
    pub city_value: u16,
    /// Completed besieged cities (farm scoring with The Cathars), each worth twice `city_value`.
    pub besieged_cities: u16,
}

impl Breakdown {
    pub fn total(&self) -> u32 {
        self.tiles as u32 * self.tile_value as u32
            + self.pennants as u32 * self.pennant_value as u32
            + self.cities as u32 * self.city_value as u32
            + self.besieged_cities as u32 * 2 * self.city_value as u32
    }
}

impl fmt::Display for Breakdown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = vec![];
        if self.tiles > 0 || (self.pennants == 0 && self.cities == 0 && self.city_value == 0) {
            parts.push(format!("{} tile{} × {}", self.tiles, plural(self.tiles), self.tile_value));
        }
        if self.pennants > 0 {
            parts.push(format!("{} pennant{} × {}", self.pennants, plural(self.pennants), self.pennant_value));
        }
        let no_cities = self.tiles == 0 && self.pennants == 0 && self.besieged_cities == 0;
        if self.cities > 0 || (no_cities && self.city_value > 0) {
            parts.push(format!(
                "{} completed cit{} × {}",
                self.cities,
                if self.cities == 1 { "y" } else { "ies" },
                self.city_value
            ));
        }
        if self.besieged_cities > 0 {
            let n = self.besieged_cities;
            parts.push(format!("{n} besieged cit{} × {}", if n == 1 { "y" } else { "ies" }, 2 * self.city_value));
        }
        write!(f, "{} = {}", parts.join(" + "), self.total())
    }
}

fn plural(n: u16) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// A feature scored: who scored how much, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Score {
    /// The kind of the feature scored (`Field` for farms).
    pub kind: FeatureKind,
    pub phase: Phase,
    /// Whether the feature was completed (always true in the `Turn` phase).
    pub completed: bool,
    /// One segment of the feature, to name it: a position and a feature of the tile there.
    pub pos: Pos,
    pub feature: LocalFeature,
    /// The players who scored (the majority; all of them on a tie). Empty when a completed
    /// feature held no follower.
    pub players: PlayerSet,
    /// Points each of `players` scored.
    pub points: u32,
    pub breakdown: Breakdown,
}

/// The king and the robber baron of King & Scout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Token {
    /// Held by the player who completed the largest city; 1 point per completed city at the end.
    King,
    /// Held by the player who completed the longest road; 1 point per completed road at the end.
    RobberBaron,
}

impl Token {
    pub const fn name(self) -> &'static str {
        match self {
            Token::King => "king",
            Token::RobberBaron => "robber-baron",
        }
    }
}

/// Something that happened, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// A tile was drawn for `player`.
    TileDrawn {
        player: PlayerId,
        tile: TileId,
    },
    /// A drawn tile fitted nowhere and was removed from the game; the same player draws again.
    TileDiscarded {
        player: PlayerId,
        tile: TileId,
    },
    TilePlaced {
        player: PlayerId,
        tile: TileId,
        pos: Pos,
        rotation: Rotation,
    },
    FigureDeployed {
        player: PlayerId,
        figure: Figure,
        pos: Pos,
        feature: LocalFeature,
    },
    /// The player deployed nothing.
    Passed {
        player: PlayerId,
    },
    Scored(Score),
    FigureReturned {
        player: PlayerId,
        figure: Figure,
        pos: Pos,
        feature: LocalFeature,
    },
    /// `player` completed a city (king) or road (robber baron) of `tiles` tiles, larger than any
    /// before, and takes the token.
    TokenTaken {
        player: PlayerId,
        token: Token,
        tiles: u16,
    },
    /// At the end, the token's holder scores 1 point for each of `count` completed cities or roads.
    TokenScored {
        player: PlayerId,
        token: Token,
        count: u16,
        points: u32,
    },
    /// The Cathars: a knight escaped a besieged city and is back in its owner's supply.
    Escaped {
        player: PlayerId,
        figure: Figure,
        pos: Pos,
        feature: LocalFeature,
    },
    /// Traders & Builders: `player` completed a city and takes its trade goods (wine, grain,
    /// cloth counters).
    GoodsCollected {
        player: PlayerId,
        goods: [u8; 3],
    },
    /// Traders & Builders, final scoring: `player` has the most counters of `good` (`count`).
    GoodsScored {
        player: PlayerId,
        good: TradeGood,
        count: u8,
        points: u32,
    },
    /// Traders & Builders: the builder lets `player` draw and place a second tile this turn.
    DoubleTurn {
        player: PlayerId,
    },
    /// The final scoring is over.
    GameEnded,
}

/// Why an action was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("the game is waiting for {expected}, not for {got}")]
    WrongDecision { expected: &'static str, got: &'static str },
    #[error("it is {expected}'s decision, not {got}'s")]
    NotYourTurn { expected: Color, got: Color },
    #[error("there is no player in seat {0}")]
    NoSuchPlayer(PlayerId),
    #[error("position {0} already holds a tile")]
    Occupied(Pos),
    #[error("position {0} touches no tile along an edge (corner contact is not enough)")]
    NotAdjacent(Pos),
    #[error("at {pos} turned {degrees}°, the {side} edge ({ours}) does not continue the {theirs} of the tile at {neighbour}")]
    EdgeMismatch {
        pos: Pos,
        degrees: u16,
        side: &'static str,
        ours: &'static str,
        theirs: &'static str,
        neighbour: Pos,
    },
    #[error("{0} has no {1} left in supply")]
    NoFigureInSupply(Color, &'static str),
    #[error("the tile just placed has no feature number {0}")]
    NoSuchFeature(LocalFeature),
    #[error("a follower cannot be deployed on a {0}")]
    CannotDeployOn(FeatureKind),
    #[error("no knight of yours at {0} feature {1} can escape a besieged city")]
    NoEscape(Pos, LocalFeature),
    #[error("the abbot goes only on a cloister or a garden, not on a {0}")]
    AbbotOnlyOnCloisterOrGarden(FeatureKind),
    #[error("you have no abbot on the tile at {0}")]
    NoAbbotThere(Pos),
    #[error("a river tile must continue the river at its open end, at {0}")]
    RiverMustContinue(Pos),
    #[error("the river has no open end")]
    RiverClosed,
    #[error("the river may not turn the same way twice in a row (a U-turn)")]
    RiverUTurn,
    #[error("the river may not turn the same way a third time")]
    RiverThirdTurn,
    #[error("the river would run into a tile")]
    RiverBlocked,
    #[error("the two branches of the river may not be connected")]
    RiverBranchesJoin,
    #[error("a {0} goes only on a {1} that already holds one of your followers")]
    NeedsOwnFollower(&'static str, FeatureKind),
    #[error("farmers are not in play in this game")]
    FarmersNotInPlay,
    #[error("the {0} is already occupied (a follower stands on a connected segment)")]
    FeatureOccupied(FeatureKind),
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("a game needs 2 to 6 players, not {0}")]
    PlayerCount(usize),
    #[error("colour {0} is taken by two players")]
    DuplicateColor(Color),
    #[error("tile `{0}` of the deck order is not in the sets in play")]
    TileNotInPlay(String),
    #[error("the sets in play have no start tile")]
    NoStartTile,
}

/// Where the tiles come from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Deck {
    /// Every tile of the sets in play but the start tile, shuffled from a seed.
    Seed(u64),
    /// An explicit draw order (for records and scenarios). It may hold any tiles of the sets in
    /// play, in any number; the game ends when it runs out.
    Order(Vec<TileId>),
}

/// Everything needed to start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub rules: Rules,
    pub players: Vec<Color>,
    pub deck: Deck,
}

/// A player's supply and score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerState {
    pub color: Color,
    pub score: u32,
    /// Followers in supply.
    pub followers: u8,
    /// Big followers in supply (Inns & Cathedrals: one each).
    pub big_followers: u8,
    /// Abbots in supply (The Abbot: one each).
    pub abbots: u8,
    /// Builders and pigs in supply (Traders & Builders: one each).
    pub builders: u8,
    pub pigs: u8,
    /// Trade counters: wine, grain, cloth (Traders & Builders).
    pub goods: [u8; 3],
}

impl PlayerState {
    /// How many of a figure the player has in supply.
    pub fn in_supply(&self, figure: Figure) -> u8 {
        match figure {
            Figure::Follower => self.followers,
            Figure::BigFollower => self.big_followers,
            Figure::Abbot => self.abbots,
            Figure::Builder => self.builders,
            Figure::Pig => self.pigs,
        }
    }

    fn supply_mut(&mut self, figure: Figure) -> &mut u8 {
        match figure {
            Figure::Follower => &mut self.followers,
            Figure::BigFollower => &mut self.big_followers,
            Figure::Abbot => &mut self.abbots,
            Figure::Builder => &mut self.builders,
            Figure::Pig => &mut self.pigs,
        }
    }
}

/// A figure on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedFigure {
    pub owner: PlayerId,
    pub figure: Figure,
    pub placement: PlacementIndex,
    pub feature: LocalFeature,
    pub(crate) node: NodeId,
}

/// The state of a game.
#[derive(Clone)]
pub struct Game {
    catalog: &'static Catalog,
    rules: Rules,
    players: Vec<PlayerState>,
    board: Board,
    features: Features,
    figures: Vec<PlacedFigure>,
    /// Draw order; `deck[next_draw..]` is still face down.
    deck: Vec<TileId>,
    next_draw: usize,
    discarded: Vec<TileId>,
    current: PlayerId,
    pending: Pending,
    turns: u32,
    /// Traders & Builders: a double turn was earned this turn / the second tile is being played.
    double_turn: bool,
    second_tile: bool,
    /// The open end of the river while one is being built.
    river_ends: Vec<RiverEnd>,
    /// Cloisters not yet surrounded: their position and node.
    open_cloisters: Vec<(Pos, NodeId)>,
    /// King & Scout: the holder of the king and robber baron with the size that won it, and the
    /// numbers of cities and roads completed so far.
    king: Option<(PlayerId, u16)>,
    robber_baron: Option<(PlayerId, u16)>,
    completed_cities: u16,
    completed_roads: u16,
    scratch: Vec<PlacementIndex>,
}

impl Game {
    /// Starts a game with the built-in catalog: the start tile is placed at (0, 0) and the first
    /// player's tile is drawn.
    pub fn new(setup: GameSetup) -> Result<Game, SetupError> {
        Game::with_catalog(Catalog::builtin(), setup).map(|(game, _)| game)
    }

    /// As [`Game::new`], with a given catalog, also returning the events of the start: the
    /// first draw (and any tiles discarded before it).
    pub fn with_catalog(catalog: &'static Catalog, setup: GameSetup) -> Result<(Game, Vec<Event>), SetupError> {
        let GameSetup { rules, players, deck } = setup;
        if !(2..=MAX_PLAYERS).contains(&players.len()) {
            return Err(SetupError::PlayerCount(players.len()));
        }
        for (i, c) in players.iter().enumerate() {
            if players[..i].contains(c) {
                return Err(SetupError::DuplicateColor(*c));
            }
        }
        let edition = rules.variants.tile_edition;
        let river = rules.river_in_play();
        // With a river: the spring starts, the other river tiles come first, the lake last
        // (seed 001, THE RIVER, Preparation; one spring and one lake when rivers are combined,
        // footnote 29). The base start tile is then shuffled in or returned to the box.
        let (mut tiles, mut river_tiles, mut lakes, mut forks) = (vec![], vec![], vec![], vec![]);
        let (mut start, mut spring) = (None, None);
        for set_id in rules.tile_sets() {
            let Some(set) = catalog.set(set_id) else { continue };
            for (id, count) in catalog.edition_designs(set, set.edition_for(edition)) {
                let design = catalog.design(id);
                if !tile_in_play(&rules, design) {
                    continue;
                }
                let mut count = count as usize;
                if design.has_river() {
                    match design.river {
                        Some(RiverRole::Spring) => spring = spring.or(Some(id)),
                        Some(RiverRole::Lake) if lakes.is_empty() => lakes.push(id),
                        Some(RiverRole::Lake) => {}
                        Some(RiverRole::Fork) => forks.extend(std::iter::repeat_n(id, count)),
                        None => river_tiles.extend(std::iter::repeat_n(id, count)),
                    }
                    continue;
                }
                if design.start && start.is_none() {
                    start = Some(id);
                    if !river || rules.variants.river_start_tile == RiverStartTile::Discarded {
                        count -= 1;
                    }
                }
                tiles.extend(std::iter::repeat_n(id, count));
            }
        }
        let start = if river { spring } else { start }.ok_or(SetupError::NoStartTile)?;
        let deck = match deck {
            Deck::Seed(seed) => {
                let mut rng = rng_from_seed(seed);
                shuffle(&mut river_tiles, &mut rng);
                shuffle(&mut tiles, &mut rng);
                // Seed 001, THE RIVER II: the fork is placed right after the spring.
                forks.into_iter().chain(river_tiles).chain(lakes).chain(tiles).collect()
            }
            Deck::Order(order) => {
                let sets = rules.tile_sets();
                let in_play = |t: &TileId| {
                    let design = catalog.design(*t);
                    sets.contains(&design.set.as_str()) && tile_in_play(&rules, design)
                };
                if let Some(bad) = order.iter().find(|t| !in_play(t)) {
                    return Err(SetupError::TileNotInPlay(catalog.design(*bad).id.clone()));
                }
                order
            }
        };
        let big_followers_each = rules.has(Expansion::InnsCathedrals) as u8;
        let abbots_each = rules.has(Expansion::Abbot) as u8;
        let traders_each = rules.has(Expansion::TradersBuilders) as u8;
        let mut game = Game {
            catalog,
            rules,
            players: players
                .iter()
                .map(|&color| PlayerState {
                    color,
                    score: 0,
                    followers: FOLLOWERS_PER_PLAYER,
                    big_followers: big_followers_each,
                    abbots: abbots_each,
                    builders: traders_each,
                    pigs: traders_each,
                    goods: [0; 3],
                })
                .collect(),
            board: Board::new(),
            features: Features::new(),
            figures: Vec::with_capacity(MAX_PLAYERS * FOLLOWERS_PER_PLAYER as usize),
            deck,
            next_draw: 0,
            discarded: vec![],
            current: 0,
            pending: Pending::GameOver,
            turns: 0,
            open_cloisters: vec![],
            river_ends: vec![],
            double_turn: false,
            second_tile: false,
            king: None,
            robber_baron: None,
            completed_cities: 0,
            completed_roads: 0,
            scratch: Vec::with_capacity(80),
        };
        game.put_tile(start, Rotation::R0, Pos::ORIGIN);
        let mut events = vec![];
        game.begin_turn(&mut events);
        Ok((game, events))
    }

    // ----- Reading the state -----

    pub fn catalog(&self) -> &'static Catalog {
        self.catalog
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn players(&self) -> &[PlayerState] {
        &self.players
    }

    pub fn player(&self, p: PlayerId) -> &PlayerState {
        &self.players[p as usize]
    }

    pub fn scores(&self) -> Vec<u32> {
        self.players.iter().map(|p| p.score).collect()
    }

    pub fn pending(&self) -> Pending {
        self.pending
    }

    pub fn is_over(&self) -> bool {
        self.pending == Pending::GameOver
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn features(&self) -> &Features {
        &self.features
    }

    pub fn figures(&self) -> &[PlacedFigure] {
        &self.figures
    }

    /// Tiles still face down (their order is hidden from players: see [`Game::observation`]).
    pub fn tiles_left(&self) -> usize {
        self.deck.len() - self.next_draw
    }

    /// Tiles removed from the game because they fitted nowhere.
    pub fn discarded(&self) -> &[TileId] {
        &self.discarded
    }

    /// Completed turns (a turn ends after its scoring).
    pub fn turns(&self) -> u32 {
        self.turns
    }

    pub fn design(&self, tile: TileId) -> &'static TileDesign {
        self.catalog.design(tile)
    }

    /// The node of a feature of a placed tile.
    pub fn node_of(&self, placement: PlacementIndex, feature: LocalFeature) -> NodeId {
        self.board.placement(placement).first_node + feature as NodeId
    }

    /// The feature a segment belongs to (its root node).
    pub fn feature_root(&self, placement: PlacementIndex, feature: LocalFeature) -> NodeId {
        self.features.find(self.node_of(placement, feature))
    }

    /// The name of a feature of a placed tile in the record vocabulary: `city@N`, `field@SSE`,
    /// `cloister`, using the first port (clockwise from NNW) in board orientation.
    pub fn feature_name(&self, pos: Pos, feature: LocalFeature) -> Option<String> {
        let placed = self.board.get(pos)?;
        feature_name(self.design(placed.tile), placed.rotation, feature)
    }

    // ----- Legal actions -----

    /// Every legal action for the pending decision, in a deterministic order (a function of the
    /// game's history): placements by frontier position then rotation; deployments by feature,
    /// then `Pass`.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(64);
        self.legal_actions_into(&mut out);
        out
    }

    /// As [`Game::legal_actions`], into a reused buffer (cleared first).
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        self.each_legal_action(|action| {
            out.push(action);
            false
        });
    }

    /// The number of legal actions (`legal_actions().len()`, without building the list).
    pub fn legal_action_count(&self) -> usize {
        match self.pending {
            Pending::PlaceTile { tile, .. } if !self.river_rules_apply(tile) => {
                let fits = &self.design(tile).fit_table;
                self.board.frontier().iter().map(|cell| fits[cell.code as usize].count_ones() as usize).sum()
            }
            _ => {
                let mut n = 0;
                self.each_legal_action(|_| {
                    n += 1;
                    false
                });
                n
            }
        }
    }

    /// `legal_actions()[n]` without building the list: with `legal_action_count` this draws a
    /// uniformly random legal action cheaply (random playouts).
    pub fn nth_legal_action(&self, n: usize) -> Option<Action> {
        let mut left = n;
        if let Pending::PlaceTile { tile, .. } = self.pending {
            if self.river_rules_apply(tile) {
                return self.nth_by_visiting(n);
            }
            // Skip whole positions by their number of fitting rotations.
            let fits = &self.design(tile).fit_table;
            for cell in self.board.frontier() {
                let mut rotations = fits[cell.code as usize];
                let count = rotations.count_ones() as usize;
                if left >= count {
                    left -= count;
                    continue;
                }
                for _ in 0..left {
                    rotations &= rotations - 1;
                }
                let rotation = Rotation::ALL[rotations.trailing_zeros() as usize];
                return Some(Action::Place { pos: cell.pos, rotation });
            }
            return None;
        }
        self.nth_by_visiting(left)
    }

    fn nth_by_visiting(&self, n: usize) -> Option<Action> {
        let (mut left, mut found) = (n, None);
        self.each_legal_action(|action| {
            if left == 0 {
                found = Some(action);
                return true;
            }
            left -= 1;
            false
        });
        found
    }

    /// Calls `visit` with every legal action in order until it returns true.
    fn each_legal_action(&self, mut visit: impl FnMut(Action) -> bool) {
        match self.pending {
            Pending::PlaceTile { tile, .. } => {
                let fits = &self.design(tile).fit_table;
                let river = self.river_rules_apply(tile);
                for cell in self.board.frontier() {
                    let mut rotations = fits[cell.code as usize];
                    while rotations != 0 {
                        let rotation = Rotation::ALL[rotations.trailing_zeros() as usize];
                        rotations &= rotations - 1;
                        if river && self.check_river(tile, cell.pos, rotation).is_err() {
                            continue;
                        }
                        if visit(Action::Place { pos: cell.pos, rotation }) {
                            return;
                        }
                    }
                }
            }
            Pending::Deploy { player, .. } => {
                let state = &self.players[player as usize];
                let placement = self.last_placement();
                for i in 0..self.design(placement.tile).features.len() as LocalFeature {
                    for figure in Figure::ALL {
                        if state.in_supply(figure) > 0
                            && self.check_deploy(placement, i, figure).is_ok()
                            && visit(Action::Deploy { figure, feature: i })
                        {
                            return;
                        }
                    }
                }
                if let Some(pos) = self.abbot_on_board(player) {
                    if visit(Action::RecallAbbot { pos }) {
                        return;
                    }
                }
                visit(Action::Pass);
            }
            Pending::Escape { .. } => {
                for f in self.figures.iter().filter(|f| self.can_escape(f)) {
                    let pos = self.board.placement(f.placement).pos;
                    if visit(Action::Escape { pos, feature: f.feature }) {
                        return;
                    }
                }
                visit(Action::Pass);
            }
            Pending::GameOver => {}
        }
    }

    /// Whether `action` is legal now (the same test `apply` makes).
    pub fn check(&self, action: Action) -> Result<(), RuleError> {
        match (self.pending, action) {
            (Pending::GameOver, _) => Err(RuleError::GameOver),
            (Pending::PlaceTile { tile, .. }, Action::Place { pos, rotation }) => self.check_place(tile, pos, rotation),
            (Pending::Deploy { player, .. }, Action::Deploy { figure, feature }) => {
                let state = &self.players[player as usize];
                if state.in_supply(figure) == 0 {
                    return Err(RuleError::NoFigureInSupply(state.color, figure.name()));
                }
                self.check_deploy(self.last_placement(), feature, figure)
            }
            (Pending::Deploy { player, .. }, Action::RecallAbbot { pos }) => match self.abbot_on_board(player) {
                Some(at) if at == pos => Ok(()),
                _ => Err(RuleError::NoAbbotThere(pos)),
            },
            (Pending::Deploy { .. } | Pending::Escape { .. }, Action::Pass) => Ok(()),
            (Pending::Escape { .. }, Action::Escape { pos, feature }) => match self.figure_at(pos, feature) {
                Some(i) if self.can_escape(&self.figures[i]) => Ok(()),
                _ => Err(RuleError::NoEscape(pos, feature)),
            },
            (pending, action) => Err(RuleError::WrongDecision {
                expected: pending.name(),
                got: match action {
                    Action::Place { .. } => "a tile placement",
                    Action::Deploy { .. } => "a deployment",
                    Action::Escape { .. } => "an escape",
                    Action::RecallAbbot { .. } => "an abbot's recall",
                    Action::Pass => "a pass",
                },
            }),
        }
    }

    fn check_place(&self, tile: TileId, pos: Pos, rotation: Rotation) -> Result<(), RuleError> {
        let design = self.design(tile);
        if let Some(code) = self.board.frontier_code(pos) {
            if design.fit_table[code as usize] & (1 << rotation.index()) != 0 {
                return if self.river_rules_apply(tile) { self.check_river(tile, pos, rotation) } else { Ok(()) };
            }
        }
        // Not legal: find out why, for the message.
        if self.board.is_occupied(pos) {
            return Err(RuleError::Occupied(pos));
        }
        let edges = design.view(rotation).edges;
        let mut touches = false;
        for side in Side::ALL {
            let Some(n) = self.board.get(pos.step(side)) else { continue };
            touches = true;
            let theirs = (self.design(n.tile).view(n.rotation).edges >> (8 * side.opposite().index())) & 0xFF;
            let ours = (edges >> (8 * side.index())) & 0xFF;
            if ours != theirs {
                return Err(RuleError::EdgeMismatch {
                    pos,
                    degrees: rotation.degrees(),
                    side: ["north", "east", "south", "west"][side.index()],
                    ours: terrain_name(ours),
                    theirs: terrain_name(theirs),
                    neighbour: n.pos,
                });
            }
        }
        if !touches {
            return Err(RuleError::NotAdjacent(pos));
        }
        Ok(())
    }

    /// Deployment on a feature of the tile just placed (seed 001, "2. Deploy a follower"): only
    /// on a road, city, cloister or (with farmers) field segment whose whole feature holds no
    /// figure, however far away.
    fn check_deploy(&self, placement: &PlacedTile, feature: LocalFeature, figure: Figure) -> Result<(), RuleError> {
        let design = self.design(placement.tile);
        let spec = design.features.get(feature as usize).ok_or(RuleError::NoSuchFeature(feature))?;
        // The abbot goes only on a cloister or garden, and no other figure on a garden (seed 000,
        // The Abbot, "2. Placing a Meeple").
        let root = self.features.find(placement.first_node + feature as NodeId);
        match (figure, spec.kind) {
            // Seed 001, TRADERS AND BUILDERS, "The builder": "only to a road or city which
            // already includes one of the player's followers", whoever else stands there; "The
            // pig": "only to a farm which already contains one of the player's farmers".
            (Figure::Builder, FeatureKind::Road | FeatureKind::City) | (Figure::Pig, FeatureKind::Field) => {
                let owner = self.current;
                return if self
                    .figures
                    .iter()
                    .any(|f| f.owner == owner && f.figure.is_follower() && self.features.find(f.node) == root)
                {
                    Ok(())
                } else {
                    Err(RuleError::NeedsOwnFollower(figure.name(), spec.kind))
                };
            }
            (Figure::Builder | Figure::Pig, kind) => return Err(RuleError::CannotDeployOn(kind)),
            (Figure::Abbot, FeatureKind::Cloister | FeatureKind::Garden) => {}
            (Figure::Abbot, kind) => return Err(RuleError::AbbotOnlyOnCloisterOrGarden(kind)),
            (_, FeatureKind::Road | FeatureKind::City | FeatureKind::Cloister) => {}
            (_, FeatureKind::Field) if self.rules.variants.farmers => {}
            (_, FeatureKind::Field) => return Err(RuleError::FarmersNotInPlay),
            (_, kind @ (FeatureKind::Garden | FeatureKind::River)) => return Err(RuleError::CannotDeployOn(kind)),
        }
        if self.features.figure_count(root) > 0 {
            return Err(RuleError::FeatureOccupied(spec.kind));
        }
        Ok(())
    }

    /// Whether the river rules apply to placing `tile`.
    fn river_rules_apply(&self, tile: TileId) -> bool {
        self.rules.river_in_play() && self.design(tile).has_river()
    }

    /// The river rules for a river tile (seed 001, THE RIVER; seed 000, The River, "1. Placing a
    /// tile"): it continues the river at its open end, makes no immediate U-turn (footnote 31),
    /// does not turn the same way a third time (seed 000's clarification) and does not run into
    /// a tile.
    fn check_river(&self, tile: TileId, pos: Pos, rotation: Rotation) -> Result<(), RuleError> {
        let first = self.river_ends.first().ok_or(RuleError::RiverClosed)?;
        let mut at_pos = self.river_ends.iter().filter(|e| e.pos.step(e.exit) == pos);
        let end = *at_pos.next().ok_or(RuleError::RiverMustContinue(first.pos.step(first.exit)))?;
        // Seed 001, THE RIVER II: "the two river branches must not be connected".
        if at_pos.next().is_some() {
            return Err(RuleError::RiverBranchesJoin);
        }
        for next in river_step(self.design(tile), rotation, end)? {
            let ahead = next.pos.step(next.exit);
            if self.board.is_occupied(ahead) {
                return Err(RuleError::RiverBlocked);
            }
            if self.river_ends.iter().any(|e| e.pos.step(e.exit) == ahead) {
                return Err(RuleError::RiverBranchesJoin);
            }
        }
        Ok(())
    }

    fn river_placement_exists(&self, tile: TileId) -> bool {
        let fits = &self.design(tile).fit_table;
        self.board.frontier().iter().any(|cell| {
            Rotation::ALL.iter().any(|&r| {
                fits[cell.code as usize] & (1 << r.index()) != 0 && self.check_river(tile, cell.pos, r).is_ok()
            })
        })
    }

    /// Where `player`'s abbot stands, if it is on the board.
    fn abbot_on_board(&self, player: PlayerId) -> Option<Pos> {
        self.figures
            .iter()
            .find(|f| f.owner == player && f.figure == Figure::Abbot)
            .map(|f| self.board.placement(f.placement).pos)
    }

    /// The first of the current player's figures on feature `feature` of the tile at `pos`.
    fn figure_at(&self, pos: Pos, feature: LocalFeature) -> Option<usize> {
        let placement = self.board.index_at(pos)?;
        self.figures.iter().position(|f| f.placement == placement && f.feature == feature && f.owner == self.current)
    }

    fn last_placement(&self) -> &PlacedTile {
        self.board.tiles().last().expect("the start tile is always on the board")
    }

    // ----- Applying actions -----

    /// Applies an action for the player whose decision is pending and returns what happened.
    /// On error nothing changes.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(action, &mut events)?;
        Ok(events)
    }

    /// As [`Game::apply`], checking that `player` is the one who decides.
    pub fn apply_as(&mut self, player: PlayerId, action: Action) -> Result<Vec<Event>, RuleError> {
        match self.pending.player() {
            None => Err(RuleError::GameOver),
            Some(_) if player as usize >= self.players.len() => Err(RuleError::NoSuchPlayer(player)),
            Some(expected) if expected != player => Err(RuleError::NotYourTurn {
                expected: self.players[expected as usize].color,
                got: self.players[player as usize].color,
            }),
            Some(_) => self.apply(action),
        }
    }

    /// As [`Game::apply`], appending the events to a reused buffer (not cleared).
    pub fn apply_into(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.check(action)?;
        match (self.pending, action) {
            (Pending::PlaceTile { player, tile }, Action::Place { pos, rotation }) => {
                self.put_tile(tile, rotation, pos);
                // Traders & Builders: extending one's own builder's road or city earns a double
                // turn; the second tile earns none ("There is no chain reaction").
                if self.rules.has(Expansion::TradersBuilders) && !self.second_tile && self.extends_own_builder(player) {
                    self.double_turn = true;
                }
                events.push(Event::TilePlaced { player, tile, pos, rotation });
                self.pending = Pending::Deploy { player, pos };
            }
            (Pending::Deploy { player, pos }, Action::Deploy { figure, feature }) => {
                let placement = (self.board.len() - 1) as PlacementIndex;
                let node = self.node_of(placement, feature);
                let root = self.features.find_mut(node);
                self.features.add_figure(root);
                self.figures.push(PlacedFigure { owner: player, figure, placement, feature, node });
                *self.players[player as usize].supply_mut(figure) -= 1;
                events.push(Event::FigureDeployed { player, figure, pos, feature });
                self.end_turn(events);
            }
            (Pending::Deploy { player, .. }, Action::Pass) => {
                events.push(Event::Passed { player });
                self.end_turn(events);
            }
            (Pending::Escape { .. }, Action::Pass) => self.next_turn(events),
            (Pending::Deploy { player, .. }, Action::RecallAbbot { .. }) => {
                // Seed 000, The Abbot, "3. Scoring with the Abbot": the abbot scores what its
                // cloister or garden is worth now, like a monk in the final scoring, and goes
                // home; footnote 32: "you always score the abbot (on the feature), never the
                // feature itself". Then the turn's scoring follows as usual.
                let i =
                    self.figures.iter().position(|f| f.owner == player && f.figure == Figure::Abbot).expect("checked");
                let f = self.figures.remove(i);
                let root = self.features.find_mut(f.node);
                self.features.remove_figure(root);
                self.players[player as usize].abbots += 1;
                let pos = self.board.placement(f.placement).pos;
                let tiles = 1 + self.board.neighbours_around(pos) as u16;
                let breakdown = Breakdown { tiles, tile_value: 1, ..Default::default() };
                self.players[player as usize].score += breakdown.total();
                let mut players = PlayerSet::default();
                players.insert(player);
                events.push(Event::Scored(Score {
                    kind: self.features.kind(f.node),
                    phase: Phase::Turn,
                    completed: false,
                    pos,
                    feature: f.feature,
                    players,
                    points: breakdown.total(),
                    breakdown,
                }));
                events.push(Event::FigureReturned { player, figure: f.figure, pos, feature: f.feature });
                self.end_turn(events);
            }
            (Pending::Escape { player }, Action::Escape { pos, feature }) => {
                let i = self.figure_at(pos, feature).expect("checked");
                let f = self.figures.remove(i);
                let root = self.features.find_mut(f.node);
                self.features.remove_figure(root);
                *self.players[f.owner as usize].supply_mut(f.figure) += 1;
                events.push(Event::Escaped { player, figure: f.figure, pos, feature });
                self.release_dependents(root, player, events);
                self.next_turn(events);
            }
            _ => unreachable!("check() accepted the action"),
        }
        Ok(())
    }

    /// Puts a tile on the board and joins its features to the neighbours'.
    fn put_tile(&mut self, tile: TileId, rotation: Rotation, pos: Pos) {
        let design = self.catalog.design(tile);
        let placement = self.board.len() as PlacementIndex;
        let first_node = self.features.len() as NodeId;
        for (i, f) in design.features.iter().enumerate() {
            let node = self.features.add(placement, i as LocalFeature, f);
            if f.attrs.pigs_drawn && self.rules.variants.gq_pig_herd {
                self.features.add_pig_herd(node);
            }
        }
        let view = design.view(rotation);
        self.board.place(tile, rotation, view.edges, pos, first_node);
        if design.has_river() && self.rules.river_in_play() {
            if self.board.len() == 1 {
                // The spring: the river leaves by its river edge.
                self.river_ends = river_sides(design, rotation)
                    .into_iter()
                    .map(|exit| RiverEnd { pos, exit, last_turn: 0, last_was_turn: false, run: 0 })
                    .collect();
            } else if let Some(i) = self.river_ends.iter().position(|e| e.pos.step(e.exit) == pos) {
                let end = self.river_ends.remove(i);
                let next = river_step(design, rotation, end).unwrap_or_default();
                self.river_ends.splice(i..i, next);
            }
        }
        if let Some(cloister) = design.cloister {
            self.open_cloisters.push((pos, first_node + cloister as NodeId));
        }
        // With The Abbot, gardens are scored like cloisters; otherwise they are scenery.
        if let Some(garden) = design.garden.filter(|_| self.rules.has(Expansion::Abbot)) {
            self.open_cloisters.push((pos, first_node + garden as NodeId));
        }
        for side in Side::ALL {
            let Some(&n) = self.board.get(pos.step(side)) else { continue };
            let theirs = &self.catalog.design(n.tile).view(n.rotation).port_feature;
            for port in side.ports() {
                let ours = view.port_feature[port.index()];
                let other = theirs[port.facing().index()];
                if ours != crate::catalog::NO_FEATURE && other != crate::catalog::NO_FEATURE {
                    self.features.connect(first_node + ours as NodeId, n.first_node + other as NodeId);
                }
            }
        }
    }

    /// Scores what the tile just placed completed, then starts the next player's turn.
    fn end_turn(&mut self, events: &mut Vec<Event>) {
        let placement = (self.board.len() - 1) as PlacementIndex;
        let placed = *self.board.placement(placement);
        let design = self.design(placed.tile);
        // Roads and cities: a feature is complete when no port is open (seed 001, "3. Score
        // completed roads, cities or cloisters"). Two segments of the tile may share a feature.
        let mut done: [NodeId; 12] = [0; 12];
        let mut n_done = 0;
        for (i, spec) in design.features.iter().enumerate() {
            if matches!(spec.kind, FeatureKind::Road | FeatureKind::City) {
                let root = self.features.find_mut(placed.first_node + i as NodeId);
                if self.features.is_closed(root) && !done[..n_done].contains(&root) {
                    done[n_done] = root;
                    n_done += 1;
                    self.score_feature(root, Phase::Turn, events);
                    if self.rules.has(Expansion::KingRobber) {
                        self.award_token(root, spec.kind, events);
                    }
                    // Seed 001, TRADERS AND BUILDERS, "A city with trade goods is completed":
                    // "The player who completed the city receives one trade counter for each
                    // related trade symbol", knights or not.
                    let goods = self.features.goods(root);
                    if spec.kind == FeatureKind::City && goods.iter().any(|&n| n > 0) {
                        let player = self.current;
                        for (mine, n) in self.players[player as usize].goods.iter_mut().zip(goods) {
                            *mine += n;
                        }
                        events.push(Event::GoodsCollected { player, goods });
                    }
                }
            }
        }
        // Cloisters: complete when the eight surrounding positions hold tiles. Only cloisters
        // on or around the new tile can have just been completed.
        let mut i = 0;
        while i < self.open_cloisters.len() {
            let (pos, node) = self.open_cloisters[i];
            let near = (pos.x - placed.pos.x).abs() <= 1 && (pos.y - placed.pos.y).abs() <= 1;
            if near && self.board.neighbours_around(pos) == 8 {
                self.open_cloisters.remove(i);
                self.score_feature(node, Phase::Turn, events);
            } else {
                i += 1;
            }
        }
        if self.rules.has(Expansion::Cathars) && self.first_escape().is_some() {
            self.pending = Pending::Escape { player: self.current };
            return;
        }
        self.next_turn(events);
    }

    fn next_turn(&mut self, events: &mut Vec<Event>) {
        // Seed 001, TRADERS AND BUILDERS: "after performing the usual steps of deployment and
        // scoring, the player draws another land tile" (footnote 42: the Big Box timing).
        if std::mem::take(&mut self.double_turn) {
            self.second_tile = true;
            events.push(Event::DoubleTurn { player: self.current });
            self.begin_turn(events);
            return;
        }
        self.second_tile = false;
        self.current = (self.current + 1) % self.players.len() as PlayerId;
        self.turns += 1;
        self.begin_turn(events);
    }

    /// Whether the tile just placed extends a road or city holding `player`'s builder.
    fn extends_own_builder(&self, player: PlayerId) -> bool {
        let placed = self.last_placement();
        let design = self.design(placed.tile);
        design.features.iter().enumerate().any(|(i, spec)| {
            matches!(spec.kind, FeatureKind::Road | FeatureKind::City) && {
                let root = self.features.find(placed.first_node + i as NodeId);
                self.figures
                    .iter()
                    .any(|f| f.owner == player && f.figure == Figure::Builder && self.features.find(f.node) == root)
            }
        })
    }

    /// Returns a player's builder or pig from a feature where the player has no follower left
    /// (seed 001, footnote 44: they "cannot remain in play without them").
    fn release_dependents(&mut self, root: NodeId, player: PlayerId, events: &mut Vec<Event>) {
        let keeps = self
            .figures
            .iter()
            .any(|f| f.owner == player && f.figure.is_follower() && self.features.find(f.node) == root);
        if keeps {
            return;
        }
        while let Some(i) = self
            .figures
            .iter()
            .position(|f| f.owner == player && !f.figure.is_follower() && self.features.find(f.node) == root)
        {
            let f = self.figures.remove(i);
            self.features.remove_figure(root);
            *self.players[player as usize].supply_mut(f.figure) += 1;
            let pos = self.board.placement(f.placement).pos;
            events.push(Event::FigureReturned { player, figure: f.figure, pos, feature: f.feature });
        }
    }

    /// The Cathars: whether the current player's knight `figure` (an index into the figures)
    /// may escape: it stands in a besieged city, and a cloister or abbey borders (diagonals
    /// included) one of the city's tiles with a siege (seed 001, THE CATHARS, "Escaping a
    /// besieged city"; footnote 63: an abbey counts; footnote 64: nothing need be built there
    /// that turn).
    fn can_escape(&self, figure: &PlacedFigure) -> bool {
        if figure.owner != self.current || self.features.kind(figure.node) != FeatureKind::City {
            return false;
        }
        let root = self.features.find(figure.node);
        if !self.features.is_besieged(root) {
            return false;
        }
        self.features.members(root).any(|m| {
            let (placement, local) = self.features.segment(m);
            let placed = self.board.placement(placement);
            self.design(placed.tile).features[local as usize].attrs.besieged
                && placed
                    .pos
                    .ring()
                    .iter()
                    .any(|&p| self.board.get(p).is_some_and(|t| self.design(t.tile).has_cloister()))
        })
    }

    fn first_escape(&self) -> Option<usize> {
        self.figures.iter().position(|f| self.can_escape(f))
    }

    /// King & Scout: the player who completes a city (road) larger, in tiles, than every city
    /// (road) completed before takes the king (robber baron) (seed 001, KING AND SCOUT,
    /// footnote 47: "the city which consists of the most land tiles").
    fn award_token(&mut self, root: NodeId, kind: FeatureKind, events: &mut Vec<Event>) {
        let tiles = self.features.tile_count(root, &mut self.scratch);
        let player = self.current;
        let (holder, token) = match kind {
            FeatureKind::City => {
                self.completed_cities += 1;
                (&mut self.king, Token::King)
            }
            _ => {
                self.completed_roads += 1;
                (&mut self.robber_baron, Token::RobberBaron)
            }
        };
        if holder.is_none_or(|(_, best)| tiles > best) {
            *holder = Some((player, tiles));
            events.push(Event::TokenTaken { player, token, tiles });
        }
    }

    /// The holder of the king or robber baron, with the size of the feature that won it.
    pub fn token_holder(&self, token: Token) -> Option<(PlayerId, u16)> {
        match token {
            Token::King => self.king,
            Token::RobberBaron => self.robber_baron,
        }
    }

    /// Draws the next tile that fits somewhere; tiles that fit nowhere are removed and the same
    /// player draws again (seed 001, "1. Place a tile"). With no tile left, the game ends.
    fn begin_turn(&mut self, events: &mut Vec<Event>) {
        let player = self.current;
        while self.next_draw < self.deck.len() {
            let tile = self.deck[self.next_draw];
            self.next_draw += 1;
            let placeable = if self.river_rules_apply(tile) {
                self.river_placement_exists(tile)
            } else {
                self.board.has_place_for(self.catalog.design(tile))
            };
            if placeable {
                events.push(Event::TileDrawn { player, tile });
                self.pending = Pending::PlaceTile { player, tile };
                return;
            }
            self.discarded.push(tile);
            events.push(Event::TileDiscarded { player, tile });
        }
        self.final_scoring(events);
    }

    // ----- Scoring -----

    /// The players with the most followers on a feature (all of them on a tie; seed 001,
    /// "What happens if there are several followers...").
    fn majority(&self, root: NodeId) -> PlayerSet {
        let mut counts = [0u8; MAX_PLAYERS];
        for f in &self.figures {
            if self.features.find(f.node) == root {
                counts[f.owner as usize] += f.figure.strength();
            }
        }
        majority_of(&counts)
    }

    /// Scores one road, city or cloister (during the turn or in the final scoring) and returns
    /// its followers.
    fn score_feature(&mut self, root: NodeId, phase: Phase, events: &mut Vec<Event>) {
        let kind = self.features.kind(root);
        let completed = phase == Phase::Turn;
        let (placement, local) = self.features.segment(root);
        let pos = self.board.placement(placement).pos;
        let tiles = match kind {
            FeatureKind::Cloister | FeatureKind::Garden => 1 + self.board.neighbours_around(pos) as u16,
            _ => self.features.tile_count(root, &mut self.scratch),
        };
        let pennants = if kind == FeatureKind::City { self.features.pennants(root) } else { 0 };
        // Inns & Cathedrals: a road with an inn scores 2 per tile when completed and nothing in
        // the final scoring; a city with a cathedral 3 per tile and pennant, or nothing.
        // Inns and cathedrals count only with Inns & Cathedrals (seed 001, THE RIVER II: without
        // the relevant expansions "the inn ... [has] no particular significance"; the Winter
        // Edition's inn likewise).
        let inns_cathedrals = self.rules.has(Expansion::InnsCathedrals);
        let inn = inns_cathedrals && kind == FeatureKind::Road && self.features.inns(root) > 0;
        let cathedral = inns_cathedrals && kind == FeatureKind::City && self.features.cathedrals(root) > 0;
        // The Cathars: a besieged city scores 1 per tile and pennant (2 with a cathedral) when
        // completed, and nothing in the final scoring (seed 001, THE CATHARS, footnote 62).
        let besieged = kind == FeatureKind::City && self.features.is_besieged(root);
        let breakdown = match (kind, completed) {
            (FeatureKind::City, true) if besieged => {
                let value = if cathedral { 2 } else { 1 };
                Breakdown { tiles, tile_value: value, pennants, pennant_value: value, ..Default::default() }
            }
            (FeatureKind::City, false) if besieged => {
                Breakdown { tiles, tile_value: 0, pennants, pennant_value: 0, ..Default::default() }
            }
            (FeatureKind::Road, true) if inn => Breakdown { tiles, tile_value: 2, ..Default::default() },
            (FeatureKind::Road, false) if inn => Breakdown { tiles, tile_value: 0, ..Default::default() },
            (FeatureKind::City, true) if cathedral => {
                Breakdown { tiles, tile_value: 3, pennants, pennant_value: 3, ..Default::default() }
            }
            (FeatureKind::City, false) if cathedral => {
                Breakdown { tiles, tile_value: 0, pennants, pennant_value: 0, ..Default::default() }
            }
            // Small-city rule (RGG): a two-tile city scores 1 per tile and pennant.
            (FeatureKind::City, true) if self.rules.variants.small_city && tiles == 2 => {
                Breakdown { tiles, tile_value: 1, pennants, pennant_value: 1, ..Default::default() }
            }
            (FeatureKind::City, true) => {
                Breakdown { tiles, tile_value: 2, pennants, pennant_value: 2, ..Default::default() }
            }
            (FeatureKind::City, false) => {
                Breakdown { tiles, tile_value: 1, pennants, pennant_value: 1, ..Default::default() }
            }
            _ => Breakdown { tiles, tile_value: 1, ..Default::default() },
        };
        let players = self.majority(root);
        let points = breakdown.total();
        for p in players.iter() {
            self.players[p as usize].score += points;
        }
        events.push(Event::Scored(Score { kind, phase, completed, pos, feature: local, players, points, breakdown }));
        self.return_figures(root, events);
    }

    /// Returns every figure on a feature to its owner's supply.
    fn return_figures(&mut self, root: NodeId, events: &mut Vec<Event>) {
        let mut i = 0;
        while i < self.figures.len() {
            let f = self.figures[i];
            if self.features.find(f.node) == root {
                self.figures.remove(i);
                self.features.remove_figure(root);
                *self.players[f.owner as usize].supply_mut(f.figure) += 1;
                let pos = self.board.placement(f.placement).pos;
                events.push(Event::FigureReturned { player: f.owner, figure: f.figure, pos, feature: f.feature });
            } else {
                i += 1;
            }
        }
    }

    /// The final scoring (seed 001, "Final Scoring"): incomplete roads, cities and cloisters with
    /// followers, then farms.
    fn final_scoring(&mut self, events: &mut Vec<Event>) {
        while let Some(f) = self.figures.iter().find(|f| self.features.kind(f.node) != FeatureKind::Field) {
            let root = self.features.find(f.node);
            self.score_feature(root, Phase::Final, events);
        }
        match self.rules.variants.farmer_scoring {
            FarmerScoring::ThirdEdition | FarmerScoring::SecondEdition => self.score_farms_per_farm(events),
            FarmerScoring::FirstEdition => self.score_farms_per_city(events),
        }
        // King & Scout: 1 point per completed city (road) for the king (robber baron).
        for (token, holder, count) in [
            (Token::King, self.king, self.completed_cities),
            (Token::RobberBaron, self.robber_baron, self.completed_roads),
        ] {
            if let Some((player, _)) = holder {
                self.players[player as usize].score += count as u32;
                events.push(Event::TokenScored { player, token, count, points: count as u32 });
            }
        }
        // Traders & Builders: 10 points for the most counters of each good, ties in full.
        for (g, good) in TradeGood::ALL.into_iter().enumerate() {
            let best = self.players.iter().map(|p| p.goods[g]).max().unwrap_or(0);
            if best == 0 {
                continue;
            }
            for player in 0..self.players.len() as PlayerId {
                if self.players[player as usize].goods[g] == best {
                    self.players[player as usize].score += 10;
                    events.push(Event::GoodsScored { player, good, count: best, points: 10 });
                }
            }
        }
        self.pending = Pending::GameOver;
        events.push(Event::GameEnded);
    }

    /// The completed cities a farm borders or encloses, as feature roots.
    pub fn cities_of_farm(&self, field: NodeId) -> Vec<NodeId> {
        let mut cities = vec![];
        for m in self.features.members(field) {
            let (placement, local) = self.features.segment(m);
            let placed = self.board.placement(placement);
            for &city in &self.design(placed.tile).features[local as usize].borders {
                let root = self.features.find(placed.first_node + city as NodeId);
                if self.features.is_closed(root) && !cities.contains(&root) {
                    cities.push(root);
                }
            }
        }
        cities
    }

    /// The value of completed cities to a farm: `per_city` each, twice that for a besieged city
    /// (seed 001, THE CATHARS, "Scoring farms": "every completed besieged city scores double").
    fn farm_breakdown(&self, cities: &[NodeId], per_city: u16) -> Breakdown {
        let besieged = cities.iter().filter(|&&c| self.features.is_besieged(c)).count() as u16;
        Breakdown {
            cities: cities.len() as u16 - besieged,
            besieged_cities: besieged,
            city_value: per_city,
            ..Default::default()
        }
    }

    /// Third edition: each farm's owners score 3 per completed city it touches. Second edition:
    /// the same, but a player scores each city only once over all farms.
    fn score_farms_per_farm(&mut self, events: &mut Vec<Event>) {
        let once_per_player = self.rules.variants.farmer_scoring == FarmerScoring::SecondEdition;
        let mut already: Vec<Vec<NodeId>> = vec![vec![]; self.players.len()];
        while let Some(f) = self.figures.first() {
            let root = self.features.find(f.node);
            let cities = self.cities_of_farm(root);
            let owners = self.majority(root);
            let (placement, feature) = self.features.segment(root);
            let pos = self.board.placement(placement).pos;
            let score = |players: PlayerSet, breakdown: Breakdown| Score {
                kind: FeatureKind::Field,
                phase: Phase::Final,
                completed: false,
                pos,
                feature,
                players,
                points: breakdown.total(),
                breakdown,
            };
            // Seed 001, TRADERS AND BUILDERS, "The pig": an owner with a pig on the farm scores 4
            // rather than 3 per city (footnote 45: third edition scoring).
            let has_pig = |p: PlayerId| {
                self.figures
                    .iter()
                    .any(|f| f.owner == p && f.figure == Figure::Pig && self.features.find(f.node) == root)
            };
            let pigs: Vec<PlayerId> = owners.iter().filter(|&p| has_pig(p)).collect();
            // Seed 001, THE RIVER II: "The pig-herd tile earns the farmer who owns this farm an
            // extra 1 point per city", in addition to a pig; footnote 97: with or without a pig.
            let herd = self.features.has_pig_herd(root) as u16;
            if once_per_player || !pigs.is_empty() || herd > 0 {
                for p in owners.iter() {
                    let cities_for_p: Vec<NodeId> = if once_per_player {
                        let new: Vec<NodeId> =
                            cities.iter().copied().filter(|c| !already[p as usize].contains(c)).collect();
                        already[p as usize].extend(&new);
                        new
                    } else {
                        cities.clone()
                    };
                    let per_city = (if pigs.contains(&p) { 4 } else { 3 }) + herd;
                    let breakdown = self.farm_breakdown(&cities_for_p, per_city);
                    self.players[p as usize].score += breakdown.total();
                    events.push(Event::Scored(score(PlayerSet(1 << p), breakdown)));
                }
            } else {
                let breakdown = self.farm_breakdown(&cities, 3);
                for p in owners.iter() {
                    self.players[p as usize].score += breakdown.total();
                }
                events.push(Event::Scored(score(owners, breakdown)));
            }
            self.return_figures(root, events);
        }
    }

    /// First edition: each completed city next to farms with farmers pays 4 points to the
    /// player(s) with the most farmers on the farms around it (seed 001, footnote 28).
    fn score_farms_per_city(&mut self, events: &mut Vec<Event>) {
        let mut farms: Vec<(NodeId, [u8; MAX_PLAYERS], Vec<NodeId>)> = vec![];
        for f in &self.figures {
            let root = self.features.find(f.node);
            if let Some(farm) = farms.iter_mut().find(|(r, _, _)| *r == root) {
                farm.1[f.owner as usize] += f.figure.strength();
            } else {
                let mut counts = [0; MAX_PLAYERS];
                counts[f.owner as usize] = f.figure.strength();
                farms.push((root, counts, self.cities_of_farm(root)));
            }
        }
        let mut cities: Vec<NodeId> = vec![];
        for (_, _, cs) in &farms {
            for c in cs {
                if !cities.contains(c) {
                    cities.push(*c);
                }
            }
        }
        for city in cities {
            let mut counts = [0u8; MAX_PLAYERS];
            for (_, farm_counts, cs) in &farms {
                if cs.contains(&city) {
                    for (total, n) in counts.iter_mut().zip(farm_counts) {
                        *total += n;
                    }
                }
            }
            let players = majority_of(&counts);
            let breakdown = self.farm_breakdown(&[city], 4);
            for p in players.iter() {
                self.players[p as usize].score += breakdown.total();
            }
            let (placement, feature) = self.features.segment(city);
            let pos = self.board.placement(placement).pos;
            events.push(Event::Scored(Score {
                kind: FeatureKind::Field,
                phase: Phase::Final,
                completed: false,
                pos,
                feature,
                players,
                points: breakdown.total(),
                breakdown,
            }));
        }
        for (root, _, _) in farms {
            self.return_figures(root, events);
        }
    }

    // ----- Views -----

    /// What `viewer` may see (everything but the order of the face-down tiles).
    pub fn observation(&self, viewer: Option<PlayerId>) -> crate::observation::Observation<'_> {
        crate::observation::Observation::new(self, viewer)
    }

    /// The face-down tiles in draw order. Only for the engine's own views and for tests:
    /// players learn the order only by drawing.
    pub(crate) fn hidden_deck(&self) -> &[TileId] {
        &self.deck[self.next_draw..]
    }

    /// Replaces the order of the face-down tiles (used to sample a possible deck).
    pub(crate) fn hidden_deck_mut(&mut self) -> &mut [TileId] {
        &mut self.deck[self.next_draw..]
    }
}

/// Everything but the (immutable, shared) catalog.
impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("rules", &self.rules)
            .field("players", &self.players)
            .field("pending", &self.pending)
            .field("current", &self.current)
            .field("turns", &self.turns)
            .field("board", &self.board)
            .field("features", &self.features)
            .field("figures", &self.figures)
            .field("deck", &self.deck)
            .field("next_draw", &self.next_draw)
            .field("discarded", &self.discarded)
            .field("open_cloisters", &self.open_cloisters)
            .field("river_ends", &self.river_ends)
            .field("double_turn", &self.double_turn)
            .field("second_tile", &self.second_tile)
            .field("king", &self.king)
            .field("robber_baron", &self.robber_baron)
            .field("completed_cities", &self.completed_cities)
            .field("completed_roads", &self.completed_roads)
            .finish()
    }
}

/// The open end of a river being built: the last river tile, the side the river leaves by, and
/// its recent turns (+1 right, -1 left).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RiverEnd {
    pos: Pos,
    exit: Side,
    last_turn: i8,
    last_was_turn: bool,
    /// Turns in the direction of `last_turn` since the last turn the other way.
    run: u8,
}

/// The sides of a placed design that show a river.
fn river_sides(design: &TileDesign, rotation: Rotation) -> Vec<Side> {
    let edges = design.view(rotation).edges;
    Side::ALL.into_iter().filter(|s| (edges >> (8 * s.index())) & 0xFF == Terrain::River as u32).collect()
}

/// The river's new open ends after a river tile continues it at `end`: none when the tile ends
/// the river (a lake, or a river running into a city), one for an ordinary tile, two for the
/// River II fork; or the rule the tile would break.
fn river_step(design: &TileDesign, rotation: Rotation, end: RiverEnd) -> Result<Vec<RiverEnd>, RuleError> {
    let pos = end.pos.step(end.exit);
    let entry = end.exit.opposite();
    let mut next = vec![];
    for exit in river_sides(design, rotation).into_iter().filter(|&s| s != entry) {
        let turn: i8 = if exit == end.exit {
            0
        } else if exit == end.exit.rotated(Rotation::R90) {
            1
        } else {
            -1
        };
        if turn == 0 {
            next.push(RiverEnd { pos, exit, last_was_turn: false, ..end });
            continue;
        }
        if turn == end.last_turn && end.last_was_turn {
            return Err(RuleError::RiverUTurn);
        }
        let run = if turn == end.last_turn { end.run + 1 } else { 1 };
        if run >= 3 {
            return Err(RuleError::RiverThirdTurn);
        }
        next.push(RiverEnd { pos, exit, last_turn: turn, last_was_turn: true, run });
    }
    Ok(next)
}

/// Whether a design of a set in play goes into the pile: not the tiles players hold in supply
/// (abbeys), and river tiles only with a river.
fn tile_in_play(rules: &Rules, design: &TileDesign) -> bool {
    !design.supply && (rules.river_in_play() || !design.has_river())
}

fn majority_of(counts: &[u8; MAX_PLAYERS]) -> PlayerSet {
    let best = *counts.iter().max().unwrap_or(&0);
    let mut set = PlayerSet::default();
    if best > 0 {
        for (p, &n) in counts.iter().enumerate() {
            if n == best {
                set.insert(p as PlayerId);
            }
        }
    }
    set
}

fn terrain_name(code: u32) -> &'static str {
    match code {
        1 => "field",
        2 => "road",
        3 => "city",
        4 => "river",
        5 => "abbey wall",
        _ => "nothing",
    }
}

/// `city@N`-style name of a feature of a design turned by `rotation`.
pub fn feature_name(design: &TileDesign, rotation: Rotation, feature: LocalFeature) -> Option<String> {
    let spec = design.features.get(feature as usize)?;
    if spec.inner != 0 {
        return Some(format!("{}@{}", spec.kind, crate::catalog::INNER_NAMES[spec.inner as usize - 1]));
    }
    let port = Port::all().find(|p| design.feature_at(rotation, *p) == Some(feature));
    let same_kind_portless = design.features.iter().filter(|f| f.kind == spec.kind && f.ports == 0).count();
    // Cloisters and gardens have no ports: named by kind (numbered if a tile had two).
    Some(match port {
        Some(port) => format!("{}@{}", spec.kind, port),
        None if same_kind_portless <= 1 => spec.kind.to_string(),
        None => {
            let n = design.features[..feature as usize].iter().filter(|f| f.kind == spec.kind && f.ports == 0).count();
            format!("{}#{}", spec.kind, n + 1)
        }
    })
}

/// Finds the feature a `city@N`-style name designates on a design turned by `rotation`.
pub fn parse_feature_name(design: &TileDesign, rotation: Rotation, name: &str) -> Result<LocalFeature, String> {
    let (kind_text, port_text) = match name.split_once('@') {
        Some((k, p)) => (k, Some(p)),
        None => (name, None),
    };
    let (kind_text, ordinal) = match kind_text.split_once('#') {
        Some((k, n)) => (k, Some(n.parse::<usize>().map_err(|_| format!("bad feature number in `{name}`"))?)),
        None => (kind_text, None),
    };
    let kind = FeatureKind::from_name(kind_text).ok_or_else(|| {
        format!("unknown feature kind `{kind_text}` in `{name}` (expected road, city, field, cloister or garden)")
    })?;
    if let Some(inner) = port_text.and_then(|p| crate::catalog::INNER_NAMES.iter().position(|n| *n == p)) {
        return design
            .features
            .iter()
            .position(|f| f.kind == kind && f.inner as usize == inner + 1)
            .map(|i| i as LocalFeature)
            .ok_or_else(|| format!("tile {} has no {kind}@{}", design.id, crate::catalog::INNER_NAMES[inner]));
    }
    match port_text {
        Some(port_text) => {
            let port: Port = port_text.parse()?;
            match design.feature_at(rotation, port) {
                Some(f) if design.features[f as usize].kind == kind => Ok(f),
                Some(f) => Err(format!(
                    "port {port} of tile {} is on a {}, not a {kind}",
                    design.id, design.features[f as usize].kind
                )),
                None => Err(format!("tile {} has no feature at port {port}", design.id)),
            }
        }
        None => design
            .features
            .iter()
            .enumerate()
            .filter(|(_, f)| f.kind == kind && f.ports == 0)
            .nth(ordinal.unwrap_or(1).saturating_sub(1))
            .map(|(i, _)| i as LocalFeature)
            .ok_or_else(|| {
                format!(
                    "tile {} has no {kind} without ports (name edge features by a port, e.g. `{kind}@N`)",
                    design.id
                )
            }),
    }
}
