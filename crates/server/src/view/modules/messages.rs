//! The Messages' view: where each seat's two scoring figures stand on the scoring track
//! (`scoring_figures` of a seat: the scoring follower and the messenger, their points, their
//! spaces and whether each is dark) and the message tiles left face down (`messages`); the
//! decisions `scoring-figure` (which figure moves by the points just scored, each choice saying
//! where it would stop and whether a message comes of it) and `message` (do what the message
//! drawn says, with what it would score, or take the 2 points of its seal; message 8 names the
//! follower it scores, a marker on each); and the four events in words.

use carcassonne_engine::{
    Action, Event, Expansion, Game, MessageTile, Pending, Phase, PlayerId, Pos, ScoringFigures, DARK_EVERY,
    SEAL_POINTS, TRACK_SPACES,
};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Counted, Legal, Names, ViewContext, ViewModule};
use crate::view::anchors::anchor;
use crate::view::fields::Fields;
use crate::view::parts::PendingView;
use crate::words;

pub(crate) struct Messages;

/// One scoring figure on the track: the `points` it carries, the `space` it stands on (0 to
/// 49) and whether that space is `dark`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct TrackFigure {
    pub points: u32,
    pub space: u32,
    pub dark: bool,
}

impl TrackFigure {
    fn at(points: u32) -> TrackFigure {
        TrackFigure { points, space: ScoringFigures::space(points), dark: ScoringFigures::dark(points) }
    }
}

/// A seat's two scoring figures (`scoring_figures` of a seat), with `unmoved` the points it
/// scored that no figure carries yet (a choice of figure is pending), and both in words.
#[derive(Clone, Debug, Serialize)]
pub struct ScoringFiguresView {
    pub follower: TrackFigure,
    pub messenger: TrackFigure,
    pub unmoved: u32,
    pub label: String,
}

/// The message tiles (`messages` of the view): how many lie face down, and the track's shape.
#[derive(Clone, Debug, Serialize)]
pub struct MessagesView {
    pub left: usize,
    pub track_spaces: u32,
    pub dark_every: u32,
}

/// The decision `scoring-figure`: `seat` scored `points` and moves one of its two figures by
/// all of them; `draws` whether a figure stopping on a dark space brings a message (only in
/// the seat's own turn); where the figures stand now; the decision in words.
#[derive(Serialize)]
struct ScoringFigureDecision {
    seat: PlayerId,
    points: u32,
    draws: bool,
    follower: TrackFigure,
    messenger: TrackFigure,
    words: String,
}

/// The decision `message`: `seat` drew message `number` (`text` says what it does) and does it,
/// or takes `seal_points` instead; `words` says it all.
#[derive(Serialize)]
struct MessageDecision {
    seat: PlayerId,
    number: u8,
    text: &'static str,
    seal_points: u32,
    words: String,
}

/// A figure's name on the track.
fn figure_name(messenger: bool) -> &'static str {
    if messenger {
        "messenger"
    } else {
        "scoring follower"
    }
}

/// "12", or past the end of the track "53 (space 3)".
fn points_on_track(points: u32) -> String {
    if points >= TRACK_SPACES {
        format!("{points} (space {})", ScoringFigures::space(points))
    } else {
        points.to_string()
    }
}

/// Whether a figure `player` moves now would bring a message from a dark space: in their own
/// turn only.
fn draws(game: &Game, player: PlayerId) -> bool {
    game.turn_player() == Some(player)
}

/// Whether moving a figure of `player` by the points pending brings a message, as the engine
/// plays it on a copy of the game (a dark space in the seat's own turn, and under the variant
/// `messages-zmg` no other player's figure there).
fn brings_message(game: &Game, messenger: bool) -> bool {
    let mut copy = game.clone();
    copy.apply(Action::MoveScoringFigure { messenger })
        .is_ok_and(|events| events.iter().any(|e| matches!(e, Event::MessageDrawn { .. })))
}

/// The points a legal `action` of the pending message would score `player`, played on a copy
/// of the game (the engine counts as in the final scoring); `None` where it cannot tell.
fn points_of(game: &Game, player: PlayerId, action: Action) -> Option<u32> {
    let mut copy = game.clone();
    let events = copy.apply(action).ok()?;
    events.iter().find_map(|e| match *e {
        Event::MessageScored { player: p, points, .. } if p == player => Some(points),
        _ => None,
    })
}

