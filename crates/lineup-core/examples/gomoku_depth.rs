//! How deep and how fast the Gomoku engine searches: Master on each opening
//! of a list for a fixed time, printing the depth completed and the nodes a
//! second (mean and per position). A measuring tool for engine changes,
//! beside `gomoku_match`, which measures strength.
//!
//! ```sh
//! cargo run -p lineup-core --example gomoku_depth -- [MS] [OPENINGS FILE] [--offset] [--threads N]
//! cargo run -p lineup-core --example gomoku_depth -- 1000 --engine /path/to/pbrain-rapfi
//! cargo run --release -p lineup-core --example gomoku_depth -- --nodes 800000 [--engine ...]
//! ```
//!
//! MS defaults to 850 (what pbrain-lineup took of a 1 s turn until it kept
//! less back; it now takes 940 ms, what BENCHMARKS.md measures at); the list to
//! the core's `tests/data/gomoku/openings_renju.txt`, played under Renju;
//! the threads to one (the depth shown is the deepest any thread completed).
//!
//! With `--engine COMMAND` (program and arguments, split at spaces), the
//! same positions go to a Gomocup engine instead, MS being its turn time,
//! one thread, and the figures are the ones it reports itself in its last
//! `MESSAGE` line of each move: Rapfi's `Speed 725K | Depth 17-28 | ...`
//! gives the depth completed (17) and its nodes a second. The figures beside
//! Rapfi's in BENCHMARKS.md come from here.
//!
//! With `--nodes N` each move stops after N nodes instead (`INFO max_node`
//! for an engine, a turn of a minute that is never reached): the depth a
//! budget buys is the same on any machine, and only the speed is the
//! machine's. The engine lab's bench (docs/gomocup.md). `--lab NAME=VALUE`
//! (repeatable) changes one of Master's pruning settings first, as
//! `pbrain-lineup`'s `INFO lab_NAME VALUE` does.

use lineup_core::ai::gomoku::GomokuEngine;
use lineup_core::ai::{Level, PlayRng};
use lineup_core::gomocup::arena::Entrant;
use lineup_core::gomocup::client::{Client, TimeControl};
use lineup_core::gomocup::openings::{self, Form};
use lineup_core::gomocup::seat::stones;
use lineup_core::rules::gomoku::Move;
use lineup_core::rules::{Game, Gomoku, Point, RuleSet, Side};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

fn main() {
    let all: Vec<String> = std::env::args().skip(1).collect();
    let threads: usize = all
        .iter()
        .position(|a| a == "--threads")
        .and_then(|n| all.get(n + 1)?.parse().ok())
        .unwrap_or(1);
    let offset = all.iter().any(|a| a == "--offset");
    let budget: Option<u64> = all.iter().position(|a| a == "--nodes").map(|n| {
        all.get(n + 1)
            .and_then(|v| v.parse().ok())
            .expect("--nodes needs a count")
    });
    let engine = all
        .iter()
        .position(|a| a == "--engine")
        .map(|n| all.get(n + 1).expect("--engine needs a command"))
        .map(|c| Entrant::from_command_line(c).expect("--engine needs a command"));
    let lab: Vec<(String, i32)> = all
        .iter()
        .enumerate()
        .filter(|&(n, _)| n > 0 && all[n - 1] == "--lab")
        .map(|(_, setting)| {
            let (name, value) = setting.split_once('=').expect("--lab NAME=VALUE");
            (name.to_string(), value.parse().expect("--lab NAME=VALUE"))
        })
        .collect();
    // The positional arguments: whatever is not a flag or a flag's value.
    let valued = ["--threads", "--engine", "--nodes", "--lab"];
    let args: Vec<String> = all
        .iter()
        .enumerate()
        .filter(|&(n, a)| {
            !a.starts_with("--") && (n == 0 || !valued.contains(&all[n - 1].as_str()))
        })
        .map(|(_, a)| a.clone())
        .collect();
    let ms: u64 = match budget {
        Some(_) => 60_000,
        None => args.first().and_then(|a| a.parse().ok()).unwrap_or(850),
    };
    let args = if budget.is_some() {
        &args[..]
    } else {
        args.get(1..).unwrap_or(&[])
    };
    let path = args.first().cloned().unwrap_or(format!(
        "{}/tests/data/gomoku/openings_renju.txt",
        env!("CARGO_MANIFEST_DIR")
    ));
    let form = if offset { Form::Offset } else { Form::Absolute };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let list = openings::parse(&text, form, 15).unwrap_or_else(|e| panic!("{path}: {e}"));
    if let Some(engine) = engine {
        return measure_engine(&engine, &list, ms, budget);
    }
    let (mut depths, mut nodes, mut secs) = (0, 0u64, 0.0);
    for (n, opening) in list.iter().enumerate() {
        let game = Game::from_moves(
            Gomoku::standard(RuleSet::Renju),
            opening.iter().map(|&p| p.into()),
        )
        .unwrap_or_else(|(i, e)| panic!("opening {}, move {}: {e}", n + 1, i + 1));
        let position = game.position();
        let mut engine = GomokuEngine::new();
        engine.set_threads(threads);
        engine.set_node_limit(budget);
        for (name, value) in &lab {
            engine
                .set_pruning(name, *value)
                .unwrap_or_else(|e| panic!("--lab {name}: {e}"));
        }
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let mv = engine.choose_move(
            position,
            Level::Master,
            &mut PlayRng::new(1),
            &stop,
            Duration::from_millis(ms),
        );
        let took = start.elapsed().as_secs_f64();
        println!(
            "{:>3}: depth {:>2}, {:>8} nodes, {:>5.0} k/s, move {}",
            n + 1,
            engine.last_depth,
            engine.last_nodes,
            engine.last_nodes as f64 / took / 1000.0,
            mv.map_or("-".into(), |p| p.to_string())
        );
        depths += engine.last_depth;
        nodes += engine.last_nodes;
        secs += took;
    }
    println!(
        "mean depth {:.2}, {:.0} k nodes/s over {} positions",
        depths as f64 / list.len() as f64,
        nodes as f64 / secs / 1000.0,
        list.len()
    );
}

