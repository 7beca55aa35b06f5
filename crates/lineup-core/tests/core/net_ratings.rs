//! Who a player is online and what they are worth: Glicko-2 against the
//! published example, provisional ratings, key pairs and their files, and
//! the players' unique names.

use lineup_core::match_setup::GameKind;
use lineup_core::net::identity::{Challenge, LoginSignature, verify};
use lineup_core::net::players::Players;
use lineup_core::net::protocol::{NAME_LIMIT, display_name};
use lineup_core::net::rating::{
    PROVISIONAL_DEVIATION, RatedResult, Rating, RatingPool, Ratings, ShownRating, rate,
};
use lineup_core::net::{Identity, OsSecrets, PlayerKey, Refusal};
use lineup_core::rules::{ConnectFourSize, GomokuSize, RuleSet, Side};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2, glicko2_rating_period};

/// The paper's system constant.
fn paper_config() -> Glicko2Config {
    Glicko2Config {
        tau: 0.5,
        ..Default::default()
    }
}

fn glicko(rating: f64, deviation: f64, volatility: f64) -> Glicko2Rating {
    Glicko2Rating {
        rating,
        deviation,
        volatility,
    }
}

/// Rating and deviation within 0.01, volatility within 0.00001.
fn assert_close(got: (f64, f64, f64), want: (f64, f64, f64), what: &str) {
    assert!(
        (got.0 - want.0).abs() < 0.01,
        "{what}: rating {} against {}",
        got.0,
        want.0
    );
    assert!(
        (got.1 - want.1).abs() < 0.01,
        "{what}: deviation {} against {}",
        got.1,
        want.1
    );
    assert!(
        (got.2 - want.2).abs() < 0.000_01,
        "{what}: volatility {} against {}",
        got.2,
        want.2
    );
}

/// Glickman, "Example of the Glicko-2 system" (glicko2.pdf): 1500/200/0.06
/// beats 1400/30, loses to 1550/100 and to 1700/300 in one period, τ = 0.5.
#[test]
fn the_crate_reproduces_the_papers_example() {
    let player = glicko(1500.0, 200.0, 0.06);
    let results = [
        (glicko(1400.0, 30.0, 0.06), Outcomes::WIN),
        (glicko(1550.0, 100.0, 0.06), Outcomes::LOSS),
        (glicko(1700.0, 300.0, 0.06), Outcomes::LOSS),
    ];
    let after = glicko2_rating_period(&player, &results, &paper_config());
    assert_close(
        (after.rating, after.deviation, after.volatility),
        (1464.06, 151.52, 0.05999),
        "the paper's example",
    );
}

#[test]
fn our_rating_of_one_game_is_the_crates_with_the_papers_constant() {
    let players = [
        Rating::default(),
        Rating {
            rating: 1720.0,
            deviation: 80.0,
            volatility: 0.059,
            games: 40,
        },
        Rating {
            rating: 1310.5,
            deviation: 250.0,
            volatility: 0.061,
            games: 3,
        },
    ];
    let as_glicko = |r: &Rating| glicko(r.rating, r.deviation, r.volatility);
    for a in &players {
        for b in &players {
            for (result, outcome) in [
                (RatedResult::Won(Side::First), Outcomes::WIN),
                (RatedResult::Won(Side::Second), Outcomes::LOSS),
                (RatedResult::Draw, Outcomes::DRAW),
            ] {
                let ours = rate([*a, *b], result);
                let (first, second) =
                    glicko2(&as_glicko(a), &as_glicko(b), &outcome, &paper_config());
                let what = format!("{a:?} against {b:?}, {result:?}");
                for (got, want) in ours.iter().zip([first, second]) {
                    assert_close(
                        (got.rating, got.deviation, got.volatility),
                        (want.rating, want.deviation, want.volatility),
                        &what,
                    );
                }
                assert_eq!(ours[0].games, a.games + 1);
                assert_eq!(ours[1].games, b.games + 1);
            }
        }
    }
    // And it moves the right way: the winner up, the loser down.
    let [winner, loser] = rate([Rating::default(); 2], RatedResult::Won(Side::First));
    assert!(winner.rating > 1500.0 && loser.rating < 1500.0);
    assert!(winner.deviation < 350.0);
}

