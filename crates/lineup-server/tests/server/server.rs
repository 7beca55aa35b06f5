//! Whole games through the server over WebSockets on 127.0.0.1: moves
//! checked by the rules, each room seen by its own players only, a seat
//! taken back after a dropped connection, and a `lineup-server` process
//! killed with SIGKILL and started again on its database losing nothing.

use crate::player::{C4, Player, RENJU, alternate, col, pt, server, table};
use lineup_core::net::{Refusal, Request};
use lineup_core::rules::{Ending, Foul, MoveError, Side};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

#[test]
fn two_players_play_connect_four_and_each_sees_only_their_room() {
    let server = server();
    let (mut ann, mut bo) = table(server.address(), C4);
    let room = bo.room.clone().expect("a room");
    assert_eq!(room.names, [Some("Ann".into()), Some("Bo".into())]);
    assert_eq!(bo.seat.map(|s| s.1), Some(Side::Second));

    assert_eq!(bo.play(col(3)), Some(Refusal::NotYourTurn));
    alternate(&mut ann, &mut bo, &[col(3); 6], true);
    assert_eq!(
        ann.play(col(3)),
        Some(Refusal::Rules(MoveError::ColumnFull { column: 3 }))
    );
    // A third player in a room of their own is told nothing of Ann's.
    let mut cy = Player::connect(server.address());
    let other = cy.host(RENJU, "Cy");
    assert_ne!(Some(other), ann.seat.map(|s| s.0));
    alternate(&mut ann, &mut bo, &[0, 1, 0, 1, 0, 1, 0].map(col), true);
    for player in [&ann, &bo] {
        let room = player.room.as_ref().expect("a room");
        assert_eq!(room.moves.len(), 13);
        let game = room.replay().expect("a legal history");
        assert_eq!(game.ending(), Some(Ending::Win(Side::First)));
    }
    cy.settle(Duration::from_millis(300));
    assert_eq!(cy.room.as_ref().map(|r| r.code), Some(other));
    assert_eq!(cy.moves(), 0);
}

#[test]
fn a_renju_game_refuses_blacks_double_three_and_goes_on_to_the_five() {
    let server = server();
    let (mut ann, mut bo) = table(server.address(), RENJU);
    let opening = ["g8", "a1", "h8", "a3", "j6", "o1", "j7", "o15"].map(pt);
    alternate(&mut ann, &mut bo, &opening, true);
    assert_eq!(
        ann.play(pt("j8")),
        Some(Refusal::Rules(MoveError::Forbidden(Foul::DoubleThree)))
    );
    bo.settle(Duration::from_millis(200));
    assert_eq!(bo.moves(), 8, "a refused move reaches nobody");
    alternate(
        &mut ann,
        &mut bo,
        &["f8", "e8", "i8", "a5", "j8"].map(pt),
        true,
    );
    let game = bo.room.as_ref().expect("a room").replay().expect("legal");
    assert_eq!(game.ending(), Some(Ending::Win(Side::First)));
}

#[test]
fn a_dropped_player_takes_the_seat_back_with_every_move_and_finishes() {
    let server = server();
    let (mut ann, mut bo) = table(server.address(), C4);
    alternate(&mut ann, &mut bo, &[col(3), col(3), col(4)], true);
    let (code, _, secret) = bo.seat.expect("seated");
    let before = bo.room.clone().expect("a room").moves;
    drop(bo);
    ann.until("Bo away", |p| {
        p.room.as_ref().is_some_and(|r| r.present == [true, false])
    });

    let mut again = Player::connect(server.address());
    again.send(Request::Rejoin { code, secret });
    again.until("the room again", |p| p.room.is_some());
    assert_eq!(again.room.as_ref().expect("a room").moves, before);
    ann.until("Bo back", |p| {
        p.room.as_ref().is_some_and(|r| r.present == [true, true])
    });
    // A wrong secret gets nobody's seat.
    let mut thief = Player::connect(server.address());
    thief.send(Request::Rejoin {
        code,
        secret: {
            let mut bytes = secret.to_bytes();
            bytes[0] ^= 1;
            lineup_core::net::SeatSecret::from_bytes(bytes)
        },
    });
    thief.until("a refusal", |p| !p.refusals.is_empty());
    assert_eq!(thief.refusals, vec![Refusal::WrongSecret]);
    alternate(&mut ann, &mut again, &[3, 5, 0, 2].map(col), false);
    let game = ann.room.as_ref().expect("a room").replay().expect("legal");
    assert_eq!(game.ending(), Some(Ending::Win(Side::First)));
}

/// A `lineup-server` process on 127.0.0.1 keeping its rooms in `database`.
pub struct ServerProcess {
    child: Child,
    pub address: std::net::SocketAddr,
}

impl ServerProcess {
    pub fn start(bind: &str, database: &std::path::Path) -> ServerProcess {
        ServerProcess::with(
            bind,
            &[std::ffi::OsStr::new("--database"), database.as_os_str()],
        )
    }

    /// With these arguments after `--bind`.
    pub fn with(bind: &str, args: &[&std::ffi::OsStr]) -> ServerProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_lineup-server"))
            .args(["--bind", bind])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("lineup-server starts");
        let mut lines = BufReader::new(child.stdout.take().expect("piped")).lines();
        let line = lines
            .next()
            .and_then(Result::ok)
            .expect("lineup-server says where it listens");
        let address = line
            .split_whitespace()
            .nth(4)
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("an address in {line:?}"));
        ServerProcess { child, address }
    }
}

impl ServerProcess {
    /// SIGKILL, as in a crash.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        // SIGKILL: no chance to tidy up, as in a crash.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_server_killed_with_sigkill_and_started_again_loses_no_accepted_move() {
    let folder = std::env::temp_dir().join(format!("lineup-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let database = folder.join("server.sqlite3");
    let first = ServerProcess::start("127.0.0.1:0", &database);
    let (mut ann, mut bo) = table(first.address, C4);
    let moves = [3, 3, 4, 4, 5].map(col);
    alternate(&mut ann, &mut bo, &moves, true);
    let seats = [ann.seat.expect("seated"), bo.seat.expect("seated")];
    let port = first.address.port();
    // The last move was seen by both: the server is killed right after.
    drop(first);
    for player in [&mut ann, &mut bo] {
        player.until("the lost connection", |p| p.lost.is_some());
    }
    let second = ServerProcess::start(&format!("127.0.0.1:{port}"), &database);
    let mut players = seats.map(|(code, _, secret)| {
        let mut player = Player::connect(second.address);
        player.send(Request::Rejoin { code, secret });
        player.until("the room back", |p| p.room.is_some());
        player
    });
    for player in &players {
        assert_eq!(player.room.as_ref().expect("a room").moves, moves.to_vec());
    }
    let [ann, bo] = &mut players;
    // Bo plays on, and Ann's four in the bottom row ends it.
    alternate(ann, bo, &[col(0), col(6)], false);
    let game = ann.room.as_ref().expect("a room").replay().expect("legal");
    assert_eq!(game.ending(), Some(Ending::Win(Side::First)));
    drop(second);
    let _ = std::fs::remove_dir_all(&folder);
}
