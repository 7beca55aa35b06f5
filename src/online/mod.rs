//! Online play in the window. The server owns every game: the plain
//! `lineup_core::net::Lobby` decides, on `lineup-server` or on the server
//! a hosting window runs, and the client's session
//! (`lineup_client::session`, sans-IO) decides what the client does. This
//! layer carries its effects to the board and the screens.
//!
//! - `session`: the session as a resource, started and stopped (hosting
//!   a game too);
//! - `link`: the connection and the clock into the session each frame, its
//!   effects out as `SessionNews`;
//! - `follow`: the room into the match, the player's moves up;
//! - `actions`: undo, resign, rematch, Cancel;
//! - `rejoin`: a saved seat taken back (Continue, Load);
//! - `status`: the connection and the opponent, under the board, with the
//!   chat's last line;
//! - `lobby`: what the server sends for the lobby, and its requests;
//! - `chat`: the chat's lines and the mute (the dialog is `menus::chat`);
//! - `identity`: Settings' backup and restore of the player's key.
//!
//! Nothing here imports the menus, the screens or review: they read this
//! layer's messages and resources (tests/it/layout.rs).

mod actions;
pub mod chat;
mod follow;
pub mod identity;
mod link;
pub mod lobby;
mod rejoin;
pub mod session;
pub mod status;

pub use link::SessionNews;
pub use session::{OnlineSession, Start, start, stop};

use crate::states::{AppSystems, Screen};
use crate::theme::interaction::{self, ButtonMessage};
use bevy::prelude::*;

/// Online play in the window: hosting (a server on a thread of its own)
/// and joining.
pub fn plugin(app: &mut App) {
    interaction::sends::<RoomRequest>(app);
    interaction::sends::<lobby::LobbyRequest>(app);
    interaction::sends::<chat::ChatRequest>(app);
    app.add_message::<ConnectionNews>()
        .add_message::<SessionNews>()
        .add_message::<lobby::FinishedToReview>()
        .add_plugins((status::plugin, identity::plugin))
        .add_systems(
            Update,
            rejoin::rejoin_saved_match
                .in_set(AppSystems::Input)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(
            Update,
            link::take_updates
                .in_set(AppSystems::Input)
                .run_if(resource_exists::<OnlineSession>),
        )
        .add_systems(
            Update,
            (
                link::end_the_session,
                link::follow_the_place,
                link::keep_news,
                link::show_refusals,
                lobby::open_finished,
                actions::cancel,
                lobby::lobby_actions,
                chat::toggle_mute,
                follow::forward_moves,
                actions::room_actions,
                follow::follow_the_room,
                follow::follow_the_end,
            )
                .chain()
                .in_set(AppSystems::Apply)
                .in_set(FollowTheServer)
                // Each system checks: one of them may end the session mid-chain.
                .distributive_run_if(resource_exists::<OnlineSession>),
        );
}

/// The systems that bring the server's news into the match and the
/// screens: a screen that ends the session orders itself before them.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FollowTheServer;

/// An online game's own buttons: the answers to the opponent's undo
/// request, the rematch, and Cancel while connecting or waiting for a
/// friend.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoomRequest {
    AllowUndo,
    RefuseUndo,
    /// After an online game: another, colours swapped.
    Rematch,
    /// Stop connecting, or stop hosting while no friend has come.
    Cancel,
}

impl ButtonMessage for RoomRequest {}

/// What became of a connection the player asked for, for the Play online
/// dialog (which keeps it on show until dismissed).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum ConnectionNews {
    /// Nothing answered at `server` in the time allowed.
    Unreachable { server: std::net::SocketAddr },
    /// The server answered, and said no.
    Refused(lineup_core::net::Refusal),
    /// The server put the player in its pairing queue.
    Queued,
}
