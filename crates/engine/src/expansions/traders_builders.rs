//! Traders & Builders (seed 001, "TRADERS AND BUILDERS", Big Box rules): 24 tiles, trade goods
//! in cities, and a builder and a pig per player.
//!
//! - The builder goes "only to a road or city which already includes one of the player's
//!   followers"; when its owner extends that road or city, "after performing the usual steps
//!   of deployment and scoring, the player draws another land tile" (footnote 42: the Big Box
//!   timing), and "There is no chain reaction": the second tile earns no third.
//! - The pig goes "only to a farm which already contains one of the player's farmers"; in the
//!   final scoring its owner scores 4 instead of 3 per city of that farm, if the owner wins the
//!   farm (footnote 45: third-edition scoring).
//! - Neither counts in a majority (`Figure::strength`), and neither "can remain in play
//!   without" its owner's follower on the feature (footnote 44); under the original boxes' row
//!   "last knight/thief/farmer is removed" they stay (`Variants::builder_and_pig_stay_without_follower`).
//! - The original boxes drew the second tile of a double turn "immediately", before the first
//!   tile's scoring (row "2nd tile (double turn)", footnote 42; `Variants::double_turn`).
//! - "The player who completed the city receives one trade counter for each related trade
//!   symbol", knights or not; at the end the player with the most counters of each good scores
//!   10 points, ties in full.

use crate::catalog::{FeatureKind, FeatureSpec, TradeGood};
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::players::{Figure, PlayerId, PlayerSet};
use crate::rules::{DoubleTurn, Rules};
use crate::table::Table;

use super::hooks::{Hook, Hooks, Module};

/// The double turn in progress.
#[derive(Clone, Debug, Default)]
pub(crate) struct TradersBuilders {
    /// The tile just placed extended one of its player's builders: another tile follows.
    double_turn: bool,
    /// The second tile of a double turn is being played (it earns no further one).
    second_tile: bool,
    /// When the second tile is drawn.
    timing: DoubleTurn,
    /// The builder and pig stay when their owner's last follower leaves (original boxes).
    stay_without_follower: bool,
}

impl TradersBuilders {
    pub(crate) fn new(rules: &Rules) -> TradersBuilders {
        TradersBuilders {
            timing: rules.variants.double_turn,
            stay_without_follower: rules.variants.builder_and_pig_stay_without_follower,
            ..TradersBuilders::default()
        }
    }

    /// Whether the tile just played earned a double turn whose second tile is still to come
    /// (under either timing).
    pub(crate) fn double_turn_earned(&self) -> bool {
        self.double_turn
    }

    /// Whether the tile just played earned a double turn whose second tile is still to come,
    /// after this tile's scoring (the Big Box timing: under the original boxes' timing the
    /// second tile has been drawn before the scoring).
    pub(crate) fn second_tile_follows(&self) -> bool {
        self.double_turn && self.timing == DoubleTurn::AfterScoring
    }

    /// Bridges, Castles & Bazaars: the second tile earned is put off until the bazaar's round is
    /// over (`playing` false: the players of the round earn their own), then played (`playing`
    /// true: it earns no further one).
    pub(crate) fn second_tile_put_off(&mut self, playing: bool) {
        self.second_tile = playing;
    }

    /// Starts the double turn's second tile if one was earned and the timing is `when`.
    fn take_double_turn(&mut self, when: DoubleTurn, table: &Table, events: &mut Vec<Event>) -> bool {
        if self.timing == when && std::mem::take(&mut self.double_turn) {
            self.second_tile = true;
            events.push(Event::DoubleTurn { player: table.current });
            return true;
        }
        false
    }

    /// Whether the tile just placed extends a road or city holding `player`'s builder.
    fn extends_own_builder(table: &Table, player: PlayerId) -> bool {
        let placed = table.last_placement();
        let design = table.design(placed.tile);
        design.features.iter().enumerate().any(|(i, spec)| {
            matches!(spec.kind, FeatureKind::Road | FeatureKind::City) && {
                let root = table.features.find(placed.first_node + i as NodeId);
                table
                    .figures
                    .iter()
                    .any(|f| f.owner == player && f.figure == Figure::Builder && table.features.find(f.node) == root)
            }
        })
    }
}

