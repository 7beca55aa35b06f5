//! The analysis board's engine: the thinking's lines (legal, best first, a
//! known win first), and the threat search's forced lines replayed through
//! the rules, for VCF every attack a four and every defence the only block,
//! for VCT every defence the engine would consider still losing; Connect
//! Four's columns by exact value with a principal variation that wins.

use super::solver::test_set;
use lineup_core::analysis::thinking::{LineScore, MAX_LINES, ThinkingReport, think};
use lineup_core::analysis::threats::{
    ForcedWin, ThreatAnswer, ThreatKind, VCF_FOURS, line_start, threat_search,
};
use lineup_core::rules::{
    BoardMove, ConnectFour, ConnectFourSize, Ending, Game, Gomoku, MatchGame, Point, RuleSet, Side,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

fn points(text: &str) -> Vec<Point> {
    text.split_whitespace()
        .map(|t| Point::parse(t).unwrap_or_else(|e| panic!("bad point {t}: {e}")))
        .collect()
}

fn position_with(rule: RuleSet, black: &str, white: &str) -> Gomoku {
    let stones = points(black)
        .into_iter()
        .map(|p| (p, Side::First))
        .chain(points(white).into_iter().map(|p| (p, Side::Second)));
    Gomoku::with_stones(15, rule, stones).expect("a legal position")
}

fn gomoku(position: Gomoku) -> MatchGame {
    MatchGame::Gomoku(Game::new(position))
}

/// The cases of the tactics file whose expectation starts with `prefix`:
/// name, position and expectation.
fn tactics(prefix: &str) -> Vec<(String, Gomoku, String)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/gomoku_tactics.txt");
    let text = std::fs::read_to_string(path).expect("tactics file");
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .filter_map(|line| {
            let f: Vec<&str> = line.split('|').map(str::trim).collect();
            let rule = match f[1] {
                "freestyle" => RuleSet::Freestyle,
                "exact" => RuleSet::ExactFive,
                _ => RuleSet::Renju,
            };
            f[6].starts_with(prefix).then(|| {
                (
                    f[0].to_string(),
                    position_with(rule, f[3], f[4]),
                    f[6].to_string(),
                )
            })
        })
        .collect()
}

/// A Renju position from a move list such as `h8i9`.
fn renju_after(moves: &str) -> Gomoku {
    Gomoku::game_from_moves(Gomoku::standard(RuleSet::Renju), moves)
        .expect("legal moves")
        .position()
        .clone()
}

/// The points where `side` makes a winning line now, by the rules alone.
fn winning_points(position: &Gomoku, side: Side) -> Vec<Point> {
    let size = position.size() as i32;
    let at = |x: i32, y: i32| {
        (0..size).contains(&x)
            && (0..size).contains(&y)
            && position.at(Point::new(x as u8, y as u8)) == Some(side)
    };
    position
        .empty_points()
        .filter(|p| {
            [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
                let (x, y) = (p.x as i32, p.y as i32);
                let run = |s: i32| {
                    (1..)
                        .take_while(|&n| at(x + s * n * dx, y + s * n * dy))
                        .count()
                };
                position
                    .rule()
                    .wins(run(1) + run(-1) + 1, side == Side::First)
            })
        })
        .collect()
}

/// Whether `side` may play `p` (a Renju foul is refused to Black).
fn may_play(position: &Gomoku, side: Side, p: Point) -> bool {
    position.at(p).is_none() && (side == Side::Second || position.foul_at(p).is_none())
}

fn gomoku_position(game: &MatchGame) -> &Gomoku {
    match game {
        MatchGame::Gomoku(g) => g.position(),
        MatchGame::ConnectFour(_) => panic!("a Gomoku game"),
    }
}

fn point(mv: BoardMove) -> Point {
    match mv {
        BoardMove::Point(p) => p,
        other => panic!("a point, not {other:?}"),
    }
}

fn found(answer: ThreatAnswer, what: &str) -> ForcedWin {
    match answer {
        ThreatAnswer::Found(win) => win,
        other => panic!("{what}: no forced win: {other:?}"),
    }
}

