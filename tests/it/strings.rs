//! The string tables: both languages have the same keys and placeholders,
//! every key the code names exists (and every key is named somewhere), and
//! the game's font has a glyph for every character of every string.

use lineup::theme::fonts;
use lineup_core::i18n::{Language, StringTable, placeholders};
use std::collections::BTreeSet;
use std::path::Path;

fn tables() -> Vec<&'static StringTable> {
    Language::ALL.iter().map(|l| StringTable::of(*l)).collect()
}

#[test]
fn both_tables_have_the_same_keys_and_placeholders() {
    let english = StringTable::of(Language::English);
    for table in tables() {
        let keys: BTreeSet<&str> = table.keys().collect();
        let expected: BTreeSet<&str> = english.keys().collect();
        let missing: Vec<_> = expected.difference(&keys).collect();
        let extra: Vec<_> = keys.difference(&expected).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{}: missing {missing:?}, extra {extra:?}",
            table.language().code()
        );
        for key in english.keys() {
            let mut want = placeholders(english.get(key));
            let mut have = placeholders(table.get(key));
            want.sort_unstable();
            have.sort_unstable();
            assert_eq!(have, want, "{} {key}", table.language().code());
        }
    }
    assert_eq!(
        StringTable::of(Language::SimplifiedChinese).get("language.name"),
        "简体中文"
    );
}

/// Every string literal in `src/` (the game's and the core's) that looks like a key of a section the
/// table has (`"menu.new_game"`).
fn keys_named_in_code() -> BTreeSet<String> {
    let sections: BTreeSet<String> = StringTable::of(Language::English)
        .keys()
        .filter_map(|k| k.split('.').next())
        .map(String::from)
        .collect();
    let mut found = BTreeSet::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("src"), root.join("crates/lineup-core/src")];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            for entry in std::fs::read_dir(&path).expect("a source folder") {
                files.push(entry.expect("an entry").path());
            }
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        for literal in text.split('"').skip(1).step_by(2) {
            let looks_like_key = literal.contains('.')
                && literal
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "._".contains(c));
            let section = literal.split('.').next().unwrap_or("");
            let file = [".ron", ".png", ".psq", ".bad", ".ogg"]
                .iter()
                .any(|e| literal.ends_with(e));
            if looks_like_key && !file && sections.contains(section) {
                found.insert(literal.to_string());
            }
        }
    }
    found
}

#[test]
fn every_key_the_code_names_is_in_the_tables_and_every_key_is_named() {
    let english = StringTable::of(Language::English);
    let named = keys_named_in_code();
    let unknown: Vec<_> = named.iter().filter(|k| !english.contains(k)).collect();
    assert!(unknown.is_empty(), "keys without a text: {unknown:?}");
    // A ".one" key is named through its plural key.
    let unused: Vec<_> = english
        .keys()
        .filter(|k| !named.contains(k.trim_end_matches(".one")))
        .collect();
    assert!(unused.is_empty(), "texts no code shows: {unused:?}");
}

#[test]
fn the_font_has_every_character_of_every_string() {
    for (name, data) in [("regular", fonts::REGULAR), ("bold", fonts::BOLD)] {
        let font = swash::FontRef::from_index(data, 0).expect("a font");
        let charmap = font.charmap();
        for table in tables() {
            let missing: BTreeSet<char> = table
                .texts()
                .flat_map(str::chars)
                .filter(|c| !c.is_control() && charmap.map(*c) == 0)
                .collect();
            assert!(
                missing.is_empty(),
                "the {name} font lacks {missing:?} of {} (run scripts/make_fonts.py)",
                table.language().code()
            );
        }
        // What the board and the panels write besides the tables.
        for c in ('a'..='z')
            .chain('A'..='Z')
            .chain('0'..='9')
            .chain("|<>?!+-.:×…·△□○".chars())
        {
            assert_ne!(charmap.map(c), 0, "the {name} font lacks {c:?}");
        }
    }
}

#[test]
fn locales_map_to_languages() {
    for (locale, language) in [
        ("zh_CN.UTF-8", Language::SimplifiedChinese),
        ("zh_SG", Language::SimplifiedChinese),
        ("zh-Hans", Language::SimplifiedChinese),
        ("zh", Language::SimplifiedChinese),
        ("zh_TW.UTF-8", Language::English),
        ("zh_HK", Language::English),
        ("en_GB.UTF-8", Language::English),
        ("de_DE@euro", Language::English),
        ("C", Language::English),
        ("", Language::English),
    ] {
        assert_eq!(Language::from_locale(locale), language, "{locale}");
    }
}

#[test]
fn the_environment_is_read_in_posix_order() {
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |name: &str| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        }
    };
    let (en, zh) = (Language::English, Language::SimplifiedChinese);
    assert_eq!(Language::from_environment(env(&[])), en);
    assert_eq!(
        Language::from_environment(env(&[("LANG", "zh_CN.UTF-8")])),
        zh
    );
    let c_over_lang: &[(&str, &str)] = &[("LANG", "zh_CN.UTF-8"), ("LC_ALL", "C")];
    assert_eq!(Language::from_environment(env(c_over_lang)), en);
    let empty_all: &[(&str, &str)] = &[("LC_ALL", ""), ("LC_MESSAGES", "zh_CN")];
    assert_eq!(Language::from_environment(env(empty_all)), zh);
    let list: &[(&str, &str)] = &[("LANGUAGE", "zh_CN:en"), ("LANG", "en_US")];
    assert_eq!(Language::from_environment(env(list)), zh);
    for c in ["C", "C.UTF-8", "POSIX"] {
        let pairs: &'static [(&'static str, &'static str)] = match c {
            "C" => &[("LANGUAGE", "zh_CN"), ("LC_ALL", "C")],
            "C.UTF-8" => &[("LANGUAGE", "zh_CN"), ("LC_ALL", "C.UTF-8")],
            _ => &[("LANGUAGE", "zh_CN"), ("LC_ALL", "POSIX")],
        };
        assert_eq!(Language::from_environment(env(pairs)), en, "LC_ALL={c}");
    }
}

#[test]
fn placeholders_are_filled_by_name() {
    let table = StringTable::parse(
        Language::English,
        r#"{"a": "{who} has {n} stones", "a.one": "{who} has one stone"}"#,
    )
    .expect("a table");
    assert_eq!(
        table.format("a", &[("who", &"Ann"), ("n", &3)]),
        "Ann has 3 stones"
    );
    assert_eq!(table.count("a", 1, &[("who", &"Bo")]), "Bo has one stone");
    assert_eq!(table.count("a", 2, &[("who", &"Bo")]), "Bo has 2 stones");
    // A placeholder without a value stays visible.
    assert_eq!(table.format("a", &[]), "{who} has {n} stones");
    assert_eq!(placeholders("{who} has {n}"), ["who", "n"]);
    assert!(StringTable::parse(Language::English, "{\"a\": 3}").is_err());
}

#[test]
fn a_missing_key_falls_back_to_english_then_to_the_key() {
    let table = StringTable::parse(Language::SimplifiedChinese, "{}").expect("a table");
    assert_eq!(table.get("no_such_key"), "no_such_key");
    let english = StringTable::of(Language::English);
    assert_eq!(table.get("menu.new_game"), english.get("menu.new_game"));
    assert_eq!(english.get("menu.new_game"), "New game");
}
