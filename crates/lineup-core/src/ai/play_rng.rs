//! The seeded random generator of play: the computer players' choices,
//! pairing ties, the soak's games, replays, the synthesised sounds' noise.
//! A seed plays it all again, which is what tests, replays and a soak run
//! that found a fault need.
//!
//! Why our own: play only needs "pick one of these" and "with this
//! probability", reproducibly from a seed; that is a dozen lines, not a
//! dependency.
//!
//! Never for secrets: its output gives its state away (SplitMix64's output
//! step can be inverted), and with the state every later number. Whatever
//! an outsider could use comes from [`crate::net::OsSecrets`].

/// SplitMix64: one add and a few multiply-xorshifts per number, every seed
/// (0 too) gives a full-period, well-mixed sequence.
///
/// ```
/// use lineup_core::ai::PlayRng;
///
/// let (mut a, mut b) = (PlayRng::new(7), PlayRng::new(7));
/// let rolls: Vec<usize> = (0..5).map(|_| a.below(6)).collect();
/// assert!(rolls.iter().all(|&n| n < 6));
/// // The same seed plays the same numbers again.
/// assert_eq!(rolls, (0..5).map(|_| b.below(6)).collect::<Vec<_>>());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayRng(u64);

impl PlayRng {
    pub fn new(seed: u64) -> Self {
        PlayRng(seed)
    }

    /// A seed from the clock, for games that should differ every time.
    pub fn from_time() -> Self {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        PlayRng(nanos)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), without modulo bias worth noticing.
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// True with probability `percent` / 100.
    pub fn percent(&mut self, percent: u32) -> bool {
        self.below(100) < percent as usize
    }

    /// One element of a non-empty slice, uniformly.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        (!items.is_empty()).then(|| items[self.below(items.len())])
    }
}
