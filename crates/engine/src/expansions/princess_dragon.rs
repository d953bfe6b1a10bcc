//! The Princess & the Dragon (seed 001, "THE PRINCESS AND THE DRAGON", footnotes 66-92; its rows
//! of the "Summary of rule sets"; seed 004's steps 1A, 1C, 2B, 2C and 3C).
//!
//! - **The dragon** comes into play on the first volcano: "A player who places a volcano tile
//!   must immediately move the dragon to this tile"; until then "If a dragon tile is drawn, it is
//!   placed to one side and the player may draw another tile. As soon as the dragon is in play,
//!   any dragon tiles which have been laid to one side are mixed into the supply" (footnote 83).
//!   The River II's volcano lake is a volcano too (seed 001, THE RIVER II).
//! - **A volcano turn**: "The player may not deploy a follower to the tile, but may ... deploy a
//!   builder or a pig, or move the fairy" (footnote 73; the rows "volcano / deployment" and
//!   "volcano / fairy" are variants). "At no point may followers occupy the same tile as the
//!   dragon."
//! - **A dragon tile**: the player deploys or moves the fairy as usual, "Then the game is
//!   interrupted - the dragon moves!": "Beginning with the player whose turn it is, each player
//!   must move the dragon exactly one tile horizontally or vertically. The dragon always moves six
//!   tiles ... except in the case of a dead end. It may not move onto a tile twice, and the tile
//!   occupied by the fairy is also off limits." Every figure on a tile it enters goes home; a
//!   builder or pig whose owner loses the last follower of its feature follows (footnote 81).
//!   It moves before the turn's scoring (footnote 82), or after it (Rio Grande Big Box, footnote
//!   75: `Variants::dragon_moves_after_scoring`).
//! - **The fairy**: "Instead of deploying a follower, the builder or the pig, a player may now
//!   decide to move the neutral fairy next to one of his or her followers" (not a builder or pig:
//!   footnote 68; the abbot is a follower, seed 000 footnote 25). It protects its tile from the
//!   dragon; "At the start of a player's turn, if the fairy is next to one of the player's
//!   followers, then the player immediately scores a point" (once in a double turn, footnote
//!   71); when that follower's feature "is being scored, the owner of that follower receives 3
//!   points" (also in the final scoring, seed 004), "while the fairy remains where it is".
//! - **The magic gate**: "may deploy a follower in this turn to the tile or to a tile already in
//!   play", by "the usual rules", never to "an already occupied or completed road, city,
//!   cloister or farm" (footnotes 84-88: not the builder or pig; a completed feature even before
//!   it is scored, unless `Variants::magic_gate_to_unscored_features`).
//! - **The princess**: extending a city "already occupied by one or more knights, the player
//!   may remove one knight (big or small) from the city and return it to its owner", any
//!   player's; then "the player may not deploy or move any other figure". Must, not may, under
//!   the other rule sets (footnote 89: `Variants::princess_must_remove`); the original FAQ took a
//!   big follower only as the last knight (footnote 90); a builder counts as a knight only where
//!   builders are followers (footnote 92).

use crate::actions::{Action, Pending};
use crate::base;
use crate::board::PlacementIndex;
use crate::catalog::{FeatureKind, FeatureSpec, LocalFeature, Symbol, TileId};
use crate::errors::RuleError;
use crate::events::{Event, FAIRY_SCORE_POINTS, FAIRY_TURN_POINTS};
use crate::features::NodeId;
use crate::geometry::{Pos, Side};
use crate::players::{Figure, FigureSerial, PlacedFigure, PlayerId};
use crate::rules::Rules;
use crate::table::Table;

use super::abbot;
use super::castles;
use super::hooks::{Hook, HookPoint, Hooks, Leaving, Module};

/// Steps in a dragon's move.
const DRAGON_STEPS: u8 = 6;

