//! Writing a file so that a crash never leaves it half written: the bytes go
//! to a temporary file in the same folder, are flushed to disk, and then the
//! temporary file is renamed over the old one (an atomic step on every
//! platform we run on). A crash before the rename leaves the old file intact
//! and a stray temporary file, which `clean_temporaries` removes later.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::Path;

/// Temporary files end with this, so they are easy to recognise and never
/// taken for a real file.
pub const TEMP_SUFFIX: &str = ".tmp";

/// Writes `bytes` to `path` atomically, creating the folder if needed, and
/// waits until they are on the disk.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_replacing(path, bytes, true)
}

/// The same without waiting for the disk: a process killed at any moment
/// still leaves the old file or the new one whole (the system keeps both
/// the data and the rename), and only a power cut can lose the newest
/// write. For files rewritten many times a second (the server's rooms).
pub fn write_atomic_unsynced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_replacing(path, bytes, false)
}

fn write_replacing(path: &Path, bytes: &[u8], sync: bool) -> io::Result<()> {
    let folder = path
        .parent()
        .ok_or_else(|| io::Error::other("the path has no folder"))?;
    fs::create_dir_all(folder)?;
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::other("the path has no file name"))?;
    let temp = folder.join(format!(
        ".{}.{}{TEMP_SUFFIX}",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| {
        let mut file = File::create(&temp)?;
        file.write_all(bytes)?;
        if sync {
            file.sync_all()?;
        }
        fs::rename(&temp, path)?;
        // Make the rename itself durable (not possible on every system).
        if sync && let Ok(dir) = File::open(folder) {
            let _ = dir.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

/// Removes temporary files left in `folder` by writes that never finished.
/// Returns how many went.
pub fn clean_temporaries(folder: &Path) -> usize {
    let Ok(entries) = fs::read_dir(folder) else {
        return 0;
    };
    entries
        .flatten()
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.starts_with('.') && name.ends_with(TEMP_SUFFIX)
        })
        .filter(|e| fs::remove_file(e.path()).is_ok())
        .count()
}
