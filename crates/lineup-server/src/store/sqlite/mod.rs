//! The rooms and players in one SQLite file. A row a room: its record in
//! RON (the same text the rest of Lineup's files use, readable with
//! `sqlite3`), when it closed (`finished_at`, `NULL` while open), and
//! beside it, to find a player's games, its game's id, its players' keys
//! and when its game ended (`ended_at`, which may be before the room
//! closes). A row a player (their record in RON, their name for the
//! unique index) and a row a point of a rating history.
//!
//! Why it keeps every accepted move through a `kill -9`: the database runs
//! in WAL mode, and a transaction is in the log file (the operating
//! system's cache) once `commit` returns; a killed process loses nothing
//! the kernel has. `synchronous = NORMAL` skips the wait for the disk on
//! each commit, so a power cut may lose the last moves, as with every
//! server that does not buy a disk flush per move. The log is copied into
//! the database file, and old finished games are dropped, by a thread of
//! its own (`background.rs`), never inside a commit.

mod background;

use super::upkeep::Upkeep;
use super::{
    Commit, Restored, RoomColumns, RoomStore, StoreError, ended_game, player_from_text,
    player_text, point_from_columns, pool_text, record_from_text, record_text, sql_limit,
};
use lineup_core::net::views::{FinishedGame, GameSummary, RatingPoint};
use lineup_core::net::{GameId, PlayerKey, PlayerRecord, RoomRecord};
use rusqlite::{Connection, Transaction, TransactionBehavior, params};
use std::path::Path;

/// The layout's version, in SQLite's `user_version`: 1 kept the rooms
/// alone; 2 added the players, their rating histories and the columns
/// that find a player's games.
const SCHEMA_VERSION: i64 = 2;

/// Layout 2 made from nothing.
const CREATE: &str = "
    CREATE TABLE IF NOT EXISTS rooms (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL,
        record TEXT NOT NULL,
        finished_at INTEGER,
        unreadable INTEGER NOT NULL DEFAULT 0,
        game_id INTEGER,
        first_key TEXT,
        second_key TEXT,
        ended_at INTEGER
    );
    -- One open room a code; a code may come back once its room has
    -- finished.
    CREATE UNIQUE INDEX IF NOT EXISTS rooms_open ON rooms (code) WHERE finished_at IS NULL;
    CREATE INDEX IF NOT EXISTS rooms_finished ON rooms (finished_at);";

/// Layout 1's rooms brought to layout 2: the new columns (empty for the
/// rooms of layout 1, which had no logged-in players; their games ended
/// when they closed).
const FROM_1: &str = "
    ALTER TABLE rooms ADD COLUMN game_id INTEGER;
    ALTER TABLE rooms ADD COLUMN first_key TEXT;
    ALTER TABLE rooms ADD COLUMN second_key TEXT;
    ALTER TABLE rooms ADD COLUMN ended_at INTEGER;
    UPDATE rooms SET ended_at = finished_at WHERE finished_at IS NOT NULL;";

