//! Tunes the Gomoku engine's static evaluation on self-play results
//! (Texel's method): the evaluation of a position, through a logistic
//! curve, should predict who wins the game from it.
//!
//! ```sh
//! # N self-play games under Renju, Master against Master at MS a move,
//! # each from an opening of the repo's list plus four plies of Beginner
//! # (for variety), one game a line: result, then the moves.
//! cargo run -p lineup-core --example tune_gomoku_eval -- games N MS OUT.txt [SEED]
//! # The weights that best predict those results, printed as the
//! # constants of `src/ai/gomoku/weights.rs`.
//! cargo run -p lineup-core --example tune_gomoku_eval -- fit GAMES.txt...
//! ```
//!
//! Why this shape: the evaluation is linear in its weights (each point's
//! shapes and combinations, counted per colour), so the fit is a logistic
//! regression over those counts; the scale of the curve is fitted first
//! with the current weights and then held, so the new weights keep the
//! units the search's other constants are written in.

use lineup_core::ai::gomoku::GomokuEngine;
use lineup_core::ai::gomoku::board::Board;
use lineup_core::ai::gomoku::weights::{FEATURES, TO_MOVE, WAITING, features, weights};
use lineup_core::ai::{Level, PlayRng};
use lineup_core::gomocup::openings::{Form, parse};
use lineup_core::rules::gomoku::Move;
use lineup_core::rules::{Gomoku, RuleSet, Rules, Side};
use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

#[path = "texel/mod.rs"]
mod texel;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("games") if args.len() >= 4 => games(
            args[1].parse().expect("N"),
            args[2].parse().expect("MS"),
            &args[3],
            args.get(4).map_or(1, |s| s.parse().expect("SEED")),
        ),
        Some("fit") if args.len() >= 2 => fit(&args[1..]),
        _ => {
            eprintln!(
                "usage: tune_gomoku_eval games N MS OUT.txt [SEED]\n       tune_gomoku_eval fit GAMES.txt..."
            );
            std::process::exit(2)
        }
    }
}

fn games(count: usize, ms: u64, out: &str, seed: u64) {
    let path = format!(
        "{}/tests/data/gomoku/openings_renju.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the openings");
    let openings = parse(&text, Form::Absolute, 15).expect("openings");
    let mut rng = PlayRng::new(seed);
    let stop = AtomicBool::new(false);
    let time = Duration::from_millis(ms);
    let mut lines = String::new();
    for n in 0..count {
        let mut game = Gomoku::standard(RuleSet::Renju);
        for &p in &openings[n % openings.len()] {
            game.play(Move::Stone(p)).expect("an opening move");
        }
        let mut engine = GomokuEngine::new();
        let mut moves = Vec::new();
        let winner = loop {
            let level = if moves.len() < 4 {
                Level::Beginner
            } else {
                Level::Master
            };
            let Some(mv) = engine.choose(&game, level, &mut rng, &stop, time) else {
                break None;
            };
            moves.push(mv);
            match game.play(mv) {
                Ok(Some(outcome)) => break Some(outcome.winner()),
                Ok(None) => {}
                Err(e) => panic!("{mv:?}: {e}"),
            }
        };
        let result = match winner.flatten() {
            Some(Side::First) => 1,
            Some(Side::Second) => -1,
            None => 0,
        };
        let mut line = format!("{result}");
        for p in openings[n % openings.len()].iter().copied() {
            write!(line, " {},{}", p.x, p.y).unwrap();
        }
        for mv in &moves {
            match mv {
                Move::Stone(p) => write!(line, " {},{}", p.x, p.y).unwrap(),
                Move::Pass => line.push_str(" pass"),
            }
        }
        lines.push_str(&line);
        lines.push('\n');
        if (n + 1) % 20 == 0 {
            std::fs::write(out, &lines).expect("the games written");
            println!("{} games", n + 1);
        }
    }
    std::fs::write(out, &lines).expect("the games written");
}

