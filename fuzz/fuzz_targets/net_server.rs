//! The online wire protocol, server side, as `lineup-server`'s owner task
//! runs it: each frame from a client through `net::wire::decode_request`,
//! then, if it decodes, to `net::Lobby::handle`; between frames, clients
//! drop (`Lobby::disconnected`) and time passes (`Lobby::tick`).
//!
//! An input is a list of steps. Each starts with a byte: its low two bits
//! pick one of four clients, the next two what happens: 0 and 1, a frame
//! (a length byte, then that many bytes); 2, that client's connection
//! drops; 3, time passes (a byte: tenths of a second). A step takes a
//! millisecond. The lobby holds at most three rooms and a dropped seat
//! waits five seconds.
//!
//! Invariants: no panic; a request that decodes, encoded again
//! (`net::wire::encode`), decodes to the same request; a refused request
//! (a `Reply::Refused` to its client) is the only effect and leaves every
//! room and seat as it was (but a move after its side's flag fell: refused,
//! it ends the game on time) (the lobby's dice may move); after every step each room's
//! game is the one its moves replay to, and each seated client sits in a room
//! that has it on that seat.
//!
//! Reads: net/wire.rs net/protocol.rs net/lobby/
#![no_main]

use libfuzzer_sys::fuzz_target;
use lineup_core::ai::PlayRng;
use lineup_core::net::wire::{decode_request, encode};
use lineup_core::net::{
    ClientKey, Effect, Lobby, PredictableSecrets, Refusal, Reply, RoomRecord, RoomView,
};

const CLIENTS: ClientKey = 4;

/// What a request may change: every room and where each client sits.
fn snapshot(lobby: &Lobby) -> (Vec<(RoomRecord, RoomView, String)>, Vec<String>) {
    let rooms = lobby
        .rooms()
        .map(|room| (room.record(), room.view(0), format!("{room:?}")))
        .collect();
    let seats = (0..CLIENTS)
        .map(|client| format!("{:?}", lobby.seat_of(client)))
        .collect();
    (rooms, seats)
}

fn check(lobby: &Lobby) {
    for room in lobby.rooms() {
        let view = room.view(0);
        let game = view.replay().expect("a room's moves replay");
        assert_eq!(game.moves(), room.game().moves(), "{view:?}");
        assert_eq!(game.ending(), room.game().ending(), "{view:?}");
    }
    for client in 0..CLIENTS {
        if let Some((code, side)) = lobby.seat_of(client) {
            let room = lobby
                .room(code)
                .expect("a client sits in a room that exists");
            let seat = room.seat(side).expect("a client sits on a taken seat");
            assert_eq!(seat.client, Some(client));
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut lobby = Lobby::new(PlayRng::new(0x5eed), PredictableSecrets::default());
    lobby.max_rooms = 3;
    lobby.grace_ms = 5_000;
    let mut now = 1_000_000;
    let mut bytes = data.iter().copied();
    while let Some(head) = bytes.next() {
        now += 1;
        let client = ClientKey::from(head & 3);
        match head >> 2 & 3 {
            0 | 1 => {
                let len = usize::from(bytes.next().unwrap_or(0));
                let frame: Vec<u8> = bytes.by_ref().take(len).collect();
                let Ok(request) = decode_request(&frame) else {
                    continue;
                };
                assert_eq!(decode_request(&encode(&request)).as_ref(), Ok(&request));
                let before = snapshot(&lobby);
                let effects = lobby.handle(client, request.clone(), now);
                // A move that came after its side's time ran out is refused
                // and ends the game on time: the one refusal that changes
                // the room.
                let refused = effects.iter().any(|e| {
                    matches!(e, Effect::Reply { to, reply: Reply::Refused(r) }
                        if *to == client && *r != Refusal::Flagged)
                });
                if refused {
                    assert_eq!(effects.len(), 1, "{request:?}: {effects:?}");
                    assert!(
                        before == snapshot(&lobby),
                        "{request:?} was refused but changed the lobby"
                    );
                }
            }
            2 => {
                lobby.disconnected(client, now);
            }
            _ => {
                now += 100 * u64::from(bytes.next().unwrap_or(0));
                lobby.tick(now);
            }
        }
        check(&lobby);
    }
});
