//! A match's setup keeps one fact for its opening rule: the one it is
//! played under (`MatchSetup::opening`). A choice that does not fit the
//! game shows nowhere: not to the game, not to `==`, not in a file.

use lineup_core::match_setup::{GameKind, MatchSetup, PlayerKind};
use lineup_core::rules::opening::OpeningRule;
use lineup_core::rules::{ConnectFourSize, GomokuSize, RuleSet};

fn kinds() -> Vec<GameKind> {
    let mut kinds = vec![GameKind::ConnectFour {
        size: ConnectFourSize::STANDARD,
    }];
    kinds.extend(RuleSet::ALL.map(|rule| GameKind::Gomoku {
        size: GomokuSize::STANDARD,
        rule,
    }));
    kinds
}

/// The opening `chosen` is played under in `kind` with `players`.
fn played(kind: GameKind, players: [PlayerKind; 2], chosen: OpeningRule) -> OpeningRule {
    let online = players.iter().any(|p| p.is_online());
    match kind {
        GameKind::Gomoku { rule, .. } if chosen.fits(rule) && !online => chosen,
        _ => OpeningRule::None,
    }
}

#[test]
fn the_opening_read_is_the_opening_played_and_the_one_written() {
    let people = [PlayerKind::Human; 2];
    let online = [PlayerKind::Human, PlayerKind::Online];
    for kind in kinds() {
        for players in [people, online] {
            for chosen in OpeningRule::ALL {
                let setup = MatchSetup::new(kind, players).with_opening(chosen);
                let expected = played(kind, players, chosen);
                assert_eq!(setup.opening(), expected, "{setup:?}");
                // A file holds what is played, nothing else.
                let text = ron::to_string(&setup).expect("ron");
                let written = ron::to_string(&expected).expect("ron");
                assert!(text.contains(&format!("opening:{written},")), "{text}");
                let back: MatchSetup = ron::from_str(&text).expect("readable");
                assert_eq!(back, setup, "{text}");
                assert_eq!(back.opening(), expected);
            }
        }
    }
}

#[test]
fn setups_that_play_alike_are_equal() {
    let c4 = GameKind::ConnectFour {
        size: ConnectFourSize::STANDARD,
    };
    let plain = MatchSetup::new(c4, [PlayerKind::Human; 2]);
    // Swap2 does not count in Connect Four: the same match as none.
    assert_eq!(plain.with_opening(OpeningRule::Swap2), plain);
    // It comes back with a game it fits (New game keeps the choice while
    // the game changes), and then it counts.
    let mut setup = plain.with_opening(OpeningRule::Swap2);
    setup.kind = GameKind::Gomoku {
        size: GomokuSize::STANDARD,
        rule: RuleSet::Freestyle,
    };
    assert_eq!(setup.opening(), OpeningRule::Swap2);
    assert_ne!(setup, setup.with_opening(OpeningRule::None));
}

#[test]
fn an_older_file_with_an_opening_that_does_not_fit_still_reads() {
    let setup: MatchSetup = ron::from_str(
        "(kind: ConnectFour(size: (7, 6)), players: (Human, Human), opening: Soosorv8)",
    )
    .expect("readable");
    assert_eq!(setup.opening(), OpeningRule::None);
    let text = ron::to_string(&setup).expect("ron");
    assert!(text.contains("opening:r#None,"), "{text}");
    // A file from before openings: none.
    let setup: MatchSetup =
        ron::from_str("(kind: Gomoku(size: 15, rule: Renju), players: (Human, Computer(Hard)))")
            .expect("readable");
    assert_eq!(setup.opening(), OpeningRule::None);
}
