//! The game's settings file: what the player chose round-trips, an older
//! file's missing fields take the defaults, and a damaged file is kept
//! aside. (The core's files, saves and slots are tested in the core:
//! `crates/lineup-core/tests/core/persist.rs`.)

use lineup::settings::Settings;
use lineup_core::persist::settings_file;
use std::path::PathBuf;

/// A fresh, empty folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("persist")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a test folder");
    dir
}

#[test]
fn settings_round_trip_and_missing_fields_take_defaults() {
    let dir = folder("settings");
    let path = dir.join("settings.ron");
    let loaded = settings_file::load::<Settings>(&path);
    assert_eq!(
        (loaded.settings, loaded.problem),
        (Settings::default(), None),
        "no file: defaults, no message"
    );

    let changed = Settings {
        music_volume: 12,
        show_move_numbers: true,
        ..Settings::default()
    };
    settings_file::save(&path, &changed).expect("saved");
    assert_eq!(settings_file::load::<Settings>(&path).settings, changed);

    // An older file with fewer fields (and one this version does not know).
    std::fs::write(&path, "(effects_volume: 33, some_future_setting: true)").expect("written");
    let loaded = settings_file::load::<Settings>(&path);
    assert_eq!(loaded.problem, None);
    assert_eq!(
        loaded.settings,
        Settings {
            effects_volume: 33,
            ..Settings::default()
        }
    );
}

#[test]
fn a_damaged_settings_file_is_kept_aside_and_defaults_are_used() {
    let dir = folder("settings_bad");
    let path = dir.join("settings.ron");
    std::fs::write(&path, "(music_volume: \"loud\"").expect("written");
    let loaded = settings_file::load::<Settings>(&path);
    assert_eq!(loaded.settings, Settings::default());
    let problem = loaded.problem.expect("a message");
    assert!(
        problem.starts_with("The settings file was damaged"),
        "{problem}"
    );
    assert!(problem.contains("settings.ron.bad"), "{problem}");
    assert!(!path.exists());
    assert_eq!(
        std::fs::read_to_string(dir.join("settings.ron.bad")).expect("kept"),
        "(music_volume: \"loud\""
    );
}
