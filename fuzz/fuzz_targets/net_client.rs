//! The online wire protocol, client side: `net::wire::decode_update` of
//! whatever a server sends, then what the client does with a room: replay
//! its moves through the rules (`RoomView::replay`).
//!
//! Invariants: no panic; a frame that decodes, encoded again
//! (`net::wire::encode`), decodes to the same message; a frame refused is
//! refused for a reason that fits it (too long, empty, another version, or
//! garbled).
//!
//! Reads: net/wire.rs net/protocol.rs net/views.rs
#![no_main]

use libfuzzer_sys::fuzz_target;
use lineup_core::net::wire::{
    MAX_UPDATE_BYTES, ToClient, WIRE_VERSION, WireError, decode_update, encode,
};

fuzz_target!(|frame: &[u8]| {
    let message = match decode_update(frame) {
        Ok(message) => message,
        Err(WireError::Empty) => return assert!(frame.is_empty()),
        Err(WireError::TooLong { bytes, .. }) => {
            return assert!(bytes == frame.len() && bytes > MAX_UPDATE_BYTES);
        }
        Err(WireError::Version { theirs }) => {
            return assert!(theirs == frame[0] && theirs != WIRE_VERSION);
        }
        Err(WireError::Garbled(_) | WireError::BadValue) => {
            return assert_eq!(frame[0], WIRE_VERSION);
        }
    };
    let again = encode(&message);
    assert!(again.len() <= frame.len());
    assert_eq!(decode_update(&again).as_ref(), Ok(&message));
    if let ToClient::Room(view) = &message
        && let Ok(game) = view.replay()
    {
        assert_eq!(game.moves(), view.moves);
    }
});
