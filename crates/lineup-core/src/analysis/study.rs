//! A study: what the analysis board holds. The position set up freely, the
//! tree of lines played from it, and the node on show. Every move played
//! from a position that already has a continuation makes a branch rather
//! than a new game. Every change can be taken back.
//!
//! An edit of the position (a stone placed, the board turned) starts a new
//! tree from the position on show. The old moves may no longer be legal
//! there, so they cannot be kept; take back restores them.

use super::setup::{NotPlayable, Setup, SetupEdit, SetupRefusal};
use super::tree::{NodeId, Tree};
use crate::rules::{BoardMove, MatchGame, MoveError};

/// How many changes take back remembers, and how many tree nodes at most
/// across them: each change keeps a copy of the tree, and a library read
/// from a file can hold tens of thousands of nodes.
const TAKE_BACKS: usize = 200;
const TAKE_BACK_NODES: usize = 200_000;

#[derive(Clone, Debug)]
pub struct Study {
    setup: Setup,
    tree: Tree<BoardMove>,
    at: NodeId,
    /// The position at `at`: the set-up's game with the path's moves
    /// played, or why the set-up cannot be played from.
    shown: Result<MatchGame, NotPlayable>,
    /// What each change replaced, the latest last.
    earlier: Vec<(Setup, Tree<BoardMove>, NodeId)>,
}

/// What a study holds: the pieces set up before its first move, the moves
/// of its main line, the side lines that branch off, and the comments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StudySummary {
    pub set_up: usize,
    pub main_line: usize,
    pub variations: usize,
    pub comments: usize,
}

impl Study {
    /// A study of `setup` with no moves yet.
    pub fn new(setup: Setup) -> Study {
        Study::with_tree(setup, Tree::new(), None)
    }

    /// A game's moves as the main line, from an empty board, shown at its
    /// last move. Each move was legal in the game, so each is here.
    pub fn of_game(game: &MatchGame) -> Study {
        let mut start = game.clone();
        while start.undo().is_some() {}
        let setup = Setup::of_game(&start);
        let mut tree = Tree::new();
        let mut at = tree.root();
        for mv in game.moves() {
            at = tree.add(at, mv);
        }
        Study::with_tree(setup, tree, Some(at))
    }

    /// A study read from a file or SGF, shown at `at` (the root when it is
    /// not a node of the tree). A move the rules refuse makes the whole tree
    /// refused, with the move's place in it.
    pub fn from_parts(
        setup: Setup,
        tree: Tree<BoardMove>,
        at: Option<NodeId>,
    ) -> Result<Study, StudyError> {
        if let Ok(start) = setup.game() {
            check_moves(&tree, tree.root(), &start)?;
        } else if !tree.children(tree.root()).is_empty() {
            return Err(StudyError::MovesFromUnplayable);
        }
        Ok(Study::with_tree(setup, tree, at))
    }

