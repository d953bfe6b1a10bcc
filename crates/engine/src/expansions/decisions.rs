//! The dispatch of the modules' own decisions: listing their legal actions, checking an
//! action and applying it, with what follows from it in other modules (a follower leaving a
//! feature). Kept apart from `mod.rs`, which holds the hooks' dispatch.

use crate::actions::{Action, FigureSpot, Pending};
use crate::base;
use crate::board::PlacementIndex;
use crate::catalog::{FeatureKind, LocalFeature};
use crate::errors::RuleError;
use crate::events::{Breakdown, Event};
use crate::features::NodeId;
use crate::geometry::Rotation;
use crate::players::{Figure, FigureSerial, PlayerId};
use crate::table::Table;

use super::abbey_mayor;
use super::abbot::Abbot;
use super::festival;
use super::lease::Lease;
use super::traps::Traps;
use super::unpunctuality::Unpunctuality;
use super::{ModuleId, Modules};

impl Modules {
    /// The legal actions of a module's decision (`pending` is not a base decision), until
    /// `visit` returns true.
    /// The Plague: whether the spread owed this turn may wait for a builder's second tile
    /// (the Wikicarpedia page's diagrams, note 2: once in the double turn, in either part).
    fn spread_may_wait(&self, table: &Table) -> bool {
        self.traders_builders.double_turn_earned() && (table.has_tiles_to_draw() || self.holds_tiles(table.current))
    }

    pub(crate) fn each_decision(&self, table: &Table, pending: Pending, mut visit: impl FnMut(Action) -> bool) {
        match pending {
            Pending::Escape { .. } => self.cathars.each_escape(table, visit),
            Pending::MoveDragon { .. } => self.princess_dragon.each_dragon_step(table, visit),
            Pending::Capture { .. } => self.tower.each_capture(table, pending, visit),
            Pending::TakePrisoner { .. } => self.prisoners.each_capture(table, pending, visit),
            Pending::Exchange { .. } => self.tower.each_exchange(pending, visit),
            Pending::Abbey { .. } => self.abbey_mayor.each_abbey_choice(table, pending, visit),
            Pending::MoveWagon { .. } => self.abbey_mayor.each_wagon_move(table, self.princess_dragon.dragon(), visit),
            Pending::Carcassonne { .. } | Pending::MoveCount { .. } => {
                self.the_count.each_deployment(table, pending, visit)
            }
            Pending::Redeploy { .. } | Pending::FinalRedeploy { .. } => {
                self.the_count.each_redeployment(table, self.princess_dragon.dragon(), pending, visit)
            }
            Pending::HeldTile { .. } => self.own_cloisters.each_choice(pending, visit),
            Pending::ChooseTile { player } => self.each_tile_choice(table, player, visit),
            Pending::GiveTile { player } => self.each_give_choice(player, visit),
            Pending::ReplaceTile { .. } => self.each_replacement(table, pending, visit),
            Pending::PlaceGold { .. } => self.gold_mines.each_target(table, pending, visit),
            Pending::MageWitch { .. } => self.mage_witch.each_choice(table, visit),
            Pending::FlierLanding { .. } => {
                self.flier.each_landing(table, pending, self.princess_dragon.dragon(), visit)
            }
            Pending::PlaceFerry { .. } | Pending::MoveFerry { .. } => self.ferries.each_choice(table, pending, visit),
            Pending::Porxada { .. } | Pending::SwapWith { .. } | Pending::SwapAnswer { .. } => {
                self.porxada.each_choice(table, pending, visit)
            }
            Pending::CropCircle { .. } | Pending::CropAdd { .. } | Pending::CropRemove { .. } => {
                self.crop_circles.each_choice(table, pending, self.princess_dragon.dragon(), visit)
            }
            Pending::Phantom { player, .. } => self.each_phantom_action(table, player, &mut visit),
            Pending::Plague { .. } => self.plague.each_choice(table, pending, self.spread_may_wait(table), visit),
            Pending::ScoringFigure { .. } | Pending::Message { .. } => self.each_message_choice(table, pending, visit),
            Pending::Flock { .. } => self.hills_sheep.each_choice(pending, visit),
            Pending::Castle { .. } => {
                if !visit(Action::BuildCastle) {
                    visit(Action::Pass);
                }
            }
            Pending::BazaarSelect { .. } | Pending::BazaarBid { .. } | Pending::BazaarTrade { .. } => {
                self.bcb.each_bazaar_choice(table, pending, &mut visit)
            }
            Pending::CatapultToken { .. } | Pending::Flick { .. } | Pending::Seduce { .. } => {
                self.catapult.each_choice(table, &self.the_count, pending, visit)
            }
            Pending::PlaceTile { .. } | Pending::Deploy { .. } | Pending::GameOver => {}
        }
    }

