//! The computer player's skill levels and its move choice.
//!
//! Why these rules: a weak player should lose like a person, not like a
//! random number generator. Lower levels read fewer moves ahead, pick
//! randomly among moves that look about as good as their best (so games
//! vary), and now and then overlook an immediate win or threat, which is
//! the classic beginner's mistake; they never pick a move they rate as
//! clearly bad. From [`Level::Medium`] up an immediate win is always taken
//! and an immediate threat always blocked. [`Level::Master`] plays a move
//! of the best exact score (the fastest win, the slowest loss), choosing at
//! random among equals. In the opening it plays the book's move at once
//! (see [`Book`]: one fixed best move per position); beyond it, when the
//! exact solver cannot finish within its budget, it falls back to the
//! sign-only solve and then to a deep heuristic search (boards other than
//! 7×6 have no book).

use super::book::Book;
use super::heuristic::{HeuristicSearch, WIN};
use super::position::{Position, PositionError};
use super::shape::{Shape, Variant};
use super::solver::{SolveError, Solver};
use super::transposition_table::DEFAULT_LOG2_SIZE;
use crate::ai::{Level, PlayRng};
use crate::rules::{Column, ConnectFour, Rules};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// What makes a level weak or strong (the heuristic levels).
struct Style {
    /// Chance of seeing an immediate win.
    win_percent: u32,
    /// Chance of seeing an immediate threat of the opponent.
    block_percent: u32,
    /// Chance of noticing that a move lets the opponent win at once.
    safe_percent: u32,
    /// Plies read ahead (1: only the position after its own move).
    depth: u32,
    /// Random jitter added to every value, so equal-looking games vary.
    noise: i32,
    /// Moves whose value is within this of the best are all candidates.
    margin: i32,
}

impl Style {
    fn of(level: Level) -> Style {
        let style = |win_percent, block_percent, safe_percent, depth, noise, margin| Style {
            win_percent,
            block_percent,
            safe_percent,
            depth,
            noise,
            margin,
        };
        match level {
            Level::Beginner => style(65, 50, 60, 1, 40, 40),
            Level::Easy => style(100, 85, 85, 2, 24, 24),
            Level::Medium => style(100, 100, 100, 4, 10, 10),
            Level::Hard | Level::Master => style(100, 100, 100, HARD_DEPTH, 0, 2),
        }
    }
}

/// Plies the Hard level reads with the heuristic.
const HARD_DEPTH: u32 = 8;
/// Nodes the Hard level may spend on an exact endgame solve.
const HARD_EXACT_NODES: u64 = 2_000_000;
/// Stones left below which Hard tries the exact solve.
const HARD_EXACT_BELOW: u32 = 22;
/// Nodes Master may spend on the exact scores, then on their signs (about
/// a second each on a slow machine).
const PERFECT_EXACT_NODES: u64 = 6_000_000;
const PERFECT_WEAK_NODES: u64 = 4_000_000;
/// Plies of Master's heuristic fallback.
const PERFECT_FALLBACK_DEPTH: u32 = 10;

/// A computer player that keeps its solver (and so its transposition
/// table, 8 MB) from one move to the next: reuse it for a whole game.
pub struct ConnectFourEngine {
    solver: Solver,
}

impl Default for ConnectFourEngine {
    fn default() -> Self {
        ConnectFourEngine::new()
    }
}

impl ConnectFourEngine {
    /// An engine with the default table and the standard opening book.
    pub fn new() -> Self {
        ConnectFourEngine::with_table_size(DEFAULT_LOG2_SIZE)
    }

    /// An engine whose solver table has `2^log2_size` buckets of 16 bytes,
    /// with the standard opening book.
    pub fn with_table_size(log2_size: u32) -> Self {
        let mut solver = Solver::with_table_size(log2_size);
        solver.set_book(Book::standard());
        ConnectFourEngine { solver }
    }

