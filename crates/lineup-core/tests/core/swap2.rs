//! Swap2 (`lineup_core::rules::opening::swap2`): every branch, every refusal,
//! undo across the steps, and random action sequences against its
//! invariants.

use lineup_core::rules::opening::{Action, Opening, OpeningError, OpeningRule, Player, Step};
use lineup_core::rules::{Gomoku, MoveError, Point, RuleSet, Side};
use proptest::prelude::*;

fn p(text: &str) -> Point {
    Point::parse(text).expect("a point")
}

fn swap2() -> Opening {
    Opening::new(OpeningRule::Swap2, &Gomoku::standard(RuleSet::Freestyle))
}

const FIRST_PLACES: Step = Step::Place {
    by: Player::First,
    area: None,
};
const SECOND_PLACES: Step = Step::Place {
    by: Player::Second,
    area: None,
};

fn three_placed() -> Opening {
    let mut s = swap2();
    for at in ["h8", "i9", "j8"] {
        s.act(Player::First, Action::Place(p(at))).expect("placed");
    }
    s
}

fn colour(s: &Opening, at: &str) -> Option<Side> {
    s.game().position().at(p(at))
}

#[test]
fn the_first_player_places_black_white_black_then_the_second_chooses() {
    let s = three_placed();
    assert_eq!(s.step(), Step::Swap2Choice);
    assert_eq!(s.to_act(), Player::Second);
    assert_eq!(
        [colour(&s, "h8"), colour(&s, "i9"), colour(&s, "j8")],
        [Some(Side::First), Some(Side::Second), Some(Side::First)]
    );
    assert!(!s.is_decided());
}

#[test]
fn playing_white_keeps_the_colours_and_the_second_player_makes_move_four() {
    let mut s = three_placed();
    s.act(Player::Second, Action::Keep).expect("a choice");
    assert!(s.is_decided());
    assert_eq!(s.black(), Player::First);
    assert_eq!(s.game().to_move(), Side::Second);
    assert_eq!(s.to_act(), Player::Second);
    assert_eq!(
        s.act(Player::Second, Action::Place(p("g7"))),
        Err(OpeningError::NotNow),
        "once decided the game goes on in its own right"
    );
}

#[test]
fn a_swap_gives_the_second_player_black_and_the_first_makes_move_four() {
    let mut s = three_placed();
    s.act(Player::Second, Action::Swap).expect("a choice");
    assert!(s.is_decided());
    assert_eq!(s.black(), Player::Second);
    assert_eq!(s.to_act(), Player::First, "the first player is White now");
    assert_eq!(s.holder(Side::Second), Player::First);
}

#[test]
fn two_more_stones_then_the_first_player_chooses_either_colour() {
    for (taken, black) in [(Side::First, Player::First), (Side::Second, Player::Second)] {
        let mut s = three_placed();
        s.act(Player::Second, Action::PlaceTwo).expect("a choice");
        assert_eq!(s.step(), SECOND_PLACES);
        s.act(Player::Second, Action::Place(p("g9")))
            .expect("stone 4");
        s.act(Player::Second, Action::Place(p("k7")))
            .expect("stone 5");
        assert_eq!(
            [colour(&s, "g9"), colour(&s, "k7")],
            [Some(Side::Second), Some(Side::First)]
        );
        assert_eq!((s.step(), s.to_act()), (Step::ChooseColour, Player::First));
        s.act(Player::First, Action::TakeColour(taken))
            .expect("a colour");
        assert!(s.is_decided());
        assert_eq!(s.black(), black);
        // White makes move 6: whoever is not Black.
        assert_eq!(s.to_act(), black.other());
        assert_eq!(s.game().to_move(), Side::Second);
    }
}

#[test]
fn anything_out_of_step_is_refused_and_changes_nothing() {
    let mut s = swap2();
    let before = s.clone();
    assert_eq!(
        s.act(Player::Second, Action::Place(p("h8"))),
        Err(OpeningError::NotYourTurn)
    );
    assert_eq!(
        s.act(Player::First, Action::Swap),
        Err(OpeningError::NotNow)
    );
    assert_eq!(s, before);
    s.act(Player::First, Action::Place(p("h8")))
        .expect("placed");
    let before = s.clone();
    assert_eq!(
        s.act(Player::First, Action::Place(p("h8"))),
        Err(OpeningError::Stone(MoveError::Occupied))
    );
    assert_eq!(s, before);

    let mut s = three_placed();
    let before = s.clone();
    for action in [Action::Place(p("a1")), Action::TakeColour(Side::First)] {
        assert_eq!(s.act(Player::Second, action), Err(OpeningError::NotNow));
    }
    assert_eq!(
        s.act(Player::First, Action::Swap),
        Err(OpeningError::NotYourTurn)
    );
    assert_eq!(s, before);
    s.act(Player::Second, Action::PlaceTwo).expect("a choice");
    assert_eq!(
        s.act(Player::Second, Action::Swap),
        Err(OpeningError::NotNow),
        "no second choice before the two stones"
    );
}

#[test]
fn undo_walks_back_through_every_step() {
    let mut s = three_placed();
    s.act(Player::Second, Action::PlaceTwo).expect("a choice");
    s.act(Player::Second, Action::Place(p("g9")))
        .expect("stone 4");
    s.act(Player::Second, Action::Place(p("k7")))
        .expect("stone 5");
    s.act(Player::First, Action::TakeColour(Side::Second))
        .expect("a colour");
    let expected = [
        (Step::ChooseColour, 5),
        (SECOND_PLACES, 4),
        (SECOND_PLACES, 3),
        (Step::Swap2Choice, 3),
        (FIRST_PLACES, 2),
        (FIRST_PLACES, 1),
        (FIRST_PLACES, 0),
    ];
    for (step, stones) in expected {
        assert!(s.undo());
        assert_eq!((s.step(), s.game().position().stones()), (step, stones));
    }
    assert!(!s.undo(), "nothing left to take back");
    assert_eq!(s, swap2());
}

