//! The Spiel Doch! promotional tiles (Spiel Doch! magazine 02/2018; the Wikicarpedia page
//! "SPIEL DOCH! Promo"; the assembled reference's preparation, "Spiel Doch! 02/2018 Promo tiles
//! (if used as starting tiles)"): two land tiles with no rule of their own.
//!
//! - **In the pile** (the default): "shuffle the Spiel Doch! Promo tiles together with the land
//!   tiles"; they are placed, occupied and scored like any tile.
//! - **As the start** (`Variants::spiel_doch_start`): "If used as starting tiles, remove the
//!   regular starting tile from the game and place both Spiel Doch! Promo tiles on the table".
//!   The two cities lie at the origin and the three roads east of it, turned so that the
//!   tiles' fields meet and the roads lead north, east and south (the page's start
//!   configuration, as JCloisterZone lays it out).
//!
//! Our reading where the sources are silent ("You can combine it with other expansions - but at
//! your own risk"): with a river or the Count of Carcassonne, whose tiles start the game, the
//! promotional tiles are shuffled in under the variant too.

use crate::catalog::{Catalog, TileDesign, TileId};
use crate::geometry::{Pos, Rotation};
use crate::random::GameRng;
use crate::rules::Rules;

use super::hooks::{BaseStartTile, DeckPlan, Hook, Hooks, Module, StartTiles};

/// Where the two tiles lie when they start the game: the cities' tile at the origin, the roads'
/// tile east of it turned a quarter anticlockwise (its field edge facing the cities' field).
const START: [(Rotation, Pos); 2] = [(Rotation::R0, Pos::new(0, 0)), (Rotation::R270, Pos::new(1, 0))];

#[derive(Clone, Debug, Default)]
pub(crate) struct SpielDoch {
    /// The two tiles, taken out of the pile to start the game under the variant where no river
    /// or city of Carcassonne starts it, in design order.
    start: StartTiles,
}

impl SpielDoch {
    pub(crate) fn new(rules: &Rules) -> SpielDoch {
        SpielDoch { start: StartTiles::new(rules.variants.spiel_doch_start && !StartTiles::another_start(rules)) }
    }
}

impl Module for SpielDoch {
    const HOOKS: Hooks = Hooks::of(&[Hook::TakesTile, Hook::BaseStartTile, Hook::ArrangeDeck]);

    fn takes_tile(&mut self, id: TileId, design: &TileDesign, count: u8) -> u8 {
        self.start.take(id, design.set == "spiel-doch", count, START.len())
    }

    /// "Remove the regular starting tile from the game."
    fn base_start_tile(&self) -> BaseStartTile {
        self.start.base_start_tile()
    }

    fn arrange_deck(&mut self, _catalog: &Catalog, plan: &mut DeckPlan, _rng: Option<&mut GameRng>) {
        if self.start.start && self.start.taken.len() == START.len() {
            plan.start = None;
            plan.layout = self.start.taken.iter().zip(START).map(|(&t, (r, p))| (t, r, p)).collect();
        }
    }
}
