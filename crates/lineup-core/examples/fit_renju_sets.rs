//! Fits Renju's value of each set of four shapes at a point
//! (`src/ai/gomoku/renju_values.rs`) to self-play results, per colour and
//! role, by Texel's method as `tune_gomoku_eval fit` does for the twelve
//! shape and combination weights.
//!
//! ```sh
//! cargo run -p lineup-core --example fit_renju_sets -- LAMBDA GAMES.txt... \
//!     > crates/lineup-core/src/ai/gomoku/renju_values.rs
//! ```
//!
//! Why sets: a point's value was the sum of its four lines' shapes plus one
//! combination bonus, so two open twos and a three cost what the sum said.
//! A value per set (495 of them) lets the fit say what each mix is worth.
//! Why held towards the formula: with 1,980 values, the rare sets would be
//! fitted to noise; each value pays `LAMBDA` for its squared distance from
//! the formula's (in units of 10,000), so the sets seen often move and the
//! rare ones stay. Every tenth game is held out, and its error printed.
//!
//! GAMES are `tune_gomoku_eval games` files. The progress goes to stderr.

use lineup_core::ai::gomoku::board::Board;
use lineup_core::ai::gomoku::weights::{SETS, formula_values, set_index, set_shapes};

#[path = "texel/mod.rs"]
mod texel;

/// One position: each set's count for the side to move (positive) and the
/// side waiting (negative), by parameter, and the result for the side to
/// move (1 win, 0.5 draw, 0 loss).
struct Sample {
    terms: Vec<(u32, f32)>,
    result: f32,
}

/// Parameter of a colour's (0 Black) value of a set in a role, in the
/// order of `RENJU_SET_VALUE`.
fn param(colour: usize, role: usize, set: usize) -> usize {
    (colour * 2 + role) * SETS + set
}

fn sample(board: &Board, result: f32) -> Sample {
    let me = board.to_move();
    let mut terms = std::collections::BTreeMap::<u32, f32>::new();
    for (c, role, sign) in [(me, 0, 1.0f32), (1 - me, 1, -1.0)] {
        for &i in board.points() {
            let shapes = board.shapes(i, c);
            if board.is_empty(i) && shapes != [0; 4] {
                *terms
                    .entry(param(c, role, set_index(shapes)) as u32)
                    .or_default() += sign;
            }
        }
    }
    Sample {
        terms: terms.into_iter().collect(),
        result,
    }
}

/// The positions after the first eight stones that the search would take
/// statically, every tenth game's apart: (training, held out).
fn samples(files: &[String]) -> (Vec<Sample>, Vec<Sample>) {
    let (mut train, mut test) = (Vec::new(), Vec::new());
    texel::static_positions(files, |game, board, result| {
        let s = sample(board, result as f32);
        if game.is_multiple_of(10) {
            test.push(s)
        } else {
            train.push(s)
        }
    });
    (train, test)
}

fn eval(w: &[f64], s: &Sample) -> f64 {
    s.terms
        .iter()
        .map(|&(p, c)| w[p as usize] * f64::from(c))
        .sum()
}

fn loss(w: &[f64], k: f64, set: &[Sample]) -> f64 {
    let sum: f64 = set
        .iter()
        .map(|s| (1.0 / (1.0 + (-eval(w, s) / k).exp()) - f64::from(s.result)).powi(2))
        .sum();
    sum / set.len() as f64
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(lambda) = args.first().and_then(|a| a.parse::<f64>().ok()) else {
        eprintln!("usage: fit_renju_sets LAMBDA GAMES.txt... > renju_values.rs");
        std::process::exit(2)
    };
    let (train, test) = samples(&args[1..]);
    let mut prior = vec![0f64; 4 * SETS];
    for colour in 0..2 {
        for set in 0..SETS {
            let values = formula_values(set_shapes(set), colour == 0);
            for role in 0..2 {
                prior[param(colour, role, set)] = f64::from(values[role]);
            }
        }
    }
    // The curve's scale with the formula, then held.
    let k = texel::logistic_scale(|k| loss(&prior, k, &train));
    eprintln!(
        "{} positions, {} held out; scale {k:.0}; the formula: {:.5}, held out {:.5}",
        train.len(),
        test.len(),
        loss(&prior, k, &train),
        loss(&prior, k, &test)
    );
    let mut seen = vec![false; prior.len()];
    for s in &train {
        for &(p, _) in &s.terms {
            seen[p as usize] = true;
        }
    }
    // Adam, full batch, on the squared error plus the pull to the formula.
    let mut w = prior.clone();
    let (mut m, mut v) = (vec![0f64; w.len()], vec![0f64; w.len()]);
    let (b1, b2, rate) = (0.9f64, 0.999f64, 2.0f64);
    let n = train.len() as f64;
    for step in 1..=300 {
        let mut g = vec![0f64; w.len()];
        for s in &train {
            let p = 1.0 / (1.0 + (-eval(&w, s) / k).exp());
            let d = 2.0 * (p - f64::from(s.result)) * p * (1.0 - p) / k / n;
            for &(q, c) in &s.terms {
                g[q as usize] += d * f64::from(c);
            }
        }
        for i in (0..w.len()).filter(|&i| seen[i]) {
            g[i] += lambda * 2.0 * (w[i] - prior[i]) / 1e8;
            m[i] = b1 * m[i] + (1.0 - b1) * g[i];
            v[i] = b2 * v[i] + (1.0 - b2) * g[i] * g[i];
            let (mh, vh) = (m[i] / (1.0 - b1.powi(step)), v[i] / (1.0 - b2.powi(step)));
            w[i] = (w[i] - rate * mh / (vh.sqrt() + 1e-12)).clamp(-8000.0, 8000.0);
        }
        if step % 50 == 0 {
            eprintln!(
                "step {step}: {:.5}, held out {:.5}",
                loss(&w, k, &train),
                loss(&w, k, &test)
            );
        }
    }
    print_table(&w, lambda, train.len() + test.len());
}

/// The fitted values as `src/ai/gomoku/renju_values.rs`.
fn print_table(w: &[f64], lambda: f64, positions: usize) {
    println!("//! Renju's value of each set of four shapes at a point, for Black and for");
    println!("//! White, to the side to move and to the side waiting (`weights`).");
    println!("//!");
    println!("//! Written by `examples/fit_renju_sets.rs` (LAMBDA {lambda}) from {positions}");
    println!("//! self-play positions; fitted again, not edited by hand.");
    println!();
    println!("use super::weights::SETS;");
    println!();
    println!(
        "/// By colour (Black, White), role (to move, waiting) and set (`weights::set_index`)."
    );
    println!("#[rustfmt::skip]");
    println!("pub const RENJU_SET_VALUE: [[[i16; SETS]; 2]; 2] = [");
    for colour in 0..2 {
        println!("    [");
        for role in 0..2 {
            let row: Vec<String> = (0..SETS)
                .map(|set| (w[param(colour, role, set)].round() as i16).to_string())
                .collect();
            println!("        [");
            for chunk in row.chunks(16) {
                println!("            {},", chunk.join(", "));
            }
            println!("        ],");
        }
        println!("    ],");
    }
    println!("];");
}
