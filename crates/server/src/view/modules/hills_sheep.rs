//! Hills & Sheep's view: each seat's flock (`flock` of a seat: its sheep tokens, their sheep in
//! all, where its shepherd stands and where its token lies beside it), the flock bag
//! (`flock_bag`: the wolves and the sheep tokens left in it) and the hills with a tile face down
//! beneath them (`hills`); the decision `flock` in words (what growing the flock risks, the bag's
//! wolves out of its tokens, and what driving it to the stable would pay to whom: each shepherd's
//! owner in the field scores all the sheep there), a shepherd's deployment saying that it draws
//! a token at once, and the four events in words. The Vineyards have no view of their own: a
//! completed monastery's vineyards are in its score's breakdown (`words::score_notes`).

use carcassonne_engine::catalog::Symbol;
use carcassonne_engine::{Action, Event, Expansion, Figure, Game, Pending, Phase, PlayerId, PlayerSet, Pos};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Counted, Legal, Names, ViewContext, ViewModule};
use crate::view::anchors::{anchor, feature_name};
use crate::view::fields::Fields;
use crate::view::parts::PendingView;
use crate::words;

pub(crate) struct HillsSheep;

/// Where a shepherd stands (`x`, `y`, `feature`) and where its flock token lies on that tile
/// (`at`, tile units, as the SVG render draws it).
#[derive(Clone, Debug, Serialize)]
pub struct ShepherdSpot {
    pub x: i16,
    pub y: i16,
    pub feature: String,
    pub at: [f32; 2],
}

/// A seat's flock (`flock` of a seat): the sheep of each of its tokens, their `sheep` in all,
/// its shepherd on the board (`null` while it is in the supply), and both in words.
#[derive(Clone, Debug, Serialize)]
pub struct FlockView {
    pub tokens: Vec<u8>,
    pub sheep: u32,
    pub shepherd: Option<ShepherdSpot>,
    pub label: String,
}

/// The flock bag (`flock_bag` of the view): its `wolves`, its tokens of 1, 2, 3 and 4 sheep
/// (`sheep_tokens`), all its `tokens` and the `sheep` on them, in words too.
#[derive(Clone, Debug, Serialize)]
pub struct FlockBagView {
    pub wolves: u8,
    pub sheep_tokens: [u8; 4],
    pub tokens: u32,
    pub sheep: u32,
    pub label: String,
}

/// A hill tile with a tile face down beneath it (`hills` of the view).
#[derive(Clone, Debug, Serialize)]
pub struct HillView {
    pub x: i16,
    pub y: i16,
    pub label: String,
}

/// The decision `flock`: `seat`'s tile extended the field of its shepherd (on `feature` of the
/// tile at `x`, `y`): grow the flock or drive it to the stable. `flock` is the seat's own sheep,
/// `field_sheep` those of every flock in the field, which each of `shepherds` (the owners of the
/// shepherds there) would score; `closed` whether the tile closed the field (its flock goes to
/// the stable after the choice anyway); `wolves` and `tokens` what the bag holds.
#[derive(Serialize)]
struct FlockDecision {
    seat: PlayerId,
    x: i16,
    y: i16,
    feature: String,
    flock: u32,
    field_sheep: u32,
    shepherds: Vec<PlayerId>,
    closed: bool,
    wolves: u8,
    tokens: u32,
    words: String,
}

/// "1 sheep", "5 sheep".
fn sheep_words(n: u32) -> String {
    format!("{n} sheep")
}

/// "a wolf", "2 wolves".
fn wolves_words(n: u32) -> String {
    if n == 1 {
        "1 wolf".into()
    } else {
        format!("{n} wolves")
    }
}

/// The sheep of `player`'s flock.
fn flock_sheep(game: &Game, player: PlayerId) -> u32 {
    game.flock(player).iter().map(|&n| u32::from(n)).sum()
}

/// The tokens in the bag, and the wolves among them.
fn bag_counts(game: &Game) -> (u32, u32) {
    let bag = game.flock_bag();
    (bag.iter().map(|&n| u32::from(n)).sum(), u32::from(bag[0]))
}

