//! The Count of Carcassonne (seed 001, THE COUNT OF CARCASSONNE with footnotes 49-60, "The Count
//! of Carcassonne: Official Variants" and its lines in "ORDER OF PLAY & SCORING"; seed 004,
//! preparation and steps 3B and 3C).
//!
//! - **Preparation**: "the twelve city tiles are placed on the table so that they form a single
//!   city. This city - Carcassonne itself - serves as the starting point for the game. As such,
//!   the normal starting tile is not used." The tiles lie as the catalog places them (`at=`, a
//!   4 × 3 block, tile 07 at the origin; docs/rules.md derives the arrangement). "The wooden
//!   count figure should be placed on the castle quarter". "If the river is being used, then the
//!   spring tile should be placed next, and in such a way that the river leads away from the
//!   city": above the city's second tile from the west, the river running north (the seeds do
//!   not say where; seed 000 notes the river may then not be completable, and tiles that fit
//!   nowhere are removed as usual).
//! - **The city counts for farms** (footnote 49: "Does the city of Carcassonne count when
//!   scoring farm at the end of the game? Yes."): each tile's `city I` is its part of the city,
//!   joined here into one completed city that every field of the unit borders. It is never
//!   scored itself and holds no figure.
//! - **Deploying to Carcassonne** (3C): "Whenever a city, road or cloister is completed in which
//!   at least one player scores points, but the player placing the final tile does not, this
//!   player may deploy a follower from their supply to a city quarter of their choice. If
//!   several features are completed, the player must not score points in any of them". Only
//!   the scoring of the roads, cities and cloisters (an abbey is a cloister) the tile completed
//!   counts, a fairy's 3 points beside a follower scored there included: a barn's farmers,
//!   a garden (seed 000, The Abbot, note 19: gardens do not count as monasteries for other
//!   expansions) or points outside step 3B open nothing. Seed 004's wording, "If you did not
//!   score any points from placement of the tile this turn, but one or more opponents did",
//!   is the variant `carcassonne-trigger: any-points`: the scores before and after step 3B
//!   are compared. "A player may only deploy one follower to Carcassonne each turn", and in each half of a
//!   double turn (footnote 55), as each half has its own step 3C. It comes "after the scoring"
//!   (footnote 54). The mayor and the wagon may go there, the barn may not (footnote 53: "in the
//!   appropriate quarter": the mayor only to the castle, as it goes only into cities; the wagon
//!   not to the market, as it never stands on a farm); the abbot, a follower only for cloisters
//!   and gardens, is not deployed there (no seed says it may). The market takes followers only
//!   when farmers are in play.
//! - **The count** moves when a follower is deployed to Carcassonne: "they may at the same time
//!   move the count to one of the city quarters" (`Pending::MoveCount`, `Pass` leaves it), or by
//!   the official variants "clockwise to the next city quarter" or "to whichever city quarter
//!   the new follower is deployed to" (`Variants::count_moves`). "From the quarter in which the
//!   count is currently residing, no followers may be redeployed."
//! - **Redeploying** (3B, before the majority of each road, city or cloister completed during
//!   the game; seed 004 puts it after the trade goods and the king's token): "The player to the
//!   left of the one who placed the last tile begins, followed in turn by the other players. The
//!   player who placed the last tile may redeploy their followers last. Each player may choose
//!   to redeploy all, any or none": one figure per decision, the same player again until they
//!   pass. Castle → city, blacksmith → road, cathedral → cloister (an abbey is a cloister,
//!   footnote 123); to empty features too (footnote 56) and to a cloister that holds a monk
//!   (footnote 57). A redeployed figure stands on the segment the feature's score names and
//!   goes home after the scoring like any other; a big follower counts two, a mayor its city's
//!   pennants, a wagon one (and may move on after the scoring).
//! - **The final scoring** (footnote 59): "Beginning with the player on the left of the
//!   'trigger' player [who placed the last tile], each player redeploys one of his or her
//!   followers ... to an appropriate feature ... incomplete roads, cities, cloisters or farms
//!   ... This process continues until no player can redeploy any more"; the market quarter
//!   empties only now ("Followers in the market quarter may only be redeployed at the end of
//!   the game"). A player who passes is asked again in the next round while they still have a
//!   figure that may go somewhere; the round ends when every player in turn passed or had
//!   nothing to redeploy. A farmer moved onto a farm with a barn
//!   "will then be scored immediately, and so scores only 1 point per city" (footnote 58; the
//!   dispatch scores it). Followers left in Carcassonne score nothing (footnote 60).
//! - **Carcassonne is safe** (footnotes 50-52, 55): the dragon never enters a tile of the city,
//!   no magic gate leads onto one (`princess_dragon.rs`), and no wagon moves onto one
//!   (`abbey_mayor.rs`); the followers in the quarters are on no tile, so no dragon, tower,
//!   princess or escape reaches them.

