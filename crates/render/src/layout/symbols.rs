//! The icon each of a tile's symbols is drawn as where the tile has room for it, and its size.

use carcassonne_engine::catalog::Symbol;

use super::IconKind;

/// The icon of `symbol` when it is placed where its tile has the most room, and its size (the
/// radius it takes, and the least it may shrink to); `None` for a symbol drawn otherwise: the
/// abbey (its walls around a cloister), a crop circle (in the middle of its tile), a mark that is
/// no picture of its own.
pub(super) fn symbol_icon(symbol: Symbol) -> Option<(IconKind, (f32, f32))> {
    Some(match symbol {
        Symbol::Tower => (IconKind::Tower, (10.5, 7.0)),
        Symbol::Dragon => (IconKind::Dragon, (10.0, 7.0)),
        Symbol::Volcano => (IconKind::Volcano, (12.0, 7.0)),
        Symbol::MagicGate => (IconKind::MagicGate, (10.5, 7.0)),
        Symbol::Festival => (IconKind::Festival, (10.0, 7.0)),
        Symbol::Gold => (IconKind::Gold, (10.0, 7.0)),
        Symbol::Magic => (IconKind::Magic, (10.0, 7.0)),
        Symbol::FlierWest => (IconKind::FlyingMachine { diagonal: false }, (13.0, 8.0)),
        Symbol::FlierNorthWest => (IconKind::FlyingMachine { diagonal: true }, (13.0, 8.0)),
        Symbol::Darmstadtium => (IconKind::Darmstadtium, (12.0, 8.0)),
        Symbol::Porxada => (IconKind::Porxada, (12.0, 8.0)),
        Symbol::PlagueSource => (IconKind::PlagueDoctor, (11.0, 7.5)),
        // Hills & Sheep: a hill, and a vineyard (also of The Vineyards alone).
        Symbol::Hill => (IconKind::Hill, (12.0, 8.0)),
        Symbol::Vineyard => (IconKind::Vineyard, (11.0, 7.5)),
        // Under the Big Top: where the middle of the tile is taken (never on the printed tiles).
        Symbol::Circus => (IconKind::Circus, (11.0, 7.5)),
        Symbol::Acrobats => (IconKind::AcrobatSpace, (11.0, 7.5)),
        // Bridges, Castles & Bazaars: a market stall.
        Symbol::Bazaar => (IconKind::Bazaar, (11.0, 7.5)),
        // The Catapult: a fair, in the middle of its tile unless something stands there.
        Symbol::Fair => (IconKind::Fair, (11.0, 7.5)),
        Symbol::WindRoseOrange => (IconKind::WindRose { blue: false }, (15.0, 9.0)),
        Symbol::WindRoseBlue => (IconKind::WindRose { blue: true }, (15.0, 9.0)),
        Symbol::RoseNorthEast => (IconKind::RoseQuarter { quarter: 0 }, (13.0, 8.0)),
        Symbol::RoseSouthEast => (IconKind::RoseQuarter { quarter: 1 }, (13.0, 8.0)),
        Symbol::RoseSouthWest => (IconKind::RoseQuarter { quarter: 2 }, (13.0, 8.0)),
        Symbol::RoseNorthWest => (IconKind::RoseQuarter { quarter: 3 }, (13.0, 8.0)),
        _ if symbol.is_watchtower() => (watchtower_icon(symbol), (11.0, 7.0)),
        _ => return None,
    })
}

/// The icon of a watchtower symbol.
pub(super) fn watchtower_icon(symbol: Symbol) -> IconKind {
    let watches = Symbol::WATCHTOWERS.iter().position(|&s| s == symbol).unwrap_or(0) as u8;
    IconKind::Watchtower { watches }
}

/// Under the Big Top: the icon of a circus or acrobat space, and The Catapult's fair (which
/// ends the roads that run into it), drawn in the middle of its tile where its roads end;
/// `None` for any other symbol.
pub(super) fn show_icon(symbol: Symbol) -> Option<IconKind> {
    match symbol {
        Symbol::Circus => Some(IconKind::Circus),
        Symbol::Acrobats => Some(IconKind::AcrobatSpace),
        Symbol::Fair => Some(IconKind::Fair),
        _ => None,
    }
}
