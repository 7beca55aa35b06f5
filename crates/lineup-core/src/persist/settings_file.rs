//! The settings file: RON, read once at start and written (atomically) after
//! changes. Missing fields take their defaults, so older files keep working;
//! a damaged file is kept aside as `settings.ron.bad`, never overwritten
//! silently, and the game starts with defaults and says so once.

use super::atomic::write_atomic;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::path::{Path, PathBuf};

/// A settings file larger than this is not a settings file.
const SIZE_LIMIT: u64 = 64 * 1024;

/// What loading found: the settings to use, and a message for the player
/// when something was wrong.
#[derive(Debug)]
pub struct Loaded<T> {
    pub settings: T,
    pub problem: Option<String>,
}

/// Where a damaged settings file is kept.
pub fn bad_copy(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".bad");
    path.with_file_name(name)
}

/// Reads `path`; no file at all is simply the defaults.
pub fn load<T: DeserializeOwned + Default>(path: &Path) -> Loaded<T> {
    load_named(path, "settings")
}

/// The same for another small file of the kind (`what` names it in the
/// player's message: "the record file was damaged…").
pub fn load_named<T: DeserializeOwned + Default>(path: &Path, what: &str) -> Loaded<T> {
    let defaults = |problem: String| Loaded {
        settings: T::default(),
        problem: Some(problem),
    };
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Loaded {
                settings: T::default(),
                problem: None,
            };
        }
        Err(e) => {
            return defaults(format!(
                "Could not read the {what} ({e}); using the defaults."
            ));
        }
        Ok(meta) if meta.len() > SIZE_LIMIT => return set_aside(path, what, "it is far too large"),
        Ok(_) => {}
    }
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
            return set_aside(path, what, "it is not text");
        }
        Err(e) => {
            return defaults(format!(
                "Could not read the {what} ({e}); using the defaults."
            ));
        }
    };
    match parse::<T>(&text) {
        Ok(settings) => Loaded {
            settings,
            problem: None,
        },
        Err(e) => set_aside(path, what, &e),
    }
}

/// The text of a settings-like file as `T` ([`load_named`] reads a file
/// with it).
pub fn parse<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    ron::from_str::<T>(text).map_err(|e| e.to_string())
}

/// The text [`save_named`] writes: readable RON.
pub fn to_text<T: Serialize>(value: &T) -> Result<String, String> {
    ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())
}

/// Moves a damaged file aside and falls back to the defaults.
fn set_aside<T: Default>(path: &Path, what: &str, why: &str) -> Loaded<T> {
    let bad = bad_copy(path);
    let kept = match std::fs::rename(path, &bad) {
        Ok(()) => format!("it was kept as {}", bad.display()),
        Err(e) => format!("it could not be moved aside ({e}) and will not be overwritten"),
    };
    Loaded {
        settings: T::default(),
        problem: Some(format!(
            "The {what} file was damaged ({why}); {kept}. Using the defaults."
        )),
    }
}

/// Writes the settings atomically, in readable RON.
pub fn save<T: Serialize>(path: &Path, settings: &T) -> Result<(), String> {
    save_named(path, settings, "settings")
}

/// The same for another small file of the kind (`what` names it in the
/// player's message).
pub fn save_named<T: Serialize>(path: &Path, value: &T, what: &str) -> Result<(), String> {
    let text = to_text(value)?;
    write_atomic(path, text.as_bytes())
        .map_err(|e| format!("Could not save the {what} to {}: {e}", path.display()))
}
