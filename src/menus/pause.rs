//! The pause menu inside a game (Esc).

use super::Menu;
use crate::actions::{Action, UiAction};
use crate::screens::Screen;
use crate::theme::widgets;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::Pause), spawn)
        .add_systems(Update, quit_to_title.run_if(in_state(Screen::Game)));
}

fn spawn(mut commands: Commands) {
    commands.spawn((
        widgets::overlay("Pause", true),
        DespawnOnExit(Menu::Pause),
        children![(
            widgets::panel(380.0),
            children![
                widgets::title("Paused", 40.0),
                widgets::button("Resume", Action::Resume),
                widgets::button("Save game", Action::OpenSave),
                widgets::button("Settings", Action::OpenSettings),
                widgets::button("Resign", Action::Resign),
                widgets::button("Quit to title", Action::QuitToTitle),
            ],
        )],
    ));
}

/// Leaves the game for the title screen (from the pause menu or the banner).
fn quit_to_title(
    mut actions: MessageReader<UiAction>,
    mut screen: ResMut<NextState<Screen>>,
    mut menu: ResMut<NextState<Menu>>,
) {
    if actions.read().any(|a| a.0 == Action::QuitToTitle) {
        menu.set(Menu::None);
        screen.set(Screen::Title);
    }
}
