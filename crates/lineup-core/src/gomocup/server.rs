//! The engine's end of the protocol: Lineup's Gomoku engine answering a
//! manager (Piskvork, a Gomocup manager, or [`super::client`]).
//!
//! Plain Rust over any `BufRead`/`Write`, so tests drive it with strings and
//! the binary (`src/bin/pbrain-lineup.rs`) with the real stdin/stdout.

use super::nbest;
use super::wire::{self, numbers};
use crate::ai::gomoku::GomokuEngine;
use crate::ai::{Level, PlayRng};
use crate::rules::gomoku::Move;
use crate::rules::{Gomoku, GomokuSize, Point, RuleSet, Rules, Side};
use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Runs the protocol until `END` or the end of the input.
pub fn run_protocol(input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut session = Session::new();
    for line in input.lines() {
        let line = line?;
        // The lines told while thinking go out as they come.
        let mut failed = None;
        let answers = session.handle_with(&line, &mut |message| {
            if failed.is_none()
                && let Err(e) = writeln!(output, "{message}").and_then(|()| output.flush())
            {
                failed = Some(e);
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        for answer in answers {
            writeln!(output, "{answer}")?;
        }
        output.flush()?;
        if session.ended {
            break;
        }
    }
    Ok(())
}

/// The engine's view of the match: the stones in the order played and the
/// settings the manager sent. [`run_protocol`] feeds it one line at a time;
/// the fuzz target `gomocup_engine` does too.
pub struct Session {
    size: u8,
    rule: RuleSet,
    stones: Vec<(Point, Side)>,
    /// Who passed (`-1,-1`), in order: the stones alone would give the
    /// move to the side that passed.
    passes: Vec<Side>,
    engine: GomokuEngine,
    rng: PlayRng,
    /// Milliseconds per move (0: as fast as possible).
    timeout_turn: u64,
    /// Milliseconds for the whole match (0: no limit).
    timeout_match: u64,
    time_left: Option<u64>,
    /// The `x,y,field` lines of a `BOARD` command until `DONE`.
    board_lines: Option<Vec<(Point, u8)>>,
    /// Whether that `DONE` asks for a move (`BOARD`) or not (`YXBOARD`).
    board_thinks: bool,
    /// Lineup's `INFO multipv`: the lines each move's thinking tells
    /// (1: none, the plain search).
    multipv: usize,
    /// Yixin's `INFO show_detail` with its realtime bit: `MESSAGE REALTIME`
    /// lines while thinking with several lines.
    realtime: bool,
    ended: bool,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    pub fn new() -> Self {
        Session {
            size: 0,
            rule: RuleSet::Freestyle,
            stones: Vec::new(),
            passes: Vec::new(),
            engine: GomokuEngine::new(),
            rng: PlayRng::new(0x00c0_ffee),
            timeout_turn: 5_000,
            timeout_match: 0,
            time_left: None,
            board_lines: None,
            board_thinks: true,
            multipv: 1,
            realtime: false,
            ended: false,
        }
    }

    /// Whether `END` came: nothing more is read.
    pub fn has_ended(&self) -> bool {
        self.ended
    }

    /// One line from the manager; the lines to answer it with (any
    /// `MESSAGE` lines told while thinking first).
    pub fn handle(&mut self, line: &str) -> Vec<String> {
        let mut told = Vec::new();
        let mut answers = self.handle_with(line, &mut |message| told.push(message));
        told.append(&mut answers);
        told
    }

    /// One line from the manager: the lines told while thinking (several
    /// best lines, see [`nbest`]) go to `messages` as they come; returns
    /// the lines to answer with.
    pub fn handle_with(&mut self, line: &str, messages: &mut dyn FnMut(String)) -> Vec<String> {
        let line = line.trim();
        if line.is_empty() {
            return Vec::new();
        }
        let (command, args) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c.to_ascii_uppercase(), a.trim()),
            None => (line.to_ascii_uppercase(), ""),
        };
        if self.board_lines.is_some() {
            return self.board_line(&command, line, messages);
        }
        let result = match command.as_str() {
            "START" => self.start(args),
            "RECTSTART" => self.rect_start(args),
            "RESTART" => self.restart(),
            "BEGIN" => self.begin(messages),
            "TURN" => self.turn(args, messages),
            "BOARD" => self.board(true),
            "YXBOARD" => self.yx_board(args, messages),
            "YXNBEST" => self.nbest(args, messages),
            "TAKEBACK" => self.takeback(args),
            "INFO" => self.info(args),
            "ABOUT" => Ok(vec![
                "name=\"pbrain-lineup\", version=\"0.1\", author=\"Lineup\", country=\"Unknown\""
                    .to_string(),
            ]),
            "YXSHOWFORBID" => self.show_forbid(),
            "END" => {
                self.ended = true;
                Ok(Vec::new())
            }
            _ => Ok(vec![format!("UNKNOWN command {command}")]),
        };
        result.unwrap_or_else(|message| vec![format!("ERROR {message}")])
    }

    fn start(&mut self, args: &str) -> Result<Vec<String>, String> {
        let size: u8 = args
            .parse()
            .map_err(|_| format!("START needs a board size, not '{args}'"))?;
        self.set_size(size)
    }

    fn rect_start(&mut self, args: &str) -> Result<Vec<String>, String> {
        let [w, h] = numbers::<2>(args)?;
        if w != h {
            return Err(format!("only square boards are supported, not {w}x{h}"));
        }
        self.set_size(u8::try_from(w).unwrap_or(0))
    }

    fn set_size(&mut self, size: u8) -> Result<Vec<String>, String> {
        let size = GomokuSize::new(size)
            .map_err(|e| format!("unsupported size {size} (from {} to {})", e.min, e.max))?;
        self.size = size.get();
        self.stones.clear();
        self.passes.clear();
        self.engine.clear();
        Ok(vec!["OK".to_string()])
    }

    fn restart(&mut self) -> Result<Vec<String>, String> {
        self.started()?;
        self.stones.clear();
        self.passes.clear();
        self.engine.clear();
        Ok(vec!["OK".to_string()])
    }

    fn started(&self) -> Result<(), String> {
        if self.size == 0 {
            Err("no board yet: send START first".to_string())
        } else {
            Ok(())
        }
    }

    fn begin(&mut self, messages: &mut dyn FnMut(String)) -> Result<Vec<String>, String> {
        self.started()?;
        if !self.stones.is_empty() {
            return Err("BEGIN on a board with stones".to_string());
        }
        self.reply(self.lines(), messages)
    }

    fn turn(
        &mut self,
        args: &str,
        messages: &mut dyn FnMut(String),
    ) -> Result<Vec<String>, String> {
        self.started()?;
        let mv = wire::parse_move(args, self.size)?;
        let mut position = self.position()?;
        let side = position.to_move();
        position.play(mv).map_err(|e| format!("{args}: {e}"))?;
        match mv {
            Move::Stone(p) => self.stones.push((p, side)),
            Move::Pass => self.passes.push(side),
        }
        self.reply(self.lines(), messages)
    }

    /// `BOARD` (`thinks`: a move after `DONE`) or `YXBOARD` (none).
    fn board(&mut self, thinks: bool) -> Result<Vec<String>, String> {
        self.started()?;
        self.board_lines = Some(Vec::new());
        self.board_thinks = thinks;
        Ok(Vec::new())
    }

    /// Yixin's `YXBOARD`: a `BOARD` that only sets the position (the
    /// manager asks next, with `YXNBEST`). Its stones and `DONE` may follow
    /// on the same line, as some managers send them.
    fn yx_board(
        &mut self,
        args: &str,
        messages: &mut dyn FnMut(String),
    ) -> Result<Vec<String>, String> {
        self.board(false)?;
        let mut answers = Vec::new();
        for word in args.split_whitespace() {
            if self.board_lines.is_none() {
                answers.push(format!("ERROR '{word}' after DONE"));
                continue;
            }
            answers.extend(self.board_line(&word.to_ascii_uppercase(), word, messages));
        }
        Ok(answers)
    }

    /// Yixin's `YXNBEST N`: the best move with N lines told while thinking;
    /// the move is played, as after `BEGIN` or `TURN`.
    fn nbest(
        &mut self,
        args: &str,
        messages: &mut dyn FnMut(String),
    ) -> Result<Vec<String>, String> {
        self.started()?;
        let lines: usize = args
            .parse()
            .map_err(|_| format!("YXNBEST needs a number of lines, not '{args}'"))?;
        self.reply(Some(lines.max(1)), messages)
    }

    /// One line inside `BOARD`: a stone, or `DONE`.
    fn board_line(
        &mut self,
        command: &str,
        line: &str,
        messages: &mut dyn FnMut(String),
    ) -> Vec<String> {
        if command == "DONE" {
            let lines = self.board_lines.take().unwrap_or_default();
            return self
                .board_done(lines, messages)
                .unwrap_or_else(|m| vec![format!("ERROR {m}")]);
        }
        match numbers::<3>(line).and_then(|[x, y, field]| {
            let p = self.point(&format!("{x},{y}"))?;
            if !(1..=3).contains(&field) {
                return Err(format!("field must be 1, 2 or 3, not {field}"));
            }
            Ok((p, field as u8))
        }) {
            Ok(stone) => {
                if let Some(lines) = &mut self.board_lines {
                    lines.push(stone);
                }
                Vec::new()
            }
            Err(m) => vec![format!("ERROR {m}")],
        }
    }

    /// The stones of a `BOARD` command: ours are field 1. We are to move, so
    /// we are Black when the counts are equal. Field 3 (continuous games)
    /// counts as the opponent's.
    fn board_done(
        &mut self,
        lines: Vec<(Point, u8)>,
        messages: &mut dyn FnMut(String),
    ) -> Result<Vec<String>, String> {
        let own = lines.iter().filter(|(_, f)| *f == 1).count();
        let theirs = lines.len() - own;
        let (me, them) = if own >= theirs {
            (Side::First, Side::Second)
        } else {
            (Side::Second, Side::First)
        };
        let stones: Vec<(Point, Side)> = lines
            .iter()
            .map(|&(p, f)| (p, if f == 1 { me } else { them }))
            .collect();
        Gomoku::with_stones(self.size, self.rule, stones.iter().copied())
            .map_err(|e| e.to_string())?;
        self.stones = stones;
        // A board cannot say who passed: it is taken as none.
        self.passes.clear();
        if !self.board_thinks {
            return Ok(Vec::new());
        }
        self.reply(self.lines(), messages)
    }

    fn takeback(&mut self, args: &str) -> Result<Vec<String>, String> {
        self.started()?;
        let p = self.point(args)?;
        let Some(n) = self.stones.iter().rposition(|(q, _)| *q == p) else {
            return Err(format!("no stone at {args}"));
        };
        self.stones.remove(n);
        Ok(vec!["OK".to_string()])
    }

    fn info(&mut self, args: &str) -> Result<Vec<String>, String> {
        let (key, value) = args
            .split_once(char::is_whitespace)
            .ok_or_else(|| format!("INFO needs a key and a value, not '{args}'"))?;
        let number = || -> Result<u64, String> {
            value
                .trim()
                .parse::<i64>()
                .map(|v| v.max(0) as u64)
                .map_err(|_| format!("INFO {key} needs a number, not '{}'", value.trim()))
        };
        match key.to_ascii_lowercase().as_str() {
            "timeout_turn" => self.timeout_turn = number()?,
            "timeout_match" => self.timeout_match = number()?,
            "time_left" => self.time_left = Some(number()?),
            "rule" => self.rule = wire::rule_of(number()?),
            // Lineup's own: each move thinks with this many lines and tells
            // them (1: the plain search, as without it).
            "multipv" => self.multipv = number()?.clamp(1, 225) as usize,
            // Yixin's: bit 1 asks for `MESSAGE REALTIME` lines (told while
            // thinking with several lines only).
            "show_detail" => self.realtime = number()? & 1 != 0,
            "max_memory" => {
                let megabytes = (number()? >> 20) as usize;
                if megabytes > 0 {
                    self.engine.set_memory((megabytes / 4).clamp(1, 64));
                }
            }
            // Yixin's (Rapfi takes it too): each move searches at most this
            // many nodes on each thread (0: no limit), so that a match
            // plays the same on any machine.
            "max_node" => self
                .engine
                .set_node_limit(Some(number()?).filter(|&n| n > 0)),
            // The threads the manager allows, no more than the machine's
            // cores (0 or nothing said: one).
            "thread_num" => {
                let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
                self.engine
                    .set_threads((number()? as usize).clamp(1, cores));
            }
            // Lineup's own, for the engine lab's matches of two settings
            // (docs/gomocup.md): one of Master's pruning settings.
            lab if lab.starts_with("lab_") => {
                let value = value
                    .trim()
                    .parse::<i32>()
                    .map_err(|_| format!("INFO {key} needs a number, not '{}'", value.trim()))?;
                self.engine.set_pruning(&lab["lab_".len()..], value)?;
            }
            // game_type, evaluate, folder and others: nothing to do.
            _ => {}
        }
        Ok(Vec::new())
    }

    /// Yixin's `YXSHOWFORBID`: Black's forbidden points as `xxyy` pairs.
    fn show_forbid(&mut self) -> Result<Vec<String>, String> {
        self.started()?;
        let position = self.position()?;
        let mut text = String::from("FORBID ");
        if position.to_move() == Side::First {
            let mut points: Vec<(u8, u8)> = position
                .forbidden_points()
                .into_iter()
                .map(|(p, _)| wire::coordinates(p, self.size))
                .collect();
            points.sort_by_key(|&(x, y)| (y, x));
            for (x, y) in points {
                text.push_str(&format!("{x:02}{y:02}"));
            }
        }
        text.push('.');
        Ok(vec![text])
    }

    fn position(&self) -> Result<Gomoku, String> {
        Gomoku::with_stones(self.size, self.rule, self.stones.iter().copied())
            .map(|position| position.with_passes(self.passes.iter().copied()))
            .map_err(|e| e.to_string())
    }

    /// A Gomocup `x,y` as our point, checked against the board.
    fn point(&self, args: &str) -> Result<Point, String> {
        wire::parse_point(args, self.size)
    }

    /// The lines a move's thinking tells: `None` for the plain search.
    fn lines(&self) -> Option<usize> {
        (self.multipv > 1).then_some(self.multipv)
    }

    /// Thinks, plays our move and answers it: with the plain search, or
    /// with `lines` best lines told to `messages` as each depth completes
    /// (the first line's first move is played).
    fn reply(
        &mut self,
        lines: Option<usize>,
        messages: &mut dyn FnMut(String),
    ) -> Result<Vec<String>, String> {
        let position = self.position()?;
        let time = self.move_time();
        let side = position.to_move();
        let found = lines.and_then(|n| {
            nbest::think(
                &mut self.engine,
                &position,
                n,
                time,
                self.realtime,
                messages,
            )
        });
        // Without lines the plain search; with them but no depth completed
        // (no point to take, or no time left) its quick answer: the time is
        // spent, so it starts stopped.
        let stop = AtomicBool::new(lines.is_some());
        let chosen = match found {
            Some(p) => Some(Move::Stone(p)),
            None => self
                .engine
                .choose(&position, Level::Master, &mut self.rng, &stop, time),
        };
        let p = match chosen {
            Some(Move::Stone(p)) => p,
            // No point we may take (the rest are Renju fouls).
            Some(Move::Pass) => {
                self.passes.push(side);
                return Ok(vec![wire::PASS.to_string()]);
            }
            None => return Err("no move left".to_string()),
        };
        let mut check = position.clone();
        check
            .play(Move::Stone(p))
            .map_err(|e| format!("engine chose {p}: {e}"))?;
        self.stones.push((p, side));
        Ok(vec![wire::format_point(p, self.size)])
    }

    /// The time for this move: the turn limit less a safety margin (a
    /// twentieth, at least 60 ms: 940 ms of a 1 s turn; the search sees a
    /// stop within a millisecond and answers at once), and no more than a
    /// fair share of what is left of the match.
    fn move_time(&self) -> Duration {
        let mut ms = if self.timeout_turn == 0 {
            100
        } else {
            self.timeout_turn
                .saturating_sub((self.timeout_turn / 20).max(60))
        };
        if self.timeout_match > 0
            && let Some(left) = self.time_left
        {
            ms = ms.min(left / 12);
        }
        Duration::from_millis(ms.max(20))
    }
}
