//! The game as a state machine: it always waits for exactly one decision ([`Game::pending`]),
//! lists the legal actions for it ([`Game::legal_actions`]) and applies one
//! ([`Game::apply`]), which returns the events it caused or an error that leaves the state as
//! it was.
//!
//! A [`Game`] is three parts: the [`Table`] (board, features, figures, supplies, tiles), the
//! [`Modules`] of the expansions in play with their state, and the [`Turn`], which runs the
//! order of play (`turn.rs`) over the other two. `legal.rs` lists and checks actions,
//! `scoring.rs` scores features and the end of the game, `setup.rs` prepares the table.

mod legal;
mod scoring;
mod setup;
mod turn;

use std::fmt;

use crate::base;
use crate::board::{Board, PlacementIndex};
use crate::catalog::{Catalog, LocalFeature, TileDesign, TileId};
use crate::expansions::Modules;
use crate::features::{Features, NodeId};
use crate::geometry::{Pos, Rotation};
use crate::rules::Rules;
use crate::table::Table;
use turn::Turn;

pub use setup::{Deck, GameSetup};

pub use crate::actions::{Action, Pending};
pub use crate::errors::{RuleError, SetupError};
pub use crate::events::{Breakdown, Event, Phase, Score, Token};
pub use crate::naming::{feature_name, parse_feature_name};
pub use crate::players::{
    Color, Figure, PlacedFigure, PlayerId, PlayerSet, PlayerState, FOLLOWERS_PER_PLAYER, MAX_PLAYERS,
};

/// The state of a game.
pub struct Game {
    table: Table,
    modules: Modules,
    turn: Turn,
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game { table: self.table.clone(), modules: self.modules.clone(), turn: self.turn }
    }

    /// Copies `source` into this game's buffers: the search bots copy games into one scratch
    /// game over and over, and most of a game's memory (the board, the feature graph, the deck)
    /// is then reused rather than allocated anew.
    fn clone_from(&mut self, source: &Game) {
        self.table.clone_from(&source.table);
        self.modules.clone_from(&source.modules);
        self.turn = source.turn;
    }
}

impl Game {
    /// Starts a game with the built-in catalog: the start tile is placed at (0, 0) (with The
    /// Count of Carcassonne, the city of Carcassonne around it) and the first player's tile is
    /// drawn.
    pub fn new(setup: GameSetup) -> Result<Game, SetupError> {
        Game::with_catalog(Catalog::builtin(), setup).map(|(game, _)| game)
    }

    /// As [`Game::new`], with a given catalog, also returning the events of the start: the
    /// first draw (and any tiles discarded before it).
    pub fn with_catalog(catalog: &'static Catalog, setup: GameSetup) -> Result<(Game, Vec<Event>), SetupError> {
        let (mut table, mut modules, layout) = setup::prepare(catalog, setup)?;
        for (tile, rotation, pos) in layout {
            let placement = base::put_tile(&mut table, tile, rotation, pos);
            modules.tile_put(&mut table, placement);
        }
        // Step 3A looks at the tiles placed from here on.
        table.unscored_from = table.board.len() as PlacementIndex;
        let mut events = vec![];
        let turn = Turn::begin(&mut table, &mut modules, &mut events);
        Ok((Game { table, modules, turn }, events))
    }

    // ----- Reading the state -----

