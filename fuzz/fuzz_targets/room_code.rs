//! Room codes as people type them: `net::code::RoomCode::parse` (after
//! `normalise`: capitals, full-width and Cyrillic/Greek look-alikes,
//! separators dropped).
//!
//! Invariants: no panic; a code read is six characters of the alphabet, and
//! written back (`Display`) reads back the same code; parsing the
//! normalised text gives the same result as parsing the text.
//!
//! Reads: net/code.rs
#![no_main]

use libfuzzer_sys::fuzz_target;
use lineup_core::net::RoomCode;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = RoomCode::parse(text);
    assert_eq!(RoomCode::parse(&RoomCode::normalise(text)), parsed);
    let Ok(code) = parsed else {
        return;
    };
    let written = code.to_string();
    assert_eq!(written.len(), RoomCode::LEN);
    assert!(written.bytes().all(|b| RoomCode::ALPHABET.contains(&b)));
    assert_eq!(RoomCode::parse(&written), Ok(code));
});
