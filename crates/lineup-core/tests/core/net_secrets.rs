//! The server's secrets against an outsider who reads some of them. The
//! attack that the seeded generator allowed is reproduced here against a
//! lobby fed by that generator, and then run against the lobby as every
//! server builds it (the operating system's secrets), where it finds
//! nothing.

use super::net_community::challenge_in;
use super::net_lobby::{C4, flipped, refusal, replies_to, seated};
use lineup_core::ai::PlayRng;
use lineup_core::match_clock::TimeControl;
use lineup_core::net::identity::Challenge;
use lineup_core::net::{
    ClientKey, Effect, Identity, Lobby, OsSecrets, Refusal, Reply, Request, RoomCode, SeatSecret,
    SecretError, SecretSource,
};
use lineup_core::rules::Side;
use proptest::prelude::*;

const HOST: ClientKey = 1;
const GUEST: ClientKey = 2;
const THIEF: ClientKey = 66;

/// The lobby's secrets as they were drawn before: straight from the
/// computer players' seeded SplitMix64, eight bytes an output.
#[derive(Debug)]
struct SeededSecrets(PlayRng);

impl SecretSource for SeededSecrets {
    fn fill(&mut self, bytes: &mut [u8]) -> Result<(), SecretError> {
        for chunk in bytes.chunks_mut(8) {
            let output = self.0.next_u64().to_le_bytes();
            chunk.copy_from_slice(&output[..chunk.len()]);
        }
        Ok(())
    }
}

const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64's output step (the one `PlayRng::next_u64` applies to its state).
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The state an output came from: each step of [`mix`] undone.
fn unmix(z: u64) -> u64 {
    let unshift = |y: u64, s: u32| (1..=64 / s).fold(y, |x, i| x ^ (y >> (s * i)));
    let inverse = |a: u64| {
        (0..6).fold(a, |x, _| {
            x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)))
        })
    };
    let z = unshift(z, 31).wrapping_mul(inverse(0x94d0_49bb_1331_11eb));
    let z = unshift(z, 27).wrapping_mul(inverse(0xbf58_476d_1ce4_e5b9));
    unshift(z, 30)
}

/// What an attacker works out from one challenge: the generator's next
/// `count` outputs, if the challenge came from SplitMix64.
fn outputs_after(challenge: &Challenge, count: usize) -> Vec<u64> {
    let last = u64::from_le_bytes(challenge.0[24..].try_into().expect("8 bytes"));
    let mut state = unmix(last);
    (0..count)
        .map(|_| {
            state = state.wrapping_add(GOLDEN_GAMMA);
            mix(state)
        })
        .collect()
}

/// The seat secret the attacker predicts for the room whose public code
/// is `code`: the code is one output, the secret the two after it.
fn predicted_secret(outputs: &[u64], code: RoomCode) -> Option<SeatSecret> {
    let at = outputs
        .iter()
        .position(|n| RoomCode::from_number(*n) == code)?;
    let [low, high] = [outputs.get(at + 1)?, outputs.get(at + 2)?];
    let mut bytes = [0; SeatSecret::BYTES];
    bytes[..8].copy_from_slice(&low.to_le_bytes());
    bytes[8..].copy_from_slice(&high.to_le_bytes());
    Some(SeatSecret::from_bytes(bytes))
}

/// Ann opens a Connect Four room (the hostile tests host with it too).
pub(crate) fn host() -> Request {
    Request::Host {
        kind: C4,
        side: Side::First,
        name: "Ann".into(),
        clock: TimeControl::Untimed,
    }
}

/// The attack: say Hello, read the challenge, wait for a room to open, and
/// rejoin it with the predicted secret. Returns whether the thief sat.
fn attack(lobby: &mut Lobby) -> bool {
    let key = Identity::from_secret([6; 32]).key();
    let hello = Request::Hello {
        key,
        name: "Mallory".into(),
    };
    let challenge = challenge_in(&lobby.handle(THIEF, hello, 0), THIEF);
    let (code, _, _) = seated(&lobby.handle(HOST, host(), 10), HOST);
    let Some(secret) = predicted_secret(&outputs_after(&challenge, 16), code) else {
        return false;
    };
    let taken = lobby.handle(THIEF, Request::Rejoin { code, secret }, 20);
    replies_to(&taken, THIEF)
        .iter()
        .any(|r| matches!(r, Reply::Seated { .. }))
}

#[test]
fn the_seeded_generator_gave_a_seat_away_to_whoever_read_one_challenge() {
    // The inversion itself, on the generator the computer players use.
    let mut rng = PlayRng::new(0x5eed);
    let first = rng.next_u64();
    let mut state = unmix(first);
    state = state.wrapping_add(GOLDEN_GAMMA);
    assert_eq!(mix(state), rng.next_u64(), "one output gives the next away");
    // The attack as it was: the host's seat goes to the thief.
    let mut lobby = Lobby::new(PlayRng::new(1), SeededSecrets(PlayRng::new(1234)));
    assert!(
        attack(&mut lobby),
        "the reproduction of the attack must work"
    );
}

