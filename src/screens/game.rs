//! The game screen: the board and its panel (spawned by the board plugins).
//! Entering it closes any menu, unless one was asked for at start.

use crate::states::Menu;
use crate::states::Screen;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    // Entering the game closes any menu (unless one was asked for at start).
    app.add_systems(OnEnter(Screen::Game), super::open_menu(Menu::None));
}

/// A menu to open when the next screen is entered, instead of its usual
/// one: `--menu` at start, or Play online after a cancelled hosting.
#[derive(Resource, Clone, Copy, Debug)]
pub struct MenuOnEntry(pub Menu);
