//! Finding an opponent: the lobby's open seeks and the quick pairing queue,
//! its order, its rating windows and its specs, against a plain reference
//! of the rule.

use lineup_core::match_clock::TimeControl;
use lineup_core::match_setup::GameKind;
use lineup_core::net::identity::PlayerKey;
use lineup_core::net::pairing::{
    PairingQueue, PairingSpec, Seek, SeekError, SeekId, SeekSpec, Seeks, WINDOW_MAX, WINDOW_START,
    Waiter, window,
};
use lineup_core::rules::{ConnectFourSize, GomokuSize, RuleSet, Side};
use proptest::prelude::*;

const C4: GameKind = GameKind::ConnectFour {
    size: ConnectFourSize::STANDARD,
};
const RENJU: GameKind = GameKind::Gomoku {
    size: GomokuSize::STANDARD,
    rule: RuleSet::Renju,
};
/// Gomoku on 19x19 has no rating pool: played casual.
fn gomoku_19() -> GameKind {
    GameKind::Gomoku {
        size: GomokuSize::new(19).expect("a board size"),
        rule: RuleSet::Freestyle,
    }
}
const BLITZ: TimeControl = TimeControl::fischer(5, 3);
const RAPID: TimeControl = TimeControl::fischer(15, 10);

const C4_BLITZ: PairingSpec = PairingSpec {
    kind: C4,
    clock: BLITZ,
};

fn key(n: u8) -> PlayerKey {
    PlayerKey([n; 32])
}

fn waiter(n: u8, spec: PairingSpec, rating: f64, since_ms: u64) -> Waiter {
    Waiter {
        key: key(n),
        spec,
        rating,
        since_ms,
    }
}

/// The keys of each pair, (a, b).
fn keys(pairs: &[(Waiter, Waiter)]) -> Vec<(PlayerKey, PlayerKey)> {
    pairs.iter().map(|(a, b)| (a.key, b.key)).collect()
}

#[test]
fn window_widens_ten_a_second_up_to_a_thousand() {
    assert_eq!(window(0), WINDOW_START);
    assert_eq!(window(0), 100.0);
    // Whole seconds only.
    assert_eq!(window(999), 100.0);
    assert_eq!(window(1_000), 110.0);
    assert_eq!(window(5_500), 150.0);
    assert_eq!(window(30_000), 400.0);
    assert_eq!(window(90_000), 1000.0);
    assert_eq!(window(91_000), WINDOW_MAX);
    assert_eq!(window(u64::MAX), WINDOW_MAX);
}

#[test]
fn oldest_gets_the_nearest_rating_and_the_far_one_waits() {
    let mut queue = PairingQueue::new();
    queue.join(waiter(1, C4_BLITZ, 1500.0, 0));
    queue.join(waiter(2, C4_BLITZ, 1900.0, 1_000));
    queue.join(waiter(3, C4_BLITZ, 1550.0, 2_000));
    let pairs = queue.pair(2_000);
    assert_eq!(keys(&pairs), vec![(key(1), key(3))]);
    assert!(queue.contains(key(2)));
    assert_eq!(queue.len(), 1);

    // A new 1500: 400 apart, beyond the newcomer's window for now, though
    // the 1900 has waited long enough.
    queue.join(waiter(4, C4_BLITZ, 1500.0, 40_000));
    assert!(queue.pair(40_000).is_empty());
    assert!(
        queue.pair(69_999).is_empty(),
        "29 s: the newcomer accepts 390"
    );
    // 30 s on, the newcomer's window covers 400 too.
    let pairs = queue.pair(70_000);
    assert_eq!(keys(&pairs), vec![(key(2), key(4))]);
    assert!(queue.is_empty());
}

#[test]
fn equal_differences_go_to_who_waited_longer_then_smaller_key() {
    let mut queue = PairingQueue::new();
    queue.join(waiter(1, C4_BLITZ, 1500.0, 0));
    queue.join(waiter(5, C4_BLITZ, 1550.0, 300));
    queue.join(waiter(4, C4_BLITZ, 1450.0, 200));
    assert_eq!(keys(&queue.pair(500)), vec![(key(1), key(4))]);

    let mut queue = PairingQueue::new();
    queue.join(waiter(1, C4_BLITZ, 1500.0, 0));
    queue.join(waiter(5, C4_BLITZ, 1550.0, 200));
    queue.join(waiter(4, C4_BLITZ, 1450.0, 200));
    assert_eq!(keys(&queue.pair(500)), vec![(key(1), key(4))]);
}

