//! The Tower (seed 001, "THE TOWER", footnotes 99-112; its rows of the "Summary of rule sets";
//! seed 004's steps 2B and "Deploy / move a neutral figure").
//!
//! - **Tower pieces**: "two players: ten pieces each; three players: nine; four players: seven;
//!   five players: six; six players: five" (seed 001 and seed 004, Preparation).
//! - **Instead of deploying**: "Instead of moving the fairy or deploying a follower, builder or
//!   pig, a player may now decide to place one of his or her tower pieces on any tile with a
//!   tower foundation which is already in play, or on a tower which is already under
//!   construction; or to finish the construction of a tower by deploying a follower to the top
//!   of it" (FAQ 32: only one of these alternatives). A finished tower "may not be built any
//!   further"; its follower "remains on top of the tower until the end of the game" unless eaten
//!   by the dragon or captured by another tower (footnotes 105-107), and the tower stays
//!   finished then. The Rio Grande text reads otherwise (INCORPORATED FAQ 32: pieces go "on top
//!   of any already placed tower (without a guard)"): under `Variants::unguarded_tower_reopens`
//!   a tower whose guard left takes pieces and a new guard again. Only a follower, small or
//!   big, finishes a tower: builders and pigs only where they are followers (footnote 104, FAQ
//!   36), the abbot never (seed 000, The Abbot, note 27). No follower ever stands on the dragon's
//!   tile (THE PRINCESS AND THE DRAGON).
//! - **Capture**: "Whenever a player places a tower piece, he or she may take one big or small
//!   follower prisoner" (footnote 99), "Builders and pigs cannot be taken prisoner" (footnote
//!   101; the original boxes' row takes them too: `Variants::tower_captures_builders_and_pigs`).
//!   The reach: "the tower tile itself, as well as the tiles which connect to it horizontally and
//!   vertically" for one storey, "With every piece placed on the tower, its range increases by
//!   four tiles. It is possible to take prisoners over 'holes' in the tile placement, as well as
//!   over other towers of any height." A follower on another tower can be taken (footnote 107,
//!   FAQ 35; not under the original Rio Grande rules: `tower_captures_guards`); one's own
//!   follower "should be returned to the supply" (footnotes 100, 102; the original boxes forbid
//!   it: `tower_captures_own_followers`). "Should the last thief, knight or farmer of a player be
//!   removed from a road, city or farm which includes the player's builder or pig, then the
//!   builder or pig is also removed" (footnote 103; the dispatch calls `follower_left`).
//!   Prisoners are taken before the dragon moves (footnote 102, FAQ: "placing a tower piece is an
//!   alternative to deploying a follower, so occurs before dragon movement"): this module runs
//!   before The Princess & the Dragon at step 2C.
//! - **Prisoners**: "Whenever two players have captured one of each other's followers, they are
//!   immediately exchanged" (footnote 109: "The exchange is automatic"); "If one of the players
//!   has several prisoners belonging to the other player, the owner may decide which prisoner
//!   should be returned" (footnote 110). "During their turn a player may decide to pay the ransom
//!   and buy back one prisoner from one opponent ... back three spaces, and the marker of the
//!   opponent forward three. This follower may then be deployed in the same turn": 3 points
//!   whatever the figure (footnote 111), once per turn, a double turn included (footnote 112).
//!   The engine offers the ransom in the figure phase (before the deployment it makes possible;
//!   paying it earlier in the turn would change nothing) and only to a player with 3 points to
//!   pay: a scoring marker cannot move back past the start of the track. Under
//!   `Variants::short_ransom` a player with fewer pays too: their marker goes back to 0 and the
//!   captor's forward 3, the passage moving the two markers separately (event
//!   `ShortRansomPaid`, which says what each side lost and gained).

use crate::actions::{Action, Pending};
use crate::board::PlacementIndex;
use crate::catalog::{FeatureKind, LocalFeature};
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::{Figure, PlayerId, MAX_PLAYERS};
use crate::rules::Rules;
use crate::table::Table;

