//! Game-flow journeys on the real binary, driven like a player with real keys
//! and clicks (see `journey.rs`), each checked by what the game logs and what
//! it writes to its files.

use crate::journey::{Journey, SoundOut};
use lineup::persist::save_file::SaveFile;
use std::time::Duration;

#[test]
fn a_click_on_a_column_lands_a_disc_there() {
    let Some(mut journey) = Journey::new("click_lands_a_disc") else {
        return;
    };
    journey.launch(SoundOut::Nowhere, &["--game", "connect4"]);
    journey.wait_for("Screen: Some(Loading) -> Some(Game)");
    // The middle column's pixels (the window is 1280x800).
    journey.click(490, 410);
    journey.wait_for("Piece landed: column 4 (ply 0)");
    journey.interrupt();
    let save = SaveFile::read(&journey.folders().autosave_file()).expect("autosaved");
    assert_eq!(save.moves, "4");
}

#[test]
fn esc_while_the_computer_thinks_stops_it_until_resume() {
    let Some(mut journey) = Journey::new("esc_stops_the_computer") else {
        return;
    };
    journey.launch(
        SoundOut::Nowhere,
        &["--game", "connect4", "--second", "computer:beginner"],
    );
    journey.wait_for("Screen: Some(Loading) -> Some(Game)");
    journey.key("4");
    journey.wait_for("Move applied: column 4 by First");
    journey.key("Escape");
    journey.wait_for("Menu: Some(None) -> Some(Pause)");
    // A Beginner answers in well under this; paused, it must not.
    std::thread::sleep(Duration::from_secs(2));
    assert!(
        !journey.printed("by Second"),
        "the computer moved behind the pause menu"
    );
    journey.key("Escape");
    journey.wait_for("Menu: Some(Pause) -> Some(None)");
    journey.wait_for("by Second (ply 1)");
    journey.interrupt();
}

#[test]
fn killed_mid_game_the_autosave_gives_the_same_position() {
    let Some(mut journey) = Journey::new("kill_and_continue") else {
        return;
    };
    journey.launch(SoundOut::Nowhere, &["--game", "connect4"]);
    journey.wait_for("Screen: Some(Loading) -> Some(Game)");
    for (key, landed) in [("4", "(ply 0)"), ("3", "(ply 1)"), ("5", "(ply 2)")] {
        journey.key(key);
        journey.wait_for(&format!("Piece landed: column {key} {landed}"));
    }
    journey.kill();
    // Start again from the autosave the killed game left.
    let autosave = journey.folders().autosave_file();
    journey.launch(
        SoundOut::Nowhere,
        &["--load", autosave.to_str().expect("a path")],
    );
    journey.wait_for("Screen: Some(Loading) -> Some(Game)");
    // The fourth move is Yellow's: the three before it are there.
    journey.key("4");
    journey.wait_for("Move applied: column 4 by Second (ply 3)");
    journey.interrupt();
    let save = SaveFile::read(&journey.folders().autosave_file()).expect("autosaved");
    assert_eq!(save.moves, "4354");
}
