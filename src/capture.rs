//! Leaving by itself, for tests and bug reports. `--screenshot FILE`: once
//! the screen has settled (assets loaded, pieces at rest, a review's
//! analysis done, a few frames for layout and text), save a PNG of the
//! window and exit. `--quit-after
//! SECONDS`: exit normally after that long.
//!
//! With the screenshot goes a check that every text fits: each text that
//! runs out of its parent's box (or out of the window) is printed as a
//! "Text overflow:" line, which the window tests look for in every screen,
//! language and window size. A text marked `OwnLines` that wraps inside
//! one of its lines is reported the same way.

use crate::board::pieces::Animating;
use crate::review::ReviewValues;
use crate::states::{BoardMode, Screen};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::text::TextLayoutInfo;
use bevy::ui::{ComputedNode, UiGlobalTransform};
use std::path::PathBuf;
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        (
            (capture_when_settled, report_overflowing_text)
                .chain()
                .run_if(resource_exists::<CaptureRequest>),
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
    studied: Option<Res<crate::analysis::Studied>>,
    engine: Option<Res<crate::analysis::thinking::EngineLines>>,
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
    let mode = mode.map(|m| *m.get());
    let analysing = mode == Some(BoardMode::Review) && values.is_none_or(|v| v.took.is_none());
    // On the analysis board, the engine's first lines are: wait for them
    // (when the position can be thought about at all).
    let thinking = match (&studied, mode) {
        (Some(s), _) => {
            let can_think = s
                .study
                .position()
                .is_ok_and(lineup_core::analysis::thinking::can_think);
            can_think && engine.is_none_or(|e| e.key != s.key || e.report.is_none())
        }
        (None, Some(BoardMode::Analysis)) => true,
        (None, _) => false,
    };
    let analysing = analysing || thinking;
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

/// Prints every text whose laid-out glyphs reach past its parent's inner
/// box or the window, once, when the screenshot is taken.
fn report_overflowing_text(
    request: Res<CaptureRequest>,
    mut done: Local<bool>,
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
    texts: Query<(
        &Text,
        &ComputedNode,
        &UiGlobalTransform,
        &InheritedVisibility,
        Option<&TextLayoutInfo>,
        &ChildOf,
        Has<crate::theme::widgets::OwnLines>,
    )>,
    boxes: Query<(&ComputedNode, &UiGlobalTransform)>,
) {
    if !request.taken || *done {
        return;
    }
    *done = true;
    // A pixel of slack: glyph edges round.
    const SLACK: f32 = 1.5;
    let screen = Rect::from_corners(
        Vec2::ZERO,
        Vec2::new(
            window.physical_width() as f32,
            window.physical_height() as f32,
        ),
    );
    for (text, node, at, visible, layout, parent, own_lines) in &texts {
        if !visible.get() || text.0.trim().is_empty() {
            continue;
        }
        // A text whose lines are its own must not wrap inside one (the key
        // help wrapped with "redo" alone on its last line).
        let lines = layout.map_or(0, |l| {
            l.glyphs.iter().map(|g| g.line_index + 1).max().unwrap_or(0)
        });
        if own_lines && lines > text.0.lines().count() {
            println!(
                "Text overflow: {:?} wraps into {lines} lines in a box {:.1} wide",
                text.0, node.size.x
            );
        }
        // The glyphs' extent (laid out before the UI scale), or the node's.
        let size = layout.map_or(node.size, |l| node.size.max(l.size * l.scale_factor));
        let centre = at.translation;
        let rect = Rect::from_center_size(centre, size);
        let inner = boxes.get(parent.parent()).map(|(p, p_at)| {
            let outer = Rect::from_center_size(p_at.translation, p.size);
            Rect::from_corners(
                outer.min + p.border.min_inset + p.padding.min_inset,
                outer.max - p.border.max_inset - p.padding.max_inset,
            )
        });
        let within = |outer: Rect| {
            rect.min.x >= outer.min.x - SLACK
                && rect.max.x <= outer.max.x + SLACK
                && rect.min.y >= outer.min.y - SLACK
                && rect.max.y <= outer.max.y + SLACK
        };
        let fits_parent = !matches!(inner, Ok(inner) if !within(inner));
        if !fits_parent || !within(screen) {
            let (what, bound) = match inner {
                Ok(inner) if !fits_parent => ("leaves its box", inner),
                _ => ("leaves the window", screen),
            };
            println!(
                "Text overflow: {:?} {what}: {:.1},{:.1} to {:.1},{:.1} in {:.1},{:.1} to {:.1},{:.1}",
                text.0,
                rect.min.x,
                rect.min.y,
                rect.max.x,
                rect.max.y,
                bound.min.x,
                bound.min.y,
                bound.max.x,
                bound.max.y,
            );
        }
    }
}
