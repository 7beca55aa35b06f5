//! The client's side of an online session, with no I/O, shaped like the
//! server's `Lobby`: what the connection brought (an [`Update`]) and the
//! time (milliseconds on any clock that only goes forward) go in; what to
//! do goes out as [`ClientEffect`]s. The window (or a test) owns the
//! connection and carries the effects out; this module decides when to
//! log in, what to ask, where to reconnect and when to give up.
//!
//! ```text
//!  Connecting ──Connected──▶ LoggingIn ──Welcome──▶ Asking ──Seated──▶ At(Seated)
//!      │                         │  (no key: straight to Asking)  ──Watching──▶ At(Watching)
//!   Failed / 8 s                 │                                ──Queued──▶ At(Queued)
//!      ▼                         ▼                      (lobby: At(Lobby) once welcomed)
//!    Ended ◀──refused, nowhere── Lost { attempts } ◀──link lost── any connected phase
//!                                   └──Connected──▶ LoggingIn / Asking again, same place
//! ```
//!
//! The place the server gave (a seat, a watched room, the lobby, the
//! queue) survives a lost link: it is what the session asks for again.

mod follow;
mod phase;

pub use follow::{RoomStep, step_to};
pub use phase::{Intent, Phase, Place, Seat};

use crate::connection::{Target, Update};
use lineup_core::net::Identity;
use lineup_core::net::RoomView;
use lineup_core::net::pairing::PairingSpec;
use lineup_core::net::rating::ShownRating;
use lineup_core::net::wire::ToClient;
use lineup_core::net::{Refusal, Reply, Request};
use std::net::SocketAddr;

/// How long a first connection may take before the player is told.
pub const CONNECT_MS: u64 = 8_000;
/// How long a lost link waits between attempts to come back.
pub const RETRY_MS: u64 = 2_000;

/// The name and ratings the server welcomed the player with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Welcome {
    pub name: String,
    pub ratings: [ShownRating; 3],
}

/// What the owner of the connection does for the session.
// The server's messages are moved once, from the connection to a screen:
// boxing the large ones would cost an allocation each for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientEffect {
    /// Send this on the connection.
    Send(Request),
    /// Hang up (if connected) and open a connection to this target.
    Connect(Target),
    /// Logged in with the player's key.
    Welcomed(Welcome),
    /// In the server's pairing queue, for this game and clock.
    Queued(PairingSpec),
    /// Seated; `rematch` when the seat replaces one in another room.
    Seated {
        seat: Seat,
        rematch: bool,
    },
    Watching(lineup_core::net::RoomCode),
    /// The server said no, and the session goes on (a move, a seek gone).
    Refused(Refusal),
    /// The session is over: nothing more will happen.
    Ended(SessionEnd),
    /// For the screens: the lobby, a history, a page, a finished game, a
    /// chat line (rooms are read with [`ClientSession::room`]).
    Show(ToClient),
}

/// Why a session ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionEnd {
    /// Nothing answered at `server` in [`CONNECT_MS`].
    Unreachable { server: SocketAddr },
    /// The server refused what the session asked for, and it had no place
    /// to stay. `rejoining` when the seat asked back was the saved one.
    Refused { refusal: Refusal, rejoining: bool },
}

/// One online session: one server (and the instances it names), one
/// player, one intent.
#[derive(Debug)]
pub struct ClientSession {
    target: Target,
    /// Every instance of the server, as it last said: where to try should
    /// the target go away.
    alternates: Vec<Target>,
    name: String,
    identity: Option<Identity>,
    intent: Intent,
    phase: Phase,
    welcome: Option<Welcome>,
    /// The room as the server last sent it.
    room: Option<RoomView>,
}

