//! Online play in the window, over `lineup-online`'s WebSocket client. The
//! server owns every game: the plain `lineup_core::net::Lobby` decides, on
//! `lineup-server` or on the server a hosting window runs, and this layer
//! only carries its decisions to the board.
//!
//! - `client`: the window's online match: requests up, the room down into
//!   the board's usual move flow; hosting a game;
//! - `status`: the connection and the opponent, under the board.

pub mod client;
pub mod status;

use crate::theme::interaction::{self, ButtonMessage};
use bevy::prelude::*;

/// Online play in the window: hosting (a server on a thread of its own)
/// and joining.
pub fn plugin(app: &mut App) {
    interaction::sends::<OnlineRequest>(app);
    app.add_message::<ConnectionNews>()
        .add_plugins((client::plugin, status::plugin));
}

/// Play online's buttons, and the answers to the opponent's undo request.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnlineRequest {
    /// Host a game on this computer (a friend joins with its address).
    HostHere,
    /// Open a room on the Lineup server at the address given.
    HostOnServer,
    /// Join the room whose code is given, at the address given.
    Join,
    /// Type into field `.0` of the form.
    EditField(u8),
    /// The next game a room can be opened for.
    CycleGame,
    AllowUndo,
    RefuseUndo,
    /// Stop connecting, or stop hosting while no friend has come.
    Cancel,
    /// Close the dialog's note of a failed connection.
    Dismiss,
}

/// What became of a connection the player asked for, for the Play online
/// dialog (which keeps it on show until dismissed).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum ConnectionNews {
    /// Nothing answered at `server` in the time allowed.
    Unreachable { server: std::net::SocketAddr },
    /// The server answered, and said no.
    Refused(lineup_core::net::Refusal),
}

impl ButtonMessage for OnlineRequest {}
