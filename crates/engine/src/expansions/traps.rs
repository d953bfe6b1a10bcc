//! The Vodyanoy and Solovei Razboynik (the Russian promotional tiles of 2016, Hobby World; the
//! Wikicarpedia page "Russian Promos (1st edition)", its sections on the two tiles and their
//! footnotes; the Assembled Game Reference's step 1C, its step 2B-1 "Retrieve 1 follower trapped
//! in Solovei Razboynik" and its final scoring, "Vodyanoy"): two tiles with a trap in the middle,
//! the catalog's feature `trap` (`FeatureKind::Trap`), which no figure is deployed on and which
//! is never completed or scored as a feature.
//!
//! - **The Vodyanoy's lake.** Placed, the tile pulls every follower on the tiles around it
//!   (community interpretation: "horizontally, vertically or diagonally") onto its lake, and any
//!   follower that later stands on one of those tiles follows. Followers only: the normal and
//!   big follower, the abbot, the mayor, the wagon; builders, pigs, barns and neutral figures
//!   stay (a builder or pig left without its owner's follower goes home as after any departure).
//!   "Followers remain on that tile until the end of the game and get -2 points each during
//!   final scoring" (`Event::VodyanoyPenalty`; a score never goes below 0, our reading).
//! - **Solovei Razboynik's tree.** The road passes behind the tree as one segment (FAQ 07/2020).
//!   By the tile's author's clarification (2021, which the page and its order of play follow):
//!   the tree traps the follower(s) or special figures (a builder) on its road nearest to it,
//!   counted in tiles along the road (across a ferry's lake at no distance, through a tunnel
//!   a tile apart: our reading), all of them at the same distance; the trap springs when a
//!   tile placed joins the road (the tree's own tile included) and when a figure joins the road
//!   (a deployment, a magic gate, a wagon's move, a redeployment), not otherwise. Under the
//!   variant `solovei-whole-road` (the Assembled Game Reference's "all the thieves on the road",
//!   and JCloisterZone) every follower of the road is trapped at once, whenever it is there.
//! - **Order.** "Vodyanoy is first, because it is stronger", and a figure the tree traps on a
//!   tile beside the Vodyanoy goes on into the lake (the author's clarification).
//! - **Freeing.** In the figure phase, instead of deploying, a player may take one of their
//!   followers back from a trap to their supply (`Action::ReturnFigure` at the trap), not from a
//!   trap placed in that turn (JCloisterZone's reading of the Vodyanoy's rules).
//!
//! Our readings where the sources are silent (docs/rules.md, "The Vodyanoy and Solovei
//! Razboynik"): the traps spring at step 1C (after the tile is placed), at 2C (after the figure
//! phase) and at 3C (after the scoring, for a wagon's move or a redeployment), so a follower
//! trapped in the figure phase is never scored in that turn; no follower is deployed on the
//! Vodyanoy's tile itself (JCloisterZone), and one reaching it otherwise goes into the lake; a
//! tower's guard stays on top of its tower; the figures in the city of Carcassonne stand on no
//! tile and stay.

use crate::actions::Action;
use crate::board::PlacementIndex;
use crate::catalog::{FeatureKind, FeatureSpec, Symbol};
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::{Figure, FigureSerial, PlayerId, MAX_PLAYERS};
use crate::table::Table;

use super::hooks::{Hook, Hooks, Module};

/// What the Vodyanoy takes from each follower in its lake at the end of the game.
pub const VODYANOY_PENALTY: u32 = 2;

/// A trap on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Trap {
    pub(crate) placement: PlacementIndex,
    /// The trap's feature on its tile.
    pub(crate) feature: u8,
    /// The Vodyanoy's lake (true) or Solovei Razboynik's tree.
    lake: bool,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Traps {
    traps: Vec<Trap>,
    /// The serial the next figure deployed had at the last time the traps sprang: a figure
    /// with this serial or a later one joined its feature since (a moved figure gets a new
    /// serial).
    swept: FigureSerial,
    /// `solovei-whole-road`: the tree traps every follower of its road.
    whole_road: bool,
}

impl Traps {
    pub(crate) fn new(rules: &crate::rules::Rules) -> Traps {
        Traps { whole_road: rules.variants.solovei_whole_road, ..Traps::default() }
    }

    /// Whether feature `feature` of the tile at `pos` is a trap.
    pub(crate) fn is_trap(table: &Table, pos: Pos, feature: u8) -> bool {
        table.board.get(pos).is_some_and(|t| table.design(t.tile).trap == Some(feature))
    }

