//! The names a player types or keeps: the room code a friend is told
//! (`K7MQ2X`), and the seat's secret that lets its player back in after a
//! dropped connection.

use super::identity::{hex, unhex};
use super::names::{is_separator, latin_look_alike, plain_width};
use super::secrets::{SecretError, SecretSource};
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use subtle::ConstantTimeEq;

/// Six characters from an alphabet without look-alikes (no 0/O, 1/I/L), so a
/// code read aloud or off a screen is typed right. Valid by construction:
/// [`RoomCode::parse`] is the only way in from text, and deserialising goes
/// through it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RoomCode([u8; RoomCode::LEN]);

/// Why text is not a room code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    Length(usize),
    Character(char),
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Length(n) => {
                write!(f, "a room code has {} characters, not {n}", RoomCode::LEN)
            }
            CodeError::Character(c) => write!(f, "'{c}' is not in a room code"),
        }
    }
}

impl std::error::Error for CodeError {}

impl RoomCode {
    pub const LEN: usize = 6;
    /// 31 characters: 31^6 ≈ 887 million codes.
    pub const ALPHABET: &'static [u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

    /// Reads a code as a person types it, [`RoomCode::normalise`]d first; a
    /// character outside the alphabet (O, 0, I, 1, L, …) is refused with a
    /// message naming it.
    pub fn parse(text: &str) -> Result<RoomCode, CodeError> {
        let text = RoomCode::normalise(text);
        let count = text.chars().count();
        if count != Self::LEN {
            return Err(CodeError::Length(count));
        }
        let mut code = [0; Self::LEN];
        for (slot, c) in code.iter_mut().zip(text.chars()) {
            let upper = c.to_ascii_uppercase();
            if !upper.is_ascii() || !Self::ALPHABET.contains(&(upper as u8)) {
                return Err(CodeError::Character(c));
            }
            *slot = upper as u8;
        }
        Ok(RoomCode(code))
    }

    /// What a person typed, as the code it stands for wherever that is
    /// certain: letters in capitals, the full-width forms an input method
    /// types as plain ones, the Cyrillic and Greek capitals that look like
    /// Latin ones as those, and the spaces, dashes and dots people put in a
    /// code read aloud ("k7m-q2x") left out. What is not certain (0 or O?
    /// 1, I or L?) is left for [`RoomCode::parse`] to refuse by name.
    pub fn normalise(text: &str) -> String {
        text.chars()
            // Full-width ASCII (an input method's Ｋ７－…) to plain first, so
            // that its dashes and dots are left out like the plain ones.
            .map(plain_width)
            .filter(|c| !is_separator(*c))
            .map(|c| latin_look_alike(c).unwrap_or(c).to_ascii_uppercase())
            .collect()
    }

    /// The code numbered `n` (any number; taken modulo the number of codes).
    pub fn from_number(mut n: u64) -> RoomCode {
        let base = Self::ALPHABET.len() as u64;
        let mut code = [0; Self::LEN];
        for slot in &mut code {
            *slot = Self::ALPHABET[(n % base) as usize];
            n /= base;
        }
        RoomCode(code)
    }

    pub fn as_str(&self) -> &str {
        // Only alphabet bytes are ever stored: always ASCII.
        std::str::from_utf8(&self.0).unwrap_or("??????")
    }
}

impl fmt::Display for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RoomCode({})", self.as_str())
    }
}

impl TryFrom<String> for RoomCode {
    type Error = CodeError;
    fn try_from(text: String) -> Result<Self, CodeError> {
        RoomCode::parse(&text)
    }
}

impl From<RoomCode> for String {
    fn from(code: RoomCode) -> String {
        code.as_str().to_string()
    }
}

/// What proves a returning player owns a seat. Given only to that player,
/// never replicated: 128 bits from the operating system (the host's, or
/// the joiner's own for a seat it joins), compared in constant time, so
/// neither a guess nor a stopwatch finds it in the grace period.
///
/// In a human-readable file (a save, the server's room records) it is 32
/// hex digits. A record written before secrets had 128 bits holds a
/// number: it is read as that number's bytes, so that a seat kept across
/// the upgrade is still its player's.
#[derive(Clone, Copy)]
pub struct SeatSecret([u8; SeatSecret::BYTES]);

impl SeatSecret {
    pub const BYTES: usize = 16;

    /// A fresh secret from `source`.
    pub fn fresh(source: &mut impl SecretSource) -> Result<SeatSecret, SecretError> {
        Ok(SeatSecret(source.bytes()?))
    }

    /// The secret whose bytes are `bytes` (from a file or a test).
    pub fn from_bytes(bytes: [u8; SeatSecret::BYTES]) -> SeatSecret {
        SeatSecret(bytes)
    }

    /// Its bytes (to write it, or a test's wrong secret).
    pub fn to_bytes(self) -> [u8; SeatSecret::BYTES] {
        self.0
    }

    /// A secret of the 64-bit days, as it reads now.
    fn from_number(number: u64) -> SeatSecret {
        let mut bytes = [0; SeatSecret::BYTES];
        bytes[..8].copy_from_slice(&number.to_le_bytes());
        SeatSecret(bytes)
    }
}

impl PartialEq for SeatSecret {
    fn eq(&self, other: &SeatSecret) -> bool {
        self.0.ct_eq(&other.0).into()
    }
}

impl Eq for SeatSecret {}

impl fmt::Debug for SeatSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatSecret(…)")
    }
}

impl Serialize for SeatSecret {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.serialize_str(&hex(&self.0))
        } else {
            self.0.serialize(serializer)
        }
    }
}

impl<'de> Deserialize<'de> for SeatSecret {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SeatSecret, D::Error> {
        if !deserializer.is_human_readable() {
            return <[u8; SeatSecret::BYTES]>::deserialize(deserializer).map(SeatSecret);
        }
        struct Text;
        impl Visitor<'_> for Text {
            type Value = SeatSecret;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a seat secret: {} hex digits", 2 * SeatSecret::BYTES)
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<SeatSecret, E> {
                unhex(text)
                    .map(SeatSecret)
                    .ok_or_else(|| E::invalid_value(de::Unexpected::Str(text), &self))
            }
            fn visit_u64<E: de::Error>(self, number: u64) -> Result<SeatSecret, E> {
                Ok(SeatSecret::from_number(number))
            }
        }
        deserializer.deserialize_any(Text)
    }
}
