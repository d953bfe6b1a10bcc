//! The Cathars (seed 001, "THE CATHARS"): 4 tiles whose city segments hold a Cathar siege.
//!
//! - "Whenever a besieged city is completed during the course of play, each tile scores only 1
//!   point instead of the usual 2. If the city contains a cathedral, it scores only 2 points
//!   for every tile. Should the city remain incomplete at the end of the game, it scores no
//!   points"; pennants count like tiles (footnote 62).
//! - "If a cloister directly borders a Cathar tile - even diagonally - then at the end of a
//!   player's turn, he or she may remove one knight from the city and return it to the supply"
//!   (step 4A of the order of play); an abbey counts as a cloister (footnote 63) and nothing
//!   need be built there that turn (footnote 64). The end of a builder's double turn is the end
//!   of its second tile ("The double-turn is also only a 'single' turn", footnotes 43 and 112):
//!   the dispatch asks for no escape between the two tiles (`Modules::at`), unless
//!   `Variants::escape_after_each_tile` (seed 004, Step 4B: "repeat Steps 1B through 4A").
//! - Only a knight escapes: a follower in the city, small or big, and Abbey & Mayor's mayor and
//!   wagon there, which are followers (footnote 118) and are "eaten by the dragon, captured by
//!   the tower, or seduced by a princess" like knights (footnote 124; the princess's text also
//!   says "knight"). A builder is not a follower under the Big Box rules, and escapes only
//!   where the rules count builders as followers (`Variants::builders_and_pigs_are_followers`).
//! - "every completed besieged city scores double points in relation to farms" (footnote 65).
//!
//! The Siege and The Besiegers (the Wikicarpedia page "Besiegers Cathars Siege (1st edition)";
//! the Assembled Game Reference's steps 3B and 4A) bring more besieged cities under these rules,
//! but for one: in Rio Grande's The Siege "a cloister allowing escape can be placed adjacent to
//! any tile of a besieged city (even diagonally)", where The Besiegers, like The Cathars, want it
//! "directly adjacent to a Besieger/Cathars tile". Our reading where the sets are mixed (the page
//! advises choosing one rule; the reference names the rule by the set): a city with a Siege tile
//! among its besieged tiles lets its knights escape by a cloister next to any of its tiles.

use crate::actions::{Action, Pending};
use crate::board::PlacementIndex;
use crate::catalog::{FeatureKind, LocalFeature};
use crate::errors::RuleError;
use crate::events::{Breakdown, Event};
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::{Figure, PlacedFigure, PlayerId};
use crate::rules::Rules;
use crate::table::Table;

use super::hooks::{Hook, HookPoint, Hooks, Module};
use super::inns_cathedrals::has_cathedral;

/// The tile set of Rio Grande's The Siege, whose besieged cities are escaped by a cloister next to
/// any of their tiles.
const SIEGE_SET: &str = "siege";

#[derive(Clone, Debug, Default)]
pub(crate) struct Cathars {
    /// A builder in a besieged city counts as a knight (builders are followers).
    builders_escape: bool,
    /// The city segments with a siege in play (four tiles have one): an escape is looked for
    /// only in their cities, not among every figure each turn.
    sieges: Vec<NodeId>,
}

impl Cathars {
    pub(crate) fn new(rules: &Rules) -> Cathars {
        Cathars { builders_escape: rules.variants.builders_and_pigs_are_followers, sieges: vec![] }
    }

    /// Whether the current player's knight `figure` may escape: it stands in a besieged city,
    /// and a cloister borders (diagonals included) one of the city's tiles with a siege, or any
    /// of its tiles where a tile of The Siege besieges it.
    fn can_escape(&self, table: &Table, figure: &PlacedFigure) -> bool {
        // Footnote 124: the mayor and the wagon in a city are knights like the small and big
        // followers (the abbot never stands in a city).
        // The phantom is a follower like any other (The Phantom).
        let knight = matches!(
            figure.figure,
            Figure::Follower
                | Figure::BigFollower
                | Figure::Mayor
                | Figure::Wagon
                | Figure::Phantom
                | Figure::Ringmaster
        ) || (self.builders_escape && figure.figure == Figure::Builder);
        if !knight || figure.owner != table.current || table.features.kind(figure.node) != FeatureKind::City {
            return false;
        }
        let root = table.features.find(figure.node);
        if !table.features.is_besieged(root) {
            return false;
        }
        let besieged_by = |m: NodeId, set: Option<&str>| {
            let (design, spec) = table.segment_spec(m);
            spec.attrs.besieged && set.is_none_or(|s| design.set == s)
        };
        let any_tile = table.features.members(root).any(|m| besieged_by(m, Some(SIEGE_SET)));
        table.features.members(root).any(|m| {
            let placed = table.board.placement(table.features.segment(m).0);
            (any_tile || besieged_by(m, None))
                && placed
                    .pos
                    .ring()
                    .iter()
                    .any(|&p| table.board.get(p).is_some_and(|t| table.design(t.tile).has_cloister()))
        })
    }

