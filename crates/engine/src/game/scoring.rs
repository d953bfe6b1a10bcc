//! Scoring a feature (step 3B, and the features of the final scoring) and the final scoring as
//! a whole, composed from the base rules and the modules' hooks.

use crate::base;
use crate::catalog::FeatureKind;
use crate::events::{Event, Phase, Score};
use crate::expansions::{miners, Modules};
use crate::features::NodeId;
use crate::players::PlayerSet;
use crate::table::Table;

/// Scores one road, city or cloister (completed during the turn, or in the final scoring):
/// its value by the base rules and the modules in play, paid to the majority of its followers
/// (seed 001, "What happens if there are several followers..."), then its figures go home.
/// Returns the players it was paid to.
pub(crate) fn score_feature(
    table: &mut Table,
    modules: &mut Modules,
    root: NodeId,
    phase: Phase,
    events: &mut Vec<Event>,
) -> PlayerSet {
    let completed = phase == Phase::Turn;
    if completed {
        modules.before_payment(table, root, events);
    }
    let mut breakdown = base::feature_value(table, root, completed);
    modules.adjust_value(table, root, completed, &mut breakdown);
    let kind = table.features.kind(root);
    let mut players = if kind == FeatureKind::City && table.rules.variants.mountains {
        miners::city_majority(table, root)
    } else {
        table.majority(root)
    };
    let (pos, feature) = table.locate(root);
    // "The battle for completed cloisters": "During the final scoring, the score of every
    // incomplete cloister is awarded to the opponent", the player on the left.
    if !completed && kind == FeatureKind::Cloister && table.rules.variants.battle_for_cloisters && !players.is_empty() {
        events.push(Event::CloisterToNeighbour { owners: players });
        let mut neighbours = PlayerSet::default();
        for p in players.iter() {
            neighbours.insert(crate::expansions::hands::left_neighbour(p, table.players.len()));
        }
        players = neighbours;
    }
    let points = breakdown.total();
    let score = Score { kind, phase, completed, pos, feature, players, points, breakdown };
    table.pay(score, events);
    if !completed && kind == FeatureKind::City {
        porxada_bubble(table, modules, root, players, points, events);
    }
    modules.feature_scored(table, root, crate::expansions::Leaving::All, events);
    table.return_figures(root, events);
    players
}

/// La Porxada's bonus (the Wikicarpedia page "La Porxada (1st edition)", "Other expansions"):
/// an incomplete city scored at the end is, for each of its winners holding a token, scored as
/// if completed during the game, "as in a bubble": the difference is paid to them alone, after
/// its final score, and to everything else the city stays incomplete.
/// `scored` is what the city's final scoring just paid.
fn porxada_bubble(
    table: &mut Table,
    modules: &Modules,
    root: NodeId,
    players: PlayerSet,
    scored: u32,
    events: &mut Vec<Event>,
) {
    let holders = PlayerSet(modules.porxada().holders().0 & players.0);
    if holders.is_empty() {
        return;
    }
    let mut completed = base::feature_value(table, root, true);
    modules.adjust_value(table, root, true, &mut completed);
    let points = completed.total().saturating_sub(scored);
    if points == 0 {
        return;
    }
    let (pos, feature) = table.locate(root);
    for player in holders.iter() {
        table.players[player as usize].score += points;
        events.push(Event::PorxadaCityScored { player, pos, feature, points });
    }
}

/// The final scoring (seed 001, "Final Scoring"): incomplete roads, cities and cloisters with
/// figures, then the special monasteries' priors (`expansions::monasteries`), then farms and
/// barns, then what the modules add (tokens, trade goods). A follower on a tower
/// stands on no feature (seed 001, THE TOWER: it "remains on top of the tower until the end of
/// the game"): it is neither scored nor sent home.
///
/// House rule `incomplete-features-score-nothing` (seeds 000 and 002, metoth: "Incomplete
/// features at the end of the game do not score points at the end of the game"): the
/// incomplete roads, cities and cloisters are not scored and their figures stay; the farms,
/// which are scored only at the end, and the barns still are (our reading).
pub(crate) fn final_scoring(table: &mut Table, modules: &mut Modules, events: &mut Vec<Event>) {
    let scored = |kind| {
        !matches!(
            kind,
            FeatureKind::Field
                | FeatureKind::Tower
                | FeatureKind::Mountain
                | FeatureKind::Prior
                | FeatureKind::Trap
                | FeatureKind::Acrobats
        )
    };
    // Bridges, Castles & Bazaars: castles never scored are worth nothing; their followers go
    // home first.
    modules.abandon_castles(table, events);
    if !table.rules.variants.incomplete_features_score_nothing {
        while let Some(f) = table.figures.iter().find(|f| scored(table.features.kind(f.node))) {
            let root = table.features.find(f.node);
            score_feature(table, modules, root, Phase::Final, events);
        }
        // The variation "Mountains": a miner is a knight of the cities it reaches, even where
        // no knight stands.
        if table.rules.variants.mountains {
            for root in miners::knightless_cities_of_miners(table) {
                score_feature(table, modules, root, Phase::Final, events);
            }
        }
    }
    // The special monasteries' priors, end-of-game features scored after the incomplete ones
    // and before the farms (the Assembled Game Reference's final scoring), whatever the house
    // rule on incomplete features says.
    while let Some(f) = table.figures.iter().find(|f| table.features.kind(f.node) == FeatureKind::Prior) {
        let root = table.features.find(f.node);
        score_feature(table, modules, root, Phase::Final, events);
    }
    // Under the Big Top: every acrobat still standing scores 5 points, full pyramid or not (the
    // Assembled Game Reference lists the acrobat pyramids among the incomplete features, after
    // the abbeys), whatever the house rule on incomplete features says.
    while let Some(f) = table.figures.iter().find(|f| table.features.kind(f.node) == FeatureKind::Acrobats) {
        let root = table.features.find(f.node);
        modules.score_pyramid(table, root, None, events);
    }
    base::farms::score_farms(table, modules, events);
    modules.score_barns(table, events);
    modules.final_scoring(table, events);
    events.push(Event::GameEnded);
}
