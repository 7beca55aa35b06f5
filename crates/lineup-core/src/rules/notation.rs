use std::fmt;

/// A move string that could not be read: where (byte offset in the input, and
/// the 0-based move number when the text was fine but the move was not) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset of the offending text in the input.
    pub offset: usize,
    /// 0-based index of the move, when the failure is about a move.
    pub move_index: Option<usize>,
    /// What is wrong, for a person.
    pub reason: String,
}

impl ParseError {
    pub(crate) fn at(offset: usize, reason: impl Into<String>) -> Self {
        ParseError {
            offset,
            move_index: None,
            reason: reason.into(),
        }
    }

    pub(crate) fn at_move(offset: usize, index: usize, reason: impl Into<String>) -> Self {
        ParseError {
            offset,
            move_index: Some(index),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.move_index {
            Some(i) => write!(
                f,
                "move {} (at character {}): {}",
                i + 1,
                self.offset + 1,
                self.reason
            ),
            None => write!(f, "at character {}: {}", self.offset + 1, self.reason),
        }
    }
}

impl std::error::Error for ParseError {}
