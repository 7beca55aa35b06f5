//! An analysis in SGF (FF[4], Gomoku's `GM[4]`), the format other Gomoku
//! and Renju programs read: the set-up stones (`AB`, `AW`, `PL`), every
//! line as SGF variations, comments (`C`), point marks (`TR`, `SQ`, `CR`,
//! `LB`) and move marks (`TE`, `BM`, `IT`, `DO`), the rules in `RU`.
//! Reading and writing the text is the `sgf-parse` crate's; this file maps
//! its nodes to the [`Tree`] and back.
//!
//! SGF counts rows from the top (`aa` is the top-left point), Lineup from
//! the bottom (`a1` is the bottom-left), so a row is flipped each way:
//! on 15×15 the centre `h8` is `hh` and the corner `a1` is `ao`.
//!
//! Reading checks every move through the rules from the set-up, as loading
//! a save does, so a file can never put an impossible board on screen.

use super::setup::{Setup, SetupEdit, Spot};
use super::tree::{MoveMark, NodeId, PointMark, Tree};
use crate::match_setup::GameKind;
use crate::rules::{BoardMove, GomokuSize, MatchGame, MoveError, Point, RuleSet, Side};
use sgf_parse::unknown_game::Prop;
use sgf_parse::{Color, Double, GameTree, SgfNode, SimpleText, Text};
use std::collections::{HashMap, HashSet};
use std::fmt;

/// SGF's number for Gomoku (and Renju).
const GOMOKU: i64 = 4;
/// An SGF longer than this is refused before it is parsed.
pub const SIZE_LIMIT: usize = 4 * 1024 * 1024;
/// No line of a game on the largest board is this long (a stone on every
/// point and as many passes): a deeper file is refused before it is parsed,
/// as its nesting would only cost stack.
const DEPTH_LIMIT: usize = 2 * (GomokuSize::MAX as usize).pow(2) + 2;

/// Why an analysis could not be written or read as SGF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SgfError {
    /// Connect Four has no SGF game number that other programs read.
    ConnectFour,
    TooLarge {
        bytes: usize,
    },
    /// A line deeper than any game can be.
    TooDeep,
    /// Not SGF at all (the parser's words).
    Unreadable(String),
    /// The `GM` of another game (Go when it is missing).
    NotGomoku {
        game: String,
    },
    BadSize(String),
    UnknownRule(String),
    /// A point that is not on the board (the SGF text of it).
    BadPoint(String),
    /// A property whose value SGF does not allow.
    BadProperty(String),
    /// The set-up stones cannot stand together (two on one point).
    BadSetup(String),
    /// Stones added or removed after the first move: Lineup's tree holds
    /// only moves after its one set-up.
    SetupAfterStart,
    /// Move `depth` of a line (1 = the first) is played by the side not to move.
    WrongSide {
        depth: usize,
        side: Side,
    },
    /// Move `depth` of a line is not legal there.
    IllegalMove {
        depth: usize,
        mv: BoardMove,
        error: MoveError,
    },
    /// The set-up cannot be played from (a five already stands), yet moves follow.
    MovesFromUnplayable(String),
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfError::ConnectFour => {
                f.write_str("a Connect Four analysis cannot be written as SGF")
            }
            SgfError::TooLarge { bytes } => write!(
                f,
                "the SGF is too large ({} KB, the limit is {} KB)",
                bytes / 1024,
                SIZE_LIMIT / 1024
            ),
            SgfError::TooDeep => f.write_str("the SGF has a line longer than any game"),
            SgfError::Unreadable(why) => write!(f, "not a readable SGF: {why}"),
            SgfError::NotGomoku { game } => {
                write!(f, "the SGF is not of Gomoku (GM[4]) but GM[{game}]")
            }
            SgfError::BadSize(size) => write!(f, "the SGF's board size {size} is not playable"),
            SgfError::UnknownRule(rule) => write!(f, "the SGF's rules \"{rule}\" are unknown"),
            SgfError::BadPoint(p) => write!(f, "the SGF's point [{p}] is not on the board"),
            SgfError::BadProperty(id) => write!(f, "the SGF's property {id} has a bad value"),
            SgfError::BadSetup(why) => write!(f, "the SGF's set-up stones are refused: {why}"),
            SgfError::SetupAfterStart => {
                f.write_str("the SGF adds or removes stones after the first move")
            }
            SgfError::WrongSide { depth, side } => write!(
                f,
                "move {depth} of a line is {}'s, who is not to move",
                if *side == Side::First {
                    "Black"
                } else {
                    "White"
                }
            ),
            SgfError::IllegalMove { depth, mv, error } => {
                write!(f, "move {depth} of a line, {mv}, is not legal: {error}")
            }
            SgfError::MovesFromUnplayable(why) => {
                write!(
                    f,
                    "moves follow a position that cannot be played from: {why}"
                )
            }
        }
    }
}

