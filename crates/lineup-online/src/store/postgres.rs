//! The rooms in PostgreSQL, shared by several instances of the server. The
//! same layout as SQLite's, plus the instance that owns each open room: an
//! instance reads back only its own rooms, and takes over those of an
//! instance that died ([`RoomStore::adopt`]) in one statement, so two
//! instances can never both take a room.
//!
//! A commit is one transaction with `synchronous_commit` on (the server's
//! default): a move the players saw is on the database's disk.

use super::{DEAD_AFTER_SECONDS, Restored, RoomStore, StoreError, record_from_text, record_text};
use lineup_core::net::{RoomCode, RoomRecord};
use postgres::{Client, NoTls};

/// The layout's version, kept in the table `lineup_schema`.
const SCHEMA_VERSION: i32 = 1;

pub struct PostgresStore {
    db: Client,
    instance: String,
}

fn failed(doing: &str) -> impl Fn(postgres::Error) -> StoreError + '_ {
    move |e| match e.as_db_error() {
        // The server's own words, not the client's "db error".
        Some(db) => StoreError(format!("{doing}: {}", db.message())),
        None => StoreError(format!("{doing}: {e}")),
    }
}

impl PostgresStore {
    /// Connects to `url` as instance `instance`, making the tables if
    /// they are not there.
    pub fn open(url: &str, instance: &str) -> Result<PostgresStore, StoreError> {
        let opening = "cannot open the PostgreSQL database";
        let mut db = Client::connect(url, NoTls).map_err(failed(opening))?;
        // Instances starting together make the tables one at a time.
        db.batch_execute(
            "BEGIN;
             SELECT pg_advisory_xact_lock(7878);
             CREATE TABLE IF NOT EXISTS lineup_schema (version INTEGER NOT NULL);
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
             COMMIT;",
        )
        .map_err(failed(opening))?;
        let versions: Vec<i32> = db
            .query("SELECT version FROM lineup_schema", &[])
            .map_err(failed(opening))?
            .iter()
            .map(|row| row.get(0))
            .collect();
        match versions.first() {
            None => {
                db.execute(
                    "INSERT INTO lineup_schema (version) VALUES ($1)",
                    &[&SCHEMA_VERSION],
                )
                .map_err(failed(opening))?;
            }
            Some(&SCHEMA_VERSION) => {}
            Some(newer) => {
                return Err(StoreError(format!(
                    "the database is of layout {newer}, newer than this server's \
                     ({SCHEMA_VERSION}); use a newer lineup-server"
                )));
            }
        }
        Ok(PostgresStore {
            db,
            instance: instance.to_string(),
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

    fn commit(
        &mut self,
        changed: &[RoomRecord],
        closed: &[RoomRecord],
        now_seconds: u64,
    ) -> Result<(), StoreError> {
        let writing = "cannot store the rooms";
        let mut transaction = self.db.transaction().map_err(failed(writing))?;
        let upsert = transaction
            .prepare(
                "INSERT INTO rooms (code, record, instance) VALUES ($1, $2, $3)
                 ON CONFLICT (code) WHERE finished_at IS NULL
                 DO UPDATE SET record = excluded.record, instance = excluded.instance,
                     unreadable = FALSE",
            )
            .map_err(failed(writing))?;
        let finish = transaction
            .prepare(
                "UPDATE rooms SET record = $2, finished_at = $3
                 WHERE code = $1 AND finished_at IS NULL",
            )
            .map_err(failed(writing))?;
        let file = transaction
            .prepare(
                "INSERT INTO rooms (code, record, instance, finished_at) VALUES ($1, $2, $4, $3)",
            )
            .map_err(failed(writing))?;
        for record in changed {
            transaction
                .execute(
                    &upsert,
                    &[&record.code.as_str(), &record_text(record)?, &self.instance],
                )
                .map_err(failed(writing))?;
        }
        let now = now_seconds as i64;
        for record in closed {
            let (code, body) = (record.code.as_str(), record_text(record)?);
            if transaction
                .execute(&finish, &[&code, &body, &now])
                .map_err(failed(writing))?
                == 0
            {
                transaction
                    .execute(&file, &[&code, &body, &now, &self.instance])
                    .map_err(failed(writing))?;
            }
        }
        transaction.commit().map_err(failed(writing))
    }

    fn finished(&mut self, limit: usize) -> Result<Vec<RoomRecord>, StoreError> {
        let rows = self
            .db
            .query(
                "SELECT record FROM rooms WHERE finished_at IS NOT NULL
                 ORDER BY finished_at DESC, id DESC LIMIT $1",
                &[&(limit as i64)],
            )
            .map_err(failed("cannot read the finished games"))?;
        Ok(rows
            .iter()
            .filter_map(|row| ron::from_str(row.get::<_, &str>(0)).ok())
            .collect())
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
