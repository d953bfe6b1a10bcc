//! The modules' identities ([`ModuleId`]: their order, their hooks, the expansion or variation
//! that switches each on) and the walk over the modules in play, shared by every hook's
//! dispatch in `mod.rs`: a macro, so that each call is a static `match` on [`ModuleId`] with no
//! trait object. A new module adds its identity below, its field to both lists of fields, a
//! parameter and an arm of the macro (in `ModuleId` order). Kept apart from `mod.rs` so that
//! the dispatch file stays short as modules are added.

use crate::rules::{Expansion, Rules};

use super::abbey_mayor::AbbeyMayor;
use super::abbot::Abbot;
use super::baba_yaga::BabaYaga;
use super::big_top::BigTop;
use super::bridges_castles_bazaars::BridgesCastlesBazaars;
use super::catapult::Catapult;
use super::cathars::Cathars;
use super::churches::Churches;
use super::count::Count;
use super::crop_circles::CropCircles;
use super::darmstadtium::Darmstadtium;
use super::ferries::Ferries;
use super::flier::Flier;
use super::gold_mines::GoldMines;
use super::gq::GamesQuarterly;
use super::hills_sheep::HillsSheep;
use super::hooks::{Hooks, Module};
use super::inns_cathedrals::InnsCathedrals;
use super::king_robber::KingRobber;
use super::labyrinths::Labyrinths;
use super::little_buildings::LittleBuildings;
use super::mage_witch::MageWitch;
use super::messages::Messages;
use super::monasteries::Monasteries;
use super::own_cloisters::OwnCloisters;
use super::phantom::Phantom;
use super::plague::Plague;
use super::porxada::Porxada;
use super::princess_dragon::PrincessDragon;
use super::prisoners::Prisoners;
use super::river::River;
use super::shrines::Shrines;
use super::spiel_doch::SpielDoch;
use super::table_edge::TableEdge;
use super::tower::Tower;
use super::traders_builders::TradersBuilders;
use super::traps::Traps;
use super::tunnel::Tunnel;
use super::unpunctuality::Unpunctuality;
use super::vineyards::Vineyards;
use super::watchtowers::Watchtowers;
use super::wind_roses::WindRoses;

