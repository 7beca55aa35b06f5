//! Help for the player from the engines: the best move (a hint) and each
//! Connect Four column's value ("Win 3" = a win with your 3rd move from now,
//! "Draw", "Lose 5"; found in steps by [`column_values`]). Both run under a
//! stop flag, so a caller can run them off the frame and drop them when the
//! position changes.

use crate::ai::connect_four::values::workers;
pub use crate::ai::connect_four::values::{Value, column_values};
use crate::ai::connect_four::{Book, ConnectFourEngine, SolveError, Solver};
use crate::ai::{Level, PlayRng, gomoku};
use crate::rules::{BoardMove, Column, ConnectFour, Game, MatchGame};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// What the engines found for one position.
#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    /// The best move(s), and how sure they are.
    Hint {
        moves: Vec<BoardMove>,
        certainty: Certainty,
    },
    /// Each column's value for the side to move; `None`: full column.
    Columns(Vec<Option<Value>>),
}

/// How far a hint is to be trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Certainty {
    /// Proven by the solver: each of these columns keeps the exact score.
    Proven,
    /// The engine's judgement, shown while the solver goes on; a proven
    /// hint follows unless the position changes first.
    Provisional,
    /// The engine's judgement, and all there will be (Gomoku, which has no
    /// solver, or a Connect Four board too large for it).
    Judgement,
}

/// How long a Connect Four hint may take to be proven before Master's
/// judgement is shown meanwhile (the opening book answers at once; off it,
/// an early position can take the solver minutes).
pub const PROOF_TIME: Duration = Duration::from_secs(3);

/// The best move, reported as it is found. For Connect Four, the columns
/// that keep the exact score (every such column off the opening book); when
/// the proof takes longer than `patience`, Master's choice is reported first
/// as [`Certainty::Provisional`] and the proof goes on. For Gomoku, the
/// engine's quick choice. Nothing more is reported once `stop` is set.
pub fn hint_reporting(
    game: &MatchGame,
    patience: Duration,
    stop: &AtomicBool,
    report: &mut dyn FnMut(Found),
) {
    match game {
        MatchGame::ConnectFour(g) => connect_four_hint(g, patience, stop, report),
        MatchGame::Gomoku(g) => {
            let mut rng = PlayRng::new(g.history().len() as u64);
            if let Some(p) = gomoku::quick_move(g.position(), &mut rng) {
                report(Found::Hint {
                    moves: vec![BoardMove::Point(p)],
                    certainty: Certainty::Judgement,
                });
            }
        }
    }
}

/// The final hint (for Connect Four, proven however long that takes), or
/// `None` when stopped or the game is over.
pub fn hint(game: &MatchGame, stop: &AtomicBool) -> Option<Found> {
    let mut last = None;
    hint_reporting(game, Duration::MAX, stop, &mut |found| last = Some(found));
    last
}

fn connect_four_hint(
    g: &Game<ConnectFour>,
    patience: Duration,
    stop: &AtomicBool,
    report: &mut dyn FnMut(Found),
) {
    let mut solver = Solver::new();
    solver.set_book(Book::standard());
    // A proof off the book can take minutes: every core works on it.
    solver.set_threads(workers());
    solver.set_deadline(Instant::now().checked_add(patience));
    let mut proof = solver.best(g.position(), stop);
    if let Err(error @ (SolveError::OutOfBudget | SolveError::TooLarge { .. })) = proof {
        let mut rng = PlayRng::new(g.history().len() as u64);
        let Some(choice) =
            ConnectFourEngine::new().choose_move(g.position(), Level::Master, &mut rng, stop)
        else {
            return;
        };
        let certainty = match error {
            SolveError::OutOfBudget => Certainty::Provisional,
            _ => Certainty::Judgement,
        };
        report(Found::Hint {
            moves: vec![BoardMove::Column(choice)],
            certainty,
        });
        if certainty == Certainty::Judgement {
            return;
        }
        // No deadline now; the table keeps what the first try proved.
        solver.set_deadline(None);
        proof = solver.best(g.position(), stop);
    }
    // Otherwise stopped, or the game is over: nothing to add.
    if let Ok((_, best)) = proof {
        report(Found::Hint {
            moves: best
                .into_iter()
                .map(|c| BoardMove::Column(Column(c as u8)))
                .collect(),
            certainty: Certainty::Proven,
        });
    }
}
