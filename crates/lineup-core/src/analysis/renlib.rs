//! Reads RenLib `.lib` files: the Renju libraries of the classic Windows
//! program, a tree of moves with comments, marks and board texts. Players
//! have kept their opening studies in this format for twenty years; this
//! lets the analysis board open them. Reading only: Lineup writes SGF.
//!
//! The format, as RenLib's published source reads it (our own reader, not
//! a port). A 20-byte header, `FF "RenLib" FF`, then the file version's
//! major and minor bytes (3.0 or 3.4 in the wild) and ten `FF` bytes; very
//! old files have no header and start with the centre's move. Then one
//! record per node, in preorder (a node, its first line, then its other
//! lines):
//!
//! - a move byte: the column (1 = `a`) in the low four bits and the row
//!   *from the top*, less one, in the high four, so `0x78` is `h8` and
//!   `0x01` is `a15`; `0x00` is no point (the root, or a pass);
//! - a flag byte: `0x80` more siblings follow this node's lines, `0x40` the
//!   node has no child (the end of a line), `0x20` an old 7-bit comment
//!   follows, `0x10` a marked move, `0x08` a comment follows, `0x04` a
//!   start mark, `0x02` no stone (a board text only), `0x01` two more
//!   flag bytes follow (bit 0 of the second: a board text follows);
//! - the comment: bytes read two at a time up to a zero, a title and its
//!   text split by byte 8, in the writer's Windows code page; an old comment
//!   ends at the byte with its top bit set and uses Swedish 7-bit letters;
//! - the board text, as a comment, if flagged.
//!
//! A node that ends a line goes back to the node of the last "more
//! siblings" flag still open; the next record is that node's sibling.
//!
//! In Lineup's tree: a comment is the node's comment (title, then text);
//! RenLib's one mark, a bookmark, is the move mark "interesting"; a board
//! text is a one-letter label on its point in the position before the node
//! (a stone-less node is only that label, and lines after it are dropped);
//! start marks are not kept, Lineup has no such note. Two records of one
//! move under one parent merge into one node, as in RenLib.
//!
//! RenLib never checked the rules, so a library may hold a line that goes
//! on after a foul, a five or a pass. Such a line is cut where the rules
//! refuse it, with a note in the comment of the last move kept (and in
//! [`Cut`]), rather than refusing the whole file: one stray move among
//! thousands should not cost the player the library. Every move kept was
//! played through the Renju rules from the empty board, so the tree always
//! passes [`Study::from_parts`](super::study::Study::from_parts).

use super::setup::{NotPlayable, Setup, Spot};
use super::tree::{MoveMark, NodeId, PointMark, Tree};
use crate::match_setup::GameKind;
use crate::rules::{BoardMove, GomokuSize, MatchGame, MoveError, Point, RuleSet};
use std::fmt;

/// A file larger than this is refused before it is read: up to 4 million
/// records, a hundred times RenLib's largest sample library (37 thousand
/// moves in 97 KB), and a tree that size already costs hundreds of MB.
pub const SIZE_LIMIT: usize = 8 * 1024 * 1024;
/// No legal line on 15×15 is longer than a stone on every point; moves past
/// a cut are only walked over, so this bounds what a hostile file can pile
/// up on the way.
const DEPTH_LIMIT: usize = 2 * RENLIB_SIZE.cells() + 2;
/// RenLib's board is always 15×15.
const RENLIB_SIZE: GomokuSize = GomokuSize::STANDARD;
const HEADER: [u8; 8] = [0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF];
const HEADER_LEN: usize = 20;
/// The newest version RenLib itself reads (3.4); a newer file may mean
/// something else by its bits.
const NEWEST_VERSION: (u8, u8) = (3, 4);
/// A headerless file (RenLib's oldest) starts with the centre's move.
const CENTRE: u8 = 0x78;

const MORE_SIBLINGS: u8 = 0x80;
const LINE_ENDS: u8 = 0x40;
const OLD_COMMENT: u8 = 0x20;
const MARK: u8 = 0x10;
const COMMENT: u8 = 0x08;
const NO_STONE: u8 = 0x02;
const EXTENSION: u8 = 0x01;
/// In the second extension byte.
const BOARD_TEXT: u8 = 0x01;
/// Splits a comment's title from its text.
const TITLE_END: u8 = 0x08;

