//! The sans-IO session: time is a number, the connection's news are
//! values, and every step is checked by the effects it asks for.

use lineup_client::connection::{Target, Update};
use lineup_client::session::{
    CONNECT_MS, ClientEffect, ClientSession, Intent, Phase, Place, RETRY_MS, Seat, SessionEnd,
};
use lineup_core::match_clock::TimeControl;
use lineup_core::match_setup::GameKind;
use lineup_core::net::identity::Challenge;
use lineup_core::net::pairing::PairingSpec;
use lineup_core::net::rating::ShownRating;
use lineup_core::net::wire::ToClient;
use lineup_core::net::{GameId, Identity, Refusal, Reply, Request, RoomCode, RoomView, SeatSecret};
use lineup_core::rules::Side;
use std::net::SocketAddr;

fn target(port: u16) -> Target {
    Target::plain(SocketAddr::from(([127, 0, 0, 1], port)))
}

fn code(text: &str) -> RoomCode {
    RoomCode::parse(text).unwrap()
}

fn host() -> Intent {
    Intent::Host {
        kind: GameKind::default(),
        side: Side::First,
        clock: TimeControl::default(),
    }
}

const RATING: ShownRating = ShownRating {
    rating: 1500,
    provisional: true,
};

/// An empty room of Connect Four, both seated.
fn room_view(code: RoomCode) -> RoomView {
    RoomView {
        code,
        kind: GameKind::default(),
        names: [Some("Ann".into()), Some("Bo".into())],
        present: [true, true],
        moves: Vec::new(),
        end: None,
        undo_asked_by: None,
        clock: None,
        spent_ms: Vec::new(),
        rated: false,
        ratings: [None; 2],
        rating_change: None,
        watchers: 0,
        rematch_asked_by: None,
        rematch_room: None,
        game_id: GameId(1),
    }
}

fn reply(reply: Reply) -> Update {
    Update::Message(ToClient::Reply(reply))
}

fn seated(code: RoomCode, secret: SeatSecret) -> Update {
    reply(Reply::Seated {
        code,
        side: Side::First,
        secret,
    })
}

fn sent(effects: &[ClientEffect]) -> Vec<&Request> {
    effects
        .iter()
        .filter_map(|e| match e {
            ClientEffect::Send(request) => Some(request),
            _ => None,
        })
        .collect()
}

/// A session seated in room ABCD at time 1,000.
fn seated_session() -> (ClientSession, Seat) {
    let (mut session, effects) = ClientSession::start(target(7000), "Ann", host(), None, 0);
    assert_eq!(effects, vec![ClientEffect::Connect(target(7000))]);
    let effects = session.on_update(Update::Connected, 100);
    assert!(
        matches!(sent(&effects)[..], [Request::Host { .. }]),
        "{effects:?}"
    );
    assert_eq!(*session.phase(), Phase::Asking { place: None });
    let secret = SeatSecret::from_bytes([7; SeatSecret::BYTES]);
    let effects = session.on_update(seated(code("ABCDEF"), secret), 1_000);
    let seat = Seat {
        code: code("ABCDEF"),
        side: Side::First,
        secret,
    };
    assert_eq!(
        effects,
        vec![ClientEffect::Seated {
            seat,
            rematch: false
        }]
    );
    (session, seat)
}

#[test]
fn a_lost_link_keeps_the_seat_and_asks_for_it_back_after_the_pause() {
    let (mut session, seat) = seated_session();
    assert!(
        session
            .on_update(Update::Lost("gone".into()), 5_000)
            .is_empty()
    );
    assert_eq!(session.seat(), Some(seat), "the seat is kept while lost");
    assert!(session.is_lost());
    assert!(
        session.on_tick(5_000 + RETRY_MS - 1).is_empty(),
        "not before the pause"
    );
    assert_eq!(
        session.on_tick(5_000 + RETRY_MS),
        vec![ClientEffect::Connect(target(7000))]
    );
    assert!(session.on_tick(60_000).is_empty(), "one attempt at a time");
    let effects = session.on_update(Update::Connected, 7_100);
    assert_eq!(
        sent(&effects),
        vec![&Request::Rejoin {
            code: seat.code,
            secret: seat.secret
        }]
    );
    let effects = session.on_update(seated(seat.code, seat.secret), 7_200);
    assert_eq!(
        effects,
        vec![ClientEffect::Seated {
            seat,
            rematch: false
        }]
    );
    assert_eq!(*session.phase(), Phase::At(Place::Seated(seat)));
}

