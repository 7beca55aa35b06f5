//! Several best lines (multi-PV) for the managers that ask for them.
//!
//! The form engines share is Yixin's `YXNBEST N` (Yixin Board sends it after
//! `YXBOARD … DONE`; Rapfi answers it): think about the position with N
//! lines and answer the best move, which is then played. Lineup's own
//! `INFO multipv N` does the same for every `BEGIN`, `TURN` and `BOARD`, for
//! managers that know only the Gomocup commands. While thinking, each
//! completed depth is told as one `MESSAGE` line per line, best first:
//!
//! ```text
//! MESSAGE depth 6 multipv 1 ev 412 n 18034 tm 95 pv 7,7 8,8 6,6
//! MESSAGE depth 6 multipv 2 ev -37 n 18034 tm 95 pv 8,6 7,7 9,5
//! ```
//!
//! `ev` is the score for the side to move, `+Mn` / `-Mn` a five proven
//! for it / against it at ply n; `n` the nodes so far, `tm` the
//! milliseconds so far, `pv` the line in the protocol's `x,y`. With Yixin's
//! `INFO show_detail` odd, `MESSAGE REALTIME BEST x,y` (and `LOSE x,y` for a
//! first move proven lost) follow, the lines Yixin Board draws on its board.

use super::wire;
use crate::ai::gomoku::{GomokuEngine, PvReport, WIN, WON};
use crate::rules::gomoku::Move;
use crate::rules::{Gomoku, Point, Rules};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The deepest the analysis goes (below the search's ply limit); the clock
/// ends it long before.
const MAX_DEPTH: i32 = 40;

/// Thinks about `position` with `lines` lines for at most `time`, telling
/// each completed depth to `messages`. The first line's first move of the
/// last completed depth, or `None` when no depth completed (no legal point,
/// or no time).
pub(super) fn think(
    engine: &mut GomokuEngine,
    position: &Gomoku,
    lines: usize,
    time: Duration,
    realtime: bool,
    messages: &mut dyn FnMut(String),
) -> Option<Point> {
    let size = position.size();
    let start = Instant::now();
    let stop = AtomicBool::new(false);
    let mut best = None;
    let mut lost: Vec<Point> = Vec::new();
    std::thread::scope(|scope| {
        // The clock: the analysis runs until stopped, so a watcher stops
        // it at the move's time, or ends early when told the analysis did.
        let (done, wait) = mpsc::channel::<()>();
        let stop = &stop;
        scope.spawn(move || {
            if wait.recv_timeout(time) == Err(mpsc::RecvTimeoutError::Timeout) {
                stop.store(true, Ordering::Relaxed);
            }
        });
        engine.analyse(
            position,
            lines,
            MAX_DEPTH,
            stop,
            &mut |report: &PvReport| {
                let elapsed = start.elapsed();
                // A late watcher (a loaded machine) must not let another
                // depth start past the time.
                if elapsed >= time {
                    stop.store(true, Ordering::Relaxed);
                }
                let ms = elapsed.as_millis();
                let mut k = 0;
                for line in &report.lines {
                    let moves = legal_prefix(position, &line.moves);
                    let Some(&head) = moves.first() else {
                        continue;
                    };
                    k += 1;
                    if k == 1 {
                        best = Some(head);
                    }
                    let pv: Vec<String> =
                        moves.iter().map(|&p| wire::format_point(p, size)).collect();
                    messages(format!(
                        "MESSAGE depth {} multipv {} ev {} n {} tm {ms} pv {}",
                        report.depth,
                        k,
                        score_text(line.score),
                        report.nodes,
                        pv.join(" ")
                    ));
                    if realtime && line.score <= -WON && !lost.contains(&head) {
                        lost.push(head);
                        messages(format!(
                            "MESSAGE REALTIME LOSE {}",
                            wire::format_point(head, size)
                        ));
                    }
                }
                if realtime && let Some(p) = best {
                    messages(format!(
                        "MESSAGE REALTIME BEST {}",
                        wire::format_point(p, size)
                    ));
                }
            },
        );
        drop(done);
    });
    best
}

/// A score as the lines show it: Rapfi's `+Mn` / `-Mn` for a five proven
/// at ply n (counted from 1: `+M1` is a five to make now), else the number.
pub(super) fn score_text(score: i32) -> String {
    if score >= WON {
        format!("+M{}", WIN - score + 1)
    } else if score <= -WON {
        format!("-M{}", WIN + score + 1)
    } else {
        score.to_string()
    }
}

/// The moves of `line` that replay from `position`, up to the first refused
/// one or the five that ends the game (included).
fn legal_prefix(position: &Gomoku, line: &[Point]) -> Vec<Point> {
    let mut board = position.clone();
    let mut moves = Vec::new();
    for &p in line {
        match board.play(Move::Stone(p)) {
            Ok(outcome) => {
                moves.push(p);
                if outcome.is_some() {
                    break;
                }
            }
            Err(_) => break,
        }
    }
    moves
}
