//! The engine thinking aloud while the analysis board shows a position:
//! after each completed depth, how deep, how many nodes and how fast, and
//! the best lines with their values.
//!
//! Gomoku/Renju: the engine's multi-PV search (`GomokuEngine::analyse`),
//! each line's score also as a win probability on the evaluation's own
//! logistic scale (the review's [`Worth::win_percent`], not a second curve),
//! or as a proven win or loss in N moves. Connect Four: every column's
//! exact value from the solver (`ai::advice`'s [`column_values`]), best
//! first, the best column with its principal variation.
//!
//! Gomoku/Renju with another Gomocup engine ([`think_outside`]): its lines
//! as it tells them (`gomocup::outside`), its name on the report, each
//! score's win probability on that engine's own scale.
//!
//! Every line is replayed through the rules before it is reported and cut
//! at its first refused move, so the board never shows an illegal line.

use super::threats::solver_line;
use crate::ai::advice::{Value, column_values};
use crate::ai::connect_four::values::{all_final, solvable, workers};
use crate::ai::gomoku::{GomokuEngine, PV_MOVES, PvReport, WIN, WON};
use crate::ai::review::Worth;
use crate::gomocup::client::Fault;
use crate::gomocup::outside::{self, Found, OutsideEngine};
use crate::gomocup::registry::EngineEntry;
use crate::gomocup::seat::stones;
use crate::gomocup::told::ToldScore;
use crate::rules::{BoardMove, Column, ConnectFour, Game, Gomoku, MatchGame, Rules};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Most lines the panel shows.
pub const MAX_LINES: usize = 5;
/// Deepest Gomoku iteration: never reached in practice (a depth of 14 takes
/// minutes), only a bound.
const MAX_DEPTH: i32 = 40;

/// What the engine found at one depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThinkingReport {
    /// Gomoku: plies of the completed iteration. Connect Four: the plies
    /// left to the end of the game (an exact solve looks that far).
    pub depth: u32,
    /// Nodes since the thinking started (Connect Four: 0, the solver's
    /// workers keep their own counts).
    pub nodes: u64,
    pub nodes_per_second: u64,
    /// Best first.
    pub lines: Vec<EngineLine>,
    /// The Gomocup engine that found them (`None`: Lineup's own, in the
    /// game).
    pub engine: Option<String>,
}

/// One line: moves from the position shown (the first is the move the line
/// is about) and its value for the side to move there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineLine {
    pub moves: Vec<BoardMove>,
    pub score: LineScore,
}

/// A line's value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineScore {
    /// The engine's estimate (Gomoku) and the chance it gives the side to
    /// move to win, in percent.
    Estimate { score: i32, win_percent: u8 },
    /// A proven win with the side to move's `in_moves`-th move from now
    /// (this one is the first).
    Wins { in_moves: u32 },
    /// A proven loss to the opponent's `in_moves`-th move from now.
    Loses { in_moves: u32 },
    /// Connect Four: neither side can force a win.
    Draw,
    /// An engine's best move, of which it told no value.
    Untold,
}

impl LineScore {
    /// An order for values, higher better for the side to move: a sooner
    /// win above a later one above any estimate, a later loss above a
    /// sooner one.
    pub fn rank(self) -> i64 {
        const PROVEN: i64 = 1 << 40;
        match self {
            LineScore::Wins { in_moves } => PROVEN - i64::from(in_moves),
            LineScore::Loses { in_moves } => -PROVEN + i64::from(in_moves),
            LineScore::Estimate { score, .. } => i64::from(score),
            LineScore::Draw | LineScore::Untold => 0,
        }
    }

    /// A Gomoku search score. A proven one is `WIN - (p - 1)`, `p` being
    /// the ply of the five counted from 1 (this move), played by the side to
    /// move when `p` is odd.
    fn of_gomoku(score: i32) -> LineScore {
        if score.abs() >= WON {
            let ply = (WIN - score.abs() + 1).max(1) as u32;
            return if score > 0 {
                LineScore::Wins {
                    in_moves: ply.div_ceil(2),
                }
            } else {
                LineScore::Loses {
                    in_moves: (ply / 2).max(1),
                }
            };
        }
        LineScore::Estimate {
            score,
            win_percent: Worth::Score(score).win_percent().unwrap_or(50),
        }
    }

