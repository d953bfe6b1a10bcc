//! Bridges, Castles & Bazaars' view: the wooden bridges on the board (`bridges`: each bridged
//! tile with the bridge's axis as seen on the board), the castles (`castles`: owner, the two
//! tiles, the six tiles of the fief, whether it scored), the bazaar (`bazaar`: the tiles on offer
//! and the auction under way), and per seat the bridges and castle tokens left and the tile
//! bought at the bazaar; the decisions in words (a placement that needs a bridge, a bridge
//! beside the figure phase, the castle's choice, the bazaar's choice, bids and trade), and the
//! nine events in words.

use carcassonne_engine::catalog::Symbol;
use carcassonne_engine::geometry::{Axis, Side};
use carcassonne_engine::{Action, BridgeSpot, Event, Expansion, Game, Pending, Phase, PlayerId, Pos, TileId};
use serde::Serialize;
use serde_json::json;

use super::hooks::{Counted, Legal, Names, ViewContext, ViewModule};
use crate::view::fields::Fields;
use crate::view::parts::PendingView;
use crate::words;

pub(crate) struct BridgesCastlesBazaars;

/// A place on the board.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct PlaceView {
    pub x: i16,
    pub y: i16,
}

fn place(pos: Pos) -> PlaceView {
    PlaceView { x: pos.x, y: pos.y }
}

/// A wooden bridge on the board (`bridges` of the view): its tile and its axis as seen on the
/// board (`ns` or `ew`), in words.
#[derive(Clone, Debug, Serialize)]
pub struct BridgeView {
    pub x: i16,
    pub y: i16,
    pub axis: &'static str,
    pub label: String,
}

/// A castle (`castles` of the view): its owner, its two tiles, where its token is drawn (`at`,
/// tile units from the first tile: on the edge between the two), the six tiles of its fief,
/// whether it scored (its token stays, worth nothing more), in words.
#[derive(Clone, Debug, Serialize)]
pub struct CastleView {
    pub seat: PlayerId,
    pub tiles: [PlaceView; 2],
    pub at: [f32; 2],
    pub fief: Vec<PlaceView>,
    pub scored: bool,
    pub label: String,
}

/// A tile on offer at the bazaar (`null` once bought).
#[derive(Clone, Debug, Serialize)]
pub struct OfferedTile {
    pub index: u8,
    pub tile: String,
    pub name: String,
}

/// The auction under way: who chose the tile (`chooser`), which (`index`, `tile`), the highest
/// bid and who made it.
#[derive(Clone, Debug, Serialize)]
pub struct AuctionView {
    pub chooser: PlayerId,
    pub index: u8,
    pub tile: Option<String>,
    pub bid: u16,
    pub bidder: PlayerId,
    pub label: String,
}

/// The bazaar (`bazaar` of the view, `null` when none is open): the tiles on offer in order
/// (`null` for one bought), the auction under way, in words.
#[derive(Clone, Debug, Serialize)]
pub struct BazaarView {
    /// The seat whose tile opened the bazaar.
    pub opener: Option<PlayerId>,
    pub offer: Vec<Option<OfferedTile>>,
    pub auction: Option<AuctionView>,
    pub label: String,
}

/// A tile a seat bought at the bazaar and will place instead of drawing (`bought_tile`).
#[derive(Clone, Debug, Serialize)]
pub struct BoughtView {
    pub tile: String,
    pub name: String,
}

#[derive(Serialize)]
struct CastleDecision {
    seat: PlayerId,
    x: i16,
    y: i16,
    /// The town's other tile, where the view finds it.
    other: Option<PlaceView>,
}

#[derive(Serialize)]
struct ChooseDecision {
    seat: PlayerId,
    /// The highest opening bid: the seat's score.
    most: u32,
}

#[derive(Serialize)]
struct BidDecision {
    seat: PlayerId,
    chooser: PlayerId,
    index: u8,
    tile: Option<String>,
    /// The highest bid so far and its bidder.
    bid: u16,
    bidder: PlayerId,
    /// The bids the seat may make: from `least` to `most` (none when `least` > `most`).
    least: u32,
    most: u32,
}

#[derive(Serialize)]
struct TradeDecision {
    seat: PlayerId,
    index: u8,
    tile: Option<String>,
    bid: u16,
    bidder: PlayerId,
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::North => "north",
        Side::East => "east",
        Side::South => "south",
        Side::West => "west",
    }
}

/// "from north to south", "from east to west".
fn axis_words(axis: Axis) -> &'static str {
    match axis {
        Axis::NorthSouth => "from north to south",
        Axis::EastWest => "from east to west",
    }
}

