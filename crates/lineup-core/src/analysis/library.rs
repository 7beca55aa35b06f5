//! "Where have I studied this position before?": the position on show
//! looked up in every node of every line of the studies saved in a folder.
//!
//! A position is its stones and the side to move, whatever order the stones
//! came in, and a turned or mirrored board is the same position to a player
//! (Gomoku: the 8 symmetries of the square; Connect Four: the left-right
//! mirror only, gravity rules out the rest). [`PositionKey`] is that
//! position made canonical, so one comparison answers "the same?".
//!
//! Only the matching is here ([`find_in`], [`search_studies`]): the files
//! are read by `persist::studies`, which sits above this model, and the
//! matching can be tried on studies built in memory.

use super::setup::{Setup, Spot};
use super::symmetry::Symmetry;
use super::tree::{NodeId, Tree};
use crate::match_setup::GameKind;
use crate::rules::connect_four::Cell;
use crate::rules::{BoardMove, Column, MatchGame, Point, RuleSet, Side};
use std::path::PathBuf;

/// Most nodes one study's walk visits. A file under the save size limit
/// holds far fewer, so this only stops a tree that would not end.
pub const NODE_LIMIT: usize = 100_000;

/// A position up to the board's symmetries: two positions have equal keys
/// exactly when one is a turned or mirrored copy of the other, with the same
/// side to move, in the same game on the same board under the same rules
/// (a Renju position never matches a freestyle one). Ordered so keys can
/// live in sorted sets and maps too.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PositionKey {
    kind: OrderedKind,
    to_move: Side,
    /// Each piece as `place * 2 + side`, sorted: the smallest such list
    /// over the symmetries the board has. A number rather than `(Spot, Side)`
    /// so the 8 candidate lists are cheap to build and compare.
    pieces: Vec<u16>,
}

impl PositionKey {
    /// The key of a set-up position, whether or not it can be played from.
    pub fn of_setup(setup: &Setup) -> PositionKey {
        let kind = setup.kind();
        let pieces = setup.pieces();
        let canonical = symmetries(kind)
            .filter_map(|symmetry| transformed(kind, &pieces, symmetry))
            .min()
            .unwrap_or_default();
        PositionKey {
            kind: OrderedKind(kind),
            to_move: setup.to_move(),
            pieces: canonical,
        }
    }

    /// The key of a game's current position. Goes through [`Setup::of_game`]
    /// so a position reached by moves and the same stones placed by hand
    /// read the same pieces and side to move.
    pub fn of_game(game: &MatchGame) -> PositionKey {
        PositionKey::of_setup(&Setup::of_game(game))
    }

    pub fn kind(&self) -> GameKind {
        self.kind.0
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// How many stones or discs the position holds: no move takes one
    /// away, so a line that has more can stop being searched.
    pub fn piece_count(&self) -> usize {
        self.pieces.len()
    }
}

/// [`GameKind`] with an order, so that [`PositionKey`] has one. The rules'
/// types have no order of their own and a game kind has no natural one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct OrderedKind(GameKind);

impl OrderedKind {
    /// One distinct tuple per kind: the order follows it.
    fn rank(self) -> (u8, u8, u8) {
        match self.0 {
            GameKind::ConnectFour { size } => (0, size.columns(), size.rows()),
            GameKind::Gomoku { size, rule } => (1, size.get(), rule_rank(rule)),
        }
    }
}

fn rule_rank(rule: RuleSet) -> u8 {
    match rule {
        RuleSet::Freestyle => 0,
        RuleSet::ExactFive => 1,
        RuleSet::Renju => 2,
    }
}

impl PartialOrd for OrderedKind {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for OrderedKind {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.rank().cmp(&other.rank())
    }
}

/// The symmetries `kind`'s board has.
fn symmetries(kind: GameKind) -> impl Iterator<Item = Symmetry> {
    let connect_four = matches!(kind, GameKind::ConnectFour { .. });
    Symmetry::ALL
        .into_iter()
        .filter(move |s| !connect_four || s.fits_connect_four())
}

/// The pieces moved by `symmetry`, numbered and sorted; `None` should a
/// piece not be of this board (a setup cannot hold one).
fn transformed(kind: GameKind, pieces: &[(Spot, Side)], symmetry: Symmetry) -> Option<Vec<u16>> {
    let mut numbers = pieces
        .iter()
        .map(|&(spot, side)| {
            let place = place(kind, spot, symmetry)?;
            Some(place * 2 + side.index() as u16)
        })
        .collect::<Option<Vec<u16>>>()?;
    numbers.sort_unstable();
    Some(numbers)
}

/// Where `spot` goes under `symmetry`, as one number on `kind`'s board.
fn place(kind: GameKind, spot: Spot, symmetry: Symmetry) -> Option<u16> {
    match (kind, spot) {
        (GameKind::Gomoku { size, .. }, Spot::Point(p)) => {
            let size = size.get();
            let Point { x, y } = symmetry.point(p, size);
            (x < size && y < size).then(|| u16::from(y) * u16::from(size) + u16::from(x))
        }
        (GameKind::ConnectFour { size }, Spot::Cell(Cell { column, row })) => {
            let Column(column) = symmetry.column(Column(column), size.columns())?;
            (row < size.rows()).then(|| u16::from(column) * u16::from(size.rows()) + u16::from(row))
        }
        _ => None,
    }
}

/// A node of a study that shows the position searched for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The node in the tree searched. For a file, the ids are those
    /// `SaveFile::replay_analysis` gives: how the analysis board loads it,
    /// so the node can be shown once the file is opened.
    pub node: NodeId,
    /// Moves from the study's set-up to the node (0: the set-up itself).
    pub moves: usize,
}

