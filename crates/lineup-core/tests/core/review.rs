//! Reviewing a game (`ai::review`): the values of positions with known
//! exact scores, the marks on known mistakes with the better move, forced
//! Gomoku wins, and the same answers every time.

use lineup_core::ai::review::{GameReview, Mark, Worth, review};
use lineup_core::rules::{
    BoardMove, Column, ConnectFour, ConnectFourSize, Game, Gomoku, MatchGame, Point, RuleSet,
};
use std::path::Path;
use std::sync::atomic::AtomicBool;

fn never() -> AtomicBool {
    AtomicBool::new(false)
}

/// A Connect Four game that starts from the position after `start` and
/// then plays `moves` (so the review covers only the later positions).
fn connect_four(start: &str, moves: &str) -> MatchGame {
    let before = ConnectFour::game_from_moves(ConnectFourSize::STANDARD, start).expect("legal");
    let mut game = Game::new(*before.position());
    for c in moves.bytes() {
        game.play(Column(c - b'1')).expect("legal");
    }
    MatchGame::ConnectFour(game)
}

/// The label the standard score of a position with `stones` stones gets:
/// the winner places its last stone when it has `22 - |score|` stones;
/// "in N" counts the winner's moves from the position.
fn expected_label(score: i32, stones: usize) -> String {
    let last = 22 - score.unsigned_abs() as usize;
    match score.signum() {
        1 => format!("Win in {}", last - stones / 2),
        -1 => format!("Loss in {}", last - stones.div_ceil(2)),
        _ => "Draw".into(),
    }
}

#[test]
fn connect_four_values_are_the_known_exact_scores() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/connect4/Test_L2_R1");
    let text = std::fs::read_to_string(path).expect("test set present");
    for line in text.lines().take(12) {
        let (moves, score) = line.split_once(' ').expect("two fields");
        let score: i32 = score.parse().expect("a score");
        // The last three moves are reviewed; the position after them is
        // the test set's.
        let split = moves.len() - 3;
        let game = connect_four(&moves[..split], &moves[split..]);
        let found = review(&game, &never());
        assert_eq!(found.judged(), 4, "{moves}");
        // The last position is judged for its side to move, and seen by
        // the last mover (turned) after the last move.
        let last = found.worth(3).expect("judged");
        let stones = moves.len();
        assert!(matches!(
            last,
            Worth::Wins { .. } | Worth::Loses { .. } | Worth::Draw
        ));
        let report = found.report(2).expect("the last move's report");
        assert_eq!(report.ply, stones - 1);
        assert_eq!(
            report.after.turned().label(stones),
            expected_label(score, stones),
            "{moves}"
        );
        // Exact values: no move can be worth more to its mover than the
        // position was before it.
        for ply in 0..3 {
            let before = found.worth(ply).and_then(Worth::class);
            let after = found.report(ply).and_then(|r| r.after.class());
            assert!(after <= before, "{moves}: move {ply} gained");
        }
    }
}

#[test]
fn a_missed_connect_four_win_is_a_blunder_with_the_winning_column() {
    // Red and Yellow each have three in their edge column; Red to move.
    // Red plays 2 (not the win at 1), Yellow plays 6 (not the win at 7),
    // then Red wins at 1.
    let game = connect_four("171717", "261");
    let found = review(&game, &never());
    let red = found.report(0).expect("judged");
    assert_eq!(red.mark, Some(Mark::Blunder));
    assert_eq!(red.better, Some(BoardMove::Column(Column(0))));
    assert_eq!(red.after.label(red.ply), "Loss in 1");
    let yellow = found.report(1).expect("judged");
    assert_eq!(yellow.mark, Some(Mark::Blunder));
    assert_eq!(yellow.better, Some(BoardMove::Column(Column(6))));
    let win = found.report(2).expect("judged");
    assert_eq!(
        (win.mark, win.after.label(win.ply)),
        (None, "Win in 1".into())
    );
    assert!(win.after.height(win.ply).expect("known") > 0.95);
}

