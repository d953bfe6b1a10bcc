//! Abbey & Mayor (seed 001, ABBEY AND MAYOR with footnotes 118-140; its lines in "ORDER OF
//! PLAY & SCORING"; seed 004, steps 1B, 2B, 3A and 3B). Each player receives "one abbey tile and
//! one mayor, one barn and one wagon" (Preparation).
//!
//! - **The abbey** (1B): "Instead of drawing and placing a land tile, a player may instead
//!   choose to place his or her abbey tile", only "in a 'hole' in which all four sides are
//!   already bordered by land tiles" (footnote 120: "not the diagonals"). It takes a monk like a
//!   cloister; "all four of the adjoining tiles are completed": the abbey's wall ends every road,
//!   city and field that touches it (`base::put_tile`), and the roads and cities it closes are
//!   scored in 3A/3B "as usual". "The abbey covers the whole tile" (footnote 122): it is one
//!   cloister feature and nothing else. It "has all the characteristics of a cloister" (footnote
//!   123), so the Cathars' escape, the abbot and the wagon treat it as one. A tile that fits
//!   nowhere is removed and the player may then place the abbey instead of drawing again (seed
//!   000, base game footnote 6), so the offer is repeated after a discard.
//! - **The mayor** (2B): deployed "instead of a follower", "only to a city in which there is
//!   currently no knight or mayor; the usual rules for deploying followers still apply". Its
//!   strength is "the same as the number of pennants in the city" (`Figure::strength_in`).
//! - **The wagon** (2B): "to a road, city or cloister in which there is no other figure", never
//!   a farm; footnote 129: "figure" should read "follower". When its feature is scored it
//!   "counts as a normal follower"; then its owner may "move the wagon to a directly adjacent
//!   road, city or cloister", "incomplete and unoccupied", or take it home; with no such
//!   feature it goes home. With several wagons, owners decide "beginning with the player whose
//!   turn it is and continuing clockwise" (footnote 132). Adjacency (the "first-edition wagon
//!   rule"): features of one tile that share a wagon group of the catalog (a road leading into a
//!   city or to a cloister, the roads of a crossing), on any tile of the scored feature; and an
//!   abbey and what ends at its walls (our reading: the abbey ends those features as a cloister
//!   ends a road). The wagon moves onto the target's segment on that tile, never onto the
//!   dragon's tile (where no follower may be deployed). Seed 004 also gives the later wording,
//!   "any unoccupied uncompleted feature on the same tile or around it": the variant
//!   `wagon-moves: around-tile` (any feature on the wagon's tile or the eight around it).
//! - **The barn** (2B): "on the point of intersection of four land tiles, one of which has just
//!   been placed"; "the four land tiles must only consist of farms at this intersection point";
//!   not on a farm with a barn (footnote 133), and it stays "until the end of the game"
//!   (footnote 134). No farmer may then be deployed to its farm (footnote 138; the feature
//!   graph keeps a barn count per farm so that every deployment rule sees it). Farmers already
//!   on the farm are scored at once at 3 points per completed city (a pig 4, a pig-herd +1, a
//!   besieged city twice: the overview's table) and go home; farmers whose farm is later joined
//!   to a barn's score 1 per city (2 with a pig). Both are identified in 3A and scored in 3B
//!   (seed 004). At the end each barn scores 4 per completed city of its farm (besieged cities
//!   twice; footnote 98: the pig-herd counts only for farmers), every barn on a joined farm in
//!   full. The barn is not a follower: no fairy beside it (footnote 134), no magic gate
//!   (footnote 126), never eaten by the dragon or captured by a tower ("Scoring barns"); it is
//!   kept here, not among the table's figures, so none of those rules can reach it.

use crate::actions::{Action, Pending};
use crate::base;
use crate::board::PlacementIndex;
use crate::catalog::{FeatureKind, FeatureSpec, LocalFeature, Symbol, TileId};
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::{Corner, Pos, Side};
use crate::players::{Figure, PlayerId, PlayerSet};
use crate::rules::Rules;
use crate::table::Table;

use super::hooks::{Hook, Hooks, Leaving, Module};

