//! A store that keeps rooms only as long as the process lives: for a
//! server run with `--no-store` and for tests.

use super::{Restored, RoomStore, StoreError};
use lineup_core::net::{RoomCode, RoomRecord};
use std::collections::BTreeMap;

#[derive(Debug, Default)]
pub struct MemoryStore {
    open: BTreeMap<RoomCode, RoomRecord>,
    finished: Vec<RoomRecord>,
}

impl RoomStore for MemoryStore {
    fn open_rooms(&mut self) -> Result<Restored, StoreError> {
        Ok(Restored {
            rooms: self.open.values().cloned().collect(),
            problems: Vec::new(),
        })
    }

    fn commit(
        &mut self,
        changed: &[RoomRecord],
        closed: &[RoomRecord],
        _now_seconds: u64,
    ) -> Result<(), StoreError> {
        for record in changed {
            self.open.insert(record.code, record.clone());
        }
        for record in closed {
            self.open.remove(&record.code);
            self.finished.push(record.clone());
        }
        Ok(())
    }

    fn finished(&mut self, limit: usize) -> Result<Vec<RoomRecord>, StoreError> {
        Ok(self.finished.iter().rev().take(limit).cloned().collect())
    }
}
