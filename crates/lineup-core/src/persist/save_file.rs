//! A saved game: RON with a format version, the game and its rules, both
//! players, the whole move list (and the redo list), and timestamps. Loading
//! replays every move through the rules, so a file can never put an
//! impossible board on screen; anything wrong is a `LoadError` that says what.

use super::atomic::write_atomic;
use crate::match_setup::{GameKind, MatchSetup};
use crate::net::OnlineSeat;
use crate::rules::opening::{Opening, OpeningRule, notation as opening_notation};
use crate::rules::{
    BoardMove, Column, ConnectFour, Ending, Gomoku, MatchGame, Side, connect_four, gomoku,
};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;

/// The format this version writes; files from a newer version are refused.
/// 2: a resignation names the side that resigned (`resigned_by`); format 1
/// files (`resigned: true`, the side to move) are still read.
/// 3: a game under an opening rule (`opening`); only such games are
/// written as 3, so that an older version refuses them instead of loading
/// a swapped game with its colours wrong, and reads the rest.
pub const FORMAT: u32 = 3;
/// The format of a save with no opening rule.
const FORMAT_PLAIN: u32 = 2;
/// A save larger than this is refused before it is parsed.
pub const SIZE_LIMIT: u64 = 256 * 1024;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveFile {
    pub format: u32,
    /// The name the player gave it.
    pub name: String,
    pub setup: MatchSetup,
    /// Every move from the start, in the game's notation (`4453`, `h8i9`).
    pub moves: String,
    /// Under an opening rule (`setup.opening`), every action of the
    /// opening in its words (`h8 i9 j8 swap ...`, see
    /// [`opening_notation`]); `moves` begins with its stones.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub opening: String,
    /// Undone moves that can be redone, the next one first.
    #[serde(default)]
    pub redo: String,
    /// Format 1: the side to move resigned. Read, never written.
    #[serde(default, skip_serializing_if = "is_false")]
    pub resigned: bool,
    /// The side that resigned, if one did.
    #[serde(default)]
    pub resigned_by: Option<Side>,
    /// Seconds since 1970 (UTC).
    pub created: u64,
    pub saved: u64,
    /// The nanoseconds past `saved` when it was written: two saves of one
    /// second (a new game a moment after a move in another) still have an
    /// order. 0 in files from before it was kept.
    #[serde(default)]
    pub saved_nanos: u32,
    /// Which match this is (0 when unknown: files from before it was kept).
    #[serde(default)]
    pub game_id: u64,
    /// An online game's seat, to rejoin it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub online: Option<OnlineSeat>,
}

/// Why a save could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    Unreadable(String),
    TooLarge {
        bytes: u64,
    },
    NotASave(String),
    NewerFormat {
        found: u32,
    },
    /// A move that is not legal at its turn (1-based number).
    IllegalMove {
        number: usize,
        reason: String,
    },
    BadRedo(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Unreadable(why) => write!(f, "cannot be read: {why}"),
            LoadError::TooLarge { bytes } => {
                write!(
                    f,
                    "is too large to be a saved game ({} KB, the limit is {} KB)",
                    bytes / 1024,
                    SIZE_LIMIT / 1024
                )
            }
            LoadError::NotASave(why) => write!(f, "is not a Lineup saved game ({why})"),
            LoadError::NewerFormat { found } => {
                write!(
                    f,
                    "was saved by a newer version of Lineup (format {found}; this version reads up to {FORMAT})"
                )
            }
            LoadError::IllegalMove { number, reason } => {
                write!(f, "has an illegal move {number}: {reason}")
            }
            LoadError::BadRedo(why) => write!(f, "has a broken redo list: {why}"),
        }
    }
}

impl SaveFile {
    /// The same, with the opening's actions.
    pub fn with_opening(self, opening: Option<&Opening>) -> SaveFile {
        SaveFile {
            format: if opening.is_some() {
                FORMAT
            } else {
                self.format
            },
            opening: opening.map_or(String::new(), |o| {
                opening_notation::format_actions(o.actions())
            }),
            ..self
        }
    }

