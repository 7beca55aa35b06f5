//! The tree of lines in the panel, as a book prints it: the main line, and
//! after a move each side line indented, in the order of the tree. A click
//! on a move shows it. Marks follow the move ("!", "?", "!?", "?!"), and a
//! move with a comment has "*"; the comment of the move on show is under
//! the list.

use super::panel::INNER;
use super::{AnalysisRequest, Studied};
use crate::locale::Locale;
use crate::states::{AppSystems, BoardMode};
use crate::theme::fonts::size;
use crate::theme::move_list::{ROW_HEIGHT, move_name};
use crate::theme::paint::Ink;
use crate::theme::palette::Colour;
use crate::theme::widgets;
use bevy::prelude::*;
use lineup_core::analysis::tree::{MoveMark, NodeId, Tree};
use lineup_core::rules::BoardMove;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        fill.in_set(AppSystems::Present)
            .run_if(in_state(BoardMode::Analysis)),
    );
}

/// Rows on show at once.
const ROWS: usize = 6;
/// Moves to a row.
const PER_ROW: usize = 4;
/// Indent of a side line, per level (at most three levels shown apart).
const INDENT: f32 = 12.0;

#[derive(Component)]
struct TreeList;

#[derive(Component)]
struct CommentText;

/// The list and the comment under it, for the panel.
pub fn list() -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            row_gap: px(4),
            ..default()
        },
        children![
            (
                Name::new("Tree"),
                TreeList,
                Node {
                    width: px(INNER),
                    height: px(ROWS as f32 * ROW_HEIGHT),
                    flex_direction: FlexDirection::Column,
                    flex_shrink: 0.0,
                    ..default()
                },
            ),
            (
                CommentText,
                Text::new(""),
                TextFont::from_font_size(size::CAPTION),
                Ink(Colour::TextDim),
                // Its room kept when empty: the buttons below stay put.
                Node {
                    max_width: px(INNER),
                    min_height: px(size::CAPTION * 1.3),
                    ..default()
                },
            ),
        ],
    )
}

/// A row of the list: how deep in side lines, and its moves.
#[derive(Debug, PartialEq)]
pub struct ListRow {
    pub indent: usize,
    pub nodes: Vec<NodeId>,
}

/// Where a row of the list starts: with a node (a side line's first move),
/// or after one (the main line going on past a fork).
#[derive(Clone, Copy)]
enum Start {
    With(NodeId),
    After(NodeId),
}

/// The rows of `tree`: the main line from the root, each side line after
/// the move it is an alternative to, indented one more, then the main line
/// going on.
pub fn rows<M: Clone + PartialEq>(tree: &Tree<M>) -> Vec<ListRow> {
    let mut rows = Vec::new();
    // Iterative: a long line must not overflow the stack.
    let mut pending = vec![(Start::After(tree.root()), 0)];
    while let Some((start, indent)) = pending.pop() {
        let mut row = ListRow {
            indent,
            nodes: Vec::new(),
        };
        let push = |row: &mut ListRow, rows: &mut Vec<ListRow>, id: NodeId| {
            if row.nodes.len() == PER_ROW {
                let full = std::mem::take(&mut row.nodes);
                rows.push(ListRow {
                    indent,
                    nodes: full,
                });
            }
            row.nodes.push(id);
        };
        let mut at = match start {
            Start::With(id) => {
                push(&mut row, &mut rows, id);
                id
            }
            Start::After(id) => id,
        };
        loop {
            match tree.children(at) {
                [] => break,
                [only] => {
                    push(&mut row, &mut rows, *only);
                    at = *only;
                }
                [main, sides @ ..] => {
                    push(&mut row, &mut rows, *main);
                    pending.push((Start::After(*main), indent));
                    pending.extend(sides.iter().rev().map(|&n| (Start::With(n), indent + 1)));
                    break;
                }
            }
        }
        if !row.nodes.is_empty() {
            rows.push(row);
        }
    }
    rows
}

fn mark_suffix(mark: Option<MoveMark>) -> &'static str {
    match mark {
        None => "",
        Some(MoveMark::Good) => "!",
        Some(MoveMark::Bad) => "?",
        Some(MoveMark::Interesting) => "!?",
        Some(MoveMark::Doubtful) => "?!",
    }
}

fn label(locale: &Locale, tree: &Tree<BoardMove>, id: NodeId) -> String {
    let number = tree.path(id).len();
    let name = tree
        .mv(id)
        .map_or_else(String::new, |&mv| move_name(locale, mv));
    let commented = if tree.comment(id).is_empty() { "" } else { "*" };
    format!("{number}. {name}{}{commented}", mark_suffix(tree.mark(id)))
}

fn fill(
    mut commands: Commands,
    studied: Option<Res<Studied>>,
    locale: Res<Locale>,
    list: Single<Entity, With<TreeList>>,
    mut comment: Single<&mut Text, With<CommentText>>,
) {
    let Some(studied) = studied.filter(|s| s.is_changed() || locale.is_changed()) else {
        return;
    };
    let tree = studied.study.tree();
    let at = studied.study.at();
    let all = rows(tree);
    let current = all.iter().position(|r| r.nodes.contains(&at)).unwrap_or(0);
    let first = current
        .saturating_sub(ROWS / 2)
        .min(all.len().saturating_sub(ROWS));
    commands.entity(*list).despawn_children();
    let mut spawned = Vec::new();
    for row in all.iter().skip(first).take(ROWS) {
        let indent = row.indent.min(3) as f32 * INDENT;
        let cell = Vec2::new(
            (INNER - indent - 4.0 * 3.0) / PER_ROW as f32,
            ROW_HEIGHT - 2.0,
        );
        let cells: Vec<Entity> = row
            .nodes
            .iter()
            .map(|&id| {
                let colour = if id == at {
                    Colour::Accent
                } else if row.indent > 0 {
                    Colour::TextDim
                } else {
                    Colour::Text
                };
                commands
                    .spawn(widgets::coloured_button(
                        label(&locale, tree, id),
                        AnalysisRequest::Go(id),
                        cell,
                        size::CAPTION,
                        colour,
                    ))
                    .id()
            })
            .collect();
        let line = commands
            .spawn(Node {
                flex_direction: FlexDirection::Row,
                column_gap: px(4),
                padding: UiRect::left(px(indent)),
                height: px(ROW_HEIGHT),
                align_items: AlignItems::Center,
                ..default()
            })
            .add_children(&cells)
            .id();
        spawned.push(line);
    }
    commands.entity(*list).add_children(&spawned);
    comment.0 = tree.comment(at).to_string();
}
