use crate::rules::error::SizeError;
use crate::rules::{MoveError, Outcome, Rules, Side};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A column, 0-based from the left. Checked against the board when played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Column(pub u8);

/// A cell: `column` 0-based from the left, `row` 0-based from the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cell {
    pub column: u8,
    pub row: u8,
}

/// Board dimensions, valid by construction.
///
/// ```
/// use lineup_core::rules::ConnectFourSize;
///
/// let size = ConnectFourSize::new(8, 7).expect("a size");
/// assert_eq!((size.columns(), size.rows(), size.cells()), (8, 7, 56));
/// assert_eq!(ConnectFourSize::new(7, 6), Ok(ConnectFourSize::STANDARD));
/// let error = ConnectFourSize::new(3, 6).unwrap_err();
/// assert_eq!(error.to_string(), "columns must be from 4 to 9, not 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "(u8, u8)", into = "(u8, u8)")]
pub struct ConnectFourSize {
    columns: u8,
    rows: u8,
    /// The bottom cell of every column, and the top cell of every column:
    /// fixed by the size, kept here so that no move recomputes them.
    bottom: u128,
    top: u128,
}

impl ConnectFourSize {
    /// The classic 7 columns × 6 rows.
    pub const STANDARD: ConnectFourSize = ConnectFourSize::build(7, 6);
    pub const MIN: u8 = 4;
    /// Columns stop at 9 so that a move is one digit in the standard notation.
    pub const MAX_COLUMNS: u8 = 9;
    pub const MAX_ROWS: u8 = 9;

    pub fn new(columns: u8, rows: u8) -> Result<Self, SizeError> {
        let check = |what, got, max| {
            if (Self::MIN..=max).contains(&got) {
                Ok(())
            } else {
                Err(SizeError {
                    what,
                    got,
                    min: Self::MIN,
                    max,
                })
            }
        };
        check("columns", columns, Self::MAX_COLUMNS)?;
        check("rows", rows, Self::MAX_ROWS)?;
        Ok(Self::build(columns, rows))
    }

    const fn build(columns: u8, rows: u8) -> Self {
        let stride = rows as u32 + 1;
        let mut bottom = 0;
        let mut c = 0;
        while c < columns as u32 {
            bottom |= 1u128 << (c * stride);
            c += 1;
        }
        ConnectFourSize {
            columns,
            rows,
            bottom,
            top: bottom << (rows - 1),
        }
    }

    pub fn columns(self) -> u8 {
        self.columns
    }

    pub fn rows(self) -> u8 {
        self.rows
    }

    pub fn cells(self) -> usize {
        self.columns as usize * self.rows as usize
    }

    /// Bits per column: the rows plus one always-empty guard bit on top, so
    /// that shifting a line never wraps into the next column.
    #[inline]
    fn stride(self) -> u32 {
        self.rows as u32 + 1
    }
}

impl Default for ConnectFourSize {
    fn default() -> Self {
        Self::STANDARD
    }
}

impl TryFrom<(u8, u8)> for ConnectFourSize {
    type Error = SizeError;
    fn try_from((columns, rows): (u8, u8)) -> Result<Self, SizeError> {
        ConnectFourSize::new(columns, rows)
    }
}

impl From<ConnectFourSize> for (u8, u8) {
    fn from(size: ConnectFourSize) -> (u8, u8) {
        (size.columns, size.rows)
    }
}

/// A Connect Four position as two bitboards, one per side.
///
/// Bit `column * (rows + 1) + row` is the cell at `row` (from the bottom) of
/// `column`. Each column has one guard bit above its top row that is never
/// set, which is what makes the shift-and line test below exact: a shift by
/// 1 (vertical), `stride` (horizontal), `stride - 1` or `stride + 1`
/// (diagonals) can only ever move a run onto a guard bit, never across the
/// edge onto a real cell. Up to 9 × 10 = 90 bits, hence `u128`.
///
/// A [`Game`](crate::rules::Game) plays it move by move and keeps the
/// result:
///
/// ```
/// use lineup_core::rules::{Column, ConnectFour, ConnectFourSize, Game, MoveError, Side};
///
/// let mut game = Game::new(ConnectFour::new(ConnectFourSize::STANDARD));
/// for column in [3, 4, 3, 4, 3, 4] {
///     game.play(Column(column)).expect("a legal move");
/// }
/// // Red's fourth disc in the middle column wins.
/// let outcome = game.play(Column(3)).expect("a legal move");
/// assert_eq!(outcome.and_then(|o| o.winner()), Some(Side::First));
/// assert_eq!(game.play(Column(0)), Err(MoveError::GameOver));
/// // A refused move changes nothing.
/// assert_eq!(game.history().len(), 7);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConnectFour {
    size: ConnectFourSize,
    stones: [u128; 2],
    moves: u8,
}

