//! Rate limits: a token bucket for each of many holders (connections,
//! keys, rooms), kept as one number a holder, the moment its tokens are
//! spent up to. A holder never seen has a full bucket. (A connection's own
//! frame allowance, one bucket in its task, is the server's.)

use std::collections::HashMap;
use std::hash::Hash;

/// One token every `every_ms`, at most `burst` saved up, for each holder.
#[derive(Debug)]
pub(super) struct Allowances<K> {
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

impl<K: Hash + Eq> Allowances<K> {
    pub fn new(every_ms: u64, burst: u64, kept: usize) -> Allowances<K> {
        Allowances {
            every_ms: every_ms as i64,
            burst: burst as i64,
            spent_to: HashMap::new(),
            kept,
            pruned_at: i64::MIN / 2,
        }
    }

    /// The moment `holder`'s tokens are spent up to, no earlier than a full
    /// bucket at `now`: it has a token while this is a token's time or more
    /// before `now`.
    fn spent_to(&self, holder: &K, now: i64) -> i64 {
        let full = now - self.every_ms * self.burst;
        self.spent_to
            .get(holder)
            .map_or(full, |spent| (*spent).max(full))
    }

    /// Takes one of `holder`'s tokens at `now`; false when it has none.
    pub fn spend(&mut self, holder: K, now: u64) -> bool {
        let now = now as i64;
        if self.spent_to.len() >= self.kept && now >= self.pruned_at + 1_000 {
            let full = now - self.every_ms * self.burst;
            self.spent_to.retain(|_, spent| *spent > full);
            self.pruned_at = now;
        }
        let from = self.spent_to(&holder, now);
        if from + self.every_ms > now {
            return false;
        }
        self.spent_to.insert(holder, from + self.every_ms);
        true
    }

    /// Whether `holder` has a token at `now` (nothing is spent).
    pub fn has(&self, holder: &K, now: u64) -> bool {
        let now = now as i64;
        self.spent_to(holder, now) + self.every_ms <= now
    }

    /// `holder` is gone: its bucket with it.
    pub fn forget(&mut self, holder: &K) {
        self.spent_to.remove(holder);
    }
}
