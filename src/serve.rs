//! `carcassonne serve`: the game server with the browser UI (crate `carcassonne-server`).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
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
}

pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    let runtime =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().context("cannot start the runtime")?;
    runtime.block_on(async {
        let config = Config {
            addr: args.addr,
            db: Some(args.db.clone()),
            bot_delay: Duration::from_millis(args.bot_delay_ms),
            ..Config::default()
        };
        let server = Server::bind(config).await.map_err(anyhow::Error::msg)?;
        let games = server.state().game_count();
        // The first line names the address (tests and scripts read it when the port is 0).
        println!("listening on http://{}", server.local_addr());
        println!("database {} ({games} game{})", args.db.display(), if games == 1 { "" } else { "s" });
        server
            .run(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .context("the server failed")
    })
}
