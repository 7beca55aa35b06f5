//! The SQLite store's own thread and connection: it copies the write-ahead
//! log into the database file and keeps the log's size bounded, and it
//! drops the finished games the store no longer keeps
//! ([`crate::store::upkeep`]). Nothing here runs inside a commit.

use crate::store::upkeep::{
    CUT_RATING_HISTORY, KEPT_FOR_EACH_PLAYER, KEPT_RATING_POINTS, KeepFinished,
    LONG_RATING_HISTORIES, NEWEST_KEPT_ROOM, OLD_ROOMS_PAGE, PRUNE_PAGE, Upkeep,
    sqlite_placeholders, unix_now,
};
use rusqlite::{Connection, TransactionBehavior, params};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::time::{Duration, Instant};

/// Starts the thread; it ends when the returned sender is dropped.
///
/// The log: a PASSIVE checkpoint once a second never blocks a writer, but
/// neither does it let the log start over while commits keep coming: under
/// sustained load the log file grew without end (gigabytes in a 20 s
/// bench). So the log's size is looked at ten times a second, and once the
/// file is past half of `wal_limit` (the other half is room for the commits
/// that land before the cut) it is truncated: a checkpoint that waits for
/// the commit under way, copies the little the passive one left, and cuts
/// the file to nothing. A commit waits for that at most a moment, and only
/// when the log has grown that far.
///
/// The finished games: pruned as the store opens and every
/// `upkeep.prune_every` after.
pub(super) fn start(path: &Path, upkeep: Upkeep) -> Sender<()> {
    let (stop, stopped) = std::sync::mpsc::channel::<()>();
    let path = path.to_path_buf();
    let _ = std::thread::Builder::new()
        .name("lineup-store-upkeep".into())
        .spawn(move || {
            let Ok(db) = Connection::open(&path) else {
                return;
            };
            let _ = db.execute_batch(&format!(
                "PRAGMA busy_timeout = 5000; PRAGMA journal_size_limit = {};",
                upkeep.wal_limit
            ));
            let mut wal = path.into_os_string();
            wal.push("-wal");
            let mut keeper = Keeper {
                db,
                wal: wal.into(),
                wal_limit: upkeep.wal_limit,
                stopped,
            };
            let mut ticks = 0u32;
            let mut next_pruning = Instant::now();
            while let Err(RecvTimeoutError::Timeout) =
                keeper.stopped.recv_timeout(Duration::from_millis(100))
            {
                ticks += 1;
                if ticks.is_multiple_of(10) {
                    keeper.checkpoint();
                }
                keeper.bound_the_log();
                if Instant::now() >= next_pruning {
                    // A failed pruning is tried again next time; it never
                    // touches what a player sees.
                    let _ = keeper.prune(upkeep.keep, unix_now());
                    next_pruning = Instant::now() + upkeep.prune_every;
                }
            }
        });
    stop
}

/// The thread's connection and what it looks after.
struct Keeper {
    db: Connection,
    wal: PathBuf,
    wal_limit: u64,
    /// Disconnected once the store is dropped.
    stopped: Receiver<()>,
}

impl Keeper {
    /// Passive: copies what no reader needs, never blocks a writer.
    fn checkpoint(&self) {
        let _ = self
            .db
            .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
    }

    /// Truncates the log once it is past half its limit. A passive
    /// checkpoint first copies what it can without blocking anyone, so
    /// that the truncating one (which holds the writers back) has little
    /// left to copy: it held a commit 13-18 ms instead of 23-38 ms under
    /// 9,900 games.
    fn bound_the_log(&self) {
        if std::fs::metadata(&self.wal).is_ok_and(|m| m.len() > self.wal_limit / 2) {
            self.checkpoint();
            let _ = self
                .db
                .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
        }
    }

    fn running(&self) -> bool {
        matches!(self.stopped.try_recv(), Err(TryRecvError::Empty))
    }

    /// Drops the closed rooms and rating points `keep` no longer keeps, a
    /// page at a time, and returns how many rooms it dropped. It gives up
    /// early when the store is dropped.
    fn prune(&mut self, keep: KeepFinished, now: u64) -> rusqlite::Result<usize> {
        let newest_kept = |offset: i64| {
            let room = self
                .db
                .query_row(&sqlite_placeholders(NEWEST_KEPT_ROOM), [offset], |row| {
                    Ok((row.get(0)?, row.get(1)?))
                });
            match room {
                Ok(room) => Ok(Some(room)),
                Err(rusqlite::Error::QueryReturnedNoRows) => Ok(None),
                Err(e) => Err(e),
            }
        };
        let Some(before) = keep.old_before(now, newest_kept)? else {
            return Ok(0);
        };
        let mut after = (i64::MIN, i64::MIN);
        let mut dropped = 0;
        loop {
            // Which rooms of a page go is read with no lock held (a WAL
            // reader waits for nobody). A game kept for its player when read
            // is still kept when deleted: only games older than a player's
            // last ones are ever dropped.
            let rows = self
                .db
                .prepare_cached(&sqlite_placeholders(OLD_ROOMS_PAGE))?
                .query_map(
                    params![
                        after.0,
                        after.1,
                        before.0,
                        before.1,
                        (KEPT_FOR_EACH_PLAYER - 1) as i64,
                        PRUNE_PAGE as i64
                    ],
                    |row| {
                        Ok((
                            row.get::<_, i64>(0)?,
                            row.get::<_, i64>(1)?,
                            row.get::<_, bool>(2)?,
                        ))
                    },
                )?
                .collect::<Result<Vec<_>, _>>()?;
            let Some(&(id, finished_at, _)) = rows.last() else {
                break;
            };
            after = (finished_at, id);
            let deleting = self
                .db
                .transaction_with_behavior(TransactionBehavior::Immediate)?;
            {
                let mut delete = deleting.prepare_cached(
                    "DELETE FROM rooms WHERE id = ?1 AND finished_at IS NOT NULL",
                )?;
                for &(id, _, kept) in &rows {
                    if !kept {
                        dropped += delete.execute([id])?;
                    }
                }
            }
            deleting.commit()?;
            self.bound_the_log();
            if !self.running() {
                return Ok(dropped);
            }
            if rows.len() < PRUNE_PAGE {
                break;
            }
        }
        self.prune_rating_points()?;
        Ok(dropped)
    }

    /// Each rating history keeps its last [`KEPT_RATING_POINTS`] points (a
    /// player's page shows no more), a player a transaction.
    fn prune_rating_points(&mut self) -> rusqlite::Result<()> {
        let long: Vec<String> = self
            .db
            .prepare(&sqlite_placeholders(LONG_RATING_HISTORIES))?
            .query_map([KEPT_RATING_POINTS as i64], |row| row.get(0))?
            .collect::<Result<_, _>>()?;
        for key in long {
            let deleting = self
                .db
                .transaction_with_behavior(TransactionBehavior::Immediate)?;
            deleting.execute(
                &sqlite_placeholders(CUT_RATING_HISTORY),
                params![key, (KEPT_RATING_POINTS - 1) as i64],
            )?;
            deleting.commit()?;
        }
        Ok(())
    }
}
