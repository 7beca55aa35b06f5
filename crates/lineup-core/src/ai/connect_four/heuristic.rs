//! A depth-limited search with a static evaluation, for the levels below
//! Master and as Master's fallback when the exact solver runs out of time.
//!
//! Why: an exact solve early in the game can take seconds to minutes; a few
//! plies of alpha-beta with a sensible evaluation answers in milliseconds
//! and plays like a person who reads a few moves ahead. The evaluation
//! counts what strong human players count: cells where a side would complete
//! four (threats), more when they sit on the rows that side can usually
//! claim at the end (odd rows from the bottom for the first player, even
//! rows for the second), and stones on cells that take part in many lines.

use super::move_sorter::MoveSorter;
use super::position::{Position, winning_cells};
use super::shape::Shape;
use std::sync::atomic::{AtomicBool, Ordering};

/// A won position, minus the stones played to get there (sooner is better).
pub const WIN: i32 = 100_000;

/// Nodes between two looks at the stop flag.
const POLL_INTERVAL: u64 = 1024;

/// Cell weights and row masks of one board shape.
#[derive(Clone, Copy, Debug)]
struct Weights {
    /// `by_weight[w]`: the cells that take part in `w` lines of four
    /// (at most 16 on any board).
    by_weight: [u64; 17],
    /// Rows 1, 3, 5... counted from 1 at the bottom.
    odd_rows: u64,
}

impl Weights {
    fn new<S: Shape>(shape: S) -> Self {
        let (w, h) = (shape.width() as i32, shape.height() as i32);
        let mut by_weight = [0u64; 17];
        for c in 0..w {
            for r in 0..h {
                let mut lines = 0;
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    // Windows of four along (dc, dr) that contain (c, r).
                    for start in -3..=0 {
                        let inside = (0..4).all(|k| {
                            let (x, y) = (c + dc * (start + k), r + dr * (start + k));
                            (0..w).contains(&x) && (0..h).contains(&y)
                        });
                        lines += inside as usize;
                    }
                }
                by_weight[lines.min(16)] |= 1 << (c as u32 * shape.stride() + r as u32);
            }
        }
        let odd_rows = (0..h as u32)
            .step_by(2)
            .fold(0, |rows, r| rows | shape.bottom() << r);
        Weights {
            by_weight,
            odd_rows,
        }
    }
}

/// A depth-limited negamax over [`Position`], with a node counter and a stop
/// flag.
pub struct HeuristicSearch<'a, S: Shape> {
    shape: S,
    weights: Weights,
    stop: &'a AtomicBool,
    nodes: u64,
    cancelled: bool,
}

impl<'a, S: Shape> HeuristicSearch<'a, S> {
    pub fn new(shape: S, stop: &'a AtomicBool) -> Self {
        HeuristicSearch {
            shape,
            weights: Weights::new(shape),
            stop,
            nodes: 0,
            cancelled: false,
        }
    }

    pub fn node_count(&self) -> u64 {
        self.nodes
    }

    /// The static value of `position` for the side to move.
    pub fn evaluate(&self, position: &Position<S>) -> i32 {
        let mask = position.mask();
        let mine = position.current();
        let theirs = mine ^ mask;
        // The side to move is the first player when an even number of
        // stones is down; its good rows are the odd ones.
        let first_to_move = position.moves().is_multiple_of(2);
        let (my_rows, their_rows) = if first_to_move {
            (self.weights.odd_rows, !self.weights.odd_rows)
        } else {
            (!self.weights.odd_rows, self.weights.odd_rows)
        };
        let threats = |stones: u64, good_rows: u64| {
            let cells = winning_cells(self.shape, stones, mask);
            // A threat right above another of ours is the classic winning
            // pattern (two cells in a row the opponent cannot both block).
            let stacked = cells & (cells >> 1);
            16 * cells.count_ones() as i32
                + 16 * (cells & good_rows).count_ones() as i32
                + 24 * stacked.count_ones() as i32
        };
        let placement = |stones: u64| {
            self.weights
                .by_weight
                .iter()
                .enumerate()
                .map(|(w, cells)| w as i32 * (stones & cells).count_ones() as i32)
                .sum::<i32>()
        };
        threats(mine, my_rows) - threats(theirs, their_rows) + placement(mine) - placement(theirs)
    }

    /// The value of `position` for the side to move, looking `depth` plies
    /// ahead; `None` when the stop flag was set.
    pub fn search(&mut self, position: &Position<S>, depth: u32) -> Option<i32> {
        let value = self.negamax(position, depth, -WIN - 1, WIN + 1);
        (!self.cancelled).then_some(value)
    }

    /// The value of playing each column (`None` when full), from the side
    /// to move's point of view, searching `depth` plies in all (so depth 1
    /// already sees an immediate win and a move that lets the opponent win
    /// at once); `None` overall when cancelled.
    pub fn analyze(&mut self, position: &Position<S>, depth: u32) -> Option<Vec<Option<i32>>> {
        let width = self.shape.width();
        let mut values = vec![None; width as usize];
        for (column, value) in (0..width).zip(&mut values) {
            if !position.can_play(column) {
                continue;
            }
            *value = Some(if position.is_winning_move(column) {
                WIN - position.moves() as i32
            } else {
                let mut child = *position;
                child.play_column(column);
                -self.search(&child, depth.saturating_sub(1))?
            });
        }
        Some(values)
    }

    fn negamax(&mut self, position: &Position<S>, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_INTERVAL) && self.stop.load(Ordering::Relaxed) {
            self.cancelled = true;
        }
        if self.cancelled {
            return 0;
        }
        if position.is_full() {
            return 0;
        }
        if position.can_win_next() {
            return WIN - position.moves() as i32 - 1;
        }
        let next = position.possible_non_losing_moves();
        if next == 0 {
            // The opponent wins with its next stone.
            return -(WIN - position.moves() as i32 - 2);
        }
        if position.moves() + 1 >= self.shape.cells() {
            return 0;
        }
        if depth == 0 {
            return self.evaluate(position);
        }
        let mut sorter = MoveSorter::new();
        let width = self.shape.width();
        for i in (0..width).rev() {
            // Centre-first order, as in the solver.
            let column = (width / 2) as i32 + (1 - 2 * (i as i32 % 2)) * (i as i32 + 1) / 2;
            let move_bit = next & self.shape.column_mask(column as u32);
            if move_bit != 0 {
                sorter.add(move_bit, position.move_score(move_bit));
            }
        }
        let mut best = -WIN - 1;
        for move_bit in sorter {
            let mut child = *position;
            child.play(move_bit);
            let value = -self.negamax(&child, depth - 1, -beta, -alpha);
            if self.cancelled {
                return 0;
            }
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}
