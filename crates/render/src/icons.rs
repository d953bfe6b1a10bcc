//! The small pictures: buildings, symbols and figures, drawn upright around a point. Each is
//! designed in a box from -10 to 10 and scaled to its size.

use carcassonne_engine::catalog::TradeGood;
use carcassonne_engine::BuildingKind;

use crate::geom::{num, Pt};
use crate::layout::IconKind;

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

/// The outline of a follower in its -10..10 box, standing.
const MEEPLE: &str = concat!(
    "M0 -10C-2.6 -10 -3.6 -8 -3.4 -6.2C-5.5 -5.6 -8 -4.6 -9.2 -2.6C-9.8 -1.4 -8.8 -0.2 -7.3 -0.6",
    "C-6.2 -0.9 -5 -1.3 -4 -1.6C-4.6 1.6 -6 5 -7.6 8.2C-7.9 9 -7.3 9.6 -6.5 9.6H-2.2C-1.6 9.6 -1.2 9.2 -1 8.6",
    "L0 5.2L1 8.6C1.2 9.2 1.6 9.6 2.2 9.6H6.5C7.3 9.6 7.9 9 7.6 8.2C6 5 4.6 1.6 4 -1.6",
    "C5 -1.3 6.2 -0.9 7.3 -0.6C8.8 -0.2 9.8 -1.4 9.2 -2.6C8 -4.6 5.5 -5.6 3.4 -6.2C3.6 -8 2.6 -10 0 -10Z"
);

/// A follower in a player's colour, standing or (a farmer) lying down; `size` is its height.
pub fn meeple(at: Pt, colour: &str, lying: bool, size: f32, class: &str) -> String {
    follower_outline(at, colour, lying, size, class, "")
}

