//! Peers that lie, flood or babble are cut off, with the reason in the
//! server's words, and the games of everyone else go on untouched.

use crate::player::{C4, alternate, col, server, table};
use futures_util::{SinkExt, StreamExt};
use lineup_core::net::Request;
use lineup_core::net::wire::{self, WIRE_VERSION};
use std::net::SocketAddr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// Connects a raw WebSocket, sends `frames`, and returns the close reason
/// the server gave (or how the connection ended).
fn send_raw(server: SocketAddr, frames: Vec<Message>) -> String {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async move {
        let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{server}/"))
            .await
            .expect("a WebSocket");
        for frame in frames {
            if socket.send(frame).await.is_err() {
                break;
            }
        }
        let waited = tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                match socket.next().await {
                    Some(Ok(Message::Close(Some(frame)))) => return frame.reason.to_string(),
                    Some(Ok(Message::Close(None))) => return "closed without a reason".into(),
                    Some(Ok(_)) => {}
                    Some(Err(e)) => return format!("ended: {e}"),
                    None => return "ended".into(),
                }
            }
        });
        waited.await.unwrap_or_else(|_| "still open".into())
    })
}

#[test]
fn garbage_huge_frames_floods_and_text_are_cut_off_and_the_games_go_on() {
    let server = server();
    let (mut ann, mut bo) = table(server.address(), C4);
    alternate(&mut ann, &mut bo, &[col(3), col(4)], true);

    let garbage = send_raw(
        server.address(),
        vec![Message::Binary(vec![WIRE_VERSION, 250, 7, 7].into())],
    );
    assert!(garbage.contains("no message"), "{garbage}");

    let other_version = send_raw(
        server.address(),
        vec![Message::Binary(vec![WIRE_VERSION + 1, 0].into())],
    );
    assert!(
        other_version.contains("protocol version"),
        "{other_version}"
    );

    let huge = send_raw(
        server.address(),
        vec![Message::Binary(vec![WIRE_VERSION; 100_000].into())],
    );
    assert!(!huge.contains("still open"), "{huge}");

    let text = send_raw(server.address(), vec![Message::Text("hello".into())]);
    assert!(text.contains("binary"), "{text}");

    let leave = wire::encode(&Request::Leave);
    let flood = send_raw(
        server.address(),
        (0..500)
            .map(|_| Message::Binary(leave.clone().into()))
            .collect(),
    );
    assert!(flood.contains("flood"), "{flood}");

    // Ann and Bo never noticed.
    alternate(
        &mut ann,
        &mut bo,
        &[col(3), col(4), col(3), col(4), col(3)],
        true,
    );
    assert!(ann.lost.is_none() && bo.lost.is_none());
    let game = bo.room.as_ref().expect("a room").replay().expect("legal");
    assert!(game.is_over());
}

#[test]
fn a_client_that_is_no_websocket_is_turned_away_without_harm() {
    use std::io::{Read, Write};
    let server = server();
    let mut stream = std::net::TcpStream::connect(server.address()).expect("connects");
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        .expect("writes");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("a timeout");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    assert!(!answer.contains("101"), "no upgrade: {answer}");
    // The server still serves.
    let (mut ann, mut bo) = table(server.address(), C4);
    alternate(&mut ann, &mut bo, &[col(0)], true);
}

/// One address cannot take every place at the door: past its share it is
/// turned away, other addresses still get in, and a place comes back when
/// its connection ends. (Addresses as values only: no traffic leaves
/// loopback, whose own connections the door does not count.)
#[test]
fn one_address_holds_at_most_its_share_of_connections() {
    use lineup_server::server::door::Door;
    use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
    let door = Door::new(3);
    let far = IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1));
    let other = IpAddr::V4(Ipv4Addr::new(198, 51, 100, 7));
    let mut places: Vec<_> = (0..3).map(|_| door.admit(far).expect("a place")).collect();
    assert!(door.admit(far).is_none(), "a fourth from one address");
    // The same address written as IPv6 is the same address.
    let mapped = IpAddr::V6(Ipv4Addr::new(192, 0, 2, 1).to_ipv6_mapped());
    assert!(door.admit(mapped).is_none(), "the same address, mapped");
    let elsewhere = door.admit(other).expect("another address gets in");
    assert_eq!(door.open_from(far), 3);
    places.pop();
    assert_eq!(door.open_from(far), 2);
    places.push(door.admit(far).expect("a place given back is taken again"));
    drop(places);
    drop(elsewhere);
    assert_eq!((door.open_from(far), door.open_from(other)), (0, 0));
    // An IPv6 machine holds a /64: every address in it counts as one.
    let in_one_network = |last: u16| IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 7, 0, 0, 0, last));
    let v6: Vec<_> = (1..=3)
        .map(|i| door.admit(in_one_network(i)).expect("a place"))
        .collect();
    assert!(
        door.admit(in_one_network(0xbeef)).is_none(),
        "a fourth from one /64"
    );
    let next_network = IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 8, 0, 0, 0, 1));
    assert!(
        door.admit(next_network).is_some(),
        "the next /64 is another"
    );
    drop(v6);
    assert_eq!(door.open_from(in_one_network(1)), 0);
    // This machine is not counted: the load tool's bots, a proxy.
    let local: Vec<_> = (0..100)
        .map(|i| {
            let address = if i % 2 == 0 {
                IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1 + i as u8))
            } else {
                IpAddr::V6(Ipv6Addr::LOCALHOST)
            };
            door.admit(address).expect("loopback always gets in")
        })
        .collect();
    assert_eq!(local.len(), 100);
}

/// A client asking for records as fast as the door lets it gets an answer
/// to each: its allowance read (here, no such game), the rest refused as
/// too many; and the game beside it is played to its end meanwhile.
#[test]
fn a_flood_of_record_look_ups_is_answered_within_its_allowance() {
    use crate::player::Player;
    use lineup_core::net::lobby::LOOKUP_BURST;
    use lineup_core::net::{GameId, Refusal};
    let server = server();
    let (mut ann, mut bo) = table(server.address(), C4);
    let mut reader = Player::connect(server.address());
    const ASKED: usize = 15;
    for id in 0..ASKED as u64 {
        reader.send(Request::Game(GameId(id)));
    }
    alternate(
        &mut ann,
        &mut bo,
        &[col(3), col(4), col(3), col(4), col(3), col(4), col(3)],
        true,
    );
    reader.until("an answer to each look-up", |r| r.refusals.len() == ASKED);
    let read = reader
        .refusals
        .iter()
        .filter(|r| **r == Refusal::NoSuchGame)
        .count();
    let too_many = reader
        .refusals
        .iter()
        .filter(|r| **r == Refusal::TooManyRequests)
        .count();
    assert!(
        (1..=LOOKUP_BURST as usize).contains(&read),
        "{:?}",
        reader.refusals
    );
    assert_eq!(read + too_many, ASKED, "{:?}", reader.refusals);
    assert!(reader.lost.is_none(), "not cut off: {:?}", reader.lost);
    assert!(
        bo.room
            .as_ref()
            .expect("a room")
            .replay()
            .expect("legal")
            .is_over()
    );
}
