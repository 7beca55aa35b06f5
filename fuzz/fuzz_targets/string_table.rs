//! The string tables' parser: `i18n::table::StringTable::parse` (a RON map
//! of key to text), then every text filled in (`format`, `count`) and its
//! placeholders listed.
//!
//! Invariants: no panic; every key listed is found (`contains`, `get`
//! gives its own text); a text without placeholders fills in to itself.
//!
//! Reads: i18n/table.rs
#![no_main]

use libfuzzer_sys::fuzz_target;
use lineup_core::i18n::{Language, StringTable, placeholders};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(table) = StringTable::parse(Language::SimplifiedChinese, text) else {
        return;
    };
    assert_eq!(table.keys().count(), table.texts().count());
    for (key, text) in table.keys().zip(table.texts()) {
        assert!(table.contains(key));
        assert_eq!(table.get(key), text);
        let names = placeholders(text);
        let filled = table.format(key, &[("name", &"x"), ("n", &2)]);
        let _ = table.count(key, 1, &[]);
        if names.is_empty() {
            assert_eq!(filled, text);
        }
    }
});