impl ClientSession {
    /// A session that connects to `target` at `now_ms` to carry out
    /// `intent`: the first effect is the connection to open.
    pub fn start(
        target: Target,
        name: &str,
        intent: Intent,
        identity: Option<Identity>,
        now_ms: u64,
    ) -> (ClientSession, Vec<ClientEffect>) {
        let session = ClientSession {
            target: target.clone(),
            alternates: Vec::new(),
            name: name.to_string(),
            identity,
            intent,
            phase: Phase::Connecting { since_ms: now_ms },
            welcome: None,
            room: None,
        };
        (session, vec![ClientEffect::Connect(target)])
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Where the server put the player, kept while the link is down.
    pub fn place(&self) -> Option<&Place> {
        self.phase.place()
    }

    /// The seat this session holds (kept while the link is down).
    pub fn seat(&self) -> Option<Seat> {
        match self.place() {
            Some(Place::Seated(seat)) => Some(*seat),
            _ => None,
        }
    }

    /// The room watched, with no seat.
    pub fn watching(&self) -> Option<lineup_core::net::RoomCode> {
        match self.place() {
            Some(Place::Watching(code)) => Some(*code),
            _ => None,
        }
    }

    /// Whether the server holds the player in its pairing queue (kept while
    /// the link is down).
    pub fn is_queued(&self) -> bool {
        matches!(self.place(), Some(Place::Queued(_)))
    }

    /// Whether the session is (or is going to) the lobby, with no seat
    /// and no watched room.
    pub fn in_lobby(&self) -> bool {
        match self.place() {
            Some(place) => *place == Place::Lobby,
            None => self.intent == Intent::Lobby,
        }
    }

    pub fn intent(&self) -> &Intent {
        &self.intent
    }

    pub fn welcome(&self) -> Option<&Welcome> {
        self.welcome.as_ref()
    }

    /// The name the player asked for.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The name the server knows the player by.
    pub fn shown_name(&self) -> &str {
        self.welcome.as_ref().map_or(&self.name, |w| &w.name)
    }

    /// Where the session connects (an instance may have sent it elsewhere).
    pub fn target(&self) -> &Target {
        &self.target
    }

    /// The room of the seat or the watched room, as the server last sent
    /// it.
    pub fn room(&self) -> Option<&RoomView> {
        let code = match self.place()? {
            Place::Seated(seat) => seat.code,
            Place::Watching(code) => *code,
            Place::Lobby | Place::Queued(_) => return None,
        };
        self.room.as_ref().filter(|room| room.code == code)
    }

    /// Whether the link is down and being tried again.
    pub fn is_lost(&self) -> bool {
        matches!(self.phase, Phase::Lost { .. })
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Ended
    }

    /// What the connection brought, at `now_ms`.
    pub fn on_update(&mut self, update: Update, now_ms: u64) -> Vec<ClientEffect> {
        if self.is_over() {
            return Vec::new();
        }
        match update {
            Update::Connected => self.connected(),
            Update::Failed(_) => match &mut self.phase {
                Phase::Connecting { .. } => self.end(SessionEnd::Unreachable {
                    server: self.target.address,
                }),
                Phase::Lost { retry_at_ms, .. } => {
                    *retry_at_ms = Some(now_ms + RETRY_MS);
                    Vec::new()
                }
                _ => Vec::new(),
            },
            Update::Lost(_) => {
                if let Some(place) = self.phase.connected_place() {
                    self.phase = Phase::Lost {
                        attempts: 0,
                        retry_at_ms: Some(now_ms + RETRY_MS),
                        place,
                    };
                }
                Vec::new()
            }
            Update::Message(message) => self.on_message(message),
        }
    }

    /// The time passing: a first connection given up, a lost one tried
    /// again (the same server first, then each instance it named).
    pub fn on_tick(&mut self, now_ms: u64) -> Vec<ClientEffect> {
        match &mut self.phase {
            Phase::Connecting { since_ms } if now_ms.saturating_sub(*since_ms) > CONNECT_MS => self
                .end(SessionEnd::Unreachable {
                    server: self.target.address,
                }),
            Phase::Lost {
                attempts,
                retry_at_ms,
                ..
            } if retry_at_ms.is_some_and(|at| now_ms >= at) => {
                let mut tries = vec![self.target.clone()];
                tries.extend(
                    self.alternates
                        .iter()
                        .filter(|a| **a != self.target)
                        .cloned(),
                );
                let next = tries[*attempts % tries.len()].clone();
                *attempts += 1;
                // Waiting on this attempt: it connects or fails.
                *retry_at_ms = None;
                vec![ClientEffect::Connect(next)]
            }
            _ => Vec::new(),
        }
    }

    /// Once connected: log in first when the request needs the player's
    /// key (the reply to the challenge sends it), else ask at once.
    fn connected(&mut self) -> Vec<ClientEffect> {
        let place = match &self.phase {
            Phase::Connecting { .. } => None,
            Phase::Lost { place, .. } => *place,
            // A second Connected is no news.
            _ => return Vec::new(),
        };
        let request = self.request(place.as_ref());
        let login = matches!(request, Request::QuickPair(_) | Request::WatchLobby);
        match (&self.identity, login) {
            (Some(identity), true) => {
                let hello = Request::Hello {
                    key: identity.key(),
                    name: self.name.clone(),
                };
                self.phase = Phase::LoggingIn { place };
                vec![ClientEffect::Send(hello)]
            }
            _ => self.ask(place, request),
        }
    }

    /// Sends `request` for `place`: the lobby is entered at once (it has no
    /// answer of its own), anything else waits for its answer.
    fn ask(&mut self, place: Option<Place>, request: Request) -> Vec<ClientEffect> {
        self.phase = if request == Request::WatchLobby {
            Phase::At(Place::Lobby)
        } else {
            Phase::Asking { place }
        };
        vec![ClientEffect::Send(request)]
    }

    /// What to ask on this connection: the place kept, or the intent.
    fn request(&self, place: Option<&Place>) -> Request {
        match place {
            Some(Place::Seated(seat)) => Request::Rejoin {
                code: seat.code,
                secret: seat.secret,
            },
            Some(Place::Watching(code)) => Request::Watch(*code),
            Some(Place::Lobby) => Request::WatchLobby,
            Some(Place::Queued(spec)) => Request::QuickPair(*spec),
            None => self.intent.request(&self.name),
        }
    }

    fn on_message(&mut self, message: ToClient) -> Vec<ClientEffect> {
        match message {
            ToClient::Room(room) => {
                self.room = Some(room);
                Vec::new()
            }
            ToClient::Servers(servers) => {
                self.alternates = servers
                    .iter()
                    .filter_map(|s| Target::parse(s).ok())
                    .collect();
                Vec::new()
            }
            ToClient::Reply(reply) => self.on_reply(reply),
            shown => vec![ClientEffect::Show(shown)],
        }
    }

    fn on_reply(&mut self, reply: Reply) -> Vec<ClientEffect> {
        match reply {
            Reply::Elsewhere { server, .. } => {
                // The room lives on another instance: the same request
                // goes there.
                let Ok(target) = Target::parse(&server) else {
                    return Vec::new();
                };
                let place = self.place().copied();
                self.target = target.clone();
                // Waiting on that connection; what was asked (or the place
                // kept) is asked there.
                self.phase = Phase::Lost {
                    attempts: 0,
                    retry_at_ms: None,
                    place,
                };
                vec![ClientEffect::Connect(target)]
            }
            Reply::Challenge(challenge) => match &self.identity {
                Some(identity) => vec![ClientEffect::Send(Request::Prove {
                    signature: identity.sign(&challenge),
                })],
                None => Vec::new(),
            },
            Reply::Welcome { name, ratings } => {
                let welcome = Welcome { name, ratings };
                self.welcome = Some(welcome.clone());
                let place = match &self.phase {
                    Phase::LoggingIn { place } => *place,
                    _ => self.place().copied(),
                };
                let request = self.request(place.as_ref());
                let mut effects = vec![ClientEffect::Welcomed(welcome)];
                effects.extend(self.ask(place, request));
                effects
            }
            Reply::Queued(spec) => {
                self.phase = Phase::At(Place::Queued(spec));
                vec![ClientEffect::Queued(spec)]
            }
            Reply::Seeking(_) => Vec::new(),
            Reply::Watching(code) => {
                self.phase = Phase::At(Place::Watching(code));
                vec![ClientEffect::Watching(code)]
            }
            Reply::Seated { code, side, secret } => {
                let rematch = self.seat().is_some_and(|old| old.code != code);
                let seat = Seat { code, side, secret };
                self.phase = Phase::At(Place::Seated(seat));
                vec![ClientEffect::Seated { seat, rematch }]
            }
            Reply::Refused(refusal) => match self.place() {
                Some(Place::Lobby | Place::Seated(_) | Place::Watching(_)) => {
                    vec![ClientEffect::Refused(refusal)]
                }
                // Hosting, joining, rejoining or the queue failed: nothing
                // to stay in.
                Some(Place::Queued(_)) | None => {
                    let rejoining = matches!(self.intent, Intent::Rejoin(..));
                    self.end(SessionEnd::Refused { refusal, rejoining })
                }
            },
        }
    }

    fn end(&mut self, why: SessionEnd) -> Vec<ClientEffect> {
        self.phase = Phase::Ended;
        vec![ClientEffect::Ended(why)]
    }
}
