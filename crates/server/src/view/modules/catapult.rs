//! The Catapult's view: the three decisions of a catapult round (`catapult`: the kind of token,
//! the four offered in words; `flick`: every tile on the board to aim at, the token's kind, who
//! opened the round and where its fair tile lies; `seduce`: the followers nearest the seduction
//! token that another player owns, with the kinds of the seat's followers that may take each
//! one's place, or a pass), `fair` on the decision to place a fair tile, and the round's five
//! events in words. The fair itself is drawn with the tile; where the tokens came down the
//! browser reads from the `flicked` events (web/decisions/catapult.js).

use carcassonne_engine::catalog::Symbol;
use carcassonne_engine::{
    Action, CatapultToken, Event, Expansion, Figure, Game, Pending, Phase, PlayerId, Pos, Quarter,
};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Counted, Legal, Names, ViewModule};
use crate::view::anchors::{anchor, feature_name};
use crate::view::fields::Fields;
use crate::view::parts::PendingView;
use crate::words;

pub(crate) struct Catapult;

/// A place on the board.
#[derive(Clone, Copy, Debug, Serialize)]
struct PlaceView {
    x: i16,
    y: i16,
}

/// A kind of token offered for the round, in words.
#[derive(Serialize)]
struct TokenOffer {
    token: CatapultToken,
    label: String,
}

/// The choice of the round's token: `seat` placed the fair tile at (x, y).
#[derive(Serialize)]
struct TokenDecision {
    seat: PlayerId,
    x: i16,
    y: i16,
    tokens: Vec<TokenOffer>,
}

/// A flick: `seat` flicks its `token`; `opener` placed the fair tile (`fair`, where the view
/// finds it) and flicked first; `flicked` tokens of the round came down before this one.
#[derive(Serialize)]
struct FlickDecision {
    seat: PlayerId,
    token: CatapultToken,
    opener: Option<PlayerId>,
    fair: Option<PlaceView>,
    flicked: u8,
    players: u8,
}

/// A follower the seduction may replace, with the kinds of the seat's followers that may take
/// its place.
#[derive(Serialize)]
struct Candidate {
    owner: PlayerId,
    figure: Figure,
    x: i16,
    y: i16,
    feature: String,
    with: Vec<Figure>,
    label: String,
}

/// A figure waiting in a quarter of Carcassonne that the seduction may replace (The Count),
/// with the kinds of follower that may take its place.
#[derive(Serialize)]
struct QuarterCandidate {
    owner: PlayerId,
    figure: Figure,
    quarter: Quarter,
    with: Vec<Figure>,
    label: String,
}

/// The seduction: `seat`'s token came down at (x, y).
#[derive(Serialize)]
struct SeduceDecision {
    seat: PlayerId,
    x: i16,
    y: i16,
    candidates: Vec<Candidate>,
    /// With The Count, when the city of Carcassonne is nearest: the figures in its quarters.
    quarters: Vec<QuarterCandidate>,
}

/// Whose a figure of `owner`'s is, to the player deciding: "your" for their own (a seduction
/// may exchange one's own follower for another kind), else "the blue player's".
fn whose(game: &Game, owner: PlayerId) -> String {
    if game.pending().player() == Some(owner) {
        "your".to_string()
    } else {
        format!("{}'s", player_words(game, owner))
    }
}

/// Where a seduced figure of `owner`'s goes: "your supply", "the blue player".
fn back_to(game: &Game, owner: PlayerId) -> String {
    if game.pending().player() == Some(owner) {
        "your supply".to_string()
    } else {
        player_words(game, owner)
    }
}

/// "the blue player's follower in the castle quarter of Carcassonne".
fn resident_words(game: &Game, owner: PlayerId, figure: Figure, quarter: Quarter) -> String {
    format!("{} {} in {} of Carcassonne", whose(game, owner), words::figure_word(figure), words::quarter_words(quarter))
}

