//! The Festival (the assembled reference's small expansions: its step 2B-1, "Remove a figure
//! from anywhere in the playing area if the festival symbol was on the played tile"; the full
//! rules on the Wikicarpedia page "The Festival", with their footnotes, which give Hans im
//! Glück's rulings): 10 land tiles with the festival symbol, shuffled into the pile.
//!
//! - **The return.** A player who places a festival tile may, instead of deploying a figure on
//!   it, "return one of your own figures being already on the tiles of the playing area to your
//!   supply", or do neither. All of one's figures count ("normal and big followers, wagon,
//!   mayor, builder, pig, and barn", and the abbot), from anywhere in the playing area, the
//!   quarters of the city of Carcassonne included ("even if the Count is in the same space").
//!   Never another player's figure, nor a neutral one (the dragon, the fairy, the count), nor a
//!   follower held prisoner by a tower ("Captured meeples ... cannot be returned").
//! - **No points.** The figure comes back without a score, the abbot too (its own recall scores;
//!   the festival's does not); "There is no additional scoring at the end of the game".
//! - **One action.** The return takes the place of the deployment, so the fairy does not move in
//!   that turn ("an action was still taken" in the figure phase).
//! - **Variant.** Rio Grande's anniversary rules and CundCo's tiles say "followers" where Hans
//!   im Glück means "figures": under `Variants::festival_followers_only` the builder, the pig
//!   and the barn stay.
//!
//! The return is listed, checked and applied by the dispatch (`decisions.rs`), which holds the
//! Count's and Abbey & Mayor's figures too; this module keeps the festival's own rules.
//!
//! Our readings where the sources are silent (docs/rules.md, "The Festival"): the guard on top of
//! a tower is one's figure on a tile and may come back (the tower stays finished, or reopens
//! under `unguarded-tower-reopens`, as when its guard is captured); a builder or pig left without
//! its owner's follower goes home as after any departure; a barn taken back leaves its farm
//! without a barn; the return is not offered beside a princess that must act, nor after a
//! "Rebuilding" (the moved tile is another tile), nor for a tile raised as a mountain (its face,
//! and the symbol, are down).

use crate::catalog::Symbol;
use crate::players::Figure;
use crate::table::Table;

/// Whether the tile just placed shows the festival symbol.
pub(crate) fn on_tile_just_placed(table: &Table) -> bool {
    !table.board.is_empty() && table.design(table.last_placement().tile).symbols.contains(&Symbol::Festival)
}

/// Whether the festival may take back a figure of this kind (followers only under
/// `Variants::festival_followers_only`).
pub(crate) fn takes(table: &Table, figure: Figure) -> bool {
    !table.rules.variants.festival_followers_only || figure.is_follower()
}
