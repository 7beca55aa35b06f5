//! Several best lines through the Gomocup protocol (`pbrain-lineup`'s
//! `INFO multipv N`, and Yixin's `YXBOARD` + `YXNBEST N`): the `MESSAGE`
//! lines each completed depth tells are well-formed, distinct, legal and
//! best first, the answer is the first line's first move, the move's time
//! is kept, and without the option nothing more is said.

use lineup_core::ai::gomoku::{WIN, WON};
use lineup_core::gomocup::run_protocol;
use lineup_core::gomocup::wire;
use lineup_core::rules::gomoku::Move;
use lineup_core::rules::{Gomoku, Point, RuleSet, Rules, Side};
use std::time::{Duration, Instant};

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

/// Black (the engine, field 1) has a split three on Gomocup row 11 with
/// both ends open: filling the gap at 7,11 makes an open four, the one
/// winning move; White's three stones sit in far corners.
///
/// The wall-clock bounds below allow what Lineup's own manager allows, the
/// turn plus one second: this 2-core machine often runs other builds, and
/// an analysis that ignored the clock would run for minutes.
const OWN: [(u8, u8); 3] = [(5, 11), (6, 11), (8, 11)];
const THEIRS: [(u8, u8); 3] = [(0, 0), (14, 0), (0, 14)];
const WINNING: &str = "7,11";

fn board_lines() -> String {
    let mut text = String::new();
    for (list, field) in [(OWN, 1), (THEIRS, 2)] {
        for (x, y) in list {
            text.push_str(&format!("{x},{y},{field}\n"));
        }
    }
    text
}

fn position() -> Gomoku {
    let stones = OWN
        .iter()
        .map(|&(x, y)| (x, y, Side::First))
        .chain(THEIRS.iter().map(|&(x, y)| (x, y, Side::Second)))
        .map(|(x, y, side)| {
            let p = wire::point_at(i64::from(x), i64::from(y), 15).expect("on the board");
            (p, side)
        });
    Gomoku::with_stones(15, RuleSet::Freestyle, stones).expect("a position")
}

/// One `MESSAGE depth D multipv K ev E n N tm T pv x,y …` line.
#[derive(Clone, Debug)]
struct Told {
    depth: i32,
    k: usize,
    score: i32,
    ms: u64,
    pv: Vec<String>,
}

/// A told score as a number: `+Mn` / `-Mn` back to the search's scale.
fn score_of(text: &str) -> i32 {
    if let Some(n) = text.strip_prefix("+M") {
        WIN + 1 - n.parse::<i32>().expect("plies")
    } else if let Some(n) = text.strip_prefix("-M") {
        -(WIN + 1 - n.parse::<i32>().expect("plies"))
    } else {
        text.parse().unwrap_or_else(|_| panic!("a score: {text}"))
    }
}

fn parse_told(line: &str) -> Told {
    let words: Vec<&str> = line.split_whitespace().collect();
    let keys = ["depth", "multipv", "ev", "n", "tm", "pv"];
    assert!(words.len() >= 13, "too short: {line}");
    assert_eq!(words[0], "MESSAGE", "{line}");
    for (i, key) in keys.iter().enumerate() {
        assert_eq!(words[1 + 2 * i], *key, "{line}");
    }
    let number = |i: usize| -> u64 { words[i].parse().unwrap_or_else(|_| panic!("{line}")) };
    Told {
        depth: number(2) as i32,
        k: number(4) as usize,
        score: score_of(words[6]),
        ms: number(10),
        pv: words[12..].iter().map(|w| w.to_string()).collect(),
    }
}

/// Checks every told line against `position` and returns the last
/// depth's lines, best first. `turn_ms` is the manager's turn limit: the
/// engine thinks 60 ms less, a margin a loaded machine may eat into.
fn check_lines(told: &[String], position: &Gomoku, lines: usize, turn_ms: u64) -> Vec<Told> {
    let parsed: Vec<Told> = told.iter().map(|l| parse_told(l)).collect();
    assert!(!parsed.is_empty(), "no lines told");
    let mut groups: Vec<Vec<&Told>> = Vec::new();
    for t in &parsed {
        match groups.last_mut() {
            Some(group) if group[0].depth == t.depth => group.push(t),
            _ => groups.push(vec![t]),
        }
    }
    let mut last_depth = 0;
    for group in &groups {
        let depth = group[0].depth;
        assert!(depth > last_depth, "depths rise: {told:?}");
        last_depth = depth;
        assert!(group.len() <= lines, "at most {lines} lines: {told:?}");
        for (i, t) in group.iter().enumerate() {
            assert_eq!(t.k, i + 1, "numbered from 1: {told:?}");
            assert!(t.ms <= turn_ms, "told after the turn's time: {t:?}");
            // Legal from the position, and nothing after a five.
            let mut board = position.clone();
            for (j, text) in t.pv.iter().enumerate() {
                let p: Point = wire::parse_point(text, 15).expect("x,y");
                let outcome = board
                    .play(Move::Stone(p))
                    .unwrap_or_else(|e| panic!("{text} in {:?}: {e}", t.pv));
                if outcome.is_some() {
                    assert_eq!(j + 1, t.pv.len(), "moves after the five: {t:?}");
                }
            }
        }
        // Distinct first moves, best first.
        let mut firsts: Vec<&String> = group.iter().map(|t| &t.pv[0]).collect();
        firsts.sort();
        firsts.dedup();
        assert_eq!(firsts.len(), group.len(), "distinct lines: {group:?}");
        assert!(
            group.windows(2).all(|w| w[0].score >= w[1].score),
            "best first: {group:?}"
        );
    }
    groups
        .pop()
        .expect("a depth")
        .into_iter()
        .cloned()
        .collect()
}

