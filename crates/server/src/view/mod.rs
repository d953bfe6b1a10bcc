//! What clients see of a game (docs/api.md): views built from public information only, and
//! events in JSON with a sentence each for the log.
//!
//! The shape follows the engine's: this module is the core and knows the base game only (the
//! tile to place, a deployment or a pass, the board, the figures, the supplies and scores, the
//! base game's events). Every expansion and variation adds its part through a view module of
//! [`modules`] (its decisions, the words of its actions, its events, its pieces and its seat
//! fields), registered in one list there. The words come from one vocabulary, `words.rs`.
//!
//! Every function here reads the game through accessors that show what is on the table: the
//! board, the figures, the supplies, the scores, the pending decision and the drawn tile, and
//! the face-down tiles only as counts per design ([`carcassonne_engine::Observation`]). The
//! order of the face-down tiles is never read, which `view_does_not_depend_on_the_deck_order`
//! checks.

use std::collections::BTreeMap;

use carcassonne_engine::record::encode_action;
use carcassonne_engine::{Action, Event, Figure, Game, Pending, PlayerId, RecordAction, Rules};
use carcassonne_render::color_hex;
use serde::Serialize;
use serde_json::json;

use crate::seats::Seat;
use crate::words;

mod anchors;
pub mod fields;
mod modules;
mod parts;
mod tally;
#[cfg(test)]
mod tests;

use anchors::{anchor, feature_name};
use fields::Fields;
use modules::{Names, ViewContext, MODULES};
pub(crate) use parts::figure_detail;
use parts::{DeployDecision, NoDecision, PlaceDecision, SeatDecision};
pub use parts::{PendingView, PointsView};
pub use tally::Tally;

/// One game as one client sees it.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    pub id: String,
    pub version: usize,
    pub status: &'static str,
    pub rules: Rules,
    pub seats: Vec<SeatView>,
    /// The seats the viewer's token controls.
    pub you: Vec<PlayerId>,
    pub pending: PendingView,
    /// The seat whose turn it is (`null` once the game is over); `pending.seat` may differ
    /// when another seat decides within the turn (a dragon's step, a wagon, a redeployment).
    pub turn_seat: Option<PlayerId>,
    pub board: Vec<TileView>,
    pub figures: Vec<FigureView>,
    /// The tokens a player may hold (The King & Robber Baron's), and who holds each.
    pub tokens: BTreeMap<&'static str, Option<PlayerId>>,
    /// The expansions' pieces on and around the board (the dragon, the towers, the barns,
    /// Carcassonne, the face-up row...), each added by its view module.
    #[serde(flatten)]
    pub pieces: Fields,
    pub tiles_left: usize,
    pub remaining: Vec<RemainingView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<LegalView>>,
    pub events_from: usize,
    pub events: Vec<EventView>,
    /// Replays only: the number of actions of the whole game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<usize>,
    /// Whether the seats `you` may take back the last action (`POST .../undo`); left out when not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub undo: bool,
    /// The chat's messages (`chat.rs`): the last few, or those a live connection has not had;
    /// left out when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub chat: Vec<crate::chat::ChatView>,
    /// The pending decision's turn clock (`clock.rs`), in games created with one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    pub seat: PlayerId,
    pub name: String,
    pub color: &'static str,
    pub hex: &'static str,
    pub player: String,
    pub score: u32,
    pub supply: BTreeMap<&'static str, u8>,
    pub goods: [u8; 3],
    /// Open WebSocket connections of this seat.
    pub online: u32,
    /// Points by feature kind or bonus, during the game (`turn`) and at the end (`final`).
    pub points: PointsView,
    /// The expansions' fields of the seat (tower pieces, prisoners, the abbey, tiles held...),
    /// each added by its view module.
    #[serde(flatten)]
    pub more: Fields,
}

#[derive(Clone, Debug, Serialize)]
pub struct TileView {
    pub x: i16,
    pub y: i16,
    pub tile: String,
    pub rotation: u16,
}

#[derive(Clone, Debug, Serialize)]
pub struct FigureView {
    pub seat: PlayerId,
    pub figure: Figure,
    pub x: i16,
    pub y: i16,
    pub feature: String,
    pub at: [f32; 2],
    /// The figure and where it stands, in words.
    pub label: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct RemainingView {
    pub tile: String,
    /// The design in words.
    pub name: String,
    pub count: u16,
}

/// A legal action in record form, with where its figure would stand.
#[derive(Clone, Debug, Serialize)]
pub struct LegalView {
    #[serde(flatten)]
    pub action: RecordAction,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<[f32; 2]>,
    /// The action in words, for buttons, markers and screen readers.
    pub label: String,
}

/// One event for clients.
#[derive(Clone, Debug, Serialize)]
pub struct EventView {
    pub index: usize,
    /// The action that caused it (`None` for the events before the first action).
    pub action: Option<usize>,
    #[serde(flatten)]
    pub detail: serde_json::Value,
    /// How the event changed the seats' scores (left out where it changed none): added up over
    /// a game's events, they give the seats' scores.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub score_changes: Vec<ScoreChangeView>,
    pub text: String,
}

/// The clock of the pending decision, as clients see it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ClockView {
    /// The seat whose time runs.
    pub seat: PlayerId,
    /// The seconds each decision has.
    pub seconds: u32,
    /// The whole seconds left when the view was made.
    pub left: u32,
}

