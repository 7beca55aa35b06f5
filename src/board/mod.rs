//! The match being played, in Bevy: the `Match` resource, the messages of one
//! move's flow, and the plugins that draw and drive the board.
//!
//! The flow of one move: input or the computer writes `MoveRequested` →
//! `apply` asks the rules → on success `Match` changes and `MoveApplied` goes
//! out, on refusal `MoveRefused` → `pieces` spawns and animates the piece →
//! when it lands, `PieceLanded` → sounds play, the win line lights up, the
//! next player is asked.

pub mod apply;
mod connect_four_view;
pub mod feedback;
mod game_over;
mod gomoku_view;
pub mod hud;
pub mod input;
pub mod insight;
pub mod layout;
pub mod markers;
pub mod pieces;

use crate::game_setup::{BoardMove, Ending, MatchGame, MatchSetup, PlayerKind};
use crate::rules::{MoveError, Side};
use crate::states::{GamePhase, Screen};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_sub_state::<GamePhase>()
        .add_message::<MoveRequested>()
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
        ));
}

/// The match in play: its set-up and the game itself. `revision` names the
/// state of the match: it changes with every move, undo, redo and
/// resignation, and is never reused in this run, not even by the next match,
/// so that work keyed on it (a search, a hint, drawn markers, the autosave)
/// can never be taken for another position's.
#[derive(Resource, Clone, Debug)]
pub struct Match {
    pub setup: MatchSetup,
    pub game: MatchGame,
    pub revision: u64,
    /// When the match began (seconds since 1970), kept by its saves.
    pub created: u64,
    /// Tells this match from every other, so a save never replaces another
    /// game's save of the same name.
    pub id: u64,
}

impl Match {
    pub fn new(setup: MatchSetup) -> Self {
        Match::resumed(
            setup,
            setup.kind.new_game(),
            crate::storage::now(),
            crate::storage::new_id(),
        )
    }

    /// A match going on from `game` (a loaded save, a position).
    pub fn resumed(setup: MatchSetup, game: MatchGame, created: u64, id: u64) -> Self {
        Match {
            setup,
            game,
            revision: next_revision(),
            created,
            // A save from before ids were kept (0) gets one of its own, so
            // two such games never share a save.
            id: if id == 0 {
                crate::storage::new_id()
            } else {
                id
            },
        }
    }

    /// Marks a change of the match.
    pub fn touch(&mut self) {
        self.revision = next_revision();
    }

    /// Who gives up when Resign is confirmed: the person playing, whoever is
    /// to move (the computer may be thinking); between two people or two
    /// computers, the side to move.
    pub fn resigning_side(&self) -> Side {
        let to_move = self.game.to_move();
        let humans: Vec<Side> = [Side::First, Side::Second]
            .into_iter()
            .filter(|s| !self.setup.players[s.index()].is_computer())
            .collect();
        match humans.as_slice() {
            [only] => *only,
            _ => to_move,
        }
    }

    /// Who plays the side to move.
    pub fn player_to_move(&self) -> PlayerKind {
        self.setup.players[self.game.to_move().index()]
    }

    pub fn side_name(&self, side: Side) -> &'static str {
        self.setup.kind.side_name(side)
    }
}

fn next_revision() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// Who asked for a move: only the player whose turn it is may move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Requester {
    Human,
    Computer,
}

/// A player wants to play `mv`.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRequested {
    pub mv: BoardMove,
    pub by: Requester,
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
pub enum Refusal {
    Rules(MoveError),
    /// A person clicked while the computer is to move.
    NotYourTurn,
}

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRefused {
    pub mv: BoardMove,
    pub refusal: Refusal,
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
