//! Where a session stands: its phase, and the place on the server it holds.

use lineup_core::match_clock::TimeControl;
use lineup_core::match_setup::GameKind;
use lineup_core::net::pairing::PairingSpec;
use lineup_core::net::{OsSecrets, Request, RoomCode, SeatSecret, SecretError};
use lineup_core::rules::Side;

/// A seat in a room: its code, its side, and the secret that takes it back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seat {
    pub code: RoomCode,
    pub side: Side,
    pub secret: SeatSecret,
}

/// What the player asked the session for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Open a room of this game and clock, playing `side`.
    Host {
        kind: GameKind,
        side: Side,
        clock: TimeControl,
    },
    /// Any opponent of this game and clock, through the server's queue
    /// (after logging in with the player's key).
    QuickPair(PairingSpec),
    /// Watch the game in this room.
    Watch(RoomCode),
    /// The lobby (after logging in): seeks, games, one's records.
    Lobby,
    /// Join a friend's room. The secret is chosen once, so that the join
    /// asked again after a lost connection is the same join.
    Join(RoomCode, SeatSecret),
    /// Take back a seat kept from an earlier session (Continue, Load).
    Rejoin(RoomCode, SeatSecret),
}

impl Intent {
    /// Joining room `code`, with a secret of its own for the seat (from
    /// the operating system: it is what takes the seat back).
    pub fn join(code: RoomCode) -> Result<Intent, SecretError> {
        Ok(Intent::Join(code, SeatSecret::fresh(&mut OsSecrets)?))
    }

    /// The request that carries the intent out, for a player of `name`.
    pub(super) fn request(&self, name: &str) -> Request {
        match *self {
            Intent::Host { kind, side, clock } => Request::Host {
                kind,
                side,
                name: name.to_string(),
                clock,
            },
            Intent::QuickPair(spec) => Request::QuickPair(spec),
            Intent::Watch(code) => Request::Watch(code),
            Intent::Lobby => Request::WatchLobby,
            Intent::Join(code, secret) => Request::Join {
                code,
                name: name.to_string(),
                secret,
            },
            Intent::Rejoin(code, secret) => Request::Rejoin { code, secret },
        }
    }
}

/// Where the server put the player. It is what a new connection asks for
/// again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Lobby,
    Queued(PairingSpec),
    Seated(Seat),
    Watching(RoomCode),
}

/// How the session stands. Each phase holds what it needs and nothing
/// else, so a seat and a watched room, or a link and a phase, can't
/// disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The first connection is on its way (given up after
    /// [`super::CONNECT_MS`]).
    Connecting { since_ms: u64 },
    /// Connected, proving the player's key; then `place` (or the intent)
    /// is asked.
    LoggingIn { place: Option<Place> },
    /// Connected and asked; the answer has not come.
    Asking { place: Option<Place> },
    /// Where the server put the player.
    At(Place),
    /// The link went down after it was up. The next attempt is at
    /// `retry_at_ms`, or `None` while one is on its way.
    Lost {
        attempts: usize,
        retry_at_ms: Option<u64>,
        place: Option<Place>,
    },
    /// Over: unreachable, or refused with nowhere to stay.
    Ended,
}

impl Phase {
    /// The place held, whatever the link.
    pub fn place(&self) -> Option<&Place> {
        match self {
            Phase::At(place) => Some(place),
            Phase::LoggingIn { place } | Phase::Asking { place } | Phase::Lost { place, .. } => {
                place.as_ref()
            }
            Phase::Connecting { .. } | Phase::Ended => None,
        }
    }

    /// The place to keep when a live link goes down; `None` when the link
    /// was not up.
    pub(super) fn connected_place(&self) -> Option<Option<Place>> {
        match self {
            Phase::At(place) => Some(Some(*place)),
            Phase::LoggingIn { place } | Phase::Asking { place } => Some(*place),
            Phase::Connecting { .. } | Phase::Lost { .. } | Phase::Ended => None,
        }
    }
}
