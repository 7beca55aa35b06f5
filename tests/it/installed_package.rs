//! The Debian package as a player meets it: `scripts/package-test.sh`
//! builds it, installs it with dpkg and apt-get, and then runs these (they
//! are ignored otherwise: they need the package installed, and root).
//! The game starts from /usr/games in a folder of its own with only HOME
//! set, finds its sounds, book and fonts inside itself, plays a move by a
//! click, is heard, and quits from its menu; its files land where a
//! player's do.

use crate::journey::{Journey, SoundOut, dbfs, window_rms};
use lineup_core::persist::folders::Folders;
use lineup_core::persist::games;
use std::path::Path;

const GAME: &str = "/usr/games/lineup";

/// The title menu's Quit, its last button, under Continue (window pixels,
/// 1280x800).
const TITLE_QUIT_UNDER_CONTINUE: (u32, u32) = (640, 700);

#[test]
#[ignore = "needs the package installed: scripts/package-test.sh installs it and runs this"]
fn the_installed_game_plays_a_move_is_heard_and_quits() {
    let mut journey = Journey::new("installed_package");
    journey.launch_installed(Path::new(GAME), SoundOut::File, &[]);
    journey.wait_for("Menu: Some(None) -> Some(Main)");
    journey.click_button(crate::at::TITLE_NEW_GAME, "MenuRequest::OpenNewGame");
    journey.wait_for("Menu: Some(Main) -> Some(NewGame)");
    journey.click_button(crate::at::NEW_GAME_START, "NewGameRequest::StartGame");
    journey.wait_for("Screen: Some(Title) -> Some(Game)");
    let (x, y) = crate::at::BOARD_CENTRE;
    journey.click(x, y);
    journey.wait_for("Piece landed: column 4 (ply 0)");
    // Out through the menus, as a player leaves.
    journey.key("Escape");
    journey.wait_for("Menu: Some(None) -> Some(Pause)");
    journey.click_button(crate::at::PAUSE_QUIT_TO_TITLE, "MenuRequest::QuitToTitle");
    journey.wait_for("Screen: Some(Game) -> Some(Title)");
    journey.click_button(TITLE_QUIT_UNDER_CONTINUE, "MenuRequest::Quit");
    let status = journey.wait_exit();
    assert!(status.success(), "the game quit with {status}");

    // Its files are where a player's are: ~/.local/share/lineup.
    let data = journey.home().join(".local/share/lineup");
    let save = games::newest_unfinished(&Folders {
        config: journey.home().join(".config/lineup"),
        data,
    })
    .map(|(save, _)| save)
    .expect("the game was kept under HOME");
    assert!(save.moves.starts_with('4'), "moves {}", save.moves);
    // And it was heard: the music from the title on.
    let loudest = window_rms(&journey.sound_file())
        .into_iter()
        .fold(0.0, f64::max);
    assert!(dbfs(loudest) > -45.0, "silent: {:.1} dBFS", dbfs(loudest));
}

#[test]
#[ignore = "needs the package installed: scripts/package-test.sh installs it and runs this"]
fn the_installed_engine_answers_a_manager() {
    use std::io::Write;
    let mut engine = std::process::Command::new("/usr/games/pbrain-lineup")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("pbrain-lineup is installed beside the game");
    engine
        .stdin
        .take()
        .expect("piped")
        .write_all(b"START 15\nBEGIN\nEND\n")
        .expect("commands written");
    let output = engine.wait_with_output().expect("the engine ends");
    let answer = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success());
    assert!(answer.starts_with("OK\n"), "{answer}");
    let (x, y) = answer
        .lines()
        .nth(1)
        .and_then(|l| l.split_once(','))
        .expect("a move x,y");
    assert!(x.parse::<u8>().is_ok_and(|x| x < 15) && y.parse::<u8>().is_ok_and(|y| y < 15));
}