/// Points per completed city for a barn at the end of the game.
pub(crate) const BARN_CITY_VALUE: u16 = 4;
/// Points per completed city for farmers on a farm where a barn is placed.
const BARN_PLACED_CITY_VALUE: u16 = 3;
/// Points per completed city for farmers whose farm is joined to a barn's.
pub(crate) const BARN_JOINED_CITY_VALUE: u16 = 1;

/// A barn on the board: on corner `corner` of the tile at `pos`, on the farm that is feature
/// `feature` of that tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Barn {
    pub owner: PlayerId,
    pub pos: Pos,
    pub corner: Corner,
    pub feature: LocalFeature,
    pub(crate) node: NodeId,
}

/// A wagon whose feature was just scored, waiting for its owner's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ScoredWagon {
    owner: PlayerId,
    placement: PlacementIndex,
    feature: LocalFeature,
    /// The scored feature.
    root: NodeId,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct AbbeyMayor {
    /// The abbey tile's design (none without the expansion).
    abbey_tile: Option<TileId>,
    /// The players who still hold their abbey tile.
    abbeys: PlayerSet,
    /// The farm of the barn placed this turn, until 3A.
    new_barn: Option<NodeId>,
    /// The farms 3A found must be scored, with their points per city.
    farms_to_score: Vec<(NodeId, u16)>,
    barns: Vec<Barn>,
    /// The wagons of the features the tile completed, scored and waiting for their owners'
    /// decisions, in the order they decide.
    wagons: Vec<ScoredWagon>,
    /// Seed 004's other wording: a wagon moves to any feature on its tile or around it.
    moves_around_tile: bool,
}

impl AbbeyMayor {
    pub(crate) fn new(rules: &Rules, players: usize, catalog: &crate::catalog::Catalog) -> AbbeyMayor {
        if !rules.has(crate::rules::Expansion::AbbeyMayor) {
            return AbbeyMayor::default();
        }
        AbbeyMayor {
            abbey_tile: catalog.lookup("abbey-mayor:abbey"),
            abbeys: PlayerSet(((1u16 << players) - 1) as u8),
            moves_around_tile: rules.variants.wagon_moves == crate::rules::WagonMoves::AroundTile,
            ..AbbeyMayor::default()
        }
    }

    /// Whether `player` still holds their abbey tile.
    pub(crate) fn holds_abbey(&self, player: PlayerId) -> bool {
        self.abbey_tile.is_some() && self.abbeys.contains(player)
    }

    pub(crate) fn barns(&self) -> &[Barn] {
        &self.barns
    }

    /// The index of `owner`'s barn on corner `corner` of the tile at `pos`.
    pub(crate) fn barn_at(&self, owner: PlayerId, pos: Pos, corner: Corner) -> Option<usize> {
        self.barns.iter().position(|b| b.owner == owner && b.pos == pos && b.corner == corner)
    }

    /// Takes `owner`'s barn on corner `corner` of the tile at `pos` off its farm (The
    /// Festival's return; checked).
    pub(crate) fn take_barn(&mut self, table: &mut Table, owner: PlayerId, pos: Pos, corner: Corner) {
        let barn = self.barns.remove(self.barn_at(owner, pos, corner).expect("checked: the barn"));
        let root = table.features.find_mut(barn.node);
        table.features.remove_barn(root);
    }

    // ----- The abbey -----

    /// Whether `pos` is a hole: empty, with a tile on each of its four sides.
    fn is_hole(table: &Table, pos: Pos) -> bool {
        table.board.frontier_code(pos).is_some_and(is_hole_code)
    }