impl Default for ConnectFour {
    fn default() -> Self {
        ConnectFour::new(ConnectFourSize::STANDARD)
    }
}

/// Why a set-up Connect Four position could not be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnsError {
    /// The board has `expected` columns; `got` lists were given.
    ColumnCount { expected: u8, got: usize },
    /// Column `column` (0-based) holds more discs than the board has rows.
    TooTall { column: u8, discs: usize },
    /// Red must have as many discs as yellow or one more: only those counts
    /// come from play, and they decide whose turn it is.
    Counts { first: usize, second: usize },
    /// A four already stands: the game would be over before it began.
    Line(Side),
}

impl fmt::Display for ColumnsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ColumnsError::ColumnCount { expected, got } => {
                write!(f, "the board has {expected} columns, not {got}")
            }
            ColumnsError::TooTall { column, discs } => {
                write!(f, "column {} cannot hold {discs} discs", column + 1)
            }
            ColumnsError::Counts { first, second } => write!(
                f,
                "red has {first} discs and yellow {second}: red must have as many or one more"
            ),
            ColumnsError::Line(side) => {
                let name = match side {
                    Side::First => "red",
                    Side::Second => "yellow",
                };
                write!(f, "{name} already has four in a row")
            }
        }
    }
}

impl std::error::Error for ColumnsError {}

impl ConnectFour {
    /// An empty board.
    pub fn new(size: ConnectFourSize) -> Self {
        ConnectFour {
            size,
            stones: [0; 2],
            moves: 0,
        }
    }

    /// A set-up position (the analysis board, a puzzle): `columns[c]` lists
    /// column `c`'s discs from the bottom up, so a floating disc cannot be
    /// written. Refused unless it is a position play can reach and go on
    /// from: each column fits, the counts alternate (they decide whose turn
    /// it is) and no four stands yet.
    pub fn from_columns(
        size: ConnectFourSize,
        columns: &[Vec<Side>],
    ) -> Result<Self, ColumnsError> {
        if columns.len() != size.columns as usize {
            return Err(ColumnsError::ColumnCount {
                expected: size.columns,
                got: columns.len(),
            });
        }
        let mut board = ConnectFour::new(size);
        for (c, discs) in columns.iter().enumerate() {
            if discs.len() > size.rows as usize {
                return Err(ColumnsError::TooTall {
                    column: c as u8,
                    discs: discs.len(),
                });
            }
            for (row, side) in discs.iter().enumerate() {
                let cell = Cell {
                    column: c as u8,
                    row: row as u8,
                };
                board.stones[side.index()] |= board.bit(cell);
                board.moves += 1;
            }
        }
        let first = board.bits(Side::First).count_ones() as usize;
        let second = board.bits(Side::Second).count_ones() as usize;
        if first != second && first != second + 1 {
            return Err(ColumnsError::Counts { first, second });
        }
        for side in [Side::First, Side::Second] {
            if board.lines_of(side) != 0 {
                return Err(ColumnsError::Line(side));
            }
        }
        Ok(board)
    }

    pub fn size(&self) -> ConnectFourSize {
        self.size
    }

    /// How many discs are on the board.
    #[inline]
    pub fn moves_played(&self) -> usize {
        self.moves as usize
    }

    /// The discs of `side`, one bit per cell as described on the type.
    #[inline]
    pub fn bits(&self, side: Side) -> u128 {
        self.stones[side.index()]
    }

    /// Every occupied cell.
    #[inline]
    pub fn occupied(&self) -> u128 {
        self.stones[0] | self.stones[1]
    }

    /// Who holds `cell`, if anyone (and `None` off the board).
    pub fn at(&self, cell: Cell) -> Option<Side> {
        if cell.column >= self.size.columns || cell.row >= self.size.rows {
            return None;
        }
        let bit = self.bit(cell);
        if self.stones[0] & bit != 0 {
            Some(Side::First)
        } else if self.stones[1] & bit != 0 {
            Some(Side::Second)
        } else {
            None
        }
    }

    /// Discs in `column` (0 when it is off the board).
    #[inline]
    pub fn height(&self, column: Column) -> u8 {
        if column.0 >= self.size.columns {
            return 0;
        }
        (self.occupied() & self.column_mask(column.0)).count_ones() as u8
    }

    /// Whether a disc can go into `column`.
    #[inline]
    pub fn can_play(&self, column: Column) -> bool {
        column.0 < self.size.columns && self.occupied() & self.top_bit(column.0) == 0
    }

