//! How long a store keeps finished games (`--keep-finished`), and which
//! ones it never drops.
//!
//! A closed room is dropped once it is older than the setting (its
//! `finished_at`), **unless** its game is one of the last
//! [`HISTORY_LIMIT`] games of a player who sat in it: the history a player
//! sees on their page (and each game it opens) stays whatever the setting.
//! A rating history keeps its last [`RATING_POINTS`] points, the ones a
//! player's page shows. Open rooms and games still in play are never
//! touched.
//!
//! Each store drops them on a thread and a connection of its own, in pages
//! of [`PRUNE_PAGE`] rooms: which rooms to drop is read without holding
//! anything, and each page is deleted in its own short transaction, so a
//! commit waits for pruning at most a moment.

use lineup_core::net::views::{HISTORY_LIMIT, RATING_POINTS};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The rooms looked at, and then dropped, in one go.
pub const PRUNE_PAGE: usize = 256;

/// The games a player's history shows, which are never dropped.
pub const KEPT_FOR_EACH_PLAYER: usize = HISTORY_LIMIT;

/// The points of each rating history that are kept.
pub const KEPT_RATING_POINTS: usize = RATING_POINTS;

/// How long a store keeps finished games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeepFinished {
    /// Nothing is ever dropped.
    Forever,
    /// Games closed more than this many seconds ago are dropped.
    For { seconds: u64 },
    /// Only the newest this many closed rooms are kept.
    Newest(u64),
}

impl KeepFinished {
    /// What a small server keeps: a season of games.
    pub const DEFAULT: KeepFinished = KeepFinished::For { seconds: 90 * DAY };
}

impl Default for KeepFinished {
    fn default() -> Self {
        KeepFinished::DEFAULT
    }
}

const MINUTE: u64 = 60;
const HOUR: u64 = 60 * MINUTE;
const DAY: u64 = 24 * HOUR;

impl FromStr for KeepFinished {
    type Err = String;

    /// `forever`, a time (`90d`, `12h`, `30m`) or a count of games
    /// (`50000`).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("forever") {
            return Ok(KeepFinished::Forever);
        }
        let refused = || {
            format!("\"{text}\": say forever, a time (90d, 12h, 30m) or a count of games (50000)")
        };
        let (digits, unit) = match text.char_indices().last() {
            Some((at, 'd')) => (&text[..at], Some(DAY)),
            Some((at, 'h')) => (&text[..at], Some(HOUR)),
            Some((at, 'm')) => (&text[..at], Some(MINUTE)),
            _ => (text, None),
        };
        let number: u64 = digits.parse().map_err(|_| refused())?;
        if number == 0 {
            return Err(refused());
        }
        match unit {
            Some(unit) => number
                .checked_mul(unit)
                .map(|seconds| KeepFinished::For { seconds })
                .ok_or_else(refused),
            None => Ok(KeepFinished::Newest(number)),
        }
    }
}

impl fmt::Display for KeepFinished {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            KeepFinished::Forever => f.write_str("forever"),
            KeepFinished::For { seconds } if seconds.is_multiple_of(DAY) => {
                write!(f, "{}d", seconds / DAY)
            }
            KeepFinished::For { seconds } if seconds.is_multiple_of(HOUR) => {
                write!(f, "{}h", seconds / HOUR)
            }
            KeepFinished::For { seconds } => write!(f, "{}m", seconds.div_ceil(MINUTE)),
            KeepFinished::Newest(count) => write!(f, "{count}"),
        }
    }
}

/// How a store looks after its disk: the write-ahead log's size (SQLite),
/// the finished games kept, and how often they are pruned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Upkeep {
    /// SQLite's write-ahead log is brought back under this many bytes.
    pub wal_limit: u64,
    pub keep: KeepFinished,
    /// Time between two prunings (the first runs as the store opens).
    pub prune_every: Duration,
}