/// Thinks until `enough` says so (or the search ends), returning every report.
fn think_until(
    game: &MatchGame,
    lines: usize,
    enough: impl Fn(&ThinkingReport) -> bool,
) -> Vec<ThinkingReport> {
    let stop = AtomicBool::new(false);
    let mut reports = Vec::new();
    think(game, lines, &stop, &mut |report| {
        if enough(&report) {
            stop.store(true, Ordering::Relaxed);
        }
        reports.push(report);
    });
    reports
}

/// Every line replays from `game` and the lines are best first, each about
/// a different move.
fn check_lines(game: &MatchGame, report: &ThinkingReport, most_moves: usize) {
    let ranks: Vec<i64> = report.lines.iter().map(|l| l.score.rank()).collect();
    assert!(
        ranks.windows(2).all(|w| w[0] >= w[1]),
        "best first: {report:?}"
    );
    let mut firsts: Vec<BoardMove> = report.lines.iter().map(|l| l.moves[0]).collect();
    firsts.sort_by_key(|mv| format!("{mv:?}"));
    firsts.dedup();
    assert_eq!(
        firsts.len(),
        report.lines.len(),
        "distinct moves: {report:?}"
    );
    for line in &report.lines {
        assert!(
            !line.moves.is_empty() && line.moves.len() <= most_moves,
            "{line:?}"
        );
        let mut replay = game.clone();
        for (n, &mv) in line.moves.iter().enumerate() {
            assert!(!replay.is_over(), "moves after the end: {line:?}");
            replay
                .play(mv)
                .unwrap_or_else(|e| panic!("move {n} of {line:?}: {e}"));
        }
    }
}

#[test]
fn gomoku_lines_are_legal_and_the_only_quick_win_comes_first() {
    // White to move: j8 makes two open threes (g8 h8 _ j8 and j6 j7 j8),
    // and Black has no three to answer with: the one win in three.
    let game = gomoku(position_with(
        RuleSet::Freestyle,
        "a1 a3 c1 o15 o13",
        "g8 h8 j6 j7",
    ));
    let reports = think_until(&game, 3, |r| r.depth >= 4);
    let last = reports.last().expect("a report");
    assert!(last.depth >= 3, "{reports:?}");
    for report in &reports {
        assert_eq!(report.lines.len(), 3, "{report:?}");
        check_lines(&game, report, 12);
    }
    let best = &last.lines[0];
    assert_eq!(
        best.moves[0],
        BoardMove::Point(Point::parse("j8").expect("a point"))
    );
    assert_eq!(best.score, LineScore::Wins { in_moves: 3 }, "{last:?}");
    assert!(last.nodes > 0 && last.nodes_per_second > 0, "{last:?}");
}

#[test]
fn gomoku_lines_on_tactics_positions_find_the_win_first() {
    for (name, position, _) in tactics("vcf") {
        let game = gomoku(position);
        let reports = think_until(&game, MAX_LINES, |r| r.depth >= 3);
        let last = reports.last().unwrap_or_else(|| panic!("{name}: a report"));
        for report in &reports {
            check_lines(&game, report, 12);
            assert!(!report.lines.is_empty(), "{name}");
        }
        assert!(
            matches!(last.lines[0].score, LineScore::Wins { .. }),
            "{name}: {last:?}"
        );
    }
}

#[test]
fn gomoku_estimates_carry_the_review_s_percentages() {
    let game = gomoku(renju_after("h8i9i8g8j10"));
    let reports = think_until(&game, 2, |r| r.depth >= 4);
    let last = reports.last().expect("a report");
    check_lines(&game, last, 12);
    for line in &last.lines {
        let LineScore::Estimate { score, win_percent } = line.score else {
            panic!("an opening is no proven result: {line:?}")
        };
        let p = 100.0 / (1.0 + (-f64::from(score) / 651.0).exp());
        assert!((f64::from(win_percent) - p).abs() <= 0.51, "{line:?}");
    }
}

#[test]
fn a_five_to_make_is_reported_at_once() {
    let game = gomoku(position_with(RuleSet::Renju, "h8 i8 j8 k8", "h9 i9 j9 a1"));
    let reports = think_until(&game, 3, |_| false);
    assert_eq!(reports.len(), 1, "{reports:?}");
    check_lines(&game, &reports[0], 1);
    for line in &reports[0].lines {
        assert_eq!(line.score, LineScore::Wins { in_moves: 1 });
    }
}

