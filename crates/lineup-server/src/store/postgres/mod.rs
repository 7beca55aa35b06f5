//! The rooms and players in PostgreSQL, shared by several instances of the
//! server. The same layout as SQLite's, plus the instance that owns each
//! open room: an instance reads back only its own rooms, and takes over
//! those of an instance that died ([`RoomStore::adopt`]) in one statement,
//! so two instances can never both take a room. The players and their
//! rating histories are everyone's.
//!
//! A commit is one transaction with `synchronous_commit` on (the server's
//! default): a move the players saw is on the database's disk.

use super::upkeep::Upkeep;
use super::{
    Commit, DEAD_AFTER_SECONDS, Restored, RoomColumns, RoomStore, StoreError, ended_game,
    player_from_text, player_text, point_from_columns, pool_text, record_from_text, record_text,
    sql_limit,
};
use lineup_core::net::views::{FinishedGame, GameSummary, RatingPoint};
use lineup_core::net::{GameId, PlayerKey, PlayerRecord, RoomCode, RoomRecord};
use postgres::{Client, NoTls, Statement};

mod pruning;

/// The layout's version, kept in the table `lineup_schema`: 1 kept the
/// rooms alone; 2 added the players, their rating histories and the
/// columns that find a player's games.
const SCHEMA_VERSION: i32 = 2;

/// Layout 2, made from nothing or from layout 1 (every statement leaves
/// what is already there).
const CREATE: &str = "
    CREATE TABLE IF NOT EXISTS rooms (
        id BIGSERIAL PRIMARY KEY,
        code TEXT NOT NULL,
        record TEXT NOT NULL,
        instance TEXT NOT NULL DEFAULT '',
        finished_at BIGINT,
        unreadable BOOLEAN NOT NULL DEFAULT FALSE
    );
    CREATE UNIQUE INDEX IF NOT EXISTS rooms_open ON rooms (code)
        WHERE finished_at IS NULL;
    CREATE INDEX IF NOT EXISTS rooms_instance ON rooms (instance)
        WHERE finished_at IS NULL;
    CREATE INDEX IF NOT EXISTS rooms_finished ON rooms (finished_at);
    CREATE TABLE IF NOT EXISTS instances (
        id TEXT PRIMARY KEY,
        address TEXT NOT NULL,
        beat_at TIMESTAMPTZ NOT NULL
    );
    -- Layout 2: each room's game, its players' keys (hex) and when its game
    -- ended (maybe before the room closed), to find a player's games.
    ALTER TABLE rooms ADD COLUMN IF NOT EXISTS game_id BIGINT;
    ALTER TABLE rooms ADD COLUMN IF NOT EXISTS first_key TEXT;
    ALTER TABLE rooms ADD COLUMN IF NOT EXISTS second_key TEXT;
    ALTER TABLE rooms ADD COLUMN IF NOT EXISTS ended_at BIGINT;
    CREATE INDEX IF NOT EXISTS rooms_first_key ON rooms (first_key, ended_at);
    CREATE INDEX IF NOT EXISTS rooms_second_key ON rooms (second_key, ended_at);
    CREATE INDEX IF NOT EXISTS rooms_game ON rooms (game_id);
    CREATE TABLE IF NOT EXISTS players (
        key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        record TEXT NOT NULL
    );
    -- One player a name, regardless of case (the lobby refuses a taken
    -- name first; this keeps a mistake from ever storing two).
    CREATE UNIQUE INDEX IF NOT EXISTS players_name ON players (lower(name));
    CREATE TABLE IF NOT EXISTS rating_points (
        id BIGSERIAL PRIMARY KEY,
        key TEXT NOT NULL,
        pool TEXT NOT NULL,
        at BIGINT NOT NULL,
        rating INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS rating_points_key ON rating_points (key, id);";

pub struct PostgresStore {
    db: Client,
    instance: String,
    /// A commit's statements, prepared once: each preparation is a round
    /// trip to the database.
    statements: Statements,
    /// Dropped with the store: the pruning thread then ends.
    _pruning: std::sync::mpsc::Sender<()>,
}

struct Statements {
    upsert_room: Statement,
    finish_room: Statement,
    file_room: Statement,
    set_name_aside: Statement,
    upsert_player: Statement,
    insert_point: Statement,
}

fn failed(doing: &str) -> impl Fn(postgres::Error) -> StoreError + '_ {
    move |e| match e.as_db_error() {
        // The server's own words, not the client's "db error".
        Some(db) => StoreError(format!("{doing}: {}", db.message())),
        None => StoreError(format!("{doing}: {e}")),
    }
}

