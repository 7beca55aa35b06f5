//! A store that keeps rooms and players only as long as the process lives:
//! for a server run with `--no-store` and for tests. It follows the
//! databases' rules (one row a room, a game ended at the first commit that
//! stored it finished, one player a name regardless of case, a refused
//! commit changes nothing), so the tests may take it as the reference.

use super::{Commit, Restored, RoomStore, StoreError};
use lineup_core::net::views::{FinishedGame, GameSummary, RatingPoint};
use lineup_core::net::{GameId, PlayerKey, PlayerRecord, RoomCode, RoomRecord};
use std::collections::{BTreeMap, BTreeSet};

/// A room as a database row: its latest record, and when its game ended.
#[derive(Debug)]
struct Row {
    record: RoomRecord,
    ended_at: Option<u64>,
}

#[derive(Debug, Default)]
pub struct MemoryStore {
    /// Every room ever stored, in the order it was first stored (the
    /// databases' row ids).
    rows: Vec<Row>,
    /// The open rooms' rows.
    open: BTreeMap<RoomCode, usize>,
    /// The closed rooms' rows, in the order they closed.
    closed: Vec<usize>,
    /// The rows of the ended games, by player and by game, filled when a
    /// game ends (its players are seated by then).
    games_of: BTreeMap<PlayerKey, Vec<usize>>,
    game_rows: BTreeMap<GameId, usize>,
    players: BTreeMap<PlayerKey, PlayerRecord>,
    /// Who holds each name, folded to lower case.
    names: BTreeMap<String, PlayerKey>,
    /// Each player's rating history, oldest first.
    points: BTreeMap<PlayerKey, Vec<RatingPoint>>,
}

impl MemoryStore {
    /// Refuses a batch whose players would leave one name (regardless of
    /// case) with two keys, as the databases' unique index does; checked
    /// before anything changes, so a refused commit changes nothing.
    fn check_names(&self, players: &[PlayerRecord]) -> Result<(), StoreError> {
        // The last record of a key in the batch is the one that stays.
        let batch: BTreeMap<PlayerKey, &PlayerRecord> =
            players.iter().map(|p| (p.key, p)).collect();
        let mut taken = BTreeMap::new();
        for player in batch.values() {
            let name = player.name.to_lowercase();
            let in_batch = taken.insert(name.clone(), player.key);
            let kept = self
                .names
                .get(&name)
                .filter(|holder| **holder != player.key && !batch.contains_key(*holder));
            if in_batch.is_some() || kept.is_some() {
                return Err(StoreError(format!(
                    "cannot store the players: the name \"{}\" is taken",
                    player.name
                )));
            }
        }
        Ok(())
    }

    /// Keeps `record` in its open row (a new one if its code has none),
    /// and marks its game ended at `now` the first time it is finished.
    fn keep(&mut self, record: &RoomRecord, now: u64) -> usize {
        let row = match self.open.get(&record.code) {
            Some(&row) => {
                self.rows[row].record = record.clone();
                row
            }
            None => {
                self.rows.push(Row {
                    record: record.clone(),
                    ended_at: None,
                });
                self.open.insert(record.code, self.rows.len() - 1);
                self.rows.len() - 1
            }
        };
        if self.rows[row].ended_at.is_none() && record.is_finished() {
            self.rows[row].ended_at = Some(now);
            let keys: BTreeSet<PlayerKey> = record.keys().into_iter().flatten().collect();
            for key in keys {
                self.games_of.entry(key).or_default().push(row);
            }
            self.game_rows.insert(record.game_id, row);
        }
        row
    }
}

impl RoomStore for MemoryStore {
    fn open_rooms(&mut self) -> Result<Restored, StoreError> {
        Ok(Restored {
            rooms: self
                .open
                .values()
                .map(|&row| self.rows[row].record.clone())
                .collect(),
            problems: Vec::new(),
        })
    }

    fn commit(&mut self, batch: &Commit<'_>) -> Result<(), StoreError> {
        self.check_names(batch.players)?;
        for record in batch.changed {
            self.keep(record, batch.now_seconds);
        }
        for record in batch.closed {
            let row = self.keep(record, batch.now_seconds);
            self.open.remove(&record.code);
            self.closed.push(row);
        }
        for player in batch.players {
            if let Some(old) = self.players.get(&player.key) {
                self.names.remove(&old.name.to_lowercase());
            }
        }
        for player in batch.players {
            self.names.insert(player.name.to_lowercase(), player.key);
            self.players.insert(player.key, player.clone());
        }
        for (key, point) in batch.points {
            self.points.entry(*key).or_default().push(*point);
        }
        Ok(())
    }

    fn finished(&mut self, limit: usize) -> Result<Vec<RoomRecord>, StoreError> {
        Ok(self
            .closed
            .iter()
            .rev()
            .take(limit)
            .map(|&row| self.rows[row].record.clone())
            .collect())
    }

    fn players(&mut self) -> Result<Vec<PlayerRecord>, StoreError> {
        Ok(self.players.values().cloned().collect())
    }

    fn history(&mut self, key: PlayerKey, limit: usize) -> Result<Vec<GameSummary>, StoreError> {
        let mut games: Vec<(u64, usize)> = self
            .games_of
            .get(&key)
            .into_iter()
            .flatten()
            .filter_map(|&row| Some((self.rows[row].ended_at?, row)))
            .collect();
        // Newest first; of games ended in the same second, the later row.
        games.sort_unstable_by(|a, b| b.cmp(a));
        Ok(games
            .into_iter()
            .take(limit)
            .map(|(ended_at, row)| self.rows[row].record.summary(ended_at))
            .collect())
    }

    fn game(&mut self, id: GameId) -> Result<Option<FinishedGame>, StoreError> {
        Ok(self.game_rows.get(&id).and_then(|&row| {
            let row = &self.rows[row];
            Some(row.record.finished_game(row.ended_at?))
        }))
    }

    fn rating_points(
        &mut self,
        key: PlayerKey,
        limit: usize,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        let points = self.points.get(&key).map_or(&[][..], Vec::as_slice);
        Ok(points[points.len().saturating_sub(limit)..].to_vec())
    }
}
