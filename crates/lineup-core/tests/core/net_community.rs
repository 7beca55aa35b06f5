//! The server's community in plain Rust: logins through the real signed
//! challenge, seeks and quick pairing, rated games decided by the server's
//! own clock, ratings applied once, watchers, chat, rematches, lookups and
//! the new messages on the wire.

use crate::net_lobby::{C4, refusal, replies_to, seated};
use lineup_core::ai::PlayRng;
use lineup_core::match_clock::TimeControl;
use lineup_core::match_setup::GameKind;
use lineup_core::net::PredictableSecrets;
use lineup_core::net::identity::{Challenge, LoginSignature};
use lineup_core::net::pairing::{PairingSpec, SeekId, SeekSpec};
use lineup_core::net::rating::{RatingPool, ShownRating};
use lineup_core::net::views::{
    Audience, CHAT_LIMIT, ChatLine, FinishedGame, GameListing, GameSummary, HISTORY_LIMIT,
    LOBBY_LIMIT, LobbyView, PlayerPage, RATING_POINTS, RatingPoint, SeekView,
};
use lineup_core::net::wire::{self, ToClient, WireError};
use lineup_core::net::{
    ClientKey, ClockView, Effect, GRACE_MS, GameId, Identity, Lobby, Lookup, PlayerKey,
    PlayerRecord, Refusal, Reply, Request, Room, RoomCode, RoomEnd, RoomRecord, RoomView,
    SeatSecret,
};
use lineup_core::rules::{BoardMove, Column, GomokuSize, MoveError, Point, RuleSet, Side};

const ANN: ClientKey = 11;
const BO: ClientKey = 12;
const CY: ClientKey = 13;
const DI: ClientKey = 14;

/// Ten seconds each, nothing back.
const TEN: TimeControl = TimeControl::Fischer {
    base_seconds: 10,
    increment_seconds: 0,
};
const BASE: u64 = 10_000;

fn ann() -> Identity {
    Identity::from_secret([1; 32])
}

fn bo() -> Identity {
    Identity::from_secret([2; 32])
}

fn cy() -> Identity {
    Identity::from_secret([3; 32])
}

/// The rating points among `effects`.
fn rated(effects: &[Effect]) -> Vec<(PlayerKey, RatingPool, u16)> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Rated { key, pool, rating } => Some((*key, *pool, *rating)),
            _ => None,
        })
        .collect()
}