#[test]
fn thinking_stops_when_asked() {
    let game = gomoku(renju_after("h8i9i8g8j10h7"));
    let start = Instant::now();
    let reports = think_until(&game, 5, |_| true);
    assert_eq!(reports.len(), 1);
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
}

/// Replays a VCF: every attacking move a four (or the five, last), every
/// defence the only block there is (or, when the four cannot be stopped,
/// any move and then the five).
fn check_vcf(start: &MatchGame, win: &ForcedWin, name: &str) {
    let attacker = win.attacker;
    let mut game = start.clone();
    let moves = &win.moves;
    assert_eq!(moves.len() % 2, 1, "{name}: ends with the attacker's move");
    for (n, &mv) in moves.iter().enumerate() {
        let before = gomoku_position(&game).clone();
        game.play(mv)
            .unwrap_or_else(|e| panic!("{name}: move {n} {mv}: {e}"));
        let after = gomoku_position(&game);
        if n % 2 == 0 {
            if n + 1 == moves.len() {
                assert_eq!(game.ending(), Some(Ending::Win(attacker)), "{name}: a five");
            } else {
                assert!(!game.is_over(), "{name}: move {n} ends the game early");
                let fours = winning_points(after, attacker);
                assert!(!fours.is_empty(), "{name}: move {n} {mv} is no four");
            }
        } else {
            let threats = winning_points(&before, attacker);
            let blocks: Vec<Point> = threats
                .iter()
                .copied()
                .filter(|&p| may_play(&before, attacker.other(), p))
                .collect();
            if threats.len() == 1 && blocks.len() == 1 {
                assert_eq!(point(mv), blocks[0], "{name}: move {n} is the only block");
            } else {
                // Two points, or the only one a foul: the five comes next.
                assert_eq!(n + 2, moves.len(), "{name}: an unstoppable four ends it");
            }
        }
    }
}

#[test]
fn vcf_lines_are_forced_wins_by_fours() {
    let stop = AtomicBool::new(false);
    let cases = tactics("vcf ");
    assert!(cases.len() >= 10);
    for (name, position, expect) in cases {
        let fours: usize = expect["vcf ".len()..].parse().expect("a length");
        let game = gomoku(position);
        let side = game.to_move();
        let win = found(threat_search(&game, side, ThreatKind::Vcf, &stop), &name);
        assert_eq!(win.attacker, side);
        assert!(
            win.moves.len().div_ceil(2) <= fours,
            "{name}: {:?}",
            win.moves
        );
        check_vcf(&line_start(&game, side), &win, &name);
    }
}

#[test]
fn vcf_for_the_side_not_to_move() {
    let stop = AtomicBool::new(false);
    let (name, position, _) = tactics("vcf ").swap_remove(0);
    // Black to move in the data; a Black pass leaves the move to White.
    let game = gomoku(position.with_passes([Side::First]));
    assert_eq!(game.to_move(), Side::Second);
    let win = found(
        threat_search(&game, Side::First, ThreatKind::Vcf, &stop),
        &name,
    );
    assert_eq!(win.attacker, Side::First);
    let start = line_start(&game, Side::First);
    assert_eq!(start.to_move(), Side::First);
    check_vcf(&start, &win, &name);
    // The position shown is untouched by the question.
    assert_eq!(game.to_move(), Side::Second);
}

#[test]
fn no_vcf_is_none_within_the_limit() {
    let stop = AtomicBool::new(false);
    let game = gomoku(renju_after("h8i9i8g8j10"));
    for side in [Side::First, Side::Second] {
        let answer = threat_search(&game, side, ThreatKind::Vcf, &stop);
        assert_eq!(answer, ThreatAnswer::NoneWithin(VCF_FOURS));
    }
}

