//! Builds the Connect Four opening book: the exact score of every 7×6
//! position with at most DEPTH stones (a position and its mirror image
//! once), written in the format of `lineup::ai::connect_four::Book`.
//!
//! ```sh
//! cargo run --profile dev --example make_book -- DEPTH OUT.book [LIMIT]
//! ```
//!
//! The deepest positions are solved one by one (the expensive part); each
//! shallower layer is then solved with the deeper layers loaded as a book,
//! which makes it almost free. LIMIT solves only that many positions of the
//! deepest layer and prints the projected total time instead of writing.
//!
//! Cost: 7×6 has 1, 7, 49, 238, 1120, 4263, 16422, 54859 and 184275
//! positions after 0 to 8 stones (about half as many up to mirroring), and
//! an early position takes the solver seconds to minutes, so depth 4
//! (about 600 positions to solve) is an hour or two on one core, and depth 8
//! (about 92 000) is weeks: run the trial with LIMIT first.

use lineup::ai::connect_four::{Book, Position, Solver};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(depth), Some(out)) = (
        args.first().and_then(|d| d.parse::<u32>().ok()),
        args.get(1),
    ) else {
        eprintln!("usage: make_book DEPTH OUT.book [LIMIT]");
        std::process::exit(2);
    };
    let limit = args.get(2).and_then(|l| l.parse::<usize>().ok());

    // Every non-won position by layer, one per mirror pair.
    let mut layers: Vec<HashMap<u64, Position>> = vec![HashMap::new(); depth as usize + 1];
    layers[0].insert(Position::new().symmetric_key(), Position::new());
    for d in 0..depth as usize {
        let parents: Vec<Position> = layers[d].values().copied().collect();
        for parent in parents {
            for column in 0..7 {
                if parent.can_play(column) && !parent.is_winning_move(column) {
                    let mut child = parent;
                    child.play_column(column);
                    layers[d + 1].insert(child.symmetric_key(), child);
                }
            }
        }
    }
    for (d, layer) in layers.iter().enumerate() {
        println!("depth {d}: {} positions", layer.len());
    }

    let stop = AtomicBool::new(false);
    // Long solves: a larger table (64 MB) than the game's.
    let mut solver = Solver::with_table_size(22);
    let mut entries: Vec<(u64, i8)> = Vec::new();
    let start = Instant::now();
    for d in (0..=depth as usize).rev() {
        let mut positions: Vec<(u64, Position)> = layers[d].iter().map(|(k, p)| (*k, *p)).collect();
        positions.sort_unstable_by_key(|&(key, _)| key);
        let total = positions.len();
        let take = if d == depth as usize {
            limit.unwrap_or(total).min(total)
        } else {
            total
        };
        let layer_start = Instant::now();
        for (i, (key, position)) in positions.into_iter().take(take).enumerate() {
            let score = solver
                .solve_position(&position, false, &stop)
                .expect("an uninterrupted solve");
            entries.push((key, score as i8));
            if (i + 1) % 100 == 0 || i + 1 == take {
                let per = layer_start.elapsed().as_secs_f64() / (i + 1) as f64;
                println!(
                    "depth {d}: {}/{total} solved, {:.3} s each, about {:.0} s for the layer",
                    i + 1,
                    per,
                    per * total as f64
                );
            }
        }
        if take < total {
            println!("trial only (LIMIT={take}): nothing written");
            return;
        }
        solver.set_book(Some(Book::new(7, 6, depth as u8, entries.clone())));
    }
    let book = Book::new(7, 6, depth as u8, entries);
    if let Err(e) = std::fs::write(out, book.to_bytes()) {
        eprintln!("cannot write {out}: {e}");
        std::process::exit(1);
    }
    println!(
        "{} positions written to {out} in {:.0} s",
        book.len(),
        start.elapsed().as_secs_f64()
    );
}
