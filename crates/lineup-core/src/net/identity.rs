//! Who a player is online, without passwords: an ed25519 key pair made on
//! the player's computer the first time they go online. The server knows
//! the player by the public key ([`PlayerKey`]); at each login it sends a
//! fresh [`Challenge`] and the client signs it. Nobody but the holder of
//! the key file can sign, so nobody else can play as them; losing the file
//! means a new identity (the docs say so plainly).
//!
//! The signed bytes are a fixed prefix and the challenge, so a signature
//! made for a Lineup login can never be replayed as anything else.

use super::secrets::{OsSecrets, SecretError, SecretSource};
use ed25519_dalek::{Signature, Signer, SigningKey, Verifier, VerifyingKey};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a login signature covers besides the challenge.
const LOGIN_CONTEXT: &[u8] = b"lineup login v1\0";

/// A player's public key: their name on the server, whatever the display
/// name they chose.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlayerKey(pub [u8; 32]);

impl PlayerKey {
    /// In hex, as the server's database keeps it.
    pub fn hex(&self) -> String {
        hex(&self.0)
    }

    /// Reads [`PlayerKey::hex`]'s form.
    pub fn from_hex(text: &str) -> Option<PlayerKey> {
        Some(PlayerKey(unhex(text)?))
    }

    /// The first 8 hex digits, for logs and the player's page.
    pub fn short(&self) -> String {
        self.hex()[..8].to_string()
    }
}

impl fmt::Debug for PlayerKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PlayerKey({})", self.short())
    }
}

impl fmt::Display for PlayerKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.short())
    }
}

/// The random bytes a server asks a client to sign, fresh at every login.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge(pub [u8; 32]);

impl Challenge {
    /// A fresh challenge from `source` (the server's: the operating
    /// system's generator).
    pub fn fresh(source: &mut impl SecretSource) -> Result<Challenge, SecretError> {
        Ok(Challenge(source.bytes()?))
    }
}

/// A login signature (64 bytes, kept as two halves: serde reads arrays of
/// at most 32).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoginSignature(pub [u8; 32], pub [u8; 32]);

impl LoginSignature {
    fn bytes(&self) -> [u8; 64] {
        let mut all = [0u8; 64];
        all[..32].copy_from_slice(&self.0);
        all[32..].copy_from_slice(&self.1);
        all
    }
}

/// A player's key pair. Its secret half never leaves the computer but in
/// the player's own backup.
#[derive(Clone)]
pub struct Identity {
    signing: SigningKey,
}

impl fmt::Debug for Identity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Identity({})", self.key())
    }
}

/// Why a key file's text is no identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdentityError(pub String);

impl fmt::Display for IdentityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for IdentityError {}

/// The first line of a key file, so a person who opens it knows what it is.
const FILE_HEADER: &str =
    "# Lineup online identity: keep this file private. Whoever holds it plays as you.";

impl Identity {
    /// A new key pair from the operating system's generator.
    pub fn generate() -> Result<Identity, SecretError> {
        Ok(Identity::from_secret(OsSecrets::bytes()?))
    }

    /// The key pair whose secret is `secret`.
    pub fn from_secret(secret: [u8; 32]) -> Identity {
        Identity {
            signing: SigningKey::from_bytes(&secret),
        }
    }

    pub fn key(&self) -> PlayerKey {
        PlayerKey(self.signing.verifying_key().to_bytes())
    }

    /// Signs a login challenge.
    pub fn sign(&self, challenge: &Challenge) -> LoginSignature {
        let bytes = self.signing.sign(&login_message(challenge)).to_bytes();
        let (a, b) = bytes.split_at(32);
        LoginSignature(
            a.try_into().unwrap_or([0; 32]),
            b.try_into().unwrap_or([0; 32]),
        )
    }

    /// The key file's text: a comment and the secret in hex.
    pub fn to_file_text(&self) -> String {
        format!("{FILE_HEADER}\n{}\n", hex(&self.signing.to_bytes()))
    }

    /// Reads [`Identity::to_file_text`]'s form (comment lines and blanks
    /// skipped).
    pub fn from_file_text(text: &str) -> Result<Identity, IdentityError> {
        let secret = text
            .lines()
            .map(str::trim)
            .find(|line| !line.is_empty() && !line.starts_with('#'))
            .ok_or_else(|| IdentityError("the file holds no key".into()))?;
        let bytes = unhex(secret).ok_or_else(|| {
            IdentityError("the key is not 64 hexadecimal digits: the file is damaged".into())
        })?;
        Ok(Identity::from_secret(bytes))
    }
}

/// Whether `signature` is `key`'s signature of `challenge`.
pub fn verify(key: &PlayerKey, challenge: &Challenge, signature: &LoginSignature) -> bool {
    let Ok(verifying) = VerifyingKey::from_bytes(&key.0) else {
        return false;
    };
    let signature = Signature::from_bytes(&signature.bytes());
    verifying
        .verify(&login_message(challenge), &signature)
        .is_ok()
        && verifying
            .verify_strict(&login_message(challenge), &signature)
            .is_ok()
}

fn login_message(challenge: &Challenge) -> Vec<u8> {
    let mut message = LOGIN_CONTEXT.to_vec();
    message.extend_from_slice(&challenge.0);
    message
}

/// `bytes` in lower-case hex.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// [`hex`]'s form back, `N` bytes exactly.
pub(crate) fn unhex<const N: usize>(text: &str) -> Option<[u8; N]> {
    let text = text.trim();
    // Digits only: `from_str_radix` alone would take a sign.
    if text.len() != 2 * N || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let mut bytes = [0u8; N];
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(bytes)
}
