//! A match score and the Elo difference it suggests, with a 95% interval.
//!
//! Why this way: each game scores 1, ½ or 0 for the first engine; the mean
//! score `s` maps to an Elo difference by the logistic curve
//! `-400·log10(1/s − 1)`, and the interval is the mean's ±1.96 standard
//! errors mapped the same way (as cutechess and c-gomoku-cli report it).

use super::sprt::GameScore;
use std::fmt;

/// Games from the first engine's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Score {
    /// One more game, A's result.
    pub fn add(&mut self, result: GameScore) {
        match result {
            GameScore::Win => self.wins += 1,
            GameScore::Loss => self.losses += 1,
            GameScore::Draw => self.draws += 1,
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The mean score per game, 0 to 1 (`None` before any game).
    pub fn mean(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n))
    }

    /// The Elo difference and the half-width of its 95% interval; `None`
    /// when the score is 0 or 1 (the difference is unbounded) or empty.
    pub fn elo(&self) -> Option<(f64, f64)> {
        let s = self.mean()?;
        let n = f64::from(self.games());
        let variance = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        let margin = 1.96 * (variance / n).sqrt();
        // An interval reaching 0 or 1 is unbounded on that side; it is cut
        // at 0.1% and 99.9% (±1200 Elo), which reads as "unknown".
        let bounded = |s: f64| s.clamp(0.001, 0.999);
        let (low, high) = (elo_of(bounded(s - margin))?, elo_of(bounded(s + margin))?);
        Some((elo_of(s)?, (high - low) / 2.0))
    }
}

/// The Elo difference a mean score stands for.
fn elo_of(s: f64) -> Option<f64> {
    (s > 0.0 && s < 1.0).then(|| -400.0 * (1.0 / s - 1.0).log10())
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} - {} - {} (wins - losses - draws) in {} games",
            self.wins,
            self.losses,
            self.draws,
            self.games()
        )?;
        if let Some(s) = self.mean() {
            write!(f, ", score {:.1}%", s * 100.0)?;
        }
        match self.elo() {
            // (+ 0.0 turns an even score's -0 into 0.)
            Some((elo, margin)) => write!(f, ", Elo {:+.0} ± {margin:.0}", elo + 0.0),
            None => Ok(()),
        }
    }
}
