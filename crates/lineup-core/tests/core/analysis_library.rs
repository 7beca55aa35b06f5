//! The search of saved studies for a position
//! (`lineup_core::analysis::library`, the folder read by
//! `lineup_core::persist::studies`): a position's key is the same for
//! every turned or mirrored copy and whatever order its stones came in, and
//! different for any other position; the search finds a position deep in a
//! side line of one study among several, transformed, and passes over files
//! that are damaged, foreign or of another game.

use lineup_core::analysis::library::{
    Found, NODE_LIMIT, PositionKey, StoredStudy, find_in, search_studies,
};
use lineup_core::analysis::setup::{Setup, SetupEdit, SetupRefusal, Spot};
use lineup_core::analysis::study::Study;
use lineup_core::analysis::symmetry::Symmetry;
use lineup_core::analysis::tree::NodeId;
use lineup_core::match_setup::{GameKind, MatchSetup, PlayerKind};
use lineup_core::persist::save_file::{SIZE_LIMIT, SaveFile};
use lineup_core::persist::studies::search;
use lineup_core::rules::{
    BoardMove, Column, ConnectFourSize, GomokuSize, MatchGame, Point, RuleSet, Side,
};
use proptest::prelude::*;
use std::path::{Path, PathBuf};

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

fn connect_four(columns: u8, rows: u8) -> GameKind {
    GameKind::ConnectFour {
        size: ConnectFourSize::new(columns, rows).expect("a board size"),
    }
}

/// Every move of `kind`'s board (a pass aside).
fn places(kind: GameKind) -> Vec<BoardMove> {
    match kind {
        GameKind::Gomoku { size, .. } => (0..size.get())
            .flat_map(|y| (0..size.get()).map(move |x| BoardMove::Point(Point::new(x, y))))
            .collect(),
        GameKind::ConnectFour { size } => (0..size.columns())
            .map(|c| BoardMove::Column(Column(c)))
            .collect(),
    }
}

/// A game of `kind` played by the seeds: each picks a place and, when the
/// rules refuse it (taken, a foul, a full column), the next one that plays.
/// Stops when the game is over.
fn random_game(kind: GameKind, seeds: &[u16]) -> MatchGame {
    let mut game = kind.new_game();
    let places = places(kind);
    for &seed in seeds {
        if game.is_over() {
            break;
        }
        let start = seed as usize;
        let played = (0..places.len()).any(|k| {
            let mv = places[(start + k) % places.len()];
            game.play(mv).is_ok()
        });
        if !played {
            break;
        }
    }
    game
}

fn turned(setup: &Setup, symmetry: Symmetry) -> Setup {
    let mut turned = setup.clone();
    turned
        .apply(SetupEdit::Transform(symmetry))
        .expect("a symmetry of this board");
    turned
}

/// The same pieces placed by hand, last first, then the side to move chosen.
fn by_hand(setup: &Setup) -> Setup {
    let mut hand = Setup::empty(&setup.kind());
    let mut pieces = setup.pieces();
    if matches!(setup.kind(), GameKind::Gomoku { .. }) {
        pieces.reverse();
    }
    for (spot, side) in pieces {
        let at = match spot {
            Spot::Point(point) => BoardMove::Point(point),
            Spot::Cell(cell) => BoardMove::Column(Column(cell.column)),
        };
        hand.apply(SetupEdit::Place { at, side })
            .expect("an empty place");
    }
    hand.apply(SetupEdit::SideToMove(setup.to_move()))
        .expect("the side the counts give");
    hand
}

fn key(setup: &Setup) -> PositionKey {
    PositionKey::of_setup(setup)
}

fn gomoku_kinds() -> impl Strategy<Value = GameKind> {
    (9u8..=20, 0usize..3).prop_map(|(size, rule)| gomoku(size, RuleSet::ALL[rule]))
}

mod keys {
    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Each of the 8 turned and mirrored copies, and the same stones
        /// placed by hand in another order, have the game's key.
        #[test]
        fn gomoku_copies_share_a_key(
            kind in gomoku_kinds(),
            seeds in prop::collection::vec(any::<u16>(), 0..40),
        ) {
            let game = random_game(kind, &seeds);
            let setup = Setup::of_game(&game);
            let expected = PositionKey::of_game(&game);
            prop_assert_eq!(&key(&setup), &expected);
            prop_assert_eq!(&key(&by_hand(&setup)), &expected);
            if let Ok(from_setup) = setup.game() {
                prop_assert_eq!(&PositionKey::of_game(&from_setup), &expected);
            }
            for symmetry in Symmetry::ALL {
                let copy = turned(&setup, symmetry);
                prop_assert_eq!(&key(&copy), &expected, "{:?}", symmetry);
                prop_assert_eq!(&key(&by_hand(&copy)), &expected, "{:?} by hand", symmetry);
            }
        }

