//! Sound as a player hears it: the real binary, copied out of the repo and
//! started from elsewhere, plays into ALSA's `file` plugin, and the captured
//! samples are measured. Music on the title screen, an effect when a disc
//! lands (against a run with no move), silence when muted, and a game that
//! runs on without any sound configuration.

use crate::journey::{Journey, SoundOut, dbfs, window_rms};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy_kira_audio::AudioChannel;
use lineup::audio::playback::{EffectsChannel, MusicChannel, SoundOutput, UiChannel};

/// Sound well above this is heard; the game's music sits near -29 dBFS.
const AUDIBLE_DBFS: f64 = -45.0;
/// Kira's silence is exact zeros; allow the least bit of dither.
const SILENT_RMS: f64 = 1e-4;

/// Nothing went missing: every sound was found and decoded, nothing panicked.
fn assert_clean_log(journey: &mut Journey) {
    for bad in [
        "could not be loaded",
        "Path not found",
        "panicked",
        "No sound",
    ] {
        assert!(!journey.printed(bad), "the game printed \"{bad}\"");
    }
}

/// The real app (`app::run`) builds on `player_app`: without a window,
/// it must still bring the sound output, and with a device, its channels.
#[test]
fn the_players_app_has_sound_output() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, AssetPlugin::default()))
        .init_asset::<Mesh>()
        .init_asset::<ColorMaterial>()
        .init_asset::<Image>()
        .add_plugins(lineup::app::player_app);
    let output = app.world().get_resource::<SoundOutput>().cloned();
    match output.expect("the sound output plugin is part of the player's app") {
        SoundOutput::Device => {
            assert!(
                app.world()
                    .contains_resource::<AudioChannel<MusicChannel>>()
            );
            assert!(
                app.world()
                    .contains_resource::<AudioChannel<EffectsChannel>>()
            );
            assert!(app.world().contains_resource::<AudioChannel<UiChannel>>());
        }
        SoundOutput::Silent(reason) => eprintln!("no sound device here: {reason}"),
    }
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn title_music_reaches_the_device() {
    let mut journey = Journey::new("sound_title");
    journey.launch(SoundOut::File, &[]);
    journey.wait_for("Screen: Some(Loading) -> Some(Title)");
    // The music fades in over 1.5 s; listen well past that.
    journey.let_sound_run(6.0);
    journey.interrupt();
    assert_clean_log(&mut journey);
    // The device runs (unpaced) from the start; the music begins once loaded.
    let windows = window_rms(&journey.sound_file());
    let start = windows
        .iter()
        .position(|w| *w > SILENT_RMS)
        .expect("some sound was captured");
    // Past the fade-in.
    let settled = &windows[(start + 4).min(windows.len())..];
    let mean = settled.iter().sum::<f64>() / settled.len().max(1) as f64;
    let audible = settled.iter().filter(|w| dbfs(**w) > -60.0).count();
    eprintln!(
        "title music: mean {:.1} dBFS; {audible} of {} half seconds above -60 dBFS",
        dbfs(mean),
        settled.len()
    );
    assert!(settled.len() >= 6, "too little sound captured");
    assert!(dbfs(mean) > AUDIBLE_DBFS, "the music is not heard");
    assert!(
        audible * 10 >= settled.len() * 9,
        "the music keeps dropping out"
    );
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn a_landed_disc_plays_an_effect() {
    let mut journey = Journey::new("sound_disc");
    // Only effects, so that what is heard is the disc.
    journey.write_settings("(music_volume: 0, ui_volume: 0)");
    journey.launch(SoundOut::File, &["--game", "connect4"]);
    journey.wait_for("Screen: Some(Loading) -> Some(Game)");
    journey.let_sound_run(2.0);
    let before = window_rms(&journey.sound_file()).len();
    // The middle column of the board (the window is 1280x800).
    journey.click(490, 410);
    journey.wait_for("Piece landed: column 4");
    journey.wait_for("Sound: DiscLand");
    journey.let_sound_run(3.0);
    journey.interrupt();
    assert_clean_log(&mut journey);
    let windows = window_rms(&journey.sound_file());
    let (quiet, after) = windows.split_at(before.min(windows.len()));
    let quiet_peak = quiet.iter().copied().fold(0.0, f64::max);
    let effect_peak = after.iter().copied().fold(0.0, f64::max);
    eprintln!(
        "disc landing: loudest half second {:.1} dBFS; before the move {:.1} dBFS",
        dbfs(effect_peak),
        dbfs(quiet_peak)
    );
    assert!(quiet_peak < SILENT_RMS, "sound before any move");
    assert!(dbfs(effect_peak) > AUDIBLE_DBFS, "the landing is not heard");
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn muted_music_is_silent() {
    let mut journey = Journey::new("sound_muted");
    journey.write_settings("(muted: true)");
    journey.launch(SoundOut::File, &[]);
    journey.wait_for("Screen: Some(Loading) -> Some(Title)");
    journey.let_sound_run(4.0);
    journey.interrupt();
    let windows = window_rms(&journey.sound_file());
    let peak = windows.iter().copied().fold(0.0, f64::max);
    assert!(windows.len() >= 8, "too little sound captured");
    assert!(peak < SILENT_RMS, "muted, yet {:.1} dBFS", dbfs(peak));
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn without_any_sound_configuration_the_game_plays_silently() {
    let mut journey = Journey::new("sound_nowhere");
    journey.launch(SoundOut::Nowhere, &["--game", "connect4"]);
    journey.wait_for("Screen: Some(Loading) -> Some(Game)");
    journey.click(490, 410);
    journey.wait_for("Piece landed: column 4");
    journey.interrupt();
    let warnings = journey
        .log
        .iter()
        .filter(|l| l.contains("No sound"))
        .count();
    assert_eq!(warnings, 1, "one warning about the missing sound");
    assert!(!journey.printed("panicked"));
}