#[test]
fn a_client_that_reads_challenges_cannot_predict_a_seat_secret() {
    for round in 0..20 {
        let mut lobby = Lobby::new(PlayRng::new(1), OsSecrets);
        assert!(!attack(&mut lobby), "round {round}: the thief sat");
        let room = lobby.rooms().next().expect("the host's room");
        let seat = room.seat(Side::First).expect("the host's seat");
        assert_eq!(seat.client, Some(HOST), "round {round}: the host was moved");
    }
}

#[test]
fn two_lobbies_of_one_seed_hand_out_different_secrets() {
    let run = || {
        let mut lobby = Lobby::new(PlayRng::new(42), OsSecrets);
        let hello = Request::Hello {
            key: Identity::from_secret([1; 32]).key(),
            name: "Ann".into(),
        };
        let challenge = challenge_in(&lobby.handle(HOST, hello, 0), HOST);
        let (code, _, secret) = seated(&lobby.handle(HOST, host(), 0), HOST);
        (challenge, code, secret)
    };
    let (a, b) = (run(), run());
    assert_ne!(a.0, b.0, "challenges");
    assert_ne!(a.1, b.1, "room codes");
    assert_ne!(a.2, b.2, "seat secrets");
}

#[test]
fn a_seat_secret_has_128_bits_and_reads_back_from_its_text() {
    assert_eq!(SeatSecret::BYTES * 8, 128);
    let secret = SeatSecret::fresh(&mut OsSecrets).expect("random bytes");
    let text = ron::to_string(&secret).expect("writes");
    assert_eq!(text.len(), 2 + 32, "32 hex digits in quotes: {text}");
    assert_eq!(ron::from_str::<SeatSecret>(&text).expect("reads"), secret);
    // A record of the 64-bit days keeps its seat: the number's bytes.
    let old: SeatSecret = ron::from_str("4660").expect("an old record reads");
    let mut bytes = [0; 16];
    bytes[..2].copy_from_slice(&[0x34, 0x12]);
    assert_eq!(old, SeatSecret::from_bytes(bytes));
    for bad in ["\"12\"", "\"zz\"", "-1", "\"\""] {
        assert!(ron::from_str::<SeatSecret>(bad).is_err(), "{bad} read");
    }
    // On the wire: the bytes, whatever their value.
    let frame = postcard::to_allocvec(&secret).expect("encodes");
    assert_eq!(
        postcard::from_bytes::<SeatSecret>(&frame).expect("decodes"),
        secret
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever wrong secret a stranger tries, and however often, the
    /// seated players keep their seats and their connections.
    #[test]
    fn a_wrong_secret_never_disturbs_a_seated_player(
        guesses in proptest::collection::vec(any::<u128>(), 1..8),
    ) {
        let mut lobby = Lobby::new(PlayRng::new(3), OsSecrets);
        let (code, _, host_secret) = seated(&lobby.handle(HOST, host(), 0), HOST);
        let guest_secret = SeatSecret::fresh(&mut OsSecrets).expect("random bytes");
        let join = Request::Join { code, name: "Bo".into(), secret: guest_secret };
        seated(&lobby.handle(GUEST, join, 0), GUEST);
        let before = lobby.room(code).expect("the room").record();
        let mut tries: Vec<SeatSecret> =
            guesses.iter().map(|g| SeatSecret::from_bytes(g.to_le_bytes())).collect();
        tries.push(flipped(host_secret));
        tries.push(flipped(guest_secret));
        for (i, secret) in tries.into_iter().enumerate() {
            prop_assume!(secret != host_secret && secret != guest_secret);
            let now = 100 + i as u64;
            let effects = lobby.handle(THIEF, Request::Rejoin { code, secret }, now);
            prop_assert_eq!(refusal(&effects, THIEF), Some(Refusal::WrongSecret));
            prop_assert!(
                effects.iter().all(|e| !matches!(e, Effect::Sees { client, .. } if *client != THIEF)),
                "someone else's view changed: {:?}", effects
            );
            let room = lobby.room(code).expect("the room");
            prop_assert_eq!(room.seat(Side::First).and_then(|s| s.client), Some(HOST));
            prop_assert_eq!(room.seat(Side::Second).and_then(|s| s.client), Some(GUEST));
            prop_assert_eq!(lobby.seat_of(HOST), Some((code, Side::First)));
            prop_assert_eq!(lobby.seat_of(GUEST), Some((code, Side::Second)));
        }
        prop_assert_eq!(lobby.room(code).expect("the room").record(), before);
    }
}
