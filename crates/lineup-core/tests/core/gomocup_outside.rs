//! Another Gomocup engine as the analysis board's and review's engine
//! (`gomocup::{told, outside}`, `analysis::thinking::think_outside`): the
//! lines engines tell read in Lineup's and Rapfi's forms, and a real
//! second engine process (`pbrain-lineup`, started as any outside engine
//! is) thinking aloud for the analysis board and judging a game for review.

use lineup_core::ai::review::gomoku::GomokuJudging;
use lineup_core::ai::review::{Reviewer, Worth};
use lineup_core::analysis::thinking::{LineScore, think_outside};
use lineup_core::gomocup::outside::OutsideJudge;
use lineup_core::gomocup::registry::EngineEntry;
use lineup_core::gomocup::told::{ToldLine, ToldScore, read_line};
use lineup_core::rules::gomoku::Move;
use lineup_core::rules::{BoardMove, Game, Gomoku, MatchGame, Point, RuleSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// `H8`-style: x from the letter, y the number less one from the top.
fn at(x: u8, y_from_top: u8) -> Point {
    Point::new(x, 14 - y_from_top)
}

#[test]
fn lineup_s_and_rapfi_s_lines_are_read() {
    let lineup = read_line(
        "depth 7 multipv 2 ev 2497 n 15040 tm 181 pv 7,10 7,11 8,9",
        15,
    );
    assert_eq!(
        lineup,
        Some(ToldLine {
            depth: 7,
            rank: 2,
            score: ToldScore::Estimate(2497),
            moves: vec![at(7, 10), at(7, 11), at(8, 9)],
        })
    );
    let mate = read_line("depth 3 multipv 1 ev -M4 n 10 tm 1 pv 1,1", 15).expect("a line");
    assert_eq!(mate.score, ToldScore::LosesAt(4));
    let several = read_line("(2) -109 | 12-24 | J7 J8 K8", 15).expect("Rapfi's line");
    assert_eq!(
        several,
        ToldLine {
            depth: 12,
            rank: 2,
            score: ToldScore::Estimate(-109),
            moves: vec![at(9, 6), at(9, 7), at(10, 7)],
        }
    );
    let one = read_line("Depth 15-36 | Eval -96 | Time 1470ms | G8 H10 H7", 15).expect("a line");
    assert_eq!(
        (one.depth, one.rank, one.score),
        (15, 1, ToldScore::Estimate(-96))
    );
    assert_eq!(one.moves, vec![at(6, 7), at(7, 9), at(7, 6)]);
    let uci = read_line("depth 14-25 ev +M7 n 522K n/ms 538 tm 970 pv H8 I9", 15).expect("a line");
    assert_eq!((uci.rank, uci.score), (1, ToldScore::WinsAt(7)));
    // Not lines: the rest of what engines say.
    for text in [
        "Speed 538K | Depth 14-25 | Eval -95 | Node 522K | Time 970ms",
        "Bestline G8 G9 I7",
        "Rapfi 0.43",
        "REALTIME BEST 7,7",
        "",
    ] {
        assert_eq!(read_line(text, 15), None, "{text}");
    }
    // A line is cut at the first move off the board.
    let cut = read_line("(1) 5 | 3-3 | H8 Z99 I9", 15).expect("a line");
    assert_eq!(cut.moves, vec![at(7, 7)]);
}

/// `pbrain-lineup` as any other engine would be listed.
fn second_engine() -> EngineEntry {
    EngineEntry {
        name: "second".into(),
        path: PathBuf::from(env!("CARGO_BIN_EXE_pbrain-lineup")),
        args: Vec::new(),
    }
}

fn renju(moves: &str) -> MatchGame {
    let mut game = Game::new(Gomoku::standard(RuleSet::Renju));
    for p in moves.split_whitespace() {
        let p = Point::parse(p).expect("a point");
        game.play(Move::Stone(p)).expect("a legal move");
    }
    MatchGame::Gomoku(game)
}

#[test]
fn a_second_engine_thinks_aloud_for_the_analysis_board() {
    let game = renju("h8 i9 h9 h10 g8 i8");
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let mut reports = Vec::new();
    let result = think_outside(&game, &second_engine(), 3, &stop, &mut |report| {
        let enough = report.lines.len() == 3 && report.depth >= 4;
        reports.push(report);
        // Seen enough: the analysis moves on, as when the position changes.
        if enough {
            stop.store(true, Ordering::Relaxed);
        }
    });
    assert!(result.is_ok(), "{result:?}");
    let last = reports.last().expect("the engine told its lines");
    assert_eq!(last.engine.as_deref(), Some("second"));
    assert_eq!(last.lines.len(), 3, "{last:?}");
    assert!(last.depth >= 4);
    // Best first, each a different move, each replaying from the position.
    let ranks: Vec<i64> = last.lines.iter().map(|l| l.score.rank()).collect();
    assert!(ranks.windows(2).all(|w| w[0] >= w[1]), "{ranks:?}");
    let firsts: Vec<BoardMove> = last.lines.iter().map(|l| l.moves[0]).collect();
    assert!(
        firsts
            .iter()
            .enumerate()
            .all(|(n, m)| !firsts[..n].contains(m))
    );
    for line in &last.lines {
        let mut replay = game.clone();
        for &mv in &line.moves {
            replay.play(mv).expect("a line replays");
        }
        assert!(matches!(
            line.score,
            LineScore::Estimate { .. } | LineScore::Wins { .. } | LineScore::Loses { .. }
        ));
    }
    // Stopped, it ends: an engine that does not listen while it thinks is
    // ended after the grace.
    assert!(started.elapsed() < Duration::from_secs(30));
}

#[test]
fn a_second_engine_judges_a_game_for_review() {
    // Black wins with its fifth stone in a row.
    let MatchGame::Gomoku(played) = renju("h8 a1 i8 a2 j8 a3 k8 a15") else {
        unreachable!()
    };
    let game = MatchGame::Gomoku(played);
    let judge = OutsideJudge::new(second_engine());
    let mut reviewer = Reviewer::with_judge(&game, Box::new(judge));
    let stop = AtomicBool::new(false);
    let mut found = Vec::new();
    while let Some(step) = reviewer.next(&stop) {
        found.push(step);
    }
    assert_eq!(found.len(), 9, "every position, the last first");
    // Black to move with an open four: a win the engine sees and plays.
    let open_four = found.iter().find(|s| s.position == 8).expect("judged");
    assert!(
        matches!(open_four.worth, Worth::Wins { .. }),
        "{:?}",
        open_four.worth
    );
    assert!(
        matches!(open_four.best, Some(BoardMove::Point(p)) if p == Point::parse("l8").unwrap() || p == Point::parse("g8").unwrap())
    );
    // The first positions got a value of the engine's, in Lineup's units.
    let start = found.iter().find(|s| s.position == 1).expect("judged");
    assert!(matches!(start.worth, Worth::Score(_)), "{:?}", start.worth);
}

#[test]
fn an_engine_that_cannot_start_is_a_fault_not_a_hang() {
    let missing = EngineEntry {
        name: "gone".into(),
        path: PathBuf::from("/nonexistent/pbrain-gone"),
        args: Vec::new(),
    };
    let stop = AtomicBool::new(false);
    let result = think_outside(&renju("h8"), &missing, 2, &stop, &mut |_| {});
    assert!(result.is_err());
    let mut judge = OutsideJudge::new(missing);
    let MatchGame::Gomoku(game) = renju("h8 i9") else {
        unreachable!()
    };
    assert_eq!(
        judge.worth(game.position(), &stop),
        Some((Worth::Unknown, None))
    );
    assert!(
        judge
            .trouble()
            .is_some_and(|t| t.contains("could not be started")),
        "{:?}",
        judge.trouble()
    );
}
