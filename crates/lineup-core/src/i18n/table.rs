//! One language's strings: a key (`menu.new_game`) to its text, with
//! `{name}` placeholders. The tables are built into the program.

use super::Language;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::LazyLock;

/// The tables' source, one per language (same order as [`Language::ALL`]).
const SOURCES: [(Language, &str); 2] = [
    (
        Language::English,
        include_str!("../../../../assets/i18n/en.ron"),
    ),
    (
        Language::SimplifiedChinese,
        include_str!("../../../../assets/i18n/zh-CN.ron"),
    ),
];

static TABLES: LazyLock<[StringTable; 2]> = LazyLock::new(|| {
    SOURCES.map(|(language, text)| {
        StringTable::parse(language, text)
            .unwrap_or_else(|e| panic!("assets/i18n/{}.ron: {e}", language.code()))
    })
});

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StringTable {
    language: Language,
    strings: BTreeMap<String, String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableError(String);

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TableError {}

impl StringTable {
    /// The built-in table of `language` (checked by the tests, so it parses).
    pub fn of(language: Language) -> &'static StringTable {
        let index = Language::ALL.iter().position(|l| *l == language);
        &TABLES[index.expect("every language has a table")]
    }

    /// Reads a table: a RON map of key to text.
    pub fn parse(language: Language, text: &str) -> Result<StringTable, TableError> {
        let strings: BTreeMap<String, String> =
            ron::from_str(text).map_err(|e| TableError(e.to_string()))?;
        Ok(StringTable { language, strings })
    }

    pub fn language(&self) -> Language {
        self.language
    }

    /// Every key, in order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.strings.keys().map(String::as_str)
    }

    /// Every text, in key order.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        self.strings.values().map(String::as_str)
    }

    pub fn contains(&self, key: &str) -> bool {
        self.strings.contains_key(key)
    }

    /// The text of `key`; English's when this table lacks it, and the key
    /// itself when no table has it (a visible mistake, never a crash).
    pub fn get<'a>(&'a self, key: &'a str) -> &'a str {
        if let Some(text) = self.strings.get(key) {
            return text;
        }
        let english = StringTable::of(Language::English);
        if !std::ptr::eq(self, english)
            && let Some(text) = english.strings.get(key)
        {
            return text;
        }
        key
    }

    /// The text of `key` with each `{name}` replaced by its value.
    pub fn format(&self, key: &str, args: &[(&str, &dyn fmt::Display)]) -> String {
        fill(self.get(key), args)
    }

    /// Like [`StringTable::format`] for a text that depends on a count `n` (also
    /// passed as `{n}`): `key.one` when `n` is 1 and the table has that key.
    pub fn count(&self, key: &str, n: usize, args: &[(&str, &dyn fmt::Display)]) -> String {
        let one = format!("{key}.one");
        let key = if n == 1 && self.contains(&one) {
            one.as_str()
        } else {
            key
        };
        let mut all: Vec<(&str, &dyn fmt::Display)> = vec![("n", &n)];
        all.extend_from_slice(args);
        fill(self.get(key), &all)
    }
}

/// The placeholders `{name}` of a text, in order.
pub fn placeholders(text: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        names.push(&rest[open + 1..open + close]);
        rest = &rest[open + close + 1..];
    }
    names
}

fn fill(text: &str, args: &[(&str, &dyn fmt::Display)]) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open..];
        // A `{` never closed is text, kept once with the rest.
        let Some(close) = after.find('}') else {
            break;
        };
        out.push_str(&rest[..open]);
        let name = &after[1..close];
        match args.iter().find(|(n, _)| *n == name) {
            Some((_, value)) => out.push_str(&value.to_string()),
            None => out.push_str(&after[..=close]),
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}
