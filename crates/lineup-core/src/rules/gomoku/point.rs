use crate::rules::ParseError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// An intersection: `x` 0-based from the left (column `a`), `y` 0-based from
/// the bottom (row `1`). Written `h8` for x 7, y 7, the centre of 15×15.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Point {
    pub x: u8,
    pub y: u8,
}

impl Point {
    pub const fn new(x: u8, y: u8) -> Self {
        Point { x, y }
    }

    /// Reads one point such as `h8` (letters `a`..`z`, any case; rows from 1).
    pub fn parse(text: &str) -> Result<Point, ParseError> {
        match Point::parse_prefix(text, 0)? {
            (point, used) if used == text.len() => Ok(point),
            (_, used) => Err(ParseError::at(used, "unexpected text after the point")),
        }
    }

    /// Reads a point at the start of `text`; `base` is its offset in the
    /// whole input, for error positions. Returns the point and bytes used.
    pub(super) fn parse_prefix(text: &str, base: usize) -> Result<(Point, usize), ParseError> {
        let bytes = text.as_bytes();
        let letter = match bytes.first() {
            Some(b) if b.is_ascii_alphabetic() => b.to_ascii_lowercase(),
            Some(_) => {
                let ch = text.chars().next().unwrap_or('?');
                return Err(ParseError::at(
                    base,
                    format!("expected a column letter, found '{ch}'"),
                ));
            }
            None => {
                return Err(ParseError::at(
                    base,
                    "expected a point such as h8, found the end",
                ));
            }
        };
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 {
            return Err(ParseError::at(
                base + 1,
                "expected a row number after the column letter",
            ));
        }
        let row: u32 = text[1..1 + digits]
            .parse()
            .map_err(|_| ParseError::at(base + 1, "row number too large"))?;
        if row == 0 || row > 26 {
            return Err(ParseError::at(
                base + 1,
                format!("row {row} is not from 1 to 26"),
            ));
        }
        Ok((
            Point {
                x: letter - b'a',
                y: row as u8 - 1,
            },
            1 + digits,
        ))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.x), self.y as u32 + 1)
    }
}