impl Default for Upkeep {
    fn default() -> Self {
        Upkeep {
            wal_limit: WAL_LIMIT,
            keep: KeepFinished::DEFAULT,
            prune_every: Duration::from_secs(10 * MINUTE),
        }
    }
}

/// The size the write-ahead log is brought back under (bytes), the
/// server's by default.
pub const WAL_LIMIT: u64 = 64 * 1024 * 1024;

/// A page of old closed rooms after ($1, $2) and before ($3, $4) in
/// (`finished_at`, `id`) order, oldest first, at most $6, each with
/// whether it is kept: its game is one of the last $5 + 1 of a player who
/// sat in it (fewer than that many newer games of theirs have ended). In
/// PostgreSQL's placeholders; SQLite reads them as `?N`
/// ([`sqlite_placeholders`]).
pub(super) const OLD_ROOMS_PAGE: &str = "
    SELECT r.id, r.finished_at,
        r.ended_at IS NOT NULL AND (
            (r.first_key IS NOT NULL AND (
                SELECT 1 FROM rooms x
                WHERE (x.first_key = r.first_key OR x.second_key = r.first_key)
                    AND x.ended_at IS NOT NULL AND (x.ended_at, x.id) > (r.ended_at, r.id)
                LIMIT 1 OFFSET $5) IS NULL)
            OR (r.second_key IS NOT NULL AND (
                SELECT 1 FROM rooms x
                WHERE (x.first_key = r.second_key OR x.second_key = r.second_key)
                    AND x.ended_at IS NOT NULL AND (x.ended_at, x.id) > (r.ended_at, r.id)
                LIMIT 1 OFFSET $5) IS NULL))
    FROM rooms r
    WHERE r.finished_at IS NOT NULL
        AND (r.finished_at, r.id) > ($1, $2) AND (r.finished_at, r.id) < ($3, $4)
    ORDER BY r.finished_at, r.id LIMIT $6";

/// The (`finished_at`, `id`) of the newest closed room past the first $1:
/// the `Newest` setting's boundary.
pub(super) const NEWEST_KEPT_ROOM: &str = "
    SELECT finished_at, id FROM rooms WHERE finished_at IS NOT NULL
    ORDER BY finished_at DESC, id DESC LIMIT 1 OFFSET $1";

/// The players whose rating history is longer than $1 points.
pub(super) const LONG_RATING_HISTORIES: &str =
    "SELECT key FROM rating_points GROUP BY key HAVING count(*) > $1";

/// Player $1's rating points before their last $2 + 1.
pub(super) const CUT_RATING_HISTORY: &str = "
    DELETE FROM rating_points WHERE key = $1 AND id < (
        SELECT id FROM rating_points WHERE key = $1
        ORDER BY id DESC LIMIT 1 OFFSET $2)";

impl KeepFinished {
    /// The (`finished_at`, `id`) before which a closed room is old at
    /// `now`, or `None` when none is: `forever`, or fewer closed rooms
    /// than a `Newest` count. `newest_kept(offset)` reads the store's
    /// [`NEWEST_KEPT_ROOM`].
    pub(super) fn old_before<E>(
        self,
        now: u64,
        newest_kept: impl FnOnce(i64) -> Result<Option<(i64, i64)>, E>,
    ) -> Result<Option<(i64, i64)>, E> {
        match self {
            KeepFinished::Forever => Ok(None),
            KeepFinished::For { seconds } => {
                Ok(Some((now.saturating_sub(seconds) as i64, i64::MIN)))
            }
            KeepFinished::Newest(count) => newest_kept(count.saturating_sub(1) as i64),
        }
    }
}

/// A statement in PostgreSQL's placeholders (`$1`) as SQLite numbers them
/// (`?1`; SQLite would read `$1` as a name, numbered by first use).
pub(super) fn sqlite_placeholders(sql: &str) -> String {
    sql.replace('$', "?")
}

/// The time a pruning counts from: the system's clock, Unix seconds.
pub(super) fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::SystemTime::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs())
}