#[test]
fn a_raised_stop_stops_the_threat_search() {
    let stop = AtomicBool::new(true);
    let game = gomoku(renju_after(
        "h8k11m12l9k12i14m10j11l11n9m9m11k10j9j10i10h11n10k13l7",
    ));
    let answer = threat_search(&game, Side::First, ThreatKind::Vct, &stop);
    assert_eq!(answer, ThreatAnswer::Stopped);
}

/// The points where `side` would make a four (or five) with its next
/// stone: every point that can stop an open three of `side` is one.
fn four_points(position: &Gomoku, side: Side) -> Vec<Point> {
    position
        .empty_points()
        .filter(|&p| {
            let stones = (0..position.size())
                .flat_map(|y| (0..position.size()).map(move |x| Point::new(x, y)))
                .filter_map(|q| position.at(q).map(|s| (q, s)))
                .chain([(p, side)]);
            let with = Gomoku::with_stones(position.size(), position.rule(), stones)
                .expect("an empty point");
            !winning_points(&with, side).is_empty()
        })
        .collect()
}

/// Replays a VCT and, at each defence against a three (no four to block),
/// tries every other defence the engine would consider (see
/// [`every_defence_loses`]).
fn check_vct(start: &MatchGame, win: &ForcedWin, name: &str) {
    let attacker = win.attacker;
    let mut game = start.clone();
    let mut tried = 0;
    for (n, &mv) in win.moves.iter().enumerate() {
        let position = gomoku_position(&game);
        if game.to_move() != attacker && winning_points(position, attacker).is_empty() {
            tried += every_defence_loses(&game, attacker, Some(mv), name);
        }
        game.play(mv)
            .unwrap_or_else(|e| panic!("{name}: move {n} {mv}: {e}"));
    }
    assert_eq!(game.ending(), Some(Ending::Win(attacker)), "{name}: a five");
    assert!(tried > 0, "{name}: a three was answered");
}

/// The defender to move against the attacker's three: every legal
/// defence among the points that stop it (where the attacker would make a
/// four) and the defender's own fours, but `shown`, still loses. After a
/// plain defence the attacker wins by VCF or VCT (found, and replayed);
/// after a four of the defender's, the attacker's forced block and the
/// same question again. Returns how many defences were tried.
fn every_defence_loses(
    game: &MatchGame,
    attacker: Side,
    shown: Option<BoardMove>,
    name: &str,
) -> usize {
    let stop = AtomicBool::new(false);
    let defender = attacker.other();
    let before = gomoku_position(game);
    let mut defences = four_points(before, attacker);
    defences.extend(four_points(before, defender));
    defences.sort_by_key(|p| (p.y, p.x));
    defences.dedup();
    let mut tried = 0;
    for p in defences {
        if !may_play(before, defender, p) || Some(BoardMove::Point(p)) == shown {
            continue;
        }
        let mut other = game.clone();
        other.play(BoardMove::Point(p)).expect("a legal defence");
        assert!(!other.is_over(), "{name}: the defence {p} ends the game");
        tried += 1;
        let fours = winning_points(gomoku_position(&other), defender);
        match fours.as_slice() {
            [] => {
                let again = threat_search(&other, attacker, ThreatKind::Vct, &stop);
                let again = found(again, &format!("{name}: after the defence {p}"));
                check_replay(&other, &again, name);
            }
            &[block] => {
                let block = BoardMove::Point(block);
                other
                    .play(block)
                    .unwrap_or_else(|e| panic!("{name}: the block of {p}'s four: {e}"));
                tried += every_defence_loses(&other, attacker, None, name);
            }
            _ => panic!("{name}: the defence {p} makes two fours"),
        }
    }
    tried
}

fn check_replay(start: &MatchGame, win: &ForcedWin, name: &str) {
    let mut game = start.clone();
    for &mv in &win.moves {
        game.play(mv)
            .unwrap_or_else(|e| panic!("{name}: {mv}: {e}"));
    }
    assert_eq!(game.ending(), Some(Ending::Win(win.attacker)), "{name}");
}