/// The bridge on the tile at `pos` as seen on the board, if the tile carries one.
fn bridge_on(game: &Game, pos: Pos) -> Option<Axis> {
    let placed = game.board().get(pos)?;
    let design = game.design(placed.tile);
    design.bridge?;
    let axis = if design.id.ends_with("+bridge-ew") { Axis::EastWest } else { Axis::NorthSouth };
    Some(axis.rotated(placed.rotation))
}

/// The tile in words, with its place in the bazaar: "a plain farm, with a bazaar (tile 2)".
fn offered_words(game: &Game, tile: Option<TileId>, index: u8) -> String {
    match tile {
        Some(t) => format!("{} (tile {})", words::tile_name(game.design(t)), index + 1),
        None => format!("tile {}", index + 1),
    }
}

/// The tile at auction in words.
fn auction_tile(game: &Game) -> Option<(u8, Option<TileId>, u16, PlayerId, PlayerId)> {
    let a = game.auction()?;
    let tile = game.bazaar_offer().get(a.index as usize).copied().flatten();
    Some((a.index, tile, a.bid, a.bidder, a.chooser))
}

/// "the town 1 tile north of the start tile and at the start tile".
fn town_words(a: Pos, b: Pos) -> String {
    format!("the town of the tiles {} and {}", words::place_words(a), words::place_words(b))
}

impl ViewModule for BridgesCastlesBazaars {
    fn pending(&self, game: &Game, pending: Pending) -> Option<PendingView> {
        Some(match pending {
            Pending::Castle { player, pos } => PendingView::new(
                "castle",
                CastleDecision {
                    seat: player,
                    x: pos.x,
                    y: pos.y,
                    other: game.castle_offered().map(|[_, other]| place(other)),
                },
            ),
            Pending::BazaarSelect { player } => {
                PendingView::new("bazaar-choose", ChooseDecision { seat: player, most: game.player(player).score })
            }
            Pending::BazaarBid { player } => {
                let (index, tile, bid, bidder, chooser) = auction_tile(game)?;
                PendingView::new(
                    "bazaar-bid",
                    BidDecision {
                        seat: player,
                        chooser,
                        index,
                        tile: tile.map(|t| game.design(t).id.clone()),
                        bid,
                        bidder,
                        least: u32::from(bid) + 1,
                        most: game.player(player).score,
                    },
                )
            }
            Pending::BazaarTrade { player } => {
                let (index, tile, bid, bidder, _) = auction_tile(game)?;
                PendingView::new(
                    "bazaar-trade",
                    TradeDecision { seat: player, index, tile: tile.map(|t| game.design(t).id.clone()), bid, bidder },
                )
            }
            _ => return None,
        })
    }

    /// `bazaar`: the tile to place opens a bazaar once placed.
    fn pending_fields(&self, game: &Game, pending: Pending, fields: &mut Fields) {
        if let Pending::PlaceTile { tile, .. } = pending {
            if game.rules().has(Expansion::BridgesCastlesBazaars) && game.design(tile).symbols.contains(&Symbol::Bazaar)
            {
                fields.set("bazaar", true);
            }
        }
    }

    fn legal(&self, game: &Game, pending: Pending, action: Action) -> Option<Legal> {
        let color = |p: PlayerId| game.player(p).color.name();
        Some(match (pending, action) {
            (_, Action::PlaceBridged { pos, rotation, bridge: BridgeSpot { on, axis } }) => {
                let whose = match on {
                    None => "across it".to_string(),
                    Some(side) => format!(
                        "across the tile to its {} ({})",
                        side_word(side),
                        words::place_words(pos.step(side))
                    ),
                };
                (
                    None,
                    format!(
                        "{}, turned {}°, with a bridge {} {whose} (it fits only so)",
                        words::place_words(pos),
                        rotation.degrees(),
                        axis_words(axis)
                    ),
                )
            }
            (Pending::Deploy { pos: placed, .. }, Action::Bridge { pos, axis }) => {
                let tile = if pos == placed {
                    "the tile just placed".to_string()
                } else {
                    let side = Side::ALL.into_iter().find(|&s| placed.step(s) == pos);
                    format!(
                        "the tile {} of the tile just placed ({})",
                        side.map_or("beside", side_word),
                        words::place_words(pos)
                    )
                };
                let at = match axis {
                    Axis::NorthSouth => [0.5, 0.22],
                    Axis::EastWest => [0.78, 0.5],
                };
                let left = pending.player().map_or(0, |p| game.bridges_left(p)).saturating_sub(1);
                (
                    Some(at),
                    format!(
                        "build a bridge {} across {tile}, a road over its farms ({} left after it)",
                        axis_words(axis),
                        words::counted(u32::from(left), "bridge")
                    ),
                )
            }
            (Pending::Castle { .. }, Action::BuildCastle) => (
                None,
                "build a castle on the town: it scores nothing now and your follower stays in it; the castle takes the points of the next road, city, cloister or castle completed on its six tiles".into(),
            ),
            (Pending::Castle { .. }, Action::Pass) => (None, "score the town as usual".into()),
            (Pending::BazaarSelect { .. }, Action::BazaarSelect { index, bid }) => {
                let tile = game.bazaar_offer().get(index as usize).copied().flatten();
                (
                    None,
                    format!(
                        "choose {} and open its auction with a bid of {}",
                        offered_words(game, tile, index),
                        words::counted(u32::from(bid), "point")
                    ),
                )
            }
            (Pending::BazaarBid { .. }, Action::BazaarBid { bid }) => {
                let (index, tile, ..) = auction_tile(game)?;
                (None, format!("bid {} for {}", words::counted(u32::from(bid), "point"), offered_words(game, tile, index)))
            }
            (Pending::BazaarBid { .. }, Action::Pass) => {
                let (index, tile, ..) = auction_tile(game)?;
                (None, format!("pass: no bid for {}", offered_words(game, tile, index)))
            }
            (Pending::BazaarTrade { .. }, Action::BazaarTrade { buy }) => {
                let (index, tile, bid, bidder, _) = auction_tile(game)?;
                let points = words::counted(u32::from(bid), "point");
                let what = offered_words(game, tile, index);
                let label = if buy {
                    format!("buy {what}: you pay the {} player {points}", color(bidder))
                } else {
                    format!("sell {what} to the {} player: they pay you {points}", color(bidder))
                };
                (None, label)
            }
            _ => return None,
        })
    }

