//! Save game: a name (a default from the game, move and date; the player may
//! type another), then the save goes to the saves folder, atomically. A name
//! already used by a different game, or by a file that cannot be read, is
//! refused rather than overwritten.

use crate::game::actions::{Action, UiAction};
use crate::game::board::CurrentMatch;
use crate::game::states::GamePhase;
use crate::game::states::Menu;
use crate::game::storage::{Notice, Storage};
use crate::game::theme::interaction::{Typed, Typing};
use crate::game::theme::{palette, widgets};
use crate::match_state::Match;
use crate::match_state::now;
use crate::persist::save_file::SaveFile;
use crate::persist::slots;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    // Typing is read as key messages (registered by Bevy's input plugin; made
    // sure of here for apps without it, such as headless tests).
    app.add_message::<KeyboardInput>()
        .add_systems(OnEnter(Menu::Save), (prepare, spawn).chain())
        .add_systems(
            Update,
            (type_name, show_name, handle_actions)
                .chain()
                .run_if(in_state(Menu::Save)),
        );
}

/// The name being typed, and what went wrong with the last try.
#[derive(Resource, Default, Debug)]
pub struct SaveName {
    pub text: String,
    pub problem: String,
}

#[derive(Component)]
struct NameText;

#[derive(Component)]
struct ProblemText;

fn prepare(mut commands: Commands, game: Option<Res<CurrentMatch>>) {
    let text = game.map_or_else(String::new, |g| {
        slots::default_name(&g.setup.kind.title(), g.game.move_count(), now())
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
        children![(
            widgets::panel(680.0),
            children![
                widgets::title("Save game", 40.0),
                widgets::dim_label("Name (type to change; Enter saves, Esc goes back)"),
                (
                    Node {
                        width: px(600),
                        padding: UiRect::axes(px(14), px(10)),
                        border: UiRect::all(px(2)),
                        border_radius: BorderRadius::all(px(8)),
                        ..default()
                    },
                    BackgroundColor(palette::BACKGROUND),
                    BorderColor::all(palette::ACCENT),
                    children![(
                        NameText,
                        Text::new(""),
                        TextFont::from_font_size(22.0),
                        TextColor(palette::TEXT)
                    )],
                ),
                (
                    ProblemText,
                    Text::new(""),
                    TextFont::from_font_size(18.0),
                    TextColor(palette::WARNING)
                ),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: px(12),
                        ..default()
                    },
                    // Mouse buttons: the keys are for typing.
                    children![
                        widgets::mouse_button("Save", Action::ConfirmSave),
                        widgets::mouse_button("Cancel", Action::Back),
                    ],
                ),
            ],
        )],
    ));
}

/// Typing edits the name; Backspace deletes; Enter saves.
fn type_name(
    mut keys: MessageReader<KeyboardInput>,
    mut typing: Local<Typing>,
    mut name: ResMut<SaveName>,
    mut actions: MessageWriter<UiAction>,
) {
    for key in keys.read() {
        if typing.key(key, &mut name.text, slots::MAX_NAME) == Typed::Enter {
            actions.write(UiAction(Action::ConfirmSave));
        }
    }
}

fn show_name(
    name: Res<SaveName>,
    time: Res<Time<Real>>,
    mut field: Single<&mut Text, (With<NameText>, Without<ProblemText>)>,
    mut problem: Single<&mut Text, (With<ProblemText>, Without<NameText>)>,
) {
    // A blinking caret at the end.
    let caret = if time.elapsed_secs().fract() < 0.5 {
        "|"
    } else {
        " "
    };
    let shown = format!("{}{caret}", name.text);
    if field.0 != shown {
        field.0 = shown;
    }
    if problem.0 != name.problem {
        problem.0 = name.problem.clone();
    }
}

fn handle_actions(
    mut actions: MessageReader<UiAction>,
    mut name: ResMut<SaveName>,
    game: Option<Res<CurrentMatch>>,
    storage: Option<Res<Storage>>,
    phase: Option<Res<State<GamePhase>>>,
    mut notice: ResMut<Notice>,
    mut next_menu: ResMut<NextState<Menu>>,
) {
    if !actions.read().any(|a| a.0 == Action::ConfirmSave) {
        return;
    }
    let (Some(game), Some(folders)) = (game, storage.as_ref().and_then(|s| s.folders.as_ref()))
    else {
        name.problem = "There is no folder to save in on this system.".into();
        return;
    };
    match save(&name.text, &game, &folders.saves()) {
        Ok(saved_as) => {
            notice.show(format!("Saved as \"{saved_as}\"."));
            let over = phase.is_some_and(|p| *p.get() == GamePhase::Over);
            next_menu.set(if over { Menu::None } else { Menu::Pause });
        }
        Err(problem) => name.problem = problem,
    }
}

/// Saves the match under `name` in `folder`; the name it was saved under.
pub fn save(name: &str, game: &Match, folder: &std::path::Path) -> Result<String, String> {
    let file = slots::file_name(name)?;
    let path = folder.join(&file);
    let name = name.trim().to_string();
    // Only this game's own save may be replaced; a file that cannot be read
    // (damaged, foreign, newer) is never written over.
    if path.exists() {
        match SaveFile::read(&path) {
            Ok(existing) if existing.game_id == game.id => {}
            Ok(_) => {
                return Err(format!(
                    "\"{name}\" is the name of another saved game; choose another name."
                ));
            }
            Err(e) => {
                return Err(format!(
                    "A file named \"{name}\" is there and {e}; it is kept: choose another name."
                ));
            }
        }
    }
    SaveFile::of(&name, game.setup, &game.game, game.created, now())
        .with_id(game.id)
        .with_online(game.online.clone())
        .write(&path)?;
    Ok(name)
}
