//! Connect Four's Values: each column's value is proven before it shows,
//! fills in as it is found, and ends exact (ai::connect_four::values, and
//! the game's Values row over it).

use crate::app_flow::{C4, HUMANS, act, app_in_game, request, until};
use bevy::prelude::*;
use lineup::current_match::CurrentMatch;
use lineup::current_match::HistoryRequest;
use lineup::search::background::BackgroundSearch;
use lineup::search::help::HelpRequest;
use lineup::search::help::{ValuesSearch, ValuesShown};
use lineup::theme::interaction::Sends;
use lineup_core::ai::PlayRng;
use lineup_core::ai::advice::{Certainty, Value, column_values};
use lineup_core::ai::connect_four::{SolveError, Solver, random_play};
use lineup_core::match_setup::GameKind;
use lineup_core::rules::{BoardMove, Column, ConnectFour, ConnectFourSize, MatchGame, Rules};
use std::sync::atomic::{AtomicBool, Ordering};

/// Positions reached by random play with `min..=max` stones, game still on.
fn random_positions(
    size: ConnectFourSize,
    count: usize,
    stones: (usize, usize),
    seed: u64,
) -> Vec<ConnectFour> {
    let mut rng = PlayRng::new(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        let plies = stones.0 + rng.below(stones.1 - stones.0 + 1);
        positions.extend(random_play(size, plies, &mut rng));
    }
    positions
}

/// The values an exact solve of every column gives.
fn solved(board: &ConnectFour) -> Vec<Option<Value>> {
    let scores = Solver::new()
        .analyze(board, &AtomicBool::new(false))
        .expect("solved");
    let cells = board.size().cells() as u32;
    let played = board.moves_played() as u32;
    scores
        .into_iter()
        .map(|s| s.map(|s| Value::of_score(cells, played, s)))
        .collect()
}

/// Whether `early` could have been reported on the way to `last`: each
/// column pending, or its outcome without the distance, or final.
fn on_the_way(early: &[Option<Value>], last: &[Option<Value>]) -> bool {
    early.len() == last.len()
        && early.iter().zip(last).all(|(e, l)| match (e, l) {
            (None, None) => true,
            (Some(Value::Pending), Some(_)) => true,
            (Some(Value::Win), Some(Value::WinIn(_))) => true,
            (Some(Value::Lose), Some(Value::LoseIn(_))) => true,
            (Some(e), Some(l)) => e == l,
            _ => false,
        })
}

#[test]
fn values_end_exact_and_every_report_is_on_the_way() {
    let standard = random_positions(ConnectFourSize::STANDARD, 24, (14, 32), 11);
    let small = random_positions(ConnectFourSize::new(5, 4).expect("valid"), 12, (0, 12), 12);
    for (i, board) in standard.iter().chain(&small).enumerate() {
        let expected = solved(board);
        let workers = 1 + i % 2;
        let mut reports: Vec<Vec<Option<Value>>> = Vec::new();
        let last = column_values(board, workers, &AtomicBool::new(false), |v| {
            reports.push(v.to_vec())
        })
        .expect("every value found");
        assert_eq!(last, expected, "{workers} workers on {board:?}");
        assert!(last.iter().flatten().all(|v| v.is_final()));
        // The first report comes before any search: nothing but wins at
        // once and columns still pending.
        let first = &reports[0];
        assert!(
            first
                .iter()
                .flatten()
                .all(|v| matches!(v, Value::Pending | Value::WinIn(1))),
            "{first:?}"
        );
        assert_eq!(reports.last(), Some(&last));
        for report in &reports {
            assert!(on_the_way(report, &last), "{report:?} before {last:?}");
        }
    }
}

#[test]
fn a_won_game_has_no_values() {
    let won = *ConnectFour::game_from_moves(ConnectFourSize::STANDARD, "4455667")
        .expect("legal")
        .position();
    assert_eq!(
        column_values(&won, 2, &AtomicBool::new(false), |_| {}),
        Err(SolveError::GameOver)
    );
}

