//! The RIF Renju opening rules (`lineup_core::rules::opening`): Soosõrv-8 and
//! Taraguchi-10 step by step (legal and refused placements, swaps, the
//! declaration, offers and the pick), the symmetry that forbids two offers,
//! the words saves use, undo through a match, saves that replay the
//! opening, and the computer in every role of both rules.

use lineup_core::match_setup::{GameKind, MatchSetup, PlayerKind};
use lineup_core::match_state::Match;
use lineup_core::persist::save_file::SaveFile;
use lineup_core::rules::opening::notation::{format_actions, parse_actions};
use lineup_core::rules::opening::symmetry::same_move;
use lineup_core::rules::opening::{Action, Opening, OpeningError, OpeningRule, Player, Step};
use lineup_core::rules::{Gomoku, GomokuSize, MoveError, Point, RuleSet, Side};
use proptest::prelude::*;

fn p(text: &str) -> Point {
    Point::parse(text).expect("a point")
}

fn renju(rule: OpeningRule) -> Opening {
    Opening::new(rule, &Gomoku::standard(RuleSet::Renju))
}

/// Does each action as whoever is to act, or fails the test.
fn run(o: &mut Opening, actions: &[Action]) {
    for &a in actions {
        let by = o.to_act();
        o.act(by, a)
            .unwrap_or_else(|e| panic!("{a:?} at {:?}: {e}", o.step()));
    }
}

fn colour(o: &Opening, at: &str) -> Option<Side> {
    o.game().position().at(p(at))
}

mod soosorv {
    use super::*;

    /// h8, h9 (direct), j10 in the 5×5: one of the 26 openings.
    fn opening_placed() -> Opening {
        let mut o = renju(OpeningRule::Soosorv8);
        run(
            &mut o,
            &[
                Action::Place(p("h8")),
                Action::Place(p("h9")),
                Action::Place(p("j10")),
            ],
        );
        o
    }

    #[test]
    fn the_first_player_places_one_of_the_26_openings() {
        let mut o = renju(OpeningRule::Soosorv8);
        let first = Step::Place {
            by: Player::First,
            area: Some(1),
        };
        assert_eq!((o.step(), o.to_act()), (first, Player::First));
        let before = o.clone();
        assert_eq!(
            o.act(Player::First, Action::Place(p("h9"))),
            Err(OpeningError::OutsideArea(1)),
            "the first stone goes in the centre"
        );
        assert_eq!(o, before);
        run(&mut o, &[Action::Place(p("h8"))]);
        assert_eq!(
            o.act(Player::First, Action::Place(p("h10"))),
            Err(OpeningError::OutsideArea(3)),
            "the second within the 3×3"
        );
        run(&mut o, &[Action::Place(p("i9"))]);
        assert_eq!(
            o.act(Player::First, Action::Place(p("h11"))),
            Err(OpeningError::OutsideArea(5)),
            "the third within the 5×5"
        );
        run(&mut o, &[Action::Place(p("j10"))]);
        assert_eq!(colour(&o, "i9"), Some(Side::Second));
        assert_eq!(
            (o.step(), o.to_act()),
            (Step::MaySwap { by: Player::Second }, Player::Second)
        );
    }

    #[test]
    fn swap_then_white_places_four_declares_black_may_swap_offers_and_white_picks() {
        let mut o = opening_placed();
        run(&mut o, &[Action::Swap]);
        assert_eq!(o.black(), Player::Second, "the second player took Black");
        // White (the first player now) places the fourth anywhere.
        assert_eq!(o.to_act(), Player::First);
        run(&mut o, &[Action::Place(p("a1"))]);
        assert_eq!((o.step(), o.to_act()), (Step::Declare, Player::First));
        let before = o.clone();
        for n in [0, 9] {
            assert_eq!(
                o.act(Player::First, Action::Declare(n)),
                Err(OpeningError::OfferCount(8))
            );
        }
        assert_eq!(o, before);
        run(&mut o, &[Action::Declare(2)]);
        // Black (the second player) may swap back.
        assert_eq!(o.step(), Step::MaySwap { by: Player::Second });
        run(&mut o, &[Action::Keep]);
        assert_eq!(o.step(), Step::Offer { wanted: 2 });
        assert_eq!(o.to_act(), Player::Second, "Black offers");
        run(&mut o, &[Action::Offer(p("g7"))]);
        let before = o.clone();
        assert_eq!(
            o.act(Player::Second, Action::Offer(p("g7"))),
            Err(OpeningError::SameOffer)
        );
        assert_eq!(
            o.act(Player::Second, Action::Offer(p("h8"))),
            Err(OpeningError::Stone(MoveError::Occupied))
        );
        assert_eq!(o, before);
        run(&mut o, &[Action::Offer(p("k12"))]);
        assert_eq!((o.step(), o.to_act()), (Step::Pick, Player::First));
        assert_eq!(o.offers(), &[p("g7"), p("k12")]);
        assert_eq!(
            o.act(Player::First, Action::Pick(p("g8"))),
            Err(OpeningError::NotOffered)
        );
        run(&mut o, &[Action::Pick(p("k12"))]);
        assert!(o.is_decided());
        assert_eq!(colour(&o, "k12"), Some(Side::First));
        assert_eq!(colour(&o, "g7"), None, "the offer not taken is gone");
        assert_eq!(o.game().position().stones(), 5);
        // White makes move 6: the first player.
        assert_eq!(o.game().to_move(), Side::Second);
        assert_eq!(o.to_act(), Player::First);
    }

