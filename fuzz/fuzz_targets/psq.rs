//! Piskvork / Gomocup `.psq` game files: `analysis::psq::parse`.
//!
//! Invariants: no panic; every stone read lies on the board read; a file
//! that parses, written back with `analysis::psq::write`, parses to the
//! same board size and moves.
//!
//! Reads: analysis/psq.rs
#![no_main]

use libfuzzer_sys::fuzz_target;
use lineup_core::analysis::psq;
use lineup_core::rules::gomoku::Move;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok((size, moves)) = psq::parse(text) else {
        return;
    };
    for mv in &moves {
        if let Move::Stone(p) = mv {
            assert!(p.x < size && p.y < size, "{p:?} on {size}");
        }
    }
    let written = psq::write(size, &moves);
    assert_eq!(psq::parse(&written), Ok((size, moves)), "{written}");
});
