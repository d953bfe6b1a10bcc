//! The Tunnel's view: the tunnel tokens on the board (`tunnels`, each with its pair and words),
//! the tokens a seat has left (`tunnel_tokens`), the tokens offered in the figure decision
//! (each on a tunnel opening, in words, saying which road a pair's second token joins), and
//! the tokens' events.

use carcassonne_engine::catalog::LocalFeature;
use carcassonne_engine::{tunnel_pair_letter, Action, Event, Expansion, Game, Pending, PlayerId, Pos};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Legal, Names, ViewContext, ViewModule};
use crate::view::anchors::{anchor, feature_name};
use crate::view::fields::Fields;
use crate::words;

pub(crate) struct Tunnel;

/// A tunnel token on the board: `seat`'s token of pair `pair` (0, 1, 2: "A", "B", "C") on the
/// opening that ends road segment `feature` of the tile at (`x`, `y`).
#[derive(Clone, Debug, Serialize)]
pub struct TunnelView {
    pub seat: PlayerId,
    pub pair: u8,
    pub x: i16,
    pub y: i16,
    /// The road segment's name in the record notation (`road@E`).
    pub feature: String,
    pub at: Option<[f32; 2]>,
    pub label: String,
}

/// Where a tunnel opening is drawn: toward the middle of the tile from its road's anchor (the
/// road runs from the edge into the opening there).
fn opening_at(game: &Game, pos: Pos, feature: LocalFeature) -> Option<[f32; 2]> {
    anchor(game, pos, feature).map(|[x, y]| [x + (0.5 - x) * 0.55, y + (0.5 - y) * 0.55])
}

/// "the tunnel opening of the road running east, 2 tiles north of the start tile".
fn opening_words(game: &Game, pos: Pos, feature: LocalFeature) -> String {
    format!("the tunnel opening of {} {}", words::feature_words(game, pos, feature), words::place_words(pos))
}

impl ViewModule for Tunnel {
    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        let Action::PlaceTunnel { pair, pos, feature } = action else { return None };
        let player = pending.player()?;
        let other = game.tunnel_tokens().iter().find(|t| t.owner == player && t.pair == pair);
        let joins =
            other.map_or(String::new(), |t| format!(", joining its road to the opening {}", words::place_words(t.pos)));
        let label = format!(
            "put a tunnel token of pair {} on {}{joins}",
            tunnel_pair_letter(pair),
            opening_words(game, pos, feature)
        );
        Some((opening_at(game, pos, feature), label))
    }

    /// `tunnels`, the tokens on the board.
    fn board(&self, cx: &ViewContext<'_>, fields: &mut Fields) {
        if !cx.game.rules().has(Expansion::Tunnel) {
            return;
        }
        let tokens: Vec<TunnelView> = cx
            .game
            .tunnel_tokens()
            .iter()
            .map(|t| TunnelView {
                seat: t.owner,
                pair: t.pair,
                x: t.pos.x,
                y: t.pos.y,
                feature: feature_name(cx.game, t.pos, t.feature),
                at: opening_at(cx.game, t.pos, t.feature),
                label: format!(
                    "{}'s tunnel token of pair {} on {}",
                    cx.seat_name(t.owner),
                    tunnel_pair_letter(t.pair),
                    opening_words(cx.game, t.pos, t.feature)
                ),
            })
            .collect();
        fields.set("tunnels", tokens);
    }

    /// `tunnel_tokens`: the tokens the seat has left.
    fn seat(&self, cx: &ViewContext<'_>, seat: PlayerId, fields: &mut Fields) {
        if cx.game.rules().has(Expansion::Tunnel) {
            fields.set("tunnel_tokens", cx.game.tunnel_tokens_left(seat));
        }
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let Event::TunnelPlaced { player, pair, pos, feature, joined } = *event else { return None };
        let mut text = format!(
            "{} puts a tunnel token of pair {} on {}",
            names.of(player),
            tunnel_pair_letter(pair),
            opening_words(game, pos, feature)
        );
        if let Some(other) = joined {
            text.push_str(&format!(": the road runs underground to the opening {}", words::place_words(other)));
        }
        Some((
            json!({"type": "tunnel-placed", "seat": player, "pair": pair, "x": pos.x, "y": pos.y,
                "feature": feature_name(game, pos, feature),
                "joined_x": joined.map(|p| p.x), "joined_y": joined.map(|p| p.y)}),
            text,
        ))
    }
}
