//! RenLib `.lib` libraries (`lineup_core::analysis::renlib`): RenLib's own
//! sample libraries read move by move against the openings they are named
//! after, each part of the format on a small file built here, the errors,
//! and any bytes at all read without a panic into a tree the rules accept.

use lineup_core::analysis::renlib::{
    Cut, RenlibError, SIZE_LIMIT, read_renlib, read_renlib_with_cuts,
};
use lineup_core::analysis::setup::Spot;
use lineup_core::analysis::study::Study;
use lineup_core::analysis::tree::{MoveMark, NodeId, PointMark, Tree};
use lineup_core::rules::{BoardMove, Foul, MoveError, Point};
use proptest::prelude::*;

/// RenLib's sample library of the Hogetsu opening, "I7" in its names.
const I7: &[u8] = include_bytes!("../data/renlib/I7.lib");
/// RenLib's sample library of the Kagetsu opening, "D4".
const D4: &[u8] = include_bytes!("../data/renlib/D4.lib");

const MORE_SIBLINGS: u8 = 0x80;
const LINE_ENDS: u8 = 0x40;
const OLD_COMMENT: u8 = 0x20;
const MARK: u8 = 0x10;
const COMMENT: u8 = 0x08;
const NO_STONE: u8 = 0x02;
const EXTENSION: u8 = 0x01;

fn p(text: &str) -> Point {
    Point::parse(text).expect("a point")
}

fn mv(text: &str) -> BoardMove {
    BoardMove::Point(p(text))
}

/// The child of `id` that plays `at`.
fn child(tree: &Tree<BoardMove>, id: NodeId, at: &str) -> NodeId {
    *tree
        .children(id)
        .iter()
        .find(|&&c| tree.mv(c) == Some(&mv(at)))
        .unwrap_or_else(|| panic!("no child {at}"))
}

/// The node at the end of `line` (points split by spaces) from the root.
fn node(tree: &Tree<BoardMove>, line: &str) -> NodeId {
    line.split_whitespace()
        .fold(tree.root(), |id, at| child(tree, id, at))
}

/// The moves of `id`'s children, in order, as text.
fn children(tree: &Tree<BoardMove>, id: NodeId) -> Vec<String> {
    tree.children(id)
        .iter()
        .map(|&c| tree.mv(c).map_or(String::new(), ToString::to_string))
        .collect()
}

/// A library of version 3.0 (as RenLib 3.x writes) holding `records`.
fn lib(records: &[&[u8]]) -> Vec<u8> {
    let mut bytes = vec![0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF, 3, 0];
    bytes.extend([0xFF; 10]);
    for record in records {
        bytes.extend_from_slice(record);
    }
    bytes
}

/// A text as RenLib writes it: ended by a zero, padded to whole pairs.
fn text(s: &str) -> Vec<u8> {
    let mut bytes = s.as_bytes().to_vec();
    bytes.push(0);
    if bytes.len() % 2 == 1 {
        bytes.push(0);
    }
    bytes
}

/// A node's record, flagged as having a comment when it has one.
fn record(byte: u8, flags: u8, comment: &str) -> Vec<u8> {
    if comment.is_empty() {
        return vec![byte, flags];
    }
    [vec![byte, flags | COMMENT], text(comment)].concat()
}

/// Every move of the tree replays through the Renju rules.
fn assert_playable(bytes: &[u8]) {
    let (setup, tree) = read_renlib(bytes).expect("a library");
    Study::from_parts(setup, tree, None).expect("every move legal");
}

