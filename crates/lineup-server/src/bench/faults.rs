//! `lineup-server bench --faults`: the load tool's games against a server
//! that is killed (SIGKILL, or its own abort between a commit and the
//! replies) and started again on the same port and database, behind a
//! proxy that delays, cuts and stalls connections, beside clients that
//! send half a frame or flood. Then the server is killed a last time and
//! its store is checked against what every bot saw: no accepted move lost,
//! the store and each bot's last view agree move for move, no game stuck.
//!
//! Why in the load tool: the faults are only worth anything under real
//! load, many games at once, where a crash lands in the middle of batches.

use super::check::check;
use super::hostile;
use super::journal::Journal;
use super::process::{ServerChild, aborted};
use super::proxy::{Proxy, ProxyFaults, exponential};
use super::{BenchConfig, run_async};
use lineup_core::ai::PlayRng;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What to run.
#[derive(Clone, Debug)]
pub struct FaultConfig {
    /// The `lineup-server` to start.
    pub server_bin: PathBuf,
    /// Its SQLite file (rooms already there are left alone).
    pub database: PathBuf,
    /// Where it listens (port 0: a free one, kept across restarts).
    pub bind: SocketAddr,
    pub games: usize,
    pub move_every: Duration,
    pub seconds: u64,
    /// Every fault's dice (kills, hooks, the proxy).
    pub seed: u64,
    /// The mean time between two kills (a Poisson clock).
    pub kill_every: Duration,
    /// The share of restarts (percent) given the crash-after-commit hook.
    pub hooked_percent: u32,
    pub proxy: ProxyFaults,
    /// The server's silence limit (seconds): the half-frame client is cut
    /// after it.
    pub silence: u64,
}

/// What a fault run did and found.
#[derive(Debug, Default)]
pub struct FaultReport {
    pub games: usize,
    pub rooms: usize,
    /// Rooms given up while being opened (a fault on the way)...
    pub reopened: u64,
    /// ...of which the guest's seat was lost: its join was stored, its
    /// reply died with the server, and the same join sent again was told
    /// the room is full. The joiner's own secret closes this: it must be 0.
    pub seat_lost: u64,
    pub accepted: u64,
    pub kills: u64,
    /// Of the kills, the server's own aborts right after a commit.
    pub after_commit: u64,
    /// The server ending by itself other than by the hook (a panic).
    pub crashed: u64,
    pub cuts: u64,
    pub delayed: u64,
    pub stalls: u64,
    /// The server's cuts of the half-frame client (for silence) and of
    /// the flooding one.
    pub half_frame_cut: u64,
    pub flood_cut: u64,
    pub refused: u64,
    pub lost: u64,
    pub disagree: u64,
    pub stuck: u64,
    pub problems: Vec<String>,
}

impl FaultReport {
    /// No move lost, no disagreement, no game stuck, no seat lost, no crash.
    pub fn passed(&self) -> bool {
        self.lost == 0
            && self.disagree == 0
            && self.stuck == 0
            && self.seat_lost == 0
            && self.crashed == 0
    }

    /// The one line of the run.
    pub fn line(&self) -> String {
        format!(
            "faults: games {}, rooms {} (opened again {}, guest seat lost {}), \
             moves accepted {}, kills {} (after-commit {}), \
             proxy cuts {}, delayed {}, stalls {}, hostile cut {} (half-frame {}, flood {}), \
             refused {}, crashed {}, \
             lost {}, disagree {}, stuck {}",
            self.games,
            self.rooms,
            self.reopened,
            self.seat_lost,
            self.accepted,
            self.kills,
            self.after_commit,
            self.cuts,
            self.delayed,
            self.stalls,
            self.half_frame_cut + self.flood_cut,
            self.half_frame_cut,
            self.flood_cut,
            self.refused,
            self.crashed,
            self.lost,
            self.disagree,
            self.stuck,
        )
    }
}

/// A server started with the hook crashes after 1 to this many commits...
const HOOK_MOST_COMMITS: usize = 100;
/// ...and is killed from outside if it has not within this.
const HOOK_TIME: Duration = Duration::from_secs(5);

/// How the conductor tells the rest where the run is.
struct Flags {
    /// The proxy's faults are on.
    faulty: Arc<AtomicBool>,
    /// The games' time is over: the hostile clients stop.
    calm: Arc<AtomicBool>,
    /// Every game is over: the last kill.
    stop: Arc<AtomicBool>,
}

/// What the conductor did to the server.
#[derive(Default)]
struct Kills {
    kills: u64,
    after_commit: u64,
    crashed: u64,
    problems: Vec<String>,
}

impl Kills {
    /// The server ended without being killed: the hook's abort (when it
    /// had the hook), or a crash of its own (a bug).
    fn ended_by_itself(&mut self, status: std::process::ExitStatus, hooked: bool) {
        self.kills += 1;
        if aborted(status) && hooked {
            self.after_commit += 1;
        } else {
            self.crashed += 1;
            self.problems
                .push(format!("the server ended by itself: {status}"));
        }
    }
}

