//! The analysis board's variation tree (`analysis::tree`), its SGF export
//! and import (`analysis::sgf`) and its place in save files (format 4):
//! tree edits one by one, SGF coordinates on known points, a hand-written
//! SGF read node by node, random trees through SGF and back, and saves
//! with an analysis (and older saves without) through the file and back.

use lineup_core::analysis::setup::{Setup, SetupEdit, Spot};
use lineup_core::analysis::sgf::{SgfError, from_sgf, to_sgf};
use lineup_core::analysis::tree::{MoveMark, NodeId, PointMark, Tree, TreeRow};
use lineup_core::match_setup::{GameKind, MatchSetup, PlayerKind};
use lineup_core::match_state::Match;
use lineup_core::persist::save_file::{FORMAT, LoadError, SaveFile};
use lineup_core::rules::opening::{Action, OpeningRule};
use lineup_core::rules::{
    BoardMove, Column, ConnectFourSize, GomokuSize, MatchGame, Point, RuleSet, Side,
    connect_four::Cell,
};
use proptest::prelude::*;

fn p(text: &str) -> Point {
    Point::parse(text).expect("a point")
}

fn at(text: &str) -> BoardMove {
    BoardMove::Point(p(text))
}

fn gomoku(size: u8, rule: RuleSet) -> GameKind {
    GameKind::Gomoku {
        size: GomokuSize::new(size).expect("a board size"),
        rule,
    }
}

const C4: GameKind = GameKind::ConnectFour {
    size: ConnectFourSize::STANDARD,
};

mod tree {
    use super::*;

    #[test]
    fn adding_a_move_already_tried_goes_into_its_branch() {
        let mut tree: Tree<BoardMove> = Tree::new();
        let root = tree.root();
        let a = tree.add(root, at("h8"));
        let b = tree.add(a, at("i9"));
        assert_eq!(tree.add(root, at("h8")), a);
        assert_eq!(tree.add(a, at("i9")), b);
        let side = tree.add(a, at("j10"));
        assert_ne!(side, b);
        assert_eq!(tree.children(a), &[b, side]);
        assert_eq!(tree.len(), 4);
        assert_eq!(tree.parent(side), Some(a));
        assert_eq!(tree.mv(side), Some(&at("j10")));
        assert_eq!(tree.mv(root), None);
        assert_eq!(tree.path(side), vec![at("h8"), at("j10")]);
        assert_eq!(tree.path_ids(side), vec![root, a, side]);
        assert_eq!(tree.depth(side), 2);
        assert_eq!(tree.main_line(root), vec![root, a, b]);
    }

    /// h8 - i9 - j10 main, with i8 after h8 and k11 after i9 as side lines.
    fn forked() -> (Tree<BoardMove>, [NodeId; 5]) {
        let mut tree = Tree::new();
        let h8 = tree.add(tree.root(), at("h8"));
        let i9 = tree.add(h8, at("i9"));
        let j10 = tree.add(i9, at("j10"));
        let i8 = tree.add(h8, at("i8"));
        let k11 = tree.add(i9, at("k11"));
        (tree, [h8, i9, j10, i8, k11])
    }

    #[test]
    fn promoting_a_side_line_makes_it_the_main_line() {
        let (mut tree, [h8, i9, j10, i8, k11]) = forked();
        let l12 = tree.add(i8, at("l12"));
        tree.promote(l12);
        assert_eq!(tree.main_line(tree.root()), vec![tree.root(), h8, i8, l12]);
        assert_eq!(
            tree.children(h8),
            &[i8, i9],
            "the old main line is now second"
        );
        assert_eq!(
            tree.children(i9),
            &[j10, k11],
            "other forks keep their order"
        );
        tree.promote(k11);
        assert_eq!(tree.main_line(tree.root()), vec![tree.root(), h8, i9, k11]);
    }

