//! The analysis board's set-up position (`lineup_core::analysis::setup`),
//! its symmetries and its text forms: the eight symmetries form the
//! dihedral group, edits are refused without a trace, Connect Four discs
//! never float, a diagram reads back to the same setup, and the flags and
//! refusals a player sees (a Renju overline, a five already standing).

use lineup_core::analysis::diagram::{PasteError, Pasted, diagram, paste};
use lineup_core::analysis::psq;
use lineup_core::analysis::setup::{
    NotPlayable, Setup, SetupEdit, SetupRefusal, SetupWarning, Spot,
};
use lineup_core::analysis::symmetry::Symmetry;
use lineup_core::match_setup::GameKind;
use lineup_core::rules::connect_four::{Cell, ColumnsError};
use lineup_core::rules::gomoku::Move;
use lineup_core::rules::{
    BoardMove, Column, ConnectFour, ConnectFourSize, Foul, Game, Gomoku, GomokuSize, MatchGame,
    MoveError, Point, RuleSet, Side,
};
use proptest::prelude::*;

fn p(text: &str) -> Point {
    Point::parse(text).expect("a point")
}

fn gomoku(rule: RuleSet) -> GameKind {
    GameKind::Gomoku {
        size: GomokuSize::STANDARD,
        rule,
    }
}

fn connect_four() -> GameKind {
    GameKind::ConnectFour {
        size: ConnectFourSize::STANDARD,
    }
}

/// A setup with these stones placed, Black's then White's.
fn stones(kind: GameKind, black: &[&str], white: &[&str]) -> Setup {
    let mut setup = Setup::empty(&kind);
    for (points, side) in [(black, Side::First), (white, Side::Second)] {
        for at in points {
            setup
                .apply(SetupEdit::Place {
                    at: BoardMove::Point(p(at)),
                    side,
                })
                .expect("an empty point");
        }
    }
    setup
}

/// Discs dropped in order, each of the given side.
fn discs(drops: &[(u8, Side)]) -> Setup {
    let mut setup = Setup::empty(&connect_four());
    for &(column, side) in drops {
        setup
            .apply(SetupEdit::Place {
                at: BoardMove::Column(Column(column)),
                side,
            })
            .expect("a column with room");
    }
    setup
}

fn kinds() -> impl Strategy<Value = GameKind> {
    prop_oneof![
        (0..GomokuSize::ALL.len(), 0usize..3).prop_map(|(size, rule)| GameKind::Gomoku {
            size: GomokuSize::ALL[size],
            rule: RuleSet::ALL[rule],
        }),
        (4u8..=9, 4u8..=9).prop_map(|(c, r)| GameKind::ConnectFour {
            size: ConnectFourSize::new(c, r).expect("in range"),
        }),
    ]
}

/// A random edit as plain numbers, made into an edit for a board below
/// (places a little past the edge, so some are refused).
type RawEdit = (u8, u8, u8, bool, usize);

fn raw_edits(max: usize) -> impl Strategy<Value = Vec<RawEdit>> {
    prop::collection::vec(
        (0u8..100, any::<u8>(), any::<u8>(), any::<bool>(), 0usize..8),
        0..max,
    )
}

fn edit_of(kind: GameKind, (pick, a, b, first, sym): RawEdit) -> SetupEdit {
    let side = if first { Side::First } else { Side::Second };
    let at = match kind {
        GameKind::Gomoku { size, .. } => {
            BoardMove::Point(Point::new(a % (size.get() + 2), b % (size.get() + 2)))
        }
        GameKind::ConnectFour { size } => BoardMove::Column(Column(a % (size.columns() + 1))),
    };
    match pick {
        0..60 => SetupEdit::Place { at, side },
        60..80 => SetupEdit::Erase { at },
        80..88 => SetupEdit::SideToMove(side),
        88..98 => SetupEdit::Transform(Symmetry::ALL[sym]),
        _ => SetupEdit::Clear,
    }
}

/// A random setup: the edits applied, refusals skipped.
fn built(kind: GameKind, raw: &[RawEdit]) -> Setup {
    let mut setup = Setup::empty(&kind);
    for &r in raw {
        let _ = setup.apply(edit_of(kind, r));
    }
    setup
}

fn column_of(setup: &Setup, column: u8) -> Vec<Side> {
    (0..9)
        .map_while(|row| setup.at(Spot::Cell(Cell { column, row })))
        .collect()
}

