//! The score events of `replay --json`: every change of a score, named and put into words.

use carcassonne_engine::events::FAIRY_SCORE_POINTS;
use carcassonne_engine::{Event, Game, Phase, PlayerSet, Pos, Score};
use serde::Serialize;

use super::{feature_name, gold_breakdown, token_breakdown};
use crate::output::Players;

/// One change of a score: each of `players` gained `points` (negative where their scores went
/// down: a ransom's payer, a tile removed under "Rebuilding", a point given up in "The dash").
#[derive(Serialize)]
pub(super) struct ScoreJson<'a> {
    kind: &'static str,
    points: i64,
    players: Players<'a>,
    phase: Phase,
    /// Whether the feature scored was complete (`true` for points that belong to no feature).
    completed: bool,
    breakdown: String,
    /// The feature scored, or the tile removed (absent for points that belong to no place).
    #[serde(skip_serializing_if = "Option::is_none")]
    at: Option<At>,
    action: usize,
}

/// A place on the board and the feature there, in record vocabulary (no feature for a tile
/// removed under "Rebuilding").
#[derive(Serialize)]
struct At {
    x: i16,
    y: i16,
    #[serde(skip_serializing_if = "Option::is_none")]
    feature: Option<String>,
}

fn at(game: &Game, pos: Pos, feature: u8) -> At {
    At { x: pos.x, y: pos.y, feature: Some(feature_name(game, pos, feature)) }
}

/// What a score change was for, in the JSON's terms.
struct Why {
    kind: &'static str,
    phase: Phase,
    completed: bool,
    at: Option<At>,
}

