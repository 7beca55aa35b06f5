//! The Gomocup protocol (`lineup_core::gomocup::run_protocol` and the
//! `pbrain-lineup` binary): a whole game through the protocol, BOARD,
//! TAKEBACK, YXSHOWFORBID, and malformed commands.

use lineup_core::ai::gomoku::GomokuEngine;
use lineup_core::ai::{Level, PlayRng};
use lineup_core::gomocup::run_protocol;
use lineup_core::rules::gomoku::Move;
use lineup_core::rules::{Gomoku, Point, RuleSet, Rules, Side};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The answers to a fixed script, one string per line.
fn answers(script: &str) -> Vec<String> {
    let mut out = Vec::new();
    run_protocol(script.as_bytes(), &mut out).expect("protocol");
    String::from_utf8(out)
        .expect("utf-8")
        .lines()
        .map(str::to_string)
        .collect()
}

/// A Gomocup `x,y` answer as our point on a `size` board.
fn parse_move(line: &str, size: u8) -> Point {
    let (x, y) = line
        .split_once(',')
        .unwrap_or_else(|| panic!("not a move: {line}"));
    let x: u8 = x.trim().parse().expect("x");
    let y: u8 = y.trim().parse().expect("y");
    assert!(x < size && y < size, "off the board: {line}");
    Point::new(x, size - 1 - y)
}

fn gomocup(p: Point, size: u8) -> String {
    format!("{},{}", p.x, size - 1 - p.y)
}

/// The protocol engine plays Black (BEGIN) against our own engine at Easy
/// through a pipe, until somebody makes five; every answer must be a legal
/// move, and a TAKEBACK in the middle must be answered OK. The manager
/// allows two threads.
#[test]
fn whole_game_through_the_protocol() {
    let (in_reader, mut in_writer) = std::io::pipe().expect("pipe");
    let (out_reader, out_writer) = std::io::pipe().expect("pipe");
    let thread = std::thread::spawn(move || run_protocol(BufReader::new(in_reader), out_writer));
    let mut lines = BufReader::new(out_reader).lines();
    let mut say = |text: &str| writeln!(in_writer, "{text}").expect("write");
    let mut next = move || lines.next().expect("an answer").expect("read");

    say("START 15");
    assert_eq!(next(), "OK");
    say("INFO timeout_turn 150");
    say("INFO rule 1");
    // Two threads where the machine has them (Lazy SMP through one table).
    say("INFO thread_num 2");
    say("BEGIN");
    let mut game = Gomoku::new(15, RuleSet::ExactFive).expect("board");
    let mut opponent = GomokuEngine::new();
    let mut rng = PlayRng::new(11);
    let stop = AtomicBool::new(false);
    let mut theirs = parse_move(&next(), 15);
    let mut took_back = false;
    let mut finished = false;
    for _ in 0..120 {
        match game.play(Move::from(theirs)) {
            Ok(Some(_)) => {
                finished = true;
                break;
            }
            Ok(None) => {}
            Err(e) => panic!("protocol engine played {theirs}: {e}"),
        }
        let Some(mine) = opponent.choose_move(
            &game,
            Level::Easy,
            &mut rng,
            &stop,
            Duration::from_millis(30),
        ) else {
            break;
        };
        if !took_back && game.stones() == 9 {
            // Take back the engine's last stone and let it think again.
            say(&format!("TAKEBACK {}", gomocup(theirs, 15)));
            assert_eq!(next(), "OK");
            game.unplay(Move::from(theirs));
            took_back = true;
            let again = game.clone();
            assert_eq!(again.to_move(), Side::First);
            // Our side to move is the engine's again: ask with a BOARD.
            say("BOARD");
            let mut stones = Vec::new();
            for y in 0..15 {
                for x in 0..15 {
                    let p = Point::new(x, y);
                    if let Some(side) = game.at(p) {
                        stones.push((p, side));
                    }
                }
            }
            for (p, side) in stones {
                let field = if side == Side::First { 1 } else { 2 };
                say(&format!("{},{field}", gomocup(p, 15)));
            }
            say("DONE");
            theirs = parse_move(&next(), 15);
            continue;
        }
        match game.play(Move::from(mine)) {
            Ok(Some(_)) => {
                finished = true;
                break;
            }
            Ok(None) => {}
            Err(e) => panic!("test engine played {mine}: {e}"),
        }
        say(&format!("TURN {}", gomocup(mine, 15)));
        theirs = parse_move(&next(), 15);
    }
    assert!(took_back, "the game lasted long enough to take back");
    assert!(finished, "somebody made five");
    say("END");
    drop(in_writer);
    thread.join().expect("thread").expect("protocol");
}

