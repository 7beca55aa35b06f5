//! `lineup solve [--analyze]`: the standard solvers' line protocol, so the
//! engine can be checked against them and against their test sets.
//!
//! Why this exact format: one position a line as its move string from the
//! empty 7×6 board (`4453`), answered in input order as `4453 -2` (or, with
//! `--analyze`, the score of each of the 7 columns, `-1000` for a full one,
//! exactly as Pascal Pons' solver prints it), so outputs can be diffed.
//!
//! A line that is not a playable position (a character other than 1-7, a
//! move into a full column, or a game that is already won) is answered on
//! the same output, in its place, with `Line N: ...` naming the line and the
//! reason; the lines after it are still solved. (Pons' solver writes that
//! line to stderr instead; here it stays in order with the answers.) Blank
//! lines are skipped. Each answer is flushed as soon as it is known.
//!
//! Positions of the opening book are answered from it, as Pons' solver
//! does with its own book; without it (`--no-book`) every position is
//! searched, for timing against a solver that has none. `--threads N`
//! runs each search on N threads ([`super::lazy_smp`]).

use super::book::Book;
use super::solver::{INVALID_MOVE, Solver};
use crate::rules::{ConnectFour, ConnectFourSize, Outcome};
use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;

/// Solves every line of `input` onto `output` (with the opening book when
/// `book`, each search on `threads` threads). Only I/O errors stop it.
pub fn run_solve(
    input: impl BufRead,
    mut output: impl Write,
    analyze: bool,
    book: bool,
    threads: usize,
) -> io::Result<()> {
    let mut solver = Solver::new();
    solver.set_book(if book { Book::standard() } else { None });
    solver.set_threads(threads);
    let never = AtomicBool::new(false);
    for (index, line) in input.lines().enumerate() {
        let line = line?;
        let moves = line.trim();
        if moves.is_empty() {
            continue;
        }
        let number = index + 1;
        let game = match ConnectFour::game_from_moves(ConnectFourSize::STANDARD, moves) {
            Ok(game) => game,
            Err(error) => {
                writeln!(
                    output,
                    "Line {number}: invalid position \"{moves}\": {error}"
                )?;
                output.flush()?;
                continue;
            }
        };
        if matches!(game.outcome(), Some(Outcome::Win { .. })) {
            writeln!(
                output,
                "Line {number}: invalid position \"{moves}\": move {} ends the game",
                moves.len()
            )?;
            output.flush()?;
            continue;
        }
        let answer = if analyze {
            solver.analyze(game.position(), &never).map(|scores| {
                scores
                    .iter()
                    .map(|s| format!(" {}", s.unwrap_or(INVALID_MOVE)))
                    .collect::<String>()
            })
        } else {
            solver
                .solve(game.position(), &never)
                .map(|s| format!(" {s}"))
        };
        match answer {
            Ok(answer) => writeln!(output, "{moves}{answer}")?,
            Err(error) => writeln!(output, "Line {number}: \"{moves}\": {error}")?,
        }
        output.flush()?;
    }
    Ok(())
}
