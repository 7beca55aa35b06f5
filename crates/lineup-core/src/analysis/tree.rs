//! The analysis board's variation tree: every move tried from a position is
//! a branch under it, not a new game. Each node holds its move, a comment, a
//! move mark (good, bad, ...) and marks on points (triangle, letter, ...);
//! the first child of a node is its main line, the others are side lines.
//!
//! An arena of nodes addressed by [`NodeId`]: ids stay valid while other
//! branches are added and deleted, so the board can keep "the node shown"
//! across edits. Generic over the move so that it has no rules in it; the
//! analysis board uses `Tree<BoardMove>`.

use super::setup::Spot;
use serde::{Deserialize, Serialize};

/// A node of a [`Tree`]. An id of a deleted node is never given out again,
/// so a stale id finds nothing instead of an unrelated node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct NodeId(u32);

/// What the analyst thinks of a move (SGF's `TE`, `BM`, `IT`, `DO`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveMark {
    Good,
    Bad,
    Interesting,
    Doubtful,
}

impl MoveMark {
    pub const ALL: [MoveMark; 4] = [
        MoveMark::Good,
        MoveMark::Bad,
        MoveMark::Interesting,
        MoveMark::Doubtful,
    ];
}

/// A mark drawn on a point of the board (SGF's `TR`, `SQ`, `CR`, `LB`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PointMark {
    Triangle,
    Square,
    Circle,
    Letter(char),
}

/// One line of the move list, as [`Tree::rows`] gives them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeRow {
    pub id: NodeId,
    /// Moves from the root to this node (1 for a first move): the move number.
    pub depth: usize,
    /// How many side lines deep the node is: 0 on the main line, 1 in a side
    /// line of the main line, and so on.
    pub indent: usize,
    /// Whether the node is not its parent's first child, so that the list can
    /// open a side line here.
    pub starts_side_line: bool,
}

#[derive(Clone, Debug)]
struct Node<M> {
    /// `None` only at the root: the set-up position itself.
    mv: Option<M>,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
    comment: String,
    mark: Option<MoveMark>,
    /// At most one per spot, sorted by spot, so that two trees with the same
    /// marks compare equal however the marks were made.
    point_marks: Vec<(Spot, PointMark)>,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, parent: Option<NodeId>) -> Self {
        Node {
            mv,
            parent,
            children: Vec::new(),
            comment: String::new(),
            mark: None,
            point_marks: Vec::new(),
        }
    }
}

/// The variation tree. Deleted nodes leave an empty slot (see [`NodeId`]).
/// Two trees are equal when they hold the same moves in the same order with
/// the same notes: their node ids are not compared, so a tree read back from
/// a file equals the one written.
#[derive(Clone, Debug)]
pub struct Tree<M> {
    nodes: Vec<Option<Node<M>>>,
}

impl<M: Clone + PartialEq> Default for Tree<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Clone + PartialEq> Tree<M> {
    /// A tree with only its root: the set-up position, no move yet.
    pub fn new() -> Self {
        Tree {
            nodes: vec![Some(Node::new(None, None))],
        }
    }

    pub fn root(&self) -> NodeId {
        NodeId(0)
    }

    fn node(&self, id: NodeId) -> Option<&Node<M>> {
        self.nodes.get(id.0 as usize).and_then(Option::as_ref)
    }

    fn node_mut(&mut self, id: NodeId) -> Option<&mut Node<M>> {
        self.nodes.get_mut(id.0 as usize).and_then(Option::as_mut)
    }

    /// Whether `id` is a node of this tree (not deleted).
    pub fn contains(&self, id: NodeId) -> bool {
        self.node(id).is_some()
    }

    /// How many nodes the tree holds, the root included.
    pub fn len(&self) -> usize {
        self.nodes.iter().flatten().count()
    }

    /// Whether the tree holds nothing but its root.
    pub fn is_empty(&self) -> bool {
        self.children(self.root()).is_empty()
    }

    /// The child of `parent` that plays `mv`: playing a move already tried
    /// goes into its branch instead of making a twin. The new child is a
    /// side line unless `parent` had none. A deleted `parent` takes nothing:
    /// its id comes back unchanged.
    pub fn add(&mut self, parent: NodeId, mv: M) -> NodeId {
        let Some(node) = self.node(parent) else {
            return parent;
        };
        if let Some(&existing) = node.children.iter().find(|&&c| self.mv(c) == Some(&mv)) {
            return existing;
        }
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(Some(Node::new(Some(mv), Some(parent))));
        if let Some(node) = self.node_mut(parent) {
            node.children.push(id);
        }
        id
    }

