//! Help for the player from the engines: the best move (a hint) and each
//! Connect Four column's value ("Win 3" = a win with your 3rd move from now,
//! "Draw", "Lose 5"; found in steps by [`column_values`]). Both run under a
//! stop flag, so a caller can run them off the frame and drop them when the
//! position changes.

use crate::ai::connect_four::Engine;
pub use crate::ai::connect_four::values::{Value, column_values};
use crate::ai::{Level, Rng, gomoku};
use crate::rules::{BoardMove, MatchGame};
use std::sync::atomic::AtomicBool;

/// What the engines found for one position.
#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    /// The best move(s).
    Hint(Vec<BoardMove>),
    /// Each column's value for the side to move; `None`: full column.
    Columns(Vec<Option<Value>>),
}

/// The best move: exact for Connect Four when time allows, the strongest
/// engine level otherwise.
pub fn hint(game: &MatchGame, stop: &AtomicBool) -> Option<Found> {
    match game {
        MatchGame::ConnectFour(g) => {
            // The strongest level: exact where the solver finishes in time,
            // its best judgement where it does not.
            let mut rng = Rng::new(g.history().len() as u64);
            let column = Engine::new().choose_move(g.position(), Level::Master, &mut rng, stop)?;
            Some(Found::Hint(vec![BoardMove::Column(column)]))
        }
        MatchGame::Gomoku(g) => {
            let mut rng = Rng::new(g.history().len() as u64);
            gomoku::quick_move(g.position(), &mut rng)
                .map(|p| Found::Hint(vec![BoardMove::Point(p)]))
        }
    }
}
