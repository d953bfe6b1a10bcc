//! The hooks through which an expansion module takes part in a game: the [`Module`] trait, with
//! a no-op default for every hook, listed in the order of play, and the types the hooks share.

use crate::actions::{Action, Pending};
use crate::board::PlacementIndex;
use crate::catalog::{Catalog, FeatureSpec, TileDesign, TileId};
use crate::errors::RuleError;
use crate::events::{Breakdown, Event};
use crate::features::NodeId;
use crate::geometry::{Pos, Rotation};
use crate::players::{Figure, FigureSerial, PlacedFigure, PlayerId, PlayerSet};
use crate::random::GameRng;
use crate::rules::{Expansion, Rules};
use crate::table::Table;

/// Which figures of a feature just scored go home ([`Module::feature_scored`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Leaving {
    /// Every figure on it: a feature completed, or scored at the end.
    All,
    /// That figure only: a recalled abbot, whose cloister or garden followers flown there (The
    /// Flier) share and keep.
    Only(FigureSerial),
}

impl Leaving {
    /// Whether `figure`, on the feature scored, goes home.
    pub(crate) fn includes(self, figure: &PlacedFigure) -> bool {
        match self {
            Leaving::All => true,
            Leaving::Only(serial) => figure.serial == serial,
        }
    }
}

/// The points of the order of play where modules may act and ask for decisions (seed 004's
/// numbering; see `game/turn.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HookPoint {
    /// 1C: the tile was placed, before the figure phase (the gold of The Gold Mines).
    AfterPlacement,
    /// 2C: after the figure phase, before scoring.
    AfterFigures,
    /// 3C: after the features the tile completed were scored.
    AfterScoring,
    /// 4A: the tile's own actions at the end of the turn (the Cathars' escape).
    TileActions,
    /// After the last turn, before the final scoring (the Count's redeployments).
    BeforeFinalScoring,
}

/// What becomes of the base game's start tile at preparation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum BaseStartTile {
    /// It starts the game, at the origin (unless a module's `arrange_deck` puts it elsewhere).
    #[default]
    Starts,
    /// It goes into the pile with the other land tiles.
    InPile,
    /// It is not used at all (the Count's city starts the game instead).
    Unused,
}

/// A set's tiles that start the game in place of the base start tile where nothing else starts
/// it (the Spiel Doch! tiles under their variant, the orange wind rose): they are taken out of
/// the land tiles at preparation, and the base start tile is not used.
#[derive(Clone, Debug, Default)]
pub(crate) struct StartTiles {
    /// The set's tiles start the game.
    pub(crate) start: bool,
    /// The tiles taken out to start it, in the catalog's order.
    pub(crate) taken: Vec<TileId>,
}

impl StartTiles {
    pub(crate) fn new(start: bool) -> StartTiles {
        StartTiles { start, taken: vec![] }
    }

    /// A river or the city of Carcassonne lays out the start of the game, which the sets with
    /// start tiles leave to them (our reading: their tiles are shuffled in then).
    pub(crate) fn another_start(rules: &Rules) -> bool {
        [Expansion::River, Expansion::River2, Expansion::Count].iter().any(|&e| rules.has(e))
    }

    /// `Module::takes_tile` for a design that is one of the start tiles (`starts`): one copy,
    /// up to `wanted` tiles in all.
    pub(crate) fn take(&mut self, id: TileId, starts: bool, count: u8, wanted: usize) -> u8 {
        if self.start && starts && count > 0 && self.taken.len() < wanted {
            self.taken.push(id);
            return 1;
        }
        0
    }

    /// `Module::base_start_tile`: not used when the set's tiles start the game.
    pub(crate) fn base_start_tile(&self) -> BaseStartTile {
        if self.start {
            BaseStartTile::Unused
        } else {
            BaseStartTile::Starts
        }
    }
}

/// The start of the deck: the start tile and the tiles drawn before the shuffled land tiles.
#[derive(Clone, Debug, Default)]
pub(crate) struct DeckPlan {
    /// The tile placed at the origin to start the game.
    pub(crate) start: Option<TileId>,
    pub(crate) leading: Vec<TileId>,
    /// Tiles on the table at the start instead of `start` alone, in the order they are put
    /// down (the city of Carcassonne, then the spring).
    pub(crate) layout: Vec<(TileId, Rotation, Pos)>,
}

