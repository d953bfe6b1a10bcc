//! The Tower's view: the towers, each seat's tower pieces and prisoners, captures, exchanges
//! and ransoms.

use carcassonne_engine::{Action, Event, Expansion, Game, Pending, Phase, PlayerId, Pos};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Counted, Legal, Names, PrisonerView, ViewContext, ViewModule};
use crate::view::anchors::{anchor, feature_name, figure_at, standing_on};
use crate::view::fields::Fields;
use crate::view::parts::PendingView;
use crate::words;

pub(crate) struct Tower;

/// A tower foundation and the tower on it.
#[derive(Clone, Debug, Serialize)]
pub struct TowerView {
    pub x: i16,
    pub y: i16,
    /// Tower pieces stacked on the foundation (0: a bare foundation).
    pub height: u8,
    /// A follower finished it: it takes no more pieces.
    pub finished: bool,
    /// Where on the tile the foundation is, in tile units (its guard stands there).
    pub at: [f32; 2],
    /// The tower in words.
    pub label: String,
}

/// `capture`: `seat` built on the tower at (`x`, `y`) and may take a prisoner within its reach.
#[derive(Serialize)]
struct CaptureDecision {
    seat: PlayerId,
    x: i16,
    y: i16,
}

/// `exchange`: `seat` chooses which of their figures held by `other` comes back in an exchange
/// of prisoners.
#[derive(Serialize)]
struct ExchangeDecision {
    seat: PlayerId,
    other: PlayerId,
}

/// The tower at `pos`, in words: "the tower 2 tiles east of the start tile, 3 pieces high".
fn tower_words(game: &Game, pos: Pos) -> String {
    let site = game.towers().iter().find(|s| s.pos == pos);
    let height = site.map_or(0, |s| s.height);
    let state = match (height, site.is_some_and(|s| s.finished)) {
        (0, _) => return format!("the tower foundation {}", words::place_words(pos)),
        (h, true) => format!("{h} piece{} high, finished", if h == 1 { "" } else { "s" }),
        (h, false) => format!("{h} piece{} high", if h == 1 { "" } else { "s" }),
    };
    format!("the tower {}, {state}", words::place_words(pos))
}

/// Where a tower's foundation is drawn on its tile.
fn tower_anchor(game: &Game, pos: Pos) -> Option<[f32; 2]> {
    let site = game.towers().iter().find(|s| s.pos == pos)?;
    anchor(game, pos, site.feature)
}

impl ViewModule for Tower {
    fn pending(&self, _game: &Game, pending: Pending) -> Option<PendingView> {
        match pending {
            Pending::Capture { player, pos } => {
                Some(PendingView::new("capture", CaptureDecision { seat: player, x: pos.x, y: pos.y }))
            }
            Pending::Exchange { player, other } => {
                Some(PendingView::new("exchange", ExchangeDecision { seat: player, other }))
            }
            _ => None,
        }
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        Some(match (pending, action) {
            (_, Action::BuildTower { pos }) => {
                (tower_anchor(game, pos), format!("put a tower piece on {}", tower_words(game, pos)))
            }
            (_, Action::FinishTower { pos, figure }) => (
                tower_anchor(game, pos),
                format!("finish {}, with your {} on top", tower_words(game, pos), words::figure_word(figure)),
            ),
            (Pending::Capture { player, .. }, Action::Capture { pos, feature }) => {
                let taken = standing_on(game, pos, feature);
                let role = words::figure_role_on(game, figure_at(game, pos, feature), pos, feature);
                let label = match taken {
                    Some(f) if f.owner == player => {
                        format!("take back your own {role}, {}, to your supply", words::place_words(pos))
                    }
                    Some(f) => {
                        format!(
                            "take the {} {role} prisoner, {}",
                            game.player(f.owner).color.name(),
                            words::place_words(pos)
                        )
                    }
                    None => format!("take the figure {} prisoner", words::place_words(pos)),
                };
                (anchor(game, pos, feature), label)
            }
            (_, Action::Capture { .. }) => (None, "a capture".into()),
            (_, Action::Exchange { figure }) => {
                (None, format!("your {} comes back in the exchange", words::figure_word(figure)))
            }
            (pending, Action::PayRansom { captor, figure }) => {
                let score = pending.player().map_or(0, |p| game.player(p).score);
                let ransom = carcassonne_engine::RANSOM;
                // The variant `short-ransom`: fewer points than the ransom, all of them paid.
                let paid = if score < ransom {
                    format!("all your {score} points (their marker moves forward {ransom})")
                } else {
                    format!("{ransom} points")
                };
                (
                    None,
                    format!(
                        "pay the {} player {paid} of ransom for your {}",
                        game.player(captor).color.name(),
                        words::figure_word(figure)
                    ),
                )
            }
            (Pending::Capture { .. }, Action::Pass) => (None, "take no prisoner".into()),
            _ => return None,
        })
    }

