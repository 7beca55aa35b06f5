//! The engine a game or the protocol talks to: one call, one move.
//!
//! The order of the checks is the order of urgency: a five to make, a four
//! to block, a win by fours (VCF), a win by threes (VCT), and only then the
//! full search, over root moves that leave the opponent no VCF.

use super::board::Board;
use super::clock::Clock;
use super::levels::{LevelSettings, Pruning, settings};
use super::moves::{candidates, defences};
use super::multipv::{PvLine, PvReport, deepen_lines};
use super::search::{PvsSearch, RootMove, WIN, WON};
use super::threat::{ThreatCache, VctLimits, vcf, vct};
use super::tt::Table;
use crate::ai::{Level, PlayRng};
use crate::rules::gomoku::Move;
use crate::rules::{Gomoku, Point};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What [`GomokuEngine::evaluate`] makes of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// For the side to move; beyond `WON` (either sign) a proven result.
    pub score: i32,
    /// The best move found.
    pub best: Point,
    /// A win by continuous fours for the side to move: the fours before
    /// the five (0: a five now).
    pub vcf: Option<u8>,
}

impl Evaluation {
    fn forced(best: Point, fours: u8) -> Self {
        Evaluation {
            score: WIN - 2 * i32::from(fours) - 1,
            best,
            vcf: Some(fours),
        }
    }
}

/// A Gomoku/Renju player. Keeps its transposition table between moves.
pub struct GomokuEngine {
    tt: Table,
    cache: ThreatCache,
    /// The depth the last full search completed (for reports).
    pub last_depth: i32,
    /// Nodes of the last move's searches.
    pub last_nodes: u64,
    /// What the last move's search made of the position, for the side to
    /// move, at the levels that play their best move: a proven win when a
    /// threat search found one, the full search's best score otherwise
    /// (`None`: a forced answer, or no search ran). The engine lab's
    /// opening book and data tools read it.
    pub last_score: Option<i32>,
    /// The threat caches of the search's helper threads: one per thread
    /// beyond the first (none: one thread).
    helpers: Vec<ThreatCache>,
    /// Nodes a move may search, on each thread (`None`: only time bounds it).
    node_limit: Option<u64>,
    /// Master's pruning, as the engine lab may have changed it.
    master_pruning: Pruning,
}

impl Default for GomokuEngine {
    fn default() -> Self {
        Self::new()
    }
}

impl GomokuEngine {
    /// An engine with a 16 MB transposition table.
    pub fn new() -> Self {
        Self::with_memory(16)
    }

    /// An engine whose transposition table takes about `megabytes`.
    pub fn with_memory(megabytes: usize) -> Self {
        GomokuEngine {
            tt: Table::new(megabytes.max(1)),
            cache: ThreatCache::new(),
            last_depth: 0,
            last_nodes: 0,
            last_score: None,
            helpers: Vec::new(),
            node_limit: None,
            master_pruning: settings(Level::Master).pruning,
        }
    }

    /// A new transposition table of about `megabytes` (what was learnt in
    /// the old one is lost; every other setting is kept).
    pub fn set_memory(&mut self, megabytes: usize) {
        self.tt = Table::new(megabytes.max(1));
    }

    /// How many threads the full search may use (at least one) at the
    /// levels that play their best move (Medium up). The game uses one,
    /// `pbrain-lineup` what the manager's `INFO thread_num` allows. The
    /// threat searches before the full search stay on one.
    pub fn set_threads(&mut self, threads: usize) {
        self.helpers
            .resize_with(threads.clamp(1, 64) - 1, ThreatCache::new);
    }

