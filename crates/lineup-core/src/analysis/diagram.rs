//! The text forms a position is pasted in and copied out as: move strings
//! (`h8i9j10`, Connect Four's `4453`), Gomocalc's position code (a move
//! string where `--` is a pass), Piskvork `.psq` files, and board diagrams
//! (rows of `.`/`x`/`o` as books and forums print them).
//!
//! Why diagrams as well as moves: a position from a book or a puzzle has no
//! move order, and a set-up position may have counts no game reaches. The
//! diagram [`diagram`] writes is one [`paste`] reads back to the same
//! [`Setup`]; paste also reads the usual variants (`X`/`O`, `+`/`-` for
//! empty, `●`/`○` on box-drawing grids, with or without coordinates).
//!
//! A diagram is read as drawn: its first row is the top of the board,
//! whatever its labels say, and a line such as `White to move` picks the
//! side to move (otherwise the counts do).

use super::psq;
use super::setup::{Setup, SetupEdit, SetupRefusal, Spot};
use crate::match_setup::GameKind;
use crate::rules::connect_four::{self, Cell};
use crate::rules::gomoku;
use crate::rules::{BoardMove, Column, MoveError, ParseError, Point, Side};
use std::fmt;

/// What a pasted text turned out to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pasted {
    /// Moves from the empty board, each legal in turn: the caller plays them.
    Moves(Vec<BoardMove>),
    /// A position: a diagram, or moves that only make sense as stones (a
    /// Gomocalc or `.psq` pass the rules would not allow in play).
    Position(Setup),
}

/// Why a pasted text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PasteError {
    /// Nothing but blanks.
    Empty,
    /// A `.psq` file holds a Gomoku game, not a Connect Four one.
    PsqNotConnectFour,
    /// The `.psq` text itself is broken (the reader's words).
    Psq(String),
    /// The `.psq` board is `found`×`found`, this one `expected`×`expected`.
    PsqSize { expected: u8, found: u8 },
    /// Not a move string this game reads.
    Moves(ParseError),
    /// Move `index` (0-based) cannot be played after the ones before it.
    IllegalMove {
        index: usize,
        mv: BoardMove,
        error: MoveError,
    },
    /// Move `index` (0-based) puts a stone where the setup refuses one (on
    /// another, off the board), read as stones because of a pass.
    StoneRefused { index: usize, refusal: SetupRefusal },
    /// A diagram with `found` rows for a board of `expected`.
    Rows { expected: usize, found: usize },
    /// Diagram row `row` (1-based from the top) has `found` places, the
    /// board `expected`.
    RowLength {
        row: usize,
        expected: usize,
        found: usize,
    },
    /// Connect Four: a disc in column `column` (0-based) rests on nothing.
    Floating { column: u8 },
    /// A "... to move" line naming no side this reader knows.
    UnknownSide(String),
    /// The setup refused what the text asks (Connect Four: a side to move
    /// the counts do not give).
    Refused(SetupRefusal),
}

impl fmt::Display for PasteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PasteError::Empty => f.write_str("there is nothing to paste"),
            PasteError::PsqNotConnectFour => f.write_str("a .psq file holds a Gomoku game"),
            PasteError::Psq(reason) => write!(f, "not a readable .psq file: {reason}"),
            PasteError::PsqSize { expected, found } => write!(
                f,
                "the .psq game is on a {found}x{found} board, this board is {expected}x{expected}"
            ),
            PasteError::Moves(e) => write!(f, "not a move string: {e}"),
            PasteError::IllegalMove { index, mv, error } => {
                write!(f, "move {} ({mv}): {error}", index + 1)
            }
            PasteError::StoneRefused { index, refusal } => {
                write!(f, "move {}: {refusal}", index + 1)
            }
            PasteError::Rows { expected, found } => {
                write!(f, "the diagram has {found} rows, the board {expected}")
            }
            PasteError::RowLength {
                row,
                expected,
                found,
            } => write!(
                f,
                "row {row} of the diagram has {found} places, the board {expected}"
            ),
            PasteError::Floating { column } => {
                write!(f, "a disc in column {} has nothing under it", column + 1)
            }
            PasteError::UnknownSide(line) => write!(f, "'{line}' names no side"),
            PasteError::Refused(refusal) => refusal.fmt(f),
        }
    }
}

impl std::error::Error for PasteError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PasteError::Moves(e) => Some(e),
            PasteError::IllegalMove { error, .. } => Some(error),
            PasteError::Refused(refusal) | PasteError::StoneRefused { refusal, .. } => {
                Some(refusal)
            }
            _ => None,
        }
    }
}

