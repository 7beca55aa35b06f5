//! The Gomocup engines a person has told Lineup about, by name, kept in
//! the settings: New game offers each as a player. `pbrain-lineup`, which
//! ships beside `lineup`, is always one of them.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::process::Command;

/// An engine: the name shown for it and the program to start.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EngineEntry {
    pub name: String,
    pub path: PathBuf,
    /// Arguments to start it with (most engines take none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
}

impl EngineEntry {
    /// An engine named after its file: `pbrain-rapfi` is "rapfi".
    pub fn from_path(path: PathBuf) -> EngineEntry {
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| path.display().to_string());
        let name = stem
            .strip_prefix("pbrain-")
            .filter(|rest| !rest.is_empty())
            .unwrap_or(&stem)
            .to_string();
        EngineEntry {
            name,
            path,
            args: Vec::new(),
        }
    }

    /// The program, started in its own folder (engines read their weights
    /// and books from beside themselves).
    pub fn command(&self) -> Command {
        let mut command = Command::new(&self.path);
        command.args(&self.args);
        if let Some(folder) = self.path.parent().filter(|f| !f.as_os_str().is_empty()) {
            command.current_dir(folder);
        }
        command
    }

    /// Whether this is Lineup's own engine (`pbrain-lineup`, wherever it
    /// is), whose scores are the evaluation's own.
    pub fn is_lineup(&self) -> bool {
        self.path
            .file_name()
            .is_some_and(|f| f == bundled_name().as_str())
    }
}

fn bundled_name() -> String {
    format!("pbrain-lineup{}", std::env::consts::EXE_SUFFIX)
}

/// `pbrain-lineup` beside the program `exe` (the running `lineup`), when
/// it is there.
pub fn bundled(exe: &Path) -> Option<EngineEntry> {
    let path = exe.with_file_name(bundled_name());
    path.is_file().then(|| EngineEntry {
        name: "Lineup".into(),
        path,
        args: Vec::new(),
    })
}

/// Where in `engines` the bundled engine is (found by its program's name:
/// the game may have moved since it was listed).
pub fn bundled_in(engines: &[EngineEntry]) -> Option<usize> {
    engines.iter().position(EngineEntry::is_lineup)
}

/// `engines` with `entry` added, or put in place of the one with the same
/// program; returns its place in the list.
pub fn remember(engines: &mut Vec<EngineEntry>, entry: EngineEntry) -> usize {
    match engines.iter().position(|e| e.path == entry.path) {
        Some(i) => {
            engines[i] = entry;
            i
        }
        None => {
            engines.push(entry);
            engines.len() - 1
        }
    }
}

/// Why a path cannot be an engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgramError {
    /// Nothing there.
    NotFound,
    /// A folder, or a file no one may run.
    NotAProgram,
}

/// The program at `path` as it will be kept (made whole, so that the game
/// may start from any folder), if it is one this user may run.
pub fn check_program(path: &Path) -> Result<PathBuf, ProgramError> {
    let whole = path.canonicalize().map_err(|_| ProgramError::NotFound)?;
    let meta = whole.metadata().map_err(|_| ProgramError::NotFound)?;
    if !meta.is_file() || !runnable(&meta) {
        return Err(ProgramError::NotAProgram);
    }
    Ok(whole)
}

#[cfg(unix)]
fn runnable(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o111 != 0
}

#[cfg(not(unix))]
fn runnable(_: &std::fs::Metadata) -> bool {
    true
}
