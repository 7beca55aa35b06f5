//! Every text fits its box: the real program, in each language, at three
//! window sizes, on every kind of screen, reports no "Text overflow" line
//! (the check `--screenshot` makes of every text on screen: its glyphs must
//! stay inside its parent's inner box and the window), no "Box squashed"
//! (a box laid out lower than its height) and, with a toast on screen in a
//! game, no "Text covered" (board text under it).

use std::path::PathBuf;
use std::process::Command;

const SIZES: [&str; 3] = ["800x600", "1280x800", "1920x1080"];

/// A Renju game under Soosõrv-8 with seven fifth moves offered: the
/// longest opening a review panel tells.
const SOOSORV_GAME: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/it/data/soosorv8_game.ron"
);

const SCREENS: [&[&str]; 14] = [
    &[],
    &["--menu", "new-game"],
    &["--menu", "settings"],
    &["--menu", "how-to-play"],
    &["--menu", "load"],
    &["--menu", "online"],
    &["--menu", "analysis-board"],
    &[
        "--game",
        "connect4",
        "--second",
        "computer:medium",
        "--moves",
        "44",
    ],
    &["--game", "gomoku", "--moves", "h8i9", "--menu", "pause"],
    &["--game", "connect4", "--moves", "4455667"],
    &["--game", "gomoku", "--moves", "h8i9j10", "--review", "2"],
    &["--game", "connect4", "--moves", "445", "--menu", "save"],
    &["--load", SOOSORV_GAME, "--review", "5"],
    &["--load", SOOSORV_GAME],
];

fn overflows(language: &str) -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("text_fits-{language}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder for the shots");
    let mut found = Vec::new();
    for size in SIZES {
        for screen in SCREENS {
            // In a game, a window toast on screen (a damaged settings file
            // says so at start) must cover no text on the board.
            if screen.iter().any(|a| *a == "--game" || *a == "--load") {
                let config = dir.join("home/config");
                std::fs::create_dir_all(&config).expect("a config folder");
                std::fs::write(config.join("settings.ron"), "(").expect("a damaged settings file");
            }
            let output = Command::new("xvfb-run")
                .env("LINEUP_HOME", dir.join("home"))
                .args(["-a", "-s", "-screen 0 1920x1080x24"])
                .arg(env!("CARGO_BIN_EXE_lineup"))
                .args(["--language", language, "--window", size])
                .args(screen)
                .arg("--screenshot")
                .arg(dir.join("shot.png"))
                .output()
                .expect("xvfb-run is installed (scripts/test.sh installs it)");
            assert!(
                output.status.success(),
                "lineup {screen:?} at {size}: {}\n{}",
                output.status,
                String::from_utf8_lossy(&output.stderr)
            );
            found.extend(
                String::from_utf8_lossy(&output.stdout)
                    .lines()
                    .filter(|l| {
                        [
                            "Text overflow",
                            "Box squashed",
                            "Text covered",
                            "Text too small",
                        ]
                        .iter()
                        .any(|kind| l.starts_with(kind))
                    })
                    .map(|l| format!("{size} {screen:?}: {l}")),
            );
        }
    }
    found
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn every_english_text_fits_at_every_size() {
    let found = overflows("en");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn every_chinese_text_fits_at_every_size() {
    let found = overflows("zh-CN");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// At 800×600 (0.625 pixels a design pixel) a caption is raised to the
/// floor: two of its lines need more room than two at its own size, and a
/// box that keeps room for them holds them ("Analysed in 17.2 s" wrapped
/// out of a box made for two smaller lines).
#[test]
fn a_room_holds_its_lines_when_they_are_raised_to_the_floor() {
    use lineup::theme::fonts::{lines_high, size::CAPTION};
    use lineup::theme::small_windows::{LineRoom, MIN_TEXT_PX, floor_for};
    let floor = floor_for(0.625);
    let room = LineRoom::exactly(2.0, CAPTION);
    assert!(room.height(floor) * 0.625 >= 2.0 * MIN_TEXT_PX - 1e-3);
    assert!(room.height(floor) > lines_high(2.0, CAPTION));
    // At the design's own scale, and headless, it is the lines at their size.
    assert_eq!(room.height(floor_for(1.0)), lines_high(2.0, CAPTION));
    assert_eq!(room.height(0.0), lines_high(2.0, CAPTION));
}