/// Reads a move string, Gomocalc position code, `.psq` text or board
/// diagram for a board of `kind`.
pub fn paste(text: &str, kind: &GameKind) -> Result<Pasted, PasteError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(PasteError::Empty);
    }
    let kind = Setup::empty(kind).kind();
    if text.starts_with("Piskvorky") {
        return paste_psq(text, kind);
    }
    // Two rows make a diagram: no move string has a line of board places only.
    let rows: Vec<_> = text.lines().filter_map(|l| board_row(l, kind)).collect();
    if rows.len() >= 2 {
        return paste_diagram(text, rows, kind).map(Pasted::Position);
    }
    let moves = match kind {
        GameKind::ConnectFour { .. } => connect_four_moves(text)?,
        GameKind::Gomoku { .. } => gomocalc_moves(text)?,
    };
    moves_or_position(moves, kind)
}

/// The position as a board diagram that [`paste`] reads back: `x` for
/// Black (red), `o` for White (yellow), `.` for empty, the top row first,
/// coordinates as the notation writes them, then who moves.
pub fn diagram(setup: &Setup) -> String {
    let kind = setup.kind();
    let mut text = String::new();
    match kind {
        GameKind::Gomoku { size, .. } => {
            let size = size.get();
            for y in (0..size).rev() {
                text.push_str(&format!("{:>2}", y + 1));
                for x in 0..size {
                    text.push(' ');
                    text.push(mark(setup.at(Spot::Point(Point::new(x, y)))));
                }
                text.push('\n');
            }
            text.push_str("  ");
            for x in 0..size {
                text.push(' ');
                text.push(char::from(b'a' + x));
            }
        }
        GameKind::ConnectFour { size } => {
            for row in (0..size.rows()).rev() {
                let marks: Vec<String> = (0..size.columns())
                    .map(|column| mark(setup.at(Spot::Cell(Cell { column, row }))).to_string())
                    .collect();
                text.push_str(&marks.join(" "));
                text.push('\n');
            }
            let labels: Vec<String> = (1..=size.columns()).map(|c| c.to_string()).collect();
            text.push_str(&labels.join(" "));
        }
    }
    text.push('\n');
    text.push_str(kind.side_name(setup.to_move()));
    text.push_str(" to move\n");
    text
}

fn mark(side: Option<Side>) -> char {
    match side {
        Some(Side::First) => 'x',
        Some(Side::Second) => 'o',
        None => '.',
    }
}

/// What one character of a diagram row is: a piece, an empty place, or
/// drawing between places. ([`glyph`] gives `None` for any other
/// character: the line is then no board row.)
enum Glyph {
    Place(Option<Side>),
    Between,
}

fn glyph(ch: char, kind: GameKind) -> Option<Glyph> {
    let connect_four = matches!(kind, GameKind::ConnectFour { .. });
    Some(match ch {
        'x' | 'X' | '●' | '⚫' => Glyph::Place(Some(Side::First)),
        'o' | 'O' | '○' | '⚪' => Glyph::Place(Some(Side::Second)),
        // Red's and yellow's initials: Connect Four only, where they name
        // discs; on a Gomoku board they can only be a typing slip.
        'r' | 'R' if connect_four => Glyph::Place(Some(Side::First)),
        'y' | 'Y' if connect_four => Glyph::Place(Some(Side::Second)),
        '.' | '+' | '-' | '_' | '·' | '┼' | '┌' | '┬' | '┐' | '├' | '┤' | '└' | '┴' | '┘' => {
            Glyph::Place(None)
        }
        '─' | '│' | '|' => Glyph::Between,
        c if c.is_whitespace() => Glyph::Between,
        _ => return None,
    })
}

/// The places of a diagram row, left to right, or `None` when the line is
/// something else (labels, a title, who moves). Row numbers at either end
/// are labels and skipped.
fn board_row(line: &str, kind: GameKind) -> Option<Vec<Option<Side>>> {
    let label = |c: char| c.is_ascii_digit() || c.is_whitespace();
    let body = line.trim_matches(label);
    let mut places = Vec::new();
    for ch in body.chars() {
        match glyph(ch, kind)? {
            Glyph::Place(place) => places.push(place),
            Glyph::Between => {}
        }
    }
    (!places.is_empty()).then_some(places)
}

/// The side a "... to move" (or "... to play") line names: `None` when the
/// line is not one.
fn side_line(line: &str) -> Option<Result<Side, PasteError>> {
    let lower = line.trim().to_lowercase();
    if !(lower.contains("to move") || lower.contains("to play")) {
        return None;
    }
    let word = lower.split_whitespace().next().unwrap_or_default();
    Some(match word {
        "black" | "x" | "b" | "red" | "r" | "●" => Ok(Side::First),
        "white" | "o" | "w" | "yellow" | "y" | "○" => Ok(Side::Second),
        _ => Err(PasteError::UnknownSide(line.trim().to_string())),
    })
}

