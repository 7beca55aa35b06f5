//! The transposition table: a score bound per position already searched.
//!
//! Why so compact: the solver's speed on hard positions is mostly how many
//! positions the table remembers. A bucket is 16 bytes, one aligned piece
//! of a cache line, and holds three entries of a 32-bit check word and a
//! one-byte value, so a probe is one cache miss.
//!
//! Why exact with partial keys: a key of `k` bits (49 on 7×6) is first
//! scrambled by a bijection of `0..2^k` (multiplying by an odd constant
//! modulo `2^k`); the top bits of the result pick the bucket and the low
//! 30 bits are stored. When `k <= 30 + log2(buckets)` (49 with the default
//! 2^19 buckets), bucket and stored bits together are the whole scrambled
//! key, so a match is never a false hit: the role of Pons' prime-sized
//! table and its Chinese remainder argument, without a 64-bit division per
//! probe. Only boards with longer keys (some large variants) can see a rare
//! false hit.
//!
//! Why three ways with a work class: the other 2 bits of the check word
//! say how much work the entry saved (stones left on the board when it was
//! stored, in steps of 8), and a new entry replaces the cheapest of the
//! three, so the expensive positions near the root survive the flood of
//! leaves (plain first-in-first-out replacement searched 30% more nodes).
//!
//! Why only 8 MB by default: measured on the standard sets, a table that
//! mostly stays in the CPU's last-level cache is faster than a 32 MB one
//! although it searches a few percent more nodes (a probe that hits the
//! cache costs a fraction of one that goes to memory). A solve that turns
//! out long grows the table ([`TranspositionTable::grow`], see the solver),
//! and the opening book's tool starts with a far larger one.
//!
//! Value 0 means "no entry"; the solver encodes its bounds as 1..=255.

/// Buckets of the default table: 2^19 buckets, 1.6 M entries, 8 MB.
pub const DEFAULT_LOG2_SIZE: u32 = 19;

const WAYS: usize = 3;
const CHECK_BITS: u32 = 30;
const CHECK_MASK: u32 = (1 << CHECK_BITS) - 1;

#[derive(Clone, Copy, Default)]
#[repr(C, align(16))]
struct Bucket {
    /// Work class (2 bits) above the key's check bits (30 bits).
    checks: [u32; WAYS],
    values: [u8; WAYS],
}

/// A hash table from position keys to one byte, of a fixed size unless
/// [`TranspositionTable::grow`] is called.
pub struct TranspositionTable {
    buckets: Box<[Bucket]>,
    log2_size: u32,
    /// Keys are below `2^key_bits` (set per board size by
    /// [`Self::set_key_bits`]); the scrambled key keeps these bits...
    key_mask: u64,
    /// ...and its top `log2_size` of them pick the bucket.
    bucket_shift: u32,
}

/// An odd multiplier with well-spread bits (the 64-bit golden ratio).
const SCRAMBLE: u64 = 0x9e37_79b9_7f4a_7c15;

impl TranspositionTable {
    /// A table of `2^log2_size` buckets (16 bytes, 3 entries each) for keys
    /// of up to 49 bits (7×6). `log2_size` is clamped to 8..=28.
    pub fn new(log2_size: u32) -> Self {
        let log2_size = log2_size.clamp(8, 28);
        TranspositionTable {
            buckets: zeroed_buckets(1 << log2_size),
            log2_size,
            key_mask: (1 << 49) - 1,
            bucket_shift: 49 - log2_size,
        }
    }

    /// `log2` of the number of buckets.
    pub fn log2_size(&self) -> u32 {
        self.log2_size
    }

    /// Makes the table `2^log2_size` buckets large (if that is larger),
    /// moving its entries over when the stored bits are the whole key (as
    /// many as fit: a bucket of the new table takes at most three).
    pub fn grow(&mut self, log2_size: u32) {
        let log2_size = log2_size.clamp(8, 28);
        if log2_size <= self.log2_size {
            return;
        }
        let key_bits = self.key_mask.count_ones();
        let old = std::mem::replace(self, TranspositionTable::new(log2_size));
        self.set_key_bits(key_bits);
        if old.bucket_shift > CHECK_BITS || self.key_mask != old.key_mask {
            // Part of each key was never stored, or the keys are scrambled
            // to another width (tiny boards): start empty.
            return;
        }
        for (i, bucket) in (0u64..).zip(&old.buckets) {
            for way in 0..WAYS {
                if bucket.values[way] != 0 {
                    let check = u64::from(bucket.checks[way] & CHECK_MASK);
                    let scrambled = i << old.bucket_shift | check;
                    let work = bucket.checks[way] >> CHECK_BITS;
                    self.put_scrambled(scrambled, bucket.values[way], work);
                }
            }
        }
    }

