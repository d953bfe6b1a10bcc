//! The pieces on a board: followers and the other figures, tokens and buildings the
//! expansions add, each drawn upright around a point (designed, as the icons are, in a box from
//! -10 to 10 and scaled to its size), and the bridges and ferries laid between two points.

use carcassonne_engine::BuildingKind;

use super::MAGIC_STAR;
use crate::geom::{num, Pt};

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

/// A wooden bridge (Bridges, Castles & Bazaars) laid across a tile from `from` to `to` (the
/// middles of two opposite sides), over whatever is printed there: a shadow below, a deck of
/// cross planks, railings with posts along both sides; the road it carries is the deck itself,
/// not a printed road. `half` is half its width; `feature` its road's index on the design.
pub fn bridge(from: Pt, to: Pt, half: f32, feature: usize) -> String {
    let len = from.dist(to);
    let (dx, dy) = ((to.x - from.x) / len, (to.y - from.y) / len);
    // Drawn along x from 0 to `len`, then turned onto the tile.
    let deg = dy.atan2(dx).to_degrees().round();
    let rail = half - 1.2;
    let planks: String = (1..(len / 3.2) as usize)
        .map(|k| {
            let x = num(k as f32 * 3.2);
            format!("M{x} {}V{}", num(-rail + 0.6), num(rail - 0.6))
        })
        .collect();
    let posts: String = (0..=4)
        .flat_map(|k| {
            let x = 4.0 + (len - 8.0) * k as f32 / 4.0;
            [-rail, rail].map(|y| {
                format!(
                    r##"<rect x="{}" y="{}" width="2.2" height="2.2" fill="#4a2c12"/>"##,
                    num(x - 1.1),
                    num(y - 1.1)
                )
            })
        })
        .collect();
    format!(
        concat!(
            r#"<g class="bridge" data-feature="{feature}">"#,
            r##"<rect transform="translate({shx} {shy}) rotate({deg})" x="2" y="{y0}" width="{shlen}" height="{w}" fill="#000000" fill-opacity="0.3"/>"##,
            r#"<g transform="translate({x} {y}) rotate({deg})">"#,
            r##"<rect x="0" y="{y0}" width="{len}" height="{w}" fill="#b07a42" stroke="#5a3515" stroke-width="0.9"/>"##,
            r##"<path d="{planks}" stroke="#7a4d22" stroke-width="0.7"/>"##,
            r##"<path d="M0 {ry0}H{len}M0 {ry1}H{len}" stroke="#6b3f18" stroke-width="1.6" stroke-linecap="round"/>"##,
            "{posts}</g></g>"
        ),
        feature = feature,
        shx = num(from.x + 1.2),
        shy = num(from.y + 1.8),
        // Kept inside the tile.
        shlen = num(len - 4.0),
        x = num(from.x),
        y = num(from.y),
        deg = deg,
        len = num(len),
        w = num(half * 2.0),
        y0 = num(-half),
        planks = planks,
        ry0 = num(-rail),
        ry1 = num(rail),
        posts = posts,
    )
}

/// A castle (Bridges, Castles & Bazaars) in its owner's colour, on the edge between the two
/// tiles of the town it was built on: a keep between two towers, all with battlements, and a
/// dark gate. A castle that scored (its token stays, worth nothing more) is drawn faded.
pub fn castle_piece(at: Pt, colour: &str, owner: &str, scored: bool, size: f32) -> String {
    format!(
        concat!(
            r#"<g class="piece castle" data-owner="{owner}" data-scored="{scored}" transform="translate({x} {y}) scale({s})"{fade}>"#,
            r##"<ellipse cx="0" cy="8.6" rx="10.5" ry="1.8" fill="#000000" fill-opacity="0.25"/>"##,
            r##"<path d="M-10 8.5V-7H-8.6V-9H-7.2V-7H-5.8V-9H-4.4V-7H-3V-3H-2V-5H-0.7V-3H0.7V-5H2V-3H3V-7H4.4V-9H5.8V-7H7.2V-9H8.6V-7H10V8.5Z" "##,
            r##"fill="{colour}" stroke="#1a1a1a" stroke-width="1" stroke-linejoin="round"/>"##,
            r##"<path d="M-3 -3V8.5M3 -3V8.5" stroke="#1a1a1a" stroke-width="0.7"/>"##,
            r##"<path d="M-2 8.5V4Q0 1.6 2 4V8.5Z" fill="#2a1f14"/>"##,
            r##"<rect x="-7.3" y="-3" width="1.6" height="2.6" fill="#2a1f14"/><rect x="5.7" y="-3" width="1.6" height="2.6" fill="#2a1f14"/></g>"##
        ),
        owner = owner,
        scored = scored,
        x = num(at.x),
        y = num(at.y),
        s = num(size / 20.0),
        fade = if scored { r#" opacity="0.6""# } else { "" },
        colour = colour,
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