/// The modules, in the order their hooks run. The order matters where two modules act at the
/// same point: Inns & Cathedrals values a city before The Cathars halves it; King & Scout
/// takes its token before Traders & Builders hands out goods (and scores before it at the end);
/// The Tower takes its prisoner before The Princess & the Dragon's dragon moves (seed 001,
/// footnote 102); The Count offers Carcassonne in step 3C before the dragon moves there under
/// the Rio Grande Big Box rules (seed 004, 3C). Abbey & Mayor comes last of seed 001's: its
/// wagons decide after everything else a scored feature sets off. Little Buildings follows: its
/// points are added to a feature's value "after all the others". The Gold Mines comes right
/// after the River: its ingots are handed out at the end of step 3B, before any other module's
/// step 3C (the Count's offer of Carcassonne), and scored first at the end, before the trade
/// goods and the king, as the assembled reference orders the final scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ModuleId {
    River,
    GoldMines,
    InnsCathedrals,
    KingRobber,
    TradersBuilders,
    /// The Catapult's round, first of step 4A's actions (the assembled reference's order).
    Catapult,
    /// The Crop Circles' choice at step 4A, before the Cathars' escape (seed 004's order of
    /// step 4A; the first edition's page: the turn's pending actions follow the crop circle).
    CropCircles,
    Cathars,
    Abbot,
    Tower,
    /// The Phantom's step 2B-2: after the Tower's capture (step 2B-1 in the assembled
    /// reference), before the dragon moves (step 2C).
    /// The Flier: before the Phantom, so that step 2B-1's flight lands (at 2C) before the
    /// phantom's step 2B-2.
    Flier,
    /// The Tunnel: a figure-phase action beside the others, and roads its tokens completed at
    /// 3A.
    Tunnel,
    Phantom,
    /// The Ferries' step 2C: after the figure phase (the phantom's step 2B-2 included), before
    /// the dragon moves; the roads its ferries complete at 3A.
    Ferries,
    /// Hills & Sheep's step 2C (the shepherd's flock): after the ferries, before the dragon
    /// moves (the assembled reference's order of step 2C).
    HillsSheep,
    /// Bridges, Castles & Bazaars: its castles score first at 3C (before the Count's offer of
    /// Carcassonne, which asks who scored this turn), and its bazaar's auction at 4A follows
    /// the Crop Circles' and the Cathars' steps there (the assembled reference's order of step
    /// 4A).
    BridgesCastlesBazaars,
    /// Under the Big Top's step 3C (the circus scored, the big top moved): before the Count's
    /// offer of Carcassonne at 3C (the assembled reference's order of step 3C), and before the
    /// final scoring's redeployments ("Prepare for final scoring: score the circus").
    BigTop,
    Count,
    PrincessDragon,
    GamesQuarterly,
    AbbeyMayor,
    /// Mage & Witch: after the Cathars' values, so that the witch halves a besieged city's
    /// points, and before Little Buildings', which she does not (the assembled reference's
    /// tally lists the mage and the witch before the little buildings).
    MageWitch,
    LittleBuildings,
    /// After the River and the Count: the promotional tiles start the game only where neither
    /// lays out a start.
    SpielDoch,
    /// After the Spiel Doch! tiles: the orange rose starts the game where nothing else does.
    WindRoses,
    /// The Labyrinths' advanced variant (the basic rules need no module).
    Labyrinths,
    /// The special monasteries' sets: they take the base game's cloisters out.
    Monasteries,
    /// Darmstadtium's 3 points for a completed city.
    Darmstadtium,
    /// The Vineyards' 3 points a vineyard beside a completed monastery.
    Vineyards,
    /// Heretics and Shrines: where shrines and cloisters may stand, and their race.
    Shrines,
    /// The Watchtowers' bonus before a road or city pays.
    Watchtowers,
    /// Baba Yaga's hut, watched until surrounded.
    BabaYaga,
    /// The Vodyanoy's lake and Solovei Razboynik's tree.
    Traps,
    /// The Darmstadt churches' bonus for a completed church.
    Churches,
    /// La Porxada's choice after its tile, and its bonus in the final scoring.
    Porxada,
    /// The Plague's spread and flight: after the other modules' steps at 1C (the gold, the
    /// mage and witch, La Porxada) and at 2C (the ferries, the dragon).
    Plague,
    /// The Messages' scoring rounds: last of the expansions at 1C, 2C, 3C and 4A, once every
    /// other module's step there scored.
    Messages,
    /// The official variations (seed 001, SELECTED VARIATIONS), switched on by variants.
    Unpunctuality,
    OwnCloisters,
    Prisoners,
    /// A house rule: the edge of the table.
    TableEdge,
}

// The hooks' masks (`u64`, bit `i` for the `i`-th module in play) hold every module.
const _: () = assert!(ModuleId::COUNT <= 64);

impl ModuleId {
    pub(crate) const COUNT: usize = 41;

