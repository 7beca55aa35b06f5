//! The main search: principal-variation alpha-beta with iterative deepening,
//! a transposition table, killer moves and a history score.
//!
//! Gomoku-specific pruning keeps it deep: a four of the opponent leaves one
//! move (the block, searched without losing depth), an open three of the
//! opponent leaves only the defences and our own fours, and each node looks
//! at no more than a depth-dependent number of the best-ordered candidates;
//! near the horizon, off the principal variation, a node whose static value
//! is far above beta is not searched at all (futility).
//!
//! From the fourth iteration on, the root searches a narrow window around
//! the last iteration's score first (aspiration) and widens it when the
//! score falls outside.
//!
//! A table move that alone holds its score (the others, searched shallower
//! without it, fall clearly short) is searched a ply deeper: a singular
//! extension. Should the others instead reach beta without it, the node is
//! cut there (a multi-cut).
//!
//! Two exact shortcuts and one look past the horizon: a side that can make
//! an open four while the opponent has no four to answer with has won (two
//! moves later, whatever the reply); and a leaf is not taken at its static
//! value before the side to move has tried its fours (`quiesce`).
//!
//! Measured and left out, for depth (`gomoku_depth 850`, 30 openings, this
//! build 10.43) and then strength against Rapfi: a null move from depth 8
//! (off the main line, static value at or above beta, no open three of the
//! opponent; 10.73); move-count pruning of quiet moves off the main line
//! (3 + depth^1.32 of them, half unless the static value rose over two
//! plies; 10.93); late-move reductions of ln·ln/1.2 instead of /2.2
//! (11.17), a ply more off the main line (11.33); reductions at the root
//! (11.23). All five together reach 12.07, and 13.5 without the singular
//! extension or the quiescence fours, yet score 12 of 20 against Rapfi at
//! depth 12 (this build: 57% over 180) and 0 of 20 at depth 16 (this
//! build: 2 of 20): plies gained by pruning harder lose what this
//! evaluation needs to see.
//!
//! Those measures came before the learned values; the engine lab now tries
//! each cut again by SPRT (docs/gomocup.md). The null move and the internal
//! iterative reduction are its settings (`levels::Pruning`), off at every
//! level until a test keeps them.

use super::board::Board;
use super::clock::Clock;
use super::levels::{LevelSettings, Pruning};
use super::moves::{
    defences, four_moves, keep_best, makes_three, point_value, unordered_candidates,
};
use super::threat::{ThreatCache, vcf};
use super::tt::{Bound, Table};

/// A won position; `WIN - ply` so that faster wins score higher.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this are proven wins or losses.
pub const WON: i32 = WIN - 1000;
const MAX_PLY: usize = 60;
/// How many of the side to move's fours a leaf tries at each step.
const QUIESCE_WIDTH: usize = 6;
/// How far under the table's score, per ply of depth, every other move must
/// stay for the table move to be singular: a two-hundredth of the
/// evaluation's logistic scale (651) a ply. Measured against Rapfi at depth
/// 12, 60 games each, beside the build before it (25 wins): from depth 7
/// (`levels`, `SINGULAR_DEPTH`) with this margin, 37 wins; with open threes
/// unreduced as well (`reduction`), 38 and 36.
const SINGULAR_MARGIN: i32 = 3;

pub struct PvsSearch<'a, 'c> {
    pub board: Board,
    tt: &'a Table,
    pub clock: Clock<'c>,
    killers: [[usize; 2]; MAX_PLY],
    history: Vec<u32>,
    threats: &'a mut ThreatCache,
    /// Fours a leaf may look through for a VCF (0: none).
    leaf_vcf: u8,
    /// Fours in a row a leaf looks through before it stands (0: none; the
    /// weak levels keep their short sight).
    quiesce_fours: i32,
    /// Futility, late moves, reductions, razoring (`levels::Pruning`).
    pruning: Pruning,
    /// The static value of the node at each ply of the line searched:
    /// whether the side to move's position improved over its last move.
    evals: [i32; MAX_PLY],
    /// Half the width of an iteration's first window around the last
    /// score (0: always the full window).
    aspiration: i32,
    /// Depth from which table moves are tested for a singular extension
    /// (0: never).
    singular_depth: i32,
    /// The iteration's depth: no extension at or past twice as many plies
    /// from the root, so that a chain of them cannot run away.
    root_depth: i32,
    /// Whether the move into the node at each ply was a null move: never
    /// two in a row.
    passed: [bool; MAX_PLY],
}

