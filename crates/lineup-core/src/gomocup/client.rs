//! The manager's end of the protocol: Lineup driving any Gomocup engine (a
//! `pbrain-` program) as a child process, for the game's "Gomocup engine"
//! player and for engine matches.
//!
//! Why a reader thread and a channel: an engine may hang, so every answer
//! is awaited with a deadline (`recv_timeout`) and the process is killed
//! when it passes. Whatever happens, dropping the [`Client`] ends the
//! process and reaps it: `END`, a short grace, then kill and wait.
//!
//! Memory: the engine is told its limit (`INFO max_memory`, in bytes, 0 for
//! none), and while an answer is awaited its resident memory is read from
//! `/proc` every [`WATCH_EVERY`]; over the limit (or [`MEMORY_CAP`] when it
//! was told none) it is killed and loses. Why a watch and not `RLIMIT_AS`:
//! an address-space limit also counts what runtimes reserve and never use
//! (Java, Go, .NET, Wine reserve gigabytes), so it would break engines that
//! are well within their memory, and it makes a leaking engine fail an
//! allocation wherever it happens, often as a crash that reads like a bug.
//! The watch is Linux only; elsewhere the limit is told, not enforced.

use super::wire;
use crate::rules::gomoku::Move;
use crate::rules::{Point, RuleSet, Side};
use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How long an engine may think: per move, and for the whole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub turn: Duration,
    /// `None`: no limit for the game.
    pub game: Option<Duration>,
}

/// What an engine may take on top of its time before it counts as hung:
/// starting a process and passing lines through pipes is not thinking.
pub const GRACE: Duration = Duration::from_secs(1);
/// How long an engine may take to answer `START` (loading its tables).
pub const START_TIME: Duration = Duration::from_secs(15);
/// How long an engine has to exit after `END` before it is killed.
const EXIT_TIME: Duration = Duration::from_millis(500);
/// How many `MESSAGE` lines are kept (the oldest go first).
const KEEP_MESSAGES: usize = 200;
/// The resident memory an engine told no limit may use before it is killed:
/// far beyond what a Gomoku engine needs with its default settings, it only
/// keeps a runaway leak from taking the machine down.
pub const MEMORY_CAP: u64 = 2 << 30;
/// How often an engine's memory is read while an answer is awaited: often
/// enough to catch a leak early, rarely enough to cost nothing.
pub const WATCH_EVERY: Duration = Duration::from_millis(50);

/// What went wrong with an engine: each ends its game as a loss.
#[derive(Debug)]
pub enum Fault {
    /// The program could not be started.
    NotStarted(io::Error),
    /// The process ended; its exit status when known.
    Crashed(Option<ExitStatus>),
    /// No answer within its time and the grace.
    NoAnswer { waited: Duration },
    /// A line that is not what was asked for.
    Garbage(String),
    /// The engine said `ERROR`.
    Refused(String),
    /// Its resident memory went over its limit (in bytes).
    OverMemory { used: u64, limit: u64 },
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::NotStarted(e) => write!(f, "could not be started: {e}"),
            Fault::Crashed(Some(status)) => write!(f, "crashed ({status})"),
            Fault::Crashed(None) => f.write_str("crashed"),
            Fault::NoAnswer { waited } => {
                write!(f, "did not answer within {:.1} s", waited.as_secs_f64())
            }
            Fault::Garbage(line) => write!(f, "answered \"{line}\", which is not a move"),
            Fault::Refused(message) => write!(f, "gave up with an error: {message}"),
            Fault::OverMemory { used, limit } => write!(
                f,
                "used {} MB, over its {} MB limit",
                used >> 20,
                limit >> 20
            ),
        }
    }
}

impl std::error::Error for Fault {}

/// A running engine, started and told the board and the rules.
pub struct Client {
    child: Child,
    /// `None` once closed (at the end, or after a write failed).
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    size: u8,
    time: TimeControl,
    /// What is left of the game's time, when it has a limit.
    left: Option<Duration>,
    /// The `INFO max_memory` it was told, in bytes (0: none).
    max_memory: u64,
    messages: Vec<String>,
}

/// Who hears an engine think aloud while an answer is awaited
/// ([`Client::yx_nbest`]): each `MESSAGE` text as it comes, and a flag
/// that, once set, asks the engine to stop (`YXSTOP`) and answer.
pub struct Listener<'a> {
    pub heard: &'a mut dyn FnMut(&str),
    pub stop: &'a AtomicBool,
}

