//! Under the Big Top's view: where the big top stands (`big_top`: its tile and each seat's
//! followers on that tile and the eight around it, what its token will pay for), the animal
//! tokens nobody has seen by value (`animals`: the stack's and the one face down under the big
//! top, never which one that is), each acrobat space with its pyramid (`acrobat_spaces`: the
//! acrobats' seats from the bottom up) and each seat's ringmaster (`ringmaster` of a seat: where
//! he stands and what his feature's scoring would pay him, or the supply); the acrobat actions of
//! the figure decision in words (where, how full the pyramid is, and what scoring a full one pays
//! to whom), the ringmaster's deployment with what he would earn, and the five events in words.

use carcassonne_engine::catalog::Symbol;
use carcassonne_engine::{
    Action, Event, Expansion, Figure, Game, Pending, Phase, PlayerId, Pos, ACROBAT_POINTS, PYRAMID_SIZE,
    RINGMASTER_POINTS,
};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Counted, Legal, Names, ViewContext, ViewModule};
use crate::view::anchors::{anchor, feature_name};
use crate::view::fields::Fields;
use crate::words;

pub(crate) struct BigTop;

/// The big top on its circus tile (`big_top` of the view; `null` before the first circus tile
/// and after the final scoring): `followers` is each seat's followers on that tile and the
/// eight around it, what the token under it will pay for when it is turned up.
#[derive(Clone, Debug, Serialize)]
pub struct BigTopView {
    pub x: i16,
    pub y: i16,
    pub followers: Vec<u8>,
    pub label: String,
}

/// How many animal tokens of a value nobody has seen.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct AnimalCount {
    pub points: u8,
    pub count: u8,
}

/// The animal tokens nobody has seen (`animals` of the view): the stack and the one under the
/// big top, by value (which one lies under the big top is never shown), `unseen` in all.
#[derive(Clone, Debug, Serialize)]
pub struct AnimalsView {
    pub tokens: Vec<AnimalCount>,
    pub unseen: u32,
    pub label: String,
}

/// An acrobat space on the board (`acrobat_spaces` of the view): its tile, its feature's name,
/// where it is drawn on its tile (`at`), the seats of its acrobats from the bottom of the
/// pyramid up (two below, one on top), whether the pyramid is `full` (3), in words too.
#[derive(Clone, Debug, Serialize)]
pub struct AcrobatSpaceView {
    pub x: i16,
    pub y: i16,
    pub feature: String,
    pub at: [f32; 2],
    pub acrobats: Vec<PlayerId>,
    pub full: bool,
    pub label: String,
}

/// Where a seat's ringmaster stands: his tile, his feature, the circus and acrobat tiles on his
/// tile and the eight around it (`tiles`) and what his feature's scoring would pay him for them
/// now (`bonus`).
#[derive(Clone, Debug, Serialize)]
pub struct RingmasterSpot {
    pub x: i16,
    pub y: i16,
    pub feature: String,
    pub tiles: u8,
    pub bonus: u32,
}

/// A seat's ringmaster (`ringmaster` of a seat): where he stands (`null` while he is in the
/// supply), in words.
#[derive(Clone, Debug, Serialize)]
pub struct RingmasterView {
    pub spot: Option<RingmasterSpot>,
    pub label: String,
}

/// "1 circus or acrobat tile", "3 circus and acrobat tiles".
fn show_tiles_words(n: u32) -> String {
    if n == 1 {
        "1 circus or acrobat tile".into()
    } else {
        format!("{n} circus and acrobat tiles")
    }
}

/// The acrobat space at `pos` in words: "the acrobat space 1 tile east of the start tile".
fn space_words(pos: Pos) -> String {
    format!("the acrobat space {}", words::place_words(pos))
}

/// The seats of the acrobats on the acrobat space of the tile at `pos`, in the order they
/// stand (the first two below, the third on top).
fn acrobats_at(game: &Game, pos: Pos) -> Vec<PlayerId> {
    let Some(feature) = game.acrobat_space(pos) else { return vec![] };
    game.figures()
        .iter()
        .filter(|f| f.feature == feature && game.board().placement(f.placement).pos == pos)
        .map(|f| f.owner)
        .collect()
}