    /// The hooks the module implements.
    pub(crate) fn hooks(self) -> Hooks {
        match self {
            ModuleId::River => River::HOOKS,
            ModuleId::GoldMines => GoldMines::HOOKS,
            ModuleId::InnsCathedrals => InnsCathedrals::HOOKS,
            ModuleId::KingRobber => KingRobber::HOOKS,
            ModuleId::TradersBuilders => TradersBuilders::HOOKS,
            ModuleId::Catapult => Catapult::HOOKS,
            ModuleId::CropCircles => CropCircles::HOOKS,
            ModuleId::Cathars => Cathars::HOOKS,
            ModuleId::Abbot => Abbot::HOOKS,
            ModuleId::Tower => Tower::HOOKS,
            ModuleId::Flier => Flier::HOOKS,
            ModuleId::Tunnel => Tunnel::HOOKS,
            ModuleId::Phantom => Phantom::HOOKS,
            ModuleId::Ferries => Ferries::HOOKS,
            ModuleId::HillsSheep => HillsSheep::HOOKS,
            ModuleId::BridgesCastlesBazaars => BridgesCastlesBazaars::HOOKS,
            ModuleId::BigTop => BigTop::HOOKS,
            ModuleId::Count => Count::HOOKS,
            ModuleId::PrincessDragon => PrincessDragon::HOOKS,
            ModuleId::GamesQuarterly => GamesQuarterly::HOOKS,
            ModuleId::AbbeyMayor => AbbeyMayor::HOOKS,
            ModuleId::MageWitch => MageWitch::HOOKS,
            ModuleId::LittleBuildings => LittleBuildings::HOOKS,
            ModuleId::SpielDoch => SpielDoch::HOOKS,
            ModuleId::WindRoses => WindRoses::HOOKS,
            ModuleId::Labyrinths => Labyrinths::HOOKS,
            ModuleId::Monasteries => Monasteries::HOOKS,
            ModuleId::Darmstadtium => Darmstadtium::HOOKS,
            ModuleId::Vineyards => Vineyards::HOOKS,
            ModuleId::Shrines => Shrines::HOOKS,
            ModuleId::Watchtowers => Watchtowers::HOOKS,
            ModuleId::BabaYaga => BabaYaga::HOOKS,
            ModuleId::Traps => Traps::HOOKS,
            ModuleId::Churches => Churches::HOOKS,
            ModuleId::Porxada => Porxada::HOOKS,
            ModuleId::Plague => Plague::HOOKS,
            ModuleId::Messages => Messages::HOOKS,
            ModuleId::Unpunctuality => Unpunctuality::HOOKS,
            ModuleId::OwnCloisters => OwnCloisters::HOOKS,
            ModuleId::Prisoners => Prisoners::HOOKS,
            ModuleId::TableEdge => TableEdge::HOOKS,
        }
    }

    /// The modules of the official variations the rules switch on.
    pub(crate) fn of_variations(rules: &Rules) -> impl Iterator<Item = ModuleId> {
        let v = &rules.variants;
        [
            (v.follower_unpunctuality, ModuleId::Unpunctuality),
            (v.cloisters_for_everyone, ModuleId::OwnCloisters),
            (v.prisoners, ModuleId::Prisoners),
            (v.table_size.tiles().is_some(), ModuleId::TableEdge),
            (v.labyrinth_advanced && rules.has(Expansion::Labyrinths), ModuleId::Labyrinths),
        ]
        .into_iter()
        .filter_map(|(on, id)| on.then_some(id))
    }

    /// The module of an expansion (`None` for the Winter Edition, which is tiles only).
    pub(crate) fn of(expansion: Expansion) -> Option<ModuleId> {
        Some(match expansion {
            Expansion::River | Expansion::River2 => ModuleId::River,
            Expansion::InnsCathedrals => ModuleId::InnsCathedrals,
            Expansion::TradersBuilders => ModuleId::TradersBuilders,
            Expansion::KingRobber => ModuleId::KingRobber,
            Expansion::Count => ModuleId::Count,
            // The Siege and The Besiegers play under The Cathars' rules.
            Expansion::Cathars | Expansion::Siege | Expansion::Besiegers => ModuleId::Cathars,
            Expansion::Abbot => ModuleId::Abbot,
            Expansion::PrincessDragon => ModuleId::PrincessDragon,
            Expansion::Tower => ModuleId::Tower,
            Expansion::Gq11 => ModuleId::GamesQuarterly,
            Expansion::AbbeyMayor => ModuleId::AbbeyMayor,
            Expansion::LittleBuildings => ModuleId::LittleBuildings,
            Expansion::GoldMines => ModuleId::GoldMines,
            Expansion::SpielDoch => ModuleId::SpielDoch,
            Expansion::WindRoses => ModuleId::WindRoses,
            // The basic rules are the catalog's (one road); the advanced variant's module is
            // switched on with the variations'.
            Expansion::Labyrinths => return None,
            // Three sets with one set of rules.
            Expansion::GermanMonasteries | Expansion::DutchBelgianMonasteries | Expansion::JapaneseBuildings => {
                ModuleId::Monasteries
            }
            Expansion::Darmstadtium => ModuleId::Darmstadtium,
            Expansion::Shrines => ModuleId::Shrines,
            Expansion::Watchtowers => ModuleId::Watchtowers,
            Expansion::BabaYaga => ModuleId::BabaYaga,
            Expansion::Vodyanoy | Expansion::SoloveiRazboynik => ModuleId::Traps,
            Expansion::DarmstadtChurches => ModuleId::Churches,
            Expansion::LaPorxada => ModuleId::Porxada,
            Expansion::CropCircles => ModuleId::CropCircles,
            Expansion::Phantom => ModuleId::Phantom,
            Expansion::MageWitch => ModuleId::MageWitch,
            Expansion::Flier => ModuleId::Flier,
            Expansion::Tunnel => ModuleId::Tunnel,
            Expansion::Ferries => ModuleId::Ferries,
            Expansion::Plague => ModuleId::Plague,
            Expansion::Messages => ModuleId::Messages,
            Expansion::HillsSheep => ModuleId::HillsSheep,
            Expansion::Vineyards => ModuleId::Vineyards,
            Expansion::BigTop => ModuleId::BigTop,
            Expansion::BridgesCastlesBazaars => ModuleId::BridgesCastlesBazaars,
            Expansion::Catapult => ModuleId::Catapult,
            // The Festival has no hook: its return is listed with the figure phase's actions.
            Expansion::Festival | Expansion::Winter => return None,
        })
    }
}

