//! The River (seeds 000, 001 "THE RIVER", 003) and The River II (seed 001 "THE RIVER II").
//!
//! - Preparation: the spring is the start tile, the other river tiles are drawn first and the
//!   lake last; the River II's fork comes right after the spring. With several river sets one
//!   spring and one lake are kept (footnote 29): by default those of seed 004's preparation, the
//!   GQ spring (seed 001, GQ: "intended as a replacement") or else the River II's, and the
//!   River II's lake "(the one with the volcano)" (`Variants::combined_rivers`). The base start
//!   tile "can either be mixed into the stack of river tiles, or placed as soon as the river has
//!   been completed" (seed 001) or goes back to the box (seed 003): `Variants::river_start_tile`.
//! - Placing: a river tile continues the river at its open end, makes no immediate U-turn
//!   (footnote 31), does not turn the same way a third time (seed 000's clarification) and does
//!   not run into a tile; the fork's two branches are never joined (seed 001, THE RIVER II).
//! - Scoring: "The pig-herd tile earns the farmer who owns this farm an extra 1 point per city"
//!   (seed 001, THE RIVER II; footnote 97: with or without a pig), but "If you don't possess the
//!   relevant expansions, the inn, volcano and pig-herd tiles have no particular significance":
//!   the herd counts with Traders & Builders, or by the variant of footnote 96.
//! - The volcano lake without The Princess & the Dragon has no significance (seed 001), or by
//!   seed 000's reading takes no figure and gives its player another turn
//!   (`Variants::volcano_lake`). With it, the lake is a volcano: "The player who places the
//!   volcano may not deploy a follower to this tile, but should place the dragon on the tile
//!   instead. The player may therefore take another tile immediately" (the dragon's module
//!   places the dragon and keeps followers off; this module gives the extra turn).
//! - The house rules of seed 000 for the river live here: "You are not permitted to lay down any
//!   meeples until the entire river is down" (The River, metoth; `no-figures-on-river`), "Pig-herd
//!   tiles do not score a bonus" (The River II, Joff; `pig-herd-scores-nothing`), and the orders
//!   of laying it (`river-order`): from the lake (Scott), all pieces shuffled (DavidP), from the
//!   fork (Joff; Scott), and backwards to two springs (dwhitworth; Scott). Whatever the order,
//!   the river grows from every river edge of its first tile, each open end by the same rules,
//!   and a tile with one river edge (a spring, a lake, the River II's river into a city) closes
//!   the end it continues. With The Count of Carcassonne a first river tile other than the
//!   spring is not laid out by the city: the first player draws it and places it where it fits.

use crate::board::PlacementIndex;
use crate::catalog::{FeatureSpec, RiverRole, Symbol, TileDesign, TileId};
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::{Pos, Rotation, Side, Terrain};
use crate::players::{Figure, PlayerId};
use crate::random::{shuffle, GameRng};
use crate::rules::{CombinedRivers, Expansion, RiverOrder, RiverStartTile, Rules, VolcanoLake};
use crate::table::Table;

use super::hooks::{BaseStartTile, DeckPlan, Hook, Hooks, Module};

/// The river while it is being built.
#[derive(Clone, Debug, Default)]
pub(crate) struct River {
    /// The open ends: one while the river runs, two after the River II's fork, none once it
    /// has ended in lakes.
    ends: Vec<RiverEnd>,
    start_tile: RiverStartTile,
    combined: CombinedRivers,
    /// Whether a pig-herd scores (with Traders & Builders, or by the variant).
    herds_count: bool,
    /// The volcano lake gives another turn: by seed 000's reading, or with the dragon in the game
    /// (seed 001, THE RIVER II: "The player may therefore take another tile immediately").
    volcano_extra_turn: bool,
    /// The volcano lake takes no figure at all (seed 000's reading without the dragon; with it,
    /// the dragon's module keeps followers off the volcano).
    volcano_bans_figures: bool,
    /// House rule: no figure is deployed while the river is being laid.
    no_figures_on_river: bool,
    /// House rules: the order in which the river is laid.
    order: RiverOrder,
    /// The first river tile (the spring, or another by the order of the house rules) is on the
    /// board: the river runs from it.
    started: bool,
    /// The volcano lake was placed this turn under seed 000's reading.
    volcano_turn: bool,
    /// At preparation: the river tiles of the sets in play with their roles.
    taken: Vec<(Option<RiverRole>, TileId)>,
}

