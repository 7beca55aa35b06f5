//! The exact solver: negamax with alpha-beta pruning, as in Pascal Pons'
//! "Solving Connect 4".
//!
//! Why each piece: only non-losing moves are searched (a forced block or a
//! move under an opponent's winning cell is decided without a search); the
//! score bounds of the position (it cannot end sooner than the stones left
//! allow) narrow the window before any child is searched; the
//! transposition table remembers a bound per position; moves are tried
//! best-looking first; and the exact score is found by a series of
//! null-window searches (`[med, med + 1]`), each of which only answers
//! "above or below `med`" and so cuts far more than one wide search.
//! Additions of ours: a node with a single non-losing move passes straight
//! to its child (no table entry, no sorting), and every node asks the CPU
//! to prefetch its children's table buckets before it scores their moves,
//! which hides most of the table's memory latency. Three more, as in
//! Christophe Steininger's solver: a bound without search from Allis'
//! claimeven ([`claimeven`]); enhanced transposition cutoffs (a child's
//! stored bound may cut the node before any child is searched) near the
//! root; and, in the first plies, one table entry for a position and its
//! mirror image. Together they take the empty board's solve from 110 s to
//! 37 s (`cargo run -p lineup-core --example solve_time`); applied at every depth, the
//! last two cost more than they save.
//!
//! Measured and dropped (the empty board, one thread: 617 M nodes, 37.3
//! s): the move that last cut a node, kept in the table bucket's spare
//! byte and tried first (617 M nodes, 37.2 s: the move the threats put
//! first is nearly always the one that cuts again); threats on the rows
//! that suit the side to move (the first player's odd rows, the second's
//! even ones) counted extra in the order (612 to 638 M nodes, 37.2 to 40.0
//! s); a 512 MB table from the start (563 M nodes, 37.2 s).
//!
//! Score of a position for the side to move: 0 for a draw, positive for a
//! win, `(cells + 1 - before) / 2` where `before` is how many stones are on
//! the board when the winning one is played (on 7×6, 22 minus the stones
//! the winner has placed, so a faster win scores higher); the negative of
//! that for a loss.
//!
//! A search polls its stop flag (and its node or time budget) every few
//! thousand nodes and then unwinds at once without storing anything, so a
//! cancelled search leaves the table correct.
//!
//! With [`Solver::set_threads`] above one, a solve that turns out long goes
//! on probing several null windows at once ([`super::parallel`]).

use super::book::Book;
use super::claimeven;
use super::move_sorter::MoveSorter;
use super::parallel;
use super::position::{Position, PositionError};
use super::shape::{Shape, Standard, Variant};
use super::transposition_table::{DEFAULT_LOG2_SIZE, TranspositionTable};
use crate::rules::ConnectFour;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Printed by the standard solver's `--analyze` for a full column, and by
/// ours (see [`super::solve_cli`]).
pub const INVALID_MOVE: i32 = -1000;

/// Nodes between two looks at the stop flag and the budget (about a tenth
/// of a millisecond of search).
const POLL_INTERVAL: u64 = 4096;

/// A search that has visited this many nodes (most of a second) grows the
/// table to [`LARGE_LOG2_SIZE`] buckets (64 MB), keeping its entries (the
/// game's budgets stop its searches sooner; this is for the solve command
/// and analysis). Why: quick solves run fastest with the small table,
/// which stays in the CPU cache, but a hard one spends its time
/// re-searching what a small table forgot (on the hardest standard set the
/// large one searches a fifth fewer nodes and is about 5% faster; a 256 MB
/// one saves another 7% of nodes but no time).
const GROW_AFTER_NODES: u64 = 10_000_000;

const LARGE_LOG2_SIZE: u32 = 22;

/// With [`Solver::set_threads`] above one, a solve that has searched this
/// many nodes (a tenth of a second) goes on on every thread. Why not from
/// the start: each thread beyond the first copies the table, and short
/// solves, most of them, are over before that pays. Measured with
/// `solve_time` on two threads: going parallel after 10 M nodes instead,
/// `17` took 13.3 s rather than 12.8 s.
pub const PARALLEL_AFTER_NODES: u64 = 1_000_000;

