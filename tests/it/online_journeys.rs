//! Online play as two players meet it: two real game windows, each in a
//! display of its own, typing an address and a room code into Play online
//! and clicking the board, through a real `lineup-server` on 127.0.0.1 or a
//! game one of them hosts. Killing a window or the server mid-game loses no
//! move the server had accepted.

use crate::at;
use crate::journey::{Journey, SoundOut};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// A `lineup-server` process on 127.0.0.1.
struct Server {
    child: Child,
    address: String,
    lines: mpsc::Receiver<String>,
}

impl Server {
    /// Starts the server on `bind` with its rooms in `rooms`; waits until it
    /// listens.
    fn start(bind: &str, rooms: &Path) -> Server {
        let mut child = Command::new(crate::lineup_server())
            .args(["--bind", bind, "--database"])
            .arg(rooms.join("server.sqlite3"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("lineup-server starts");
        let (send, lines) = mpsc::channel();
        for stream in [
            Box::new(child.stdout.take().expect("piped")) as Box<dyn std::io::Read + Send>,
            Box::new(child.stderr.take().expect("piped")),
        ] {
            let send = send.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines().map_while(Result::ok) {
                    if send.send(line).is_err() {
                        break;
                    }
                }
            });
        }
        let mut server = Server {
            child,
            address: String::new(),
            lines,
        };
        let line = server.wait_for("listening on");
        server.address = line
            .split_whitespace()
            .nth(4)
            .expect("the address after 'listening on'")
            .to_string();
        server
    }

