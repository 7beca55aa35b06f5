//! Gomoku rules under all three rule sets: random games against the
//! reference, undo/redo, refusals, and a full-board draw.

use crate::reference::{RefGomoku, RefResult};
use lineup_core::rules::gomoku::Move;
use lineup_core::rules::{Foul, Game, Gomoku, MoveError, Outcome, Point, RuleSet, Rules, Side};
use proptest::prelude::*;

fn as_ref_result(outcome: Option<&Outcome<Point>>) -> RefResult {
    match outcome {
        None => RefResult::Ongoing,
        Some(Outcome::Draw) => RefResult::Draw,
        Some(Outcome::Win { winner, cells }) => {
            let mut cells: Vec<(usize, usize)> =
                cells.iter().map(|p| (p.x as usize, p.y as usize)).collect();
            cells.sort();
            RefResult::Win(*winner, cells)
        }
        Some(Outcome::Resignation { .. }) => panic!("nobody resigned"),
    }
}

/// Picks a move: mostly an empty point next to (within two of) a stone, so
/// random games make lines and end in wins; sometimes any empty point.
fn pick(board: &Gomoku, a: u16, near: bool) -> Option<Point> {
    let empty: Vec<Point> = board.empty_points().collect();
    if empty.is_empty() {
        return None;
    }
    let close: Vec<Point> = empty
        .iter()
        .copied()
        .filter(|p| {
            (-2i16..=2).any(|dx| {
                (-2i16..=2).any(|dy| {
                    let (x, y) = (p.x as i16 + dx, p.y as i16 + dy);
                    x >= 0 && y >= 0 && board.at(Point::new(x as u8, y as u8)).is_some()
                })
            })
        })
        .collect();
    let from = if near && !close.is_empty() {
        &close
    } else {
        &empty
    };
    Some(from[a as usize % from.len()])
}

