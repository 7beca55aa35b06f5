//! The match being played, in Bevy: the `CurrentMatch` resource, the messages of one
//! move's flow, and the plugins that draw and drive the board.
//!
//! The flow of one move: input or the computer writes `MoveRequested` →
//! `apply` asks the rules → on success `CurrentMatch` changes and `MoveApplied` goes
//! out, on refusal `MoveRefused` → `pieces` spawns and animates the piece →
//! when it lands, `PieceLanded` → sounds play, the win line lights up, the
//! next player is asked.

pub mod apply;
pub mod celebration;
pub mod connect_four_view;
pub mod feedback;
mod game_over;
pub mod gomoku_view;
pub mod hud;
pub mod input;
pub mod insight;
pub mod layout;
pub mod markers;
pub mod opening;
pub mod pieces;
mod shadow;
pub mod shown;
pub mod smooth;

use crate::states::{GamePhase, Screen};
use bevy::prelude::*;
use lineup_core::match_state::Match;
use lineup_core::rules::opening::{Action as OpeningAction, OpeningError};
use lineup_core::rules::{BoardMove, Ending, MoveError, Side};

pub(super) fn plugin(app: &mut App) {
    app.add_sub_state::<GamePhase>()
        .add_message::<MoveRequested>()
        .add_message::<OpeningRequested>()
        .add_message::<Forfeited>()
        .add_message::<MoveApplied>()
        .add_message::<MoveRefused>()
        .add_message::<PieceLanded>()
        .add_message::<MovesTakenBack>()
        .add_message::<GameEnded>()
        .configure_sets(
            OnEnter(Screen::Game),
            (BoardSpawn::Root, BoardSpawn::Art, BoardSpawn::Contents).chain(),
        )
        .add_systems(
            OnEnter(Screen::Game),
            spawn_board_root.in_set(BoardSpawn::Root),
        )
        .add_plugins((
            layout::plugin,
            apply::plugin,
            input::plugin,
            pieces::plugin,
            connect_four_view::plugin,
            gomoku_view::plugin,
            markers::plugin,
            hud::plugin,
            feedback::plugin,
            game_over::plugin,
            insight::plugin,
            celebration::plugin,
            opening::plugin,
        ));
}

/// The match in play, as Bevy holds it: the plain [`Match`] model in a
/// resource. During play only `apply` changes it; the menus replace it
/// (new game, continue, load) and the banner's Rematch starts a new one.
#[derive(Resource, Deref, DerefMut, Clone, Debug)]
pub struct CurrentMatch(pub Match);

/// Who asked for a move: only the player whose turn it is may move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Requester {
    Human,
    Computer,
    /// The server of an online match: a move it accepted.
    Network,
}

/// A player wants to play `mv`.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRequested {
    pub mv: BoardMove,
    pub by: Requester,
}

/// A player wants to do `action` in the opening (a choice from the panel,
/// or the computer's; clicks on the board come as [`MoveRequested`]).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpeningRequested {
    pub action: OpeningAction,
    pub by: Requester,
}

/// The Gomocup engine to move lost the game: what it did (it crashed,
/// hung, answered prose or played a move the rules refuse).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Forfeited {
    pub why: String,
}

/// The rules accepted a move: it is move number `ply` (0-based) of `side`.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveApplied {
    pub mv: BoardMove,
    pub side: Side,
    pub ply: usize,
}

/// Why a requested move was not played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveRefusal {
    Rules(MoveError),
    /// A person clicked while the computer is to move.
    NotYourTurn,
    /// The opening rule refused the action.
    Opening(OpeningError),
}

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRefused {
    pub mv: BoardMove,
    pub refusal: MoveRefusal,
}

/// A piece finished its animation and rests in its cell. `drop` is how far
/// it fell, from 0 (a Gomoku stone) to 1 (a disc from the top of a column).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct PieceLanded {
    pub mv: BoardMove,
    pub side: Side,
    pub ply: usize,
    pub drop: f32,
}

/// Undo took back `count` moves.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovesTakenBack {
    pub count: usize,
}

/// The game just ended (after the last piece landed, or by resignation).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnded(pub Ending);

/// Entering the game screen: first the board's root and layout, then the
/// meshes and colours made for that layout, then what hangs from them.
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
