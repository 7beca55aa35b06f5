//! Judging an engine's answer against the rules: a legal move is played;
//! anything else (a fault of the process, a taken point, a point off the
//! board, a Renju foul, a pass with a point left) loses the game, with what
//! the engine did.

use super::client::Fault;
use crate::rules::gomoku::Move;
use crate::rules::{Game, Gomoku, MoveError, Outcome, Point};
use std::fmt;

/// Why an engine lost its game.
#[derive(Debug)]
pub enum Forfeit {
    /// The process failed: it crashed, hung, or answered nonsense.
    Fault(Fault),
    /// It named a move the rules refuse.
    Illegal { played: Move, error: MoveError },
}

impl fmt::Display for Forfeit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Forfeit::Fault(fault) => fault.fmt(f),
            Forfeit::Illegal { played, error } => write!(f, "played {played}: {error}"),
        }
    }
}

impl std::error::Error for Forfeit {}

/// Plays the engine's `answer` on `game`; the outcome when the move ended
/// the game.
pub fn play_answer(
    game: &mut Game<Gomoku>,
    answer: Result<Move, Fault>,
) -> Result<Option<Outcome<Point>>, Forfeit> {
    let played = answer.map_err(Forfeit::Fault)?;
    match game.play(played) {
        Ok(outcome) => Ok(outcome.cloned()),
        Err(error) => Err(Forfeit::Illegal { played, error }),
    }
}
