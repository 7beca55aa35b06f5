//! What a match is made of before it is played: which game, on which board,
//! under which rules, and who plays each side. Plain data, so the menus, the
//! command line and saved games all build matches the same way.
//!
//! One fact is not a plain field: the opening rule. The one chosen only
//! counts where it fits the game (Swap2 is not played under Renju, nothing
//! is played online), so it is kept private and read through
//! [`MatchSetup::opening`] alone: by the game, by `==`, and in files.

pub use crate::ai::Level;
use crate::match_clock::TimeControl;
use crate::rules::opening::OpeningRule;
use crate::rules::{
    ConnectFour, ConnectFourSize, Game, Gomoku, GomokuSize, MatchGame, RuleSet, Side,
};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize, Serializer};
use std::hash::{Hash, Hasher};

/// Who plays a side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerKind {
    #[default]
    Human,
    Computer(Level),
    /// A person on another machine: the server sends their moves.
    Online,
    /// A Gomocup engine: the one at this place in the settings' list.
    Engine(EngineSlot),
}

/// A place in the settings' list of Gomocup engines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EngineSlot(pub u8);

/// How long a Gomocup engine may think a move, in seconds: New game's
/// time control for engine players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EngineTime(pub u16);

impl EngineTime {
    pub const CHOICES: [EngineTime; 5] = [
        EngineTime(1),
        EngineTime(2),
        EngineTime(5),
        EngineTime(10),
        EngineTime(30),
    ];

    pub fn per_move(self) -> std::time::Duration {
        std::time::Duration::from_secs(u64::from(self.0.max(1)))
    }
}

impl Default for EngineTime {
    fn default() -> Self {
        EngineTime(2)
    }
}

impl PlayerKind {
    /// Whether a program plays: the computer or a Gomocup engine.
    pub fn is_computer(self) -> bool {
        matches!(self, PlayerKind::Computer(_) | PlayerKind::Engine(_))
    }

    pub fn is_online(self) -> bool {
        matches!(self, PlayerKind::Online)
    }

    /// The choices a menu cycles through: human, each computer level, then
    /// each of `engines` Gomocup engines.
    pub fn choices(engines: usize) -> impl Iterator<Item = PlayerKind> {
        std::iter::once(PlayerKind::Human)
            .chain(Level::ALL.into_iter().map(PlayerKind::Computer))
            .chain((0..engines.min(256) as u16).map(|i| PlayerKind::Engine(EngineSlot(i as u8))))
    }

    /// A shorter label, for the game panel.
    pub fn short_label(self) -> String {
        match self {
            PlayerKind::Human => "Human".to_string(),
            PlayerKind::Computer(level) => format!("{} computer", level.name()),
            PlayerKind::Online => "Online".to_string(),
            PlayerKind::Engine(EngineSlot(i)) => format!("Engine {}", i + 1),
        }
    }

    pub fn label(self) -> String {
        match self {
            PlayerKind::Human => "Human".to_string(),
            PlayerKind::Computer(level) => format!("Computer ({})", level.name()),
            PlayerKind::Online => "Online player".to_string(),
            PlayerKind::Engine(EngineSlot(i)) => format!("Gomocup engine {}", i + 1),
        }
    }
}

/// Which game, and its board and rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameKind {
    ConnectFour { size: ConnectFourSize },
    Gomoku { size: GomokuSize, rule: RuleSet },
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
            GameKind::Gomoku { size, rule } => {
                MatchGame::Gomoku(Game::new(Gomoku::empty(size, rule)))
            }
        }
    }
}