    pub fn catalog(&self) -> &'static Catalog {
        self.table.catalog
    }

    pub fn rules(&self) -> &Rules {
        &self.table.rules
    }

    pub fn players(&self) -> &[PlayerState] {
        &self.table.players
    }

    pub fn player(&self, p: PlayerId) -> &PlayerState {
        &self.table.players[p as usize]
    }

    pub fn scores(&self) -> Vec<u32> {
        self.table.players.iter().map(|p| p.score).collect()
    }

    pub fn pending(&self) -> Pending {
        self.turn.pending()
    }

    pub fn is_over(&self) -> bool {
        self.pending() == Pending::GameOver
    }

    /// The player whose turn it is (`None` once the game is over). Usually the player who
    /// decides, but not always: others decide within a turn (the dragon's steps, a wagon's move,
    /// a redeployment from Carcassonne, an exchange of prisoners, the tiles handed out).
    pub fn turn_player(&self) -> Option<PlayerId> {
        (!self.is_over()).then_some(self.table.current)
    }

    pub fn board(&self) -> &Board {
        &self.table.board
    }

    pub fn features(&self) -> &Features {
        &self.table.features
    }

    pub fn figures(&self) -> &[PlacedFigure] {
        &self.table.figures
    }

    /// Tiles still face down (their order is hidden from players: see [`Game::observation`]).
    pub fn tiles_left(&self) -> usize {
        self.table.deck.len() - self.table.next_draw + self.tiles_to_come().len()
    }

    /// Tiles a module holds back to mix into the face-down tiles later (The Plague's sources,
    /// until 17 land tiles are placed): face down too, as far as the players know.
    pub(crate) fn tiles_to_come(&self) -> &[TileId] {
        self.modules.plague().tiles_to_come(&self.table)
    }

    /// Tiles removed from the game because they fitted nowhere.
    pub fn discarded(&self) -> &[TileId] {
        &self.table.discarded
    }

    /// Completed turns (a turn ends after its scoring).
    pub fn turns(&self) -> u32 {
        self.table.turns
    }

    pub fn design(&self, tile: TileId) -> &'static TileDesign {
        self.table.design(tile)
    }

    /// The node of a feature of a placed tile.
    pub fn node_of(&self, placement: PlacementIndex, feature: LocalFeature) -> NodeId {
        self.table.node_of(placement, feature)
    }

    /// The feature a segment belongs to (its root node).
    pub fn feature_root(&self, placement: PlacementIndex, feature: LocalFeature) -> NodeId {
        self.table.features.find(self.node_of(placement, feature))
    }

    /// The name of a feature of a placed tile in the record vocabulary: `city@N`, `field@SSE`,
    /// `cloister`, using the first port (clockwise from NNW) in board orientation.
    pub fn feature_name(&self, pos: Pos, feature: LocalFeature) -> Option<String> {
        let placed = self.table.board.get(pos)?;
        feature_name(self.design(placed.tile), placed.rotation, feature)
    }

    /// The side of its tile, as the tile lies, by which segment `feature` of the tile at `pos`
    /// leaves it (its first port's; `None` for a feature on no edge): where a road that ends in
    /// the middle (a tunnel opening, a ferry lake's jetty) comes from.
    pub fn segment_side(&self, pos: Pos, feature: LocalFeature) -> Option<crate::geometry::Side> {
        let placed = self.table.board.get(pos)?;
        let port = self.design(placed.tile).features.get(feature as usize)?.first_port()?;
        Some(port.side().rotated(placed.rotation))
    }

    /// The holder of the king or robber baron (King & Scout), with the size of the feature that
    /// won it.
    pub fn token_holder(&self, token: Token) -> Option<(PlayerId, u16)> {
        self.modules.token_holder(token)
    }

    /// The completed cities (king) or roads (robber baron) a token pays a point each for at the
    /// end of the game, as things stand (King & Scout; 0 without the expansion).
    pub fn token_count(&self, token: Token) -> u16 {
        self.modules.token_count(token)
    }

    /// The Princess & the Dragon: where the dragon is (`None` until a volcano brings it in).
    pub fn dragon(&self) -> Option<Pos> {
        self.modules.princess_dragon().dragon()
    }

    /// The Princess & the Dragon: the fairy's tile and the follower it stands next to (`None`
    /// until it is first moved; no follower once that follower has left).
    pub fn fairy(&self) -> Option<(Pos, Option<PlacedFigure>)> {
        self.modules.princess_dragon().fairy(&self.table)
    }

    /// The Princess & the Dragon: dragon tiles set aside until the dragon is in play (public).
    pub fn tiles_set_aside(&self) -> &[TileId] {
        self.modules.princess_dragon().set_aside()
    }

    /// The Princess & the Dragon: the dragon's move in progress, as the steps left and the
    /// tiles visited so far (the first is where it began).
    pub fn dragon_move(&self) -> Option<(u8, &[Pos])> {
        self.modules.princess_dragon().dragon_move()
    }

    /// The Tower: every tower foundation in play and the tower on it, in the order the tiles
    /// were placed.
    pub fn towers(&self) -> &[crate::expansions::tower::TowerSite] {
        self.modules.tower().sites()
    }

    /// The Tower: the tower pieces `player` has left (none without the expansion).
    pub fn tower_pieces(&self, player: PlayerId) -> u8 {
        self.modules.tower().pieces().get(player as usize).copied().unwrap_or(0)
    }

    /// The Tower: the figures held prisoner, in the order they were taken.
    pub fn prisoners(&self) -> &[crate::expansions::tower::Prisoner] {
        self.modules.tower().prisoners()
    }

    /// The Tower: whether the player whose turn it is has paid a ransom this turn.
    pub fn ransom_paid(&self) -> bool {
        self.modules.tower().ransom_paid()
    }

    /// Abbey & Mayor: whether `player` still holds their abbey tile (false without the
    /// expansion).
    pub fn holds_abbey(&self, player: PlayerId) -> bool {
        self.modules.abbey_mayor().holds_abbey(player)
    }

    /// The variation "Prisoners": the followers on guard duty and their prisoners, in the order
    /// they were taken.
    pub fn guards(&self) -> &[crate::expansions::prisoners::Guard] {
        self.modules.guards()
    }

    /// The variation "Prisoners": while a prisoner may be taken, the tile and feature of the
    /// follower that would guard the follower on feature `feature` of the tile at `pos`.
    pub fn prisoner_guard(&self, pos: Pos, feature: LocalFeature) -> Option<(Pos, LocalFeature)> {
        let Pending::TakePrisoner { player } = self.pending() else { return None };
        self.modules.prisoner_guard(&self.table, player, pos, feature)
    }

    /// "The dash": whether the pending figure decision is a round bought with a point (its
    /// deployment or move costs a point; a pass ends the figure phase).
    pub fn in_dash_round(&self) -> bool {
        self.modules.dashing()
    }

    /// "Rebuilding": whether the pending figure decision follows a rebuilding (a deployment
    /// goes on the moved tile, at the decision's position; no other figure action is offered).
    pub fn after_rebuilding(&self) -> bool {
        self.modules.after_rebuilding()
    }

    /// Abbey & Mayor: the barns on the board, in the order they were placed.
    pub fn barns(&self) -> &[crate::expansions::abbey_mayor::Barn] {
        self.modules.abbey_mayor().barns()
    }

    /// Little Buildings: the buildings on the board, in the order they were placed.
    pub fn little_buildings(&self) -> &[crate::expansions::little_buildings::PlacedBuilding] {
        self.modules.little_buildings().placed()
    }

    /// Little Buildings: the buildings on the tiles of the feature of `root` (a road's, city's
    /// or farm's tiles, a cloister's 3 × 3 area) and the points they add to its score, as the
    /// scoring counts them; `(0, 0)` without the expansion.
    pub fn building_points(&self, root: NodeId) -> (u16, u16) {
        self.modules.little_buildings().gained(&self.table, root)
    }

    /// Little Buildings: the buildings `player` has left (none without the expansion).
    pub fn buildings_left(&self, player: PlayerId) -> crate::expansions::little_buildings::BuildingSupply {
        self.modules.little_buildings().left(player)
    }

    /// The Gold Mines: the tiles with gold ingots on them and how many each holds, in the order
    /// they first got one (none without the expansion).
    pub fn gold_on_board(&self) -> &[(Pos, u8)] {
        self.modules.gold_mines().on_board()
    }

    /// Mage & Witch: the segment `figure` stands on, a tile's position and its feature (`None`
    /// while it waits beside the board, and always without the expansion).
    pub fn magic_figure(&self, figure: crate::players::MagicFigure) -> Option<(Pos, LocalFeature)> {
        self.modules.mage_witch().position(figure)
    }

    /// The Tunnel: the tokens on the tunnel openings of the board, in the order placed.
    pub fn tunnel_tokens(&self) -> &[crate::expansions::tunnel::TunnelToken] {
        self.modules.tunnel().placed()
    }

    /// The Ferries: the ferries on the board's lakes, in the order they were put there.
    pub fn ferries(&self) -> Vec<crate::expansions::ferries::PlacedFerry> {
        self.modules.ferries().placed(&self.table)
    }

    /// The Messages: the points each player's scoring follower and messenger carry (in seat
    /// order; all on the scoring follower once the final scoring began, and without the
    /// expansion). Each pair adds up to the player's score, but for the points of a scoring
    /// round whose figure is still to be chosen.
    pub fn scoring_figures(&self) -> Vec<crate::expansions::messages::ScoringFigures> {
        self.modules.scoring_figures(&self.table)
    }

    /// The Messages: lays the message tiles face down in `order` (the top first), as a scenario
    /// or a rules question sets them up instead of the shuffle; refused unless the game has The
    /// Messages, `order` names each of the eight tiles once, and no message was drawn yet.
    pub fn arrange_messages(&mut self, order: &[crate::players::MessageTile]) -> Result<(), SetupError> {
        self.modules.arrange_messages(order)
    }

    /// The Messages: the message tiles face down (8 but for one being read; 8 without the
    /// expansion).
    pub fn messages_in_stack(&self) -> usize {
        self.modules.messages().stack_len()
    }

    /// Hills & Sheep: the sheep tokens of `player`'s flock, each by its number of sheep (none
    /// while their shepherd is off the board, and without the expansion).
    pub fn flock(&self, player: PlayerId) -> Vec<u8> {
        let tokens = self.modules.hills_sheep().flock(&self.table, player);
        (1..5u8).flat_map(|n| std::iter::repeat_n(n, tokens[n as usize] as usize)).collect()
    }

    /// The Vineyards: the vineyard tiles among the eight around `pos` (a monastery there scores
    /// 3 points more for each when completed).
    pub fn vineyards_around(&self, pos: Pos) -> u16 {
        crate::expansions::vineyards::vineyards_around(&self.table, pos)
    }

    /// Hills & Sheep: the field where `player`'s shepherd stands, the owners of the shepherds
    /// there and the sheep of all their flocks, which driving it to the stable pays each of them
    /// (`None` while the shepherd is off the board).
    pub fn flock_field(&self, player: PlayerId) -> Option<crate::expansions::hills_sheep::FlockField> {
        let (root, shepherds, sheep) = self.modules.hills_sheep().field_of(&self.table, player)?;
        Some(crate::expansions::hills_sheep::FlockField {
            shepherds,
            sheep,
            closed: self.table.features.is_closed(root),
        })
    }

    /// Hills & Sheep: the tokens in the flock bag, by kind: the wolves, then the tokens of 1,
    /// 2, 3 and 4 sheep ([`crate::FLOCK_BAG`] at the start, and without the expansion).
    pub fn flock_bag(&self) -> [u8; 5] {
        self.modules.hills_sheep().bag()
    }

    /// Hills & Sheep: the hill tiles with a tile face down beneath them, by position (the
    /// hidden tiles are nobody's to see).
    pub fn hills_with_tiles_under(&self) -> Vec<Pos> {
        self.modules.hills_sheep().under_hills().iter().map(|&(pos, _)| pos).collect()
    }

    /// Hills & Sheep: sets the next tokens drawn from the flock bag (the first next), as a
    /// scenario or a rules question sets them instead of the random draw; refused unless the
    /// game has Hills & Sheep and the bag holds them all.
    pub fn arrange_flock(&mut self, order: &[crate::expansions::hills_sheep::FlockToken]) -> Result<(), SetupError> {
        self.modules.arrange_flock(order)
    }

    /// The Catapult: the next flicked token lands `offset` (east, south) from its aim instead
    /// of where the draw would put it: the aim itself or one of the eight places around it
    /// ([`crate::expansions::catapult::LANDINGS`]). For bots weighing each landing, and tests.
    pub fn arrange_landing(&mut self, offset: (i16, i16)) -> Result<(), SetupError> {
        self.modules.arrange_landing(offset)
    }

    /// Under the Big Top: the tile where the big top stands, over its face-down animal token
    /// (none before the first circus tile and after the final scoring).
    pub fn big_top(&self) -> Option<Pos> {
        self.modules.big_top().tent()
    }

    /// Under the Big Top: the animal tokens nobody has seen (the stack's and the one under the
    /// big top), as (points a follower, how many), in the order of
    /// [`crate::expansions::big_top::ANIMAL_TOKENS`].
    pub fn unseen_animals(&self) -> [(u8, u8); 6] {
        self.modules.big_top().unseen()
    }

    /// Under the Big Top: the circus and acrobat tiles on the tile at `pos` and the eight around
    /// it (what a ringmaster there earns, 2 points each, when his feature is scored).
    pub fn show_tiles_around(&self, pos: Pos) -> u8 {
        crate::expansions::big_top::show_tiles_around(&self.table, pos)
    }

    /// Under the Big Top: the followers each player has on the tile at `pos` and the eight
    /// around it (what the circus there pays for, per player).
    pub fn followers_around(&self, pos: Pos) -> [u8; crate::players::MAX_PLAYERS] {
        self.table.followers_around(pos)
    }

    /// Under the Big Top: the acrobat space of the tile at `pos`, if it has one, by its feature
    /// index on the tile.
    pub fn acrobat_space(&self, pos: Pos) -> Option<crate::catalog::LocalFeature> {
        crate::expansions::big_top::acrobat_space(&self.table, pos).map(|(local, _)| local)
    }

    /// Under the Big Top: sets the next animal tokens drawn (by points, the first next), as a
    /// scenario or a rules question sets them instead of the random draw; refused unless the
    /// game has Under the Big Top and the stack holds them all.
    pub fn arrange_animals(&mut self, order: &[u8]) -> Result<(), SetupError> {
        self.modules.arrange_animals(order)
    }

    /// Under the Big Top: a sampled world's own animal tokens (see `reseed_flock`), mixed with a
    /// draw from `rng` so that worlds sampled from one position differ in the hidden token (the
    /// stream of samples changes only in games with the expansion).
    pub(crate) fn reseed_big_top(&mut self, seed: u64, rng: &mut impl rand_core::RngCore) {
        self.modules.reseed_big_top(&self.table, seed, rng);
    }

    /// Bridges, Castles & Bazaars: the bridges `player` has left.
    pub fn bridges_left(&self, player: PlayerId) -> u8 {
        self.modules.bcb().bridges_left(player)
    }

    /// Bridges, Castles & Bazaars: the castle tokens `player` has left.
    pub fn castle_tokens(&self, player: PlayerId) -> u8 {
        self.modules.bcb().castle_tokens(player)
    }

    /// Bridges, Castles & Bazaars: the castles on the board, in the order they were built
    /// (scored ones too: their tokens stay).
    pub fn castles(&self) -> &[crate::expansions::castles::Castle] {
        self.modules.bcb().castles()
    }

    /// Bridges, Castles & Bazaars: the tiles of the bazaar laid out face up, in order (`None`
    /// once bought; empty when no bazaar was held).
    pub fn bazaar_offer(&self) -> &[Option<TileId>] {
        &self.modules.bcb().bazaar.offer
    }

    /// Bridges, Castles & Bazaars: the tile `player` bought at the bazaar and has not placed.
    pub fn bought_tile(&self, player: PlayerId) -> Option<TileId> {
        self.modules.bcb().bazaar.bought[player as usize]
    }

    /// Bridges, Castles & Bazaars: the two tiles of the town offered as a castle (while
    /// `Pending::Castle` waits; its `pos` is the first).
    pub fn castle_offered(&self) -> Option<[Pos; 2]> {
        self.modules.bcb().town_offered()
    }

    /// Bridges, Castles & Bazaars: the player whose tile opened the last bazaar (`None` before
    /// any).
    pub fn bazaar_opener(&self) -> Option<PlayerId> {
        self.modules.bcb().bazaar_opener()
    }

    /// Bridges, Castles & Bazaars: the tile at auction, if one is.
    pub fn auction(&self) -> Option<crate::expansions::bazaars::Auction> {
        self.modules.bcb().bazaar.auction
    }

    /// The Plague: the outbreak tokens on the board, by number.
    pub fn outbreaks(&self) -> &[crate::expansions::plague::Outbreak] {
        self.modules.plague().outbreaks()
    }

    /// The Plague: the flea tokens on the board, in the order they were put there.
    pub fn fleas(&self) -> &[crate::expansions::plague::Flea] {
        self.modules.plague().fleas()
    }

    /// The Plague: the tiles a flea could be put on next (beside an active outbreak or a red
    /// flea joined to one; no source, no flea), where figures are exposed to the plague.
    pub fn plague_exposed(&self) -> Vec<Pos> {
        self.modules.plague().exposed(&self.table)
    }

    /// The Plague: the flea tokens left in the supply (all 18 without the expansion).
    pub fn fleas_in_supply(&self) -> usize {
        self.modules.plague().fleas_in_supply()
    }

    /// The Tunnel: the tunnel tokens `player` has left (0 without the expansion).
    pub fn tunnel_tokens_left(&self, player: PlayerId) -> u8 {
        self.modules.tunnel().left(player)
    }

    /// The Gold Mines: the ingots `player` took (0 without the expansion).
    pub fn gold_held(&self, player: PlayerId) -> u8 {
        self.modules.gold_mines().held(player)
    }

    /// The Wind Roses: the full rose that divides the playing area into its sections now (the
    /// orange start tile, or the blue rose once placed), where it lies and how it is turned
    /// (`None` without the expansion, or before a full rose is on the board).
    pub fn wind_rose(&self) -> Option<(Pos, Rotation)> {
        self.modules.wind_roses().reference(&self.table)
    }

    /// The Wind Roses: the sections the tile at `pos` lies in, bit `i` for the quarter rose
    /// [`Symbol::QUARTER_ROSES`]`[i]` (north-east, south-east, south-west, north-west): a tile
    /// in the rose's row or column is in two, the rose's own tile in all four; under the
    /// Spielbox variant a tile north of the rose is in both northern quarters. 0 without a full
    /// rose on the board.
    ///
    /// [`Symbol::QUARTER_ROSES`]: crate::catalog::Symbol::QUARTER_ROSES
    pub fn wind_rose_sections(&self, pos: Pos) -> u8 {
        self.modules.wind_roses().sections(&self.table, pos)
    }

    /// The Wind Roses: the points a tile of `tile` placed at `pos` would score at once for its
    /// quarter rose (3 in the section it names, else 0).
    pub fn wind_rose_points(&self, tile: TileId, pos: Pos) -> u32 {
        self.modules.wind_roses().points(&self.table, tile, pos)
    }

    /// The special monasteries: what a prior on the monastery at `pos` would score now, 1 for
    /// the monastery and 1 for each tile of the unbroken lines running from it in the four
    /// directions (paid in the final scoring).
    pub fn prior_points(&self, pos: Pos) -> u32 {
        crate::base::prior_tiles(&self.table, pos) as u32
    }

    /// Heretics and Shrines: the tile of the occupied, unfinished shrine or cloister that the
    /// shrine or cloister at `pos` races (the first completed sends the other's followers home
    /// unscored); `None` without one.
    pub fn race_rival(&self, pos: Pos) -> Option<Pos> {
        crate::expansions::shrines::race_rival(&self.table, pos)
    }

    /// The Vodyanoy and Solovei Razboynik: whether feature `feature` of the tile at `pos` is a
    /// trap (the lake or the tree), where captives stand.
    pub fn is_trap(&self, pos: Pos, feature: LocalFeature) -> bool {
        crate::expansions::traps::Traps::is_trap(&self.table, pos, feature)
    }

    /// The Watchtowers: the watchtower of the tile at `pos` (what it watches over), how many of
    /// those things stand on its tile and the eight around it now, and the points that makes
    /// (what a follower on its tile's road or city would score first, were that feature
    /// completed now); `None` where no watchtower stands.
    pub fn watchtower_value(&self, pos: Pos) -> Option<(crate::catalog::Symbol, u16, u32)> {
        let placed = self.table.board.get(pos)?;
        let watches = crate::expansions::watchtowers::watchtower(self.table.design(placed.tile))?;
        let count = crate::expansions::watchtowers::watched(&self.table, pos, watches);
        Some((watches, count, u32::from(count) * crate::expansions::watchtowers::points_per(watches)))
    }

    /// The Darmstadt Churches: the players with the most followers on the tile at `pos` and the
    /// eight around it, and how many each has (what a church there would pay its bonus to,
    /// were it completed now; nobody and 0 where no follower stands).
    pub fn church_majority(&self, pos: Pos) -> (crate::players::PlayerSet, u8) {
        crate::expansions::churches::most_followers_around(&self.table, pos)
    }

    /// The Darmstadt Churches: where the churches not completed yet stand (from the table's
    /// list of open cloisters, so that the bots need not look through the board).
    pub fn open_churches(&self) -> impl Iterator<Item = Pos> + '_ {
        let board = &self.table.board;
        self.table
            .open_cloisters
            .iter()
            .map(|&(pos, _)| pos)
            .filter(move |&pos| board.get(pos).is_some_and(|placed| self.table.design(placed.tile).is_church()))
    }

    /// La Porxada: the players holding a token, whose incomplete cities score as completed at
    /// the end of the game.
    pub fn porxada_tokens(&self) -> crate::players::PlayerSet {
        self.modules.porxada().holders()
    }

    /// La Porxada: how many of `player`'s `figure` left the game to refuse a swap.
    pub fn figures_out_of_game(&self, player: PlayerId, figure: Figure) -> u8 {
        self.modules.porxada().out_of_game(player, figure)
    }

    /// La Porxada: whether its bonus was chosen and its city is not completed yet (the tokens
    /// are still to be handed out).
    pub fn porxada_bonus_waiting(&self) -> bool {
        self.modules.porxada().bonus_waiting()
    }

    /// The Count of Carcassonne: the quarter the count stands in (`None` without the
    /// expansion).
    pub fn count_quarter(&self) -> Option<crate::catalog::Quarter> {
        self.modules.the_count().count()
    }

    /// The Count of Carcassonne: the figures waiting in the quarters of Carcassonne, in the
    /// order they came.
    pub fn residents(&self) -> &[crate::expansions::count::Resident] {
        self.modules.the_count().residents()
    }

    /// The variation "Cloisters for everyone!": the tile `player` still holds, face up (none
    /// without the variation or once placed).
    pub fn held_tile(&self, player: PlayerId) -> Option<TileId> {
        self.modules.held_tile(player)
    }

    /// The variations with tiles in hand ("More tiles in hand", "The battle for completed
    /// cloisters") or stacks of one's own ("The architects"): the tiles `player` holds, in the
    /// order they came. Hidden from the other players: their [`Game::observation`] gives only
    /// the number.
    pub fn hand(&self, player: PlayerId) -> &[TileId] {
        self.modules.hand(player)
    }

    /// Whether the players hold tiles of their own: a hand ("More tiles in hand", "The battle
    /// for completed cloisters"), a stack ("The architects") or tiles handed out ("Only one can
    /// choose"); not collective planning's public row.
    pub fn players_hold_tiles(&self) -> bool {
        self.modules.hands().own_tiles()
    }

    /// Whether every player may see every hand: "Only one can choose" with the tiles handed out
    /// face up (variation b). Otherwise a hand is its owner's alone.
    pub fn hands_are_public(&self) -> bool {
        !self.modules.hands().hidden()
    }

    /// Collective planning: the face-up tiles (public).
    pub fn tile_row(&self) -> &[TileId] {
        self.modules.tile_row()
    }

    /// The completed cities a farm borders or encloses, as feature roots.
    pub fn cities_of_farm(&self, field: NodeId) -> Vec<NodeId> {
        base::farms::cities_of_farm(&self.table, field)
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
        legal::each_legal_action(&self.table, &self.modules, self.pending(), |action| {
            out.push(action);
            false
        });
    }

    /// The number of legal actions (`legal_actions().len()`, without building the list).
    pub fn legal_action_count(&self) -> usize {
        legal::legal_action_count(&self.table, &self.modules, self.pending())
    }

    /// The legal actions at indices `ns` (ascending, repeats allowed) of `legal_actions()`, in
    /// one pass: a playout drawing several actions to choose among (`None` past the end).
    pub fn nth_legal_actions<const N: usize>(&self, ns: [usize; N]) -> [Option<Action>; N] {
        legal::nth_legal_actions(&self.table, &self.modules, self.pending(), ns)
    }

    /// `legal_actions()[n]` without building the list: with `legal_action_count` this draws a
    /// uniformly random legal action cheaply (random playouts).
    pub fn nth_legal_action(&self, n: usize) -> Option<Action> {
        legal::nth_legal_action(&self.table, &self.modules, self.pending(), n)
    }

    /// Whether `action` is legal now (the same test `apply` makes).
    pub fn check(&self, action: Action) -> Result<(), RuleError> {
        legal::check(&self.table, &self.modules, self.pending(), action)
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
        match self.pending().player() {
            None => Err(RuleError::GameOver),
            Some(_) if player as usize >= self.table.players.len() => Err(RuleError::NoSuchPlayer(player)),
            Some(expected) if expected != player => {
                Err(RuleError::NotYourTurn { expected: self.player(expected).color, got: self.player(player).color })
            }
            Some(_) => self.apply(action),
        }
    }

    /// As [`Game::apply`], appending the events to a reused buffer (not cleared).
    pub fn apply_into(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.check(action)?;
        self.turn.apply(&mut self.table, &mut self.modules, action, events);
        Ok(())
    }

    // ----- The face-down tiles, for the engine's own views -----

    /// The hands and stacks `viewer` cannot see.
    pub(crate) fn hidden_hands(&self, viewer: Option<PlayerId>) -> impl Iterator<Item = (PlayerId, &Vec<TileId>)> {
        self.modules.hands().hidden_hands(viewer)
    }

    /// The face-down tiles in draw order. Only for the engine's own views and for tests:
    /// players learn the order only by drawing.
    pub(crate) fn hidden_deck(&self) -> &[TileId] {
        &self.table.deck[self.table.next_draw..]
    }

    /// Replaces the order of the face-down tiles (used to sample a possible deck).
    pub(crate) fn hidden_deck_mut(&mut self) -> &mut [TileId] {
        let next = self.table.next_draw;
        &mut self.table.deck[next..]
    }

    /// The Messages: lays the face-down message tiles in a new order by `rng` (a possible world of
    /// the hidden stack). Uses `rng` only with the expansion.
    pub(crate) fn shuffle_hidden_messages(&mut self, rng: &mut impl rand_core::RngCore) {
        self.modules.shuffle_messages(rng);
    }

    /// Hills & Sheep: mixes the tiles under the hills with the face-down ones by `rng` (a
    /// possible world: nobody saw them). Uses `rng` only where a hill hides a tile.
    pub(crate) fn mix_under_hills(&mut self, rng: &mut impl rand_core::RngCore) {
        let next = self.table.next_draw;
        self.modules.mix_under_hills(&mut self.table.deck[next..], rng);
    }

    /// Hills & Sheep: a sampled world's own draws from the flock bag (its seed, from the
    /// sampled order), so that a search bot never learns the real draws, even in a game whose
    /// deck has no seed.
    pub(crate) fn reseed_flock(&mut self, seed: u64) {
        self.modules.reseed_flock(seed);
    }

    /// Hills & Sheep: the tiles face down under the hills (unseen, like the pile).
    pub(crate) fn tiles_under_hills(&self) -> Vec<TileId> {
        self.modules.hills_sheep().under_hills().iter().map(|&(_, t)| t).collect()
    }

    /// Deals the hands `viewer` cannot see (every hand but theirs, for a spectator every one)
    /// anew from those tiles and the face-down ones, shuffled together by `rng`: a possible
    /// world of hidden hands. Uses `rng` only where such hands exist.
    pub(crate) fn redeal_hidden_hands(&mut self, viewer: Option<PlayerId>, rng: &mut impl rand_core::RngCore) {
        let mut pool: Vec<TileId> = self.hidden_deck().to_vec();
        let face_down = pool.len();
        for (_, hand) in self.modules.hands().hidden_hands(viewer) {
            pool.extend(hand);
        }
        if pool.len() == face_down {
            return;
        }
        crate::random::shuffle(&mut pool, rng);
        self.hidden_deck_mut().copy_from_slice(&pool[..face_down]);
        self.modules.hands_mut().redeal(viewer, &mut pool[face_down..].iter().copied());
    }

    /// Replaces the deck's seed, which orders tiles mixed into the face-down ones later (the
    /// dragon tiles set aside): a sampled game must not carry the real one, from which the real
    /// order could be worked out.
    pub(crate) fn reseed_hidden_deck(&mut self, seed: u64) {
        if let Some(s) = &mut self.table.deck_seed {
            *s = seed;
        }
    }
}

/// Everything but the (immutable, shared) catalog.
impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.table;
        f.debug_struct("Game")
            .field("rules", &t.rules)
            .field("players", &t.players)
            .field("turn", &self.turn)
            .field("current", &t.current)
            .field("turns", &t.turns)
            .field("board", &t.board)
            .field("features", &t.features)
            .field("figures", &t.figures)
            .field("deck", &t.deck)
            .field("deck_seed", &t.deck_seed)
            .field("next_draw", &t.next_draw)
            .field("next_serial", &t.next_serial)
            .field("discarded", &t.discarded)
            .field("open_cloisters", &t.open_cloisters)
            .field("modules", &self.modules)
            .finish()
    }
}
