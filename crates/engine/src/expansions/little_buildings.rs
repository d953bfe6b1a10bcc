//! Little Buildings (spielbox 5/2012; the assembled reference's preparation, step 2B-1 and
//! step 3B; the expansion's Wikicarpedia page for the full rules): 18 building tokens, 6
//! towers, 6 houses and 6 sheds, and no tiles.
//!
//! - **Preparation.** "Distribute the 18 new buildings evenly among all players", the rest
//!   going back into the box: 9 each with 2 players, 6 with 3, 4 with 4, 3 with 5 or 6 (the
//!   reference's table). Under the variant that tells the kinds apart every player gets as many
//!   of each kind: 3 towers, 3 houses and 3 sheds with 2 players, 2 of each with 3, 1 of each
//!   with 4 to 6.
//! - **Placing.** A player who does not deploy a follower may "instead place one of the new
//!   little buildings" on the tile just placed (step 2B-1 lists it among the actions that take
//!   the place of a deployment). The building "is not associated with either a structure or a
//!   field", it belongs to the whole tile and stays there until the end of the game.
//! - **Scoring.** "If a road, city, cloister, or farm is scored, each of the new buildings
//!   located on a landscape tile of the structure or the farm scores 1 additional point",
//!   added "after all the others"; a cloister counts the buildings of its 3 × 3 area. The
//!   points go to every player who scores the feature, during the game and in the final
//!   scoring ("The points for the buildings are awarded at the final scoring as well").
//! - **Variant.** A tower adds 3 points, a house 2, a shed 1 (`Variants::little_buildings_values`).
//!
//! Our readings where the sources are silent (docs/rules.md, "Little Buildings"): a building
//! counts once for a feature however many of its segments lie on the building's tile (as
//! JCloisterZone settled, its issue 149); gardens and other features that are not roads,
//! cities, cloisters (an abbey is one) or farms gain nothing; a feature scored for nothing (an
//! unfinished city with a cathedral) still gains its buildings' points, which are not part of
//! its value; where a farm is scored city by city (the first edition's farmers, the miners of
//! "Mountains") its buildings are paid once, to the farm's majority, as a score of their own;
//! a building is offered neither beside a princess that must act nor after a "Rebuilding",
//! and a tile with a building is occupied for "Rebuilding".

use crate::actions::Action;
use crate::board::PlacementIndex;
use crate::catalog::FeatureKind;
use crate::errors::RuleError;
use crate::events::{Breakdown, Event};
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::{BuildingKind, PlayerId, MAX_PLAYERS};
use crate::rules::Rules;
use crate::table::Table;

use super::hooks::{Hook, Hooks, Module};

/// The buildings each player gets under the expansion's rules, by number of players: the 18
/// shared evenly, the rest back into the box.
const EQUIVALENT_SUPPLY: [u8; MAX_PLAYERS + 1] = [0, 18, 9, 6, 4, 3, 3];

/// The buildings of each kind each player gets under the variant, by number of players.
const SUPPLY_PER_KIND: [u8; MAX_PLAYERS + 1] = [0, 6, 3, 2, 1, 1, 1];

/// A little building on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedBuilding {
    pub owner: PlayerId,
    pub pos: Pos,
    /// `None` under the expansion's rules, where the kinds are equivalent.
    pub kind: Option<BuildingKind>,
    pub(crate) placement: PlacementIndex,
}

impl PlacedBuilding {
    /// The points the building adds to a feature scored: its kind's under the variant, else 1.
    pub fn points(&self) -> u16 {
        self.kind.map_or(1, BuildingKind::points)
    }
}

/// The buildings a player has left: by kind under the variant, else all of them in `any`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BuildingSupply {
    pub any: u8,
    pub by_kind: [u8; 3],
}

impl BuildingSupply {
    pub fn total(&self) -> u8 {
        self.any + self.by_kind.iter().sum::<u8>()
    }

    pub fn of(&self, kind: BuildingKind) -> u8 {
        self.by_kind[kind.index()]
    }
}

#[derive(Clone, Debug, Default)]
pub(crate) struct LittleBuildings {
    /// The variant that tells the kinds apart is played.
    kinds: bool,
    supply: [BuildingSupply; MAX_PLAYERS],
    placed: Vec<PlacedBuilding>,
}

