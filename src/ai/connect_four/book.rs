//! The opening book: exact scores of early positions, computed once
//! offline by `cargo run --example make_book` and shipped as
//! `assets/books/connect4_7x6.book` (built into the program).
//!
//! Why: the first moves are by far the most expensive to solve (the empty
//! 7×6 board takes the solver minutes, a position after one stone over a
//! minute), yet [`crate::ai::Level::Master`] must answer at once. The book
//! holds Master's own opening strategy: for each of its turns in the first
//! moves (after any replies of the opponent, whichever side Master plays)
//! the position's score and the child it chose, which has the opposite
//! score. [`Book::best_move`] reads that back; searches that reach a stored
//! position also stop there.
//!
//! Format, all little-endian: the magic `LC4BOOK1`, then columns, rows and
//! depth (no position in the book has more stones), one reserved byte, the
//! entry count as `u32`, then the entries sorted by key: 7 bytes of
//! [`Position::symmetric_key`] (a position and its mirror image share one
//! entry) and the score as one signed byte. Seven key bytes hold boards of
//! up to 56 bits (7×6 takes 49).

use super::position::Position;
use super::shape::Shape;
use super::solver::column_order;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// The book made by `examples/make_book.rs` for the standard board.
static STANDARD: &[u8] = include_bytes!("../../../assets/books/connect4_7x6.book");

const MAGIC: &[u8; 8] = b"LC4BOOK1";
const HEADER: usize = 16;
const KEY_BYTES: usize = 7;
const ENTRY: usize = KEY_BYTES + 1;

/// Exact scores of early positions, keyed by their symmetric key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    columns: u8,
    rows: u8,
    depth: u8,
    /// Sorted by key, no duplicates.
    entries: Vec<(u64, i8)>,
}

/// Why bytes are not a book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError(String);

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid opening book: {}", self.0)
    }
}

impl std::error::Error for BookError {}

impl Book {
    /// A book from `(symmetric key, score)` pairs of positions with at most
    /// `depth` stones on a `columns` × `rows` board (any order).
    pub fn new(columns: u8, rows: u8, depth: u8, mut entries: Vec<(u64, i8)>) -> Self {
        entries.sort_unstable_by_key(|&(key, _)| key);
        entries.dedup_by_key(|&mut (key, _)| key);
        Book {
            columns,
            rows,
            depth,
            entries,
        }
    }

    /// Reads the format described in the module documentation.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, BookError> {
        let error = |what: &str| BookError(what.to_string());
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err(error("missing header"));
        }
        let (columns, rows, depth) = (bytes[8], bytes[9], bytes[10]);
        if u32::from(columns) * (u32::from(rows) + 1) > 8 * KEY_BYTES as u32 {
            return Err(error("board too large for 7-byte keys"));
        }
        let count = u32::from_le_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]) as usize;
        let body = &bytes[HEADER..];
        if body.len() != count.saturating_mul(ENTRY) {
            return Err(error("entry count does not match the length"));
        }
        let mut entries = Vec::with_capacity(count);
        for chunk in body.chunks_exact(ENTRY) {
            let mut key = [0u8; 8];
            key[..KEY_BYTES].copy_from_slice(&chunk[..KEY_BYTES]);
            entries.push((u64::from_le_bytes(key), chunk[KEY_BYTES] as i8));
        }
        if !entries.windows(2).all(|w| w[0].0 < w[1].0) {
            return Err(error("keys not sorted"));
        }
        Ok(Book {
            columns,
            rows,
            depth,
            entries,
        })
    }

    /// The bytes [`Self::from_bytes`] reads.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER + self.entries.len() * ENTRY);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&[self.columns, self.rows, self.depth, 0]);
        bytes.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        for &(key, score) in &self.entries {
            bytes.extend_from_slice(&key.to_le_bytes()[..KEY_BYTES]);
            bytes.push(score as u8);
        }
        bytes
    }

    /// The book for the standard 7×6 board that ships with the game (parsed
    /// once); `None` if its bytes are damaged, when the game still plays,
    /// only slower in the opening.
    pub fn standard() -> Option<Arc<Book>> {
        static PARSED: OnceLock<Option<Arc<Book>>> = OnceLock::new();
        PARSED
            .get_or_init(|| Book::from_bytes(STANDARD).ok().map(Arc::new))
            .clone()
    }

    /// No position in the book has more stones than this.
    pub fn depth(&self) -> u32 {
        self.depth.into()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every `(symmetric key, score)` the book holds, by key.
    pub fn entries(&self) -> impl Iterator<Item = (u64, i8)> + '_ {
        self.entries.iter().copied()
    }

    /// Whether the book is for boards of `shape`'s size.
    pub fn fits<S: Shape>(&self, shape: S) -> bool {
        (u32::from(self.columns), u32::from(self.rows)) == (shape.width(), shape.height())
    }

    /// The columns in the order the book prefers them for `position`: the
    /// solver's centre-first order (central stones take part in the most
    /// lines), read on the position's canonical orientation (of it and its
    /// mirror image, the one with the smaller key), so that a position and
    /// its mirror image get mirrored moves.
    pub fn choice_order<S: Shape>(position: &Position<S>) -> impl Iterator<Item = u32> + use<S> {
        let width = position.shape().width();
        let mirrored = position.key() > position.mirrored_key();
        column_order(position.shape())
            .into_iter()
            .take(width as usize)
            .map(move |column| if mirrored { width - 1 - column } else { column })
    }

    /// The position's score and the book's move, when the book has them: a
    /// best move without a search. Of the columns whose child is stored
    /// with the opposite score, the first in [`Book::choice_order`]:
    /// `make_book` kept that one and went on after it, so the game stays in
    /// the book (another best child may be stored too, from another line,
    /// without the book going on after it).
    pub fn best_move<S: Shape>(&self, position: &Position<S>) -> Option<(i32, u32)> {
        let score = self.get(position)?;
        let column = Book::choice_order(position).find(|&column| {
            position.can_play(column) && !position.is_winning_move(column) && {
                let mut child = *position;
                child.play_column(column);
                self.get(&child) == Some(-score)
            }
        })?;
        Some((score, column))
    }

    /// The exact score of `position` if the book has it.
    #[inline]
    pub fn get<S: Shape>(&self, position: &Position<S>) -> Option<i32> {
        if position.moves() > self.depth() {
            return None;
        }
        let key = position.symmetric_key();
        self.entries
            .binary_search_by_key(&key, |&(k, _)| k)
            .ok()
            .map(|i| i32::from(self.entries[i].1))
    }
}
