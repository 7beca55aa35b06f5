//! Another Gomocup engine as the analysis board's and review's engine, as
//! Yixin Board uses one: the position set with `YXBOARD`, the best lines
//! asked for with `YXNBEST` and read as the engine tells them (`told`),
//! its best line from plain `BOARD` thinking when it knows no `YXNBEST`.
//!
//! Scores: each engine counts in its own units. Lineup's (`pbrain-lineup`)
//! are the evaluation's own ([`LOGISTIC_SCALE`]); any other engine's are
//! read on Rapfi's scale ([`OUTSIDE_SCALE`]: Rapfi's win rate is the
//! logistic curve of its score over 200, and engines that follow Yixin's
//! protocol extensions write theirs about alike). A score turns into a
//! win chance, and into Lineup's units for review's graph, through it.

use super::client::{Client, Fault, Listener, TimeControl};
use super::registry::EngineEntry;
use super::told::{self, ToldLine, ToldScore};
use crate::ai::gomoku::eval_model::LOGISTIC_SCALE;
use crate::ai::review::Worth;
use crate::ai::review::gomoku::GomokuJudging;
use crate::rules::gomoku::Move;
use crate::rules::{Gomoku, Point, RuleSet, Rules, Side};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The logistic scale an engine other than Lineup's is read on (Rapfi's).
pub const OUTSIDE_SCALE: f64 = 200.0;

/// A running engine, for thinking about positions one after another.
pub struct OutsideEngine {
    client: Client,
    name: String,
    size: u8,
    /// Its scores' logistic scale.
    scale: f64,
    /// Whether it answered `YXNBEST` as a command it does not know (then
    /// each position is thought about with `BOARD`).
    plain: bool,
}

/// What an engine found in one position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// Its lines as it last told them, by rank (the first the best).
    pub lines: Vec<ToldLine>,
    /// The move it answered with, when it answered.
    pub best: Option<Point>,
}

impl OutsideEngine {
    /// Starts `entry` for a board of `size` under `rule`, each position
    /// thought about for `turn`.
    pub fn start(
        entry: &EngineEntry,
        size: u8,
        rule: RuleSet,
        turn: Duration,
    ) -> Result<OutsideEngine, Fault> {
        let time = TimeControl { turn, game: None };
        let mut client = Client::start(entry.command(), size, rule, time)?;
        client.show_info()?;
        Ok(OutsideEngine {
            client,
            name: entry.name.clone(),
            size,
            scale: scale_of(entry),
            plain: false,
        })
    }

    /// The name the engine is listed by.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The time each position is thought about from now on.
    pub fn set_turn_time(&mut self, turn: Duration) -> Result<(), Fault> {
        self.client.set_turn_time(turn)
    }

    /// The nodes each position may take (`INFO max_node`; engines that do
    /// not know it keep to the time).
    pub fn set_node_budget(&mut self, nodes: u64) -> Result<(), Fault> {
        self.client.info(&format!("max_node {nodes}"))
    }

    /// Thinks about the position of `stones` (in the order played) with
    /// `me` to move, for its `lines` best moves, until its time is up or
    /// `stop` is set: `heard` is called with all the lines so far each time
    /// it tells one.
    pub fn think(
        &mut self,
        stones: &[(Point, Side)],
        me: Side,
        lines: usize,
        stop: &AtomicBool,
        heard: &mut dyn FnMut(&Found),
    ) -> Result<Found, Fault> {
        let mut found = Found::default();
        let size = self.size;
        let mut hear = |text: &str| {
            let Some(line) = told::read_line(text, size) else {
                return;
            };
            let rank = line.rank as usize;
            if rank == 0 || rank > lines.max(1) {
                return;
            }
            // A deeper line of rank 1 starts the depth's lines over.
            if rank == 1 && found.lines.first().is_some_and(|l| l.depth < line.depth) {
                found.lines.truncate(1);
            }
            if found.lines.len() < rank {
                found.lines.resize(rank, line.clone());
            }
            found.lines[rank - 1] = line;
            heard(&found);
        };
        let listener = Listener {
            heard: &mut hear,
            stop,
        };
        let answer = if self.plain {
            self.client.board_heard(stones, me, listener)
        } else {
            self.client.yx_board(stones, me)?;
            self.client.yx_nbest(lines, listener)
        };
        let answer = match answer {
            // An engine that knows no `YXNBEST` says so as an unknown
            // command or an error.
            Err(Fault::Garbage(text))
                if !self.plain && text.to_ascii_uppercase().contains("YXNBEST") =>
            {
                self.plain = true;
                return self.think(stones, me, lines, stop, heard);
            }
            Err(Fault::Refused(_)) if !self.plain => {
                // No `YXNBEST`: plain thinking from now on.
                self.plain = true;
                return self.think(stones, me, lines, stop, heard);
            }
            other => other?,
        };
        if let Move::Stone(p) = answer {
            found.best = Some(p);
        }
        Ok(found)
    }

