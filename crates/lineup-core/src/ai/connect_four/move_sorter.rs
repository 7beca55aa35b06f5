//! Move ordering: the best-looking move first, so alpha-beta cuts early.
//!
//! Why threats: a move that creates more cells where we would complete four
//! forces the opponent most, and is most often the best move. Moves are
//! added in the solver's centre-first column order; among equal scores the
//! one added last comes out first. At most 9 columns, so an insertion sort
//! into a fixed array costs less than anything cleverer.

const CAPACITY: usize = 9;

/// A small priority list of moves (as landing-cell bits) and their scores.
pub struct MoveSorter {
    len: usize,
    moves: [u64; CAPACITY],
    scores: [u32; CAPACITY],
}

impl MoveSorter {
    #[inline]
    pub fn new() -> Self {
        MoveSorter {
            len: 0,
            moves: [0; CAPACITY],
            scores: [0; CAPACITY],
        }
    }

    /// Adds a move; it goes after every entry with a score at most its own.
    #[inline]
    pub fn add(&mut self, move_bit: u64, score: u32) {
        let mut pos = self.len;
        self.len += 1;
        while pos > 0 && self.scores[pos - 1] > score {
            self.moves[pos] = self.moves[pos - 1];
            self.scores[pos] = self.scores[pos - 1];
            pos -= 1;
        }
        self.moves[pos] = move_bit;
        self.scores[pos] = score;
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Default for MoveSorter {
    fn default() -> Self {
        MoveSorter::new()
    }
}

impl Iterator for MoveSorter {
    type Item = u64;

    /// The highest-scored move left (the last added among equals).
    #[inline]
    fn next(&mut self) -> Option<u64> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.moves[self.len])
    }
}
