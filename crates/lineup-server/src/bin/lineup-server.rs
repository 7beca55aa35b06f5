//! The dedicated Lineup server (`lineup-server`): pairs players by room
//! code and runs their games, headless, on one thread. `lineup-server
//! bench` is its load tool.

use clap::Parser;
use lineup_core::persist::folders::Folders;
use lineup_core::process_figures;
use lineup_server::bench::faults::{self, FaultConfig};
use lineup_server::bench::{self, BenchConfig, BenchReport, ProxyFaults};
use lineup_server::cli::{BenchArgs, ServeArgs, ServerCli, ServerTask};
use lineup_server::server::cluster::Cluster;
use lineup_server::server::{Limits, Server, Settings};
use lineup_server::store;
use lineup_server::tls::ServerTls;
use std::time::Duration;

fn main() {
    let cli = ServerCli::parse();
    let result = match cli.task {
        Some(ServerTask::Bench(args)) => run_bench(args),
        None => serve(cli.serve),
    };
    if let Err(problem) = result {
        eprintln!("lineup-server: {problem}");
        std::process::exit(2);
    }
}

fn serve(args: ServeArgs) -> Result<(), String> {
    raise_file_limit();
    let spec = if args.no_store {
        "memory:".to_string()
    } else if let Some(database) = args.database {
        database
    } else {
        Folders::locate()
            .map(|f| f.server_database().display().to_string())
            .ok_or("no data folder: give --database PATH or --no-store")?
    };
    let tls = match args.tls.as_deref() {
        Some([cert, key]) => Some(ServerTls::from_files(cert, key)?),
        _ => None,
    };
    let settings = Settings {
        limits: Limits {
            silence: Duration::from_secs(args.silence),
            per_address: usize::try_from(args.per_address).unwrap_or(usize::MAX),
            ..Limits::default()
        },
        grace_ms: args.grace.saturating_mul(1000),
        log: true,
        tls,
    };
    let settings_tls = settings.tls.is_some();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async move {
        let bind = args.bind;
        let socket = if bind.is_ipv4() {
            tokio::net::TcpSocket::new_v4()
        } else {
            tokio::net::TcpSocket::new_v6()
        }
        .map_err(|e| e.to_string())?;
        // Restarted on the same port while old connections linger.
        socket.set_reuseaddr(true).map_err(|e| e.to_string())?;
        socket
            .bind(bind)
            .map_err(|e| format!("cannot listen on {bind}: {e}"))?;
        // A long queue: thousands of players may knock at once.
        let listener = socket
            .listen(4096)
            .map_err(|e| format!("cannot listen on {bind}: {e}"))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        let scheme = if settings_tls { "wss://" } else { "" };
        let public = args.public.unwrap_or_else(|| format!("{scheme}{local}"));
        let instance = args.instance.unwrap_or_else(|| public.clone());
        // The store and Redis are opened off the runtime's thread: their
        // clients block.
        let opened = tokio::task::spawn_blocking(move || {
            let upkeep = store::upkeep::Upkeep {
                keep: args.keep_finished,
                ..Default::default()
            };
            let store = store::open(&spec, &instance, upkeep).map_err(|e| e.to_string())?;
            let cluster = match &args.redis {
                Some(url) => Some(Cluster::connect(url, &instance, &public)?),
                None => None,
            };
            let kept = match (&cluster, spec.as_str()) {
                (_, "memory:") => "rooms kept in memory only".to_string(),
                (Some(_), _) => format!(
                    "rooms kept in {spec} (--keep-finished {}); instance {instance} on Redis",
                    args.keep_finished
                ),
                (None, _) => format!(
                    "rooms kept in {spec} (--keep-finished {})",
                    args.keep_finished
                ),
            };
            Ok::<_, String>((Server::new(store, cluster, settings)?, kept))
        })
        .await
        .map_err(|e| e.to_string())??;
        let (server, kept) = opened;
        let rooms = server.rooms();
        println!("Lineup server listening on {local} ({rooms} rooms restored; {kept})");
        server.run(listener, None).await;
        Ok(())
    })
}