#[test]
fn a_new_rating_is_provisional_until_its_deviation_is_low() {
    let fresh = Rating::default();
    assert_eq!(fresh.rating, 1500.0);
    assert_eq!(fresh.games, 0);
    assert!(fresh.is_provisional());
    assert_eq!(fresh.shown().to_string(), "1500?");
    // Against an equal, won and lost in turn: the deviation falls.
    let mut pair = [Rating::default(); 2];
    let mut settled_after = None;
    for game in 0..200u32 {
        let winner = if game % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let before = pair[0].deviation;
        pair = rate(pair, RatedResult::Won(winner));
        assert!(pair[0].deviation < before, "game {game}");
        let shown = pair[0].shown();
        assert_eq!(shown.provisional, pair[0].deviation > PROVISIONAL_DEVIATION);
        assert_eq!(shown.to_string().ends_with('?'), shown.provisional);
        if !shown.provisional {
            settled_after = Some(game + 1);
            break;
        }
    }
    let games = settled_after.expect("the deviation falls below 110");
    assert!(games > 3, "a few games are not enough ({games})");
    assert_eq!(pair[0].games, games);
    assert!(pair[0].deviation <= PROVISIONAL_DEVIATION);
    assert!(!pair[0].shown().to_string().contains('?'));
    assert!((pair[0].rating - 1500.0).abs() < 50.0, "{}", pair[0].rating);
}

#[test]
fn a_shown_rating_is_rounded_and_marked() {
    let rating = Rating {
        rating: 1834.6,
        deviation: 60.0,
        volatility: 0.06,
        games: 80,
    };
    assert_eq!(
        rating.shown(),
        ShownRating {
            rating: 1835,
            provisional: false
        }
    );
    assert_eq!(rating.shown().to_string(), "1835");
    let mut ratings = Ratings::default();
    ratings.set(RatingPool::Renju, rating);
    assert_eq!(ratings.get(RatingPool::Renju), rating);
    assert_eq!(ratings.get(RatingPool::ConnectFour), Rating::default());
    assert_eq!(
        ratings.shown().map(|s| s.to_string()),
        ["1500?", "1500?", "1835"]
    );
}

#[test]
fn only_the_standard_boards_are_rated() {
    let c4 = |size| GameKind::ConnectFour { size };
    let gomoku = |size, rule| GameKind::Gomoku {
        size: GomokuSize::new(size).expect("a board size"),
        rule,
    };
    assert_eq!(
        RatingPool::of(c4(ConnectFourSize::STANDARD)),
        Some(RatingPool::ConnectFour)
    );
    assert_eq!(
        RatingPool::of(gomoku(15, RuleSet::Freestyle)),
        Some(RatingPool::Freestyle)
    );
    assert_eq!(
        RatingPool::of(gomoku(15, RuleSet::Renju)),
        Some(RatingPool::Renju)
    );
    assert_eq!(RatingPool::of(gomoku(19, RuleSet::Freestyle)), None);
    assert_eq!(RatingPool::of(gomoku(15, RuleSet::ExactFive)), None);
}

fn identity(n: u8) -> Identity {
    Identity::from_secret([n; 32])
}

#[test]
fn a_signed_challenge_verifies_for_its_key_and_challenge_only() {
    let ann = identity(1);
    let bo = identity(2);
    assert_ne!(ann.key(), bo.key());
    let challenge = Challenge([9; 32]);
    let signature = ann.sign(&challenge);
    assert!(verify(&ann.key(), &challenge, &signature));
    // Another challenge, another key, another signer.
    assert!(!verify(&ann.key(), &Challenge([8; 32]), &signature));
    assert!(!verify(&bo.key(), &challenge, &signature));
    assert!(!verify(&ann.key(), &challenge, &bo.sign(&challenge)));
    // One bit changed anywhere in the signature.
    for byte in [0, 31] {
        let mut bent = signature;
        bent.0[byte] ^= 1;
        assert!(!verify(&ann.key(), &challenge, &bent));
        let mut bent = signature;
        bent.1[byte] ^= 0x80;
        assert!(!verify(&ann.key(), &challenge, &bent));
    }
    // Nonsense keys and signatures are refused, never a panic.
    assert!(!verify(&PlayerKey([0xff; 32]), &challenge, &signature));
    assert!(!verify(
        &ann.key(),
        &challenge,
        &LoginSignature([0; 32], [0; 32])
    ));
    // A fresh identity and fresh challenges work the same.
    let fresh = Identity::generate().expect("the system's random bytes");
    let challenge = Challenge::fresh(&mut OsSecrets).expect("random bytes");
    assert_ne!(
        challenge,
        Challenge::fresh(&mut OsSecrets).expect("random bytes")
    );
    assert!(verify(&fresh.key(), &challenge, &fresh.sign(&challenge)));
}