#[test]
fn giving_away_a_connect_four_win_for_a_draw_is_a_mistake() {
    let marks = [Mark::Mistake, Mark::Blunder];
    assert_eq!(
        lineup_core::ai::review::mark(10, Worth::Wins { at: Some(30) }, Worth::Draw),
        Some(marks[0])
    );
    assert_eq!(
        lineup_core::ai::review::mark(10, Worth::Draw, Worth::Loses { at: Some(31) }),
        Some(marks[1])
    );
    // Slower but still winning, or unknown: no mark.
    assert_eq!(
        lineup_core::ai::review::mark(
            10,
            Worth::Wins { at: Some(20) },
            Worth::Wins { at: Some(30) }
        ),
        None
    );
    assert_eq!(
        lineup_core::ai::review::mark(10, Worth::Draw, Worth::Unknown),
        None
    );
}

fn gomoku(moves: &str) -> MatchGame {
    let board = Gomoku::new(15, RuleSet::Freestyle).expect("size");
    MatchGame::Gomoku(Gomoku::game_from_moves(board, moves).expect("legal"))
}

#[test]
fn an_unblocked_gomoku_three_is_a_blunder_and_the_forced_win_is_found() {
    // Black builds an open three on row 8; White plays far away instead of
    // blocking, and Black has a win by fours (an open four, then five).
    let game = gomoku("h8a1i8a2j8a15k8");
    let found = review(&game, &never());
    let missed = found.report(5).expect("judged");
    assert_eq!(missed.mark, Some(Mark::Blunder), "{missed:?}");
    let blocks = ["g8", "k8", "f8", "l8"].map(|p| BoardMove::Point(Point::parse(p).unwrap()));
    assert!(
        missed.better.is_some_and(|b| blocks.contains(&b)),
        "better {:?}",
        missed.better
    );
    // Black to move after it wins with one four and the five: plies 6, 8.
    assert_eq!(found.worth(6), Some(Worth::Wins { at: Some(8) }));
    assert_eq!(found.worth(6).expect("judged").label(6), "Win in 2");
    // The open four it then made keeps the win (White can block one end).
    assert_eq!(found.report(6).expect("judged").after.class(), Some(1));
}

/// The stones an opening rule placed are nobody's mistake: the same
/// blunder goes unmarked once it is one of them, and keeps its value.
#[test]
fn moves_placed_by_an_opening_rule_are_never_marked() {
    use lineup_core::ai::review::Reviewer;
    let game = gomoku("h8a1i8a2j8a15k8");
    let reviewed = |opening_moves| {
        let mut reviewer = Reviewer::new(&game);
        let mut found = GameReview::new(&game).under_opening(opening_moves);
        while let Some(step) = reviewer.next(&never()) {
            found.record(step);
        }
        found.report(5).expect("judged")
    };
    let free = reviewed(5);
    assert_eq!(free.mark, Some(Mark::Blunder), "{free:?}");
    let placed = reviewed(6);
    assert_eq!(placed.mark, None, "{placed:?}");
    assert_eq!(placed.better, None);
    assert_eq!(placed.after, free.after);
}

#[test]
fn a_review_gives_the_same_values_every_time() {
    let game = gomoku("h8i9j10h9i8g8j8k8h10g10");
    let first: GameReview = review(&game, &never());
    assert_eq!(first.judged(), first.positions());
    assert_eq!(review(&game, &never()), first);
}

/// A Gomoku estimate in words: the logistic curve the evaluation was fitted
/// to (score 0: even; +651: 73%), who stands better, never a raw number;
/// a proven value has no estimate.
#[test]
fn an_estimate_reads_as_a_win_chance_and_words() {
    use lineup_core::ai::review::Standing;
    assert_eq!(Worth::Score(0).win_percent(), Some(50));
    assert_eq!(Worth::Score(651).win_percent(), Some(73));
    assert_eq!(Worth::Score(-651).win_percent(), Some(27));
    assert_eq!(Worth::Score(0).standing(), Some((Standing::Even, true, 50)));
    assert_eq!(
        Worth::Score(-377).standing(),
        Some((Standing::SlightlyBetter, false, 64))
    );
    assert_eq!(
        Worth::Score(800).standing(),
        Some((Standing::ClearlyBetter, true, 77))
    );
    assert_eq!(
        Worth::Score(-2000).standing(),
        Some((Standing::Winning, false, 96))
    );
    assert_eq!(Worth::Wins { at: Some(9) }.standing(), None);
    assert_eq!(Worth::Draw.win_percent(), None);
    // Monotone: a better score is never a smaller chance.
    let chances: Vec<u8> = (-3000..=3000)
        .step_by(50)
        .map(|s| Worth::Score(s).win_percent().expect("an estimate"))
        .collect();
    assert!(chances.windows(2).all(|w| w[0] <= w[1]));
}
