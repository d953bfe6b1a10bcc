//! The Catapult (Hans im Glück 2008, "Das Katapult"; the Wikicarpedia page "The Catapult (1st
//! edition)" with its footnotes and FAQ; the Assembled Game Reference's step 4A, "If a fair
//! symbol was on the placed tile, use the catapult", first of that step's actions): twelve land
//! tiles with a fair, a wooden catapult and four kinds of catapult token, one of each per player.
//!
//! - **The catapult round** (step 4A, [`Pending::CatapultToken`]). Once the player who placed a
//!   fair tile has finished the turn (its features scored), they choose a kind of token
//!   ([`Action::ChooseToken`]); then, from them and clockwise, every player flicks their token
//!   of that kind once ([`Pending::Flick`], [`Action::Flick`]). The tokens go back to their
//!   owners after the round, so every kind may be chosen again.
//! - **Knock out.** The followers the token hits go back to their owners, whoever they belong
//!   to, the flicker's own included; they score nothing.
//! - **Seduction.** A token that comes down on the map designates the follower nearest to it,
//!   whoever it belongs to; the flicker may put one of their own followers from supply in its
//!   place ([`Pending::Seduce`], [`Action::Seduce`]), and it goes back to its owner (the
//!   flicker's own only for a follower of another kind). Off the map, nothing happens.
//! - **Target hurling.** The token nearest to the fair tile that opened the round scores 5
//!   points, every tied token 5 as well; tokens off the map do not count.
//! - **Catch.** Each player flicks their token to the player on their left, who tries to catch
//!   it; a catch scores the catcher 5 points.
//!
//! - **The city of Carcassonne** (The Count; the FAQ of 10/2012: the playing field includes the
//!   start tiles, and the followers in the city "can be hit and removed" and "selected and
//!   swapped", the count staying in its area). A knock-out on any of the city's tiles sends the
//!   figures in its quarters home (`Count::knock_out_residents`); for a seduction
//!   the city is one place at the distance of its nearest tile, and the figures in its quarters
//!   are candidates when it is as near as the nearest followers ([`Action::SeduceInQuarter`],
//!   made by `Count::seduce_resident`).
//!
//! The fair is a feature of its own (the FAQ of 10/2013: "the wagon cannot pass through it"):
//! the catalog ends the roads that run into it; no figure stands on it.
//!
//! A program cannot flick, so this one says where a token comes down (docs/rules.md, "The
//! Catapult", our readings): the player aims at a tile on the board; the token lands on that
//! tile one time in two, otherwise on one of the eight places around it, each as likely (a
//! place with no tile is off the map). A tile is one place: a knock-out hits every follower on
//! the tile it lands on, a seduction designates the followers on the nearest tile holding any
//! (the flicker picks among them), and the target's distance is the one between the centres
//! of the two places. A catch succeeds one time in two. Every draw comes from the game's seed,
//! the tiles on the board and the flick's place in the round, so that a game plays the same on
//! every machine; a game sampled for a bot (`Observation::sample_game`) takes another seed, so
//! bots cannot foresee where a token lands.

use crate::actions::{Action, CatapultToken, Pending};
use crate::catalog::Symbol;
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::{Figure, PlayerId, PlayerSet};
use crate::table::Table;

use super::count::Count;
use super::hooks::{Hook, HookPoint, Hooks, Module};

/// The points of the target hurling's nearest token and of a catch.
pub const TARGET_POINTS: u32 = 5;
pub const CATCH_POINTS: u32 = 5;

/// The eight places around the one aimed at, where a token that misses comes down.
const AROUND: [(i16, i16); 8] = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)];

/// Where a flicked token may land relative to its aim (east, south), each with its chance in
/// sixteenths: the aim one time in two, each place around it one time in sixteen.
pub const LANDINGS: [((i16, i16), u32); 9] = [
    ((0, 0), 8),
    ((0, -1), 1),
    ((1, -1), 1),
    ((1, 0), 1),
    ((1, 1), 1),
    ((0, 1), 1),
    ((-1, 1), 1),
    ((-1, 0), 1),
    ((-1, -1), 1),
];

/// A catapult round under way.
#[derive(Clone, Copy, Debug)]
struct Round {
    /// The player who placed the fair tile, who flicks first.
    opener: PlayerId,
    /// The fair tile, the target hurling's target.
    fair: Pos,
    token: CatapultToken,
    /// Flicks made so far (the next flicker is the opener's `flicked`-th successor).
    flicked: u8,
    /// Target hurling: the smallest squared distance to the fair tile so far, and the players
    /// whose tokens came down at it.
    best: Option<u32>,
    nearest: PlayerSet,
}

