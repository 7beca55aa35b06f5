//! How long a player waits for Connect Four's Values (issue: "exact values
//! for every position, instantly"): random positions of 0 to 30 stones,
//! each reached by random play (not only book lines), and for each the time
//! until all seven values are exact, found as the game finds them
//! (`column_values` with the game's workers). Prints p50, p99 and the
//! longest wait.
//!
//! ```sh
//! cargo run -p lineup-core --example values_latency -- [COUNT] [CAP_SECONDS] [SEED]
//! ```
//!
//! COUNT positions (default 1000); a position still unsolved after
//! CAP_SECONDS (default 60) is stopped and counted as "over the cap", so a
//! run ends in bounded time; a percentile that falls on one prints as
//! "> cap".

use lineup_core::ai::PlayRng;
use lineup_core::ai::advice::column_values;
use lineup_core::ai::connect_four::random_play;
use lineup_core::rules::{ConnectFour, ConnectFourSize};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("COUNT CAP_SECONDS SEED are numbers"))
        .collect();
    let count = args.first().copied().unwrap_or(1000) as usize;
    let cap = Duration::from_secs(args.get(1).copied().unwrap_or(60));
    let seed = args.get(2).copied().unwrap_or(1);
    let workers = lineup_core::ai::connect_four::values::workers();
    let mut rng = PlayRng::new(seed);
    // Each wait, `None` when over the cap, with its stone count.
    let mut waits: Vec<(Option<Duration>, usize)> = Vec::new();
    while waits.len() < count {
        let Some(board) = random_position(&mut rng) else {
            continue;
        };
        let stop = Arc::new(AtomicBool::new(false));
        let watchdog = {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let until = Instant::now() + cap;
                while Instant::now() < until && !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(10));
                }
                stop.store(true, Ordering::Relaxed);
            })
        };
        let start = Instant::now();
        let found = column_values(&board, workers, &stop, |_| {});
        let wait = found.is_ok().then(|| start.elapsed());
        stop.store(true, Ordering::Relaxed);
        watchdog.join().expect("the watchdog ends");
        let stones = board.moves_played();
        waits.push((wait, stones));
        if wait.is_none_or(|w| w > Duration::from_secs(1)) {
            eprintln!("{:>4}: {stones} stones, {}", waits.len(), shown(wait, cap));
        }
    }
    let mut sorted: Vec<Option<Duration>> = waits.iter().map(|w| w.0).collect();
    // Over the cap sorts last.
    sorted.sort_by_key(|w| w.unwrap_or(Duration::MAX));
    let at =
        |q: f64| sorted[((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1];
    let over = sorted.iter().filter(|w| w.is_none()).count();
    println!(
        "values latency, {count} random positions of 0-30 stones (seed {seed}), {workers} worker(s):"
    );
    println!(
        "  p50 {}  p99 {}  max {}  over the {}s cap: {over}",
        shown(at(0.5), cap),
        shown(at(0.99), cap),
        shown(at(1.0), cap),
        cap.as_secs()
    );
    for (low, high) in [(0, 4), (5, 8), (9, 12), (13, 20), (21, 30)] {
        let mut bucket: Vec<Option<Duration>> = waits
            .iter()
            .filter(|w| (low..=high).contains(&w.1))
            .map(|w| w.0)
            .collect();
        bucket.sort_by_key(|w| w.unwrap_or(Duration::MAX));
        if let Some(longest) = bucket.last() {
            println!(
                "  {low:>2}-{high:<2} stones: {:>4} positions, median {}, max {}",
                bucket.len(),
                shown(bucket[bucket.len() / 2], cap),
                shown(*longest, cap)
            );
        }
    }
}

/// A position of 0 to 30 stones (uniformly many) reached by random play,
/// `None` when the game ended on the way.
fn random_position(rng: &mut PlayRng) -> Option<ConnectFour> {
    let stones = rng.below(31);
    random_play(ConnectFourSize::STANDARD, stones, rng)
}

fn shown(wait: Option<Duration>, cap: Duration) -> String {
    match wait {
        // Tenths below 10 ms: a book's answer is well under one.
        Some(w) if w < Duration::from_millis(10) => format!("{:.1} ms", w.as_secs_f64() * 1000.0),
        Some(w) if w < Duration::from_secs(1) => format!("{:.0} ms", w.as_secs_f64() * 1000.0),
        Some(w) => format!("{:.1} s", w.as_secs_f64()),
        None => format!("> {} s", cap.as_secs()),
    }
}