/// The river's part of the deck: its start tile, and the tiles drawn before the land tiles
/// (`None` with an explicit deck order, which lists them).
struct Arranged {
    start: Option<TileId>,
    leading: Option<Vec<TileId>>,
}

/// The open end of a river being built: the last river tile, the side the river leaves by, and
/// its recent turns (+1 right, -1 left).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RiverEnd {
    pos: Pos,
    exit: Side,
    last_turn: i8,
    last_was_turn: bool,
    /// Turns in the direction of `last_turn` since the last turn the other way.
    run: u8,
}

impl River {
    pub(crate) fn new(rules: &Rules) -> River {
        River {
            start_tile: rules.variants.river_start_tile,
            combined: rules.variants.combined_rivers,
            herds_count: pig_herds_count(rules),
            volcano_extra_turn: rules.variants.volcano_lake == VolcanoLake::ExtraTurn
                || rules.has(Expansion::PrincessDragon),
            volcano_bans_figures: rules.variants.volcano_lake == VolcanoLake::ExtraTurn
                && !rules.has(Expansion::PrincessDragon),
            no_figures_on_river: rules.variants.no_figures_on_river,
            order: rules.variants.river_order,
            ..River::default()
        }
    }

    /// The spring and the lake to keep among the river tiles taken, by the rules' reading.
    fn spring_and_lake(&self, catalog: &crate::catalog::Catalog) -> (Option<TileId>, Option<TileId>) {
        let of = |role| self.taken.iter().filter(move |(r, _)| *r == Some(role)).map(|&(_, id)| id);
        let lake = match self.combined {
            CombinedRivers::FirstSet => of(RiverRole::Lake).next(),
            CombinedRivers::AssembledReference => {
                // Seed 004: the lake with the volcano.
                let volcano = |id: &TileId| catalog.design(*id).symbols.contains(&Symbol::Volcano);
                of(RiverRole::Lake).find(volcano).or_else(|| of(RiverRole::Lake).next())
            }
        };
        (self.springs(catalog).first().copied(), lake)
    }

    /// The springs taken, the one the rules keep first: with several river sets, seed 004's
    /// choice (the GQ spring, else the River II's) or the first set's.
    fn springs(&self, catalog: &crate::catalog::Catalog) -> Vec<TileId> {
        let mut springs: Vec<TileId> =
            self.taken.iter().filter(|(r, _)| *r == Some(RiverRole::Spring)).map(|&(_, id)| id).collect();
        if self.combined == CombinedRivers::AssembledReference {
            let rank = |id: &TileId| ["river", "river-2", "gq11"].iter().position(|s| *s == catalog.design(*id).set);
            // Stable: among springs of one rank, the first taken stays first.
            springs.sort_by_key(|id| std::cmp::Reverse(rank(id)));
        }
        springs
    }

