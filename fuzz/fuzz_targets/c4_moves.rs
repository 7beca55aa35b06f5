//! Connect Four move strings (`4453`): `rules::connect_four::parse_moves`
//! and `ConnectFour::game_from_moves` on every board size.
//!
//! Invariants: no panic. Moves that parse, written back with
//! `format_moves`, parse to the same moves. `game_from_moves` refuses
//! exactly the strings `parse_moves` refuses, plus those with a move the
//! board does not allow (the refusal names that move); a game it gives
//! has exactly the moves of the string.
//!
//! Reads: rules/connect_four/ rules/game.rs rules/notation.rs
#![no_main]

use libfuzzer_sys::fuzz_target;
use lineup_core::rules::connect_four::{format_moves, parse_moves};
use lineup_core::rules::{ConnectFour, ConnectFourSize};

fuzz_target!(|data: &[u8]| {
    // The first byte picks the board, the rest is the text.
    let Some((pick, text)) = lineup_fuzz::choice_and_text(data) else {
        return;
    };
    let span = ConnectFourSize::MAX_COLUMNS - ConnectFourSize::MIN + 1;
    let columns = ConnectFourSize::MIN + pick % span;
    let rows = ConnectFourSize::MIN + pick / span % span;
    let size = ConnectFourSize::new(columns, rows).expect("a size in range");
    let parsed = parse_moves(text);
    let game = ConnectFour::game_from_moves(size, text);
    match parsed {
        Ok(moves) => {
            let written = format_moves(&moves);
            assert_eq!(parse_moves(&written).as_ref(), Ok(&moves), "{written}");
            match game {
                Ok(game) => assert_eq!(game.history(), &moves[..]),
                Err(e) => assert!(e.move_index.is_some_and(|i| i < moves.len()), "{e:?}"),
            }
        }
        Err(e) => {
            assert!(e.offset < text.len());
            assert_eq!(game.err(), Some(e));
        }
    }
});
