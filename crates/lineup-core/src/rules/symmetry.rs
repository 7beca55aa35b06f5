//! The eight turns and mirrors of a square board (the dihedral group D4),
//! and the one mirror a Connect Four board has. Why one type for both: the
//! analysis board rotates and flips a set-up position, and the opening rules
//! ask whether two fifth moves are one move seen in a mirror
//! (`rules::opening::symmetry`); both use these transforms, so they agree.
//!
//! Coordinates are the rules' own: `x` from the left, `y` from the bottom
//! (row 1), so "clockwise" and "left to right" are as the board is drawn.

use crate::rules::{Column, Point};
use serde::{Deserialize, Serialize};

/// The 8 symmetries of a square board.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum Symmetry {
    #[default]
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    Rotate180,
    /// A quarter turn anticlockwise.
    Rotate270,
    /// Left and right swap (the files `a` and `o` on 15×15; Connect Four's
    /// columns reversed).
    FlipHorizontal,
    /// Top and bottom swap (rows 1 and 15 on 15×15).
    FlipVertical,
    /// Across the diagonal through a1: `x` and `y` swap.
    FlipDiagonal,
    /// Across the other diagonal, through a15 on 15×15.
    FlipAntiDiagonal,
}

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipHorizontal,
        Symmetry::FlipVertical,
        Symmetry::FlipDiagonal,
        Symmetry::FlipAntiDiagonal,
    ];

    /// Where `p` goes on a `size`×`size` board. A point off the board comes
    /// back off it (the arithmetic wraps rather than panics), so a caller
    /// that checks its points keeps that check.
    pub fn point(self, p: Point, size: u8) -> Point {
        let n = size.wrapping_sub(1);
        let (x, y) = (p.x, p.y);
        let flip = |v: u8| n.wrapping_sub(v);
        let (x, y) = match self {
            Symmetry::Identity => (x, y),
            Symmetry::Rotate90 => (y, flip(x)),
            Symmetry::Rotate180 => (flip(x), flip(y)),
            Symmetry::Rotate270 => (flip(y), x),
            Symmetry::FlipHorizontal => (flip(x), y),
            Symmetry::FlipVertical => (x, flip(y)),
            Symmetry::FlipDiagonal => (y, x),
            Symmetry::FlipAntiDiagonal => (flip(y), flip(x)),
        };
        Point::new(x, y)
    }

    /// The stones of an opening (Black's first, then in turn) as the least
    /// of their eight images, each stone `(x, y, Black's)`: one key for
    /// every opening that is the same up to a turn or a mirror.
    pub fn least_image(opening: &[Point], size: u8) -> Vec<(u8, u8, bool)> {
        Symmetry::ALL
            .iter()
            .map(|s| {
                let mut stones: Vec<(u8, u8, bool)> = opening
                    .iter()
                    .enumerate()
                    .map(|(n, &p)| {
                        let q = s.point(p, size);
                        (q.x, q.y, n % 2 == 0)
                    })
                    .collect();
                stones.sort_unstable();
                stones
            })
            .min()
            .unwrap_or_default()
    }

    /// `self` first, then `next`: the one symmetry that does both.
    pub fn then(self, next: Symmetry) -> Symmetry {
        // With R the quarter turn and F the left-right mirror, every
        // symmetry is R^k F^f, and F R^k = R^-k F: composing is adding
        // turns (negated past a mirror) and cancelling mirrors.
        let (k1, f1) = self.turns_and_mirror();
        let (k2, f2) = next.turns_and_mirror();
        let k1 = if f2 { 4 - k1 } else { k1 };
        Symmetry::from_turns_and_mirror((k1 + k2) % 4, f1 != f2)
    }

    /// The symmetry that undoes `self`.
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            // The half turn and every mirror undo themselves.
            other => other,
        }
    }

    /// Connect Four has one symmetry besides the identity: the mirror
    /// ([`Symmetry::FlipHorizontal`], columns reversed); gravity rules out
    /// the turns and the other mirrors. `None` for those, and for a column
    /// off a board of `columns` columns.
    pub fn column(self, c: Column, columns: u8) -> Option<Column> {
        if c.0 >= columns {
            return None;
        }
        match self {
            Symmetry::Identity => Some(c),
            Symmetry::FlipHorizontal => Some(Column(columns - 1 - c.0)),
            _ => None,
        }
    }

    /// Whether this symmetry also exists on a Connect Four board.
    pub fn fits_connect_four(self) -> bool {
        matches!(self, Symmetry::Identity | Symmetry::FlipHorizontal)
    }

    /// `self` as R^k F^f: `k` clockwise quarter turns after `f` mirrors.
    fn turns_and_mirror(self) -> (u8, bool) {
        match self {
            Symmetry::Identity => (0, false),
            Symmetry::Rotate90 => (1, false),
            Symmetry::Rotate180 => (2, false),
            Symmetry::Rotate270 => (3, false),
            Symmetry::FlipHorizontal => (0, true),
            Symmetry::FlipDiagonal => (1, true),
            Symmetry::FlipVertical => (2, true),
            Symmetry::FlipAntiDiagonal => (3, true),
        }
    }

    fn from_turns_and_mirror(k: u8, mirror: bool) -> Symmetry {
        match (k % 4, mirror) {
            (0, false) => Symmetry::Identity,
            (1, false) => Symmetry::Rotate90,
            (2, false) => Symmetry::Rotate180,
            (3, false) => Symmetry::Rotate270,
            (0, true) => Symmetry::FlipHorizontal,
            (1, true) => Symmetry::FlipDiagonal,
            (2, true) => Symmetry::FlipVertical,
            _ => Symmetry::FlipAntiDiagonal,
        }
    }
}
