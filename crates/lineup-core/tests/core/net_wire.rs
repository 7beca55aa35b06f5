//! The wire (`net::wire`), on real frames: every request and every update
//! of every shape crosses it unchanged, and a real frame damaged after its
//! version byte (bytes flipped, put in, taken out, the end cut off) is read
//! as some message or refused by name, never a panic.
//!
//! Why real frames: random bytes almost all stop at the version byte, and
//! the rest at the first tag, so they never reach the decoder's depths.

use lineup_core::match_clock::TimeControl;
use lineup_core::match_setup::GameKind;
use lineup_core::net::identity::{Challenge, LoginSignature};
use lineup_core::net::pairing::{PairingSpec, SeekId, SeekSpec};
use lineup_core::net::rating::{RatingPool, ShownRating};
use lineup_core::net::views::{
    Audience, ChatLine, FinishedGame, GameListing, GameSummary, LobbyView, PlayerPage, RatingPoint,
    SeekView,
};
use lineup_core::net::wire::{self, ToClient, WireError};
use lineup_core::net::{
    ClockView, GameId, PlayerKey, Refusal, Reply, Request, RoomCode, RoomEnd, RoomView, SeatSecret,
};
use lineup_core::rules::{
    BoardMove, Column, ConnectFourSize, Foul, GomokuSize, MoveError, Point, RuleSet, Side,
};
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::select;

fn side() -> impl Strategy<Value = Side> {
    select(vec![Side::First, Side::Second])
}

fn kind() -> impl Strategy<Value = GameKind> {
    prop_oneof![
        (4u8..=9, 4u8..=9).prop_map(|(c, r)| GameKind::ConnectFour {
            size: ConnectFourSize::new(c, r).expect("in range"),
        }),
        (
            select(GomokuSize::ALL.to_vec()),
            select(RuleSet::ALL.to_vec())
        )
            .prop_map(|(size, rule)| GameKind::Gomoku { size, rule }),
    ]
}

fn clock() -> impl Strategy<Value = TimeControl> {
    prop_oneof![
        Just(TimeControl::Untimed),
        (0u32..10_000, 0u32..600).prop_map(|(base_seconds, increment_seconds)| {
            TimeControl::Fischer {
                base_seconds,
                increment_seconds,
            }
        }),
    ]
}

fn board_move() -> impl Strategy<Value = BoardMove> {
    prop_oneof![
        (0u8..9).prop_map(|c| BoardMove::Column(Column(c))),
        (0u8..20, 0u8..20).prop_map(|(x, y)| BoardMove::Point(Point::new(x, y))),
        Just(BoardMove::Pass),
    ]
}

/// A name or a chat line: any printable text, any script.
fn text(most: usize) -> impl Strategy<Value = String> {
    proptest::string::string_regex(&format!("\\PC{{0,{most}}}")).expect("a pattern")
}

fn code() -> impl Strategy<Value = RoomCode> {
    any::<u64>().prop_map(RoomCode::from_number)
}

fn secret() -> impl Strategy<Value = SeatSecret> {
    any::<u128>().prop_map(|s| SeatSecret::from_bytes(s.to_le_bytes()))
}

fn rating() -> impl Strategy<Value = ShownRating> {
    (0u16..4000, any::<bool>()).prop_map(|(rating, provisional)| ShownRating {
        rating,
        provisional,
    })
}

fn ratings() -> impl Strategy<Value = [ShownRating; 3]> {
    [rating(), rating(), rating()]
}

fn seek_spec() -> impl Strategy<Value = SeekSpec> {
    (kind(), clock(), any::<bool>(), option::of(side())).prop_map(|(kind, clock, rated, side)| {
        SeekSpec {
            kind,
            clock,
            rated,
            side,
        }
    })
}

fn pairing_spec() -> impl Strategy<Value = PairingSpec> {
    (kind(), clock()).prop_map(|(kind, clock)| PairingSpec { kind, clock })
}

