//! Addresses as people type them (`192.168.1.5`, `host:7878`,
//! `[::1]:7878`): `net::address::parse_literal`, the part of
//! `net::address::parse_address` that asks no name server (a fuzzer must not
//! send queries to the network).
//!
//! Invariants: no panic; an address read, written back (`Display`), reads
//! back the same; text that is no literal address is left for the lookup
//! (`None`) rather than refused, unless it is blank.
//!
//! Reads: net/address.rs
#![no_main]

use libfuzzer_sys::fuzz_target;
use lineup_core::net::address::parse_literal;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_literal(text) {
        Ok(Some(address)) => {
            let written = address.to_string();
            assert_eq!(parse_literal(&written), Ok(Some(address)), "{written}");
        }
        Ok(None) => assert!(!text.trim().is_empty()),
        Err(_) => assert!(text.trim().is_empty()),
    }
});
