//! The Connect Four solver on several threads (each probing its own null
//! windows on its own copy of the table): the same exact scores as one
//! thread, and the same stop and budget behaviour. The solvers here go
//! parallel from their first window, so that quick positions exercise it.

use crate::solver::{board, never, test_set};
use lineup_core::ai::PlayRng;
use lineup_core::ai::connect_four::{SolveError, Solver, random_play};
use lineup_core::rules::{ConnectFour, ConnectFourSize};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Every `step`-th `(moves, score)` of a standard test set.
fn sample(name: &str, step: usize) -> Vec<(String, i32)> {
    test_set(name).into_iter().step_by(step).collect()
}

fn threaded(threads: usize) -> Solver {
    let mut solver = Solver::new();
    solver.set_threads(threads);
    solver.set_parallel_after(0);
    solver
}

#[test]
fn two_and_three_threads_give_the_reference_scores() {
    let stop = never();
    for threads in [2, 3] {
        let mut solver = threaded(threads);
        for set in ["Test_L2_R2", "Test_L1_R2", "Test_L1_R1"] {
            for (moves, expected) in sample(set, 40) {
                let got = solver.solve(&board(&moves), &stop).expect("solved");
                assert_eq!(got, expected, "{threads} threads, {set} {moves}");
            }
        }
        assert!(solver.node_count() > 0);
    }
}

#[test]
fn threads_agree_with_one_thread_on_every_column_and_best_move() {
    let stop = never();
    let mut one = Solver::new();
    let mut two = threaded(2);
    for (moves, _) in sample("Test_L2_R1", 50) {
        let position = board(&moves);
        assert_eq!(
            two.analyze(&position, &stop),
            one.analyze(&position, &stop),
            "{moves}"
        );
        assert_eq!(
            two.best(&position, &stop),
            one.best(&position, &stop),
            "{moves}"
        );
    }
}

#[test]
fn threads_solve_small_boards_as_one_thread_does() {
    // Other board sizes have other key widths: the shared table is made
    // again for each, and stays exact.
    let mut rng = PlayRng::new(11);
    let stop = never();
    let mut one = Solver::new();
    let mut two = threaded(2);
    for (columns, rows) in [(4, 4), (5, 4), (6, 5), (7, 6), (8, 7)] {
        let size = ConnectFourSize::new(columns, rows).expect("valid size");
        // Late enough that one thread solves each in well under a second.
        let earliest = size.cells() * 2 / 3;
        let mut checked = 0;
        while checked < 30 {
            let plies = earliest + rng.below(size.cells() - earliest);
            let Some(position) = random_play(size, plies, &mut rng) else {
                continue;
            };
            assert_eq!(
                two.solve(&position, &stop),
                one.solve(&position, &stop),
                "{columns}x{rows} after {plies} moves"
            );
            checked += 1;
        }
    }
}

#[test]
fn threads_stop_soon_after_the_flag_and_keep_the_table_sound() {
    let hard = board(&sample("Test_L1_R3", 1)[0].0);
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let worker = std::thread::spawn(move || {
        let mut solver = threaded(2);
        let result = solver.solve(&hard, &flag);
        (result, Instant::now(), solver)
    });
    std::thread::sleep(Duration::from_millis(50));
    stop.store(true, Ordering::Relaxed);
    let set_at = Instant::now();
    let (result, done_at, mut solver) = worker.join().expect("no panic");
    assert_eq!(result, Err(SolveError::Cancelled));
    assert!(done_at.saturating_duration_since(set_at) < Duration::from_millis(500));
    // A node limit ends it too; the table stays sound for the next solve.
    solver.set_node_limit(Some(20_000));
    assert_eq!(solver.solve(&hard, &never()), Err(SolveError::OutOfBudget));
    solver.set_node_limit(None);
    for (moves, expected) in sample("Test_L2_R2", 100) {
        assert_eq!(solver.solve(&board(&moves), &never()), Ok(expected));
    }
}

#[test]
fn a_parallel_solve_forgets_another_board_sizes_entries() {
    // A 5x4 position whose fifth column is empty has the key of the 4x4
    // position of its first four columns, with another score: the table
    // must be cleared between board sizes before the threads copy it.
    let (small, large) = (
        ConnectFourSize::new(4, 4).expect("valid"),
        ConnectFourSize::new(5, 4).expect("valid"),
    );
    let mut two = threaded(2);
    let (mut one_small, mut one_large) = (Solver::new(), Solver::new());
    let mut rng = PlayRng::new(3);
    let mut differing = 0;
    for _ in 0..60 {
        let moves: String = (0..4 + rng.below(6))
            .map(|_| char::from(b'1' + rng.below(4) as u8))
            .collect();
        let (Ok(a), Ok(b)) = (
            ConnectFour::game_from_moves(small, &moves),
            ConnectFour::game_from_moves(large, &moves),
        ) else {
            continue;
        };
        if a.is_over() || b.is_over() {
            continue;
        }
        let expected = (
            one_small.solve(a.position(), &never()),
            one_large.solve(b.position(), &never()),
        );
        differing += usize::from(expected.0 != expected.1);
        let got_small = two.solve(a.position(), &never());
        let got_large = two.solve(b.position(), &never());
        assert_eq!((got_small, got_large), expected, "{moves}");
    }
    assert!(
        differing >= 5,
        "only {differing} positions score differently"
    );
}