/// What the singular test makes of a table move.
enum Singular {
    /// Only it holds the score: search it a ply deeper.
    Extend,
    /// Even without it the node fails high: this bound is its value.
    Cut(i32),
    /// Neither.
    No,
}

/// A root move with its score from the last completed iteration.
#[derive(Clone, Copy, Debug)]
pub struct RootMove {
    pub index: usize,
    pub score: i32,
}

impl<'a, 'c> PvsSearch<'a, 'c> {
    pub fn new(
        board: Board,
        tt: &'a Table,
        threats: &'a mut ThreatCache,
        set: &LevelSettings,
        clock: Clock<'c>,
    ) -> Self {
        let cells = board.points().last().map_or(0, |&i| i + 1);
        PvsSearch {
            board,
            tt,
            clock,
            killers: [[usize::MAX; 2]; MAX_PLY],
            history: vec![0; cells],
            threats,
            leaf_vcf: set.leaf_vcf,
            quiesce_fours: set.quiesce_fours,
            pruning: set.pruning,
            evals: [0; MAX_PLY],
            aspiration: set.aspiration,
            singular_depth: set.singular_depth,
            root_depth: 1,
            passed: [false; MAX_PLY],
        }
    }

    /// Iterative deepening over `roots` (legal moves, best guess first) up
    /// to `max_depth`; returns the moves sorted by their last scores and the
    /// depth completed. A proven result ends the deepening early.
    pub fn run(&mut self, roots: Vec<RootMove>, max_depth: i32) -> (Vec<RootMove>, i32) {
        self.run_from(roots, 1, max_depth)
    }

    /// [`PvsSearch::run`] from `first_depth` on: a helper thread starts deeper
    /// than the main one, so that the threads do not search the same trees
    /// in step (they share the transposition table).
    pub fn run_from(
        &mut self,
        mut roots: Vec<RootMove>,
        first_depth: i32,
        max_depth: i32,
    ) -> (Vec<RootMove>, i32) {
        let mut completed = 0;
        for depth in first_depth..=max_depth {
            let Some(scored) = self.deepen(&mut roots, depth, completed) else {
                break;
            };
            roots = scored;
            completed = depth;
            if roots[0].score.abs() >= WON || roots.len() == 1 {
                break;
            }
        }
        (roots, completed)
    }

