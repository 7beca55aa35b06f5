//! What the two evaluation fits (`tune_gomoku_eval fit`, `fit_renju_sets`)
//! share: the positions of a games file they fit on, and the scale of the
//! logistic curve.

use lineup_core::ai::gomoku::board::Board;
use lineup_core::rules::{Point, RuleSet};

/// Calls `each` with every position of the games in `files` (one game a
/// line: result, then the moves) after its first eight stones that the
/// search would evaluate statically: the game's number from 1 across the
/// files, the board, and the result for the side to move (1 win, 0.5
/// draw, 0 loss).
pub fn static_positions(files: &[String], mut each: impl FnMut(usize, &Board, f64)) {
    let mut game = 0usize;
    for file in files {
        let text = std::fs::read_to_string(file).expect("a games file");
        for line in text.lines() {
            game += 1;
            let mut words = line.split_whitespace();
            let result: f64 = words.next().and_then(|w| w.parse().ok()).unwrap_or(0.0);
            let mut board = Board::new(15, RuleSet::Renju);
            for (ply, w) in words.enumerate() {
                let Some((x, y)) = w.split_once(',') else {
                    break; // a pass: the game is at its end anyway
                };
                let (x, y): (u8, u8) = (x.parse().unwrap(), y.parse().unwrap());
                if ply >= 8 && board.is_static_leaf() {
                    let black = (result + 1.0) / 2.0;
                    let mine = if board.to_move() == 0 {
                        black
                    } else {
                        1.0 - black
                    };
                    each(game, &board, mine);
                }
                board.play(board.index(Point { x, y }));
            }
        }
    }
}

/// The logistic curve's scale that minimises `loss` between 10 and 5000
/// (golden-section search); the fits hold it, so that fitted values keep
/// the units the search's constants are written in.
pub fn logistic_scale(loss: impl Fn(f64) -> f64) -> f64 {
    let (mut lo, mut hi) = (10.0f64, 5000.0f64);
    for _ in 0..60 {
        let a = hi - (hi - lo) / 1.618;
        let b = lo + (hi - lo) / 1.618;
        if loss(a) < loss(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}
