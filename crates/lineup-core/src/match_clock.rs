//! The players' clocks, in plain Rust: one model for the window (a timed
//! game offline) and the server (which alone decides an online game's
//! flag). Time comes in as milliseconds on the caller's own steady clock,
//! so a test runs a whole game in no time and a client's idea of the time
//! never enters the server's sums.
//!
//! Fischer timing: each side starts with `base`; the side that moves gets
//! `increment` back after its move. A side whose time reaches zero before it
//! moves has lost on time (its flag fell). The engines' per-move time is
//! another thing ([`crate::match_setup::EngineTime`]).

use crate::rules::Side;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How long a game may take: no clock, or Fischer (base + increment).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum TimeControl {
    #[default]
    Untimed,
    /// `base_seconds` each, `increment_seconds` back after every move.
    Fischer {
        base_seconds: u32,
        increment_seconds: u32,
    },
}

/// Why a time control written as text is none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControlError(pub String);

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is no time control: write minutes+seconds (5+3), \
             seconds with an s (10s+0), or none",
            self.0
        )
    }
}

impl std::error::Error for TimeControlError {}

/// The longest base a clock takes: a day.
const LONGEST_BASE_SECONDS: u32 = 24 * 3600;

impl TimeControl {
    /// Minutes + seconds, as players say it.
    pub const fn fischer(minutes: u32, increment_seconds: u32) -> TimeControl {
        TimeControl::Fischer {
            base_seconds: minutes * 60,
            increment_seconds,
        }
    }

    /// The menus' choices, in the order they cycle.
    pub const CHOICES: [TimeControl; 4] = [
        TimeControl::Untimed,
        TimeControl::fischer(5, 3),
        TimeControl::fischer(15, 5),
        TimeControl::fischer(30, 10),
    ];

    /// The next of [`TimeControl::CHOICES`] (a custom one goes back to the
    /// first).
    pub fn next(self) -> TimeControl {
        let at = Self::CHOICES.iter().position(|c| *c == self);
        Self::CHOICES[at.map_or(0, |i| (i + 1) % Self::CHOICES.len())]
    }

    pub fn is_timed(self) -> bool {
        self != TimeControl::Untimed
    }

    /// Each side's time at the start (milliseconds), if timed.
    pub fn base_ms(self) -> Option<u64> {
        match self {
            TimeControl::Untimed => None,
            TimeControl::Fischer { base_seconds, .. } => Some(u64::from(base_seconds) * 1000),
        }
    }

    /// The time given back after each move (milliseconds).
    pub fn increment_ms(self) -> u64 {
        match self {
            TimeControl::Untimed => 0,
            TimeControl::Fischer {
                increment_seconds, ..
            } => u64::from(increment_seconds) * 1000,
        }
    }

    /// Reads `5+3` (minutes + seconds), `10s+0` (seconds + seconds), or
    /// `none`. A base of zero, or over a day, is refused.
    pub fn parse(text: &str) -> Result<TimeControl, TimeControlError> {
        let error = || TimeControlError(text.to_string());
        let text = text.trim();
        if text.eq_ignore_ascii_case("none") || text == "-" {
            return Ok(TimeControl::Untimed);
        }
        let (base, increment) = text.split_once('+').ok_or_else(error)?;
        let base = base.trim();
        let base_seconds = match base.strip_suffix('s') {
            Some(seconds) => seconds.parse::<u32>().map_err(|_| error())?,
            None => base
                .parse::<u32>()
                .ok()
                .and_then(|m| m.checked_mul(60))
                .ok_or_else(error)?,
        };
        let increment = increment.trim();
        let increment_seconds = increment
            .strip_suffix('s')
            .unwrap_or(increment)
            .parse::<u32>()
            .map_err(|_| error())?;
        if base_seconds == 0 || base_seconds > LONGEST_BASE_SECONDS || increment_seconds > 3600 {
            return Err(error());
        }
        Ok(TimeControl::Fischer {
            base_seconds,
            increment_seconds,
        })
    }
}

/// `5+3`, `10s+0`, or `none`: what [`TimeControl::parse`] reads.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Untimed => f.write_str("none"),
            TimeControl::Fischer {
                base_seconds,
                increment_seconds,
            } if base_seconds % 60 == 0 => write!(f, "{}+{increment_seconds}", base_seconds / 60),
            TimeControl::Fischer {
                base_seconds,
                increment_seconds,
            } => write!(f, "{base_seconds}s+{increment_seconds}"),
        }
    }
}

/// Why the clock refused a press.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockError {
    /// The side's time ran out before it moved.
    Flagged(Side),
    /// It is not this side's clock that runs.
    NotRunning(Side),
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockError::Flagged(_) => f.write_str("the time ran out before the move"),
            ClockError::NotRunning(_) => f.write_str("that clock is not running"),
        }
    }
}

impl std::error::Error for ClockError {}

/// The two clocks of a timed game. Between moves one side's clock runs (or
/// none: before the first move, while paused, after the end). Every
/// instant is milliseconds on the caller's steady clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameClock {
    control: TimeControl,
    /// Each side's time left when its clock last stopped.
    left_ms: [u64; 2],
    /// The side whose clock runs, since when; `None` while stopped.
    #[serde(skip)]
    running: Option<(Side, u64)>,
    /// The side to move while the clock is stopped (paused, or not
    /// started), so that resuming starts the right one.
    to_move: Side,
    /// Time each move took, in order (the time a move used, before its
    /// increment).
    spent_ms: Vec<u64>,
    /// The side whose flag fell.
    flagged: Option<Side>,
}

