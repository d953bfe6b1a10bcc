//! The farms of the final scoring (seed 001, "Final Scoring" and footnotes 27 and 28; seed 000,
//! The Farmers; seed 003): a farm's farmers supply the completed cities it borders or encloses.
//! Three editions of the rule are known (`FarmerScoring`). The value of a city to a farmer can
//! be changed by expansions, in every edition, through [`FarmRules`]: a bonus per city (a pig, a
//! pig-herd; seed 001's introduction: the Rio Grande pig adds a point "bringing the total to 5"
//! in the first edition), cities worth twice (a besieged city), and what happens when a farm is
//! scored (the fairy's bonus).

use crate::catalog::FeatureKind;
use crate::events::{Breakdown, Event, Phase, Score};
use crate::features::NodeId;
use crate::players::{Figure, PlayerId, PlayerSet, MAX_PLAYERS};
use crate::rules::FarmerScoring;
use crate::table::Table;

/// Points per completed city for a farm's owners (third and second editions), before any
/// expansion changes it.
pub(crate) const CITY_VALUE: u16 = 3;

/// Points per completed city for the player(s) with the most farmers around it (first edition).
pub(crate) const FIRST_EDITION_CITY_VALUE: u16 = 4;

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

/// What the expansions in play add to the scoring of farms.
pub(crate) trait FarmRules {
    /// Points per completed city that `player` earns beyond the base value from the farms
    /// `farms` (one farm; in the first edition, the farms around the city holding the player's
    /// farmers).
    fn bonus(&self, table: &Table, farms: &[NodeId], player: PlayerId) -> u16;
    /// Whether a completed city is worth twice its value to farms.
    fn doubled(&self, table: &Table, city: NodeId) -> bool;
    /// Figures off the farms that count as farmers for completed city `city`, by player (the
    /// variation "Mountains": the miners within reach of its pennants).
    fn city_farmers(&self, table: &Table, city: NodeId) -> [u8; MAX_PLAYERS];
    /// A farm was scored; its figures are about to go home.
    fn scored(&mut self, table: &mut Table, farm: NodeId, events: &mut Vec<Event>);
    /// What the modules add to a farm's score beyond its cities (the little buildings on its
    /// tiles).
    fn adjust(&self, table: &Table, farm: NodeId, value: &mut Breakdown);
}

/// Scores every farm with a farmer, by the edition the rules choose, returning the farmers.
pub(crate) fn score_farms(table: &mut Table, rules: &mut impl FarmRules, events: &mut Vec<Event>) {
    match table.rules.variants.farmer_scoring {
        FarmerScoring::ThirdEdition | FarmerScoring::SecondEdition => score_per_farm(table, rules, events),
        FarmerScoring::FirstEdition => score_per_city(table, rules, events),
    }
}

/// The value of completed cities to farm `farm`: `per_city` each, twice that for a doubled
/// city, and what the modules add to the farm (`FarmRules::adjust`).
pub(crate) fn farm_breakdown(
    table: &Table,
    farm: NodeId,
    cities: &[NodeId],
    per_city: u16,
    rules: &impl FarmRules,
) -> Breakdown {
    let mut breakdown = cities_breakdown(table, cities, per_city, rules);
    rules.adjust(table, farm, &mut breakdown);
    breakdown
}

/// The value of completed cities to a farm, without the modules' additions (scored city by city).
fn cities_breakdown(table: &Table, cities: &[NodeId], per_city: u16, rules: &impl FarmRules) -> Breakdown {
    let twice = cities.iter().filter(|&&c| rules.doubled(table, c)).count() as u16;
    Breakdown {
        cities: cities.len() as u16 - twice,
        besieged_cities: twice,
        city_value: per_city,
        ..Default::default()
    }
}

/// Where a farm is scored city by city (the first edition, the miners of "Mountains"), what the
/// modules add to the farm (its little buildings) is paid once, to the farm's majority, as a
/// score of its own (our reading: docs/rules.md, "Little Buildings").
fn pay_additions_apart(table: &mut Table, rules: &impl FarmRules, farm: NodeId, events: &mut Vec<Event>) {
    let mut breakdown = Breakdown::default();
    rules.adjust(table, farm, &mut breakdown);
    if breakdown.total() == 0 {
        return;
    }
    let score = farm_score(table, farm, table.majority(farm), breakdown);
    table.pay(score, events);
}