fn paste_diagram(
    text: &str,
    rows: Vec<Vec<Option<Side>>>,
    kind: GameKind,
) -> Result<Setup, PasteError> {
    let (columns, height) = match kind {
        GameKind::Gomoku { size, .. } => (size.get() as usize, size.get() as usize),
        GameKind::ConnectFour { size } => (size.columns() as usize, size.rows() as usize),
    };
    if rows.len() != height {
        return Err(PasteError::Rows {
            expected: height,
            found: rows.len(),
        });
    }
    if let Some((i, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != columns) {
        return Err(PasteError::RowLength {
            row: i + 1,
            expected: columns,
            found: row.len(),
        });
    }
    let mut setup = Setup::empty(&kind);
    for (x, column) in (0..columns).zip(0u8..) {
        // Bottom up, so Connect Four's discs drop to where they are drawn.
        let mut floor = true;
        for (y, row) in rows.iter().rev().enumerate() {
            let Some(side) = row[x] else {
                floor = false;
                continue;
            };
            let at = match kind {
                GameKind::Gomoku { .. } => BoardMove::Point(Point::new(column, y as u8)),
                GameKind::ConnectFour { .. } if floor => BoardMove::Column(Column(column)),
                GameKind::ConnectFour { .. } => return Err(PasteError::Floating { column }),
            };
            setup
                .apply(SetupEdit::Place { at, side })
                .map_err(PasteError::Refused)?;
        }
    }
    if let Some(side) = text.lines().find_map(side_line) {
        setup
            .apply(SetupEdit::SideToMove(side?))
            .map_err(PasteError::Refused)?;
    }
    Ok(setup)
}

fn paste_psq(text: &str, kind: GameKind) -> Result<Pasted, PasteError> {
    let GameKind::Gomoku { size, .. } = kind else {
        return Err(PasteError::PsqNotConnectFour);
    };
    let size = size.get();
    let (found, moves) = psq::parse(text).map_err(PasteError::Psq)?;
    if found != size {
        return Err(PasteError::PsqSize {
            expected: size,
            found,
        });
    }
    moves_or_position(moves.into_iter().map(BoardMove::from).collect(), kind)
}

/// Connect Four's digit string, blanks allowed between the digits.
fn connect_four_moves(text: &str) -> Result<Vec<BoardMove>, PasteError> {
    let (offsets, digits): (Vec<usize>, String) = text
        .char_indices()
        .filter(|(_, ch)| !ch.is_whitespace())
        .unzip();
    connect_four::parse_moves(&digits)
        .map(|columns| columns.into_iter().map(BoardMove::Column).collect())
        .map_err(|mut e| {
            // Back to the offset in the text as pasted.
            e.offset = offsets.get(e.offset).copied().unwrap_or(e.offset);
            PasteError::Moves(e)
        })
}

/// A Gomoku move string, where Gomocalc's `--` is a pass.
fn gomocalc_moves(text: &str) -> Result<Vec<BoardMove>, PasteError> {
    let mut moves = Vec::new();
    let mut start = 0;
    for (n, piece) in text.split("--").enumerate() {
        if n > 0 {
            moves.push(BoardMove::Pass);
        }
        let parsed = gomoku::parse_moves(piece).map_err(|mut e| {
            e.offset += start;
            PasteError::Moves(e)
        })?;
        moves.extend(parsed.into_iter().map(BoardMove::from));
        start += piece.len() + 2;
    }
    Ok(moves)
}

/// The moves as moves when each is legal in turn; as a position when the
/// only trouble is a pass the rules allow only with no point left (Gomocalc
/// and `.psq` files pass freely, to hand the move to the other side).
fn moves_or_position(moves: Vec<BoardMove>, kind: GameKind) -> Result<Pasted, PasteError> {
    let mut game = kind.new_game();
    for (index, &mv) in moves.iter().enumerate() {
        match game.play(mv) {
            Ok(()) => {}
            Err(MoveError::CannotPass) if mv == BoardMove::Pass => {
                return position_of(&moves, kind).map(Pasted::Position);
            }
            Err(error) => return Err(PasteError::IllegalMove { index, mv, error }),
        }
    }
    Ok(Pasted::Moves(moves))
}

/// The stones the moves leave, each of the side whose turn it was, and the
/// turn after the last.
fn position_of(moves: &[BoardMove], kind: GameKind) -> Result<Setup, PasteError> {
    let mut setup = Setup::empty(&kind);
    let mut side = Side::First;
    for (index, &mv) in moves.iter().enumerate() {
        if mv != BoardMove::Pass {
            setup
                .apply(SetupEdit::Place { at: mv, side })
                .map_err(|refusal| PasteError::StoneRefused { index, refusal })?;
        }
        side = side.other();
    }
    setup
        .apply(SetupEdit::SideToMove(side))
        .map_err(PasteError::Refused)?;
    Ok(setup)
}
