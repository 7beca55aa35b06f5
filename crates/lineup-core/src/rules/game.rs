use super::{MoveError, Outcome, Side};
use std::fmt::Debug;

/// What a game position must offer so that [`Game`] can run it.
///
/// A position only ever holds states reachable by legal play: `play` checks
/// the move completely before it changes anything.
pub trait Rules: Clone + Debug + PartialEq + Eq {
    /// A move as the player names it (a column, a point).
    type Move: Copy + Debug + PartialEq + Eq;
    /// A board cell, used to name the winning line.
    type Cell: Copy + Debug + PartialEq + Eq + Ord;

    /// Whose turn it is.
    fn to_move(&self) -> Side;

    /// Plays `mv` for the side to move, or refuses it and changes nothing.
    /// Returns the outcome when the move ended the game (a win or a full
    /// board). The caller ([`Game`]) refuses moves after the game ended.
    fn play(&mut self, mv: Self::Move) -> Result<Option<Outcome<Self::Cell>>, MoveError>;

    /// Takes back `mv`, which must be the last move played.
    fn unplay(&mut self, mv: Self::Move);
}

/// What [`Game::undo`] took back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undone<M> {
    /// A move, now on the redo list.
    Move(M),
    /// A resignation: the game goes on from the same position.
    Resignation,
}

/// A game in progress: the position, the moves that led to it, the moves that
/// were undone (for redo), and the result once there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game<R: Rules> {
    position: R,
    history: Vec<R::Move>,
    redo: Vec<R::Move>,
    outcome: Option<Outcome<R::Cell>>,
}

impl<R: Rules> Game<R> {
    /// A game starting from `position`, with no history before it.
    pub fn new(position: R) -> Self {
        Game {
            position,
            history: Vec::new(),
            redo: Vec::new(),
            outcome: None,
        }
    }

    /// Plays every move in order; stops at the first refused one and says
    /// which (0-based index) and why.
    pub fn from_moves(
        position: R,
        moves: impl IntoIterator<Item = R::Move>,
    ) -> Result<Self, (usize, MoveError)> {
        let mut game = Game::new(position);
        for (i, mv) in moves.into_iter().enumerate() {
            game.play(mv).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    pub fn position(&self) -> &R {
        &self.position
    }

    /// Whose turn it is (also after the game ended: the side that would move).
    pub fn to_move(&self) -> Side {
        self.position.to_move()
    }

    /// The moves played so far, oldest first.
    pub fn history(&self) -> &[R::Move] {
        &self.history
    }

    /// The undone moves, the next one to redo last.
    pub fn redo_list(&self) -> &[R::Move] {
        &self.redo
    }

    pub fn last_move(&self) -> Option<R::Move> {
        self.history.last().copied()
    }

    pub fn outcome(&self) -> Option<&Outcome<R::Cell>> {
        self.outcome.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Plays `mv`. A move that differs from the next redo move drops the redo
    /// list; replaying the same move keeps it.
    pub fn play(&mut self, mv: R::Move) -> Result<Option<&Outcome<R::Cell>>, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        self.outcome = self.position.play(mv)?;
        self.history.push(mv);
        if self.redo.last() == Some(&mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(self.outcome.as_ref())
    }

    /// `side` gives up: either side may, on either's turn (a player resigns
    /// while the opponent thinks).
    pub fn resign(&mut self, side: Side) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        self.outcome = Some(Outcome::Resignation {
            winner: side.other(),
        });
        Ok(())
    }

    /// Takes back the resignation if there was one, else the last move.
    /// `None` when there is nothing to take back.
    pub fn undo(&mut self) -> Option<Undone<R::Move>> {
        if matches!(self.outcome, Some(Outcome::Resignation { .. })) {
            self.outcome = None;
            return Some(Undone::Resignation);
        }
        let mv = self.history.pop()?;
        self.position.unplay(mv);
        self.outcome = None;
        self.redo.push(mv);
        Some(Undone::Move(mv))
    }

    /// Replays the last undone move. `None` when there is none.
    pub fn redo(&mut self) -> Option<R::Move> {
        let mv = *self.redo.last()?;
        // A redo move was legal at this very position before, so it is again.
        self.play(mv).ok()?;
        Some(mv)
    }
}