/// Where `player`'s shepherd stands: its tile's position and its feature.
fn shepherd_of(game: &Game, player: PlayerId) -> Option<(Pos, u8)> {
    game.figures()
        .iter()
        .find(|f| f.owner == player && f.figure == Figure::Shepherd)
        .map(|f| (game.board().placement(f.placement).pos, f.feature))
}

/// The owners of the shepherds on the field where `player`'s shepherd stands (`player` first),
/// whether that field is closed, and the sheep of all its flocks (what herding pays each).
fn field_of(game: &Game, player: PlayerId) -> (Vec<PlayerId>, bool, u32) {
    let Some(field) = game.flock_field(player) else { return (vec![], false, 0) };
    let mut owners = vec![player];
    owners.extend(field.shepherds.iter().filter(|&p| p != player));
    (owners, field.closed, field.sheep)
}

/// Names as a list: "Anna", "Anna and Ben", "you and Ben".
fn names_words(names: &[String]) -> String {
    words::join_and(names)
}

/// What growing risks, in words: "2 wolves among the bag's 17 tokens would lose the flock and
/// send the shepherd home".
fn risk_words(game: &Game) -> String {
    let (tokens, wolves) = bag_counts(game);
    match wolves {
        0 => format!("no wolf is left among the bag's {tokens} tokens"),
        _ => format!(
            "{} among the bag's {tokens} tokens would lose the flock and send the shepherd{} home",
            wolves_words(wolves),
            if field_shared(game) { "s" } else { "" }
        ),
    }
}

/// Whether the pending flock's field holds other players' shepherds too.
fn field_shared(game: &Game) -> bool {
    match game.pending() {
        Pending::Flock { player } => field_of(game, player).0.len() > 1,
        _ => false,
    }
}

/// What herding pays, in words for `player` (`owners`, the owners of the field's shepherds,
/// `player` first): "you score 5 points", "you and 1 other player each score 8 points".
fn pay_words(owners: &[PlayerId], sheep: u32) -> String {
    match owners.len() {
        0 | 1 => format!("you score {}", words::counted(sheep, "point")),
        n => format!(
            "you and {} other player{} each score {}",
            n - 1,
            if n == 2 { "" } else { "s" },
            words::counted(sheep, "point")
        ),
    }
}

/// Where a figure stands, after its name: "on the farm to the north (1 tile south of the start
/// tile)".
fn spot_words(game: &Game, pos: Pos, feature: u8) -> String {
    format!(
        "{} {} ({})",
        words::preposition(words::feature_kind(game, pos, feature)),
        words::feature_words(game, pos, feature),
        words::place_words(pos)
    )
}

/// "a flock of 5 sheep (tokens of 3 and 2)".
fn flock_words(tokens: &[u8]) -> String {
    let sheep: u32 = tokens.iter().map(|&n| u32::from(n)).sum();
    match tokens {
        [] => "no sheep".into(),
        [_] => format!("a flock of {}", sheep_words(sheep)),
        _ => {
            let each: Vec<String> = tokens.iter().map(|n| n.to_string()).collect();
            format!("a flock of {} (tokens of {})", sheep_words(sheep), names_words(&each))
        }
    }
}

/// "the shepherd on the farm to the north (1 tile south of the start tile)".
fn shepherd_words(game: &Game, pos: Pos, feature: u8) -> String {
    format!("the shepherd {}", spot_words(game, pos, feature))
}

/// The bag in words: "18 tokens: 2 wolves and 16 sheep tokens (4 of one sheep, 5 of two, 5 of
/// three, 2 of four; 37 sheep)".
fn bag_words(bag: [u8; 5]) -> String {
    let tokens: u32 = bag.iter().map(|&n| u32::from(n)).sum();
    let sheep: u32 = bag.iter().enumerate().map(|(i, &n)| i as u32 * u32::from(n)).sum();
    let kinds: Vec<String> = ["one sheep", "two", "three", "four"]
        .iter()
        .zip(&bag[1..])
        .filter(|(_, &n)| n > 0)
        .map(|(what, n)| format!("{n} of {what}"))
        .collect();
    let sheep_tokens = tokens - u32::from(bag[0]);
    let detail =
        if kinds.is_empty() { String::new() } else { format!(" ({}; {})", kinds.join(", "), sheep_words(sheep)) };
    format!(
        "{tokens} token{}: {} and {sheep_tokens} sheep token{}{detail}",
        if tokens == 1 { "" } else { "s" },
        wolves_words(u32::from(bag[0])),
        if sheep_tokens == 1 { "" } else { "s" }
    )
}