/// Enhanced transposition cutoffs are tried at nodes with more than this
/// many empty cells: near the root a cut saves a large subtree, while near
/// the leaves the extra probes cost more than they save.
const ETC_LEFT: i32 = 20;

/// Why a solve gave no score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The board needs more than 64 bits.
    TooLarge { columns: u8, rows: u8 },
    /// Somebody already has four in a row.
    GameOver,
    /// The stop flag was set.
    Cancelled,
    /// The node limit or the deadline was reached.
    OutOfBudget,
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::TooLarge { columns, rows } => {
                write!(f, "the solver does not support {columns}x{rows} boards")
            }
            SolveError::GameOver => f.write_str("the game is already won"),
            SolveError::Cancelled => f.write_str("the search was cancelled"),
            SolveError::OutOfBudget => f.write_str("the search ran out of time"),
        }
    }
}

impl std::error::Error for SolveError {}

impl From<PositionError> for SolveError {
    fn from(error: PositionError) -> Self {
        match error {
            PositionError::TooLarge { columns, rows } => SolveError::TooLarge { columns, rows },
            PositionError::GameOver => SolveError::GameOver,
        }
    }
}

/// The score of the side to move when it wins with its next stone.
#[inline]
pub fn win_now_score<S: Shape>(position: &Position<S>) -> i32 {
    (position.shape().cells() as i32 + 1 - position.moves() as i32) / 2
}

/// A solver: the transposition table, kept from one solve to the next (its
/// entries stay true for every position of the same board size), and the
/// node counter.
pub struct Solver {
    table: TranspositionTable,
    /// The board size the table's entries belong to.
    table_shape: Option<(u32, u32)>,
    /// Threads a long solve may use (see [`Self::set_threads`]).
    threads: usize,
    /// Nodes after which a solve counts as long.
    parallel_after: u64,
    nodes: u64,
    /// The node count at which searches stop (see [`Self::set_node_limit`]).
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    book: Option<Arc<Book>>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with the default table (8 MB, allocated lazily).
    pub fn new() -> Self {
        Solver::with_table_size(DEFAULT_LOG2_SIZE)
    }

    /// A solver whose table starts with `2^log2_size` buckets of 16 bytes
    /// (3 entries each; grown for long solves); exact for 7×6 from
    /// `log2_size` 19 up.
    pub fn with_table_size(log2_size: u32) -> Self {
        Solver {
            table: TranspositionTable::new(log2_size),
            table_shape: None,
            threads: 1,
            parallel_after: PARALLEL_AFTER_NODES,
            nodes: 0,
            node_limit: None,
            deadline: None,
            book: None,
        }
    }

    /// Lets a solve that has searched [`PARALLEL_AFTER_NODES`] nodes go on
    /// with `threads` threads (at least one; one, the default, is the plain
    /// single-threaded search), each probing its own null windows on its
    /// own copy of the table ([`parallel`]).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Makes a solve go on on every thread after `nodes` nodes instead of
    /// [`PARALLEL_AFTER_NODES`] (0: from its first window, as the tests
    /// do to exercise the parallel search on quick positions).
    pub fn set_parallel_after(&mut self, nodes: u64) {
        self.parallel_after = nodes;
    }