#[test]
fn renlibs_i7_sample_is_the_hogetsu_opening_move_by_move() {
    let lib = read_renlib_with_cuts(I7).expect("RenLib's sample reads");
    let tree = &lib.tree;
    assert_eq!(
        lib.cuts,
        Vec::<Cut>::new(),
        "no move of the sample is refused"
    );
    // 2076 records, none repeated, and the root.
    assert_eq!(tree.len(), 2077);

    // One line to the opening: h8, i9 (indirect), i7.
    let root = tree.root();
    assert_eq!(children(tree, root), ["h8"]);
    let h8 = node(tree, "h8");
    assert_eq!(tree.comment(h8), "Welcome to RenLib");
    assert_eq!(children(tree, h8), ["i9"]);
    let i9 = node(tree, "h8 i9");
    assert_eq!(tree.comment(i9), "");
    assert_eq!(children(tree, i9), ["i7"]);
    let i7 = node(tree, "h8 i9 i7");
    assert_eq!(tree.path(i7), [mv("h8"), mv("i9"), mv("i7")]);
    assert_eq!(tree.comment(i7), "Sure win for black");
    // White's fourth moves, in the file's order (the first is the main line).
    assert_eq!(
        children(tree, i7),
        [
            "g10", "f9", "g9", "h9", "j9", "f8", "g8", "i8", "j8", "g7", "h7", "j7", "h6", "i6",
            "j6"
        ]
    );
    // Black's answer to the fourth move h7, and a comment down a side line.
    let h7 = child(tree, i7, "h7");
    assert_eq!(tree.comment(h7), "\"The Pearl\"");
    assert_eq!(children(tree, h7), ["g9", "j8", "j6"]);
    assert_eq!(tree.comment(child(tree, h7, "g9")), "Best");
    let deep = node(tree, "h8 i9 i7 g9 j8 h6 j9 j7 k8");
    assert_eq!(
        tree.comment(deep),
        "Compare to D5: 1-3,2-8,3-7,4-2,5-1,6-4,7-5,8-6"
    );
    assert_eq!(tree.mark(deep), None);

    assert_playable(I7);
}

#[test]
fn renlibs_d4_sample_is_the_kagetsu_opening() {
    let lib = read_renlib_with_cuts(D4).expect("RenLib's sample reads");
    let tree = &lib.tree;
    // 3058 records and the root: one more record is a foul, cut (below).
    assert_eq!(tree.len(), 3059 - 1);
    // h8, h9 (direct), i9.
    assert_eq!(children(tree, tree.root()), ["h8"]);
    assert_eq!(children(tree, node(tree, "h8")), ["h9"]);
    assert_eq!(children(tree, node(tree, "h8 h9")), ["i9"]);
    let i9 = node(tree, "h8 h9 i9");
    assert_eq!(tree.path(i9), [mv("h8"), mv("h9"), mv("i9")]);
    assert_eq!(tree.comment(node(tree, "h8 h9 i9 g10 i8")), "\"B\"");
    assert_eq!(
        tree.comment(node(tree, "h8 h9 i9 g10 j8")),
        "Transition to opening D7"
    );
    assert_playable(D4);
}

#[test]
fn a_foul_in_renlibs_d4_sample_is_cut_with_a_note() {
    // RenLib never checked the rules: one line of its own sample ends with
    // Black's g11, two open threes (e9-f10-g11 and g11-h10-i9).
    let lib = read_renlib_with_cuts(D4).expect("RenLib's sample reads");
    let tree = &lib.tree;
    let last = node(
        tree,
        "h8 h9 i9 j10 g7 g8 f7 h7 f9 f8 e8 d7 d9 c10 e9 c9 e10 e7 f10 g9 h10 g10 f11 g12",
    );
    assert_eq!(
        lib.cuts,
        [Cut {
            after: last,
            depth: 25,
            mv: mv("g11"),
            error: MoveError::Forbidden(Foul::DoubleThree),
        }]
    );
    assert!(tree.children(last).is_empty());
    assert_eq!(
        tree.comment(last),
        "RenLib: the line going on with move 25, g11, was cut: forbidden for Black: double-three."
    );
}

#[test]
fn rows_count_from_the_top_and_columns_from_one() {
    // h8, then the top-left and bottom-right corners.
    let bytes = lib(&[&[0x78, 0], &[0x01, 0], &[0xEF, LINE_ENDS]]);
    let (_, tree) = read_renlib(&bytes).expect("a library");
    assert_eq!(
        tree.path(node(&tree, "h8 a15 o1")),
        [mv("h8"), mv("a15"), mv("o1")]
    );
}

#[test]
fn a_headerless_library_starts_at_the_centre() {
    let (_, tree) = read_renlib(&[0x78, 0, 0x69, LINE_ENDS]).expect("RenLib's oldest form");
    assert_eq!(tree.path(node(&tree, "h8 i9")), [mv("h8"), mv("i9")]);
}

#[test]
fn a_line_ends_back_at_the_last_fork_still_open() {
    // Root; h8; i9 (siblings follow), its child i7 ends the line, so the
    // next record, h9, is i9's sibling; j9 after h9 ends that line too,
    // so f9 is the third of h8's lines.
    let bytes = lib(&[
        &record(0, 0, "root"),
        &[0x78, 0],
        &[0x69, MORE_SIBLINGS],
        &[0x89, LINE_ENDS],
        &[0x68, MORE_SIBLINGS],
        &[0x6A, LINE_ENDS],
        &[0x66, LINE_ENDS],
    ]);
    let (_, tree) = read_renlib(&bytes).expect("a library");
    assert_eq!(tree.comment(tree.root()), "root");
    let h8 = node(&tree, "h8");
    assert_eq!(children(&tree, h8), ["i9", "h9", "f9"]);
    assert_eq!(children(&tree, child(&tree, h8, "i9")), ["i7"]);
    assert_eq!(children(&tree, child(&tree, h8, "h9")), ["j9"]);
    assert!(children(&tree, child(&tree, h8, "f9")).is_empty());
}

