//! The point marks of the move on show, drawn on the board: a triangle, a
//! square, a circle or a letter over the point (or the disc), in the
//! warning colour so that it reads on either colour of stone.

use super::Studied;
use crate::board::BoardRoot;
use crate::board::connect_four_view;
use crate::board::gomoku_view;
use crate::board::layout::BoardLayout;
use crate::states::{AppSystems, BoardMode};
use crate::theme::fonts::layout_size;
use crate::theme::palette::Palette;
use bevy::prelude::*;
use lineup_core::analysis::setup::Spot;
use lineup_core::analysis::tree::PointMark;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw.in_set(AppSystems::Present)
            .run_if(in_state(BoardMode::Analysis)),
    );
}

#[derive(Component)]
pub struct PointMarkGlyph;

/// The glyph a mark is drawn as.
fn glyph(mark: PointMark) -> String {
    match mark {
        PointMark::Triangle => "△".into(),
        PointMark::Square => "□".into(),
        PointMark::Circle => "○".into(),
        PointMark::Letter(c) => c.to_string(),
    }
}

fn draw(
    mut commands: Commands,
    studied: Option<Res<Studied>>,
    layout: Res<BoardLayout>,
    palette: Res<Palette>,
    root: Single<Entity, With<BoardRoot>>,
    marks: Query<Entity, With<PointMarkGlyph>>,
    mut drawn_on: Local<Option<Entity>>,
) {
    let Some(studied) = studied else { return };
    // Marks change without the position: any change of the study redraws.
    let fresh_board = *drawn_on != Some(*root);
    if !studied.is_changed() && !layout.is_changed() && !fresh_board {
        return;
    }
    *drawn_on = Some(*root);
    for mark in &marks {
        commands.entity(mark).despawn();
    }
    let z = if layout.gomoku {
        gomoku_view::z::MARK + 0.8
    } else {
        connect_four_view::z::GLOW + 0.3
    };
    let font = layout_size((layout.cell * 0.6).clamp(12.0, 32.0));
    for &(spot, mark) in studied.study.tree().point_marks(studied.study.at()) {
        let at = match spot {
            Spot::Point(p) => layout.point_centre(p),
            Spot::Cell(c) => layout.cell_centre(c),
        };
        let entity = commands
            .spawn((
                Name::new("Point mark"),
                PointMarkGlyph,
                DespawnOnExit(BoardMode::Analysis),
                Text2d::new(glyph(mark)),
                TextFont::from_font_size(font),
                TextColor(palette.warning),
                Transform::from_xyz(at.x, at.y, z),
            ))
            .id();
        commands.entity(*root).add_child(entity);
    }
}