use super::hooks::{Hook, HookPoint, Hooks, Module};
use super::princess_dragon::Departures;

/// Points a ransom costs.
pub const RANSOM: u32 = 3;

/// A tower foundation in play and the tower on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TowerSite {
    pub pos: Pos,
    /// The tile's placement and its tower feature (where a guard stands).
    pub placement: PlacementIndex,
    pub feature: LocalFeature,
    /// Tower pieces on the foundation (0: a bare foundation).
    pub height: u8,
    /// A follower was put on top: the tower takes no more pieces, even once its guard is gone
    /// (under `unguarded-tower-reopens`, only while its guard stands there).
    pub finished: bool,
}

/// A figure held prisoner by another player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prisoner {
    pub captor: PlayerId,
    pub owner: PlayerId,
    pub figure: Figure,
}

/// The towers, the tower pieces and the prisoners.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tower {
    readings: Readings,
    /// Tower pieces in each player's supply.
    pieces: [u8; MAX_PLAYERS],
    /// Every tower foundation in play, in the order their tiles were placed.
    sites: Vec<TowerSite>,
    /// Prisoners, in the order they were taken.
    prisoners: Vec<Prisoner>,
    /// The current player paid a ransom this turn.
    ransom_paid: bool,
    /// The tower built this turn, whose capture comes at step 2C.
    built: Option<Pos>,
}

/// The rule-set rows of this expansion.
#[derive(Clone, Copy, Debug, Default)]
struct Readings {
    builders_and_pigs: bool,
    guards: bool,
    own_followers: bool,
    builders_are_followers: bool,
    /// A tower whose guard left is open again (`unguarded_tower_reopens`).
    reopens: bool,
    /// A player with fewer than 3 points may pay a ransom (`short_ransom`).
    short_ransom: bool,
}

impl Tower {
    pub(crate) fn new(rules: &Rules, players: usize) -> Tower {
        let v = &rules.variants;
        let each = match players {
            2 => 10,
            3 => 9,
            4 => 7,
            5 => 6,
            _ => 5,
        };
        let mut pieces = [0; MAX_PLAYERS];
        if rules.has(crate::rules::Expansion::Tower) {
            pieces[..players.min(MAX_PLAYERS)].fill(each);
        }
        Tower {
            readings: Readings {
                builders_and_pigs: v.tower_captures_builders_and_pigs,
                guards: v.tower_captures_guards,
                own_followers: v.tower_captures_own_followers,
                builders_are_followers: v.builders_and_pigs_are_followers,
                reopens: v.unguarded_tower_reopens,
                short_ransom: v.short_ransom,
            },
            pieces,
            ..Tower::default()
        }
    }

    pub(crate) fn sites(&self) -> &[TowerSite] {
        &self.sites
    }

    pub(crate) fn pieces(&self) -> &[u8; MAX_PLAYERS] {
        &self.pieces
    }

    pub(crate) fn prisoners(&self) -> &[Prisoner] {
        &self.prisoners
    }

    pub(crate) fn ransom_paid(&self) -> bool {
        self.ransom_paid
    }

    /// The variation "Rebuilding": the tile of `placement` now stands at `pos` (only an empty
    /// foundation moves: a tower piece occupies its tile).
    pub(crate) fn tile_moved(&mut self, placement: PlacementIndex, pos: Pos) {
        for site in self.sites.iter_mut().filter(|s| s.placement == placement) {
            site.pos = pos;
        }
    }

    fn site(&self, pos: Pos) -> Option<usize> {
        self.sites.iter().position(|s| s.pos == pos)
    }

    // ----- Building and finishing -----

