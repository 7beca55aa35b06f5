//! Noise from the project's own seeded generator, so renders repeat exactly.

use crate::ai::PlayRng;

/// A seeded source of white noise and small random variations.
pub struct Noise(PlayRng);

impl Noise {
    pub fn new(seed: u64) -> Self {
        Noise(PlayRng::new(seed))
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.0.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `[-1, 1)`: white noise.
    pub fn white(&mut self) -> f64 {
        self.unit() * 2.0 - 1.0
    }

    /// `1 ± spread`, uniformly: a small multiplicative variation.
    pub fn vary(&mut self, spread: f64) -> f64 {
        1.0 + self.white() * spread
    }

    /// An index in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0.below(n)
    }
}