    /// "A new lease of life": the moves `player` may make instead of a deployment, never beside
    /// a princess that must act.
    pub(crate) fn lease_actions(
        &self,
        table: &Table,
        player: PlayerId,
        visit: &mut impl FnMut(Action) -> bool,
    ) -> bool {
        self.lease_in_play
            && !self.only_figure_actions(table, player)
            && self.lease.each_action(table, player, self.princess_dragon.dragon(), visit)
    }

    /// "The dash": whether the figure phase is a round bought with a point.
    #[inline]
    pub(crate) fn dashing(&self) -> bool {
        self.lease.dashing()
    }

    /// "The dash": after `action` in the figure phase, whether `player` may buy another round
    /// (a deployment of a follower or a move, with a point left to pay), which then begins;
    /// otherwise the dash is over.
    #[inline]
    pub(crate) fn dash_continues(&mut self, table: &Table, player: PlayerId, action: Action) -> bool {
        if !self.lease.dash() {
            return false;
        }
        let follower = match action {
            Action::Deploy { figure, .. } | Action::DeployAt { figure, .. } => figure.is_follower(),
            Action::MoveFollower { .. } | Action::ReligiousWar { .. } => true,
            _ => false,
        };
        // A deployment after a rebuilding ends the figure phase: "rather than following the
        // usual procedure" leaves no dash round.
        let rebuilt = self.rebuilt.is_some();
        self.lease.set_dashing(follower && !rebuilt && table.players[player as usize].score >= 1);
        self.lease.dashing()
    }

    /// "The dash": no round can be bought after all (nothing left to deploy or move).
    pub(crate) fn end_dash(&mut self) {
        self.lease.set_dashing(false);
    }

    /// "The dash": the point a round bought costs, paid as its deployment or move is made.
    pub(crate) fn pay_for_dash(&mut self, table: &mut Table, player: PlayerId, events: &mut Vec<Event>) {
        Lease::sacrifice_point(table, player, events);
    }