    /// Uses `book` for the positions it holds (when it is for the board
    /// size being solved), or no book.
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.book = book;
    }

    /// Positions searched since the solver was made (or the count reset).
    pub fn node_count(&self) -> u64 {
        self.nodes
    }

    pub fn reset_node_count(&mut self) {
        self.nodes = 0;
    }

    /// Forgets every stored position.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Lets the following searches together visit this many more nodes,
    /// then stops them with [`SolveError::OutOfBudget`] (`None`: no limit).
    /// Shared by every solve of one [`Self::analyze`].
    pub fn set_node_limit(&mut self, nodes: Option<u64>) {
        self.node_limit = nodes.map(|n| self.nodes.saturating_add(n));
    }

    /// Stops every search after `deadline` with [`SolveError::OutOfBudget`].
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// The exact score of a rules position for the side to move.
    pub fn solve(&mut self, board: &ConnectFour, stop: &AtomicBool) -> Result<i32, SolveError> {
        match Position::from_standard(board) {
            Some(position) => self.solve_position(&position?, false, stop),
            None => self.solve_position(&Position::<Variant>::from_any(board)?, false, stop),
        }
    }

    /// Every column's exact score for the side to move if it plays there
    /// (`None` for a full column).
    pub fn analyze(
        &mut self,
        board: &ConnectFour,
        stop: &AtomicBool,
    ) -> Result<Vec<Option<i32>>, SolveError> {
        match Position::from_standard(board) {
            Some(position) => self.analyze_position(&position?, false, stop),
            None => self.analyze_position(&Position::<Variant>::from_any(board)?, false, stop),
        }
    }

    /// The exact score of a rules position and every column that keeps it
    /// (see [`Self::best_columns`]).
    pub fn best(
        &mut self,
        board: &ConnectFour,
        stop: &AtomicBool,
    ) -> Result<(i32, Vec<u32>), SolveError> {
        match Position::from_standard(board) {
            Some(position) => self.best_columns(&position?, false, stop),
            None => self.best_columns(&Position::<Variant>::from_any(board)?, false, stop),
        }
    }

    /// The exact score (`weak`: only its sign, -1, 0 or 1, which is faster).
    pub fn solve_position<S: Shape>(
        &mut self,
        position: &Position<S>,
        weak: bool,
        stop: &AtomicBool,
    ) -> Result<i32, SolveError> {
        if position.can_win_next() {
            return Ok(if weak { 1 } else { win_now_score(position) });
        }
        let shape = position.shape();
        if let Some(score) = fitting(&self.book, shape).and_then(|book| book.get(position)) {
            return Ok(if weak { score.signum() } else { score });
        }
        let start = self.nodes;
        let cells = shape.cells() as i32;
        let moves = position.moves() as i32;
        let (mut min, mut max) = if weak {
            (-1, 1)
        } else {
            (-(cells - moves) / 2, (cells + 1 - moves) / 2)
        };
        while min < max {
            let earlier = self.nodes - start;
            if self.threads > 1 && earlier >= self.parallel_after {
                // A long solve: the rest on every thread.
                self.reset_table_for(shape);
                let budget = self.budget(earlier);
                let (result, nodes) = parallel::narrow(
                    &mut self.table,
                    fitting(&self.book, shape),
                    position,
                    (min, max),
                    stop,
                    self.threads,
                    budget,
                );
                self.nodes += nodes;
                min = result?;
                break;
            }
            let med = probe_at(min, max);
            let r = self.null_window(position, med, stop, earlier)?;
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        // A weak search ends on a bound beyond its window: keep the sign.
        Ok(if weak { min.signum() } else { min })
    }

    /// A null-window search `[alpha, alpha + 1]` of a position whose side
    /// to move cannot win at once: its score if that is `alpha` or
    /// `alpha + 1`, else a bound beyond the window on the same side.
    /// `earlier`: nodes the same solve has searched before this window.
    fn null_window<S: Shape>(
        &mut self,
        position: &Position<S>,
        alpha: i32,
        stop: &AtomicBool,
        earlier: u64,
    ) -> Result<i32, SolveError> {
        let shape = position.shape();
        self.reset_table_for(shape);
        let budget = self.budget(earlier);
        let never = AtomicBool::new(false);
        let interrupts = Interrupts {
            stop,
            abandon: &never,
        };
        let book = fitting(&self.book, shape);
        let mut search = Negamax::new(&mut self.table, book, shape, interrupts, budget);
        let r = search.negamax(position, alpha, alpha + 1);
        self.nodes += search.nodes;
        match search.interrupted {
            Some(error) => Err(error),
            None => Ok(r),
        }
    }

    /// What the next search may do; `earlier`: nodes its solve has
    /// searched before it.
    fn budget(&self, earlier: u64) -> Budget {
        Budget {
            nodes: self
                .node_limit
                .map_or(u64::MAX, |limit| limit.saturating_sub(self.nodes)),
            deadline: self.deadline,
            grow_after: GROW_AFTER_NODES.saturating_sub(earlier),
        }
    }

    /// The position's score and every column that keeps it (a best move),
    /// usually much cheaper than [`Self::analyze_position`]: one solve, then
    /// one null-window search per column, with the table already warm. In a
    /// position of the opening book, only the book's column, at once.
    /// With `weak`, the score is only -1, 0 or 1, and when it is -1 (outside
    /// the book) every playable column is returned.
    pub fn best_columns<S: Shape>(
        &mut self,
        position: &Position<S>,
        weak: bool,
        stop: &AtomicBool,
    ) -> Result<(i32, Vec<u32>), SolveError> {
        let columns = (0..position.shape().width()).filter(|&c| position.can_play(c));
        let wins: Vec<u32> = columns
            .clone()
            .filter(|&c| position.is_winning_move(c))
            .collect();
        if !wins.is_empty() {
            return Ok((if weak { 1 } else { win_now_score(position) }, wins));
        }
        if let Some((score, best)) =
            fitting(&self.book, position.shape()).and_then(|book| book.best_move(position))
        {
            // The book's choice: a best move, maybe not every one.
            return Ok((if weak { score.signum() } else { score }, vec![best]));
        }
        let score = self.solve_position(position, weak, stop)?;
        if weak && score < 0 {
            return Ok((score, columns.collect()));
        }
        let mut best = Vec::new();
        for column in columns {
            let mut child = *position;
            child.play_column(column);
            // The child's score for the opponent must be at most -score.
            let keeps = if child.can_win_next() {
                -(if weak { 1 } else { win_now_score(&child) }) >= score
            } else {
                self.null_window(&child, -score, stop, 0)? <= -score
            };
            if keeps {
                best.push(column);
            }
        }
        Ok((score, best))
    }

    /// The score of every column (`None` when full), as
    /// [`Self::solve_position`] would give after playing it, from the side
    /// to move's point of view.
    pub fn analyze_position<S: Shape>(
        &mut self,
        position: &Position<S>,
        weak: bool,
        stop: &AtomicBool,
    ) -> Result<Vec<Option<i32>>, SolveError> {
        let width = position.shape().width();
        let mut scores = vec![None; width as usize];
        for (column, score) in (0..width).zip(&mut scores) {
            if !position.can_play(column) {
                continue;
            }
            *score = Some(if position.is_winning_move(column) {
                if weak { 1 } else { win_now_score(position) }
            } else {
                let mut child = *position;
                child.play_column(column);
                -self.solve_position(&child, weak, stop)?
            });
        }
        Ok(scores)
    }

    /// Readies the table for `shape`'s keys, forgetting its entries if
    /// they are another board size's.
    fn reset_table_for<S: Shape>(&mut self, shape: S) {
        let dims = (shape.width(), shape.height());
        if self.table_shape != Some(dims) {
            if self.table_shape.is_some() {
                self.table.clear();
            }
            self.table.set_key_bits(shape.width() * shape.stride());
            self.table_shape = Some(dims);
        }
    }
}

