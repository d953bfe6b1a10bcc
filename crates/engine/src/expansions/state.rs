//! The modules' public state, read by the game's queries and observations: a child of the
//! dispatch that `mod.rs` does not import, so that no module depends on another's accessor.

use super::abbey_mayor::AbbeyMayor;
use super::count::Count;
use super::princess_dragon::PrincessDragon;
use super::tower::Tower;
use super::Modules;
use crate::catalog::TileId;
use crate::events::Token;
use crate::players::PlayerId;

impl Modules {
    /// King & Scout's tokens (no holder without the expansion).
    pub(crate) fn token_holder(&self, token: Token) -> Option<(PlayerId, u16)> {
        self.king_robber.holder(token)
    }

    /// What King & Scout's token pays at the end of the game, as things stand.
    pub(crate) fn token_count(&self, token: Token) -> u16 {
        self.king_robber.count(token)
    }

    /// Hills & Sheep's bag, flocks and hills (the bag full and nothing else without the
    /// expansion).
    pub(crate) fn hills_sheep(&self) -> &super::hills_sheep::HillsSheep {
        &self.hills_sheep
    }

    /// The Catapult: where the next flicked token lands, relative to its aim
    /// (`Game::arrange_landing`).
    pub(crate) fn arrange_landing(&mut self, offset: (i16, i16)) -> Result<(), crate::errors::SetupError> {
        if !self.in_play(super::ModuleId::Catapult) {
            return Err(crate::errors::SetupError::CatapultNotInPlay);
        }
        self.catapult.arrange_landing(offset)
    }

    /// Hills & Sheep: sets the next flock tokens drawn (`Game::arrange_flock`).
    pub(crate) fn arrange_flock(
        &mut self,
        order: &[super::hills_sheep::FlockToken],
    ) -> Result<(), crate::errors::SetupError> {
        if !self.in_play(super::ModuleId::HillsSheep) {
            return Err(crate::errors::SetupError::FlockNotInPlay);
        }
        self.hills_sheep.arrange(order).map_err(crate::errors::SetupError::FlockOrder)
    }

    /// Hills & Sheep: a sampled world's own draws from the flock bag (`salt`, never 0).
    pub(crate) fn reseed_flock(&mut self, salt: u64) {
        self.hills_sheep.reseed(salt | 1);
    }

    /// Hills & Sheep: the tiles under the hills mixed with the face-down `deck` by `rng` (a
    /// sampled world: nobody saw them). Uses `rng` only where a hill hides a tile.
    pub(crate) fn mix_under_hills(&mut self, deck: &mut [TileId], rng: &mut impl rand_core::RngCore) {
        let hidden = self.hills_sheep.under_hills_mut();
        if hidden.is_empty() {
            return;
        }
        let mut pool: Vec<TileId> = deck.to_vec();
        pool.extend(hidden.iter().map(|&(_, t)| t));
        crate::random::shuffle(&mut pool, rng);
        let (face_down, under) = pool.split_at(deck.len());
        deck.copy_from_slice(face_down);
        for ((_, t), &new) in hidden.iter_mut().zip(under) {
            *t = new;
        }
    }

    /// Bridges, Castles & Bazaars' state (bridges, castles, the bazaar).
    pub(crate) fn bcb(&self) -> &super::bridges_castles_bazaars::BridgesCastlesBazaars {
        &self.bcb
    }

    /// Under the Big Top's big top and animal tokens (nothing on the board without the
    /// expansion).
    pub(crate) fn big_top(&self) -> &super::big_top::BigTop {
        &self.big_top
    }

    /// Under the Big Top: sets the next animal tokens drawn (`Game::arrange_animals`).
    pub(crate) fn arrange_animals(&mut self, order: &[u8]) -> Result<(), crate::errors::SetupError> {
        if !self.in_play(super::ModuleId::BigTop) {
            return Err(crate::errors::SetupError::BigTopNotInPlay);
        }
        self.big_top.arrange(order).map_err(crate::errors::SetupError::AnimalOrder)
    }

    /// Under the Big Top: a sampled world's own draws of animal tokens (`salt`, never 0), and
    /// its own token under the big top, which nobody has seen.
    pub(crate) fn reseed_big_top(&mut self, table: &crate::table::Table, seed: u64, rng: &mut impl rand_core::RngCore) {
        if self.in_play(super::ModuleId::BigTop) {
            self.big_top.reseed(table, (seed ^ rng.next_u64()) | 1);
        }
    }

