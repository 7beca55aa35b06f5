//! The rooms in one SQLite file. A row a room: its record in RON (the same
//! text the rest of Lineup's files use, readable with `sqlite3`), and when
//! it finished (`NULL` while open).
//!
//! Why it keeps every accepted move through a `kill -9`: the database runs
//! in WAL mode, and a transaction is in the log file (the operating
//! system's cache) once `commit` returns; a killed process loses nothing
//! the kernel has. `synchronous = NORMAL` skips the wait for the disk on
//! each commit, so a power cut may lose the last moves, as with every
//! server that does not buy a disk flush per move. The log is copied into
//! the database file by a thread of its own, never inside a commit.

use super::{Restored, RoomStore, StoreError, record_from_text, record_text};
use lineup_core::net::RoomRecord;
use rusqlite::{Connection, params};
use std::path::Path;

/// The layout's version, in SQLite's `user_version`.
const SCHEMA_VERSION: i64 = 1;

pub struct SqliteStore {
    db: Connection,
    /// Dropped with the store: the checkpointing thread then ends.
    _checkpoints: std::sync::mpsc::Sender<()>,
}

/// Copies the write-ahead log into the database file once a second, on a
/// thread and a connection of its own, so that no commit ever waits for it
/// (SQLite's automatic checkpoint runs inside a commit, and syncs the disk).
fn checkpoint_in_the_background(path: &Path) -> std::sync::mpsc::Sender<()> {
    let (stop, stopped) = std::sync::mpsc::channel::<()>();
    let path = path.to_path_buf();
    let _ = std::thread::Builder::new()
        .name("lineup-checkpoint".into())
        .spawn(move || {
            let Ok(db) = Connection::open(&path) else {
                return;
            };
            let _ = db.execute_batch("PRAGMA busy_timeout = 5000;");
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                stopped.recv_timeout(std::time::Duration::from_secs(1))
            {
                // Passive: copies what no reader needs, never blocks a writer.
                let _ = db.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
            }
        });
    stop
}

fn failed(doing: &str) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
    move |e| StoreError(format!("{doing}: {e}"))
}

impl SqliteStore {
    /// Opens (or makes) the database at `path`, its folder too.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder)
                .map_err(|e| StoreError(format!("cannot make {}: {e}", folder.display())))?;
        }
        let opening = format!("cannot open the database {}", path.display());
        let db = Connection::open(path).map_err(failed(&opening))?;
        db.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = NORMAL;
             PRAGMA busy_timeout = 5000;
             PRAGMA wal_autocheckpoint = 0;",
        )
        .map_err(failed(&opening))?;
        let version: i64 = db
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .map_err(failed(&opening))?;
        match version {
            0 => db
                .execute_batch(&format!(
                    "CREATE TABLE IF NOT EXISTS rooms (
                         id INTEGER PRIMARY KEY,
                         code TEXT NOT NULL,
                         record TEXT NOT NULL,
                         finished_at INTEGER,
                         unreadable INTEGER NOT NULL DEFAULT 0
                     );
                     -- One open room a code; a code may come back once its
                     -- room has finished.
                     CREATE UNIQUE INDEX IF NOT EXISTS rooms_open
                         ON rooms (code) WHERE finished_at IS NULL;
                     CREATE INDEX IF NOT EXISTS rooms_finished ON rooms (finished_at);
                     PRAGMA user_version = {SCHEMA_VERSION};"
                ))
                .map_err(failed(&opening))?,
            SCHEMA_VERSION => {}
            newer => {
                return Err(StoreError(format!(
                    "{}: the database is of layout {newer}, newer than this server's \
                     ({SCHEMA_VERSION}); use a newer lineup-server",
                    path.display()
                )));
            }
        }
        let checkpoints = checkpoint_in_the_background(path);
        Ok(SqliteStore {
            db,
            _checkpoints: checkpoints,
        })
    }
}

impl RoomStore for SqliteStore {
    fn open_rooms(&mut self) -> Result<Restored, StoreError> {
        let reading = "cannot read the open rooms";
        let mut restored = Restored::default();
        let mut unreadable = Vec::new();
        {
            let mut query = self
                .db
                .prepare(
                    "SELECT code, record FROM rooms
                     WHERE finished_at IS NULL AND unreadable = 0 ORDER BY code",
                )
                .map_err(failed(reading))?;
            let rows = query
                .query_map([], |row| {
                    Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
                })
                .map_err(failed(reading))?;
            for row in rows {
                let (code, text) = row.map_err(failed(reading))?;
                match record_from_text(&text) {
                    Ok(record) => restored.rooms.push(record),
                    Err(problem) => {
                        restored.problems.push(format!("room {code}: {problem}"));
                        unreadable.push(code);
                    }
                }
            }
        }
        for code in unreadable {
            self.db
                .execute(
                    "UPDATE rooms SET unreadable = 1 WHERE code = ?1 AND finished_at IS NULL",
                    [&code],
                )
                .map_err(failed("cannot set a room aside"))?;
        }
        Ok(restored)
    }

    fn commit(
        &mut self,
        changed: &[RoomRecord],
        closed: &[RoomRecord],
        now_seconds: u64,
    ) -> Result<(), StoreError> {
        let writing = "cannot store the rooms";
        let transaction = self.db.transaction().map_err(failed(writing))?;
        {
            let mut upsert = transaction
                .prepare_cached(
                    "INSERT INTO rooms (code, record) VALUES (?1, ?2)
                     ON CONFLICT (code) WHERE finished_at IS NULL
                     DO UPDATE SET record = excluded.record, unreadable = 0",
                )
                .map_err(failed(writing))?;
            let mut finish = transaction
                .prepare_cached(
                    "UPDATE rooms SET record = ?2, finished_at = ?3
                     WHERE code = ?1 AND finished_at IS NULL",
                )
                .map_err(failed(writing))?;
            let mut file = transaction
                .prepare_cached("INSERT INTO rooms (code, record, finished_at) VALUES (?1, ?2, ?3)")
                .map_err(failed(writing))?;
            for record in changed {
                upsert
                    .execute(params![record.code.as_str(), record_text(record)?])
                    .map_err(failed(writing))?;
            }
            for record in closed {
                let row = params![
                    record.code.as_str(),
                    record_text(record)?,
                    now_seconds as i64
                ];
                if finish.execute(row).map_err(failed(writing))? == 0 {
                    file.execute(row).map_err(failed(writing))?;
                }
            }
        }
        transaction.commit().map_err(failed(writing))
    }

    fn finished(&mut self, limit: usize) -> Result<Vec<RoomRecord>, StoreError> {
        let reading = "cannot read the finished games";
        let mut query = self
            .db
            .prepare(
                "SELECT record FROM rooms WHERE finished_at IS NOT NULL
                 ORDER BY finished_at DESC, id DESC LIMIT ?1",
            )
            .map_err(failed(reading))?;
        let rows = query
            .query_map([limit as i64], |row| row.get::<_, String>(0))
            .map_err(failed(reading))?;
        Ok(rows
            .flatten()
            .filter_map(|text| ron::from_str(&text).ok())
            .collect())
    }
}
