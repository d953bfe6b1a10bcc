//! Actions in the record vocabulary: the engine's `Action` written as a `RecordAction` (named by
//! kind, place and feature, as docs/record-format.md describes) and read back in the state of a
//! game. Kept apart from `mod.rs`, which holds the record's structure and its replay.

use super::vocabulary::{FigureAt, RecordAction};
use crate::actions::FigureSpot;
use crate::game::{parse_feature_name, Action, Color, Figure, Game, Pending, PlayerId};
use crate::geometry::{Axis, Corner, Pos, Rotation};
use crate::players::BuildingKind;

/// Figure `index` of the board (`Game::figures`), where it stands in record terms (a follower
/// at the origin's first feature for an index out of range, which `check` then refuses).
fn figure_at(game: &Game, index: u8) -> FigureAt {
    let f = game.figures().get(index as usize);
    let at = f.map_or(Pos::new(0, 0), |f| game.board().placement(f.placement).pos);
    FigureAt {
        figure: f.map_or(Figure::Follower, |f| f.figure),
        x: at.x,
        y: at.y,
        feature: f.map_or_else(String::new, |f| {
            game.feature_name(at, f.feature).unwrap_or_else(|| format!("#{}", f.feature))
        }),
    }
}

/// The record form of an action about to be applied to `game`.
pub fn encode_action(game: &Game, action: Action) -> RecordAction {
    let player = game.pending().player().map(|p| game.player(p).color);
    let name = |pos: Pos, feature| game.feature_name(pos, feature).unwrap_or_else(|| format!("#{feature}"));
    match (game.pending(), action) {
        (Pending::PlaceTile { tile, .. } | Pending::ReplaceTile { tile, .. }, Action::Place { pos, rotation }) => {
            RecordAction::Place {
                player,
                tile: Some(game.design(tile).id.clone()),
                x: pos.x,
                y: pos.y,
                rotation: rotation.degrees(),
            }
        }
        (_, Action::Place { pos, rotation }) => {
            RecordAction::Place { player, tile: None, x: pos.x, y: pos.y, rotation: rotation.degrees() }
        }
        (pending, Action::RaiseMountain { pos }) => {
            let tile = match pending {
                Pending::PlaceTile { tile, .. } => Some(game.design(tile).id.clone()),
                _ => None,
            };
            RecordAction::Mountain { player, tile, x: pos.x, y: pos.y }
        }
        (Pending::Deploy { pos, .. } | Pending::Phantom { pos, .. }, Action::Deploy { figure, feature }) => {
            RecordAction::Deploy { player, figure, feature: name(pos, feature), x: None, y: None }
        }
        (_, Action::Deploy { figure, feature }) => {
            RecordAction::Deploy { player, figure, feature: format!("#{feature}"), x: None, y: None }
        }
        (_, Action::DeployAt { pos, figure, feature }) => {
            RecordAction::Deploy { player, figure, feature: name(pos, feature), x: Some(pos.x), y: Some(pos.y) }
        }
        (_, Action::Pass) => RecordAction::Pass { player },
        (_, Action::RemoveTile { pos }) => {
            let tile = game.board().get(pos).map(|t| game.design(t.tile).id.clone());
            RecordAction::RemoveTile { player, tile, x: pos.x, y: pos.y }
        }
        (_, Action::PlaceAbbey { pos }) => RecordAction::Abbey { player, x: pos.x, y: pos.y },
        (_, Action::PlaceGold { pos }) => RecordAction::Gold { player, x: pos.x, y: pos.y },
        (_, Action::MoveMagic { figure, pos, feature }) => {
            RecordAction::Magic { player, figure, x: pos.x, y: pos.y, feature: name(pos, feature) }
        }
        (_, Action::RemoveMagic { figure }) => RecordAction::MagicOff { player, figure },
        (_, Action::Fly { figure }) => RecordAction::Fly { player, figure },
        (_, Action::PlaceTunnel { pair, pos, feature }) => {
            RecordAction::Tunnel { player, pair, x: pos.x, y: pos.y, feature: name(pos, feature) }
        }
        (_, Action::Land { pos, feature }) => {
            RecordAction::Land { player, x: pos.x, y: pos.y, feature: name(pos, feature) }
        }
        (_, Action::Ferry { pos, from, to }) => {
            RecordAction::Ferry { player, x: pos.x, y: pos.y, from: name(pos, from), to: name(pos, to) }
        }
        (_, Action::PorxadaBonus) => RecordAction::PorxadaBonus { player },
        (_, Action::Flea { from, to }) => {
            RecordAction::Flea { player, x: to.x, y: to.y, from_x: from.map(|p| p.x), from_y: from.map(|p| p.y) }
        }
        (_, Action::Flee { figure, pos, feature }) => {
            let from = figure_at(game, figure);
            RecordAction::Flee {
                player,
                figure: from.figure,
                from_x: from.x,
                from_y: from.y,
                from_feature: from.feature,
                x: pos.x,
                y: pos.y,
                feature: name(pos, feature),
            }
        }
        (_, Action::MoveScoringFigure { messenger }) => RecordAction::ScoringFigure { player, messenger },
        (_, Action::Flock { herd }) => RecordAction::Flock { player, herd },
        (_, Action::Acrobat { pos }) => RecordAction::Acrobat { player, x: pos.x, y: pos.y },
        (pending, Action::PlaceBridged { pos, rotation, bridge }) => {
            let tile = match pending {
                Pending::PlaceTile { tile, .. } => Some(game.design(tile).id.clone()),
                _ => None,
            };
            let at = bridge.on.map_or(pos, |side| pos.step(side));
            RecordAction::PlaceBridged {
                player,
                tile,
                x: pos.x,
                y: pos.y,
                rotation: rotation.degrees(),
                bridge_x: at.x,
                bridge_y: at.y,
                axis: bridge.axis.name().into(),
            }
        }
        (_, Action::Bridge { pos, axis }) => {
            RecordAction::Bridge { player, x: pos.x, y: pos.y, axis: axis.name().into() }
        }
        (_, Action::BuildCastle) => RecordAction::Castle { player },
        (_, Action::BazaarSelect { index, bid }) => {
            let tile = game.bazaar_offer().get(index as usize).copied().flatten().map(|t| game.design(t).id.clone());
            RecordAction::BazaarChoose { player, index, bid, tile }
        }
        (_, Action::BazaarBid { bid }) => RecordAction::Bid { player, bid },
        (_, Action::BazaarTrade { buy }) => RecordAction::BazaarTrade { player, buy },
        (_, Action::ChooseToken { token }) => RecordAction::Catapult { player, token },
        (_, Action::Flick { at }) => RecordAction::Flick { player, x: at.x, y: at.y },
        (_, Action::Seduce { figure: index, with }) => {
            let owner = game.figures().get(index as usize).map_or(Color::Red, |f| game.player(f.owner).color);
            let FigureAt { figure, x, y, feature } = figure_at(game, index);
            RecordAction::Seduce { player, owner, figure, x, y, feature, with }
        }
        (_, Action::SeduceInQuarter { owner, figure, quarter, with }) => {
            RecordAction::SeduceQuarter { player, owner: game.player(owner).color, figure, quarter, with }
        }
        (_, Action::ScorePyramid { pos }) => RecordAction::Pyramid { player, x: pos.x, y: pos.y },
        (_, Action::ReadMessage { perform }) => RecordAction::Message { player, perform },
        (_, Action::MessageFollower { figure }) => {
            let FigureAt { figure, x, y, feature } = figure_at(game, figure);
            RecordAction::MessageFollower { player, figure, x, y, feature }
        }
        (_, Action::RefuseSwap { figure }) => {
            let FigureAt { figure, x, y, feature } = figure_at(game, figure);
            RecordAction::RefuseSwap { player, figure, x, y, feature }
        }
        (_, Action::SwapFollower { figure: index }) => {
            let owner = game.figures().get(index as usize).map_or(Color::Red, |f| game.player(f.owner).color);
            let FigureAt { figure, x, y, feature } = figure_at(game, index);
            RecordAction::SwapFollower { player, owner, figure, x, y, feature }
        }
        (_, Action::PlaceBarn { corner }) => RecordAction::Barn { player, corner: corner.name().into() },
        (_, Action::PlaceBuilding { kind }) => {
            RecordAction::LittleBuilding { player, kind: kind.map(|k| k.name().to_string()) }
        }
        (Pending::CropRemove { .. }, Action::ReturnFigure { figure, spot: FigureSpot::Feature { pos, feature } }) => {
            RecordAction::TakeBack { player, figure, x: pos.x, y: pos.y, feature: name(pos, feature) }
        }
        (_, Action::CropCircle { add }) => {
            RecordAction::CropCircle { player, choice: if add { "add" } else { "remove" }.into() }
        }
        (_, Action::ReturnFigure { figure, spot: FigureSpot::Feature { pos, feature } })
            if game.is_trap(pos, feature) =>
        {
            RecordAction::Free { player, figure, x: pos.x, y: pos.y, feature: name(pos, feature) }
        }
        (_, Action::ReturnFigure { figure, spot }) => {
            let (x, y, feature, quarter, corner) = match spot {
                FigureSpot::Feature { pos, feature } => {
                    (Some(pos.x), Some(pos.y), Some(name(pos, feature)), None, None)
                }
                FigureSpot::Quarter(q) => (None, None, None, Some(q), None),
                FigureSpot::Corner { pos, corner: c } => (Some(pos.x), Some(pos.y), None, None, Some(c.name().into())),
            };
            RecordAction::Festival { player, figure, x, y, feature, quarter, corner }
        }
        (_, Action::MoveWagon { pos, feature }) => {
            RecordAction::MoveWagon { player, x: pos.x, y: pos.y, feature: name(pos, feature) }
        }
        (_, Action::RecallAbbot { pos }) => RecordAction::RecallAbbot { player, x: pos.x, y: pos.y },
        (_, Action::Escape { pos, feature }) => {
            RecordAction::Escape { player, x: pos.x, y: pos.y, feature: name(pos, feature) }
        }
        (_, Action::MoveFairy { pos, feature }) => {
            RecordAction::MoveFairy { player, x: pos.x, y: pos.y, feature: name(pos, feature) }
        }
        (_, Action::RemoveKnight { pos, feature }) => {
            RecordAction::RemoveKnight { player, x: pos.x, y: pos.y, feature: name(pos, feature) }
        }
        (_, Action::MoveDragon { pos }) => RecordAction::MoveDragon { player, x: pos.x, y: pos.y },
        (_, Action::BuildTower { pos }) => RecordAction::BuildTower { player, x: pos.x, y: pos.y },
        (_, Action::FinishTower { pos, figure }) => {
            RecordAction::Deploy { player, figure, feature: "tower".into(), x: Some(pos.x), y: Some(pos.y) }
        }
        (_, Action::Capture { pos, feature }) => {
            RecordAction::Capture { player, x: pos.x, y: pos.y, feature: name(pos, feature) }
        }
        (_, Action::Exchange { figure }) => RecordAction::Exchange { player, figure },
        (_, Action::MoveFollower { figure, pos, feature }) => {
            let from = figure_at(game, figure);
            RecordAction::MoveFollower {
                player,
                figure: from.figure,
                from_x: from.x,
                from_y: from.y,
                from_feature: from.feature,
                x: pos.x,
                y: pos.y,
                feature: name(pos, feature),
            }
        }
        (_, Action::ReligiousWar { pos, feature, knights }) => RecordAction::ReligiousWar {
            player,
            x: pos.x,
            y: pos.y,
            feature: name(pos, feature),
            knights: knights
                .iter()
                .filter_map(|&k| game.figures().get(k as usize))
                .map(|f| {
                    let at = game.board().placement(f.placement).pos;
                    FigureAt { figure: f.figure, x: at.x, y: at.y, feature: name(at, f.feature) }
                })
                .collect(),
        },
        (_, Action::TakePrisoner { pos, feature }) => {
            RecordAction::TakePrisoner { player, x: pos.x, y: pos.y, feature: name(pos, feature) }
        }
        (_, Action::ReleasePrisoner { owner, figure }) => {
            let owner = game.players().get(owner as usize).map_or(Color::Red, |p| p.color);
            RecordAction::ReleasePrisoner { player, owner, figure }
        }
        (_, Action::DeployToQuarter { figure, quarter }) => RecordAction::Carcassonne { player, figure, quarter },
        (_, Action::PlayHeldTile) => RecordAction::HeldTile { player },
        (_, Action::ChooseTile { tile }) => RecordAction::ChooseTile { player, tile: game.design(tile).id.clone() },
        (_, Action::GiveTile { tile, to }) => {
            let to = game.players().get(to as usize).map_or(Color::Red, |p| p.color);
            RecordAction::GiveTile { player, tile: game.design(tile).id.clone(), to }
        }
        (_, Action::MoveCount { quarter }) => RecordAction::MoveCount { player, quarter },
        (_, Action::Redeploy { figure, pos, feature }) => {
            RecordAction::Redeploy { player, figure, x: pos.x, y: pos.y, feature: name(pos, feature) }
        }
        (_, Action::PayRansom { captor, figure }) => {
            let captor = game.players().get(captor as usize).map_or(Color::Red, |p| p.color);
            RecordAction::Ransom { player, captor, figure }
        }
    }
}

