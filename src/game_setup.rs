//! What a match is made of, before and while it is played: which game, on
//! which board, under which rules, and who plays each side. Plain data, so
//! the menus, the command line and (later) saved games all build matches the
//! same way.

pub use crate::ai::Level;
use crate::rules::{
    Column, ConnectFour, ConnectFourSize, Game, Gomoku, MoveError, Outcome, Point, RuleSet, Side,
    Undone,
};
use serde::{Deserialize, Serialize};

/// Who plays a side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerKind {
    #[default]
    Human,
    Computer(Level),
}

impl PlayerKind {
    pub fn is_computer(self) -> bool {
        matches!(self, PlayerKind::Computer(_))
    }

    /// The choices a menu cycles through: human, then each computer level.
    pub fn choices() -> impl Iterator<Item = PlayerKind> {
        std::iter::once(PlayerKind::Human).chain(Level::ALL.into_iter().map(PlayerKind::Computer))
    }

    /// A shorter label, for the game panel.
    pub fn short_label(self) -> String {
        match self {
            PlayerKind::Human => "Human".to_string(),
            PlayerKind::Computer(level) => format!("{} computer", level.name()),
        }
    }

    pub fn label(self) -> String {
        match self {
            PlayerKind::Human => "Human".to_string(),
            PlayerKind::Computer(level) => format!("Computer ({})", level.name()),
        }
    }
}

/// Which game, and its board and rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameKind {
    ConnectFour { size: ConnectFourSize },
    Gomoku { size: u8, rule: RuleSet },
}

impl Default for GameKind {
    fn default() -> Self {
        GameKind::ConnectFour {
            size: ConnectFourSize::STANDARD,
        }
    }
}

impl GameKind {
    /// The name of the game and its board, for titles and save lists.
    pub fn title(self) -> String {
        match self {
            GameKind::ConnectFour { size } if size == ConnectFourSize::STANDARD => {
                "Connect Four".into()
            }
            GameKind::ConnectFour { size } => {
                format!("Connect Four {}x{}", size.columns(), size.rows())
            }
            GameKind::Gomoku {
                size,
                rule: RuleSet::Renju,
            } => format!("Renju {size}x{size}"),
            GameKind::Gomoku { size, .. } => format!("Gomoku {size}x{size}"),
        }
    }

    /// What wins, in a few words.
    pub fn rules_line(self) -> &'static str {
        match self {
            GameKind::ConnectFour { .. } => "Four in a row wins",
            GameKind::Gomoku {
                rule: RuleSet::Freestyle,
                ..
            } => "Five or more in a row wins",
            GameKind::Gomoku {
                rule: RuleSet::ExactFive,
                ..
            } => "Exactly five in a row wins",
            GameKind::Gomoku {
                rule: RuleSet::Renju,
                ..
            } => "Black: no 3-3, 4-4 or overline",
        }
    }

    /// The name of a side's pieces in this game.
    pub fn side_name(self, side: Side) -> &'static str {
        match (self, side) {
            (GameKind::ConnectFour { .. }, Side::First) => "Red",
            (GameKind::ConnectFour { .. }, Side::Second) => "Yellow",
            (GameKind::Gomoku { .. }, Side::First) => "Black",
            (GameKind::Gomoku { .. }, Side::Second) => "White",
        }
    }

    /// An empty game of this kind.
    pub fn new_game(self) -> MatchGame {
        match self {
            GameKind::ConnectFour { size } => {
                MatchGame::ConnectFour(Game::new(ConnectFour::new(size)))
            }
            GameKind::Gomoku { size, rule } => MatchGame::Gomoku(Game::new(
                Gomoku::new(size, rule).unwrap_or_else(|_| Gomoku::standard(rule)),
            )),
        }
    }
}

/// Everything needed to start a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatchSetup {
    pub kind: GameKind,
    /// Who plays the first side (Red / Black) and the second.
    pub players: [PlayerKind; 2],
}

/// A move in either game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BoardMove {
    Column(Column),
    Point(Point),
}

impl std::fmt::Display for BoardMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BoardMove::Column(c) => write!(f, "column {}", c.0 + 1),
            BoardMove::Point(p) => write!(f, "{p}"),
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
            (MatchGame::Gomoku(game), BoardMove::Point(p)) => game.play(p).map(|_| ()),
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
                .map(|p| BoardMove::Point(*p))
                .collect(),
        }
    }

    pub fn last_move(&self) -> Option<BoardMove> {
        match self {
            MatchGame::ConnectFour(game) => game.last_move().map(BoardMove::Column),
            MatchGame::Gomoku(game) => game.last_move().map(BoardMove::Point),
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
