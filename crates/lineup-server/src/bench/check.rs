//! The fault run's verdict: the server's store, read once the server is
//! dead, against what every bot saw. A move a bot was shown (the server
//! accepted it) and the store lacks is lost; a room whose stored moves are
//! not exactly a bot's last view is a disagreement.
//!
//! Why the store is read with the server's own code: the check is about
//! what a restarted server would bring back, so it reads it the same way.

use super::journal::Journal;
use crate::store::RoomStore;
use crate::store::sqlite::SqliteStore;
use lineup_core::net::{RoomCode, RoomRecord};
use std::collections::HashMap;
use std::path::Path;

#[derive(Debug, Default)]
pub struct Verdict {
    /// Rooms the bots played in.
    pub rooms: usize,
    /// Moves the bots were shown, counted once a room.
    pub accepted: u64,
    /// Moves a bot was shown that the store lacks (or a view later lacked).
    pub lost: u64,
    /// Rooms where the store and a bot's last view differ.
    pub disagree: u64,
    pub problems: Vec<String>,
}

/// Every room in the SQLite file at `database`, open or finished.
fn stored_rooms(database: &Path) -> Result<HashMap<RoomCode, RoomRecord>, String> {
    let mut store = SqliteStore::open(database).map_err(|e| e.to_string())?;
    let mut rooms = HashMap::new();
    // Newest first: a code that came back keeps its latest room.
    for record in store.finished(1 << 30).map_err(|e| e.to_string())? {
        rooms.entry(record.code).or_insert(record);
    }
    let open = store.open_rooms().map_err(|e| e.to_string())?;
    for problem in open.problems {
        eprintln!("faults: the store has a room it cannot read: {problem}");
    }
    for record in open.rooms {
        rooms.insert(record.code, record);
    }
    Ok(rooms)
}

pub fn check(database: &Path, journal: &Journal) -> Result<Verdict, String> {
    let stored = stored_rooms(database)?;
    let mut verdict = Verdict {
        lost: journal.vanished(),
        ..Verdict::default()
    };
    let note = |problem: String, verdict: &mut Verdict| {
        if verdict.problems.len() < 20 {
            verdict.problems.push(problem);
        }
    };
    for (code, seen) in journal.rooms() {
        verdict.rooms += 1;
        let shown = seen.views.iter().map(Vec::len).max().unwrap_or(0);
        verdict.accepted += shown as u64;
        let Some(record) = stored.get(&code) else {
            verdict.lost += shown as u64;
            verdict.disagree += 1;
            note(
                format!("room {code} (game {}) is not in the store", seen.game),
                &mut verdict,
            );
            continue;
        };
        let mut differs = false;
        for (side, view) in seen.views.iter().enumerate() {
            let kept = view
                .iter()
                .zip(&record.moves)
                .take_while(|(a, b)| a == b)
                .count();
            let lost = view.len() - kept;
            if lost > 0 {
                verdict.lost += lost as u64;
                note(
                    format!(
                        "room {code}: side {side} was shown {} moves, the store keeps {kept} of them",
                        view.len()
                    ),
                    &mut verdict,
                );
            }
            if *view != record.moves {
                differs = true;
                note(
                    format!(
                        "room {code}: side {side} last saw {} moves, the store has {}",
                        view.len(),
                        record.moves.len()
                    ),
                    &mut verdict,
                );
            }
        }
        if differs {
            verdict.disagree += 1;
        }
    }
    Ok(verdict)
}