#[test]
fn yxshowforbid_lists_blacks_fouls() {
    // Gomocup rows count from the top: our row r is Gomocup row 15 - r.
    // Black (the opponent, field 2) has a four on column m that White (the
    // engine) must block at m6, a double-three at h8 and an overline at g3.
    let black = "m2 m3 m4 m5 f8 g8 h9 h10 d3 e3 f3 h3 i3";
    let white = "m1 a15 c15 e15 g15 i15 k15 o13 o11 o9 o7 o5";
    let mut script =
        String::from("START 15\nINFO rule 4\nINFO timeout_turn 300\nYXSHOWFORBID\nBOARD\n");
    for (list, field) in [(white, 1), (black, 2)] {
        for t in list.split_whitespace() {
            let p = Point::parse(t).expect("point");
            script.push_str(&format!("{},{field}\n", gomocup(p, 15)));
        }
    }
    script.push_str("DONE\nYXSHOWFORBID\nEND\n");
    let out = answers(&script);
    assert_eq!(out[0], "OK");
    assert_eq!(out[1], "FORBID .", "empty board");
    assert_eq!(out[2], "12,9", "White blocks the four at m6");
    // h8 = (7, 7), g3 = (6, 12) in Gomocup coordinates, sorted by row.
    assert_eq!(out[3], "FORBID 07070612.");
    assert_eq!(out.len(), 4);
}

#[test]
fn malformed_commands_get_error() {
    let out = answers(
        "TURN 7,7\nSTART abc\nSTART 30\nRECTSTART 15,20\nRECTSTART 15,15\n\
         TURN 7\nTURN x,y\nTURN 15,3\nINFO timeout_turn soon\nINFO\n\
         BOARD\n1,2\n3,3,7\nDONE\nTAKEBACK 1,1\nFROBNICATE\nEND\n",
    );
    let errors = out.iter().filter(|l| l.starts_with("ERROR ")).count();
    assert_eq!(out[0], "ERROR no board yet: send START first");
    assert!(out[1].starts_with("ERROR "), "{out:?}");
    assert!(out[2].starts_with("ERROR unsupported size 30"), "{out:?}");
    assert!(out[3].starts_with("ERROR only square"), "{out:?}");
    assert_eq!(out[4], "OK");
    // TURN 7, TURN x,y, TURN 15,3, INFO soon, INFO alone, two bad BOARD
    // lines, TAKEBACK of an empty point; DONE on an empty board plays.
    assert_eq!(errors, 4 + 8, "{out:?}");
    assert_eq!(
        out.last().map(String::as_str),
        Some("UNKNOWN command FROBNICATE")
    );
}

#[test]
fn about_restart_and_rule_bits() {
    let out = answers("ABOUT\nSTART 9\nINFO rule 4\nBEGIN\nRESTART\nBEGIN\nEND\nBEGIN\n");
    assert!(out[0].starts_with("name=\"pbrain-lineup\""), "{out:?}");
    assert!(out[0].contains("author=\"Lineup\""));
    assert_eq!(out[1], "OK");
    assert_eq!(out[2], "4,4", "the centre of 9x9");
    assert_eq!(out[3], "OK");
    assert_eq!(out[4], "4,4");
    assert_eq!(out.len(), 5, "nothing after END");
}

#[test]
fn the_binary_answers_on_stdin() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-lineup"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn pbrain-lineup");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"ABOUT\nSTART 15\nINFO timeout_turn 200\nBEGIN\nTURN 8,8\nEND\n")
        .expect("write");
    let output = child.wait_with_output().expect("run");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].starts_with("name=\"pbrain-lineup\""));
    assert_eq!(lines[1], "OK");
    assert_eq!(lines[2], "7,7");
    let reply = parse_move(lines[3], 15);
    assert!(
        reply != Point::new(7, 7) && reply != Point::new(8, 6),
        "{text}"
    );
}
