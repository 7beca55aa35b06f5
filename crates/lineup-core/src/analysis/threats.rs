//! Threat search on demand: does a side win by force from the position
//! shown, and how? The whole forced line, for the board to number.
//!
//! Gomoku/Renju: a win by continuous fours (VCF) or by fours and open
//! threes (VCT), for either side: when the attacker is not the side to
//! move, the position is searched as if the defender had passed (the rules
//! allow a set-up pass, [`Gomoku::with_passes`]), which is the question a
//! player asks ("what does Black threaten here?"). Connect Four: the
//! solver's "win in N", the exact winning line for the side to move.
//!
//! Every line is replayed through the rules before it is returned, so the
//! board never numbers an illegal or unfinished line.

use crate::ai::connect_four::{Book, Position, Shape, SolveError, Solver, Variant};
use crate::ai::gomoku::{ForcedLine, Forcing, forced_win};
use crate::rules::{BoardMove, Column, ConnectFour, Ending, Game, Gomoku, MatchGame, Rules, Side};
use std::sync::atomic::AtomicBool;

/// Fours a VCF may take before its five (what Master's VCF allows).
pub const VCF_FOURS: u8 = 20;
/// Open threes a VCT may take, and the fours each win by fours inside it
/// may take: what the engine's own VCT allows (`GomokuEngine::find_vct`).
pub const VCT_THREES: u8 = 3;
pub const VCT_FOURS: u8 = 12;

/// Which forced win to look for (Gomoku; Connect Four has one kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThreatKind {
    /// Victory by continuous fours.
    Vcf,
    /// Victory by fours and open threes.
    Vct,
}

/// What a threat search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ThreatAnswer {
    Found(ForcedWin),
    /// None within this limit: the fours of a VCF ([`VCF_FOURS`]), the
    /// threes of a VCT ([`VCT_THREES`]); for Connect Four the moves the
    /// side has left (the whole game), 0 when it cannot be asked (not its
    /// turn, the game over, a board too large for the solver).
    NoneWithin(u8),
    /// The stop flag was raised first.
    Stopped,
}

/// A forced win, replayable from [`line_start`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForcedWin {
    pub attacker: Side,
    /// The attacker's move, the defence, ..., the winning move. A VCT's
    /// defences are one choice each (the first the engine searched that
    /// still loses), the others losing as well; Connect Four's are the
    /// longest resistance.
    pub moves: Vec<BoardMove>,
}

/// Whether `attacker` wins by force from `game`'s position, and the line.
/// Runs until done or `stop`.
pub fn threat_search(
    game: &MatchGame,
    attacker: Side,
    kind: ThreatKind,
    stop: &AtomicBool,
) -> ThreatAnswer {
    match game {
        MatchGame::Gomoku(g) => gomoku_threat(g, attacker, kind, stop),
        MatchGame::ConnectFour(g) => connect_four_win(g, attacker, stop),
    }
}

/// The game a [`ForcedWin`] of `attacker` replays from: `game` itself when
/// the attacker is to move, else (Gomoku) its position with the defender's
/// pass added, no history. Connect Four cannot pass: `game` itself.
pub fn line_start(game: &MatchGame, attacker: Side) -> MatchGame {
    match game {
        MatchGame::Gomoku(g) if g.to_move() != attacker => {
            MatchGame::Gomoku(Game::new(attacker_to_move(g.position(), attacker)))
        }
        other => other.clone(),
    }
}

fn attacker_to_move(position: &Gomoku, attacker: Side) -> Gomoku {
    let defender = attacker.other();
    if position.to_move() == defender {
        position.clone().with_passes([defender])
    } else {
        position.clone()
    }
}