/// The shepherds sent home by a wolf, by name: "Anna's shepherd goes", "the shepherds of Anna
/// and Ben go".
fn gone_home(shepherds: PlayerSet, name: impl Fn(PlayerId) -> String) -> String {
    let owners: Vec<String> = shepherds.iter().map(name).collect();
    match owners.as_slice() {
        [] => "no shepherd goes".into(),
        [one] => format!("{one}'s shepherd goes"),
        _ => format!("the shepherds of {} go", names_words(&owners)),
    }
}

impl ViewModule for HillsSheep {
    fn pending(&self, game: &Game, pending: Pending) -> Option<PendingView> {
        let Pending::Flock { player } = pending else { return None };
        let (pos, feature) = shepherd_of(game, player).unwrap_or((Pos::new(0, 0), 0));
        let (owners, closed, sheep) = field_of(game, player);
        let own = flock_sheep(game, player);
        let (tokens, wolves) = bag_counts(game);
        let flock = if owners.len() > 1 {
            format!("The farm holds {} flocks, {} in all ({own} of them yours)", owners.len(), sheep_words(sheep))
        } else {
            format!("Your flock has {}", sheep_words(own))
        };
        let mut text = format!(
            "Your tile extended the farm of your shepherd ({}). {flock}. Grow it: draw a token from the bag ({}); or drive it to the stable: {}.",
            words::place_words(pos),
            risk_words(game),
            pay_words(&owners, sheep),
        );
        if closed {
            text.push_str(" The tile closed the farm: after your choice its flock goes to the stable anyway.");
        }
        let decision = FlockDecision {
            seat: player,
            x: pos.x,
            y: pos.y,
            feature: feature_name(game, pos, feature),
            flock: own,
            field_sheep: sheep,
            shepherds: owners,
            closed,
            wolves: wolves as u8,
            tokens,
            words: text,
        };
        Some(PendingView::new("flock", decision))
    }

    /// `hill`: the tile to place has a hill (the next tile goes face down under it).
    fn pending_fields(&self, game: &Game, pending: Pending, fields: &mut Fields) {
        if let Pending::PlaceTile { tile, .. } = pending {
            if game.design(tile).symbols.contains(&Symbol::Hill) {
                fields.set("hill", true);
            }
        }
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        let (Pending::Flock { player }, Action::Flock { herd }) = (pending, action) else { return None };
        let (owners, _, sheep) = field_of(game, player);
        let label = if herd {
            format!("drive the flock to the stable: {}", pay_words(&owners, sheep))
        } else {
            let (tokens, wolves) = bag_counts(game);
            match wolves {
                0 => format!("grow the flock: draw a token from the bag (no wolf among its {tokens} tokens)"),
                _ => format!(
                    "grow the flock: draw a token from the bag (a wolf in {wolves} of its {tokens} tokens loses the flock)"
                ),
            }
        };
        let at = shepherd_of(game, player).and_then(|(pos, feature)| anchor(game, pos, feature));
        Some((at, label))
    }

    /// A shepherd's deployment draws its first token at once.
    fn amend_label(&self, game: &Game, action: Action, label: &mut String) {
        if let Action::Deploy { figure: Figure::Shepherd, .. } = action {
            let (tokens, wolves) = bag_counts(game);
            label.push_str(&format!(
                " (it draws a token at once: {} among the bag's {tokens} tokens)",
                wolves_words(wolves)
            ));
        }
    }

    /// `flock_bag` and `hills`.
    fn board(&self, cx: &ViewContext<'_>, fields: &mut Fields) {
        let game = cx.game;
        if !game.rules().has(Expansion::HillsSheep) {
            return;
        }
        let bag = game.flock_bag();
        let (tokens, _) = bag_counts(game);
        let sheep = bag.iter().enumerate().map(|(i, &n)| i as u32 * u32::from(n)).sum();
        fields.set(
            "flock_bag",
            FlockBagView {
                wolves: bag[0],
                sheep_tokens: [bag[1], bag[2], bag[3], bag[4]],
                tokens,
                sheep,
                label: format!("The flock bag: {}", bag_words(bag)),
            },
        );
        let hills: Vec<HillView> = game
            .hills_with_tiles_under()
            .into_iter()
            .map(|pos| HillView {
                x: pos.x,
                y: pos.y,
                label: format!("a tile lies face down under the hill {}", words::place_words(pos)),
            })
            .collect();
        fields.set("hills", hills);
    }