#[test]
fn comments_marks_and_board_texts() {
    let bytes = lib(&[
        // h8 marked, with a title and a text of two lines.
        &record(0x78, MARK, "Title\u{8}First\r\nSecond"),
        // i9 with a board text "A" (the extension's board-text bit).
        &[&[0x69, EXTENSION][..], &[0, 0x01], &text("A")].concat(),
        // A text on j10 without a stone, closing the line.
        &[
            &[0x5A, NO_STONE | EXTENSION | LINE_ENDS][..],
            &[0, 0x01],
            &text("B"),
        ]
        .concat(),
    ]);
    let (_, tree) = read_renlib(&bytes).expect("a library");
    let h8 = node(&tree, "h8");
    assert_eq!(tree.comment(h8), "Title\nFirst\nSecond");
    assert_eq!(tree.mark(h8), Some(MoveMark::Interesting));
    // The board text shows on the move's point in the position before it.
    assert_eq!(
        tree.point_marks(h8),
        [(Spot::Point(p("i9")), PointMark::Letter('A'))]
    );
    let i9 = child(&tree, h8, "i9");
    assert_eq!(tree.mark(i9), None);
    assert_eq!(
        tree.point_marks(i9),
        [(Spot::Point(p("j10")), PointMark::Letter('B'))]
    );
    // The stone-less node is no move.
    assert!(tree.children(i9).is_empty());
}

#[test]
fn old_comments_are_swedish_seven_bit_ended_by_the_top_bit() {
    // "B{st" with the top bit on its last letter: "Bäst".
    let bytes = lib(&[&[0x78, OLD_COMMENT | LINE_ENDS, b'B', b'{', b's', b't' | 0x80]]);
    let (_, tree) = read_renlib(&bytes).expect("a library");
    assert_eq!(tree.comment(node(&tree, "h8")), "Bäst");
}

#[test]
fn comments_not_in_utf8_are_read_as_windows_1252() {
    let mut comment = b"Sk".to_vec();
    comment.extend([0xE5, b'l', 0x96, b'!', 0]);
    let bytes = lib(&[&[0x78, COMMENT | LINE_ENDS], &comment, &[0]]);
    let (_, tree) = read_renlib(&bytes).expect("a library");
    assert_eq!(tree.comment(node(&tree, "h8")), "Skål–!");
}

#[test]
fn a_renju_foul_cuts_the_line_there_with_a_note() {
    // Black: h8 g8 i9 i10, White far away; then Black i8 makes two open
    // threes (g8-h8-i8 and i8-i9-i10), forbidden. j9 would follow it.
    let line = [0x78, 0xE1, 0x77, 0xE3, 0x69, 0xE5, 0x59, 0xE7, 0x79, 0x6A];
    let mut records: Vec<Vec<u8>> = line.iter().map(|&b| vec![b, 0]).collect();
    records.last_mut().expect("a move")[1] = LINE_ENDS;
    let records: Vec<&[u8]> = records.iter().map(Vec::as_slice).collect();
    let lib = read_renlib_with_cuts(&lib(&records)).expect("a library");

    let last = node(&lib.tree, "h8 a1 g8 c1 i9 e1 i10 g1");
    assert!(
        lib.tree.children(last).is_empty(),
        "the line stops at move 8"
    );
    assert_eq!(
        lib.cuts,
        [Cut {
            after: last,
            depth: 9,
            mv: mv("i8"),
            error: MoveError::Forbidden(Foul::DoubleThree),
        }]
    );
    let note = lib.tree.comment(last);
    assert!(note.contains("move 9, i8"), "{note}");
    assert!(note.contains("double-three"), "{note}");
    Study::from_parts(lib.setup, lib.tree, None).expect("what is kept is legal");
}

