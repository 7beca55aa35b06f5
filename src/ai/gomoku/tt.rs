//! The transposition table: one entry per slot, keyed by the Zobrist hash,
//! always replaced (the newest search results are the most useful to the
//! next iteration).

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    best: u16,
    depth: i8,
    bound: Bound,
}

#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub enum Bound {
    #[default]
    None,
    Exact,
    Lower,
    Upper,
}

pub struct Table {
    entries: Vec<Entry>,
}

/// What a probe found.
pub struct Hit {
    pub score: i32,
    pub best: Option<usize>,
    pub depth: i8,
    pub bound: Bound,
}

impl Table {
    /// A table of about `megabytes` (rounded down to a power of two of
    /// entries, at least 4096).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes << 20) / std::mem::size_of::<Entry>();
        let mut n = 4096;
        while n * 2 <= wanted {
            n *= 2;
        }
        Table {
            entries: vec![Entry::default(); n],
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key >> 20) as usize & (self.entries.len() - 1)
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let e = self.entries[self.slot(key)];
        (e.key == key && e.bound != Bound::None).then_some(Hit {
            score: e.score,
            best: (e.best != u16::MAX).then_some(e.best as usize),
            depth: e.depth,
            bound: e.bound,
        })
    }

    pub fn store(&mut self, key: u64, depth: i8, score: i32, bound: Bound, best: Option<usize>) {
        let slot = self.slot(key);
        self.entries[slot] = Entry {
            key,
            score,
            best: best.map_or(u16::MAX, |b| b as u16),
            depth,
            bound,
        };
    }

    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }
}
