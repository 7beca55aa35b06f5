//! Online ratings: Glicko-2 (Glickman's system, through the `skillratings`
//! crate), one rating a player per kind of game, since a strong Renju
//! player may be new at Connect Four. Each rated game is a rating period
//! of its own, applied once when the game ends (the server stores it in the
//! same transaction as the result).
//!
//! A rating whose deviation is still high is provisional and shown with a
//! "?" (as lichess does), so a new player's 1500 is not taken for a
//! measured one.

use crate::match_setup::GameKind;
use crate::rules::{ConnectFourSize, GomokuSize, RuleSet, Side};
use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use std::fmt;

/// The kinds of game rated apart. Other boards and rules (Connect Four on
/// another board, Gomoku on another size, exact five) are played casual.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RatingPool {
    ConnectFour,
    Freestyle,
    Renju,
}

impl RatingPool {
    pub const ALL: [RatingPool; 3] = [
        RatingPool::ConnectFour,
        RatingPool::Freestyle,
        RatingPool::Renju,
    ];

    /// The pool a game counts in, if it can be rated.
    pub fn of(kind: GameKind) -> Option<RatingPool> {
        match kind {
            GameKind::ConnectFour { size } if size == ConnectFourSize::STANDARD => {
                Some(RatingPool::ConnectFour)
            }
            GameKind::Gomoku {
                size: GomokuSize::STANDARD,
                rule: RuleSet::Freestyle,
            } => Some(RatingPool::Freestyle),
            GameKind::Gomoku {
                size: GomokuSize::STANDARD,
                rule: RuleSet::Renju,
            } => Some(RatingPool::Renju),
            _ => None,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            RatingPool::ConnectFour => "Connect Four",
            RatingPool::Freestyle => "Gomoku",
            RatingPool::Renju => "Renju",
        }
    }
}

/// One player's rating in one pool.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games played in this pool.
    pub games: u32,
}

/// A deviation above this marks a rating provisional (lichess's bound).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

impl Default for Rating {
    /// Glicko-2's starting point: 1500, deviation 350, volatility 0.06.
    fn default() -> Rating {
        let start = Glicko2Rating::new();
        Rating {
            rating: start.rating,
            deviation: start.deviation,
            volatility: start.volatility,
            games: 0,
        }
    }
}

impl Rating {
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating as shown: rounded, and "?" while provisional.
    pub fn shown(&self) -> ShownRating {
        ShownRating {
            rating: self.rating.round().clamp(0.0, 9999.0) as u16,
            provisional: self.is_provisional(),
        }
    }

    fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn after(&self, new: Glicko2Rating) -> Rating {
        Rating {
            rating: new.rating,
            deviation: new.deviation,
            volatility: new.volatility,
            games: self.games.saturating_add(1),
        }
    }
}

/// A rating as the lobby and the panel show it: a whole number, and
/// whether it is provisional. What travels to clients (no floats on the
/// wire).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ShownRating {
    pub rating: u16,
    pub provisional: bool,
}

impl fmt::Display for ShownRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.rating)?;
        if self.provisional {
            f.write_str("?")?;
        }
        Ok(())
    }
}

/// How a rated game ended, for the ratings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatedResult {
    Won(Side),
    Draw,
}

/// The two players' ratings after one game between them (`players[0]` on
/// `Side::First`). The system's constant τ is the paper's 0.5.
pub fn rate(players: [Rating; 2], result: RatedResult) -> [Rating; 2] {
    let outcome = match result {
        RatedResult::Won(Side::First) => Outcomes::WIN,
        RatedResult::Won(Side::Second) => Outcomes::LOSS,
        RatedResult::Draw => Outcomes::DRAW,
    };
    let (first, second) = glicko2(
        &players[0].glicko(),
        &players[1].glicko(),
        &outcome,
        &Glicko2Config::new(),
    );
    [players[0].after(first), players[1].after(second)]
}

/// A player's ratings in every pool.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Ratings(pub [Rating; 3]);

impl Ratings {
    pub fn get(&self, pool: RatingPool) -> Rating {
        self.0[pool.index()]
    }

    pub fn set(&mut self, pool: RatingPool, rating: Rating) {
        self.0[pool.index()] = rating;
    }

    /// Each pool's rating as shown.
    pub fn shown(&self) -> [ShownRating; 3] {
        self.0.map(|r| r.shown())
    }
}
