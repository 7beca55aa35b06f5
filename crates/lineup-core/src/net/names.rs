//! What a person's text may hold where others read it (names, chat), and
//! when two names are one: what a hostile player would use to pass for
//! someone else or to garble the screen of everyone in the lobby.
//!
//! - Invisible characters (zero-width spaces and joiners, bidi overrides
//!   and isolates, the soft hyphen, tag characters) are left out of names
//!   and chat: a right-to-left override turns the rest of a line around,
//!   and a zero-width space makes "Ann" and "An​n" two names.
//! - A display name's letters come from one script among Latin, Cyrillic
//!   and Greek: "Аnn" with a Cyrillic А is refused.
//! - Names are compared by their [`skeleton`]: compatibility forms (NFKC:
//!   full-width and mathematical letters, ligatures), case, the Cyrillic and
//!   Greek letters drawn like Latin ones, 0/o, 1/l/i/ı, and the separators
//!   are folded, so "ANN", "Ａnn", "𝐀nn", "A.nn" and "АNN" are all "Ann"'s
//!   name.
//! - A few names speak for the server ([`is_reserved`]): nobody takes them.

use unicode_normalization::UnicodeNormalization;

/// Whether `c` draws nothing but changes how the text around it is drawn
/// or compared.
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'                  // soft hyphen
            | '\u{034F}'            // combining grapheme joiner
            | '\u{061C}'            // Arabic letter mark
            | '\u{115F}' | '\u{1160}' // Hangul fillers
            | '\u{17B4}' | '\u{17B5}'
            | '\u{180B}'..='\u{180F}' // Mongolian selectors and vowel separator
            | '\u{200B}'..='\u{200F}' // zero-width space, joiners, LRM, RLM
            | '\u{202A}'..='\u{202E}' // bidi embeddings and overrides
            | '\u{2060}'..='\u{206F}' // word joiner, invisible operators, isolates
            | '\u{3164}'            // Hangul filler
            | '\u{FE00}'..='\u{FE0F}' // variation selectors
            | '\u{FEFF}'            // zero-width no-break space
            | '\u{FFA0}'            // half-width Hangul filler
            | '\u{FFF0}'..='\u{FFFB}' // interlinear annotation
            | '\u{1D173}'..='\u{1D17A}' // musical formatting
            | '\u{E0000}'..='\u{E0FFF}' // tags and variation selectors
    )
}

/// Whether `name` shows nothing: empty, or only spaces, control and
/// invisible characters. Such a name is never taken as typed ("Player"
/// stands in for an empty name, never for a registered one).
pub fn is_blank(name: &str) -> bool {
    name.chars()
        .all(|c| c.is_whitespace() || c.is_control() || is_invisible(c))
}

/// The plain ASCII character a full-width one (an input method's Ａ, ７,
/// －) stands for.
pub(crate) fn plain_width(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        _ => c,
    }
}

/// Whether `c` only separates the parts of a name or a code people type
/// ("k7m-q2x", "Ann Lee"): left out when they are compared.
pub(crate) fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, '-' | '.' | '_' | '·')
}

/// The Latin capital a Cyrillic or Greek letter is drawn as, where the
/// two look the same.
pub(crate) fn latin_look_alike(c: char) -> Option<char> {
    Some(match c {
        'А' | 'а' | 'Α' | 'α' => 'A',
        'В' | 'в' | 'Β' | 'β' => 'B',
        'С' | 'с' | 'Ϲ' | 'ϲ' => 'C',
        'Е' | 'е' | 'Ε' | 'ε' => 'E',
        'Н' | 'н' | 'Η' => 'H',
        'І' | 'і' | 'Ι' | 'ι' => 'I',
        'Ј' | 'ј' => 'J',
        'К' | 'к' | 'Κ' | 'κ' => 'K',
        'М' | 'м' | 'Μ' => 'M',
        'Ν' => 'N',
        'О' | 'о' | 'Ο' | 'ο' => 'O',
        'Р' | 'р' | 'Ρ' | 'ρ' => 'P',
        'Ѕ' | 'ѕ' => 'S',
        'Т' | 'т' | 'Τ' | 'τ' => 'T',
        'Х' | 'х' | 'Χ' | 'χ' => 'X',
        'У' | 'у' | 'Υ' => 'Y',
        'Ζ' => 'Z',
        _ => return None,
    })
}

/// The scripts whose letters are told apart by [`mixes_scripts`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Script {
    Latin,
    Cyrillic,
    Greek,
}

/// The script of `c`, a character of NFKC text (full-width forms are
/// plain already).
fn script(c: char) -> Option<Script> {
    match c {
        'A'..='Z' | 'a'..='z' | '\u{00C0}'..='\u{024F}' | '\u{1E00}'..='\u{1EFF}' => {
            Some(Script::Latin)
        }
        '\u{0400}'..='\u{052F}' | '\u{1C80}'..='\u{1C8F}' => Some(Script::Cyrillic),
        '\u{0370}'..='\u{03FF}' | '\u{1F00}'..='\u{1FFF}' => Some(Script::Greek),
        _ => None,
    }
}

/// Whether `name`'s letters come from more than one of Latin, Cyrillic
/// and Greek (the scripts whose letters pass for each other), once its
/// compatibility forms are plain (a mathematical 𝐀 is a Latin A).
pub fn mixes_scripts(name: &str) -> bool {
    let mut scripts = name.nfkc().filter_map(script);
    scripts
        .next()
        .is_some_and(|first| scripts.any(|other| other != first))
}

/// A name as it is compared: two names of one skeleton look alike.
pub fn skeleton(name: &str) -> String {
    name.chars()
        .filter(|c| !is_invisible(*c))
        // NFKC makes full-width forms plain (no `plain_width` needed).
        .nfkc()
        .filter(|c| !is_separator(*c))
        .map(|c| latin_look_alike(c).unwrap_or(c))
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            '0' => 'o',
            '1' | 'i' | '|' | 'ı' | 'ӏ' | 'ɩ' => 'l',
            _ => c,
        })
        .collect()
}

/// Names that would speak for the server, its staff or the game, as
/// skeletons (where i is l): the whole name, or its start for the longer
/// words.
const RESERVED: &[&str] = &[
    "mod", "root", "staff", "support", "official", "owner", "operator", "player",
];
const RESERVED_STARTS: &[&str] = &["admln", "moderator", "server", "system", "llneup"];

/// Whether `name` is kept for the server (whatever its case or letters).
pub fn is_reserved(name: &str) -> bool {
    let skeleton = skeleton(name);
    RESERVED.contains(&skeleton.as_str())
        || RESERVED_STARTS
            .iter()
            .any(|start| skeleton.starts_with(start))
}