use crate::actions::{Action, Pending};
use crate::board::PlacementIndex;
use crate::catalog::{Catalog, FeatureKind, LocalFeature, Quarter, RiverRole, TileDesign, TileId};
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::{Pos, Rotation, Side, Terrain};
use crate::players::{Figure, PlayerId, PlayerSet, MAX_PLAYERS};
use crate::random::GameRng;
use crate::rules::{CarcassonneTrigger, CountMoves, Rules};
use crate::table::Table;

use super::hooks::{BaseStartTile, DeckPlan, Hook, HookPoint, Hooks, Module};

/// A figure waiting in a quarter of Carcassonne.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Resident {
    pub owner: PlayerId,
    pub figure: Figure,
    pub quarter: Quarter,
}

/// The figures that may be deployed to Carcassonne, in the order they are offered.
/// The phantom "always counts as a normal follower" (The Phantom), so it may go too.
/// So may the ringmaster, a follower with one vote (Under the Big Top).
const FIGURES: [Figure; 6] =
    [Figure::Follower, Figure::BigFollower, Figure::Mayor, Figure::Wagon, Figure::Phantom, Figure::Ringmaster];

/// A round of redeployments in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Round {
    /// The feature being scored (`None`: the final scoring's round).
    feature: Option<NodeId>,
    /// The player who placed the last tile: the others decide after them, in seat order, and
    /// they decide last.
    placer: PlayerId,
    /// The player whose decision it is, as a step after `placer` (1 = the player to the left).
    step: u8,
    /// The final round: how many players in a row, up to the one deciding, passed or had
    /// nothing to redeploy (a whole round of them ends it).
    passes: u8,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Count {
    /// The quarter the count stands in (`None` without the expansion).
    count: Option<Quarter>,
    /// The figures in the quarters, in the order they came.
    residents: Vec<Resident>,
    /// The kind of feature each quarter feeds (`Quarter as usize`), from the catalog.
    feeds: [Option<FeatureKind>; 4],
    moves: CountMoves,
    trigger: CarcassonneTrigger,
    farmers: bool,
    /// The city's tiles, taken out of the land tiles at preparation.
    city_tiles: Vec<TileId>,
    /// A node of the city of Carcassonne (its first part put on the table).
    city: Option<NodeId>,
    /// The scores when step 3A began (who scored in step 3B, under `any-points`), then before
    /// each road, city or cloister's majority (who scored in it).
    scores_before: [u32; MAX_PLAYERS],
    /// The players who scored in the roads, cities and cloisters the tile completed.
    scored_in_completed: PlayerSet,
    /// The player who placed the last tile (the final scoring's "trigger").
    last_placer: PlayerId,
    round: Option<Round>,
}

impl Count {
    pub(crate) fn new(rules: &Rules, catalog: &Catalog) -> Count {
        if !rules.has(crate::rules::Expansion::Count) {
            return Count::default();
        }
        Count {
            count: Some(Quarter::Castle),
            feeds: Quarter::ALL.map(|q| catalog.quarter_feeds(q)),
            moves: rules.variants.count_moves,
            trigger: rules.variants.carcassonne_trigger,
            farmers: rules.variants.farmers,
            ..Count::default()
        }
    }

