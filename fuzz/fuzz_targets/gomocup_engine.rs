//! The engine's end of the Gomocup protocol, as `pbrain-lineup` runs it:
//! `gomocup::Session::handle`, one line at a time (what
//! `gomocup::run_protocol` does with each line it reads), with arbitrary
//! lines: `START`, `BOARD`…`DONE`, `TURN`, `TAKEBACK`, `INFO`, and anything.
//!
//! Thinking is bounded so that an input runs in milliseconds: after each
//! line the harness sends `INFO timeout_turn 1` (the engine then thinks
//! 20 ms a move), and an input's lines stop at the fifth that can make the
//! engine think (`BEGIN`, `TURN`, `DONE`) or at `END`.
//!
//! Invariants: no panic; each answer is one line, and is `OK`, `ERROR …`,
//! `UNKNOWN …`, `FORBID …`, the `ABOUT` line or a move on the board
//! (`x,y`, or `-1,-1` for a pass).
//!
//! Reads: gomocup/server.rs gomocup/wire.rs
#![no_main]

use libfuzzer_sys::fuzz_target;
use lineup_core::gomocup::{Session, wire};
use lineup_core::rules::GomokuSize;

/// Lines that may start a search.
const THINKING: [&str; 3] = ["BEGIN", "TURN", "DONE"];
const MAX_THINKING: usize = 4;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut session = Session::new();
    let mut thinking = 0;
    for line in text.lines() {
        let word = line.split_whitespace().next().unwrap_or("");
        if THINKING.iter().any(|w| word.eq_ignore_ascii_case(w)) {
            thinking += 1;
            if thinking > MAX_THINKING {
                break;
            }
        }
        for answer in session.handle(line) {
            check(&answer);
        }
        if session.has_ended() {
            break;
        }
        for answer in session.handle("INFO timeout_turn 1") {
            // Inside BOARD it is no stone: refused, nothing else.
            assert!(answer.starts_with("ERROR "), "{answer}");
        }
    }
});

fn check(answer: &str) {
    assert!(!answer.contains('\n'), "{answer:?}");
    let known = ["ERROR ", "UNKNOWN ", "FORBID ", "name=\""];
    assert!(
        answer == "OK"
            || known.iter().any(|k| answer.starts_with(k))
            || wire::parse_move(answer, GomokuSize::MAX).is_ok(),
        "{answer:?}"
    );
}