/// The index (into `Game::figures`) of the deciding player's figure a record names (other than
/// figure `besides`: two knights may stand on one segment).
fn own_figure_at(game: &Game, at: &FigureAt, besides: Option<u8>) -> Result<u8, String> {
    let pos = Pos::new(at.x, at.y);
    let feature = feature_at(game, pos, &at.feature)?;
    let player = game.pending().player();
    game.figures()
        .iter()
        .enumerate()
        .position(|(i, f)| {
            Some(i as u8) != besides
                && Some(f.owner) == player
                && f.figure == at.figure
                && f.feature == feature
                && game.board().placement(f.placement).pos == pos
        })
        .map(|i| i as u8)
        .ok_or_else(|| format!("no {} of the player's stands on {} at {pos}", at.figure.name(), at.feature))
}

/// The index of the first of `owner`'s figures described by `at` (La Porxada's swap, The
/// Catapult's seduction: another player's figure, or one's own).
fn coloured_figure_at(game: &Game, owner: Color, at: &FigureAt) -> Result<u8, String> {
    let pos = Pos::new(at.x, at.y);
    let feature = feature_at(game, pos, &at.feature)?;
    game.figures()
        .iter()
        .position(|f| {
            game.player(f.owner).color == owner
                && f.figure == at.figure
                && f.feature == feature
                && game.board().placement(f.placement).pos == pos
        })
        .map(|i| i as u8)
        .ok_or_else(|| format!("no {} of {owner} stands on {} at {pos}", at.figure.name(), at.feature))
}

