//! The match in play, as Bevy holds it: the `CurrentMatch` resource, the
//! messages of a move's flow and of every way into a match, and `apply`,
//! the one system that changes it.
//!
//! The flow of one move: input, the computer, an engine or the server
//! writes `MoveRequested` → `apply` asks the rules → on success the match
//! changes and `MoveApplied` goes out, on refusal `MoveRefused` → the board
//! (`board::pieces`) spawns and animates the piece → when it lands,
//! `PieceLanded` → sounds play, the win line lights up, the next player is
//! asked. Who answers undo, redo and resignation is the match's
//! `MatchAuthority`: `apply` here, or the server online.

pub mod apply;
pub mod clock;

use crate::states::GamePhase;
use crate::theme::interaction::{self, ButtonMessage};
use bevy::prelude::*;
use lineup_core::match_state::Match;
use lineup_core::rules::opening::{Action as OpeningAction, OpeningError};
use lineup_core::rules::{BoardMove, Ending, MoveError, Side};

pub(super) fn plugin(app: &mut App) {
    interaction::sends::<HistoryRequest>(app);
    app.add_sub_state::<GamePhase>()
        .add_message::<StartMatch>()
        .add_message::<ServerDecision>()
        .add_message::<MoveRequested>()
        .add_message::<OpeningRequested>()
        .add_message::<Forfeited>()
        .add_message::<MoveApplied>()
        .add_message::<PieceLanded>()
        .init_resource::<PiecesAtRest>()
        .add_message::<MoveRefused>()
        .add_message::<MovesTakenBack>()
        .add_message::<GameEnded>()
        .add_plugins((apply::plugin, clock::plugin));
}

/// The match in play, as Bevy holds it: the plain [`Match`] model in a
/// resource that everyone reads and only `apply` changes (its field is
/// private to this module and `apply`, and nothing here hands out a `&mut`).
/// Every way into a match (New game, Load, Continue, Play from here,
/// Rematch, online, the command line) sends [`StartMatch`].
#[derive(Resource, Deref, Debug)]
pub struct CurrentMatch(Match);

/// Starts `.0`: `apply` makes it the match in play and (re)enters the game
/// screen, which rebuilds the board.
#[derive(Message, Clone, Debug)]
pub struct StartMatch(pub Match);

/// The match given on the command line (or by a test), started once the
/// assets have loaded (`screens::loading`).
#[derive(Resource, Clone, Debug)]
pub struct MatchAtStart(pub Match);

/// Who answers undo, redo and resignation: this computer, or the server of
/// an online match (the window only asks). Set by `apply` with each match
/// started, from the match itself.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MatchAuthority {
    #[default]
    Local,
    Online,
}

impl MatchAuthority {
    pub fn of(game: &Match) -> MatchAuthority {
        if game.setup().is_online() {
            MatchAuthority::Online
        } else {
            MatchAuthority::Local
        }
    }
}

/// What the server of an online match decided beyond moves (those come as
/// [`MoveRequested`] by the network): `apply` makes the match say so.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum ServerDecision {
    /// The players' names as the server has them.
    Names([Option<String>; 2]),
    /// The last `.0` moves were taken back, by agreement.
    TookBack(usize),
    /// `loser` resigned, forfeited or (`on_time`) ran out of time.
    Ended { loser: Side, on_time: bool },
    /// The server's clocks, as its latest view of the room has them.
    Clock {
        view: Option<lineup_core::net::ClockView>,
        spent_ms: Vec<u64>,
    },
}

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

/// Undo, redo and resignation, from the panel, the keys or a dialog: the
/// match's history, answered by whoever has authority over the match.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryRequest {
    /// Takes back the last move (against the computer, its reply too).
    Undo,
    Redo,
    /// Gives up the game: the resign dialog's confirmation.
    Resign,
}

impl ButtonMessage for HistoryRequest {
    fn is_destructive(&self) -> bool {
        *self == HistoryRequest::Resign
    }
}

/// The Gomocup engine to move lost the game: what it did (it crashed,
/// hung, answered prose or played a move the rules refuse).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Forfeited {
    pub why: String,
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

/// Whether every piece on the board rests (no disc falling, no stone
/// landing): the board publishes it each frame (`board::pieces`), and the
/// match's writer and the computer wait on it without knowing the board.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PiecesAtRest(pub bool);

impl Default for PiecesAtRest {
    fn default() -> Self {
        PiecesAtRest(true)
    }
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

/// Undo took back `count` moves.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovesTakenBack {
    pub count: usize,
}

/// The game just ended (after the last piece landed, or by resignation).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnded(pub Ending);
