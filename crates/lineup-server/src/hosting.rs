//! The server a window runs when it hosts a game: the same server as
//! `lineup-server`, on a thread of its own, its rooms kept in one SQLite
//! file so a host that crashed or quit can take its game up again.

use crate::server::{RunningServer, Settings};
use crate::store::memory::MemoryStore;
use crate::store::sqlite::SqliteStore;
use crate::store::upkeep::Upkeep;
use crate::store::{RoomStore, StoreError};
use std::net::SocketAddr;
use std::path::Path;

/// A hosting server, and why its rooms are not kept if they are not.
pub struct Hosted {
    pub server: RunningServer,
    /// The rooms are in memory only: the file could not be opened.
    pub not_kept: Option<StoreError>,
}

/// Starts a server for this machine's players on `port` (any free port if
/// that one is taken), its rooms kept in the SQLite file at `rooms` (in
/// memory when there is none).
pub fn host(port: u16, rooms: Option<&Path>) -> Result<Hosted, String> {
    let mut not_kept = None;
    let mut open_store = || -> Box<dyn RoomStore> {
        match rooms.map(|path| SqliteStore::open_with(path, Upkeep::default())) {
            Some(Ok(store)) => Box::new(store),
            Some(Err(problem)) => {
                not_kept = Some(problem);
                Box::new(MemoryStore::default())
            }
            None => Box::new(MemoryStore::default()),
        }
    };
    let any_address = |port| SocketAddr::from(([0, 0, 0, 0], port));
    let server = match RunningServer::start(any_address(port), open_store(), Settings::default()) {
        Ok(server) => server,
        Err(_) => RunningServer::start(any_address(0), open_store(), Settings::default())?,
    };
    Ok(Hosted { server, not_kept })
}
