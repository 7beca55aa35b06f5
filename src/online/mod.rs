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

use bevy::prelude::*;
use bevy_replicon::prelude::*;
use bevy_replicon_renet::RepliconRenetPlugins;

/// Online play in the window: able to host (the server side idles until a
/// game is hosted) and to join.
pub fn plugin(app: &mut App) {
    app.add_plugins((RepliconPlugins, RepliconRenetPlugins))
        .add_plugins((
            protocol::plugin,
            server::plugin,
            client::plugin,
            status::plugin,
        ));
}