    /// One iteration of the deepening at `depth` over `roots` (not empty;
    /// the last iteration's order and scores, `completed` its depth, 0 for
    /// none): the moves sorted by their new scores, best first. `None` when
    /// the clock stopped it, `roots` then holding the partial iteration's
    /// new best first if it found one. Why apart from [`PvsSearch::run_from`]:
    /// the analysis board's several lines deepen each line's moves in turn
    /// (`multipv`), with the same windows.
    pub fn deepen(
        &mut self,
        roots: &mut Vec<RootMove>,
        depth: i32,
        completed: i32,
    ) -> Option<Vec<RootMove>> {
        self.root_depth = depth;
        // Aspiration: once a few plies are done the score moves little
        // from one iteration to the next, so the window starts narrow
        // around the last one (more cuts) and widens fourfold each time
        // the score lands outside it, to the full window past 2000.
        let previous = roots[0].score;
        let mut delta = self.aspiration;
        let narrow = delta > 0 && depth >= 4 && completed > 0 && previous.abs() < WON;
        let (mut low, mut high) = if narrow {
            (previous - delta, previous + delta)
        } else {
            (-WIN - 1, WIN + 1)
        };
        let mut scored = loop {
            let scored = self.iterate(roots, depth, low, high);
            if self.clock.stopped() {
                break scored;
            }
            let best = scored.iter().map(|r| r.score).max().unwrap_or(low);
            delta *= 4;
            if best <= low && low > -WIN - 1 {
                low = if delta > 2000 {
                    -WIN - 1
                } else {
                    previous - delta
                };
            } else if best >= high && high < WIN + 1 {
                // Past a proven win only the full window is left.
                high = if delta > 2000 || best >= WON {
                    WIN + 1
                } else {
                    previous + delta
                };
                // The move that failed high is searched first, its bound
                // as its score: should the clock stop the search again,
                // that is what it is known to be worth.
                if let Some(top) = scored.iter().max_by_key(|r| r.score).copied() {
                    roots.retain(|r| r.index != top.index);
                    roots.insert(0, top);
                }
            } else {
                break scored;
            }
        };
        if self.clock.stopped() {
            // A partial iteration counts only if it found a new best.
            if let Some(best) = scored.iter().max_by_key(|r| r.score)
                && scored.len() > 1
                && best.index != roots[0].index
                && best.score > roots[0].score
            {
                let best = *best;
                roots.retain(|r| r.index != best.index);
                roots.insert(0, best);
            }
            return None;
        }
        scored.sort_by_key(|r| std::cmp::Reverse(r.score));
        Some(scored)
    }

    /// One iteration over `roots` at `depth` in the window `low..high`:
    /// each move's score, in the order searched, up to the first that fails
    /// high (or the clock's stop).
    fn iterate(&mut self, roots: &[RootMove], depth: i32, low: i32, high: i32) -> Vec<RootMove> {
        let mut alpha = low;
        let mut scored: Vec<RootMove> = Vec::with_capacity(roots.len());
        for (n, root) in roots.iter().enumerate() {
            self.board.play(root.index);
            let score = if n == 0 {
                -self.negamax(depth - 1, 1, -high, -alpha)
            } else {
                let s = -self.negamax(depth - 1, 1, -alpha - 1, -alpha);
                if s > alpha && s < high && !self.clock.stopped() {
                    -self.negamax(depth - 1, 1, -high, -alpha)
                } else {
                    s
                }
            };
            self.board.undo();
            if self.clock.stopped() {
                break;
            }
            // Moves that failed low keep a score just under the best, in
            // their old order, for the next iteration's ordering.
            let score = if score > alpha {
                score
            } else {
                alpha - 1 - n as i32
            };
            alpha = alpha.max(score);
            scored.push(RootMove {
                index: root.index,
                score,
            });
            if score >= high {
                break;
            }
        }
        scored
    }

    /// The exact score of one root move at `depth` (full window), for the
    /// levels that choose among near-equal moves.
    pub fn score_move(&mut self, index: usize, depth: i32) -> i32 {
        self.board.play(index);
        let s = -self.negamax(depth - 1, 1, -WIN - 1, WIN + 1);
        self.board.undo();
        s
    }

    fn width(depth: i32) -> usize {
        match depth {
            ..=1 => 12,
            2 => 14,
            3 => 16,
            _ => 20,
        }
    }

    fn negamax(&mut self, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        self.negamax_without(depth, ply, alpha, beta, None)
    }

