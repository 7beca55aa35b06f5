//! What a hostile client can do to the lobby, one finding of the audit a
//! test (docs/security.md lists them): logins, names, chat, seeks and
//! watching. The server's own limits (frame sizes, requests a second,
//! connections an address) are tested in lineup-server's `hostile`.

use super::net_community::{challenge_in, chats, hello, log_in, rated_game};
use super::net_lobby::{C4, refusal, replies_to, seated};
use lineup_core::ai::PlayRng;
use lineup_core::match_clock::TimeControl;
use lineup_core::net::lobby::{
    CODE_GUESS_BURST, CODE_GUESS_EVERY_MS, LOGIN_BURST, LOGIN_EVERY_MS, LOOKUP_BURST,
    LOOKUP_EVERY_MS, WATCHERS_CHAT_BURST, WATCHERS_CHAT_EVERY_MS,
};
use lineup_core::net::names::{is_invisible, is_reserved, skeleton};
use lineup_core::net::pairing::SeekSpec;
use lineup_core::net::protocol::{clean_name, display_name};
use lineup_core::net::views::{CHAT_LIMIT, clean_chat};
use lineup_core::net::{
    CHALLENGE_MS, ClientKey, Effect, Identity, Lobby, OsSecrets, Refusal, Reply, Request,
};
use proptest::prelude::*;

/// An untimed casual Connect Four seek, either side.
fn casual_seek() -> SeekSpec {
    SeekSpec {
        kind: C4,
        clock: TimeControl::Untimed,
        rated: false,
        side: None,
    }
}

fn lobby() -> Lobby {
    Lobby::new(PlayRng::new(9), OsSecrets)
}

fn welcomed(effects: &[Effect], client: ClientKey) -> bool {
    replies_to(effects, client)
        .iter()
        .any(|r| matches!(r, Reply::Welcome { .. }))
}

#[test]
fn a_challenge_answers_once() {
    let mut lobby = lobby();
    let ann = Identity::from_secret([1; 32]);
    let mallory = Identity::from_secret([6; 32]);
    let challenge = challenge_in(&lobby.handle(1, hello(&ann, "Ann"), 0), 1);
    // A wrong answer spends the challenge...
    let wrong = Request::Prove {
        signature: mallory.sign(&challenge),
    };
    assert_eq!(
        refusal(&lobby.handle(1, wrong, 1), 1),
        Some(Refusal::BadSignature)
    );
    // ...so the right one, after it, finds none.
    let right = Request::Prove {
        signature: ann.sign(&challenge),
    };
    let late = lobby.handle(1, right.clone(), 2);
    assert_eq!(refusal(&late, 1), Some(Refusal::BadSignature));
    assert_eq!(lobby.player_of(1), None);
    // A right answer logs in once; sent again it neither logs in again nor
    // logs the player out.
    let challenge = challenge_in(&lobby.handle(1, hello(&ann, "Ann"), 3), 1);
    let right = Request::Prove {
        signature: ann.sign(&challenge),
    };
    assert!(welcomed(&lobby.handle(1, right.clone(), 4), 1));
    let again = lobby.handle(1, right, 5);
    assert_eq!(refusal(&again, 1), Some(Refusal::BadSignature));
    assert_eq!(lobby.player_of(1), Some(ann.key()));
}

#[test]
fn a_challenge_expires() {
    let mut lobby = lobby();
    let ann = Identity::from_secret([1; 32]);
    let challenge = challenge_in(&lobby.handle(1, hello(&ann, "Ann"), 1_000), 1);
    let answer = Request::Prove {
        signature: ann.sign(&challenge),
    };
    let late = lobby.handle(1, answer, 1_000 + CHALLENGE_MS + 1);
    assert_eq!(refusal(&late, 1), Some(Refusal::ChallengeExpired));
    assert_eq!(lobby.player_of(1), None);
    // Signed in time, a fresh one is good.
    log_in(&mut lobby, 1, &ann, "Ann", 1_000 + CHALLENGE_MS + 2);
}