/// What layout 2 adds to the rooms, however they were made.
const ADDED_IN_2: &str = "
    -- A player's games, newest first (`history`), and a game by its id.
    CREATE INDEX IF NOT EXISTS rooms_first_key ON rooms (first_key, ended_at);
    CREATE INDEX IF NOT EXISTS rooms_second_key ON rooms (second_key, ended_at);
    CREATE INDEX IF NOT EXISTS rooms_game ON rooms (game_id);
    CREATE TABLE IF NOT EXISTS players (
        key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        record TEXT NOT NULL
    );
    -- One player a name, regardless of case. The lobby refuses a taken
    -- name first (folding all of Unicode; SQLite's lower() folds ASCII):
    -- this only keeps a mistake from ever storing two.
    CREATE UNIQUE INDEX IF NOT EXISTS players_name ON players (lower(name));
    CREATE TABLE IF NOT EXISTS rating_points (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL,
        pool TEXT NOT NULL,
        at INTEGER NOT NULL,
        rating INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS rating_points_key ON rating_points (key, id);";

pub struct SqliteStore {
    db: Connection,
    /// Dropped with the store: the thread that checkpoints and prunes
    /// then ends.
    _upkeep: std::sync::mpsc::Sender<()>,
}

fn failed(doing: &str) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
    move |e| StoreError(format!("{doing}: {e}"))
}

impl SqliteStore {
    /// Opens (or makes) the database at `path`, its folder too, looked
    /// after as a server's is by default.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        SqliteStore::open_with(path, Upkeep::default())
    }

    /// [`SqliteStore::open`], its log and its finished games looked after
    /// as `upkeep` says (tests use a small log and quick pruning).
    pub fn open_with(path: &Path, upkeep: Upkeep) -> Result<SqliteStore, StoreError> {
        let wal_limit = upkeep.wal_limit;
        if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder)
                .map_err(|e| StoreError(format!("cannot make {}: {e}", folder.display())))?;
        }
        let opening = format!("cannot open the database {}", path.display());
        let mut db = Connection::open(path).map_err(failed(&opening))?;
        db.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = NORMAL;
             PRAGMA busy_timeout = 5000;
             PRAGMA wal_autocheckpoint = 0;
             PRAGMA cache_size = -65536;",
        )
        .map_err(failed(&opening))?;
        // A log that started over is cut back to this at the next commit.
        db.execute_batch(&format!("PRAGMA journal_size_limit = {wal_limit};"))
            .map_err(failed(&opening))?;
        // The layout is read and changed in one transaction that holds the
        // file: a change is whole or not at all, and two servers opening
        // the file at once cannot both make it.
        let changing = db
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(failed(&opening))?;
        let version: i64 = changing
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .map_err(failed(&opening))?;
        let change = match version {
            0 => Some(format!("{CREATE}{ADDED_IN_2}")),
            1 => Some(format!("{FROM_1}{ADDED_IN_2}")),
            SCHEMA_VERSION => None,
            newer => {
                return Err(StoreError(format!(
                    "{}: the database is of layout {newer}, newer than this server's \
                     ({SCHEMA_VERSION}); use a newer lineup-server",
                    path.display()
                )));
            }
        };
        let changing_layout = format!(
            "cannot bring the database {} from layout {version} to {SCHEMA_VERSION}",
            path.display()
        );
        if let Some(change) = change {
            changing
                .execute_batch(&format!(
                    "{change}\nPRAGMA user_version = {SCHEMA_VERSION};"
                ))
                .map_err(failed(&changing_layout))?;
        }
        changing.commit().map_err(failed(&changing_layout))?;
        Ok(SqliteStore {
            db,
            _upkeep: background::start(path, upkeep),
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

    fn commit(&mut self, batch: &Commit<'_>) -> Result<(), StoreError> {
        let transaction = self.db.transaction().map_err(failed(STORING))?;
        store_rooms(&transaction, batch)?;
        store_players(&transaction, batch.players)?;
        store_points(&transaction, batch.points)?;
        // Dropped without this (an error above), it rolls everything back.
        transaction
            .commit()
            .map_err(failed("cannot commit the changes"))
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
            .query_map([sql_limit(limit)], |row| row.get::<_, String>(0))
            .map_err(failed(reading))?;
        Ok(rows
            .flatten()
            .filter_map(|text| ron::from_str(&text).ok())
            .collect())
    }

    fn players(&mut self) -> Result<Vec<PlayerRecord>, StoreError> {
        let reading = "cannot read the players";
        let mut query = self
            .db
            .prepare("SELECT key, record FROM players ORDER BY key")
            .map_err(failed(reading))?;
        let rows = query
            .query_map([], |row| {
                Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
            })
            .map_err(failed(reading))?;
        let mut players = Vec::new();
        for row in rows {
            let (key, text) = row.map_err(failed(reading))?;
            players.push(player_from_text(&key, &text)?);
        }
        Ok(players)
    }

    fn history(&mut self, key: PlayerKey, limit: usize) -> Result<Vec<GameSummary>, StoreError> {
        let reading = "cannot read a player's games";
        // Each seat's index gives its newest games in order; the two lists
        // are merged (a game with the key in both seats counted once).
        let mut query = self
            .db
            .prepare_cached(
                "SELECT record, ended_at FROM (
                     SELECT * FROM (
                         SELECT id, record, ended_at FROM rooms
                         WHERE first_key = ?1 AND ended_at IS NOT NULL
                         ORDER BY ended_at DESC, id DESC LIMIT ?2)
                     UNION ALL
                     SELECT * FROM (
                         SELECT id, record, ended_at FROM rooms
                         WHERE second_key = ?1 AND first_key IS NOT ?1
                             AND ended_at IS NOT NULL
                         ORDER BY ended_at DESC, id DESC LIMIT ?2))
                 ORDER BY ended_at DESC, id DESC LIMIT ?2",
            )
            .map_err(failed(reading))?;
        let rows = query
            .query_map(params![key.hex(), sql_limit(limit)], |row| {
                Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?))
            })
            .map_err(failed(reading))?;
        let mut games = Vec::new();
        for row in rows {
            let (text, ended_at) = row.map_err(failed(reading))?;
            // A damaged row hides one game, not the player's whole history.
            if let Ok((record, ended_at)) = ended_game(&text, ended_at) {
                games.push(record.summary(ended_at));
            }
        }
        Ok(games)
    }

    fn game(&mut self, id: GameId) -> Result<Option<FinishedGame>, StoreError> {
        let reading = format!("cannot read game {}", id.0);
        let mut query = self
            .db
            .prepare_cached(
                "SELECT record, ended_at FROM rooms
                 WHERE game_id = ?1 AND ended_at IS NOT NULL ORDER BY id DESC LIMIT 1",
            )
            .map_err(failed(&reading))?;
        let mut rows = query
            .query_map([id.0 as i64], |row| {
                Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?))
            })
            .map_err(failed(&reading))?;
        let Some(row) = rows.next() else {
            return Ok(None);
        };
        let (text, ended_at) = row.map_err(failed(&reading))?;
        let (record, ended_at) =
            ended_game(&text, ended_at).map_err(|e| StoreError(format!("{reading}: {e}")))?;
        Ok(Some(record.finished_game(ended_at)))
    }

    fn rating_points(
        &mut self,
        key: PlayerKey,
        limit: usize,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        let reading = "cannot read a rating history";
        let mut query = self
            .db
            .prepare_cached(
                "SELECT pool, at, rating FROM (
                     SELECT id, pool, at, rating FROM rating_points
                     WHERE key = ?1 ORDER BY id DESC LIMIT ?2)
                 ORDER BY id",
            )
            .map_err(failed(reading))?;
        let rows = query
            .query_map(params![key.hex(), sql_limit(limit)], |row| {
                Ok((
                    row.get::<_, String>(0)?,
                    row.get::<_, i64>(1)?,
                    row.get::<_, i64>(2)?,
                ))
            })
            .map_err(failed(reading))?;
        let mut points = Vec::new();
        for row in rows {
            let (pool, at, rating) = row.map_err(failed(reading))?;
            points.push(point_from_columns(&pool, at, rating)?);
        }
        Ok(points)
    }
}