fn run_bench(args: BenchArgs) -> Result<(), String> {
    raise_file_limit();
    if args.faults {
        return run_faults(args);
    }
    if let Some(ca) = &args.tls {
        lineup_server::bench::speak_tls(&lineup_client::tls::ClientTls {
            name: "localhost".into(),
            extra_ca: Some(ca.clone()),
        })?;
    }
    let config = BenchConfig {
        servers: args.addr.clone(),
        games: args.games,
        move_every: Duration::from_millis(args.move_every_ms.max(1)),
        seconds: args.seconds,
        one_game_each: false,
    };
    // The figures of the first instance's process, when it runs here.
    let pid = process_figures::find_by_tcp_port(args.addr[0].port());
    let mut cpu = CpuMeters::start(pid);
    if args.pairing {
        return run_pairing(&args, config, pid, cpu);
    }
    if args.ramp {
        let ceiling = Duration::from_millis(100);
        let mut best: Option<f64> = None;
        bench::ramp(&config, args.step, ceiling, |step| {
            println!(
                "step: {}, {:.0} moves/s",
                line(step, &cpu.read(), pid),
                step.rate()
            );
            if step.ms(0.99) <= ceiling.as_secs_f64() * 1000.0 {
                best = Some(best.map_or(step.rate(), |b: f64| b.max(step.rate())));
            }
        })?;
        match best {
            Some(rate) => println!("ramp: highest rate with p99 <= 100 ms: {rate:.0} moves/s"),
            None => println!("ramp: p99 was over 100 ms from the first step"),
        }
        return Ok(());
    }
    let report = bench::run(&config)?;
    let cpu = cpu.read();
    if !report.tally.reconnections.is_empty() {
        println!(
            "games finished {}, accepted moves missing after a reconnection {}, \
             reconnections {}, p50 {:.0} ms, p99 {:.0} ms",
            report.tally.finished,
            report.tally.missing,
            report.tally.reconnections.len(),
            report.tally.reconnections.value_at_quantile(0.5) as f64 / 1000.0,
            report.tally.reconnections.value_at_quantile(0.99) as f64 / 1000.0,
        );
    }
    eprintln!(
        "{} games connected in {:.1} s",
        report.games - report.unconnected,
        report.connecting.as_secs_f64()
    );
    if report.unconnected > 0 {
        eprintln!("{} games could not connect", report.unconnected);
    }
    for refusal in report.tally.refusals.iter().take(5) {
        eprintln!("refused: {refusal}");
    }
    println!("{}", line(&report, &cpu, pid));
    Ok(())
}

/// `bench --pairing`: the queue, the clocks and the watchers; the moves'
/// line, then the pairing mode's.
fn run_pairing(
    args: &BenchArgs,
    config: BenchConfig,
    pid: Option<u32>,
    mut cpu: CpuMeters,
) -> Result<(), String> {
    let report = bench::pairing::run(&bench::PairingConfig {
        bench: config,
        clock: args.clock,
        watchers: args.watchers,
        lobby_watchers: args.lobby_watchers,
    })?;
    let cpu = cpu.read();
    eprintln!(
        "{} connections made and the players logged in in {:.1} s",
        report.connections,
        report.bench.connecting.as_secs_f64()
    );
    if report.bench.unconnected > 0 {
        eprintln!("{} connections could not be made", report.bench.unconnected);
    }
    for refusal in report.bench.tally.refusals.iter().take(5) {
        eprintln!("refused: {refusal}");
    }
    println!("{}", line(&report.bench, &cpu, pid));
    for more in report.lines() {
        println!("{more}");
    }
    Ok(())
}

