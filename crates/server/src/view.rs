//! What clients see of a game (docs/api.md): views built from public information only, and
//! events in JSON with a sentence each for the log.
//!
//! Every function here reads the game through accessors that show what is on the table: the
//! board, the figures, the supplies, the scores, the pending decision and the drawn tile, and
//! the face-down tiles only as counts per design ([`carcassonne_engine::Observation`]). The
//! order of the face-down tiles is never read, which `view_does_not_depend_on_the_deck_order`
//! checks.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use carcassonne_engine::record::encode_action;
use carcassonne_engine::{
    Action, Catalog, Event, Figure, Game, Pending, Phase, PlayerId, Pos, RecordAction, Rotation, Rules, Token,
};
use carcassonne_render::{color_hex, feature_anchors};
use serde::Serialize;

use crate::seats::Seat;

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
    pub board: Vec<TileView>,
    pub figures: Vec<FigureView>,
    pub tokens: BTreeMap<&'static str, Option<PlayerId>>,
    pub tiles_left: usize,
    pub remaining: Vec<RemainingView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<LegalView>>,
    pub events_from: usize,
    pub events: Vec<EventView>,
    /// Replays only: the number of actions of the whole game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<usize>,
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
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct PointsView {
    pub turn: BTreeMap<&'static str, u32>,
    #[serde(rename = "final")]
    pub final_: BTreeMap<&'static str, u32>,
}

#[derive(Clone, Debug, Serialize)]
#[serde(tag = "decision", rename_all = "lowercase")]
pub enum PendingView {
    Place { seat: PlayerId, tile: String },
    Deploy { seat: PlayerId, x: i16, y: i16 },
    Escape { seat: PlayerId },
    Over,
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
}

#[derive(Clone, Debug, Serialize)]
pub struct RemainingView {
    pub tile: String,
    pub count: u16,
}

/// A legal action in record form, with where its figure would stand.
#[derive(Clone, Debug, Serialize)]
pub struct LegalView {
    #[serde(flatten)]
    pub action: RecordAction,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<[f32; 2]>,
}

/// One event for clients.
#[derive(Clone, Debug, Serialize)]
pub struct EventView {
    pub index: usize,
    /// The action that caused it (`None` for the events before the first action).
    pub action: Option<usize>,
    #[serde(flatten)]
    pub detail: serde_json::Value,
    pub text: String,
}

/// Per-seat points by kind, accumulated from events.
#[derive(Clone, Debug, Default)]
pub struct Tally(pub Vec<PointsView>);

impl Tally {
    pub fn new(seats: usize) -> Tally {
        Tally(vec![PointsView::default(); seats])
    }

    pub fn add(&mut self, event: &Event) {
        let mut credit = |seat: PlayerId, phase: Phase, kind: &'static str, points: u32| {
            if points == 0 {
                return;
            }
            let Some(p) = self.0.get_mut(seat as usize) else { return };
            let map = if phase == Phase::Turn { &mut p.turn } else { &mut p.final_ };
            *map.entry(kind).or_default() += points;
        };
        match *event {
            Event::Scored(s) => {
                for seat in s.players.iter() {
                    credit(seat, s.phase, s.kind.name(), s.points);
                }
            }
            Event::TokenScored { player, token, points, .. } => credit(player, Phase::Final, token.name(), points),
            Event::GoodsScored { player, good, points, .. } => credit(player, Phase::Final, good.name(), points),
            _ => {}
        }
    }
}

/// Where figures stand on each feature of each design at each rotation, by tile id: the
/// drawing's geometry is worked out once per design, not once per view.
fn anchors() -> &'static [[Vec<[f32; 2]>; 4]] {
    static ANCHORS: OnceLock<Vec<[Vec<[f32; 2]>; 4]>> = OnceLock::new();
    ANCHORS.get_or_init(|| {
        Catalog::builtin()
            .designs()
            .iter()
            .map(|design| Rotation::ALL.map(|r| feature_anchors(design, r).into_iter().map(|(x, y)| [x, y]).collect()))
            .collect()
    })
}

fn anchor(game: &Game, pos: Pos, feature: u8) -> Option<[f32; 2]> {
    let placed = game.board().get(pos)?;
    anchors().get(placed.tile.0 as usize)?[placed.rotation.index()].get(feature as usize).copied()
}

fn feature_name(game: &Game, pos: Pos, feature: u8) -> String {
    game.feature_name(pos, feature).unwrap_or_else(|| format!("#{feature}"))
}

/// Strips the acting player and the drawn tile from a record action (clients know both).
fn bare(action: RecordAction) -> RecordAction {
    match action {
        RecordAction::Place { x, y, rotation, .. } => RecordAction::Place { player: None, tile: None, x, y, rotation },
        RecordAction::Deploy { figure, feature, .. } => RecordAction::Deploy { player: None, figure, feature },
        RecordAction::Escape { x, y, feature, .. } => RecordAction::Escape { player: None, x, y, feature },
        RecordAction::RecallAbbot { x, y, .. } => RecordAction::RecallAbbot { player: None, x, y },
        RecordAction::Pass { .. } => RecordAction::Pass { player: None },
    }
}

