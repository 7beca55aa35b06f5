//! Where the values an outsider could use come from: login challenges, seat
//! secrets, room codes, game and seek ids, a new player's key. They come
//! from the operating system's generator ([`OsSecrets`]), always, and never
//! from the seeded [`crate::ai::PlayRng`] that the computer players, pairing
//! ties and replays use: a seeded generator's output gives its state away
//! (SplitMix64's output step can be inverted), and with the state every
//! later secret.
//!
//! The lobby stays sans-IO: it is handed a [`SecretSource`]. The server,
//! the hosting window and every other production path hand it
//! [`OsSecrets`]. Tests and the fuzzer, which must replay, hand it
//! [`PredictableSecrets`], whose name says what it is.
//!
//! When the system has no randomness to give (it never happens on a
//! running Linux; the call blocks until the pool is ready at boot), the
//! request that needed a secret is refused with [`SecretError`]'s message.
//! Nothing falls back to the clock.

use std::fmt;

/// The operating system could not give random bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SecretError(pub String);

impl fmt::Display for SecretError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the system gave no random bytes: {}", self.0)
    }
}

impl std::error::Error for SecretError {}

/// Random bytes for secrets.
pub trait SecretSource: Send + Sync + fmt::Debug {
    /// Fills `bytes` with fresh random bytes.
    fn fill(&mut self, bytes: &mut [u8]) -> Result<(), SecretError>;

    /// Eight fresh bytes as a number (an id, a room code's number).
    fn next_u64(&mut self) -> Result<u64, SecretError> {
        let mut bytes = [0; 8];
        self.fill(&mut bytes)?;
        Ok(u64::from_le_bytes(bytes))
    }

    /// `N` fresh bytes.
    fn bytes<const N: usize>(&mut self) -> Result<[u8; N], SecretError>
    where
        Self: Sized,
    {
        let mut bytes = [0; N];
        self.fill(&mut bytes)?;
        Ok(bytes)
    }
}

impl SecretSource for Box<dyn SecretSource> {
    fn fill(&mut self, bytes: &mut [u8]) -> Result<(), SecretError> {
        (**self).fill(bytes)
    }
}

/// The operating system's generator (`getrandom(2)` on Linux).
#[derive(Clone, Copy, Debug, Default)]
pub struct OsSecrets;

impl SecretSource for OsSecrets {
    fn fill(&mut self, bytes: &mut [u8]) -> Result<(), SecretError> {
        getrandom::fill(bytes).map_err(|e| SecretError(e.to_string()))
    }
}

impl OsSecrets {
    /// `N` bytes from the operating system, without a source at hand.
    pub fn bytes<const N: usize>() -> Result<[u8; N], SecretError> {
        SecretSource::bytes(&mut OsSecrets)
    }
}

/// Bytes anyone can work out: a counter, little-endian, one step a call.
/// For tests and the fuzzer, which replay a lobby exactly. Never a
/// server's.
#[derive(Clone, Debug, Default)]
pub struct PredictableSecrets(u64);

impl PredictableSecrets {
    pub fn starting_at(count: u64) -> PredictableSecrets {
        PredictableSecrets(count)
    }
}

impl SecretSource for PredictableSecrets {
    fn fill(&mut self, bytes: &mut [u8]) -> Result<(), SecretError> {
        self.0 = self.0.wrapping_add(1);
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = self.0.to_le_bytes()[i % 8] ^ (i / 8) as u8;
        }
        Ok(())
    }
}
