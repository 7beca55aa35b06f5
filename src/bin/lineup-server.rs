//! The dedicated Lineup server (`lineup-server`): pairs players by room
//! code and runs their games, headless. `lineup-server bench` is its load
//! tool: pairs of bot clients play whole games against a running server.

use lineup::game::online::headless;
use lineup::game::online::protocol::DEFAULT_PORT;
use lineup::net::journal::Journal;
use lineup::net::server_process;
use lineup::persist::folders::Folders;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

const USAGE: &str = "\
Usage:
  lineup-server [--bind ADDR:PORT] [--rooms DIR | --no-journal]
                [--secure [--public ADDR:PORT]]
      Runs a server (default 0.0.0.0:7878). Open rooms are kept in DIR
      (default: the data folder's server/) so a restart loses no game.
      --secure: only clients with a connect token get in (handed out over
      TCP on the same port), and the game is encrypted; --public is the
      address players reach it at (needed when bound to 0.0.0.0).
  lineup-server bench --addr ADDR:PORT --games N [--seconds S]
      Plays N Connect Four games between pairs of bots against a running
      server and prints one line of figures (at most S seconds, default 300).";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("bench") => bench(&args[1..]),
        Some("--help" | "-h") => {
            println!("{USAGE}");
            Ok(())
        }
        _ => serve(&args),
    };
    if let Err(problem) = result {
        eprintln!("lineup-server: {problem}");
        std::process::exit(2);
    }
}

/// The value after `flag`, if given.
fn value<'a>(args: &'a [String], flag: &str) -> Result<Option<&'a str>, String> {
    match args.iter().position(|a| a == flag) {
        None => Ok(None),
        Some(i) => args
            .get(i + 1)
            .map(|v| Some(v.as_str()))
            .ok_or_else(|| format!("{flag} needs a value\n{USAGE}")),
    }
}

fn address(text: &str) -> Result<SocketAddr, String> {
    text.parse()
        .map_err(|_| format!("'{text}' is not an address like 127.0.0.1:{DEFAULT_PORT}"))
}

fn serve(args: &[String]) -> Result<(), String> {
    let known = ["--bind", "--rooms", "--no-journal", "--secure", "--public"];
    if let Some(unknown) = args.iter().enumerate().find(|(i, a)| {
        a.starts_with('-') && !known.contains(&a.as_str()) && {
            // A value after a flag is not itself a flag.
            *i == 0 || !["--bind", "--rooms", "--public"].contains(&args[i - 1].as_str())
        }
    }) {
        return Err(format!("unknown option {}\n{USAGE}", unknown.1));
    }
    let bind = match value(args, "--bind")? {
        Some(text) => address(text)?,
        None => SocketAddr::from(([0, 0, 0, 0], DEFAULT_PORT)),
    };
    let journal = if args.iter().any(|a| a == "--no-journal") {
        None
    } else if let Some(dir) = value(args, "--rooms")? {
        Some(Journal::new(std::path::Path::new(dir)))
    } else {
        Folders::locate().map(|f| Journal::new(&f.server_rooms()))
    };
    let security = if args.iter().any(|a| a == "--secure") {
        let public = match value(args, "--public")? {
            Some(text) => address(text)?,
            None if bind.ip().is_unspecified() => {
                return Err(format!(
                    "--secure on {bind} needs --public ADDR:PORT: the address players reach"
                ));
            }
            None => bind,
        };
        Some(public)
    } else {
        None
    };
    headless::run_server(bind, journal, security)
}

fn bench(args: &[String]) -> Result<(), String> {
    let addr =
        address(value(args, "--addr")?.ok_or_else(|| format!("bench needs --addr\n{USAGE}"))?)?;
    let games: usize = value(args, "--games")?
        .unwrap_or("10")
        .parse()
        .map_err(|_| "--games needs a number".to_string())?;
    let seconds: u64 = value(args, "--seconds")?
        .unwrap_or("300")
        .parse()
        .map_err(|_| "--seconds needs a number".to_string())?;
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