    /// The holes where an abbey may go: with Heretics and Shrines, the abbey is a cloister that
    /// may border only one shrine (`shrines::cloister_allowed`).
    fn holes(table: &Table) -> impl Iterator<Item = Pos> + '_ {
        table
            .board
            .frontier()
            .iter()
            .filter(|cell| is_hole_code(cell.code))
            .map(|cell| cell.pos)
            .filter(|&pos| Self::shrines_allow(table, pos))
    }

    /// Heretics and Shrines' rule for a cloister at `pos` (always true without shrines).
    fn shrines_allow(table: &Table, pos: Pos) -> bool {
        !table.rules.has(crate::rules::Expansion::Shrines) || super::shrines::cloister_allowed(table, pos, false)
    }

    pub(crate) fn each_abbey_choice(&self, table: &Table, pending: Pending, mut visit: impl FnMut(Action) -> bool) {
        let Pending::Abbey { player } = pending else { return };
        if self.holds_abbey(player) {
            for pos in Self::holes(table) {
                if visit(Action::PlaceAbbey { pos }) {
                    return;
                }
            }
        }
        visit(Action::Pass);
    }

    pub(crate) fn check_abbey_choice(&self, table: &Table, pending: Pending, action: Action) -> Result<(), RuleError> {
        let Pending::Abbey { player } = pending else { unreachable!("dispatched by pending") };
        match action {
            Action::Pass => Ok(()),
            Action::PlaceAbbey { .. } if !self.holds_abbey(player) => Err(RuleError::NoAbbey),
            Action::PlaceAbbey { pos } if !Self::is_hole(table, pos) => Err(RuleError::NotAHole(pos)),
            Action::PlaceAbbey { pos } if !Self::shrines_allow(table, pos) => {
                Err(RuleError::ShrineRivals { building: "cloister", pos })
            }
            Action::PlaceAbbey { .. } => Ok(()),
            _ => Err(RuleError::wrong_decision(pending, action)),
        }
    }

    /// Takes `player`'s abbey tile to place it (checked by `check_abbey_choice`).
    pub(crate) fn take_abbey(&mut self, player: PlayerId) -> TileId {
        self.abbeys.0 &= !(1 << player);
        self.abbey_tile.expect("checked: the player holds an abbey")
    }

    // ----- The barn -----

    /// The farm a barn on corner `corner` of the tile just placed would stand on, if it may:
    /// four tiles meet there, all farm at the corner, and the farm has no barn yet.
    fn barn_farm(table: &Table, corner: Corner) -> Option<NodeId> {
        let placed = table.last_placement();
        // The tile just placed first (most corners fail there or at a missing neighbour).
        let farm = Self::farm_corner(table, placed, corner)?;
        for (at, their_corner) in &corner.meeting(placed.pos)[1..] {
            Self::farm_corner(table, table.board.get(*at)?, *their_corner)?;
        }
        let root = table.features.find(farm);
        (!table.features.has_barn(root)).then_some(farm)
    }

    /// Whether `player` may place their barn on corner `corner` of the tile just placed.
    fn check_barn(table: &Table, player: PlayerId, corner: Corner) -> Result<(), RuleError> {
        let state = &table.players[player as usize];
        if state.in_supply(Figure::Barn) == 0 {
            return Err(RuleError::NoFigureInSupply(state.color, Figure::Barn.name()));
        }
        match Self::barn_farm(table, corner) {
            Some(_) => Ok(()),
            None => Err(RuleError::NoBarnCorner(table.last_placement().pos, corner)),
        }
    }

    /// The farm at corner `corner` of a placed tile: both of the corner's ports belong to one
    /// field segment. (A corner where two separate fields of a tile meet, as on the expansion's
    /// tile 09, is not a point of "only farms" a barn can stand on: it would stand on two farms.)
    #[inline]
    fn farm_corner(table: &Table, placed: &crate::board::PlacedTile, corner: Corner) -> Option<NodeId> {
        let design = table.design(placed.tile);
        let [a, b] = corner.ports().map(|port| design.feature_at(placed.rotation, port));
        let f = a.filter(|&f| a == b && design.features[f as usize].kind == FeatureKind::Field)?;
        Some(placed.first_node + f as NodeId)
    }

    /// The barn's placements on the tile just placed, corner by corner.
    pub(crate) fn barn_actions(&self, table: &Table, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) -> bool {
        if table.players[player as usize].in_supply(Figure::Barn) == 0 {
            return false;
        }
        Corner::ALL
            .into_iter()
            .any(|corner| Self::barn_farm(table, corner).is_some() && visit(Action::PlaceBarn { corner }))
    }

    pub(crate) fn check_barn_action(&self, table: &Table, player: PlayerId, action: Action) -> Result<(), RuleError> {
        let Action::PlaceBarn { corner } = action else { unreachable!("dispatched by action") };
        Self::check_barn(table, player, corner)
    }

    pub(crate) fn place_barn(&mut self, table: &mut Table, player: PlayerId, action: Action, events: &mut Vec<Event>) {
        let Action::PlaceBarn { corner } = action else { unreachable!("dispatched by action") };
        let placed = *table.last_placement();
        let design = table.design(placed.tile);
        let feature = design.feature_at(placed.rotation, corner.ports()[0]).expect("checked: a farm");
        let node = placed.first_node + feature as NodeId;
        let root = table.features.find_mut(node);
        table.features.add_barn(root);
        *table.players[player as usize].supply_mut(Figure::Barn) -= 1;
        self.barns.push(Barn { owner: player, pos: placed.pos, corner, feature, node });
        self.new_barn = Some(node);
        events.push(Event::BarnPlaced { player, pos: placed.pos, corner });
    }

    /// The points per city for the farmers of a farm step 3A put in `table.completed`.
    pub(crate) fn farm_rate(&self, root: NodeId) -> u16 {
        self.farms_to_score.iter().find(|(r, _)| *r == root).map_or(BARN_JOINED_CITY_VALUE, |&(_, rate)| rate)
    }

    /// The barns at the end of the game, each with its farm.
    pub(crate) fn final_barns(&self, table: &Table) -> Vec<(Barn, NodeId)> {
        self.barns.iter().map(|b| (*b, table.features.find(b.node))).collect()
    }

    // ----- The wagon -----

    /// The features a wagon that stood on feature `w.root` may move to, as segments (tile
    /// position, feature), sorted and without repeats.
    fn wagon_targets(&self, table: &Table, w: &ScoredWagon, dragon: Option<Pos>) -> Vec<(Pos, LocalFeature)> {
        let mut targets = vec![];
        let mut consider = |placement: PlacementIndex, feature: LocalFeature| {
            let placed = table.board.placement(placement);
            // Never onto the dragon's tile, nor onto a tile of the city of Carcassonne (where no
            // figure is deployed: seed 001, THE COUNT OF CARCASSONNE, footnote 52).
            if dragon == Some(placed.pos) || table.design(placed.tile).partial {
                return;
            }
            let spec = &table.design(placed.tile).features[feature as usize];
            let root = table.features.find(placed.first_node + feature as NodeId);
            let incomplete = match spec.kind {
                FeatureKind::Road | FeatureKind::City => !table.features.is_closed(root),
                // A special monastery's prior's place is open while its monastery is.
                FeatureKind::Cloister | FeatureKind::Prior => table.board.neighbours_around(placed.pos) < 8,
                _ => return,
            };
            // A special monastery is one feature: a follower on its cloister or as its prior
            // occupies both.
            let followed = |root: NodeId| {
                table.features.figure_count(root) > 0
                    && table.figures.iter().any(|f| f.figure.is_follower() && table.features.find(f.node) == root)
            };
            let occupied = followed(root) || table.monastery_twin(root).is_some_and(followed);
            if root != w.root && incomplete && !occupied {
                targets.push((placed.pos, feature));
            }
        };
        if self.moves_around_tile {
            // Seed 004's other wording: the wagon's tile and the eight around it.
            let at = table.pos_of(w.placement);
            for pos in std::iter::once(at).chain(at.ring()) {
                if let Some(placement) = table.board.index_at(pos) {
                    let design = table.design(table.board.placement(placement).tile);
                    for j in 0..design.features.len() {
                        consider(placement, j as LocalFeature);
                    }
                }
            }
        } else {
            adjacent_segments(table, w.root, &mut consider);
        }
        targets.sort_by(|a, b| crate::board::reading_order(a.0, b.0).then(a.1.cmp(&b.1)));
        targets.dedup();
        targets
    }

    /// The next wagon with somewhere to go, dropping those with nowhere (they stay home).
    fn next_wagon(&mut self, table: &Table, dragon: Option<Pos>) -> Option<Pending> {
        while let Some(w) = self.wagons.first() {
            if !self.wagon_targets(table, w, dragon).is_empty() {
                let pos = table.pos_of(w.placement);
                return Some(Pending::MoveWagon { player: w.owner, pos, feature: w.feature });
            }
            self.wagons.remove(0);
        }
        None
    }

    pub(crate) fn each_wagon_move(&self, table: &Table, dragon: Option<Pos>, mut visit: impl FnMut(Action) -> bool) {
        if let Some(w) = self.wagons.first() {
            for (pos, feature) in self.wagon_targets(table, w, dragon) {
                if visit(Action::MoveWagon { pos, feature }) {
                    return;
                }
            }
        }
        visit(Action::Pass);
    }

    pub(crate) fn check_wagon_move(
        &self,
        table: &Table,
        dragon: Option<Pos>,
        pending: Pending,
        action: Action,
    ) -> Result<(), RuleError> {
        match action {
            Action::Pass => Ok(()),
            Action::MoveWagon { pos, feature } => {
                let w = self.wagons.first().expect("a wagon decides");
                if self.wagon_targets(table, w, dragon).contains(&(pos, feature)) {
                    Ok(())
                } else {
                    Err(RuleError::NoWagonMove(pos, feature))
                }
            }
            _ => Err(RuleError::wrong_decision(pending, action)),
        }
    }

    /// Moves the deciding wagon (or leaves it home) and returns the next wagon's decision.
    pub(crate) fn apply_wagon_move(
        &mut self,
        table: &mut Table,
        dragon: Option<Pos>,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Option<Pending> {
        let w = self.wagons.remove(0);
        if let Action::MoveWagon { pos, feature } = action {
            let placement = table.board.index_at(pos).expect("checked: a tile");
            table.deploy(w.owner, Figure::Wagon, placement, feature);
            events.push(Event::WagonMoved { player: w.owner, pos, feature });
        }
        self.next_wagon(table, dragon)
    }
}

