//! The wall clock in whole seconds since 1970 (UTC): what saved games,
//! players' records and pages are stamped with. Its own module, below
//! everything that stamps, so that the server's lobby and the match in
//! play read the same clock without one importing the other.

use std::time::{SystemTime, UNIX_EPOCH};

/// Seconds since 1970; 0 for a clock set before it.
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}
