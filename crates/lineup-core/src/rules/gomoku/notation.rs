//! Gomoku move strings: moves one after another, `h8i9j10` (spaces and
//! commas between them are allowed and ignored); a pass is `pass`.

use super::{Gomoku, Move, Point};
use crate::rules::{Game, ParseError};

/// Reads a move string. Only checks the text; see
/// [`Gomoku::game_from_moves`] for a check that every move is legal.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, ParseError> {
    Ok(parse_with_offsets(text)?
        .into_iter()
        .map(|(point, _)| point)
        .collect())
}

/// Each move with the byte offset where it starts.
fn parse_with_offsets(text: &str) -> Result<Vec<(Move, usize)>, ParseError> {
    let mut moves = Vec::new();
    let mut offset = 0;
    while offset < text.len() {
        let rest = &text[offset..];
        let skip = rest.len()
            - rest
                .trim_start_matches(|c: char| c.is_whitespace() || c == ',')
                .len();
        if skip > 0 {
            offset += skip;
            continue;
        }
        let pass = Move::PASS;
        if rest
            .get(..pass.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(pass))
        {
            moves.push((Move::Pass, offset));
            offset += pass.len();
            continue;
        }
        let (point, used) = Point::parse_prefix(rest, offset)?;
        moves.push((Move::Stone(point), offset));
        offset += used;
    }
    Ok(moves)
}

/// Writes moves as one string without separators (`h8i9j10`).
pub fn format_moves(moves: &[Move]) -> String {
    moves.iter().map(Move::to_string).collect()
}

impl Gomoku {
    /// Plays a move string on `board` (normally empty), refusing the first
    /// illegal move with its number and the reason.
    pub fn game_from_moves(board: Gomoku, text: &str) -> Result<Game<Gomoku>, ParseError> {
        let mut game = Game::new(board);
        for (i, (mv, offset)) in parse_with_offsets(text)?.into_iter().enumerate() {
            if let Err(err) = game.play(mv) {
                return Err(ParseError::at_move(offset, i, format!("{mv}: {err}")));
            }
        }
        Ok(game)
    }
}