    /// The start tile and the river tiles to draw before the land tiles (with the base start tile
    /// as `Variants::river_start_tile` places it), in the order of `Variants::river_order`; the
    /// tiles to draw only when a seeded deck is dealt (`rng`): an explicit deck order lists them.
    fn arrange(
        &self,
        catalog: &crate::catalog::Catalog,
        base_start: Option<TileId>,
        rng: Option<&mut GameRng>,
    ) -> Arranged {
        let (spring, lake) = self.spring_and_lake(catalog);
        let forks = || self.taken.iter().filter(|(r, _)| *r == Some(RiverRole::Fork)).map(|&(_, id)| id);
        // The river tiles with no role, in the order taken (the river ending in a city among them).
        let plain = || self.taken.iter().filter(|(r, _)| r.is_none()).map(|&(_, id)| id);
        let ends_branch = |id: &TileId| river_sides(catalog.design(*id), Rotation::R0).count() == 1;
        let in_stack = base_start.filter(|_| self.start_tile == RiverStartTile::InRiverStack);
        let after = base_start.filter(|_| self.start_tile == RiverStartTile::AfterRiver);
        let start = match self.order {
            RiverOrder::SpringFirst | RiverOrder::Shuffled => spring,
            // House rule (seed 000, Scott): "Lay the river in reverse order, from lake to spring."
            RiverOrder::LakeFirst => lake,
            RiverOrder::ForkFirst | RiverOrder::ForkFirstEndsLast => forks().next(),
            // dwhitworth: "starting with the city/lake".
            RiverOrder::TwoSprings => plain().find(ends_branch),
        };
        let Some(rng) = rng else { return Arranged { start, leading: None } };
        let shuffled = |mut tiles: Vec<TileId>, rng: &mut GameRng| {
            shuffle(&mut tiles, rng);
            tiles
        };
        let leading: Vec<TileId> = match self.order {
            RiverOrder::SpringFirst | RiverOrder::LakeFirst => {
                let last = if self.order == RiverOrder::LakeFirst { spring } else { lake };
                let river_tiles = shuffled(plain().chain(in_stack).collect(), rng);
                forks().chain(river_tiles).chain(last).chain(after).collect()
            }
            RiverOrder::Shuffled => {
                // DavidP: "put all of the river pieces into the bag"; the first drawn starts.
                let pieces = shuffled(spring.into_iter().chain(lake).chain(forks()).chain(plain()).collect(), rng);
                let Some((&first, rest)) = pieces.split_first() else { return Arranged { start, leading: None } };
                let rest = shuffled(rest.iter().copied().chain(in_stack).collect(), rng);
                return Arranged { start: Some(first), leading: Some(rest.into_iter().chain(after).collect()) };
            }
            RiverOrder::ForkFirst => {
                // Joff: "lay the spring last. The lakes are mixed in with the other river tiles."
                let mixed = shuffled(plain().chain(lake).chain(forks().skip(1)).chain(in_stack).collect(), rng);
                mixed.into_iter().chain(spring).chain(after).collect()
            }
            RiverOrder::ForkFirstEndsLast => {
                // Scott: "Play the spring and lake tiles at the end."
                let middle = plain().filter(|t| !ends_branch(t)).chain(forks().skip(1)).chain(in_stack).collect();
                let middle = shuffled(middle, rng);
                let ends = shuffled(plain().filter(ends_branch).chain(lake).chain(spring).collect(), rng);
                middle.into_iter().chain(ends).chain(after).collect()
            }
            RiverOrder::TwoSprings => {
                // dwhitworth: "Discard two lakes [...] put one spring tile aside as a final ending
                // tile, and then split the balance of the river tiles into two stacks. The
                // junction tile is shuffled into stack 1 and the other spring into stack 2. Then
                // the stack 1 is placed on stack 2."
                let springs = self.springs(catalog);
                let balance: Vec<TileId> = shuffled(
                    plain().filter(|t| Some(*t) != start).chain(forks().skip(1)).chain(in_stack).collect(),
                    rng,
                );
                let (first_half, second_half) = balance.split_at(balance.len() / 2);
                let first = shuffled(first_half.iter().copied().chain(forks().next()).collect(), rng);
                let second = shuffled(second_half.iter().copied().chain(springs.get(1).copied()).collect(), rng);
                first.into_iter().chain(second).chain(springs.first().copied()).chain(after).collect()
            }
        };
        Arranged { start, leading: Some(leading) }
    }

    /// The river rules for a river tile at `pos` turned by `rotation`.
    fn check_river(&self, table: &Table, tile: TileId, pos: Pos, rotation: Rotation) -> Result<(), RuleError> {
        let first = self.ends.first().ok_or(RuleError::RiverClosed)?;
        let mut at_pos = self.ends.iter().filter(|e| e.pos.step(e.exit) == pos);
        let end = *at_pos.next().ok_or(RuleError::RiverMustContinue(first.pos.step(first.exit)))?;
        // Seed 001, THE RIVER II: "the two river branches must not be connected".
        if at_pos.next().is_some() {
            return Err(RuleError::RiverBranchesJoin);
        }
        for next in river_step(table.design(tile), rotation, end)?.iter() {
            let ahead = next.pos.step(next.exit);
            if table.board.is_occupied(ahead) {
                return Err(RuleError::RiverBlocked);
            }
            if self.ends.iter().any(|e| e.pos.step(e.exit) == ahead) {
                return Err(RuleError::RiverBranchesJoin);
            }
        }
        Ok(())
    }
}

