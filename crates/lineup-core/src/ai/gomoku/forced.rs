//! A forced win as a whole line, for the analysis board's threat search:
//! attack, defence, attack, ..., the five.
//!
//! Why a line builder over the threat searches: `threat::vcf` and
//! `threat::vct` answer with a first move only (all a game needs). The line
//! is rebuilt one move at a time with the same searches: after the attack
//! the search found, the defence (forced after a four; after a three, the
//! first of the searched defences, direct blocks before the defender's own
//! fours, that the attacker still wins against), then the next attack from
//! there. Every step is a search that already succeeded inside the first
//! one, so it succeeds again; the shortest win by fours is found first by
//! deepening one four at a time.

use super::board::{Board, StoneIndex};
use super::clock::Clock;
use super::moves::makes_four;
use super::threat::{ThreatCache, VctLimits, vcf, vct};
use crate::rules::{Gomoku, Point};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Which forcing moves a win may use, and how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forcing {
    /// Fours only, up to this many before the five.
    Fours(u8),
    /// Open threes (up to `threes`) and fours, each win by fours within
    /// `fours` fours.
    Threes { threes: u8, fours: u8 },
}

/// What [`forced_win`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ForcedLine {
    /// The side to move's win: its move, the defence, ..., its five.
    Win(Vec<Point>),
    /// No win within the limits.
    None,
    /// The stop flag was raised first.
    Stopped,
}

/// The side to move's forced win in `position` within `forcing`, as a
/// whole line, or why there is none. Runs until done or `stop`.
pub fn forced_win(position: &Gomoku, forcing: Forcing, stop: &AtomicBool) -> ForcedLine {
    let far = Instant::now() + Duration::from_secs(24 * 3600);
    let mut builder = Builder {
        board: Board::from_position(position),
        clock: Clock::new(stop, far),
        cache: ThreatCache::new(),
        line: Vec::new(),
    };
    let won = match forcing {
        Forcing::Fours(fours) => builder.fours(fours),
        Forcing::Threes { threes, fours } => {
            (1..=threes).any(|t| builder.attack(t, fours) || builder.clock.stopped())
        }
    };
    if builder.clock.stopped() {
        ForcedLine::Stopped
    } else if won {
        let points = builder.line.iter().map(|&i| builder.board.point(i));
        ForcedLine::Win(points.collect())
    } else {
        ForcedLine::None
    }
}

/// The board with the line played on it so far.
struct Builder<'a> {
    board: Board,
    clock: Clock<'a>,
    cache: ThreatCache,
    line: Vec<usize>,
}