/// Every request a client can send, of every shape.
fn request() -> impl Strategy<Value = Request> {
    prop_oneof![
        (any::<[u8; 32]>(), text(30)).prop_map(|(key, name)| Request::Hello {
            key: PlayerKey(key),
            name,
        }),
        (any::<[u8; 32]>(), any::<[u8; 32]>()).prop_map(|(r, s)| Request::Prove {
            signature: LoginSignature(r, s),
        }),
        (kind(), side(), text(30), clock()).prop_map(|(kind, side, name, clock)| {
            Request::Host {
                kind,
                side,
                name,
                clock,
            }
        }),
        (code(), text(30), secret()).prop_map(|(code, name, secret)| Request::Join {
            code,
            name,
            secret,
        }),
        (code(), secret()).prop_map(|(code, secret)| Request::Rejoin { code, secret }),
        Just(Request::WatchLobby),
        seek_spec().prop_map(Request::Seek),
        Just(Request::CancelSeek),
        any::<u64>().prop_map(|id| Request::Accept(SeekId(id))),
        pairing_spec().prop_map(Request::QuickPair),
        code().prop_map(Request::Watch),
        (board_move(), 0usize..1000).prop_map(|(mv, ply)| Request::Play { mv, ply }),
        Just(Request::Resign),
        Just(Request::AskUndo),
        any::<bool>().prop_map(|accept| Request::AnswerUndo { accept }),
        Just(Request::Rematch),
        text(140).prop_map(Request::Chat),
        Just(Request::Leave),
        Just(Request::History),
        any::<u64>().prop_map(|id| Request::Game(GameId(id))),
        text(30).prop_map(Request::Player),
    ]
}

fn move_error() -> impl Strategy<Value = MoveError> {
    prop_oneof![
        (0u8..9).prop_map(|column| MoveError::ColumnFull { column }),
        select(vec![Foul::DoubleThree, Foul::DoubleFour, Foul::Overline])
            .prop_map(MoveError::Forbidden),
        select(vec![
            MoveError::OutsideBoard,
            MoveError::Occupied,
            MoveError::GameOver,
            MoveError::CannotPass,
        ]),
    ]
}

fn refusal() -> impl Strategy<Value = Refusal> {
    prop_oneof![
        code().prop_map(Refusal::NoSuchRoom),
        code().prop_map(Refusal::RoomFull),
        (0usize..1000).prop_map(|ply| Refusal::Stale { ply }),
        move_error().prop_map(Refusal::Rules),
        select(vec![
            Refusal::WrongSecret,
            Refusal::NotSeated,
            Refusal::NotYourTurn,
            Refusal::NothingToUndo,
            Refusal::NoUndoAsked,
            Refusal::TooManyRooms,
            Refusal::NotLoggedIn,
            Refusal::BadSignature,
            Refusal::NameTaken,
            Refusal::BadName,
            Refusal::NoSuchSeek,
            Refusal::OwnSeek,
            Refusal::RatedGame,
            Refusal::NotFinished,
            Refusal::OpponentGone,
            Refusal::NoSuchGame,
            Refusal::NoSuchPlayer,
            Refusal::ChatTooFast,
            Refusal::Flagged,
            Refusal::YouPlayHere,
            Refusal::NoSecrets,
            Refusal::ChallengeExpired,
            Refusal::TooManyLogins,
            Refusal::TooManyRequests,
        ]),
    ]
}

fn reply() -> impl Strategy<Value = Reply> {
    prop_oneof![
        (code(), side(), secret()).prop_map(|(code, side, secret)| Reply::Seated {
            code,
            side,
            secret,
        }),
        refusal().prop_map(Reply::Refused),
        (code(), text(40)).prop_map(|(code, server)| Reply::Elsewhere { code, server }),
        any::<[u8; 32]>().prop_map(|c| Reply::Challenge(Challenge(c))),
        (text(20), ratings()).prop_map(|(name, ratings)| Reply::Welcome { name, ratings }),
        any::<u64>().prop_map(|id| Reply::Seeking(SeekId(id))),
        pairing_spec().prop_map(Reply::Queued),
        code().prop_map(Reply::Watching),
    ]
}

fn room_end() -> impl Strategy<Value = RoomEnd> {
    prop_oneof![
        side().prop_map(RoomEnd::Resigned),
        side().prop_map(RoomEnd::Forfeited),
        side().prop_map(RoomEnd::Flagged),
    ]
}

