//! Quitting the real binary: nothing the player just did is lost, and a
//! renderer teardown that faults or hangs (as Mesa's software renderer was
//! seen to, rarely) still ends in a clean quit with the quit's own code.

use crate::journey::{Journey, SoundOut};

/// The ">" of the Settings row Theme (window pixels, 1280x800).
const THEME_NEXT: (u32, u32) = (1176, 509);

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn a_setting_changed_just_before_quitting_is_kept() {
    let mut journey = Journey::new("quit_keeps_settings");
    journey.launch(SoundOut::Nowhere, &["--menu", "settings"]);
    journey.wait_for("Menu: Some(None) -> Some(Settings)");
    journey.click_button(THEME_NEXT, "SettingChange(Theme, 1)");
    // Ctrl+C at once: well inside the half second the settings wait for
    // more changes before they are written.
    journey.interrupt();
    let settings = std::fs::read_to_string(journey.folders().settings_file())
        .expect("the settings were written on the way out");
    assert!(settings.contains("theme: Light"), "{settings}");
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn a_teardown_that_faults_or_hangs_still_quits_cleanly() {
    let mut journey = Journey::new("quit_guard");
    for (rehearsal, said) in [
        (
            "fault",
            "a fault (SIGSEGV) while closing, after the game had saved, in thread rehearsal",
        ),
        ("hang", "the renderer was still closing after"),
    ] {
        journey.set_env("LINEUP_REHEARSE_QUIT", rehearsal);
        journey.launch(SoundOut::Nowhere, &[]);
        journey.wait_for("Screen: Some(Loading) -> Some(Title)");
        // Exit code 130, no core, no panic: checked by `interrupt`.
        journey.interrupt();
        assert!(journey.printed(said), "{rehearsal}: no {said:?}");
    }
}
