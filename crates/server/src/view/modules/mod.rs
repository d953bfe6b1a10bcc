//! The view modules: one per expansion or variation, as in the engine (`expansions/`), each
//! holding what clients see of it: its pending decisions, the words and anchors of its legal
//! actions, its event sentences, its pieces on and around the board and its fields of a seat.
//!
//! The core ([`super`]) builds the base game's view and asks every module of [`MODULES`], in
//! that order, to add its part. A module answers only for what is its own (its `Pending` and
//! `Action` variants, its events, its pieces, which it finds on the game: a module whose
//! expansion is not in play finds none and adds nothing). The registry's order is the order of
//! the fields in the JSON, and decides where two modules act on the same thing (the dash prices
//! a deployment before rebuilding names the pass after a moved tile).
//!
//! Adding an expansion's view: a file here with a unit struct implementing [`ViewModule`] (only
//! the methods it needs), one line in [`MODULES`], its words in `words.rs` where other modules
//! may share them, and its fields in docs/api.md.

mod abbey_mayor;
mod abbot;
mod battle_for_cloisters;
mod big_top;
mod bridges_castles_bazaars;
mod catapult;
mod cathars;
mod choosing;
mod churches;
mod count;
mod crop_circles;
mod ferries;
mod festival;
mod flier;
mod gold_mines;
mod hills_sheep;
mod hooks;
mod house_rules;
mod king_robber;
mod lease;
mod little_buildings;
mod mage_witch;
mod messages;
mod mountains;
mod own_cloisters;
mod phantom;
mod plague;
mod porxada;
mod princess_dragon;
mod prisoners;
mod rebuilding;
mod river;
mod shrines;
mod tower;
mod traders_builders;
mod traps;
mod tunnel;
mod unpunctuality;
mod watchtowers;
mod wind_roses;

/// Every view module, in the order they add fields to a view and are asked about an action.
pub(crate) const MODULES: &[&dyn ViewModule] = &[
    &river::River,
    &traders_builders::TradersBuilders,
    &king_robber::KingRobber,
    &cathars::Cathars,
    &abbot::Abbot,
    &battle_for_cloisters::BattleForCloisters,
    // Before the variation and The Princess & the Dragon, The Traps and The Festival: a crop
    // circle's addition is a deployment on an earlier tile and its return a figure taken back.
    &crop_circles::CropCircles,
    // Before The Princess & the Dragon: the variation words a deployment to an earlier tile
    // that the magic gate would word otherwise.
    &unpunctuality::Unpunctuality,
    &princess_dragon::PrincessDragon,
    &tower::Tower,
    // After The Princess & the Dragon and The Tower: their words for the phantom through a
    // magic gate and on top of a tower.
    &phantom::Phantom,
    // After The Phantom: the phantom's flight is worded as any follower's.
    &flier::Flier,
    // After The Tower: its guards' prisoners follow the tower's in a seat's `prisoners`.
    &prisoners::Prisoners,
    &abbey_mayor::AbbeyMayor,
    &little_buildings::LittleBuildings,
    // Before The Festival: a figure taken back from a trap is freed, not returned for a festival.
    &traps::Traps,
    &festival::Festival,
    &gold_mines::GoldMines,
    &tunnel::Tunnel,
    &ferries::Ferries,
    &plague::Plague,
    &messages::Messages,
    &hills_sheep::HillsSheep,
    &big_top::BigTop,
    &bridges_castles_bazaars::BridgesCastlesBazaars,
    &catapult::Catapult,
    &mage_witch::MageWitch,
    &wind_roses::WindRoses,
    &watchtowers::Watchtowers,
    &shrines::Shrines,
    &churches::Churches,
    &porxada::Porxada,
    &count::Count,
    &own_cloisters::OwnCloisters,
    &choosing::Choosing,
    // The dash before rebuilding: a pass in a bought round stops the dash.
    &lease::Lease,
    &rebuilding::Rebuilding,
    &mountains::Mountains,
    &house_rules::HouseRules,
];

pub(crate) use hooks::{Counted, Names, ViewContext, ViewModule};