/// The dragon, the fairy and the turn's symbols.
#[derive(Clone, Debug, Default)]
pub(crate) struct PrincessDragon {
    readings: Readings,
    /// Where the dragon is, once a volcano brought it into play.
    dragon: Option<Pos>,
    /// Where the fairy stands, and the serial of the follower it stands next to (while that
    /// follower is there).
    fairy: Option<(Pos, Option<FigureSerial>)>,
    /// Dragon tiles drawn before the dragon was in play.
    set_aside: Vec<TileId>,
    /// The symbols of the tile just placed (and whether it has a princess).
    volcano_now: bool,
    magic_gate_now: bool,
    princess_now: bool,
    /// A dragon tile was placed: the dragon moves at its hook point.
    dragon_due: bool,
    movement: Option<DragonMove>,
}

/// The rule-set rows of this expansion.
#[derive(Clone, Copy, Debug, Default)]
struct Readings {
    after_scoring: bool,
    volcano_builder_and_pig: bool,
    volcano_fairy: bool,
    princess_must: bool,
    big_follower_only_if_last: bool,
    gate_to_unscored: bool,
    builders_are_followers: bool,
    /// The variation "Follower unpunctuality" sends every follower to an earlier tile: the
    /// magic gate has nothing left to add, and its deployments are not listed twice.
    unpunctual: bool,
    /// "A new lease of life" and "The dash" can put two followers on one segment (a religious
    /// war's knights): the fairy's and the princess's choices are then listed once per segment.
    shared_segments: bool,
    /// Bridges, Castles & Bazaars is in play: the dragon spares a castle's followers (the first
    /// edition's FAQ).
    castles: bool,
    /// Bridges, Castles & Bazaars under the variant `no-fairy-in-castle`: the fairy never moves
    /// next to a follower in a castle.
    no_fairy_in_castle: bool,
}

/// A dragon's move in progress.
#[derive(Clone, Copy, Debug)]
struct DragonMove {
    steps_left: u8,
    mover: PlayerId,
    visited: [Pos; DRAGON_STEPS as usize + 1],
    len: u8,
}

impl DragonMove {
    fn visited(&self) -> &[Pos] {
        &self.visited[..self.len as usize]
    }
}

/// The features followers left other than by scoring, with their owners (for the rules of the
/// figures that depend on followers).
pub(crate) type Departures = Vec<(NodeId, PlayerId)>;

impl PrincessDragon {
    pub(crate) fn new(rules: &Rules) -> PrincessDragon {
        let v = &rules.variants;
        PrincessDragon {
            readings: Readings {
                after_scoring: v.dragon_moves_after_scoring,
                volcano_builder_and_pig: v.volcano_allows_builder_and_pig,
                volcano_fairy: v.volcano_allows_fairy,
                princess_must: v.princess_must_remove,
                big_follower_only_if_last: v.princess_big_follower_only_if_last,
                gate_to_unscored: v.magic_gate_to_unscored_features,
                builders_are_followers: v.builders_and_pigs_are_followers,
                unpunctual: v.follower_unpunctuality,
                shared_segments: v.new_lease_of_life || v.dash,
                castles: rules.has_bridges(),
                no_fairy_in_castle: v.no_fairy_in_castle && rules.has_bridges(),
            },
            ..PrincessDragon::default()
        }
    }

    pub(crate) fn dragon(&self) -> Option<Pos> {
        self.dragon
    }

    /// The fairy's tile and the follower it stands next to, if any.
    pub(crate) fn fairy(&self, table: &Table) -> Option<(Pos, Option<PlacedFigure>)> {
        let (pos, next_to) = self.fairy?;
        Some((pos, next_to.and_then(|serial| table.figures.iter().find(|f| f.serial == serial).copied())))
    }

    pub(crate) fn set_aside(&self) -> &[TileId] {
        &self.set_aside
    }

    /// The dragon's move in progress: the steps left and the tiles visited, from where it began.
    pub(crate) fn dragon_move(&self) -> Option<(u8, &[Pos])> {
        self.movement.as_ref().map(|m| (m.steps_left, m.visited()))
    }

    /// A figure that may serve as a follower here: small and big followers, the abbot, and the
    /// builder and pig where the rules count them as followers.
    fn is_follower(&self, figure: Figure) -> bool {
        figure.is_follower() || (self.readings.builders_are_followers && figure.joins_a_follower())
    }

