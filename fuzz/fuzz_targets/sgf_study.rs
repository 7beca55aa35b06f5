//! Analyses in SGF (Gomoku's `GM[4]`): `analysis::sgf::from_sgf`, the
//! set-up stones, every line as variations, comments and marks.
//!
//! Invariants: no panic; an analysis read, written back with
//! `analysis::sgf::to_sgf`, reads back to an equal set-up and tree (the
//! same moves in the same order, with the same notes); every move of the
//! tree replays from the set-up (`Study::from_parts` accepts it).
//!
//! Reads: analysis/sgf.rs analysis/study.rs
#![no_main]

use libfuzzer_sys::fuzz_target;
use lineup_core::analysis::sgf::{from_sgf, to_sgf};
use lineup_core::analysis::study::Study;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok((setup, tree)) = from_sgf(text) else {
        return;
    };
    let written = to_sgf(&setup, &tree).expect("a Gomoku analysis is written");
    let (again_setup, again_tree) = from_sgf(&written).expect(&written);
    assert_eq!(again_setup, setup, "{written}");
    assert!(again_tree == tree, "{written}\n{again_tree:?}\n{tree:?}");
    if let Err(e) = Study::from_parts(setup, tree, None) {
        panic!("{e}\n{written}");
    }
});