#[test]
fn equal_times_serve_the_smaller_key_first() {
    let mut queue = PairingQueue::new();
    // 9 and 2 joined together; 2 is served first and takes the 1500.
    queue.join(waiter(9, C4_BLITZ, 1520.0, 0));
    queue.join(waiter(2, C4_BLITZ, 1480.0, 0));
    queue.join(waiter(3, C4_BLITZ, 1500.0, 100));
    assert_eq!(keys(&queue.pair(100)), vec![(key(2), key(3))]);
    assert!(queue.contains(key(9)));
}

#[test]
fn the_longer_waiter_comes_first_in_each_pair_and_pairs_come_oldest_first() {
    let mut queue = PairingQueue::new();
    let renju = PairingSpec {
        kind: RENJU,
        clock: BLITZ,
    };
    queue.join(waiter(7, renju, 1600.0, 500));
    queue.join(waiter(1, C4_BLITZ, 1500.0, 900));
    queue.join(waiter(8, renju, 1610.0, 100));
    queue.join(waiter(2, C4_BLITZ, 1500.0, 50));
    assert_eq!(
        keys(&queue.pair(1_000)),
        vec![(key(2), key(1)), (key(8), key(7))]
    );
}

#[test]
fn different_specs_never_pair() {
    let mut queue = PairingQueue::new();
    let other_kind = PairingSpec {
        kind: RENJU,
        clock: BLITZ,
    };
    let other_clock = PairingSpec {
        kind: C4,
        clock: RAPID,
    };
    let untimed = PairingSpec {
        kind: C4,
        clock: TimeControl::Untimed,
    };
    for (n, spec) in [C4_BLITZ, other_kind, other_clock, untimed]
        .into_iter()
        .enumerate()
    {
        queue.join(waiter(n as u8, spec, 1500.0, 0));
    }
    assert!(queue.pair(1_000_000).is_empty());
    assert_eq!(queue.len(), 4);
}

#[test]
fn a_lone_waiter_never_pairs_with_itself() {
    let mut queue = PairingQueue::new();
    queue.join(waiter(1, C4_BLITZ, 1500.0, 0));
    assert!(queue.pair(1_000_000).is_empty());
    assert!(queue.contains(key(1)));
}

#[test]
fn joining_again_replaces_the_place() {
    let mut queue = PairingQueue::new();
    queue.join(waiter(1, C4_BLITZ, 1500.0, 0));
    // Now after Renju, from 10 s on.
    let renju = PairingSpec {
        kind: RENJU,
        clock: BLITZ,
    };
    queue.join(waiter(1, renju, 1500.0, 10_000));
    assert_eq!(queue.len(), 1);
    queue.join(waiter(2, C4_BLITZ, 1500.0, 10_000));
    assert!(
        queue.pair(10_000).is_empty(),
        "1 no longer wants Connect Four"
    );

    // The new time counts: 1 (1500) and 3 (1800) need 20 s of both, and
    // 1 has waited 20 s only at 30 s, not at 20 s as its first place had.
    queue.join(waiter(3, renju, 1800.0, 0));
    assert!(queue.pair(29_999).is_empty());
    assert_eq!(keys(&queue.pair(30_000)), vec![(key(3), key(1))]);
}

#[test]
fn leaving_takes_the_waiter_out() {
    let mut queue = PairingQueue::new();
    queue.join(waiter(1, C4_BLITZ, 1500.0, 0));
    queue.join(waiter(2, C4_BLITZ, 1500.0, 0));
    assert!(queue.leave(key(1)));
    assert!(!queue.leave(key(1)));
    assert!(!queue.contains(key(1)));
    assert_eq!(queue.len(), 1);
    assert!(queue.pair(1_000).is_empty());
    assert!(queue.leave(key(2)));
    assert!(queue.is_empty());
}

