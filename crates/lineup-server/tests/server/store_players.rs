//! The players in the stores: a rated game's result and the ratings it
//! moved are committed together or not at all (a rating applied exactly
//! once, whatever crashes when); a player's finished games, one game and a
//! rating history come back after a restart; a database of layout 1 is
//! brought to layout 2 with its rooms.

use crate::cluster::fresh_database;
use crate::player::{C4, col};
use crate::store::{rooms, temp_database};
use lineup_core::match_clock::TimeControl;
use lineup_core::net::rating::{Rating, RatingPool, Ratings, ShownRating};
use lineup_core::net::views::RatingPoint;
use lineup_core::net::{GameId, PlayerKey, PlayerRecord, Room, RoomCode, RoomRecord, SeatSecret};
use lineup_core::net::{Terms, room::Seat};
use lineup_core::rules::{BoardMove, Side};
use lineup_server::store::memory::MemoryStore;
use lineup_server::store::postgres::PostgresStore;
use lineup_server::store::sqlite::SqliteStore;
use lineup_server::store::{Commit, RoomStore};
use serde::Serialize;

const ANN: PlayerKey = PlayerKey([0xA1; 32]);
const BO: PlayerKey = PlayerKey([0xB0; 32]);
const CY: PlayerKey = PlayerKey([0xC5; 32]);

/// A record as a store gives it back: connections are not part of it.
fn as_kept(record: &RoomRecord) -> RoomRecord {
    ron::from_str(&ron::to_string(record).expect("writes")).expect("reads")
}

fn seat(name: &str, key: PlayerKey, secret: u64) -> Seat {
    Seat {
        name: name.into(),
        secret: SeatSecret::from_bytes(u128::from(secret).to_le_bytes()),
        key: Some(key),
        client: Some(secret),
        away_since: None,
    }
}

/// A Connect Four room of `first` against `second` (both logged in), game
/// `id`, with `moves` played a second apart on a 5+2 clock.
fn room(
    code: u64,
    id: u64,
    first: (&str, PlayerKey),
    second: (&str, PlayerKey),
    moves: &[u8],
) -> Room {
    let mut room = Room::open(
        RoomCode::from_number(code),
        C4,
        Side::First,
        seat(first.0, first.1, 1),
        GameId(id),
        Terms {
            clock: TimeControl::Fischer {
                base_seconds: 300,
                increment_seconds: 2,
            },
            rated: true,
        },
    );
    room.join(
        second.0,
        Some(second.1),
        SeatSecret::from_bytes([2; 16]),
        2,
        0,
    )
    .expect("a free seat");
    room.set_ratings([Some(shown(1500)), Some(shown(1500))]);
    for (ply, column) in moves.iter().enumerate() {
        let side = if ply % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        room.play(side, col(*column), ply, 1_000 * (ply as u64 + 1))
            .expect("a legal move");
    }
    room
}

fn shown(rating: u16) -> ShownRating {
    ShownRating {
        rating,
        provisional: true,
    }
}

/// Ann beats Bo with four in a column, rated (game 41); the result moved
/// their ratings by 12.
fn won_by_ann() -> RoomRecord {
    let mut room = room(11, 41, ("Ann", ANN), ("Bo", BO), &[0, 1, 0, 1, 0, 1, 0]);
    assert!(room.game().is_over(), "four in a column");
    room.set_rating_change([12, -12]);
    as_kept(&room.record())
}

/// Bo resigns a second game against Ann (game 42).
fn resigned_by_bo() -> RoomRecord {
    let mut room = room(12, 42, ("Bo", BO), ("Ann", ANN), &[3, 3]);
    room.resign(Side::First, 5_000).expect("resigns");
    room.set_rating_change([-9, 9]);
    as_kept(&room.record())
}

/// Ann and Cy, still playing (game 43).
fn still_playing() -> RoomRecord {
    as_kept(&room(13, 43, ("Ann", ANN), ("Cy", CY), &[2, 4]).record())
}

