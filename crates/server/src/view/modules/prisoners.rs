//! The variation "Prisoners": a follower taken prisoner in a city, guarded by one of the
//! captor's figures, and released.

use carcassonne_engine::{Action, Event, Game, Pending, PlayerId};
use serde_json::json;

use super::hooks::{Legal, Names, PrisonerView, ViewContext, ViewModule};
use crate::view::anchors::{anchor, feature_name, figure_at};
use crate::view::fields::Fields;
use crate::view::parts::{PendingView, SeatDecision};
use crate::words;

pub(crate) struct Prisoners;

impl ViewModule for Prisoners {
    /// `take-prisoner`: `seat` may take a follower prisoner in the city the tile just placed
    /// joined (the legal actions name each), or pass.
    fn pending(&self, _game: &Game, pending: Pending) -> Option<PendingView> {
        let Pending::TakePrisoner { player } = pending else { return None };
        Some(PendingView::new("take-prisoner", SeatDecision { seat: player }))
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        Some(match (pending, action) {
            (_, Action::TakePrisoner { pos, feature }) => {
                let taken = game.figures().iter().find(|f| {
                    f.feature == feature && game.board().placement(f.placement).pos == pos && f.figure.is_follower()
                });
                let guard = game.prisoner_guard(pos, feature).map_or_else(String::new, |(at, on)| {
                    let guard = figure_at(game, at, on);
                    format!(
                        "; your {} {} guards it",
                        words::figure_role_on(game, guard, at, on),
                        words::place_words(at)
                    )
                });
                let label = match taken {
                    Some(f) => format!(
                        "take the {} {} prisoner, {}{guard}",
                        game.player(f.owner).color.name(),
                        words::figure_role_on(game, f.figure, pos, feature),
                        words::place_words(pos)
                    ),
                    None => format!("take the follower {} prisoner", words::place_words(pos)),
                };
                (anchor(game, pos, feature), label)
            }
            (_, Action::ReleasePrisoner { owner, figure }) => (
                None,
                format!(
                    "release the {} player's {}: your guard comes back to your supply",
                    game.player(owner).color.name(),
                    words::figure_word(figure)
                ),
            ),
            (Pending::TakePrisoner { .. }, Action::Pass) => (None, "take no prisoner".into()),
            _ => return None,
        })
    }

    /// The prisoners this seat's guards hold, after The Tower's in `prisoners`.
    fn seat(&self, cx: &ViewContext<'_>, seat: PlayerId, fields: &mut Fields) {
        fields.extend(
            "prisoners",
            cx.game.guards().iter().filter(|g| g.captor == seat).map(|g| PrisonerView {
                seat: g.owner,
                figure: g.prisoner,
                label: format!(
                    "{}'s {}, guarded by a {}",
                    cx.seat_name(g.owner),
                    words::figure_word(g.prisoner),
                    words::figure_word(g.guard)
                ),
            }),
        );
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let name = |p| names.of(p);
        Some(match *event {
            Event::PrisonerTaken { player, owner, figure, pos, feature, guard, guard_pos, guard_feature } => (
                json!({"type": "prisoner-taken", "seat": player, "owner": owner, "figure": figure, "x": pos.x,
                       "y": pos.y, "feature": feature_name(game, pos, feature), "guard": guard,
                       "guard_x": guard_pos.x, "guard_y": guard_pos.y,
                       "guard_feature": feature_name(game, guard_pos, guard_feature)}),
                format!(
                    "{} takes {}'s {} prisoner, {}; {}'s {} {} guards it",
                    name(player),
                    name(owner),
                    words::figure_role_on(game, figure, pos, feature),
                    words::place_words(pos),
                    name(player),
                    words::figure_role_on(game, guard, guard_pos, guard_feature),
                    words::place_words(guard_pos)
                ),
            ),
            Event::PrisonerReleased { player, guard, owner, figure } => (
                json!({"type": "prisoner-released", "seat": player, "guard": guard, "owner": owner, "figure": figure}),
                format!(
                    "{} releases {}'s {}, which goes home; {}'s {} on guard duty comes back to {}'s supply",
                    name(player),
                    name(owner),
                    words::figure_word(figure),
                    name(player),
                    words::figure_word(guard),
                    name(player)
                ),
            ),
            _ => return None,
        })
    }
}