#[test]
fn stopping_ends_a_long_search_and_says_cancelled() {
    // One stone on 8x6, which no book covers: each column takes the
    // solver far longer than this test (7x6's book answers at once).
    let board = *ConnectFour::game_from_moves(eight_by_six(), "1")
        .expect("legal")
        .position();
    let stop = AtomicBool::new(false);
    let mut reports = 0;
    let result = column_values(&board, 2, &stop, |values| {
        reports += 1;
        assert!(values.iter().flatten().all(|v| *v == Value::Pending));
        // Stopped as soon as the first report shows the search is on.
        stop.store(true, Ordering::Relaxed);
    });
    assert_eq!(result, Err(SolveError::Cancelled));
    assert_eq!(reports, 1);
}

/// Frames enough for far more than these positions' few seconds of
/// solving on a slow machine.
const FRAMES: usize = 20_000;

fn shown(app: &App) -> Option<Vec<Option<Value>>> {
    let revision = app.world().resource::<CurrentMatch>().revision();
    let analysis = app.world().get_resource::<ValuesShown>()?;
    match &analysis.0.found {
        lineup_core::ai::advice::Found::Columns(values) if analysis.0.revision == revision => {
            Some(values.clone())
        }
        _ => None,
    }
}

#[test]
fn the_values_row_fills_in_with_the_exact_values_and_follows_the_game() {
    let mut app = app_in_game(C4, "44433352", HUMANS);
    act(&mut app, HelpRequest::ToggleValues);
    let board = |app: &App| match &app.world().resource::<CurrentMatch>().game() {
        MatchGame::ConnectFour(g) => *g.position(),
        MatchGame::Gomoku(_) => unreachable!("a Connect Four game"),
    };
    until(&mut app, FRAMES, "every value proven", |app| {
        shown(app).is_some_and(|v| v.iter().flatten().all(|v| v.is_final()))
    });
    assert_eq!(shown(&app), Some(solved(&board(&app))));
    // A move: the row is for the new position, again exact.
    request(&mut app, BoardMove::Column(Column(5)));
    until(&mut app, FRAMES, "the next position's values", |app| {
        shown(app).is_some_and(|v| v.iter().flatten().all(|v| v.is_final()))
    });
    assert_eq!(shown(&app), Some(solved(&board(&app))));
    // Undo: the position before, already proven, shows its values at once,
    // with no search.
    let before = board(&app);
    act(&mut app, HistoryRequest::Undo);
    for _ in 0..3 {
        app.update();
    }
    assert_ne!(board(&app), before, "undone");
    assert_eq!(shown(&app), Some(solved(&board(&app))));
    assert!(
        app.world()
            .get_resource::<BackgroundSearch<ValuesSearch>>()
            .is_none()
    );
    // Values off: no search is left running.
    act(&mut app, HelpRequest::ToggleValues);
    request(&mut app, BoardMove::Column(Column(0)));
    for _ in 0..5 {
        app.update();
    }
    assert!(
        app.world()
            .get_resource::<BackgroundSearch<ValuesSearch>>()
            .is_none()
    );
}

/// The Values button, beside Hint in the panel (window pixels at 1280x800,
/// read off a screenshot).
const VALUES_BUTTON: (u32, u32) = (1176, 319);

