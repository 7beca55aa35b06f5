//! A rate limit: a token bucket for each of many holders (connections,
//! keys, rooms), kept as one number a holder, the moment its tokens are
//! spent up to. A holder never seen has a full bucket.

use std::collections::HashMap;
use std::hash::Hash;

/// One token every `every_ms`, at most `burst` saved up, for each holder.
#[derive(Debug)]
pub(super) struct Allowance<K> {
    every_ms: i64,
    burst: i64,
    /// Each holder's bucket: the moment its tokens are spent up to
    /// (signed: a new holder's bucket is full even in a server's first
    /// seconds).
    spent_to: HashMap<K, i64>,
    /// Past this many holders, the full buckets are forgotten (at most
    /// once a second): a flood of new holders never makes every spending
    /// walk the whole table, nor the table grow without end.
    kept: usize,
    pruned_at: i64,
}

impl<K: Hash + Eq> Allowance<K> {
    pub fn new(every_ms: u64, burst: u64, kept: usize) -> Allowance<K> {
        Allowance {
            every_ms: every_ms as i64,
            burst: burst as i64,
            spent_to: HashMap::new(),
            kept,
            pruned_at: i64::MIN / 2,
        }
    }

    /// Takes one of `holder`'s tokens at `now`; false when it has none.
    pub fn spend(&mut self, holder: K, now: u64) -> bool {
        let now = now as i64;
        let full = now - self.every_ms * self.burst;
        if self.spent_to.len() >= self.kept && now >= self.pruned_at + 1_000 {
            self.spent_to.retain(|_, spent| *spent > full);
            self.pruned_at = now;
        }
        let spent = self.spent_to.entry(holder).or_insert(full);
        let from = (*spent).max(full);
        if from + self.every_ms > now {
            return false;
        }
        *spent = from + self.every_ms;
        true
    }

    /// Whether `holder` has a token at `now` (nothing is spent).
    pub fn has(&self, holder: &K, now: u64) -> bool {
        let now = now as i64;
        let full = now - self.every_ms * self.burst;
        let spent = self.spent_to.get(holder).copied().unwrap_or(full);
        spent.max(full) + self.every_ms <= now
    }

    /// `holder` is gone: its bucket with it.
    pub fn forget(&mut self, holder: &K) {
        self.spent_to.remove(holder);
    }
}