#[test]
fn logins_of_one_key_are_limited_whatever_the_connection() {
    let mut lobby = lobby();
    let ann = Identity::from_secret([1; 32]);
    for client in 0..LOGIN_BURST {
        let asked = lobby.handle(client, hello(&ann, "Ann"), 0);
        challenge_in(&asked, client);
    }
    let flood = lobby.handle(99, hello(&ann, "Ann"), 1);
    assert_eq!(refusal(&flood, 99), Some(Refusal::TooManyLogins));
    // Another key is not held back by Ann's.
    let bo = Identity::from_secret([2; 32]);
    log_in(&mut lobby, 98, &bo, "Bo", 1);
    // Time gives Ann's logins back.
    log_in(&mut lobby, 99, &ann, "Ann", LOGIN_EVERY_MS);
}

#[test]
fn names_that_speak_for_the_server_or_pass_for_another_are_refused() {
    for reserved in [
        "Admin",
        "ADMIN",
        "admin2",
        "Аdmin",
        "Adm1n",
        "Moderator Bo",
        "server",
        "Lineup",
        "L1neup",
        "System",
    ] {
        assert!(is_reserved(reserved), "{reserved}");
        assert_eq!(display_name(reserved), Err(Refusal::BadName), "{reserved}");
    }
    for fine in [
        "Ann",
        "Modesty",
        "Rooty",
        "Bo",
        "Léa",
        "Дмитрий",
        "Αλέξης",
        "王小明",
    ] {
        assert!(display_name(fine).is_ok(), "{fine}");
    }
    // Latin letters with a Cyrillic or Greek one among them.
    for mixed in ["Аnn", "Bоb", "Αnna", "Тom Lee"] {
        assert_eq!(display_name(mixed), Err(Refusal::BadName), "{mixed}");
    }
    let mut lobby = lobby();
    log_in(&mut lobby, 1, &Identity::from_secret([1; 32]), "Ann Lee", 0);
    log_in(&mut lobby, 2, &Identity::from_secret([2; 32]), "Oscar", 0);
    let mallory = Identity::from_secret([6; 32]);
    for (i, look_alike) in [
        "ann lee",
        "ANN LEE",
        "Ａnn Lee",
        "Ann.Lee",
        "AnnLee",
        "Ann\u{200B} Lee",
        "Ann\u{202E} Lee",
        "0scar",
        "OSCAR",
    ]
    .into_iter()
    .enumerate()
    {
        let asked = lobby.handle(10 + i as u64, hello(&mallory, look_alike), 0);
        assert_eq!(
            refusal(&asked, 10 + i as u64),
            Some(Refusal::NameTaken),
            "{look_alike:?}"
        );
    }
}

/// A player's account is never renamed to a default or to nothing: a
/// login with an empty or blank name, or with "Player" (what an empty name
/// becomes on a guest's board), is refused, and the account keeps the
/// name it had (#65: a cleared name field renamed the account "Player").
#[test]
fn an_account_is_never_renamed_to_a_default_or_to_nothing() {
    let mut lobby = lobby();
    let ann = Identity::from_secret([1; 32]);
    log_in(&mut lobby, 1, &ann, "Ann", 0);
    for (i, blank) in ["", "   ", "\u{200B}", "Player", "player", "PLAYER"]
        .into_iter()
        .enumerate()
    {
        let client = 10 + i as u64;
        let asked = lobby.handle(client, hello(&ann, blank), 20_000 * i as u64);
        assert_eq!(refusal(&asked, client), Some(Refusal::BadName), "{blank:?}");
        assert_eq!(lobby.player_of(client), None, "{blank:?}");
        assert_eq!(
            lobby.players().get(&ann.key()).map(|p| p.name.as_str()),
            Some("Ann"),
            "after {blank:?}"
        );
    }
    // The account's own name still logs in, from a new connection.
    log_in(&mut lobby, 20, &ann, "Ann", 200_000);
}

/// Each look-up is a read of the store: a connection asking for records
/// as fast as it can gets its allowance and `TooManyRequests` for the rest,
/// and time gives it back.
#[test]
fn record_look_ups_are_limited_for_each_connection() {
    let mut lobby = lobby();
    let looked_up = |effects: &[Effect]| {
        effects
            .iter()
            .filter(|e| matches!(e, Effect::Lookup { .. }))
            .count()
    };
    let ask = |lobby: &mut Lobby, client: ClientKey, id: u64, now: u64| {
        lobby.handle(client, Request::Game(lineup_core::net::GameId(id)), now)
    };
    let mut granted = 0;
    for id in 0..20 {
        let asked = ask(&mut lobby, 1, id, 0);
        granted += looked_up(&asked);
        if looked_up(&asked) == 0 {
            assert_eq!(refusal(&asked, 1), Some(Refusal::TooManyRequests));
        }
    }
    assert_eq!(granted, LOOKUP_BURST as usize);
    assert_eq!(
        looked_up(&ask(&mut lobby, 2, 1, 0)),
        1,
        "another connection's own"
    );
    assert_eq!(looked_up(&ask(&mut lobby, 1, 1, LOOKUP_EVERY_MS - 1)), 0);
    assert_eq!(looked_up(&ask(&mut lobby, 1, 1, LOOKUP_EVERY_MS)), 1);
    assert_eq!(looked_up(&ask(&mut lobby, 1, 1, LOOKUP_EVERY_MS)), 0);
}