/// The hooks of [`Module`], one each. A module lists the hooks it implements in
/// [`Module::HOOKS`], and the dispatch calls a hook only on the modules in play that list it, so
/// that a hook costs nothing where no module uses it. `tests/architecture.rs` checks that each
/// module's list names exactly the hooks its `impl Module` defines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Hook {
    Supply,
    BringsTile,
    TakesTile,
    BaseStartTile,
    ArrangeDeck,
    BeginTurn,
    BeforeDraw,
    SetsAside,
    Restricts,
    AllowsPosition,
    CheckPlace,
    /// Not a method: the module's placement rule depends on the position alone (its
    /// `check_place` refuses a rotation exactly where its `allows_position` refuses the
    /// position), so a listing may count a position's fitting rotations at once.
    PositionOnly,
    TilePut,
    TilePlaced,
    RestrictDeploy,
    OnlyFigureActions,
    FigureActions,
    At,
    DrawsAgainBeforeScoring,
    IdentifyCompleted,
    BeforeMajority,
    BeforePayment,
    AdjustValue,
    FeatureScored,
    FeatureCompleted,
    FollowerLeft,
    AfterFeatures,
    EndTurn,
    FarmBonus,
    DoublesCityForFarms,
    FinalScoring,
}

impl Hook {
    pub(crate) const COUNT: usize = Hook::FinalScoring as usize + 1;
}

/// A set of hooks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hooks(u32);

impl Hooks {
    pub(crate) const fn of(hooks: &[Hook]) -> Hooks {
        let mut bits = 0;
        let mut i = 0;
        while i < hooks.len() {
            bits |= 1 << hooks[i] as u32;
            i += 1;
        }
        Hooks(bits)
    }

    /// Whether the hook numbered `index` (`Hook as usize`) is in the set.
    pub(crate) const fn has_index(self, index: usize) -> bool {
        self.0 & (1 << index) != 0
    }
}

/// What an expansion can add to the game, hook by hook; every default does nothing. The hooks
/// are listed in the order of play.
pub(crate) trait Module {
    /// The hooks this module implements (the functions of its `impl Module`).
    const HOOKS: Hooks;

    // ----- Preparation -----

    /// How many of `figure` each player receives.
    fn supply(&self, _figure: Figure) -> u8 {
        0
    }

    /// Whether the module brings `design` into the game though the base rules leave it in the
    /// box (river tiles).
    fn brings_tile(&self, _design: &TileDesign) -> bool {
        false
    }

    /// Offered each tile of the sets in play at preparation (`count` copies left): how many of
    /// them it takes out of the land tiles, for `arrange_deck` to lay out or for the players to
    /// hold (0: none).
    fn takes_tile(&mut self, _id: TileId, _design: &TileDesign, _count: u8) -> u8 {
        0
    }

    /// What becomes of the base start tile (the module asking the most wins: not used, then
    /// in the pile, then starting the game).
    fn base_start_tile(&self) -> BaseStartTile {
        BaseStartTile::Starts
    }

    /// Changes the start tile and the tiles drawn before the land tiles; `rng` is given for a
    /// shuffled deck (and used before the land tiles are shuffled).
    fn arrange_deck(&mut self, _catalog: &Catalog, _plan: &mut DeckPlan, _rng: Option<&mut GameRng>) {}

    // ----- 1A, 1B, 1C: beginning the turn, drawing and placing a tile -----

    /// 1A: a player's turn begins (not repeated for a double turn's second tile).
    fn begin_turn(&mut self, _table: &mut Table, _events: &mut Vec<Event>) {}

    /// 1B, before a tile is drawn: a decision the player whose turn it is may take instead of
    /// drawing (placing the abbey), or `None`. `Pass` then draws.
    fn before_draw(&self, _table: &Table) -> Option<Pending> {
        None
    }

    /// 1B: true to set the drawn `tile` aside instead of placing it (the player draws again).
    fn sets_aside(&mut self, _table: &mut Table, _tile: TileId, _events: &mut Vec<Event>) -> bool {
        false
    }

    /// Whether the module has placement rules of its own for `tile` (checked by `check_place`
    /// on top of the edge rule; a tile no module restricts has its placements counted from the
    /// edge rule alone).
    fn restricts(&self, _table: &Table, _tile: TileId) -> bool {
        false
    }

    /// A quick test of a position for a tile the module restricts, before its rotations are
    /// tried one by one: false only where `check_place` refuses every rotation (the river goes
    /// on only at its open ends). Listing a river tile's placements then skips the rest of the
    /// frontier at once.
    fn allows_position(&self, _table: &Table, _tile: TileId, _pos: Pos) -> bool {
        true
    }

    /// The module's placement rules, for a tile it restricts.
    fn check_place(&self, _table: &Table, _tile: TileId, _pos: Pos, _rotation: Rotation) -> Result<(), RuleError> {
        Ok(())
    }

    /// A tile is on the board (the start tile included) and its features are joined.
    fn tile_put(&mut self, _table: &mut Table, _placement: PlacementIndex) {}

    /// `player` placed the drawn tile (after `Event::TilePlaced`).
    fn tile_placed(&mut self, _table: &mut Table, _player: PlayerId, _events: &mut Vec<Event>) {}

    // ----- 2: moving the wood -----

