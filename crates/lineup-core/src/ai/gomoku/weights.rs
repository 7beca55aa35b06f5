//! The static evaluation's weights: what a stone at an empty point would
//! be worth to a colour, from the shape it makes along each line and from
//! what those shapes make together at the point.
//!
//! Two sets: for the side to move and for the side waiting, since the same
//! threat is worth more to the side that moves first. The numbers are fitted
//! to self-play results (`examples/tune_gomoku_eval.rs`, Texel's method:
//! the evaluation through a logistic curve predicts the game's result),
//! in the units the search's other constants are written in.
//!
//! Freestyle and exact five value a point by its shapes plus one
//! combination bonus ([`formula_values`]). Renju values each set of four
//! shapes for itself, per colour ([`PointTable`], `renju_values.rs`, fitted
//! by `examples/fit_renju_sets.rs` starting from the formula).

use super::board::{Board, StoneIndex};
use super::pattern::{FIVE, FOUR, NONE, OPEN_FOUR, OPEN_THREE, OPEN_TWO, OVERLINE, THREE, TWO};
use super::renju_values::RENJU_SET_VALUE;
use std::sync::OnceLock;

/// Index of the side to move's weights.
pub const TO_MOVE: usize = 0;
/// Index of the waiting side's weights.
pub const WAITING: usize = 1;

// Fitted on 2026-11-25 to the 1,920 games of
// `tests/data/gomoku/selfplay_renju.txt` (52,350 positions): 920 played with
// the hand-set weights before them, then 1,000 with a first fit
// (`tune_gomoku_eval games 1000 50 FILE SEED`); `tune_gomoku_eval fit` on
// that file, started from the first fit, printed these numbers. The mean
// squared error went from 0.204 (hand-set) to 0.175. A five's value is never
// fitted (the search sees a five before the evaluation). Fitted again on
// 2026-11-28 to 6,360 games (those and 4,440 more, `games 2220 50 FILE` with
// seeds 101 and 202): 0.1704 to 0.1697, too little to change them.

/// What each line shape is worth, by shape code (`pattern::NONE` ..
/// `pattern::OVERLINE`), per role.
pub const SHAPE_VALUE: [[i32; 9]; 2] = [
    [0, 9, 2, 25, 66, 110, 2882, 2400, 0],
    [0, 5, 0, 26, 40, 107, 381, 2000, 0],
];

/// What each [`Combination`] adds beyond its shapes, in its order, per role.
pub const COMBINATION_VALUE: [[i32; 5]; 2] = [[5588, 1648, 0, 201, 31], [227, 496, 25, 162, 24]];

/// What a point's four shapes make together, beyond their sum: the
/// combinations that win by force (four-three, and for any colour but
/// Renju's Black double four and double three) or build towards one.
/// Why: the sum of shapes alone rates two lines crossing at one point no
/// higher than the same lines apart, yet the crossing is the threat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combination {
    DoubleFour,
    FourThree,
    DoubleThree,
    /// A four with an open two or a closed three beside it.
    FourBuilder,
    /// An open three with an open two or a closed three beside it.
    ThreeBuilder,
}

impl Combination {
    /// The combination at a point with these four shapes for a colour;
    /// `fouls` when the colour is Renju's Black (double four and double
    /// three are fouls then, no threat). `None`: nothing beyond the sum, a
    /// five or open four included (their shapes say it all).
    pub fn of(shapes: [u8; 4], fouls: bool) -> Option<Combination> {
        let count = |wanted: &[u8]| shapes.iter().filter(|s| wanted.contains(s)).count();
        if shapes.contains(&FIVE) || shapes.contains(&OPEN_FOUR) {
            return None;
        }
        let fours = count(&[FOUR]);
        let threes = count(&[OPEN_THREE]);
        let builders = count(&[OPEN_TWO, THREE]);
        match (fours, threes) {
            (2.., _) if !fouls => Some(Combination::DoubleFour),
            (1, 1..) => Some(Combination::FourThree),
            (0, 2..) if !fouls => Some(Combination::DoubleThree),
            (1, 0) if builders > 0 => Some(Combination::FourBuilder),
            (0, 1) if builders > 0 => Some(Combination::ThreeBuilder),
            _ => None,
        }
    }
}

/// Which values a colour's points take: Renju has its own for each colour
/// (Black's fouls change what its shapes are worth), fitted per set of four
/// shapes; freestyle and exact five take the shapes' and combinations'
/// values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointTable {
    Shapes,
    RenjuBlack,
    RenjuWhite,
}

/// What a stone at a point with these four shapes is worth to its colour,
/// per role, in `table`.
pub fn point_values(shapes: [u8; 4], table: PointTable) -> [i32; 2] {
    static TABLES: OnceLock<[Box<[[i16; 2]]>; 3]> = OnceLock::new();
    // Why a table: it is read twice per shape change, the hottest path of
    // the search, and 9^4 shape quadruples make it small; 16-bit entries
    // halve it (26 KB a table instead of 52), so less of the cache goes to
    // it. Any test that searches builds it, so weights too large for 16 bits
    // fail there.
    let tables = TABLES.get_or_init(|| {
        [
            PointTable::Shapes,
            PointTable::RenjuBlack,
            PointTable::RenjuWhite,
        ]
        .map(|table| {
            (0..SHAPE_KEYS)
                .map(|key| {
                    let shapes = key_shapes(key);
                    let values = match table {
                        PointTable::Shapes => formula_values(shapes, false),
                        PointTable::RenjuBlack => renju_set_values(0, set_index(shapes)),
                        PointTable::RenjuWhite => renju_set_values(1, set_index(shapes)),
                    };
                    values.map(|v| i16::try_from(v).expect("a point's value fits 16 bits"))
                })
                .collect()
        })
    });
    tables[table as usize][shape_key(shapes)].map(i32::from)
}

