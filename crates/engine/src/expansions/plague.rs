//! The Plague (Spielbox 6/2010, Hans im Glück, by Christwart Conrad; the Wikicarpedia page
//! "The Plague (1st edition)" with its footnotes and "The Plague Diagrams (1st edition)"; the
//! original German rules, "Die Pest", "Idee", "Flucht"; the Assembled Game Reference's
//! preparation ("separate 17"), its "at any time during your turn" lines, step 1A ("if no fleas
//! are left in the supply, eliminate the oldest Outbreak unless this would eliminate all
//! Outbreaks"), step 1C ("the lowest numbered Outbreak token not yet in play must be placed on
//! it") and steps 2B-1 and 2B-2 (forbidden if a plague source was played)): six plague source
//! tiles, six outbreak tokens and eighteen flea tokens.
//!
//! - **Preparation.** The first 17 land tiles drawn hold no plague source; the six source tiles
//!   are mixed into the rest once 17 land tiles were placed.
//! - **Outbreaks.** A source tile placed gets the lowest-numbered outbreak token left, active.
//!   No figure is deployed on a tile with an active outbreak, and its player spreads no plague
//!   in that turn (a builder's double turn included).
//! - **Spreading** ([`Action::Flea`]). Once an outbreak is active, the player whose turn it is
//!   must put a flea, red side up, on a tile next to (not diagonally) an active plague region:
//!   a tile with an active outbreak, or a red flea joined to one through red fleas. Never on a
//!   plague source tile nor on a tile that has a flea. Every figure on that tile goes home
//!   without a score (the builder, the pig and their like too, FAQ 8/2021; the barn, on a
//!   corner, is on no single tile, 11/2013). Once per turn, double turn included, where a spot
//!   exists.
//! - **No flea left.** At the start of a turn with no flea in the supply, the active outbreak
//!   with the lowest number dies out (its token turns to the field side) unless it is the last
//!   active one; red fleas no longer joined to an active outbreak turn pink (latent). A spread
//!   with an empty supply takes a pink flea from the board, or a red one where there is no pink
//!   one, and puts it, red side up, somewhere else.
//! - **Flight** ([`Action::Flee`]). Once per turn the player may move one of their figures on a
//!   road, city or field along that feature, as far as they like, onto another tile: never onto
//!   or across a tile with a flea (either side) or an active outbreak. Monks (and the abbot)
//!   cannot flee; the builder and the pig may (8/2021).
//!
//! Our readings where the sources are silent or the program needs a moment (docs/rules.md,
//! "The Plague"): the player's spread and flight are asked at two moments of the turn, after
//! the tile is placed (before the figure phase; only where a spread is due) and after the
//! figure phase (before the scoring); the first may be put off ([`Action::Pass`]), the second
//! must spread where a spot exists (unless a builder's second tile follows, where the spread
//! may wait for it); a spread ends its moment (a flight meant to come first comes first); a flea
//! taken from the board may cut red fleas off, which then turn pink; figures may reach a tile
//! with a flea other than by deploying on the tile just placed (a magic gate, a flight of The
//! Flier): the flea acts when it is put down; the fairy, the dragon and the mage and witch
//! are no player's figures and stay.

use crate::actions::{Action, Pending};
use crate::catalog::{FeatureKind, FeatureSpec, Symbol, TileDesign, TileId};
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::{Figure, PlayerId};
use crate::table::Table;

use super::hooks::{Hook, HookPoint, Hooks, Module};

/// The flea tokens of the box.
pub const FLEAS: usize = 18;
// The regions' search keeps the fleas still to join as bits of a `u32`.
const _: () = assert!(FLEAS <= 32);
/// The land tiles placed before the plague sources are mixed in.
pub const HEAD_START: u16 = 17;

/// The four tiles next to a position, not diagonally.
const SIDES: [(i16, i16); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// An outbreak token on a plague source tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outbreak {
    pub pos: Pos,
    /// 1 to 6, in the order the sources were placed.
    pub number: u8,
    /// False once it died out (the token shows its field side).
    pub active: bool,
}

