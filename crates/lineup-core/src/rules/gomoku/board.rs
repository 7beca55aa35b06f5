use super::renju::Verdict;
use super::{GomokuSize, Move, Point, RuleSet};
use crate::rules::error::SizeError;
use crate::rules::{Foul, MoveError, Outcome, Rules, Side};
use std::fmt;

/// Why a set-up position could not be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupError {
    Size(SizeError),
    /// Stone number `.0` (0-based), at `.1`, could not be placed.
    Stone(usize, Point, MoveError),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Size(e) => e.fmt(f),
            SetupError::Stone(n, p, e) => write!(f, "stone {} at {p}: {e}", n + 1),
        }
    }
}

impl std::error::Error for SetupError {}

/// What a cell of the padded array holds.
pub(super) const EMPTY: u8 = 0;
pub(super) const BLACK: u8 = 1;
pub(super) const WHITE: u8 = 2;
/// Off the board. Every scan stops at the first wall, so the loops below need
/// no bounds checks.
pub(super) const WALL: u8 = 3;

/// A Gomoku position: the stones on a square board and the rule set.
///
/// Under Renju, Black's forbidden points are refused with their foul:
///
/// ```
/// use lineup_core::rules::gomoku::Move;
/// use lineup_core::rules::{Foul, Gomoku, MoveError, Point, RuleSet};
///
/// // Black on g8 h8 (a row) and i9 i10 (a column); White far away.
/// let moves = "g8 a1 h8 a3 i9 a5 i10 a7";
/// let mut renju = Gomoku::game_from_moves(Gomoku::standard(RuleSet::Renju), moves)
///     .expect("legal moves");
/// let i8 = Point::parse("i8").expect("a point");
/// // i8 would make two open threes at once.
/// assert_eq!(renju.position().foul_at(i8), Some(Foul::DoubleThree));
/// assert_eq!(
///     renju.play(Move::Stone(i8)),
///     Err(MoveError::Forbidden(Foul::DoubleThree))
/// );
/// // Freestyle forbids nothing.
/// let freestyle = Gomoku::game_from_moves(Gomoku::standard(RuleSet::Freestyle), moves)
///     .expect("legal moves");
/// assert_eq!(freestyle.position().foul_at(i8), None);
/// ```
///
/// Cells live in one array of rows `stride = size + 1` wide, with a wall
/// column at the start of each row and a wall row below and above the board.
/// One wall is enough on every side: the four line directions are the index
/// steps 1, `stride`, `stride + 1` and `stride - 1`, and each hits a wall the
/// moment it leaves the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Gomoku {
    size: GomokuSize,
    rule: RuleSet,
    pub(super) cells: Vec<u8>,
    stones: u16,
    black: u16,
    /// Who passed, in order (a pass leaves no stone to count).
    passes: Vec<Side>,
}

impl Gomoku {
    /// An empty `size`×`size` board, the size checked here (the command
    /// line's and the tests' way in; [`Gomoku::empty`] takes one already
    /// checked).
    pub fn new(size: u8, rule: RuleSet) -> Result<Self, SizeError> {
        Ok(Gomoku::empty(GomokuSize::new(size)?, rule))
    }

    /// An empty board of a checked size.
    pub fn empty(size: GomokuSize, rule: RuleSet) -> Self {
        let n = size.get();
        let stride = n as usize + 1;
        let mut cells = vec![WALL; stride * (n as usize + 2) + 1];
        for y in 0..n {
            for x in 0..n {
                cells[Self::index_in(stride, Point::new(x, y))] = EMPTY;
            }
        }
        Gomoku {
            size,
            rule,
            cells,
            stones: 0,
            black: 0,
            passes: Vec::new(),
        }
    }

    /// A set-up position (a puzzle, a test case): the stones are placed as
    /// given, without the rules of play, so the counts need not alternate.
    /// The side with fewer stones moves next, Black when they are equal.
    /// Refuses the first stone off the board or on another, by index.
    pub fn with_stones(
        size: u8,
        rule: RuleSet,
        stones: impl IntoIterator<Item = (Point, Side)>,
    ) -> Result<Self, SetupError> {
        let mut board = Gomoku::new(size, rule).map_err(SetupError::Size)?;
        for (n, (p, side)) in stones.into_iter().enumerate() {
            if !board.contains(p) {
                return Err(SetupError::Stone(n, p, MoveError::OutsideBoard));
            }
            let i = board.index(p);
            if board.cells[i] != EMPTY {
                return Err(SetupError::Stone(n, p, MoveError::Occupied));
            }
            board.put(i, side);
        }
        Ok(board)
    }