    /// [`PvsSearch::negamax`] over every move but `excluded` (the singular
    /// test's search): it neither reads nor writes the table, whose entry
    /// for this position counts the excluded move. (Killers and history it
    /// updates like any search.)
    fn negamax_without(
        &mut self,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        excluded: Option<usize>,
    ) -> i32 {
        let me = self.board.to_move();
        if self.board.has_five(me) {
            return WIN - ply as i32;
        }
        if self.clock.tick() {
            return 0;
        }
        if ply >= MAX_PLY - 1 || self.board.is_full() {
            return self.board.evaluate();
        }
        let theirs = self.board.five_points(1 - me, 2);
        if theirs.len() >= 2 {
            return -(WIN - ply as i32 - 1);
        }
        if let Some(&block) = theirs.first() {
            if !self.board.legal(block, me) {
                return -(WIN - ply as i32 - 1);
            }
            // Forced: searched at the same depth, it costs no branching.
            self.board.play(block);
            let s = -self.negamax(depth, ply + 1, -beta, -alpha);
            self.board.undo();
            return s;
        }
        // An open four that the opponent cannot answer with a four of its
        // own wins: one end is blocked, the other makes five.
        if !self.board.has_four(1 - me) && self.board.can_open_four(me) {
            return WIN - ply as i32 - 2;
        }
        if depth <= 0 {
            return self.quiesce(depth, ply, alpha, beta);
        }

        let key = self.board.hash();
        let mut tt_move = None;
        let mut tt_entry = None;
        if let Some(hit) = self.tt.probe(key).filter(|_| excluded.is_none()) {
            tt_move = hit.best;
            let score = from_tt(hit.score, ply);
            tt_entry = Some((score, hit.depth as i32, hit.bound));
            if hit.depth as i32 >= depth {
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                    Bound::None => false,
                };
                if cut {
                    return score;
                }
            }
        }

        // The opponent holds an open three: only defences and our fours
        // matter, and no static value can be trusted.
        let threatened = self.board.has_open_four(1 - me);
        let p = self.pruning;

        // Internal iterative reduction: a node the table knows no move of
        // is likely one no earlier iteration thought worth a deep look.
        if p.iir_depth > 0 && depth >= p.iir_depth && tt_move.is_none() && excluded.is_none() {
            depth -= 1;
        }

        let eval = self.board.evaluate();
        self.evals[ply] = eval;
        let improving = ply >= 2 && eval > self.evals[ply - 2];
        let off_line = beta - alpha == 1 && !threatened && excluded.is_none();

        // Futility: a node near the horizon whose static value beats
        // beta by a margin for each ply left is taken at that value, not
        // searched. Not on the principal variation (exact values matter
        // there), and not while the opponent holds an open three (the value
        // would hide the threat). Why: most shallow nodes off the main line
        // are lopsided and a search only confirms it; the plies saved go
        // deeper where it matters (measured: `levels::FUTILITY_MARGIN`).
        if depth <= p.futility_depth
            && off_line
            && eval < WON
            && eval - p.futility_margin * depth >= beta
        {
            return eval;
        }
        // Razoring: a node near the horizon far under alpha is only worth
        // a look through its fours.
        if depth <= p.razor_depth && off_line && eval + p.razor_margin * depth < alpha {
            return self.quiesce(0, ply, alpha, beta);
        }

        // Null move: a node so good that the opponent, given two moves in
        // a row, still cannot bring it under beta is cut. Not after a null
        // move, and not near a proven result.
        if p.null_move_depth > 0
            && depth >= p.null_move_depth
            && off_line
            && !self.passed[ply]
            && eval >= beta
            && beta.abs() < WON
        {
            let r = p.null_move_reduction + depth / 4;
            self.board.pass();
            self.passed[ply + 1] = true;
            let s = -self.negamax((depth - 1 - r).max(0), ply + 1, -beta, -beta + 1);
            self.passed[ply + 1] = false;
            self.board.unpass();
            if self.clock.stopped() {
                return 0;
            }
            if s >= beta {
                return if s >= WON { beta } else { s };
            }
        }

        let mut list = unordered_candidates(&self.board);
        if threatened {
            let only = defences(&self.board, &list);
            if !only.is_empty() {
                list = only;
            }
        }
        for entry in &mut list {
            entry.1 += (self.history[entry.0] / 8).min(200) as i32;
            if Some(entry.0) == tt_move {
                entry.1 += 10_000_000;
            } else if self.killers[ply].contains(&entry.0) {
                entry.1 += 1_000;
            }
        }
        keep_best(&mut list, Self::width(depth));