    /// Whether `figure` may finish a tower: a follower, small or big (a builder or pig where
    /// they count as followers), never the abbot; nor Abbey & Mayor's figures: the mayor goes
    /// only into a city, the wagon only onto a road, city or cloister, the barn only on a
    /// corner (seed 001, ABBEY AND MAYOR), and a tower's top is none of these.
    fn may_guard(&self, figure: Figure) -> bool {
        match figure {
            // The Phantom: "it can be placed on top of a stack of Tower Floors to close the
            // tower" (the Phantom's page, other expansions).
            Figure::Follower | Figure::BigFollower | Figure::Phantom | Figure::Ringmaster => true,
            Figure::Builder | Figure::Pig => self.readings.builders_are_followers,
            Figure::Abbot | Figure::Mayor | Figure::Wagon | Figure::Barn | Figure::Shepherd => false,
        }
    }

    /// The figure phase's actions: tower pieces, then figures on top of towers (in the order of
    /// the sites, then of the figures), then ransoms. `dragon` is the dragon's tile, where no
    /// follower may go.
    pub(crate) fn tower_actions(
        &self,
        table: &Table,
        player: PlayerId,
        dragon: Option<Pos>,
        visit: &mut impl FnMut(Action) -> bool,
    ) -> bool {
        if self.pieces[player as usize] > 0 {
            for site in self.sites.iter().filter(|s| !s.finished) {
                if visit(Action::BuildTower { pos: site.pos }) {
                    return true;
                }
            }
        }
        let state = &table.players[player as usize];
        for site in self.sites.iter().filter(|s| !s.finished && s.height > 0 && dragon != Some(s.pos)) {
            for figure in Figure::ALL {
                if self.may_guard(figure)
                    && state.in_supply(figure) > 0
                    && visit(Action::FinishTower { pos: site.pos, figure })
                {
                    return true;
                }
            }
        }
        self.ransoms(table, player, visit)
    }

    /// Whether a player with `score` points can pay a ransom: with 3 points, or with fewer under
    /// `short_ransom`.
    fn can_pay(&self, score: u32) -> bool {
        score >= RANSOM || self.readings.short_ransom
    }

    /// The ransoms `player` may pay now: one per captor and kind of figure held.
    fn ransoms(&self, table: &Table, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) -> bool {
        if self.ransom_paid || !self.can_pay(table.players[player as usize].score) {
            return false;
        }
        for (i, p) in self.prisoners.iter().enumerate() {
            let first_of_kind =
                !self.prisoners[..i].iter().any(|q| q.owner == p.owner && q.captor == p.captor && q.figure == p.figure);
            if p.owner == player && first_of_kind && visit(Action::PayRansom { captor: p.captor, figure: p.figure }) {
                return true;
            }
        }
        false
    }

    pub(crate) fn check_figure_action(
        &self,
        table: &Table,
        player: PlayerId,
        action: Action,
        dragon: Option<Pos>,
    ) -> Result<(), RuleError> {
        match action {
            Action::BuildTower { pos } => {
                match self.site(pos) {
                    Some(i) if !self.sites[i].finished => {}
                    _ => return Err(RuleError::NoTowerToBuild(pos)),
                }
                if self.pieces[player as usize] == 0 {
                    return Err(RuleError::NoTowerPiece);
                }
                Ok(())
            }
            Action::FinishTower { pos, figure } => {
                match self.site(pos) {
                    Some(i) if !self.sites[i].finished && self.sites[i].height > 0 => {}
                    _ => return Err(RuleError::NoTowerToFinish(pos)),
                }
                if !self.may_guard(figure) {
                    return Err(RuleError::CannotGuardTower(figure.name()));
                }
                let state = &table.players[player as usize];
                if state.in_supply(figure) == 0 {
                    return Err(RuleError::NoFigureInSupply(state.color, figure.name()));
                }
                if dragon == Some(pos) {
                    return Err(RuleError::DragonTile(pos));
                }
                Ok(())
            }
            Action::PayRansom { captor, figure } => {
                if self.ransom_paid {
                    return Err(RuleError::RansomAlreadyPaid);
                }
                if !self.prisoners.iter().any(|p| p.owner == player && p.captor == captor && p.figure == figure) {
                    return Err(RuleError::NoSuchPrisoner);
                }
                let score = table.players[player as usize].score;
                if !self.can_pay(score) {
                    return Err(RuleError::RansomTooDear(score));
                }
                Ok(())
            }
            _ => unreachable!("the dispatch sends only this module's actions"),
        }
    }

