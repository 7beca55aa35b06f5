//! Gomoku move strings (`h8i9j10`, `pass`): `rules::gomoku::parse_moves`,
//! `rules::gomoku::Point::parse` and `Gomoku::game_from_moves` on every
//! board size and rule set.
//!
//! Invariants: no panic. Moves that parse, written back with
//! `format_moves`, parse to the same moves; a point that parses, written
//! back (`Display`), parses to the same point. `game_from_moves` refuses
//! what `parse_moves` refuses, and otherwise gives a game with exactly the
//! string's moves or refuses one of them by its number.
//!
//! Reads: rules/gomoku/notation.rs rules/gomoku/point.rs rules/game.rs rules/notation.rs
#![no_main]

use libfuzzer_sys::fuzz_target;
use lineup_core::rules::gomoku::{format_moves, parse_moves};
use lineup_core::rules::{Gomoku, GomokuSize, Point, RuleSet};

fuzz_target!(|data: &[u8]| {
    let Some((pick, text)) = lineup_fuzz::choice_and_text(data) else {
        return;
    };
    if let Ok(point) = Point::parse(text) {
        assert_eq!(Point::parse(&point.to_string()), Ok(point));
    }
    let span = GomokuSize::MAX - GomokuSize::MIN + 1;
    let size = GomokuSize::MIN + pick % span;
    let rule =
        [RuleSet::Freestyle, RuleSet::ExactFive, RuleSet::Renju][usize::from(pick / span % 3)];
    let board = Gomoku::new(size, rule).expect("a size in range");
    let game = Gomoku::game_from_moves(board, text);
    match parse_moves(text) {
        Ok(moves) => {
            let written = format_moves(&moves);
            assert_eq!(parse_moves(&written).as_ref(), Ok(&moves), "{written}");
            match game {
                Ok(game) => assert_eq!(game.history(), &moves[..]),
                Err(e) => assert!(e.move_index.is_some_and(|i| i < moves.len()), "{e:?}"),
            }
        }
        Err(e) => {
            assert!(e.offset <= text.len());
            assert!(game.is_err_and(|g| g == e));
        }
    }
});
