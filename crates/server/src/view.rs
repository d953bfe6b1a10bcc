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
    Action, Catalog, Corner, Event, FeatureKind, Figure, Game, Pending, Phase, PlayerId, Pos, Quarter, RecordAction,
    Rotation, Rules, TileId, Token,
};
use carcassonne_render::{color_hex, feature_anchors};
use serde::Serialize;

use crate::seats::Seat;
use crate::words;

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
    /// The Princess & the Dragon: the dragon's tile, once it is in play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dragon: Option<[i16; 2]>,
    /// The dragon and where it stands, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dragon_label: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fairy: Option<FairyView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dragon_move: Option<DragonMoveView>,
    /// Dragon tiles set aside until the dragon comes into play (catalog ids).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub set_aside: Vec<String>,
    /// The Tower: every tower foundation in play and the tower on it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub towers: Vec<TowerView>,
    /// Abbey & Mayor: the barns, each on a corner of a tile.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub barns: Vec<BarnView>,
    /// The Count of Carcassonne: the quarters of the city, the count and the figures waiting
    /// there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub carcassonne: Option<CarcassonneView>,
    /// Collective planning: the face-up tiles (catalog ids).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tile_row: Vec<String>,
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
    /// The Tower: the tower pieces the seat has left.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tower_pieces: Option<u8>,
    /// The Tower: the figures this seat holds prisoner.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub prisoners: Vec<PrisonerView>,
    /// Abbey & Mayor: whether the seat still holds its abbey tile.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub abbey: Option<bool>,
    /// The variation "Cloisters for everyone!": the tile the seat still holds (catalog id).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub held_tile: Option<String>,
    /// The variations with tiles in hand or stacks of one's own: how many tiles the seat holds
    /// (public).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand_size: Option<usize>,
    /// The same: the tiles themselves (catalog ids), only in the view of the seat's own token.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<String>>,
}

/// Abbey & Mayor: a barn on corner `corner` (`NE`, `SE`, `SW`, `NW`) of the tile at (`x`, `y`).
#[derive(Clone, Debug, Serialize)]
pub struct BarnView {
    pub seat: PlayerId,
    pub x: i16,
    pub y: i16,
    pub corner: &'static str,
    /// Where on the tile it is drawn (the corner, in tile units from the north-west).
    pub at: [f32; 2],
    pub label: String,
}

/// The Count of Carcassonne: the city's four quarters, where the count stands, and who waits
/// in each.
#[derive(Clone, Debug, Serialize)]
pub struct CarcassonneView {
    /// The quarter the count stands in; no figure is redeployed from it.
    pub count: Quarter,
    /// The quarters, clockwise from the castle.
    pub quarters: Vec<QuarterView>,
    /// Where the count stands, in words.
    pub label: String,
}

/// A quarter of Carcassonne.
#[derive(Clone, Debug, Serialize)]
pub struct QuarterView {
    pub quarter: Quarter,
    /// The kind of feature its figures may be redeployed to.
    pub feeds: FeatureKind,
    /// Where the quarter is drawn, in tile units on the board (x east, y south, from the
    /// north-west corner of the tile at (0, 0)).
    pub at: [f32; 2],
    /// The count stands here.
    pub blocked: bool,
    pub residents: Vec<ResidentView>,
    /// The quarter in words, with what it feeds and whether the count blocks it.
    pub label: String,
}

/// A figure waiting in a quarter of Carcassonne.
#[derive(Clone, Debug, Serialize)]
pub struct ResidentView {
    pub seat: PlayerId,
    pub figure: Figure,
    /// The figure in words ("Anna's big follower").
    pub label: String,
}

/// Points by kind; a ransom paid counts against its payer, so a kind may be negative.
#[derive(Clone, Debug, Default, Serialize)]
pub struct PointsView {
    pub turn: BTreeMap<&'static str, i64>,
    #[serde(rename = "final")]
    pub final_: BTreeMap<&'static str, i64>,
}

/// The Tower: a figure held prisoner, by the seat that holds it.
#[derive(Clone, Debug, Serialize)]
pub struct PrisonerView {
    /// The figure's owner.
    pub seat: PlayerId,
    pub figure: Figure,
    /// The prisoner in words ("Anna's big follower").
    pub label: String,
}

/// The Tower: a tower foundation and the tower on it.
#[derive(Clone, Debug, Serialize)]
pub struct TowerView {
    pub x: i16,
    pub y: i16,
    /// Tower pieces stacked on the foundation (0: a bare foundation).
    pub height: u8,
    /// A follower finished it: it takes no more pieces.
    pub finished: bool,
    /// Where on the tile the foundation is, in tile units (its guard stands there).
    pub at: [f32; 2],
    /// The tower in words.
    pub label: String,
}

#[derive(Clone, Debug, Serialize)]
#[serde(tag = "decision", rename_all = "lowercase")]
pub enum PendingView {
    /// `tile` is the catalog id, `tile_name` the design in words.
    Place {
        seat: PlayerId,
        tile: String,
        tile_name: String,
    },
    Deploy {
        seat: PlayerId,
        x: i16,
        y: i16,
        /// "The dash": a round bought with a point (a deployment or move now costs 1 point).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        dash: bool,
        /// "Rebuilding": the tile at (`x`, `y`) was just moved; a figure may go on it, or
        /// another tile be removed.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        rebuilt: bool,
        /// "Rebuilding": the deciding seat may give up a point to remove a tile now (public: it
        /// follows from the board and the scores), so every seat can tell what it may do.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        may_rebuild: bool,
    },
    Escape {
        seat: PlayerId,
    },
    /// The Princess & the Dragon: `seat` moves the dragon one step (`dragon_move` in the view
    /// says how many are left and where it has been).
    Dragon {
        seat: PlayerId,
    },
    /// The Tower: `seat` built on the tower at (`x`, `y`) and may take a prisoner within its
    /// reach.
    Capture {
        seat: PlayerId,
        x: i16,
        y: i16,
    },
    /// The Tower: `seat` chooses which of their figures held by `other` comes back in an
    /// exchange of prisoners.
    Exchange {
        seat: PlayerId,
        other: PlayerId,
    },
    /// Abbey & Mayor: before drawing, `seat` may place its abbey tile in a hole (the legal
    /// actions list the holes) or draw.
    Abbey {
        seat: PlayerId,
    },
    /// Abbey & Mayor: `seat`'s wagon stood on `feature` of the tile at (`x`, `y`), just scored;
    /// it may move to an adjacent feature (the legal actions) or go home.
    Wagon {
        seat: PlayerId,
        x: i16,
        y: i16,
        feature: String,
    },
    /// The Count of Carcassonne: the turn's scoring paid others but not `seat`, who may deploy a
    /// figure to a quarter of Carcassonne (the legal actions) or not.
    Carcassonne {
        seat: PlayerId,
    },
    /// The Count of Carcassonne: `seat` just deployed to Carcassonne and may move the count.
    Count {
        seat: PlayerId,
    },
    /// The Count of Carcassonne: the `kind` named by `feature` of the tile at (`x`, `y`) is about
    /// to be scored; `seat` may move figures from the quarter that feeds it onto it, one at a
    /// time, or pass ("none"). `label` names the feature in words.
    Redeploy {
        seat: PlayerId,
        x: i16,
        y: i16,
        feature: String,
        kind: FeatureKind,
        label: String,
    },
    /// The Count of Carcassonne, before the final scoring: `seat` may move one figure out of
    /// Carcassonne onto an incomplete feature or a farm, or pass (and redeploy no more).
    #[serde(rename = "final-redeploy")]
    FinalRedeploy {
        seat: PlayerId,
    },
    /// The variation "Cloisters for everyone!": before drawing, `seat` may place the tile it
    /// holds (`tile`, the catalog id; `tile_name` in words) instead.
    #[serde(rename = "held-tile")]
    HeldTile {
        seat: PlayerId,
        tile: String,
        tile_name: String,
    },
    /// The variations that let a player choose the tile to place: `seat` takes a tile from
    /// `from` (`hand`, `stack` or the face-up `row`); with the row it may draw from the pile
    /// instead.
    #[serde(rename = "choose-tile")]
    ChooseTile {
        seat: PlayerId,
        from: &'static str,
    },
    /// "Only one can choose": `seat` hands out the round's tiles, one to each of `recipients`.
    #[serde(rename = "give-tile")]
    GiveTile {
        seat: PlayerId,
        recipients: Vec<PlayerId>,
    },
    /// The variation "Prisoners": `seat` may take a follower prisoner in the city the tile
    /// just placed joined (the legal actions name each), or pass.
    #[serde(rename = "take-prisoner")]
    TakePrisoner {
        seat: PlayerId,
    },
    /// The variation "Rebuilding": `seat` removed `tile` from (`from_x`, `from_y`), where it
    /// still lies in `board`, and places it somewhere else (the legal actions list the places);
    /// `from_label` names the old place in words.
    #[serde(rename = "replace-tile")]
    ReplaceTile {
        seat: PlayerId,
        tile: String,
        tile_name: String,
        from_x: i16,
        from_y: i16,
        from_label: String,
    },
    Over,
}