    /// A Connect Four column's value; `None` while it is not final.
    fn of_value(value: Value) -> Option<LineScore> {
        match value {
            Value::WinIn(in_moves) => Some(LineScore::Wins { in_moves }),
            Value::LoseIn(in_moves) => Some(LineScore::Loses { in_moves }),
            Value::Draw => Some(LineScore::Draw),
            Value::Win | Value::Lose | Value::Pending => None,
        }
    }
}

/// Whether [`think`] has anything to say about `game`: not a finished game,
/// and no Connect Four board too large for the solver.
pub fn can_think(game: &MatchGame) -> bool {
    match game {
        _ if game.is_over() => false,
        MatchGame::Gomoku(_) => true,
        MatchGame::ConnectFour(g) => solvable(g.position()),
    }
}

/// Thinks about `game`'s position for its side to move with `lines` lines
/// (1 to [`MAX_LINES`]; Connect Four always values every column), calling
/// `report` after each completed depth, until `stop` is raised or there is
/// nothing deeper to find. Nothing is reported for a finished game or a
/// Connect Four board too large for the solver.
pub fn think(
    game: &MatchGame,
    lines: usize,
    stop: &AtomicBool,
    report: &mut dyn FnMut(ThinkingReport),
) {
    if game.is_over() {
        return;
    }
    match game {
        MatchGame::Gomoku(g) => think_gomoku(g, lines.clamp(1, MAX_LINES), stop, report),
        MatchGame::ConnectFour(g) => think_connect_four(g, stop, report),
    }
}

fn think_gomoku(
    g: &Game<Gomoku>,
    lines: usize,
    stop: &AtomicBool,
    report: &mut dyn FnMut(ThinkingReport),
) {
    let start = Instant::now();
    let game = MatchGame::Gomoku(g.clone());
    let mut engine = GomokuEngine::new();
    engine.analyse(
        g.position(),
        lines,
        MAX_DEPTH,
        stop,
        &mut |found: &PvReport| {
            let lines = found
                .lines
                .iter()
                .map(|line| EngineLine {
                    moves: legal_prefix(&game, line.moves.iter().map(|&p| BoardMove::Point(p))),
                    score: LineScore::of_gomoku(line.score),
                })
                .filter(|line| !line.moves.is_empty())
                .collect();
            report(ThinkingReport {
                depth: found.depth.max(0) as u32,
                nodes: found.nodes,
                nodes_per_second: per_second(found.nodes, start.elapsed()),
                lines,
                engine: None,
            });
        },
    );
}

/// How long another engine first thinks about a position; each time it
/// answers the time doubles and it thinks again, up to [`OUTSIDE_LONGEST`].
const OUTSIDE_FIRST: Duration = Duration::from_secs(5);
const OUTSIDE_LONGEST: Duration = Duration::from_secs(640);

/// [`think`] for a Gomoku game with the Gomocup engine `engine` (started
/// for it, ended when done): its lines reported as it tells them, until
/// `stop` is raised or it has thought for [`OUTSIDE_LONGEST`]. An engine
/// that cannot be started, crashes or hangs ends the thinking with its
/// fault, which the caller shows.
pub fn think_outside(
    game: &MatchGame,
    engine: &EngineEntry,
    lines: usize,
    stop: &AtomicBool,
    report: &mut dyn FnMut(ThinkingReport),
) -> Result<(), Fault> {
    let MatchGame::Gomoku(g) = game else {
        return Ok(());
    };
    if game.is_over() {
        return Ok(());
    }
    let position = g.position();
    let lines = lines.clamp(1, MAX_LINES);
    let mut turn = OUTSIDE_FIRST;
    let mut outside = OutsideEngine::start(engine, position.size(), position.rule(), turn)?;
    let played = stones(g.history());
    let me = position.to_move();
    let scale = outside::scale_of(engine);
    loop {
        let thought = outside.think(&played, me, lines, stop, &mut |found| {
            report(outside_report(game, engine, found, scale));
        });
        // Stopped: whatever the engine did about it (one that does not
        // listen while it thinks is killed after the grace) is no fault.
        if stop.load(Ordering::Relaxed) {
            return Ok(());
        }
        let found = thought?;
        // Its answer: the lines as they stand, or its move alone when it
        // told none.
        report(outside_report(game, engine, &found, scale));
        turn *= 2;
        if turn > OUTSIDE_LONGEST {
            return Ok(());
        }
        outside.set_turn_time(turn)?;
    }
}

