//! Help for the player from the engines: the best move (a hint) and each
//! Connect Four column's value ("Win 3" = a win with your 3rd move from now,
//! "Draw", "Lose 5"; found in steps by [`column_values`]). Both run under a
//! stop flag, so a caller can run them off the frame and drop them when the
//! position changes.

pub use crate::ai::connect_four::values::{Value, column_values};
use crate::ai::connect_four::{Book, Engine, SolveError, Solver};
use crate::ai::{Level, Rng, gomoku};
use crate::rules::{BoardMove, Column, MatchGame};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// What the engines found for one position.
#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    /// The best move(s).
    Hint(Vec<BoardMove>),
    /// Each column's value for the side to move; `None`: full column.
    Columns(Vec<Option<Value>>),
}

/// How long a Connect Four hint may take to be proven before Master's own
/// judgement answers instead (the opening book answers at once; off it,
/// an early position can take the solver minutes).
pub const PROOF_TIME: Duration = Duration::from_secs(15);

/// The best move: for Connect Four a column that keeps the exact score
/// (every such column off the opening book) when the solver proves it
/// within `proof_time` (`None`: however long it takes), else Master's
/// choice (the caller shows that it is looking meanwhile); for Gomoku the
/// engine's quick choice.
pub fn hint(game: &MatchGame, proof_time: Option<Duration>, stop: &AtomicBool) -> Option<Found> {
    match game {
        MatchGame::ConnectFour(g) => {
            let mut solver = Solver::new();
            solver.set_book(Book::standard());
            solver.set_deadline(proof_time.map(|t| Instant::now() + t));
            let proven = solver.best(g.position(), stop);
            let columns = match proven {
                Ok((_, best)) => best.into_iter().map(|c| Column(c as u8)).collect(),
                Err(SolveError::Cancelled | SolveError::GameOver) => return None,
                // Out of time, or a board too large for the solver.
                Err(SolveError::OutOfBudget | SolveError::TooLarge { .. }) => {
                    let mut rng = Rng::new(g.history().len() as u64);
                    let mut master = Engine::new();
                    vec![master.choose_move(g.position(), Level::Master, &mut rng, stop)?]
                }
            };
            Some(Found::Hint(
                columns.into_iter().map(BoardMove::Column).collect(),
            ))
        }
        MatchGame::Gomoku(g) => {
            let mut rng = Rng::new(g.history().len() as u64);
            gomoku::quick_move(g.position(), &mut rng)
                .map(|p| Found::Hint(vec![BoardMove::Point(p)]))
        }
    }
}