/// Each seat's acrobats among `acrobats`, in seat order: (seat, how many).
fn by_seat(acrobats: &[PlayerId]) -> Vec<(PlayerId, u32)> {
    let mut counts: Vec<(PlayerId, u32)> = vec![];
    for &seat in acrobats {
        match counts.iter_mut().find(|(s, _)| *s == seat) {
            Some((_, n)) => *n += 1,
            None => counts.push((seat, 1)),
        }
    }
    counts.sort_by_key(|&(s, _)| s);
    counts
}

/// Where the ringmaster of `player` stands: his tile and his feature.
fn ringmaster_of(game: &Game, player: PlayerId) -> Option<(Pos, u8)> {
    game.figures()
        .iter()
        .find(|f| f.owner == player && f.figure == Figure::Ringmaster)
        .map(|f| (game.board().placement(f.placement).pos, f.feature))
}

/// What putting a follower on the acrobat space at `pos` makes of its pyramid, for `player`:
/// "the first acrobat of its pyramid", "its pyramid then holds 2 of 3 acrobats, 1 of them
/// yours", "it completes the pyramid: 3 of 3 acrobats, 2 of them yours".
fn pyramid_after_words(acrobats: &[PlayerId], player: PlayerId) -> String {
    let after = acrobats.len() + 1;
    let yours = acrobats.iter().filter(|&&s| s == player).count() + 1;
    let mine = if yours == after { "all yours".to_string() } else { format!("{yours} of them yours") };
    match after {
        1 => "the first acrobat of its pyramid".into(),
        n if n >= PYRAMID_SIZE => format!("it completes the pyramid: {n} of {PYRAMID_SIZE} acrobats, {mine}"),
        n => format!("its pyramid then holds {n} of {PYRAMID_SIZE} acrobats, {mine}"),
    }
}

/// What scoring the full pyramid of `acrobats` pays, in words for `player`: "you score 15
/// points (3 acrobats)", "you score 10 points (2 acrobats) and 1 other player 5 points (1
/// acrobat)", "you score nothing; 2 other players score 5 points each (1 acrobat each)".
fn pyramid_pay_words(acrobats: &[PlayerId], player: PlayerId) -> String {
    let counts = by_seat(acrobats);
    let own = counts.iter().find(|(s, _)| *s == player).map_or(0, |&(_, n)| n);
    let others: Vec<u32> = counts.iter().filter(|(s, _)| *s != player).map(|&(_, n)| n).collect();
    let mine = if own == 0 {
        "you score nothing".to_string()
    } else {
        format!("you score {} ({})", words::counted(own * ACROBAT_POINTS, "point"), words::counted(own, "acrobat"))
    };
    let theirs = match others.as_slice() {
        [] => None,
        [n] => Some(format!(
            "1 other player {} ({})",
            words::counted(n * ACROBAT_POINTS, "point"),
            words::counted(*n, "acrobat")
        )),
        many if many.iter().all(|&n| n == many[0]) => Some(format!(
            "{} other players {} each ({} each)",
            many.len(),
            words::counted(many[0] * ACROBAT_POINTS, "point"),
            words::counted(many[0], "acrobat")
        )),
        many => {
            let each: Vec<String> = many
                .iter()
                .map(|&n| format!("{} ({})", words::counted(n * ACROBAT_POINTS, "point"), words::counted(n, "acrobat")))
                .collect();
            Some(format!("{} other players {}", many.len(), words::join_and(&each)))
        }
    };
    match theirs {
        None => mine,
        Some(theirs) if own == 0 => format!("{mine}; {theirs}"),
        Some(theirs) => format!("{mine} and {theirs}"),
    }
}

/// The followers on the big top's tile and around it by seat, in words: "followers there now:
/// Anna 2 and Ben 1", "no follower there now".
fn around_words(cx: &ViewContext<'_>, followers: &[u8]) -> String {
    let each: Vec<String> = followers
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(seat, n)| format!("{} {n}", cx.seat_name(seat as PlayerId)))
        .collect();
    if each.is_empty() {
        "no follower there now".into()
    } else {
        format!("followers there now: {}", words::join_and(&each))
    }
}