impl std::error::Error for SgfError {}

/// The analysis as an SGF game tree: the set-up and the root's notes in the
/// root node, then every line, the main line first.
pub fn to_sgf(setup: &Setup, tree: &Tree<BoardMove>) -> Result<String, SgfError> {
    let GameKind::Gomoku { size, rule } = setup.kind() else {
        return Err(SgfError::ConnectFour);
    };
    let size = size.get();
    let mut root = vec![
        Prop::FF(4),
        Prop::GM(GOMOKU),
        Prop::CA(SimpleText::from("UTF-8")),
        Prop::AP((
            SimpleText::from("Lineup"),
            SimpleText::from(env!("CARGO_PKG_VERSION")),
        )),
        // The crate writes a size as `15:15`, which FF[4] keeps for boards
        // that are not square.
        Prop::Unknown("SZ".into(), vec![size.to_string()]),
        Prop::RU(SimpleText::from(rule.name())),
    ];
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for (spot, side) in setup.pieces() {
        if let Spot::Point(p) = spot {
            match side {
                Side::First => black.push(point_text(p, size)),
                Side::Second => white.push(point_text(p, size)),
            };
        }
    }
    root.extend(list("AB", black));
    root.extend(list("AW", white));
    root.push(Prop::PL(colour(setup.to_move())));

    // Children before parents, so that each node is built whole from its
    // children's: no recursion over a line hundreds of moves long.
    let mut built: HashMap<NodeId, SgfNode<Prop>> = HashMap::new();
    let side_of = movers(setup, tree);
    let order = tree.preorder();
    for &id in order.iter().rev() {
        let mut props = Vec::new();
        if id == tree.root() {
            props.append(&mut root);
        } else if let Some(&mv) = tree.mv(id) {
            let side = side_of.get(&id).copied().unwrap_or(Side::First);
            let at = match mv {
                BoardMove::Point(p) => point_text(p, size),
                BoardMove::Pass | BoardMove::Column(_) => String::new(),
            };
            props.push(match side {
                Side::First => Prop::B(at),
                Side::Second => Prop::W(at),
            });
        }
        notes(tree, id, size, &mut props);
        let children = tree
            .children(id)
            .iter()
            .filter_map(|c| built.remove(c))
            .collect();
        built.insert(id, SgfNode::new(props, children, id == tree.root()));
    }
    let root = built.remove(&tree.root()).unwrap_or_default();
    Ok(GameTree::Unknown(root).to_string())
}

/// Who plays each node's move, as the rules say (a pass or a set-up's
/// counts may differ from plain turns). Where the rules cannot tell (a tree
/// the rules refuse), the sides take turns.
fn movers(setup: &Setup, tree: &Tree<BoardMove>) -> HashMap<NodeId, Side> {
    let mut movers = HashMap::new();
    let mut stack = vec![(tree.root(), setup.game().ok(), setup.to_move())];
    while let Some((id, game, to_move)) = stack.pop() {
        for &child in tree.children(id) {
            let side = game.as_ref().map_or(to_move, MatchGame::to_move);
            movers.insert(child, side);
            let next = game.clone().and_then(|mut game| {
                let mv = *tree.mv(child)?;
                game.play(mv).ok().map(|_| game)
            });
            stack.push((child, next, side.other()));
        }
    }
    movers
}

