//! The main menu on the title screen.

use super::Menu;
use crate::actions::{Action, UiAction};
use crate::theme::widgets;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::Main), spawn)
        .add_systems(Update, quit.run_if(in_state(Menu::Main)));
}

fn spawn(mut commands: Commands) {
    commands.spawn((
        widgets::overlay("Main menu", false),
        DespawnOnExit(Menu::Main),
        children![(
            Node {
                margin: UiRect::top(px(150)),
                ..default()
            },
            children![(
                widgets::panel(380.0),
                children![
                    widgets::button("New game", Action::OpenNewGame),
                    widgets::button("Load game", Action::OpenLoad),
                    widgets::button("Settings", Action::OpenSettings),
                    widgets::button("About", Action::OpenAbout),
                    widgets::button("Quit", Action::Quit),
                ],
            )],
        )],
    ));
}

fn quit(mut actions: MessageReader<UiAction>, mut exit: MessageWriter<AppExit>) {
    if actions.read().any(|a| a.0 == Action::Quit) {
        exit.write(AppExit::Success);
    }
}