fn room_view() -> impl Strategy<Value = RoomView> {
    let clock_view =
        (clock(), any::<[u64; 2]>(), option::of(side())).prop_map(|(control, left_ms, running)| {
            ClockView {
                control,
                left_ms,
                running,
            }
        });
    let board = (
        code(),
        kind(),
        [option::of(text(20)), option::of(text(20))],
        any::<[bool; 2]>(),
        vec(board_move(), 0..60),
        option::of(room_end()),
        option::of(side()),
        option::of(clock_view),
    );
    let people = (
        vec(any::<u64>(), 0..60),
        any::<bool>(),
        [option::of(rating()), option::of(rating())],
        option::of(any::<[i16; 2]>()),
        any::<u32>(),
        option::of(side()),
        option::of(code()),
        any::<u64>(),
    );
    (board, people).prop_map(
        |(
            (code, kind, names, present, moves, end, undo_asked_by, clock),
            (spent_ms, rated, ratings, rating_change, watchers, rematch_asked_by, rematch, id),
        )| RoomView {
            code,
            kind,
            names,
            present,
            moves,
            end,
            undo_asked_by,
            clock,
            spent_ms,
            rated,
            ratings,
            rating_change,
            watchers,
            rematch_asked_by,
            rematch_room: rematch,
            game_id: GameId(id),
        },
    )
}

fn summary() -> impl Strategy<Value = GameSummary> {
    (
        any::<u64>(),
        kind(),
        [text(20), text(20)],
        option::of(side()),
        option::of(room_end()),
        clock(),
        any::<bool>(),
        any::<u32>(),
        any::<u64>(),
    )
        .prop_map(
            |(id, kind, names, winner, end, clock, rated, moves, finished_at)| GameSummary {
                id: GameId(id),
                kind,
                names,
                winner,
                end,
                clock,
                rated,
                moves,
                finished_at,
            },
        )
}

fn lobby_view() -> impl Strategy<Value = LobbyView> {
    let seek = (any::<u64>(), text(20), option::of(rating()), seek_spec()).prop_map(
        |(id, name, rating, spec)| SeekView {
            id: SeekId(id),
            name,
            rating,
            spec,
        },
    );
    let game = (
        code(),
        kind(),
        [text(20), text(20)],
        [option::of(rating()), option::of(rating())],
        clock(),
        any::<bool>(),
        any::<u32>(),
        any::<u32>(),
    )
        .prop_map(
            |(code, kind, names, ratings, clock, rated, moves, watchers)| GameListing {
                code,
                kind,
                names,
                ratings,
                clock,
                rated,
                moves,
                watchers,
            },
        );
    (vec(seek, 0..6), vec(game, 0..6), any::<u32>(), any::<u32>()).prop_map(
        |(seeks, games, queued, online)| LobbyView {
            seeks,
            games,
            queued,
            online,
        },
    )
}

fn chat_line() -> impl Strategy<Value = ChatLine> {
    (
        code(),
        select(vec![Audience::Players, Audience::Watchers]),
        text(20),
        option::of(side()),
        text(140),
    )
        .prop_map(|(code, audience, from, side, text)| ChatLine {
            code,
            audience,
            from,
            side,
            text,
        })
}

fn finished_game() -> impl Strategy<Value = FinishedGame> {
    (
        summary(),
        vec(board_move(), 0..60),
        vec(any::<u64>(), 0..60),
        option::of(any::<[u64; 2]>()),
        [option::of(rating()), option::of(rating())],
        option::of(any::<[i16; 2]>()),
    )
        .prop_map(
            |(summary, moves, spent_ms, left_ms, ratings, rating_change)| FinishedGame {
                summary,
                moves,
                spent_ms,
                left_ms,
                ratings,
                rating_change,
            },
        )
}

fn player_page() -> impl Strategy<Value = PlayerPage> {
    let point = (select(RatingPool::ALL.to_vec()), any::<u64>(), any::<u16>())
        .prop_map(|(pool, at, rating)| RatingPoint { pool, at, rating });
    (
        text(20),
        ratings(),
        any::<[u32; 3]>(),
        vec(point, 0..20),
        vec(summary(), 0..5),
        any::<u64>(),
    )
        .prop_map(
            |(name, ratings, games_played, history, last_games, since)| PlayerPage {
                name,
                ratings,
                games_played,
                history,
                last_games,
                since,
            },
        )
}

