//! The language of every text on screen. [`Locale`] is the table in use
//! (the settings' language, or until the player picks one, the system's);
//! an entity whose text is fixed carries [`Words::Key`] and is relabelled
//! when the language changes, so a change in Settings shows at once.
//! Texts that change with the game (the panel, the review) are written by
//! their own systems from `Res<Locale>`.

pub mod terms;

use crate::settings::Settings;
use crate::states::AppSystems;
use bevy::prelude::*;
use lineup_core::i18n::{Language, StringTable};
use std::fmt::Display;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DefaultLanguage>()
        .init_resource::<Locale>()
        .add_observer(words_added)
        .add_systems(
            Update,
            (follow_settings, relabel)
                .chain()
                .in_set(AppSystems::Present),
        );
}

/// The language used until the player picks one in Settings: the system's
/// locale (read by `app::run`), or `--language`. Headless tests: English.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct DefaultLanguage(pub Language);

/// The string table in use.
#[derive(Resource, Clone, Copy, Debug)]
pub struct Locale(&'static StringTable);

impl Default for Locale {
    fn default() -> Self {
        Locale(StringTable::of(Language::English))
    }
}

impl Locale {
    pub fn of(language: Language) -> Locale {
        Locale(StringTable::of(language))
    }

    pub fn language(&self) -> Language {
        self.0.language()
    }

    pub fn table(&self) -> &'static StringTable {
        self.0
    }

    /// The text of `key`.
    pub fn t(&self, key: &'static str) -> &'static str {
        self.0.get(key)
    }

    /// The text of `key` with its `{name}` placeholders filled.
    pub fn f(&self, key: &str, args: &[(&str, &dyn Display)]) -> String {
        self.0.format(key, args)
    }

    /// The text of `key` for a count `n` (see [`StringTable::count`]).
    pub fn n(&self, key: &str, n: usize, args: &[(&str, &dyn Display)]) -> String {
        self.0.count(key, n, args)
    }
}

/// What a text entity says: a key of the string table (shown in the
/// current language, and relabelled when it changes), or a text made
/// elsewhere (a name, a number, or a sentence its own system keeps up to
/// date).
#[derive(Component, Clone, Debug, PartialEq, Eq)]
#[require(Text)]
pub enum Words {
    Key(&'static str),
    Plain(String),
}

impl From<&'static str> for Words {
    fn from(key: &'static str) -> Self {
        Words::Key(key)
    }
}

impl From<String> for Words {
    fn from(text: String) -> Self {
        Words::Plain(text)
    }
}

impl Words {
    /// What it says in `locale`'s language.
    pub fn text(&self, locale: &Locale) -> String {
        match self {
            Words::Key(key) => locale.t(key).to_string(),
            Words::Plain(text) => text.clone(),
        }
    }
}

fn words_added(add: On<Add, Words>, locale: Res<Locale>, mut texts: Query<(&Words, &mut Text)>) {
    if let Ok((words, mut text)) = texts.get_mut(add.entity) {
        text.0 = words.text(&locale);
    }
}

/// The language follows the settings (or the default until one is chosen).
fn follow_settings(
    settings: Res<Settings>,
    default: Res<DefaultLanguage>,
    mut locale: ResMut<Locale>,
) {
    let wanted = settings.language.unwrap_or(default.0);
    if locale.language() != wanted || locale.is_added() {
        info!("Language: {}", wanted.code());
        *locale = Locale::of(wanted);
    }
}

fn relabel(locale: Res<Locale>, mut texts: Query<(&Words, &mut Text)>) {
    if !locale.is_changed() {
        return;
    }
    for (words, mut text) in &mut texts {
        if let Words::Key(key) = words {
            let wanted = locale.t(key);
            if text.0 != wanted {
                text.0 = wanted.to_string();
            }
        }
    }
}
