//! The server's rooms on disk: each open room is one RON file, rewritten
//! atomically after every change and before the change is replicated, so a
//! server killed mid-game loses no move it accepted (a power cut may lose
//! the last ones: waiting for the disk on every move would cost more than
//! the move). On start the server
//! reads them back; finished rooms move to `finished/` as the record of the
//! game.

use super::room::{Room, RoomRecord};
use crate::persist::atomic::{clean_temporaries, write_atomic, write_atomic_unsynced};
use crate::persist::settings_file::bad_copy;
use std::fs;
use std::path::{Path, PathBuf};

#[derive(Clone, Debug)]
pub struct Journal {
    folder: PathBuf,
}

impl Journal {
    pub fn new(folder: &Path) -> Journal {
        Journal {
            folder: folder.to_path_buf(),
        }
    }

    fn open_file(&self, record: &RoomRecord) -> PathBuf {
        self.folder.join(format!("{}.ron", record.code))
    }

    /// Writes the room's current state.
    pub fn write(&self, room: &Room) -> Result<(), String> {
        let record = room.record();
        let text = ron::ser::to_string(&record).map_err(|e| e.to_string())?;
        // Not synced: a killed server loses nothing, and a move costs no
        // wait for the disk (a power cut may lose the last moves).
        write_atomic_unsynced(&self.open_file(&record), text.as_bytes())
            .map_err(|e| format!("cannot write the journal of room {}: {e}", record.code))
    }

    /// Files a closed room under `finished/`.
    pub fn close(&self, record: &RoomRecord, now_seconds: u64) -> Result<(), String> {
        let text = ron::ser::to_string(record).map_err(|e| e.to_string())?;
        let done = self
            .folder
            .join("finished")
            .join(format!("{}-{now_seconds}.ron", record.code));
        write_atomic(&done, text.as_bytes()).map_err(|e| e.to_string())?;
        match fs::remove_file(self.open_file(record)) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(e.to_string()),
        }
    }

    /// The rooms left open by the last run, with a message for each file
    /// that could not be read (kept aside as `*.bad`, never deleted).
    pub fn load(&self, now: u64) -> (Vec<Room>, Vec<String>) {
        clean_temporaries(&self.folder);
        let mut rooms = Vec::new();
        let mut problems = Vec::new();
        let Ok(entries) = fs::read_dir(&self.folder) else {
            return (rooms, problems);
        };
        let mut paths: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "ron"))
            .collect();
        paths.sort();
        for path in paths {
            let read = fs::read_to_string(&path)
                .map_err(|e| e.to_string())
                .and_then(|text| ron::from_str::<RoomRecord>(&text).map_err(|e| e.to_string()))
                .and_then(|record| Room::from_record(record, now));
            match read {
                Ok(room) => rooms.push(room),
                Err(problem) => {
                    let _ = fs::rename(&path, bad_copy(&path));
                    problems.push(format!("{}: {problem}", path.display()));
                }
            }
        }
        (rooms, problems)
    }
}
