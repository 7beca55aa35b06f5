//! The SPRT over game pairs: its bounds, its ratio on a worked example,
//! and, on simulated matches of a known strength, that it decides each
//! way with no more than the errors it promises.

use lineup_core::ai::PlayRng;
use lineup_core::gomocup::sprt::{GameScore, Pentanomial, Sprt, Verdict, score_of};

#[test]
fn the_bounds_at_five_percent_each_way_are_plus_and_minus_2_94() {
    let (lower, upper) = Sprt::new(0.0, 5.0).bounds();
    assert!((lower + 2.944).abs() < 1e-3, "{lower}");
    assert!((upper - 2.944).abs() < 1e-3, "{upper}");
}

/// Ten pairs, [1, 2, 4, 2, 1]: a mean of ½, a variance of 0.075 between
/// pairs. Against [0, 10] the ratio leans to H0 by
/// 10 · 0.014387 · (1 − 0.5 − 0.514387) / 0.15 = −0.0138.
#[test]
fn the_ratio_of_a_worked_example() {
    let pairs = Pentanomial {
        pairs: [1, 2, 4, 2, 1],
    };
    let llr = Sprt::new(0.0, 10.0).llr(&pairs);
    assert!((llr + 0.0138).abs() < 1e-4, "{llr}");
    assert_eq!(pairs.elo().map(|(elo, _)| elo.round()), Some(0.0));
    assert_eq!(Sprt::new(0.0, 10.0).verdict(&pairs), Verdict::Undecided);
    // Every pair alike tells nothing either way.
    let alike = Pentanomial {
        pairs: [0, 0, 40, 0, 0],
    };
    assert_eq!(Sprt::new(0.0, 10.0).llr(&alike), 0.0);
}

#[test]
fn a_pair_is_counted_by_its_points() {
    let mut pairs = Pentanomial::default();
    pairs.add(GameScore::Win, GameScore::Loss);
    pairs.add(GameScore::Win, GameScore::Draw);
    pairs.add(GameScore::Draw, GameScore::Loss);
    pairs.add(GameScore::Win, GameScore::Win);
    assert_eq!(pairs.pairs, [0, 1, 1, 1, 1]);
    assert_eq!(pairs.to_string().split(',').next(), Some("pairs [0"));
}

/// A game of A against B when A is `elo` stronger: a draw 30% of the time,
/// else a win or a loss with the expected score `score_of(elo)`.
fn game(dice: &mut PlayRng, elo: f64) -> GameScore {
    let draw = 0.3;
    let win = score_of(elo) - draw / 2.0;
    let roll = dice.below(1_000_000) as f64 / 1_000_000.0;
    if roll < win {
        GameScore::Win
    } else if roll < win + draw {
        GameScore::Draw
    } else {
        GameScore::Loss
    }
}

/// How many of `runs` tests at a true strength of `elo` pass.
fn passes(test: Sprt, elo: f64, runs: u32, seed: u64) -> u32 {
    let mut dice = PlayRng::new(seed);
    let mut passed = 0;
    for _ in 0..runs {
        let mut pairs = Pentanomial::default();
        let verdict = loop {
            pairs.add(game(&mut dice, elo), game(&mut dice, elo));
            match test.verdict(&pairs) {
                Verdict::Undecided if pairs.len() < 100_000 => {}
                decided => break decided,
            }
        };
        if verdict == Verdict::Passed {
            passed += 1;
        }
    }
    passed
}

/// At 5% risk each way: a change as strong as H0 passes at most about 5%
/// of the time, one as strong as H1 fails about 5%; a much stronger one
/// always passes, a weaker one never. 200 tests each (the bounds allow for
/// the sampling: 5% of 200 is 10 ± 6).
#[test]
fn the_test_errs_no_more_often_than_it_promises() {
    let test = Sprt::new(0.0, 30.0);
    assert!(passes(test, 0.0, 200, 1) <= 20);
    assert!(passes(test, 30.0, 200, 2) >= 180);
    assert_eq!(passes(test, 100.0, 50, 3), 50);
    assert_eq!(passes(test, -50.0, 50, 4), 0);
}