/// The seductions offered in the quarters of Carcassonne, figure by figure.
fn quarter_candidates(game: &Game) -> Vec<QuarterCandidate> {
    let mut list: Vec<QuarterCandidate> = vec![];
    for action in game.legal_actions() {
        let Action::SeduceInQuarter { owner, figure, quarter, with } = action else { continue };
        match list.iter_mut().find(|c| (c.owner, c.figure, c.quarter) == (owner, figure, quarter)) {
            Some(c) => c.with.push(with),
            None => list.push(QuarterCandidate {
                owner,
                figure,
                quarter,
                with: vec![with],
                label: words::capitalized(resident_words(game, owner, figure, quarter)),
            }),
        }
    }
    list
}

/// "knock-out", "target hurling": the kind of token in words.
fn token_words(token: CatapultToken) -> &'static str {
    match token {
        CatapultToken::KnockOut => "knock-out",
        CatapultToken::Seduction => "seduction",
        CatapultToken::Target => "target hurling",
        CatapultToken::Catch => "catch",
    }
}

/// What a round with tokens of the kind does, in words.
fn token_rule(token: CatapultToken) -> &'static str {
    match token {
        CatapultToken::KnockOut => {
            "every player in turn flicks a knock-out token at a tile; the followers on the tile it lands on go home without scoring"
        }
        CatapultToken::Seduction => {
            "every player in turn flicks a seduction token at a tile; the flicker may put a follower of theirs in the place of another player's follower nearest to where it lands"
        }
        CatapultToken::Target => {
            "every player in turn flicks a target token at a tile; the tokens that land nearest the fair tile score 5 points"
        }
        CatapultToken::Catch => {
            "each player flicks a token to the player on their left, who catches it one time in two and then scores 5 points"
        }
    }
}

/// The fair tile of the round under way: the last fair tile placed.
fn fair_tile(game: &Game) -> Option<Pos> {
    game.board().tiles().iter().rev().find(|t| game.design(t.tile).symbols.contains(&Symbol::Fair)).map(|t| t.pos)
}

/// "the blue player".
fn player_words(game: &Game, player: PlayerId) -> String {
    format!("the {} player", game.player(player).color.name())
}

/// The followers on the tile at `pos`, in words: "2 followers there: red's and blue's".
fn followers_there(game: &Game, pos: Pos) -> Option<String> {
    let owners: Vec<String> = game
        .figures()
        .iter()
        .filter(|f| f.figure.is_follower() && game.board().placement(f.placement).pos == pos)
        .map(|f| format!("{}'s", game.player(f.owner).color.name()))
        .collect();
    (!owners.is_empty())
        .then(|| format!("{} there: {}", words::counted(owners.len() as u32, "follower"), words::join_and(&owners)))
}

/// A flick's aim in words: "aim at the tile 1 tile east of the start tile (the fair tile; 2
/// followers there: red's and blue's)".
fn aim_words(game: &Game, at: Pos) -> String {
    let mut notes = vec![];
    if fair_tile(game) == Some(at) {
        notes.push("the fair tile".to_string());
    }
    notes.extend(followers_there(game, at));
    let tile = words::tile_at(at);
    if notes.is_empty() {
        format!("aim at {tile}")
    } else {
        format!("aim at {tile} ({})", notes.join("; "))
    }
}

/// The follower `index` of the game (nearest the token) in words: "the blue player's knight in
/// the city to the north, 1 tile east of the start tile" ("your knight ..." for one's own).
fn candidate_words(game: &Game, index: u8) -> Option<(Pos, String)> {
    let f = game.figures().get(index as usize)?;
    let pos = game.board().placement(f.placement).pos;
    Some((pos, words::possessed_figure_on(game, &whose(game, f.owner), f.figure, pos, f.feature)))
}

