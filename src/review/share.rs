//! Sharing a position: "Save image" writes the board as it is on screen
//! (the position on show, with coordinates and move numbers when they are
//! on) to a PNG beside the exported move strings, cropped to the board.
//! "Numbers" turns the move numbers on the stones on and off.

use super::ReviewRequest;
use super::better_move::BetterMove;
use crate::board::BOARD_CENTRE;
use crate::board::drawn_position::ReviewPosition;
use crate::board::layout::BoardLayout;
use crate::current_match::CurrentMatch;
use crate::disk::Storage;
use crate::locale::Locale;
use crate::settings::Settings;
use crate::states::{AppSystems, BoardMode};
use crate::theme::toast::Toast;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::window::PrimaryWindow;
use lineup_core::persist::slots;
use lineup_core::unix_time::now;
use std::path::PathBuf;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (save_image, toggle_numbers)
            .in_set(AppSystems::Persist)
            .run_if(in_state(BoardMode::Review)),
    );
}

/// The board's rectangle in the window's physical pixels: its world
/// rectangle through the camera (which fits the 1280×800 design into the
/// window, centred).
fn board_rect(window: &Window, layout: &BoardLayout) -> URect {
    let design = crate::theme::design::DESIGN_SIZE;
    let scale = (window.width() / design.x).min(window.height() / design.y);
    // Gomoku: the wood with its coordinates and edge. Connect Four: the
    // frame, and the column numbers under it.
    let (half, below) = if layout.gomoku {
        (
            layout.half_extent() + Vec2::splat(layout.cell * 0.85 + 14.0),
            0.0,
        )
    } else {
        (
            layout.half_extent() + Vec2::splat(layout.cell * 0.25),
            layout.cell * 0.45,
        )
    };
    let half = half + Vec2::new(0.0, below / 2.0);
    let centre = Vec2::new(window.width(), window.height()) / 2.0
        + Vec2::new(BOARD_CENTRE.x, -BOARD_CENTRE.y + below / 2.0) * scale;
    let factor = window.scale_factor();
    let min = ((centre - half * scale) * factor).max(Vec2::ZERO);
    let max = ((centre + half * scale) * factor).min(window.physical_size().as_vec2());
    URect::from_corners(min.as_uvec2(), max.as_uvec2())
}

fn save_image(
    mut commands: Commands,
    mut requests: MessageReader<ReviewRequest>,
    game: Res<CurrentMatch>,
    position: Res<ReviewPosition>,
    layout: Res<BoardLayout>,
    window: Single<&Window, With<PrimaryWindow>>,
    storage: Option<Res<Storage>>,
    mut toasts: MessageWriter<Toast>,
    locale: Res<Locale>,
    mut better: Query<&mut Visibility, With<BetterMove>>,
) {
    if !requests.read().any(|r| *r == ReviewRequest::ShareImage) {
        return;
    }
    let Some(folders) = storage.as_ref().and_then(|s| s.folders.as_ref()) else {
        toasts.write(Toast::window(locale.t("notice.no_image_folder")));
        return;
    };
    let folder = folders.exports();
    let name = slots::default_name(&game.setup().kind.title(), position.ply, now());
    let path = folder.join(format!("{name}.png"));
    let rect = board_rect(&window, &layout);
    // The picture is of the position: the analysis's better move stays out.
    for mut visibility in &mut better {
        *visibility = Visibility::Hidden;
    }
    let (saved, failed) = (
        locale.f("notice.image_saved", &[("file", &path.display())]),
        locale.t("notice.image_failed"),
    );
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>,
              mut toasts: MessageWriter<Toast>,
              mut better: Query<&mut Visibility, With<BetterMove>>| {
            for mut visibility in &mut better {
                *visibility = Visibility::Inherited;
            }
            match write_png(&captured.image, rect, &path) {
                Ok(()) => {
                    info!("Review: image saved to {}", path.display());
                    toasts.write(Toast::window(saved.clone()));
                }
                Err(e) => {
                    toasts.write(Toast::window(format!("{failed}: {e}")));
                }
            }
        },
    );
}

/// Crops the window's picture to `rect` and writes it as a PNG, atomically
/// (a temporary file renamed), so a half-written image is never left.
fn write_png(image: &Image, rect: URect, path: &PathBuf) -> Result<(), String> {
    let picture = image
        .clone()
        .try_into_dynamic()
        .map_err(|e| e.to_string())?;
    let size = rect.size();
    if size.x == 0 || size.y == 0 {
        return Err("the board is not on screen".into());
    }
    let board = picture
        .crop_imm(rect.min.x, rect.min.y, size.x, size.y)
        .to_rgb8();
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    }
    // The extension stays .png, so the encoder knows the format.
    let temporary = path.with_extension("partial.png");
    board
        .save(&temporary)
        .map_err(|e| format!("{}: {e}", temporary.display()))?;
    std::fs::rename(&temporary, path).map_err(|e| format!("{}: {e}", path.display()))
}

fn toggle_numbers(mut requests: MessageReader<ReviewRequest>, mut settings: ResMut<Settings>) {
    for request in requests.read() {
        if *request == ReviewRequest::ToggleMoveNumbers {
            settings.show_move_numbers = !settings.show_move_numbers;
        }
    }
}
