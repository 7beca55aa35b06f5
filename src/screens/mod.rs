//! The screen state: what fills the window. Menus are a separate state
//! (`states::Menu`) drawn over any screen.

pub mod game;
pub mod loading;
mod title;
pub mod title_scene;

use crate::states::MenuOnEntry;
use crate::states::{Menu, Screen};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.add_plugins((
        loading::plugin,
        title::plugin,
        title_scene::plugin,
        game::plugin,
    ));
}

/// The system that opens `usual` on entering a screen, or the menu asked
/// for on the command line (`--menu`), once.
fn open_menu(usual: Menu) -> impl Fn(Commands, Option<Res<MenuOnEntry>>, ResMut<NextState<Menu>>) {
    move |mut commands, start, mut next| match start {
        Some(start) => {
            next.set(start.0);
            commands.remove_resource::<MenuOnEntry>();
        }
        None => next.set(usual),
    }
}