#[test]
fn an_identity_file_reads_back_as_the_same_key() {
    let ann = Identity::generate().expect("the system's random bytes");
    let text = ann.to_file_text();
    assert!(text.starts_with('#'), "{text}");
    let back = Identity::from_file_text(&text).expect("reads");
    assert_eq!(back.key(), ann.key());
    let challenge = Challenge([3; 32]);
    assert!(verify(&ann.key(), &challenge, &back.sign(&challenge)));
    // Blank lines and comments around the key are fine.
    let padded = format!(
        "\n# mine\n\n  {}  \n\n",
        text.lines().nth(1).expect("the key")
    );
    assert_eq!(
        Identity::from_file_text(&padded).expect("reads").key(),
        ann.key()
    );
    // The public key's hex reads back too.
    assert_eq!(PlayerKey::from_hex(&ann.key().hex()), Some(ann.key()));
    assert_eq!(ann.key().short().len(), 8);
}

#[test]
fn a_damaged_identity_file_is_refused_not_a_panic() {
    let text = identity(5).to_file_text();
    let key = text.lines().nth(1).expect("the key line").to_string();
    assert_eq!(key.len(), 64);
    let damaged = [
        String::new(),
        "# only a comment\n".to_string(),
        key[..63].to_string(),
        format!("{key}0"),
        format!("zz{}", &key[2..]),
        format!("{}g", &key[..63]),
        // 64 bytes, but not ASCII: no slicing inside a character.
        format!("é{}", &key[2..]),
        format!("{}é", &key[..62]),
        "€".repeat(21) + "0",
    ];
    for bad in &damaged {
        let result = std::panic::catch_unwind(|| Identity::from_file_text(bad));
        let result = result.unwrap_or_else(|_| panic!("{bad:?} made it panic"));
        assert!(result.is_err(), "{bad:?} read as a key");
        assert!(PlayerKey::from_hex(bad).is_none(), "{bad:?}");
    }
}

/// `+` is no hexadecimal digit, yet `u8::from_str_radix` takes a leading
/// sign: a damaged file must not read as some other key.
#[test]
fn a_plus_sign_is_no_hexadecimal_digit() {
    let text = identity(0x3a).to_file_text();
    let key = text.lines().nth(1).expect("the key line");
    assert!(key.starts_with("3a"));
    let bent = format!("+a{}", &key[2..]);
    assert!(
        Identity::from_file_text(&bent).is_err(),
        "{bent:?} read as a key"
    );
    assert!(PlayerKey::from_hex(&bent).is_none(), "{bent:?}");
}

fn key(n: u8) -> PlayerKey {
    PlayerKey([n; 32])
}

#[test]
fn display_names_are_unique_whatever_their_case() {
    let mut players = Players::default();
    assert_eq!(players.enter(key(1), "Ann", 100), Ok(true));
    assert_eq!(players.enter(key(2), "ann", 101), Err(Refusal::NameTaken));
    assert_eq!(players.enter(key(2), " ANN ", 101), Err(Refusal::NameTaken));
    assert_eq!(players.len(), 1);
    // The holder logs in again: nothing changes.
    assert_eq!(players.enter(key(1), "Ann", 200), Ok(false));
    let record = players.get(&key(1)).expect("known");
    assert_eq!((record.name.as_str(), record.since), ("Ann", 100));
    assert_eq!(players.by_name("aNN").map(|p| p.key), Some(key(1)));
    // A known key takes a free name; its old one is free again.
    assert_eq!(players.enter(key(1), "Annie", 300), Ok(true));
    assert_eq!(players.by_name("ANNIE").map(|p| p.key), Some(key(1)));
    assert!(players.by_name("Ann").is_none());
    assert_eq!(players.enter(key(2), "ann", 301), Ok(true));
    assert_eq!(players.by_name("Ann").map(|p| p.key), Some(key(2)));
    // Nor may the first take it back now.
    assert_eq!(players.enter(key(1), "ANN", 302), Err(Refusal::NameTaken));
    // A change of case alone is the holder's own business.
    assert_eq!(players.enter(key(1), "ANNIE", 303), Ok(true));
    assert_eq!(
        players.by_name("annie").map(|p| p.name.as_str()),
        Some("ANNIE")
    );
    assert_eq!(players.len(), 2);
    assert_eq!(players.enter(key(3), "Bo", 0), Ok(true));
    // Names survive a restore from the store.
    let restored =
        Players::restore([key(1), key(2), key(3)].map(|k| players.get(&k).expect("known").clone()));
    let mut restored = restored;
    assert_eq!(restored.enter(key(4), "bO", 0), Err(Refusal::NameTaken));
    assert_eq!(restored.by_name("annie").map(|p| p.key), Some(key(1)));
}