    pub(crate) fn apply_figure_action(
        &mut self,
        table: &mut Table,
        player: PlayerId,
        action: Action,
        events: &mut Vec<Event>,
    ) {
        match action {
            Action::BuildTower { pos } => {
                let i = self.site(pos).expect("checked");
                self.pieces[player as usize] -= 1;
                self.sites[i].height += 1;
                self.built = Some(pos);
                events.push(Event::TowerBuilt { player, pos, height: self.sites[i].height });
            }
            Action::FinishTower { pos, figure } => {
                let i = self.site(pos).expect("checked");
                let site = &mut self.sites[i];
                site.finished = true;
                table.deploy(player, figure, site.placement, site.feature);
                events.push(Event::FigureDeployed { player, figure, pos, feature: site.feature });
            }
            Action::PayRansom { captor, figure } => {
                let i = self
                    .prisoners
                    .iter()
                    .position(|p| p.owner == player && p.captor == captor && p.figure == figure)
                    .expect("checked");
                self.prisoners.remove(i);
                self.ransom_paid = true;
                *table.players[player as usize].supply_mut(figure) += 1;
                let score = table.players[player as usize].score;
                table.players[captor as usize].score += RANSOM;
                if score >= RANSOM {
                    table.players[player as usize].score -= RANSOM;
                    events.push(Event::RansomPaid { player, captor, figure, points: RANSOM });
                } else {
                    // `short_ransom`: the payer's marker stops at the start of the track.
                    table.players[player as usize].score = 0;
                    events.push(Event::ShortRansomPaid { player, captor, figure, paid: score, received: RANSOM });
                }
            }
            _ => unreachable!("the dispatch sends only this module's actions"),
        }
    }

    // ----- Capture -----

    /// Whether `pos` is within the reach of a tower `height` pieces high at `tower`.
    pub(crate) fn in_reach(tower: Pos, height: u8, pos: Pos) -> bool {
        let (dx, dy) = ((pos.x - tower.x).unsigned_abs(), (pos.y - tower.y).unsigned_abs());
        (dx == 0 && dy <= height as u16) || (dy == 0 && dx <= height as u16)
    }

    /// The figures the tower at `tower` may take for `player`, as indices into the table's
    /// figures.
    fn captures<'a>(&'a self, table: &'a Table, player: PlayerId, tower: Pos) -> impl Iterator<Item = usize> + 'a {
        let height = self.site(tower).map_or(0, |i| self.sites[i].height);
        table.figures.iter().enumerate().filter_map(move |(i, f)| {
            let pos = table.pos_of(f.placement);
            let allowed = Tower::in_reach(tower, height, pos)
                // The builder and the pig under the original boxes' row; never the shepherd
                // (Hills & Sheep), no follower in any rule set.
                && (f.figure.is_follower() || (self.readings.builders_and_pigs && f.figure.joins_a_follower()))
                && (f.owner != player || self.readings.own_followers)
                && (self.readings.guards || table.features.kind(f.node) != FeatureKind::Tower)
                // The variation "Mountains": a miner remains "until the end of the game"; so does
                // a captive of the Vodyanoy (our reading for Solovei Razboynik's tree too).
                && !matches!(table.features.kind(f.node), FeatureKind::Mountain | FeatureKind::Trap);
            allowed.then_some(i)
        })
    }

    /// The first figure the tower at `tower` may take for `player` on feature `feature` of the
    /// tile at `pos`.
    fn capture_at(
        &self,
        table: &Table,
        player: PlayerId,
        tower: Pos,
        pos: Pos,
        feature: LocalFeature,
    ) -> Option<usize> {
        self.captures(table, player, tower)
            .find(|&i| table.figures[i].feature == feature && table.pos_of(table.figures[i].placement) == pos)
    }

