//! The screen state: what fills the window. Menus are a separate state
//! (`menus::Menu`) drawn over any screen.

pub mod game;
pub mod loading;
mod title;

use crate::menus::Menu;
use bevy::prelude::*;
use game::StartMenu;

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

/// The system that opens `usual` on entering a screen, or the menu asked
/// for on the command line (`--menu`), once.
fn open_menu(usual: Menu) -> impl Fn(Commands, Option<Res<StartMenu>>, ResMut<NextState<Menu>>) {
    move |mut commands, start, mut next| match start {
        Some(start) => {
            next.set(start.0);
            commands.remove_resource::<StartMenu>();
        }
        None => next.set(usual),
    }
}