    #[test]
    fn deleting_removes_the_subtree_and_returns_the_parent() {
        let (mut tree, [h8, i9, j10, i8, k11]) = forked();
        tree.set_comment(k11, "gone soon");
        assert_eq!(tree.delete(i9), Some(h8));
        assert_eq!(tree.children(h8), &[i8]);
        for gone in [i9, j10, k11] {
            assert!(!tree.contains(gone));
            assert_eq!(tree.mv(gone), None);
            assert_eq!(tree.comment(gone), "");
            assert!(tree.path(gone).is_empty());
        }
        assert_eq!(tree.len(), 3);
        assert_eq!(tree.delete(tree.root()), None, "the root stays");
        assert_eq!(tree.delete(i9), None, "already gone");
        // A new node never takes a deleted node's id.
        let again = tree.add(h8, at("i9"));
        assert!(![i9, j10, k11].contains(&again));
        assert_eq!(
            tree.add(i9, at("a1")),
            i9,
            "nothing grows on a deleted node"
        );
        assert_eq!(tree.len(), 4);
    }

    #[test]
    fn rows_are_depth_first_with_the_main_line_first() {
        let (tree, [h8, i9, j10, i8, k11]) = forked();
        let row = |id, depth, indent, starts_side_line| TreeRow {
            id,
            depth,
            indent,
            starts_side_line,
        };
        assert_eq!(
            tree.rows(),
            vec![
                row(h8, 1, 0, false),
                row(i9, 2, 0, false),
                row(j10, 3, 0, false),
                row(k11, 3, 1, true),
                row(i8, 2, 1, true),
            ]
        );
        assert_eq!(tree.preorder(), vec![tree.root(), h8, i9, j10, k11, i8]);
    }

    #[test]
    fn a_side_line_of_a_side_line_is_indented_twice() {
        let (mut tree, [_, _, _, i8, _]) = forked();
        let a = tree.add(i8, at("a1"));
        let b = tree.add(i8, at("b2"));
        let rows = tree.rows();
        let of = |id| rows.iter().find(|r| r.id == id).copied().expect("a row");
        assert_eq!((of(a).indent, of(a).starts_side_line), (1, false));
        assert_eq!((of(b).indent, of(b).starts_side_line), (2, true));
        assert_eq!(of(b).depth, 3);
    }

    #[test]
    fn notes_and_marks_belong_to_one_node() {
        let (mut tree, [h8, i9, ..]) = forked();
        tree.set_comment(h8, "the centre");
        tree.set_mark(h8, Some(MoveMark::Good));
        assert_eq!(tree.comment(h8), "the centre");
        assert_eq!(tree.comment(i9), "");
        assert_eq!(tree.mark(h8), Some(MoveMark::Good));
        tree.set_mark(h8, None);
        assert_eq!(tree.mark(h8), None);

        let (a, b) = (Spot::Point(p("a1")), Spot::Point(p("b2")));
        tree.toggle_point_mark(i9, b, PointMark::Triangle);
        tree.toggle_point_mark(i9, a, PointMark::Letter('A'));
        assert_eq!(
            tree.point_marks(i9),
            &[(a, PointMark::Letter('A')), (b, PointMark::Triangle)]
        );
        tree.toggle_point_mark(i9, b, PointMark::Circle);
        assert_eq!(tree.point_marks(i9)[1], (b, PointMark::Circle), "replaced");
        tree.toggle_point_mark(i9, b, PointMark::Circle);
        assert_eq!(
            tree.point_marks(i9),
            &[(a, PointMark::Letter('A'))],
            "taken away"
        );
        assert!(tree.point_marks(h8).is_empty());
    }

    #[test]
    fn trees_are_equal_by_content_not_by_ids() {
        let (mut one, _) = forked();
        let mut other = Tree::new();
        let h8 = other.add(other.root(), at("h8"));
        let i8 = other.add(h8, at("i8"));
        let i9 = other.add(h8, at("i9"));
        other.add(i9, at("j10"));
        other.add(i9, at("k11"));
        assert_ne!(one, other, "the main line differs");
        other.promote(i9);
        assert_eq!(one, other);
        one.set_comment(one.root(), "x");
        assert_ne!(one, other);
        let _ = i8;
    }
}

/// An empty Gomoku set-up with these stones, Black to move.
fn gomoku_setup(size: u8, rule: RuleSet, stones: &[(&str, Side)]) -> Setup {
    let mut setup = Setup::empty(&gomoku(size, rule));
    for &(point, side) in stones {
        setup
            .apply(SetupEdit::Place {
                at: at(point),
                side,
            })
            .expect("placed");
    }
    setup
        .apply(SetupEdit::SideToMove(Side::First))
        .expect("black");
    setup
}