    pub(crate) fn each_capture(&self, table: &Table, pending: Pending, mut visit: impl FnMut(Action) -> bool) {
        let Pending::Capture { player, pos } = pending else { return };
        let mut offered: Vec<(PlacementIndex, LocalFeature)> = vec![];
        for i in self.captures(table, player, pos) {
            let f = &table.figures[i];
            // Two figures on one segment (a religious war's knights) are one choice: the first.
            if offered.contains(&(f.placement, f.feature)) {
                continue;
            }
            offered.push((f.placement, f.feature));
            if visit(Action::Capture { pos: table.pos_of(f.placement), feature: f.feature }) {
                return;
            }
        }
        visit(Action::Pass);
    }

    pub(crate) fn check_capture(&self, table: &Table, pending: Pending, action: Action) -> Result<(), RuleError> {
        let Pending::Capture { player, pos: tower } = pending else { unreachable!("dispatched by pending") };
        match action {
            Action::Pass => Ok(()),
            Action::Capture { pos, feature } => {
                if self.capture_at(table, player, tower, pos, feature).is_some() {
                    Ok(())
                } else {
                    Err(RuleError::CannotCapture(pos, feature))
                }
            }
            _ => Err(RuleError::wrong_decision(pending, action)),
        }
    }

    /// A checked capture (or pass): the figure leaves the board, to its owner's supply if it is
    /// the captor's own, else to the captor's prisoners; an exchange follows where the owner
    /// holds one of the captor's. Returns the exchange's decision when the captor must choose,
    /// and the feature the figure left.
    pub(crate) fn apply_capture(
        &mut self,
        table: &mut Table,
        pending: Pending,
        action: Action,
        events: &mut Vec<Event>,
    ) -> (Option<Pending>, Departures) {
        let Pending::Capture { player, .. } = pending else { unreachable!("dispatched by pending") };
        let Action::Capture { pos, feature } = action else {
            events.push(Event::Passed { player });
            return (None, vec![]);
        };
        let Pending::Capture { pos: tower, .. } = pending else { unreachable!("dispatched by pending") };
        let i = self.capture_at(table, player, tower, pos, feature).expect("checked");
        let root: NodeId = table.features.find(table.figures[i].node);
        let f = table.lift_figure(i);
        events.push(Event::Captured { player, owner: f.owner, figure: f.figure, pos, feature });
        let departures = vec![(root, f.owner)];
        if f.owner == player {
            *table.players[player as usize].supply_mut(f.figure) += 1;
            return (None, departures);
        }
        self.prisoners.push(Prisoner { captor: player, owner: f.owner, figure: f.figure });
        (self.exchange(table, player, f.owner, None, events), departures)
    }

