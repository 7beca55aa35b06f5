//! The move strings of the standard Connect Four solvers: one digit per move,
//! the 1-based column from the left (`4453`).

use super::{Column, ConnectFour, ConnectFourSize};
use crate::rules::{Game, ParseError};

/// Reads a move string. Only checks the characters; see
/// [`ConnectFour::game_from_moves`] for a check that every move is legal.
pub fn parse_moves(text: &str) -> Result<Vec<Column>, ParseError> {
    text.char_indices()
        .map(|(offset, ch)| match ch.to_digit(10) {
            Some(d @ 1..=9) => Ok(Column(d as u8 - 1)),
            _ => Err(ParseError::at(
                offset,
                format!("'{ch}' is not a column digit 1-9"),
            )),
        })
        .collect()
}

/// Writes moves as the standard string (`4453`).
pub fn format_moves(moves: &[Column]) -> String {
    moves.iter().map(|c| char::from(b'1' + c.0)).collect()
}

impl ConnectFour {
    /// Plays a move string from the empty board, refusing the first illegal
    /// move with its number and the reason.
    pub fn game_from_moves(
        size: ConnectFourSize,
        text: &str,
    ) -> Result<Game<ConnectFour>, ParseError> {
        let moves = parse_moves(text)?;
        // One byte per move, so the move index is also its offset.
        Game::from_moves(ConnectFour::new(size), moves)
            .map_err(|(i, err)| ParseError::at_move(i, i, err.to_string()))
    }
}