    #[test]
    fn two_offers_that_mirror_each_other_are_refused() {
        // h8 black, h9 white, h10 black and the fourth on the h line: the
        // position is its own mirror image across the h file.
        let mut o = opening_placed();
        let mut o2 = renju(OpeningRule::Soosorv8);
        run(
            &mut o2,
            &[
                Action::Place(p("h8")),
                Action::Place(p("h9")),
                Action::Place(p("h10")),
                Action::Keep,
                Action::Place(p("h6")),
                Action::Declare(3),
                Action::Keep,
                Action::Offer(p("g7")),
            ],
        );
        assert_eq!(
            o2.act(o2.to_act(), Action::Offer(p("i7"))),
            Err(OpeningError::SameOffer),
            "i7 is g7 in the mirror"
        );
        run(&mut o2, &[Action::Offer(p("j7"))]);
        assert!(same_move(o2.game().position(), p("g7"), p("i7")));
        assert!(!same_move(o2.game().position(), p("g7"), p("j7")));
        // Without the symmetry (j10 is off the h file), both are fine.
        run(
            &mut o,
            &[
                Action::Keep,
                Action::Place(p("h6")),
                Action::Declare(2),
                Action::Keep,
                Action::Offer(p("g7")),
                Action::Offer(p("i7")),
            ],
        );
        assert_eq!(o.step(), Step::Pick);
    }

    #[test]
    fn a_mirror_off_the_board_centre_counts_too() {
        // h8 and j8 Black, i7 and i9 White: the stones mirror across the i
        // file, one column right of the centre, so g6 and k6 are one move.
        let mut o = renju(OpeningRule::Soosorv8);
        run(
            &mut o,
            &[
                Action::Place(p("h8")),
                Action::Place(p("i7")),
                Action::Place(p("j8")),
                Action::Keep,
                Action::Place(p("i9")),
                Action::Declare(2),
                Action::Keep,
                Action::Offer(p("g6")),
            ],
        );
        assert_eq!(
            o.act(o.to_act(), Action::Offer(p("k6"))),
            Err(OpeningError::SameOffer),
            "k6 is g6 in the mirror across the i file"
        );
        // Across the row of i7..i9's middle too (i8 is the centre of the
        // four): g10 is g6 mirrored across row 8.
        assert!(same_move(o.game().position(), p("g6"), p("g10")));
        assert!(same_move(o.game().position(), p("g6"), p("k10")));
        assert!(!same_move(o.game().position(), p("g6"), p("g7")));
        run(&mut o, &[Action::Offer(p("g7"))]);
        assert_eq!(o.step(), Step::Pick);
    }
}

/// The eight turns and mirrors of a 15×15 board about its centre point.
fn board_symmetry(i: u8, q: Point) -> Point {
    let (mut x, mut y) = (q.x, q.y);
    if i & 1 != 0 {
        std::mem::swap(&mut x, &mut y);
    }
    if i & 2 != 0 {
        x = 14 - x;
    }
    if i & 4 != 0 {
        y = 14 - y;
    }
    Point::new(x, y)
}