mod sgf {
    use super::*;

    #[test]
    fn points_count_rows_from_the_top() {
        let setup = gomoku_setup(
            15,
            RuleSet::Freestyle,
            &[("a1", Side::Second), ("o1", Side::First)],
        );
        let mut tree = Tree::new();
        let centre = tree.add(tree.root(), at("h8"));
        let corner = tree.add(centre, at("o15"));
        tree.add(corner, at("a15"));
        let text = to_sgf(&setup, &tree).expect("Gomoku");
        for part in [
            "GM[4]",
            "SZ[15]",
            "RU[freestyle]",
            "AB[oo]",
            "AW[ao]",
            "PL[B]",
            ";B[hh]",
            ";W[oa]",
            ";B[aa]",
        ] {
            assert!(text.contains(part), "{part} in {text}");
        }
        assert_eq!(
            text,
            format!(
                "(;FF[4]GM[4]CA[UTF-8]AP[Lineup:{}]SZ[15]RU[freestyle]AB[oo]AW[ao]PL[B]\
                 ;B[hh];W[oa];B[aa])",
                env!("CARGO_PKG_VERSION")
            ),
            "the same text every time"
        );
        let (read_setup, read) = from_sgf(&text).expect("read back");
        assert_eq!(read, tree);
        assert_eq!(
            read_setup.pieces(),
            vec![
                (Spot::Point(Point::new(0, 0)), Side::Second),
                (Spot::Point(Point::new(14, 0)), Side::First)
            ]
        );

        let (_, tree) = from_sgf("(;GM[4]SZ[19];B[ai])").expect("read");
        let first = tree.children(tree.root())[0];
        assert_eq!(
            tree.mv(first),
            Some(&BoardMove::Point(Point::new(0, 10))),
            "a11 on 19x19"
        );
    }

    #[test]
    fn a_hand_written_sgf_is_read_node_by_node() {
        let text = "(;FF[4]GM[4]SZ[15]RU[renju]AB[hh]AW[ih]PL[B]C[Start \\] here \\\\ ok]
            ;B[hg]C[main]TE[1]
            (;W[ig]TR[jj][kk]LB[aa:A]
              ;B[gi]IT[])
            (;W[hf]BM[1]C[side]SQ[ii]CR[gg]))";
        let (setup, tree) = from_sgf(text).expect("a good SGF");
        assert_eq!(setup.kind(), gomoku(15, RuleSet::Renju));
        let mut pieces = setup.pieces();
        pieces.sort();
        assert_eq!(
            pieces,
            vec![
                (Spot::Point(p("h8")), Side::First),
                (Spot::Point(p("i8")), Side::Second)
            ]
        );
        assert_eq!(setup.to_move(), Side::First);

