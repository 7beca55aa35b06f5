//! Save game: a name (a default from the game, move and date; the player may
//! type another), then the save goes to the saves folder, atomically. A name
//! already used by a different game, or by a file that cannot be read, is
//! refused rather than overwritten.

use super::MenuRequest;
use crate::current_match::CurrentMatch;
use crate::disk::Storage;
use crate::locale::Locale;
use crate::locale::terms;
use crate::states::{AppSystems, GamePhase, Menu};
use crate::theme::interaction::{self, ButtonMessage, Typed, Typing};
use crate::theme::toast::Toast;
use crate::theme::widgets;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use lineup_core::match_state::Match;
use lineup_core::persist::save_file::SaveFile;
use lineup_core::persist::slots;
use lineup_core::unix_time::now;

pub(super) fn plugin(app: &mut App) {
    // Typing is read as key messages (registered by Bevy's input plugin; made
    // sure of here for apps without it, such as headless tests).
    interaction::sends::<SaveRequest>(app);
    app.add_message::<KeyboardInput>()
        .add_systems(OnEnter(Menu::Save), (prepare, spawn).chain())
        .add_systems(
            Update,
            (
                type_name.in_set(AppSystems::Input),
                handle_requests.in_set(AppSystems::Apply),
                show_name.in_set(AppSystems::Present),
            )
                .run_if(in_state(Menu::Save)),
        );
}

/// Writing the game to a file: as a save (the save dialog's Save), or as
/// moves for other programs (the pause menu's Export).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveRequest {
    Save,
    Export,
}

impl ButtonMessage for SaveRequest {}

/// The name being typed, and what went wrong with the last try.
#[derive(Resource, Default, Debug)]
pub struct SaveName {
    pub text: String,
    pub problem: String,
}

#[derive(Component)]
struct NameText;

#[derive(Component)]
struct SaveProblemText;

fn prepare(mut commands: Commands, game: Option<Res<CurrentMatch>>, locale: Res<Locale>) {
    let text = game.map_or_else(String::new, |g| {
        slots::safe_name(&locale.f(
            "save.default_name",
            &[
                ("game", &terms::game_title(&locale, g.setup().kind)),
                ("move", &g.game().move_count()),
                ("date", &slots::date_stamp(now())),
            ],
        ))
    });
    commands.insert_resource(SaveName {
        text,
        problem: String::new(),
    });
}

fn spawn(mut commands: Commands) {
    commands.spawn((
        widgets::overlay("Save game", true),
        DespawnOnExit(Menu::Save),
        children![widgets::entry_panel(
            "save.title",
            "save.help",
            NameText,
            SaveProblemText,
            ("save.save", SaveRequest::Save),
            MenuRequest::Back,
        )],
    ));
}

/// Typing edits the name; Backspace deletes; Enter saves.
fn type_name(
    mut keys: MessageReader<KeyboardInput>,
    mut typing: Local<Typing>,
    mut name: ResMut<SaveName>,
    mut requests: MessageWriter<SaveRequest>,
) {
    for key in keys.read() {
        if typing.key(key, &mut name.text, slots::MAX_NAME) == Typed::Enter {
            requests.write(SaveRequest::Save);
        }
    }
}

fn show_name(
    name: Res<SaveName>,
    time: Res<Time<Real>>,
    mut field: Single<&mut Text, (With<NameText>, Without<SaveProblemText>)>,
    mut problem: Single<&mut Text, (With<SaveProblemText>, Without<NameText>)>,
) {
    let shown = widgets::with_caret(&name.text, &time);
    if field.0 != shown {
        field.0 = shown;
    }
    if problem.0 != name.problem {
        problem.0 = name.problem.clone();
    }
}

fn handle_requests(
    mut requests: MessageReader<SaveRequest>,
    mut name: ResMut<SaveName>,
    game: Option<Res<CurrentMatch>>,
    storage: Option<Res<Storage>>,
    phase: Option<Res<State<GamePhase>>>,
    mut toasts: MessageWriter<Toast>,
    locale: Res<Locale>,
    mut next_menu: ResMut<NextState<Menu>>,
) {
    if !requests.read().any(|r| *r == SaveRequest::Save) {
        return;
    }
    let (Some(game), Some(folders)) = (game, storage.as_ref().and_then(|s| s.folders.as_ref()))
    else {
        name.problem = locale.t("save.no_folder").into();
        return;
    };
    match save(&name.text, &game, &folders.saves()) {
        Ok(saved_as) => {
            toasts.write(Toast::window(
                locale.f("notice.saved", &[("name", &saved_as)]),
            ));
            let over = phase.is_some_and(|p| *p.get() == GamePhase::Over);
            next_menu.set(if over { Menu::None } else { Menu::Pause });
        }
        Err(problem) => name.problem = problem.say(&locale),
    }
}

/// Why a save was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveProblem {
    Name(slots::NameError),
    /// Another game is saved under that name.
    OtherGame(String),
    /// A file of that name is there and cannot be read; it is kept.
    Unreadable {
        name: String,
        why: String,
    },
    /// Writing failed.
    Write(String),
}

impl SaveProblem {
    /// What the player reads.
    pub fn say(&self, locale: &Locale) -> String {
        match self {
            SaveProblem::Name(slots::NameError::Empty) => locale.t("save.name.empty").into(),
            SaveProblem::Name(slots::NameError::TooLong) => {
                locale.f("save.name.too_long", &[("max", &slots::MAX_NAME)])
            }
            SaveProblem::Name(slots::NameError::Character(c)) => {
                locale.f("save.name.character", &[("character", c)])
            }
            SaveProblem::Name(slots::NameError::Reserved(name)) => {
                locale.f("save.name.reserved", &[("name", name)])
            }
            SaveProblem::OtherGame(name) => locale.f("save.other_game", &[("name", name)]),
            SaveProblem::Unreadable { name, why } => {
                locale.f("save.unreadable", &[("name", name), ("why", why)])
            }
            SaveProblem::Write(error) => locale.f("save.write_failed", &[("error", error)]),
        }
    }
}

/// Saves the match under `name` in `folder`; the name it was saved under.
pub fn save(name: &str, game: &Match, folder: &std::path::Path) -> Result<String, SaveProblem> {
    let file = slots::file_name(name).map_err(SaveProblem::Name)?;
    let path = folder.join(&file);
    let name = name.trim().to_string();
    // Only this game's own save may be replaced; a file that cannot be read
    // (damaged, foreign, newer) is never written over.
    if path.exists() {
        match SaveFile::read(&path) {
            Ok(existing) if existing.game_id == game.id() => {}
            Ok(_) => return Err(SaveProblem::OtherGame(name)),
            Err(e) => {
                return Err(SaveProblem::Unreadable {
                    name,
                    why: e.to_string(),
                });
            }
        }
    }
    SaveFile::of(&name, game.setup(), game.game(), game.created(), now())
        .with_id(game.id())
        .with_opening(game.opening())
        .with_online(game.online().cloned())
        .with_clock(game.clock())
        .write(&path)
        .map_err(SaveProblem::Write)?;
    Ok(name)
}
