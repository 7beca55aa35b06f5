//! The transposition table: one entry per slot, keyed by the Zobrist hash,
//! always replaced (the newest search results are the most useful to the
//! next iteration).
//!
//! Shared by the search threads without locks: an entry is two atomic
//! words, the data and the key mixed with the data. A slot torn by two
//! threads writing at once no longer unmixes to its key, so it reads as a
//! miss instead of another position's result. (A gomoku node costs about
//! two microseconds, so two relaxed atomic loads a probe are not felt.)

use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub enum Bound {
    #[default]
    None,
    Exact,
    Lower,
    Upper,
}

impl Bound {
    fn code(self) -> u64 {
        match self {
            Bound::None => 0,
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        }
    }

    fn of(code: u64) -> Bound {
        match code & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => Bound::None,
        }
    }
}

/// `[key ^ data, data]`.
#[derive(Default)]
struct Slot([AtomicU64; 2]);

pub struct Table {
    slots: Vec<Slot>,
}

/// What a probe found.
pub struct Hit {
    pub score: i32,
    pub best: Option<usize>,
    pub depth: i8,
    pub bound: Bound,
}

/// Data word: score in bits 0–31, best move 32–47 (`u16::MAX`: none),
/// depth 48–55, bound 56–57.
fn pack(score: i32, best: Option<usize>, depth: i8, bound: Bound) -> u64 {
    u64::from(score as u32)
        | u64::from(best.map_or(u16::MAX, |b| b as u16)) << 32
        | u64::from(depth as u8) << 48
        | bound.code() << 56
}

fn unpack(data: u64) -> Hit {
    let best = (data >> 32) as u16;
    Hit {
        score: data as u32 as i32,
        best: (best != u16::MAX).then_some(usize::from(best)),
        depth: (data >> 48) as u8 as i8,
        bound: Bound::of(data >> 56),
    }
}

impl Table {
    /// A table of about `megabytes` (rounded down to a power of two of
    /// slots, at least 4096).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes << 20) / std::mem::size_of::<Slot>();
        let mut n = 4096;
        while n * 2 <= wanted {
            n *= 2;
        }
        Table {
            slots: (0..n).map(|_| Slot::default()).collect(),
        }
    }

    fn slot(&self, key: u64) -> &Slot {
        &self.slots[(key >> 20) as usize & (self.slots.len() - 1)]
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let [mixed, data] = &self.slot(key).0;
        let data = data.load(Ordering::Relaxed);
        let mixed = mixed.load(Ordering::Relaxed);
        let hit = unpack(data);
        (mixed ^ data == key && hit.bound != Bound::None).then_some(hit)
    }

    pub fn store(&self, key: u64, depth: i8, score: i32, bound: Bound, best: Option<usize>) {
        let data = pack(score, best, depth, bound);
        let [mixed, word] = &self.slot(key).0;
        mixed.store(key ^ data, Ordering::Relaxed);
        word.store(data, Ordering::Relaxed);
    }

    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot = Slot::default();
        }
    }
}