    /// Whether no trap is on the board.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.traps.is_empty()
    }

    /// The traps sprang: a figure joins a road from the next serial on.
    pub(crate) fn sprang(&mut self, next_serial: FigureSerial) {
        self.swept = next_serial;
    }

    /// The moves the traps make now, Vodyanoy first, then the trees, then the Vodyanoy again
    /// for what a tree caught beside it: (serial of the figure, the trap it goes to).
    ///
    /// After a spring nothing stands where a trap would take it (but a tower's guard), so only a
    /// tile placed (`grown`) or a figure put down since (a serial from `swept` on) can set one
    /// off: without either, as after most figure phases and scorings, nothing is looked at.
    /// `links`: segments a road joins other than across tile edges (a ferry's two roads, at no
    /// distance; a tunnel's two openings, a tile apart), for the distance along the road.
    pub(crate) fn catches(
        &self,
        table: &Table,
        grown: Option<PlacementIndex>,
        links: &[(NodeId, NodeId, u16)],
    ) -> Vec<(FigureSerial, Trap)> {
        let mut moves = Vec::new();
        if grown.is_none() && !table.figures.iter().any(|f| f.serial >= self.swept) {
            return moves;
        }
        self.lakes(table, &[], &mut moves);
        for trap in self.traps.iter().filter(|t| !t.lake) {
            let before = moves.clone();
            self.tree(table, *trap, grown, links, &before, &mut moves);
        }
        if moves.iter().any(|(_, t)| !t.lake) {
            let before = moves.clone();
            self.lakes(table, &before, &mut moves);
        }
        moves
    }

    /// The followers the lakes pull in: on the tiles around a lake (or on its own tile), not
    /// already in a lake, not a tower's guard. `moved` are the moves already decided, whose
    /// figures are looked at where they go.
    fn lakes(&self, table: &Table, moved: &[(FigureSerial, Trap)], out: &mut Vec<(FigureSerial, Trap)>) {
        for lake in self.traps.iter().filter(|t| t.lake) {
            let centre = table.pos_of(lake.placement);
            for f in &table.figures {
                if !f.figure.is_follower() {
                    continue;
                }
                // Where the figure stands now, or goes to by a move already decided; the cheap
                // test of distance first.
                let (placement, moved_to) = match moved.iter().rev().find(|(s, _)| *s == f.serial) {
                    Some(&(_, t)) => (t.placement, Some(t)),
                    None => (f.placement, None),
                };
                let at = table.pos_of(placement);
                if (at.x - centre.x).abs() > 1 || (at.y - centre.y).abs() > 1 {
                    continue;
                }
                let kind = match moved_to {
                    Some(t) if t.lake => continue,
                    Some(_) => FeatureKind::Trap,
                    None => table.features.kind(f.node),
                };
                if kind == FeatureKind::Tower || (kind == FeatureKind::Trap && self.is_lake_at(placement)) {
                    continue;
                }
                if !out.iter().any(|(s, t)| *s == f.serial && t.lake) {
                    out.push((f.serial, *lake));
                }
            }
        }
    }

    fn is_lake_at(&self, placement: PlacementIndex) -> bool {
        self.traps.iter().any(|t| t.lake && t.placement == placement)
    }

    /// The figures tree `trap` catches: on its road, the nearest (or, under
    /// `solovei-whole-road`, every follower), when the trap springs.
    fn tree(
        &self,
        table: &Table,
        trap: Trap,
        grown: Option<PlacementIndex>,
        links: &[(NodeId, NodeId, u16)],
        moved: &[(FigureSerial, Trap)],
        out: &mut Vec<(FigureSerial, Trap)>,
    ) {
        let placed = table.board.placement(trap.placement);
        let design = table.design(placed.tile);
        let Some(road) = design.features.iter().position(|f| f.kind == FeatureKind::Road) else { return };
        let start = placed.first_node + road as NodeId;
        let root = table.features.find(start);
        // The figures the tree may take: on its road (not moved already), followers, and under
        // the author's clarification builders too.
        let catchable = |f: &crate::players::PlacedFigure| {
            (f.figure.is_follower() || (!self.whole_road && f.figure == Figure::Builder))
                && table.features.find(f.node) == root
                && !moved.iter().any(|(s, _)| *s == f.serial)
        };
        // The trap springs when a tile joins the road or a figure joins it; after a spring
        // nothing else can bring a figure there (under either reading).
        let joined = grown.is_some_and(|g| {
            let tile = table.board.placement(g);
            let spec = &table.design(tile.tile).features;
            (0..spec.len()).any(|i| table.features.find(tile.first_node + i as NodeId) == root)
        });
        if !joined && !table.figures.iter().any(|f| f.serial >= self.swept && catchable(f)) {
            return;
        }
        let on_road: Vec<(FigureSerial, NodeId)> =
            table.figures.iter().filter(|f| catchable(f)).map(|f| (f.serial, f.node)).collect();
        if self.whole_road {
            out.extend(on_road.iter().map(|&(serial, _)| (serial, trap)));
            return;
        }
        let distances = road_distances(table, start, links);
        let distance = |node: NodeId| distances.get(node as usize).copied().unwrap_or(u16::MAX);
        let Some(nearest) = on_road.iter().map(|&(_, node)| distance(node)).min() else { return };
        out.extend(on_road.iter().filter(|&&(_, node)| distance(node) == nearest).map(|&(serial, _)| (serial, trap)));
    }

    /// Whether `player` may take `figure` back from the trap, feature `feature` of the tile at
    /// `pos` (a trap: checked by the caller).
    pub(crate) fn check_free(
        table: &Table,
        player: PlayerId,
        figure: Figure,
        pos: Pos,
        feature: u8,
    ) -> Result<(), RuleError> {
        if table.board.index_at(pos) == Some(table.last_placement_index()) {
            return Err(RuleError::TrapJustPlaced(pos));
        }
        match table.figure_at_where(pos, feature, |f| f.owner == player && f.figure == figure) {
            Some(_) => Ok(()),
            None => Err(RuleError::NoTrappedFigure(figure.name())),
        }
    }

    /// Takes `player`'s `figure` back from the trap at `pos` to their supply (checked).
    pub(crate) fn free(
        table: &mut Table,
        player: PlayerId,
        figure: Figure,
        pos: Pos,
        feature: u8,
        events: &mut Vec<Event>,
    ) {
        let i = table.figure_at_where(pos, feature, |f| f.owner == player && f.figure == figure);
        table.take_figure(i.expect("checked: the figure"));
        events.push(Event::Freed { player, figure, pos, feature });
    }
}

