//! How strong a computer player is: one scale for every engine, which maps
//! each level to its own search limits and deliberate weaknesses.

use serde::{Deserialize, Serialize};

/// How well the computer plays, from weakest to strongest.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum Level {
    /// Plays like a newcomer: short sight, and now and then misses an
    /// immediate win or threat.
    Beginner,
    /// A little further sight; rarely misses a threat, never a win.
    Easy,
    /// Never misses an immediate win or block; varied among good moves.
    #[default]
    Medium,
    /// Deep search; hard to beat.
    Hard,
    /// The strongest: in Connect Four a move of the best exact score
    /// (perfect play); in Gomoku the deepest search in the time given.
    Master,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Master,
    ];

    /// The name to show.
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Master => "Master",
        }
    }
}