    /// The quarter the count stands in (`None` without the expansion).
    pub(crate) fn count(&self) -> Option<Quarter> {
        self.count
    }

    pub(crate) fn residents(&self) -> &[Resident] {
        &self.residents
    }

    /// Whether the tile at `pos` is one of the twelve tiles of the city of Carcassonne.
    pub(crate) fn in_city(&self, table: &Table, pos: Pos) -> bool {
        table.board.index_at(pos).is_some_and(|i| self.city_tiles.contains(&table.board.placement(i).tile))
    }

    /// The places of the city's tiles on the board (none without the expansion).
    pub(crate) fn city_places<'a>(&'a self, table: &'a Table) -> impl Iterator<Item = Pos> + 'a {
        let tiles = table.board.tiles();
        let city = if self.city_tiles.is_empty() { &[][..] } else { tiles };
        city.iter().filter(|t| self.city_tiles.contains(&t.tile)).map(|t| t.pos)
    }

    /// The Catapult's seduction in a quarter: `player`'s `with` from supply takes the place of
    /// `owner`'s `figure` waiting in `quarter`, which goes back to its owner (checked).
    pub(crate) fn seduce_resident(
        &mut self,
        table: &mut Table,
        player: PlayerId,
        action: Action,
        events: &mut Vec<Event>,
    ) {
        let Action::SeduceInQuarter { owner, figure, quarter, with } = action else { unreachable!("dispatched") };
        let i = self.resident(owner, figure, quarter).expect("checked: the figure waits there");
        self.residents[i] = Resident { owner: player, figure: with, quarter };
        *table.players[owner as usize].supply_mut(figure) += 1;
        *table.players[player as usize].supply_mut(with) -= 1;
        events.push(Event::SeducedInQuarter { player, figure: with, owner, replaced: figure, quarter });
    }

    /// The Catapult's knock-out on a tile of the city: every figure waiting in the quarters goes
    /// back to its owner's supply; the count stays (the FAQ of 10/2012: "followers within the
    /// ... City of Carcassonne ... can be hit and removed. The special characters such as the
    /// count ... stay in their area").
    pub(crate) fn knock_out_residents(&mut self, table: &mut Table, events: &mut Vec<Event>) {
        for r in self.residents.drain(..) {
            *table.players[r.owner as usize].supply_mut(r.figure) += 1;
            events.push(Event::KnockedOutOfQuarter { owner: r.owner, figure: r.figure, quarter: r.quarter });
        }
    }

    /// Takes `owner`'s `figure` out of `quarter` (The Festival's return; checked).
    pub(crate) fn take_resident(&mut self, owner: PlayerId, figure: Figure, quarter: Quarter) {
        let i = self.resident(owner, figure, quarter).expect("checked: the figure waits there");
        self.residents.remove(i);
    }

    /// Notes every player's score, to tell later who scored since.
    fn note_scores(&mut self, table: &Table) {
        for (before, player) in self.scores_before.iter_mut().zip(&table.players) {
            *before = player.score;
        }
    }

    /// The quarter whose figures may be redeployed to features of `kind`.
    fn quarter_for(&self, kind: FeatureKind) -> Option<Quarter> {
        Quarter::ALL.into_iter().find(|q| self.feeds[*q as usize] == Some(kind))
    }

    /// Whether `figure` may wait in `quarter`: only where it could later stand on the feature the
    /// quarter feeds (footnote 53: "the appropriate quarter").
    pub(crate) fn may_wait(&self, figure: Figure, quarter: Quarter) -> bool {
        let Some(kind) = self.feeds[quarter as usize] else { return false };
        match figure {
            Figure::Follower | Figure::BigFollower | Figure::Phantom | Figure::Ringmaster => {
                kind != FeatureKind::Field || self.farmers
            }
            Figure::Mayor => kind == FeatureKind::City,
            Figure::Wagon => kind != FeatureKind::Field,
            _ => false,
        }
    }