    /// Checks an action for a module's decision, or a module's action in the figure phase.
    pub(crate) fn check_decision(&self, table: &Table, pending: Pending, action: Action) -> Result<(), RuleError> {
        // "The dash": a round bought offers a move, or a deployment of a follower (onto an
        // earlier tile under follower unpunctuality); the other figure-phase actions are not.
        let dash_action = match action {
            Action::MoveFollower { .. } | Action::ReligiousWar { .. } => true,
            Action::DeployAt { .. } => self.unpunctual_in_play,
            _ => false,
        };
        if self.lease.dashing() && !dash_action {
            return Err(RuleError::DashOnlyFollowers);
        }
        // "Rebuilding": after a tile moved, the figure phase offers a deployment on it (checked
        // with the base decisions), another removal or a pass.
        if self.rebuilt.is_some()
            && matches!(pending, Pending::Deploy { .. })
            && !matches!(action, Action::RemoveTile { .. })
        {
            return Err(RuleError::OnlyTheMovedTile);
        }
        match (pending, action) {
            (Pending::Phantom { player, .. }, _) => self.check_phantom(table, player, action),
            (Pending::Deploy { player, .. }, Action::RemoveTile { pos }) => self.check_removal(table, player, pos),
            (Pending::ReplaceTile { .. }, _) => self.check_replacement(table, pending, action),
            (Pending::Escape { .. }, _) => self.cathars.check(table, pending, action),
            (Pending::PlaceGold { .. }, _) => self.gold_mines.check(table, pending, action),
            (Pending::MageWitch { .. }, _) => self.mage_witch.check(table, pending, action),
            (Pending::FlierLanding { .. }, _) => {
                self.flier.check_landing(table, pending, action, self.princess_dragon.dragon())
            }
            (Pending::PlaceFerry { .. } | Pending::MoveFerry { .. }, _) => self.ferries.check(table, pending, action),
            (Pending::Plague { .. }, _) => self.plague.check(table, pending, self.spread_may_wait(table), action),
            (Pending::ScoringFigure { .. } | Pending::Message { .. }, _) => {
                self.check_message_choice(table, pending, action)
            }
            (Pending::Flock { .. }, _) => self.hills_sheep.check(pending, action),
            (Pending::Castle { .. }, Action::BuildCastle | Action::Pass) => Ok(()),
            (Pending::BazaarSelect { .. } | Pending::BazaarBid { .. } | Pending::BazaarTrade { .. }, _) => {
                self.bcb.check_bazaar(table, pending, action)
            }
            (Pending::CatapultToken { .. } | Pending::Flick { .. } | Pending::Seduce { .. }, _) => {
                self.catapult.check(table, &self.the_count, pending, action)
            }
            (Pending::Deploy { player, .. }, Action::Bridge { pos, axis }) if self.bcb_in_play => {
                if self.only_figure_actions(table, player) {
                    return Err(RuleError::PrincessMustRemove);
                }
                self.bcb.check_bridge(table, player, pos, axis)
            }
            (Pending::Deploy { player, .. }, Action::PlaceTunnel { .. }) if self.in_play(ModuleId::Tunnel) => {
                self.tunnel.check(table, player, action)
            }
            (Pending::Deploy { player, .. }, Action::Fly { figure }) if self.in_play(ModuleId::Flier) => {
                if self.only_figure_actions(table, player) {
                    return Err(RuleError::PrincessMustRemove);
                }
                self.flier.check_flight(table, player, figure)
            }
            (Pending::Porxada { .. } | Pending::SwapWith { .. } | Pending::SwapAnswer { .. }, _) => {
                self.porxada.check(table, pending, action)
            }
            (Pending::CropCircle { .. } | Pending::CropAdd { .. } | Pending::CropRemove { .. }, _) => {
                self.crop_circles.check(table, pending, action, self.princess_dragon.dragon())
            }
            (Pending::MoveDragon { .. }, _) => self.princess_dragon.check_dragon_step(table, pending, action),
            (Pending::Capture { .. }, _) => self.tower.check_capture(table, pending, action),
            (Pending::TakePrisoner { .. }, _) => self.prisoners.check_capture(table, pending, action),
            (Pending::Deploy { player, .. }, Action::MoveFollower { .. } | Action::ReligiousWar { .. })
                if self.lease_in_play =>
            {
                if self.only_figure_actions(table, player) {
                    return Err(RuleError::PrincessMustRemove);
                }
                self.lease.check(table, player, self.princess_dragon.dragon(), action)
            }
            (Pending::Deploy { player, .. }, Action::ReleasePrisoner { .. }) if self.prisoners_in_play => {
                self.prisoners.check_release(player, action)
            }
            (Pending::Exchange { .. }, _) => self.tower.check_exchange(pending, action),
            (Pending::Abbey { .. }, _) => self.abbey_mayor.check_abbey_choice(table, pending, action),
            (Pending::MoveWagon { .. }, _) => {
                self.abbey_mayor.check_wagon_move(table, self.princess_dragon.dragon(), pending, action)
            }
            (Pending::Carcassonne { .. } | Pending::MoveCount { .. }, _) => {
                self.the_count.check_deployment(table, pending, action)
            }
            (Pending::Redeploy { .. } | Pending::FinalRedeploy { .. }, _) => {
                self.the_count.check_redeployment(table, self.princess_dragon.dragon(), pending, action)
            }
            (Pending::HeldTile { .. }, _) => self.own_cloisters.check_choice(table, pending, action),
            (Pending::ChooseTile { player }, Action::ChooseTile { tile }) => {
                if self.hands.holds(player, action) && self.placeable(table, tile) {
                    Ok(())
                } else {
                    Err(RuleError::NotYourTile)
                }
            }
            (Pending::ChooseTile { .. }, Action::Pass) if self.hands.may_draw_instead(table) => Ok(()),
            (Pending::ChooseTile { .. }, Action::Pass) => Err(RuleError::NothingToDraw),
            (Pending::GiveTile { player }, Action::GiveTile { to, .. }) => match self.hands.holds(player, action) {
                false => Err(RuleError::NotYourTile),
                true if self.hands.recipients(player).any(|p| p == to) => Ok(()),
                true => Err(RuleError::NotARecipient(to)),
            },
            (Pending::Deploy { player, .. }, Action::DeployAt { pos, figure, feature }) if self.unpunctual_in_play => {
                if self.only_figure_actions(table, player) {
                    return Err(RuleError::PrincessMustRemove);
                }
                let state = &table.players[player as usize];
                if state.in_supply(figure) == 0 {
                    return Err(RuleError::NoFigureInSupply(state.color, figure.name()));
                }
                let placement = table.board.index_at(pos).ok_or(RuleError::NotAnEarlierTile(pos))?;
                Unpunctuality::check_earlier(table, placement, feature, figure, self.princess_dragon.dragon())
            }
            (Pending::Deploy { player, .. }, Action::PlaceBarn { .. }) if self.abbey_mayor_in_play => {
                if self.only_figure_actions(table, player) {
                    return Err(RuleError::PrincessMustRemove);
                }
                self.abbey_mayor.check_barn_action(table, player, action)?;
                let Action::PlaceBarn { corner } = action else { unreachable!("matched above") };
                self.restrict_barn(table, corner)
            }
            (
                Pending::Deploy { player, .. },
                Action::BuildTower { .. } | Action::FinishTower { .. } | Action::PayRansom { .. },
            ) if self.in_play(ModuleId::Tower) => {
                if self.only_figure_actions(table, player) {
                    return Err(RuleError::PrincessMustRemove);
                }
                self.tower.check_figure_action(table, player, action, self.princess_dragon.dragon())
            }
            (Pending::Deploy { player, .. }, Action::RecallAbbot { pos }) => Abbot::check_recall(table, player, pos),
            (
                Pending::Deploy { player, .. },
                Action::ReturnFigure { figure, spot: FigureSpot::Feature { pos, feature } },
            ) if Traps::is_trap(table, pos, feature) => Traps::check_free(table, player, figure, pos, feature),
            (Pending::Deploy { player, .. }, Action::ReturnFigure { .. }) if self.festival_in_play => {
                self.check_festival(table, player, action)
            }
            (Pending::Deploy { player, .. }, Action::Acrobat { .. } | Action::ScorePyramid { .. })
                if self.big_top_in_play =>
            {
                if self.only_figure_actions(table, player) {
                    return Err(RuleError::PrincessMustRemove);
                }
                self.big_top.check(table, player, action, self.princess_dragon.dragon())
            }
            (Pending::Deploy { player, .. }, Action::PlaceBuilding { kind }) if self.little_buildings_in_play => {
                if self.only_figure_actions(table, player) {
                    return Err(RuleError::PrincessMustRemove);
                }
                self.little_buildings.check(player, kind)
            }
            (
                Pending::Deploy { player, .. },
                Action::DeployAt { .. } | Action::MoveFairy { .. } | Action::RemoveKnight { .. },
            ) if self.in_play(ModuleId::PrincessDragon) => {
                self.princess_dragon.check_figure_action(table, player, action)
            }
            _ => Err(RuleError::wrong_decision(pending, action)),
        }
    }