/// The engine's own depth and speed on each opening (see the top).
fn measure_engine(engine: &Entrant, list: &[Vec<Point>], ms: u64, budget: Option<u64>) {
    let time = TimeControl {
        turn: Duration::from_millis(ms),
        game: None,
    };
    let (mut depths, mut speeds, mut counted) = (0u64, 0.0, 0usize);
    for (n, opening) in list.iter().enumerate() {
        // A fresh process a position: nothing learnt on one helps the next.
        let mut client = Client::start(engine.command(), 15, RuleSet::Renju, time)
            .unwrap_or_else(|e| panic!("{}: {e}", engine.name));
        client.info("thread_num 1").expect("the engine takes INFO");
        if let Some(n) = budget {
            client
                .info(&format!("max_node {n}"))
                .expect("the engine takes INFO");
        }
        let history: Vec<Move> = opening.iter().map(|&p| Move::Stone(p)).collect();
        let answer = client.board(&stones(&history), Side::of_ply(history.len()));
        let report = client
            .take_messages()
            .into_iter()
            .rev()
            .find_map(|line| Some((figure(&line, "Depth")?, figure(&line, "Speed")?)));
        client.end();
        match (answer, report) {
            (Ok(mv), Some((depth, speed))) => {
                println!(
                    "{:>3}: depth {depth:>2}, {:>5.0} k/s, move {mv}",
                    n + 1,
                    speed / 1e3
                );
                depths += depth as u64;
                speeds += speed;
                counted += 1;
            }
            (Ok(mv), None) => println!("{:>3}: move {mv}, no depth and speed reported", n + 1),
            (Err(e), _) => println!("{:>3}: {e}", n + 1),
        }
    }
    println!(
        "{}: mean depth {:.2}, {:.0} k nodes/s over {counted} positions",
        engine.name,
        depths as f64 / counted.max(1) as f64,
        speeds / counted.max(1) as f64 / 1e3,
    );
}

/// The number after `key` in a `MESSAGE` line such as Rapfi's `Speed 725K
/// | Depth 17-28`: its leading digits, times a thousand for `K` and a
/// million for `M`.
fn figure(line: &str, key: &str) -> Option<f64> {
    let mut words = line.split_whitespace();
    words.find(|w| w.eq_ignore_ascii_case(key))?;
    let word = words.next()?;
    let digits: String = word.chars().take_while(|c| c.is_ascii_digit()).collect();
    let scale = match word[digits.len()..].chars().next() {
        Some('K' | 'k') => 1e3,
        Some('M' | 'm') => 1e6,
        _ => 1.0,
    };
    Some(digits.parse::<f64>().ok()? * scale)
}