/// What failed when a room could not be stored.
const STORING: &str = "cannot store the rooms";

/// Keeps each changed room in its open row (a new row if its code has
/// none) and files each closed one; a room's game ends at the first
/// commit that stores its record finished (`COALESCE` keeps that time).
fn store_rooms(transaction: &Transaction<'_>, batch: &Commit<'_>) -> Result<(), StoreError> {
    let mut upsert = transaction
        .prepare_cached(
            "INSERT INTO rooms (code, record, game_id, first_key, second_key, ended_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (code) WHERE finished_at IS NULL
             DO UPDATE SET record = excluded.record, unreadable = 0,
                 game_id = excluded.game_id, first_key = excluded.first_key,
                 second_key = excluded.second_key,
                 ended_at = COALESCE(ended_at, excluded.ended_at)",
        )
        .map_err(failed(STORING))?;
    let mut finish = transaction
        .prepare_cached(
            "UPDATE rooms SET record = ?2, finished_at = ?3, game_id = ?4, first_key = ?5,
                 second_key = ?6, ended_at = COALESCE(ended_at, ?7)
             WHERE code = ?1 AND finished_at IS NULL",
        )
        .map_err(failed(STORING))?;
    // A move: the record alone changes, and no index holds it (the
    // upsert would rewrite every index of the row: four more pages a move).
    let mut moved = transaction
        .prepare_cached(
            "UPDATE rooms SET record = ?2
             WHERE code = ?1 AND finished_at IS NULL AND ended_at IS NULL AND ?6 IS NULL
                 AND game_id IS ?3 AND first_key IS ?4 AND second_key IS ?5",
        )
        .map_err(failed(STORING))?;
    let mut file = transaction
        .prepare_cached(
            "INSERT INTO rooms
                 (code, record, finished_at, game_id, first_key, second_key, ended_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )
        .map_err(failed(STORING))?;
    for record in batch.changed {
        let columns = RoomColumns::of(record, batch.now_seconds);
        let [first_key, second_key] = &columns.keys;
        let text = record_text(record)?;
        let row = params![
            record.code.as_str(),
            text,
            columns.game_id,
            first_key,
            second_key,
            columns.ended_at
        ];
        if moved.execute(row).map_err(failed(STORING))? == 1 {
            continue;
        }
        upsert.execute(row).map_err(failed(STORING))?;
    }
    let now = batch.now_seconds as i64;
    for record in batch.closed {
        let columns = RoomColumns::of(record, batch.now_seconds);
        let [first_key, second_key] = &columns.keys;
        let row = params![
            record.code.as_str(),
            record_text(record)?,
            now,
            columns.game_id,
            first_key,
            second_key,
            columns.ended_at
        ];
        if finish.execute(row).map_err(failed(STORING))? == 0 {
            file.execute(row).map_err(failed(STORING))?;
        }
    }
    Ok(())
}

/// Upserts the players by key.
fn store_players(
    transaction: &Transaction<'_>,
    players: &[PlayerRecord],
) -> Result<(), StoreError> {
    let storing = "cannot store the players";
    if players.len() > 1 {
        // A name may pass between two players of one batch (one renamed,
        // the other took the old name), but the unique index is checked
        // row by row: first each of them gets a name no player can choose
        // (a control character and the key).
        let mut set_aside = transaction
            .prepare_cached("UPDATE players SET name = char(1) || key WHERE key = ?1")
            .map_err(failed(storing))?;
        for player in players {
            set_aside
                .execute([player.key.hex()])
                .map_err(failed(storing))?;
        }
    }
    let mut upsert = transaction
        .prepare_cached(
            "INSERT INTO players (key, name, record) VALUES (?1, ?2, ?3)
             ON CONFLICT (key) DO UPDATE SET name = excluded.name, record = excluded.record",
        )
        .map_err(failed(storing))?;
    for player in players {
        upsert
            .execute(params![player.key.hex(), player.name, player_text(player)?])
            .map_err(failed(storing))?;
    }
    Ok(())
}

fn store_points(
    transaction: &Transaction<'_>,
    points: &[(PlayerKey, RatingPoint)],
) -> Result<(), StoreError> {
    let storing = "cannot store the rating histories";
    let mut insert = transaction
        .prepare_cached("INSERT INTO rating_points (key, pool, at, rating) VALUES (?1, ?2, ?3, ?4)")
        .map_err(failed(storing))?;
    for (key, point) in points {
        insert
            .execute(params![
                key.hex(),
                pool_text(point.pool),
                point.at as i64,
                i64::from(point.rating)
            ])
            .map_err(failed(storing))?;
    }
    Ok(())
}
