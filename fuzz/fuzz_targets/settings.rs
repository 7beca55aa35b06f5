//! The small RON files kept beside the settings, as `persist::settings_file`
//! reads them (`settings_file::parse`, what `load_named` does with a file's
//! text), into the settings types that live in lineup-core: the record
//! against the computer (`persist::record::Record`), the Gomocup engines a
//! person named (`Vec<gomocup::registry::EngineEntry>`) and a match set-up
//! (`match_setup::MatchSetup`). The game's own `Settings` struct lives in
//! the Bevy crate and is not fuzzed here.
//!
//! Invariants: no panic; a value that parses, written back with
//! `settings_file::to_text` (what `save_named` writes), parses to an equal
//! value.
//!
//! Reads: persist/record.rs persist/settings_file.rs gomocup/registry.rs match_setup.rs
#![no_main]

use libfuzzer_sys::fuzz_target;
use lineup_core::gomocup::registry::EngineEntry;
use lineup_core::match_setup::MatchSetup;
use lineup_core::persist::record::Record;
use lineup_core::persist::settings_file;

/// Reads `text` as a `$t`; a value read is written back and read again.
macro_rules! round_trip {
    ($t:ty, $text:expr) => {
        if let Ok(value) = settings_file::parse::<$t>($text) {
            let written = settings_file::to_text(&value).expect("a value can be written");
            assert_eq!(
                settings_file::parse::<$t>(&written).as_ref(),
                Ok(&value),
                "{written}"
            );
        }
    };
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    round_trip!(Record, text);
    round_trip!(Vec<EngineEntry>, text);
    round_trip!(MatchSetup, text);
});
