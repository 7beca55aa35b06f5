//! Where the server keeps its rooms so that a restart loses no accepted
//! move: one trait, [`RoomStore`], and its keepers. The server calls
//! [`RoomStore::commit`] with every room a batch of requests changed
//! *before* it tells anyone of the change, so whatever a player saw is on
//! disk.
//!
//! The players (their names and ratings) and their rating histories are
//! kept beside the rooms, in the same transactions: a rated game's result
//! (its record with `rating_change`) and the ratings it moved are stored
//! together or not at all, so a rating is applied exactly once whatever
//! crashes when. A room's record (RON) stays the truth about its game; the
//! columns beside it (its game's id, its players' keys, when it ended) are
//! only there to find a player's games without reading every record.
//!
//! - [`sqlite::SqliteStore`]: the default, one database file;
//! - [`postgres::PostgresStore`]: `--database postgres://…`, shared by
//!   several instances, each room marked with the instance that owns it;
//! - [`memory::MemoryStore`]: nothing kept (`--no-store`, tests).
//!
//! The databases drop old finished games on their own ([`upkeep`]: what is
//! kept, and how the disk stays bounded).
//!
//! The server calls a store off its async tasks (tokio's blocking pool), so
//! a store may block.

pub mod memory;
#[cfg(feature = "cluster")]
pub mod postgres;
pub mod sqlite;
pub mod upkeep;

use lineup_core::net::rating::RatingPool;
use lineup_core::net::views::{FinishedGame, GameSummary, RatingPoint};
use lineup_core::net::{GameId, PlayerKey, PlayerRecord, RoomCode, RoomRecord};
use std::path::Path;
use upkeep::Upkeep;

/// The rooms a store brought back, and a line for each it could not read
/// (kept aside in the store, never deleted).
#[derive(Debug, Default)]
pub struct Restored {
    pub rooms: Vec<RoomRecord>,
    pub problems: Vec<String>,
}

/// One transaction's worth of changes.
#[derive(Clone, Copy, Debug)]
pub struct Commit<'a> {
    /// Rooms whose new state is kept (still open).
    pub changed: &'a [RoomRecord],
    /// Rooms that closed: filed at `now_seconds`, never restored again.
    pub closed: &'a [RoomRecord],
    /// Players whose record is new or changed (upserted by key).
    pub players: &'a [PlayerRecord],
    /// Points of rating histories, each with its player.
    pub points: &'a [(PlayerKey, RatingPoint)],
    /// The commit's time, Unix seconds: when a room that ended in it
    /// ended, and when a closed room closed.
    pub now_seconds: u64,
}

/// A keeper of rooms and players. Calls come from the server's one owner
/// task, in order.
pub trait RoomStore: Send {
    /// The rooms left open by the last run.
    fn open_rooms(&mut self) -> Result<Restored, StoreError>;