    /// Applies a checked action of a module's decision or of the figure phase, with what
    /// follows from it in other modules. Returns the next decision of the same step, if any.
    pub(crate) fn apply_decision(
        &mut self,
        table: &mut Table,
        pending: Pending,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Option<Pending> {
        match (pending, action) {
            (Pending::PlaceGold { .. }, _) => self.gold_mines.place(pending, action, events),
            (Pending::MageWitch { player }, _) => self.mage_witch.apply(player, action, events),
            (Pending::Phantom { player, .. }, _) => return self.apply_phantom(table, player, action, events),
            (Pending::FlierLanding { .. }, _) => {
                self.flier.land(table, pending, action, events);
                // A follower landed on a trap's road is caught as one deployed there.
                self.spring_traps(table, None, events);
            }
            (Pending::Deploy { player, .. }, Action::PlaceTunnel { .. }) => {
                self.tunnel.place(table, player, action, events)
            }
            (Pending::Deploy { player, .. }, Action::Bridge { pos, axis }) => {
                self.bcb.build_bridge(table, player, pos, axis, events);
                // A follower on a trap's road: a bridge joining it springs the trap as a tile
                // does.
                self.spring_traps(table, table.board.index_at(pos), events);
            }
            (Pending::Castle { .. }, _) => self.bcb.decide_castle(table, action == Action::BuildCastle, events),
            (Pending::BazaarSelect { .. } | Pending::BazaarBid { .. } | Pending::BazaarTrade { .. }, _) => {
                return self.bcb.apply_bazaar(table, pending, action, events);
            }
            (Pending::CatapultToken { .. } | Pending::Flick { .. } | Pending::Seduce { .. }, _) => {
                let (next, departures) = self.catapult.apply(table, &mut self.the_count, pending, action, events);
                for (root, player) in departures {
                    self.follower_left(table, root, player, events);
                }
                return next;
            }
            (Pending::PlaceFerry { .. } | Pending::MoveFerry { .. }, _) => {
                if self.ferries.apply(table, pending, action, events) {
                    // A ferry moved: the road it left is split, so the graph is built anew.
                    base::rebuild_features(table);
                    self.refeature(table);
                }
                let Action::Ferry { pos, .. } = action else { return None };
                // A road the ferry joined to Solovei Razboynik's tree springs it, as a tile
                // joining it does (the lake's tile stands for the join).
                self.spring_traps(table, table.board.index_at(pos), events);
                return self.ferries.next_decision(table);
            }
            (Pending::Deploy { player, .. }, Action::Fly { figure }) => {
                let dragon = self.princess_dragon.dragon();
                self.flier.fly(table, player, figure, dragon, false, events);
            }
            (Pending::ScoringFigure { .. } | Pending::Message { .. }, _) => {
                return self.apply_message_choice(table, pending, action, events);
            }
            (Pending::Flock { .. }, _) => self.hills_sheep.apply(table, pending, action, events),
            (Pending::Plague { .. }, _) => {
                let (again, departures) = self.plague.apply(table, pending, action, events);
                for (root, player) in departures {
                    self.follower_left(table, root, player, events);
                }
                // Asked once the builders and pigs left alone went home too.
                return if again { self.plague.ask_again(table, pending) } else { None };
            }
            (Pending::Porxada { .. } | Pending::SwapWith { .. } | Pending::SwapAnswer { .. }, _) => {
                let (next, departures) = self.porxada.apply(table, pending, action, events);
                for (root, player) in departures {
                    self.follower_left(table, root, player, events);
                }
                return next;
            }
            (Pending::CropCircle { .. } | Pending::CropAdd { .. } | Pending::CropRemove { .. }, _) => {
                let dragon = self.princess_dragon.dragon();
                let (next, left) = self.crop_circles.apply(table, pending, action, dragon, events);
                if let Some((root, player)) = left {
                    self.follower_left(table, root, player, events);
                }
                // A follower added onto a trap's road (Solovei Razboynik's tree springs "when
                // adding followers to the road") is caught at once, as one deployed there.
                if matches!(action, Action::DeployAt { .. }) {
                    self.spring_traps(table, None, events);
                }
                return next;
            }
            (Pending::Escape { .. }, _) => {
                if let Some((root, player)) = self.cathars.apply(table, action, events) {
                    self.follower_left(table, root, player, events);
                }
            }
            (Pending::Deploy { player, .. }, Action::RecallAbbot { .. }) => {
                // The recall scores the abbot's feature: the fairy beside it pays as for any
                // scoring (seed 001, THE PRINCESS AND THE DRAGON, "The fairy"). Only the abbot
                // leaves: followers flown onto its cloister or garden (The Flier) stay.
                let abbot = table.figures.iter().find(|f| f.owner == player && f.figure == Figure::Abbot);
                let leaving = super::Leaving::Only(abbot.expect("checked").serial);
                let adjust = |table: &Table, root, value: &mut Breakdown| self.adjust_value(table, root, false, value);
                let root = Abbot::score_recall(table, player, adjust, events);
                self.feature_scored(table, root, leaving, events);
                Abbot::take_back(table, player, events);
            }
            (Pending::MoveDragon { .. }, _) => {
                let (next, departures) = self.princess_dragon.apply_dragon_step(table, action, events);
                for (root, player) in departures {
                    self.follower_left(table, root, player, events);
                }
                return next;
            }
            (Pending::Capture { .. }, _) => {
                let (next, departures) = self.tower.apply_capture(table, pending, action, events);
                for (root, player) in departures {
                    self.follower_left(table, root, player, events);
                }
                return next;
            }
            (Pending::Exchange { .. }, _) => self.tower.apply_exchange(table, pending, action, events),
            (Pending::TakePrisoner { .. }, _) => {
                for (root, player) in self.prisoners.apply_capture(table, pending, action, events) {
                    self.follower_left(table, root, player, events);
                }
            }
            (Pending::Deploy { player, .. }, Action::ReleasePrisoner { .. }) => {
                self.prisoners.release(table, player, action, events)
            }
            (Pending::Deploy { player, .. }, Action::MoveFollower { .. } | Action::ReligiousWar { .. }) => {
                for (root, owner) in self.lease.apply(table, player, action, events) {
                    self.follower_left(table, root, owner, events);
                }
            }
            (Pending::Abbey { player }, Action::PlaceAbbey { pos }) => {
                let tile = self.abbey_mayor.take_abbey(player);
                let placement = base::put_tile(table, tile, Rotation::R0, pos);
                self.tile_put(table, placement);
                events.push(Event::TilePlaced { player, tile, pos, rotation: Rotation::R0 });
                self.tile_placed(table, player, events);
            }
            (Pending::Abbey { .. }, _) => {}
            (Pending::MoveWagon { .. }, _) => {
                let dragon = self.princess_dragon.dragon();
                return self.abbey_mayor.apply_wagon_move(table, dragon, action, events);
            }
            (Pending::Carcassonne { .. } | Pending::MoveCount { .. }, _) => {
                return self.the_count.apply_deployment(table, pending, action, events);
            }
            (Pending::HeldTile { player, .. }, Action::PlayHeldTile) => self.own_cloisters.play(player, events),
            (Pending::ChooseTile { player }, Action::ChooseTile { tile }) => self.hands.take(player, tile, events),
            (Pending::ChooseTile { .. }, _) => {}
            (Pending::GiveTile { player }, Action::GiveTile { tile, to }) => {
                self.hands.give_away(player, tile, to, events)
            }
            (Pending::GiveTile { .. }, _) => {}
            (Pending::HeldTile { .. }, _) => {}
            (Pending::Deploy { player, .. }, Action::DeployAt { pos, figure, feature }) if self.unpunctual_in_play => {
                let placement = table.board.index_at(pos).expect("checked: a tile");
                table.deploy(player, figure, placement, feature);
                events.push(Event::FigureDeployed { player, figure, pos, feature });
            }
            (Pending::Redeploy { .. } | Pending::FinalRedeploy { .. }, _) => {
                let dragon = self.princess_dragon.dragon();
                let (next, target) = self.the_count.apply_redeployment(table, dragon, pending, action, events);
                // Footnote 58: a farmer moved onto a farm with a barn in the final scoring "will
                // then be scored immediately, and so scores only 1 point per city".
                if let Some(root) = target.filter(|&r| table.features.has_barn(r)) {
                    let rate = abbey_mayor::BARN_JOINED_CITY_VALUE;
                    base::farms::score_farm_now(table, self, root, rate, crate::events::Phase::Final, events);
                }
                return next;
            }
            (Pending::Deploy { player, .. }, Action::PlaceBarn { .. }) => {
                self.abbey_mayor.place_barn(table, player, action, events)
            }
            (Pending::Deploy { player, .. }, Action::PlaceBuilding { kind }) => {
                self.little_buildings.place(table, player, kind, events)
            }
            (Pending::Deploy { player, .. }, Action::Acrobat { pos }) => {
                self.big_top.place_acrobat(table, player, pos, events)
            }
            (Pending::Deploy { player, .. }, Action::ScorePyramid { pos }) => {
                let (_, root) = super::big_top::acrobat_space(table, pos).expect("checked: an acrobat space");
                self.score_pyramid(table, root, Some(player), events);
            }
            (
                Pending::Deploy { player, .. },
                Action::ReturnFigure { figure, spot: FigureSpot::Feature { pos, feature } },
            ) if Traps::is_trap(table, pos, feature) => Traps::free(table, player, figure, pos, feature, events),
            (Pending::Deploy { player, .. }, Action::ReturnFigure { .. }) => {
                self.apply_festival(table, player, action, events)
            }
            (
                Pending::Deploy { player, .. },
                Action::BuildTower { .. } | Action::FinishTower { .. } | Action::PayRansom { .. },
            ) => self.tower.apply_figure_action(table, player, action, events),
            (Pending::Deploy { player, .. }, _) => {
                for (root, owner) in self.princess_dragon.apply_figure_action(table, player, action, events) {
                    self.follower_left(table, root, owner, events);
                }
            }
            _ => unreachable!("check_decision accepted the action"),
        }
        None
    }
}

// ----- The Festival (`festival.rs`): a figure taken back instead of a deployment -----

impl Modules {
    /// The festival's returns `player` may make instead of a deployment, one per figure (like
    /// figures on one segment or in one quarter are one choice), until `visit` returns true.
    #[inline(never)]
    pub(crate) fn festival_actions(
        &self,
        table: &Table,
        player: PlayerId,
        visit: &mut impl FnMut(Action) -> bool,
    ) -> bool {
        if !festival::on_tile_just_placed(table) || self.only_figure_actions(table, player) {
            return false;
        }
        for (i, f) in table.figures.iter().enumerate() {
            // A trapped follower is freed by the traps' own rule (`traps.rs`), in any turn.
            if f.owner != player
                || !festival::takes(table, f.figure)
                || table.features.kind(f.node) == FeatureKind::Trap
            {
                continue;
            }
            if table.earlier_on_segment(i, |_, e| e.owner == player && e.figure == f.figure) {
                continue;
            }
            let spot = FigureSpot::Feature { pos: table.pos_of(f.placement), feature: f.feature };
            if visit(Action::ReturnFigure { figure: f.figure, spot }) {
                return true;
            }
        }
        let residents = self.the_count.residents();
        for (i, r) in residents.iter().enumerate() {
            let first =
                !residents[..i].iter().any(|e| e.owner == r.owner && e.figure == r.figure && e.quarter == r.quarter);
            if r.owner == player && festival::takes(table, r.figure) && first {
                let spot = FigureSpot::Quarter(r.quarter);
                if visit(Action::ReturnFigure { figure: r.figure, spot }) {
                    return true;
                }
            }
        }
        if !festival::takes(table, Figure::Barn) {
            return false;
        }
        self.abbey_mayor.barns().iter().filter(|b| b.owner == player).any(|b| {
            visit(Action::ReturnFigure {
                figure: Figure::Barn,
                spot: FigureSpot::Corner { pos: b.pos, corner: b.corner },
            })
        })
    }

