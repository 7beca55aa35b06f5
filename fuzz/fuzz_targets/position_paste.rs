//! Positions pasted into the analysis board: `analysis::diagram::paste`
//! (move strings, Gomocalc's position code, `.psq` text, board diagrams)
//! on the standard Connect Four board and on 15×15 Gomoku under each rule
//! set, the first byte picking which.
//!
//! Invariants: no panic; a position read, written as a diagram
//! (`analysis::diagram::diagram`), pastes back to the same position, of
//! the kind pasted on; moves read all replay, in turn, from the empty
//! board of that kind.
//!
//! Reads: analysis/diagram.rs analysis/psq.rs
#![no_main]

use libfuzzer_sys::fuzz_target;
use lineup_core::analysis::diagram::{Pasted, diagram, paste};
use lineup_core::match_setup::GameKind;
use lineup_core::rules::{ConnectFourSize, GomokuSize, RuleSet};

fuzz_target!(|data: &[u8]| {
    let Some((pick, text)) = lineup_fuzz::choice_and_text(data) else {
        return;
    };
    let kind = match pick % 4 {
        0 => GameKind::ConnectFour {
            size: ConnectFourSize::STANDARD,
        },
        n => GameKind::Gomoku {
            size: GomokuSize::STANDARD,
            rule: [RuleSet::Freestyle, RuleSet::ExactFive, RuleSet::Renju][usize::from(n - 1)],
        },
    };
    match paste(text, &kind) {
        Ok(Pasted::Position(setup)) => {
            assert_eq!(setup.kind(), kind);
            let drawn = diagram(&setup);
            assert_eq!(paste(&drawn, &kind), Ok(Pasted::Position(setup)), "{drawn}");
        }
        Ok(Pasted::Moves(moves)) => {
            let mut game = kind.new_game();
            for (i, &mv) in moves.iter().enumerate() {
                if let Err(e) = game.play(mv) {
                    panic!("move {i} of {moves:?}, {mv}: {e}");
                }
            }
        }
        Err(_) => {}
    }
});