        /// One stone moved to an empty point: the key changes unless the
        /// new position is a turned or mirrored copy of the old one.
        #[test]
        fn a_moved_stone_changes_the_gomoku_key(
            kind in gomoku_kinds(),
            seeds in prop::collection::vec(any::<u16>(), 1..12),
            which in any::<usize>(),
            to in any::<usize>(),
        ) {
            let setup = Setup::of_game(&random_game(kind, &seeds));
            let pieces = setup.pieces();
            prop_assume!(!pieces.is_empty());
            let (from, side) = pieces[which % pieces.len()];
            let empty: Vec<BoardMove> = places(kind)
                .into_iter()
                .filter(|&mv| matches!(mv, BoardMove::Point(q) if setup.at(Spot::Point(q)).is_none()))
                .collect();
            let Spot::Point(from) = from else {
                return Err(TestCaseError::fail("a Gomoku stone on a cell"));
            };
            let mut moved = setup.clone();
            moved.apply(SetupEdit::Erase { at: BoardMove::Point(from) }).expect("a stone");
            moved.apply(SetupEdit::Place { at: empty[to % empty.len()], side }).expect("empty");
            moved.apply(SetupEdit::SideToMove(setup.to_move())).expect("any side");
            let symmetric = Symmetry::ALL.into_iter().any(|s| turned(&setup, s) == moved);
            prop_assert_eq!(key(&moved) == key(&setup), symmetric);
        }