    /// Checks a festival return by `player`.
    pub(crate) fn check_festival(&self, table: &Table, player: PlayerId, action: Action) -> Result<(), RuleError> {
        let Action::ReturnFigure { figure, spot } = action else { unreachable!("dispatched by action") };
        if !festival::on_tile_just_placed(table) {
            return Err(RuleError::NoFestival);
        }
        if self.only_figure_actions(table, player) {
            return Err(RuleError::PrincessMustRemove);
        }
        if !festival::takes(table, figure) {
            return Err(RuleError::FestivalFollowersOnly(figure.name()));
        }
        let found = match spot {
            FigureSpot::Feature { pos, feature } => {
                table.figure_at_where(pos, feature, |f| f.owner == player && f.figure == figure).is_some()
            }
            FigureSpot::Quarter(quarter) => self.the_count.resident(player, figure, quarter).is_some(),
            FigureSpot::Corner { pos, corner } => {
                figure == Figure::Barn && self.abbey_mayor.barn_at(player, pos, corner).is_some()
            }
        };
        if found {
            Ok(())
        } else {
            Err(RuleError::NoOwnFigureThere(figure.name()))
        }
    }

    /// Takes the figure back to `player`'s supply (checked), without a score, with what its
    /// departure means to the other modules.
    pub(crate) fn apply_festival(
        &mut self,
        table: &mut Table,
        player: PlayerId,
        action: Action,
        events: &mut Vec<Event>,
    ) {
        let Action::ReturnFigure { figure, spot } = action else { unreachable!("dispatched by action") };
        events.push(Event::FestivalReturned { player, figure, spot });
        match spot {
            FigureSpot::Feature { pos, feature } => {
                let i = table.figure_at_where(pos, feature, |f| f.owner == player && f.figure == figure);
                let i = i.expect("checked: the figure");
                let f = table.take_figure(i);
                let root: NodeId = table.features.find(f.node);
                self.follower_left(table, root, player, events);
            }
            FigureSpot::Quarter(quarter) => {
                self.the_count.take_resident(player, figure, quarter);
                *table.players[player as usize].supply_mut(figure) += 1;
            }
            FigureSpot::Corner { pos, corner } => {
                self.abbey_mayor.take_barn(table, player, pos, corner);
                *table.players[player as usize].supply_mut(Figure::Barn) += 1;
            }
        }
    }
}

// ----- The Vodyanoy and Solovei Razboynik (`traps.rs`): the traps spring -----

impl Modules {
    /// The traps spring (steps 1C, 2C and 3C): the figures they catch move onto them, with what
    /// their leaving means to the other modules (a builder left alone goes home). `grown` is the
    /// tile just placed, at step 1C.
    #[inline(always)]
    pub(crate) fn spring_traps(&mut self, table: &mut Table, grown: Option<PlacementIndex>, events: &mut Vec<Event>) {
        // Three times a turn: in games without a trap on the board only this test runs.
        if !self.traps.is_empty() {
            self.spring_traps_now(table, grown, events);
        }
    }

