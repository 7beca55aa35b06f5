//! The window itself: its icon, a title that names the game in progress,
//! and its size and place remembered across restarts (in the settings).
//! Only the player's app has a window; headless apps skip this plugin.

use crate::current_match::CurrentMatch;
use crate::locale::Locale;
use crate::locale::terms;
use crate::panel::hud::status_line;
use crate::search::computer::Thinking;
use crate::settings::{Settings, WindowPlacement};
use crate::states::{AppSystems, Screen};
use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::{PresentMode, PrimaryWindow, WindowMoved, WindowPosition, WindowResized};
use bevy::winit::WINIT_WINDOWS;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, restore_placement).add_systems(
        Update,
        (
            (set_icon, present_at_once_in_software, show_title).in_set(AppSystems::Present),
            remember_placement.in_set(AppSystems::Persist),
        ),
    );
}

/// The size given on the command line wins over the remembered one.
#[derive(Resource)]
pub struct SizeFromCommandLine;

/// Puts the window where it was last time (its size; its place when the
/// system told it).
fn restore_placement(
    settings: Res<Settings>,
    given: Option<Res<SizeFromCommandLine>>,
    mut window: Single<&mut Window, With<PrimaryWindow>>,
) {
    let Some(placement) = settings.window else {
        return;
    };
    if given.is_none() && placement.width >= 320 && placement.height >= 240 {
        window
            .resolution
            .set_physical_resolution(placement.width, placement.height);
    }
    if let Some((x, y)) = placement.position {
        window.position = WindowPosition::At(IVec2::new(x, y));
    }
}

/// Each resize or move (not in full screen) is kept; the settings are
/// written once they have been quiet a moment (`storage`).
fn remember_placement(
    mut resized: MessageReader<WindowResized>,
    mut moved: MessageReader<WindowMoved>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut settings: ResMut<Settings>,
) {
    let position = moved.read().last().map(|m| (m.position.x, m.position.y));
    let resized = resized.read().count() > 0;
    if (position.is_none() && !resized) || settings.fullscreen {
        return;
    }
    let previous = settings.window;
    let placement = WindowPlacement {
        width: window.physical_width(),
        height: window.physical_height(),
        position: position.or(previous.and_then(|p| p.position)),
    };
    if previous != Some(placement) {
        settings.window = Some(placement);
    }
}

/// "Lineup — Renju 15x15 · Black to move" in a game, "Lineup" elsewhere
/// (the name first: window lists sort and search by it).
fn show_title(
    screen: Res<State<Screen>>,
    game: Option<Res<CurrentMatch>>,
    thinking: Option<Res<Thinking>>,
    locale: Res<Locale>,
    settings: Res<Settings>,
    mut window: Single<&mut Window, With<PrimaryWindow>>,
) {
    let name = locale.t("title.name");
    let title = match (screen.get(), game) {
        (Screen::Game, Some(game)) => locale.f(
            "window.title_game",
            &[
                ("game", &terms::game_title(&locale, game.setup().kind)),
                (
                    "status",
                    &status_line(&locale, &game, thinking.is_some(), &settings.engines),
                ),
                ("name", &name),
            ],
        ),
        _ => name.to_string(),
    };
    if window.title != title {
        window.title = title;
    }
}

/// A software renderer (llvmpipe: no GPU, as under Xvfb or in a virtual
/// machine) has no vertical blank to wait for: waiting for one only rounds
/// every frame up to the next 1/60 s. It presents as soon as a frame is
/// drawn; a GPU keeps vsync.
fn present_at_once_in_software(
    adapter: Option<Res<bevy::render::renderer::RenderAdapterInfo>>,
    mut window: Single<&mut Window, With<PrimaryWindow>>,
    mut done: Local<bool>,
) {
    let Some(adapter) = adapter.filter(|_| !*done) else {
        return;
    };
    *done = true;
    // wgpu's `DeviceType`, which Bevy does not re-export, by its name.
    if format!("{:?}", adapter.0.device_type) == "Cpu" {
        info!(
            "Software renderer ({}): presenting without vsync",
            adapter.0.name
        );
        window.present_mode = PresentMode::AutoNoVsync;
    }
}

/// The icon: drawn here once, handed to the system when the window exists
/// (on the main thread, where winit keeps its windows).
fn set_icon(
    window: Single<Entity, With<PrimaryWindow>>,
    mut done: Local<bool>,
    _main_thread: NonSendMarker,
) {
    if *done {
        return;
    }
    WINIT_WINDOWS.with_borrow(|windows| {
        let Some(winit) = windows.get_window(*window) else {
            return;
        };
        let size = WINDOW_ICON_SIZE;
        match winit::window::Icon::from_rgba(icon_pixels(size), size, size) {
            Ok(icon) => {
                winit.set_window_icon(Some(icon));
                info!("Window icon set");
            }
            Err(e) => warn!("No window icon: {e}"),
        }
        *done = true;
    });
}

/// The window icon's size in pixels (the desktop's icons come from the
/// same drawing at the hicolor sizes: examples/package_files.rs).
const WINDOW_ICON_SIZE: u32 = 64;

/// The icon's pixels (RGBA, `size` square): a rounded dark-blue tile with
/// four discs in a rising diagonal, red, yellow, red, yellow, on a gold line.
pub fn icon_pixels(size: u32) -> Vec<u8> {
    let s = size as f32;
    let mut rgba = Vec::with_capacity((size * size * 4) as usize);
    let discs = [(0.2, 0.8), (0.4, 0.6), (0.6, 0.4), (0.8, 0.2)];
    let colours = [[224, 38, 43], [252, 206, 33], [224, 38, 43], [252, 206, 33]];
    for y in 0..size {
        for x in 0..size {
            let p = Vec2::new(x as f32 + 0.5, y as f32 + 0.5) / s;
            // The tile: a square with round corners (radius 0.18).
            let corner = (p - p.clamp(Vec2::splat(0.18), Vec2::splat(0.82))).length();
            let inside = (0.18 - corner) * s;
            let tile_alpha = inside.clamp(0.0, 1.0);
            let mut colour = [26.0, 82.0, 204.0];
            // The line through the discs (at least a pixel wide).
            let along = (p.x + p.y - 1.0).abs() / std::f32::consts::SQRT_2;
            if along < 0.035_f32.max(0.5 / s) && p.x > 0.2 && p.x < 0.8 {
                colour = [255.0, 196.0, 69.0];
            }
            for (centre, c) in discs.iter().zip(colours) {
                let d = (p - Vec2::new(centre.0, centre.1)).length() * s;
                let edge = (0.105 * s - d).clamp(0.0, 1.0);
                for k in 0..3 {
                    colour[k] = colour[k] * (1.0 - edge) + c[k] as f32 * edge;
                }
            }
            rgba.extend([
                colour[0] as u8,
                colour[1] as u8,
                colour[2] as u8,
                (tile_alpha * 255.0) as u8,
            ]);
        }
    }
    rgba
}
