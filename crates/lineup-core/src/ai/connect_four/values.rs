//! Every column's value for the side to move ("Win 3", "Draw", "Lose 5"),
//! proven, never guessed, and reported as it is found.
//!
//! Why in steps: one column of an early position can take the solver
//! minutes while the others take milliseconds, and a player should see each
//! value as soon as it is proven rather than all of them after the slowest.
//! So the work is split into tasks, one column at a time:
//! 1. nothing to search: a column that wins at once is `Win 1`;
//! 2. the outcome (a weak solve, win/draw/loss only, quick): a draw is then
//!    final, a win or loss shows without its distance ([`Value::Win`]);
//! 3. the distance of each win or loss (an exact solve, the slow part).
//!
//! Workers (one per core the caller gives) take the tasks in that order,
//! each with a solver and table of its own and the opening book; a column
//! not yet proven is [`Value::Pending`]. Only the stop flag ends it early:
//! there is no deadline, because an answer cut short would be a guess.
//!
//! Measured and dropped (`values_latency`, p99 over 1000 positions, 252 to
//! 284 ms from run to run with none of them): the distance search started
//! from the outcome's side of 0 (284 ms), the distance left to the worker
//! whose table the outcome warmed (270 ms), tables of 32 or 128 MB from the
//! start (309, 337 ms), and both workers on one shared table of atomic
//! entries (261 ms; 343 ms at 64 MB). The slow positions are slow in the
//! solver itself: 10 to 12 stones, whose columns are solves of 11 to 13.

use super::book::Book;
use super::position::Position;
use super::shape::{Shape, Variant};
use super::solver::{SolveError, Solver, win_now_score};
use crate::rules::ConnectFour;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// A column's value for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// Win with the player's `n`-th move from now (this one is the first).
    WinIn(u32),
    /// A proven win whose distance is still being worked out.
    Win,
    Draw,
    /// Lose with the opponent's `n`-th move from now.
    LoseIn(u32),
    /// A proven loss whose distance is still being worked out.
    Lose,
    /// Not proven yet.
    Pending,
}

impl Value {
    /// Whether nothing more is to be found for this column.
    pub fn is_final(self) -> bool {
        matches!(self, Value::WinIn(_) | Value::Draw | Value::LoseIn(_))
    }

    /// The value of an exact score (see [`super::solver`]) of a position
    /// with `cells` cells and `played` stones, for the side to move. A win
    /// with its `n`-th stone from now scores what winning at once scores
    /// then: `(cells + 1 - (played + 2n - 2)) / 2`; a loss to the
    /// opponent's `n`-th, the negative of that one ply later.
    pub fn of_score(cells: u32, played: u32, score: i32) -> Value {
        let (cells, played) = (cells as i32, played as i32);
        match score.signum() {
            1 => Value::WinIn(((cells + 3 - played) / 2 - score).max(1) as u32),
            -1 => Value::LoseIn(((cells + 2 - played) / 2 + score).max(1) as u32),
            _ => Value::Draw,
        }
    }

    /// The value of a weak score (-1, 0 or 1).
    fn of_outcome(score: i32) -> Value {
        [Value::Lose, Value::Draw, Value::Win][(score.signum() + 1) as usize]
    }
}

/// Whether the solver can value `board`'s columns (its size fits 64 bits).
pub fn solvable(board: &ConnectFour) -> bool {
    let size = board.size();
    Variant::new(size.columns().into(), size.rows().into()).is_some()
}

/// Whether every open column's value is final (nothing more to find).
pub fn all_final(values: &[Option<Value>]) -> bool {
    values.iter().flatten().all(|v| v.is_final())
}

/// Workers for a position's values: every core, up to four (each has a
/// table of its own, up to 64 MB).
pub fn workers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(4))
}

/// One task: a column, and whether its distance is wanted (step 3) or
/// only its outcome (step 2).
#[derive(Clone, Copy, Debug)]
struct SolveTask {
    column: u32,
    exact: bool,
}

/// The tasks not yet taken, and how many are being worked on (a running
/// outcome task may still add a distance task).
struct Queue {
    waiting: VecDeque<SolveTask>,
    running: usize,
}

/// The queue, and a signal raised whenever a task is added or one ends, so
/// that an idle worker sleeps until there may be work for it (or none
/// will come) instead of polling.
struct Tasks {
    queue: Mutex<Queue>,
    changed: Condvar,
}