/// The segments of features "directly adjacent" to feature `root` (seed 001's wagon): on each of
/// its tiles, the features sharing a wagon group of the catalog with it; and an abbey and the
/// features ending at its walls.
fn adjacent_segments(table: &Table, root: NodeId, mut visit: impl FnMut(PlacementIndex, LocalFeature)) {
    for member in table.features.members(root) {
        let (placement, local) = table.features.segment(member);
        let placed = table.board.placement(placement);
        let design = table.design(placed.tile);
        let groups = design.features[local as usize].attrs.wagon_groups;
        if groups != 0 {
            for (j, other) in design.features.iter().enumerate() {
                if j != local as usize && other.attrs.wagon_groups & groups != 0 {
                    visit(placement, j as LocalFeature);
                }
            }
        }
        // An abbey and the features that end at its walls.
        let spec = &design.features[local as usize];
        for side in Side::ALL {
            let Some(n) = table.board.get(placed.pos.step(side)) else { continue };
            let theirs = table.design(n.tile);
            let index = table.board.index_at(n.pos).expect("a tile on the board");
            if design.symbols.contains(&Symbol::Abbey) {
                for port in side.ports() {
                    if let Some(f) = theirs.feature_at(n.rotation, port.facing()) {
                        visit(index, f);
                    }
                }
            } else if theirs.symbols.contains(&Symbol::Abbey) {
                let touches = side
                    .ports()
                    .iter()
                    .any(|p| design.feature_at(placed.rotation, *p) == Some(local) && spec.kind != FeatureKind::Field);
                if touches {
                    if let Some(cloister) = theirs.cloister {
                        visit(index, cloister);
                    }
                }
            }
        }
    }
}