#[test]
fn info_multipv_tells_the_lines_and_plays_the_first() {
    let script = format!(
        "START 15\nINFO rule 0\nINFO timeout_turn 500\nINFO multipv 3\nBOARD\n{}DONE\nEND\n",
        board_lines()
    );
    let started = Instant::now();
    let out = answers(&script);
    // 500 ms less the margin: 440 ms of thinking, then the answer.
    assert!(
        started.elapsed() < Duration::from_millis(500 + 1000),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(out[0], "OK");
    let (answer, told) = out[1..].split_last().expect("an answer");
    assert!(told.iter().all(|l| l.starts_with("MESSAGE ")), "{out:?}");
    let last = check_lines(told, &position(), 3, 500);
    assert_eq!(last.len(), 3, "three lines: {out:?}");
    assert_eq!(last[0].pv[0], WINNING, "the win first: {out:?}");
    assert!(last[0].score >= WON, "proven: {out:?}");
    assert!(last[1..].iter().all(|t| t.score < WON), "one win: {out:?}");
    assert_eq!(answer, WINNING);
}

#[test]
fn without_the_option_nothing_more_is_said() {
    for option in ["", "INFO multipv 1\n", "INFO show_detail 1\n"] {
        let script = format!(
            "START 15\nINFO rule 0\nINFO timeout_turn 300\n{option}BOARD\n{}DONE\nEND\n",
            board_lines()
        );
        assert_eq!(answers(&script), ["OK", WINNING], "with '{option}'");
    }
}

/// As Yixin Board asks: `INFO show_detail 1`, the position with `YXBOARD`
/// (no answer), then `YXNBEST 2`, whose move is played; `YXBOARD` with its
/// stones and `DONE` on one line too.
#[test]
fn yxboard_then_yxnbest_as_yixin_board_sends_them() {
    let inline: Vec<String> = board_lines().lines().map(str::to_string).collect();
    let script = format!(
        "START 15\nINFO show_detail 1\nINFO timeout_turn 400\nYXBOARD\n{}DONE\nYXNBEST 2\n\
         TAKEBACK {WINNING}\nYXBOARD {} DONE\nYXNBEST 2\nEND\n",
        board_lines(),
        inline.join(" ")
    );
    let out = answers(&script);
    assert_eq!(out[0], "OK");
    // The first YXNBEST's lines, its answer, OK for the takeback (the move
    // was played), then the second's.
    let answers_at: Vec<usize> = out
        .iter()
        .enumerate()
        .filter(|(_, l)| !l.starts_with("MESSAGE "))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(answers_at.len(), 4, "OK, move, OK, move: {out:?}");
    let [_, first, ok, second] = answers_at[..] else {
        unreachable!()
    };
    assert_eq!(out[first], WINNING, "{out:?}");
    assert_eq!(
        out[ok], "OK",
        "the answer was played, so taken back: {out:?}"
    );
    assert_eq!(out[second], WINNING, "{out:?}");
    for range in [1..first, ok + 1..second] {
        let (realtime, told): (Vec<String>, Vec<String>) = out[range]
            .iter()
            .cloned()
            .partition(|l| l.starts_with("MESSAGE REALTIME "));
        let last = check_lines(&told, &position(), 2, 400);
        assert_eq!(last.len(), 2, "{out:?}");
        assert_eq!(last[0].pv[0], WINNING);
        // Yixin Board's mark of the best point, after each depth.
        assert_eq!(
            realtime.last().map(String::as_str),
            Some("MESSAGE REALTIME BEST 7,11"),
            "{out:?}"
        );
    }
}

#[test]
fn yxnbest_needs_a_board_and_a_number() {
    let out = answers("YXNBEST 2\nSTART 15\nYXNBEST\nYXNBEST two\nEND\n");
    assert_eq!(out[0], "ERROR no board yet: send START first");
    assert_eq!(out[1], "OK");
    assert!(out[2].starts_with("ERROR YXNBEST needs"), "{out:?}");
    assert!(out[3].starts_with("ERROR YXNBEST needs"), "{out:?}");
    assert_eq!(out.len(), 4);
}

/// A quiet opening, no quick proof to end the analysis early: the answer
/// still comes within the move's time, legal, and is the first line's.
#[test]
fn the_lines_keep_the_moves_time() {
    let script = "START 15\nINFO rule 4\nINFO timeout_turn 300\nINFO multipv 4\n\
                  BOARD\n7,7,1\n8,7,2\n8,8,1\n6,6,2\nDONE\nEND\n";
    let started = Instant::now();
    let out = answers(script);
    assert!(
        started.elapsed() < Duration::from_millis(300 + 1000),
        "{:?}",
        started.elapsed()
    );
    let (answer, told) = out[1..].split_last().expect("an answer");
    let stones = [
        (7, 7, Side::First),
        (8, 7, Side::Second),
        (8, 8, Side::First),
        (6, 6, Side::Second),
    ]
    .map(|(x, y, side)| (wire::point_at(x, y, 15).expect("on the board"), side));
    let position = Gomoku::with_stones(15, RuleSet::Renju, stones).expect("a position");
    let last = check_lines(told, &position, 4, 300);
    assert_eq!(last.len(), 4, "{out:?}");
    assert_eq!(*answer, last[0].pv[0], "{out:?}");
}
