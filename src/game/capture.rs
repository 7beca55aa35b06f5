//! Leaving by itself, for tests and bug reports. `--screenshot FILE`: once
//! the screen has settled (assets loaded, pieces at rest, a review's
//! analysis done, a few frames for layout and text), save a PNG of the
//! window and exit. `--quit-after
//! SECONDS`: exit normally after that long.

use crate::game::board::pieces::Animating;
use crate::game::review::ReviewValues;
use crate::game::states::{BoardMode, Screen};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use std::path::PathBuf;
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        (
            capture_when_settled.run_if(resource_exists::<CaptureRequest>),
            quit_when_due.run_if(resource_exists::<QuitAfter>),
        ),
    );
}

/// Exit (successfully) once the app has run this long.
#[derive(Resource, Debug)]
pub struct QuitAfter(pub Duration);

fn quit_when_due(after: Res<QuitAfter>, time: Res<Time<Real>>, mut exit: MessageWriter<AppExit>) {
    if time.elapsed() >= after.0 {
        exit.write(AppExit::Success);
    }
}

#[derive(Resource, Debug)]
pub struct CaptureRequest {
    pub path: PathBuf,
    settled: u32,
    frames: u32,
    taken: bool,
}

impl CaptureRequest {
    pub fn new(path: PathBuf) -> Self {
        CaptureRequest {
            path,
            settled: 0,
            frames: 0,
            taken: false,
        }
    }
}

/// Frames with nothing moving before the shot: layout and glyphs need a few.
const SETTLE_FRAMES: u32 = 20;
/// Give up (and fail) if the screen never settles.
const MAX_FRAMES: u32 = 3000;

fn capture_when_settled(
    mut commands: Commands,
    mut request: ResMut<CaptureRequest>,
    screen: Res<State<Screen>>,
    animating: Query<(), With<Animating>>,
    mode: Option<Res<State<BoardMode>>>,
    values: Option<Res<ReviewValues>>,
    mut exit: MessageWriter<AppExit>,
) {
    if request.taken {
        return;
    }
    request.frames += 1;
    if request.frames > MAX_FRAMES {
        error!("The screen never settled; no screenshot taken.");
        exit.write(AppExit::error());
        return;
    }
    // In review, the graph is part of the picture: wait for the analysis.
    let analysing = mode.is_some_and(|m| *m.get() == BoardMode::Review)
        && values.is_none_or(|v| v.took.is_none());
    let still = *screen.get() != Screen::Loading && animating.is_empty() && !analysing;
    request.settled = if still { request.settled + 1 } else { 0 };
    if request.settled < SETTLE_FRAMES {
        return;
    }
    request.taken = true;
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(request.path.clone()))
        .observe(
            |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                exit.write(AppExit::Success);
            },
        );
}
