//! Menus: a state of their own, drawn over whatever screen is showing. Esc
//! goes back one level; in a game it opens and closes the pause menu.

mod about;
pub mod add_engine;
mod confirm_resign;
pub mod load;
mod main_menu;
pub mod new_game;
mod notice;
mod online;
mod pause;
pub mod save;
mod settings;

use crate::actions::{Action, UiAction};
use crate::states::{BoardMode, Menu, Screen};
use crate::theme::interaction::Focused;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Menu>()
        .add_systems(Update, (escape_goes_back, open_from_actions).chain())
        .add_systems(StateTransition, reset_focus.run_if(state_changed::<Menu>))
        .add_plugins((
            main_menu::plugin,
            new_game::plugin,
            add_engine::plugin,
            settings::plugin,
            load::plugin,
            about::plugin,
            pause::plugin,
            confirm_resign::plugin,
            save::plugin,
            notice::plugin,
            online::plugin,
        ));
}

/// The item after (`dir` > 0) or before `current` in `items`, wrapping
/// around: what a cycling row shows next.
pub fn step<T: Copy + PartialEq>(items: &[T], current: T, dir: i8) -> T {
    let i = items.iter().position(|x| *x == current).unwrap_or(0) as i32;
    items[(i + dir.signum() as i32).rem_euclid(items.len() as i32) as usize]
}

/// Where Back leads from each menu: to the pause menu inside a game, to the
/// main menu elsewhere.
fn parent(menu: Menu, screen: Screen) -> Menu {
    let home = if screen == Screen::Game {
        Menu::Pause
    } else {
        Menu::Main
    };
    match menu {
        Menu::None | Menu::Main => Menu::None,
        Menu::Pause | Menu::ConfirmResign => Menu::None,
        Menu::NewGame | Menu::Load | Menu::About | Menu::Settings | Menu::Save | Menu::Online => {
            home
        }
        Menu::ConfirmDelete => Menu::Load,
        Menu::AddEngine => Menu::NewGame,
    }
}

fn escape_goes_back(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    menu: Res<State<Menu>>,
    screen: Res<State<Screen>>,
    mode: Option<Res<State<BoardMode>>>,
    mut actions: MessageWriter<UiAction>,
) {
    if !keys.is_some_and(|k| k.just_pressed(KeyCode::Escape)) {
        return;
    }
    let reviewing = mode.is_some_and(|m| *m.get() == BoardMode::Review);
    match (*menu.get(), *screen.get()) {
        // In review, Esc goes back to the game (`review`).
        (Menu::None, Screen::Game) if reviewing => {}
        (Menu::None, Screen::Game) => {
            actions.write(UiAction(Action::Pause));
        }
        // The main menu is the bottom of the title screen: Esc stays.
        (Menu::Main, _) | (Menu::None, _) => {}
        _ => {
            actions.write(UiAction(Action::Back));
        }
    }
}

/// The actions that only open or close a menu.
fn open_from_actions(
    mut actions: MessageReader<UiAction>,
    menu: Res<State<Menu>>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Menu>>,
) {
    for UiAction(action) in actions.read() {
        let target = match action {
            Action::OpenNewGame => Menu::NewGame,
            Action::OpenLoad => Menu::Load,
            Action::OpenSettings => Menu::Settings,
            Action::OpenAbout => Menu::About,
            Action::OpenOnline => Menu::Online,
            Action::Pause => Menu::Pause,
            Action::Resume => Menu::None,
            Action::Resign => Menu::ConfirmResign,
            Action::OpenSave => Menu::Save,
            Action::OpenAddEngine => Menu::AddEngine,
            Action::Back => parent(*menu.get(), *screen.get()),
            _ => continue,
        };
        next.set(target);
    }
}

/// A new menu starts with its first button focused... once it exists; until
/// then nothing is, so a stale entity is never acted on.
fn reset_focus(mut focused: ResMut<Focused>) {
    focused.0 = None;
}