/// The Princess & the Dragon's fairy: its tile and the follower it stands next to.
#[derive(Clone, Debug, Serialize)]
pub struct FairyView {
    pub x: i16,
    pub y: i16,
    /// Where on the tile it stands (beside its follower), in tile units.
    pub at: [f32; 2],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<PlayerId>,
    /// The fairy and where it stands, in words.
    pub label: String,
}

/// A dragon's move in progress.
#[derive(Clone, Debug, Serialize)]
pub struct DragonMoveView {
    pub steps_left: u8,
    /// The tiles visited so far, from where the move began; it may not enter them again.
    pub visited: Vec<[i16; 2]>,
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

/// `seat` gained `points` (negative where its score went down).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreChangeView {
    pub seat: PlayerId,
    pub points: i64,
}

/// Per-seat points by kind, accumulated from events.
#[derive(Clone, Debug)]
pub struct Tally {
    seats: Vec<PointsView>,
    /// The phase of the last score: the fairy's bonus for a scored follower comes right after
    /// the score, in its phase.
    phase: Phase,
    /// Abbey & Mayor: the next score is a barn's.
    barn_next: bool,
}

impl Tally {
    pub fn new(seats: usize) -> Tally {
        Tally { seats: vec![PointsView::default(); seats], phase: Phase::Turn, barn_next: false }
    }

    /// One seat's points (none for a seat the tally does not know).
    pub fn seat(&self, seat: usize) -> PointsView {
        self.seats.get(seat).cloned().unwrap_or_default()
    }

    /// Counts the points of one event (`Event::score_changes`) under its kind and phase.
    pub fn add(&mut self, event: &Event) {
        let (kind, phase) = match *event {
            Event::Scored(s) => {
                let kind = if std::mem::take(&mut self.barn_next) { "barn" } else { s.kind.name() };
                self.phase = s.phase;
                (kind, s.phase)
            }
            Event::BarnScoring { .. } => {
                self.barn_next = true;
                return;
            }
            Event::TokenScored { token, .. } => (token.name(), Phase::Final),
            Event::GoodsScored { good, .. } => (good.name(), Phase::Final),
            // The point at the start of a turn comes before any final score; the bonus for a
            // scored follower comes in the phase of its score.
            Event::FairyBonus { .. } => ("fairy", self.phase),
            // The ransom counts against its payer and for its captor (a short ransom too).
            Event::RansomPaid { .. } | Event::ShortRansomPaid { .. } => ("ransom", Phase::Turn),
            // "The dash": a point given up for another deployment or move.
            Event::PointSacrificed { .. } => ("dash", Phase::Turn),
            // "Rebuilding": a point given up for each tile removed.
            Event::TileRemoved { .. } => ("rebuilding", Phase::Turn),
            // No other event changes a score today; one that comes to is still counted.
            _ => ("other", Phase::Turn),
        };
        for (seat, points) in event.score_changes() {
            if points == 0 {
                continue;
            }
            let Some(p) = self.seats.get_mut(seat as usize) else { continue };
            let map = if phase == Phase::Turn { &mut p.turn } else { &mut p.final_ };
            *map.entry(kind).or_default() += points;
        }
    }
}

/// Where figures stand on each feature of a design at each rotation: the drawing's geometry is
/// worked out once per design, when a view first needs that design (all of them at once took
/// seconds in a debug build, and held up the first view that showed a deployment).
fn anchors(tile: TileId) -> Option<&'static [Vec<[f32; 2]>; 4]> {
    type Anchors = [Vec<[f32; 2]>; 4];
    static ANCHORS: OnceLock<Vec<OnceLock<Anchors>>> = OnceLock::new();
    let designs = Catalog::builtin().designs();
    let cache = ANCHORS.get_or_init(|| designs.iter().map(|_| OnceLock::new()).collect());
    let design = designs.get(tile.0 as usize)?;
    Some(
        cache[tile.0 as usize].get_or_init(|| {
            Rotation::ALL.map(|r| feature_anchors(design, r).into_iter().map(|(x, y)| [x, y]).collect())
        }),
    )
}

fn anchor(game: &Game, pos: Pos, feature: u8) -> Option<[f32; 2]> {
    let placed = game.board().get(pos)?;
    anchors(placed.tile)?[placed.rotation.index()].get(feature as usize).copied()
}

/// The kind of figure standing on a feature of the tile at `pos` (a follower if none: the
/// words then still read right).
fn figure_at(game: &Game, pos: Pos, feature: u8) -> Figure {
    game.figures()
        .iter()
        .find(|f| f.feature == feature && game.board().placement(f.placement).pos == pos)
        .map_or(Figure::Follower, |f| f.figure)
}

fn feature_name(game: &Game, pos: Pos, feature: u8) -> String {
    game.feature_name(pos, feature).unwrap_or_else(|| format!("#{feature}"))
}

/// Strips the acting player and the drawn tile from a record action (clients know both).
fn bare(action: RecordAction) -> RecordAction {
    match action {
        RecordAction::Place { x, y, rotation, .. } => RecordAction::Place { player: None, tile: None, x, y, rotation },
        RecordAction::Mountain { x, y, .. } => RecordAction::Mountain { player: None, tile: None, x, y },
        RecordAction::RemoveTile { x, y, .. } => RecordAction::RemoveTile { player: None, tile: None, x, y },
        RecordAction::Deploy { figure, feature, x, y, .. } => {
            RecordAction::Deploy { player: None, figure, feature, x, y }
        }
        RecordAction::Escape { x, y, feature, .. } => RecordAction::Escape { player: None, x, y, feature },
        RecordAction::RecallAbbot { x, y, .. } => RecordAction::RecallAbbot { player: None, x, y },
        RecordAction::MoveFairy { x, y, feature, .. } => RecordAction::MoveFairy { player: None, x, y, feature },
        RecordAction::RemoveKnight { x, y, feature, .. } => RecordAction::RemoveKnight { player: None, x, y, feature },
        RecordAction::MoveDragon { x, y, .. } => RecordAction::MoveDragon { player: None, x, y },
        RecordAction::BuildTower { x, y, .. } => RecordAction::BuildTower { player: None, x, y },
        RecordAction::Capture { x, y, feature, .. } => RecordAction::Capture { player: None, x, y, feature },
        RecordAction::TakePrisoner { x, y, feature, .. } => RecordAction::TakePrisoner { player: None, x, y, feature },
        RecordAction::MoveFollower { figure, from_x, from_y, from_feature, x, y, feature, .. } => {
            RecordAction::MoveFollower { player: None, figure, from_x, from_y, from_feature, x, y, feature }
        }
        RecordAction::ReligiousWar { x, y, feature, knights, .. } => {
            RecordAction::ReligiousWar { player: None, x, y, feature, knights }
        }
        RecordAction::ReleasePrisoner { owner, figure, .. } => {
            RecordAction::ReleasePrisoner { player: None, owner, figure }
        }
        RecordAction::Exchange { figure, .. } => RecordAction::Exchange { player: None, figure },
        RecordAction::Ransom { captor, figure, .. } => RecordAction::Ransom { player: None, captor, figure },
        RecordAction::Abbey { x, y, .. } => RecordAction::Abbey { player: None, x, y },
        RecordAction::Barn { corner, .. } => RecordAction::Barn { player: None, corner },
        RecordAction::MoveWagon { x, y, feature, .. } => RecordAction::MoveWagon { player: None, x, y, feature },
        RecordAction::Carcassonne { figure, quarter, .. } => {
            RecordAction::Carcassonne { player: None, figure, quarter }
        }
        RecordAction::MoveCount { quarter, .. } => RecordAction::MoveCount { player: None, quarter },
        RecordAction::Redeploy { figure, x, y, feature, .. } => {
            RecordAction::Redeploy { player: None, figure, x, y, feature }
        }
        RecordAction::HeldTile { .. } => RecordAction::HeldTile { player: None },
        RecordAction::ChooseTile { tile, .. } => RecordAction::ChooseTile { player: None, tile },
        RecordAction::GiveTile { tile, to, .. } => RecordAction::GiveTile { player: None, tile, to },
        RecordAction::Pass { .. } => RecordAction::Pass { player: None },
    }
}

