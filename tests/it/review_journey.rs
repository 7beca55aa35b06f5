//! Review mode on the real binary, used as a player does: Esc, Review
//! game, arrows and Home/End, a click on the move list, Save image (a PNG
//! of the board in the exports folder), Play from here, then Ctrl+Z takes
//! back one of the kept moves; the autosave has the new game.

use crate::at;
use crate::journey::{Journey, SoundOut};
use crate::window::Shot;

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn review_steps_saves_a_picture_and_plays_on_from_an_earlier_move() {
    let mut journey = Journey::new("review");
    journey.launch(
        SoundOut::Nowhere,
        &["--game", "connect4", "--moves", "4455443"],
    );
    journey.wait_for("Screen: Some(Loading) -> Some(Game)");
    journey.park_pointer();
    journey.key("Escape");
    journey.wait_for("Menu: Some(None) -> Some(Pause)");
    journey.click_button(at::PAUSE_REVIEW, "ReviewRequest::Open");
    journey.wait_for("Review: move 7 of 7");
    journey.key("Left");
    journey.wait_for("Review: move 6 of 7");
    journey.key("Home");
    journey.wait_for("Review: move 0 of 7");
    // Two clicks on ">" at one place step twice: the verdict that appears
    // after the first moves nothing under the pointer.
    journey.click_button(at::FORWARD, "ReviewRequest::Forward");
    journey.wait_for("Review: move 1 of 7");
    journey.click_again("ReviewRequest::Forward");
    journey.wait_for("Review: move 2 of 7");
    journey.key("End");
    journey.wait_for("Review: move 7 of 7");
    journey.click_button(at::LIST_MOVE_3, "ReviewRequest::Jump(3)");
    journey.wait_for("Review: move 3 of 7");
    journey.click_button(at::SAVE_IMAGE, "ReviewRequest::ShareImage");
    let line = journey.wait_for("Review: image saved to ");
    let path = line.split("saved to ").nth(1).expect("a path").trim();
    let picture = Shot::load(std::path::Path::new(path));
    // The board only (its 7x6 frame, 96-pixel cells, and a small margin):
    // not the panel beside it.
    assert!(
        (700..760).contains(&picture.width) && (640..710).contains(&picture.height),
        "{}x{}",
        picture.width,
        picture.height
    );
    assert!(
        picture.count_near([26, 82, 204], 30) > 100_000,
        "the blue frame"
    );
    assert!(picture.count_near([224, 38, 43], 30) > 5_000, "red discs");
    journey.click_button(at::PLAY_FROM_HERE, "ReviewRequest::PlayFromHere");
    journey.wait_for("Review: a new game from move 3");
    journey.wait_for("Review: back to the game");
    journey.key("ctrl+z");
    journey.wait_for("Moves taken back: 1");
    journey.interrupt();
    let save = lineup_core::persist::games::latest(&journey.folders()).expect("kept");
    assert_eq!(save.moves, "44", "the new game after one undo");
}
