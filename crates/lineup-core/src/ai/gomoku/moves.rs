//! Candidate moves and their order: empty points within two cells of a
//! stone, scored by what they make for the mover and what they take from
//! the opponent (the model's move scores, `Board::move_score`).
//!
//! Why so narrow: Gomoku play is local; points farther than two from every
//! stone are almost never the best, and leaving them out keeps the
//! branching factor near 30 instead of 200.

use super::board::{Board, StoneIndex};
use super::pattern::{FIVE, FOUR, OPEN_FOUR, OPEN_THREE};

/// How much a point is worth to `c` from its four line shapes, with the
/// combinations that win by force (open four, double four, four-three,
/// double three) far above the rest.
pub fn point_value(shapes: [u8; 4]) -> i32 {
    const VALUE: [i32; 9] = [0, 2, 8, 6, 30, 34, 800, 10_000, 0];
    let mut sum = 0;
    let (mut fours, mut threes) = (0, 0);
    for s in shapes {
        sum += VALUE[s as usize];
        fours += i32::from(s == FOUR || s == OPEN_FOUR);
        threes += i32::from(s == OPEN_THREE);
    }
    if shapes.contains(&FIVE) {
        sum += 100_000;
    } else if shapes.contains(&OPEN_FOUR) || fours >= 2 {
        sum += 5_000;
    } else if fours == 1 && threes >= 1 {
        sum += 2_000;
    } else if threes >= 2 {
        sum += 600;
    }
    sum
}

/// Whether a stone here makes at least a four for the colour whose shapes
/// these are.
pub fn makes_four(shapes: [u8; 4]) -> bool {
    shapes
        .iter()
        .any(|&s| s == FOUR || s == OPEN_FOUR || s == FIVE)
}

/// Whether a stone here makes at least an open three for the colour whose
/// shapes these are.
pub fn makes_three(shapes: [u8; 4]) -> bool {
    shapes
        .iter()
        .any(|&s| s == OPEN_THREE || s == FOUR || s == OPEN_FOUR || s == FIVE)
}

/// The points where `me` makes a four and may play (never a Renju foul for
/// Black), best first by `score` of the point's shapes for `me` and for the
/// opponent, at most `limit` of them. The moves of a VCF and of the
/// search's look through fours at its leaves.
pub fn four_moves(
    board: &mut Board,
    me: StoneIndex,
    limit: usize,
    score: impl Fn([u8; 4], [u8; 4]) -> i32,
) -> Vec<usize> {
    let mut list: Vec<(usize, i32)> = Vec::new();
    for k in 0..board.points().len() {
        let i = board.points()[k];
        if board.is_empty(i) && makes_four(board.shapes(i, me)) {
            list.push((i, score(board.shapes(i, me), board.shapes(i, 1 - me))));
        }
    }
    list.sort_unstable_by_key(|e| std::cmp::Reverse(e.1));
    let mut fours = Vec::new();
    for (i, _) in list {
        if fours.len() == limit {
            break;
        }
        if board.legal(i, me) {
            fours.push(i);
        }
    }
    fours
}

/// The candidate moves for the side to move, best first, with their
/// ordering scores. Fouls are not filtered here (that costs a rules check);
/// the search skips them when it reaches them.
pub fn candidates(board: &Board) -> Vec<(usize, i32)> {
    let mut list = unordered_candidates(board);
    list.sort_unstable_by_key(|e| std::cmp::Reverse(e.1));
    list
}

/// The best `n` of `list`, best first (the rest dropped). Why not a full
/// sort: a node searches at most twenty of sixty or more candidates.
pub fn keep_best(list: &mut Vec<(usize, i32)>, n: usize) {
    if list.len() > n {
        list.select_nth_unstable_by_key(n, |e| std::cmp::Reverse(e.1));
        list.truncate(n);
    }
    list.sort_unstable_by_key(|e| std::cmp::Reverse(e.1));
}

/// [`candidates`] in board order.
pub fn unordered_candidates(board: &Board) -> Vec<(usize, i32)> {
    let me = board.to_move();
    let mut list: Vec<(usize, i32)> = Vec::with_capacity(64);
    if board.stones() == 0 {
        let mid = board.size() as u8 / 2;
        let centre = board.index(crate::rules::Point::new(mid, mid));
        return vec![(centre, 0)];
    }
    for &i in board.points() {
        if board.is_empty(i) && board.near(i) {
            list.push((i, board.move_score(i, me)));
        }
    }
    list
}

/// When the opponent threatens an open four, only moves that stop it or
/// that make a four of our own can matter: the points where the opponent
/// would make a four (they cover every defence of a three) and our fours.
///
/// Why not only the moves that truly hold (each played, then the open four
/// looked for): the others, such as the far side of a three with room on
/// both ends or a four-point of a closed three elsewhere, each cost the
/// search one node, since the next node sees the open four against no four
/// and stops. Measured (`gomoku_depth 940`, runs alternated): the exact
/// list reached 10.17 to 10.37 plies, this one 10.37 to 10.77.
pub fn defences(board: &Board, list: &[(usize, i32)]) -> Vec<(usize, i32)> {
    let me = board.to_move();
    list.iter()
        .copied()
        .filter(|&(i, _)| makes_four(board.shapes(i, 1 - me)) || makes_four(board.shapes(i, me)))
        .collect()
}