    /// Bounds each move's search by nodes as well as by time (`None`: by
    /// time only). The threat searches get the shares of it they get of
    /// the time; each thread of the full search gets what is left.
    /// `pbrain-lineup`'s `INFO max_node` sets it, for matches that play the
    /// same on any machine (see [`Clock`]).
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.node_limit = limit;
    }

    /// Changes one of Master's pruning settings (`levels::Pruning::set`),
    /// for the engine lab's matches of two settings: `pbrain-lineup`'s
    /// `INFO lab_NAME VALUE`.
    pub fn set_pruning(&mut self, name: &str, value: i32) -> Result<(), String> {
        self.master_pruning.set(name, value)
    }

    /// A level's settings, with Master's pruning as the lab set it.
    fn settings(&self, level: Level) -> LevelSettings {
        let mut set = settings(level);
        if level == Level::Master {
            set.pruning = self.master_pruning;
        }
        set
    }

    /// The node budget of each move (see [`GomokuEngine::set_node_limit`]).
    pub fn node_limit(&self) -> Option<u64> {
        self.node_limit
    }

    /// What is left of the move's node budget for a phase that may run
    /// until `fifths` fifths of it are spent, as its time share runs until
    /// that much of the time has gone.
    fn nodes_until(&self, fifths: u64) -> Option<u64> {
        self.node_limit
            .map(|n| (n / 5 * fifths).saturating_sub(self.last_nodes))
    }

    /// The threads the full search may use (see [`GomokuEngine::set_threads`]).
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.cache = ThreatCache::new();
        for cache in &mut self.helpers {
            *cache = ThreatCache::new();
        }
    }

    /// A move for the side to move in `position` at `level`, within
    /// `time_limit` (the level may use less) or until `stop` is set. Never a
    /// Renju foul for Black. `None` only on a full board (or when Black has
    /// no allowed point at all).
    pub fn choose_move(
        &mut self,
        position: &Gomoku,
        level: Level,
        rng: &mut PlayRng,
        stop: &AtomicBool,
        time_limit: Duration,
    ) -> Option<Point> {
        let start = Instant::now();
        let set = self.settings(level);
        let budget = time_limit * set.time_percent / 100;
        let deadline = start + budget;
        let mut board = Board::from_position(position);
        self.last_depth = 0;
        self.last_nodes = 0;
        self.last_score = None;
        let found = self.decide(&mut board, &set, rng, stop, start, budget, deadline);
        found
            .or_else(|| any_legal(&mut board))
            .map(|i| board.point(i))
    }

    /// The move to play: [`GomokuEngine::choose_move`]'s point, or a pass when the
    /// side to move has no point it may take (every empty one a Renju foul
    /// for Black). `None` only when the game has no move at all.
    pub fn choose(
        &mut self,
        position: &Gomoku,
        level: Level,
        rng: &mut PlayRng,
        stop: &AtomicBool,
        time_limit: Duration,
    ) -> Option<Move> {
        match self.choose_move(position, level, rng, stop, time_limit) {
            Some(p) => Some(Move::Stone(p)),
            None => position.must_pass().then_some(Move::Pass),
        }
    }

    /// The shortest win by continuous fours for the side to move, up to
    /// `max_fours` fours (the five not counted): its first move and its
    /// length in fours. For hints and analysis; deepens one four at a time.
    pub fn find_vcf(
        &mut self,
        position: &Gomoku,
        max_fours: u8,
        stop: &AtomicBool,
        time_limit: Duration,
    ) -> Option<(Point, u8)> {
        let mut board = Board::from_position(position);
        let me = board.to_move();
        if board.has_five(me) {
            return board
                .five_points(me, 1)
                .first()
                .map(|&i| (board.point(i), 0));
        }
        let mut clock = Clock::new(stop, Instant::now() + time_limit);
        // Depth d allows d fours and the five after them.
        for depth in 1..=max_fours {
            let mut cache = ThreatCache::new();
            if let Some(i) = vcf(&mut board, &mut clock, &mut cache, depth) {
                return Some((board.point(i), depth));
            }
            if clock.stopped() {
                break;
            }
        }
        None
    }

    /// A win by fours and open threes for the side to move, up to
    /// `max_threes` threes (each with its VCF of up to 12 fours): its first
    /// move. For analysis and tests; `None` when there is none within the
    /// limits or the time ran out.
    pub fn find_vct(
        &mut self,
        position: &Gomoku,
        max_threes: u8,
        stop: &AtomicBool,
        time_limit: Duration,
    ) -> Option<Point> {
        let mut board = Board::from_position(position);
        let mut clock = Clock::new(stop, Instant::now() + time_limit);
        let limits = VctLimits {
            depth: max_threes,
            vcf_depth: 12,
            width: 10,
        };
        vct(&mut board, &mut clock, &mut self.cache, &limits).map(|i| board.point(i))
    }

    /// What the position is worth to the side to move, for reviews: a win
    /// by fours if there is one (up to `vcf_fours` fours), else the score of
    /// a search `depth` plies deep, with the best move. Fixed limits, no
    /// clock (only `stop`), so the same game always gets the same values.
    /// `None` when stopped, on a full board, or when Black has no allowed
    /// point.
    pub fn evaluate(
        &mut self,
        position: &Gomoku,
        depth: i32,
        vcf_fours: u8,
        stop: &AtomicBool,
    ) -> Option<Evaluation> {
        let mut board = Board::from_position(position);
        if board.is_full() {
            return None;
        }
        let me = board.to_move();
        if board.has_five(me) {
            let i = *board.five_points(me, 1).first()?;
            return Some(Evaluation::forced(board.point(i), 0));
        }
        // No clock: a review's limits are depth and fours, never time.
        let far = Instant::now() + Duration::from_secs(3600);
        let theirs = board.five_points(1 - me, 1);
        if theirs.is_empty() {
            let mut clock = Clock::new(stop, far);
            for fours in 1..=vcf_fours {
                if let Some(i) = vcf(&mut board, &mut clock, &mut self.cache, fours) {
                    return Some(Evaluation::forced(board.point(i), fours));
                }
                if clock.stopped() {
                    return None;
                }
            }
        }
        let mut set = self.settings(Level::Master);
        set.depth = depth;
        set.vcf_depth = vcf_fours;
        set.leaf_vcf = 0;
        let mut rng = PlayRng::new(0);
        let start = Instant::now();
        let roots = self.root_moves(&mut board, &set, &mut rng, stop, start, far - start);
        let clock = Clock::new(stop, far);
        let mut search = PvsSearch::new(board.clone(), &self.tt, &mut self.cache, &set, clock);
        let (sorted, _) = search.run(roots, depth);
        if search.clock.stopped() {
            return None;
        }
        let best = sorted.first()?;
        Some(Evaluation {
            score: best.score,
            best: board.point(best.index),
            vcf: None,
        })
    }

    /// The best `lines` moves for the side to move in `position`, each
    /// with its score and principal variation, deepening a ply at a time up
    /// to `max_depth` or until `stop`; `report` after each completed depth.
    /// For the analysis board, on one thread, with Master's search but
    /// without its guard against the opponent's VCF, so that a move losing
    /// to one still gets a line (shown lost once the search sees it)
    /// instead of vanishing. A five to make is reported at once, each five
    /// point a line: the search never plays the move that ends the game.
    /// Nothing is reported on a full board or when Black may play nowhere.
    pub fn analyse(
        &mut self,
        position: &Gomoku,
        lines: usize,
        max_depth: i32,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&PvReport),
    ) {
        let mut board = Board::from_position(position);
        if board.is_full() {
            return;
        }
        let me = board.to_move();
        if board.has_five(me) {
            let fives = board.five_points(me, lines.max(1));
            let lines = fives
                .into_iter()
                .map(|i| PvLine {
                    moves: vec![board.point(i)],
                    score: WIN,
                })
                .collect();
            report(&PvReport {
                depth: 1,
                nodes: 0,
                lines,
            });
            return;
        }
        let mut set = self.settings(Level::Master);
        set.depth = max_depth;
        set.guard_vcf = false;
        // No deadline: the analysis runs until it is stopped.
        let start = Instant::now();
        let far = Duration::from_secs(24 * 3600);
        let roots = self.root_moves(&mut board, &set, &mut PlayRng::new(0), stop, start, far);
        if roots.is_empty() {
            return;
        }
        // A node budget (`pbrain-lineup`'s `INFO max_node`) bounds it too.
        let clock = Clock::new(stop, start + far).with_node_limit(self.node_limit);
        let mut search = PvsSearch::new(board, &self.tt, &mut self.cache, &set, clock);
        deepen_lines(&mut search, &self.tt, roots, lines, max_depth, report);
        self.last_nodes = search.clock.nodes;
    }

    #[allow(clippy::too_many_arguments)]
    fn decide(
        &mut self,
        board: &mut Board,
        set: &LevelSettings,
        rng: &mut PlayRng,
        stop: &AtomicBool,
        start: Instant,
        budget: Duration,
        deadline: Instant,
    ) -> Option<usize> {
        if board.is_full() {
            return None;
        }
        let me = board.to_move();
        if board.stones() == 0 {
            let mid = board.size() as u8 / 2;
            let spread = if set.margin > 0 { 3 } else { 1 };
            let dx = rng.below(spread) as u8;
            let dy = rng.below(spread) as u8;
            let p = Point::new(mid + dx - (spread as u8 / 2), mid + dy - (spread as u8 / 2));
            return Some(board.index(p));
        }
        // A five to make.
        if board.has_five(me) && !rng.percent(set.miss_win) {
            return board.five_points(me, 1).first().copied();
        }
        // A four to block (if there are two, the game is lost anyway).
        let theirs = board.five_points(1 - me, 2);
        if !theirs.is_empty() && !rng.percent(set.miss_block) {
            for &i in &theirs {
                if board.legal(i, me) {
                    return Some(i);
                }
            }
        }
        // A win by fours, then by threes, each with a share of the time.
        if set.vcf_depth > 0 && theirs.is_empty() {
            // Deepening one four at a time finds the shortest win first (a
            // failed shallow search costs little next to the deeper one).
            let mut clock = Clock::new(stop, deadline.min(start + budget / 5))
                .with_node_limit(self.nodes_until(1));
            let mut depth = 1;
            loop {
                let found = vcf(board, &mut clock, &mut self.cache, depth);
                if found.is_some() {
                    self.last_nodes += clock.nodes;
                    self.last_score = Some(WIN - 2 * i32::from(depth) - 1);
                    return found;
                }
                if depth >= set.vcf_depth || clock.stopped() {
                    break;
                }
                depth += 1;
            }
            self.last_nodes += clock.nodes;
        }
        if set.vct_depth > 0 && theirs.is_empty() {
            // Until a fifth of the time has gone (the VCF's share included):
            // since the search looks through fours itself (quiesce), the
            // time is better spent deeper there (16 of 60 games against
            // Rapfi at depth 12, against 12 when the VCT had two fifths).
            let mut clock = Clock::new(stop, deadline.min(start + budget / 5))
                .with_node_limit(self.nodes_until(1));
            let limits = VctLimits {
                depth: set.vct_depth,
                vcf_depth: set.vcf_depth.min(10),
                width: 10,
            };
            let found = vct(board, &mut clock, &mut self.cache, &limits);
            self.last_nodes += clock.nodes;
            if found.is_some() {
                self.last_score = Some(WON);
                return found;
            }
        }

        let mut roots = self.root_moves(board, set, rng, stop, start, budget);
        if roots.is_empty() {
            return None;
        }
        if set.margin == 0 {
            // The levels that play their best move: on every thread allowed
            // (with no helpers, this thread alone).
            let (sorted, depth, nodes) = self.search_on_threads(board, set, &roots, stop, deadline);
            self.last_depth = depth;
            self.last_nodes += nodes;
            self.last_score = sorted.first().map(|r| r.score);
            return sorted.first().or(roots.first()).map(|r| r.index);
        }
        // The weak levels, on this thread.
        let clock = Clock::new(stop, deadline).with_node_limit(self.nodes_until(5));
        let mut search = PvsSearch::new(board.clone(), &self.tt, &mut self.cache, set, clock);
        let (mut sorted, depth) = search.run(roots.clone(), set.depth);
        self.last_depth = depth;
        if depth > 0 && !search.clock.stopped() {
            // Weak levels: a fair look at several moves, then a random one
            // among those close to the best.
            sorted.truncate(6);
            for r in &mut sorted {
                r.score = search.score_move(r.index, depth);
            }
            let best = sorted.iter().map(|r| r.score).max().unwrap_or(0);
            let near: Vec<usize> = sorted
                .iter()
                .filter(|r| r.score >= best - set.margin && (best < WON || r.score >= WON))
                .map(|r| r.index)
                .collect();
            self.last_nodes += search.clock.nodes;
            return rng.pick(&near);
        }
        self.last_nodes += search.clock.nodes;
        if sorted.is_empty() {
            sorted = std::mem::take(&mut roots);
        }
        sorted.first().map(|r| r.index)
    }

    /// The full search on this thread and one helper per cache in
    /// `helpers` ("Lazy SMP"): every thread deepens over the same root moves
    /// through the one shared table, the helpers starting at depth 2 or 3,
    /// so that one thread's results cut the other's trees. The deepest
    /// completed iteration decides (the main thread's on a tie, and always
    /// when it proved a result: a helper's deeper but pruned search must not
    /// overrule a proof). Returns the sorted moves, that depth and the nodes
    /// of all threads.
    fn search_on_threads(
        &mut self,
        board: &Board,
        set: &LevelSettings,
        roots: &[RootMove],
        stop: &AtomicBool,
        deadline: Instant,
    ) -> (Vec<RootMove>, i32, u64) {
        let helpers_stop = AtomicBool::new(false);
        let node_limit = self.nodes_until(5);
        let (tt, cache, helpers) = (&self.tt, &mut self.cache, &mut self.helpers);
        std::thread::scope(|scope| {
            let running: Vec<_> = helpers
                .iter_mut()
                .enumerate()
                .map(|(n, helper_cache)| {
                    let (board, roots, helpers_stop) =
                        (board.clone(), roots.to_vec(), &helpers_stop);
                    scope.spawn(move || {
                        let clock = Clock::new(helpers_stop, deadline).with_node_limit(node_limit);
                        let mut search = PvsSearch::new(board, tt, helper_cache, set, clock);
                        let first = 2 + n as i32 % 2;
                        let (sorted, depth) = search.run_from(roots, first, set.depth);
                        (sorted, depth, search.clock.nodes)
                    })
                })
                .collect();
            let clock = Clock::new(stop, deadline).with_node_limit(node_limit);
            let mut search = PvsSearch::new(board.clone(), tt, cache, set, clock);
            let (mut best, mut depth) = search.run(roots.to_vec(), set.depth);
            let mut nodes = search.clock.nodes;
            // The main thread is done (out of time, stopped, at its depth
            // or with a proven result): so are the helpers.
            helpers_stop.store(true, Ordering::Relaxed);
            let proven = best.first().is_some_and(|r| r.score.abs() >= WON);
            for helper in running {
                let (sorted, helper_depth, helper_nodes) = match helper.join() {
                    Ok(result) => result,
                    // A helper's failure is a bug: loud in tests, while a
                    // player's game goes on with the main thread's move.
                    Err(panic) if cfg!(debug_assertions) => std::panic::resume_unwind(panic),
                    Err(_) => continue,
                };
                nodes += helper_nodes;
                if helper_depth > depth && !sorted.is_empty() && !proven {
                    (best, depth) = (sorted, helper_depth);
                }
            }
            (best, depth, nodes)
        })
    }

    /// The legal root moves, ordered (with a little random jitter so that
    /// equal moves vary), without those that let the opponent win by fours.
    fn root_moves(
        &mut self,
        board: &mut Board,
        set: &LevelSettings,
        rng: &mut PlayRng,
        stop: &AtomicBool,
        start: Instant,
        budget: Duration,
    ) -> Vec<RootMove> {
        let me = board.to_move();
        let mut list = candidates(board);
        if board.has_open_four(1 - me) {
            let only = defences(board, &list);
            if !only.is_empty() {
                list = only;
            }
        }
        let mut roots: Vec<RootMove> = Vec::new();
        for (i, score) in list {
            if board.legal(i, me) {
                roots.push(RootMove {
                    index: i,
                    score: score + rng.below(3) as i32,
                });
            }
        }
        roots.sort_by_key(|r| std::cmp::Reverse(r.score));
        roots.truncate(if set.margin > 0 { 12 } else { 30 });
        if set.guard_vcf && roots.len() > 1 {
            let mut clock =
                Clock::new(stop, start + budget * 3 / 5).with_node_limit(self.nodes_until(3));
            let depth = set.vcf_depth.min(12);
            let mut safe = Vec::new();
            for r in &roots {
                board.play(r.index);
                let loses = vcf(board, &mut clock, &mut self.cache, depth).is_some();
                board.undo();
                if clock.stopped() {
                    break;
                }
                if !loses {
                    safe.push(*r);
                }
            }
            self.last_nodes += clock.nodes;
            // Moves that lose to a VCF are dropped, unless all do.
            if !clock.stopped() && !safe.is_empty() {
                return safe;
            }
        }
        roots
    }
}

/// Any point the side to move may play, for when nothing else was found.
fn any_legal(board: &mut Board) -> Option<usize> {
    let me = board.to_move();
    let points = board.points().to_vec();
    let near = points
        .iter()
        .copied()
        .filter(|&i| board.is_empty(i) && board.near(i));
    let all = points.iter().copied().filter(|&i| board.is_empty(i));
    let list: Vec<usize> = near.chain(all).collect();
    list.into_iter().find(|&i| board.legal(i, me))
}