/// Whose the acrobats of a pyramid are, in words: "Anna's", "Anna's and Ben's", "2 of Anna's
/// and Ben's".
fn owners_words(cx: &ViewContext<'_>, acrobats: &[PlayerId]) -> String {
    let each: Vec<String> = by_seat(acrobats)
        .into_iter()
        .map(|(seat, n)| match n {
            1 => format!("{}'s", cx.seat_name(seat)),
            n => format!("{n} of {}'s", cx.seat_name(seat)),
        })
        .collect();
    words::join_and(&each)
}

/// The unseen tokens in words: "16 tokens: 1 worth 1 point, 4 worth 3, 5 worth 4, 3 worth 5, 2
/// worth 6 and 1 worth 7".
fn animals_words(tokens: &[(u8, u8)]) -> String {
    let unseen: u32 = tokens.iter().map(|&(_, n)| u32::from(n)).sum();
    let mut first = true;
    let each: Vec<String> = tokens
        .iter()
        .filter(|&&(_, n)| n > 0)
        .map(|&(points, n)| {
            let unit = if first { format!(" point{}", if points == 1 { "" } else { "s" }) } else { String::new() };
            first = false;
            format!("{n} worth {points}{unit}")
        })
        .collect();
    match unseen {
        0 => "no token".into(),
        _ => format!("{unseen} token{}: {}", if unseen == 1 { "" } else { "s" }, words::join_and(&each)),
    }
}

/// The ringmaster where he stands, with what his feature's scoring would pay him: "the
/// ringmaster (thief) on the road running east and west (1 tile east of the start tile): 3
/// circus and acrobat tiles around him, 6 points more when his road is scored".
fn ringmaster_words(game: &Game, pos: Pos, feature: u8) -> String {
    let kind = words::feature_kind(game, pos, feature);
    let tiles = u32::from(game.show_tiles_around(pos));
    let bonus = match tiles {
        0 => "no circus or acrobat tile around him yet".to_string(),
        n => format!(
            "{} around him, {} more when his {} is scored",
            show_tiles_words(n),
            words::counted(n * RINGMASTER_POINTS, "point"),
            words::kind_word(kind)
        ),
    };
    format!(
        "the {} {} {} ({}): {bonus}",
        words::role_at(game, Figure::Ringmaster, pos, feature),
        words::preposition(kind),
        words::feature_words(game, pos, feature),
        words::place_words(pos),
    )
}

impl ViewModule for BigTop {
    /// `circus` and `acrobats`: the tile to place has a circus space (the big top moves onto it)
    /// or an acrobat space.
    fn pending_fields(&self, game: &Game, pending: Pending, fields: &mut Fields) {
        if let Pending::PlaceTile { tile, .. } = pending {
            let symbols = &game.design(tile).symbols;
            if symbols.contains(&Symbol::Circus) {
                fields.set("circus", true);
            }
            if symbols.contains(&Symbol::Acrobats) {
                fields.set("acrobats", true);
            }
        }
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        let player = pending.player()?;
        let (pos, label) = match action {
            Action::Acrobat { pos } => {
                let acrobats = acrobats_at(game, pos);
                (
                    pos,
                    format!(
                        "a follower onto {} as an acrobat ({}; each acrobat scores {} when the full pyramid is scored, or at the end)",
                        space_words(pos),
                        pyramid_after_words(&acrobats, player),
                        words::counted(ACROBAT_POINTS, "point")
                    ),
                )
            }
            Action::ScorePyramid { pos } => {
                let acrobats = acrobats_at(game, pos);
                (
                    pos,
                    format!(
                        "score the full pyramid on {}: {}; its acrobats go home",
                        space_words(pos),
                        pyramid_pay_words(&acrobats, player)
                    ),
                )
            }
            _ => return None,
        };
        let at = game.acrobat_space(pos).and_then(|feature| anchor(game, pos, feature));
        Some((at, label))
    }