    /// Stores everything in `batch` in one transaction: all of it, or
    /// (with an error) none of it. A changed room is kept as its new
    /// state, a closed one is filed as closed at `batch.now_seconds`; a
    /// room whose record is finished for the first time ended then.
    fn commit(&mut self, batch: &Commit<'_>) -> Result<(), StoreError>;

    /// The closed rooms, most recently closed first, at most `limit`.
    fn finished(&mut self, limit: usize) -> Result<Vec<RoomRecord>, StoreError>;

    /// Every player known (read once at start).
    fn players(&mut self) -> Result<Vec<PlayerRecord>, StoreError>;

    /// `key`'s finished games, newest first, at most `limit`: every game
    /// whose record is finished ([`RoomRecord::is_finished`]), whether or
    /// not its room has closed yet.
    fn history(&mut self, key: PlayerKey, limit: usize) -> Result<Vec<GameSummary>, StoreError>;

    /// One finished game by its id.
    fn game(&mut self, id: GameId) -> Result<Option<FinishedGame>, StoreError>;

    /// `key`'s rating history, oldest first: the last `limit` points.
    fn rating_points(
        &mut self,
        key: PlayerKey,
        limit: usize,
    ) -> Result<Vec<RatingPoint>, StoreError>;

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

/// The columns a room's row keeps beside its record, to find it by game
/// or by player: derived from the record at each commit, never read back
/// as the truth.
pub(crate) struct RoomColumns {
    /// The game's id, its `u64` bit pattern as the databases' signed
    /// integer (`as u64` reads it back).
    pub game_id: i64,
    /// Each seat's player key in hex, `None` when nobody logged in sat
    /// there.
    pub keys: [Option<String>; 2],
    /// The commit's time if the record is finished (the databases keep
    /// the first one they are given), else `None`.
    pub ended_at: Option<i64>,
}

impl RoomColumns {
    pub fn of(record: &RoomRecord, now_seconds: u64) -> RoomColumns {
        RoomColumns {
            game_id: record.game_id.0 as i64,
            keys: record.keys().map(|key| key.map(|k| k.hex())),
            ended_at: record.is_finished().then_some(now_seconds as i64),
        }
    }
}

/// A player as the databases keep them: RON, like the rooms.
pub(crate) fn player_text(player: &PlayerRecord) -> Result<String, StoreError> {
    ron::to_string(player)
        .map_err(|e| StoreError(format!("cannot write player {}: {e}", player.key)))
}

/// A kept player read back; `key` is its row's key, which the record must
/// carry too. A player that cannot be read is an error, not a skip: a
/// player left out would come back as a new one and lose their ratings.
pub(crate) fn player_from_text(key: &str, text: &str) -> Result<PlayerRecord, StoreError> {
    let unreadable = |why: String| StoreError(format!("player {key} cannot be read: {why}"));
    let player = ron::from_str::<PlayerRecord>(text).map_err(|e| unreadable(e.to_string()))?;
    if player.key.hex() != key {
        return Err(unreadable(format!(
            "the record is of player {}",
            player.key.hex()
        )));
    }
    Ok(player)
}

/// A rating pool as the databases keep it: its name in RON
/// (`ConnectFour`, `Freestyle`, `Renju`).
pub(crate) fn pool_text(pool: RatingPool) -> String {
    ron::to_string(&pool).unwrap_or_default()
}

/// A point of a rating history read back from its columns.
pub(crate) fn point_from_columns(
    pool: &str,
    at: i64,
    rating: i64,
) -> Result<RatingPoint, StoreError> {
    let pool = ron::from_str(pool)
        .map_err(|e| StoreError(format!("a rating point is of no pool (\"{pool}\"): {e}")))?;
    let rating = u16::try_from(rating)
        .map_err(|_| StoreError(format!("a rating point holds no rating ({rating})")))?;
    Ok(RatingPoint {
        pool,
        at: at as u64,
        rating,
    })
}

/// A finished game read back, with when it ended (its rules were
/// checked when it was stored finished; [`RoomRecord::summary`] replays it
/// again anyway).
pub(crate) fn ended_game(text: &str, ended_at: i64) -> Result<(RoomRecord, u64), String> {
    let record = ron::from_str::<RoomRecord>(text).map_err(|e| e.to_string())?;
    Ok((record, ended_at as u64))
}

/// A count as the databases' `LIMIT` takes it (any `usize` the server
/// asks for: "all" is `usize::MAX`).
pub(crate) fn sql_limit(limit: usize) -> i64 {
    i64::try_from(limit).unwrap_or(i64::MAX)
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
/// (SQLite), `memory:` (nothing kept); a database is looked after as
/// `upkeep` says.
pub fn open(spec: &str, instance: &str, upkeep: Upkeep) -> Result<Box<dyn RoomStore>, StoreError> {
    if spec == "memory:" {
        return Ok(Box::new(memory::MemoryStore::default()));
    }
    if spec.starts_with("postgres://") || spec.starts_with("postgresql://") {
        #[cfg(feature = "cluster")]
        return Ok(Box::new(postgres::PostgresStore::open_with(
            spec, instance, upkeep,
        )?));
        #[cfg(not(feature = "cluster"))]
        return Err(StoreError(format!(
            "\"{spec}\" (instance {instance}): this build keeps rooms in SQLite only \
             (the `cluster` feature adds PostgreSQL)"
        )));
    }
    if spec.contains("://") {
        return Err(StoreError(format!(
            "\"{spec}\": rooms are kept in PostgreSQL (postgres://…), SQLite (a file path) \
             or memory (memory:)"
        )));
    }
    let path = spec.strip_prefix("sqlite:").unwrap_or(spec);
    Ok(Box::new(sqlite::SqliteStore::open_with(
        Path::new(path),
        upkeep,
    )?))
}