    fn wait_for(&mut self, needle: &str) -> String {
        loop {
            match self.lines.recv_timeout(Duration::from_secs(60)) {
                Ok(line) if line.contains(needle) => return line,
                Ok(_) => {}
                Err(_) => panic!("lineup-server never printed {needle:?}"),
            }
        }
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The room code in a "seated in room K7MQ2X as First" line.
fn room_code(line: &str) -> String {
    let after = line.split("seated in room ").nth(1).expect("a seated line");
    after.chars().take(6).collect()
}

/// A window that opens Play online and types `address`.
fn online_window(name: &str, address: &str) -> Journey {
    let mut window = Journey::new(name);
    window.launch(SoundOut::Nowhere, &["--menu", "online"]);
    window.wait_for("-> Some(Online)");
    // With no address remembered, the address field takes the typing.
    window.type_text(address);
    window
}

/// Clicks the middle column in `mover` and waits until both windows have
/// played move `ply` there.
fn play_centre(mover: &mut Journey, other: &mut Journey, ply: usize) {
    play(mover, other, at::BOARD_CENTRE, 4, ply);
}

/// Clicks `column` (at window pixel `at`) in `mover` and waits until both
/// windows have played move `ply` there.
fn play(mover: &mut Journey, other: &mut Journey, at: (u32, u32), column: u8, ply: usize) {
    mover.click(at.0, at.1);
    for window in [mover, other] {
        let line = window.wait_for(&format!("Move applied: column {column} by"));
        assert!(line.ends_with(&format!("(ply {ply})")), "{line}");
    }
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn two_windows_play_a_whole_game_through_lineup_server_surviving_kills_of_a_window_and_the_server()
{
    let rooms = std::env::temp_dir().join(format!("lineup-rooms-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&rooms);
    let mut server = Server::start("127.0.0.1:0", &rooms);

    // Ann opens a room on the server; Bo joins it with the code.
    let mut ann = online_window("online_ann", &server.address);
    ann.click_button(at::ROOM_ON_SERVER, "DialogRequest::HostOnServer");
    let code = room_code(&ann.wait_for("Online: seated in room"));
    ann.wait_for("Screen: Some(Title) -> Some(Game)");
    let mut bo = online_window("online_bo", &server.address);
    bo.key("Tab");
    bo.type_text(&code);
    bo.key("Return");
    bo.wait_for(&format!("Online: seated in room {code} as Second"));
    bo.wait_for("Screen: Some(Title) -> Some(Game)");
    // Ann's window learns of Bo from the server a moment later.
    ann.wait_for("joined");

    // Three moves, each seen by both windows.
    play_centre(&mut ann, &mut bo, 0);
    play_centre(&mut bo, &mut ann, 1);
    play_centre(&mut ann, &mut bo, 2);
    // Out of turn: Ann's click is not played.
    ann.click(at::BOARD_CENTRE.0, at::BOARD_CENTRE.1);
    ann.wait_for("Message: Wait for");

    // Bo's game is killed; Continue takes the seat back with every move.
    bo.kill();
    server.wait_for("left");
    bo.launch(SoundOut::Nowhere, &[]);
    bo.wait_for("-> Some(Main)");
    bo.key("Return");
    bo.wait_for("Match: Connect Four, Online vs Human, 3 moves");
    bo.wait_for(&format!("Online: seated in room {code} as Second"));
    bo.wait_for(&format!("Online: in room {code}, 3 moves"));
    // The screen is as it was: the room's line, Chat and Mute under the
    // board (light text at its foot, left of the board's middle).
    bo.wait_frames(30);
    let foot = bo
        .screen()
        .count_near_within([240, 242, 247], 40, 20..560, 755..795);
    assert!(foot > 300, "the online line is back: {foot} light pixels");
    play_centre(&mut bo, &mut ann, 3);

    // The server is killed and started again on its port: both windows
    // reconnect by themselves and the game goes on from move 5.
    let port = server
        .address
        .rsplit(':')
        .next()
        .expect("a port")
        .to_string();
    server.kill();
    let mut server = Server::start(&format!("127.0.0.1:{port}"), &rooms);
    assert!(
        server.address.ends_with(&port),
        "the same port: {}",
        server.address
    );
    for window in [&mut ann, &mut bo] {
        window.wait_for(&format!("Online: seated in room {code}"));
    }
    play_centre(&mut ann, &mut bo, 4);
    server.wait_for("plays column 4");
    // On to the end: Ann lines up the bottom row while Bo builds column 7.
    play(&mut bo, &mut ann, at::column(7), 7, 5);
    play(&mut ann, &mut bo, at::column(3), 3, 6);
    play(&mut bo, &mut ann, at::column(7), 7, 7);
    play(&mut ann, &mut bo, at::column(2), 2, 8);
    play(&mut bo, &mut ann, at::column(7), 7, 9);
    play(&mut ann, &mut bo, at::column(1), 1, 10);
    for window in [&mut ann, &mut bo] {
        window.wait_for("GamePhase: Some(Playing) -> Some(Over)");
    }
    server.wait_for("Red wins (11 moves)");
    ann.interrupt();
    bo.interrupt();
    let _ = std::fs::remove_dir_all(&rooms);
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn a_friend_plays_a_whole_game_hosted_in_a_window_with_an_undo() {
    let mut host = Journey::new("online_host");
    host.launch(SoundOut::Nowhere, &["--menu", "online"]);
    host.wait_for("-> Some(Online)");
    host.click_button(at::HOST_HERE, "DialogRequest::HostHere");
    let code = room_code(&host.wait_for("Online: seated in room"));
    let hosting = host
        .log
        .iter()
        .find(|line| line.contains("Online: hosting on"))
        .expect("the host says where it listens")
        .clone();
    let port = hosting
        .rsplit(':')
        .next()
        .expect("a port")
        .trim()
        .to_string();
    host.wait_for("Screen: Some(Title) -> Some(Game)");

    let mut friend = online_window("online_friend", &format!("127.0.0.1:{port}"));
    friend.key("Tab");
    friend.type_text(&code);
    friend.key("Return");
    friend.wait_for(&format!("Online: seated in room {code} as Second"));
    friend.wait_for("Screen: Some(Title) -> Some(Game)");
    host.wait_for("joined");
    // A whole game: Red builds the middle column, Yellow the next one.
    play_centre(&mut host, &mut friend, 0);
    play(&mut friend, &mut host, at::column(5), 5, 1);
    play_centre(&mut host, &mut friend, 2);
    // The host takes its move back: the friend is asked, and allows it.
    host.click(at::PANEL_UNDO.0, at::PANEL_UNDO.1);
    friend.click_button(at::ALLOW_UNDO, "RoomRequest::AllowUndo");
    for window in [&mut host, &mut friend] {
        window.wait_for("Moves taken back: 1");
    }
    // And plays again where it was, on to four in a row.
    play_centre(&mut host, &mut friend, 2);
    play(&mut friend, &mut host, at::column(5), 5, 3);
    play_centre(&mut host, &mut friend, 4);
    play(&mut friend, &mut host, at::column(5), 5, 5);
    play_centre(&mut host, &mut friend, 6);
    for window in [&mut host, &mut friend] {
        window.wait_for("GamePhase: Some(Playing) -> Some(Over)");
    }
    host.interrupt();
    friend.interrupt();
}

/// A window that opens Play online with a clock of `clock`, types
/// `address`, and `name` in place of the name field's.
fn pairing_window(window: &str, address: &str, name: &str, clock: &str) -> Journey {
    let mut journey = Journey::new(window);
    journey.launch(SoundOut::Nowhere, &["--menu", "online", "--clock", clock]);
    journey.wait_for("-> Some(Online)");
    journey.type_text(address);
    // Address → room code → name.
    journey.key("Tab");
    journey.key("Tab");
    for _ in 0.."Player".len() {
        journey.key("BackSpace");
    }
    journey.type_text(name);
    journey
}

/// The side in a "seated in room K7MQ2X as First" line.
fn seated_first(line: &str) -> bool {
    line.trim_end().ends_with("as First")
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn strangers_quick_pair_play_a_rated_game_to_the_flag_watched_by_a_third_then_rematch() {
    let rooms = std::env::temp_dir().join(format!("lineup-pairing-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&rooms);
    let mut server = Server::start("127.0.0.1:0", &rooms);

    // Two strangers ask for any Connect Four opponent on a 10-second clock.
    let mut ann = pairing_window("pairing_ann", &server.address, "Ann", "10s+0");
    let mut bo = pairing_window("pairing_bo", &server.address, "Bo", "10s+0");
    ann.click_button(at::QUICK_PAIR, "DialogRequest::QuickPair");
    ann.wait_for("Online: logged in as Ann (1500? / 1500? / 1500?)");
    ann.wait_for("Online: waiting for an opponent (10s+0)");
    bo.click_button(at::QUICK_PAIR, "DialogRequest::QuickPair");
    bo.wait_for("Online: logged in as Bo");
    let ann_seat = ann.wait_for("Online: seated in room");
    let bo_seat = bo.wait_for("Online: seated in room");
    let code = room_code(&ann_seat);
    assert_eq!(room_code(&bo_seat), code, "paired into one room");
    assert_ne!(seated_first(&ann_seat), seated_first(&bo_seat));
    server.wait_for("rated Connect Four (10s+0)");
    for window in [&mut ann, &mut bo] {
        window.wait_for("Screen: Some(Title) -> Some(Game)");
    }

    // A third person watches by the room's code.
    let mut cy = Journey::new("pairing_cy");
    cy.launch(SoundOut::Nowhere, &["--menu", "online"]);
    cy.wait_for("-> Some(Online)");
    cy.type_text(&server.address);
    cy.key("Tab");
    cy.type_text(&code);
    cy.click_button(at::WATCH, "DialogRequest::Watch");
    cy.wait_for(&format!("Online: watching room {code}"));
    cy.wait_for("Screen: Some(Title) -> Some(Game)");

    // Red's first move starts Yellow's clock; Yellow never moves.
    let (red, yellow) = if seated_first(&ann_seat) {
        (&mut ann, &mut bo)
    } else {
        (&mut bo, &mut ann)
    };
    play_centre(red, yellow, 0);
    cy.wait_for("Move applied: column 4 by");
    // The server's clock decides: Yellow's flag falls after ten seconds.
    server.wait_for("Red wins on time: Yellow's flag fell (1 moves)");
    let ratings = server.wait_for("ratings +");
    for window in [&mut ann, &mut bo, &mut cy] {
        window.wait_for("GamePhase: Some(Playing) -> Some(Over)");
    }
    assert!(
        ratings.contains("ratings +") && ratings.contains(" / -"),
        "{ratings}"
    );

    // Both ask for a rematch from the banner: a new room, colours swapped,
    // each player's new rating on show.
    for window in [&mut ann, &mut bo] {
        window.click_button(at::OVER_REMATCH, "RoomRequest::Rematch");
    }
    server.wait_for("rematch in room");
    let ann_again = ann.wait_for("Online: seated in room");
    let bo_again = bo.wait_for("Online: seated in room");
    assert_ne!(room_code(&ann_again), code);
    assert_eq!(
        seated_first(&ann_again),
        !seated_first(&ann_seat),
        "colours swap"
    );
    assert_eq!(seated_first(&bo_again), !seated_first(&bo_seat));
    let red_line = if seated_first(&ann_seat) {
        &mut ann
    } else {
        &mut bo
    };
    let rated = red_line.wait_for("Online: in room");
    assert!(
        !rated.contains("1500?"),
        "the winner's rating moved: {rated}"
    );
    for window in [&mut ann, &mut bo, &mut cy] {
        window.interrupt();
    }
    let _ = std::fs::remove_dir_all(&rooms);
}
