//! RenLib libraries (`.lib`, bytes): `analysis::renlib::read_renlib_with_cuts`
//! (`read_renlib` is the same without the cuts), with RenLib's header or
//! without (the oldest files).
//!
//! Invariants: no panic; a library read replays: every move of its tree is
//! legal from the empty Renju board (`Study::from_parts` accepts it), lines
//! the rules refuse being cut, and each cut is noted in the comment of a
//! node of the tree.
//!
//! Reads: analysis/renlib.rs analysis/study.rs
#![no_main]

use libfuzzer_sys::fuzz_target;
use lineup_core::analysis::renlib::read_renlib_with_cuts;
use lineup_core::analysis::study::Study;

fuzz_target!(|bytes: &[u8]| {
    // One read, not two: a library of thousands of moves takes a while
    // under the sanitizer, and `read_renlib` only drops the cuts.
    let Ok(lib) = read_renlib_with_cuts(bytes) else {
        return;
    };
    for cut in &lib.cuts {
        assert!(lib.tree.contains(cut.after), "{cut:?}");
        assert!(lib.tree.comment(cut.after).contains("was cut"), "{cut:?}");
    }
    if let Err(e) = Study::from_parts(lib.setup, lib.tree, None) {
        panic!("{e}");
    }
});