/// The legal actions of the pending decision, for a client.
pub fn legal_views(game: &Game) -> Vec<LegalView> {
    game.legal_actions()
        .into_iter()
        .map(|action| {
            let at = match (game.pending(), action) {
                (Pending::Deploy { pos, .. }, Action::Deploy { feature, .. }) => anchor(game, pos, feature),
                (_, Action::Escape { pos, feature }) => anchor(game, pos, feature),
                (_, Action::RecallAbbot { pos }) => game
                    .figures()
                    .iter()
                    .find(|f| f.figure == Figure::Abbot && game.board().placement(f.placement).pos == pos)
                    .and_then(|f| anchor(game, pos, f.feature)),
                _ => None,
            };
            LegalView { action: bare(encode_action(game, action)), at }
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
    let seats = game
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| SeatView {
            seat: i as PlayerId,
            name: input.seats.get(i).map(|s| s.name.clone()).unwrap_or_default(),
            color: p.color.name(),
            hex: color_hex(p.color),
            player: input.seats.get(i).map(|s| s.player.clone()).unwrap_or_default(),
            score: p.score,
            supply: Figure::ALL.into_iter().map(|f| (f.name(), p.in_supply(f))).collect(),
            goods: p.goods,
            online: input.online.get(i).copied().unwrap_or(0),
            points: input.tally.0.get(i).cloned().unwrap_or_default(),
        })
        .collect();
    let pending = match game.pending() {
        Pending::PlaceTile { player, tile } => PendingView::Place { seat: player, tile: game.design(tile).id.clone() },
        Pending::Deploy { player, pos } => PendingView::Deploy { seat: player, x: pos.x, y: pos.y },
        Pending::Escape { player } => PendingView::Escape { seat: player },
        Pending::GameOver => PendingView::Over,
    };
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
            }
        })
        .collect();
    let mut tokens = BTreeMap::new();
    if game.rules().has(carcassonne_engine::Expansion::KingRobber) {
        for token in [Token::King, Token::RobberBaron] {
            tokens.insert(token.name(), game.token_holder(token).map(|(p, _)| p));
        }
    }
    let remaining = observation
        .remaining_tiles()
        .into_iter()
        .map(|(tile, count)| RemainingView { tile: catalog.design(tile).id.clone(), count })
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
        pending,
        board,
        figures,
        tokens,
        tiles_left: observation.tiles_left(),
        remaining,
        legal,
        events_from,
        events,
        steps: None,
    }
}