fn gomoku_threat(
    g: &Game<Gomoku>,
    attacker: Side,
    kind: ThreatKind,
    stop: &AtomicBool,
) -> ThreatAnswer {
    let (forcing, limit) = match kind {
        ThreatKind::Vcf => (Forcing::Fours(VCF_FOURS), VCF_FOURS),
        ThreatKind::Vct => (
            Forcing::Threes {
                threes: VCT_THREES,
                fours: VCT_FOURS,
            },
            VCT_THREES,
        ),
    };
    if g.is_over() {
        return ThreatAnswer::NoneWithin(limit);
    }
    let position = attacker_to_move(g.position(), attacker);
    match forced_win(&position, forcing, stop) {
        ForcedLine::Stopped => ThreatAnswer::Stopped,
        ForcedLine::None => ThreatAnswer::NoneWithin(limit),
        ForcedLine::Win(points) => {
            let moves: Vec<BoardMove> = points.into_iter().map(BoardMove::Point).collect();
            let start = MatchGame::Gomoku(Game::new(position));
            if wins(&start, &moves, attacker) {
                ThreatAnswer::Found(ForcedWin { attacker, moves })
            } else {
                // The engine's line broke the rules: a bug, loud in tests;
                // a player is shown no line rather than a wrong one.
                debug_assert!(false, "forced line does not replay: {moves:?}");
                ThreatAnswer::NoneWithin(limit)
            }
        }
    }
}

/// Whether `moves` replay from `start` and the last one wins for `winner`.
fn wins(start: &MatchGame, moves: &[BoardMove], winner: Side) -> bool {
    let mut game = start.clone();
    for &mv in moves {
        if game.is_over() || game.play(mv).is_err() {
            return false;
        }
    }
    game.ending() == Some(Ending::Win(winner))
}

fn connect_four_win(g: &Game<ConnectFour>, attacker: Side, stop: &AtomicBool) -> ThreatAnswer {
    let board = g.position();
    if g.is_over() || g.to_move() != attacker {
        return ThreatAnswer::NoneWithin(0);
    }
    let left = (board.size().cells() - board.moves_played()).div_ceil(2);
    let limit = u8::try_from(left).unwrap_or(u8::MAX);
    match solver_line(board, None, usize::MAX, true, stop) {
        Ok((score, columns)) if score > 0 => {
            let moves: Vec<BoardMove> = columns.into_iter().map(BoardMove::Column).collect();
            if wins(&MatchGame::ConnectFour(g.clone()), &moves, attacker) {
                ThreatAnswer::Found(ForcedWin { attacker, moves })
            } else {
                debug_assert!(false, "solver line does not replay: {moves:?}");
                ThreatAnswer::NoneWithin(limit)
            }
        }
        Ok(_) => ThreatAnswer::NoneWithin(limit),
        Err(SolveError::Cancelled) => ThreatAnswer::Stopped,
        Err(_) => ThreatAnswer::NoneWithin(0),
    }
}

/// The solver's line from `board` (after `first` when given, which then
/// opens it), up to `limit` moves or the end of the game: each move keeps
/// the position's exact score, so the winner takes its fastest win and the
/// loser its longest defence. With the exact score of `board` for its side
/// to move when `first` is `None` (of the position after `first`, for its
/// side to move, otherwise; a winning `first` scores 1). With `won_only`,
/// no line at all unless that score is a win (a threat search wants no
/// other, and walking a drawn game to its end would only cost time).
pub(crate) fn solver_line(
    board: &ConnectFour,
    first: Option<Column>,
    limit: usize,
    won_only: bool,
    stop: &AtomicBool,
) -> Result<(i32, Vec<Column>), SolveError> {
    match Position::from_standard(board) {
        Some(position) => line_of(position?, first, limit, won_only, stop),
        None => line_of(
            Position::<Variant>::from_any(board)?,
            first,
            limit,
            won_only,
            stop,
        ),
    }
}

fn line_of<S: Shape>(
    mut position: Position<S>,
    first: Option<Column>,
    limit: usize,
    won_only: bool,
    stop: &AtomicBool,
) -> Result<(i32, Vec<Column>), SolveError> {
    let mut line = Vec::new();
    if let Some(column) = first {
        let c = u32::from(column.0);
        if !position.can_play(c) {
            return Ok((0, line));
        }
        line.push(column);
        if position.is_winning_move(c) {
            return Ok((1, line));
        }
        position.play_column(c);
    }
    let mut solver = Solver::new();
    solver.set_book(Book::standard());
    let mut score = None;
    while line.len() < limit && !position.is_full() {
        let (value, best) = solver.best_columns(&position, false, stop)?;
        if *score.get_or_insert(value) <= 0 && won_only {
            return Ok((value, Vec::new()));
        }
        let Some(&c) = best.first() else { break };
        line.push(Column(c as u8));
        if position.is_winning_move(c) {
            break;
        }
        position.play_column(c);
    }
    Ok((score.unwrap_or(0), line))
}
