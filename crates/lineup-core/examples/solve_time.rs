//! How long the exact solver takes on one position without any book: the
//! figure the issue "exact values for every position, instantly" compares
//! with the reference solvers (the empty 7×6 board: Steininger's `c4`, one
//! thread, 44 s on the development machine).
//!
//! ```sh
//! cargo run -p lineup-core --example solve_time -- [MOVES] [LOG2_BUCKETS] [THREADS]
//! ```
//!
//! MOVES is the position as a move string (`""` or nothing: the empty
//! board); LOG2_BUCKETS the table's size, `2^n` buckets of 16 bytes
//! (default, or `-`: the solver's own, 8 MB growing to 64 MB); THREADS how
//! many threads a long solve goes on with (default 1; each more one has a
//! copy of the table).
//! Prints the score, the nodes searched, the time and the nodes per second.

use lineup_core::ai::connect_four::Solver;
use lineup_core::rules::{ConnectFour, ConnectFourSize};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let moves = args.first().map_or("", String::as_str);
    let game = ConnectFour::game_from_moves(ConnectFourSize::STANDARD, moves)
        .unwrap_or_else(|e| panic!("'{moves}' is not a position: {e}"));
    let mut solver = match args.get(1).map(String::as_str) {
        None | Some("-") => Solver::new(),
        Some(n) => Solver::with_table_size(n.parse().expect("LOG2_BUCKETS is a number")),
    };
    let threads = args
        .get(2)
        .map_or(1, |n| n.parse().expect("THREADS is a number"));
    solver.set_threads(threads);
    let start = Instant::now();
    let score = solver
        .solve(game.position(), &AtomicBool::new(false))
        .expect("a position to solve");
    let seconds = start.elapsed().as_secs_f64();
    let nodes = solver.node_count();
    println!(
        "position '{moves}': score {score}, {nodes} nodes, {seconds:.1} s, {:.1} M nodes/s, {threads} thread(s)",
        nodes as f64 / seconds / 1e6
    );
}
