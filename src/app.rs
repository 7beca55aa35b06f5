//! The application: Bevy's plugins with the window set up, and the game's
//! own plugins in one frame order. `game_plugins` is everything but the
//! window, renderer and sound output, so headless tests run the same game
//! logic; `player_app` adds the sound output, the window's own behaviour and
//! the camera: it is what the real app runs on Bevy's plugins.

use crate::capture::{CaptureRequest, QuitAfter};
use crate::cli::{Launch, StartMenu};
use crate::current_match::MatchAtStart;
use crate::frame_stats::FrameStats;
use crate::settings::Settings;
use crate::states::MenuOnEntry;
use crate::states::{AppSystems, BoardMode, InPlay, Menu, Screen};
use crate::theme::design::{DESIGN_SIZE, design_scale};
use crate::theme::palette::Palette;
use bevy::camera::ScalingMode;
use bevy::prelude::*;
use bevy::window::{PresentMode, PrimaryWindow, WindowMode, WindowResolution};

/// The smallest window, in pixels: the one the text tests check (every
/// text at least `MIN_TEXT_PX` high, every text in its box).
pub const MIN_WINDOW: (u32, u32) = (800, 600);

/// Runs the game until the window closes.
pub fn run(launch: Launch) -> AppExit {
    let started = std::time::Instant::now();
    let (width, height) = launch
        .window
        .unwrap_or((DESIGN_SIZE.x as u32, DESIGN_SIZE.y as u32));
    let mut app = App::new();
    app.insert_resource(ClearColor(Palette::default().background))
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "Lineup".into(),
                        resolution: WindowResolution::new(width, height),
                        resize_constraints: WindowResizeConstraints {
                            min_width: MIN_WINDOW.0 as f32,
                            min_height: MIN_WINDOW.1 as f32,
                            ..default()
                        },
                        present_mode: PresentMode::AutoVsync,
                        ..default()
                    }),
                    ..default()
                })
                .set(bevy::log::LogPlugin {
                    filter: "warn,lineup=info,wgpu=error,naga=warn".into(),
                    ..default()
                })
                // Ctrl+C is handled by `shutdown`, which also guards the quit.
                .disable::<bevy::app::TerminalCtrlCHandlerPlugin>(),
        );
    app.add_plugins(player_app);
    if launch.window.is_some() {
        app.insert_resource(crate::window::SizeFromCommandLine);
    }
    if let Some(start) = launch.start {
        match launch.study {
            Some((study, file)) => {
                app.insert_resource(crate::analysis::OpenAnalysis(study, file));
            }
            None if launch.analyse => {
                let study = lineup_core::analysis::study::Study::of_game(start.game());
                app.insert_resource(crate::analysis::OpenAnalysis(study, None));
            }
            None => {}
        }
        app.insert_resource(MatchAtStart(start));
    }
    if let Some(ply) = launch.review {
        app.insert_resource(crate::review::OpenReview(ply));
    }
    if let Some(clock) = launch.clock {
        app.insert_resource(crate::menus::online::ClockAtStart(clock));
    }
    if let Some(menu) = launch.menu {
        app.insert_resource(MenuOnEntry(menu_of(menu)));
    }
    if let Some(path) = launch.screenshot {
        app.insert_resource(CaptureRequest::new(path));
    }
    // The language until the player picks one: --language, else the system's.
    let language = launch.language.unwrap_or_else(|| {
        lineup_core::i18n::Language::from_environment(|name| std::env::var(name).ok())
    });
    app.insert_resource(crate::locale::DefaultLanguage(language));
    if !launch.add_engines.is_empty() {
        app.insert_resource(crate::gomocup_player::EnginesToAdd(launch.add_engines));
    }
    if launch.frame_stats {
        app.insert_resource(FrameStats::new(started));
    }
    if let Some(games) = launch.soak {
        crate::soak::figures::count_panics();
        app.insert_resource(crate::soak::Soak::new(games, soak_seed()));
    }
    if let Some(after) = launch.quit_after {
        app.insert_resource(QuitAfter(after));
    }
    app.run()
}