/// The window the next null-window search of a position whose score is in
/// `[min, max]` (`min < max`) probes, `[med, med + 1]`: near 0 first (most
/// positions are close to a draw), halving the interval otherwise.
pub(super) fn probe_at(min: i32, max: i32) -> i32 {
    let med = min + (max - min) / 2;
    if med <= 0 && min / 2 < med {
        min / 2
    } else if med >= 0 && max / 2 > med {
        max / 2
    } else {
        med
    }
}

/// The book, if there is one for `shape`'s board size.
fn fitting<S: Shape>(book: &Option<Arc<Book>>, shape: S) -> Option<&Book> {
    book.as_deref().filter(|book| book.fits(shape))
}

/// Columns from the centre outwards: central columns take part in more
/// lines, so they are usually better and are tried first (and the opening
/// book keeps the first of equally good moves).
pub(super) fn column_order<S: Shape>(shape: S) -> [u32; 16] {
    let w = shape.width() as i32;
    let mut order = [0; 16];
    for (i, slot) in order.iter_mut().enumerate().take(w as usize) {
        let i = i as i32;
        *slot = (w / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2) as u32;
    }
    order
}

/// How much a search may do: nodes, and a time it must end by; and after
/// how many nodes it counts as long (see [`GROW_AFTER_NODES`]).
#[derive(Clone, Copy)]
pub(super) struct Budget {
    pub nodes: u64,
    pub deadline: Option<Instant>,
    pub grow_after: u64,
}