/// `bench --faults`: the run, its line, and exit status 1 when it lost,
/// disagreed or got stuck.
fn run_faults(args: BenchArgs) -> Result<(), String> {
    let server_bin = match args.server_bin {
        Some(path) => path,
        None => std::env::current_exe()
            .map_err(|e| format!("where is lineup-server? {e}; give --server-bin"))?,
    };
    let bind = match args.addr.as_slice() {
        [] => std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
        [one] if one.ip().is_loopback() => *one,
        _ => {
            return Err(
                "--faults starts one server, on loopback: one --addr 127.0.0.1:PORT".into(),
            );
        }
    };
    let seed = args
        .seed
        .unwrap_or_else(|| lineup_core::ai::PlayRng::from_time().next_u64());
    let database = args.database.unwrap_or_else(|| {
        std::env::temp_dir().join(format!(
            "lineup-faults-{}-{seed}.sqlite3",
            std::process::id()
        ))
    });
    let config = FaultConfig {
        server_bin,
        database,
        bind,
        games: args.games,
        move_every: Duration::from_millis(args.move_every_ms.max(1)),
        seconds: args.seconds,
        seed,
        kill_every: Duration::from_millis(args.kill_every_ms.max(1)),
        hooked_percent: args.after_commit_percent,
        proxy: ProxyFaults {
            max_delay: Duration::from_millis(args.max_delay_ms),
            fault_every: Duration::from_millis(args.cut_every_ms.max(1)),
            max_stall: Duration::from_secs(2),
        },
        // Cuts the half-frame client in 5 s; the bots ping every second.
        silence: 5,
    };
    eprintln!("faults: seed {seed}");
    let report = faults::run(&config)?;
    for problem in &report.problems {
        eprintln!("faults: {problem}");
    }
    println!("{}", report.line());
    if !report.passed() {
        std::process::exit(1);
    }
    Ok(())
}

/// The CPU the server (when it runs on this machine) and this tool used,
/// from one reading to the next.
struct CpuMeters {
    server: Option<u32>,
    mark: (Option<f64>, Option<f64>, std::time::Instant),
}

/// Shares of one core since the last reading.
struct CpuShares {
    server: Option<f64>,
    tool: Option<f64>,
}

impl CpuMeters {
    fn start(server: Option<u32>) -> CpuMeters {
        CpuMeters {
            server,
            mark: CpuMeters::now(server),
        }
    }

    fn now(server: Option<u32>) -> (Option<f64>, Option<f64>, std::time::Instant) {
        (
            server.and_then(process_figures::cpu_seconds),
            process_figures::cpu_seconds(std::process::id()),
            std::time::Instant::now(),
        )
    }

    fn read(&mut self) -> CpuShares {
        let now = CpuMeters::now(self.server);
        let wall = now.2.duration_since(self.mark.2).as_secs_f64().max(1e-9);
        let share = |after: Option<f64>, before: Option<f64>| Some((after? - before?) / wall);
        let shares = CpuShares {
            server: share(now.0, self.mark.0),
            tool: share(now.1, self.mark.1),
        };
        self.mark = now;
        shares
    }
}

/// The one line of figures, and a warning after it when the tool used
/// nearly all the cores it may use: then the latencies are partly its own.
fn line(report: &BenchReport, cpu: &CpuShares, pid: Option<u32>) -> String {
    let memory = pid
        .and_then(process_figures::resident_mb)
        .map_or("unknown".to_string(), |mb| format!("{mb:.0} MB"));
    let percent =
        |share: Option<f64>| share.map_or("unknown".to_string(), |s| format!("{:.0}%", 100.0 * s));
    let mut line = format!(
        "games {}, moves {}, lost {}, move p50 {:.1} ms, p99 {:.1} ms, p999 {:.1} ms, server cpu {}, server memory {memory}, tool cpu {}",
        report.games,
        report.tally.moves,
        report.tally.lost,
        report.ms(0.5),
        report.ms(0.99),
        report.ms(0.999),
        percent(cpu.server),
        percent(cpu.tool),
    );
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if cpu.tool.is_some_and(|tool| tool >= 0.9 * cores as f64) {
        line.push_str(&format!(
            "\nthe load tool used nearly all of its {cores} core(s): these latencies are \
             partly its own, not the server's"
        ));
    }
    line
}

/// Two sockets a game: thousands of games need more than the usual 1024
/// files. As high as allowed: 200,000 where the process may raise its hard
/// limit (root), else the hard limit.
fn raise_file_limit() {
    #[cfg(target_os = "linux")]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: plain system calls on local structs.
        unsafe {
            let wanted = libc::rlimit {
                rlim_cur: 200_000,
                rlim_max: 200_000,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &wanted) != 0
                && libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0
            {
                limit.rlim_cur = limit.rlim_max;
                libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
            }
        }
    }
}