/// The labels the game shows, left to right, as its log writes them.
fn labels(values: &[Option<Value>]) -> String {
    values
        .iter()
        .flatten()
        .map(|v| match v {
            Value::WinIn(n) => format!("Win {n}"),
            Value::LoseIn(n) => format!("Lose {n}"),
            Value::Draw => "Draw".into(),
            other => panic!("not final: {other:?}"),
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

/// Waits for the Values row with no value still coming, and returns it.
fn final_row(journey: &mut crate::journey::Journey) -> String {
    loop {
        let line = journey.wait_for("Values shown: ");
        if !line.contains('…') {
            return line
                .split("Values shown: ")
                .nth(1)
                .unwrap_or("")
                .to_string();
        }
    }
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn values_fill_in_on_the_real_game() {
    use crate::journey::{Journey, SoundOut};
    let mut journey = Journey::new("values_fill_in");
    // Thirteen stones on 8x6, which no book covers: the values take the
    // solver seconds (7x6's book would give them at once), so the row
    // first shows what is coming.
    let moves = "7654266748778";
    journey.launch(
        SoundOut::Nowhere,
        &["--game", "connect4", "--size", "8x6", "--moves", moves],
    );
    journey.wait_for("Screen: Some(Loading) -> Some(Game)");
    journey.click_button(VALUES_BUTTON, "HelpRequest::ToggleValues");
    let board = |moves: &str| {
        *ConnectFour::game_from_moves(eight_by_six(), moves)
            .expect("legal")
            .position()
    };
    let first = journey.wait_for("Values shown: ");
    assert!(
        first.contains('…'),
        "the row starts with what is coming: {first}"
    );
    assert_eq!(final_row(&mut journey), labels(&solved(&board(moves))));
    // A move: the row follows it to the exact values of the new position.
    journey.key("1");
    journey.wait_for("Move applied: column 1");
    assert_eq!(
        final_row(&mut journey),
        labels(&solved(&board(&format!("{moves}1"))))
    );
    journey.interrupt();
}

/// Every column with the best exact score, from a full analysis (the
/// plain way a proven hint must agree with).
fn best_columns(board: &ConnectFour) -> Vec<BoardMove> {
    let scores = Solver::new()
        .analyze(board, &AtomicBool::new(false))
        .expect("solved");
    let best = scores.iter().flatten().max().copied();
    (0..7)
        .filter(|&c| scores[c].is_some() && scores[c] == best)
        .map(|c| BoardMove::Column(Column(c as u8)))
        .collect()
}

#[test]
fn a_hint_off_the_book_is_every_column_that_keeps_the_exact_score() {
    use lineup_core::ai::advice::{Found, hint};
    for board in random_positions(ConnectFourSize::STANDARD, 30, (12, 30), 21) {
        let expected = best_columns(&board);
        let game = lineup_core::rules::Game::new(board);
        let found = hint(&MatchGame::ConnectFour(game), &AtomicBool::new(false));
        let proven = Found::Hint {
            moves: expected,
            certainty: Certainty::Proven,
        };
        assert_eq!(found, Some(proven), "{board:?}");
    }
}

#[test]
fn a_hint_slow_to_prove_shows_masters_choice_as_provisional_then_the_proof() {
    use lineup_core::ai::advice::{Found, hint_reporting};
    let mut provisional = 0;
    for board in random_positions(ConnectFourSize::STANDARD, 20, (12, 24), 22) {
        let expected = best_columns(&board);
        let game = MatchGame::ConnectFour(lineup_core::rules::Game::new(board));
        let mut reports = Vec::new();
        // No patience at all: any position the solver must search gets
        // Master's choice first.
        hint_reporting(
            &game,
            std::time::Duration::ZERO,
            &AtomicBool::new(false),
            &mut |found| reports.push(found),
        );
        let Some(Found::Hint { moves, certainty }) = reports.last() else {
            panic!("no hint for {board:?}: {reports:?}");
        };
        assert_eq!(
            (moves, *certainty),
            (&expected, Certainty::Proven),
            "{board:?}"
        );
        match &reports[..reports.len() - 1] {
            [] => {}
            [
                Found::Hint {
                    moves,
                    certainty: Certainty::Provisional,
                },
            ] => {
                provisional += 1;
                assert!(
                    matches!(moves[..], [BoardMove::Column(c)] if board.can_play(c)),
                    "{board:?}: {moves:?}"
                );
            }
            other => panic!("{board:?}: {other:?} before the proof"),
        }
    }
    assert!(provisional >= 10, "only {provisional} provisional hints");
}

#[test]
fn the_hint_button_says_it_is_looking_then_shows_a_guess_while_a_proof_runs() {
    use lineup::board::help_marks::{HintGlow, HintGuessMark};
    use lineup::search::help::{Hint, HintSearch};
    use lineup_core::ai::advice::Found;
    // Two stones on 8x6, which no book covers: proving the best move takes
    // the solver far longer than these frames.
    let mut app = app_in_game(
        GameKind::ConnectFour {
            size: eight_by_six(),
        },
        "17",
        HUMANS,
    );
    let label = |app: &mut App| {
        let mut buttons = app.world_mut().query::<(&Sends<HelpRequest>, &Children)>();
        let children: Vec<Entity> = buttons
            .iter(app.world())
            .filter(|(Sends(request), _)| *request == HelpRequest::Hint)
            .flat_map(|(_, children)| children.iter().collect::<Vec<_>>())
            .collect();
        children
            .into_iter()
            .find_map(|c| app.world().get::<Text>(c).map(|t| t.0.clone()))
            .expect("the Hint button's text")
    };
    assert_eq!(label(&mut app), "Hint");
    act(&mut app, HelpRequest::Hint);
    for _ in 0..3 {
        app.update();
    }
    assert!(
        app.world()
            .get_resource::<BackgroundSearch<HintSearch>>()
            .is_some()
    );
    assert_eq!(label(&mut app), "Hint …");
    // Past the patience, Master's choice glows with a question mark while
    // the proof goes on.
    let provisional = |app: &mut App| {
        app.world().get_resource::<Hint>().is_some_and(|h| {
            matches!(
                h.0.found,
                Found::Hint {
                    certainty: Certainty::Provisional,
                    ..
                }
            )
        })
    };
    until(&mut app, 20_000, "a provisional hint", |app| {
        provisional(app)
    });
    for _ in 0..3 {
        app.update();
    }
    let marks = app
        .world_mut()
        .query_filtered::<&ChildOf, With<HintGuessMark>>()
        .iter(app.world())
        .map(|parent| parent.parent())
        .collect::<Vec<_>>();
    assert_eq!(marks.len(), 1, "one question mark");
    assert!(
        app.world().get::<HintGlow>(marks[0]).is_some(),
        "on the glow"
    );
    assert!(
        app.world()
            .get_resource::<BackgroundSearch<HintSearch>>()
            .is_some()
    );
    assert_eq!(label(&mut app), "Hint …");
    // A move ends the search and the button says Hint again.
    request(&mut app, BoardMove::Column(Column(3)));
    for _ in 0..3 {
        app.update();
    }
    assert!(
        app.world()
            .get_resource::<BackgroundSearch<HintSearch>>()
            .is_none()
    );
    assert_eq!(label(&mut app), "Hint");
    let glows = app
        .world_mut()
        .query_filtered::<(), With<HintGlow>>()
        .iter(app.world())
        .count();
    assert_eq!(glows, 0, "the old position's hint is gone");
}

/// A board as wide as the window allows at 7x6's cell size, with no book:
/// its early positions take the solver minutes on any machine.
fn eight_by_six() -> ConnectFourSize {
    ConnectFourSize::new(8, 6).expect("valid")
}

/// Whether the side to move can win with its next stone.
fn wins_at_once(board: &ConnectFour) -> bool {
    board.legal_columns().any(|c| {
        let mut after = *board;
        matches!(
            after.play(c),
            Ok(Some(lineup_core::rules::Outcome::Win { .. }))
        )
    })
}

#[test]
fn a_win_or_loss_at_once_is_one_move_away_on_boards_of_either_parity() {
    // 5x5 has an odd number of cells, 7x6 and 5x4 an even one: the
    // distance must not depend on it.
    // (Few stones only on the small boards: early 7-wide positions take
    // the solver seconds.)
    for (columns, rows, fewest, seed) in
        [(5, 5, 4, 31), (7, 6, 14, 32), (5, 4, 4, 33), (7, 5, 12, 34)]
    {
        let size = ConnectFourSize::new(columns, rows).expect("valid");
        let cells = size.cells();
        for board in random_positions(size, 40, (fewest, cells - 6), seed) {
            let values = column_values(&board, 2, &AtomicBool::new(false), |_| {})
                .expect("every value found");
            for column in board.legal_columns() {
                let mut after = board;
                let won = matches!(
                    after.play(column),
                    Ok(Some(lineup_core::rules::Outcome::Win { .. }))
                );
                let value = values[column.0 as usize].expect("an open column");
                if won {
                    assert_eq!(value, Value::WinIn(1), "{board:?} {column:?}");
                } else if wins_at_once(&after) {
                    assert_eq!(value, Value::LoseIn(1), "{board:?} {column:?}");
                } else {
                    assert!(
                        !matches!(value, Value::WinIn(1) | Value::LoseIn(1)),
                        "{value:?} {board:?} {column:?}"
                    );
                }
            }
        }
    }
}
