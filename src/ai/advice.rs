//! Help for the player from the engines: the best move (a hint) and each
//! Connect Four column's value ("Win 3" = a win with your 3rd move from now,
//! "Draw", "Lose 5"). Both run under a stop flag and a few seconds' budget,
//! falling back from exact values to win/draw/loss, so a caller can run them
//! off the frame and drop them when the position changes.

use crate::ai::connect_four::{Book, Engine, Position, SolveError, Solver, Variant};
use crate::ai::{Level, Rng, gomoku};
use crate::rules::{BoardMove, ConnectFour, MatchGame};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// What the engines found for one position.
#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    /// The best move(s).
    Hint(Vec<BoardMove>),
    /// Each column's value for the side to move; `None`: full column.
    Columns(Vec<Option<Value>>),
}

/// A column's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// Win with the player's `n`-th move from now (this one is the first).
    WinIn(u32),
    Win,
    Draw,
    LoseIn(u32),
    Lose,
    /// Still being worked out.
    Pending,
}

impl Value {
    pub fn label(self) -> String {
        match self {
            Value::WinIn(n) => format!("Win {n}"),
            Value::Win => "Win".into(),
            Value::Draw => "Draw".into(),
            Value::LoseIn(n) => format!("Lose {n}"),
            Value::Lose => "Lose".into(),
            Value::Pending => "...".into(),
        }
    }
}

/// A few seconds at most for each kind of search.
const BUDGET: Duration = Duration::from_secs(3);

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

/// Every column's value: exact scores if they come within the budget, else
/// only win/draw/loss, else nothing.
pub fn analyse(board: &ConnectFour, stop: &AtomicBool) -> Option<Vec<Option<Value>>> {
    let mut solver = Solver::new();
    // In a game against Master every reply to its opening move is a book
    // position, so the opening's values come at once.
    solver.set_book(Book::standard());
    solver.set_deadline(Some(Instant::now() + BUDGET));
    match solver.analyze(board, stop) {
        Ok(scores) => Some(
            scores
                .into_iter()
                .map(|s| s.map(|s| exact_value(board, s)))
                .collect(),
        ),
        Err(SolveError::OutOfBudget) => {
            solver.set_deadline(Some(Instant::now() + BUDGET));
            weak_values(&mut solver, board, stop)
        }
        Err(_) => None,
    }
}

/// Win, draw or loss of each column, asked of the solver's own weak analysis
/// (a move that fills the board is a draw, one that completes a line a win).
pub fn weak_values(
    solver: &mut Solver,
    board: &ConnectFour,
    stop: &AtomicBool,
) -> Option<Vec<Option<Value>>> {
    let position = Position::<Variant>::from_any(board).ok()?;
    let scores = solver.analyze_position(&position, true, stop).ok()?;
    Some(
        scores
            .into_iter()
            .map(|s| s.map(|s| [Value::Lose, Value::Draw, Value::Win][(s.signum() + 1) as usize]))
            .collect(),
    )
}

/// An exact score as moves: the winner places its last stone when it has
/// `half - score` stones, where `half` is half the cells plus one.
fn exact_value(board: &ConnectFour, score: i32) -> Value {
    let cells = board.size().cells() as i32;
    let half = (cells + 1) / 2 + 1;
    let played = board.moves_played() as i32;
    let mine = played / 2;
    let theirs = (played + 1) / 2;
    match score.signum() {
        1 => Value::WinIn((half - score - mine).max(1) as u32),
        -1 => Value::LoseIn((half + score - theirs).max(1) as u32),
        _ => Value::Draw,
    }
}