/// The module's state.
#[derive(Clone, Debug, Default)]
pub(crate) struct Catapult {
    /// The fair tile placed this turn, whose round waits for step 4A.
    fair: Option<Pos>,
    round: Option<Round>,
    /// Where the next flicked token lands relative to its aim, when arranged
    /// (`Game::arrange_landing`) instead of drawn.
    arranged: Option<(i16, i16)>,
}

/// The squared distance between the centres of two places.
fn distance(a: Pos, b: Pos) -> u32 {
    let (dx, dy) = (i32::from(a.x) - i32::from(b.x), i32::from(a.y) - i32::from(b.y));
    (dx * dx + dy * dy) as u32
}

/// A draw for the round's `flick`-th flick, from the game's seed (0 for an explicit order), the
/// tiles on the board and the turn, so that the same game draws the same everywhere: a number
/// below `n`.
fn draw(table: &Table, flick: u8, n: u32) -> u32 {
    let seed = table.deck_seed.unwrap_or(0)
        ^ 0x6361_7461_7075_6c74
        ^ ((table.board.len() as u64) << 20)
        ^ ((table.turns as u64) << 40)
        ^ (u64::from(flick) << 8);
    let mut rng = crate::random::rng_from_seed(seed);
    crate::random::below(&mut rng, n)
}

/// Where the round's `flick`-th token, aimed at `aim`, comes down.
fn landing(table: &Table, aim: Pos, flick: u8) -> Pos {
    match draw(table, flick, 16) as usize {
        d @ 8..=15 => {
            let (dx, dy) = AROUND[d - 8];
            Pos::new(aim.x + dx, aim.y + dy)
        }
        _ => aim,
    }
}

/// Whether a token can reach figure `f`: a follower, not one caught in a trap (the Vodyanoy's
/// lake and Solovei Razboynik's tree hold their followers "until the end of the game"; our
/// reading).
fn reachable(table: &Table, f: &crate::players::PlacedFigure) -> bool {
    f.figure.is_follower() && table.features.kind(f.node) != crate::catalog::FeatureKind::Trap
}

/// The followers nearest to `at`: the indices into `table.figures` of the followers on the
/// tiles nearest to it that hold any, and whether the figures waiting in the quarters of the
/// city of Carcassonne are as near (the city's nearest tile; with The Count only). Neither
/// when no follower stands anywhere.
fn nearest_followers(table: &Table, count: &Count, at: Pos) -> (Vec<usize>, bool) {
    let followers = || table.figures.iter().enumerate().filter(|(_, f)| reachable(table, f));
    let on_tiles = followers().map(|(_, f)| distance(table.pos_of(f.placement), at)).min();
    let city =
        if count.residents().is_empty() { None } else { count.city_places(table).map(|p| distance(p, at)).min() };
    let Some(best) = on_tiles.into_iter().chain(city).min() else {
        return (vec![], false);
    };
    let nearest = followers().filter(|(_, f)| distance(table.pos_of(f.placement), at) == best).map(|(i, _)| i);
    (nearest.collect(), city == Some(best))
}

impl Catapult {
    /// Sets where the next flicked token lands relative to its aim (one of [`LANDINGS`]).
    pub(crate) fn arrange_landing(&mut self, offset: (i16, i16)) -> Result<(), crate::errors::SetupError> {
        if !LANDINGS.iter().any(|&(o, _)| o == offset) {
            return Err(crate::errors::SetupError::LandingOffset(offset.0, offset.1));
        }
        self.arranged = Some(offset);
        Ok(())
    }

    /// The tiles a token may be aimed at: every tile on the board, in the board's order.
    pub(crate) fn each_aim(table: &Table, mut visit: impl FnMut(Action) -> bool) -> bool {
        table.board.tiles().iter().any(|t| visit(Action::Flick { at: t.pos }))
    }

    /// The seductions `player` may make with the token at `at`: a follower among the nearest,
    /// whoever's ("It does not matter if the follower is yours or someone else's", the FAQ),
    /// replaced by one of `player`'s followers in supply that may stand on its feature (or, in a
    /// quarter of Carcassonne, that may wait there); one's own only by another kind (the same
    /// kind would change nothing).
    fn each_seduction(
        table: &Table,
        count: &Count,
        player: PlayerId,
        at: Pos,
        mut visit: impl FnMut(Action) -> bool,
    ) -> bool {
        let state = &table.players[player as usize];
        let (on_tiles, in_city) = nearest_followers(table, count, at);
        for i in on_tiles {
            let f = &table.figures[i];
            // Two alike followers of one player on one segment are one choice, the first: a
            // record names a follower by its place.
            if table.earlier_on_segment(i, |_, e| e.owner == f.owner && e.figure == f.figure) {
                continue;
            }
            let kind = table.features.kind(f.node);
            for with in Figure::FOLLOWERS {
                if state.in_supply(with) > 0
                    && (f.owner != player || with != f.figure)
                    && with.may_stand_on(kind)
                    && visit(Action::Seduce { figure: i as u8, with })
                {
                    return true;
                }
            }
        }
        if !in_city {
            return false;
        }
        let residents = count.residents();
        for (i, r) in residents.iter().enumerate() {
            // Alike figures of one player in one quarter are one choice.
            if residents[..i].contains(r) {
                continue;
            }
            for with in Figure::FOLLOWERS {
                let seduction = Action::SeduceInQuarter { owner: r.owner, figure: r.figure, quarter: r.quarter, with };
                let changes = r.owner != player || with != r.figure;
                if state.in_supply(with) > 0 && changes && count.may_wait(with, r.quarter) && visit(seduction) {
                    return true;
                }
            }
        }
        false
    }

