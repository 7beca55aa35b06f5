//! The rest of a long solve on several threads: each probes another null
//! window on a table of its own.
//!
//! Why windows, and why tables of their own: a solve is a series of
//! null-window searches, and most of its time goes to the last two or
//! three, around the score (on the position `17`: `[-1, 0]` 6.8 s and
//! `[1, 2]` 7.2 s of 18 s). Each window is searched by one thread, so no
//! thread repeats another's search, and each thread has a copy of the
//! table as it was when the solve went parallel, so threads never wait on
//! each other's memory. Measured first, and dropped: every thread on the
//! same window through one shared table ("Lazy SMP", with ties of the move
//! order broken differently per thread, and with ABDADA's deferral of moves
//! another thread is searching), and different windows through one shared
//! table. All three took longer on two threads than one thread alone: the
//! shared table (one atomic word an entry) ran a third slower per thread,
//! and the threads searched nearly twice the nodes. Measured again, as in
//! Steininger's solver (all threads on one window through a shared table
//! of four one-word entries a 32-byte bucket, a helper shuffling the order
//! of near-equal moves in its first plies), on the empty board: 33.7 to
//! 39.1 s on two threads against 28.2 s for this module (one thread:
//! 37.3 s). One thread alone on that table took 43.6 s: its entries cost
//! 15% a node, and the second thread gained only 1.2 times over that.
//!
//! How a thread picks its window: the one the one-thread solve would probe
//! next; or, when another thread already probes that one, the window that
//! would come after it if that probe goes the likely way (towards 0, where
//! most scores are). A result narrows the score's interval for every
//! thread; a thread whose window the interval has left is abandoned and
//! takes another.

use super::book::Book;
use super::position::Position;
use super::shape::Shape;
use super::solver::{Budget, Interrupts, Negamax, SolveError, probe_at};
use super::transposition_table::TranspositionTable;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// What the threads know of the score, and what each is probing.
struct Root {
    /// The score is in `[min, max]`.
    min: i32,
    max: i32,
    /// Each thread's window `[med, med + 1]`, while it searches one.
    probing: Vec<Option<i32>>,
    /// Why the solve ended without a score (stopped, out of budget).
    failed: Option<SolveError>,
}

impl Root {
    /// The window a thread should probe next, or `None` when the score is
    /// known or the solve has failed.
    fn pick(&self) -> Option<i32> {
        if self.min >= self.max || self.failed.is_some() {
            return None;
        }
        let first = probe_at(self.min, self.max);
        let taken = |med: i32| self.probing.contains(&Some(med));
        // If `first` fails the likely way: high below 0, low above it; at
        // 0, the window just below completes "win, draw or loss".
        let after = if first < 0 {
            (first + 1 < self.max).then(|| probe_at(first + 1, self.max))
        } else if first > 0 {
            (self.min < first).then(|| probe_at(self.min, first))
        } else {
            (self.min < 0).then_some(-1)
        };
        Some(match after {
            Some(after) if taken(first) && !taken(after) => after,
            _ => first,
        })
    }

    /// Takes a probe's result `r` for the window at `med` in.
    fn narrow(&mut self, med: i32, r: i32) {
        if r <= med {
            self.max = self.max.min(r);
        } else {
            self.min = self.min.max(r);
        }
    }
}

/// The exact score of `position` (its side to move cannot win at once),
/// known to lie in `bounds`, on `threads` threads: the calling one on
/// `table`, the others on copies of it. Also the nodes all searched. Each
/// thread gets an equal share of the node budget.
pub(super) fn narrow<S: Shape>(
    table: &mut TranspositionTable,
    book: Option<&Book>,
    position: &Position<S>,
    bounds: (i32, i32),
    stop: &AtomicBool,
    threads: usize,
    budget: Budget,
) -> (Result<i32, SolveError>, u64) {
    let root = Mutex::new(Root {
        min: bounds.0,
        max: bounds.1,
        probing: vec![None; threads],
        failed: None,
    });
    let abandon: Vec<AtomicBool> = (0..threads).map(|_| AtomicBool::new(false)).collect();
    let share = budget.nodes / threads as u64;
    let lock = || root.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    // Probes windows on `table` until the score is known; its nodes.
    let run = |me: usize, table: &mut TranspositionTable| -> u64 {
        let mut nodes = 0;
        loop {
            let med = {
                let mut root = lock();
                let Some(med) = root.pick() else {
                    return nodes;
                };
                root.probing[me] = Some(med);
                abandon[me].store(false, Ordering::Relaxed);
                med
            };
            let interrupts = Interrupts {
                stop,
                abandon: &abandon[me],
            };
            let budget = Budget {
                nodes: share.saturating_sub(nodes),
                ..budget
            };
            let mut search = Negamax::new(&mut *table, book, position.shape(), interrupts, budget);
            let r = search.negamax(position, med, med + 1);
            nodes += search.nodes;
            let mut root = lock();
            root.probing[me] = None;
            match search.interrupted {
                None => root.narrow(med, r),
                Some(_) if abandon[me].load(Ordering::Relaxed) => continue,
                Some(error) => root.failed = Some(error),
            }
            let (min, max, failed) = (root.min, root.max, root.failed.is_some());
            for (flag, probing) in abandon.iter().zip(&root.probing) {
                if failed || probing.is_some_and(|med| med < min || med >= max) {
                    flag.store(true, Ordering::Relaxed);
                }
            }
        }
    };
    let copies: Vec<TranspositionTable> = (1..threads).map(|_| table.duplicate()).collect();
    let nodes = std::thread::scope(|scope| {
        let helpers: Vec<_> = copies
            .into_iter()
            .enumerate()
            .map(|(i, mut copy)| scope.spawn(move || run(i + 1, &mut copy)))
            .collect();
        let nodes = run(0, table);
        // A helper that panicked has printed why; the others' result stands.
        nodes
            + helpers
                .into_iter()
                .map(|h| h.join().unwrap_or(0))
                .sum::<u64>()
    });
    let root = root
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let result = match root.failed {
        Some(_) if stop.load(Ordering::Relaxed) => Err(SolveError::Cancelled),
        Some(error) => Err(error),
        None => Ok(root.min),
    };
    (result, nodes)
}