/// Every change of a score among the events, in order. Which players gained how much comes from
/// `Event::score_changes` (the engine's one account of it), so the entries add up to the scores;
/// this only names the changes and puts them into words.
pub(super) fn score_events<'a>(game: &'a Game, events: &[(usize, Event)]) -> Vec<ScoreJson<'a>> {
    let name = |p: u8| game.player(p).color.name();
    let mut entries = vec![];
    let mut last_score: Option<Score> = None;
    for &(action, event) in events {
        // The players who gained the same points, one entry each: both sides of a ransom.
        let mut changes: Vec<(PlayerSet, i64)> = vec![];
        for (player, points) in event.score_changes() {
            match changes.iter_mut().find(|(_, p)| *p == points) {
                Some((players, _)) => players.insert(player),
                None => changes.push((PlayerSet(1 << player), points)),
            }
        }
        for (players, points) in changes {
            let bonus = |kind| Why { kind, phase: Phase::Final, completed: true, at: None };
            let (why, breakdown) = match event {
                Event::Scored(s) => (
                    Why {
                        kind: s.kind.name(),
                        phase: s.phase,
                        completed: s.completed,
                        at: Some(at(game, s.pos, s.feature)),
                    },
                    s.breakdown.to_string(),
                ),
                Event::GoodsScored { good, count, .. } => {
                    (bonus(good.name()), format!("most {} counters ({count}) = {points}", good.name()))
                }
                Event::TokenScored { token, count, .. } => (bonus(token.name()), token_breakdown(token, count)),
                Event::GoldScored { count, .. } => (bonus("gold"), gold_breakdown(count)),
                // The fairy's points for a scored follower follow the score of its feature, in its
                // phase.
                Event::FairyBonus { points: bonus, .. } => match last_score {
                    Some(s) if bonus == FAIRY_SCORE_POINTS => (
                        Why {
                            kind: "fairy",
                            phase: s.phase,
                            completed: s.completed,
                            at: Some(at(game, s.pos, s.feature)),
                        },
                        format!("the follower beside the fairy was scored = {points}"),
                    ),
                    _ => (
                        Why { kind: "fairy", phase: Phase::Turn, completed: true, at: None },
                        format!("the fairy's point at the start of the turn = {points}"),
                    ),
                },
                Event::RansomPaid { player, captor, figure, .. } => (
                    Why { kind: "ransom", phase: Phase::Turn, completed: true, at: None },
                    if points < 0 {
                        format!("ransom paid to {} for the {} = {points}", name(captor), figure.name())
                    } else {
                        format!("ransom from {} for the {} = {points}", name(player), figure.name())
                    },
                ),
                // The variant `short-ransom`: the payer gives all they had, the captor gains the
                // full ransom.
                Event::ShortRansomPaid { player, captor, figure, .. } => (
                    Why { kind: "ransom", phase: Phase::Turn, completed: true, at: None },
                    if points < 0 {
                        format!(
                            "short ransom, all they had, paid to {} for the {} = {points}",
                            name(captor),
                            figure.name()
                        )
                    } else {
                        format!("short ransom from {} for the {} = {points}", name(player), figure.name())
                    },
                ),
                Event::WindRoseScored { pos, .. } => (
                    Why {
                        kind: "wind-rose",
                        phase: Phase::Turn,
                        completed: true,
                        at: Some(At { x: pos.x, y: pos.y, feature: None }),
                    },
                    format!("a quarter wind rose placed in its section = {points}"),
                ),
                Event::WatchtowerScored { pos, watches, count, .. } => (
                    Why {
                        kind: "watchtower",
                        phase: Phase::Turn,
                        completed: true,
                        at: Some(At { x: pos.x, y: pos.y, feature: None }),
                    },
                    format!("the watchtower at {pos}: {count} {} = {points}", watches.watchtower().map_or("", |w| w.0)),
                ),
                Event::TileRemoved { tile, pos, .. } => (
                    Why {
                        kind: "rebuilding",
                        phase: Phase::Turn,
                        completed: true,
                        at: Some(At { x: pos.x, y: pos.y, feature: None }),
                    },
                    format!("{} removed from {pos} = {points}", game.design(tile).id),
                ),
                Event::ChurchBonus { pos, followers, .. } => (
                    Why {
                        kind: "church",
                        phase: Phase::Turn,
                        completed: true,
                        at: Some(At { x: pos.x, y: pos.y, feature: None }),
                    },
                    format!("the most followers ({followers}) around the completed church at {pos} = {points}"),
                ),
                Event::VodyanoyPenalty { followers, .. } => (
                    Why { kind: "vodyanoy", phase: Phase::Final, completed: false, at: None },
                    format!("{followers} follower(s) in the Vodyanoy's lake = {points}"),
                ),
                Event::PorxadaCityScored { pos, feature, .. } => (
                    Why { kind: "porxada", phase: Phase::Final, completed: false, at: Some(at(game, pos, feature)) },
                    format!("the incomplete city scored as completed (La Porxada's token) = {points}"),
                ),
                Event::MessageScored { message, performed, .. } => (
                    Why { kind: "message", phase: Phase::Turn, completed: true, at: None },
                    if performed {
                        format!("message {} ({}) = {points}", message.number(), message.text())
                    } else {
                        format!("message {}'s seal instead of its action = {points}", message.number())
                    },
                ),
                Event::FlockHerded { pos, feature, sheep, closed, .. } => (
                    Why { kind: "flock", phase: Phase::Turn, completed: true, at: Some(at(game, pos, feature)) },
                    format!(
                        "the flock driven to the stable{}: {sheep} sheep = {points}",
                        if closed { " (its field closed)" } else { "" }
                    ),
                ),
                Event::CircusScored { pos, followers, animal, .. } => (
                    Why {
                        kind: "circus",
                        phase: Phase::Turn,
                        completed: true,
                        at: Some(At { x: pos.x, y: pos.y, feature: None }),
                    },
                    format!("{followers} follower(s) around the big top × {animal} = {points}"),
                ),
                Event::AcrobatsScored { scorer, pos, acrobats, .. } => (
                    Why {
                        kind: "acrobats",
                        phase: if scorer.is_some() { Phase::Turn } else { Phase::Final },
                        completed: scorer.is_some(),
                        at: Some(At { x: pos.x, y: pos.y, feature: None }),
                    },
                    format!("{acrobats} acrobat(s) × 5 = {points}"),
                ),
                Event::RingmasterBonus { pos, feature, tiles, .. } => (
                    Why { kind: "ringmaster", phase: Phase::Turn, completed: true, at: Some(at(game, pos, feature)) },
                    format!("the ringmaster: {tiles} circus and acrobat tile(s) around him × 2 = {points}"),
                ),
                Event::PointSacrificed { .. } => (
                    Why { kind: "dash", phase: Phase::Turn, completed: true, at: None },
                    format!("another deployment or move (the dash) = {points}"),
                ),
                Event::CastleScored { pos, from, .. } => (
                    Why {
                        kind: "castle",
                        phase: Phase::Turn,
                        completed: true,
                        at: Some(At { x: pos.x, y: pos.y, feature: None }),
                    },
                    format!("the castle at {pos}: the feature completed beside it at {from} = {points}"),
                ),
                Event::BazaarTileBought { player, tile, paid_to, .. } => (
                    Why { kind: "bazaar", phase: Phase::Turn, completed: true, at: None },
                    // The buyer's change (a loss, or nothing for the last tile), then the payee's.
                    if points < 0 || paid_to.is_none() {
                        let to = paid_to.map_or_else(|| "nobody".to_string(), |to| name(to).to_string());
                        format!("{} bought at the bazaar, paid to {to} = {points}", game.design(tile).id)
                    } else {
                        format!("{} sold at the bazaar to {} = {points}", game.design(tile).id, name(player))
                    },
                ),
                Event::CatapultScored { token, .. } => (
                    Why { kind: "catapult", phase: Phase::Turn, completed: true, at: None },
                    format!("the catapult round ({}) = {points}", token.name()),
                ),
                // No other event changes a score today; one that comes to is still counted.
                _ => (Why { kind: "other", phase: Phase::Turn, completed: true, at: None }, format!("= {points}")),
            };
            entries.push(ScoreJson {
                kind: why.kind,
                points,
                players: Players { game, set: players },
                phase: why.phase,
                completed: why.completed,
                breakdown,
                at: why.at,
                action,
            });
        }
        if let Event::Scored(score) = event {
            last_score = Some(score);
        }
    }
    entries
}