/// Deploying the builder (on a road or city) or the pig (on a farm): the feature must already
/// hold one of the player's followers, whoever else stands there.
pub(crate) fn check_deploy(table: &Table, figure: Figure, spec: &FeatureSpec, root: NodeId) -> Result<(), RuleError> {
    match (figure, spec.kind) {
        (Figure::Builder, FeatureKind::Road | FeatureKind::City) | (Figure::Pig, FeatureKind::Field) => {
            if table.has_follower_on(table.current, root) {
                Ok(())
            } else {
                Err(RuleError::NeedsOwnFollower(figure.name(), spec.kind))
            }
        }
        (_, kind) => Err(RuleError::CannotDeployOn(kind)),
    }
}

impl Module for TradersBuilders {
    const HOOKS: Hooks = Hooks::of(&[
        Hook::Supply,
        Hook::TilePlaced,
        Hook::FeatureCompleted,
        Hook::FollowerLeft,
        Hook::DrawsAgainBeforeScoring,
        Hook::EndTurn,
        Hook::FarmBonus,
        Hook::FinalScoring,
    ]);

    fn supply(&self, figure: Figure) -> u8 {
        matches!(figure, Figure::Builder | Figure::Pig) as u8
    }

    fn tile_placed(&mut self, table: &mut Table, player: PlayerId, _events: &mut Vec<Event>) {
        if !self.second_tile && Self::extends_own_builder(table, player) {
            self.double_turn = true;
        }
    }

    fn feature_completed(&mut self, table: &mut Table, root: NodeId, _players: PlayerSet, events: &mut Vec<Event>) {
        let goods = table.features.goods(root);
        if table.features.kind(root) == FeatureKind::City && goods.iter().any(|&n| n > 0) {
            let player = table.current;
            for (mine, n) in table.players[player as usize].goods.iter_mut().zip(goods) {
                *mine += n;
            }
            events.push(Event::GoodsCollected { player, goods });
        }
    }

    /// The builder or pig of a player whose last follower left the feature goes home.
    fn follower_left(&mut self, table: &mut Table, root: NodeId, player: PlayerId, events: &mut Vec<Event>) {
        if self.stay_without_follower || table.has_follower_on(player, root) {
            return;
        }
        while let Some(i) = table
            .figures
            .iter()
            .position(|f| f.owner == player && !f.figure.is_follower() && table.features.find(f.node) == root)
        {
            let f = table.take_figure(i);
            events.push(table.returned(&f));
        }
    }

    fn draws_again_before_scoring(&mut self, table: &mut Table, events: &mut Vec<Event>) -> bool {
        self.take_double_turn(DoubleTurn::Immediately, table, events)
    }

    fn end_turn(&mut self, table: &mut Table, events: &mut Vec<Event>) -> bool {
        let again = self.take_double_turn(DoubleTurn::AfterScoring, table, events);
        if !again {
            self.second_tile = false;
        }
        again
    }

    fn farm_bonus(&self, table: &Table, farm: NodeId, player: PlayerId) -> u16 {
        table
            .figures
            .iter()
            .any(|f| f.owner == player && f.figure == Figure::Pig && table.features.find(f.node) == farm) as u16
    }

    fn final_scoring(&mut self, table: &mut Table, events: &mut Vec<Event>) {
        for (g, good) in TradeGood::ALL.into_iter().enumerate() {
            let best = table.players.iter().map(|p| p.goods[g]).max().unwrap_or(0);
            if best == 0 {
                continue;
            }
            for player in 0..table.players.len() as PlayerId {
                if table.players[player as usize].goods[g] == best {
                    table.players[player as usize].score += 10;
                    events.push(Event::GoodsScored { player, good, count: best, points: 10 });
                }
            }
        }
    }
}
