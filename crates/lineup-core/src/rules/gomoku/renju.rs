//! The Renju (RIF) foul check for a Black stone.
//!
//! Black may not make an overline (six or more), two fours, or two threes
//! with one move, unless the same move makes an exact five. A "four" is a
//! line that one more stone turns into an exact five; a "three" is a line
//! that one more stone turns into a straight four (`.xxxx.`, both ends making
//! an exact five), and only when that stone is not itself a foul. That last
//! condition makes the check recursive: each candidate stone gets the full
//! verdict, on the board with the first stone in place.
//!
//! Everything here works on the padded cell array (see [`Gomoku`]) and puts
//! back every stone it tries, so the board is unchanged afterwards.

use super::Gomoku;
use super::board::{BLACK, EMPTY, WALL};
use crate::rules::Foul;

/// What a Black stone at a point would do under Renju.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// It makes an exact five: a win, whatever else it makes.
    Five,
    Overline,
    DoubleFour,
    DoubleThree,
    /// No foul.
    Allowed,
}

impl Verdict {
    /// The foul, for the forbidden verdicts.
    pub fn foul(self) -> Option<Foul> {
        match self {
            Verdict::Overline => Some(Foul::Overline),
            Verdict::DoubleFour => Some(Foul::DoubleFour),
            Verdict::DoubleThree => Some(Foul::DoubleThree),
            Verdict::Five | Verdict::Allowed => None,
        }
    }

    /// The name used in test data: `five`, `overline`, `double-four`,
    /// `double-three`, `allowed`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Five => "five",
            Verdict::Overline => "overline",
            Verdict::DoubleFour => "double-four",
            Verdict::DoubleThree => "double-three",
            Verdict::Allowed => "allowed",
        }
    }
}

impl Gomoku {
    /// The verdict for Black at the empty cell `i`.
    pub(super) fn verdict(&mut self, i: usize) -> Verdict {
        debug_assert_eq!(self.cells[i], EMPTY);
        self.cells[i] = BLACK;
        let verdict = self.verdict_placed(i);
        self.cells[i] = EMPTY;
        verdict
    }

    fn verdict_placed(&mut self, i: usize) -> Verdict {
        let dirs = self.directions();
        let runs = dirs.map(|d| self.run(i, d, BLACK));
        if runs.contains(&5) {
            return Verdict::Five;
        }
        if runs.iter().any(|&n| n > 5) {
            return Verdict::Overline;
        }
        let fours = dirs.map(|d| self.fours_in_line(i, d));
        if fours.iter().sum::<usize>() >= 2 {
            return Verdict::DoubleFour;
        }
        let mut threes = 0;
        for (d, fours) in dirs.into_iter().zip(fours) {
            if fours == 0 && self.is_three(i, d) {
                threes += 1;
                if threes == 2 {
                    return Verdict::DoubleThree;
                }
            }
        }
        Verdict::Allowed
    }

    /// The first empty cell from Black stone `i` along `d` (sign by
    /// `forward`), past Black stones only, within `reach` steps. Only such a
    /// cell can join `i` into a longer run: any later empty cell has this one
    /// between them.
    fn first_gap(&self, i: usize, d: usize, forward: bool, reach: usize) -> Option<usize> {
        let mut j = i;
        for _ in 0..reach {
            j = if forward { j + d } else { j - d };
            match self.cells[j] {
                BLACK => continue,
                EMPTY => return Some(j),
                _ => return None,
            }
        }
        None
    }

    /// How many fours the Black stone at `i` is part of along `d`: the gaps
    /// that would complete an exact five with it. Two such gaps five apart
    /// are the two ends of one straight four (`.xxxx.`); otherwise each gap
    /// is its own four (`x.xxx.x` is two fours on one line).
    fn fours_in_line(&mut self, i: usize, d: usize) -> usize {
        let mut gaps = [None, None];
        for (slot, forward) in gaps.iter_mut().zip([true, false]) {
            if let Some(j) = self.first_gap(i, d, forward, 4) {
                self.cells[j] = BLACK;
                if self.run(j, d, BLACK) == 5 {
                    *slot = Some(j);
                }
                self.cells[j] = EMPTY;
            }
        }
        match gaps {
            [Some(a), Some(b)] if a - b == 5 * d => 1,
            _ => gaps.iter().flatten().count(),
        }
    }

    /// Whether the Black stone at `i` is part of a three along `d`: one more
    /// stone, itself not a foul, makes a straight four through `i`.
    fn is_three(&mut self, i: usize, d: usize) -> bool {
        for forward in [true, false] {
            let Some(j) = self.first_gap(i, d, forward, 3) else {
                continue;
            };
            self.cells[j] = BLACK;
            let straight = self.is_straight_four(j, d);
            self.cells[j] = EMPTY;
            if straight && self.verdict(j).foul().is_none() {
                return true;
            }
        }
        false
    }

    /// Whether the run through `j` along `d` is a straight four: exactly four
    /// Black stones, an empty cell at each end, and each end making an exact
    /// five (no Black stone just beyond it).
    fn is_straight_four(&self, j: usize, d: usize) -> bool {
        let mut hi = j;
        while self.cells[hi + d] == BLACK {
            hi += d;
        }
        let mut lo = j;
        while self.cells[lo - d] == BLACK {
            lo -= d;
        }
        if (hi - lo) / d + 1 != 4 {
            return false;
        }
        let (after, before) = (hi + d, lo - d);
        self.cells[after] == EMPTY
            && self.cells[before] == EMPTY
            && self.cells[after + d] != BLACK
            && self.cells[before - d] != BLACK
    }

    /// A cheap filter before the full verdict: a foul needs at least four
    /// other Black stones within five steps along the lines through `i`.
    pub(super) fn could_be_foul(&self, i: usize) -> bool {
        let mut near = 0;
        for d in self.directions() {
            for forward in [true, false] {
                let mut j = i;
                for _ in 0..5 {
                    j = if forward { j + d } else { j - d };
                    match self.cells[j] {
                        WALL => break,
                        BLACK => near += 1,
                        _ => {}
                    }
                }
            }
        }
        near >= 4
    }
}
