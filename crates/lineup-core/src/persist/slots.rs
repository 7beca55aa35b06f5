//! Named save slots: safe file names from what the player types, the list of
//! saves (newest first, damaged ones listed as such), and default names.

use super::save_file::{LoadError, SaveFile};
use crate::rules::{MatchGame, Side};
use std::path::{Path, PathBuf};

/// Names that Windows reserves for devices, whatever the extension.
const RESERVED: [&str; 22] = [
    "con", "prn", "aux", "nul", "com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8",
    "com9", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9",
];
pub const MAX_NAME: usize = 60;

/// The file a slot name is saved in, inside the saves folder: letters,
/// digits, spaces and `- _ , ( )` only, so a name can never leave the folder
/// (no `/`, `\`, `..`, drive letters) or name a device.
pub fn file_name(name: &str) -> Result<String, NameError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(NameError::Empty);
    }
    if name.chars().count() > MAX_NAME {
        return Err(NameError::TooLong);
    }
    if let Some(bad) = name
        .chars()
        .find(|c| !(c.is_alphanumeric() || " -_,()".contains(*c)))
    {
        return Err(NameError::Character(bad));
    }
    if RESERVED.contains(&name.to_lowercase().as_str()) {
        return Err(NameError::Reserved(name.to_string()));
    }
    Ok(format!("{name}.ron"))
}

/// Why a name cannot be a save's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameError {
    Empty,
    /// Longer than [`MAX_NAME`] characters.
    TooLong,
    /// A character a file name may not hold here.
    Character(char),
    /// A name the system keeps for a device (`con`, `nul`, ...).
    Reserved(String),
}

impl std::fmt::Display for NameError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            NameError::Empty => write!(f, "Give the save a name."),
            NameError::TooLong => write!(f, "A name can have at most {MAX_NAME} characters."),
            NameError::Character(c) => write!(f, "A name cannot contain '{c}'."),
            NameError::Reserved(name) => write!(f, "'{name}' is a name the system reserves."),
        }
    }
}

impl std::error::Error for NameError {}

/// A line of the load list.
#[derive(Debug)]
pub struct SaveEntry {
    pub path: PathBuf,
    /// The game, or why the file cannot be loaded.
    pub content: Result<SaveSummary, LoadError>,
    /// For sorting: the time inside the file, else the file's own time.
    pub time: u64,
}

/// What the load list shows of a good save.
#[derive(Debug, Clone)]
pub struct SaveSummary {
    pub save: SaveFile,
    pub game: MatchGame,
}

/// Every `.ron` file in the saves folder, newest first. Damaged files are
/// listed with their problem; nothing is ever deleted here.
pub fn list(folder: &Path) -> Vec<SaveEntry> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut saves: Vec<SaveEntry> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|x| x == "ron")
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .map(|path| {
            let content = SaveFile::read(&path)
                .and_then(|save| save.replay().map(|game| SaveSummary { save, game }));
            let file_time = std::fs::metadata(&path)
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_secs());
            let time = content.as_ref().map_or(file_time, |s| s.save.saved);
            SaveEntry {
                path,
                content,
                time,
            }
        })
        .collect();
    // Newest first; within one second, by the nanoseconds the save kept.
    let nanos = |e: &SaveEntry| e.content.as_ref().map_or(0, |s| s.save.saved_nanos);
    saves.sort_by(|a, b| {
        b.time
            .cmp(&a.time)
            .then_with(|| nanos(b).cmp(&nanos(a)))
            .then_with(|| a.path.cmp(&b.path))
    });
    saves
}

/// A name for a new save: the game, the move and the date.
pub fn default_name(title: &str, moves: usize, now: u64) -> String {
    safe_name(&format!("{title}, move {moves}, {}", date_stamp(now)))
}

/// A moment as the default names write it: `2027-01-15 08-00` (no colon,
/// which file names may not hold).
pub fn date_stamp(now: u64) -> String {
    let (year, month, day, hour, minute) = civil_time(now);
    format!("{year}-{month:02}-{day:02} {hour:02}-{minute:02}")
}

/// `name` with every character a save name may not hold made a space.
pub fn safe_name(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_alphanumeric() || " -_,()".contains(c) {
                c
            } else {
                ' '
            }
        })
        .collect()
}

/// Seconds since 1970 as a UTC date and time (the civil-from-days algorithm).
pub fn civil_time(seconds: u64) -> (i64, u32, u32, u32, u32) {
    let days = (seconds / 86_400) as i64;
    let rest = seconds % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (
        year,
        month,
        day,
        (rest / 3600) as u32,
        (rest % 3600 / 60) as u32,
    )
}

/// The board of a game as rows from the top, for a small preview.
pub fn preview(game: &MatchGame) -> Vec<Vec<Option<Side>>> {
    match game {
        MatchGame::ConnectFour(g) => {
            let p = g.position();
            let size = p.size();
            (0..size.rows())
                .rev()
                .map(|row| {
                    (0..size.columns())
                        .map(|column| p.at(crate::rules::connect_four::Cell { column, row }))
                        .collect()
                })
                .collect()
        }
        MatchGame::Gomoku(g) => {
            let p = g.position();
            (0..p.size())
                .rev()
                .map(|y| {
                    (0..p.size())
                        .map(|x| p.at(crate::rules::Point::new(x, y)))
                        .collect()
                })
                .collect()
        }
    }
}