    #[inline(never)]
    fn spring_traps_now(&mut self, table: &mut Table, grown: Option<PlacementIndex>, events: &mut Vec<Event>) {
        // A figure the tree catches and the lake then pulls in moves twice; each move gives it
        // a new serial.
        let mut renamed: Vec<(FigureSerial, FigureSerial)> = Vec::new();
        // Roads joined other than across edges: the ferries' (no distance) and the tunnels' (a
        // tile apart), for the distance to Solovei Razboynik's tree.
        let mut links = self.ferries.links(table);
        links.extend(table.underground.iter().map(|&(a, b)| (a, b, 1)));
        for (serial, trap) in self.traps.catches(table, grown, &links) {
            let serial = renamed.iter().rev().find(|(old, _)| *old == serial).map_or(serial, |&(_, new)| new);
            let Some(i) = table.figures.iter().position(|f| f.serial == serial) else { continue };
            let f = table.lift_figure(i);
            let root = table.features.find(f.node);
            renamed.push((serial, table.next_serial));
            table.put_figure(f.owner, f.figure, trap.placement, trap.feature);
            let pos = table.pos_of(trap.placement);
            events.push(Event::Trapped {
                player: f.owner,
                figure: f.figure,
                from: table.pos_of(f.placement),
                from_feature: f.feature,
                pos,
                feature: trap.feature,
            });
            // The dragon stands on the trap's tile: "at no point may followers occupy the same
            // tile as the dragon" (seed 001), so the figure pulled in is eaten at once, as the
            // dragon eats those on a tile it enters (our reading; docs/rules.md).
            if self.princess_dragon.dragon() == Some(pos) {
                let eaten = table.take_figure(table.figures.len() - 1);
                events.push(Event::FigureEaten {
                    player: eaten.owner,
                    figure: eaten.figure,
                    pos,
                    feature: eaten.feature,
                });
            }
            if f.figure.is_follower() {
                self.follower_left(table, root, f.owner, events);
            }
        }
        self.traps.sprang(table.next_serial);
    }
}

// ----- The Phantom (`phantom.rs`): step 2B-2, the phantom as a second follower -----

impl Modules {
    /// Notes the figure phase's action for the phantom's step.
    #[inline]
    pub(crate) fn note_figure_action(&mut self, action: Action) {
        if self.phantom_in_play {
            let rebuilt = self.rebuilt.is_some();
            self.phantom.note(action, rebuilt, self.unpunctual_in_play);
        }
    }