/// The distance in tiles along the road from segment `start` to each of its segments (indexed
/// by node; `u16::MAX` where not reached), across tile edges (one tile) and `links` (their own
/// distance: 0 across a ferry's lake, 1 through a tunnel).
fn road_distances(table: &Table, start: NodeId, links: &[(NodeId, NodeId, u16)]) -> Vec<u16> {
    let mut distance = vec![u16::MAX; table.features.len()];
    distance[start as usize] = 0;
    // Edges of length 0 and 1: a node reached at no distance goes to the front.
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        let here = distance[node as usize];
        for &(a, b, length) in links {
            let next = if a == node {
                b
            } else if b == node {
                a
            } else {
                continue;
            };
            if here + length < distance[next as usize] {
                distance[next as usize] = here + length;
                if length == 0 {
                    queue.push_front(next);
                } else {
                    queue.push_back(next);
                }
            }
        }
        for next in table.segments_across(node) {
            if here + 1 < distance[next as usize] {
                distance[next as usize] = here + 1;
                queue.push_back(next);
            }
        }
    }
    distance
}

impl Module for Traps {
    const HOOKS: Hooks = Hooks::of(&[Hook::TilePut, Hook::RestrictDeploy, Hook::FigureActions, Hook::FinalScoring]);

    /// A trap's tile is noted when it is put down.
    fn tile_put(&mut self, table: &mut Table, placement: PlacementIndex) {
        let design = table.design(table.board.placement(placement).tile);
        if let Some(feature) = design.trap {
            self.traps.retain(|t| t.placement != placement);
            self.traps.push(Trap { placement, feature, lake: design.symbols.contains(&Symbol::Vodyanoy) });
        }
    }

    /// No figure is deployed on the Vodyanoy's tile (JCloisterZone): it would go into the lake.
    fn restrict_deploy(&self, table: &Table, _figure: Figure, _spec: &FeatureSpec) -> Result<(), RuleError> {
        if self.is_lake_at(table.last_placement_index()) {
            return Err(RuleError::OnTheVodyanoy);
        }
        Ok(())
    }

    /// Freeing one's follower from a trap, instead of deploying (not from a trap placed this
    /// turn); like followers in one trap are one choice.
    fn figure_actions(&self, table: &Table, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) -> bool {
        let just_placed = table.last_placement_index();
        for (i, f) in table.figures.iter().enumerate() {
            let trapped = self.traps.iter().any(|t| t.placement == f.placement && t.feature == f.feature);
            if f.owner != player || f.placement == just_placed || !trapped {
                continue;
            }
            if table.earlier_on_segment(i, |_, e| e.owner == player && e.figure == f.figure) {
                continue;
            }
            let spot = crate::actions::FigureSpot::Feature { pos: table.pos_of(f.placement), feature: f.feature };
            if visit(Action::ReturnFigure { figure: f.figure, spot }) {
                return true;
            }
        }
        false
    }

    /// "Followers remain on that tile until the end of the game and get -2 points each".
    fn final_scoring(&mut self, table: &mut Table, events: &mut Vec<Event>) {
        for lake in self.traps.iter().filter(|t| t.lake) {
            let mut counts = [0u8; MAX_PLAYERS];
            for f in table.figures.iter().filter(|f| f.placement == lake.placement && f.feature == lake.feature) {
                counts[f.owner as usize] += 1;
            }
            for (player, &followers) in counts.iter().enumerate().filter(|(_, &n)| n > 0) {
                let score = &mut table.players[player].score;
                let points = (VODYANOY_PENALTY * u32::from(followers)).min(*score);
                *score -= points;
                events.push(Event::VodyanoyPenalty { player: player as PlayerId, followers, points });
            }
        }
    }
}
