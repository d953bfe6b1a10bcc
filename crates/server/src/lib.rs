//! The Carcassonne game server: a JSON API and WebSocket updates (docs/api.md) over the engine,
//! bots that play on the server, games kept in SQLite, and the browser UI of `web/`.
//!
//! Data flow: a request (HTTP or WebSocket) reaches a [`room::Room`]; an accepted action is
//! stored in the database and then applied; the room's change counter wakes every WebSocket
//! task of that game, each of which sends its client a fresh view built for its own token
//! ([`view`]); if the next decision is a bot's, [`bots`] runs the bot on the blocking pool and
//! commits its action the same way.

mod acting;
pub mod api;
mod assets;
pub mod bots;
pub mod error;
pub mod options;
pub mod room;
pub mod seats;
pub mod state;
pub mod store;
pub mod view;
pub mod words;
mod ws;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

pub use state::{AppState, Config};

/// A server bound to its address, not yet serving.
pub struct Server {
    state: Arc<AppState>,
    listener: tokio::net::TcpListener,
}

impl Server {
    /// Opens the database and binds the address (port 0 picks a free port).
    pub async fn bind(config: Config) -> Result<Server, String> {
        let addr = config.addr;
        let state = AppState::open(config)?;
        let listener =
            tokio::net::TcpListener::bind(addr).await.map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        Ok(Server { state, listener })
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener.local_addr().expect("a bound listener has an address")
    }

    pub fn state(&self) -> Arc<AppState> {
        self.state.clone()
    }

    /// Serves until `shutdown` completes. Bots of unfinished games resume first.
    pub async fn run(self, shutdown: impl std::future::Future<Output = ()> + Send + 'static) -> std::io::Result<()> {
        for room in self.state.loaded_rooms() {
            bots::kick(self.state.clone(), room);
        }
        let state = self.state.clone();
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(Duration::from_secs(60));
            loop {
                ticks.tick().await;
                state.unload_idle(state.config.unload_after);
            }
        });
        let app = api::router(self.state.clone());
        axum::serve(self.listener, app).with_graceful_shutdown(shutdown).await
    }
}