/// A stranger walking the room codes for a private room that waits for
/// its second player: each code that finds no room spends a guess, and
/// with none left no code is looked at, not even the right one, until
/// time gives one back. A code that finds its room costs nothing.
#[test]
fn room_codes_that_find_no_room_are_limited_for_each_connection() {
    let mut lobby = lobby();
    let (code, _, _) = seated(&lobby.handle(1, super::net_secrets::host(), 0), 1);
    let join = |code| Request::Join {
        code,
        name: "Mallory".into(),
        secret: lineup_core::net::SeatSecret::from_bytes([9; 16]),
    };
    let wrong = |i: u64| {
        let guess = lineup_core::net::RoomCode::from_number(1_000 + i);
        assert_ne!(guess, code);
        guess
    };
    for i in 0..CODE_GUESS_BURST {
        let guessed = lobby.handle(2, join(wrong(i)), 0);
        assert!(matches!(refusal(&guessed, 2), Some(Refusal::NoSuchRoom(_))));
    }
    for request in [join(code), Request::Watch(code), join(wrong(99))] {
        let refused = lobby.handle(2, request, CODE_GUESS_EVERY_MS - 1);
        assert_eq!(refusal(&refused, 2), Some(Refusal::TooManyRequests));
    }
    let second = |lobby: &Lobby| {
        lobby
            .room(code)
            .and_then(|r| r.record().seats[1].clone())
            .map(|s| s.name)
    };
    assert_eq!(second(&lobby), None, "the right code was not looked at");
    // Another connection has guesses of its own.
    let other = lobby.handle(3, Request::Watch(wrong(5)), 1);
    assert!(matches!(refusal(&other, 3), Some(Refusal::NoSuchRoom(_))));
    // Time gives one back; a watcher naming the right code is let in.
    seated(&lobby.handle(2, join(code), CODE_GUESS_EVERY_MS), 2);
    assert_eq!(second(&lobby).as_deref(), Some("Mallory"));
    let watched = lobby.handle(4, Request::Watch(code), CODE_GUESS_EVERY_MS);
    assert_eq!(refusal(&watched, 4), None);
}

/// Connections are cheap: twenty watchers of one room, each within its own
/// allowance, say together no more than the room's watchers may; the
/// players' chat is not touched by it.
#[test]
fn a_rooms_watchers_together_chat_no_faster_than_its_allowance() {
    let (mut lobby, code, _) = rated_game();
    let watchers: Vec<ClientKey> = (100..120).collect();
    for watcher in &watchers {
        lobby.handle(*watcher, Request::Watch(code), 0);
    }
    let t = 100_000;
    let mut said = 0;
    for watcher in &watchers {
        let effects = lobby.handle(*watcher, Request::Chat("spam".into()), t);
        said += chats(&effects).len();
        if chats(&effects).is_empty() {
            assert_eq!(refusal(&effects, *watcher), Some(Refusal::ChatTooFast));
        }
    }
    assert_eq!(said, WATCHERS_CHAT_BURST as usize);
    let players = lobby.room(code).expect("open").record().seats;
    let ann = players[0]
        .as_ref()
        .and_then(|s| s.client)
        .expect("Ann is here");
    assert_eq!(
        chats(&lobby.handle(ann, Request::Chat("gl".into()), t)).len(),
        1
    );
    // A third of a second gives the room one line back, whoever says it.
    let later = t + WATCHERS_CHAT_EVERY_MS;
    let say = |lobby: &mut Lobby, watcher: ClientKey| {
        chats(&lobby.handle(watcher, Request::Chat("hi".into()), later)).len()
    };
    assert_eq!(say(&mut lobby, watchers[19]), 1);
    assert_eq!(say(&mut lobby, watchers[18]), 0);
}