fn rules() -> impl Strategy<Value = RuleSet> {
    prop::sample::select(RuleSet::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Same winner, same winning cells, same draw as the reference. Under
    /// Renju a refused Black move must be a foul that makes no exact five,
    /// and must leave the game unchanged.
    #[test]
    fn random_games_match_the_reference(
        size in prop_oneof![3 => 9u8..=11, 1 => 9u8..=20],
        rule in rules(),
        picks in prop::collection::vec((any::<u16>(), any::<bool>(), any::<bool>()), 0..160),
    ) {
        let mut game = Game::new(Gomoku::new(size, rule).expect("valid size"));
        let mut reference = RefGomoku::new(size as usize, rule);
        for (a, near, also_near) in picks {
            if game.is_over() {
                break;
            }
            let Some(point) = pick(game.position(), a, near || also_near) else { break };
            let before = game.clone();
            match game.play(Move::from(point)).map(|o| o.cloned()) {
                Ok(outcome) => {
                    let expected = reference.play(point.x as usize, point.y as usize);
                    prop_assert_eq!(as_ref_result(outcome.as_ref()), expected);
                }
                Err(MoveError::Forbidden(_)) => {
                    prop_assert_eq!(rule, RuleSet::Renju);
                    prop_assert_eq!(before.to_move(), Side::First);
                    prop_assert!(!reference.black_makes_exact_five(point.x as usize, point.y as usize));
                    prop_assert_eq!(&game, &before);
                }
                Err(other) => prop_assert!(false, "unexpected refusal {other:?} at {point}"),
            }
        }
        for y in 0..size {
            for x in 0..size {
                prop_assert_eq!(game.position().at(Point::new(x, y)), reference.grid[y as usize][x as usize]);
            }
        }
    }

    /// Undo puts back exactly the previous state; redo the next one.
    #[test]
    fn undo_restores_and_redo_replays(
        rule in rules(),
        picks in prop::collection::vec((any::<u16>(), any::<bool>()), 0..80),
    ) {
        let mut game = Game::new(Gomoku::new(11, rule).expect("valid size"));
        for (a, near) in picks {
            if game.is_over() {
                break;
            }
            let Some(point) = pick(game.position(), a, near) else { break };
            let before = game.clone();
            if game.play(Move::from(point)).is_err() {
                prop_assert_eq!(&game, &before);
                continue;
            }
            let after = game.clone();
            game.undo();
            prop_assert_eq!(game.position(), before.position());
            prop_assert_eq!(game.history(), before.history());
            game.redo();
            prop_assert_eq!(&game, &after);
        }
        while game.undo().is_some() {}
        prop_assert_eq!(game.position(), &Gomoku::new(11, rule).expect("valid size"));
    }
}

#[test]
fn occupied_outside_and_game_over_are_refused_without_change() {
    let mut game =
        Gomoku::game_from_moves(Gomoku::standard(RuleSet::Freestyle), "h8 i9").expect("legal");
    let before = game.clone();
    assert_eq!(
        game.play(Move::from(Point::new(7, 7))),
        Err(MoveError::Occupied)
    );
    assert_eq!(
        game.play(Move::from(Point::new(15, 0))),
        Err(MoveError::OutsideBoard)
    );
    assert_eq!(game, before);

    let mut won =
        Gomoku::game_from_moves(Gomoku::standard(RuleSet::Freestyle), "a1a2b1b2c1c2d1d2e1")
            .expect("legal");
    assert_eq!(won.outcome().and_then(Outcome::winner), Some(Side::First));
    let before = won.clone();
    assert_eq!(
        won.play(Move::from(Point::new(7, 7))),
        Err(MoveError::GameOver)
    );
    assert_eq!(won, before);
}

#[test]
fn an_overline_wins_only_under_freestyle_and_for_white_in_renju() {
    // Black: a1 b1 c1 e1 f1, then d1 joins six. White plays row 3 apart.
    let moves = "a1a3b1b3c1c3e1e3f1f3d1";
    let freestyle =
        Gomoku::game_from_moves(Gomoku::standard(RuleSet::Freestyle), moves).expect("legal");
    assert_eq!(
        freestyle.outcome().and_then(Outcome::winner),
        Some(Side::First)
    );

    let exact =
        Gomoku::game_from_moves(Gomoku::standard(RuleSet::ExactFive), moves).expect("legal");
    assert_eq!(exact.outcome(), None, "six in a row wins for nobody");

    let renju = Gomoku::game_from_moves(Gomoku::standard(RuleSet::Renju), moves).unwrap_err();
    assert_eq!(renju.move_index, Some(10));
    assert!(renju.reason.contains("overline"), "{renju}");

    // White's overline under Renju wins: the same shape with colours swapped.
    let white = "h8a1a3b1b3c1c3e1e3f1o15d1";
    let renju = Gomoku::game_from_moves(Gomoku::standard(RuleSet::Renju), white).expect("legal");
    assert_eq!(
        renju.outcome().and_then(Outcome::winner),
        Some(Side::Second)
    );
}

#[test]
fn a_full_board_without_five_is_a_draw() {
    // A stripe pattern with no five anywhere: 41 black, 40 white on 9×9.
    let colour = |x: u8, y: u8| ((x as u32 + 2 * y as u32) / 2) % 2;
    let all = (0..9).flat_map(|y| (0..9).map(move |x| Point::new(x, y)));
    let black: Vec<Point> = all.clone().filter(|p| colour(p.x, p.y) == 0).collect();
    let white: Vec<Point> = all.filter(|p| colour(p.x, p.y) == 1).collect();
    assert_eq!((black.len(), white.len()), (41, 40));
    let mut game = Game::new(Gomoku::new(9, RuleSet::Freestyle).expect("valid size"));
    for i in 0..81 {
        let point = if i % 2 == 0 {
            black[i / 2]
        } else {
            white[i / 2]
        };
        let outcome = game.play(Move::from(point)).expect("legal").cloned();
        assert_eq!(
            outcome,
            if i == 80 { Some(Outcome::Draw) } else { None },
            "move {i}"
        );
    }
}

#[test]
fn renju_fouls_are_listed_and_refused_only_for_black() {
    // Black g8 h8 across and j6 j7 upward: j8 makes two open threes at once.
    // White's stones sit out of the way in the corners.
    let stones = [
        (Point::new(6, 7), Side::First),
        (Point::new(7, 7), Side::First),
        (Point::new(9, 5), Side::First),
        (Point::new(9, 6), Side::First),
        (Point::new(0, 14), Side::Second),
        (Point::new(14, 14), Side::Second),
        (Point::new(0, 0), Side::Second),
        (Point::new(14, 0), Side::Second),
    ];
    let board = Gomoku::with_stones(15, RuleSet::Renju, stones).expect("valid setup");
    let j8 = Point::new(9, 7);
    assert_eq!(board.to_move(), Side::First);
    assert_eq!(board.foul_at(j8), Some(Foul::DoubleThree));
    assert!(board.forbidden_points().contains(&(j8, Foul::DoubleThree)));
    let mut refused = board.clone();
    assert_eq!(
        refused.play(Move::from(j8)),
        Err(MoveError::Forbidden(Foul::DoubleThree))
    );
    assert_eq!(refused, board);

    // The same shape is fine under the other rule sets, and for White.
    let free = Gomoku::with_stones(15, RuleSet::Freestyle, stones).expect("valid setup");
    assert_eq!(free.foul_at(j8), None);
    assert!(free.forbidden_points().is_empty());
    // Colours swapped plus one more Black stone, so that White is to move.
    let swapped = stones
        .map(|(p, s)| (p, s.other()))
        .into_iter()
        .chain([(Point::new(0, 7), Side::First)]);
    let mut white = Gomoku::with_stones(15, RuleSet::Renju, swapped).expect("valid setup");
    assert_eq!(white.to_move(), Side::Second);
    assert!(white.play(Move::from(j8)).is_ok());
}

#[test]
fn set_up_positions_refuse_bad_stones() {
    let twice = [
        (Point::new(1, 1), Side::First),
        (Point::new(1, 1), Side::Second),
    ];
    assert_eq!(
        Gomoku::with_stones(15, RuleSet::Renju, twice)
            .unwrap_err()
            .to_string(),
        "stone 2 at b2: that point is already taken"
    );
    assert!(Gomoku::with_stones(9, RuleSet::Renju, [(Point::new(9, 0), Side::First)]).is_err());
    assert!(Gomoku::new(8, RuleSet::Renju).is_err());
    assert!(Gomoku::new(21, RuleSet::Renju).is_err());
}
