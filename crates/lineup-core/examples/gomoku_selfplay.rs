//! Self-play between adjacent Gomoku levels over the opening files, for
//! measuring the levels: wins of each side and the time per move.
//!
//! ```sh
//! cargo run -p lineup-core --profile dev --example gomoku_selfplay -- [RULE] [MS] [OPENINGS] [LEVELS]
//! ```
//!
//! RULE is `freestyle` (default), `exact` or `renju` (the freestyle openings
//! serve freestyle and exact five); MS the time per move given to both
//! engines (default 300); OPENINGS how many openings (default 10, each
//! played twice with colours swapped); LEVELS a comma list of level pairs
//! such as `0-1,1-2` (0 = Beginner .. 4 = Master; default all adjacent).

use lineup_core::ai::gomoku::GomokuEngine;
use lineup_core::ai::{Level, PlayRng};
use lineup_core::rules::gomoku::Move;
use lineup_core::rules::{Gomoku, Point, RuleSet, Rules, Side};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

fn openings(rule: RuleSet) -> Vec<Vec<Point>> {
    let file = match rule {
        RuleSet::Renju => "openings_renju.txt",
        _ => "openings_freestyle.txt",
    };
    let path = format!("{}/tests/data/gomoku/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    lineup_core::gomocup::openings::parse(&text, lineup_core::gomocup::openings::Form::Absolute, 15)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Plays one game; returns the winner (`None`: a draw) and adds each
/// level's moves, time and completed search depths to `spent`.
fn play(
    opening: &[Point],
    rule: RuleSet,
    black: Level,
    white: Level,
    time: Duration,
    seed: u64,
    spent: &mut [(u32, Duration, u32); 5],
) -> Option<Side> {
    let mut board = Gomoku::standard(rule);
    for &p in opening {
        if board.play(Move::Stone(p)).is_err() {
            return None;
        }
    }
    let mut engines = [GomokuEngine::new(), GomokuEngine::new()];
    let mut rng = PlayRng::new(seed);
    let stop = AtomicBool::new(false);
    loop {
        let side = board.to_move();
        let level = if side == Side::First { black } else { white };
        let start = Instant::now();
        let mv = engines[side.index()].choose_move(&board, level, &mut rng, &stop, time)?;
        let slot = &mut spent[level as usize];
        slot.0 += 1;
        slot.1 += start.elapsed();
        slot.2 += engines[side.index()].last_depth as u32;
        match board.play(Move::Stone(mv)) {
            Ok(Some(outcome)) => return outcome.winner(),
            Ok(None) => {}
            Err(e) => panic!("{level:?} played {mv}: {e}"),
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rule = match args.get(1).map(String::as_str) {
        Some("exact") => RuleSet::ExactFive,
        Some("renju") => RuleSet::Renju,
        _ => RuleSet::Freestyle,
    };
    let ms: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(300);
    let count: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(10);
    let pairs: Vec<(usize, usize)> = match args.get(4) {
        Some(list) => list
            .split(',')
            .filter_map(|p| {
                let (a, b) = p.split_once('-')?;
                Some((a.parse().ok()?, b.parse().ok()?))
            })
            .collect(),
        None => (0..4).map(|l| (l, l + 1)).collect(),
    };
    let time = Duration::from_millis(ms);
    let openings = openings(rule);
    let mut spent = [(0u32, Duration::ZERO, 0u32); 5];
    println!("rule {rule}, {ms} ms per move, {count} openings x 2 colours");
    for (a, b) in pairs {
        let (weak, strong) = (Level::ALL[a], Level::ALL[b]);
        let (mut wins, mut losses, mut draws) = (0, 0, 0);
        for (n, opening) in openings.iter().take(count).enumerate() {
            for swap in [false, true] {
                let (black, white) = if swap { (weak, strong) } else { (strong, weak) };
                let seed = (n as u64) << 1 | u64::from(swap);
                match play(opening, rule, black, white, time, seed, &mut spent) {
                    Some(side) if (side == Side::First) != swap => wins += 1,
                    Some(_) => losses += 1,
                    None => draws += 1,
                }
            }
        }
        println!(
            "{} vs {}: {wins} wins, {losses} losses, {draws} draws for {}",
            strong.name(),
            weak.name(),
            strong.name()
        );
    }
    for level in Level::ALL {
        let (moves, total, depth) = spent[level as usize];
        if moves > 0 {
            println!(
                "{:8} {moves:5} moves, {:6.1} ms per move, mean search depth {:.1}",
                level.name(),
                total.as_secs_f64() * 1000.0 / f64::from(moves),
                f64::from(depth) / f64::from(moves)
            );
        }
    }
}
