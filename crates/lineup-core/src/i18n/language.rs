//! The languages the game speaks, and which one a system locale asks for.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    #[default]
    English,
    /// 简体中文.
    SimplifiedChinese,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::English, Language::SimplifiedChinese];

    /// The BCP 47 tag, also the name of the string table (`assets/i18n/en.ron`).
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::SimplifiedChinese => "zh-CN",
        }
    }

    /// The language a POSIX locale name asks for (`zh_CN.UTF-8`, `zh_SG`,
    /// `zh-Hans`, `en_GB`, `C`): Chinese for Chinese written in simplified
    /// characters, English for everything else (the only other language).
    pub fn from_locale(locale: &str) -> Language {
        let tag = locale
            .split(['.', '@'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
            .replace('-', "_");
        let mut parts = tag.split('_');
        if parts.next() != Some("zh") {
            return Language::English;
        }
        // Traditional characters are written in Taiwan, Hong Kong and Macao;
        // without a table of those, English is the better guess there.
        match parts.next() {
            Some("tw" | "hk" | "mo" | "hant") => Language::English,
            _ => Language::SimplifiedChinese,
        }
    }

    /// The language the environment asks for, by the precedence POSIX gives
    /// the variables: `LC_ALL`, then `LC_MESSAGES`, then `LANG` (the first
    /// that is set and not empty). `LANGUAGE`, a GNU list of preferences,
    /// comes first when it is set, as gettext reads it.
    pub fn from_environment(var: impl Fn(&str) -> Option<String>) -> Language {
        let set = |name: &str| var(name).filter(|v| !v.is_empty());
        if let Some(list) = set("LANGUAGE")
            && let Some(first) = list.split(':').find(|l| !l.is_empty())
            // `C` / `POSIX` in LC_ALL overrides LANGUAGE for gettext, too.
            && !set("LC_ALL").is_some_and(|l| is_c_locale(&l))
        {
            return Language::from_locale(first);
        }
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .find_map(set)
            .map_or(Language::English, |l| Language::from_locale(&l))
    }
}

/// `C`, `C.UTF-8`, `POSIX`: no language at all.
fn is_c_locale(locale: &str) -> bool {
    let name = locale.split('.').next().unwrap_or("");
    name == "C" || name == "POSIX"
}
