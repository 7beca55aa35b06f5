//! The opening book: exact scores of early positions, computed once
//! offline and shipped as `assets/books/connect4_7x6.book` (built into the
//! program).
//!
//! Why: the first moves are by far the most expensive to solve (the empty
//! 7×6 board takes the solver half a minute, a position after one stone
//! seconds to a minute), yet [`crate::ai::Level::Master`] must answer at
//! once and a player's Values must be exact at once. The shipped book holds
//! two things, merged by `examples/make_layer_book.rs`:
//! - every position up to 10 stones (one of each mirror pair), so that
//!   every column's value up to 9 stones is read, not searched
//!   ([`super::layers`] says how they are built);
//! - Master's own opening strategy (`examples/make_book.rs`): for each of
//!   its turns up to 13 stones (after any replies, whichever side it
//!   plays) the position's score and the child it chose, which has the
//!   opposite score.
//!
//! [`Book::best_move`] reads Master's choice back; searches that reach a
//! stored position also stop there.
//!
//! Format, all little-endian: the magic `LC4BOOK2`, then columns, rows and
//! depth (no position in the book has more stones), one reserved byte, the
//! entry count as `u32`, then one LEB128 number per entry, in key order:
//! the key's distance from the previous key (the first key itself) shifted
//! left six bits, with the score plus 32 in those six bits. The key is
//! [`Position::symmetric_key`] (a position and its mirror image share one
//! entry): at most 56 bits (7×6 takes 49).
//!
//! Why distances: a book of every position up to 10 stones has 1.2 million
//! keys spread thinly over 49 bits; fixed 7-byte keys and a score byte
//! (`LC4BOOK1`, still read) take 8 bytes an entry, distances about 2.3.

use super::position::Position;
use super::shape::Shape;
use super::solver::column_order;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// The book for the standard board (see the module's documentation).
static STANDARD: &[u8] = include_bytes!("../../../../../assets/books/connect4_7x6.book");

