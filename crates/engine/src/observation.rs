//! A player's view of a game: everything on the table, nothing of the order of the face-down
//! tiles.

use rand_core::RngCore;

use crate::board::Board;
use crate::catalog::TileId;
use crate::game::{Action, Game, Pending, PlacedFigure, PlayerId, PlayerState};
use crate::geometry::Pos;
use crate::random::shuffle;

/// What one player (or a spectator, with no player) may know of a game. It borrows the game
/// and exposes only public information: the face-down tiles are visible as counts per design,
/// never in order.
#[derive(Clone, Copy)]
pub struct Observation<'a> {
    game: &'a Game,
    viewer: Option<PlayerId>,
}

impl<'a> Observation<'a> {
    /// The player this view belongs to (`None` for a spectator).
    pub fn viewer(&self) -> Option<PlayerId> {
        self.viewer
    }

    pub fn pending(&self) -> Pending {
        self.game.pending()
    }

    /// The legal actions of the pending decision (they depend on public information only, but
    /// for a choice from a hidden hand, which only its owner decides).
    pub fn legal_actions(&self) -> Vec<Action> {
        self.game.legal_actions()
    }

    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.game.legal_actions_into(out)
    }

    pub fn legal_action_count(&self) -> usize {
        self.game.legal_action_count()
    }

    pub fn nth_legal_action(&self, n: usize) -> Option<Action> {
        self.game.nth_legal_action(n)
    }

    pub fn board(&self) -> &'a Board {
        self.game.board()
    }

    pub fn players(&self) -> &'a [PlayerState] {
        self.game.players()
    }

    pub fn figures(&self) -> &'a [PlacedFigure] {
        self.game.figures()
    }

    pub fn rules(&self) -> &'a crate::rules::Rules {
        self.game.rules()
    }

    pub fn catalog(&self) -> &'static crate::catalog::Catalog {
        self.game.catalog()
    }

    pub fn tiles_left(&self) -> usize {
        self.game.tiles_left()
    }

    /// The Princess & the Dragon's public pieces: the dragon, the fairy, the tiles set aside and
    /// a dragon's move in progress.
    pub fn dragon(&self) -> Option<crate::geometry::Pos> {
        self.game.dragon()
    }

    pub fn fairy(&self) -> Option<(crate::geometry::Pos, Option<PlacedFigure>)> {
        self.game.fairy()
    }

    pub fn tiles_set_aside(&self) -> &'a [TileId] {
        self.game.tiles_set_aside()
    }

    pub fn dragon_move(&self) -> Option<(u8, &'a [crate::geometry::Pos])> {
        self.game.dragon_move()
    }

    /// The Tower's public pieces: the towers, each player's tower pieces, the prisoners.
    pub fn towers(&self) -> &'a [crate::expansions::tower::TowerSite] {
        self.game.towers()
    }

    pub fn tower_pieces(&self, player: PlayerId) -> u8 {
        self.game.tower_pieces(player)
    }

    pub fn prisoners(&self) -> &'a [crate::expansions::tower::Prisoner] {
        self.game.prisoners()
    }

    /// Abbey & Mayor: whether `player` still holds their abbey tile (public: it lies in front
    /// of them).
    pub fn holds_abbey(&self, player: PlayerId) -> bool {
        self.game.holds_abbey(player)
    }

    /// Abbey & Mayor: the barns on the board.
    pub fn barns(&self) -> &'a [crate::expansions::abbey_mayor::Barn] {
        self.game.barns()
    }

    /// Little Buildings: the buildings on the board (public, on the tiles).
    pub fn little_buildings(&self) -> &'a [crate::expansions::little_buildings::PlacedBuilding] {
        self.game.little_buildings()
    }

    /// Little Buildings: the buildings `player` has left (public, in front of the player).
    pub fn buildings_left(&self, player: PlayerId) -> crate::expansions::little_buildings::BuildingSupply {
        self.game.buildings_left(player)
    }

    /// The Gold Mines: the tiles with ingots and how many each holds (public, on the tiles).
    pub fn gold_on_board(&self) -> &'a [(Pos, u8)] {
        self.game.gold_on_board()
    }

    /// Mage & Witch: the segment `figure` stands on (public).
    pub fn magic_figure(&self, figure: crate::players::MagicFigure) -> Option<(Pos, crate::catalog::LocalFeature)> {
        self.game.magic_figure(figure)
    }

    /// The Tunnel: the tokens on the board (public).
    pub fn tunnel_tokens(&self) -> &[crate::expansions::tunnel::TunnelToken] {
        self.game.tunnel_tokens()
    }

    /// The Ferries: the ferries on the board (public).
    pub fn ferries(&self) -> Vec<crate::expansions::ferries::PlacedFerry> {
        self.game.ferries()
    }

    /// The Messages: the points each player's scoring follower and messenger carry (public).
    pub fn scoring_figures(&self) -> Vec<crate::expansions::messages::ScoringFigures> {
        self.game.scoring_figures()
    }

    /// The Messages: the message tiles face down (public; their order is hidden).
    pub fn messages_in_stack(&self) -> usize {
        self.game.messages_in_stack()
    }

    /// Hills & Sheep: the sheep tokens of `player`'s flock (public).
    pub fn flock(&self, player: PlayerId) -> Vec<u8> {
        self.game.flock(player)
    }

    /// Hills & Sheep: the tokens in the flock bag, by kind (public: the bag's contents are
    /// known, the draw is not).
    pub fn flock_bag(&self) -> [u8; 5] {
        self.game.flock_bag()
    }

    /// Hills & Sheep: the hill tiles with a tile face down beneath them (public).
    pub fn hills_with_tiles_under(&self) -> Vec<Pos> {
        self.game.hills_with_tiles_under()
    }

    /// The Plague: the outbreak tokens on the board (public).
    pub fn outbreaks(&self) -> &[crate::expansions::plague::Outbreak] {
        self.game.outbreaks()
    }

    /// The Plague: the flea tokens on the board (public).
    pub fn fleas(&self) -> &[crate::expansions::plague::Flea] {
        self.game.fleas()
    }

    /// The Plague: the flea tokens left in the supply (public).
    pub fn fleas_in_supply(&self) -> usize {
        self.game.fleas_in_supply()
    }

    /// The Tunnel: the tokens `player` has left (public).
    pub fn tunnel_tokens_left(&self, player: PlayerId) -> u8 {
        self.game.tunnel_tokens_left(player)
    }

    /// The Gold Mines: the ingots `player` took (public, in front of the player).
    pub fn gold_held(&self, player: PlayerId) -> u8 {
        self.game.gold_held(player)
    }

    /// The Wind Roses: the full rose that sets the sections now, and how it is turned (public).
    pub fn wind_rose(&self) -> Option<(Pos, crate::geometry::Rotation)> {
        self.game.wind_rose()
    }

    /// The Wind Roses: the sections the tile at `pos` lies in (`Game::wind_rose_sections`).
    pub fn wind_rose_sections(&self, pos: Pos) -> u8 {
        self.game.wind_rose_sections(pos)
    }

    /// The Wind Roses: the points a tile placed at `pos` would score for its quarter rose.
    pub fn wind_rose_points(&self, tile: crate::catalog::TileId, pos: Pos) -> u32 {
        self.game.wind_rose_points(tile, pos)
    }

    /// The Count of Carcassonne: where the count stands and the figures in the quarters
    /// (public: they stand in the city on the table).
    pub fn count_quarter(&self) -> Option<crate::catalog::Quarter> {
        self.game.count_quarter()
    }

    pub fn residents(&self) -> &'a [crate::expansions::count::Resident] {
        self.game.residents()
    }

    /// The variation "Cloisters for everyone!": the tile a player holds (public: face up).
    pub fn held_tile(&self, player: PlayerId) -> Option<TileId> {
        self.game.held_tile(player)
    }

    /// The variations with tiles in hand or stacks of one's own: the tiles `player` holds, if
    /// this view may see them (its own; hands are hidden from the others and from spectators).
    pub fn hand(&self, player: PlayerId) -> Option<&'a [TileId]> {
        (self.viewer == Some(player) || self.game.hands_are_public()).then(|| self.game.hand(player))
    }

    /// How many tiles `player` holds in hand or in their stack (public).
    pub fn hand_size(&self, player: PlayerId) -> usize {
        self.game.hand(player).len()
    }

    /// Collective planning: the face-up row (public).
    pub fn tile_row(&self) -> &'a [TileId] {
        self.game.tile_row()
    }

    /// The tiles this view cannot see, as (design, count), in catalog order: the face-down ones
    /// and the other players' hands and stacks.
    pub fn remaining_tiles(&self) -> Vec<(TileId, u16)> {
        let mut counts: Vec<(TileId, u16)> = vec![];
        let mut deck = self.game.hidden_deck().to_vec();
        deck.extend_from_slice(self.game.tiles_to_come());
        // Hills & Sheep: the tiles under the hills are face down too.
        deck.extend(self.game.tiles_under_hills());
        for (_, hand) in self.game.hidden_hands(self.viewer) {
            deck.extend(hand);
        }
        deck.sort_unstable();
        for t in deck {
            match counts.last_mut() {
                Some((last, n)) if *last == t => *n += 1,
                _ => counts.push((t, 1)),
            }
        }
        counts
    }

    /// A copy of the game in which the face-down tiles are in an order drawn from `rng` instead
    /// of the real one: a possible world consistent with this view (for search bots).
    pub fn sample_game(&self, rng: &mut impl RngCore) -> Game {
        let mut game = self.game.clone();
        shuffle(game.hidden_deck_mut(), rng);
        game.redeal_hidden_hands(self.viewer, rng);
        game.shuffle_hidden_messages(rng);
        game.mix_under_hills(rng);
        // The sampled world's own seed for tiles mixed in later, taken from its sampled order
        // (drawing it from `rng` would change every existing bot's stream of samples).
        let seed = game
            .hidden_deck_mut()
            .iter()
            .fold(0xcbf2_9ce4_8422_2325u64, |h, t| (h ^ t.0 as u64).wrapping_mul(0x0100_0000_01b3));
        game.reseed_hidden_deck(seed);
        game.reseed_flock(seed);
        game.reseed_big_top(seed, rng);
        game
    }
}

impl Game {
    /// What `viewer` may see (everything but the order of the face-down tiles).
    pub fn observation(&self, viewer: Option<PlayerId>) -> Observation<'_> {
        Observation { game: self, viewer }
    }
}