    /// `bridges`, `castles` and `bazaar`.
    fn board(&self, cx: &ViewContext<'_>, fields: &mut Fields) {
        let game = cx.game;
        if !game.rules().has(Expansion::BridgesCastlesBazaars) {
            return;
        }
        let bridges: Vec<BridgeView> = game
            .board()
            .tiles()
            .iter()
            .filter_map(|t| {
                let axis = bridge_on(game, t.pos)?;
                Some(BridgeView {
                    x: t.pos.x,
                    y: t.pos.y,
                    axis: axis.name(),
                    label: format!(
                        "A wooden bridge {} across the tile {}",
                        axis_words(axis),
                        words::place_words(t.pos)
                    ),
                })
            })
            .collect();
        fields.set("bridges", bridges);
        let castles: Vec<CastleView> = game
            .castles()
            .iter()
            .map(|c| {
                let [a, b] = c.tiles;
                let state = if c.scored {
                    "scored: its token stays, worth nothing more".to_string()
                } else {
                    "it takes the points of the next road, city, cloister or castle completed on its six tiles (the two it lies on and the two on either side)".to_string()
                };
                CastleView {
                    seat: c.owner,
                    tiles: [place(a), place(b)],
                    at: [0.5 + f32::from(b.x - a.x) / 2.0, 0.5 + f32::from(b.y - a.y) / 2.0],
                    fief: c.fief().into_iter().map(place).collect(),
                    scored: c.scored,
                    label: format!("{}'s castle on {}: {state}", cx.seat_name(c.owner), town_words(a, b)),
                }
            })
            .collect();
        fields.set("castles", castles);
        let offer = game.bazaar_offer();
        let bazaar = (!offer.is_empty() && offer.iter().any(Option::is_some)).then(|| {
            let tiles: Vec<Option<OfferedTile>> = offer
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    t.map(|t| OfferedTile {
                        index: i as u8,
                        tile: game.design(t).id.clone(),
                        name: words::tile_name(game.design(t)),
                    })
                })
                .collect();
            let auction = auction_tile(game).map(|(index, tile, bid, bidder, chooser)| AuctionView {
                chooser,
                index,
                tile: tile.map(|t| game.design(t).id.clone()),
                bid,
                bidder,
                label: format!(
                    "{} chose {}; the highest bid is {}'s, {}",
                    cx.seat_name(chooser),
                    offered_words(game, tile, index),
                    cx.seat_name(bidder),
                    words::counted(u32::from(bid), "point")
                ),
            });
            let left: Vec<String> =
                offer.iter().enumerate().filter_map(|(i, t)| t.map(|_| offered_words(game, *t, i as u8))).collect();
            let opener = game.bazaar_opener();
            BazaarView {
                opener,
                offer: tiles,
                auction,
                label: format!(
                    "{} offers {}: {}",
                    opener.map_or_else(|| "The bazaar".to_string(), |o| format!("{}'s bazaar", cx.seat_name(o))),
                    words::counted(left.len() as u32, "tile"),
                    words::join_and(&left)
                ),
            }
        });
        fields.set("bazaar", bazaar);
    }

    /// `bridges_left`, `castle_tokens` and `bought_tile`.
    fn seat(&self, cx: &ViewContext<'_>, seat: PlayerId, fields: &mut Fields) {
        let game = cx.game;
        if !game.rules().has(Expansion::BridgesCastlesBazaars) {
            return;
        }
        fields.set("bridges_left", game.bridges_left(seat));
        fields.set("castle_tokens", game.castle_tokens(seat));
        let bought = game
            .bought_tile(seat)
            .map(|t| BoughtView { tile: game.design(t).id.clone(), name: words::tile_name(game.design(t)) });
        fields.set("bought_tile", bought);
    }

    fn event(&self, game: &Game, names: &Names<'_>, event: &Event) -> Option<(serde_json::Value, String)> {
        let name = |p| names.of(p);
        let tile_id = |t: TileId| game.design(t).id.clone();
        let tile_words = |t: TileId| words::tile_name(game.design(t));
        let points = |n: u32| words::counted(n, "point");
        Some(match *event {
            Event::BridgeBuilt { player, pos, axis } => (
                json!({"type": "bridge-built", "seat": player, "x": pos.x, "y": pos.y, "axis": axis.name()}),
                format!("{} builds a bridge {} across the tile {}", name(player), axis_words(axis), words::place_words(pos)),
            ),
            Event::CastleBuilt { player, pos, other } => (
                json!({"type": "castle-built", "seat": player, "x": pos.x, "y": pos.y,
                       "other": {"x": other.x, "y": other.y}}),
                format!(
                    "{} turns {} into a castle instead of scoring it; the follower stays in it",
                    name(player),
                    town_words(pos, other)
                ),
            ),
            Event::CastleScored { player, pos, from, points: n } => (
                json!({"type": "castle-scored", "seat": player, "x": pos.x, "y": pos.y,
                       "from": {"x": from.x, "y": from.y}, "points": n}),
                format!(
                    "{}'s castle {} takes the points of the feature completed {}: {}; its follower goes home",
                    name(player),
                    words::place_words(pos),
                    words::place_words(from),
                    points(n)
                ),
            ),
            Event::CastleUnscored { player, pos } => (
                json!({"type": "castle-unscored", "seat": player, "x": pos.x, "y": pos.y}),
                format!(
                    "{}'s castle {} scores nothing: no feature beside it was completed before the end; its follower goes home",
                    name(player),
                    words::place_words(pos)
                ),
            ),
            Event::BazaarTileOffered { player, index, tile } => (
                json!({"type": "bazaar-tile-offered", "seat": player, "index": index, "tile": tile_id(tile)}),
                format!("The bazaar of {}'s tile offers {} as tile {}", name(player), tile_words(tile), index + 1),
            ),
            Event::BazaarTileChosen { player, index, tile, bid } => (
                json!({"type": "bazaar-tile-chosen", "seat": player, "index": index, "tile": tile_id(tile), "bid": bid}),
                format!(
                    "{} chooses {} (tile {}) at the bazaar and bids {}",
                    name(player),
                    tile_words(tile),
                    index + 1,
                    points(u32::from(bid))
                ),
            ),
            Event::BazaarBid { player, bid } => (
                json!({"type": "bazaar-bid", "seat": player, "bid": bid}),
                match bid {
                    Some(b) => format!("{} bids {}", name(player), points(u32::from(b))),
                    None => format!("{} passes at the bazaar", name(player)),
                },
            ),
            Event::BazaarTileBought { player, tile, price, paid_to } => (
                json!({"type": "bazaar-tile-bought", "seat": player, "tile": tile_id(tile), "price": price,
                       "paid_to": paid_to}),
                match (price, paid_to) {
                    (0, _) => format!("{} takes {} from the bazaar for nothing", name(player), tile_words(tile)),
                    (p, Some(to)) => {
                        format!("{} buys {} for {}, paid to {}", name(player), tile_words(tile), points(p), name(to))
                    }
                    (p, None) => format!("{} buys {} for {}, paid to nobody", name(player), tile_words(tile), points(p)),
                },
            ),
            Event::BoughtTileTaken { player, tile } => (
                json!({"type": "bought-tile-taken", "seat": player, "tile": tile_id(tile)}),
                format!("{} takes {}, bought at the bazaar, instead of drawing", name(player), tile_words(tile)),
            ),
            _ => return None,
        })
    }

    /// The castle's points in the turn, under their own kind; a bazaar's price (paid and
    /// received) under `bazaar`.
    fn counted(&self, event: &Event) -> Option<Counted> {
        match event {
            Event::CastleScored { .. } => Some(Counted::As("castle", Phase::Turn)),
            Event::BazaarTileBought { .. } => Some(Counted::As("bazaar", Phase::Turn)),
            _ => None,
        }
    }
}