/// One position: the side to move's counts, the opponent's, and the
/// result for the side to move (1 win, 0.5 draw, 0 loss).
struct Sample {
    me: [f64; FEATURES],
    them: [f64; FEATURES],
    result: f64,
}

fn counts(board: &Board, c: usize) -> [f64; FEATURES] {
    features(board, c).map(f64::from)
}

/// The positions of the games (after their first eight stones) that the
/// search would evaluate statically, with the game's result.
fn samples(files: &[String]) -> Vec<Sample> {
    let mut out = Vec::new();
    texel::static_positions(files, |_, board, result| {
        let me = board.to_move();
        out.push(Sample {
            me: counts(board, me),
            them: counts(board, 1 - me),
            result,
        });
    });
    out
}

/// Weights for the side to move's counts, then for the opponent's.
type Weights = [f64; 2 * FEATURES];

fn eval(w: &Weights, s: &Sample) -> f64 {
    let dot = |f: &[f64; FEATURES], w: &[f64]| f.iter().zip(w).map(|(a, b)| a * b).sum::<f64>();
    dot(&s.me, &w[..FEATURES]) - dot(&s.them, &w[FEATURES..])
}

fn loss(w: &Weights, k: f64, samples: &[Sample]) -> f64 {
    samples
        .iter()
        .map(|s| {
            let p = 1.0 / (1.0 + (-eval(w, s) / k).exp());
            (p - s.result).powi(2)
        })
        .sum::<f64>()
        / samples.len() as f64
}

fn current() -> Weights {
    let mut w = [0.0; 2 * FEATURES];
    for (role, base) in [(TO_MOVE, 0), (WAITING, FEATURES)] {
        for (k, v) in weights(role).iter().enumerate() {
            w[base + k] = f64::from(*v);
        }
    }
    w
}

fn fit(files: &[String]) {
    let samples = samples(files);
    let start = current();
    // The curve's scale with today's weights.
    let k = texel::logistic_scale(|k| loss(&start, k, &samples));
    println!(
        "{} positions; scale {k:.0}; loss with today's weights {:.5}",
        samples.len(),
        loss(&start, k, &samples)
    );
    // Coordinate descent: each weight in turn moved by a shrinking step
    // while that lowers the loss; weights stay at least 0.
    let mut w = start;
    let mut best = loss(&w, k, &samples);
    let mut step = 0.25;
    while step > 0.01 {
        let mut improved = false;
        for i in 0..2 * FEATURES {
            for sign in [1.0, -1.0] {
                loop {
                    let mut t = w;
                    t[i] = (w[i] + sign * step * w[i].abs().max(4.0)).max(0.0);
                    let l = loss(&t, k, &samples);
                    if l < best - 1e-9 {
                        w = t;
                        best = l;
                        improved = true;
                    } else {
                        break;
                    }
                }
            }
        }
        if !improved {
            step /= 2.0;
        }
        println!("step {step:.3}: loss {best:.5}");
    }
    let names = [
        "two",
        "open two",
        "three",
        "open three",
        "four",
        "open four",
        "five",
        "double four",
        "four-three",
        "double three",
        "four + builder",
        "three + builder",
    ];
    println!("                 to move   (today)   waiting   (today)");
    for (i, name) in names.iter().enumerate() {
        println!(
            "{name:16} {:8.1}  ({:6.1})  {:8.1}  ({:6.1})",
            w[i],
            start[i],
            w[FEATURES + i],
            start[FEATURES + i]
        );
    }
    // As the constants of `src/ai/gomoku/weights.rs`.
    let list = |range: std::ops::Range<usize>| {
        let v: Vec<String> = range.map(|i| (w[i].round() as i32).to_string()).collect();
        v.join(", ")
    };
    println!(
        "SHAPE_VALUE = [[0, {}, 0], [0, {}, 0]]",
        list(0..7),
        list(FEATURES..FEATURES + 7)
    );
    println!(
        "COMBINATION_VALUE = [[{}], [{}]]",
        list(7..FEATURES),
        list(FEATURES + 7..2 * FEATURES)
    );
}
