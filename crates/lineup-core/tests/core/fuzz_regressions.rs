//! Inputs the fuzz targets (`fuzz/`, `scripts/fuzz.sh`) found to break an
//! invariant, each with what is right for it now. One test per finding,
//! named after the target that found it.

use lineup_core::i18n::{Language, StringTable};
use lineup_core::net::{CodeError, RoomCode};

/// `room_code`: the full-width dash, dot and low line an input method
/// types were turned into plain ones after separators had been left out,
/// so they stayed in the code: a code typed in full width with a dash was
/// refused for its length, and normalising twice gave another text than
/// once.
#[test]
fn room_code_full_width_separators_are_left_out() {
    let code = RoomCode::parse("K7MQ2X").expect("a code");
    for typed in ["Ｋ７Ｍ－Ｑ２Ｘ", "ｋ７ｍ．ｑ２ｘ", "Ｋ７Ｍ＿Ｑ２Ｘ"] {
        assert_eq!(RoomCode::normalise(typed), "K7MQ2X", "{typed:?}");
        assert_eq!(RoomCode::parse(typed), Ok(code), "{typed:?}");
    }
    // The fuzzer's input: its normal form is a fixed point, and reading the
    // text or its normal form gives the same answer.
    let found = "\u{ef2b}\u{fb37}\u{ffd7}\u{cf3c}Z\u{ff3f}\u{ffd7}\u{cf31}\u{ff31}\u{ff12}";
    let once = RoomCode::normalise(found);
    assert_eq!(RoomCode::normalise(&once), once);
    assert_eq!(RoomCode::parse(found), Err(CodeError::Length(9)));
    assert_eq!(RoomCode::parse(&once), RoomCode::parse(found));
}

/// `string_table`: a text with a `{` that is never closed had the text
/// before it written twice when filled in ("missing {close" came out as
/// "missing missing {close").
#[test]
fn string_table_unclosed_brace_is_kept_once() {
    let table = StringTable::parse(
        Language::English,
        r#"{ "x.y": "missing {close", "x.z": "{n} of {name} and {", "x.w": "a{b}c{" }"#,
    )
    .expect("a table");
    assert_eq!(table.format("x.y", &[]), "missing {close");
    assert_eq!(
        table.format("x.z", &[("name", &"Ann"), ("n", &2)]),
        "2 of Ann and {"
    );
    assert_eq!(table.format("x.w", &[("b", &"B")]), "aBc{");
    assert_eq!(table.count("x.z", 3, &[("name", &"Bo")]), "3 of Bo and {");
}

/// `gomocup_openings`: an offset near the ends of `i64` overflowed when
/// the centre was added (a panic wherever overflow is checked, a wrapped
/// point elsewhere). It is off the board, and said so.
#[test]
fn gomocup_openings_huge_offset_is_off_the_board() {
    use lineup_core::gomocup::openings::{Form, parse};
    for text in [
        "9223372036854775807,0",
        "0,9223372036854775807",
        "-9223372036854775808,0",
        "0,0 9223372036854775807,9223372036854775807",
    ] {
        let error = parse(text, Form::Offset, 15).expect_err(text);
        assert!(error.starts_with("line 1: "), "{error}");
        assert!(error.contains("outside the 15x15 board"), "{error}");
    }
    assert_eq!(parse("0,0, 1,-1", Form::Offset, 15).map(|o| o.len()), Ok(1));
}