    /// A save of `game` as it stands.
    pub fn of(name: &str, setup: MatchSetup, game: &MatchGame, created: u64, now: u64) -> SaveFile {
        let moves = super::export::move_string(game);
        // Redo moves are kept next-first; the game lists them next-last.
        let redo = match game {
            MatchGame::ConnectFour(g) => {
                connect_four::format_moves(&g.redo_list().iter().rev().copied().collect::<Vec<_>>())
            }
            MatchGame::Gomoku(g) => {
                gomoku::format_moves(&g.redo_list().iter().rev().copied().collect::<Vec<_>>())
            }
        };
        let resigned_by = match game.ending() {
            Some(Ending::Resigned { winner }) => Some(winner.other()),
            _ => None,
        };
        SaveFile {
            format: FORMAT_PLAIN,
            name: name.to_string(),
            setup,
            moves,
            opening: String::new(),
            redo,
            resigned: false,
            resigned_by,
            created,
            saved: now,
            saved_nanos: nanos_past(now),
            game_id: 0,
            online: None,
        }
    }

    /// The same, with the online seat to rejoin.
    pub fn with_online(self, online: Option<OnlineSeat>) -> SaveFile {
        SaveFile { online, ..self }
    }

    /// The same, marked as a save of match `id`.
    pub fn with_id(self, id: u64) -> SaveFile {
        SaveFile {
            game_id: id,
            ..self
        }
    }

    /// Reads and checks a save file: size first, then RON, then the version.
    /// The moves are checked by [`SaveFile::replay`].
    pub fn read(path: &Path) -> Result<SaveFile, LoadError> {
        let meta = std::fs::metadata(path).map_err(|e| LoadError::Unreadable(e.to_string()))?;
        if meta.len() > SIZE_LIMIT {
            return Err(LoadError::TooLarge { bytes: meta.len() });
        }
        let bytes = std::fs::read(path).map_err(|e| LoadError::Unreadable(e.to_string()))?;
        SaveFile::parse(&bytes)
    }

    pub fn parse(bytes: &[u8]) -> Result<SaveFile, LoadError> {
        if bytes.len() as u64 > SIZE_LIMIT {
            return Err(LoadError::TooLarge {
                bytes: bytes.len() as u64,
            });
        }
        let text =
            std::str::from_utf8(bytes).map_err(|_| LoadError::NotASave("it is not text".into()))?;
        // The version first, so that a newer file says so instead of failing
        // on a field this version does not know.
        if let Ok(VersionOnly { format }) = ron::from_str::<VersionOnly>(text)
            && format > FORMAT
        {
            return Err(LoadError::NewerFormat { found: format });
        }
        let save: SaveFile = ron::from_str(text).map_err(|e| LoadError::NotASave(e.to_string()))?;
        if save.format > FORMAT {
            return Err(LoadError::NewerFormat { found: save.format });
        }
        Ok(save)
    }

    /// The opening the file describes, every action replayed through its
    /// rule (`None` without an opening rule).
    pub fn replay_opening(&self) -> Result<Option<Opening>, LoadError> {
        let (GameKind::Gomoku { size, rule }, opening) = (self.setup.kind, self.setup.opening())
        else {
            return Ok(None);
        };
        if opening == OpeningRule::None {
            return Ok(None);
        }
        let bad = |why: String| LoadError::NotASave(format!("its {opening} opening {why}"));
        let actions = opening_notation::parse_actions(&self.opening)
            .map_err(|(i, e)| bad(format!("has a bad action {}: {e}", i + 1)))?;
        let board = Gomoku::new(size, rule).map_err(|e| LoadError::NotASave(e.to_string()))?;
        Opening::replayed(opening, &board, actions)
            .map(Some)
            .map_err(|(i, action, e)| {
                bad(format!(
                    "has an illegal action {} ({}): {e}",
                    i + 1,
                    opening_notation::format_action(action)
                ))
            })
    }