#[test]
fn a_display_name_is_two_to_twenty_plain_characters() {
    assert_eq!(display_name("Ann"), Ok("Ann".to_string()));
    assert_eq!(display_name("  Jo-Ann_2.0 "), Ok("Jo-Ann_2.0".to_string()));
    assert_eq!(display_name("Zoë Ångström"), Ok("Zoë Ångström".to_string()));
    for bad in [
        "",
        "   ",
        "A",
        "Ann<script>",
        "<b>",
        "a>b",
        "Ann!",
        "a/b",
        "x\"y",
    ] {
        assert_eq!(display_name(bad), Err(Refusal::BadName), "{bad:?}");
    }
    // Control characters never reach the name.
    let cleaned = display_name("An\u{7}n\u{1b}").expect("cleaned");
    assert!(!cleaned.chars().any(char::is_control), "{cleaned:?}");
    assert_eq!(cleaned, "Ann");
    let long = display_name(&"x".repeat(50)).expect("cut");
    assert_eq!(long.chars().count(), NAME_LIMIT);
}

/// A name of nothing but control characters is no name: it must be
/// refused, not turned into "Player" (a name the player never chose).
#[test]
fn a_name_of_control_characters_only_is_refused() {
    for bad in ["\u{7}", "\u{7}\u{1b}", "\u{0}\u{0}\u{0}", " \u{7} "] {
        assert_eq!(display_name(bad), Err(Refusal::BadName), "{bad:?}");
    }
    let mut players = Players::default();
    assert_eq!(
        players.enter(key(1), "\u{7}\u{7}", 0),
        Err(Refusal::BadName)
    );
    assert!(players.is_empty());
}

#[test]
fn a_rated_game_moves_both_ratings_once_and_needs_two_known_players() {
    let mut players = Players::default();
    players.enter(key(1), "Ann", 0).expect("Ann");
    players.enter(key(2), "Bo", 0).expect("Bo");
    let pool = RatingPool::ConnectFour;
    // One player against themselves, or an unknown one: nothing.
    assert_eq!(
        players.rate([key(1), key(1)], pool, RatedResult::Won(Side::First)),
        None
    );
    assert_eq!(
        players.rate([key(1), key(9)], pool, RatedResult::Won(Side::First)),
        None
    );
    let ann = players.get(&key(1)).expect("Ann").ratings;
    assert_eq!(ann, Ratings::default(), "nothing moved");
    let (after, change) = players
        .rate([key(1), key(2)], pool, RatedResult::Won(Side::Second))
        .expect("rated");
    assert!(change[0] < 0 && change[1] > 0, "{change:?}");
    assert_eq!(
        change[1],
        i16::try_from(after[1].shown().rating).expect("small") - 1500
    );
    let ann = players.get(&key(1)).expect("Ann").ratings;
    let bo = players.get(&key(2)).expect("Bo").ratings;
    assert_eq!(ann.get(pool), after[0]);
    assert_eq!(bo.get(pool), after[1]);
    assert_eq!((ann.get(pool).games, bo.get(pool).games), (1, 1));
    // Other pools are untouched.
    assert_eq!(ann.get(RatingPool::Renju), Rating::default());
    assert_eq!(bo.get(RatingPool::Freestyle), Rating::default());
}

/// The identity file: made on first use, the same key read back after, and
/// a damaged file refused and left as it was (never silently replaced by a
/// new identity, which would lose the player's name and ratings).
#[test]
fn the_identity_file_is_made_once_kept_and_never_replaced_when_damaged() {
    use lineup_core::persist::identity_file;
    let folder = std::env::temp_dir().join(format!("lineup-identity-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let path = folder.join("data").join("identity.key");
    let made = identity_file::load_or_make(&path).expect("made on first use");
    let again = identity_file::load_or_make(&path).expect("read back");
    assert_eq!(made.key(), again.key());
    std::fs::write(&path, "# Lineup online identity\nnot a key\n").expect("damage it");
    let refused = identity_file::load_or_make(&path).expect_err("a damaged file is refused");
    assert!(refused.contains("backup"), "{refused}");
    let text = std::fs::read_to_string(&path).expect("still there");
    assert!(text.contains("not a key"), "left as it was");
    let _ = std::fs::remove_dir_all(&folder);
}
