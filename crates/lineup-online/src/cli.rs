//! `lineup-server`'s command line, declared once with clap: its `--help`,
//! man page and completions come from [`ServerCli`].

use clap::{Args, CommandFactory, Parser, Subcommand};
use lineup_core::net::address::DEFAULT_PORT;
use std::net::SocketAddr;

/// The Lineup server: pairs players by room code and runs their games.
#[derive(Parser, Debug)]
#[command(
    name = "lineup-server",
    version,
    about = "The Lineup server: pairs players by room code and runs their games",
    long_about = "The Lineup server: pairs players by room code and runs their games, \
        headless, over WebSockets (TCP). Every move is checked by the rules on the server \
        and stored in its database before anyone is told of it, so that a server killed \
        and started again loses no game.",
    args_conflicts_with_subcommands = true,
    disable_help_subcommand = true
)]
pub struct ServerCli {
    #[command(subcommand)]
    pub task: Option<ServerTask>,
    #[command(flatten)]
    pub serve: ServeArgs,
}

#[derive(Subcommand, Debug)]
pub enum ServerTask {
    /// The load tool: pairs of bots play Connect Four against a running
    /// server, and one line of figures is printed.
    Bench(BenchArgs),
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on.
    #[arg(long, value_name = "ADDR:PORT", default_value_t = SocketAddr::from(([0, 0, 0, 0], DEFAULT_PORT)))]
    pub bind: SocketAddr,
    /// Where the rooms are kept: a SQLite file (PATH or sqlite:PATH),
    /// PostgreSQL (postgres://USER@HOST:PORT/DB, shared by instances), or
    /// memory: for none [default: the data folder's server.sqlite3].
    #[arg(long, value_name = "PATH|URL", conflicts_with = "no_store")]
    pub database: Option<String>,
    /// Run as one instance of several, registered in Redis
    /// (redis://HOST:PORT); needs --database postgres://… shared by all.
    #[arg(long, value_name = "URL", requires = "database")]
    pub redis: Option<String>,
    /// With --redis: the address players reach this instance at, as they
    /// would type it (HOST:PORT, or wss://NAME:PORT with --tls) [default:
    /// the address it listens on].
    #[arg(long, value_name = "ADDRESS", requires = "redis")]
    pub public: Option<String>,
    /// With --redis: this instance's name, the same across its restarts
    /// [default: its public address].
    #[arg(long, value_name = "NAME", requires = "redis")]
    pub instance: Option<String>,
    /// Keep nothing: a restart loses the games in play.
    #[arg(long)]
    pub no_store: bool,
    /// Speak TLS (wss://) with the certificate chain CERT and private key
    /// KEY, both PEM files: for a server on the internet.
    #[arg(long, num_args = 2, value_names = ["CERT", "KEY"])]
    pub tls: Option<Vec<std::path::PathBuf>>,
    /// How long a dropped player's seat is kept, in seconds.
    #[arg(long, value_name = "S", default_value_t = lineup_core::net::GRACE_MS / 1000)]
    pub grace: u64,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The server to load; several instances of one, comma-separated.
    #[arg(long, value_name = "ADDR:PORT", value_delimiter = ',', required = true)]
    pub addr: Vec<SocketAddr>,
    /// How many games at once (two bots, two connections each).
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub games: usize,
    /// The mean time between two moves of a game (a Poisson clock).
    #[arg(long, value_name = "MS", default_value_t = 2000)]
    pub move_every_ms: u64,
    /// How long to play (games start anew as they end).
    #[arg(long, value_name = "S", default_value_t = 60)]
    pub seconds: u64,
    /// Halve the time between moves every --step seconds until the p99
    /// passes 100 ms; a line for each step.
    #[arg(long)]
    pub ramp: bool,
    /// With --ramp: how long each step lasts.
    #[arg(long, value_name = "S", default_value_t = 10, requires = "ramp")]
    pub step: u64,
}

/// The whole command line's definition (for the man page and completions).
pub fn command() -> clap::Command {
    ServerCli::command()
}
