//! `carcassonne serve`: the game server with the browser UI (crate `carcassonne-server`).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use carcassonne_server::limits::Limits;
use carcassonne_server::store::Sync;
use carcassonne_server::{Config, Server};
use clap::Args;

/// Serve the browser UI and the game API.
#[derive(Debug, Args)]
#[command(
    long_about = "Serve the browser UI and the game API (docs/api.md). Open the printed address, \
        choose expansions and seats (people or bots) in the lobby, and share the join links.\n\n\
        Games are kept in an SQLite database (created on first start); every accepted action is \
        stored before anyone sees it, so stopping the server, or a crash, loses nothing: on the \
        next start every game continues where it was.",
    after_help = "Examples:\n  carcassonne serve\n  carcassonne serve --addr 0.0.0.0:8080 --db /var/lib/carcassonne/games.db"
)]
pub struct ServeArgs {
    /// Address and port to listen on (port 0 picks a free port).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The SQLite database of games.
    #[arg(long, value_name = "PATH", default_value = "carcassonne.db")]
    db: PathBuf,
    /// Pause before each bot move, in milliseconds, so that people can follow the game.
    #[arg(long, value_name = "MS", default_value_t = 600)]
    bot_delay_ms: u64,
    /// Threads that run the bots' searches (default: one per core). Games with a person
    /// waiting go first; a bot thinks for its level's time.
    #[arg(long, value_name = "N")]
    bot_workers: Option<usize>,
    /// Games running at once (unfinished games opened within the last 10 minutes); a new game
    /// past it gets 503.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_games)]
    max_games: usize,
    /// Bot seats in the running games; a new game past it gets 503.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_bot_seats)]
    max_bot_seats: usize,
    /// Of the bot seats, what the running games created from one client address may hold; a
    /// new game past it gets 429.
    #[arg(long, value_name = "N", default_value_t = Limits::default().bot_seats_per_address)]
    bot_seats_per_address: usize,
    /// A game with people whose people have not acted for this many seconds holds no bot seats.
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().bot_seats_released_after.as_secs())]
    bot_seats_released_after: u64,
    /// Games one client address may create per minute; past it, 429.
    #[arg(long, value_name = "N", default_value_t = Limits::default().games_per_minute)]
    games_per_minute: u32,
    /// Live (WebSocket) connections open to one game.
    #[arg(long, value_name = "N", default_value_t = Limits::default().connections_per_game)]
    connections_per_game: usize,
    /// Live (WebSocket) connections open from one client address.
    #[arg(long, value_name = "N", default_value_t = Limits::default().connections_per_address)]
    connections_per_address: usize,
    /// Messages one live connection may send per second.
    #[arg(long, value_name = "N", default_value_t = Limits::default().messages_per_second)]
    messages_per_second: u32,
    /// TCP connections open at once, of every kind; past it a new one gets 503 at once (lowered
    /// at start to what the process's file limit allows, which is raised to its hard limit).
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_connections)]
    max_connections: usize,
    /// TCP connections open at once from one address, without a proxy in front (with
    /// --client-address-header every connection comes from the proxy and this is not applied).
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_connections_per_address)]
    max_connections_per_address: usize,
    /// The longest seat name, in characters.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_name)]
    max_name: usize,
    /// When the database flushes to the disk: `normal` (the default), at checkpoints (an
    /// acknowledged action survives a crash or kill of the server, not a power cut or a crash
    /// of the system; actions do not wait for the disk); `full`, every action of a game with a
    /// person before it is acknowledged (it survives a power cut too; each action waits for
    /// the disk, which a busy disk makes slow; games between bots only never wait).
    #[arg(long, value_name = "MODE", default_value = "normal", value_parser = ["full", "normal"])]
    sync: String,
    /// Minutes between two backups of the database, made while the server runs (SQLite's
    /// online backup) to `<db>.backup`, which each replaces; 0 for none. To restore one, stop
    /// the server, put the backup in the database's place (removing the database's -wal and
    /// -shm files) and start it again.
    #[arg(long, value_name = "MINUTES", default_value_t = 60)]
    backup_every_minutes: u64,
    /// Behind a reverse proxy: the header that carries the client's address (e.g.
    /// x-forwarded-for; its last address counts). Without it, the connection's address.
    #[arg(long, value_name = "HEADER")]
    client_address_header: Option<String>,
}

pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    let runtime =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().context("cannot start the runtime")?;
    runtime.block_on(async {
        let defaults = Config::default();
        let config = Config {
            addr: args.addr,
            db: Some(args.db.clone()),
            sync: if args.sync == "normal" { Sync::Normal } else { Sync::Full },
            bot_delay: Duration::from_millis(args.bot_delay_ms),
            bot_workers: args.bot_workers.unwrap_or(defaults.bot_workers),
            backup_every: (args.backup_every_minutes > 0).then(|| Duration::from_secs(60 * args.backup_every_minutes)),
            limits: Limits {
                max_games: args.max_games,
                max_bot_seats: args.max_bot_seats,
                bot_seats_per_address: args.bot_seats_per_address,
                bot_seats_released_after: Duration::from_secs(args.bot_seats_released_after),
                games_per_minute: args.games_per_minute,
                connections_per_game: args.connections_per_game,
                connections_per_address: args.connections_per_address,
                messages_per_second: args.messages_per_second,
                max_name: args.max_name,
                max_connections: args.max_connections,
                max_connections_per_address: args.max_connections_per_address,
                client_address_header: args.client_address_header.clone(),
                ..Limits::default()
            },
            ..defaults
        };
        let server = Server::bind(config).await.map_err(anyhow::Error::msg)?;
        let games = server.state().game_count();
        // The first line names the address (tests and scripts read it when the port is 0).
        println!("listening on http://{}", server.local_addr());
        println!("database {} ({games} game{})", args.db.display(), if games == 1 { "" } else { "s" });
        server
            .run(async {
                let signal = stop_signal().await;
                println!("{signal}: stopping (finishing the actions in flight, telling the clients)");
            })
            .await
            .context("the server failed")?;
        println!("stopped");
        Ok(())
    })
}

/// Waits for Ctrl-C or (on Unix) SIGTERM, and names it.
async fn stop_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => tokio::select! {
                _ = tokio::signal::ctrl_c() => "interrupted",
                _ = term.recv() => "terminated",
            },
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
                "interrupted"
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        "interrupted"
    }
}
