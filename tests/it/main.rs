//! The one integration-test binary (one link of the game crate): each module
//! covers one part of the project.

mod analysis_app;
mod analysis_journey;
mod app_flow;
mod at;
mod audio_assets;
mod cli;
mod clock_app;
mod engine_journey;
mod engine_player;
mod first_hour;
mod flow_bugs;
mod frame_order;
mod frame_stats;
mod installed_package;
mod journey;
mod journeys;
mod layout;
mod look_app;
mod offline_walk;
mod online_app;
mod online_journeys;
mod opening_journey;
mod pass;
mod quitting;
mod review_app;
mod review_journey;
mod settings_file;
mod soak;
mod sound;
mod started_in_background;
mod strings;
mod study_engine_app;
mod study_engine_journey;
mod text_fits;
mod title_scene;
mod values;
mod window;
mod window_chrome;

/// `pbrain-lineup`, the core crate's Gomocup engine, where cargo puts it
/// beside the game: `cargo test --workspace` (scripts/test.sh) builds it.
pub fn pbrain_lineup() -> std::path::PathBuf {
    sibling("pbrain-lineup")
}

/// `lineup-server`, built by the server crate beside `lineup`.
pub fn lineup_server() -> std::path::PathBuf {
    sibling("lineup-server")
}

/// A program of another crate of the workspace, built beside `lineup`.
fn sibling(name: &str) -> std::path::PathBuf {
    let path = std::path::Path::new(env!("CARGO_BIN_EXE_lineup")).with_file_name(name);
    assert!(
        path.is_file(),
        "{} is missing: run the tests with `cargo test --workspace`",
        path.display()
    );
    path
}
