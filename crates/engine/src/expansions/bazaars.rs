//! The bazaars of Bridges, Castles & Bazaars: the auction of tiles and the tiles it hands out.
//! The module's state and hooks are in `bridges_castles_bazaars.rs`; the rules and their
//! sources are in its doc comment.

use crate::actions::{Action, Pending};
use crate::catalog::TileId;
use crate::errors::RuleError;
use crate::events::Event;
use crate::players::{PlayerId, MAX_PLAYERS};
use crate::table::Table;

/// The tile at auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Auction {
    /// The player who chose it and made the opening bid.
    pub chooser: PlayerId,
    /// Its index among the tiles on offer.
    pub index: u8,
    /// The highest bid so far, and who made it.
    pub bid: u16,
    pub bidder: PlayerId,
    /// The player whose bid is asked for now (the chooser once every other was asked: the
    /// trade).
    pub(crate) asking: PlayerId,
}

/// A bazaar: its tiles on offer, the tiles the players bought, the tile at auction.
#[derive(Clone, Debug, Default)]
pub(crate) struct Bazaar {
    /// The tiles drawn for the bazaar, in order; `None` once bought.
    pub(crate) offer: Vec<Option<TileId>>,
    /// The tile each player bought and has not placed yet.
    pub(crate) bought: [Option<TileId>; MAX_PLAYERS],
    /// The player whose tile opened the bazaar.
    pub(crate) opener: Option<PlayerId>,
    pub(crate) auction: Option<Auction>,
}

impl Bazaar {
    /// Whether the bazaar's round is on: some player still holds a tile bought there.
    pub(crate) fn round_on(&self) -> bool {
        self.bought.iter().any(Option::is_some)
    }

    /// Opens a bazaar by `opener`'s tile: as many tiles as players are drawn face up, and the
    /// player to the opener's left chooses first.
    pub(crate) fn open(&mut self, table: &mut Table, opener: PlayerId, events: &mut Vec<Event>) -> Option<Pending> {
        self.offer.clear();
        for index in 0..table.players.len() {
            let Some(tile) = table.draw() else { break };
            self.offer.push(Some(tile));
            events.push(Event::BazaarTileOffered { player: opener, index: index as u8, tile });
        }
        self.opener = Some(opener);
        self.next_chooser(table, opener, events)
    }

    /// Whether `player` has a tile from this bazaar.
    fn served(&self, player: PlayerId) -> bool {
        self.bought[player as usize].is_some()
    }

    /// The tile choice after `after`'s: the next player clockwise without a tile chooses; the
    /// last player takes the last tile for nothing, and the bazaar's auction is over.
    fn next_chooser(&mut self, table: &Table, after: PlayerId, events: &mut Vec<Event>) -> Option<Pending> {
        let players = table.players.len() as PlayerId;
        let waiting: Vec<PlayerId> =
            (1..=players).map(|k| (after + k) % players).filter(|&p| !self.served(p)).collect();
        let left: Vec<usize> = (0..self.offer.len()).filter(|&i| self.offer[i].is_some()).collect();
        match (waiting.as_slice(), left.as_slice()) {
            ([], _) | (_, []) => None,
            ([last, ..], [index]) => {
                // The last tile goes free to the next player without one.
                let tile = self.offer[*index].take().expect("on offer");
                self.bought[*last as usize] = Some(tile);
                events.push(Event::BazaarTileBought { player: *last, tile, price: 0, paid_to: None });
                None
            }
            ([first, ..], _) => Some(Pending::BazaarSelect { player: *first }),
        }
    }

    /// The next bidder after `after` for the tile at auction: a player without a tile, once
    /// each, clockwise from the chooser; the chooser again once all were asked.
    fn next_bidder(&self, table: &Table, auction: &Auction, after: PlayerId) -> PlayerId {
        let players = table.players.len() as PlayerId;
        let mut p = (after + 1) % players;
        while p != auction.chooser && self.served(p) {
            p = (p + 1) % players;
        }
        p
    }

    /// The actions of the bazaar's decisions. A bid is at most the bidder's score (our reading:
    /// a player pays with points they have), and the chooser buys only with enough points to
    /// pay the highest bid.
    pub(crate) fn each_choice(&self, table: &Table, pending: Pending, visit: &mut impl FnMut(Action) -> bool) {
        match pending {
            Pending::BazaarSelect { player } => {
                let score = max_bid(table, player);
                for index in (0..self.offer.len()).filter(|&i| self.offer[i].is_some()) {
                    for bid in 0..=score {
                        if visit(Action::BazaarSelect { index: index as u8, bid }) {
                            return;
                        }
                    }
                }
            }
            Pending::BazaarBid { player } => {
                let auction = self.auction.expect("an auction");
                for bid in auction.bid + 1..=max_bid(table, player) {
                    if visit(Action::BazaarBid { bid }) {
                        return;
                    }
                }
                visit(Action::Pass);
            }
            Pending::BazaarTrade { player } => {
                let auction = self.auction.expect("an auction");
                if max_bid(table, player) >= auction.bid && visit(Action::BazaarTrade { buy: true }) {
                    return;
                }
                visit(Action::BazaarTrade { buy: false });
            }
            _ => {}
        }
    }

