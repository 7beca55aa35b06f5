//! The board: its world-space drawing and its input. The board root and
//! layout, the two games' views, the pieces kept in step with the history
//! and animated (falling, landing: `PieceLanded`), markers (ghost, last
//! move, forbidden points, winning line), the marks of the engine's help
//! (hint glow, column values), the opening's marks (offered fifth moves,
//! the central square), the shake and flash of a refused move, the
//! confetti of a win, and the clicks and keys that ask for a move. The
//! match itself is `current_match`'s; the panel beside the board is
//! `panel`'s.

pub mod celebration;
pub mod connect_four_view;
pub mod drawn_position;
pub mod feedback;
pub mod flip;
pub mod gomoku_view;
pub mod help_marks;
pub mod input;
pub mod layout;
pub mod markers;
pub mod opening_marks;
pub mod pieces;
pub mod ringed_ghost;
mod shadow;
pub mod smooth;

use crate::states::Screen;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_schedule(SpawnBoard)
        .configure_sets(
            SpawnBoard,
            (BoardSpawn::Root, BoardSpawn::Art, BoardSpawn::Contents).chain(),
        )
        .add_systems(SpawnBoard, spawn_board_root.in_set(BoardSpawn::Root))
        .add_systems(OnEnter(Screen::Game), |world: &mut World| {
            world.run_schedule(SpawnBoard)
        })
        .add_plugins((
            layout::plugin,
            input::plugin,
            pieces::plugin,
            connect_four_view::plugin,
            gomoku_view::plugin,
            markers::plugin,
            feedback::plugin,
            help_marks::plugin,
            ringed_ghost::plugin,
            opening_marks::plugin,
            celebration::plugin,
            flip::plugin,
        ));
}

/// Draws the board: run on entering the game screen, and again to draw it
/// anew (flipped) with the layout then in force.
#[derive(bevy::ecs::schedule::ScheduleLabel, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SpawnBoard;

/// Drawing the board (`SpawnBoard`): first the board's root and layout,
/// then the meshes and colours made for that layout, then what hangs from
/// them.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardSpawn {
    Root,
    Art,
    Contents,
}

/// The parent of everything drawn on the board, so that the whole board can
/// shake and everything goes when the game screen does.
#[derive(Component)]
pub struct BoardRoot;

/// Where the board sits in the world (the side panel takes the right).
pub const BOARD_CENTRE: Vec2 = Vec2::new(-150.0, -10.0);

fn spawn_board_root(mut commands: Commands) {
    commands.spawn((
        Name::new("Board"),
        BoardRoot,
        DespawnOnExit(Screen::Game),
        Transform::from_translation(BOARD_CENTRE.extend(0.0)),
        Visibility::default(),
    ));
}