/// The soak's seed: `LINEUP_SOAK_SEED` to play a run again, else the clock
/// (printed, so that any run can be played again).
fn soak_seed() -> u64 {
    let seed = std::env::var("LINEUP_SOAK_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| lineup_core::ai::PlayRng::from_time().next_u64());
    println!("soak: seed {seed} (LINEUP_SOAK_SEED={seed} plays this run again)");
    seed
}

/// The menu state `--menu` names.
fn menu_of(menu: StartMenu) -> Menu {
    match menu {
        StartMenu::Main => Menu::Main,
        StartMenu::NewGame => Menu::NewGame,
        StartMenu::Settings => Menu::Settings,
        StartMenu::Load => Menu::Load,
        StartMenu::HowToPlay => Menu::HowToPlay,
        StartMenu::Results => Menu::Results,
        StartMenu::Pause => Menu::Pause,
        StartMenu::Resign => Menu::ConfirmResign,
        StartMenu::Save => Menu::Save,
        StartMenu::Online => Menu::Online,
        StartMenu::AddEngine => Menu::AddEngine,
        StartMenu::AnalysisBoard => Menu::AnalysisBoard,
    }
}

/// Everything the player's app runs on top of Bevy's own plugins: the game,
/// the sound output, the window's icon, title, size and full screen, the
/// guarded quit and the camera.
pub fn player_app(app: &mut App) {
    app.add_plugins((
        game_plugins,
        crate::audio::playback::plugin,
        crate::window::plugin,
        crate::shutdown::plugin,
    ))
    .add_systems(Startup, spawn_camera)
    .add_systems(
        Update,
        (scale_ui, apply_window_mode).in_set(AppSystems::Present),
    );
}

/// The game's own plugins, without window or renderer, in one frame order:
/// Input → Think → Apply → Animate → Present → Persist (see `AppSystems`).
/// What acts on the match in play (`InPlay`) waits while a menu is open.
pub fn game_plugins(app: &mut App) {
    let [input, think, apply, animate, present, persist] = AppSystems::ALL;
    app.configure_sets(
        Update,
        (input, think, apply, animate, present, persist).chain(),
    )
    .configure_sets(
        Update,
        InPlay.run_if(
            in_state(Screen::Game)
                .and_then(in_state(Menu::None))
                .and_then(in_state(BoardMode::Play)),
        ),
    );
    app.add_plugins((
        crate::audio::plugin,
        crate::settings::plugin,
        crate::locale::plugin,
        crate::disk::plugin,
        crate::results::plugin,
        crate::theme::plugin,
        crate::screens::plugin,
        crate::menus::plugin,
        crate::current_match::plugin,
        crate::board::plugin,
        crate::panel::plugin,
        crate::review::plugin,
        crate::analysis::plugin,
        crate::search::plugin,
    ))
    .add_plugins((
        crate::gomocup_player::plugin,
        crate::study_engine::plugin,
        crate::online::plugin,
        crate::capture::plugin,
        crate::frame_stats::plugin,
        crate::soak::plugin,
    ));
    #[cfg(feature = "dev")]
    app.add_plugins(crate::dev_tools::plugin);
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        Name::new("Camera"),
        Camera2d,
        // No multisampling: four samples a pixel cost llvmpipe (the software
        // renderer) dearly; the pieces are drawn with their own soft rims.
        Msaa::Off,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::AutoMin {
                min_width: DESIGN_SIZE.x,
                min_height: DESIGN_SIZE.y,
            },
            ..OrthographicProjection::default_2d()
        }),
    ));
}

/// The UI scales with the window exactly as the camera does, so the panel
/// and the board keep their places at any size.
fn scale_ui(
    window: Single<&Window, (With<PrimaryWindow>, Changed<Window>)>,
    mut scale: ResMut<UiScale>,
) {
    if let Some(factor) = design_scale(window.size())
        && (scale.0 - factor).abs() > 1e-4
    {
        scale.0 = factor;
    }
}

/// Full screen follows the setting.
fn apply_window_mode(
    settings: Res<Settings>,
    mut window: Single<&mut Window, With<PrimaryWindow>>,
) {
    if !settings.is_changed() {
        return;
    }
    let mode = if settings.fullscreen {
        WindowMode::BorderlessFullscreen(MonitorSelection::Current)
    } else {
        WindowMode::Windowed
    };
    if window.mode != mode {
        window.mode = mode;
    }
}
