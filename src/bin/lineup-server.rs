//! The dedicated Lineup server (`lineup-server`): pairs players by room
//! code and runs their games, headless. `lineup-server bench` is its load
//! tool: pairs of bot clients play whole games against a running server.

use clap::Parser;
use lineup::online::headless;
use lineup::server_cli::{BenchArgs, ServeArgs, ServerCli, ServerTask};
use lineup_core::net::journal::Journal;
use lineup_core::net::server_process;
use lineup_core::persist::folders::Folders;
use std::time::{Duration, Instant};

fn main() {
    let cli = ServerCli::parse();
    let result = match cli.task {
        Some(ServerTask::Bench(args)) => bench(args),
        None => serve(cli.serve),
    };
    if let Err(problem) = result {
        eprintln!("lineup-server: {problem}");
        std::process::exit(2);
    }
}

fn serve(args: ServeArgs) -> Result<(), String> {
    let journal = if args.no_journal {
        None
    } else if let Some(dir) = &args.rooms {
        Some(Journal::new(dir))
    } else {
        Folders::locate().map(|f| Journal::new(&f.server_rooms()))
    };
    let security = if args.secure {
        let public = match args.public {
            Some(public) => public,
            None if args.bind.ip().is_unspecified() => {
                return Err(format!(
                    "--secure on {} needs --public ADDR:PORT: the address players reach",
                    args.bind
                ));
            }
            None => args.bind,
        };
        Some(public)
    } else {
        None
    };
    headless::run_server(args.bind, journal, security)
}

fn bench(args: BenchArgs) -> Result<(), String> {
    let BenchArgs {
        addr,
        games,
        seconds,
    } = args;
    raise_file_limit();
    let server = server_process::find_by_udp_port(addr.port());
    let cpu_before = server.and_then(server_process::cpu_seconds);
    let started = Instant::now();
    let report = headless::bench(addr, games, Duration::from_secs(seconds))?;
    let wall = started.elapsed().as_secs_f64();
    let cpu = match (server.and_then(server_process::cpu_seconds), cpu_before) {
        (Some(after), Some(before)) => format!("{:.0}%", 100.0 * (after - before) / wall),
        _ => "unknown".to_string(),
    };
    let memory = server
        .and_then(server_process::resident_mb)
        .map_or("unknown".to_string(), |mb| format!("{mb:.0} MB"));
    println!(
        "games {}, moves {}, lost {}, move p50 {:.1} ms, p99 {:.1} ms, server cpu {cpu}, server memory {memory}, {wall:.1} s (one pass over the bots: {:.1} ms)",
        report.games,
        report.moves,
        report.lost(),
        ms(report.latency().map(|l| l.p50)),
        ms(report.latency().map(|l| l.p99)),
        ms(report.passes().map(|p| p.p50)),
    );
    for refusal in report.refusals.iter().take(5) {
        eprintln!("refused: {refusal}");
    }
    Ok(())
}

/// A duration in milliseconds, 0 when there was none.
fn ms(duration: Option<Duration>) -> f64 {
    duration.map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

/// Two sockets per game: 500 games need more than the usual 1024 files.
fn raise_file_limit() {
    #[cfg(target_os = "linux")]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: plain system calls on a local struct.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 {
                limit.rlim_cur = limit.rlim_max;
                libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
            }
        }
    }
}
