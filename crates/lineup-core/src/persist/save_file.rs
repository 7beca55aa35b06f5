//! A saved game: RON with a format version, the game and its rules, both
//! players, the whole move list (and the redo list), and timestamps. Loading
//! replays every move through the rules, so a file can never put an
//! impossible board on screen; anything wrong is a `LoadError` that says what.
//! A save may also hold an analysis board's study (its set-up, its tree of
//! lines with their notes, the node on show), checked the same way.

use super::atomic::write_atomic;
use crate::analysis::setup::{Setup, Spot};
use crate::analysis::tree::{MoveMark, NodeId, PointMark, Tree};
use crate::match_clock::GameClock;
use crate::match_setup::{GameKind, MatchSetup};
use crate::net::OnlineSeat;
use crate::rules::opening::{Opening, OpeningRule, notation as opening_notation};
use crate::rules::{
    BoardMove, Column, ConnectFour, Ending, Gomoku, MatchGame, Side, connect_four, gomoku,
};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;

/// The newest format this version writes (each only when a save needs it,
/// as below); files from a newer version are refused.
/// 2: a resignation names the side that resigned (`resigned_by`); format 1
/// files (`resigned: true`, the side to move) are still read.
/// 3: a game under an opening rule (`opening`); only such games are
/// written as 3, so that an older version refuses them instead of loading
/// a swapped game with its colours wrong, and reads the rest.
/// 4: an analysis (`analysis`); only saves holding one are written as 4,
/// so an older version refuses them instead of dropping the analysis, and
/// reads the rest.
pub const FORMAT: u32 = 4;
/// The format of a save under an opening rule and with no analysis.
const FORMAT_OPENING: u32 = 3;
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
    /// Under an opening rule (`setup.opening()`), every action of the
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
    /// An analysis board's study (format 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<SavedAnalysis>,
    /// A timed game's clocks: each side's time left and each move's time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<GameClock>,
}

/// An analysis as the file holds it: the tree flattened into a list where
/// each node follows its parent, so that a file cannot hold a cycle and
/// loading checks each move in the position its parent leaves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedAnalysis {
    pub setup: Setup,
    /// The root's notes: those on the set-up position itself.
    #[serde(default, skip_serializing_if = "SavedNotes::is_empty")]
    pub root: SavedNotes,
    /// Every other node, depth-first with the main line first.
    #[serde(default)]
    pub nodes: Vec<SavedNode>,
    /// The node on show: 0 the root, `n` the `n`th of `nodes`.
    #[serde(default)]
    pub shown: u32,
}

/// One move of an analysis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedNode {
    /// 0 the root, `n` the `n`th of `nodes`, which must come before this one.
    pub parent: u32,
    /// The move in the game's notation (`4`, `h8`, `pass`).
    pub mv: String,
    #[serde(default, skip_serializing_if = "SavedNotes::is_empty")]
    pub notes: SavedNotes,
}

/// A node's comment and marks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedNotes {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub comment: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<MoveMark>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub point_marks: Vec<(Spot, PointMark)>,
}

impl SavedNotes {
    fn is_empty(&self) -> bool {
        *self == SavedNotes::default()
    }

    fn of(tree: &Tree<BoardMove>, id: NodeId) -> SavedNotes {
        SavedNotes {
            comment: tree.comment(id).to_string(),
            mark: tree.mark(id),
            point_marks: tree.point_marks(id).to_vec(),
        }
    }
}

/// An analysis read back: every move legal, the node on show in the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedAnalysis {
    pub setup: Setup,
    pub tree: Tree<BoardMove>,
    pub shown: NodeId,
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
    /// The analysis is broken: a node before its parent, a move that cannot
    /// be read, a mark off the board, a position of another game.
    BadAnalysis(String),
    /// A move of the analysis that is not legal where it stands: `line` is
    /// the moves from the set-up up to it, the illegal one last.
    IllegalAnalysisMove {
        line: String,
        reason: String,
    },
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
            LoadError::BadAnalysis(why) => write!(f, "has a broken analysis: {why}"),
            LoadError::IllegalAnalysisMove { line, reason } => {
                write!(f, "has an illegal move in its analysis ({line}): {reason}")
            }
        }
    }
}

