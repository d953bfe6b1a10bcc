//! The variation "Prisoners" (seed 001, SELECTED VARIATIONS):
//!
//! > If a follower 'enters' an already occupied city via the placement of a connecting tile,
//! > the player who deployed the follower can opt for it to take captive one of the other
//! > followers in the feature. In this case, both followers are given to the player: his or her
//! > follower must be assigned to 'guard duty'. However, the 'guard' can be deployed to a tile at
//! > any time, at which point the prisoner is returned to its owner.
//!
//! Before the drawn tile joins the board, the parts of the cities it is about to connect are
//! noted with the followers in each (`note_parts`). After the figure phase (step 2C), the player
//! who placed it may take prisoner one follower of another player from one part when one of
//! their own followers stood in another part of the same city (`Pending::TakePrisoner`). Both
//! leave the board: the prisoner, and the player's follower as its guard. In a later figure
//! phase the player may release a prisoner (`Action::ReleasePrisoner`): the guard comes back to
//! their supply, to be deployed, and the prisoner to its owner's. The readings where the
//! passage is silent are listed in docs/rules.md ("Prisoners").

use crate::actions::{Action, Pending};
use crate::catalog::{FeatureKind, LocalFeature, TileId, NO_FEATURE};
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::{Pos, Rotation, Side};
use crate::players::{Figure, FigureSerial, PlayerId};
use crate::table::Table;

use super::hooks::{Hook, HookPoint, Hooks, Module};

/// A follower on guard duty and the prisoner it guards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guard {
    /// The player who took the prisoner; the guard is theirs.
    pub captor: PlayerId,
    /// The kind of the captor's follower on guard duty.
    pub guard: Figure,
    /// The prisoner's owner.
    pub owner: PlayerId,
    /// The prisoner's kind.
    pub prisoner: Figure,
}

/// A follower standing, when the tile was placed, in one part of a city the tile joined.
#[derive(Clone, Copy, Debug)]
struct Entrant {
    /// The placed tile's city feature that joins the part.
    joined_by: LocalFeature,
    /// The part's root before the join.
    part: NodeId,
    serial: FigureSerial,
    owner: PlayerId,
    figure: Figure,
}

/// The guards and the parts the last tile joined.
#[derive(Clone, Debug, Default)]
pub(crate) struct Prisoners {
    guards: Vec<Guard>,
    entrants: Vec<Entrant>,
}

impl Prisoners {
    pub(crate) fn guards(&self) -> &[Guard] {
        &self.guards
    }

    /// Before `tile` turned by `rotation` joins the board at `pos`: the followers in each part
    /// of the cities it will connect (only where it connects two parts or more).
    #[cold]
    pub(crate) fn note_parts(&mut self, table: &Table, tile: TileId, rotation: Rotation, pos: Pos) {
        self.entrants.clear();
        let view = table.design(tile).view(rotation);
        let mut parts: Vec<(LocalFeature, NodeId)> = vec![];
        for side in Side::ALL {
            let ours = view.port_feature[side.centre().index()];
            if ours == NO_FEATURE || table.design(tile).features[ours as usize].kind != FeatureKind::City {
                continue;
            }
            let Some(n) = table.board.get(pos.step(side)) else { continue };
            let theirs = table.design(n.tile).view(n.rotation).port_feature[side.centre().facing().index()];
            if theirs == NO_FEATURE {
                continue;
            }
            let part = table.features.find(n.first_node + theirs as NodeId);
            if !parts.contains(&(ours, part)) {
                parts.push((ours, part));
            }
        }
        for &(joined_by, part) in &parts {
            if parts.iter().filter(|(j, _)| *j == joined_by).count() < 2 {
                continue;
            }
            for f in table.figures.iter().filter(|f| f.figure.is_follower()) {
                if table.features.find(f.node) == part {
                    self.entrants.push(Entrant { joined_by, part, serial: f.serial, owner: f.owner, figure: f.figure });
                }
            }
        }
    }

    /// Whether the entrant is still on the board (a dragon may have eaten it since).
    fn on_board(table: &Table, e: &Entrant) -> bool {
        table.figures.iter().any(|f| f.serial == e.serial)
    }

    /// The followers `player` may take prisoner, with the guard for each: one of `player`'s
    /// followers from another part of the same city (a small follower before a big one, then
    /// the first deployed).
    fn captures<'a>(&'a self, table: &'a Table, player: PlayerId) -> impl Iterator<Item = (Entrant, Entrant)> + 'a {
        self.entrants.iter().filter(move |e| e.owner != player && Self::on_board(table, e)).filter_map(move |e| {
            let guard = self
                .entrants
                .iter()
                .filter(|g| g.owner == player && g.joined_by == e.joined_by && g.part != e.part)
                .filter(|g| Self::on_board(table, g))
                .min_by_key(|g| (g.figure != Figure::Follower, g.serial))?;
            Some((*e, *guard))
        })
    }

    fn figure_index(table: &Table, serial: FigureSerial) -> usize {
        table.figures.iter().position(|f| f.serial == serial).expect("an entrant on the board")
    }

    pub(crate) fn each_capture(&self, table: &Table, pending: Pending, mut visit: impl FnMut(Action) -> bool) {
        let Pending::TakePrisoner { player } = pending else { return };
        for (captive, _) in self.captures(table, player) {
            let f = &table.figures[Self::figure_index(table, captive.serial)];
            if visit(Action::TakePrisoner { pos: table.pos_of(f.placement), feature: f.feature }) {
                return;
            }
        }
        visit(Action::Pass);
    }