#[test]
fn ten_thousand_waiters_pair_in_one_round() {
    let mut queue = PairingQueue::new();
    let specs = [
        C4_BLITZ,
        PairingSpec {
            kind: RENJU,
            clock: RAPID,
        },
    ];
    for i in 0..10_000u32 {
        let mut bytes = [0; 32];
        bytes[..4].copy_from_slice(&i.to_be_bytes());
        queue.join(Waiter {
            key: PlayerKey(bytes),
            spec: specs[i as usize % 2],
            rating: 1000.0 + f64::from(i % 1000),
            since_ms: u64::from(i),
        });
    }
    let pairs = queue.pair(10_000);
    assert_eq!(pairs.len(), 5_000);
    assert!(queue.is_empty());
}

/// The rule as the module's doc states it, done the slow way.
fn reference(waiters: &[Waiter], now_ms: u64) -> Vec<(PlayerKey, PlayerKey)> {
    let mut order: Vec<&Waiter> = waiters.iter().collect();
    order.sort_by_key(|w| (w.since_ms, w.key));
    let waited = |w: &Waiter| window(now_ms - w.since_ms);
    let mut paired = std::collections::HashSet::new();
    let mut pairs = Vec::new();
    for a in &order {
        if paired.contains(&a.key) {
            continue;
        }
        let best = order
            .iter()
            .filter(|b| b.key != a.key && !paired.contains(&b.key) && b.spec == a.spec)
            .filter(|b| {
                let d = (a.rating - b.rating).abs();
                d <= waited(a) && d <= waited(b)
            })
            .min_by(|x, y| {
                let dx = (a.rating - x.rating).abs();
                let dy = (a.rating - y.rating).abs();
                dx.total_cmp(&dy)
                    .then((x.since_ms, x.key).cmp(&(y.since_ms, y.key)))
            });
        if let Some(b) = best {
            paired.insert(a.key);
            paired.insert(b.key);
            pairs.push((a.key, b.key));
        }
    }
    pairs
}