impl Builder<'_> {
    fn play(&mut self, i: usize) {
        self.board.play(i);
        self.line.push(i);
    }

    /// Takes back the line's moves after the first `keep`.
    fn back_to(&mut self, keep: usize) {
        while self.line.len() > keep {
            self.line.pop();
            self.board.undo();
        }
    }

    /// The shortest win by fours for the side to move, up to `fours`
    /// fours, played onto the line; false (the line unchanged) when none.
    fn fours(&mut self, fours: u8) -> bool {
        for depth in 1..=fours {
            if self.fours_within(depth) {
                return true;
            }
            if self.clock.stopped() {
                break;
            }
        }
        false
    }

    fn fours_within(&mut self, depth: u8) -> bool {
        let me = self.board.to_move();
        if let Some(&five) = self.board.five_points(me, 1).first() {
            self.play(five);
            return true;
        }
        let keep = self.line.len();
        let Some(four) = vcf(&mut self.board, &mut self.clock, &mut self.cache, depth) else {
            return false;
        };
        self.play(four);
        let won = self.answer_four(four, me, |b| b.fours_within(depth - 1));
        if !won {
            self.back_to(keep);
        }
        won
    }

    /// After the attacker `me`'s four at `four`: the defence, then `next`
    /// for the attacker when the four could be blocked, or the five when it
    /// could not (two points to block, or the only one a Renju foul for the
    /// defender, who then plays elsewhere).
    fn answer_four(
        &mut self,
        four: usize,
        me: StoneIndex,
        next: impl FnOnce(&mut Self) -> bool,
    ) -> bool {
        let points = self.board.five_points_around(four, me);
        match points.as_slice() {
            [] => false,
            &[block] if self.board.legal(block, 1 - me) => {
                self.play(block);
                next(self)
            }
            _ => self.unstoppable(&points),
        }
    }

    /// The attacker has `fives` (not empty) and the defender cannot stop
    /// them all: the defender blocks the first it may (or plays elsewhere),
    /// the attacker makes five on another.
    fn unstoppable(&mut self, fives: &[usize]) -> bool {
        let def = self.board.to_move();
        let block = fives.iter().copied().find(|&i| self.board.legal(i, def));
        let Some(reply) = block.or_else(|| self.elsewhere(fives)) else {
            return false;
        };
        self.play(reply);
        match fives.iter().copied().find(|&i| i != reply) {
            Some(five) => {
                self.play(five);
                true
            }
            None => false,
        }
    }

    /// A point the side to move may take, not among `avoid`, near the
    /// stones if possible: the defender's move when it cannot block.
    fn elsewhere(&mut self, avoid: &[usize]) -> Option<usize> {
        let me = self.board.to_move();
        let points = self.board.points().to_vec();
        let free = |b: &Board, i: usize| b.is_empty(i) && !avoid.contains(&i);
        let near = points.iter().copied().filter(|&i| self.board.near(i));
        let list: Vec<usize> = near.chain(points.iter().copied()).collect();
        list.into_iter()
            .find(|&i| free(&self.board, i) && self.board.legal(i, me))
    }

    /// A win by threes and fours for the side to move, up to `threes`
    /// threes: by fours alone if it can, else the three the VCT found and
    /// the line after its defence. False (the line unchanged) when none.
    fn attack(&mut self, threes: u8, fours: u8) -> bool {
        let me = self.board.to_move();
        if let Some(&five) = self.board.five_points(me, 1).first() {
            self.play(five);
            return true;
        }
        if self.board.has_five(1 - me) {
            return false;
        }
        if self.fours(fours) {
            return true;
        }
        if threes == 0 || self.clock.stopped() {
            return false;
        }
        let limits = VctLimits {
            depth: threes,
            vcf_depth: fours,
            width: 10,
        };
        let keep = self.line.len();
        let Some(three) = vct(&mut self.board, &mut self.clock, &mut self.cache, &limits) else {
            return false;
        };
        self.play(three);
        let won = self.defend(threes - 1, fours);
        if !won {
            self.back_to(keep);
        }
        won
    }

    /// The defender to move against the attacker's threat: plays the
    /// defence to show and the attacker's win after it (see the header);
    /// false (the line unchanged) when some defence holds.
    fn defend(&mut self, threes: u8, fours: u8) -> bool {
        let def = self.board.to_move();
        let att = 1 - def;
        if self.board.has_five(def) || self.clock.stopped() {
            return false;
        }
        let keep = self.line.len();
        let fives = self.board.five_points(att, 2);
        match fives.as_slice() {
            [] => {}
            &[block] if self.board.legal(block, def) => {
                self.play(block);
                let won = self.attack(threes, fours);
                if !won {
                    self.back_to(keep);
                }
                return won;
            }
            _ => return self.unstoppable(&fives),
        }
        if !self.board.can_open_four(att) {
            return false;
        }
        let mut defences: Vec<usize> = self
            .board
            .points()
            .iter()
            .copied()
            .filter(|&i| {
                self.board.is_empty(i)
                    && (makes_four(self.board.shapes(i, att))
                        || makes_four(self.board.shapes(i, def)))
            })
            .collect();
        defences.retain(|&i| self.board.legal(i, def));
        // As the VCT searched them (beyond 16 it claims no win), direct
        // blocks first: a four of the defender's only delays.
        if defences.len() > 16 {
            return false;
        }
        defences.sort_by_key(|&i| makes_four(self.board.shapes(i, def)));
        for d in defences {
            self.play(d);
            let won = match self.board.five_points_around(d, def).as_slice() {
                [] => self.attack(threes, fours),
                &[q] if self.board.legal(q, att) => {
                    self.play(q);
                    self.defend(threes, fours)
                }
                _ => false,
            };
            if won {
                return true;
            }
            self.back_to(keep);
            if self.clock.stopped() {
                break;
            }
        }
        false
    }
}