    /// Makes the table take keys below `2^key_bits` (`log2_size + 1` to
    /// 64). Entries stored with other key bits become meaningless: clear
    /// the table too unless it is empty.
    pub fn set_key_bits(&mut self, key_bits: u32) {
        let key_bits = key_bits.clamp(self.log2_size + 1, 64);
        self.key_mask = u64::MAX >> (64 - key_bits);
        self.bucket_shift = key_bits - self.log2_size;
    }

    /// Entries the table can hold.
    pub fn len(&self) -> usize {
        self.buckets.len() * WAYS
    }

    /// Never true: a table has at least 256 buckets.
    pub fn is_empty(&self) -> bool {
        self.buckets.is_empty()
    }

    /// A copy of the table, entries and all (for another thread to search
    /// on: see [`super::parallel`]). Not a derived `Clone`: the copy comes
    /// from [`zeroed_buckets`] too, so it gets the same huge-page advice.
    pub fn duplicate(&self) -> Self {
        let mut buckets = zeroed_buckets(self.buckets.len());
        buckets.copy_from_slice(&self.buckets);
        TranspositionTable {
            buckets,
            log2_size: self.log2_size,
            key_mask: self.key_mask,
            bucket_shift: self.bucket_shift,
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.buckets = zeroed_buckets(self.buckets.len());
    }

    /// The key scrambled (see the module documentation).
    #[inline(always)]
    fn scramble(&self, key: u64) -> u64 {
        key.wrapping_mul(SCRAMBLE) & self.key_mask
    }

    /// A scrambled key's bucket and the bits stored to recognise it.
    #[inline(always)]
    fn slot(&self, scrambled: u64) -> (usize, u32) {
        (
            (scrambled >> self.bucket_shift) as usize,
            scrambled as u32 & CHECK_MASK,
        )
    }

    /// Stores `value` (not 0) for `key`; `stones_left` (the work the entry
    /// saves) decides which entry of the bucket it may replace.
    #[inline(always)]
    pub fn put(&mut self, key: u64, value: u8, stones_left: u32) {
        self.put_scrambled(self.scramble(key), value, (stones_left / 8).min(3));
    }

    #[inline(always)]
    fn put_scrambled(&mut self, scrambled: u64, value: u8, work: u32) {
        let (i, check) = self.slot(scrambled);
        let bucket = &mut self.buckets[i];
        let mut way = 0;
        let mut cheapest = u32::MAX;
        for (w, &c) in bucket.checks.iter().enumerate() {
            if c & CHECK_MASK == check {
                way = w;
                break;
            }
            if c >> CHECK_BITS < cheapest {
                cheapest = c >> CHECK_BITS;
                way = w;
            }
        }
        bucket.checks[way] = check | work << CHECK_BITS;
        bucket.values[way] = value;
    }

    /// The value stored for `key`, or 0.
    #[inline(always)]
    pub fn get(&self, key: u64) -> u8 {
        let (i, check) = self.slot(self.scramble(key));
        let bucket = &self.buckets[i];
        for w in 0..WAYS {
            if bucket.checks[w] & CHECK_MASK == check {
                return bucket.values[w];
            }
        }
        0
    }

    /// Hints the CPU to fetch `key`'s bucket now, ahead of [`Self::get`].
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let ptr = self
                .buckets
                .as_ptr()
                .wrapping_add(self.slot(self.scramble(key)).0);
            // SAFETY: a prefetch is only a hint; it never faults, whatever
            // the address, and `ptr` is inside the table anyway.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(ptr.cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }
}

/// `count` empty buckets. Zeroed memory comes from the allocator untouched
/// (calloc), so a large table costs nothing until it is used, and so the
/// kernel can still be asked to back it with 2 MB pages.
fn zeroed_buckets(count: usize) -> Box<[Bucket]> {
    let buckets = Box::<[Bucket]>::new_zeroed_slice(count);
    ask_for_huge_pages(buckets.as_ptr().cast(), std::mem::size_of_val(&*buckets));
    // SAFETY: a bucket of zero bytes is a valid, empty bucket (plain
    // integers only).
    unsafe { buckets.assume_init() }
}

/// Asks Linux to back `[start, start + bytes)` with 2 MB pages when it is
/// first touched. Why: probes land anywhere in the table, and with 4 KB
/// pages nearly every probe of a large table also misses the TLB; huge
/// pages made solves of hard positions up to 10% faster here, and the book
/// tool, with its 1 GB table, 1.6 times faster. Only a hint: without it,
/// or on other systems, nothing changes but the speed.
fn ask_for_huge_pages(start: *const u8, bytes: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let first = (start as usize).next_multiple_of(HUGE);
        let last = (start as usize + bytes) / HUGE * HUGE;
        if last > first {
            // SAFETY: the range lies inside one live allocation, and
            // MADV_HUGEPAGE changes no memory contents, only how it is
            // backed; a failure (e.g. no huge page support) is harmless.
            unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    last - first,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, bytes);
}
