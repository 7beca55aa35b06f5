//! The online session as a resource of the window: the client's sans-IO
//! session (`lineup_client::session`, which decides), the connection it
//! asks for, and what the window keeps beside it: the match it drives, the
//! lobby's news and the chat. Starting and stopping a session, hosting
//! included, are here.

use super::chat::ChatLog;
use super::lobby::LobbyNews;
use crate::disk::Storage;
use bevy::prelude::*;
use lineup_client::connection::{Connection, Target};
use lineup_client::session::{ClientSession, Intent, Seat};
use lineup_core::match_state::Match;
use lineup_core::net::RoomView;
use lineup_core::net::{Identity, Request};
use lineup_core::rules::BoardMove;
use lineup_server::hosting::{self, Hosted};
use std::net::SocketAddr;
use std::time::Duration;

/// What the player asked for in the Play online dialog (or Continue).
#[derive(Debug)]
pub struct Start {
    /// The server's address; `None` to host here.
    pub server: Option<Target>,
    pub name: String,
    pub intent: Intent,
    /// The player's key, to log in with (quick pairing, the lobby).
    pub identity: Option<Identity>,
}

impl Start {
    pub fn new(server: Option<Target>, name: &str, intent: Intent) -> Start {
        Start {
            server,
            name: name.to_string(),
            intent,
            identity: None,
        }
    }

    /// The same, logging in with `identity` first.
    pub fn with_identity(mut self, identity: Identity) -> Start {
        self.identity = Some(identity);
        self
    }
}

/// The match a session drives, and how far the board has followed the
/// room.
#[derive(Debug, Default)]
pub(super) struct Followed {
    /// The match's id.
    pub match_id: Option<u64>,
    /// How many of the room's moves were handed to the board.
    pub handed: usize,
    /// The move sent and not answered yet, to show a refusal on the board.
    pub sent_move: Option<BoardMove>,
    /// The room as the board last followed it.
    pub room: Option<RoomView>,
}

/// An online match going on (or being set up) in this window.
#[derive(Resource, Debug)]
pub struct OnlineSession {
    /// What decides: phases, reconnection, the place on the server.
    pub(super) client: ClientSession,
    pub(super) connection: Option<Connection>,
    /// The server's address as the player gave it (kept with a seat);
    /// `None` when this window is the server.
    pub server: Option<Target>,
    /// What a friend types to join a game hosted here.
    pub hosted_at: Option<SocketAddr>,
    pub(super) followed: Followed,
    pub lobby: LobbyNews,
    pub chat: ChatLog,
}

/// The server this window runs while it hosts a game.
#[derive(Resource)]
struct HostedServer(#[allow(dead_code)] lineup_server::server::RunningServer);

/// How long a connection may take to answer.
const CONNECT_WITHIN: Duration = Duration::from_millis(lineup_client::session::CONNECT_MS);

/// The session's clock: the real time since the app started.
pub(super) fn now_ms(time: &Time<Real>) -> u64 {
    time.elapsed().as_millis() as u64
}

impl OnlineSession {
    /// The client's session, for what it knows (phase, place, welcome).
    pub fn client(&self) -> &ClientSession {
        &self.client
    }

    /// Sends a request to the server (dropped when not connected: the
    /// place is asked again on reconnection).
    pub(super) fn send(&self, request: Request) {
        if let Some(connection) = &self.connection {
            connection.send(request);
        }
    }

    /// Hangs up and connects to `target` instead.
    pub(super) fn connect(&mut self, target: Target) {
        self.connection = Some(Connection::open(target, CONNECT_WITHIN));
    }

    pub fn seat(&self) -> Option<Seat> {
        self.client.seat()
    }

    /// The room of the seat or the watched room, as the server last sent
    /// it.
    pub fn room(&self) -> Option<&RoomView> {
        self.client.room()
    }

    /// Whether `game` is the match this session plays.
    pub fn drives(&self, game: &Match) -> bool {
        self.followed.match_id == Some(game.id())
    }

    /// The opponent's name, once they came.
    pub fn opponent(&self) -> Option<&str> {
        let seat = self.seat()?;
        self.room()?.names[seat.side.other().index()].as_deref()
    }

    /// Sends a line of chat to the room (checked and passed on by the
    /// server).
    pub fn say(&self, text: &str) {
        self.send(Request::Chat(text.to_string()));
    }
}

/// Starts an online session: hosting here (`server` is `None`: a server on
/// `port`, any free port if that one is taken) or connecting to a server
/// or host.
pub fn start(world: &mut World, start: Start, port: u16) -> Result<(), String> {
    begin(world, start, port, Followed::default())
}

/// Starts a session that drives a match already on the board (a saved
/// seat taken back).
pub(super) fn begin(
    world: &mut World,
    start: Start,
    port: u16,
    followed: Followed,
) -> Result<(), String> {
    stop(world);
    let (target, hosted_at) = match &start.server {
        Some(server) => (server.clone(), None),
        None => {
            // The hosted rooms are kept like a server's, so a host that
            // crashed or quit can take its game up again from Continue.
            let rooms = world
                .get_resource::<Storage>()
                .and_then(|s| s.folders.as_ref().map(|f| f.hosted_database()));
            let Hosted { server, not_kept } = hosting::host(port, rooms.as_deref())?;
            if let Some(problem) = not_kept {
                warn!("the hosted games cannot be kept: {problem}");
            }
            let local = server.address();
            info!("Online: hosting on {}", local);
            world.insert_resource(HostedServer(server));
            let target = Target::plain(SocketAddr::from(([127, 0, 0, 1], local.port())));
            (target, Some(SocketAddr::new(lan_address(), local.port())))
        }
    };
    let now = now_ms(world.resource::<Time<Real>>());
    let (client, effects) =
        ClientSession::start(target, &start.name, start.intent, start.identity, now);
    let mut session = OnlineSession {
        client,
        connection: None,
        server: start.server,
        hosted_at,
        followed,
        lobby: LobbyNews::default(),
        chat: ChatLog::default(),
    };
    super::link::carry_out(&mut session, effects, &mut |_| {});
    world.insert_resource(session);
    Ok(())
}

/// Ends the session: tells the server, hangs up, and stops the server this
/// window hosted (its rooms stay in its database for Continue).
pub fn stop(world: &mut World) {
    if let Some(session) = world.remove_resource::<OnlineSession>() {
        // Sent before the connection is dropped: the connection's thread
        // delivers what was queued, then hangs up.
        session.send(Request::Leave);
    }
    world.remove_resource::<HostedServer>();
}

/// This machine's address on its network, as a friend would type it: the
/// address the system would send from (no packet is sent); loopback if
/// there is no network.
fn lan_address() -> std::net::IpAddr {
    std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| s.connect("192.0.2.1:9").map(|()| s))
        .and_then(|s| s.local_addr())
        .map(|a| a.ip())
        .unwrap_or(std::net::IpAddr::from([127, 0, 0, 1]))
}
