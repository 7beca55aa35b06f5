//! The engine lab's match on real engine processes at a tiny node budget:
//! pairs played two at once, each logged, a stopped match resumed without
//! playing a logged pair again, and a stop obeyed. The long matches never
//! run here (docs/gomocup.md).

use super::gomocup::shared_openings;
use lineup_core::gomocup::arena::Entrant;
use lineup_core::gomocup::client::TimeControl;
use lineup_core::gomocup::lab::{self, LabMatch};
use lineup_core::gomocup::openings::Form;
use lineup_core::gomocup::sprt::Pentanomial;
use lineup_core::rules::RuleSet;
use std::collections::BTreeSet;
use std::time::Duration;

fn engine(name: &str, nodes: u32) -> Entrant {
    Entrant {
        name: name.into(),
        program: env!("CARGO_BIN_EXE_pbrain-lineup").into(),
        args: Vec::new(),
        info: vec![format!("max_node {nodes}")],
    }
}

fn tiny_match(log: &std::path::Path, pairs: usize) -> LabMatch {
    LabMatch {
        engines: [engine("A", 400), engine("B", 200)],
        rule: RuleSet::Renju,
        time: TimeControl {
            turn: Duration::from_secs(5),
            game: Some(Duration::from_secs(60)),
        },
        openings: shared_openings(Form::Absolute),
        pairs,
        jobs: 2,
        log: Some(log.to_path_buf()),
    }
}

#[test]
fn a_lab_match_logs_its_pairs_resumes_and_stops_when_told() {
    let folder = std::env::temp_dir().join(format!("lineup-lab-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a folder");
    let log = folder.join("pairs");
    let _ = std::fs::remove_file(&log);
    // Three pairs, two at once, stopped after the first two are in.
    let mut seen = Vec::new();
    lab::run(&tiny_match(&log, 3), &BTreeSet::new(), |pair| {
        seen.push(pair.clone());
        seen.len() < 2
    });
    assert_eq!(seen.len(), 2, "it stopped when told");
    let mut counted = Pentanomial::default();
    for pair in &seen {
        let (first, second) = pair.results().expect("both games played");
        counted.add(first, second);
        assert_eq!(
            [pair.games[0].number, pair.games[1].number],
            [2 * pair.index + 1, 2 * pair.index + 2]
        );
        assert!(pair.games.iter().all(|g| g.moves.len() > 10), "whole games");
    }
    // The log holds them, and a match started again plays only the rest.
    let logged = lab::logged(&log).expect("the log reads");
    let mut from_log = Pentanomial::default();
    for (_, first, second) in &logged {
        from_log.add(*first, *second);
    }
    assert_eq!(from_log, counted);
    let done: BTreeSet<usize> = logged.iter().map(|(k, _, _)| *k).collect();
    assert_eq!(done, seen.iter().map(|p| p.index).collect());
    let mut resumed = Vec::new();
    lab::run(&tiny_match(&log, 3), &done, |pair| {
        resumed.push(pair.index);
        true
    });
    let all: BTreeSet<usize> = done
        .iter()
        .copied()
        .chain(resumed.iter().copied())
        .collect();
    assert_eq!(
        all,
        (0..3).collect(),
        "every pair once: {done:?} then {resumed:?}"
    );
    assert_eq!(lab::logged(&log).expect("reads").len(), 3);
    let _ = std::fs::remove_dir_all(&folder);
}

#[test]
fn a_log_that_is_not_one_is_refused_with_its_line() {
    let folder = std::env::temp_dir().join(format!("lineup-lab-bad-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a folder");
    let log = folder.join("pairs");
    std::fs::write(&log, "pair 0: W L\npair 1: W X\n").expect("written");
    let problem = lab::logged(&log).expect_err("refused");
    assert!(problem.contains("line 2"), "{problem}");
    assert!(
        lab::logged(&folder.join("none"))
            .expect("no log yet")
            .is_empty()
    );
    let _ = std::fs::remove_dir_all(&folder);
}

/// The lab's books, Renju's and freestyle's: 2,000 openings each, every one
/// legal under its rule with no five or four to make (each side then
/// starts a real game), no two the same under the board's eight
/// symmetries, and the command that made the book on its first lines.
#[test]
fn the_lab_books_hold_two_thousand_distinct_quiet_openings() {
    use lineup_core::rules::gomoku::Move;
    use lineup_core::rules::symmetry::Symmetry;
    use lineup_core::rules::{Gomoku, Rules};
    for (name, rule) in [("renju", RuleSet::Renju), ("freestyle", RuleSet::Freestyle)] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("tests/data/gomoku/lab_{name}.txt"));
        let text = std::fs::read_to_string(&path).expect("the lab's book");
        assert!(
            text.contains(&format!(
                "--example make_lab_openings -- {name} 2000 --seed"
            )),
            "{name}: the command that made it"
        );
        let book = lineup_core::gomocup::openings::parse(&text, Form::Absolute, 15)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(book.len(), 2000, "{name}");
        let mut seen = BTreeSet::new();
        for (n, opening) in book.iter().enumerate() {
            assert!((3..=6).contains(&opening.len()), "{name} {n}: {opening:?}");
            let mut game = Gomoku::standard(rule);
            for &p in opening {
                assert_eq!(
                    game.play(Move::Stone(p)),
                    Ok(None),
                    "{name} {n}: {p:?} legal"
                );
            }
            let board = lineup_core::ai::gomoku::board::Board::from_position(&game);
            assert!(
                board.five_points(0, 1).is_empty() && board.five_points(1, 1).is_empty(),
                "{name} {n}: no four on the board"
            );
            let image = Symmetry::least_image(opening, 15);
            assert!(
                seen.insert(image),
                "{name} {n}: a repeat of an earlier opening"
            );
        }
    }
}
