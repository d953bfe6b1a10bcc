//! The turn's calls into Bridges, Castles & Bazaars that need the other modules (the placement
//! rules of the tile a bridge lets fit, the tiles' placeability, the hooks a placement runs):
//! `impl Modules` methods in a child of the dispatch, as `choosing.rs` is for the tiles in hand.

use crate::actions::Action;
use crate::base;
use crate::catalog::TileId;
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::{Pos, Rotation};
use crate::players::PlayerId;
use crate::table::Table;

use super::bridges;
use super::Modules;

impl Modules {
    /// Whether the player whose turn it is may still build a bridge this turn.
    #[inline]
    pub(crate) fn may_bridge(&self, table: &Table) -> bool {
        self.bcb_in_play && self.bcb.may_bridge(table.current)
    }

    /// The placements of the drawn `tile` that only a bridge makes legal, with their bridge,
    /// until `visit` returns true (then returns true). None where no bridge may be built.
    pub(crate) fn each_bridged_placement(
        &self,
        table: &Table,
        tile: TileId,
        visit: &mut impl FnMut(Action) -> bool,
    ) -> bool {
        if !self.may_bridge(table) {
            return false;
        }
        let rules = self.placement_rules(table, tile);
        let allowed = |pos: Pos, rotation: Rotation| {
            rules.is_empty()
                || (self.allows_position(rules, table, tile, pos)
                    && self.check_place(rules, table, tile, pos, rotation).is_ok())
        };
        bridges::each_bridged_placement(table, tile, allowed, visit)
    }

    /// Checks a placement with a bridge: it is one of those listed.
    pub(crate) fn check_bridged_placement(&self, table: &Table, tile: TileId, action: Action) -> Result<(), RuleError> {
        let Action::PlaceBridged { pos, .. } = action else { unreachable!("a placement with a bridge") };
        if !self.may_bridge(table) {
            return Err(if self.bcb_in_play && self.bcb.bridges_left(table.current) == 0 {
                RuleError::NoBridgeLeft
            } else {
                RuleError::NoBridgeThere(pos)
            });
        }
        let mut found = false;
        self.each_bridged_placement(table, tile, &mut |a| {
            found = a == action;
            found
        });
        if found {
            Ok(())
        } else {
            Err(RuleError::NoBridgeThere(pos))
        }
    }

    /// Places the drawn `tile` with its bridge (`placement`, a checked
    /// [`Action::PlaceBridged`]): on the tile itself, its bridged design goes down; beside it,
    /// the tile goes down and the bridge is built on its neighbour.
    pub(crate) fn place_bridged(
        &mut self,
        table: &mut Table,
        player: PlayerId,
        tile: TileId,
        placement: Action,
        events: &mut Vec<Event>,
    ) {
        let Action::PlaceBridged { pos, rotation, bridge } = placement else { unreachable!("a bridged placement") };
        self.before_put(table, tile, rotation, pos);
        match bridge.on {
            None => {
                let design_axis = bridge.axis.rotated(rotation);
                let bridged = table.catalog.bridged(tile, design_axis).expect("checked: a bridge fits");
                let placement = base::put_tile(table, bridged, rotation, pos);
                self.tile_put(table, placement);
                events.push(Event::TilePlaced { player, tile, pos, rotation });
                self.bcb.note_bridge(player, events, pos, bridge.axis, None);
            }
            Some(side) => {
                let placement = base::put_tile(table, tile, rotation, pos);
                self.tile_put(table, placement);
                events.push(Event::TilePlaced { player, tile, pos, rotation });
                self.bcb.build_bridge(table, player, pos.step(side), bridge.axis, events);
            }
        }
    }

    /// Step 1B: the tile `player` bought at a bazaar, which they place instead of drawing one;
    /// one that fits nowhere is discarded (and the player draws as usual).
    pub(crate) fn bought_tile(
        &mut self,
        table: &mut Table,
        player: PlayerId,
        events: &mut Vec<Event>,
    ) -> Option<TileId> {
        if !self.bcb_in_play {
            return None;
        }
        let tile = self.bcb.take_bought(player)?;
        events.push(Event::BoughtTileTaken { player, tile });
        if self.placeable(table, tile) {
            return Some(tile);
        }
        self.bcb.drop_bought();
        table.discarded.push(tile);
        events.push(Event::TileDiscarded { player, tile });
        None
    }

    /// Whether a player still holds a tile bought at a bazaar (the game goes on for it).
    #[inline]
    pub(crate) fn bought_tiles_held(&self) -> bool {
        self.bcb_in_play && self.bcb.bought_held()
    }

    /// Whether `player` holds a tile bought at a bazaar.
    #[inline]
    pub(crate) fn holds_bought_tile(&self, player: PlayerId) -> bool {
        self.bcb_in_play && self.bcb.bazaar.bought[player as usize].is_some()
    }

    /// Whether the town at `root`, completed this turn, became a castle (asked once, by the
    /// scoring, which then skips it).
    #[inline]
    pub(crate) fn castled(&mut self, root: NodeId) -> bool {
        self.bcb_in_play && self.bcb.take_converted(root)
    }

    /// The final scoring's first step: the castles never scored are worth nothing, and their
    /// followers go home.
    pub(crate) fn abandon_castles(&mut self, table: &mut Table, events: &mut Vec<Event>) {
        if self.bcb_in_play {
            self.bcb.abandon_castles(table, events);
        }
    }
}
