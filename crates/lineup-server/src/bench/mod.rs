//! The load tool (`lineup-server bench`): pairs of bots play Connect Four
//! against a running server over real WebSockets, and the latency of each
//! move is measured from the moment it was due to the moment both players
//! have seen it.
//!
//! Why "due" and not "sent": each game's moves fall on a Poisson clock of
//! their own (a move every `move_every` on average), whatever the server
//! answers. When the server is slow, a bot still waiting for the last move
//! sends the next one late, and that wait counts in the latency, so a
//! queue in the server shows in the figures instead of slowing the load
//! (coordinated omission).
//!
//! The pairing mode (`pairing`) finds the games through the server's
//! quick pairing queue instead, with clocks, watchers and the lobby.

mod bot;
mod check;
mod connecting;
pub mod faults;
mod game;
mod hostile;
mod journal;
pub mod pairing;
mod process;
mod proxy;

pub use bot::{random_move, speak_tls};
pub use pairing::{PairingConfig, PairingReport};
pub use proxy::ProxyFaults;

use game::Game;
pub use game::Tally;
use journal::Journal;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::Instant;

/// What to run.
#[derive(Clone, Debug)]
pub struct BenchConfig {
    /// The server, or the instances of one: game `i`'s host connects to
    /// instance `i`, its guest to the next (and is sent on to the host's).
    pub servers: Vec<SocketAddr>,
    pub games: usize,
    /// The mean time between two moves of one game.
    pub move_every: Duration,
    /// How long the games are played (new games start as old ones end).
    pub seconds: u64,
    /// Stop after the first games end instead of playing on.
    pub one_game_each: bool,
}

/// What a run measured.
pub struct BenchReport {
    pub games: usize,
    /// Connections that could not be made.
    pub unconnected: usize,
    /// How long making every connection took (before the clock started).
    pub connecting: Duration,
    pub seconds: f64,
    /// What the games added up: moves, latencies, losses.
    pub tally: Tally,
}

impl std::fmt::Debug for BenchReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BenchReport")
            .field("games", &self.games)
            .field("finished", &self.tally.finished)
            .field("moves", &self.tally.moves)
            .field("lost", &self.tally.lost)
            .field("missing", &self.tally.missing)
            .field("unconnected", &self.unconnected)
            .field("p50_ms", &self.ms(0.5))
            .field("p99_ms", &self.ms(0.99))
            .field("refusals", &self.tally.refusals)
            .field("seconds", &self.seconds)
            .finish()
    }
}

impl BenchReport {
    /// A quantile of the moves' latency, in milliseconds.
    pub fn ms(&self, quantile: f64) -> f64 {
        self.tally.latency.value_at_quantile(quantile) as f64 / 1000.0
    }

    /// Moves a second over the run.
    pub fn rate(&self) -> f64 {
        self.tally.moves as f64 / self.seconds.max(1e-9)
    }
}

/// The local addresses the bots connect from: loopback servers get eight
/// (127.0.0.2 to .9), so tens of thousands of connections do not run out
/// of ephemeral ports on one address pair.
fn sources(server: SocketAddr) -> Vec<Option<IpAddr>> {
    if server.ip().is_loopback() && server.is_ipv4() {
        (2..10)
            .map(|i| Some(IpAddr::V4(Ipv4Addr::new(127, 0, 0, i))))
            .collect()
    } else {
        vec![None]
    }
}

/// The shared state of a run: the clock's mean and the tallies.
pub(crate) struct Run {
    pub mean_interval_us: AtomicU64,
    pub tally: Mutex<Tally>,
    pub deadline: Mutex<Instant>,
    pub one_game_each: bool,
    /// The instances the run was given (a bot that lost its own tries
    /// these too).
    pub servers: Vec<SocketAddr>,
    /// In a fault run (`bench --faults`): what every bot saw, for the
    /// check against the store; bots also ride out the faults.
    pub journal: Option<Arc<Journal>>,
}

/// The bots' runtime: a thread for each core the tool may use (the bench
/// script gives it one; elsewhere, so that the tool is not the bottleneck).
fn bots_runtime() -> Result<tokio::runtime::Runtime, String> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cores)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())
}

/// Plays the games; blocks until the run is over.
pub fn run(config: &BenchConfig) -> Result<BenchReport, String> {
    let runtime = bots_runtime()?;
    runtime.block_on(run_async(config.clone(), None, None))
}