fn player(key: PlayerKey, name: &str, rating: f64) -> PlayerRecord {
    let mut ratings = Ratings::default();
    ratings.set(
        RatingPool::ConnectFour,
        Rating {
            rating,
            deviation: 290.25,
            volatility: 0.0599,
            games: 1,
        },
    );
    PlayerRecord {
        key,
        name: name.into(),
        ratings,
        since: 7,
    }
}

fn point(at: u64, rating: u16) -> RatingPoint {
    RatingPoint {
        pool: RatingPool::ConnectFour,
        at,
        rating,
    }
}

/// What the stores are given: at 100, Ann's win and both new ratings in
/// one commit, with Cy's game begun; at 150 Bo's resignation; at 200 the
/// won room stored again (its game still ended at 100).
fn fill(store: &mut dyn RoomStore) {
    let (ann, bo) = (player(ANN, "Ann", 1512.5), player(BO, "Bo", 1488.125));
    store
        .commit(&Commit {
            changed: &[won_by_ann(), still_playing()],
            closed: &[],
            players: &[ann.clone(), bo.clone(), player(CY, "Cy", 1500.0)],
            points: &[(ANN, point(100, 1512)), (BO, point(100, 1488))],
            now_seconds: 100,
        })
        .expect("stores the result");
    store
        .commit(&Commit {
            changed: &[resigned_by_bo()],
            closed: &[],
            players: &[player(ANN, "Ann", 1521.75), player(BO, "Bo", 1479.0)],
            points: &[(BO, point(150, 1479)), (ANN, point(150, 1522))],
            now_seconds: 150,
        })
        .expect("stores the result");
    store
        .commit(&rooms(&[won_by_ann()], &[], 200))
        .expect("stores the room");
}

/// What a store filled by [`fill`] holds.
fn check(store: &mut dyn RoomStore) {
    let mut players = store.players().expect("reads the players");
    players.sort_by_key(|p| p.name.clone());
    assert_eq!(
        players,
        vec![
            player(ANN, "Ann", 1521.75),
            player(BO, "Bo", 1479.0),
            player(CY, "Cy", 1500.0)
        ]
    );

    let (won, resigned) = (won_by_ann(), resigned_by_bo());
    // Newest first, each ended when it was first stored finished.
    let both = vec![resigned.summary(150), won.summary(100)];
    assert_eq!(store.history(ANN, 30).expect("reads"), both);
    assert_eq!(store.history(BO, 30).expect("reads"), both);
    assert_eq!(store.history(ANN, 1).expect("reads"), both[..1]);
    assert_eq!(both[1].winner, Some(Side::First));
    assert_eq!(both[0].winner, Some(Side::Second));
    // Cy's game has not ended; nobody else played.
    assert!(store.history(CY, 30).expect("reads").is_empty());
    assert!(
        store
            .history(PlayerKey([9; 32]), 30)
            .expect("reads")
            .is_empty()
    );

    let game = store
        .game(GameId(41))
        .expect("reads")
        .expect("game 41 is kept");
    assert_eq!(game, won.finished_game(100));
    assert_eq!(game.moves.len(), 7);
    assert_eq!(game.spent_ms.len(), 7);
    assert_eq!(game.rating_change, Some([12, -12]));
    assert_eq!(game.summary.finished_at, 100);
    assert_eq!(store.game(GameId(43)).expect("reads"), None, "not ended");
    assert_eq!(store.game(GameId(99)).expect("reads"), None);

    assert_eq!(
        store.rating_points(ANN, 200).expect("reads"),
        vec![point(100, 1512), point(150, 1522)]
    );
    assert_eq!(
        store.rating_points(BO, 1).expect("reads"),
        vec![point(150, 1479)]
    );
    assert!(store.rating_points(CY, 200).expect("reads").is_empty());

    // The ended rooms are still open (their players may ask for a
    // rematch), their results marked as applied.
    let mut open = store.open_rooms().expect("reads").rooms;
    open.sort_by_key(|r| r.game_id);
    assert_eq!(open, vec![won, resigned, still_playing()]);
    assert_eq!(open[0].rating_change, Some([12, -12]));
}