    /// The legal actions of the module's decisions, until `visit` returns true.
    pub(crate) fn each_choice(
        &self,
        table: &Table,
        count: &Count,
        pending: Pending,
        mut visit: impl FnMut(Action) -> bool,
    ) {
        match pending {
            Pending::CatapultToken { .. } => {
                let _ = CatapultToken::ALL.into_iter().any(|token| visit(Action::ChooseToken { token }));
            }
            Pending::Flick { .. } => {
                Self::each_aim(table, visit);
            }
            // Every seduction, then the pass (unless `visit` stopped the listing).
            Pending::Seduce { player, at } if !Self::each_seduction(table, count, player, at, &mut visit) => {
                visit(Action::Pass);
            }
            _ => {}
        }
    }

    /// Checks an action for the module's decisions.
    pub(crate) fn check(
        &self,
        table: &Table,
        count: &Count,
        pending: Pending,
        action: Action,
    ) -> Result<(), RuleError> {
        match (pending, action) {
            (Pending::CatapultToken { .. }, Action::ChooseToken { .. }) => Ok(()),
            (Pending::Flick { .. }, Action::Flick { at }) => match table.board.index_at(at) {
                Some(_) => Ok(()),
                None => Err(RuleError::NoTileToAimAt(at)),
            },
            (Pending::Seduce { .. }, Action::Pass) => Ok(()),
            (Pending::Seduce { player, at }, Action::Seduce { with, .. } | Action::SeduceInQuarter { with, .. }) => {
                let mut found = false;
                Self::each_seduction(table, count, player, at, |a| {
                    found = a == action;
                    found
                });
                if found {
                    return Ok(());
                }
                let state = &table.players[player as usize];
                if !with.is_follower() || state.in_supply(with) == 0 {
                    return Err(RuleError::NoFigureInSupply(state.color, with.name()));
                }
                match action {
                    Action::Seduce { figure, .. } => Err(RuleError::NotTheNearestFollower(figure)),
                    _ => Err(RuleError::NotTheNearestInQuarter),
                }
            }
            _ => Err(RuleError::wrong_decision(pending, action)),
        }
    }

    /// Applies a checked action: the next decision of the round, if any, and the features that
    /// followers left (knocked out or seduced away), with their owners, for
    /// `Modules::follower_left`.
    pub(crate) fn apply(
        &mut self,
        table: &mut Table,
        count: &mut Count,
        pending: Pending,
        action: Action,
        events: &mut Vec<Event>,
    ) -> (Option<Pending>, Vec<(NodeId, PlayerId)>) {
        let mut departures = vec![];
        match (pending, action) {
            (Pending::CatapultToken { player, pos }, Action::ChooseToken { token }) => {
                events.push(Event::CatapultRound { player, token });
                let round =
                    Round { opener: player, fair: pos, token, flicked: 0, best: None, nearest: PlayerSet::default() };
                if !token.aimed() {
                    Self::catch_round(table, player, events);
                    return (None, departures);
                }
                self.round = Some(round);
                return (Some(Pending::Flick { player, token }), departures);
            }
            (Pending::Flick { player, token }, Action::Flick { at }) => {
                let round = self.round.as_mut().expect("a round is under way");
                let landed = match self.arranged.take() {
                    Some((dx, dy)) => Pos::new(at.x + dx, at.y + dy),
                    None => landing(table, at, round.flicked),
                };
                let on_tile = table.board.index_at(landed).is_some();
                events.push(Event::Flicked { player, token, aim: at, landed, on_tile });
                match token {
                    CatapultToken::KnockOut if on_tile => {
                        departures = Self::knock_out(table, landed, events);
                        // A tile of the city of Carcassonne: its quarters' figures are hit too.
                        if count.in_city(table, landed) {
                            count.knock_out_residents(table, events);
                        }
                    }
                    CatapultToken::Seduction
                        if on_tile && Self::each_seduction(table, count, player, landed, |_| true) =>
                    {
                        return (Some(Pending::Seduce { player, at: landed }), departures);
                    }
                    CatapultToken::Target if on_tile => {
                        let d = distance(landed, round.fair);
                        if round.best.is_none_or(|best| d < best) {
                            round.best = Some(d);
                            round.nearest = PlayerSet::default();
                        }
                        if round.best == Some(d) {
                            round.nearest.insert(player);
                        }
                    }
                    _ => {}
                }
            }
            (Pending::Seduce { player, .. }, Action::Seduce { figure, with }) => {
                departures.push(Self::seduce(table, player, figure as usize, with, events));
            }
            (Pending::Seduce { player, .. }, Action::SeduceInQuarter { .. }) => {
                count.seduce_resident(table, player, action, events);
            }
            (Pending::Seduce { .. }, _) => {}
            _ => return (None, departures),
        }
        (self.next_flick(table, events), departures)
    }

