//! The window on the real binary: its icon reaches the window manager, its
//! title names the game in progress, its size is remembered across
//! restarts, and the language and theme chosen with the mouse in Settings
//! are written to the settings and come back at the next start.

use crate::journey::{Journey, SoundOut};
use std::time::{Duration, Instant};

/// The ">" of the Settings rows Language and Theme (window pixels).
const LANGUAGE_NEXT: (u32, u32) = (1176, 457);
const THEME_NEXT: (u32, u32) = (1176, 509);

fn wait_for_settings(journey: &Journey, needle: &str) -> String {
    let file = journey.folders().settings_file();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        if text.contains(needle) {
            return text;
        }
        assert!(
            Instant::now() < deadline,
            "the settings never said {needle:?}: {text}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn icon_title_size_language_and_theme_survive_a_restart() {
    let mut journey = Journey::new("window_chrome");
    journey.launch(SoundOut::Nowhere, &["--game", "gomoku", "--moves", "h8"]);
    journey.wait_for("Window icon set");
    journey.wait_for("Screen: Some(Loading) -> Some(Game)");
    let id = journey.x_output("xdotool", &["search", "--name", "^Lineup"]);
    let id = id.lines().next().expect("the game's window").to_string();
    let icon = journey.x_output("xprop", &["-id", &id, "_NET_WM_ICON"]);
    assert!(icon.contains("Icon (64 x 64)"), "no icon: {icon}");
    journey.wait_for_title("Lineup — Renju 15x15 · White to move");

    // A size the player gives the window is kept.
    journey.x_output(
        "xdotool",
        &["search", "--name", "^Lineup", "windowsize", "1000", "700"],
    );
    wait_for_settings(&journey, "width: 1000");
    journey.interrupt();

    // Next start: the same size; then Language and Theme, by mouse.
    journey.launch(SoundOut::Nowhere, &["--menu", "settings"]);
    journey.wait_for("Language: en");
    journey.wait_for("Menu: Some(None) -> Some(Settings)");
    let geometry = journey.x_output(
        "xdotool",
        &["search", "--name", "^Lineup", "getwindowgeometry"],
    );
    assert!(geometry.contains("Geometry: 1000x700"), "{geometry}");
    let scale = |(x, y): (u32, u32)| {
        // The UI scales with the window (1280x800 design, 1000x700 now):
        // by the smaller ratio, centred.
        let k = (1000.0 / 1280.0f64).min(700.0 / 800.0);
        let (left, top) = ((1000.0 - 1280.0 * k) / 2.0, (700.0 - 800.0 * k) / 2.0);
        (
            (left + x as f64 * k).round() as u32,
            (top + y as f64 * k).round() as u32,
        )
    };
    journey.click_button(scale(LANGUAGE_NEXT), "SettingChange(Language, 1)");
    journey.wait_for("Language: zh-CN");
    journey.click_button(scale(THEME_NEXT), "SettingChange(Theme, 1)");
    let settings = wait_for_settings(&journey, "theme: Light");
    assert!(
        settings.contains("language: Some(SimplifiedChinese)"),
        "{settings}"
    );
    journey.interrupt();

    // And they come back.
    journey.launch(SoundOut::Nowhere, &[]);
    journey.wait_for("Language: zh-CN");
    journey.wait_for("Screen: Some(Loading) -> Some(Title)");
    journey.interrupt();
}

/// A first start follows the system's locale: `LANG=zh_CN.UTF-8` with no
/// settings file speaks Chinese, `LANG=en_GB.UTF-8` English.
#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn a_first_start_follows_the_system_locale() {
    for (lang, expected) in [
        ("zh_CN.UTF-8", "Language: zh-CN"),
        ("en_GB.UTF-8", "Language: en"),
    ] {
        let home = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("first-start-{lang}"));
        let _ = std::fs::remove_dir_all(&home);
        let output = std::process::Command::new("xvfb-run")
            .env("LINEUP_HOME", &home)
            .env("LANG", lang)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env_remove("LANGUAGE")
            .args(["-a", "-s", "-screen 0 1280x800x24"])
            .arg(env!("CARGO_BIN_EXE_lineup"))
            .args(["--quit-after", "2"])
            .output()
            .expect("xvfb-run is installed (scripts/test.sh installs it)");
        assert!(output.status.success(), "{}", output.status);
        let log = String::from_utf8_lossy(&output.stderr);
        assert!(
            log.contains(expected),
            "LANG={lang}: no {expected:?} in\n{log}"
        );
    }
}