/// Runs `$body` with `$m` bound to each module of `$mask` (bit `i` for the `i`-th module in
/// play), in order; `|mut m|` borrows mutably, `|i, m|` also names the index. The `match` makes
/// every call static.
macro_rules! each_module {
    ($modules:expr, $mask:expr, |$i:ident, mut $m:ident| $body:expr) => {
        each_module!(@ $modules, $mask, $i, $m, (&mut $modules.river), (&mut $modules.gold_mines), (&mut $modules.inns_cathedrals),
            (&mut $modules.king_robber), (&mut $modules.traders_builders), (&mut $modules.catapult), (&mut $modules.crop_circles), (&mut $modules.cathars),
            (&mut $modules.abbot), (&mut $modules.tower), (&mut $modules.flier), (&mut $modules.tunnel), (&mut $modules.phantom), (&mut $modules.ferries), (&mut $modules.hills_sheep), (&mut $modules.bcb), (&mut $modules.big_top), (&mut $modules.the_count), (&mut $modules.princess_dragon),
            (&mut $modules.games_quarterly), (&mut $modules.abbey_mayor), (&mut $modules.mage_witch), (&mut $modules.little_buildings), (&mut $modules.spiel_doch), (&mut $modules.wind_roses), (&mut $modules.labyrinths), (&mut $modules.monasteries), (&mut $modules.darmstadtium), (&mut $modules.vineyards), (&mut $modules.shrines), (&mut $modules.watchtowers), (&mut $modules.baba_yaga), (&mut $modules.traps), (&mut $modules.churches), (&mut $modules.porxada), (&mut $modules.plague), (&mut $modules.messages), (&mut $modules.unpunctuality),
            (&mut $modules.own_cloisters), (&mut $modules.prisoners), (&mut $modules.table_edge), $body)
    };
    ($modules:expr, $mask:expr, |$i:ident, $m:ident| $body:expr) => {
        each_module!(@ $modules, $mask, $i, $m, (&$modules.river), (&$modules.gold_mines), (&$modules.inns_cathedrals),
            (&$modules.king_robber), (&$modules.traders_builders), (&$modules.catapult), (&$modules.crop_circles), (&$modules.cathars),
            (&$modules.abbot), (&$modules.tower), (&$modules.flier), (&$modules.tunnel), (&$modules.phantom), (&$modules.ferries), (&$modules.hills_sheep), (&$modules.bcb), (&$modules.big_top), (&$modules.the_count), (&$modules.princess_dragon),
            (&$modules.games_quarterly), (&$modules.abbey_mayor), (&$modules.mage_witch), (&$modules.little_buildings), (&$modules.spiel_doch), (&$modules.wind_roses), (&$modules.labyrinths), (&$modules.monasteries), (&$modules.darmstadtium), (&$modules.vineyards), (&$modules.shrines), (&$modules.watchtowers), (&$modules.baba_yaga), (&$modules.traps), (&$modules.churches), (&$modules.porxada), (&$modules.plague), (&$modules.messages), (&$modules.unpunctuality),
            (&$modules.own_cloisters), (&$modules.prisoners), (&$modules.table_edge), $body)
    };
    ($modules:expr, $mask:expr, |mut $m:ident| $body:expr) => {
        each_module!($modules, $mask, |_index, mut $m| $body)
    };
    ($modules:expr, $mask:expr, |$m:ident| $body:expr) => {
        each_module!($modules, $mask, |_index, $m| $body)
    };
    (@ $modules:expr, $mask:expr, $i:ident, $m:ident, $river:expr, $gm:expr, $ic:expr, $kr:expr, $tb:expr, $cat:expr, $cc:expr, $cathars:expr,
        $abbot:expr, $tower:expr, $fl:expr, $tu:expr, $ph:expr, $fe:expr, $hs:expr, $bcb:expr, $bt:expr, $count:expr, $pd:expr, $gq:expr, $am:expr, $mw:expr, $lb:expr, $sd:expr, $wr:expr, $lab:expr, $mon:expr, $dar:expr, $vy:expr, $sh:expr, $wt:expr, $by:expr, $traps:expr, $ch:expr, $px:expr, $pl:expr, $msg:expr, $un:expr, $oc:expr, $pr:expr, $te:expr,
        $body:expr) => {
        for $i in set_bits($mask) {
            match $modules.in_play[$i] {
                ModuleId::River => { let $m = $river; $body }
                ModuleId::GoldMines => { let $m = $gm; $body }
                ModuleId::InnsCathedrals => { let $m = $ic; $body }
                ModuleId::KingRobber => { let $m = $kr; $body }
                ModuleId::TradersBuilders => { let $m = $tb; $body }
                ModuleId::Catapult => { let $m = $cat; $body }
                ModuleId::CropCircles => { let $m = $cc; $body }
                ModuleId::Cathars => { let $m = $cathars; $body }
                ModuleId::Abbot => { let $m = $abbot; $body }
                ModuleId::Tower => { let $m = $tower; $body }
                ModuleId::Flier => { let $m = $fl; $body }
                ModuleId::Tunnel => { let $m = $tu; $body }
                ModuleId::Phantom => { let $m = $ph; $body }
                ModuleId::Ferries => { let $m = $fe; $body }
                ModuleId::HillsSheep => { let $m = $hs; $body }
                ModuleId::BridgesCastlesBazaars => { let $m = $bcb; $body }
                ModuleId::BigTop => { let $m = $bt; $body }
                ModuleId::Count => { let $m = $count; $body }
                ModuleId::PrincessDragon => { let $m = $pd; $body }
                ModuleId::GamesQuarterly => { let $m = $gq; $body }
                ModuleId::AbbeyMayor => { let $m = $am; $body }
                ModuleId::MageWitch => { let $m = $mw; $body }
                ModuleId::LittleBuildings => { let $m = $lb; $body }
                ModuleId::SpielDoch => { let $m = $sd; $body }
                ModuleId::WindRoses => { let $m = $wr; $body }
                ModuleId::Labyrinths => { let $m = $lab; $body }
                ModuleId::Monasteries => { let $m = $mon; $body }
                ModuleId::Darmstadtium => { let $m = $dar; $body }
                ModuleId::Vineyards => { let $m = $vy; $body }
                ModuleId::Shrines => { let $m = $sh; $body }
                ModuleId::Watchtowers => { let $m = $wt; $body }
                ModuleId::BabaYaga => { let $m = $by; $body }
                ModuleId::Traps => { let $m = $traps; $body }
                ModuleId::Churches => { let $m = $ch; $body }
                ModuleId::Porxada => { let $m = $px; $body }
                ModuleId::Plague => { let $m = $pl; $body }
                ModuleId::Messages => { let $m = $msg; $body }
                ModuleId::Unpunctuality => { let $m = $un; $body }
                ModuleId::OwnCloisters => { let $m = $oc; $body }
                ModuleId::Prisoners => { let $m = $pr; $body }
                ModuleId::TableEdge => { let $m = $te; $body }
            }
        }
    };
}

pub(crate) use each_module;
