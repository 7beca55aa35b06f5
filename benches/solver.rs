//! The Connect Four solver on the six standard test sets (Pascal Pons'
//! "Solving Connect 4"): mean time and positions per second of each set,
//! beside the reference solver's figures measured on the development
//! machine, checking every score on the way.
//!
//! Run with `cargo bench --profile dev --bench solver` (reuses the test
//! build). Each set is solved in order by one solver whose table is kept
//! from one position to the next, as the standard solver's command line
//! does. `Test_L1_R3` (seconds per position) is sampled: its first 30
//! positions by default. `LINEUP_BENCH_SAMPLE=N` limits every set to its
//! first N positions (a quick run); `LINEUP_BENCH_SAMPLE=all` runs all of
//! L1_R3 too (about an hour).

use criterion::{Criterion, criterion_group};
use lineup::ai::connect_four::{Position, Solver};
use lineup::rules::{ConnectFour, ConnectFourSize};
use std::hint::black_box;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// `(file, what it holds, the reference solver's mean time per position)`.
const SETS: [(&str, &str, Duration); 6] = [
    ("Test_L3_R1", "end-easy", Duration::from_micros(83)),
    ("Test_L2_R1", "middle-easy", Duration::from_micros(110)),
    ("Test_L2_R2", "middle-medium", Duration::from_micros(5_300)),
    ("Test_L1_R1", "begin-easy", Duration::from_micros(394)),
    ("Test_L1_R2", "begin-medium", Duration::from_millis(156)),
    ("Test_L1_R3", "begin-hard", Duration::from_millis(3_600)),
];

/// Positions of L1_R3 measured unless `LINEUP_BENCH_SAMPLE` says otherwise.
const L1_R3_SAMPLE: usize = 30;

/// The positions of a set with their expected scores.
fn load(name: &str) -> Vec<(Position, i32)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/connect4")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .map(|line| {
            let (moves, score) = line.split_once(' ').expect("`moves score` lines");
            let game = ConnectFour::game_from_moves(ConnectFourSize::STANDARD, moves)
                .expect("legal moves");
            let position = Position::from_standard(game.position())
                .expect("7x6")
                .expect("game not over");
            (position, score.parse().expect("an integer score"))
        })
        .collect()
}

/// How many positions of `name` to measure.
fn sample(name: &str, available: usize) -> usize {
    match std::env::var("LINEUP_BENCH_SAMPLE").ok().as_deref() {
        Some("all") => available,
        Some(n) => n.parse().map_or(available, |n: usize| n.min(available)),
        None if name == "Test_L1_R3" => L1_R3_SAMPLE.min(available),
        None => available,
    }
}

/// A few solves through criterion, each with a freshly cleared small table
/// (so every iteration does the same work).
fn criterion_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("connect_four_solve");
    group.sample_size(20);
    let stop = AtomicBool::new(false);
    for name in ["Test_L3_R1", "Test_L2_R1", "Test_L1_R1"] {
        let positions: Vec<_> = load(name).into_iter().take(10).collect();
        let mut solver = Solver::with_table_size(14);
        group.bench_function(format!("{name}_first_10_cold"), |b| {
            b.iter(|| {
                for (position, _) in &positions {
                    solver.clear();
                    black_box(solver.solve_position(position, false, &stop).ok());
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, criterion_benches);

fn table() {
    let stop = AtomicBool::new(false);
    println!("\nConnect Four solver, standard test sets (table kept across a set):");
    println!(
        "{:<11} {:<14} {:>9} {:>12} {:>12} {:>14} {:>12} {:>9}",
        "set",
        "kind",
        "positions",
        "mean",
        "positions/s",
        "nodes/position",
        "reference",
        "speed-up"
    );
    for (name, kind, reference) in SETS {
        let all = load(name);
        let n = sample(name, all.len());
        let mut solver = Solver::new();
        let start = Instant::now();
        for (position, expected) in &all[..n] {
            let score = solver.solve_position(position, false, &stop);
            assert_eq!(score, Ok(*expected), "{name}: wrong score");
        }
        let elapsed = start.elapsed();
        let mean = elapsed / n.max(1) as u32;
        println!(
            "{:<11} {:<14} {:>9} {:>12} {:>12.1} {:>14.0} {:>12} {:>8.2}x",
            name,
            kind,
            if n == all.len() {
                n.to_string()
            } else {
                format!("{n}/{}", all.len())
            },
            format!("{mean:.1?}"),
            n as f64 / elapsed.as_secs_f64(),
            solver.node_count() as f64 / n.max(1) as f64,
            format!("{reference:.1?}"),
            reference.as_secs_f64() / mean.as_secs_f64().max(1e-12),
        );
    }
}

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    table();
}