    /// `towers`: every tower foundation in play and the tower on it.
    fn board(&self, cx: &ViewContext<'_>, fields: &mut Fields) {
        let game = cx.game;
        if game.towers().is_empty() {
            return;
        }
        let towers: Vec<TowerView> = game
            .towers()
            .iter()
            .map(|s| TowerView {
                x: s.pos.x,
                y: s.pos.y,
                height: s.height,
                finished: s.finished,
                at: anchor(game, s.pos, s.feature).unwrap_or([0.5, 0.5]),
                label: words::capitalized(tower_words(game, s.pos)),
            })
            .collect();
        fields.set("towers", towers);
    }

    /// `tower_pieces` (the pieces the seat has left) and `prisoners` (the figures it holds).
    fn seat(&self, cx: &ViewContext<'_>, seat: PlayerId, fields: &mut Fields) {
        let game = cx.game;
        if game.rules().has(Expansion::Tower) {
            fields.set("tower_pieces", game.tower_pieces(seat));
        }
        fields.extend(
            "prisoners",
            game.prisoners().iter().filter(|p| p.captor == seat).map(|p| PrisonerView {
                seat: p.owner,
                figure: p.figure,
                label: format!("{}'s {}", cx.seat_name(p.owner), words::figure_word(p.figure)),
            }),
        );
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let name = |p| names.of(p);
        Some(match *event {
            Event::TowerBuilt { player, pos, height } => (
                json!({"type": "tower-built", "seat": player, "x": pos.x, "y": pos.y, "height": height}),
                format!(
                    "{} builds the tower {} to {height} piece{}",
                    name(player),
                    words::place_words(pos),
                    if height == 1 { "" } else { "s" }
                ),
            ),
            Event::Captured { player, owner, figure, pos, feature } => (
                json!({"type": "captured", "seat": player, "owner": owner, "figure": figure, "x": pos.x, "y": pos.y,
                       "feature": feature_name(game, pos, feature)}),
                if owner == player {
                    format!(
                        "{}'s tower takes back their own {}, {}; it returns to the supply",
                        name(player),
                        words::figure_role_on(game, figure, pos, feature),
                        words::place_words(pos)
                    )
                } else {
                    format!(
                        "{}'s tower takes {}'s {} prisoner, {}",
                        name(player),
                        name(owner),
                        words::figure_role_on(game, figure, pos, feature),
                        words::place_words(pos)
                    )
                },
            ),
            Event::PrisonersExchanged { player, figure, other, other_figure } => (
                json!({"type": "prisoners-exchanged", "seat": player, "figure": figure, "other": other,
                       "other_figure": other_figure}),
                format!(
                    "{} and {} exchange prisoners: {}'s {} and {}'s {} go home",
                    name(player),
                    name(other),
                    name(player),
                    words::figure_word(figure),
                    name(other),
                    words::figure_word(other_figure)
                ),
            ),
            Event::RansomPaid { player, captor, figure, points } => (
                json!({"type": "ransom-paid", "seat": player, "captor": captor, "figure": figure, "points": points}),
                format!(
                    "{} pays {} {points} points of ransom and has their {} back",
                    name(player),
                    name(captor),
                    words::figure_word(figure)
                ),
            ),
            Event::ShortRansomPaid { player, captor, figure, paid, received } => (
                json!({"type": "ransom-paid", "seat": player, "captor": captor, "figure": figure, "points": paid,
                       "received": received}),
                format!(
                    "{} pays {} all their {paid} points of ransom ({} gains {received}) and has their {} back",
                    name(player),
                    name(captor),
                    name(captor),
                    words::figure_word(figure)
                ),
            ),
            _ => return None,
        })
    }

    /// The ransom counts against its payer and for its captor (a short ransom too).
    fn counted(&self, event: &Event) -> Option<Counted> {
        matches!(event, Event::RansomPaid { .. } | Event::ShortRansomPaid { .. })
            .then_some(Counted::As("ransom", Phase::Turn))
    }
}