/// Whether a frontier position's edge code (one base-5 digit per side, 0 for no neighbour)
/// has a neighbour on every side: the smallest such code is 1 + 5 + 25 + 125, and every digit
/// must be non-zero.
#[inline]
fn is_hole_code(code: u16) -> bool {
    !code.is_multiple_of(5) && !(code / 5).is_multiple_of(5) && !(code / 25).is_multiple_of(5) && code / 125 != 0
}

/// Deploying the mayor or the wagon on feature `spec` of the tile just placed (or through a
/// magic gate: footnote 126).
pub(crate) fn check_deploy(table: &Table, figure: Figure, spec: &FeatureSpec, root: NodeId) -> Result<(), RuleError> {
    match (figure, spec.kind) {
        (Figure::Mayor, FeatureKind::City) => base::check_unoccupied(table, spec.kind, root),
        (Figure::Mayor, kind) => Err(RuleError::MayorOnlyInCity(kind)),
        (Figure::Wagon, FeatureKind::Road | FeatureKind::City | FeatureKind::Cloister | FeatureKind::Prior) => {
            base::check_unoccupied(table, spec.kind, root)
        }
        (Figure::Wagon, kind) => Err(RuleError::WagonOnlyOnRoadCityCloister(kind)),
        _ => Err(RuleError::BarnOnCorner),
    }
}

