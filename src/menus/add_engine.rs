//! Add engine, from New game: the path of a Gomocup engine's program,
//! typed. It must be a program this user may run; it is named after its
//! file (`pbrain-rapfi` is "rapfi"), kept in the settings, and New game
//! comes back with it playing White.

use super::MenuRequest;
use crate::locale::Locale;
use crate::menus::new_game::NewGameSetup;
use crate::settings::Settings;
use crate::states::{AppSystems, Menu};
use crate::theme::interaction::{self, ButtonMessage, Typed, Typing};
use crate::theme::toast::Toast;
use crate::theme::widgets;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use lineup_core::gomocup::registry::{self, EngineEntry, ProgramError};
use lineup_core::match_setup::{EngineSlot, GameKind, PlayerKind};
use std::path::Path;

pub(super) fn plugin(app: &mut App) {
    interaction::sends::<ConfirmAddEngine>(app);
    app.add_message::<KeyboardInput>()
        .init_resource::<EnginePath>()
        .add_systems(OnEnter(Menu::AddEngine), (prepare, spawn).chain())
        .add_systems(
            Update,
            (
                type_path.in_set(AppSystems::Input),
                add_engine.in_set(AppSystems::Apply),
                show_path.in_set(AppSystems::Present),
            )
                .run_if(in_state(Menu::AddEngine)),
        );
}

/// Add engine's Add: the path typed becomes an engine of the list.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConfirmAddEngine;

impl ButtonMessage for ConfirmAddEngine {}

/// The longest path taken.
const MAX_PATH: usize = 400;

/// The path being typed, and what was wrong with the last one.
#[derive(Resource, Default, Debug)]
pub struct EnginePath {
    pub text: String,
    pub problem: String,
}

#[derive(Component)]
struct PathText;

#[derive(Component)]
struct PathProblemText;

fn prepare(mut path: ResMut<EnginePath>) {
    *path = EnginePath::default();
}

fn spawn(mut commands: Commands) {
    commands.spawn((
        widgets::overlay("Add engine", true),
        DespawnOnExit(Menu::AddEngine),
        children![widgets::entry_panel(
            "add_engine.title",
            "add_engine.help",
            PathText,
            PathProblemText,
            ("add_engine.add", ConfirmAddEngine),
            MenuRequest::Back,
        )],
    ));
}

/// Typing edits the path; Backspace deletes; Enter adds.
fn type_path(
    mut keys: MessageReader<KeyboardInput>,
    mut typing: Local<Typing>,
    mut path: ResMut<EnginePath>,
    mut confirmations: MessageWriter<ConfirmAddEngine>,
) {
    for key in keys.read() {
        if typing.key(key, &mut path.text, MAX_PATH) == Typed::Enter {
            confirmations.write(ConfirmAddEngine);
        }
    }
}

fn show_path(
    path: Res<EnginePath>,
    time: Res<Time<Real>>,
    mut field: Single<&mut Text, (With<PathText>, Without<PathProblemText>)>,
    mut problem: Single<&mut Text, (With<PathProblemText>, Without<PathText>)>,
) {
    let shown = widgets::with_caret(&path.text, &time);
    if field.0 != shown {
        field.0 = shown;
    }
    if problem.0 != path.problem {
        problem.0 = path.problem.clone();
    }
}

fn add_engine(
    mut confirmations: MessageReader<ConfirmAddEngine>,
    mut path: ResMut<EnginePath>,
    mut settings: ResMut<Settings>,
    setup: Option<Res<NewGameSetup>>,
    mut toasts: MessageWriter<Toast>,
    locale: Res<Locale>,
    mut next_menu: ResMut<NextState<Menu>>,
) {
    if confirmations.read().count() == 0 {
        return;
    }
    let typed = path.text.trim().to_string();
    let program = match registry::check_program(Path::new(&typed)) {
        Ok(program) => program,
        Err(error) => {
            let key = match error {
                ProgramError::NotFound => "add_engine.not_found",
                ProgramError::NotAProgram => "add_engine.not_a_program",
            };
            path.problem = locale.f(key, &[("path", &typed)]);
            return;
        }
    };
    let entry = EngineEntry::from_path(program);
    toasts.write(Toast::window(
        locale.f("notice.engine_added", &[("name", &entry.name)]),
    ));
    let slot = registry::remember(&mut settings.engines, entry);
    // New game comes back with the engine as White, in a game of Gomoku.
    let mut next = setup
        .map(|s| s.0)
        .or(settings.last_setup)
        .unwrap_or_default();
    if matches!(next.kind, GameKind::ConnectFour { .. }) {
        next.kind = GameKind::Gomoku {
            size: settings.default_gomoku_size,
            rule: settings.default_rule,
        };
    }
    next.players[1] = PlayerKind::Engine(EngineSlot(slot.min(255) as u8));
    settings.last_setup = Some(next);
    next_menu.set(Menu::NewGame);
}
