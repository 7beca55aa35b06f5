//! Threat search: VCF (victory by continuous fours) and VCT (fours and open
//! threes), for the side to move.
//!
//! Why separate from the main search: forcing lines are narrow but deep
//! (ten or twenty plies), far beyond a full-width search, and each reply is
//! (almost) forced, so they are searched on their own with only the forcing
//! moves and the forced answers.
//!
//! Renju is part of it: Black never plays a foul, and a White four whose
//! only blocking point is forbidden for Black wins at once.

use super::board::{Board, StoneIndex};
use super::clock::Clock;
use super::moves::{four_moves, makes_four, makes_three, point_value};

/// Failed (position, depth) pairs, so transpositions of the same fours are
/// not searched again.
pub struct ThreatCache {
    slots: Vec<(u64, u8)>,
}

impl ThreatCache {
    pub fn new() -> Self {
        ThreatCache {
            slots: vec![(0, 0); 1 << 16],
        }
    }

    fn failed(&self, hash: u64, depth: u8) -> bool {
        let (key, d) = self.slots[hash as usize & (self.slots.len() - 1)];
        key == hash && d >= depth
    }

    fn record(&mut self, hash: u64, depth: u8) {
        let n = self.slots.len();
        self.slots[hash as usize & (n - 1)] = (hash, depth);
    }
}

impl Default for ThreatCache {
    fn default() -> Self {
        Self::new()
    }
}

/// The outcome of the attacker's four just played at `i`: `Some(true)` when
/// it cannot be blocked (two winning points, or the only one forbidden to a
/// Black defender), `Some(false)` when it is no four after all, `None` with
/// the block to play otherwise (in `block`).
fn four_reply(
    board: &mut Board,
    i: usize,
    attacker: StoneIndex,
    block: &mut usize,
) -> Option<bool> {
    let points = board.five_points_around(i, attacker);
    match points.len() {
        0 => Some(false),
        1 => {
            if !board.legal(points[0], 1 - attacker) {
                Some(true)
            } else {
                *block = points[0];
                None
            }
        }
        _ => Some(true),
    }
}

/// VCF for the side to move within `depth` fours: the first move of a win
/// by continuous fours. The opponent must have no five to make (the
/// caller blocks those first), except that a four which also blocks is
/// tried as the only move.
pub fn vcf(
    board: &mut Board,
    clock: &mut Clock,
    cache: &mut ThreatCache,
    depth: u8,
) -> Option<usize> {
    let me = board.to_move();
    if board.has_five(me) {
        return board.five_points(me, 1).first().copied();
    }
    if depth == 0 || clock.tick() || cache.failed(board.hash(), depth) {
        return None;
    }
    let theirs = board.five_points(1 - me, 2);
    let moves = match theirs.len() {
        0 => four_moves(board, me, usize::MAX, |own, _| point_value(own)),
        1 => {
            let i = theirs[0];
            let ok = makes_four(board.shapes(i, me)) && board.legal(i, me);
            if ok { vec![i] } else { Vec::new() }
        }
        _ => Vec::new(),
    };
    for i in moves {
        board.play(i);
        let mut block = 0;
        let win = match four_reply(board, i, me, &mut block) {
            Some(result) => result,
            None => {
                board.play(block);
                let win = vcf(board, clock, cache, depth - 1).is_some();
                board.undo();
                win
            }
        };
        board.undo();
        if win {
            return Some(i);
        }
        if clock.stopped() {
            return None;
        }
    }
    if !clock.stopped() {
        cache.record(board.hash(), depth);
    }
    None
}

/// Budget for one VCT: both the depth (threats) and a node count, because
/// threes branch far more than fours.
pub struct VctLimits {
    pub depth: u8,
    pub vcf_depth: u8,
    pub width: usize,
}

/// VCT for the side to move: the first move of a win by fours and open
/// threes, each three answered by every defence (the points where the
/// attacker would make a four, and the defender's own fours).
pub fn vct(
    board: &mut Board,
    clock: &mut Clock,
    cache: &mut ThreatCache,
    limits: &VctLimits,
) -> Option<usize> {
    vct_attack(board, clock, cache, limits, limits.depth)
}

fn vct_attack(
    board: &mut Board,
    clock: &mut Clock,
    cache: &mut ThreatCache,
    limits: &VctLimits,
    depth: u8,
) -> Option<usize> {
    let me = board.to_move();
    if board.has_five(me) {
        return board.five_points(me, 1).first().copied();
    }
    if board.has_five(1 - me) || clock.tick() {
        return None;
    }
    if let Some(i) = vcf(board, clock, cache, limits.vcf_depth) {
        return Some(i);
    }
    if depth == 0 || clock.stopped() {
        return None;
    }
    // Threes only: the fours were just tried by the VCF.
    let mut threes: Vec<(usize, i32)> = board
        .points()
        .iter()
        .copied()
        .filter(|&i| {
            board.is_empty(i) && board.near(i) && {
                let s = board.shapes(i, me);
                makes_three(s) && !makes_four(s)
            }
        })
        .map(|i| {
            (
                i,
                point_value(board.shapes(i, me)) + point_value(board.shapes(i, 1 - me)) / 2,
            )
        })
        .collect();
    threes.sort_unstable_by_key(|e| std::cmp::Reverse(e.1));
    threes.truncate(limits.width);
    for (i, _) in threes {
        if !board.legal(i, me) {
            continue;
        }
        board.play(i);
        let win = vct_defend(board, clock, cache, limits, depth - 1);
        board.undo();
        if win {
            return Some(i);
        }
        if clock.stopped() {
            return None;
        }
    }
    None
}

/// The defender is to move against a threat: true when every defence loses
/// (false at once when there is no threat left to answer).
fn vct_defend(
    board: &mut Board,
    clock: &mut Clock,
    cache: &mut ThreatCache,
    limits: &VctLimits,
    depth: u8,
) -> bool {
    let def = board.to_move();
    let att = 1 - def;
    if board.has_five(def) || clock.tick() {
        return false;
    }
    // A four of the attacker's (made by its block of the defender's four)
    // leaves the defender one move; two win.
    let fives = board.five_points(att, 2);
    if fives.len() >= 2 {
        return true;
    }
    if let Some(&block) = fives.first() {
        if !board.legal(block, def) {
            return true;
        }
        board.play(block);
        let lost = vct_attack(board, clock, cache, limits, depth).is_some();
        board.undo();
        return lost;
    }
    // The threat may be gone (the defender's four took its point): then
    // the defender is free, not bound to the defences below.
    if !board.can_open_four(att) {
        return false;
    }
    let mut defences: Vec<usize> = board
        .points()
        .iter()
        .copied()
        .filter(|&i| {
            board.is_empty(i)
                && (makes_four(board.shapes(i, att)) || makes_four(board.shapes(i, def)))
        })
        .collect();
    defences.retain(|&i| board.legal(i, def));
    if defences.len() > 16 {
        return false;
    }
    for d in defences {
        board.play(d);
        let theirs = board.five_points_around(d, def);
        let lost = match theirs.len() {
            0 => vct_attack(board, clock, cache, limits, depth).is_some(),
            1 => {
                // The defender's four: the attacker must block, then the
                // defender moves again against the same threat.
                let q = theirs[0];
                if !board.legal(q, att) {
                    false
                } else {
                    board.play(q);
                    // Not a five: the attacker had none to make (checked
                    // on entry), so its block only blocks.
                    let lost = vct_defend(board, clock, cache, limits, depth);
                    board.undo();
                    lost
                }
            }
            _ => false,
        };
        board.undo();
        if !lost || clock.stopped() {
            return false;
        }
    }
    true
}