    /// `flock`: the seat's flock and where its shepherd stands.
    fn seat(&self, cx: &ViewContext<'_>, seat: PlayerId, fields: &mut Fields) {
        let game = cx.game;
        if !game.rules().has(Expansion::HillsSheep) {
            return;
        }
        let tokens = game.flock(seat);
        let sheep = tokens.iter().map(|&n| u32::from(n)).sum();
        let (shepherd, label) = match shepherd_of(game, seat) {
            Some((pos, feature)) => {
                let spot = anchor(game, pos, feature).unwrap_or([0.5, 0.5]);
                let (x, y) = carcassonne_render::flock_spot((spot[0], spot[1]));
                (
                    Some(ShepherdSpot { x: pos.x, y: pos.y, feature: feature_name(game, pos, feature), at: [x, y] }),
                    format!("{} with {}", shepherd_words(game, pos, feature), flock_words(&tokens)),
                )
            }
            None => (None, "the shepherd in the supply".to_string()),
        };
        fields.set("flock", FlockView { tokens, sheep, shepherd, label });
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let name = |p| names.of(p);
        Some(match *event {
            Event::TileUnderHill { player, pos } => (
                json!({"type": "tile-under-hill", "seat": player, "x": pos.x, "y": pos.y}),
                format!(
                    "{}'s hill tile {} takes the next tile of the pile face down beneath it (nobody sees it)",
                    name(player),
                    words::place_words(pos)
                ),
            ),
            Event::SheepDrawn { player, pos, feature, sheep } => (
                json!({"type": "sheep-drawn", "seat": player, "x": pos.x, "y": pos.y,
                       "feature": feature_name(game, pos, feature), "sheep": sheep}),
                format!(
                    "{}'s shepherd {} draws {} from the bag for its flock",
                    name(player),
                    spot_words(game, pos, feature),
                    sheep_words(u32::from(sheep))
                ),
            ),
            Event::WolfDrawn { player, pos, feature, shepherds } => {
                let seats: Vec<PlayerId> = shepherds.iter().collect();
                (
                    json!({"type": "wolf-drawn", "seat": player, "x": pos.x, "y": pos.y,
                           "feature": feature_name(game, pos, feature), "seats": seats}),
                    format!(
                        "{}'s shepherd {} draws the wolf: the flock is lost, its sheep go back into the bag and {} home",
                        name(player),
                        spot_words(game, pos, feature),
                        gone_home(shepherds, name)
                    ),
                )
            }
            Event::FlockHerded { players, pos, feature, sheep, closed } => {
                let seats: Vec<PlayerId> = players.iter().collect();
                let owners: Vec<String> = seats.iter().map(|&p| name(p)).collect();
                // "the farm to the north (1 tile south of the start tile)".
                let field = format!("{} ({})", words::feature_words(game, pos, feature), words::place_words(pos));
                let paid = match owners.len() {
                    1 => format!("{} scores {} ({})", owners[0], words::counted(sheep, "point"), sheep_words(sheep)),
                    _ => {
                        format!(
                            "{} each score {} ({})",
                            names_words(&owners),
                            words::counted(sheep, "point"),
                            sheep_words(sheep)
                        )
                    }
                };
                let text = if closed {
                    words::capitalized(format!("{field} is closed: its flock goes to the stable, and {paid}"))
                } else {
                    format!("The flock on {field} goes to the stable: {paid}")
                };
                (
                    json!({"type": "flock-herded", "seats": seats, "x": pos.x, "y": pos.y,
                           "feature": feature_name(game, pos, feature), "sheep": sheep, "points": sheep,
                           "closed": closed}),
                    text,
                )
            }
            _ => return None,
        })
    }

    fn counted(&self, event: &Event) -> Option<Counted> {
        matches!(event, Event::FlockHerded { .. }).then_some(Counted::As("flock", Phase::Turn))
    }
}
