//! The game screen: the board and its panel (spawned by the board plugins).
//! Entering it closes any menu, unless one was asked for at start.

use super::Screen;
use crate::menus::Menu;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Game), close_menus);
}

/// A menu to open at start instead of the usual one (`--menu`).
#[derive(Resource, Clone, Copy, Debug)]
pub struct StartMenu(pub Menu);

fn close_menus(
    mut commands: Commands,
    start: Option<Res<StartMenu>>,
    mut next: ResMut<NextState<Menu>>,
) {
    match start {
        Some(start) => {
            next.set(start.0);
            commands.remove_resource::<StartMenu>();
        }
        None => next.set(Menu::None),
    }
}