const MAGIC: &[u8; 8] = b"LC4BOOK2";
/// The first format: fixed entries of a 7-byte key and a score byte.
const MAGIC_FIXED: &[u8; 8] = b"LC4BOOK1";
const HEADER: usize = 16;
const KEY_BYTES: usize = 7;
const ENTRY: usize = KEY_BYTES + 1;
/// Bits of an entry's number that hold its score (plus [`SCORE_OFFSET`]).
const SCORE_BITS: u32 = 6;
const SCORE_OFFSET: i32 = 32;

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
    /// `depth` stones on a `columns` × `rows` board (any order, a pair
    /// given twice kept once). Refused: a board too large for 7-byte keys,
    /// a key wider than the board's, a score outside -32..=31 (no board
    /// that fits has one), a key with two scores.
    pub fn new(
        columns: u8,
        rows: u8,
        depth: u8,
        mut entries: Vec<(u64, i8)>,
    ) -> Result<Self, BookError> {
        entries.sort_unstable_by_key(|&(key, _)| key);
        if let Some(pair) = entries
            .windows(2)
            .find(|pair| pair[0].0 == pair[1].0 && pair[0].1 != pair[1].1)
        {
            return Err(BookError(format!(
                "key {:#x} with two scores, {} and {}",
                pair[0].0, pair[0].1, pair[1].1
            )));
        }
        entries.dedup_by_key(|&mut (key, _)| key);
        Book::sorted(columns, rows, depth, entries)
    }

    /// A book from entries already in rising key order, each key once (as
    /// [`Book::new`] leaves them, and as a file holds them): checked, not
    /// sorted again.
    fn sorted(
        columns: u8,
        rows: u8,
        depth: u8,
        entries: Vec<(u64, i8)>,
    ) -> Result<Self, BookError> {
        let bits = key_bits(columns, rows)?;
        let range = -SCORE_OFFSET..(1 << SCORE_BITS) - SCORE_OFFSET;
        if let Some(&(key, score)) = entries
            .iter()
            .find(|&&(key, score)| key >> bits != 0 || !range.contains(&i32::from(score)))
        {
            return Err(BookError(format!(
                "no entry can hold key {key:#x} with score {score}"
            )));
        }
        if !entries.windows(2).all(|w| w[0].0 < w[1].0) {
            return Err(BookError("keys not sorted".to_string()));
        }
        Ok(Book {
            columns,
            rows,
            depth,
            entries,
        })
    }

    /// Reads the format described in the module documentation (or the
    /// first one, `LC4BOOK1`).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, BookError> {
        let error = |what: &str| BookError(what.to_string());
        if bytes.len() < HEADER {
            return Err(error("missing header"));
        }
        let (columns, rows, depth) = (bytes[8], bytes[9], bytes[10]);
        let count = u32::from_le_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]) as usize;
        let body = &bytes[HEADER..];
        let entries = match &bytes[..8] {
            magic if magic == MAGIC => read_distances(body, count)?,
            magic if magic == MAGIC_FIXED => read_fixed(body, count)?,
            _ => return Err(error("not a book file (unknown format)")),
        };
        Book::sorted(columns, rows, depth, entries)
    }

    /// The bytes [`Self::from_bytes`] reads.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER + self.entries.len() * 3);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&[self.columns, self.rows, self.depth, 0]);
        bytes.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        let mut previous = 0;
        for &(key, score) in &self.entries {
            let score = (i32::from(score) + SCORE_OFFSET) as u64;
            let mut number = (key - previous) << SCORE_BITS | score;
            previous = key;
            while number >= 0x80 {
                bytes.push(number as u8 | 0x80);
                number >>= 7;
            }
            bytes.push(number as u8);
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

/// The bits of a key for a `columns` × `rows` board (a bit per cell and a
/// sentinel per column), refused beyond 7 bytes.
fn key_bits(columns: u8, rows: u8) -> Result<u32, BookError> {
    let bits = u32::from(columns) * (u32::from(rows) + 1);
    if bits > 8 * KEY_BYTES as u32 {
        return Err(BookError("board too large for 7-byte keys".to_string()));
    }
    Ok(bits)
}

/// `LC4BOOK2`'s entries: a key distance and a score in each LEB128 number.
fn read_distances(body: &[u8], count: usize) -> Result<Vec<(u64, i8)>, BookError> {
    let error = |what: &str| BookError(what.to_string());
    let mut entries = Vec::with_capacity(count.min(body.len()));
    let mut bytes = body.iter();
    let mut key = 0u64;
    for _ in 0..count {
        let mut number = 0u64;
        let mut shift = 0;
        loop {
            let byte = *bytes.next().ok_or_else(|| error("entries cut short"))?;
            number |= u64::from(byte & 0x7f) << shift;
            if byte < 0x80 {
                break;
            }
            // Nine bytes hold 63 bits, more than any entry needs.
            shift += 7;
            if shift > 56 {
                return Err(error("an entry longer than a key"));
            }
        }
        let score = (number & ((1 << SCORE_BITS) - 1)) as i32 - SCORE_OFFSET;
        // A distance of 0 after the first repeats a key: refused with the
        // other unsorted keys.
        key = key
            .checked_add(number >> SCORE_BITS)
            .ok_or_else(|| error("a key beyond 64 bits"))?;
        entries.push((key, score as i8));
    }
    if bytes.next().is_some() {
        return Err(error("entry count does not match the length"));
    }
    Ok(entries)
}

/// `LC4BOOK1`'s entries: fixed 7-byte keys and score bytes.
fn read_fixed(body: &[u8], count: usize) -> Result<Vec<(u64, i8)>, BookError> {
    if body.len() != count.saturating_mul(ENTRY) {
        return Err(BookError(
            "entry count does not match the length".to_string(),
        ));
    }
    Ok(body
        .chunks_exact(ENTRY)
        .map(|chunk| {
            let mut key = [0u8; 8];
            key[..KEY_BYTES].copy_from_slice(&chunk[..KEY_BYTES]);
            (u64::from_le_bytes(key), chunk[KEY_BYTES] as i8)
        })
        .collect())
}
