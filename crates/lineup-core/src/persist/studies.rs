//! The analysis board's studies on disk: a study as a save file and back,
//! and the studies saved in a folder, read one at a time for the library's
//! search (`analysis::library` matches them; it reads no file itself).
//!
//! A file that cannot be read, is no save, holds no study or a study of
//! another game is skipped by the search: it answers with what it could
//! read.

use super::save_file::{LoadError, SaveFile};
use crate::analysis::library::{Found, PositionKey, StoredStudy, search_studies};
use crate::analysis::study::Study;
use crate::match_setup::{GameKind, MatchSetup, PlayerKind};
use std::path::{Path, PathBuf};

impl SaveFile {
    /// `study` as a save file named `name`: an empty game of its kind
    /// between two people, holding the study (format 4).
    pub fn of_study(study: &Study, name: &str, created: u64, now: u64) -> SaveFile {
        let kind = study.setup().kind();
        let players = [PlayerKind::Human, PlayerKind::Human];
        let empty = kind.new_game();
        SaveFile::of(name, MatchSetup::new(kind, players), &empty, created, now).with_analysis(
            study.setup(),
            study.tree(),
            study.at(),
        )
    }

    /// The study this file holds, if it holds one; every move was checked
    /// by the reading.
    pub fn study(&self) -> Result<Option<Study>, LoadError> {
        let Some(loaded) = self.replay_analysis()? else {
            return Ok(None);
        };
        Study::from_parts(loaded.setup, loaded.tree, Some(loaded.shown))
            .map(Some)
            .map_err(|e| LoadError::BadAnalysis(e.to_string()))
    }
}

/// Every node of every study in `folder` showing `key`'s position, the
/// files in name order.
pub fn search(folder: &Path, key: &PositionKey) -> Vec<Found> {
    search_studies(in_folder(folder, key.kind()), key)
}

/// The studies of `kind`'s game saved in `folder`, read one at a time as
/// the iterator is driven so the folder is never all in memory. The files
/// the load list reads (`.ron`, not hidden), in name order; one that cannot
/// be read, is no save, holds no study or a study of another game is
/// skipped. Another game's files are skipped before their moves are
/// replayed: they could not match.
pub fn in_folder(folder: &Path, kind: GameKind) -> impl Iterator<Item = StoredStudy> {
    save_paths(folder)
        .into_iter()
        .filter_map(move |path| stored_study(path, kind))
}

/// The `.ron` files in `folder` that are not hidden, sorted; none when the
/// folder cannot be read.
fn save_paths(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| {
            path.extension().is_some_and(|x| x == "ron")
                && !path
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
                && path.is_file()
        })
        .collect();
    paths.sort();
    paths
}

/// The study in the file at `path` if it holds one of `kind`'s game.
fn stored_study(path: PathBuf, kind: GameKind) -> Option<StoredStudy> {
    let save = SaveFile::read(&path).ok()?;
    if save.setup.kind != kind {
        return None;
    }
    let loaded = save.replay_analysis().ok()??;
    let name = if save.name.trim().is_empty() {
        path.file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
    } else {
        save.name
    };
    Some(StoredStudy {
        path,
        name,
        setup: loaded.setup,
        tree: loaded.tree,
    })
}
