//! Connect Four: discs drop to the lowest free cell of a column; four in a
//! row (across, up or diagonal) wins. 7×6 by default, 4×4 to 9×9 as variants.

mod board;
mod notation;

pub use board::{Cell, Column, ColumnsError, ConnectFour, ConnectFourSize};
pub use notation::{format_moves, parse_moves};
