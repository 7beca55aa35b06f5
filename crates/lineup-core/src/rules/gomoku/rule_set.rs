use serde::{Deserialize, Serialize};
use std::fmt;

/// Which lines win, and whether Black has fouls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RuleSet {
    /// Five or more in a row wins, for both.
    #[default]
    Freestyle,
    /// Exactly five wins; six or more wins for nobody (play goes on).
    ExactFive,
    /// RIF Renju: Black must make exactly five and may not play a
    /// double-three, double-four or overline (an exact five still wins);
    /// White wins with five or more.
    Renju,
}

impl RuleSet {
    pub const ALL: [RuleSet; 3] = [RuleSet::Freestyle, RuleSet::ExactFive, RuleSet::Renju];

    /// Whether a run of `length` stones wins for `black` (the first player).
    pub fn wins(self, length: usize, black: bool) -> bool {
        match self {
            RuleSet::Freestyle => length >= 5,
            RuleSet::ExactFive => length == 5,
            RuleSet::Renju if black => length == 5,
            RuleSet::Renju => length >= 5,
        }
    }

    /// A short name for menus and files.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Freestyle => "freestyle",
            RuleSet::ExactFive => "exact five",
            RuleSet::Renju => "renju",
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