proptest! {
    /// Whether two moves are the same does not depend on how the board is
    /// turned or where on it the stones stand, and every move is itself.
    #[test]
    fn the_same_move_whichever_way_the_board_is_turned_or_shifted(
        stones in proptest::collection::vec((3u8..12, 3u8..12), 1..6),
        a in (2u8..13, 2u8..13),
        b in (2u8..13, 2u8..13),
        turn in 0u8..8,
        shift in (-2i8..=2, -2i8..=2),
    ) {
        let mut unique = stones.clone();
        unique.sort();
        unique.dedup();
        let place = |f: &dyn Fn(Point) -> Point| {
            let colour = |i: usize| Side::of_ply(i);
            let placed = unique
                .iter()
                .enumerate()
                .map(|(i, &(x, y))| (f(Point::new(x, y)), colour(i)));
            Gomoku::with_stones(15, RuleSet::Freestyle, placed).expect("distinct points")
        };
        let moved = |q: Point| {
            let q = board_symmetry(turn, q);
            Point::new((q.x as i8 + shift.0) as u8, (q.y as i8 + shift.1) as u8)
        };
        let (a, b) = (Point::new(a.0, a.1), Point::new(b.0, b.1));
        let here = place(&|q| q);
        let there = place(&moved);
        prop_assert!(same_move(&here, a, a));
        prop_assert_eq!(same_move(&here, a, b), same_move(&here, b, a));
        prop_assert_eq!(same_move(&here, a, b), same_move(&there, moved(a), moved(b)));
    }
}

mod taraguchi {
    use super::*;

    #[test]
    fn each_stone_in_its_square_with_a_swap_after_each() {
        let mut o = renju(OpeningRule::Taraguchi10);
        let squares = [
            ("h8", "h9", 1),
            ("i9", "h10", 3),
            ("j10", "h11", 5),
            ("k11", "l12", 7),
        ];
        for (n, (good, bad, area)) in squares.into_iter().enumerate() {
            let placer = o.to_act();
            let side = Side::of_ply(n);
            assert_eq!(
                o.holder(side),
                placer,
                "stone {} by its colour's holder",
                n + 1
            );
            let before = o.clone();
            assert_eq!(
                o.act(placer, Action::Place(p(bad))),
                Err(OpeningError::OutsideArea(area))
            );
            assert_eq!(o, before);
            run(&mut o, &[Action::Place(p(good))]);
            assert_eq!(
                o.step(),
                Step::MaySwap { by: placer.other() },
                "the other player may swap"
            );
            // Swap after the first and third stones: the placer places again.
            run(
                &mut o,
                &[if n % 2 == 0 {
                    Action::Swap
                } else {
                    Action::Keep
                }],
            );
        }
        assert_eq!(o.step(), Step::FifthChoice);
        assert_eq!(o.to_act(), o.holder(Side::First));
        let before = o.clone();
        assert_eq!(
            o.act(o.to_act(), Action::Place(p("m13"))),
            Err(OpeningError::OutsideArea(9))
        );
        assert_eq!(o, before);
        run(&mut o, &[Action::Place(p("l12"))]);
        let white = o.holder(Side::Second);
        assert_eq!(o.step(), Step::MaySwap { by: white });
        run(&mut o, &[Action::Swap]);
        assert!(o.is_decided());
        assert_eq!(o.holder(Side::First), white, "White took Black");
        assert_eq!(o.to_act(), o.holder(Side::Second), "White plays move 6");
    }

    #[test]
    fn or_black_offers_ten_fifth_moves_and_white_takes_one() {
        let mut o = renju(OpeningRule::Taraguchi10);
        run(
            &mut o,
            &[
                Action::Place(p("h8")),
                Action::Keep,
                Action::Place(p("i9")),
                Action::Keep,
                Action::Place(p("j9")),
                Action::Keep,
                Action::Place(p("g7")),
                Action::Keep,
                Action::OfferTen,
            ],
        );
        assert_eq!(o.step(), Step::Offer { wanted: 10 });
        let offers = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1"];
        for at in offers {
            run(&mut o, &[Action::Offer(p(at))]);
        }
        assert_eq!(o.step(), Step::Pick);
        assert_eq!(o.offers().len(), 10);
        run(&mut o, &[Action::Pick(p("e1"))]);
        assert!(o.is_decided());
        assert_eq!(colour(&o, "e1"), Some(Side::First));
        assert_eq!(o.game().to_move(), Side::Second);
    }
}