/// A node's comment and marks as SGF properties.
fn notes(tree: &Tree<BoardMove>, id: NodeId, size: u8, props: &mut Vec<Prop>) {
    let comment = tree.comment(id);
    if !comment.is_empty() {
        props.push(Prop::C(Text::from(comment)));
    }
    props.extend(tree.mark(id).map(|mark| match mark {
        MoveMark::Good => Prop::TE(Double::One),
        MoveMark::Bad => Prop::BM(Double::One),
        MoveMark::Interesting => Prop::IT,
        MoveMark::Doubtful => Prop::DO,
    }));
    let (mut tr, mut sq, mut cr, mut lb) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for &(spot, mark) in tree.point_marks(id) {
        let Spot::Point(p) = spot else { continue };
        let at = point_text(p, size);
        match mark {
            PointMark::Triangle => tr.push(at),
            PointMark::Square => sq.push(at),
            PointMark::Circle => cr.push(at),
            PointMark::Letter(c) => lb.push(format!("{at}:{}", escape(&c.to_string()))),
        };
    }
    props.extend(
        [("TR", tr), ("SQ", sq), ("CR", cr), ("LB", lb)]
            .into_iter()
            .filter_map(|(id, values)| list(id, values)),
    );
}

/// A list property with its values in order, so that the same analysis is
/// always the same text (the crate's typed lists are hash sets, written in
/// an order that changes from run to run). `None` for an empty list, which
/// SGF does not allow.
fn list(id: &str, mut values: Vec<String>) -> Option<Prop> {
    values.sort();
    (!values.is_empty()).then(|| Prop::Unknown(id.into(), values))
}

/// A text escaped as SGF's text values are (the crate does this for its
/// typed texts, not for the values of [`list`]).
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace(']', "\\]")
        .replace(':', "\\:")
}

/// Reads an analysis written by [`to_sgf`] or another Gomoku program: the
/// first game of the file. A node with no move (some programs write one
/// after the root) gives its notes to its parent; a move in the root (as
/// other programs write the first one) is the first move.
pub fn from_sgf(text: &str) -> Result<(Setup, Tree<BoardMove>), SgfError> {
    if text.len() > SIZE_LIMIT {
        return Err(SgfError::TooLarge { bytes: text.len() });
    }
    if deepest_line(text) > DEPTH_LIMIT {
        return Err(SgfError::TooDeep);
    }
    let games = sgf_parse::parse(text).map_err(|e| SgfError::Unreadable(e.to_string()))?;
    let root = match games.into_iter().next() {
        Some(GameTree::Unknown(root)) => root,
        Some(GameTree::GoGame(_)) => return Err(SgfError::NotGomoku { game: "1".into() }),
        None => return Err(SgfError::Unreadable("no game in it".into())),
    };
    match root.get_property("GM") {
        Some(Prop::GM(GOMOKU)) => {}
        Some(Prop::GM(game)) => {
            return Err(SgfError::NotGomoku {
                game: game.to_string(),
            });
        }
        _ => return Err(SgfError::BadProperty("GM".into())),
    }
    let size = match root.get_property("SZ") {
        None => GomokuSize::STANDARD,
        Some(Prop::SZ((w, h))) if w == h => {
            GomokuSize::new(*w).map_err(|_| SgfError::BadSize(w.to_string()))?
        }
        Some(Prop::SZ((w, h))) => return Err(SgfError::BadSize(format!("{w}x{h}"))),
        Some(_) => return Err(SgfError::BadProperty("SZ".into())),
    };
    let rule = match root.get_property("RU") {
        None => RuleSet::Freestyle,
        Some(Prop::RU(text)) => rule_named(&text.text)?,
        Some(_) => return Err(SgfError::BadProperty("RU".into())),
    };
    let setup = read_setup(&root, size.get(), GameKind::Gomoku { size, rule })?;
    let size = size.get();

    let mut tree = Tree::new();
    // None when the set-up cannot be played from: then no move may follow.
    let start = setup.game().map_err(|why| why.to_string());
    // (SGF node, the tree node it goes under, the position there, its depth),
    // the next one last so that the main line is added first.
    let mut stack = vec![(&root, tree.root(), start, 0)];
    while let Some((node, parent, mut game, depth)) = stack.pop() {
        let at_root = std::ptr::eq(node, &root);
        if !at_root
            && ["AB", "AW", "AE"]
                .iter()
                .any(|id| node.get_property(id).is_some())
        {
            return Err(SgfError::SetupAfterStart);
        }
        // Some programs put the first move in the root, beside the set-up.
        let (id, depth) = match read_move(node, size)? {
            Some((side, mv)) => {
                let depth = depth + 1;
                let position = game
                    .as_mut()
                    .map_err(|why| SgfError::MovesFromUnplayable(why.clone()))?;
                if side != position.to_move() {
                    return Err(SgfError::WrongSide { depth, side });
                }
                position
                    .play(mv)
                    .map_err(|error| SgfError::IllegalMove { depth, mv, error })?;
                (tree.add(parent, mv), depth)
            }
            None => (parent, depth),
        };
        read_notes(node, size, &mut tree, id)?;
        let children: Vec<&SgfNode<Prop>> = node.children().collect();
        for child in children.into_iter().rev() {
            stack.push((child, id, game.clone(), depth));
        }
    }
    Ok((setup, tree))
}

