//! Help for the player from the engines: the best move (a hint) and each
//! Connect Four column's value ("Win 3" = a win with your 3rd move from now,
//! "Draw", "Lose 5"; found in steps by [`column_values`]). Both run under a
//! stop flag, so a caller can run them off the frame and drop them when the
//! position changes.

pub use crate::ai::connect_four::values::{Value, column_values};
use crate::ai::connect_four::{Book, Engine, Position, SolveError, Solver, Variant};
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
const PROOF_TIME: Duration = Duration::from_secs(15);

/// The best move: for Connect Four every column that keeps the exact score
/// when the solver proves it within [`PROOF_TIME`], else Master's choice
/// (the caller shows that it is looking meanwhile); for Gomoku the engine's
/// quick choice.
pub fn hint(game: &MatchGame, stop: &AtomicBool) -> Option<Found> {
    match game {
        MatchGame::ConnectFour(g) => {
            let mut solver = Solver::new();
            solver.set_book(Book::standard());
            solver.set_deadline(Some(Instant::now() + PROOF_TIME));
            let proven = match Position::from_standard(g.position()) {
                Some(position) => solver.best_columns(&position.ok()?, false, stop),
                None => {
                    let position = Position::<Variant>::from_any(g.position()).ok()?;
                    solver.best_columns(&position, false, stop)
                }
            };
            let columns = match proven {
                Ok((_, best)) => best.into_iter().map(|c| Column(c as u8)).collect(),
                Err(SolveError::OutOfBudget) => {
                    let mut rng = Rng::new(g.history().len() as u64);
                    let mut master = Engine::new();
                    vec![master.choose_move(g.position(), Level::Master, &mut rng, stop)?]
                }
                Err(_) => return None,
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