#[test]
fn actions_read_back_as_written() {
    let actions = [
        Action::Place(p("h8")),
        Action::Swap,
        Action::Keep,
        Action::PlaceTwo,
        Action::TakeColour(Side::First),
        Action::TakeColour(Side::Second),
        Action::Declare(5),
        Action::OfferTen,
        Action::Offer(p("j7")),
        Action::Pick(p("o15")),
    ];
    let text = format_actions(&actions);
    assert_eq!(
        text,
        "h8 swap keep two black white declare:5 ten offer:j7 pick:o15"
    );
    assert_eq!(parse_actions(&text), Ok(actions.to_vec()));
    assert!(parse_actions("h8 swop").is_err());
    assert!(parse_actions("declare:x").is_err());
    assert!(parse_actions("offer:zz99").is_err());
}

fn any_action() -> impl Strategy<Value = Action> {
    let point = (4u8..11, 4u8..11).prop_map(|(x, y)| Point::new(x, y));
    prop_oneof![
        4 => point.clone().prop_map(Action::Place),
        1 => Just(Action::Swap),
        1 => Just(Action::Keep),
        1 => (0u8..10).prop_map(Action::Declare),
        1 => Just(Action::OfferTen),
        2 => point.clone().prop_map(Action::Offer),
        1 => point.prop_map(Action::Pick),
    ]
}

proptest! {
    /// Under either RIF rule, whatever is tried: a refusal changes nothing;
    /// the stones stay within their squares; undoing everything gets back
    /// to the start; and the actions replay to the same opening.
    #[test]
    fn random_actions_keep_the_invariants(
        taraguchi in any::<bool>(),
        actions in prop::collection::vec(any_action(), 0..60),
    ) {
        let rule = if taraguchi { OpeningRule::Taraguchi10 } else { OpeningRule::Soosorv8 };
        let start = renju(rule);
        let mut o = start.clone();
        for action in actions {
            let before = o.clone();
            if o.act(o.to_act(), action).is_err() {
                prop_assert_eq!(&o, &before);
            }
            let stones = o.game().position().stones();
            prop_assert!(stones <= 5);
            for (i, mv) in o.game().history().iter().enumerate().take(3) {
                let lineup_core::rules::gomoku::Move::Stone(at) = mv else { unreachable!() };
                let half = [0u8, 1, 2][i];
                prop_assert!(at.x.abs_diff(7) <= half && at.y.abs_diff(7) <= half);
            }
        }
        let replayed = Opening::replayed(rule, &Gomoku::standard(RuleSet::Renju), o.actions().to_vec());
        prop_assert_eq!(replayed.as_ref().ok(), Some(&o));
        while o.undo() {}
        prop_assert_eq!(o, start);
    }
}

mod in_a_match {
    use super::*;

    fn setup(opening: OpeningRule, players: [PlayerKind; 2]) -> MatchSetup {
        MatchSetup::new(
            GameKind::Gomoku {
                size: GomokuSize::STANDARD,
                rule: RuleSet::Renju,
            },
            players,
        )
        .with_opening(opening)
    }

    #[test]
    fn the_players_follow_the_swaps_and_undo_walks_back_into_the_opening() {
        let mut m = Match::new(setup(
            OpeningRule::Soosorv8,
            [
                PlayerKind::Human,
                PlayerKind::Computer(lineup_core::ai::Level::Easy),
            ],
        ));
        for a in [
            Action::Place(p("h8")),
            Action::Place(p("h9")),
            Action::Place(p("j10")),
        ] {
            m.act_in_opening(a).expect("accepted");
        }
        assert_eq!(
            m.game().move_count(),
            3,
            "the board shows the opening's stones"
        );
        assert!(
            m.player_to_move().is_computer(),
            "the second player may swap"
        );
        m.act_in_opening(Action::Swap).expect("a swap");
        assert!(
            m.player_of(Side::First).is_computer(),
            "the computer took Black"
        );
        assert_eq!(m.player_of(Side::Second), PlayerKind::Human);
        assert_eq!(
            m.player_to_move(),
            PlayerKind::Human,
            "White places the fourth"
        );
        m.act_in_opening(Action::Place(p("g7"))).expect("stone 4");
        m.act_in_opening(Action::Declare(1)).expect("one offer");
        // Undo takes back the person's declaration and stone, then stops
        // where the person acts (the computer's swap stays).
        assert_eq!(m.undo_turn(), Some(1));
        assert_eq!(m.opening().map(|o| o.step()), Some(Step::Declare));
        assert_eq!(m.undo_turn(), Some(1));
        assert_eq!(m.game().move_count(), 3);
        assert_eq!(m.player_to_move(), PlayerKind::Human);
        // Back past the computer's swap to the person's third stone.
        assert_eq!(m.undo_turn(), Some(2));
        assert_eq!(m.game().move_count(), 2);
        assert_eq!(m.player_of(Side::First), PlayerKind::Human);
    }