impl PostgresStore {
    /// Connects to `url` as instance `instance`, making the tables (or
    /// bringing them to this layout) if they are not there; old finished
    /// games are pruned as a server's are by default.
    pub fn open(url: &str, instance: &str) -> Result<PostgresStore, StoreError> {
        PostgresStore::open_with(url, instance, Upkeep::default())
    }

    /// [`PostgresStore::open`], old finished games pruned as `upkeep` says.
    pub fn open_with(
        url: &str,
        instance: &str,
        upkeep: Upkeep,
    ) -> Result<PostgresStore, StoreError> {
        let opening = "cannot open the PostgreSQL database";
        let mut db = Client::connect(url, NoTls).map_err(failed(opening))?;
        // One transaction, and instances starting together go one at a
        // time: the layout is read and changed whole, by one of them.
        let mut changing = db.transaction().map_err(failed(opening))?;
        changing
            .batch_execute(
                "SELECT pg_advisory_xact_lock(7878);
                 CREATE TABLE IF NOT EXISTS lineup_schema (version INTEGER NOT NULL);",
            )
            .map_err(failed(opening))?;
        let version: Option<i32> = changing
            .query("SELECT version FROM lineup_schema", &[])
            .map_err(failed(opening))?
            .first()
            .map(|row| row.get(0));
        let changing_layout =
            format!("cannot bring the PostgreSQL database to layout {SCHEMA_VERSION}");
        match version {
            Some(SCHEMA_VERSION) => {}
            Some(newer) if newer > SCHEMA_VERSION => {
                return Err(StoreError(format!(
                    "the database is of layout {newer}, newer than this server's \
                     ({SCHEMA_VERSION}); use a newer lineup-server"
                )));
            }
            None => {
                changing
                    .batch_execute(CREATE)
                    .map_err(failed(&changing_layout))?;
                changing
                    .execute(
                        "INSERT INTO lineup_schema (version) VALUES ($1)",
                        &[&SCHEMA_VERSION],
                    )
                    .map_err(failed(&changing_layout))?;
            }
            Some(_older) => {
                // Layout 1's rooms had no logged-in players; their games
                // ended when they closed.
                changing
                    .batch_execute(CREATE)
                    .map_err(failed(&changing_layout))?;
                changing
                    .batch_execute(
                        "UPDATE rooms SET ended_at = finished_at
                         WHERE ended_at IS NULL AND finished_at IS NOT NULL",
                    )
                    .map_err(failed(&changing_layout))?;
                changing
                    .execute("UPDATE lineup_schema SET version = $1", &[&SCHEMA_VERSION])
                    .map_err(failed(&changing_layout))?;
            }
        }
        changing.commit().map_err(failed(&changing_layout))?;
        let statements = Statements::prepare(&mut db).map_err(failed(opening))?;
        Ok(PostgresStore {
            db,
            instance: instance.to_string(),
            statements,
            _pruning: pruning::start(url, upkeep),
        })
    }
}

impl Statements {
    fn prepare(db: &mut Client) -> Result<Statements, postgres::Error> {
        Ok(Statements {
            // A room's game ends at the first commit that stores its record
            // finished: `COALESCE` keeps that time.
            upsert_room: db.prepare(
                "INSERT INTO rooms
                     (code, record, instance, game_id, first_key, second_key, ended_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)
                 ON CONFLICT (code) WHERE finished_at IS NULL
                 DO UPDATE SET record = excluded.record, instance = excluded.instance,
                     unreadable = FALSE, game_id = excluded.game_id,
                     first_key = excluded.first_key, second_key = excluded.second_key,
                     ended_at = COALESCE(rooms.ended_at, excluded.ended_at)",
            )?,
            finish_room: db.prepare(
                "UPDATE rooms SET record = $2, finished_at = $3, game_id = $4,
                     first_key = $5, second_key = $6, ended_at = COALESCE(ended_at, $7)
                 WHERE code = $1 AND finished_at IS NULL",
            )?,
            file_room: db.prepare(
                "INSERT INTO rooms (code, record, finished_at, game_id, first_key,
                     second_key, ended_at, instance)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )?,
            set_name_aside: db.prepare("UPDATE players SET name = chr(1) || key WHERE key = $1")?,
            upsert_player: db.prepare(
                "INSERT INTO players (key, name, record) VALUES ($1, $2, $3)
                 ON CONFLICT (key) DO UPDATE SET name = excluded.name, record = excluded.record",
            )?,
            insert_point: db.prepare(
                "INSERT INTO rating_points (key, pool, at, rating) VALUES ($1, $2, $3, $4)",
            )?,
        })
    }
}