    /// The index of `owner`'s `figure` waiting in `quarter`.
    pub(crate) fn resident(&self, owner: PlayerId, figure: Figure, quarter: Quarter) -> Option<usize> {
        self.residents.iter().position(|r| r.owner == owner && r.figure == figure && r.quarter == quarter)
    }

    /// Whether `player` has a figure in a quarter the count does not block that may go to a
    /// feature of `kind`.
    fn may_redeploy_to(&self, player: PlayerId, kind: FeatureKind) -> bool {
        match self.quarter_for(kind) {
            Some(q) if Some(q) != self.count => self.residents.iter().any(|r| r.owner == player && r.quarter == q),
            _ => false,
        }
    }

    // ----- Preparation -----

    /// The city's tiles where the catalog places them in their unit, the unit centred on the
    /// origin (tile 07 there), then the spring above the city's second column, running north.
    fn layout(&self, catalog: &Catalog, spring: Option<TileId>) -> Vec<(TileId, Rotation, Pos)> {
        let at = |t: &TileId| catalog.design(*t).unit_at.unwrap_or_default();
        let mut tiles = self.city_tiles.clone();
        tiles.sort_by_key(|t| (at(t).1, at(t).0));
        let (width, height) = tiles.iter().fold((0, 0), |(w, h), t| (w.max(at(t).0 + 1), h.max(at(t).1 + 1)));
        let origin = Pos::new(-((width / 2) as i16), -((height / 2) as i16));
        let mut layout: Vec<(TileId, Rotation, Pos)> = tiles
            .iter()
            .map(|t| (*t, Rotation::R0, Pos::new(origin.x + at(t).0 as i16, origin.y + at(t).1 as i16)))
            .collect();
        if let Some(spring) = spring {
            let design = catalog.design(spring);
            let north = Rotation::ALL.into_iter().find(|&r| shows(design, r, Side::North, Terrain::River));
            layout.push((spring, north.unwrap_or(Rotation::R0), Pos::new(origin.x + 1, origin.y - 1)));
        }
        layout
    }

    // ----- Deploying to Carcassonne -----

    /// Step 3C: whether the player whose turn it is may deploy to Carcassonne: the roads,
    /// cities and cloisters the tile completed paid someone, but not them (or, under
    /// `any-points`, the turn's scoring did), and they have a figure that may go there.
    fn offer(&self, table: &Table) -> Option<Pending> {
        let player = table.current;
        let paid = match self.trigger {
            CarcassonneTrigger::CompletedFeatures => self.scored_in_completed,
            CarcassonneTrigger::AnyPoints => {
                let mut paid = PlayerSet::default();
                for p in 0..table.players.len() {
                    if table.players[p].score > self.scores_before[p] {
                        paid.insert(p as PlayerId);
                    }
                }
                paid
            }
        };
        if paid.is_empty() || paid.contains(player) {
            return None;
        }
        let state = &table.players[player as usize];
        let any = FIGURES.iter().any(|&f| state.in_supply(f) > 0 && Quarter::ALL.iter().any(|&q| self.may_wait(f, q)));
        any.then_some(Pending::Carcassonne { player })
    }

    pub(crate) fn each_deployment(&self, table: &Table, pending: Pending, mut visit: impl FnMut(Action) -> bool) {
        match pending {
            Pending::Carcassonne { player } => {
                let state = &table.players[player as usize];
                for figure in FIGURES.into_iter().filter(|&f| state.in_supply(f) > 0) {
                    for quarter in Quarter::ALL.into_iter().filter(|&q| self.may_wait(figure, q)) {
                        if visit(Action::DeployToQuarter { figure, quarter }) {
                            return;
                        }
                    }
                }
            }
            Pending::MoveCount { .. } => {
                for quarter in Quarter::ALL.into_iter().filter(|&q| Some(q) != self.count) {
                    if visit(Action::MoveCount { quarter }) {
                        return;
                    }
                }
            }
            _ => unreachable!("dispatched by pending"),
        }
        visit(Action::Pass);
    }

