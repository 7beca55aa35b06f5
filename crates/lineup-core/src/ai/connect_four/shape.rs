//! The board geometry a search runs on, as a type parameter.
//!
//! Why a trait: the standard 7×6 board is [`Standard`], whose every mask is a
//! constant, so after monomorphisation its shifts and masks fold into
//! immediates (the fast path). Every other size that fits a `u64` is a
//! [`Variant`] that carries its masks at run time. The search code is written
//! once, generic over [`Shape`].

use std::fmt::Debug;

/// Bit `column * (height + 1) + row` is a cell; the extra bit per column is an
/// always-empty guard, so shifted lines never wrap into the next column (the
/// same layout as [`crate::rules::ConnectFour`]).
pub trait Shape: Copy + Debug + PartialEq + Eq + Send + Sync {
    /// Columns.
    fn width(self) -> u32;
    /// Rows.
    fn height(self) -> u32;
    /// The bottom cell of every column.
    fn bottom(self) -> u64;
    /// Every playable cell (no guard bits).
    fn board(self) -> u64;

    /// Bits per column: the rows plus the guard bit.
    #[inline]
    fn stride(self) -> u32 {
        self.height() + 1
    }

    /// Cells on the board.
    #[inline]
    fn cells(self) -> u32 {
        self.width() * self.height()
    }

    /// The cells of `column`.
    #[inline]
    fn column_mask(self, column: u32) -> u64 {
        ((1u64 << self.height()) - 1) << (column * self.stride())
    }

    /// The top cell of `column`.
    #[inline]
    fn top_mask(self, column: u32) -> u64 {
        1u64 << (self.height() - 1 + column * self.stride())
    }

    /// The bottom cell of `column`.
    #[inline]
    fn bottom_mask(self, column: u32) -> u64 {
        1u64 << (column * self.stride())
    }

    /// The lowest score a position can have: losing to the opponent's last
    /// possible stone (Pons' `MIN_SCORE`).
    #[inline]
    fn min_score(self) -> i32 {
        -(self.cells() as i32) / 2 + 3
    }

    /// The highest score: winning with one's fourth stone (`MAX_SCORE`).
    #[inline]
    fn max_score(self) -> i32 {
        (self.cells() as i32 + 1) / 2 - 3
    }
}

/// The classic 7 columns × 6 rows, every mask a compile-time constant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Standard;

impl Standard {
    const WIDTH: u32 = 7;
    const HEIGHT: u32 = 6;
    const BOTTOM: u64 = bottom_of(Self::WIDTH, Self::HEIGHT);
    const BOARD: u64 = Self::BOTTOM * ((1 << Self::HEIGHT) - 1);
}

impl Shape for Standard {
    #[inline(always)]
    fn width(self) -> u32 {
        Self::WIDTH
    }
    #[inline(always)]
    fn height(self) -> u32 {
        Self::HEIGHT
    }
    #[inline(always)]
    fn bottom(self) -> u64 {
        Self::BOTTOM
    }
    #[inline(always)]
    fn board(self) -> u64 {
        Self::BOARD
    }
}

/// Any other size whose `columns * (rows + 1)` bits fit a `u64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    width: u32,
    height: u32,
    bottom: u64,
    board: u64,
}

impl Variant {
    /// `None` when the board needs more than 64 bits (e.g. 9×7), has more
    /// than 9 columns (the rules' limit, and the move sorter's capacity) or
    /// fewer than 4 rows or columns (the score formulas assume that a line
    /// of four fits).
    pub fn new(columns: u32, rows: u32) -> Option<Variant> {
        if !(4..=9).contains(&columns) || rows < 4 || columns * (rows + 1) > 64 {
            return None;
        }
        let bottom = bottom_of(columns, rows);
        Some(Variant {
            width: columns,
            height: rows,
            bottom,
            board: bottom * ((1 << rows) - 1),
        })
    }
}

impl Shape for Variant {
    #[inline(always)]
    fn width(self) -> u32 {
        self.width
    }
    #[inline(always)]
    fn height(self) -> u32 {
        self.height
    }
    #[inline(always)]
    fn bottom(self) -> u64 {
        self.bottom
    }
    #[inline(always)]
    fn board(self) -> u64 {
        self.board
    }
}

const fn bottom_of(width: u32, height: u32) -> u64 {
    let mut bottom = 0;
    let mut c = 0;
    while c < width {
        bottom |= 1u64 << (c * (height + 1));
        c += 1;
    }
    bottom
}