impl RoomStore for PostgresStore {
    fn open_rooms(&mut self) -> Result<Restored, StoreError> {
        let reading = "cannot read the open rooms";
        let rows = self
            .db
            .query(
                "SELECT code, record FROM rooms
                 WHERE finished_at IS NULL AND NOT unreadable AND instance = $1
                 ORDER BY code",
                &[&self.instance],
            )
            .map_err(failed(reading))?;
        let mut restored = Restored::default();
        for row in rows {
            let code: String = row.get(0);
            match record_from_text(row.get(1)) {
                Ok(record) => restored.rooms.push(record),
                Err(problem) => {
                    restored.problems.push(format!("room {code}: {problem}"));
                    self.db
                        .execute(
                            "UPDATE rooms SET unreadable = TRUE
                             WHERE code = $1 AND finished_at IS NULL",
                            &[&code],
                        )
                        .map_err(failed("cannot set a room aside"))?;
                }
            }
        }
        Ok(restored)
    }

    fn commit(&mut self, batch: &Commit<'_>) -> Result<(), StoreError> {
        let storing = "cannot store the rooms";
        let statements = &self.statements;
        let mut transaction = self.db.transaction().map_err(failed(storing))?;
        for record in batch.changed {
            let columns = RoomColumns::of(record, batch.now_seconds);
            let [first_key, second_key] = &columns.keys;
            transaction
                .execute(
                    &statements.upsert_room,
                    &[
                        &record.code.as_str(),
                        &record_text(record)?,
                        &self.instance,
                        &columns.game_id,
                        first_key,
                        second_key,
                        &columns.ended_at,
                    ],
                )
                .map_err(failed(storing))?;
        }
        let now = batch.now_seconds as i64;
        for record in batch.closed {
            let columns = RoomColumns::of(record, batch.now_seconds);
            let [first_key, second_key] = &columns.keys;
            let (code, body) = (record.code.as_str(), record_text(record)?);
            let row: [&(dyn postgres::types::ToSql + Sync); 7] = [
                &code,
                &body,
                &now,
                &columns.game_id,
                first_key,
                second_key,
                &columns.ended_at,
            ];
            if transaction
                .execute(&statements.finish_room, &row)
                .map_err(failed(storing))?
                == 0
            {
                let mut filed = row.to_vec();
                filed.push(&self.instance);
                transaction
                    .execute(&statements.file_room, &filed)
                    .map_err(failed(storing))?;
            }
        }
        let storing = "cannot store the players";
        if batch.players.len() > 1 {
            // A name may pass between two players of one batch (one
            // renamed, the other took the old name), but the unique index
            // is checked row by row: first each of them gets a name no
            // player can choose (a control character and the key).
            for player in batch.players {
                transaction
                    .execute(&statements.set_name_aside, &[&player.key.hex()])
                    .map_err(failed(storing))?;
            }
        }
        for player in batch.players {
            transaction
                .execute(
                    &statements.upsert_player,
                    &[&player.key.hex(), &player.name, &player_text(player)?],
                )
                .map_err(failed(storing))?;
        }
        let storing = "cannot store the rating histories";
        for (key, point) in batch.points {
            transaction
                .execute(
                    &statements.insert_point,
                    &[
                        &key.hex(),
                        &pool_text(point.pool),
                        &(point.at as i64),
                        &i32::from(point.rating),
                    ],
                )
                .map_err(failed(storing))?;
        }
        // Dropped without this (an error above), it rolls everything back.
        transaction
            .commit()
            .map_err(failed("cannot commit the changes"))
    }

    fn finished(&mut self, limit: usize) -> Result<Vec<RoomRecord>, StoreError> {
        let rows = self
            .db
            .query(
                "SELECT record FROM rooms WHERE finished_at IS NOT NULL
                 ORDER BY finished_at DESC, id DESC LIMIT $1",
                &[&sql_limit(limit)],
            )
            .map_err(failed("cannot read the finished games"))?;
        Ok(rows
            .iter()
            .filter_map(|row| ron::from_str(row.get::<_, &str>(0)).ok())
            .collect())
    }

    fn players(&mut self) -> Result<Vec<PlayerRecord>, StoreError> {
        let rows = self
            .db
            .query("SELECT key, record FROM players ORDER BY key", &[])
            .map_err(failed("cannot read the players"))?;
        rows.iter()
            .map(|row| player_from_text(row.get(0), row.get(1)))
            .collect()
    }

