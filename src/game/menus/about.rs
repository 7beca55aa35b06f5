//! About: what the game is and how to play it.

use crate::game::actions::Action;
use crate::game::states::Menu;
use crate::game::theme::widgets;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::About), spawn);
}

const TEXT: &str = "Connect Four: drop discs into the seven columns; four in a row\n\
across, up or diagonally wins. Click a column or press 1-7.\n\n\
Gomoku: place stones on the intersections; five in a row wins.\n\
Exact five: six or more in a row wins for nobody.\n\
Renju: Black may not make a double-three, a double-four or an\n\
overline (a red cross marks those points); White may.\n\n\
Keys: arrows and Enter on the board, Esc for the menu,\n\
Ctrl+Z / Ctrl+Y to undo and redo.";

fn spawn(mut commands: Commands) {
    commands.spawn((
        widgets::overlay("About", true),
        DespawnOnExit(Menu::About),
        children![(
            widgets::panel(720.0),
            children![
                widgets::title("Lineup", 40.0),
                widgets::dim_label(format!(
                    "Version {}. Made with Rust and Bevy.",
                    env!("CARGO_PKG_VERSION")
                )),
                widgets::label(TEXT),
                widgets::button("Back", Action::Back),
            ],
        )],
    ));
}