/// Compatibility forms (NFKC) and the dotless i are folded: a
/// mathematical bold "𝐀nn" or a ligature is the plain name.
#[test]
fn compatibility_forms_pass_for_no_one() {
    for (look_alike, plain) in [
        ("𝐀nn", "Ann"),
        ("𝘼𝙣𝙣", "Ann"),
        ("Alıce", "Alice"),
        ("ﬁona", "Fiona"),
        ("Ⓐnn", "Ann"),
        ("Ann²", "Ann2"),
    ] {
        assert_eq!(skeleton(look_alike), skeleton(plain), "{look_alike}");
    }
    assert_eq!(display_name("𝐀dmin"), Err(Refusal::BadName));
    assert_eq!(
        display_name("𝐀nnа"),
        Err(Refusal::BadName),
        "bold Latin, Cyrillic а"
    );
    let mut lobby = lobby();
    log_in(&mut lobby, 1, &Identity::from_secret([1; 32]), "Alice", 0);
    let mallory = Identity::from_secret([6; 32]);
    for (i, look_alike) in ["𝐀lice", "Alıce", "ＡＬＩＣＥ"].into_iter().enumerate() {
        let client = 10 + i as u64;
        let asked = lobby.handle(client, hello(&mallory, look_alike), 0);
        assert_eq!(
            refusal(&asked, client),
            Some(Refusal::NameTaken),
            "{look_alike}"
        );
    }
}

/// A guest (no login) hosting or joining is held to the names' rules too:
/// no name of the server's, one alphabet, and not a logged-in player's
/// name; an empty name is "Player", as before. A refused host keeps the
/// room they had.
#[test]
fn a_guest_may_not_pass_for_the_server_or_a_player() {
    let mut lobby = lobby();
    log_in(&mut lobby, 1, &Identity::from_secret([1; 32]), "Ann Lee", 0);
    let host = |name: &str| Request::Host {
        kind: C4,
        side: lineup_core::rules::Side::First,
        name: name.into(),
        clock: TimeControl::Untimed,
    };
    let (code, _, _) = seated(&lobby.handle(2, host("Bo"), 0), 2);
    for (name, refused) in [
        ("Admin", Refusal::BadName),
        ("Moderator", Refusal::BadName),
        ("Аnn", Refusal::BadName),
        ("ann lee", Refusal::NameTaken),
        ("𝐀nn Lee", Refusal::NameTaken),
    ] {
        assert_eq!(
            refusal(&lobby.handle(2, host(name), 1), 2),
            Some(refused),
            "{name}"
        );
        let join = Request::Join {
            code,
            name: name.into(),
            secret: lineup_core::net::SeatSecret::from_bytes([7; 16]),
        };
        assert_eq!(
            refusal(&lobby.handle(3, join, 1), 3),
            Some(refused),
            "{name}"
        );
    }
    assert_eq!(
        lobby.rooms().map(|r| r.code()).collect::<Vec<_>>(),
        vec![code],
        "Bo's room stays, still waiting"
    );
    let join = Request::Join {
        code,
        name: "\u{200B}".into(),
        secret: lineup_core::net::SeatSecret::from_bytes([7; 16]),
    };
    seated(&lobby.handle(3, join, 2), 3);
    let names = lobby
        .room(code)
        .map(|r| r.record().seats.map(|s| s.map(|s| s.name)));
    assert_eq!(
        names,
        Some([Some("Bo".to_string()), Some("Player".to_string())])
    );
}

#[test]
fn chat_and_casual_names_lose_their_invisible_characters() {
    let overridden = "gg \u{202E}ylno dog\u{202C} \u{2067}x\u{2069}";
    assert_eq!(clean_chat(overridden).as_deref(), Some("gg ylno dog x"));
    assert_eq!(clean_chat("\u{200B}\u{FEFF}\u{200D}"), None);
    assert_eq!(clean_chat("a\u{0007}b\nc").as_deref(), Some("a b c"));
    let long = "é".repeat(3 * CHAT_LIMIT);
    assert_eq!(
        clean_chat(&long).map(|l| l.chars().count()),
        Some(CHAT_LIMIT)
    );
    assert_eq!(clean_name("\u{202E}nnA"), "nnA");
    assert_eq!(clean_name("\u{200B}"), "Player");
}