    pub(crate) fn check_deployment(&self, table: &Table, pending: Pending, action: Action) -> Result<(), RuleError> {
        match (pending, action) {
            (Pending::Carcassonne { .. } | Pending::MoveCount { .. }, Action::Pass) => Ok(()),
            (Pending::Carcassonne { player }, Action::DeployToQuarter { figure, quarter }) => {
                let state = &table.players[player as usize];
                if !self.may_wait(figure, quarter) {
                    return Err(RuleError::NotForQuarter(figure.name(), quarter));
                }
                if state.in_supply(figure) == 0 {
                    return Err(RuleError::NoFigureInSupply(state.color, figure.name()));
                }
                Ok(())
            }
            (Pending::MoveCount { .. }, Action::MoveCount { quarter }) if Some(quarter) == self.count => {
                Err(RuleError::CountAlreadyThere(quarter))
            }
            (Pending::MoveCount { .. }, Action::MoveCount { .. }) => Ok(()),
            _ => Err(RuleError::wrong_decision(pending, action)),
        }
    }

    /// Applies a checked deployment to Carcassonne or move of the count; returns the count's
    /// decision after a deployment (when the player chooses where it goes).
    pub(crate) fn apply_deployment(
        &mut self,
        table: &mut Table,
        pending: Pending,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Option<Pending> {
        let player = pending.player().expect("a player decides");
        match action {
            Action::DeployToQuarter { figure, quarter } => {
                *table.players[player as usize].supply_mut(figure) -= 1;
                self.residents.push(Resident { owner: player, figure, quarter });
                events.push(Event::FigureToQuarter { player, figure, quarter });
                let to = match self.moves {
                    CountMoves::Free => return Some(Pending::MoveCount { player }),
                    CountMoves::Clockwise => self.count.map(Quarter::clockwise),
                    CountMoves::ToQuarter => Some(quarter),
                };
                if to != self.count {
                    self.count = to;
                    events.push(Event::CountMoved { player, quarter: to.expect("the count is in play") });
                }
            }
            Action::MoveCount { quarter } => {
                self.count = Some(quarter);
                events.push(Event::CountMoved { player, quarter });
            }
            _ => {}
        }
        None
    }

    // ----- Redeploying -----

    /// The next player of the round with something to decide, or the end of the round.
    fn next_in_round(&mut self, table: &Table, dragon: Option<Pos>) -> Option<Pending> {
        let players = table.players.len() as u8;
        let mut round = self.round?;
        loop {
            if round.feature.is_some() && round.step > players {
                break;
            }
            if round.feature.is_none() && round.passes >= players {
                break;
            }
            let player = (round.placer + round.step) % players;
            let pending = match round.feature {
                Some(root) => {
                    let kind = table.features.kind(root);
                    match standing_place(table, root, dragon) {
                        Some((pos, feature)) if self.may_redeploy_to(player, kind) => {
                            Some(Pending::Redeploy { player, pos, feature })
                        }
                        _ => None,
                    }
                }
                None => {
                    let options = self.final_options(table, player, dragon, &mut |_| true);
                    if !options {
                        round.passes += 1;
                    }
                    options.then_some(Pending::FinalRedeploy { player })
                }
            };
            if let Some(pending) = pending {
                self.round = Some(round);
                return Some(pending);
            }
            round.step = if round.feature.is_some() { round.step + 1 } else { round.step % players + 1 };
        }
        self.round = None;
        None
    }

    /// `player`'s redeployments in the final scoring: each kind of figure they have in a quarter
    /// the count does not block, onto every incomplete road, city and cloister and every farm of
    /// the kind the quarter feeds (each at its [`standing_place`]). Calls `visit` until it
    /// returns true (then returns true).
    fn final_options(
        &self,
        table: &Table,
        player: PlayerId,
        dragon: Option<Pos>,
        visit: &mut impl FnMut(Action) -> bool,
    ) -> bool {
        for quarter in Quarter::ALL {
            if Some(quarter) == self.count {
                continue;
            }
            let Some(kind) = self.feeds[quarter as usize] else { continue };
            for figure in Figure::ALL {
                if self.resident(player, figure, quarter).is_none() {
                    continue;
                }
                for root in final_targets(table, kind) {
                    let Some((pos, feature)) = standing_place(table, root, dragon) else { continue };
                    if visit(Action::Redeploy { figure, pos, feature }) {
                        return true;
                    }
                }
            }
        }
        false
    }

    pub(crate) fn each_redeployment(
        &self,
        table: &Table,
        dragon: Option<Pos>,
        pending: Pending,
        mut visit: impl FnMut(Action) -> bool,
    ) {
        match pending {
            Pending::Redeploy { player, pos, feature } => {
                let root = self.round.and_then(|r| r.feature).expect("a feature is being scored");
                let quarter = self.quarter_for(table.features.kind(root)).expect("the quarter feeding it");
                for figure in Figure::ALL {
                    if self.resident(player, figure, quarter).is_some()
                        && visit(Action::Redeploy { figure, pos, feature })
                    {
                        return;
                    }
                }
            }
            Pending::FinalRedeploy { player } => {
                if self.final_options(table, player, dragon, &mut visit) {
                    return;
                }
            }
            _ => unreachable!("dispatched by pending"),
        }
        visit(Action::Pass);
    }

    pub(crate) fn check_redeployment(
        &self,
        table: &Table,
        dragon: Option<Pos>,
        pending: Pending,
        action: Action,
    ) -> Result<(), RuleError> {
        let Action::Redeploy { figure, pos, feature } = action else {
            return match action {
                Action::Pass => Ok(()),
                _ => Err(RuleError::wrong_decision(pending, action)),
            };
        };
        let player = pending.player().expect("a player decides");
        let not_a_target = RuleError::NotARedeployTarget(pos, feature);
        let placement = table.board.index_at(pos).ok_or(not_a_target.clone())?;
        let design = table.design(table.board.placement(placement).tile);
        if feature as usize >= design.features.len() {
            return Err(not_a_target);
        }
        let root = table.features.find(table.node_of(placement, feature));
        let kind = table.features.kind(root);
        let target = match pending {
            Pending::Redeploy { .. } => self.round.and_then(|r| r.feature) == Some(root),
            _ => is_final_target(table, kind, root),
        };
        if !target || standing_place(table, root, dragon) != Some((pos, feature)) {
            return Err(not_a_target);
        }
        let quarter = self.quarter_for(kind).ok_or(not_a_target)?;
        if Some(quarter) == self.count {
            return Err(RuleError::QuarterBlocked(quarter));
        }
        if self.resident(player, figure, quarter).is_none() {
            return Err(RuleError::NotInQuarter(table.players[player as usize].color, figure.name(), quarter));
        }
        Ok(())
    }

    /// Applies a checked redeployment (or a pass) and returns the round's next decision. The
    /// feature the figure went to is returned too, for the dispatch (a farm with a barn).
    pub(crate) fn apply_redeployment(
        &mut self,
        table: &mut Table,
        dragon: Option<Pos>,
        pending: Pending,
        action: Action,
        events: &mut Vec<Event>,
    ) -> (Option<Pending>, Option<NodeId>) {
        let player = pending.player().expect("a player decides");
        let mut round = self.round.expect("a round in progress");
        let mut target = None;
        match action {
            Action::Redeploy { figure, pos, feature } => {
                let placement: PlacementIndex = table.board.index_at(pos).expect("checked: a tile");
                let root = table.features.find(table.node_of(placement, feature));
                let quarter = self.quarter_for(table.features.kind(root)).expect("checked: a quarter feeds it");
                let i = self.resident(player, figure, quarter).expect("checked: the figure waits there");
                self.residents.remove(i);
                table.put_figure(player, figure, placement, feature);
                events.push(Event::FigureRedeployed { player, figure, quarter, pos, feature });
                target = Some(root);
                // The final round goes on with the next player; during the game the same
                // player may redeploy more.
                if round.feature.is_none() {
                    round.step = round.step % table.players.len() as u8 + 1;
                    round.passes = 0;
                }
            }
            _ => {
                if round.feature.is_none() {
                    round.passes += 1;
                }
                round.step =
                    if round.feature.is_some() { round.step + 1 } else { round.step % table.players.len() as u8 + 1 };
            }
        }
        self.round = Some(round);
        (self.next_in_round(table, dragon), target)
    }
}

/// Whether side `side` of a design turned by `rotation` shows `terrain`.
fn shows(design: &TileDesign, rotation: Rotation, side: Side, terrain: Terrain) -> bool {
    (design.view(rotation).edges >> (8 * side.index())) & 0xFF == terrain as u32
}

/// Where a figure redeployed onto feature `root` stands: on its first segment (from the root)
/// that lies neither on the dragon's tile nor on a tile of the city of Carcassonne (where no
/// figure is deployed: footnote 52), else on its first segment off the dragon's tile (a feature
/// only on the city's tiles takes its figure all the same); `None` when the whole feature lies
/// on the dragon's tile, where no follower may stand ("At no point may followers occupy the
/// same tile as the dragon", THE PRINCESS AND THE DRAGON), so it takes nobody. The figure is
/// scored with the feature whichever segment it stands on; the place matters only for what
/// else reaches the tile, and during the game the figure goes home with the scoring.
fn standing_place(table: &Table, root: NodeId, dragon: Option<Pos>) -> Option<(Pos, LocalFeature)> {
    let mut fallback = None;
    for node in table.features.members(root) {
        let (placement, feature) = table.features.segment(node);
        let placed = table.board.placement(placement);
        if Some(placed.pos) == dragon {
            continue;
        }
        if !table.design(placed.tile).partial {
            return Some((placed.pos, feature));
        }
        fallback = fallback.or(Some((placed.pos, feature)));
    }
    fallback
}

/// Whether a feature may receive a figure from Carcassonne in the final scoring: an incomplete
/// road, city or cloister (gardens are fed by no quarter), or any farm.
fn is_final_target(table: &Table, kind: FeatureKind, root: NodeId) -> bool {
    match kind {
        FeatureKind::Road | FeatureKind::City => !table.features.is_closed(root),
        FeatureKind::Cloister => table.open_cloisters.iter().any(|&(_, node)| table.features.find(node) == root),
        FeatureKind::Field => true,
        _ => false,
    }
}

/// The features of `kind` a figure may be redeployed to in the final scoring, as roots, in the
/// order of their nodes.
fn final_targets(table: &Table, kind: FeatureKind) -> impl Iterator<Item = NodeId> + '_ {
    (0..table.features.len() as NodeId).filter(move |&node| {
        table.features.kind(node) == kind && table.features.find(node) == node && is_final_target(table, kind, node)
    })
}

