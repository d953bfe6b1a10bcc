//! Admission limits: what one client, or all of them, may ask of the server (docs/api.md,
//! Limits). Past a limit a request gets `429` (this client asks too much) or `503` (the server is
//! full) with `Retry-After`, and nothing is created.

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::error::ApiError;

/// The limits, each a flag of `carcassonne serve`.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Games running at once (unfinished and in memory; an unfinished game nobody has opened
    /// for `unload_after` leaves memory and no longer counts).
    pub max_games: usize,
    /// Bot seats in the running games.
    pub max_bot_seats: usize,
    /// Of the bot seats, what the running games created from one address may hold.
    pub bot_seats_per_address: usize,
    /// A game with people whose people have not acted for this long holds no bot seats (its
    /// bots wait for them and cost nothing).
    pub bot_seats_released_after: Duration,
    /// Games one client address may create per minute (a burst of this many, then one every
    /// `60 / n` seconds).
    pub games_per_minute: u32,
    /// WebSocket connections open to one game.
    pub connections_per_game: usize,
    /// WebSocket connections open from one client address.
    pub connections_per_address: usize,
    /// Messages a WebSocket connection may send per second (a burst of this many).
    pub messages_per_second: u32,
    /// The longest seat name, in characters.
    pub max_name: usize,
    /// A client must send a request's headers within this time (a new connection that sends
    /// nothing, and an idle keep-alive connection, are closed after it too).
    pub header_timeout: Duration,
    /// A request (body read, answer computed) must be done within this time.
    pub request_timeout: Duration,
    /// A WebSocket connection that sends nothing (not even the answer to a ping) for this long
    /// is closed.
    pub idle_timeout: Duration,
    /// TCP connections open at once, of every kind (requests, keep-alive, WebSockets); past it a
    /// new connection gets `503` at once. Lowered at start to what the process's file limit
    /// allows.
    pub max_connections: usize,
    /// TCP connections open at once from one address, when no proxy is in front (without
    /// `client_address_header`: behind a proxy every connection comes from the proxy).
    pub max_connections_per_address: usize,
    /// The header that names the client's address when the server is behind a reverse proxy
    /// (e.g. `x-forwarded-for`: its last address is the one the proxy saw). Without it, the
    /// address of the TCP connection.
    pub client_address_header: Option<String>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_games: 100,
            max_bot_seats: 100,
            bot_seats_per_address: 25,
            bot_seats_released_after: Duration::from_secs(300),
            games_per_minute: 10,
            connections_per_game: 32,
            connections_per_address: 64,
            messages_per_second: 20,
            max_name: 40,
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(90),
            max_connections: 4096,
            max_connections_per_address: 256,
            client_address_header: None,
        }
    }
}

/// How long a client whose connections are all taken waits before trying again.
const CONNECTION_RETRY: Duration = Duration::from_secs(10);

/// How long a client waits before trying again when the server is full.
pub const FULL_RETRY: Duration = Duration::from_secs(60);

/// The limits' counters.
pub struct Admission {
    games: DefaultKeyedRateLimiter<IpAddr>,
    connections: Arc<Mutex<HashMap<IpAddr, usize>>>,
    /// Creations one at a time, so that two cannot both take the last place.
    pub(crate) creating: tokio::sync::Mutex<()>,
}

fn at_least_one(n: u32) -> NonZeroU32 {
    NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN)
}

impl Admission {
    pub fn new(limits: &Limits) -> Admission {
        Admission {
            games: RateLimiter::keyed(Quota::per_minute(at_least_one(limits.games_per_minute))),
            connections: Arc::default(),
            creating: tokio::sync::Mutex::new(()),
        }
    }

    /// Counts a game creation by `client`; `429` past the limit.
    pub fn create_game(&self, client: ClientAddr, limits: &Limits) -> Result<(), ApiError> {
        self.games.check_key(&client.0).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ApiError::too_many(
                format!(
                    "this address created {} games within a minute, the most it may; try again in {} s",
                    limits.games_per_minute,
                    wait.as_secs_f64().ceil()
                ),
                wait,
            )
        })
    }

    /// Takes one of `client`'s WebSocket connections; `429` when they are all open. The
    /// connection is counted until the guard drops.
    pub fn connect(&self, client: ClientAddr, limits: &Limits) -> Result<ConnectionGuard, ApiError> {
        let mut open = self.connections.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(client.0).or_insert(0);
        if *count >= limits.connections_per_address {
            return Err(ApiError::too_many(
                format!(
                    "this address has {} live connections open, the most it may; close one (a game's \
                     tab) or try again later",
                    limits.connections_per_address
                ),
                CONNECTION_RETRY,
            ));
        }
        *count += 1;
        Ok(ConnectionGuard { client: client.0, connections: self.connections.clone() })
    }

    /// Forgets the addresses that have not created a game lately (run every minute).
    pub fn forget_quiet_clients(&self) {
        self.games.retain_recent();
        self.games.shrink_to_fit();
    }
}

/// One open WebSocket connection of a client address.
pub struct ConnectionGuard {
    client: IpAddr,
    connections: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Drop for ConnectionGuard {
    fn drop(&mut self) {
        let mut open = self.connections.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.client);
            }
        }
    }
}

/// A WebSocket connection's message budget.
pub struct MessageRate(DefaultDirectRateLimiter);

impl MessageRate {
    pub fn new(limits: &Limits) -> MessageRate {
        MessageRate(RateLimiter::direct(Quota::per_second(at_least_one(limits.messages_per_second))))
    }

    /// Counts a message; `429` past the limit.
    pub fn check(&self, limits: &Limits) -> Result<(), ApiError> {
        self.0.check().map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ApiError::too_many(
                format!(
                    "this connection sent more than {} messages in a second; the message was ignored",
                    limits.messages_per_second
                ),
                wait,
            )
        })
    }
}

/// The client's address as the limits count it: an IPv6 address by its /64 network (one
/// household or server gets a whole /64).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

impl ClientAddr {
    pub fn of(ip: IpAddr) -> ClientAddr {
        match ip {
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => ClientAddr(IpAddr::V4(v4)),
                None => {
                    let prefix = u128::from(v6) & !((1u128 << 64) - 1);
                    ClientAddr(IpAddr::V6(prefix.into()))
                }
            },
            v4 => ClientAddr(v4),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_clients_count_by_their_64_bit_network() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::2".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(ClientAddr::of(a), ClientAddr::of(b));
        assert_ne!(ClientAddr::of(a), ClientAddr::of(c));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(ClientAddr::of(mapped), ClientAddr("192.0.2.7".parse().unwrap()));
    }

    #[test]
    fn connections_are_counted_until_they_close() {
        let limits = Limits { connections_per_address: 2, ..Limits::default() };
        let admission = Admission::new(&limits);
        let client = ClientAddr("192.0.2.1".parse().unwrap());
        let first = admission.connect(client, &limits).unwrap();
        let _second = admission.connect(client, &limits).unwrap();
        let refused = admission.connect(client, &limits).err().unwrap();
        assert_eq!((refused.status.as_u16(), refused.retry_after), (429, Some(10)));
        assert!(admission.connect(ClientAddr("192.0.2.2".parse().unwrap()), &limits).is_ok());
        drop(first);
        assert!(admission.connect(client, &limits).is_ok());
    }
}