fn specs() -> [PairingSpec; 4] {
    [
        C4_BLITZ,
        PairingSpec {
            kind: C4,
            clock: RAPID,
        },
        PairingSpec {
            kind: RENJU,
            clock: BLITZ,
        },
        PairingSpec {
            kind: RENJU,
            clock: RAPID,
        },
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Random waiters: every key at most once, every pair of one spec and
    /// within both windows, the longer waiter first, nobody left who could
    /// pair with another left one, and the same pairs as the reference.
    #[test]
    fn pairing_follows_the_rule(
        people in prop::collection::vec((0..4usize, 0..60u32, 0..60_000u64), 0..40),
        later in 0..100_000u64,
    ) {
        let specs = specs();
        let waiters: Vec<Waiter> = people
            .iter()
            .enumerate()
            .map(|(n, &(spec, rating, since))| {
                // Ratings in steps of 10, so equal differences happen.
                waiter(n as u8, specs[spec], 1200.0 + 10.0 * f64::from(rating), since)
            })
            .collect();
        let now = waiters.iter().map(|w| w.since_ms).max().unwrap_or(0) + later;
        let mut queue = PairingQueue::new();
        for w in &waiters {
            queue.join(*w);
        }
        let pairs = queue.pair(now);

        let mut seen = std::collections::HashSet::new();
        for (a, b) in &pairs {
            prop_assert_ne!(a.key, b.key);
            prop_assert!(seen.insert(a.key) && seen.insert(b.key), "paired twice");
            prop_assert_eq!(a.spec, b.spec);
            let d = (a.rating - b.rating).abs();
            prop_assert!(d <= window(now - a.since_ms) && d <= window(now - b.since_ms));
            prop_assert!((a.since_ms, a.key) < (b.since_ms, b.key));
            prop_assert!(!queue.contains(a.key) && !queue.contains(b.key));
        }
        let left: Vec<&Waiter> = waiters.iter().filter(|w| !seen.contains(&w.key)).collect();
        prop_assert_eq!(queue.len(), left.len());
        for x in &left {
            prop_assert!(queue.contains(x.key));
            for y in &left {
                let d = (x.rating - y.rating).abs();
                let could = x.key != y.key
                    && x.spec == y.spec
                    && d <= window(now - x.since_ms)
                    && d <= window(now - y.since_ms);
                prop_assert!(!could, "{:?} and {:?} were left apart", x.key, y.key);
            }
        }
        prop_assert_eq!(keys(&pairs), reference(&waiters, now));
    }
}

fn spec(kind: GameKind, rated: bool, side: Option<Side>) -> SeekSpec {
    SeekSpec {
        kind,
        clock: BLITZ,
        rated,
        side,
    }
}

#[test]
fn a_new_seek_replaces_the_players_old_one() {
    let mut seeks = Seeks::new();
    assert!(seeks.is_empty());
    assert_eq!(seeks.open(key(1), spec(C4, true, None), SeekId(1), 0), None);
    let old = seeks.get(SeekId(1)).cloned();
    let replaced = seeks.open(key(1), spec(RENJU, false, Some(Side::First)), SeekId(2), 10);
    assert_eq!(replaced, old);
    assert_eq!(seeks.len(), 1);
    assert_eq!(seeks.get(SeekId(1)), None);
    assert_eq!(
        seeks.by(key(1)),
        Some(&Seek {
            id: SeekId(2),
            by: key(1),
            spec: spec(RENJU, false, Some(Side::First)),
            since_ms: 10,
        })
    );
}

#[test]
fn seeks_list_oldest_first() {
    let mut seeks = Seeks::new();
    seeks.open(key(3), spec(C4, true, None), SeekId(7), 300);
    seeks.open(key(1), spec(C4, true, None), SeekId(8), 100);
    seeks.open(key(2), spec(RENJU, true, None), SeekId(9), 200);
    let ids: Vec<SeekId> = seeks.iter().map(|s| s.id).collect();
    assert_eq!(ids, vec![SeekId(8), SeekId(9), SeekId(7)]);
}

#[test]
fn taking_a_seek_removes_it_and_ones_own_is_refused() {
    let mut seeks = Seeks::new();
    seeks.open(key(1), spec(C4, true, None), SeekId(1), 0);
    assert_eq!(seeks.take(SeekId(1), key(1)), Err(SeekError::OwnSeek));
    assert!(
        seeks.get(SeekId(1)).is_some(),
        "a refused take leaves it open"
    );

    let taken = seeks.take(SeekId(1), key(2)).expect("open seek");
    assert_eq!((taken.id, taken.by), (SeekId(1), key(1)));
    assert!(seeks.is_empty());
    assert_eq!(seeks.by(key(1)), None);
    assert_eq!(seeks.take(SeekId(1), key(3)), Err(SeekError::NoSuchSeek));
    assert_eq!(SeekError::NoSuchSeek.to_string(), "That seek is gone");
    assert_eq!(SeekError::OwnSeek.to_string(), "That is your own seek");
}

#[test]
fn cancelling_a_seek() {
    let mut seeks = Seeks::new();
    assert_eq!(seeks.cancel(key(1)), None);
    seeks.open(key(1), spec(C4, true, None), SeekId(1), 0);
    assert_eq!(seeks.cancel(key(1)).map(|s| s.id), Some(SeekId(1)));
    assert!(seeks.is_empty());
    assert_eq!(seeks.take(SeekId(1), key(2)), Err(SeekError::NoSuchSeek));
}

#[test]
fn a_rated_seek_without_a_pool_is_casual() {
    let mut seeks = Seeks::new();
    seeks.open(key(1), spec(gomoku_19(), true, None), SeekId(1), 0);
    assert!(!seeks.get(SeekId(1)).expect("open").spec.rated);
    let small = GameKind::ConnectFour {
        size: ConnectFourSize::new(8, 7).expect("a board size"),
    };
    seeks.open(key(2), spec(small, true, None), SeekId(2), 0);
    assert!(!seeks.get(SeekId(2)).expect("open").spec.rated);
    seeks.open(key(3), spec(RENJU, true, None), SeekId(3), 0);
    assert!(seeks.get(SeekId(3)).expect("open").spec.rated);
}

#[test]
fn a_reused_id_drops_the_seek_that_had_it() {
    let mut seeks = Seeks::new();
    seeks.open(key(1), spec(C4, true, None), SeekId(1), 0);
    assert_eq!(seeks.open(key(2), spec(C4, true, None), SeekId(1), 5), None);
    assert_eq!(seeks.len(), 1);
    assert_eq!(seeks.by(key(1)), None);
    assert_eq!(seeks.get(SeekId(1)).map(|s| s.by), Some(key(2)));
}
