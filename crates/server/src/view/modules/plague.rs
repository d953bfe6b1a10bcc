//! The Plague's view: the tokens on the board (`outbreaks` on their plague sources, `fleas` red
//! or pink, and `fleas_in_supply`), the decision `plague` (the spreads offered on whole tiles,
//! each figure's flights offered on the place it would reach, and a pass where the spread may
//! wait or only flights are left; the decision says in words whether a flea is owed), and the
//! plague's events: an outbreak breaking out or dying out, a flea spread, a figure sent home by
//! a flea, a figure's flight.

use carcassonne_engine::catalog::LocalFeature;
use carcassonne_engine::{Action, Event, Expansion, Game, Pending, PlayerId, Pos};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Legal, Names, ViewContext, ViewModule};
use crate::view::anchors::{anchor, feature_name};
use crate::view::fields::Fields;
use crate::view::parts::{figure_detail, PendingView};
use crate::words;

pub(crate) struct Plague;

/// Where an outbreak token lies on its tile (the SVG render's place), tile units.
const OUTBREAK_AT: [f32; 2] = [carcassonne_render::OUTBREAK_AT.0, carcassonne_render::OUTBREAK_AT.1];
/// Where a flea token lies on its tile (the SVG render's place), tile units.
const FLEA_AT: [f32; 2] = [carcassonne_render::FLEA_AT.0, carcassonne_render::FLEA_AT.1];

/// An outbreak token on the plague source at (`x`, `y`): `number` 1 to 6, `active` until it
/// died out (then its green side is up); `at` where it lies on its tile.
#[derive(Clone, Debug, Serialize)]
pub struct OutbreakView {
    pub x: i16,
    pub y: i16,
    pub number: u8,
    pub active: bool,
    pub at: [f32; 2],
    pub label: String,
}

/// A flea token on the tile at (`x`, `y`): `active` red side up, otherwise pink (latent); `at`
/// where it lies on its tile.
#[derive(Clone, Debug, Serialize)]
pub struct FleaView {
    pub x: i16,
    pub y: i16,
    pub active: bool,
    pub at: [f32; 2],
    pub label: String,
}

/// The plague decision: `seat` spreads the plague and may let a figure flee, after the tile is
/// placed (`late` false) or after the figure phase (`late`). `spread`: "owed" (a flea must be
/// spread now), "optional" (a flea may be spread now or later in the turn) or "none" (no flea
/// to spread now: only flights), with `spread_words` saying so.
#[derive(Serialize)]
struct PlagueDecision {
    seat: PlayerId,
    late: bool,
    spread: &'static str,
    spread_words: String,
    fleas_in_supply: usize,
}

/// A flea's side in words: "red" (active) or "pink" (latent).
fn side(active: bool) -> &'static str {
    if active {
        "red"
    } else {
        "pink"
    }
}

/// "the plague source 2 tiles east of the start tile".
fn source_words(pos: Pos) -> String {
    format!("the plague source {}", words::place_words(pos))
}

/// The figures on the tile at `pos` that a flea put there would send home, in words for
/// `player` (", sending home the 2 figures on it (1 of them yours)"), or nothing.
fn struck_words(game: &Game, player: PlayerId, pos: Pos) -> String {
    let Some(at) = game.board().index_at(pos) else { return String::new() };
    let on_it: Vec<_> = game.figures().iter().filter(|f| f.placement == at).collect();
    let yours = on_it.iter().filter(|f| f.owner == player).count();
    match (on_it.len(), yours) {
        (0, _) => String::new(),
        (1, 1) => ", sending home your figure on it".into(),
        (1, _) => ", sending home another player's figure on it".into(),
        (n, 0) => format!(", sending home the {n} figures on it (none of them yours)"),
        (n, y) if y == n => format!(", sending home the {n} figures on it (all yours)"),
        (n, y) => format!(", sending home the {n} figures on it ({y} of them yours)"),
    }
}

/// The words of a spread: a flea from the supply, or (the supply empty) one taken from the board.
fn spread_words(game: &Game, player: PlayerId, from: Option<Pos>, to: Pos) -> String {
    let what = match from {
        None => format!("put a flea on {}", words::tile_at(to)),
        Some(at) => {
            let colour = game.fleas().iter().find(|f| f.pos == at).map_or("", |f| side(f.active));
            format!("move the {colour} flea from {} onto {}", words::tile_at(at), words::tile_at(to))
        }
    };
    format!("spread the plague: {what}{}", struck_words(game, player, to))
}

/// A figure's flight in words: "let your thief on the road running east and west 1 tile east of
/// the start tile flee onto the road to the west 3 tiles east of the start tile".
fn flight_words(game: &Game, figure: u8, pos: Pos, feature: LocalFeature) -> String {
    let Some(f) = game.figures().get(figure as usize) else { return "a figure's flight from the plague".into() };
    let from = game.board().placement(f.placement).pos;
    format!(
        "let your {} {} flee {} {} {}",
        words::figure_role_on(game, f.figure, from, f.feature),
        words::place_words(from),
        words::preposition_of_motion(words::feature_kind(game, pos, feature)),
        words::feature_words(game, pos, feature),
        words::place_words(pos)
    )
}

/// Whether the legal actions of the decision offer a spread, and a pass.
fn offered(game: &Game) -> (bool, bool) {
    let actions = game.legal_actions();
    (actions.iter().any(|a| matches!(a, Action::Flea { .. })), actions.contains(&Action::Pass))
}