/// What a stone at a point with these four shapes is worth to its colour,
/// per role, from the shapes' values and [`COMBINATION_VALUE`] of their
/// combination: freestyle's and exact five's values, and where Renju's
/// fitted ones start from. `fouls` as for [`Combination::of`].
pub fn formula_values(shapes: [u8; 4], fouls: bool) -> [i32; 2] {
    [TO_MOVE, WAITING].map(|role| {
        let sum: i32 = shapes.iter().map(|&s| SHAPE_VALUE[role][s as usize]).sum();
        let extra =
            Combination::of(shapes, fouls).map_or(0, |c| COMBINATION_VALUE[role][c as usize]);
        sum + extra
    })
}

/// Renju's fitted values of a set for a colour (0 Black, 1 White), per role.
fn renju_set_values(colour: usize, set: usize) -> [i32; 2] {
    [TO_MOVE, WAITING].map(|role| i32::from(RENJU_SET_VALUE[colour][role][set]))
}

/// How many sets of four shapes there are: multisets of four of nine.
pub const SETS: usize = 495;

/// The set of `shapes`, as an index below [`SETS`]. Why sets: the order
/// of a point's four lines does not change what they make together.
pub fn set_index(shapes: [u8; 4]) -> usize {
    usize::from(set_tables().0[shape_key(shapes)])
}

/// The shapes of the set `index`, in ascending order.
pub fn set_shapes(index: usize) -> [u8; 4] {
    set_tables().1[index]
}

/// Each quadruple's set index by its key, and each set's sorted shapes; the
/// indices in order of each set's first quadruple.
fn set_tables() -> &'static (Vec<u16>, Vec<[u8; 4]>) {
    static SETS_BY_KEY: OnceLock<(Vec<u16>, Vec<[u8; 4]>)> = OnceLock::new();
    SETS_BY_KEY.get_or_init(|| {
        let mut index = vec![u16::MAX; SHAPE_KEYS];
        let mut sets: Vec<[u8; 4]> = Vec::new();
        for key in 0..SHAPE_KEYS {
            let mut shapes = key_shapes(key);
            shapes.sort_unstable();
            let sorted = shape_key(shapes);
            if index[sorted] == u16::MAX {
                index[sorted] = sets.len() as u16;
                sets.push(shapes);
            }
            index[key] = index[sorted];
        }
        debug_assert_eq!(sets.len(), SETS);
        (index, sets)
    })
}

/// Number of shape quadruples: nine shapes in each of four directions.
const SHAPE_KEYS: usize = 9 * 9 * 9 * 9;

/// A point's four shapes as one number below [`SHAPE_KEYS`], the first
/// direction's shape the lowest digit in base 9: the index of the tables.
#[inline]
fn shape_key(shapes: [u8; 4]) -> usize {
    shapes.iter().rev().fold(0, |key, &s| key * 9 + s as usize)
}

/// The four shapes of `key`, as [`shape_key`] numbered them.
fn key_shapes(key: usize) -> [u8; 4] {
    [0, 1, 2, 3].map(|k| (key / 9usize.pow(k) % 9) as u8)
}

/// How many counts [`features`] gives: the shapes two to five, then the
/// combinations.
pub const FEATURES: usize = 12;

/// What the evaluation counts for colour `c` on `board`: over its empty
/// points, how many lines make each shape (two .. five) and how many points
/// make each [`Combination`]. Under freestyle and exact five the evaluation
/// is these counts weighted by [`weights`] (the side to move's minus the
/// side waiting's), which is what lets the weights be fitted as a logistic
/// regression.
pub fn features(board: &Board, c: StoneIndex) -> [i32; FEATURES] {
    let mut counts = [0; FEATURES];
    let fouls = board.fouls_bind(c);
    for &i in board.points() {
        if !board.is_empty(i) {
            continue;
        }
        let shapes = board.shapes(i, c);
        for s in shapes {
            if (TWO..=FIVE).contains(&s) {
                counts[usize::from(s - TWO)] += 1;
            }
        }
        if let Some(k) = Combination::of(shapes, fouls) {
            counts[SHAPES + k as usize] += 1;
        }
    }
    counts
}

/// The weight of each of [`features`]' counts for a role.
pub fn weights(role: usize) -> [i32; FEATURES] {
    let mut w = [0; FEATURES];
    w[..SHAPES].copy_from_slice(&SHAPE_VALUE[role][usize::from(TWO)..=usize::from(FIVE)]);
    w[SHAPES..].copy_from_slice(&COMBINATION_VALUE[role]);
    w
}

/// Shapes counted: two to five (`NONE` and `OVERLINE` are worth nothing).
const SHAPES: usize = (FIVE - TWO + 1) as usize;

// `features` leaves out the shapes worth nothing.
const _: () = assert!(
    SHAPE_VALUE[0][NONE as usize] == 0
        && SHAPE_VALUE[1][NONE as usize] == 0
        && SHAPE_VALUE[0][OVERLINE as usize] == 0
        && SHAPE_VALUE[1][OVERLINE as usize] == 0
);