    /// The columns that are not full, left to right.
    #[inline]
    pub fn legal_columns(&self) -> impl Iterator<Item = Column> + use<> {
        let open_tops = !self.occupied() & self.size.top;
        let stride = self.size.stride();
        (0..self.size.columns)
            .map(Column)
            .filter(move |c| open_tops >> (c.0 as u32 * stride + stride - 2) & 1 != 0)
    }

    /// The cell a disc dropped into `column` would land in.
    #[inline]
    pub fn landing_cell(&self, column: Column) -> Option<Cell> {
        self.can_play(column).then(|| Cell {
            column: column.0,
            row: self.height(column),
        })
    }

    /// Every cell of every four-or-more run of `side`'s discs, as a bitboard.
    #[inline]
    pub fn lines_of(&self, side: Side) -> u128 {
        let p = self.stones[side.index()];
        let h = self.size.stride();
        // Most boards (7×6 is 49 bits) fit a u64, where shifts are one
        // instruction instead of a handful: same test, half the work.
        if self.size.columns as u32 * h <= 64 {
            lines_in(p as u64, h) as u128
        } else {
            lines_in(p, h)
        }
    }

    /// The cells of a bitboard, sorted by column then row.
    pub fn cells_of(&self, mut bits: u128) -> Vec<Cell> {
        let h = self.size.stride();
        let mut cells = Vec::with_capacity(bits.count_ones() as usize);
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            cells.push(Cell {
                column: (i / h) as u8,
                row: (i % h) as u8,
            });
        }
        cells
    }

    #[inline]
    fn bit(&self, cell: Cell) -> u128 {
        1 << (cell.column as u32 * self.size.stride() + cell.row as u32)
    }

    #[inline]
    fn column_mask(&self, column: u8) -> u128 {
        ((1u128 << self.size.rows) - 1) << (column as u32 * self.size.stride())
    }

    #[inline]
    fn top_bit(&self, column: u8) -> u128 {
        1 << (column as u32 * self.size.stride() + self.size.rows as u32 - 1)
    }
}

/// The shift-and test: a disc with another `d` bits further, and that pair
/// with another pair `2d` further, starts a run of four along `d`. Shifting
/// the starts back out gives every cell of every run.
#[inline]
fn lines_in<B>(p: B, h: u32) -> B
where
    B: Copy + Default + PartialEq + std::ops::BitAnd<Output = B> + std::ops::BitOr<Output = B>,
    B: std::ops::Shr<u32, Output = B> + std::ops::Shl<u32, Output = B>,
{
    let mut cells = B::default();
    for d in [1, h, h - 1, h + 1] {
        let pairs = p & (p >> d);
        let fours = pairs & (pairs >> (2 * d));
        cells = cells | fours | (fours << d) | (fours << (2 * d)) | (fours << (3 * d));
    }
    cells
}

impl Rules for ConnectFour {
    type Move = Column;
    type Cell = Cell;

    #[inline]
    fn to_move(&self) -> Side {
        Side::of_ply(self.moves as usize)
    }

    #[inline]
    fn play(&mut self, column: Column) -> Result<Option<Outcome<Cell>>, MoveError> {
        if column.0 >= self.size.columns {
            return Err(MoveError::OutsideBoard);
        }
        if !self.can_play(column) {
            return Err(MoveError::ColumnFull { column: column.0 });
        }
        let side = self.to_move();
        // Adding the column's bottom bit to its occupied bits carries up to
        // the lowest empty cell: the landing cell, found without a loop.
        let occupied = self.occupied();
        let bottom = 1u128 << (column.0 as u32 * self.size.stride());
        let landing = (occupied + bottom) & self.column_mask(column.0);
        self.stones[side.index()] |= landing;
        self.moves += 1;

        // Fewer than four discs cannot make a line (the first six moves).
        let lines = if self.moves >= 7 {
            self.lines_of(side)
        } else {
            0
        };
        Ok(if lines != 0 {
            Some(Outcome::Win {
                winner: side,
                cells: self.cells_of(lines),
            })
        } else if self.moves_played() == self.size.cells() {
            Some(Outcome::Draw)
        } else {
            None
        })
    }

    #[inline]
    fn unplay(&mut self, column: Column) {
        let in_column = self.occupied() & self.column_mask(column.0);
        debug_assert!(in_column != 0, "unplay of an empty column");
        if in_column == 0 {
            return;
        }
        let top = 1u128 << (127 - in_column.leading_zeros());
        // The last disc played was the other side's.
        let side = self.to_move().other();
        self.stones[side.index()] &= !top;
        self.moves -= 1;
    }
}