pub(crate) fn challenge_in(effects: &[Effect], client: ClientKey) -> Challenge {
    replies_to(effects, client)
        .into_iter()
        .find_map(|r| match r {
            Reply::Challenge(c) => Some(c),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no challenge for {client}: {effects:?}"))
}

pub(crate) fn hello(id: &Identity, name: &str) -> Request {
    Request::Hello {
        key: id.key(),
        name: name.into(),
    }
}

/// Logs `client` in as `id` through the real challenge.
pub(crate) fn log_in(lobby: &mut Lobby, client: ClientKey, id: &Identity, name: &str, now: u64) {
    let asked = lobby.handle(client, hello(id, name), now);
    let challenge = challenge_in(&asked, client);
    let signature = id.sign(&challenge);
    let answered = lobby.handle(client, Request::Prove { signature }, now);
    assert!(
        replies_to(&answered, client)
            .iter()
            .any(|r| matches!(r, Reply::Welcome { name: n, .. } if n == name)),
        "{name} not welcome: {answered:?}"
    );
    assert_eq!(lobby.player_of(client), Some(id.key()));
}

fn seek(kind: GameKind, clock: TimeControl, rated: bool) -> SeekSpec {
    SeekSpec {
        kind,
        clock,
        rated,
        side: Some(Side::First),
    }
}

/// Ann (Red) and Bo (Yellow) logged in and seated by Ann's seek `spec`
/// taken by Bo, at time 0.
fn seek_game(spec: SeekSpec) -> (Lobby, RoomCode, [SeatSecret; 2]) {
    let mut lobby = Lobby::new(PlayRng::new(5), PredictableSecrets::default());
    log_in(&mut lobby, ANN, &ann(), "Ann", 0);
    log_in(&mut lobby, BO, &bo(), "Bo", 0);
    let sought = lobby.handle(ANN, Request::Seek(spec), 0);
    let id = seeking(&sought);
    let taken = lobby.handle(BO, Request::Accept(id), 0);
    let (code, ann_side, ann_secret) = seated(&taken, ANN);
    let (bo_code, bo_side, bo_secret) = seated(&taken, BO);
    assert_eq!(
        (ann_side, bo_code, bo_side),
        (Side::First, code, Side::Second)
    );
    (lobby, code, [ann_secret, bo_secret])
}

/// A rated Connect Four game at 10s+0, Ann on Red.
pub(crate) fn rated_game() -> (Lobby, RoomCode, [SeatSecret; 2]) {
    seek_game(seek(C4, TEN, true))
}

fn seeking(effects: &[Effect]) -> SeekId {
    replies_to(effects, ANN)
        .into_iter()
        .find_map(|r| match r {
            Reply::Seeking(id) => Some(id),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no seek: {effects:?}"))
}

fn room(lobby: &Lobby, code: RoomCode) -> &Room {
    lobby.room(code).expect("the room is open")
}

fn col(c: u8) -> BoardMove {
    BoardMove::Column(Column(c))
}

/// `client` plays `mv` at `now` on the position as it stands; the effects.
fn play_at(lobby: &mut Lobby, client: ClientKey, mv: BoardMove, now: u64) -> Vec<Effect> {
    let code = lobby.seat_of(client).expect("seated").0;
    let ply = room(lobby, code).game().move_count();
    lobby.handle(client, Request::Play { mv, ply }, now)
}

fn c4_rating(lobby: &Lobby, id: &Identity) -> f64 {
    lobby
        .players()
        .get(&id.key())
        .expect("known")
        .ratings
        .get(RatingPool::ConnectFour)
        .rating
}

#[test]
fn a_bad_signature_logs_nobody_in() {
    let mut lobby = Lobby::new(PlayRng::new(1), PredictableSecrets::default());
    let (ann, bo) = (ann(), bo());
    // Signed by another key.
    let challenge = challenge_in(&lobby.handle(ANN, hello(&ann, "Ann"), 0), ANN);
    let forged = lobby.handle(
        ANN,
        Request::Prove {
            signature: bo.sign(&challenge),
        },
        0,
    );
    assert_eq!(refusal(&forged, ANN), Some(Refusal::BadSignature));
    assert!(
        !replies_to(&forged, ANN)
            .iter()
            .any(|r| matches!(r, Reply::Welcome { .. }))
    );
    assert_eq!(lobby.player_of(ANN), None);
    let spec = PairingSpec {
        kind: C4,
        clock: TEN,
    };
    let queued = lobby.handle(ANN, Request::QuickPair(spec), 0);
    assert_eq!(refusal(&queued, ANN), Some(Refusal::NotLoggedIn));
    assert_eq!(lobby.view().queued, 0);
    // The refused challenge is spent: its right signature no longer works.
    let late = lobby.handle(
        ANN,
        Request::Prove {
            signature: ann.sign(&challenge),
        },
        0,
    );
    assert_eq!(refusal(&late, ANN), Some(Refusal::BadSignature));
    // A signature of an older challenge answers no newer one.
    let _fresh = challenge_in(&lobby.handle(ANN, hello(&ann, "Ann"), 0), ANN);
    let replayed = lobby.handle(
        ANN,
        Request::Prove {
            signature: ann.sign(&challenge),
        },
        0,
    );
    assert_eq!(refusal(&replayed, ANN), Some(Refusal::BadSignature));
    // A proof nobody asked for, and rubbish.
    let unasked = lobby.handle(
        CY,
        Request::Prove {
            signature: LoginSignature([0; 32], [0; 32]),
        },
        0,
    );
    assert_eq!(refusal(&unasked, CY), Some(Refusal::BadSignature));
    assert!(lobby.players().is_empty());
    assert_eq!(lobby.view().online, 0);
    // Done right, it works; and the name is then Ann's.
    log_in(&mut lobby, ANN, &ann, "Ann", 0);
    assert_eq!(lobby.view().online, 1);
    let taken = lobby.handle(BO, hello(&bo, "ANN"), 0);
    assert_eq!(refusal(&taken, BO), Some(Refusal::NameTaken));
    let bad = lobby.handle(BO, hello(&bo, "<Bo>"), 0);
    assert_eq!(refusal(&bad, BO), Some(Refusal::BadName));
}

#[test]
fn two_players_quick_paired_sit_in_one_rated_room() {
    let mut lobby = Lobby::new(PlayRng::new(2), PredictableSecrets::default());
    log_in(&mut lobby, ANN, &ann(), "Ann", 0);
    log_in(&mut lobby, BO, &bo(), "Bo", 0);
    let spec = PairingSpec {
        kind: C4,
        clock: TEN,
    };
    let waiting = lobby.handle(ANN, Request::QuickPair(spec), 100);
    assert_eq!(replies_to(&waiting, ANN), vec![Reply::Queued(spec)]);
    assert_eq!(lobby.view().queued, 1);
    assert!(lobby.seat_of(ANN).is_none());
    let paired = lobby.handle(BO, Request::QuickPair(spec), 200);
    let (code, ann_side, _) = seated(&paired, ANN);
    let (bo_code, bo_side, _) = seated(&paired, BO);
    assert_eq!(code, bo_code);
    assert_eq!(ann_side, bo_side.other());
    let room = room(&lobby, code);
    assert!(room.is_rated());
    assert_eq!(room.terms().clock, TEN);
    assert_eq!(room.kind(), C4);
    let mut keys = room.keys();
    if ann_side == Side::Second {
        keys.swap(0, 1);
    }
    assert_eq!(keys, [Some(ann().key()), Some(bo().key())]);
    let fresh = ShownRating {
        rating: 1500,
        provisional: true,
    };
    assert_eq!(room.view(200).ratings, [Some(fresh); 2]);
    let view = lobby.view();
    assert_eq!(view.queued, 0);
    assert_eq!(view.games.len(), 1);
    assert!(view.games[0].rated);
    assert_eq!(view.games[0].clock, TEN);
}

#[test]
fn a_seek_accepted_seats_both_and_leaves_the_lobby() {
    let mut lobby = Lobby::new(PlayRng::new(3), PredictableSecrets::default());
    log_in(&mut lobby, ANN, &ann(), "Ann", 0);
    log_in(&mut lobby, BO, &bo(), "Bo", 0);
    log_in(&mut lobby, CY, &cy(), "Cy", 0);
    let spec = seek(C4, TEN, true);
    let id = seeking(&lobby.handle(ANN, Request::Seek(spec), 0));
    let listed = lobby.view().seeks;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].id, id);
    assert_eq!(listed[0].name, "Ann");
    assert_eq!(listed[0].spec, spec);
    assert_eq!(
        listed[0].rating.map(|r| r.to_string()).as_deref(),
        Some("1500?")
    );
    let own = lobby.handle(ANN, Request::Accept(id), 0);
    assert_eq!(refusal(&own, ANN), Some(Refusal::OwnSeek));
    let wrong = lobby.handle(BO, Request::Accept(SeekId(id.0 ^ 1)), 0);
    assert_eq!(refusal(&wrong, BO), Some(Refusal::NoSuchSeek));
    let nobody = lobby.handle(DI, Request::Accept(id), 0);
    assert_eq!(refusal(&nobody, DI), Some(Refusal::NotLoggedIn));
    assert_eq!(lobby.view().seeks.len(), 1, "still open");
    let taken = lobby.handle(BO, Request::Accept(id), 10);
    let (code, side, _) = seated(&taken, ANN);
    assert_eq!(side, Side::First, "the side Ann asked for");
    assert_eq!(seated(&taken, BO).0, code);
    assert_eq!(seated(&taken, BO).1, Side::Second);
    assert!(lobby.view().seeks.is_empty());
    assert!(room(&lobby, code).is_rated());
    let late = lobby.handle(CY, Request::Accept(id), 20);
    assert_eq!(refusal(&late, CY), Some(Refusal::NoSuchSeek));
}

#[test]
fn a_casual_seek_or_a_board_without_a_pool_is_not_rated() {
    let (lobby, code, _) = seek_game(seek(C4, TEN, false));
    assert!(!room(&lobby, code).is_rated());
    let gomoku19 = GameKind::Gomoku {
        size: GomokuSize::new(19).expect("a board size"),
        rule: RuleSet::Freestyle,
    };
    let (lobby, code, _) = seek_game(seek(gomoku19, TimeControl::Untimed, true));
    assert!(!room(&lobby, code).is_rated());
    assert!(room(&lobby, code).clock().is_none());
}

/// The game is over on time by `tick`, rated once: the winner up, the
/// loser down.
#[test]
fn the_servers_clock_flags_the_side_to_move_and_the_ratings_move_once() {
    let (mut lobby, code, _) = rated_game();
    assert_eq!(refusal(&play_at(&mut lobby, ANN, col(3), 1_000), ANN), None);
    // Yellow's clock runs from 1 000.
    let early = lobby.tick(1_000 + BASE - 1);
    assert!(rated(&early).is_empty());
    assert!(!room(&lobby, code).game().is_over());
    let effects = lobby.tick(12_000);
    let room_now = room(&lobby, code);
    let view = room_now.view(12_000);
    assert_eq!(view.end, Some(RoomEnd::Flagged(Side::Second)));
    assert!(room_now.game().is_over());
    let change = view.rating_change.expect("rated");
    assert!(change[0] > 0 && change[1] < 0, "{change:?}");
    let clock = view.clock.expect("timed");
    assert_eq!(clock.left_ms, [BASE, 0]);
    assert_eq!(clock.running, None);
    assert!(c4_rating(&lobby, &ann()) > 1500.0);
    assert!(c4_rating(&lobby, &bo()) < 1500.0);
    let points = rated(&effects);
    assert_eq!(points.len(), 2, "{effects:?}");
    let keys: Vec<PlayerKey> = points.iter().map(|p| p.0).collect();
    assert_eq!(keys, [ann().key(), bo().key()]);
    assert!(points.iter().all(|p| p.1 == RatingPool::ConnectFour));
    assert!(points[0].2 > 1500 && points[1].2 < 1500);
    assert!(effects.contains(&Effect::Changed(code)));
    // Nothing more happens, however long one waits or whatever is sent.
    let before = [c4_rating(&lobby, &ann()), c4_rating(&lobby, &bo())];
    assert!(rated(&lobby.tick(20_000)).is_empty());
    let late = play_at(&mut lobby, BO, col(3), 21_000);
    assert_eq!(
        refusal(&late, BO),
        Some(Refusal::Rules(MoveError::GameOver))
    );
    assert!(rated(&late).is_empty());
    let resign = lobby.handle(ANN, Request::Resign, 21_000);
    assert_eq!(
        refusal(&resign, ANN),
        Some(Refusal::Rules(MoveError::GameOver))
    );
    assert!(rated(&resign).is_empty());
    assert_eq!(
        [c4_rating(&lobby, &ann()), c4_rating(&lobby, &bo())],
        before
    );
}

#[test]
fn a_move_sent_after_the_flag_fell_is_refused_and_ends_the_game_on_time() {
    let (mut lobby, code, _) = rated_game();
    play_at(&mut lobby, ANN, col(3), 1_000);
    // No tick came between: the move itself finds the flag down.
    let late = play_at(&mut lobby, BO, col(3), 11_500);
    assert_eq!(refusal(&late, BO), Some(Refusal::Flagged));
    let view = room(&lobby, code).view(11_500);
    assert_eq!(view.end, Some(RoomEnd::Flagged(Side::Second)));
    assert_eq!(view.moves, vec![col(3)], "the late move does not count");
    assert!(view.rating_change.is_some());
    assert_eq!(rated(&late).len(), 2, "{late:?}");
    assert!(c4_rating(&lobby, &ann()) > 1500.0);
    assert!(c4_rating(&lobby, &bo()) < 1500.0);
    // The tick after finds nothing left to decide.
    assert!(rated(&lobby.tick(12_000)).is_empty());
}

/// Requests carry no time of the client's: the same request, sent at two
/// instants of the server's clock, is decided by that clock alone.
#[test]
fn only_the_servers_time_decides_a_move_near_the_flag() {
    let near = |offset: i64| {
        let (mut lobby, code, _) = rated_game();
        play_at(&mut lobby, ANN, col(3), 0);
        let at = (BASE as i64 + offset) as u64;
        let effects = lobby.handle(BO, Request::Play { mv: col(4), ply: 1 }, at);
        (refusal(&effects, BO), room(&lobby, code).view(at))
    };
    let (accepted, view) = near(-1);
    assert_eq!(accepted, None);
    assert_eq!(view.moves.len(), 2);
    assert_eq!(view.end, None);
    assert_eq!(view.spent_ms, vec![0, BASE - 1]);
    let (refused, view) = near(1);
    assert_eq!(refused, Some(Refusal::Flagged));
    assert_eq!(view.moves.len(), 1);
    assert_eq!(view.end, Some(RoomEnd::Flagged(Side::Second)));
    // The same for Red on the next move: its clock ran from Yellow's move.
    let (mut lobby, code, _) = rated_game();
    play_at(&mut lobby, ANN, col(3), 0);
    play_at(&mut lobby, BO, col(4), 9_999);
    let late = play_at(&mut lobby, ANN, col(3), 9_999 + BASE + 1);
    assert_eq!(refusal(&late, ANN), Some(Refusal::Flagged));
    assert_eq!(
        room(&lobby, code).view(0).end,
        Some(RoomEnd::Flagged(Side::First))
    );
}

#[test]
fn a_dropped_players_clock_runs_on_and_their_flag_falls_before_the_grace() {
    let (mut lobby, code, _) = rated_game();
    play_at(&mut lobby, ANN, col(3), 0);
    lobby.disconnected(BO, 1_000);
    assert_eq!(room(&lobby, code).view(1_000).present, [true, false]);
    let waiting = lobby.tick(BASE - 1);
    assert!(rated(&waiting).is_empty());
    assert_eq!(room(&lobby, code).view(BASE - 1).end, None);
    let effects = lobby.tick(BASE);
    assert!(BASE < 1_000 + lobby.grace_ms, "well within the grace");
    assert_eq!(
        room(&lobby, code).view(BASE).end,
        Some(RoomEnd::Flagged(Side::Second))
    );
    assert_eq!(rated(&effects).len(), 2);
}

#[test]
fn a_dropped_player_of_an_untimed_rated_game_forfeits_after_the_grace() {
    let (mut lobby, code, _) = seek_game(seek(C4, TimeControl::Untimed, true));
    play_at(&mut lobby, ANN, col(3), 0);
    lobby.disconnected(BO, 1_000);
    // Yellow to move, no clock: only the grace period counts.
    assert!(lobby.tick(1_000 + GRACE_MS - 1).is_empty());
    assert_eq!(room(&lobby, code).view(0).end, None);
    let effects = lobby.tick(1_000 + GRACE_MS);
    assert_eq!(
        room(&lobby, code).view(0).end,
        Some(RoomEnd::Forfeited(Side::Second))
    );
    assert_eq!(rated(&effects).len(), 2);
    assert!(c4_rating(&lobby, &ann()) > 1500.0);
}

#[test]
fn a_watcher_sees_the_game_and_cannot_play_in_it() {
    let (mut lobby, code, _) = rated_game();
    play_at(&mut lobby, ANN, col(3), 0);
    let watching = lobby.handle(CY, Request::Watch(code), 100);
    assert_eq!(replies_to(&watching, CY), vec![Reply::Watching(code)]);
    // The view goes out again (the watcher count), but nothing is stored:
    // watchers are no part of the record.
    assert!(watching.contains(&Effect::Shown(code)));
    assert!(!watching.contains(&Effect::Changed(code)));
    assert!(room(&lobby, code).watchers().contains(&CY));
    assert_eq!(room(&lobby, code).view(100).watchers, 1);
    assert_eq!(lobby.view().games[0].watchers, 1);
    let before = room(&lobby, code).view(100).moves;
    let tried = lobby.handle(CY, Request::Play { mv: col(4), ply: 1 }, 200);
    assert_eq!(refusal(&tried, CY), Some(Refusal::NotSeated));
    assert_eq!(
        refusal(&lobby.handle(CY, Request::Resign, 200), CY),
        Some(Refusal::NotSeated)
    );
    assert_eq!(room(&lobby, code).view(200).moves, before);
    assert!(!room(&lobby, code).game().is_over());
    // A player cannot watch their own game; nobody watches a missing room.
    let own = lobby.handle(ANN, Request::Watch(code), 300);
    assert_eq!(refusal(&own, ANN), Some(Refusal::YouPlayHere));
    assert_eq!(lobby.seat_of(ANN).map(|s| s.0), Some(code), "still seated");
    let other = RoomCode::from_number(code_number_other_than(code));
    let missing = lobby.handle(DI, Request::Watch(other), 300);
    assert_eq!(refusal(&missing, DI), Some(Refusal::NoSuchRoom(other)));
    // Leaving stops watching.
    lobby.handle(CY, Request::Leave, 400);
    assert!(room(&lobby, code).watchers().is_empty());
    assert_eq!(room(&lobby, code).view(400).watchers, 0);
}

fn code_number_other_than(code: RoomCode) -> u64 {
    (0..)
        .find(|n| RoomCode::from_number(*n) != code)
        .expect("another code")
}

/// The chat lines among `effects`, with their readers sorted.
pub(crate) fn chats(effects: &[Effect]) -> Vec<(ChatLine, Vec<ClientKey>)> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Chat { line, to } => {
                let mut to = to.clone();
                to.sort_unstable();
                Some((line.clone(), to))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn players_chat_to_players_and_watchers_to_watchers() {
    let (mut lobby, code, _) = rated_game();
    lobby.handle(CY, Request::Watch(code), 0);
    let t = 100_000;
    let said = chats(&lobby.handle(ANN, Request::Chat("good luck".into()), t));
    assert_eq!(said.len(), 1);
    let (line, to) = &said[0];
    assert_eq!(to, &vec![ANN, BO], "both players, not the watcher");
    assert_eq!(line.code, code);
    assert_eq!(line.audience, Audience::Players);
    assert_eq!((line.from.as_str(), line.side), ("Ann", Some(Side::First)));
    assert_eq!(line.text, "good luck");
    let said = chats(&lobby.handle(CY, Request::Chat("nice".into()), t));
    assert_eq!(said.len(), 1);
    let (line, to) = &said[0];
    assert_eq!(to, &vec![CY], "the watchers only");
    assert_eq!(line.audience, Audience::Watchers);
    assert_eq!(line.side, None);
    // Someone in no room says nothing.
    let stray = lobby.handle(DI, Request::Chat("hi".into()), t);
    assert_eq!(refusal(&stray, DI), Some(Refusal::NotSeated));
    assert!(chats(&stray).is_empty());
}

#[test]
fn chat_is_limited_to_three_lines_at_once_and_a_line_a_second() {
    let (mut lobby, _, _) = rated_game();
    let t = 100_000;
    for i in 0..3 {
        let effects = lobby.handle(BO, Request::Chat(format!("line {i}")), t);
        assert_eq!(refusal(&effects, BO), None, "line {i}");
        assert_eq!(chats(&effects).len(), 1);
    }
    let fourth = lobby.handle(BO, Request::Chat("line 3".into()), t);
    assert_eq!(refusal(&fourth, BO), Some(Refusal::ChatTooFast));
    assert!(chats(&fourth).is_empty());
    assert_eq!(
        refusal(
            &lobby.handle(BO, Request::Chat("still".into()), t + 999),
            BO
        ),
        Some(Refusal::ChatTooFast)
    );
    let later = lobby.handle(BO, Request::Chat("a second later".into()), t + 1_000);
    assert_eq!(refusal(&later, BO), None);
    assert_eq!(chats(&later).len(), 1);
    // Another player's allowance is their own.
    let other = lobby.handle(ANN, Request::Chat("me too".into()), t + 1_000);
    assert_eq!(chats(&other).len(), 1);
}

#[test]
fn chat_lines_lose_their_control_characters_and_are_cut_to_the_limit() {
    let (mut lobby, _, _) = rated_game();
    let said = chats(&lobby.handle(
        ANN,
        Request::Chat("  hi\u{7}there\u{1b}[2J\nbye  ".into()),
        100_000,
    ));
    let text = &said[0].0.text;
    assert!(!text.chars().any(char::is_control), "{text:?}");
    let words: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(words, ["hi", "there", "[2J", "bye"]);
    assert_eq!(text.trim(), text);
    let said = chats(&lobby.handle(ANN, Request::Chat("é".repeat(500)), 200_000));
    assert_eq!(said[0].0.text, "é".repeat(CHAT_LIMIT));
    // Nothing left to say: no line at all.
    let empty = lobby.handle(ANN, Request::Chat(" \u{7}\n ".into()), 300_000);
    assert!(chats(&empty).is_empty());
}

/// A connection that has said nothing yet has its three lines, whatever
/// the server's clock says (it counts from the server's start: a player
/// back at once after a restart chats at an early instant).
#[test]
fn a_fresh_connection_may_chat_at_once_even_early_on_the_servers_clock() {
    let (mut lobby, _, _) = rated_game();
    let first = lobby.handle(ANN, Request::Chat("hello".into()), 500);
    assert_eq!(refusal(&first, ANN), None);
    assert_eq!(chats(&first).len(), 1);
    for i in 0..2 {
        let more = lobby.handle(BO, Request::Chat(format!("hi {i}")), 2_500);
        assert_eq!(refusal(&more, BO), None, "line {i}");
    }
    let third = lobby.handle(BO, Request::Chat("hi 2".into()), 2_500);
    assert_eq!(refusal(&third, BO), None, "three lines at once");
}

#[test]
fn a_rematch_needs_the_end_and_both_and_swaps_the_colours() {
    let (mut lobby, code, _) = rated_game();
    play_at(&mut lobby, ANN, col(3), 0);
    let early = lobby.handle(ANN, Request::Rematch, 100);
    assert_eq!(refusal(&early, ANN), Some(Refusal::NotFinished));
    assert_eq!(room(&lobby, code).view(100).rematch_asked_by, None);
    lobby.handle(BO, Request::Resign, 1_000);
    let asked = lobby.handle(ANN, Request::Rematch, 2_000);
    assert_eq!(refusal(&asked, ANN), None);
    let view = room(&lobby, code).view(2_000);
    assert_eq!(view.rematch_asked_by, Some(Side::First));
    assert_eq!(view.rematch_room, None);
    // Asking twice is still one asking.
    lobby.handle(ANN, Request::Rematch, 2_100);
    assert_eq!(room(&lobby, code).view(2_100).rematch_room, None);
    let agreed = lobby.handle(BO, Request::Rematch, 3_000);
    let (new, ann_side, _) = seated(&agreed, ANN);
    let (bo_new, bo_side, _) = seated(&agreed, BO);
    assert_ne!(new, code);
    assert_eq!(bo_new, new);
    assert_eq!((ann_side, bo_side), (Side::Second, Side::First));
    assert_eq!(lobby.seat_of(ANN), Some((new, Side::Second)));
    assert_eq!(room(&lobby, code).view(3_000).rematch_room, Some(new));
    let rematch = room(&lobby, new);
    assert_eq!(rematch.terms(), room(&lobby, code).terms());
    assert_eq!(rematch.game().move_count(), 0);
    assert_eq!(rematch.keys(), [Some(bo().key()), Some(ann().key())]);
    assert_ne!(rematch.game_id(), room(&lobby, code).game_id());
}

#[test]
fn history_lookups_need_a_login() {
    let (mut lobby, code, _) = rated_game();
    let asked = lobby.handle(ANN, Request::History, 0);
    assert!(
        asked.contains(&Effect::Lookup {
            client: ANN,
            what: Lookup::History(ann().key()),
        }),
        "{asked:?}"
    );
    let anonymous = lobby.handle(DI, Request::History, 0);
    assert_eq!(refusal(&anonymous, DI), Some(Refusal::NotLoggedIn));
    assert!(!anonymous.iter().any(|e| matches!(e, Effect::Lookup { .. })));
    // A player's page, by any case of their name; a game by its id.
    let page = lobby.handle(DI, Request::Player("bO".into()), 0);
    let Some(Effect::Lookup {
        client: DI,
        what: Lookup::Player(record),
    }) = page.iter().find(|e| matches!(e, Effect::Lookup { .. }))
    else {
        panic!("no page: {page:?}");
    };
    assert_eq!((record.key, record.name.as_str()), (bo().key(), "Bo"));
    let missing = lobby.handle(DI, Request::Player("Zed".into()), 0);
    assert_eq!(refusal(&missing, DI), Some(Refusal::NoSuchPlayer));
    let id = room(&lobby, code).game_id();
    assert!(
        lobby
            .handle(DI, Request::Game(id), 0)
            .contains(&Effect::Lookup {
                client: DI,
                what: Lookup::Game(id),
            })
    );
}

/// A record as the store keeps it (written and read back, as after a
/// restart: no connections, the clocks stopped).
fn stored(record: &RoomRecord) -> RoomRecord {
    let text = ron::to_string(record).expect("writes");
    ron::from_str(&text).expect("reads")
}

/// The record of room `code` as it closed.
fn closed(effects: &[Effect], code: RoomCode) -> Option<RoomRecord> {
    effects.iter().find_map(|e| match e {
        Effect::Closed(record) if record.code == code => Some(RoomRecord::clone(record)),
        _ => None,
    })
}

fn records(lobby: &Lobby, ids: &[Identity]) -> Vec<PlayerRecord> {
    ids.iter()
        .map(|id| lobby.players().get(&id.key()).expect("known").clone())
        .collect()
}

/// Everything a restored server does with a finished room: both players
/// log in, take their seats back, try moves and resigning, agree a rematch,
/// and time passes. Returns every effect and the new lobby.
fn replay_after_restore(
    record: RoomRecord,
    players: Vec<PlayerRecord>,
    secrets: [SeatSecret; 2],
) -> (Lobby, Vec<Effect>) {
    let code = record.code;
    let mut lobby = Lobby::new(PlayRng::new(77), PredictableSecrets::default());
    lobby.restore_players(players);
    lobby.restore(Room::from_record(record, 0).expect("a legal record"));
    let mut all = Vec::new();
    all.extend(lobby.tick(0));
    log_in(&mut lobby, ANN, &ann(), "Ann", 10);
    log_in(&mut lobby, BO, &bo(), "Bo", 10);
    for (client, secret) in [(ANN, secrets[0]), (BO, secrets[1])] {
        let back = lobby.handle(client, Request::Rejoin { code, secret }, 100);
        assert_eq!(seated(&back, client).0, code);
        all.extend(back);
    }
    all.extend(lobby.tick(1_000));
    all.extend(lobby.handle(BO, Request::Resign, 2_000));
    all.extend(lobby.handle(ANN, Request::Resign, 2_000));
    all.extend(lobby.handle(ANN, Request::Play { mv: col(0), ply: 1 }, 2_000));
    all.extend(lobby.handle(ANN, Request::Rematch, 3_000));
    all.extend(lobby.handle(BO, Request::Rematch, 3_000));
    for t in [10_000, 100_000, 1_000_000] {
        all.extend(lobby.tick(t));
    }
    (lobby, all)
}

#[test]
fn a_rating_is_applied_once_even_across_a_restart() {
    let (mut lobby, code, secrets) = rated_game();
    play_at(&mut lobby, ANN, col(3), 0);
    let resigned = lobby.handle(BO, Request::Resign, 1_000);
    assert_eq!(rated(&resigned).len(), 2);
    let record = room(&lobby, code).record();
    assert!(record.rating_change.is_some());
    assert!(record.is_finished());
    let after_game = records(&lobby, &[ann(), bo()]);
    assert!(after_game[0].ratings.get(RatingPool::ConnectFour).rating > 1500.0);
    let (restored, effects) = replay_after_restore(stored(&record), after_game.clone(), secrets);
    assert!(rated(&effects).is_empty(), "{effects:?}");
    assert!(
        !effects
            .iter()
            .any(|e| matches!(e, Effect::PlayerChanged(_)))
    );
    assert_eq!(records(&restored, &[ann(), bo()]), after_game);
    assert_eq!(
        closed(&effects, code).map(|r| r.rating_change),
        Some(record.rating_change)
    );
}

/// A finished rated record that says nothing of its ratings (a store
/// holding the result without them) is not rated on restore either: only
/// a game that ends under the lobby's eyes is rated, so such a game's
/// result never reaches the ratings.
#[test]
fn a_finished_record_without_its_rating_change_is_not_rated_on_restore() {
    let (mut lobby, code, secrets) = rated_game();
    let before_game = records(&lobby, &[ann(), bo()]);
    play_at(&mut lobby, ANN, col(3), 0);
    lobby.handle(BO, Request::Resign, 1_000);
    let mut record = room(&lobby, code).record();
    record.rating_change = None;
    assert!(record.rated && record.is_finished());
    let (restored, effects) = replay_after_restore(stored(&record), before_game.clone(), secrets);
    assert!(rated(&effects).is_empty(), "{effects:?}");
    assert_eq!(records(&restored, &[ann(), bo()]), before_game);
    let closed = closed(&effects, code).expect("the old room closed");
    assert!(closed.rated && closed.rating_change.is_none());
}

#[test]
fn a_rated_game_restored_unfinished_is_rated_once_when_it_ends() {
    let (mut lobby, code, secrets) = rated_game();
    play_at(&mut lobby, ANN, col(3), 0);
    let record = stored(&room(&lobby, code).record());
    assert!(!record.is_finished());
    let before = records(&lobby, &[ann(), bo()]);
    let mut restored = Lobby::new(PlayRng::new(8), PredictableSecrets::default());
    restored.restore_players(before);
    restored.restore(Room::from_record(record, 0).expect("legal"));
    log_in(&mut restored, ANN, &ann(), "Ann", 0);
    log_in(&mut restored, BO, &bo(), "Bo", 0);
    for (client, secret) in [(ANN, secrets[0]), (BO, secrets[1])] {
        restored.handle(client, Request::Rejoin { code, secret }, 0);
    }
    let resigned = restored.handle(BO, Request::Resign, 1_000);
    assert_eq!(rated(&resigned).len(), 2);
    assert!(c4_rating(&restored, &ann()) > 1500.0);
    let again = restored.handle(ANN, Request::Resign, 1_100);
    assert!(rated(&again).is_empty());
    assert!(rated(&restored.tick(1_000_000)).is_empty());
}

#[test]
fn every_new_request_crosses_the_wire_unchanged() {
    let code = RoomCode::from_number(12_345);
    let requests = [
        hello(&ann(), "Ann"),
        Request::Prove {
            signature: ann().sign(&Challenge([4; 32])),
        },
        Request::Host {
            kind: C4,
            side: Side::Second,
            name: "Ann".into(),
            clock: TimeControl::fischer(5, 3),
        },
        Request::WatchLobby,
        Request::Seek(seek(C4, TEN, true)),
        Request::Seek(SeekSpec {
            side: None,
            ..seek(C4, TimeControl::Untimed, false)
        }),
        Request::CancelSeek,
        Request::Accept(SeekId(u64::MAX)),
        Request::QuickPair(PairingSpec {
            kind: GameKind::Gomoku {
                size: GomokuSize::STANDARD,
                rule: RuleSet::Renju,
            },
            clock: TimeControl::fischer(15, 10),
        }),
        Request::Watch(code),
        Request::Rematch,
        Request::Chat("gg 👍".into()),
        Request::History,
        Request::Game(GameId(u64::MAX)),
        Request::Player("Zoë".into()),
    ];
    for request in requests {
        let frame = wire::encode(&request);
        assert!(frame.len() <= wire::MAX_REQUEST_BYTES, "{request:?}");
        assert_eq!(wire::decode_request(&frame), Ok(request));
    }
}

#[test]
fn a_chat_line_of_the_longest_characters_fits_a_request() {
    let longest = "😀".repeat(CHAT_LIMIT);
    assert_eq!(longest.len(), 4 * CHAT_LIMIT);
    let request = Request::Chat(longest);
    let frame = wire::encode(&request);
    assert!(
        frame.len() <= wire::MAX_REQUEST_BYTES,
        "{} bytes",
        frame.len()
    );
    assert_eq!(wire::decode_request(&frame), Ok(request));
}

fn summary(n: u64, name: &str) -> GameSummary {
    GameSummary {
        id: GameId(n),
        kind: C4,
        names: [name.to_string(), name.to_string()],
        winner: Some(Side::First),
        end: Some(RoomEnd::Flagged(Side::Second)),
        clock: TEN,
        rated: true,
        moves: 42,
        finished_at: n,
    }
}

#[test]
fn every_new_message_down_crosses_the_wire_unchanged() {
    // A real finished rated game, for the room, its summary and its review.
    let (mut lobby, code, _) = rated_game();
    lobby.handle(CY, Request::Watch(code), 0);
    play_at(&mut lobby, ANN, col(3), 0);
    play_at(&mut lobby, BO, col(3), 2_345);
    lobby.tick(30_000);
    let record = room(&lobby, code).record();
    let shown = ShownRating {
        rating: 1662,
        provisional: true,
    };
    let updates = [
        ToClient::Reply(Reply::Challenge(Challenge([7; 32]))),
        ToClient::Reply(Reply::Welcome {
            name: "Ann".into(),
            ratings: [shown; 3],
        }),
        ToClient::Reply(Reply::Seeking(SeekId(3))),
        ToClient::Reply(Reply::Queued(PairingSpec {
            kind: C4,
            clock: TEN,
        })),
        ToClient::Reply(Reply::Watching(code)),
        ToClient::Reply(Reply::Refused(Refusal::Flagged)),
        ToClient::Reply(Reply::Refused(Refusal::ChatTooFast)),
        ToClient::Reply(Reply::Elsewhere {
            code,
            server: "ws://b.example:7878".into(),
        }),
        ToClient::Room(room(&lobby, code).view(30_000)),
        ToClient::Servers(vec!["a:1".into(), "b:2".into()]),
        ToClient::Lobby(lobby.view()),
        ToClient::Chat(ChatLine {
            code,
            audience: Audience::Watchers,
            from: "Cy".into(),
            side: None,
            text: "wow".into(),
        }),
        ToClient::History(vec![record.summary(1_760_000_000), summary(2, "Bo")]),
        ToClient::Finished(record.finished_game(1_760_000_000)),
        ToClient::Player(PlayerPage {
            name: "Ann".into(),
            ratings: [shown; 3],
            games_played: [1, 0, 0],
            history: vec![RatingPoint {
                pool: RatingPool::ConnectFour,
                at: 1_760_000_000,
                rating: 1662,
            }],
            last_games: vec![record.summary(1_760_000_000)],
            since: 1_700_000_000,
        }),
    ];
    for update in updates {
        let frame = wire::encode(&update);
        assert!(frame.len() <= wire::MAX_UPDATE_BYTES, "{update:?}");
        assert_eq!(wire::decode_update(&frame), Ok(update));
    }
    // The room's view says what the server decided.
    let view = room(&lobby, code).view(30_000);
    assert_eq!(view.end, Some(RoomEnd::Flagged(Side::First)));
    assert_eq!(view.spent_ms, vec![0, 2_345]);
    assert_eq!(view.watchers, 1);
    assert!(view.rated && view.rating_change.is_some());
    assert_eq!(
        view.clock,
        Some(ClockView {
            control: TEN,
            left_ms: [0, BASE - 2_345],
            running: None,
        })
    );
}

#[test]
fn the_largest_messages_fit_a_frame() {
    // Twenty letters of four bytes each: the longest name there is.
    let name = "𠀀".repeat(20);
    assert_eq!(
        lineup_core::net::protocol::display_name(&name).as_deref(),
        Ok(name.as_str())
    );
    let widest = ShownRating {
        rating: 9999,
        provisional: true,
    };
    let rating = Some(widest);
    let code = RoomCode::from_number(u64::MAX);
    let lobby = LobbyView {
        seeks: (0..LOBBY_LIMIT)
            .map(|i| SeekView {
                id: SeekId(u64::MAX - i as u64),
                name: name.clone(),
                rating,
                spec: SeekSpec {
                    kind: C4,
                    clock: TimeControl::Fischer {
                        base_seconds: 86_400,
                        increment_seconds: 3_600,
                    },
                    rated: true,
                    side: Some(Side::Second),
                },
            })
            .collect(),
        games: (0..LOBBY_LIMIT)
            .map(|_| GameListing {
                code,
                kind: C4,
                names: [name.clone(), name.clone()],
                ratings: [rating; 2],
                clock: TEN,
                rated: true,
                moves: u32::MAX,
                watchers: u32::MAX,
            })
            .collect(),
        queued: u32::MAX,
        online: u32::MAX,
    };
    let page = PlayerPage {
        name: name.clone(),
        ratings: [widest; 3],
        games_played: [u32::MAX; 3],
        history: (0..RATING_POINTS)
            .map(|_| RatingPoint {
                pool: RatingPool::Renju,
                at: u64::MAX,
                rating: 9999,
            })
            .collect(),
        last_games: (0..HISTORY_LIMIT as u64)
            .map(|n| summary(u64::MAX - n, &name))
            .collect(),
        since: u64::MAX,
    };
    // A full 15×15 board, every move slow.
    let gomoku = GameKind::Gomoku {
        size: GomokuSize::STANDARD,
        rule: RuleSet::Freestyle,
    };
    let moves: Vec<BoardMove> = (0u8..225)
        .map(|i| BoardMove::Point(Point::new(i % 15, i / 15)))
        .collect();
    let full = RoomView {
        code,
        kind: gomoku,
        names: [Some(name.clone()), Some(name.clone())],
        present: [true, true],
        moves: moves.clone(),
        end: Some(RoomEnd::Flagged(Side::First)),
        undo_asked_by: Some(Side::Second),
        clock: Some(ClockView {
            control: TEN,
            left_ms: [u64::MAX; 2],
            running: Some(Side::First),
        }),
        spent_ms: vec![u64::MAX; 225],
        rated: true,
        ratings: [rating; 2],
        rating_change: Some([i16::MIN, i16::MAX]),
        watchers: u32::MAX,
        rematch_asked_by: Some(Side::First),
        rematch_room: Some(code),
        game_id: GameId(u64::MAX),
    };
    let finished = FinishedGame {
        summary: summary(u64::MAX, &name),
        moves,
        spent_ms: vec![u64::MAX; 225],
        left_ms: Some([u64::MAX; 2]),
        ratings: [rating; 2],
        rating_change: Some([i16::MIN, i16::MAX]),
    };
    for update in [
        ToClient::Lobby(lobby),
        ToClient::Player(page),
        ToClient::Room(full),
        ToClient::Finished(finished),
        ToClient::History(
            (0..HISTORY_LIMIT as u64)
                .map(|n| summary(n, &name))
                .collect(),
        ),
    ] {
        let frame = wire::encode(&update);
        assert!(
            frame.len() <= wire::MAX_UPDATE_BYTES,
            "{} bytes",
            frame.len()
        );
        assert_eq!(wire::decode_update(&frame), Ok(update));
    }
}

#[test]
fn a_frame_of_version_five_is_refused_by_name() {
    assert_eq!(wire::WIRE_VERSION, 6);
    let mut frame = wire::encode(&Request::History);
    assert_eq!(frame[0], 6);
    frame[0] = 5;
    assert_eq!(
        wire::decode_request(&frame),
        Err(WireError::Version { theirs: 5 })
    );
    let mut down = wire::encode(&ToClient::Servers(vec![]));
    down[0] = 5;
    assert_eq!(
        wire::decode_update(&down),
        Err(WireError::Version { theirs: 5 })
    );
}

#[test]
fn a_players_first_login_is_dated_from_the_time_passed_in_not_the_wall_clock() {
    // The lobby is sans-IO: its steady milliseconds and the calendar's
    // seconds at their zero make the date, whatever the machine's clock.
    let mut lobby = Lobby::new(PlayRng::new(7), PredictableSecrets::default());
    lobby.calendar_at_zero = 1_000_000;
    log_in(&mut lobby, ANN, &ann(), "Ann", 5_000);
    let record = lobby.players().get(&ann().key()).expect("Ann's record");
    assert_eq!(record.since, 1_000_005);
}