    /// The captive a `TakePrisoner` action names, with its guard.
    fn capture_of(
        &self,
        table: &Table,
        player: PlayerId,
        pos: Pos,
        feature: LocalFeature,
    ) -> Option<(Entrant, Entrant)> {
        self.captures(table, player).find(|(captive, _)| {
            let f = &table.figures[Self::figure_index(table, captive.serial)];
            table.pos_of(f.placement) == pos && f.feature == feature
        })
    }

    /// The follower of `player`'s that would guard the follower on feature `feature` of the
    /// tile at `pos` if it were taken prisoner now: its tile and feature.
    pub(crate) fn guard_for(
        &self,
        table: &Table,
        player: PlayerId,
        pos: Pos,
        feature: LocalFeature,
    ) -> Option<(Pos, LocalFeature)> {
        let (_, guard) = self.capture_of(table, player, pos, feature)?;
        let f = &table.figures[Self::figure_index(table, guard.serial)];
        Some((table.pos_of(f.placement), f.feature))
    }

    pub(crate) fn check_capture(&self, table: &Table, pending: Pending, action: Action) -> Result<(), RuleError> {
        let Pending::TakePrisoner { player } = pending else { unreachable!("dispatched by pending") };
        match action {
            Action::Pass => Ok(()),
            Action::TakePrisoner { pos, feature } => match self.capture_of(table, player, pos, feature) {
                Some(_) => Ok(()),
                None => Err(RuleError::NoPrisonerThere(pos, feature)),
            },
            _ => Err(RuleError::wrong_decision(pending, action)),
        }
    }

    /// A checked capture (or pass): the prisoner and its guard leave the board. Returns the
    /// cities they left, with their owners, for the modules that follow followers.
    pub(crate) fn apply_capture(
        &mut self,
        table: &mut Table,
        pending: Pending,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Vec<(NodeId, PlayerId)> {
        let Pending::TakePrisoner { player } = pending else { unreachable!("dispatched by pending") };
        let Action::TakePrisoner { pos, feature } = action else {
            events.push(Event::Passed { player });
            self.entrants.clear();
            return vec![];
        };
        let (captive, guard) = self.capture_of(table, player, pos, feature).expect("checked");
        let captive_index = Self::figure_index(table, captive.serial);
        let root = table.features.find(table.figures[captive_index].node);
        table.lift_figure(captive_index);
        let guard_index = Self::figure_index(table, guard.serial);
        let guard_at = table.figures[guard_index];
        table.lift_figure(guard_index);
        events.push(Event::PrisonerTaken {
            player,
            owner: captive.owner,
            figure: captive.figure,
            pos,
            feature,
            guard: guard.figure,
            guard_pos: table.pos_of(guard_at.placement),
            guard_feature: guard_at.feature,
        });
        self.guards.push(Guard { captor: player, guard: guard.figure, owner: captive.owner, prisoner: captive.figure });
        self.entrants.clear();
        vec![(root, captive.owner), (root, player)]
    }

    /// The releases `player` may make in the figure phase, one per prisoner they hold (the
    /// first of each owner and kind).
    pub(crate) fn each_release(&self, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) -> bool {
        for (i, g) in self.guards.iter().enumerate() {
            let first =
                self.guards[..i].iter().all(|h| (h.captor, h.owner, h.prisoner) != (player, g.owner, g.prisoner));
            if g.captor == player && first && visit(Action::ReleasePrisoner { owner: g.owner, figure: g.prisoner }) {
                return true;
            }
        }
        false
    }

    pub(crate) fn check_release(&self, player: PlayerId, action: Action) -> Result<(), RuleError> {
        let Action::ReleasePrisoner { owner, figure } = action else { unreachable!("dispatched by action") };
        match self.guards.iter().any(|g| (g.captor, g.owner, g.prisoner) == (player, owner, figure)) {
            true => Ok(()),
            false => Err(RuleError::NotYourPrisoner(figure.name())),
        }
    }

    /// A checked release: the guard back to `player`'s supply (to be deployed), the prisoner to
    /// its owner's.
    pub(crate) fn release(&mut self, table: &mut Table, player: PlayerId, action: Action, events: &mut Vec<Event>) {
        let Action::ReleasePrisoner { owner, figure } = action else { unreachable!("dispatched by action") };
        let i = self.guards.iter().position(|g| (g.captor, g.owner, g.prisoner) == (player, owner, figure));
        let g = self.guards.remove(i.expect("checked"));
        *table.players[player as usize].supply_mut(g.guard) += 1;
        *table.players[owner as usize].supply_mut(figure) += 1;
        events.push(Event::PrisonerReleased { player, guard: g.guard, owner, figure });
    }
}

impl Module for Prisoners {
    const HOOKS: Hooks = Hooks::of(&[Hook::At]);

    /// Step 2C: the capture is offered when the tile joined a part of a city holding one of the
    /// player's followers to a part holding another player's.
    fn at(
        &mut self,
        point: HookPoint,
        table: &mut Table,
        _dragon: Option<Pos>,
        _events: &mut Vec<Event>,
    ) -> Option<Pending> {
        if point != HookPoint::AfterFigures || self.entrants.is_empty() {
            return None;
        }
        let player = table.current;
        if self.captures(table, player).next().is_some() {
            Some(Pending::TakePrisoner { player })
        } else {
            self.entrants.clear();
            None
        }
    }
}
