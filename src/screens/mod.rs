//! The screen state: what fills the window. Menus are a separate state
//! (`menus::Menu`) drawn over any screen.

pub mod game;
pub mod loading;
mod title;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.add_plugins((loading::plugin, title::plugin, game::plugin));
}

#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// Waits for the assets, then goes on to the title (or straight into a
    /// game given on the command line).
    #[default]
    Loading,
    Title,
    Game,
}