    /// Step 2B-2's choices, in order, until `visit` returns true: the phantom on each feature of
    /// the tile just placed where a follower may go, then through the magic gate or onto an
    /// earlier tile (unless step 2B-1 went elsewhere), then on top of each tower; last, `Pass`.
    pub(crate) fn each_phantom_action(&self, table: &Table, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) {
        if self.phantom_deployments(table, player, visit) {
            return;
        }
        visit(Action::Pass);
    }

    /// The phantom's deployments of step 2B-2 (without the pass); true once `visit` returned
    /// true.
    fn phantom_deployments(&self, table: &Table, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) -> bool {
        if table.players[player as usize].phantoms == 0 {
            return false;
        }
        let placement = table.last_placement();
        for (i, spec) in table.design(placement.tile).features.iter().enumerate() {
            let root = table.features.find(placement.first_node + i as NodeId);
            if Figure::Phantom.may_stand_on(spec.kind)
                && self.check_deploy(table, Figure::Phantom, spec, root).is_ok()
                && visit(Action::Deploy { figure: Figure::Phantom, feature: i as LocalFeature })
            {
                return true;
            }
        }
        let elsewhere = self.phantom.elsewhere_open();
        let mut phantom_only = |action: Action| match action {
            Action::DeployAt { figure: Figure::Phantom, .. } if elsewhere => visit(action),
            Action::FinishTower { figure: Figure::Phantom, .. } | Action::Fly { figure: Figure::Phantom } => {
                visit(action)
            }
            _ => false,
        };
        let dragon = self.princess_dragon.dragon();
        // The Flier: the machine, where step 2B-1 did not use it.
        if self.in_play(ModuleId::Flier) && self.flier.each_flight(table, player, true, &mut phantom_only) {
            return true;
        }
        if self.in_play(ModuleId::PrincessDragon)
            && self.princess_dragon.gate_deployments_now(table, player, &mut phantom_only)
        {
            return true;
        }
        if self.unpunctual_in_play && self.unpunctuality.actions(table, player, dragon, &mut phantom_only) {
            return true;
        }
        self.tower_in_play && self.tower.tower_actions(table, player, dragon, &mut phantom_only)
    }

