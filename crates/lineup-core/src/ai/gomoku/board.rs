//! The engine's own board: a padded cell array that keeps, for every empty
//! point, the line shape a stone of either colour would make there in each
//! of the four directions.
//!
//! Why incremental: a stone only changes the shapes of the points within
//! five cells on its four lines (at most 40), so play/undo refresh those and
//! the search reads everything else (evaluation, threats, fours to block,
//! move ordering) from the stored shapes.
//!
//! Kept beside the shapes, updated with them: per colour, how many points
//! make a five, an open four or any four (what the search's exact checks
//! ask), and the evaluation's sum, which counts each point's four shapes
//! and what they make together (a four-three, a double three).

use super::eval_model::{ATTACK, DEFENCE, EvalModel, PointTable, TO_MOVE, WAITING, line_key};
use super::pattern::{self, FIVE, FOUR, NONE, OFFSETS, OPEN_FOUR, OPEN_THREE, OVERLINE, POW3};
use super::shape_sets::{self, DOUBLE_THREE_BIT, FOUR_THREE_BIT};
use crate::rules::{Gomoku, Point, RuleSet, Side};

pub const EMPTY: u8 = 0;
pub const WALL: u8 = 3;
/// Padding around the board: the pattern keys read five cells away.
const PAD: usize = 5;

/// A colour as an index: 0 Black, 1 White. The cell value is `colour + 1`.
pub type StoneIndex = usize;

/// Marks a position's hash when an odd number of passes changed who moves.
const PASS_KEY: u64 = 0x9e37_79b9_7f4a_7c15;

#[derive(Clone)]
pub struct Board {
    size: usize,
    stride: usize,
    rule: RuleSet,
    cells: Vec<u8>,
    /// `shapes[i][colour][dir]`, kept only for empty cells (NONE elsewhere).
    shapes: Vec<[[u8; 4]; 2]>,
    /// `keys[i][colour][dir]`: the pattern-table key of the ten neighbours,
    /// kept for every board cell. A stone changes one digit of each key on
    /// its lines, so play and undo add or subtract instead of rescanning.
    keys: Vec<[[u16; 4]; 2]>,
    /// Stones within two cells (Chebyshev): where candidate moves live.
    near: Vec<u8>,
    /// The board cells in reading order, for scans.
    points: Vec<usize>,
    zobrist: Vec<[u64; 2]>,
    hash: u64,
    /// Every stone in the order placed, with its colour.
    moves: Vec<(usize, StoneIndex)>,
    counts: [usize; 2],
    /// Passes each colour made: before the search began, and the search's
    /// null moves (`pass`): they count as moves when deciding who is to
    /// move.
    passes: [usize; 2],
    /// How many (cell, direction) pairs are a five for each colour.
    fives: [u32; 2],
    /// How many are an open four (the colour has an open three).
    open_fours: [u32; 2],
    /// How many are a four or an open four: whether the colour can gain a
    /// tempo by threatening five.
    fours: [u32; 2],
    /// How many empty cells are a four-three for each colour.
    four_threes: [u32; 2],
    /// How many are a double three (never for a colour bound by fouls).
    double_threes: [u32; 2],
    /// The sum of the line and set values over empty cells, per colour,
    /// `[colour][TO_MOVE or WAITING]`: with the values of the side to move
    /// and of the side waiting.
    value: [[i32; 2]; 2],
    /// Where those values come from.
    model: &'static EvalModel,
    /// `move_parts[i][colour]`: the parts of cell `i`'s move score seen
    /// from `colour`'s stones, `[ATTACK, DEFENCE]` (the model's move
    /// scores), kept for every board cell like the keys.
    move_parts: Vec<[[i32; 2]; 2]>,
    tables: [&'static [u8]; 2],
    dirs: [usize; 4],
    /// Renju foul verdicts by (position, point), direct-mapped.
    foul_cache: Vec<(u64, bool)>,
}

impl Board {
    /// An empty board valued by the shipped model.
    pub fn new(size: usize, rule: RuleSet) -> Board {
        Board::with_model(size, rule, EvalModel::shipped())
    }

