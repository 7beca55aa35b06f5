//! Which opening rule a game starts with.

use crate::rules::RuleSet;
use serde::{Deserialize, Serialize};
use std::fmt;

/// An opening rule. `None` (the default) is the casual game: Black simply
/// plays first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OpeningRule {
    #[default]
    None,
    /// Freestyle and exact-five tournaments (Gomocup): three stones, then
    /// White, swap, or two more and the other chooses.
    Swap2,
    /// RIF's rule for Renju World Championships since 2017: one of the 26
    /// openings, swap, the fourth move and how many fifth moves (1 to 8)
    /// Black must offer, swap, the offers, White picks one.
    Soosorv8,
    /// RIF's other certified Renju rule: each of the first five stones in a
    /// growing central square with a swap after each, or ten offered fifth
    /// moves.
    Taraguchi10,
}

impl OpeningRule {
    pub const ALL: [OpeningRule; 4] = [
        OpeningRule::None,
        OpeningRule::Swap2,
        OpeningRule::Soosorv8,
        OpeningRule::Taraguchi10,
    ];

    /// The rules a game under `rule` may start with: Swap2 for freestyle
    /// and exact five, the RIF rules for Renju (their limits assume Black's
    /// fouls).
    pub fn choices(rule: RuleSet) -> Vec<OpeningRule> {
        OpeningRule::ALL
            .into_iter()
            .filter(|o| o.fits(rule))
            .collect()
    }

    pub fn fits(self, rule: RuleSet) -> bool {
        match self {
            OpeningRule::None => true,
            OpeningRule::Swap2 => rule != RuleSet::Renju,
            OpeningRule::Soosorv8 | OpeningRule::Taraguchi10 => rule == RuleSet::Renju,
        }
    }

    /// The most fifth moves Black may be asked to offer: Soosõrv's
    /// declaration goes up to it, Taraguchi asks for exactly this many.
    pub fn max_offers(self) -> u8 {
        match self {
            OpeningRule::Soosorv8 => 8,
            OpeningRule::Taraguchi10 => 10,
            _ => 0,
        }
    }

    /// The central square (its side, in points) that stone `n` (0-based)
    /// must go in, when the rule sets one: Soosõrv's 26 openings are the
    /// centre, 3×3 and 5×5; Taraguchi's first five stones go in the centre,
    /// 3×3, 5×5, 7×7 and 9×9.
    pub fn area(self, n: usize) -> Option<u8> {
        match self {
            OpeningRule::Soosorv8 => [1, 3, 5].get(n).copied(),
            OpeningRule::Taraguchi10 => (n < 5).then_some(2 * n as u8 + 1),
            OpeningRule::None | OpeningRule::Swap2 => None,
        }
    }

    /// The rule's name in files and logs.
    pub fn name(self) -> &'static str {
        match self {
            OpeningRule::None => "none",
            OpeningRule::Swap2 => "Swap2",
            OpeningRule::Soosorv8 => "Soosorv-8",
            OpeningRule::Taraguchi10 => "Taraguchi-10",
        }
    }
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