    /// The move that leads to `id` (`None` at the root).
    pub fn mv(&self, id: NodeId) -> Option<&M> {
        self.node(id).and_then(|n| n.mv.as_ref())
    }

    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).and_then(|n| n.parent)
    }

    /// The main line's continuation first, then the side lines.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        self.node(id).map_or(&[], |n| &n.children)
    }

    /// The moves from the root to `id`: what to play on the set-up position
    /// to show it.
    pub fn path(&self, id: NodeId) -> Vec<M> {
        let mut moves: Vec<M> = self
            .ancestry(id)
            .filter_map(|n| self.mv(n).cloned())
            .collect();
        moves.reverse();
        moves
    }

    /// The nodes from the root down to `id`, both included (empty for a
    /// deleted node): whether a node lies on the way to another.
    pub fn path_ids(&self, id: NodeId) -> Vec<NodeId> {
        let mut ids: Vec<NodeId> = self.ancestry(id).collect();
        ids.reverse();
        ids
    }

    /// `id`, its parent, and so on up to the root.
    fn ancestry(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(self.contains(id).then_some(id), |&n| self.parent(n))
    }

    /// Moves from the root to `id` (0 at the root).
    pub fn depth(&self, id: NodeId) -> usize {
        self.ancestry(id).count().saturating_sub(1)
    }

    /// `from`, then the first child of each node, to the end of its line:
    /// what "forward to the end" walks.
    pub fn main_line(&self, from: NodeId) -> Vec<NodeId> {
        std::iter::successors(self.contains(from).then_some(from), |&n| {
            self.children(n).first().copied()
        })
        .collect()
    }

    /// Makes the line through `id` the main line: `id` becomes its parent's
    /// first child, and so does each of its ancestors, so the line is main
    /// all the way from the root. The other lines keep their order.
    pub fn promote(&mut self, id: NodeId) {
        let line: Vec<NodeId> = self.ancestry(id).collect();
        for child in line {
            let Some(parent) = self.parent(child) else {
                continue;
            };
            if let Some(node) = self.node_mut(parent)
                && let Some(at) = node.children.iter().position(|&c| c == child)
            {
                node.children[..=at].rotate_right(1);
            }
        }
    }

    /// Removes `id` and everything after it; returns its parent, where the
    /// board goes next. The root cannot be deleted (nor a deleted node):
    /// `None`, and nothing changes.
    pub fn delete(&mut self, id: NodeId) -> Option<NodeId> {
        let parent = self.parent(id)?;
        if let Some(node) = self.node_mut(parent) {
            node.children.retain(|&c| c != id);
        }
        let mut doomed = vec![id];
        while let Some(n) = doomed.pop() {
            if let Some(node) = self.nodes.get_mut(n.0 as usize).and_then(Option::take) {
                doomed.extend(node.children);
            }
        }
        Some(parent)
    }

    /// The comment on `id`, empty when it has none.
    pub fn comment(&self, id: NodeId) -> &str {
        self.node(id).map_or("", |n| &n.comment)
    }

    pub fn set_comment(&mut self, id: NodeId, text: impl Into<String>) {
        if let Some(node) = self.node_mut(id) {
            node.comment = text.into();
        }
    }

    pub fn mark(&self, id: NodeId) -> Option<MoveMark> {
        self.node(id).and_then(|n| n.mark)
    }

    pub fn set_mark(&mut self, id: NodeId, mark: Option<MoveMark>) {
        if let Some(node) = self.node_mut(id) {
            node.mark = mark;
        }
    }

    /// The marks drawn on points at `id`, sorted by spot, one per spot.
    pub fn point_marks(&self, id: NodeId) -> &[(Spot, PointMark)] {
        self.node(id).map_or(&[], |n| &n.point_marks)
    }

    /// What a click with a mark tool does: draws `mark` on `spot`, replacing
    /// another mark there, or takes it away when it is already there.
    pub fn toggle_point_mark(&mut self, id: NodeId, spot: Spot, mark: PointMark) {
        let Some(node) = self.node_mut(id) else {
            return;
        };
        match node.point_marks.binary_search_by(|(s, _)| s.cmp(&spot)) {
            Ok(at) if node.point_marks[at].1 == mark => {
                node.point_marks.remove(at);
            }
            Ok(at) => node.point_marks[at].1 = mark,
            Err(at) => node.point_marks.insert(at, (spot, mark)),
        }
    }

    /// Every node but the root, depth-first with the main line first, as the
    /// move list shows them: each with its move number, how far it is
    /// indented and whether it opens a side line.
    pub fn rows(&self) -> Vec<TreeRow> {
        let mut rows = Vec::new();
        // (node, depth, indent) still to visit, the next one last.
        let mut stack: Vec<(NodeId, usize, usize)> = Vec::new();
        let push_children = |stack: &mut Vec<_>, id: NodeId, depth: usize, indent: usize| {
            for (i, &child) in self.children(id).iter().enumerate().rev() {
                stack.push((child, depth + 1, indent + usize::from(i > 0)));
            }
        };
        push_children(&mut stack, self.root(), 0, 0);
        while let Some((id, depth, indent)) = stack.pop() {
            let starts_side_line = self
                .parent(id)
                .is_some_and(|p| self.children(p).first() != Some(&id));
            rows.push(TreeRow {
                id,
                depth,
                indent,
                starts_side_line,
            });
            push_children(&mut stack, id, depth, indent);
        }
        rows
    }

    /// Every node, the root first, then depth-first with the main line first:
    /// each node comes after its parent, the order files are written in.
    pub fn preorder(&self) -> Vec<NodeId> {
        std::iter::once(self.root())
            .chain(self.rows().into_iter().map(|r| r.id))
            .collect()
    }

    /// Whether the two nodes carry the same move and notes (not children).
    fn same_node(&self, a: NodeId, other: &Tree<M>, b: NodeId) -> bool {
        match (self.node(a), other.node(b)) {
            (Some(x), Some(y)) => {
                x.mv == y.mv
                    && x.comment == y.comment
                    && x.mark == y.mark
                    && x.point_marks == y.point_marks
                    && x.children.len() == y.children.len()
            }
            _ => false,
        }
    }
}

impl<M: Clone + PartialEq> PartialEq for Tree<M> {
    fn eq(&self, other: &Self) -> bool {
        let mut pairs = vec![(self.root(), other.root())];
        while let Some((a, b)) = pairs.pop() {
            if !self.same_node(a, other, b) {
                return false;
            }
            pairs.extend(
                self.children(a)
                    .iter()
                    .copied()
                    .zip(other.children(b).iter().copied()),
            );
        }
        true
    }
}

impl<M: Clone + Eq> Eq for Tree<M> {}