impl ViewModule for Plague {
    fn pending(&self, game: &Game, pending: Pending) -> Option<PendingView> {
        let Pending::Plague { player, late } = pending else { return None };
        let (spread, pass) = offered(game);
        let (state, text) = match (spread, pass, late) {
            (true, false, _) => {
                ("owed", "A flea must be spread now, next to an active outbreak or a red flea joined to one.".into())
            }
            (true, true, false) => (
                "optional",
                "A flea is spread this turn: now, or after the figure phase at the latest.".to_string(),
            ),
            (true, true, true) => {
                ("optional", "A flea is spread once in this double turn: now, or with the builder's second tile.".into())
            }
            (false, _, _) => (
                "none",
                "No flea to spread now (one was spread this turn, this turn's tile was a plague source, or no tile lies free beside an active plague region); a figure may still flee.".into(),
            ),
        };
        let decision = PlagueDecision {
            seat: player,
            late,
            spread: state,
            spread_words: text,
            fleas_in_supply: game.fleas_in_supply(),
        };
        Some(PendingView::new("plague", decision))
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        let player = pending.player()?;
        match (pending, action) {
            (_, Action::Flea { from, to }) => Some((Some(FLEA_AT), spread_words(game, player, from, to))),
            (_, Action::Flee { figure, pos, feature }) => {
                Some((anchor(game, pos, feature), flight_words(game, figure, pos, feature)))
            }
            (Pending::Plague { late, .. }, Action::Pass) => {
                let (spread, _) = offered(game);
                let label = match (spread, late) {
                    (true, false) => "not now: spread the plague after the figure phase",
                    (true, true) => "not now: spread the plague with the builder's second tile",
                    (false, false) => "let no figure flee now",
                    (false, true) => "let no figure flee",
                };
                Some((None, label.into()))
            }
            _ => None,
        }
    }

    /// `outbreaks`, `fleas` and `fleas_in_supply`.
    fn board(&self, cx: &ViewContext<'_>, fields: &mut Fields) {
        let game = cx.game;
        if !game.rules().has(Expansion::Plague) {
            return;
        }
        let outbreaks: Vec<OutbreakView> = game
            .outbreaks()
            .iter()
            .map(|o| OutbreakView {
                x: o.pos.x,
                y: o.pos.y,
                number: o.number,
                active: o.active,
                at: OUTBREAK_AT,
                label: format!(
                    "outbreak {} on {}, {}",
                    o.number,
                    source_words(o.pos),
                    if o.active { "active" } else { "died out (its green side up)" }
                ),
            })
            .collect();
        let fleas: Vec<FleaView> = game
            .fleas()
            .iter()
            .map(|f| FleaView {
                x: f.pos.x,
                y: f.pos.y,
                active: f.active,
                at: FLEA_AT,
                label: format!(
                    "a {} flea ({}) on {}",
                    side(f.active),
                    if f.active { "active" } else { "latent" },
                    words::tile_at(f.pos)
                ),
            })
            .collect();
        fields.set("outbreaks", outbreaks);
        fields.set("fleas", fleas);
        fields.set("fleas_in_supply", game.fleas_in_supply());
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let name = |p| names.of(p);
        Some(match *event {
            Event::OutbreakStarted { player, pos, number } => (
                json!({"type": "outbreak-started", "seat": player, "x": pos.x, "y": pos.y, "number": number}),
                format!(
                    "{} places a plague source {}: outbreak {number} breaks out there, and from now on every turn spreads the plague",
                    name(player),
                    words::place_words(pos)
                ),
            ),
            Event::OutbreakEradicated { pos, number } => (
                json!({"type": "outbreak-eradicated", "x": pos.x, "y": pos.y, "number": number}),
                format!(
                    "No flea is left in the supply: outbreak {number} on {} dies out (its token turns over to its green side), and red fleas no longer joined to an active outbreak turn pink",
                    source_words(pos)
                ),
            ),
            Event::FleaPlaced { player, from, pos } => (
                json!({"type": "flea-placed", "seat": player, "x": pos.x, "y": pos.y,
                       "from_x": from.map(|p| p.x), "from_y": from.map(|p| p.y)}),
                match from {
                    None => format!("{} spreads the plague: a flea on {}", name(player), words::tile_at(pos)),
                    Some(at) => format!(
                        "{} spreads the plague with no flea left in the supply: the flea from {} goes onto {}, red side up",
                        name(player),
                        words::tile_at(at),
                        words::tile_at(pos)
                    ),
                },
            ),
            Event::PlagueStruck { player, figure, pos, feature } => (
                figure_detail(game, "plague-struck", player, figure, pos, feature),
                format!(
                    "The plague sends home {} (no score)",
                    words::owned_figure_on(game, &name(player), figure, pos, feature)
                ),
            ),
            Event::Fled { player, figure, from, from_feature, pos, feature } => (
                json!({"type": "fled", "seat": player, "figure": figure, "from_x": from.x, "from_y": from.y,
                       "from_feature": feature_name(game, from, from_feature), "x": pos.x, "y": pos.y,
                       "feature": feature_name(game, pos, feature)}),
                format!(
                    "{}'s {} {} flees the plague {} {} {}",
                    name(player),
                    words::role_at(game, figure, pos, feature),
                    words::place_words(from),
                    words::preposition_of_motion(words::feature_kind(game, pos, feature)),
                    words::feature_words(game, pos, feature),
                    words::place_words(pos)
                ),
            ),
            _ => return None,
        })
    }
}
