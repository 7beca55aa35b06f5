//! Old finished games are dropped by the stores' own threads, and exactly
//! those: a closed room older than `--keep-finished` goes unless it is one
//! of the last 30 games of a player who sat in it; open rooms, recent ones
//! and every player's history stay. Checked against a plain reference over
//! a few hundred games of a fixed seed, in both ways of keeping (a time, a
//! count), and on the real `lineup-server`.

use crate::cluster::fresh_database;
use crate::player::{C4, col};
use crate::server::ServerProcess;
use lineup_core::ai::PlayRng;
use lineup_core::match_clock::TimeControl;
use lineup_core::net::rating::RatingPool;
use lineup_core::net::room::Seat;
use lineup_core::net::views::RatingPoint;
use lineup_core::net::{GameId, PlayerKey, Room, RoomCode, RoomRecord, SeatSecret, Terms};
use lineup_core::rules::Side;
use lineup_server::store::postgres::PostgresStore;
use lineup_server::store::sqlite::SqliteStore;
use lineup_server::store::upkeep::{
    KEPT_FOR_EACH_PLAYER, KEPT_RATING_POINTS, KeepFinished, Upkeep,
};
use lineup_server::store::{Commit, RoomStore};
use std::collections::BTreeSet;
use std::time::{Duration, Instant, SystemTime};

const PLAYERS: [PlayerKey; 4] = [
    PlayerKey([0xA1; 32]),
    PlayerKey([0xB0; 32]),
    PlayerKey([0xC5; 32]),
    PlayerKey([0xD4; 32]),
];

/// A day: the time a test keeps games for.
const DAY: u64 = 24 * 60 * 60;

fn seat(key: Option<PlayerKey>, secret: u8) -> Seat {
    Seat {
        name: format!("P{secret}"),
        secret: SeatSecret::from_bytes([secret; 16]),
        key,
        client: Some(u64::from(secret)),
        away_since: None,
    }
}

/// Game `id` of Connect Four between `keys` (`None`: a guest), won by the
/// first seat, or still in play.
fn game(id: u64, keys: [Option<PlayerKey>; 2], finished: bool) -> RoomRecord {
    let mut room = Room::open(
        RoomCode::from_number(id),
        C4,
        Side::First,
        seat(keys[0], 1),
        GameId(id),
        Terms {
            clock: TimeControl::Untimed,
            rated: false,
        },
    );
    let second = seat(keys[1], 2);
    room.join(&second.name, second.key, second.secret, 2, 0)
        .expect("a free seat");
    let moves: &[u8] = if finished {
        &[0, 1, 0, 1, 0, 1, 0]
    } else {
        &[3, 3]
    };
    for (ply, column) in moves.iter().enumerate() {
        let side = [Side::First, Side::Second][ply % 2];
        room.play(side, col(*column), ply, 0).expect("a legal move");
    }
    room.record()
}

/// One stored room, as the reference sees it: its game, players, and
/// when it closed (`None`: open). Rooms are committed in this order, one a
/// commit at their time, so the stores' row order is theirs.
#[derive(Clone, Debug)]
struct Stored {
    id: u64,
    keys: [Option<PlayerKey>; 2],
    closed_at: Option<u64>,
}

/// `count` rooms of a fixed seed: most closed long ago, a few closed
/// today, a few still open; seats taken by four players and guests; times out of
/// order, and some equal, so that the tie on the row's order counts.
fn scenario(count: u64, now: u64) -> Vec<Stored> {
    let mut dice = PlayRng::new(57);
    (0..count)
        .map(|id| {
            let mut someone = || match dice.below(6) {
                0..=3 => Some(PLAYERS[dice.below(4)]),
                _ => None,
            };
            let keys = [someone(), someone()];
            let closed_at = match dice.below(20) {
                0 => None,
                1 => Some(now - dice.below(DAY as usize / 2) as u64),
                _ => Some(1_000_000 + dice.below(50) as u64),
            };
            Stored {
                id: id + 1,
                keys,
                closed_at,
            }
        })
        .collect()
}

