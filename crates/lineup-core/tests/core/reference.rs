//! Plain reference rules, written the obvious way: a grid of cells, and after
//! every move a scan of the whole board in four directions. Slow and simple on
//! purpose, so the fast bitboard/padded implementations can be checked
//! against something that is easy to believe.

use lineup_core::rules::{RuleSet, Side};

/// Cells of every run of `side` that `wins(length)` accepts, sorted by
/// (x, y); runs are maximal, found by scanning from each run start.
fn winning_cells(
    width: usize,
    height: usize,
    at: impl Fn(usize, usize) -> Option<Side>,
    side: Side,
    wins: impl Fn(usize) -> bool,
) -> Vec<(usize, usize)> {
    let mut cells = Vec::new();
    let inside = |x: i64, y: i64| x >= 0 && y >= 0 && (x as usize) < width && (y as usize) < height;
    for x in 0..width as i64 {
        for y in 0..height as i64 {
            for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                let mine =
                    |x: i64, y: i64| inside(x, y) && at(x as usize, y as usize) == Some(side);
                // Only start at the first stone of a run.
                if !mine(x, y) || mine(x - dx, y - dy) {
                    continue;
                }
                let mut run = Vec::new();
                let (mut cx, mut cy) = (x, y);
                while mine(cx, cy) {
                    run.push((cx as usize, cy as usize));
                    cx += dx;
                    cy += dy;
                }
                if wins(run.len()) {
                    cells.extend(run);
                }
            }
        }
    }
    cells.sort();
    cells.dedup();
    cells
}

/// What the reference says after a move.
#[derive(Debug, PartialEq, Eq)]
pub enum RefResult {
    Ongoing,
    Win(Side, Vec<(usize, usize)>),
    Draw,
}

/// Connect Four as columns of discs, bottom first.
#[derive(Clone, Debug)]
pub struct RefConnectFour {
    pub columns: Vec<Vec<Side>>,
    pub rows: usize,
    pub moves: usize,
}

impl RefConnectFour {
    pub fn new(columns: usize, rows: usize) -> Self {
        RefConnectFour {
            columns: vec![Vec::new(); columns],
            rows,
            moves: 0,
        }
    }

    pub fn legal(&self) -> Vec<usize> {
        (0..self.columns.len())
            .filter(|&c| self.columns[c].len() < self.rows)
            .collect()
    }

    pub fn at(&self, column: usize, row: usize) -> Option<Side> {
        self.columns.get(column).and_then(|c| c.get(row)).copied()
    }

    /// Drops a disc for the side to move into a column that is not full.
    pub fn play(&mut self, column: usize) -> RefResult {
        let side = Side::of_ply(self.moves);
        self.columns[column].push(side);
        self.moves += 1;
        let cells = winning_cells(
            self.columns.len(),
            self.rows,
            |x, y| self.at(x, y),
            side,
            |n| n >= 4,
        );
        if !cells.is_empty() {
            RefResult::Win(side, cells)
        } else if self.moves == self.columns.len() * self.rows {
            RefResult::Draw
        } else {
            RefResult::Ongoing
        }
    }
}

/// Gomoku as a grid indexed [y][x].
#[derive(Clone, Debug)]
pub struct RefGomoku {
    pub grid: Vec<Vec<Option<Side>>>,
    pub rule: RuleSet,
    pub moves: usize,
}

impl RefGomoku {
    pub fn new(size: usize, rule: RuleSet) -> Self {
        RefGomoku {
            grid: vec![vec![None; size]; size],
            rule,
            moves: 0,
        }
    }

    fn wins(rule: RuleSet, side: Side, length: usize) -> bool {
        match (rule, side) {
            (RuleSet::Freestyle, _) | (RuleSet::Renju, Side::Second) => length >= 5,
            (RuleSet::ExactFive, _) | (RuleSet::Renju, Side::First) => length == 5,
        }
    }

    /// Whether Black at the empty (x, y) would make an exact five.
    pub fn black_makes_exact_five(&self, x: usize, y: usize) -> bool {
        let mut grid = self.grid.clone();
        grid[y][x] = Some(Side::First);
        let size = grid.len();
        let cells = winning_cells(size, size, |x, y| grid[y][x], Side::First, |n| n == 5);
        cells.contains(&(x, y))
    }

    /// Places a stone for the side to move on an empty point.
    pub fn play(&mut self, x: usize, y: usize) -> RefResult {
        let side = Side::of_ply(self.moves);
        self.grid[y][x] = Some(side);
        self.moves += 1;
        let size = self.grid.len();
        let rule = self.rule;
        let cells = winning_cells(
            size,
            size,
            |x, y| self.grid[y][x],
            side,
            |n| Self::wins(rule, side, n),
        );
        if !cells.is_empty() {
            RefResult::Win(side, cells)
        } else if self.moves == size * size {
            RefResult::Draw
        } else {
            RefResult::Ongoing
        }
    }
}