    /// The first of the current player's figures on feature `feature` of the tile at `pos` that
    /// may escape. A segment can hold a builder beside a knight (a farmer called into the city
    /// by "A new lease of life" joins the city's first segment), and only the knight escapes.
    fn escaper_at(&self, table: &Table, pos: Pos, feature: LocalFeature) -> Option<usize> {
        table.figure_at_where(pos, feature, |f| self.can_escape(table, f))
    }

    /// The escapes open to the current player, then the pass, until `visit` returns true.
    pub(crate) fn each_escape(&self, table: &Table, mut visit: impl FnMut(Action) -> bool) {
        for (i, f) in table.figures.iter().enumerate().filter(|(_, f)| self.can_escape(table, f)) {
            // Two knights of the player on one segment are one choice (the first escapes).
            if table.earlier_on_segment(i, |_, e| self.can_escape(table, e)) {
                continue;
            }
            if visit(Action::Escape { pos: table.pos_of(f.placement), feature: f.feature }) {
                return;
            }
        }
        visit(Action::Pass);
    }

    pub(crate) fn check(&self, table: &Table, pending: Pending, action: Action) -> Result<(), RuleError> {
        match action {
            Action::Escape { pos, feature } => match self.escaper_at(table, pos, feature) {
                Some(_) => Ok(()),
                None => Err(RuleError::NoEscape(pos, feature)),
            },
            Action::Pass => Ok(()),
            _ => Err(RuleError::wrong_decision(pending, action)),
        }
    }

    /// Applies a checked escape (or the pass); returns the feature the knight left and its
    /// owner.
    pub(crate) fn apply(
        &self,
        table: &mut Table,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Option<(NodeId, PlayerId)> {
        let Action::Escape { pos, feature } = action else { return None };
        let i = self.escaper_at(table, pos, feature).expect("checked");
        let f = table.take_figure(i);
        events.push(Event::Escaped { player: f.owner, figure: f.figure, pos, feature });
        Some((table.features.find(f.node), f.owner))
    }
}

impl Module for Cathars {
    const HOOKS: Hooks = Hooks::of(&[Hook::TilePut, Hook::AdjustValue, Hook::At, Hook::DoublesCityForFarms]);

    fn tile_put(&mut self, table: &mut Table, placement: PlacementIndex) {
        let placed = *table.board.placement(placement);
        for (i, spec) in table.design(placed.tile).features.iter().enumerate() {
            if spec.attrs.besieged {
                self.sieges.push(placed.first_node + i as NodeId);
            }
        }
    }

    fn adjust_value(&self, table: &Table, root: NodeId, completed: bool, value: &mut Breakdown) {
        if table.features.kind(root) != FeatureKind::City || !table.features.is_besieged(root) {
            return;
        }
        let v = match completed {
            true if has_cathedral(table, root) => 2,
            true => 1,
            false => 0,
        };
        value.tile_value = v;
        value.pennant_value = v;
    }

    /// 4A: the escape is offered when one of the current player's knights can escape; only the
    /// besieged cities' figures need a look.
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
        let occupied_siege = self.sieges.iter().any(|&node| table.features.figure_count(table.features.find(node)) > 0);
        let offered = occupied_siege && table.figures.iter().any(|f| self.can_escape(table, f));
        offered.then_some(Pending::Escape { player: table.current })
    }

    fn doubles_city_for_farms(&self, table: &Table, city: NodeId) -> bool {
        table.features.is_besieged(city)
    }
}
