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
pub mod chat;
pub mod clock;
pub mod error;
mod hint;
pub mod limits;
pub mod options;
pub mod reference;
pub mod room;
pub mod scheduler;
pub mod seats;
mod sockets;
pub mod state;
pub mod store;
pub mod view;
pub mod words;
mod ws;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::http::Request;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tower::ServiceExt;

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

    /// Serves until `shutdown` completes, then stops cleanly: no new connection is taken, bots
    /// stop thinking, every WebSocket client is told and its connection closed, and the requests
    /// in flight (actions being stored) finish, for up to [`STOP_GRACE`]. Bots of unfinished
    /// games resume first.
    pub async fn run(self, shutdown: impl std::future::Future<Output = ()> + Send + 'static) -> std::io::Result<()> {
        for room in self.state.loaded_rooms() {
            bots::kick(self.state.clone(), room);
        }
        let state = self.state.clone();
        let clocks = {
            let state = self.state.clone();
            tokio::spawn(async move {
                let mut ticks = tokio::time::interval(clock::TICK);
                loop {
                    ticks.tick().await;
                    clock::expire(&state);
                }
            })
        };
        let housekeeping = tokio::spawn(async move {
            let mut ticks = tokio::time::interval(Duration::from_secs(60));
            loop {
                ticks.tick().await;
                state.unload_idle(state.config.unload_after);
                state.admission.forget_quiet_clients();
            }
        });
        let backups = match (&self.state.config.db, self.state.config.backup_path(), self.state.config.backup_every) {
            (Some(db), Some(to), Some(every)) => {
                let db = db.clone();
                Some(tokio::spawn(async move {
                    let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
                    loop {
                        ticks.tick().await;
                        let (db, to) = (db.clone(), to.clone());
                        let done = tokio::task::spawn_blocking(move || store::Store::backup(&db, &to)).await;
                        if let Ok(Err(e)) = done {
                            eprintln!("the backup of the database failed (the next one tries again): {e}");
                        }
                    }
                }))
            }
            _ => None,
        };
        let app = api::router(self.state.clone());
        let connections = GracefulShutdown::new();
        let header_timeout = self.state.config.limits.header_timeout;
        let mut builder = auto::Builder::new(TokioExecutor::new());
        // Without a timer hyper would wait forever for a client's request headers.
        builder.http1().timer(TokioTimer::new()).header_read_timeout(header_timeout);
        // The open connections, capped in all (to what the file limit allows) and, without a
        // proxy in front, per address.
        let limits = &self.state.config.limits;
        let sockets = Arc::new(sockets::Sockets::default());
        let max_connections = sockets::fit_file_limit(limits.max_connections);
        let per_address = limits.client_address_header.is_none().then_some(limits.max_connections_per_address);
        // Set when the server stops: connections that have not sent a byte yet are dropped.
        let (closing, closed) = tokio::sync::watch::channel(false);
        let mut shutdown = std::pin::pin!(shutdown);
        loop {
            let (stream, peer) = tokio::select! {
                accepted = self.listener.accept() => match accepted {
                    Ok(accepted) => accepted,
                    Err(e) => {
                        // Out of file descriptors, or a connection reset before it was taken:
                        // the listener stays usable.
                        eprintln!("cannot accept a connection: {e}");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                },
                _ = &mut shutdown => break,
            };
            let counted = match sockets.admit(peer.ip(), max_connections, per_address) {
                Ok(counted) => counted,
                Err(refusal) => {
                    tokio::spawn(sockets::refuse(stream, refusal));
                    continue;
                }
            };
            let app = app.clone().layer(axum::Extension(ConnectInfo(peer)));
            let service =
                TowerToHyperService::new(app.map_request(|r: Request<Incoming>| r.map(axum::body::Body::new)));
            let (builder, watcher, mut closed) = (builder.clone(), connections.watcher(), closed.clone());
            tokio::spawn(async move {
                // hyper's header timeout starts with the first byte: a client that sends
                // nothing at all has as long for its first byte, then its connection is closed.
                let mut first_byte = [0u8; 1];
                tokio::select! {
                    first = tokio::time::timeout(header_timeout, stream.peek(&mut first_byte)) => {
                        if !matches!(first, Ok(Ok(n)) if n > 0) {
                            return;
                        }
                    }
                    _ = closed.wait_for(|&closed| closed) => return,
                }
                // HTTP/1 only: browsers speak HTTP/2 only over TLS, which a proxy in front
                // provides; cleartext HTTP/2 ("prior knowledge", its preface `PRI * HTTP/2.0`)
                // would only serve clients that keep idle connections open for ever.
                if first_byte[0] == b'P' && sockets::is_http2_preface(&stream, header_timeout).await {
                    return;
                }
                let stream = sockets::CountedStream::new(stream, counted);
                let connection = builder.serve_connection_with_upgrades(TokioIo::new(stream), service).into_owned();
                let _ = watcher.watch(connection).await;
            });
        }
        drop(self.listener);
        closing.send_replace(true);
        self.state.begin_stopping();
        housekeeping.abort();
        clocks.abort();
        if let Some(backups) = backups {
            backups.abort();
        }
        let _ = tokio::time::timeout(STOP_GRACE, async {
            connections.shutdown().await;
            // WebSocket connections left hyper when they were upgraded: wait for their tasks
            // to say goodbye.
            while self.state.open_sessions() > 0 {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
        .await;
        Ok(())
    }
}

/// How long a stopping server waits for requests in flight and WebSocket goodbyes.
pub const STOP_GRACE: Duration = Duration::from_secs(10);