    /// The Princess & the Dragon's public state (nothing without the expansion).
    pub(crate) fn princess_dragon(&self) -> &PrincessDragon {
        &self.princess_dragon
    }

    /// Abbey & Mayor's public state (nothing without the expansion).
    pub(crate) fn abbey_mayor(&self) -> &AbbeyMayor {
        &self.abbey_mayor
    }

    pub(crate) fn little_buildings(&self) -> &super::little_buildings::LittleBuildings {
        &self.little_buildings
    }

    /// The Ferries' ferries (none without the expansion).
    /// The Messages: lays the message tiles face down in `order` (`Game::arrange_messages`).
    pub(crate) fn arrange_messages(
        &mut self,
        order: &[crate::players::MessageTile],
    ) -> Result<(), crate::errors::SetupError> {
        if !self.in_play(super::ModuleId::Messages) {
            return Err(crate::errors::SetupError::MessagesNotInPlay);
        }
        self.messages.arrange(order)
    }

    /// The Messages: the face-down message tiles in a new order (only with the expansion).
    pub(crate) fn shuffle_messages(&mut self, rng: &mut impl rand_core::RngCore) {
        if self.in_play(super::ModuleId::Messages) {
            self.messages.shuffle(rng);
        }
    }

    /// The Messages: the points each player's scoring follower and messenger carry; without
    /// the expansion, or once the messengers joined, all on the scoring follower.
    pub(crate) fn scoring_figures(&self, table: &crate::table::Table) -> Vec<super::messages::ScoringFigures> {
        let counted = self.in_play(super::ModuleId::Messages) && !self.messages.joined();
        let figures = self.messages.figures();
        (0..table.players.len())
            .map(|p| match counted {
                true => figures[p],
                false => super::messages::ScoringFigures { follower: table.players[p].score, messenger: 0 },
            })
            .collect()
    }

    /// The Messages' scoring figures and message tiles.
    pub(crate) fn messages(&self) -> &super::messages::Messages {
        &self.messages
    }

    pub(crate) fn plague(&self) -> &super::plague::Plague {
        &self.plague
    }

    pub(crate) fn ferries(&self) -> &super::ferries::Ferries {
        &self.ferries
    }

    /// The Tunnel's tokens (none without the expansion).
    pub(crate) fn tunnel(&self) -> &super::tunnel::Tunnel {
        &self.tunnel
    }

    /// Where the mage and the witch stand (nowhere without the expansion).
    pub(crate) fn mage_witch(&self) -> &super::mage_witch::MageWitch {
        &self.mage_witch
    }

    /// The Gold Mines' ingots, on the board and held (none without the expansion).
    pub(crate) fn gold_mines(&self) -> &super::gold_mines::GoldMines {
        &self.gold_mines
    }

    /// The Wind Roses' sections (none without the expansion).
    pub(crate) fn wind_roses(&self) -> &super::wind_roses::WindRoses {
        &self.wind_roses
    }

    /// The variation "Cloisters for everyone!": the tile a player holds (none without it).
    pub(crate) fn held_tile(&self, player: PlayerId) -> Option<TileId> {
        self.own_cloisters.held(player)
    }

    /// The Count of Carcassonne's public state (nothing without the expansion).
    pub(crate) fn the_count(&self) -> &Count {
        &self.the_count
    }

    /// The variation "Prisoners": the guards on duty and their prisoners.
    pub(crate) fn guards(&self) -> &[super::prisoners::Guard] {
        self.prisoners.guards()
    }

    /// The variation "Prisoners": the guard `player`'s capture of the follower on feature
    /// `feature` of the tile at `pos` would take.
    pub(crate) fn prisoner_guard(
        &self,
        table: &crate::table::Table,
        player: PlayerId,
        pos: crate::geometry::Pos,
        feature: crate::catalog::LocalFeature,
    ) -> Option<(crate::geometry::Pos, crate::catalog::LocalFeature)> {
        self.prisoners.guard_for(table, player, pos, feature)
    }

    /// La Porxada's token holders (none without the expansion) and whether its bonus waits for
    /// its city.
    pub(crate) fn porxada(&self) -> &super::porxada::Porxada {
        &self.porxada
    }

    /// The Tower's public state (nothing without the expansion).
    pub(crate) fn tower(&self) -> &Tower {
        &self.tower
    }
}