    #[test]
    fn a_save_replays_the_opening_and_the_moves_after_it() {
        let mut m = Match::new(setup(OpeningRule::Taraguchi10, [PlayerKind::Human; 2]));
        for a in [
            Action::Place(p("h8")),
            Action::Swap,
            Action::Place(p("h9")),
            Action::Keep,
            Action::Place(p("i9")),
            Action::Keep,
            Action::Place(p("g10")),
            Action::Keep,
            Action::Place(p("j9")),
            Action::Swap,
        ] {
            m.act_in_opening(a).expect("accepted");
        }
        assert!(m.opening_under_way().is_none());
        m.play(lineup_core::rules::BoardMove::Point(p("k10")))
            .expect("move 6");
        let save = SaveFile::of("t", m.setup(), m.game(), 1, 2).with_opening(m.opening());
        assert_eq!(save.opening, "h8 swap h9 keep i9 keep g10 keep j9 swap");
        let text = ron::ser::to_string(&save).expect("RON");
        let read = SaveFile::parse(text.as_bytes()).expect("a save");
        let game = read.replay().expect("replays");
        let back = Match::from_save(&read, game);
        assert_eq!(back.game(), m.game());
        assert_eq!(back.opening(), m.opening());
        assert_eq!(back.player_of(Side::First), m.player_of(Side::First));

        // The export's text file says the opening beside the moves.
        let folder = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("opening-export");
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).expect("a folder");
        lineup_core::persist::export::export(m.game(), m.opening(), None, "t", &folder)
            .expect("exported");
        assert_eq!(
            std::fs::read_to_string(folder.join("t.txt")).expect("written"),
            "h8h9i9g10j9k10\nTaraguchi-10: h8 swap h9 keep i9 keep g10 keep j9 swap\n"
        );

        // An opening that does not match the moves is refused.
        let mut bad = read.clone();
        bad.opening = "h8 swap h9 keep i9 keep g10 keep j8 swap".into();
        assert!(bad.replay().is_err());
        let mut bad = read.clone();
        bad.opening = "h9".into();
        assert!(bad.replay().is_err(), "h9 is not the centre");
    }
}

mod computer {
    //! The computer in every role of both RIF rules.
    use super::*;
    use lineup_core::ai::gomoku::GomokuEngine;
    use lineup_core::ai::opening::opening_action;
    use std::sync::atomic::AtomicBool;

    fn decide(o: &Opening, engine: &mut GomokuEngine, seed: u64) -> Action {
        opening_action(o, o.to_act(), engine, seed, &AtomicBool::new(false)).expect("its turn")
    }

    /// A whole opening with the computer in both seats, for each rule:
    /// every action is accepted and the colours end decided.
    #[test]
    fn the_computer_plays_every_role_to_a_decision() {
        let mut engine = GomokuEngine::new();
        for rule in [OpeningRule::Soosorv8, OpeningRule::Taraguchi10] {
            let mut o = renju(rule);
            let mut steps = Vec::new();
            while !o.is_decided() {
                let action = decide(&o, &mut engine, 3);
                steps.push((o.step(), action));
                let by = o.to_act();
                o.act(by, action)
                    .unwrap_or_else(|e| panic!("{rule}: {action:?} refused: {e}; {steps:?}"));
                assert!(steps.len() <= 20, "{rule}: {steps:?}");
            }
            assert!(o.game().position().stones() == 5, "{rule}: {steps:?}");
        }
    }