/// Runs the games under faults, then checks the store; blocks until done.
pub fn run(config: &FaultConfig) -> Result<FaultReport, String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let mut server = ServerChild::new(
        config.server_bin.clone(),
        config.bind,
        config.database.clone(),
        config.silence,
    );
    server.start(None)?;
    let address = server.address;
    eprintln!(
        "faults: server on {address}, rooms in {}, its log in {}",
        config.database.display(),
        server.log().display()
    );
    let journal = Arc::new(Journal::default());
    // The proxy's faults: on from the games' start (every bot connected)
    // to the end of their time.
    let faulty = Arc::new(AtomicBool::new(false));
    // Set by the conductor at the end of the games' time: no more faults.
    let calm = Arc::new(AtomicBool::new(false));
    // Set once every game is over: the last kill, then the check.
    let stop = Arc::new(AtomicBool::new(false));
    let mut dice = PlayRng::new(config.seed);
    let conductor = {
        let flags = Flags {
            faulty: faulty.clone(),
            calm: calm.clone(),
            stop: stop.clone(),
        };
        let (journal, config) = (journal.clone(), config.clone());
        let seed = dice.next_u64();
        std::thread::spawn(move || conduct(server, &config, seed, &journal, &flags))
    };
    let hostile_cuts = Arc::new(hostile::Cuts::default());
    let played = runtime.block_on(async {
        let proxy = Proxy::start(address, config.proxy, dice.next_u64(), faulty.clone()).await?;
        let wait = Duration::from_secs(config.silence + 10);
        tokio::spawn(hostile::run(
            address,
            wait,
            calm.clone(),
            hostile_cuts.clone(),
        ));
        let bench = BenchConfig {
            servers: vec![proxy.address],
            games: config.games,
            move_every: config.move_every,
            seconds: config.seconds,
            one_game_each: false,
        };
        let report = run_async(bench, None, Some(journal.clone())).await;
        report.map(|report| (report, proxy.stats))
    });
    stop.store(true, Ordering::Relaxed);
    let kills = conductor
        .join()
        .map_err(|_| "the conductor panicked".to_string())?;
    drop(runtime);
    let (bench, proxy) = played?;
    let kills = kills?;
    if bench.unconnected > 0 {
        return Err(format!("{} games could not connect", bench.unconnected));
    }
    let verdict = check(&config.database, &journal)?;
    let (reopened, seat_lost) = journal.reopenings();
    let mut problems = kills.problems;
    problems.extend(journal.problems());
    problems.extend(verdict.problems);
    Ok(FaultReport {
        games: config.games,
        rooms: verdict.rooms,
        reopened,
        seat_lost,
        accepted: verdict.accepted,
        kills: kills.kills,
        after_commit: kills.after_commit,
        crashed: kills.crashed,
        cuts: proxy.cuts.load(Ordering::Relaxed),
        delayed: proxy.delayed.load(Ordering::Relaxed),
        stalls: proxy.stalls.load(Ordering::Relaxed),
        half_frame_cut: hostile_cuts.half_frame.load(Ordering::Relaxed),
        flood_cut: hostile_cuts.flood.load(Ordering::Relaxed),
        refused: journal.refusals(),
        lost: verdict.lost,
        disagree: verdict.disagree,
        stuck: journal.stuck_games() as u64,
        problems,
    })
}

/// The server's life in the run, on a thread of its own: killed at random
/// moments from the games' start to their end, each time started again
/// (some restarts with the crash-after-commit hook); left alone while the
/// bots finish; killed a last time once they have.
fn conduct(
    mut server: ServerChild,
    config: &FaultConfig,
    seed: u64,
    journal: &Journal,
    flags: &Flags,
) -> Result<Kills, String> {
    let Flags { faulty, calm, stop } = flags;
    let mut dice = PlayRng::new(seed);
    let mut kills = Kills::default();
    let pause = || std::thread::sleep(Duration::from_millis(20));
    let started = loop {
        if let Some(started) = journal.started() {
            break started;
        }
        if stop.load(Ordering::Relaxed) {
            calm.store(true, Ordering::Relaxed);
            return Ok(kills);
        }
        pause();
    };
    faulty.store(true, Ordering::Relaxed);
    let deadline = started + Duration::from_secs(config.seconds);
    let mut next = Instant::now() + exponential(&mut dice, config.kill_every);
    let mut restarts = 0;
    let mut up_since = Instant::now();
    while Instant::now() < deadline && !stop.load(Ordering::Relaxed) {
        pause();
        // A server with the hook is given time to crash by itself.
        let due = Instant::now() >= next && (!server.hooked || up_since.elapsed() > HOOK_TIME);
        if let Some(status) = server.ended() {
            kills.ended_by_itself(status, server.hooked);
        } else if due {
            server.kill();
            kills.kills += 1;
            next = Instant::now() + exponential(&mut dice, config.kill_every);
        } else {
            continue;
        }
        // The first restart always has the hook, so that even a short
        // run has a crash between a commit and its replies.
        let hooked =
            dice.percent(config.hooked_percent) || (restarts == 0 && config.hooked_percent > 0);
        let hook = hooked.then(|| 1 + dice.below(HOOK_MOST_COMMITS) as u64);
        server.start(hook)?;
        restarts += 1;
        up_since = Instant::now();
    }
    // The end of the games' time: a server without the hook, left alone.
    if let Some(status) = server.ended() {
        kills.ended_by_itself(status, server.hooked);
        server.start(None)?;
    } else if server.hooked {
        server.kill();
        kills.kills += 1;
        server.start(None)?;
    }
    faulty.store(false, Ordering::Relaxed);
    calm.store(true, Ordering::Relaxed);
    while !stop.load(Ordering::Relaxed) {
        pause();
        if let Some(status) = server.ended() {
            kills.ended_by_itself(status, false);
            server.start(None)?;
        }
    }
    // The last kill: the store must hold every move all the same.
    server.kill();
    Ok(kills)
}