    /// A score in the evaluation's units (review's graph).
    pub fn in_lineup_units(&self, score: ToldScore) -> Option<i32> {
        match score {
            ToldScore::Estimate(v) => Some((f64::from(v) * LOGISTIC_SCALE / self.scale) as i32),
            _ => None,
        }
    }
}

/// The logistic scale of `entry`'s scores.
pub fn scale_of(entry: &EngineEntry) -> f64 {
    if entry.is_lineup() {
        LOGISTIC_SCALE
    } else {
        OUTSIDE_SCALE
    }
}

/// A score's chance for the side to move to win, in percent, on `scale`.
pub fn win_percent(scale: f64, estimate: i32) -> u8 {
    let p = 1.0 / (1.0 + (-f64::from(estimate) / scale).exp());
    (p * 100.0).round().clamp(0.0, 100.0) as u8
}

/// How far another engine looks at each position of a review: a node
/// budget (Yixin's `INFO max_node`, which Rapfi and Lineup's engine take),
/// so that a busy machine changes nothing, and a time for engines that
/// know no budget.
pub const REVIEW_NODES: u64 = 300_000;
pub const REVIEW_TURN: Duration = Duration::from_secs(1);

/// Review's judge that asks another engine ([`GomokuJudging`]), started
/// at the first position and kept for the game. An engine that cannot be
/// started or fails is not asked again: the positions left are
/// [`Worth::Unknown`], and its `trouble` says why.
pub struct OutsideJudge {
    entry: EngineEntry,
    engine: Option<OutsideEngine>,
    trouble: Option<String>,
}

impl OutsideJudge {
    pub fn new(entry: EngineEntry) -> OutsideJudge {
        OutsideJudge {
            entry,
            engine: None,
            trouble: None,
        }
    }

    fn engine(&mut self, board: &Gomoku) -> Option<&mut OutsideEngine> {
        if self.engine.is_none() && self.trouble.is_none() {
            let started =
                OutsideEngine::start(&self.entry, board.size(), board.rule(), REVIEW_TURN)
                    .and_then(|mut engine| {
                        engine.set_node_budget(REVIEW_NODES)?;
                        Ok(engine)
                    });
            match started {
                Ok(engine) => self.engine = Some(engine),
                Err(fault) => self.trouble = Some(fault.to_string()),
            }
        }
        self.engine.as_mut()
    }
}

impl GomokuJudging for OutsideJudge {
    fn worth(&mut self, board: &Gomoku, stop: &AtomicBool) -> Option<(Worth, Option<Point>)> {
        let played = board.stones() as u32;
        // Black's stones first: some engines take the first for Black's.
        let mut stones = Vec::new();
        for side in [Side::First, Side::Second] {
            for y in 0..board.size() {
                for x in 0..board.size() {
                    let p = Point::new(x, y);
                    if board.at(p) == Some(side) {
                        stones.push((p, side));
                    }
                }
            }
        }
        let me = board.to_move();
        let Some(engine) = self.engine(board) else {
            return Some((Worth::Unknown, None));
        };
        let found = match engine.think(&stones, me, 1, stop, &mut |_| {}) {
            Ok(found) => found,
            Err(fault) => {
                self.engine = None;
                self.trouble = Some(fault.to_string());
                return Some((Worth::Unknown, None));
            }
        };
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let worth = match found.lines.first().map(|l| l.score) {
            None => Worth::Unknown,
            Some(ToldScore::WinsAt(ply)) => Worth::Wins {
                at: Some(played + ply.max(1) - 1),
            },
            Some(ToldScore::LosesAt(ply)) => Worth::Loses {
                at: Some(played + ply.max(1) - 1),
            },
            Some(score) => engine
                .in_lineup_units(score)
                .map_or(Worth::Unknown, Worth::Score),
        };
        Some((worth, found.best))
    }

    fn trouble(&self) -> Option<String> {
        self.trouble.clone()
    }
}