/// The flags that end a search early: the caller's stop (cancel), and for
/// a thread of a parallel solve, "the others have made this window
/// pointless".
#[derive(Clone, Copy)]
pub(super) struct Interrupts<'a> {
    pub stop: &'a AtomicBool,
    pub abandon: &'a AtomicBool,
}

/// One null-window search in progress: borrows the table and the flags.
pub(super) struct Negamax<'a, S: Shape> {
    table: &'a mut TranspositionTable,
    book: Option<&'a Book>,
    interrupts: Interrupts<'a>,
    pub(super) nodes: u64,
    next_poll: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    grow_after: u64,
    pub(super) interrupted: Option<SolveError>,
    order: [u32; 16],
    shape: S,
}

impl<'a, S: Shape> Negamax<'a, S> {
    pub(super) fn new(
        table: &'a mut TranspositionTable,
        book: Option<&'a Book>,
        shape: S,
        interrupts: Interrupts<'a>,
        budget: Budget,
    ) -> Self {
        Negamax {
            table,
            book,
            interrupts,
            nodes: 0,
            next_poll: 0,
            node_limit: budget.nodes,
            deadline: budget.deadline,
            grow_after: budget.grow_after,
            interrupted: None,
            order: column_order(shape),
            shape,
        }
    }

    /// Looks at the flags and the budget; true when the search must end.
    #[cold]
    fn poll(&mut self) -> bool {
        self.next_poll = (self.nodes + POLL_INTERVAL).min(self.node_limit);
        if self.nodes >= self.grow_after && self.table.log2_size() < LARGE_LOG2_SIZE {
            self.table.grow(LARGE_LOG2_SIZE);
        }
        if self.interrupts.stop.load(Ordering::Relaxed)
            || self.interrupts.abandon.load(Ordering::Relaxed)
        {
            self.interrupted = Some(SolveError::Cancelled);
        } else if self.nodes >= self.node_limit
            || self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.interrupted = Some(SolveError::OutOfBudget);
        }
        self.interrupted.is_some()
    }

    /// Starts fetching the table slots of the children now, so that their
    /// memory latency overlaps with this node's work.
    #[inline]
    fn prefetch_children(&self, position: &Position<S>, mut moves: u64) {
        while moves != 0 {
            let move_bit = moves & moves.wrapping_neg();
            moves ^= move_bit;
            let mut child = *position;
            child.play(move_bit);
            self.table.prefetch(table_key(&child));
        }
    }

    /// The score if it is within `(alpha, beta)`; otherwise a bound on the
    /// same side of the window. The side to move cannot win at once.
    pub(super) fn negamax(&mut self, position: &Position<S>, mut alpha: i32, mut beta: i32) -> i32 {
        // (No debug assertions here: the project's one profile keeps them
        // on, and they would double the cost of a node.)
        self.nodes += 1;
        if self.nodes >= self.next_poll && self.poll() {
            return 0;
        }
        let shape = self.shape;
        let cells = shape.cells() as i32;
        let moves = position.moves() as i32;

        let next = position.possible_non_losing_moves();
        self.prefetch_children(position, next);
        if next == 0 {
            // Every move lets the opponent win with its next stone.
            return -(cells - moves) / 2;
        }
        if moves >= cells - 2 {
            // Two stones left and neither can win with them.
            return 0;
        }
        // We cannot win with our next stone, nor lose with the opponent's.
        let min = -(cells - 2 - moves) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        if let Some(bound) = claimeven::bound(position)
            && beta > bound
        {
            beta = bound;
            if alpha >= beta {
                return beta;
            }
        }
        let mut max = (cells - 1 - moves) / 2;
        if next & (next - 1) == 0 {
            // One move only (a forced block, say): its score is ours, with
            // no table entry and no sorting for this node.
            if beta > max {
                beta = max;
                if alpha >= beta {
                    return beta;
                }
            }
            let mut child = *position;
            child.play(next);
            return -self.negamax(&child, -beta, -alpha);
        }
        let key = table_key(position);
        match TableBound::decode(shape, self.table.get(key)) {
            Some(TableBound::Lower(lower)) if alpha < lower => {
                alpha = lower;
                if alpha >= beta {
                    return alpha;
                }
            }
            Some(TableBound::Upper(upper)) => max = upper,
            _ => {}
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }

        if let Some(book) = self.book
            && let Some(score) = book.get(position)
        {
            return score;
        }
        if moves + ETC_LEFT < cells {
            // A child whose stored upper bound already puts us at or above
            // beta cuts this node without a search.
            let mut rest = next;
            while rest != 0 {
                let move_bit = rest & rest.wrapping_neg();
                rest ^= move_bit;
                let mut child = *position;
                child.play(move_bit);
                if let Some(TableBound::Upper(upper)) =
                    TableBound::decode(shape, self.table.get(table_key(&child)))
                    && -upper >= beta
                {
                    return -upper;
                }
            }
        }
        // Stones left: how much search an entry saves.
        let work = (cells - moves) as u32;
        let mut sorter = MoveSorter::new();
        for &column in self.order[..shape.width() as usize].iter().rev() {
            let move_bit = next & shape.column_mask(column);
            if move_bit != 0 {
                sorter.add(move_bit, position.move_score(move_bit));
            }
        }
        for move_bit in sorter {
            let mut child = *position;
            child.play(move_bit);
            let score = -self.negamax(&child, -beta, -alpha);
            if self.interrupted.is_some() {
                return 0;
            }
            if score >= beta {
                self.table
                    .put(key, TableBound::Lower(score).encode(shape), work);
                return score;
            }
            alpha = alpha.max(score);
        }
        // No move did better than alpha.
        self.table
            .put(key, TableBound::Upper(alpha).encode(shape), work);
        alpha
    }
}