    /// The ringmaster's deployment says what he would earn there.
    fn amend_label(&self, game: &Game, action: Action, label: &mut String) {
        let (Action::Deploy { figure: Figure::Ringmaster, .. }, Pending::Deploy { pos, .. }) = (action, game.pending())
        else {
            return;
        };
        let tiles = u32::from(game.show_tiles_around(pos));
        let now = match tiles {
            0 => "none now".to_string(),
            n => format!("{n} now, {}", words::counted(n * RINGMASTER_POINTS, "point")),
        };
        label.push_str(&format!(
            " (when his feature is scored he earns {} for each circus and acrobat tile on his tile and the eight around it: {now})",
            words::counted(RINGMASTER_POINTS, "point"),
        ));
    }

    /// `big_top`, `animals` and `acrobat_spaces`.
    fn board(&self, cx: &ViewContext<'_>, fields: &mut Fields) {
        let game = cx.game;
        if !game.rules().has(Expansion::BigTop) {
            return;
        }
        let seats = game.players().len();
        let big_top = game.big_top().map(|pos| {
            let followers = game.followers_around(pos)[..seats].to_vec();
            let label = format!(
                "The big top stands on the circus tile {}, over a face-down animal token: when the big top moves on, the token pays its value for each follower on that tile and the eight around it ({})",
                words::place_words(pos),
                around_words(cx, &followers)
            );
            BigTopView { x: pos.x, y: pos.y, followers, label }
        });
        fields.set("big_top", big_top);
        let unseen = game.unseen_animals();
        let tokens: Vec<AnimalCount> = unseen.iter().map(|&(points, count)| AnimalCount { points, count }).collect();
        let total = unseen.iter().map(|&(_, n)| u32::from(n)).sum();
        let under = if game.big_top().is_some() { " (the one under the big top among them)" } else { "" };
        fields.set(
            "animals",
            AnimalsView {
                tokens,
                unseen: total,
                label: format!("Animal tokens nobody has seen{under}: {}", animals_words(&unseen)),
            },
        );
        let spaces: Vec<AcrobatSpaceView> = game
            .board()
            .tiles()
            .iter()
            .filter_map(|t| {
                let feature = game.acrobat_space(t.pos)?;
                let acrobats = acrobats_at(game, t.pos);
                let full = acrobats.len() >= PYRAMID_SIZE;
                let who = owners_words(cx, &acrobats);
                let label = match acrobats.len() {
                    0 => format!("{}: no acrobat yet", words::capitalized(space_words(t.pos))),
                    n if full => format!(
                        "{}: a full pyramid of {n} acrobats ({}), which a player may score for {} an acrobat after placing a tile on it or around it",
                        words::capitalized(space_words(t.pos)),
                        who,
                        words::counted(ACROBAT_POINTS, "point")
                    ),
                    n => format!(
                        "{}: a pyramid of {} ({}), {} more to make it full",
                        words::capitalized(space_words(t.pos)),
                        words::counted(n as u32, "acrobat"),
                        who,
                        PYRAMID_SIZE - n
                    ),
                };
                Some(AcrobatSpaceView {
                    x: t.pos.x,
                    y: t.pos.y,
                    feature: feature_name(game, t.pos, feature),
                    at: anchor(game, t.pos, feature).unwrap_or([0.5, 0.5]),
                    acrobats,
                    full,
                    label,
                })
            })
            .collect();
        fields.set("acrobat_spaces", spaces);
    }