/// The tower at `pos`, in words: "the tower 2 tiles east of the start tile, 3 pieces high".
fn tower_words(game: &Game, pos: Pos) -> String {
    let site = game.towers().iter().find(|s| s.pos == pos);
    let height = site.map_or(0, |s| s.height);
    let state = match (height, site.is_some_and(|s| s.finished)) {
        (0, _) => return format!("the tower foundation {}", words::place_words(pos)),
        (h, true) => format!("{h} piece{} high, finished", if h == 1 { "" } else { "s" }),
        (h, false) => format!("{h} piece{} high", if h == 1 { "" } else { "s" }),
    };
    format!("the tower {}, {state}", words::place_words(pos))
}

/// Where a tower's foundation is drawn on its tile.
fn tower_anchor(game: &Game, pos: Pos) -> Option<[f32; 2]> {
    let site = game.towers().iter().find(|s| s.pos == pos)?;
    anchor(game, pos, site.feature)
}

/// Where a tile's corner is drawn, in tile units from its north-west corner.
fn corner_anchor(corner: Corner) -> [f32; 2] {
    match corner {
        Corner::NorthEast => [1.0, 0.0],
        Corner::SouthEast => [1.0, 1.0],
        Corner::SouthWest => [0.0, 1.0],
        Corner::NorthWest => [0.0, 0.0],
    }
}

/// Where each quarter of Carcassonne is drawn, in board tile units: the four quadrants of the
/// city's block of tiles, clockwise from the castle at the top right.
fn quarter_anchor(game: &Game, quarter: Quarter) -> [f32; 2] {
    let city = game.board().tiles().iter().filter(|t| game.design(t.tile).partial);
    let (x0, y0, x1, y1) = city.fold((i16::MAX, i16::MAX, i16::MIN, i16::MIN), |(a, b, c, d), t| {
        (a.min(t.pos.x), b.min(t.pos.y), c.max(t.pos.x + 1), d.max(t.pos.y + 1))
    });
    if x0 > x1 {
        return [0.5, 0.5];
    }
    let (cx, cy) = ((x0 + x1) as f32 / 2.0, (y0 + y1) as f32 / 2.0);
    let (dx, dy) = ((x1 - x0) as f32 / 5.0, (y1 - y0) as f32 / 6.0);
    match quarter {
        Quarter::Castle => [cx + dx, cy - dy],
        Quarter::Market => [cx + dx, cy + dy],
        Quarter::Blacksmith => [cx - dx, cy + dy],
        Quarter::Cathedral => [cx - dx, cy - dy],
    }
}

/// The Count of Carcassonne's city, for the view.
fn carcassonne_view(game: &Game, seats: &[Seat]) -> Option<CarcassonneView> {
    let count = game.count_quarter()?;
    let quarters = Quarter::ALL
        .into_iter()
        .filter_map(|quarter| {
            let feeds = game.catalog().quarter_feeds(quarter)?;
            let residents: Vec<ResidentView> = game
                .residents()
                .iter()
                .filter(|r| r.quarter == quarter)
                .map(|r| ResidentView {
                    seat: r.owner,
                    figure: r.figure,
                    label: format!(
                        "{}'s {}",
                        seats.get(r.owner as usize).map_or("?", |s| s.name.as_str()),
                        words::figure_word(r.figure)
                    ),
                })
                .collect();
            let blocked = quarter == count;
            let mut label =
                format!("{} (to {})", words::capitalized(words::quarter_words(quarter)), words::kind_plural(feeds));
            if blocked {
                label.push_str(", blocked by the count");
            }
            Some(QuarterView { quarter, feeds, at: quarter_anchor(game, quarter), blocked, residents, label })
        })
        .collect();
    Some(CarcassonneView { count, quarters, label: format!("The count, in {}", words::quarter_words(count)) })
}