    /// The follower the fairy stands next to (its index among the table's figures).
    fn fairy_follower(&self, table: &Table) -> Option<usize> {
        let serial = self.fairy?.1?;
        table.figures.iter().position(|f| f.serial == serial)
    }

    // ----- The princess -----

    /// The cities of the tile just placed that hold a princess, as feature roots.
    fn princess_cities(table: &Table) -> impl Iterator<Item = NodeId> + '_ {
        let placed = table.last_placement();
        let design = table.design(placed.tile);
        design
            .features
            .iter()
            .enumerate()
            .filter(|(_, spec)| spec.kind == FeatureKind::City && spec.attrs.princess)
            .map(move |(i, _)| table.features.find(placed.first_node + i as NodeId))
    }

    /// Whether the princess may remove figure `f`: a knight in a city her tile extended.
    fn removable(&self, table: &Table, f: &PlacedFigure) -> bool {
        if !self.princess_now {
            return false;
        }
        // Footnote 124 (Abbey & Mayor): the princess may remove a mayor or a wagon too.
        // The phantom is a follower like any other (The Phantom).
        let knight = matches!(
            f.figure,
            Figure::Follower
                | Figure::BigFollower
                | Figure::Mayor
                | Figure::Wagon
                | Figure::Phantom
                | Figure::Ringmaster
        ) || (self.readings.builders_are_followers && f.figure == Figure::Builder);
        if !knight || table.features.kind(f.node) != FeatureKind::City {
            return false;
        }
        let root = table.features.find(f.node);
        if !Self::princess_cities(table).any(|city| city == root) {
            return false;
        }
        // The original FAQ: a big follower only as the city's last knight.
        !(self.readings.big_follower_only_if_last
            && f.figure == Figure::BigFollower
            && table
                .figures
                .iter()
                .any(|o| o.serial != f.serial && o.figure.is_follower() && table.features.find(o.node) == root))
    }

    fn any_removable(&self, table: &Table) -> bool {
        self.princess_now && table.figures.iter().any(|f| self.removable(table, f))
    }

    // ----- The fairy -----

    fn fairy_may_move(&self) -> bool {
        !self.volcano_now || self.readings.volcano_fairy
    }

    /// Whether the fairy may move next to figure `f` of `player`.
    fn fairy_target(&self, table: &Table, f: &PlacedFigure, player: PlayerId) -> bool {
        f.owner == player
            && self.is_follower(f.figure)
            && self.fairy.and_then(|(_, s)| s) != Some(f.serial)
            && !(self.readings.no_fairy_in_castle && castles::stands_in_castle(table, f))
    }

    // ----- The magic gate -----

    /// Deploying `figure` through the magic gate on feature `feature` of the tile `placement`
    /// (not the tile just placed): the figure's usual rule, no completed feature, never on the
    /// dragon's tile.
    fn check_gate(
        &self,
        table: &Table,
        placement: PlacementIndex,
        feature: LocalFeature,
        figure: Figure,
    ) -> Result<(), RuleError> {
        let placed = table.board.placement(placement);
        if !self.magic_gate_now || placement == table.last_placement_index() || self.dragon == Some(placed.pos) {
            return Err(RuleError::NoMagicGate);
        }
        // The Count of Carcassonne, footnote 52: no magic gate onto the city's tiles.
        if table.design(placed.tile).partial {
            return Err(RuleError::NoMagicGate);
        }
        let spec: &FeatureSpec =
            table.design(placed.tile).features.get(feature as usize).ok_or(RuleError::NoSuchFeature(feature))?;
        let root = table.features.find(placed.first_node + feature as NodeId);
        match figure {
            // The Phantom: the phantom may take the gate, unless 2B-1 used it (the dispatch
            // lists the phantom's step, `phantom.rs`).
            Figure::Follower | Figure::BigFollower | Figure::Phantom | Figure::Ringmaster => {
                base::check_follower(table, spec, root)?
            }
            Figure::Abbot => abbot::check_deploy(table, spec, root)?,
            // Abbey & Mayor, footnote 126: the mayor and the wagon use the magic gate.
            Figure::Mayor | Figure::Wagon => super::abbey_mayor::check_deploy(table, figure, spec, root)?,
            // Footnote 84: the builder and the pig do not use the magic gate; nor does the barn
            // (Abbey & Mayor, footnote 126).
            Figure::Builder | Figure::Pig | Figure::Barn => return Err(RuleError::NoMagicGate),
            // Hills & Sheep: the shepherd goes on a field of the tile just placed (and a magic
            // gate leads to no field).
            Figure::Shepherd => return Err(RuleError::NoMagicGate),
        }
        if self.completed(table, spec.kind, root, placed.pos) {
            return Err(RuleError::FeatureCompleted(spec.kind));
        }
        Ok(())
    }

    /// The magic gate's deployments, in the order of the tiles in play, their features and the
    /// figures (follower, big follower, abbot, mayor, wagon): the same as `check_gate` accepts, with the
    /// checks shared by the figures done once per feature.
    /// The magic gate's deployments, where the tile just placed has one and the gate's own
    /// listing applies (not under follower unpunctuality, whose listing holds them): for The
    /// Phantom's step 2B-2.
    pub(crate) fn gate_deployments_now(
        &self,
        table: &Table,
        player: PlayerId,
        visit: &mut impl FnMut(Action) -> bool,
    ) -> bool {
        self.magic_gate_now && !self.readings.unpunctual && self.gate_deployments(table, player, visit)
    }

    fn gate_deployments(&self, table: &Table, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) -> bool {
        // The figures in supply that may use the gate (the followers), found once.
        let (figures, count) = table.players[player as usize].figures_in_supply(Figure::FOLLOWERS);
        if count == 0 {
            return false;
        }
        for placement in 0..table.last_placement_index() {
            let placed = table.board.placement(placement);
            if self.dragon == Some(placed.pos) || table.design(placed.tile).partial {
                continue;
            }
            for (feature, spec) in table.design(placed.tile).features.iter().enumerate() {
                let root = table.features.find(placed.first_node + feature as NodeId);
                if table.occupied(root) || self.completed(table, spec.kind, root, placed.pos) {
                    continue;
                }
                let follower = base::check_follower(table, spec, root).is_ok();
                for &figure in &figures[..count] {
                    // The feature is free: a mayor goes only into a city, a wagon onto a road,
                    // city or cloister (neither a farm nor a mountain), the abbot only onto a
                    // cloister or garden.
                    let allowed = match figure {
                        Figure::Abbot => abbot::check_deploy(table, spec, root).is_ok(),
                        Figure::Mayor => follower && spec.kind == FeatureKind::City,
                        Figure::Wagon => {
                            follower
                                && matches!(
                                    spec.kind,
                                    FeatureKind::Road | FeatureKind::City | FeatureKind::Cloister | FeatureKind::Prior
                                )
                        }
                        _ => follower,
                    };
                    if allowed && visit(Action::DeployAt { pos: placed.pos, figure, feature: feature as LocalFeature })
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether a feature is completed for the magic gate: a road or city with no open edge, a
    /// surrounded cloister or garden. With the original text, one completed by the tile just
    /// placed (not yet scored) still counts as open.
    fn completed(&self, table: &Table, kind: FeatureKind, root: NodeId, pos: Pos) -> bool {
        let done = table.is_complete(kind, root, pos);
        if !done || !self.readings.gate_to_unscored {
            return done;
        }
        let unscored = match kind {
            FeatureKind::Road | FeatureKind::City => {
                let last = table.last_placement_index();
                table.features.members(root).any(|m| table.features.segment(m).0 == last)
            }
            _ => table.open_cloisters.iter().any(|&(_, node)| table.features.find(node) == root),
        };
        !unscored
    }

    // ----- The dragon -----

    /// The tiles the dragon may step onto now, in the order N, E, S, W.
    fn dragon_steps<'a>(&self, table: &'a Table) -> impl Iterator<Item = Pos> + 'a {
        let movement = self.movement;
        let from = self.dragon;
        let fairy = self.fairy.map(|(pos, _)| pos);
        Side::ALL.into_iter().filter_map(move |side| {
            let m = movement?;
            let to = from?.step(side);
            // The Count of Carcassonne, footnotes 50 and 51: the dragon enters no tile of the
            // city of Carcassonne (and so cannot fly around it either).
            // The variation "Mountains": miners remain "until the end of the game", so the
            // dragon does not enter a mountain (our reading, docs/rules.md).
            let design = table.design(table.board.get(to)?.tile);
            (!design.partial && !design.is_mountain() && !m.visited().contains(&to) && fairy != Some(to)).then_some(to)
        })
    }

    /// The decision of the next step, or `None` when the move is over (six steps, or a dead end).
    fn next_step(&mut self, table: &Table) -> Option<Pending> {
        let m = self.movement?;
        if m.steps_left > 0 && self.dragon_steps(table).next().is_some() {
            return Some(Pending::MoveDragon { player: m.mover });
        }
        self.movement = None;
        None
    }

    pub(crate) fn each_dragon_step(&self, table: &Table, mut visit: impl FnMut(Action) -> bool) {
        for pos in self.dragon_steps(table) {
            if visit(Action::MoveDragon { pos }) {
                return;
            }
        }
    }

    pub(crate) fn check_dragon_step(&self, table: &Table, pending: Pending, action: Action) -> Result<(), RuleError> {
        match action {
            Action::MoveDragon { pos } if self.dragon_steps(table).any(|p| p == pos) => Ok(()),
            Action::MoveDragon { pos } => Err(RuleError::DragonCannotMove(pos)),
            _ => Err(RuleError::wrong_decision(pending, action)),
        }
    }

    /// One checked step: the dragon enters the tile and every figure there goes home, save a
    /// castle's followers. Returns
    /// the next step's decision, if any, and the features the eaten figures left.
    pub(crate) fn apply_dragon_step(
        &mut self,
        table: &mut Table,
        action: Action,
        events: &mut Vec<Event>,
    ) -> (Option<Pending>, Departures) {
        let Action::MoveDragon { pos } = action else { unreachable!("checked") };
        let mut m = self.movement.expect("a move in progress");
        events.push(Event::DragonMoved { player: m.mover, pos });
        self.dragon = Some(pos);
        m.visited[m.len as usize] = pos;
        m.len += 1;
        m.steps_left -= 1;
        m.mover = (m.mover + 1) % table.players.len() as PlayerId;
        self.movement = Some(m);
        let placement = table.board.index_at(pos).expect("the dragon moves onto tiles");
        let mut departures = vec![];
        // Bridges, Castles & Bazaars: a castle's followers are spared.
        let spared = |table: &Table, f: &PlacedFigure| self.readings.castles && castles::stands_in_castle(table, f);
        while let Some(i) = table.figures.iter().position(|f| f.placement == placement && !spared(table, f)) {
            let root = table.features.find(table.figures[i].node);
            let f = table.take_figure(i);
            events.push(Event::FigureEaten { player: f.owner, figure: f.figure, pos, feature: f.feature });
            departures.push((root, f.owner));
        }
        (self.next_step(table), departures)
    }

    // ----- The figure phase's actions -----

    pub(crate) fn check_figure_action(&self, table: &Table, player: PlayerId, action: Action) -> Result<(), RuleError> {
        match action {
            Action::RemoveKnight { pos, feature } => {
                match table.figure_at_where(pos, feature, |f| self.removable(table, f)) {
                    Some(_) => Ok(()),
                    None => Err(RuleError::NoKnightToRemove(pos, feature)),
                }
            }
            Action::MoveFairy { pos, feature } => {
                match table.figure_at_where(pos, feature, |f| self.fairy_target(table, f, player)) {
                    Some(_) if self.fairy_may_move() => Ok(()),
                    _ => Err(RuleError::NoFairyMove(pos, feature)),
                }
            }
            Action::DeployAt { pos, figure, feature } => {
                let state = &table.players[player as usize];
                if state.in_supply(figure) == 0 {
                    return Err(RuleError::NoFigureInSupply(state.color, figure.name()));
                }
                let placement = table.board.index_at(pos).ok_or(RuleError::NoMagicGate)?;
                self.check_gate(table, placement, feature, figure)
            }
            _ => unreachable!("the dispatch sends only this module's actions"),
        }
    }

    /// Applies a checked action of the figure phase; returns the features a removed knight left.
    pub(crate) fn apply_figure_action(
        &mut self,
        table: &mut Table,
        player: PlayerId,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Departures {
        match action {
            Action::RemoveKnight { pos, feature } => {
                let i = table.figure_at_where(pos, feature, |f| self.removable(table, f)).expect("checked");
                let root = table.features.find(table.figures[i].node);
                let f = table.take_figure(i);
                events.push(Event::KnightRemoved { player, owner: f.owner, figure: f.figure, pos, feature });
                vec![(root, f.owner)]
            }
            Action::MoveFairy { pos, feature } => {
                let i = table.figure_at_where(pos, feature, |f| self.fairy_target(table, f, player)).expect("checked");
                self.fairy = Some((pos, Some(table.figures[i].serial)));
                events.push(Event::FairyMoved { player, pos, feature });
                vec![]
            }
            Action::DeployAt { pos, figure, feature } => {
                let placement = table.board.index_at(pos).expect("checked");
                table.deploy(player, figure, placement, feature);
                events.push(Event::FigureDeployed { player, figure, pos, feature });
                vec![]
            }
            _ => unreachable!("the dispatch sends only this module's actions"),
        }
    }
}

/// How many times the fairy's bonus is paid for figure `i`, the follower it stands next to: once,
/// or, for an acrobat (Under the Big Top), once for each of its owner's acrobats in the pyramid
/// (the Assembled Game Reference's steps 1A and 3B: "each of your acrobats in the pyramid gets
/// this bonus point").
fn acrobats_sharing(table: &Table, i: usize) -> u32 {
    let f = table.figures[i];
    if table.features.kind(f.node) != FeatureKind::Acrobats {
        return 1;
    }
    let root = table.features.find(f.node);
    table.figures.iter().filter(|g| g.owner == f.owner && table.features.find(g.node) == root).count() as u32
}

impl Module for PrincessDragon {
    const HOOKS: Hooks = Hooks::of(&[
        Hook::BeginTurn,
        Hook::SetsAside,
        Hook::TilePlaced,
        Hook::RestrictDeploy,
        Hook::OnlyFigureActions,
        Hook::FigureActions,
        Hook::At,
        Hook::FeatureScored,
    ]);

    /// The fairy's point at the start of a turn.
    fn begin_turn(&mut self, table: &mut Table, events: &mut Vec<Event>) {
        if let Some(i) = self.fairy_follower(table) {
            let player = table.figures[i].owner;
            if player == table.current {
                let points = FAIRY_TURN_POINTS * acrobats_sharing(table, i);
                table.players[player as usize].score += points;
                events.push(Event::FairyBonus { player, points });
            }
        }
    }

    /// A dragon tile drawn before the dragon is in play is set aside.
    fn sets_aside(&mut self, table: &mut Table, tile: TileId, events: &mut Vec<Event>) -> bool {
        if self.dragon.is_some() || !table.design(tile).symbols.contains(&Symbol::Dragon) {
            return false;
        }
        self.set_aside.push(tile);
        events.push(Event::TileSetAside { player: table.current, tile });
        true
    }

    fn tile_placed(&mut self, table: &mut Table, _player: PlayerId, events: &mut Vec<Event>) {
        let placed = *table.last_placement();
        let symbols = &table.design(placed.tile).symbols;
        self.volcano_now = symbols.contains(&Symbol::Volcano);
        self.magic_gate_now = symbols.contains(&Symbol::MagicGate);
        self.princess_now = table.design(placed.tile).features.iter().any(|f| f.attrs.princess);
        self.dragon_due = symbols.contains(&Symbol::Dragon);
        if self.volcano_now {
            self.dragon = Some(placed.pos);
            events.push(Event::DragonPlaced { pos: placed.pos });
            if !self.set_aside.is_empty() {
                let tiles = std::mem::take(&mut self.set_aside);
                table.mix_into_deck(&tiles);
                events.push(Event::TilesMixedIn { count: tiles.len() as u16 });
            }
        }
    }

    /// On a volcano tile no follower (and, unless the rules allow it, no builder or pig). The
    /// barn, no follower, goes with the builder and the pig: the HiG Big Box lets figures that
    /// are not followers stand beside the dragon, the other rule sets bar "any other figure
    /// except the dragon" (the RGG proof under FAQ 17).
    fn restrict_deploy(&self, _table: &Table, figure: Figure, _spec: &FeatureSpec) -> Result<(), RuleError> {
        if !self.volcano_now {
            return Ok(());
        }
        match figure {
            // Hills & Sheep: the shepherd, no follower, goes with them (the reference's step
            // 2B-1 names it among "your other figures").
            Figure::Builder | Figure::Pig | Figure::Barn | Figure::Shepherd
                if self.readings.volcano_builder_and_pig =>
            {
                Ok(())
            }
            Figure::Builder | Figure::Pig | Figure::Barn | Figure::Shepherd => Err(RuleError::NoFigureOnVolcano),
            _ => Err(RuleError::NoFollowerOnVolcano),
        }
    }

    fn only_figure_actions(&self, table: &Table, _player: PlayerId) -> bool {
        self.readings.princess_must && self.any_removable(table)
    }

    /// The princess's removals, the fairy's moves, then the magic gate's deployments.
    fn figure_actions(&self, table: &Table, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) -> bool {
        if self.princess_now {
            for (i, f) in table.figures.iter().enumerate().filter(|(_, f)| self.removable(table, f)) {
                // Two knights on one segment are one choice (the first is removed).
                if self.readings.shared_segments && table.earlier_on_segment(i, |_, e| self.removable(table, e)) {
                    continue;
                }
                if visit(Action::RemoveKnight { pos: table.pos_of(f.placement), feature: f.feature }) {
                    return true;
                }
            }
            if self.readings.princess_must && self.any_removable(table) {
                return false;
            }
        }
        if self.fairy_may_move() {
            for (i, f) in table.figures.iter().enumerate().filter(|(_, f)| self.fairy_target(table, f, player)) {
                // Two followers on one segment are one choice (the fairy goes to the first).
                if self.readings.shared_segments
                    && table.earlier_on_segment(i, |_, e| self.fairy_target(table, e, player))
                {
                    continue;
                }
                if visit(Action::MoveFairy { pos: table.pos_of(f.placement), feature: f.feature }) {
                    return true;
                }
            }
        }
        if self.magic_gate_now && !self.readings.unpunctual {
            return self.gate_deployments(table, player, visit);
        }
        false
    }

    /// The dragon's move, before the scoring (2C) or after it (3C) as the rules say.
    fn at(
        &mut self,
        point: HookPoint,
        table: &mut Table,
        _dragon: Option<Pos>,
        _events: &mut Vec<Event>,
    ) -> Option<Pending> {
        let due = match point {
            HookPoint::AfterFigures => !self.readings.after_scoring,
            HookPoint::AfterScoring => self.readings.after_scoring,
            HookPoint::AfterPlacement | HookPoint::TileActions | HookPoint::BeforeFinalScoring => false,
        };
        if !(due && self.dragon_due) {
            return None;
        }
        self.dragon_due = false;
        let from = self.dragon?;
        let visited = [from; DRAGON_STEPS as usize + 1];
        self.movement = Some(DragonMove { steps_left: DRAGON_STEPS, mover: table.current, visited, len: 1 });
        self.next_step(table)
    }

    /// The fairy's 3 points when the follower it stands next to is scored (and goes home).
    fn feature_scored(&mut self, table: &mut Table, root: NodeId, leaving: Leaving, events: &mut Vec<Event>) {
        let Some(i) = self.fairy_follower(table) else { return };
        if table.features.find(table.figures[i].node) != root || !leaving.includes(&table.figures[i]) {
            return;
        }
        let player = table.figures[i].owner;
        let points = FAIRY_SCORE_POINTS * acrobats_sharing(table, i);
        table.players[player as usize].score += points;
        events.push(Event::FairyBonus { player, points });
        // The follower goes home; the fairy stays on its tile.
        if let Some((_, next_to)) = &mut self.fairy {
            *next_to = None;
        }
    }
}
