//! Opening lists for engine matches: `gomocup::openings::parse` in both
//! forms (absolute `x,y` and offsets from the centre), on every board size.
//!
//! Invariants: no panic; every point of every opening read lies on the
//! board, and no opening has a point twice; a list read, written back in
//! the absolute form (`x,y` as `gomocup::wire::format_point` writes them),
//! reads back the same.
//!
//! Reads: gomocup/openings.rs gomocup/wire.rs
#![no_main]

use libfuzzer_sys::fuzz_target;
use lineup_core::gomocup::openings::{Form, parse};
use lineup_core::gomocup::wire;
use lineup_core::rules::GomokuSize;

fuzz_target!(|data: &[u8]| {
    let Some((pick, text)) = lineup_fuzz::choice_and_text(data) else {
        return;
    };
    let form = if pick & 1 == 0 {
        Form::Absolute
    } else {
        Form::Offset
    };
    let span = GomokuSize::MAX - GomokuSize::MIN + 1;
    let size = GomokuSize::MIN + (pick >> 1) % span;
    let Ok(openings) = parse(text, form, size) else {
        return;
    };
    let mut written = String::new();
    for opening in &openings {
        for (i, p) in opening.iter().enumerate() {
            assert!(p.x < size && p.y < size, "{p:?} on {size}");
            assert!(!opening[..i].contains(p), "{p:?} twice");
            written += &wire::format_point(*p, size);
            written.push(' ');
        }
        written.push('\n');
    }
    let written = written.replace(" \n", "\n");
    // An empty opening is an empty line, which is skipped.
    let kept: Vec<_> = openings.into_iter().filter(|o| !o.is_empty()).collect();
    assert_eq!(parse(&written, Form::Absolute, size), Ok(kept), "{written}");
});
