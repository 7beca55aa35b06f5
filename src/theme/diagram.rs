//! Small board diagrams for the How to play screen, drawn with UI nodes
//! (no world-space board): a Connect Four frame with discs, and a Gomoku
//! grid with stones, a winning line ringed and a foul point crossed.

use super::fonts::{Bold, size};
use super::palette::{self, Colour, Palette};
use crate::theme::paint::Ink;
use bevy::ecs::relationship::RelatedSpawnerCommands;
use bevy::prelude::*;
use lineup_core::match_setup::GameKind;
use lineup_core::rules::{ConnectFourSize, Side};

/// Where a diagram's nodes are spawned: a parent's `with_children`.
pub type Spawner<'a> = RelatedSpawnerCommands<'a, ChildOf>;

/// A piece on a diagram: column, row from the bottom, side.
pub type DiagramPiece = (u8, u8, Side);

/// A Connect Four position, `cell` pixels a hole; `line` lists the cells
/// of a four to ring in the accent colour.
pub fn connect_four(
    parent: &mut Spawner,
    palette: &Palette,
    (columns, rows): (u8, u8),
    discs: &[DiagramPiece],
    line: &[(u8, u8)],
    cell: f32,
) {
    let kind = GameKind::ConnectFour {
        size: ConnectFourSize::STANDARD,
    };
    parent
        .spawn((
            Name::new("Diagram"),
            Node {
                width: px(cell * columns as f32 + 8.0),
                height: px(cell * rows as f32 + 8.0),
                padding: UiRect::all(px(4)),
                border_radius: BorderRadius::all(px(8)),
                flex_direction: FlexDirection::ColumnReverse,
                flex_shrink: 0.0,
                ..default()
            },
            BackgroundColor(palette::FRAME),
        ))
        .with_children(|frame| {
            for row in 0..rows {
                frame
                    .spawn(Node {
                        flex_direction: FlexDirection::Row,
                        ..default()
                    })
                    .with_children(|cells| {
                        for column in 0..columns {
                            let disc = discs
                                .iter()
                                .find(|d| (d.0, d.1) == (column, row))
                                .map(|d| palette.piece_colour(kind, d.2));
                            let ringed = line.contains(&(column, row));
                            cells.spawn((
                                Node {
                                    width: px(cell - 6.0),
                                    height: px(cell - 6.0),
                                    margin: UiRect::all(px(3)),
                                    border: UiRect::all(px(if ringed { 3.0 } else { 0.0 })),
                                    border_radius: BorderRadius::MAX,
                                    ..default()
                                },
                                BackgroundColor(disc.unwrap_or(palette.holes)),
                                BorderColor::all(palette.accent),
                            ));
                        }
                    });
            }
        });
}

/// What a Gomoku diagram shows besides its stones.
#[derive(Default)]
pub struct GomokuMarks<'a> {
    /// Points of a winning line, ringed in the accent colour.
    pub line: &'a [(u8, u8)],
    /// A point forbidden to Black, crossed in red.
    pub foul: Option<(u8, u8)>,
}

/// A `lines`×`lines` Gomoku grid, `gap` pixels between lines, with stones.
pub fn gomoku(
    parent: &mut Spawner,
    palette: &Palette,
    lines: u8,
    stones: &[DiagramPiece],
    marks: GomokuMarks,
    gap: f32,
) {
    let margin = gap * 0.7;
    let span = gap * (lines as f32 - 1.0);
    let side = span + 2.0 * margin;
    // The centre of point (x, y), y counted from the bottom, from the
    // diagram's top left.
    let at = |x: u8, y: u8| {
        Vec2::new(
            margin + gap * x as f32,
            margin + gap * (lines - 1 - y) as f32,
        )
    };
    let absolute = |centre: Vec2, size: Vec2| Node {
        position_type: PositionType::Absolute,
        left: px((centre.x - size.x / 2.0).round()),
        top: px((centre.y - size.y / 2.0).round()),
        width: px(size.x.round()),
        height: px(size.y.round()),
        ..default()
    };
    parent
        .spawn((
            Name::new("Diagram"),
            Node {
                width: px(side),
                height: px(side),
                border_radius: BorderRadius::all(px(6)),
                flex_shrink: 0.0,
                ..default()
            },
            BackgroundColor(palette::WOOD),
        ))
        .with_children(|board| {
            for i in 0..lines {
                let x = at(i, 0).x;
                let y = at(0, i).y;
                let mid = margin + span / 2.0;
                board.spawn((
                    absolute(Vec2::new(x, mid), Vec2::new(1.0, span + 1.0)),
                    BackgroundColor(palette::GRID),
                ));
                board.spawn((
                    absolute(Vec2::new(mid, y), Vec2::new(span + 1.0, 1.0)),
                    BackgroundColor(palette::GRID),
                ));
            }
            let stone = gap * 0.86;
            for &(x, y, side) in stones {
                let ringed = marks.line.contains(&(x, y));
                let (fill, rim) = match side {
                    Side::First => (palette::STONE_BLACK, palette::STONE_BLACK),
                    Side::Second => (palette::STONE_WHITE, palette::STONE_WHITE_RIM),
                };
                board.spawn((
                    Node {
                        border: UiRect::all(px(if ringed { 3.0 } else { 1.0 })),
                        border_radius: BorderRadius::MAX,
                        ..absolute(at(x, y), Vec2::splat(stone))
                    },
                    BackgroundColor(fill),
                    BorderColor::all(if ringed { palette.accent } else { rim }),
                ));
            }
            if let Some((x, y)) = marks.foul {
                board.spawn((
                    Node {
                        justify_content: JustifyContent::Center,
                        align_items: AlignItems::Center,
                        ..absolute(at(x, y), Vec2::splat(gap))
                    },
                    children![(
                        Text::new("×"),
                        TextFont::from_font_size(size::HEADING),
                        Bold,
                        TextColor(palette::FORBIDDEN),
                    )],
                ));
            }
        });
}

/// A diagram with its caption underneath.
pub fn captioned(parent: &mut Spawner, caption: &str, draw: impl FnOnce(&mut Spawner)) {
    parent
        .spawn(Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(6),
            ..default()
        })
        .with_children(|column| {
            draw(column);
            column.spawn((
                Text::new(caption),
                TextFont::from_font_size(size::SMALL),
                Ink(Colour::TextDim),
            ));
        });
}
