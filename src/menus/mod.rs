//! Menus: a state of their own, drawn over whatever screen is showing. Esc
//! goes back one level; in a game it opens and closes the pause menu.

pub mod add_engine;
pub mod analysis_board;
mod chat;
mod confirm_resign;
pub mod how_to_play;
pub mod load;
pub mod lobby;
mod main_menu;
pub mod new_game;
mod notice;
pub mod online;
mod pause;
pub mod results;
pub mod save;
pub mod settings;

use crate::states::{AppSystems, BoardMode, Menu, Screen};
use crate::theme::interaction::{self, ButtonMessage, Focused};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    interaction::sends::<MenuRequest>(app);
    app.init_state::<Menu>()
        .add_systems(
            Update,
            (
                menu_keys.in_set(AppSystems::Input),
                open_menus.in_set(AppSystems::Apply),
            ),
        )
        .add_systems(StateTransition, reset_focus.run_if(state_changed::<Menu>))
        .add_plugins((
            main_menu::plugin,
            new_game::plugin,
            analysis_board::plugin,
            add_engine::plugin,
            settings::plugin,
            load::plugin,
            how_to_play::plugin,
            pause::plugin,
            results::plugin,
            confirm_resign::plugin,
            save::plugin,
            notice::plugin,
            online::plugin,
            lobby::plugin,
            chat::plugin,
        ));
}

/// Moving between menus, and the title's and pause menu's own choices.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuRequest {
    /// The unfinished game, from the title.
    Continue,
    OpenNewGame,
    OpenLoad,
    OpenSettings,
    /// How to play (F1 anywhere).
    OpenHowToPlay,
    /// The record of results against the computer (from Load game).
    OpenResults,
    /// Play online: host, or join by code and address.
    OpenOnline,
    OpenSave,
    /// Add a Gomocup engine (from New game).
    OpenAddEngine,
    /// The analysis board's chooser (game, board, rules), from the title.
    OpenAnalysis,
    Pause,
    Resume,
    /// Asks whether to resign (the resign dialog).
    Resign,
    /// Leave the current menu for the one it came from.
    Back,
    Quit,
    QuitToTitle,
}

impl ButtonMessage for MenuRequest {
    fn is_destructive(&self) -> bool {
        *self == MenuRequest::Quit
    }
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
        Menu::Pause | Menu::ConfirmResign | Menu::Comment | Menu::Chat => Menu::None,
        Menu::NewGame
        | Menu::AnalysisBoard
        | Menu::Load
        | Menu::HowToPlay
        | Menu::Settings
        | Menu::Save
        | Menu::Online => home,
        Menu::Lobby => Menu::Online,
        Menu::ConfirmDelete | Menu::Results => Menu::Load,
        Menu::AddEngine => Menu::NewGame,
    }
}

fn menu_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    menu: Res<State<Menu>>,
    screen: Res<State<Screen>>,
    mode: Option<Res<State<BoardMode>>>,
    mut requests: MessageWriter<MenuRequest>,
) {
    let Some(keys) = keys else { return };
    // F1: how to play, from anywhere but itself.
    if keys.just_pressed(KeyCode::F1) && *menu.get() != Menu::HowToPlay {
        requests.write(MenuRequest::OpenHowToPlay);
        return;
    }
    if !keys.just_pressed(KeyCode::Escape) {
        return;
    }
    let out_of_play = mode.is_some_and(|m| *m.get() != BoardMode::Play);
    match (*menu.get(), *screen.get()) {
        // In review and analysis, Esc goes back to the game (their own keys).
        (Menu::None, Screen::Game) if out_of_play => {}
        (Menu::None, Screen::Game) => {
            requests.write(MenuRequest::Pause);
        }
        // The main menu is the bottom of the title screen: Esc stays.
        (Menu::Main, _) | (Menu::None, _) => {}
        _ => {
            requests.write(MenuRequest::Back);
        }
    }
}

/// The requests that only open or close a menu.
fn open_menus(
    mut requests: MessageReader<MenuRequest>,
    menu: Res<State<Menu>>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Menu>>,
    mut how_to_play_from: Local<Option<(Menu, Screen)>>,
) {
    for request in requests.read() {
        let target = match request {
            // F1 opens How to play from anywhere, the game itself included:
            // Back returns there, on the same screen (else, opened by
            // `--menu`, to its parent).
            MenuRequest::OpenHowToPlay => {
                *how_to_play_from = Some((*menu.get(), *screen.get()));
                Menu::HowToPlay
            }
            MenuRequest::Back if *menu.get() == Menu::HowToPlay => match how_to_play_from.take() {
                Some((from, on)) if on == *screen.get() => from,
                _ => parent(Menu::HowToPlay, *screen.get()),
            },
            MenuRequest::OpenNewGame => Menu::NewGame,
            MenuRequest::OpenLoad => Menu::Load,
            MenuRequest::OpenSettings => Menu::Settings,
            MenuRequest::OpenResults => Menu::Results,
            MenuRequest::OpenOnline => Menu::Online,
            MenuRequest::Pause => Menu::Pause,
            MenuRequest::Resume => Menu::None,
            MenuRequest::Resign => Menu::ConfirmResign,
            MenuRequest::OpenSave => Menu::Save,
            MenuRequest::OpenAddEngine => Menu::AddEngine,
            MenuRequest::OpenAnalysis => Menu::AnalysisBoard,
            MenuRequest::Back => parent(*menu.get(), *screen.get()),
            MenuRequest::Continue | MenuRequest::Quit | MenuRequest::QuitToTitle => continue,
        };
        next.set(target);
    }
}

/// A new menu starts with its first button focused... once it exists; until
/// then nothing is, so a stale entity is never acted on.
fn reset_focus(mut focused: ResMut<Focused>) {
    focused.0 = None;
}
