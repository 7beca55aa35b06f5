//! What an engine tells while it thinks: the lines of its search, read from
//! its `MESSAGE` texts, for the analysis board and review to show another
//! engine's lines as they show Lineup's.
//!
//! Engines write them in their own ways; three are read:
//!
//! - Lineup's (`pbrain-lineup`, `nbest.rs`) and Rapfi's in its "UCI-like"
//!   mode: `depth 7 multipv 2 ev 2497 n 15040 tm 181 pv 7,10 7,11 8,9`
//!   (Rapfi writes `depth 14-25`, its selective depth after the dash,
//!   leaves out `multipv` with one line, and its moves as `H8 I9`);
//! - Rapfi's with several lines (after `YXSHOWINFO`):
//!   `(2) -109 | 12-24 | J7 J8 K8`;
//! - Rapfi's with one line: `Depth 12-24 | Eval -109 | Time 163ms | J7 J8`.
//!
//! A score is the engine's own number for the side to move, or a five
//! proven at a ply (`+M3`, `-M4`, as Lineup and Yixin write them). A move
//! is the protocol's `x,y` (0-based, y from the top), or a letter and a
//! number (`H8`: x from the letter, y the number less one, again from the
//! top, as Rapfi and Yixin write them for the protocol).

use super::wire;
use crate::rules::Point;

/// One line of an engine's search as it told it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToldLine {
    /// The depth it completed (its nominal depth, not the selective one).
    pub depth: u32,
    /// Which of its lines, 1 for the best.
    pub rank: u32,
    pub score: ToldScore,
    /// The line, from the move to play; cut at the first move it could not
    /// read.
    pub moves: Vec<Point>,
}

/// An engine's score for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToldScore {
    /// In the engine's own units.
    Estimate(i32),
    /// A five proven for the side to move at this ply, counted from 1.
    WinsAt(u32),
    /// A five proven against it at this ply.
    LosesAt(u32),
}

/// The line in a `MESSAGE` text, if it is one of a search's lines.
pub fn read_line(text: &str, size: u8) -> Option<ToldLine> {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix('(') {
        return rapfi_lines(rest, size);
    }
    if text.starts_with("Depth ") && text.contains('|') {
        return rapfi_one_line(text, size);
    }
    keyed(text, size)
}

/// `depth D[-S] [multipv K] ev E ... pv MOVES`.
fn keyed(text: &str, size: u8) -> Option<ToldLine> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let after = |key: &str| {
        words
            .iter()
            .position(|w| w.eq_ignore_ascii_case(key))
            .and_then(|n| words.get(n + 1).copied())
    };
    let depth = nominal_depth(after("depth")?)?;
    let rank = match after("multipv") {
        Some(k) => k.parse().ok()?,
        None => 1,
    };
    let score = score(after("ev")?)?;
    let pv = words.iter().position(|w| w.eq_ignore_ascii_case("pv"))?;
    Some(ToldLine {
        depth,
        rank,
        score,
        moves: moves(&words[pv + 1..], size),
    })
}

/// After `(`: `K) E | D-S | MOVES`.
fn rapfi_lines(rest: &str, size: u8) -> Option<ToldLine> {
    let (rank, rest) = rest.split_once(')')?;
    let fields: Vec<&str> = rest.split('|').map(str::trim).collect();
    let [score_text, depth_text, line] = fields[..] else {
        return None;
    };
    Some(ToldLine {
        depth: nominal_depth(depth_text)?,
        rank: rank.trim().parse().ok()?,
        score: score(score_text)?,
        moves: moves(&line.split_whitespace().collect::<Vec<_>>(), size),
    })
}

/// `Depth D-S | Eval E | Time Tms | MOVES`.
fn rapfi_one_line(text: &str, size: u8) -> Option<ToldLine> {
    let fields: Vec<&str> = text.split('|').map(str::trim).collect();
    let field = |key: &str| {
        fields
            .iter()
            .find_map(|f| f.strip_prefix(key).map(str::trim))
    };
    let line = fields.last()?;
    Some(ToldLine {
        depth: nominal_depth(field("Depth")?)?,
        rank: 1,
        score: score(field("Eval")?)?,
        moves: moves(&line.split_whitespace().collect::<Vec<_>>(), size),
    })
}

/// `14` or `14-25`: the 14.
fn nominal_depth(text: &str) -> Option<u32> {
    text.split('-').next()?.parse().ok()
}

fn score(text: &str) -> Option<ToldScore> {
    let (sign, rest) = match text.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, text.strip_prefix('+').unwrap_or(text)),
    };
    if let Some(ply) = rest.strip_prefix('M').or_else(|| rest.strip_prefix('m')) {
        let ply: u32 = ply.parse().ok()?;
        return Some(if sign > 0 {
            ToldScore::WinsAt(ply)
        } else {
            ToldScore::LosesAt(ply)
        });
    }
    rest.parse::<i32>()
        .ok()
        .map(|v| ToldScore::Estimate(sign * v))
}

/// The moves of a line, up to the first that is not one.
fn moves(words: &[&str], size: u8) -> Vec<Point> {
    words.iter().map_while(|w| point(w, size)).collect()
}

/// `x,y` or `H8`.
fn point(word: &str, size: u8) -> Option<Point> {
    if word.contains(',') {
        return wire::parse_point(word, size).ok();
    }
    let mut chars = word.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    if !letter.is_ascii_uppercase() {
        return None;
    }
    let number: i64 = chars.as_str().parse().ok()?;
    wire::point_at(i64::from(letter as u8 - b'A'), number - 1, size).ok()
}