impl std::error::Error for LoadError {}

impl SaveFile {
    /// The same, with the opening's actions.
    pub fn with_opening(self, opening: Option<&Opening>) -> SaveFile {
        SaveFile {
            format: if opening.is_some() {
                self.format.max(FORMAT_OPENING)
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
            analysis: None,
            clock: None,
        }
    }

    /// The same, holding an analysis: `tree` played from `setup`, shown at
    /// `shown` (the root when that is not in the tree).
    pub fn with_analysis(self, setup: &Setup, tree: &Tree<BoardMove>, shown: NodeId) -> SaveFile {
        let order = tree.preorder();
        let index: std::collections::HashMap<NodeId, u32> = order
            .iter()
            .enumerate()
            .map(|(i, &id)| (id, i as u32))
            .collect();
        let nodes = order
            .iter()
            .filter_map(|&id| {
                let (parent, mv) = (tree.parent(id)?, tree.mv(id)?);
                Some(SavedNode {
                    parent: index.get(&parent).copied().unwrap_or(0),
                    mv: move_text(*mv),
                    notes: SavedNotes::of(tree, id),
                })
            })
            .collect();
        SaveFile {
            format: FORMAT,
            analysis: Some(SavedAnalysis {
                setup: setup.clone(),
                root: SavedNotes::of(tree, tree.root()),
                nodes,
                shown: index.get(&shown).copied().unwrap_or(0),
            }),
            ..self
        }
    }

    /// The same, with the clocks of a timed game.
    pub fn with_clock(self, clock: Option<&GameClock>) -> SaveFile {
        SaveFile {
            clock: clock.cloned(),
            ..self
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
        let board = Gomoku::empty(size, rule);
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
    /// An analysis in the file is checked too (see [`SaveFile::replay_analysis`]).
    pub fn replay(&self) -> Result<MatchGame, LoadError> {
        self.replay_analysis()?;
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

    /// The analysis the file holds (`None` without one), every node's move
    /// replayed through the rules from the set-up's position.
    pub fn replay_analysis(&self) -> Result<Option<LoadedAnalysis>, LoadError> {
        let Some(saved) = &self.analysis else {
            return Ok(None);
        };
        let bad = LoadError::BadAnalysis;
        let kind = self.setup.kind;
        if saved.setup.kind() != kind {
            return Err(bad("its position is of another game".into()));
        }
        let mut tree = Tree::new();
        let root = tree.root();
        set_notes(&mut tree, root, &saved.root, kind)?;
        let mut game = match saved.setup.game() {
            Ok(game) => Some(game),
            Err(_) if saved.nodes.is_empty() => None,
            Err(e) => {
                return Err(bad(format!(
                    "its moves follow a position that cannot be played: {e}"
                )));
            }
        };
        // For each record (0 the root): its tree node, its parent, its move.
        let mut ids = vec![root];
        let mut parents = vec![0usize];
        let mut moves = vec![BoardMove::Pass];
        // The records whose moves are on `game`, in order.
        let mut on_board: Vec<usize> = Vec::new();
        for (i, node) in saved.nodes.iter().enumerate() {
            let index = i + 1;
            let parent = node.parent as usize;
            if parent >= index {
                return Err(bad(format!("move {index} comes before its parent")));
            }
            let mv = read_move(kind, &node.mv)
                .map_err(|why| bad(format!("move {index} ({:?}) {why}", node.mv)))?;
            let Some(game) = game.as_mut() else {
                return Err(bad("it has moves but no position to play them".into()));
            };
            // Take back to where the parent's line forks from the board's,
            // then play the parent's line: each move was checked as it came.
            let mut line = Vec::new();
            let mut n = parent;
            while n != 0 {
                line.push(n);
                n = parents[n];
            }
            line.reverse();
            let common = on_board
                .iter()
                .zip(&line)
                .take_while(|(a, b)| a == b)
                .count();
            while on_board.len() > common {
                game.undo();
                on_board.pop();
            }
            for &n in &line[common..] {
                game.play(moves[n])
                    .map_err(|e| bad(format!("move {n} ({}) no longer plays: {e}", moves[n])))?;
                on_board.push(n);
            }
            game.play(mv).map_err(|e| LoadError::IllegalAnalysisMove {
                line: line
                    .iter()
                    .map(|&n| moves[n])
                    .chain([mv])
                    .map(move_text)
                    .collect::<Vec<_>>()
                    .join(" "),
                reason: e.to_string(),
            })?;
            on_board.push(index);
            let id = tree.add(ids[parent], mv);
            set_notes(&mut tree, id, &node.notes, kind)?;
            ids.push(id);
            parents.push(parent);
            moves.push(mv);
        }
        let shown = ids
            .get(saved.shown as usize)
            .copied()
            .ok_or_else(|| bad(format!("the move shown, {}, is not in it", saved.shown)))?;
        Ok(Some(LoadedAnalysis {
            setup: saved.setup.clone(),
            tree,
            shown,
        }))
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
                let board = Gomoku::empty(size, rule);
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

    /// Writes the file atomically; a save too large for [`SaveFile::read`]
    /// to take back (a huge study) is refused, not written.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        let text = self.to_text()?;
        if text.len() as u64 > SIZE_LIMIT {
            return Err(format!(
                "too large to save: {} KB, where a save holds at most {} KB",
                text.len() / 1024,
                SIZE_LIMIT / 1024
            ));
        }
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

/// A move of an analysis in the game's notation (`4`, `h8`, `pass`).
fn move_text(mv: BoardMove) -> String {
    match mv {
        BoardMove::Column(c) => connect_four::format_moves(&[c]),
        BoardMove::Point(p) => p.to_string(),
        BoardMove::Pass => gomoku::Move::PASS.to_string(),
    }
}

/// One move of an analysis in the notation of `kind`'s game.
fn read_move(kind: GameKind, text: &str) -> Result<BoardMove, String> {
    let moves: Vec<BoardMove> = match kind {
        GameKind::ConnectFour { .. } => connect_four::parse_moves(text)
            .map_err(|e| e.to_string())?
            .into_iter()
            .map(BoardMove::Column)
            .collect(),
        GameKind::Gomoku { .. } => gomoku::parse_moves(text)
            .map_err(|e| e.to_string())?
            .into_iter()
            .map(BoardMove::from)
            .collect(),
    };
    match moves[..] {
        [mv] => Ok(mv),
        _ => Err("is not one move".into()),
    }
}

/// Puts a saved node's notes on `id`, refusing a mark off `kind`'s board.
fn set_notes(
    tree: &mut Tree<BoardMove>,
    id: NodeId,
    notes: &SavedNotes,
    kind: GameKind,
) -> Result<(), LoadError> {
    tree.set_comment(id, notes.comment.as_str());
    tree.set_mark(id, notes.mark);
    for &(spot, mark) in &notes.point_marks {
        let on_board = match (kind, spot) {
            (GameKind::ConnectFour { size }, Spot::Cell(c)) => {
                c.column < size.columns() && c.row < size.rows()
            }
            (GameKind::Gomoku { size, .. }, Spot::Point(p)) => p.x < size.get() && p.y < size.get(),
            _ => false,
        };
        if !on_board {
            return Err(LoadError::BadAnalysis(format!(
                "a mark is off the board: {spot:?}"
            )));
        }
        if !tree.point_marks(id).contains(&(spot, mark)) {
            tree.toggle_point_mark(id, spot, mark);
        }
    }
    Ok(())
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
