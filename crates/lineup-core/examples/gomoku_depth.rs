//! How deep and how fast the Gomoku engine searches: Master on each opening
//! of a list for a fixed time, printing the depth completed and the nodes a
//! second (mean and per position). A measuring tool for engine changes,
//! beside `gomoku_match`, which measures strength.
//!
//! ```sh
//! cargo run -p lineup-core --example gomoku_depth -- [MS] [OPENINGS FILE] [--offset] [--threads N]
//! ```
//!
//! MS defaults to 850 (what pbrain-lineup took of a 1 s turn until it kept
//! less back, and what BENCHMARKS.md's figures are measured at); the list to
//! the core's `tests/data/gomoku/openings_renju.txt`, played under Renju;
//! the threads to one (the depth shown is the deepest any thread completed).

use lineup_core::ai::gomoku::GomokuEngine;
use lineup_core::ai::{Level, Rng};
use lineup_core::gomocup::openings::{self, Form};
use lineup_core::rules::{Game, Gomoku, RuleSet};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

fn main() {
    let all: Vec<String> = std::env::args().skip(1).collect();
    let threads: usize = all
        .iter()
        .position(|a| a == "--threads")
        .and_then(|n| all.get(n + 1)?.parse().ok())
        .unwrap_or(1);
    let offset = all.iter().any(|a| a == "--offset");
    // The positional arguments: whatever is not a flag or a flag's value.
    let args: Vec<String> = all
        .iter()
        .enumerate()
        .filter(|&(n, a)| !a.starts_with("--") && (n == 0 || all[n - 1] != "--threads"))
        .map(|(_, a)| a.clone())
        .collect();
    let ms: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(850);
    let path = args.get(1).cloned().unwrap_or(format!(
        "{}/tests/data/gomoku/openings_renju.txt",
        env!("CARGO_MANIFEST_DIR")
    ));
    let form = if offset { Form::Offset } else { Form::Absolute };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let list = openings::parse(&text, form, 15).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut depths, mut nodes, mut secs) = (0, 0u64, 0.0);
    for (n, opening) in list.iter().enumerate() {
        let game = Game::from_moves(
            Gomoku::standard(RuleSet::Renju),
            opening.iter().map(|&p| p.into()),
        )
        .unwrap_or_else(|(i, e)| panic!("opening {}, move {}: {e}", n + 1, i + 1));
        let position = game.position();
        let mut engine = GomokuEngine::new();
        engine.set_threads(threads);
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let mv = engine.choose_move(
            position,
            Level::Master,
            &mut Rng::new(1),
            &stop,
            Duration::from_millis(ms),
        );
        let took = start.elapsed().as_secs_f64();
        println!(
            "{:>3}: depth {:>2}, {:>8} nodes, {:>5.0} k/s, move {}",
            n + 1,
            engine.last_depth,
            engine.last_nodes,
            engine.last_nodes as f64 / took / 1000.0,
            mv.map_or("-".into(), |p| p.to_string())
        );
        depths += engine.last_depth;
        nodes += engine.last_nodes;
        secs += took;
    }
    println!(
        "mean depth {:.2}, {:.0} k nodes/s over {} positions",
        depths as f64 / list.len() as f64,
        nodes as f64 / secs / 1000.0,
        list.len()
    );
}
