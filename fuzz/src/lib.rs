//! What several targets share: an input read as a choice byte (the board,
//! the form, the rule…) followed by text.

/// The first byte, and the rest as text; `None` when there is no byte or
/// the rest is not UTF-8 (such inputs test nothing the text readers see).
pub fn choice_and_text(data: &[u8]) -> Option<(u8, &str)> {
    let (&choice, rest) = data.split_first()?;
    Some((choice, std::str::from_utf8(rest).ok()?))
}
