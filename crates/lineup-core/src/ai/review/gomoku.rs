//! A Gomoku position's worth: a win by fours if the side to move has one,
//! else the engine's score at a fixed depth, with its best move. Depth and
//! fours are the budget (not time), so a game always gets the same graph.
//!
//! Review may also ask another Gomocup engine ([`GomokuJudging`] is what
//! it asks; `gomocup::outside` has that judge).

use super::Worth;
use crate::ai::gomoku::{GomokuEngine, WON};
use crate::rules::{Gomoku, Point};
use std::sync::atomic::AtomicBool;

/// Plies the search looks ahead from each position.
pub const DEPTH: i32 = 6;
/// Fours a win by fours may take before its five.
pub const VCF_FOURS: u8 = 10;

/// What judges a Gomoku position for review: the worth of `board` for
/// the side to move and the best move there; `None` when stopped.
pub trait GomokuJudging: Send {
    fn worth(&mut self, board: &Gomoku, stop: &AtomicBool) -> Option<(Worth, Option<Point>)>;

    /// What went wrong with the judge, if anything did (another engine
    /// that could not start or failed).
    fn trouble(&self) -> Option<String> {
        None
    }
}

/// The engine for a whole review (its table carries over between the
/// positions of one game).
pub struct GomokuJudge {
    engine: GomokuEngine,
}

impl Default for GomokuJudge {
    fn default() -> Self {
        GomokuJudge::new()
    }
}

impl GomokuJudge {
    pub fn new() -> Self {
        GomokuJudge {
            engine: GomokuEngine::with_memory(32),
        }
    }
}

impl GomokuJudging for GomokuJudge {
    fn worth(&mut self, board: &Gomoku, stop: &AtomicBool) -> Option<(Worth, Option<Point>)> {
        let played = board.stones() as u32;
        let Some(found) = self.engine.evaluate(board, DEPTH, VCF_FOURS, stop) else {
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                return None;
            }
            // A full board, or Black with no allowed point.
            return Some((Worth::Unknown, None));
        };
        let worth = match found.vcf {
            Some(fours) => Worth::Wins {
                at: Some(played + 2 * u32::from(fours)),
            },
            None if found.score >= WON => Worth::Wins { at: None },
            None if found.score <= -WON => Worth::Loses { at: None },
            None => Worth::Score(found.score),
        };
        Some((worth, Some(found.best)))
    }
}
