//! The Wind Roses' view: the full rose that sets the sections (where it lies, where its north
//! points, how many sections), the bonus named on the placements that earn it, and the event of
//! a quarter rose scored. The roses themselves are drawn with their tiles.

use carcassonne_engine::{Action, Event, Game, Pending, Phase};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Counted, Names, ViewContext, ViewModule};
use crate::view::fields::Fields;
use crate::words;

pub(crate) struct WindRoses;

/// The full rose that divides the playing area now.
#[derive(Clone, Debug, Serialize)]
pub struct WindRoseView {
    pub x: i16,
    pub y: i16,
    /// How far its north is turned clockwise, in degrees (0: north is up).
    pub rotation: u16,
    /// The blue rose (placed during the game) rather than the orange start tile.
    pub blue: bool,
    /// 4, or 2 under the Spielbox variant (north and south).
    pub sections: u8,
    pub label: String,
}

/// The compass direction the rose's north points to, turned `degrees` clockwise.
fn north_words(degrees: u16) -> &'static str {
    match degrees % 360 {
        0 => "up (north)",
        90 => "to the east",
        180 => "down (south)",
        _ => "to the west",
    }
}

impl ViewModule for WindRoses {
    /// A placement of a quarter rose in its section says what it scores.
    fn amend_label(&self, game: &Game, action: Action, label: &mut String) {
        let (Pending::PlaceTile { tile, .. }, Action::Place { pos, .. }) = (game.pending(), action) else { return };
        let points = game.wind_rose_points(tile, pos);
        if points > 0 {
            label.push_str(&format!(", in the section its wind rose names ({points} points)"));
        }
    }

    /// `wind_rose`: the full rose that sets the sections.
    fn board(&self, cx: &ViewContext<'_>, fields: &mut Fields) {
        let game = cx.game;
        let Some((pos, rotation)) = game.wind_rose() else { return };
        let board = game.board();
        let blue = board.index_at(pos).is_some_and(|i| {
            game.design(board.placement(i).tile).symbols.contains(&carcassonne_engine::catalog::Symbol::WindRoseBlue)
        });
        let sections = if game.rules().variants.wind_roses_spielbox { 2 } else { 4 };
        let label = format!(
            "the {} wind rose on {} divides the board into {sections} sections; its north points {}",
            if blue { "blue" } else { "orange" },
            words::tile_at(pos),
            north_words(rotation.degrees())
        );
        fields
            .set("wind_rose", WindRoseView { x: pos.x, y: pos.y, rotation: rotation.degrees(), blue, sections, label });
    }

    fn event(&self, _game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let Event::WindRoseScored { player, pos, points } = *event else { return None };
        Some((
            json!({"type": "wind-rose-scored", "seat": player, "x": pos.x, "y": pos.y, "points": points}),
            format!(
                "{} scores {points} points: the wind rose on {} lies in the section it names",
                names.of(player),
                words::tile_at(pos)
            ),
        ))
    }

    fn counted(&self, event: &Event) -> Option<Counted> {
        matches!(event, Event::WindRoseScored { .. }).then_some(Counted::As("wind-rose", Phase::Turn))
    }
}
