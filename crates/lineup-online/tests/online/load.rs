//! The load tool against a server on 127.0.0.1: every game is played to
//! its end, no move is lost, and each move's latency is measured.

use crate::player::server;
use lineup_online::bench::{self, BenchConfig};
use std::time::Duration;

#[test]
fn the_load_tool_plays_every_game_to_the_end_and_loses_no_move() {
    let server = server();
    let config = BenchConfig {
        servers: vec![server.address()],
        games: 8,
        move_every: Duration::from_millis(5),
        seconds: 120,
        one_game_each: true,
    };
    let report = bench::run(&config).expect("runs");
    assert_eq!(report.unconnected, 0, "{report:?}");
    assert_eq!(report.tally.finished, 8, "{report:?}");
    assert_eq!(report.tally.lost, 0, "{report:?}");
    assert!(report.tally.refusals.is_empty(), "{report:?}");
    // Connect Four lasts at least seven moves.
    assert!(report.tally.moves >= 8 * 7, "{report:?}");
    assert_eq!(report.tally.latency.len(), report.tally.moves);
}