    /// `ringmaster`: where the seat's ringmaster stands, or the supply.
    fn seat(&self, cx: &ViewContext<'_>, seat: PlayerId, fields: &mut Fields) {
        let game = cx.game;
        if !game.rules().has(Expansion::BigTop) {
            return;
        }
        let view = match ringmaster_of(game, seat) {
            Some((pos, feature)) => {
                let tiles = game.show_tiles_around(pos);
                RingmasterView {
                    spot: Some(RingmasterSpot {
                        x: pos.x,
                        y: pos.y,
                        feature: feature_name(game, pos, feature),
                        tiles,
                        bonus: u32::from(tiles) * RINGMASTER_POINTS,
                    }),
                    label: ringmaster_words(game, pos, feature),
                }
            }
            None if game.player(seat).in_supply(Figure::Ringmaster) > 0 => {
                RingmasterView { spot: None, label: "the ringmaster in the supply".into() }
            }
            None => RingmasterView { spot: None, label: "the ringmaster out of play".into() },
        };
        fields.set("ringmaster", view);
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let name = |p| names.of(p);
        Some(match *event {
            Event::BigTopMoved { player, from, to } => {
                let from_json = from.map(|p| json!({"x": p.x, "y": p.y}));
                let text = match from {
                    None => format!(
                        "{}'s circus tile {} puts the big top up, over a face-down animal token nobody has seen",
                        name(player),
                        words::place_words(to)
                    ),
                    Some(from) => format!(
                        "The big top moves from {} to {}'s circus tile {}, over a new face-down animal token",
                        words::tile_at(from),
                        name(player),
                        words::place_words(to)
                    ),
                };
                (json!({"type": "big-top-moved", "seat": player, "from": from_json, "x": to.x, "y": to.y}), text)
            }
            Event::CircusRevealed { pos, animal } => (
                json!({"type": "circus-revealed", "x": pos.x, "y": pos.y, "animal": animal}),
                format!(
                    "The animal token under the big top {} is turned up: {} for each follower on that tile and the eight around it",
                    words::place_words(pos),
                    words::counted(u32::from(animal), "point")
                ),
            ),
            Event::CircusScored { player, pos, followers, animal, points } => (
                json!({"type": "circus-scored", "seat": player, "x": pos.x, "y": pos.y, "followers": followers,
                       "animal": animal, "points": points}),
                format!(
                    "{} scores {} for {} around the big top {} ({} each)",
                    name(player),
                    words::counted(points, "point"),
                    words::counted(u32::from(followers), "follower"),
                    words::place_words(pos),
                    animal
                ),
            ),
            Event::AcrobatsScored { scorer, player, pos, acrobats, points } => {
                let n = u32::from(acrobats);
                let home = if n == 1 { "who goes home" } else { "who go home" };
                let text = match scorer {
                    Some(s) if s == player => format!(
                        "{} scores the full pyramid on {}: {} for {} of theirs, {home}",
                        name(player),
                        space_words(pos),
                        words::counted(points, "point"),
                        words::counted(n, "acrobat")
                    ),
                    Some(s) => format!(
                        "{} scores the full pyramid on {}: {} scores {} for {}, {home}",
                        name(s),
                        space_words(pos),
                        name(player),
                        words::counted(points, "point"),
                        words::counted(n, "acrobat")
                    ),
                    None => format!(
                        "{} scores {} for {} still on {} at the end of the game",
                        name(player),
                        words::counted(points, "point"),
                        words::counted(n, "acrobat"),
                        space_words(pos)
                    ),
                };
                (
                    json!({"type": "acrobats-scored", "scorer": scorer, "seat": player, "x": pos.x, "y": pos.y,
                           "acrobats": acrobats, "points": points}),
                    text,
                )
            }
            Event::RingmasterBonus { player, pos, feature, tiles, points } => {
                let kind = words::feature_kind(game, pos, feature);
                (
                    json!({"type": "ringmaster-bonus", "seat": player, "x": pos.x, "y": pos.y,
                           "feature": feature_name(game, pos, feature), "tiles": tiles, "points": points}),
                    format!(
                        "{}'s ringmaster {} {} ({}) earns {} more: {} on his tile and around it, {} each",
                        name(player),
                        words::preposition(kind),
                        words::feature_words(game, pos, feature),
                        words::place_words(pos),
                        words::counted(points, "point"),
                        show_tiles_words(u32::from(tiles)),
                        RINGMASTER_POINTS
                    ),
                )
            }
            _ => return None,
        })
    }

    /// The circus under its own kind (in the turn's points, the last one too: it is scored
    /// before the final scoring), the acrobats in the turn or at the end, the ringmaster's bonus
    /// in the phase of his feature's score, which it follows.
    fn counted(&self, event: &Event) -> Option<Counted> {
        match *event {
            Event::CircusScored { .. } => Some(Counted::As("circus", Phase::Turn)),
            Event::AcrobatsScored { scorer: Some(_), .. } => Some(Counted::As("acrobats", Phase::Turn)),
            Event::AcrobatsScored { scorer: None, .. } => Some(Counted::As("acrobats", Phase::Final)),
            Event::RingmasterBonus { .. } => Some(Counted::WithLastScore("ringmaster")),
            _ => None,
        }
    }
}