impl Module for Count {
    const HOOKS: Hooks = Hooks::of(&[
        Hook::TakesTile,
        Hook::BaseStartTile,
        Hook::ArrangeDeck,
        Hook::TilePut,
        Hook::TilePlaced,
        Hook::At,
        Hook::IdentifyCompleted,
        Hook::BeforeMajority,
        Hook::FeatureCompleted,
    ]);

    fn takes_tile(&mut self, id: TileId, design: &TileDesign, count: u8) -> u8 {
        if design.partial && design.set == "count" {
            self.city_tiles.push(id);
            return count;
        }
        0
    }

    /// "As such, the normal starting tile is not used."
    fn base_start_tile(&self) -> BaseStartTile {
        BaseStartTile::Unused
    }

    /// The city of Carcassonne is laid out, and the spring beside it ("the source tile should be
    /// placed next, and in such a way that the river leads away from the city", the original
    /// rules quoted by seed 000). A river that the house rules start with another tile (seed 000,
    /// "Lay the river in reverse order [...] to have the lake near the City of Carcassonne") has
    /// that tile drawn first, by the first player, who places it where it fits.
    fn arrange_deck(&mut self, catalog: &Catalog, plan: &mut DeckPlan, rng: Option<&mut GameRng>) {
        let start = plan.start.take();
        let spring = start.filter(|s| catalog.design(*s).river == Some(RiverRole::Spring));
        if let Some(other) = start.filter(|_| spring.is_none() && rng.is_some()) {
            plan.leading.insert(0, other);
        }
        plan.layout = self.layout(catalog, spring);
    }

