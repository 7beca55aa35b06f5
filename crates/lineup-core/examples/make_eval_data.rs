//! Self-play games for fitting the Gomoku evaluation: Master against
//! Master at node budgets drawn for each side and game (varied strength),
//! from the engine lab's balanced openings, each searched move written
//! with the search's score. `fit_eval` reads them.
//!
//! ```sh
//! cargo run --release -p lineup-core --example make_eval_data -- \
//!     renju|freestyle OUT.txt GAMES [--seed N] [--jobs N]
//! ```
//!
//! One game a line: Black's result (`1`, `0` a draw, `-1`), then the moves
//! in Gomocup's `x,y`, a move chosen by a search as `x,y:SCORE` (the
//! side to move's score before it, in the evaluation's units; beyond
//! ±999,000 a proven result). The opening's stones and the few random
//! moves after them carry no score.
//!
//! Deterministic and resumable: game `k` takes its opening, budgets and
//! random moves from the seed and `k` alone, the games are written in
//! their order whatever the number of jobs, and a run started again on
//! the same file plays on from the games already in it.

use lineup_core::ai::gomoku::GomokuEngine;
use lineup_core::ai::{Level, PlayRng};
use lineup_core::gomocup::openings::{self, Form};
use lineup_core::gomocup::wire;
use lineup_core::rules::gomoku::Move;
use lineup_core::rules::{Gomoku, Point, RuleSet, Rules, Side};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// The node budgets a side may get in a game: from a few plies' search to
/// a tenth of a second's.
const BUDGETS: [u64; 5] = [1_500, 3_000, 6_000, 12_000, 24_000];
/// At most this many random moves (Beginner's) after the opening.
const RANDOM_MOVES: usize = 2;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str, default: u64| -> u64 {
        args.iter()
            .position(|a| a == flag)
            .and_then(|n| args.get(n + 1)?.parse().ok())
            .unwrap_or(default)
    };
    let seed = value("--seed", 1);
    let jobs = value("--jobs", 2).max(1) as usize;
    let positional: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|&(n, a)| !a.starts_with("--") && (n == 0 || !args[n - 1].starts_with("--")))
        .map(|(_, a)| a)
        .collect();
    let [rule, out, games] = positional[..] else {
        eprintln!("usage: make_eval_data renju|freestyle OUT.txt GAMES [--seed N] [--jobs N]");
        std::process::exit(2);
    };
    let rule = match rule.as_str() {
        "renju" => RuleSet::Renju,
        "freestyle" => RuleSet::Freestyle,
        other => panic!("unknown rule {other}"),
    };
    let games: usize = games.parse().expect("GAMES is a number");
    let book = format!(
        "{}/tests/data/gomoku/lab_{}.txt",
        env!("CARGO_MANIFEST_DIR"),
        if rule == RuleSet::Renju {
            "renju"
        } else {
            "freestyle"
        }
    );
    let text = std::fs::read_to_string(&book).unwrap_or_else(|e| panic!("{book}: {e}"));
    let book = openings::parse(&text, Form::Absolute, 15).expect("the lab's openings");
    let done = std::fs::read_to_string(out)
        .map(|t| t.lines().filter(|l| !l.starts_with('#')).count())
        .unwrap_or(0);
    if done > 0 {
        eprintln!("{out}: {done} games already, playing on");
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .unwrap_or_else(|e| panic!("{out}: {e}"));
    let next = AtomicUsize::new(done);
    let (send, played) = mpsc::channel::<(usize, String)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let (send, next, book) = (send.clone(), &next, &book);
            scope.spawn(move || {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= games {
                        break;
                    }
                    if send.send((k, play(rule, book, seed, k))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        // Written in their order: a game that finished early waits here.
        let mut waiting = BTreeMap::new();
        let mut due = done;
        for (k, line) in played {
            waiting.insert(k, line);
            while let Some(line) = waiting.remove(&due) {
                writeln!(file, "{line}").expect("the data file");
                due += 1;
                if due % 100 == 0 {
                    eprint!("\r{due} games");
                }
            }
        }
    });
    eprintln!();
}

/// Game `k` of the seed's series, as its line.
fn play(rule: RuleSet, book: &[Vec<Point>], seed: u64, k: usize) -> String {
    let mut rng = PlayRng::new(seed.wrapping_mul(0x1_0000_0001) ^ k as u64);
    let opening = &book[rng.below(book.len())];
    let budgets = [0, 1].map(|_| BUDGETS[rng.below(BUDGETS.len())]);
    let random = rng.below(RANDOM_MOVES + 1);
    let mut game = Gomoku::standard(rule);
    let mut words = Vec::new();
    for &p in opening {
        game.play(Move::Stone(p)).expect("a book opening is legal");
        words.push(point(p));
    }
    let mut engines = [GomokuEngine::new(), GomokuEngine::new()];
    for (engine, budget) in engines.iter_mut().zip(budgets) {
        engine.set_node_limit(Some(budget));
    }
    let stop = AtomicBool::new(false);
    let far = Duration::from_secs(3600);
    let mut made = 0;
    let result = loop {
        let side = game.to_move();
        let engine = &mut engines[side.index()];
        let level = if made < random {
            Level::Beginner
        } else {
            Level::Master
        };
        let Some(mv) = engine.choose(&game, level, &mut rng, &stop, far) else {
            break 0; // no move at all: a draw
        };
        made += 1;
        let word = match mv {
            Move::Stone(p) => point(p),
            Move::Pass => "-1,-1".to_string(),
        };
        words.push(match engine.last_score {
            Some(score) if level == Level::Master => format!("{word}:{score}"),
            _ => word,
        });
        match game.play(mv) {
            Ok(Some(outcome)) => match outcome.winner() {
                Some(Side::First) => break 1,
                Some(Side::Second) => break -1,
                None => break 0,
            },
            Ok(None) => {}
            Err(e) => panic!("game {k}: {mv:?} refused: {e}"),
        }
    };
    format!("{result} {}", words.join(" "))
}

fn point(p: Point) -> String {
    let (x, y) = wire::coordinates(p, 15);
    format!("{x},{y}")
}
