//! The engine lab's opening books: random legal openings of 3 to 6 stones
//! near the centre, each kept when a deep search of Lineup's Master scores
//! it near even for the side to move, none the same as another under the
//! board's eight symmetries.
//!
//! ```sh
//! cargo run --release -p lineup-core --example make_lab_openings -- \
//!     renju|freestyle COUNT [--seed N] [--nodes N] [--within SCORE] [--screen N] [--jobs N] > BOOK.txt
//! ```
//!
//! `--screen N` searches each candidate at N nodes first and drops it
//! unsearched when that scores it beyond three times `--within`: under
//! freestyle nine in ten random openings are far from even, and the short
//! search spares most of the deep ones (0, the default: every candidate
//! gets the deep search).
//!
//! Defaults: seed 1, 200,000 nodes a search, kept within ±120 (a fifth of
//! the evaluation's logistic scale, 651: a side to move expected to score
//! 45% to 55%), two searches at once. The books in `tests/data/gomoku/`
//! name the command that made them on their first lines.
//!
//! Why random and searched, not taken from play: a match of two builds
//! that are nearly alike needs thousands of different starts, or pairs of
//! games repeat move for move (a search at a node budget is
//! deterministic); and a start already lost for one side teaches nothing,
//! since both builds win it from the good side (a pair of 1 and 1).
//!
//! Deterministic: the candidates come from the seed in one stream, each is
//! searched by a fresh engine at a node budget (no clock), and they are
//! kept in the order drawn, however many run at once.

use lineup_core::ai::gomoku::GomokuEngine;
use lineup_core::ai::gomoku::board::Board;
use lineup_core::ai::{Level, PlayRng};
use lineup_core::gomocup::wire;
use lineup_core::rules::gomoku::Move;
use lineup_core::rules::symmetry::Symmetry;
use lineup_core::rules::{Gomoku, Point, RuleSet, Rules};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const SIZE: u8 = 15;
/// Stones are drawn within this many points of the centre (a 7×7 square),
/// each after the first next to one already down (within two points).
const SPREAD: i32 = 3;

struct Options {
    rule: RuleSet,
    count: usize,
    seed: u64,
    nodes: u64,
    within: i32,
    screen: u64,
    jobs: usize,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut positional = Vec::new();
    let mut options = Options {
        rule: RuleSet::Renju,
        count: 0,
        seed: 1,
        nodes: 200_000,
        within: 120,
        screen: 0,
        jobs: 2,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut number = || -> Result<u64, String> {
            args.next()
                .and_then(|v| v.parse().ok())
                .ok_or(format!("{arg} needs a number"))
        };
        match arg.as_str() {
            "--seed" => options.seed = number()?,
            "--nodes" => options.nodes = number()?,
            "--within" => options.within = number()? as i32,
            "--screen" => options.screen = number()?,
            "--jobs" => options.jobs = number()?.max(1) as usize,
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            word => positional.push(word.to_string()),
        }
    }
    let [rule, count] = <[String; 2]>::try_from(positional).map_err(|_| "give RULE COUNT")?;
    options.rule = match rule.as_str() {
        "renju" => RuleSet::Renju,
        "freestyle" => RuleSet::Freestyle,
        other => return Err(format!("unknown rule {other}")),
    };
    options.count = count.parse().map_err(|_| "COUNT is a number")?;
    Ok(options)
}

/// A random opening: legal, with no five and no four on the board (each
/// side to move then starts a real game), or `None` when the draw failed.
fn draw(rule: RuleSet, rng: &mut PlayRng) -> Option<Vec<Point>> {
    let stones = 3 + rng.below(4);
    let mid = i32::from(SIZE / 2);
    let mut game = Gomoku::standard(rule);
    let mut placed: Vec<Point> = Vec::new();
    for _ in 0..stones {
        let free: Vec<Point> = (mid - SPREAD..=mid + SPREAD)
            .flat_map(|y| (mid - SPREAD..=mid + SPREAD).map(move |x| (x, y)))
            .map(|(x, y)| Point::new(x as u8, y as u8))
            .filter(|p| game.at(*p).is_none())
            .filter(|p| {
                placed.is_empty()
                    || placed.iter().any(|q| {
                        (i32::from(p.x) - i32::from(q.x)).abs() <= 2
                            && (i32::from(p.y) - i32::from(q.y)).abs() <= 2
                    })
            })
            .collect();
        let p = rng.pick(&free)?;
        match game.play(Move::Stone(p)) {
            Ok(None) => placed.push(p),
            _ => return None, // a foul, or a game already over
        }
    }
    let board = Board::from_position(&game);
    let quiet = board.five_points(0, 1).is_empty() && board.five_points(1, 1).is_empty();
    quiet.then_some(placed)
}

