//! `lineup-server`'s command line, declared once with clap: its `--help`,
//! man page and completions come from [`ServerCli`].

use clap::{Args, CommandFactory, Parser, Subcommand};
use lineup_core::net::address::DEFAULT_PORT;
use std::net::SocketAddr;
use std::path::PathBuf;

/// The Lineup server: pairs players by room code and runs their games.
#[derive(Parser, Debug)]
#[command(
    name = "lineup-server",
    version,
    about = "The Lineup server: pairs players by room code and runs their games",
    long_about = "The Lineup server: pairs players by room code and runs their games, \
        headless. Every move is checked by the rules on the server. Open rooms are \
        kept in a journal so that a server killed and started again loses no game.",
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
    /// The load tool: pairs of bots play whole Connect Four games against a
    /// running server, and one line of figures is printed.
    Bench(BenchArgs),
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on.
    #[arg(long, value_name = "ADDR:PORT", default_value_t = SocketAddr::from(([0, 0, 0, 0], DEFAULT_PORT)))]
    pub bind: SocketAddr,
    /// Keep open rooms in DIR [default: the data folder's server/].
    #[arg(long, value_name = "DIR", conflicts_with = "no_journal")]
    pub rooms: Option<PathBuf>,
    /// Keep no journal: a restart loses the games in play.
    #[arg(long)]
    pub no_journal: bool,
    /// Only clients holding a connect token get in (handed out over TCP on
    /// the same port), and the game is encrypted.
    #[arg(long)]
    pub secure: bool,
    /// With --secure: the address players reach the server at (needed when
    /// bound to 0.0.0.0).
    #[arg(long, value_name = "ADDR:PORT", requires = "secure")]
    pub public: Option<SocketAddr>,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The server to load.
    #[arg(long, value_name = "ADDR:PORT")]
    pub addr: SocketAddr,
    /// How many games at once (two bots each).
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub games: usize,
    /// Stop after at most this many seconds.
    #[arg(long, value_name = "S", default_value_t = 300)]
    pub seconds: u64,
}

/// The whole command line's definition (for the man page and completions).
pub fn command() -> clap::Command {
    ServerCli::command()
}
