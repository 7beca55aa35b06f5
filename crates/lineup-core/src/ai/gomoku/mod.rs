//! Gomoku's computer player: a threat-aware alpha-beta engine for freestyle,
//! exact five and Renju on boards from 9×9 to 20×20.
//!
//! - `pattern`: the shape one stone makes on one line, from a table;
//! - `board`: the engine's board, keeping those shapes up to date per move;
//! - `shape_sets`: a point's four shapes as a set, and what they make;
//! - `eval_model`: the evaluation's learned values (`eval_model.bin`);
//! - `moves`: candidate moves and their order;
//! - `threat`: VCF and VCT searches;
//! - `search`: PVS with iterative deepening and a transposition table (`tt`);
//! - `multipv`: the analysis board's several best lines at once;
//! - `forced`: a threat search's whole forced line, for the analysis board;
//! - `levels` and `engine`: what each level does, and the one entry point.

#[doc(hidden)] // public for the tests of its invariants only
pub mod board;
mod clock;
mod engine;
pub mod eval_model;
mod forced;
mod levels;
#[doc(hidden)] // public for the test of its defences only
pub mod moves;
mod multipv;
#[doc(hidden)] // public for the tests of its table only
pub mod pattern;
mod search;
pub mod shape_sets;
mod threat;
#[doc(hidden)] // public for the tests of its packing only
pub mod tt;

pub use engine::{Evaluation, GomokuEngine};
pub use forced::{ForcedLine, Forcing, forced_win};
pub use multipv::{PV_MOVES, PvLine, PvReport};
pub use search::{WIN, WON};

use crate::ai::{Level, PlayRng};
use crate::rules::{Gomoku, Point};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A legal move for the side to move (never a Renju foul for Black), or
/// `None` on a full board: the engine at Medium with half a second.
pub fn quick_move(board: &Gomoku, rng: &mut PlayRng) -> Option<Point> {
    let stop = AtomicBool::new(false);
    GomokuEngine::new().choose_move(board, Level::Medium, rng, &stop, Duration::from_millis(500))
}
