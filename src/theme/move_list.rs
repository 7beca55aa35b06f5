//! A game's moves as a list of buttons, two to a row, each with its own
//! number: the third move is "3." here as in review's header ("Move 3 of
//! 7 · 3. Red: col 5"), never a row number of pairs. The game panel's list
//! (`hud`) and review's (`review::panel`) are both drawn by [`fill`].

use crate::locale::Locale;
use crate::theme::fonts::size;
use crate::theme::interaction::ButtonMessage;
use crate::theme::palette::Colour;
use crate::theme::widgets;
use bevy::prelude::*;
use lineup_core::rules::BoardMove;

/// A list's row height, in the UI's units.
pub const ROW_HEIGHT: f32 = 22.0;

/// A move as the lists and review's header name it: "col 4" or "h8".
pub fn move_name(locale: &Locale, mv: BoardMove) -> String {
    match mv {
        BoardMove::Column(c) => locale.f("review.column", &[("n", &(c.0 + 1))]),
        BoardMove::Point(p) => p.to_string(),
        BoardMove::Pass => locale.t("review.pass").into(),
    }
}

/// One move of a list: its name with any mark ("col 5??"), and whether it
/// is marked (drawn in the warning colour).
pub struct ListedMove {
    pub label: String,
    pub marked: bool,
}

/// Replaces `list`'s children with the rows of `moves` around `shown` (the
/// number of moves on the board: the move `shown` is highlighted and its
/// row kept in view, near the middle), at most `rows` rows; a click on a
/// move sends `jump(n)` with the number of moves to show (its own number).
pub fn fill<M: ButtonMessage>(
    commands: &mut Commands,
    list: Entity,
    moves: &[ListedMove],
    shown: usize,
    rows: usize,
    width: f32,
    jump: impl Fn(usize) -> M,
) {
    let total_rows = moves.len().div_ceil(2);
    let current_row = shown.saturating_sub(1) / 2;
    let first = current_row
        .saturating_sub(rows / 2)
        .min(total_rows.saturating_sub(rows));
    commands.entity(list).despawn_children();
    let cell = Vec2::new((width - 6.0) / 2.0, ROW_HEIGHT - 2.0);
    let mut lines = Vec::new();
    for r in first..(first + rows).min(total_rows) {
        let mut cells = Vec::new();
        for ply in [2 * r, 2 * r + 1] {
            let Some(listed) = moves.get(ply) else {
                continue;
            };
            let number = ply + 1;
            let colour = if number == shown {
                Colour::Accent
            } else if listed.marked {
                Colour::Warning
            } else {
                Colour::Text
            };
            cells.push(
                commands
                    .spawn(widgets::coloured_button(
                        format!("{number}. {}", listed.label),
                        jump(number),
                        cell,
                        size::CAPTION + 1.0,
                        colour,
                    ))
                    .id(),
            );
        }
        let line = commands
            .spawn(Node {
                flex_direction: FlexDirection::Row,
                column_gap: px(6),
                height: px(ROW_HEIGHT),
                align_items: AlignItems::Center,
                ..default()
            })
            .add_children(&cells)
            .id();
        lines.push(line);
    }
    commands.entity(list).add_children(&lines);
}
