//! The small pictures: the buildings and symbols on a tile (here) and the figures and tokens
//! on a board (`pieces`), drawn upright around a point. Each is designed in a box from -10 to
//! 10 and scaled to its size.

use carcassonne_engine::catalog::TradeGood;

use crate::geom::{num, Pt};
use crate::layout::IconKind;

mod pieces;
pub use pieces::{
    barn, big_top_piece, bridge, castle_piece, count_piece, dragon_piece, fairy_piece, ferry, flea_token, flock_token,
    gold_ingots, little_building, magic_piece, meeple, outbreak_token, phantom, ringmaster, shepherd, tower_piece,
    tunnel_token, COUNT_COLOUR,
};

/// The class of an icon's `<g>` (tests count these).
pub fn class(kind: IconKind) -> &'static str {
    match kind {
        IconKind::Cloister => "cloister",
        IconKind::Shrine => "shrine",
        IconKind::Church => "church",
        IconKind::Hut => "hut",
        IconKind::Trap { lake: true } => "symbol vodyanoy",
        IconKind::Trap { lake: false } => "symbol solovei-razboynik",
        IconKind::Garden => "garden",
        IconKind::House => "house",
        IconKind::Village => "village",
        IconKind::Pond { lake: true } => "lake",
        IconKind::Pond { lake: false } => "spring",
        IconKind::FerryLake => "symbol ferry-lake",
        IconKind::Pennant => "pennant",
        IconKind::Cathedral => "cathedral",
        IconKind::Good(TradeGood::Wine) => "good wine",
        IconKind::Good(TradeGood::Grain) => "good grain",
        IconKind::Good(TradeGood::Cloth) => "good cloth",
        IconKind::Siege => "siege",
        IconKind::Princess => "princess",
        IconKind::Pig => "pig",
        IconKind::Well => "well",
        IconKind::Inn => "inn",
        IconKind::Tower => "symbol tower",
        IconKind::Dragon => "symbol dragon",
        IconKind::Volcano => "symbol volcano",
        IconKind::MagicGate => "symbol magic-gate",
        IconKind::Festival => "symbol festival",
        IconKind::Gold => "symbol gold",
        IconKind::Magic => "symbol magic",
        IconKind::TunnelOpening => "tunnel-opening",
        IconKind::FlyingMachine { diagonal: false } => "symbol flier-w",
        IconKind::FlyingMachine { diagonal: true } => "symbol flier-nw",
        IconKind::Labyrinth => "labyrinth",
        IconKind::Darmstadtium => "symbol darmstadtium",
        IconKind::Porxada => "symbol porxada",
        IconKind::PlagueDoctor => "symbol plague",
        IconKind::Hill => "symbol hill",
        IconKind::Vineyard => "symbol vineyard",
        IconKind::Circus => "symbol circus",
        IconKind::AcrobatSpace => "symbol acrobats",
        IconKind::Bazaar => "symbol bazaar",
        IconKind::Fair => "symbol fair",
        IconKind::CropCircle { kind: 0 } => "symbol crop-shield",
        IconKind::CropCircle { kind: 1 } => "symbol crop-club",
        IconKind::CropCircle { .. } => "symbol crop-pitchfork",
        IconKind::WindRose { blue: false } => "symbol wind-rose-orange",
        IconKind::WindRose { blue: true } => "symbol wind-rose-blue",
        IconKind::RoseQuarter { quarter: 0 } => "symbol rose-ne",
        IconKind::RoseQuarter { quarter: 1 } => "symbol rose-se",
        IconKind::RoseQuarter { quarter: 2 } => "symbol rose-sw",
        IconKind::RoseQuarter { .. } => "symbol rose-nw",
        IconKind::Watchtower { watches: 0 } => "symbol watchtower-followers",
        IconKind::Watchtower { watches: 1 } => "symbol watchtower-arms",
        IconKind::Watchtower { watches: 2 } => "symbol watchtower-roads",
        IconKind::Watchtower { watches: 3 } => "symbol watchtower-monasteries",
        IconKind::Watchtower { .. } => "symbol watchtower-cities",
    }
}

const INK: &str = "#3b2f22";

/// A five-pointed star around (0, 0), 7 units to its points (the magic symbol's and the mage's).
const MAGIC_STAR: &str = "M0 -7L1.6 -2.2L6.7 -2.2L2.6 0.8L4.1 5.7L0 2.7L-4.1 5.7L-2.6 0.8L-6.7 -2.2L-1.6 -2.2Z";