/// `seat` gained `points` (negative where its score went down).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreChangeView {
    pub seat: PlayerId,
    pub points: i64,
}

/// The view of the pending decision: the base game's, or the module's whose decision it is,
/// with the fields other modules add.
fn pending_view(game: &Game) -> PendingView {
    let pending = game.pending();
    let mut view = match pending {
        Pending::PlaceTile { player, tile } => PendingView::new(
            "place",
            PlaceDecision {
                seat: player,
                tile: game.design(tile).id.clone(),
                tile_name: words::tile_name(game.design(tile)),
            },
        ),
        Pending::Deploy { player, pos } => {
            PendingView::new("deploy", DeployDecision { seat: player, x: pos.x, y: pos.y })
        }
        Pending::GameOver => PendingView::new("over", NoDecision {}),
        _ => MODULES.iter().find_map(|m| m.pending(game, pending)).unwrap_or_else(|| {
            // Every decision has its module (the golden views test reaches each); should one
            // come without, clients still learn whose it is.
            PendingView::new("other", SeatDecision { seat: pending.player().unwrap_or_default() })
        }),
    };
    for module in MODULES {
        module.pending_fields(game, pending, &mut view.more);
    }
    view
}

/// The legal actions of the pending decision, for a client.
pub fn legal_views(game: &Game) -> Vec<LegalView> {
    let pending = game.pending();
    game.legal_actions()
        .into_iter()
        .map(|action| {
            let (at, mut label) = match (pending, action) {
                (_, Action::Place { pos, rotation }) => {
                    (None, format!("{}, turned {}°", words::place_words(pos), rotation.degrees()))
                }
                (Pending::Deploy { pos, .. }, Action::Deploy { figure, feature }) => {
                    (anchor(game, pos, feature), words::figure_on(game, figure, pos, feature))
                }
                _ => MODULES.iter().find_map(|m| m.legal(game, pending, action)).unwrap_or_else(|| match action {
                    Action::Pass => (None, "no figure".into()),
                    _ => (None, "another action".into()),
                }),
            };
            for module in MODULES {
                module.amend_label(game, action, &mut label);
            }
            LegalView { action: encode_action(game, action).without_actor(), at, label }
        })
        .collect()
}

/// Everything of a view but the events, the legal actions and the viewer.
pub struct ViewInput<'a> {
    pub id: &'a str,
    pub version: usize,
    pub game: &'a Game,
    pub seats: &'a [Seat],
    pub online: &'a [u32],
    pub tally: &'a Tally,
}

pub fn game_view(input: &ViewInput<'_>, you: Vec<PlayerId>, events_from: usize, events: Vec<EventView>) -> GameView {
    let game = input.game;
    let observation = game.observation(None);
    let catalog = game.catalog();
    let cx = ViewContext { game, seats: input.seats, you: &you };
    let seats = game
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut more = Fields::default();
            for module in MODULES {
                module.seat(&cx, i as PlayerId, &mut more);
            }
            SeatView {
                seat: i as PlayerId,
                name: input.seats.get(i).map(|s| s.name.clone()).unwrap_or_default(),
                color: p.color.name(),
                hex: color_hex(p.color),
                player: input.seats.get(i).map(|s| s.player.clone()).unwrap_or_default(),
                score: p.score,
                // The phantom only where The Phantom is in play, the shepherd where Hills & Sheep
                // is, the ringmaster where Under the Big Top is (they are no figures otherwise).
                supply: Figure::ALL
                    .into_iter()
                    .filter(|&f| f != Figure::Phantom || game.rules().has(carcassonne_engine::Expansion::Phantom))
                    .filter(|&f| f != Figure::Shepherd || game.rules().has(carcassonne_engine::Expansion::HillsSheep))
                    .filter(|&f| f != Figure::Ringmaster || game.rules().has(carcassonne_engine::Expansion::BigTop))
                    .map(|f| (f.name(), p.in_supply(f)))
                    .collect(),
                goods: p.goods,
                online: input.online.get(i).copied().unwrap_or(0),
                points: input.tally.seat(i),
                more,
            }
        })
        .collect();
    let board = game
        .board()
        .tiles()
        .iter()
        .map(|t| TileView {
            x: t.pos.x,
            y: t.pos.y,
            tile: game.design(t.tile).id.clone(),
            rotation: t.rotation.degrees(),
        })
        .collect();
    let figures = game
        .figures()
        .iter()
        .map(|f| {
            let pos = game.board().placement(f.placement).pos;
            FigureView {
                seat: f.owner,
                figure: f.figure,
                x: pos.x,
                y: pos.y,
                feature: feature_name(game, pos, f.feature),
                at: anchor(game, pos, f.feature).unwrap_or([0.5, 0.5]),
                label: words::owned_figure_on(game, cx.seat_name(f.owner), f.figure, pos, f.feature),
            }
        })
        .collect();
    let mut tokens = BTreeMap::new();
    let mut pieces = Fields::default();
    for module in MODULES {
        module.tokens(game, &mut tokens);
        module.board(&cx, &mut pieces);
    }
    // The tiles this view cannot see: a seat's own hand is not among them.
    let viewer = match you.as_slice() {
        [seat] => Some(*seat),
        _ => None,
    };
    let remaining = game
        .observation(viewer)
        .remaining_tiles()
        .into_iter()
        .map(|(tile, count)| RemainingView {
            tile: catalog.design(tile).id.clone(),
            name: words::tile_name(catalog.design(tile)),
            count,
        })
        .collect();
    let legal = match game.pending().player() {
        Some(p) if you.contains(&p) => Some(legal_views(game)),
        _ => None,
    };
    GameView {
        id: input.id.to_string(),
        version: input.version,
        status: if game.is_over() { "over" } else { "playing" },
        rules: game.rules().clone(),
        seats,
        you,
        pending: pending_view(game),
        turn_seat: game.turn_player(),
        board,
        figures,
        tokens,
        pieces,
        tiles_left: observation.tiles_left(),
        remaining,
        legal,
        events_from,
        events,
        steps: None,
        undo: false,
        chat: vec![],
        clock: None,
    }
}

