//! Random playouts per second for both games: the fast rules beside the plain
//! reference (the one the tests check against), and their ratio.
//!
//! Run with `cargo bench --profile dev --bench rules` to reuse the test build.

use criterion::{Criterion, Throughput, criterion_group};
use lineup_core::rules::{Column, ConnectFour, Gomoku, Point, RuleSet, Rules};
use std::hint::black_box;
use std::time::{Duration, Instant};

#[path = "../tests/core/reference.rs"]
#[allow(dead_code)]
mod reference;
use reference::{RefConnectFour, RefGomoku, RefResult};

/// xorshift64*: the same games for both implementations from the same seed.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) as usize % n
    }
}

fn connect_four_fast(rng: &mut Rng) -> usize {
    let mut board = ConnectFour::default();
    loop {
        let mut legal = [Column(0); 9];
        let mut n = 0;
        for c in board.legal_columns() {
            legal[n] = c;
            n += 1;
        }
        if let Ok(Some(_)) = board.play(legal[rng.below(n)]) {
            return board.moves_played();
        }
    }
}

fn connect_four_reference(rng: &mut Rng) -> usize {
    let mut board = RefConnectFour::new(7, 6);
    loop {
        let legal = board.legal();
        if board.play(legal[rng.below(legal.len())]) != RefResult::Ongoing {
            return board.moves;
        }
    }
}

fn gomoku_fast(rng: &mut Rng, rule: RuleSet) -> usize {
    let mut board = Gomoku::standard(rule);
    let mut empty: Vec<Point> = board.empty_points().collect();
    loop {
        let p = empty.swap_remove(rng.below(empty.len()));
        match board.play(p.into()) {
            Ok(Some(_)) => return board.stones(),
            // A Renju foul: Black picks again; the point stays open for White.
            Err(_) => empty.push(p),
            Ok(None) => {}
        }
    }
}

fn gomoku_reference(rng: &mut Rng) -> usize {
    let mut board = RefGomoku::new(15, RuleSet::Freestyle);
    let mut empty: Vec<Point> = (0..15)
        .flat_map(|y| (0..15).map(move |x| Point::new(x, y)))
        .collect();
    loop {
        let p = empty.swap_remove(rng.below(empty.len()));
        if board.play(p.x as usize, p.y as usize) != RefResult::Ongoing {
            return board.moves;
        }
    }
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("connect_four_playout");
    group.throughput(Throughput::Elements(1));
    let mut rng = Rng(7);
    group.bench_function("bitboard", |b| {
        b.iter(|| black_box(connect_four_fast(&mut rng)))
    });
    let mut rng = Rng(7);
    group.bench_function("reference", |b| {
        b.iter(|| black_box(connect_four_reference(&mut rng)))
    });
    group.finish();

    let mut group = c.benchmark_group("gomoku_playout");
    group.throughput(Throughput::Elements(1));
    let mut rng = Rng(7);
    group.bench_function("padded_freestyle", |b| {
        b.iter(|| black_box(gomoku_fast(&mut rng, RuleSet::Freestyle)))
    });
    let mut rng = Rng(7);
    group.bench_function("padded_renju", |b| {
        b.iter(|| black_box(gomoku_fast(&mut rng, RuleSet::Renju)))
    });
    let mut rng = Rng(7);
    group.sample_size(10);
    group.bench_function("reference", |b| {
        b.iter(|| black_box(gomoku_reference(&mut rng)))
    });
    group.finish();
}

/// Playouts per second of `f` over about `budget`.
fn rate(budget: Duration, mut f: impl FnMut(&mut Rng) -> usize) -> f64 {
    let mut rng = Rng(11);
    let start = Instant::now();
    let mut n = 0u64;
    while start.elapsed() < budget {
        black_box(f(&mut rng));
        n += 1;
    }
    n as f64 / start.elapsed().as_secs_f64()
}

/// The same playouts timed side by side, reported as a ratio.
fn ratios() {
    let budget = Duration::from_secs(3);
    println!("\nrandom playouts per second (same seed, same games):");
    for (name, fast, slow) in [
        (
            "connect four 7x6",
            rate(budget, connect_four_fast),
            rate(budget, connect_four_reference),
        ),
        (
            "gomoku 15x15 freestyle",
            rate(budget, |r| gomoku_fast(r, RuleSet::Freestyle)),
            rate(budget, gomoku_reference),
        ),
    ] {
        println!(
            "  {name:24} fast {fast:>12.0}/s   reference {slow:>10.0}/s   ratio {:>6.1}x",
            fast / slow
        );
    }
}

criterion_group!(benches, playouts);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    ratios();
}