    /// A module's ban on deploying `figure` on feature `spec` of the tile just placed, checked
    /// after the figure's own rule (the volcano lake under seed 000's reading).
    fn restrict_deploy(&self, _table: &Table, _figure: Figure, _spec: &FeatureSpec) -> Result<(), RuleError> {
        Ok(())
    }

    /// True when the figure phase offers only the modules' actions (no deployment, no pass:
    /// a princess that must remove a knight).
    fn only_figure_actions(&self, _table: &Table, _player: PlayerId) -> bool {
        false
    }

    /// The actions the module offers instead of a deployment, in order, until `visit` returns
    /// true (then returns true).
    fn figure_actions(&self, _table: &Table, _player: PlayerId, _visit: &mut impl FnMut(Action) -> bool) -> bool {
        false
    }

    // ----- 2C, 3C, 4A: the module's own steps -----

    /// The module's step at `point`: a decision it asks for, or `None` when it has nothing to
    /// do there. After the decision (`Modules::apply_decision`) the turn goes on from the next
    /// module. `dragon` is the dragon's tile (no figure is put there).
    fn at(
        &mut self,
        _point: HookPoint,
        _table: &mut Table,
        _dragon: Option<Pos>,
        _events: &mut Vec<Event>,
    ) -> Option<Pending> {
        None
    }

    /// True when the player draws another tile now, at 2C, before the turn's scoring (a
    /// builder's double turn under the original boxes' timing); the features both tiles
    /// complete are then scored together.
    fn draws_again_before_scoring(&mut self, _table: &mut Table, _events: &mut Vec<Event>) -> bool {
        false
    }

    // ----- 3A, 3B: identifying and scoring the completed features -----

    /// 3A, after the base rules listed the roads, cities and cloisters the turn's tiles
    /// completed (`table.completed`): adds what else is scored now (the features an abbey
    /// closed; farms whose farmers meet a barn). `placed` are the tiles placed since the last
    /// scoring.
    fn identify_completed(&mut self, _table: &mut Table, _placed: std::ops::Range<PlacementIndex>) {}

    /// 3B, before the majority on road, city or cloister `root` (completed this turn) is
    /// counted: a decision the module asks for (a redeployment from Carcassonne), or `None`.
    /// `dragon` is the dragon's tile.
    fn before_majority(&mut self, _table: &mut Table, _root: NodeId, _dragon: Option<Pos>) -> Option<Pending> {
        None
    }

    /// 3B, a road, city or cloister completed during the turn is about to pay its majority: its
    /// majority is decided and its figures still stand on it (The Watchtowers score now, "first",
    /// for the followers on their tiles).
    fn before_payment(&mut self, _table: &mut Table, _root: NodeId, _events: &mut Vec<Event>) {}

    /// Changes what a feature scored is worth (after the base value and the modules before this
    /// one): a road, city, cloister or garden, a farm (`completed` false: a farm is never
    /// completed) and the abbot's recalled cloister or garden.
    fn adjust_value(&self, _table: &Table, _root: NodeId, _completed: bool, _value: &mut Breakdown) {}

    /// A feature was paid (during the turn or in the final scoring, farms included); its figures
    /// that `leaving` includes are about to go home.
    fn feature_scored(&mut self, _table: &mut Table, _root: NodeId, _leaving: Leaving, _events: &mut Vec<Event>) {}

    /// A feature completed during the turn was scored (paid to `players`, its majority, who
    /// control it) and its figures went home.
    fn feature_completed(&mut self, _table: &mut Table, _root: NodeId, _players: PlayerSet, _events: &mut Vec<Event>) {}

    /// One of `player`'s followers left feature `root` other than by its scoring (an escape).
    fn follower_left(&mut self, _table: &mut Table, _root: NodeId, _player: PlayerId, _events: &mut Vec<Event>) {}

    /// 3B, once every feature the tile completed was scored (their figures home): a decision
    /// the module asks for now (a wagon's move), or `None`. `dragon` is the dragon's tile.
    fn after_features(&mut self, _table: &mut Table, _dragon: Option<Pos>) -> Option<Pending> {
        None
    }

    // ----- 4B: the end of the turn -----

    /// True when the same player takes another tile (steps 1B to 4A once more).
    fn end_turn(&mut self, _table: &mut Table, _events: &mut Vec<Event>) -> bool {
        false
    }

    // ----- Final scoring -----

    /// Points per completed city that `player` earns on farm `farm` beyond the base 3.
    fn farm_bonus(&self, _table: &Table, _farm: NodeId, _player: PlayerId) -> u16 {
        0
    }

    /// Whether a completed city is worth twice its value to the farms around it.
    fn doubles_city_for_farms(&self, _table: &Table, _city: NodeId) -> bool {
        false
    }

    /// The module's part of the final scoring, after the features and farms.
    fn final_scoring(&mut self, _table: &mut Table, _events: &mut Vec<Event>) {}
}
