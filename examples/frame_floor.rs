//! The frame-time floor: an empty window drawn the way Lineup draws it
//! (the same size, no multisampling, presenting without vsync as Lineup
//! does on a software renderer), printed in the same form as
//! `lineup --frame-stats`.
//!
//! ```sh
//! xvfb-run -a -s "-screen 0 1280x800x24" cargo run --example frame_floor
//! ```
//!
//! Why: a frame time means little without what this machine's renderer
//! costs before Lineup draws anything. Under Xvfb with llvmpipe, clearing
//! and presenting a 1280×800 window is most of a frame, and an unfocused
//! window (Xvfb has no window manager to focus it) is held to 60 updates a
//! second by Bevy's default `WinitSettings`, as Lineup's is.

use bevy::prelude::*;
use bevy::window::{PresentMode, WindowResolution};
use lineup::frame_stats::FrameSummary;
use lineup::theme::design::DESIGN_SIZE;
use std::time::Duration;

/// Frames left out at the start (the window appearing, pipelines compiling).
const WARM_UP: usize = 30;
/// How long to measure, as `lineup --quit-after 8`.
const MEASURE: Duration = Duration::from_secs(8);

#[derive(Resource, Default)]
struct Frames {
    seen: usize,
    times: Vec<Duration>,
}

fn main() -> AppExit {
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "Lineup frame floor".into(),
                resolution: WindowResolution::new(DESIGN_SIZE.x as u32, DESIGN_SIZE.y as u32),
                present_mode: PresentMode::AutoNoVsync,
                ..default()
            }),
            ..default()
        }))
        .init_resource::<Frames>()
        .add_systems(Startup, |mut commands: Commands| {
            commands.spawn((Camera2d, Msaa::Off));
        })
        .add_systems(Last, record)
        .run()
}

fn record(time: Res<Time<Real>>, mut frames: ResMut<Frames>, mut exit: MessageWriter<AppExit>) {
    frames.seen += 1;
    if frames.seen <= WARM_UP {
        return;
    }
    frames.times.push(time.delta());
    if frames.times.iter().sum::<Duration>() >= MEASURE {
        if let Some(summary) = FrameSummary::of(&frames.times) {
            println!("Frame floor: {summary}");
        }
        exit.write(AppExit::Success);
    }
}
