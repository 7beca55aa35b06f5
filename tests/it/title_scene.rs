//! The title screen's scene: its games are real games, won by their last
//! piece, and a dropped disc falls, bounces and comes to rest.

use lineup::screens::title_scene::{DISCS, FADE, GO_SIZE, ROUND, STONES, arrival, fall_offset};
use lineup_core::rules::gomoku::Move;
use lineup_core::rules::{Column, ConnectFour, ConnectFourSize, Game, Gomoku, Point, RuleSet};

#[test]
fn the_scenes_games_are_won_by_their_last_piece() {
    let mut four = Game::new(ConnectFour::new(ConnectFourSize::STANDARD));
    for (i, c) in DISCS.iter().enumerate() {
        assert!(four.outcome().is_none(), "won before disc {i}");
        four.play(Column(*c)).expect("a legal disc");
    }
    assert!(four.outcome().is_some(), "the last disc wins");
    let mut five = Game::new(Gomoku::new(GO_SIZE, RuleSet::Freestyle).expect("a size"));
    for (i, (x, y)) in STONES.iter().enumerate() {
        assert!(five.outcome().is_none(), "won before stone {i}");
        five.play(Move::from(Point::new(*x, *y)))
            .expect("a legal stone");
    }
    assert!(five.outcome().is_some(), "the last stone wins");
    // Every piece is down before the round fades.
    assert!(arrival(DISCS.len().max(STONES.len())) < ROUND - FADE);
}

#[test]
fn a_disc_falls_then_rests() {
    let height = 300.0;
    assert_eq!(fall_offset(0.0, height), height);
    assert!(fall_offset(0.1, height) < height);
    assert_eq!(fall_offset(5.0, height), 0.0);
    for i in 0..500 {
        let y = fall_offset(i as f32 * 0.004, height);
        assert!((0.0..=height).contains(&y), "{y} at step {i}");
    }
}