    /// A set-up position's passes, who passed in order: they count for
    /// whose turn it is as the stones do (not checked, as set-up stones
    /// are not). For a Gomocup engine, which hears the moves one by one.
    pub fn with_passes(mut self, passes: impl IntoIterator<Item = Side>) -> Self {
        self.passes.extend(passes);
        self
    }

    /// An empty 15×15 board.
    pub fn standard(rule: RuleSet) -> Self {
        Gomoku::empty(GomokuSize::STANDARD, rule)
    }

    /// The number of points along a side.
    pub fn size(&self) -> u8 {
        self.size.get()
    }

    /// The board's size as a checked [`GomokuSize`] (what a
    /// [`GameKind`](crate::match_setup::GameKind) holds).
    pub fn board_size(&self) -> GomokuSize {
        self.size
    }

    pub fn rule(&self) -> RuleSet {
        self.rule
    }

    /// How many stones are on the board.
    pub fn stones(&self) -> usize {
        self.stones as usize
    }

    /// How many times `side` passed.
    pub fn passes(&self, side: Side) -> usize {
        self.passes.iter().filter(|s| **s == side).count()
    }

    /// Whether the side to move has no empty point it may take (every one
    /// is a Renju foul for Black, or the board is full): its only move is
    /// a pass.
    pub fn must_pass(&self) -> bool {
        let side = self.to_move();
        if self.rule != RuleSet::Renju || side == Side::Second {
            return self.empty_points().next().is_none();
        }
        let mut scratch = self.clone();
        self.empty_points().all(|p| {
            let i = self.index(p);
            scratch.could_be_foul(i) && scratch.verdict(i).foul().is_some()
        })
    }

    pub fn contains(&self, p: Point) -> bool {
        p.x < self.size() && p.y < self.size()
    }

    /// Who has a stone at `p` (`None` when empty or off the board).
    pub fn at(&self, p: Point) -> Option<Side> {
        if !self.contains(p) {
            return None;
        }
        match self.cells[self.index(p)] {
            BLACK => Some(Side::First),
            WHITE => Some(Side::Second),
            _ => None,
        }
    }

    /// Every empty point, row by row from the bottom left.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        let n = self.size();
        (0..n)
            .flat_map(move |y| (0..n).map(move |x| Point::new(x, y)))
            .filter(|p| self.cells[self.index(*p)] == EMPTY)
    }

    /// The foul Black would commit at `p` under Renju (`None` under the other
    /// rule sets, at occupied points and for allowed moves). Asked for any
    /// side to move, so the board can show Black's fouls in advance.
    pub fn foul_at(&self, p: Point) -> Option<Foul> {
        if self.rule != RuleSet::Renju {
            return None;
        }
        self.renju_verdict(p).and_then(Verdict::foul)
    }

    /// The Renju verdict for a Black stone at the empty point `p` (`None`
    /// when `p` is occupied or off the board), whatever the rule set.
    pub fn renju_verdict(&self, p: Point) -> Option<Verdict> {
        if !self.contains(p) || self.cells[self.index(p)] != EMPTY {
            return None;
        }
        let mut scratch = self.clone();
        Some(scratch.verdict(self.index(p)))
    }

    /// Every point forbidden to Black under Renju, with its foul, row by row
    /// from the bottom left. Empty under the other rule sets.
    pub fn forbidden_points(&self) -> Vec<(Point, Foul)> {
        if self.rule != RuleSet::Renju {
            return Vec::new();
        }
        let mut scratch = self.clone();
        let mut fouls = Vec::new();
        for p in self.empty_points() {
            let i = self.index(p);
            if scratch.could_be_foul(i)
                && let Some(foul) = scratch.verdict(i).foul()
            {
                fouls.push((p, foul));
            }
        }
        fouls
    }

    pub(super) fn stride(&self) -> usize {
        self.size() as usize + 1
    }

    /// The four line directions as index steps: across, up, and both diagonals.
    pub(super) fn directions(&self) -> [usize; 4] {
        let s = self.stride();
        [1, s, s + 1, s - 1]
    }

    pub(super) fn index(&self, p: Point) -> usize {
        Self::index_in(self.stride(), p)
    }

    fn index_in(stride: usize, p: Point) -> usize {
        (p.y as usize + 1) * stride + p.x as usize + 1
    }

    fn point_of(&self, index: usize) -> Point {
        let s = self.stride();
        Point::new((index % s - 1) as u8, (index / s - 1) as u8)
    }

    /// The length of the run of `colour` through `i` along `d` (the stone at
    /// `i` counted, whatever it is).
    pub(super) fn run(&self, i: usize, d: usize, colour: u8) -> usize {
        let (back, forward) = self.run_ends(i, d, colour);
        (forward - back) / d + 1
    }

    /// The first and last index of the run of `colour` through `i` along `d`.
    fn run_ends(&self, i: usize, d: usize, colour: u8) -> (usize, usize) {
        let mut forward = i;
        while self.cells[forward + d] == colour {
            forward += d;
        }
        let mut back = i;
        while self.cells[back - d] == colour {
            back -= d;
        }
        (back, forward)
    }

    fn put(&mut self, i: usize, side: Side) {
        self.cells[i] = Self::colour_of(side);
        self.stones += 1;
        self.black += u16::from(side == Side::First);
    }

    fn colour_of(side: Side) -> u8 {
        match side {
            Side::First => BLACK,
            Side::Second => WHITE,
        }
    }
}