    fn with_tree(setup: Setup, tree: Tree<BoardMove>, at: Option<NodeId>) -> Study {
        let root = tree.root();
        let mut study = Study {
            shown: setup.game(),
            setup,
            tree,
            at: root,
            earlier: Vec::new(),
        };
        if let Some(at) = at {
            study.go(at);
        }
        study
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// What the study holds, as Load game describes it.
    pub fn summary(&self) -> StudySummary {
        let tree = &self.tree;
        let nodes = tree.preorder();
        StudySummary {
            set_up: self.setup.pieces().len(),
            main_line: tree.main_line(tree.root()).len() - 1,
            variations: tree.rows().iter().filter(|r| r.starts_side_line).count(),
            comments: nodes
                .iter()
                .filter(|&&id| !tree.comment(id).trim().is_empty())
                .count(),
        }
    }

    pub fn tree(&self) -> &Tree<BoardMove> {
        &self.tree
    }

    /// The node on show.
    pub fn at(&self) -> NodeId {
        self.at
    }

    /// The position on show, or why the set-up cannot be played from.
    pub fn position(&self) -> Result<&MatchGame, &NotPlayable> {
        self.shown.as_ref()
    }

    /// Plays `mv` from the position on show: the node of that move (a new
    /// branch, or the existing one), now shown.
    pub fn play(&mut self, mv: BoardMove) -> Result<NodeId, StudyMoveError> {
        let game = self
            .shown
            .as_ref()
            .map_err(|e| StudyMoveError::Unplayable(*e))?;
        let mut next = game.clone();
        next.play(mv).map_err(StudyMoveError::Rules)?;
        self.remember();
        self.at = self.tree.add(self.at, mv);
        self.shown = Ok(next);
        Ok(self.at)
    }

    /// Plays every move of `line` in turn (a line of the engine stepped
    /// into), as far as the rules allow: the number played.
    pub fn play_line(&mut self, line: &[BoardMove]) -> usize {
        let mut played = 0;
        for &mv in line {
            if self.play(mv).is_err() {
                break;
            }
            played += 1;
        }
        played
    }

    /// Shows node `id`; an id not in the tree changes nothing.
    pub fn go(&mut self, id: NodeId) -> bool {
        if !self.tree.contains(id) {
            return false;
        }
        let Ok(mut game) = self.setup.game() else {
            self.at = self.tree.root();
            return id == self.at;
        };
        for mv in self.tree.path(id) {
            // Checked when the move entered the tree.
            if game.play(mv).is_err() {
                break;
            }
        }
        self.at = id;
        self.shown = Ok(game);
        true
    }

    /// One move back along the line on show.
    pub fn back(&mut self) -> bool {
        self.tree.parent(self.at).is_some_and(|p| self.go(p))
    }

    /// One move on, along the main line from here.
    pub fn forward(&mut self) -> bool {
        let next = self.tree.children(self.at).first().copied();
        next.is_some_and(|n| self.go(n))
    }

    /// The set-up position (before any move).
    pub fn first(&mut self) {
        self.go(self.tree.root());
    }

    /// The end of the main line from here.
    pub fn last(&mut self) {
        while self.forward() {}
    }

    /// Changes the position on show: it becomes the new set-up, with a new
    /// tree (see the module's notes). A refusal changes nothing.
    pub fn edit(&mut self, edit: SetupEdit) -> Result<(), SetupRefusal> {
        let mut setup = match &self.shown {
            Ok(game) if self.at != self.tree.root() => Setup::of_game(game),
            _ => self.setup.clone(),
        };
        setup.apply(edit)?;
        self.remember();
        *self = Study {
            earlier: std::mem::take(&mut self.earlier),
            ..Study::new(setup)
        };
        Ok(())
    }

    /// Makes the line through `id` the main line at each fork above it.
    pub fn promote(&mut self, id: NodeId) {
        self.remember();
        self.tree.promote(id);
    }

    /// Deletes node `id` and every line after it; the position on show
    /// moves up to its parent if it was inside.
    pub fn delete(&mut self, id: NodeId) -> bool {
        if id == self.tree.root() || !self.tree.contains(id) {
            return false;
        }
        let inside = self.tree.path_ids(self.at).contains(&id);
        self.remember();
        let parent = self.tree.delete(id);
        if inside && let Some(parent) = parent {
            self.go(parent);
        }
        true
    }

    /// Comments and marks: see [`Tree`]. Each can be taken back.
    pub fn tree_mut(&mut self) -> &mut Tree<BoardMove> {
        self.remember();
        &mut self.tree
    }

    /// Takes back the last change (a move, an edit, a deletion): false when
    /// there is none left.
    pub fn take_back(&mut self) -> bool {
        let Some((setup, tree, at)) = self.earlier.pop() else {
            return false;
        };
        let earlier = std::mem::take(&mut self.earlier);
        *self = Study {
            earlier,
            ..Study::with_tree(setup, tree, Some(at))
        };
        true
    }

    fn remember(&mut self) {
        self.earlier
            .push((self.setup.clone(), self.tree.clone(), self.at));
        let mut nodes: usize = self.earlier.iter().map(|(_, tree, _)| tree.len()).sum();
        // The oldest go first; the latest change can always be taken back.
        while self.earlier.len() > 1 && (self.earlier.len() > TAKE_BACKS || nodes > TAKE_BACK_NODES)
        {
            nodes -= self.earlier[0].1.len();
            self.earlier.remove(0);
        }
    }
}

/// Every move under `id` replayed from `game`, the position at `id`.
fn check_moves(tree: &Tree<BoardMove>, id: NodeId, game: &MatchGame) -> Result<(), StudyError> {
    // Iterative: a file may hold a line thousands of moves long.
    let mut stack = vec![(id, game.clone())];
    while let Some((id, game)) = stack.pop() {
        for &child in tree.children(id) {
            let Some(&mv) = tree.mv(child) else { continue };
            let mut next = game.clone();
            next.play(mv).map_err(|error| StudyError::IllegalMove {
                depth: tree.path(child).len(),
                mv,
                error,
            })?;
            stack.push((child, next));
        }
    }
    Ok(())
}

/// Why a move could not be played in a study.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StudyMoveError {
    /// The set-up position cannot be played from (a line already stands).
    Unplayable(NotPlayable),
    Rules(MoveError),
}

impl std::fmt::Display for StudyMoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StudyMoveError::Unplayable(e) => e.fmt(f),
            StudyMoveError::Rules(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for StudyMoveError {}

/// Why a study read from a file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StudyError {
    /// Move `depth` of a line (1 = the first move) is not legal there.
    IllegalMove {
        depth: usize,
        mv: BoardMove,
        error: MoveError,
    },
    /// The set-up cannot be played from, yet the tree holds moves.
    MovesFromUnplayable,
}

impl std::fmt::Display for StudyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StudyError::IllegalMove { depth, mv, error } => {
                write!(f, "move {depth} of a line, {mv}, is not legal: {error}")
            }
            StudyError::MovesFromUnplayable => {
                write!(f, "moves follow a position that cannot be played from")
            }
        }
    }
}

impl std::error::Error for StudyError {}