        let root = tree.root();
        assert_eq!(tree.comment(root), "Start ] here \\ ok");
        let [h9] = tree.children(root) else {
            panic!("one first move")
        };
        assert_eq!(tree.mv(*h9), Some(&at("h9")));
        assert_eq!(tree.comment(*h9), "main");
        assert_eq!(tree.mark(*h9), Some(MoveMark::Good));
        let [i9, h10] = tree.children(*h9) else {
            panic!("a main line and a side line")
        };
        assert_eq!(tree.mv(*i9), Some(&at("i9")));
        assert_eq!(tree.mark(*i9), None);
        assert_eq!(
            tree.point_marks(*i9),
            &[
                (Spot::Point(p("a15")), PointMark::Letter('A')),
                (Spot::Point(p("j6")), PointMark::Triangle),
                (Spot::Point(p("k5")), PointMark::Triangle),
            ]
        );
        let [g7] = tree.children(*i9) else {
            panic!("one move after i9")
        };
        assert_eq!(tree.mv(*g7), Some(&at("g7")));
        assert_eq!(tree.mark(*g7), Some(MoveMark::Interesting));
        assert_eq!(tree.mv(*h10), Some(&at("h10")));
        assert_eq!(tree.comment(*h10), "side");
        assert_eq!(tree.mark(*h10), Some(MoveMark::Bad));
        assert_eq!(
            tree.point_marks(*h10),
            &[
                (Spot::Point(p("g9")), PointMark::Circle),
                (Spot::Point(p("i7")), PointMark::Square),
            ]
        );
        assert!(tree.children(*h10).is_empty());
        assert_eq!(tree.len(), 5);
        // And out again, the same.
        let again = from_sgf(&to_sgf(&setup, &tree).expect("written")).expect("read");
        assert_eq!(again.1, tree);
    }

    #[test]
    fn a_node_without_a_move_gives_its_notes_to_its_parent() {
        let (_, tree) = from_sgf("(;GM[4]C[a];C[b]TR[aa];B[hh])").expect("read");
        assert_eq!(tree.comment(tree.root()), "a\nb");
        assert_eq!(tree.point_marks(tree.root()).len(), 1);
        assert_eq!(tree.children(tree.root()).len(), 1);

        // The first move in the root, as some programs write it.
        let (_, tree) = from_sgf("(;GM[4]SZ[15]B[hh]C[first];W[ii])").expect("read");
        let [h8] = tree.children(tree.root()) else {
            panic!("one first move")
        };
        assert_eq!(tree.mv(*h8), Some(&at("h8")));
        assert_eq!(tree.comment(*h8), "first");
        assert_eq!(tree.comment(tree.root()), "");
        assert_eq!(tree.main_line(*h8).len(), 2);
        assert_eq!(tree.path(tree.main_line(*h8)[1]), vec![at("h8"), at("i7")]);
    }

    #[test]
    fn a_position_already_won_takes_no_moves() {
        let five = "(;GM[4]SZ[15]AB[aa][ba][ca][da][ea]AW[ab][bb][cb][db]PL[W]C[won]";
        let (setup, tree) = from_sgf(&format!("{five})")).expect("a position, no moves");
        assert_eq!(setup.pieces().len(), 9);
        assert_eq!(tree.comment(tree.root()), "won");
        let error = from_sgf(&format!("{five};W[hh])")).expect_err("a move after the five");
        assert!(
            matches!(error, SgfError::MovesFromUnplayable(_)),
            "{error:?}"
        );
    }

    #[test]
    fn a_connect_four_analysis_is_not_exported() {
        let mut tree = Tree::new();
        tree.add(tree.root(), BoardMove::Column(Column(3)));
        let error = to_sgf(&Setup::empty(&C4), &tree).expect_err("refused");
        assert_eq!(error, SgfError::ConnectFour);
        assert!(error.to_string().contains("Connect Four"), "{error}");
    }

    #[test]
    fn bad_sgf_is_refused_with_its_reason() {
        let cases: [(&str, fn(&SgfError) -> bool); 10] = [
            ("not sgf", |e| matches!(e, SgfError::Unreadable(_))),
            ("(;GM[1];B[dd])", |e| {
                matches!(e, SgfError::NotGomoku { .. })
            }),
            ("(;SZ[19];B[dd])", |e| {
                matches!(e, SgfError::NotGomoku { .. })
            }),
            ("(;GM[4]SZ[15:13])", |e| matches!(e, SgfError::BadSize(_))),
            ("(;GM[4]SZ[40])", |e| matches!(e, SgfError::BadSize(_))),
            ("(;GM[4]RU[chess])", |e| {
                matches!(e, SgfError::UnknownRule(_))
            }),
            ("(;GM[4];B[zz])", |e| matches!(e, SgfError::BadPoint(_))),
            ("(;GM[4];B[hh];B[ii])", |e| {
                matches!(
                    e,
                    SgfError::WrongSide {
                        depth: 2,
                        side: Side::First
                    }
                )
            }),
            ("(;GM[4];B[hh];W[hh])", |e| {
                matches!(e, SgfError::IllegalMove { depth: 2, .. })
            }),
            ("(;GM[4];B[hh];AB[aa])", |e| {
                matches!(e, SgfError::SetupAfterStart)
            }),
        ];
        for (text, expected) in cases {
            let error = from_sgf(text).expect_err(text);
            assert!(expected(&error), "{text}: {error:?}");
            assert!(!error.to_string().is_empty());
        }
        let deep = format!("(;GM[4]{})", ";C[x]".repeat(5000));
        assert_eq!(from_sgf(&deep).expect_err("deep"), SgfError::TooDeep);
    }

    /// One step of a random tree: under which node, where, and the notes.
    #[derive(Debug, Clone)]
    struct Step {
        under: prop::sample::Index,
        x: u8,
        y: u8,
        comment: Option<String>,
        mark: Option<usize>,
        marks: Vec<(u8, u8, usize, char)>,
    }

    fn step() -> impl Strategy<Value = Step> {
        (
            any::<prop::sample::Index>(),
            0..20u8,
            0..20u8,
            proptest::option::of("[a-zA-Zé0-9 :;()\\[\\]\\\\\n]{0,12}"),
            proptest::option::of(0..4usize),
            proptest::collection::vec(
                (0..20u8, 0..20u8, 0..4usize, proptest::char::range('A', 'Z')),
                0..3,
            ),
        )
            .prop_map(|(under, x, y, comment, mark, marks)| Step {
                under,
                x,
                y,
                comment,
                mark,
                marks,
            })
    }

    fn setup_of(size: u8, rule: usize, stones: &[(u8, u8, bool)], white: bool) -> Setup {
        let mut setup = Setup::empty(&gomoku(size, RuleSet::ALL[rule]));
        for &(x, y, black) in stones {
            let side = if black { Side::First } else { Side::Second };
            let at = BoardMove::Point(Point::new(x % size, y % size));
            let _ = setup.apply(SetupEdit::Place { at, side });
        }
        let side = if white { Side::Second } else { Side::First };
        let _ = setup.apply(SetupEdit::SideToMove(side));
        setup
    }

    /// A tree of legal moves from `setup` (none when it cannot be played).
    fn tree_of(setup: &Setup, size: u8, steps: &[Step]) -> Tree<BoardMove> {
        let mut tree = Tree::new();
        let mut ids = vec![tree.root()];
        let start = setup.game().ok();
        for s in steps {
            let mut id = *s.under.get(&ids);
            let mv = BoardMove::Point(Point::new(s.x % size, s.y % size));
            if let Some(start) = &start {
                let mut game: MatchGame = start.clone();
                let legal = tree.path(id).into_iter().all(|m| game.play(m).is_ok())
                    && game.play(mv).is_ok();
                if legal {
                    id = tree.add(id, mv);
                    ids.push(id);
                }
            }
            if let Some(comment) = &s.comment {
                tree.set_comment(id, comment.clone());
            }
            tree.set_mark(id, s.mark.map(|m| MoveMark::ALL[m]));
            for &(x, y, kind, letter) in &s.marks {
                let mark = [
                    PointMark::Triangle,
                    PointMark::Square,
                    PointMark::Circle,
                    PointMark::Letter(letter),
                ][kind];
                tree.toggle_point_mark(id, Spot::Point(Point::new(x % size, y % size)), mark);
            }
        }
        tree
    }

    fn sorted(setup: &Setup) -> Vec<(Spot, Side)> {
        let mut pieces = setup.pieces();
        pieces.sort();
        pieces
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn random_trees_survive_sgf(
            size in 9..=20u8,
            rule in 0..3usize,
            stones in proptest::collection::vec((0..20u8, 0..20u8, any::<bool>()), 0..8),
            white in any::<bool>(),
            steps in proptest::collection::vec(step(), 0..30),
        ) {
            let setup = setup_of(size, rule, &stones, white);
            let tree = tree_of(&setup, size, &steps);
            let text = to_sgf(&setup, &tree).expect("Gomoku");
            let (read_setup, read_tree) = from_sgf(&text)
                .unwrap_or_else(|e| panic!("{e}: {text}"));
            prop_assert_eq!(read_setup.kind(), setup.kind());
            prop_assert_eq!(sorted(&read_setup), sorted(&setup));
            prop_assert_eq!(read_setup.to_move(), setup.to_move());
            prop_assert_eq!(&read_tree, &tree, "{}", text);
        }
    }
}