/// A score bound as the table keeps it, in one byte (0: no entry): upper
/// bounds as `1..=max - min + 1`, lower bounds in the range above them.
#[derive(Clone, Copy)]
enum TableBound {
    /// The score is at most this.
    Upper(i32),
    /// The score is at least this.
    Lower(i32),
}

impl TableBound {
    #[inline]
    fn encode<S: Shape>(self, shape: S) -> u8 {
        let (min, max) = (shape.min_score(), shape.max_score());
        (match self {
            TableBound::Upper(score) => score - min + 1,
            TableBound::Lower(score) => score + max - 2 * min + 2,
        }) as u8
    }

    #[inline]
    fn decode<S: Shape>(shape: S, byte: u8) -> Option<TableBound> {
        let (min, max) = (shape.min_score(), shape.max_score());
        let stored = byte as i32;
        if stored == 0 {
            None
        } else if stored > max - min + 1 {
            Some(TableBound::Lower(stored + 2 * min - max - 2))
        } else {
            Some(TableBound::Upper(stored + min - 1))
        }
    }
}

/// Positions with fewer stones than this share one table entry with their
/// mirror image: near the root both occur often and each subtree is large,
/// while deeper the mirror rarely comes up and the key costs more.
const SYMMETRIC_BELOW: u32 = 16;

/// The position's key in the table.
#[inline]
fn table_key<S: Shape>(position: &Position<S>) -> u64 {
    if position.moves() < SYMMETRIC_BELOW {
        position.symmetric_key()
    } else {
        position.key()
    }
}

/// The score of a 7×6 position given as a move string, for quick checks:
/// `None` when the string is invalid or the game is already over.
pub fn solve_moves(moves: &str) -> Option<i32> {
    let game = ConnectFour::game_from_moves(crate::rules::ConnectFourSize::STANDARD, moves).ok()?;
    let position = Position::from_standard(game.position())?.ok()?;
    let never = AtomicBool::new(false);
    Solver::with_table_size(20)
        .solve_position::<Standard>(&position, false, &never)
        .ok()
}
