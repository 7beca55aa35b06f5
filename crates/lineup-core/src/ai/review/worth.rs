//! What a position is worth to the side to move, in one scale for both
//! games: a proven result (with the ply of the winning move when known), an
//! engine's estimate, or nothing yet.
//!
//! Why the winning move's ply and not "win in N": N depends on where it is
//! counted from, while the ply is the same seen from any position of the
//! game, so turning a value round for the other side cannot be off by one.

use crate::ai::gomoku::eval_model::LOGISTIC_SCALE;

/// A position's value for the side to move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Worth {
    /// The side to move wins by force, with its move of ply `at` (0-based,
    /// counted from the start of the game) when the length is known.
    Wins { at: Option<u32> },
    /// Neither side can force a win (Connect Four, exact).
    Draw,
    /// The other side wins by force, with its move of ply `at`.
    Loses { at: Option<u32> },
    /// An engine's estimate (Gomoku), positive for the side to move.
    Score(i32),
    /// Not worked out (the budget ran out).
    Unknown,
}

/// How far apart a Gomoku score is from a sure thing: at this score the
/// graph is at two thirds of the height a proven win gets.
const SCORE_SCALE: f32 = 600.0;

/// An estimate in a player's words: who stands better and by how much.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Neither side is 57% or more to win.
    Even,
    /// The side named wins 57–69% of such games.
    SlightlyBetter,
    /// 70–89%.
    ClearlyBetter,
    /// 90% or more.
    Winning,
}

impl Worth {
    /// The same position seen by the other side.
    pub fn turned(self) -> Worth {
        match self {
            Worth::Wins { at } => Worth::Loses { at },
            Worth::Loses { at } => Worth::Wins { at },
            Worth::Score(s) => Worth::Score(-s),
            other => other,
        }
    }

    /// Won (1), undecided (0: a draw or an estimate) or lost (-1); `None`
    /// when unknown.
    pub fn class(self) -> Option<i8> {
        match self {
            Worth::Wins { .. } => Some(1),
            Worth::Draw | Worth::Score(_) => Some(0),
            Worth::Loses { .. } => Some(-1),
            Worth::Unknown => None,
        }
    }

    /// Where the graph draws it, from -1 (lost) to 1 (won), seen from ply
    /// `ply`: a proven result is at least half way out, nearer the edge the
    /// sooner it comes; an estimate stays inside the half. `None`: unknown.
    pub fn height(self, ply: usize) -> Option<f32> {
        let soon = |at: Option<u32>| match at {
            Some(at) => 1.0 - 0.5 * ((at as f32 - ply as f32).max(0.0) / 40.0).min(1.0),
            None => 0.75,
        };
        match self {
            Worth::Wins { at } => Some(soon(at)),
            Worth::Loses { at } => Some(-soon(at)),
            Worth::Draw => Some(0.0),
            Worth::Score(s) => Some(0.45 * (s as f32 / SCORE_SCALE).tanh()),
            Worth::Unknown => None,
        }
    }

    /// An estimate's chance for the side to move to win, in whole percent
    /// (0–100), by the evaluation's logistic curve; `None` for a proven or
    /// unknown value.
    pub fn win_percent(self) -> Option<u8> {
        let Worth::Score(s) = self else { return None };
        let p = 1.0 / (1.0 + (-f64::from(s) / LOGISTIC_SCALE).exp());
        Some((p * 100.0).round().clamp(0.0, 100.0) as u8)
    }

    /// An estimate in words: how the better side stands, whether that is
    /// the side to move (`true`) or the other, and its chance in percent.
    /// `None` for a proven or unknown value.
    pub fn standing(self) -> Option<(Standing, bool, u8)> {
        let percent = self.win_percent()?;
        let (better_is_mover, best) = if percent >= 50 {
            (true, percent)
        } else {
            (false, 100 - percent)
        };
        let standing = match best {
            90.. => Standing::Winning,
            70.. => Standing::ClearlyBetter,
            57.. => Standing::SlightlyBetter,
            _ => Standing::Even,
        };
        Some((standing, better_is_mover, best))
    }

    /// How many moves of its own the side whose move is at ply `ply` makes
    /// until the winning move at ply `at`, this one and that one included.
    pub fn own_moves(at: u32, ply: usize) -> usize {
        (at as usize).saturating_sub(ply) / 2 + 1
    }

    /// The value in words, for the side whose move is at ply `ply`: "Win in
    /// 3" counts that side's own moves, this one included.
    pub fn label(self, ply: usize) -> String {
        let moves = |at: u32| Worth::own_moves(at, ply);
        match self {
            Worth::Wins { at: Some(at) } => format!("Win in {}", moves(at)),
            Worth::Wins { at: None } => "Win".into(),
            Worth::Draw => "Draw".into(),
            Worth::Loses { at: Some(at) } => format!("Loss in {}", moves(at)),
            Worth::Loses { at: None } => "Loss".into(),
            Worth::Score(s) if s > 50 => format!("Ahead ({s:+})"),
            Worth::Score(s) if s < -50 => format!("Behind ({s:+})"),
            Worth::Score(s) => format!("Even ({s:+})"),
            Worth::Unknown => "?".into(),
        }
    }
}

/// A move's mark in the move list and on the graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// "?": it gave away a win (a draw or an unclear game instead), or the
    /// estimate fell sharply.
    Mistake,
    /// "??": it turned a game that was not lost into a lost one.
    Blunder,
}

impl Mark {
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// How far (in graph heights) an estimate must fall for a "?".
const SHARP_DROP: f32 = 0.3;

/// The mark of the move at ply `ply`, from what the position was worth to
/// its mover before it (`before`, the best there was) and after it
/// (`after`, seen from the mover). `None`: a fair move, or not known.
pub fn mark(ply: usize, before: Worth, after: Worth) -> Option<Mark> {
    let (was, is) = (before.class()?, after.class()?);
    if is < was {
        return Some(if is < 0 { Mark::Blunder } else { Mark::Mistake });
    }
    if let (Worth::Score(_), Worth::Score(_)) = (before, after) {
        let drop = before.height(ply)? - after.height(ply)?;
        if drop >= SHARP_DROP {
            return Some(Mark::Mistake);
        }
    }
    None
}
