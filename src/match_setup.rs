//! What a match is made of before it is played: which game, on which board,
//! under which rules, and who plays each side. Plain data, so the menus, the
//! command line and saved games all build matches the same way.

pub use crate::ai::Level;
use crate::rules::{ConnectFour, ConnectFourSize, Game, Gomoku, MatchGame, RuleSet, Side};
use serde::{Deserialize, Serialize};

/// Who plays a side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerKind {
    #[default]
    Human,
    Computer(Level),
    /// A person on another machine: the server sends their moves.
    Online,
}

impl PlayerKind {
    pub fn is_computer(self) -> bool {
        matches!(self, PlayerKind::Computer(_))
    }

    pub fn is_online(self) -> bool {
        matches!(self, PlayerKind::Online)
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
            PlayerKind::Online => "Online".to_string(),
        }
    }

    pub fn label(self) -> String {
        match self {
            PlayerKind::Human => "Human".to_string(),
            PlayerKind::Computer(level) => format!("Computer ({})", level.name()),
            PlayerKind::Online => "Online player".to_string(),
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

impl MatchSetup {
    /// An online match seen from the player on `mine`.
    pub fn online(kind: GameKind, mine: Side) -> MatchSetup {
        let mut players = [PlayerKind::Online; 2];
        players[mine.index()] = PlayerKind::Human;
        MatchSetup { kind, players }
    }

    /// Whether the server decides this match's moves.
    pub fn is_online(&self) -> bool {
        self.players.iter().any(|p| p.is_online())
    }
}
