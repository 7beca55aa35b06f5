//! The PostgreSQL store's pruning: a thread and a connection of its own
//! drop the finished games the store no longer keeps
//! ([`crate::store::upkeep`]), a page at a time. Several instances may
//! prune at once: a row another one holds is skipped (`SKIP LOCKED`), never
//! waited for.

use crate::store::upkeep::{
    CUT_RATING_HISTORY, KEPT_FOR_EACH_PLAYER, KEPT_RATING_POINTS, KeepFinished,
    LONG_RATING_HISTORIES, NEWEST_KEPT_ROOM, OLD_ROOMS_PAGE, PRUNE_PAGE, Upkeep, unix_now,
};
use postgres::{Client, NoTls};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::time::{Duration, Instant};

/// Starts the thread (when anything is ever dropped); it ends when the
/// returned sender is dropped.
pub(super) fn start(url: &str, upkeep: Upkeep) -> Sender<()> {
    let (stop, stopped) = std::sync::mpsc::channel::<()>();
    if upkeep.keep == KeepFinished::Forever {
        return stop;
    }
    let url = url.to_string();
    let _ = std::thread::Builder::new()
        .name("lineup-store-pruning".into())
        .spawn(move || {
            let mut next = Instant::now();
            let mut db: Option<Client> = None;
            while let Err(RecvTimeoutError::Timeout) =
                stopped.recv_timeout(Duration::from_millis(100))
            {
                if Instant::now() < next {
                    continue;
                }
                next = Instant::now() + upkeep.prune_every;
                // Connected again after a failure: the database may have
                // restarted.
                if db.as_ref().is_none_or(Client::is_closed) {
                    db = Client::connect(&url, NoTls).ok();
                }
                if let Some(db) = db.as_mut() {
                    let _ = prune(db, upkeep.keep, unix_now(), &stopped);
                }
            }
        });
    stop
}

fn prune(
    db: &mut Client,
    keep: KeepFinished,
    now: u64,
    stopped: &Receiver<()>,
) -> Result<u64, postgres::Error> {
    let newest_kept = |offset: i64| {
        let room = db.query_opt(NEWEST_KEPT_ROOM, &[&offset])?;
        Ok(room.map(|row| (row.get(0), row.get(1))))
    };
    let Some(before) = keep.old_before(now, newest_kept)? else {
        return Ok(0);
    };
    let running = || matches!(stopped.try_recv(), Err(TryRecvError::Empty));
    let page = db.prepare(OLD_ROOMS_PAGE)?;
    let mut after = (i64::MIN, i64::MIN);
    let mut dropped = 0;
    loop {
        let rows = db.query(
            &page,
            &[
                &after.0,
                &after.1,
                &before.0,
                &before.1,
                &((KEPT_FOR_EACH_PLAYER - 1) as i64),
                &(PRUNE_PAGE as i64),
            ],
        )?;
        let Some(last) = rows.last() else {
            break;
        };
        after = (last.get(1), last.get(0));
        let old: Vec<i64> = rows
            .iter()
            .filter(|row| !row.get::<_, bool>(2))
            .map(|row| row.get(0))
            .collect();
        if !old.is_empty() {
            dropped += db.execute(
                "DELETE FROM rooms WHERE id IN (
                     SELECT id FROM rooms WHERE id = ANY($1) AND finished_at IS NOT NULL
                     FOR UPDATE SKIP LOCKED)",
                &[&old],
            )?;
        }
        if !running() {
            return Ok(dropped);
        }
        if rows.len() < PRUNE_PAGE {
            break;
        }
    }
    let long = db.query(LONG_RATING_HISTORIES, &[&(KEPT_RATING_POINTS as i64)])?;
    for row in long {
        let key: String = row.get(0);
        db.execute(
            CUT_RATING_HISTORY,
            &[&key, &((KEPT_RATING_POINTS - 1) as i64)],
        )?;
    }
    Ok(dropped)
}
