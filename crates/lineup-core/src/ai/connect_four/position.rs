//! The search position: the side to move's stones and the occupied cells, two
//! `u64` bitboards (Pascal Pons' layout).
//!
//! Why not the rules' `ConnectFour`: a search copies a position per node and
//! only ever needs "mine" and "occupied"; with the side to move's stones kept
//! (not fixed colours) a move is one xor and one or, and the key needs no
//! colour. The rules type stays the one source of truth for legality.

use super::shape::{Shape, Standard, Variant};
use crate::rules::{ConnectFour, ConnectFourSize, Rules, Side};

/// A position reachable by legal play with nobody having won yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position<S: Shape = Standard> {
    /// The stones of the side to move.
    current: u64,
    /// Every occupied cell.
    mask: u64,
    moves: u32,
    shape: S,
}

/// Why a rules position cannot become a search [`Position`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The board needs more than 64 bits (`columns * (rows + 1) > 64`).
    TooLarge { columns: u8, rows: u8 },
    /// Somebody already has four in a row: there is nothing to search.
    GameOver,
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionError::TooLarge { columns, rows } => {
                write!(f, "the solver does not support {columns}x{rows} boards")
            }
            PositionError::GameOver => f.write_str("the game is already won"),
        }
    }
}

impl std::error::Error for PositionError {}

impl Position<Standard> {
    /// The empty 7×6 board.
    pub fn new() -> Self {
        Position::empty(Standard)
    }

    /// The 7×6 fast path; `None` for any other size.
    pub fn from_standard(board: &ConnectFour) -> Option<Result<Self, PositionError>> {
        (board.size() == ConnectFourSize::STANDARD).then(|| Position::from_rules(board, Standard))
    }
}

impl Default for Position<Standard> {
    fn default() -> Self {
        Position::new()
    }
}

impl Position<Variant> {
    /// Any size that fits 64 bits, masks at run time.
    pub fn from_any(board: &ConnectFour) -> Result<Self, PositionError> {
        let size = board.size();
        let too_large = PositionError::TooLarge {
            columns: size.columns(),
            rows: size.rows(),
        };
        let shape = Variant::new(size.columns().into(), size.rows().into()).ok_or(too_large)?;
        Position::from_rules(board, shape)
    }
}

impl<S: Shape> Position<S> {
    /// The empty board of `shape`.
    pub fn empty(shape: S) -> Self {
        Position {
            current: 0,
            mask: 0,
            moves: 0,
            shape,
        }
    }

    /// The rules position in this layout (the bit layouts are the same).
    /// The caller has checked that `shape` is the board's size.
    fn from_rules(board: &ConnectFour, shape: S) -> Result<Self, PositionError> {
        debug_assert_eq!(
            (shape.width(), shape.height()),
            (board.size().columns().into(), board.size().rows().into())
        );
        if board.lines_of(Side::First) | board.lines_of(Side::Second) != 0 {
            return Err(PositionError::GameOver);
        }
        Ok(Position {
            current: board.bits(board.to_move()) as u64,
            mask: board.occupied() as u64,
            moves: board.moves_played() as u32,
            shape,
        })
    }

    #[inline]
    pub fn shape(&self) -> S {
        self.shape
    }

    /// Stones on the board.
    #[inline]
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// The side to move's stones.
    #[inline]
    pub fn current(&self) -> u64 {
        self.current
    }

    /// The occupied cells.
    #[inline]
    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// Whether the board is full.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.moves == self.shape.cells()
    }

    #[inline]
    pub fn can_play(&self, column: u32) -> bool {
        column < self.shape.width() && self.mask & self.shape.top_mask(column) == 0
    }

    /// Plays a move given as its landing cell (one bit of [`Self::possible`]).
    #[inline]
    pub fn play(&mut self, move_bit: u64) {
        self.current ^= self.mask;
        self.mask |= move_bit;
        self.moves += 1;
    }

    /// Plays in a column; the caller has checked [`Self::can_play`].
    #[inline]
    pub fn play_column(&mut self, column: u32) {
        self.play((self.mask + self.shape.bottom_mask(column)) & self.shape.column_mask(column));
    }

    /// Whether playing `column` (playable) makes four in a row.
    #[inline]
    pub fn is_winning_move(&self, column: u32) -> bool {
        self.winning_position() & self.possible() & self.shape.column_mask(column) != 0
    }

    /// Whether the side to move wins with its next stone.
    #[inline]
    pub fn can_win_next(&self) -> bool {
        self.winning_position() & self.possible() != 0
    }

    /// The landing cell of every column that is not full.
    #[inline]
    pub fn possible(&self) -> u64 {
        (self.mask + self.shape.bottom()) & self.shape.board()
    }

    /// The moves that do not lose at once: if the opponent threatens two
    /// cells we can play, none; if one, only that block; never a cell right
    /// under an opponent's winning cell. Only valid when the side to move
    /// cannot win next (check [`Self::can_win_next`] first).
    #[inline]
    pub fn possible_non_losing_moves(&self) -> u64 {
        let mut possible = self.possible();
        let opponent_win = self.opponent_winning_position();
        let forced = possible & opponent_win;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(opponent_win >> 1)
    }

    /// Empty cells that would complete four for the side to move.
    #[inline]
    pub fn winning_position(&self) -> u64 {
        winning_cells(self.shape, self.current, self.mask)
    }

    /// Empty cells that would complete four for the opponent.
    #[inline]
    pub fn opponent_winning_position(&self) -> u64 {
        winning_cells(self.shape, self.current ^ self.mask, self.mask)
    }

    /// How good a move looks before searching it: the number of cells that
    /// would then complete four for us (Pons' move ordering).
    #[inline]
    pub fn move_score(&self, move_bit: u64) -> u32 {
        winning_cells(self.shape, self.current | move_bit, self.mask).count_ones()
    }

    /// A unique key for the position: `current + mask` sets the bit above
    /// each column's top stone and leaves exactly the side to move's stones
    /// below it (the bottom-row constant of Pons' `position + mask + bottom`
    /// is dropped, it changes nothing). Below `2^(width * (height + 1))`.
    #[inline]
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The key of the mirror image (columns reversed).
    #[inline]
    pub fn mirrored_key(&self) -> u64 {
        let s = self.shape;
        let key = self.key();
        let column = (1u64 << s.stride()) - 1;
        let mut mirrored = 0;
        for c in 0..s.width() {
            let bits = (key >> (c * s.stride())) & column;
            mirrored |= bits << ((s.width() - 1 - c) * s.stride());
        }
        mirrored
    }

    /// The same key for a position and its mirror image, so that both share
    /// one transposition-table entry (and one book entry).
    #[inline]
    pub fn symmetric_key(&self) -> u64 {
        self.key().min(self.mirrored_key())
    }
}

/// The empty cells that complete a line of four for `stones`: three stones
/// in a row with the cell at one end, or two-gap-one, in all four directions.
#[inline(always)]
pub fn winning_cells<S: Shape>(shape: S, stones: u64, mask: u64) -> u64 {
    let p = stones;
    let h = shape.height();
    // Vertical: only the cell above three.
    let mut r = (p << 1) & (p << 2) & (p << 3);
    // Horizontal (stride h+1) and the two diagonals (h and h+2).
    for d in [h + 1, h, h + 2] {
        let two = (p << d) & (p << (2 * d));
        r |= two & (p << (3 * d));
        r |= two & (p >> d);
        let two = (p >> d) & (p >> (2 * d));
        r |= two & (p << d);
        r |= two & (p >> (3 * d));
    }
    r & (shape.board() ^ mask)
}
