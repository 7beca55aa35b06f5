//! Several instances on PostgreSQL and Redis: an instance killed with
//! SIGKILL in the middle of the games (every game finishes, no accepted
//! move is lost, its players reconnect elsewhere), and Redis restarted
//! empty (the games go on, rooms are found again).
//!
//! They need the two services: `eval "$(scripts/services.sh start DIR)"`
//! sets LINEUP_TEST_POSTGRES and LINEUP_TEST_REDIS, and `.ci/run` runs
//! them with `--ignored`.

use crate::player::{C4, Player, alternate, col};
use crate::server::ServerProcess;
use lineup_core::net::{Request, SeatSecret};
use lineup_server::bench::{self, BenchConfig};
use std::ffi::OsStr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const NEEDS: &str = "needs PostgreSQL and Redis (scripts/services.sh); .ci/run runs it";

fn service(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| panic!("{name} is not set: {NEEDS}"))
}

/// A database of its own for one test, made fresh; its URL (the store
/// tests' PostgreSQL databases too).
pub(crate) fn fresh_database(name: &str) -> String {
    let url = service("LINEUP_TEST_POSTGRES");
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).expect("PostgreSQL answers");
    let database = format!("lineup_{name}_{}", std::process::id());
    // One statement each: neither may run inside a transaction.
    for statement in [
        format!("DROP DATABASE IF EXISTS {database}"),
        format!("CREATE DATABASE {database}"),
    ] {
        admin.batch_execute(&statement).expect("a fresh database");
    }
    let (base, _) = url.rsplit_once('/').expect("a database in the URL");
    format!("{base}/{database}")
}

/// `count` instances sharing `database` and Redis at `redis`.
fn instances(count: usize, database: &str, redis: &str) -> Vec<ServerProcess> {
    (0..count)
        .map(|_| {
            ServerProcess::with(
                "127.0.0.1:0",
                &[
                    OsStr::new("--database"),
                    OsStr::new(database),
                    OsStr::new("--redis"),
                    OsStr::new(redis),
                ],
            )
        })
        .collect()
}

/// Redis's database `index` at the test server, emptied.
fn fresh_redis(base: &str, index: u8) -> String {
    let url = format!("{base}/{index}");
    let client = redis::Client::open(url.as_str()).expect("a Redis address");
    let mut connection = client.get_connection().expect("Redis answers");
    let _: () = redis::cmd("FLUSHDB")
        .query(&mut connection)
        .expect("emptied");
    url
}

#[test]
#[ignore = "needs PostgreSQL and Redis (scripts/services.sh); .ci/run runs it"]
fn an_instance_killed_mid_game_loses_no_move_and_every_game_finishes_elsewhere() {
    let database = fresh_database("kill");
    let redis = fresh_redis(&service("LINEUP_TEST_REDIS"), 1);
    let mut servers = instances(3, &database, &redis);
    let config = BenchConfig {
        servers: servers.iter().map(|s| s.address).collect(),
        games: 24,
        move_every: Duration::from_millis(300),
        seconds: 60,
        one_game_each: true,
    };
    let load = std::thread::spawn(move || bench::run(&config));
    // A few moves in, the first instance dies: a third of the hosts sit
    // there, and the guests sent on to them.
    std::thread::sleep(Duration::from_secs(3));
    servers[0].kill();
    let report = load.join().expect("the load ran").expect("it connected");
    assert_eq!(report.unconnected, 0, "{report:?}");
    assert_eq!(report.tally.finished, 24, "every game finishes: {report:?}");
    assert_eq!(report.tally.missing, 0, "no accepted move lost: {report:?}");
    assert_eq!(
        report.tally.lost, 0,
        "every move sent reached both: {report:?}"
    );
    assert!(report.tally.refusals.is_empty(), "{report:?}");
    assert!(
        !report.tally.reconnections.is_empty(),
        "players of the dead instance reconnected elsewhere: {report:?}"
    );
}

/// A `redis-server` of the test's own on `port`, keeping nothing.
fn redis_server(port: u16) -> Child {
    let child = Command::new("redis-server")
        .args(["--bind", "127.0.0.1", "--port", &port.to_string()])
        .args(["--save", "", "--appendonly", "no"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("redis-server starts (scripts/services.sh installs it)");
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "redis-server listens"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

/// Sends `request` and follows the server's "it lives elsewhere" until the
/// player is seated (or `limit` runs out: the registry may be rebuilding).
fn seat_following(server: std::net::SocketAddr, request: Request, limit: Duration) -> Player {
    let start = Instant::now();
    let mut target = server;
    loop {
        let mut player = Player::connect(target);
        player.send(request.clone());
        player.until("an answer", |p| {
            p.seat.is_some() || p.elsewhere.is_some() || !p.refusals.is_empty()
        });
        if player.seat.is_some() {
            player.until("the room", |p| p.room.is_some());
            return player;
        }
        if let Some(elsewhere) = &player.elsewhere {
            target = elsewhere.parse().expect("an address");
            continue;
        }
        assert!(
            start.elapsed() < limit,
            "never seated: {:?}",
            player.refusals
        );
        std::thread::sleep(Duration::from_millis(200));
        target = server;
    }
}

#[test]
#[ignore = "needs PostgreSQL and Redis (scripts/services.sh); .ci/run runs it"]
fn redis_restarted_empty_the_games_go_on_and_rooms_are_found_again() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let mut redis = redis_server(port);
    let database = fresh_database("redis");
    let servers = instances(2, &database, &format!("redis://127.0.0.1:{port}"));
    let (a, b) = (servers[0].address, servers[1].address);

    // Ann hosts on A; Bo asks B for her room and is sent on to A.
    let mut ann = Player::connect(a);
    let code = ann.host(C4, "Ann");
    let join = Request::Join {
        code,
        name: "Bo".into(),
        secret: SeatSecret::from_bytes([0xB0; 16]),
    };
    let mut bo = seat_following(b, join, Duration::from_secs(10));
    assert_eq!(bo.connection.server(), a, "Bo plays where the room lives");
    ann.until("Bo", |p| p.room.as_ref().is_some_and(|r| r.is_full()));
    alternate(&mut ann, &mut bo, &[col(3), col(3), col(4)], true);

    // Redis goes, and comes back empty: the game goes on meanwhile.
    let _ = redis.kill();
    let _ = redis.wait();
    alternate(&mut ann, &mut bo, &[col(4)], false);
    let mut redis = redis_server(port);
    alternate(&mut ann, &mut bo, &[col(5)], true);

    // Bo's seat is found again from B once A has mapped its rooms anew.
    let (_, _, secret) = bo.seat.expect("seated");
    drop(bo);
    let rejoin = Request::Rejoin { code, secret };
    let mut bo = seat_following(b, rejoin, Duration::from_secs(15));
    assert_eq!(bo.room.as_ref().expect("the room").moves.len(), 5);
    alternate(&mut ann, &mut bo, &[col(5)], false);
    alternate(&mut ann, &mut bo, &[col(6)], true);
    let game = ann.room.as_ref().expect("a room").replay().expect("legal");
    assert!(game.is_over(), "Ann's four in the bottom row");
    let _ = redis.kill();
    let _ = redis.wait();
}