    /// Offered fifth moves, White takes the one its evaluation likes best:
    /// never the one that gives Black an open four.
    #[test]
    fn white_picks_the_offer_worst_for_black_and_black_offers_its_best() {
        let mut engine = GomokuEngine::new();
        let mut o = renju(OpeningRule::Soosorv8);
        run(
            &mut o,
            &[
                Action::Place(p("h8")),
                Action::Place(p("i8")),
                Action::Place(p("h9")),
                Action::Keep,
                Action::Place(p("a1")),
                Action::Declare(2),
                Action::Keep,
            ],
        );
        // Black's best offer works with h8 h9: a point at most two from
        // them (the fitted values of 2026-12-02 take i9, the values before
        // them h10), never out by White's a1.
        let first = decide(&o, &mut engine, 1);
        let Action::Offer(at) = first else {
            panic!("{first:?}")
        };
        let near = |stone: Point| at.x.abs_diff(stone.x) <= 2 && at.y.abs_diff(stone.y) <= 2;
        assert!(
            near(p("h8")) || near(p("h9")),
            "Black offers its strongest fifth move first: {at}"
        );
        run(&mut o, &[first]);
        // A hand-made second offer far away, weak for Black.
        run(&mut o, &[Action::Offer(p("o15"))]);
        assert_eq!(decide(&o, &mut engine, 1), Action::Pick(p("o15")));
    }

    /// Offered the better colour by its own evaluation, whoever may swap
    /// takes it. Every one of the 26 openings is Black's by the fitted
    /// values (White to move scores −61 to −360 at the judge's depth), as
    /// Renju's openings are without a swap: White swaps at Kagetsu, h8 i9
    /// (black) against h9, a known win for Black (−255), and even at h8 i6
    /// against h9 (−89). Black, once White's fourth stone is far away,
    /// keeps Black.
    #[test]
    fn the_swap_goes_to_the_better_colour() {
        let mut engine = GomokuEngine::new();
        let opening = |second: &str, third: &str| {
            let mut o = renju(OpeningRule::Soosorv8);
            run(
                &mut o,
                &[
                    Action::Place(p("h8")),
                    Action::Place(p(second)),
                    Action::Place(p(third)),
                ],
            );
            assert_eq!(o.step(), Step::MaySwap { by: Player::Second });
            o
        };
        let strong = opening("h9", "i9");
        assert_eq!(
            decide(&strong, &mut engine, 1),
            Action::Swap,
            "White swaps to Black"
        );
        assert_eq!(
            decide(&strong, &mut engine, 99),
            Action::Swap,
            "the same position, the same answer"
        );
        let mut weak = opening("h9", "i6");
        assert_eq!(
            decide(&weak, &mut engine, 1),
            Action::Swap,
            "White swaps to Black at the weakest of the openings too"
        );
        // White's fourth stone far away: Black, to move with its fifth
        // still to come, keeps Black.
        run(
            &mut weak,
            &[Action::Keep, Action::Place(p("a1")), Action::Declare(1)],
        );
        assert_eq!(weak.step(), Step::MaySwap { by: Player::First });
        assert_eq!(decide(&weak, &mut engine, 1), Action::Keep);
    }
}

/// The decisions an opening tells people (`rules::opening::story`): by the
/// colour each maker held at the time, the stones left out, the offers kept
/// with the pick.
mod story {
    use super::*;
    use lineup_core::rules::opening::story::{Decision, decisions};

    #[test]
    fn soosorv_tells_each_keep_the_declaration_and_the_pick_among_the_offers() {
        let actions =
            parse_actions("h8 g8 h7 keep j7 declare:3 swap offer:h9 offer:f7 offer:g7 pick:f7")
                .expect("notation");
        let opening = Opening::replayed(
            OpeningRule::Soosorv8,
            &Gomoku::standard(RuleSet::Renju),
            actions,
        )
        .expect("a legal opening");
        assert_eq!(
            decisions(&opening),
            [
                Decision::Kept {
                    by: Side::Second,
                    stones: 3
                },
                Decision::AskedFifths {
                    by: Side::Second,
                    n: 3
                },
                Decision::Swapped {
                    by: Side::First,
                    stones: 4
                },
                Decision::Picked {
                    by: Side::Second,
                    point: p("f7"),
                    offers: vec![p("h9"), p("f7"), p("g7")],
                },
            ]
        );
    }

    #[test]
    fn swap2_tells_the_two_more_stones_and_the_colour_taken() {
        let mut opening = Opening::new(OpeningRule::Swap2, &Gomoku::standard(RuleSet::Freestyle));
        run(
            &mut opening,
            &parse_actions("h8 i9 j10 two k11 l12 white").expect("notation"),
        );
        assert_eq!(
            decisions(&opening),
            [
                Decision::PlacedTwo { by: Side::Second },
                Decision::TookColour {
                    by: Side::First,
                    colour: Side::Second
                },
            ]
        );
        // Under way, only what has been decided.
        assert_eq!(
            decisions(&opening.up_to(4)),
            [Decision::PlacedTwo { by: Side::Second }]
        );
    }
}