    /// After a flick: the next player's flick, or the end of the round (the target hurling's
    /// points).
    fn next_flick(&mut self, table: &mut Table, events: &mut Vec<Event>) -> Option<Pending> {
        let round = self.round.as_mut().expect("a round is under way");
        round.flicked += 1;
        let players = table.players.len() as u8;
        if round.flicked < players {
            let player = (round.opener + round.flicked) % players;
            return Some(Pending::Flick { player, token: round.token });
        }
        let round = self.round.take().expect("checked");
        if round.token == CatapultToken::Target {
            // In turn order from the opener, as the tokens were flicked.
            for k in 0..players {
                let player = (round.opener + k) % players;
                if round.nearest.contains(player) {
                    table.players[player as usize].score += TARGET_POINTS;
                    events.push(Event::CatapultScored { player, token: round.token, points: TARGET_POINTS });
                }
            }
        }
        None
    }

    /// Knock out: every follower on the tile at `at` goes back to its owner.
    fn knock_out(table: &mut Table, at: Pos, events: &mut Vec<Event>) -> Vec<(NodeId, PlayerId)> {
        let placement = table.board.index_at(at).expect("on a tile");
        let mut departures = vec![];
        let mut i = 0;
        while i < table.figures.len() {
            let f = table.figures[i];
            if f.placement == placement && reachable(table, &f) {
                let f = table.take_figure(i);
                events.push(table.returned(&f));
                departures.push((table.features.find(f.node), f.owner));
            } else {
                i += 1;
            }
        }
        departures
    }

    /// Seduction: `player`'s `with` from supply takes the place of follower `index`, which goes
    /// back to its owner. Returns the feature it left, with its owner.
    fn seduce(
        table: &mut Table,
        player: PlayerId,
        index: usize,
        with: Figure,
        events: &mut Vec<Event>,
    ) -> (NodeId, PlayerId) {
        let f = table.take_figure(index);
        let pos = table.pos_of(f.placement);
        events.push(Event::Seduced {
            player,
            figure: with,
            owner: f.owner,
            replaced: f.figure,
            pos,
            feature: f.feature,
        });
        table.deploy(player, with, f.placement, f.feature);
        (table.features.find(f.node), f.owner)
    }

    /// Catch: each player, from the opener, flicks to the player on their left, who catches it
    /// one time in two and then scores 5 points.
    fn catch_round(table: &mut Table, opener: PlayerId, events: &mut Vec<Event>) {
        let players = table.players.len() as u8;
        for k in 0..players {
            let player = (opener + k) % players;
            let catcher = (player + 1) % players;
            let caught = draw(table, k, 2) == 0;
            events.push(Event::CatchThrown { player, catcher, caught });
            if caught {
                table.players[catcher as usize].score += CATCH_POINTS;
                events.push(Event::CatapultScored {
                    player: catcher,
                    token: CatapultToken::Catch,
                    points: CATCH_POINTS,
                });
            }
        }
    }
}

impl Module for Catapult {
    const HOOKS: Hooks = Hooks::of(&[Hook::TilePlaced, Hook::At]);

    /// A fair tile placed opens a catapult round at step 4A.
    fn tile_placed(&mut self, table: &mut Table, _player: PlayerId, _events: &mut Vec<Event>) {
        let placed = table.last_placement();
        if table.design(placed.tile).symbols.contains(&Symbol::Fair) {
            self.fair = Some(placed.pos);
        }
    }

    fn at(
        &mut self,
        point: HookPoint,
        table: &mut Table,
        _dragon: Option<Pos>,
        _events: &mut Vec<Event>,
    ) -> Option<Pending> {
        if point != HookPoint::TileActions {
            return None;
        }
        let pos = self.fair.take()?;
        Some(Pending::CatapultToken { player: table.current, pos })
    }
}
