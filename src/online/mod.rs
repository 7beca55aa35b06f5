//! Online play over bevy_replicon (renet and netcode underneath). The
//! server owns every game: the plain `lineup_core::net::Lobby` decides, and this
//! layer only carries its decisions over the network.
//!
//! - `protocol`: what is replicated and sent, registered by every app;
//! - `transport`: opening and closing the UDP connection;
//! - `tokens`: secure mode's connect tokens, handed out over TCP;
//! - `server`: the lobby behind replicon (in `lineup-server` and a host);
//! - `client`: the window's online match: requests up, the room down into
//!   the board's usual move flow;
//! - `status`: the connection and the opponent, under the board;
//! - `headless`: the windowless apps: the dedicated server and bot clients;
//! - `bot`: a random player, for the load tool and the network tests.

pub mod bot;
pub mod client;
pub mod headless;
pub mod protocol;
pub mod server;
pub mod status;
pub mod tokens;
pub mod transport;

use crate::theme::interaction::{self, ButtonMessage};
use bevy::prelude::*;
use bevy_replicon::prelude::*;
use bevy_replicon_renet::RepliconRenetPlugins;

/// Online play in the window: able to host (the server side idles until a
/// game is hosted) and to join.
pub fn plugin(app: &mut App) {
    interaction::sends::<OnlineRequest>(app);
    app.add_message::<ConnectionNews>()
        .add_plugins((RepliconPlugins, RepliconRenetPlugins))
        .add_plugins((
            protocol::plugin,
            server::plugin,
            client::plugin,
            status::plugin,
        ));
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
