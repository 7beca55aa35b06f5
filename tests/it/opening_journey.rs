//! An opening rule on the real binary, the way a player meets it: Swap2
//! chosen in New game (kept in the settings), the computer places the
//! three stones, the person swaps from the panel, plays, takes it all back
//! to the choice with Ctrl+Z, keeps White instead and plays on; the
//! autosave holds every opening action and replays.

use super::journey::{Journey, SoundOut};
use crate::at;
use lineup_core::match_state::Match;
use lineup_core::rules::opening::{OpeningRule, Player, Step};
use lineup_core::rules::{Point, Side};

/// Where the game says the opening choice `action` shows: its log line
/// "Opening choices: OpeningChoice::Keep@1177,285 OpeningChoice::Swap@1044,285 …".
fn place_of(line: &str, action: &str) -> (u32, u32) {
    let at = line
        .split_whitespace()
        .find_map(|w| w.strip_prefix(&format!("{action}@")))
        .unwrap_or_else(|| panic!("no {action} in: {line}"));
    let (x, y) = at.split_once(',').expect("x,y");
    (x.parse().expect("x"), y.parse().expect("y"))
}

/// Window pixel of a point of the 15×15 board (the window is 1280×800).
fn pixel(p: Point) -> (u32, u32) {
    (
        (490 + (i32::from(p.x) - 7) * 45) as u32,
        (410 - (i32::from(p.y) - 7) * 45) as u32,
    )
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn swap2_against_the_computer_from_new_game() {
    let mut journey = Journey::new("swap2_opening");
    // The last New game was freestyle Gomoku under Swap2, the computer
    // first: New game opens on it.
    journey.write_settings(
        "(last_setup: Some((kind: Gomoku(size: 15, rule: Freestyle), \
         players: (Computer(Beginner), Human), opening: Swap2)))",
    );
    journey.launch(SoundOut::Nowhere, &[]);
    journey.wait_for("Menu: Some(None) -> Some(Main)");
    journey.click_button(at::TITLE_NEW_GAME, "MenuRequest::OpenNewGame");
    journey.wait_for("Menu: Some(Main) -> Some(NewGame)");
    journey.click_button(at::NEW_GAME_START_GOMOKU, "NewGameRequest::StartGame");
    journey.wait_for("Screen: Some(Title) -> Some(Game)");
    // The computer places Black, White, Black; then the person chooses.
    journey.wait_for("Opening step: Swap2Choice, Second to act");
    let choices = journey.wait_for("Opening choices: ");
    for choice in [
        "OpeningChoice::Keep",
        "OpeningChoice::Swap",
        "OpeningChoice::PlaceTwo",
    ] {
        place_of(&choices, choice);
    }
    journey.click_button(
        place_of(&choices, "OpeningChoice::Swap"),
        "OpeningChoice::Swap",
    );
    journey.wait_for("Opening action: swap");
    // The person took Black: the computer, now White, makes move 4.
    journey.wait_for("Move applied:");
    let line = journey.wait_for("Piece landed:");
    assert!(line.contains("(ply 3)"), "{line}");
    journey.click(pixel(Point::new(0, 0)).0, pixel(Point::new(0, 0)).1);
    journey.wait_for("Move applied: a1 by First (ply 4)");
    // Ctrl+Z takes back the person's move; again, the computer's move and
    // the swap before it, back to the choice.
    journey.key("ctrl+z");
    journey.wait_for("Moves taken back: 1");
    journey.key("ctrl+z");
    journey.wait_for("Opening taken back to 3 actions: Swap2Choice");
    journey.wait_for("Moves taken back: 2");
    let choices = journey.wait_for("Opening choices: ");
    journey.click_button(
        place_of(&choices, "OpeningChoice::Keep"),
        "OpeningChoice::Keep",
    );
    journey.wait_for("Opening action: keep");
    // Now the person is White and makes move 4.
    journey.click(pixel(Point::new(14, 14)).0, pixel(Point::new(14, 14)).1);
    journey.wait_for("Move applied: o15 by Second (ply 3)");
    journey.wait_for("Piece landed: o15 (ply 3)");
    // The computer answers as Black.
    journey.wait_for("by First (ply 4)");
    journey.interrupt();

    let save = lineup_core::persist::games::latest(&journey.folders()).expect("kept");
    assert_eq!(save.setup.opening(), OpeningRule::Swap2);
    let words: Vec<&str> = save.opening.split_whitespace().collect();
    assert_eq!(words.len(), 4, "three stones and keep: {}", save.opening);
    assert_eq!(words[3], "keep");
    let game = save.replay().expect("the autosave replays");
    assert_eq!(game.move_count(), 5, "{}", save.moves);
    let resumed = Match::from_save(&save, game);
    let opening = resumed.opening().expect("the opening is kept");
    assert_eq!(opening.step(), Step::Decided);
    assert_eq!(
        opening.holder(Side::Second),
        Player::Second,
        "the person kept White"
    );
    assert!(resumed.player_of(Side::First).is_computer());

    // The settings still hold the choice for the next New game.
    let settings = std::fs::read_to_string(journey.folders().settings_file()).expect("settings");
    assert!(settings.contains("opening: Swap2"), "{settings}");
}