/// The client form of an engine event, its sentence naming players by `names` (in seat
/// order). `game` is the game after the event (feature names and positions of placed tiles
/// never change, so any later state names them the same way).
pub fn event_view(game: &Game, names: &[String], index: usize, action: Option<usize>, event: &Event) -> EventView {
    use serde_json::json;
    let color = |p: PlayerId| names.get(p as usize).map(String::as_str).unwrap_or("?");
    let tile_id = |t| game.design(t).id.clone();
    let (detail, text) = match *event {
        Event::TileDrawn { player, tile } => (
            json!({"type": "tile-drawn", "seat": player, "tile": tile_id(tile)}),
            format!("{} draws {}", color(player), tile_id(tile)),
        ),
        Event::TileDiscarded { player, tile } => (
            json!({"type": "tile-discarded", "seat": player, "tile": tile_id(tile)}),
            format!("{} cannot place {} anywhere; it is removed and another tile drawn", color(player), tile_id(tile)),
        ),
        Event::TilePlaced { player, tile, pos, rotation } => (
            json!({"type": "tile-placed", "seat": player, "tile": tile_id(tile), "x": pos.x, "y": pos.y,
                   "rotation": rotation.degrees()}),
            format!(
                "{} places {} at ({}, {}) turned {}°",
                color(player),
                tile_id(tile),
                pos.x,
                pos.y,
                rotation.degrees()
            ),
        ),
        Event::FigureDeployed { player, figure, pos, feature } => {
            let name = feature_name(game, pos, feature);
            (
                json!({"type": "figure-deployed", "seat": player, "figure": figure, "x": pos.x, "y": pos.y,
                       "feature": name}),
                format!("{} deploys a {} on {name} at ({}, {})", color(player), figure.name(), pos.x, pos.y),
            )
        }
        Event::Passed { player } => {
            (json!({"type": "passed", "seat": player}), format!("{} deploys nothing", color(player)))
        }
        Event::Scored(s) => {
            let seats: Vec<PlayerId> = s.players.iter().collect();
            let name = feature_name(game, s.pos, s.feature);
            let what = format!(
                "{}{} {} at ({}, {})",
                if s.phase == Phase::Final { "final scoring: " } else { "" },
                if s.completed { "completed" } else { "incomplete" },
                s.kind.name(),
                s.pos.x,
                s.pos.y
            );
            let text = if seats.is_empty() {
                format!("{what}: no follower on it, nobody scores its {} points ({})", s.breakdown.total(), s.breakdown)
            } else {
                let who = seats.iter().map(|&p| color(p)).collect::<Vec<_>>().join(" and ");
                let verb = if seats.len() == 1 { "scores" } else { "each score" };
                format!("{what}: {who} {verb} {} ({})", s.points, s.breakdown)
            };
            (
                json!({"type": "scored", "kind": s.kind.name(), "phase": s.phase, "completed": s.completed,
                       "seats": seats, "points": s.points, "breakdown": s.breakdown.to_string(),
                       "x": s.pos.x, "y": s.pos.y, "feature": name}),
                text,
            )
        }
        Event::FigureReturned { player, figure, pos, feature } => (
            json!({"type": "figure-returned", "seat": player, "figure": figure, "x": pos.x, "y": pos.y,
                   "feature": feature_name(game, pos, feature)}),
            format!("{}'s {} returns to the supply", color(player), figure.name()),
        ),
        Event::TokenTaken { player, token, tiles } => (
            json!({"type": "token-taken", "seat": player, "token": token, "tiles": tiles}),
            format!("{} takes the {} ({} tiles)", color(player), token.name(), tiles),
        ),
        Event::TokenScored { player, token, count, points } => (
            json!({"type": "token-scored", "seat": player, "token": token, "count": count, "points": points}),
            format!("{} scores {points} for the {} ({count} × 1)", color(player), token.name()),
        ),
        Event::Escaped { player, figure, pos, feature } => (
            json!({"type": "escaped", "seat": player, "figure": figure, "x": pos.x, "y": pos.y,
                   "feature": feature_name(game, pos, feature)}),
            format!("{}'s {} escapes the besieged city at ({}, {})", color(player), figure.name(), pos.x, pos.y),
        ),
        Event::GoodsCollected { player, goods } => (
            json!({"type": "goods-collected", "seat": player, "goods": goods}),
            format!("{} collects {} wine, {} grain, {} cloth", color(player), goods[0], goods[1], goods[2]),
        ),
        Event::GoodsScored { player, good, count, points } => (
            json!({"type": "goods-scored", "seat": player, "good": good, "count": count, "points": points}),
            format!("{} has the most {} ({count}) and scores {points}", color(player), good.name()),
        ),
        Event::DoubleTurn { player } => (
            json!({"type": "double-turn", "seat": player}),
            format!("{}'s builder: {} plays a second tile", color(player), color(player)),
        ),
        Event::ExtraTurn { player } => (
            json!({"type": "extra-turn", "seat": player}),
            format!("the volcano lake: {} takes another turn", color(player)),
        ),
        Event::GameEnded => (json!({"type": "game-ended"}), "the game is over".to_string()),
    };
    EventView { index, action, detail, text }
}

#[cfg(test)]
mod tests {
    use carcassonne_engine::random::rng_from_seed;
    use carcassonne_engine::{Color, Deck, Expansion, GameSetup};

    use super::*;

    fn seats(n: usize) -> Vec<Seat> {
        (0..n).map(|i| Seat { name: format!("P{i}"), player: "human".into(), token: Some(format!("t{i}")) }).collect()
    }

    /// Two games that differ only in the order of their face-down tiles give the same views,
    /// so a view cannot reveal that order.
    #[test]
    fn view_does_not_depend_on_the_deck_order() {
        let rules = Rules {
            expansions: vec![Expansion::InnsCathedrals, Expansion::TradersBuilders, Expansion::KingRobber],
            ..Rules::base()
        };
        let mut game =
            Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue, Color::Green], deck: Deck::Seed(5) })
                .unwrap();
        let seats = seats(3);
        let mut rng = rng_from_seed(9);
        let mut step = 0;
        while !game.is_over() {
            if step % 7 == 0 {
                let other = game.observation(None).sample_game(&mut rng);
                let tally = Tally::new(3);
                let view = |g: &Game| {
                    let input =
                        ViewInput { id: "g", version: step, game: g, seats: &seats, online: &[0, 0, 0], tally: &tally };
                    serde_json::to_string(&game_view(&input, vec![0, 1, 2], 0, vec![])).unwrap()
                };
                assert_eq!(view(&game), view(&other), "step {step}");
            }
            let actions = game.legal_actions();
            game.apply(actions[step * 31 % actions.len()]).unwrap();
            step += 1;
        }
    }

    #[test]
    fn every_legal_deployment_has_an_anchor_on_its_tile() {
        let mut game =
            Game::new(GameSetup { rules: Rules::base(), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(3) })
                .unwrap();
        let mut checked = 0;
        let mut turn = 0;
        while !game.is_over() {
            turn += 1;
            for legal in legal_views(&game) {
                match legal.action {
                    RecordAction::Deploy { .. } => {
                        let [x, y] = legal.at.expect("deployments have an anchor");
                        assert!((0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y));
                        checked += 1;
                    }
                    RecordAction::Place { player, tile, .. } => assert!(player.is_none() && tile.is_none()),
                    _ => {}
                }
            }
            let actions = game.legal_actions();
            game.apply(actions[turn * 13 % actions.len()]).unwrap();
        }
        assert!(checked > 50, "{checked}");
    }
}