/// Everything needed to start a match.
///
/// ```
/// use lineup_core::match_setup::{GameKind, MatchSetup, PlayerKind};
/// use lineup_core::rules::opening::OpeningRule;
/// use lineup_core::rules::{GomokuSize, RuleSet};
///
/// let renju = GameKind::Gomoku { size: GomokuSize::STANDARD, rule: RuleSet::Renju };
/// let mut setup = MatchSetup::new(renju, [PlayerKind::Human; 2]);
/// setup.set_opening(OpeningRule::Soosorv8);
/// assert_eq!(setup.opening(), OpeningRule::Soosorv8);
/// // Swap2 is not played under Renju: the match has no opening rule.
/// setup.set_opening(OpeningRule::Swap2);
/// assert_eq!(setup.opening(), OpeningRule::None);
/// ```
#[derive(Clone, Copy, Debug, Default, Deserialize)]
pub struct MatchSetup {
    pub kind: GameKind,
    /// Who plays the first side (Red / Black) and the second. Under an
    /// opening rule: the first player (tentative Black, who places the
    /// first stone) and the second; the opening settles their colours.
    pub players: [PlayerKind; 2],
    /// The opening rule chosen; only [`MatchSetup::opening`] says whether
    /// it counts. Kept while the game changes in a menu, so that going
    /// back to the game it fits brings it back.
    #[serde(default)]
    opening: OpeningRule,
    /// How long a Gomocup engine may think a move.
    #[serde(default)]
    pub engine_time: EngineTime,
    /// The players' clocks: none, or Fischer (base + increment).
    #[serde(default)]
    pub clock: TimeControl,
}

impl MatchSetup {
    /// A match with no opening rule.
    pub fn new(kind: GameKind, players: [PlayerKind; 2]) -> MatchSetup {
        MatchSetup {
            kind,
            players,
            opening: OpeningRule::None,
            engine_time: EngineTime::default(),
            clock: TimeControl::Untimed,
        }
    }

    /// An online match seen from the player on `mine`.
    pub fn online(kind: GameKind, mine: Side) -> MatchSetup {
        let mut players = [PlayerKind::Online; 2];
        players[mine.index()] = PlayerKind::Human;
        MatchSetup::new(kind, players)
    }

    /// The opening rule this match is played under: the one chosen, where
    /// it fits the game and its rules (never online: the server knows no
    /// opening rules), else none.
    pub fn opening(&self) -> OpeningRule {
        match self.kind {
            GameKind::Gomoku { rule, .. } if self.opening.fits(rule) && !self.is_online() => {
                self.opening
            }
            _ => OpeningRule::None,
        }
    }

    /// Chooses the opening rule; it counts where it fits (see
    /// [`MatchSetup::opening`]).
    pub fn set_opening(&mut self, opening: OpeningRule) {
        self.opening = opening;
    }

    /// The same setup with `opening` chosen (see [`MatchSetup::set_opening`]).
    pub fn with_opening(mut self, opening: OpeningRule) -> MatchSetup {
        self.set_opening(opening);
        self
    }

    /// Every fact of the setup, the opening as played: what tells two
    /// setups apart.
    fn facts(
        &self,
    ) -> (
        GameKind,
        [PlayerKind; 2],
        OpeningRule,
        EngineTime,
        TimeControl,
    ) {
        (
            self.kind,
            self.players,
            self.opening(),
            self.engine_time,
            self.clock,
        )
    }

    /// Whether the server decides this match's moves.
    pub fn is_online(&self) -> bool {
        self.players.iter().any(|p| p.is_online())
    }
}

impl PartialEq for MatchSetup {
    fn eq(&self, other: &Self) -> bool {
        self.facts() == other.facts()
    }
}

impl Eq for MatchSetup {}

impl Hash for MatchSetup {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.facts().hash(state);
    }
}

/// The fields as `derive` would write them, but the opening as played: a
/// file never holds a choice that does not count.
impl Serialize for MatchSetup {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut fields = serializer.serialize_struct("MatchSetup", 5)?;
        fields.serialize_field("kind", &self.kind)?;
        fields.serialize_field("players", &self.players)?;
        fields.serialize_field("opening", &self.opening())?;
        fields.serialize_field("engine_time", &self.engine_time)?;
        fields.serialize_field("clock", &self.clock)?;
        fields.end()
    }
}