impl LittleBuildings {
    pub(crate) fn new(rules: &Rules, players: usize) -> LittleBuildings {
        let kinds = rules.variants.little_buildings_values;
        let n = players.min(MAX_PLAYERS);
        let each = if kinds {
            BuildingSupply { any: 0, by_kind: [SUPPLY_PER_KIND[n]; 3] }
        } else {
            BuildingSupply { any: EQUIVALENT_SUPPLY[n], by_kind: [0; 3] }
        };
        LittleBuildings { kinds, supply: [each; MAX_PLAYERS], placed: vec![] }
    }

    pub(crate) fn placed(&self) -> &[PlacedBuilding] {
        &self.placed
    }

    pub(crate) fn left(&self, player: PlayerId) -> BuildingSupply {
        self.supply[player as usize]
    }

    /// The buildings `player` may put on the tile just placed, until `visit` returns true: one
    /// action under the expansion's rules, one per kind left under the variant.
    pub(crate) fn each_action(&self, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) -> bool {
        let supply = self.supply[player as usize];
        if !self.kinds {
            return supply.any > 0 && visit(Action::PlaceBuilding { kind: None });
        }
        BuildingKind::ALL
            .into_iter()
            .filter(|&k| supply.of(k) > 0)
            .any(|k| visit(Action::PlaceBuilding { kind: Some(k) }))
    }

    pub(crate) fn check(&self, player: PlayerId, kind: Option<BuildingKind>) -> Result<(), RuleError> {
        let supply = self.supply[player as usize];
        match (self.kinds, kind) {
            (false, Some(_)) => Err(RuleError::BuildingsAreEquivalent),
            (true, None) => Err(RuleError::BuildingKindNeeded),
            (false, None) if supply.any == 0 => Err(RuleError::NoBuildingLeft),
            (true, Some(k)) if supply.of(k) == 0 => Err(RuleError::NoBuildingOfKind(k.name())),
            _ => Ok(()),
        }
    }

    /// Puts `player`'s building on the tile just placed (checked).
    pub(crate) fn place(
        &mut self,
        table: &Table,
        player: PlayerId,
        kind: Option<BuildingKind>,
        events: &mut Vec<Event>,
    ) {
        let supply = &mut self.supply[player as usize];
        match kind {
            Some(k) => supply.by_kind[k.index()] -= 1,
            None => supply.any -= 1,
        }
        let placement = table.last_placement_index();
        let pos = table.pos_of(placement);
        self.placed.push(PlacedBuilding { owner: player, pos, kind, placement });
        events.push(Event::BuildingPlaced { player, pos, kind });
    }

    /// The buildings on the tiles of feature `root` (a road, city or farm: each tile with one of
    /// its segments, once) and the points they add.
    fn on_feature(&self, table: &Table, root: NodeId) -> (u16, u16) {
        let mut found = (0, 0);
        for b in &self.placed {
            if table.feature_on_tile(root, b.placement) {
                found = (found.0 + 1, found.1 + b.points());
            }
        }
        found
    }

    /// The buildings in the 3 × 3 area of the cloister at `pos` and the points they add.
    fn around(&self, pos: Pos) -> (u16, u16) {
        self.placed
            .iter()
            .filter(|b| (b.pos.x - pos.x).abs() <= 1 && (b.pos.y - pos.y).abs() <= 1)
            .fold((0, 0), |(n, p), b| (n + 1, p + b.points()))
    }

    /// The buildings a feature's score gains: a road's or city's tiles, a cloister's area, a
    /// farm's tiles; nothing for other features.
    pub(crate) fn gained(&self, table: &Table, root: NodeId) -> (u16, u16) {
        if self.placed.is_empty() {
            return (0, 0);
        }
        match table.features.kind(root) {
            FeatureKind::Road | FeatureKind::City | FeatureKind::Field => self.on_feature(table, root),
            FeatureKind::Cloister | FeatureKind::Hut => self.around(table.locate(root).0),
            _ => (0, 0),
        }
    }
}

impl Module for LittleBuildings {
    const HOOKS: Hooks = Hooks::of(&[Hook::AdjustValue]);

    /// After every other module's change to the value: the buildings' points come "after all
    /// the others".
    fn adjust_value(&self, table: &Table, root: NodeId, _completed: bool, value: &mut Breakdown) {
        let (buildings, points) = self.gained(table, root);
        value.buildings += buildings;
        value.building_points += points;
    }
}
