//! Opening lists for engine matches: one opening a line, Black first, in
//! either of the two forms match runners use (`../shared/gomoku/openings/`):
//! absolute Gomocup points `x,y x,y …`, or offsets from the centre
//! `dx,dy, dx,dy, …` (c-gomoku-cli's `type=offset`). Blank lines and lines
//! starting with `#` are skipped.

use super::wire;
use crate::rules::Point;

/// How an opening list writes its points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// 0-based `x,y`, y counted from the top.
    Absolute,
    /// `dx,dy` from the centre point.
    Offset,
}

/// The openings of `text` on a board of `size`; an error names the line.
pub fn parse(text: &str, form: Form, size: u8) -> Result<Vec<Vec<Point>>, String> {
    let centre = i64::from(size / 2);
    let mut openings = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let numbers: Vec<i64> = line
            .split([',', ' ', '\t'])
            .filter(|part| !part.is_empty())
            .map(|part| part.parse::<i64>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("line {}: not a list of numbers: {line}", n + 1))?;
        if !numbers.len().is_multiple_of(2) {
            return Err(format!("line {}: an odd count of numbers", n + 1));
        }
        let mut opening = Vec::new();
        for pair in numbers.chunks(2) {
            let (x, y) = match form {
                Form::Absolute => (pair[0], pair[1]),
                // Saturating: an offset near the ends of i64 is off the
                // board, not an overflow.
                Form::Offset => (
                    pair[0].saturating_add(centre),
                    pair[1].saturating_add(centre),
                ),
            };
            let p = wire::point_at(x, y, size).map_err(|e| format!("line {}: {e}", n + 1))?;
            if opening.contains(&p) {
                return Err(format!("line {}: {p} twice", n + 1));
            }
            opening.push(p);
        }
        openings.push(opening);
    }
    Ok(openings)
}