fn farm_score(table: &Table, root: NodeId, players: PlayerSet, breakdown: Breakdown) -> Score {
    farm_score_in(table, root, players, breakdown, Phase::Final)
}

pub(crate) fn farm_score_in(
    table: &Table,
    root: NodeId,
    players: PlayerSet,
    breakdown: Breakdown,
    phase: Phase,
) -> Score {
    let (pos, feature) = table.locate(root);
    Score {
        kind: FeatureKind::Field,
        phase,
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
fn score_per_farm(table: &mut Table, rules: &mut impl FarmRules, events: &mut Vec<Event>) {
    let once_per_player = table.rules.variants.farmer_scoring == FarmerScoring::SecondEdition;
    let mut already: Vec<Vec<NodeId>> = vec![vec![]; table.players.len()];
    // After the other features, only farmers and the guards of towers (on no feature) remain.
    while let Some(f) = table.figures.iter().find(|f| table.features.kind(f.node) == FeatureKind::Field) {
        let root = table.features.find(f.node);
        let cities = cities_of_farm(table, root);
        let miners: Vec<[u8; MAX_PLAYERS]> = cities.iter().map(|&c| rules.city_farmers(table, c)).collect();
        if miners.iter().flatten().any(|&n| n > 0) {
            let already = once_per_player.then_some(&mut already);
            score_farm_with_miners(table, rules, root, &cities, &miners, already, events);
            rules.scored(table, root, events);
            table.return_figures(root, events);
            continue;
        }
        let owners = table.majority(root);
        let rates: Vec<(PlayerId, u16)> =
            owners.iter().map(|p| (p, CITY_VALUE + rules.bonus(table, &[root], p))).collect();
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
                let breakdown = farm_breakdown(table, root, &cities_for_p, per_city, rules);
                let score = farm_score(table, root, PlayerSet(1 << p), breakdown);
                table.pay(score, events);
            }
        } else {
            let breakdown = farm_breakdown(table, root, &cities, CITY_VALUE, rules);
            let score = farm_score(table, root, owners, breakdown);
            table.pay(score, events);
        }
        rules.scored(table, root, events);
        table.return_figures(root, events);
    }
}

/// The variation "Mountains" (seed 001, SELECTED VARIATIONS): a miner that reaches a pennant of
/// a city "counts as an additional farmer in relation to the city during final scoring", so
/// farm `root` is scored city by city: each of `cities` goes to the most farmers, counting
/// `miners[i]` for `cities[i]`. `already` holds, in the second edition, the cities each
/// player has scored from other farms.
fn score_farm_with_miners(
    table: &mut Table,
    rules: &mut impl FarmRules,
    root: NodeId,
    cities: &[NodeId],
    miners: &[[u8; MAX_PLAYERS]],
    mut already: Option<&mut Vec<Vec<NodeId>>>,
    events: &mut Vec<Event>,
) {
    let farmers = table.strengths(root);
    for (&city, miners) in cities.iter().zip(miners) {
        let mut counts = farmers;
        for (count, n) in counts.iter_mut().zip(miners) {
            *count += n;
        }
        for p in PlayerSet::majority(&counts).iter() {
            if let Some(already) = already.as_deref_mut() {
                if already[p as usize].contains(&city) {
                    continue;
                }
                already[p as usize].push(city);
            }
            let per_city = CITY_VALUE + rules.bonus(table, &[root], p);
            let breakdown = cities_breakdown(table, &[city], per_city, rules);
            let score = farm_score(table, root, PlayerSet(1 << p), breakdown);
            table.pay(score, events);
        }
    }
    pay_additions_apart(table, rules, root, events);
}