/// The words of moving a figure: "move your messenger 3 → 10 (a dark space: you will draw a
/// message)".
fn move_words(game: &Game, player: PlayerId, points: u32, messenger: bool) -> String {
    let figures = game.scoring_figures().get(player as usize).copied().unwrap_or_default();
    let from = if messenger { figures.messenger } else { figures.follower };
    let to = from + points;
    let why = match (ScoringFigures::dark(to), draws(game, player), brings_message(game, messenger)) {
        (false, _, _) => "",
        (true, _, true) => " (a dark space: you will draw a message)",
        (true, false, false) => " (a dark space, but not in your turn: no message)",
        (true, true, false) => " (a dark space, but another player's figure stands there: no message)",
    };
    format!("move your {} {} → {}{why}", figure_name(messenger), points_on_track(from), points_on_track(to))
}

/// Message 8's choice: "score your knight in the city to the north, 1 tile east of the start
/// tile (4 points) and take it home".
fn follower_words(game: &Game, player: PlayerId, figure: u8) -> (Option<[f32; 2]>, String) {
    let Some(f) = game.figures().get(figure as usize) else { return (None, "score one of your followers".into()) };
    let pos: Pos = game.board().placement(f.placement).pos;
    let worth = points_of(game, player, Action::MessageFollower { figure })
        .map_or(String::new(), |p| format!(" ({})", words::counted(p, "point")));
    (
        anchor(game, pos, f.feature),
        format!(
            "score your {}, {}{worth}, and take it home",
            words::figure_role_on(game, f.figure, pos, f.feature),
            words::place_words(pos)
        ),
    )
}

/// Doing what `message` says, in words, with what it would score.
fn perform_words(game: &Game, player: PlayerId, message: MessageTile) -> String {
    if message == MessageTile::ExtraTile {
        return "do it: place one more tile once this turn is over".into();
    }
    let worth = points_of(game, player, Action::ReadMessage { perform: true })
        .map_or(String::new(), |p| format!(" ({})", words::counted(p, "point")));
    format!("do it: {}{worth}", message.text())
}

/// A seat's figures in words: "scoring follower 12 points (space 12), messenger 5 points (space
/// 5, a dark space)".
fn figures_words(follower: TrackFigure, messenger: TrackFigure, unmoved: u32) -> String {
    let one = |name: &str, f: TrackFigure| {
        format!(
            "{name} {} (space {}{})",
            words::counted(f.points, "point"),
            f.space,
            if f.dark { ", a dark space" } else { "" }
        )
    };
    let mut text = format!("{}, {}", one("scoring follower", follower), one("messenger", messenger));
    if unmoved > 0 {
        text.push_str(&format!("; {} scored still to move", words::counted(unmoved, "point")));
    }
    text
}

impl ViewModule for Messages {
    fn pending(&self, game: &Game, pending: Pending) -> Option<PendingView> {
        match pending {
            Pending::ScoringFigure { player, points } => {
                let figures = game.scoring_figures().get(player as usize).copied().unwrap_or_default();
                let draws = draws(game, player);
                let words = format!(
                    "{} scored: one of the two scoring figures moves by all of them. {}",
                    words::counted(points, "point"),
                    match (draws, game.rules().variants.messages_zmg) {
                        (true, false) => "A figure stopping on a dark space (0, 5, 10, …) brings a message.",
                        (true, true) => "A figure stopping on a dark space (0, 5, 10, …) brings a message, unless another player's scoring figure stands there.",
                        (false, _) => "Points scored in another player's turn bring no message.",
                    }
                );
                let decision = ScoringFigureDecision {
                    seat: player,
                    points,
                    draws,
                    follower: TrackFigure::at(figures.follower),
                    messenger: TrackFigure::at(figures.messenger),
                    words,
                };
                Some(PendingView::new("scoring-figure", decision))
            }
            Pending::Message { player, message } => {
                let decision = MessageDecision {
                    seat: player,
                    number: message.number(),
                    text: message.text(),
                    seal_points: SEAL_POINTS,
                    words: format!(
                        "Message {}: {}. Do it, or take {} instead.",
                        message.number(),
                        message.text(),
                        words::counted(SEAL_POINTS, "point")
                    ),
                };
                Some(PendingView::new("message", decision))
            }
            _ => None,
        }
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        match (pending, action) {
            (Pending::ScoringFigure { player, points }, Action::MoveScoringFigure { messenger }) => {
                Some((None, move_words(game, player, points, messenger)))
            }
            (Pending::Message { .. }, Action::ReadMessage { perform: false }) => {
                Some((None, format!("take {} instead (the seal)", words::counted(SEAL_POINTS, "point"))))
            }
            (Pending::Message { player, message }, Action::ReadMessage { perform: true }) => {
                Some((None, perform_words(game, player, message)))
            }
            (Pending::Message { player, .. }, Action::MessageFollower { figure }) => {
                Some(follower_words(game, player, figure))
            }
            _ => None,
        }
    }

