//! Gomoku: stones go on empty intersections of a square board (a
//! [`GomokuSize`]: 9×9 to 20×20, 15×15 by default); five in a row wins, as
//! the rule set defines it. Renju adds fouls for Black (double-three,
//! double-four, overline).

mod board;
mod moves;
mod notation;
mod point;
mod renju;
mod rule_set;
mod size;

pub use board::{Gomoku, SetupError};
pub use moves::Move;
pub use notation::{format_moves, parse_moves};
pub use point::Point;
pub use renju::Verdict;
pub use rule_set::RuleSet;
pub use size::GomokuSize;