mod save {
    use super::*;

    fn save_of(kind: GameKind) -> SaveFile {
        SaveFile::of(
            "analysis",
            MatchSetup::new(kind, [PlayerKind::Human; 2]),
            &kind.new_game(),
            1,
            2,
        )
    }

    fn through_text(save: &SaveFile) -> SaveFile {
        let text = save.to_text().expect("RON");
        SaveFile::parse(text.as_bytes()).expect("a save")
    }

    #[test]
    fn a_save_keeps_an_analysis() {
        let kind = gomoku(15, RuleSet::Renju);
        let setup = gomoku_setup(
            15,
            RuleSet::Renju,
            &[("h8", Side::First), ("i9", Side::Second)],
        );
        let mut tree = Tree::new();
        let root = tree.root();
        tree.set_comment(root, "a \"quoted\" ) comment");
        tree.toggle_point_mark(root, Spot::Point(p("a1")), PointMark::Letter('Z'));
        let j10 = tree.add(root, at("j10"));
        let k11 = tree.add(j10, at("k11"));
        let g7 = tree.add(root, at("g7"));
        tree.set_mark(g7, Some(MoveMark::Doubtful));
        tree.toggle_point_mark(g7, Spot::Point(p("o15")), PointMark::Circle);
        let pass_line = tree.add(k11, at("a2"));
        tree.set_comment(pass_line, "line\nbreak");

        let save = save_of(kind).with_analysis(&setup, &tree, k11);
        assert_eq!(save.format, FORMAT);
        assert_eq!(FORMAT, 4);
        let read = through_text(&save);
        assert_eq!(read, save);
        read.replay().expect("the game replays");
        let analysis = read.replay_analysis().expect("legal").expect("an analysis");
        assert_eq!(analysis.setup, setup);
        assert_eq!(analysis.tree, tree);
        assert_eq!(
            analysis.tree.path(analysis.shown),
            vec![at("j10"), at("k11")]
        );
        // Without an analysis a save stays in its old format.
        assert!(save_of(kind).format < 4);
        assert_eq!(save_of(kind).replay_analysis(), Ok(None));
    }

