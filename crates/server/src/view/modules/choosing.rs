//! The variations that let players choose the tile they place: tiles in hand, the architects'
//! stacks, collective planning's face-up row, "Only one can choose" and the three-tile hand.

use carcassonne_engine::{Action, Event, Game, Pending, PlayerId};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Legal, Names, ViewContext, ViewModule};
use crate::view::fields::Fields;
use crate::view::parts::PendingView;
use crate::words;

pub(crate) struct Choosing;

/// `choose-tile`: `seat` takes a tile from `from` (`hand`, `stack` or the face-up `row`); with
/// the row it may draw from the pile instead.
#[derive(Serialize)]
struct ChooseDecision {
    seat: PlayerId,
    from: &'static str,
}

/// `give-tile` ("Only one can choose"): `seat` hands out the round's tiles, one to each of
/// `recipients`.
#[derive(Serialize)]
struct GiveDecision {
    seat: PlayerId,
    recipients: Vec<PlayerId>,
}

/// Where the players choose their tiles from: `hand`, `stack` (the architects) or `row`
/// (collective planning).
fn choose_source(game: &Game) -> &'static str {
    let v = &game.rules().variants;
    if v.architects {
        "stack"
    } else if v.collective_planning {
        "row"
    } else {
        "hand"
    }
}

/// "from your hand", "from your stack", "from the face-up row".
fn choose_source_words(game: &Game) -> &'static str {
    match choose_source(game) {
        "stack" => "from your stack",
        "row" => "from the face-up row",
        _ => "from your hand",
    }
}

impl ViewModule for Choosing {
    fn pending(&self, game: &Game, pending: Pending) -> Option<PendingView> {
        Some(match pending {
            Pending::ChooseTile { player } => {
                PendingView::new("choose-tile", ChooseDecision { seat: player, from: choose_source(game) })
            }
            Pending::GiveTile { player } => PendingView::new(
                "give-tile",
                GiveDecision {
                    seat: player,
                    recipients: (0..game.players().len() as PlayerId)
                        .filter(|&p| p != player && game.hand(p).is_empty())
                        .collect(),
                },
            ),
            _ => return None,
        })
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        Some(match (pending, action) {
            (_, Action::ChooseTile { tile }) => {
                let name = words::tile_name(game.design(tile));
                (None, format!("take {name} {}", choose_source_words(game)))
            }
            (_, Action::GiveTile { tile, to }) => {
                let name = words::tile_name(game.design(tile));
                (None, format!("give {name} to {}", game.player(to).color.name()))
            }
            (Pending::ChooseTile { .. }, Action::Pass) => (None, "draw a tile from the pile instead".into()),
            _ => return None,
        })
    }

    /// `tile_row`: collective planning's face-up tiles (catalog ids).
    fn board(&self, cx: &ViewContext<'_>, fields: &mut Fields) {
        let game = cx.game;
        if !game.tile_row().is_empty() {
            fields.set("tile_row", game.tile_row().iter().map(|&t| game.design(t).id.clone()).collect::<Vec<_>>());
        }
    }

    /// `hand_size` (public: how many tiles the seat holds) and `hand` (the tiles themselves, in
    /// the view of the seat's own token, or of everyone where hands are public).
    fn seat(&self, cx: &ViewContext<'_>, seat: PlayerId, fields: &mut Fields) {
        let game = cx.game;
        if !game.players_hold_tiles() {
            return;
        }
        fields.set("hand_size", game.hand(seat).len());
        if cx.you.contains(&seat) || game.hands_are_public() {
            fields.set("hand", game.hand(seat).iter().map(|&t| game.design(t).id.clone()).collect::<Vec<_>>());
        }
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let name = |p| names.of(p);
        let tile_id = |t| game.design(t).id.clone();
        let tile_words = |t| words::tile_name(game.design(t));
        Some(match *event {
            Event::TileToHand { player } => (
                json!({"type": "tile-to-hand", "seat": player}),
                format!(
                    "{} draws a tile into their {}",
                    name(player),
                    if game.rules().variants.architects { "stack" } else { "hand" }
                ),
            ),
            Event::TileFaceUp { tile } => (
                json!({"type": "tile-face-up", "tile": tile_id(tile)}),
                format!("{} is turned face up", words::capitalized(tile_words(tile))),
            ),
            Event::TileGiven { from, to, tile } => (
                json!({"type": "tile-given", "seat": from, "to": to, "tile": tile.map(tile_id)}),
                match tile {
                    Some(tile) => format!("{} hands {} to {}", name(from), tile_words(tile), name(to)),
                    None => format!("{} hands a tile to {}", name(from), name(to)),
                },
            ),
            Event::TileChosen { player, tile, face_up } => (
                json!({"type": "tile-chosen", "seat": player, "tile": tile_id(tile), "face_up": face_up}),
                format!(
                    "{} takes {} from {}",
                    name(player),
                    tile_words(tile),
                    if face_up { "the face-up row".to_string() } else { format!("their {}", choose_source(game)) }
                ),
            ),
            _ => return None,
        })
    }
}