impl Module for River {
    const HOOKS: Hooks = Hooks::of(&[
        Hook::BringsTile,
        Hook::BaseStartTile,
        Hook::TakesTile,
        Hook::ArrangeDeck,
        Hook::Restricts,
        Hook::AllowsPosition,
        Hook::CheckPlace,
        Hook::TilePut,
        Hook::TilePlaced,
        Hook::RestrictDeploy,
        Hook::EndTurn,
        Hook::FarmBonus,
    ]);

    fn brings_tile(&self, design: &TileDesign) -> bool {
        design.has_river()
    }

    fn base_start_tile(&self) -> BaseStartTile {
        if self.start_tile == RiverStartTile::Shuffled {
            BaseStartTile::InPile
        } else {
            BaseStartTile::Starts
        }
    }

    fn takes_tile(&mut self, id: TileId, design: &TileDesign, count: u8) -> u8 {
        if !design.has_river() {
            return 0;
        }
        let copies = match design.river {
            Some(RiverRole::Spring | RiverRole::Lake) => 1,
            Some(RiverRole::Fork) | None => count as usize,
        };
        self.taken.extend(std::iter::repeat_n((design.river, id), copies));
        count
    }

    fn arrange_deck(
        &mut self,
        table_catalog: &crate::catalog::Catalog,
        plan: &mut DeckPlan,
        rng: Option<&mut GameRng>,
    ) {
        let base_start = plan.start.take();
        let arranged = self.arrange(table_catalog, base_start, rng);
        plan.start = arranged.start;
        if let Some(leading) = arranged.leading {
            plan.leading = leading;
        }
        self.taken = vec![];
    }

    fn restricts(&self, table: &Table, tile: TileId) -> bool {
        table.design(tile).has_river()
    }

    /// A river tile goes only where the river leaves its last tile; the first river tile, when a
    /// player draws it (with The Count of Carcassonne, a start other than the spring), goes
    /// wherever it fits.
    fn allows_position(&self, _table: &Table, _tile: TileId, pos: Pos) -> bool {
        !self.started || self.ends.iter().any(|e| e.pos.step(e.exit) == pos)
    }

    fn check_place(&self, table: &Table, tile: TileId, pos: Pos, rotation: Rotation) -> Result<(), RuleError> {
        if !self.started {
            return Ok(());
        }
        self.check_river(table, tile, pos, rotation)
    }

    fn tile_put(&mut self, table: &mut Table, placement: PlacementIndex) {
        let placed = *table.board.placement(placement);
        let design = table.design(placed.tile);
        if !design.has_river() {
            return;
        }
        if !self.started {
            // The first river tile (the spring placed at set-up, or another by the order of the
            // house rules): the river leaves by each of its river edges.
            self.started = true;
            self.ends = river_sides(design, placed.rotation)
                .map(|exit| RiverEnd { pos: placed.pos, exit, last_turn: 0, last_was_turn: false, run: 0 })
                .collect();
        } else if let Some(i) = self.ends.iter().position(|e| e.pos.step(e.exit) == placed.pos) {
            let end = self.ends.remove(i);
            let next = river_step(design, placed.rotation, end).unwrap_or_default();
            self.ends.splice(i..i, next.iter().copied());
        }
    }

    fn tile_placed(&mut self, table: &mut Table, _player: PlayerId, _events: &mut Vec<Event>) {
        self.volcano_turn = self.volcano_extra_turn && is_volcano_lake(table.design(table.last_placement().tile));
    }