/// What an outside engine found, as the analysis board shows it.
fn outside_report(
    game: &MatchGame,
    engine: &EngineEntry,
    found: &Found,
    scale: f64,
) -> ThinkingReport {
    let mut lines: Vec<EngineLine> = found
        .lines
        .iter()
        .map(|line| EngineLine {
            moves: legal_prefix(game, line.moves.iter().map(|&p| BoardMove::Point(p))),
            score: match line.score {
                ToldScore::Estimate(score) => LineScore::Estimate {
                    score,
                    win_percent: outside::win_percent(scale, score),
                },
                ToldScore::WinsAt(ply) => LineScore::Wins {
                    in_moves: ply.div_ceil(2).max(1),
                },
                ToldScore::LosesAt(ply) => LineScore::Loses {
                    in_moves: (ply / 2).max(1),
                },
            },
        })
        .filter(|line| !line.moves.is_empty())
        .collect();
    if lines.is_empty()
        && let Some(best) = found.best
    {
        lines = vec![EngineLine {
            moves: legal_prefix(game, [BoardMove::Point(best)]),
            score: LineScore::Untold,
        }];
    }
    ThinkingReport {
        depth: found.lines.first().map_or(0, |l| l.depth),
        nodes: 0,
        nodes_per_second: 0,
        lines,
        engine: Some(engine.name.clone()),
    }
}

fn per_second(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    u64::try_from(u128::from(nodes) * 1_000_000 / micros).unwrap_or(u64::MAX)
}

/// The moves of `moves` that replay from `game`, up to the first refused
/// one or the one that ends the game (included).
fn legal_prefix(game: &MatchGame, moves: impl IntoIterator<Item = BoardMove>) -> Vec<BoardMove> {
    let mut game = game.clone();
    let mut legal = Vec::new();
    for mv in moves {
        if game.is_over() || game.play(mv).is_err() {
            break;
        }
        legal.push(mv);
    }
    legal
}

fn think_connect_four(
    g: &Game<ConnectFour>,
    stop: &AtomicBool,
    report: &mut dyn FnMut(ThinkingReport),
) {
    let board = g.position();
    if !solvable(board) {
        return;
    }
    let depth = (board.size().cells() - board.moves_played()) as u32;
    let found = |lines| ThinkingReport {
        depth,
        nodes: 0,
        nodes_per_second: 0,
        lines,
        engine: None,
    };
    // The values as they are proven, the final ones only.
    let values = column_values(board, workers(), stop, |values| {
        if !all_final(values) {
            let lines = column_lines(board, values);
            if !lines.is_empty() {
                report(found(lines));
            }
        }
    });
    let Ok(values) = values else { return };
    let mut lines = column_lines(board, &values);
    if let Some(best) = lines.first_mut()
        && let Some(&BoardMove::Column(column)) = best.moves.first()
        && let Ok((_, pv)) = solver_line(board, Some(column), PV_MOVES, false, stop)
        && !pv.is_empty()
    {
        let game = MatchGame::ConnectFour(g.clone());
        best.moves = legal_prefix(&game, pv.into_iter().map(BoardMove::Column));
    }
    if !stop.load(Ordering::Relaxed) {
        report(found(lines));
    }
}

/// A line per column whose value is final, best first (the middle first
/// among equals, as a player would look).
fn column_lines(board: &ConnectFour, values: &[Option<Value>]) -> Vec<EngineLine> {
    let mut lines: Vec<(u8, EngineLine)> = values
        .iter()
        .enumerate()
        .filter_map(|(c, value)| {
            let score = LineScore::of_value((*value)?)?;
            let column = Column(u8::try_from(c).ok()?);
            let line = EngineLine {
                moves: vec![BoardMove::Column(column)],
                score,
            };
            Some((column.0, line))
        })
        .collect();
    let middle = i32::from(board.size().columns() - 1);
    lines.sort_by_key(|(c, line)| {
        (
            std::cmp::Reverse(line.score.rank()),
            (2 * i32::from(*c) - middle).abs(),
        )
    });
    lines.into_iter().map(|(_, line)| line).collect()
}
