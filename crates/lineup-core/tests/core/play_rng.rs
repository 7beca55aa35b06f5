//! The generator of play (`ai::PlayRng`): SplitMix64, so a seed replays a
//! game, a pairing or a soak run number for number.

use lineup_core::ai::PlayRng;

#[test]
fn it_is_splitmix64_and_a_seed_replays_it() {
    // SplitMix64's published first numbers from seed 0.
    let mut rng = PlayRng::new(0);
    assert_eq!(
        [rng.next_u64(), rng.next_u64(), rng.next_u64()],
        [
            0xe220_a839_7b1d_cdaf,
            0x6e78_9e6a_a1b9_65f4,
            0x06c4_5d18_8009_454f
        ]
    );
    let draws = |seed| {
        let mut rng = PlayRng::new(seed);
        (0..100).map(|_| rng.below(7)).collect::<Vec<_>>()
    };
    assert_eq!(draws(42), draws(42));
    assert_ne!(draws(42), draws(43));
    assert!(draws(42).iter().all(|&n| n < 7));
    let mut rng = PlayRng::new(5);
    assert_eq!(rng.pick::<u8>(&[]), None);
    assert_eq!(rng.pick(&[9]), Some(9));
    assert!((0..50).all(|_| !rng.percent(0) && rng.percent(100)));
}