/// What Master makes of the opening for the side to move, at the budget.
fn score(rule: RuleSet, opening: &[Point], nodes: u64) -> Option<i32> {
    let mut game = Gomoku::standard(rule);
    for &p in opening {
        game.play(Move::Stone(p)).ok()?;
    }
    let mut engine = GomokuEngine::new();
    engine.set_node_limit(Some(nodes));
    let stop = AtomicBool::new(false);
    engine.choose_move(
        &game,
        Level::Master,
        &mut PlayRng::new(0),
        &stop,
        Duration::from_secs(3600),
    )?;
    engine.last_score
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = parse(&args).unwrap_or_else(|e| {
        eprintln!("make_lab_openings: {e} (see the top of examples/make_lab_openings.rs)");
        std::process::exit(2);
    });
    let salt = match options.rule {
        RuleSet::Renju => 0x7e57,
        _ => 0xf7ee,
    };
    let mut rng = PlayRng::new(options.seed ^ salt);
    let mut seen = HashSet::new();
    let mut kept: Vec<Vec<Point>> = Vec::new();
    let mut searched = 0usize;
    let mut balance = [0usize; 2];
    while kept.len() < options.count {
        // A batch drawn in order, searched on the jobs, kept in order.
        let mut batch = Vec::new();
        while batch.len() < 8 * options.jobs {
            if let Some(opening) = draw(options.rule, &mut rng)
                && seen.insert(Symmetry::least_image(&opening, SIZE))
            {
                batch.push(opening);
            }
        }
        let scores: Vec<Option<i32>> = std::thread::scope(|scope| {
            let chunks: Vec<_> = batch
                .chunks(batch.len().div_ceil(options.jobs))
                .map(|chunk| {
                    let (rule, nodes, screen) = (options.rule, options.nodes, options.screen);
                    let near = 3 * options.within;
                    scope.spawn(move || {
                        chunk
                            .iter()
                            .map(|o| {
                                let passes = screen == 0
                                    || score(rule, o, screen).is_some_and(|s| s.abs() <= near);
                                if passes { score(rule, o, nodes) } else { None }
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            chunks
                .into_iter()
                .flat_map(|c| c.join().expect("a search thread"))
                .collect()
        });
        for (opening, score) in batch.into_iter().zip(scores) {
            searched += 1;
            if kept.len() < options.count
                && let Some(s) = score
                && s.abs() <= options.within
            {
                balance[opening.len() % 2] += 1;
                kept.push(opening);
            }
        }
        eprint!("\r{} kept of {searched} searched", kept.len());
    }
    eprintln!();
    let rule = match options.rule {
        RuleSet::Renju => "renju",
        _ => "freestyle",
    };
    println!(
        "# Lineup's engine-lab openings, {rule}: {} of {searched} random openings of 3 to 6 stones",
        kept.len()
    );
    println!(
        "# within {SPREAD} of the centre, kept where Master at {} nodes scored the side to move",
        options.nodes
    );
    println!(
        "# within ±{} ({} with Black to move, {} with White). Made by:",
        options.within, balance[0], balance[1]
    );
    let screen = match options.screen {
        0 => String::new(),
        n => format!(" --screen {n}"),
    };
    println!(
        "# cargo run --release -p lineup-core --example make_lab_openings -- {rule} {} --seed {} --nodes {} --within {}{screen}",
        options.count, options.seed, options.nodes, options.within
    );
    for opening in kept {
        let line: Vec<String> = opening
            .iter()
            .map(|&p| {
                let (x, y) = wire::coordinates(p, SIZE);
                format!("{x},{y}")
            })
            .collect();
        println!("{}", line.join(" "));
    }
}