/// The body of an icon in its -10..10 box.
fn body(kind: IconKind) -> String {
    match kind {
        IconKind::Cloister => format!(
            concat!(
                r##"<rect x="-8" y="-2" width="16" height="11" fill="#f4ead5" stroke="{ink}" stroke-width="1"/>"##,
                r##"<path d="M-10 -1.5L0 -9L10 -1.5Z" fill="#b8452e" stroke="{ink}" stroke-width="1" stroke-linejoin="round"/>"##,
                r##"<rect x="-2" y="3" width="4" height="6" fill="{ink}"/>"##,
                r##"<path d="M0 -9V-14M-2.3 -12H2.3" stroke="{ink}" stroke-width="1.3"/>"##
            ),
            ink = INK
        ),
        // Heretics and Shrines: a low stone shrine under a dark dome with a flame on top, so it
        // is not mistaken for a cloister's red roof and cross.
        IconKind::Shrine => format!(
            concat!(
                r##"<rect x="-8" y="-1" width="16" height="10" fill="#cfc6b4" stroke="{ink}" stroke-width="1"/>"##,
                r##"<path d="M-8 -1A8 7 0 0 1 8 -1Z" fill="#4e3a63" stroke="{ink}" stroke-width="1"/>"##,
                r##"<path d="M-2 9V4A2 2 0 0 1 2 4V9Z" fill="{ink}"/>"##,
                r##"<path d="M0 -13C-2.2 -10.5 -1.5 -9 0 -8C1.5 -9 2.2 -10.5 0 -13Z" fill="#e07a1f" stroke="{ink}" stroke-width="0.6"/>"##
            ),
            ink = INK
        ),
        // The Darmstadt Churches: a pale nave under a slate roof beside a bell tower with a
        // spire, so it is told apart from a cloister's red roof and from a shrine's dome.
        IconKind::Church => format!(
            concat!(
                r##"<rect x="-9" y="0" width="12" height="9" fill="#efe6d2" stroke="{ink}" stroke-width="1"/>"##,
                r##"<path d="M-10 0.5L-3 -5L4 0.5Z" fill="#5b6f8a" stroke="{ink}" stroke-width="1" stroke-linejoin="round"/>"##,
                r##"<rect x="3" y="-6" width="6" height="15" fill="#efe6d2" stroke="{ink}" stroke-width="1"/>"##,
                r##"<path d="M2.5 -6L6 -12.5L9.5 -6Z" fill="#5b6f8a" stroke="{ink}" stroke-width="1" stroke-linejoin="round"/>"##,
                r##"<path d="M6 -12.5V-15.5M4.8 -14.3H7.2" stroke="{ink}" stroke-width="1"/>"##,
                r##"<rect x="4.8" y="4" width="2.4" height="5" fill="{ink}"/>"##,
                r##"<circle cx="-3" cy="4" r="1.7" fill="#f2c14e" stroke="{ink}" stroke-width="0.5"/>"##
            ),
            ink = INK
        ),
        // Baba Yaga's hut: a log hut with a steep roof, raised on two yellow chicken legs.
        IconKind::Hut => format!(
            concat!(
                r##"<path d="M-3 4L-4.5 9.5M-4.5 9.5H-7M-4.5 9.5L-3 9.8M3 4L4.5 9.5M4.5 9.5H7M4.5 9.5L3 9.8" stroke="#d9a21b" stroke-width="1.4" stroke-linecap="round" fill="none"/>"##,
                r##"<rect x="-7.5" y="-3" width="15" height="7.5" fill="#8a5a32" stroke="{ink}" stroke-width="1"/>"##,
                r##"<path d="M-7.5 -0.5H7.5M-7.5 2H7.5" stroke="{ink}" stroke-width="0.6"/>"##,
                r##"<path d="M-9.5 -2.5L0 -10L9.5 -2.5Z" fill="#5d4a2f" stroke="{ink}" stroke-width="1" stroke-linejoin="round"/>"##,
                r##"<rect x="-1.6" y="-1.5" width="3.2" height="3" fill="#f2c14e" stroke="{ink}" stroke-width="0.5"/>"##
            ),
            ink = INK
        ),
        // The Vodyanoy: a dark lake with ripples and the water spirit's green, bearded head.
        IconKind::Trap { lake: true } => format!(
            concat!(
                r##"<ellipse cx="0" cy="1" rx="10" ry="7.5" fill="#2f6f95" stroke="{ink}" stroke-width="1"/>"##,
                r##"<path d="M-7 4Q-4.5 2 -2 4M3 5Q5.5 3 8 5" fill="none" stroke="#cfe6f5" stroke-width="0.8"/>"##,
                r##"<circle cx="0" cy="-2" r="3.6" fill="#6e9b4a" stroke="{ink}" stroke-width="0.8"/>"##,
                r##"<path d="M-3 0Q0 6 3 0Z" fill="#a7c77f" stroke="{ink}" stroke-width="0.5"/>"##,
                r##"<circle cx="-1.3" cy="-2.6" r="0.7" fill="{ink}"/><circle cx="1.3" cy="-2.6" r="0.7" fill="{ink}"/>"##
            ),
            ink = INK
        ),
        // Solovei Razboynik: an oak with a round crown and the robber's red cap in it.
        IconKind::Trap { lake: false } => format!(
            concat!(
                r##"<path d="M-1.5 9V1H1.5V9Z" fill="#6b4423" stroke="{ink}" stroke-width="0.8"/>"##,
                r##"<circle cx="0" cy="-3" r="8" fill="#3f7a3a" stroke="{ink}" stroke-width="1"/>"##,
                r##"<circle cx="2" cy="-4" r="2.2" fill="#e8c39e" stroke="{ink}" stroke-width="0.5"/>"##,
                r##"<path d="M-0.5 -5.2Q2 -9 4.5 -5.2Z" fill="#c0392b" stroke="{ink}" stroke-width="0.5"/>"##
            ),
            ink = INK
        ),
        IconKind::House => format!(
            concat!(
                r##"<rect x="-6" y="-1" width="12" height="9" fill="#efe3c8" stroke="{ink}" stroke-width="1.2"/>"##,
                r##"<path d="M-8.5 0L0 -8L8.5 0Z" fill="#a8432b" stroke="{ink}" stroke-width="1.2" stroke-linejoin="round"/>"##,
                r##"<rect x="-1.8" y="3" width="3.6" height="5" fill="{ink}"/>"##
            ),
            ink = INK
        ),
        IconKind::Village => format!(
            concat!(
                r##"<rect x="-9" y="-9" width="18" height="18" rx="2" fill="#eadfc4" stroke="#6b5a45" stroke-width="1.5"/>"##,
                r##"<path d="M-8 -3L-4.5 -7L-1 -3ZM1 -3L4.5 -7L8 -3Z" fill="#a8432b" stroke="{ink}" stroke-width="0.8"/>"##,
                r##"<rect x="-7.5" y="-3" width="6" height="4" fill="#f7efdc" stroke="{ink}" stroke-width="0.8"/>"##,
                r##"<rect x="1.5" y="-3" width="6" height="4" fill="#f7efdc" stroke="{ink}" stroke-width="0.8"/>"##,
                r##"<circle cx="0" cy="5" r="2.5" fill="#6fa8dc" stroke="{ink}" stroke-width="0.8"/>"##
            ),
            ink = INK
        ),
        IconKind::Pond { lake } => {
            let ripple = if lake {
                r##"<path d="M-5 -1Q-2.5 -3 0 -1T5 -1M-3 3Q-0.5 1 2 3T7 3" fill="none" stroke="#d6ecfb" stroke-width="0.9"/>"##
            } else {
                r##"<circle cx="0" cy="0" r="3" fill="none" stroke="#d6ecfb" stroke-width="1"/>"##
            };
            format!(
                r##"<ellipse cx="0" cy="0" rx="10" ry="8.5" fill="#63aee8" stroke="#2f6ea8" stroke-width="1.4"/>{ripple}"##
            )
        }
        // A wide blue lake with ripples (the jetties are the roads' ends around it).
        IconKind::FerryLake => concat!(
            r##"<ellipse cx="0" cy="0" rx="10" ry="9" fill="#5fa7e0" stroke="#2f6ea8" stroke-width="1"/>"##,
            r##"<path d="M-6 -2Q-3 -4 0 -2T6 -2M-4 3Q-1 1 2 3T8 3" fill="none" stroke="#d6ecfb" stroke-width="0.7"/>"##
        )
        .to_string(),
        IconKind::Pennant => concat!(
            r##"<path d="M-7 -8H7V0Q7 6.5 0 10Q-7 6.5 -7 0Z" fill="#2454a6" stroke="#0d2350" stroke-width="1.3"/>"##,
            r##"<path d="M-7 -3L0 3L7 -3" fill="none" stroke="#ffffff" stroke-width="2.4"/>"##
        )
        .to_string(),
        IconKind::Cathedral => format!(
            concat!(
                r##"<rect x="-5" y="-3" width="10" height="12" fill="#eee8dc" stroke="{ink}" stroke-width="0.9"/>"##,
                r##"<rect x="-9" y="-6" width="4.5" height="15" fill="#e2dccf" stroke="{ink}" stroke-width="0.9"/>"##,
                r##"<rect x="4.5" y="-6" width="4.5" height="15" fill="#e2dccf" stroke="{ink}" stroke-width="0.9"/>"##,
                r##"<path d="M-9.5 -6L-6.75 -11L-4 -6ZM4 -6L6.75 -11L9.5 -6ZM-5 -3L0 -8L5 -3Z" fill="#50627e" stroke="{ink}" stroke-width="0.8" stroke-linejoin="round"/>"##,
                r##"<circle cx="0" cy="1" r="2.2" fill="#c9a13b" stroke="{ink}" stroke-width="0.7"/>"##,
                r##"<path d="M-1.8 9V5.5Q0 3.8 1.8 5.5V9Z" fill="{ink}"/>"##
            ),
            ink = INK
        ),
        IconKind::Good(TradeGood::Wine) => concat!(
            r##"<path d="M-6 -8H6Q8.5 0 6 8H-6Q-8.5 0 -6 -8Z" fill="#7b2d7b" stroke="#3a0f3a" stroke-width="1.2"/>"##,
            r##"<path d="M-7 -3.5H7M-7 3.5H7" stroke="#d8b4d8" stroke-width="1.4"/>"##
        )
        .to_string(),
        IconKind::Good(TradeGood::Grain) => concat!(
            r##"<path d="M0 9L-6 -7M0 9L0 -9M0 9L6 -7M0 9L-3 -8M0 9L3 -8" stroke="#c79a12" stroke-width="2.2" stroke-linecap="round"/>"##,
            r##"<path d="M-6 -7L-3 -8L0 -9L3 -8L6 -7" fill="none" stroke="#f3d04a" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>"##,
            r##"<path d="M-3.5 2.5H3.5" stroke="#7a5a10" stroke-width="2"/>"##
        )
        .to_string(),
        IconKind::Good(TradeGood::Cloth) => concat!(
            r##"<path d="M-8 -6H5V8H-8Z" fill="#3c7fd0" stroke="#173d6e" stroke-width="1.2"/>"##,
            r##"<ellipse cx="5" cy="1" rx="3.5" ry="7" fill="#6aa3e6" stroke="#173d6e" stroke-width="1.2"/>"##,
            r##"<path d="M-8 -1H4M-8 3.5H4" stroke="#cfe2f8" stroke-width="0.9"/>"##
        )
        .to_string(),
        IconKind::Siege => concat!(
            r##"<circle cx="0" cy="0" r="9" fill="#7a1010" stroke="#2a0505" stroke-width="1.3"/>"##,
            r##"<path d="M-5.5 -5.5L5.5 5.5M5.5 -5.5L-5.5 5.5" stroke="#f2e6c8" stroke-width="2.2" stroke-linecap="round"/>"##,
            r##"<path d="M-6.5 1.5L-1.5 6.5M6.5 1.5L1.5 6.5" stroke="#f2e6c8" stroke-width="1.6" stroke-linecap="round"/>"##
        )
        .to_string(),
        IconKind::Princess => concat!(
            r##"<path d="M-9 6V-5L-4.5 0.5L0 -8L4.5 0.5L9 -5V6Z" fill="#f3c530" stroke="#7a5a08" stroke-width="1.3" stroke-linejoin="round"/>"##,
            r##"<circle cx="0" cy="2" r="1.8" fill="#c0392b"/><circle cx="-5" cy="3" r="1.3" fill="#2e86c1"/><circle cx="5" cy="3" r="1.3" fill="#2e86c1"/>"##
        )
        .to_string(),
        IconKind::Pig => concat!(
            r##"<path d="M-6 3V8M-2 4V8M3 4V8M6 3V8" stroke="#9c4a62" stroke-width="1.6"/>"##,
            r##"<ellipse cx="-1" cy="0" rx="7.5" ry="5" fill="#f4a6b8" stroke="#9c4a62" stroke-width="1.2"/>"##,
            r##"<circle cx="6" cy="-2.5" r="3.8" fill="#f4a6b8" stroke="#9c4a62" stroke-width="1.2"/>"##,
            r##"<path d="M4.5 -6L6 -9L7.5 -5.8Z" fill="#f4a6b8" stroke="#9c4a62" stroke-width="0.9"/>"##,
            r##"<ellipse cx="9" cy="-2" rx="1.4" ry="1.8" fill="#e27c96"/>"##
        )
        .to_string(),
        IconKind::Well => concat!(
            r##"<circle cx="0" cy="0" r="8" fill="#9a958c" stroke="#4a463f" stroke-width="1.6"/>"##,
            r##"<circle cx="0" cy="0" r="4.8" fill="#3f86d1" stroke="#4a463f" stroke-width="1"/>"##
        )
        .to_string(),
        IconKind::Inn => format!(
            concat!(
                r##"<ellipse cx="-2" cy="5.5" rx="8" ry="4.2" fill="#63aee8" stroke="#2f6ea8" stroke-width="1"/>"##,
                r##"<rect x="0" y="-4" width="9" height="7" fill="#efe3c8" stroke="{ink}" stroke-width="1"/>"##,
                r##"<path d="M-1.5 -3.5L4.5 -9L10.5 -3.5Z" fill="#a8432b" stroke="{ink}" stroke-width="1" stroke-linejoin="round"/>"##,
                r##"<rect x="3.3" y="-1" width="2.6" height="4" fill="{ink}"/>"##
            ),
            ink = INK
        ),
        // The Watchtowers: a round grey tower with battlements, seen from the side, and a badge
        // at its foot with what it watches over.
        IconKind::Watchtower { watches } => {
            let badge = match watches {
                // A follower.
                0 => r##"<path d="M5.2 3.2a1.3 1.3 0 1 1 0.01 0M3.2 9.2L4.3 5.4H6.1L7.2 9.2Z" fill="#3b2f22"/>"##,
                // A coat of arms.
                1 => r##"<path d="M3.4 3.6H7V6.6Q7 8.4 5.2 9.3Q3.4 8.4 3.4 6.6Z" fill="#2f5fb3" stroke="#f4ead5" stroke-width="0.5"/>"##,
                // A road.
                2 => r##"<path d="M3 8.6Q5.4 6.4 7.4 3.6" stroke="#8a7a5c" stroke-width="1.6" fill="none"/>"##,
                // A monastery's cross.
                3 => r##"<path d="M5.2 3V9.4M3.3 5H7.1" stroke="#b8452e" stroke-width="1.3"/>"##,
                // A city's wall.
                _ => r##"<path d="M2.8 9V5H4V6.1H4.8V5H5.6V6.1H6.4V5H7.6V9Z" fill="#b9874b" stroke="#3b2f22" stroke-width="0.5"/>"##,
            };
            format!(
                concat!(
                    r##"<path d="M-5 9.5V-5H5V9.5Z" fill="#b3aea4" stroke="#4d4a45" stroke-width="1"/>"##,
                    r##"<path d="M-6.5 -5V-9.5H-4V-7.5H-1.2V-9.5H1.2V-7.5H4V-9.5H6.5V-5Z" fill="#9c978d" stroke="#4d4a45" stroke-width="1" stroke-linejoin="round"/>"##,
                    r##"<path d="M-1.3 -2.5V-0.5H1.3V-2.5Z" fill="#3b2f22"/>"##,
                    r##"<circle cx="5.2" cy="6.3" r="3.8" fill="#f4ead5" stroke="#4d4a45" stroke-width="0.7"/>"##,
                    "{badge}"
                ),
                badge = badge
            )
        }
        IconKind::Tower => concat!(
            r##"<rect x="-9" y="-9" width="18" height="18" fill="#a7a39c" stroke="#4d4a45" stroke-width="1.6"/>"##,
            r##"<rect x="-4.5" y="-4.5" width="9" height="9" fill="#7e7a73" stroke="#4d4a45" stroke-width="1"/>"##,
            r##"<path d="M-9 -3H-4.5M4.5 -3H9M-9 3H-4.5M4.5 3H9M-3 -9V-4.5M3 4.5V9" stroke="#4d4a45" stroke-width="0.7"/>"##
        )
        .to_string(),
        IconKind::Dragon => concat!(
            r##"<circle cx="0" cy="0" r="9.5" fill="#c62828" stroke="#5a0d0d" stroke-width="1.3"/>"##,
            r##"<path d="M-6.5 4.5Q-3 -1 1 1L3.5 -4L5.5 -1.5L7 -5.5L7.3 1Q6 5 1 5.5Q4 7 6 6.5Q2 9 -1.5 6.5Q-4 6 -6.5 4.5Z" fill="#ffe9d6"/>"##,
            r##"<path d="M-2 2L-6 -6L-0.5 -1Z" fill="#ffe9d6"/>"##
        )
        .to_string(),
        IconKind::Volcano => concat!(
            r##"<path d="M-10 9L-3.5 -5H3.5L10 9Z" fill="#7a4a2a" stroke="#3e2414" stroke-width="1.2" stroke-linejoin="round"/>"##,
            r##"<path d="M-3.5 -5H3.5L2.2 -1.5L0.8 1.5L-0.5 -1L-2 0.5Z" fill="#e8461e" stroke="#8c1c05" stroke-width="0.7"/>"##,
            r##"<path d="M-2.5 -7Q-4 -10 -1 -10.5Q0 -13 3 -11Q5.5 -10 3.5 -7.5" fill="#cfcac3" stroke="#7d776f" stroke-width="0.7"/>"##
        )
        .to_string(),
        IconKind::MagicGate => concat!(
            r##"<path d="M-8.5 9V-1A8.5 8.5 0 0 1 8.5 -1V9H4V-1A4 4 0 0 0 -4 -1V9Z" fill="#8e44ad" stroke="#3d1650" stroke-width="1.2"/>"##,
            r##"<path d="M-4 9V-1A4 4 0 0 1 4 -1V9Z" fill="#e3c8f5"/>"##,
            r##"<circle cx="0" cy="-6" r="1.2" fill="#f7e9ff"/>"##
        )
        .to_string(),
        IconKind::Festival => concat!(
            r##"<path d="M0.0 -9.5L1.3 -5.0L4.7 -8.2L3.7 -3.7L8.2 -4.8L5.0 -1.3L9.5 0.0L5.0 1.3L8.2 4.7L3.7 3.7L4.7 8.2L1.3 5.0L0.0 9.5L-1.3 5.0L-4.7 8.2L-3.7 3.7L-8.2 4.8L-5.0 1.3L-9.5 0.0L-5.0 -1.3L-8.2 -4.8L-3.7 -3.7L-4.8 -8.2L-1.3 -5.0Z" fill="#f4c430" stroke="#8a5a00" stroke-width="1" stroke-linejoin="round"/>"##,
            r##"<circle cx="0" cy="0" r="3.6" fill="#d6336c"/>"##,
            r##"<circle cx="-3.2" cy="-6.3" r="1.1" fill="#1c7ed6"/><circle cx="5.6" cy="3.4" r="1.1" fill="#2f9e44"/>"##,
            r##"<circle cx="-5.8" cy="3.6" r="1.1" fill="#7048e8"/>"##
        )
        .to_string(),
        IconKind::Gold => concat!(
            r##"<circle cx="0" cy="0" r="9.5" fill="#5b3a1e" stroke="#2e1c0c" stroke-width="1"/>"##,
            r##"<path d="M-7 4.5L-4.5 -3H4.5L7 4.5Z" fill="#f2c037" stroke="#8a5a00" stroke-width="1" stroke-linejoin="round"/>"##,
            r##"<path d="M-4.5 -3H4.5L3.6 -0.6H-3.6Z" fill="#ffe58a"/>"##
        )
        .to_string(),
        IconKind::Magic => concat!(
            r##"<circle cx="0" cy="0" r="9.5" fill="#4a2a73" stroke="#22103a" stroke-width="1"/>"##,
            r##"<path d="{STAR}" fill="#f4d03f" stroke="#8a6d00" stroke-width="0.8" stroke-linejoin="round"/>"##
        )
        .replace("{STAR}", MAGIC_STAR),
        IconKind::Darmstadtium => concat!(
            r##"<path d="M-9.5 7V-1L9.5 -6V7Z" fill="#cfd8dc" stroke="#37474f" stroke-width="1" stroke-linejoin="round"/>"##,
            r##"<path d="M-9.5 -1L9.5 -6V-3.5L-9.5 1.5Z" fill="#607d8b"/>"##,
            r##"<path d="M-6.5 3.2H6.5M-6.5 5.4H6.5" stroke="#37474f" stroke-width="0.9"/>"##
        )
        .to_string(),
        // La Porxada: a low hipped roof of red tiles on five pale stone columns before a dark hall,
        // and a floor.
        IconKind::Porxada => concat!(
            r##"<path d="M-10 -2.5L-6.5 -7H6.5L10 -2.5Z" fill="#b5502d" stroke="#5d2614" stroke-width="1" stroke-linejoin="round"/>"##,
            r##"<path d="M-9.4 -2.5H9.4V5.5H-9.4Z" fill="#6b4a2c"/>"##,
            r##"<path d="M-8.5 -2.5V5.5M-4.25 -2.5V5.5M0 -2.5V5.5M4.25 -2.5V5.5M8.5 -2.5V5.5" stroke="#efe6d2" stroke-width="1.8"/>"##,
            r##"<path d="M-10 5.5H10V7.5H-10Z" fill="#d8ccb0" stroke="#6b5d43" stroke-width="0.8"/>"##
        )
        .to_string(),
        // The Plague: the plague doctor, a pale beaked mask with a round amber glass eye under a
        // wide-brimmed black hat, over the shoulders of a black coat.
        IconKind::PlagueDoctor => format!(
            concat!(
                r##"<path d="M-8 10V6.5Q-8 3 -4 2.5H3Q7 3 7 6.5V10Z" fill="#2a2a2e" stroke="{ink}" stroke-width="0.8"/>"##,
                r##"<path d="M-5.5 -1.5A4.6 4.6 0 0 1 3 -3L10 3.5L2.5 2.2A4.6 4.6 0 0 1 -5.5 -1.5Z" fill="#e8dcc0" stroke="{ink}" stroke-width="0.9" stroke-linejoin="round"/>"##,
                r##"<circle cx="-0.6" cy="-1.6" r="1.7" fill="#d9a21b" stroke="{ink}" stroke-width="0.7"/>"##,
                r##"<path d="M-9.5 -4.5H8.5L5.5 -6V-10H-6V-6Z" fill="#1c1c1f" stroke="{ink}" stroke-width="0.8" stroke-linejoin="round"/>"##
            ),
            ink = INK
        ),
        // Hills & Sheep: a hill, a darker green mound with a light crest and tufts of grass, so
        // that it stands out of the field it rises from.
        IconKind::Hill => concat!(
            r##"<path d="M-10 7C-8 -1.5 -4 -7.5 1 -7.5C5.5 -7.5 8.5 -1.5 10 7Z" fill="#5e8c34" stroke="#2f4a17" stroke-width="1" stroke-linejoin="round"/>"##,
            r##"<path d="M-5.5 -0.5C-3.5 -4.5 -0.5 -6 3 -5.6" fill="none" stroke="#a9d46c" stroke-width="1.5" stroke-linecap="round"/>"##,
            r##"<path d="M-5 4.5L-4.3 2.4L-3.6 4.5M1 3L1.7 0.9L2.4 3M5 5.2L5.6 3.3L6.2 5.2" fill="none" stroke="#23380f" stroke-width="0.8" stroke-linecap="round" stroke-linejoin="round"/>"##
        )
        .to_string(),
        // The Vineyards: a plot of brown earth with three vines on their stakes along a wire,
        // each with a leaf and a bunch of purple grapes.
        IconKind::Vineyard => {
            let mut vines = String::from(concat!(
                r##"<rect x="-10" y="-8" width="20" height="17" rx="2.5" fill="#cfae72" stroke="#6b4a22" stroke-width="1"/>"##,
                r##"<path d="M-9 -3.5H9" stroke="#6b4a22" stroke-width="0.6"/>"##
            ));
            for x in [-6.0f32, 0.0, 6.0] {
                vines.push_str(&format!(
                    concat!(
                        r##"<path d="M{x} 8V-6.5" stroke="#5d3a1a" stroke-width="1.2" stroke-linecap="round"/>"##,
                        r##"<ellipse cx="{leaf}" cy="-5" rx="2.3" ry="1.4" fill="#4f8a2b" stroke="#2c5214" stroke-width="0.4"/>"##,
                        r##"<g fill="#6a2d7a" stroke="#3a1245" stroke-width="0.4"><circle cx="{l}" cy="-1.4" r="1.3"/><circle cx="{r}" cy="-1.4" r="1.3"/>"##,
                        r##"<circle cx="{x}" cy="0.8" r="1.3"/><circle cx="{x}" cy="3" r="1.1"/></g>"##
                    ),
                    x = num(x),
                    leaf = num(x + 2.0),
                    l = num(x - 1.3),
                    r = num(x + 1.3),
                ));
            }
            vines
        }
        // Under the Big Top: a circus space, a ring of sawdust edged in red and white with a
        // small striped tent flying a pennant (the big top itself is a piece, `big_top_piece`).
        IconKind::Circus => concat!(
            r##"<circle r="9.6" fill="#e8cc92" stroke="#7a5226" stroke-width="1"/>"##,
            r##"<circle r="7.7" fill="none" stroke="#fbf6ea" stroke-width="1.6"/>"##,
            r##"<circle r="7.7" fill="none" stroke="#c62828" stroke-width="1.6" stroke-dasharray="2.4 2.4"/>"##,
            r##"<path d="M-5.6 4.6L0 -5.2L5.6 4.6Z" fill="#fbf6ea" stroke="#5a1a12" stroke-width="0.8" stroke-linejoin="round"/>"##,
            r##"<path d="M0 -5.2L-3.4 4.6H-1.4ZM0 -5.2L1.4 4.6H3.4Z" fill="#c62828"/>"##,
            r##"<path d="M-1.3 4.6V2Q0 0.8 1.3 2V4.6Z" fill="#3b2f22"/>"##,
            r##"<path d="M0 -5.2V-8.8" stroke="#5a1a12" stroke-width="0.7"/>"##,
            r##"<path d="M0 -8.8L2.9 -7.9L0 -7Z" fill="#f3c530" stroke="#7a5a08" stroke-width="0.3"/>"##
        )
        .to_string(),
        // Under the Big Top: an acrobat space, a round blue stage with a gold rim and the three
        // places of a pyramid (two below, one on top).
        IconKind::AcrobatSpace => concat!(
            r##"<circle r="9.6" fill="#1f4e9c" stroke="#0d2a5c" stroke-width="1"/>"##,
            r##"<circle r="7.8" fill="none" stroke="#f3c530" stroke-width="1.1"/>"##,
            r##"<g fill="#f3c530" stroke="#7a5a08" stroke-width="0.5"><circle cx="-3.1" cy="2.6" r="2.3"/><circle cx="3.1" cy="2.6" r="2.3"/><circle cx="0" cy="-2.9" r="2.3"/></g>"##
        )
        .to_string(),
        // Bridges, Castles & Bazaars: a bazaar, a market stall: an awning striped teal and cream
        // with a scalloped edge on two poles, over a wooden counter laid with wares (a jar, a
        // basket of oranges, a bolt of red cloth).
        IconKind::Bazaar => concat!(
            r##"<path d="M-8.2 -2.6V8.6M8.2 -2.6V8.6" stroke="#5d3a1a" stroke-width="1.2" stroke-linecap="round"/>"##,
            r##"<path d="M-10 -3L-7.5 -9.5H7.5L10 -3Z" fill="#f6ecd2" stroke="#1d4f4a" stroke-width="0.8" stroke-linejoin="round"/>"##,
            r##"<path d="M-7.5 -9.5L-10 -3H-6ZM-2.5 -9.5L-2 -3H2L2.5 -9.5ZM7.5 -9.5L10 -3H6Z" fill="#1f8a7e"/>"##,
            r##"<path d="M-10 -3Q-8 0 -6 -3Q-4 0 -2 -3Q0 0 2 -3Q4 0 6 -3Q8 0 10 -3Z" fill="#1f8a7e" stroke="#1d4f4a" stroke-width="0.6" stroke-linejoin="round"/>"##,
            r##"<path d="M-5.6 3.6C-6.6 1.6 -6 0 -4.6 -0.4H-3.2C-1.8 0 -1.2 1.6 -2.2 3.6Z" fill="#b5651d" stroke="#4a2a0c" stroke-width="0.5"/>"##,
            r##"<g fill="#f08a1c" stroke="#8a4a06" stroke-width="0.4"><circle cx="1" cy="2.4" r="1.2"/><circle cx="3.2" cy="2.4" r="1.2"/><circle cx="2.1" cy="0.7" r="1.2"/></g>"##,
            r##"<rect x="4.8" y="0.8" width="3" height="2.8" rx="0.6" fill="#c62828" stroke="#5a1010" stroke-width="0.4"/>"##,
            r##"<rect x="-9.6" y="3.4" width="19.2" height="5.4" rx="0.8" fill="#9a6a3a" stroke="#4a2a0c" stroke-width="0.9"/>"##,
            r##"<path d="M-9.6 5.8H9.6" stroke="#6b4520" stroke-width="0.5"/>"##
        )
        .to_string(),
        // The Catapult: a fair, a round pavilion striped royal blue and yellow under a pointed
        // roof striped the same way, a scalloped blue valance and a dark doorway, a green
        // swallow-tailed flag on the pole at its top (no ring of sawdust, unlike a circus space;
        // no counter, unlike a bazaar).
        IconKind::Fair => format!(
            concat!(
                r##"<ellipse cx="0" cy="8.6" rx="8.6" ry="1.3" fill="#3b2f22" opacity="0.2"/>"##,
                r##"<rect x="-7" y="-0.5" width="14" height="9" fill="#f2c14e" stroke="{ink}" stroke-width="0.8"/>"##,
                r##"<path d="M-7 -0.5H-5V8.5H-7ZM-3 -0.5H-1V8.5H-3ZM1 -0.5H3V8.5H1ZM5 -0.5H7V8.5H5Z" fill="#2a5caa"/>"##,
                r##"<path d="M-1.6 8.5V5Q0 3.2 1.6 5V8.5Z" fill="{ink}"/>"##,
                r##"<path d="M-8.6 -0.5L0 -8.4L8.6 -0.5Z" fill="#f2c14e" stroke="{ink}" stroke-width="0.8" stroke-linejoin="round"/>"##,
                r##"<path d="M0 -8.4L-8.6 -0.5H-5.2ZM0 -8.4L-1.7 -0.5H1.7ZM0 -8.4L5.2 -0.5H8.6Z" fill="#2a5caa"/>"##,
                r##"<path d="M-8.6 -0.5Q-7.2 1.9 -5.7 -0.5Q-4.3 1.9 -2.9 -0.5Q-1.4 1.9 0 -0.5Q1.4 1.9 2.9 -0.5Q4.3 1.9 5.7 -0.5Q7.2 1.9 8.6 -0.5Z" fill="#2a5caa" stroke="{ink}" stroke-width="0.6" stroke-linejoin="round"/>"##,
                r##"<path d="M0 -8.4V-13.6" stroke="{ink}" stroke-width="0.8" stroke-linecap="round"/>"##,
                r##"<path d="M0.3 -13.6L6 -13L4.4 -11.9L6 -10.8L0.3 -10.4Z" fill="#2e8b3a" stroke="#17461d" stroke-width="0.4" stroke-linejoin="round"/>"##
            ),
            ink = INK
        ),
        // A crop circle: a round of flattened wheat with a ring trodden into it, and in the
        // middle the emblem of the followers it concerns: a shield, a club or a pitchfork.
        IconKind::CropCircle { kind } => {
            let emblem = match kind {
                0 => r##"<path d="M-3.4 -3.8H3.4V0.4C3.4 2.6 1.7 3.9 0 4.7C-1.7 3.9 -3.4 2.6 -3.4 0.4Z" fill="#8a6a1c"/>"##,
                1 => concat!(
                    r##"<path d="M-3 4.2L1 -0.6" stroke="#8a6a1c" stroke-width="1.9" stroke-linecap="round"/>"##,
                    r##"<circle cx="1.9" cy="-1.9" r="2.3" fill="#8a6a1c"/>"##
                ),
                _ => r##"<path d="M0 4.8V-1.4M-2.8 -4.6V-1.4H2.8V-4.6M0 -4.6V-1.4" fill="none" stroke="#8a6a1c" stroke-width="1.3" stroke-linecap="round" stroke-linejoin="round"/>"##,
            };
            format!(
                concat!(
                    r##"<circle cx="0" cy="0" r="9.6" fill="#ecd27a" stroke="#a8842a" stroke-width="1"/>"##,
                    r##"<circle cx="0" cy="0" r="7" fill="none" stroke="#c9a443" stroke-width="1.2"/>"##,
                    "{}"
                ),
                emblem
            )
        }
        IconKind::Labyrinth => concat!(
            r##"<circle cx="0" cy="0" r="9.6" fill="#6c8f3c" stroke="#3e5220" stroke-width="1"/>"##,
            r##"<path d="M-1.5 -8.3A8.3 8.3 0 1 0 1.5 -8.3M1.5 -5.6A5.6 5.6 0 1 1 -5.6 1.5M-2.9 0A2.9 2.9 0 1 0 0 -2.9" fill="none" stroke="#e8dcc0" stroke-width="1.9" stroke-linecap="round"/>"##,
            r##"<circle cx="0" cy="0" r="1" fill="#e8dcc0"/>"##
        )
        .to_string(),
        // A stone arch around a dark mouth.
        IconKind::TunnelOpening => concat!(
            r##"<circle cx="0" cy="0" r="6.2" fill="#8d8270" stroke="#4e463a" stroke-width="0.9"/>"##,
            r##"<circle cx="0" cy="0" r="3.9" fill="#1d1a16"/>"##
        )
        .to_string(),
        // A sky-blue disc, a pair of canvas wings across it and a red arrow from its middle to
        // where it flies (west; turned 45° for the diagonal machine).
        IconKind::FlyingMachine { diagonal } => format!(
            concat!(
                r##"<circle cx="0" cy="0" r="9.6" fill="#d8ecfa" stroke="#28507a" stroke-width="0.9"/>"##,
                r##"<g transform="rotate({deg})">"##,
                r##"<path d="M1 -1.5C3 -8 6.5 -9 8.6 -7.5C6.8 -5.6 5 -3.4 3.4 -1.2Z" fill="#f5efe0" stroke="#5d4037" stroke-width="0.7" stroke-linejoin="round"/>"##,
                r##"<path d="M1 1.5C3 8 6.5 9 8.6 7.5C6.8 5.6 5 3.4 3.4 1.2Z" fill="#f5efe0" stroke="#5d4037" stroke-width="0.7" stroke-linejoin="round"/>"##,
                r##"<path d="M4.5 0H-5.5" stroke="#c62828" stroke-width="1.8" stroke-linecap="round"/>"##,
                r##"<path d="M-8.8 0L-4.2 -3.4V3.4Z" fill="#c62828" stroke="#7f1010" stroke-width="0.5" stroke-linejoin="round"/>"##,
                "</g>"
            ),
            deg = if diagonal { 45 } else { 0 }
        ),
        IconKind::WindRose { blue } => {
            let (fill, ink) = if blue { ("#2f6fd0", "#123a78") } else { ("#ee8a1c", "#7a3d00") };
            format!(
                concat!(
                    r##"<circle cx="0" cy="0" r="9.6" fill="#fbf3df" stroke="{ink}" stroke-width="0.9"/>"##,
                    r##"<path d="M4.6 -4.6L1.3 0L4.6 4.6L0 1.3L-4.6 4.6L-1.3 0L-4.6 -4.6L0 -1.3Z" fill="{ink}" opacity="0.55"/>"##,
                    r##"<path d="M0 -9.6L2 -2L9.6 0L2 2L0 9.6L-2 2L-9.6 0L-2 -2Z" fill="{fill}" stroke="{ink}" stroke-width="0.7" stroke-linejoin="round"/>"##,
                    r##"<path d="M0 -9.6L2 -2H-2Z" fill="#c62828" stroke="{ink}" stroke-width="0.5"/>"##,
                    r##"<circle cx="0" cy="0" r="1.3" fill="#fbf3df" stroke="{ink}" stroke-width="0.5"/>"##
                ),
                fill = fill,
                ink = ink
            )
        }
        IconKind::RoseQuarter { quarter } => format!(
            concat!(
                r##"<g transform="rotate({deg}) scale(1.8) translate(-4.8 4.8)">"##,
                r##"<path d="M0 0V-9.6A9.6 9.6 0 0 1 9.6 0Z" fill="#fbf3df" stroke="#7a3d00" stroke-width="0.9"/>"##,
                r##"<path d="M0 0L1.6 -4.6L8 -8L4.6 -1.6Z" fill="#ee8a1c" stroke="#7a3d00" stroke-width="0.6" stroke-linejoin="round"/>"##,
                r##"<path d="M0 0V-9.6M0 0H9.6" stroke="#7a3d00" stroke-width="0.9"/>"##,
                "</g>"
            ),
            deg = u32::from(quarter) * 90
        ),
        IconKind::Garden => concat!(
            r##"<rect x="-9" y="-9" width="18" height="18" rx="2.5" fill="#3f8f3a" stroke="#1f521c" stroke-width="2.4"/>"##,
            r##"<circle cx="-4" cy="-4" r="2.4" fill="#2a6b27"/><circle cx="4" cy="-4" r="2.4" fill="#2a6b27"/>"##,
            r##"<circle cx="-4" cy="4" r="2.4" fill="#2a6b27"/><circle cx="4" cy="4" r="2.4" fill="#2a6b27"/>"##,
            r##"<circle cx="0" cy="0" r="1.8" fill="#f4d03f"/>"##
        )
        .to_string(),
    }
}

/// An icon at `at`, `r` being half its size.
pub fn icon(kind: IconKind, at: Pt, r: f32) -> String {
    format!(
        r#"<g class="{}" transform="translate({} {}) scale({})">{}</g>"#,
        class(kind),
        num(at.x),
        num(at.y),
        num(r / 10.0),
        body(kind)
    )
}

/// An icon at `at`, `r` being half its size, turned `degrees` clockwise with its tile (a wind
/// rose).
pub fn icon_turned(kind: IconKind, at: Pt, r: f32, degrees: u32) -> String {
    format!(
        r#"<g class="{}" transform="translate({} {}) rotate({degrees}) scale({})">{}</g>"#,
        class(kind),
        num(at.x),
        num(at.y),
        num(r / 10.0),
        body(kind)
    )
}
