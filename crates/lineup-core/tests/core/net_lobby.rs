//! The server's authority in plain Rust: rooms, seats, moves checked by the
//! rules, undo by agreement, the grace period and the wire format. No network:
//! the lobby is handed requests and the clock directly.

use lineup_core::ai::PlayRng;
use lineup_core::match_clock::TimeControl;
use lineup_core::match_setup::GameKind;
use lineup_core::net::PredictableSecrets;
use lineup_core::net::protocol::clean_name;
use lineup_core::net::wire::{self, ToClient, WireError};
use lineup_core::net::{
    ClientKey, CodeError, Effect, GRACE_MS, Lobby, Refusal, Reply, Request, RoomCode, RoomEnd,
    RoomView, SeatSecret,
};
use lineup_core::rules::{
    BoardMove, Column, ConnectFourSize, Ending, Foul, GomokuSize, MoveError, Point, RuleSet, Side,
};
use proptest::prelude::*;

/// A secret one bit away from `secret`: the wrong one.
pub(crate) fn flipped(secret: SeatSecret) -> SeatSecret {
    let mut bytes = secret.to_bytes();
    bytes[0] ^= 1;
    SeatSecret::from_bytes(bytes)
}

const HOST: ClientKey = 1;
const GUEST: ClientKey = 2;
const STRANGER: ClientKey = 3;

/// The standard board (the community tests use it too).
pub(crate) const C4: GameKind = GameKind::ConnectFour {
    size: ConnectFourSize::STANDARD,
};
const RENJU: GameKind = GameKind::Gomoku {
    size: GomokuSize::STANDARD,
    rule: RuleSet::Renju,
};

/// The replies among `effects` addressed to `client` (the community tests
/// read them too).
pub(crate) fn replies_to(effects: &[Effect], client: ClientKey) -> Vec<Reply> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Reply { to, reply } if *to == client => Some(reply.clone()),
            _ => None,
        })
        .collect()
}

pub(crate) fn refusal(effects: &[Effect], client: ClientKey) -> Option<Refusal> {
    replies_to(effects, client)
        .into_iter()
        .find_map(|r| match r {
            Reply::Refused(refusal) => Some(refusal),
            _ => None,
        })
}

