//! The special monasteries: Monasteries in Germany (Hans im Glück 2014), Monasteries in the
//! Netherlands & Belgium (999 Games 2014, Hans im Glück 2016) and Japanese Buildings (Hans im
//! Glück 2016), three sets of six tiles with one set of rules (the Wikicarpedia pages
//! "Monasteries (1st edition)" and "Monasteries"; the Assembled Game Reference's preparation
//! and final scoring lines for "German monasteries / Dutch & Belgian monasteries / Japanese
//! buildings").
//!
//! - Preparation: "Remove the 'original' cloister tiles from the base game": the base game's
//!   six cloisters (designs A and B of the base tiles or of the Winter Edition's) stay in the
//!   box (`Module::takes_tile`).
//! - A follower may be put on a special monastery in one of two ways: standing, as a monk, and
//!   the monastery is a cloister like any other; or lying on its side, as its abbot (the third
//!   edition says "claustral prior"), and it "scores only at the end of the game": the catalog
//!   gives the tile a second place, `FeatureKind::Prior`, beside its cloister. The two are one
//!   feature to occupy (`Table::occupied`): a figure on either keeps every other off both.
//! - A prior "remains on the tile during the game": it is never scored before the final
//!   scoring, even when its monastery is surrounded (a monk there is scored then, as usual,
//!   and a prior beside it, put there by some other expansion's move, stays).
//! - The final scoring pays a prior's owner (the majority, where more than one player's
//!   followers lie there) 1 point for the monastery and 1 for each tile of the unbroken line of
//!   tiles in each of the four directions from it ("Any empty spaces in the monastery's row or
//!   column interrupt the series of tiles"), after the incomplete features and before the farms,
//!   as the Assembled Game Reference orders the end-of-game features (`base::prior_tiles`, and
//!   `game::scoring::final_scoring`).
//!
//! Our readings (docs/rules.md, "The special monasteries"): the abbot of The Abbot put on a
//! special monastery as its prior is a prior like any other and cannot be taken back early
//! (The Abbot's recall scores a monk's cloister as it stands; a prior's monastery is scored only
//! at the end); a wagon or a magic gate may put a figure on either place as the rules allow it
//! on a cloister ("These two options ... are available whenever a meeple would be placed on the
//! special monastery"), but not once the monastery is surrounded; the house rule that
//! incomplete features score nothing leaves the priors' scoring alone (a prior is an
//! end-of-game feature, not an incomplete one).

use crate::catalog::{Catalog, TileDesign, TileId};
use crate::rules::Rules;

use super::hooks::{Hook, Hooks, Module};

/// The base game's cloisters, by design name, in the base tiles and the Winter Edition's (both
/// name the plain cloister B and the cloister with a road A).
const BASE_CLOISTERS: [&str; 2] = ["A", "B"];

/// The land sets whose cloisters the special monasteries replace.
const LAND_SETS: [&str; 2] = ["base", "winter"];

#[derive(Clone, Debug, Default)]
pub(crate) struct Monasteries;

/// Whether `design` is one of the base game's cloisters, which the special monasteries
/// replace when `rules` bring them into play.
pub(crate) fn replaced(rules: &Rules, design: &TileDesign) -> bool {
    rules.has_special_monasteries() && is_base_cloister(design)
}

/// Whether `design` is one of the base game's six cloisters.
fn is_base_cloister(design: &TileDesign) -> bool {
    LAND_SETS.contains(&design.set.as_str()) && BASE_CLOISTERS.contains(&design.name.as_str())
}

/// The special monasteries in play, one design after another in catalog order (for the
/// variation "Cloisters for everyone!", which hands them out instead of the base cloisters
/// they replace).
pub(crate) fn special_monastery_designs(rules: &Rules, catalog: &Catalog) -> Vec<(TileId, u8)> {
    let mut designs = vec![];
    for set_id in rules.tile_sets() {
        let Some(set) = catalog.set(set_id) else { continue };
        for (id, count) in catalog.edition_designs(set, set.edition_for(rules.variants.tile_edition)) {
            if catalog.design(id).prior.is_some() {
                designs.push((id, count));
            }
        }
    }
    designs
}

impl Module for Monasteries {
    const HOOKS: Hooks = Hooks::of(&[Hook::TakesTile]);

    /// "Remove the 'original' cloister tiles from the base game and return them to the box."
    fn takes_tile(&mut self, _id: TileId, design: &TileDesign, count: u8) -> u8 {
        if is_base_cloister(design) {
            count
        } else {
            0
        }
    }
}
