//! What the network carries, registered once for every app that takes part
//! (the window as client or host, `lineup-server`, the bench's bots), so the
//! order and shape of the registrations always agree:
//!
//! - a room is an entity on the server with [`RoomState`] (the plain
//!   [`RoomView`]), replicated only to the clients seated in it;
//! - requests go up as [`NetRequest`] events, answers come down to one
//!   client as [`NetReply`].

use bevy::prelude::*;
use bevy_replicon::prelude::*;
use lineup_core::net::{Reply, Request, RoomCode, RoomView};
use serde::{Deserialize, Serialize};

/// Netcode's protocol id: a client of another protocol version is refused at
/// the door (replicon also compares the registrations).
pub const PROTOCOL_ID: u64 = 0x4c49_4e45_5550_0001; // "LINEUP" 1

pub use lineup_core::net::address::DEFAULT_PORT;

pub fn plugin(app: &mut App) {
    app.replicate::<RoomState>()
        .add_visibility_filter::<RoomTag>()
        .add_client_event::<NetRequest>(Channel::Ordered)
        .add_server_event::<NetReply>(Channel::Ordered)
        // A reply may reach a client the server has not yet authorised (its
        // protocol hash still on the way): on a busy server a request can
        // arrive first, and its answer must not be dropped.
        .make_event_independent::<NetReply>();
}

/// The room as its players see it.
#[derive(Component, Clone, Debug, PartialEq, Eq, Deref, Serialize, Deserialize)]
pub struct RoomState(pub RoomView);

/// On the server, names a room entity's room, so that only the clients
/// seated there ([`SeatedIn`] the same code) receive it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
#[component(immutable)]
pub struct RoomTag(pub RoomCode);

/// On the server, on a connected client's entity: the room it sits in.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
#[component(immutable)]
pub struct SeatedIn(pub RoomCode);

impl VisibilityFilter for RoomTag {
    type ClientComponent = SeatedIn;
    type Scope = Entity;

    fn is_visible(&self, _client: Entity, seated: Option<&SeatedIn>) -> bool {
        seated.is_some_and(|s| s.0 == self.0)
    }
}

/// A request from a client (or, on a hosted game, from the host itself).
#[derive(Event, Clone, Debug, PartialEq, Eq, Deref, Serialize, Deserialize)]
pub struct NetRequest(pub Request);

/// The server's answer to one client.
#[derive(Event, Clone, Debug, PartialEq, Eq, Deref, Serialize, Deserialize)]
pub struct NetReply(pub Reply);