        /// Connect Four: the mirror has the key, the turns do not exist,
        /// and a disc moved to another column changes the key unless the
        /// result is the mirror image.
        #[test]
        fn connect_four_has_only_the_mirror(
            columns in 4u8..=9,
            rows in 4u8..=9,
            seeds in prop::collection::vec(any::<u16>(), 1..30),
            from in any::<usize>(),
            to in any::<usize>(),
        ) {
            let kind = connect_four(columns, rows);
            let game = random_game(kind, &seeds);
            let setup = Setup::of_game(&game);
            let expected = PositionKey::of_game(&game);
            prop_assert_eq!(&key(&setup), &expected);
            prop_assert_eq!(&key(&by_hand(&setup)), &expected);
            prop_assert_eq!(&key(&turned(&setup, Symmetry::FlipHorizontal)), &expected);
            for symmetry in Symmetry::ALL.into_iter().filter(|s| !s.fits_connect_four()) {
                let mut copy = setup.clone();
                prop_assert_eq!(
                    copy.apply(SetupEdit::Transform(symmetry)),
                    Err(SetupRefusal::NotASymmetry)
                );
            }

            let height = |c: u8| setup.pieces().iter().filter(|(spot, _)| {
                matches!(spot, Spot::Cell(cell) if cell.column == c)
            }).count();
            let with_discs: Vec<u8> = (0..columns).filter(|&c| height(c) > 0).collect();
            let open: Vec<u8> = (0..columns).filter(|&c| height(c) < rows as usize).collect();
            prop_assume!(!with_discs.is_empty());
            let from = with_discs[from % with_discs.len()];
            let open: Vec<u8> = open.into_iter().filter(|&c| c != from).collect();
            prop_assume!(!open.is_empty());
            let to = open[to % open.len()];
            let top = setup.pieces().into_iter().rev().find_map(|(spot, side)| {
                matches!(spot, Spot::Cell(cell) if cell.column == from).then_some(side)
            });
            let Some(side) = top else {
                return Err(TestCaseError::fail("a full column with no disc"));
            };
            let mut moved = setup.clone();
            moved.apply(SetupEdit::Erase { at: BoardMove::Column(Column(from)) }).expect("a disc");
            moved.apply(SetupEdit::Place { at: BoardMove::Column(Column(to)), side }).expect("room");
            let mirrored = turned(&setup, Symmetry::FlipHorizontal) == moved;
            prop_assert_eq!(key(&moved) == key(&setup), mirrored);
        }
    }

    #[test]
    fn the_side_to_move_the_rules_and_the_board_count() {
        let stones = |kind: GameKind, to_move: Side| {
            let mut setup = Setup::empty(&kind);
            for (point, side) in [
                ("h8", Side::First),
                ("i9", Side::Second),
                ("j8", Side::First),
            ] {
                setup
                    .apply(SetupEdit::Place {
                        at: at(point),
                        side,
                    })
                    .expect("empty");
            }
            setup
                .apply(SetupEdit::SideToMove(to_move))
                .expect("any side");
            key(&setup)
        };
        let freestyle = stones(gomoku(15, RuleSet::Freestyle), Side::Second);
        assert_ne!(
            freestyle,
            stones(gomoku(15, RuleSet::Freestyle), Side::First)
        );
        assert_ne!(freestyle, stones(gomoku(15, RuleSet::Renju), Side::Second));
        assert_ne!(
            freestyle,
            stones(gomoku(15, RuleSet::ExactFive), Side::Second)
        );
        assert_ne!(
            freestyle,
            stones(gomoku(16, RuleSet::Freestyle), Side::Second)
        );
        assert_eq!(freestyle.kind(), gomoku(15, RuleSet::Freestyle));
        assert_eq!(freestyle.to_move(), Side::Second);
        assert_eq!(freestyle.piece_count(), 3);
        // Keys order, so they can be kept in sorted collections.
        let sorted: std::collections::BTreeSet<PositionKey> = [
            freestyle.clone(),
            stones(gomoku(15, RuleSet::Renju), Side::Second),
            freestyle.clone(),
        ]
        .into_iter()
        .collect();
        assert_eq!(sorted.len(), 2);
    }

    /// The symmetric case of the property above, for certain: a lone
    /// stone moved from corner to corner keeps its key, moved along the
    /// edge it does not.
    #[test]
    fn a_lone_stone_is_the_same_in_every_corner() {
        let kind = gomoku(15, RuleSet::Freestyle);
        let lone = |point: &str| {
            let mut setup = Setup::empty(&kind);
            setup
                .apply(SetupEdit::Place {
                    at: at(point),
                    side: Side::First,
                })
                .expect("empty");
            key(&setup)
        };
        for corner in ["a15", "o1", "o15"] {
            assert_eq!(lone("a1"), lone(corner));
        }
        assert_eq!(lone("c2"), lone("n13"));
        assert_eq!(lone("c2"), lone("b3"));
        assert_ne!(lone("a1"), lone("b1"));
        assert_ne!(lone("h8"), lone("h9"));
    }

    #[test]
    fn connect_four_columns_mirror_but_do_not_shift() {
        let kind = connect_four(7, 6);
        let drop = |column: u8| {
            let mut game = kind.new_game();
            game.play(BoardMove::Column(Column(column))).expect("room");
            PositionKey::of_game(&game)
        };
        assert_eq!(drop(0), drop(6));
        assert_eq!(drop(2), drop(4));
        assert_ne!(drop(0), drop(1));
        assert_ne!(drop(3), drop(2));
        // The same discs on another board are another position.
        let mut wide = connect_four(8, 6).new_game();
        wide.play(BoardMove::Column(Column(0))).expect("room");
        assert_ne!(PositionKey::of_game(&wide), drop(0));
    }
}

/// A Renju study's lines, and the node the tests look for: after h8 i9
/// j10 g7, a side line of a side line, with the same position reached in
/// another order in a later line.
struct Built {
    study: Study,
    deep: NodeId,
    transposed: NodeId,
    position: MatchGame,
}

const RENJU: GameKind = GameKind::Gomoku {
    size: GomokuSize::STANDARD,
    rule: RuleSet::Renju,
};

fn play_line(study: &mut Study, from: NodeId, moves: &[&str]) -> NodeId {
    assert!(study.go(from));
    let mut last = from;
    for mv in moves {
        last = study.play(at(mv)).expect("a legal move");
    }
    last
}

