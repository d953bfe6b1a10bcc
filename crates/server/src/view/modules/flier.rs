//! The Flier's view: the flight offered in the figure decision (`fly`, one per kind of follower
//! in supply), the landing decision (`land`: where the flown follower came down, its roads,
//! cities and monasteries to choose from), and the flight's event with the die's roll.

use carcassonne_engine::{flight_direction, Action, Event, Figure, Game, Pending, PlayerId};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Legal, Names, ViewModule};
use crate::view::anchors::anchor;
use crate::view::parts::PendingView;
use crate::words;

pub(crate) struct Flier;

/// The landing: `seat`'s flown `figure` came down on the tile at (x, y).
#[derive(Serialize)]
struct LandingDecision {
    seat: PlayerId,
    figure: Figure,
    x: i16,
    y: i16,
}

/// "west", "north-east": the compass word of a flight's step.
fn direction_words((dx, dy): (i16, i16)) -> &'static str {
    match (dx.signum(), dy.signum()) {
        (0, -1) => "north",
        (1, -1) => "north-east",
        (1, 0) => "east",
        (1, 1) => "south-east",
        (0, 1) => "south",
        (-1, 1) => "south-west",
        (-1, 0) => "west",
        _ => "north-west",
    }
}

/// Where the flying machine of the tile decided on points, in words ("west").
fn machine_points(game: &Game, pending: Pending) -> Option<&'static str> {
    let (Pending::Deploy { pos, .. } | Pending::Phantom { pos, .. }) = pending else { return None };
    let placed = game.board().get(pos)?;
    flight_direction(&game.design(placed.tile).symbols, placed.rotation).map(direction_words)
}

impl ViewModule for Flier {
    fn pending(&self, _game: &Game, pending: Pending) -> Option<PendingView> {
        let Pending::FlierLanding { player, figure, pos } = pending else { return None };
        Some(PendingView::new("land", LandingDecision { seat: player, figure, x: pos.x, y: pos.y }))
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        match action {
            Action::Fly { figure } => {
                let way = machine_points(game, pending).map_or(String::new(), |w| format!(" {w}"));
                let who = words::with_article(words::figure_word(figure));
                Some((None, format!("fly {who} from the flying machine{way}, 1 to 3 tiles by the die")))
            }
            Action::Land { pos, feature } => Some((
                anchor(game, pos, feature),
                format!("land on {} {}", words::feature_words(game, pos, feature), words::place_words(pos)),
            )),
            _ => None,
        }
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let Event::Flew { player, figure, from, distance, to, landed } = *event else { return None };
        let step = ((to.x - from.x).signum(), (to.y - from.y).signum());
        let tiles = if distance == 1 { "1 tile".to_string() } else { format!("{distance} tiles") };
        let mut text = format!(
            "{} puts {} on the flying machine and rolls {distance}: it flies {tiles} {} to {}",
            names.of(player),
            words::with_article(words::figure_word(figure)),
            direction_words(step),
            words::tile_at(to)
        );
        if !landed {
            let why = if game.board().get(to).is_none() { "no tile lies there" } else { "nothing there takes it" };
            text.push_str(&format!(" and goes back to the supply: {why}"));
        }
        Some((
            json!({"type": "flew", "seat": player, "figure": figure, "from_x": from.x, "from_y": from.y,
                "distance": distance, "x": to.x, "y": to.y, "landed": landed}),
            text,
        ))
    }
}