/// Why a file could not be read as a RenLib library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RenlibError {
    TooLarge {
        bytes: usize,
    },
    /// Neither RenLib's header nor a headerless library.
    NotRenlib,
    /// Written by a RenLib newer than any this reader knows.
    NewerVersion {
        major: u8,
        minor: u8,
    },
    /// The file ends inside the record or text that starts at `offset`.
    Truncated {
        offset: usize,
    },
    /// The record at `offset` names a point off the 15×15 board.
    BadPoint {
        offset: usize,
        byte: u8,
    },
    /// A line is longer than any game can be.
    TooDeep {
        offset: usize,
    },
    /// The empty Renju board could not be played from (never expected).
    Unplayable(NotPlayable),
}

impl fmt::Display for RenlibError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenlibError::TooLarge { bytes } => write!(
                f,
                "the RenLib file is too large ({} KB, the limit is {} KB)",
                bytes / 1024,
                SIZE_LIMIT / 1024
            ),
            RenlibError::NotRenlib => f.write_str("not a RenLib library (.lib)"),
            RenlibError::NewerVersion { major, minor } => write!(
                f,
                "the RenLib file is of version {major}.{minor}, newer than {}.{} this reads",
                NEWEST_VERSION.0, NEWEST_VERSION.1
            ),
            RenlibError::Truncated { offset } => {
                write!(f, "the RenLib file ends inside the record at byte {offset}")
            }
            RenlibError::BadPoint { offset, byte } => write!(
                f,
                "the RenLib record at byte {offset} names no point of the board (0x{byte:02x})"
            ),
            RenlibError::TooDeep { offset } => write!(
                f,
                "the RenLib file has a line longer than any game (at byte {offset})"
            ),
            RenlibError::Unplayable(why) => write!(f, "the empty board cannot be played: {why}"),
        }
    }
}

impl std::error::Error for RenlibError {}

/// A line cut where the rules refused it: move `depth` (1 = the first) of
/// the line, `mv`, would have been played after node `after`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cut {
    pub after: NodeId,
    pub depth: usize,
    pub mv: BoardMove,
    pub error: MoveError,
}

/// A library read: an empty Renju board, the tree, and the lines cut.
#[derive(Clone, Debug)]
pub struct Renlib {
    pub setup: Setup,
    pub tree: Tree<BoardMove>,
    pub cuts: Vec<Cut>,
}

/// Reads a RenLib library onto an empty 15×15 Renju board. Lines the rules
/// refuse are cut, each with a note in the comment where it stops.
pub fn read_renlib(bytes: &[u8]) -> Result<(Setup, Tree<BoardMove>), RenlibError> {
    read_renlib_with_cuts(bytes).map(|lib| (lib.setup, lib.tree))
}

/// [`read_renlib`], also telling which lines were cut, so that the board
/// can say so rather than leave it to be found in the comments.
pub fn read_renlib_with_cuts(bytes: &[u8]) -> Result<Renlib, RenlibError> {
    if bytes.len() > SIZE_LIMIT {
        return Err(RenlibError::TooLarge { bytes: bytes.len() });
    }
    let start = body_start(bytes)?;
    let setup = Setup::empty(&GameKind::Gomoku {
        size: RENLIB_SIZE,
        rule: RuleSet::Renju,
    });
    let game = setup.game().map_err(RenlibError::Unplayable)?;
    let mut builder = Builder {
        tree: Tree::new(),
        game,
        line: Vec::new(),
        forks: Vec::new(),
        cuts: Vec::new(),
    };
    let mut bytes = Bytes { bytes, at: start };
    let mut first = true;
    while !bytes.is_done() {
        let record = Record::read(&mut bytes)?;
        if std::mem::take(&mut first) && record.byte == 0 {
            // The root: the empty board's own notes.
            let root = builder.tree.root();
            builder.note(root, &record);
            builder.close(&record, 0);
            continue;
        }
        builder.add(&record)?;
    }
    Ok(Renlib {
        setup,
        tree: builder.tree,
        cuts: builder.cuts,
    })
}

/// Where the records start, after checking the header.
fn body_start(bytes: &[u8]) -> Result<usize, RenlibError> {
    if bytes.starts_with(&HEADER) {
        let (Some(&major), Some(&minor)) = (bytes.get(8), bytes.get(9)) else {
            return Err(RenlibError::NotRenlib);
        };
        if (major, minor) > NEWEST_VERSION {
            return Err(RenlibError::NewerVersion { major, minor });
        }
        if bytes.len() < HEADER_LEN {
            return Err(RenlibError::NotRenlib);
        }
        Ok(HEADER_LEN)
    } else if bytes.first() == Some(&CENTRE) {
        Ok(0)
    } else {
        Err(RenlibError::NotRenlib)
    }
}

