//! The study library's position key: `analysis::library::PositionKey` of
//! a Gomoku position built from the bytes (the first picks the board size
//! and the rules, then each pair of bytes a point, played from the empty
//! board; moves the rules refuse are skipped).
//!
//! Invariants: no panic; each of the 8 turned and mirrored images of the
//! position (`Setup::apply(SetupEdit::Transform(..))`, every symmetry in
//! `Symmetry::ALL`) has the key of the position itself, and the inverse
//! turn takes the image back to the position; the key of the game and of
//! its set-up are the same.
//!
//! Reads: analysis/library.rs
#![no_main]

use libfuzzer_sys::fuzz_target;
use lineup_core::analysis::library::PositionKey;
use lineup_core::analysis::setup::{Setup, SetupEdit};
use lineup_core::match_setup::GameKind;
use lineup_core::rules::symmetry::Symmetry;
use lineup_core::rules::{BoardMove, GomokuSize, Point, RuleSet};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, moves)) = data.split_first() else {
        return;
    };
    let span = GomokuSize::MAX - GomokuSize::MIN + 1;
    let size = GomokuSize::MIN + pick % span;
    let rule =
        [RuleSet::Freestyle, RuleSet::ExactFive, RuleSet::Renju][usize::from(pick / span % 3)];
    let kind = GameKind::Gomoku {
        size: GomokuSize::new(size).expect("a size in range"),
        rule,
    };
    let mut game = kind.new_game();
    for pair in moves.chunks_exact(2) {
        let p = Point::new(pair[0] % size, pair[1] % size);
        // A refused move (taken point, foul, game over) is skipped.
        let _ = game.play(BoardMove::Point(p));
    }
    let setup = Setup::of_game(&game);
    let key = PositionKey::of_setup(&setup);
    assert_eq!(PositionKey::of_game(&game), key);
    for symmetry in Symmetry::ALL {
        let mut image = setup.clone();
        image
            .apply(SetupEdit::Transform(symmetry))
            .expect("a Gomoku board turns every way");
        assert_eq!(PositionKey::of_setup(&image), key, "{symmetry:?}");
        image
            .apply(SetupEdit::Transform(symmetry.inverse()))
            .expect("a Gomoku board turns every way");
        assert_eq!(image, setup, "{symmetry:?} then back");
    }
});