    /// The kinds of `owner`'s figures that `captor` holds, in `Figure::ALL` order.
    fn held_kinds(&self, captor: PlayerId, owner: PlayerId) -> impl Iterator<Item = Figure> + '_ {
        Figure::ALL
            .into_iter()
            .filter(move |&k| self.prisoners.iter().any(|p| p.captor == captor && p.owner == owner && p.figure == k))
    }

    /// After `player` took one of `other`'s figures: if `other` holds figures of `player`'s,
    /// they are exchanged, the one `player` chose (`choice`) or the only kind held; a decision
    /// when `player` has a choice to make.
    fn exchange(
        &mut self,
        table: &mut Table,
        player: PlayerId,
        other: PlayerId,
        choice: Option<Figure>,
        events: &mut Vec<Event>,
    ) -> Option<Pending> {
        let (first, second) = {
            let mut kinds = self.held_kinds(other, player);
            (kinds.next(), kinds.next())
        };
        let figure = match (choice, first, second) {
            (_, None, _) => return None,
            (Some(chosen), _, _) => chosen,
            (None, Some(only), None) => only,
            (None, Some(_), Some(_)) => return Some(Pending::Exchange { player, other }),
        };
        // `player` took exactly one of `other`'s figures since their last exchange: a player
        // holding figures of someone who holds none of theirs exchanges nothing, and any
        // capture that brought both sides to hold each other's was exchanged at once.
        let theirs = self.prisoners.iter().rposition(|p| p.captor == player && p.owner == other).expect("just taken");
        let other_figure = self.prisoners.remove(theirs).figure;
        let mine = self
            .prisoners
            .iter()
            .position(|p| p.captor == other && p.owner == player && p.figure == figure)
            .expect("a kind held");
        self.prisoners.remove(mine);
        *table.players[player as usize].supply_mut(figure) += 1;
        *table.players[other as usize].supply_mut(other_figure) += 1;
        events.push(Event::PrisonersExchanged { player, figure, other, other_figure });
        None
    }

    pub(crate) fn each_exchange(&self, pending: Pending, mut visit: impl FnMut(Action) -> bool) {
        let Pending::Exchange { player, other } = pending else { return };
        for figure in self.held_kinds(other, player) {
            if visit(Action::Exchange { figure }) {
                return;
            }
        }
    }

    pub(crate) fn check_exchange(&self, pending: Pending, action: Action) -> Result<(), RuleError> {
        let Pending::Exchange { player, other } = pending else { unreachable!("dispatched by pending") };
        match action {
            Action::Exchange { figure } if self.held_kinds(other, player).any(|k| k == figure) => Ok(()),
            Action::Exchange { .. } => Err(RuleError::NoSuchPrisoner),
            _ => Err(RuleError::wrong_decision(pending, action)),
        }
    }

    pub(crate) fn apply_exchange(
        &mut self,
        table: &mut Table,
        pending: Pending,
        action: Action,
        events: &mut Vec<Event>,
    ) {
        let (Pending::Exchange { player, other }, Action::Exchange { figure }) = (pending, action) else {
            unreachable!("checked")
        };
        self.exchange(table, player, other, Some(figure), events);
    }
}

impl Module for Tower {
    const HOOKS: Hooks = Hooks::of(&[Hook::BeginTurn, Hook::TilePut, Hook::FollowerLeft, Hook::At]);

    /// A new turn: no ransom paid yet (a double turn's second tile is the same turn).
    fn begin_turn(&mut self, _table: &mut Table, _events: &mut Vec<Event>) {
        self.ransom_paid = false;
    }

    /// A tile with a tower foundation joins the board.
    fn tile_put(&mut self, table: &mut Table, placement: PlacementIndex) {
        let placed = *table.board.placement(placement);
        let features = &table.design(placed.tile).features;
        if let Some(feature) = features.iter().position(|f| f.kind == FeatureKind::Tower) {
            let feature = feature as LocalFeature;
            self.sites.push(TowerSite { pos: placed.pos, placement, feature, height: 0, finished: false });
        }
    }

    /// A guard left its tower (captured or eaten): under `unguarded_tower_reopens` the tower is
    /// open again, for pieces and for a new guard ("one of his towers on top of any already
    /// placed tower (without a guard), or close a tower by placing one of his followers on top
    /// of it", the Rio Grande text of INCORPORATED FAQ 32). A tower feature is a node of its own.
    fn follower_left(&mut self, table: &mut Table, root: NodeId, _player: PlayerId, _events: &mut Vec<Event>) {
        if !self.readings.reopens || table.features.kind(root) != FeatureKind::Tower {
            return;
        }
        for site in self.sites.iter_mut().filter(|s| s.finished) {
            let node = table.board.placement(site.placement).first_node + site.feature as NodeId;
            if table.features.find(node) == root {
                site.finished =
                    table.figures.iter().any(|f| f.placement == site.placement && f.feature == site.feature);
            }
        }
    }

    /// Step 2C: the capture after a tower piece, when the tower reaches a figure it may take.
    fn at(
        &mut self,
        point: HookPoint,
        table: &mut Table,
        _dragon: Option<Pos>,
        _events: &mut Vec<Event>,
    ) -> Option<Pending> {
        if point != HookPoint::AfterFigures {
            return None;
        }
        let pos = self.built.take()?;
        let player = table.current;
        self.captures(table, player, pos).next().map(|_| Pending::Capture { player, pos })
    }
}