/// The seductions offered, follower by follower.
fn candidates(game: &Game) -> Vec<Candidate> {
    let mut list: Vec<(u8, Candidate)> = vec![];
    for action in game.legal_actions() {
        let Action::Seduce { figure, with } = action else { continue };
        if let Some((_, c)) = list.iter_mut().find(|(i, _)| *i == figure) {
            c.with.push(with);
            continue;
        }
        let Some(f) = game.figures().get(figure as usize) else { continue };
        let Some((pos, label)) = candidate_words(game, figure) else { continue };
        list.push((
            figure,
            Candidate {
                owner: f.owner,
                figure: f.figure,
                x: pos.x,
                y: pos.y,
                feature: feature_name(game, pos, f.feature),
                with: vec![with],
                label: words::capitalized(label),
            },
        ));
    }
    list.into_iter().map(|(_, c)| c).collect()
}

impl ViewModule for Catapult {
    fn pending(&self, game: &Game, pending: Pending) -> Option<PendingView> {
        Some(match pending {
            Pending::CatapultToken { player, pos } => PendingView::new(
                "catapult",
                TokenDecision {
                    seat: player,
                    x: pos.x,
                    y: pos.y,
                    tokens: CatapultToken::ALL
                        .into_iter()
                        .map(|token| TokenOffer {
                            token,
                            label: format!("{}: {}", token_words(token), token_rule(token)),
                        })
                        .collect(),
                },
            ),
            Pending::Flick { player, token } => {
                let players = game.players().len() as u8;
                let opener = game.turn_player();
                PendingView::new(
                    "flick",
                    FlickDecision {
                        seat: player,
                        token,
                        opener,
                        fair: fair_tile(game).map(|p| PlaceView { x: p.x, y: p.y }),
                        flicked: opener.map_or(0, |o| (player + players - o) % players.max(1)),
                        players,
                    },
                )
            }
            Pending::Seduce { player, at } => PendingView::new(
                "seduce",
                SeduceDecision {
                    seat: player,
                    x: at.x,
                    y: at.y,
                    candidates: candidates(game),
                    quarters: quarter_candidates(game),
                },
            ),
            _ => return None,
        })
    }

