//! The Connect Four engine, in the style of Pascal Pons' solver
//! ("Solving Connect 4", gamesolver.org): small files, one idea each.
//!
//! - [`shape`]: the board geometry as a type, constant for 7×6.
//! - [`position`]: the search position, two `u64` bitboards.
//! - [`transposition_table`]: 16-byte buckets of three partial-key entries.
//! - [`move_sorter`]: moves ordered by the threats they create.
//! - [`claimeven`]: Allis' claimeven as a bound without search.
//! - [`solver`]: exact negamax with null-window iterative search.
//! - [`parallel`]: a long solve's null windows probed on several threads.
//! - [`solve_cli`]: the standard solver's line protocol (`4453 -2`).
//! - [`heuristic`]: depth-limited search for the weaker levels.
//! - [`levels`]: the computer player's skill levels and move choice.
//! - [`values`]: every column's value, proven, shown as it is found.
//! - [`book`]: exact scores of every position up to 10 stones and of
//!   Master's opening strategy, built offline.
//! - [`layers`]: every position of a layer, and scores derived upwards.
//! - [`random_play`]: ordinary positions, for tests and measurements.
//!
//! Scores follow the standard convention: for the side to move, 0 is a
//! draw, a win is `22 - stones the winner placed` on 7×6 (faster is
//! higher), a loss the negative.

pub mod book;
pub mod claimeven;
pub mod heuristic;
pub mod layers;
pub mod levels;
pub mod move_sorter;
pub mod parallel;
pub mod position;
pub mod random_play;
pub mod shape;
pub mod solve_cli;
pub mod solver;
pub mod transposition_table;
pub mod values;

pub use book::Book;
pub use levels::{ConnectFourEngine, choose_move};
pub use position::{Position, PositionError};
pub use random_play::random_play;
pub use shape::{Shape, Standard, Variant};
pub use solve_cli::run_solve;
pub use solver::{INVALID_MOVE, SolveError, Solver};
