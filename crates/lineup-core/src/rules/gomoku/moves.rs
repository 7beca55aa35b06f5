//! A Gomoku move: a stone on a point, or a pass. Written `h8` and `pass`.
//!
//! Why a pass: under Renju the last empty points can all be fouls for
//! Black, and a game must not stop with Black to move and nowhere to go.
//! The RIF rules let a player give up a move; Lineup allows it only when
//! it is the one move left (no empty point the side to move may take), so
//! two passes in a row cannot happen: White can always play while a point
//! is empty, and a full board is a draw.

use super::Point;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    Stone(Point),
    Pass,
}

impl Move {
    /// How the notation writes a pass.
    pub const PASS: &'static str = "pass";

    /// The point of a stone move (`None` for a pass).
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Stone(p) => Some(p),
            Move::Pass => None,
        }
    }
}

impl From<Point> for Move {
    fn from(p: Point) -> Move {
        Move::Stone(p)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Stone(p) => p.fmt(f),
            Move::Pass => f.write_str(Move::PASS),
        }
    }
}