#[test]
fn a_failed_attempt_waits_and_tries_each_instance_the_server_named_in_turn() {
    let (mut session, _) = seated_session();
    let servers = vec!["127.0.0.1:7000".to_string(), "127.0.0.1:7001".to_string()];
    session.on_update(Update::Message(ToClient::Servers(servers)), 1_500);
    session.on_update(Update::Lost("gone".into()), 2_000);
    let mut tried = Vec::new();
    let mut now = 2_000;
    for _ in 0..4 {
        now += RETRY_MS;
        let effects = session.on_tick(now);
        let [ClientEffect::Connect(to)] = &effects[..] else {
            panic!("one connection at {now}: {effects:?}");
        };
        tried.push(to.address.port());
        assert!(
            session
                .on_update(Update::Failed("refused".into()), now)
                .is_empty()
        );
    }
    assert_eq!(tried, vec![7000, 7001, 7000, 7001]);
}

#[test]
fn a_redirect_asks_the_same_thing_of_the_instance_named() {
    let (mut session, _) =
        ClientSession::start(target(7000), "Ann", Intent::Watch(code("WXYZ23")), None, 0);
    session.on_update(Update::Connected, 10);
    let effects = session.on_update(
        reply(Reply::Elsewhere {
            code: code("WXYZ23"),
            server: "127.0.0.1:7002".into(),
        }),
        20,
    );
    assert_eq!(effects, vec![ClientEffect::Connect(target(7002))]);
    assert_eq!(session.target(), &target(7002));
    let effects = session.on_update(Update::Connected, 30);
    assert_eq!(sent(&effects), vec![&Request::Watch(code("WXYZ23"))]);
    let effects = session.on_update(reply(Reply::Watching(code("WXYZ23"))), 40);
    assert_eq!(effects, vec![ClientEffect::Watching(code("WXYZ23"))]);
    assert_eq!(session.watching(), Some(code("WXYZ23")));
    assert_eq!(session.seat(), None, "a watcher has no seat");
}

#[test]
fn a_first_connection_that_fails_or_takes_too_long_ends_the_session_by_name() {
    let unreachable = ClientEffect::Ended(SessionEnd::Unreachable {
        server: target(7000).address,
    });
    let (mut session, _) = ClientSession::start(target(7000), "Ann", host(), None, 1_000);
    assert!(
        session.on_tick(1_000 + CONNECT_MS).is_empty(),
        "still in time"
    );
    assert_eq!(
        session.on_tick(1_001 + CONNECT_MS),
        vec![unreachable.clone()]
    );
    assert!(session.is_over());
    let (mut session, _) = ClientSession::start(target(7000), "Ann", host(), None, 1_000);
    assert_eq!(
        session.on_update(Update::Failed("refused".into()), 1_200),
        vec![unreachable]
    );
}

#[test]
fn quick_pairing_logs_in_first_and_is_queued_again_after_a_lost_link() {
    let identity = Identity::from_secret([3; 32]);
    let key = identity.key();
    let spec = PairingSpec {
        kind: GameKind::default(),
        clock: TimeControl::default(),
    };
    let (mut session, _) = ClientSession::start(
        target(7000),
        "Ann",
        Intent::QuickPair(spec),
        Some(identity),
        0,
    );
    let effects = session.on_update(Update::Connected, 10);
    assert_eq!(
        sent(&effects),
        vec![&Request::Hello {
            key,
            name: "Ann".into()
        }]
    );
    let effects = session.on_update(reply(Reply::Challenge(Challenge([9; 32]))), 20);
    assert!(matches!(sent(&effects)[..], [Request::Prove { .. }]));
    let effects = session.on_update(
        reply(Reply::Welcome {
            name: "Ann".into(),
            ratings: [RATING; 3],
        }),
        30,
    );
    assert!(matches!(effects[0], ClientEffect::Welcomed(_)));
    assert_eq!(sent(&effects), vec![&Request::QuickPair(spec)]);
    assert_eq!(
        session.on_update(reply(Reply::Queued(spec)), 40),
        vec![ClientEffect::Queued(spec)]
    );
    session.on_update(Update::Lost("gone".into()), 50);
    session.on_tick(50 + RETRY_MS);
    let effects = session.on_update(Update::Connected, 60 + RETRY_MS);
    assert!(
        matches!(sent(&effects)[..], [Request::Hello { .. }]),
        "logs in again"
    );
    assert_eq!(session.place(), Some(&Place::Queued(spec)));
}

