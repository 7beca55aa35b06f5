//! What a new player tripped on offline (#66), on the real binary: How to
//! play opened with F1 from a game keeps its tabs where they are from page
//! to page (each clicked at one place), and Back returns to the game; the
//! title's Analysis board asks which game, and opens a Connect Four board.

use crate::at;
use crate::journey::{Journey, SoundOut};

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn how_to_play_from_a_game_keeps_its_tabs_still_and_goes_back_to_the_game() {
    let mut journey = Journey::new("how_to_play_tabs");
    journey.launch(SoundOut::Nowhere, &["--game", "gomoku", "--moves", "h8"]);
    journey.wait_for("Screen: Some(Loading) -> Some(Game)");
    journey.park_pointer();
    journey.key("F1");
    journey.wait_for("Menu: Some(None) -> Some(HowToPlay)");
    // Every page in turn, each tab where it was on the page before.
    for (tab, page) in [
        (at::TAB_RENJU, "Renju"),
        (at::TAB_OPENINGS, "Openings"),
        (at::TAB_CONNECT_FOUR, "ConnectFour"),
        (at::TAB_GOMOKU, "Gomoku"),
        (at::TAB_OPENINGS, "Openings"),
    ] {
        journey.click_button(tab, &format!("HowToPlayRequest::Show({page})"));
    }
    journey.key("Escape");
    journey.wait_for("Menu: Some(HowToPlay) -> Some(None)");
    journey.interrupt();
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn the_titles_analysis_board_opens_the_game_chosen() {
    let mut journey = Journey::new("analysis_board_choice");
    journey.launch(SoundOut::Nowhere, &[]);
    journey.wait_for("Menu: Some(None) -> Some(Main)");
    journey.click_button(at::TITLE_ANALYSIS, "MenuRequest::OpenAnalysis");
    journey.wait_for("Menu: Some(Main) -> Some(AnalysisBoard)");
    journey.click_button(at::NEXT_GAME, "AnalysisBoardRequest::Cycle(Game, 1)");
    journey.click_button(at::OPEN_BOARD, "AnalysisBoardRequest::Open");
    journey.wait_for("Analysis: opened");
    journey.park_pointer();
    // Connect Four's blue frame fills the board's place.
    let mut frame = 0;
    for _ in 0..50 {
        frame = journey.screen().count_near([26, 82, 204], 30);
        if frame > 100_000 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert!(frame > 100_000, "{frame} pixels of the blue frame");
    journey.interrupt();
}

/// The gap between the Connect Four frame and the side panel, in design
/// pixels, on the middle row of a screenshot at `size`: the frame's last
/// blue pixel to the panel's first.
fn board_to_panel_gap(size: (u32, u32)) -> f32 {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("board_gap-{}x{}", size.0, size.1));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    let shot = dir.join("shot.png");
    let output = std::process::Command::new("xvfb-run")
        .env("LINEUP_HOME", dir.join("home"))
        .args(["-a", "-s", "-screen 0 1920x1080x24"])
        .arg(env!("CARGO_BIN_EXE_lineup"))
        .args(["--window", &format!("{}x{}", size.0, size.1)])
        .args(["--game", "connect4", "--moves", "4453", "--screenshot"])
        .arg(&shot)
        .output()
        .expect("xvfb-run is installed");
    assert!(output.status.success(), "{output:?}");
    let picture = crate::window::Shot::load(&shot);
    let y = picture.height / 2;
    let blue = |[r, _, b]: [u8; 3]| b > 120 && b > r.saturating_add(50);
    let frame_right = (0..picture.width * 4 / 5)
        .rev()
        .find(|&x| blue(picture.around_one(x, y)))
        .expect("the blue frame");
    let sum = |p: [u8; 3]| p.iter().map(|&c| u32::from(c)).sum::<u32>();
    // The window's background, well right of the frame's shadow.
    let background = sum(picture.around_one(frame_right + 40, y));
    let panel_left = (frame_right + 40..picture.width)
        .find(|&x| sum(picture.around_one(x, y)) > background + 30)
        .expect("the side panel");
    let scale = (size.0 as f32 / 1280.0).min(size.1 as f32 / 800.0);
    (panel_left - frame_right) as f32 / scale
}

/// A wide window keeps the board and the panel together (the side column
/// is set in by half the room to spare): at 1920x1080 a wide empty gap
/// separated them.
#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn a_wide_window_keeps_the_board_and_the_panel_together() {
    let design = board_to_panel_gap((1280, 800));
    let wide = board_to_panel_gap((1920, 1080));
    assert!(
        (wide - design).abs() <= 3.0,
        "{wide:.0} design pixels at 1920x1080 against {design:.0} at 1280x800"
    );
}