/// Every node of `tree`, played from `setup`, whose position has `key`:
/// the set-up first, then depth-first with the main line first. At most
/// `limit` nodes are visited.
///
/// Why play and undo along the walk rather than replay each node's path:
/// each node then costs one move, not its depth. Lines are only followed
/// while they have no more stones than the position sought, and a key is
/// only built where the count and the side to move already agree.
pub fn find_in(setup: &Setup, tree: &Tree<BoardMove>, key: &PositionKey, limit: usize) -> Vec<Hit> {
    let mut hits = Vec::new();
    if setup.kind() != key.kind() || limit == 0 {
        return hits;
    }
    let root = tree.root();
    let start = setup.pieces().len();
    if start == key.piece_count() && PositionKey::of_setup(setup) == *key {
        hits.push(Hit {
            node: root,
            moves: 0,
        });
    }
    // A set-up that cannot be played from has no moves (the file reader
    // refuses moves after one).
    let Ok(mut game) = setup.game() else {
        return hits;
    };
    // The line on the board: each node, the next child to try and the
    // stones it has. The game stands at the last entry's node.
    let mut line: Vec<(NodeId, usize, usize)> = vec![(root, 0, start)];
    let mut visited = 1;
    while let Some(top) = line.last_mut() {
        let (id, next, stones) = *top;
        let Some(&child) = tree.children(id).get(next) else {
            line.pop();
            if !line.is_empty() {
                game.undo();
            }
            continue;
        };
        top.1 += 1;
        let Some(&mv) = tree.mv(child) else { continue };
        let stones = stones + usize::from(mv != BoardMove::Pass);
        if stones > key.piece_count() {
            continue;
        }
        if visited >= limit {
            break;
        }
        visited += 1;
        // Every move was checked when the file was read; one that does not
        // play here has nothing under it to find.
        if game.play(mv).is_err() {
            continue;
        }
        if stones == key.piece_count()
            && game.to_move() == key.to_move()
            && PositionKey::of_game(&game) == *key
        {
            hits.push(Hit {
                node: child,
                moves: line.len(),
            });
        }
        line.push((child, 0, stones));
    }
    hits
}

/// A study as read from a file.
#[derive(Clone, Debug)]
pub struct StoredStudy {
    pub path: PathBuf,
    /// The name the player gave the save (its file name when that is blank).
    pub name: String,
    pub setup: Setup,
    pub tree: Tree<BoardMove>,
}

/// Where a position was found: which study, which node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub path: PathBuf,
    pub name: String,
    pub node: NodeId,
    /// Moves from the study's set-up to the node.
    pub moves: usize,
}

/// Every node of every study showing `key`'s position, study by study in
/// the order given, each walk bounded by [`NODE_LIMIT`].
pub fn search_studies(
    studies: impl IntoIterator<Item = StoredStudy>,
    key: &PositionKey,
) -> Vec<Found> {
    studies
        .into_iter()
        .flat_map(|study| {
            find_in(&study.setup, &study.tree, key, NODE_LIMIT)
                .into_iter()
                .map(move |hit| Found {
                    path: study.path.clone(),
                    name: study.name.clone(),
                    node: hit.node,
                    moves: hit.moves,
                })
        })
        .collect()
}