    /// Replaces the opening book (see [`Book`]); `None` plays without one.
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.solver.set_book(book);
    }

    /// The move to play for the side to move; `None` when the game is over,
    /// there is no legal move, or `stop` was set (then at once).
    pub fn choose_move(
        &mut self,
        board: &ConnectFour,
        level: Level,
        rng: &mut PlayRng,
        stop: &AtomicBool,
    ) -> Option<Column> {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let column = match Position::from_standard(board) {
            Some(Ok(position)) => self.choose(&position, level, rng, stop)?,
            Some(Err(_)) => return None,
            None => match Position::<Variant>::from_any(board) {
                Ok(position) => self.choose(&position, level, rng, stop)?,
                Err(PositionError::GameOver) => return None,
                Err(PositionError::TooLarge { .. }) => return fallback_move(board, rng),
            },
        };
        Some(Column(column as u8))
    }

    fn choose<S: Shape>(
        &mut self,
        position: &Position<S>,
        level: Level,
        rng: &mut PlayRng,
        stop: &AtomicBool,
    ) -> Option<u32> {
        let shape = position.shape();
        let columns: Vec<u32> = (0..shape.width())
            .filter(|&c| position.can_play(c))
            .collect();
        if columns.is_empty() {
            return None;
        }
        match level {
            Level::Master => self.perfect(position, &columns, rng, stop),
            Level::Hard if shape.cells() - position.moves() < HARD_EXACT_BELOW => {
                self.solver.set_node_limit(Some(HARD_EXACT_NODES));
                let best = self.solver.best_columns(position, false, stop);
                self.solver.set_node_limit(None);
                match best {
                    Ok((_, best)) => rng.pick(&best),
                    Err(SolveError::Cancelled) => None,
                    Err(_) => heuristic_move(position, &columns, level, rng, stop),
                }
            }
            _ => heuristic_move(position, &columns, level, rng, stop),
        }
    }

    fn perfect<S: Shape>(
        &mut self,
        position: &Position<S>,
        columns: &[u32],
        rng: &mut PlayRng,
        stop: &AtomicBool,
    ) -> Option<u32> {
        let wins: Vec<u32> = columns
            .iter()
            .copied()
            .filter(|&c| position.is_winning_move(c))
            .collect();
        if !wins.is_empty() {
            return rng.pick(&wins);
        }
        let safe = position.possible_non_losing_moves();
        if safe.count_ones() == 1 {
            // A forced block (or the only move that does not hand over a
            // win): nothing to search.
            let shape = position.shape();
            return columns
                .iter()
                .copied()
                .find(|&c| safe & shape.column_mask(c) != 0);
        }
        if position.moves() == 0 {
            // The centre: a sound first move on any board (the book's on
            // 7×6); solving an empty board takes minutes.
            let width = position.shape().width();
            let left_of_centre = width.is_multiple_of(2) && rng.percent(50);
            return Some(width / 2 - u32::from(left_of_centre));
        }
        let mut search = HeuristicSearch::new(position.shape(), stop);
        for (nodes, weak) in [(PERFECT_EXACT_NODES, false), (PERFECT_WEAK_NODES, true)] {
            self.solver.set_node_limit(Some(nodes));
            let best = self.solver.best_columns(position, weak, stop);
            self.solver.set_node_limit(None);
            match best {
                Ok((_, best)) if !weak => return rng.pick(&best),
                Ok((_, best)) => {
                    // Same sign, maybe not the same speed: let the heuristic
                    // choose among them.
                    let mut values = search.analyze(position, HARD_DEPTH)?;
                    for (c, value) in (0..).zip(values.iter_mut()) {
                        if !best.contains(&c) {
                            *value = None;
                        }
                    }
                    return pick_best(&values, 0, rng);
                }
                Err(SolveError::Cancelled) => return None,
                Err(_) => {}
            }
        }
        let values = search.analyze(position, PERFECT_FALLBACK_DEPTH)?;
        pick_best(&values, 2, rng)
    }
}

/// A random column among those whose value is within `margin` of the best.
fn pick_best(values: &[Option<i32>], margin: i32, rng: &mut PlayRng) -> Option<u32> {
    let best = values.iter().flatten().copied().max()?;
    let candidates: Vec<u32> = (0..)
        .zip(values)
        .filter_map(|(c, v)| v.filter(|&v| v >= best - margin).map(|_| c))
        .collect();
    rng.pick(&candidates)
}

