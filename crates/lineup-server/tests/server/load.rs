//! The load tool against a server on 127.0.0.1: every game is played to
//! its end, no move is lost, and each move's latency is measured; in the
//! pairing mode, the queue pairs every bot and the watchers see every move.

use crate::player::server;
use lineup_core::match_clock::TimeControl;
use lineup_server::bench::{self, BenchConfig, PairingConfig};
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

/// The pairing mode: every bot logs in, the queue pairs them all, each
/// game's watcher sees every move, and no clock runs out.
#[test]
fn the_pairing_mode_pairs_every_bot_and_its_watchers_see_every_move() {
    let server = server();
    let games = 4;
    let config = PairingConfig {
        bench: BenchConfig {
            servers: vec![server.address()],
            games,
            move_every: Duration::from_millis(5),
            seconds: 60,
            one_game_each: true,
        },
        clock: TimeControl::parse("10+5").expect("a clock"),
        watchers: 1,
        lobby_watchers: 1,
    };
    let report = bench::pairing::run(&config).expect("runs");
    let games = games as u64;
    // Players, watchers and the lobby's watcher.
    assert_eq!(report.bench.unconnected, 0, "{report:?}");
    assert_eq!(report.connections, 2 * 4 + 4 + 1, "{report:?}");
    // Every bot was seated, two to a game, and every game was played out.
    assert_eq!(report.pairing.pairings.len(), 2 * games, "{report:?}");
    assert_eq!(report.pairing.queued_at_end, 0, "{report:?}");
    assert_eq!(report.pairing.rooms, games, "{report:?}");
    assert_eq!(report.bench.tally.finished, games, "{report:?}");
    // No move refused or lost, no flag.
    assert_eq!(report.bench.tally.lost, 0, "{report:?}");
    assert!(report.bench.tally.refusals.is_empty(), "{report:?}");
    assert_eq!(report.pairing.flagged, 0, "{report:?}");
    // Every move seen by both players (Connect Four lasts at least seven
    // moves) and by the game's watcher.
    assert!(report.bench.tally.moves >= games * 7, "{report:?}");
    assert_eq!(report.bench.tally.latency.len(), report.bench.tally.moves);
    assert_eq!(report.pairing.watching, games, "{report:?}");
    assert_eq!(
        report.pairing.watched, report.bench.tally.moves,
        "{report:?}"
    );
    assert_eq!(
        report.pairing.watcher_latency.len(),
        report.bench.tally.moves,
        "{report:?}"
    );
    // The lobby watcher had its first view (connecting waits for it); the
    // changes come at most four times a second, however busy the server.
    let most = 4.0 * report.bench.seconds + 1.0;
    assert!(report.pairing.lobby_messages as f64 <= most, "{report:?}");
}