#[test]
fn a_connection_holds_one_seek_and_watches_one_room() {
    let mut lobby = lobby();
    let ann = Identity::from_secret([1; 32]);
    // Not "Ann": the guests hosting below are named so.
    log_in(&mut lobby, 1, &ann, "Anna", 0);
    let spec = casual_seek();
    for now in 0..20 {
        lobby.handle(1, Request::Seek(spec), now);
    }
    assert_eq!(lobby.view().seeks.len(), 1, "each seek replaces the last");
    // Two rooms being played; one watcher tries to watch both.
    let mut codes = Vec::new();
    for (host, guest) in [(20, 21), (22, 23)] {
        let (code, _, _) = seated(&lobby.handle(host, super::net_secrets::host(), 0), host);
        let join = Request::Join {
            code,
            name: "G".into(),
            secret: lineup_core::net::SeatSecret::fresh(&mut OsSecrets).expect("bytes"),
        };
        seated(&lobby.handle(guest, join, 0), guest);
        codes.push(code);
    }
    for code in &codes {
        lobby.handle(30, Request::Watch(*code), 1);
    }
    let watchers: Vec<usize> = codes
        .iter()
        .map(|c| lobby.room(*c).expect("open").watchers().len())
        .collect();
    assert_eq!(watchers, vec![0, 1], "watching the second left the first");
}

/// Log in, open a seek, say Hello again, go: the seek went with the
/// login. (It used to outlive the connection, listed to everyone, and whoever
/// accepted it sat facing nobody.)
#[test]
fn a_second_hello_takes_the_seek_with_it() {
    let mut lobby = lobby();
    let mallory = Identity::from_secret([6; 32]);
    log_in(&mut lobby, 1, &mallory, "Mallory", 0);
    let spec = casual_seek();
    lobby.handle(1, Request::Seek(spec), 1);
    lobby.handle(
        1,
        Request::QuickPair(lineup_core::net::pairing::PairingSpec {
            kind: C4,
            clock: TimeControl::Untimed,
        }),
        1,
    );
    assert_eq!(lobby.view().seeks.len() + lobby.view().queued as usize, 1);
    challenge_in(&lobby.handle(1, hello(&mallory, "Mallory"), 2), 1);
    lobby.disconnected(1, 3);
    let view = lobby.view();
    assert_eq!((view.seeks.len(), view.queued), (0, 0), "{view:?}");
}

/// One connection hosting again and again holds one room, not one a
/// request for the grace period.
#[test]
fn hosting_again_and_again_holds_one_room() {
    let mut lobby = lobby();
    let host = super::net_secrets::host();
    let mut codes = Vec::new();
    for now in 0..50 {
        let (code, _, _) = seated(&lobby.handle(1, host.clone(), now), 1);
        codes.push(code);
    }
    assert_eq!(lobby.rooms().count(), 1);
    assert_eq!(
        lobby.rooms().next().map(|r| r.code()),
        codes.last().copied()
    );
    // A room someone joined is a game: hosting again leaves it for the
    // grace period, as before.
    let (code, _, _) = seated(&lobby.handle(1, host.clone(), 60), 1);
    let join = Request::Join {
        code,
        name: "G".into(),
        secret: lineup_core::net::SeatSecret::fresh(&mut OsSecrets).expect("bytes"),
    };
    seated(&lobby.handle(2, join, 61), 2);
    seated(&lobby.handle(1, host, 62), 1);
    assert_eq!(lobby.rooms().count(), 2);
    assert!(lobby.room(code).is_some(), "the joined room stays");
}

proptest! {
    /// However invisible characters are strewn through a name, it is
    /// the same name.
    #[test]
    fn invisible_characters_never_make_a_new_name(
        name in "[A-Za-z]{2,12}",
        strewn in proptest::collection::vec((0usize..12, prop::sample::select(vec![
            '\u{200B}', '\u{200D}', '\u{202E}', '\u{2066}', '\u{FEFF}', '\u{00AD}', '\u{E0041}',
        ])), 1..4),
    ) {
        let mut hidden: Vec<char> = name.chars().collect();
        for (at, c) in strewn {
            prop_assert!(is_invisible(c));
            hidden.insert(at.min(hidden.len()), c);
        }
        let hidden: String = hidden.into_iter().collect();
        prop_assert_eq!(skeleton(&hidden), skeleton(&name));
        if let (Ok(a), Ok(b)) = (display_name(&hidden), display_name(&name)) {
            prop_assert_eq!(a, b);
        }
    }
}