    pub(crate) fn check(&self, table: &Table, pending: Pending, action: Action) -> Result<(), RuleError> {
        match (pending, action) {
            (Pending::BazaarSelect { player }, Action::BazaarSelect { index, bid }) => {
                if self.offer.get(index as usize).copied().flatten().is_none() {
                    return Err(RuleError::NoBazaarTile(index));
                }
                if bid > max_bid(table, player) {
                    return Err(RuleError::BidOverScore(bid));
                }
                Ok(())
            }
            (Pending::BazaarBid { .. }, Action::Pass) => Ok(()),
            (Pending::BazaarBid { player }, Action::BazaarBid { bid }) => {
                let auction = self.auction.expect("an auction");
                if bid <= auction.bid {
                    return Err(RuleError::BidTooLow(bid, auction.bid));
                }
                if bid > max_bid(table, player) {
                    return Err(RuleError::BidOverScore(bid));
                }
                Ok(())
            }
            (Pending::BazaarTrade { player }, Action::BazaarTrade { buy }) => {
                let auction = self.auction.expect("an auction");
                if buy && max_bid(table, player) < auction.bid {
                    return Err(RuleError::BidOverScore(auction.bid));
                }
                Ok(())
            }
            _ => Err(RuleError::wrong_decision(pending, action)),
        }
    }

    /// Applies a checked decision of the auction; returns the next one, if the auction goes on.
    pub(crate) fn apply(
        &mut self,
        table: &mut Table,
        pending: Pending,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Option<Pending> {
        match (pending, action) {
            (Pending::BazaarSelect { player }, Action::BazaarSelect { index, bid }) => {
                let tile = self.offer[index as usize].expect("checked");
                events.push(Event::BazaarTileChosen { player, index, tile, bid });
                let mut auction = Auction { chooser: player, index, bid, bidder: player, asking: player };
                auction.asking = self.next_bidder(table, &auction, player);
                self.auction = Some(auction);
                self.ask(table, events)
            }
            (Pending::BazaarBid { player }, _) => {
                let mut auction = self.auction.expect("an auction");
                let bid = match action {
                    Action::BazaarBid { bid } => Some(bid),
                    _ => None,
                };
                events.push(Event::BazaarBid { player, bid });
                if let Some(bid) = bid {
                    auction.bid = bid;
                    auction.bidder = player;
                }
                auction.asking = self.next_bidder(table, &auction, player);
                self.auction = Some(auction);
                self.ask(table, events)
            }
            (Pending::BazaarTrade { .. }, Action::BazaarTrade { buy }) => {
                let auction = self.auction.expect("an auction");
                if buy {
                    self.sell(table, auction, auction.chooser, Some(auction.bidder), events)
                } else {
                    self.sell(table, auction, auction.bidder, Some(auction.chooser), events)
                }
            }
            _ => unreachable!("checked"),
        }
    }

    /// The decision the auction waits for now: the next bid, the chooser's trade, or (nobody
    /// outbid the opening bid) the chooser's purchase at their own bid, paid to nobody.
    fn ask(&mut self, table: &mut Table, events: &mut Vec<Event>) -> Option<Pending> {
        let auction = self.auction.expect("an auction");
        if auction.asking != auction.chooser {
            return Some(Pending::BazaarBid { player: auction.asking });
        }
        if auction.bidder != auction.chooser {
            return Some(Pending::BazaarTrade { player: auction.chooser });
        }
        self.sell(table, auction, auction.chooser, None, events)
    }

    /// The tile at auction goes to `buyer`, who pays the highest bid to `paid_to`; the next
    /// player without a tile chooses.
    fn sell(
        &mut self,
        table: &mut Table,
        auction: Auction,
        buyer: PlayerId,
        paid_to: Option<PlayerId>,
        events: &mut Vec<Event>,
    ) -> Option<Pending> {
        let tile = self.offer[auction.index as usize].take().expect("on offer");
        let price = u32::from(auction.bid);
        table.players[buyer as usize].score -= price;
        if let Some(to) = paid_to {
            table.players[to as usize].score += price;
        }
        self.bought[buyer as usize] = Some(tile);
        self.auction = None;
        events.push(Event::BazaarTileBought { player: buyer, tile, price, paid_to });
        self.next_chooser(table, auction.chooser, events)
    }
}

/// The highest bid `player` may make: their score (our reading: nobody bids points they do not
/// have, so no score goes below zero).
fn max_bid(table: &Table, player: PlayerId) -> u16 {
    table.players[player as usize].score.min(u32::from(u16::MAX)) as u16
}