        let original_alpha = alpha;
        let mut best = -WIN - 1;
        let mut best_move = None;
        let late = late_move_count(depth, improving);
        let mut shallower = 0;
        for (n, &(i, _)) in list.iter().enumerate() {
            if Some(i) == excluded || !self.board.legal(i, me) {
                continue;
            }
            // Late moves off the main line, once one that does not lose
            // is in hand, are left out.
            if p.late_moves > 0
                && beta - alpha == 1
                && n >= late
                && best > -WON
                && (p.late_moves == 2 || !makes_three(self.board.shapes(i, me)))
            {
                continue;
            }
            let mut extension = 0;
            if Some(i) == tt_move
                && let Some(entry) = tt_entry
            {
                let verdict = self.singular(i, entry, depth, ply, beta);
                if self.clock.stopped() {
                    return 0;
                }
                match verdict {
                    Singular::Extend => extension = 1,
                    Singular::Cut(score) => return score,
                    Singular::No => {}
                }
            }
            let quiet = !makes_three(self.board.shapes(i, me));
            self.board.play(i);
            let score = if best_move.is_none() {
                -self.negamax(depth - 1 + extension, ply + 1, -beta, -alpha)
            } else {
                // Late quiet moves are searched shallower first, the later
                // and the deeper the more.
                let reduce = if quiet {
                    reduction(depth, n, p.reduction_divisor)
                } else {
                    0
                };
                let full = depth - 1 - shallower;
                let mut s = -self.negamax((full - reduce).max(0), ply + 1, -alpha - 1, -alpha);
                if s > alpha && !self.clock.stopped() {
                    s = -self.negamax(depth - 1, ply + 1, -beta, -alpha);
                }
                s
            };
            self.board.undo();
            if self.clock.stopped() {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(i);
            }
            if score > alpha {
                alpha = score;
                // After a move that raised alpha the rest are less likely
                // to: searched a ply shallower first (a re-search restores).
                if p.after_alpha > 0 && depth > 2 && depth < 12 && score.abs() < WON {
                    shallower = 1;
                }
            }
            if alpha >= beta {
                let k = &mut self.killers[ply];
                if k[0] != i {
                    k[1] = k[0];
                    k[0] = i;
                }
                self.history[i] += (depth * depth) as u32;
                break;
            }
        }
        if excluded.is_some() {
            // The singular test's search: with no other move to play, the
            // others hold nothing (a fail low).
            return if best_move.is_none() { alpha } else { best };
        }
        if best_move.is_none() {
            // Every candidate was a foul: as good as lost for Black.
            return -(WIN - ply as i32 - 1);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, depth as i8, to_tt(best, ply), bound, best_move);
        best
    }

    /// Whether the table move `i` (its entry: score, depth, bound) is
    /// singular at this node: every other move, searched to half the depth
    /// against a bound `SINGULAR_MARGIN` a ply under the table's score,
    /// fails low. If they instead reach `beta` the node is cut without
    /// searching `i` at all (several moves hold: a multi-cut).
    ///
    /// Why: a node whose value rests on one move is where a search cut
    /// short goes wrong (the one defence that holds, the one attack that
    /// wins); the extra ply goes there and not to the many moves that all
    /// lose.
    fn singular(
        &mut self,
        i: usize,
        (score, tt_depth, bound): (i32, i32, Bound),
        depth: i32,
        ply: usize,
        beta: i32,
    ) -> Singular {
        let testable = self.singular_depth > 0
            && depth >= self.singular_depth
            && matches!(bound, Bound::Lower | Bound::Exact)
            && tt_depth >= depth - 2
            && score.abs() < WON
            && ply < 2 * self.root_depth as usize;
        if !testable {
            return Singular::No;
        }
        let bar = score - SINGULAR_MARGIN * depth;
        let others = self.negamax_without((depth - 1) / 2, ply, bar - 1, bar, Some(i));
        if others < bar {
            Singular::Extend
        } else if bar >= beta {
            Singular::Cut(bar)
        } else {
            Singular::No
        }
    }

    /// The value of a leaf, looked through the side to move's fours: it
    /// may stand on the static value or play a four (the opponent's block is
    /// forced and costs nothing), up to `quiesce_fours` fours deep.
    ///
    /// Why: a leaf one four away from a four-three, or from a block that
    /// makes its own threat, is worth far more or less than its shapes say;
    /// fours are few and their replies forced, so looking costs little.
    fn quiesce(&mut self, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        let mut best = self.leaf(ply);
        if best >= beta || depth <= -self.quiesce_fours {
            return best;
        }
        let me = self.board.to_move();
        if !self.board.has_four(me) {
            return best;
        }
        alpha = alpha.max(best);
        let fours = four_moves(&mut self.board, me, QUIESCE_WIDTH, |own, theirs| {
            point_value(own) + point_value(theirs) / 2
        });
        for i in fours {
            self.board.play(i);
            let score = -self.negamax(depth - 1, ply + 1, -beta, -alpha);
            self.board.undo();
            if self.clock.stopped() {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The value of a quiet leaf: a win when the side to move has a short
    /// VCF (levels that look for one), else the static evaluation.
    fn leaf(&mut self, ply: usize) -> i32 {
        if self.leaf_vcf > 0
            && vcf(
                &mut self.board,
                &mut self.clock,
                self.threats,
                self.leaf_vcf,
            )
            .is_some()
        {
            // Not a proven win: the tree above was pruned, so a defence may
            // have been left out. High, but not high enough to end the search.
            return 50_000 - ply as i32;
        }
        // An open four the side to move can make (not a win yet: negamax
        // checked, the opponent has a four to answer with first) is in the
        // evaluation's weights.
        self.board.evaluate()
    }
}

/// Plies a quiet move (one that makes no open three, four or five) is
/// reduced by when it is the `n`th (from 0) tried at `depth`: none for the
/// first three or below depth 3, then ln(depth)·ln(n)/2.2 rounded, leaving
/// at least one ply. In integers (a table of logarithms), so that every
/// machine reduces alike.
///
/// Why attacks are never reduced: a threat the opponent must answer is what
/// a shallow search misjudges. Measured as `SINGULAR_MARGIN` says, and
/// alone, beside the same build before it: 34 of 60 against 25.
fn reduction(depth: i32, n: usize, divisor: i32) -> i32 {
    if n < 3 || depth < 3 {
        return 0;
    }
    let ln = |x: usize| LN_CENTI[x.min(LN_CENTI.len() - 1)];
    let r = (ln(depth as usize) * ln(n) * 10 / divisor as u32 + 5000) / 10000;
    (r as i32).clamp(1, depth - 1)
}

/// How many moves a node `depth` plies from the horizon searches off the
/// main line before late-move pruning (`Pruning::late_moves`) leaves the
/// rest out: (3 + depth^1.32) / 2, twice that when the side to move's
/// static value rose over its last move. In integers, so that every
/// machine prunes alike.
fn late_move_count(depth: i32, improving: bool) -> usize {
    // 3 + ⌊d^1.32⌋ for d = 0 to 20.
    const COUNTS: [usize; 21] = [
        3, 4, 5, 7, 9, 11, 13, 16, 18, 21, 23, 26, 29, 32, 35, 38, 41, 45, 48, 51, 55,
    ];
    let count = COUNTS[depth.clamp(0, 20) as usize];
    if improving { count } else { count / 2 }
}

/// 100·ln(x), rounded, for x from 0 (unused) to 40.
const LN_CENTI: [u32; 41] = [
    0, 0, 69, 110, 139, 161, 179, 195, 208, 220, 230, 240, 248, 256, 264, 271, 277, 283, 289, 294,
    300, 304, 309, 314, 318, 322, 326, 330, 333, 337, 340, 343, 347, 350, 353, 356, 358, 361, 364,
    366, 369,
];

/// Mate scores are stored relative to the node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= WON {
        score + ply as i32
    } else if score <= -WON {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= WON {
        score - ply as i32
    } else if score <= -WON {
        score + ply as i32
    } else {
        score
    }
}