impl Tasks {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Every column's value (`None`: a full column), found by `workers`
/// threads; `report` is called on this thread with all the values each
/// time some improve (the first call before any search). Returns the final
/// values, or `Cancelled` once `stop` is raised.
pub fn column_values(
    board: &ConnectFour,
    workers: usize,
    stop: &AtomicBool,
    report: impl FnMut(&[Option<Value>]),
) -> Result<Vec<Option<Value>>, SolveError> {
    match Position::from_standard(board) {
        Some(position) => values_of(position?, workers, stop, report),
        None => values_of(Position::<Variant>::from_any(board)?, workers, stop, report),
    }
}

fn values_of<S: Shape + Send>(
    position: Position<S>,
    workers: usize,
    stop: &AtomicBool,
    mut report: impl FnMut(&[Option<Value>]),
) -> Result<Vec<Option<Value>>, SolveError> {
    let shape = position.shape();
    let exact = |score| Value::of_score(shape.cells(), position.moves(), score);
    // Step 1, and the outcome tasks for the rest, middle columns first (they
    // are the likelier best moves, so a player reads those first).
    let mut values = vec![None; shape.width() as usize];
    let mut waiting = VecDeque::new();
    for column in middle_out(shape.width()) {
        if !position.can_play(column) {
            continue;
        }
        values[column as usize] = Some(if position.is_winning_move(column) {
            exact(win_now_score(&position))
        } else {
            waiting.push_back(SolveTask {
                column,
                exact: false,
            });
            Value::Pending
        });
    }
    report(&values);
    if waiting.is_empty() {
        return Ok(values);
    }
    let tasks = Tasks {
        queue: Mutex::new(Queue {
            waiting,
            running: 0,
        }),
        changed: Condvar::new(),
    };
    let (send, found) = channel();
    let book = Book::standard();
    std::thread::scope(|scope| {
        for _ in 0..workers.max(1) {
            let (send, book, tasks) = (send.clone(), book.clone(), &tasks);
            scope.spawn(move || work(position, tasks, book, stop, send));
        }
        drop(send);
        // Each report carries every value found since the last one, so
        // that columns proven together appear together.
        while let Ok(first) = found.recv() {
            let mut next = Some(first);
            while let Some((column, score, outcome)) = next {
                values[column as usize] = Some(if outcome {
                    Value::of_outcome(score)
                } else {
                    exact(score)
                });
                next = found.try_recv().ok();
            }
            report(&values);
        }
    });
    if stop.load(Ordering::Relaxed) {
        return Err(SolveError::Cancelled);
    }
    // Not stopped: every task ran, so every value is proven.
    debug_assert!(all_final(&values), "{values:?}");
    Ok(values)
}

/// One worker: takes tasks until none are left or the search is stopped,
/// sending `(column, score, outcome only)` for each; the score is the side
/// to move's, as if it had played the column.
fn work<S: Shape>(
    position: Position<S>,
    tasks: &Tasks,
    book: Option<Arc<Book>>,
    stop: &AtomicBool,
    found: Sender<(u32, i32, bool)>,
) {
    let mut solver = Solver::new();
    solver.set_book(book);
    loop {
        let task = {
            let mut queue = tasks.lock();
            loop {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                if let Some(task) = queue.waiting.pop_front() {
                    queue.running += 1;
                    break task;
                }
                if queue.running == 0 {
                    return;
                }
                // Another worker's outcome may still add a distance task;
                // it signals when it does or when it ends (also when
                // stopped, so a stop is seen here too).
                queue = tasks.changed.wait(queue).unwrap_or_else(|e| e.into_inner());
            }
        };
        let mut child = position;
        child.play_column(task.column);
        let score = match solver.solve_position(&child, !task.exact, stop) {
            Ok(score) => -score,
            // Stopped: nothing more is wanted (the other workers see the
            // same flag).
            Err(_) => {
                tasks.lock().running -= 1;
                tasks.changed.notify_all();
                return;
            }
        };
        // Sent before the distance task is queued, so that no other worker
        // can report the distance before this outcome.
        let sent = found.send((task.column, score, !task.exact)).is_ok();
        {
            let mut queue = tasks.lock();
            queue.running -= 1;
            if sent && !task.exact && score != 0 {
                queue.waiting.push_back(SolveTask {
                    column: task.column,
                    exact: true,
                });
            }
        }
        tasks.changed.notify_all();
        if !sent {
            return;
        }
    }
}

/// Columns from the middle outwards: 3 2 4 1 5 0 6 on seven.
fn middle_out(width: u32) -> impl Iterator<Item = u32> {
    (0..width).map(move |i| {
        let offset = i.div_ceil(2);
        if i % 2 == 1 {
            width / 2 - offset
        } else {
            width / 2 + offset
        }
    })
}
