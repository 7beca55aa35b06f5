//! Reviewing a game: what every position was worth to the side to move,
//! what each move did to its mover's chances (the graph), which moves threw
//! a result away ("?" and "??"), and the better move there.
//!
//! - [`worth`]: one value scale for both games, and the marks;
//! - [`connect_four`]: exact values from the solver;
//! - [`gomoku`]: the engine's judgement at a fixed depth.
//!
//! A [`Reviewer`] judges one position per call, from the last to the
//! first (later positions are quick and fill the tables the earlier ones
//! use), so a caller can show progress and stop at any time; a
//! [`GameReview`] collects the answers and reads them move by move.

pub mod connect_four;
pub mod gomoku;
mod worth;

pub use worth::{Mark, Standing, Worth, mark};

use crate::rules::{BoardMove, ConnectFour, Game, Gomoku, MatchGame, Rules};
use std::sync::atomic::AtomicBool;

/// The positions of a game, from its start to its last move, and whether
/// the last one was won by the move that made it.
enum Positions {
    ConnectFour(Vec<ConnectFour>),
    Gomoku(Vec<Gomoku>),
}

fn positions_of<R: Rules>(game: &Game<R>) -> (Vec<R>, bool) {
    // The start: the game with every move (and a resignation) taken back.
    let mut start = game.clone();
    while start.undo().is_some() {}
    let mut position = start.position().clone();
    let mut list = vec![position.clone()];
    let mut won = false;
    for mv in game.history() {
        // The moves were legal when played; a refusal here ends the list.
        match position.play(*mv) {
            Ok(outcome) => {
                won = matches!(outcome, Some(crate::rules::Outcome::Win { .. }));
                list.push(position.clone());
            }
            Err(_) => break,
        }
    }
    (list, won)
}

/// One position judged: its index (0: the start), its worth for the side
/// to move, and a best move there when one was looked for.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewStep {
    pub position: usize,
    pub worth: Worth,
    pub best: Option<BoardMove>,
}

/// Judges a game's positions one at a time, last first.
pub struct Reviewer {
    positions: Positions,
    /// Whether the last position was won by its move.
    won: bool,
    /// Positions not judged yet: `0..left`.
    left: usize,
    /// The worth of the position after the next one to judge.
    later: Option<Worth>,
    solver: Option<connect_four::ConnectFourJudge>,
    engine: Option<Box<dyn gomoku::GomokuJudging>>,
}

impl Reviewer {
    /// A review of `game` by Gomoku's `judge` (Lineup's engine by default:
    /// [`Reviewer::new`]).
    pub fn with_judge(game: &MatchGame, judge: Box<dyn gomoku::GomokuJudging>) -> Self {
        Reviewer {
            engine: Some(judge),
            ..Reviewer::new(game)
        }
    }

    pub fn new(game: &MatchGame) -> Self {
        let (positions, won) = match game {
            MatchGame::ConnectFour(g) => {
                let (list, won) = positions_of(g);
                (Positions::ConnectFour(list), won)
            }
            MatchGame::Gomoku(g) => {
                let (list, won) = positions_of(g);
                (Positions::Gomoku(list), won)
            }
        };
        let left = match &positions {
            Positions::ConnectFour(list) => list.len(),
            Positions::Gomoku(list) => list.len(),
        };
        Reviewer {
            positions,
            won,
            left,
            later: None,
            solver: None,
            engine: None,
        }
    }

    /// What went wrong with the Gomoku judge, if anything did.
    pub fn trouble(&self) -> Option<String> {
        self.engine.as_ref().and_then(|e| e.trouble())
    }

    /// How many positions the game has (its moves and one).
    pub fn positions(&self) -> usize {
        match &self.positions {
            Positions::ConnectFour(list) => list.len(),
            Positions::Gomoku(list) => list.len(),
        }
    }

    /// Judges the next position (from the last back to the first); `None`
    /// when all are done or `stop` was raised.
    pub fn next(&mut self, stop: &AtomicBool) -> Option<ReviewStep> {
        let index = self.left.checked_sub(1)?;
        let last = index + 1 == self.positions();
        let (worth, best) = if last && self.won {
            // The move before won: the side to move here has lost, with
            // the other's move of the ply before.
            let at = Some(self.stones(index).saturating_sub(1) as u32);
            (Worth::Loses { at }, None)
        } else {
            self.judge(index, stop)?
        };
        self.left = index;
        self.later = Some(worth);
        Some(ReviewStep {
            position: index,
            worth,
            best,
        })
    }

    /// Stones on the board in position `index`.
    fn stones(&self, index: usize) -> usize {
        match &self.positions {
            Positions::ConnectFour(list) => list[index].moves_played(),
            Positions::Gomoku(list) => list[index].stones(),
        }
    }