fn side_lines() -> Built {
    let mut study = Study::new(Setup::empty(&RENJU));
    let root = study.tree().root();
    let h8 = play_line(&mut study, root, &["h8"]);
    play_line(&mut study, h8, &["h9", "h10", "h11", "g9"]);
    let i9 = play_line(&mut study, h8, &["i9"]);
    play_line(&mut study, i9, &["i10", "j11"]);
    let deep = play_line(&mut study, i9, &["j10", "g7"]);
    play_line(&mut study, deep, &["k11", "f6"]);
    play_line(&mut study, root, &["a1", "o15"]);
    let transposed = play_line(&mut study, root, &["j10", "g7", "h8", "i9"]);
    study.go(deep);
    let position = study.position().expect("playable").clone();
    Built {
        study,
        deep,
        transposed,
        position,
    }
}

fn other_study() -> Study {
    let mut study = Study::new(Setup::empty(&RENJU));
    let root = study.tree().root();
    play_line(&mut study, root, &["h8", "i9", "j8", "g7", "k8"]);
    play_line(&mut study, root, &["h8", "h9", "j10"]);
    study
}

fn stored(path: &str, name: &str, study: &Study) -> StoredStudy {
    StoredStudy {
        path: PathBuf::from(path),
        name: name.to_string(),
        setup: study.setup().clone(),
        tree: study.tree().clone(),
    }
}

/// The position at `game`, turned a quarter and placed by hand.
fn turned_key(game: &MatchGame) -> PositionKey {
    key(&by_hand(&turned(&Setup::of_game(game), Symmetry::Rotate90)))
}

mod matching {
    use super::*;

    #[test]
    fn a_transformed_position_is_found_in_a_side_line_and_a_transposition() {
        let built = side_lines();
        let sought = turned_key(&built.position);
        let connect_four_study = Study::new(Setup::empty(&connect_four(7, 6)));
        let studies = vec![
            stored("other.ron", "Other", &other_study()),
            stored("lines.ron", "Side lines", &built.study),
            stored("discs.ron", "Discs", &connect_four_study),
        ];
        let found = search_studies(studies, &sought);
        let lines = |node| Found {
            path: PathBuf::from("lines.ron"),
            name: "Side lines".into(),
            node,
            moves: 4,
        };
        assert_eq!(found, vec![lines(built.deep), lines(built.transposed)]);
    }

    #[test]
    fn a_set_up_position_is_found_at_the_root() {
        let built = side_lines();
        // The position placed by hand and mirrored, then studied further.
        let setup = turned(
            &by_hand(&Setup::of_game(&built.position)),
            Symmetry::FlipHorizontal,
        );
        let mut study = Study::new(setup);
        let root = study.tree().root();
        play_line(&mut study, root, &["a1"]);
        let hits = find_in(
            study.setup(),
            study.tree(),
            &PositionKey::of_game(&built.position),
            NODE_LIMIT,
        );
        assert_eq!(hits.len(), 1);
        assert_eq!((hits[0].node, hits[0].moves), (root, 0));
    }

    #[test]
    fn another_rule_set_is_not_searched() {
        let built = side_lines();
        let freestyle = gomoku(15, RuleSet::Freestyle);
        let game = replay(freestyle, &built.position.moves());
        let found = search_studies(
            [stored("lines.ron", "Side lines", &built.study)],
            &PositionKey::of_game(&game),
        );
        assert!(found.is_empty(), "{found:?}");
    }

    /// A set-up with a five standing cannot be played from, yet its
    /// position can still be found (and nothing is walked under it).
    #[test]
    fn an_unplayable_set_up_is_matched_without_a_walk() {
        let kind = gomoku(15, RuleSet::Freestyle);
        let mut setup = Setup::empty(&kind);
        for point in ["a1", "b1", "c1", "d1", "e1"] {
            setup
                .apply(SetupEdit::Place {
                    at: at(point),
                    side: Side::First,
                })
                .expect("empty");
        }
        assert!(setup.game().is_err());
        let study = Study::new(setup.clone());
        let mirrored = turned(&setup, Symmetry::FlipVertical);
        let hits = find_in(study.setup(), study.tree(), &key(&mirrored), NODE_LIMIT);
        assert_eq!(hits.len(), 1);
    }