    /// An empty board valued by `model` (the lab's matches of two models).
    pub fn with_model(size: usize, rule: RuleSet, model: &'static EvalModel) -> Board {
        let stride = size + 2 * PAD;
        let mut cells = vec![WALL; stride * stride];
        let mut points = Vec::with_capacity(size * size);
        for y in 0..size {
            for x in 0..size {
                let i = (y + PAD) * stride + x + PAD;
                cells[i] = EMPTY;
                points.push(i);
            }
        }
        // A fixed seed: keys are the same in every run, so tests repeat.
        let mut seed = crate::ai::PlayRng::new(0x005e_ed0f_601d);
        let zobrist = (0..cells.len())
            .map(|_| [seed.next_u64(), seed.next_u64()])
            .collect();
        let exact_black = matches!(rule, RuleSet::ExactFive | RuleSet::Renju);
        let exact_white = rule == RuleSet::ExactFive;
        let mut board = Board {
            size,
            stride,
            rule,
            shapes: vec![[[NONE; 4]; 2]; cells.len()],
            keys: vec![[[0; 4]; 2]; cells.len()],
            near: vec![0; cells.len()],
            move_parts: vec![[[0; 2]; 2]; cells.len()],
            cells,
            points,
            zobrist,
            hash: 0,
            moves: Vec::new(),
            counts: [0; 2],
            passes: [0; 2],
            fives: [0; 2],
            open_fours: [0; 2],
            fours: [0; 2],
            four_threes: [0; 2],
            double_threes: [0; 2],
            value: [[0; 2]; 2],
            model,
            tables: [pattern::table(exact_black), pattern::table(exact_white)],
            dirs: [1, stride, stride + 1, stride - 1],
            foul_cache: vec![(0, false); 1 << 14],
        };
        for k in 0..board.points.len() {
            let i = board.points[k];
            for c in 0..2 {
                for dir in 0..4 {
                    board.keys[i][c][dir] = board.scan_key(i, dir, c);
                }
            }
            board.refresh(i);
            board.add_line_values(i, 1);
            for c in 0..2 {
                let table = board.point_table(c);
                for dir in 0..4 {
                    let key = line_key(board.keys[i][c][dir]);
                    let part = board.model.move_line_score(table, key);
                    board.move_parts[i][c][ATTACK] += part[ATTACK];
                    board.move_parts[i][c][DEFENCE] += part[DEFENCE];
                }
            }
        }
        board
    }

    /// The engine board for a rules position (same stones, same side to
    /// move, since both count stones and passes), valued by the shipped
    /// model.
    pub fn from_position(position: &Gomoku) -> Board {
        Board::from_position_with(position, EvalModel::shipped())
    }

    /// [`Board::from_position`], valued by `model`.
    pub fn from_position_with(position: &Gomoku, model: &'static EvalModel) -> Board {
        let size = position.size() as usize;
        let mut board = Board::with_model(size, position.rule(), model);
        for y in 0..size as u8 {
            for x in 0..size as u8 {
                let p = Point::new(x, y);
                if let Some(side) = position.at(p) {
                    board.place(board.index(p), side.index());
                }
            }
        }
        board.passes = [Side::First, Side::Second].map(|side| position.passes(side));
        if (board.passes[0] + board.passes[1]) % 2 == 1 {
            // The same stones with the other side to move: another entry in
            // the transposition table.
            board.hash ^= PASS_KEY;
        }
        board
    }

    pub fn size(&self) -> usize {
        self.size
    }