#[test]
fn a_pass_cuts_the_line_and_its_siblings_are_still_read() {
    // h8, then a pass (refused while points are free) with siblings to
    // come; its child is dropped with it; then i9, the pass's sibling.
    let bytes = lib(&[
        &[0x78, 0],
        &[0x00, MORE_SIBLINGS],
        &[0x69, LINE_ENDS],
        &[0x69, LINE_ENDS],
    ]);
    let lib = read_renlib_with_cuts(&bytes).expect("a library");
    let h8 = node(&lib.tree, "h8");
    assert_eq!(children(&lib.tree, h8), ["i9"]);
    assert_eq!(lib.cuts.len(), 1);
    assert_eq!(lib.cuts[0].mv, BoardMove::Pass);
    assert_eq!(lib.cuts[0].error, MoveError::CannotPass);
}

#[test]
fn broken_files_are_refused_with_the_place() {
    assert_eq!(read_renlib(b"").unwrap_err(), RenlibError::NotRenlib);
    assert_eq!(
        read_renlib(b"(;GM[4])").unwrap_err(),
        RenlibError::NotRenlib
    );
    let mut newer = lib(&[]);
    newer[9] = 5;
    assert_eq!(
        read_renlib(&newer).unwrap_err(),
        RenlibError::NewerVersion { major: 3, minor: 5 }
    );
    // A record cut in half, a comment with no end.
    assert_eq!(
        read_renlib(&lib(&[&[0x78, 0], &[0x69]])).unwrap_err(),
        RenlibError::Truncated { offset: 22 }
    );
    assert_eq!(
        read_renlib(&lib(&[&[0x78, COMMENT, b'a', b'b']])).unwrap_err(),
        RenlibError::Truncated { offset: 20 }
    );
    // Column 0 and row 16 are off the board.
    for byte in [0x70, 0xF1] {
        assert_eq!(
            read_renlib(&lib(&[&[0x78, 0], &[byte, 0]])).unwrap_err(),
            RenlibError::BadPoint { offset: 22, byte }
        );
    }
    let huge = vec![0x78; SIZE_LIMIT + 1];
    assert!(matches!(
        read_renlib(&huge),
        Err(RenlibError::TooLarge { .. })
    ));
    // After a cut, a line of thousands of moves is only walked over: bounded.
    let mut deep = vec![vec![0x78, 0], vec![0x00, 0]];
    deep.extend((0..2000).map(|_| vec![0x69, 0]));
    let deep: Vec<&[u8]> = deep.iter().map(Vec::as_slice).collect();
    assert!(matches!(
        read_renlib(&lib(&deep)),
        Err(RenlibError::TooDeep { .. })
    ));
    // Each error says what went wrong in words.
    assert!(RenlibError::NotRenlib.to_string().contains("RenLib"));
}

/// A change to a real library: a byte set, bytes cut or inserted.
#[derive(Clone, Debug)]
enum Mutation {
    Set(usize, u8),
    Truncate(usize),
    Insert(usize, Vec<u8>),
    Remove(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(at, b)| Mutation::Set(at, b)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), prop::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(at, b)| Mutation::Insert(at, b)),
        (any::<usize>(), 1usize..8).prop_map(|(at, n)| Mutation::Remove(at, n)),
    ]
}

fn mutate(bytes: &mut Vec<u8>, mutation: &Mutation) {
    let len = bytes.len().max(1);
    match mutation {
        Mutation::Set(at, b) => {
            if let Some(byte) = bytes.get_mut(at % len) {
                *byte = *b;
            }
        }
        Mutation::Truncate(at) => bytes.truncate(at % len),
        Mutation::Insert(at, new) => {
            let at = at % (bytes.len() + 1);
            bytes.splice(at..at, new.iter().copied());
        }
        Mutation::Remove(at, n) => {
            let at = at % len;
            let end = (at + n).min(bytes.len());
            if at < end {
                bytes.drain(at..end);
            }
        }
    }
}

/// Whatever is read, it is read without a panic, and what is read plays.
fn read_never_panics(bytes: &[u8]) {
    if let Ok((setup, tree)) = read_renlib(bytes) {
        Study::from_parts(setup, tree, None).expect("every move kept is legal");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        read_never_panics(&bytes);
    }

    /// Past the header, so that the records themselves are random.
    #[test]
    fn random_records_never_panic(body in prop::collection::vec(any::<u8>(), 0..400)) {
        let mut bytes = lib(&[]);
        bytes.extend(body);
        read_never_panics(&bytes);
    }

    #[test]
    fn mutations_of_a_real_library_never_panic(
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let mut bytes = I7.to_vec();
        for m in &mutations {
            mutate(&mut bytes, m);
        }
        read_never_panics(&bytes);
    }
}
