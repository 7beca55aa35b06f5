//! Apps without a window: the dedicated server (`lineup-server`) and the
//! bot clients of its load tool. Both run the same registrations as the
//! game (`protocol::plugin`), so any of them can talk to any other.

use super::bot::{Bot, BotRole};
use super::server::{ServerLobby, spawn_restored};
use super::tokens::{self, Security};
use super::transport;
use crate::frame_stats::FrameSummary;
use bevy::app::ScheduleRunnerPlugin;
use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy_replicon::prelude::*;
use bevy_replicon_renet::RepliconRenetPlugins;
use lineup_core::match_setup::GameKind;
use lineup_core::net::journal::Journal;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// How often the server runs a frame: often enough that a move is passed on
/// within a few milliseconds, rarely enough that an idle server sleeps.
const SERVER_FRAME: Duration = Duration::from_millis(5);

/// How many times a second the server sends what changed.
const SERVER_TICKS: f64 = 20.0;

/// The plugins every headless app needs before its own.
fn base(app: &mut App) {
    app.add_plugins((
        // `run` loops at the server's pace; tests and bots call `update`.
        MinimalPlugins.set(ScheduleRunnerPlugin::run_loop(SERVER_FRAME)),
        StatesPlugin,
        RepliconPlugins,
        RepliconRenetPlugins,
        super::protocol::plugin,
    ));
}

/// A dedicated server listening on `bind`, keeping its rooms in `journal`.
/// Returns the app and the address it listens on.
/// With `log`, one line per game event goes to the standard error (only
/// one app per process may log: tests run several without).
pub fn server_app(
    bind: SocketAddr,
    journal: Option<Journal>,
    security: Option<Security>,
    log: bool,
) -> Result<(App, SocketAddr), String> {
    let mut app = App::new();
    if log {
        app.add_plugins(bevy::log::LogPlugin {
            filter: "warn,lineup=info".into(),
            ..default()
        });
    }
    base(&mut app);
    app.add_plugins(super::server::plugin);
    if let Some(journal) = journal {
        let (lobby, problems) = ServerLobby::with_journal(journal);
        for problem in problems {
            eprintln!(
                "Lineup server: a room's journal could not be read and was kept aside: {problem}"
            );
        }
        app.insert_resource(lobby);
    }
    app.add_systems(Startup, spawn_restored);
    // Replication ticks (replicon's default is 64 a second): a turn-based
    // game needs far fewer, and each tick costs the server work for every
    // client.
    app.insert_resource(Time::<Fixed>::from_hz(SERVER_TICKS));
    app.finish();
    app.cleanup();
    let local = transport::start_server(app.world_mut(), bind, security)?;
    Ok((app, local))
}

/// Runs a dedicated server until it is stopped; with `secure`, only clients
/// holding a token that names that address get in. A port 0 in either is
/// the port actually bound.
pub fn run_server(
    bind: SocketAddr,
    journal: Option<Journal>,
    secure: Option<SocketAddr>,
) -> Result<(), String> {
    let bound = std::net::UdpSocket::bind(bind)
        .and_then(|s| s.local_addr())
        .map_err(|e| format!("cannot listen on {bind}: {e}"))?;
    let bind = bound;
    let secure = secure.map(|public| {
        if public.port() == 0 {
            SocketAddr::new(public.ip(), bound.port())
        } else {
            public
        }
    });
    let security = secure.map(Security::new);
    let (mut app, local) = server_app(bind, journal, security, true)?;
    let rooms = app.world().resource::<ServerLobby>().lobby.rooms().count();
    let mode = match secure {
        Some(public) => format!("secure: tokens name {public}"),
        None => "open: no tokens".to_string(),
    };
    println!("Lineup server listening on {local} ({rooms} rooms restored; {mode})");
    app.run();
    Ok(())
}

/// Runs every schedule's systems one after another on the calling thread:
/// a headless app's systems are tiny, and handing each to a thread pool
/// costs more than running it (the load tool steps a thousand such apps).
fn single_threaded(app: &mut App) {
    let mut schedules = app.world_mut().resource_mut::<Schedules>();
    for (_, schedule) in schedules.iter_mut() {
        schedule.set_executor(SingleThreadedExecutor::new());
    }
}

/// A bot client connecting to `server`.
pub fn bot_app(server: SocketAddr, bot: Bot) -> Result<App, String> {
    let mut app = App::new();
    base(&mut app);
    app.add_plugins(super::bot::plugin).insert_resource(bot);
    app.finish();
    app.cleanup();
    single_threaded(&mut app);
    transport::connect(app.world_mut(), server, tokens::fetch(server))?;
    Ok(app)
}

/// What a load run measured.
#[derive(Debug, Default)]
pub struct BenchReport {
    pub games: usize,
    pub finished: usize,
    pub moves: usize,
    pub latencies: Vec<Duration>,
    pub refusals: Vec<String>,
    /// How long each pass over all the bots took: a move's latency can be
    /// no shorter, so it tells the tool's share of the latency.
    pub rounds: Vec<Duration>,
}

impl BenchReport {
    pub fn lost(&self) -> usize {
        self.games - self.finished
    }

    /// The moves' latency: median, 99th percentile and longest (nearest
    /// rank, as the game's own frame times are summarised).
    pub fn latency(&self) -> Option<FrameSummary> {
        FrameSummary::of(&self.latencies)
    }

    /// The time of one pass over all the bots: median and longest.
    pub fn passes(&self) -> Option<FrameSummary> {
        FrameSummary::of(&self.rounds)
    }
}

/// Plays `games` Connect Four games between pairs of bots against the
/// server at `server`, until all end or `limit` passes.
pub fn bench(server: SocketAddr, games: usize, limit: Duration) -> Result<BenchReport, String> {
    let kind = GameKind::default();
    // Every app is built before the clock starts: building one takes
    // longer than a move, and would show up as the others' latency.
    let mut hosts = Vec::with_capacity(games);
    let mut guests = Vec::with_capacity(games);
    for i in 0..games {
        let host = Bot::new(BotRole::Host(kind), &format!("host {i}"), 2 * i as u64 + 1);
        hosts.push(bot_app(server, host)?);
        let guest = Bot::new(BotRole::Wait, &format!("guest {i}"), 2 * i as u64 + 2);
        guests.push(bot_app(server, guest)?);
    }
    let start = Instant::now();
    let mut rounds = Vec::new();
    while start.elapsed() < limit {
        let round = Instant::now();
        let mut all_done = true;
        for (host, guest) in hosts.iter_mut().zip(&mut guests) {
            host.update();
            let seat = host.world().resource::<Bot>().seat;
            all_done &= host.world().resource::<Bot>().finished;
            let mut told = guest.world_mut().resource_mut::<Bot>();
            if let (BotRole::Wait, Some((code, _))) = (told.role, seat) {
                told.role = BotRole::Join(code);
            }
            guest.update();
            all_done &= guest.world().resource::<Bot>().finished;
        }
        rounds.push(round.elapsed());
        if all_done {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let mut report = BenchReport {
        games,
        rounds,
        ..default()
    };
    for (host, guest) in hosts.iter().zip(&guests) {
        let host = host.world().resource::<Bot>();
        let guest = guest.world().resource::<Bot>();
        if host.finished && guest.finished {
            report.finished += 1;
        }
        report.moves += host.moves_seen;
        for bot in [host, guest] {
            report.latencies.extend(&bot.latencies);
            report.refusals.extend(bot.refusals.iter().cloned());
        }
    }
    Ok(report)
}
