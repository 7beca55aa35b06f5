//! Several best lines at once (multi-PV), for the analysis board: the
//! search deepens as the game's does, and at each depth line k searches the
//! root moves left once the k-1 better lines took theirs, with the same
//! aspiration windows, so each line's score is as exact as the first's.
//!
//! Why apart from the game's search: the game wants one move as fast as it
//! can; only this mode pays for the extra root searches, and the one-line
//! path ([`PvsSearch::run`]) is the same code as before. The principal
//! variations are read from the transposition table after each depth (no PV
//! array in the nodes, which would slow every search).

use super::board::Board;
use super::pattern::{FIVE, OPEN_FOUR};
use super::search::{PvsSearch, RootMove, WON};
use super::tt::Table;
use crate::rules::Point;

/// Moves a principal variation shows at most: beyond a dozen the table's
/// moves are seldom what the search would play.
pub const PV_MOVES: usize = 12;

/// One line of the analysis: its moves from the position (the first is the
/// root move) and the search's score for the side to move there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine {
    pub moves: Vec<Point>,
    /// As the search scores: beyond `WON` (either sign) a proven result,
    /// `WIN - score + 1` being the ply of the five counted from 1.
    pub score: i32,
}

/// What one completed depth found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvReport {
    pub depth: i32,
    /// Nodes searched since the analysis started.
    pub nodes: u64,
    /// The best lines, best first.
    pub lines: Vec<PvLine>,
}

/// Deepens `search` over `roots` (legal, not empty) up to `max_depth`,
/// keeping `lines` lines, and calls `report` after each completed depth.
/// Ends when the clock stops it, at `max_depth`, or once every line is a
/// proven result (deeper searches would only repeat it).
pub fn deepen_lines(
    search: &mut PvsSearch,
    tt: &Table,
    mut roots: Vec<RootMove>,
    lines: usize,
    max_depth: i32,
    report: &mut dyn FnMut(&PvReport),
) {
    let wanted = lines.clamp(1, roots.len().max(1));
    if roots.is_empty() {
        return;
    }
    let mut completed = 0;
    for depth in 1..=max_depth {
        let mut next: Vec<RootMove> = Vec::with_capacity(roots.len());
        let mut rest = roots.clone();
        for _ in 0..wanted {
            let Some(scored) = search.deepen(&mut rest, depth, completed) else {
                return;
            };
            // Not empty: `deepen` scores every move it is given.
            let Some((best, others)) = scored.split_first() else {
                return;
            };
            next.push(*best);
            rest = others.to_vec();
        }
        // The lines best first (a later line's search can, rarely, score
        // above an earlier one's: the table's cuts differ), then the rest in
        // the last search's order.
        next.sort_by_key(|r| std::cmp::Reverse(r.score));
        next.extend(rest);
        roots = next;
        completed = depth;
        let found = PvReport {
            depth,
            nodes: search.clock.nodes,
            lines: roots[..wanted]
                .iter()
                .map(|r| PvLine {
                    moves: principal_variation(&mut search.board, tt, r.index, PV_MOVES)
                        .into_iter()
                        .map(|i| search.board.point(i))
                        .collect(),
                    score: r.score,
                })
                .collect(),
        };
        report(&found);
        if roots[..wanted].iter().all(|r| r.score.abs() >= WON) {
            return;
        }
    }
}

/// The line that starts with `first` (a legal move of the side to move),
/// up to `limit` moves: a five when the side to move has one, the block of
/// the opponent's four (forced, so the search stored no move there), the
/// table's move, or an open four the opponent cannot answer (the search's
/// shortcut, also unstored). Ends at a five or where none of these is
/// known. `board` is left as it was.
pub fn principal_variation(
    board: &mut Board,
    tt: &Table,
    first: usize,
    limit: usize,
) -> Vec<usize> {
    let mut line = Vec::new();
    let mut next = Some(first);
    while let Some(i) = next.filter(|_| line.len() < limit) {
        let me = board.to_move();
        let five = board.shapes(i, me).contains(&FIVE);
        board.play(i);
        line.push(i);
        if five {
            break;
        }
        next = following(board, tt);
    }
    for _ in &line {
        board.undo();
    }
    line
}

/// The move the search would play next in a line, if known (see
/// [`principal_variation`]): always an empty point the side to move may take.
fn following(board: &mut Board, tt: &Table) -> Option<usize> {
    let me = board.to_move();
    if board.is_full() {
        return None;
    }
    if let Some(&five) = board.five_points(me, 1).first() {
        return Some(five);
    }
    let theirs = board.five_points(1 - me, 2);
    if !theirs.is_empty() {
        return theirs.into_iter().find(|&i| board.legal(i, me));
    }
    let stored = tt.probe(board.hash()).and_then(|hit| hit.best);
    // A table move is a cell index of some position with this key: checked
    // to be a point of this board before it is read.
    if let Some(i) = stored.filter(|i| board.points().binary_search(i).is_ok())
        && board.is_empty(i)
        && board.legal(i, me)
    {
        return Some(i);
    }
    if !board.has_four(1 - me) && board.can_open_four(me) {
        let points = board.points().to_vec();
        return points.into_iter().find(|&i| {
            board.is_empty(i) && board.shapes(i, me).contains(&OPEN_FOUR) && board.legal(i, me)
        });
    }
    None
}