fn any_action() -> impl Strategy<Value = (Player, Action)> {
    let player = prop_oneof![Just(Player::First), Just(Player::Second)];
    let action = prop_oneof![
        (6u8..9, 6u8..9).prop_map(|(x, y)| Action::Place(Point::new(x, y))),
        Just(Action::Keep),
        Just(Action::Swap),
        Just(Action::PlaceTwo),
        Just(Action::TakeColour(Side::First)),
        Just(Action::TakeColour(Side::Second)),
    ];
    (player, action)
}

proptest! {
    /// Whatever is tried: a refusal changes nothing, the stones always
    /// number what the step says, and undoing everything gets back to the
    /// start.
    #[test]
    fn random_actions_keep_the_invariants(actions in prop::collection::vec(any_action(), 0..40)) {
        let start = swap2();
        let mut s = start.clone();
        for (player, action) in actions {
            let before = s.clone();
            if s.act(player, action).is_err() {
                prop_assert_eq!(&s, &before);
            }
            let stones = s.game().position().stones();
            match s.step() {
                FIRST_PLACES => prop_assert!(stones < 3),
                Step::Swap2Choice => prop_assert_eq!(stones, 3),
                SECOND_PLACES => prop_assert!((3..5).contains(&stones)),
                Step::ChooseColour => prop_assert_eq!(stones, 5),
                Step::Decided => prop_assert!(stones == 3 || stones == 5),
                other => prop_assert!(false, "Swap2 has no step {:?}", other),
            }
        }
        while s.undo() {}
        prop_assert_eq!(s, start);
    }
}

mod computer {
    //! The computer in each role, judging by its own evaluation.
    use super::*;
    use lineup_core::ai::gomoku::GomokuEngine;
    use lineup_core::ai::opening::opening_action;
    use std::sync::atomic::AtomicBool;

    fn act(s: &Opening, me: Player, engine: &mut GomokuEngine) -> Action {
        opening_action(s, me, engine, 7, &AtomicBool::new(false)).expect("its turn")
    }

    /// A whole Swap2 opening with the computer in both seats: every action
    /// it chooses is accepted, and it ends with the colours decided (about
    /// two seconds: a proposal weighs every completion near the stones).
    #[test]
    fn the_computer_plays_every_role_to_a_decision() {
        let mut engine = GomokuEngine::new();
        let mut s = swap2();
        let mut steps = Vec::new();
        while !s.is_decided() {
            let me = s.to_act();
            let action = act(&s, me, &mut engine);
            steps.push((s.step(), action));
            s.act(me, action).expect("the computer's action is legal");
            assert!(
                steps.len() <= 7,
                "Swap2 takes at most seven actions: {steps:?}"
            );
        }
        assert!(steps.len() >= 4, "{steps:?}");
        // Its proposals are balanced by its own judgement: as the chooser
        // it can tell neither colour better, so it places two more.
        assert!(
            steps.contains(&(Step::Swap2Choice, Action::PlaceTwo)),
            "{steps:?}"
        );
        assert_eq!(
            opening_action(&s, s.to_act(), &mut engine, 7, &AtomicBool::new(false)),
            None,
            "after the decision the game goes on as usual"
        );
        assert_eq!(
            opening_action(
                &s,
                s.to_act().other(),
                &mut engine,
                7,
                &AtomicBool::new(false)
            ),
            None,
            "never out of turn"
        );
    }

    /// Offered a strong Black (two black stones side by side, the white one
    /// far off), the computer takes Black; offered a weak one (black stones
    /// in two corners, White in the middle), it keeps White.
    #[test]
    fn the_chooser_takes_the_better_colour() {
        let mut engine = GomokuEngine::new();
        let offered = |stones: [&str; 3]| {
            let mut s = swap2();
            for at in stones {
                s.act(Player::First, Action::Place(p(at))).expect("placed");
            }
            s
        };
        let strong_black = offered(["h8", "a15", "i8"]);
        assert_eq!(
            act(&strong_black, Player::Second, &mut engine),
            Action::Swap
        );
        let weak_black = offered(["a1", "h8", "o15"]);
        assert_eq!(act(&weak_black, Player::Second, &mut engine), Action::Keep);
    }

    /// Offered five stones, the first player takes the colour the position
    /// favours: Black with an open three, White with one.
    #[test]
    fn with_five_stones_the_first_player_takes_the_colour_in_front() {
        let mut engine = GomokuEngine::new();
        let five = |stones: [&str; 5]| {
            let mut s = swap2();
            for at in &stones[..3] {
                s.act(Player::First, Action::Place(p(at))).expect("placed");
            }
            s.act(Player::Second, Action::PlaceTwo).expect("a choice");
            for at in &stones[3..] {
                s.act(Player::Second, Action::Place(p(at))).expect("placed");
            }
            s
        };
        // Black h8 i8 j8 in a row (open three), White far away.
        let black_ahead = five(["h8", "a15", "i8", "o1", "j8"]);
        assert_eq!(
            act(&black_ahead, Player::First, &mut engine),
            Action::TakeColour(Side::First)
        );
        // White f8 g8 side by side, Black in three corners; White to move.
        let white_ahead = five(["a1", "g8", "o15", "f8", "a15"]);
        assert_eq!(
            act(&white_ahead, Player::First, &mut engine),
            Action::TakeColour(Side::Second)
        );
    }
}
