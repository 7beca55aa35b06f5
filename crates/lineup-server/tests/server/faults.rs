//! The load tool's fault mode against the real `lineup-server`: killed at
//! random moments (once at least right after a commit, before its
//! replies), behind a proxy that delays, cuts and stalls, beside a
//! half-frame and a flooding client. No accepted move is lost, the store
//! and every bot agree move for move, and no game gets stuck.

use lineup_server::bench::ProxyFaults;
use lineup_server::bench::faults::{self, FaultConfig};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

#[test]
fn a_server_killed_and_cut_off_at_random_loses_no_move_and_no_game_sticks() {
    let folder = std::env::temp_dir().join(format!("lineup-faults-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("a folder");
    let config = FaultConfig {
        server_bin: env!("CARGO_BIN_EXE_lineup-server").into(),
        database: folder.join("server.sqlite3"),
        bind: SocketAddr::from(([127, 0, 0, 1], 0)),
        games: 6,
        move_every: Duration::from_millis(100),
        seconds: 15,
        seed: 20_261_127,
        kill_every: Duration::from_secs(3),
        hooked_percent: 50,
        proxy: ProxyFaults {
            max_delay: Duration::from_millis(200),
            fault_every: Duration::from_secs(4),
            max_stall: Duration::from_secs(2),
        },
        silence: 5,
    };
    let started = Instant::now();
    let report = faults::run(&config).expect("the fault run runs");
    eprintln!("{}", report.line());
    assert!(report.passed(), "{report:#?}");
    assert!(report.kills >= 2, "{report:#?}");
    assert!(report.after_commit >= 1, "{report:#?}");
    assert!(report.cuts + report.stalls > 0, "{report:#?}");
    assert!(report.flood_cut > 0, "{report:#?}");
    assert!(report.accepted > 0 && report.rooms >= 6, "{report:#?}");
    // Bounded: 15 s of play, the drain and the check.
    assert!(started.elapsed() < Duration::from_secs(100), "{report:#?}");
    let _ = std::fs::remove_dir_all(&folder);
}