    pub fn rule(&self) -> RuleSet {
        self.rule
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn stones(&self) -> usize {
        self.moves.len()
    }

    pub fn is_full(&self) -> bool {
        self.moves.len() == self.size * self.size
    }

    /// The side to move, counted like the rules do: Black unless it has
    /// made more moves (stones and passes) than White.
    pub fn to_move(&self) -> StoneIndex {
        usize::from(self.counts[0] + self.passes[0] > self.counts[1] + self.passes[1])
    }

    pub fn index(&self, p: Point) -> usize {
        (p.y as usize + PAD) * self.stride + p.x as usize + PAD
    }

    pub fn point(&self, i: usize) -> Point {
        Point::new((i % self.stride - PAD) as u8, (i / self.stride - PAD) as u8)
    }

    pub fn points(&self) -> &[usize] {
        &self.points
    }

    pub fn is_empty(&self, i: usize) -> bool {
        self.cells[i] == EMPTY
    }

    pub fn near(&self, i: usize) -> bool {
        self.near[i] > 0
    }

    pub fn shapes(&self, i: usize, c: StoneIndex) -> [u8; 4] {
        self.shapes[i][c]
    }

    /// Whether `c` has a point that makes five right now.
    pub fn has_five(&self, c: StoneIndex) -> bool {
        self.fives[c] > 0
    }

    /// Whether `c` has a point that makes an open four (an open three on
    /// the board; under Renju the point may still be a foul for Black).
    pub fn has_open_four(&self, c: StoneIndex) -> bool {
        self.open_fours[c] > 0
    }

    /// Whether a stone of `c` somewhere makes a four (or an open four): a
    /// threat the other side must answer. Renju fouls not excluded.
    pub fn has_four(&self, c: StoneIndex) -> bool {
        self.fours[c] > 0
    }

    /// Whether `c` has a point it may play that makes an open four (a
    /// Renju foul for Black does not count).
    pub fn can_open_four(&mut self, c: StoneIndex) -> bool {
        if !self.has_open_four(c) {
            return false;
        }
        if !self.fouls_bind(c) {
            return true;
        }
        (0..self.points.len()).any(|k| {
            let i = self.points[k];
            self.cells[i] == EMPTY && self.shapes[i][0].contains(&OPEN_FOUR) && !self.is_foul(i)
        })
    }

    /// The static value for the side to move: its potential against the
    /// opponent's, each counted with its role's values (moving first is
    /// worth more: its threats come first), and what the two sides' threats
    /// make together (`eval_model`).
    pub fn evaluate(&self) -> i32 {
        let me = self.to_move();
        let threats = self
            .model
            .threat_value(self.point_table(me), self.threat_mask(me));
        self.value[me][TO_MOVE] - self.value[1 - me][WAITING] + threats
    }

    /// What each side can make somewhere, for the side `me` to move: bits
    /// 0 to 3 a four, an open four, a four-three and a double three of
    /// `me`'s, bits 4 to 7 the same of the opponent's (`eval_model`).
    pub fn threat_mask(&self, me: StoneIndex) -> usize {
        let side = |c: StoneIndex| {
            usize::from(self.fours[c] > 0)
                | usize::from(self.open_fours[c] > 0) << 1
                | usize::from(self.four_threes[c] > 0) << 2
                | usize::from(self.double_threes[c] > 0) << 3
        };
        side(me) | side(1 - me) << 4
    }

    /// How likely a search is to choose the empty cell `i` for `me`, the
    /// side to move: the model's move score, its attack seen from `me`'s
    /// stones and its defence from the opponent's. The order candidates
    /// are searched in.
    #[inline]
    pub fn move_score(&self, i: usize, me: StoneIndex) -> i32 {
        self.move_parts[i][me][ATTACK] + self.move_parts[i][1 - me][DEFENCE]
    }

    /// The line window of the empty cell `i` for `c` along direction `k`
    /// (`eval_model::line_key`).
    pub fn line_window(&self, i: usize, c: StoneIndex, k: usize) -> usize {
        line_key(self.keys[i][c][k])
    }

    /// Adds (`sign` 1) or takes away (−1) what the four line windows of
    /// cell `i` are worth to each colour: a cell's windows count while it
    /// is empty.
    fn add_line_values(&mut self, i: usize, sign: i32) {
        for c in 0..2 {
            let table = self.point_table(c);
            for k in 0..4 {
                let v = self.model.line_value(table, line_key(self.keys[i][c][k]));
                self.value[c][TO_MOVE] += sign * v[TO_MOVE];
                self.value[c][WAITING] += sign * v[WAITING];
            }
        }
    }

    /// Plays a stone of the side to move at the empty cell `i`.
    pub fn play(&mut self, i: usize) {
        let c = self.to_move();
        self.place(i, c);
    }

    /// The side to move passes (the search's null move): the other side
    /// moves next, the stones unchanged. [`Board::unpass`] takes it back.
    pub fn pass(&mut self) {
        let c = self.to_move();
        self.passes[c] += 1;
        self.hash ^= PASS_KEY;
    }

    /// Takes back the last [`Board::pass`] (no stone played since).
    pub fn unpass(&mut self) {
        let c = 1 - self.to_move();
        debug_assert!(self.passes[c] > 0);
        self.passes[c] -= 1;
        self.hash ^= PASS_KEY;
    }

    /// Takes back the last stone.
    pub fn undo(&mut self) {
        let Some((i, c)) = self.moves.pop() else {
            return;
        };
        self.cells[i] = EMPTY;
        self.counts[c] -= 1;
        self.hash ^= self.zobrist[i][c];
        self.touch_near(i, false);
        self.add_line_values(i, 1);
        self.refresh_lines(i, c, false);
    }

    fn place(&mut self, i: usize, c: StoneIndex) {
        debug_assert_eq!(self.cells[i], EMPTY);
        self.cells[i] = c as u8 + 1;
        self.counts[c] += 1;
        self.hash ^= self.zobrist[i][c];
        self.moves.push((i, c));
        self.touch_near(i, true);
        self.add_line_values(i, -1);
        self.refresh_lines(i, c, true);
    }

    fn touch_near(&mut self, i: usize, add: bool) {
        for dy in -2isize..=2 {
            for dx in -2isize..=2 {
                let j = (i as isize + dy * self.stride as isize + dx) as usize;
                if add {
                    self.near[j] += 1;
                } else {
                    self.near[j] -= 1;
                }
            }
        }
    }

    /// After a stone of `c` was placed at (or lifted from) `i`: moves the
    /// digit for `i` in the keys of every cell within five on its lines, and
    /// looks up the new shapes of the empty ones.
    fn refresh_lines(&mut self, i: usize, c: StoneIndex, placed: bool) {
        self.refresh(i);
        for (k, d) in self.dirs.into_iter().enumerate() {
            for (n, off) in OFFSETS.iter().enumerate() {
                let j = (i as isize + off * d as isize) as usize;
                if self.cells[j] == WALL {
                    continue;
                }
                // `j` sees `i` at offset `-off`, digit `9 - n`.
                let weight = POW3[9 - n] as u16;
                let (own, other) = (weight, 2 * weight);
                let before = self.keys[j];
                let keys = &mut self.keys[j];
                if placed {
                    keys[c][k] += own;
                    keys[1 - c][k] += other;
                } else {
                    keys[c][k] -= own;
                    keys[1 - c][k] -= other;
                }
                let empty = self.cells[j] == EMPTY;
                for (colour, old_key) in before.map(|keys| keys[k]).into_iter().enumerate() {
                    let key = self.keys[j][colour][k];
                    // The windows see four cells each side: the fifth
                    // changes only the shape.
                    if off.abs() <= 4 {
                        self.move_window(j, colour, old_key, key, empty);
                    }
                    if empty {
                        let shape = self.tables[colour][key as usize];
                        self.set_shape(j, colour, k, shape);
                    }
                }
            }
        }
    }

    /// After the key of cell `j` for `colour` along a line moved from
    /// `old_key` to `key`: the window's move-score parts (kept for every
    /// cell) and, while the cell is `empty`, its values.
    fn move_window(&mut self, j: usize, colour: StoneIndex, old_key: u16, key: u16, empty: bool) {
        let table = self.point_table(colour);
        let (old, new) = (line_key(old_key), line_key(key));
        let (was, is) = (
            self.model.move_line_score(table, old),
            self.model.move_line_score(table, new),
        );
        let parts = &mut self.move_parts[j][colour];
        parts[ATTACK] += is[ATTACK] - was[ATTACK];
        parts[DEFENCE] += is[DEFENCE] - was[DEFENCE];
        if empty {
            let (was, is) = (
                self.model.line_value(table, old),
                self.model.line_value(table, new),
            );
            self.value[colour][TO_MOVE] += is[TO_MOVE] - was[TO_MOVE];
            self.value[colour][WAITING] += is[WAITING] - was[WAITING];
        }
    }

    /// Recomputes all four directions at `i` (or clears them when occupied).
    fn refresh(&mut self, i: usize) {
        for c in 0..2 {
            for k in 0..4 {
                let shape = if self.cells[i] == EMPTY {
                    self.tables[c][self.keys[i][c][k] as usize]
                } else {
                    NONE
                };
                self.set_shape(i, c, k, shape);
            }
        }
    }

    fn set_shape(&mut self, i: usize, c: StoneIndex, k: usize, shape: u8) {
        // The point's four shapes as one word, changed with shifts: a byte
        // written at a variable index and read back as four bytes stalls the
        // processor (`perf`: a third of this function's time). With the
        // one-table point values, the search's nodes a second rose by about
        // a tenth (`gomoku_depth 850` on the 30 Renju openings, runs
        // alternated: 618 k on average of eight before, 684 k of seven after).
        let shift = 8 * k;
        let word = u32::from_le_bytes(self.shapes[i][c]);
        let old = (word >> shift) as u8;
        if old == shape {
            return;
        }
        let new = word & !(0xff << shift) | u32::from(shape) << shift;
        self.fives[c] = self.fives[c] + u32::from(shape == FIVE) - u32::from(old == FIVE);
        self.open_fours[c] =
            self.open_fours[c] + u32::from(shape == OPEN_FOUR) - u32::from(old == OPEN_FOUR);
        let is_four = |s: u8| u32::from(s == FOUR || s == OPEN_FOUR);
        self.fours[c] = self.fours[c] + is_four(shape) - is_four(old);
        let table = self.point_table(c);
        let (old_shapes, new_shapes) = (word.to_le_bytes(), new.to_le_bytes());
        let before = self.model.set_value(table, old_shapes);
        let after = self.model.set_value(table, new_shapes);
        self.shapes[i][c] = new_shapes;
        for role in [TO_MOVE, WAITING] {
            self.value[c][role] += after[role] - before[role];
        }
        let before = self.model.move_set_score(table, old_shapes);
        let after = self.model.move_set_score(table, new_shapes);
        for part in [ATTACK, DEFENCE] {
            self.move_parts[i][c][part] += after[part] - before[part];
        }
        let fouls = self.fouls_bind(c);
        let (was, is) = (
            shape_sets::threat_bits(old_shapes, fouls),
            shape_sets::threat_bits(new_shapes, fouls),
        );
        if was != is {
            let bit = |bits: u8, b: u8| u32::from(bits & b != 0);
            self.four_threes[c] =
                self.four_threes[c] + bit(is, FOUR_THREE_BIT) - bit(was, FOUR_THREE_BIT);
            self.double_threes[c] =
                self.double_threes[c] + bit(is, DOUBLE_THREE_BIT) - bit(was, DOUBLE_THREE_BIT);
        }
    }

    /// The key of cell `i` along direction `k` for `c`, read from the cells
    /// (once per cell, when the board is made).
    fn scan_key(&self, i: usize, k: usize, c: StoneIndex) -> u16 {
        let d = self.dirs[k] as isize;
        let own = c as u8 + 1;
        let mut key = 0;
        for (n, off) in OFFSETS.iter().enumerate() {
            let v = self.cells[(i as isize + off * d) as usize];
            let digit = if v == EMPTY {
                0
            } else if v == own {
                1
            } else {
                2
            };
            key += digit * POW3[n];
        }
        key as u16
    }

    /// The first cell, colour and direction whose kept key (or, on an empty
    /// cell, shape) differs from a fresh scan of the cells; `None` when all
    /// agree, as `play` and `undo` must keep them.
    pub fn first_stale_key(&self) -> Option<(Point, StoneIndex, usize)> {
        for &i in &self.points {
            for c in 0..2 {
                for k in 0..4 {
                    let key = self.scan_key(i, k, c);
                    let stale_shape =
                        self.is_empty(i) && self.shapes[i][c][k] != self.tables[c][key as usize];
                    if self.keys[i][c][k] != key || stale_shape {
                        return Some((self.point(i), c, k));
                    }
                }
            }
        }
        None
    }

    /// Whether the kept counts (fives, open fours, fours, four-threes,
    /// double threes) and values agree with a recount over the kept shapes
    /// and keys, as `play` and `undo` must keep them.
    pub fn counts_agree(&self) -> bool {
        let mut fresh = Board {
            fives: [0; 2],
            open_fours: [0; 2],
            fours: [0; 2],
            four_threes: [0; 2],
            double_threes: [0; 2],
            value: [[0; 2]; 2],
            shapes: vec![[[NONE; 4]; 2]; self.cells.len()],
            move_parts: vec![[[0; 2]; 2]; self.cells.len()],
            ..self.clone()
        };
        for &i in &self.points {
            for c in 0..2 {
                for k in 0..4 {
                    fresh.set_shape(i, c, k, self.shapes[i][c][k]);
                }
            }
            if self.is_empty(i) {
                fresh.add_line_values(i, 1);
            }
            for c in 0..2 {
                let table = self.point_table(c);
                for k in 0..4 {
                    let part = self.model.move_line_score(table, self.line_window(i, c, k));
                    fresh.move_parts[i][c][ATTACK] += part[ATTACK];
                    fresh.move_parts[i][c][DEFENCE] += part[DEFENCE];
                }
            }
        }
        let parts_agree = self
            .points
            .iter()
            .all(|&i| !self.is_empty(i) || fresh.move_parts[i] == self.move_parts[i]);
        let kept = |b: &Board| {
            (
                b.fives,
                b.open_fours,
                b.fours,
                b.four_threes,
                b.double_threes,
                b.value,
            )
        };
        kept(&fresh) == kept(self) && parts_agree
    }

    /// The empty cells where `c` makes five now, at most `limit` of them.
    pub fn five_points(&self, c: StoneIndex, limit: usize) -> Vec<usize> {
        let mut found = Vec::new();
        if self.fives[c] == 0 {
            return found;
        }
        for &i in &self.points {
            if self.shapes[i][c].contains(&FIVE) {
                found.push(i);
                if found.len() >= limit {
                    break;
                }
            }
        }
        found
    }

    /// The cells on the four lines through `i` where `c` makes five: after
    /// a four at `i`, the points that must be blocked.
    pub fn five_points_around(&self, i: usize, c: StoneIndex) -> Vec<usize> {
        let mut found = Vec::new();
        for (k, d) in self.dirs.into_iter().enumerate() {
            for off in OFFSETS {
                let j = (i as isize + off * d as isize) as usize;
                if self.cells[j] == EMPTY && self.shapes[j][c][k] == FIVE && !found.contains(&j) {
                    found.push(j);
                }
            }
        }
        found
    }

    /// Whether `c` may play at the empty cell `i`: always, except a Renju
    /// foul for Black.
    pub fn legal(&mut self, i: usize, c: StoneIndex) -> bool {
        !(self.fouls_bind(c) && self.is_foul(i))
    }

    /// Whether `c`'s stones are held to fouls: Black under Renju.
    pub fn fouls_bind(&self, c: StoneIndex) -> bool {
        c == 0 && self.rule == RuleSet::Renju
    }

    /// Whether the search would take this position's static value: nobody
    /// has a five to make, and the side to move has no open four that the
    /// opponent cannot delay (the search knows that as a win). The positions
    /// the evaluation's tuning tools fit on.
    pub fn is_static_leaf(&mut self) -> bool {
        let me = self.to_move();
        let won = self.can_open_four(me) && !self.has_four(1 - me);
        self.five_points(0, 1).is_empty() && self.five_points(1, 1).is_empty() && !won
    }

    /// Which values `c`'s points take in the evaluation.
    pub fn point_table(&self, c: StoneIndex) -> PointTable {
        match (self.rule, c) {
            (RuleSet::Renju, 0) => PointTable::RenjuBlack,
            (RuleSet::Renju, _) => PointTable::RenjuWhite,
            _ => PointTable::Shapes,
        }
    }

    /// Whether a Black stone at the empty cell `i` is a Renju foul. The
    /// shapes rule out almost every point at once (a foul needs two threats
    /// or an overline); the rest go to the rules library, cached.
    pub fn is_foul(&mut self, i: usize) -> bool {
        let s = self.shapes[i][0];
        if s.contains(&FIVE) {
            return false;
        }
        let fours = s.iter().filter(|&&x| x == FOUR || x == OPEN_FOUR).count();
        let threes = s.iter().filter(|&&x| x == OPEN_THREE).count();
        let maybe = s.contains(&OVERLINE) || s.contains(&OPEN_FOUR) || fours >= 2 || threes >= 2;
        if !maybe {
            return false;
        }
        let key = self.hash ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let slot = (key as usize >> 3) & (self.foul_cache.len() - 1);
        if self.foul_cache[slot].0 == key {
            return self.foul_cache[slot].1;
        }
        let foul = self.rules_position().foul_at(self.point(i)).is_some();
        self.foul_cache[slot] = (key, foul);
        foul
    }

    /// The same position in the rules library.
    pub fn rules_position(&self) -> Gomoku {
        let stones = self.moves.iter().map(|&(i, c)| {
            (
                self.point(i),
                if c == 0 { Side::First } else { Side::Second },
            )
        });
        match Gomoku::with_stones(self.size as u8, self.rule, stones) {
            Ok(g) => g,
            Err(_) => Gomoku::standard(self.rule),
        }
    }
}