/// The legal actions of the pending decision, for a client.
pub fn legal_views(game: &Game) -> Vec<LegalView> {
    let abbot_on = |pos: Pos| {
        game.figures().iter().find(|f| f.figure == Figure::Abbot && game.board().placement(f.placement).pos == pos)
    };
    game.legal_actions()
        .into_iter()
        .map(|action| {
            let (at, label) = match (game.pending(), action) {
                (_, Action::Place { pos, rotation }) => {
                    (None, format!("{}, turned {}°", words::place_words(pos), rotation.degrees()))
                }
                (_, Action::RemoveTile { pos }) => {
                    let tile =
                        game.board().get(pos).map_or_else(String::new, |t| words::tile_name(game.design(t.tile)));
                    (
                        None,
                        format!("rebuild: remove {tile} {} to place it elsewhere (1 point)", words::place_words(pos)),
                    )
                }
                (_, Action::RaiseMountain { pos }) => {
                    (None, format!("upside down as a mountain {}", words::place_words(pos)))
                }
                (Pending::Deploy { pos, .. }, Action::Deploy { figure, feature }) => {
                    (anchor(game, pos, feature), words::figure_on(game, figure, pos, feature))
                }
                (_, Action::Deploy { .. }) => (None, "a deployment".into()),
                (_, Action::DeployAt { pos, figure, feature }) => (
                    anchor(game, pos, feature),
                    format!(
                        "{}: {}, {}",
                        // The variation "Follower unpunctuality" sends followers to earlier
                        // tiles without a magic gate.
                        if game.rules().variants.follower_unpunctuality {
                            "onto an earlier tile"
                        } else {
                            "through the magic gate"
                        },
                        words::figure_on(game, figure, pos, feature),
                        words::place_words(pos)
                    ),
                ),
                (_, Action::MoveFairy { pos, feature }) => (
                    anchor(game, pos, feature),
                    format!(
                        "move the fairy next to your {}, {}",
                        words::figure_role_on(game, figure_at(game, pos, feature), pos, feature),
                        words::place_words(pos)
                    ),
                ),
                (_, Action::RemoveKnight { pos, feature }) => {
                    let owner = game
                        .figures()
                        .iter()
                        .find(|f| f.feature == feature && game.board().placement(f.placement).pos == pos);
                    (
                        anchor(game, pos, feature),
                        format!(
                            "the princess sends the {} {} home from the city {}",
                            owner.map_or("", |f| game.player(f.owner).color.name()),
                            words::figure_role(figure_at(game, pos, feature), FeatureKind::City),
                            words::place_words(pos)
                        ),
                    )
                }
                (_, Action::MoveDragon { pos }) => {
                    (Some([0.5, 0.5]), format!("move the dragon onto {}", words::tile_at(pos)))
                }
                (_, Action::Escape { pos, feature }) => (
                    anchor(game, pos, feature),
                    format!("the knight escapes the besieged city {}", words::place_words(pos)),
                ),
                (_, Action::RecallAbbot { pos }) => {
                    let abbot = abbot_on(pos);
                    let from =
                        abbot.map_or_else(|| "the cloister".into(), |f| words::feature_words(game, pos, f.feature));
                    (
                        abbot.and_then(|f| anchor(game, pos, f.feature)),
                        format!("take the abbot back from {from} {}", words::place_words(pos)),
                    )
                }
                (_, Action::BuildTower { pos }) => {
                    (tower_anchor(game, pos), format!("put a tower piece on {}", tower_words(game, pos)))
                }
                (_, Action::FinishTower { pos, figure }) => (
                    tower_anchor(game, pos),
                    format!("finish {}, with your {} on top", tower_words(game, pos), words::figure_word(figure)),
                ),
                (Pending::Capture { player, .. }, Action::Capture { pos, feature }) => {
                    let taken = game
                        .figures()
                        .iter()
                        .find(|f| f.feature == feature && game.board().placement(f.placement).pos == pos);
                    let role = words::figure_role_on(game, figure_at(game, pos, feature), pos, feature);
                    let label = match taken {
                        Some(f) if f.owner == player => {
                            format!("take back your own {role}, {}, to your supply", words::place_words(pos))
                        }
                        Some(f) => format!(
                            "take the {} {role} prisoner, {}",
                            game.player(f.owner).color.name(),
                            words::place_words(pos)
                        ),
                        None => format!("take the figure {} prisoner", words::place_words(pos)),
                    };
                    (anchor(game, pos, feature), label)
                }
                (_, Action::Capture { .. }) => (None, "a capture".into()),
                (_, Action::MoveFollower { figure, pos, feature }) => {
                    let label = match game.figures().get(figure as usize) {
                        Some(f) => {
                            let from = game.board().placement(f.placement).pos;
                            format!(
                                "move your {} {} onto {} {}",
                                words::figure_role_on(game, f.figure, from, f.feature),
                                words::place_words(from),
                                words::feature_words(game, pos, feature),
                                words::place_words(pos)
                            )
                        }
                        None => "a follower's move".into(),
                    };
                    (anchor(game, pos, feature), label)
                }
                (_, Action::ReligiousWar { pos, feature, knights }) => {
                    let knight = |k: u8| {
                        game.figures().get(k as usize).map_or_else(String::new, |f| {
                            let from = game.board().placement(f.placement).pos;
                            format!(
                                "{} {}",
                                words::figure_role_on(game, f.figure, from, f.feature),
                                words::place_words(from)
                            )
                        })
                    };
                    (
                        anchor(game, pos, feature),
                        format!(
                            "religious war: your {} and your {} drive the monk out of the cloister {}",
                            knight(knights[0]),
                            knight(knights[1]),
                            words::place_words(pos)
                        ),
                    )
                }
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
                (_, Action::Exchange { figure }) => {
                    (None, format!("your {} comes back in the exchange", words::figure_word(figure)))
                }
                (pending, Action::PayRansom { captor, figure }) => {
                    let score = pending.player().map_or(0, |p| game.player(p).score);
                    let ransom = carcassonne_engine::RANSOM;
                    // The variant `short-ransom`: fewer points than the ransom, all of them paid.
                    let paid = if score < ransom {
                        format!("all your {score} points (their marker moves forward {ransom})")
                    } else {
                        format!("{ransom} points")
                    };
                    (
                        None,
                        format!(
                            "pay the {} player {paid} of ransom for your {}",
                            game.player(captor).color.name(),
                            words::figure_word(figure)
                        ),
                    )
                }
                (_, Action::PlaceAbbey { pos }) => {
                    (Some([0.5, 0.5]), format!("place your abbey in the hole {}", words::place_words(pos)))
                }
                (Pending::Deploy { pos, .. }, Action::PlaceBarn { corner }) => (
                    Some(corner_anchor(corner)),
                    format!("place your barn on the {} corner of {}", words::corner_words(corner), words::tile_at(pos)),
                ),
                (_, Action::PlaceBarn { .. }) => (None, "a barn".into()),
                (_, Action::MoveWagon { pos, feature }) => (
                    anchor(game, pos, feature),
                    format!(
                        "move your wagon onto {} {}",
                        words::feature_words(game, pos, feature),
                        words::place_words(pos)
                    ),
                ),
                // The quarters are drawn where `carcassonne.quarters[].at` says.
                (_, Action::DeployToQuarter { figure, quarter }) => (
                    None,
                    format!(
                        "deploy your {} to {} of Carcassonne",
                        words::figure_word(figure),
                        words::quarter_words(quarter)
                    ),
                ),
                (_, Action::MoveCount { quarter }) => (
                    Some(quarter_anchor(game, quarter)),
                    format!("move the count to {}", words::quarter_words(quarter)),
                ),
                (_, Action::Redeploy { figure, pos, feature }) => {
                    let kind = words::feature_kind(game, pos, feature);
                    (
                        anchor(game, pos, feature),
                        format!(
                            "move your {} from Carcassonne {} {} {}",
                            words::figure_role(figure, kind),
                            words::preposition_of_motion(kind),
                            words::feature_words(game, pos, feature),
                            words::place_words(pos)
                        ),
                    )
                }
                (Pending::Carcassonne { .. }, Action::Pass) => (None, "deploy nothing to Carcassonne".into()),
                (Pending::MoveCount { .. }, Action::Pass) => (
                    None,
                    format!(
                        "leave the count in {}",
                        game.count_quarter().map_or_else(|| "its quarter".into(), words::quarter_words)
                    ),
                ),
                (Pending::Redeploy { .. }, Action::Pass) => (None, "none: redeploy no more".into()),
                (Pending::FinalRedeploy { .. }, Action::Pass) => {
                    (None, "none: leave the rest in Carcassonne (they score nothing)".into())
                }
                (Pending::HeldTile { tile, .. }, Action::PlayHeldTile) => (
                    None,
                    format!("place the tile you hold ({}) instead of drawing one", words::tile_name(game.design(tile))),
                ),
                (_, Action::PlayHeldTile) => (None, "place the tile you hold".into()),
                (_, Action::ChooseTile { tile }) => {
                    let name = words::tile_name(game.design(tile));
                    (None, format!("take {name} {}", choose_source_words(game)))
                }
                (_, Action::GiveTile { tile, to }) => {
                    let name = words::tile_name(game.design(tile));
                    (None, format!("give {name} to {}", game.player(to).color.name()))
                }
                (Pending::ChooseTile { .. }, Action::Pass) => (None, "draw a tile from the pile instead".into()),
                (Pending::Abbey { .. } | Pending::HeldTile { .. }, Action::Pass) => (None, "draw a tile".into()),
                (Pending::MoveWagon { .. }, Action::Pass) => (None, "take the wagon home".into()),
                (Pending::Escape { .. }, Action::Pass) => (None, "no knight escapes".into()),
                (Pending::Capture { .. } | Pending::TakePrisoner { .. }, Action::Pass) => {
                    (None, "take no prisoner".into())
                }
                (Pending::Deploy { .. }, Action::Pass) if game.in_dash_round() => (None, "stop the dash".into()),
                (Pending::Deploy { .. }, Action::Pass) if game.after_rebuilding() => {
                    (None, "no figure on the moved tile".into())
                }
                (_, Action::Pass) => (None, "no figure".into()),
            };
            // "The dash": a round's deployment or move costs a point.
            let label =
                if game.in_dash_round() && action != Action::Pass { format!("{label} (1 point)") } else { label };
            LegalView { action: bare(encode_action(game, action)), at, label }
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
            points: input.tally.seat(i),
            tower_pieces: game
                .rules()
                .has(carcassonne_engine::Expansion::Tower)
                .then(|| game.tower_pieces(i as PlayerId)),
            prisoners: game
                .prisoners()
                .iter()
                .filter(|p| p.captor as usize == i)
                .map(|p| PrisonerView {
                    seat: p.owner,
                    figure: p.figure,
                    label: format!(
                        "{}'s {}",
                        input.seats.get(p.owner as usize).map_or("?", |s| s.name.as_str()),
                        words::figure_word(p.figure)
                    ),
                })
                // The variation "Prisoners": the prisoners this seat's guards hold.
                .chain(game.guards().iter().filter(|g| g.captor as usize == i).map(|g| PrisonerView {
                    seat: g.owner,
                    figure: g.prisoner,
                    label: format!(
                        "{}'s {}, guarded by a {}",
                        input.seats.get(g.owner as usize).map_or("?", |s| s.name.as_str()),
                        words::figure_word(g.prisoner),
                        words::figure_word(g.guard)
                    ),
                }))
                .collect(),
            abbey: game.rules().has(carcassonne_engine::Expansion::AbbeyMayor).then(|| game.holds_abbey(i as PlayerId)),
            held_tile: game.held_tile(i as PlayerId).map(|t| game.design(t).id.clone()),
            hand_size: game.players_hold_tiles().then(|| game.hand(i as PlayerId).len()),
            hand: (game.players_hold_tiles() && (you.contains(&(i as PlayerId)) || game.hands_are_public()))
                .then(|| game.hand(i as PlayerId).iter().map(|&t| game.design(t).id.clone()).collect()),
        })
        .collect();
    let barns = game
        .barns()
        .iter()
        .map(|b| BarnView {
            seat: b.owner,
            x: b.pos.x,
            y: b.pos.y,
            corner: b.corner.name(),
            at: corner_anchor(b.corner),
            label: format!(
                "{}'s barn on the {} corner of {}",
                input.seats.get(b.owner as usize).map_or("?", |s| s.name.as_str()),
                words::corner_words(b.corner),
                words::tile_at(b.pos)
            ),
        })
        .collect();
    let pending = match game.pending() {
        Pending::PlaceTile { player, tile } => PendingView::Place {
            seat: player,
            tile: game.design(tile).id.clone(),
            tile_name: words::tile_name(game.design(tile)),
        },
        Pending::Deploy { player, pos } => PendingView::Deploy {
            seat: player,
            x: pos.x,
            y: pos.y,
            dash: game.in_dash_round(),
            rebuilt: game.after_rebuilding(),
            may_rebuild: game.rules().variants.rebuilding
                && game.legal_actions().iter().any(|a| matches!(a, Action::RemoveTile { .. })),
        },
        Pending::Escape { player } => PendingView::Escape { seat: player },
        Pending::MoveDragon { player } => PendingView::Dragon { seat: player },
        Pending::Capture { player, pos } => PendingView::Capture { seat: player, x: pos.x, y: pos.y },
        Pending::Exchange { player, other } => PendingView::Exchange { seat: player, other },
        Pending::Abbey { player } => PendingView::Abbey { seat: player },
        Pending::MoveWagon { player, pos, feature } => {
            PendingView::Wagon { seat: player, x: pos.x, y: pos.y, feature: feature_name(game, pos, feature) }
        }
        Pending::Carcassonne { player } => PendingView::Carcassonne { seat: player },
        Pending::MoveCount { player } => PendingView::Count { seat: player },
        Pending::Redeploy { player, pos, feature } => PendingView::Redeploy {
            seat: player,
            x: pos.x,
            y: pos.y,
            feature: feature_name(game, pos, feature),
            kind: words::feature_kind(game, pos, feature),
            label: format!("{} {}", words::feature_words(game, pos, feature), words::place_words(pos)),
        },
        Pending::FinalRedeploy { player } => PendingView::FinalRedeploy { seat: player },
        Pending::ChooseTile { player } => PendingView::ChooseTile { seat: player, from: choose_source(game) },
        Pending::GiveTile { player } => PendingView::GiveTile {
            seat: player,
            recipients: (0..game.players().len() as PlayerId)
                .filter(|&p| p != player && game.hand(p).is_empty())
                .collect(),
        },
        Pending::TakePrisoner { player } => PendingView::TakePrisoner { seat: player },
        Pending::ReplaceTile { player, tile, from } => PendingView::ReplaceTile {
            seat: player,
            tile: game.design(tile).id.clone(),
            tile_name: words::tile_name(game.design(tile)),
            from_x: from.x,
            from_y: from.y,
            from_label: words::place_words(from),
        },
        Pending::HeldTile { player, tile } => PendingView::HeldTile {
            seat: player,
            tile: game.design(tile).id.clone(),
            tile_name: words::tile_name(game.design(tile)),
        },
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
                label: words::owned_figure_on(
                    game,
                    input.seats.get(f.owner as usize).map_or("?", |s| s.name.as_str()),
                    f.figure,
                    pos,
                    f.feature,
                ),
            }
        })
        .collect();
    let mut tokens = BTreeMap::new();
    if game.rules().has(carcassonne_engine::Expansion::KingRobber) {
        for token in [Token::King, Token::RobberBaron] {
            tokens.insert(token.name(), game.token_holder(token).map(|(p, _)| p));
        }
    }
    let fairy = game.fairy().map(|(pos, next_to)| {
        let at = next_to.and_then(|f| anchor(game, pos, f.feature)).map_or([0.3, 0.3], |[x, y]| {
            // Beside the follower, not on it.
            [(x + 0.16).min(0.92), (y - 0.12).max(0.08)]
        });
        let label = match next_to {
            Some(f) => format!(
                "the fairy, next to {}",
                words::owned_figure_on(
                    game,
                    input.seats.get(f.owner as usize).map_or("?", |s| s.name.as_str()),
                    f.figure,
                    pos,
                    f.feature
                )
            ),
            None => format!("the fairy, alone {}", words::place_words(pos)),
        };
        FairyView { x: pos.x, y: pos.y, at, seat: next_to.map(|f| f.owner), label }
    });
    let dragon_move = game.dragon_move().map(|(steps_left, visited)| DragonMoveView {
        steps_left,
        visited: visited.iter().map(|p| [p.x, p.y]).collect(),
    });
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
        pending,
        board,
        figures,
        tokens,
        dragon: game.dragon().map(|p| [p.x, p.y]),
        dragon_label: game.dragon().map(|p| format!("The dragon, on {}", words::tile_at(p))),
        fairy,
        dragon_move,
        set_aside: game.tiles_set_aside().iter().map(|&t| game.design(t).id.clone()).collect(),
        barns,
        carcassonne: carcassonne_view(game, input.seats),
        tile_row: game.tile_row().iter().map(|&t| game.design(t).id.clone()).collect(),
        towers: game
            .towers()
            .iter()
            .map(|s| TowerView {
                x: s.pos.x,
                y: s.pos.y,
                height: s.height,
                finished: s.finished,
                at: anchor(game, s.pos, s.feature).unwrap_or([0.5, 0.5]),
                label: {
                    let mut words = tower_words(game, s.pos);
                    if let Some(first) = words.get_mut(..1) {
                        first.make_ascii_uppercase();
                    }
                    words
                },
            })
            .collect(),
        tiles_left: observation.tiles_left(),
        remaining,
        legal,
        events_from,
        events,
        steps: None,
    }
}