/// The games a store keeps, by the plain rule: open, closed recently
/// enough, or one of the last 30 of a player who sat in it.
fn kept_by_reference(rooms: &[Stored], old: impl Fn(usize, &Stored) -> bool) -> BTreeSet<u64> {
    // Every closed room here is finished; its game ended when it closed.
    let mut last_games = BTreeSet::new();
    for player in PLAYERS {
        let mut theirs: Vec<(u64, usize)> = rooms
            .iter()
            .enumerate()
            .filter(|(_, r)| r.closed_at.is_some() && r.keys.contains(&Some(player)))
            .map(|(row, r)| (r.closed_at.unwrap_or(0), row))
            .collect();
        theirs.sort_unstable_by(|a, b| b.cmp(a));
        last_games.extend(
            theirs
                .iter()
                .take(KEPT_FOR_EACH_PLAYER)
                .map(|(_, row)| *row),
        );
    }
    rooms
        .iter()
        .enumerate()
        .filter(|(row, r)| r.closed_at.is_none() || last_games.contains(row) || !old(*row, r))
        .map(|(_, r)| r.id)
        .collect()
}

fn fill(store: &mut dyn RoomStore, rooms: &[Stored], now: u64) {
    for room in rooms {
        let record = game(room.id, room.keys, room.closed_at.is_some());
        let (changed, closed) = match room.closed_at {
            Some(_) => (vec![], vec![record]),
            None => (vec![record], vec![]),
        };
        store
            .commit(&Commit {
                changed: &changed,
                closed: &closed,
                players: &[],
                points: &[],
                now_seconds: room.closed_at.unwrap_or(now),
            })
            .expect("stores the room");
    }
    // A long rating history: 250 points, one a game.
    let points: Vec<(PlayerKey, RatingPoint)> = (0..250)
        .map(|at| {
            let point = RatingPoint {
                pool: RatingPool::ConnectFour,
                at,
                rating: 1000 + at as u16,
            };
            (PLAYERS[0], point)
        })
        .collect();
    store
        .commit(&Commit {
            changed: &[],
            closed: &[],
            players: &[],
            points: &points,
            now_seconds: now,
        })
        .expect("stores the points");
}

/// The games a store holds: the open rooms and the finished ones.
fn held(store: &mut dyn RoomStore) -> BTreeSet<u64> {
    let open = store.open_rooms().expect("reads").rooms;
    let finished = store.finished(usize::MAX).expect("reads");
    open.iter().chain(&finished).map(|r| r.game_id.0).collect()
}

/// Waits for the store's thread to have dropped the old games (at most
/// 30 s), then checks that exactly the reference's stay.
fn pruned_to(store: &mut dyn RoomStore, expected: &BTreeSet<u64>) {
    let began = Instant::now();
    let mut now_held = held(store);
    while now_held != *expected && began.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
        now_held = held(store);
    }
    let gone: Vec<_> = expected.difference(&now_held).collect();
    let left: Vec<_> = now_held.difference(expected).collect();
    assert!(
        gone.is_empty() && left.is_empty(),
        "dropped though kept: {gone:?}; left though old: {left:?}"
    );
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .expect("after 1970")
        .as_secs()
}

fn quick(keep: KeepFinished) -> Upkeep {
    Upkeep {
        keep,
        prune_every: Duration::from_millis(50),
        ..Upkeep::default()
    }
}

/// Filled with pruning off, then opened with `keep`: what stays is the
/// reference's, each player's history and one kept game still read back,
/// and the rating history is cut to its last points.
fn prunes_like_the_reference(open: &dyn Fn(Upkeep) -> Box<dyn RoomStore>, keep: KeepFinished) {
    let now = now();
    let rooms = scenario(400, now);
    let before_pruning = {
        let mut store = open(quick(KeepFinished::Forever));
        fill(&mut *store, &rooms, now);
        let histories: Vec<_> = PLAYERS
            .iter()
            .map(|key| store.history(*key, KEPT_FOR_EACH_PLAYER).expect("reads"))
            .collect();
        assert_eq!(
            held(&mut *store).len(),
            rooms.len(),
            "nothing dropped while kept forever"
        );
        histories
    };
    let expected = match keep {
        KeepFinished::For { seconds } => kept_by_reference(&rooms, |_, r| {
            r.closed_at.is_some_and(|at| at < now - seconds)
        }),
        KeepFinished::Newest(count) => {
            // Closed rooms by (closed_at, row), newest first: past the
            // first `count` they are old.
            let mut closed: Vec<(u64, usize)> = rooms
                .iter()
                .enumerate()
                .filter_map(|(row, r)| r.closed_at.map(|at| (at, row)))
                .collect();
            closed.sort_unstable_by(|a, b| b.cmp(a));
            let old: BTreeSet<usize> = closed
                .iter()
                .skip(count as usize)
                .map(|(_, row)| *row)
                .collect();
            kept_by_reference(&rooms, |row, _| old.contains(&row))
        }
        KeepFinished::Forever => unreachable!("a test of pruning"),
    };
    assert!(
        expected.len() < rooms.len() - 100,
        "the scenario has old games to drop"
    );
    let mut store = open(quick(keep));
    pruned_to(&mut *store, &expected);
    for (key, before) in PLAYERS.iter().zip(before_pruning) {
        assert_eq!(
            store.history(*key, KEPT_FOR_EACH_PLAYER).expect("reads"),
            before
        );
        let newest = before.first().expect("each player has games");
        assert!(store.game(newest.id).expect("reads").is_some());
    }
    // A pass cuts the rating histories after the rooms: wait for it to
    // get there (bounded) before reading them.
    let began = Instant::now();
    let mut points = store.rating_points(PLAYERS[0], 1000).expect("reads");
    while points.len() > KEPT_RATING_POINTS && began.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
        points = store.rating_points(PLAYERS[0], 1000).expect("reads");
    }
    assert_eq!(points.len(), KEPT_RATING_POINTS);
    assert_eq!(
        points.first().map(|p| p.at),
        Some(250 - KEPT_RATING_POINTS as u64)
    );
}