    /// The walk stops after its limit of nodes: a position past it is not
    /// reported, one within it is.
    #[test]
    fn the_walk_is_bounded() {
        let mut study = Study::new(Setup::empty(&RENJU));
        let root = study.tree().root();
        let moves = ["h8", "i9", "j10", "g7", "k11", "f6", "l12", "e5", "a1"];
        play_line(&mut study, root, &moves);
        assert!(study.go(root));
        for mv in &moves[..8] {
            study.play(at(mv)).expect("legal");
        }
        let eighth = study.at();
        let sought = PositionKey::of_game(study.position().expect("playable"));
        // The root and eight moves: nine nodes.
        let hits = find_in(study.setup(), study.tree(), &sought, 9);
        assert_eq!(hits.len(), 1);
        assert_eq!((hits[0].node, hits[0].moves), (eighth, 8));
        assert!(find_in(study.setup(), study.tree(), &sought, 8).is_empty());
        assert!(find_in(study.setup(), study.tree(), &sought, 0).is_empty());
    }
}

/// `moves` played on a new game of `kind`.
fn replay(kind: GameKind, moves: &[BoardMove]) -> MatchGame {
    let mut game = kind.new_game();
    for &mv in moves {
        game.play(mv).expect("legal here too");
    }
    game
}

mod folder {
    use super::*;

    fn fresh(name: &str) -> PathBuf {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("analysis-library-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        dir
    }

    fn write(dir: &Path, file: &str, save: &SaveFile) {
        save.write(&dir.join(file)).expect("written");
    }

    #[test]
    fn the_folder_is_searched_and_bad_files_are_skipped() {
        let dir = fresh("search");
        let built = side_lines();
        let lines = SaveFile::of_study(&built.study, "Side lines", 1, 2);
        write(&dir, "b lines.ron", &lines);
        write(
            &dir,
            "a other.ron",
            &SaveFile::of_study(&other_study(), "Other", 1, 2),
        );
        let discs = Study::new(Setup::empty(&connect_four(7, 6)));
        write(
            &dir,
            "c discs.ron",
            &SaveFile::of_study(&discs, "Discs", 1, 2),
        );
        // The same study where the files are not saves: hidden, another
        // extension, a folder.
        write(&dir, ".hidden.ron", &lines);
        write(&dir, "lines.txt", &lines);
        std::fs::create_dir_all(dir.join("folder.ron")).expect("a folder");
        // Damaged: cut short, not text, too large, an illegal move.
        let text = lines.to_text().expect("RON");
        std::fs::write(dir.join("cut.ron"), &text[..text.len() / 2]).expect("written");
        std::fs::write(dir.join("binary.ron"), [0xff, 0x00, 0xfe]).expect("written");
        let large = " ".repeat(SIZE_LIMIT as usize + 1);
        std::fs::write(dir.join("large.ron"), large).expect("written");
        let mut illegal = lines.clone();
        if let Some(analysis) = illegal.analysis.as_mut() {
            analysis.nodes[1].mv = "h8".into();
        }
        write(&dir, "illegal.ron", &illegal);
        // A saved game reaching the position, with no study: not searched.
        let plain = SaveFile::of(
            "A game",
            MatchSetup::new(RENJU, [PlayerKind::Human; 2]),
            &built.position,
            1,
            2,
        );
        write(&dir, "game.ron", &plain);

        let found = search(&dir, &turned_key(&built.position));
        let path = dir.join("b lines.ron");
        assert_eq!(found.len(), 2, "{found:?}");
        let read = SaveFile::read(&path).expect("a save");
        let loaded = read
            .replay_analysis()
            .expect("a study")
            .expect("an analysis");
        let lines_found: Vec<Vec<BoardMove>> = found
            .iter()
            .map(|f| {
                assert_eq!(
                    (f.path.as_path(), f.name.as_str()),
                    (path.as_path(), "Side lines")
                );
                assert_eq!(f.moves, 4);
                loaded.tree.path(f.node)
            })
            .collect();
        let moves = |list: [&str; 4]| list.map(at).to_vec();
        assert_eq!(
            lines_found,
            [
                moves(["h8", "i9", "j10", "g7"]),
                moves(["j10", "g7", "h8", "i9"])
            ]
        );

        // A Connect Four position finds the one Connect Four study's root.
        let empty = PositionKey::of_game(&connect_four(7, 6).new_game());
        let discs_found = search(&dir, &empty);
        assert_eq!(discs_found.len(), 1);
        assert_eq!(discs_found[0].path, dir.join("c discs.ron"));
        assert_eq!(discs_found[0].moves, 0);

        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_missing_folder_finds_nothing() {
        let dir = fresh("missing").join("not there");
        let built = side_lines();
        assert!(search(&dir, &PositionKey::of_game(&built.position)).is_empty());
    }
}