/// The client form of an engine event, its sentence in words (`words.rs`) naming players by
/// `names` (in seat order). `game` is the game after the event (feature names, positions of
/// placed tiles and the aggregates of completed features never change, so any later state
/// names them the same way).
pub fn event_view(game: &Game, names: &[String], index: usize, action: Option<usize>, event: &Event) -> EventView {
    use serde_json::json;
    let name = |p: PlayerId| names.get(p as usize).cloned().unwrap_or_else(|| format!("Seat {}", p + 1));
    let tile_id = |t| game.design(t).id.clone();
    let tile_words = |t| words::tile_name(game.design(t));
    let figure_detail = |kind: &str, player: PlayerId, figure: Figure, pos: Pos, feature: u8| {
        json!({"type": kind, "seat": player, "figure": figure, "x": pos.x, "y": pos.y,
               "feature": feature_name(game, pos, feature)})
    };
    let role =
        |figure: Figure, pos: Pos, feature: u8| words::figure_role(figure, words::feature_kind(game, pos, feature));
    let (detail, text) = match *event {
        Event::TileDrawn { player, tile } => (
            json!({"type": "tile-drawn", "seat": player, "tile": tile_id(tile)}),
            format!("{} draws {}", name(player), tile_words(tile)),
        ),
        Event::TileBackToPile { player, tile } => (
            json!({"type": "tile-back-to-pile", "seat": player, "tile": tile_id(tile)}),
            format!(
                "{} cannot place {} anywhere; it goes back into the pile and {} draws again",
                name(player),
                tile_words(tile),
                name(player)
            ),
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
        Event::TileRemoved { player, tile, pos, rotation } => (
            json!({"type": "tile-removed", "seat": player, "tile": tile_id(tile), "x": pos.x, "y": pos.y,
                   "rotation": rotation.degrees(), "points": 1}),
            format!(
                "{} gives up a point and removes {} {} (rebuilding)",
                name(player),
                tile_words(tile),
                words::place_words(pos)
            ),
        ),
        Event::TileReplaced { player, tile, from, pos, rotation } => (
            json!({"type": "tile-replaced", "seat": player, "tile": tile_id(tile), "from_x": from.x, "from_y": from.y,
                   "x": pos.x, "y": pos.y, "rotation": rotation.degrees()}),
            format!(
                "{} moves {} from {} to {} (rebuilding)",
                name(player),
                tile_words(tile),
                words::place_words(from).trim_start_matches("at "),
                words::place_words(pos).trim_start_matches("at ")
            ),
        ),
        Event::MountainRaised { player, tile, pos } => (
            json!({"type": "mountain-raised", "seat": player, "tile": tile_id(tile), "x": pos.x, "y": pos.y}),
            format!("{} turns {} upside down: a mountain {}", name(player), tile_words(tile), words::place_words(pos)),
        ),
        Event::FigureDeployed { player, figure, pos, feature } => (
            figure_detail("figure-deployed", player, figure, pos, feature),
            format!("{} deploys {}", name(player), words::figure_on(game, figure, pos, feature)),
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
            figure_detail("figure-returned", player, figure, pos, feature),
            format!("{}'s {} returns to the supply", name(player), role(figure, pos, feature)),
        ),
        Event::TokenTaken { player, token, tiles } => (
            json!({"type": "token-taken", "seat": player, "token": token, "tiles": tiles}),
            format!(
                "{} completes the {} so far ({tiles} tiles) and takes {}",
                name(player),
                match token {
                    Token::King => "largest city",
                    Token::RobberBaron => "longest road",
                },
                words::token_name(token)
            ),
        ),
        Event::TokenScored { player, token, count, points } => (
            json!({"type": "token-scored", "seat": player, "token": token, "count": count, "points": points}),
            format!(
                "Final scoring: {} scores {points} with {}, 1 for each of the {count} completed {}",
                name(player),
                words::token_name(token),
                match token {
                    Token::King => "cities",
                    Token::RobberBaron => "roads",
                }
            ),
        ),
        Event::Escaped { player, figure, pos, feature } => (
            figure_detail("escaped", player, figure, pos, feature),
            format!(
                "{}'s {} escapes the besieged city {} and returns to the supply",
                name(player),
                words::figure_role(figure, FeatureKind::City),
                words::place_words(pos)
            ),
        ),
        Event::GoodsCollected { player, goods } => (
            json!({"type": "goods-collected", "seat": player, "goods": goods}),
            format!("{} collects {}", name(player), words::goods_words(goods)),
        ),
        Event::GoodsScored { player, good, count, points } => (
            json!({"type": "goods-scored", "seat": player, "good": good, "count": count, "points": points}),
            format!(
                "Final scoring: {} has the most {} ({count}) and scores {points}",
                name(player),
                words::good_word(good)
            ),
        ),
        Event::DoubleTurn { player } => (
            json!({"type": "double-turn", "seat": player}),
            format!("{}'s builder earns a second tile: {} plays again", name(player), name(player)),
        ),
        Event::HoleFilled { player } => (
            json!({"type": "hole-filled", "seat": player}),
            format!("{} filled a hole: {} plays again", name(player), name(player)),
        ),
        Event::ExtraTurn { player } => (
            json!({"type": "extra-turn", "seat": player}),
            format!("The volcano lake gives {} another turn", name(player)),
        ),
        Event::TileSetAside { player, tile } => (
            json!({"type": "tile-set-aside", "seat": player, "tile": tile_id(tile)}),
            format!(
                "{} draws {}; the dragon is not in play yet, so it is set aside and {} draws again",
                name(player),
                tile_words(tile),
                name(player)
            ),
        ),
        Event::TilesMixedIn { count } => (
            json!({"type": "tiles-mixed-in", "count": count}),
            format!(
                "The {} set aside {} mixed into the face-down tiles",
                if count == 1 { "dragon tile".to_string() } else { format!("{count} dragon tiles") },
                if count == 1 { "is" } else { "are" }
            ),
        ),
        Event::DragonPlaced { pos } => (
            json!({"type": "dragon-placed", "x": pos.x, "y": pos.y}),
            format!("The dragon comes to the volcano {}", words::place_words(pos)),
        ),
        Event::DragonMoved { player, pos } => (
            json!({"type": "dragon-moved", "seat": player, "x": pos.x, "y": pos.y}),
            format!("{} moves the dragon onto {}", name(player), words::tile_at(pos)),
        ),
        Event::FigureEaten { player, figure, pos, feature } => (
            figure_detail("figure-eaten", player, figure, pos, feature),
            format!("The dragon eats {}'s {}; it returns to the supply", name(player), role(figure, pos, feature)),
        ),
        Event::FairyMoved { player, pos, feature } => (
            json!({"type": "fairy-moved", "seat": player, "x": pos.x, "y": pos.y,
                   "feature": feature_name(game, pos, feature)}),
            format!(
                "{} moves the fairy next to their {}, {}",
                name(player),
                words::figure_role_on(game, figure_at(game, pos, feature), pos, feature),
                words::place_words(pos)
            ),
        ),
        Event::FairyBonus { player, points } => (
            json!({"type": "fairy-bonus", "seat": player, "points": points}),
            if points == 1 {
                format!("The fairy gives {} 1 point at the start of the turn", name(player))
            } else {
                format!("The fairy gives {} {points} points as their follower beside it is scored", name(player))
            },
        ),
        Event::KnightRemoved { player, owner, figure, pos, feature } => (
            json!({"type": "knight-removed", "seat": player, "owner": owner, "figure": figure, "x": pos.x,
                   "y": pos.y, "feature": feature_name(game, pos, feature)}),
            format!(
                "{}'s princess sends {}'s {} home from the city {}",
                name(player),
                name(owner),
                words::figure_role(figure, FeatureKind::City),
                words::place_words(pos)
            ),
        ),
        Event::TowerBuilt { player, pos, height } => (
            json!({"type": "tower-built", "seat": player, "x": pos.x, "y": pos.y, "height": height}),
            format!(
                "{} builds the tower {} to {height} piece{}",
                name(player),
                words::place_words(pos),
                if height == 1 { "" } else { "s" }
            ),
        ),
        Event::Captured { player, owner, figure, pos, feature } => (
            json!({"type": "captured", "seat": player, "owner": owner, "figure": figure, "x": pos.x, "y": pos.y,
                   "feature": feature_name(game, pos, feature)}),
            if owner == player {
                format!(
                    "{}'s tower takes back their own {}, {}; it returns to the supply",
                    name(player),
                    words::figure_role_on(game, figure, pos, feature),
                    words::place_words(pos)
                )
            } else {
                format!(
                    "{}'s tower takes {}'s {} prisoner, {}",
                    name(player),
                    name(owner),
                    words::figure_role_on(game, figure, pos, feature),
                    words::place_words(pos)
                )
            },
        ),
        Event::PrisonerTaken { player, owner, figure, pos, feature, guard, guard_pos, guard_feature } => (
            json!({"type": "prisoner-taken", "seat": player, "owner": owner, "figure": figure, "x": pos.x, "y": pos.y,
                   "feature": feature_name(game, pos, feature), "guard": guard, "guard_x": guard_pos.x,
                   "guard_y": guard_pos.y, "guard_feature": feature_name(game, guard_pos, guard_feature)}),
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
        Event::FollowerMoved { player, figure, from, from_feature, pos, feature } => (
            json!({"type": "follower-moved", "seat": player, "figure": figure, "from_x": from.x, "from_y": from.y,
                   "from_feature": feature_name(game, from, from_feature), "x": pos.x, "y": pos.y,
                   "feature": feature_name(game, pos, feature)}),
            format!(
                "{} moves their {} {} onto {} {}",
                name(player),
                words::figure_word(figure),
                words::place_words(from),
                words::feature_words(game, pos, feature),
                words::place_words(pos)
            ),
        ),
        Event::PointSacrificed { player } => (
            json!({"type": "point-sacrificed", "seat": player, "points": 1}),
            format!("{} gives up a point for another move (the dash)", name(player)),
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
        Event::PrisonersExchanged { player, figure, other, other_figure } => (
            json!({"type": "prisoners-exchanged", "seat": player, "figure": figure, "other": other,
                   "other_figure": other_figure}),
            format!(
                "{} and {} exchange prisoners: {}'s {} and {}'s {} go home",
                name(player),
                name(other),
                name(player),
                words::figure_word(figure),
                name(other),
                words::figure_word(other_figure)
            ),
        ),
        Event::RansomPaid { player, captor, figure, points } => (
            json!({"type": "ransom-paid", "seat": player, "captor": captor, "figure": figure, "points": points}),
            format!(
                "{} pays {} {points} points of ransom and has their {} back",
                name(player),
                name(captor),
                words::figure_word(figure)
            ),
        ),
        Event::ShortRansomPaid { player, captor, figure, paid, received } => (
            json!({"type": "ransom-paid", "seat": player, "captor": captor, "figure": figure, "points": paid, "received": received}),
            format!(
                "{} pays {} all their {paid} points of ransom ({} gains {received}) and has their {} back",
                name(player),
                name(captor),
                name(captor),
                words::figure_word(figure)
            ),
        ),
        Event::BarnPlaced { player, pos, corner } => (
            json!({"type": "barn-placed", "seat": player, "x": pos.x, "y": pos.y, "corner": corner.name()}),
            format!(
                "{} places a barn on the {} corner of {}",
                name(player),
                words::corner_words(corner),
                words::tile_at(pos)
            ),
        ),
        Event::BarnScoring { player, pos, corner } => (
            json!({"type": "barn-scoring", "seat": player, "x": pos.x, "y": pos.y, "corner": corner.name()}),
            format!("{}'s barn {} scores its farm", name(player), words::place_words(pos)),
        ),
        Event::WagonMoved { player, pos, feature } => (
            figure_detail("wagon-moved", player, Figure::Wagon, pos, feature),
            format!(
                "{} moves their wagon onto {} {}",
                name(player),
                words::feature_words(game, pos, feature),
                words::place_words(pos)
            ),
        ),
        Event::FigureToQuarter { player, figure, quarter } => (
            json!({"type": "figure-to-quarter", "seat": player, "figure": figure, "quarter": quarter}),
            format!(
                "{} deploys a {} to {} of Carcassonne",
                name(player),
                words::figure_word(figure),
                words::quarter_words(quarter)
            ),
        ),
        Event::CountMoved { player, quarter } => (
            json!({"type": "count-moved", "seat": player, "quarter": quarter}),
            // Under the official variants the count moves by itself with the deployment.
            if game.rules().variants.count_moves == carcassonne_engine::CountMoves::Free {
                format!("{} moves the count to {}", name(player), words::quarter_words(quarter))
            } else {
                format!("The count moves to {}", words::quarter_words(quarter))
            },
        ),
        Event::FigureRedeployed { player, figure, quarter, pos, feature } => {
            let mut detail = figure_detail("figure-redeployed", player, figure, pos, feature);
            detail["quarter"] = json!(quarter);
            let kind = words::feature_kind(game, pos, feature);
            (
                detail,
                format!(
                    "{} moves a {} from {} of Carcassonne {} {} {}",
                    name(player),
                    words::figure_role(figure, kind),
                    words::quarter_words(quarter),
                    words::preposition_of_motion(kind),
                    words::feature_words(game, pos, feature),
                    words::place_words(pos)
                ),
            )
        }
        Event::HeldTilePlayed { player, tile } => (
            json!({"type": "held-tile-played", "seat": player, "tile": tile_id(tile)}),
            format!("{} places the tile they held ({}) instead of drawing one", name(player), tile_words(tile)),
        ),
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
            format!("{} is turned face up", capitalized(&tile_words(tile))),
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
        Event::CloisterToNeighbour { owners } => {
            let owners: Vec<PlayerId> = owners.iter().collect();
            let left: Vec<String> = owners.iter().map(|&p| name((p + 1) % names.len().max(1) as PlayerId)).collect();
            (
                json!({"type": "cloister-to-neighbour", "seats": owners}),
                format!(
                    "The battle for completed cloisters: the unfinished cloister of {} scores for {}",
                    owners.iter().map(|&p| name(p)).collect::<Vec<_>>().join(" and "),
                    left.join(" and ")
                ),
            )
        }
        Event::GameEnded => (json!({"type": "game-ended"}), "The game is over".to_string()),
    };
    let score_changes = event.score_changes().map(|(seat, points)| ScoreChangeView { seat, points }).collect();
    EventView { index, action, detail, score_changes, text }
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

/// `text` with its first letter in capitals.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
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

    /// The house rule "a three-tile hand": with `hidden` a seat's view shows its own tiles only
    /// (the others' as a count), with `visible` every view shows every seat's tiles.
    #[test]
    fn a_three_tile_hand_is_shown_to_its_owner_or_to_all() {
        use carcassonne_engine::ThreeTileHand;
        for visibility in [ThreeTileHand::Hidden, ThreeTileHand::Visible] {
            let variants = carcassonne_engine::Variants { three_tile_hand: visibility, ..Default::default() };
            let rules = Rules { variants, ..Rules::base() };
            let game =
                Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck: Deck::Seed(2) }).unwrap();
            let seats = seats(2);
            let tally = Tally::new(2);
            for you in [vec![0], vec![1], vec![]] {
                let input =
                    ViewInput { id: "g", version: 0, game: &game, seats: &seats, online: &[0, 0], tally: &tally };
                let view = serde_json::to_value(game_view(&input, you.clone(), 0, vec![])).unwrap();
                for seat in 0..2u8 {
                    let shown = view["seats"][seat as usize]["hand"].as_array().map(Vec::len);
                    let sees = you.contains(&seat) || visibility == ThreeTileHand::Visible;
                    assert_eq!(shown, sees.then_some(3), "{visibility:?}, view of {you:?}, seat {seat}");
                    assert_eq!(view["seats"][seat as usize]["hand_size"], 3);
                }
            }
        }
    }

    /// "Rebuilding": every view of a figure decision (each seat's and a spectator's) says
    /// whether the deciding seat may remove a tile, exactly when a removal is legal.
    #[test]
    fn every_view_says_whether_a_tile_may_be_removed() {
        let rules = Rules {
            variants: carcassonne_engine::Variants { rebuilding: true, ..Default::default() },
            ..Rules::base()
        };
        let mut game =
            Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck: Deck::Seed(4) }).unwrap();
        let seats = seats(2);
        let tally = Tally::new(2);
        let (mut may, mut may_not) = (0, 0);
        let mut step = 0;
        while !game.is_over() {
            let actions = game.legal_actions();
            if matches!(game.pending(), Pending::Deploy { .. }) {
                let removal = actions.iter().any(|a| matches!(a, Action::RemoveTile { .. }));
                for you in [vec![0], vec![1], vec![]] {
                    let input = ViewInput {
                        id: "g",
                        version: step,
                        game: &game,
                        seats: &seats,
                        online: &[0, 0],
                        tally: &tally,
                    };
                    let view = serde_json::to_value(game_view(&input, you, 0, vec![])).unwrap();
                    assert_eq!(view["pending"]["may_rebuild"].as_bool().unwrap_or(false), removal, "step {step}");
                }
                if removal {
                    may += 1;
                } else {
                    may_not += 1;
                }
            }
            // Never remove a tile, so that the points pile up and removals come.
            let keep: Vec<Action> =
                actions.iter().copied().filter(|a| !matches!(a, Action::RemoveTile { .. })).collect();
            game.apply(keep[step * 17 % keep.len()]).unwrap();
            step += 1;
        }
        assert!(may > 10 && may_not > 0, "{may} with a removal, {may_not} without");
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

    /// Every event that changes a score says whose and by how much, with the sign: a client adds
    /// `score_changes` up without knowing the kinds of events.
    #[test]
    fn score_changes_say_who_gained_and_who_lost() {
        let game =
            Game::new(GameSetup { rules: Rules::base(), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(1) })
                .unwrap();
        let names = ["Ann".to_string(), "Bob".to_string()];
        let changes = |event: Event| {
            let view = serde_json::to_value(event_view(&game, &names, 0, Some(0), &event)).unwrap();
            view.get("score_changes").cloned()
        };
        let ransom = Event::RansomPaid { player: 0, captor: 1, figure: Figure::Follower, points: 3 };
        assert_eq!(changes(ransom), Some(serde_json::json!([{"seat": 0, "points": -3}, {"seat": 1, "points": 3}])));
        assert_eq!(changes(Event::PointSacrificed { player: 1 }), Some(serde_json::json!([{"seat": 1, "points": -1}])));
        assert_eq!(
            changes(Event::FairyBonus { player: 0, points: 3 }),
            Some(serde_json::json!([{"seat": 0, "points": 3}]))
        );
        assert_eq!(changes(Event::Passed { player: 0 }), None, "no score changed: no field");
    }

    /// The fairy's points are in the seats' tallies, during the game and in the final scoring,
    /// so that every seat's tallies add up to its score.
    #[test]
    fn the_tally_counts_the_fairy_and_the_ransoms() {
        let rules = Rules { expansions: vec![Expansion::PrincessDragon, Expansion::Tower], ..Rules::base() };
        let (mut during, mut at_end, mut ransoms) = (0, 0, 0);
        for seed in 0..6u64 {
            let players = vec![Color::Red, Color::Blue, Color::Green];
            let mut game = Game::new(GameSetup { rules: rules.clone(), players, deck: Deck::Seed(seed) }).unwrap();
            let mut tally = Tally::new(3);
            let mut bonus = [0u32; 3];
            let mut step = 0;
            while !game.is_over() {
                let actions = game.legal_actions();
                // Moving the fairy, capturing and paying ransoms whenever possible, their points
                // come often.
                let preferred = actions.iter().find(|a| {
                    matches!(a, Action::MoveFairy { .. } | Action::PayRansom { .. } | Action::Capture { .. })
                        || (matches!(a, Action::BuildTower { .. }) && step % 3 == 0)
                });
                let action = preferred.copied().unwrap_or(actions[step * 31 % actions.len()]);
                for event in game.apply(action).unwrap() {
                    match event {
                        Event::FairyBonus { player, points } => bonus[player as usize] += points,
                        Event::RansomPaid { .. } => ransoms += 1,
                        _ => {}
                    }
                    tally.add(&event);
                }
                step += 1;
            }
            for (seat, player) in game.players().iter().enumerate() {
                let points = tally.seat(seat);
                let fairy = |map: &BTreeMap<&str, i64>| map.get("fairy").copied().unwrap_or(0);
                assert_eq!(
                    fairy(&points.turn) + fairy(&points.final_),
                    i64::from(bonus[seat]),
                    "seed {seed}, seat {seat}"
                );
                let total: i64 = points.turn.values().chain(points.final_.values()).sum();
                assert_eq!(total, i64::from(player.score), "seed {seed}, seat {seat}: {points:?}");
                during += fairy(&points.turn);
                at_end += fairy(&points.final_);
            }
        }
        assert!(during > 0 && at_end > 0, "fairy points during the game {during}, at the end {at_end}");
        assert!(ransoms > 0, "no ransom was paid");
    }

    /// Engine notation that no text for people may show, or `None`: feature names
    /// (`city@N`, `cloister#2`), catalog ids (`base:U`), coordinates (`(2, -1)`), port names,
    /// the engine's kebab-case names, and "a" before a vowel ("a abbot").
    fn engine_notation(text: &str) -> Option<String> {
        if text.contains('@') {
            return Some("a feature name (`@`)".into());
        }
        let chars: Vec<char> = text.chars().collect();
        for (i, w) in chars.windows(3).enumerate() {
            if w[1] == ':' && w[0].is_ascii_alphanumeric() && w[2].is_ascii_alphanumeric() {
                return Some(format!("a catalog id at character {i}"));
            }
            if w[0] == '#' && w[1].is_ascii_digit() {
                return Some("a numbered feature (`#2`)".into());
            }
        }
        for (i, _) in text.match_indices('(') {
            let inner: String = text[i + 1..].chars().take_while(|&c| c != ')').collect();
            let numbers: Vec<&str> = inner.split(',').map(str::trim).collect();
            if numbers.len() == 2 && numbers.iter().all(|n| n.parse::<i32>().is_ok()) {
                return Some(format!("coordinates ({inner})"));
            }
        }
        const PORTS: [&str; 12] = ["N", "E", "S", "W", "NNE", "NNW", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW"];
        const ENGINE_NAMES: [&str; 5] = ["big-follower", "robber-baron", "field", "tile-drawn", "recall-abbot"];
        let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric() && c != '-').collect();
        if let Some(port) = words.iter().find(|w| PORTS.contains(w)) {
            return Some(format!("the port name `{port}`"));
        }
        if let Some(name) = ENGINE_NAMES.iter().find(|n| text.contains(**n)) {
            return Some(format!("the engine name `{name}`"));
        }
        for pair in words.windows(2) {
            if pair[0] == "a" && pair[1].starts_with(|c: char| "aeiou".contains(c)) {
                return Some(format!("\"a {}\"", pair[1]));
            }
            if ["your", "their", "the", "a"].contains(&pair[0]) && ["a", "an", "the"].contains(&pair[1]) {
                return Some(format!("a doubled article: \"{} {}\"", pair[0], pair[1]));
            }
        }
        if text.contains("dragon at the start tile") {
            return Some("a place phrase after a verb of motion (\"at the start tile\")".into());
        }
        None
    }

    #[test]
    fn the_notation_check_finds_engine_notation() {
        for bad in [
            "Ann deploys a follower on city@N",
            "Ann draws base:U",
            "Ann draws river-2:04",
            "Ann places it at (3, -1)",
            "the road at W",
            "Ann deploys a abbot",
            "the big-follower returns",
            "the field to the north",
            "move the fairy next to your a thief on the road",
            "move the dragon at the start tile",
        ] {
            assert!(engine_notation(bad).is_some(), "{bad}");
        }
        for good in [
            "Ann scores 8 for the completed city 2 tiles east of the start tile (4 tiles × 2 = 8)",
            "Final scoring: Ann scores 5 with the king, 1 for each of the 5 completed cities",
            "Ann deploys the big follower (knight) in the city to the north and west",
        ] {
            assert_eq!(engine_notation(good), None, "{good}");
        }
    }

    /// Every text a person reads, over long random games with every implemented expansion: the
    /// event sentences, score breakdowns, figure and legal-action labels and tile names are in
    /// words, and the bonuses and penalties of inns, cathedrals, sieges and pigs are named.
    #[test]
    fn no_text_for_people_shows_engine_notation() {
        use carcassonne_bots::{Bot, RandomBot};
        let all_but_winter: Vec<Expansion> = Expansion::ALL.into_iter().filter(|e| *e != Expansion::Winter).collect();
        let mut second = Rules { expansions: all_but_winter, ..Rules::base() };
        second.variants.tile_edition = carcassonne_engine::Edition::Second;
        let configs = [(second.clone(), 4), (Rules { expansions: Expansion::ALL.to_vec(), ..Rules::base() }, 6)];
        let mut named = BTreeMap::<&str, usize>::new();
        let mut texts = 0;
        for (config, (rules, players)) in configs.iter().enumerate() {
            for seed in 0..3u64 {
                let colors = Color::ALL[..*players].to_vec();
                let (mut game, start) = Game::with_catalog(
                    Catalog::builtin(),
                    GameSetup { rules: rules.clone(), players: colors, deck: Deck::Seed(seed * 7 + config as u64) },
                )
                .unwrap();
                let seats = seats(*players);
                let names: Vec<String> =
                    ["Anna", "Ben", "Cleo", "Dev", "Eli", "Fay"][..*players].iter().map(|n| n.to_string()).collect();
                let mut bots: Vec<RandomBot> = (0..*players as u64).map(|p| RandomBot::new(seed * 10 + p)).collect();
                let mut events = start;
                let mut step = 0;
                loop {
                    let mut check = |what: &str, text: &str| {
                        texts += 1;
                        assert!(!text.is_empty(), "{what} is empty");
                        if let Some(problem) = engine_notation(text) {
                            panic!("{what} shows {problem}: {text}");
                        }
                    };
                    for event in &events {
                        let view = event_view(&game, &names, 0, None, event);
                        check("an event's text", &view.text);
                        if let Some(breakdown) = view.detail.get("breakdown").and_then(|b| b.as_str()) {
                            check("a breakdown", breakdown);
                            for word in ["inn", "cathedral", "siege", "pig", "besieged city counts twice"] {
                                if breakdown.contains(word) {
                                    *named.entry(word).or_default() += 1;
                                }
                            }
                        }
                    }
                    if step % 5 == 0 || game.is_over() {
                        let tally = Tally::new(*players);
                        let online = vec![0; *players];
                        let input = ViewInput {
                            id: "g",
                            version: step,
                            game: &game,
                            seats: &seats,
                            online: &online,
                            tally: &tally,
                        };
                        let view = game_view(&input, (0..*players as PlayerId).collect(), 0, vec![]);
                        for figure in &view.figures {
                            check("a figure's label", &figure.label);
                        }
                        for legal in view.legal.iter().flatten() {
                            check("a legal action's label", &legal.label);
                        }
                        for remaining in &view.remaining {
                            check("a tile name", &remaining.name);
                        }
                        if let PendingView::Place { tile_name, .. } = &view.pending {
                            check("the drawn tile's name", tile_name);
                        }
                    }
                    let Some(player) = game.pending().player() else { break };
                    let action = bots[player as usize].choose_action(&game.observation(Some(player)));
                    events = game.apply(action).unwrap();
                    step += 1;
                }
            }
        }
        for design in Catalog::builtin().designs() {
            let name = crate::words::tile_name(design);
            assert_eq!(engine_notation(&name), None, "{}: {name}", design.id);
        }
        for word in ["inn", "cathedral", "siege", "pig"] {
            assert!(named.get(word).copied().unwrap_or(0) > 0, "no score breakdown named the {word}: {named:?}");
        }
        assert!(texts > 5000, "{texts}");
    }
}