    fn restrict_deploy(&self, table: &Table, _figure: Figure, _spec: &FeatureSpec) -> Result<(), RuleError> {
        if self.volcano_turn && self.volcano_bans_figures {
            return Err(RuleError::NoFigureOnVolcanoLake);
        }
        // House rule (seed 000, "House rules for The River", metoth): "You are not permitted to
        // lay down any meeples until the entire river is down": not on a river tile, nor on a
        // tile placed while river tiles remain to be drawn (a start tile mixed into them).
        if self.no_figures_on_river
            && (table.laying_out_start() || table.design(table.last_placement().tile).has_river())
        {
            return Err(RuleError::NoFigureWhileRiverIsLaid);
        }
        Ok(())
    }

    fn end_turn(&mut self, table: &mut Table, events: &mut Vec<Event>) -> bool {
        if std::mem::take(&mut self.volcano_turn) {
            events.push(Event::ExtraTurn { player: table.current });
            return true;
        }
        false
    }

    fn farm_bonus(&self, table: &Table, farm: NodeId, _player: PlayerId) -> u16 {
        if self.herds_count {
            pig_herd_bonus(table, farm)
        } else {
            0
        }
    }
}

/// The River II's volcano lake.
fn is_volcano_lake(design: &TileDesign) -> bool {
    design.river == Some(RiverRole::Lake) && design.symbols.contains(&Symbol::Volcano)
}

/// Whether pig-herds score: with Traders & Builders, "the relevant expansion" (seed 001, THE
/// RIVER II), or by the variant of footnote 96; unless the house rule for The River II takes
/// the bonus away ("Pig-herd tiles do not score a bonus", seed 000, Joff).
pub(crate) fn pig_herds_count(rules: &Rules) -> bool {
    (rules.has(Expansion::TradersBuilders) || rules.variants.pig_herd_without_traders_builders)
        && !rules.variants.pig_herd_scores_nothing
}

/// Seed 001, THE RIVER II: a farm with a pig-herd pays its owners 1 more per city.
pub(crate) fn pig_herd_bonus(table: &Table, farm: NodeId) -> u16 {
    table.features.has_pig_herd(farm) as u16
}

/// The sides of a placed design that show a river.
fn river_sides(design: &TileDesign, rotation: Rotation) -> impl Iterator<Item = Side> {
    let edges = design.view(rotation).edges;
    Side::ALL.into_iter().filter(move |s| (edges >> (8 * s.index())) & 0xFF == Terrain::River as u32)
}

/// The open ends a river tile leaves: none (a lake), one, or two (the River II's fork). Kept
/// on the stack: the river's rules test every rotation of every river tile drawn.
#[derive(Clone, Copy, Debug, Default)]
struct NextEnds {
    ends: [Option<RiverEnd>; 2],
}

impl NextEnds {
    fn push(&mut self, end: RiverEnd) {
        let free = self.ends.iter_mut().find(|e| e.is_none()).expect("a river tile leaves at most two ends");
        *free = Some(end);
    }

    fn iter(&self) -> impl Iterator<Item = &RiverEnd> {
        self.ends.iter().flatten()
    }
}

/// The river's new open ends after a river tile continues it at `end`: none when the tile ends
/// the river (a lake, or a river running into a city), one for an ordinary tile, two for the
/// River II fork; or the rule the tile would break.
fn river_step(design: &TileDesign, rotation: Rotation, end: RiverEnd) -> Result<NextEnds, RuleError> {
    let pos = end.pos.step(end.exit);
    let entry = end.exit.opposite();
    let mut next = NextEnds::default();
    for exit in river_sides(design, rotation).filter(|&s| s != entry) {
        let turn: i8 = if exit == end.exit {
            0
        } else if exit == end.exit.rotated(Rotation::R90) {
            1
        } else {
            -1
        };
        if turn == 0 {
            next.push(RiverEnd { pos, exit, last_was_turn: false, ..end });
            continue;
        }
        if turn == end.last_turn && end.last_was_turn {
            return Err(RuleError::RiverUTurn);
        }
        let run = if turn == end.last_turn { end.run + 1 } else { 1 };
        if run >= 3 {
            return Err(RuleError::RiverThirdTurn);
        }
        next.push(RiverEnd { pos, exit, last_turn: turn, last_was_turn: true, run });
    }
    Ok(next)
}