    fn history(&mut self, key: PlayerKey, limit: usize) -> Result<Vec<GameSummary>, StoreError> {
        // Each seat's index gives its newest games in order; the two lists
        // are merged (a game with the key in both seats counted once).
        let rows = self
            .db
            .query(
                "SELECT record, ended_at FROM (
                     (SELECT id, record, ended_at FROM rooms
                      WHERE first_key = $1 AND ended_at IS NOT NULL
                      ORDER BY ended_at DESC, id DESC LIMIT $2)
                     UNION ALL
                     (SELECT id, record, ended_at FROM rooms
                      WHERE second_key = $1 AND first_key IS DISTINCT FROM $1
                          AND ended_at IS NOT NULL
                      ORDER BY ended_at DESC, id DESC LIMIT $2)
                 ) AS games
                 ORDER BY ended_at DESC, id DESC LIMIT $2",
                &[&key.hex(), &sql_limit(limit)],
            )
            .map_err(failed("cannot read a player's games"))?;
        // A damaged row hides one game, not the player's whole history.
        Ok(rows
            .iter()
            .filter_map(|row| ended_game(row.get(0), row.get(1)).ok())
            .map(|(record, ended_at)| record.summary(ended_at))
            .collect())
    }

    fn game(&mut self, id: GameId) -> Result<Option<FinishedGame>, StoreError> {
        let reading = format!("cannot read game {}", id.0);
        let rows = self
            .db
            .query(
                "SELECT record, ended_at FROM rooms
                 WHERE game_id = $1 AND ended_at IS NOT NULL ORDER BY id DESC LIMIT 1",
                &[&(id.0 as i64)],
            )
            .map_err(failed(&reading))?;
        let Some(row) = rows.first() else {
            return Ok(None);
        };
        let (record, ended_at) = ended_game(row.get(0), row.get(1))
            .map_err(|e| StoreError(format!("{reading}: {e}")))?;
        Ok(Some(record.finished_game(ended_at)))
    }

    fn rating_points(
        &mut self,
        key: PlayerKey,
        limit: usize,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        let rows = self
            .db
            .query(
                "SELECT pool, at, rating FROM (
                     SELECT id, pool, at, rating FROM rating_points
                     WHERE key = $1 ORDER BY id DESC LIMIT $2
                 ) AS newest
                 ORDER BY id",
                &[&key.hex(), &sql_limit(limit)],
            )
            .map_err(failed("cannot read a rating history"))?;
        rows.iter()
            .map(|row| point_from_columns(row.get(0), row.get(1), i64::from(row.get::<_, i32>(2))))
            .collect()
    }

    fn adopt(&mut self, gone: &str) -> Result<Vec<RoomRecord>, StoreError> {
        // One statement: of two instances adopting at once, each room goes
        // to exactly one; and never from an instance whose heartbeat the
        // database saw lately (Redis may only have forgotten it).
        let rows = self
            .db
            .query(
                &format!(
                    "UPDATE rooms SET instance = $1
                     WHERE instance = $2 AND finished_at IS NULL AND NOT unreadable
                     AND NOT EXISTS (SELECT 1 FROM instances WHERE id = $2
                         AND beat_at > now() - interval '{DEAD_AFTER_SECONDS} seconds')
                     RETURNING record"
                ),
                &[&self.instance, &gone],
            )
            .map_err(failed("cannot take over the rooms"))?;
        Ok(rows
            .iter()
            .filter_map(|row| record_from_text(row.get::<_, &str>(0)).ok())
            .collect())
    }

    fn beat(&mut self, address: &str) -> Result<(), StoreError> {
        self.db
            .execute(
                "INSERT INTO instances (id, address, beat_at) VALUES ($1, $2, now())
                 ON CONFLICT (id) DO UPDATE SET address = excluded.address, beat_at = now()",
                &[&self.instance, &address],
            )
            .map(|_| ())
            .map_err(failed("cannot beat"))
    }

    fn instance(&mut self, instance: &str) -> Result<Option<(String, bool)>, StoreError> {
        let rows = self
            .db
            .query(
                &format!(
                    "SELECT address, beat_at > now() - interval '{DEAD_AFTER_SECONDS} seconds'
                     FROM instances WHERE id = $1"
                ),
                &[&instance],
            )
            .map_err(failed("cannot look up an instance"))?;
        Ok(rows.first().map(|row| (row.get(0), row.get(1))))
    }

    fn owner_of(&mut self, code: RoomCode) -> Result<Option<String>, StoreError> {
        let rows = self
            .db
            .query(
                "SELECT instance FROM rooms WHERE code = $1 AND finished_at IS NULL",
                &[&code.as_str()],
            )
            .map_err(failed("cannot look up a room"))?;
        Ok(rows.first().map(|row| row.get(0)))
    }
}