/// The ramp: the same games with moves ever more often (the mean time
/// halved each step of `step_seconds`), until the p99 passes `ceiling`.
/// One report per step, after a first step of warming up.
pub fn ramp(
    config: &BenchConfig,
    step_seconds: u64,
    ceiling: Duration,
    mut each: impl FnMut(&BenchReport),
) -> Result<Vec<BenchReport>, String> {
    let runtime = bots_runtime()?;
    runtime.block_on(async {
        let (steps, mut reports) = tokio::sync::mpsc::unbounded_channel();
        let stepping = run_async(config.clone(), Some((step_seconds, ceiling, steps)), None);
        tokio::pin!(stepping);
        let mut all = Vec::new();
        loop {
            tokio::select! {
                report = reports.recv() => match report {
                    Some(report) => { each(&report); all.push(report); }
                    None => break,
                },
                ended = &mut stepping => { ended?; break; }
            }
        }
        while let Ok(report) = reports.try_recv() {
            each(&report);
            all.push(report);
        }
        Ok(all)
    })
}

type Steps = (
    u64,
    Duration,
    tokio::sync::mpsc::UnboundedSender<BenchReport>,
);

async fn run_async(
    config: BenchConfig,
    ramp: Option<Steps>,
    journal: Option<Arc<Journal>>,
) -> Result<BenchReport, String> {
    let far = Instant::now() + Duration::from_secs(365 * 24 * 3600);
    let run = Arc::new(Run {
        mean_interval_us: AtomicU64::new(config.move_every.as_micros().max(1) as u64),
        tally: Mutex::new(Tally::default()),
        deadline: Mutex::new(far),
        one_game_each: config.one_game_each,
        servers: config.servers.clone(),
        journal: journal.clone(),
    });
    // Every connection is made before the clock starts: a connection costs
    // more than a move, and would show in the others' latency.
    let Some(&first) = config.servers.first() else {
        return Err("no server to load".into());
    };
    let sources = sources(first);
    let connecting_started = Instant::now();
    let count = config.servers.len();
    let servers = config.servers.clone();
    let mut failures = connecting::Failures::default();
    let games = connecting::connect_all(
        config.games,
        |i| {
            let source = sources[i % sources.len()];
            let pair = (servers[i % count], servers[(i + 1) % count]);
            async move { Game::connect(pair, source, i as u64).await }
        },
        &mut failures,
    )
    .await;
    let unconnected = failures.count;
    let connecting_took = connecting_started.elapsed();
    let started = Instant::now();
    *run.deadline.lock().unwrap_or_else(|e| e.into_inner()) =
        started + Duration::from_secs(config.seconds);
    if let Some(journal) = &journal {
        journal.start(started.into_std());
    }
    let mut playing = tokio::task::JoinSet::new();
    for game in games {
        playing.spawn(game.play(run.clone()));
    }
    if let Some((step_seconds, ceiling, steps)) = ramp {
        // A first step to warm up, not judged: every room opens at once.
        tokio::time::sleep(Duration::from_secs(step_seconds)).await;
        drop(take_report(
            &run,
            config.games,
            unconnected,
            step_seconds as f64,
        ));
        loop {
            tokio::time::sleep(Duration::from_secs(step_seconds)).await;
            let report = take_report(&run, config.games, unconnected, step_seconds as f64);
            let over = report.tally.latency.value_at_quantile(0.99) > ceiling.as_micros() as u64;
            let _ = steps.send(report);
            if over || playing.is_empty() {
                break;
            }
            let mean = run.mean_interval_us.load(Ordering::Relaxed);
            if mean <= 1000 {
                break;
            }
            run.mean_interval_us.store(mean / 2, Ordering::Relaxed);
        }
        *run.deadline.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
    }
    // The games stop at the deadline and wait a little for their last
    // moves; a game still running past that is cut short.
    // (A fault run's bots may be waiting out a restart at the end.)
    let grace = Duration::from_secs(if journal.is_some() { 45 } else { 15 });
    let hard_stop = Instant::now() + Duration::from_secs(config.seconds) + grace;
    while !playing.is_empty() {
        tokio::select! {
            _ = playing.join_next() => {}
            _ = tokio::time::sleep_until(hard_stop) => {
                playing.abort_all();
                if let Some(journal) = &journal {
                    journal.cut_short();
                }
                break;
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let mut report = take_report(&run, config.games, unconnected, seconds);
    report.connecting = connecting_took;
    Ok(report)
}

/// The move in flight in a bench game: its ply, when it was due, and
/// which players have seen it.
#[derive(Clone, Copy, Debug)]
struct InFlight {
    ply: usize,
    due: Instant,
    seen: [bool; 2],
}

/// The tallies so far, and a fresh start for the next.
fn take_report(run: &Run, games: usize, unconnected: usize, seconds: f64) -> BenchReport {
    let tally = std::mem::take(&mut *run.tally.lock().unwrap_or_else(|e| e.into_inner()));
    BenchReport {
        games,
        unconnected,
        connecting: Duration::ZERO,
        seconds,
        tally,
    }
}