/// The file's bytes, read two at a time as RenLib writes them.
struct Bytes<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Bytes<'_> {
    fn is_done(&self) -> bool {
        self.at >= self.bytes.len()
    }

    /// The next two bytes; `from` is where the record began, for the error.
    fn pair(&mut self, from: usize) -> Result<(u8, u8), RenlibError> {
        match self.bytes.get(self.at..self.at + 2) {
            Some(&[a, b]) => {
                self.at += 2;
                Ok((a, b))
            }
            _ => Err(RenlibError::Truncated { offset: from }),
        }
    }

    /// A text up to its zero byte (the pair it ends in is used up).
    fn zero_ended(&mut self, from: usize) -> Result<Vec<u8>, RenlibError> {
        let mut text = Vec::new();
        loop {
            let (a, b) = self.pair(from)?;
            if a == 0 {
                return Ok(text);
            }
            text.push(a);
            if b == 0 {
                return Ok(text);
            }
            text.push(b);
        }
    }

    /// An old comment: up to and with the byte whose top bit is set.
    fn top_bit_ended(&mut self, from: usize) -> Result<Vec<u8>, RenlibError> {
        let mut text = Vec::new();
        loop {
            let (a, b) = self.pair(from)?;
            text.push(a);
            if a & 0x80 != 0 {
                return Ok(text);
            }
            text.push(b);
            if b & 0x80 != 0 {
                return Ok(text);
            }
        }
    }
}

/// One node of the file, its texts decoded.
struct Record {
    offset: usize,
    byte: u8,
    flags: u8,
    comment: String,
    board_text: String,
}

impl Record {
    fn read(bytes: &mut Bytes) -> Result<Record, RenlibError> {
        let offset = bytes.at;
        let (byte, flags) = bytes.pair(offset)?;
        let extension = if flags & EXTENSION != 0 {
            bytes.pair(offset)?.1
        } else {
            0
        };
        // RenLib reads the old form when both are flagged.
        let comment = if flags & OLD_COMMENT != 0 {
            comment_text(&swedish_7bit(&bytes.top_bit_ended(offset)?))
        } else if flags & COMMENT != 0 {
            comment_text(&windows_text(&bytes.zero_ended(offset)?))
        } else {
            String::new()
        };
        let board_text = if extension & BOARD_TEXT != 0 {
            windows_text(&bytes.zero_ended(offset)?)
        } else {
            String::new()
        };
        Ok(Record {
            offset,
            byte,
            flags,
            comment,
            board_text,
        })
    }

    fn has(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }

    /// The record's point, `None` for no point.
    fn point(&self) -> Result<Option<Point>, RenlibError> {
        if self.byte == 0 {
            return Ok(None);
        }
        let (column, row_from_top) = (self.byte & 0x0F, self.byte >> 4);
        if column == 0 || row_from_top >= RENLIB_SIZE.get() {
            return Err(RenlibError::BadPoint {
                offset: self.offset,
                byte: self.byte,
            });
        }
        Ok(Some(Point::new(
            column - 1,
            RENLIB_SIZE.get() - 1 - row_from_top,
        )))
    }
}

/// What one level of the line being read became.
#[derive(Clone, Copy)]
enum Level {
    /// A move played and in the tree.
    Kept(NodeId),
    /// Not in the tree (a cut line, a board text): nor is anything after it.
    Dropped,
}

/// The tree as it grows, with the line being read played on `game`.
struct Builder {
    tree: Tree<BoardMove>,
    /// The position at the end of the kept part of `line`.
    game: MatchGame,
    /// The levels from the first move to the last record read.
    line: Vec<Level>,
    /// Lengths of `line` at the nodes whose siblings are still to come.
    forks: Vec<usize>,
    cuts: Vec<Cut>,
}

impl Builder {
    fn add(&mut self, record: &Record) -> Result<(), RenlibError> {
        let point = record.point()?;
        if self.line.len() >= DEPTH_LIMIT {
            return Err(RenlibError::TooDeep {
                offset: record.offset,
            });
        }
        let parent = match self.line.last() {
            None => Some(self.tree.root()),
            Some(Level::Kept(id)) => Some(*id),
            Some(Level::Dropped) => None,
        };
        let level = match parent {
            None => Level::Dropped,
            Some(parent) if record.has(NO_STONE) => {
                // A text on the parent's board, no stone: a label there.
                self.label(parent, point, &record.board_text);
                append_comment(&mut self.tree, parent, &record.comment);
                Level::Dropped
            }
            Some(parent) => {
                let mv = point.map_or(BoardMove::Pass, BoardMove::Point);
                match self.game.play(mv) {
                    Ok(()) => {
                        let id = self.tree.add(parent, mv);
                        self.label(parent, point, &record.board_text);
                        self.note(id, record);
                        Level::Kept(id)
                    }
                    Err(error) => {
                        self.cut(parent, mv, error);
                        Level::Dropped
                    }
                }
            }
        };
        self.line.push(level);
        self.close(record, self.line.len());
        Ok(())
    }