/// The client form of an engine event, its sentence in words (`words.rs`) naming players by
/// `names` (in seat order). `game` is the game after the event (feature names, positions of
/// placed tiles and the aggregates of completed features never change, so any later state
/// names them the same way).
pub fn event_view(game: &Game, names: &[String], index: usize, action: Option<usize>, event: &Event) -> EventView {
    let names = Names(names);
    let name = |p: PlayerId| names.of(p);
    let tile_id = |t| game.design(t).id.clone();
    let tile_words = |t| words::tile_name(game.design(t));
    let (detail, text) = match *event {
        Event::TileDrawn { player, tile } => (
            json!({"type": "tile-drawn", "seat": player, "tile": tile_id(tile)}),
            format!("{} draws {}", name(player), tile_words(tile)),
        ),
        Event::TileDiscarded { player, tile } => (
            json!({"type": "tile-discarded", "seat": player, "tile": tile_id(tile)}),
            format!(
                "{} cannot place {} anywhere; it leaves the game and {} draws again",
                name(player),
                tile_words(tile),
                name(player)
            ),
        ),
        Event::TilePlaced { player, tile, pos, rotation } => (
            json!({"type": "tile-placed", "seat": player, "tile": tile_id(tile), "x": pos.x, "y": pos.y,
                   "rotation": rotation.degrees()}),
            format!("{} places {} {}", name(player), tile_words(tile), words::place_words(pos)),
        ),
        Event::FigureDeployed { player, figure, pos, feature } => (
            figure_detail(game, "figure-deployed", player, figure, pos, feature),
            // The place too: through a magic gate a figure goes to another tile than the one just
            // placed, and a reader of the log should not have to guess which.
            format!(
                "{} deploys {}, {}",
                name(player),
                words::figure_on(game, figure, pos, feature),
                words::place_words(pos)
            ),
        ),
        Event::Passed { player } => {
            (json!({"type": "passed", "seat": player}), format!("{} deploys no figure", name(player)))
        }
        Event::Scored(s) => {
            let seats: Vec<PlayerId> = s.players.iter().collect();
            (
                json!({"type": "scored", "kind": s.kind.name(), "phase": s.phase, "completed": s.completed,
                       "seats": seats, "points": s.points, "breakdown": words::breakdown_words(game, &s),
                       "x": s.pos.x, "y": s.pos.y, "feature": feature_name(game, s.pos, s.feature)}),
                words::score_sentence(game, &s, name),
            )
        }
        Event::FigureReturned { player, figure, pos, feature } => (
            figure_detail(game, "figure-returned", player, figure, pos, feature),
            format!(
                "{}'s {} returns to the supply",
                name(player),
                words::figure_role(figure, words::feature_kind(game, pos, feature))
            ),
        ),
        Event::GameEnded => (json!({"type": "game-ended"}), "The game is over".to_string()),
        _ => MODULES.iter().find_map(|m| m.event(game, &names, event)).unwrap_or_else(|| {
            // Every event has its module; should one come without, the log still shows a line.
            (json!({"type": "other"}), "Something happened that this server cannot put in words yet".into())
        }),
    };
    let score_changes = event.score_changes().map(|(seat, points)| ScoreChangeView { seat, points }).collect();
    EventView { index, action, detail, score_changes, text }
}