/// A flea token on a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flea {
    pub pos: Pos,
    /// Red side up; false: pink side up (latent).
    pub active: bool,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Plague {
    outbreaks: Vec<Outbreak>,
    fleas: Vec<Flea>,
    /// The source tiles waiting to be mixed into the land tiles.
    held: Vec<TileId>,
    /// Land tiles placed so far, up to [`HEAD_START`].
    land_placed: u16,
    /// This turn (both tiles of a double turn): a flea was spread, a figure fled, a source
    /// tile was placed.
    spread: bool,
    fled: bool,
    source_placed: bool,
    /// The dragon's tile when the decision was asked (it does not move while the decision
    /// waits): no refuge, as no figure may stand there.
    dragon: Option<Pos>,
}

/// Whether the tile at `pos` is a plague source.
fn is_source(table: &Table, pos: Pos) -> bool {
    table.board.get(pos).is_some_and(|p| table.design(p.tile).symbols.contains(&Symbol::PlagueSource))
}

fn neighbours(pos: Pos) -> impl Iterator<Item = Pos> {
    SIDES.into_iter().map(move |(dx, dy)| Pos::new(pos.x + dx, pos.y + dy))
}

impl Plague {
    /// The outbreak tokens in play, by number.
    pub(crate) fn outbreaks(&self) -> &[Outbreak] {
        &self.outbreaks
    }

    /// The flea tokens on the board, in the order they were put there.
    pub(crate) fn fleas(&self) -> &[Flea] {
        &self.fleas
    }

    /// The source tiles still to be mixed into a shuffled pile (none for an explicit order,
    /// which places them itself).
    pub(crate) fn tiles_to_come(&self, table: &Table) -> &[TileId] {
        if table.deck_seed.is_some() {
            &self.held
        } else {
            &[]
        }
    }

    /// The fleas left in the supply.
    pub(crate) fn fleas_in_supply(&self) -> usize {
        FLEAS - self.fleas.len()
    }

    /// The tiles a flea could be put on next (beside an active region, no source, no flea),
    /// whoever spreads: where figures are exposed to the plague.
    pub(crate) fn exposed(&self, table: &Table) -> Vec<Pos> {
        let mut tiles = vec![];
        self.spots(table, None, |pos| {
            tiles.push(pos);
            false
        });
        tiles
    }

    fn flea_at(&self, pos: Pos) -> Option<usize> {
        self.fleas.iter().position(|f| f.pos == pos)
    }

    fn active_outbreak_at(&self, pos: Pos) -> bool {
        self.outbreaks.iter().any(|o| o.active && o.pos == pos)
    }

    /// The tiles of the active plague regions: the active outbreaks and the red fleas joined to
    /// one through red fleas, without the flea at `lifted`.
    fn regions(&self, lifted: Option<usize>) -> Vec<Pos> {
        let mut region: Vec<Pos> = self.outbreaks.iter().filter(|o| o.active).map(|o| o.pos).collect();
        if region.is_empty() {
            return region;
        }
        // A flea joins once: those still to join, as a bit set over the fleas (at most 18).
        let mut waiting: u32 = self
            .fleas
            .iter()
            .enumerate()
            .filter(|&(j, f)| f.active && Some(j) != lifted)
            .fold(0, |bits, (j, _)| bits | 1 << j);
        let mut i = 0;
        while i < region.len() && waiting != 0 {
            let here = region[i];
            let mut rest = waiting;
            while rest != 0 {
                let j = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let f = self.fleas[j].pos;
                if (f.x - here.x).abs() + (f.y - here.y).abs() == 1 {
                    waiting &= !(1 << j);
                    region.push(f);
                }
            }
            i += 1;
        }
        region
    }

    /// Turns pink every red flea no longer joined to an active outbreak.
    fn settle(&mut self) {
        let region = self.regions(None);
        for f in &mut self.fleas {
            if f.active && !region.contains(&f.pos) {
                f.active = false;
            }
        }
    }