/// Scores one farm's farmers at once at `per_city` points per completed city (plus the
/// expansions' bonuses per player), then sends its farmers and pigs home: Abbey & Mayor's
/// barn, whose farmers are "scored immediately, in the same way as at the end of the game"
/// at 3 points per city, or at 1 when their farm is joined to a barn's later (seed 001,
/// ABBEY AND MAYOR, "Scoring when placing a barn", "Scoring when a farm is connected"; in
/// `phase` `Turn`), or at 1 when a farmer comes out of Carcassonne onto a barn's farm before
/// the final scoring (THE COUNT OF CARCASSONNE, footnote 58; `Final`).
pub(crate) fn score_farm_now(
    table: &mut Table,
    rules: &mut impl FarmRules,
    root: NodeId,
    per_city: u16,
    phase: Phase,
    events: &mut Vec<Event>,
) {
    let cities = cities_of_farm(table, root);
    let owners = table.majority(root);
    let rates: Vec<(PlayerId, u16)> = owners.iter().map(|p| (p, per_city + rules.bonus(table, &[root], p))).collect();
    if rates.iter().any(|&(_, r)| r != per_city) {
        for (p, rate) in rates {
            let breakdown = farm_breakdown(table, root, &cities, rate, rules);
            let score = farm_score_in(table, root, PlayerSet(1 << p), breakdown, phase);
            table.pay(score, events);
        }
    } else {
        let breakdown = farm_breakdown(table, root, &cities, per_city, rules);
        let score = farm_score_in(table, root, owners, breakdown, phase);
        table.pay(score, events);
    }
    rules.scored(table, root, events);
    // Hills & Sheep: a barn's scoring leaves the shepherd in its field, which goes on.
    let field_goes_on = phase == Phase::Turn;
    table.return_figures_where(root, |f| !(field_goes_on && f.figure == Figure::Shepherd), events);
}

/// First edition: each completed city next to farms with farmers pays 4 points to the
/// player(s) with the most farmers on the farms around it (seed 001, footnote 28), plus what the
/// expansions add from the farms around it that hold the player's farmers (a pig: "bringing
/// the total to 5"; a pig-herd). Where the winners' values differ, each is reported on its own.
fn score_per_city(table: &mut Table, rules: &mut impl FarmRules, events: &mut Vec<Event>) {
    let mut farms: Vec<(NodeId, [u8; MAX_PLAYERS], Vec<NodeId>)> = vec![];
    for f in table.figures.iter().filter(|f| table.features.kind(f.node) == FeatureKind::Field) {
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
        // The variation "Mountains": the miners that reach the city count as farmers.
        for (total, n) in counts.iter_mut().zip(rules.city_farmers(table, city)) {
            *total += n;
        }
        let mut winners = PlayerSet::majority(&counts);
        // Hills & Sheep: a tie goes to the tied players with a farmer on a hill around the city.
        if table.hills && winners.len() > 1 {
            let around = |node| {
                let root = table.features.find(node);
                farms.iter().any(|(r, _, cs)| *r == root && cs.contains(&city))
            };
            winners = table.hill_tie_break(winners, around);
        }
        let value_for = |p: PlayerId| {
            let own: Vec<NodeId> =
                farms.iter().filter(|(_, c, cs)| c[p as usize] > 0 && cs.contains(&city)).map(|(r, _, _)| *r).collect();
            FIRST_EDITION_CITY_VALUE + rules.bonus(table, &own, p)
        };
        let values: Vec<(PlayerId, u16)> = winners.iter().map(|p| (p, value_for(p))).collect();
        if values.iter().all(|&(_, v)| v == FIRST_EDITION_CITY_VALUE) {
            let breakdown = cities_breakdown(table, &[city], FIRST_EDITION_CITY_VALUE, rules);
            let score = farm_score(table, city, winners, breakdown);
            table.pay(score, events);
        } else {
            for (p, value) in values {
                let breakdown = cities_breakdown(table, &[city], value, rules);
                let score = farm_score(table, city, PlayerSet(1 << p), breakdown);
                table.pay(score, events);
            }
        }
    }
    for (root, _, _) in farms {
        pay_additions_apart(table, rules, root, events);
        rules.scored(table, root, events);
        table.return_figures(root, events);
    }
}