pub(crate) fn seated(effects: &[Effect], client: ClientKey) -> (RoomCode, Side, SeatSecret) {
    replies_to(effects, client)
        .into_iter()
        .find_map(|r| match r {
            Reply::Seated { code, side, secret } => Some((code, side, secret)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("client {client} was not seated: {effects:?}"))
}

/// A lobby with a room of `kind`: the host on the first side, the guest on
/// the second.
fn room_of(kind: GameKind) -> (Lobby, RoomCode, [SeatSecret; 2]) {
    let mut lobby = Lobby::new(PlayRng::new(7), PredictableSecrets::default());
    let host = Request::Host {
        kind,
        side: Side::First,
        name: "Ann".into(),
        clock: TimeControl::Untimed,
    };
    let (code, side, host_secret) = seated(&lobby.handle(HOST, host, 0), HOST);
    assert_eq!(side, Side::First);
    let join = Request::Join {
        code,
        name: "Bo".into(),
        secret: SeatSecret::from_bytes([0xB0; 16]),
    };
    let (joined, side, guest_secret) = seated(&lobby.handle(GUEST, join, 0), GUEST);
    assert_eq!((joined, side), (code, Side::Second));
    assert_eq!(
        guest_secret,
        SeatSecret::from_bytes([0xB0; 16]),
        "the joiner's own secret"
    );
    (lobby, code, [host_secret, guest_secret])
}

/// A server that stored a join and went down before its reply: the guest,
/// on a new connection, sends the same Join again and is given the seat it
/// took, not told the room is full; a stranger with another secret still is.
#[test]
fn a_join_sent_again_after_its_reply_was_lost_gets_the_same_seat() {
    let (mut lobby, code, [_, guest_secret]) = room_of(C4);
    lobby.disconnected(GUEST, 10);
    let again = Request::Join {
        code,
        name: "Bo".into(),
        secret: guest_secret,
    };
    let (joined, side, secret) = seated(&lobby.handle(STRANGER, again, 20), STRANGER);
    assert_eq!((joined, side, secret), (code, Side::Second, guest_secret));
    assert_eq!(view(&lobby, code).present, [true, true]);
    let other = Request::Join {
        code,
        name: "Cy".into(),
        secret: flipped(guest_secret),
    };
    assert_eq!(
        refusal(&lobby.handle(99, other, 30), 99),
        Some(Refusal::RoomFull(code))
    );
}

fn view(lobby: &Lobby, code: RoomCode) -> RoomView {
    lobby.room(code).expect("the room is open").view(0)
}

fn play(lobby: &mut Lobby, client: ClientKey, mv: BoardMove) -> Option<Refusal> {
    let room = lobby.seat_of(client).expect("seated").0;
    let ply = view(lobby, room).moves.len();
    refusal(&lobby.handle(client, Request::Play { mv, ply }, 0), client)
}

fn col(c: u8) -> BoardMove {
    BoardMove::Column(Column(c))
}

fn pt(text: &str) -> BoardMove {
    BoardMove::Point(Point::parse(text).expect("a point"))
}

#[test]
fn a_whole_connect_four_game_is_played_through_the_server() {
    let (mut lobby, code, _) = room_of(C4);
    // Red builds column 1 upward; Yellow plays column 2.
    for (i, c) in [0, 1, 0, 1, 0, 1].into_iter().enumerate() {
        let player = if i % 2 == 0 { HOST } else { GUEST };
        assert_eq!(play(&mut lobby, player, col(c)), None, "move {i}");
    }
    let before = view(&lobby, code);
    assert_eq!(play(&mut lobby, HOST, col(0)), None);
    let after = view(&lobby, code);
    assert_eq!(after.moves.len(), before.moves.len() + 1);
    let game = after.replay().expect("a legal history");
    assert_eq!(game.ending(), Some(Ending::Win(Side::First)));
    // The game is over: nothing more is taken.
    assert_eq!(
        play(&mut lobby, GUEST, col(3)),
        Some(Refusal::Rules(MoveError::GameOver))
    );
}

#[test]
fn the_server_refuses_a_full_column_a_move_out_of_turn_and_a_stale_move() {
    let (mut lobby, code, _) = room_of(C4);
    assert_eq!(play(&mut lobby, GUEST, col(3)), Some(Refusal::NotYourTurn));
    for i in 0..6 {
        let player = if i % 2 == 0 { HOST } else { GUEST };
        assert_eq!(play(&mut lobby, player, col(3)), None);
    }
    assert_eq!(
        play(&mut lobby, HOST, col(3)),
        Some(Refusal::Rules(MoveError::ColumnFull { column: 3 }))
    );
    // A move aimed at the board of two moves ago.
    let stale = Request::Play { mv: col(4), ply: 4 };
    assert_eq!(
        refusal(&lobby.handle(HOST, stale, 0), HOST),
        Some(Refusal::Stale { ply: 4 })
    );
    // A client in no room, and a column off the board.
    assert_eq!(
        refusal(&lobby.handle(STRANGER, Request::Resign, 0), STRANGER),
        Some(Refusal::NotSeated)
    );
    assert_eq!(
        play(&mut lobby, HOST, col(7)),
        Some(Refusal::Rules(MoveError::OutsideBoard))
    );
    assert_eq!(view(&lobby, code).moves.len(), 6, "no refused move counted");
}

#[test]
fn nobody_moves_before_the_opponent_has_come_and_a_third_player_is_turned_away() {
    let mut lobby = Lobby::new(PlayRng::new(1), PredictableSecrets::default());
    let host = Request::Host {
        kind: C4,
        side: Side::Second,
        name: "Ann".into(),
        clock: TimeControl::Untimed,
    };
    let (code, side, _) = seated(&lobby.handle(HOST, host, 0), HOST);
    assert_eq!(side, Side::Second);
    let join = |name: &str| Request::Join {
        code,
        name: name.into(),
        secret: SeatSecret::from_bytes(
            u128::from(name.bytes().map(u64::from).product::<u64>()).to_le_bytes(),
        ),
    };
    let (_, guest_side, _) = seated(&lobby.handle(GUEST, join("Bo"), 0), GUEST);
    assert_eq!(guest_side, Side::First, "the guest takes the free seat");
    assert_eq!(
        refusal(&lobby.handle(STRANGER, join("Cy"), 0), STRANGER),
        Some(Refusal::RoomFull(code))
    );
    let other = RoomCode::parse("ZZZZZZ").expect("a code");
    let missing = Request::Join {
        code: other,
        name: "Cy".into(),
        secret: SeatSecret::from_bytes([3; 16]),
    };
    if other != code {
        assert_eq!(
            refusal(&lobby.handle(STRANGER, missing, 0), STRANGER),
            Some(Refusal::NoSuchRoom(other))
        );
    }
    let names = view(&lobby, code).names;
    assert_eq!(names, [Some("Bo".to_string()), Some("Ann".to_string())]);
}

#[test]
fn a_renju_game_refuses_blacks_foul_and_plays_to_five() {
    let (mut lobby, code, _) = room_of(RENJU);
    // Black g8 h8 and j6 j7; White far away: j8 would be a double-three.
    let moves = ["g8", "a1", "h8", "a3", "j6", "o1", "j7", "o15"];
    for (i, m) in moves.iter().enumerate() {
        let player = if i % 2 == 0 { HOST } else { GUEST };
        assert_eq!(play(&mut lobby, player, pt(m)), None, "{m}");
    }
    assert_eq!(
        play(&mut lobby, HOST, pt("j8")),
        Some(Refusal::Rules(MoveError::Forbidden(Foul::DoubleThree)))
    );
    assert_eq!(play(&mut lobby, HOST, pt("f8")), None);
    assert_eq!(
        play(&mut lobby, GUEST, pt("f8")),
        Some(Refusal::Rules(MoveError::Occupied))
    );
    // White blocks at e8, Black makes a four (f8 g8 h8 i8), White looks
    // away, and j8, the double-three point before, is now five: it wins.
    for (player, m) in [(GUEST, "e8"), (HOST, "i8"), (GUEST, "a5"), (HOST, "j8")] {
        assert_eq!(play(&mut lobby, player, pt(m)), None, "{m}");
    }
    let game = view(&lobby, code).replay().expect("legal");
    assert_eq!(game.ending(), Some(Ending::Win(Side::First)));
}

#[test]
fn a_dropped_player_rejoins_with_the_secret_and_sees_the_same_game() {
    let (mut lobby, code, secrets) = room_of(C4);
    for (player, c) in [(HOST, 3), (GUEST, 3), (HOST, 4)] {
        assert_eq!(play(&mut lobby, player, col(c)), None);
    }
    let before = view(&lobby, code).moves;
    lobby.disconnected(GUEST, 1_000);
    assert_eq!(view(&lobby, code).present, [true, false]);
    // A stranger with a wrong secret gets nothing.
    let wrong = Request::Rejoin {
        code,
        secret: flipped(secrets[1]),
    };
    assert_eq!(
        refusal(&lobby.handle(STRANGER, wrong, 2_000), STRANGER),
        Some(Refusal::WrongSecret)
    );
    // Still within the grace period: nothing is decided.
    assert!(lobby.tick(1_000 + GRACE_MS - 1).is_empty());
    let back = Request::Rejoin {
        code,
        secret: secrets[1],
    };
    const NEW_CONNECTION: ClientKey = 9;
    let (again, side, _) = seated(&lobby.handle(NEW_CONNECTION, back, 30_000), NEW_CONNECTION);
    assert_eq!((again, side), (code, Side::Second));
    let after = view(&lobby, code);
    assert_eq!(after.moves, before);
    assert_eq!(after.present, [true, true]);
    // The game goes on to its end with the new connection.
    for (player, c) in [
        (NEW_CONNECTION, 3),
        (HOST, 5),
        (NEW_CONNECTION, 0),
        (HOST, 2),
    ] {
        assert_eq!(play(&mut lobby, player, col(c)), None);
    }
    let game = view(&lobby, code).replay().expect("legal");
    assert_eq!(game.ending(), Some(Ending::Win(Side::First)));
}

#[test]
fn a_player_away_past_the_grace_period_forfeits_and_an_empty_room_closes() {
    let (mut lobby, code, _) = room_of(C4);
    assert_eq!(play(&mut lobby, HOST, col(3)), None);
    lobby.disconnected(GUEST, 5_000);
    let effects = lobby.tick(5_000 + GRACE_MS);
    assert!(effects.contains(&Effect::Changed(code)), "{effects:?}");
    let room = view(&lobby, code);
    assert_eq!(room.end, Some(RoomEnd::Forfeited(Side::Second)));
    assert_eq!(
        room.replay().expect("legal").ending(),
        Some(Ending::Resigned {
            winner: Side::First
        })
    );
    // The host stays to see the result; once the host leaves too and the
    // grace passes, the room closes with its record.
    lobby.disconnected(HOST, 70_000);
    assert!(lobby.tick(70_000 + GRACE_MS - 1).is_empty());
    let closed = lobby.tick(70_000 + GRACE_MS);
    let record = closed
        .iter()
        .find_map(|e| match e {
            Effect::Closed(record) => Some(record.clone()),
            _ => None,
        })
        .expect("closed");
    assert_eq!(record.moves, vec![col(3)]);
    assert!(lobby.room(code).is_none());
}

#[test]
fn undo_needs_the_opponents_yes_and_takes_back_to_the_askers_turn() {
    let (mut lobby, code, _) = room_of(C4);
    for (player, c) in [(HOST, 3), (GUEST, 3), (HOST, 4), (GUEST, 2)] {
        assert_eq!(play(&mut lobby, player, col(c)), None);
    }
    // Nobody asked: an answer is refused.
    let yes = Request::AnswerUndo { accept: true };
    assert_eq!(
        refusal(&lobby.handle(GUEST, yes.clone(), 0), GUEST),
        Some(Refusal::NoUndoAsked)
    );
    // Red asks (its move 4 and Yellow's reply go); Red cannot answer itself.
    assert!(refusal(&lobby.handle(HOST, Request::AskUndo, 0), HOST).is_none());
    assert_eq!(view(&lobby, code).undo_asked_by, Some(Side::First));
    assert_eq!(
        refusal(&lobby.handle(HOST, yes.clone(), 0), HOST),
        Some(Refusal::NoUndoAsked)
    );
    assert!(refusal(&lobby.handle(GUEST, yes, 0), GUEST).is_none());
    let room = view(&lobby, code);
    assert_eq!(room.moves, vec![col(3), col(3)]);
    assert_eq!(room.undo_asked_by, None);
    // Declined, and a move answers "no" too.
    lobby.handle(GUEST, Request::AskUndo, 0);
    let no = Request::AnswerUndo { accept: false };
    assert!(refusal(&lobby.handle(HOST, no, 0), HOST).is_none());
    assert_eq!(view(&lobby, code).moves.len(), 2);
    lobby.handle(GUEST, Request::AskUndo, 0);
    assert_eq!(play(&mut lobby, HOST, col(0)), None);
    assert_eq!(view(&lobby, code).undo_asked_by, None);
}

#[test]
fn resigning_ends_the_game_for_both() {
    let (mut lobby, code, _) = room_of(RENJU);
    assert_eq!(play(&mut lobby, HOST, pt("h8")), None);
    assert!(refusal(&lobby.handle(GUEST, Request::Resign, 0), GUEST).is_none());
    let room = view(&lobby, code);
    assert_eq!(room.end, Some(RoomEnd::Resigned(Side::Second)));
    assert!(room.replay().expect("legal").is_over());
    assert_eq!(
        refusal(&lobby.handle(HOST, Request::AskUndo, 0), HOST),
        Some(Refusal::Rules(MoveError::GameOver))
    );
}

#[test]
fn a_client_refuses_a_history_the_rules_cannot_reach() {
    let (lobby, code, _) = room_of(C4);
    let mut lie = view(&lobby, code);
    lie.moves = vec![col(0); 7];
    let error = lie.replay().expect_err("a seventh disc in one column");
    assert!(error.to_string().contains("move 7"), "{error}");
    let mut wrong_kind = view(&lobby, code);
    wrong_kind.moves = vec![pt("h8")];
    assert!(wrong_kind.replay().is_err());
}

#[test]
fn names_are_trimmed_and_cut() {
    assert_eq!(clean_name("  Ann \n"), "Ann");
    assert_eq!(clean_name(""), "Player");
    assert_eq!(clean_name("\u{7}\u{1b}"), "Player");
    assert_eq!(clean_name(&"x".repeat(50)).chars().count(), 20);
}

proptest! {
    #[test]
    fn room_codes_read_back_as_written(n in any::<u64>(), lower in any::<bool>()) {
        let code = RoomCode::from_number(n);
        let text = if lower { code.as_str().to_lowercase() } else { code.to_string() };
        prop_assert_eq!(RoomCode::parse(&format!(" {text} ")), Ok(code));
        let ron = ron::to_string(&code).expect("serialises");
        prop_assert_eq!(ron::from_str::<RoomCode>(&ron).expect("reads"), code);
    }

    #[test]
    fn text_with_a_look_alike_or_the_wrong_length_is_no_code(
        prefix in "[A-HJKMNP-Z2-9]{5}",
        bad in prop::sample::select(vec!['O', '0', 'I', '1', 'L', '-', 'é']),
    ) {
        let text = format!("{prefix}{bad}");
        prop_assert!(RoomCode::parse(&text).is_err());
        prop_assert!(RoomCode::parse(&prefix).is_err());
    }
}

#[test]
fn room_codes_are_read_as_people_type_them() {
    let code = RoomCode::parse("K7MQ2X").expect("a code");
    for typed in [
        "k7mq2x",
        " K7M Q2X ",
        "k7m-q2x",
        "K7M.Q2X",
        // An input method's full-width forms, and Cyrillic look-alikes.
        "Ｋ７ＭＱ２Ｘ",
        "К7МQ2Х",
    ] {
        assert_eq!(RoomCode::parse(typed), Ok(code), "{typed:?}");
    }
    // What cannot be told for sure is refused by name.
    assert_eq!(RoomCode::parse("K7MQ2O"), Err(CodeError::Character('O')));
    assert_eq!(RoomCode::parse("k7mq21"), Err(CodeError::Character('1')));
    assert_eq!(RoomCode::parse("1"), Err(CodeError::Length(1)));
    assert_eq!(RoomCode::normalise("ab-c d"), "ABCD");
}

#[test]
fn a_frame_of_another_version_too_long_or_garbled_is_refused_by_name() {
    let mut frame = wire::encode(&Request::Resign);
    frame[0] = wire::WIRE_VERSION + 1;
    assert_eq!(
        wire::decode_request(&frame),
        Err(WireError::Version {
            theirs: wire::WIRE_VERSION + 1
        })
    );
    let long = vec![wire::WIRE_VERSION; wire::MAX_REQUEST_BYTES + 1];
    assert!(matches!(
        wire::decode_request(&long),
        Err(WireError::TooLong { .. })
    ));
    assert_eq!(wire::decode_request(&[]), Err(WireError::Empty));
    // A kind of request this version does not know.
    assert_eq!(
        wire::decode_request(&[wire::WIRE_VERSION, 200, 1]),
        Err(WireError::BadValue)
    );
    // A message with bytes after it is not taken either.
    let mut padded = wire::encode(&Request::Leave);
    padded.push(0);
    assert!(matches!(
        wire::decode_request(&padded),
        Err(WireError::Garbled(_))
    ));
    // Down: the room as the players see it.
    let (lobby, code, _) = room_of(C4);
    let update = ToClient::Room(view(&lobby, code));
    assert_eq!(wire::decode_update(&wire::encode(&update)), Ok(update));
}
