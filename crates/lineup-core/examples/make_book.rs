//! Builds Master's own opening strategy for Connect Four, for whichever
//! side it plays: the first half of the shipped book
//! (`assets/books/connect4_7x6.book`; `make_layer_book merge` then adds
//! every position up to 10 stones to it).
//!
//! ```sh
//! cargo run -p lineup-core --profile dev --example make_book -- PLIES OUT.book [TABLE_LOG2]
//! ```
//!
//! Why a strategy and not every position: beyond the 10 stones of the full
//! layers, every position would be millions more (2.1 million at 11 stones
//! alone). Master does not need them all: on its own turn it only needs
//! its best move, and the opponent's replies are the
//! only branching. So the tool walks the tree of "Master's best move, then
//! any reply" from both the empty board (Master first) and the seven
//! first moves (Master second). At each of Master's turns with at most
//! PLIES stones it solves the position exactly, keeps the most central
//! column that holds that score (`Book::choice_order`), and stores both
//! scores: the position's and the chosen child's.
//! [`lineup_core::ai::connect_four::Engine`] then plays the first column in
//! that order whose child has the opposite score (`Book::best_move`).
//!
//! All of it is solved with one large table (TABLE_LOG2, default 26: 1 GB)
//! so each layer starts from what the shallower ones learnt. The book is
//! written after every layer, so stopping the tool keeps what is done.

use lineup_core::ai::connect_four::{Book, Position, Solver};
use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(plies), Some(out)) = (
        args.first().and_then(|d| d.parse::<usize>().ok()),
        args.get(1),
    ) else {
        eprintln!("usage: make_book PLIES OUT.book [TABLE_LOG2]");
        std::process::exit(2);
    };
    let table_log2 = args.get(2).and_then(|t| t.parse().ok()).unwrap_or(26);

    // Master's turns by stones on the board, one per mirror pair: the empty
    // board (Master moves first) and every first move (Master second).
    let mut turns: Vec<HashMap<u64, Position>> = vec![HashMap::new(); plies + 3];
    let empty = Position::new();
    turns[0].insert(empty.symmetric_key(), empty);
    for column in 0..7 {
        let mut first = empty;
        first.play_column(column);
        turns[1].insert(first.symmetric_key(), first);
    }

    let stop = AtomicBool::new(false);
    let mut solver = Solver::with_table_size(table_log2);
    let mut entries: HashMap<u64, i8> = HashMap::new();
    let start = Instant::now();
    for stones in 0..=plies {
        let mut layer: Vec<(u64, Position)> = turns[stones].drain().collect();
        layer.sort_unstable_by_key(|&(key, _)| key);
        let layer_start = Instant::now();
        for (i, &(key, position)) in layer.iter().enumerate() {
            if position.can_win_next() {
                continue; // The game ends here; the engine needs no book.
            }
            let (score, best) = solver
                .best_columns(&position, false, &stop)
                .expect("an uninterrupted solve");
            // The engine reads the book back in the same order.
            let Some(column) = Book::choice_order(&position).find(|c| best.contains(c)) else {
                unreachable!("a solved position has a best column")
            };
            entries.insert(key, score as i8);
            let mut choice = position;
            choice.play_column(column);
            entries.insert(choice.symmetric_key(), -score as i8);
            for reply in 0..7 {
                if choice.can_play(reply) && !choice.is_winning_move(reply) {
                    let mut next = choice;
                    next.play_column(reply);
                    turns[stones + 2].insert(next.symmetric_key(), next);
                }
            }
            if (i + 1) % 10 == 0 || i + 1 == layer.len() {
                println!(
                    "{stones} stones: {}/{} solved, {:.1} s in this layer, {:.0} s in all",
                    i + 1,
                    layer.len(),
                    layer_start.elapsed().as_secs_f64(),
                    start.elapsed().as_secs_f64()
                );
                let _ = std::io::stdout().flush();
            }
        }
        let book = Book::new(
            7,
            6,
            stones as u8 + 1,
            entries.iter().map(|(&k, &s)| (k, s)).collect(),
        )
        .expect("7x6 keys and scores fit");
        if let Err(e) = std::fs::write(out, book.to_bytes()) {
            eprintln!("cannot write {out}: {e}");
            std::process::exit(1);
        }
        println!("{} entries written to {out}", book.len());
    }
}