#[test]
fn sqlite_keeps_results_ratings_and_histories_through_a_kill() {
    let path = temp_database("players");
    {
        let mut store = SqliteStore::open(&path).expect("opens");
        fill(&mut store);
        // Dropped as by `kill -9`: nothing more is written.
    }
    let mut store = SqliteStore::open(&path).expect("opens again");
    check(&mut store);
    closed_later(&mut store);
    assert_eq!(store.open_rooms().expect("reads").rooms.len(), 2);
    let _ = std::fs::remove_dir_all(path.parent().expect("a folder"));
}

#[test]
fn the_memory_store_keeps_results_ratings_and_histories_alike() {
    let mut store = MemoryStore::default();
    fill(&mut store);
    check(&mut store);
    closed_later(&mut store);
}

/// Closing a finished room later (after [`check`]) leaves when its game
/// ended: the history keeps the game's own time.
fn closed_later(store: &mut dyn RoomStore) {
    store
        .commit(&rooms(&[], &[won_by_ann()], 300))
        .expect("files");
    assert_eq!(store.finished(10).expect("reads"), vec![won_by_ann()]);
    assert_eq!(
        store.history(ANN, 30).expect("reads")[1],
        won_by_ann().summary(100)
    );
}

/// A batch that cannot be stored whole: two keys with one name (regardless
/// of case), with a rated result.
fn refused(store: &mut dyn RoomStore) {
    let problem = store
        .commit(&Commit {
            changed: &[won_by_ann()],
            closed: &[],
            players: &[player(ANN, "Dee", 1512.5), player(BO, "dee", 1488.0)],
            points: &[(ANN, point(100, 1512))],
            now_seconds: 100,
        })
        .expect_err("one name, two players");
    assert!(problem.0.contains("players"), "{problem}");
    assert!(store.open_rooms().expect("reads").rooms.is_empty());
    assert!(store.players().expect("reads").is_empty());
    assert!(store.history(ANN, 30).expect("reads").is_empty());
    assert!(store.rating_points(ANN, 30).expect("reads").is_empty());
}

#[test]
fn a_commit_refused_in_part_stores_nothing_of_it() {
    let path = temp_database("refused");
    refused(&mut SqliteStore::open(&path).expect("opens"));
    let mut store = SqliteStore::open(&path).expect("opens again");
    assert!(store.open_rooms().expect("reads").rooms.is_empty());
    assert!(store.players().expect("reads").is_empty());
    assert_eq!(store.game(GameId(41)).expect("reads"), None);
    let _ = std::fs::remove_dir_all(path.parent().expect("a folder"));

    refused(&mut MemoryStore::default());
}

/// Two players of one batch trade names (Bo takes Ann's, Ann a new one):
/// stored whole, whatever their order in the batch.
fn names_change_hands(store: &mut dyn RoomStore) {
    store
        .commit(&Commit {
            players: &[player(ANN, "Ann", 1500.0), player(BO, "Bo", 1500.0)],
            ..rooms(&[], &[], 1)
        })
        .expect("stores");
    store
        .commit(&Commit {
            players: &[player(BO, "ANN", 1500.0), player(ANN, "Bea", 1500.0)],
            ..rooms(&[], &[], 2)
        })
        .expect("a name may pass from one player to another");
    let mut names: Vec<(PlayerKey, String)> = store
        .players()
        .expect("reads")
        .into_iter()
        .map(|p| (p.key, p.name))
        .collect();
    names.sort();
    assert_eq!(names, vec![(ANN, "Bea".into()), (BO, "ANN".into())]);
    // And a name still held by someone outside the batch is refused.
    assert!(
        store
            .commit(&Commit {
                players: &[player(CY, "bea", 1500.0)],
                ..rooms(&[], &[], 3)
            })
            .is_err()
    );
}

#[test]
fn a_name_passes_between_two_players_of_one_batch() {
    let path = temp_database("names");
    names_change_hands(&mut SqliteStore::open(&path).expect("opens"));
    let _ = std::fs::remove_dir_all(path.parent().expect("a folder"));
    names_change_hands(&mut MemoryStore::default());
}

