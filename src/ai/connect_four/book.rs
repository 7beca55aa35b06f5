//! An opening book: exact scores of the early positions, computed once
//! offline (`cargo run --example make_book`) and loaded from bytes.
//!
//! Why: the first moves are by far the most expensive to solve (an empty
//! 7×6 board takes the solver minutes), yet there are few early positions.
//! With a book, the solver answers them at once and searches that reach
//! them stop there, so [`crate::ai::Level::Master`] is perfect from the first
//! move.
//!
//! Format, all little-endian: the magic `LC4BOOK1`, then columns, rows and
//! depth (the book holds every position with at most `depth` stones that
//! is not yet won), one reserved byte, the entry count as `u32`, then the
//! entries sorted by key: 7 bytes of [`Position::symmetric_key`] (a position
//! and its mirror image share one entry) and the score as one signed byte.
//! Seven key bytes hold boards of up to 56 bits (7×6 takes 49).

use super::position::Position;
use super::shape::Shape;
use std::fmt;

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

    /// Positions with at most this many stones are in the book.
    pub fn depth(&self) -> u32 {
        self.depth.into()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Whether the book is for boards of `shape`'s size.
    pub fn fits<S: Shape>(&self, shape: S) -> bool {
        (u32::from(self.columns), u32::from(self.rows)) == (shape.width(), shape.height())
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
