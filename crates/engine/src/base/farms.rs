//! The farms of the final scoring (seed 001, "Final Scoring" and footnotes 27 and 28; seed 000,
//! The Farmers; seed 003): a farm's farmers supply the completed cities it borders or encloses.
//! Three editions of the rule are known (`FarmerScoring`). The value of a city to a farmer can
//! be changed by expansions: the caller passes `rate` (points per city for a player on a farm:
//! a pig, a pig-herd) and `doubled` (cities worth twice: a besieged city).

use crate::catalog::FeatureKind;
use crate::events::{Breakdown, Event, Phase, Score};
use crate::features::NodeId;
use crate::players::{PlayerId, PlayerSet, MAX_PLAYERS};
use crate::rules::FarmerScoring;
use crate::table::Table;

/// Points per completed city for the farm's owners, before any expansion changes it.
pub(crate) const CITY_VALUE: u16 = 3;

/// The completed cities a farm borders or encloses, as feature roots.
pub(crate) fn cities_of_farm(table: &Table, field: NodeId) -> Vec<NodeId> {
    let mut cities = vec![];
    for m in table.features.members(field) {
        let (placement, local) = table.features.segment(m);
        let placed = table.board.placement(placement);
        for &city in &table.design(placed.tile).features[local as usize].borders {
            let root = table.features.find(placed.first_node + city as NodeId);
            if table.features.is_closed(root) && !cities.contains(&root) {
                cities.push(root);
            }
        }
    }
    cities
}

/// Scores every farm with a farmer, by the edition the rules choose, returning the farmers.
pub(crate) fn score_farms(
    table: &mut Table,
    rate: impl Fn(&Table, NodeId, PlayerId) -> u16,
    doubled: impl Fn(&Table, NodeId) -> bool,
    events: &mut Vec<Event>,
) {
    match table.rules.variants.farmer_scoring {
        FarmerScoring::ThirdEdition | FarmerScoring::SecondEdition => score_per_farm(table, rate, doubled, events),
        FarmerScoring::FirstEdition => score_per_city(table, doubled, events),
    }
}

/// The value of completed cities to a farm: `per_city` each, twice that for a doubled city.
fn farm_breakdown(
    table: &Table,
    cities: &[NodeId],
    per_city: u16,
    doubled: &impl Fn(&Table, NodeId) -> bool,
) -> Breakdown {
    let twice = cities.iter().filter(|&&c| doubled(table, c)).count() as u16;
    Breakdown {
        cities: cities.len() as u16 - twice,
        besieged_cities: twice,
        city_value: per_city,
        ..Default::default()
    }
}

fn farm_score(table: &Table, root: NodeId, players: PlayerSet, breakdown: Breakdown) -> Score {
    let (pos, feature) = table.locate(root);
    Score {
        kind: FeatureKind::Field,
        phase: Phase::Final,
        completed: false,
        pos,
        feature,
        players,
        points: breakdown.total(),
        breakdown,
    }
}

/// Third edition: each farm's owners score 3 per completed city it touches. Second edition:
/// the same, but a player scores each city only once over all farms. Where the owners' rates
/// differ or the second edition applies, each owner's score is reported on its own.
fn score_per_farm(
    table: &mut Table,
    rate: impl Fn(&Table, NodeId, PlayerId) -> u16,
    doubled: impl Fn(&Table, NodeId) -> bool,
    events: &mut Vec<Event>,
) {
    let once_per_player = table.rules.variants.farmer_scoring == FarmerScoring::SecondEdition;
    let mut already: Vec<Vec<NodeId>> = vec![vec![]; table.players.len()];
    while let Some(f) = table.figures.first() {
        let root = table.features.find(f.node);
        let cities = cities_of_farm(table, root);
        let owners = table.majority(root);
        let rates: Vec<(PlayerId, u16)> = owners.iter().map(|p| (p, rate(table, root, p))).collect();
        if once_per_player || rates.iter().any(|&(_, r)| r != CITY_VALUE) {
            for (p, per_city) in rates {
                let cities_for_p: Vec<NodeId> = if once_per_player {
                    let new: Vec<NodeId> =
                        cities.iter().copied().filter(|c| !already[p as usize].contains(c)).collect();
                    already[p as usize].extend(&new);
                    new
                } else {
                    cities.clone()
                };
                let breakdown = farm_breakdown(table, &cities_for_p, per_city, &doubled);
                let score = farm_score(table, root, PlayerSet(1 << p), breakdown);
                table.pay(score, events);
            }
        } else {
            let breakdown = farm_breakdown(table, &cities, CITY_VALUE, &doubled);
            let score = farm_score(table, root, owners, breakdown);
            table.pay(score, events);
        }
        table.return_figures(root, events);
    }
}

/// First edition: each completed city next to farms with farmers pays 4 points to the
/// player(s) with the most farmers on the farms around it (seed 001, footnote 28).
fn score_per_city(table: &mut Table, doubled: impl Fn(&Table, NodeId) -> bool, events: &mut Vec<Event>) {
    let mut farms: Vec<(NodeId, [u8; MAX_PLAYERS], Vec<NodeId>)> = vec![];
    for f in &table.figures {
        let root = table.features.find(f.node);
        if let Some(farm) = farms.iter_mut().find(|(r, _, _)| *r == root) {
            farm.1[f.owner as usize] += f.figure.strength();
        } else {
            let mut counts = [0; MAX_PLAYERS];
            counts[f.owner as usize] = f.figure.strength();
            farms.push((root, counts, cities_of_farm(table, root)));
        }
    }
    let mut cities: Vec<NodeId> = vec![];
    for (_, _, cs) in &farms {
        for c in cs {
            if !cities.contains(c) {
                cities.push(*c);
            }
        }
    }
    for city in cities {
        let mut counts = [0u8; MAX_PLAYERS];
        for (_, farm_counts, cs) in &farms {
            if cs.contains(&city) {
                for (total, n) in counts.iter_mut().zip(farm_counts) {
                    *total += n;
                }
            }
        }
        let breakdown = farm_breakdown(table, &[city], 4, &doubled);
        let score = farm_score(table, city, PlayerSet::majority(&counts), breakdown);
        table.pay(score, events);
    }
    for (root, _, _) in farms {
        table.return_figures(root, events);
    }
}