    /// The game the file describes, every move replayed through the rules.
    /// Under an opening rule its moves must begin with the opening's stones.
    pub fn replay(&self) -> Result<MatchGame, LoadError> {
        let game = self.replay_moves()?;
        if let (Some(opening), MatchGame::Gomoku(g)) = (self.replay_opening()?, &game) {
            let stones = opening.game().history();
            let decided = opening.is_decided();
            let follows = g.history().starts_with(stones);
            if !follows || (!decided && g.history().len() > stones.len()) {
                return Err(LoadError::NotASave(
                    "its moves do not follow its opening".into(),
                ));
            }
            // Nothing is redone past an opening still under way.
            if !decided && !g.redo_list().is_empty() {
                return Err(LoadError::BadRedo("the opening is not decided".into()));
            }
        }
        Ok(game)
    }

    fn replay_moves(&self) -> Result<MatchGame, LoadError> {
        let illegal = |e: crate::rules::ParseError| LoadError::IllegalMove {
            number: e.move_index.map_or(0, |i| i + 1),
            reason: e.reason,
        };
        let mut game = match self.setup.kind {
            GameKind::ConnectFour { size } => MatchGame::ConnectFour(
                ConnectFour::game_from_moves(size, &self.moves).map_err(illegal)?,
            ),
            GameKind::Gomoku { size, rule } => {
                let board =
                    Gomoku::new(size, rule).map_err(|e| LoadError::NotASave(e.to_string()))?;
                MatchGame::Gomoku(Gomoku::game_from_moves(board, &self.moves).map_err(illegal)?)
            }
        };
        // Rebuild the redo list: play the redo moves, then take them back.
        let redo: Vec<BoardMove> = match self.setup.kind {
            GameKind::ConnectFour { .. } => connect_four::parse_moves(&self.redo)
                .map_err(|e| LoadError::BadRedo(e.to_string()))?
                .into_iter()
                .map(|c: Column| BoardMove::Column(c))
                .collect(),
            GameKind::Gomoku { .. } => gomoku::parse_moves(&self.redo)
                .map_err(|e| LoadError::BadRedo(e.to_string()))?
                .into_iter()
                .map(BoardMove::from)
                .collect(),
        };
        for (i, mv) in redo.iter().enumerate() {
            game.play(*mv)
                .map_err(|e| LoadError::BadRedo(format!("redo move {} ({mv}): {e}", i + 1)))?;
        }
        for _ in &redo {
            game.undo();
        }
        let resigner = match (self.resigned_by, self.resigned) {
            (Some(side), _) => Some(side),
            (None, true) => Some(game.to_move()),
            (None, false) => None,
        };
        if let Some(side) = resigner {
            game.resign(side)
                .map_err(|e| LoadError::NotASave(format!("resigned after the end: {e}")))?;
        }
        Ok(game)
    }

    /// The text [`SaveFile::write`] writes and [`SaveFile::parse`] reads.
    pub fn to_text(&self) -> Result<String, String> {
        super::settings_file::to_text(self)
    }

    /// Writes the file atomically.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        let text = self.to_text()?;
        write_atomic(path, text.as_bytes())
            .map_err(|e| format!("Could not save to {}: {e}", path.display()))
    }
}

/// Only the version field, read before the whole file (other fields are
/// ignored; the name matches so RON accepts a named struct).
#[derive(Deserialize)]
#[serde(rename = "SaveFile")]
struct VersionOnly {
    format: u32,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The clock's nanoseconds past second `now`: its own when the clock is
/// still in that second, the end of it when the clock has moved on, 0 for
/// a second still to come (a clock set back, a test's made-up time).
fn nanos_past(now: u64) -> u32 {
    let clock = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    match clock.as_secs().cmp(&now) {
        std::cmp::Ordering::Equal => clock.subsec_nanos(),
        std::cmp::Ordering::Greater => 999_999_999,
        std::cmp::Ordering::Less => 0,
    }
}
