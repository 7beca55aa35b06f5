//! The match each soak game plays: either game, a random board, rule,
//! opening and levels, both seats the computer. Seeded, so a run that found
//! a fault can be played again (`LINEUP_SOAK_SEED`).

use lineup_core::ai::{Level, PlayRng};
use lineup_core::match_setup::{GameKind, MatchSetup, PlayerKind};
use lineup_core::match_state::Match;
use lineup_core::rules::opening::OpeningRule;
use lineup_core::rules::{ConnectFourSize, GomokuSize, RuleSet};

/// A new match for the soak to play out.
pub fn random_match(rng: &mut PlayRng) -> Match {
    let (kind, levels, opening) = if rng.percent(50) {
        let size = if rng.percent(60) {
            ConnectFourSize::STANDARD
        } else {
            random_connect_four_size(rng)
        };
        // Off the standard board there is no opening book, and the exact
        // levels can think for minutes there: the soak keeps to the levels
        // that answer in a moment.
        let levels: &[Level] = if size == ConnectFourSize::STANDARD {
            &Level::ALL
        } else {
            &Level::ALL[..3]
        };
        (GameKind::ConnectFour { size }, levels, OpeningRule::None)
    } else {
        let size = if rng.percent(50) {
            GomokuSize::STANDARD
        } else {
            GomokuSize::ALL[rng.below(GomokuSize::ALL.len())]
        };
        let rule = [RuleSet::Freestyle, RuleSet::ExactFive, RuleSet::Renju][rng.below(3)];
        // The tournament openings are set out on the standard board.
        let openings: Vec<OpeningRule> = OpeningRule::ALL
            .into_iter()
            .filter(|o| *o != OpeningRule::None && o.fits(rule))
            .collect();
        let opening = match rng.pick(&openings) {
            Some(o) if size == GomokuSize::STANDARD && rng.percent(30) => o,
            _ => OpeningRule::None,
        };
        (GameKind::Gomoku { size, rule }, &Level::ALL[..], opening)
    };
    let mut level = || PlayerKind::Computer(levels[rng.below(levels.len())]);
    let players = [level(), level()];
    Match::new(MatchSetup::new(kind, players).with_opening(opening))
}

fn random_connect_four_size(rng: &mut PlayRng) -> ConnectFourSize {
    let mut pick = |max: u8| {
        ConnectFourSize::MIN + rng.below(usize::from(max - ConnectFourSize::MIN + 1)) as u8
    };
    let (columns, rows) = (
        pick(ConnectFourSize::MAX_COLUMNS),
        pick(ConnectFourSize::MAX_ROWS),
    );
    ConnectFourSize::new(columns, rows).unwrap_or(ConnectFourSize::STANDARD)
}
