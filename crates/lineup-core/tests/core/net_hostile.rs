//! What a hostile client can do to the lobby, one finding of the audit a
//! test (docs/security.md lists them): logins, names, chat, seeks and
//! watching. The server's own limits (frame sizes, requests a second,
//! connections an address) are tested in lineup-online's `hostile`.

use super::net_community::{challenge_in, hello, log_in};
use super::net_lobby::{C4, refusal, replies_to, seated};
use lineup_core::ai::Rng;
use lineup_core::match_clock::TimeControl;
use lineup_core::net::lobby::{LOGIN_BURST, LOGIN_EVERY_MS};
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
    Lobby::new(Rng::new(9), OsSecrets)
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
    log_in(&mut lobby, 1, &ann, "Ann", 0);
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