impl Module for AbbeyMayor {
    const HOOKS: Hooks = Hooks::of(&[
        Hook::Supply,
        Hook::BeforeDraw,
        Hook::IdentifyCompleted,
        Hook::FeatureScored,
        Hook::AfterFeatures,
        Hook::FinalScoring,
    ]);

    fn supply(&self, figure: Figure) -> u8 {
        matches!(figure, Figure::Mayor | Figure::Wagon | Figure::Barn) as u8
    }

    fn before_draw(&self, table: &Table) -> Option<Pending> {
        let player = table.current;
        (self.holds_abbey(player) && Self::holes(table).next().is_some()).then_some(Pending::Abbey { player })
    }

    /// The roads and cities an abbey closed (they lie on its neighbours, which step 3A of the
    /// base rules does not look at), then the farms where farmers meet a barn.
    fn identify_completed(&mut self, table: &mut Table, placed: std::ops::Range<PlacementIndex>) {
        self.farms_to_score.clear();
        for placement in placed {
            let placed = *table.board.placement(placement);
            let design = table.design(placed.tile);
            if design.symbols.contains(&Symbol::Abbey) {
                for side in Side::ALL {
                    let Some(&n) = table.board.get(placed.pos.step(side)) else { continue };
                    let theirs = table.design(n.tile);
                    for port in side.ports() {
                        let Some(f) = theirs.feature_at(n.rotation, port.facing()) else { continue };
                        if matches!(theirs.features[f as usize].kind, FeatureKind::Road | FeatureKind::City) {
                            let root = table.features.find_mut(n.first_node + f as NodeId);
                            if table.features.is_closed(root) && !table.completed.contains(&root) {
                                table.completed.push(root);
                            }
                        }
                    }
                }
            }
            if self.barns.is_empty() {
                continue;
            }
            for (i, spec) in design.features.iter().enumerate() {
                if spec.kind != FeatureKind::Field {
                    continue;
                }
                let root = table.features.find_mut(placed.first_node + i as NodeId);
                let farmers = table.features.has_barn(root)
                    && table.features.figure_count(root) > 0
                    && table.figures.iter().any(|f| f.figure.is_follower() && table.features.find(f.node) == root);
                if farmers && !self.farms_to_score.iter().any(|(r, _)| *r == root) {
                    let placed_now = self.new_barn.is_some_and(|b| table.features.find(b) == root);
                    let rate = if placed_now { BARN_PLACED_CITY_VALUE } else { BARN_JOINED_CITY_VALUE };
                    self.farms_to_score.push((root, rate));
                    table.completed.push(root);
                }
            }
        }
        self.new_barn = None;
    }

    /// Notes the wagons of a scored feature before they go home, in the order their owners
    /// decide: the player whose turn it is first, then clockwise, over all the features the
    /// tile completed ("If several wagons are involved during scoring, then each player decides
    /// [...] beginning with the player whose turn it is and continuing clockwise", footnote
    /// 132), a player's wagons in the order their features were scored. A wagon that stays (on a
    /// recalled abbot's cloister) has no move to make.
    fn feature_scored(&mut self, table: &mut Table, root: NodeId, leaving: Leaving, _events: &mut Vec<Event>) {
        let players = table.players.len() as PlayerId;
        let current = table.current;
        for f in &table.figures {
            if f.figure == Figure::Wagon && table.features.find(f.node) == root && leaving.includes(f) {
                self.wagons.push(ScoredWagon { owner: f.owner, placement: f.placement, feature: f.feature, root });
            }
        }
        self.wagons.sort_by_key(|w| (w.owner + players - current) % players);
    }

    /// Once every feature of the tile is scored, the wagons decide one after the other.
    fn after_features(&mut self, table: &mut Table, dragon: Option<Pos>) -> Option<Pending> {
        self.next_wagon(table, dragon)
    }

    /// Wagons of features scored at the end stay home.
    fn final_scoring(&mut self, _table: &mut Table, _events: &mut Vec<Event>) {
        self.wagons.clear();
    }
}
