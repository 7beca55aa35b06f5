//! The side panel beside the board, and what shows there: the game, its
//! players, whose turn it is and the move number, with Undo, Redo, Hint,
//! Values, Resign and Menu (`hud`); each player's clock in a timed game
//! (`clocks`); the opening's choices and the status
//! line's words for each step (`opening`); the game-over banner with
//! Rematch, Review, Save and Main menu (`game_over`); the list of the
//! game's moves, each opening review at it (`move_list`, drawn for review's
//! panel too).

pub mod clocks;
pub mod game_over;
pub mod hud;
pub mod opening;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        hud::plugin,
        clocks::plugin,
        opening::plugin,
        game_over::plugin,
    ));
}
