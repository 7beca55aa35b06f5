//! The real program in a real window: under Xvfb with Mesa's software Vulkan,
//! `lineup --game ... --moves ... --screenshot` must write a PNG that shows
//! the board. Needs `xvfb-run` (scripts/test.sh installs it); set
//! LINEUP_SKIP_WINDOW_TESTS=1 to skip on a machine without it.

use std::path::{Path, PathBuf};
use std::process::Command;

/// An RGB screenshot.
struct Shot {
    width: usize,
    height: usize,
    rgb: Vec<[u8; 3]>,
}

impl Shot {
    fn load(path: &Path) -> Shot {
        let file = std::fs::File::open(path).expect("the screenshot exists");
        let mut reader = png::Decoder::new(std::io::BufReader::new(file))
            .read_info()
            .expect("a PNG");
        let mut buffer = vec![0; reader.output_buffer_size().expect("a sane size")];
        let info = reader.next_frame(&mut buffer).expect("one frame");
        let channels = info.color_type.samples();
        let rgb = buffer[..info.buffer_size()]
            .chunks(channels)
            .map(|p| [p[0], p[1], p[2]])
            .collect();
        Shot {
            width: info.width as usize,
            height: info.height as usize,
            rgb,
        }
    }

    /// How many pixels are within `tolerance` of `colour` in every channel.
    fn count_near(&self, colour: [u8; 3], tolerance: u8) -> usize {
        self.rgb
            .iter()
            .filter(|p| (0..3).all(|i| p[i].abs_diff(colour[i]) <= tolerance))
            .count()
    }

    fn distinct_colours(&self) -> usize {
        let mut seen: Vec<[u8; 3]> = self.rgb.clone();
        seen.sort();
        seen.dedup();
        seen.len()
    }
}

/// Runs the game under a virtual display; returns the screenshot.
fn screenshot(name: &str, args: &[&str]) -> Option<Shot> {
    if std::env::var_os("LINEUP_SKIP_WINDOW_TESTS").is_some() {
        eprintln!("window test {name} skipped (LINEUP_SKIP_WINDOW_TESTS)");
        return None;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(format!("{name}.png"));
    let _ = std::fs::remove_file(&path);
    let output = Command::new("xvfb-run")
        // Its settings and autosave go to a test folder, not the player's.
        .env("LINEUP_HOME", dir.join(format!("{name}-home")))
        .args([
            "-a",
            "-s",
            "-screen 0 1280x800x24",
            env!("CARGO_BIN_EXE_lineup"),
        ])
        .args(args)
        .arg("--screenshot")
        .arg(&path)
        .output()
        .expect(
            "xvfb-run is installed (scripts/test.sh installs it; LINEUP_SKIP_WINDOW_TESTS=1 skips)",
        );
    assert!(
        output.status.success(),
        "lineup {args:?} failed: {}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    Some(Shot::load(&path))
}

#[test]
fn connect_four_window_shows_the_frame_and_discs() {
    let Some(shot) = screenshot("connect_four", &["--game", "connect4", "--moves", "4453"]) else {
        return;
    };
    assert_eq!((shot.width, shot.height), (1280, 800));
    assert!(shot.distinct_colours() > 50, "not a blank frame");
    // The blue frame covers a large area; four discs show red and yellow.
    assert!(
        shot.count_near([26, 82, 204], 30) > 100_000,
        "the blue frame"
    );
    assert!(shot.count_near([224, 38, 43], 30) > 5_000, "red discs");
    assert!(shot.count_near([252, 207, 33], 30) > 5_000, "yellow discs");
}

#[test]
fn gomoku_window_shows_the_wood_and_stones() {
    let Some(shot) = screenshot(
        "gomoku",
        &[
            "--game",
            "gomoku",
            "--rule",
            "renju",
            "--moves",
            "h8i9j10h9",
        ],
    ) else {
        return;
    };
    assert!(shot.distinct_colours() > 50, "not a blank frame");
    assert!(
        shot.count_near([222, 176, 110], 40) > 100_000,
        "the wooden board"
    );
    assert!(shot.count_near([26, 26, 28], 20) > 1_000, "black stones");
}

#[test]
fn title_window_shows_the_menu() {
    let Some(shot) = screenshot("title", &[]) else {
        return;
    };
    assert!(shot.distinct_colours() > 20, "not a blank frame");
    assert!(shot.count_near([253, 196, 69], 40) > 500, "the gold title");
}
