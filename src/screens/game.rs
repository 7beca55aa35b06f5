//! The game screen: the board and its panel (spawned by the board plugins).
//! Entering it closes any menu, unless one was asked for at start.

use crate::states::Menu;
use crate::states::Screen;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    // Entering the game closes any menu (unless one was asked for at start).
    app.add_systems(OnEnter(Screen::Game), super::open_menu(Menu::None));
}