    /// Whether step 2B-2 would offer the phantom somewhere (else it is not asked).
    pub(crate) fn phantom_has_somewhere(&self, table: &Table, player: PlayerId) -> bool {
        self.phantom_deployments(table, player, &mut |_| true)
    }

    /// Checks an action of step 2B-2.
    pub(crate) fn check_phantom(&self, table: &Table, player: PlayerId, action: Action) -> Result<(), RuleError> {
        let figure = match action {
            Action::Pass => return Ok(()),
            Action::Deploy { figure, .. }
            | Action::DeployAt { figure, .. }
            | Action::FinishTower { figure, .. }
            | Action::Fly { figure } => figure,
            _ => {
                return Err(RuleError::wrong_decision(
                    Pending::Phantom { player, pos: table.last_placement().pos },
                    action,
                ))
            }
        };
        if figure != Figure::Phantom {
            return Err(RuleError::OnlyThePhantomNow(figure.name()));
        }
        let state = &table.players[player as usize];
        if state.phantoms == 0 {
            return Err(RuleError::NoFigureInSupply(state.color, figure.name()));
        }
        if let Action::Deploy { feature, .. } = action {
            let placement = table.last_placement();
            let spec =
                table.design(placement.tile).features.get(feature as usize).ok_or(RuleError::NoSuchFeature(feature))?;
            let root = table.features.find(placement.first_node + feature as NodeId);
            return self.check_deploy(table, Figure::Phantom, spec, root);
        }
        if matches!(action, Action::DeployAt { .. }) && !self.phantom.elsewhere_open() {
            return Err(RuleError::PhantomGateUsed);
        }
        if let Action::Fly { figure } = action {
            return self.flier.check_flight(table, player, figure);
        }
        let mut listed = false;
        self.phantom_deployments(table, player, &mut |a| {
            listed = a == action;
            listed
        });
        if listed {
            return Ok(());
        }
        // The figure phase's own check names what is wrong; else the place is no follower's.
        let pos = table.last_placement().pos;
        self.check_decision(table, Pending::Deploy { player, pos }, action)?;
        Err(RuleError::PhantomCannotGoThere)
    }

    /// Applies a checked action of step 2B-2; the phantom's landing, if it flew and can land.
    pub(crate) fn apply_phantom(
        &mut self,
        table: &mut Table,
        player: PlayerId,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Option<Pending> {
        match action {
            Action::Pass => return None,
            Action::Deploy { figure, feature } => {
                let pos = table.last_placement().pos;
                table.deploy(player, figure, table.last_placement_index(), feature);
                events.push(Event::FigureDeployed { player, figure, pos, feature });
            }
            // The Flier: the phantom's landing is asked at once, within its step.
            Action::Fly { figure } => {
                let dragon = self.princess_dragon.dragon();
                return self.flier.fly(table, player, figure, dragon, true, events);
            }
            _ => {
                let pos = table.last_placement().pos;
                self.apply_decision(table, Pending::Deploy { player, pos }, action, events);
            }
        }
        // A phantom deployed onto a trap is caught as any follower deployed there.
        self.spring_traps(table, None, events);
        None
    }
}
