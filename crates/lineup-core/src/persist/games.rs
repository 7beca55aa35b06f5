//! Every match played is kept, without being asked: a file of its own
//! (named by the match's id), written after each change. While the match
//! goes on it is in the data folder's `unfinished/`, so that starting
//! another game never replaces one that was not over; once it ends it
//! moves to `finished/`, where the newest [`FINISHED_KEPT`] stay. Continue
//! offers the newest unfinished game; the load list shows the other
//! unfinished ones and the finished ones beside the named saves.
//!
//! Earlier versions kept one `autosave.ron`: [`adopt_single_slot`] moves
//! the game found there into the folders, once.

use super::folders::Folders;
use super::save_file::SaveFile;
use super::slots::{self, SaveEntry};
use crate::rules::MatchGame;
use std::path::PathBuf;

/// How many finished games are kept (the oldest go first).
pub const FINISHED_KEPT: usize = 50;

/// The file of the match with this id, over or not.
pub fn file_of(folders: &Folders, id: u64, over: bool) -> PathBuf {
    let folder = if over {
        folders.finished()
    } else {
        folders.unfinished()
    };
    folder.join(format!("{id:016x}.ron"))
}

/// Keeps `save` in its file: with the unfinished games while `over` is
/// false, else with the finished ones (leaving the other folder). Atomic:
/// a crash leaves the old file or the new one.
pub fn keep(folders: &Folders, save: &SaveFile, over: bool) -> Result<(), String> {
    save.write(&file_of(folders, save.game_id, over))?;
    let other = file_of(folders, save.game_id, !over);
    match std::fs::remove_file(&other) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            return Err(format!("{}: {e}", other.display()));
        }
        _ => {}
    }
    if over {
        for old in finished(folders).iter().skip(FINISHED_KEPT) {
            let _ = std::fs::remove_file(&old.path);
        }
    }
    Ok(())
}

/// The unfinished games, newest first (a damaged file is listed with its
/// problem; nothing is deleted here).
pub fn unfinished(folders: &Folders) -> Vec<SaveEntry> {
    slots::list(&folders.unfinished())
}

/// The finished games kept, newest first.
pub fn finished(folders: &Folders) -> Vec<SaveEntry> {
    slots::list(&folders.finished())
}

/// The newest unfinished game that can be played on: what Continue offers.
pub fn newest_unfinished(folders: &Folders) -> Option<(SaveFile, MatchGame)> {
    unfinished(folders)
        .into_iter()
        .filter_map(|entry| entry.content.ok())
        .find(|summary| !summary.game.is_over())
        .map(|summary| (summary.save, summary.game))
}

/// The game kept last, finished or not.
pub fn latest(folders: &Folders) -> Option<SaveFile> {
    unfinished(folders)
        .into_iter()
        .chain(finished(folders))
        .filter_map(|entry| entry.content.ok())
        .max_by_key(|summary| (summary.save.saved, summary.save.saved_nanos))
        .map(|summary| summary.save)
}

/// Moves the game of the single autosave slot of earlier versions
/// (`autosave.ron`) into the folders, unless its match is there already;
/// the old file goes once it is read. A damaged old file stays where it is.
pub fn adopt_single_slot(folders: &Folders) -> Result<(), String> {
    let old = folders.data.join("autosave.ron");
    if !old.exists() {
        return Ok(());
    }
    let Ok(save) = SaveFile::read(&old) else {
        return Ok(());
    };
    let Ok(game) = save.replay() else {
        return Ok(());
    };
    let over = game.is_over();
    if !file_of(folders, save.game_id, over).exists() {
        keep(folders, &save, over)?;
    }
    std::fs::remove_file(&old).map_err(|e| format!("{}: {e}", old.display()))
}
