//! A Gomocup engine from the game, the way a player meets it: the game
//! installed with `pbrain-lineup` beside it finds that engine by itself,
//! New game offers it as White against the computer, and the Renju game
//! runs to its end from the window; the autosave holds the whole game and
//! no engine process outlives the game.

use super::journey::{Journey, SoundOut};
use crate::at;
use lineup_core::rules::Ending;

/// Start, at the foot of New game, one row lower than usual: the row for
/// the engines' time shows while an engine plays.
const NEW_GAME_START_WITH_ENGINE: (u32, u32) = (
    at::NEW_GAME_START_GOMOKU.0,
    at::NEW_GAME_START_GOMOKU.1 + 28,
);

/// The processes running the program at `path`.
pub(crate) fn running(path: &std::path::Path) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| std::fs::read_link(format!("/proc/{pid}/exe")).is_ok_and(|exe| exe == path))
        .collect()
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn a_renju_game_against_pbrain_lineup_runs_to_its_end() {
    let mut journey = Journey::new("engine_game");
    // Installed as the game ships: the engine beside the game.
    let engine = journey.dir.join("bin/pbrain-lineup");
    std::fs::copy(crate::pbrain_lineup(), &engine).expect("the engine copied");
    // The last New game: the computer (Black) against the first engine of
    // the list, a second a move. The list itself is empty: the game finds
    // its own engine.
    journey.write_settings(
        "(last_setup: Some((kind: Gomoku(size: 15, rule: Renju), \
         players: (Computer(Beginner), Engine(0)), engine_time: 1)))",
    );
    journey.launch(SoundOut::Nowhere, &[]);
    journey.wait_for("Menu: Some(None) -> Some(Main)");
    journey.click_button(at::TITLE_NEW_GAME, "MenuRequest::OpenNewGame");
    journey.wait_for("Menu: Some(Main) -> Some(NewGame)");
    journey.click_button(NEW_GAME_START_WITH_ENGINE, "NewGameRequest::StartGame");
    journey.wait_for("Screen: Some(Title) -> Some(Game)");
    journey.wait_for("by First (ply 0)");
    journey.wait_for("by Second (ply 1)");
    assert!(
        !running(&engine).is_empty(),
        "the engine runs while the game goes on"
    );
    journey.wait_for("GamePhase: Some(Playing) -> Some(Over)");
    journey.interrupt();

    let save = lineup_core::persist::games::latest(&journey.folders()).expect("kept");
    let game = save.replay().expect("the autosave replays");
    assert!(
        matches!(game.ending(), Some(Ending::Win(_) | Ending::Draw)),
        "a five or a full board, not a forfeit: {:?} after {}",
        game.ending(),
        save.moves
    );
    assert!(game.move_count() >= 9, "{}", save.moves);
    let settings = std::fs::read_to_string(journey.folders().settings_file()).expect("settings");
    assert!(settings.contains("pbrain-lineup"), "{settings}");
    assert!(
        running(&engine).is_empty(),
        "no engine process outlives the game"
    );
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn an_engine_that_crashes_loses_and_the_window_says_so() {
    let mut journey = Journey::new("engine_crash");
    // A program that starts, then dies when asked for a move, added to
    // the list from the command line.
    let engine = journey.dir.join("engines/pbrain-crash");
    std::fs::create_dir_all(engine.parent().expect("a folder")).expect("a folder");
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/lineup-core/tests/engines/crash.sh"
    );
    std::fs::copy(script, &engine).expect("the engine copied");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755)).expect("executable");
    let engine_arg = engine.display().to_string();
    journey.launch(
        SoundOut::Nowhere,
        &[
            "--add-engine",
            &engine_arg,
            "--game",
            "gomoku",
            "--second",
            "engine:1",
        ],
    );
    journey.wait_for("Engine crash added as engine 1");
    journey.wait_for("Screen: Some(Loading) -> Some(Game)");
    journey.click(at::BOARD_CENTRE.0, at::BOARD_CENTRE.1);
    journey.wait_for("Move applied: h8 by First (ply 0)");
    journey.wait_for("forfeits: crashed");
    journey.wait_for("GamePhase: Some(Playing) -> Some(Over)");
    let title = journey.x_output("xdotool", &["search", "--name", "^Lineup", "getwindowname"]);
    assert!(
        title.contains("White forfeits: crash (engine) crashed"),
        "{title}"
    );
    journey.interrupt();
    let settings = std::fs::read_to_string(journey.folders().settings_file()).expect("settings");
    assert!(
        settings.contains("pbrain-crash"),
        "the engine is remembered: {settings}"
    );
}
