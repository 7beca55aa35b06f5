//! The Connect Four solver on the six standard test sets (Pascal Pons'
//! "Solving Connect 4"): mean time and positions per second of each set,
//! beside the reference solver's figures measured on the development
//! machine, checking every score on the way.
//!
//! Run with `cargo bench --profile dev --bench solver` (reuses the test
//! build). Each set is solved in order by one solver whose table is kept
//! from one position to the next, as the standard solver's command line
//! does. `Test_L1_R3` (seconds per position) is sampled: every 25th
//! position by default. `LINEUP_BENCH_SAMPLE=N` measures an even spread of
//! N positions of every set (a quick run); `LINEUP_BENCH_SAMPLE=all` runs
//! all of L1_R3 too (about an hour).
//!
//! Then Master's move time: whole games of Master (with the shipped
//! opening book) against a random player and against Hard, both sides,
//! timed per move and reported by stones on the board.

use criterion::{Criterion, criterion_group};
use lineup_core::ai::connect_four::{ConnectFourEngine, Position, Solver};
use lineup_core::ai::{Level, PlayRng};
use lineup_core::rules::{Column, ConnectFour, ConnectFourSize, Game, Side};
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
const L1_R3_SAMPLE: usize = 40;

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

/// The positions of `name` to measure: all, or an even spread of
/// `LINEUP_BENCH_SAMPLE` of them (every k-th, so the sample keeps the set's
/// mix of early and late positions).
fn sample<T: Clone>(name: &str, all: &[T]) -> Vec<T> {
    let wanted = match std::env::var("LINEUP_BENCH_SAMPLE").ok().as_deref() {
        Some("all") => all.len(),
        Some(n) => n.parse().unwrap_or(all.len()),
        None if name == "Test_L1_R3" => L1_R3_SAMPLE,
        None => all.len(),
    };
    let step = all.len().div_ceil(wanted.clamp(1, all.len().max(1)));
    all.iter().step_by(step.max(1)).cloned().collect()
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
        let measured = sample(name, &all);
        let n = measured.len();
        let mut solver = Solver::new();
        let start = Instant::now();
        for (position, expected) in &measured {
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

/// Master's move times in whole games, by stones on the board: the
/// opening book must make it answer at once, and the solver soon after.
fn master_times() {
    const GAMES: usize = 20;
    let stop = AtomicBool::new(false);
    let mut rng = PlayRng::new(2026);
    // (stones from, to): moves, total, longest.
    let mut phases =
        [(0, 9), (10, 13), (14, 19), (20, 42)].map(|p| (p, 0u32, Duration::ZERO, Duration::ZERO));
    for opponent in [None, Some(Level::Hard)] {
        for g in 0..GAMES {
            let master_side = if g % 2 == 0 {
                Side::First
            } else {
                Side::Second
            };
            let (mut master, mut other) = (ConnectFourEngine::new(), ConnectFourEngine::new());
            let mut game = Game::new(ConnectFour::default());
            while !game.is_over() {
                let board = *game.position();
                let column = if game.to_move() == master_side {
                    let start = Instant::now();
                    let column = master.choose_move(&board, Level::Master, &mut rng, &stop);
                    let took = start.elapsed();
                    let stones = board.moves_played();
                    if let Some(phase) = phases
                        .iter_mut()
                        .find(|p| (p.0.0..=p.0.1).contains(&stones))
                    {
                        phase.1 += 1;
                        phase.2 += took;
                        phase.3 = phase.3.max(took);
                    }
                    column
                } else if let Some(level) = opponent {
                    other.choose_move(&board, level, &mut rng, &stop)
                } else {
                    let legal: Vec<Column> = board.legal_columns().collect();
                    rng.pick(&legal)
                };
                game.play(column.expect("a move")).expect("a legal move");
            }
            if master_side == Side::First {
                assert_eq!(
                    game.outcome().and_then(|o| o.winner()),
                    Some(Side::First),
                    "Master first always wins"
                );
            }
        }
    }
    println!(
        "\nConnect Four Master's move time, {} games against a random player and against Hard:",
        2 * GAMES
    );
    println!(
        "{:<10} {:>6} {:>10} {:>10}",
        "stones", "moves", "mean", "longest"
    );
    for ((from, to), moves, total, longest) in phases {
        println!(
            "{:<10} {:>6} {:>10} {:>10}",
            format!("{from}-{to}"),
            moves,
            format!("{:.1?}", total / moves.max(1)),
            format!("{longest:.1?}")
        );
    }
}

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    table();
    master_times();
}
