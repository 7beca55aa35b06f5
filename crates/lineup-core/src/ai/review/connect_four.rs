//! A Connect Four position's exact worth, from the solver with the opening
//! book and a table kept from one position to the next. A review goes from
//! the last position back to the first, so each solve finds the table full
//! of the positions after it.

use super::Worth;
use crate::ai::connect_four::{Book, Position, Shape, SolveError, Solver, Variant};
use crate::rules::{Column, ConnectFour};
use std::sync::atomic::AtomicBool;

/// Nodes one position may take before it is given up ("not worked out"):
/// a few seconds at most; positions near the end take a fraction of it.
/// Nodes, not seconds, so that a review gives the same values everywhere.
pub const NODE_BUDGET: u64 = 60_000_000;

/// A solver for a whole review.
pub struct ConnectFourJudge {
    solver: Solver,
}

impl Default for ConnectFourJudge {
    fn default() -> Self {
        ConnectFourJudge::new()
    }
}

impl ConnectFourJudge {
    pub fn new() -> Self {
        let mut solver = Solver::new();
        solver.set_book(Book::standard());
        ConnectFourJudge { solver }
    }

    /// The worth of `board` for the side to move, or `None` when stopped.
    /// A position nobody has won yet: the solver's exact score if it comes
    /// within the budget, else win/draw/loss, else unknown.
    pub fn worth(&mut self, board: &ConnectFour, stop: &AtomicBool) -> Option<Worth> {
        match Position::from_standard(board) {
            Some(Ok(position)) => self.worth_of(&position, stop),
            Some(Err(_)) => Some(Worth::Unknown),
            None => match Position::<Variant>::from_any(board) {
                Ok(position) => self.worth_of(&position, stop),
                Err(_) => Some(Worth::Unknown),
            },
        }
    }

    /// The best columns of `board` for the side to move (empty when
    /// stopped or out of budget).
    pub fn best(&mut self, board: &ConnectFour, stop: &AtomicBool) -> Vec<Column> {
        let found = match Position::from_standard(board) {
            Some(Ok(position)) => self.best_of(&position, stop),
            Some(Err(_)) => Vec::new(),
            None => match Position::<Variant>::from_any(board) {
                Ok(position) => self.best_of(&position, stop),
                Err(_) => Vec::new(),
            },
        };
        found.into_iter().map(|c| Column(c as u8)).collect()
    }

    fn worth_of<S: Shape>(&mut self, position: &Position<S>, stop: &AtomicBool) -> Option<Worth> {
        self.solver.set_node_limit(Some(NODE_BUDGET));
        match self.solver.solve_position(position, false, stop) {
            Ok(score) => return Some(exact(position, score)),
            Err(SolveError::Cancelled) => return None,
            Err(_) => {}
        }
        self.solver.set_node_limit(Some(NODE_BUDGET));
        match self.solver.solve_position(position, true, stop) {
            Ok(sign) => Some(match sign.signum() {
                1 => Worth::Wins { at: None },
                -1 => Worth::Loses { at: None },
                _ => Worth::Draw,
            }),
            Err(SolveError::Cancelled) => None,
            Err(_) => Some(Worth::Unknown),
        }
    }

    fn best_of<S: Shape>(&mut self, position: &Position<S>, stop: &AtomicBool) -> Vec<u32> {
        self.solver.set_node_limit(Some(NODE_BUDGET));
        match self.solver.best_columns(position, false, stop) {
            Ok((_, columns)) => columns,
            Err(_) => Vec::new(),
        }
    }
}

/// An exact score as the ply of the winning move. The score is how many of
/// its stones the winner had left to place: a side's last possible stone
/// scores 1 (the standard convention, see `ai::connect_four`). A side's
/// k-th stone is ply `2 (k - 1)` for the first player and one later for
/// the second.
fn exact<S: Shape>(position: &Position<S>, score: i32) -> Worth {
    if score == 0 {
        return Worth::Draw;
    }
    let played = position.moves() as i32;
    let cells = position.shape().cells() as i32;
    // The winner: the side to move (played % 2) or the other one.
    let winner = if score > 0 {
        played % 2
    } else {
        (played + 1) % 2
    };
    let stones = (cells + 1 - winner) / 2 + 1 - score.abs();
    let at = Some((2 * (stones - 1) + winner).max(0) as u32);
    if score > 0 {
        Worth::Wins { at }
    } else {
        Worth::Loses { at }
    }
}
