//! Opening actions as saves and exports write them (`h8 i9 swap two
//! declare:5 offer:j7 pick:j7`): `rules::opening::notation::parse_actions`,
//! then each action offered to an opening under every rule.
//!
//! Invariants: no panic; actions that parse, written back with
//! `format_actions`, parse to the same actions; an action the opening
//! refuses (`Opening::act`) leaves it exactly as it was; `Opening::replayed`
//! agrees with acting one action at a time.
//!
//! Reads: rules/opening/
#![no_main]

use libfuzzer_sys::fuzz_target;
use lineup_core::rules::opening::notation::{format_actions, parse_actions};
use lineup_core::rules::opening::{Opening, OpeningRule, Player};
use lineup_core::rules::{Gomoku, GomokuSize, RuleSet};

fuzz_target!(|data: &[u8]| {
    let Some((pick, text)) = lineup_fuzz::choice_and_text(data) else {
        return;
    };
    let Ok(actions) = parse_actions(text) else {
        return;
    };
    let written = format_actions(&actions);
    assert_eq!(parse_actions(&written).as_ref(), Ok(&actions), "{written}");
    let (rule, rule_set) = match pick % 3 {
        0 => (OpeningRule::Swap2, RuleSet::Freestyle),
        1 => (OpeningRule::Soosorv8, RuleSet::Renju),
        _ => (OpeningRule::Taraguchi10, RuleSet::Renju),
    };
    let span = GomokuSize::MAX - GomokuSize::MIN + 1;
    let size = GomokuSize::MIN + pick / 3 % span;
    let board = Gomoku::new(size, rule_set).expect("a size in range");
    let mut opening = Opening::new(rule, &board);
    let mut taken = Vec::new();
    for &action in &actions {
        let before = opening.clone();
        let player = opening.to_act();
        let other = match player {
            Player::First => Player::Second,
            Player::Second => Player::First,
        };
        assert!(opening.act(other, action).is_err());
        assert_eq!(opening, before, "{action:?} by the wrong player changed it");
        match opening.act(player, action) {
            Ok(()) => taken.push(action),
            Err(e) => assert_eq!(opening, before, "{action:?} refused ({e:?}) changed it"),
        }
    }
    assert_eq!(opening.actions(), &taken[..]);
    let replayed = Opening::replayed(rule, &board, taken.iter().copied());
    assert_eq!(replayed.as_ref(), Ok(&opening));
    if taken.len() == actions.len() {
        assert!(Opening::replayed(rule, &board, actions.iter().copied()).is_ok());
    }
    let mut undone = opening.clone();
    while undone.undo() {}
    assert_eq!(undone, Opening::new(rule, &board));
});
