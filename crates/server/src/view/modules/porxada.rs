//! La Porxada's view: the choice after its tile (the swap, the bonus or neither), the swap's
//! two steps and the other player's answer, the tokens a seat holds, the followers a refused
//! swap took out of the game, and the module's events.

use carcassonne_engine::{Action, Event, Expansion, Figure, Game, Pending, Phase, PlayerId};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Counted, Legal, Names, ViewContext, ViewModule};
use crate::view::anchors::{anchor, feature_name};
use crate::view::fields::Fields;
use crate::view::parts::PendingView;
use crate::words;

pub(crate) struct Porxada;

/// A follower on the board, as the decisions name it.
#[derive(Serialize)]
struct FollowerView {
    seat: PlayerId,
    figure: Figure,
    x: i16,
    y: i16,
    feature: String,
}

fn follower(game: &Game, index: u8) -> Option<FollowerView> {
    let f = game.figures().get(index as usize)?;
    let pos = game.board().placement(f.placement).pos;
    Some(FollowerView {
        seat: f.owner,
        figure: f.figure,
        x: pos.x,
        y: pos.y,
        feature: feature_name(game, pos, f.feature),
    })
}

/// A follower in words: "Ann's knight 2 tiles east of the start tile".
fn follower_words(game: &Game, names: Option<&Names<'_>>, index: u8) -> String {
    let Some(f) = game.figures().get(index as usize) else { return "a follower".into() };
    let pos = game.board().placement(f.placement).pos;
    let role = words::figure_role_on(game, f.figure, pos, f.feature);
    match names {
        Some(names) => format!("{}'s {role} {}", names.of(f.owner), words::place_words(pos)),
        None => format!("{role} {}", words::place_words(pos)),
    }
}

#[derive(Serialize)]
struct ChoiceDecision {
    seat: PlayerId,
    x: i16,
    y: i16,
}

#[derive(Serialize)]
struct SwapDecision {
    seat: PlayerId,
    own: Option<FollowerView>,
}

#[derive(Serialize)]
struct AnswerDecision {
    seat: PlayerId,
    by: PlayerId,
    own: Option<FollowerView>,
    other: Option<FollowerView>,
}

impl ViewModule for Porxada {
    fn pending(&self, game: &Game, pending: Pending) -> Option<PendingView> {
        Some(match pending {
            Pending::Porxada { player, pos } => {
                PendingView::new("porxada", ChoiceDecision { seat: player, x: pos.x, y: pos.y })
            }
            Pending::SwapWith { player, own } => {
                PendingView::new("swap", SwapDecision { seat: player, own: follower(game, own) })
            }
            Pending::SwapAnswer { player, by, own, other } => PendingView::new(
                "swap-answer",
                AnswerDecision { seat: player, by, own: follower(game, own), other: follower(game, other) },
            ),
            _ => return None,
        })
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        let at = |index: u8| {
            game.figures()
                .get(index as usize)
                .and_then(|f| anchor(game, game.board().placement(f.placement).pos, f.feature))
        };
        Some(match (pending, action) {
            (Pending::Porxada { .. }, Action::SwapFollower { figure }) => {
                (at(figure), format!("swap your {} with another player's follower", follower_words(game, None, figure)))
            }
            (Pending::Porxada { .. }, Action::PorxadaBonus) => (
                None,
                "the bonus: the players with a follower in La Porxada's city when it is completed score their incomplete cities as completed at the end".into(),
            ),
            (Pending::Porxada { .. }, Action::Pass) => (None, "neither the swap nor the bonus".into()),
            (Pending::SwapWith { .. }, Action::SwapFollower { figure }) => {
                let owner = game.figures().get(figure as usize).map(|f| f.owner);
                let whose = owner.map_or_else(String::new, |p| format!("the {} player's ", game.player(p).color.name()));
                (at(figure), format!("change places with {whose}{}", follower_words(game, None, figure)))
            }
            (Pending::SwapWith { .. }, Action::Pass) => (None, "swap nothing after all".into()),
            (Pending::SwapAnswer { .. }, Action::Pass) => (None, "accept the swap".into()),
            (Pending::SwapAnswer { .. }, Action::RefuseSwap { figure }) => (
                at(figure),
                format!("refuse the swap: your {} leaves the game", follower_words(game, None, figure)),
            ),
            _ => return None,
        })
    }

    /// `porxada_token` for a seat holding a token; `out_of_game`, the followers a refused swap
    /// took out of the game.
    fn seat(&self, cx: &ViewContext<'_>, seat: PlayerId, fields: &mut Fields) {
        if !cx.game.rules().has(Expansion::LaPorxada) {
            return;
        }
        if cx.game.porxada_tokens().contains(seat) {
            fields.set("porxada_token", true);
        }
        let out: u32 = Figure::ALL.iter().map(|&f| u32::from(cx.game.figures_out_of_game(seat, f))).sum();
        if out > 0 {
            fields.set("out_of_game", out);
        }
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        Some(match *event {
            Event::PorxadaBonusChosen { player } => (
                json!({"type": "porxada-bonus", "seat": player}),
                format!(
                    "{} chooses La Porxada's bonus: the players with a follower in its city when it is completed will score their incomplete cities as completed",
                    names.of(player)
                ),
            ),
            Event::FollowersSwapped { player, figure, pos, feature, other, other_figure, other_pos, other_feature } => (
                json!({"type": "followers-swapped", "seat": player, "figure": figure, "x": pos.x, "y": pos.y,
                       "feature": feature_name(game, pos, feature), "other": other, "other_figure": other_figure,
                       "other_x": other_pos.x, "other_y": other_pos.y,
                       "other_feature": feature_name(game, other_pos, other_feature)}),
                format!(
                    "La Porxada: {}'s {} {} and {}'s {} {} change places",
                    names.of(player),
                    words::figure_role_on(game, figure, pos, feature),
                    words::place_words(pos),
                    names.of(other),
                    words::figure_role_on(game, other_figure, other_pos, other_feature),
                    words::place_words(other_pos)
                ),
            ),
            Event::SwapRefused { player, by, figure, pos, feature } => (
                json!({"type": "swap-refused", "seat": player, "by": by, "figure": figure, "x": pos.x, "y": pos.y,
                       "feature": feature_name(game, pos, feature)}),
                format!(
                    "{} refuses {}'s swap: their {} {} leaves the game",
                    names.of(player),
                    names.of(by),
                    words::figure_role_on(game, figure, pos, feature),
                    words::place_words(pos)
                ),
            ),
            Event::PorxadaTokens { pos, players } => {
                let seats: Vec<PlayerId> = players.iter().collect();
                let who: Vec<String> = seats.iter().map(|&s| names.of(s)).collect();
                (
                    json!({"type": "porxada-tokens", "seats": seats, "x": pos.x, "y": pos.y}),
                    format!(
                        "La Porxada's city is completed: {} {} a token, and will score incomplete cities as completed at the end",
                        words::join_and(&who),
                        if seats.len() == 1 { "takes" } else { "each take" }
                    ),
                )
            }
            Event::PorxadaCityScored { player, pos, feature, points } => (
                json!({"type": "porxada-city", "seat": player, "x": pos.x, "y": pos.y,
                       "feature": feature_name(game, pos, feature), "points": points}),
                format!(
                    "{} scores {points} more for the incomplete city {}: La Porxada's token counts it as completed",
                    names.of(player),
                    words::place_words(pos)
                ),
            ),
            _ => return None,
        })
    }

    fn counted(&self, event: &Event) -> Option<Counted> {
        matches!(event, Event::PorxadaCityScored { .. }).then_some(Counted::As("porxada", Phase::Final))
    }
}
