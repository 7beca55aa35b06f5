//! What a Gomocup engine may print, as Lineup's manager end reads it:
//! `gomocup::client::classify` (an answer, a `MESSAGE`/`UNKNOWN` line for
//! the log, `DEBUG` or an empty line dropped, `ERROR`), then an answer as a
//! move with `gomocup::wire::parse_move` (and `parse_point`), on every
//! board size.
//!
//! Invariants: no panic; whatever is kept is trimmed and comes from the
//! line; a move read lies on the board and, written back with
//! `wire::format_move`, reads back the same (a point with `format_point`
//! and `parse_point` too).
//!
//! Reads: gomocup/client.rs gomocup/wire.rs
#![no_main]

use libfuzzer_sys::fuzz_target;
use lineup_core::gomocup::client::{EngineLine, classify};
use lineup_core::gomocup::wire;
use lineup_core::rules::GomokuSize;
use lineup_core::rules::gomoku::Move;

fuzz_target!(|data: &[u8]| {
    // The reader thread reads lines: no line break inside one.
    let Some((pick, line)) = lineup_fuzz::choice_and_text(data) else {
        return;
    };
    if line.contains('\n') {
        return;
    }
    let span = GomokuSize::MAX - GomokuSize::MIN + 1;
    let size = GomokuSize::MIN + pick % span;
    let answer = match classify(line) {
        EngineLine::Ignored => return,
        EngineLine::Log(text) | EngineLine::Error(text) => {
            assert_eq!(text, text.trim());
            assert!(line.contains(text));
            return;
        }
        EngineLine::Answer(answer) => answer,
    };
    assert!(!answer.is_empty() && answer == answer.trim() && line.contains(answer));
    if let Ok(p) = wire::parse_point(answer, size) {
        assert!(p.x < size && p.y < size, "{p:?} on {size}");
        assert_eq!(wire::parse_point(&wire::format_point(p, size), size), Ok(p));
        assert_eq!(wire::parse_move(answer, size), Ok(Move::Stone(p)));
    }
    if let Ok(mv) = wire::parse_move(answer, size) {
        assert_eq!(wire::parse_move(&wire::format_move(mv, size), size), Ok(mv));
    }
});