mod symmetry {
    use super::*;

    #[test]
    fn the_eight_are_distinct_and_map_the_board_onto_itself() {
        for size in [9u8, 15, 20] {
            let all: Vec<Point> = (0..size)
                .flat_map(|y| (0..size).map(move |x| Point::new(x, y)))
                .collect();
            let mut images = Vec::new();
            for sym in Symmetry::ALL {
                let mut image: Vec<Point> = all.iter().map(|&q| sym.point(q, size)).collect();
                images.push(image.clone());
                image.sort();
                let mut sorted = all.clone();
                sorted.sort();
                assert_eq!(image, sorted, "{sym:?} on {size}x{size} is a bijection");
            }
            for (i, a) in images.iter().enumerate() {
                for b in &images[i + 1..] {
                    assert_ne!(a, b, "two symmetries act alike on {size}x{size}");
                }
            }
        }
    }

    #[test]
    fn they_compose_as_the_dihedral_group() {
        for a in Symmetry::ALL {
            assert_eq!(Symmetry::Identity.then(a), a);
            assert_eq!(a.then(Symmetry::Identity), a);
            assert_eq!(a.then(a.inverse()), Symmetry::Identity);
            assert_eq!(a.inverse().then(a), Symmetry::Identity);
            for b in Symmetry::ALL {
                assert!(Symmetry::ALL.contains(&a.then(b)));
                for c in Symmetry::ALL {
                    assert_eq!(a.then(b).then(c), a.then(b.then(c)), "{a:?} {b:?} {c:?}");
                }
            }
        }
        // Not commutative: a turn then a mirror is not the mirror then the turn.
        assert_ne!(
            Symmetry::Rotate90.then(Symmetry::FlipHorizontal),
            Symmetry::FlipHorizontal.then(Symmetry::Rotate90)
        );
        assert_eq!(
            Symmetry::Rotate90.then(Symmetry::Rotate90),
            Symmetry::Rotate180
        );
    }

    #[test]
    fn named_as_drawn() {
        // a15 is the top left of 15x15; a quarter turn clockwise takes it to
        // the top right, o15.
        assert_eq!(Symmetry::Rotate90.point(p("a15"), 15), p("o15"));
        assert_eq!(Symmetry::FlipHorizontal.point(p("a1"), 15), p("o1"));
        assert_eq!(Symmetry::FlipVertical.point(p("a1"), 15), p("a15"));
        assert_eq!(Symmetry::FlipDiagonal.point(p("b1"), 15), p("a2"));
        assert_eq!(Symmetry::FlipAntiDiagonal.point(p("a1"), 15), p("o15"));
    }

    #[test]
    fn connect_four_has_only_the_mirror() {
        for sym in Symmetry::ALL {
            let image = sym.column(Column(1), 7);
            match sym {
                Symmetry::Identity => assert_eq!(image, Some(Column(1))),
                Symmetry::FlipHorizontal => assert_eq!(image, Some(Column(5))),
                _ => assert_eq!(image, None),
            }
        }
        assert_eq!(Symmetry::Identity.column(Column(7), 7), None);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// `then` agrees with applying the two one after the other, point
        /// by point, and the inverse undoes each.
        #[test]
        fn then_agrees_point_by_point(size in 9u8..=20, x in 0u8..20, y in 0u8..20) {
            let q = Point::new(x % size, y % size);
            for a in Symmetry::ALL {
                prop_assert_eq!(a.inverse().point(a.point(q, size), size), q);
                for b in Symmetry::ALL {
                    prop_assert_eq!(a.then(b).point(q, size), b.point(a.point(q, size), size));
                }
            }
        }
    }
}

mod edits {
    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Every edit either does what it says or is refused and changes
        /// nothing; Connect Four discs never float; erasing in Connect Four
        /// takes the top disc.
        #[test]
        fn placements_and_refusals(kind in kinds(), raw in raw_edits(80)) {
            let mut setup = Setup::empty(&kind);
            for r in raw {
                let edit = edit_of(kind, r);
                let before = setup.clone();
                match setup.apply(edit) {
                    Err(_) => prop_assert_eq!(&setup, &before, "{:?} refused but changed", edit),
                    Ok(()) => check_done(&before, &setup, edit)?,
                }
                prop_assert_eq!(setup.kind(), kind);
                if let GameKind::ConnectFour { size } = kind {
                    for (spot, _) in setup.pieces() {
                        let Spot::Cell(cell) = spot else {
                            return Err(TestCaseError::fail("a point on a Connect Four board"));
                        };
                        prop_assert!(cell.row < size.rows());
                        if cell.row > 0 {
                            let below = Cell { row: cell.row - 1, ..cell };
                            prop_assert!(setup.at(Spot::Cell(below)).is_some(), "{:?} floats", cell);
                        }
                    }
                    let [first, second] = setup.counts();
                    let by_counts = if first <= second { Side::First } else { Side::Second };
                    prop_assert_eq!(setup.to_move(), by_counts);
                }
            }
        }