impl Rules for Gomoku {
    type Move = Move;
    type Cell = Point;

    fn to_move(&self) -> Side {
        // Counted rather than derived from parity, so that set-up positions
        // with uneven counts still give the move to the side that is behind.
        let black = self.black as usize + self.passes(Side::First);
        let white = (self.stones - self.black) as usize + self.passes(Side::Second);
        if black <= white {
            Side::First
        } else {
            Side::Second
        }
    }

    fn play(&mut self, mv: Move) -> Result<Option<Outcome<Point>>, MoveError> {
        let p = match mv {
            Move::Stone(p) => p,
            Move::Pass if self.must_pass() => {
                self.passes.push(self.to_move());
                return Ok(None);
            }
            Move::Pass => return Err(MoveError::CannotPass),
        };
        if !self.contains(p) {
            return Err(MoveError::OutsideBoard);
        }
        let i = self.index(p);
        if self.cells[i] != EMPTY {
            return Err(MoveError::Occupied);
        }
        let side = self.to_move();
        if self.rule == RuleSet::Renju && side == Side::First {
            // The verdict places and lifts the stone itself; the board is
            // exactly as before when it returns.
            if let Some(foul) = self.verdict(i).foul() {
                return Err(MoveError::Forbidden(foul));
            }
        }
        self.put(i, side);
        let colour = Self::colour_of(side);

        let mut line = Vec::new();
        for d in self.directions() {
            let (back, forward) = self.run_ends(i, d, colour);
            if self
                .rule
                .wins((forward - back) / d + 1, side == Side::First)
            {
                line.extend((back..=forward).step_by(d).map(|j| self.point_of(j)));
            }
        }
        Ok(if !line.is_empty() {
            line.sort();
            line.dedup();
            Some(Outcome::Win {
                winner: side,
                cells: line,
            })
        } else if self.stones() == self.size.cells() {
            Some(Outcome::Draw)
        } else {
            None
        })
    }

    fn unplay(&mut self, mv: Move) {
        let p = match mv {
            Move::Stone(p) => p,
            Move::Pass => {
                debug_assert!(!self.passes.is_empty(), "unplay of a pass never made");
                self.passes.pop();
                return;
            }
        };
        let i = self.index(p);
        debug_assert!(
            self.cells[i] == BLACK || self.cells[i] == WHITE,
            "unplay of an empty point"
        );
        if self.cells[i] == BLACK || self.cells[i] == WHITE {
            self.black -= u16::from(self.cells[i] == BLACK);
            self.cells[i] = EMPTY;
            self.stones -= 1;
        }
    }
}
