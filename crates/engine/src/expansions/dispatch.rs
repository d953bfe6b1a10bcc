//! The walk over the modules in play, shared by every hook's dispatch in `mod.rs`: a macro, so
//! that each call is a static `match` on [`ModuleId`](super::ModuleId) with no trait object. A
//! new module adds its field to both lists of fields, a parameter and an arm below (in
//! `ModuleId` order). Kept apart from `mod.rs` so that the dispatch file stays short as
//! modules are added.

/// Runs `$body` with `$m` bound to each module of `$mask` (bit `i` for the `i`-th module in
/// play), in order; `|mut m|` borrows mutably, `|i, m|` also names the index. The `match` makes
/// every call static.
macro_rules! each_module {
    ($modules:expr, $mask:expr, |$i:ident, mut $m:ident| $body:expr) => {
        each_module!(@ $modules, $mask, $i, $m, (&mut $modules.river), (&mut $modules.gold_mines), (&mut $modules.inns_cathedrals),
            (&mut $modules.king_robber), (&mut $modules.traders_builders), (&mut $modules.cathars),
            (&mut $modules.abbot), (&mut $modules.tower), (&mut $modules.the_count), (&mut $modules.princess_dragon),
            (&mut $modules.games_quarterly), (&mut $modules.abbey_mayor), (&mut $modules.little_buildings), (&mut $modules.spiel_doch), (&mut $modules.wind_roses), (&mut $modules.labyrinths), (&mut $modules.monasteries), (&mut $modules.darmstadtium), (&mut $modules.shrines), (&mut $modules.watchtowers), (&mut $modules.baba_yaga), (&mut $modules.traps), (&mut $modules.unpunctuality),
            (&mut $modules.own_cloisters), (&mut $modules.prisoners), (&mut $modules.table_edge), $body)
    };
    ($modules:expr, $mask:expr, |$i:ident, $m:ident| $body:expr) => {
        each_module!(@ $modules, $mask, $i, $m, (&$modules.river), (&$modules.gold_mines), (&$modules.inns_cathedrals),
            (&$modules.king_robber), (&$modules.traders_builders), (&$modules.cathars),
            (&$modules.abbot), (&$modules.tower), (&$modules.the_count), (&$modules.princess_dragon),
            (&$modules.games_quarterly), (&$modules.abbey_mayor), (&$modules.little_buildings), (&$modules.spiel_doch), (&$modules.wind_roses), (&$modules.labyrinths), (&$modules.monasteries), (&$modules.darmstadtium), (&$modules.shrines), (&$modules.watchtowers), (&$modules.baba_yaga), (&$modules.traps), (&$modules.unpunctuality),
            (&$modules.own_cloisters), (&$modules.prisoners), (&$modules.table_edge), $body)
    };
    ($modules:expr, $mask:expr, |mut $m:ident| $body:expr) => {
        each_module!($modules, $mask, |_index, mut $m| $body)
    };
    ($modules:expr, $mask:expr, |$m:ident| $body:expr) => {
        each_module!($modules, $mask, |_index, $m| $body)
    };
    (@ $modules:expr, $mask:expr, $i:ident, $m:ident, $river:expr, $gm:expr, $ic:expr, $kr:expr, $tb:expr, $cathars:expr,
        $abbot:expr, $tower:expr, $count:expr, $pd:expr, $gq:expr, $am:expr, $lb:expr, $sd:expr, $wr:expr, $lab:expr, $mon:expr, $dar:expr, $sh:expr, $wt:expr, $by:expr, $traps:expr, $un:expr, $oc:expr, $pr:expr, $te:expr,
        $body:expr) => {
        for $i in set_bits($mask) {
            match $modules.in_play[$i] {
                ModuleId::River => { let $m = $river; $body }
                ModuleId::GoldMines => { let $m = $gm; $body }
                ModuleId::InnsCathedrals => { let $m = $ic; $body }
                ModuleId::KingRobber => { let $m = $kr; $body }
                ModuleId::TradersBuilders => { let $m = $tb; $body }
                ModuleId::Cathars => { let $m = $cathars; $body }
                ModuleId::Abbot => { let $m = $abbot; $body }
                ModuleId::Tower => { let $m = $tower; $body }
                ModuleId::Count => { let $m = $count; $body }
                ModuleId::PrincessDragon => { let $m = $pd; $body }
                ModuleId::GamesQuarterly => { let $m = $gq; $body }
                ModuleId::AbbeyMayor => { let $m = $am; $body }
                ModuleId::LittleBuildings => { let $m = $lb; $body }
                ModuleId::SpielDoch => { let $m = $sd; $body }
                ModuleId::WindRoses => { let $m = $wr; $body }
                ModuleId::Labyrinths => { let $m = $lab; $body }
                ModuleId::Monasteries => { let $m = $mon; $body }
                ModuleId::Darmstadtium => { let $m = $dar; $body }
                ModuleId::Shrines => { let $m = $sh; $body }
                ModuleId::Watchtowers => { let $m = $wt; $body }
                ModuleId::BabaYaga => { let $m = $by; $body }
                ModuleId::Traps => { let $m = $traps; $body }
                ModuleId::Unpunctuality => { let $m = $un; $body }
                ModuleId::OwnCloisters => { let $m = $oc; $body }
                ModuleId::Prisoners => { let $m = $pr; $body }
                ModuleId::TableEdge => { let $m = $te; $body }
            }
        }
    };
}

pub(crate) use each_module;