        /// A transformed setup transformed back is the original, and every
        /// piece went where the symmetry takes it.
        #[test]
        fn transformed_back_is_the_original(kind in kinds(), raw in raw_edits(60)) {
            let setup = built(kind, &raw);
            for sym in Symmetry::ALL {
                let mut turned = setup.clone();
                match turned.apply(SetupEdit::Transform(sym)) {
                    Ok(()) => {
                        prop_assert_eq!(turned.pieces().len(), setup.pieces().len());
                        prop_assert_eq!(turned.to_move(), setup.to_move());
                        for (spot, side) in setup.pieces() {
                            let image = match (spot, kind) {
                                (Spot::Point(q), GameKind::Gomoku { size, .. }) => Spot::Point(sym.point(q, size.get())),
                                (Spot::Cell(c), GameKind::ConnectFour { size }) => {
                                    let column = sym.column(Column(c.column), size.columns());
                                    let column = column.ok_or_else(|| TestCaseError::fail("no image column"))?;
                                    Spot::Cell(Cell { column: column.0, row: c.row })
                                }
                                _ => return Err(TestCaseError::fail("a spot of the other game")),
                            };
                            prop_assert_eq!(turned.at(image), Some(side));
                        }
                        turned.apply(SetupEdit::Transform(sym.inverse())).map_err(|e| TestCaseError::fail(e.to_string()))?;
                        prop_assert_eq!(&turned, &setup);
                    }
                    Err(refusal) => {
                        prop_assert_eq!(refusal, SetupRefusal::NotASymmetry);
                        let connect_four = matches!(kind, GameKind::ConnectFour { .. });
                        prop_assert!(connect_four);
                        prop_assert!(!sym.fits_connect_four());
                        prop_assert_eq!(&turned, &setup);
                    }
                }
            }
        }

        /// A setup survives being saved: what the editor builds reads back.
        #[test]
        fn saved_setups_read_back(kind in kinds(), raw in raw_edits(60)) {
            let setup = built(kind, &raw);
            let text = ron::to_string(&setup).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let back: Setup = ron::from_str(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(back, setup);
        }
    }

    /// What a successful edit must have done.
    fn check_done(before: &Setup, after: &Setup, edit: SetupEdit) -> Result<(), TestCaseError> {
        match (edit, after.kind()) {
            (
                SetupEdit::Place {
                    at: BoardMove::Point(q),
                    side,
                },
                _,
            ) => {
                prop_assert_eq!(before.at(Spot::Point(q)), None);
                prop_assert_eq!(after.at(Spot::Point(q)), Some(side));
                prop_assert_eq!(after.pieces().len(), before.pieces().len() + 1);
            }
            (
                SetupEdit::Erase {
                    at: BoardMove::Point(q),
                },
                _,
            ) => {
                prop_assert!(before.at(Spot::Point(q)).is_some());
                prop_assert_eq!(after.at(Spot::Point(q)), None);
                prop_assert_eq!(after.pieces().len(), before.pieces().len() - 1);
            }
            (
                SetupEdit::Place {
                    at: BoardMove::Column(c),
                    side,
                },
                _,
            ) => {
                let mut expected = column_of(before, c.0);
                expected.push(side);
                prop_assert_eq!(column_of(after, c.0), expected);
            }
            (
                SetupEdit::Erase {
                    at: BoardMove::Column(c),
                },
                _,
            ) => {
                let mut expected = column_of(before, c.0);
                prop_assert!(expected.pop().is_some());
                prop_assert_eq!(column_of(after, c.0), expected);
            }
            (SetupEdit::SideToMove(side), _) => prop_assert_eq!(after.to_move(), side),
            (SetupEdit::Clear, kind) => prop_assert_eq!(after, &Setup::empty(&kind)),
            _ => {}
        }
        Ok(())
    }

