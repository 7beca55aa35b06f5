//! How long a game's review takes (the evaluation graph of review mode):
//! every position judged as the game does it, from the last to the first,
//! with the total, the slowest position and the marks found.
//!
//! ```sh
//! cargo run -p lineup-core --release --example review_time -- connect4 [MOVES]
//! cargo run -p lineup-core --release --example review_time -- gomoku [MOVES] [freestyle|exact|renju]
//! ```
//!
//! Without MOVES it reviews a game of its own: a full 42-move Connect Four
//! game, or the first 60 moves of a Renju game, both between two Medium
//! computers from a fixed seed.

use lineup_core::ai::Level;
use lineup_core::ai::player::{Engines, think};
use lineup_core::ai::review::{GameReview, Reviewer};
use lineup_core::persist::export::move_string;
use lineup_core::rules::{ConnectFour, ConnectFourSize, Gomoku, MatchGame, RuleSet};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = match args.first().map(String::as_str) {
        Some("connect4") => match args.get(1) {
            Some(moves) => MatchGame::ConnectFour(
                ConnectFour::game_from_moves(ConnectFourSize::STANDARD, moves).expect("moves"),
            ),
            None => self_play(
                MatchGame::ConnectFour(lineup_core::rules::Game::new(ConnectFour::new(
                    ConnectFourSize::STANDARD,
                ))),
                42,
            ),
        },
        Some("gomoku") => {
            let rule = match args.get(2).map(String::as_str) {
                Some("freestyle") => RuleSet::Freestyle,
                Some("exact") => RuleSet::ExactFive,
                _ => RuleSet::Renju,
            };
            let board = Gomoku::standard(rule);
            match args.get(1).filter(|m| *m != "-") {
                Some(moves) => {
                    MatchGame::Gomoku(Gomoku::game_from_moves(board, moves).expect("moves"))
                }
                None => self_play(MatchGame::Gomoku(lineup_core::rules::Game::new(board)), 60),
            }
        }
        _ => {
            eprintln!("usage: review_time connect4|gomoku [MOVES] [RULE]");
            std::process::exit(2);
        }
    };
    println!("game: {} ({} moves)", move_string(&game), game.move_count());
    let stop = AtomicBool::new(false);
    let mut reviewer = Reviewer::new(&game);
    let mut review = GameReview::new(&game);
    let started = Instant::now();
    let mut slowest = (Duration::ZERO, 0);
    loop {
        let t = Instant::now();
        let Some(step) = reviewer.next(&stop) else {
            break;
        };
        let took = t.elapsed();
        if took > slowest.0 {
            slowest = (took, step.position);
        }
        review.record(step);
    }
    let total = started.elapsed();
    for ply in 0..review.moves.len() {
        if let Some(report) = review.report(ply) {
            let mark = report.mark.map_or("", |m| m.symbol());
            let better = report
                .better
                .map_or(String::new(), |b| format!("  (better: {b})"));
            println!(
                "{:>3}. {:<10}{:<3} {}{}",
                ply + 1,
                review.moves[ply].to_string(),
                mark,
                report.after.label(report.ply),
                better
            );
        }
    }
    println!(
        "review: {} positions in {:.2} s, slowest {:.2} s (position {})",
        review.positions(),
        total.as_secs_f64(),
        slowest.0.as_secs_f64(),
        slowest.1
    );
}

/// Two Medium computers play from `game` for up to `moves` moves, trying
/// seeds until the game reaches that length (a full board for Connect Four).
fn self_play(start: MatchGame, moves: usize) -> MatchGame {
    let stop = AtomicBool::new(false);
    for seed in 1.. {
        let engines = Engines::default();
        let mut game = start.clone();
        while !game.is_over() && game.move_count() < moves {
            let Some(mv) = think(
                &game,
                Level::Medium,
                seed * 1000 + game.move_count() as u64,
                &engines,
                &stop,
            ) else {
                break;
            };
            game.play(mv).expect("a legal move");
        }
        if game.move_count() >= moves {
            return game;
        }
    }
    unreachable!()
}
