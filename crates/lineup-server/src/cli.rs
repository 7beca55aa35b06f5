//! `lineup-server`'s command line, declared once with clap: its `--help`,
//! man page and completions come from [`ServerCli`].

use clap::{Args, CommandFactory, Parser, Subcommand};
use lineup_core::match_clock::TimeControl;
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
    /// How long finished games are kept: a time (90d, 12h, 30m), a count
    /// of the newest games (50000), or forever. Each player's last 30
    /// games stay whatever it says, for their history.
    #[arg(long, value_name = "TIME|COUNT", default_value_t = crate::store::upkeep::KeepFinished::DEFAULT)]
    pub keep_finished: crate::store::upkeep::KeepFinished,
    /// Speak TLS (wss://) with the certificate chain CERT and private key
    /// KEY, both PEM files: for a server on the internet.
    #[arg(long, num_args = 2, value_names = ["CERT", "KEY"])]
    pub tls: Option<Vec<std::path::PathBuf>>,
    /// How long a dropped player's seat is kept, in seconds.
    #[arg(long, value_name = "S", default_value_t = lineup_core::net::GRACE_MS / 1000)]
    pub grace: u64,
    /// How long a connection may stay silent (not even a ping) before it
    /// is dropped, in seconds. Players ping every 15 s.
    #[arg(long, value_name = "S", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..))]
    pub silence: u64,
    /// How many connections one address may hold at once (loopback is
    /// not counted): a machine cannot take every place, and players
    /// behind one router still get in.
    #[arg(long, value_name = "N", default_value_t = crate::server::PER_ADDRESS as u64, value_parser = clap::value_parser!(u64).range(1..))]
    pub per_address: u64,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The server to load; several instances of one, comma-separated.
    /// With --faults: where the server started by the tool listens
    /// [default: a free port on 127.0.0.1].
    #[arg(
        long,
        value_name = "ADDR:PORT",
        value_delimiter = ',',
        required_unless_present = "faults"
    )]
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
    /// Fault mode: start the server here and kill it (SIGKILL, or its own
    /// abort right after a commit) at random moments, put a proxy that
    /// delays, cuts and stalls connections between it and the bots, add a
    /// half-frame and a flooding client; then check its database against
    /// what every bot saw. Exits 1 if a move was lost, a bot disagrees
    /// with the database, or a game got stuck.
    #[arg(long, conflicts_with = "ramp")]
    pub faults: bool,
    /// With --faults: the lineup-server to start [default: the one beside
    /// this program].
    #[arg(long, value_name = "PATH", requires = "faults")]
    pub server_bin: Option<std::path::PathBuf>,
    /// With --faults: the server's SQLite file [default: a new one in the
    /// temporary folder].
    #[arg(long, value_name = "FILE", requires = "faults")]
    pub database: Option<std::path::PathBuf>,
    /// With --faults: the seed of every fault's dice [default: from the
    /// clock, printed].
    #[arg(long, value_name = "N", requires = "faults")]
    pub seed: Option<u64>,
    /// With --faults: the mean time between two kills of the server.
    #[arg(long, value_name = "MS", default_value_t = 5000, requires = "faults")]
    pub kill_every_ms: u64,
    /// With --faults: the share of restarts, in percent, that abort
    /// themselves right after a commit, before sending its replies.
    #[arg(long, value_name = "PERCENT", default_value_t = 40, requires = "faults",
        value_parser = clap::value_parser!(u32).range(0..=100))]
    pub after_commit_percent: u32,
    /// With --faults: the mean time between two faults (a cut or a stall)
    /// of one connection through the proxy.
    #[arg(long, value_name = "MS", default_value_t = 20000, requires = "faults")]
    pub cut_every_ms: u64,
    /// With --faults: the longest the proxy holds data back.
    #[arg(long, value_name = "MS", default_value_t = 200, requires = "faults")]
    pub max_delay_ms: u64,
    /// Pairing mode: the bots log in with fresh identities and find their
    /// games through quick pairing (Connect Four with --clock), a new game
    /// through the queue as each ends; --watchers watch each game and
    /// --lobby-watchers the lobby. Adds the pairing time, the moves the
    /// watchers saw, the lobby's messages and the flags to the figures.
    #[arg(long, conflicts_with_all = ["ramp", "faults"])]
    pub pairing: bool,
    /// With --pairing: the games' clock, minutes+seconds (or 10s+0),
    /// generous enough that no flag falls at the rate tested.
    #[arg(long, value_name = "M+S", default_value = "10+5", value_parser = parse_clock,
        requires = "pairing")]
    pub clock: TimeControl,
    /// With --pairing: watcher connections per game.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "pairing")]
    pub watchers: usize,
    /// The bots speak TLS (wss://) to a server whose certificate names
    /// localhost, trusting the certificate authority in CA (PEM; a
    /// self-signed certificate is its own).
    #[arg(long, value_name = "CA", conflicts_with = "faults")]
    pub tls: Option<std::path::PathBuf>,
    /// With --pairing: connections watching the lobby.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "pairing")]
    pub lobby_watchers: usize,
}

/// `--clock`'s value, as players write it.
fn parse_clock(text: &str) -> Result<TimeControl, String> {
    TimeControl::parse(text).map_err(|e| e.to_string())
}

/// The whole command line's definition (for the man page and completions).
pub fn command() -> clap::Command {
    ServerCli::command()
}