    #[test]
    fn refusals_are_named() {
        let mut setup = stones(gomoku(RuleSet::Freestyle), &["h8"], &[]);
        let black = |at| SetupEdit::Place {
            at,
            side: Side::First,
        };
        assert_eq!(
            setup.apply(black(BoardMove::Point(p("h8")))),
            Err(SetupRefusal::Occupied)
        );
        assert_eq!(
            setup.apply(black(BoardMove::Point(Point::new(15, 0)))),
            Err(SetupRefusal::OutsideBoard)
        );
        assert_eq!(
            setup.apply(black(BoardMove::Pass)),
            Err(SetupRefusal::NotAPlace)
        );
        assert_eq!(
            setup.apply(black(BoardMove::Column(Column(0)))),
            Err(SetupRefusal::NotAPlace)
        );
        assert_eq!(
            setup.apply(SetupEdit::Erase {
                at: BoardMove::Point(p("a1"))
            }),
            Err(SetupRefusal::Empty)
        );

        let mut board = discs(&[(3, Side::First)]);
        assert_eq!(board.to_move(), Side::Second);
        assert_eq!(
            board.apply(SetupEdit::SideToMove(Side::First)),
            Err(SetupRefusal::SideFixedByCounts)
        );
        assert_eq!(board.apply(SetupEdit::SideToMove(Side::Second)), Ok(()));
        assert_eq!(
            board.apply(SetupEdit::Transform(Symmetry::Rotate90)),
            Err(SetupRefusal::NotASymmetry)
        );
        assert_eq!(
            board.apply(SetupEdit::Erase {
                at: BoardMove::Column(Column(0))
            }),
            Err(SetupRefusal::Empty)
        );
        for _ in 0..5 {
            board
                .apply(black(BoardMove::Column(Column(3))))
                .expect("room");
        }
        assert_eq!(
            board.apply(black(BoardMove::Column(Column(3)))),
            Err(SetupRefusal::ColumnFull)
        );
        assert_eq!(
            board.apply(black(BoardMove::Column(Column(7)))),
            Err(SetupRefusal::OutsideBoard)
        );
    }

    #[test]
    fn gomoku_side_to_move_follows_the_stones_until_chosen() {
        let mut setup = Setup::empty(&gomoku(RuleSet::Freestyle));
        assert_eq!(setup.to_move(), Side::First);
        setup
            .apply(SetupEdit::Place {
                at: BoardMove::Point(p("h8")),
                side: Side::First,
            })
            .expect("empty");
        assert_eq!(setup.to_move(), Side::Second);
        setup
            .apply(SetupEdit::SideToMove(Side::First))
            .expect("Gomoku lets the player choose");
        assert_eq!(setup.to_move(), Side::First);
        setup
            .apply(SetupEdit::Transform(Symmetry::Rotate90))
            .expect("a square board");
        assert_eq!(setup.to_move(), Side::First);
        setup.apply(SetupEdit::Clear).expect("always");
        assert!(setup.is_empty());
        assert_eq!(setup.to_move(), Side::First);
    }

    #[test]
    fn a_saved_floating_disc_is_refused() {
        let floating =
            "(kind:ConnectFour(size:(7,6)),pieces:[(Cell((column:2,row:1)),First)],to_move:Second)";
        assert!(ron::from_str::<Setup>(floating).is_err());
        let resting =
            "(kind:ConnectFour(size:(7,6)),pieces:[(Cell((column:2,row:0)),First)],to_move:Second)";
        let setup: Setup = ron::from_str(resting).expect("a disc on the floor");
        assert_eq!(setup, discs(&[(2, Side::First)]));
    }
}

mod flags_and_games {
    use super::*;

    #[test]
    fn a_renju_black_overline_is_placed_and_flagged() {
        let six = ["e8", "f8", "g8", "h8", "i8", "j8"];
        let setup = stones(
            gomoku(RuleSet::Renju),
            &six,
            &["a1", "c1", "e1", "g1", "i1", "k1"],
        );
        assert_eq!(setup.pieces().len(), 12);
        assert_eq!(setup.warnings(), vec![SetupWarning::Overline(p("e8"))]);
        // Not a win for Black under Renju, so play may start from it.
        assert!(setup.game().is_ok());

        // Under freestyle six is a win: a line, not an overline.
        let freestyle = stones(gomoku(RuleSet::Freestyle), &six, &[]);
        assert_eq!(freestyle.warnings(), vec![SetupWarning::Line(Side::First)]);
        // White's six wins under Renju too.
        let white = stones(gomoku(RuleSet::Renju), &[], &six);
        assert_eq!(white.warnings(), vec![SetupWarning::Line(Side::Second)]);
    }