    /// `fair`: the tile to place holds a catapult round once placed.
    fn pending_fields(&self, game: &Game, pending: Pending, fields: &mut Fields) {
        if let Pending::PlaceTile { tile, .. } = pending {
            if game.rules().has(Expansion::Catapult) && game.design(tile).symbols.contains(&Symbol::Fair) {
                fields.set("fair", true);
            }
        }
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        Some(match (pending, action) {
            (Pending::CatapultToken { .. }, Action::ChooseToken { token }) => {
                (None, format!("{}: {}", token_words(token), token_rule(token)))
            }
            (Pending::Flick { .. }, Action::Flick { at }) => (None, aim_words(game, at)),
            (Pending::Seduce { .. }, Action::Seduce { figure, with }) => {
                let f = game.figures().get(figure as usize)?;
                let (pos, whom) = candidate_words(game, figure)?;
                let kind = words::feature_kind(game, pos, f.feature);
                (
                    anchor(game, pos, f.feature),
                    format!(
                        "put your {} in the place of {whom} (it goes back to {})",
                        words::figure_role(with, kind),
                        back_to(game, f.owner)
                    ),
                )
            }
            (Pending::Seduce { .. }, Action::SeduceInQuarter { owner, figure, quarter, with }) => (
                None,
                format!(
                    "put your {} in the place of {} (it goes back to {})",
                    words::figure_word(with),
                    resident_words(game, owner, figure, quarter),
                    back_to(game, owner)
                ),
            ),
            (Pending::Seduce { .. }, Action::Pass) => (None, "pass: leave the followers where they stand".into()),
            _ => return None,
        })
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let name = |p| names.of(p);
        Some(match *event {
            Event::CatapultRound { player, token } => (
                json!({"type": "catapult-round", "seat": player, "token": token}),
                if token.aimed() {
                    format!(
                        "{} holds a catapult round with the {} tokens: every player flicks one at a tile, from {} on",
                        name(player),
                        token_words(token),
                        name(player)
                    )
                } else {
                    format!(
                        "{} holds a catapult round with the catch tokens: each player flicks one to the player on their left",
                        name(player)
                    )
                },
            ),
            Event::Flicked { player, token, aim, landed, on_tile } => {
                let lands = if !on_tile {
                    format!("it comes down off the map, {}, where no tile lies", words::place_words(landed))
                } else if landed == aim {
                    "it lands on it".to_string()
                } else {
                    format!("it lands beside it, on {}", words::tile_at(landed))
                };
                (
                    json!({"type": "flicked", "seat": player, "token": token, "aim_x": aim.x, "aim_y": aim.y,
                           "x": landed.x, "y": landed.y, "on_tile": on_tile}),
                    format!(
                        "{} flicks the {} token at {}: {lands}",
                        name(player),
                        token_words(token),
                        words::tile_at(aim)
                    ),
                )
            }
            Event::KnockedOutOfQuarter { owner, figure, quarter } => (
                json!({"type": "knocked-out-of-quarter", "owner": owner, "figure": figure, "quarter": quarter}),
                format!(
                    "{}'s {} in {} of Carcassonne is knocked out and goes back to {}",
                    name(owner),
                    words::figure_word(figure),
                    words::quarter_words(quarter),
                    name(owner)
                ),
            ),
            Event::SeducedInQuarter { player, figure, owner, replaced, quarter } => (
                json!({"type": "seduced-in-quarter", "seat": player, "figure": figure, "owner": owner,
                       "replaced": replaced, "quarter": quarter}),
                format!(
                    "{} seduces {}'s {} in {} of Carcassonne: {}'s {} takes its place, and it goes back to {}",
                    name(player),
                    name(owner),
                    words::figure_word(replaced),
                    words::quarter_words(quarter),
                    name(player),
                    words::figure_word(figure),
                    name(owner)
                ),
            ),
            Event::Seduced { player, figure, owner, replaced, pos, feature } => {
                let kind = words::feature_kind(game, pos, feature);
                (
                    json!({"type": "seduced", "seat": player, "figure": figure, "owner": owner, "replaced": replaced,
                           "x": pos.x, "y": pos.y, "feature": feature_name(game, pos, feature)}),
                    format!(
                        "{} seduces {}: {}'s {} takes its place, and it goes back to {}",
                        name(player),
                        words::owned_figure_on(game, &name(owner), replaced, pos, feature),
                        name(player),
                        words::figure_role(figure, kind),
                        name(owner)
                    ),
                )
            }
            Event::CatchThrown { player, catcher, caught } => (
                json!({"type": "catch-thrown", "seat": player, "catcher": catcher, "caught": caught}),
                format!(
                    "{} flicks a token to {}, who {} it",
                    name(player),
                    name(catcher),
                    if caught { "catches" } else { "misses" }
                ),
            ),
            Event::CatapultScored { player, token, points } => (
                json!({"type": "catapult-scored", "seat": player, "token": token, "points": points}),
                match token {
                    CatapultToken::Target => format!(
                        "{}'s token came down nearest the fair tile: {}",
                        name(player),
                        words::counted(points, "point")
                    ),
                    CatapultToken::Catch => {
                        format!("{} scores {} for the catch", name(player), words::counted(points, "point"))
                    }
                    _ => format!(
                        "{} scores {} in the catapult round ({})",
                        name(player),
                        words::counted(points, "point"),
                        token_words(token)
                    ),
                },
            ),
            _ => return None,
        })
    }

    /// The catapult's points (the target's, a catch's) in the turn, under `catapult`.
    fn counted(&self, event: &Event) -> Option<Counted> {
        matches!(event, Event::CatapultScored { .. }).then_some(Counted::As("catapult", Phase::Turn))
    }
}