/// A room as layout 1 kept it (its record had no game, clock or keys).
#[derive(Serialize)]
struct OldRecord {
    code: RoomCode,
    kind: lineup_core::match_setup::GameKind,
    seats: [Option<OldSeat>; 2],
    moves: Vec<BoardMove>,
    end: Option<lineup_core::net::RoomEnd>,
}

#[derive(Serialize)]
struct OldSeat {
    name: String,
    /// Seat secrets had 64 bits then, written as a number.
    secret: u64,
}

fn old_record(code: u64, moves: &[u8]) -> String {
    let seat = |name: &str, secret| {
        Some(OldSeat {
            name: name.into(),
            secret,
        })
    };
    ron::to_string(&OldRecord {
        code: RoomCode::from_number(code),
        kind: C4,
        seats: [seat("Ann", 1), seat("Bo", 2)],
        moves: moves.iter().map(|c| col(*c)).collect(),
        end: None,
    })
    .expect("writes")
}

/// Layout 1's statements, as its server ran them.
const LAYOUT_1: &str = "
    CREATE TABLE IF NOT EXISTS rooms (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL,
        record TEXT NOT NULL,
        finished_at INTEGER,
        unreadable INTEGER NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX IF NOT EXISTS rooms_open
        ON rooms (code) WHERE finished_at IS NULL;
    CREATE INDEX IF NOT EXISTS rooms_finished ON rooms (finished_at);
    PRAGMA user_version = 1;";

#[test]
fn a_layout_1_database_is_brought_to_layout_2_with_its_rooms() {
    let path = temp_database("layout1");
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("a folder");
    {
        let old = rusqlite::Connection::open(&path).expect("makes");
        old.execute_batch(LAYOUT_1).expect("layout 1");
        old.execute(
            "INSERT INTO rooms (code, record) VALUES (?1, ?2)",
            [RoomCode::from_number(21).as_str(), &old_record(21, &[3, 4])],
        )
        .expect("an open room");
        old.execute(
            "INSERT INTO rooms (code, record, finished_at) VALUES (?1, ?2, 5)",
            [
                RoomCode::from_number(22).as_str(),
                &old_record(22, &[0, 1, 0, 1, 0, 1, 0]),
            ],
        )
        .expect("a closed room");
    }
    {
        let mut store = SqliteStore::open(&path).expect("opens layout 1");
        let back = store.open_rooms().expect("reads");
        assert!(back.problems.is_empty(), "{:?}", back.problems);
        assert_eq!(back.rooms.len(), 1);
        assert_eq!(back.rooms[0].code, RoomCode::from_number(21));
        assert_eq!(back.rooms[0].moves, vec![col(3), col(4)]);
        assert_eq!(back.rooms[0].seats[0].as_ref().map(|s| s.key), Some(None));
        assert_eq!(store.finished(10).expect("reads").len(), 1);
        // Layout 2 works at once (the old room closed, out of the way).
        store
            .commit(&rooms(&[], &back.rooms, 50))
            .expect("files the old room");
        fill(&mut store);
        check(&mut store);
    }
    let db = rusqlite::Connection::open(&path).expect("opens");
    let version: i64 = db
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .expect("reads");
    assert_eq!(version, 2);
    let ended: Option<i64> = db
        .query_row(
            "SELECT ended_at FROM rooms WHERE finished_at IS NOT NULL AND game_id IS NULL",
            [],
            |row| row.get(0),
        )
        .expect("reads");
    assert_eq!(ended, Some(5), "an old finished game ended when it closed");

    // A layout this server does not know is refused, and left alone.
    db.execute_batch("PRAGMA user_version = 3;")
        .expect("writes");
    drop(db);
    let problem = SqliteStore::open(&path).err().expect("refused");
    assert!(problem.0.contains("newer"), "{problem}");
    let db = rusqlite::Connection::open(&path).expect("opens");
    let version: i64 = db
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .expect("reads");
    assert_eq!(version, 3);
    let _ = std::fs::remove_dir_all(path.parent().expect("a folder"));
}

// scripts/test.sh runs these with PostgreSQL up (`store_players::postgres`).
#[test]
#[ignore = "needs PostgreSQL (scripts/services.sh); .ci/run runs it"]
fn postgres_keeps_results_ratings_and_histories() {
    let url = fresh_database("players");
    {
        let mut store = PostgresStore::open(&url, "a").expect("opens");
        fill(&mut store);
    }
    let mut store = PostgresStore::open(&url, "a").expect("opens again");
    check(&mut store);
    refused_on_a_fresh(&fresh_database("refused"));
    names_change_hands(&mut PostgresStore::open(&fresh_database("names"), "a").expect("opens"));
}

fn refused_on_a_fresh(url: &str) {
    refused(&mut PostgresStore::open(url, "a").expect("opens"));
    let mut store = PostgresStore::open(url, "a").expect("opens again");
    assert!(store.players().expect("reads").is_empty());
    assert!(store.open_rooms().expect("reads").rooms.is_empty());
}

#[test]
#[ignore = "needs PostgreSQL (scripts/services.sh); .ci/run runs it"]
fn postgres_is_brought_from_layout_1_with_its_rooms() {
    let url = fresh_database("layout1");
    let mut old = postgres::Client::connect(&url, postgres::NoTls).expect("connects");
    old.batch_execute(
        "CREATE TABLE lineup_schema (version INTEGER NOT NULL);
         INSERT INTO lineup_schema (version) VALUES (1);
         CREATE TABLE rooms (
             id BIGSERIAL PRIMARY KEY,
             code TEXT NOT NULL,
             record TEXT NOT NULL,
             instance TEXT NOT NULL DEFAULT '',
             finished_at BIGINT,
             unreadable BOOLEAN NOT NULL DEFAULT FALSE
         );
         CREATE UNIQUE INDEX rooms_open ON rooms (code) WHERE finished_at IS NULL;
         CREATE INDEX rooms_instance ON rooms (instance) WHERE finished_at IS NULL;
         CREATE INDEX rooms_finished ON rooms (finished_at);
         CREATE TABLE instances (
             id TEXT PRIMARY KEY,
             address TEXT NOT NULL,
             beat_at TIMESTAMPTZ NOT NULL
         );",
    )
    .expect("layout 1");
    old.execute(
        "INSERT INTO rooms (code, record, instance) VALUES ($1, $2, 'a')",
        &[
            &RoomCode::from_number(21).as_str(),
            &old_record(21, &[3, 4]),
        ],
    )
    .expect("an open room");
    old.execute(
        "INSERT INTO rooms (code, record, instance, finished_at) VALUES ($1, $2, 'a', 5)",
        &[
            &RoomCode::from_number(22).as_str(),
            &old_record(22, &[0, 1, 0, 1, 0, 1, 0]),
        ],
    )
    .expect("a closed room");
    {
        let mut store = PostgresStore::open(&url, "a").expect("opens layout 1");
        let back = store.open_rooms().expect("reads");
        assert_eq!(back.rooms.len(), 1);
        assert_eq!(back.rooms[0].moves, vec![col(3), col(4)]);
        store
            .commit(&rooms(&[], &back.rooms, 50))
            .expect("files the old room");
        fill(&mut store);
        check(&mut store);
    }
    let version: i32 = old
        .query_one("SELECT version FROM lineup_schema", &[])
        .expect("reads")
        .get(0);
    assert_eq!(version, 2);
    let ended: Option<i64> = old
        .query_one(
            "SELECT ended_at FROM rooms WHERE finished_at IS NOT NULL AND game_id IS NULL",
            &[],
        )
        .expect("reads")
        .get(0);
    assert_eq!(ended, Some(5));
    old.execute("UPDATE lineup_schema SET version = 3", &[])
        .expect("writes");
    let problem = PostgresStore::open(&url, "a").err().expect("refused");
    assert!(problem.0.contains("newer"), "{problem}");
}