    /// Joins the city of Carcassonne's parts into one (completed) city as its tiles are put
    /// down.
    fn tile_put(&mut self, table: &mut Table, placement: PlacementIndex) {
        let placed = *table.board.placement(placement);
        let design = table.design(placed.tile);
        if !design.partial {
            return;
        }
        if let Some(part) = design.features.iter().position(|f| f.kind == FeatureKind::City && f.inner != 0) {
            let node = placed.first_node + part as NodeId;
            match self.city {
                Some(city) => {
                    table.features.join(city, node);
                }
                None => self.city = Some(node),
            }
        }
    }

    fn tile_placed(&mut self, _table: &mut Table, player: PlayerId, _events: &mut Vec<Event>) {
        self.last_placer = player;
    }

    fn at(
        &mut self,
        point: HookPoint,
        table: &mut Table,
        dragon: Option<Pos>,
        _events: &mut Vec<Event>,
    ) -> Option<Pending> {
        match point {
            HookPoint::AfterScoring => self.offer(table),
            HookPoint::BeforeFinalScoring => {
                self.round = Some(Round { feature: None, placer: self.last_placer, step: 1, passes: 0 });
                self.next_in_round(table, dragon)
            }
            _ => None,
        }
    }

    /// Notes the scores before step 3B, to tell who scored in it.
    fn identify_completed(&mut self, table: &mut Table, _placed: std::ops::Range<PlacementIndex>) {
        self.note_scores(table);
        self.scored_in_completed = PlayerSet::default();
    }

