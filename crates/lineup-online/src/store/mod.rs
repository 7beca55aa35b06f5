//! Where the server keeps its rooms so that a restart loses no accepted
//! move: one trait, [`RoomStore`], and its keepers. The server calls
//! [`RoomStore::commit`] with every room a batch of requests changed
//! *before* it tells anyone of the change, so whatever a player saw is on
//! disk.
//!
//! - [`sqlite::SqliteStore`]: the default, one database file;
//! - [`postgres::PostgresStore`]: `--database postgres://…`, shared by
//!   several instances, each room marked with the instance that owns it;
//! - [`memory::MemoryStore`]: nothing kept (`--no-store`, tests).
//!
//! The server calls a store off its async tasks (tokio's blocking pool), so
//! a store may block.

pub mod memory;
pub mod postgres;
pub mod sqlite;

use lineup_core::net::{RoomCode, RoomRecord};
use std::path::Path;

/// The rooms a store brought back, and a line for each it could not read
/// (kept aside in the store, never deleted).
#[derive(Debug, Default)]
pub struct Restored {
    pub rooms: Vec<RoomRecord>,
    pub problems: Vec<String>,
}

/// A keeper of rooms. Calls come from the server's one owner task, in
/// order.
pub trait RoomStore: Send {
    /// The rooms left open by the last run.
    fn open_rooms(&mut self) -> Result<Restored, StoreError>;

    /// Stores, in one transaction, the new state of every room in
    /// `changed` and files every room in `closed` as finished at
    /// `now_seconds` (Unix time).
    fn commit(
        &mut self,
        changed: &[RoomRecord],
        closed: &[RoomRecord],
        now_seconds: u64,
    ) -> Result<(), StoreError>;

    /// The finished games, newest first, at most `limit`.
    fn finished(&mut self, limit: usize) -> Result<Vec<RoomRecord>, StoreError>;

    /// Takes over the open rooms of instance `gone`, if it is dead by the
    /// store's own clock (no heartbeat for [`DEAD_AFTER_SECONDS`]); they
    /// are this instance's from now on. Only a store shared by instances
    /// has any.
    fn adopt(&mut self, _gone: &str) -> Result<Vec<RoomRecord>, StoreError> {
        Ok(Vec::new())
    }

    /// This instance is alive and reached at `address` (once a second).
    fn beat(&mut self, _address: &str) -> Result<(), StoreError> {
        Ok(())
    }

    /// Where instance `instance` is reached, and whether it is alive.
    fn instance(&mut self, _instance: &str) -> Result<Option<(String, bool)>, StoreError> {
        Ok(None)
    }

    /// The instance that owns the open room `code`, when the store is
    /// shared and knows it.
    fn owner_of(&mut self, _code: RoomCode) -> Result<Option<String>, StoreError> {
        Ok(None)
    }
}

/// A record as the databases keep it: RON, readable with their own tools.
pub(crate) fn record_text(record: &RoomRecord) -> Result<String, StoreError> {
    ron::to_string(record).map_err(|e| StoreError(e.to_string()))
}

/// A kept record read back and replayed by the rules: a record they refuse
/// is no room (it is set aside, never played on).
pub(crate) fn record_from_text(text: &str) -> Result<RoomRecord, String> {
    let record = ron::from_str::<RoomRecord>(text).map_err(|e| e.to_string())?;
    lineup_core::net::Room::from_record(record.clone(), 0)?;
    Ok(record)
}

/// How long an instance counts as alive after its last heartbeat in a
/// shared store: a room is only ever taken from an instance dead this long.
pub const DEAD_AFTER_SECONDS: u64 = 5;

/// A store that failed: what it was doing and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreError {}

/// The store a command line names: `postgres://…` or `postgresql://…`
/// (PostgreSQL, the rooms of `instance`), `sqlite:PATH` or a plain path
/// (SQLite), `memory:` (nothing kept).
pub fn open(spec: &str, instance: &str) -> Result<Box<dyn RoomStore>, StoreError> {
    if spec == "memory:" {
        return Ok(Box::new(memory::MemoryStore::default()));
    }
    if spec.starts_with("postgres://") || spec.starts_with("postgresql://") {
        return Ok(Box::new(postgres::PostgresStore::open(spec, instance)?));
    }
    if spec.contains("://") {
        return Err(StoreError(format!(
            "\"{spec}\": rooms are kept in PostgreSQL (postgres://…), SQLite (a file path) \
             or memory (memory:)"
        )));
    }
    let path = spec.strip_prefix("sqlite:").unwrap_or(spec);
    Ok(Box::new(sqlite::SqliteStore::open(Path::new(path))?))
}