    /// `messages`: the message tiles left face down.
    fn board(&self, cx: &ViewContext<'_>, fields: &mut Fields) {
        if !cx.game.rules().has(Expansion::Messages) {
            return;
        }
        let view =
            MessagesView { left: cx.game.messages_in_stack(), track_spaces: TRACK_SPACES, dark_every: DARK_EVERY };
        fields.set("messages", view);
    }

    /// `scoring_figures`: where the seat's scoring follower and messenger stand.
    fn seat(&self, cx: &ViewContext<'_>, seat: PlayerId, fields: &mut Fields) {
        let game = cx.game;
        if !game.rules().has(Expansion::Messages) {
            return;
        }
        let figures = game.scoring_figures().get(seat as usize).copied().unwrap_or_default();
        let score = game.players().get(seat as usize).map_or(0, |p| p.score);
        let (follower, messenger) = (TrackFigure::at(figures.follower), TrackFigure::at(figures.messenger));
        let unmoved = score.saturating_sub(figures.follower + figures.messenger);
        fields.set(
            "scoring_figures",
            ScoringFiguresView { follower, messenger, unmoved, label: figures_words(follower, messenger, unmoved) },
        );
    }

    fn event(&self, _game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let name = |p| names.of(p);
        Some(match *event {
            Event::ScoringFigureMoved { player, messenger, points, to } => (
                json!({"type": "scoring-figure-moved", "seat": player, "messenger": messenger, "points": points,
                       "to": to, "space": ScoringFigures::space(to), "dark": ScoringFigures::dark(to)}),
                format!(
                    "{} moves their {} on by {points}, to {}{}",
                    name(player),
                    figure_name(messenger),
                    points_on_track(to),
                    if ScoringFigures::dark(to) { ", a dark space" } else { "" }
                ),
            ),
            Event::MessageDrawn { player, message } => (
                json!({"type": "message-drawn", "seat": player, "number": message.number(), "text": message.text()}),
                format!(
                    "{}'s figure stopped on a dark space: {} draws message {} ({})",
                    name(player),
                    name(player),
                    message.number(),
                    message.text()
                ),
            ),
            Event::MessageScored { player, message, performed, points } => (
                json!({"type": "message-scored", "seat": player, "number": message.number(), "text": message.text(),
                       "performed": performed, "points": points}),
                match (performed, message) {
                    (true, MessageTile::ExtraTile) => format!(
                        "{} does what message 4 says: one more tile to place once this turn is over (no points)",
                        name(player)
                    ),
                    (true, _) => format!(
                        "{} does what message {} says ({}) and scores {}",
                        name(player),
                        message.number(),
                        message.text(),
                        words::counted(points, "point")
                    ),
                    (false, _) => format!(
                        "{} scores {} with the seal of message {} instead of doing what it says",
                        name(player),
                        words::counted(points, "point"),
                        message.number()
                    ),
                },
            ),
            Event::MessengerJoined { player, points } => (
                json!({"type": "messenger-joined", "seat": player, "points": points}),
                format!(
                    "Before the final scoring {}'s messenger brings its {} to their scoring follower (the score stays the same)",
                    name(player),
                    words::counted(points, "point")
                ),
            ),
            _ => return None,
        })
    }

    fn counted(&self, event: &Event) -> Option<Counted> {
        matches!(event, Event::MessageScored { .. }).then_some(Counted::As("message", Phase::Turn))
    }
}
