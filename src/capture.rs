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
//! one of its lines is reported the same way. A box given a height that
//! the layout squashed (its column held more than it has room for: the
//! review panel's buttons under a long opening) is printed as a "Box
//! squashed:" line. Board text (a column number, a coordinate, a stone's
//! number) under a toast is a "Text covered:" line, and a text drawn under
//! 12 pixels high a "Text too small:" line.

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
            (
                capture_when_settled,
                report_overflowing_text,
                report_squashed_boxes,
                report_covered_board_text,
                report_small_text,
            )
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
        // A text whose lines are taller than its own box (a column too
        // full shrank it) runs into what is under it.
        if let Some(l) = layout
            && l.size.y * l.scale_factor > node.size.y + SLACK
        {
            println!(
                "Text overflow: {:?} is {:.1} high in a box {:.1} high",
                text.0,
                l.size.y * l.scale_factor,
                node.size.y
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

/// Prints every box on screen laid out lower than the height it was given
/// (a column with more in it than room, shrinking its children), once,
/// when the screenshot is taken.
fn report_squashed_boxes(
    request: Res<CaptureRequest>,
    mut done: Local<bool>,
    boxes: Query<(
        Entity,
        &Node,
        &ComputedNode,
        &InheritedVisibility,
        Option<&Name>,
    )>,
) {
    if !request.taken || *done {
        return;
    }
    *done = true;
    for (entity, node, computed, visible, name) in &boxes {
        let ((Val::Px(wanted), _) | (_, Val::Px(wanted))) = (node.height, node.min_height) else {
            continue;
        };
        // In physical pixels, with one of slack: the layout rounds to them.
        let wanted_physical = wanted / computed.inverse_scale_factor;
        let height = computed.size.y * computed.inverse_scale_factor;
        if visible.get() && node.display != Display::None && computed.size.y + 1.5 < wanted_physical
        {
            let name = name.map_or_else(|| format!("{entity}"), |n| n.to_string());
            println!("Box squashed: {name} is {height:.1} high of {wanted:.1}");
        }
    }
}

/// Prints every text drawn on the board (a column number, a coordinate, a
/// number on a stone) that a toast line on screen covers, once, when the
/// screenshot is taken.
fn report_covered_board_text(
    request: Res<CaptureRequest>,
    mut done: Local<bool>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
    toasts: Query<
        (
            &Text,
            &ComputedNode,
            &UiGlobalTransform,
            &InheritedVisibility,
        ),
        With<crate::theme::toast::ToastLine>,
    >,
    labels: Query<(
        &Text2d,
        &GlobalTransform,
        &InheritedVisibility,
        &TextLayoutInfo,
    )>,
) {
    if !request.taken || *done {
        return;
    }
    *done = true;
    let Some((camera, at)) = cameras.iter().find(|(c, _)| c.is_active) else {
        return;
    };
    let scale = window.scale_factor();
    for (toast, node, toast_at, shown) in &toasts {
        if !shown.get() || toast.0.trim().is_empty() {
            continue;
        }
        let cover = Rect::from_center_size(toast_at.translation, node.size);
        for (label, label_at, visible, layout) in &labels {
            if !visible.get() || label.0.trim().is_empty() {
                continue;
            }
            // The label's glyphs in world units, projected to the window.
            let half = layout.size / layout.scale_factor.max(f32::EPSILON) / 2.0;
            let centre = label_at.translation();
            let corners = [centre + half.extend(0.0), centre - half.extend(0.0)]
                .map(|corner| camera.world_to_viewport(at, corner).ok());
            let [Some(a), Some(b)] = corners else {
                continue;
            };
            let rect = Rect::from_corners(a * scale, b * scale);
            if !rect.intersect(cover).is_empty() {
                println!(
                    "Text covered: {:?} on the board under the toast {:?}",
                    label.0, toast.0
                );
            }
        }
    }
}

/// Prints every text drawn smaller than `MIN_TEXT_PX` on screen, once, when
/// the screenshot is taken: its size in the type scale times the window's
/// pixels a design pixel (the UI's and the board's scale are one).
fn report_small_text(
    request: Res<CaptureRequest>,
    mut done: Local<bool>,
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
    ui_scale: Res<UiScale>,
    texts: Query<
        (
            &TextFont,
            &InheritedVisibility,
            Option<&Text>,
            Option<&Text2d>,
        ),
        Or<(With<Text>, With<Text2d>)>,
    >,
) {
    use crate::theme::small_windows::MIN_TEXT_PX;
    if !request.taken || *done {
        return;
    }
    *done = true;
    let scale = ui_scale.0 * window.scale_factor();
    for (font, visible, text, text2d) in &texts {
        let said = text.map(|t| &t.0).or(text2d.map(|t| &t.0));
        let Some(said) = said.filter(|s| !s.trim().is_empty()) else {
            continue;
        };
        let bevy::text::FontSize::Px(size) = font.font_size else {
            continue;
        };
        let on_screen = (size * scale).round();
        if visible.get() && on_screen < MIN_TEXT_PX {
            println!("Text too small: {said:?} is {on_screen} px high");
        }
    }
}
