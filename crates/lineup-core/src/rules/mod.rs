//! The rules of Connect Four and Gomoku/Renju, in plain Rust (no Bevy here).
//!
//! Each game is a position type that can only hold states reachable by legal
//! play: [`ConnectFour`] (a bitboard) and [`Gomoku`] (a padded cell array with
//! the Renju forbidden-move check). Both implement [`Rules`], so one
//! [`Game`] model gives them turns, history, undo/redo and a result. Every
//! refused move is a typed [`MoveError`] and leaves the state unchanged.

pub mod connect_four;
mod error;
mod game;
pub mod gomoku;
mod match_game;
mod notation;
pub mod opening;
mod outcome;
mod side;
pub mod symmetry;

pub use connect_four::{Column, ConnectFour, ConnectFourSize};
pub use error::{Foul, MoveError, SizeError};
pub use game::{Game, Rules, Undone};
pub use gomoku::{Gomoku, GomokuSize, Point, RuleSet};
pub use match_game::{BoardMove, Ending, MatchGame};
pub use notation::ParseError;
pub use outcome::Outcome;
pub use side::Side;