    #[test]
    fn a_five_standing_is_refused() {
        let setup = stones(
            gomoku(RuleSet::Freestyle),
            &["d4", "e5", "f6", "g7", "h8"],
            &["a1"],
        );
        assert_eq!(setup.warnings(), vec![SetupWarning::Line(Side::First)]);
        assert_eq!(setup.game(), Err(NotPlayable::Line(Side::First)));

        let four = discs(&[
            (0, Side::First),
            (1, Side::First),
            (2, Side::First),
            (3, Side::First),
        ]);
        assert!(four.warnings().contains(&SetupWarning::Line(Side::First)));
        assert_eq!(four.game(), Err(NotPlayable::Line(Side::First)));
    }

    #[test]
    fn white_to_move_gives_a_game_with_white_to_move() {
        let empty = {
            let mut s = Setup::empty(&gomoku(RuleSet::Renju));
            s.apply(SetupEdit::SideToMove(Side::Second))
                .expect("Gomoku");
            s
        };
        let even = stones(gomoku(RuleSet::Renju), &["h8"], &["i9"]);
        let ahead = stones(gomoku(RuleSet::Freestyle), &["h8", "h9", "h10"], &["i9"]);
        for mut setup in [empty, even, ahead] {
            setup
                .apply(SetupEdit::SideToMove(Side::Second))
                .expect("Gomoku");
            let game = setup.game().expect("playable");
            assert_eq!(game.to_move(), Side::Second);
            assert_eq!(game.move_count(), 0);
            assert_eq!(Setup::of_game(&game), setup);
        }
        // And Black to move although White has fewer stones.
        let mut behind = stones(gomoku(RuleSet::Freestyle), &["h8", "h9", "h10"], &["i9"]);
        behind
            .apply(SetupEdit::SideToMove(Side::First))
            .expect("Gomoku");
        let mut game = behind.game().expect("playable");
        assert_eq!(game.to_move(), Side::First);
        game.play(BoardMove::Point(p("a1")))
            .expect("an empty point");
        assert_eq!(game.to_move(), Side::Second);
    }

    /// Whatever the counts, the side chosen moves first and the turns then
    /// alternate (uneven counts once gave the chosen side two moves).
    #[test]
    fn the_chosen_side_moves_and_then_the_other_whatever_the_counts() {
        let points = ["a1", "a3", "a5", "a7", "a9", "c1", "c3", "c5"];
        for black in 0..4 {
            for white in 0..4 {
                for side in [Side::First, Side::Second] {
                    let mut setup = stones(
                        gomoku(RuleSet::Freestyle),
                        &points[..black],
                        &points[4..4 + white],
                    );
                    setup.apply(SetupEdit::SideToMove(side)).expect("Gomoku");
                    let mut game = setup.game().expect("playable");
                    for (n, at) in ["o15", "o13", "o11", "o9"].into_iter().enumerate() {
                        let mover = if n % 2 == 0 { side } else { side.other() };
                        assert_eq!(
                            game.to_move(),
                            mover,
                            "{black} black, {white} white, {side:?}, move {n}"
                        );
                        game.play(BoardMove::Point(p(at))).expect("an empty point");
                    }
                }
            }
        }
    }

    #[test]
    fn of_game_then_game_is_the_same_position() {
        let played =
            Gomoku::game_from_moves(Gomoku::standard(RuleSet::Renju), "h8i9j10g7").expect("legal");
        let game = MatchGame::Gomoku(played.clone());
        let again = Setup::of_game(&game).game().expect("playable");
        let MatchGame::Gomoku(again) = again else {
            panic!("a Gomoku game")
        };
        assert_eq!(again.position(), played.position());

        let played =
            ConnectFour::game_from_moves(ConnectFourSize::STANDARD, "4453").expect("legal");
        let game = MatchGame::ConnectFour(played.clone());
        let setup = Setup::of_game(&game);
        assert_eq!(column_of(&setup, 3), vec![Side::First, Side::Second]);
        let MatchGame::ConnectFour(again) = setup.game().expect("playable") else {
            panic!("Connect Four")
        };
        assert_eq!(again.position(), played.position());
    }