/// [`prunes_like_the_reference`] on a SQLite file of its own, removed
/// after.
fn in_sqlite(name: &str, keep: KeepFinished) {
    let path = crate::store::temp_database(name);
    let open = |upkeep| -> Box<dyn RoomStore> {
        Box::new(SqliteStore::open_with(&path, upkeep).expect("opens"))
    };
    prunes_like_the_reference(&open, keep);
    let _ = std::fs::remove_dir_all(path.parent().expect("a folder"));
}

#[test]
fn sqlite_drops_the_games_older_than_it_keeps_but_each_players_last() {
    in_sqlite("prune-time", KeepFinished::For { seconds: DAY });
}

#[test]
fn sqlite_keeps_the_newest_games_it_is_told_and_each_players_last() {
    in_sqlite("prune-count", KeepFinished::Newest(60));
}

// scripts/test-services.sh runs it with PostgreSQL up.
#[test]
#[ignore = "needs PostgreSQL (scripts/services.sh); .ci/run runs it"]
fn postgres_drops_old_games_like_sqlite() {
    let url = fresh_database("pruning");
    let open = |upkeep| -> Box<dyn RoomStore> {
        Box::new(PostgresStore::open_with(&url, "a", upkeep).expect("opens"))
    };
    prunes_like_the_reference(&open, KeepFinished::For { seconds: DAY });
}

/// The real server, told `--keep-finished 5` on a database of 40 old
/// guests' games, keeps the newest 5.
#[test]
fn the_server_keeps_the_finished_games_its_command_line_says() {
    let path = crate::store::temp_database("prune-server");
    {
        let mut store = SqliteStore::open_with(&path, quick(KeepFinished::Forever)).expect("opens");
        for id in 1..=40 {
            store
                .commit(&Commit {
                    changed: &[],
                    closed: &[game(id, [None, None], true)],
                    players: &[],
                    points: &[],
                    now_seconds: 1_000_000 + id,
                })
                .expect("stores");
        }
    }
    let _server = ServerProcess::with(
        "127.0.0.1:0",
        &[
            "--database".as_ref(),
            path.as_os_str(),
            "--keep-finished".as_ref(),
            "5".as_ref(),
        ],
    );
    let mut store = SqliteStore::open_with(&path, quick(KeepFinished::Forever)).expect("opens");
    pruned_to(&mut store, &(36..=40).collect());
    let _ = std::fs::remove_dir_all(path.parent().expect("a folder"));
}

#[test]
fn keep_finished_reads_a_time_a_count_or_forever_and_writes_it_back() {
    for (text, keep) in [
        ("90d", KeepFinished::For { seconds: 90 * DAY }),
        ("12h", KeepFinished::For { seconds: 12 * 3600 }),
        ("30m", KeepFinished::For { seconds: 1800 }),
        ("50000", KeepFinished::Newest(50_000)),
        ("forever", KeepFinished::Forever),
    ] {
        assert_eq!(text.parse::<KeepFinished>(), Ok(keep));
        assert_eq!(keep.to_string(), text);
    }
    for refused in [
        "",
        "0",
        "0d",
        "-3d",
        "3w",
        "d",
        "1.5d",
        "99999999999999999999d",
    ] {
        let problem = refused.parse::<KeepFinished>().expect_err(refused);
        assert!(problem.contains("forever"), "{problem}");
    }
    assert_eq!(KeepFinished::default().to_string(), "90d");
}
