//! Either game behind one type: a move of either kind, how either game
//! ended, and the game itself, so that code above the rules (engines, saves,
//! the board views) handles both games with one match.

use super::gomoku::Move;
use super::{Column, ConnectFour, Game, Gomoku, MoveError, Outcome, Point, Side, Undone};
use serde::{Deserialize, Serialize};

/// A move in either game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BoardMove {
    Column(Column),
    Point(Point),
    /// Gomoku only, and only with no point left to take (see [`Move`]).
    Pass,
}

impl From<Move> for BoardMove {
    fn from(mv: Move) -> BoardMove {
        match mv {
            Move::Stone(p) => BoardMove::Point(p),
            Move::Pass => BoardMove::Pass,
        }
    }
}

impl std::fmt::Display for BoardMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BoardMove::Column(c) => write!(f, "column {}", c.0 + 1),
            BoardMove::Point(p) => write!(f, "{p}"),
            BoardMove::Pass => f.write_str(Move::PASS),
        }
    }
}

/// How a game ended, the same for both games (cells stay with each game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Win(Side),
    Draw,
    Resigned { winner: Side },
}

/// The game being played: one of the two rule types in the common model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchGame {
    ConnectFour(Game<ConnectFour>),
    Gomoku(Game<Gomoku>),
}

impl MatchGame {
    /// Plays a move of the right kind; a move of the other game's kind is
    /// outside this board.
    pub fn play(&mut self, mv: BoardMove) -> Result<(), MoveError> {
        match (self, mv) {
            (MatchGame::ConnectFour(game), BoardMove::Column(c)) => game.play(c).map(|_| ()),
            (MatchGame::Gomoku(game), BoardMove::Point(p)) => game.play(Move::Stone(p)).map(|_| ()),
            (MatchGame::Gomoku(game), BoardMove::Pass) => game.play(Move::Pass).map(|_| ()),
            (MatchGame::ConnectFour(_), BoardMove::Pass) => Err(MoveError::CannotPass),
            _ => Err(MoveError::OutsideBoard),
        }
    }

    /// Takes back the resignation or the last move (see [`Game::undo`]).
    pub fn undo(&mut self) -> Option<Undone<()>> {
        fn drop_move<M>(undone: Undone<M>) -> Undone<()> {
            match undone {
                Undone::Move(_) => Undone::Move(()),
                Undone::Resignation => Undone::Resignation,
            }
        }
        match self {
            MatchGame::ConnectFour(game) => game.undo().map(drop_move),
            MatchGame::Gomoku(game) => game.undo().map(drop_move),
        }
    }

    pub fn redo(&mut self) -> bool {
        match self {
            MatchGame::ConnectFour(game) => game.redo().is_some(),
            MatchGame::Gomoku(game) => game.redo().is_some(),
        }
    }

    /// `side` gives up (see [`Game::resign`]).
    pub fn resign(&mut self, side: Side) -> Result<(), MoveError> {
        match self {
            MatchGame::ConnectFour(game) => game.resign(side),
            MatchGame::Gomoku(game) => game.resign(side),
        }
    }

    /// Whether the side to move may only pass (Gomoku, no point left it
    /// may take; see [`Move`]). Checks every empty point: not per frame.
    pub fn must_pass(&self) -> bool {
        match self {
            MatchGame::ConnectFour(_) => false,
            MatchGame::Gomoku(game) => !game.is_over() && game.position().must_pass(),
        }
    }

    pub fn to_move(&self) -> Side {
        match self {
            MatchGame::ConnectFour(game) => game.to_move(),
            MatchGame::Gomoku(game) => game.to_move(),
        }
    }

    /// The moves played, oldest first.
    pub fn moves(&self) -> Vec<BoardMove> {
        match self {
            MatchGame::ConnectFour(game) => game
                .history()
                .iter()
                .map(|c| BoardMove::Column(*c))
                .collect(),
            MatchGame::Gomoku(game) => game
                .history()
                .iter()
                .map(|mv| BoardMove::from(*mv))
                .collect(),
        }
    }

    pub fn last_move(&self) -> Option<BoardMove> {
        match self {
            MatchGame::ConnectFour(game) => game.last_move().map(BoardMove::Column),
            MatchGame::Gomoku(game) => game.last_move().map(BoardMove::from),
        }
    }

    pub fn move_count(&self) -> usize {
        match self {
            MatchGame::ConnectFour(game) => game.history().len(),
            MatchGame::Gomoku(game) => game.history().len(),
        }
    }

    pub fn can_redo(&self) -> bool {
        match self {
            MatchGame::ConnectFour(game) => !game.redo_list().is_empty(),
            MatchGame::Gomoku(game) => !game.redo_list().is_empty(),
        }
    }

    pub fn ending(&self) -> Option<Ending> {
        fn ending<C>(outcome: &Outcome<C>) -> Ending {
            match outcome {
                Outcome::Win { winner, .. } => Ending::Win(*winner),
                Outcome::Draw => Ending::Draw,
                Outcome::Resignation { winner } => Ending::Resigned { winner: *winner },
            }
        }
        match self {
            MatchGame::ConnectFour(game) => game.outcome().map(ending),
            MatchGame::Gomoku(game) => game.outcome().map(ending),
        }
    }

    pub fn is_over(&self) -> bool {
        self.ending().is_some()
    }
}