    #[test]
    fn connect_four_counts_decide_and_bad_counts_are_flagged() {
        let setup = discs(&[(0, Side::First), (1, Side::First)]);
        assert_eq!(setup.warnings(), vec![SetupWarning::Counts]);
        assert_eq!(
            setup.game(),
            Err(NotPlayable::Counts {
                first: 2,
                second: 0
            })
        );
        let setup = discs(&[(0, Side::Second)]);
        assert_eq!(setup.warnings(), vec![SetupWarning::Counts]);
        let setup = discs(&[(0, Side::Second), (0, Side::First), (6, Side::First)]);
        assert!(setup.warnings().is_empty());
        let game = setup.game().expect("playable");
        assert_eq!(game.to_move(), Side::Second);
        assert_eq!(game.move_count(), 0);
    }

    #[test]
    fn from_columns_builds_only_what_play_can_reach() {
        let size = ConnectFourSize::STANDARD;
        let (r, y) = (Side::First, Side::Second);
        let board = ConnectFour::from_columns(
            size,
            &[vec![r, y], vec![r], vec![], vec![], vec![], vec![], vec![]],
        )
        .expect("reachable");
        assert_eq!(board.moves_played(), 3);
        assert_eq!(board.height(Column(0)), 2);
        assert_eq!(board.at(Cell { column: 0, row: 1 }), Some(y));
        assert_eq!(
            ConnectFour::from_columns(size, &[vec![r]]),
            Err(ColumnsError::ColumnCount {
                expected: 7,
                got: 1
            })
        );
        let mut tall = vec![Vec::new(); 7];
        tall[2] = vec![r, y, r, y, r, y, r];
        assert_eq!(
            ConnectFour::from_columns(size, &tall),
            Err(ColumnsError::TooTall {
                column: 2,
                discs: 7
            })
        );
        let mut lopsided = vec![Vec::new(); 7];
        lopsided[0] = vec![y];
        assert_eq!(
            ConnectFour::from_columns(size, &lopsided),
            Err(ColumnsError::Counts {
                first: 0,
                second: 1
            })
        );
        let mut four = vec![Vec::new(); 7];
        four[0] = vec![r, r, r, r];
        four[1] = vec![y, y, y];
        assert_eq!(
            ConnectFour::from_columns(size, &four),
            Err(ColumnsError::Line(r))
        );
        // Played positions are exactly what from_columns rebuilds.
        let game = ConnectFour::game_from_moves(size, "44444433").expect("legal");
        let columns: Vec<Vec<Side>> = (0..7)
            .map(|column| {
                (0..6)
                    .map_while(|row| game.position().at(Cell { column, row }))
                    .collect()
            })
            .collect();
        assert_eq!(
            ConnectFour::from_columns(size, &columns).as_ref(),
            Ok(game.position())
        );
    }

    #[test]
    fn a_full_board_is_refused() {
        let size = ConnectFourSize::new(4, 4).expect("in range");
        let mut setup = Setup::empty(&GameKind::ConnectFour { size });
        // Columns of alternating pairs: no four anywhere.
        for column in [0u8, 1, 2, 3] {
            let pattern = if column % 2 == 0 {
                [Side::First, Side::First, Side::Second, Side::Second]
            } else {
                [Side::Second, Side::Second, Side::First, Side::First]
            };
            for side in pattern {
                setup
                    .apply(SetupEdit::Place {
                        at: BoardMove::Column(Column(column)),
                        side,
                    })
                    .expect("room");
            }
        }
        assert!(setup.warnings().is_empty());
        assert_eq!(setup.game(), Err(NotPlayable::BoardFull));
    }

    #[test]
    fn renju_fouls_are_computed_live() {
        // f9 g9 across and h7 h8 up meet at h9: a double three for Black.
        let setup = stones(
            gomoku(RuleSet::Renju),
            &["f9", "g9", "h7", "h8"],
            &["a1", "o15"],
        );
        assert!(setup.fouls().contains(&(p("h9"), Foul::DoubleThree)));
        let freestyle = stones(gomoku(RuleSet::Freestyle), &["f9", "g9", "h7", "h8"], &[]);
        assert!(freestyle.fouls().is_empty());
        assert!(Setup::empty(&gomoku(RuleSet::Renju)).fouls().is_empty());
    }
}