/// The set-up in the root: the stones, then the side to move.
fn read_setup(root: &SgfNode<Prop>, size: u8, kind: GameKind) -> Result<Setup, SgfError> {
    let mut setup = Setup::empty(&kind);
    for (id, side) in [("AB", Side::First), ("AW", Side::Second)] {
        let points = match root.get_property(id) {
            None => continue,
            Some(Prop::AB(points) | Prop::AW(points)) => points,
            Some(_) => return Err(SgfError::BadProperty(id.into())),
        };
        // In board order, so that a refusal names the same point every time.
        let mut points = points_of(points, size)?;
        points.sort();
        for p in points {
            setup
                .apply(SetupEdit::Place {
                    at: BoardMove::Point(p),
                    side,
                })
                .map_err(|e| SgfError::BadSetup(format!("{p}: {e}")))?;
        }
    }
    match root.get_property("PL") {
        None => {}
        Some(Prop::PL(colour)) => {
            let side = match colour {
                Color::Black => Side::First,
                Color::White => Side::Second,
            };
            setup
                .apply(SetupEdit::SideToMove(side))
                .map_err(|e| SgfError::BadSetup(e.to_string()))?;
        }
        Some(_) => return Err(SgfError::BadProperty("PL".into())),
    }
    Ok(setup)
}

/// The node's move and who plays it, if it has one. An empty point is a pass.
fn read_move(node: &SgfNode<Prop>, size: u8) -> Result<Option<(Side, BoardMove)>, SgfError> {
    let (side, at) = match node.get_move() {
        Some(Prop::B(at)) => (Side::First, at),
        Some(Prop::W(at)) => (Side::Second, at),
        Some(Prop::Invalid(id, _)) if id == "B" || id == "W" => {
            return Err(SgfError::BadProperty(id.clone()));
        }
        _ => return Ok(None),
    };
    let mv = if at.is_empty() {
        BoardMove::Pass
    } else {
        BoardMove::Point(point_of(at, size)?)
    };
    Ok(Some((side, mv)))
}