/// What a line an engine printed is, while an answer is awaited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineLine<'a> {
    /// An empty line or `DEBUG`: dropped.
    Ignored,
    /// A `MESSAGE`'s text or a whole `UNKNOWN` line: kept for the log.
    Log(&'a str),
    /// `ERROR` and its message: the engine refused.
    Error(&'a str),
    /// Anything else (trimmed): the answer, to be read as a move or `OK`.
    Answer(&'a str),
}

/// Sorts a line an engine printed (see [`EngineLine`]); the keyword in any
/// case.
pub fn classify(line: &str) -> EngineLine<'_> {
    let line = line.trim();
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    match word.to_ascii_uppercase().as_str() {
        "" | "DEBUG" => EngineLine::Ignored,
        "MESSAGE" => EngineLine::Log(rest.trim()),
        "UNKNOWN" => EngineLine::Log(line),
        "ERROR" => EngineLine::Error(rest.trim()),
        _ => EngineLine::Answer(line),
    }
}

impl Client {
    /// Starts `command` and sends `START`, waiting for its `OK`, then the
    /// rules and the time control (`INFO`).
    pub fn start(
        mut command: Command,
        size: u8,
        rule: RuleSet,
        time: TimeControl,
    ) -> Result<Client, Fault> {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(Fault::NotStarted)?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout was piped");
        let (send, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut client = Client {
            child,
            stdin,
            lines,
            size,
            time,
            left: time.game,
            max_memory: 0,
            messages: Vec::new(),
        };
        client.send(&format!("START {size}"))?;
        match client.answer(START_TIME)? {
            ok if ok.eq_ignore_ascii_case("OK") => {}
            other => return Err(Fault::Garbage(other)),
        }
        let game_ms = time.game.map_or(0, |t| t.as_millis());
        client.send(&format!("INFO timeout_turn {}", time.turn.as_millis()))?;
        client.send(&format!("INFO timeout_match {game_ms}"))?;
        if let Some(left) = time.game {
            client.send(&format!("INFO time_left {}", left.as_millis()))?;
        }
        // No limit of its own (engines keep their default tables); an
        // `INFO max_memory` line through [`Client::info`] sets one.
        client.send("INFO max_memory 0")?;
        client.send(&format!("INFO rule {}", wire::rule_code(rule)))?;
        // The opponent is another program or a person: 1 means a program.
        client.send("INFO game_type 1")?;
        Ok(client)
    }

    /// Sends `INFO line` (`max_depth 8`, `thread_num 2`, …). A
    /// `max_memory` line is also the limit the engine is held to.
    pub fn info(&mut self, line: &str) -> Result<(), Fault> {
        if let Some((key, value)) = line.trim().split_once(char::is_whitespace)
            && key.eq_ignore_ascii_case("max_memory")
            && let Ok(bytes) = value.trim().parse()
        {
            self.max_memory = bytes;
        }
        self.send(&format!("INFO {line}"))
    }

    /// The resident memory, in bytes, over which the engine is killed.
    pub fn memory_limit(&self) -> u64 {
        match self.max_memory {
            0 => MEMORY_CAP,
            told => told,
        }
    }

    /// The engine plays the first move of the game.
    pub fn begin(&mut self) -> Result<Move, Fault> {
        self.send_time_left()?;
        self.send("BEGIN")?;
        self.await_move()
    }

    /// The opponent played `theirs` (a pass is sent as `-1,-1`); the
    /// engine answers.
    pub fn turn(&mut self, theirs: Move) -> Result<Move, Fault> {
        self.send_time_left()?;
        self.send(&format!("TURN {}", wire::format_move(theirs, self.size)))?;
        self.await_move()
    }

    /// The whole position (after an undo, a load, or a set-up), the
    /// engine playing `me`, to move; it answers.
    pub fn board(&mut self, stones: &[(Point, Side)], me: Side) -> Result<Move, Fault> {
        self.send_time_left()?;
        self.send("BOARD")?;
        for &(p, side) in stones {
            let field = if side == me { 1 } else { 2 };
            self.send(&format!("{},{field}", wire::format_point(p, self.size)))?;
        }
        self.send("DONE")?;
        self.await_move()
    }

    /// Yixin's `YXBOARD`: the whole position, `me` to move, answered by
    /// nothing (the next command asks for the thinking). The stones go in
    /// the order given, which should be the order they were played: some
    /// engines (Rapfi) take the colour of the first for Black's.
    pub fn yx_board(&mut self, stones: &[(Point, Side)], me: Side) -> Result<(), Fault> {
        self.send("YXBOARD")?;
        for &(p, side) in stones {
            let field = if side == me { 1 } else { 2 };
            self.send(&format!("{},{field}", wire::format_point(p, self.size)))?;
        }
        self.send("DONE")
    }

    /// Yixin's `YXNBEST lines`: the engine thinks of its best `lines` moves
    /// in the position of the last [`Client::yx_board`], telling its lines
    /// to `listener` as it goes, until its time is up or the listener's
    /// stop is set (then it is told `YXSTOP` and has [`GRACE`] to answer).
    /// Its answer is its best move, which it has played on its own board.
    /// An engine that does not know the command refuses it
    /// ([`Fault::Refused`]) or answers it as an unknown one (a
    /// [`Fault::Garbage`] of `UNKNOWN`).
    pub fn yx_nbest(&mut self, lines: usize, listener: Listener<'_>) -> Result<Move, Fault> {
        self.send(&format!("YXNBEST {}", lines.max(1)))?;
        let line = self.answer_heard(self.time.turn + GRACE, Some(listener))?;
        wire::parse_move(&line, self.size).map_err(|_| Fault::Garbage(line))
    }

    /// [`Client::board`], telling `listener` what the engine says while it
    /// thinks, and asking it to stop (`YXSTOP`) when the listener's stop is
    /// set: an engine that knows no `YXNBEST` still shows its best line.
    pub fn board_heard(
        &mut self,
        stones: &[(Point, Side)],
        me: Side,
        listener: Listener<'_>,
    ) -> Result<Move, Fault> {
        self.send("BOARD")?;
        for &(p, side) in stones {
            let field = if side == me { 1 } else { 2 };
            self.send(&format!("{},{field}", wire::format_point(p, self.size)))?;
        }
        self.send("DONE")?;
        let line = self.answer_heard(self.time.turn + GRACE, Some(listener))?;
        wire::parse_move(&line, self.size).map_err(|_| Fault::Garbage(line))
    }

    /// The time each move may take from now on (`INFO timeout_turn`).
    pub fn set_turn_time(&mut self, turn: Duration) -> Result<(), Fault> {
        self.time.turn = turn;
        self.send(&format!("INFO timeout_turn {}", turn.as_millis()))
    }

    /// Yixin's `YXSHOWINFO`: Yixin Board says it is there to show what the
    /// engine thinks, and some engines (Rapfi) then tell each line as they
    /// search it. Others ignore it or say they do not know it, which is
    /// only logged.
    pub fn show_info(&mut self) -> Result<(), Fault> {
        self.send("YXSHOWINFO")
    }

    /// Takes the stone at `p` back (an undo).
    pub fn takeback(&mut self, p: Point) -> Result<(), Fault> {
        self.send(&format!("TAKEBACK {}", wire::format_point(p, self.size)))?;
        match self.answer(GRACE)? {
            ok if ok.eq_ignore_ascii_case("OK") => Ok(()),
            other => Err(Fault::Garbage(other)),
        }
    }

    /// The engine's `MESSAGE` texts and `UNKNOWN` lines so far, oldest
    /// first.
    pub fn messages(&self) -> &[String] {
        &self.messages
    }

    /// The `MESSAGE` texts and `UNKNOWN` lines that came since the last
    /// call, oldest first (a game's log shows them as they come).
    pub fn take_messages(&mut self) -> Vec<String> {
        self.drain();
        std::mem::take(&mut self.messages)
    }

    /// The process id (to check that it is gone after the drop).
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Ends the engine: `END`, then a kill if it lingers; always reaped.
    pub fn end(self) {}

    fn send_time_left(&mut self) -> Result<(), Fault> {
        match self.left {
            Some(left) => self.send(&format!("INFO time_left {}", left.as_millis())),
            None => Ok(()),
        }
    }

    /// A move within the time this move may take; the time used comes off
    /// the game's.
    fn await_move(&mut self) -> Result<Move, Fault> {
        let allowed = match self.left {
            Some(left) => self.time.turn.min(left),
            None => self.time.turn,
        };
        let started = Instant::now();
        let line = self.answer(allowed + GRACE)?;
        if let Some(left) = &mut self.left {
            *left = left.saturating_sub(started.elapsed());
        }
        wire::parse_move(&line, self.size).map_err(|_| Fault::Garbage(line))
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        self.drain();
        let written = match &mut self.stdin {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|()| stdin.flush()),
            None => Err(io::ErrorKind::BrokenPipe.into()),
        };
        if written.is_err() {
            self.stdin = None;
            return Err(Fault::Crashed(self.exit_status()));
        }
        Ok(())
    }

    /// The next line that answers a command, within `allowed`, the memory
    /// watched meanwhile (and once more at the answer, for an engine that
    /// answers faster than the watch). `MESSAGE` and `UNKNOWN` lines are
    /// kept for the log (an engine may say it does not know an `INFO` key,
    /// which needs no answer); `DEBUG` lines are dropped; `ERROR` is a
    /// refusal.
    fn answer(&mut self, allowed: Duration) -> Result<String, Fault> {
        self.answer_heard(allowed, None)
    }

    /// [`Client::answer`], each `MESSAGE` text told to `listener` too, and
    /// its stop turned into a `YXSTOP` once, with [`GRACE`] left to answer.
    /// (An `UNKNOWN` line that names `YXNBEST` answers it: the engine does
    /// not know the command. Other `UNKNOWN` lines, such as one for an
    /// earlier `YXSHOWINFO`, only go to the log.)
    fn answer_heard(
        &mut self,
        allowed: Duration,
        mut listener: Option<Listener<'_>>,
    ) -> Result<String, Fault> {
        let mut deadline = Instant::now() + allowed;
        let mut stopping = false;
        loop {
            if let Some(listener) = &listener
                && !stopping
                && listener.stop.load(Ordering::Relaxed)
            {
                stopping = true;
                self.send("YXSTOP")?;
                deadline = deadline.min(Instant::now() + GRACE);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left.min(WATCH_EVERY)) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    self.check_memory()?;
                    if left > WATCH_EVERY {
                        continue;
                    }
                    self.kill();
                    return Err(Fault::NoAnswer { waited: allowed });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Fault::Crashed(self.exit_status()));
                }
            };
            match classify(&line) {
                EngineLine::Ignored => {}
                EngineLine::Log(text)
                    if listener.is_some()
                        && text.starts_with("UNKNOWN")
                        && text.to_ascii_uppercase().contains("YXNBEST") =>
                {
                    return Err(Fault::Garbage(text.to_string()));
                }
                EngineLine::Log(text) => {
                    if let Some(listener) = &mut listener {
                        (listener.heard)(text);
                    }
                    self.log(text)
                }
                EngineLine::Error(message) => return Err(Fault::Refused(message.to_string())),
                EngineLine::Answer(answer) => {
                    let answer = answer.to_string();
                    self.check_memory()?;
                    return Ok(answer);
                }
            }
        }
    }

    /// Kills the engine when its resident memory is over its limit.
    fn check_memory(&mut self) -> Result<(), Fault> {
        // Only a process still running: once reaped, its id may be another's.
        if !matches!(self.child.try_wait(), Ok(None)) {
            return Ok(());
        }
        let limit = self.memory_limit();
        match crate::process_figures::resident_bytes(self.child.id()) {
            Some(used) if used > limit => {
                self.kill();
                Err(Fault::OverMemory { used, limit })
            }
            _ => Ok(()),
        }
    }

    /// Lines that came while no answer was awaited (an engine thinking
    /// aloud, or answering twice) go to the log, so a stale line is never
    /// taken for the answer to the next command.
    fn drain(&mut self) {
        while let Ok(line) = self.lines.try_recv() {
            let line = line.trim();
            match line.split_once(' ') {
                Some((word, rest)) if word.eq_ignore_ascii_case("MESSAGE") => self.log(rest.trim()),
                _ if line.is_empty() => {}
                _ => self.log(line),
            }
        }
    }

    fn log(&mut self, text: &str) {
        if self.messages.len() == KEEP_MESSAGES {
            self.messages.remove(0);
        }
        self.messages.push(text.to_string());
    }

    /// The exit status of a process whose output ended: it may take a
    /// moment to be reported.
    fn exit_status(&mut self) -> Option<ExitStatus> {
        let deadline = Instant::now() + EXIT_TIME;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
                _ => return None,
            }
        }
    }

    fn kill(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "END").and_then(|()| stdin.flush());
        }
        if self.exit_status().is_none() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
