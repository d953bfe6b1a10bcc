//! Little Buildings' view: the buildings on the tiles, the buildings a seat has left, and the
//! building offered instead of a deployment.

use carcassonne_engine::{Action, BuildingKind, Event, Expansion, Game, Pending, PlayerId};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Legal, Names, ViewContext, ViewModule};
use crate::view::fields::Fields;
use crate::words;

pub(crate) struct LittleBuildings;

/// Where on its tile a building is drawn (tile units from the north-west): low on the left, off
/// the middle where the features and figures are.
pub const BUILDING_AT: [f32; 2] = [0.16, 0.82];

/// A little building on the tile at (`x`, `y`), put there by `seat`; `kind` is `null` where the
/// kinds are equivalent (the expansion's rules).
#[derive(Clone, Debug, Serialize)]
pub struct BuildingView {
    pub seat: PlayerId,
    pub x: i16,
    pub y: i16,
    pub kind: Option<BuildingKind>,
    pub at: [f32; 2],
    pub label: String,
}

/// The buildings a seat has left: `left` in all, and by kind under the variant that tells them
/// apart.
#[derive(Clone, Debug, Serialize)]
pub struct BuildingsLeft {
    pub left: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tower: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shed: Option<u8>,
}

/// "a little building", "a little tower (3 points)".
fn building_words(kind: Option<BuildingKind>) -> String {
    match kind {
        None => "a little building".into(),
        Some(k) => {
            format!("a little {} ({} point{} a feature)", k.name(), k.points(), if k.points() == 1 { "" } else { "s" })
        }
    }
}

impl ViewModule for LittleBuildings {
    fn legal(&self, _game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        let Action::PlaceBuilding { kind } = action else { return None };
        let on = match pending {
            Pending::Deploy { pos, .. } => words::tile_at(pos),
            _ => "the tile just placed".into(),
        };
        Some((Some(BUILDING_AT), format!("put {} on {on}", building_words(kind))))
    }

    /// `little_buildings`, each on its tile.
    fn board(&self, cx: &ViewContext<'_>, fields: &mut Fields) {
        let buildings: Vec<BuildingView> = cx
            .game
            .little_buildings()
            .iter()
            .map(|b| BuildingView {
                seat: b.owner,
                x: b.pos.x,
                y: b.pos.y,
                kind: b.kind,
                at: BUILDING_AT,
                label: format!(
                    "{}'s little {} on {}",
                    cx.seat_name(b.owner),
                    b.kind.map_or("building", |k| k.name()),
                    words::tile_at(b.pos)
                ),
            })
            .collect();
        if !buildings.is_empty() {
            fields.set("little_buildings", buildings);
        }
    }

    /// `little_buildings`: what the seat has left.
    fn seat(&self, cx: &ViewContext<'_>, seat: PlayerId, fields: &mut Fields) {
        if !cx.game.rules().has(Expansion::LittleBuildings) {
            return;
        }
        let left = cx.game.buildings_left(seat);
        let by_kind = cx.game.rules().variants.little_buildings_values;
        let of = |k: BuildingKind| by_kind.then(|| left.of(k));
        fields.set(
            "little_buildings",
            BuildingsLeft {
                left: left.total(),
                tower: of(BuildingKind::Tower),
                house: of(BuildingKind::House),
                shed: of(BuildingKind::Shed),
            },
        );
    }

    fn event(&self, _game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let Event::BuildingPlaced { player, pos, kind } = *event else { return None };
        Some((
            json!({"type": "building-placed", "seat": player, "x": pos.x, "y": pos.y, "kind": kind}),
            format!(
                "{} puts a little {} on {}",
                names.of(player),
                kind.map_or("building", |k| k.name()),
                words::tile_at(pos)
            ),
        ))
    }
}
