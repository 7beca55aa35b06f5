//! Load game: the list of saved games (saving arrives with the save issue;
//! until then the list is empty and says so).

use super::Menu;
use crate::actions::Action;
use crate::theme::widgets;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::Load), spawn);
}

fn spawn(mut commands: Commands) {
    commands.spawn((
        widgets::overlay("Load game", true),
        DespawnOnExit(Menu::Load),
        children![(
            widgets::panel(560.0),
            children![
                widgets::title("Load game", 40.0),
                widgets::dim_label("No saved games yet."),
                widgets::button("Back", Action::Back),
            ],
        )],
    ));
}
