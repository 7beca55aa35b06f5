//! Gomoku's computer player. For now a stand-in (the Gomoku engine issue
//! brings the real search): it takes a win when one is there, and otherwise
//! plays a legal point close to the middle of the play, varied by the RNG.

use crate::ai::Rng;
use crate::rules::{Gomoku, Point, Rules, Side};

/// A legal move for the side to move (never a Renju foul for Black), or
/// `None` on a full board.
pub fn quick_move(board: &Gomoku, rng: &mut Rng) -> Option<Point> {
    let black = board.to_move() == Side::First;
    let mut points: Vec<Point> = board
        .empty_points()
        .filter(|p| !black || board.foul_at(*p).is_none())
        .collect();
    let wins = |p: &Point| {
        let mut after = board.clone();
        matches!(after.play(*p), Ok(Some(_)))
    };
    if let Some(win) = points.iter().find(|p| wins(p)) {
        return Some(*win);
    }
    let centre = (board.size() as f32 - 1.0) / 2.0;
    let jitter: Vec<u64> = points.iter().map(|_| rng.next_u64() & 3).collect();
    let mut keyed: Vec<(u64, Point)> = points
        .drain(..)
        .zip(jitter)
        .map(|(p, j)| {
            let distance = (p.x as f32 - centre).abs().max((p.y as f32 - centre).abs());
            (((distance * 2.0) as u64) * 4 + j, p)
        })
        .collect();
    keyed.sort();
    keyed.first().map(|(_, p)| *p)
}