    #[test]
    fn a_connect_four_analysis_round_trips() {
        let setup = Setup::empty(&C4);
        let mut tree = Tree::new();
        let d = tree.add(tree.root(), BoardMove::Column(Column(3)));
        let dd = tree.add(d, BoardMove::Column(Column(3)));
        tree.add(d, BoardMove::Column(Column(6)));
        tree.toggle_point_mark(
            dd,
            Spot::Cell(Cell { column: 3, row: 2 }),
            PointMark::Square,
        );
        let save = save_of(C4).with_analysis(&setup, &tree, tree.root());
        let analysis = through_text(&save)
            .replay_analysis()
            .expect("legal")
            .expect("an analysis");
        assert_eq!(analysis.tree, tree);
        assert_eq!(analysis.shown, analysis.tree.root());
        assert!(save.to_text().expect("RON").contains("mv: \"4\""));
    }

    #[test]
    fn an_illegal_move_in_the_analysis_is_refused() {
        let kind = gomoku(15, RuleSet::Freestyle);
        let setup = Setup::empty(&kind);
        let mut tree = Tree::new();
        let h8 = tree.add(tree.root(), at("h8"));
        tree.add(h8, at("i9"));
        let save = save_of(kind).with_analysis(&setup, &tree, h8);
        let text = save.to_text().expect("RON").replace("\"i9\"", "\"h8\"");
        let error = SaveFile::parse(text.as_bytes())
            .expect("parses")
            .replay()
            .expect_err("refused");
        assert!(
            matches!(error, LoadError::IllegalAnalysisMove { ref line, .. } if line == "h8 h8"),
            "{error:?}"
        );
        assert!(
            error.to_string().contains("illegal move in its analysis"),
            "{error}"
        );

        let mut broken = save.clone();
        if let Some(analysis) = broken.analysis.as_mut() {
            analysis.nodes[0].parent = 2;
        }
        let error = broken.replay().expect_err("a node before its parent");
        assert!(matches!(error, LoadError::BadAnalysis(_)), "{error:?}");

        let mut broken = save.clone();
        if let Some(analysis) = broken.analysis.as_mut() {
            analysis.shown = 9;
        }
        assert!(matches!(broken.replay(), Err(LoadError::BadAnalysis(_))));

        let mut broken = save.clone();
        if let Some(analysis) = broken.analysis.as_mut() {
            analysis.nodes[1].mv = "h8i9".into();
        }
        assert!(matches!(broken.replay(), Err(LoadError::BadAnalysis(_))));

        let mut broken = save;
        broken.setup.kind = C4;
        assert!(matches!(
            broken.replay_analysis(),
            Err(LoadError::BadAnalysis(_))
        ));
    }