impl GameClock {
    /// Both clocks full, stopped, `First` to move. `None` untimed.
    pub fn new(control: TimeControl) -> Option<GameClock> {
        let base = control.base_ms()?;
        Some(GameClock {
            control,
            left_ms: [base; 2],
            running: None,
            to_move: Side::First,
            spent_ms: Vec::new(),
            flagged: None,
        })
    }

    /// A clock as it stood: each side's time left, `to_move` next, the
    /// moves' times; stopped (a loaded save, a restarted server).
    pub fn resumed(
        control: TimeControl,
        left_ms: [u64; 2],
        to_move: Side,
        spent_ms: Vec<u64>,
    ) -> Option<GameClock> {
        let mut clock = GameClock::new(control)?;
        clock.left_ms = left_ms;
        clock.to_move = to_move;
        clock.spent_ms = spent_ms;
        clock.flagged = [Side::First, Side::Second]
            .into_iter()
            .find(|s| left_ms[s.index()] == 0);
        Some(clock)
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The side whose clock runs now.
    pub fn running(&self) -> Option<Side> {
        self.running.map(|(side, _)| side)
    }

    /// The side that moves next as the clock sees it.
    pub fn to_move(&self) -> Side {
        self.running().unwrap_or(self.to_move)
    }

    /// The time each move took, oldest first.
    pub fn spent_ms(&self) -> &[u64] {
        &self.spent_ms
    }

    /// `side`'s time left at `now` (0 once its flag fell).
    pub fn left_ms(&self, side: Side, now: u64) -> u64 {
        let stored = self.left_ms[side.index()];
        match self.running {
            Some((running, since)) if running == side => {
                stored.saturating_sub(now.saturating_sub(since))
            }
            _ => stored,
        }
    }

    /// Both sides' time left at `now`.
    pub fn both_left_ms(&self, now: u64) -> [u64; 2] {
        [Side::First, Side::Second].map(|s| self.left_ms(s, now))
    }

    /// Starts (or resumes) the clock of the side to move at `now`.
    pub fn start(&mut self, now: u64) {
        if self.running.is_none() && self.flagged.is_none() {
            self.running = Some((self.to_move, now));
        }
    }

    /// Stops the clock at `now` keeping the time left (a pause, the end of
    /// the game, a server going down). Resumes with [`GameClock::start`].
    pub fn pause(&mut self, now: u64) {
        if let Some((side, _)) = self.running {
            self.left_ms[side.index()] = self.left_ms(side, now);
            self.to_move = side;
            self.running = None;
        }
    }

    pub fn is_paused(&self) -> bool {
        self.running.is_none()
    }

    /// `side` moved at `now`: its time is charged, its increment given,
    /// and the other side's clock starts. A clock not yet started (the
    /// first move) starts here, charging nothing. Refused when `side`'s
    /// time had already run out (its flag fell: the move does not count).
    pub fn press(&mut self, side: Side, now: u64) -> Result<u64, ClockError> {
        if let Some(flagged) = self.flag(now) {
            return Err(ClockError::Flagged(flagged));
        }
        let since = match self.running {
            Some((running, since)) if running == side => since,
            Some(_) => return Err(ClockError::NotRunning(side)),
            // Stopped: the press is for the side to move, and costs nothing
            // (a game's first move, a move right after a resume).
            None if self.to_move == side => now,
            None => return Err(ClockError::NotRunning(side)),
        };
        let spent = now.saturating_sub(since);
        let left = self.left_ms[side.index()].saturating_sub(spent);
        self.left_ms[side.index()] = left + self.control.increment_ms();
        self.spent_ms.push(spent);
        self.running = Some((side.other(), now));
        self.to_move = side.other();
        Ok(spent)
    }

    /// Moves taken back: the clock carries on for `to_move` (time used is
    /// not given back; the taken-back moves' times are dropped).
    pub fn take_back(&mut self, count: usize, to_move: Side, now: u64) {
        let was_running = self.running.is_some();
        self.pause(now);
        let kept = self.spent_ms.len().saturating_sub(count);
        self.spent_ms.truncate(kept);
        self.to_move = to_move;
        if was_running {
            self.start(now);
        }
    }

    /// The side whose time has run out at `now`, if one has: from then on
    /// its flag stays down and the clocks are stopped.
    pub fn flag(&mut self, now: u64) -> Option<Side> {
        if self.flagged.is_none()
            && let Some((side, _)) = self.running
            && self.left_ms(side, now) == 0
        {
            self.left_ms[side.index()] = 0;
            self.to_move = side;
            self.running = None;
            self.flagged = Some(side);
        }
        self.flagged
    }

    /// The side whose flag fell, without looking at the time again.
    pub fn flagged(&self) -> Option<Side> {
        self.flagged
    }

    /// When, at the earliest, the running side's flag can fall (for a
    /// timer to wake at).
    pub fn falls_at(&self) -> Option<u64> {
        let (side, since) = self.running?;
        Some(since + self.left_ms[side.index()])
    }
}

/// A clock's time as the panel shows it: `m:ss`, `h:mm:ss` past an hour,
/// and tenths under ten seconds (`9.4`).
pub fn clock_text(ms: u64) -> String {
    if ms < 10_000 {
        return format!("{}.{}", ms / 1000, (ms % 1000) / 100);
    }
    let seconds = ms / 1000;
    let (h, m, s) = (seconds / 3600, (seconds / 60) % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// A move's time in the move list: `12s`, `1m05s`, `0.4s`.
pub fn spent_text(ms: u64) -> String {
    if ms < 10_000 {
        return format!("{}.{}s", ms / 1000, (ms % 1000) / 100);
    }
    let seconds = ms / 1000;
    if seconds < 60 {
        format!("{seconds}s")
    } else {
        format!("{}m{:02}s", seconds / 60, seconds % 60)
    }
}