    /// The record's comment and mark on node `id`.
    fn note(&mut self, id: NodeId, record: &Record) {
        append_comment(&mut self.tree, id, &record.comment);
        if record.has(MARK) && id != self.tree.root() && self.tree.mark(id).is_none() {
            // RenLib's one mark is a bookmark, neither good nor bad.
            self.tree.set_mark(id, Some(MoveMark::Interesting));
        }
    }

    /// A board text shows on its point in the parent's position; Lineup's
    /// labels are one character, so a longer text keeps its first.
    fn label(&mut self, parent: NodeId, point: Option<Point>, text: &str) {
        let (Some(point), Some(letter)) = (point, text.trim().chars().next()) else {
            return;
        };
        let (spot, mark) = (Spot::Point(point), PointMark::Letter(letter));
        if !self.tree.point_marks(parent).contains(&(spot, mark)) {
            self.tree.toggle_point_mark(parent, spot, mark);
        }
    }

    fn cut(&mut self, after: NodeId, mv: BoardMove, error: MoveError) {
        let depth = self.line.len() + 1;
        let note = format!("RenLib: the line going on with move {depth}, {mv}, was cut: {error}.");
        append_comment(&mut self.tree, after, &note);
        self.cuts.push(Cut {
            after,
            depth,
            mv,
            error,
        });
    }

    /// The record's tree flags, `length` being the line's length with it:
    /// a fork to come back to, and the end of a line, back to the last fork.
    fn close(&mut self, record: &Record, length: usize) {
        if record.has(MORE_SIBLINGS) {
            self.forks.push(length);
        }
        if record.has(LINE_ENDS)
            && let Some(fork) = self.forks.pop()
        {
            // The fork's node goes too: its sibling comes next.
            while self.line.len() > fork.saturating_sub(1) {
                if let Some(Level::Kept(_)) = self.line.pop() {
                    self.game.undo();
                }
            }
        }
    }
}

/// Adds `text` to the node's comment on a line of its own (two records of
/// one move, merged as RenLib merges them, keep both texts).
fn append_comment(tree: &mut Tree<BoardMove>, id: NodeId, text: &str) {
    if text.is_empty() || tree.comment(id).contains(text) {
        return;
    }
    let comment = match tree.comment(id) {
        "" => text.to_string(),
        earlier => format!("{earlier}\n{text}"),
    };
    tree.set_comment(id, comment);
}

/// A comment's title and text on lines of their own, Windows line ends made
/// plain.
fn comment_text(raw: &str) -> String {
    let raw = raw.replace("\r\n", "\n");
    let (title, text) = raw.split_once(char::from(TITLE_END)).unwrap_or((&raw, ""));
    let (title, text) = (title.trim_end(), text.trim_end());
    match (title.is_empty(), text.is_empty()) {
        (_, true) => title.to_string(),
        (true, false) => text.to_string(),
        (false, false) => format!("{title}\n{text}"),
    }
}

/// RenLib writes in the Windows code page of the writer's machine, which the
/// file does not name. UTF-8 is taken as such (and plain ASCII is both);
/// anything else is read as Windows-1252, RenLib's Western default, so a
/// library in another code page (Chinese GBK, say) shows wrong letters
/// rather than nothing.
fn windows_text(bytes: &[u8]) -> String {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return text.to_string();
    }
    bytes.iter().map(|&b| windows_1252(b)).collect()
}

/// One byte of Windows-1252; its five unassigned bytes stay the control
/// characters of the same number, as Windows maps them.
fn windows_1252(byte: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž',
        '\u{8F}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}',
        'ž', 'Ÿ',
    ];
    match byte {
        0x80..=0x9F => HIGH[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}

/// An old comment: 7-bit Swedish ASCII (SIS 636 61), where the brackets
/// stand for Å, Ä, Ö and their small letters; the top bit only ends it.
fn swedish_7bit(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| match b & 0x7F {
            b'}' => 'å',
            b'{' => 'ä',
            b'|' => 'ö',
            b']' => 'Å',
            b'[' => 'Ä',
            b'\\' => 'Ö',
            plain => char::from(plain),
        })
        .collect()
}