#[test]
fn vct_lines_hold_against_every_defence() {
    let stop = AtomicBool::new(false);
    let double_three = position_with(RuleSet::Freestyle, "f8 g8 h9 h10", "a1 a15 o1 o15");
    let cases = [
        ("double three", double_three),
        (
            "renju h10",
            renju_after("h8k11m12l9k12i14m10j11l11n9m9m11k10j9j10i10h11n10k13l7"),
        ),
        (
            "renju h5",
            renju_after("g6e8i9f3f4k4l1h7i5k5g5g4i7h6i6i8h9g8h8h4"),
        ),
    ];
    for (name, position) in cases {
        let game = gomoku(position);
        let side = game.to_move();
        assert!(
            matches!(
                threat_search(&game, side, ThreatKind::Vcf, &stop),
                ThreatAnswer::NoneWithin(_)
            ),
            "{name}: a VCT, not a VCF"
        );
        let win = found(threat_search(&game, side, ThreatKind::Vct, &stop), name);
        check_vct(&game, &win, name);
    }
}

fn connect_four(moves: &str) -> MatchGame {
    let game = ConnectFour::game_from_moves(ConnectFourSize::STANDARD, moves).expect("legal moves");
    MatchGame::ConnectFour(game)
}

/// Positions of the test sets won for the side to move within `most`
/// moves of its own, with that number.
fn quick_wins(set: &str, most: u32, count: usize) -> Vec<(String, u32)> {
    test_set(set)
        .into_iter()
        .filter(|(_, score)| *score > 0)
        .map(|(moves, score)| {
            // A win with the n-th own stone from now scores
            // (cells + 3 - played) / 2 - n (see `Value::of_score`).
            let n = (42 + 3 - moves.len() as i32) / 2 - score;
            (moves, n as u32)
        })
        .filter(|&(_, n)| n <= most)
        .take(count)
        .collect()
}

#[test]
fn connect_four_columns_by_exact_value_with_a_winning_line() {
    let mut cases = quick_wins("Test_L3_R1", 6, 3);
    cases.extend(quick_wins("Test_L1_R1", 6, 1));
    assert_eq!(cases.len(), 4);
    for (moves, n) in cases {
        let game = connect_four(&moves);
        let reports = think_until(&game, 1, |_| false);
        let last = reports
            .last()
            .unwrap_or_else(|| panic!("{moves}: a report"));
        let open = match &game {
            MatchGame::ConnectFour(g) => g.position().legal_columns().count(),
            MatchGame::Gomoku(_) => unreachable!(),
        };
        assert_eq!(last.lines.len(), open, "{moves}: every column: {last:?}");
        check_lines(&game, last, 12);
        let best = &last.lines[0];
        assert_eq!(
            best.score,
            LineScore::Wins { in_moves: n },
            "{moves}: {last:?}"
        );
        let mut replay = game.clone();
        for &mv in &best.moves {
            replay.play(mv).expect("legal");
        }
        let side = game.to_move();
        assert_eq!(
            replay.ending(),
            Some(Ending::Win(side)),
            "{moves}: {best:?}"
        );
        assert_eq!(
            best.moves.len() as u32,
            2 * n - 1,
            "{moves}: the fastest win"
        );
    }
}

#[test]
fn connect_four_win_in_n_is_the_solver_s_line() {
    let stop = AtomicBool::new(false);
    for (moves, n) in quick_wins("Test_L3_R1", 10, 3) {
        let game = connect_four(&moves);
        let side = game.to_move();
        let win = found(threat_search(&game, side, ThreatKind::Vcf, &stop), &moves);
        assert_eq!(win.moves.len() as u32, 2 * n - 1, "{moves}");
        check_replay(&game, &win, &moves);
        // The other side cannot be asked: no pass in Connect Four.
        let other = threat_search(&game, side.other(), ThreatKind::Vcf, &stop);
        assert_eq!(other, ThreatAnswer::NoneWithin(0));
        assert_eq!(line_start(&game, side.other()), game);
    }
    let (drawn, _) = test_set("Test_L3_R1")
        .into_iter()
        .find(|(_, score)| *score == 0)
        .expect("a drawn position");
    let game = connect_four(&drawn);
    let answer = threat_search(&game, game.to_move(), ThreatKind::Vct, &stop);
    assert!(
        matches!(answer, ThreatAnswer::NoneWithin(n) if n > 0),
        "{answer:?}"
    );
}