mod text {
    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// `paste` reads back what `diagram` writes, to the same setup.
        #[test]
        fn diagram_then_paste_is_the_same_setup(kind in kinds(), raw in raw_edits(100)) {
            let setup = built(kind, &raw);
            let text = diagram(&setup);
            prop_assert_eq!(paste(&text, &kind), Ok(Pasted::Position(setup)), "{}", text);
        }
    }

    #[test]
    fn the_diagram_looks_like_a_book_diagram() {
        let mut setup = stones(gomoku(RuleSet::Renju), &["h8"], &["i9"]);
        setup
            .apply(SetupEdit::SideToMove(Side::Second))
            .expect("Gomoku");
        let text = diagram(&setup);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 17);
        assert_eq!(lines[0], "15 . . . . . . . . . . . . . . .");
        assert_eq!(lines[6], " 9 . . . . . . . . o . . . . . .");
        assert_eq!(lines[7], " 8 . . . . . . . x . . . . . . .");
        assert_eq!(lines[15], "   a b c d e f g h i j k l m n o");
        assert_eq!(lines[16], "White to move");

        let board = discs(&[(3, Side::First), (3, Side::Second), (4, Side::First)]);
        let text = diagram(&board);
        assert!(
            text.ends_with(". . . o . . .\n. . . x x . .\n1 2 3 4 5 6 7\nYellow to move\n"),
            "{text}"
        );
    }

    /// A 15x15 diagram drawn with these characters, Black h8 and White i9.
    fn drawn(empty: char, black: char, white: char, labels: bool, gap: &str) -> String {
        let mut text = String::new();
        if labels {
            text.push_str("   A B C D E F G H I J K L M N O\n");
        }
        for y in (0..15u8).rev() {
            if labels {
                text.push_str(&format!("{:>2} ", y + 1));
            }
            let row: Vec<String> = (0..15u8)
                .map(|x| match (x, y) {
                    (7, 7) => black,
                    (8, 8) => white,
                    _ => empty,
                })
                .map(String::from)
                .collect();
            text.push_str(&row.join(gap));
            if labels {
                text.push_str(&format!(" {}", y + 1));
            }
            text.push('\n');
        }
        text
    }

    #[test]
    fn diagram_variants_are_read() {
        let kind = gomoku(RuleSet::Freestyle);
        let expected = stones(kind, &["h8"], &["i9"]);
        for text in [
            drawn('.', 'x', 'o', true, " "),
            drawn('+', 'X', 'O', true, " "),
            drawn('-', 'x', 'o', false, ""),
            drawn('.', '●', '○', false, " "),
            drawn('┼', '●', '○', true, "─"),
        ] {
            assert_eq!(
                paste(&text, &kind),
                Ok(Pasted::Position(expected.clone())),
                "{text}"
            );
        }
        let mut black_to_move = expected.clone();
        black_to_move
            .apply(SetupEdit::SideToMove(Side::First))
            .expect("Gomoku");
        let text = drawn('.', 'x', 'o', true, " ") + "Black to move\n";
        assert_eq!(paste(&text, &kind), Ok(Pasted::Position(black_to_move)));
        let text = drawn('.', 'x', 'o', true, " ") + "Green to move\n";
        assert!(matches!(
            paste(&text, &kind),
            Err(PasteError::UnknownSide(_))
        ));
        // A diagram of another size is refused, not squeezed in.
        let small = GameKind::Gomoku {
            size: GomokuSize::new(13).expect("a board size"),
            rule: RuleSet::Freestyle,
        };
        assert_eq!(
            paste(&drawn('.', 'x', 'o', true, " "), &small),
            Err(PasteError::Rows {
                expected: 13,
                found: 15
            })
        );
        let short_row = drawn('.', 'x', 'o', false, " ").replacen(". ", "", 1);
        assert_eq!(
            paste(&short_row, &kind),
            Err(PasteError::RowLength {
                row: 1,
                expected: 15,
                found: 14
            })
        );
    }

    #[test]
    fn connect_four_diagrams_are_read_and_floating_discs_refused() {
        let kind = connect_four();
        let text = ".......\n.......\n.......\n.......\n...y...\n...rr..\n";
        let expected = discs(&[(3, Side::First), (3, Side::Second), (4, Side::First)]);
        assert_eq!(paste(text, &kind), Ok(Pasted::Position(expected)));
        let floating = ".......\n.......\n.......\n...x...\n.......\n...xo..\n";
        assert_eq!(
            paste(floating, &kind),
            Err(PasteError::Floating { column: 3 })
        );
        let wrong_side = ".......\n".repeat(5) + "...x...\nRed to move\n";
        assert_eq!(
            paste(&wrong_side, &kind),
            Err(PasteError::Refused(SetupRefusal::SideFixedByCounts))
        );
    }

    #[test]
    fn move_strings_are_read_as_moves() {
        let col = |c| BoardMove::Column(Column(c));
        assert_eq!(
            paste("4453", &connect_four()),
            Ok(Pasted::Moves(vec![col(3), col(3), col(4), col(2)]))
        );
        assert_eq!(
            paste(" 4 4 5 3\n", &connect_four()),
            Ok(Pasted::Moves(vec![col(3), col(3), col(4), col(2)]))
        );
        let Err(PasteError::Moves(e)) = paste("44 0", &connect_four()) else {
            panic!("a bad digit")
        };
        assert_eq!(e.offset, 3);
        assert_eq!(
            paste("1111111", &connect_four()),
            Err(PasteError::IllegalMove {
                index: 6,
                mv: col(0),
                error: MoveError::ColumnFull { column: 0 }
            })
        );

        let kind = gomoku(RuleSet::Freestyle);
        let pt = |s| BoardMove::Point(p(s));
        assert_eq!(
            paste("h8i9j10", &kind),
            Ok(Pasted::Moves(vec![pt("h8"), pt("i9"), pt("j10")]))
        );
        assert_eq!(
            paste("H8 I9, J10", &kind),
            Ok(Pasted::Moves(vec![pt("h8"), pt("i9"), pt("j10")]))
        );
        assert_eq!(
            paste("h8h8", &kind),
            Err(PasteError::IllegalMove {
                index: 1,
                mv: pt("h8"),
                error: MoveError::Occupied
            })
        );
        assert!(matches!(paste("h8?", &kind), Err(PasteError::Moves(_))));
        assert_eq!(paste("  \n", &kind), Err(PasteError::Empty));
    }

    #[test]
    fn gomocalc_passes_make_a_position() {
        // Gomocalc's position code: moves, `--` a pass. Black h8, White
        // passes, Black i9: two black stones, White to move.
        let kind = gomoku(RuleSet::Freestyle);
        let Ok(Pasted::Position(setup)) = paste("h8--i9", &kind) else {
            panic!("a position")
        };
        assert_eq!(setup.at(Spot::Point(p("h8"))), Some(Side::First));
        assert_eq!(setup.at(Spot::Point(p("i9"))), Some(Side::First));
        assert_eq!(setup.to_move(), Side::Second);
        assert_eq!(
            paste("h8--h8", &kind),
            Err(PasteError::StoneRefused {
                index: 2,
                refusal: SetupRefusal::Occupied
            })
        );
    }

    #[test]
    fn psq_files_are_read() {
        let kind = gomoku(RuleSet::Freestyle);
        let moves = [
            Move::Stone(p("h8")),
            Move::Stone(p("i9")),
            Move::Stone(p("a15")),
        ];
        let text = psq::write(15, &moves);
        let expected: Vec<BoardMove> = moves.iter().map(|&m| BoardMove::from(m)).collect();
        assert_eq!(paste(&text, &kind), Ok(Pasted::Moves(expected)));
        assert_eq!(
            paste(&psq::write(19, &moves), &kind),
            Err(PasteError::PsqSize {
                expected: 15,
                found: 19
            })
        );
        assert_eq!(
            paste(&text, &connect_four()),
            Err(PasteError::PsqNotConnectFour)
        );
        assert!(matches!(
            paste("Piskvorky nonsense", &kind),
            Err(PasteError::Psq(_))
        ));
        let with_pass = psq::write(15, &[Move::Stone(p("h8")), Move::Pass]);
        let Ok(Pasted::Position(setup)) = paste(&with_pass, &kind) else {
            panic!("a position")
        };
        assert_eq!(setup.to_move(), Side::First);
        assert_eq!(setup.pieces().len(), 1);
    }

    #[test]
    fn a_game_from_pasted_moves_plays_them() {
        let Ok(Pasted::Moves(moves)) = paste("h8i9", &gomoku(RuleSet::Renju)) else {
            panic!("moves")
        };
        let mut game = MatchGame::Gomoku(Game::new(Gomoku::standard(RuleSet::Renju)));
        for mv in moves {
            game.play(mv).expect("legal");
        }
        assert_eq!(game.to_move(), Side::First);
    }
}