/// The levels that read a few plies ahead with the heuristic.
fn heuristic_move<S: Shape>(
    position: &Position<S>,
    columns: &[u32],
    level: Level,
    rng: &mut PlayRng,
    stop: &AtomicBool,
) -> Option<u32> {
    let style = Style::of(level);
    let shape = position.shape();
    let wins: Vec<u32> = columns
        .iter()
        .copied()
        .filter(|&c| position.is_winning_move(c))
        .collect();
    let sees_win = rng.percent(style.win_percent);
    if sees_win && !wins.is_empty() {
        return rng.pick(&wins);
    }
    let threats = position.opponent_winning_position();
    let blocks: Vec<u32> = columns
        .iter()
        .copied()
        .filter(|&c| threats & position.possible() & shape.column_mask(c) != 0)
        .collect();
    let sees_threat = rng.percent(style.block_percent);
    if sees_threat && !blocks.is_empty() {
        return rng.pick(&blocks);
    }
    // What it looks at: not the win it overlooked, and (when it notices)
    // not a move that puts a stone right under the opponent's winning cell.
    let gifts = position.possible() & (threats >> 1);
    let sees_gifts = rng.percent(style.safe_percent);
    let mut candidates: Vec<u32> = columns
        .iter()
        .copied()
        .filter(|c| !wins.contains(c))
        .filter(|&c| !sees_gifts || gifts & shape.column_mask(c) == 0)
        .collect();
    if candidates.is_empty() {
        candidates = columns.to_vec();
    }
    let mut search = HeuristicSearch::new(shape, stop);
    // A player who overlooked the threat cannot have read the reply that
    // wins: it judges its moves by the position they leave.
    let depth = if sees_threat || blocks.is_empty() {
        style.depth
    } else {
        1
    };
    let mut values = vec![None; shape.width() as usize];
    for &column in &candidates {
        let mut child = *position;
        child.play_column(column);
        let value = if depth <= 1 {
            -search.evaluate(&child)
        } else {
            -search.search(&child, depth - 1)?
        };
        let jitter = rng.below(2 * style.noise as usize + 1) as i32 - style.noise;
        // Decided games keep their order; only the ordinary values jitter.
        values[column as usize] = Some(if value.abs() > WIN / 2 {
            value
        } else {
            value + jitter
        });
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    pick_best(&values, style.margin, rng)
}

/// Boards too large for the bitboard engine (more than 64 bits): win if
/// possible, else block, else a random column, nearer the centre more
/// often, that does not let the opponent win at once.
fn fallback_move(board: &ConnectFour, rng: &mut PlayRng) -> Option<Column> {
    let columns: Vec<Column> = board.legal_columns().collect();
    let wins_after = |board: &ConnectFour, column: Column| {
        let mut next = *board;
        matches!(next.play(column), Ok(Some(outcome)) if outcome.winner().is_some())
    };
    if let Some(&win) = columns.iter().find(|&&c| wins_after(board, c)) {
        return Some(win);
    }
    // The cells where the opponent would complete four next turn.
    let opponent_wins: Vec<Column> = columns
        .iter()
        .copied()
        .filter(|&c| opponent_would_win(board, c))
        .collect();
    if let Some(&block) = opponent_wins.first() {
        return Some(block);
    }
    let safe: Vec<Column> = columns
        .iter()
        .copied()
        .filter(|&c| {
            let mut next = *board;
            next.play(c).is_ok() && !next.legal_columns().any(|r| wins_after(&next, r))
        })
        .collect();
    let pool = if safe.is_empty() { &columns } else { &safe };
    let centre = board.size().columns() as i32 / 2;
    // Two draws, keep the more central: a mild pull to the centre.
    let a = rng.pick(pool)?;
    let b = rng.pick(pool)?;
    Some(
        if (a.0 as i32 - centre).abs() <= (b.0 as i32 - centre).abs() {
            a
        } else {
            b
        },
    )
}

/// Whether the opponent of the side to move would win by playing `column`.
fn opponent_would_win(board: &ConnectFour, column: Column) -> bool {
    let Some(cell) = board.landing_cell(column) else {
        return false;
    };
    let opponent = board.to_move().other();
    // Count the opponent's stones through `cell` in each direction.
    let size = board.size();
    let at = |c: i32, r: i32| {
        c >= 0
            && r >= 0
            && c < size.columns() as i32
            && r < size.rows() as i32
            && board.at(crate::rules::connect_four::Cell {
                column: c as u8,
                row: r as u8,
            }) == Some(opponent)
    };
    let (c0, r0) = (cell.column as i32, cell.row as i32);
    [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| {
        let run = |sign: i32| {
            (1..4)
                .take_while(|&k| at(c0 + sign * k * dc, r0 + sign * k * dr))
                .count()
        };
        run(1) + run(-1) >= 3
    })
}

/// [`ConnectFourEngine::choose_move`] with a fresh engine: simple, but each call
/// starts with an empty table, so reuse a [`ConnectFourEngine`] for a whole game.
pub fn choose_move(
    board: &ConnectFour,
    level: Level,
    rng: &mut PlayRng,
    stop: &AtomicBool,
) -> Option<Column> {
    let log2_size = if level >= Level::Hard { 19 } else { 12 };
    ConnectFourEngine::with_table_size(log2_size).choose_move(board, level, rng, stop)
}
