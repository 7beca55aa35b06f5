//! The words the game shows, in every language it speaks. Plain Rust, no
//! Bevy: a [`Language`] and its [`StringTable`] of strings, read from
//! `assets/i18n/<code>.ron` (built into the program), where a key such as
//! `menu.new_game` maps to "New game" or "新游戏". Placeholders are written
//! `{name}` and filled by [`StringTable::format`].
//!
//! Why tables and not strings in the code: a translator edits one file per
//! language, and the tests can check that both files have the same keys and
//! placeholders, and that the font has a glyph for every character.

mod language;
mod table;

pub use language::Language;
pub use table::{StringTable, TableError, placeholders};