/// The phantom (The Phantom): a translucent follower in its player's colour, as the figure is
/// clear plastic, with a dashed outline so that it reads apart from a follower.
pub fn phantom(at: Pt, colour: &str, lying: bool, size: f32, class: &str) -> String {
    follower_outline(at, colour, lying, size, class, r#" fill-opacity="0.45" stroke-dasharray="2 1.2""#)
}

/// A follower's outline in `colour`, with `style` (further attributes of its path).
fn follower_outline(at: Pt, colour: &str, lying: bool, size: f32, class: &str, style: &str) -> String {
    follower_with(at, colour, lying, size, class, style, "")
}

/// A follower's outline in `colour`, with `style` (further attributes of its path) and `extra`
/// drawn over it in the same box (the ringmaster's top hat), `{outline}` in it standing for the
/// outline's colour.
fn follower_with(at: Pt, colour: &str, lying: bool, size: f32, class: &str, style: &str, extra: &str) -> String {
    let outline = if colour == "#222222" { "#e8e8e8" } else { "#1a1a1a" };
    let turn = if lying { " rotate(-90)" } else { "" };
    format!(
        concat!(
            r#"<g class="{class}" transform="translate({x} {y}) scale({s}){turn}">"#,
            r#"<path d="{d}" fill="{colour}"{style} stroke="{outline}" stroke-width="1.1" stroke-linejoin="round"/>{extra}</g>"#
        ),
        class = class,
        x = num(at.x),
        y = num(at.y),
        s = num(size / 20.0),
        turn = turn,
        d = MEEPLE,
        colour = colour,
        style = style,
        outline = outline,
        extra = extra.replace("{outline}", outline)
    )
}

/// The ringmaster (Under the Big Top): a follower in his player's colour wearing a tall black
/// top hat with a red band, so that he reads apart from a follower; lying down on a farm as a
/// farmer does.
pub fn ringmaster(at: Pt, colour: &str, lying: bool, size: f32, class: &str) -> String {
    follower_with(at, colour, lying, size, class, "", RINGMASTER_HAT)
}

/// The ringmaster's top hat on the follower's head (its -10..10 box): a brim, a tall crown and
/// a red band.
const RINGMASTER_HAT: &str = concat!(
    r##"<path d="M-5 -8.6H5V-10H3.1V-16H-3.1V-10H-5Z" fill="#161616" stroke="{outline}" stroke-width="0.7" stroke-linejoin="round"/>"##,
    r##"<path d="M-3.1 -10.2H3.1V-11.8H-3.1Z" fill="#c62828"/>"##
);

/// The big top (Under the Big Top), the tent standing on the circus tile where it went up last:
/// striped red and white walls under a red roof with a gold fringe, a pole with a pennant;
/// `size` is its width.
pub fn big_top_piece(at: Pt, size: f32) -> String {
    let stripes: String = (0..6)
        .filter(|k| k % 2 == 0)
        .map(|k| {
            format!(r##"<rect x="{}" y="-1" width="2.83" height="9.5" fill="#c62828"/>"##, num(-8.5 + 2.83 * k as f32))
        })
        .collect();
    let fringe: String = (0..8)
        .map(|k| {
            let x = -10.0 + 2.5 * k as f32;
            format!("M{} -0.5Q{} 1.9 {} -0.5", num(x), num(x + 1.25), num(x + 2.5))
        })
        .collect();
    format!(
        concat!(
            r#"<g class="piece big-top" transform="translate({x} {y}) scale({s})">"#,
            r##"<ellipse cx="0" cy="8.8" rx="10.5" ry="1.8" fill="#000000" fill-opacity="0.25"/>"##,
            r##"<rect x="-8.5" y="-1" width="17" height="9.5" fill="#fbf6ea"/>{stripes}"##,
            r##"<rect x="-8.5" y="-1" width="17" height="9.5" fill="none" stroke="#5a1a12" stroke-width="0.8"/>"##,
            r##"<path d="M-2 8.5V4Q0 2 2 4V8.5Z" fill="#3b2f22"/>"##,
            r##"<path d="{fringe}Z" fill="#f3c530" stroke="#7a5a08" stroke-width="0.4"/>"##,
            r##"<path d="M-10 -0.5L0 -9L10 -0.5Z" fill="#c62828" stroke="#5a1a12" stroke-width="0.9" stroke-linejoin="round"/>"##,
            r##"<path d="M0 -9V-13.5" stroke="#5a1a12" stroke-width="0.8"/>"##,
            r##"<path d="M0 -13.5L4.2 -12.2L0 -10.9Z" fill="#f3c530" stroke="#7a5a08" stroke-width="0.4"/></g>"##
        ),
        x = num(at.x),
        y = num(at.y),
        s = num(size / 20.0),
        stripes = stripes,
        fringe = fringe,
    )
}

/// The colour of the count (The Count of Carcassonne), a neutral figure.
pub const COUNT_COLOUR: &str = "#6a3d9a";

/// The count (The Count of Carcassonne): a purple follower with a golden crown, standing in
/// the quarter `quarter` of the city; `size` is its height.
pub fn count_piece(at: Pt, size: f32, quarter: &str) -> String {
    format!(
        concat!(
            r#"<g class="piece count" data-quarter="{quarter}" transform="translate({x} {y}) scale({s})">"#,
            r##"<path d="{d}" fill="{colour}" stroke="#1a1a1a" stroke-width="1.1" stroke-linejoin="round"/>"##,
            r##"<path d="M-3.2 -9.4V-13.2L-1.6 -11.4L0 -13.8L1.6 -11.4L3.2 -13.2V-9.4Z" fill="#f3c530" stroke="#7a5a08" stroke-width="0.7" stroke-linejoin="round"/></g>"##
        ),
        quarter = quarter,
        x = num(at.x),
        y = num(at.y),
        s = num(size / 20.0),
        d = MEEPLE,
        colour = COUNT_COLOUR
    )
}

/// The dragon (The Princess & the Dragon), a standing piece: a red winged body with its head
/// raised; `size` is its height.
pub fn dragon_piece(at: Pt, size: f32) -> String {
    format!(
        concat!(
            r#"<g class="piece dragon" transform="translate({x} {y}) scale({s})">"#,
            r##"<path d="M-9 8Q-10 1 -4 -1L-7 -8L-1 -3L2 -9L3 -2Q6 -4 7 -8Q9.5 -5 8 -1Q10 0 9.5 3L6 1.5Q4 4 5 8Z" "##,
            r##"fill="#b71c1c" stroke="#3d0707" stroke-width="1" stroke-linejoin="round"/>"##,
            r##"<circle cx="6.8" cy="-3.6" r="0.9" fill="#ffd54f"/></g>"##
        ),
        x = num(at.x),
        y = num(at.y),
        s = num(size / 20.0)
    )
}

/// A tower (The Tower) on its foundation: grey stones, one band per piece up to three, with
/// the number of pieces on it and battlements once a follower finished it.
pub fn tower_piece(at: Pt, height: u8, finished: bool) -> String {
    let bands = height.min(3) as f32;
    let top = -6.0 * bands;
    let mut s =
        format!(r#"<g class="piece tower" data-height="{height}" transform="translate({} {})">"#, num(at.x), num(at.y));
    for band in 0..height.min(3) {
        let y = -6.0 * (band as f32 + 1.0) + 4.0;
        s.push_str(&format!(
            r##"<rect x="-8" y="{}" width="16" height="6" fill="#9e9e9e" stroke="#424242" stroke-width="1"/>"##,
            num(y)
        ));
    }
    if finished {
        s.push_str(&format!(
            r##"<path d="M-8 {a}V{b}H-4V{a}H-1V{b}H2V{a}H5V{b}H8V{a}" fill="#9e9e9e" stroke="#424242" stroke-width="1"/>"##,
            a = num(top + 4.0),
            b = num(top + 1.0)
        ));
    }
    s.push_str(&format!(
        r##"<text x="10" y="4" font-size="11" font-family="sans-serif" font-weight="bold" fill="#212121" stroke="#ffffff" stroke-width="2.5" paint-order="stroke">{height}</text></g>"##
    ));
    s
}

/// A barn (Abbey & Mayor) in its owner's colour, centred on a tile corner: a house with a
/// pitched roof.
pub fn barn(at: Pt, colour: &str) -> String {
    format!(
        r##"<g class="piece barn" transform="translate({} {})"><path d="M-10 8V-3L0 -11L10 -3V8Z" fill="{colour}" stroke="#212121" stroke-width="1.5" stroke-linejoin="round"/><rect x="-3" y="1" width="6" height="7" fill="#5d4037"/></g>"##,
        num(at.x),
        num(at.y)
    )
}

/// A little building (Little Buildings): a cardboard token, not a figure of a colour; the
/// player who put it there shows as a band along its foot. A tower is tall with battlements, a
/// house has a pitched roof, a shed is low with a sloping roof; `None` (the kinds are
/// equivalent) draws a house.
pub fn little_building(at: Pt, kind: Option<BuildingKind>, owner: &str) -> String {
    let (name, outline) = match kind {
        Some(BuildingKind::Tower) => ("tower", "M-5 8V-8H-3V-11H-1V-8H1V-11H3V-8H5V8Z"),
        Some(BuildingKind::Shed) => ("shed", "M-8 8V0L8 -4V8Z"),
        Some(BuildingKind::House) | None => ("house", "M-7 8V-1L0 -8L7 -1V8Z"),
    };
    format!(
        r##"<g class="piece little-building {name}" transform="translate({} {})"><path d="{outline}" fill="#ecdcb8" stroke="#5d4037" stroke-width="1.4" stroke-linejoin="round"/><rect x="-7" y="6" width="14" height="3" fill="{owner}" stroke="#212121" stroke-width="0.6"/></g>"##,
        num(at.x),
        num(at.y)
    )
}

/// A tunnel token (The Tunnel): a disc in its owner's colour over the opening, with its pair's
/// letter (A, B, C): the pair's two tokens join their roads.
pub fn tunnel_token(at: Pt, pair: u8, colour: &str) -> String {
    format!(
        concat!(
            r##"<g class="piece tunnel-token" transform="translate({x} {y})">"##,
            r##"<circle cx="0" cy="0" r="7" fill="{colour}" stroke="#1a1a1a" stroke-width="1.2"/>"##,
            r##"<text x="0" y="3.6" text-anchor="middle" font-size="10" font-weight="bold" fill="#ffffff" stroke="#1a1a1a" stroke-width="1.6" paint-order="stroke">{letter}</text></g>"##
        ),
        x = num(at.x),
        y = num(at.y),
        colour = colour,
        letter = carcassonne_engine::tunnel_pair_letter(pair),
    )
}

/// A ferry (The Ferries): a wooden raft across its lake from the jetty at `from` to the jetty
/// at `to`, joining the two roads.
pub fn ferry(from: Pt, to: Pt) -> String {
    format!(
        concat!(
            r##"<g class="piece ferry">"##,
            r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#3b2a17" stroke-width="11" stroke-linecap="round"/>"##,
            r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#d9b27a" stroke-width="7.5" stroke-linecap="round"/></g>"##
        ),
        x1 = num(from.x),
        y1 = num(from.y),
        x2 = num(to.x),
        y2 = num(to.y),
    )
}

/// An outbreak token on its plague source (The Plague), numbered 1 to 6 in the order the
/// sources were placed: a hexagonal token, dark red with a black border and its number in
/// white while the outbreak is active; turned to its field side once it died out, pale green
/// with a grey-green border and a dark number.
pub fn outbreak_token(at: Pt, number: u8, active: bool) -> String {
    let (state, fill, edge, ink, halo) = if active {
        ("active", "#7f1416", "#1a0505", "#ffffff", "#1a0505")
    } else {
        ("eradicated", "#bcd3a0", "#5e7a4c", "#2f3d26", "#eef5e6")
    };
    format!(
        concat!(
            r##"<g class="piece outbreak {state}" data-number="{number}" transform="translate({x} {y}) scale(1.3)">"##,
            r##"<path d="M-5 -8.7H5L10 0L5 8.7H-5L-10 0Z" fill="{fill}" stroke="{edge}" stroke-width="1.6" stroke-linejoin="round"/>"##,
            r##"<text x="0" y="4" text-anchor="middle" font-size="11" font-family="sans-serif" font-weight="bold" fill="{ink}" stroke="{halo}" stroke-width="1.4" paint-order="stroke">{number}</text></g>"##
        ),
        state = state,
        number = number,
        x = num(at.x),
        y = num(at.y),
        fill = fill,
        edge = edge,
        ink = ink,
        halo = halo,
    )
}

/// A flea token (The Plague): a little flea seen from above, an oval body with a small head and
/// three bent legs a side; red side up while active, pink side up once latent.
pub fn flea_token(at: Pt, active: bool) -> String {
    let (state, fill) = if active { ("active", "#d32f2f") } else { ("latent", "#f4a3c4") };
    format!(
        concat!(
            r##"<g class="piece flea {state}" transform="translate({x} {y}) scale(1.2)">"##,
            r##"<path d="M-3 -3.5L-7.5 -6M-3.5 0L-8 0.5M-3 3L-6.5 7.5M3 -3.5L7.5 -6M3.5 0L8 0.5M3 3L6.5 7.5" fill="none" stroke="#2b0a0a" stroke-width="1.3" stroke-linecap="round"/>"##,
            r##"<ellipse cx="0" cy="1.5" rx="4.6" ry="6" fill="{fill}" stroke="#2b0a0a" stroke-width="1.2"/>"##,
            r##"<circle cx="0" cy="-5.6" r="2.4" fill="{fill}" stroke="#2b0a0a" stroke-width="1.1"/></g>"##
        ),
        state = state,
        x = num(at.x),
        y = num(at.y),
        fill = fill,
    )
}

/// The gold ingots on a tile (The Gold Mines): one wooden ingot, with the count beside it when
/// the tile holds more than one. The ingots belong to the tile, not to a player.
pub fn gold_ingots(at: Pt, count: u8) -> String {
    let label = if count > 1 {
        format!(
            r##"<text x="9" y="4" font-size="10" font-weight="bold" fill="#5b3a00" stroke="#fff8dc" stroke-width="2.5" paint-order="stroke">{count}</text>"##
        )
    } else {
        String::new()
    };
    format!(
        r##"<g class="piece gold" transform="translate({} {})"><path d="M-7 4L-4.5 -4H4.5L7 4Z" fill="#f2c037" stroke="#7a4d00" stroke-width="1.2" stroke-linejoin="round"/><path d="M-4.5 -4H4.5L3.7 -1.5H-3.7Z" fill="#ffe58a"/>{label}</g>"##,
        num(at.x),
        num(at.y)
    )
}

/// A five-pointed star around (0, 0), 7 units to its points (the magic symbol's and the mage's).
const MAGIC_STAR: &str = "M0 -7L1.6 -2.2L6.7 -2.2L2.6 0.8L4.1 5.7L0 2.7L-4.1 5.7L-2.6 0.8L-6.7 -2.2L-1.6 -2.2Z";

/// The colours of the mage (purple) and the witch (orange), neutral figures of Mage & Witch.
pub const MAGE_COLOUR: &str = "#7b3fb5";
pub const WITCH_COLOUR: &str = "#ef7d1a";

/// The mage or the witch (Mage & Witch): a robed figure under a pointed hat, the mage purple
/// with a star on the robe, the witch orange with a broom; `size` is its height.
pub fn magic_piece(at: Pt, witch: bool, size: f32) -> String {
    // The witch's broom behind her; the mage's star on his robe.
    let (class, colour, behind, front) = if witch {
        let broom = concat!(
            r##"<path d="M-9 9L8 -6" stroke="#6d4c2f" stroke-width="1.6"/>"##,
            r##"<path d="M-9 9L-11 6.5M-9 9L-7 11.5M-9 9L-11.5 9.8" stroke="#c9a14a" stroke-width="1.3"/>"##
        );
        ("witch", WITCH_COLOUR, broom.to_string(), String::new())
    } else {
        let star = format!(r##"<path d="{MAGIC_STAR}" transform="translate(0 4.5) scale(0.42)" fill="#f4d03f"/>"##);
        ("mage", MAGE_COLOUR, String::new(), star)
    };
    format!(
        concat!(
            r#"<g class="piece {class}" transform="translate({x} {y}) scale({s})">{behind}"#,
            r##"<path d="M-3.4 -1H3.4L7.5 9.5H-7.5Z" fill="{colour}" stroke="#1a1a1a" stroke-width="1" stroke-linejoin="round"/>"##,
            r##"<circle cx="0" cy="-3.4" r="2.7" fill="#f1d3b3" stroke="#1a1a1a" stroke-width="0.8"/>"##,
            r##"<path d="M0 -15L4.6 -5.4H-4.6Z" fill="{colour}" stroke="#1a1a1a" stroke-width="1" stroke-linejoin="round"/>{front}</g>"##
        ),
        class = class,
        behind = behind,
        front = front,
        x = num(at.x),
        y = num(at.y),
        s = num(size / 24.0),
        colour = colour,
    )
}

/// The fairy (The Princess & the Dragon): a small pale figure with wings; `size` is its height.
pub fn fairy_piece(at: Pt, size: f32) -> String {
    format!(
        concat!(
            r#"<g class="piece fairy" transform="translate({x} {y}) scale({s})">"#,
            r##"<path d="M0 -2Q-9 -10 -9 -2Q-8 3 0 1Q8 3 9 -2Q9 -10 0 -2Z" fill="#d7f0ff" stroke="#4a7a99" stroke-width="0.8"/>"##,
            r##"<circle cx="0" cy="-6" r="2.6" fill="#fff4e0" stroke="#4a7a99" stroke-width="0.8"/>"##,
            r##"<path d="M-2.6 9L0 -3L2.6 9Z" fill="#f3c4e8" stroke="#4a7a99" stroke-width="0.8" stroke-linejoin="round"/></g>"##
        ),
        x = num(at.x),
        y = num(at.y),
        s = num(size / 20.0)
    )
}

/// The shepherd (Hills & Sheep): a robed figure in its player's colour holding a crook taller
/// than itself, standing on its field (a shepherd never lies down as a farmer does); `size` is
/// its height, as a follower's.
pub fn shepherd(at: Pt, colour: &str, size: f32, class: &str) -> String {
    let outline = if colour == "#222222" { "#e8e8e8" } else { "#1a1a1a" };
    format!(
        concat!(
            r#"<g class="{class}" transform="translate({x} {y}) scale({s})">"#,
            r#"<path d="{robe}" fill="{colour}" stroke="{outline}" stroke-width="1.1" stroke-linejoin="round"/>"#,
            r#"<path d="{crook}" fill="none" stroke="{outline}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>"#,
            r##"<path d="{crook}" fill="none" stroke="#c08a4a" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"/>"##,
            r#"<circle cx="8" cy="-1.2" r="1.6" fill="{colour}" stroke="{outline}" stroke-width="0.8"/></g>"#
        ),
        class = class,
        x = num(at.x),
        y = num(at.y),
        s = num(size / 20.0),
        robe = SHEPHERD_ROBE,
        crook = SHEPHERD_CROOK,
        colour = colour,
        outline = outline,
    )
}

/// The shepherd's body in its -10..10 box: a head over a long robe widening to the ground.
const SHEPHERD_ROBE: &str = "M-2.6 -3.8A3.4 3.4 0 1 1 2.6 -3.8L5 -2.2L6.8 8.6Q7 9.6 6 9.6H-6Q-7 9.6 -6.8 8.6L-5 -2.2Z";

/// The shepherd's crook: a staff from the ground up past the head, hooked at the top.
const SHEPHERD_CROOK: &str = "M8 9.6V-8A2.5 2.5 0 0 0 3 -8V-6.4";

/// A shepherd's flock (Hills & Sheep): a woolly white token beside the shepherd with the number
/// of sheep of its flock, rimmed in its player's colour.
pub fn flock_token(at: Pt, sheep: u32, colour: &str) -> String {
    // A tuft of wool: a disc with six smaller ones around it, outlined as one.
    let puffs: Vec<(f32, f32, f32)> = std::iter::once((0.0, 0.0, 5.2))
        .chain((0..6).map(|k| {
            let a = k as f32 * std::f32::consts::PI / 3.0;
            (4.6 * a.cos(), 4.6 * a.sin(), 3.0)
        }))
        .collect();
    let circles = |extra: &str| {
        puffs
            .iter()
            .map(|&(x, y, r)| format!(r#"<circle cx="{}" cy="{}" r="{}"{extra}/>"#, num(x), num(y), num(r)))
            .collect::<String>()
    };
    format!(
        concat!(
            r##"<g class="piece flock" data-sheep="{sheep}" transform="translate({x} {y})">"##,
            r##"<g fill="{colour}" stroke="{colour}" stroke-width="2.6">{rim}</g>"##,
            r##"<g fill="#f8f5ea">{wool}</g>"##,
            r##"<text x="0" y="3.4" text-anchor="middle" font-size="9.5" font-family="sans-serif" font-weight="bold" fill="#2b2b2b">{sheep}</text></g>"##
        ),
        sheep = sheep,
        x = num(at.x),
        y = num(at.y),
        colour = colour,
        rim = circles(""),
        wool = circles(""),
    )
}