    /// Called before the majority of each road, city or cloister of step 3B, before any
    /// redeployment: notes the scores (under `completed-features`) to tell who scores in it.
    fn before_majority(&mut self, table: &mut Table, root: NodeId, dragon: Option<Pos>) -> Option<Pending> {
        if self.trigger == CarcassonneTrigger::CompletedFeatures {
            self.note_scores(table);
        }
        let kind = table.features.kind(root);
        let quarter = self.quarter_for(kind)?;
        if Some(quarter) == self.count || !self.residents.iter().any(|r| r.quarter == quarter) {
            return None;
        }
        self.round = Some(Round { feature: Some(root), placer: table.current, step: 1, passes: 0 });
        self.next_in_round(table, dragon)
    }

    /// A road, city or cloister the tile completed was scored (its fairy bonus too): whoever
    /// scored in it counts for the deployment to Carcassonne. Gardens do not.
    fn feature_completed(&mut self, table: &mut Table, root: NodeId, _players: PlayerSet, _events: &mut Vec<Event>) {
        let counts = matches!(table.features.kind(root), FeatureKind::Road | FeatureKind::City | FeatureKind::Cloister);
        if self.trigger == CarcassonneTrigger::CompletedFeatures && counts {
            for (p, player) in table.players.iter().enumerate() {
                if player.score > self.scores_before[p] {
                    self.scored_in_completed.insert(p as PlayerId);
                }
            }
        }
    }
}