    fn judge(&mut self, index: usize, stop: &AtomicBool) -> Option<(Worth, Option<BoardMove>)> {
        let later = self.later;
        match &self.positions {
            Positions::ConnectFour(list) => {
                let board = &list[index];
                if board.moves_played() == board.size().cells() {
                    return Some((Worth::Draw, None));
                }
                let solver = self
                    .solver
                    .get_or_insert_with(connect_four::ConnectFourJudge::new);
                let worth = solver.worth(board, stop)?;
                // The better move is looked for only where the move played
                // earns a mark (a search of every column costs more).
                let ply = board.moves_played();
                let marked = later.and_then(|after| mark(ply, worth, after.turned()));
                let best = if marked.is_some() {
                    let columns = solver.best(board, stop);
                    // Of equal columns, the one nearest the centre.
                    let centre = board.size().columns() as i32 / 2;
                    columns
                        .into_iter()
                        .min_by_key(|c| (c.0 as i32 - centre).abs())
                        .map(BoardMove::Column)
                } else {
                    None
                };
                Some((worth, best))
            }
            Positions::Gomoku(list) => {
                let engine = self
                    .engine
                    .get_or_insert_with(|| Box::new(gomoku::GomokuJudge::new()));
                let (worth, best) = engine.worth(&list[index], stop)?;
                Some((worth, best.map(BoardMove::Point)))
            }
        }
    }
}

/// What the review says of one move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReport {
    /// The move's ply counted from the empty board (the game may have
    /// started from a position), for [`Worth::label`] and [`Worth::height`].
    pub ply: usize,
    /// What the position was worth to the mover after the move.
    pub after: Worth,
    pub mark: Option<Mark>,
    /// A better move, where the move is marked and one is known.
    pub better: Option<BoardMove>,
}

/// The answers so far for one game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameReview {
    pub moves: Vec<BoardMove>,
    /// Stones on the board the game started from.
    first: usize,
    /// The game's first moves that an opening rule placed (see
    /// [`GameReview::under_opening`]).
    opening_moves: usize,
    worth: Vec<Option<Worth>>,
    best: Vec<Option<BoardMove>>,
}

impl GameReview {
    /// An empty review of `game`'s moves.
    pub fn new(game: &MatchGame) -> Self {
        let moves = game.moves();
        let positions = moves.len() + 1;
        let mut start = game.clone();
        while start.undo().is_some() {}
        let first = match &start {
            MatchGame::ConnectFour(g) => g.position().moves_played(),
            MatchGame::Gomoku(g) => g.position().stones(),
        };
        GameReview {
            moves,
            first,
            opening_moves: 0,
            worth: vec![None; positions],
            best: vec![None; positions],
        }
    }

    /// The game's first `moves` moves were the stones of an opening rule
    /// (Swap2, Soosõrv-8, Taraguchi-10): placed before the colours were
    /// settled, or chosen by the other player from offers, so none of them
    /// is its colour's mistake. Their values are still told.
    pub fn under_opening(mut self, moves: usize) -> Self {
        self.opening_moves = moves;
        self
    }

    pub fn record(&mut self, step: ReviewStep) {
        if let Some(slot) = self.worth.get_mut(step.position) {
            *slot = Some(step.worth);
            self.best[step.position] = step.best;
        }
    }

    /// Positions judged so far.
    pub fn judged(&self) -> usize {
        self.worth.iter().filter(|w| w.is_some()).count()
    }

    pub fn positions(&self) -> usize {
        self.worth.len()
    }

    /// The worth of position `index` for the side to move there.
    pub fn worth(&self, index: usize) -> Option<Worth> {
        self.worth.get(index).copied().flatten()
    }

    /// The game's move `ply` (0: its first), once the position after it
    /// is judged.
    pub fn report(&self, ply: usize) -> Option<MoveReport> {
        let after = self.worth(ply + 1)?.turned();
        let absolute = self.first + ply;
        let played = self.moves.get(ply).copied();
        // The engine's own choice is never its mistake (an estimate one ply
        // deeper can still disagree with it).
        let mark = self
            .worth(ply)
            .and_then(|before| mark(absolute, before, after))
            .filter(|_| self.best[ply].is_none() || self.best[ply] != played)
            .filter(|_| ply >= self.opening_moves);
        let better = mark
            .and(self.best[ply])
            .filter(|best| Some(*best) != played);
        Some(MoveReport {
            ply: absolute,
            after,
            mark,
            better,
        })
    }
}

/// Reviews a whole game at once (for tests and tools).
pub fn review(game: &MatchGame, stop: &AtomicBool) -> GameReview {
    let mut reviewer = Reviewer::new(game);
    let mut review = GameReview::new(game);
    while let Some(step) = reviewer.next(stop) {
        review.record(step);
    }
    review
}
