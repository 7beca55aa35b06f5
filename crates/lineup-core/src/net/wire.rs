//! What travels in one WebSocket binary frame, both ways: a version byte,
//! then the message in `postcard`'s compact encoding. Every frame carries
//! the version, so a client and a server of different versions find out at
//! the first frame and say so, instead of misreading each other.
//!
//! Up ([`Request`]) a frame is at most [`MAX_REQUEST_BYTES`]; down
//! ([`ToClient`]) at most [`MAX_UPDATE_BYTES`]. A frame that breaks either
//! rule is refused whole ([`WireError`]): the server cuts such a peer off,
//! a client leaves such a server.

use super::protocol::{Reply, Request, RoomView};
use super::views::{ChatLine, FinishedGame, GameSummary, LobbyView, PlayerPage};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The version of the messages' shape. Raised whenever [`Request`],
/// [`ToClient`] or anything inside them changes shape.
pub const WIRE_VERSION: u8 = 6;

/// The largest request a client may send: a chat line of
/// [`super::views::CHAT_LIMIT`] characters of four bytes each is below it.
pub const MAX_REQUEST_BYTES: usize = 1024;

/// The largest frame a server sends: a finished 15×15 game's room is about
/// 1.5 KB with its moves' times, a lobby of [`super::views::LOBBY_LIMIT`]
/// seeks and games about 6 KB.
pub const MAX_UPDATE_BYTES: usize = 32 * 1024;

/// What the server sends a client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToClient {
    /// The answer to one of this client's requests.
    Reply(Reply),
    /// The room this client sits in, as it is now (sent whenever it
    /// changes, the moment the server has stored the change).
    Room(RoomView),
    /// The addresses of every instance of this server, this one first: where
    /// to reconnect should this one go away.
    Servers(Vec<String>),
    /// The lobby, to a client watching it (sent whenever it changes).
    Lobby(LobbyView),
    /// A line of chat in the room this client plays or watches.
    Chat(ChatLine),
    /// The client's finished games, newest first.
    History(Vec<GameSummary>),
    /// One finished game, asked for to review.
    Finished(FinishedGame),
    /// A player's page, asked for by name.
    Player(PlayerPage),
}

/// Why a frame was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WireError {
    Empty,
    /// The peer speaks another version of the protocol.
    Version {
        theirs: u8,
    },
    TooLong {
        bytes: usize,
        limit: usize,
    },
    /// The bytes are not a message of this version.
    Garbled(String),
    /// Well formed, but holding a value no message of this version holds:
    /// a kind of message it does not know, a board size out of range, a
    /// room code of letters codes never use.
    BadValue,
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireError::Empty => f.write_str("an empty frame"),
            WireError::Version { theirs } => write!(
                f,
                "protocol version {theirs}, but this program speaks version {WIRE_VERSION}"
            ),
            WireError::TooLong { bytes, limit } => {
                write!(f, "a frame of {bytes} bytes (at most {limit})")
            }
            WireError::Garbled(why) => write!(f, "a frame that is no message: {why}"),
            WireError::BadValue => f.write_str(
                "a message holding a value no message holds (an unknown kind, a board size \
                 out of range, a room code)",
            ),
        }
    }
}

impl std::error::Error for WireError {}

/// One message as a frame.
pub fn encode<T: Serialize>(message: &T) -> Vec<u8> {
    let mut frame = vec![WIRE_VERSION];
    // Serialising these plain types into a growing vector cannot fail.
    frame.extend(postcard::to_allocvec(message).unwrap_or_default());
    frame
}

/// A frame as one message, checked against `limit` and the version.
pub fn decode<T: DeserializeOwned>(frame: &[u8], limit: usize) -> Result<T, WireError> {
    if frame.len() > limit {
        return Err(WireError::TooLong {
            bytes: frame.len(),
            limit,
        });
    }
    let (&version, body) = frame.split_first().ok_or(WireError::Empty)?;
    if version != WIRE_VERSION {
        return Err(WireError::Version { theirs: version });
    }
    let (message, rest) = postcard::take_from_bytes(body).map_err(|e| match e {
        // serde's own refusals: an unknown variant, or a checked type's
        // value (`GomokuSize`, `RoomCode`) refused.
        postcard::Error::SerdeDeCustom => WireError::BadValue,
        other => WireError::Garbled(other.to_string()),
    })?;
    if !rest.is_empty() {
        return Err(WireError::Garbled(format!(
            "{} bytes after the message",
            rest.len()
        )));
    }
    Ok(message)
}

/// A client's request as it goes up.
pub fn decode_request(frame: &[u8]) -> Result<Request, WireError> {
    decode(frame, MAX_REQUEST_BYTES)
}

/// A server's message as it comes down.
pub fn decode_update(frame: &[u8]) -> Result<ToClient, WireError> {
    decode(frame, MAX_UPDATE_BYTES)
}
