//! The stores: what is committed comes back after a restart, in order; a
//! room the rules cannot replay is set aside, never played on or deleted.

use crate::player::{C4, RENJU, col, pt};
use lineup_core::ai::PlayRng;
use lineup_core::match_clock::TimeControl;
use lineup_core::match_setup::GameKind;
use lineup_core::net::PredictableSecrets;
use lineup_core::net::{
    Effect, GameId, Lobby, PlayerKey, Request, RoomCode, RoomRecord, SeatSecret,
};
use lineup_core::rules::{BoardMove, Side};
use lineup_server::store::memory::MemoryStore;
use lineup_server::store::sqlite::SqliteStore;
use lineup_server::store::{self, Commit, RoomStore};
use proptest::prelude::*;
use std::path::PathBuf;

/// A commit of rooms alone (no player changed).
pub fn rooms<'a>(
    changed: &'a [RoomRecord],
    closed: &'a [RoomRecord],
    now_seconds: u64,
) -> Commit<'a> {
    Commit {
        changed,
        closed,
        players: &[],
        points: &[],
        now_seconds,
    }
}

pub fn temp_database(name: &str) -> PathBuf {
    let folder = std::env::temp_dir().join(format!("lineup-store-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    folder.join("rooms.sqlite3")
}

/// A room of `kind` in a lobby, both seats taken, with `moves` played.
fn record(kind: GameKind, moves: &[BoardMove], seed: u64) -> RoomRecord {
    let mut lobby = Lobby::new(
        PlayRng::new(seed),
        PredictableSecrets::starting_at(seed * 1000),
    );
    let effects = lobby.handle(
        1,
        Request::Host {
            kind,
            side: Side::First,
            name: "Ann".into(),
            clock: TimeControl::Untimed,
        },
        0,
    );
    let code = effects
        .iter()
        .find_map(|e| match e {
            Effect::Changed(code) => Some(*code),
            _ => None,
        })
        .expect("a room");
    lobby.handle(
        2,
        Request::Join {
            code,
            name: "Bo".into(),
            secret: SeatSecret::from_bytes([0xB0; 16]),
        },
        0,
    );
    for (ply, mv) in moves.iter().enumerate() {
        let client = 1 + (ply % 2) as u64;
        lobby.handle(client, Request::Play { mv: *mv, ply }, 0);
    }
    let room = lobby.room(code).expect("open").record();
    assert_eq!(room.moves.len(), moves.len(), "every move was legal");
    // As kept: connections are not part of a record.
    ron::from_str(&ron::to_string(&room).expect("writes")).expect("reads")
}

#[test]
fn sqlite_brings_the_open_rooms_back_after_a_restart_and_files_finished_ones() {
    let path = temp_database("restart");
    let c4 = record(C4, &[col(3), col(4)], 1);
    let renju = record(RENJU, &[pt("h8"), pt("h9")], 2);
    {
        let mut store = SqliteStore::open(&path).expect("opens");
        assert!(store.open_rooms().expect("reads").rooms.is_empty());
        store
            .commit(&rooms(&[c4.clone(), renju.clone()], &[], 10))
            .expect("stores");
        let mut later = c4.clone();
        later.moves.push(col(3));
        store.commit(&rooms(&[later], &[], 11)).expect("stores");
    }
    let mut store = SqliteStore::open(&path).expect("opens again");
    let back = store.open_rooms().expect("reads");
    assert!(back.problems.is_empty(), "{:?}", back.problems);
    let by_code = |code: RoomCode| back.rooms.iter().find(|r| r.code == code).cloned();
    assert_eq!(
        by_code(c4.code).expect("kept").moves,
        vec![col(3), col(4), col(3)]
    );
    assert_eq!(by_code(renju.code), Some(renju.clone()));

    store
        .commit(&rooms(&[], std::slice::from_ref(&renju), 12))
        .expect("files");
    let back = store.open_rooms().expect("reads");
    assert_eq!(back.rooms.len(), 1);
    assert_eq!(store.finished(10).expect("reads"), vec![renju.clone()]);
    // The code is free again: a new room of that code is another row.
    let mut reused = c4.clone();
    reused.code = renju.code;
    store
        .commit(&rooms(std::slice::from_ref(&reused), &[], 13))
        .expect("stores");
    assert_eq!(store.open_rooms().expect("reads").rooms.len(), 2);
    assert_eq!(store.finished(10).expect("reads"), vec![renju]);
    let _ = std::fs::remove_dir_all(path.parent().expect("a folder"));
}

#[test]
fn a_room_the_rules_refuse_is_set_aside_and_kept() {
    let path = temp_database("aside");
    let mut lie = record(C4, &[], 3);
    lie.moves = vec![col(0); 7];
    let good = record(C4, &[col(1)], 4);
    let mut store = SqliteStore::open(&path).expect("opens");
    store
        .commit(&rooms(&[lie.clone(), good.clone()], &[], 1))
        .expect("stores");
    let back = store.open_rooms().expect("reads");
    assert_eq!(back.rooms, vec![good]);
    assert_eq!(back.problems.len(), 1, "{:?}", back.problems);
    assert!(
        back.problems[0].contains(lie.code.as_str()),
        "{:?}",
        back.problems
    );
    // Asked again, it stays aside and says nothing more.
    assert!(store.open_rooms().expect("reads").problems.is_empty());
    let _ = std::fs::remove_dir_all(path.parent().expect("a folder"));
}

#[test]
fn a_database_that_is_not_one_is_refused_with_its_name() {
    let path = temp_database("foreign");
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("a folder");
    std::fs::write(&path, "these are not the rooms you are looking for").expect("writes");
    let problem = SqliteStore::open(&path).err().expect("refused");
    assert!(problem.0.contains("rooms.sqlite3"), "{problem}");
    // A closed loopback port: refused at once, with the reason.
    let refused = store::open(
        "postgres://lineup@127.0.0.1:1/lineup",
        "a",
        Default::default(),
    )
    .err();
    assert!(refused.is_some_and(|e| e.0.contains("PostgreSQL")));
    assert!(store::open("mysql://127.0.0.1/lineup", "a", Default::default()).is_err());
    assert!(store::open("memory:", "a", Default::default()).is_ok());
    let _ = std::fs::remove_dir_all(path.parent().expect("a folder"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Any sequence of commits leaves SQLite holding what the memory store
    /// (the plain reference) holds: the open rooms, the closed ones, each
    /// player's finished games and each game.
    #[test]
    fn sqlite_holds_what_the_memory_store_holds(
        steps in proptest::collection::vec((0usize..4, 0u8..7, any::<bool>()), 1..20)
    ) {
        let path = temp_database(&format!("prop-{}", steps.len()));
        let mut sqlite = SqliteStore::open(&path).expect("opens");
        let mut memory = MemoryStore::default();
        // One player in every room, another in each.
        let keys: Vec<PlayerKey> = (0..5).map(|i| PlayerKey([i; 32])).collect();
        let mut records: Vec<RoomRecord> = (0..4)
            .map(|i| {
                let mut record = record(C4, &[], 100 + i);
                record.game_id = GameId(i + 1);
                for (seat, key) in record.seats.iter_mut().zip([keys[0], keys[i as usize + 1]]) {
                    seat.as_mut().expect("seated").key = Some(key);
                }
                record
            })
            .collect();
        for (at, (room, column, close)) in steps.into_iter().enumerate() {
            let record = &mut records[room];
            if record.moves.iter().filter(|m| **m == col(column)).count() < 6 {
                record.moves.push(col(column));
            }
            let (changed, closed) = if close {
                (vec![], vec![record.clone()])
            } else {
                (vec![record.clone()], vec![])
            };
            for store in [&mut sqlite as &mut dyn RoomStore, &mut memory] {
                store
                    .commit(&rooms(&changed, &closed, at as u64))
                    .expect("stores");
            }
        }
        let mut a = sqlite.open_rooms().expect("reads").rooms;
        let mut b = memory.open_rooms().expect("reads").rooms;
        a.sort_by_key(|r| r.code);
        b.sort_by_key(|r| r.code);
        // A record whose moves the rules refuse (four in a row reached
        // with moves after it) is set aside by SQLite only.
        let legal = |r: &RoomRecord| lineup_core::net::Room::from_record(r.clone(), 0).is_ok();
        b.retain(legal);
        prop_assert_eq!(a, b);
        prop_assert_eq!(sqlite.finished(100).expect("reads"), memory.finished(100).expect("reads"));
        for key in keys {
            prop_assert_eq!(
                sqlite.history(key, 100).expect("reads"),
                memory.history(key, 100).expect("reads")
            );
        }
        for id in 1..=4 {
            prop_assert_eq!(
                sqlite.game(GameId(id)).expect("reads"),
                memory.game(GameId(id)).expect("reads")
            );
        }
        let _ = std::fs::remove_dir_all(path.parent().expect("a folder"));
    }
}

/// Under commits that never stop, the write-ahead log grows past half its
/// limit (where it is cut) and is cut back. With passive checkpoints alone
/// it never was: the log only starts over when no commit lands during a
/// checkpoint.
#[test]
fn the_write_ahead_log_is_cut_back_under_sustained_commits() {
    const LIMIT: u64 = 1 << 20;
    let path = temp_database("wal");
    let mut store = SqliteStore::open_with(
        &path,
        lineup_server::store::upkeep::Upkeep {
            wal_limit: LIMIT,
            ..Default::default()
        },
    )
    .expect("opens");
    let mut wal = path.clone().into_os_string();
    wal.push("-wal");
    let base = record(C4, &[col(3), col(4)], 5);
    let size = || std::fs::metadata(&wal).map_or(0, |m| m.len());
    let mut commits = 0;
    let mut commit = |store: &mut SqliteStore| {
        let mut room = base.clone();
        room.code = RoomCode::from_number(commits % 500);
        store.commit(&rooms(&[room], &[], commits)).expect("stores");
        commits += 1;
    };
    // As fast as commits go, until the log is past where it is cut (half
    // its limit). Bounded in bytes: 64 times the limit.
    while size() <= LIMIT / 2 && size() < 64 * LIMIT {
        commit(&mut store);
    }
    let past = size();
    assert!(past > LIMIT / 2, "the log never grew past half its limit");
    // Then commits keep coming, a few a millisecond apart, until the log
    // is seen cut back: the event waited for, whatever the machine's
    // speed (bounded: 30 s; without the cut it never comes).
    let started = std::time::Instant::now();
    while size() > LIMIT / 2 && started.elapsed() < std::time::Duration::from_secs(30) {
        commit(&mut store);
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    eprintln!("WAL: {past} bytes past the cut, then {} bytes", size());
    assert!(
        size() <= LIMIT / 2,
        "the log was never cut back ({} bytes after 30 s)",
        size()
    );
    drop(store);
    let _ = std::fs::remove_dir_all(path.parent().expect("a folder"));
}