    /// The tiles a flea may go on, with the flea at `lifted` taken off the board.
    fn spots(&self, table: &Table, lifted: Option<usize>, mut visit: impl FnMut(Pos) -> bool) -> bool {
        let region = self.regions(lifted);
        if region.is_empty() {
            return false;
        }
        // By placement: seen already, or never a spot (a flea on it, the lifted one included,
        // or a source: every source placed has its outbreak token).
        let mut done = vec![false; table.board.len()];
        let taken = self.fleas.iter().map(|f| f.pos).chain(self.outbreaks.iter().map(|o| o.pos));
        for pos in taken {
            if let Some(i) = table.board.index_at(pos) {
                done[i as usize] = true;
            }
        }
        for &here in &region {
            for pos in neighbours(here) {
                let Some(i) = table.board.index_at(pos) else { continue };
                if !std::mem::replace(&mut done[i as usize], true) && visit(pos) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a flea may go on the tile at `pos`, next to a region: a tile, no source, no flea
    /// (the flea being moved included: it goes somewhere else, never back where it was).
    fn is_spot(&self, table: &Table, pos: Pos) -> bool {
        table.board.get(pos).is_some() && self.flea_at(pos).is_none() && !is_source(table, pos)
    }

    /// Whether a flea may go on the tile at `to` with the flea at `lifted` taken off the board.
    fn spot_allowed(&self, table: &Table, lifted: Option<usize>, to: Pos) -> bool {
        self.is_spot(table, to) && self.regions(lifted).iter().any(|&r| neighbours(r).any(|n| n == to))
    }

    /// The fleas a spread may take from the board when the supply is empty: the pink ones, or
    /// the red ones where no flea is pink.
    fn takeable(&self) -> impl Iterator<Item = usize> + '_ {
        let pink = self.fleas.iter().any(|f| !f.active);
        self.fleas.iter().enumerate().filter(move |(_, f)| f.active != pink).map(|(i, _)| i)
    }

    /// Whether `player` must (or may) spread the plague now: an active outbreak, no source
    /// placed and no flea spread this turn.
    fn spread_due(&self) -> bool {
        !self.spread && !self.source_placed && self.outbreaks.iter().any(|o| o.active)
    }

    /// Every spread allowed now, until `visit` returns true. With the supply empty, a pink flea
    /// lifted leaves the regions as they are: their spots are found once for all the pink fleas.
    fn each_spread(&self, table: &Table, visit: &mut impl FnMut(Action) -> bool) -> bool {
        if !self.spread_due() {
            return false;
        }
        if self.fleas.len() < FLEAS {
            return self.spots(table, None, |to| visit(Action::Flea { from: None, to }));
        }
        if self.fleas.iter().any(|f| !f.active) {
            let mut spots = vec![];
            self.spots(table, None, |to| {
                spots.push(to);
                false
            });
            for i in self.takeable() {
                let from = Some(self.fleas[i].pos);
                if spots.iter().any(|&to| visit(Action::Flea { from, to })) {
                    return true;
                }
            }
            return false;
        }
        for i in self.takeable() {
            let from = self.fleas[i].pos;
            if self.spots(table, Some(i), |to| visit(Action::Flea { from: Some(from), to })) {
                return true;
            }
        }
        false
    }

    fn can_spread(&self, table: &Table) -> bool {
        self.each_spread(table, &mut |_| true)
    }

    /// Whether `figure`, standing on a feature of `kind`, may take flight.
    fn may_flee(figure: Figure, kind: FeatureKind) -> bool {
        figure != Figure::Abbot && matches!(kind, FeatureKind::Road | FeatureKind::City | FeatureKind::Field)
    }

    /// The places figure `index` may flee to: the segments of its feature it reaches across
    /// tile edges (and The Tunnel's tunnels) without entering an infested tile, on other tiles
    /// than its own.
    /// By placement: whether a figure may not stand on or pass the tile (a flea, an active
    /// outbreak), for the flights' searches.
    fn blocked(&self, table: &Table) -> Vec<bool> {
        let mut blocked = vec![false; table.board.len()];
        let fleas = self.fleas.iter().map(|f| f.pos);
        for pos in fleas.chain(self.outbreaks.iter().filter(|o| o.active).map(|o| o.pos)) {
            if let Some(i) = table.board.index_at(pos) {
                blocked[i as usize] = true;
            }
        }
        blocked
    }

    fn each_refuge(
        &self,
        table: &Table,
        blocked: &[bool],
        index: usize,
        visit: &mut impl FnMut(Action) -> bool,
    ) -> bool {
        let f = table.figures[index];
        let start = f.placement;
        let mut seen = vec![false; table.features.len()];
        seen[f.node as usize] = true;
        let mut queue = vec![f.node];
        while let Some(node) = queue.pop() {
            let tunnels = table.underground.iter().filter_map(move |&(a, b)| match () {
                _ if a == node => Some(b),
                _ if b == node => Some(a),
                _ => None,
            });
            for n in table.segments_across(node).chain(tunnels) {
                if std::mem::replace(&mut seen[n as usize], true) {
                    continue;
                }
                let (placement, feature) = table.features.segment(n);
                if blocked[placement as usize] {
                    continue;
                }
                let pos = table.pos_of(placement);
                // Never onto the dragon's tile nor a tile of the city of Carcassonne, where no
                // figure stands (as a wagon's move): the flight may pass them.
                let refuge = placement != start
                    && self.dragon != Some(pos)
                    && !table.design(table.board.placement(placement).tile).partial;
                if refuge && visit(Action::Flee { figure: index as u8, pos, feature }) {
                    return true;
                }
                queue.push(n);
            }
        }
        false
    }

    /// Every flight allowed now to `player`, until `visit` returns true. Two like figures of
    /// one player on one segment are one choice, the first of them.
    fn each_flight(&self, table: &Table, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) -> bool {
        if self.fled || self.outbreaks.is_empty() || table.figures.iter().all(|f| f.owner != player) {
            return false;
        }
        let blocked = self.blocked(table);
        for (i, f) in table.figures.iter().enumerate() {
            if f.owner != player {
                continue;
            }
            let kind = table.features.kind(table.features.find(f.node));
            if !Self::may_flee(f.figure, kind) {
                continue;
            }
            if table.earlier_on_segment(i, |_, e| e.owner == player && e.figure == f.figure) {
                continue;
            }
            if self.each_refuge(table, &blocked, i, visit) {
                return true;
            }
        }
        false
    }

    /// The decision to ask `player` now, if any: while a spread is still to come or a flight
    /// is possible.
    fn ask(&self, table: &Table, late: bool) -> Option<Pending> {
        let player = table.current;
        let something = self.can_spread(table) || self.each_flight(table, player, &mut |_| true);
        something.then_some(Pending::Plague { player, late })
    }

    /// The legal actions of `Pending::Plague`: the spreads, the flights, and a pass where the
    /// spread may wait (`spread_may_wait`: a builder's second tile follows).
    pub(crate) fn each_choice(
        &self,
        table: &Table,
        pending: Pending,
        spread_may_wait: bool,
        mut visit: impl FnMut(Action) -> bool,
    ) {
        let Pending::Plague { player, late } = pending else { return };
        if self.each_spread(table, &mut visit) || self.each_flight(table, player, &mut visit) {
            return;
        }
        if self.may_pass(table, late, spread_may_wait) {
            visit(Action::Pass);
        }
    }

    fn may_pass(&self, table: &Table, late: bool, spread_may_wait: bool) -> bool {
        !late || spread_may_wait || !self.can_spread(table)
    }

    pub(crate) fn check(
        &self,
        table: &Table,
        pending: Pending,
        spread_may_wait: bool,
        action: Action,
    ) -> Result<(), RuleError> {
        let Pending::Plague { player, late } = pending else { unreachable!("dispatched by pending") };
        match action {
            Action::Pass if self.may_pass(table, late, spread_may_wait) => Ok(()),
            Action::Pass => Err(RuleError::PlagueMustSpread),
            Action::Flea { .. } if !self.spread_due() => Err(RuleError::PlagueNoSpreadNow),
            Action::Flea { from, to } => {
                let lifted = match from {
                    None if self.fleas.len() == FLEAS => return Err(RuleError::PlagueNoFleaInSupply),
                    None => None,
                    Some(at) if self.fleas.len() < FLEAS => return Err(RuleError::PlagueFleaFromBoard(at)),
                    Some(at) => match self.takeable().find(|&i| self.fleas[i].pos == at) {
                        Some(i) => Some(i),
                        None => return Err(RuleError::PlagueFleaNotTakeable(at)),
                    },
                };
                if self.spot_allowed(table, lifted, to) {
                    Ok(())
                } else {
                    Err(RuleError::PlagueNoFleaSpot(to))
                }
            }
            Action::Flee { .. } if self.fled => Err(RuleError::PlagueFledAlready),
            Action::Flee { figure, pos, feature } => {
                let Some(f) = table.figures.get(figure as usize).filter(|f| f.owner == player) else {
                    return Err(RuleError::PlagueNoSuchFigure);
                };
                let kind = table.features.kind(table.features.find(f.node));
                if !Self::may_flee(f.figure, kind) {
                    return Err(RuleError::PlagueCannotFlee(kind));
                }
                let mut found = false;
                self.each_refuge(table, &self.blocked(table), figure as usize, &mut |a| {
                    found = a == action;
                    found
                });
                if found {
                    Ok(())
                } else {
                    Err(RuleError::PlagueNoRefuge(pos, feature))
                }
            }
            _ => Err(RuleError::wrong_decision(pending, action)),
        }
    }

    /// The decision after a flight: the same moment again while the spread is still to come.
    pub(crate) fn ask_again(&self, table: &Table, pending: Pending) -> Option<Pending> {
        let Pending::Plague { late, .. } = pending else { unreachable!("dispatched by pending") };
        self.ask(table, late)
    }

    /// Applies a checked action; returns whether to ask again ([`Plague::ask_again`], once the
    /// caller sent home the builders and pigs left alone: after a flight, for the spread) and
    /// the features whose followers a flea sent home, with their owners. A spread ends the
    /// moment: a flight that should come first is taken first in the same decision, and one
    /// after an early spread is offered at the second moment.
    pub(crate) fn apply(
        &mut self,
        table: &mut Table,
        pending: Pending,
        action: Action,
        events: &mut Vec<Event>,
    ) -> (bool, Vec<(NodeId, PlayerId)>) {
        let Pending::Plague { player, .. } = pending else { unreachable!("dispatched by pending") };
        let mut departures = vec![];
        match action {
            Action::Flea { from, to } => {
                if let Some(at) = from {
                    let i = self.flea_at(at).expect("checked: a flea there");
                    self.fleas.remove(i);
                }
                self.fleas.push(Flea { pos: to, active: true });
                self.spread = true;
                events.push(Event::FleaPlaced { player, from, pos: to });
                let placement = table.board.index_at(to).expect("checked: a tile");
                while let Some(i) = table.figures.iter().position(|f| f.placement == placement) {
                    let root = table.features.find(table.figures[i].node);
                    let f = table.take_figure(i);
                    events.push(Event::PlagueStruck { player: f.owner, figure: f.figure, pos: to, feature: f.feature });
                    departures.push((root, f.owner));
                }
                if from.is_some() {
                    self.settle();
                }
            }
            Action::Flee { figure, pos, feature } => {
                let f = table.lift_figure(figure as usize);
                let placement = table.board.index_at(pos).expect("checked: a tile");
                table.put_figure(f.owner, f.figure, placement, feature);
                self.fled = true;
                events.push(Event::Fled {
                    player,
                    figure: f.figure,
                    from: table.pos_of(f.placement),
                    from_feature: f.feature,
                    pos,
                    feature,
                });
            }
            Action::Pass => {}
            _ => unreachable!("checked"),
        }
        (matches!(action, Action::Flee { .. }), departures)
    }

    /// Whether the module takes the tile out at preparation: a plague source.
    fn is_source_design(design: &TileDesign) -> bool {
        design.symbols.contains(&Symbol::PlagueSource)
    }
}

impl Module for Plague {
    const HOOKS: Hooks =
        Hooks::of(&[Hook::TakesTile, Hook::BeginTurn, Hook::TilePlaced, Hook::RestrictDeploy, Hook::At]);

    /// The six sources wait until 17 land tiles were placed.
    fn takes_tile(&mut self, id: TileId, design: &TileDesign, count: u8) -> u8 {
        if !Self::is_source_design(design) {
            return 0;
        }
        self.held.extend(std::iter::repeat_n(id, count as usize));
        count
    }

    /// 1A: with no flea in the supply, the oldest active outbreak dies out, unless it is the
    /// last active one.
    fn begin_turn(&mut self, _table: &mut Table, events: &mut Vec<Event>) {
        self.spread = false;
        self.fled = false;
        self.source_placed = false;
        if self.fleas.len() < FLEAS || self.outbreaks.iter().filter(|o| o.active).count() < 2 {
            return;
        }
        let oldest = self.outbreaks.iter_mut().find(|o| o.active).expect("two are active");
        oldest.active = false;
        events.push(Event::OutbreakEradicated { pos: oldest.pos, number: oldest.number });
        self.settle();
    }

    /// 1C: a source tile breaks out; after the 17th land tile the sources are mixed in (into a
    /// shuffled pile; an explicit order places them where it lists them).
    fn tile_placed(&mut self, table: &mut Table, _player: PlayerId, events: &mut Vec<Event>) {
        let placed = *table.last_placement();
        let design = table.design(placed.tile);
        if Self::is_source_design(design) {
            let number = self.outbreaks.len() as u8 + 1;
            self.outbreaks.push(Outbreak { pos: placed.pos, number, active: true });
            self.source_placed = true;
            events.push(Event::OutbreakStarted { player: table.current, pos: placed.pos, number });
        }
        let river = design.features.iter().any(|f| f.kind == FeatureKind::River);
        if !river && self.land_placed < HEAD_START {
            self.land_placed += 1;
            // An explicit draw order (a record's, a test's) already says where the sources come.
            if self.land_placed == HEAD_START && !self.held.is_empty() && table.deck_seed.is_some() {
                let tiles = std::mem::take(&mut self.held);
                table.mix_into_deck(&tiles);
                events.push(Event::TilesMixedIn { count: tiles.len() as u16 });
            }
        }
    }

    /// No figure on a tile with an active outbreak or a flea (the tile just placed). The barn,
    /// on a corner, is on no one tile and never struck (the FAQ of 11/2013): it may go there.
    fn restrict_deploy(&self, table: &Table, figure: Figure, _spec: &FeatureSpec) -> Result<(), RuleError> {
        if figure == Figure::Barn {
            return Ok(());
        }
        let pos = table.last_placement().pos;
        if self.active_outbreak_at(pos) {
            return Err(RuleError::NoFigureOnPlagueSource);
        }
        if self.flea_at(pos).is_some() {
            return Err(RuleError::NoFigureOnFlea(pos));
        }
        Ok(())
    }

    /// After the tile is placed and after the figure phase: the spread and the flight.
    fn at(
        &mut self,
        point: HookPoint,
        table: &mut Table,
        dragon: Option<Pos>,
        _events: &mut Vec<Event>,
    ) -> Option<Pending> {
        if matches!(point, HookPoint::AfterPlacement | HookPoint::AfterFigures) {
            self.dragon = dragon;
        }
        match point {
            // The first moment only where a spread is due: a flight alone waits for the second.
            HookPoint::AfterPlacement if self.can_spread(table) => self.ask(table, false),
            HookPoint::AfterFigures if !self.outbreaks.is_empty() => self.ask(table, true),
            _ => None,
        }
    }
}
