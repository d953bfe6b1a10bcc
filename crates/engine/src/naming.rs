//! The record vocabulary for the features of a placed tile: `city@N`, `field@SSE`, `road@W`,
//! `cloister`, named by kind and the first port (clockwise from NNW) in board orientation;
//! fields enclosed inside a tile by their inner name (`field@I`).

use crate::catalog::{FeatureKind, LocalFeature, TileDesign, INNER_NAMES};
use crate::geometry::{Port, Rotation};

/// `city@N`-style name of a feature of a design turned by `rotation`.
pub fn feature_name(design: &TileDesign, rotation: Rotation, feature: LocalFeature) -> Option<String> {
    let spec = design.features.get(feature as usize)?;
    if spec.inner != 0 {
        return Some(format!("{}@{}", spec.kind, INNER_NAMES[spec.inner as usize - 1]));
    }
    let port = Port::all().find(|p| design.feature_at(rotation, *p) == Some(feature));
    let same_kind_portless = design.features.iter().filter(|f| f.kind == spec.kind && f.ports == 0).count();
    // Cloisters and gardens have no ports: named by kind (numbered if a tile had two).
    Some(match port {
        Some(port) => format!("{}@{}", spec.kind, port),
        None if same_kind_portless <= 1 => spec.kind.to_string(),
        None => {
            let n = design.features[..feature as usize].iter().filter(|f| f.kind == spec.kind && f.ports == 0).count();
            format!("{}#{}", spec.kind, n + 1)
        }
    })
}

/// Finds the feature a `city@N`-style name designates on a design turned by `rotation`.
pub fn parse_feature_name(design: &TileDesign, rotation: Rotation, name: &str) -> Result<LocalFeature, String> {
    let (kind_text, port_text) = match name.split_once('@') {
        Some((k, p)) => (k, Some(p)),
        None => (name, None),
    };
    let (kind_text, ordinal) = match kind_text.split_once('#') {
        Some((k, n)) => (k, Some(n.parse::<usize>().map_err(|_| format!("bad feature number in `{name}`"))?)),
        None => (kind_text, None),
    };
    let kind = FeatureKind::from_name(kind_text).ok_or_else(|| {
        format!("unknown feature kind `{kind_text}` in `{name}` (expected road, city, field, cloister or garden)")
    })?;
    if let Some(inner) = port_text.and_then(|p| INNER_NAMES.iter().position(|n| *n == p)) {
        return design
            .features
            .iter()
            .position(|f| f.kind == kind && f.inner as usize == inner + 1)
            .map(|i| i as LocalFeature)
            .ok_or_else(|| format!("tile {} has no {kind}@{}", design.id, INNER_NAMES[inner]));
    }
    match port_text {
        Some(port_text) => {
            let port: Port = port_text.parse()?;
            match design.feature_at(rotation, port) {
                Some(f) if design.features[f as usize].kind == kind => Ok(f),
                Some(f) => Err(format!(
                    "port {port} of tile {} is on a {}, not a {kind}",
                    design.id, design.features[f as usize].kind
                )),
                None => Err(format!("tile {} has no feature at port {port}", design.id)),
            }
        }
        None => design
            .features
            .iter()
            .enumerate()
            .filter(|(_, f)| f.kind == kind && f.ports == 0)
            .nth(ordinal.unwrap_or(1).saturating_sub(1))
            .map(|(i, _)| i as LocalFeature)
            .ok_or_else(|| {
                format!(
                    "tile {} has no {kind} without ports (name edge features by a port, e.g. `{kind}@N`)",
                    design.id
                )
            }),
    }
}