/// Every update a server can send, of every shape.
fn update() -> impl Strategy<Value = ToClient> {
    prop_oneof![
        reply().prop_map(ToClient::Reply),
        room_view().prop_map(ToClient::Room),
        vec(text(40), 0..4).prop_map(ToClient::Servers),
        lobby_view().prop_map(ToClient::Lobby),
        chat_line().prop_map(ToClient::Chat),
        vec(summary(), 0..6).prop_map(ToClient::History),
        finished_game().prop_map(ToClient::Finished),
        player_page().prop_map(ToClient::Player),
    ]
}

/// One way to damage a frame, at a place after the version byte (taken
/// modulo the frame's length there).
#[derive(Clone, Debug)]
enum Damage {
    /// Flips the bits of `mask` (never 0) in one byte.
    Flip {
        at: usize,
        mask: u8,
    },
    Insert {
        at: usize,
        byte: u8,
    },
    Delete {
        at: usize,
    },
    /// Cuts the frame off there.
    Truncate {
        at: usize,
    },
}

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        3 => (any::<usize>(), 1u8..=255).prop_map(|(at, mask)| Damage::Flip { at, mask }),
        2 => (any::<usize>(), any::<u8>()).prop_map(|(at, byte)| Damage::Insert { at, byte }),
        2 => any::<usize>().prop_map(|at| Damage::Delete { at }),
        1 => any::<usize>().prop_map(|at| Damage::Truncate { at }),
    ]
}

/// `frame` with each of `damages` done in turn; its version byte is kept.
fn damaged(mut frame: Vec<u8>, damages: &[Damage]) -> Vec<u8> {
    for damage in damages {
        // The places after the version byte: 1..len (1..=len to insert).
        let body = frame.len() - 1;
        match *damage {
            Damage::Flip { at, mask } if body > 0 => frame[1 + at % body] ^= mask,
            Damage::Insert { at, byte } => frame.insert(1 + at % (body + 1), byte),
            Damage::Delete { at } if body > 0 => {
                frame.remove(1 + at % body);
            }
            Damage::Truncate { at } => frame.truncate(1 + at % (body + 1)),
            _ => {}
        }
    }
    frame
}

/// A damaged frame's reading: a message (which then crosses the wire
/// unchanged itself), or a refusal that says the bytes are no message or
/// hold a value out of range.
fn read_or_refused<T>(read: Result<T, WireError>, decode: impl Fn(&[u8]) -> Result<T, WireError>)
where
    T: serde::Serialize + PartialEq + std::fmt::Debug,
{
    match read {
        Ok(message) => assert_eq!(decode(&wire::encode(&message)), Ok(message)),
        Err(WireError::Garbled(why)) => assert!(!why.is_empty()),
        // A damaged room code or board size: refused by name.
        Err(WireError::BadValue) => {}
        Err(WireError::TooLong { bytes, limit }) => assert!(bytes > limit),
        Err(other) => panic!("the version byte was kept, yet: {other:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_request_crosses_the_wire_unchanged(request in request()) {
        let frame = wire::encode(&request);
        prop_assert!(frame.len() <= wire::MAX_REQUEST_BYTES, "{} bytes", frame.len());
        prop_assert_eq!(wire::decode_request(&frame), Ok(request));
    }

    #[test]
    fn every_update_crosses_the_wire_unchanged(update in update()) {
        let frame = wire::encode(&update);
        prop_assert!(frame.len() <= wire::MAX_UPDATE_BYTES, "{} bytes", frame.len());
        prop_assert_eq!(wire::decode_update(&frame), Ok(update));
    }

    #[test]
    fn a_damaged_request_is_read_or_refused_by_name(
        request in request(),
        damages in vec(damage(), 1..4),
    ) {
        let frame = damaged(wire::encode(&request), &damages);
        read_or_refused(wire::decode_request(&frame), wire::decode_request);
    }

    #[test]
    fn a_damaged_update_is_read_or_refused_by_name(
        update in update(),
        damages in vec(damage(), 1..4),
    ) {
        let frame = damaged(wire::encode(&update), &damages);
        read_or_refused(wire::decode_update(&frame), wire::decode_update);
    }
}