/// The node's comment and marks, added to tree node `id`'s.
fn read_notes(
    node: &SgfNode<Prop>,
    size: u8,
    tree: &mut Tree<BoardMove>,
    id: NodeId,
) -> Result<(), SgfError> {
    for prop in node.properties() {
        match prop {
            Prop::C(text) => {
                let comment = match tree.comment(id) {
                    "" => text.text.clone(),
                    earlier => format!("{earlier}\n{}", text.text),
                };
                tree.set_comment(id, comment);
            }
            Prop::TE(_) => tree.set_mark(id, Some(MoveMark::Good)),
            Prop::BM(_) => tree.set_mark(id, Some(MoveMark::Bad)),
            Prop::IT => tree.set_mark(id, Some(MoveMark::Interesting)),
            Prop::DO => tree.set_mark(id, Some(MoveMark::Doubtful)),
            Prop::TR(points) => {
                mark_points(tree, id, points_of(points, size)?, PointMark::Triangle)
            }
            Prop::SQ(points) => mark_points(tree, id, points_of(points, size)?, PointMark::Square),
            Prop::CR(points) => mark_points(tree, id, points_of(points, size)?, PointMark::Circle),
            Prop::LB(labels) => {
                for (at, label) in labels {
                    let Some(letter) = label.text.chars().next() else {
                        continue;
                    };
                    let p = point_of(at, size)?;
                    mark_points(tree, id, vec![p], PointMark::Letter(letter));
                }
            }
            Prop::Invalid(ident, _)
                if ["C", "TE", "BM", "IT", "DO", "TR", "SQ", "CR", "LB"]
                    .contains(&ident.as_str()) =>
            {
                return Err(SgfError::BadProperty(ident.clone()));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Draws `mark` on each point (a toggle that never takes a mark away).
fn mark_points(tree: &mut Tree<BoardMove>, id: NodeId, points: Vec<Point>, mark: PointMark) {
    for p in points {
        let spot = Spot::Point(p);
        if !tree.point_marks(id).contains(&(spot, mark)) {
            tree.toggle_point_mark(id, spot, mark);
        }
    }
}

/// A list of points, with SGF's compressed rectangles (`aa:cc`) opened.
fn points_of(texts: &HashSet<String>, size: u8) -> Result<Vec<Point>, SgfError> {
    let mut points = Vec::new();
    for text in texts {
        match text.split_once(':') {
            None => points.push(point_of(text, size)?),
            Some((from, to)) => {
                let (a, b) = (point_of(from, size)?, point_of(to, size)?);
                for x in a.x.min(b.x)..=a.x.max(b.x) {
                    for y in a.y.min(b.y)..=a.y.max(b.y) {
                        points.push(Point::new(x, y));
                    }
                }
            }
        }
    }
    Ok(points)
}

/// An SGF point (`hh`: column, then row from the top) on a board of `size`.
fn point_of(text: &str, size: u8) -> Result<Point, SgfError> {
    let bad = || SgfError::BadPoint(text.to_string());
    let &[column, row] = text.as_bytes() else {
        return Err(bad());
    };
    let coordinate = |c: u8| {
        c.is_ascii_lowercase()
            .then(|| c - b'a')
            .filter(|&n| n < size)
    };
    let (x, from_top) = coordinate(column).zip(coordinate(row)).ok_or_else(bad)?;
    Ok(Point::new(x, size - 1 - from_top))
}

/// A point as SGF writes it: the column, then the row counted from the top.
fn point_text(p: Point, size: u8) -> String {
    let from_top = size.saturating_sub(1).saturating_sub(p.y);
    [char::from(b'a' + p.x), char::from(b'a' + from_top)]
        .iter()
        .collect()
}

fn colour(side: Side) -> Color {
    match side {
        Side::First => Color::Black,
        Side::Second => Color::White,
    }
}

/// The rules an `RU` names: Lineup's own names, and the words other
/// programs use for them.
fn rule_named(text: &str) -> Result<RuleSet, SgfError> {
    let name = text.trim().to_ascii_lowercase();
    if let Some(rule) = RuleSet::ALL.into_iter().find(|r| r.name() == name) {
        return Ok(rule);
    }
    match name.as_str() {
        "rif" | "renju (rif)" | "yamaguchi" | "soosyrv-8" => Ok(RuleSet::Renju),
        "gomoku" | "free" | "freestyle gomoku" | "" => Ok(RuleSet::Freestyle),
        "standard" | "standard gomoku" | "exact5" | "exactfive" => Ok(RuleSet::ExactFive),
        _ => Err(SgfError::UnknownRule(text.to_string())),
    }
}

/// The most nodes on one line of the SGF text (outside property values),
/// counted before the parser builds a tree of that depth.
fn deepest_line(text: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    let mut opened: Vec<usize> = Vec::new();
    let (mut in_value, mut escaped) = (false, false);
    for c in text.chars() {
        if in_value {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                ']' => in_value = false,
                _ => {}
            }
            continue;
        }
        match c {
            '[' => in_value = true,
            '(' => opened.push(depth),
            ')' => depth = opened.pop().unwrap_or(0),
            ';' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            _ => {}
        }
    }
    deepest
}