    /// A study too large to be read back is refused when written, and no
    /// file is left (a save the game cannot open again would be lost).
    #[test]
    fn a_save_too_large_to_read_back_is_not_written() {
        let kind = gomoku(15, RuleSet::Freestyle);
        let mut tree: Tree<BoardMove> = Tree::new();
        let root = tree.root();
        tree.set_comment(root, "x".repeat(300 * 1024));
        let save = save_of(kind).with_analysis(&Setup::empty(&kind), &tree, root);
        let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("too-large-{}.ron", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let refused = save.write(&path).expect_err("too large");
        assert!(refused.contains("too large"), "{refused}");
        assert!(!path.exists());
    }

    #[test]
    fn a_newer_format_is_still_refused() {
        let kind = gomoku(15, RuleSet::Freestyle);
        let tree: Tree<BoardMove> = Tree::new();
        let save = save_of(kind).with_analysis(&Setup::empty(&kind), &tree, tree.root());
        let text = save.to_text().expect("RON");
        assert!(text.contains("format: 4,"), "{text}");
        let text = text.replace("format: 4,", "format: 5,");
        assert_eq!(
            SaveFile::parse(text.as_bytes()),
            Err(LoadError::NewerFormat { found: 5 })
        );
    }

    #[test]
    fn a_format_three_save_still_loads() {
        let setup = MatchSetup::new(gomoku(15, RuleSet::Renju), [PlayerKind::Human; 2])
            .with_opening(OpeningRule::Taraguchi10);
        let mut m = Match::new(setup);
        m.act_in_opening(Action::Place(p("h8")))
            .expect("the centre");
        let save = SaveFile::of("t", m.setup(), m.game(), 1, 2).with_opening(m.opening());
        assert_eq!(
            save.format, 3,
            "an opening game without an analysis is still 3"
        );
        let text = save.to_text().expect("RON");
        assert!(!text.contains("analysis"));
        let read = SaveFile::parse(text.as_bytes()).expect("a format 3 save");
        assert_eq!(read.replay().expect("replays"), *m.game());
        assert_eq!(read.replay_analysis(), Ok(None));

        // As a format 3 version wrote it, by hand.
        let text = "(format:3,name:\"Old\",setup:(kind:Gomoku(size:15,rule:Renju),\
                    players:(Human,Human),opening:Taraguchi10),moves:\"h8\",opening:\"h8\",\
                    redo:\"\",created:1,saved:2)";
        let read = SaveFile::parse(text.as_bytes()).expect("a format 3 save");
        assert_eq!(read.replay().expect("replays").moves(), vec![at("h8")]);
        // An opening game with an analysis is written as 4.
        let kind = gomoku(15, RuleSet::Renju);
        let with_both = SaveFile::of("t", m.setup(), m.game(), 1, 2)
            .with_analysis(
                &Setup::empty(&kind),
                &Tree::new(),
                Tree::<BoardMove>::new().root(),
            )
            .with_opening(m.opening());
        assert_eq!(with_both.format, 4);
    }
}

/// What Load game says of a study: pieces set up, the main line's moves,
/// side lines and comments.
#[test]
fn a_study_summary_counts_what_it_holds() {
    use lineup_core::analysis::setup::{Setup, SetupEdit};
    use lineup_core::analysis::study::{Study, StudySummary};
    use lineup_core::match_setup::GameKind;
    use lineup_core::rules::{BoardMove, Point, RuleSet, Side};
    let kind = GameKind::Gomoku {
        size: GomokuSize::STANDARD,
        rule: RuleSet::Freestyle,
    };
    let at = |s: &str| BoardMove::Point(Point::parse(s).expect("a point"));
    let mut study = Study::new(Setup::empty(&kind));
    for (p, side) in [("h8", Side::First), ("i9", Side::Second)] {
        study
            .edit(SetupEdit::Place { at: at(p), side })
            .expect("room");
    }
    let mv = at;
    study.play(mv("j10")).expect("legal");
    study.play(mv("k11")).expect("legal");
    study.back();
    let side = study.play(mv("g7")).expect("legal");
    study.tree_mut().set_comment(side, "the other way");
    assert_eq!(
        study.summary(),
        StudySummary {
            set_up: 2,
            main_line: 2,
            variations: 1,
            comments: 1,
        }
    );
}