#[test]
fn in_the_lobby_a_refusal_is_said_and_the_lobby_stays() {
    let identity = Identity::from_secret([4; 32]);
    let (mut session, _) =
        ClientSession::start(target(7000), "Ann", Intent::Lobby, Some(identity), 0);
    session.on_update(Update::Connected, 10);
    let effects = session.on_update(
        reply(Reply::Welcome {
            name: "Ann".into(),
            ratings: [RATING; 3],
        }),
        30,
    );
    assert_eq!(sent(&effects), vec![&Request::WatchLobby]);
    assert_eq!(session.place(), Some(&Place::Lobby));
    let effects = session.on_update(
        reply(Reply::Refused(Refusal::NoSuchRoom(code("ABCDEF")))),
        40,
    );
    assert_eq!(
        effects,
        vec![ClientEffect::Refused(Refusal::NoSuchRoom(code("ABCDEF")))]
    );
    assert!(session.in_lobby() && !session.is_over());
}

#[test]
fn a_saved_seat_refused_ends_the_session_saying_it_was_a_rejoin() {
    let secret = SeatSecret::from_bytes([5; SeatSecret::BYTES]);
    let (mut session, _) = ClientSession::start(
        target(7000),
        "Ann",
        Intent::Rejoin(code("ABCDEF"), secret),
        None,
        0,
    );
    session.on_update(Update::Connected, 10);
    let effects = session.on_update(
        reply(Reply::Refused(Refusal::NoSuchRoom(code("ABCDEF")))),
        20,
    );
    assert_eq!(
        effects,
        vec![ClientEffect::Ended(SessionEnd::Refused {
            refusal: Refusal::NoSuchRoom(code("ABCDEF")),
            rejoining: true
        })]
    );
}

#[test]
fn a_seat_in_another_room_is_a_rematch_and_the_room_shown_is_the_seats() {
    let (mut session, seat) = seated_session();
    let mut room = room_view(seat.code);
    session.on_update(Update::Message(ToClient::Room(room.clone())), 1_100);
    assert_eq!(session.room().map(|r| r.code), Some(seat.code));
    let effects = session.on_update(seated(code("EFGHJK"), seat.secret), 1_200);
    assert!(matches!(
        effects[..],
        [ClientEffect::Seated { rematch: true, .. }]
    ));
    assert_eq!(session.room(), None, "the old room is not the seat's");
    room.code = code("EFGHJK");
    session.on_update(Update::Message(ToClient::Room(room)), 1_300);
    assert_eq!(session.room().map(|r| r.code), Some(code("EFGHJK")));
}

#[test]
fn a_redirect_whose_instance_does_not_answer_is_tried_again() {
    let (mut session, _) = ClientSession::start(target(7000), "Ann", host(), None, 0);
    session.on_update(Update::Connected, 10);
    session.on_update(
        reply(Reply::Elsewhere {
            code: code("WXYZ23"),
            server: "127.0.0.1:7002".into(),
        }),
        20,
    );
    assert!(
        session
            .on_update(Update::Failed("refused".into()), 30)
            .is_empty()
    );
    assert!(!session.is_over(), "a redirect's failure is no end");
    assert_eq!(
        session.on_tick(30 + RETRY_MS),
        vec![ClientEffect::Connect(target(7002))]
    );
}
