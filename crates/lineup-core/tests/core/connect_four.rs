//! Connect Four rules: random games against the reference, undo/redo, and
//! the fixed cases (full column, full board, a win on the last cell).

use crate::reference::{RefConnectFour, RefResult};
use lineup_core::rules::connect_four::Cell;
use lineup_core::rules::{
    Column, ConnectFour, ConnectFourSize, Game, MoveError, Outcome, Rules, Side,
};
use proptest::prelude::*;

/// Our outcome in the reference's terms.
fn as_ref_result(outcome: Option<&Outcome<Cell>>) -> RefResult {
    match outcome {
        None => RefResult::Ongoing,
        Some(Outcome::Draw) => RefResult::Draw,
        Some(Outcome::Win { winner, cells }) => RefResult::Win(
            *winner,
            cells
                .iter()
                .map(|c| (c.column as usize, c.row as usize))
                .collect(),
        ),
        Some(Outcome::Resignation { .. }) => panic!("nobody resigned"),
    }
}

fn sizes() -> impl Strategy<Value = ConnectFourSize> {
    prop_oneof![
        3 => Just(ConnectFourSize::STANDARD),
        1 => (4u8..=9, 4u8..=9).prop_map(|(c, r)| ConnectFourSize::new(c, r).expect("in range")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// Same winner, same winning cells, same draw as the reference, move by
    /// move, and the board agrees cell by cell.
    #[test]
    fn random_games_match_the_reference(size in sizes(), picks in prop::collection::vec(any::<u8>(), 0..90)) {
        let mut game = Game::new(ConnectFour::new(size));
        let mut reference = RefConnectFour::new(size.columns() as usize, size.rows() as usize);
        for pick in picks {
            let legal = reference.legal();
            if legal.is_empty() || game.is_over() {
                break;
            }
            let column = legal[pick as usize % legal.len()];
            let expected = reference.play(column);
            let ours = game.play(Column(column as u8)).map(|o| o.cloned());
            prop_assert_eq!(as_ref_result(ours.expect("legal move").as_ref()), expected);
            prop_assert_eq!(game.to_move(), Side::of_ply(reference.moves));
        }
        for column in 0..size.columns() {
            prop_assert_eq!(game.position().height(Column(column)) as usize, reference.columns[column as usize].len());
            for row in 0..size.rows() {
                prop_assert_eq!(game.position().at(Cell { column, row }), reference.at(column as usize, row as usize));
            }
        }
        // After the end, every move is refused and changes nothing.
        if game.is_over() {
            let before = game.clone();
            prop_assert_eq!(game.play(Column(0)), Err(MoveError::GameOver));
            prop_assert_eq!(&game, &before);
        }
    }

    /// Undo puts back exactly the previous state; redo the next one.
    #[test]
    fn undo_restores_and_redo_replays(picks in prop::collection::vec(any::<u8>(), 0..60)) {
        let mut game = Game::new(ConnectFour::default());
        for pick in picks {
            let legal: Vec<Column> = game.position().legal_columns().collect();
            if legal.is_empty() || game.is_over() {
                break;
            }
            let before = game.clone();
            game.play(legal[pick as usize % legal.len()]).expect("legal move");
            let after = game.clone();
            game.undo();
            prop_assert_eq!(game.position(), before.position());
            prop_assert_eq!(game.history(), before.history());
            prop_assert_eq!(game.outcome(), None);
            game.redo();
            prop_assert_eq!(&game, &after);
        }
        // Undoing everything gives back the empty board.
        while game.undo().is_some() {}
        prop_assert_eq!(game.position(), &ConnectFour::default());
        prop_assert!(game.history().is_empty());
    }
}

#[test]
fn a_full_column_is_refused_and_nothing_changes() {
    let mut game =
        ConnectFour::game_from_moves(ConnectFourSize::STANDARD, "444444").expect("legal");
    let before = game.clone();
    assert_eq!(
        game.play(Column(3)),
        Err(MoveError::ColumnFull { column: 3 })
    );
    assert_eq!(game, before);
    assert_eq!(game.play(Column(7)), Err(MoveError::OutsideBoard));
    assert_eq!(game, before);
    assert!(!game.position().can_play(Column(3)));
    assert_eq!(game.position().landing_cell(Column(3)), None);
    assert_eq!(
        game.position().landing_cell(Column(2)),
        Some(Cell { column: 2, row: 0 })
    );
}

#[test]
fn a_full_board_without_a_line_is_a_draw() {
    let moves = "256426457127755361771411454217542236336633";
    let game =
        ConnectFour::game_from_moves(ConnectFourSize::STANDARD, &moves[..41]).expect("legal");
    assert_eq!(game.outcome(), None);
    let game = ConnectFour::game_from_moves(ConnectFourSize::STANDARD, moves).expect("legal");
    assert_eq!(game.outcome(), Some(&Outcome::Draw));
    assert_eq!(game.position().legal_columns().count(), 0);
}

#[test]
fn a_win_on_the_last_cell_is_a_win_not_a_draw() {
    let moves = "317133624532157157254277765514231366462644";
    let game = ConnectFour::game_from_moves(ConnectFourSize::STANDARD, moves).expect("legal");
    assert_eq!(game.position().moves_played(), 42);
    match game.outcome() {
        Some(Outcome::Win { winner, cells }) => {
            assert_eq!(*winner, Side::Second);
            assert!(
                cells.contains(&Cell { column: 3, row: 5 }),
                "the last disc is in the line: {cells:?}"
            );
            assert!(cells.len() >= 4);
        }
        other => panic!("expected a win, got {other:?}"),
    }
}

#[test]
fn winning_cells_cover_every_line_through_the_last_disc() {
    // First completes a row (columns 1-4, bottom) and nothing else.
    let game = ConnectFour::game_from_moves(ConnectFourSize::STANDARD, "1122334").expect("legal");
    let cells: Vec<Cell> = (0..4).map(|column| Cell { column, row: 0 }).collect();
    assert_eq!(
        game.outcome(),
        Some(&Outcome::Win {
            winner: Side::First,
            cells
        })
    );
    // Filling the gap of 1 2 _ 4 5 makes a run of five: all five light up.
    let game = ConnectFour::game_from_moves(ConnectFourSize::STANDARD, "112244553").expect("legal");
    let cells: Vec<Cell> = (0..5).map(|column| Cell { column, row: 0 }).collect();
    assert_eq!(
        game.outcome(),
        Some(&Outcome::Win {
            winner: Side::First,
            cells
        })
    );
}

#[test]
fn sizes_outside_the_range_are_refused() {
    assert!(ConnectFourSize::new(3, 6).is_err());
    assert!(ConnectFourSize::new(7, 10).is_err());
    assert!(ConnectFourSize::new(10, 7).is_err());
    assert!(ConnectFourSize::new(9, 9).is_ok());
    assert_eq!(
        ConnectFourSize::new(4, 3).unwrap_err().to_string(),
        "rows must be from 4 to 9, not 3"
    );
}

#[test]
fn resignation_ends_the_game_and_undo_takes_it_back() {
    let mut game = ConnectFour::game_from_moves(ConnectFourSize::STANDARD, "44").expect("legal");
    game.resign(game.to_move()).expect("game on");
    assert_eq!(
        game.outcome(),
        Some(&Outcome::Resignation {
            winner: Side::Second
        })
    );
    assert_eq!(game.play(Column(0)), Err(MoveError::GameOver));
    assert_eq!(game.resign(Side::First), Err(MoveError::GameOver));
    assert_eq!(game.undo(), Some(lineup_core::rules::Undone::Resignation));
    assert_eq!(game.outcome(), None);
    assert_eq!(game.history().len(), 2);
    assert!(game.position().to_move() == Side::First);
}