/// The engine action a record action stands for in the current state of `game`.
pub fn decode_action(game: &Game, action: &RecordAction) -> Result<Action, String> {
    let expected = game.pending().player().map(|p| game.player(p).color);
    let player = match action {
        RecordAction::Place { player, .. }
        | RecordAction::Deploy { player, .. }
        | RecordAction::Escape { player, .. }
        | RecordAction::RecallAbbot { player, .. }
        | RecordAction::MoveFairy { player, .. }
        | RecordAction::RemoveKnight { player, .. }
        | RecordAction::MoveDragon { player, .. }
        | RecordAction::BuildTower { player, .. }
        | RecordAction::Capture { player, .. }
        | RecordAction::TakePrisoner { player, .. }
        | RecordAction::MoveFollower { player, .. }
        | RecordAction::ReligiousWar { player, .. }
        | RecordAction::ReleasePrisoner { player, .. }
        | RecordAction::Exchange { player, .. }
        | RecordAction::Ransom { player, .. }
        | RecordAction::Abbey { player, .. }
        | RecordAction::Barn { player, .. }
        | RecordAction::Free { player, .. }
        | RecordAction::Gold { player, .. }
        | RecordAction::Magic { player, .. }
        | RecordAction::MagicOff { player, .. }
        | RecordAction::Fly { player, .. }
        | RecordAction::Land { player, .. }
        | RecordAction::Tunnel { player, .. }
        | RecordAction::Ferry { player, .. }
        | RecordAction::Flea { player, .. }
        | RecordAction::Flee { player, .. }
        | RecordAction::PorxadaBonus { player }
        | RecordAction::ScoringFigure { player, .. }
        | RecordAction::Flock { player, .. }
        | RecordAction::Acrobat { player, .. }
        | RecordAction::PlaceBridged { player, .. }
        | RecordAction::Bridge { player, .. }
        | RecordAction::Castle { player }
        | RecordAction::BazaarChoose { player, .. }
        | RecordAction::Bid { player, .. }
        | RecordAction::BazaarTrade { player, .. }
        | RecordAction::Catapult { player, .. }
        | RecordAction::Flick { player, .. }
        | RecordAction::Seduce { player, .. }
        | RecordAction::SeduceQuarter { player, .. }
        | RecordAction::Pyramid { player, .. }
        | RecordAction::Message { player, .. }
        | RecordAction::MessageFollower { player, .. }
        | RecordAction::CropCircle { player, .. }
        | RecordAction::TakeBack { player, .. }
        | RecordAction::RefuseSwap { player, .. }
        | RecordAction::SwapFollower { player, .. }
        | RecordAction::LittleBuilding { player, .. }
        | RecordAction::Festival { player, .. }
        | RecordAction::MoveWagon { player, .. }
        | RecordAction::Carcassonne { player, .. }
        | RecordAction::MoveCount { player, .. }
        | RecordAction::Redeploy { player, .. }
        | RecordAction::HeldTile { player }
        | RecordAction::Mountain { player, .. }
        | RecordAction::RemoveTile { player, .. }
        | RecordAction::ChooseTile { player, .. }
        | RecordAction::GiveTile { player, .. }
        | RecordAction::Pass { player } => *player,
    };
    if let (Some(given), Some(expected)) = (player, expected) {
        if given != expected {
            return Err(format!("it is {expected}'s decision, not {given}'s"));
        }
    }
    if expected.is_none() {
        return Err("the game is over; no further action is possible".into());
    }
    match action {
        RecordAction::Place { tile, x, y, rotation, .. } => {
            // Exactly one of the four: 450 is not read as 90 (docs/record-format.md).
            let rotation = Rotation::ALL
                .into_iter()
                .find(|r| r.degrees() == *rotation)
                .ok_or_else(|| format!("rotation {rotation} is not 0, 90, 180 or 270"))?;
            // The tile to place: the one drawn, or the one a rebuilding removed.
            let expected = match game.pending() {
                Pending::PlaceTile { tile, .. } => Some((tile, "drawn")),
                Pending::ReplaceTile { tile, .. } => Some((tile, "removed")),
                _ => None,
            };
            if let (Some(tile), Some((expected, how))) = (tile, expected) {
                let id = &game.design(expected).id;
                if tile != id {
                    return Err(format!("the record places `{tile}` but the tile {how} is `{id}`"));
                }
            }
            Ok(Action::Place { pos: Pos::new(*x, *y), rotation })
        }
        RecordAction::Deploy { figure, feature, x, y, .. } if matches!(game.pending(), Pending::CropAdd { .. }) => {
            let (Some(x), Some(y)) = (x, y) else {
                return Err("a follower added by a crop circle is deployed with its tile's `x` and `y`".into());
            };
            let pos = Pos::new(*x, *y);
            Ok(Action::DeployAt { pos, figure: *figure, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::CropCircle { choice, .. } => match choice.as_str() {
            "add" => Ok(Action::CropCircle { add: true }),
            "remove" => Ok(Action::CropCircle { add: false }),
            other => Err(format!("a crop circle's choice is `add` or `remove`, not `{other}`")),
        },
        RecordAction::TakeBack { figure, x, y, feature, .. } => {
            let pos = Pos::new(*x, *y);
            let spot = FigureSpot::Feature { pos, feature: feature_at(game, pos, feature)? };
            Ok(Action::ReturnFigure { figure: *figure, spot })
        }
        RecordAction::Deploy { figure, feature, x, y, .. } => {
            // The figure phase, or The Phantom's second deployment (step 2B-2).
            let (Pending::Deploy { pos: placed, .. } | Pending::Phantom { pos: placed, .. }) = game.pending() else {
                return Err(format!("the game is waiting for {}, not a deployment", game.pending().description()));
            };
            let at = match (x, y) {
                (Some(x), Some(y)) => Pos::new(*x, *y),
                (None, None) => placed,
                _ => return Err("a deployment elsewhere gives both `x` and `y`".into()),
            };
            let local = feature_at(game, at, feature)?;
            let kind = game.board().get(at).and_then(|t| game.design(t.tile).features.get(local as usize));
            if kind.is_some_and(|spec| spec.kind == crate::catalog::FeatureKind::Tower) {
                return Ok(Action::FinishTower { pos: at, figure: *figure });
            }
            Ok(if at == placed {
                Action::Deploy { figure: *figure, feature: local }
            } else {
                Action::DeployAt { pos: at, figure: *figure, feature: local }
            })
        }
        RecordAction::Escape { x, y, feature, .. } => {
            let pos = Pos::new(*x, *y);
            Ok(Action::Escape { pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::MoveFairy { x, y, feature, .. } => {
            let pos = Pos::new(*x, *y);
            Ok(Action::MoveFairy { pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::RemoveKnight { x, y, feature, .. } => {
            let pos = Pos::new(*x, *y);
            Ok(Action::RemoveKnight { pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::MoveDragon { x, y, .. } => Ok(Action::MoveDragon { pos: Pos::new(*x, *y) }),
        RecordAction::RecallAbbot { x, y, .. } => Ok(Action::RecallAbbot { pos: Pos::new(*x, *y) }),
        RecordAction::BuildTower { x, y, .. } => Ok(Action::BuildTower { pos: Pos::new(*x, *y) }),
        RecordAction::Capture { x, y, feature, .. } => {
            let pos = Pos::new(*x, *y);
            Ok(Action::Capture { pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::Exchange { figure, .. } => Ok(Action::Exchange { figure: *figure }),
        RecordAction::MoveFollower { figure, from_x, from_y, from_feature, x, y, feature, .. } => {
            let at = FigureAt { figure: *figure, x: *from_x, y: *from_y, feature: from_feature.clone() };
            let index = own_figure_at(game, &at, None)?;
            let pos = Pos::new(*x, *y);
            Ok(Action::MoveFollower { figure: index, pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::ReligiousWar { x, y, feature, knights, .. } => {
            let [first, second] = knights.as_slice() else {
                return Err(format!("a religious war moves two knights, not {}", knights.len()));
            };
            let pos = Pos::new(*x, *y);
            let a = own_figure_at(game, first, None)?;
            let b = own_figure_at(game, second, Some(a))?;
            // The engine names the pair in the order of its figures.
            let knights = [a.min(b), a.max(b)];
            Ok(Action::ReligiousWar { pos, feature: feature_at(game, pos, feature)?, knights })
        }
        RecordAction::TakePrisoner { x, y, feature, .. } => {
            let pos = Pos::new(*x, *y);
            Ok(Action::TakePrisoner { pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::ReleasePrisoner { owner, figure, .. } => {
            let owner =
                game.players().iter().position(|p| p.color == *owner).ok_or_else(|| format!("no player is {owner}"))?;
            Ok(Action::ReleasePrisoner { owner: owner as PlayerId, figure: *figure })
        }
        RecordAction::Ransom { captor, figure, .. } => {
            let captor = game
                .players()
                .iter()
                .position(|p| p.color == *captor)
                .ok_or_else(|| format!("no player is {captor}"))?;
            Ok(Action::PayRansom { captor: captor as PlayerId, figure: *figure })
        }
        RecordAction::Abbey { x, y, .. } => Ok(Action::PlaceAbbey { pos: Pos::new(*x, *y) }),
        RecordAction::Gold { x, y, .. } => Ok(Action::PlaceGold { pos: Pos::new(*x, *y) }),
        RecordAction::Magic { figure, x, y, feature, .. } => {
            let pos = Pos::new(*x, *y);
            Ok(Action::MoveMagic { figure: *figure, pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::MagicOff { figure, .. } => Ok(Action::RemoveMagic { figure: *figure }),
        RecordAction::Fly { figure, .. } => Ok(Action::Fly { figure: *figure }),
        RecordAction::Tunnel { pair, x, y, feature, .. } => {
            let pos = Pos::new(*x, *y);
            Ok(Action::PlaceTunnel { pair: *pair, pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::Land { x, y, feature, .. } => {
            let pos = Pos::new(*x, *y);
            Ok(Action::Land { pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::Ferry { x, y, from, to, .. } => {
            let pos = Pos::new(*x, *y);
            let (a, b) = (feature_at(game, pos, from)?, feature_at(game, pos, to)?);
            Ok(Action::Ferry { pos, from: a.min(b), to: a.max(b) })
        }
        RecordAction::PorxadaBonus { .. } => Ok(Action::PorxadaBonus),
        RecordAction::Flea { x, y, from_x, from_y, .. } => {
            let from = match (from_x, from_y) {
                (Some(fx), Some(fy)) => Some(Pos::new(*fx, *fy)),
                (None, None) => None,
                _ => return Err("a flea taken from the board names both from_x and from_y".into()),
            };
            Ok(Action::Flea { from, to: Pos::new(*x, *y) })
        }
        RecordAction::Flee { figure, from_x, from_y, from_feature, x, y, feature, .. } => {
            let at = FigureAt { figure: *figure, x: *from_x, y: *from_y, feature: from_feature.clone() };
            let index = own_figure_at(game, &at, None)?;
            let pos = Pos::new(*x, *y);
            Ok(Action::Flee { figure: index, pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::ScoringFigure { messenger, .. } => Ok(Action::MoveScoringFigure { messenger: *messenger }),
        RecordAction::Flock { herd, .. } => Ok(Action::Flock { herd: *herd }),
        RecordAction::Acrobat { x, y, .. } => Ok(Action::Acrobat { pos: Pos::new(*x, *y) }),
        RecordAction::PlaceBridged { tile, x, y, rotation, bridge_x, bridge_y, axis, .. } => {
            let rotation = Rotation::ALL
                .into_iter()
                .find(|r| r.degrees() == *rotation)
                .ok_or_else(|| format!("rotation {rotation} is not 0, 90, 180 or 270"))?;
            if let (Some(tile), Pending::PlaceTile { tile: drawn, .. }) = (tile, game.pending()) {
                let id = &game.design(drawn).id;
                if tile != id {
                    return Err(format!("the record places `{tile}` but the tile drawn is `{id}`"));
                }
            }
            let axis = Axis::from_name(axis).ok_or_else(|| format!("a bridge's axis is `ns` or `ew`, not `{axis}`"))?;
            let pos = Pos::new(*x, *y);
            let at = Pos::new(*bridge_x, *bridge_y);
            let on = if at == pos {
                None
            } else {
                Some(crate::geometry::Side::ALL.into_iter().find(|&s| pos.step(s) == at).ok_or_else(|| {
                    format!("the bridge at {at} is neither on the tile placed at {pos} nor on a tile beside it")
                })?)
            };
            Ok(Action::PlaceBridged { pos, rotation, bridge: crate::actions::BridgeSpot { on, axis } })
        }
        RecordAction::Bridge { x, y, axis, .. } => {
            let axis = Axis::from_name(axis).ok_or_else(|| format!("a bridge's axis is `ns` or `ew`, not `{axis}`"))?;
            Ok(Action::Bridge { pos: Pos::new(*x, *y), axis })
        }
        RecordAction::Castle { .. } => Ok(Action::BuildCastle),
        RecordAction::BazaarChoose { index, bid, tile, .. } => {
            if let Some(tile) = tile {
                let offered = game.bazaar_offer().get(*index as usize).copied().flatten();
                if offered.map(|t| &game.design(t).id) != Some(tile) {
                    return Err(format!("the bazaar's tile {index} is not `{tile}`"));
                }
            }
            Ok(Action::BazaarSelect { index: *index, bid: *bid })
        }
        RecordAction::Bid { bid, .. } => Ok(Action::BazaarBid { bid: *bid }),
        RecordAction::BazaarTrade { buy, .. } => Ok(Action::BazaarTrade { buy: *buy }),
        RecordAction::Catapult { token, .. } => Ok(Action::ChooseToken { token: *token }),
        RecordAction::Flick { x, y, .. } => Ok(Action::Flick { at: Pos::new(*x, *y) }),
        RecordAction::Seduce { owner, figure, x, y, feature, with, .. } => {
            let at = FigureAt { figure: *figure, x: *x, y: *y, feature: feature.clone() };
            coloured_figure_at(game, *owner, &at).map(|figure| Action::Seduce { figure, with: *with })
        }
        RecordAction::SeduceQuarter { owner, figure, quarter, with, .. } => {
            let owner =
                game.players().iter().position(|p| p.color == *owner).ok_or_else(|| format!("no player is {owner}"))?;
            Ok(Action::SeduceInQuarter { owner: owner as PlayerId, figure: *figure, quarter: *quarter, with: *with })
        }
        RecordAction::Pyramid { x, y, .. } => Ok(Action::ScorePyramid { pos: Pos::new(*x, *y) }),
        RecordAction::Message { perform, .. } => Ok(Action::ReadMessage { perform: *perform }),
        RecordAction::MessageFollower { figure, x, y, feature, .. } => {
            let at = FigureAt { figure: *figure, x: *x, y: *y, feature: feature.clone() };
            own_figure_at(game, &at, None).map(|figure| Action::MessageFollower { figure })
        }
        RecordAction::RefuseSwap { figure, x, y, feature, .. } => {
            let at = FigureAt { figure: *figure, x: *x, y: *y, feature: feature.clone() };
            // Not the follower the swap named, should another alike stand beside it.
            let named = match game.pending() {
                Pending::SwapAnswer { other, .. } => Some(other),
                _ => None,
            };
            own_figure_at(game, &at, named).map(|figure| Action::RefuseSwap { figure })
        }
        RecordAction::SwapFollower { owner, figure, x, y, feature, .. } => {
            let at = FigureAt { figure: *figure, x: *x, y: *y, feature: feature.clone() };
            coloured_figure_at(game, *owner, &at).map(|figure| Action::SwapFollower { figure })
        }
        RecordAction::Barn { corner, .. } => Corner::from_name(corner)
            .map(|corner| Action::PlaceBarn { corner })
            .ok_or_else(|| format!("unknown corner `{corner}` (expected NE, SE, SW or NW)")),
        RecordAction::LittleBuilding { kind: None, .. } => Ok(Action::PlaceBuilding { kind: None }),
        RecordAction::LittleBuilding { kind: Some(kind), .. } => BuildingKind::from_name(kind)
            .map(|k| Action::PlaceBuilding { kind: Some(k) })
            .ok_or_else(|| format!("unknown little building `{kind}` (expected tower, house or shed)")),
        RecordAction::MoveWagon { x, y, feature, .. } => {
            let pos = Pos::new(*x, *y);
            Ok(Action::MoveWagon { pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::Free { figure, x, y, feature, .. } => {
            let pos = Pos::new(*x, *y);
            Ok(Action::ReturnFigure {
                figure: *figure,
                spot: FigureSpot::Feature { pos, feature: feature_at(game, pos, feature)? },
            })
        }
        RecordAction::Festival { figure, x, y, feature, quarter, corner, .. } => {
            let spot = match (x, y, feature, quarter, corner) {
                (Some(x), Some(y), Some(feature), None, None) => {
                    let pos = Pos::new(*x, *y);
                    FigureSpot::Feature { pos, feature: feature_at(game, pos, feature)? }
                }
                (None, None, None, Some(quarter), None) => FigureSpot::Quarter(*quarter),
                (Some(x), Some(y), None, None, Some(corner)) => FigureSpot::Corner {
                    pos: Pos::new(*x, *y),
                    corner: Corner::from_name(corner).ok_or_else(|| format!("unknown corner `{corner}`"))?,
                },
                _ => {
                    return Err("a festival return names x, y and a feature, or a quarter, or x, y and a corner".into())
                }
            };
            Ok(Action::ReturnFigure { figure: *figure, spot })
        }
        RecordAction::Carcassonne { figure, quarter, .. } => {
            Ok(Action::DeployToQuarter { figure: *figure, quarter: *quarter })
        }
        RecordAction::MoveCount { quarter, .. } => Ok(Action::MoveCount { quarter: *quarter }),
        RecordAction::Redeploy { figure, x, y, feature, .. } => {
            let pos = Pos::new(*x, *y);
            Ok(Action::Redeploy { figure: *figure, pos, feature: feature_at(game, pos, feature)? })
        }
        RecordAction::HeldTile { .. } => Ok(Action::PlayHeldTile),
        RecordAction::Mountain { tile, x, y, .. } => {
            if let (Some(tile), Pending::PlaceTile { tile: drawn, .. }) = (tile, game.pending()) {
                let drawn = &game.design(drawn).id;
                if tile != drawn {
                    return Err(format!("the record turns `{tile}` into a mountain but the tile drawn is `{drawn}`"));
                }
            }
            Ok(Action::RaiseMountain { pos: Pos::new(*x, *y) })
        }
        RecordAction::RemoveTile { tile, x, y, .. } => {
            let pos = Pos::new(*x, *y);
            let placed = game.board().get(pos).ok_or_else(|| format!("no tile at {pos} to remove"))?;
            let there = &game.design(placed.tile).id;
            match tile {
                Some(tile) if tile != there => {
                    Err(format!("the record removes `{tile}` but the tile at {pos} is `{there}`"))
                }
                _ => Ok(Action::RemoveTile { pos }),
            }
        }
        RecordAction::ChooseTile { tile, .. } => game
            .catalog()
            .lookup(tile)
            .map(|tile| Action::ChooseTile { tile })
            .ok_or_else(|| format!("unknown tile `{tile}`")),
        RecordAction::GiveTile { tile, to, .. } => {
            let tile = game.catalog().lookup(tile).ok_or_else(|| format!("unknown tile `{tile}`"))?;
            let to = game
                .players()
                .iter()
                .position(|p| p.color == *to)
                .ok_or_else(|| format!("no {to} player in this game"))?;
            Ok(Action::GiveTile { tile, to: to as PlayerId })
        }
        RecordAction::Pass { .. } => Ok(Action::Pass),
    }
}

/// The feature a record names on the tile at `pos`.
fn feature_at(game: &Game, pos: Pos, name: &str) -> Result<crate::catalog::LocalFeature, String> {
    let placed = game.board().get(pos).ok_or_else(|| format!("no tile at {pos}"))?;
    parse_feature_name(game.design(placed.tile), placed.rotation, name)
}
