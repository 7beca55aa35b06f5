//! Builds a Connect Four book of *every* position up to DEPTH stones (one
//! per mirror pair), for exact Values at once wherever a game has reached
//! (issue: "exact values for every position, instantly"). See
//! `lineup_core::ai::connect_four::layers` for why only the deepest layer is
//! solved. Three steps, the first in parts so the work can be split over
//! days or machines and stopped at any time:
//!
//! ```sh
//! # How long: solves N positions of layer DEPTH drawn at random and
//! # extrapolates to the whole layer.
//! cargo run -p lineup-core --example make_layer_book -- estimate DEPTH N
//! # Part K of PARTS of layer DEPTH (every PARTS-th position from the K-th,
//! # so parts are alike), written to DIR/layerDEPTH-K-of-PARTS.book; a part
//! # already there is skipped, so rerunning the same command resumes.
//! cargo run -p lineup-core --example make_layer_book -- part DEPTH K PARTS DIR
//! # Every part read back, the layers above derived, Master's own book
//! # (assets/books/connect4_7x6.book) merged in, one book written.
//! cargo run -p lineup-core --example make_layer_book -- merge DEPTH PARTS DIR OUT.book
//! ```

use lineup_core::ai::PlayRng;
use lineup_core::ai::connect_four::layers::{layer, scores_above};
use lineup_core::ai::connect_four::{Book, Position, Solver, Standard};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| -> u32 {
        args.get(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| usage())
    };
    match args.first().map(String::as_str) {
        Some("estimate") => estimate(number(1), number(2) as usize),
        Some("part") => part(
            number(1),
            number(2) as usize,
            number(3) as usize,
            Path::new(args.get(4).unwrap_or_else(|| usage())),
        ),
        Some("merge") => merge(
            number(1),
            number(2) as usize,
            Path::new(args.get(3).unwrap_or_else(|| usage())),
            Path::new(args.get(4).unwrap_or_else(|| usage())),
        ),
        _ => usage(),
    }
}

fn usage() -> ! {
    eprintln!(
        "usage: make_layer_book estimate DEPTH N\n       make_layer_book part DEPTH K PARTS DIR\n       make_layer_book merge DEPTH PARTS DIR OUT.book"
    );
    std::process::exit(2)
}

/// The exact score of one position, with the solver's table kept warm
/// from the positions solved before it.
fn solve(solver: &mut Solver, position: &Position) -> i8 {
    solver
        .solve_position(position, false, &AtomicBool::new(false))
        .expect("an uninterrupted solve") as i8
}

fn estimate(depth: u32, samples: usize) {
    let positions = layer(Standard, depth);
    println!(
        "layer {depth}: {} positions (one per mirror pair)",
        positions.len()
    );
    let mut rng = PlayRng::new(u64::from(depth));
    let mut solver = Solver::new();
    let start = Instant::now();
    let mut slowest = 0.0f64;
    for _ in 0..samples {
        let (_, position) = positions[rng.below(positions.len())];
        let one = Instant::now();
        solve(&mut solver, &position);
        slowest = slowest.max(one.elapsed().as_secs_f64());
    }
    let mean = start.elapsed().as_secs_f64() / samples as f64;
    println!(
        "{samples} solved: mean {:.3} s, slowest {slowest:.2} s; the whole layer ~ {:.1} hours on one core",
        mean,
        mean * positions.len() as f64 / 3600.0
    );
}

fn part_file(dir: &Path, depth: u32, part: usize, parts: usize) -> PathBuf {
    dir.join(format!("layer{depth}-{part}-of-{parts}.book"))
}

fn part(depth: u32, part: usize, parts: usize, dir: &Path) {
    assert!(part < parts, "K counts from 0 to PARTS - 1");
    let file = part_file(dir, depth, part, parts);
    if file.exists() {
        println!("{} is already there", file.display());
        return;
    }
    let positions = layer(Standard, depth);
    let mut solver = Solver::new();
    let start = Instant::now();
    let mine: Vec<&(u64, Position)> = positions.iter().skip(part).step_by(parts).collect();
    let mut entries = Vec::with_capacity(mine.len());
    for (i, &&(key, position)) in mine.iter().enumerate() {
        entries.push((key, solve(&mut solver, &position)));
        if (i + 1) % 200 == 0 {
            println!(
                "{}/{} in {:.0} s",
                i + 1,
                mine.len(),
                start.elapsed().as_secs_f64()
            );
        }
    }
    let book = Book::new(7, 6, depth as u8, entries).expect("7x6 keys and scores fit");
    std::fs::create_dir_all(dir).expect("the parts' folder");
    // Written whole or not at all: a part file is never half there.
    let partial = file.with_extension("partial");
    std::fs::write(&partial, book.to_bytes()).expect("the part written");
    std::fs::rename(&partial, &file).expect("the part in place");
    println!(
        "{}: {} positions in {:.0} s",
        file.display(),
        book.len(),
        start.elapsed().as_secs_f64()
    );
}

fn merge(depth: u32, parts: usize, dir: &Path, out: &Path) {
    let mut deepest: HashMap<u64, i8> = HashMap::new();
    for part in 0..parts {
        let file = part_file(dir, depth, part, parts);
        let bytes = std::fs::read(&file)
            .unwrap_or_else(|e| panic!("{}: {e} (build it with `part`)", file.display()));
        let book = Book::from_bytes(&bytes).expect("a part is a book");
        assert!(
            book.fits(Standard) && book.depth() == depth,
            "{}: not a 7x6 part of layer {depth}",
            file.display()
        );
        // Parts hold different positions (every PARTS-th of the layer).
        let before = deepest.len();
        deepest.extend(book.entries());
        assert_eq!(
            deepest.len(),
            before + book.len(),
            "{}: positions of another part",
            file.display()
        );
    }
    let expected = layer(Standard, depth).len();
    assert_eq!(deepest.len(), expected, "every position of layer {depth}");
    let mut entries: HashMap<u64, i8> = deepest.clone();
    entries.extend(scores_above(Standard, depth, deepest).expect("every child in the layer"));
    // Master's book was solved on its own: where it holds a position of
    // the layers too, both scores must be the same (a check of both).
    let master = Book::standard().expect("the shipped book");
    let mut agree = 0;
    for (key, score) in master.entries() {
        match entries.insert(key, score) {
            Some(layers) if layers != score => {
                panic!("position {key:#x}: {layers} from the layers, {score} in Master's book")
            }
            Some(_) => agree += 1,
            None => {}
        }
    }
    println!("{agree} positions of Master's book have the layers' score");
    let depth = master.depth().max(depth) as u8;
    let merged =
        Book::new(7, 6, depth, entries.into_iter().collect()).expect("7x6 keys and scores fit");
    std::fs::write(out, merged.to_bytes()).expect("the book written");
    println!("{}: {} positions", out.display(), merged.len());
}
