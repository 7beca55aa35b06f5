use std::fmt;

/// Why Renju forbids Black a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Foul {
    /// Two or more threes made at once (each able to become a straight four).
    DoubleThree,
    /// Two or more fours made at once (possibly on the same line).
    DoubleFour,
    /// Six or more in a row.
    Overline,
}

impl fmt::Display for Foul {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Foul::DoubleThree => "double-three",
            Foul::DoubleFour => "double-four",
            Foul::Overline => "overline",
        })
    }
}

/// Why a move was refused. A refused move never changes the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum MoveError {
    /// Connect Four: the column has no free cell (`column` is 0-based).
    ColumnFull { column: u8 },
    /// The move names a column or point that is not on this board.
    OutsideBoard,
    /// Gomoku: a stone is already there.
    Occupied,
    /// Renju: Black may not play there.
    Forbidden(Foul),
    /// The game has a result; no more moves.
    GameOver,
    /// A pass while the side to move still has a point it may take (or in
    /// Connect Four, which has no pass).
    CannotPass,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::ColumnFull { column } => write!(f, "column {} is full", column + 1),
            MoveError::OutsideBoard => f.write_str("that is outside the board"),
            MoveError::Occupied => f.write_str("that point is already taken"),
            MoveError::Forbidden(foul) => write!(f, "forbidden for Black: {foul}"),
            MoveError::GameOver => f.write_str("the game is over"),
            MoveError::CannotPass => {
                f.write_str("a pass is only allowed with no point left to play")
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// A board size outside what a game supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeError {
    pub what: &'static str,
    pub got: u8,
    pub min: u8,
    pub max: u8,
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} must be from {} to {}, not {}",
            self.what, self.min, self.max, self.got
        )
    }
}

impl std::error::Error for SizeError {}
