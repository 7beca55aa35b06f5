//! What both ends of the protocol agree on: how a point is written, how a
//! rule is numbered, and how numbers are read.
//!
//! Coordinates: Gomocup's `x,y` has y = 0 on the TOP row; our [`Point`] has
//! y = 0 on the bottom row, so `our_y = size - 1 - y` both ways. A pass is
//! `-1,-1`: the protocol has none, and this is what Rapfi and Yixin write.
//!
//! Rules: `INFO rule` is a bit set: 1 exact five, 2 continuous game,
//! 4 Renju (8 is Caro, which Lineup does not play).

use crate::rules::gomoku::Move;
use crate::rules::{Point, RuleSet};

/// How a pass is written.
pub const PASS: &str = "-1,-1";

/// `p` as Gomocup's `x, y` (y counted from the top).
pub fn coordinates(p: Point, size: u8) -> (u8, u8) {
    (p.x, size - 1 - p.y)
}

/// `p` as Gomocup writes it: `x,y`.
pub fn format_point(p: Point, size: u8) -> String {
    let (x, y) = coordinates(p, size);
    format!("{x},{y}")
}

/// A move as Gomocup writes it: `x,y`, or [`PASS`].
pub fn format_move(mv: Move, size: u8) -> String {
    match mv {
        Move::Stone(p) => format_point(p, size),
        Move::Pass => PASS.to_string(),
    }
}

/// A Gomocup `x,y` or [`PASS`] as our move, checked against a board of
/// `size`.
pub fn parse_move(text: &str, size: u8) -> Result<Move, String> {
    if text.split(',').map(str::trim).eq(["-1", "-1"]) {
        return Ok(Move::Pass);
    }
    parse_point(text, size).map(Move::Stone)
}

/// A Gomocup `x,y` as our point, checked against a board of `size`.
pub fn parse_point(text: &str, size: u8) -> Result<Point, String> {
    let [x, y] = numbers::<2>(text)?;
    point_at(x as i64, y as i64, size)
}

/// Gomocup's `x, y` (y counted from the top) as our point, checked against
/// a board of `size`.
pub fn point_at(x: i64, y: i64, size: u8) -> Result<Point, String> {
    let n = i64::from(size);
    if !(0..n).contains(&x) || !(0..n).contains(&y) {
        return Err(format!("{x},{y} is outside the {size}x{size} board"));
    }
    Ok(Point::new(x as u8, (n - 1 - y) as u8))
}

/// The `INFO rule` value for a rule set.
pub fn rule_code(rule: RuleSet) -> u64 {
    match rule {
        RuleSet::Freestyle => 0,
        RuleSet::ExactFive => 1,
        RuleSet::Renju => 4,
    }
}

/// The rule set an `INFO rule` value names (Renju over exact five; the
/// continuous-game bit changes nothing here).
pub fn rule_of(bits: u64) -> RuleSet {
    if bits & 4 != 0 {
        RuleSet::Renju
    } else if bits & 1 != 0 {
        RuleSet::ExactFive
    } else {
        RuleSet::Freestyle
    }
}

/// Exactly `N` comma-separated non-negative numbers.
pub fn numbers<const N: usize>(text: &str) -> Result<[u64; N], String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() != N {
        return Err(format!(
            "expected {N} numbers separated by commas, not '{text}'"
        ));
    }
    let mut out = [0; N];
    for (slot, part) in out.iter_mut().zip(parts) {
        *slot = part
            .parse()
            .map_err(|_| format!("'{part}' is not a number"))?;
    }
    Ok(out)
}
