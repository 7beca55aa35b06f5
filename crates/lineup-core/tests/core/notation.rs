//! Move notation: round trips and error messages that say where and why.

use lineup_core::rules::connect_four::{format_moves as format_c4, parse_moves as parse_c4};
use lineup_core::rules::gomoku::Move;
use lineup_core::rules::gomoku::{format_moves as format_gomoku, parse_moves as parse_gomoku};
use lineup_core::rules::{Column, ConnectFour, ConnectFourSize, Game, Gomoku, Point, RuleSet};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// A random legal game, written and read back, is the same game.
    #[test]
    fn connect_four_games_round_trip(picks in prop::collection::vec(any::<u8>(), 0..42)) {
        let mut game = Game::new(ConnectFour::default());
        for pick in picks {
            let legal: Vec<Column> = game.position().legal_columns().collect();
            if legal.is_empty() || game.is_over() {
                break;
            }
            game.play(legal[pick as usize % legal.len()]).expect("legal");
        }
        let text = format_c4(game.history());
        prop_assert_eq!(parse_c4(&text).expect("parses"), game.history().to_vec());
        let replayed = ConnectFour::game_from_moves(ConnectFourSize::STANDARD, &text).expect("legal");
        prop_assert_eq!(replayed, game);
    }

    /// Any list of points and passes on a 20×20 board round-trips
    /// through a move string.
    #[test]
    fn gomoku_move_strings_round_trip(points in prop::collection::vec((0u8..21, 0u8..20), 0..60)) {
        // x = 20 stands for a pass.
        let moves: Vec<Move> = points
            .into_iter()
            .map(|(x, y)| if x == 20 { Move::Pass } else { Move::Stone(Point::new(x, y)) })
            .collect();
        let text = format_gomoku(&moves);
        prop_assert_eq!(parse_gomoku(&text).expect("parses"), moves);
    }
}

#[test]
fn every_point_round_trips() {
    for x in 0..20 {
        for y in 0..20 {
            let p = Point::new(x, y);
            assert_eq!(Point::parse(&p.to_string()), Ok(p));
        }
    }
    assert_eq!(Point::new(7, 7).to_string(), "h8");
    assert_eq!(Point::parse("H8"), Ok(Point::new(7, 7)));
    assert_eq!(Point::parse("j10"), Ok(Point::new(9, 9)));
    assert_eq!(
        format_gomoku(&[Point::new(7, 7), Point::new(8, 8), Point::new(9, 9)].map(Move::Stone)),
        "h8i9j10"
    );
    assert_eq!(parse_gomoku("h8, i9 j10").expect("parses").len(), 3);
}

#[test]
fn bad_points_say_where_and_why() {
    let err = Point::parse("8h").unwrap_err();
    assert_eq!(
        (err.offset, err.reason.as_str()),
        (0, "expected a column letter, found '8'")
    );
    let err = Point::parse("h").unwrap_err();
    assert_eq!(
        (err.offset, err.reason.as_str()),
        (1, "expected a row number after the column letter")
    );
    assert_eq!(
        Point::parse("h0").unwrap_err().reason,
        "row 0 is not from 1 to 26"
    );
    assert_eq!(Point::parse("h8x").unwrap_err().offset, 2);
    assert_eq!(
        parse_gomoku("h8i9?").unwrap_err().to_string(),
        "at character 5: expected a column letter, found '?'"
    );
}

#[test]
fn bad_connect_four_strings_say_where_and_why() {
    let err = parse_c4("44a3").unwrap_err();
    assert_eq!(
        err.to_string(),
        "at character 3: 'a' is not a column digit 1-9"
    );
    assert_eq!(parse_c4("0").unwrap_err().offset, 0);

    let err = ConnectFour::game_from_moves(ConnectFourSize::STANDARD, "4444444").unwrap_err();
    assert_eq!(err.to_string(), "move 7 (at character 7): column 4 is full");
    let err = ConnectFour::game_from_moves(ConnectFourSize::STANDARD, "448").unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 3 (at character 3): that is outside the board"
    );
    // First has four in column 1 after move 7; move 8 comes too late.
    let err = ConnectFour::game_from_moves(ConnectFourSize::STANDARD, "12121212").unwrap_err();
    assert_eq!(err.to_string(), "move 8 (at character 8): the game is over");
}

#[test]
fn illegal_gomoku_moves_in_a_string_are_named() {
    let err =
        Gomoku::game_from_moves(Gomoku::standard(RuleSet::Freestyle), "h8 i9 h8").unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 3 (at character 7): h8: that point is already taken"
    );
    let err = Gomoku::game_from_moves(Gomoku::new(9, RuleSet::Freestyle).expect("size"), "j10")
        .unwrap_err();
    assert_eq!(err.move_index, Some(0));
    assert!(err.reason.contains("outside"), "{err}");
}
